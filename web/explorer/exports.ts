/*
 * exports.ts — what the explorer saves: per-request results as CSV (one row
 * per sp_result, every field, numbers written so they read back exactly),
 * statistics as JSON, and charts as SVG or PNG. The text builders are pure;
 * download() and the PNG rendering need a browser.
 */
import { RESULT } from '../../engine-wasm/binding/layout';
import type { RunInfo, Snapshot } from '../engine/runProtocol';
import type { ResultsLike } from '../run/runData';
import { encodeSetup } from '../state/urlCodec';
import type { Setup } from '../state/setup';

/** CSV column names: sp_result's fields, in C order, under their C names. */
export const CSV_COLUMNS: readonly string[] = Object.values(RESULT.fields).map((f) => f.cField);
const KEYS = Object.keys(RESULT.fields) as (keyof typeof RESULT.fields)[];

/** Results as CSV, in completion order (the engine's order). Numbers use JS's shortest exact form. */
export function resultsCsv(results: ResultsLike, count = results.count): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (let i = 0; i < count; i++) lines.push(KEYS.map((k) => String(results.get(i, k))).join(','));
  return `${lines.join('\n')}\n`;
}

/** Parses resultsCsv's output back into rows of numbers by column (for tests and tools). */
export function parseResultsCsv(text: string): Record<string, number>[] {
  const [head, ...rows] = text.trim().split('\n');
  const cols = head.split(',');
  return rows.map((line) => Object.fromEntries(line.split(',').map((v, i) => [cols[i], Number(v)])));
}

/** The run's statistics as JSON: setup (and its link), disk, the engine's final statistics and histogram. */
export function statsJson(setup: Setup, info: RunInfo, snapshot: Snapshot | undefined): string {
  const doc = {
    format: 'spindle-stats/1',
    link: `?${encodeSetup(setup)}`,
    setup,
    disk: { preset: info.disk.presetId, name: info.disk.name, capacity: info.disk.capacity, revolutionMs: info.disk.revolutionMs },
    requests: info.total,
    stats: snapshot?.stats ?? null,
    histogram: snapshot ? { binMs: snapshot.histBinMs, counts: Array.from(snapshot.hist) } : null,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** Characters that must not appear raw in XML text. */
export function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A standalone SVG document of an <svg> element on the page (fonts inlined as attributes). */
export function svgDocument(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('font-family', 'system-ui, sans-serif');
  if (!clone.getAttribute('width')) clone.setAttribute('width', String(svg.clientWidth || 400));
  if (!clone.getAttribute('height')) clone.setAttribute('height', String(svg.clientHeight || 200));
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', '#ffffff');
  clone.insertBefore(bg, clone.firstChild);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}`;
}

/** Saves text or a blob as a file (an <a download> click). */
export function download(name: string, content: string | Blob, type = 'text/plain'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A PNG of an SVG element, at `scale` times its size. */
export async function svgToPng(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  const text = svgDocument(svg);
  const w = Number(svg.getAttribute('width')) || svg.clientWidth || 400;
  const h = Number(svg.getAttribute('height')) || svg.clientHeight || 200;
  const img = new Image();
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the chart could not be drawn as an image'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(h * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2-D canvas');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await canvasToPng(canvas);
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
}
