/*
 * ScatterChart — each request as a point: its measured response time across,
 * the model's up (reads and writes in two colours); on the diagonal the model
 * agrees with the drive. The axes and the diagonal are the chart kit's SVG
 * frame; the points (10,000 and more) a canvas laid over its plot, redrawn
 * when the result or the width changes.
 */
import { useEffect, useMemo, useRef } from 'react';
import { scaleLinear } from 'd3';
import { ChartFrame, Legend, Rule, linearTicks, plotRanges } from '../../charts';

export interface ScatterChartProps {
  measured: Float64Array;
  model: Float64Array;
  isWrite: Uint8Array;
  xMax: number;
  width: number;
}

const READ = 'rgba(31, 78, 156, 0.35)';
const WRITE = 'rgba(217, 95, 2, 0.35)';
const M = { top: 10, right: 12, bottom: 40, left: 46 };

export function ScatterChart({ measured, model, isWrite, xMax, width }: ScatterChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const size = Math.max(200, Math.min(width, 520));
  const { x, y } = useMemo(() => {
    const r = plotRanges(size, size, M);
    return { x: scaleLinear().domain([0, xMax]).range(r.x), y: scaleLinear().domain([0, xMax]).range(r.y) };
  }, [size, xMax]);
  useEffect(() => {
    const c = canvas.current;
    const g = c?.getContext('2d');
    if (!c || !g) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = size * dpr;
    c.height = size * dpr;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, size, size);
    for (let i = 0; i < measured.length; i++) {
      g.fillStyle = isWrite[i] ? WRITE : READ;
      g.fillRect(x(Math.min(measured[i], xMax)) - 1, y(Math.min(model[i], xMax)) - 1, 2.5, 2.5);
    }
  }, [measured, model, isWrite, x, y, size]);
  return (
    <div className="val-scatter">
      <div style={{ position: 'relative', width: size, height: size }}>
        <ChartFrame width={size} height={size} margin={M} label={`${measured.length} requests: measured response against the model's`}
          xTicks={linearTicks(x, 5)} yTicks={linearTicks(y, 5)} xLabel="measured response (ms)" yLabel="model response (ms)">
          <Rule from={[x(0), y(0)]} to={[x(xMax), y(xMax)]} colour="#888" dash="4 3" />
        </ChartFrame>
        <canvas ref={canvas} style={{ position: 'absolute', left: 0, top: 0, width: size, height: size, pointerEvents: 'none' }} aria-hidden="true"
          data-testid="val-scatter" data-points={measured.length} />
      </div>
      <Legend items={[
        { key: 'read', label: 'read', colour: READ, shape: 'box' },
        { key: 'write', label: 'write', colour: WRITE, shape: 'box' },
        { key: 'diagonal', label: 'model = measured', colour: '#888', dash: '4 3' },
      ]} />
    </div>
  );
}
