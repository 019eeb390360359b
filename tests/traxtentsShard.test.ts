/* A sweep split into shards (as the page splits it over its engine workers)
 * gives exactly the points of the whole sweep, each once. */
import { describe, it, expect } from 'vitest';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { sweepStream } from '../web/pages/traxtents/service';
import type { SweepParams } from '../web/pages/traxtents/protocol';
import type { SweepPoint } from '../web/pages/traxtents/sweep';

function pointsOf(params: SweepParams, engine: Awaited<ReturnType<typeof testEngine>>): SweepPoint[] {
  const it = sweepStream(engine, params);
  const out: SweepPoint[] = [];
  for (let r = it.next(); !r.done; r = it.next()) if (r.value.kind === 'point') out.push(r.value.point);
  return out;
}

describe('sharded sweep', () => {
  it('three shards together are the whole sweep, point for point', async () => {
    const engine = await testEngine('full');
    const params: SweepParams = { preset: loadPresetJson('hp-c2200a'), q: 2, zl: 'preset', n: 40, seed: 7, points: 5 };
    const whole = pointsOf(params, engine);
    const parts = [0, 1, 2].map((index) => pointsOf({ ...params, shard: { index, count: 3 } }, engine));
    for (const p of parts) expect(p.length).toBeGreaterThan(0);
    const key = (p: SweepPoint) => `${p.series}:${p.index}`;
    const merged = parts.flat().sort((a, b) => key(a).localeCompare(key(b)));
    expect(merged).toEqual([...whole].sort((a, b) => key(a).localeCompare(key(b))));
  });

  it('rejects a shard outside its count', async () => {
    const engine = await testEngine('full');
    const params: SweepParams = { preset: loadPresetJson('hp-c2200a'), q: 1, zl: 'preset', n: 10, seed: 1, points: 3, shard: { index: 3, count: 3 } };
    expect(() => pointsOf(params, engine)).toThrow(/shard.index/);
  });
});
