/*
 * Every lesson in presets/lessons validates, and every step's answer is
 * computable by the engine through wasm, through the worker's method (the
 * step checked again there): a number is finite, a pick and an order name
 * the setup's requests. A few answers are checked against values worked by
 * hand from the chapter's toy disk, and the worker refuses a bad step naming
 * its field.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testEngine } from './helpers/engine';
import { bundle } from '../web/pages/learn/bundle';
import { lessonStep } from '../web/pages/learn/service';
import type { Lesson } from '../web/pages/learn/lesson';

const DIR = 'presets/lessons/';
const files: Record<string, unknown> = {};
for (const f of readdirSync(DIR).filter((x) => x.endsWith('.json'))) files[DIR + f] = JSON.parse(readFileSync(DIR + f, 'utf8'));
const presets: Record<string, unknown> = {};
for (const f of readdirSync('presets/disks').filter((x) => x.endsWith('.json'))) presets[f.replace(/\.json$/, '')] = JSON.parse(readFileSync(`presets/disks/${f}`, 'utf8'));

const bundled = bundle(files);
const lessons = bundled.flatMap((b) => ('lesson' in b ? [b.lesson] : []));
const stepOf = (id: string, n: number) => lessons.find((l) => l.id === id)!.steps[n - 1];

describe('bundled lessons', () => {
  it('every file validates (errors named otherwise)', () => {
    expect(bundled.flatMap((b) => ('error' in b ? [`${b.file}: ${b.error}`] : []))).toEqual([]);
    expect(lessons.map((l) => l.id)).toEqual(['one-request', 'rotational-latency', 'seek-curves', 'zones', 'scheduling', 'caches-read-ahead', 'track-alignment']);
  });

  it.each(lessons.map((l): [string, Lesson] => [l.id, l]))('%s: each step has an answer from the engine', async (_id, lesson) => {
    const engine = await testEngine();
    for (const step of lesson.steps) {
      const { run, answer } = lessonStep(engine, { step, presets });
      expect(run.requests.length).toBeGreaterThan(0);
      if (answer.kind === 'number') {
        expect(Number.isFinite(answer.value)).toBe(true);
        expect(answer.unit).toBe(step.predict.kind === 'number' ? step.predict.unit : '');
      } else if (answer.kind === 'pick') {
        expect(run.requests.map((r) => r.index)).toContain(answer.index);
      } else {
        expect([...answer.indexes].sort((a, b) => a - b)).toEqual(run.requests.map((r) => r.index));
      }
    }
  });
});

describe('answers worked by hand', () => {
  const value = async (id: string, n: number) => {
    const a = lessonStep(await testEngine(), { step: stepOf(id, n), presets }).answer;
    return a.kind === 'number' ? a.value : a.kind === 'pick' ? a.index : a.indexes;
  };
  it('one request on the toy disk: -a 10 is no seek, rotation 105, transfer 30; block 18 costs a 40-unit seek', async () => {
    expect(await value('one-request', 1)).toBe(0);
    expect(await value('one-request', 2)).toBeCloseTo(105, 9);
    expect(await value('one-request', 3)).toBeCloseTo(30, 9);
    // Seek 40; the head is then 40 degrees on, at 235 degrees past block 0's start on track 1
    // whose block 18 starts at 180: 360 - 55 = 305 to wait, then 30 of transfer.
    expect(await value('one-request', 4)).toBeCloseTo(40 + 305 + 30, 9);
  });
  it('just missing block 6 costs 345 units of rotation', async () => {
    expect(await value('rotational-latency', 1)).toBeCloseTo(345, 9);
  });
  it('zoned toy disk: transfers of 30, 60 and 90 units', async () => {
    expect(await value('zones', 3)).toBeCloseTo(180, 9);
  });
  it('scheduling -a 7,30,8: FIFO in list order, SSTF leaves 30 last', async () => {
    expect(await value('scheduling', 1)).toEqual([0, 1, 2]);
    expect(await value('scheduling', 3)).toBe(1);
  });
  it('rotational latency on a real disk averages about half a revolution', async () => {
    const rev = 60_000 / 4002;
    const v = await value('rotational-latency', 2) as number;
    expect(v).toBeGreaterThan(0.3 * rev);
    expect(v).toBeLessThan(0.7 * rev);
  });
});

describe('the worker method refuses bad steps by field', () => {
  it('names the field', async () => {
    const engine = await testEngine();
    const bad = { ...stepOf('one-request', 1), answer: { from: 'request', request: 0, field: 'spin' } };
    expect(() => lessonStep(engine, { step: bad, presets })).toThrow(/step\.answer\.field/);
    const missing = { ...stepOf('one-request', 1), answer: { from: 'request', request: 5, field: 'seek' } };
    expect(() => lessonStep(engine, { step: missing, presets })).toThrow(/answer\.request: the setup has no request 5/);
    const noPreset = stepOf('seek-curves', 1);
    expect(() => lessonStep(engine, { step: noPreset, presets: {} })).toThrow(/preset/);
  });
});
