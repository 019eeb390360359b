/*
 * A reporter beside Vitest's own for the browser tests, which get one retry:
 * when a test passes only on its retry, the default reporter says "(retry x1)"
 * and drops the first attempt's failure. This prints it (the assertion, its
 * diff, where it failed) between marker lines that scripts/test.sh copies
 * into its summary, so an intermittent failure can be traced from one run.
 */
import type { Reporter, TestCase } from 'vitest/node';

export const FIRST_ATTEMPT = '--- first attempt failed:';
export const END = '--- end of first attempt';

const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

/** One failed attempt's errors as lines: message, diff and the first frames of the stack, each cut short. */
export function attemptLines(errors: ReadonlyArray<{ message?: string; diff?: string; stack?: string }>): string[] {
  const lines: string[] = [];
  for (const e of errors) {
    lines.push(...plain(e.message ?? String(e)).split('\n').slice(0, 6));
    if (e.diff) lines.push(...plain(e.diff).split('\n').slice(0, 24));
    lines.push(...plain(e.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l) && !l.includes('node_modules') && !l.includes('<anonymous>')).slice(0, 3));
  }
  return lines;
}

export default class RetryReporter implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const { state, errors } = test.result();
    if (state !== 'passed' || test.diagnostic()?.retryCount === 0 || !errors?.length) return;
    const lines = [`${FIRST_ATTEMPT} ${test.module.moduleId.replace(/^.*?(tests\/)/, '$1')} > ${test.fullName}`, ...attemptLines(errors).map((l) => `  ${l}`), END];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
