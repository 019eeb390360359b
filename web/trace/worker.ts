/* Trace import's method in the engine's worker (loaded on its first call: web/worker/lazyService.ts). */
import type { PageService } from '../worker/pageService';
import type { TraceApi } from './protocol';
import { traceParseStream } from './service';

export const service: PageService<TraceApi> = () => ({
  traceParse: (params) => traceParseStream(params),
});
