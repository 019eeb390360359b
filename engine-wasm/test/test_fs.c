/*
 * test_fs.c — the ext2-like file system (src/fs.c): the FFS allocation rules
 * the reorganization paper quotes (a new inode in a group with fewer inodes
 * than the average; blocks from the inode's group while it has at least the
 * average free, else from the group with the most free), populating 30 % of
 * a partition touching every group (the paper's Figs. 1-2), allocation at a
 * goal, and moves that keep the bitmap and the counts consistent.
 */
#include "check.h"
#include "fs.h"
#include <stdlib.h>

static uint64_t rs = 0x9E3779B97F4A7C15ull;
static uint64_t xr(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }

static int32_t group_of_first(const fs *f, int32_t o) { return fs_group_of(f, fs_first_block(f, o)); }

static void test_inode_goes_to_a_group_below_the_average(void) {
  fs *f = fs_new(8 * 1024, 1024, 64);
  CHECK(f && f->groups == 8 && f->itable == 2);
  for (int i = 0; i < 8; i++) CHECK(fs_create(f, 4096, 0) == i);
  for (int g = 0; g < 8; g++) CHECK(f->inodes[g] == 1);          /* one per group, round robin */
  /* three more inodes in group 0 (places allocated at its start, as a move does) */
  for (int k = 0; k < 3; k++) {
    int32_t ino, nr; fs_run *runs;
    CHECK(fs_alloc_at(f, 0, 10, &ino, &runs, &nr) == 0);
    CHECK(ino / f->ipg == 0);
    free(runs);                        /* the blocks stay used: fs_check is not run here */
  }
  for (int k = 0; k < 7; k++) {
    const int64_t total = f->total_inodes;
    const int32_t g = fs_ffs_inode_group(f);
    CHECK(g != 0);
    CHECK((int64_t)f->inodes[g] * f->groups < total);       /* strictly fewer than the average */
    const int32_t o = fs_create(f, 4096, 0);
    CHECK(o >= 0 && f->obj[o].inode / f->ipg == g);
  }
  fs_free(f);
}

static void test_blocks_come_from_groups_with_many_free(void) {
  fs *f = fs_new(4 * 1024, 1024, 32);                   /* one inode-table block per group */
  CHECK(f && f->groups == 4 && f->itable == 1);
  const int32_t a = fs_create(f, 900 * 4096LL, 0);       /* group 0 is nearly full now */
  CHECK(a == 0 && f->obj[a].inode / 32 == 0 && group_of_first(f, a) == 0 && f->obj[a].nruns == 1);
  CHECK(f->free_blocks[0] == 1023 - 900);
  for (int g = 1; g < 4; g++) {                          /* small files: their own groups */
    const int32_t o = fs_create(f, 100, 0);
    CHECK(f->obj[o].inode / 32 == g && group_of_first(f, o) == g);
  }
  /* every group has one inode: the cursor's group 0, but its free blocks are below the
   * average, so the data goes to the group with the most free (1, 2 and 3 tie: 1 first) */
  const int32_t e = fs_create(f, 8 * 4096, 0);
  CHECK(f->obj[e].inode / 32 == 0);
  CHECK(group_of_first(f, e) == 1 && f->obj[e].nruns == 1);
  /* a file larger than any group's free space spills, each part from the most free group */
  const int32_t big = fs_create(f, 1500 * 4096LL, 0);
  CHECK(big >= 0 && f->obj[big].nruns >= 2);
  CHECK(fs_check(f, NULL, NULL, NULL, 0) == 0);
  fs_free(f);
}

static void test_populating_30_percent_touches_every_group(void) {
  const int32_t groups = 40, bpg = 2048;
  fs *f = fs_new((int64_t)groups * bpg, bpg, 256);
  CHECK(f && f->groups == groups);
  int64_t used = 0;
  const int64_t want = (int64_t)(0.30 * (double)f->blocks);
  int32_t files = 0;
  while (used < want) {
    /* sizes from 1 to 64 blocks, small ones more frequent */
    const int64_t blocks = 1 + (int64_t)((xr() % 64) * (xr() % 64) / 64);
    const int32_t o = fs_create(f, blocks * 4096, 0);
    CHECK(o >= 0);
    if (o < 0) break;
    used += f->obj[o].nblocks; files++;
  }
  int32_t starts[40] = { 0 };
  for (int32_t o = 0; o < f->nobj; o++) starts[group_of_first(f, o)]++;
  const double avg_data = (double)used / groups;
  for (int32_t g = 0; g < groups; g++) {
    const double data = (double)(fs_group_size(f, g) - f->itable - f->free_blocks[g]);
    CHECK(starts[g] > 0);
    CHECK(data > 0.5 * avg_data && data < 1.5 * avg_data);   /* spread, not packed at the front */
  }
  CHECK(fs_check(f, NULL, NULL, NULL, 0) == 0);
  fs_free(f);
}

