/* The methods of the NVCache page in the engine's worker (found by web/worker/engineService.ts). */
import type { PageService } from '../../worker/pageService';
import type { NvcacheApi } from './protocol';
import { nvRun, nvSweepStream } from './service';
import { nvStageBegin } from './stageService';

export const service: PageService<NvcacheApi> = (engine, { runs }) => ({
  nvRun: (params) => nvRun(engine, params),
  nvSweep: (params) => nvSweepStream(engine, params),
  nvStageBegin: (params) => nvStageBegin(engine, runs, params),
});
