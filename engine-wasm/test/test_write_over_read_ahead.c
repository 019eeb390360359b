/* test_write_over_read_ahead.c — a write the disk takes while a segment reads
 * ahead leaves that segment its data, as DiskSim's disk_buffer_set_segment
 * empties only the clean segments a write overlaps that no request holds (a
 * segment still reading ahead is held by its prefetch), and the write stops
 * the read-ahead when it comes (disk_activate_write). Hand-computed cases.
 * The disk: 1 surface, 10 cylinders of 100 sectors, 10 ms a revolution (slot
 * k passes at k * 0.1 ms, mod 10), seeks free, command overheads 1 ms, the bus
 * 0.2 ms a sector; one 100-sector segment reading ahead `ahead` sectors past a
 * read.
 *
 * Read 10..20 at 0: overhead to 1.0, slot 10 at 1.0, media to 2.0, bus from
 * 1.1 to 3.1. Read-ahead from 2.0: LBN 20 + k is in at 2.1 + 0.1 k.
 * Write 20..25 at 4.05: with 40 sectors ahead the read-ahead holds 10..40 then
 * (and 10..50 at 5.05, when the write's overhead ends and the mechanism
 * leaves it); with 10 it was over at 3.0. The write: slot 20 at 12.0, done 12.5.
 * Read 20..25 at 20: a full hit, 21.0 + 1.0 = 22.0; a miss: slot 20 at 22.0,
 * bus from 22.1, done 23.1.
 * Read 40..45 at 30: not in what the segment held when the write came, a miss:
 * slot 40 at 34.0, bus from 34.1, done 35.1 (a hit would be 32.0). */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"

/* Completion of each of the four requests above, with `ahead` sectors of read-ahead. */
static void run_four(int32_t ahead, double done[4]) {
  sp_sim *sim = fixture_one_segment(0.2, 100, SP_RA_CONTINUE, ahead);
  CHECK(sim != NULL);
  sp_request_submit(sim, 0, 0, 10, 10, 0);
  sp_request_submit(sim, 0, 4.05, 20, 5, SP_SUBMIT_WRITE);
  sp_request_submit(sim, 0, 20, 20, 5, 0);
  sp_request_submit(sim, 0, 30, 40, 5, 0);
  sp_result r[4];
  CHECK(fixture_run_results(sim, r, 4) == 4);
  for (int i = 0; i < 4; i++) done[i] = r[i].complete_ms;
  CHECK(r[2].cache == (ahead == 40 ? 2 : 0));
  CHECK(r[3].cache == 0);
  sp_free(sim);
}

static void test_segment_reading_ahead_keeps_its_data(void) {
  double t[4];
  run_four(40, t);
  CHECK_NEAR(t[0], 3.1, 1e-9);
  CHECK_NEAR(t[1], 12.5, 1e-9);
  CHECK_NEAR(t[2], 22.0, 1e-9);    /* the written sectors, from the segment */
  CHECK_NEAR(t[3], 35.1, 1e-9);    /* read ahead after the write came: not kept */
}

static void test_segment_done_reading_ahead_is_emptied(void) {
  double t[4];
  run_four(10, t);
  CHECK_NEAR(t[1], 12.5, 1e-9);
  CHECK_NEAR(t[2], 23.1, 1e-9);
}

int main(void) {
  RUN(test_segment_reading_ahead_keeps_its_data);
  RUN(test_segment_done_reading_ahead_is_emptied);
  return check_summary("write over read-ahead");
}
