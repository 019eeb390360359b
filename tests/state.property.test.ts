/*
 * Property-based tests (fast-check) of the setup's URL codec, JSON load and
 * validation (web/state): whatever a link, a saved file or a caller hands
 * them — arbitrary strings, arbitrary JSON, hostile values for known keys —
 * they never throw, always return a setup that validates, and every problem
 * they report names a field and what was used instead, in a short message
 * that quotes the input only as plain text. And a valid setup survives the
 * URL and the JSON round trip unchanged.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  DEVICE_FIELDS, SETUP_FIELDS, checkValue, defaultSetup, deviceField, fieldsOf, getField, restoreSetup, sameSetup,
  validateSetup, withField,
  type SetupField as FieldSpec, type FieldValue, type Problem, type Restored, type Setup, type SetupContext,
} from '../web/state/setup';
import { V1_KEYS } from '../web/state/setupV1';
import { decodeSetup, encodeSetup, MAX_QUERY_LENGTH } from '../web/state/urlCodec';
import { setupFromJson, setupToJson } from '../web/state/setupJson';

const PRESET_IDS = readdirSync(fileURLToPath(new URL('../presets/disks', import.meta.url)))
  .filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
const CTX: SetupContext = { presetIds: PRESET_IDS };
const RUNS = { numRuns: 300 };

/** A restored setup: validates, and its problems are well-formed. */
function wellFormed(r: Restored, ctx: SetupContext = CTX): void {
  expect(validateSetup(r.setup, ctx)).toEqual([]);
  for (const p of r.problems) checkProblem(p);
}

function checkProblem(p: Problem): void {
  expect(typeof p.field).toBe('string');
  expect(p.field.length).toBeGreaterThan(0);
  expect(p.field.length).toBeLessThanOrEqual(64);
  expect(typeof p.message).toBe('string');
  expect(p.message.length).toBeGreaterThan(0);
  expect(p.message.length).toBeLessThan(400);            // a hostile value is quoted short
  // eslint-disable-next-line no-control-regex
  expect(p.message).not.toMatch(/[\u0000-\u001f\u007f]/);  // and as plain text
  expect(typeof p.used).toBe('string');
  expect(p.used.length).toBeGreaterThan(0);
}

// ---- arbitraries -----------------------------------------------------------------

const INT32_MAX = 2 ** 31 - 1;

function validValue(f: FieldSpec): fc.Arbitrary<FieldValue> {
  const k = f.kind;
  switch (k.type) {
    case 'int':
      if (k.max <= INT32_MAX) return fc.integer({ min: k.min, max: k.max });
      return fc.oneof(fc.integer({ min: k.min, max: INT32_MAX }), fc.maxSafeNat().filter((v) => v >= k.min && v <= k.max));
    case 'num':
      return fc.oneof(
        fc.integer({ min: Math.ceil(k.min), max: Math.min(Math.floor(k.max), INT32_MAX) }),
        fc.double({ min: k.min, max: k.max, noNaN: true, noDefaultInfinity: true }),
      ).filter((v) => !(k.exclusiveMin && v <= k.min));
    case 'enum': return fc.constantFrom(...k.values);
    case 'bool': return fc.boolean();
    case 'id': return fc.constantFrom(...PRESET_IDS);
  }
}

/** The fields of device 0 and of the rest of the setup: what a one-device link may hold. */
const FIELDS: FieldSpec[] = [...DEVICE_FIELDS.map((f) => deviceField(f, 0)), ...SETUP_FIELDS];

/** A device every field of which is valid (overrides present or absent). */
const validDevice = fc.tuple(...DEVICE_FIELDS.map((f) => (f.def === undefined ? fc.option(validValue(f), { nil: undefined }) : validValue(f))));

/** A setup every field of which is valid: 1 to 4 devices (several: striped), overrides present or absent. */
const validSetup: fc.Arbitrary<Setup> = fc.tuple(
  fc.array(validDevice, { minLength: 1, maxLength: 4 }),
  ...SETUP_FIELDS.map((f) => validValue(f)),
).map(([devices, ...values]) => {
  let s = withField(defaultSetup(), 'devices', devices.length);
  devices.forEach((dv, i) => DEVICE_FIELDS.forEach((f, k) => { s = withField(s, `devices[${i}].${f.path}`, dv[k] as FieldValue | undefined); }));
  SETUP_FIELDS.forEach((f, i) => { s = withField(s, f.path, values[i] as FieldValue); });
  if (devices.length > 1) s = withField(s, 'host.policy', 'stripe');
  // The rules between fields: whole sizes unless exponential; a uniform maximum not below the minimum.
  const w = s.workload;
  if (w.sizeDist !== 'exponential') s = withField(s, 'workload.sizeSectors', Math.max(1, Math.min(65536, Math.round(w.sizeSectors))));
  if (s.workload.sizeDist === 'uniform' && s.workload.sizeMaxSectors !== 0 && s.workload.sizeMaxSectors < s.workload.sizeSectors) {
    s = withField(s, 'workload.sizeMaxSectors', 0);
  }
  return s;
});

