/*
 * setup.ts — the validation view's setup and its URL form, after the page's
 * hash: #validate?disk=hp-c2247a&trace=hp_c2247a. `trace` is a bundled
 * measured trace (its file name without .trace) or `file` (one the user
 * loads; a link cannot carry the file). One field table, read by the shared
 * table-driven codec (web/state/fields.ts): a bad value falls back to its
 * default and says which field, what was wrong and what was used.
 */
import { flatCodec, oneOf, type FieldSpec, type Problem } from '../../state/fields';
import { VALIDATION_DRIVES } from './drives';

export interface ValSetup {
  /** The disk preset the trace is replayed through. */
  disk: string;
  /** A bundled trace's name, or 'file'. */
  trace: string;
}

export const FILE_TRACE = 'file';
/** The bundled traces' names: DiskSim's validation traces (bundled.ts serves each). */
export const TRACE_NAMES: readonly string[] = VALIDATION_DRIVES.map((d) => d.trace.replace(/\.trace$/, ''));

export const VAL_FIELDS: readonly FieldSpec<'validate'>[] = [
  { path: 'disk', key: 'disk', label: 'Disk preset', kind: { type: 'id' }, def: 'hp-c2247a', group: 'validate' },
  { path: 'trace', key: 'trace', label: 'Trace', kind: oneOf([...TRACE_NAMES, FILE_TRACE]), def: 'hp_c2247a', group: 'validate',
    help: 'a measured trace bundled with Spindle, or "file" for one you load' },
];

const codec = flatCodec<ValSetup>(VAL_FIELDS);

export const DEFAULT_VAL_SETUP: ValSetup = codec.defaults();

/** Parses the part after '#validate?' (or a whole hash); `disks` are the known preset ids. */
export function decodeValSetup(hash: string, disks: readonly string[]): { setup: ValSetup; problems: Problem[] } {
  const q = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  return codec.decode(q, { disk: disks });
}

export function encodeValSetup(s: ValSetup): string {
  return `#validate?${codec.encode(s)}`;
}
