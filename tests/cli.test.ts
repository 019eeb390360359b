/*
 * The command-line runner (tools/sim.ts): its numbers are the engine's (same
 * setup run directly through the binding), version 1 and version 2 files run
 * the same, and bad input (a bad field, a region off the end of the disk, a
 * setup the engine refuses) is a message naming what is wrong and exit code 2.
 */
import { describe, it, expect } from 'vitest';
import { runTool } from './helpers/cli';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { WorkloadParam } from '../engine-wasm/binding';
import { parseTrace } from '../web/trace/parse';
import { TraceReplay } from '../web/trace/replay';
import { configureSetup } from '../web/state/applySetup';
import { setupFromJson } from '../web/state/setupJson';
import { fidelityEngine, loadPreset } from './fidelity/context';

const dir = mkdtempSync(join(tmpdir(), 'spindle-cli-'));
const setupText = JSON.stringify({ format: 'spindle-setup', version: 1, preset: 'hp-c2200a', seed: 7,
  workload: { count: 300, outstanding: 2 } });
const setupFile = join(dir, 'setup.json');
writeFileSync(setupFile, setupText);

function write(name: string, doc: unknown): string {
  const f = join(dir, name);
  writeFileSync(f, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return f;
}

const cli = (...args: string[]) => runTool('sim', ...args);

describe('npm run sim', () => {
  it('prints the statistics the engine computes for the setup; a version 2 file runs the same', async () => {
    const r = cli(setupFile, '--json');
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.out);
    const e = await fidelityEngine();
    const { setup } = setupFromJson(setupText);
    const sim = e.createSim(7);
    configureSetup(sim, setup, loadPreset);
    while (sim.run() !== 0) { /* until done */ }
    expect(printed.stats).toEqual(sim.statsGet(-1));
    expect(printed.stats.completed).toBe(300);
    sim.dispose();

    const v2 = write('v2.json', { format: 'spindle-setup', version: 2, seed: 7,
      devices: [{ kind: 'disk', preset: 'hp-c2200a', overrides: { scheduler: 'fcfs', queueDepth: 1 } }], workload: { count: 300, outstanding: 2 } });
    const r2 = cli(v2, '--json');
    expect(r2.code).toBe(0);
    expect(JSON.parse(r2.out).stats).toEqual(printed.stats);
  }, 90_000);

  it('names the field of a bad setup and exits 2 without running', () => {
    const bad = write('bad.json', { format: 'spindle-setup', version: 1, preset: 'no-such-disk' });
    const r = cli(bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/devices\[0\]\.preset: .*"no-such-disk" does not exist/);
  }, 60_000);

  it('checks the region against the disk\'s capacity (the engine\'s) and exits 2 naming the field', () => {
    // hp-c2200a holds 1,309,896 LBNs.
    const bad = write('region.json', { format: 'spindle-setup', version: 2, devices: [{ preset: 'hp-c2200a' }],
      workload: { count: 10, regionFirstLbn: 1_309_000, regionLbns: 5000 } });
    const r = cli(bad);
    expect(r.code).toBe(2);
    expect(r.err.trim()).toMatch(/^workload\.regionLbns: Region length \(LBNs\): 5000 from LBN 1\u202f309\u202f000 runs past the volume's 1\u202f309\u202f896 LBNs/);
    expect(r.out).toBe('');
  }, 60_000);

  it('an error the engine raises is a message and exit 2, not a stack trace', () => {
    // A trace request past the end of the disk: the engine refuses it.
    const trace = write('far.csv', '0,99999999999,8,R\n');
    const r = cli(setupFile, '--trace', trace);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/far\.csv: trace line 1: lbn 99999999999 \+ 8 sectors runs past the last block of the volume/);
    expect(r.err).not.toMatch(/\n\s+at /);
    // A setup the engine refuses while running (more requests in flight than it holds) is no stack trace either.
    const open = write('open.json', { format: 'spindle-setup', version: 2, devices: [{ preset: 'hp-c2200a' }],
      workload: { count: 200000, arrivals: 'open', ratePerS: 1000000 } });
    const o = cli(open);
    expect(o.code).toBe(2);
    expect(o.err).toMatch(/^the engine refused it: .*requests in flight.* \(the setup's workload\.ratePerS\)$/m);
    expect(o.err).not.toMatch(/\n\s+at /);
  }, 90_000);

  it('replays a trace of any format the importer reads: the engine\'s statistics for that replay', async () => {
    // A DiskSim validate trace replays closed by default (DiskSim's validate mode), as TraceReplay does here.
    const fixture = 'tests/fixtures/trace/dec_rz26.head25.trace';
    const big = write('big.json', { format: 'spindle-setup', version: 2, seed: 4, devices: [{ preset: 'quantum-atlas-10k' }] });
    const r = cli(big, '--json', '--trace', fixture);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.out);
    expect(printed.trace).toMatchObject({ format: 'disksim-validate', requests: 25, replay: 'closed' });
    const e = await fidelityEngine();
    for (const mode of ['closed', 'open'] as const) {
      const { setup } = setupFromJson(readFileSync(big, 'utf8'));
      const sim = e.createSim(4);
      configureSetup(sim, setup, loadPreset);
      sim.workloadSet(WorkloadParam.Count, 0);
      const parsed = parseTrace(readFileSync(fixture));
      if (!parsed.ok) throw new Error('fixture');
      const rep = new TraceReplay(sim, parsed.trace, mode);
      rep.outputConfigure(0, 4096);
      while (rep.run() !== 0) { /* until done */ }
      const out = mode === 'closed' ? printed : JSON.parse(cli(big, '--json', '--trace', fixture, '--replay', 'open').out);
      expect(out.stats).toEqual(sim.statsGet(-1));
      expect(out.stats.completed).toBe(25);
      sim.dispose();
    }
    // Every other format runs too (open replay, the table).
    for (const f of ['disksim-ascii.trace', 'blkparse.txt', 'msr.csv', 'spindle-requests.csv']) {
      const t = cli(big, '--trace', `tests/fixtures/trace/${f}`);
      expect(t.code, f).toBe(0);
      expect(t.out, f).toMatch(/open replay/);
    }
  }, 120_000);

  it('a bad trace names the file, the line and the field; bad options are named', () => {
    const bad = write('bad.trace', 'R Hit 100 8 1000 1000\nR Hit 200 8 1000 1000\nW Hit 300 -4 1000 1000\n');
    const r = cli(setupFile, '--trace', bad);
    expect(r.code).toBe(2);
    expect(r.err.trim()).toBe(`${bad}: line 3, field sectors: '-4' is not a positive number of sectors`);
    expect(cli(setupFile, '--trace', bad, '--replay', 'sideways').err.trim()).toBe('--replay: "sideways" is neither open nor closed');
    expect(cli(setupFile, '--replay', 'open').err.trim()).toMatch(/^--replay and --format go with --trace/);
  }, 60_000);
});
