/*
 * Shingled drives through the wasm engine and the binding, on the two
 * shingled presets, as a page would use them: a host-managed zone's write
 * pointer moves with writes at it, a write elsewhere comes back with the ZBC
 * status in its result and a ZONE_REFUSED event, a reset zone starts again;
 * on the drive-managed drive random writes fill the media cache by their
 * size (MC_APPEND events, smrStats) and idle time cleans it, a full cache makes the next write wait
 * for a band clean (BAND_CLEAN start and end, the stall in smrStats), and
 * results carry the LBN the host asked for.
 */
import { describe, it, expect, beforeAll, afterEach } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { testEngine } from './helpers/engine';
import {
  DeviceKind, EventKind, RequestStatus, SmrParam, SubmitFlag, ZoneAction, ZoneCond, ZoneType, type Engine, type Sim,
} from '../engine-wasm/binding';
import { configureDisk, validateDiskPreset, type DiskPreset } from '../web/state/diskPreset';

function preset(id: string): DiskPreset {
  const r = validateDiskPreset(JSON.parse(readFileSync(fileURLToPath(new URL(`../presets/disks/${id}.json`, import.meta.url)), 'utf8')));
  if (!r.ok) throw new Error(`${id}: ${JSON.stringify(r.errors)}`);
  return r.preset;
}

let engine: Engine;
const sims: Sim[] = [];
beforeAll(async () => { engine = await testEngine(); });
afterEach(() => { while (sims.length) sims.pop()!.dispose(); });

function load(id: string): { sim: Sim; d: number } {
  const sim = engine.createSim(1);
  sims.push(sim);
  const d = configureDisk(sim, preset(id));
  sim.outputConfigure(1 << 16, 4096);
  return { sim, d };
}

interface Ev { kind: number; time: number; dur: number; a: number; b: number; c: number; cyl: number }
interface Res { lbn: number; status: number; response: number; arrival: number }

/** Runs to the end; every event (the kinds asked for) and every result. */
function runAll(sim: Sim, kinds: number[]): { ev: Ev[]; res: Res[] } {
  const ev: Ev[] = [], res: Res[] = [];
  let st;
  do {
    st = sim.run();
    const e = sim.events();
    for (let i = 0; i < e.count; i++) {
      if (kinds.includes(e.kind(i))) ev.push({ kind: e.kind(i), time: e.time(i), dur: e.dur(i), a: e.a(i), b: e.b(i), c: e.c(i), cyl: e.cyl(i) });
    }
    const r = sim.results();
    for (let i = 0; i < r.count; i++) {
      res.push({ lbn: r.get(i, 'lbn'), status: r.status(i), response: r.get(i, 'responseMs'), arrival: r.get(i, 'arrivalMs') });
    }
  } while (st === 1);
  return { ev, res };
}

const W = SubmitFlag.Write | SubmitFlag.AfterPrevious;

describe('host-managed: hgst-ultrastar-hs14-smr', () => {
  it('a write at the write pointer moves it by its length; one elsewhere is refused with the ZBC status', () => {
    const { sim, d } = load('hgst-ultrastar-hs14-smr');
    expect(sim.deviceKind(d)).toBe(DeviceKind.Smr);
    expect(sim.zoneCount(d)).toBe(102);
    const z2 = sim.zone(d, 2);
    expect(z2.type).toBe(ZoneType.SeqRequired);
    expect(z2.lbns).toBe(524288);                       /* 256 MiB of 512-byte sectors */
    expect(sim.zone(d, 0).type).toBe(ZoneType.Conventional);
    sim.submit(0, z2.firstLbn, 2048, W);                /* at the pointer */
    sim.submit(0, z2.firstLbn + 4096, 8, W);            /* not at it */
    sim.submit(0, z2.firstLbn + 2048, 8, W);            /* at it again */
    const { ev, res } = runAll(sim, [EventKind.ZoneWp, EventKind.ZoneRefused]);
    expect(res.map((r) => r.status)).toEqual([RequestStatus.Ok, RequestStatus.UnalignedWrite, RequestStatus.Ok]);
    expect(sim.zone(d, 2).wp).toBe(z2.firstLbn + 2056);
    expect(sim.zone(d, 2).cond).toBe(ZoneCond.ImplicitOpen);
    expect(ev.filter((e) => e.kind === EventKind.ZoneWp).map((e) => e.b)).toEqual([2048, 2056]);
    const refused = ev.find((e) => e.kind === EventKind.ZoneRefused)!;
    expect([refused.a, refused.b, refused.c]).toEqual([2, RequestStatus.UnalignedWrite, 2048]);
    expect(res[1].response).toBeCloseTo(0.1, 12);       /* the write overhead: the media is not touched */
    expect(sim.error()).toMatch(/UNALIGNED WRITE COMMAND \(ASC\/ASCQ 21h\/04h\): not at the write pointer/);
    expect(sim.smrStats(d).refused).toBe(1);
  });

  it('reset rewinds the pointer, finish fills the zone; a conventional zone has none', () => {
    const { sim, d } = load('hgst-ultrastar-hs14-smr');
    const z = sim.zone(d, 3);
    sim.submit(0, z.firstLbn, 64, W);
    runAll(sim, []);
    expect(sim.zone(d, 3).wp).toBe(z.firstLbn + 64);
    sim.zoneAction(d, 3, ZoneAction.Reset);
    expect(sim.zone(d, 3)).toMatchObject({ wp: z.firstLbn, cond: ZoneCond.Empty });
    sim.zoneAction(d, 3, ZoneAction.Finish);
    expect(sim.zone(d, 3)).toMatchObject({ wp: z.firstLbn + z.lbns, cond: ZoneCond.Full });
    expect(() => sim.zoneAction(d, 0, ZoneAction.Reset)).toThrow(/zone 0 is conventional: it has no write pointer/);
  });
});

