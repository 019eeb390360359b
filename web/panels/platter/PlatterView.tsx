/*
 * PlatterView — a still platter: a thin React component that sizes a canvas
 * for the device pixel ratio, draws the platter in its own frame (no arm,
 * angle 0 up) with an access's path, and turns a click into (cylinder,
 * angle) through the pure hit-test. It never reads app state.
 */
import { memo, useEffect, useMemo, useRef } from 'react';
import type { ZoneBand } from '../../engine/runProtocol';
import type { AccessPath } from './access';
import { drawPlatter } from './drawPlatter';
import { hitTest, platterGeometry } from './geometry';

export interface PlatterViewProps {
  size: number;
  cylinders: number;
  zones: readonly ZoneBand[];
  access?: AccessPath;
  /** Called with the cylinder and platter angle under a click on the data band. */
  onPick?: (cyl: number, angle: number) => void;
  label: string;
}

export const PlatterView = memo(function PlatterView({ size, cylinders, zones, access, onPick, label }: PlatterViewProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const geometry = useMemo(() => platterGeometry(size, cylinders), [size, cylinders]);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const dpr = window.devicePixelRatio || 1;
    el.width = Math.round(size * dpr);
    el.height = Math.round(size * dpr);
    const ctx = el.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const frame = requestAnimationFrame(() => drawPlatter(ctx, { geometry, zones, theta: 0, access, trackLines: true }, size, size));
    return () => cancelAnimationFrame(frame);
  }, [size, geometry, zones, access]);

  const onClick = (e: React.MouseEvent<HTMLCanvasElement>) => {
    if (!onPick) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const hit = hitTest(geometry, ((e.clientX - rect.left) * size) / rect.width, ((e.clientY - rect.top) * size) / rect.height);
    if (hit) onPick(hit.cyl, hit.angle);
  };

  return (
    <canvas
      ref={canvas}
      className="platter"
      style={{ width: size, height: size }}
      onClick={onClick}
      role="img"
      aria-label={label}
      data-testid="platter"
    />
  );
});
