/* The methods of the lessons page in the engine's worker (found by web/worker/engineService.ts). */
import type { PageService } from '../../worker/pageService';
import type { LessonApi } from './protocol';
import { lessonStep } from './service';

export const service: PageService<LessonApi> = (engine) => ({
  lessonStep: (params) => lessonStep(engine, params),
});
