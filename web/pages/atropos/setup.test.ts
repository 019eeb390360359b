import { describe, it, expect } from 'vitest';
import { DEFAULT_AT_SETUP, accessParams, decodeAtSetup, encodeAtSetup, stageLayouts } from './setup';

const IDS = ['maxtor-atlas-10k-iii', 'hp-97560'];

describe('Atropos setup codec', () => {
  it('a full link round-trips, every field written', () => {
    const s = { ...DEFAULT_AT_SETUP, disk: 'hp-97560', p: 2, d: 3, b: 84, cols: 7, acc: 'column' as const, row: 5, col: 2, scan: 30, show: 'naive-row' as const, pre: 'on' as const, naive: 'batched' as const, n: 300, pts: 10, seed: 9 };
    const h = encodeAtSetup(s);
    expect(h.startsWith('#atropos?disk=hp-97560&p=2&d=3&b=84&')).toBe(true);
    expect(decodeAtSetup(h, IDS)).toEqual({ setup: s, problems: [] });
  });

  it('both naive layouts beside Atropos round-trips, and puts three layouts on the stage', () => {
    const s = { ...DEFAULT_AT_SETUP, cmp: 'both' as const };
    const h = encodeAtSetup(s);
    expect(h).toContain('&cmp=both');
    expect(decodeAtSetup(h, IDS)).toEqual({ setup: s, problems: [] });
    expect(stageLayouts('both')).toEqual(['atropos', 'naive-column', 'naive-row']);
    expect(stageLayouts('naive-row')).toEqual(['atropos', 'naive-row']);
    expect(stageLayouts('none')).toEqual(['atropos']);
    expect(decodeAtSetup('#atropos?cmp=all', IDS).problems.map((p) => p.message).join('\n')).toContain('Side by side with: "all" is not a known value');
  });

  it('an empty link is the defaults', () => {
    expect(decodeAtSetup('#atropos', IDS)).toEqual({ setup: DEFAULT_AT_SETUP, problems: [] });
  });

  it('bad values fall back to their defaults and are named', () => {
    const r = decodeAtSetup('#atropos?disk=nope&d=99&acc=diagonal&zz=1', IDS);
    expect(r.setup.disk).toBe('maxtor-atlas-10k-iii');
    expect(r.setup.d).toBe(DEFAULT_AT_SETUP.d);
    expect(r.setup.acc).toBe('row');
    const text = r.problems.map((p) => p.message).join('\n');
    expect(text).toContain('Disk preset: "nope" does not exist');
    expect(text).toContain('Quadrangle depth d: 99 is too large');
    expect(text).toContain('Access: "diagonal" is not a known value');
    expect(text).toContain('"zz" is not a setting this page knows');
  });

  it('the bridge parameters carry the setup', () => {
    const p = accessParams({ ...DEFAULT_AT_SETUP, acc: 'column', col: 3, pre: 'off' }, { x: 1 });
    expect(p).toMatchObject({ preset: { x: 1 }, p: 4, d: 4, b: 16, columns: 4, access: 'column', column: 3, presched: 'off', naive: 'serial' });
  });
});
