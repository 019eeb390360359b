/*
 * setupJson.ts — save a setup as JSON, and load one back. Loading checks
 * every field with the same table as the URL (setup.ts): unknown keys, bad
 * values and a wrong format become Problems, and the result always validates.
 */
import { FIELDS, SETUP_VERSION, getField, quoteRaw, restoreSetup, type Problem, type Restored, type Setup, type SetupContext } from './setup';

export const SETUP_FORMAT = 'spindle-setup';

/** The setup as an indented JSON document: {format, version, ...setup}. */
export function setupToJson(setup: Setup): string {
  const doc: Record<string, unknown> = { format: SETUP_FORMAT, version: SETUP_VERSION };
  for (const f of FIELDS) {
    const v = getField(setup, f.path);
    if (v === undefined) continue;
    const [a, b] = f.path.split('.');
    if (b === undefined) doc[a] = v;
    else ((doc[a] ??= {}) as Record<string, unknown>)[b] = v;
  }
  for (const group of ['disk', 'cache']) doc[group] ??= {};
  return `${JSON.stringify(doc, null, 2)}\n`;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A setup from a saved JSON document (text). Never throws. */
export function setupFromJson(text: string, ctx: SetupContext = {}): Restored {
  const problems: Problem[] = [];
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const { setup } = restoreSetup(new Map(), ctx);
    return { setup, problems: [{ field: 'file', message: `not JSON (${String((e as Error).message).slice(0, 80)})`, used: 'the default setup' }] };
  }
  if (!isObj(doc)) {
    const { setup } = restoreSetup(new Map(), ctx);
    return { setup, problems: [{ field: 'file', message: `must be a JSON object, got ${quoteRaw(Array.isArray(doc) ? [] : doc)}`, used: 'the default setup' }] };
  }
  if (doc.format !== SETUP_FORMAT) {
    problems.push({ field: 'format', message: `must be "${SETUP_FORMAT}", got ${quoteRaw(doc.format)}`, used: 'read as a setup anyway' });
  }
  if (doc.version !== SETUP_VERSION) {
    problems.push({ field: 'version', message: `${quoteRaw(doc.version)} is not a version this page knows`, used: `version ${SETUP_VERSION}` });
  }
  const raw = new Map<string, unknown>();
  const known = new Set(FIELDS.map((f) => f.path));
  const groups = new Set(FIELDS.filter((f) => f.path.includes('.')).map((f) => f.path.split('.')[0]));
  for (const [k, v] of Object.entries(doc)) {
    if (k === 'format' || k === 'version') continue;
    if (groups.has(k)) {
      if (!isObj(v)) {
        problems.push({ field: k, message: `must be an object, got ${quoteRaw(v)}`, used: 'its defaults' });
        continue;
      }
      for (const [k2, v2] of Object.entries(v)) {
        const path = `${k}.${k2}`;
        if (known.has(path)) raw.set(path, v2);
        else problems.push({ field: path.slice(0, 60), message: `${quoteRaw(k2)} is not a setting this page knows`, used: 'nothing (ignored)' });
      }
    } else if (known.has(k)) {
      raw.set(k, v);
    } else {
      problems.push({ field: k.slice(0, 60) || 'file', message: `${quoteRaw(k)} is not a setting this page knows`, used: 'nothing (ignored)' });
    }
  }
  const restored = restoreSetup(raw, ctx);
  return { setup: restored.setup, problems: [...problems, ...restored.problems] };
}
