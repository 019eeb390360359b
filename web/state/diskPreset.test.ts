/*
 * Disk presets: every file in presets/disks validates and is self-consistent;
 * broken variants are rejected with the right field paths; configureDisk
 * issues the engine calls the preset describes (checked with a recording
 * sink — tests/presets.wasm.test.ts runs the real engine), and the capacity
 * check is the engine's (sp_disk_capacity after commit). The layout model in
 * tests/helpers/layoutModel.ts is an independent oracle, never product code.
 */
import { describe, it, expect } from 'vitest';
import {
  averageSeekMs, configureDisk, engineApproximations, engineZones, presetSeekMs, PresetError,
  validateDiskPreset, type DiskPreset, type DiskSink, type FieldError,
} from './diskPreset';
import { layoutCapacity } from '../../tests/helpers/layoutModel';
import { DefectPolicy, DiskParam, ImmediateRule, ReadAhead, SeekModel, SpareKind, WriteCache, ZoneParam } from '../../engine-wasm/binding/constants';

// Every file of presets/disks, through Vite's glob import (works in Vitest and type-checks for the page).
const jsonFiles = import.meta.glob('../../presets/disks/*.json', { eager: true, import: 'default' });
const otherFiles = import.meta.glob('../../presets/disks/*[!n]', { eager: true, query: '?raw', import: 'default' });
const base_ = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const files = Object.keys(jsonFiles).map(base_).sort();
const allFiles = [...files, ...Object.keys(otherFiles).map(base_)];
const load = (f: string): unknown => clone(jsonFiles[`../../presets/disks/${f}`]);
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function errorsOf(json: unknown): FieldError[] {
  const r = validateDiskPreset(json);
  return r.ok ? [] : r.errors;
}
function fields(json: unknown): string[] {
  return errorsOf(json).map((e) => e.field);
}

describe('every preset in presets/disks', () => {
  it('there are presets', () => {
    expect(files.length).toBeGreaterThanOrEqual(2);
  });
  for (const f of files) {
    describe(f, () => {
      const json = load(f);
      it('validates', () => {
        expect(errorsOf(json)).toEqual([]);
      });
      it('is named after its id and cites its sources', () => {
        const p = json as DiskPreset;
        expect(f).toBe(`${p.id}.json`);
        expect(p.sources.length).toBeGreaterThan(0);
        if (p.sources.some((s) => /disksim/i.test(s.cite))) expect(p.notice).toBe('DISKSIM-NOTICE');
        if (p.notice) expect(allFiles).toContain(p.notice);
      });
      it('its layout holds the stated capacity', () => {
        const p = json as DiskPreset;
        expect(layoutCapacity(p)).toBe(p.stated.capacityLbns);
      });
      it('its seek checks hold for the preset\'s own curve or table', () => {
        const p = json as DiskPreset;
        for (const c of p.stated.seekChecks) {
          const v = c.kind === 'point'
            ? presetSeekMs(p, c.distance)
            : averageSeekMs((d) => presetSeekMs(p, d), c.firstCyl, c.lastCyl);
          expect(Math.abs(v - c.ms), `${c.kind} ${JSON.stringify(c)} -> ${v}`).toBeLessThanOrEqual(c.toleranceMs);
        }
      });
      it('engine zones hold the same LBNs as the preset zones, and cover the same cylinders', () => {
        const p = json as DiskPreset;
        const ez = engineZones(p);
        expect(ez[0].firstCyl).toBe(0);
        for (let i = 1; i < ez.length; i++) expect(ez[i].firstCyl).toBe(ez[i - 1].lastCyl + 1);
        expect(ez[ez.length - 1].lastCyl).toBe(p.geometry.cylinders - 1);
        const asPreset: DiskPreset = clone(p);
        const kinds = ['none', 'sectors-per-track', 'sectors-per-cylinder', 'sectors-per-zone', 'tracks-per-zone'] as const;
        asPreset.geometry.zones = ez.map((z) => ({
          firstCyl: z.firstCyl, lastCyl: z.lastCyl, sectorsPerTrack: z.sectorsPerTrack, trackSkew: z.trackSkew,
          cylSkew: z.cylSkew, spare: { kind: kinds[z.spareKind], count: z.spareCount,
            ...(z.spareRangeCylinders !== undefined ? { rangeCylinders: z.spareRangeCylinders } : {}) },
          frontSpaceSectors: z.frontSpaceSectors,
        }));
        expect(layoutCapacity(asPreset)).toBe(p.stated.capacityLbns);
      });
    });
  }
});

