/*
 * Legend — a chart's key as an HTML list beside its SVG, so it wraps on a
 * phone and takes the page's type size (and presentation mode's). Each
 * entry's swatch is drawn as the mark it names: a line (with its dashes), a
 * box or a dot.
 */
import './charts.css';

export interface LegendItem {
  key: string;
  label: string;
  colour: string;
  shape?: 'line' | 'box' | 'dot';
  dash?: string;
  /** The box's fill opacity (a shaded band). */
  opacity?: number;
}

function Swatch({ colour, shape = 'line', dash, opacity }: Omit<LegendItem, 'key' | 'label'>) {
  return (
    <svg width={22} height={12} aria-hidden="true" focusable="false">
      {shape === 'line' && <line x1={1} x2={21} y1={6} y2={6} stroke={colour} strokeWidth={2.5} strokeDasharray={dash} />}
      {shape === 'box' && <rect x={4} y={1} width={14} height={10} fill={colour} fillOpacity={opacity} />}
      {shape === 'dot' && <circle cx={11} cy={6} r={4} fill={colour} />}
    </svg>
  );
}

export function Legend({ items, testId, className }: { items: readonly LegendItem[]; testId?: string; className?: string }) {
  return (
    <ul className={className ? `legend chart-legend ${className}` : 'legend chart-legend'} data-testid={testId}>
      {items.map(({ key, label, ...swatch }) => <li key={key}><Swatch {...swatch} />{label}</li>)}
    </ul>
  );
}
