/*
 * The way in, in real headless Chromium against the built app: the bare
 * address shows the home view with a card for every page in web/pages.ts;
 * the keyboard alone (Tab, Enter) opens every page from it, each under the
 * one header with its own link marked; a panel's `?` opens and closes its
 * explanation from the keyboard; a malformed setup file is refused and the
 * setup and URL on screen stay. Screenshots of home and each page this work
 * touched at 390, 1024 and 1920 px go to test-results/screens/, and at
 * each width no page is wider than the window. Any console error fails.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, watchErrors, NO_SERVICE_WORKER } from './browser';

/** web/pages.ts's list, read at run time (its page loaders pull in Vite-only module types the Node config lacks). */
interface PageEntry { id: string; sentence: string }
const { PAGES } = await import('../../web/pages' as string) as { PAGES: readonly PageEntry[] };

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); mkdirSync('test-results/screens', { recursive: true }); });
afterAll(async () => { await browser?.close(); });

/** What shows that a page has opened and drawn something of its own (pages added later: the header alone). */
const OPENED: Record<string, string> = {
  explorer: '[data-testid=live-platter]',
  locate: '[data-testid=readout]',
  traxtents: '[data-testid=trax-status]',
  sidebyside: '[data-stage-run] canvas',
  atropos: 'main.atropos',
};

/** Presses Tab until `selector` has the focus, at most once per focusable element on the page (then it is not reachable). */
async function tabTo(page: Page, selector: string): Promise<boolean> {
  const max = await page.locator('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])').count();
  for (let i = 0; i <= max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return true;
  }
  return false;
}

const current = (page: Page) => page.getAttribute('[data-testid=sitenav] [aria-current=page]', 'data-page');

describe('the home view and the header', () => {
  it('shows every page of pages.ts at the bare address, each with its sentence and a picture', async () => {
    const { page, problems } = await openPage(browser, baseUrl);
    await page.waitForSelector('[data-testid=home]');
    for (const p of PAGES) {
      const card = page.locator(`[data-testid=card-${p.id}]`);
      expect(await card.textContent()).toContain(p.sentence);
      expect(await card.locator('svg.picture').count()).toBe(1);
      expect(await page.getAttribute(`[data-testid=sitenav] a[data-page=${p.id}]`, 'href')).toBe(`#${p.id}`);
    }
    expect(await page.getAttribute('[data-testid=sitenav] .brand', 'aria-current')).toBe('page');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens every page from the home view with the keyboard alone, and the header marks it', async () => {
    const { page, problems } = await openPage(browser, baseUrl);
    for (const p of PAGES) {
      await page.goto(baseUrl);
      await page.waitForSelector('[data-testid=home]');
      expect(await tabTo(page, `.card-main[data-page="${p.id}"]`), `Tab reaches the ${p.id} card`).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForFunction((id) => document.querySelector('[data-testid=sitenav] [aria-current=page]')?.getAttribute('data-page') === id, p.id);
      if (OPENED[p.id]) await page.waitForSelector(OPENED[p.id], { timeout: 60_000 });
      expect(await current(page)).toBe(p.id);
      expect(await page.locator('[data-testid=home]').count()).toBe(0);
    }
    // Back on a page, the header's own link leads home.
    expect(await tabTo(page, '[data-testid=sitenav] .brand')).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=home]');
    // Leaving a page while it still fetches the engine aborts the fetch: that is the navigation, not a fault.
    expect(problems.filter((p) => !/^request failed: .*net::ERR_ABORTED\)$/.test(p))).toEqual([]);
    await page.context().close();
  });

  it('opens and closes a panel\'s explanation from the keyboard', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}#locate`);
    await page.waitForSelector('[data-testid=readout]');
    const q = '[data-explain=locateRead] .explain-q';
    expect(await tabTo(page, q)).toBe(true);
    expect(await page.locator('[data-explain=locateRead] .explain-more').count()).toBe(0);
    await page.keyboard.press('Enter');
    expect(await page.getAttribute(q, 'aria-expanded')).toBe('true');
    expect(await page.textContent('[data-explain=locateRead] .explain-more')).toContain('logical block number');
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-explain=locateRead] .explain-more').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('a malformed setup file', () => {
  it('is refused with its line and column named; the setup and the URL on screen stay', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}?v=2&d0=hp-97560&seed=5&n=40&tab=setup`);
    await page.waitForSelector('[data-testid=load-json]', { state: 'attached' });
    await page.waitForFunction(() => window.location.search.includes('d0=hp-97560'));
    const before = page.url();
    const bad = '{\n  "format": "spindle-setup",\n  "version": 2\n  "seed": 9\n}\n';
    await page.setInputFiles('[data-testid=load-json]', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
    const banner = page.locator('[data-testid=link-problems]');
    await banner.waitFor();
    const text = (await banner.textContent()) ?? '';
    expect(text).toContain('this file is not JSON: line 4, column 3');
    expect(text).toContain('the setup on screen stays');
    expect(page.url()).toBe(before);
    expect(await page.inputValue('[data-testid=preset]')).toBe('hp-97560');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

/** The pages this work touched, each at a link that draws something. */
const SHOTS: Array<[string, string, string]> = [
  ['home', '', '[data-testid=home]'],
  ['locate', '#locate?d0=hp-97560&lbn=123456&n=8&head=500&surf=2&t=3', '[data-testid=readout]'],
  ['sidebyside', '#sidebyside', '[data-testid=diff-table]'],
  ['traxtents', '#traxtents?disk=quantum-atlas-10k-ii&q=2&zl=preset&adapter=paper&n=500&seed=1&points=8&view=sweep', '[data-testid=track-breakdown]'],
];

describe('every width', () => {
  for (const [w, h] of [[390, 844], [1024, 768], [1920, 1080]] as const) {
    it(`fits ${w}×${h}: no page is wider than the window (screenshots in test-results/screens)`, async () => {
      const context = await browser.newContext({ viewport: { width: w, height: h }, ...NO_SERVICE_WORKER });
      const page = await context.newPage();
      const errors = watchErrors(page);
      for (const [name, link, ready] of SHOTS) {
        await page.goto(`${baseUrl}${link}`);
        await page.waitForSelector(ready, { timeout: 60_000 });
        const wide = await page.evaluate(() => {
          const out: string[] = [];
          for (const el of document.querySelectorAll('body *')) {
            const r = el.getBoundingClientRect();
            if (r.width > 0 && r.right > window.innerWidth + 1 && !el.closest('.trax-scroll')) out.push(`${el.tagName.toLowerCase()}.${(el as HTMLElement).className} ends at ${Math.round(r.right)}`);
          }
          return { scroll: document.documentElement.scrollWidth, out: out.slice(0, 5) };
        });
        expect(wide.out, `${name} at ${w}`).toEqual([]);
        expect(wide.scroll, `${name} at ${w}`).toBeLessThanOrEqual(w);
        await page.screenshot({ path: `test-results/screens/${name}-${w}.png`, fullPage: true });
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
