/*
 * Global setup of the browser tests: serves the built app (dist/) with
 * `vite preview` on 127.0.0.1, on a port the OS says is free, and hands the
 * URL to the tests (inject('baseUrl')). `npm run test:e2e` builds first.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';
import { freePort } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));


let server: PreviewServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(`${ROOT}/dist/index.html`)) {
    throw new Error('dist/ is missing: run `vite build` first (npm run test:e2e does)');
  }
  const port = await freePort();
  server = await preview({
    root: `${ROOT}/web`,
    configFile: `${ROOT}/vite.config.ts`,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  project.provide('baseUrl', `http://127.0.0.1:${port}/`);
}

export async function teardown(): Promise<void> {
  await server?.close();
}