/** Strings a value in a link may hold: numbers, near-numbers, names, junk. */
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', ' ', 'NaN', 'Infinity', '-Infinity', '1e309', '-0', '0x10', '1_000', '１２', '1.', '.5', '+3', '--1',
    '9007199254740993', '1e-400', 'true', 'false', 'null', 'undefined', '__proto__', 'constructor', '<script>alert(1)</script>',
    '%', '%zz', '%00', '\u0000', '\u202e', 'fcfs', 'sptf', 'hp-c2200a', 'HP-C2200A', 'a'.repeat(5000)),
  fc.double().map(String),
  fc.integer().map(String),
);

const knownKey = fc.constantFrom(...FIELDS.map((f) => f.key), ...DEVICE_FIELDS.map((f) => deviceField(f, 3).key), 'devs', 'd16', 'd1.', 'v', ...Object.keys(V1_KEYS));

/** A query string of known and unknown keys with hostile values. */
const hostileQuery = fc.array(
  fc.tuple(fc.oneof(knownKey, knownKey, fc.string()), hostileString),
  { maxLength: 40 },
).map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));

// ---- the URL codec ---------------------------------------------------------------

describe('decodeSetup', () => {
  it('never throws on an arbitrary string, and the setup validates', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 6000 })), (q) => {
      wellFormed(decodeSetup(q, CTX));
    }), RUNS);
  });

  it('never throws on known keys with hostile values; each bad one is a named problem', () => {
    fc.assert(fc.property(hostileQuery, fc.constantFrom(0, 1, 2, 3), (q, withVersion) => {
      const r = decodeSetup(withVersion ? `v=${withVersion}&${q}` : q, CTX);
      wellFormed(r);
    }), RUNS);
  });

  it('for every single field: a good value is kept, a bad one is a problem naming that field', () => {
    fc.assert(fc.property(fc.constantFrom(...FIELDS), hostileString, (f, raw) => {
      const r = decodeSetup(`v=2&${f.key}=${encodeURIComponent(raw)}`, CTX);
      wellFormed(r);
      const c = checkValue(f, raw);
      const named = r.problems.some((p) => p.field === f.path);
      if (c.ok && !named) expect(getField(r.setup, f.path)).toBe(c.value);
      if (!c.ok) expect(named).toBe(true);
    }), RUNS);
  });

  it('reads a link cut to its maximum length without throwing', () => {
    fc.assert(fc.property(fc.string({ minLength: MAX_QUERY_LENGTH, maxLength: MAX_QUERY_LENGTH * 2 }), (q) => {
      const r = decodeSetup(`v=2&n=${q}`, CTX);
      wellFormed(r);
    }), { numRuns: 30 });
  });

  it('round-trips every valid setup exactly, with no problems', () => {
    fc.assert(fc.property(validSetup, (s) => {
      expect(validateSetup(s, CTX)).toEqual([]);
      const q = encodeSetup(s);
      expect(q.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
      const r = decodeSetup(q, CTX);
      expect(r.problems).toEqual([]);
      expect(sameSetup(r.setup, s)).toBe(true);
      expect(encodeSetup(r.setup)).toBe(q);               // encoding is canonical
    }), RUNS);
  });
});

// ---- JSON save and load -----------------------------------------------------------

