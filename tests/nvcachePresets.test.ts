/*
 * Experiment presets of the NVCache page: each is a link its codec reads
 * without a problem, and what its description says the run shows is what the
 * engine computes for it (through the page's worker method).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import type { Engine } from '../engine-wasm/binding';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { nvRun } from '../web/pages/nvcache/service';
import { decodeNvSetup, runParams } from '../web/pages/nvcache/setup';
import type { RunResult } from '../web/pages/nvcache/protocol';

const root = new URL('../presets/', import.meta.url);
const DISKS = readdirSync(new URL('disks/', root)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
const FILES = readdirSync(new URL('experiments/', root)).filter((f) => f.startsWith('nvcache-') && f.endsWith('.json'));
const preset = (id: string) => JSON.parse(readFileSync(new URL(`experiments/${id}.json`, root), 'utf8')) as { id: string; url: string; description: string };

let engine: Engine;
beforeAll(async () => { engine = await testEngine(); });

function run(id: string): RunResult {
  const { setup, problems } = decodeNvSetup(preset(id).url, DISKS);
  expect(problems).toEqual([]);
  const disk = loadPresetJson(setup.disk) as { geometry: { sectorBytes: number } };
  return nvRun(engine, runParams(setup, disk, disk.geometry.sectorBytes));
}

const outcomes = (r: RunResult, o: string) => r.with.decisions.filter((d) => d.outcome === o).length;

describe('experiment presets (presets/experiments/nvcache-*.json)', () => {
  it('each is named after its file and opens without a problem', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(4);
    for (const f of FILES) {
      const p = JSON.parse(readFileSync(new URL(`experiments/${f}`, root), 'utf8'));
      expect(p.id).toBe(f.replace(/\.json$/, ''));
      expect(p.url.startsWith('#nvcache?')).toBe(true);
      expect(decodeNvSetup(p.url, DISKS).problems, f).toEqual([]);
    }
  });

  it('random writes: nearly every write redirected, mean write latency about a third of the baseline\'s', () => {
    const r = run('nvcache-random-writes');
    expect(r.with.stats.fracRedirected).toBeGreaterThan(0.95);
    expect(r.normalized).toBeGreaterThan(0.2);
    expect(r.normalized).toBeLessThan(0.45);
    expect(r.with.stats.purgeWrites).toBeGreaterThan(0);
  });

  it('the small FQueue: flush episodes, writes sent to the platter meanwhile, no purging', () => {
    const r = run('nvcache-flush-watermarks');
    expect(r.with.stats.flushEpisodes).toBeGreaterThan(10);
    expect(r.with.stats.noRoom).toBeGreaterThan(0);
    expect(r.with.stats.purgeWrites).toBe(0);
  });

  it('desktop: lower write latency, coalescing; the exact estimator keeps some near writes on the platter', () => {
    const d = run('nvcache-desktop');
    expect(d.normalized).toBeLessThan(1);
    expect(d.with.stats.coalesced).toBeGreaterThan(0);
    const x = run('nvcache-exact-estimator');
    expect(outcomes(x, 'disk')).toBeGreaterThan(outcomes(d, 'disk') + 50);
    expect(outcomes(x, 'flash')).toBeGreaterThan(0);
  });
});
