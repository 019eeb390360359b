/*
 * service.ts — the homework page's work in the engine's worker (bridge
 * method hwRun, see protocol.ts), without worker globals so it runs under
 * Vitest too: the values are checked again here (the page's checks are not
 * trusted), then run.ts asks the engine.
 */
import type { Engine } from '../../../engine-wasm/binding';
import { runHomework, type HomeworkRun } from './run';
import { setupFrom } from './setup';

export function hwRun(engine: Engine, params: { values: Record<string, string> }): HomeworkRun {
  const v = params?.values;
  if (typeof v !== 'object' || v === null || Object.values(v).some((x) => typeof x !== 'string')) {
    throw new TypeError('values: must be an object of strings (disk.py flag letter → value)');
  }
  const s = setupFrom(v);
  if (!s.ok) throw new RangeError(s.message);
  return runHomework(engine, s.setup);
}
