/*
 * The homework page in real headless Chromium: a link with the answers
 * hidden shows the question and a table of '?' with none of the answers
 * anywhere in the page (text or attributes); revealing one row shows only
 * that row; revealing all shows every row and the totals, equal to the same
 * question run in Node on the same wasm (runHomework); the link then says the
 * answers are shown; Space plays the animation, and the stage's keys step
 * it event by event (the engine's instants), back, and restart it; M links
 * to the moment and P turns presentation mode on and off. A refused value leaves no
 * answers (and no drawing) on the page, and a link with one refused value
 * keeps the rest of its question; predictions typed in the hidden cells are
 * checked against the engine on reveal, scored, and restored by Back; a
 * variant's link (the CLI's --variants) shows its answer key, and the
 * instructors' panel makes the CLI's variants and key; before reveal the drawing rings no
 * request and playing or stepping stops before the first decision; a pasted disk.py
 * command line, a list with spaces and -a= / c=1 links are read; 1,000
 * requests answer; a new question dims the previous answer rows ("computing…",
 * aria-busy) until its own answer comes; the toy disk's numbers are 11 px or more on a
 * phone and 16 or more presenting at 1920, and presenting at 1024×768 or in a 1920×900
 * window shows it whole; the question's settings fold under one line, so the disk and its
 * controls open in the first screen at 1024×768 and 1920×1080, and presenting at 1920×1080
 * (and on a portrait screen) the stage is at the window's top. Any console error fails.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, watchErrors, NO_SERVICE_WORKER } from './browser';
import { testEngine } from '../helpers/engine';
import { homeworkMain } from '../../web/pages/homework/cli';
import { runHomework } from '../../web/pages/homework/run';
import { decodeHash } from '../../web/pages/homework/setup';
import { SPEEDS } from '../../web/run/panelState';
import { PhaseRunData } from '../../web/stage/phasePlayback';
import { expectStageKeys, readClock } from './stageSteps';

const baseUrl = inject('baseUrl');
const HASH = '#homework?a=7,30,8,20&p=SATF';
/** The toy disk's stage: its root carries the clock. */
const STAGE = '.hw-disk[data-stage-time]';
const PLAY = `${STAGE} [data-stage-control=play]`;
/** The toy disk's canvas while it rings a request (data-ring: the block ringed). */
const RINGED = 'canvas[data-testid=hw-disk][data-ring]';

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** The toy disk as drawn: its canvas's pixels, once drawn. */
async function pixels(page: Page): Promise<string> {
  await page.waitForSelector('canvas[data-testid=hw-disk][data-labels]');
  return page.$eval('canvas[data-testid=hw-disk]', (c) => (c as HTMLCanvasElement).toDataURL());
}

/** Opens the question's settings (folded under one line as the page opens), as a person does to change a field. */
async function openSettings(page: Page): Promise<void> {
  if (!(await page.getAttribute('[data-testid=hw-settings]', 'open').then((v) => v !== null))) await page.click('[data-testid=hw-settings] summary');
}

async function settled(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=hw-table]', { timeout: 60_000 });
  await page.waitForFunction(() => (window as unknown as { __spindleHomework?: { status(): string } }).__spindleHomework?.status() === 'done', null, { timeout: 60_000 });
}

