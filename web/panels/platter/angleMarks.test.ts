import { describe, expect, it } from 'vitest';
import { recordingContext } from '../../../tests/helpers/recordingContext';
import { armGeometry } from '../live/arm';
import { drawAngleMarks } from './angleMarks';
import { angleMapping } from './drawPlatter';
import { platterGeometry } from './geometry';

const g = platterGeometry(240, 400);
const arm = armGeometry(g);

/** The points the marks were drawn through, on the canvas: each recorded point turned and moved as the context was told. */
function drawnPoints(theta: number, withArm: boolean) {
  const rec = recordingContext();
  drawAngleMarks(rec.ctx, g, withArm ? arm : undefined, theta);
  const [[tx, ty]] = rec.calls('translate') as number[][];
  const [[rot]] = rec.calls('rotate') as number[][];
  const points = rec.calls('moveTo').concat(rec.calls('lineTo')) as number[][];
  return points.map(([x, y]) => ({ x: tx + x * Math.cos(rot) - y * Math.sin(rot), y: ty + x * Math.sin(rot) + y * Math.cos(rot) }));
}

describe('drawAngleMarks', () => {
  for (const [theta, withArm] of [[0.35, true], [2.8, true], [0.6, false]] as const) {
    it(`puts every spoke point where the platter's angle mapping says, at θ = ${theta}${withArm ? '' : ' without an arm'}`, () => {
      const dir = angleMapping({ arm: withArm ? arm : undefined, theta });
      const lines = Array.from({ length: 8 }, (_, k) => k / 8);
      const pts = drawnPoints(theta, withArm);
      // 7 spokes, the index line (25 points each) and the index's triangle (3).
      expect(pts).toHaveLength(8 * 25 + 3);
      let onLines = 0;
      for (const { x, y } of pts) {
        const r = Math.hypot(x - g.cx, y - g.cy);
        if (r > g.outerR + 1e-6) continue;               // the index's triangle, beyond the rim
        const a = Math.atan2(y - g.cy, x - g.cx);
        const near = lines.some((p) => Math.abs(Math.sin((a - dir(p, r)) / 2)) < 1e-9);
        expect(near, `point at r ${r.toFixed(2)}, direction ${a.toFixed(4)}`).toBe(true);
        onLines++;
      }
      expect(onLines).toBe(8 * 25);
    });
  }

  it('turns with the platter: the index line moves between two instants', () => {
    const a = drawnPoints(0.1, true), b = drawnPoints(0.2, true);
    expect(Math.hypot(a[0].x - b[0].x, a[0].y - b[0].y)).toBeGreaterThan(5);
  });
});
