/*
 * vite.pagePreload.ts — index.html asks for the page's own code and the
 * engine's wasm while it is still being parsed, before the entry chunk has
 * been fetched or run: an inline script routes the address as the app does
 * (web/routeId.ts, its source inlined) and adds a <link rel="modulepreload">
 * for each chunk of that page's code (the chunk its manifest loads and the
 * chunks it imports, and on its bare address the presets its manifest's
 * firstPresets names, first) and a preload of the engine's wasm, the build
 * the page's manifest asks for (engine: 'full', else the core). The entry still asks for
 * them itself (boot.ts), and gets them from these downloads. It also starts
 * the engine's workers, whose scripts would otherwise be asked for only once
 * the entry has run, behind the page's chunks: one per run the page's stage
 * plays first (its manifest's stageRuns, else one), so every run of the
 * first stage has a worker ready when the page asks; the entry takes them
 * (web/engine/spawn.ts). The home view, which runs no engine, fetches none
 * of it.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';
import { HOME_ID, routeId } from './web/routeId.ts';
import { EARLY_WORKER } from './web/engine/earlyWorker.ts';

type Chunk = { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId: string | null; imports: string[]; dynamicImports: string[] };

/** The page that opens queries: the one whose manifest says `opensQuery: true`. */
function queryPage(pagesDir: string): string {
  const ids = readdirSync(pagesDir).filter((id) => {
    const f = join(pagesDir, id, 'manifest.ts');
    return existsSync(f) && /\bopensQuery:\s*true\b/.test(readFileSync(f, 'utf8'));
  });
  if (ids.length !== 1) throw new Error(`exactly one page's manifest opens queries, not ${ids.length} (${ids.join(', ')})`);
  return ids[0];
}

/** Every chunk `file` needs before it runs: itself and its static imports, all the way down. */
function withImports(file: string, chunks: Map<string, Chunk>, out = new Set<string>()): Set<string> {
  if (out.has(file)) return out;
  out.add(file);
  for (const f of chunks.get(file)?.imports ?? []) withImports(f, chunks, out);
  return out;
}

/**
 * The inline script: route the address, then preload the wasm, the page's chunks and, on a page's
 * bare address (no query: what linkQuery reads is empty), the presets it shows first; on the home view, nothing.
 */
export function pagePreloadScript(files: Record<string, string[]>, bare: Record<string, string[]>, wasm: { core: string; full: string }, fullEngine: string[], stageRuns: Record<string, number>, worker: string, queryId: string): string {
  return `(function () {
  var r = (${routeId.toString()})(location.hash, location.search, ${JSON.stringify(Object.keys(files))}, ${JSON.stringify(queryId)}, ${JSON.stringify(HOME_ID)});
  if (!('id' in r)) return;
  function link(rel, href, as) {
    var l = document.createElement('link');
    l.rel = rel; l.href = href; l.crossOrigin = '';
    if (as) { l.as = as; l.type = 'application/wasm'; }
    document.head.appendChild(l);
  }
  // The build of the engine the page's manifest asks for (engine: 'full'), else the core one.
  link('preload', ${JSON.stringify(fullEngine)}.indexOf(r.id) >= 0 ? ${JSON.stringify(`./${wasm.full}`)} : ${JSON.stringify(`./${wasm.core}`)}, 'fetch');
  // The engine's workers, one per run of the page's first stage, started now under the name spawn.ts gives them;
  // the entry takes them (${EARLY_WORKER}).
  var workers = window.${EARLY_WORKER} = [];
  function startWorker() {
    var early = { worker: new Worker(${JSON.stringify(`./${worker}`)}, { type: 'module', name: 'spindle-engine ' + r.id }), failed: false };
    early.worker.addEventListener('error', function () { early.failed = true; }, { once: true });
    workers.push(early);
  }
  try {
    for (var i = 0; i < (${JSON.stringify(stageRuns)}[r.id] || 1); i++) startWorker();
  } catch (e) { /* the entry starts the rest */ }
  var presets = location.hash.indexOf('?') < 0 && location.search.length <= 1 ? ${JSON.stringify(bare)}[r.id] || [] : [];
  presets.concat(${JSON.stringify(files)}[r.id] || []).forEach(function (f) { link('modulepreload', './' + f); });
})();`;
}

