/*
 * url.ts — the locator's setup and its URL form, after the page's hash:
 *   #locate?d0=hp-97560&d0.rpm=7200&lbn=100000&n=1&head=0&surf=0&t=0
 * d0 is the disk (the explorer's key for device 0) and d0.<key> its
 * overrides under the explorer's own keys and field table (d0.rpm, d0.zl,
 * d0.hsw, ...: absent = the preset's value); lbn and n the read; head and
 * surf the head's cylinder and surface before it; t the start time (ms).
 * One field table read by the same table-driven codec as every setup
 * (web/state/fields.ts): a bad value falls back to its default and is named.
 * A link without d0 takes the disk of the explorer's setup in the address's
 * query, with its overrides (?v=2&d0=…&d0.rpm=…#locate: "where is this LBN
 * on the disk I was watching"), else the explorer's default disk; d0.<key>
 * in the hash changes one of them. Ranges that depend on the disk (LBN below
 * its capacity, cylinder below its count) are checked by the page once the
 * disk is loaded, on the field that breaks them.
 */
import { MAX_SAFE, flatCodec, int, num, type FieldSpec, type Problem } from '../../state/fields';
import { DEVICE_FIELDS, defaultSetup, type DeviceOverrides } from '../../state/setup';
import { decodeSetup, encodeSetup } from '../../state/urlCodec';
import { hashQuery } from '../../lib/linkQuery';

export interface LocateSetup {
  disk: string;
  /** Device 0's overrides of the preset's values (the explorer's). */
  overrides: DeviceOverrides;
  lbn: number;
  sectors: number;
  fromCyl: number;
  fromSurface: number;
  startMs: number;
}

export const LOCATE_HASH = '#locate';

/** Device 0's override fields, from the explorer's table under its link keys (d0.rpm). */
const OVERRIDE_FIELDS: readonly FieldSpec<'locate'>[] = DEVICE_FIELDS.filter((f) => f.path.startsWith('overrides.')).map((f) => ({
  path: f.path, key: `d0.${f.key}`, label: f.label, kind: f.kind, def: undefined, group: 'locate', help: f.help,
}));

export const LOCATE_FIELDS: readonly FieldSpec<'locate'>[] = [
  { path: 'disk', key: 'd0', label: 'Disk preset', kind: { type: 'id' }, def: 'hp-c2200a', group: 'locate' },
  ...OVERRIDE_FIELDS,
  { path: 'lbn', key: 'lbn', label: 'LBN', kind: int(0, MAX_SAFE), def: 100000, group: 'locate' },
  { path: 'sectors', key: 'n', label: 'Sectors', kind: int(1, 100000), def: 1, group: 'locate' },
  { path: 'fromCyl', key: 'head', label: 'Head cylinder', kind: int(0, 1000000), def: 0, group: 'locate' },
  { path: 'fromSurface', key: 'surf', label: 'Head surface', kind: int(0, 63), def: 0, group: 'locate' },
  { path: 'startMs', key: 't', label: 'Start time (ms)', kind: num(0, 1e9), def: 0, group: 'locate' },
];

const codec = flatCodec<LocateSetup>(LOCATE_FIELDS);

/** The locator's setup in a location (hash and query); never throws. */
export function decodeLocate(hash: string, search: string, presetIds: readonly string[]): { setup: LocateSetup; problems: Problem[] } {
  const q = hashQuery(hash);
  const r = codec.decode(q, { disk: presetIds });
  if (!new URLSearchParams(q).has('d0')) {
    // The explorer's disk and its overrides, when the address holds an explorer setup (its problems are the explorer's to show).
    const explorer = search.replace(/^\?/, '') ? decodeSetup(search, { presetIds }).setup.devices[0] : undefined;
    if (explorer && presetIds.includes(explorer.preset)) {
      r.setup.disk = explorer.preset;
      r.setup.overrides = { ...explorer.overrides, ...r.setup.overrides };
    }
  }
  return r;
}

export function encodeLocate(s: LocateSetup): string {
  return `${LOCATE_HASH}?${codec.encode(s)}`;
}

/** The explorer's link for the locator's disk: the same preset and overrides as device 0. */
export function explorerLinkOf(disk: string, overrides: DeviceOverrides): string {
  const setup = defaultSetup();
  setup.devices[0] = { ...setup.devices[0], preset: disk, overrides: { ...overrides } };
  return `?${encodeSetup(setup)}`;
}
