/* The methods of the reorganization page in the engine's worker (found by web/worker/engineService.ts). */
import type { PageService } from '../../worker/pageService';
import type { ReorgApi } from './protocol';
import { reorgStream } from './service';

export const service: PageService<ReorgApi> = (engine) => ({
  reorgRun: (params) => reorgStream(engine, params),
});
