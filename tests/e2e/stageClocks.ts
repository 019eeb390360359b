/*
 * stageClocks — the stage's clock and every run's, read from the testing
 * hooks (data-stage-time on the stage's root, data-run-time and
 * data-run-finished on each [data-stage-run]) in one evaluation, so all
 * come from the same frame.
 */
import type { Page } from 'playwright-core';

export interface Clocks { stage: number; playing: boolean; runs: { time: number; finished: boolean }[] }

export const clocks = (page: Page): Promise<Clocks> => page.evaluate(() => {
  const root = document.querySelector<HTMLElement>('[data-stage-time]')!;
  return {
    stage: Number(root.dataset.stageTime),
    playing: root.dataset.stagePlaying === 'true',
    runs: [...root.querySelectorAll<HTMLElement>('[data-stage-run]')].map((el) => ({ time: Number(el.dataset.runTime), finished: el.dataset.runFinished === 'true' })),
  };
});
