/*
 * figures.ts — the Atropos paper's figures as engine sweeps (bridge method
 * atFigure, streamed: one message per point, so the charts fill in live):
 *  - Figure 7: access efficiency vs I/O size, random requests in the outer
 *    zone, for track-based striping (stripe unit = exactly one track),
 *    semi-sequential quadrangle access (d blocks of S/d sectors, one batch)
 *    and conventional striping (a fixed stripe unit, 64 KB by default);
 *  - Figure 8: a random 8 KB chunk read in the other-major order (a record
 *    of d cells) and in the primary order (d cells of one column), for the
 *    contiguous, naive and Atropos layouts at d = 2 and 4.
 * The engine computes every number (the volumes' mappings, the runs, the
 * statistics); this file chooses the requests' places with a small seeded
 * generator and reads the engine's answers.
 */
import {
  DiskParam, EngineError, HOST, HostParam, Policy, Presched, Status, SubmitFlag, Table2dLayout, WorkloadParam,
  type Engine, type Sim,
} from '../../../engine-wasm/binding';
import { oneOfArg, presetArg, wholeArg } from '../../worker/args';
import { arraySim, tableRows } from './service';
import type { Fig7Line, Fig7Params, Fig7Point, Fig8Bar, Fig8Params, FigureParams, FigureProgress, FigureResult, MixParams, Table2Params } from './protocol';
import { table2Stream } from './table2';
import { mixStream } from './mixes';

/** A small deterministic generator for the requests' places (the engine draws nothing here). */
export function placeRng(seed: number): () => number {
  let x = (Math.imul(seed + 1, 2654435761) >>> 0) || 1;
  return () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; };
}

/** First LBN past the outermost zone holding data, on device `disk`. */
export function outerZoneEnd(sim: Sim, disk = 0): number {
  let end = 0, zone = -1;
  for (let t = 0; t < sim.diskTrackCount(disk); t++) {
    const tr = sim.trackInfo(disk, t);
    if (tr.lbnCount === 0) continue;
    if (zone < 0) zone = tr.zone;
    if (tr.zone !== zone) break;
    end = tr.firstLbn + tr.lbnCount;
  }
  return end;
}

/** Requests this far apart find every disk idle: the longest one plus a margin. */
function gapFor(sim: Sim, sectors: number, N: number, d: number): number {
  return (Math.ceil(sectors / N) + d + 3) * sim.revolutionMs(0) + 30;
}

interface Measured { efficiency: number; responseMs: number; requests: number }

/** Runs what was submitted; the devices' efficiency (media transfer / head time) and the logical mean response. */
function measure(sim: Sim): Measured {
  sim.outputConfigure(0, 0);
  while (sim.run() !== Status.Ok) { /* chunks */ }
  const dev = sim.statsGet(-1), host = sim.statsGet(HOST);
  return { efficiency: dev.efficiency, responseMs: host.responseMeanMs, requests: host.completed };
}

/** The I/O sizes of Figure 7, in sectors: a fixed list of KB and whole tracks, up to 4 tracks. */
export function fig7Sizes(N: number, sectorBytes: number): number[] {
  const kb = [4, 8, 16, 32, 64, 96, 128, 160, 192, 256, 320, 384, 448, 512, 640, 768, 896, 1024, 1280];
  const s = new Set<number>(kb.map((k) => Math.round((k * 1024) / sectorBytes)).filter((x) => x <= 4 * N));
  for (const t of [1, 2, 4]) s.add(t * N);
  return [...s].sort((a, b) => a - b);
}

/**
 * One Figure 7 point: n requests of `sectors` one at a time on idle disks.
 * track / stripe: a RAID-0 volume (unit one track / `stripeSectors`), each
 * request starting at a random unit of the outer zone; semiseq: a quadrangle
 * volume of depth d, b = sectors / d, one semi-sequential batch at a random
 * quadrangle column. null when the size does not fit the line (semiseq: b < 1
 * or b > N).
 */
