/*
 * url.ts — the locator's setup and its URL form, after the page's hash:
 *   #locate?d0=hp-97560&lbn=100000&n=1&head=0&surf=0&t=0
 * d0 is the disk (the explorer's key for device 0); lbn and n the read; head
 * and surf the head's cylinder and surface before it; t the start time (ms).
 * One field table read by the same table-driven codec as every setup
 * (web/state/fields.ts): a bad value falls back to its default and is named.
 * A link without d0 takes the disk of the explorer's setup in the address's
 * query (?v=2&d0=…#locate: "where is this LBN on the disk I was watching"),
 * else the explorer's default disk. Ranges that depend on the disk (LBN
 * below its capacity, cylinder below its count) are checked by the page once
 * the disk is loaded, on the field that breaks them.
 */
import { MAX_SAFE, flatCodec, int, num, type FieldSpec, type Problem } from '../state/fields';
import { decodeSetup } from '../state/urlCodec';

export interface LocateSetup {
  disk: string;
  lbn: number;
  sectors: number;
  fromCyl: number;
  fromSurface: number;
  startMs: number;
}

export const LOCATE_HASH = '#locate';

export const LOCATE_FIELDS: readonly FieldSpec<'locate'>[] = [
  { path: 'disk', key: 'd0', label: 'Disk preset', kind: { type: 'id' }, def: 'hp-c2200a', group: 'locate' },
  { path: 'lbn', key: 'lbn', label: 'LBN', kind: int(0, MAX_SAFE), def: 100000, group: 'locate' },
  { path: 'sectors', key: 'n', label: 'Sectors', kind: int(1, 100000), def: 1, group: 'locate' },
  { path: 'fromCyl', key: 'head', label: 'Head cylinder', kind: int(0, 1000000), def: 0, group: 'locate' },
  { path: 'fromSurface', key: 'surf', label: 'Head surface', kind: int(0, 63), def: 0, group: 'locate' },
  { path: 'startMs', key: 't', label: 'Start time (ms)', kind: num(0, 1e9), def: 0, group: 'locate' },
];

const codec = flatCodec<LocateSetup>(LOCATE_FIELDS);

/** The locator's setup in a location (hash and query); never throws. */
export function decodeLocate(hash: string, search: string, presetIds: readonly string[]): { setup: LocateSetup; problems: Problem[] } {
  const q = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  const r = codec.decode(q, { disk: presetIds });
  if (!new URLSearchParams(q).has('d0')) {
    // The explorer's disk, when the address holds an explorer setup (its problems are the explorer's to show).
    const explorer = search.replace(/^\?/, '') ? decodeSetup(search, { presetIds }).setup.devices[0].preset : undefined;
    if (explorer && presetIds.includes(explorer)) r.setup.disk = explorer;
  }
  return r;
}

export function encodeLocate(s: LocateSetup): string {
  return `${LOCATE_HASH}?${codec.encode(s)}`;
}
