/*
 * Browser end-to-end tests: the global setup serves the built app (dist/,
 * from `vite build`) with `vite preview` on 127.0.0.1 and a free port; the
 * tests drive Debian's chromium through playwright-core. What they load is
 * the build, on Preact as shipped; the few components a test renders in Node
 * render on Preact too (vite.preact.ts).
 */
import { defineConfig } from 'vitest/config';
import { preactForReact } from './vite.preact.ts';

export default defineConfig({
  resolve: { alias: preactForReact },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/serve.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // One retry: these machines are shared and noisy, and a browser test that fails once in
    // many runs should not stop a landing; scripts/test.sh lists every test that needed it, with
    // its first attempt's failure (printed by retryReporter.ts, which Vitest's own reporter drops).
    retry: 1,
    reporters: ['default', './tests/e2e/retryReporter.ts'],
  },
});
