/*
 * test_sptf_disksim.c — SPTF weighing requests as DiskSim 4.0's SPTF_OPT
 * does (sptf_disksim = 1), on hand-computed cases; each of its rules decides
 * one of them, and the engine's own yardstick (sptf_disksim = 0) picks
 * another request in each.
 *
 * The disk (fixture_hundred_cylinders): 1 surface, 100 cylinders of 100
 * sectors, no skew, 10 ms a revolution (0.1 ms a sector), every seek of one
 * cylinder or more 1 ms, no overheads. LBN = cylinder * 100 + slot; slot s
 * starts at angle s/100. A first request X takes the mechanism while three more queue
 * (ids 1, 2, 3); the test reads which of them is dispatched first.
 */
#include "check.h"
#include "fixtures.h"
#include "spindle.h"

enum { STALE, FIRST_TRACK };

static int make_disk(sp_sim *sim, int the_case, int disksim) {
  int d = fixture_hundred_cylinders(sim, SP_SCHED_SPTF);
  CHECK(sp_disk_get(sim, d, SP_DP_SPTF_DISKSIM) == 0);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_SPTF_DISKSIM, disksim));
  if (the_case == STALE) {
    sp_disk_set(sim, d, SP_DP_PRESEEK, 0);
    sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, 5.0);
    sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 1);
    sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 100);
    sp_disk_set(sim, d, SP_DP_READ_AHEAD, SP_RA_TRACK_END);
  } else {
    sp_disk_set(sim, d, SP_DP_ZERO_LATENCY, 1);
  }
  return sp_disk_commit(sim, d) == SP_OK ? d : -1;
}

/* Runs a case; returns the id of the request dispatched after X, and its completion in *complete. */
static int64_t first_pick(int the_case, int disksim, double *complete) {
  sp_sim *sim = sp_new(1);
  int d = make_disk(sim, the_case, disksim);
  CHECK(d == 0);
  sp_output_configure(sim, 0, 16);
  if (the_case == STALE) {
    static const int64_t lbn[] = { 90, 105, 120, 160 };
    for (int i = 0; i < 4; i++) sp_request_submit(sim, d, i * 0.01, lbn[i], 1, 0);
  } else {
    sp_request_submit(sim, d, 0, 0, 1, 0);
    sp_request_submit(sim, d, 0.01, 140, 10, 0);
    sp_request_submit(sim, d, 0.02, 245, 1, 0);
    sp_request_submit(sim, d, 0.03, 335, 70, 0);
  }
  int64_t second = -1;
  double second_dispatch = -1;
  *complete = -1;
  int st;
  do {
    st = sp_run(sim, -1);
    const sp_result *r = sp_results(sim);
    for (int i = 0; i < sp_result_count(sim); i++) {
      if (r[i].id == 0) continue;
      if (second < 0 || r[i].dispatch_ms < second_dispatch) {
        second = r[i].id; second_dispatch = r[i].dispatch_ms; *complete = r[i].complete_ms;
      }
    }
  } while (st == SP_MORE);
  CHECK(st == SP_OK);
  sp_free(sim);
  return second;
}

/* No preseeking, a 5 ms bus: X (LBN 90) reads 9.0-9.1 ms and completes at
 * 14.1; the read-ahead after it reads slots 91-99 and ends at 10.0. The
 * decision comes at 14.1. Queued on cylinder 1: Y slot 5 (id 1), Z slot 20
 * (id 2), W slot 60 (id 3). A seek ends 1 ms on, 0.1 revolution further:
 *  from the read-ahead's end (10.0, angle 0, .1 after the seek): Y 1+9.5,
 *    Z 1+1.0, W 1+5.0: Z (DiskSim's disk state, the last media activity);
 *  from now (14.1, .41 / .51): Y 1+5.4, Z 1+6.9, W 1+0.9: W (the engine's);
 *  from X's media end (9.1, .91 / .01): Y 1+0.4, Z 1+1.9: Y.
 * Z then runs from now: seek to 15.1 (.51), its slot at 22.0, media 22.0-22.1,
 * bus to 27.1. */
static void test_weighs_from_the_last_media_activity(void) {
  double complete;
  CHECK(first_pick(STALE, 1, &complete) == 2);
  CHECK_NEAR(complete, 27.1, 1e-9);
  CHECK(first_pick(STALE, 0, &complete) == 3);
}

/* Zero latency, preseeking, an instant bus: X (LBN 0) reads 0-0.1 ms; the
 * decision comes at 0.1 (angle .01, .11 after a seek). Queued: P cylinder 1
 * slots 40-49 (id 1), Q cylinder 2 slot 45 (id 2), R cylinder 3 slots 35-99
 * and cylinder 4 slots 0-4 (70 sectors, id 3).
 *  DiskSim's yardstick, the seek and wait of the part on the first track:
 *    P 1+2.9, Q 1+3.4, R 1+2.4 (slots 35-99): R;
 *  the whole access less its transfer: R 1+2.4 + the cylinder switch (1)
 *    and the wait for slot 0 of cylinder 4 (the head there at slot 10: 9.0): P;
 *  the engine's, until the last sector is read: P 4.9, Q 4.5, R 20.4: Q.
 * R then runs 1 + 2.4, reads slots 35-99 to 10.0, switches to cylinder 4
 * (11.0, slot 10) and reads slots 0-4 at 20.0-20.5. */
static void test_weighs_the_first_track_without_transfer(void) {
  double complete;
  CHECK(first_pick(FIRST_TRACK, 1, &complete) == 3);
  CHECK_NEAR(complete, 20.5, 1e-9);
  CHECK(first_pick(FIRST_TRACK, 0, &complete) == 2);
}

static void test_range(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  CHECK(sp_disk_set(sim, d, SP_DP_SPTF_DISKSIM, 2) == SP_E_INVALID);
  CHECK(sp_disk_set(sim, d, SP_DP_SPTF_DISKSIM, 0.5) == SP_E_INVALID);
  sp_free(sim);
}

int main(void) {
  RUN(test_weighs_from_the_last_media_activity);
  RUN(test_weighs_the_first_track_without_transfer);
  RUN(test_range);
  return check_summary("test_sptf_disksim");
}
