/*
 * test_reorg_place.c — the placement policies (src/reorg_place.c) on
 * hand-built file sets whose answers are worked out in the comments: who
 * ends up in the middle and in what order, chains followed by most frequent
 * predecessor, compress of a compact layout moving nothing, mtime order,
 * argument checks, and the region the engine derives from the data's size.
 */
#include "check.h"
#include "reorg_check.h"

/* A file of `blocks` blocks at `block`, opened `count` times. */
static place_file F(int64_t block, int32_t blocks, int32_t count, int32_t pred, int32_t times, double mtime) {
  return (place_file){ block, blocks, count, pred, times, mtime };
}

/* Places f with the policy in [first, first + blocks) and compares every
 * goal with want; the placement must also be valid. */
static void expect_goals(int32_t policy, const place_file *f, int32_t n, int64_t first, int64_t blocks,
                         const int64_t *want) {
  int64_t goal[16];
  CHECK(n <= 16 && reorg_place(policy, f, n, first, blocks, goal) == SP_OK);
  for (int32_t i = 0; i < n; i++) {
    if (goal[i] != want[i]) fprintf(stderr, "  file %d: goal %lld, want %lld\n", i, (long long)goal[i], (long long)want[i]);
    CHECK(goal[i] == want[i]);
  }
  CHECK(placement_valid(f, n, goal, first, blocks));
}

/* Equal sizes, region exactly the data: rank 1 (5 opens), 4 (4), 2 (3), 0 (1),
 * 3 (never). The hottest in the middle (102), then right, left, right, left:
 * 3 2 1 4 0 from block 100. */
static void test_centre_organ_pipe(void) {
  const place_file f[5] = { F(7, 1, 1, -1, 0, 0), F(3, 1, 5, -1, 0, 0), F(9, 1, 3, -1, 0, 0),
                            F(1, 1, 0, -1, 0, 0), F(0, 1, 4, -1, 0, 0) };
  const int64_t want[5] = { 104, 102, 101, 100, 103 };
  expect_goals(REORG_POLICY_CENTRE, f, 5, 100, 5, want);
}

/* Unequal sizes in a roomier region [0, 20): rank 0 (4 blocks), 1 (2), 2 (1),
 * then never opened by current block: 4 (at 20), 3 (at 50). Each goes to the
 * side holding fewer blocks: 1 right, 2 left, 4 left, 3 right, so the pipe is
 * 4 2 0 1 3 with file 0 centred on block 10 (8..11). */
static void test_centre_unequal_sizes(void) {
  const place_file f[5] = { F(0, 4, 10, -1, 0, 0), F(30, 2, 8, -1, 0, 0), F(40, 1, 7, -1, 0, 0),
                            F(50, 3, 0, -1, 0, 0), F(20, 1, 0, -1, 0, 0) };
  const int64_t want[5] = { 8, 12, 7, 14, 6 };
  expect_goals(REORG_POLICY_CENTRE, f, 5, 0, 20, want);
  /* A region of 12 cannot centre file 0 (the pipe would end at 17): shifted to end at 12. */
  const int64_t tight[5] = { 3, 7, 2, 9, 1 };
  expect_goals(REORG_POLICY_CENTRE, f, 5, 0, 12, tight);
}

/* Scattered files packed from region_first in their current order (1, 2, 0);
 * a layout already packed from region_first keeps every goal. */
static void test_compress(void) {
  const place_file f[3] = { F(30, 2, 9, -1, 0, 0), F(5, 3, 0, -1, 0, 0), F(12, 1, 4, -1, 0, 0) };
  const int64_t want[3] = { 14, 10, 13 };
  expect_goals(REORG_POLICY_COMPRESS, f, 3, 10, 10, want);
  const place_file c[3] = { F(12, 3, 0, -1, 0, 0), F(10, 2, 5, -1, 0, 0), F(15, 1, 1, -1, 0, 0) };
  const int64_t same[3] = { 12, 10, 15 };
  expect_goals(REORG_POLICY_COMPRESS, c, 3, 10, 6, same);
}

/* Chains: starts by count 1 (9), 3 (5), 2 (4), 6 (3), 0 (2), 4 (1), 5 (0).
 * 1 -> 3 (followed 1 four times; 2 only once) -> 0 (followed 3 twice; 4 once)
 * -> nothing follows 0. Then 2, then 6 (its own predecessor: none), then 4,
 * then 5. Order 1 3 0 2 6 4 5 from block 0.
 * Then the best follower already placed: file 0, now the most opened and 2
 * blocks, starts (and ends) the first chain; the chain from 1 reaches 3,
 * skips 0 and takes 4. Order 0 | 1 3 4 | 2 | 6 | 5 from block 40. */
