/*
 * Instructions per simulated request, natively (valgrind --tool=callgrind):
 * unlike a time, a count that holds on a noisy shared machine. Each scenario
 * of the benchmark's call script runs at two request counts (a tenth and a
 * twentieth of its own), and the difference of the two totals over the
 * difference of the requests leaves out the setup (the disk's layout tables).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface InstructionFigures { name: string; requests: number; instructionsPerRequest: number }

/** The call script with every `wl count N` set to N / divisor (at least 100). */
function scaled(script: string, divisor: number): string {
  return script.replace(/^wl count (\d+)/gm, (_m, n: string) => `wl count ${Math.max(100, Math.round(Number(n) / divisor))}`);
}

/** Instructions callgrind counted for one run of the native bench, and the requests it completed. */
function count(bench: string, file: string, name: string): { instructions: number; requests: number } {
  const r = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', bench, file, name, '1'], { encoding: 'utf8' });
  if (r.error) throw new Error(`valgrind: ${r.error.message} (Debian's valgrind package)`);
  if (r.status !== 0) throw new Error(`callgrind ${name}: ${r.stderr.split('\n').slice(-3).join(' ')}`);
  const m = /Collected : (\d+)/.exec(r.stderr);
  if (!m) throw new Error(`callgrind ${name}: no instruction count in its output`);
  return { instructions: Number(m[1]), requests: JSON.parse(r.stdout.trim().split('\n').pop()!).requests };
}

export function instructionFigures(bench: string, scenarios: string, names: string[], log: (m: string) => void): InstructionFigures[] {
  const dir = join(scenarios, '..');
  const text = readFileSync(scenarios, 'utf8');
  const files = [10, 20].map((d) => {
    const f = join(dir, `scenarios.div${d}.sps`);
    writeFileSync(f, scaled(text, d));
    return f;
  });
  log(`instructions: ${names.length} scenarios under callgrind, each at two request counts`);
  return names.map((name) => {
    const [a, b] = files.map((f) => count(bench, f, name));
    return { name, requests: a.requests, instructionsPerRequest: (a.instructions - b.instructions) / (a.requests - b.requests) };
  });
}
