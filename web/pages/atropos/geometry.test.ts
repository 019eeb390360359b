import { describe, it, expect } from 'vitest';
import { batchWaits, budget, rowOf, headPath, wrapPieces } from './geometry';
import type { HeadEvent, TrackView } from './protocol';

const track = (cyl: number, surface: number): TrackView => ({ track: cyl * 4 + surface, cyl, surface, firstLbn: 0, lbnCount: 100, slots: 100, slot0Angle: 0, volumeRow: 0 });
const TRACKS = [track(5, 0), track(5, 1), track(5, 2)];
const ev = (kind: HeadEvent['kind'], timeMs: number, durMs: number, angle: number, surface: number, fromSurface = surface, logical = 7): HeadEvent =>
  ({ kind, disk: 0, req: 1, logical, timeMs, durMs, angle, cyl: 5, surface, fromCyl: kind === 'seek' ? 0 : 5, fromSurface });

describe('head path geometry', () => {
  it('wraps an angle range at whole turns', () => {
    expect(wrapPieces(0.2, 0.3)).toEqual([{ a: 0.2, b: 0.5, f0: 0, f1: 1 }]);
    const w = wrapPieces(0.9, 0.2);
    expect(w).toHaveLength(2);
    expect(w[0].a).toBeCloseTo(0.9); expect(w[0].b).toBeCloseTo(1); expect(w[0].f1).toBeCloseTo(0.5);
    expect(w[1].a).toBeCloseTo(0); expect(w[1].b).toBeCloseTo(0.1);
    expect(wrapPieces(0.5, 1)).toHaveLength(2);     // a full track read: one revolution
  });

  it('classifies the events: a short rotation after a switch is the skew, any other a wait', () => {
    const events = [
      ev('overhead', 0, 0.2, 0, 0),
      ev('seek', 0.2, 1, 0.02, 1, 0),
      ev('rotate', 1.2, 0.5, 0.2, 1),
      ev('transfer', 1.7, 0.1, 0.28, 1),
      ev('headSwitch', 1.8, 1, 0.3, 2, 1),
      ev('rotate', 2.8, 0.01, 0.47, 2),
      ev('transfer', 2.81, 0.1, 0.47, 2),
      ev('headSwitch', 2.91, 1, 0.49, 0, 2),
      ev('rotate', 3.91, 0.4, 0.65, 0),
      ev('transfer', 4.31, 0.1, 0.72, 0),
    ];
    const p = headPath(events, TRACKS, 6, 0.02);
    expect(p.map((s) => s.kind)).toEqual(['seek', 'wait', 'transfer', 'switch', 'skew', 'transfer', 'switch', 'wait', 'transfer']);
    expect(p[0]).toMatchObject({ y0: -1, y1: 1 });              // from cylinder 0: off the view
    expect(p[3]).toMatchObject({ y0: 1, y1: 2 });
    expect(p[2].dx).toBeCloseTo(0.1 / 6);
    const w = batchWaits(p, 7);
    expect(w.afterFirst.map((s) => s.durMs)).toEqual([0.4]);     // only the one after the wrap
    expect(w.spanMs).toBeCloseTo(4.41 - 1.7);
    expect(batchWaits(p, 8)).toEqual({ afterFirst: [], spanMs: 0 });
  });

  it('finds a track row', () => {
    expect(rowOf(TRACKS, 5, 2)).toBe(2);
    expect(rowOf(TRACKS, 6, 0)).toBe(-1);
  });
});

describe('the one-revolution budget', () => {
  it('splits N into transfer, positioning and slack from the engine figures', () => {
    const b = budget({ N: 686, d: 4, b: 16, slackSectors: 44.08, cyclicOk: 1 });
    expect(b).toMatchObject({ N: 686, transfer: 64, ok: true, scale: 686 });
    expect(b.positioning).toBeCloseTo(686 - 44.08 - 64);
  });
  it('overflows past N, red, when the exact check fails', () => {
    const b = budget({ N: 686, d: 4, b: 43, slackSectors: -63.9, cyclicOk: 0 });
    expect(b.ok).toBe(false);
    expect(b.scale).toBeCloseTo(749.9);
    expect(b.transfer + b.positioning).toBeCloseTo(749.9);
  });
});
