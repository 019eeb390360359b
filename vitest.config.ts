/*
 * Vitest, unit and cross-layer tests in Node: pure functions next to their
 * code (web/**\/*.test.ts), engine-through-wasm and layout checks in tests/.
 * Browser tests have their own config (vitest.e2e.config.ts).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'web/**/*.test.ts', 'engine-wasm/binding/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
