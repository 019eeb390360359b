import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { OKABE_ITO } from '../web/lib/palette';

describe('palette', () => {
  it('page.css declares the same Okabe–Ito colours as palette.ts, one variable each', () => {
    const css = readFileSync(new URL('../web/page.css', import.meta.url), 'utf8');
    const declared = new Map([...css.matchAll(/--c-([a-z]+):\s*(#[0-9a-fA-F]{6})\s*;/g)].map((m) => [m[1], m[2].toUpperCase()]));
    for (const [name, hex] of Object.entries(OKABE_ITO)) expect(declared.get(name), name).toBe(hex.toUpperCase());
  });
});
