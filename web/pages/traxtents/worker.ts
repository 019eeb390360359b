/* The methods of the track-aligned extents page in the engine's worker (found by web/worker/engineService.ts). */
import type { PageService } from '../../worker/pageService';
import type { TraxtentsApi } from './protocol';
import { extractStream, sweepStream } from './service';

export const service: PageService<TraxtentsApi> = (engine) => ({
  traxSweep: (params) => sweepStream(engine, params),
  traxExtract: (params) => extractStream(engine, params),
});
