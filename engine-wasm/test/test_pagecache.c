/*
 * test_pagecache.c — the page cache (src/pagecache.c): LRU order and eviction
 * on hand-built cases, misses coalesced into contiguous runs, a cache of no
 * blocks, and a long random sequence of lookups and removals against a plain
 * reference list (the hash table's deletions included).
 */
#include "check.h"
#include "pagecache.h"
#include <stdlib.h>

static void test_lru_order_and_eviction(void) {
  pcache *c = pc_new(3);
  CHECK(pc_lookup(c, 1) == 0 && pc_lookup(c, 2) == 0 && pc_lookup(c, 3) == 0);
  CHECK(pc_lookup(c, 1) == 1);                        /* 1 is the most recent now */
  CHECK(pc_rank(c, 0) == 1 && pc_rank(c, 1) == 3 && pc_rank(c, 2) == 2 && pc_rank(c, 3) == -1);
  CHECK(pc_lookup(c, 4) == 0);                        /* evicts the least recent: 2 */
  CHECK(!pc_contains(c, 2) && pc_contains(c, 1) && pc_contains(c, 3) && pc_contains(c, 4));
  CHECK(pc_rank(c, 0) == 4 && pc_rank(c, 1) == 1 && pc_rank(c, 2) == 3);
  CHECK(pc_contains(c, 3) && pc_rank(c, 2) == 3);     /* contains does not touch */
  pc_remove(c, 1);
  CHECK(!pc_contains(c, 1) && c->n == 2 && pc_rank(c, 0) == 4 && pc_rank(c, 1) == 3);
  CHECK(pc_lookup(c, 5) == 0 && pc_lookup(c, 6) == 0);   /* room for 5, then 6 evicts 3 */
  CHECK(!pc_contains(c, 3) && pc_contains(c, 4) && pc_contains(c, 5) && pc_contains(c, 6));
  pc_free(c);
}

static void test_misses_coalesce_into_contiguous_runs(void) {
  pcache *c = pc_new(100);
  pc_lookup(c, 11); pc_lookup(c, 20);
  const int64_t blocks[] = { 10, 11, 12, 13, 20, 21, 30, 5, 4 };
  fs_run runs[9]; int32_t nr;
  const int32_t hits = pc_read(c, blocks, 9, runs, &nr);
  CHECK(hits == 2);
  CHECK(nr == 6);
  CHECK(runs[0].start == 10 && runs[0].len == 1);
  CHECK(runs[1].start == 12 && runs[1].len == 2);
  CHECK(runs[2].start == 21 && runs[2].len == 1);
  CHECK(runs[3].start == 30 && runs[3].len == 1);
  CHECK(runs[4].start == 5 && runs[4].len == 1 && runs[5].start == 4 && runs[5].len == 1);   /* no backward runs */
  /* read again: everything is cached now */
  CHECK(pc_read(c, blocks, 9, runs, &nr) == 9 && nr == 0);
  pc_free(c);
}

static void test_a_cache_of_no_blocks_keeps_nothing(void) {
  pcache *c = pc_new(0);
  const int64_t blocks[] = { 7, 8, 9 };
  fs_run runs[3]; int32_t nr;
  CHECK(pc_read(c, blocks, 3, runs, &nr) == 0 && nr == 1 && runs[0].start == 7 && runs[0].len == 3);
  CHECK(pc_read(c, blocks, 3, runs, &nr) == 0 && nr == 1);
  pc_free(c);
}

static uint64_t rs = 0x243F6A8885A308D3ull;
static uint64_t xr(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }

static void test_against_a_reference_list(void) {
  enum { CAP = 50 };
  pcache *c = pc_new(CAP);
  int64_t ref[CAP]; int n = 0;               /* most recent first */
  for (int step = 0; step < 200000; step++) {
    const int64_t k = (int64_t)(xr() % 120) * 7919;   /* spread keys: hash collisions */
    int at = -1;
    for (int i = 0; i < n; i++) if (ref[i] == k) at = i;
    if (xr() % 8 == 0) {                       /* a removal */
      pc_remove(c, k);
      if (at >= 0) { for (int i = at; i < n - 1; i++) ref[i] = ref[i + 1]; n--; }
    } else {
      const int32_t hit = pc_lookup(c, k);
      CHECK(hit == (at >= 0));
      if (at < 0) { if (n == CAP) n--; at = n++; }
      for (int i = at; i > 0; i--) ref[i] = ref[i - 1];
      ref[0] = k;
    }
    if (step % 997 == 0) {
      CHECK(c->n == n);
      for (int i = 0; i < n; i++) CHECK(pc_rank(c, i) == ref[i]);
    }
  }
  pc_free(c);
}

int main(void) {
  RUN(test_lru_order_and_eviction);
  RUN(test_misses_coalesce_into_contiguous_runs);
  RUN(test_a_cache_of_no_blocks_keeps_nothing);
  RUN(test_against_a_reference_list);
  return check_summary("pagecache");
}
