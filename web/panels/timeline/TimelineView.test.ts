/*
 * The timeline as drawn: the clock's line and the bars cut at it (so they
 * grow as the clock moves between events), the rows' labels on the kit's y
 * axis (thinned where rows are too low for 11 px type), its time axis with
 * vertical grid lines, its key (the chart kit's legend), and the scale it is
 * shown at (a snapshot for review).
 */
import { describe, expect, it } from 'vitest';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { TimelineView, type TimelineProps } from './TimelineView';
import { TIMELINE_LEGEND, requestSegments, type ResultGetter, type TimelineRow } from './timeline';
import { Legend } from '../../charts';
import { SEGMENTS } from '../colours';
import { formatInt } from '../../lib/format';
import { tickTexts } from '../../../tests/helpers/chartMarkup';

/** One request as the engine reports it (sp_result): arrives at 10 ms, 1 + 4 + 3 + 2 + 0.5 ms. */
const RESULT: Record<string, number> = {
  arrivalMs: 10, overheadMs: 1, queueMs: 0, seekMs: 4, rotationMs: 3, transferMs: 2, switchMs: 0, busMs: 0.5,
  completeMs: 20.5, responseMs: 10.5, lbn: 1234567, sectors: 8, isWrite: 1,
};
/** The LBN as the page writes it (grouped digits). */
const LBN = formatInt(1234567);
const get: ResultGetter = (f) => RESULT[f];

function row(id: number, now: number): TimelineRow {
  return { id, arriveMs: 10, isWrite: true, sectors: 8, lbn: 1234567, finishMs: 20.5, segments: requestSegments(get, now) };
}

/** 100 ms over the plot's 300 px (left margin 118, right 10): 3 px per ms, 0 ms at 118 px. */
const base: TimelineProps = { rows: [row(7, 16)], t0: 0, t1: 100, now: 16, width: 428, height: 120 };
const draw = (p: Partial<TimelineProps>) => renderToStaticMarkup(h(TimelineView, { ...base, ...p }));
const nowX = (m: string) => Number(/<line x1="([\d.]+)" y1="[\d.]+" x2="[\d.]+" y2="[\d.]+" stroke="#000" stroke-width="1.5"[^>]*data-testid="timeline-now"/.exec(m)?.[1]);
/** Each drawn segment: its key, left edge and width in pixels. */
const segs = (m: string) => [...m.matchAll(/<path d="([^"]+)"[^>]*data-seg="(\w+)"/g)].flatMap((p) =>
  [...p[1].matchAll(/M([\d.]+) [\d.]+h([\d.]+)/g)].map((b) => ({ key: p[2], x: Number(b[1]), w: Number(b[2]) })));
/** The rows' labels: the y axis's ticks, right-aligned 6 px left of the plot. */
const rowLabels = (m: string) => tickTexts(m).filter((t) => t.x === 112).map(({ y, label }) => ({ y, label }));

