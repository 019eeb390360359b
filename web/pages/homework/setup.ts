/*
 * setup.ts — a homework question as disk.py (OSTEP's disk simulator) takes
 * it: its flags, one table row each (the URL key is the flag's letter, the
 * label names the flag), parsed from text with a message naming the field,
 * and encoded in the page's hash (#homework?a=10,18&p=SATF). The same table
 * reads the command line (tools/sim.ts homework -a 10,18 -p SATF).
 *
 * disk.py's rules kept here: -a lists blocks (-1: draw -A's random list);
 * -A is count,max,min with max -1 meaning the first block of the inner track
 * (disk.py's maxBlock), each block int(random() * max) + min; -w -1 is no
 * window and 0 is refused; -S must divide the 40-unit track distance into
 * whole steps; -z gives the degrees between blocks on the outer, middle and
 * inner tracks, of which disk.py uses 2 * floor(z / 2).
 */
import toyJson from '../../../presets/disks/ostep-toy.json';
import { engineParam } from '../../state/engineParams';
import { PyRandom } from './pyRandom';

export const POLICIES = ['FIFO', 'SSTF', 'SATF', 'BSATF'] as const;
export type Policy = (typeof POLICIES)[number];

/** disk.py's distance between tracks, in its distance units (seek speed is units per time unit). */
export const TRACK_DISTANCE = 40;

/**
 * The most requests a list may hold (-a, -l, or a count of -A, -L). disk.py
 * sets no limit; the homework asks for 1,000, and ten times that still
 * answers in about a second in the worker (SATF compares every pending
 * request at each decision), which bounds every call.
 */
export const MAX_REQUESTS = 10000;

/**
 * The speeds the engine can run on the toy disk (run.ts): -R multiplies its
 * rpm and -S divides its seek's units per track, so each is bounded by that
 * engine parameter's range, checked here on the same product or quotient.
 */
const RPM = engineParam('disk', 'rpm'), SEEK_E = engineParam('disk', 'seek_e');
const inRange = (v: number, p: { lo: number; hi: number }) => v >= p.lo && v <= p.hi;
const rotationFits = (r: number) => inRange(toyJson.geometry.rpm * r, RPM);
const seekFits = (sp: number) => inRange(toyJson.mechanics.seek.e / sp, SEEK_E);
/** The smallest speed of six decimals that fits, for the message. */
const smallest = (fits: (v: number) => boolean, guess: number) => {
  let v = Math.ceil(guess * 1e6) / 1e6;
  while (!fits(v)) v += 1e-6;
  return Number(v.toFixed(6));
};

export interface HomeworkSetup {
  /** -a: the blocks, in list order; null: draw them from -A and -s. */
  addr: number[] | null;
  /** -A: how many random blocks, the largest draw (-1: disk.py's maxBlock), the smallest. */
  addrDesc: { count: number; max: number; min: number };
  /** -l: blocks that arrive later, one after each decision (disk.py's late requests); null: draw them from -L. */
  lateAddr: number[] | null;
  /** -L: how many random late blocks, the largest draw (-1: maxBlock), the smallest. */
  lateDesc: { count: number; max: number; min: number };
  /** -s: the seed of disk.py's random generator (Python's random). */
  seed: number;
  policy: Policy;
  /** -w: scheduling window (-1: all requests). */
  window: number;
  /** -o: skew, in blocks, between one track and the next. */
  skew: number;
  /** -S: seek speed, distance units per time unit (a track is 40 units). */
  seekSpeed: number;
  /** -R: rotation speed, degrees per time unit. */
  rotSpeed: number;
  /** -z: degrees between blocks on the outer, middle and inner tracks. */
  zones: [number, number, number];
}

export const DEFAULT_SETUP: HomeworkSetup = {
  addr: null, addrDesc: { count: 5, max: -1, min: 0 }, lateAddr: null, lateDesc: { count: 0, max: -1, min: 0 }, seed: 0, policy: 'FIFO', window: -1, skew: 0,
  seekSpeed: 1, rotSpeed: 1, zones: [30, 30, 30],
};

/** The degrees between blocks disk.py lays out for a -z value. */
export const zoneAngle = (z: number): number => 2 * Math.floor(z / 2);

