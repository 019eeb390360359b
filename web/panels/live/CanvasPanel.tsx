/*
 * CanvasPanel — a canvas sized for the device's pixel ratio, drawn from
 * outside: the explorer's animation loop calls draw() through the handle on
 * every frame that changed, so React never re-renders for a frame.
 */
import { forwardRef, memo, useImperativeHandle, useLayoutEffect, useRef } from 'react';

export interface CanvasHandle {
  /** Runs `paint` with a context scaled to CSS pixels (width × height). */
  draw(paint: (ctx: CanvasRenderingContext2D, width: number, height: number) => void): void;
  canvas(): HTMLCanvasElement | null;
  /** The drawing's width in CSS pixels. */
  size(): number;
}

export interface CanvasPanelProps {
  width: number;
  height: number;
  label: string;
  testId: string;
  className?: string;
}

/** Memoized: a panel that re-renders a few times a second (the stage's) leaves its canvases alone. */
export const CanvasPanel = memo(forwardRef<CanvasHandle, CanvasPanelProps>(function CanvasPanel({ width, height, label, testId, className }, ref) {
  const el = useRef<HTMLCanvasElement>(null);
  const ctx = useRef<CanvasRenderingContext2D | null>(null);

  useLayoutEffect(() => {
    const c = el.current;
    if (!c) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(width * dpr);
    c.height = Math.round(height * dpr);
    ctx.current = c.getContext('2d');
    ctx.current?.setTransform(dpr, 0, 0, dpr, 0, 0);
  }, [width, height]);

  useImperativeHandle(ref, () => ({
    draw(paint) {
      if (ctx.current) paint(ctx.current, width, height);
    },
    canvas: () => el.current,
    size: () => width,
  }), [width, height]);

  return <canvas ref={el} className={className} style={{ width, height }} role="img" aria-label={label} data-testid={testId} />;
}));
