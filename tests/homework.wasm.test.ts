/*
 * The homework mode against the answers OSTEP's disk homework states: the
 * README of disk.py (remzi-arpacidusseau/ostep-homework, file-disks/README.md)
 * works three questions with their -c output, which Spindle must print line
 * for line. disk.py's random lists come from Python's random (seed -s): the
 * list for -A 5,-1,0 -s 0 is CPython's [int(random() * 24) for 5 draws]
 * (24 = disk.py's maxBlock, the inner track's first block).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine-wasm/binding';
import { homeworkMain } from '../web/pages/homework/cli';
import { formatAnswers } from '../web/pages/homework/diskpyFormat';
import { runHomework } from '../web/pages/homework/run';
import { hwRun } from '../web/pages/homework/service';
import { MAX_REQUESTS, commandLine, decodeHash, encodeHash, questionFromJson, questionJson, requestList, requestLists, setupFrom } from '../web/pages/homework/setup';
import { testEngine } from './helpers/engine';

let engine: Engine;
beforeAll(async () => { engine = await testEngine(); });

function answers(flags: string): string {
  const r = homeworkMain(engine, flags.split(' '));
  if ('error' in r) throw new Error(r.error);
  return r.out;
}

/* The README's printed output (its "Sector:" label is "Block:" in today's disk.py). */
const README: Array<[string, string[]]> = [
  ['-a 10 -c', [
    'Block:  10  Seek:  0  Rotate:105  Transfer: 30  Total: 135',
    'TOTALS      Seek:  0  Rotate:105  Transfer: 30  Total: 135']],
  ['-a 10,11 -c', [
    'Block:  10  Seek:  0  Rotate:105  Transfer: 30  Total: 135',
    'Block:  11  Seek:  0  Rotate:  0  Transfer: 30  Total:  30',
    'TOTALS      Seek:  0  Rotate:105  Transfer: 60  Total: 165']],
  ['-a 10,18 -c', [
    'Block:  10  Seek:  0  Rotate:105  Transfer: 30  Total: 135',
    'Block:  18  Seek: 40  Rotate:170  Transfer: 30  Total: 240',
    'TOTALS      Seek: 40  Rotate:275  Transfer: 60  Total: 375']],
];

describe("disk.py's worked questions (its README)", () => {
  it.each(README)('%s prints the README\'s answers', (flags, lines) => {
    const out = answers(flags).split('\n').filter((l) => l.startsWith('Block') || l.startsWith('TOTALS'));
    expect(out).toEqual(lines);
  });
  it('without -c the answers are not printed', () => {
    const out = answers('-a 10,18');
    expect(out).toContain('REQUESTS [10, 18]');
    expect(out).not.toMatch(/Rotate|TOTALS/);
  });
});

/* Worked by hand with disk.py's layout (block i of track k centred at i * angle_k + k * skew * angle_k + 180
 * degrees, the head at 0 at t = 0, turning 1 degree per unit). */
const BY_HAND: Array<[string, Array<[number, number, number, number]>]> = [
  // -o 2: after 10, 11 (ending at 165), block 12 starts at 240 - 15 = 225: seek 40 to 205, then 20.
  ['-a 10,11,12,13 -o 2', [[10, 0, 105, 30], [11, 0, 0, 30], [12, 40, 20, 30], [13, 0, 0, 30]]],
  // -z 10,20,30: 36, 18 and 12 blocks; each track's block 0 is centred at 180 (starts at 175, 170, 165).
  ['-z 10,20,30 -a 0,36,54', [[0, 0, 175, 10], [36, 40, 305, 20], [54, 40, 295, 30]]],
  // Late requests join the queue after each decision: 11 after the first (so it follows 10 at once), 12
  // after the second (at 165, when 11 is taken): seek 40 to 205, wait for 165 + 360.
  ['-a 10 -l 11,12', [[10, 0, 105, 30], [11, 0, 0, 30], [12, 40, 320, 30]]],
  // The first decision does not see late 7, although 7 would be served first among requests of t = 0.
  ['-a 8 -l 7 -p SATF', [[8, 0, 45, 30], [7, 0, 300, 30]]],
  // disk.py's SSTF: from the middle track, outer 5 and inner 30 are equally near; the shorter access
  // (5: 40 + 260 + 30 against 30: 40 + 290 + 30) goes first although 30 is older.
  ['-a 18,30 -l 5 -p SSTF', [[18, 40, 305, 30], [5, 40, 260, 30], [30, 80, 280, 30]]],
];

