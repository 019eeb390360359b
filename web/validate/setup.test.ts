import { describe, expect, it } from 'vitest';
import { decodeValSetup, encodeValSetup, DEFAULT_VAL_SETUP, TRACE_NAMES } from './setup';
import { BUNDLED_TRACES } from './bundled';
import { cdfPoints, quantile, responseRange } from './charts';

const DISKS = ['hp-c2247a', 'dec-rz26'];

describe('the validation view\'s setup in the URL', () => {
  it('round-trips a setup and offers every bundled trace with its drive\'s preset', () => {
    const s = { disk: 'dec-rz26', trace: 'dec_rz26' };
    expect(encodeValSetup(s)).toBe('#validate?disk=dec-rz26&trace=dec_rz26');
    expect(decodeValSetup(encodeValSetup(s), DISKS)).toEqual({ setup: s, problems: [] });
    expect(TRACE_NAMES.length).toBe(7);
    expect(BUNDLED_TRACES.map((t) => t.name).sort()).toEqual(['atlas_III', 'barracuda', 'cheetah4LP', 'dec_rz26', 'hp_c2247a', 'hp_c2490a', 'hp_c3323a']);
    for (const t of BUNDLED_TRACES) expect(t.url).toMatch(new RegExp(`${t.file.replace('.', '\\.')}`));
  });

  it('a bad value names its field and says what was used instead', () => {
    const { setup, problems } = decodeValSetup('#validate?disk=no-such-disk&trace=nope&x=1', DISKS);
    expect(setup).toEqual(DEFAULT_VAL_SETUP);
    expect(problems.map((p) => p.field)).toEqual(['disk', 'trace', 'x']);
    expect(problems[0].message).toMatch(/Disk preset: "no-such-disk" does not exist/);
    expect(problems[1].used).toBe('hp_c2247a');
  });
});

describe('chart geometry', () => {
  it('a CDF keeps the sample\'s first and last values, at most `max` points, rising', () => {
    const s = Float64Array.from({ length: 1000 }, (_, i) => i / 10);
    const p = cdfPoints(s, 50);
    expect(p.length).toBe(50);
    expect(p[0]).toEqual([0, 1 / 1000]);
    expect(p[49]).toEqual([99.9, 1]);
    for (let i = 1; i < p.length; i++) expect(p[i][1]).toBeGreaterThan(p[i - 1][1]);
    expect(cdfPoints(new Float64Array([5]), 50)).toEqual([[5, 1]]);
    expect(cdfPoints(new Float64Array(0))).toEqual([]);
  });
  it('the shared response range stops at the larger 99.5th percentile', () => {
    const a = Float64Array.from({ length: 200 }, (_, i) => i);
    expect(quantile(a, 0.5)).toBe(99);
    expect(quantile(a, 0.995)).toBe(198);
    expect(responseRange(a, new Float64Array([1, 2, 1000]))).toBeCloseTo(1000 * 1.05, 9);
  });
});
