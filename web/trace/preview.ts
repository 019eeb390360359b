/*
 * preview.ts — what the import shows before anything runs, computed from the
 * parsed columns: the first rows, counts of reads and writes, the time
 * span, the LBN range, a histogram of request sizes (power-of-two bins) and
 * the mean measured service time when the trace has one.
 */
import { FORMAT_NAMES, type Trace, type TraceFormat } from './types';

export interface PreviewRow {
  line: number;
  arrivalMs: number;
  lbn: number;
  sectors: number;
  write: boolean;
  /** Measured service time, NaN if none. */
  serviceMs: number;
  thinkMs: number;
}

export interface SizeBin {
  /** Sectors from lo to hi, inclusive. */
  lo: number;
  hi: number;
  count: number;
}

export interface TracePreview {
  format: TraceFormat;
  formatName: string;
  count: number;
  reads: number;
  writes: number;
  /** Last arrival − first arrival (open replay), ms. */
  spanMs: number;
  lbnMin: number;
  /** The highest block any request touches (lbn + sectors − 1). */
  lbnMax: number;
  sectorsMin: number;
  sectorsMax: number;
  sectorsMean: number;
  sizes: SizeBin[];
  hasService: boolean;
  serviceMeanMs: number;
  rows: PreviewRow[];
  notes: string[];
}

export function tracePreview(t: Trace, rows = 8): TracePreview {
  const n = t.count;
  let writes = 0;
  let lbnMin = Infinity;
  let lbnMax = -Infinity;
  let sMin = Infinity;
  let sMax = 0;
  let sSum = 0;
  let svcSum = 0;
  let svcN = 0;
  const bins = new Array<number>(32).fill(0);
  for (let i = 0; i < n; i++) {
    writes += t.isWrite[i];
    const l = t.lbn[i];
    const s = t.sectors[i];
    if (l < lbnMin) lbnMin = l;
    if (l + s - 1 > lbnMax) lbnMax = l + s - 1;
    if (s < sMin) sMin = s;
    if (s > sMax) sMax = s;
    sSum += s;
    bins[s <= 1 ? 0 : Math.ceil(Math.log2(s))]++;
    const v = t.serviceMs[i];
    if (Number.isFinite(v)) { svcSum += v; svcN++; }
  }
  const sizes: SizeBin[] = [];
  const top = n ? Math.ceil(Math.log2(Math.max(1, sMax))) : -1;
  for (let b = 0; b <= top; b++) sizes.push({ lo: b === 0 ? 1 : 2 ** (b - 1) + 1, hi: 2 ** b, count: bins[b] });
  const first: PreviewRow[] = [];
  for (let i = 0; i < Math.min(rows, n); i++) {
    first.push({ line: t.line[i], arrivalMs: t.arrivalMs[i], lbn: t.lbn[i], sectors: t.sectors[i], write: t.isWrite[i] === 1, serviceMs: t.serviceMs[i], thinkMs: t.thinkMs[i] });
  }
  return {
    format: t.format,
    formatName: FORMAT_NAMES[t.format],
    count: n,
    reads: n - writes,
    writes,
    spanMs: n ? t.arrivalMs[n - 1] - t.arrivalMs[0] : 0,
    lbnMin: n ? lbnMin : 0,
    lbnMax: n ? lbnMax : 0,
    sectorsMin: n ? sMin : 0,
    sectorsMax: sMax,
    sectorsMean: n ? sSum / n : 0,
    sizes,
    hasService: t.hasService,
    serviceMeanMs: svcN ? svcSum / svcN : NaN,
    rows: first,
    notes: t.notes.slice(),
  };
}
