/* The methods of the Atropos page in the engine's worker (found by web/worker/engineService.ts). */
import type { PageService } from '../../worker/pageService';
import type { AtroposApi } from './protocol';
import { atAccess, sweepStream } from './service';
import { figureStream } from './figures';
import { atStageBegin } from './stageRun';

export const service: PageService<AtroposApi> = (engine, { runs }) => ({
  atAccess: (params) => atAccess(engine, params),
  atSweep: (params) => sweepStream(engine, params),
  atFigure: (params) => figureStream(engine, params),
  atStageBegin: (params) => atStageBegin(engine, runs, params),
});
