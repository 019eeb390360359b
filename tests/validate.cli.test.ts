/*
 * `npm run validate` (tools/validate.ts): the printed table's figures are the
 * engine's for the same closed replay (run here through web/pages/validate), the
 * demerit also as DiskSim's rms.c computes it, DiskSim's rms is named for a DiskSim trace, and bad input — a bad trace line, an
 * unknown preset, a trace without measured times — is a message naming what
 * is wrong and exit code 2.
 */
import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WorkloadParam } from '../engine-wasm/binding';
import { configureDisk } from '../web/state/diskPreset';
import { parseTrace } from '../web/trace/parse';
import { validateTrace } from '../web/pages/validate/validate';
import { disksimRms } from '../web/pages/validate/disksimRms';
import { revolutions } from '../web/pages/validate/revolutions';
import { fidelityEngine, loadPreset } from './fidelity/context';
import { runTool } from './helpers/cli';

const dir = mkdtempSync(join(tmpdir(), 'spindle-validate-'));
const FULL = fileURLToPath(new URL('./fixtures/validation/hp_c2247a.trace', import.meta.url));
/** The first 300 requests of the HP C2247A's measured trace (the name keeps its drive: DiskSim's rms is known). */
const small = join(dir, 'hp_c2247a.head300.trace');
writeFileSync(small, readFileSync(FULL, 'utf8').split('\n').slice(0, 300).join('\n') + '\n');
const validate = (...args: string[]) => runTool('validate', ...args);

async function engineFigures(presetId: string, file: string) {
  const parsed = parseTrace(new Uint8Array(readFileSync(file)));
  if (!parsed.ok) throw new Error('fixture');
  const e = await fidelityEngine();
  const sim = e.createSim(1);
  configureDisk(sim, loadPreset(presetId));
  sim.workloadSet(WorkloadParam.Count, 0);
  const v = validateTrace(e, sim, parsed.trace);
  sim.dispose();
  return v;
}

describe('npm run validate', () => {
  it('prints the table: requests, means, demerit and DiskSim\'s rms, the engine\'s figures', async () => {
    const v = await engineFigures('hp-c2247a', small);
    const e = await fidelityEngine();
    const r = validate('hp-c2247a', small);
    expect(r.code).toBe(0);
    const row = (k: string) => r.out.split('\n').find((l) => l.startsWith(k))?.slice(k.length).trim();
    expect(r.out.split('\n')[0]).toBe(`hp-c2247a (HP C2247A (1 GB)) vs ${small}`);
    expect(row('requests')).toBe('300 (closed replay: one outstanding, think times from the trace)');
    expect(row('measured mean')).toBe(`${v.measuredMeanMs.toFixed(3)} ms`);
    expect(row('model mean')).toMatch(new RegExp(`^${v.modelMeanMs.toFixed(3)} ms \\([+-]${Math.abs(100 * v.meanError).toFixed(2)} % of measured\\)$`));
    expect(row('demerit')).toBe(`${v.demeritMs.toFixed(3)} ms (${(100 * v.demeritRelative).toFixed(2)} % of the measured mean)`);
    const rmsDiskSimWay = disksimRms(v.measuredMs, v.simulatedMs);
    expect(row('the same, as DiskSim computes rms')).toBe(`${rmsDiskSimWay.toFixed(3)} ms (statdefs' buckets, 1 % wide, and rms.c's interpolation)`);
    expect(row('DiskSim rms, same trace')).toBe("0.090 ms (DiskSim's HP_C2247_validate, HP C2247A)");
    expect(row('model: cache hits')).toBe(`${v.breakdown.cacheHits} of 300`);
    expect(r.out).toMatch(/largest shares of the difference {2,}(reads|writes) /);
    const revs = revolutions(v, 60_000 / loadPreset('hp-c2247a').geometry.rpm, (m, s) => e.demerit(m, s).demeritMs);
    expect(row('a revolution off')).toBe(`${revs.later} requests end half a revolution or more later in the model, ${revs.earlier} ` +
      `earlier; demerit with them at the drive's times ${revs.demeritWithoutMs.toFixed(3)} ms`);

    const j = validate('hp-c2247a', small, '--json');
    expect(j.code).toBe(0);
    const printed = JSON.parse(j.out);
    expect(printed.demeritMs).toBe(v.demeritMs);
    expect(printed.modelMeanMs).toBe(v.modelMeanMs);
    expect(printed.disksimMethodRmsMs).toBe(rmsDiskSimWay);
    expect(printed.revolutions).toEqual(revs);
    expect(printed.disksim.rmsMs).toBe(0.09);
    expect(printed.classes.filter((c: { split: string }) => c.split === 'cache').reduce((a: number, c: { count: number }) => a + c.count, 0)).toBe(300);
  }, 60_000);

  it('a bad trace line, an unknown preset, a trace without measured times: named, exit code 2', () => {
    const bad = join(dir, 'bad.trace');
    writeFileSync(bad, 'R Hit 100 8 1000.0 2000.0\nR Hit 108 0 1000.0 2000.0\n');
    const r = validate('hp-c2247a', bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/line 2, field sectors/);

    const u = validate('no-such-disk', small);
    expect(u.code).toBe(2);
    expect(u.err).toMatch(/^preset no-such-disk: no such preset/);

    const csv = join(dir, 'plain.csv');
    writeFileSync(csv, 'time_ms,lbn,sectors,rw\n0,100,8,R\n5,200,8,W\n');
    const n = validate('hp-c2247a', csv);
    expect(n.code).toBe(2);
    expect(n.err).toMatch(/records no measured response times/);

    const far = join(dir, 'far.trace');
    writeFileSync(far, 'R Hit 99999999 8 1000.0 2000.0\n');
    const f = validate('hp-c2247a', far);
    expect(f.code).toBe(2);
    expect(f.err).toMatch(/trace line 1: lbn 99999999/);

    // A file past the importer's cap is refused by its size, before it is read (a sparse
    // file: its 300 MiB of zeros would not parse as a trace if they were read).
    const huge = join(dir, 'huge.trace');
    writeFileSync(huge, '');
    truncateSync(huge, 300 * 1024 * 1024);
    const h = validate('hp-c2247a', huge);
    expect(h.code).toBe(2);
    expect(h.err).toMatch(/huge\.trace: the file: the file is 300\.0 MiB; the importer reads at most 256\.0 MiB/);
  }, 60_000);
});
