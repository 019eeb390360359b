/* test_read_hits_on_writes.c — DiskSim's "Allow read hits on write data":
 * a write's data stays in a cache segment, and a later read of it is a hit,
 * before its destage and after; writes in sequence while buffered share one
 * segment. Hand-computed on fixture_ten_cylinders: 1 surface, 100 sectors a
 * track, 10 ms a revolution (0.1 ms a sector, slot k passing at k * 0.1 ms
 * into each revolution), seeks free, command overheads 1 ms (hits too), the
 * bus 0.1 ms a sector; one 100-sector segment, no read-ahead. */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"
#include <string.h>

/* Runs the n requests q on the disk with these settings; results into r. */
static void run(int hits_on_writes, int write_cache, const fixture_req *q, int n, sp_result *r) {
  sp_sim *sim = fixture_write_buffer(0, write_cache, hits_on_writes);
  CHECK(sim != NULL);
  CHECK(fixture_submit_run(sim, q, n, r) == n);
  sp_free(sim);
}

/* A write of 10 sectors at LBN 50 at 0, then a read of [lbn, lbn+n) at
 * `at`; returns the read's completion and its cache outcome in *cache. */
static double read_after_write(int hits_on_writes, int write_cache, double at, int64_t lbn, int32_t n, int32_t *cache) {
  const fixture_req q[] = { { 0, 50, 10, SP_SUBMIT_WRITE }, { at, lbn, n, 0 } };
  sp_result r[2];
  run(hits_on_writes, write_cache, q, 2, r);
  /* reported once its data is in (1.0-2.0), or once on the media (slot 50: 5.0-6.0) */
  CHECK_NEAR(r[0].complete_ms, write_cache == SP_WC_IMMEDIATE ? 2.0 : 6.0, 1e-9);
  *cache = r[1].cache;
  return r[1].complete_ms;
}

/* The write is on the media by 6.0. A read of it at 20: with the rule a full
 * hit, overhead to 21.0, data 21.0-22.0; without, overhead to 21.0 and slot
 * 50 passes at 25.0: media 25.0-26.0, each sector crossing the bus once read,
 * the last 26.0-26.1. */
static void test_read_of_destaged_write_hits(void) {
  int32_t cache;
  CHECK_NEAR(read_after_write(1, SP_WC_IMMEDIATE, 20, 50, 10, &cache), 22.0, 1e-9);
  CHECK(cache == 2);
  CHECK_NEAR(read_after_write(0, SP_WC_IMMEDIATE, 20, 50, 10, &cache), 26.1, 1e-9);
  CHECK(cache == 0);
}

/* A read at 2.5 of the write buffered at 2.0 and destaged 5.0-6.0: with the
 * rule a hit on the dirty data, 3.5-4.5 on the bus; without, it waits for the
 * mechanism (6.0) and slot 50 comes round again at 15.0: 15.0-16.0, the
 * last sector on the bus 16.0-16.1. */
static void test_read_of_dirty_write_hits(void) {
  int32_t cache;
  CHECK_NEAR(read_after_write(1, SP_WC_IMMEDIATE, 2.5, 50, 10, &cache), 4.5, 1e-9);
  CHECK(cache == 2);
  CHECK_NEAR(read_after_write(0, SP_WC_IMMEDIATE, 2.5, 50, 10, &cache), 16.1, 1e-9);
}

/* Without write caching the write's data crosses into its segment all the
 * same (DiskSim leaves it clean after the write): the read at 20 hits. */
static void test_slow_write_leaves_its_data(void) {
  int32_t cache;
  CHECK_NEAR(read_after_write(1, SP_WC_OFF, 20, 50, 10, &cache), 22.0, 1e-9);
  CHECK_NEAR(read_after_write(0, SP_WC_OFF, 20, 50, 10, &cache), 26.1, 1e-9);
}

/* Part of the write read, and a read past it: [55, 65) at 20 finds 5 sectors
 * buffered, a partial hit: its media part (slot 60: 26.0-26.5) is charged
 * the miss overhead, and its last sector crosses 26.5-26.6. */
static void test_read_past_the_write_is_a_partial_hit(void) {
  int32_t cache;
  CHECK_NEAR(read_after_write(1, SP_WC_IMMEDIATE, 20, 55, 10, &cache), 26.6, 1e-9);
  CHECK(cache == 1);
}

/* Write A (LBN 50) at 0, buffered 1.0-2.0, destaged 5.0-6.0; write B (LBN
 * 60) at 2.5 continues it while dirty: overhead to 3.5, data 3.5-4.5, and
 * joins A's segment. A read of [50, 70) at 30 is a whole hit: 31.0-33.0 on
 * the bus. Were B given a segment of its own, the one segment would hold
 * only [60, 70) and the read would miss its first sector. */
static void test_appended_writes_share_a_segment(void) {
  const fixture_req q[] = { { 0, 50, 10, SP_SUBMIT_WRITE }, { 2.5, 60, 10, SP_SUBMIT_WRITE }, { 30, 50, 20, 0 } };
  sp_result r[3];
  run(1, SP_WC_IMMEDIATE, q, 3, r);
  CHECK_NEAR(r[1].complete_ms, 4.5, 1e-9);
  CHECK(r[2].cache == 2 && fabs(r[2].complete_ms - 33.0) <= 1e-9);
}

/* A read of the write's data is no hit once a later miss has taken the one
 * segment: the write at 0, a read of [0, 10) at 20 (overhead to 21.0, slot 0
 * at 30.0: 30.0-31.0, its last sector on the bus to 31.1), then a read of
 * [50, 60) at 40: overhead to 41.0, slot 50 at 45.0: 45.0-46.0, done 46.1. */
static void test_reused_segment_holds_the_write_no_more(void) {
  const fixture_req q[] = { { 0, 50, 10, SP_SUBMIT_WRITE }, { 20, 0, 10, 0 }, { 40, 50, 10, 0 } };
  sp_result r[3];
  run(1, SP_WC_IMMEDIATE, q, 3, r);
  CHECK_NEAR(r[1].complete_ms, 31.1, 1e-9);
  CHECK(r[2].cache == 0 && fabs(r[2].complete_ms - 46.1) <= 1e-9);
}

static void test_bad_value_is_named(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  CHECK(sp_disk_get(sim, d, SP_DP_READ_HITS_ON_WRITES) == 0);   /* off unless set */
  CHECK(sp_disk_set(sim, d, SP_DP_READ_HITS_ON_WRITES, 2) != SP_OK);
  CHECK(strstr(sp_error(sim), "read_hits_on_writes") != NULL);
  sp_free(sim);
}

int main(void) {
  RUN(test_read_of_destaged_write_hits);
  RUN(test_read_of_dirty_write_hits);
  RUN(test_slow_write_leaves_its_data);
  RUN(test_read_past_the_write_is_a_partial_hit);
  RUN(test_appended_writes_share_a_segment);
  RUN(test_reused_segment_holds_the_write_no_more);
  RUN(test_bad_value_is_named);
  return check_summary("read hits on writes");
}
