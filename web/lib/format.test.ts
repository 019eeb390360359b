import { describe, it, expect } from 'vitest';
import { formatAngle, formatInt, formatMs } from './format';

describe('format', () => {
  it('writes numbers the way the page shows them', () => {
    expect(formatMs(3.4499999)).toBe('3.450 ms');
    expect(formatMs(0)).toBe('0.000 ms');
    expect(formatInt(1234567)).toBe('1\u202f234\u202f567');
    expect(formatInt(-1)).toBe('-1');
    expect(formatInt(999)).toBe('999');
    expect(formatAngle(0.25)).toBe('0.2500 rev (90.0°)');
  });
});
