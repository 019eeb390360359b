import { describe, expect, it } from 'vitest';
import { decodeValSetup, encodeValSetup, DEFAULT_VAL_SETUP, TRACE_NAMES } from './setup';
import { BUNDLED_TRACES } from './bundled';

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
