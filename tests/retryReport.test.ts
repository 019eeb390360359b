/*
 * A browser test that passes only on its retry keeps its first attempt's
 * failure: Vitest (with the browser tests' retry and reporters) runs a fixture
 * that fails once, and scripts/retried.sh, the end of scripts/test.sh's
 * summary, names the test and prints the assertion it first failed on.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

it('the summary names a test that passed on its retry and what its first attempt failed on', () => {
  const log = execFileSync('npx', ['vitest', 'run', '--config', 'tests/fixtures/retry/vitest.retry.config.ts'], { cwd: ROOT, encoding: 'utf8' });
  const dir = mkdtempSync(join(tmpdir(), 'spindle-retry-'));
  try {
    writeFileSync(join(dir, 'stage-e2e.log'), log);
    const summary = execFileSync('bash', ['scripts/retried.sh', join(dir, 'stage-e2e.log')], { cwd: ROOT, encoding: 'utf8' });
    const first = summary.slice(summary.indexOf('=== what their first attempts failed on ==='));
    expect(first).toContain('--- first attempt failed: tests/fixtures/retry/flakyOnce.fixture.ts > fails its first attempt only');
    expect(first).toContain('the attempt: expected 1 to be 2');
    expect(first).toMatch(/at .*flakyOnce\.fixture\.ts:7:\d+/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
