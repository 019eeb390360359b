/*
 * setupJson.ts — save a setup as JSON, and load one back. Loading checks
 * every field with the same tables as the URL (setup.ts): unknown keys, bad
 * values and a wrong format become Problems (a long list ends in one "and N
 * more" line), and the result always validates. Version 1 files (one disk,
 * `preset` at the top) load as the equivalent version 2 setup (setupV1.ts).
 *
 *   { "format": "spindle-setup", "version": 2,
 *     "devices": [{ "kind": "disk", "preset": "hp-97560", "overrides": { "rpm": 7200 } }],
 *     "host": { "policy": "identity", ... }, "workload": { ... }, "seed": 1, "view": { ... } }
 */
import { ProblemList, fieldName, quoteRaw } from './fields';
import type { Problem } from './fields';
import {
  DEVICE_FIELD_BY_PATH, MAX_DEVICES, SETUP_FIELDS, SETUP_FIELD_BY_PATH, SETUP_VERSION, restoreSetup,
  type RawDevice, type RawSetup, type Restored, type Setup, type SetupContext,
} from './setup';
import { V1_GROUPS, V1_PATHS, rawFromV1 } from './setupV1';

export const SETUP_FORMAT = 'spindle-setup';

/** The setup as an indented JSON document: {format, version, devices, host, workload, seed, view}. */
export function setupToJson(setup: Setup): string {
  const doc: Record<string, unknown> = {
    format: SETUP_FORMAT,
    version: SETUP_VERSION,
    devices: setup.devices.map((d) => ({ kind: d.kind, preset: d.preset, overrides: { ...d.overrides } })),
  };
  for (const f of SETUP_FIELDS) {
    const [a, b] = f.path.split('.');
    const v = b === undefined ? (setup as unknown as Record<string, unknown>)[a] : ((setup as unknown as Record<string, Record<string, unknown>>)[a])?.[b];
    if (v === undefined) continue;
    if (b === undefined) doc[a] = v;
    else ((doc[a] ??= {}) as Record<string, unknown>)[b] = v;
  }
  return `${JSON.stringify(doc, null, 2)}\n`;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** Where a JSON text first goes wrong, as "line 3, column 7: expected ',' or '}' after property value". */
export function jsonErrorAt(text: string, error: unknown): string {
  const message = String((error as Error)?.message ?? error);
  // The engine's words without its own location or a copy of the text.
  const why = message.replace(/ in JSON at position \d+.*$/s, '').replace(/, ".*" is not valid JSON$/s, '').replace(/^Unexpected end of JSON input$/, 'the file ends in the middle of a value');
  let at: number | undefined;
  const pos = /position (\d+)/.exec(message);
  if (pos) at = Number(pos[1]);
  else if (/Unexpected end/.test(message)) at = text.length;
  else if (text.length <= 200_000) {
    // The shortest prefix that fails for another reason than ending early ends with the culprit.
    // (A prefix that only stops early fails at its own end: "Unexpected end", or a position equal to its length.)
    const bad = (k: number) => {
      try { JSON.parse(text.slice(0, k)); return false; } catch (e) {
        const m = String((e as Error).message);
        const p = /position (\d+)/.exec(m);
        return !/Unexpected end/.test(m) && (!p || Number(p[1]) < k);
      }
    };
    let lo = 1;
    let hi = text.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (bad(mid)) hi = mid; else lo = mid + 1; }
    at = lo - 1;
  }
  const reason = why.charAt(0).toLowerCase() + why.slice(1);
  if (at === undefined) return reason;
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n');
  const shown = (text.split('\n')[line - 1] ?? '').trim();
  return `line ${line}, column ${column}: ${reason}${shown ? ` (the line reads: ${quoteRaw(shown.length > 60 ? `${shown.slice(0, 57)}...` : shown)})` : ''}`;
}

/** A setup file, or why it is refused as a whole (then the page keeps the setup it has). */
export type SetupFile = { ok: true; restored: Restored } | { ok: false; problem: Problem };

const SETUP_KEYS = ['devices', 'host', 'workload', 'run', 'seed', 'view', 'preset', 'disk'];

/**
 * Reads a file the user chose as a setup. A file that is not JSON, not an
 * object, another Spindle format (a disk preset, an experiment preset) or
 * holds no setting at all is refused with one problem naming why and where;
 * anything else loads as setupFromJson reads it (bad fields named, the rest
 * used).
 */
export function readSetupFile(text: string, ctx: SetupContext = {}): SetupFile {
  const refuse = (message: string): SetupFile => ({ ok: false, problem: { field: 'file', message, used: 'nothing: the setup on screen stays as it was' } });
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return refuse(`this file is not JSON: ${jsonErrorAt(text, e)}`);
  }
  if (!isObj(doc)) return refuse(`this file holds ${quoteRaw(Array.isArray(doc) ? [] : doc)}, not a setup (a JSON object with "format": "${SETUP_FORMAT}")`);
  if (typeof doc.format === 'string' && doc.format !== SETUP_FORMAT) {
    return refuse(`this file is a ${quoteRaw(doc.format)} file, not a setup ("format": "${SETUP_FORMAT}")`);
  }
  if (!SETUP_KEYS.some((k) => own(doc as object, k))) return refuse(`this file holds no setting of a setup (none of ${SETUP_KEYS.join(', ')})`);
  return { ok: true, restored: setupFromJson(text, ctx) };
}

