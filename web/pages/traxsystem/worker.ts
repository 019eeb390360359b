/* The methods of the traxtents-in-systems page in the engine's worker (found by web/worker/engineService.ts). */
import type { PageService } from '../../worker/pageService';
import type { TraxsystemApi } from './protocol';
import { ffsStream, lfsStream, videoStream } from './service';

export const service: PageService<TraxsystemApi> = (engine) => ({
  tsVideo: (params) => videoStream(engine, params),
  tsLfs: (params) => lfsStream(engine, params),
  tsFfs: (params) => ffsStream(engine, params),
});
