/*
 * Every page is usable by everyone, on a laptop (1280×800) and on a phone (390×844): once it has
 * drawn, axe-core finds no serious or critical violation (contrast, names, labels, roles), every
 * visible control is at least 24×24 px and no chart text is drawn under 11 px. The pages come
 * from the page folders' manifests, so a new page is covered with no change here; two views
 * that pages open only on request are added. Each offender is printed by name (rule, impact,
 * element, help; or element and size). Each view has exactly one visible h1, and on a page it
 * names that page (shares a word with its manifest's title; not the site's name alone).
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, NO_SERVICE_WORKER } from './browser';
import { settled } from './settled';
import { ALL_PAGES } from './pageList';
import { axeViolations, smallTargets, smallChartText, visibleH1s, namesPage, MIN_TARGET_PX, MIN_CHART_TEXT_PX } from './a11yChecks';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Prints a check's offenders (the report stays readable when several checks fail at once). */
function report(what: string, where: string, offenders: string[]): string[] {
  if (offenders.length) console.log(`${where}: ${offenders.length} ${what}\n  ${offenders.join('\n  ')}`);
  return offenders;
}

/** Every page as it opens, and views the pages open only on request. */
const titleOf = (id: string) => ALL_PAGES.find((p) => p.id === id)?.title;
const VIEWS = [
  ...ALL_PAGES.map((p) => ({ name: p.id || 'home', address: p.id ? `#${p.id}` : '', title: p.title })),
  { name: 'atropos beside naive column-major', address: '#atropos?cmp=naive-column', title: titleOf('atropos') },
  { name: 'explorer presenting', address: '?v=2&present=1', title: titleOf('explorer') },
  { name: 'a lesson\'s step', address: '#learn?lesson=one-request&step=1', title: titleOf('learn') },
  { name: 'side by side presenting', address: '#sidebyside?present=1', title: titleOf('sidebyside') },
];

// A page that computes its figures on open (traxsystem's sweeps) can take most of a minute on a busy machine.
const SETTLE_MS = 100_000;
const CHECKS = `no serious or critical axe violation, controls ≥ ${MIN_TARGET_PX} px, chart text ≥ ${MIN_CHART_TEXT_PX} px`;

for (const size of [LAPTOP, PHONE]) {
  describe(`accessibility at ${size.width}×${size.height}`, () => {
    for (const { name, address, title } of VIEWS) {
      it(`${name}: ${CHECKS}, one h1${title ? ` naming "${title}"` : ''}`, async () => {
        const context = await browser.newContext({ viewport: size, ...NO_SERVICE_WORKER });
        try {
          const page = await context.newPage();
          await page.goto(`${baseUrl}${address}`);
          await settled(page, SETTLE_MS);
          const where = `${name} at ${size.width}`;
          const targets = report('controls too small', where, await smallTargets(page));
          const text = report('chart texts too small', where, await smallChartText(page));
          const axe = report('axe violations', where, await axeViolations(page));
          const h1s = await visibleH1s(page);
          expect.soft(h1s, 'visible h1 headings').toHaveLength(1);
          if (title) expect.soft(h1s.every((h) => namesPage(h, title)), `the h1 ${JSON.stringify(h1s)} names the page "${title}"`).toBe(true);
          expect.soft(axe, 'axe-core: serious or critical').toEqual([]);
          expect.soft(targets, `controls under ${MIN_TARGET_PX}×${MIN_TARGET_PX} px`).toEqual([]);
          expect.soft(text, `chart text under ${MIN_CHART_TEXT_PX} px`).toEqual([]);
        } finally {
          await context.close();
        }
      }, SETTLE_MS + 20_000);
    }
  });
}