describe('questions worked by hand', () => {
  it.each(BY_HAND)('%s', (flags, rows) => {
    const f = flags.split(' ');
    const values: Record<string, string> = {};
    for (let i = 0; i < f.length; i += 2) values[f[i].slice(1)] = f[i + 1];
    const s = setupFrom(values);
    if (!s.ok) throw new Error(s.message);
    const got = runHomework(engine, s.setup).rows.map((r) => [r.block, r.seek, r.rotate, r.transfer].map((v) => Math.round(v * 1e6) / 1e6));
    expect(got).toEqual(rows);
  });
});

describe('request lists', () => {
  it('-A 5,-1,0 -s 0 draws what disk.py draws (CPython: [20, 18, 10, 6, 12])', () => {
    const s = setupFrom({ A: '5,-1,0', s: '0' });
    expect(s.ok && requestList(s.setup)).toEqual([20, 18, 10, 6, 12]);
    const s1 = setupFrom({ A: '5,-1,0', s: '1' });
    expect(s1.ok && requestList(s1.setup)).toEqual([3, 20, 18, 6, 11]);
  });
  it('late random requests continue the same generator (CPython: 20, 18, then 10, 6, 12)', () => {
    const s = setupFrom({ A: '2,-1,0', L: '3,-1,0', s: '0' });
    expect(s.ok && requestLists(s.setup)).toEqual({ requests: [20, 18], late: [10, 6, 12] });
  });
  it('a link carries the question and whether answers are shown', () => {
    const s = setupFrom({ a: '7,30,8', p: 'SATF', w: '2' });
    if (!s.ok) throw new Error(s.message);
    const hash = encodeHash({ setup: s.setup, show: false });
    expect(hash).toBe('#homework?a=7,30,8&p=SATF&w=2');
    const back = decodeHash(hash);
    expect(back.ok && back.link).toEqual({ setup: s.setup, show: false });
    const shown = decodeHash(encodeHash({ setup: s.setup, show: true }));
    expect(shown.ok && shown.link.show).toBe(true);
  });
  it('a question saved as JSON reads back as the same question, lists as arrays', () => {
    const s = setupFrom({ a: '7,30,8', p: 'BSATF', w: '2', z: '10,20,30' });
    if (!s.ok) throw new Error(s.message);
    const json = questionJson(s.setup);
    expect(JSON.parse(json)).toEqual({ format: 'spindle-homework/1', a: [7, 30, 8], p: 'BSATF', w: 2, z: [10, 20, 30] });
    expect(questionFromJson(json)).toEqual({ ok: true, setup: s.setup });
    expect(questionFromJson('{"format":"spindle-homework/1","a":[7,"x"]}')).toMatchObject({ ok: false, field: 'a' });
    expect(questionFromJson('{"format":"spindle-homework/1","q":1}')).toMatchObject({ ok: false, field: 'q' });
  });
  it('takes as many requests as the homework asks for (1,000), up to MAX_REQUESTS, and names the flag beyond', () => {
    const big = answers('-A 1000,-1,0 -p SATF -w 16 -c').split('\n').filter((l) => l.startsWith('Block'));
    expect(big).toHaveLength(1000);
    expect(setupFrom({ A: `${MAX_REQUESTS},-1,0` }).ok).toBe(true);
    expect(setupFrom({ A: `${MAX_REQUESTS + 1},-1,0` })).toMatchObject({ ok: false, field: 'A', message: expect.stringContaining('-A count,max,min') });
    expect(setupFrom({ a: Array(MAX_REQUESTS + 1).fill(1).join(',') })).toMatchObject({ ok: false, field: 'a', message: expect.stringContaining('Requests (-a)') });
  });
  it('lists take commas, spaces or both', () => {
    for (const a of ['7,30,8', '7 30 8', '7, 30, 8', ' 7  30,8 ']) expect(setupFrom({ a })).toMatchObject({ ok: true, setup: { addr: [7, 30, 8] } });
    expect(setupFrom({ z: '10 20 30' })).toMatchObject({ ok: true, setup: { zones: [10, 20, 30] } });
  });
  it('a pasted disk.py command line is read as flags; a field value is not one', () => {
    expect(commandLine('-a 7,30,8 -p SATF -c')).toEqual({ values: { a: '7,30,8', p: 'SATF' }, compute: true });
    expect(commandLine('./disk.py -a=7,30,8 -S 2')).toEqual({ values: { a: '7,30,8', S: '2' }, compute: false });
    expect(commandLine('python3 disk.py -q 1')).toMatchObject({ error: expect.stringContaining('-q') });
    expect(commandLine('7,30,8')).toBeNull();
    expect(commandLine('-1')).toBeNull();
  });
  it('links written with flags (-a=) or -c (c=1) are read', () => {
    expect(decodeHash('#homework?-a=7,30,8&-p=SATF&c=1')).toMatchObject({ ok: true, link: { setup: { addr: [7, 30, 8], policy: 'SATF' }, show: true } });
    expect(decodeHash('#homework?a=7,30,8&c=0')).toMatchObject({ ok: true, link: { show: false } });
    expect(decodeHash('#homework?c=2')).toMatchObject({ ok: false, field: 'c' });
  });
  it('speeds the engine would refuse are refused here, naming the flag and the smallest allowed', () => {
    expect(decodeHash('#homework?R=0.001')).toMatchObject({ ok: false, field: 'R', message: expect.stringMatching(/Rotation speed \(-R\): 0\.001 must be at least 0\.006/) });
    expect(decodeHash('#homework?S=0.001')).toMatchObject({ ok: false, field: 'S', message: expect.stringMatching(/Seek speed \(-S\): 0\.001 must be at least 0\.004/) });
    // The smallest allowed values run.
    for (const v of [{ a: '6', R: '0.006' }, { a: '12', S: '0.004' }] as Array<Record<string, string>>) {
      const s = setupFrom(v);
      if (!s.ok) throw new Error(s.message);
      expect(runHomework(engine, s.setup).rows).toHaveLength(1);
    }
  });
  it('bad input names its field', () => {
    expect(decodeHash('#homework?a=7,x')).toMatchObject({ ok: false, field: 'a', message: expect.stringContaining('Requests (-a)') });
    expect(decodeHash('#homework?a=40')).toMatchObject({ ok: false, field: 'a', message: expect.stringContaining('block 40') });
    expect(decodeHash('#homework?S=3')).toMatchObject({ ok: false, field: 'S' });
    expect(decodeHash('#homework?q=1')).toMatchObject({ ok: false, field: 'q' });
  });
});

