/* test_segment_wrap.c — a cache segment holds its size at most: as
 * read-ahead brings sectors in, the oldest give way (DiskSim's
 * disk_buffer_segment_wrap), and read-ahead runs to the read's end plus the
 * maximum read-ahead (disk_buffer_get_max_readahead), not only until the
 * segment is full. Hand-computed cases. The disk: 1 surface, 10 cylinders
 * (one track each) of 100 sectors, no skew, 10 ms a revolution (slot k passes
 * at k * 0.1 ms, mod 10), seeks free, command overheads 1 ms, the bus 0.2 ms
 * a sector; one 40-sector segment, reading ahead at most 40 sectors.
 *
 * Read 0..10 at 0: overhead to 1.0, slot 0 at 10.0, media to 11.0. Read-ahead
 * 10..50 (10 + 40), slot 10 at 11.0, over at 15.0: the segment then holds
 * 10..50, the read's own sectors gone. */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"

/* Read 0..10 at 0, then [lbn, lbn+n) at `at`; checks how the second is served. */
static void second_read(double at, int64_t lbn, int32_t n, int cache, double complete_ms) {
  sp_sim *sim = fixture_one_segment(0.2, 40, SP_RA_CONTINUE, 40);
  CHECK(sim != NULL);
  sp_result r;
  CHECK(fixture_two_reads(sim, 0, 10, at, lbn, n, &r) == 2);
  CHECK(r.cache == cache);
  CHECK_NEAR(r.complete_ms, complete_ms, 1e-9);
  sp_free(sim);
}

/* Re-read 0..10 at 20: given way, a miss: overhead to 21.0, slot 0 at 30.0,
 * first sector in at 30.1, bus to 32.1 (kept, it would be a hit at 21.0 +
 * 10 * 0.2 = 23.0). */
static void test_read_ahead_pushes_the_read_out(void) {
  second_read(20, 0, 10, 0, 32.1);
}

/* Re-read 0..10 at 12.0, while the read-ahead has brought 10..20 in (it
 * reads one sector per 0.1 ms from 11.0): the segment holds 0..20, a hit at
 * 13.0 + 2.0 = 15.0. */
static void test_kept_until_the_segment_is_full(void) {
  second_read(12, 0, 10, 2, 15.0);
}

/* Read 40..50 at 20: a hit (21.0 + 2.0 = 23.0); the read-ahead reached 50,
 * the read's end plus 40. Stopped once the segment was full (at 0 + 40), it
 * would miss: slot 40 at 24.0, first sector in at 24.1, bus to 26.1. */
static void test_reads_ahead_the_maximum_past_the_read(void) {
  second_read(20, 40, 10, 2, 23.0);
}

int main(void) {
  RUN(test_read_ahead_pushes_the_read_out);
  RUN(test_kept_until_the_segment_is_full);
  RUN(test_reads_ahead_the_maximum_past_the_read);
  return check_summary("segment wrap");
}
