/*
 * fields.ts — the table-driven machinery every setup shares (the explorer's
 * Setup, the experiment pages' setups): a field's kind and range, checking a
 * raw value (a URL string or a JSON value) with a message that names the
 * field, writing it back, reading a query string leniently, capping long
 * problem lists, and a codec for a flat table of fields (one URL key per
 * field). Pure functions only: no DOM, no engine.
 */

import type { ParamRef } from './engineParams';

export type FieldKind =
  | { type: 'int'; min: number; max: number }
  | { type: 'num'; min: number; max: number; exclusiveMin?: boolean }
  /** One of the words, or (with orNum) a number in that range instead. */
  | { type: 'enum'; values: readonly string[]; orNum?: { min: number; max: number } }
  | { type: 'bool' }
  | { type: 'id' };

export type FieldValue = number | string | boolean;

export interface FieldSpec<G extends string = string> {
  /** Path in the setup, e.g. "workload.count". */
  path: string;
  /** Key in the URL's query string, e.g. "n". */
  key: string;
  /** What the editor and messages call it. */
  label: string;
  kind: FieldKind;
  /** The default; undefined for an override (absent = the preset's value). */
  def: FieldValue | undefined;
  /** Which editor group it belongs to. */
  group: G;
  help?: string;
  /** The engine parameter this field sets (its range is the engine's: engineParams.ts), if any. */
  param?: ParamRef;
}

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

export const int = (min: number, max: number): FieldKind => ({ type: 'int', min, max });
export const num = (min: number, max: number, exclusiveMin = false): FieldKind => ({ type: 'num', min, max, exclusiveMin });
export const oneOf = (values: readonly string[]): FieldKind => ({ type: 'enum', values });
/** One of the words or a number from min to max (e.g. "paper", "drive" or a rate). */
export const oneOfOrNum = (values: readonly string[], min: number, max: number): FieldKind => ({ type: 'enum', values, orNum: { min, max } });

/** An error in one field: its path and a message that names it. */
export interface FieldError {
  field: string;
  message: string;
}

/** Something wrong in a link or a saved file, and what was used instead. */
export interface Problem {
  /** The field's path, the URL key, or "link"/"file" for the whole input. */
  field: string;
  message: string;
  /** What the page used instead, in words. */
  used: string;
}

export type Checked = { ok: true; value: FieldValue } | { ok: false; message: string };

const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
export const ID_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Thin grouping for messages: 1000000 -> "1 000 000". */
/** A list of allowed ids for a message: the first eight, then a count, so the line stays short however many there are. */
export function choices(ids: readonly string[]): string {
  return ids.slice(0, 8).join(', ') + (ids.length > 8 ? ` and ${ids.length - 8} more` : '');
}

export function show(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n) && Math.abs(n) >= 10000 && Math.abs(n) < 1e16) {
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  }
  return String(n);
}

/** A raw value as it may appear in a message: quoted, short, no control characters. */
export function quoteRaw(raw: unknown): string {
  if (raw === undefined) return 'nothing';
  if (raw === null) return 'null';
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (typeof raw !== 'string') return Array.isArray(raw) ? 'a list' : 'an object';
  // eslint-disable-next-line no-control-regex
  const clean = raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return JSON.stringify(clean.length > 40 ? `${clean.slice(0, 40)}…` : clean);
}

/** A key or path from the input as a problem's field: short, never empty. */
export function fieldName(raw: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 40);
  return clean || fallback;
}

/** What a kind accepts, in words: "a whole number from 1 to 1 000 000". */
export function describeKind(kind: FieldKind): string {
  switch (kind.type) {
    case 'int': return `a whole number from ${show(kind.min)} to ${show(kind.max)}`;
    case 'num': return kind.exclusiveMin ? `a number above ${show(kind.min)}, at most ${show(kind.max)}` : `a number from ${show(kind.min)} to ${show(kind.max)}`;
    case 'enum': return kind.orNum
      ? `one of ${kind.values.join(', ')}, or a number from ${show(kind.orNum.min)} to ${show(kind.orNum.max)}`
      : `one of ${kind.values.join(', ')}`;
    case 'bool': return '1 (on) or 0 (off)';
    case 'id': return 'a preset id (lower-case words joined by "-")';
  }
}

