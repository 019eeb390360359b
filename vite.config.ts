/*
 * Vite: the app lives in web/ (index.html there), static files in public/,
 * the build goes to dist/. The engine's wasm is imported with ?url from
 * engine-wasm/build, outside the app root, hence server.fs.allow. Every
 * built path is relative (base './'): index.html loads ./assets/…, and the
 * worker and the wasm are found from the module that asks for them, so dist/
 * works unchanged from any folder of any static host.
 *
 * The build is also an installable app that works offline (vite.pwa.ts): a
 * manifest and a service worker that precaches every built file.
 */
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { pwa } from './vite.pwa.ts';
import { pureColourTables } from './vite.treeshake.ts';
import { preloadApp } from './vite.preload.ts';
import { preloadPageCode } from './vite.pagePreload.ts';
import { preactForReact } from './vite.preact.ts';

const repo = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  base: './',
  plugins: [pureColourTables(), preloadApp(), preloadPageCode(fileURLToPath(new URL('./web/pages', import.meta.url))), pwa()],
  // Components written against React's API, run on Preact (vite.preact.ts); JSX by the bundler's own
  // transform (tsconfig's react-jsx, its imports aliased too).
  resolve: { alias: preactForReact },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // Preact in one chunk of its own, named so: the entry (main.tsx) asks for it after starting the page's
      // loads, and every page's code imports it.
      output: { codeSplitting: { groups: [{ name: 'preact', test: /\/node_modules\/preact\// }] } },
    },
  },
  worker: {
    format: 'es',
    // The engine worker's files apart (the run first, each page's methods a chunk it loads when
    // called), so the bench can tell the worker's load from the page's.
    rolldownOptions: {
      output: { entryFileNames: 'assets/worker/[name]-[hash].js', chunkFileNames: 'assets/worker/[name]-[hash].js' },
    },
  },
  server: {
    host: '127.0.0.1',
    fs: { allow: [repo] },
  },
  preview: {
    host: '127.0.0.1',
  },
});