describe('homework page', () => {
  it('hides every answer until revealed, then shows the engine\'s numbers', async () => {
    const link = decodeHash(HASH);
    if (!link.ok) throw new Error(link.message);
    const want = runHomework(await testEngine(), link.link.setup);
    const { page, problems } = await openPage(browser, `${baseUrl}${HASH}`);
    await settled(page);
    const n = want.rows.length;
    expect(await page.locator('[data-testid^=hw-row-]').count()).toBe(n);

    // Hidden: every answer cell is an empty prediction field, carries no value, and no answer is anywhere in the page.
    for (let i = 0; i < n; i++) {
      for (const k of ['block', 'seek', 'rotate', 'transfer', 'total']) {
        expect(await page.inputValue(`[data-testid=hw-guess-${k}-${i}]`)).toBe('');
        expect(await page.getAttribute(`[data-testid=hw-${k}-${i}]`, 'data-value')).toBeNull();
      }
    }
    expect(await page.locator('[data-testid=hw-total-total]').count()).toBe(0);
    // The page without its drawings' geometry (an SVG's coordinates, a canvas's size in px: the toy disk's
    // 420 is also an answer here); the canvas's hooks (data-track, data-ring…) stay and are searched.
    const html = await page.evaluate(() => {
      const doc = document.documentElement.cloneNode(true) as HTMLElement;
      doc.querySelectorAll('svg').forEach((s) => s.remove());
      doc.querySelectorAll('canvas').forEach((c) => { for (const a of ['width', 'height', 'style']) c.removeAttribute(a); });
      return doc.outerHTML;
    });
    // Numbers up to 35 are block numbers, and the speed list's are slow-motion factors: the rest must not appear.
    const answers = [...want.rows.flatMap((r) => [r.seek, r.rotate, r.total]), want.totals.seek, want.totals.rotate, want.totals.total]
      .map((v) => Math.round(v)).filter((v) => v > 35 && !SPEEDS.includes(v));
    expect(answers.length).toBeGreaterThan(3);
    for (const v of answers) expect(html, `answer ${v} is in the page before it was revealed`).not.toMatch(new RegExp(`\\b${v}\\b`));

    // One row revealed: that row only.
    await page.click('[data-testid=hw-reveal-0]');
    expect(Number(await page.getAttribute('[data-testid=hw-total-0]', 'data-value'))).toBe(want.rows[0].total);
    expect(await page.getAttribute('[data-testid=hw-total-1]', 'data-value')).toBeNull();
    expect(await page.locator('[data-testid=hw-guess-total-1]').count()).toBe(1);

    // All revealed: the engine's numbers, row by row and in total.
    await page.click('[data-testid=hw-reveal-all]');
    for (let i = 0; i < n; i++) {
      const r = want.rows[i];
      expect(Number(await page.getAttribute(`[data-testid=hw-block-${i}]`, 'data-value'))).toBe(r.block);
      expect(Number(await page.getAttribute(`[data-testid=hw-seek-${i}]`, 'data-value'))).toBe(r.seek);
      expect(Number(await page.getAttribute(`[data-testid=hw-rotate-${i}]`, 'data-value'))).toBe(r.rotate);
      expect(Number(await page.getAttribute(`[data-testid=hw-transfer-${i}]`, 'data-value'))).toBe(r.transfer);
      expect(Number(await page.getAttribute(`[data-testid=hw-total-${i}]`, 'data-value'))).toBe(r.total);
    }
    expect(Number(await page.getAttribute('[data-testid=hw-total-total]', 'data-value'))).toBe(want.totals.total);
    expect(await page.evaluate(() => window.location.hash)).toBe(`${HASH}&show=1`);

    // Space plays the animation.
    await page.click('h1');
    await page.keyboard.press('Space');
    await page.waitForFunction((sel) => Number(document.querySelector<HTMLElement>(sel)?.dataset.stageTime) > 0, STAGE, { timeout: 30_000 });
    expect(problems).toEqual([]);
  });

  it('a bad value names its field, shows no answers and offers the last good question', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}${HASH}&show=1`);
    await settled(page);
    await openSettings(page);
    await page.fill('[data-testid=hw-field-a]', '7,x');
    expect(await page.textContent('[data-testid=hw-error]')).toContain('Requests (-a)');
    expect(await page.locator('[data-testid^=hw-row-]').count()).toBe(0);
    expect(await page.locator('[data-testid=hw-total-total]').count()).toBe(0);
    expect(await page.locator('[data-testid=hw-disk]').count()).toBe(0);
    expect(await page.getAttribute('[data-testid=hw-last-good]', 'href')).toMatch(/#homework\?a=7,30,8,20&p=SATF$/);
    await page.fill('[data-testid=hw-field-a]', '7 30 8');
    // The engine answers the new question after a round trip to the worker: wait for its three rows.
    await expect.poll(() => page.locator('[data-testid^=hw-row-]').count(), { timeout: 30_000 }).toBe(3);
    expect(problems).toEqual([]);
  });

  it('a new question dims the previous answer rows, busy and "computing…", until the engine answers it', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}${HASH}&show=1`);
    await settled(page);
    await openSettings(page);
    // Every change to the page from here on, as the person would see it: the rows, how faint, the status line.
    await page.evaluate(() => {
      const seen: { rows: number; busy: string | null; opacity: number; computing: string }[] = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      const look = () => {
        const box = document.querySelector<HTMLElement>('[data-testid=hw-answer-rows]');
        seen.push({
          rows: document.querySelectorAll('[data-testid^=hw-row-]').length,
          busy: box?.getAttribute('aria-busy') ?? null,
          opacity: box ? Number(getComputedStyle(box).opacity) : 1,
          computing: document.querySelector('[data-testid=hw-computing]')?.textContent ?? '',
        });
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.fill('[data-testid=hw-field-a]', '7 30 8');
    await expect.poll(() => page.locator('[data-testid^=hw-row-]').count(), { timeout: 30_000 }).toBe(3);
    await page.waitForFunction(() => (window as unknown as { __spindleHomework: { status(): string } }).__spindleHomework.status() === 'done');
    const seen = await page.evaluate(() => (window as unknown as { seen: { rows: number; busy: string | null; opacity: number; computing: string }[] }).seen);
    // The previous question's four rows stayed until the answer came, and every time they showed they were marked.
    const previous = seen.filter((v) => v.rows === 4);
    expect(previous.length).toBeGreaterThan(0);
    for (const v of previous) {
      expect(v.busy).toBe('true');
      expect(v.opacity).toBeLessThan(1);
      expect(v.computing).toMatch(/^computing…/);
    }
    // The new question's rows: plain again.
    expect(await page.getAttribute('[data-testid=hw-answer-rows]', 'aria-busy')).toBe('false');
    expect(await page.locator('[data-testid=hw-computing]').count()).toBe(0);
    expect(await page.locator('[data-testid=hw-answer-rows]').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await page.textContent('[data-testid=hw-requests]')).toContain('7, 30, 8');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a link with one refused value keeps the others in the form, naming the refused one and what was used', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}#homework?a=7,30,8&p=SATF&w=0&o=1`);
    await settled(page);
    expect(await page.inputValue('[data-testid=hw-field-a]')).toBe('7,30,8');
    expect(await page.inputValue('[data-testid=hw-field-p]')).toBe('SATF');
    expect(await page.inputValue('[data-testid=hw-field-o]')).toBe('1');
    expect(await page.inputValue('[data-testid=hw-field-w]')).toBe('-1');
    const notice = await page.textContent('[data-testid=hw-link-notice]');
    expect(notice).toContain('Window (-w): "0"');
    expect(notice).toContain("disk.py's default -w -1 is used instead");
    // The answers are those of the question the form shows.
    expect(await page.locator('[data-testid^=hw-row-]').count()).toBe(3);
    expect(await page.locator('[data-testid=hw-stale]').count()).toBe(0);
    expect(await page.evaluate(() => window.location.hash)).toBe('#homework?a=7,30,8&p=SATF&o=1');
    expect(problems).toEqual([]);
  });

  it('predictions are checked against the engine when a row is revealed, scored, and restored by Back', async () => {
    const link = decodeHash(HASH);
    if (!link.ok) throw new Error(link.message);
    const want = runHomework(await testEngine(), link.link.setup).rows;
    const { page, problems } = await openPage(browser, `${baseUrl}${HASH}`);
    await settled(page);
    const r0 = want[0];
    await page.fill('[data-testid=hw-guess-block-0]', String(r0.block));
    await page.fill('[data-testid=hw-guess-seek-0]', String(r0.seek));
    await page.fill('[data-testid=hw-guess-rotate-0]', String(r0.rotate + 10));
    await page.fill('[data-testid=hw-guess-total-1]', String(want[1].total));
    // Not a number: the field keeps what it had.
    await page.fill('[data-testid=hw-guess-transfer-0]', 'x');
    expect(await page.inputValue('[data-testid=hw-guess-transfer-0]')).toBe('');
    expect(await page.getAttribute('[data-testid=hw-score]', 'data-checked')).toBe('0');
    // Typing a prediction shows nothing on the drawing.
    expect(await page.locator(RINGED).count()).toBe(0);

    await page.click('[data-testid=hw-reveal-0]');
    expect(await page.getAttribute('[data-testid=hw-check-block-0]', 'data-right')).toBe('1');
    expect(await page.getAttribute('[data-testid=hw-check-seek-0]', 'data-right')).toBe('1');
    expect(await page.getAttribute('[data-testid=hw-check-rotate-0]', 'data-right')).toBe('0');
    expect(await page.textContent('[data-testid=hw-check-rotate-0]')).toContain(String(r0.rotate + 10));
    expect(await page.locator('[data-testid=hw-check-total-1]').count()).toBe(0);
    expect(await page.textContent('[data-testid=hw-score]')).toContain('2 of 3');
    const hash = await page.evaluate(() => window.location.hash);
    expect(hash).toBe(`${HASH}&rev=1&g1=${r0.block},${r0.seek},${r0.rotate + 10},,&g2=,,,,${want[1].total}`);

    // Away and Back: the reveal, the checks and the unrevealed prediction are as they were.
    await page.click('a[data-page=learn]');
    await page.waitForSelector('[data-testid=learn-list]');
    await page.goBack();
    await settled(page);
    expect(await page.evaluate(() => window.location.hash)).toBe(hash);
    expect(await page.getAttribute('[data-testid=hw-check-rotate-0]', 'data-right')).toBe('0');
    expect(await page.inputValue('[data-testid=hw-guess-total-1]')).toBe(String(want[1].total));
    // A link followed on the page itself opens its state (the question afresh), and Back brings the predictions back.
    await page.click('[data-testid=hw-link-hidden]');
    await page.waitForFunction((h) => window.location.hash === h, HASH);
    await page.waitForSelector('[data-testid=hw-guess-rotate-0]');
    expect(await page.inputValue('[data-testid=hw-guess-total-1]')).toBe('');
    await page.goBack();
    await page.waitForSelector('[data-testid=hw-check-rotate-0]');
    expect(await page.inputValue('[data-testid=hw-guess-total-1]')).toBe(String(want[1].total));
    await page.click('[data-testid=hw-reveal-1]');
    expect(await page.getAttribute('[data-testid=hw-check-total-1]', 'data-right')).toBe('1');
    expect(await page.textContent('[data-testid=hw-score]')).toContain('3 of 4');
    expect(problems).toEqual([]);
  });

  it('nothing on the drawing tells the order before reveal; a pasted command line and a c=1 link are read', async () => {
    // -a 9,20 -p SATF serves 20 first: a ring on 20, or the arm moving, would give that away.
    const { page, problems } = await openPage(browser, `${baseUrl}#homework?-a=9,20&p=SATF`);
    await settled(page);
    expect(await page.locator(RINGED).count()).toBe(0);
    await page.click(PLAY);
    await page.waitForTimeout(300);
    await page.click('h1');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.waitForTimeout(100);
    expect(await readClock(page, STAGE)).toMatchObject({ time: 0, shown: 't = 0.000 units' });
    expect(await page.getAttribute('[data-testid=hw-disk]', 'data-track')).toBe('0.000');
    // The drawing itself: FIFO serves 9 first, SATF 20; before reveal (a prediction typed, Play pressed) the two are drawn alike, pixel for pixel.
    const drawing = await pixels(page);
    const fifo = await openPage(browser, `${baseUrl}#homework?a=9,20&p=FIFO&g1=20,0,,,`);
    await settled(fifo.page);
    await fifo.page.click(PLAY);
    await fifo.page.waitForTimeout(300);
    expect(await pixels(fifo.page)).toBe(drawing);
    await fifo.page.click('[data-testid=hw-reveal-0]');
    await fifo.page.waitForSelector(RINGED);
    expect(await fifo.page.getAttribute(RINGED, 'data-ring')).toBe('9');
    expect(await pixels(fifo.page)).not.toBe(drawing);
    await fifo.page.close();
    await page.click('[data-testid=hw-reveal-0]');
    await page.waitForSelector(RINGED);
    expect(await page.getAttribute(RINGED, 'data-ring')).toBe('20');

    await openSettings(page);
    await page.fill('[data-testid=hw-field-a]', '-a 7,30,8 -p SATF -c');
    await page.waitForFunction(() => window.location.hash === '#homework?a=7,30,8&p=SATF&show=1', null, { timeout: 30_000 });
    expect(await page.inputValue('[data-testid=hw-field-a]')).toBe('7,30,8');
    await page.waitForSelector('[data-testid=hw-total-total]');

    expect(await page.locator('[data-testid=hw-drift]').count()).toBe(0);

    // disk.py's arithmetic, and one line saying where the exact one differs.
    const c = await openPage(browser, `${baseUrl}#homework?a=6&R=0.1&c=1`);
    await settled(c.page);
    expect(Number(await c.page.getAttribute('[data-testid=hw-rotate-0]', 'data-value'))).toBe(3449);
    expect(await c.page.textContent('[data-testid=hw-drift]')).toContain('block 6');
    expect([...problems, ...c.problems]).toEqual([]);
  });

  it('plays on the stage\'s clock: Space, → to the engine\'s next instant, ←, R; M links to the moment, P presents', async () => {
    const link = decodeHash(HASH);
    if (!link.ok) throw new Error(link.message);
    const want = runHomework(await testEngine(), link.link.setup);
    const events = new PhaseRunData(want.rows);
    const times = Array.from({ length: events.eventCount }, (_, i) => events.events.time(i));
    const { page, problems } = await openPage(browser, `${baseUrl}${HASH}&show=1`);
    await settled(page);
    // A new question opens paused at 0; the first → lands where the engine's first request ends its first part.
    expect(await readClock(page, STAGE)).toMatchObject({ time: 0, playing: false });
    await page.click('h1');
    await page.keyboard.press('ArrowRight');
    const r0 = want.rows[0];
    await page.waitForFunction(([sel, t]) => Number(document.querySelector<HTMLElement>(sel as string)!.dataset.stageTime) === t, [STAGE, times[1]] as const);
    expect(times[1]).toBe(r0.start + (r0.seek || r0.rotate || r0.transfer));
    await expectStageKeys(page, STAGE, times, 'units');

    // M: the link to this moment, the question's state kept before it; it reopens there, paused.
    await page.keyboard.press('Space');
    const at = (await readClock(page, STAGE)).time;
    await page.keyboard.press('m');
    const moment = await page.inputValue('[data-testid=stage-moment-link]');
    expect(moment).toMatch(/#homework\?a=7,30,8,20&p=SATF&show=1&moment=[0-9.]+$/);
    const again = await openPage(browser, moment);
    await settled(again.page);
    await again.page.waitForFunction(([sel, t]) => Number(document.querySelector<HTMLElement>(sel as string)!.dataset.stageTime) === t, [STAGE, Number(moment.split('moment=')[1])] as const);
    expect(Math.abs(Number(moment.split('moment=')[1]) - at)).toBeLessThan(1e-6);
    expect((await readClock(again.page, STAGE)).playing).toBe(false);
    await again.page.close();

    // P: presentation mode on and off, kept in the link.
    await page.keyboard.press('p');
    expect(await page.evaluate(() => document.documentElement.dataset.present)).toBe('1');
    expect(await page.evaluate(() => window.location.hash)).toContain('present=1');
    await page.keyboard.press('p');
    expect(await page.evaluate(() => document.documentElement.dataset.present)).toBeUndefined();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the toy disk is drawn at the width it has: numbers 11 px and more on a phone, 16 and more presenting at 1920, whole on a 1024×768 projector and a 1920×900 window', async () => {
    const disk = 'canvas[data-testid=hw-disk][data-labels]';
    const drawnAt = async (width: number, height: number, query: string) => {
      const { page, problems } = await openPage(browser, `${baseUrl}${HASH}${query}`);
      await page.setViewportSize({ width, height });
      await settled(page);
      await page.waitForFunction((sel) => {
        const c = document.querySelector<HTMLCanvasElement>(sel);
        return !!c && Math.abs(c.getBoundingClientRect().width - c.width / devicePixelRatio) < 1;
      }, disk);
      await page.waitForTimeout(300);
      const got = await page.$eval(disk, (c) => ({ font: Number((c as HTMLElement).dataset.font), labels: Number((c as HTMLElement).dataset.labels), box: c.getBoundingClientRect().toJSON() as DOMRect }));
      expect(problems).toEqual([]);
      await page.close();
      return got;
    };
    const phone = await drawnAt(390, 844, '');
    expect(phone.font).toBeGreaterThanOrEqual(11);
    expect(phone.labels).toBe(36);
    expect(phone.box.right).toBeLessThanOrEqual(390);
    const hall = await drawnAt(1920, 1080, '&present=1');
    expect(hall.font).toBeGreaterThanOrEqual(16);
    expect(hall.box.width).toBeGreaterThan(600);
    for (const [width, height] of [[1024, 768], [1920, 900]]) {
      const projector = await drawnAt(width, height, '&present=1');
      expect(projector.box.top).toBeGreaterThanOrEqual(0);
      expect(projector.box.bottom, `the disk's bottom at ${width}×${height}`).toBeLessThanOrEqual(height);
    }
  });

  it('the toy disk and its controls open in the first screen (1024×768, 1920×1080); presenting (1920×1080, 1080×1920) its stage is at the window\'s top', async () => {
    /** Where the stage sits in the window: its top, the disk's box, and the visible controls' bottoms. */
    const placed = async (width: number, height: number, address: string) => {
      // Opened in a window of that size, as a person opens the link (not resized after).
      const context = await browser.newContext({ viewport: { width, height }, ...NO_SERVICE_WORKER });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${baseUrl}${address}`);
      await settled(page);
      await page.waitForSelector('canvas[data-testid=hw-disk][data-labels]');
      // Presenting, the stage is pinned as the page grows: measured once the layout is still.
      await page.waitForTimeout(800);
      const got = await page.evaluate((stage) => {
        const root = document.querySelector<HTMLElement>(stage)!;
        const controls = [...root.querySelectorAll<HTMLElement>('.stage-bar button, .stage-bar select, .stage-bar input')]
          .filter((el) => el.checkVisibility()).map((el) => el.getBoundingClientRect());
        return {
          stageTop: root.getBoundingClientRect().top,
          disk: root.querySelector('canvas[data-testid=hw-disk]')!.getBoundingClientRect().toJSON() as DOMRect,
          controls: controls.length,
          controlsBottom: Math.max(...controls.map((r) => r.bottom)),
        };
      }, STAGE);
      expect(problems).toEqual([]);
      await context.close();
      return got;
    };
    // Presenting disk.py's default question: a hall's screen, and a portrait one whose disk, as wide as its column, leaves the page shorter than the window.
    for (const [width, height] of [[1920, 1080], [1080, 1920]]) {
      const hall = await placed(width, height, '#homework?present=1');
      expect(Math.abs(hall.stageTop), `the stage's distance from the window's top, presenting at ${width}×${height}`).toBeLessThanOrEqual(1);
      expect(hall.disk.bottom).toBeLessThanOrEqual(height);
    }
    for (const [width, height] of [[1024, 768], [1920, 1080]]) {
      const p = await placed(width, height, HASH);
      expect(p.controls).toBeGreaterThan(5);
      expect(p.controlsBottom, `the stage's controls at ${width}×${height}`).toBeLessThanOrEqual(height);
      expect(p.disk.top, `the disk's top at ${width}×${height}`).toBeGreaterThanOrEqual(0);
      expect(p.disk.bottom, `the disk's bottom at ${width}×${height}`).toBeLessThanOrEqual(height);
    }
  });

  it("a variant's link opens its question, and revealed its answers are the answer key's", async () => {
    const made = homeworkMain(await testEngine(), ['-A', '5,-1,0', '-p', 'SSTF', '--variants', '3', '--key', 'key.csv', '--url', baseUrl]);
    if ('error' in made) throw new Error(made.error);
    // Variant 2's line: 2,2,seed,link (the link quoted when it holds a comma).
    const link = made.out.trim().split('\n')[2].split(',').slice(3).join(',').replace(/^"(.*)"$/, '$1');
    const seed = link.match(/[?&]s=(\d+)/)![1];
    const key = made.files![0].text.trim().split('\n').filter((l) => l.startsWith(`2,2,${seed},`)).map((l) => l.split(',').slice(3));
    const { page, problems } = await openPage(browser, link);
    await settled(page);
    expect(await page.inputValue('[data-testid=hw-field-s]')).toBe(seed);
    expect(await page.inputValue('[data-testid=hw-field-p]')).toBe('SSTF');
    expect(await page.locator('[data-testid=hw-total-total]').count()).toBe(0);
    await page.click('[data-testid=hw-reveal-all]');
    const shown = await page.evaluate(() => [...document.querySelectorAll('[data-testid^=hw-row-]')].map((tr) =>
      [...tr.querySelectorAll('td[data-value]')].map((td) => td.textContent!.trim())));
    expect(shown.map((cells, i) => [String(i + 1), ...cells])).toEqual(key.slice(0, -1));
    const totals = await page.evaluate(() => ['seek', 'rotate', 'transfer', 'total'].map((k) => document.querySelector(`[data-testid=hw-total-${k}]`)!.textContent!.trim()));
    expect(['totals', '', ...totals]).toEqual(key[key.length - 1]);
    expect(problems).toEqual([]);
  });

  it('the instructors\' panel makes the same variants and answer key as the command line', async () => {
    const cli = homeworkMain(await testEngine(), ['-p', 'SSTF', '-w', '2', '--students', 'class.txt', '--key', 'key.csv', '--url', baseUrl], () => 'Ada\nBob, Jr\n');
    if ('error' in cli) throw new Error(cli.error);
    const { page, problems } = await openPage(browser, `${baseUrl}#homework?p=SSTF&w=2`);
    await settled(page);
    await page.click('[data-testid=hw-variants] summary');
    await page.fill('[data-testid=hw-variants-students]', 'Ada\nBob, Jr');
    await page.click('[data-testid=hw-variants-make]');
    await page.waitForSelector('[data-testid=hw-variant-2]');
    const fromData = async (id: string) => decodeURIComponent((await page.getAttribute(`[data-testid=${id}]`, 'href'))!.replace(/^data:[^,]*,/, ''));
    expect(await fromData('hw-variants-links')).toBe(cli.out);
    expect(await fromData('hw-variants-key')).toBe(cli.files![0].text);
    expect(await page.locator('[data-testid^=hw-variant-]').filter({ hasText: 'http' }).count()).toBe(2);
    expect(problems).toEqual([]);
  });

  it('answers the homework\'s 1,000 random requests, drawing the table a hundred rows at a time', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}#homework?A=1000,-1,0&p=SATF&w=16`);
    await settled(page);
    expect(await page.locator('[data-testid^=hw-row-]').count()).toBe(100);
    await page.click('[data-testid=hw-more-rows]');
    expect(await page.locator('[data-testid^=hw-row-]').count()).toBe(200);
    expect(problems).toEqual([]);
  });
  it('the question\'s share links keep presentation mode while it is on, as the lessons\' links do', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}${HASH}&present=1`);
    await page.waitForSelector('[data-testid=hw-link-shown]');
    const hrefs = () => Promise.all(['hidden', 'shown'].map(async (id) => new URL((await page.getAttribute(`[data-testid=hw-link-${id}]`, 'href'))!).hash));
    expect(await page.getAttribute('html', 'data-present')).toBe('1');
    for (const h of await hrefs()) expect(h).toMatch(/[?&]present=1(&|$)/);
    // The link followed opens the question in presentation mode.
    await page.click('[data-testid=hw-link-shown]');
    await page.waitForFunction(() => window.location.hash.includes('show=1'));
    expect(await page.getAttribute('html', 'data-present')).toBe('1');
    // Presentation off: the links without it.
    await page.keyboard.press('p');
    await page.waitForFunction(() => document.documentElement.dataset.present !== '1');
    for (const h of await hrefs()) expect(h).not.toMatch(/present=/);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
