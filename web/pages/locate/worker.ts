/* The locator's methods in the engine's worker, over one sim of the loaded disk (found by web/worker/engineService.ts). */
import type { PageService } from '../../worker/pageService';
import type { LocatorApi } from './protocol';
import { LocatorService } from './service';

export const service: PageService<LocatorApi> = (engine) => {
  const s = new LocatorService(engine);
  return { loadPreset: (p) => s.loadPreset(p), locate: (q) => s.locate(q), pick: (q) => s.pick(q) };
};
