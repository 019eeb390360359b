import { describe, it, expect } from 'vitest';
import { framedSvg, wrapLine } from './exports';
import { captionOf, type Moment } from './useExports';
import type { Shown } from './useRun';
import { defaultSetup } from '../../state/setup';

const snap = (completed: number) => ({ stats: { completed } }) as never;

/** A run as the exports read it: its info, snapshots and (once simulated) the final one. */
function shownRun(total: number, simulated: number): Shown {
  const snapshots = [snap(Math.min(5, simulated)), snap(simulated)];
  return {
    setup: defaultSetup(),
    data: {
      info: { total, disk: { name: 'HP C2200A', presetId: 'hp-c2200a' } },
      snapshots,
      finalSnapshot: simulated === total ? snapshots[1] : undefined,
    },
  } as unknown as Shown;
}

describe('what an exported picture says', () => {
  const link = 'http://127.0.0.1/?v=2&n=200';
  const moment: Moment = { timeMs: 12.5, completed: 4 };

  it('the histogram covers the whole run unless asked for the run as played', () => {
    const done = shownRun(200, 200);
    expect(captionOf('histogram', done, moment, link).title).toBe('Response-time histogram: all 200 requests');
    expect(captionOf('histogram-played', done, moment, link).title).toContain('after 4 of 200 requests, as played to t = 12.500 ms');
    const running = shownRun(1_000_000, 4000);
    expect(captionOf('histogram', running, moment, link).title).toMatch(/the first 4.000 of 1.000.000 requests \(the rest not simulated yet\)/);
  });

  it('every caption names the disk, the seed and the setup link; charts carry a legend', () => {
    for (const name of ['histogram', 'histogram-played', 'timeline', 'seek-curve', 'platter'] as const) {
      const c = captionOf(name, shownRun(200, 200), moment, link);
      expect(c.lines[0]).toContain('HP C2200A (hp-c2200a) · seed 1 · 200 requests');
      expect(c.lines[1]).toBe(`Setup: ${link}`);
      if (name !== 'platter') expect(c.legend?.length).toBeGreaterThan(0);
    }
    expect(captionOf('timeline', shownRun(200, 200), moment, link).legend!.map((e) => e.label)).toContain('B bus transfer');
  });

  it('frames a chart: title, lines (a long link wrapped), the chart below them, the legend under it, text escaped', () => {
    const long = `Setup: http://127.0.0.1/?${Array.from({ length: 30 }, (_, i) => `k${i}=${i}`).join('&')}`;
    const doc = framedSvg('<svg id="chart" width="340" height="150"></svg>', 340, 150, {
      title: 'A <b> & "c"', lines: ['disk', long], legend: [{ colour: '#999999', label: 'bars' }, { colour: '#0072B2', label: 'line' }],
    });
    expect(doc.text.startsWith('<?xml')).toBe(true);
    expect(doc.text).toContain('A &lt;b&gt; &amp; &quot;c&quot;');
    const lines = [...doc.text.matchAll(/<text x="8" y="(\d+)" font-size="11"[^>]*>([^<]*)<\/text>/g)];
    expect(lines.length).toBeGreaterThan(2);
    const texts = lines.map(([, , t]) => t.replace(/&amp;/g, '&'));
    for (const t of texts) expect(t.length * 6.2).toBeLessThanOrEqual(doc.width - 16);
    expect(texts.join('')).toBe(`disk${long}`);
    const top = Number(/translate\(0 (\d+)\)/.exec(doc.text)![1]);
    expect(top).toBeGreaterThan(Math.max(...lines.map(([, y]) => Number(y))));
    expect(doc.text).toContain('<svg id="chart"');
    const legendY = [...doc.text.matchAll(/<rect x="\d+(?:\.\d+)?" y="(\d+(?:\.\d+)?)" width="12"/g)].map((m) => Number(m[1]));
    expect(legendY).toHaveLength(2);
    for (const y of legendY) expect(y).toBeGreaterThanOrEqual(top + 150);
    expect(doc.height).toBeGreaterThanOrEqual(legendY[0] + 12);
  });

  it('wrapLine keeps every character, in order, in lines of at most the width', () => {
    const s = 'a'.repeat(50) + '&b=' + 'c'.repeat(70);
    const parts = wrapLine(s, 40);
    expect(parts.join('')).toBe(s);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(40);
  });
});
