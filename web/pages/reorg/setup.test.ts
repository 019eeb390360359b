import { describe, it, expect } from 'vitest';
import { DEFAULT_REORG_SETUP, QUEUE_SCHEDULERS, decodeReorgSetup, encodeReorgSetup, runKey, runParams, stageEpoch } from './setup';

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

  it('the host queue and the network: today\'s values when absent, written only when they differ', () => {
    expect(DEFAULT_REORG_SETUP).toMatchObject({ sched: 'fcfs', qd: 0, net: 0 });
    expect(encodeReorgSetup(DEFAULT_REORG_SETUP)).not.toMatch(/sched=|qd=|net=/);
    const s = { ...DEFAULT_REORG_SETUP, sched: 'clook' as const, qd: 1, net: 100 };
    const h = encodeReorgSetup(s);
    expect(h).toMatch(/&sched=clook&qd=1&net=100$/);
    expect(decodeReorgSetup(h, IDS)).toEqual({ setup: s, problems: [] });
    // An explicit fcfs link decodes to today's setup and is written as today's link.
    expect(encodeReorgSetup(decodeReorgSetup('#reorg?sched=fcfs&qd=0&net=0', IDS).setup)).toBe(encodeReorgSetup(DEFAULT_REORG_SETUP));
    expect(runParams(s, {})).toMatchObject({ scheduler: 'clook', queueDepth: 1, netMbps: 100 });
  });

  it('the host schedulers are the engine\'s: LOOK is not one', () => {
    expect(QUEUE_SCHEDULERS).toEqual(['fcfs', 'sstf', 'clook']);
    expect(decodeReorgSetup('#reorg?sched=look&qd=1', IDS).problems.map((p) => p.field)).toEqual(['sched']);
  });

  it('bad host queue and network values are named, and the rest of the link stays', () => {
    const r = decodeReorgSetup('#reorg?sched=elevator&qd=-1&net=fast&clients=8', IDS);
    const text = r.problems.map((p) => p.message).join('\n');
    expect(text).toContain('Host scheduler: "elevator" is not a known value');
    expect(text).toContain('Host queue depth: -1 is too small');
    expect(text).toContain('Ethernet: "fast" is not a number');
    expect(r.setup).toMatchObject({ sched: 'fcfs', qd: 0, net: 0, clients: 8 });
    expect(decodeReorgSetup('#reorg?qd=1.5', IDS).problems.map((p) => p.field)).toEqual(['qd']);
  });

  it('an elevator with no depth limit is named (the host queue would hold nothing to reorder), and depth 1 used', () => {
    const r = decodeReorgSetup('#reorg?sched=clook', IDS);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0].field).toBe('qd');
    expect(r.problems[0].message).toContain('Host queue depth: 0 (no limit)');
    expect(r.problems[0].message).toContain('holds none for its scheduler (clook) to reorder');
    expect(r.setup).toMatchObject({ sched: 'clook', qd: 1 });
    expect(decodeReorgSetup('#reorg?sched=sstf&qd=4', IDS).problems).toEqual([]);
  });

  it('the stage\'s epoch and speed: in the link only when chosen, never a new run, an epoch past the run named', () => {
    expect(encodeReorgSetup(DEFAULT_REORG_SETUP)).not.toMatch(/ep=|slow=/);
    const chosen = decodeReorgSetup('#reorg?epochs=12&ep=5&slow=100', IDS);
    expect(chosen.problems).toEqual([]);
    expect(stageEpoch(chosen.setup)).toBe(4);
    expect(encodeReorgSetup(chosen.setup)).toContain('&ep=5&slow=100');
    expect(runKey(chosen.setup)).toBe(runKey({ ...chosen.setup, ep: 0, slow: 10 }));
    expect(runKey(chosen.setup)).not.toBe(runKey({ ...chosen.setup, seed: 2 }));
    expect(stageEpoch(decodeReorgSetup('#reorg?epochs=12', IDS).setup)).toBe(11);
    const past = decodeReorgSetup('#reorg?epochs=12&ep=13', IDS);
    expect(past.problems.map((p) => p.field)).toEqual(['ep']);
    expect(stageEpoch(past.setup)).toBe(11);
  });

  it('the bridge parameters carry the setup in the engine\'s units', () => {
    const p = runParams({ ...DEFAULT_REORG_SETUP, pol: 'mtime', epoch: 300, logkb: 5120, logs: 1800 }, { x: 1 });
    expect(p).toMatchObject({ preset: { x: 1 }, policy: 'mtime', epochMs: 300000, logLimitBytes: 5242880, logMs: 1800000, partitionMb: DEFAULT_REORG_SETUP.part });
  });
});
