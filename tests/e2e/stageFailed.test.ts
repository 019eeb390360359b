/*
 * A stage whose runs could not begin, as a person sees it: with the engine
 * broken (its wasm served as bytes that are no WebAssembly), the bar's clock
 * says the runs failed rather than "loading…" for ever, the transport and
 * the scrubber stay disabled, and pressing the clock takes the reader to the
 * message with the engine's reason (focused, role=alert). On a comparison's
 * stage (the failed runs' boxes hold the reason) and on the homework's toy
 * disk (the page's banner holds it).
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, NO_SERVICE_WORKER } from './browser';
import { COMPARISONS } from './comparisons';

const baseUrl = inject('baseUrl');
const ENGINE = /\/spindle-[^/]+\.wasm$/;
/** What the browser's WebAssembly.compile says of bytes that are not a module (the start of its message). */
const REFUSED = /WebAssembly/;
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const PAGES = [
  { name: COMPARISONS[0].name, address: COMPARISONS[0].hash, stage: '[data-testid=stage]' },
  { name: 'homework', address: '#homework?a=7,30,8,20&p=SATF', stage: '.hw-disk[data-stage-time]' },
];

describe('a stage whose runs could not begin', () => {
  for (const { name, address, stage } of PAGES) {
    it(`${name}: the clock says they failed and leads to why; nothing plays`, async () => {
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, ...NO_SERVICE_WORKER });
      try {
        await context.route(ENGINE, (route) => route.fulfill({ status: 200, contentType: 'application/wasm', body: 'not wasm' }));
        const page = await context.newPage();
        await page.goto(`${baseUrl}${address}`);
        const clock = page.locator(`${stage} [data-testid=stage-clock]`);
        await expect.poll(() => clock.textContent(), { timeout: 45_000 }).toBe('failed — see message');
        const bar = await page.evaluate((stage) => ({
          disabled: [...document.querySelectorAll<HTMLButtonElement>(`${stage} .stage-transport button[data-stage-control]`)]
            .filter((b) => b.disabled).map((b) => b.dataset.stageControl),
          scrubDisabled: document.querySelector<HTMLInputElement>(`${stage} [data-stage-control=scrub]`)!.disabled,
        }), stage);
        expect(bar).toEqual({ disabled: ['play', 'back', 'step', 'step-request', 'restart'], scrubDisabled: true });

        await clock.click();
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          const r = el?.getBoundingClientRect();
          return { role: el?.getAttribute('role') ?? null, text: el?.textContent ?? '', inView: !!r && r.top >= 0 && r.bottom <= window.innerHeight };
        });
        expect(focused.role).toBe('alert');
        expect(focused.text).toMatch(REFUSED);
        expect(focused.inView).toBe(true);
        // Still failed, not loading, frames later (the frame loop writes the clock too).
        await page.waitForTimeout(300);
        expect(await clock.textContent()).toBe('failed — see message');
      } finally {
        await context.close();
      }
    });
  }
});
