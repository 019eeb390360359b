/*
 * vite.treeshake.ts marks d3-scale-chromatic's top-level tables pure: the
 * marked file must give every scheme and ramp exactly as the package's own,
 * and a bundle asking for one ramp must carry that ramp and not the others.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { markTablesPure, pureColourTables } from '../vite.treeshake';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'node_modules/d3-scale-chromatic/dist/d3-scale-chromatic.mjs');
// Inside node_modules, so that the copies' own imports (d3-interpolate, d3-color) resolve.
const SCRATCH = join(ROOT, 'node_modules/.cache/spindle-treeshake');

function scratch(name: string, code: string): string {
  mkdirSync(SCRATCH, { recursive: true });
  const path = join(SCRATCH, name);
  writeFileSync(path, code);
  return path;
}

describe('markTablesPure (d3-scale-chromatic)', () => {
  const original = readFileSync(DIST, 'utf8');

  it('marks every top-level table and ramp, and nothing inside a function', () => {
    const marked = markTablesPure(original);
    const declarations = original.match(/^var [\w$]+ = (?:[\w$]+\(|new )/gm) ?? [];
    expect(declarations.length).toBeGreaterThan(60);
    // All but the sinebow's shared state (`var c = rgb(), pi_1_3 = …`), which names several.
    expect(marked.match(/\/\* @__PURE__ \*\/ \(\(\) => /g)?.length).toBe(declarations.length - 1);
    expect(marked).toContain('var c = rgb(),\n    pi_1_3');
    expect(marked).toContain('  var n = specifier.length / 6 | 0');
  });

  it('gives every export the same values as the package', async () => {
    const a = await import(/* @vite-ignore */ pathToFileURL(scratch('original.mjs', original)).href) as Record<string, unknown>;
    const b = await import(/* @vite-ignore */ pathToFileURL(scratch('marked.mjs', markTablesPure(original))).href) as Record<string, unknown>;
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    for (const k of Object.keys(a)) {
      const x = a[k], y = b[k];
      if (typeof x === 'function') {
        for (const t of [0, 0.1, 0.37, 0.5, 0.9, 1]) expect((y as (t: number) => string)(t), `${k}(${t})`).toBe((x as (t: number) => string)(t));
      } else {
        expect(y, k).toEqual(x);
      }
    }
  });

  it('lets a bundle that asks for one ramp drop the other schemes', async () => {
    const { rolldown } = await import('rolldown');
    const entry = scratch('entry.mjs', "export { interpolateYlOrRd } from 'd3-scale-chromatic';\n");
    const bundle = async (plugins: Parameters<typeof rolldown>[0]['plugins']) => {
      const b = await rolldown({ input: entry, plugins, cwd: ROOT });
      const { output } = await b.generate({ format: 'es' });
      await b.close();
      return output.map((o) => ('code' in o ? o.code : '')).join('\n');
    };
    const others = {
      category10: '1f77b4ff7f0e2ca02cd627289467bd8c564be377c27f7f7fbcbd2217becf',
      blues9: 'f7fbffdeebf7c6dbef9ecae16baed64292c62171b508519c08306b',
      viridis: '44015444025645045745055946075a46085c460a5d460b5e470d60',
    };
    const ylOrRd9 = 'ffffccffeda0fed976feb24cfd8d3cfc4e2ae31a1cbd0026800026';
    const without = await bundle([]);
    const withPlugin = await bundle([pureColourTables()]);
    for (const hex of Object.values(others)) expect(without).toContain(hex);     // the package alone keeps every table
    expect(withPlugin).toContain(ylOrRd9);
    for (const [name, hex] of Object.entries(others)) expect(withPlugin, name).not.toContain(hex);
  });
});
