/* The methods of the model ladder page in the engine's worker (found by web/worker/engineService.ts). */
import type { PageService } from '../../worker/pageService';
import type { LadderApi } from './protocol';
import { ladderRunStream } from './service';

export const service: PageService<LadderApi> = (engine) => ({
  ladderRun: (params) => ladderRunStream(engine, params),
});