/** A number from a string or a JSON value, in [min, max]; or why not. */
function readNumber(raw: unknown, min: number, max: number, whole: boolean, exclusiveMin: boolean): { value: number } | { why: string } {
  let v: number;
  if (typeof raw === 'number') v = raw;
  else if (typeof raw === 'string') {
    const t = raw.trim();
    if (t === '') return { why: 'empty' };
    if (!NUMBER_RE.test(t)) return { why: `${quoteRaw(raw)} is not a number` };
    v = Number(t);
  } else return { why: `${quoteRaw(raw)} is not a number` };
  if (!Number.isFinite(v)) return { why: `${quoteRaw(raw)} is not a finite number` };
  if (whole && !Number.isInteger(v)) return { why: `${show(v)} is not a whole number` };
  if (v < min || (exclusiveMin && v <= min)) return { why: `${show(v)} is too small` };
  if (v > max) return { why: `${show(v)} is too large` };
  return { value: v === 0 ? 0 : v };   // no -0
}

/**
 * Checks a raw value for a field: a string (from a URL or an input box) or a
 * JSON value. Never throws; the message says what was wrong and what is allowed.
 */
export function checkValue(spec: FieldSpec, raw: unknown): Checked {
  const k = spec.kind;
  const want = describeKind(k);
  const bad = (why: string): Checked => ({ ok: false, message: `${spec.label}: ${why}; enter ${want}` });
  switch (k.type) {
    case 'int':
    case 'num': {
      const n = readNumber(raw, k.min, k.max, k.type === 'int', k.type === 'num' && !!k.exclusiveMin);
      return 'why' in n ? bad(n.why) : { ok: true, value: n.value };
    }
    case 'enum': {
      if (typeof raw === 'string' && k.values.includes(raw)) return { ok: true, value: raw };
      const numeric = typeof raw === 'number' || (typeof raw === 'string' && NUMBER_RE.test(raw.trim()));
      if (k.orNum && numeric) {
        const n = readNumber(raw, k.orNum.min, k.orNum.max, false, false);
        return 'why' in n ? bad(n.why) : { ok: true, value: n.value };
      }
      return bad(`${quoteRaw(raw)} is not a known value`);
    }
    case 'bool': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === '1' || raw === 'true' || raw === 1) return { ok: true, value: true };
      if (raw === '0' || raw === 'false' || raw === 0) return { ok: true, value: false };
      return bad(`${quoteRaw(raw)} is not on or off`);
    }
    case 'id': {
      if (typeof raw === 'string' && raw.length <= 64 && ID_RE.test(raw)) return { ok: true, value: raw };
      return bad(`${quoteRaw(raw)} is not a preset id`);
    }
  }
}

/** A field's value as the URL writes it. */
export function encodeValue(spec: FieldSpec, value: FieldValue): string {
  if (spec.kind.type === 'bool') return value ? '1' : '0';
  return String(value);
}

/** A field's value as messages show it ("200", "fcfs", "on"). */
export function displayValue(spec: FieldSpec, value: FieldValue | undefined): string {
  if (value === undefined) return "the preset's value";
  if (spec.kind.type === 'bool') return value ? 'on' : 'off';
  return typeof value === 'number' ? show(value) : String(value);
}

// ---------------------------------------------------------------------------
// Problem lists: never longer than a page can show at once
// ---------------------------------------------------------------------------

/** Problems listed one by one, at most; the rest become one summary line. */
export const MAX_PROBLEMS = 20;

/**
 * Collects problems, keeping the first `max - 1` and counting the rest, so a
 * file with 100,000 unknown keys costs a counter, not 100,000 rendered lines.
 */
export class ProblemList {
  private readonly items: Problem[] = [];
  private overflow = 0;
  constructor(private readonly source: string, private readonly max = MAX_PROBLEMS) {}
  push(p: Problem): void {
    if (this.items.length < this.max) this.items.push(p);
    else this.overflow++;
  }
  pushAll(ps: readonly Problem[]): void {
    for (const p of ps) this.push(p);
  }
  get count(): number {
    return this.items.length + this.overflow;
  }
  /** At most `max` lines: all of them, or the first max - 1 and one saying how many more there are. */
  list(): Problem[] {
    if (this.overflow === 0) return [...this.items];
    const shown = this.items.slice(0, this.max - 1);
    return [...shown, {
      field: this.source,
      message: `and ${show(this.count - shown.length)} more problems, not listed (the first ${shown.length} are)`,
      used: 'for each, what the listed ones say: unknown settings ignored, bad values replaced by defaults',
    }];
  }
}

/** A problem list capped at `max` lines (see ProblemList). */
export function capProblems(problems: readonly Problem[], source: string, max = MAX_PROBLEMS): Problem[] {
  if (problems.length <= max) return [...problems];
  const l = new ProblemList(source, max);
  l.pushAll(problems);
  return l.list();
}

// ---------------------------------------------------------------------------
// Query strings
// ---------------------------------------------------------------------------

/** Longer query strings are cut here (no setup needs a tenth of it). */
export const MAX_QUERY_LENGTH = 4096;

