/*
 * protocol.ts — the Atropos experiment's methods on the one engine bridge
 * (added to the bridge's EngineApi at the end). atAccess is plain: one
 * quadrangle volume over p copies of a disk, one access (a table row or a
 * column scan) run for each 2-D table layout, with what the page draws (the
 * tracks, cells and head-path events) and the engine's numbers. atSweep is
 * streamed: Figure 9 of the paper, one point per (d, b). Plain data only.
 */
import type { MethodsOf, StreamsOf } from '../../engine/protocol';
import type { RunInfo } from '../../engine/runProtocol';
import type { VolumeInfo } from '../../../engine-wasm/binding/engine';
import { wordsOf, type Word } from '../../../engine-wasm/binding/constants';

/** The engine's 2-D table layouts (sp_table2d_set). */
export type Layout = Word<'Table2dLayout'>;
export const LAYOUTS: readonly Layout[] = wordsOf('Table2dLayout');
export type Access = 'row' | 'column';
/** How a semi-sequential batch reaches its disk: SCSI-linked, pre-scheduled by the host, or neither. */
export type Presched = Word<'Presched'>;
/** How the naive layouts issue a record's cells: one at a time (the paper's naive) or as one linked batch. */
export type NaiveIssue = 'serial' | 'batched';

export interface AccessParams {
  /** The disk preset's JSON (validated in the worker). */
  preset: unknown;
  /** Disks in the volume. */
  p: number;
  /** Quadrangle depth (tracks) and VLBN = cell size (sectors). */
  d: number;
  b: number;
  /** Table columns (attributes); the rows are as many as the Atropos layout fits in the volume. */
  columns: number;
  access: Access;
  /** The record fetched (row access) or the first record scanned (column access). */
  row: number;
  /** The column scanned (column access). */
  column: number;
  /** Records scanned by a column access; 0 = one stripe of p·w records (a whole track on every disk). */
  scan: number;
  presched: Presched;
  naive: NaiveIssue;
}

/** One displayed track of one disk: what the engine says about it. */
export interface TrackView {
  /** Track index on the disk (cyl * surfaces + surface). */
  track: number;
  cyl: number;
  surface: number;
  firstLbn: number;
  lbnCount: number;
  /** Physical slots (spares included) and the angle of slot 0 (the skew, accumulated). */
  slots: number;
  slot0Angle: number;
  /** The volume's track-row index on this disk, -1 if the track is not in the volume. */
  volumeRow: number;
}

/** A piece of a table cell on a displayed track (a cell straddling the track's end is two pieces). */
export interface CellPiece {
  disk: number;
  /** Index in that disk's `tracks`. */
  trackIndex: number;
  /** The piece's first device LBN and the slot it is in (engine: sp_lbn_to_phys). */
  lbn: number;
  slot: number;
  /** Angle where the piece starts (engine: the slot's angle), and its length in sectors. */
  angle: number;
  sectors: number;
  row: number;
  column: number;
  /** The cell is one the access reads. */
  accessed: boolean;
}

/** One device event of the access (what the head path is drawn from). */
export interface HeadEvent {
  kind: 'seek' | 'rotate' | 'transfer' | 'headSwitch' | 'cylSwitch' | 'overhead';
  disk: number;
  req: number;
  logical: number;
  timeMs: number;
  durMs: number;
  /** Platter angle at timeMs (the engine's). */
  angle: number;
  /** Where the head is at the end (and, for moves, where it came from). */
  cyl: number;
  surface: number;
  fromCyl: number;
  fromSurface: number;
}

export interface DiskView {
  disk: number;
  tracks: TrackView[];
  events: HeadEvent[];
}

