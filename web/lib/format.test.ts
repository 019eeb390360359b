import { describe, it, expect } from 'vitest';
import { formatAngle, formatChange, formatInt, formatMs, formatNum, formatPct } from './format';

describe('format', () => {
  it('writes numbers the way the page shows them', () => {
    expect(formatMs(3.4499999)).toBe('3.450 ms');
    expect(formatMs(0)).toBe('0.000 ms');
    expect(formatMs(12.345, 1)).toBe('12.3 ms');
    expect(formatInt(1234567)).toBe('1\u202f234\u202f567');
    expect(formatInt(-1)).toBe('-1');
    expect(formatInt(999)).toBe('999');
    expect(formatAngle(0.25)).toBe('0.2500 rev (90.0°)');
    expect(formatNum(0.50912, 3)).toBe('0.509');
    expect(formatPct(0.50912)).toBe('50.9 %');
    expect(formatChange(33.36)).toBe('+33.4 %');
    expect(formatChange(-25.06)).toBe('-25.1 %');
    expect(formatChange(0.01)).toBe('0.0 %');
  });
  it('writes a dash, never "NaN" or "Infinity", for a value that is not there', () => {
    for (const x of [Number.NaN, Infinity, -Infinity]) {
      for (const s of [formatNum(x), formatMs(x), formatInt(x), formatPct(x), formatChange(x)]) expect(s).toBe('–');
    }
  });
});