export function fig7Point(sim: Sim, line: Fig7Line, sectors: number, q: { p: number; d: number; stripeSectors: number; n: number; seed: number }): Fig7Point | null {
  sim.reset(q.seed);
  const rnd = placeRng(q.seed * 7919 + sectors * 3 + (line === 'track' ? 0 : line === 'semiseq' ? 1 : 2));
  if (line === 'semiseq') {
    const b = Math.round(sectors / q.d);
    sim.hostSet(HostParam.Policy, Policy.Quadrangle);
    sim.hostSet(HostParam.Devices, 1);
    sim.hostSet(HostParam.Depth, q.d);
    sim.hostSet(HostParam.Preschedule, Presched.Linked);
    sim.hostSet(HostParam.BlockSectors, 1);
    const N = sim.volumeInfo().N;
    if (b < 1 || b > N) return null;
    sim.hostSet(HostParam.BlockSectors, b);
    const info = sim.volumeInfo();
    const gap = gapFor(sim, q.d * b, N, q.d);
    for (let k = 0; k < q.n; k++) {
      const quad = Math.floor(rnd() * info.quadrangles), j = Math.floor(rnd() * info.w);
      sim.submit(k * gap, (quad * q.d * info.w + j) * b, q.d * b, SubmitFlag.Semiseq);
    }
    return { line, sectors: q.d * b, ...measure(sim) };
  }
  sim.hostSet(HostParam.Policy, Policy.Stripe);
  sim.hostSet(HostParam.Devices, q.p);
  sim.hostSet(HostParam.StripeSectors, line === 'stripe' ? q.stripeSectors : 0);
  sim.hostSet(HostParam.StripeTracks, 1);
  sim.hostSet(HostParam.Preschedule, Presched.Linked);
  sim.hostCommit();
  const end = outerZoneEnd(sim) * q.p, cap = sim.volumeCapacity();
  const N = sim.trackInfo(0, 0).lbnCount;
  const gap = gapFor(sim, sectors, N * q.p, 1);
  for (let k = 0; k < q.n; k++) {
    const first = sim.volumeUnit(Math.floor(rnd() * end)).first;
    if (first + sectors > cap) continue;
    sim.submit(k * gap, first, sectors, 0);
  }
  return { line, sectors, ...measure(sim) };
}

const LINES: readonly Fig7Line[] = ['track', 'semiseq', 'stripe'];

export function checkFig7(p: Fig7Params) {
  return {
    preset: presetArg(p.preset), p: wholeArg('p', p.p, 1, 16), d: wholeArg('d', p.d, 1, 16),
    stripeKb: wholeArg('stripeKb', p.stripeKb, 1, 4096), n: wholeArg('n', p.n, 1, 100_000), seed: wholeArg('seed', p.seed, 0, Number.MAX_SAFE_INTEGER),
  };
}

/** Figure 7, point by point (the sizes grow; the three lines together). */
export function* fig7Stream(engine: Engine, params: Fig7Params): Generator<FigureProgress, Fig7Point[], void> {
  const q = checkFig7(params);
  const sim = arraySim(engine, q.preset, q.p, q.seed);
  try {
    const sectorBytes = sim.diskGet(0, DiskParam.SectorBytes);
    const N = sim.trackInfo(0, 0).lbnCount;
    const stripeSectors = Math.max(1, Math.round((q.stripeKb * 1024) / sectorBytes));
    const sizes = fig7Sizes(N, sectorBytes);
    yield { kind: 'fig7-info', N, sectorBytes, revolutionMs: sim.revolutionMs(0), sizes, stripeSectors };
    const out: Fig7Point[] = [];
    for (const s of sizes) {
      for (const line of LINES) {
        const pt = fig7Point(sim, line, s, { ...q, stripeSectors });
        if (!pt) continue;
        out.push(pt);
        yield { kind: 'fig7-point', point: pt };
      }
    }
    return out;
  } finally {
    sim.dispose();
  }
}

// ---- Figure 8 -------------------------------------------------------------------

/** Random chunks in the outer zone of one disk, one at a time: the "Contiguous" bar (the engine's own workload). */
export function contiguousMs(sim: Sim, chunk: number, n: number, seed: number): number {
  sim.reset(seed);
  sim.hostSet(HostParam.Policy, Policy.Identity);
  sim.hostSet(HostParam.Devices, 1);
  sim.workloadSet(WorkloadParam.Count, n);
  sim.workloadSet(WorkloadParam.SizeSectors, chunk);
  sim.workloadSet(WorkloadParam.RegionFirstLbn, 0);
  sim.workloadSet(WorkloadParam.RegionLbns, outerZoneEnd(sim));
  const r = measure(sim);
  sim.workloadSet(WorkloadParam.Count, 0);
  return r.responseMs;
}

/** A quadrangle volume of depth d, cells of b sectors, one disk; `queueDepth` 1 issues the host's requests one at a time. */
function quad1(sim: Sim, d: number, b: number, seed: number, queueDepth: number) {
  sim.reset(seed);
  sim.hostSet(HostParam.Policy, Policy.Quadrangle);
  sim.hostSet(HostParam.Devices, 1);
  sim.hostSet(HostParam.Depth, d);
  sim.hostSet(HostParam.BlockSectors, b);
  sim.hostSet(HostParam.Preschedule, Presched.Linked);
  sim.hostSet(HostParam.QueueDepth, queueDepth);
  sim.hostCommit();
  return sim.volumeInfo();
}

