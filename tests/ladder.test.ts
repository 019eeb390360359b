/*
 * The ladder page's pieces: the URL codec (round trip; a bad value names its
 * field and falls back), the ladder file reader (errors name the field), the
 * runner (a rung's switches reach the engine before commit; an unknown
 * parameter is refused by name) and the worker service (streams each rung,
 * the reference first with no demerit; bad arguments named).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '../engine-wasm/binding';
import { testEngine } from './helpers/engine';
import { loadLadder } from './fidelity/ladder';
import { loadPreset } from './fidelity/context';
import { decodeLadderSetup, encodeLadderSetup, DEFAULT_LADDER_SETUP } from '../web/experiments/ladder/setup';
import { parseLadder } from '../web/experiments/ladder/ladderFile';
import { LadderError, mean, runRung } from '../web/experiments/ladder/ladder';
import { ladderRunStream } from '../web/experiments/ladder/service';
import type { LadderProgress } from '../web/experiments/ladder/protocol';

const LADDER_IDS = ['hp-c2200a', 'hp-97560'];
let e: Engine;
beforeAll(async () => { e = await testEngine(); });

describe('ladder setup codec', () => {
  it('round-trips a setup through the URL', () => {
    const s = { ladder: 'hp-97560', rung: 'b', seed: 7, n: 1200 };
    expect(decodeLadderSetup(encodeLadderSetup(s), LADDER_IDS)).toEqual({ setup: s, problems: [] });
  });
  it('a bad value names its field and falls back to the default', () => {
    const { setup, problems } = decodeLadderSetup('#ladder?ladder=hp-c2200a&n=5', LADDER_IDS);
    expect(setup.n).toBe(DEFAULT_LADDER_SETUP.n);
    expect(problems.map((p) => p.field)).toEqual(['n']);
  });
});

describe('ladder files', () => {
  it('an error names the field', () => {
    const doc = structuredClone(loadLadder('hp-c2200a')) as unknown as { rungs: { paper: { demeritMs: unknown } }[]; format: string };
    doc.format = 'spindle-ladder/1';
    doc.rungs[1].paper.demeritMs = 'x';
    expect(() => parseLadder(doc)).toThrow(/^rungs\[1\]\.paper\.demeritMs: /);
  });
});

describe('the runner', () => {
  const ladder = () => loadLadder('hp-c2200a');
  const wl = () => ({ ...ladder().workload, count: 300 });
  it('a constant rung takes exactly its constant; the switches reach the engine', () => {
    const a = ladder().rungs.find((r) => r.id === 'a')!;
    const t = runRung(e, loadPreset('hp-c2200a'), a, wl(), 1);
    expect(t.length).toBe(300);
    for (const x of t) expect(x).toBeCloseTo(a.disk.constant_ms, 9);
    const d = ladder().rungs.find((r) => r.id === 'd')!;
    expect(mean(runRung(e, loadPreset('hp-c2200a'), d, wl(), 1))).not.toBeCloseTo(a.disk.constant_ms, 3);
  });
  it('an unknown engine parameter is refused by name', () => {
    const bad = { ...ladder().rungs[0], disk: { no_such_switch: 1 } };
    expect(() => runRung(e, loadPreset('hp-c2200a'), bad, wl(), 1)).toThrow(LadderError);
    expect(() => runRung(e, loadPreset('hp-c2200a'), bad, wl(), 1)).toThrow(/rungs\.a\.disk\.no_such_switch/);
  });
});

describe('the worker service', () => {
  const json = () => JSON.parse(JSON.stringify(loadLadder('hp-c2200a'))) as Record<string, unknown>;
  it('streams the reference first, then each rung, and returns them in the ladder order', () => {
    const steps = ladderRunStream(e, { ladder: { ...json(), format: 'spindle-ladder/1' }, preset: loadPreset('hp-c2200a'), seed: 1, count: 400 });
    const seen: LadderProgress[] = [];
    let s = steps.next();
    while (!s.done) { seen.push(s.value); s = steps.next(); }
    const finished = seen.filter((p) => p.running === null).map((p) => p.done.at(-1)!.id);
    expect(finished).toEqual(['d', 'a', 'b', 'c']);
    expect(s.value.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(s.value[3].demeritMs).toBe(0);
    for (const r of s.value.slice(0, 3)) expect(r.demeritMs).toBeGreaterThan(0);
    // The bridge transfers (detaches) what it posts: no two messages may share an array.
    const buffers = [...seen.flatMap((p) => p.done), ...s.value].map((r) => r.sorted.buffer);
    expect(new Set(buffers).size).toBe(buffers.length);
  });
  it('refuses a bad count and a bad ladder by name', () => {
    const run = (p: Record<string, unknown>) => () => ladderRunStream(e, { ladder: { ...json(), format: 'spindle-ladder/1' }, preset: loadPreset('hp-c2200a'), seed: 1, count: 400, ...p }).next();
    expect(run({ count: -1 })).toThrow(/count/);
    expect(run({ ladder: { format: 'nope' } })).toThrow(/ladder\.format/);
  });
});
