/*
 * The built site as an installable app that keeps working with no network,
 * as in a lecture hall: a web app manifest and a Workbox service worker
 * (vite-plugin-pwa) that precaches every built file. The disk presets,
 * lessons, ladders and experiment links are bundled into the JS
 * (import.meta.glob; each disk preset and each experiment preset a chunk of
 * its own, loaded when a page asks for it), so precaching the JS, CSS, wasm
 * and index.html covers every page, preset and lesson, whichever a page has
 * loaded before going offline; the validation view's measured traces are
 * files of their own (*.trace), precached too.
 *
 * Every address in it is relative (start_url, scope, the worker's own path,
 * the precache list), so a copy under any path is an app of its own.
 *
 * A new build never takes over an open page on its own: its worker waits
 * until the page's update banner is clicked (registerType 'prompt'), and the
 * page then reloads onto it, so old and new files are never mixed. On a first
 * visit the worker takes control at once (clientsClaim), so the page works
 * offline without a reload. `npm start` registers no worker (devOptions off):
 * the dev server's files change with every edit.
 */
import { VitePWA } from 'vite-plugin-pwa';
import type { PluginOption } from 'vite';

export function pwa(): PluginOption {
  return VitePWA({
    registerType: 'prompt',
    // The page registers it itself (web/shell/UpdateBanner.tsx), to show the banner.
    injectRegister: false,
    includeAssets: ['icon.svg'],
    manifest: {
      name: 'Spindle — a hard-disk explorer',
      short_name: 'Spindle',
      description: 'An interactive explorer of hard-disk behaviour: a disk model running in your browser.',
      id: './',
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: '#fafafa',
      theme_color: '#1a1a1a',
      icons: [
        { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{html,js,css,wasm,svg,png,webmanifest,trace}'],
      // Any address of the app (#page, ?setup) is index.html; the rest is in the bundle.
      navigateFallback: 'index.html',
      clientsClaim: true,
      skipWaiting: false,
      cleanupOutdatedCaches: true,
    },
    devOptions: { enabled: false },
  });
}