describe('TimelineView', () => {
  it('draws the clock\'s line at now, and each bar up to now only: the one in progress grows with the clock', () => {
    const at16 = draw({});
    expect(nowX(at16)).toBe(118 + 3 * 16);
    expect(segs(at16)).toEqual([
      { key: 'overhead', x: 148, w: 3 }, { key: 'seek', x: 151, w: 12 }, { key: 'rotation', x: 163, w: 3 },
    ]);
    const at17 = draw({ rows: [row(7, 17.5)], now: 17.5 });
    expect(nowX(at17)).toBe(118 + 3 * 17.5);
    expect(segs(at17).at(-1)).toEqual({ key: 'rotation', x: 163, w: 7.5 });
  });

  it('labels each row on the y axis with the request, its direction and LBN; one row in two when rows are too low for the type', () => {
    expect(rowLabels(draw({}))).toEqual([{ y: 6 + 9 + 4, label: `#7 W ${LBN}` }]);
    // 14 rows in 92 px: 6.6 px each, so a label every second row, each at its row's middle.
    const many = Array.from({ length: 14 }, (_, i) => row(i, 16));
    const labels = rowLabels(draw({ rows: many }));
    const rowH = 92 / 14;
    expect(labels.map((l) => l.label)).toEqual([0, 2, 4, 6, 8, 10, 12].map((i) => `#${i} W ${LBN}`));
    labels.forEach((l, k) => expect(l.y).toBeCloseTo(6 + (2 * k + 0.5) * rowH + 4, 9));
  });

  it('draws its time axis in the kit\'s frame: ticks, vertical grid lines and the axis title on the tick row', () => {
    const m = draw({});
    expect(tickTexts(m).filter((t) => t.y === 113)).toEqual([0, 20, 40, 60, 80, 100].map((t) => ({ x: 118 + 3 * t, y: 113, label: String(t) })));
    expect(m.match(/<line x1="([\d.]+)" x2="\1" y1="6" y2="98" stroke="#e4e4e4"/g)).toHaveLength(6);
    expect(m).toContain('text-anchor="end" class="chart-label">simulated ms →</text>');
  });

  it('is shown `scale` times larger, type included (presentation mode)', () => {
    expect(draw({ scale: 1.5 })).toMatch(/<svg width="642" height="180" viewBox="0 0 428 120" role="img"[^>]*data-testid="timeline" class="chart chart-scaled">/);
  });

  it('keys its parts with the chart kit\'s legend: a box in each part\'s colour, then its letter and name', () => {
    const m = draw({});
    expect(m).toContain(renderToStaticMarkup(h(Legend, { items: TIMELINE_LEGEND, testId: 'timeline-legend' })));
    const key = m.slice(m.indexOf('data-testid="timeline-legend"'));
    const entries = [...key.matchAll(/<li><svg [^>]*><rect [^>]*fill="([^"]+)"[^>]*><\/rect><\/svg>([^<]+)<\/li>/g)].map((x) => ({ colour: x[1], label: x[2] }));
    expect(entries).toEqual(SEGMENTS.map((s) => ({ colour: s.colour, label: `${s.letter} ${s.label}` })));
    expect(entries.map((e) => e.label)).toContain('B bus transfer');
  });

  it('spaces its time labels for the column it has: a run\'s column of a four-run stage (240 px) keeps them apart', () => {
    // The x axis's labels sit below the plot; 11 px digits are about 6.5 px wide, so labels of up
    // to five characters need some 40 px between their centres not to run together.
    const timeLabels = (m: string) => tickTexts(m).filter((t) => t.y > 100).map((t) => t.x);
    for (const width of [240, 428, 900]) {
      const xs = timeLabels(draw({ width, t1: 16 }));
      expect(xs.length, `labels at ${width} px`).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < xs.length; i++) expect(xs[i] - xs[i - 1], `gap at ${width} px`).toBeGreaterThanOrEqual(40);
    }
  });

  it('keeps long time labels apart and clear of the axis title: seconds into a long run in a phone\'s narrow column', () => {
    // "580.25 s": eight characters, some 52 px of 11 px type; d3 gives three ticks for a count of two here.
    const m = draw({ width: 300, t0: 580_250, t1: 580_380, now: 580_380 });
    const labels = tickTexts(m).filter((t) => t.y > 100);
    expect(labels.length).toBeGreaterThanOrEqual(1);
    expect(labels.every((t) => t.label.endsWith(' s'))).toBe(true);
    const half = (t: { label: string }) => t.label.length * 6.5 / 2;
    // The title ends 10 px left of the plot (118 px), on the labels' line.
    labels.forEach((t) => expect(t.x - half(t), t.label).toBeGreaterThanOrEqual(118 - 10));
    for (let i = 1; i < labels.length; i++) {
      expect(labels[i].x - half(labels[i]) - (labels[i - 1].x + half(labels[i - 1])), `${labels[i - 1].label} | ${labels[i].label}`).toBeGreaterThanOrEqual(8);
    }
  });

  it('markup', () => expect(draw({})).toMatchSnapshot());
});
