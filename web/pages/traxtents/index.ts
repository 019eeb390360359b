/* The traxtent experiment (track-aligned vs unaligned access): pure functions over the engine. */
export * from './disk';
export * from './sweep';
export * from './latency';
export * from './allocation';
export * from './extraction';
