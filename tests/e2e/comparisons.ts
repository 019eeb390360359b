/*
 * Every comparison that plays on the stage, each as a page link with small
 * runs (a test plays through quickly), and the stage's bar as a person meets
 * it: the names of its visible buttons and its controls under a size.
 */
import type { Page } from 'playwright-core';

export const COMPARISONS: { name: string; hash: string }[] = [
  { name: 'aligned vs unaligned', hash: '#sidebyside?v=1&disk=quantum-atlas-10k-ii&seed=3&n=60&out=2&tracks=1&qd=2' },
  { name: 'NVCache with vs without FQueues', hash: '#nvcache?disk=hp-c2247a&fq=0.1&hi=0.9&lo=0.5&idle=0&pat=random&rate=15&dist=uniform&size=1&smax=64&n=60' },
  { name: 'Atropos vs naive column-major', hash: '#atropos?disk=maxtor-atlas-10k-iii&p=4&d=4&b=16&cols=4&acc=row&row=1000&col=0&scan=0&show=atropos&pre=linked&naive=serial&n=20&pts=4&seed=1&cmp=naive-column&f7d=3&su=64&fn=10' },
  {
    name: 'reorganization before/after',
    hash: '#reorg?disk=ibm-ultrastar-18es&pol=centre&part=256&bpg=2048&copies=2&copymb=10&files=400&cache=4&clients=4&zipf=1&epoch=2&epochs=4&logkb=20&logs=0&seed=1',
  },
  { name: 'shingled drive vs its conventional twin', hash: '#smr?n=60&sw=100&sb=16' },
  // The explorer after a what-if change (seed 5 → 6): the link holds the run before it.
  { name: 'explorer before/after a what-if change', hash: `?v=2&d0=hp-97560&seed=6&n=60&before=${encodeURIComponent('v=2&d0=hp-97560&seed=5&n=60')}` },
];

/** A file name's part for the page of a link (the explorer's link is a query). */
export const pageOf = (hash: string): string => (hash.startsWith('#') ? hash.slice(1).split('?')[0] : 'explorer');

/** The accessible names of the visible buttons in `scope` (the stage's bar, the explorer's playback group), in order. */
export const buttonNames = (page: Page, scope: string): Promise<string[]> => page.evaluate((scope) =>
  [...document.querySelectorAll<HTMLElement>(`${scope} button`)]
    .filter((el) => el.checkVisibility())
    // The name as assistive technology reads it: the text less what is hidden from it (the icons).
    .map((el) => [...el.childNodes].filter((n) => !(n instanceof HTMLElement && n.getAttribute('aria-hidden') === 'true'))
      .map((n) => n.textContent ?? '').join('').trim()), scope);

/** The stage bar's visible controls under `min` px wide or high (a checkbox or radio by its label), named with their size. */
export const smallBarControls = (page: Page, min: number): Promise<string[]> => page.evaluate((min) =>
  [...document.querySelectorAll('.stage-bar button, .stage-bar select, .stage-bar input')]
    .filter((el) => el.checkVisibility())
    .map((el) => {
      const target = (el instanceof HTMLInputElement && /^(checkbox|radio)$/.test(el.type) && el.closest('label')) || el;
      const r = target.getBoundingClientRect();
      return { name: el.getAttribute('data-stage-control') ?? el.getAttribute('aria-label') ?? el.tagName, w: r.width, h: r.height };
    })
    .filter((c) => c.w < min || c.h < min)
    .map((c) => `${c.name} ${c.w.toFixed(1)}×${c.h.toFixed(1)}`), min);
