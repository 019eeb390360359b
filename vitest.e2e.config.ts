/*
 * Browser end-to-end tests: the global setup serves the built app (dist/,
 * from `vite build`) with `vite preview` on 127.0.0.1 and a free port; the
 * tests drive Debian's chromium through playwright-core. What they load is
 * the build, so it runs on Preact as shipped (vite.preact.ts); the test
 * files themselves import no component.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/serve.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // One retry: these machines are shared and noisy, and a browser test that fails once in
    // many runs should not stop a landing; scripts/test.sh lists every test that needed it.
    retry: 1,
  },
});
