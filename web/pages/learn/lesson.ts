/*
 * lesson.ts — the lesson format (spindle-lesson/1, documented in
 * presets/lessons/README.md) and its validator. A lesson is data: an id, a
 * title and steps; a step is a live setup (a homework question or an explorer
 * setup link), a question, the kind of prediction the student makes, where
 * the answer comes from in the engine's results, and the why. The answer is
 * never in the file: the engine computes it from the step's setup
 * (answer.ts). Any input gives a lesson or a list of errors, each naming its
 * field ("steps[2].answer.field").
 */
import { decodeHash } from '../homework/setup';
import { decodeSetup } from '../../state/urlCodec';

export const LESSON_FORMAT = 'spindle-lesson/1';

/** Per-request figures a step can ask about (each from the engine's result for that request). */
export const REQUEST_FIELDS = ['seek', 'rotation', 'transfer', 'total', 'response', 'end'] as const;
export type RequestField = (typeof REQUEST_FIELDS)[number];

export type StepSetup = { homework: string } | { explorer: string };

export type AnswerSource =
  /** One figure of one request (its position in the request list). */
  | { from: 'request'; request: number; field: RequestField }
  /** The sum or the mean of a figure over every request. */
  | { from: 'sum' | 'mean'; field: RequestField }
  /** How many requests the disk's cache served in full. */
  | { from: 'cache-hits' }
  /** The request that completed first / last (a position in the request list). */
  | { from: 'first-completed' | 'last-completed' }
  /** Every request's position in the list, in the order they completed. */
  | { from: 'completion-order' };

export type Prediction =
  | { kind: 'number'; unit: string; tolerance: number }
  | { kind: 'pick' }
  | { kind: 'order' };

export interface LessonStep {
  setup: StepSetup;
  question: string;
  predict: Prediction;
  answer: AnswerSource;
  why: string;
}

export interface Lesson {
  format: typeof LESSON_FORMAT;
  id: string;
  title: string;
  summary: string;
  steps: LessonStep[];
}

export interface LessonError { field: string; message: string }
export type LessonResult = { ok: true; lesson: Lesson } | { ok: false; errors: LessonError[] };

/** The unit of a time in a step's setup: disk.py's time units on the toy disk, milliseconds on real disks. */
export function timeUnit(setup: StepSetup): string {
  return 'homework' in setup ? 'units' : 'ms';
}

/** The unit an answer source's number is in ('' for counts). */
export function unitOf(setup: StepSetup, a: AnswerSource): string {
  return a.from === 'cache-hits' ? 'requests' : timeUnit(setup);
}

/** The prediction kind each answer source takes. */
export function predictionFor(a: AnswerSource): Prediction['kind'] {
  if (a.from === 'first-completed' || a.from === 'last-completed') return 'pick';
  if (a.from === 'completion-order') return 'order';
  return 'number';
}

const ID_RE = /^[a-z0-9][a-z0-9-]{0,47}$/;
/** Explorer steps return every request's figures to the page: a lesson's run stays small. */
export const MAX_STEP_REQUESTS = 200;
export const MAX_STEPS = 20;
const MAX_TEXT = 600;

