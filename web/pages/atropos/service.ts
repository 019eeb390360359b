/*
 * service.ts — the Atropos experiment's work in the engine's worker (bridge
 * methods atAccess and atSweep, see protocol.ts), without worker globals so
 * it runs under Vitest too. Every number comes from the engine: the volume
 * (SP_POLICY_QUADRANGLE), the 2-D table layouts (sp_table2d_*), the mapping
 * of cells to device LBNs and angles, the events of the run and its
 * statistics. This file only chooses what to ask and copies the answers.
 */
import {
  DiskParam, EngineError, EventKind, HOST, HostParam, Policy, Scheduler, Status, SubmitFlag,
  Table2dLayout, codeOf, wordsOf, type Engine, type Sim,
} from '../../../engine-wasm/binding';
import type { VolumeInfo } from '../../../engine-wasm/binding/engine';
import { configureDisk, type DiskPreset } from '../../state/diskPreset';
import type {
  AccessParams, AccessResult, CellPiece, DiskView, GridCell, HeadEvent, Layout, LayoutRun, Presched, SweepCurve, SweepParams,
  SweepPointAt, SweepProgress, SweepResult, TrackView,
} from './protocol';
import { LAYOUTS } from './protocol';
import { oneOfArg, presetArg, wholeArg } from '../../worker/args';

/** Most tracks shown per disk, and most table cells mapped for the view. */
const MAX_TRACKS_PER_DISK = 8;
const MAX_CELLS = 12000;
/** Grid rows shown around the chosen record. */
const GRID_ROWS = 12;


/**
 * A sim of p copies of the preset's disk, as the paper's array ran them:
 * SPTF with a deep queue (the batch is scheduled by the disk) and the read
 * cache off (every read goes to the media).
 */
export function arraySim(engine: Engine, parsed: DiskPreset, p: number, seed = 1): Sim {
  const sim = engine.createSim(seed);
  try {
    for (let i = 0; i < p; i++) {
      const d = configureDisk(sim, parsed);
      sim.diskSet(d, DiskParam.Scheduler, Scheduler.Sptf);
      sim.diskSet(d, DiskParam.QueueDepth, 64);
      sim.diskSet(d, DiskParam.CacheSegments, 0);
    }
    return sim;
  } catch (e) {
    sim.dispose();
    throw e;
  }
}

/** The quadrangle volume over all p disks (zone: the outermost with data; all its tracks). */
export function quadVolume(sim: Sim, p: number, d: number, b: number, presched: Presched): VolumeInfo {
  sim.hostSet(HostParam.Policy, Policy.Quadrangle);
  sim.hostSet(HostParam.Devices, p);
  sim.hostSet(HostParam.BlockSectors, b);
  sim.hostSet(HostParam.Depth, d);
  sim.hostSet(HostParam.Preschedule, codeOf('Presched', presched));
  sim.hostCommit();
  return sim.volumeInfo();
}

/** Rows of a C-column table that the Atropos layout fits in the volume: whole stripes of p·w records. */
export function tableRows(info: VolumeInfo, columns: number): number {
  const G = Math.ceil(columns / info.d);
  return Math.floor(info.quadrangles / G) * info.p * info.w;
}

const EVENT_KIND: Partial<Record<number, HeadEvent['kind']>> = {
  [EventKind.Seek]: 'seek', [EventKind.Rotate]: 'rotate', [EventKind.Transfer]: 'transfer',
  [EventKind.HeadSwitch]: 'headSwitch', [EventKind.CylSwitch]: 'cylSwitch', [EventKind.Overhead]: 'overhead',
};

interface DeviceRequest { disk: number; lbn: number; sectors: number }

/** Runs what was submitted to the end; the device events that move or use the head, and the device requests. */
function runCollect(sim: Sim): { events: HeadEvent[]; requests: DeviceRequest[] } {
  sim.outputConfigure(65536, 65536);
  const events: HeadEvent[] = [];
  const requests: DeviceRequest[] = [];
  for (;;) {
    const st = sim.run();
    const ev = sim.events();
    for (let i = 0; i < ev.count; i++) {
      const kind = EVENT_KIND[ev.kind(i)];
      if (!kind) continue;
      const k = ev.kind(i);
      events.push({
        kind, disk: ev.disk(i), req: ev.req(i), logical: ev.logical(i), timeMs: ev.time(i), durMs: ev.dur(i), angle: ev.angle(i),
        cyl: ev.cyl(i), surface: ev.surface(i),
        fromCyl: k === EventKind.Seek || k === EventKind.CylSwitch ? ev.a(i) : ev.cyl(i),
        fromSurface: k === EventKind.Seek ? ev.b(i) : k === EventKind.HeadSwitch ? ev.a(i) : ev.surface(i),
      });
    }
    const rs = sim.results();
    for (let i = 0; i < rs.count; i++) {
      if (rs.disk(i) < 0) continue;
      const r = rs.at(i);
      requests.push({ disk: rs.disk(i), lbn: r.lbn, sectors: r.sectors });
    }
    if (st === Status.Ok) break;
  }
  return { events, requests };
}

