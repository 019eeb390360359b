/*
 * reorg.ts — the benchmark row of the reorganization page's run (its worker
 * service, web/pages/reorg/service.ts, reorgStream) in wasm: a
 * published link (presets/experiments/reorg-teaching.json: seconds of
 * simulated time per epoch; reorg-paper.json: five-minute epochs over three
 * simulated hours), both sims epoch by epoch as the page runs them; wall time of the whole stream,
 * simulated epochs per second (an epoch of both runs counts once) and
 * simulated minutes per wall second.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../../engine-wasm/binding';
import { reorgStream } from '../../web/pages/reorg/service';
import { decodeReorgSetup, runParams } from '../../web/pages/reorg/setup';

export interface ReorgFigures { preset: string; link: string; epochs: number; epochMs: number; wallMs: number[]; medianMs: number; epochsPerS: number; simMinPerS: number }

export function reorgRun(engine: Engine, root: string, preset: string, runs: number, log: (m: string) => void): ReorgFigures {
  const link = String(JSON.parse(readFileSync(join(root, `presets/experiments/${preset}.json`), 'utf8')).url);
  const ids = readdirSync(join(root, 'presets/disks')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
  const { setup, problems } = decodeReorgSetup(link, ids);
  if (problems.length) throw new Error(`${preset}.json: ${problems.map((p) => p.message).join('; ')}`);
  const params = runParams(setup, JSON.parse(readFileSync(join(root, 'presets/disks', `${setup.disk}.json`), 'utf8')));
  const once = () => {
    const t0 = performance.now();
    let epochs = 0;
    const g = reorgStream(engine, params);
    for (let r = g.next(); !r.done; r = g.next()) if (r.value.kind === 'epoch') epochs++;
    return { ms: performance.now() - t0, epochs };
  };
  log(`reorg: ${preset}'s two runs, ${setup.epochs} epochs of ${setup.epoch} s, ${runs} runs`);
  const all = Array.from({ length: runs }, once);
  const wallMs = all.map((r) => r.ms);
  const medianMs = [...wallMs].sort((a, b) => a - b)[wallMs.length >> 1];
  const epochs = all[0].epochs;
  return { preset, link, epochs, epochMs: params.epochMs, wallMs, medianMs, epochsPerS: epochs / (medianMs / 1000), simMinPerS: (epochs * params.epochMs) / 60000 / (medianMs / 1000) };
}
