/*
 * diskPreset.ts — disk presets: the format and its validation
 * (presetSchema.ts) and the engine configuration (presetEngine.ts), under
 * the one name importers have always used.
 */
export * from './presetSchema';
export * from './presetEngine';
