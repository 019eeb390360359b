/* The methods of the validation page in the engine's worker (found by web/worker/engineService.ts). */
import type { PageService } from '../../worker/pageService';
import type { ValidateApi } from './protocol';
import { valRunStream } from './service';

export const service: PageService<ValidateApi> = (engine) => ({
  valRun: (params) => valRunStream(engine, params),
});
