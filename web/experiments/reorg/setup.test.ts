import { describe, it, expect } from 'vitest';
import { DEFAULT_REORG_SETUP, decodeReorgSetup, encodeReorgSetup, runParams } from './setup';

const IDS = ['ibm-ultrastar-18es', 'hp-c2247a', 'quantum-atlas-10k'];

describe('reorganization setup codec', () => {
  it('a full link round-trips, every field written', () => {
    const s = { ...DEFAULT_REORG_SETUP, disk: 'hp-c2247a', pol: 'sequences' as const, part: 512, bpg: 2048, copies: 5, copymb: 30, files: 900, cache: 40, clients: 8, zipf: 0.8, epoch: 60, epochs: 12, logkb: 100, logs: 600, seed: 7 };
    const h = encodeReorgSetup(s);
    expect(h).toBe('#reorg?disk=hp-c2247a&pol=sequences&part=512&bpg=2048&copies=5&copymb=30&files=900&cache=40&clients=8&zipf=0.8&epoch=60&epochs=12&logkb=100&logs=600&seed=7');
    expect(decodeReorgSetup(h, IDS)).toEqual({ setup: s, problems: [] });
  });

  it('an empty link is the defaults, and the defaults fit', () => {
    expect(decodeReorgSetup('#reorg', IDS)).toEqual({ setup: DEFAULT_REORG_SETUP, problems: [] });
  });

  it('a data set too large for the partition is named, and cut to fit', () => {
    const r = decodeReorgSetup('#reorg?part=100&copies=4&copymb=30', IDS);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0].field).toBe('copymb');
    expect(r.problems[0].message).toContain('File set size: 4 copies of 30 MB (120 MB) do not fit the 100 MB partition');
    expect(r.setup.copymb).toBe(22.5);
    expect(r.setup.copies * r.setup.copymb).toBeLessThanOrEqual(90);
  });

  it('a partition left to the engine (0) is not checked here', () => {
    expect(decodeReorgSetup('#reorg?part=0&copies=20&copymb=75', IDS).problems).toEqual([]);
  });

  it('bad values fall back to their defaults and are named', () => {
    const r = decodeReorgSetup('#reorg?disk=nope&pol=random&bpg=100&epochs=0&clients=x&zz=1', IDS);
    const text = r.problems.map((p) => p.message).join('\n');
    expect(text).toContain('Disk preset: "nope" does not exist');
    expect(text).toContain('Placement policy: "random" is not a known value');
    expect(text).toContain('Blocks per group: 100 is too small');
    expect(text).toContain('Epochs: 0 is too small');
    expect(text).toContain('Clients: "x" is not a number');
    expect(text).toContain('"zz" is not a setting this page knows');
    expect(r.setup).toMatchObject({ disk: DEFAULT_REORG_SETUP.disk, pol: DEFAULT_REORG_SETUP.pol, bpg: DEFAULT_REORG_SETUP.bpg, epochs: DEFAULT_REORG_SETUP.epochs, clients: DEFAULT_REORG_SETUP.clients });
  });

  it('the bridge parameters carry the setup in the engine\'s units', () => {
    const p = runParams({ ...DEFAULT_REORG_SETUP, pol: 'mtime', epoch: 300, logkb: 5120, logs: 1800 }, { x: 1 });
    expect(p).toMatchObject({ preset: { x: 1 }, policy: 'mtime', epochMs: 300000, logLimitBytes: 5242880, logMs: 1800000, partitionMb: DEFAULT_REORG_SETUP.part });
  });
});