/** Blocks per track (outer, middle, inner) and each track's first block. */
export function trackBlocks(s: Pick<HomeworkSetup, 'zones'>): { spt: number[]; first: number[]; total: number } {
  const spt = s.zones.map((z) => 360 / zoneAngle(z));
  const first = [0, spt[0], spt[0] + spt[1]];
  return { spt, first, total: first[2] + spt[2] };
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = <T>(message: string): Parsed<T> => ({ ok: false, message });

/** Whole numbers separated by commas, spaces or both ("7,30,8", "7 30 8", "7, 30, 8"). */
function wholeList(label: string, text: string, n?: number): Parsed<number[]> {
  const parts = text.trim().split(/\s*,\s*|\s+/);
  if (n !== undefined && parts.length !== n) return bad(`${label}: "${text}" must be ${n} whole numbers separated by commas or spaces`);
  const out: number[] = [];
  for (const p of parts) {
    if (!/^-?\d+$/.test(p) || !Number.isSafeInteger(Number(p))) return bad(`${label}: "${p}" is not a whole number`);
    out.push(Number(p));
  }
  return ok(out);
}

function whole(label: string, text: string, min: number, max: number): Parsed<number> {
  const t = text.trim();
  if (!/^-?\d+$/.test(t) || Number(t) < min || Number(t) > max) return bad(`${label}: "${t}" must be a whole number from ${min} to ${max}`);
  return ok(Number(t));
}

function positive(label: string, text: string, max: number): Parsed<number> {
  const t = text.trim(), v = Number(t);
  if (t === '' || !Number.isFinite(v) || v <= 0 || v > max) return bad(`${label}: "${t}" must be a number above 0 and at most ${max}`);
  return ok(v);
}

/** One flag of disk.py: its URL key (the flag's letter), label, default text, and how it reads and writes. */
interface Field {
  key: string;
  label: string;
  read(text: string, into: HomeworkSetup): string | null;
  write(s: HomeworkSetup): string;
}

/** A block-list flag (-a, -l): blocks, or -1 for random ones. */
function listField(key: string, label: string, get: (s: HomeworkSetup) => number[] | null, set: (s: HomeworkSetup, v: number[] | null) => void): Field {
  return {
    key, label,
    read(t, s) {
      if (t.trim() === '' || t.trim() === '-1') { set(s, null); return null; }
      const r = wholeList(label, t);
      if (!r.ok) return r.message;
      if (r.value.some((b) => b < 0)) return `${label}: blocks are 0 or more (-1 alone means random requests)`;
      if (r.value.length > MAX_REQUESTS) return `${label}: at most ${MAX_REQUESTS} requests`;
      set(s, r.value); return null;
    },
    write: (s) => get(s)?.join(',') ?? '-1',
  };
}

type Desc = HomeworkSetup['addrDesc'];
/** A random-list flag (-A, -L): count,max,min. */
function descField(key: string, label: string, get: (s: HomeworkSetup) => Desc, set: (s: HomeworkSetup, v: Desc) => void): Field {
  return {
    key, label,
    read(t, s) {
      const r = wholeList(label, t, 3);
      if (!r.ok) return r.message;
      const [count, max, min] = r.value;
      if (count < 0 || count > MAX_REQUESTS) return `${label}: the count ${count} must be from 0 to ${MAX_REQUESTS}`;
      if (max < -1 || min < 0) return `${label}: max must be -1 (all) or more, min 0 or more`;
      set(s, { count, max, min }); return null;
    },
    write: (s) => { const d = get(s); return `${d.count},${d.max},${d.min}`; },
  };
}

export const FIELDS: readonly Field[] = [
  listField('a', 'Requests (-a)', (s) => s.addr, (s, v) => { s.addr = v; }),
  descField('A', 'Random requests (-A count,max,min)', (s) => s.addrDesc, (s, v) => { s.addrDesc = v; }),
  {
    key: 's', label: 'Seed (-s)',
    read(t, s) { const r = whole(this.label, t, 0, Number.MAX_SAFE_INTEGER); if (!r.ok) return r.message; s.seed = r.value; return null; },
    write: (s) => String(s.seed),
  },
  {
    key: 'p', label: 'Policy (-p)',
    read(t, s) {
      const v = t.trim().toUpperCase();
      if (!(POLICIES as readonly string[]).includes(v)) return `${this.label}: "${t.trim()}" is not one of ${POLICIES.join(', ')}`;
      s.policy = v as Policy; return null;
    },
    write: (s) => s.policy,
  },
  {
    key: 'w', label: 'Window (-w)',
    read(t, s) {
      const r = whole(this.label, t, -1, 1024);
      if (!r.ok) return r.message;
      if (r.value === 0) return `${this.label}: "0" must be positive or -1 (all requests), as in disk.py`;
      s.window = r.value; return null;
    },
    write: (s) => String(s.window),
  },
  {
    key: 'o', label: 'Skew (-o)',
    read(t, s) { const r = whole(this.label, t, 0, 1000); if (!r.ok) return r.message; s.skew = r.value; return null; },
    write: (s) => String(s.skew),
  },
  {
    key: 'S', label: 'Seek speed (-S)',
    read(t, s) {
      const r = positive(this.label, t, TRACK_DISTANCE);
      if (!r.ok) return r.message;
      const steps = TRACK_DISTANCE / r.value;
      if (Math.abs(steps - Math.round(steps)) > 1e-9) return `${this.label}: ${r.value} must divide the track distance (${TRACK_DISTANCE}) evenly, as disk.py requires`;
      if (!seekFits(r.value)) return `${this.label}: ${r.value} must be at least ${smallest(seekFits, toyJson.mechanics.seek.e / SEEK_E.hi)} (a track's seek may take at most ${SEEK_E.hi} time units)`;
      s.seekSpeed = r.value; return null;
    },
    write: (s) => String(s.seekSpeed),
  },
  {
    key: 'R', label: 'Rotation speed (-R)',
    read(t, s) {
      const r = positive(this.label, t, 360);
      if (!r.ok) return r.message;
      if (!rotationFits(r.value)) return `${this.label}: ${r.value} must be at least ${smallest(rotationFits, RPM.lo / toyJson.geometry.rpm)} degrees per time unit (the engine turns a disk at ${RPM.lo} rpm or more)`;
      s.rotSpeed = r.value; return null;
    },
    write: (s) => String(s.rotSpeed),
  },
  {
    key: 'z', label: 'Zones (-z outer,middle,inner)',
    read(t, s) {
      const r = wholeList(this.label, t, 3);
      if (!r.ok) return r.message;
      for (const z of r.value) {
        const a = zoneAngle(z);
        if (a < 2 || 360 % a !== 0) return `${this.label}: ${z} degrees lays out blocks ${a} degrees apart, which does not divide 360`;
      }
      s.zones = r.value as [number, number, number]; return null;
    },
    write: (s) => s.zones.join(','),
  },
  listField('l', 'Late requests (-l)', (s) => s.lateAddr, (s, v) => { s.lateAddr = v; }),
  descField('L', 'Random late requests (-L count,max,min)', (s) => s.lateDesc, (s, v) => { s.lateDesc = v; }),
];

const fieldByKey = new Map(FIELDS.map((f) => [f.key, f]));

/** disk.py's maxBlock for -A max = -1: the first block of the inner track (so the inner track is never drawn). */
export function diskPyMaxBlock(s: HomeworkSetup): number {
  return trackBlocks(s).first[2];
}

/**
 * The request lists: -a's blocks (or -A's) and the late ones, -l's (or -L's),
 * drawn as disk.py draws them: one generator seeded with -s, the first list's
 * draws first, each block int(random() * max) + min. disk.py runs nothing
 * without a first request, late ones included.
 */
export function requestLists(s: HomeworkSetup): { requests: number[]; late: number[] } {
  const r = new PyRandom(s.seed);
  const draw = (d: Desc) => {
    const max = d.max === -1 ? diskPyMaxBlock(s) : d.max;
    return Array.from({ length: d.count }, () => Math.floor(r.random() * max) + d.min);
  };
  const requests = s.addr ?? draw(s.addrDesc);
  const late = s.lateAddr ?? draw(s.lateDesc);
  return { requests, late: requests.length ? late : [] };
}

/** The first request list (-a, or -A drawn from -s). */
export function requestList(s: HomeworkSetup): number[] {
  return requestLists(s).requests;
}

/** Checks what the fields cannot check alone: every block on the disk. */
export function checkSetup(s: HomeworkSetup): { field: string; message: string } | null {
  const { total } = trackBlocks(s);
  const { requests, late } = requestLists(s);
  const lists: Array<[number[], string]> = [[requests, s.addr ? 'a' : 'A'], [late, s.lateAddr ? 'l' : 'L']];
  for (const [list, key] of lists) {
    const outside = list.find((b) => b >= total);
    if (outside !== undefined) return { field: key, message: `${fieldByKey.get(key)!.label}: block ${outside} is not on this disk (blocks 0 to ${total - 1})` };
  }
  return null;
}

export type SetupResult = { ok: true; setup: HomeworkSetup } | { ok: false; field: string; message: string };

/** A value that was not taken: the field's key, why, and what was used instead (a field's text, or '' when nothing was). */
export interface Refused { field: string; message: string; used: string }

/** The text of a refusal for a person: the problem, then what stands in its place. */
export function refusedText(r: Refused): string {
  return r.used === '' ? `${r.message} (ignored)` : `${r.message}; disk.py's default -${r.field} ${r.used} is used instead`;
}

/**
 * A setup from values by key that keeps every valid value: a refused one is
 * replaced by disk.py's default and listed (missing keys: the defaults too).
 * A list with a block off the disk (which depends on other fields) falls
 * back to its default the same way.
 */
export function setupKeeping(values: Readonly<Record<string, string>>): { setup: HomeworkSetup; refused: Refused[] } {
  const s: HomeworkSetup = structuredClone(DEFAULT_SETUP);
  const defaults = setupTexts(DEFAULT_SETUP);
  const refused: Refused[] = [];
  for (const f of FIELDS) {
    const v = values[f.key];
    if (v === undefined) continue;
    const err = f.read(v, s);
    if (err) refused.push({ field: f.key, message: err, used: defaults[f.key] });
  }
  // Each pass puts one list back to its default, which is always on the disk: at most one pass per list.
  for (let c = checkSetup(s), pass = 0; c && pass < FIELDS.length; c = checkSetup(s), pass++) {
    fieldByKey.get(c.field)!.read(defaults[c.field], s);
    refused.push({ field: c.field, message: c.message, used: defaults[c.field] });
  }
  return { setup: s, refused };
}

/** A setup from values by key (missing keys: disk.py's defaults). The first bad field is reported. */
export function setupFrom(values: Readonly<Record<string, string>>): SetupResult {
  const { setup, refused } = setupKeeping(values);
  return refused.length ? { ok: false, field: refused[0].field, message: refused[0].message } : { ok: true, setup };
}

/** The field texts of a setup, by key. */
export function setupTexts(s: HomeworkSetup): Record<string, string> {
  return Object.fromEntries(FIELDS.map((f) => [f.key, f.write(s)]));
}

/** The question as disk.py's flags, only those that differ from its defaults ("-a 7,30,8 -p SATF"). */
export function flagsOf(s: HomeworkSetup): string {
  const def = setupTexts(DEFAULT_SETUP), cur = setupTexts(s);
  return FIELDS.filter((f) => cur[f.key] !== def[f.key]).map((f) => `-${f.key} ${cur[f.key]}`).join(' ');
}

/** Page state in the link: the question, and whether its answers are shown. */
export interface HomeworkLink { setup: HomeworkSetup; show: boolean }

/** The hash of a question: only fields that differ from disk.py's defaults, then show=1 if answers are shown. */
export function encodeHash(l: HomeworkLink): string {
  const def = setupTexts(DEFAULT_SETUP), cur = setupTexts(l.setup);
  const q = new URLSearchParams();
  for (const f of FIELDS) if (cur[f.key] !== def[f.key]) q.set(f.key, cur[f.key]);
  if (l.show) q.set('show', '1');
  const s = q.toString().replace(/%2C/g, ',');
  return s ? `#homework?${s}` : '#homework';
}

export type LinkResult = { ok: true; link: HomeworkLink } | { ok: false; field: string; message: string };

/** The key/value pairs of a hash (#homework?…), keys written as flags (-a=7,30,8) read as their letter. */
export function hashPairs(hash: string): Array<[string, string]> {
  const i = hash.indexOf('?');
  const pairs: Array<[string, string]> = [];
  new URLSearchParams(i >= 0 ? hash.slice(i + 1) : '').forEach((v, k) => { pairs.push([/^-[a-zA-Z]$/.test(k) ? k.slice(1) : k, v]); });
  return pairs;
}

/**
 * A question from a hash's pairs, keeping every valid value; an unknown key
 * or a refused value is listed with what was used instead. c (disk.py's -c:
 * compute the answers) stands for show.
 */
export function linkKeeping(pairs: ReadonlyArray<[string, string]>): { link: HomeworkLink; refused: Refused[] } {
  const values: Record<string, string> = {};
  const refused: Refused[] = [];
  let show = false;
  for (const [k, v] of pairs) {
    if (k === 'show' || k === 'c') {
      if (v === '0' || v === '1') show = v === '1';
      else refused.push({ field: k, message: `${k}: "${v}" must be 0 or 1`, used: '' });
    } else if (!fieldByKey.has(k)) refused.push({ field: k, message: `${k}: not a homework setting (known: ${FIELDS.map((f) => f.key).join(', ')}, show)`, used: '' });
    else values[k] = v;
  }
  const r = setupKeeping(values);
  return { link: { setup: r.setup, show }, refused: [...refused, ...r.refused] };
}

/** Reads a hash (#homework?…) strictly: the first unknown key or bad value is reported by name. */
export function decodeHash(hash: string): LinkResult {
  const { link, refused } = linkKeeping(hashPairs(hash));
  return refused.length ? { ok: false, field: refused[0].field, message: refused[0].message } : { ok: true, link };
}

/** Reads disk.py-style flags (-a 10,18 -p SATF -c), and a question file (JSON) if one is named; returns the values by key and whether -c was given. */
export function parseFlags(argv: readonly string[]): { values: Record<string, string>; compute: boolean; file?: string } | { error: string } {
  const values: Record<string, string> = {};
  let compute = false, file: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-c') { compute = true; continue; }
    if (!a.startsWith('-') && file === undefined) { file = a; continue; }
    const eq = /^-([a-zA-Z])=(.*)$/.exec(a);
    if (eq && fieldByKey.has(eq[1])) { values[eq[1]] = eq[2]; continue; }
    const m = /^-([a-zA-Z])$/.exec(a);
    if (!m) return { error: `${a}: not a disk.py flag (use ${FIELDS.map((f) => '-' + f.key).join(' ')} -c)` };
    if (m[1] === 'G') return { error: '-G: the animation is the #homework page' };
    if (!fieldByKey.has(m[1])) return { error: `${a}: not a disk.py flag (use ${FIELDS.map((f) => '-' + f.key).join(' ')} -c)` };
    const v = argv[i + 1];
    if (v === undefined) return { error: `${a}: needs a value` };
    values[m[1]] = v; i++;
  }
  return { values, compute, file };
}

