/*
 * The shingled drive's marks on the platter: however many bands hold sectors
 * in the media cache, their ticks are one fill (a stroke per band was the
 * canvas's largest cost on the page's every frame), a gradient with the
 * bands' radii in it, darker where a band holds more.
 */
import { describe, expect, it } from 'vitest';
import { drawSmrOverlay } from './bandOverlay';
import { platterGeometry } from '../../panels/platter/geometry';
import type { SmrLayout } from './protocol';
import type { SmrLog } from './smrLog';

/** A context that records what is drawn; gradients record their stops. */
function recorder() {
  const calls: string[] = [];
  const stops: [number, string][][] = [];
  const ctx = new Proxy({}, {
    get: (_, k: string) => {
      if (k === 'createRadialGradient') return () => { const s: [number, string][] = []; stops.push(s); return { addColorStop: (o: number, c: string) => s.push([o, c]) }; };
      return (...a: unknown[]) => { calls.push(`${k}(${a.length ? a.map(String).join(',') : ''})`); };
    },
    set: (_, k: string, v) => { calls.push(`${k}=${typeof v === 'object' ? 'gradient' : String(v)}`); return true; },
  }) as unknown as CanvasRenderingContext2D;
  return { ctx, calls, stops };
}

const BANDS = 300;
const layout: SmrLayout = {
  bands: Array.from({ length: BANDS }, (_, k) => ({ firstTrack: 100 + k * 20, tracks: 17 })) as SmrLayout['bands'],
  mcFirstTrack: 0, mcTracks: 40, mcSectors: 4000, bandTracks: 17, guardTracks: 3, surfaces: 2, sectorBytes: 512,
};

function logHolding(held: Map<number, number>): SmrLog {
  return { bandsAt: () => held, recentAppends: () => [], cleanAt: () => undefined } as unknown as SmrLog;
}

describe('drawSmrOverlay', () => {
  it('fills every held band\'s tick in one gradient fill, whatever their number, and strokes none of them', () => {
    const g = platterGeometry(400, 3100);
    const held = new Map(Array.from({ length: 250 }, (_, i) => [i, 1 + (i % 3)] as [number, number]));
    const { ctx, calls, stops } = recorder();
    drawSmrOverlay(ctx, g, { layout, log: logHolding(held), timeMs: 5, flashMs: 8 });
    expect(calls.filter((c) => c.startsWith('stroke('))).toHaveLength(0);
    // The strip and the media cache's ring: two fills.
    expect(calls.filter((c) => c.startsWith('fill('))).toHaveLength(2);
    expect(calls).toContain('fillStyle=gradient');
    expect(stops).toHaveLength(1);
    // Darker where bands hold more: the opacities in the gradient reach the fullest band's (n = most: 1).
    const alphas = stops[0].map(([, c]) => Number(/,([\d.]+)\)$/.exec(c)![1]));
    expect(Math.max(...alphas)).toBeGreaterThanOrEqual(1 - 1e-3);
    expect(alphas[0]).toBe(0);
    expect(alphas.at(-1)).toBe(0);
  });

  it('draws no strip when no band holds sectors', () => {
    const { ctx, calls, stops } = recorder();
    drawSmrOverlay(ctx, platterGeometry(400, 3100), { layout, log: logHolding(new Map()), timeMs: 5, flashMs: 8 });
    expect(stops).toHaveLength(0);
    expect(calls.filter((c) => c.startsWith('fill('))).toHaveLength(1);
  });
});
