/*
 * exports.ts — what the explorer saves: per-request results as CSV (one row
 * per sp_result, every field, numbers written so they read back exactly),
 * statistics as JSON, and charts as SVG or PNG. The text builders are pure;
 * download() and the PNG rendering need a browser.
 */
import { RESULT } from '../../../engine-wasm/binding/layout';
import type { RunInfo, Snapshot } from '../../engine/runProtocol';
import type { ResultsLike } from '../../run/runData';
import { encodeSetup } from '../../state/urlCodec';
import type { Setup } from '../../state/setup';

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

/** What an exported picture says about itself: a title, lines under it (disk, setup link), a legend. */
export interface Caption {
  title: string;
  lines: readonly string[];
  legend?: ReadonlyArray<{ colour: string; label: string }>;
}

/** A chart's drawing size: its viewBox (the page may show it scaled), else its width and height. */
export function drawingSize(svg: SVGSVGElement): { width: number; height: number } {
  const vb = svg.viewBox?.baseVal;
  if (vb && vb.width > 0 && vb.height > 0) return { width: vb.width, height: vb.height };
  return { width: Number(svg.getAttribute('width')) || svg.clientWidth || 400, height: Number(svg.getAttribute('height')) || svg.clientHeight || 200 };
}

/** An <svg> element on the page as markup at its drawing size (fonts inlined as attributes). */
export function svgMarkup(svg: SVGSVGElement): { markup: string; width: number; height: number } {
  const { width, height } = drawingSize(svg);
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('font-family', 'system-ui, sans-serif');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  return { markup: new XMLSerializer().serializeToString(clone), width, height };
}

/** Splits text into lines of at most `max` characters, at '&' or spaces where it can. */
export function wrapLine(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const cut = Math.max(rest.lastIndexOf('&', max), rest.lastIndexOf(' ', max));
    const at = cut > max / 3 ? cut : max;
    out.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  out.push(rest);
  return out;
}

const CHAR_PX = 6.2;

/**
 * A standalone SVG document: the caption's title and lines above a chart's markup, its legend
 * below, on white. Pure (the chart is markup), so what an export says is tested without a browser.
 */
export function framedSvg(chart: string, chartW: number, chartH: number, cap: Caption): { text: string; width: number; height: number } {
  const width = Math.max(chartW, 380);
  const perLine = Math.floor((width - 16) / CHAR_PX);
  const lines = cap.lines.flatMap((l) => wrapLine(l, perLine));
  const head = 26 + lines.length * 14;
  // Legend entries flow left to right in rows.
  const legend: Array<{ x: number; y: number; colour: string; label: string }> = [];
  let x = 8;
  let row = 0;
  for (const e of cap.legend ?? []) {
    const w = 18 + e.label.length * CHAR_PX + 12;
    if (x + w > width - 8 && x > 8) { x = 8; row++; }
    legend.push({ x, y: head + chartH + 8 + row * 16, colour: e.colour, label: e.label });
    x += w;
  }
  const height = head + chartH + (legend.length ? 14 + (row + 1) * 16 : 6);
  const text = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="8" y="18" font-size="14" font-weight="700" fill="#1a1a1a">${xmlEscape(cap.title)}</text>`,
    ...lines.map((l, i) => `<text x="8" y="${34 + i * 14}" font-size="11" fill="#444444">${xmlEscape(l)}</text>`),
    `<g transform="translate(0 ${head})">${chart}</g>`,
    ...legend.map((e) => `<rect x="${e.x}" y="${e.y}" width="12" height="12" rx="2" fill="${xmlEscape(e.colour)}"/><text x="${e.x + 16}" y="${e.y + 10}" font-size="11" fill="#1a1a1a">${xmlEscape(e.label)}</text>`),
    '</svg>',
  ];
  return { text: `${text.join('\n')}\n`, width, height };
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

/** A PNG of an SVG document (w × h), at `scale` times its size. */
export async function svgToPng(text: string, w: number, h: number, scale = 2): Promise<Blob> {
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

/** A canvas with the caption's title and lines above it (for the platter's PNG). */
export function framedCanvas(source: HTMLCanvasElement, cssWidth: number, cap: Caption): HTMLCanvasElement {
  const scale = source.width / cssWidth;
  const perLine = Math.floor((cssWidth - 16) / CHAR_PX);
  const lines = cap.lines.flatMap((l) => wrapLine(l, perLine));
  const head = 26 + lines.length * 14;
  const out = document.createElement('canvas');
  out.width = source.width;
  out.height = Math.round(source.height + head * scale);
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('no 2-D canvas');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.scale(scale, scale);
  ctx.fillStyle = '#1a1a1a';
  ctx.font = 'bold 14px system-ui, sans-serif';
  ctx.fillText(cap.title, 8, 18);
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = '#444';
  lines.forEach((l, i) => ctx.fillText(l, 8, 34 + i * 14));
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(source, 0, Math.round(head * scale));
  return out;
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
}