const base = () => clone(load('hp-c2200a.json')) as DiskPreset;
const zoned = () => clone(load('hp-97560.json')) as DiskPreset;

describe('broken presets name the wrong field', () => {
  it('not an object', () => {
    expect(fields(42)).toEqual(['(preset)']);
    expect(fields(null)).toEqual(['(preset)']);
  });
  it('wrong format and bad id', () => {
    const p = base() as unknown as Record<string, unknown>;
    p.format = 'spindle-disk-preset/0';
    p.id = 'HP C2200A';
    expect(fields(p)).toEqual(expect.arrayContaining(['format', 'id']));
  });
  it('zero and negative sizes', () => {
    const p = base();
    p.geometry.surfaces = 0;
    p.geometry.sectorBytes = -512;
    p.geometry.zones[0].sectorsPerTrack = 0;
    p.geometry.rpm = 0;
    p.controller.queueDepth = 0;
    expect(fields(p)).toEqual(expect.arrayContaining([
      'geometry.surfaces', 'geometry.sectorBytes', 'geometry.zones[0].sectorsPerTrack', 'geometry.rpm',
      'controller.queueDepth',
    ]));
  });
  it('non-integers and non-numbers', () => {
    const p = base() as unknown as { geometry: { cylinders: unknown; zones: Array<Record<string, unknown>> } };
    p.geometry.cylinders = 1449.5;
    p.geometry.zones[0].trackSkew = '34';
    expect(fields(p)).toEqual(expect.arrayContaining(['geometry.cylinders', 'geometry.zones[0].trackSkew']));
  });
  it('zones that overlap, leave gaps, or stop short of the last cylinder', () => {
    const p = zoned();
    p.geometry.zones[1].firstCyl = 650;           // overlaps zone 0 (ends at 653)
    p.geometry.zones[2].firstCyl = 1310;          // gap: 1308, 1309
    expect(fields(p)).toEqual(['geometry.zones[1].firstCyl', 'geometry.zones[2].firstCyl']);
    expect(errorsOf(p)[0].message).toMatch(/overlaps/);
    expect(errorsOf(p)[1].message).toMatch(/gap/);
    const q = zoned();
    q.geometry.zones[2].lastCyl = 1900;
    expect(fields(q)).toEqual(['geometry.zones[2].lastCyl']);
    const r = zoned();
    r.geometry.zones[0].firstCyl = 1;
    expect(fields(r)).toEqual(['geometry.zones[0].firstCyl']);
  });
  it('spares per range: only with the sectors-per-zone kind, a whole number of the zone\'s cylinders, leaving data in a range', () => {
    const ok = zoned();
    ok.geometry.zones[0].spare = { kind: 'sectors-per-zone', count: 100, rangeCylinders: 12 };
    expect(fields(ok)).not.toContain('geometry.zones[0].spare.rangeCylinders');
    const p = zoned();
    p.geometry.zones[0].spare = { kind: 'tracks-per-zone', count: 148, rangeCylinders: 12 };
    p.geometry.zones[1].spare = { kind: 'sectors-per-zone', count: 10, rangeCylinders: 655 };   // the zone has 654
    p.geometry.zones[2].spare = { kind: 'sectors-per-zone', count: 2 * 19 * 72, rangeCylinders: 2 };
    expect(fields(p)).toEqual(['geometry.zones[0].spare.rangeCylinders', 'geometry.zones[1].spare.rangeCylinders',
      'geometry.zones[2].spare.count']);
    expect(errorsOf(p)[0].message).toMatch(/only with the "sectors-per-zone" kind/);
    expect(errorsOf(p)[2].message).toMatch(/leave no data in a 2-cylinder range of 2736 sectors/);
  });
  it('a zone ending before it starts, skews outside the track, spares that leave no data', () => {
    const p = zoned();
    p.geometry.zones[0].lastCyl = -1;
    p.geometry.zones[1].trackSkew = 72;
    p.geometry.zones[2].spare = { kind: 'tracks-per-zone', count: 654 * 19 + 1 };
    const f = fields(p);
    expect(f).toEqual(expect.arrayContaining([
      'geometry.zones[0].lastCyl', 'geometry.zones[1].trackSkew', 'geometry.zones[2].spare.count',
    ]));
    const q = base();
    q.geometry.zones[0].spare = { kind: 'sectors-per-track', count: 114 };
    expect(fields(q)).toEqual(['geometry.zones[0].spare.count']);
    const r = base();
    r.geometry.zones[0].spare = { kind: 'none', count: 1 };
    expect(fields(r)).toEqual(['geometry.zones[0].spare.count']);
  });
  it('unknown enum strings', () => {
    const p = base() as unknown as Record<string, Record<string, unknown>>;
    (p.geometry.zones as unknown as Array<{ spare: { kind: string } }>)[0].spare.kind = 'sectors-per-platter';
    p.controller.scheduler = 'elevator';
    p.cache.readAhead = 'aggressive';
    p.geometry.surfaceOrder = 'zigzag';
    (p.mechanics.seek as Record<string, unknown>).model = 'spline';
    expect(fields(p)).toEqual(expect.arrayContaining([
      'geometry.zones[0].spare.kind', 'controller.scheduler', 'cache.readAhead', 'geometry.surfaceOrder',
      'mechanics.seek.model',
    ]));
    expect(errorsOf(p).find((e) => e.field === 'controller.scheduler')!.message).toMatch(/"fcfs"/);
  });
  it('defects outside the disk, past the track, duplicated, or with an unknown policy', () => {
    const p = base();
    p.geometry.defects = [
      { cyl: 1449, surface: 0, slot: 0, policy: 'slip' },
      { cyl: 0, surface: 8, slot: 0, policy: 'slip' },
      { cyl: 0, surface: 0, slot: 114, policy: 'slip' },
      { cyl: 5, surface: 1, slot: 3, policy: 'remap' },
      { cyl: 5, surface: 1, slot: 3, policy: 'slip' },
      { cyl: 6, surface: 1, slot: 3, policy: 'move' as 'slip' },
    ];
    expect(fields(p)).toEqual([
      'geometry.defects[0].cyl', 'geometry.defects[1].surface', 'geometry.defects[2].slot',
      'geometry.defects[4]', 'geometry.defects[5].policy',
    ]);
  });
  it('a seek table that does not increase', () => {
    const p = base();
    p.mechanics.seek = { model: 'table', points: [[1, 1.2], [5, 1.5], [5, 1.6], [3, 1.4]] };
    expect(fields(p)).toEqual(['mechanics.seek.points[2][0]', 'mechanics.seek.points[3][0]']);
    const q = base();
    q.mechanics.seek = { model: 'table', points: [] };
    expect(fields(q)).toEqual(['mechanics.seek.points']);
  });
  it('a seek table whose last point is faster than the one before it (the engine\'s rule), naming that point', () => {
    const p = base();
    p.mechanics.seek = { model: 'table', points: [[1, 1.2], [50, 4.0], [1961, 3.9]] };
    const errs = errorsOf(p);
    expect(errs.map((e) => e.field)).toEqual(['mechanics.seek.points[2][1]']);
    expect(errs[0].message).toMatch(/^the last point, 3\.9 ms at distance 1961, is faster than the one before it \(4 ms at distance 50\)/);
    // A dip inside the table is measurement noise: accepted, as the engine does; so is a flat end.
    p.mechanics.seek = { model: 'table', points: [[1, 1.2], [50, 4.0], [60, 3.9], [1961, 3.9]] };
    expect(fields(p)).toEqual([]);
    // One point has nothing before it.
    p.mechanics.seek = { model: 'table', points: [[1961, 3.9]] };
    expect(fields(p)).toEqual([]);
  });
  it('a curve with a negative coefficient or a negative boundary', () => {
    const p = base();
    if (p.mechanics.seek.model !== 'curve') throw new Error('curve expected');
    p.mechanics.seek.b = -0.5;
    p.mechanics.seek.boundary = -1;
    expect(fields(p)).toEqual(['mechanics.seek.b', 'mechanics.seek.boundary']);
  });
  it('read-ahead or write caching without a cache', () => {
    const p = base();
    p.cache.readAhead = 'track-end';
    p.cache.writeCache = 'immediate';
    expect(fields(p)).toEqual(['cache.readAhead', 'cache.writeCache']);
    const q = zoned();
    q.cache.segmentSectors = 0;
    expect(fields(q)).toEqual(['cache.segmentSectors']);
  });
  it('read-ahead on a hit: a boolean, and only with read-ahead', () => {
    const p = zoned() as unknown as { cache: Record<string, unknown> };
    p.cache.readAheadOnHit = 1;
    expect(errorsOf(p)).toEqual([{ field: 'cache.readAheadOnHit', message: 'must be true or false, got 1' }]);
    p.cache.readAheadOnHit = true;
    p.cache.readAhead = 'none';
    expect(errorsOf(p).map((e) => `${e.field}: ${e.message}`)).toEqual(['cache.readAheadOnHit: needs read-ahead: readAhead is "none"']);
  });
  it('zero latency for writes, the minimum write seek and the settle: bad values named by field', () => {
    const p = zoned() as unknown as { mechanics: Record<string, unknown> };
    p.mechanics.zeroLatencyWrites = 0;
    p.mechanics.minWriteSeekMs = -0.1;
    p.mechanics.writeSettleMs = -0.642;             // negative is DiskSim's faster write positioning: accepted
    expect(errorsOf(p).map((e) => e.field)).toEqual(['mechanics.zeroLatencyWrites', 'mechanics.minWriteSeekMs']);
    expect(errorsOf(p)[0].message).toBe('must be true or false, got 0');
    p.mechanics.zeroLatencyWrites = false;
    p.mechanics.minWriteSeekMs = 0.6;
    expect(errorsOf(p)).toEqual([]);
  });
  it('unknown fields (typos) are not accepted silently', () => {
    const p = base() as unknown as Record<string, Record<string, unknown>>;
    p.mechanics.headSwitchTime = 1;
    (p.geometry.zones as unknown as Array<Record<string, unknown>>)[0].skew = 3;
    expect(fields(p)).toEqual(['geometry.zones[0].skew', 'mechanics.headSwitchTime']);
  });
  it('a stated capacity the layout does not hold: the engine\'s capacity decides, after commit', () => {
    const p = base();
    p.stated.capacityLbns += 1;
    expect(errorsOf(p)).toEqual([]);          // the schema cannot know
    const sink = { ...recorder(), diskCapacity: () => 1309896 };
    expect(() => configureDisk(sink, p)).toThrow(PresetError);
    expect(() => configureDisk(sink, p)).toThrow(/^stated\.capacityLbns: 1309897 does not match the 1309896 LBNs/);
    p.stated.capacityLbns -= 1;
    expect(() => configureDisk(sink, p)).not.toThrow();
  });
  it('estimated entries must name real fields', () => {
    const p = base();
    p.estimated.push({ field: 'mechanics.settleMs', reason: 'typo' });
    p.estimated.push({ field: 'geometry.zones[*].trackSkew', reason: 'fine' });
    p.estimated.push({ field: 'geometry.zones[3].trackSkew', reason: 'no zone 3' });
    const n = p.estimated.length;
    expect(fields(p)).toEqual([`estimated[${n - 3}].field`, `estimated[${n - 1}].field`]);
  });
  it('missing required sections and fields', () => {
    const p = base() as unknown as Record<string, unknown>;
    delete p.mechanics;
    delete (p.controller as Record<string, unknown>).busMsPerSector;
    delete p.sources;
    expect(fields(p)).toEqual(expect.arrayContaining(['mechanics', 'controller.busMsPerSector', 'sources']));
  });
  it('more remapped defects than spares', () => {
    const p = base();
    p.geometry.defects = [
      { cyl: 3, surface: 2, slot: 10, policy: 'remap' },
      { cyl: 3, surface: 2, slot: 11, policy: 'remap' },
    ];
    // The schema is fine; the engine refuses the layout (tests/presets.wasm.test.ts).
    expect(fields(p)).toEqual([]);
  });
  it('a slipped defect uses a spare; capacity only drops when the spares run out', () => {
    const p = zoned();
    p.geometry.defects = [{ cyl: 700, surface: 3, slot: 5, policy: 'slip' }];
    expect(layoutCapacity(p)).toBe(p.stated.capacityLbns);
    const q = base();     // one spare per track: a second slip on the same track costs an LBN
    q.geometry.defects = [{ cyl: 3, surface: 2, slot: 10, policy: 'slip' }, { cyl: 3, surface: 2, slot: 11, policy: 'slip' }];
    expect(layoutCapacity(q)).toBe(q.stated.capacityLbns - 1);
  });
});

