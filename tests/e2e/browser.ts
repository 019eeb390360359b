/*
 * Debian's chromium, driven by playwright-core (no browser download). Every
 * page opened through openPage() records console errors, page errors and
 * failed requests, so a test can insist there were none.
 */
import { createServer } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';

/** A TCP port on 127.0.0.1 that the OS reports free (for `vite preview`). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

export interface WatchedPage {
  page: Page;
  /** Console errors, uncaught page errors and failed requests, in order. */
  problems: string[];
}

/**
 * Collects the page's console errors and uncaught errors as they come, each with where it came
 * from (the console's source location; the first frames of the error's stack), so a failure that
 * happens once in many runs can be traced from the test's report alone.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  // Also printed as it happens: a test that fails once and passes on its retry keeps no report.
  const note = (e: string) => {
    errors.push(e);
    console.warn(`[${page.url()}] ${e}`);
  };
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const at = msg.location();
    note(`console error: ${msg.text()}${at.url ? ` (at ${at.url}:${at.lineNumber})` : ''}`);
  });
  page.on('pageerror', (err) => {
    const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 4).map((l) => l.trim());
    note(`page error: ${err.message}${frames.length ? ` [${frames.join(' ← ')}]` : ''}`);
  });
  return errors;
}

/** Contexts of the page tests: the built site's service worker would fetch and store the whole
 * site (4 MB) in each, a load these tests do not test; tests/e2e/offline.test.ts allows it. */
export const NO_SERVICE_WORKER = { serviceWorkers: 'block' } as const;

export async function openPage(browser: Browser, url: string,
                               serviceWorkers: 'allow' | 'block' = 'block'): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers });
  const page = await context.newPage();
  const problems = watchErrors(page);
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  await page.goto(url);
  return { page, problems };
}
