/*
 * bundle-weights.ts — where each page's first-load bytes go: builds the app
 * (to a temporary folder, the site's own vite.config.ts) and, from the
 * bundler's own record of every chunk (the modules in it with their rendered
 * length, its static imports), sums per page the chunks its code pulls
 * statically with the entry (the page's chunk and everything it imports
 * before it can run), and prints the heaviest source modules of each, their
 * share of each chunk's gzipped size. Lazy chunks (presets, panels loaded
 * near view, engine methods) are left out: the page asks for them later.
 *
 *   npx tsx tools/bundle-weights.ts                 every page, top 12 modules each
 *   npx tsx tools/bundle-weights.ts explorer 30     one page, top 30
 *   npx tsx tools/bundle-weights.ts --worker        the engine worker's chunks
 *   npx tsx tools/bundle-weights.ts explorer --lazy web/pages/explorer/SetupEditor.tsx
 *        what the page's first load would shed if that module (and what only it
 *        imports) were loaded lazily (several, comma-separated: each alone)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface ChunkInfo {
  file: string;
  facade: string | null;
  imports: string[];
  gzip: number;
  raw: number;
  modules: Map<string, number>;
}

/** The build's chunks by file name, as the bundler reports them. */
async function buildChunks(outDir: string, graph: Map<string, string[]>): Promise<Map<string, ChunkInfo>> {
  const chunks = new Map<string, ChunkInfo>();
  const record: Plugin = {
    name: 'bundle-weights',
    generateBundle(_options, bundle) {
      for (const id of this.getModuleIds()) graph.set(id, [...(this.getModuleInfo(id)?.importedIds ?? [])]);
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        const modules = new Map<string, number>();
        for (const [id, m] of Object.entries(out.modules)) modules.set(id, m.renderedLength);
        chunks.set(out.fileName, {
          file: out.fileName, facade: out.facadeModuleId, imports: out.imports,
          raw: Buffer.byteLength(out.code), gzip: gzipSync(out.code, { level: 9 }).length, modules,
        });
      }
    },
  };
  const { build } = await import('vite');
  await build({
    configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', mode: 'production',
    plugins: [record], worker: { plugins: () => [record] },
    build: { outDir, emptyOutDir: true },
  });
  return chunks;
}

/** The page's component module, from its manifest's `import('./X')`. */
function pageModule(id: string): string {
  const dir = join(ROOT, 'web/pages', id);
  const m = /import\('\.\/([^']+)'\)/.exec(readFileSync(join(dir, 'manifest.ts'), 'utf8'));
  if (!m) throw new Error(`web/pages/${id}/manifest.ts: no import('./…') in its load`);
  return join(dir, `${m[1]}.tsx`);
}

/** The chunk and every chunk it imports statically, transitively. */
function closure(chunks: Map<string, ChunkInfo>, start: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...start];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f) || !chunks.has(f)) continue;
    seen.add(f);
    todo.push(...chunks.get(f)!.imports);
  }
  return seen;
}

const shortName = (id: string) => {
  const clean = id.replace(/\0/g, '').replace(/\?.*$/, '');
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  return nm ? `[${nm[1]}]` : relative(ROOT, clean);
};
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;

/** Per source module (node_modules grouped by package), its share of the chunks' gzipped bytes. */
function weigh(chunks: Map<string, ChunkInfo>, files: Iterable<string>): Map<string, number> {
  const by = new Map<string, number>();
  for (const f of files) {
    const c = chunks.get(f)!;
    const total = [...c.modules.values()].reduce((a, b) => a + b, 0) || 1;
    const overhead = c.gzip;
    for (const [id, len] of c.modules) by.set(shortName(id), (by.get(shortName(id)) ?? 0) + (overhead * len) / total);
  }
  return by;
}

/** Every module reachable from `from` by static imports, never passing through `cut`. */
function reach(graph: Map<string, string[]>, from: string[], cut: string): Set<string> {
  const seen = new Set<string>();
  const todo = from.filter((m) => m !== cut);
  while (todo.length) {
    const m = todo.pop()!;
    if (seen.has(m)) continue;
    seen.add(m);
    for (const n of graph.get(m) ?? []) if (n !== cut) todo.push(n);
  }
  return seen;
}

