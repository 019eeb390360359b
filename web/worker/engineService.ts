/*
 * engineService.ts — every bridge method over one Engine at once: the run,
 * trace import and each page's methods (web/pages/<id>/worker.ts, found at
 * build time, so a new page's methods change no file here). For Node (tests,
 * tools); the worker itself loads a page's code on its first call
 * (lazyService.ts), so the explorer's engine does not carry the experiments.
 */
import type { Engine } from '../../engine-wasm/binding';
import { CoreService } from './coreService';
import type { PageService } from './pageService';

const services = import.meta.glob<PageService<object>>(['../pages/*/worker.ts', '../trace/worker.ts'], { eager: true, import: 'service' });

export class EngineService extends CoreService {
  constructor(engine: Engine) {
    super(engine);
    for (const [file, make] of Object.entries(services)) this.add(file, make);
  }
}