/** A setup from a saved JSON document (text). Never throws. */
export function setupFromJson(text: string, ctx: SetupContext = {}): Restored {
  const problems = new ProblemList('file');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const { setup } = restoreSetup({ devices: [], fields: new Map() }, ctx);
    return { setup, problems: [{ field: 'file', message: `not JSON: ${jsonErrorAt(text, e)}`, used: 'the default setup' }] };
  }
  if (!isObj(doc)) {
    const { setup } = restoreSetup({ devices: [], fields: new Map() }, ctx);
    return { setup, problems: [{ field: 'file', message: `must be a JSON object, got ${quoteRaw(Array.isArray(doc) ? [] : doc)}`, used: 'the default setup' }] };
  }
  if (doc.format !== SETUP_FORMAT) {
    problems.push({ field: 'format', message: `must be "${SETUP_FORMAT}", got ${quoteRaw(doc.format)}`, used: 'read as a setup anyway' });
  }
  let v1 = doc.version === 1;
  if (doc.version !== 1 && doc.version !== SETUP_VERSION) {
    v1 = !own(doc, 'devices') && own(doc, 'preset');
    problems.push({ field: 'version', message: `${quoteRaw(doc.version)} is not a version this page knows`, used: `version ${v1 ? 1 : SETUP_VERSION} (from its fields)` });
  }
  const raw = v1 ? rawV1(doc, problems) : rawV2(doc, problems);
  const restored = restoreSetup(raw, ctx);
  problems.pushAll(restored.problems);
  return { setup: restored.setup, problems: problems.list() };
}

function unknown(path: string, key: string, problems: ProblemList): void {
  problems.push({ field: fieldName(path, 'file'), message: `${quoteRaw(key)} is not a setting this page knows`, used: 'nothing (ignored)' });
}

function rawV1(doc: Record<string, unknown>, problems: ProblemList): RawSetup {
  const values: Array<[string, unknown]> = [];
  for (const [k, v] of Object.entries(doc)) {
    if (k === 'format' || k === 'version') continue;
    if (V1_GROUPS.has(k)) {
      if (!isObj(v)) {
        problems.push({ field: k, message: `must be an object, got ${quoteRaw(v)}`, used: 'its defaults' });
        continue;
      }
      for (const [k2, v2] of Object.entries(v)) {
        const path = `${k}.${k2}`;
        if (V1_PATHS.has(path)) values.push([path, v2]);
        else unknown(path, k2, problems);
      }
    } else if (V1_PATHS.has(k)) values.push([k, v]);
    else unknown(k, k, problems);
  }
  return rawFromV1(values, problems);
}

const TOP = new Set(['format', 'version', 'devices']);
const GROUPS = new Set(SETUP_FIELDS.filter((f) => f.path.includes('.')).map((f) => f.path.split('.')[0]));

function rawV2(doc: Record<string, unknown>, problems: ProblemList): RawSetup {
  const fields = new Map<string, unknown>();
  for (const [k, v] of Object.entries(doc)) {
    if (TOP.has(k)) continue;
    if (GROUPS.has(k)) {
      if (!isObj(v)) {
        problems.push({ field: k, message: `must be an object, got ${quoteRaw(v)}`, used: 'its defaults' });
        continue;
      }
      for (const [k2, v2] of Object.entries(v)) {
        const path = `${k}.${k2}`;
        if (SETUP_FIELD_BY_PATH.has(path)) fields.set(path, v2);
        else unknown(path, k2, problems);
      }
    } else if (SETUP_FIELD_BY_PATH.has(k)) fields.set(k, v);
    else unknown(k, k, problems);
  }
  const devices: RawDevice[] = [];
  const list = doc.devices;
  if (list !== undefined && !Array.isArray(list)) {
    problems.push({ field: 'devices', message: `must be a list of devices, got ${quoteRaw(list)}`, used: 'one device of the default preset' });
  } else if (Array.isArray(list)) {
    if (list.length > MAX_DEVICES) {
      problems.push({ field: 'devices', message: `${list.length} devices; a setup has at most ${MAX_DEVICES}`, used: `the first ${MAX_DEVICES}` });
    }
    list.slice(0, MAX_DEVICES).forEach((d, i) => {
      const at = `devices[${i}]`;
      const values = new Map<string, unknown>();
      devices.push({ values });
      if (!isObj(d)) {
        problems.push({ field: at, message: `must be an object, got ${quoteRaw(d)}`, used: 'a device of the default preset' });
        return;
      }
      for (const [k, v] of Object.entries(d)) {
        if (k === 'overrides') {
          if (!isObj(v)) {
            problems.push({ field: `${at}.overrides`, message: `must be an object, got ${quoteRaw(v)}`, used: "the preset's values" });
            continue;
          }
          for (const [k2, v2] of Object.entries(v)) {
            const rel = `overrides.${k2}`;
            if (DEVICE_FIELD_BY_PATH.has(rel)) values.set(rel, v2);
            else unknown(`${at}.${rel}`, k2, problems);
          }
        } else if (DEVICE_FIELD_BY_PATH.has(k)) values.set(k, v);
        else unknown(`${at}.${k}`, k, problems);
      }
    });
  }
  return { devices, fields };
}
