/*
 * Waiting for a page to finish what it started: the shell is mounted (#root has content: the entry
 * fetches the shell's chunk after the load event, so an empty #root is a page not yet begun, with no
 * marks to wait for), its page's code is loaded and every mark it sets while it works (data-status /
 * data-state) says done or ready.
 */
import type { Page } from 'playwright-core';

export async function settled(page: Page, timeout = 50_000): Promise<void> {
  await page.waitForFunction(() => {
    if (!document.getElementById('root')?.firstElementChild) return false;
    if (document.querySelector('.pageloading')) return false;
    const marks = [...document.querySelectorAll<HTMLElement>('[data-status], [data-state]')];
    return marks.every((el) => /^(done|ready)$/.test(el.dataset.status ?? el.dataset.state ?? ''));
  }, undefined, { timeout });
}
