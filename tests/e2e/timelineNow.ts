/*
 * timelineNow — the instant each stage run's timeline shows, as a person reads
 * it: where its "now" line stands on its time axis (the line's x between two
 * labelled ticks of the axis, the ticks' labels in simulated ms), beside the
 * run's clock (data-run-time), read in one evaluation.
 */
import type { Page } from 'playwright-core';

/** `x`: the now line's x in the chart; `shown`: the instant it stands at on the axis (ms); `clock`: the run's clock. */
export interface RunTimeline { run: number; clock: number; x: number; shown: number }

export const timelineNow = (page: Page): Promise<RunTimeline[]> => page.evaluate(() =>
  [...document.querySelectorAll<HTMLElement>('[data-stage-run]')].map((el) => {
    const svg = el.querySelector<SVGSVGElement>('svg[data-testid=timeline]')!;
    const now = Number(svg.querySelector('[data-testid=timeline-now]')!.getAttribute('x1'));
    const ticks = [...svg.querySelectorAll('text.chart-tick')]
      .map((t) => ({ x: Number(t.getAttribute('x')), ms: Number(t.textContent) }))
      .filter((t) => Number.isFinite(t.ms));
    const [a, b] = [ticks[0], ticks[ticks.length - 1]];
    return { run: Number(el.dataset.stageRun), clock: Number(el.dataset.runTime), x: now, shown: a.ms + ((now - a.x) * (b.ms - a.ms)) / (b.x - a.x) };
  }));
