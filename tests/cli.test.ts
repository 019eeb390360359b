/*
 * The command-line runner (tools/sim.ts): its numbers are the engine's (same
 * setup run directly through the binding), version 1 and version 2 files run
 * the same, and bad input (a bad field, a region off the end of the disk, a
 * setup the engine refuses) is a message naming what is wrong and exit code 2.
 */
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTrace } from '../tools/sim';
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

function cli(...args: string[]): { out: string; err: string; code: number } {
  try {
    return { out: execFileSync('npx', ['tsx', 'tools/sim.ts', ...args], { encoding: 'utf8', stdio: 'pipe' }), err: '', code: 0 };
  } catch (e) {
    const x = e as { stdout: string; stderr: string; status: number };
    // npx's own warnings about the machine's npm configuration are not the runner's output.
    return { out: x.stdout, err: x.stderr.replace(/^npm warn .*\n/gm, ''), code: x.status };
  }
}

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
    expect(r.err).toMatch(/far\.csv: request 1: /);
    expect(r.err).not.toMatch(/\n\s+at /);
    // A setup the engine refuses while running (more requests in flight than it holds) is no stack trace either.
    const open = write('open.json', { format: 'spindle-setup', version: 2, devices: [{ preset: 'hp-c2200a' }],
      workload: { count: 200000, arrivals: 'open', ratePerS: 1000000 } });
    const o = cli(open);
    expect(o.code).toBe(2);
    expect(o.err).toMatch(/^the engine refused it: .*requests in flight.* \(the setup's workload\.ratePerS\)$/m);
    expect(o.err).not.toMatch(/\n\s+at /);
  }, 90_000);

  it('parses traces and names the line and column at fault', () => {
    expect(parseTrace('time_ms,lbn,sectors,rw\n0,10,8,R\n1.5,20,16,w\n\n')).toEqual([
      { time: 0, lbn: 10, sectors: 8, write: false }, { time: 1.5, lbn: 20, sectors: 16, write: true }]);
    expect(() => parseTrace('0,10,8,R\n1,-4,8,R', 't.csv')).toThrow('t.csv:2: lbn "-4" must be a whole number >= 0');
    expect(() => parseTrace('0,10,8', 't.csv')).toThrow('t.csv:1: expected 4 fields');
    expect(() => parseTrace('0,10,8,X', 't.csv')).toThrow('direction "X" must be R or W');
  });

  it('a first line whose time uses exponent notation is a request, not a header', () => {
    expect(parseTrace('1e3,10,8,R\n2E3,20,8,W\n')).toEqual([
      { time: 1000, lbn: 10, sectors: 8, write: false }, { time: 2000, lbn: 20, sectors: 8, write: true }]);
    expect(parseTrace('2.5e-1,10,8,R')).toEqual([{ time: 0.25, lbn: 10, sectors: 8, write: false }]);
    expect(parseTrace('time,lbn,sectors,dir\n1e1,1,1,R')).toHaveLength(1);
  });
});