interface Call { fn: string; args: unknown[] }
function recorder(): DiskSink & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    diskAdd: () => { calls.push({ fn: 'diskAdd', args: [] }); return 3; },
    diskSet: (...args) => { calls.push({ fn: 'diskSet', args }); },
    diskAddZone: (...args) => { calls.push({ fn: 'diskAddZone', args }); },
    diskSetZone: (...args) => { calls.push({ fn: 'diskSetZone', args }); },
    diskAddDefect: (...args) => { calls.push({ fn: 'diskAddDefect', args }); },
    diskAddSeekPoint: (...args) => { calls.push({ fn: 'diskAddSeekPoint', args }); },
    diskCommit: (...args) => { calls.push({ fn: 'diskCommit', args }); },
  };
}
const setOf = (calls: Call[]) => new Map(calls.filter((c) => c.fn === 'diskSet').map((c) => [c.args[1] as DiskParam, c.args[2] as number]));

const recorderFor = (f: string) => {
  const sink = recorder();
  configureDisk(sink, load(f) as DiskPreset);
  return sink;
};

describe('configureDisk', () => {
  it('sets every parameter of the C2200A, adds its zone and commits last', () => {
    const sink = recorder();
    const d = configureDisk(sink, base());
    expect(d).toBe(3);
    const s = setOf(sink.calls);
    expect(s.get(DiskParam.Surfaces)).toBe(8);
    expect(s.get(DiskParam.SectorBytes)).toBe(256);
    expect(s.get(DiskParam.Rpm)).toBe(4002);
    expect(s.get(DiskParam.SeekModel)).toBe(SeekModel.Curve);
    expect([s.get(DiskParam.SeekA), s.get(DiskParam.SeekB), s.get(DiskParam.SeekC), s.get(DiskParam.SeekE),
      s.get(DiskParam.SeekBoundary)]).toEqual([3.45, 0.597, 10.8, 0.012, 616]);
    expect(s.get(DiskParam.HeadSwitchMs)).toBe(2.5);
    expect(s.get(DiskParam.CylSwitchMs)).toBe(2.5);
    expect(s.get(DiskParam.ReadOverheadMs)).toBe(1.1);
    expect(s.get(DiskParam.WriteOverheadMs)).toBe(5.1);
    expect(s.has(DiskParam.ReadHitOverheadMs)).toBe(false);
    expect(s.get(DiskParam.BusMsPerSector)).toBe(0.256);
    expect(s.get(DiskParam.CacheSegments)).toBe(0);
    expect(s.get(DiskParam.WriteCache)).toBe(WriteCache.Off);
    const zones = sink.calls.filter((c) => c.fn === 'diskAddZone');
    expect(zones).toEqual([{ fn: 'diskAddZone', args: [3, {
      firstCyl: 0, lastCyl: 1448, sectorsPerTrack: 114, trackSkew: 34, cylSkew: 43,
      spareKind: SpareKind.SectorsPerTrack, spareCount: 1,
    }] }]);
    expect(sink.calls.at(-1)).toEqual({ fn: 'diskCommit', args: [3] });
    for (const c of sink.calls.slice(1)) expect(c.args[0]).toBe(3);
  });
  it('gives the HP C2247A\'s reconnection overheads (DiskSim\'s reselect, disconnect and "Extradisc" values) to the engine', () => {
    const sink = recorder();
    configureDisk(sink, load('hp-c2247a.json') as DiskPreset);
    const s = setOf(sink.calls);
    expect([s.get(DiskParam.ReselectMs), s.get(DiskParam.WriteDisconnectMs), s.get(DiskParam.ExtraWriteDisconnect),
      s.get(DiskParam.ExtradiscCommandMs), s.get(DiskParam.ExtradiscSeekDeltaMs), s.get(DiskParam.ExtradiscDisconnectMs),
      s.get(DiskParam.ExtradiscGapMs), s.get(DiskParam.ExtradiscSecondDisconnectMs), s.get(DiskParam.ReselectOtherMs)])
      .toEqual([0.16249, 0.16565, 1, 0.64244, 0.25, 0.04551, 0.42885, 0.13437, 0.12883]);
    const plain = recorder();
    configureDisk(plain, base());
    expect(setOf(plain.calls).has(DiskParam.ReselectMs) || setOf(plain.calls).has(DiskParam.ExtraWriteDisconnect)).toBe(false);
  });
  it('gives the write segments to the presets whose DiskSim file has fast writes, as many as the file says', () => {
    const of = (f: string) => setOf(recorderFor(f).calls).get(DiskParam.WriteSegments);
    expect(['seagate-cheetah-4lp.json', 'seagate-barracuda-st32171w.json', 'quantum-atlas-iii.json', 'quantum-atlas-10k.json',
      'ibm-ultrastar-18es.json', 'seagate-cheetah-9lp.json'].map(of)).toEqual([1, 1, 1, 1, 1, 3]);
    expect(['hp-c2247a.json', 'hp-c3323a.json'].map(of)).toEqual([undefined, undefined]);
  });
  it('writeSegments: bad values named by field', () => {
    const p = zoned() as unknown as { cache: Record<string, unknown> };
    p.cache.writeSegments = 65;
    expect(errorsOf(p).map((e) => `${e.field}: ${e.message}`)).toEqual(['cache.writeSegments: 65 is too large: must be <= 64']);
    p.cache.writeSegments = (p.cache.segments as number) + 1;
    expect(errorsOf(p).map((e) => `${e.field}: ${e.message}`)).toEqual([
      `cache.writeSegments: ${(p.cache.segments as number) + 1} is more than the ${p.cache.segments as number} segments`]);
    p.cache.writeSegments = 1;
    p.cache.writeCache = 'off';
    expect(errorsOf(p).map((e) => `${e.field}: ${e.message}`)).toEqual(['cache.writeSegments: needs writeCache "immediate", got "off"']);
  });
  it('gives the immediate partial-hit transfer to every preset whose DiskSim file says "Immed transfer partial hit = 1"', () => {
    const of = (f: string) => setOf(recorderFor(f).calls).get(DiskParam.PartialHitImmediate);
    expect(['hp-c2247a.json', 'hp-c2490a.json', 'hp-c3323a.json', 'dec-rz26.json', 'seagate-barracuda-st32171w.json',
      'seagate-cheetah-4lp.json', 'quantum-atlas-iii.json', 'quantum-atlas-10k.json', 'ibm-ultrastar-18es.json',
      'seagate-cheetah-9lp.json'].map(of)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(of('hp-c2200a.json')).toBeUndefined();
  });
  it('gives each DiskSim-derived preset the read-ahead stop its file\'s "Stop prefetch in sector" says', () => {
    const of = (f: string) => setOf(recorderFor(f).calls).get(DiskParam.ReadAheadStop);
    expect(['hp-c2247a.json', 'hp-c2490a.json', 'hp-c3323a.json', 'dec-rz26.json'].map(of)).toEqual([1, 1, 1, 1]);
    expect(['seagate-barracuda-st32171w.json', 'seagate-cheetah-4lp.json', 'quantum-atlas-iii.json', 'quantum-atlas-10k.json',
      'ibm-ultrastar-18es.json', 'seagate-cheetah-9lp.json'].map(of)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(of('hp-c2200a.json')).toBeUndefined();
  });
  it('readAheadStop: a bad value named by field', () => {
    const p = zoned() as unknown as { cache: Record<string, unknown> };
    p.cache.readAheadStop = 'sector';
    expect(errorsOf(p).map((e) => `${e.field}: ${e.message}`)).toEqual([
      'cache.readAheadStop: unknown value "sector": must be one of "dispatch", "arrival", "arrival-sector"']);
  });
  it('gives read hits on write data to the presets whose DiskSim file allows them outside a separate write segment', () => {
    const of = (f: string) => setOf(recorderFor(f).calls).get(DiskParam.ReadHitsOnWrites);
    expect(['seagate-cheetah-4lp.json', 'seagate-barracuda-st32171w.json', 'quantum-atlas-iii.json', 'quantum-atlas-10k.json',
      'seagate-cheetah-9lp.json', 'hp-c2490a.json'].map(of)).toEqual([1, 1, 1, 1, 1, 1]);
    // 18ES: "Allow read hits on write data = 0"; C2247A, C3323A, RZ26: "Use separate write segment = 1"
    expect(['ibm-ultrastar-18es.json', 'hp-c2247a.json', 'hp-c3323a.json', 'dec-rz26.json', 'hp-c2200a.json'].map(of))
      .toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
  it('readHitsOnWrites: bad values named by field', () => {
    const p = zoned() as unknown as { cache: Record<string, unknown> };
    p.cache.readHitsOnWrites = 1;
    expect(errorsOf(p).map((e) => `${e.field}: ${e.message}`)).toEqual(['cache.readHitsOnWrites: must be true or false, got 1']);
    p.cache.readHitsOnWrites = true;
    p.cache.segments = 0;
    p.cache.readAhead = 'none';
    p.cache.writeCache = 'off';
    expect(errorsOf(p).map((e) => `${e.field}: ${e.message}`)).toEqual(['cache.readHitsOnWrites: needs a cache: segments is 0']);
  });
  it('gives "read any free blocks" to the presets whose DiskSim file says 1', () => {
    const of = (f: string) => setOf(recorderFor(f).calls).get(DiskParam.ReadAnyFree);
    expect(['quantum-atlas-10k.json', 'ibm-ultrastar-18es.json'].map(of)).toEqual([1, 1]);
    expect(['seagate-cheetah-4lp.json', 'seagate-barracuda-st32171w.json', 'quantum-atlas-iii.json', 'seagate-cheetah-9lp.json',
      'hp-c2247a.json', 'hp-c2490a.json', 'hp-c3323a.json', 'dec-rz26.json'].map(of)).toEqual(Array(8).fill(undefined));
  });
  it('readAnyFree: bad values named by field', () => {
    const p = zoned() as unknown as { cache: Record<string, unknown> };
    p.cache.readAnyFree = 1;
    expect(errorsOf(p).map((e) => `${e.field}: ${e.message}`)).toEqual(['cache.readAnyFree: must be true or false, got 1']);
    p.cache.readAnyFree = true;
    p.cache.segments = 0;
    p.cache.readAhead = 'none';
    p.cache.writeCache = 'off';
    expect(errorsOf(p).map((e) => `${e.field}: ${e.message}`)).toEqual(['cache.readAnyFree: needs a cache: segments is 0']);
  });
  it('partialHitImmediate: a bad value named by field', () => {
    const p = zoned() as unknown as { controller: Record<string, unknown> };
    p.controller.partialHitImmediate = 1;
    expect(errorsOf(p).map((e) => `${e.field}: ${e.message}`)).toEqual(['controller.partialHitImmediate: must be true or false, got 1']);
  });
  it('reconnection fields: bad values named by field', () => {
    const p = zoned() as unknown as { controller: Record<string, unknown> };
    p.controller.extraWriteDisconnect = 1;
    p.controller.reselectMs = -0.2;
    expect(errorsOf(p).map((e) => `${e.field}: ${e.message}`)).toEqual([
      'controller.extraWriteDisconnect: must be true or false, got 1', 'controller.reselectMs: -0.2 is too small: must be >= 0']);
  });
  it('gives front space that is not whole cylinders to the engine exactly, as the zone\'s own parameter', () => {
    const seen: string[] = [];
    const sink = recorder();
    const p = zoned();
    p.geometry.zones[1].firstBlockOffset = 2.5;
    configureDisk(sink, p, (a) => seen.push(a.field));
    expect(seen).toEqual([]);
    const zones = sink.calls.filter((c) => c.fn === 'diskAddZone').map((c) => c.args[1]);
    expect(zones[0]).toEqual({ firstCyl: 0, lastCyl: 653, sectorsPerTrack: 72, trackSkew: 8, cylSkew: 18,
      spareKind: SpareKind.TracksPerZone, spareCount: 148 });
    expect(sink.calls.filter((c) => c.fn === 'diskSetZone')).toEqual([
      { fn: 'diskSetZone', args: [3, 0, ZoneParam.FrontSpaceSectors, 1656] },
      { fn: 'diskSetZone', args: [3, 1, ZoneParam.FirstBlockOffset, 2.5] },
    ]);
    const s = setOf(sink.calls);
    expect(s.get(DiskParam.ReadAhead)).toBe(ReadAhead.Continue);
    expect(s.get(DiskParam.WriteCache)).toBe(WriteCache.Immediate);
    expect(s.get(DiskParam.ImmediateRule)).toBe(ImmediateRule.Sequential);
    expect(engineApproximations(base())).toEqual([]);
  });
  it('adds seek table points in order and every slot of a whole-track defect', () => {
    const p = zoned();
    p.mechanics.seek = { model: 'table', points: [[1, 1.1], [10, 2.0], [1961, 12.5]] };
    p.geometry.defects = [{ cyl: 700, surface: 2, policy: 'slip' }, { cyl: 701, surface: 0, slot: 9, policy: 'remap' }];
    const sink = recorder();
    configureDisk(sink, p);
    expect(sink.calls.filter((c) => c.fn === 'diskAddSeekPoint').map((c) => c.args.slice(1)))
      .toEqual([[1, 1.1], [10, 2.0], [1961, 12.5]]);
    expect(setOf(sink.calls).get(DiskParam.SeekModel)).toBe(SeekModel.Table);
    const defs = sink.calls.filter((c) => c.fn === 'diskAddDefect').map((c) => c.args[1] as { slot: number; policy: number });
    expect(defs.length).toBe(73);
    expect(defs.slice(0, 72).map((x) => x.slot)).toEqual([...Array(72).keys()]);
    expect(defs[72]).toEqual({ cyl: 701, surface: 0, slot: 9, policy: DefectPolicy.Remap });
  });
  it('gives a curve with measured points (DiskSim HPL+10) to the engine as an exact table', () => {
    const p = clone(load('hp-c2247a.json')) as DiskPreset;
    const sink = recorder();
    const seen: string[] = [];
    configureDisk(sink, p, (a) => seen.push(a.field));
    expect(setOf(sink.calls).get(DiskParam.SeekModel)).toBe(SeekModel.Table);
    const pts = sink.calls.filter((c) => c.fn === 'diskAddSeekPoint').map((c) => c.args.slice(1) as [number, number]);
    expect(pts.length).toBe(p.geometry.cylinders - 1);
    expect(pts[0]).toEqual([1, 2.89]);
    expect(pts[9]).toEqual([10, 4.99]);
    expect(pts[10][1]).toBeCloseTo(3.81 + 0.33 * Math.sqrt(11), 12);
    expect(pts[299][1]).toBeCloseTo(7.75 + 0.0059 * 300, 12);
    expect(seen.filter((f) => f.startsWith('geometry.zones'))).toEqual([]);
    expect(seen).not.toContain('mechanics.seek.points');
  });
  it('gives both overheads of an after-read / after-write pair, and preseeking, to the engine exactly', () => {
    const p = zoned();
    p.controller.readMissOverheadMs = { afterRead: 0.25, afterWrite: 0.42 };
    p.controller.writeMissOverheadMs = { afterRead: 0.49, afterWrite: 0.79 };
    p.controller.readHitOverheadMs = { afterRead: 0.1, afterWrite: 0.1 };
    p.controller.preseek = false;
    const sink = recorder();
    const seen: string[] = [];
    configureDisk(sink, p, (a) => seen.push(a.field));
    const s = setOf(sink.calls);
    expect(s.get(DiskParam.ReadOverheadMs)).toBe(0.25);
    expect(s.get(DiskParam.ReadOverheadAfterWriteMs)).toBe(0.42);
    expect(s.get(DiskParam.WriteOverheadMs)).toBe(0.49);
    expect(s.get(DiskParam.WriteOverheadAfterWriteMs)).toBe(0.79);
    expect(s.get(DiskParam.ReadHitOverheadMs)).toBe(0.1);
    expect(s.has(DiskParam.ReadHitOverheadAfterWriteMs)).toBe(false);   // the same after either: the default
    expect(s.get(DiskParam.Preseek)).toBe(0);
    expect(seen.filter((f) => f.startsWith('controller'))).toEqual([]);
  });
  it('gives read-ahead on a hit to the engine only when the preset asks for it', () => {
    const callsOf = (p: DiskPreset) => { const sink = recorder(); configureDisk(sink, p); return sink.calls; };
    const p = zoned();
    expect(setOf(callsOf(p)).has(DiskParam.ReadAheadOnHit)).toBe(false);
    p.cache.readAheadOnHit = true;
    expect(setOf(callsOf(p)).get(DiskParam.ReadAheadOnHit)).toBe(1);
  });
});
