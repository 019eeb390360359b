/*
 * The reorganization page's charts at any width the page may measure,
 * down to 0 (an element measured before it is laid out, or while hidden):
 * no <rect> width or height and no <circle> radius is ever negative, which
 * a browser reports as a console error and draws as nothing.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { HeatMap } from './HeatMap';
import { SeekHist } from './SeekHist';
import { SweepBand } from './SweepBand';
import { Throughput } from './Throughput';
import type { EpochStats, RunEpoch } from './protocol';

const GROUPS = 8;
const stats = (index: number, phase: EpochStats['phase']): EpochStats => ({
  index, phase, startMs: index * 20000, endMs: (index + 1) * 20000, requests: 100 + index, bytes: 1e6, cacheLookups: 10, cacheHits: 5,
  diskReads: 50, diskBlocks: 80, filesMoved: 0, bytesMoved: 0, logBytes: 0, loggedOpens: 0, reqPerS: 5 + index, mbPerS: 0.05,
  hitRatio: 0.5, seekMeanCyl: 300, seekMeanFrac: 0.2, seekMeanMs: 4, seeks: 40, diskWrites: 0, writeBlocks: 0,
  filesToMove: 0, bytesToMove: 0, responseMeanMs: 30,
});
const epoch = (index: number, phase: EpochStats['phase']): RunEpoch => ({
  stats: stats(index, phase),
  groupAccesses: Array.from({ length: GROUPS }, (_, g) => (g * 7 + index) % 5),
  filesNow: Array.from({ length: GROUPS }, (_, g) => g % 3),
  filesGoal: Array.from({ length: GROUPS }, (_, g) => (g === 4 ? 9 : 0)),
  seekHist: Array.from({ length: 32 }, (_, i) => (i * 3) % 7),
});
const baseline = [epoch(0, 'baseline'), epoch(1, 'baseline'), epoch(2, 'baseline')];
const reorg = [epoch(0, 'logging'), epoch(1, 'moving'), epoch(2, 'steady')];

/** Every negative size attribute of the drawn SVG. */
function negatives(el: ReactElement): string[] {
  const svg = renderToStaticMarkup(el);
  return [...svg.matchAll(/<(rect|circle)\b[^>]*?\s(width|height|r)="(-[0-9.e]+)"/g)].map((m) => `${m[1]} ${m[2]}=${m[3]}`);
}

describe('reorganization charts: no negative sizes at any width', () => {
  for (const width of [0, 7, 40, 390, 1920]) {
    it(`at ${width} px`, () => {
      const onSelect = () => {};
      expect(negatives(createElement(SweepBand, { cylinders: 1000, groupCyl: [0, 40, 80, 120, 160, 200, 240, 280, 300], baseline: baseline[2].groupAccesses, reorg: reorg[2].groupAccesses, size: width }))).toEqual([]);
      for (const run of ['baseline', 'reorg'] as const) {
        const epochs = run === 'baseline' ? baseline : reorg;
        expect(negatives(createElement(HeatMap, { run, title: run, epochs, total: 4, groups: GROUPS, selected: 1, max: 4, width, onSelect }))).toEqual([]);
      }
      expect(negatives(createElement(SeekHist, { baseline: baseline[1].seekHist, reorg: reorg[1].seekHist, cylinders: 1000, width }))).toEqual([]);
      expect(negatives(createElement(Throughput, { baseline: baseline.map((e) => e.stats), reorg: reorg.map((e) => e.stats), endMs: 80000, measure: 'req', selected: 1, width, onSelect }))).toEqual([]);
    });
  }
});
