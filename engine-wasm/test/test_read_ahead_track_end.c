/* test_read_ahead_track_end.c — read-ahead to the end of the track
 * (SP_RA_TRACK_END, DiskSim's "Buffer continuous read = 1") on hand-computed
 * cases. The disk: 1 surface, 10 cylinders (one track each) of 100 sectors,
 * no skew, 10 ms a revolution (slot k passes at k * 0.1 ms, mod 10), seeks
 * and switches free, command overheads 1 ms, the bus 0.2 ms a sector; one
 * 40-sector cache segment, reading ahead at most 30 sectors past a read.
 * DiskSim reads ahead to the read's end plus the maximum read-ahead, and
 * stops where the track the read ended on ends. */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"

/* Two reads, the second at 20 ms; checks how the second is served. */
static void second_read(int64_t lbn0, int32_t n0, int64_t lbn1, int32_t n1, int cache, double complete_ms) {
  sp_sim *sim = fixture_one_segment(0.2, 40, SP_RA_TRACK_END, 30);
  CHECK(sim != NULL);
  sp_result r;
  CHECK(fixture_two_reads(sim, lbn0, n0, 20, lbn1, n1, &r) == 2);
  CHECK(r.cache == cache);
  CHECK_NEAR(r.complete_ms, complete_ms, 1e-9);
  sp_free(sim);
}

/* Read 80..110 at 0 crosses onto cylinder 1: overhead to 1.0, slot 80 at
 * 8.0, 80..100 by 10.0, 100..110 by 11.0. Read-ahead to 110 + 30 = 140 on
 * cylinder 1, by 14.0, though that is 60 sectors past 80 and the segment
 * holds 40 (it gives way its oldest data). Read 120..140 at 20: a full hit,
 * 21.0 + 20 * 0.2 = 25.0. (Stopped at 80 + 40 = 120, it would miss: slot 20
 * at 22.0, first sector in at 22.1, bus to 26.1.) */
static void test_reads_ahead_past_the_segment_size(void) {
  second_read(80, 30, 120, 20, 2, 25.0);
}

/* Read 150..190 at 0: slot 50 at 5.0, done at 9.0; read-ahead 190..200, the
 * track's end, though 30 more sectors would reach 220. Read 200..210 at 20:
 * a miss, overhead to 21.0, slot 0 of cylinder 2 at 30.0, first sector in at
 * 30.1, bus to 32.1 (a hit would be 21.0 + 2.0 = 23.0). */
static void test_stops_at_the_track_end(void) {
  second_read(150, 40, 200, 10, 0, 32.1);
}

/* A read that arrives while the read-ahead runs and finds its first sector
 * in the buffer takes the read-ahead over (DiskSim's
 * disk_buffer_attempt_access_swap): it reads on past the track's end. The
 * bus here 0.01 ms a sector. Read 170..180 at 0: slot 70 at 7.0, media to
 * 8.0; read-ahead 180..200, slot 80 at 8.0, to the track's end at 10.0. Read
 * 182..212 at 8.45, when 180..184 are in: overhead to 9.45; 194..200 come in
 * by 10.0, the head goes on to cylinder 1 (slot 0 at 10.0), 211 is in at
 * 11.2, the bus done at 11.21. Were the read-ahead stopped at 9.45 for a new
 * media access instead, sector 194 (under the head since 9.4) would come
 * round again only at 19.4: the read would end a revolution later (21.33). */
static void test_partial_hit_takes_the_read_ahead_over(void) {
  sp_sim *sim = fixture_one_segment(0.01, 40, SP_RA_TRACK_END, 30);
  CHECK(sim != NULL);
  sp_result r;
  CHECK(fixture_two_reads(sim, 170, 10, 8.45, 182, 30, &r) == 2);
  CHECK(r.cache == 1);
  CHECK_NEAR(r.complete_ms, 11.21, 1e-9);
  sp_free(sim);
}

int main(void) {
  RUN(test_reads_ahead_past_the_segment_size);
  RUN(test_stops_at_the_track_end);
  RUN(test_partial_hit_takes_the_read_ahead_over);
  return check_summary("read-ahead to the track end");
}
