/*
 * Vitest, unit and cross-layer tests in Node: pure functions next to their
 * code (web/**\/*.test.ts), engine-through-wasm and layout checks in tests/.
 * Browser tests have their own config (vitest.e2e.config.ts). Components
 * render on Preact here as in the build (vite.preact.ts).
 */
import { defineConfig } from 'vitest/config';
import { preactForReact } from './vite.preact.ts';

export default defineConfig({
  resolve: { alias: preactForReact },
  test: {
    include: ['tests/**/*.test.ts', 'web/**/*.test.ts', 'engine-wasm/binding/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
