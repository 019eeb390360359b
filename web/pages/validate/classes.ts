/*
 * classes.ts — where a validation's difference comes from: the requests split
 * into classes (read or write × how the model's cache served it, and read or
 * write × size), each with its count, measured and model means and its share
 * of the mean difference (Σ(model − measured) / all requests, ms). The shares
 * of one split add up to the model's mean minus the measured mean, so the
 * largest ones name the requests a miss comes from. Pure over a result.
 */
import type { ValidationResult } from './validate';

export interface RequestClass {
  /** e.g. "reads the model served from its cache", "writes of 9–32 sectors". */
  label: string;
  split: Split;
  count: number;
  measuredMeanMs: number;
  modelMeanMs: number;
  /** Σ(model − measured) over the class / all requests (ms): its part of the mean difference. */
  shareMs: number;
}

export type Split = 'cache' | 'size' | 'after' | 'seek';

const CACHE_LABELS = ['missed the model\u2019s cache', 'partly in the model\u2019s cache', 'served from the model\u2019s cache', 'reported at once (write cache)'];
const SIZES: readonly [number, number][] = [[1, 8], [9, 32], [33, Infinity]];

function sizeLabel([lo, hi]: [number, number]): string {
  return hi === Infinity ? `of ${lo}+ sectors` : `of ${lo}\u2013${hi} sectors`;
}

/** The model's seek time bands (ms, [lo, hi)): a seek curve that is off over some distances shows in one band. */
const SEEK_BANDS: readonly [number, number][] = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 6], [6, 8], [8, 12], [12, Infinity]];

function seekLabel(ms: number): string {
  if (ms === 0) return 'the media served without a seek';
  const [lo, hi] = SEEK_BANDS.find(([, h]) => ms < h) ?? SEEK_BANDS[SEEK_BANDS.length - 1];
  return hi === Infinity ? `the media served after a seek of ${lo}+ ms` : `the media served after a seek of ${lo}\u2013${hi} ms`;
}

const CACHE_SERVED = 'the model\u2019s cache served';

export function requestClasses(v: ValidationResult): RequestClass[] {
  const acc = new Map<string, { split: Split; n: number; m: number; s: number }>();
  const add = (label: string, split: Split, i: number) => {
    const a = acc.get(label) ?? { split, n: 0, m: 0, s: 0 };
    a.n++;
    a.m += v.measuredMs[i];
    a.s += v.simulatedMs[i];
    acc.set(label, a);
  };
  for (let i = 0; i < v.count; i++) {
    const rw = v.isWrite[i] ? 'writes' : 'reads';
    add(`${rw} ${CACHE_LABELS[v.cache[i]] ?? `cache code ${v.cache[i]}`}`, 'cache', i);
    const size = SIZES.find(([lo, hi]) => v.sectors[i] >= lo && v.sectors[i] <= hi) ?? SIZES[0];
    add(`${rw} ${sizeLabel(size)}`, 'size', i);
    // DiskSim's disk starts with lastflags = READ: the first request counts as after a read.
    add(`${rw} after a ${i > 0 && v.isWrite[i - 1] ? 'write' : 'read'}`, 'after', i);
    add(`${rw} ${v.cache[i] === 0 || v.cache[i] === 1 ? seekLabel(v.seekMs[i]) : CACHE_SERVED}`, 'seek', i);
  }
  return [...acc].map(([label, a]) => ({
    label, split: a.split, count: a.n, measuredMeanMs: a.m / a.n, modelMeanMs: a.s / a.n, shareMs: (a.s - a.m) / v.count,
  }));
}

/**
 * The classes of one split, largest share (either sign) first; of the seek
 * split only those the media served (the cache-served ones are the cache split's).
 */
export function largestShares(classes: readonly RequestClass[], split: Split, n = 2): RequestClass[] {
  return classes.filter((c) => c.split === split && !(split === 'seek' && c.label.endsWith(CACHE_SERVED)))
    .sort((a, b) => Math.abs(b.shareMs) - Math.abs(a.shareMs)).slice(0, n);
}

/** One line for a report: "reads served from the model's cache (2,015): measured 1.491, model 0.918 ms, −0.115 ms of the mean". */
export function describeClass(c: RequestClass): string {
  const sign = c.shareMs >= 0 ? '+' : '\u2212';
  return `${c.label} (${c.count.toLocaleString('en')}): measured ${c.measuredMeanMs.toFixed(3)}, model ${c.modelMeanMs.toFixed(3)} ms, ` +
    `${sign}${Math.abs(c.shareMs).toFixed(3)} ms of the mean`;
}
