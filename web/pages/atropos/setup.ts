/*
 * setup.ts — the Atropos experiment's setup and its URL form, after the
 * page's hash: #atropos?disk=maxtor-atlas-10k-iii&p=4&d=4&b=16&cols=4&acc=row&row=1000&...
 * One field table (AT_FIELDS), read by the same table-driven codec as every
 * setup (web/state/fields.ts). Unknown or bad values never break the page:
 * each falls back to its default and says which field, what was wrong and
 * what was used.
 */
import { MAX_SAFE, flatCodec, int, oneOf, type FieldSpec, type Problem } from '../../state/fields';
import { LAYOUTS, type Access, type FigureParams, type Layout, type NaiveIssue, type Presched } from './protocol';
import { wordsOf } from '../../../engine-wasm/binding/constants';

/** The naive layouts (every layout but Atropos). */
export type NaiveLayout = Exclude<Layout, 'atropos'>;
const NAIVE_LAYOUTS = LAYOUTS.filter((l): l is NaiveLayout => l !== 'atropos');

/** What the stage plays beside Atropos: nothing, one naive layout, or both naive layouts. */
export type Beside = 'none' | NaiveLayout | 'both';
export const BESIDE: readonly Beside[] = ['none', ...NAIVE_LAYOUTS, 'both'];

/** The layouts on the stage, Atropos first. */
export const stageLayouts = (beside: Beside): Layout[] =>
  beside === 'none' ? ['atropos'] : beside === 'both' ? ['atropos', ...NAIVE_LAYOUTS] : ['atropos', beside];

export interface AtSetup {
  disk: string;
  /** Disks, quadrangle depth (tracks), cell = VLBN size (sectors), table columns. */
  p: number;
  d: number;
  b: number;
  cols: number;
  /** The access: a record (row) or a column scan. */
  acc: Access;
  row: number;
  col: number;
  /** Records a column scan reads; 0 = one stripe (p·w records). */
  scan: number;
  /** The layout the quadrangle view shows. */
  show: Layout;
  pre: Presched;
  naive: NaiveIssue;
  /** The Figure 9 sweep: batches per point, points per curve, seed. */
  n: number;
  pts: number;
  seed: number;
  /** What plays beside Atropos on the stage (the same access, the same seed): a naive layout, both, or none. */
  cmp: Beside;
  /** Figure 7: the semi-sequential line's depth, the conventional stripe unit (KB), requests per point (Figure 8: three times as many). */
  f7d: number;
  su: number;
  fn: number;
}

export const AT_FIELDS: readonly FieldSpec<'atropos'>[] = [
  { path: 'disk', key: 'disk', label: 'Disk preset', kind: { type: 'id' }, def: 'maxtor-atlas-10k-iii', group: 'atropos' },
  { path: 'p', key: 'p', label: 'Disks', kind: int(1, 8), def: 4, group: 'atropos' },
  { path: 'd', key: 'd', label: 'Quadrangle depth d', kind: int(1, 16), def: 4, group: 'atropos', help: 'tracks per quadrangle' },
  { path: 'b', key: 'b', label: 'Block size b', kind: int(1, 1024), def: 16, group: 'atropos', help: 'sectors per VLBN (one table cell)' },
  { path: 'cols', key: 'cols', label: 'Table columns', kind: int(1, 64), def: 4, group: 'atropos' },
  { path: 'acc', key: 'acc', label: 'Access', kind: oneOf(['row', 'column']), def: 'row', group: 'atropos' },
  { path: 'row', key: 'row', label: 'Record', kind: int(0, MAX_SAFE), def: 1000, group: 'atropos' },
  { path: 'col', key: 'col', label: 'Column', kind: int(0, 63), def: 0, group: 'atropos' },
  { path: 'scan', key: 'scan', label: 'Records scanned', kind: int(0, 100000), def: 0, group: 'atropos', help: '0 = one stripe (p·w records)' },
  { path: 'show', key: 'show', label: 'Layout shown', kind: oneOf(LAYOUTS), def: 'atropos', group: 'atropos' },
  { path: 'pre', key: 'pre', label: 'Batch issue', kind: oneOf(wordsOf('Presched')), def: 'linked', group: 'atropos', help: 'linked (SCSI Link bit), pre-scheduled by the host, or neither' },
  { path: 'naive', key: 'naive', label: 'Naive issue', kind: oneOf(['serial', 'batched']), def: 'serial', group: 'atropos' },
  { path: 'n', key: 'n', label: 'Batches per point', kind: int(20, 5000), def: 200, group: 'atropos' },
  { path: 'pts', key: 'pts', label: 'Points per curve', kind: int(4, 40), def: 14, group: 'atropos' },
  { path: 'seed', key: 'seed', label: 'Seed', kind: int(0, MAX_SAFE), def: 1, group: 'atropos' },
  { path: 'cmp', key: 'cmp', label: 'Side by side with', kind: oneOf(BESIDE), def: 'naive-column', group: 'atropos', help: 'a naive layout, or both, beside Atropos on the stage' },
  { path: 'f7d', key: 'f7d', label: 'Figure 7 depth d', kind: int(1, 16), def: 3, group: 'atropos', help: 'the semi-sequential line' },
  { path: 'su', key: 'su', label: 'Conventional stripe unit (KB)', kind: int(4, 1024), def: 64, group: 'atropos' },
  { path: 'fn', key: 'fn', label: 'Requests per figure point', kind: int(10, 2000), def: 100, group: 'atropos' },
];

const codec = flatCodec<AtSetup>(AT_FIELDS);

export const DEFAULT_AT_SETUP: AtSetup = codec.defaults();

export type SetupProblem = Problem;

/** Parses the part after '#atropos?' (or a whole hash); `disks` are the known preset ids. */
export function decodeAtSetup(hash: string, disks: readonly string[]): { setup: AtSetup; problems: SetupProblem[] } {
  const q = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  return codec.decode(q, { disk: disks });
}

/** The hash for a setup (every field written, so a link is explicit). */
export function encodeAtSetup(s: AtSetup): string {
  return `#atropos?${codec.encode(s)}`;
}

/** The bridge parameters of Figure 7 and Figure 8 (d = 2 and 4, as the paper's bars). */
export function fig7Params(s: AtSetup, preset: unknown): FigureParams {
  return { figure: 'fig7', preset, p: s.p, d: s.f7d, stripeKb: s.su, n: s.fn, seed: s.seed };
}
export function fig8Params(s: AtSetup, preset: unknown): FigureParams {
  return { figure: 'fig8', preset, ds: [2, 4], n: 3 * s.fn, seed: s.seed };
}

/** The bridge parameters of the TPC-H-like queries over the page's volume and table. */
export function mixParams(s: AtSetup, preset: unknown): FigureParams {
  return { figure: 'mix', preset, p: s.p, d: s.d, b: s.b, columns: s.cols, queries: ['scan', 'full', 'records', 'range', 'mix'], reps: 3, seed: s.seed };
}

/** The bridge parameters of the setup's access. */
export function accessParams(s: AtSetup, preset: unknown) {
  return {
    preset, p: s.p, d: s.d, b: s.b, columns: s.cols, access: s.acc, row: s.row, column: s.col, scan: s.scan,
    presched: s.pre, naive: s.naive,
  };
}
