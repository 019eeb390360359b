/*
 * vite.treeshake.ts — lets the bundler drop the d3-scale-chromatic tables a
 * page does not use. The package ships one flat file (no per-scheme modules)
 * whose every colour scheme and ramp is a top-level call (`colors("…")`,
 * `new Array(3).concat(…).map(colors)`, `ramp(scheme)`), which a bundler must
 * keep for fear of side effects; so a page asking for one ramp carried all
 * seventy-odd (about 5 KB gzipped). Each such declaration is wrapped in an
 * immediately called arrow marked pure, which the bundler drops when the
 * name is unused. The calls only build arrays and interpolators.
 */
import type { Plugin } from 'vite';

const FILE = /\/node_modules\/d3-scale-chromatic\/dist\/d3-scale-chromatic\.mjs$/;
// A top-level `var name = <call or new>…;`, to the first line that ends in ';' (the tables' lines end in ',').
const DECLARATION = /^var ([\w$]+) = ((?:[\w$]+\(|new )[\s\S]*?);$/gm;

// A declaration of several names (`var c = rgb(),\n    pi_1_3 = …;`, the sinebow's state) is left alone.
const MORE_NAMES = /,\n\s+[\w$]+ = /;

/** The source with each top-level table declaration marked pure. */
export function markTablesPure(code: string): string {
  return code.replace(DECLARATION, (all, name: string, init: string) =>
    MORE_NAMES.test(init) ? all : `var ${name} = /* @__PURE__ */ (() => ${init})();`);
}

export function pureColourTables(): Plugin {
  return {
    name: 'spindle-pure-colour-tables',
    transform: {
      filter: { id: FILE },
      handler(code) {
        return { code: markTablesPure(code), map: null };
      },
    },
  };
}
