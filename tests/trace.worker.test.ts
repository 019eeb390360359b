/*
 * Trace import in the engine's worker (host + service, in Node): the bytes
 * are parsed as a streamed method with progress and cancel; a bad file is an
 * error naming the line and the field; a run replays a trace instead of the
 * synthetic workload (the same results as the replay module on its own), and
 * a 1,000,000-request trace replays to the end slice by slice.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { RESULT, ResultView, WorkloadParam } from '../engine-wasm/binding';
import { hostWith as hostWithP } from './helpers/host';
import { RunService } from '../web/worker/runService';
import { configureSetup } from '../web/state/applySetup';
import { validateDiskPreset } from '../web/state/diskPreset';
import { defaultSetup, withField } from '../web/state/setup';
import type { TraceParsed } from '../web/trace/protocol';
import type { ParseProgress } from '../web/trace/parse';
import { parseTrace } from '../web/trace/parse';
import { TraceReplay } from '../web/trace/replay';

const FIX = fileURLToPath(new URL('./fixtures/trace/', import.meta.url));

const hostWith = (onPost?: Parameters<typeof hostWithP>[0]) => hostWithP<ParseProgress>(onPost);

/** n requests in the command line's CSV: arrivals 30 ms apart (a light load), spread over the first 1,000,000 LBNs. */
function bigTrace(n: number): Uint8Array {
  const parts: string[] = ['time_ms,lbn,sectors,rw'];
  for (let i = 0; i < n; i++) parts.push(`${i * 30},${(i * 7919) % 1_000_000},8,${i % 3 ? 'R' : 'W'}`);
  return new TextEncoder().encode(parts.join('\n'));
}

describe('traceParse in the worker', () => {
  it('parses the file\'s bytes with progress and returns the columns and the preview', async () => {
    const { host, finalOf, progressOf } = hostWith();
    const bytes = bigTrace(300_000);
    await host.receive({ id: 1, method: 'traceParse', params: { bytes } });
    const fin = finalOf(1);
    expect(fin?.ok).toBe(true);
    const r = (fin as { result: TraceParsed }).result;
    expect(r.format).toBe('spindle-requests');
    expect(r.columns.count).toBe(300_000);
    expect(r.preview.count).toBe(300_000);
    expect(r.columns.lbn[299_999]).toBe((299_999 * 7919) % 1_000_000);
    const prog = progressOf(1);
    expect(prog.length).toBeGreaterThan(1);
    expect(prog[prog.length - 1].bytesDone).toBe(bytes.length);
  });

  it('a bad file is an error naming the line and the field', async () => {
    const { host, finalOf } = hostWith();
    await host.receive({ id: 1, method: 'traceParse', params: { bytes: new TextEncoder().encode('R Hit 1 8 1 1\nR Hit 1 0 1 1\n') } });
    const fin = finalOf(1);
    expect(fin?.ok).toBe(false);
    expect((fin as { error: { message: string } }).error.message).toBe("line 2, field sectors: '0' is not a positive number of sectors");
  });

  it('a cancel stops the parse between two slices; the worker keeps serving', async () => {
    const { host, finalOf, progressOf } = hostWith((m, h) => {
      if (m.id === 1 && 'progress' in m) void h.receive({ id: 1, cancel: true });
    });
    await host.receive({ id: 1, method: 'traceParse', params: { bytes: bigTrace(1_000_000) } });
    const fin = finalOf(1);
    expect(fin?.ok).toBe(false);
    expect((fin as { error: { name: string } }).error.name).toBe('AbortError');
    expect(progressOf(1).length).toBe(1);
    await host.receive({ id: 2, method: 'traceParse', params: { bytes: readFileSync(`${FIX}msr.csv`) } });
    expect(finalOf(2)?.ok).toBe(true);
  });
});

describe('a run that replays a trace', () => {
  const preset = loadPresetJson('hp-c2200a');

  it('replays the trace instead of the workload: the replay module\'s results, chunk by chunk', async () => {
    const engine = await testEngine();
    const parsed = parseTrace(readFileSync(`${FIX}atlas_III.head40.trace`));
    if (!parsed.ok) throw new Error('fixture');
    const t = parsed.trace;
    for (let i = 0; i < t.count; i++) t.lbn[i] %= 1_000_000; // the HP C2200A is smaller than the Atlas III
    const setup = withField(defaultSetup(), 'workload.count', 500);
    const svc = new RunService(engine);
    const info = svc.runBegin({ setup, preset, trace: { name: 'atlas', mode: 'closed', columns: t } });
    expect(info.total).toBe(40);
    const got: ResultView[] = [];
    for (;;) {
      const c = svc.runNext({ budgetMs: 1 });
      got.push(new ResultView(c.results, 0, c.resultCount));
      if (c.done) break;
    }
    const ids = got.flatMap((v) => Array.from({ length: v.count }, (_, i) => v.at(i)));
    expect(ids).toHaveLength(40);
    // The same replay, on its own.
    const v = validateDiskPreset(preset);
    if (!v.ok) throw new Error('preset');
    const sim = engine.createSim(setup.seed);
    configureSetup(sim, setup, () => v.preset);
    sim.workloadSet(WorkloadParam.Count, 0);
    const rep = new TraceReplay(sim, t, 'closed');
    rep.outputConfigure(0, 100);
    rep.run();
    const direct = rep.results();
    expect(direct.count).toBe(40);
    ids.forEach((r, i) => expect(r).toEqual(direct.at(i)));
    sim.dispose();
    svc.runEnd();
  });

  it('a 1,000,000-request trace replays to the end in bounded slices, progress growing', async () => {
    const engine = await testEngine();
    const parsed = parseTrace(bigTrace(1_000_000));
    if (!parsed.ok) throw new Error('trace');
    const svc = new RunService(engine);
    const info = svc.runBegin({ setup: defaultSetup(), preset, eventLimit: 0, trace: { name: 'big', mode: 'open', columns: parsed.trace } });
    expect(info.total).toBe(1_000_000);
    const completed: number[] = [];
    let results = 0;
    for (;;) {
      const c = svc.runNext({ budgetMs: 50 });
      results += c.results.byteLength / RESULT.size;
      completed.push(c.completed);
      if (c.done) break;
    }
    expect(results).toBe(1_000_000);
    expect(completed.length).toBeGreaterThan(2);
    expect(completed[completed.length - 1]).toBe(1_000_000);
    const seen = completed.filter((n) => n >= 0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    svc.runEnd();
  }, 120_000);
});