/** What the inline script needs from each page's manifest: the presets it shows first on its bare address (firstPresets('')), whether it runs the full engine build, and how many runs its stage plays first. */
export interface ManifestFacts {
  presets: Record<string, string[]>;
  fullEngine: string[];
  stageRuns: Record<string, number>;
}

/** Each manifest's facts, read from the manifests as built. */
export async function manifestFacts(pagesDir: string): Promise<ManifestFacts> {
  const out: ManifestFacts = { presets: {}, fullEngine: [], stageRuns: {} };
  for (const id of readdirSync(pagesDir)) {
    const file = join(pagesDir, id, 'manifest.ts');
    if (!existsSync(file)) continue;
    // A manifest imports types only: its built code runs on its own (its page's code is behind a load() never called here).
    const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
    const m = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`) as { page?: { firstPresets?: (q: string) => string[]; engine?: string; stageRuns?: number } };
    const presets = m.page?.firstPresets?.('') ?? [];
    if (presets.length) out.presets[id] = presets;
    if (m.page?.engine === 'full') out.fullEngine.push(id);
    if (m.page?.stageRuns) out.stageRuns[id] = m.page.stageRuns;
  }
  return out;
}

type Asset = { type: string; fileName: string; originalFileNames?: string[] };

/** The bundled asset made from `source` (a path ending), by its original file name. */
function assetFrom(bundle: Asset[], source: string): Asset {
  const a = bundle.find((x) => x.type === 'asset' && (x.originalFileNames ?? []).some((n) => n.endsWith(source)));
  if (!a) throw new Error(`the build has no ${source} to preload`);
  return a;
}

export function preloadPageCode(pagesDir: string): Plugin {
  let facts: ManifestFacts = { presets: {}, fullEngine: [], stageRuns: {} };
  return {
    name: 'spindle-preload-page',
    apply: 'build',
    async buildStart() {
      facts = await manifestFacts(pagesDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = Object.values(ctx.bundle ?? {});
        const chunks = new Map(bundle.filter((c) => c.type === 'chunk').map((c) => [c.fileName, c as unknown as Chunk]));
        const entry = [...chunks.values()].find((c) => c.isEntry);
        if (!entry) throw new Error('the build has no entry chunk');
        const wasm = { core: assetFrom(bundle, 'engine-wasm/build/spindle-core.wasm').fileName, full: assetFrom(bundle, 'engine-wasm/build/spindle.wasm').fileName };
        const worker = bundle.find((a) => /(^|\/)engine\.worker-[^/]+\.js$/.test(a.fileName));
        if (!worker) throw new Error('the build has no engine worker to start');
        // The shell's chunks are preloaded by their own links (vite.preload.ts): not named again.
        const app = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith('/web/app.tsx'));
        const shell = app ? withImports(app.fileName, chunks) : new Set<string>();
        // Each page's code: the entry's dynamic import whose module is in web/pages/<id>/.
        const files: Record<string, string[]> = {};
        for (const f of entry.dynamicImports) {
          const id = /\/web\/pages\/([^/]+)\/[^/]+$/.exec(chunks.get(f)?.facadeModuleId ?? '')?.[1];
          if (id) files[id] = [...withImports(f, chunks)].filter((x) => x !== entry.fileName && !shell.has(x));
        }
        if (Object.keys(files).length === 0) throw new Error('the build has no page chunks to preload');
        // The disks each page shows first on its bare address: each preset is a chunk of its own.
        const presetChunk = (id: string) => [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(`/presets/disks/${id}.json?raw`))?.fileName;
        const bare: Record<string, string[]> = {};
        for (const [page, ids] of Object.entries(facts.presets)) {
          bare[page] = ids.map((id) => {
            const f = presetChunk(id);
            if (!f) throw new Error(`web/pages/${page}/manifest.ts names the preset "${id}", which the build has no chunk for`);
            return f;
          });
        }
        return [{ tag: 'script', injectTo: 'head' as const, children: pagePreloadScript(files, bare, wasm, facts.fullEngine, facts.stageRuns, worker.fileName, queryPage(pagesDir)) }];
      },
    },
  };
}
