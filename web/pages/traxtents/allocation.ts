/*
 * allocation.ts — traxtent allocation in a block-based file system (section
 * 4.2.2 of the track-aligned extents paper): the disk is cut into fixed-size
 * blocks (8 KB = 16 sectors in the paper's FFS); a block that spans a track
 * boundary is an "excluded block" (marked used, never allocated), so runs of
 * blocks between excluded ones are traxtents. The paper: one block in twenty
 * excluded on the Atlas 10K, one in thirty on the Atlas 10K II.
 */
export interface AllocationResult {
  blockSectors: number;
  blocks: number;
  excluded: number;
  /** excluded / blocks */
  fraction: number;
  /** The first excluded blocks (block numbers), for drawing. */
  sample: number[];
}

/**
 * Excluded blocks of a partition [firstLbn, firstLbn+lbns) cut into blocks of
 * `blockSectors`, given the ascending track starts (from the engine's track map
 * or from an extraction: they are the same).
 */
export function excludedBlocks(trackStarts: readonly number[], firstLbn: number, lbns: number,
                               blockSectors = 16, sampleMax = 2000): AllocationResult {
  const blocks = Math.floor(lbns / blockSectors);
  const end = firstLbn + blocks * blockSectors;
  let excluded = 0;
  let last = -1;
  const sample: number[] = [];
  for (const b of trackStarts) {
    if (b <= firstLbn || b >= end) continue;
    const off = b - firstLbn;
    if (off % blockSectors === 0) continue;          // boundary between two blocks
    const block = Math.floor(off / blockSectors);
    if (block === last) continue;                     // two boundaries in one block: one exclusion
    last = block;
    excluded++;
    if (sample.length < sampleMax) sample.push(block);
  }
  return { blockSectors, blocks, excluded, fraction: blocks > 0 ? excluded / blocks : 0, sample };
}

/** Traxtents of a partition: runs of allocatable blocks between excluded ones, as LBN ranges. */
export function traxtents(trackStarts: readonly number[], firstLbn: number, lbns: number,
                          blockSectors = 16, max = 10000): { firstLbn: number; sectors: number }[] {
  const out: { firstLbn: number; sectors: number }[] = [];
  const end = firstLbn + Math.floor(lbns / blockSectors) * blockSectors;
  let runStart = firstLbn;
  const starts = trackStarts.filter((b) => b > firstLbn && b < end);
  for (const b of starts) {
    const off = b - firstLbn;
    const blockStart = firstLbn + Math.floor(off / blockSectors) * blockSectors;
    const blockEnd = off % blockSectors === 0 ? blockStart : blockStart + blockSectors;
    if (blockStart > runStart) out.push({ firstLbn: runStart, sectors: blockStart - runStart });
    runStart = blockEnd;
    if (out.length >= max) return out;
  }
  if (end > runStart) out.push({ firstLbn: runStart, sectors: end - runStart });
  return out;
}
