/* The methods of the Atropos page in the engine's worker (found by web/worker/engineService.ts). */
import type { PageService } from '../../worker/pageService';
import type { AtroposApi } from './protocol';
import { atAccess, sweepStream } from './service';
import { figureStream } from './figures';

export const service: PageService<AtroposApi> = (engine) => ({
  atAccess: (params) => atAccess(engine, params),
  atSweep: (params) => sweepStream(engine, params),
  atFigure: (params) => figureStream(engine, params),
});