/** The tracks of a disk to show: those the access read, and the quadrangles holding them. */
function tracksOf(sim: Sim, disk: number, reqs: DeviceRequest[]): number[] {
  const read = new Set<number>();
  for (const r of reqs) {
    const t0 = sim.trackOfLbn(disk, r.lbn), t1 = sim.trackOfLbn(disk, r.lbn + r.sectors - 1);
    for (let t = t0; t <= t1 && read.size < 64; t++) read.add(t);
  }
  const shown = new Set<number>(read);
  for (const r of reqs) {
    // The quadrangle holding the request: its column's d blocks (get_rectangle), wherever they are.
    for (let k = 0; k < Math.min(r.sectors, 4); k++) {
      let v: number;
      try { v = sim.volumeUnmap(disk, r.lbn + k); } catch { continue; }    // a residual sector: try the next
      for (const x of sim.volumeRectangle(v)) shown.add(sim.trackOfLbn(disk, sim.volumeMap(x).lbn));
      break;
    }
  }
  const sorted = [...shown].sort((a, b) => a - b);
  if (sorted.length <= MAX_TRACKS_PER_DISK) return sorted;
  // Too many: the tracks read first, then their neighbours.
  const keep = [...read].sort((a, b) => a - b).slice(0, MAX_TRACKS_PER_DISK);
  for (const t of sorted) if (keep.length < MAX_TRACKS_PER_DISK && !keep.includes(t)) keep.push(t);
  return keep.sort((a, b) => a - b);
}

function trackView(sim: Sim, disk: number, t: number): TrackView {
  const tr = sim.trackInfo(disk, t);
  let volumeRow = -1;
  for (let k = 0; k < Math.min(tr.lbnCount, 8) && volumeRow < 0; k++) {
    try { volumeRow = Math.floor(sim.volumeUnit(sim.volumeUnmap(disk, tr.firstLbn + k)).first / sim.volumeUnit(0).count); } catch { /* residual */ }
  }
  return { track: t, cyl: tr.cyl, surface: tr.surface, firstLbn: tr.firstLbn, lbnCount: tr.lbnCount, slots: tr.slots, slot0Angle: tr.slot0Angle, volumeRow };
}

interface Cand { row: number; column: number; accessed: boolean }

/**
 * The cells to map for the view: the accessed ones and, as context, the cells
 * stored near them under this layout (a track row holds w consecutive VLBNs).
 */
