/*
 * scripts/fuzzReplay.sh judges a fuzz unit libFuzzer timed out on the wall
 * clock by replaying it alone under a CPU-time limit: stand-ins for the fuzz
 * binary (tiny shell scripts) that crash on a signal, report a sanitizer
 * error, spin past the limit, or end at once must each be said as what they
 * are: a crash (with its signal or its report), a hang, or slow but fine.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'spindle-fuzzreplay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in fuzz binary whose body is `body` (sh). */
function standIn(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** Replays `unit` with the stand-in under a CPU-time limit of 1 s: the script's exit status and line. */
function replay(bin: string): { status: number | null; line: string } {
  const r = spawnSync('bash', ['scripts/fuzzReplay.sh', bin, 'artifacts/timeout-abc', '1'], { cwd: ROOT, encoding: 'utf8' });
  return { status: r.status, line: r.stdout.trim() };
}

describe('fuzzReplay.sh', () => {
  it('a unit killed by a signal is a crash, named by its signal', () => {
    const r = replay(standIn('segv', 'kill -SEGV $$'));
    expect(r.status).toBe(3);
    expect(r.line).toBe('a crash: artifacts/timeout-abc died on its own replay (signal SIGSEGV) within 1 s of CPU time');
  });

  it('a sanitizer\'s report is a crash, its first line quoted', () => {
    const r = replay(standIn('asan', 'echo "INFO: Running with entropic power schedule" >&2\necho "==7==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602" >&2\nexit 1'));
    expect(r.status).toBe(3);
    expect(r.line).toBe('a crash: artifacts/timeout-abc died on its own replay (exit status 1) within 1 s of CPU time: ==7==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602');
  });

  it('a unit that spins past the CPU limit is a hang', () => {
    const r = replay(standIn('spin', 'while :; do :; done'));
    expect(r.status).toBe(2);
    expect(r.line).toMatch(/^a hang: artifacts\/timeout-abc ran past 1 s of CPU time on its own \(stopped by SIG(XCPU|KILL)\)$/);
  });

  it('a unit that ends under the limit is slow, not a hang: its CPU time is printed', () => {
    const r = replay(standIn('ok', 'exit 0'));
    expect(r.status).toBe(0);
    expect(r.line).toMatch(/^\d+\.\d{3} \+ \d+\.\d{3} s$/);
  });
});
