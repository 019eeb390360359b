/*
 * sweepWorker.ts — one engine in a Node worker thread for the parallel sweep
 * figure (main.ts): the app's own sweep service (web/pages/traxtents/
 * service.ts) computing one shard of the traxtents Figure 1 sweep per
 * request, as each engine worker of the traxtents page does.
 */
import { parentPort } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { loadEngine } from '../../engine-wasm/binding';
import { sweepStream } from '../../web/pages/traxtents/service';
import type { SweepParams } from '../../web/pages/traxtents/protocol';

const port = parentPort;
if (!port) throw new Error('sweepWorker.ts runs in a worker thread');

export interface ShardJob { params: SweepParams }
/** setupMs: until the sweep's first point could start (disk built, region and track size found). */
export interface ShardDone { points: number; requests: number; ms: number; setupMs: number }

void (async () => {
  const engine = await loadEngine(readFileSync(new URL('../../engine-wasm/build/spindle.wasm', import.meta.url)));
  port.on('message', (job: ShardJob) => {
    const t0 = performance.now();
    const it = sweepStream(engine, job.params);
    let points = 0, requests = 0, setupMs = 0;
    for (let r = it.next(); !r.done; r = it.next()) {
      if (r.value.kind === 'info') setupMs = performance.now() - t0;
      if (r.value.kind === 'point') { points++; requests += r.value.point.completed; }
    }
    const done: ShardDone = { points, requests, ms: performance.now() - t0, setupMs };
    port.postMessage(done);
  });
  port.postMessage('ready');
})();
