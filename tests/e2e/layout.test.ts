/*
 * Every page fits the room: on a phone (390×844), a projector (1024×768,
 * also 1280 px at 125 % zoom), a laptop (1280×800) and a large screen
 * (1920×1080), no panel is cut off — every visible panel, drawing, table
 * and control lies within the window's width (or inside a box that scrolls
 * sideways and itself fits), and the page does not scroll sideways. The
 * pages come from web/pages.ts, so a new page is covered without a change
 * here. One load per page per size; a full-page screenshot of each goes to
 * test-results/layout/ to be looked at.
 */
import { mkdirSync } from 'node:fs';
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, watchErrors, NO_SERVICE_WORKER } from './browser';
import { settled } from './settled';
import { ALL_PAGES as PAGES } from './pageList';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync('test-results/layout', { recursive: true });
});
afterAll(async () => { await browser?.close(); });

const SIZES = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

/** The visible elements that stick out of the window sideways (not inside a sideways-scrolling box that fits). */
function cutOff(page: Page): Promise<{ scrollWidth: number; width: number; out: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const fits = (r: DOMRect) => r.left >= -1 && r.right <= width + 1;
    const scrollsInside = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const ox = getComputedStyle(a).overflowX;
        if ((ox === 'auto' || ox === 'scroll') && fits(a.getBoundingClientRect())) return true;
      }
      return false;
    };
    const clippedBy = (el: Element, r: DOMRect): Element | null => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const ox = getComputedStyle(a).overflowX;
        if (ox === 'hidden' || ox === 'clip') {
          const b = a.getBoundingClientRect();
          if (r.right > b.right + 1 || r.left < b.left - 1) return a;
        }
      }
      return null;
    };
    const out: string[] = [];
    const sel = 'main, section, header, nav, aside, canvas, svg, table, .banner, button, select, input, textarea, h1, h2, h3, p, li';
    for (const el of document.querySelectorAll(sel)) {
      if (el instanceof SVGElement && el.ownerSVGElement) continue;
      if (!el.checkVisibility()) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (fits(r) || scrollsInside(el)) {
        // A drawing or table may also be cut by a box around it that hides what overflows.
        const clip = /^(canvas|svg|table)$/i.test(el.tagName) ? clippedBy(el, r) : null;
        if (!clip) continue;
      }
      const id = el.getAttribute('data-testid') ?? el.id ?? '';
      const cls = typeof el.className === 'string' ? el.className : '';
      out.push(`${el.tagName.toLowerCase()}${id ? `#${id}` : ''}${cls ? `.${cls.split(' ').join('.')}` : ''} spans ${Math.round(r.left)}..${Math.round(r.right)} px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, out: out.slice(0, 12) };
  });
}

describe('layout: a hostile link', () => {
  it('hundreds of unknown keys and a 3,000-character one: five listed, "and N more", the panels still in the first screen', async () => {
    const keys = Array.from({ length: 300 }, (_, i) => `zz${i}=1`).join('&');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...NO_SERVICE_WORKER });
    const page = await context.newPage();
    await page.goto(`${baseUrl}?v=2&n=20&${keys}&${'x'.repeat(3000)}=1`);
    await settled(page);
    const banner = page.locator('[data-testid=link-problems]');
    expect(await banner.locator(':scope > ul > li').count()).toBe(5);
    expect(await banner.locator('[data-testid=more-problems] summary').innerText()).toMatch(/^and \d+ more$/);
    expect((await banner.boundingBox())!.height).toBeLessThan(300);
    expect((await page.locator('#platter-h').boundingBox())!.y).toBeLessThan(800);
    expect((await cutOff(page)).out).toEqual([]);
    await context.close();
  });
});

const SETTLE_MS = 150_000;

describe('layout: no panel cut off', () => {
  for (const size of SIZES) {
    for (const entry of PAGES) {
      const name = entry.id || 'explorer';
      it(`${name} at ${size.width}×${size.height}`, async () => {
        const context = await browser.newContext({ viewport: size, ...NO_SERVICE_WORKER });
        const page = await context.newPage();
        const errors = watchErrors(page);
        await page.goto(`${baseUrl}${entry.id ? `#${entry.id}` : ''}`);
        // A hang guard, not a speed check: the heaviest default (traxsystem's 1.35 M SPTF requests) takes most of a minute on a loaded machine.
        await settled(page, SETTLE_MS);
        const r = await cutOff(page);
        await page.screenshot({ path: `test-results/layout/${name}-${size.width}x${size.height}.png`, fullPage: true });
        await context.close();
        expect(r.out).toEqual([]);
        expect(r.scrollWidth).toBeLessThanOrEqual(r.width);
        expect(errors).toEqual([]);
      }, SETTLE_MS + 30_000);
    }
    it(`explorer in presentation mode at ${size.width}×${size.height}: the platter fills the window's height or width, all of it in view`, async () => {
      const context = await browser.newContext({ viewport: size, ...NO_SERVICE_WORKER });
      const page = await context.newPage();
      await page.goto(`${baseUrl}?v=2&present=1`);
      await settled(page);
      const r = await cutOff(page);
      const box = await page.locator('[data-testid=live-platter]').boundingBox();
      await page.screenshot({ path: `test-results/layout/explorer-present-${size.width}x${size.height}.png` });
      await context.close();
      expect(r.out).toEqual([]);
      expect(box).not.toBeNull();
      const side = Math.min(box!.width, box!.height);
      expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
      expect(side).toBeGreaterThanOrEqual(0.6 * Math.min(size.width, size.height));
    });
  }
});
