/*
 * The validation view's worker method (host + service, in Node): valRun
 * replays a measured trace closed through a preset with progress, returns the
 * same comparison as web/pages/validate run directly (the engine's demerit, both
 * CDFs sorted, the request classes), names a bad argument, and stops between
 * two chunks when cancelled.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { testEngine } from './helpers/engine';
import { loadPresetJson } from './helpers/presets';
import { hostWith as hostWithP } from './helpers/host';
import type { ValProgress, ValRunResult } from '../web/pages/validate/protocol';
import { parseTrace } from '../web/trace/parse';
import { validationRun } from './fidelity/validation';

const FIX = fileURLToPath(new URL('./fixtures/validation/', import.meta.url));

function columnsOf(file: string) {
  const r = parseTrace(new Uint8Array(readFileSync(`${FIX}${file}`)));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const { format: _f, hasService: _h, notes: _n, ...columns } = r.trace;
  return columns;
}

const hostWith = (onPost?: Parameters<typeof hostWithP>[0]) => hostWithP<ValProgress>(onPost);

describe('valRun in the worker', () => {
  it('replays the trace with progress and returns the engine\'s comparison', async () => {
    const { host, finalOf, progressOf } = hostWith();
    await host.receive({ id: 1, method: 'valRun', params: { preset: loadPresetJson('dec-rz26'), columns: columnsOf('dec_rz26.trace') } });
    const f = finalOf(1)!;
    expect(f.ok).toBe(true);
    const r = (f as { result: ValRunResult }).result;
    const e = await testEngine();
    const direct = validationRun(e, 'dec-rz26', 'dec_rz26.trace');
    expect(r.count).toBe(7980);
    expect(r.demeritMs).toBe(direct.demeritMs);
    expect(r.modelMeanMs).toBe(direct.modelMeanMs);
    expect(r.demeritMs).toBe(e.demerit(r.measuredMs, r.simulatedMs).demeritMs);
    for (let i = 1; i < r.count; i++) expect(r.simulatedSorted[i]).toBeGreaterThanOrEqual(r.simulatedSorted[i - 1]);
    expect(Array.from(r.simulatedSorted)).toEqual(Array.from(r.simulatedMs).sort((a, b) => a - b));
    expect(r.classes.filter((c) => c.split === 'cache').reduce((a, c) => a + c.count, 0)).toBe(r.count);
    expect(r.presetName).toBe('DEC RZ26 (1 GB)');
    const p = progressOf(1);
    expect(p.length).toBeGreaterThan(0);
    expect(p.every((x) => x.total === 7980 && x.done <= 7980)).toBe(true);
  });

  it('names a bad argument: a preset field, a column, a request without a measured time', async () => {
    const { host, finalOf } = hostWith();
    const bad = { ...(loadPresetJson('dec-rz26') as object), geometry: 7 };
    await host.receive({ id: 1, method: 'valRun', params: { preset: bad, columns: columnsOf('dec_rz26.trace') } });
    expect((finalOf(1) as { error: { message: string; field?: string } }).error.field).toBe('preset');
    const cols = columnsOf('dec_rz26.trace');
    await host.receive({ id: 2, method: 'valRun', params: { preset: loadPresetJson('dec-rz26'), columns: { ...cols, lbn: [1, 2, 3] } as never } });
    expect((finalOf(2) as { error: { field?: string } }).error.field).toBe('columns.lbn');
    const noTime = columnsOf('dec_rz26.trace');
    noTime.serviceMs[5] = NaN;
    await host.receive({ id: 3, method: 'valRun', params: { preset: loadPresetJson('dec-rz26'), columns: noTime } });
    expect((finalOf(3) as { error: { message: string } }).error.message).toMatch(/trace line 6: no measured response time/);
  });

  it('a cancel stops the replay between two chunks; the worker keeps serving', async () => {
    const { host, finalOf } = hostWith((m, h) => {
      if (m.id === 1 && 'progress' in m) void h.receive({ id: 1, cancel: true });
    });
    await host.receive({ id: 1, method: 'valRun', params: { preset: loadPresetJson('hp-c2247a'), columns: columnsOf('hp_c2247a.trace') } });
    expect((finalOf(1) as { error: { name: string } }).error.name).toBe('AbortError');
    await host.receive({ id: 2, method: 'valRun', params: { preset: loadPresetJson('dec-rz26'), columns: columnsOf('dec_rz26.trace') } });
    expect(finalOf(2)!.ok).toBe(true);
  });
});
