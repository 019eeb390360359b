/*
 * The lesson format's validator: a good lesson passes, each kind of mistake
 * is named by its field, and any input at all gives a lesson or named errors
 * (never a throw). The step link and the judging of predictions too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judge, readNumber } from './judge';
import { decodeLearn, encodeLearn } from './link';
import { lessonFromText, validateLesson } from './lesson';

const good = (): any => ({
  format: 'spindle-lesson/1', id: 'demo', title: 'Demo', summary: 'A lesson.',
  steps: [{
    setup: { homework: 'a=10' }, question: 'How long?', predict: { kind: 'number', unit: 'units', tolerance: 0.1 },
    answer: { from: 'request', request: 0, field: 'rotation' }, why: 'Because. Really.',
  }],
});

const fields = (v: unknown) => { const r = validateLesson(v); return r.ok ? [] : r.errors.map((e) => e.field); };

describe('validateLesson', () => {
  it('takes a good lesson as it is', () => {
    const r = validateLesson(good());
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.lesson.steps[0].answer).toEqual({ from: 'request', request: 0, field: 'rotation' });
  });

  it('names each mistake by its field', () => {
    const cases: Array<[(l: ReturnType<typeof good>) => void, string]> = [
      [(l) => { l.format = 'x'; }, 'format'],
      [(l) => { l.id = 'Bad Id'; }, 'id'],
      [(l) => { l.title = ''; }, 'title'],
      [(l) => { l.steps = []; }, 'steps'],
      [(l) => { (l.steps[0] as Record<string, unknown>).extra = 1; }, 'steps[0].extra'],
      [(l) => { l.steps[0].setup = { homework: 'a=10&p=LIFO' }; }, 'steps[0].setup.homework.p'],
      [(l) => { l.steps[0].setup = { homework: 'a=10&R=0.001' }; }, 'steps[0].setup.homework.R'],
      [(l) => { l.steps[0].setup = { homework: 'a=10&S=0.001' }; }, 'steps[0].setup.homework.S'],
      [(l) => { l.steps[0].setup = { explorer: 'v=2&d0=hp-97560&n=5000' }; }, 'steps[0].setup.explorer.workload.count'],
      [(l) => { l.steps[0].setup = { explorer: 'v=2&n=abc' }; }, 'steps[0].setup.explorer.workload.count'],
      [(l) => { l.steps[0].setup = { other: 'x' } as never; }, 'steps[0].setup'],
      [(l) => { l.steps[0].question = ''; }, 'steps[0].question'],
      [(l) => { l.steps[0].why = 7 as never; }, 'steps[0].why'],
      [(l) => { l.steps[0].answer = { from: 'request', request: -1, field: 'rotation' }; }, 'steps[0].answer.request'],
      [(l) => { l.steps[0].answer = { from: 'request', request: 0, field: 'spin' }; }, 'steps[0].answer.field'],
      [(l) => { l.steps[0].answer = { from: 'nowhere' } as never; }, 'steps[0].answer.from'],
      [(l) => { l.steps[0].predict = { kind: 'guess' } as never; }, 'steps[0].predict.kind'],
      [(l) => { l.steps[0].predict = { kind: 'pick' } as never; }, 'steps[0].predict.kind'],
      [(l) => { l.steps[0].predict.unit = 'ms'; }, 'steps[0].predict.unit'],
      [(l) => { l.steps[0].predict.tolerance = 2; }, 'steps[0].predict.tolerance'],
    ];
    for (const [mutate, field] of cases) {
      const l = good();
      mutate(l);
      expect(fields(l), field).toContain(field);
    }
  });

  it('an explorer step is in ms, a cache count in requests', () => {
    const l = good();
    l.steps[0].setup = { explorer: 'v=2&d0=hp-97560&n=20' } as never;
    expect(fields(l)).toEqual(['steps[0].predict.unit']);
    l.steps[0].predict.unit = 'ms';
    expect(validateLesson(l).ok).toBe(true);
    l.steps[0].answer = { from: 'cache-hits' } as never;
    expect(fields(l)).toEqual(['steps[0].predict.unit']);
  });

  it('a file that is not JSON is named as such', () => {
    const r = lessonFromText('{"format": ');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].field).toBe('json');
  });

  it('any input gives a lesson or named errors, never a throw', () => {
    const anyStep = fc.record({
      setup: fc.oneof(fc.record({ homework: fc.string() }), fc.record({ explorer: fc.string() }), fc.anything()),
      question: fc.oneof(fc.string(), fc.anything()),
      predict: fc.oneof(fc.record({ kind: fc.constantFrom('number', 'pick', 'order', 'x'), unit: fc.constantFrom('ms', 'units', 'requests', ''), tolerance: fc.double() }), fc.anything()),
      answer: fc.oneof(fc.record({ from: fc.constantFrom('request', 'sum', 'mean', 'cache-hits', 'first-completed', 'last-completed', 'completion-order', 'y'), request: fc.integer({ min: -5, max: 300 }), field: fc.string() }), fc.anything()),
      why: fc.oneof(fc.string(), fc.anything()),
    }, { requiredKeys: [] });
    const anyLesson = fc.oneof(
      fc.anything(),
      fc.record({ format: fc.constantFrom('spindle-lesson/1', 'x'), id: fc.string(), title: fc.string(), summary: fc.string(), steps: fc.array(anyStep, { maxLength: 4 }) }, { requiredKeys: [] }),
    );
    fc.assert(fc.property(anyLesson, (v) => {
      const r = validateLesson(v);
      if (r.ok) {
        expect(r.lesson.steps.length).toBeGreaterThan(0);
      } else {
        expect(r.errors.length).toBeGreaterThan(0);
        for (const e of r.errors) { expect(e.field).toMatch(/\S/); expect(e.message).toMatch(/\S/); }
      }
    }), { numRuns: 2000 });
  });
});

describe('step links', () => {
  const lessons = new Map([['zones', 3], ['scheduling', 4]]);
  it('round-trips a step', () => {
    const r = decodeLearn(encodeLearn({ lesson: 'zones', step: 3 }), lessons);
    expect(r).toEqual({ ok: true, link: { lesson: 'zones', step: 3 } });
    expect(decodeLearn('#learn', lessons)).toEqual({ ok: true, link: { step: 1 } });
  });
  it('names a bad lesson, step or key', () => {
    const f = (h: string) => { const r = decodeLearn(h, lessons); return r.ok ? null : r.field; };
    expect(f('#learn?lesson=nope&step=1')).toBe('lesson');
    expect(f('#learn?lesson=zones&step=4')).toBe('step');
    expect(f('#learn?lesson=zones&step=0')).toBe('step');
    expect(f('#learn?lesson=zones&step=x')).toBe('step');
    expect(f('#learn?lesson=zones&stp=1')).toBe('stp');
  });
  it('any hash gives a link or a named error', () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const r = decodeLearn(`#learn?${s}`, lessons);
      if (!r.ok) expect(r.field.length).toBeGreaterThan(0);
      else if (r.link.lesson) expect(r.link.step).toBeLessThanOrEqual(lessons.get(r.link.lesson)!);
    }));
  });
});

describe('judging a prediction', () => {
  const num = { kind: 'number' as const, unit: 'units', tolerance: 0.1 };
  const ans = { kind: 'number' as const, value: 105, unit: 'units' };
  it('a number within the tolerance is right, outside it wrong', () => {
    expect(judge(num, { kind: 'number', text: '100' }, ans)).toEqual({ ok: true, right: true });
    expect(judge(num, { kind: 'number', text: '105 units' }, ans)).toEqual({ ok: true, right: true });
    expect(judge(num, { kind: 'number', text: '90' }, ans)).toEqual({ ok: true, right: false });
    expect(judge({ ...num, tolerance: 0 }, { kind: 'number', text: '104' }, ans)).toEqual({ ok: true, right: false });
  });
  it('a wrong unit or no number is a message', () => {
    expect(readNumber('7 ms', 'units')).toEqual({ message: 'prediction: the answer is in units, not ms' });
    expect(judge(num, { kind: 'number', text: 'soon' }, ans).ok).toBe(false);
  });
  it('picks and orders', () => {
    expect(judge({ kind: 'pick' }, { kind: 'pick', index: 1 }, { kind: 'pick', index: 1 })).toEqual({ ok: true, right: true });
    expect(judge({ kind: 'pick' }, { kind: 'pick', index: 0 }, { kind: 'pick', index: 1 })).toEqual({ ok: true, right: false });
    expect(judge({ kind: 'order' }, { kind: 'order', indexes: [0, 2, 1] }, { kind: 'order', indexes: [0, 2, 1] })).toEqual({ ok: true, right: true });
    expect(judge({ kind: 'order' }, { kind: 'order', indexes: [0, 1, 2] }, { kind: 'order', indexes: [0, 2, 1] })).toEqual({ ok: true, right: false });
    expect(judge({ kind: 'order' }, { kind: 'order', indexes: [0] }, { kind: 'order', indexes: [0, 2, 1] }).ok).toBe(false);
  });
});
