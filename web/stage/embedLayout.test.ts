import { describe, it, expect } from 'vitest';
import { EMBED_GAP, embedLayout, type EmbedRoom } from './embedLayout';

/** The room below a stage bar of `bar` px in a frame of w × h (the stage's 4 px padding around). */
const room = (w: number, h: number, bar: number, over: Partial<EmbedRoom> = {}): EmbedRoom => ({
  width: w - 8, height: h - bar - 8, runs: 2, devices: 1, titleH: 26, statsW: 190, statsH: 150, timelineKeyH: 52, ...over,
});

/** Every part of a run's box fits in it: its title, the platters (and the statistics beside), the timeline. */
function expectFits(r: EmbedRoom) {
  const l = embedLayout(r);
  const rows = Math.ceil(r.devices / l.perRow);
  const plattersW = l.perRow * l.platterPx + (l.perRow - 1) * EMBED_GAP + (l.stats ? EMBED_GAP + r.statsW : 0);
  const topH = Math.max(rows * l.platterPx + (rows - 1) * EMBED_GAP, l.stats ? r.statsH : 0);
  const tallH = r.titleH + topH + (l.timeline ? EMBED_GAP + l.timeline.height : 0);
  expect(plattersW).toBeLessThanOrEqual(l.run.width - 14);
  if (l.timeline) {
    expect(l.timeline.width).toBeLessThanOrEqual(l.run.width - 14);
    expect(l.timeline.chartH).toBeGreaterThanOrEqual(100);
  }
  expect(tallH).toBeLessThanOrEqual(l.run.height - 10);
  const runs = l.direction === 'row' ? [r.runs * l.run.width + (r.runs - 1) * EMBED_GAP, l.run.height] : [l.run.width, r.runs * l.run.height + (r.runs - 1) * EMBED_GAP];
  expect(runs[0]).toBeLessThanOrEqual(r.width);
  expect(runs[1]).toBeLessThanOrEqual(r.height);
  return l;
}

describe('an embedded stage\'s layout', () => {
  it('640×360 (a bar of two rows): two runs side by side, platters alone, as large as the height allows', () => {
    const l = expectFits(room(640, 360, 84));
    expect(l.direction).toBe('row');
    expect(l.stats).toBe(false);
    expect(l.timeline).toBeNull();
    expect(l.platterPx).toBe(360 - 84 - 8 - 10 - 26);
  });

  it('1280×720: side by side, each run with its statistics beside the platter and its timeline below', () => {
    const l = expectFits(room(1280, 720, 44));
    expect(l.direction).toBe('row');
    expect(l.stats).toBe(true);
    expect(l.timeline).not.toBeNull();
    expect(l.platterPx).toBeGreaterThan(380);
  });

  it('a tall narrow frame (a phone) stacks the runs', () => {
    const l = expectFits(room(390, 844, 130));
    expect(l.direction).toBe('column');
    expect(l.platterPx).toBeGreaterThan(250);
  });

  it('four disks in a run share its box two to a row', () => {
    const l = expectFits(room(1280, 720, 44, { devices: 4 }));
    expect(l.perRow).toBe(2);
    expect(l.platterPx).toBeGreaterThan(150);
    expectFits(room(640, 360, 84, { devices: 4 }));
  });

  it('one run (a single-slot stage) takes the whole width', () => {
    const l = expectFits(room(1280, 720, 44, { runs: 1 }));
    expect(l.run.width).toBe(1272);
    expect(l.stats).toBe(true);
  });

  it('presentation type (a larger table) still fits at both sizes', () => {
    expectFits(room(640, 360, 120, { titleH: 40, statsW: 300, statsH: 280 }));
    expectFits(room(1280, 720, 60, { titleH: 40, statsW: 300, statsH: 280 }));
  });
});
