/*
 * useExports.ts — what the Export menu writes: the run's per-request
 * results (CSV) and statistics (JSON) from the engine, the timeline,
 * histogram and seek curve as SVG or PNG, the platter as PNG. Files are
 * named after the preset and seed; a failed PNG conversion is reported.
 */
import type { RefObject } from 'react';
import type { Setup } from '../state/setup';
import type { CanvasHandle } from '../panels/live/CanvasPanel';
import { canvasToPng, download, resultsCsv, statsJson, svgDocument, svgToPng } from './exports';
import type { Shown } from './useRun';

/** The drawings the menu exports. */
export interface ExportSources {
  platter: RefObject<CanvasHandle | null>;
  timeline: RefObject<SVGSVGElement | null>;
  histogram: RefObject<SVGSVGElement | null>;
  seekCurve: RefObject<SVGSVGElement | null>;
}

export type ExportName = 'timeline' | 'histogram' | 'seek-curve';

export interface Exports {
  /** False until a run is shown (results and statistics need one). */
  ready: boolean;
  csv(): void;
  stats(): void;
  svg(name: ExportName): void;
  png(name: ExportName): void;
  platterPng(): void;
}

export function useExports(setup: Setup, shown: Shown | null, src: ExportSources, onError: (message: string) => void): Exports {
  const base = `spindle-${setup.devices[0].preset}-seed${setup.seed}`;
  const svgOf = (name: ExportName) => (name === 'timeline' ? src.timeline : name === 'histogram' ? src.histogram : src.seekCurve).current;
  const fail = (e: Error) => onError(e.message);
  return {
    ready: !!shown,
    csv: () => shown && download(`${base}-requests.csv`, resultsCsv(shown.data.results, shown.data.resultCount), 'text/csv'),
    stats: () => shown && download(`${base}-stats.json`, statsJson(shown.setup, shown.data.info, shown.data.finalSnapshot ?? shown.data.snapshots[shown.data.snapshots.length - 1]), 'application/json'),
    svg: (name) => {
      const el = svgOf(name);
      if (el) download(`${base}-${name}.svg`, svgDocument(el), 'image/svg+xml');
    },
    png: (name) => {
      const el = svgOf(name);
      if (el) void svgToPng(el).then((b) => download(`${base}-${name}.png`, b), fail);
    },
    platterPng: () => {
      const c = src.platter.current?.canvas();
      if (c) void canvasToPng(c).then((b) => download(`${base}-platter.png`, b), fail);
    },
  };
}
