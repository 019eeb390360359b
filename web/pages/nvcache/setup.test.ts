import { describe, it, expect } from 'vitest';
import { DEFAULT_NV_SETUP, decodeNvSetup, encodeNvSetup, runParams } from './setup';

const IDS = ['hitachi-travelstar-5k120', 'hp-c2247a', 'hp-97560'];

describe('NVCache setup codec', () => {
  it('a full link round-trips, every field written', () => {
    const s = { ...DEFAULT_NV_SETUP, disk: 'hp-97560', fq: 10, nv: 64, wf: 2.5, hi: 0.8, lo: 0.5, est: 'exact' as const, hs: 'sstf' as const, idle: false, rate: 25, rd: 0.1, size: 8, smax: 64, seed: 7, n: 500 };
    const h = encodeNvSetup(s);
    expect(h.startsWith('#nvcache?disk=hp-97560&wc=off&fq=10&nv=64&')).toBe(true);
    expect(decodeNvSetup(h, IDS)).toEqual({ setup: s, problems: [] });
  });

  it('an empty link is the defaults', () => {
    expect(decodeNvSetup('#nvcache', IDS)).toEqual({ setup: DEFAULT_NV_SETUP, problems: [] });
  });

  it('a high watermark below the low one is named, and the defaults are used', () => {
    const r = decodeNvSetup('#nvcache?hi=0.4&lo=0.6', IDS);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0].field).toBe('hi');
    expect(r.problems[0].message).toContain('High watermark: 0.4 is below the low watermark 0.6');
    expect(r.setup.hi).toBe(DEFAULT_NV_SETUP.hi);
    expect(r.setup.lo).toBe(0.6);
    expect(r.setup.lo).toBeLessThanOrEqual(r.setup.hi);
  });

  it('an FQueue larger than the NVCache is named, and cut to the NVCache', () => {
    const r = decodeNvSetup('#nvcache?fq=300&nv=256', IDS);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0].field).toBe('fq');
    expect(r.problems[0].message).toContain('FQueue size: 300 MB is larger than the NVCache (256 MB)');
    expect(r.setup.fq).toBe(256);
  });

  it('bad values fall back to their defaults and are named', () => {
    const r = decodeNvSetup('#nvcache?disk=nope&hs=scan&wf=0&n=5&zz=1&smax=4&size=8', IDS);
    const text = r.problems.map((p) => p.message).join('\n');
    expect(text).toContain('Disk preset: "nope" does not exist');
    expect(text).toContain('Request Queue scheduler: "scan" is not a known value');
    expect(text).toContain('Flash write performance factor: 0 is too small');
    expect(text).toContain('Requests: 5 is too small');
    expect(text).toContain('"zz" is not a setting this page knows');
    expect(text).toContain('Largest request: 4 sectors is below the smallest request (8)');
    expect(r.setup).toMatchObject({ disk: DEFAULT_NV_SETUP.disk, hs: DEFAULT_NV_SETUP.hs, wf: DEFAULT_NV_SETUP.wf, n: DEFAULT_NV_SETUP.n, size: 8, smax: 8 });
  });

  it('the bridge parameters carry the setup, the FQueue in sectors', () => {
    const p = runParams({ ...DEFAULT_NV_SETUP, fq: 2, eb: 256, hs: 'fcfs', idle: false }, { x: 1 }, 512);
    expect(p).toMatchObject({ preset: { x: 1 }, fqSectors: 4096, sched: 'fcfs', idlePurge: false, flash: { eraseBlockBytes: 262144 } });
    expect(p.workload).toMatchObject({ count: DEFAULT_NV_SETUP.n, readFraction: DEFAULT_NV_SETUP.rd });
  });
});
