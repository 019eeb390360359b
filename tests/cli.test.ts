/*
 * The command-line runner (tools/sim.ts): its numbers are the engine's (same
 * setup run directly through the binding), and bad input names what is wrong.
 */
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTrace } from '../tools/sim';
import { applySetup } from '../web/state/applySetup';
import { configureDisk } from '../web/state/diskPreset';
import { setupFromJson } from '../web/state/setupJson';
import { fidelityEngine, loadPreset } from './fidelity/context';

const dir = mkdtempSync(join(tmpdir(), 'spindle-cli-'));
const setupText = JSON.stringify({ format: 'spindle-setup', version: 1, preset: 'hp-c2200a', seed: 7,
  workload: { count: 300, outstanding: 2 } });
const setupFile = join(dir, 'setup.json');
writeFileSync(setupFile, setupText);

function cli(...args: string[]): { out: string; err: string; code: number } {
  try {
    return { out: execFileSync('npx', ['tsx', 'tools/sim.ts', ...args], { encoding: 'utf8', stdio: 'pipe' }), err: '', code: 0 };
  } catch (e) {
    const x = e as { stdout: string; stderr: string; status: number };
    return { out: x.stdout, err: x.stderr, code: x.status };
  }
}

describe('npm run sim', () => {
  it('prints the statistics the engine computes for the setup', async () => {
    const r = cli(setupFile, '--json');
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.out);
    const e = await fidelityEngine();
    const { setup } = setupFromJson(setupText);
    const sim = e.createSim(7);
    const disk = configureDisk(sim, loadPreset('hp-c2200a'));
    applySetup(sim, disk, setup);
    while (sim.run() !== 0) { /* until done */ }
    expect(printed.stats).toEqual(sim.statsGet(-1));
    expect(printed.stats.completed).toBe(300);
    sim.dispose();
  }, 60_000);

  it('names the field of a bad setup and exits 2 without running', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'spindle-setup', version: 1, preset: 'no-such-disk' }));
    const r = cli(bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/preset: .*"no-such-disk" does not exist/);
  }, 60_000);

  it('parses traces and names the line and column at fault', () => {
    expect(parseTrace('time_ms,lbn,sectors,rw\n0,10,8,R\n1.5,20,16,w\n\n')).toEqual([
      { time: 0, lbn: 10, sectors: 8, write: false }, { time: 1.5, lbn: 20, sectors: 16, write: true }]);
    expect(() => parseTrace('0,10,8,R\n1,-4,8,R', 't.csv')).toThrow('t.csv:2: lbn "-4" must be a whole number >= 0');
    expect(() => parseTrace('0,10,8', 't.csv')).toThrow('t.csv:1: expected 4 fields');
    expect(() => parseTrace('0,10,8,X', 't.csv')).toThrow('direction "X" must be R or W');
  });
});
