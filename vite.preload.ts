/*
 * vite.preload.ts — index.html preloads the component library (Preact) and
 * the shell (app.tsx's chunk and the chunks it imports), which main.tsx asks
 * for only after its small first chunk has run: with a <link
 * rel="modulepreload"> for each, they download from the start, beside the
 * first chunk, instead of one round trip after it.
 */
import type { Plugin } from 'vite';

export function preloadApp(entry = '/web/app.tsx'): Plugin {
  return {
    name: 'spindle-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const app = chunks.find((c) => c.facadeModuleId?.endsWith(entry));
        if (!app) throw new Error(`the build has no chunk for ${entry} to preload`);
        const entries = new Set(chunks.filter((c) => c.isEntry).map((c) => c.fileName));    // index.html loads those already
        const files = [app.fileName, ...app.imports].filter((f) => !entries.has(f));
        return files.map((file) => ({
          tag: 'link', injectTo: 'head' as const, attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
        }));
      },
    },
  };
}