static void test_sequences(void) {
  place_file f[7] = { F(0, 1, 2, 3, 2, 0), F(1, 1, 9, -1, 0, 0), F(2, 1, 4, 1, 1, 0),
                      F(3, 1, 5, 1, 4, 0), F(4, 1, 1, 3, 1, 0), F(5, 1, 0, -1, 0, 0),
                      F(6, 1, 3, 6, 3, 0) };
  const int64_t want[7] = { 2, 0, 3, 1, 5, 6, 4 };
  expect_goals(REORG_POLICY_SEQUENCES, f, 7, 0, 7, want);
  f[0].count = 50; f[0].blocks = 2;
  const int64_t skip[7] = { 40, 42, 45, 43, 44, 47, 46 };
  expect_goals(REORG_POLICY_SEQUENCES, f, 7, 40, 10, skip);
}

/* mtime ascending: 4 (-3), 1 (1), then three at 5 by block: 2 and 3 (both at
 * block 2, by index), 0 (block 9). Sizes 1 2 3 1 1. */
static void test_mtime(void) {
  const place_file f[5] = { F(9, 1, 0, -1, 0, 5), F(3, 2, 7, -1, 0, 1), F(2, 3, 1, -1, 0, 5),
                            F(2, 1, 0, -1, 0, 5), F(8, 1, 2, -1, 0, -3) };
  const int64_t want[5] = { 7, 1, 3, 6, 0 };
  expect_goals(REORG_POLICY_MTIME, f, 5, 0, 8, want);
}

static void test_none_and_errors(void) {
  place_file f[3] = { F(900, 4, 1, -1, 0, 0), F(5, 3, 0, 0, 1, 0), F(12, 1, 4, -1, 0, 0) };
  int64_t goal[3];
  CHECK(reorg_place(REORG_POLICY_NONE, f, 3, 0, 2, goal) == SP_OK);   /* no room needed */
  for (int i = 0; i < 3; i++) CHECK(goal[i] == f[i].block);
  for (int32_t p = REORG_POLICY_CENTRE; p < REORG_POLICY_COUNT; p++) {
    CHECK(reorg_place(p, f, 3, 0, 7, goal) == SP_E_RANGE);            /* 8 blocks in 7 */
    CHECK(reorg_place(p, f, 3, 0, 8, goal) == SP_OK);
  }
  CHECK(reorg_place(5, f, 3, 0, 8, goal) == SP_E_INVALID);
  CHECK(reorg_place(-1, f, 3, 0, 8, goal) == SP_E_INVALID);
  CHECK(reorg_place(REORG_POLICY_CENTRE, NULL, 3, 0, 8, goal) == SP_E_INVALID);
  CHECK(reorg_place(REORG_POLICY_CENTRE, f, 3, 0, 8, NULL) == SP_E_INVALID);
  CHECK(reorg_place(REORG_POLICY_CENTRE, f, -1, 0, 8, goal) == SP_E_INVALID);
  CHECK(reorg_place(REORG_POLICY_CENTRE, f, 3, -1, 8, goal) == SP_E_INVALID);
  CHECK(reorg_place(REORG_POLICY_CENTRE, NULL, 0, 0, 0, NULL) == SP_OK);
  f[1].pred = 3; CHECK(reorg_place(REORG_POLICY_SEQUENCES, f, 3, 0, 8, goal) == SP_E_INVALID);
  f[1].pred = -2; CHECK(reorg_place(REORG_POLICY_SEQUENCES, f, 3, 0, 8, goal) == SP_E_INVALID);
  f[1].pred = 0; f[1].blocks = 0; CHECK(reorg_place(REORG_POLICY_COMPRESS, f, 3, 0, 8, goal) == SP_E_INVALID);
  f[1].blocks = 3; f[1].count = -1; CHECK(reorg_place(REORG_POLICY_CENTRE, f, 3, 0, 8, goal) == SP_E_INVALID);
  f[1].count = 0; f[1].mtime_ms = NAN; CHECK(reorg_place(REORG_POLICY_MTIME, f, 3, 0, 8, goal) == SP_E_INVALID);
  f[1].mtime_ms = 0; f[1].block = -1; CHECK(reorg_place(REORG_POLICY_NONE, f, 3, 0, 8, goal) == SP_E_INVALID);
}

static void test_region(void) {
  int64_t first, blocks;
  reorg_region(100, 1.1, 1000, &first, &blocks);
  CHECK(blocks == 110 && first == 445);                  /* centred: 445 + 110 + 445 */
  reorg_region(100, 0.5, 1001, &first, &blocks);         /* slack below 1: the data's size */
  CHECK(blocks == 100 && first == 450);
  reorg_region(990, 1.1, 1000, &first, &blocks);         /* clipped to the partition */
  CHECK(blocks == 1000 && first == 0);
  reorg_region(3, 1.01, 1000, &first, &blocks);          /* rounded up: the data always fits */
  CHECK(blocks == 4 && first == 498);
}

int main(void) {
  RUN(test_centre_organ_pipe);
  RUN(test_centre_unequal_sizes);
  RUN(test_compress);
  RUN(test_sequences);
  RUN(test_mtime);
  RUN(test_none_and_errors);
  RUN(test_region);
  return check_summary("reorg_place");
}