export interface LayoutRun {
  layout: Layout;
  /** Logical requests the access became, and device requests. */
  logical: number;
  deviceRequests: number;
  /** Last completion minus arrival (the access arrives at t = 0), from the engine's volume statistics. */
  responseMs: number;
  /** Engine statistics over the device requests: media transfer / head time. */
  efficiency: number;
  seekMs: number;
  rotationMs: number;
  transferMs: number;
  switchMs: number;
  sectors: number;
  disks: DiskView[];
  cells: CellPiece[];
}

export interface GridCell {
  /** The cell's first volume block, and the disk it is on. */
  vlbn: number;
  disk: number;
}

export interface AccessResult {
  params: AccessParams;
  info: VolumeInfo;
  revolutionMs: number;
  sectorBytes: number;
  /** Table rows (what fits in the volume with the Atropos layout). */
  rows: number;
  /** The record and column actually used (clamped into the table). */
  row: number;
  column: number;
  scan: number;
  /** Atropos's "mode page" and queries for the first accessed cell: get_boundaries and get_rectangle. */
  boundaries: { first: number; count: number };
  rectangle: number[];
  /** Exact cyclic and linear slack of the accessed column's quadrangle, in sectors. */
  slack: { cyclic: number; linear: number };
  /** The table around `row` under the Atropos layout: rows gridFirst.., C cells each. */
  gridFirst: number;
  grid: GridCell[][];
  runs: LayoutRun[];
}

export interface SweepParams {
  preset: unknown;
  /** Depths, one curve each. */
  ds: number[];
  /** Points per curve (values of b from 1 up to what one track holds). */
  points: number;
  /** Batches per point. */
  n: number;
  seed: number;
  presched: Presched;
}

export interface SweepCurve {
  d: number;
  /** b_max of both forms of the one-revolution constraint for this d (engine: sp_volume_info). */
  bMax: number;
  bMaxLinear: number;
  /** The largest b whose every quadrangle column passes the engine's exact cyclic check (the simulated step follows it). */
  bExact: number;
  bs: number[];
}

export interface SweepPointAt {
  d: number;
  b: number;
  /** S = d·b sectors. */
  sectors: number;
  /** Mean response of the batches, and less the seek of each batch's first request (Figure 9's y). */
  responseMs: number;
  responseLessSeekMs: number;
  /** The exact cyclic check for this (d, b). */
  cyclicOk: boolean;
  slackSectors: number;
}

export type SweepProgress = { kind: 'info'; N: number; sectorBytes: number; revolutionMs: number; curves: SweepCurve[] } | { kind: 'point'; point: SweepPointAt };
export interface SweepResult { points: SweepPointAt[] }

// ---- Figures 7 and 8, the Table-2 analogue, TPC-H-like mixes (figures.ts, table2.ts, mixes.ts) ----

/** Figure 7's lines: track-based striping (unit = one track), semi-sequential quadrangle access, conventional striping. */
export type Fig7Line = 'track' | 'semiseq' | 'stripe';
export interface Fig7Params {
  preset: unknown;
  /** Disks of the striped volumes (the semi-sequential line uses one). */
  p: number;
  /** Depth of the semi-sequential line. */
  d: number;
  /** The conventional stripe unit, KB. */
  stripeKb: number;
  /** Requests per point, and the seed of their places. */
  n: number;
  seed: number;
}
export interface Fig7Point {
  line: Fig7Line;
  /** I/O size (semi-sequential: d·b, b = the size / d rounded). */
  sectors: number;
  /** Engine statistics of the point's device requests: media transfer / head time. */
  efficiency: number;
  /** Mean response of the logical requests. */
  responseMs: number;
  requests: number;
}

export type Fig8BarKind = 'contiguous' | 'naive-serial' | 'naive-batched' | 'atropos-row' | 'atropos-column';
export interface Fig8Params {
  preset: unknown;
  /** Depths, one group of bars each. */
  ds: number[];
  n: number;
  seed: number;
}
export interface Fig8Bar {
  bar: Fig8BarKind;
  /** Depth (0: the contiguous bar) and cell size b = 8 KB / d. */
  d: number;
  b: number;
  /** Mean response of a random 8 KB chunk (a record of d cells, or d cells of one column). */
  responseMs: number;
}

