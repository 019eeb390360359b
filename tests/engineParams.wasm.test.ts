/*
 * The parameter tables the TypeScript side reads (engine-wasm/build/params.json,
 * printed natively through sp_param_info_get) equal the wasm engine's own
 * (engine.paramTable): the native and wasm tables agree, and the JSON is fresh.
 */
import { describe, expect, it } from 'vitest';
import { ParamTable } from '../engine-wasm/binding';
import { ENGINE_PARAMS, ENGINE_TABLES } from '../web/state/engineParams';
import { testEngine } from './helpers/engine';

const TABLE_ID: Record<(typeof ENGINE_TABLES)[number], ParamTable> = {
  disk: ParamTable.Disk, workload: ParamTable.Workload, host: ParamTable.Host, flash: ParamTable.Flash, fs: ParamTable.Fs,
};

describe('engine parameter tables', () => {
  it.each(ENGINE_TABLES)('params.json %s equals engine.paramTable', async (t) => {
    const engine = await testEngine();
    const wasm = engine.paramTable(TABLE_ID[t]);
    expect(wasm.length).toBeGreaterThan(0);
    expect(ENGINE_PARAMS[t]).toEqual(wasm);
  });

  it('covers every table the engine has', async () => {
    const engine = await testEngine();
    const ids = Object.values(ParamTable).filter((v): v is ParamTable => typeof v === 'number');
    for (const id of ids) expect(Object.values(TABLE_ID)).toContain(id);
    expect(engine.paramTable((Math.max(...ids) + 1) as ParamTable)).toEqual([]);
  });
});
