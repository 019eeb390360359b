/*
 * urlCodec.ts — a setup in the URL's query string, and back.
 *
 *   ?v=2&d0=hp-97560&d0.sched=sptf&d0.qd=8&devs=4&pol=stripe&seed=7&n=500
 *
 * Short, readable keys from the field tables (setup.ts). Devices are indexed:
 * `d0=<preset>` names device 0's preset and `d0.rpm=5400` one of its
 * overrides; `devs=4` makes four devices, each a copy of d0 unless a dN key
 * says otherwise (`d2.rpm=7200`: a copy of d0 at 7200 RPM; `d2=hp-97560`: a
 * device of that preset, with only its own dN overrides). The other fields
 * have one key each (`seed`, `n`, `pol`, `su`, ...). Fields equal to their
 * default are left out, overrides only when set; `v` is the format's version.
 * A field that sets an engine parameter is also read under the engine's name
 * for it (`d0.head_switch_ms=1.5` is `d0.hsw=1.5`; `devices=4` is `devs=4`);
 * links are written with the short keys.
 *
 * Every version 1 link (`?v=1&disk=…`, setupV1.ts) decodes to the equivalent
 * version 2 setup. Decoding never throws: unknown keys, missing or bad values,
 * a device that does not exist, a newer version or a hostile string each
 * become a Problem saying what was wrong and what was used instead (a long
 * list ends in one "and N more" line), and the setup returned always
 * validates. Values are only ever data: a message quotes them as text.
 */
import { MAX_QUERY_LENGTH, ProblemList, checkValue, encodeValue, fieldName, quoteRaw, readQuery } from './fields';
import {
  DEVICE_COUNT_FIELD, DEVICE_FIELDS, DEVICE_FIELD_BY_KEY, SETUP_FIELDS, SETUP_FIELD_BY_KEY, SETUP_VERSION,
  MAX_DEVICES, defaultSetup, getField, restoreSetup,
  fieldKeys, type DeviceSetup, type RawDevice, type RawSetup, type Restored, type Setup, type SetupContext,
} from './setup';
import { V1_KEYS, V1_ONLY_KEYS, rawFromV1 } from './setupV1';

export { MAX_QUERY_LENGTH } from './fields';

const DEVICE_KEY_RE = /^d(0|[1-9]\d*)(?:\.(.*))?$/;
/** `devs` and the engine's name for it, `devices`. */
const COUNT_KEYS: ReadonlySet<string> = new Set(fieldKeys(DEVICE_COUNT_FIELD));

function deviceValue(d: DeviceSetup, rel: string): unknown {
  return rel.startsWith('overrides.') ? (d.overrides as Record<string, unknown>)[rel.slice(10)] : (d as unknown as Record<string, unknown>)[rel];
}

/** The keys of one device: its preset (`dI=`) and every field not at its default. */
function deviceParts(i: number, d: DeviceSetup, only?: (rel: string) => boolean): string[] {
  const parts: string[] = [];
  for (const f of DEVICE_FIELDS) {
    if (only && !only(f.path)) continue;
    const v = deviceValue(d, f.path) as string | number | boolean | undefined;
    if (v === undefined || (f.key !== '' && v === f.def)) continue;
    parts.push(`${f.key === '' ? `d${i}` : `d${i}.${f.key}`}=${encodeURIComponent(encodeValue(f, v))}`);
  }
  return parts;
}

/** The query string of a setup, without the leading "?". Canonical: one setup, one string. */
export function encodeSetup(setup: Setup): string {
  const parts = [`v=${SETUP_VERSION}`];
  const [d0, ...rest] = setup.devices;
  parts.push(...deviceParts(0, d0));
  if (setup.devices.length > 1) parts.push(`${DEVICE_COUNT_FIELD.key}=${setup.devices.length}`);
  rest.forEach((d, k) => {
    const i = k + 1;
    const differs = (rel: string) => deviceValue(d, rel) !== deviceValue(d0, rel);
    // A copy of d0 with overrides added or changed: only what differs. Anything else: the device in full.
    const copy = d.preset === d0.preset && DEVICE_FIELDS.every((f) => deviceValue(d0, f.path) === undefined || deviceValue(d, f.path) !== undefined);
    if (copy) parts.push(...deviceParts(i, d, differs));
    else parts.push(...deviceParts(i, d));
  });
  for (const f of SETUP_FIELDS) {
    const v = getField(setup, f.path);
    if (v === undefined) continue;
    if (f.path !== 'seed' && v === f.def) continue;
    parts.push(`${f.key}=${encodeURIComponent(encodeValue(f, v))}`);
  }
  return parts.join('&');
}

/**
 * The setup in a query string ("?a=1&b=2" or "a=1&b=2"). An empty query is
 * the default setup with no problems.
 */
export function decodeSetup(query: string, ctx: SetupContext = {}): Restored {
  try {
    return decode(query, ctx);
  } catch (e) {
    // Nothing above should throw; if it does, the page still gets a setup.
    const { setup, problems } = restoreSetup({ devices: [], fields: new Map() }, ctx);
    return { setup, problems: [...problems, { field: 'link', message: `the link could not be read (${String(e).slice(0, 80)})`, used: 'the default setup' }] };
  }
}