export interface Table2Params {
  /** The presets, as the page bundles them. */
  presets: { id: string; json: unknown }[];
}
export interface Table2Row {
  id: string;
  rpm: number;
  /** Outer zone: data sectors per track, track skew, the largest skew a quadrangle crosses, the head switch in sectors. */
  N: number;
  H: number;
  HEff: number;
  switchSectors: number;
  sectorBytes: number;
  /** Maximal depth for b = 1, cyclic and linear forms. */
  D: number;
  DLinear: number;
  /** Per depth: b_max of both forms, and the largest b the exact check passes (0: none). */
  depths: { d: number; bMax: number; bMaxLinear: number; bExact: number }[];
  /** What the black-box extractor measured from timings alone: head switch (ms, and in sectors of the outer zone) and skew. */
  extracted: { headSwitchMs: number; switchSectors: number; skewSectors: number } | null;
  /** Why the preset has no row (the engine's message), '' if it has. */
  error: string;
}

/** TPC-H-like queries (mixes.ts). */
export type MixQuery = 'scan' | 'full' | 'records' | 'range' | 'mix';
export interface MixParams {
  preset: unknown;
  /** The page's volume and table: disks, depth, cell size, columns. */
  p: number;
  d: number;
  b: number;
  columns: number;
  queries: MixQuery[];
  /** Runs per query (seeds seed, seed + 1, ...). */
  reps: number;
  seed: number;
}
export interface MixRow {
  layout: Layout;
  query: MixQuery;
  /** Mean time of the query: last completion less arrival (engine's volume statistics). */
  ms: number;
  /** Mean logical requests it made (sp_table2d_submit_mix), and device requests. */
  requests: number;
  deviceRequests: number;
}

export type FigureParams = ({ figure: 'fig7' } & Fig7Params) | ({ figure: 'fig8' } & Fig8Params) | ({ figure: 'table2' } & Table2Params)
  | ({ figure: 'mix' } & MixParams);

export type FigureProgress =
  | { kind: 'fig7-info'; N: number; sectorBytes: number; revolutionMs: number; sizes: number[]; stripeSectors: number }
  | { kind: 'fig7-point'; point: Fig7Point }
  | { kind: 'fig8-info'; chunkSectors: number; sectorBytes: number }
  | { kind: 'fig8-bar'; bar: Fig8Bar }
  | { kind: 'table2-row'; row: Table2Row }
  | { kind: 'mix-row'; row: MixRow };

export type FigureResult = Fig7Point[] | Fig8Bar[] | Table2Row[] | MixRow[];

/** The access of one layout, played on the stage (a run the worker's run service streams). */
export interface StageParams extends AccessParams {
  layout: Layout;
}

export interface AtroposApi {
  /** One access (a record or a column scan) for every 2-D table layout over one quadrangle volume. */
  atAccess(params: AccessParams): AccessResult;
  /** Figure 9: semi-sequential batches, response vs S = d·b, one curve per d, point by point. */
  atSweep(params: SweepParams): Generator<SweepProgress, SweepResult, void>;
  /** The paper's other figures and tables, streamed point by point (figures.ts). */
  atFigure(params: FigureParams): Generator<FigureProgress, FigureResult, void>;
  /** The access under one layout, begun as a streamed run (runNext then pulls it). */
  atStageBegin(params: StageParams): RunInfo;
}

/** The streamed methods (the compiler checks that the list is complete). */
export const STREAMS: StreamsOf<AtroposApi> = { atSweep: true, atFigure: true };

/** Every method (the worker loads this page's code on the first call of one). */
export const METHODS: MethodsOf<AtroposApi> = { atAccess: true, atSweep: true, atFigure: true, atStageBegin: true };

declare module '../../engine/protocol' {
  interface EngineApi extends AtroposApi {}
}