describe('setupFromJson', () => {
  it('never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string(), (t) => { wellFormed(setupFromJson(t, CTX)); }), RUNS);
  });

  it('never throws on arbitrary JSON, nor on setup-shaped JSON with hostile values', () => {
    const fieldValue = fc.oneof(fc.jsonValue(), hostileString, fc.double(), fc.constant(null));
    const shaped = fc.record({
      format: fc.oneof(fc.constant('spindle-setup'), fc.jsonValue()),
      version: fc.oneof(fc.constant(1), fc.constant(2), fc.jsonValue()),
      preset: fieldValue, seed: fieldValue, scheduler: fieldValue, queueDepth: fieldValue,
      devices: fc.oneof(fc.array(fc.oneof(fc.record({
        kind: fieldValue, preset: fieldValue,
        overrides: fc.oneof(fc.dictionary(fc.constantFrom('rpm', 'scheduler', 'queueDepth', 'junk'), fieldValue), fc.jsonValue()),
      }, { requiredKeys: [] }), fc.jsonValue()), { maxLength: 20 }), fc.jsonValue()),
      host: fc.oneof(fc.dictionary(fc.constantFrom('policy', 'stripeSectors', 'stripeTracks', 'scheduler', 'queueDepth', 'junk'), fieldValue), fc.jsonValue()),
      workload: fc.oneof(fc.dictionary(fc.constantFrom('count', 'outstanding', 'sizeSectors', 'ratePerS', 'align', 'junk'), fieldValue), fc.jsonValue()),
      disk: fc.oneof(fc.dictionary(fc.constantFrom('rpm', 'zeroLatency', 'busMsPerSector', 'junk'), fieldValue), fc.jsonValue()),
      cache: fc.oneof(fc.dictionary(fc.constantFrom('segments', 'readAhead', 'junk'), fieldValue), fc.jsonValue()),
      view: fc.jsonValue(),
    }, { requiredKeys: [] });
    fc.assert(fc.property(fc.oneof(fc.jsonValue(), shaped), (doc) => {
      wellFormed(setupFromJson(JSON.stringify(doc), CTX));
    }), RUNS);
  });

  it('round-trips every valid setup exactly, with no problems', () => {
    fc.assert(fc.property(validSetup, (s) => {
      const r = setupFromJson(setupToJson(s), CTX);
      expect(r.problems).toEqual([]);
      expect(sameSetup(r.setup, s)).toBe(true);
    }), RUNS);
  });
});

// ---- validation --------------------------------------------------------------------

describe('validateSetup and restoreSetup', () => {
  it('validateSetup never throws on a setup with arbitrary values, and names fields that exist', () => {
    fc.assert(fc.property(validSetup, fc.array(fc.tuple(fc.nat(), fc.anything()), { maxLength: 6 }),
      fc.option(fc.integer({ min: 0, max: 2 ** 40 }), { nil: undefined }), (s, changes, capacity) => {
        let bad = s;
        const fields = fieldsOf(s).filter((f) => f.path !== 'devices');
        for (const [k, v] of changes) bad = withField(bad, fields[k % fields.length].path, v as FieldValue);
        const paths = new Set([...fieldsOf(bad).map((f) => f.path), 'host.policy']);
        const errors = validateSetup(bad, { ...CTX, capacity });
        for (const e of errors) {
          expect(paths.has(e.field)).toBe(true);
          expect(e.message.length).toBeGreaterThan(0);
        }
      }), RUNS);
  });

  it('restoreSetup never throws on arbitrary raw values, and always repairs to a valid setup', () => {
    const rawDevice = fc.record({
      values: fc.array(fc.tuple(fc.constantFrom(...DEVICE_FIELDS.map((f) => f.path)), fc.oneof(fc.anything(), hostileString)), { maxLength: 6 })
        .map((e) => new Map<string, unknown>(e)),
      copyOfFirst: fc.boolean(),
    });
    fc.assert(fc.property(
      fc.array(rawDevice, { maxLength: 20 }),
      fc.array(fc.tuple(fc.constantFrom(...SETUP_FIELDS.map((f) => f.path)), fc.oneof(fc.anything(), hostileString)), { maxLength: 20 }),
      // A disk smaller than the default request (8 sectors) cannot be repaired to a valid setup: not generated.
      fc.option(fc.integer({ min: 8, max: 2 ** 40 }), { nil: undefined }),
      (devices, entries, capacity) => {
        const ctx = { ...CTX, capacity };
        wellFormed(restoreSetup({ devices, fields: new Map(entries) }, ctx), ctx);
      }), RUNS);
  });

  it('a link for a disk too small for its region is repaired, naming the region', () => {
    fc.assert(fc.property(fc.integer({ min: 8, max: 1e9 }), fc.integer({ min: 0, max: 2e9 }), fc.integer({ min: 0, max: 2e9 }),
      (capacity, from, len) => {
        const ctx = { ...CTX, capacity };
        const r = decodeSetup(`v=${from % 2 + 1}&from=${from}&len=${len}`, ctx);
        wellFormed(r, ctx);
        if (from >= capacity || from + len > capacity) {
          expect(r.problems.some((p) => p.field === 'workload.regionFirstLbn' || p.field === 'workload.regionLbns')).toBe(true);
        }
      }), RUNS);
  });
});

describe('the field tables', () => {
  it('one field per key, across devices too', () => {
    const all = fieldsOf(withField(defaultSetup(), 'devices', 16));
    expect(new Set(all.map((f) => f.key)).size).toBe(all.length);
  });
});
