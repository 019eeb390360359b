/*
 * ScatterChart — each request as a point: its measured response time across,
 * the model's up (reads and writes in two colours); on the diagonal the model
 * agrees with the drive. A canvas (10,000 points and more), redrawn when the
 * result or the width changes.
 */
import { useEffect, useRef } from 'react';
import { scaleLinear } from 'd3';

export interface ScatterChartProps {
  measured: Float64Array;
  model: Float64Array;
  isWrite: Uint8Array;
  xMax: number;
  width: number;
}

const READ = 'rgba(31, 78, 156, 0.35)';
const WRITE = 'rgba(217, 95, 2, 0.35)';

export function ScatterChart({ measured, model, isWrite, xMax, width }: ScatterChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const size = Math.max(200, Math.min(width, 520));
  const m = { top: 10, right: 12, bottom: 40, left: 46 };
  useEffect(() => {
    const c = canvas.current;
    const g = c?.getContext('2d');
    if (!c || !g) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = size * dpr;
    c.height = size * dpr;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, size, size);
    const x = scaleLinear().domain([0, xMax]).range([m.left, size - m.right]);
    const y = scaleLinear().domain([0, xMax]).range([size - m.bottom, m.top]);
    g.font = '11px system-ui, sans-serif';
    g.fillStyle = '#1a1a1a';
    g.strokeStyle = '#eee';
    g.textAlign = 'center';
    for (const t of x.ticks(5)) {
      g.beginPath(); g.moveTo(x(t), m.top); g.lineTo(x(t), size - m.bottom); g.stroke();
      g.fillText(String(t), x(t), size - m.bottom + 15);
    }
    g.textAlign = 'right';
    for (const t of y.ticks(5)) {
      g.beginPath(); g.moveTo(m.left, y(t)); g.lineTo(size - m.right, y(t)); g.stroke();
      g.fillText(String(t), m.left - 6, y(t) + 4);
    }
    g.textAlign = 'center';
    g.font = '12px system-ui, sans-serif';
    g.fillText('measured response (ms)', (m.left + size - m.right) / 2, size - 6);
    g.save(); g.translate(12, (m.top + size - m.bottom) / 2); g.rotate(-Math.PI / 2); g.fillText('model response (ms)', 0, 0); g.restore();
    g.strokeStyle = '#888';
    g.setLineDash([4, 3]);
    g.beginPath(); g.moveTo(x(0), y(0)); g.lineTo(x(xMax), y(xMax)); g.stroke();
    g.setLineDash([]);
    for (let i = 0; i < measured.length; i++) {
      g.fillStyle = isWrite[i] ? WRITE : READ;
      g.fillRect(x(Math.min(measured[i], xMax)) - 1, y(Math.min(model[i], xMax)) - 1, 2.5, 2.5);
    }
  }, [measured, model, isWrite, xMax, size, m.left, m.right, m.top, m.bottom]);
  return (
    <div className="val-scatter">
      <canvas ref={canvas} style={{ width: size, height: size }} role="img" data-testid="val-scatter" data-points={measured.length}
        aria-label={`${measured.length} requests: measured response against the model's`} />
      <ul className="legend">
        <li><span className="swatch" style={{ background: READ }} />read</li>
        <li><span className="swatch" style={{ background: WRITE }} />write</li>
        <li><span className="swatch dashed" style={{ borderColor: '#888' }} />model = measured</li>
      </ul>
    </div>
  );
}
