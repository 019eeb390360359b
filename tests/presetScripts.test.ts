/*
 * The native tests read the disk presets as call scripts
 * (engine-wasm/test/presets/ID.sps): each must hold what configureDisk does
 * with its preset today, or a native test checks a drive that no longer ships.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { presetScripts } from '../scripts/preset-sps';

describe('the native tests\' preset call scripts', () => {
  for (const { file, script } of presetScripts()) {
    it(`${file.split('/').pop()} is its preset's (rerun npx tsx scripts/preset-sps.ts when a preset changes)`, () => {
      expect(readFileSync(file, 'utf8')).toBe(script);
    });
  }
});
