/*
 * setup.ts — the ladder page's setup and its URL form, after the page's hash:
 * #ladder?ladder=hp-c2200a&rung=b&seed=1&n=4000. One field table, read by the
 * shared table-driven codec (web/state/fields.ts): a bad value falls back to
 * its default and says which field, what was wrong and what was used.
 */
import { flatCodec, int, type FieldSpec, type Problem } from '../../state/fields';
import { MAX_LADDER_REQUESTS } from './service';

export interface LadderSetup {
  ladder: string;
  /** The rung drawn against the reference. */
  rung: string;
  seed: number;
  /** Requests per rung. */
  n: number;
}

export const LADDER_FIELDS: readonly FieldSpec<'ladder'>[] = [
  { path: 'ladder', key: 'ladder', label: 'Ladder', kind: { type: 'id' }, def: 'hp-c2200a', group: 'ladder',
    help: 'a ladder file of presets/ladders' },
  { path: 'rung', key: 'rung', label: 'Rung', kind: { type: 'id' }, def: 'a', group: 'ladder',
    help: 'a rung of the ladder (the first when it has no such rung)' },
  { path: 'seed', key: 'seed', label: 'Seed', kind: int(0, 2 ** 31 - 1), def: 1, group: 'ladder' },
  { path: 'n', key: 'n', label: 'Requests per rung', kind: int(100, MAX_LADDER_REQUESTS), def: 4000, group: 'ladder' },
];

const codec = flatCodec<LadderSetup>(LADDER_FIELDS);

export const DEFAULT_LADDER_SETUP: LadderSetup = codec.defaults();

/** Parses the part after '#ladder?' (or a whole hash); `ladders` are the known ladder ids. */
export function decodeLadderSetup(hash: string, ladders: readonly string[]): { setup: LadderSetup; problems: Problem[] } {
  const q = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  return codec.decode(q, { ladder: ladders });
}

export function encodeLadderSetup(s: LadderSetup): string {
  return `#ladder?${codec.encode(s)}`;
}