describe('drive-managed: seagate-st5000as0011-smr', () => {
  it('random writes fill the media cache at the rate of their size, in the cache\'s tracks; idle time cleans it', () => {
    const { sim, d } = load('seagate-st5000as0011-smr');
    const s0 = sim.smrStats(d);
    expect(s0.mcSectors).toBe(82 * 3800);               /* the 82 conventional tracks at the outer edge */
    expect(s0.mcTracks).toBe(82);
    const z = sim.zone(d, 5);
    for (let i = 1; i <= 50; i++) sim.submit(0, z.firstLbn + 8 * i * 7, 8, W);
    const { ev, res } = runAll(sim, [EventKind.McAppend, EventKind.BandClean, EventKind.Transfer]);
    const appends = ev.filter((e) => e.kind === EventKind.McAppend);
    expect(appends.map((e) => e.b)).toEqual(Array.from({ length: 50 }, (_, i) => 8 * (i + 1)));
    expect(appends.every((e) => e.cyl < 82)).toBe(true);
    expect(res.map((r) => r.lbn)).toEqual(Array.from({ length: 50 }, (_, i) => z.firstLbn + 8 * (i + 1) * 7));
    // Then the drive is idle (its last media write, a reported write's, over): after the preset's
    // 1 s it cleans band 5, which empties the cache.
    const clean = ev.filter((e) => e.kind === EventKind.BandClean);
    const lastMedia = Math.max(...ev.filter((e) => e.kind === EventKind.Transfer && e.time < clean[0].time).map((e) => e.time + e.dur));
    expect(lastMedia).toBeGreaterThan(Math.max(...res.map((r) => r.arrival + r.response)));   /* reported before written */
    expect(clean.map((e) => [e.a, e.b, e.c])).toEqual([[5, 1, 400], [5, 0, 400]]);
    expect(clean[0].time).toBeCloseTo(lastMedia + 1000, 9);
    expect(sim.smrStats(d)).toMatchObject({ mcUsed: 0, mcAppends: 50, mcWritten: 400, cleans: 1, stalls: 0 });
    expect(sim.zone(d, 5).cached).toBe(0);
  });

  it('a write finding the cache full waits for a band clean', () => {
    const { sim, d } = load('seagate-st5000as0011-smr');
    sim.smrSet(d, SmrParam.CleanIdleMs, -1);            /* never while idle: only when full */
    const z = sim.zone(d, 5), n = (82 * 3800) / 256;     /* writes of 256 sectors fill the cache exactly */
    for (let i = 0; i <= n; i++) sim.submit(0, z.firstLbn + 256 + ((i * 256) % (z.lbns - 512)), 256, W);
    const { ev, res } = runAll(sim, [EventKind.BandClean]);
    const [start, end] = ev;
    expect([start.a, start.b, end.a, end.b]).toEqual([5, 1, 5, 0]);
    expect(end.time - start.time).toBeCloseTo(start.dur, 9);
    const st = sim.smrStats(d);
    expect(st).toMatchObject({ cleans: 1, stalls: 1, mcUsed: 256 });
    // It waited for the reported writes' media writes still queued, then for the whole clean.
    const last = res[res.length - 1];
    expect(last.arrival).toBeLessThanOrEqual(start.time + 1e-9);
    expect(st.stallMs).toBeCloseTo(start.time + start.dur - last.arrival, 9);
    expect(last.response).toBeGreaterThan(start.dur);
  });
});
