import { describe, it, expect } from 'vitest';
import { parseIntField, parseNumberField } from './fields';

describe('parseIntField', () => {
  it('accepts whole numbers in range, with spaces or separators', () => {
    expect(parseIntField('LBN', ' 42 ', 0, 100)).toEqual({ ok: true, value: 42 });
    expect(parseIntField('LBN', '1 000', 0, 5000)).toEqual({ ok: true, value: 1000 });
    expect(parseIntField('LBN', '0', 0, 5)).toEqual({ ok: true, value: 0 });
  });

  it('names the field and the allowed range when the value is bad', () => {
    for (const bad of ['', 'abc', '1.5', '1e3', '-1', '101', '0x10', '99999999999999999999']) {
      const r = parseIntField('LBN', bad, 0, 100);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) {
        expect(r.message.startsWith('LBN:')).toBe(true);
        expect(r.message).toContain('from 0 to 100');
      }
    }
  });
});

describe('parseNumberField', () => {
  it('accepts decimals and rejects the rest', () => {
    expect(parseNumberField('Start time', '12.5', 0, 1e6)).toEqual({ ok: true, value: 12.5 });
    expect(parseNumberField('Start time', '.5', 0, 1e6)).toEqual({ ok: true, value: 0.5 });
    expect(parseNumberField('Start time', 'NaN', 0, 1e6).ok).toBe(false);
    expect(parseNumberField('Start time', 'Infinity', 0, 1e6).ok).toBe(false);
    const r = parseNumberField('Start time', '-3', 0, 1e6);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^Start time: -3 is out of range/);
  });
});
