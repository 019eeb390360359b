/*
 * Embeds, as a slide or a course page holds them: a host page with an iframe
 * of a link that has embed=1, at 640×360 and 1280×720. Inside the frame the
 * stage plays (data-stage-time advances); its controls, every platter and the
 * "Open in Spindle" link lie inside the frame's viewport and the frame does
 * not scroll; no header, navigation, form or line of text is seen beyond the
 * stage's bar, its runs' titles, statistics and timelines; the link opens the
 * same link without embed=1 in a new tab; a click on the frame gives it the
 * keys (Space pauses, → steps the clock); no console errors. Every other
 * comparison fits 640×360 too; embed=1&present=1 combine; the explorer and
 * a page without a stage embed without the site's header.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { launch, NO_SERVICE_WORKER, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const SIDE = '#sidebyside?v=1&disk=quantum-atlas-10k-ii&seed=3&n=60&out=2&tracks=1&qd=2';
/** The other comparisons on a stage (tests/e2e/stage.test.ts has the same small runs). */
const OTHERS = [
  '#nvcache?disk=hp-c2247a&fq=0.1&hi=0.9&lo=0.5&idle=0&pat=random&rate=15&dist=uniform&size=1&smax=64&n=60',
  '#atropos?disk=maxtor-atlas-10k-iii&p=4&d=4&b=16&cols=4&acc=row&row=1000&col=0&scan=0&show=atropos&pre=linked&naive=serial&n=20&pts=4&seed=1&cmp=naive-column&f7d=3&su=64&fn=10',
  '#reorg?disk=ibm-ultrastar-18es&pol=centre&part=256&bpg=2048&copies=2&copymb=10&files=400&cache=4&clients=4&zipf=1&epoch=2&epochs=4&logkb=20&logs=0&seed=1',
  '#smr?n=60&sw=100&sb=16',
];

const embedded = (hash: string) => `${baseUrl}${hash}${hash.includes('?') ? '&' : '?'}embed=1`;

/** A host page (a slide) holding the embed in an iframe of w × h, and the frame once its page has loaded. */
async function host(url: string, w: number, h: number) {
  const context = await browser.newContext({ viewport: { width: w + 80, height: h + 120 }, ...NO_SERVICE_WORKER });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await page.setContent(`<!doctype html><body style="margin:40px;background:#333"><h1 style="color:#fff">A slide</h1>
    <iframe src="${url}" width="${w}" height="${h}" style="border:0" allow="fullscreen"></iframe></body>`);
  const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
  await frame.waitForSelector('#root > *', { timeout: 30_000 });
  return { page, frame, problems, context };
}

/** Waits until every run of the stage has begun and the stage has laid itself out in the frame. */
async function stageReady(frame: Frame): Promise<void> {
  await frame.waitForFunction(() => {
    const runs = [...document.querySelectorAll<HTMLElement>('[data-stage-run]')];
    return runs.length >= 2 && runs.every((el) => el.dataset.runTime) && document.querySelector('.stage-runs[data-direction]');
  }, undefined, { timeout: 60_000 });
  // Two frames: a run's devices (platters) arrive with its first events, and the layout follows.
  await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

const stageTime = (frame: Frame) => frame.evaluate(() => Number(document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stageTime));
const playing = (frame: Frame) => frame.evaluate(() => document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stagePlaying === 'true');

interface Seen { outside: string[]; scroll: { w: number; h: number; innerW: number; innerH: number }; count: number }

/** What of `selector` a person sees lies outside the frame's viewport (each named), and whether the frame scrolls. */
const outsideViewport = (frame: Frame, selector: string): Promise<Seen> => frame.evaluate((sel) => {
  const seen = [...document.querySelectorAll<HTMLElement>(sel)].filter((el) => el.checkVisibility({ visibilityProperty: true }));
  const outside = seen.filter((el) => {
    const r = el.getBoundingClientRect();
    return r.left < 0 || r.top < 0 || r.right > window.innerWidth + 0.5 || r.bottom > window.innerHeight + 0.5 || r.width === 0;
  }).map((el) => `${el.dataset.testid ?? el.dataset.stageControl ?? el.tagName}: ${JSON.stringify(el.getBoundingClientRect())}`);
  const d = document.scrollingElement!;
  return { outside, count: seen.length, scroll: { w: d.scrollWidth, h: d.scrollHeight, innerW: window.innerWidth, innerH: window.innerHeight } };
}, selector);

/** Every piece of text a person sees that is not the stage's bar, a run's title, statistics or timeline, or the link out. */
const strayText = (frame: Frame): Promise<string[]> => frame.evaluate(() => {
  const allowed = '.stage-bar, .stage-run > h2, table.stage-stats, .timeline, .embed-head, .problems';
  const out: string[] = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.textContent?.trim() || el.closest('script, style, noscript')) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    if (!el.closest(allowed)) out.push(`${el.tagName}.${el.className}: ${n.textContent.trim().slice(0, 60)}`);
  }
  return out;
});

