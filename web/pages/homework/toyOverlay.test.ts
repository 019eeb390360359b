/*
 * The toy disk's marks as canvas calls: the block numbers where the engine's
 * angles put them (under the head exactly when the engine says so), the
 * served request's ring only once its row is shown and in its phase's
 * colour, numbers readable (≥ 11 px on a phone's platter, ≥ 16 px on a
 * presenting one) and never written over each other on a crowded track.
 */
import { describe, expect, it } from 'vitest';
import { recordingContext } from '../../../tests/helpers/recordingContext';
import { toyRun as run } from '../../../tests/helpers/toyRun';
import { SEGMENT } from '../../panels/colours';
import { headPose } from '../../panels/live/arm';
import { cylinderRadius } from '../../panels/platter/geometry';
import type { HomeworkRun } from './run';
import { drawToyDisk, labelStep } from './toyOverlay';
import { toyScene } from './toyScene';

const SIZE = 400;
const ALL = () => true;
const NONE = () => false;

/** Draws the disk at t and returns what was drawn: each number's position, each stroked circle with its colour. */
function drawn(t: number, ringShown: (row: number) => boolean, size = SIZE, r: HomeworkRun = run) {
  const rec = recordingContext();
  const marks = drawToyDisk(rec.ctx, r, t, ringShown, size);
  const numbers = new Map(rec.calls('fillText').map(([text, x, y]) => [Number(text), { x: x as number, y: y as number }]));
  // The circles stroked after the platter: their centre and the stroke colour set before them.
  const circles: { x: number; y: number; colour: string }[] = [];
  let colour = '';
  let arc: number[] | null = null;
  for (const line of rec.lines) {
    if (line.startsWith('strokeStyle = ')) colour = line.slice('strokeStyle = '.length);
    const m = /^arc\(([-\d.]+), ([-\d.]+), [-\d.]+, 0, 6\.28\)$/.exec(line);
    if (m) arc = [Number(m[1]), Number(m[2])];
    if (line === 'stroke()' && arc) circles.push({ x: arc[0], y: arc[1], colour });
    if (line === 'beginPath()') arc = null;
  }
  return { marks, numbers, circles };
}

/** The circles drawn around block b's number. */
function ringsAround(d: ReturnType<typeof drawn>, block: number) {
  const at = d.numbers.get(block)!;
  return d.circles.filter((c) => Math.hypot(c.x - at.x, c.y - at.y) < 0.02);
}

describe('the toy disk drawn by the platter drawer, with the homework\'s marks', () => {
  it('writes every block\'s number, the one under the head where the arm holds it (the engine\'s angles)', () => {
    const scene = toyScene(run, 0, ALL, SIZE);
    const head = headPose(scene.arm!, cylinderRadius(scene.geometry, 0));
    const at0 = drawn(0, ALL);
    expect([...at0.numbers.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 36 }, (_, i) => i));
    // t = 0: the head is mid-block 6 (the engine's phase0); 120 units later, block 10 (a third of a turn at 360 units a turn).
    expect(Math.hypot(at0.numbers.get(6)!.x - head.x, at0.numbers.get(6)!.y - head.y)).toBeLessThan(0.02);
    const at120 = drawn(120, ALL);
    expect(Math.hypot(at120.numbers.get(10)!.x - head.x, at120.numbers.get(10)!.y - head.y)).toBeLessThan(0.02);
    // The platter turned a third of a turn: block 6 moved away from the head, block 10 reached it.
    expect(Math.hypot(at120.numbers.get(6)!.x - head.x, at120.numbers.get(6)!.y - head.y)).toBeGreaterThan(50);
  });

  it('rings the request being served only when its row is shown (the ring would name the first pick)', () => {
    expect(ringsAround(drawn(0, NONE), 10)).toEqual([]);
    expect(drawn(0, NONE).marks.ring).toBeNull();
    expect(ringsAround(drawn(0, (i) => i === 0), 10)).toHaveLength(1);
    // Row 1 (block 18) is served at 200 units: hidden, nothing is ringed anywhere.
    const hidden = drawn(200, (i) => i === 0);
    expect(hidden.marks.ring).toBeNull();
    expect([...hidden.numbers.keys()].flatMap((b) => ringsAround(hidden, b))).toEqual([]);
    expect(ringsAround(drawn(200, ALL), 18)).toHaveLength(1);
  });

  it('the ring is in the colour of what the disk is doing: seek, rotational wait, transfer', () => {
    expect(ringsAround(drawn(50, ALL), 10)[0].colour).toBe(SEGMENT.rotation.colour);
    expect(ringsAround(drawn(110, ALL), 10)[0].colour).toBe(SEGMENT.transfer.colour);
    expect(ringsAround(drawn(150, ALL), 18)[0].colour).toBe(SEGMENT.seek.colour);
    expect(drawn(400, ALL).marks.ring).toBeNull();
  });

  it('the arm moves in the seek\'s colour only during a shown row\'s seek', () => {
    expect(toyScene(run, 150, ALL, SIZE).moving).toBe(true);
    expect(toyScene(run, 135, (i) => i === 0, SIZE).moving).toBe(false);
    expect(toyScene(run, 150, ALL, SIZE).headCyl).toBeCloseTo(0.375, 12);
  });

  it('the head\'s box is outlined over the numbers, where the arm holds the head', () => {
    const rec = recordingContext();
    const marks = drawToyDisk(rec.ctx, run, 0, ALL, SIZE);
    const scene = toyScene(run, 0, ALL, SIZE);
    const head = headPose(scene.arm!, cylinderRadius(scene.geometry, 0));
    expect(marks.head).toMatchObject({ x: head.x, y: head.y });
    const lastNumber = rec.lines.map((l) => l.startsWith('fillText(')).lastIndexOf(true);
    const box = rec.lines.findIndex((l, i) => i > lastNumber && l.startsWith('strokeRect('));
    expect(box).toBeGreaterThan(lastNumber);
    expect(rec.lines.slice(lastNumber, box)).toContain(`translate(${Math.round(head.x * 100) / 100}, ${Math.round(head.y * 100) / 100})`);
  });

  it('numbers stay readable: 11 px or more on a phone\'s platter, 16 or more on a presenting one', () => {
    expect(drawn(0, ALL, 340).marks.fontPx).toBeGreaterThanOrEqual(11);
    expect(drawn(0, ALL, 200).marks.fontPx).toBeGreaterThanOrEqual(11);
    expect(drawn(0, ALL, 600).marks.fontPx).toBeGreaterThanOrEqual(16);
  });

  it('a crowded track writes every k-th number, evenly, never one over the next', () => {
    // -z 2,10,30: 180, 36 and 12 blocks a track.
    const dense: HomeworkRun = { ...run, tracks: [{ firstBlock: 0, blocks: 180, slot0Angle: 0 }, { firstBlock: 180, blocks: 36, slot0Angle: 0 }, { firstBlock: 216, blocks: 12, slot0Angle: 0 }] };
    const d = drawn(0, NONE, 360, dense);
    const outer = [...d.numbers.entries()].filter(([b]) => b < 180).map(([, p]) => p);
    expect(outer.length).toBeGreaterThan(10);
    expect(outer.length).toBeLessThan(180);
    expect(180 % outer.length).toBe(0);
    const gap = Math.min(...outer.map((p, i) => Math.hypot(p.x - outer[(i + 1) % outer.length].x, p.y - outer[(i + 1) % outer.length].y)));
    expect(gap).toBeGreaterThan(3 * 0.62 * d.marks.fontPx);
    expect(labelStep(12, 100, 14, 2)).toBe(1);
  });
});
