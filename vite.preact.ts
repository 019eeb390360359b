/*
 * vite.preact.ts — the site's components are written against React's API
 * and run on Preact's compat layer, about 5 KB gzipped where React and
 * ReactDOM weigh about 66: the largest single share of every page's first
 * load. The same aliases serve the build, the dev server and the unit tests
 * (which render components to markup), so the tests run what ships.
 */
import type { AliasOptions } from 'vite';

export const preactForReact: AliasOptions = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
];