/** Headers, navigation and forms a person would see (the stage's own bar excepted). */
const seenChrome = (frame: Frame): Promise<string[]> => frame.evaluate(() =>
  [...document.querySelectorAll<HTMLElement>('header, nav, form, h1, [data-testid=sitenav], input, select, textarea, label')]
    .filter((el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('.stage-bar'))
    .map((el) => `${el.tagName}.${el.className}`));

const CONTROLS = '.stage-bar, [data-stage-control], [data-testid=open-in-spindle], [data-stage-run] canvas[data-testid^="stage-platter-"]';

describe.each([{ w: 640, h: 360 }, { w: 1280, h: 720 }])('an embedded stage at $w×$h', ({ w, h }) => {
  it('plays in its frame, fits it, shows only the stage, links out, and takes keys after a click', async () => {
    const { page, frame, problems, context } = await host(embedded(SIDE), w, h);
    await stageReady(frame);

    // It plays: the clock moves on by itself.
    const t0 = await stageTime(frame);
    await frame.waitForFunction((t) => Number(document.querySelector<HTMLElement>('[data-stage-time]')!.dataset.stageTime) > t, t0, { timeout: 30_000 });

    // Controls, both platters and the link out inside the frame's viewport; the frame does not scroll.
    const seen = await outsideViewport(frame, CONTROLS);
    expect(seen.outside).toEqual([]);
    expect(seen.count).toBeGreaterThanOrEqual(1 + 7 + 1 + 2);
    expect(seen.scroll.h).toBeLessThanOrEqual(seen.scroll.innerH);
    expect(seen.scroll.w).toBeLessThanOrEqual(seen.scroll.innerW);
    const platters = await frame.evaluate(() => [...document.querySelectorAll('[data-stage-run] canvas[data-testid^="stage-platter-"]')].map((c) => c.getBoundingClientRect().width));
    expect(platters.length).toBe(2);
    for (const px of platters) expect(px).toBeGreaterThan(h / 2);

    // Nothing of the page but the stage: no header, navigation, form, and no text beyond the titles.
    expect(await seenChrome(frame)).toEqual([]);
    expect(await strayText(frame)).toEqual([]);
    expect(await frame.locator('.stage-run > h2').allInnerTexts()).toEqual(['Unaligned', 'Track-aligned']);

    // The link out: the same link without embed=1, in a new tab.
    const link = frame.locator('[data-testid=open-in-spindle]');
    expect(await link.getAttribute('href')).toBe(`${baseUrl}${SIDE}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener');
    await page.screenshot({ path: `test-results/embed-sidebyside-${w}x${h}.png` });

    // A click on the frame (on a platter) gives it the keys: Space pauses, → steps, ← goes back.
    await frame.locator('canvas[data-testid="stage-platter-aligned-0"]').click();
    if (await playing(frame)) await page.keyboard.press(' ');
    expect(await playing(frame)).toBe(false);
    const paused = await stageTime(frame);
    await page.keyboard.press('ArrowRight');
    const stepped = await stageTime(frame);
    expect(stepped).toBeGreaterThan(paused);
    await page.keyboard.press('ArrowLeft');
    expect(await stageTime(frame)).toBeLessThan(stepped);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});

describe.each(OTHERS)('every comparison fits a 640×360 frame: %s', (hash) => {
  it('its controls and every platter inside the frame, no page scroll, nothing but the stage', async () => {
    const { frame, problems, context } = await host(embedded(hash), 640, 360);
    await stageReady(frame);
    const seen = await outsideViewport(frame, CONTROLS);
    expect(seen.outside).toEqual([]);
    expect(seen.scroll.h).toBeLessThanOrEqual(seen.scroll.innerH);
    expect(await seenChrome(frame)).toEqual([]);
    expect(await strayText(frame)).toEqual([]);
    expect(await frame.locator('[data-testid=open-in-spindle]').getAttribute('href')).toBe(`${baseUrl}${hash}`);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('embeds elsewhere', () => {
  it('embed=1&present=1: presentation type in a 1280×720 frame, still inside it; the link out keeps present=1', async () => {
    const { page, frame, problems, context } = await host(`${baseUrl}${SIDE}&embed=1&present=1`, 1280, 720);
    await stageReady(frame);
    expect(await frame.evaluate(() => ({ ...document.documentElement.dataset }))).toMatchObject({ embed: '1', present: '1' });
    const seen = await outsideViewport(frame, CONTROLS);
    expect(seen.outside).toEqual([]);
    expect(seen.scroll.h).toBeLessThanOrEqual(seen.scroll.innerH);
    expect(await frame.locator('[data-testid=open-in-spindle]').getAttribute('href')).toBe(`${baseUrl}${SIDE}&present=1`);
    await page.screenshot({ path: 'test-results/embed-sidebyside-present-1280x720.png' });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('the explorer: its controls and platter fill a 640×360 frame with no header, and a click gives it the keys', async () => {
    const { page, frame, problems, context } = await host(`${baseUrl}#explorer?embed=1`, 640, 360);
    await frame.waitForSelector('canvas[data-testid=live-platter]', { timeout: 60_000 });
    const seen = await outsideViewport(frame, '[data-testid=live-platter], .explorer .transport button, [data-testid=speed], [data-testid=open-in-spindle]');
    expect(seen.outside).toEqual([]);
    expect(seen.count).toBe(1 + 5 + 1 + 1);
    expect(seen.scroll.h).toBeLessThanOrEqual(seen.scroll.innerH);
    expect(await frame.locator('[data-testid=sitenav]').count()).toBe(0);
    expect(await frame.locator('[data-testid=tab-setup]').isVisible()).toBe(false);
    expect(await frame.locator('[data-testid=preset]').isVisible()).toBe(false);
    await page.screenshot({ path: 'test-results/embed-explorer-640x360.png' });
    await frame.locator('canvas[data-testid=live-platter]').click();
    const before = await frame.locator('.explorer').getAttribute('data-playing');
    await page.keyboard.press(' ');
    await frame.waitForFunction((b) => document.querySelector('.explorer')!.getAttribute('data-playing') !== b, before);
    // The link out is the explorer's own link (its setup in the address's query), without embed=1.
    await frame.locator('[data-testid=open-in-spindle]').focus();
    const href = await frame.locator('[data-testid=open-in-spindle]').getAttribute('href');
    expect(href).toBe(await frame.evaluate(() => window.location.href));
    expect(href).toMatch(/\?v=2&/);
    expect(href).not.toContain('embed');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('a page without a stage (the locator): the page itself, without the site\'s header, and the link out', async () => {
    const { frame, problems, context } = await host(`${baseUrl}#locate?embed=1`, 640, 360);
    await frame.waitForSelector('h1');
    expect(await frame.locator('[data-testid=sitenav]').count()).toBe(0);
    expect(await frame.locator('h1').isVisible()).toBe(true);
    expect(await frame.locator('[data-testid=open-in-spindle]').getAttribute('href')).toBe(`${baseUrl}#locate`);
    expect((await outsideViewport(frame, '[data-testid=open-in-spindle]')).outside).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('a bad value is named, and the whole page is shown', async () => {
    const { frame, context } = await host(`${baseUrl}#locate?embed=yes`, 640, 360);
    await frame.waitForSelector('[data-testid=embed-problem]');
    expect(await frame.locator('[data-testid=embed-problem]').innerText()).toBe('embed: "yes" is not 1 or 0; the whole page is shown.');
    expect(await frame.locator('[data-testid=sitenav]').isVisible()).toBe(true);
    await context.close();
  }, 60_000);
});
