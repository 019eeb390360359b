/*
 * units.ts — the one conversion between the page's megabytes and the
 * engine's sectors (1 MB = 2^20 bytes), shared by the setup and the service.
 */
export const mbToSectors = (mb: number, sectorBytes: number): number => Math.round((mb * 1048576) / sectorBytes);
export const sectorsToMb = (sectors: number, sectorBytes: number): number => (sectors * sectorBytes) / 1048576;
