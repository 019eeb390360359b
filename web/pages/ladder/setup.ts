/*
 * setup.ts — the ladder page's setup and its URL form, after the page's hash:
 * #ladder?ladder=hp-c2200a&rung=b&seed=1&n=4000&seek=off. One field table,
 * read by the shared table-driven codec (web/state/fields.ts): a bad value
 * falls back to its default and says which field, what was wrong and what
 * was used. A feature switch's key (switches.ts) is there only when the
 * student turned it away from what the rung sets.
 */
import { flatCodec, int, oneOf, type FieldSpec, type Problem } from '../../state/fields';
import { MAX_LADDER_REQUESTS } from './service';
import { SWITCHES } from './switches';

export interface LadderSetup {
  ladder: string;
  /** The rung drawn against the reference. */
  rung: string;
  seed: number;
  /** Requests per rung. */
  n: number;
  /** Feature switches turned by the student, by switch key (absent: as the rung sets it). */
  switches: Record<string, string | undefined>;
}

export const LADDER_FIELDS: readonly FieldSpec<'ladder'>[] = [
  { path: 'ladder', key: 'ladder', label: 'Ladder', kind: { type: 'id' }, def: 'hp-c2200a', group: 'ladder',
    help: 'a ladder file of presets/ladders' },
  { path: 'rung', key: 'rung', label: 'Rung', kind: { type: 'id' }, def: 'a', group: 'ladder',
    help: 'a rung of the ladder (the first when it has no such rung)' },
  { path: 'seed', key: 'seed', label: 'Seed', kind: int(0, 2 ** 31 - 1), def: 1, group: 'ladder' },
  { path: 'n', key: 'n', label: 'Requests per rung', kind: int(100, MAX_LADDER_REQUESTS), def: 4000, group: 'ladder' },
  ...SWITCHES.map((sw): FieldSpec<'ladder'> => ({
    path: `switches.${sw.key}`, key: sw.key, label: `Feature: ${sw.label}`, kind: oneOf(sw.options.map((o) => o.id)), def: undefined, group: 'ladder',
    help: 'absent: as the rung sets it',
  })),
];
const AS_THE_RUNG = 'as the rung sets it';

const codec = flatCodec<LadderSetup>(LADDER_FIELDS);

export const DEFAULT_LADDER_SETUP: LadderSetup = codec.defaults();

/** Parses the part after '#ladder?' (or a whole hash); `ladders` are the known ladder ids. */
export function decodeLadderSetup(hash: string, ladders: readonly string[]): { setup: LadderSetup; problems: Problem[] } {
  const q = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  const r = codec.decode(q, { ladder: ladders });
  // A switch left out is the rung's, not a preset's value.
  const problems = r.problems.map((p) => (p.field.startsWith('switches.') ? { ...p, used: AS_THE_RUNG } : p));
  return { setup: r.setup, problems };
}

export function encodeLadderSetup(s: LadderSetup): string {
  return `#ladder?${codec.encode(s)}`;
}