/** A key's field for problems: its path when known, else the key itself. */
function keyField(key: string): string {
  const m = DEVICE_KEY_RE.exec(key);
  if (m && Number(m[1]) < MAX_DEVICES) {
    const f = m[2] === undefined ? DEVICE_FIELDS[0] : DEVICE_FIELD_BY_KEY.get(m[2]);
    if (f) return `devices[${m[1]}].${f.path}`;
  }
  return SETUP_FIELD_BY_KEY.get(key)?.path ?? (COUNT_KEYS.has(key) ? 'devices' : fieldName(key, 'link'));
}

function decode(query: string, ctx: SetupContext): Restored {
  const problems = new ProblemList('link');
  const pairs = readQuery(query, problems, (k) => (k === 'v' ? 'v' : keyField(k)));
  const version = pairs.get('v');
  pairs.delete('v');
  const any = version !== undefined || pairs.size > 0;
  let v1 = version === '1';
  if (any && version !== '1' && version !== String(SETUP_VERSION)) {
    if (version === undefined) {
      v1 = [...pairs.keys()].some((k) => V1_ONLY_KEYS.has(k));
      problems.push({ field: 'v', message: 'the link does not say its format version', used: `version ${v1 ? 1 : SETUP_VERSION} (from its keys)` });
    } else {
      const n = Number(version);
      const why = /^\d+$/.test(version) && n > SETUP_VERSION
        ? `the link was written by a newer version (${n}) of Spindle`
        : `${quoteRaw(version)} is not a format version this page knows`;
      problems.push({ field: 'v', message: why, used: `version ${SETUP_VERSION} (settings it knows are kept)` });
    }
  }
  const raw = v1 ? rawV1(pairs, problems) : rawV2(pairs, problems);
  const restored = restoreSetup(raw, ctx);
  problems.pushAll(restored.problems);
  return { setup: restored.setup, problems: problems.list() };
}

function unknownKey(key: string, problems: ProblemList): void {
  problems.push({ field: fieldName(key, 'link'), message: `${quoteRaw(key)} is not a setting this page knows`, used: 'nothing (ignored)' });
}

function rawV1(pairs: Map<string, string>, problems: ProblemList): RawSetup {
  const values: Array<[string, string]> = [];
  for (const [key, value] of pairs) {
    const path = Object.prototype.hasOwnProperty.call(V1_KEYS, key) ? V1_KEYS[key] : undefined;
    if (path) values.push([path, value]);
    else unknownKey(key, problems);
  }
  return rawFromV1(values, problems);
}

/** Sets a field's raw value, unless the link gave it already under its other key (which wins, as a repeated key's first value does). */
function setOnce(values: Map<string, unknown>, path: string, value: string, key: string, problems: ProblemList, field = path): void {
  if (!values.has(path)) {
    values.set(path, value);
    return;
  }
  problems.push({ field, message: `${quoteRaw(key)} sets a field the link has already set under its other name; the first value was used`, used: 'the first value' });
}

function rawV2(pairs: Map<string, string>, problems: ProblemList): RawSetup {
  const perDevice = new Map<number, Map<string, unknown>>();
  const fields = new Map<string, unknown>();
  const counted = new Map<string, unknown>();
  for (const [key, value] of pairs) {
    if (COUNT_KEYS.has(key)) {
      setOnce(counted, 'devices', value, key, problems);
      continue;
    }
    const m = DEVICE_KEY_RE.exec(key);
    if (m) {
      const i = Number(m[1]);
      const f = m[2] === undefined ? DEVICE_FIELDS[0] : DEVICE_FIELD_BY_KEY.get(m[2]);
      if (!f || m[2] === '') { unknownKey(key, problems); continue; }
      if (i >= MAX_DEVICES) {
        problems.push({ field: fieldName(key, 'link'), message: `device ${i > 1e6 ? 'index' : i} does not exist: a setup has at most ${MAX_DEVICES} devices (d0 to d${MAX_DEVICES - 1})`, used: 'nothing (ignored)' });
        continue;
      }
      if (!perDevice.has(i)) perDevice.set(i, new Map());
      setOnce(perDevice.get(i)!, f.path, value, key, problems, `devices[${i}].${f.path}`);
      continue;
    }
    const f = SETUP_FIELD_BY_KEY.get(key);
    if (f) setOnce(fields, f.path, value, key, problems);
    else unknownKey(key, problems);
  }
  const highest = Math.max(0, ...perDevice.keys());
  let count = highest + 1;
  const devs = counted.get('devices');
  if (devs !== undefined) {
    const c = checkValue(DEVICE_COUNT_FIELD, devs);
    if (c.ok) count = c.value as number;
    else problems.push({ field: 'devices', message: c.message, used: `${count} (from the dN keys)` });
  }
  for (const i of [...perDevice.keys()].sort((a, b) => a - b)) {
    if (i >= count) {
      problems.push({ field: `devices[${i}]`, message: `device ${i} does not exist: the link has ${count} device${count === 1 ? '' : 's'} (devs=${count})`, used: 'nothing (its settings are ignored)' });
    }
  }
  const devices: RawDevice[] = [];
  for (let i = 0; i < count; i++) {
    const values = perDevice.get(i) ?? new Map<string, unknown>();
    devices.push({ values, copyOfFirst: i > 0 && !values.has('preset') });
  }
  return { devices, fields };
}

/** The default setup's query string (what a bare link means). */
export function defaultQuery(): string {
  return encodeSetup(defaultSetup());
}
