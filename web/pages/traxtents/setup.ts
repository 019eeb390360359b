/*
 * setup.ts — the traxtent experiment's setup and its URL form, after the
 * page's hash: #traxtents?disk=quantum-atlas-10k-ii&q=2&zl=preset&adapter=paper&n=5000&seed=1&points=24&view=sweep
 * One field table (TRAX_FIELDS), read by the same table-driven codec as
 * every setup (web/state/fields.ts). Unknown or bad values never break the
 * page: each falls back to its default and says which field, what was wrong
 * and what was used.
 */
import { MAX_SAFE, flatCodec, int, oneOf, type FieldSpec, type Problem } from '../../state/fields';
import { adapterField, type Adapter } from '../../experiments/adapter';
import { SHINGLED_REFUSAL, isShingledId } from './disks';

export type View = 'sweep' | 'extract';
export type ZlMode = 'preset' | 'on' | 'off';

export interface TraxSetup {
  disk: string;
  /** Requests outstanding: 1 = onereq, 2 = tworeq. */
  q: 1 | 2;
  zl: ZlMode;
  /** The host adapter (bus time per sector): the paper's (default), the drive's own, or MB/s. */
  adapter: Adapter;
  /** Requests per point. */
  n: number;
  seed: number;
  /** Request sizes in the sweep. */
  points: number;
  view: View;
}

export const TRAX_FIELDS: readonly FieldSpec<'trax'>[] = [
  { path: 'disk', key: 'disk', label: 'Disk preset', kind: { type: 'id' }, def: 'quantum-atlas-10k-ii', group: 'trax' },
  { path: 'q', key: 'q', label: 'Requests outstanding', kind: int(1, 2), def: 2, group: 'trax', help: '1 = onereq, 2 = tworeq' },
  { path: 'zl', key: 'zl', label: 'Zero-latency access', kind: oneOf(['preset', 'on', 'off']), def: 'preset', group: 'trax' },
  adapterField('trax'),
  { path: 'n', key: 'n', label: 'Requests per point', kind: int(100, 20000), def: 5000, group: 'trax' },
  { path: 'seed', key: 'seed', label: 'Seed', kind: int(0, MAX_SAFE), def: 1, group: 'trax' },
  { path: 'points', key: 'points', label: 'Request sizes', kind: int(4, 60), def: 24, group: 'trax' },
  { path: 'view', key: 'view', label: 'View', kind: oneOf(['sweep', 'extract']), def: 'sweep', group: 'trax' },
];

const codec = flatCodec<TraxSetup>(TRAX_FIELDS);

export const DEFAULT_SETUP: TraxSetup = codec.defaults();

export type SetupProblem = Problem;

/**
 * Parses the part after '#traxtents?' (or a whole hash); `disks` are the preset ids the page offers.
 * A shingled preset is not among them, and a link naming one is told why.
 */
export function decodeTraxSetup(hash: string, disks: readonly string[]): { setup: TraxSetup; problems: SetupProblem[] } {
  const q = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  const r = codec.decode(q, { disk: disks });
  const named = new URLSearchParams(q).get('disk') ?? '';
  if (!isShingledId(named)) return r;
  const problems = r.problems.map((p) => (p.field === 'disk' ? { ...p, message: `Disk preset: "${named}" ${SHINGLED_REFUSAL}; choose a conventional disk` } : p));
  return { setup: r.setup, problems };
}

/** The hash for a setup (every field written, so a link is explicit). */
export function encodeTraxSetup(s: TraxSetup): string {
  return `#traxtents?${codec.encode(s)}`;
}