describe('the engine under the table', () => {
  it('totals are the sums of the rows and the last completion', () => {
    const s = setupFrom({ a: '7,30,8', p: 'SATF' });
    if (!s.ok) throw new Error(s.message);
    const run = runHomework(engine, s.setup);
    expect(run.rows.map((r) => r.block)).toEqual([7, 8, 30]);
    expect(run.totals.total).toBeCloseTo(run.rows.reduce((a, r) => a + r.total, 0), 9);
    expect(formatAnswers(run)).toContain('TOTALS      Seek: 80  Rotate:205  Transfer: 90  Total: 375');
  });
  it('a rotation speed disk.py cannot step exactly: its whole units by default, the exact time on request (-R 2: 52, 52.5)', () => {
    const s = setupFrom({ a: '10', R: '2' });
    if (!s.ok) throw new Error(s.message);
    expect(runHomework(engine, s.setup).rows[0].rotate).toBe(52);
    expect(runHomework(engine, s.setup, 'exact').rows[0].rotate).toBeCloseTo(52.5, 9);
  });
});

describe('the worker method', () => {
  it('runs a question and refuses a bad one naming its field', () => {
    expect(hwRun(engine, { values: { a: '10' } }).rows[0].rotate).toBeCloseTo(105, 9);
    expect(() => hwRun(engine, { values: { w: '0' } })).toThrow(/Window \(-w\)/);
    expect(() => hwRun(engine, { values: { a: 10 } as unknown as Record<string, string> })).toThrow(/values/);
  });
});