export function candidates(layout: Layout, a: { access: 'row' | 'column'; row: number; column: number; scan: number; columns: number; rows: number },
  info: { p: number; w: number; d: number }): Cand[] {
  const out: Cand[] = [];
  const seen = new Set<string>();
  const add = (row: number, column: number, accessed: boolean) => {
    if (row < 0 || row >= a.rows || column < 0 || column >= a.columns) return;
    const key = `${row}:${column}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ row, column, accessed });
  };
  const C = a.columns, P = info.p * info.w;
  const accessedRows = a.access === 'row' ? [a.row] : Array.from({ length: a.scan }, (_, i) => a.row + i);
  const accessedCols = a.access === 'row' ? Array.from({ length: C }, (_, c) => c) : [a.column];
  for (const r of accessedRows) for (const c of accessedCols) add(r, c, true);
  const ctxRows = (lo: number, hi: number, cols: number[]) => {
    for (let r = lo; r < hi && out.length < MAX_CELLS; r++) for (const c of cols) add(r, c, false);
  };
  const r0 = a.row, r1 = a.access === 'row' ? a.row + 1 : a.row + a.scan;
  if (layout === 'atropos') {
    // The stripes of p·w records holding the accessed ones, over the column groups touched.
    const groups = new Set(accessedCols.map((c) => Math.floor(c / info.d)));
    const cols = Array.from({ length: C }, (_, c) => c).filter((c) => groups.has(Math.floor(c / info.d)));
    if (a.access === 'row') {
      const k = Math.floor(a.row / P), disk0 = Math.floor((a.row % P) / info.w);
      ctxRows(k * P + disk0 * info.w, k * P + (disk0 + 1) * info.w, cols);
    } else ctxRows(Math.floor(r0 / P) * P, Math.ceil(r1 / P) * P, cols);
  } else if (layout === 'naive-column') {
    ctxRows(r0 - info.w, r1 + info.w, accessedCols);
  } else {
    const k = Math.ceil(info.w / C);
    ctxRows(r0 - k, r1 + k, Array.from({ length: C }, (_, c) => c));
  }
  return out;
}

/** The cells (pieces) that land on the shown tracks, placed by the engine's mapping and slot angles. */
function cellPieces(sim: Sim, b: number, cands: Cand[], disks: DiskView[]): CellPiece[] {
  const where = new Map<string, number>();
  disks.forEach((dv) => dv.tracks.forEach((t, i) => where.set(`${dv.disk}:${t.track}`, i)));
  const out: CellPiece[] = [];
  for (const c of cands) {
    const v = sim.table2dCell(c.row, c.column);
    const first = sim.volumeMap(v), last = sim.volumeMap(v + b - 1);
    const pieces: { lbn: number; sectors: number }[] = [];
    if (last.lbn >= first.lbn && last.lbn - first.lbn === b - 1) pieces.push({ lbn: first.lbn, sectors: b });
    else {
      // It straddles its track's end: the rest is at the track's start (rotated modulo N).
      const tr = sim.trackInfo(first.device, sim.trackOfLbn(first.device, first.lbn));
      const head = tr.firstLbn + tr.lbnCount - first.lbn;
      pieces.push({ lbn: first.lbn, sectors: head });
      pieces.push({ lbn: last.lbn - (b - head) + 1, sectors: b - head });
    }
    for (const pc of pieces) {
      const t = sim.trackOfLbn(first.device, pc.lbn);
      const ti = where.get(`${first.device}:${t}`);
      if (ti === undefined) continue;
      const phys = sim.lbnToPhys(first.device, pc.lbn);
      out.push({ disk: first.device, trackIndex: ti, lbn: pc.lbn, slot: phys.slot, angle: phys.angle, sectors: pc.sectors, row: c.row, column: c.column, accessed: c.accessed });
    }
  }
  return out;
}

/** The access as run: the record or column, clamped into the table the volume holds. */
export interface Access { access: 'row' | 'column'; row: number; column: number; scan: number; columns: number; rows: number }

/**
 * Submits the access under one layout on a fresh sim state (seed 1): what
 * the page's table of layouts runs, and what the stage plays.
 */
export function submitAccess(sim: Sim, layout: Layout, a: Access, naiveSerial: boolean): void {
  sim.reset(1);
  sim.hostSet(HostParam.QueueDepth, layout !== 'atropos' && naiveSerial ? 1 : 0);
  sim.table2dSet(codeOf('Table2dLayout', layout), a.columns, a.rows);
  if (a.access === 'row') sim.table2dSubmitRow(0, a.row, layout !== 'atropos' && !naiveSerial ? SubmitFlag.Linked : 0);
  else sim.table2dSubmitColumn(0, a.column, a.row, a.scan, 0);
}

function runLayout(sim: Sim, layout: Layout, a: Access, info: VolumeInfo, naiveSerial: boolean): LayoutRun {
  submitAccess(sim, layout, a, naiveSerial);
  const { events, requests } = runCollect(sim);
  const host = sim.statsGet(HOST), dev = sim.statsGet(-1);
  const disks: DiskView[] = [];
  for (let d = 0; d < info.p; d++) {
    const reqs = requests.filter((r) => r.disk === d);
    if (reqs.length === 0) continue;
    const tracks = tracksOf(sim, d, reqs).map((t) => trackView(sim, d, t));
    disks.push({ disk: d, tracks, events: events.filter((e) => e.disk === d) });
  }
  const cells = cellPieces(sim, info.b, candidates(layout, a, info), disks);
  return {
    layout, logical: host.completed, deviceRequests: dev.completed,
    responseMs: host.lastCompleteMs - host.firstArrivalMs, efficiency: dev.efficiency,
    seekMs: dev.seekMeanMs, rotationMs: dev.rotationMeanMs, transferMs: dev.transferMeanMs, switchMs: dev.switchMeanMs,
    sectors: requests.reduce((s, r) => s + r.sectors, 0), disks, cells,
  };
}

export function checkAccessParams(p: AccessParams): AccessParams {
  return {
    preset: p.preset,
    p: wholeArg('p', p.p, 1, 16), d: wholeArg('d', p.d, 1, 64), b: wholeArg('b', p.b, 1, 4096), columns: wholeArg('columns', p.columns, 1, 256),
    access: oneOfArg('access', p.access, ['row', 'column'] as const), row: wholeArg('row', p.row, 0, Number.MAX_SAFE_INTEGER),
    column: wholeArg('column', p.column, 0, 255), scan: wholeArg('scan', p.scan, 0, 1_000_000),
    presched: oneOfArg('presched', p.presched, wordsOf('Presched')), naive: oneOfArg('naive', p.naive, ['serial', 'batched'] as const),
  };
}

/** The access the parameters ask for, in the table the volume holds (an error naming `columns` if none fits). */
export function resolveAccess(q: AccessParams, info: VolumeInfo): Access {
  const rows = tableRows(info, q.columns);
  if (rows < 1) throw new EngineError(Status.Range, `columns: ${q.columns} columns do not fit in the volume`, undefined, 'columns');
  const P = info.p * info.w;
  const column = Math.min(q.column, q.columns - 1);
  // A column scan starts at the stripe of p·w records holding the record (a whole track row on every disk).
  const asked = Math.min(q.row, rows - 1);
  const row = q.access === 'column' ? Math.floor(asked / P) * P : asked;
  const scan = Math.max(1, Math.min(q.scan === 0 ? P : q.scan, rows - row, 8 * P));
  return { access: q.access, row, column, scan, columns: q.columns, rows };
}

export function atAccess(engine: Engine, params: AccessParams): AccessResult {
  const q = checkAccessParams(params);
  const sim = arraySim(engine, presetArg(q.preset), q.p);
  try {
    const info = quadVolume(sim, q.p, q.d, q.b, q.presched);
    const a = resolveAccess(q, info);
    const { row, column, scan, rows } = a;
    sim.table2dSet(Table2dLayout.Atropos, q.columns, rows);
    const v = sim.table2dCell(row, q.access === 'row' ? 0 : column);
    const unit = sim.volumeUnit(v);
    const rectangle = sim.volumeRectangle(v);
    const slack = sim.volumeSlack(v);
    const gridFirst = Math.max(0, Math.min(row - 4, rows - GRID_ROWS));
    const grid: GridCell[][] = [];
    for (let r = gridFirst; r < Math.min(rows, gridFirst + GRID_ROWS); r++) {
      const cells: GridCell[] = [];
      for (let c = 0; c < q.columns; c++) { const x = sim.table2dCell(r, c); cells.push({ vlbn: x, disk: sim.volumeMap(x).device }); }
      grid.push(cells);
    }
    const runs = LAYOUTS.map((l) => runLayout(sim, l, a, info, q.naive === 'serial'));
    return {
      params: q, info, revolutionMs: sim.revolutionMs(0), sectorBytes: sim.diskGet(0, DiskParam.SectorBytes), rows, row, column, scan,
      boundaries: unit, rectangle, slack, gridFirst, grid, runs,
    };
  } finally {
    sim.dispose();
  }
}

/**
 * The largest b (up to 24 past b_max, at most a track's worth) whose every
 * quadrangle column of depth d passes the engine's exact cyclic check, on a
 * one-disk volume; 0 if none. Searched downwards: the first b that passes.
 */
export function exactBMax(sim: Sim, d: number, bMax: number, N: number, presched: Presched = 'linked'): number {
  for (let b = Math.min(Math.floor(N / d), Math.max(bMax, 0) + 24); b >= 1; b--) {
    if (quadVolume(sim, 1, d, b, presched).cyclicOk === 1) return b;
  }
  return 0;
}

/** Batches of one point: far enough apart that each finds its disk idle. */
export function gapMs(revolutionMs: number, d: number): number {
  return Math.max(40, (d + 2) * revolutionMs + 30);
}

/**
 * The batches of one Figure 9 point, submitted (not run): n records of d
 * cells of b sectors (C = d: one semi-sequential batch each), at rows the
 * engine draws, one disk, far enough apart that each finds it idle.
 */
export function sweepBatches(sim: Sim, d: number, b: number, n: number, seed: number, presched: Presched): VolumeInfo {
  sim.reset(seed);
  const info = quadVolume(sim, 1, d, b, presched);
  sim.table2dSet(Table2dLayout.Atropos, d, tableRows(info, d));
  const gap = gapMs(sim.revolutionMs(0), d);
  for (let k = 0; k < n; k++) sim.table2dSubmitRow(k * gap, -1, 0);
  return info;
}

/** One Figure 9 point (sweepBatches, run): the mean response and the mean less each batch's first seek. */
export function sweepPoint(sim: Sim, d: number, b: number, n: number, seed: number, presched: Presched): SweepPointAt {
  const info = sweepBatches(sim, d, b, n, seed, presched);
  sim.outputConfigure(0, 65536);
  const firstSeek = new Map<number, { t: number; seek: number }>();
  const logical: { id: number; resp: number }[] = [];
  for (;;) {
    const st = sim.run();
    const r = sim.results();
    for (let i = 0; i < r.count; i++) {
      const x = r.at(i);
      if (r.disk(i) === -1) { logical.push({ id: r.logical(i), resp: x.responseMs }); continue; }
      const f = firstSeek.get(r.logical(i));
      if (!f || x.dispatchMs < f.t) firstSeek.set(r.logical(i), { t: x.dispatchMs, seek: x.seekMs });
    }
    if (st === Status.Ok) break;
  }
  let resp = 0, less = 0;
  for (const l of logical) { resp += l.resp; less += l.resp - (firstSeek.get(l.id)?.seek ?? 0); }
  return {
    d, b, sectors: d * b, responseMs: resp / logical.length, responseLessSeekMs: less / logical.length,
    cyclicOk: info.cyclicOk === 1, slackSectors: info.slackSectors,
  };
}

/** The b values of one curve: `points` of them from 1 to a track's worth (S ≤ N), with the last b the exact check passes and the next (the step). */
export function sweepBs(N: number, d: number, bExact: number, points: number): number[] {
  const top = Math.max(1, Math.floor(N / d));
  const out = new Set<number>();
  for (let i = 1; i <= points; i++) out.add(Math.max(1, Math.round((i * top) / points)));
  for (const x of [bExact, bExact + 1]) if (x >= 1 && x <= top) out.add(x);
  return [...out].sort((a, b) => a - b);
}

export function* sweepStream(engine: Engine, p: SweepParams): Generator<SweepProgress, SweepResult, void> {
  if (!Array.isArray(p.ds) || p.ds.length < 1 || p.ds.length > 8) throw new EngineError(Status.Range, 'ds: 1 to 8 depths', undefined, 'ds');
  const ds = p.ds.map((d, i) => wholeArg(`ds[${i}]`, d, 1, 64));
  const points = wholeArg('points', p.points, 2, 100);
  const n = wholeArg('n', p.n, 1, 100_000);
  const seed = wholeArg('seed', p.seed, 0, Number.MAX_SAFE_INTEGER);
  const presched = oneOfArg('presched', p.presched, wordsOf('Presched'));
  const sim = arraySim(engine, presetArg(p.preset), 1, seed);
  try {
    const curves: SweepCurve[] = [];
    let N = 0;
    for (const d of ds) {
      const info = quadVolume(sim, 1, d, 1, presched);
      N = info.N;
      // The exact check passes a little past b_max when the head switch is shorter than the skew: find where it stops.
      const bExact = exactBMax(sim, d, info.bMax, info.N, presched);
      curves.push({ d, bMax: info.bMax, bMaxLinear: info.bMaxLinear, bExact, bs: sweepBs(info.N, d, bExact, points) });
    }
    yield { kind: 'info', N, sectorBytes: sim.diskGet(0, DiskParam.SectorBytes), revolutionMs: sim.revolutionMs(0), curves };
    const out: SweepPointAt[] = [];
    // Curves grow together: the i-th b of every curve, then the next.
    const most = Math.max(...curves.map((c) => c.bs.length));
    for (let i = 0; i < most; i++) {
      for (const c of curves) {
        if (i >= c.bs.length) continue;
        const pt = sweepPoint(sim, c.d, c.bs[i], n, seed, presched);
        out.push(pt);
        yield { kind: 'point', point: pt };
      }
    }
    return { points: out };
  } finally {
    sim.dispose();
  }
}