/** A key as an error names it: never empty or blank (quoted then), never long. */
export function keyName(k: string): string {
  return /\S/.test(k) ? k.slice(0, 40) : JSON.stringify(k);
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

class Errors {
  list: LessonError[] = [];
  add(field: string, message: string): void { this.list.push({ field, message }); }
  text(o: Record<string, unknown>, key: string, at: string, max = MAX_TEXT): string {
    const v = o[key];
    if (typeof v !== 'string' || v.trim() === '') { this.add(`${at}${key}`, 'must be a non-empty string'); return ''; }
    if (v.length > max) { this.add(`${at}${key}`, `must be at most ${max} characters (it has ${v.length})`); return ''; }
    return v;
  }
  keys(o: Record<string, unknown>, allowed: readonly string[], at: string): void {
    for (const k of Object.keys(o)) {
      if (!allowed.includes(k)) this.add(`${at}${keyName(k)}`, `unknown key (allowed: ${allowed.join(', ')})`);
    }
  }
}

/** A step's setup checked the way its page reads it; the error names the setup's own field. */
function checkSetup(v: unknown, at: string, e: Errors): StepSetup | null {
  if (!isObj(v)) { e.add(at, 'must be an object: {"homework": "a=10,18&p=SATF"} or {"explorer": "v=2&d0=hp-97560&n=5"}'); return null; }
  const keys = Object.keys(v);
  if (keys.length !== 1 || (keys[0] !== 'homework' && keys[0] !== 'explorer')) {
    e.add(at, 'must have exactly one key, "homework" or "explorer"');
    return null;
  }
  const kind = keys[0];
  const q = v[kind];
  if (typeof q !== 'string' || q.length > 2000) { e.add(`${at}.${kind}`, 'must be a query string of at most 2000 characters'); return null; }
  const query = q.replace(/^[#?]+/, '').replace(/^homework\?/, '');
  if (kind === 'homework') {
    const r = decodeHash(`#homework?${query}`);
    if (!r.ok) { e.add(`${at}.homework.${r.field}`, r.message); return null; }
    return { homework: query };
  }
  const r = decodeSetup(query);
  if (r.problems.length) {
    for (const p of r.problems) e.add(`${at}.explorer.${p.field}`, p.message);
    return null;
  }
  if (r.setup.workload.count > MAX_STEP_REQUESTS) {
    e.add(`${at}.explorer.workload.count`, `a lesson step runs at most ${MAX_STEP_REQUESTS} requests (it asks for ${r.setup.workload.count})`);
    return null;
  }
  return { explorer: query };
}

function checkAnswer(v: unknown, at: string, e: Errors): AnswerSource | null {
  if (!isObj(v)) { e.add(at, 'must be an object with "from"'); return null; }
  const from = v.from;
  const field = (): RequestField | null => {
    if (typeof v.field === 'string' && (REQUEST_FIELDS as readonly string[]).includes(v.field)) return v.field as RequestField;
    e.add(`${at}.field`, `must be one of ${REQUEST_FIELDS.join(', ')}`);
    return null;
  };
  switch (from) {
    case 'request': {
      e.keys(v, ['from', 'request', 'field'], `${at}.`);
      const r = v.request;
      const ok = typeof r === 'number' && Number.isInteger(r) && r >= 0 && r < MAX_STEP_REQUESTS;
      if (!ok) e.add(`${at}.request`, `must be a request's position in the list, an integer from 0 to ${MAX_STEP_REQUESTS - 1}`);
      const f = field();
      return ok && f ? { from, request: r as number, field: f } : null;
    }
    case 'sum': case 'mean': {
      e.keys(v, ['from', 'field'], `${at}.`);
      const f = field();
      return f ? { from, field: f } : null;
    }
    case 'cache-hits': case 'first-completed': case 'last-completed': case 'completion-order':
      e.keys(v, ['from'], `${at}.`);
      return { from };
    default:
      e.add(`${at}.from`, 'must be one of request, sum, mean, cache-hits, first-completed, last-completed, completion-order');
      return null;
  }
}

function checkPredict(v: unknown, at: string, e: Errors): Prediction | null {
  if (!isObj(v)) { e.add(at, 'must be an object with "kind"'); return null; }
  switch (v.kind) {
    case 'number': {
      e.keys(v, ['kind', 'unit', 'tolerance'], `${at}.`);
      const unit = typeof v.unit === 'string' ? v.unit : null;
      if (unit === null) e.add(`${at}.unit`, 'must be a string (units, ms or requests)');
      const tol = v.tolerance ?? 0.1;
      const tolOk = typeof tol === 'number' && Number.isFinite(tol) && tol >= 0 && tol <= 1;
      if (!tolOk) e.add(`${at}.tolerance`, 'must be a fraction from 0 to 1 (how close counts as right; 0.1 = within 10 %)');
      return unit !== null && tolOk ? { kind: 'number', unit, tolerance: tol as number } : null;
    }
    case 'pick': case 'order':
      e.keys(v, ['kind'], `${at}.`);
      return { kind: v.kind };
    default:
      e.add(`${at}.kind`, 'must be one of number, pick, order');
      return null;
  }
}

function checkStep(v: unknown, at: string, e: Errors): LessonStep | null {
  if (!isObj(v)) { e.add(at, 'must be an object'); return null; }
  e.keys(v, ['setup', 'question', 'predict', 'answer', 'why'], `${at}.`);
  const setup = checkSetup(v.setup, `${at}.setup`, e);
  const question = e.text(v, 'question', `${at}.`);
  const predict = checkPredict(v.predict, `${at}.predict`, e);
  const answer = checkAnswer(v.answer, `${at}.answer`, e);
  const why = e.text(v, 'why', `${at}.`);
  if (!setup || !predict || !answer || !question || !why) return null;
  const kind = predictionFor(answer);
  if (predict.kind !== kind) { e.add(`${at}.predict.kind`, `answer.from "${answer.from}" is predicted as "${kind}"`); return null; }
  if (predict.kind === 'number' && predict.unit !== unitOf(setup, answer)) {
    e.add(`${at}.predict.unit`, `must be "${unitOf(setup, answer)}" (the unit of this answer in this setup)`);
    return null;
  }
  return { setup, question, predict, answer, why };
}

/** Any value → a lesson, or every error found, each naming its field. */
export function validateLesson(v: unknown): LessonResult {
  const e = new Errors();
  if (!isObj(v)) return { ok: false, errors: [{ field: 'lesson', message: 'must be a JSON object' }] };
  e.keys(v, ['format', 'id', 'title', 'summary', 'steps'], '');
  if (v.format !== LESSON_FORMAT) e.add('format', `must be "${LESSON_FORMAT}"`);
  const id = typeof v.id === 'string' && ID_RE.test(v.id) ? v.id : '';
  if (!id) e.add('id', 'must be lower-case letters, digits and dashes (at most 48), starting with a letter or digit');
  const title = e.text(v, 'title', '', 120);
  const summary = e.text(v, 'summary', '');
  const steps: LessonStep[] = [];
  if (!Array.isArray(v.steps) || v.steps.length === 0 || v.steps.length > MAX_STEPS) {
    e.add('steps', `must be a list of 1 to ${MAX_STEPS} steps`);
  } else {
    v.steps.forEach((s, i) => { const st = checkStep(s, `steps[${i}]`, e); if (st) steps.push(st); });
  }
  if (e.list.length) return { ok: false, errors: e.list };
  return { ok: true, lesson: { format: LESSON_FORMAT, id, title, summary, steps } };
}

/** A lesson file's text → a lesson, or errors (a JSON syntax error named as such). */
export function lessonFromText(text: string): LessonResult {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    return { ok: false, errors: [{ field: 'json', message: `not JSON: ${err instanceof Error ? err.message : String(err)}` }] };
  }
  return validateLesson(v);
}

export function errorText(errors: readonly LessonError[]): string {
  return errors.map((x) => `${x.field}: ${x.message}`).join('; ');
}