/** Records of d cells (one semi-sequential batch each, rows drawn by the engine), or d cells of one column (one request). */
export function atroposChunkMs(sim: Sim, order: 'row' | 'column', d: number, b: number, n: number, seed: number): number {
  const info = quad1(sim, d, b, seed, 0);
  const rows = tableRows(info, d);
  sim.table2dSet(Table2dLayout.Atropos, d, rows);
  const gap = gapFor(sim, d * b, info.N, d), rnd = placeRng(seed * 31 + d);
  const P = info.p * info.w;
  for (let k = 0; k < n; k++) {
    if (order === 'row') { sim.table2dSubmitRow(k * gap, -1, 0); continue; }
    // d consecutive records of one column, inside one stripe (one track row: the primary order)
    const stripe = Math.floor(rnd() * (rows / P)), m = Math.floor(rnd() * (P - d + 1));
    sim.table2dSubmitColumn(k * gap, Math.floor(rnd() * d), stripe * P + m, d, 0);
  }
  return measure(sim).responseMs;
}

/**
 * The naive layout of Figure 8: a record's d cells on d adjacent tracks at
 * independent random places ("nearly half a revolution of rotational
 * latency for each of the d accesses"), issued one at a time (serial) or as
 * one linked batch the disk's SPTF orders (batched). The record's response:
 * its last cell's completion less its arrival.
 */
export function naiveChunkMs(sim: Sim, issue: 'serial' | 'batched', d: number, b: number, n: number, seed: number): number {
  const info = quad1(sim, d, b, seed, issue === 'serial' ? 1 : 0);
  const rnd = placeRng(seed * 977 + d);
  const gap = gapFor(sim, d * b, info.N, 2 * d);
  for (let k = 0; k < n; k++) {
    const q = Math.floor(rnd() * info.quadrangles);
    for (let i = 0; i < d; i++) {
      const j = Math.floor(rnd() * info.w);
      sim.submit(k * gap, ((q * d + i) * info.w + j) * b, b, issue === 'batched' && i + 1 < d ? SubmitFlag.Linked : 0);
    }
  }
  sim.outputConfigure(0, 65536);
  const done = new Array<number>(n).fill(0);
  for (;;) {
    const st = sim.run();
    const res = sim.results();
    for (let i = 0; i < res.count; i++) {
      if (res.disk(i) !== -1) continue;
      const x = res.at(i), k = Math.floor(res.logical(i) / d);
      done[k] = Math.max(done[k], x.completeMs - k * gap);
    }
    if (st === Status.Ok) break;
  }
  return done.reduce((a, x) => a + x, 0) / n;
}

export function checkFig8(p: Fig8Params) {
  if (!Array.isArray(p.ds) || p.ds.length < 1 || p.ds.length > 4) throw new EngineError(Status.Range, 'ds: 1 to 4 depths', undefined, 'ds');
  return {
    preset: presetArg(p.preset), ds: p.ds.map((d, i) => wholeArg(`ds[${i}]`, d, 1, 16)),
    n: wholeArg('n', p.n, 1, 100_000), seed: wholeArg('seed', p.seed, 0, Number.MAX_SAFE_INTEGER),
  };
}

/** Figure 8, bar by bar: Contiguous, then per d the naive (serial, batched) and Atropos (row, column) bars. */
export function* fig8Stream(engine: Engine, params: Fig8Params): Generator<FigureProgress, Fig8Bar[], void> {
  const q = checkFig8(params);
  const sim = arraySim(engine, q.preset, 1, q.seed);
  try {
    const sectorBytes = sim.diskGet(0, DiskParam.SectorBytes);
    const chunk = Math.max(1, Math.round(8192 / sectorBytes));
    yield { kind: 'fig8-info', chunkSectors: chunk, sectorBytes };
    const out: Fig8Bar[] = [];
    const push = (bar: Fig8Bar) => { out.push(bar); return { kind: 'fig8-bar', bar } as const; };
    yield push({ bar: 'contiguous', d: 0, b: chunk, responseMs: contiguousMs(sim, chunk, q.n, q.seed) });
    for (const d of q.ds) {
      const b = Math.floor(chunk / d);
      if (b < 1) continue;
      yield push({ bar: 'naive-serial', d, b, responseMs: naiveChunkMs(sim, 'serial', d, b, q.n, q.seed) });
      yield push({ bar: 'naive-batched', d, b, responseMs: naiveChunkMs(sim, 'batched', d, b, q.n, q.seed) });
      yield push({ bar: 'atropos-row', d, b, responseMs: atroposChunkMs(sim, 'row', d, b, q.n, q.seed) });
      yield push({ bar: 'atropos-column', d, b, responseMs: atroposChunkMs(sim, 'column', d, b, q.n, q.seed) });
    }
    return out;
  } finally {
    sim.dispose();
  }
}

/** The bridge method: one figure's stream. */
export function figureStream(engine: Engine, params: FigureParams): Generator<FigureProgress, FigureResult, void> {
  const figure = oneOfArg('figure', (params as { figure?: unknown })?.figure, ['fig7', 'fig8', 'table2', 'mix'] as const);
  if (figure === 'fig7') return fig7Stream(engine, params as Fig7Params);
  if (figure === 'table2') return table2Stream(engine, params as Table2Params);
  if (figure === 'mix') return mixStream(engine, params as MixParams);
  return fig8Stream(engine, params as Fig8Params);
}
