/* The methods of the homework page in the engine's worker (found by web/worker/engineService.ts). */
import type { PageService } from '../../worker/pageService';
import type { HomeworkApi } from './protocol';
import { hwRun } from './service';

export const service: PageService<HomeworkApi> = (engine) => ({
  hwRun: (params) => hwRun(engine, params),
});