/** A question saved as JSON: { "format": "spindle-homework/1", "a": [7, 30, 8], "p": "SATF", ... } (flag letters as keys). */
export const QUESTION_FORMAT = 'spindle-homework/1';

/** The question as JSON: the fields that differ from disk.py's defaults, lists as arrays. */
export function questionJson(s: HomeworkSetup): string {
  const def = setupTexts(DEFAULT_SETUP), cur = setupTexts(s);
  const out: Record<string, unknown> = { format: QUESTION_FORMAT };
  for (const f of FIELDS) {
    if (cur[f.key] === def[f.key]) continue;
    const t = cur[f.key];
    out[f.key] = f.key === 'p' ? t : t.includes(',') ? t.split(',').map(Number) : Number(t);
  }
  return JSON.stringify(out, null, 2) + '\n';
}

/** Reads a question saved as JSON; a problem names its key. Keys given in `override` (e.g. flags) win. */
export function questionFromJson(text: string, override: Readonly<Record<string, string>> = {}): SetupResult {
  let v: unknown;
  try { v = JSON.parse(text); } catch (e) { return { ok: false, field: '(json)', message: `not JSON: ${e instanceof Error ? e.message : String(e)}` }; }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { ok: false, field: '(json)', message: 'must be an object of disk.py flag letters' };
  const o = v as Record<string, unknown>;
  if (o.format !== QUESTION_FORMAT) return { ok: false, field: 'format', message: `format: must be "${QUESTION_FORMAT}"` };
  const values: Record<string, string> = {};
  for (const [k, x] of Object.entries(o)) {
    if (k === 'format') continue;
    if (!fieldByKey.has(k)) return { ok: false, field: k, message: `${k}: not a homework setting (known: ${FIELDS.map((f) => f.key).join(', ')})` };
    const ok1 = typeof x === 'string' || typeof x === 'number' || (Array.isArray(x) && x.every((y) => typeof y === 'number'));
    if (!ok1) return { ok: false, field: k, message: `${fieldByKey.get(k)!.label}: must be a number, a string or a list of numbers` };
    values[k] = Array.isArray(x) ? x.join(',') : String(x);
  }
  return setupFrom({ ...values, ...override });
}

/**
 * A whole disk.py command line pasted where a field is typed
 * ("./disk.py -a 7,30,8 -p SATF -c", or just its flags): the values by key
 * and whether -c asks for the answers; null when the text is not one (a
 * field value such as "7,30,8" or "-1").
 */
export function commandLine(text: string): { values: Record<string, string>; compute: boolean } | { error: string } | null {
  const words = text.trim().split(/\s+/);
  while (words.length && /^(python3?|(\S*\/)?disk\.py)$/.test(words[0])) words.shift();
  if (!words.length || !/^-[a-zA-Z]/.test(words[0])) return null;
  const f = parseFlags(words);
  if ('error' in f) return f;
  if (f.file !== undefined) return { error: `${f.file}: not a disk.py flag` };
  return { values: f.values, compute: f.compute };
}
