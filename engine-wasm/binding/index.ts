/*
 * The Spindle engine's TypeScript binding: load the wasm, create sims, call
 * the C API with typed arguments. See include/spindle.h for what each call does.
 */
export * from './constants';
export { Engine, EngineError, Extractor, Sim, BOUND_FUNCTIONS } from './engine';
export type { SpExports, Phys, Track, Breakdown, Stats, ExtractReport, ZoneSpec, DefectSpec, AccessQuery, ParamInfo, FlashStats, NvcacheStats, Decision, FsInfo, FsEpoch, Zone, SmrStats } from './engine';
export { loadEngine, engineImports, WasmExit, type EngineSource } from './loadEngine';
export { RecordView, EventView, ResultView, ProbeView, type EventRecord, type ResultRecord } from './records';
export { PHYS, TRACK, BREAKDOWN, EVENT, RESULT, STATS, PROBE, EXTRACT_REPORT, PARAM_INFO, PARAM_INFO_NAME, FLASH_STATS, ZONE, SMR_STATS, NVCACHE_STATS, DECISION, FS_INFO, FS_EPOCH, ALL_LAYOUTS, ALL_CHAR_ARRAYS, type StructLayout, type FieldType, type CharArray } from './layout';
