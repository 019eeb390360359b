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
import { decodeLadderSetup, encodeLadderSetup, DEFAULT_LADDER_SETUP } from '../web/pages/ladder/setup';
import { parseLadder } from '../web/pages/ladder/ladderFile';
import { LadderError, mean, runRung } from '../web/pages/ladder/ladder';
import { ladderRunStream } from '../web/pages/ladder/service';
import { SWITCHES, effectiveChoices, rungWith } from '../web/pages/ladder/switches';
import { compareRung, referenceRung } from '../web/pages/ladder/ladder';
import type { LadderProgress } from '../web/pages/ladder/protocol';

const LADDER_IDS = ['hp-c2200a', 'hp-97560'];
let e: Engine;
beforeAll(async () => { e = await testEngine(); });

describe('ladder setup codec', () => {
  it('round-trips a setup through the URL', () => {
    const s = { ladder: 'hp-97560', rung: 'b', seed: 7, n: 1200, switches: {} };
    expect(encodeLadderSetup(s)).toBe('#ladder?ladder=hp-97560&rung=b&seed=7&n=1200');
    expect(decodeLadderSetup(encodeLadderSetup(s), LADDER_IDS)).toEqual({ setup: s, problems: [] });
    const turned = { ...s, switches: { seek: 'on', sw: 'none' } };
    expect(encodeLadderSetup(turned)).toBe('#ladder?ladder=hp-97560&rung=b&seed=7&n=1200&seek=on&sw=none');
    expect(decodeLadderSetup(encodeLadderSetup(turned), LADDER_IDS)).toEqual({ setup: turned, problems: [] });
  });
  it('a bad switch names its field and is left as the rung sets it', () => {
    const { setup, problems } = decodeLadderSetup('#ladder?ladder=hp-c2200a&rung=b&seek=sideways&rot=off', LADDER_IDS);
    expect(setup.switches).toEqual({ rot: 'off' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ field: 'switches.seek', used: 'as the rung sets it' });
    expect(problems[0].message).toMatch(/^Feature: linear seek: "sideways" is not a known value; enter one of off, on/);
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

describe('the feature switches, one at a time', () => {
  const c2200 = () => loadLadder('hp-c2200a');
  const rungOf = (id: string, l = c2200()) => l.rungs.find((r) => r.id === id)!;
  const options = (disk: Record<string, number>) => Object.fromEntries(SWITCHES.map((s) => [s.key, s.of(disk)]));

  it('each rung\'s parameters read back as the switches the page shows', () => {
    expect(options(rungOf('a').disk)).toMatchObject({ const: 'on', seek: 'off', sw: 'detailed', rot: 'off', rcache: 'off' });
    expect(options(rungOf('b').disk)).toEqual({ const: 'off', seek: 'on', sw: 'none', rot: 'on', layout: 'on', xfer: 'on', rcache: 'off', wcache: 'off' });
    expect(options(rungOf('c').disk)).toMatchObject({ seek: 'off', sw: 'fixed', rot: 'on' });
    expect(options(rungOf('d').disk)).toEqual({ const: 'off', seek: 'off', sw: 'detailed', rot: 'off', layout: 'off', xfer: 'off', rcache: 'off', wcache: 'off' });
    expect(options(rungOf('a', loadLadder('hp-97560')).disk)).toMatchObject({ rcache: 'on', wcache: 'on' });
  });

  it('turning one switch changes only its own parameters; values come from the rung, another rung, or the paper', () => {
    const l = c2200();
    expect(rungWith(l, rungOf('b'), { seek: 'off' })!.disk).toEqual({ switch_model: 2, rotation_model: 1, layout_model: 1, transfer_model: 1 });
    expect(rungWith(l, rungOf('b'), { rot: 'off' })!.disk).toEqual({ seek_linear: 1, switch_model: 2, layout_model: 1, transfer_model: 1 });
    expect(rungWith(l, rungOf('d'), { sw: 'fixed' })!.disk).toEqual({ switch_model: 1, switch_fixed_ms: 2.5 });         // rung c's 2.5 ms
    expect(rungWith(l, rungOf('c'), { sw: 'detailed' })!.disk).toEqual({ rotation_model: 1, layout_model: 1, transfer_model: 1 });
    expect(rungWith(l, rungOf('d'), { const: 'on' })!.disk).toEqual({ constant_ms: 25.35 });                          // rung a's
    expect(rungWith(l, rungOf('d'), { rcache: 'on', xfer: 'on' })!.disk).toEqual({ cache_segments: 0, transfer_model: 1 });
    const l97 = loadLadder('hp-97560');
    expect(rungWith(l97, rungOf('b', l97), { const: 'on' })!.disk).toEqual({ constant_ms: l97.paper.realMeanMs });  // no rung sets one
    expect(rungWith(l97, rungOf('a', l97), { wcache: 'off' })!.disk).toEqual({ cache_segments: 0 });
    expect(() => rungWith(l97, rungOf('b', l97), { sw: 'fixed' })).toThrow(/^sw: /);                               // no fixed cost in this ladder
    const t = rungWith(l, rungOf('b'), { seek: 'off' })!;
    expect([t.id, t.label]).toEqual(['b*', 'simple model, with linear seek off']);
    expect(rungWith(l, rungOf('d'), { sw: 'fixed', const: 'on' })!.label).toBe('+ rotation position (final model), with constant service time on (25.35 ms), head and track switches a fixed cost each (2.5 ms)');
  });

  it('a choice equal to the rung\'s own is no change, and unknown keys or options are dropped', () => {
    expect(rungWith(c2200(), rungOf('b'), { seek: 'on', sw: 'none' })).toBeNull();
    expect(effectiveChoices(rungOf('b'), { seek: 'on', rot: 'off', warp: 'on', layout: 'sideways' })).toEqual({ rot: 'off' });
  });

  it('the turned rung runs in the worker against the reference, as the same parameters run directly do, and differs from the rung', () => {
    const l = c2200(), preset = loadPreset('hp-c2200a');
    const wl = { ...l.workload, count: 400 };
    const turned = rungWith(l, rungOf('b'), { seek: 'off' })!;
    const steps = ladderRunStream(e, { ladder: { ...JSON.parse(JSON.stringify(l)), format: 'spindle-ladder/1', rungs: [referenceRung(l), turned] }, preset, seed: 1, count: 400 });
    let s = steps.next();
    while (!s.done) s = steps.next();
    const got = s.value.find((r) => r.id === 'b*')!;
    const ref = runRung(e, preset, referenceRung(l), wl, 1);
    expect(got).toEqual(compareRung(e, 'b*', ref, runRung(e, preset, { ...rungOf('b'), disk: { switch_model: 2, rotation_model: 1, layout_model: 1, transfer_model: 1 } }, wl, 1)));
    expect(got.meanMs).not.toBeCloseTo(mean(runRung(e, preset, rungOf('b'), wl, 1)), 3);
  });
});
