/*
 * The parameter tables the TypeScript side reads (engine-wasm/build/params.json,
 * printed natively through sp_param_info_get) equal the wasm engine's own
 * (engine.paramTable): the native and wasm tables agree, and the JSON is fresh.
 */
import { describe, expect, it } from 'vitest';
import { DiskParam, FlashParam, FsParam, HostParam, ParamTable, SmrParam, WorkloadParam, memberOf } from '../engine-wasm/binding';
import { ENGINE_PARAMS, ENGINE_TABLES } from '../web/state/engineParams';
import { testEngine } from './helpers/engine';

const TABLE_ID: Record<(typeof ENGINE_TABLES)[number], ParamTable> = {
  disk: ParamTable.Disk, workload: ParamTable.Workload, host: ParamTable.Host, flash: ParamTable.Flash, fs: ParamTable.Fs,
  smr: ParamTable.Smr,
};

describe('engine parameter tables', () => {
  it.each(ENGINE_TABLES)('params.json %s equals engine.paramTable', async (t) => {
    const engine = await testEngine();
    const wasm = engine.paramTable(TABLE_ID[t]);
    expect(wasm.length).toBeGreaterThan(0);
    expect(ENGINE_PARAMS[t]).toEqual(wasm);
  });

  it('the generated parameter codes (build/constants.ts) name the wasm engine\'s rows, row for row', async () => {
    const engine = await testEngine();
    const pascal = (name: string) => name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
    const codes = { disk: DiskParam, workload: WorkloadParam, host: HostParam, flash: FlashParam, fs: FsParam, smr: SmrParam } as const;
    for (const t of ENGINE_TABLES) {
      const rows = engine.paramTable(TABLE_ID[t]);
      const members = rows.map((_, i) => memberOf(codes[t], i));
      expect(members, t).toEqual(rows.map((r) => pascal(r.name)));
    }
  });

  it('covers every table the engine has', async () => {
    const engine = await testEngine();
    const ids = Object.values(ParamTable).filter((v): v is ParamTable => typeof v === 'number');
    for (const id of ids) expect(Object.values(TABLE_ID)).toContain(id);
    expect(engine.paramTable((Math.max(...ids) + 1) as ParamTable)).toEqual([]);
  });
});