static void test_alloc_at_a_free_goal_starts_there(void) {
  fs *f = fs_new(4 * 1024, 1024, 32);
  const int32_t o = fs_create(f, 10 * 4096, 0);
  int32_t ino, nr; fs_run *runs;
  CHECK(fs_alloc_at(f, o, 2500, &ino, &runs, &nr) == 0);
  CHECK(nr == 1 && runs[0].start == 2500 && runs[0].len == 10);
  CHECK(ino / 32 == fs_group_of(f, 2500));
  fs_move_commit(f, o, ino, runs, nr);
  CHECK(fs_first_block(f, o) == 2500 && fs_check(f, NULL, NULL, NULL, 0) == 0);
  /* a goal inside used blocks: the first free ones after it */
  const int32_t p = fs_create(f, 3 * 4096, 0);
  CHECK(fs_alloc_at(f, p, 2500, &ino, &runs, &nr) == 0);
  CHECK(runs[0].start == 2510);
  fs_alloc_undo(f, ino, runs, nr);
  CHECK(fs_check(f, NULL, NULL, NULL, 0) == 0);
  /* a one-block hole after the goal: a three-block file takes the whole stretch after it */
  const int32_t q = fs_create(f, 4096, 0);
  CHECK(fs_alloc_at(f, q, 2511, &ino, &runs, &nr) == 0 && runs[0].start == 2511);
  fs_move_commit(f, q, ino, runs, nr);               /* 2500..2509 and 2511 used, 2510 free */
  CHECK(fs_alloc_at(f, p, 2500, &ino, &runs, &nr) == 0);
  CHECK(nr == 1 && runs[0].start == 2512 && runs[0].len == 3);
  fs_alloc_undo(f, ino, runs, nr);
  CHECK(fs_check(f, NULL, NULL, NULL, 0) == 0);
  fs_free(f);
}

static void test_moves_keep_everything_stored(void) {
  fs *f = fs_new(16 * 512, 512, 64);
  int64_t blocks = 0, bytes = 0;
  for (int i = 0; i < 300; i++) {
    const int64_t b = 1 + (int64_t)(xr() % 20000);
    const int32_t o = fs_create(f, b, 0);
    CHECK(o == i);
    blocks += f->obj[o].nblocks; bytes += b;
  }
  const int64_t free0 = f->total_free, inodes0 = f->total_inodes;
  for (int k = 0; k < 2000; k++) {
    const int32_t o = (int32_t)(xr() % 300);
    int32_t ino, nr; fs_run *runs;
    if (fs_alloc_at(f, o, (int64_t)(xr() % (uint64_t)f->blocks), &ino, &runs, &nr) != 0) continue;
    fs_move_commit(f, o, ino, runs, nr);
    if (k % 100 == 0) CHECK(fs_check(f, NULL, NULL, NULL, 0) == 0);
  }
  CHECK(fs_check(f, NULL, NULL, NULL, 0) == 0);
  int64_t blocks1 = 0, bytes1 = 0;
  for (int32_t o = 0; o < f->nobj; o++) { blocks1 += f->obj[o].nblocks; bytes1 += f->obj[o].bytes; }
  CHECK(blocks1 == blocks && bytes1 == bytes);
  CHECK(f->total_free == free0 && f->total_inodes == inodes0);
  fs_free(f);
}

/* Inode tables start each group and nothing else is used at first, whatever
 * the alignment: groups of 1,000 blocks (not a multiple of 64) with tables of
 * 70 and of 130 blocks, the last group short. */
static void test_inode_tables_exactly(void) {
  const int32_t ipgs[2] = { 70 * 32, 130 * 32 };
  for (int k = 0; k < 2; k++) {
    const int32_t itable = ipgs[k] / 32;
    fs *f = fs_new(7 * 1000 + 500, 1000, ipgs[k]);
    CHECK(f != NULL);
    if (!f) continue;
    int wrong = 0;
    for (int64_t b = 0; b < f->blocks; b++) wrong += fs_is_used(f, b) != (b % 1000 < itable);
    CHECK(wrong == 0 && f->groups == 8);
    CHECK(f->total_free == f->blocks - 8 * (int64_t)itable);
    fs_free(f);
  }
}

int main(void) {
  RUN(test_inode_goes_to_a_group_below_the_average);
  RUN(test_blocks_come_from_groups_with_many_free);
  RUN(test_populating_30_percent_touches_every_group);
  RUN(test_alloc_at_a_free_goal_starts_there);
  RUN(test_moves_keep_everything_stored);
  RUN(test_inode_tables_exactly);
  return check_summary("fs");
}
