/*
 * The engine worker's host in Node, recording what it posts: a call's final
 * answer and the progress a streamed call yielded (for the worker tests).
 */
import { testEngine } from './engine';
import { EngineHost } from '../../web/worker/host';
import type { FromWorker, ProgressMessage, ResponseMessage } from '../../web/engine/protocol';

export function hostWith<P = unknown>(onPost?: (m: FromWorker, host: EngineHost) => void) {
  const posted: FromWorker[] = [];
  const host: EngineHost = new EngineHost(testEngine, (m) => { posted.push(m); onPost?.(m, host); });
  const finalOf = (id: number) => posted.find((m): m is ResponseMessage => m.id === id && 'ok' in m);
  const progressOf = (id: number) => posted.filter((m): m is ProgressMessage => m.id === id && 'progress' in m).map((m) => m.progress as P);
  return { host, finalOf, progressOf };
}
