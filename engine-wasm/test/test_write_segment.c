/* test_write_segment.c — DiskSim's write segments ("Maximum number of write
 * segments"): with immediate reporting, a write that finds no write segment
 * free and continues none waits for a destage before its data crosses; one
 * that continues a segment's writes does not. Hand-computed on
 * fixture_ten_cylinders: 1 surface, 100 sectors a track, 10 ms a revolution
 * (0.1 ms a sector, slot k passing at k * 0.1 ms into each revolution), seeks
 * free, command overheads 1 ms, the bus 0.1 ms a sector; one 100-sector
 * segment. */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"
#include <string.h>

static sp_sim *write_cached_disk(int write_segments) {
  sp_sim *sim = fixture_write_buffer(write_segments, SP_WC_IMMEDIATE, 0);
  CHECK(sim != NULL);
  return sim;
}

/* Write A (LBN 50) at 0, write B (LBN 80) at 2.5 and a third write of 10
 * sectors at `third` at 3.0, with `write_segments`; their results into r. */
static void three_writes(int write_segments, int64_t third, sp_result r[3]) {
  sp_sim *sim = write_cached_disk(write_segments);
  const fixture_req q[] = { { 0, 50, 10, SP_SUBMIT_WRITE }, { 2.5, 80, 10, SP_SUBMIT_WRITE }, { 3.0, third, 10, SP_SUBMIT_WRITE } };
  CHECK(fixture_submit_run(sim, q, 3, r) == 3);
  sp_free(sim);
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
    sp_result r[3];
    three_writes(limit, 90, r);
    CHECK_NEAR(r[2].complete_ms, limit ? 8.0 : 5.5, 1e-9);
  }
}

/* Several write segments ("Maximum number of write segments = n"): a third
 * write, 10 sectors at LBN 20 at 3.0 (overhead to 4.0), continues neither A
 * (LBN 50, destaged 5.0-6.0) nor B (LBN 80 at 2.5). With three runs it takes
 * the third: data 4.5-5.5, after B's (3.5-4.5). With two, B has the second
 * and C waits for A's destage: 6.0-7.0. With one, B waits for A (data
 * 6.0-7.0; destaged as slot 80 passes after A's, 8.0-9.0) and C for B:
 * 9.0-10.0. */
static void test_writes_take_free_segments_then_wait(void) {
  const double done[] = { 5.5, 10.0, 7.0, 5.5 };
  for (int n = 0; n <= 3; n++) {
    sp_result r[3];
    three_writes(n, 20, r);
    CHECK_NEAR(r[1].complete_ms, n == 1 ? 7.0 : 4.5, 1e-9);
    CHECK_NEAR(r[2].complete_ms, done[n], 1e-9);
  }
}

/* With two runs, a write continuing the second one (B, LBN 80) joins it
 * rather than waiting: D, 10 sectors at LBN 90 at 3.0, overhead to 4.0,
 * data 4.5-5.5 after B's. */
static void test_write_continuing_a_later_segment_joins_it(void) {
  sp_result r[3];
  three_writes(2, 90, r);
  CHECK_NEAR(r[2].complete_ms, 5.5, 1e-9);
}

static void test_bad_value_is_named(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  CHECK(sp_disk_get(sim, d, SP_DP_WRITE_SEGMENTS) == 0);   /* off unless set */
  CHECK(sp_disk_set(sim, d, SP_DP_WRITE_SEGMENTS, SP_MAX_CACHE_SEGMENTS + 1) != SP_OK);
  CHECK(strstr(sp_error(sim), "write_segments") != NULL);
  sp_free(sim);
}

int main(void) {
  RUN(test_write_elsewhere_waits_for_destage);
  RUN(test_write_continuing_the_segment_does_not_wait);
  RUN(test_write_behind_a_waiting_write_waits);
  RUN(test_writes_take_free_segments_then_wait);
  RUN(test_write_continuing_a_later_segment_joins_it);
  RUN(test_bad_value_is_named);
  return check_summary("write segment");
}