/**
 * The key/value pairs of a query string ("?a=1&b=2", "a=1&b=2", or a hash
 * "#page?a=1"), first occurrence of each key; too long a string is cut, and
 * repeated keys are reported. `fieldOf` names a key's field in problems.
 */
export function readQuery(query: string, problems: ProblemList, fieldOf: (key: string) => string = (k) => fieldName(k, 'link')):
  Map<string, string> {
  let q = typeof query === 'string' ? query : '';
  if (q.startsWith('?')) q = q.slice(1);
  if (q.length > MAX_QUERY_LENGTH) {
    problems.push({ field: 'link', message: `the link's setup is ${q.length} characters long; only the first ${MAX_QUERY_LENGTH} were read`, used: 'what fits' });
    q = q.slice(0, MAX_QUERY_LENGTH);
  }
  // URLSearchParams decodes leniently: a broken %-escape stays as text.
  const out = new Map<string, string>();
  new URLSearchParams(q).forEach((value, key) => {
    if (key === '' && value === '') return;
    if (out.has(key)) {
      problems.push({ field: fieldOf(key), message: `${quoteRaw(key)} appears more than once; the first value was used`, used: 'the first value' });
      return;
    }
    out.set(key, value);
  });
  return out;
}

// ---------------------------------------------------------------------------
// A flat table of fields: one key per field, one value per key
// ---------------------------------------------------------------------------

export interface FlatCodec<T extends object> {
  readonly fields: readonly FieldSpec[];
  defaults(): T;
  /** The setup in a query string; never throws; bad values fall back to their defaults and are named. */
  decode(query: string, known?: Readonly<Record<string, readonly string[]>>): { setup: T; problems: Problem[] };
  /** The query string (without "?"): every field that has a value, so a link is explicit. */
  encode(setup: T): string;
}

/** The value at a dotted path ("overrides.rpm"), or undefined. */
export function getPath(root: unknown, path: string): unknown {
  let node = root;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = Object.prototype.hasOwnProperty.call(node, part) ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

/** Sets the value at a dotted path, making the objects on the way; undefined deletes it. */
export function setPath(root: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = root;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    node = (typeof next === 'object' && next !== null ? next : (node[part] = {})) as Record<string, unknown>;
  }
  const last = parts[parts.length - 1];
  if (value === undefined) delete node[last];
  else node[last] = value;
}

/**
 * A codec for a setup that is one flat object of fields (the experiment
 * pages); a dotted path ("overrides.rpm") puts a field in a nested object,
 * and an optional field (no default) absent from the link is left out. `known[path]` lists the values an id field may take (preset ids);
 * a value not in it falls back to the default, or to the list's first entry
 * when the default is not in it either.
 */
export function flatCodec<T extends object>(fields: readonly FieldSpec[]): FlatCodec<T> {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const defaults = (): T => {
    const s: Record<string, unknown> = {};
    for (const f of fields) setPath(s, f.path, f.def);
    return s as T;
  };
  return {
    fields,
    defaults,
    decode(query, known = {}) {
      const problems = new ProblemList('link');
      const s = defaults() as Record<string, unknown>;
      const at = (f: FieldSpec) => getPath(s, f.path) as FieldValue | undefined;
      const fallback = (f: FieldSpec): FieldValue | undefined => {
        const list = known[f.path];
        return list?.length && !list.includes(String(f.def)) ? list[0] : f.def;
      };
      for (const f of fields) setPath(s, f.path, fallback(f));
      const pairs = readQuery(query, problems, (k) => byKey.get(k)?.path ?? fieldName(k, 'link'));
      for (const [key, raw] of pairs) {
        const f = byKey.get(key);
        if (!f) {
          problems.push({ field: fieldName(key, 'link'), message: `${quoteRaw(key)} is not a setting this page knows`, used: 'nothing (ignored)' });
          continue;
        }
        const c = checkValue(f, raw);
        const list = known[f.path];
        if (c.ok && list && !list.includes(String(c.value))) {
          problems.push({ field: f.path, message: `${f.label}: ${quoteRaw(raw)} does not exist; choose one of ${choices(list)}`, used: displayValue(f, at(f)) });
        } else if (c.ok) setPath(s, f.path, c.value);
        else problems.push({ field: f.path, message: c.message, used: displayValue(f, at(f)) });
      }
      return { setup: s as T, problems: problems.list() };
    },
    encode(setup) {
      const parts: string[] = [];
      for (const f of fields) {
        const v = getPath(setup, f.path) as FieldValue | undefined;
        if (v !== undefined) parts.push(`${f.key}=${encodeURIComponent(encodeValue(f, v))}`);
      }
      return parts.join('&');
    },
  };
}
