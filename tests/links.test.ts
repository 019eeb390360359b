/*
 * Every link the project publishes (presets/experiments/*.json and README.md)
 * keeps opening the same run. Explorer and side-by-side links are version 1:
 * each decodes to a version 2 setup with no problem, that setup survives its
 * own URL (v1 -> v2 -> URL -> setup), and the engine gives identical
 * statistics for the version 1 link run as version 1 ran it (a reference
 * reading here, independent of the migration code) and for its version 2
 * re-encoding run through configureSetup. Traxtents and Atropos links
 * round-trip through their page's codec.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  Align, Arrivals, DiskParam, Pattern, ReadAhead, Scheduler, SizeDist, WorkloadParam, WriteCache, type Engine, type Sim, type Stats,
} from '../engine-wasm/binding';
import { testEngine } from './helpers/engine';
import { configureSetup } from '../web/state/applySetup';
import { configureDisk, validateDiskPreset, type DiskPreset } from '../web/state/diskPreset';
import { decodeSetup, encodeSetup } from '../web/state/urlCodec';
import { decodeTraxSetup, encodeTraxSetup } from '../web/pages/traxtents/setup';
import { decodeSysSetup, encodeSysSetup } from '../web/pages/traxsystem/setup';
import { decodeAtSetup, encodeAtSetup } from '../web/pages/atropos/setup';
import { decodeValSetup, encodeValSetup } from '../web/pages/validate/setup';
import { VALIDATION_DRIVES } from '../web/pages/validate/drives';
import { decodeNvSetup, encodeNvSetup } from '../web/pages/nvcache/setup';
import { decodeHash as decodeHomework, encodeHash as encodeHomework } from '../web/pages/homework/setup';
import { decodeSideHash, withAdapter } from '../web/pages/sidebyside/sidebyside';
import { adapterBusMs } from '../web/experiments/adapter';
import { decodeLadderSetup, encodeLadderSetup } from '../web/pages/ladder/setup';
import { decodeReorgSetup, encodeReorgSetup } from '../web/pages/reorg/setup';
import { decodeSmrSetup, encodeSmrSetup } from '../web/pages/smr/setup';
import { splitEmbed } from '../web/stage/embed';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRESET_IDS = readdirSync(`${ROOT}presets/disks`).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
const CTX = { presetIds: PRESET_IDS };
const LADDER_IDS = readdirSync(`${ROOT}presets/ladders`).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));

function preset(id: string): DiskPreset {
  const r = validateDiskPreset(JSON.parse(readFileSync(`${ROOT}presets/disks/${id}.json`, 'utf8')));
  if (!r.ok) throw new Error(id);
  return r.preset;
}

/** Every published link: [where, link]. */
function publishedLinks(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const dir = `${ROOT}presets/experiments/`;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json')).sort()) {
    out.push([`presets/experiments/${f}`, String(JSON.parse(readFileSync(dir + f, 'utf8')).url)]);
  }
  const readme = readFileSync(`${ROOT}README.md`, 'utf8');
  for (const m of readme.matchAll(/(#[a-z]+)?\?v=\d[^\s`)"'<>]*/g)) {
    // "…" marks a link's shape, not a link; embed=1 is taken off as the site opens, before any page reads its link.
    if (m[0].includes('…')) continue;
    const link = m[0].startsWith('#') ? splitEmbed('', m[0]).hash : splitEmbed(m[0], '').search;
    out.push(['README.md', link]);
  }
  return out;
}

const LINKS = publishedLinks();
const query = (link: string) => (link.includes('?') ? link.slice(link.indexOf('?') + 1) : '');
const isTraxtents = (link: string) => link.startsWith('#traxtents');
const isAtropos = (link: string) => link.startsWith('#atropos');
const isValidate = (link: string) => link.startsWith('#validate');
const isNvcache = (link: string) => link.startsWith('#nvcache');
const isHomework = (link: string) => link.startsWith('#homework');
const isTraxsystem = (link: string) => link.startsWith('#traxsystem');
const isLadder = (link: string) => link.startsWith('#ladder');
const isReorg = (link: string) => link.startsWith('#reorg');
const isSmr = (link: string) => link.startsWith('#smr');
/** Experiment pages with a codec of their own (not the explorer's setup). */
const ownCodec = (link: string) => isTraxtents(link) || isAtropos(link) || isNvcache(link) || isHomework(link) || isValidate(link) || isTraxsystem(link) || isLadder(link) || isReorg(link) || isSmr(link);
const V1_LINKS = LINKS.filter(([, l]) => !ownCodec(l) && /(^|[?&])v=1(&|$)/.test(query(l)));

// ---- version 1 as version 1 ran it (a reference reading, independent of web/state) ----------------

const V1_DISK: Record<string, DiskParam> = {
  rpm: DiskParam.Rpm, hsw: DiskParam.HeadSwitchMs, csw: DiskParam.CylSwitchMs, wsettle: DiskParam.WriteSettleMs,
  zl: DiskParam.ZeroLatency, rover: DiskParam.ReadOverheadMs, wover: DiskParam.WriteOverheadMs, bus: DiskParam.BusMsPerSector,
  fence: DiskParam.ReadFenceSectors, segsize: DiskParam.CacheSegmentSectors, segs: DiskParam.CacheSegments,
};
const V1_SCHED: Record<string, Scheduler> = { fcfs: Scheduler.Fcfs, sstf: Scheduler.Sstf, look: Scheduler.Look, clook: Scheduler.Clook, sptf: Scheduler.Sptf };

/** Runs a version 1 link the way version 1 did: the preset, its overrides, then always the scheduler and queue depth, then the workload. */
function runV1(engine: Engine, link: string): Stats {
  const p = new URLSearchParams(query(link));
  const get = (k: string, def: string) => p.get(k) ?? def;
  const sim = engine.createSim(Number(get('seed', '1')));
  try {
    const d = configureDisk(sim, preset(get('disk', 'hp-c2200a')));
    for (const [k, param] of Object.entries(V1_DISK)) if (p.has(k)) sim.diskSet(d, param, Number(p.get(k)));
    if (p.has('ra')) sim.diskSet(d, DiskParam.ReadAhead, { none: ReadAhead.None, 'track-end': ReadAhead.TrackEnd, continue: ReadAhead.Continue }[p.get('ra')!]!);
    if (p.has('wc')) sim.diskSet(d, DiskParam.WriteCache, p.get('wc') === 'immediate' ? WriteCache.Immediate : WriteCache.Off);
    sim.diskSet(d, DiskParam.Scheduler, V1_SCHED[get('sched', 'fcfs')]);
    sim.diskSet(d, DiskParam.QueueDepth, Number(get('qd', '1')));
    const w = (param: WorkloadParam, v: number) => sim.workloadSet(param, v);
    // Engine API 1 aims the workload at a disk; API 2 at the volume (no such parameter).
    const diskParam = (WorkloadParam as unknown as Record<string, WorkloadParam | undefined>).Disk;
    if (diskParam !== undefined) w(diskParam, d);
    w(WorkloadParam.Arrivals, get('arrive', 'closed') === 'open' ? Arrivals.Open : Arrivals.Closed);
    w(WorkloadParam.Outstanding, Number(get('out', '1')));
    w(WorkloadParam.ThinkMs, Number(get('think', '0')));
    w(WorkloadParam.RatePerS, Number(get('rate', '50')));
    w(WorkloadParam.Pattern, get('pattern', 'random') === 'sequential' ? Pattern.Sequential : Pattern.Random);
    w(WorkloadParam.SizeDist, { fixed: SizeDist.Fixed, uniform: SizeDist.Uniform, exponential: SizeDist.Exponential }[get('dist', 'fixed')]!);
    w(WorkloadParam.SizeSectors, Number(get('size', '8')));
    w(WorkloadParam.SizeMaxSectors, Number(get('max', '0')));
    w(WorkloadParam.SizeTracks, Number(get('tracks', '0')));
    w(WorkloadParam.ReadFraction, Number(get('read', '1')));
    w(WorkloadParam.RegionFirstLbn, Number(get('from', '0')));
    w(WorkloadParam.RegionLbns, Number(get('len', '0')));
    w(WorkloadParam.Align, get('align', 'none') === 'track' ? Align.Track : Align.None);
    w(WorkloadParam.Count, Number(get('n', '200')));
    return runToEnd(sim);
  } finally {
    sim.dispose();
  }
}

function runToEnd(sim: Sim): Stats {
  sim.outputConfigure(0, 0);
  while (sim.run() !== 0) { /* until done */ }
  return sim.statsGet(-1);
}

let engine: Engine;
beforeAll(async () => { engine = await testEngine(); });

describe('published links', () => {
  it('there are links, in both places, and explorer links among them', () => {
    expect(LINKS.some(([w]) => w === 'README.md')).toBe(true);
    expect(LINKS.some(([w]) => w.startsWith('presets/'))).toBe(true);
    expect(V1_LINKS.length).toBeGreaterThanOrEqual(2);
  });

  it.each(LINKS.filter(([, l]) => !ownCodec(l)))('%s: %s opens with no problem and survives its own URL', (_where, link) => {
    // A side-by-side link is the explorer's setup plus the page's own adapter key.
    const r = link.startsWith('#sidebyside') ? decodeSideHash(link, CTX) : decodeSetup(query(link), CTX);
    expect(r.problems).toEqual([]);
    expect(decodeSetup(encodeSetup(r.setup), CTX)).toEqual({ setup: r.setup, problems: [] });
  });

  it.each(LINKS.filter(([, l]) => isLadder(l)))('%s: %s opens a ladder with no problem and round-trips', (_where, link) => {
    const r = decodeLadderSetup(link, LADDER_IDS);
    expect(r.problems).toEqual([]);
    expect(encodeLadderSetup(r.setup)).toBe(link);
  });

  it.each(LINKS.filter(([, l]) => isHomework(l)))('%s: %s opens a homework question and round-trips', (_where, link) => {
    const r = decodeHomework(link);
    if (!r.ok) throw new Error(r.message);
    expect(encodeHomework(r.link)).toBe(link);
  });

  it.each(LINKS.filter(([, l]) => isTraxsystem(l)))('%s: %s round-trips through the traxsystem codec', (_where, link) => {
    const a = decodeSysSetup(link, PRESET_IDS);
    expect(a.problems).toEqual([]);
    expect(encodeSysSetup(a.setup)).toBe(link);
  });

  it.each(LINKS.filter(([, l]) => isTraxtents(l)))('%s: %s round-trips through the traxtents codec', (_where, link) => {
    const a = decodeTraxSetup(link, PRESET_IDS);
    expect(a.problems).toEqual([]);
    const b = decodeTraxSetup(encodeTraxSetup(a.setup), PRESET_IDS);
    expect(b.problems).toEqual([]);
    expect(b.setup).toEqual(a.setup);
  });

  // The bus time per sector each preset had when these links were published (before the
  // DiskSim-derived presets carried their drives' validated buses); presets not listed are unchanged.
  const BUS_WHEN_PUBLISHED: Record<string, number> = {
    'quantum-atlas-10k': 0.0064, 'ibm-ultrastar-18es': 0.0064, 'seagate-cheetah-9lp': 0.0064, 'hp-c2247a': 0.0512,
  };
  const busThen = (id: string) => BUS_WHEN_PUBLISHED[id] ?? preset(id).controller.busMsPerSector;

  it.each(LINKS.filter(([, l]) => isTraxtents(l)))('%s: %s runs with the bus its disk had when it was published', (_where, link) => {
    const { setup } = decodeTraxSetup(link, PRESET_IDS);
    const p = preset(setup.disk);
    expect(adapterBusMs(p.controller.busMsPerSector, p.geometry.sectorBytes, setup.adapter)).toBe(busThen(setup.disk));
  });

  it.each(LINKS.filter(([, l]) => l.startsWith('#sidebyside')))('%s: %s runs with the bus its disk had when it was published', (_where, link) => {
    const { setup, adapter } = decodeSideHash(link, CTX);
    const run = withAdapter(setup, adapter, preset);
    run.devices.forEach((d) => expect(d.overrides.busMsPerSector ?? preset(d.preset).controller.busMsPerSector).toBe(busThen(d.preset)));
    // a disk whose preset did not change: the very same run input as before the adapter existed
    if (setup.devices.every((d) => !(d.preset in BUS_WHEN_PUBLISHED))) expect(run).toBe(setup);
  });

  it('the Atlas 10K on the paper pages runs with the bus it had before its preset carried the measured one', () => {
    const t = decodeTraxSetup('#traxtents?disk=quantum-atlas-10k&q=2&zl=preset&n=5000&seed=1&points=24&view=sweep', PRESET_IDS).setup;
    const p = preset('quantum-atlas-10k');
    expect(p.controller.busMsPerSector).not.toBe(busThen('quantum-atlas-10k'));
    expect(adapterBusMs(p.controller.busMsPerSector, p.geometry.sectorBytes, t.adapter)).toBe(busThen('quantum-atlas-10k'));
    const s = decodeSideHash('#sidebyside?v=1&disk=quantum-atlas-10k&seed=1&n=300&out=2&tracks=1&qd=2', CTX);
    expect(withAdapter(s.setup, s.adapter, preset).devices[0].overrides.busMsPerSector).toBe(busThen('quantum-atlas-10k'));
  });

  it.each(LINKS.filter(([, l]) => isAtropos(l)))('%s: %s round-trips through the Atropos codec, every field written', (_where, link) => {
    const a = decodeAtSetup(link, PRESET_IDS);
    expect(a.problems).toEqual([]);
    expect(encodeAtSetup(a.setup)).toBe(link);
  });

  it.each(LINKS.filter(([, l]) => isValidate(l)))('%s: %s round-trips through the validation codec and names a bundled trace', (_where, link) => {
    const a = decodeValSetup(link, PRESET_IDS);
    expect(a.problems).toEqual([]);
    expect(encodeValSetup(a.setup)).toBe(link);
    expect(VALIDATION_DRIVES.find((d) => d.trace === `${a.setup.trace}.trace`)?.preset).toBe(a.setup.disk);
  });

  it.each(LINKS.filter(([, l]) => isNvcache(l)))('%s: %s round-trips through the NVCache codec, every field written', (_where, link) => {
    const a = decodeNvSetup(link, PRESET_IDS);
    expect(a.problems).toEqual([]);
    expect(encodeNvSetup(a.setup)).toBe(link);
  });

  it.each(LINKS.filter(([, l]) => isReorg(l)))('%s: %s round-trips through the reorganization codec, every field written', (_where, link) => {
    const a = decodeReorgSetup(link, PRESET_IDS);
    expect(a.problems).toEqual([]);
    expect(encodeReorgSetup(a.setup)).toBe(link);
  });

  it.each(LINKS.filter(([, l]) => isSmr(l)))('%s: %s round-trips through the shingled-drive codec, every field written', (_where, link) => {
    const a = decodeSmrSetup(link);
    expect(a.problems).toEqual([]);
    expect(encodeSmrSetup(a.setup, a.ops)).toBe(link);
  });

  it.each(V1_LINKS)('%s: %s opens as version 2 and gives the same statistics', (_where, link) => {
    const v1 = decodeSetup(query(link), CTX);
    expect(v1.problems).toEqual([]);
    const q2 = encodeSetup(v1.setup);
    expect(q2).toMatch(/^v=2&d0=/);
    const v2 = decodeSetup(q2, CTX);
    expect(v2.problems).toEqual([]);
    expect(v2.setup).toEqual(v1.setup);
    expect(encodeSetup(v2.setup)).toBe(q2);

    const want = runV1(engine, link);
    const sim = engine.createSim(v2.setup.seed);
    try {
      configureSetup(sim, v2.setup, preset);
      const got = runToEnd(sim);
      expect(got.completed).toBeGreaterThan(0);
      expect(got).toEqual(want);
    } finally {
      sim.dispose();
    }
  });
});
