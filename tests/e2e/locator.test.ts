/*
 * The LBN locator's link, in real headless Chromium: it takes the explorer's
 * disk from the address's setup, writes its disk, LBN and head position into
 * its own hash as they change (so a link reopens the same question), changes
 * disk with its picker, and names what a bad link could not use.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, openPage } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

describe('the locator\'s disk and link', () => {
  it('uses the disk of the explorer\'s setup and keeps its inputs in the link', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}?v=2&d0=hp-97560&n=50#locate`);
    await page.waitForSelector('[data-testid=readout][data-stale=false]');
    expect(await page.inputValue('[data-testid=locate-disk]')).toBe('hp-97560');
    expect(await page.textContent('#platter-title')).toContain('HP 97560');
    await page.fill('#lbn', '4242');
    await page.fill('#fromCyl', '300');
    await page.waitForSelector('[data-testid=readout][data-lbn="4242"][data-stale=false]');
    await page.waitForFunction(() => window.location.hash.includes('lbn=4242') && window.location.hash.includes('head=300'));
    const link = page.url();
    expect(new URL(link).hash).toBe('#locate?d0=hp-97560&lbn=4242&n=1&head=300&surf=0&t=0');
    // The link alone reopens the same question on the same disk.
    const again = await openPage(browser, `${baseUrl}${new URL(link).hash}`);
    await again.page.waitForSelector('[data-testid=readout][data-lbn="4242"][data-stale=false]');
    expect(await again.page.inputValue('[data-testid=locate-disk]')).toBe('hp-97560');
    expect(await again.page.inputValue('#fromCyl')).toBe('300');
    expect(await again.page.getAttribute('[data-testid=cyl]', 'data-value')).toBe(await page.getAttribute('[data-testid=cyl]', 'data-value'));
    // Another disk from the picker: loaded in the worker, written to the link.
    await page.selectOption('[data-testid=locate-disk]', 'hp-c2200a');
    await page.waitForFunction(() => window.location.hash.startsWith('#locate?d0=hp-c2200a&'));
    await page.waitForFunction(() => document.querySelector('#platter-title')?.textContent?.includes('C2200A'));
    expect(problems).toEqual([]);
    expect(again.problems).toEqual([]);
    await page.context().close();
    await again.page.context().close();
  });

  it('names each bad value or unknown key of a link, and an LBN past the disk\'s end on its field', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}#locate?d0=hp-c2200a&lbn=abc&x=1`);
    const list = page.locator('[data-testid=locate-problems]');
    await list.waitFor();
    expect(await list.locator('li[data-field=lbn]').textContent()).toMatch(/LBN: .*abc/);
    expect(await list.locator('li[data-field=x]').textContent()).toContain('"x" is not a setting this page knows');
    await page.fill('#lbn', '99999999');
    expect(await page.textContent('[data-testid=lbn-error]')).toMatch(/^LBN: 99999999 is out of range/);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
