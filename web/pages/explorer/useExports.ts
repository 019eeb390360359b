/*
 * useExports.ts — what the Export menu writes: the run's per-request
 * results (CSV) and statistics (JSON) from the engine, the histogram of the
 * whole run (or as played so far, when asked), the timeline and seek curve
 * as SVG or PNG, the platter as PNG. Every picture says what it is: a
 * title (what, over which requests or at which moment), the disk and seed,
 * the link that reopens the setup, and its legend. Files are named after
 * the preset and seed; a failed PNG conversion is reported.
 */
import { createElement, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Setup } from '../../state/setup';
import { encodeSetup } from '../../state/urlCodec';
import { formatInt } from '../../lib/format';
import type { CanvasHandle } from '../../panels/live/CanvasPanel';
import { TIMELINE_LEGEND } from '../../panels/timeline/timeline';
import { HistogramView } from '../../panels/stats/StatsView';
import type { Snapshot } from '../../engine/runProtocol';
import {
  canvasToPng, download, framedCanvas, framedSvg, resultsCsv, statsJson, svgMarkup, svgToPng, type Caption,
} from './exports';
import { HIST_H, HIST_W } from './sizes';
import type { Shown } from './useRun';

/** The drawings the menu exports. */
export interface ExportSources {
  platter: RefObject<CanvasHandle | null>;
  timeline: RefObject<SVGSVGElement | null>;
  histogram: RefObject<SVGSVGElement | null>;
  seekCurve: RefObject<SVGSVGElement | null>;
}

/** 'histogram': the whole run; 'histogram-played': as the page shows it, up to the playback's moment. */
export type ExportName = 'timeline' | 'histogram' | 'histogram-played' | 'seek-curve';

/** Where the playback is (for pictures of a moment). */
export interface Moment {
  timeMs: number;
  completed: number;
}

export interface Exports {
  /** False until a run is shown (results and statistics need one). */
  ready: boolean;
  csv(): void;
  stats(): void;
  svg(name: ExportName): void;
  png(name: ExportName): void;
  platterPng(): void;
}

const HIST_LEGEND = [{ colour: '#999999', label: 'requests per bin (bars, left axis)' }, { colour: '#0072B2', label: 'cumulative fraction (line, right axis)' }];

/** The run's latest statistics: the final ones once the whole run is simulated. */
function wholeRun(shown: Shown): Snapshot | undefined {
  return shown.data.finalSnapshot ?? shown.data.snapshots[shown.data.snapshots.length - 1];
}

/** A histogram of `snapshot` drawn off the page (the page's own shows the run as played). */
function histogramOf(snapshot: Snapshot | undefined): SVGSVGElement | null {
  const div = document.createElement('div');
  const root = createRoot(div);
  flushSync(() => root.render(createElement(HistogramView, { snapshot, width: HIST_W, height: HIST_H })));
  const svg = div.querySelector('svg')?.cloneNode(true) as SVGSVGElement | null;
  root.unmount();
  return svg;
}

/** What a picture of `name` says about itself. */
export function captionOf(name: ExportName | 'platter', shown: Shown, moment: Moment | null, link: string): Caption {
  const info = shown.data.info;
  const disk = info.disk;
  const n = formatInt(info.total);
  const t = moment ? `${moment.timeMs.toFixed(3)} ms` : 'the start';
  const snap = wholeRun(shown);
  const lines = [`${disk.name} (${disk.presetId}) · seed ${shown.setup.seed} · ${n} requests`, `Setup: ${link}`];
  switch (name) {
    case 'histogram':
      return {
        title: shown.data.finalSnapshot
          ? `Response-time histogram: all ${n} requests`
          : `Response-time histogram: the first ${formatInt(snap?.stats.completed ?? 0)} of ${n} requests (the rest not simulated yet)`,
        lines, legend: HIST_LEGEND,
      };
    case 'histogram-played':
      return { title: `Response-time histogram after ${formatInt(moment?.completed ?? 0)} of ${n} requests, as played to t = ${t}`, lines, legend: HIST_LEGEND };
    case 'timeline':
      return { title: `Timeline at t = ${t}: the requests around that moment`, lines, legend: TIMELINE_LEGEND };
    case 'seek-curve':
      return { title: `Seek time against seek distance (the engine's seek curve)`, lines, legend: [{ colour: '#0072B2', label: 'seek time (ms) against distance (cylinders)' }] };
    case 'platter':
      return {
        title: `Platter at t = ${t}`,
        lines: [...lines, 'The surface under the active head. Bands: zones of one sectors-per-track density; green: sectors transferred; dashed: to come; red-orange: the sector awaited; sky blue: read ahead.'],
      };
  }
}

export function useExports(setup: Setup, shown: Shown | null, src: ExportSources, onError: (message: string) => void, moment: () => Moment | null): Exports {
  const base = `spindle-${setup.devices[0].preset}-seed${setup.seed}`;
  const fail = (e: Error) => onError(e.message);
  const link = (s: Setup) => `${window.location.origin}${window.location.pathname}?${encodeSetup(s)}`;
  // A what-if comparison draws its runs on the stage instead of the explorer's own platter and timeline.
  const notDrawn = (name: string) => onError(`The ${name} is not drawn on the page now (a what-if comparison shows its runs on the stage); drop the run before to export it.`);
  /** The picture of `name`, framed with its caption, as an SVG document. */
  const picture = (name: ExportName) => {
    if (!shown) return null;
    const el = name === 'histogram' ? histogramOf(wholeRun(shown))
      : (name === 'timeline' ? src.timeline : name === 'histogram-played' ? src.histogram : src.seekCurve).current;
    if (!el) { notDrawn(name); return null; }
    const chart = svgMarkup(el);
    return framedSvg(chart.markup, chart.width, chart.height, captionOf(name, shown, moment(), link(shown.setup)));
  };
  return {
    ready: !!shown,
    csv: () => shown && download(`${base}-requests.csv`, resultsCsv(shown.data.results, shown.data.resultCount), 'text/csv'),
    stats: () => shown && download(`${base}-stats.json`, statsJson(shown.setup, shown.data.info, wholeRun(shown)), 'application/json'),
    svg: (name) => {
      const doc = picture(name);
      if (doc) download(`${base}-${name}.svg`, doc.text, 'image/svg+xml');
    },
    png: (name) => {
      const doc = picture(name);
      if (doc) void svgToPng(doc.text, doc.width, doc.height).then((b) => download(`${base}-${name}.png`, b), fail);
    },
    platterPng: () => {
      const handle = src.platter.current;
      const c = handle?.canvas();
      if (!shown) return;
      if (!c || !handle) return notDrawn('platter');
      try {
        const framed = framedCanvas(c, handle.size(), captionOf('platter', shown, moment(), link(shown.setup)));
        void canvasToPng(framed).then((b) => download(`${base}-platter.png`, b), fail);
      } catch (e) {
        fail(e as Error);
      }
    },
  };
}
