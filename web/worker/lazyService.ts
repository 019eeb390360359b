/*
 * lazyService.ts — the worker's methods with each page's code (and trace
 * import's) loaded on the first call of one of its methods: the worker's
 * first chunk holds the run and each page's list of method names (METHODS,
 * in its protocol.ts), and a page's service is a chunk of its own.
 */
import { CoreService } from './coreService';
import type { PageService } from './pageService';

const methodLists = import.meta.glob<Record<string, true>>(['../pages/*/protocol.ts', '../trace/protocol.ts'], { eager: true, import: 'METHODS' });
const loaders = import.meta.glob<PageService<object>>(['../pages/*/worker.ts', '../trace/worker.ts'], { import: 'service' });

const folderOf = (file: string) => file.slice(0, file.lastIndexOf('/'));

/** Starts fetching a page's engine methods (its folder's name, e.g. 'atropos') before its first call; unknown: nothing. */
export function preloadPage(id: string): void {
  const load = loaders[`../pages/${id}/worker.ts`];
  if (load) void load().catch(() => {});      // a failure is met again, and reported, on the first call
}

/** Method name → the file whose service answers it and how to load it. */
const owners = new Map<string, { file: string; load: () => Promise<PageService<object>> }>();
for (const [file, load] of Object.entries(loaders)) {
  const list = Object.entries(methodLists).find(([p]) => folderOf(p) === folderOf(file))?.[1];
  if (!list) throw new Error(`${file} has no METHODS list in its protocol.ts`);
  for (const method of Object.keys(list)) owners.set(method, { file, load });
}

export class LazyService extends CoreService {
  private readonly loading = new Map<string, Promise<void>>();

  /** Loads the code of the page that answers `method` (once); an unknown method is left for call() to refuse. */
  override prepare(method: string): Promise<void> {
    const owner = owners.get(method);
    if (this.has(method) || !owner) return Promise.resolve();
    let p = this.loading.get(owner.file);
    if (!p) {
      p = owner.load().then((make) => this.add(owner.file, make));
      this.loading.set(owner.file, p);
      p.catch(() => this.loading.delete(owner.file));    // a failed fetch is tried again on the next call
    }
    return p;
  }
}
