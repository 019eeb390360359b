/*
 * engineParams.ts — the engine's parameter tables (engine-wasm/src/params.h:
 * every disk, workload, host and flash parameter's name, default, range and
 * whole-number flag), for the TypeScript side. The page validates links and
 * presets on the main thread before any engine is loaded, so the tables come
 * from a build output, engine-wasm/build/params.json, which a native program
 * prints through sp_param_info_get (`make -C engine-wasm params`;
 * scripts/setup.sh runs it when the C sources change). tests/engineParams.wasm.test.ts
 * checks that it equals the wasm engine's own tables (engine.paramTable).
 *
 * Every range in web/state and tools/ that belongs to an engine parameter is
 * read from here; a narrower range is written at its use, with the reason.
 */
import tables from '../../engine-wasm/build/params.json';
import type { FieldKind } from './fields';
import { wordsOf, type Word, type WordEnum } from '../../engine-wasm/binding/constants';

/** One row of a table: the engine's name, default, accepted range [lo, hi], whole numbers only. */
export interface EngineParam {
  readonly name: string;
  readonly def: number;
  readonly lo: number;
  readonly hi: number;
  readonly whole: boolean;
}

/** The tables a setup field may name (the flash and fs tables have no setup fields yet). */
export type EngineTable = 'disk' | 'workload' | 'host';
/** Every table, by the engine's word for it (SP_TABLE_*). */
export type EngineTableName = Word<'ParamTable'>;
export const ENGINE_TABLES: readonly EngineTableName[] = wordsOf('ParamTable');

/** The tables, in enum order (row i is parameter i, as in spindle.h). */
export const ENGINE_PARAMS: Readonly<Record<EngineTableName, readonly EngineParam[]>> = tables;

/** A parameter by its engine name; a name the table lacks is a programming error (throws at load). */
export function engineParam(table: EngineTableName, name: string): EngineParam {
  const p = ENGINE_PARAMS[table].find((r) => r.name === name);
  if (!p) throw new Error(`engine parameter ${table}.${name} does not exist (engine-wasm/build/params.json is stale? run make -C engine-wasm params)`);
  return p;
}

/** A parameter's code (sp_disk_set's `param`): its row in the table, as in spindle.h. */
export function paramCode(table: EngineTableName, name: string): number {
  engineParam(table, name);
  return ENGINE_PARAMS[table].findIndex((r) => r.name === name);
}

/**
 * -1 is the engine's "derived" value for some parameters (cyl_switch_ms:
 * seek(1); the hit overheads: the miss overheads; write_bus_ms_per_sector:
 * the read figure; read_ahead_max_sectors: the segment; size_max_sectors: the
 * size). Presets and setups never write it: they leave the value out (an
 * absent override, a null or missing preset field; size_max_sectors 0 means
 * the same as -1), so the values they accept start at 0.
 */
export function isDerivedSentinel(p: EngineParam): boolean {
  return p.def === -1 && p.lo === -1;
}

/** The values a user may enter for a parameter: its range, without the "derived" sentinel. */
export function valueRange(p: EngineParam): { lo: number; hi: number; whole: boolean } {
  return { lo: isDerivedSentinel(p) ? 0 : p.lo, hi: p.hi, whole: p.whole };
}

/** A setup field's kind for an engine parameter: a whole number or a number, over the engine's range. */
export function paramKind(p: EngineParam): FieldKind {
  const r = valueRange(p);
  return r.whole ? { type: 'int', min: r.lo, max: r.hi } : { type: 'num', min: r.lo, max: r.hi };
}

/** Does the engine accept this value for the parameter (range and whole-number flag, as sim.c checks)? */
export function engineAccepts(p: EngineParam, v: number): boolean {
  return Number.isFinite(v) && v >= p.lo && v <= p.hi && (!p.whole || Number.isInteger(v));
}

/** A field's reference to its engine parameter ("disk.rpm"), for messages and the engine-field map. */
export interface ParamRef {
  table: EngineTable;
  name: string;
  /** The engine enum whose words are the field's values (its parameter takes their codes), if any. */
  words?: WordEnum;
}
