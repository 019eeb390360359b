/* The methods of the shingled-drive page in the engine's worker (found by web/worker/engineService.ts). */
import type { PageService } from '../../worker/pageService';
import type { SmrApi } from './protocol';
import { smrFigures } from './figures';
import { smrStageBegin } from './stageService';
import { smrSweepStream } from './sweep';
import { smrZoned } from './zoned';

export const service: PageService<SmrApi> = (engine, { runs }) => ({
  smrStageBegin: (params) => smrStageBegin(engine, runs, params),
  smrFigures: (params) => smrFigures(engine, params),
  smrSweep: (params) => smrSweepStream(engine, params),
  smrZoned: (params) => smrZoned(engine, params),
});
