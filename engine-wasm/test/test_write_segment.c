/* test_write_segment.c — DiskSim's single write segment ("Maximum number of
 * write segments = 1"): with immediate reporting, a write that neither finds
 * the buffered writes destaged nor continues them waits for their destage
 * before its data crosses; one that continues them does not. Hand-computed on
 * fixture_ten_cylinders: 1 surface, 100 sectors a track, 10 ms a revolution
 * (0.1 ms a sector, slot k passing at k * 0.1 ms into each revolution), seeks
 * free, command overheads 1 ms, the bus 0.1 ms a sector; one 100-sector
 * segment. */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"
#include <string.h>

static sp_sim *write_cached_disk(int write_segments) {
  sp_sim *sim = sp_new(1);
  int d = fixture_ten_cylinders(sim, 0.1);
  CHECK(sp_disk_get(sim, d, SP_DP_WRITE_SEGMENTS) == 0);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 1));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 100));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_WRITE_CACHE, SP_WC_IMMEDIATE));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_WRITE_SEGMENTS, write_segments));
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 64);
  return sim;
}

/* Write A: 10 sectors at LBN 50 at 0: overhead to 1.0, data 1.0-2.0 (done,
 * reported), destaged as slot 50 passes: 5.0-6.0. Write B: 10 sectors at
 * `lbn` at 2.5: overhead to 3.5. Returns B's completion. */
static double second_write_done(int write_segments, int64_t lbn) {
  sp_sim *sim = write_cached_disk(write_segments);
  sp_request_submit(sim, 0, 0, 50, 10, SP_SUBMIT_WRITE);
  sp_request_submit(sim, 0, 2.5, lbn, 10, SP_SUBMIT_WRITE);
  sp_result r[2];
  CHECK(fixture_run_results(sim, r, 2) == 2);
  CHECK_NEAR(r[0].complete_ms, 2.0, 1e-9);
  CHECK(r[1].cache == 3);                         /* reported from the buffer either way */
  sp_free(sim);
  return r[1].complete_ms;
}

static void test_write_elsewhere_waits_for_destage(void) {
  CHECK_NEAR(second_write_done(0, 80), 4.5, 1e-9);   /* no limit: data 3.5-4.5 */
  CHECK_NEAR(second_write_done(1, 80), 7.0, 1e-9);   /* A destaged at 6.0: data 6.0-7.0 */
}

static void test_write_continuing_the_segment_does_not_wait(void) {
  CHECK_NEAR(second_write_done(0, 60), 4.5, 1e-9);
  CHECK_NEAR(second_write_done(1, 60), 4.5, 1e-9);   /* appends at LBN 60 */
}

/* A third write, 10 sectors at LBN 90 at 3.0, continues the waiting write B
 * (LBN 80) but arrives behind it: it waits too, and takes the segment after
 * B (B's data 6.0-7.0, its own 7.0-8.0). Without the limit: overhead to 4.0,
 * the bus free at 4.5 (B's data), so 4.5-5.5. */
static void test_write_behind_a_waiting_write_waits(void) {
  for (int limit = 0; limit <= 1; limit++) {
    sp_sim *sim = write_cached_disk(limit);
    sp_request_submit(sim, 0, 0, 50, 10, SP_SUBMIT_WRITE);
    sp_request_submit(sim, 0, 2.5, 80, 10, SP_SUBMIT_WRITE);
    sp_request_submit(sim, 0, 3.0, 90, 10, SP_SUBMIT_WRITE);
    sp_result r[3];
    CHECK(fixture_run_results(sim, r, 3) == 3);
    CHECK_NEAR(r[2].complete_ms, limit ? 8.0 : 5.5, 1e-9);
    sp_free(sim);
  }
}

static void test_bad_value_is_named(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  CHECK(sp_disk_set(sim, d, SP_DP_WRITE_SEGMENTS, 2) != SP_OK);
  CHECK(strstr(sp_error(sim), "write_segments") != NULL);
  sp_free(sim);
}

int main(void) {
  RUN(test_write_elsewhere_waits_for_destage);
  RUN(test_write_continuing_the_segment_does_not_wait);
  RUN(test_write_behind_a_waiting_write_waits);
  RUN(test_bad_value_is_named);
  return check_summary("write segment");
}
