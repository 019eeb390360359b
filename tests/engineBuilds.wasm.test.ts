/*
 * The engine's two wasm builds: the core one (spindle-core.wasm, what most
 * pages load) leaves out the experiments (file system, 2-D table, track
 * extraction). A call into them on the core build is refused with a message
 * naming the function and the build, both through the binding and from a
 * page's method in the worker's host, which goes on answering afterwards.
 * The build's preload script (vite.pagePreload.ts) reads from the manifests
 * which pages ask for the full build (which one a page loads: tests/e2e/entry.test.ts).
 * (That both builds run the core's setups alike: determinism.wasm.test.ts.)
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { fileURLToPath } from 'node:url';
import { testEngine } from './helpers/engine';
import { manifestFacts } from '../vite.pagePreload';
import { loadPresetJson } from './helpers/presets';
import { EngineHost } from '../web/worker/host';
import { PAGES } from '../web/pages';
import { DEFAULT_REORG_SETUP, runParams } from '../web/pages/reorg/setup';
import { EngineError, FsParam, Status, Table2dLayout, type Engine } from '../engine-wasm/binding';
import type { FromWorker, ResponseMessage } from '../web/engine/protocol';

const MISSING = /^(sp_[a-z0-9_]+): not in this build of the engine \(the core build, spindle-core\.wasm, leaves out the experiments\); a page that runs them asks for the full build/;

let core: Engine;
beforeAll(async () => { core = await testEngine('core'); });

function refusal(call: () => unknown): EngineError {
  try {
    call();
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
  throw new Error('the call was not refused');
}

describe('the core build', () => {
  it('refuses each experiment\'s call, naming the function', () => {
    const sim = core.createSim(1);
    try {
      const fs = refusal(() => sim.fsSet(FsParam.Enabled, 1));
      expect([fs.fn, fs.code, MISSING.exec(fs.message)?.[1]]).toEqual(['sp_fs_set', Status.State, 'sp_fs_set']);
      expect(MISSING.exec(refusal(() => sim.table2dSet(Table2dLayout.Atropos, 4, 10)).message)?.[1]).toBe('sp_table2d_set');
      expect(MISSING.exec(refusal(() => sim.extractNew(0, 0)).message)?.[1]).toBe('sp_extract_new');
      // The sim is unharmed: a core call still answers.
      expect(sim.diskAdd()).toBe(0);
    } finally {
      sim.dispose();
    }
  });

  it('answers a page\'s experiment method with that message, and the next call as usual', async () => {
    const posted: FromWorker[] = [];
    const host = new EngineHost(() => Promise.resolve(core), (m) => posted.push(m));
    const finalOf = (id: number) => posted.find((m): m is ResponseMessage => m.id === id && 'ok' in m);
    const preset = loadPresetJson(DEFAULT_REORG_SETUP.disk);
    await host.receive({ id: 1, method: 'reorgRun', params: runParams(DEFAULT_REORG_SETUP, preset) });
    const a = finalOf(1);
    expect(a && !a.ok && a.error.name).toBe('EngineError');
    expect(a && !a.ok && MISSING.exec(a.error.message)?.[1]).toBe('sp_fs_set');
    expect(host.restarts).toBe(0);
    await host.receive({ id: 2, method: 'loadPreset', params: { preset: loadPresetJson('hp-c2200a') } });
    const b = finalOf(2);
    expect(b && b.ok && (b.result as { name: string }).name).toBe('HP C2200A');
  });
});

describe('the pages and their builds', () => {
  it('the build\'s preload script reads from the manifests the same pages asking for the full build as the app does', async () => {
    const { fullEngine } = await manifestFacts(fileURLToPath(new URL('../web/pages', import.meta.url)));
    expect([...fullEngine].sort()).toEqual(PAGES.filter((p) => p.engine === 'full').map((p) => p.id).sort());
    expect([...fullEngine].sort()).toEqual(['atropos', 'reorg', 'traxtents']);
  });
});
