/* units.ts — the page's unit of work: a 4 KB write is 8 sectors of 512 bytes (the engine's size_sectors). */
export const WRITE_SECTORS = 8;
