/* test_read_any_free.c — DiskSim's "Read any free blocks = 1": once its seek
 * ends, a read miss keeps in its (empty) segment the sectors of its first
 * track that pass under the head before its first sector, from the track's
 * first LBN at most; its own timing does not change. Hand-computed on
 * fixture_ten_cylinders: 1 surface, 100 sectors a track, 10 ms a revolution
 * (0.1 ms a sector, slot k passing at k * 0.1 ms into each revolution), seeks
 * free, command overheads 1 ms (hits too), the bus 0.1 ms a sector; one
 * segment of seg sectors, no read-ahead. */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"
#include <string.h>

static sp_sim *disk_with(int any_free, int32_t seg, int zero_latency) {
  sp_sim *sim = sp_new(1);
  int d = fixture_ten_cylinders(sim, 0.1);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 1));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, seg));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_ZERO_LATENCY, zero_latency));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_READ_ANY_FREE, any_free));
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 64);
  return sim;
}

/* A read of [50, 60) at `first_at`, then a read of [lbn, lbn+n) at 30;
 * returns the second's completion, its cache outcome in *cache, the first's
 * completion in *first. */
static double probe(int any_free, int32_t seg, int zero_latency, double first_at, int64_t lbn, int32_t n,
                    int32_t *cache, double *first) {
  sp_sim *sim = disk_with(any_free, seg, zero_latency);
  const fixture_req q[] = { { first_at, 50, 10, 0 }, { 30, lbn, n, 0 } };
  sp_result r[2];
  CHECK(fixture_submit_run(sim, q, 2, r) == 2);
  sp_free(sim);
  *cache = r[1].cache;
  *first = r[0].complete_ms;
  return r[1].complete_ms;
}

/* The first read at 0: overhead to 1.0, the head at slot 10; slot 50 comes
 * at 5.0, media 5.0-6.0, its last sector on the bus to 6.1 either way. Slots
 * 10-49 pass whole on the way: with the rule the segment holds [10, 60), and
 * [20, 30) at 30 is a whole hit (overhead to 31.0, bus to 32.0); without,
 * overhead to 31.0 with the head at slot 10, slot 20 at 32.0: media to 33.0,
 * bus to 33.1. [5, 10) passed before the head landed: a miss either way
 * (slot 5 at 40.5, media to 41.0, bus to 41.1). */
static void test_sectors_passed_before_the_read_are_kept(void) {
  int32_t cache; double first;
  CHECK_NEAR(probe(1, 100, 0, 0, 20, 10, &cache, &first), 32.0, 1e-9);
  CHECK(cache == 2);
  CHECK_NEAR(first, 6.1, 1e-9);
  CHECK_NEAR(probe(0, 100, 0, 0, 20, 10, &cache, &first), 33.1, 1e-9);
  CHECK(cache == 0);
  CHECK_NEAR(first, 6.1, 1e-9);
  CHECK_NEAR(probe(1, 100, 0, 0, 5, 5, &cache, &first), 41.1, 1e-9);
  CHECK(cache == 0);
}

/* [0, 10) at 30 after a first read that passed the whole front of the track:
 * with the rule a whole hit (overhead to 31.0, bus to 32.0); without, the head
 * at slot 10 at 31.0, slot 0 at 40.0: media to 41.0, bus to 41.1. The first
 * read ends at first_done either way. */
static void check_front_kept(int zero_latency, double first_at, double first_done) {
  int32_t cache; double first;
  CHECK_NEAR(probe(1, 100, zero_latency, first_at, 0, 10, &cache, &first), 32.0, 1e-9);
  CHECK(cache == 2);
  CHECK_NEAR(first, first_done, 1e-9);
  CHECK_NEAR(probe(0, 100, zero_latency, first_at, 0, 10, &cache, &first), 41.1, 1e-9);
  CHECK(cache == 0);
  CHECK_NEAR(first, first_done, 1e-9);
}

/* The first read at 6.5: overhead to 7.5, the head at slot 75, past the
 * read; slot 50 comes at 15.0 (media to 16.0, bus to 16.1), the head passing
 * slots 0-49 on the way. */
static void test_head_past_the_read_keeps_the_track_front(void) {
  check_front_kept(0, 6.5, 16.1);
}

/* Zero latency, the first read at 4.5: overhead to 5.5, the head at slot 55
 * inside the read: slots 55-59 at once, round to 50-54 at 15.0-15.5, the
 * track's data all buffered then, on the bus 15.5-16.5; the head came round
 * through slots 0-49. */
static void test_zero_latency_read_keeps_the_track_front(void) {
  check_front_kept(1, 4.5, 16.5);
}

/* A 30-sector segment keeps the newest 30 (DiskSim's wrap as each sector
 * comes in): [30, 60). [30, 40) at 30 hits (32.0); [25, 30) misses (overhead
 * to 31.0, slot 25 at 32.5, media to 33.0, bus to 33.1). */
static void test_the_segment_keeps_its_size(void) {
  int32_t cache; double first;
  CHECK_NEAR(probe(1, 30, 0, 0, 30, 10, &cache, &first), 32.0, 1e-9);
  CHECK(cache == 2);
  CHECK_NEAR(probe(1, 30, 0, 0, 25, 5, &cache, &first), 33.1, 1e-9);
  CHECK(cache == 0);
}

/* Writes are untouched: a write of [50, 60) at 0 leaves nothing to read. */
static void test_writes_keep_nothing(void) {
  sp_sim *sim = disk_with(1, 100, 0);
  const fixture_req q[] = { { 0, 50, 10, SP_SUBMIT_WRITE }, { 30, 20, 10, 0 } };
  sp_result r[2];
  CHECK(fixture_submit_run(sim, q, 2, r) == 2);
  sp_free(sim);
  CHECK(r[1].cache == 0);
}

static void test_bad_value_is_named(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  CHECK(sp_disk_get(sim, d, SP_DP_READ_ANY_FREE) == 0);   /* off unless set */
  CHECK(sp_disk_set(sim, d, SP_DP_READ_ANY_FREE, 2) != SP_OK);
  CHECK(strstr(sp_error(sim), "read_any_free") != NULL);
  sp_free(sim);
}

int main(void) {
  RUN(test_sectors_passed_before_the_read_are_kept);
  RUN(test_head_past_the_read_keeps_the_track_front);
  RUN(test_the_segment_keeps_its_size);
  RUN(test_zero_latency_read_keeps_the_track_front);
  RUN(test_writes_keep_nothing);
  RUN(test_bad_value_is_named);
  return check_summary("read any free blocks");
}
