/* The methods of the reorganization page in the engine's worker (found by web/worker/engineService.ts). */
import type { PageService } from '../../worker/pageService';
import type { ReorgApi } from './protocol';
import { reorgStream } from './service';
import { reorgStageBegin } from './stageService';

export const service: PageService<ReorgApi> = (engine, { runs }) => ({
  reorgRun: (params) => reorgStream(engine, params),
  reorgStageBegin: (params) => reorgStageBegin(engine, runs, params),
});
