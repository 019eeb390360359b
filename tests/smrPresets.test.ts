/*
 * Experiment presets of the shingled-drive page: each is a link its codec
 * reads without a problem (tests/links.test.ts: it writes it back the same),
 * and what its description says the run shows is what the engine computes
 * for it, through the page's own worker methods (smrFigures for the two
 * drives on one clock, smrZoned for the host-managed drive's commands).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import type { Engine } from '../engine-wasm/binding';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { smrFigures } from '../web/pages/smr/figures';
import { smrZoned } from '../web/pages/smr/zoned';
import { DM_PRESET, HM_PRESET, decodeSmrSetup, driveParams } from '../web/pages/smr/setup';
import type { Figures } from '../web/pages/smr/protocol';

const root = new URL('../presets/experiments/', import.meta.url);
const FILES = readdirSync(root).filter((f) => f.startsWith('smr-') && f.endsWith('.json'));
const preset = (id: string) => JSON.parse(readFileSync(new URL(`${id}.json`, root), 'utf8')) as { id: string; url: string };

let engine: Engine;
beforeAll(async () => { engine = await testEngine(); });

function decoded(id: string) {
  const d = decodeSmrSetup(preset(id).url);
  expect(d.problems).toEqual([]);
  return d;
}

const figures = (id: string): Figures => smrFigures(engine, driveParams(decoded(id).setup, loadPresetJson(DM_PRESET), 512));

describe('experiment presets (presets/experiments/smr-*.json)', () => {
  it('each is named after its file and opens without a problem', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(3);
    for (const f of FILES) {
      const p = JSON.parse(readFileSync(new URL(f, root), 'utf8'));
      expect(p.id).toBe(f.replace(/\.json$/, ''));
      expect(p.format).toBe('spindle-experiment-preset/1');
      expect(decodeSmrSetup(p.url).problems, f).toEqual([]);
    }
  });

  it('random writes: every one appended to the media cache, some wait for band cleans, the twin finishes first', () => {
    const f = figures('smr-random-cliff');
    const n = decoded('smr-random-cliff').setup.n;
    expect(f.smr.completed).toBe(n);
    expect(f.smr.smr).toMatchObject({ mcAppends: n, inPlaceWrites: 0 });
    expect(f.smr.smr!.stalls).toBeGreaterThan(0);
    expect(f.smr.smr!.cleans).toBeGreaterThanOrEqual(f.smr.smr!.stalls);
    expect(f.smr.lastCompletionMs).toBeGreaterThan(f.cmr.lastCompletionMs);
  });

  it('sequential writes: every one in place, no append, no clean, the twin\'s pace', () => {
    const f = figures('smr-sequential');
    const n = decoded('smr-sequential').setup.n;
    expect(f.smr.smr).toMatchObject({ mcAppends: 0, cleans: 0, stalls: 0, inPlaceWrites: n });
    expect(f.smr.mbPerS / f.cmr.mbPerS).toBeCloseTo(1, 2);
  });

  it('zones: the write at the pointer done, the one past it refused with ZBC\'s error, reset, written again', () => {
    const { ops } = decoded('smr-zones-reset');
    const r = smrZoned(engine, { preset: loadPresetJson(HM_PRESET), ops });
    const start = r.zones[2].firstLbn;
    expect(r.outcomes.map((o) => o.status)).toEqual(['ok', 'unaligned-write', 'ok', 'ok']);
    expect(r.outcomes[1].message).toMatch(/UNALIGNED WRITE COMMAND \(ASC\/ASCQ 21h\/04h\)/);
    expect(r.outcomes.map((o) => o.wpAfter - start)).toEqual([2048, 2048, 0, 8]);
  });
});