/** What the page would shed if `lazy` were imported dynamically: the modules only it leads to, by their gzipped share. */
function ifLazy(chunks: Map<string, ChunkInfo>, graph: Map<string, string[]>, files: Set<string>, roots: string[], lazy: string): void {
  const all = reach(graph, roots, '');
  if (!all.has(lazy)) { console.log(`  ${relative(ROOT, lazy)} is not in the page's static imports`); return; }
  const kept = reach(graph, roots, lazy);
  const share = new Map<string, number>();
  for (const f of files) {
    const c = chunks.get(f)!;
    const total = [...c.modules.values()].reduce((a, b) => a + b, 0) || 1;
    for (const [id, len] of c.modules) share.set(id, (c.gzip * len) / total);
  }
  const shed = [...all].filter((m) => !kept.has(m)).map((m) => [m, share.get(m) ?? 0] as const).sort((a, b) => b[1] - a[1]);
  console.log(`  if ${relative(ROOT, lazy)} were lazy, the first load would shed about ${kb(shed.reduce((a, [, b]) => a + b, 0))}:`);
  for (const [m, b] of shed.slice(0, 15)) console.log(`  ${kb(b).padStart(9)}  ${shortName(m)}`);
}

function report(title: string, chunks: Map<string, ChunkInfo>, files: Set<string>, top: number): void {
  const gz = [...files].reduce((a, f) => a + chunks.get(f)!.gzip, 0);
  console.log(`\n${title}: ${files.size} chunks, ${kb(gz)} gzipped`);
  for (const f of [...files].sort((a, b) => chunks.get(b)!.gzip - chunks.get(a)!.gzip)) {
    console.log(`  ${kb(chunks.get(f)!.gzip).padStart(9)}  ${f}`);
  }
  const rows = [...weigh(chunks, files)].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log('  heaviest modules (share of gzipped):');
  for (const [name, b] of rows) console.log(`  ${kb(b).padStart(9)}  ${name}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const worker = args.includes('--worker');
  const lazyAt = args.indexOf('--lazy');
  const lazy = lazyAt >= 0 ? (args[lazyAt + 1] ?? '').split(',').map((m) => join(ROOT, m)) : undefined;
  const rest = args.filter((a, i) => !a.startsWith('--') && (lazyAt < 0 || i !== lazyAt + 1));
  const top = Number(rest.find((a) => /^\d+$/.test(a))) || 12;
  const only = rest.find((a) => !/^\d+$/.test(a));
  const pages = readdirSync(join(ROOT, 'web/pages')).filter((p) => !only || p === only).sort();
  if (!pages.length) throw new Error(`no page "${only}" in web/pages`);

  const outDir = mkdtempSync(join(tmpdir(), 'bundle-weights-'));
  try {
    const graph = new Map<string, string[]>();
    const chunks = await buildChunks(outDir, graph);
    const entry = [...chunks.values()].find((c) => c.facade?.endsWith('/web/index.html'))?.file;
    if (!entry) throw new Error('the build has no chunk for web/index.html');
    if (worker) {
      const files = new Set([...chunks.keys()].filter((f) => f.startsWith('assets/worker/')));
      report('engine worker (every chunk)', chunks, files, top);
      return;
    }
    if (!lazy) report('entry (every page)', chunks, closure(chunks, [entry]), top);
    for (const id of pages) {
      const mod = pageModule(id);
      const own = [...chunks.values()].find((c) => c.facade === mod)?.file;
      if (!own) { console.log(`\n#${id}: no chunk for ${relative(ROOT, mod)}`); continue; }
      const files = closure(chunks, [entry, own]);
      if (lazy) for (const m of lazy) ifLazy(chunks, graph, files, [join(ROOT, 'web/main.tsx'), mod], m);
      else report(`#${id} (entry + page, static imports)`, chunks, files, top);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
