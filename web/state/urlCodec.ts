/*
 * urlCodec.ts — a setup in the URL's query string, and back.
 *
 *   ?v=1&disk=hp-97560&seed=7&n=500&sched=sptf&qd=8&rpm=5400
 *
 * Short, readable keys from the FIELDS table (setup.ts); fields equal to
 * their version-1 default are left out, overrides only when set. `v` is the
 * format's version. Decoding never throws: unknown keys, missing or bad
 * values, a newer version or a hostile string each become a Problem saying
 * what was wrong and what was used instead, and the setup returned always
 * validates. Values are only ever data: a message quotes them as text.
 */
import {
  FIELDS, FIELD_BY_KEY, SETUP_VERSION, defaultSetup, encodeValue, getField, quoteRaw, restoreSetup,
  type Problem, type Restored, type Setup, type SetupContext,
} from './setup';

/** Longer query strings are cut here (no setup needs a tenth of it). */
export const MAX_QUERY_LENGTH = 4096;

/** The query string of a setup, without the leading "?". */
export function encodeSetup(setup: Setup): string {
  const parts = [`v=${SETUP_VERSION}`];
  for (const f of FIELDS) {
    const v = getField(setup, f.path);
    if (v === undefined) continue;
    const always = f.path === 'preset' || f.path === 'seed';
    if (!always && v === f.def) continue;
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
    const { setup, problems } = restoreSetup(new Map(), ctx);
    return { setup, problems: [...problems, { field: 'link', message: `the link could not be read (${String(e).slice(0, 80)})`, used: 'the default setup' }] };
  }
}

function decode(query: string, ctx: SetupContext): Restored {
  const problems: Problem[] = [];
  let q = typeof query === 'string' ? query : '';
  if (q.startsWith('?')) q = q.slice(1);
  if (q.length > MAX_QUERY_LENGTH) {
    problems.push({ field: 'link', message: `the link's setup is ${q.length} characters long; only the first ${MAX_QUERY_LENGTH} were read`, used: 'what fits' });
    q = q.slice(0, MAX_QUERY_LENGTH);
  }
  // URLSearchParams decodes leniently: a broken %-escape stays as text.
  const params = new URLSearchParams(q);
  const raw = new Map<string, unknown>();
  const seen = new Set<string>();
  let version: string | undefined;
  let any = false;
  for (const [key, value] of params) {
    if (key === '' && value === '') continue;
    any = true;
    if (seen.has(key)) {
      problems.push({ field: key === 'v' ? 'v' : FIELD_BY_KEY.get(key)?.path ?? (key.slice(0, 40) || 'link'), message: `${quoteRaw(key)} appears more than once; the first value was used`, used: 'the first value' });
      continue;
    }
    seen.add(key);
    if (key === 'v') {
      version = value;
      continue;
    }
    const f = FIELD_BY_KEY.get(key);
    if (!f) {
      problems.push({ field: key.slice(0, 40) || 'link', message: `${quoteRaw(key)} is not a setting this page knows`, used: 'nothing (ignored)' });
      continue;
    }
    raw.set(f.path, value);
  }
  if (any) {
    if (version === undefined) {
      problems.push({ field: 'v', message: 'the link does not say its format version', used: `version ${SETUP_VERSION}` });
    } else if (version !== String(SETUP_VERSION)) {
      const n = Number(version);
      const why = /^\d+$/.test(version) && n > SETUP_VERSION
        ? `the link was written by a newer version (${n}) of Spindle`
        : `${quoteRaw(version)} is not a format version this page knows`;
      problems.push({ field: 'v', message: why, used: `version ${SETUP_VERSION} (settings it knows are kept)` });
    }
  }
  const restored = restoreSetup(raw, ctx);
  return { setup: restored.setup, problems: [...problems, ...restored.problems] };
}

/** The default setup's query string (what a bare link means). */
export function defaultQuery(): string {
  return encodeSetup(defaultSetup());
}
