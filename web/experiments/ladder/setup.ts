/*
 * setup.ts — the ladder page's setup and its URL form, after the page's hash:
 * #ladder?ladder=hp-c2200a&rung=b&seed=1&n=4000. One field table, read by the
 * shared table-driven codec (web/state/fields.ts): a bad value falls back to
 * its default and says which field, what was wrong and what was used.
 */
import { flatCodec, int, oneOf, type FieldSpec, type Problem } from '../../state/fields';
import { LADDERS } from './bundled';
import { MAX_LADDER_REQUESTS } from './service';

export interface LadderSetup {
  ladder: string;
  /** The rung drawn against the reference. */
  rung: string;
  seed: number;
  /** Requests per rung. */
  n: number;
}

const RUNG_IDS = [...new Set(LADDERS.flatMap((l) => l.ladder.rungs.map((r) => r.id)))];

export const LADDER_FIELDS: readonly FieldSpec<'ladder'>[] = [
  { path: 'ladder', key: 'ladder', label: 'Ladder', kind: oneOf(LADDERS.map((l) => l.id)), def: 'hp-c2200a', group: 'ladder' },
  { path: 'rung', key: 'rung', label: 'Rung', kind: oneOf(RUNG_IDS), def: 'a', group: 'ladder' },
  { path: 'seed', key: 'seed', label: 'Seed', kind: int(0, 2 ** 31 - 1), def: 1, group: 'ladder' },
  { path: 'n', key: 'n', label: 'Requests per rung', kind: int(100, MAX_LADDER_REQUESTS), def: 4000, group: 'ladder' },
];

const codec = flatCodec<LadderSetup>(LADDER_FIELDS);

export const DEFAULT_LADDER_SETUP: LadderSetup = codec.defaults();

/** Parses the part after '#ladder?' (or a whole hash). */
export function decodeLadderSetup(hash: string): { setup: LadderSetup; problems: Problem[] } {
  const q = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  return codec.decode(q);
}

export function encodeLadderSetup(s: LadderSetup): string {
  return `#ladder?${codec.encode(s)}`;
}
