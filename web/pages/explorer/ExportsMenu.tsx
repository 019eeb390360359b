/* ExportsMenu — the Export menu of the top bar; any choice closes it. */
import { useRef } from 'react';
import type { Exports } from './useExports';

export function ExportsMenu({ exports: x }: { exports: Exports }) {
  const menu = useRef<HTMLDetailsElement>(null);
  return (
    <details className="exports" ref={menu}>
      <summary>Export</summary>
      {/* Any choice closes the menu. */}
      <div className="menu" onClick={() => menu.current?.removeAttribute('open')}>
        <button type="button" onClick={x.csv} data-testid="export-csv" disabled={!x.ready}>Per-request results (CSV)</button>
        <button type="button" onClick={x.stats} data-testid="export-stats" disabled={!x.ready}>Statistics (JSON)</button>
        <button type="button" onClick={() => x.svg('timeline')} data-testid="export-timeline-svg">Timeline at this moment (SVG)</button>
        <button type="button" onClick={() => x.png('timeline')}>Timeline at this moment (PNG)</button>
        <button type="button" onClick={() => x.svg('histogram')} data-testid="export-hist-svg">Histogram, whole run (SVG)</button>
        <button type="button" onClick={() => x.png('histogram')} data-testid="export-hist-png">Histogram, whole run (PNG)</button>
        <button type="button" onClick={() => x.svg('histogram-played')} data-testid="export-hist-played-svg">Histogram as played so far (SVG)</button>
        <button type="button" onClick={() => x.svg('seek-curve')}>Seek curve (SVG)</button>
        <button type="button" onClick={() => x.png('seek-curve')}>Seek curve (PNG)</button>
        <button type="button" onClick={x.platterPng} data-testid="export-platter-png">Platter at this moment (PNG)</button>
      </div>
    </details>
  );
}
