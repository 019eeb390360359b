/*
 * What the explorer's panels show at the playback's moment (panelState),
 * over a real engine run: a request the engine has finished but the
 * playback has not reached yet is shown unfinished, with the completion the
 * engine reported (not as "not reported yet"); one the playback has passed
 * is complete; the statistics are the engine's snapshot at or before the
 * completions played.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testEngine } from './helpers/engine';
import { runData } from './helpers/runData';
import type { Engine } from '../engine-wasm/binding';
import { Playback } from '../web/run/playback';
import { panelState } from '../web/run/panelState';
import { defaultSetup, withField } from '../web/state/setup';

let engine: Engine;
beforeAll(async () => {
  engine = await testEngine();
});

const run = (count: number) => runData(engine, withField(defaultSetup(), 'workload.count', count), 5);

describe('panelState', () => {
  it('a request finished in the engine but not yet in the playback: unfinished now, with the engine\'s completion time', () => {
    const data = run(20);
    const p = new Playback(data);
    const k = data.resultIndex(2);
    const arrive = data.results.get(k, 'arrivalMs');
    const complete = data.results.get(k, 'completeMs');
    p.advanceTo((arrive + complete) / 2);
    const row = panelState(p).rows.find((r) => r.id === 2);
    expect(row).toBeDefined();
    expect(row!.completeMs).toBeUndefined();
    expect(row!.responseMs).toBeUndefined();
    expect(row!.finishMs).toBe(complete);
    p.advanceTo(complete + 1e-6);
    const done = panelState(p).rows.find((r) => r.id === 2);
    expect(done!.completeMs).toBe(complete);
    expect(done!.responseMs).toBe(data.results.get(k, 'responseMs'));
  });

  it('the statistics are the engine\'s after the completions played, from the first completion on', () => {
    const data = run(2000);
    const p = new Playback(data);
    p.advanceTo(data.results.get(data.resultIndex(0), 'completeMs') + 1e-6);
    expect(p.completed).toBeGreaterThan(0);
    const s = panelState(p).snapshot;
    expect(s).toBeDefined();
    expect(s!.stats.completed).toBeGreaterThan(0);
    expect(s!.stats.completed).toBeLessThanOrEqual(p.completed);
  });
});
