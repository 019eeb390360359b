/*
 * reorg_place.h — phase 2 of the dynamic reorganization (Edwards & Song):
 * "a very brief phase in which the file system determines the future
 * locations of files based on its current policy". A pure function: files in
 * (where they are, how big, what the log saw), a goal block per file out.
 * Prefix reorg_ (with reorg_log.h). The engine's reorganizer (reorg.c) moves
 * files to their goals in phase 3.
 *
 * The four policies. Each names the paper's sentence it implements (quoted
 * in the spec, EXPERIMENTS.md 4.1) and, apart, what the paper leaves open
 * and where the rule used here comes from (the spec's proposals, 4.5 [X]).
 *
 * CENTRE — paper: "maybe the files with the highest number of accesses
 *   during the information-gathering period should be placed in the middle
 *   of the cluster" (the policy of its experiment: "group the most accessed
 *   files together"). Arrangement: the spec's organ pipe ("sort by count,
 *   fill outward from the middle ... alternating left/right"): the most
 *   opened file centred in the region, each next one (count descending)
 *   beside the data placed so far, on the side holding fewer blocks, right on
 *   a tie; files of equal size thus alternate right, left, right ..., and the
 *   pipe stays balanced when sizes differ (our reading for unequal sizes).
 *   Files never opened come after all opened ones, in their current order
 *   (by block). The arrangement is packed without holes and shifted only if
 *   the region's edge forces it.
 * COMPRESS — paper: "just 'compress' the partition's current state into a
 *   smaller area, maintaining the orders of metadata and file blocks".
 *   Current order (by block), packed from region_first (spec: "pack toward
 *   the target region"). A layout already packed from region_first keeps
 *   every goal equal to its block: nothing moves.
 * SEQUENCES — paper: "associates data that is often accessed together in
 *   common sequences"; how is not said. Spec: "greedy chains of most frequent
 *   predecessors": a chain starts at the most opened file not yet placed and
 *   goes on with the unplaced file whose most frequent predecessor is the
 *   file placed last (the one that followed it most times first); when there
 *   is none, the next chain starts. Chains are packed from region_first. A
 *   file that is its own predecessor is never chained to itself.
 * MTIME — paper: "clusters files by the last time of modification because
 *   this may be a simple way to tell how frequently each file is accessed".
 *   Spec: "sort by last modification"; ascending (oldest first) is our
 *   choice, ties by current block, packed from region_first.
 * NONE — every goal is the current block (baseline ext2, no reorganization).
 *
 * Every remaining tie is broken by file index, so the result is a function
 * of the input alone (qsort's instability cannot show). O(n log n).
 */
#ifndef SPINDLE_REORG_PLACE_H
#define SPINDLE_REORG_PLACE_H
#include "spindle_fs.h"

enum { REORG_POLICY_NONE = 0, REORG_POLICY_CENTRE = 1, REORG_POLICY_COMPRESS = 2,
       REORG_POLICY_SEQUENCES = 3, REORG_POLICY_MTIME = 4 };
#define REORG_POLICY_COUNT 5

typedef struct place_file {
  int64_t block;        /* its current first block in the partition (inode block + data) */
  int32_t blocks;       /* blocks it needs (data blocks, >= 1: the inode's share counts as 1) */
  int32_t count;        /* opens logged */
  int32_t pred;         /* most frequent predecessor (-1: none) */
  int32_t pred_times;
  double  mtime_ms;     /* last modification */
} place_file;

/* Gives every file a goal: its desired first block, the files' ranges
 * [goal, goal + blocks) disjoint and inside [region_first, region_first +
 * region_blocks). SP_E_RANGE if the files' blocks add up to more than the
 * region; SP_E_INVALID for an unknown policy, n < 0, NULL arrays (n > 0), a
 * negative region, block < 0, blocks < 1, count or pred_times < 0, pred
 * outside [-1, n) or a NaN mtime; SP_E_NOMEM if scratch memory runs out.
 * NONE copies the blocks and needs no room in the region. */
sp_status reorg_place(int32_t policy, const place_file *files, int32_t n,
                      int64_t region_first, int64_t region_blocks, int64_t *goal);

/* The region the engine uses: the data's total size (sum of blocks) times
 * slack (below 1 or NaN: 1), rounded up, centred in the partition
 * [0, partition_blocks) and clipped to it. */
void reorg_region(int64_t data_blocks, double slack, int64_t partition_blocks,
                  int64_t *region_first, int64_t *region_blocks);
#endif
