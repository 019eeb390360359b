/*
 * test_homework.c — the toy disk of OSTEP's disk homework (disk.py, in
 * remzi-arpacidusseau/ostep-homework, file-disks/) and the scheduler rules
 * it needs, on cases worked out by hand from its README and rules.
 *
 * The toy disk: one surface, 3 tracks of 12 sectors (30 degrees each), block
 * b on track b / 12; rotation 1 degree per time unit (1 unit = 1 ms here, so
 * a revolution is 360 ms: 500/3 rpm), seeks of 40 units per track and no
 * settle (curve c = 0, e = 40 from distance 0), no overheads, no cache.
 * At t = 0 the head is over the outer track, halfway through sector 6
 * (initial_rotation = 6.5 / 12). Angles below are disk.py's: the head is at
 * angle t; sector s of track 0 starts passing under it at 30 s - 195
 * (mod 360): sector 7 at 15, 8 at 45, 9 at 75, 10 at 105, 11 at 135. With no
 * skew, sector 12 + k and 24 + k line up with sector k.
 */
#include "check.h"
#include "spindle.h"

typedef struct rule_set { int sched, gather, window, batch, sstf_sptf, access; double tie, init; } rule_set;

/* The homework semantics, SATF unless a test says otherwise. */
static const rule_set HOMEWORK = { SP_SCHED_SPTF, 1, 0, 0, 1, 1, 1e-6, 6.5 / 12 };

static int toy_disk(sp_sim *sim, const rule_set *r) {
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_RPM, 500.0 / 3);
  sp_disk_set(sim, d, SP_DP_SEEK_C, 0);
  sp_disk_set(sim, d, SP_DP_SEEK_E, 40);
  sp_disk_set(sim, d, SP_DP_SEEK_BOUNDARY, 0);
  sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, SP_MAX_QUEUE_DEPTH);
  sp_disk_set(sim, d, SP_DP_SCHEDULER, r->sched);
  sp_disk_set(sim, d, SP_DP_INITIAL_ROTATION, r->init);
  sp_disk_set(sim, d, SP_DP_SCHED_GATHER, r->gather);
  sp_disk_set(sim, d, SP_DP_SCHED_WINDOW, r->window);
  sp_disk_set(sim, d, SP_DP_SCHED_BATCH, r->batch);
  sp_disk_set(sim, d, SP_DP_SCHED_TIE_MS, r->tie);
  sp_disk_set(sim, d, SP_DP_SSTF_SPTF, r->sstf_sptf);
  sp_disk_set(sim, d, SP_DP_SPTF_ACCESS, r->access);
  sp_disk_add_zone(sim, d, 0, 2, 12, 0, 0, SP_SPARE_NONE, 0);
  return sp_disk_commit(sim, d) == SP_OK ? d : -1;
}

typedef struct served { int64_t lbn; double seek, rot, xfer, end; } served;

/* Submits every block at t = 0 (in list order) and returns the requests in
 * completion order with their seek, rotation and transfer. */
static const double *arrivals;   /* NULL: every request at t = 0 */

static int run_list(const rule_set *r, const int *blocks, const int *sectors, int n, served *out) {
  sp_sim *sim = sp_new(1);
  CHECK(toy_disk(sim, r) == 0);
  sp_output_configure(sim, 0, 64);
  for (int i = 0; i < n; i++)
    CHECK(sp_request_submit(sim, 0, arrivals ? arrivals[i] : 0, blocks[i], sectors ? sectors[i] : 1, 0) >= 0);
  int k = 0, st;
  do {
    st = sp_run(sim, -1);
    for (int i = 0; i < sp_result_count(sim) && k < 16; i++, k++) {
      const sp_result *x = &sp_results(sim)[i];
      out[k] = (served){ x->lbn, x->seek_ms, x->rotation_ms, x->transfer_ms, x->complete_ms };
    }
  } while (st == SP_MORE);
  CHECK(st == SP_OK);
  sp_free(sim);
  return k;
}

/* Expects the blocks served in `order`, each with its seek, rotation and
 * transfer (rows of 4: block, seek, rotate, transfer), to 1e-6 units. */
static void expect_sized(const rule_set *r, const int *blocks, const int *sectors, int n, const double (*want)[4]) {
  served got[16];
  int k = run_list(r, blocks, sectors, n, got);
  CHECK(k == n);
  int same = k == n;
  for (int i = 0; i < n && i < k; i++) {
    same = same && got[i].lbn == (int64_t)want[i][0] && fabs(got[i].seek - want[i][1]) < 1e-6 &&
           fabs(got[i].rot - want[i][2]) < 1e-6 && fabs(got[i].xfer - want[i][3]) < 1e-6;
  }
  CHECK(same);
  if (!same) {
    for (int i = 0; i < k; i++)
      fprintf(stderr, "  got block %lld seek %.9g rotate %.9g transfer %.9g\n", (long long)got[i].lbn,
              got[i].seek, got[i].rot, got[i].xfer);
  }
}

static void expect(const rule_set *r, const int *blocks, int n, const double (*want)[4]) {
  expect_sized(r, blocks, NULL, n, want);
}

/* README: "-a 10": no seek, rotation 105 (90 to the middle of sector 9, 15
 * more to its end), transfer 30. */
static void test_readme_one_request(void) {
  const int a[] = { 10 };
  const double w[][4] = { { 10, 0, 105, 30 } };
  expect(&HOMEWORK, a, 1, w);
}

/* README: "-a 10,11": 11 follows at once, transfer 30. */
static void test_readme_sequential(void) {
  const int a[] = { 10, 11 };
  const double w[][4] = { { 10, 0, 105, 30 }, { 11, 0, 0, 30 } };
  expect(&HOMEWORK, a, 2, w);
}

/* README: "-a 10,18": seek 40 to the middle track, then 7 sectors (210) less
 * the 40 spent seeking: rotation 170. */
static void test_readme_seek(void) {
  const int a[] = { 10, 18 };
  const double w[][4] = { { 10, 0, 105, 30 }, { 18, 40, 170, 30 } };
  expect(&HOMEWORK, a, 2, w);
}

/* (a) The first decision waits for every request of t = 0. "-a 8,7 -p SATF":
 * 7 costs 15 + 30, 8 costs 45 + 30, so 7 goes first and 8 follows at once.
 * Serving 8 alone first would leave 7 a wait of 300 (from 75 round to 375). */
static void test_gather_same_instant(void) {
  const int a[] = { 8, 7 };
  const double w[][4] = { { 7, 0, 15, 30 }, { 8, 0, 0, 30 } };
  expect(&HOMEWORK, a, 2, w);
}

/* (b) disk.py's window: "-a 10,8,7 -p SATF -w 2" considers {10, 8}: 8
 * (45 + 30, ends at 75); then {10, 7}: 10 (30 + 30, ends at 135) beats 7
 * (300 + 30); then 7 (from 135 round to 375: 240). With no window 7 would go
 * first; with w - 1 candidates it would be FIFO (10 first). */
static void test_window_first_w_pending(void) {
  rule_set r = HOMEWORK; r.window = 2;
  const int a[] = { 10, 8, 7 };
  const double w[][4] = { { 8, 0, 45, 30 }, { 10, 0, 30, 30 }, { 7, 0, 240, 30 } };
  expect(&r, a, 3, w);
}

/* (c) Ties go to list order. From the start (head at angle 0 on track 0),
 * block 6 costs 345 + 30 = 375 and block 18 costs 40 + 305 + 30 = 375: a tie,
 * which the first listed takes, whichever it is. */
static void test_ties_list_order(void) {
  const int a[] = { 18, 6 }, b[] = { 6, 18 };
  const double wa[][4] = { { 18, 40, 305, 30 }, { 6, 40, 290, 30 } };
  const double wb[][4] = { { 6, 0, 345, 30 }, { 18, 40, 290, 30 } };
  expect(&HOMEWORK, a, 2, wa);
  expect(&HOMEWORK, b, 2, wb);
}

/* (d) SSTF as disk.py: the nearest track, then the shortest access on it.
 * "-a 8,30,7 -p SSTF": 8 and 7 are on the head's track; 7 (15 + 30) beats 8
 * (45 + 30); 8 follows at once; then 30 on the inner track: seek 80, then
 * from angle 155 to sector 30's start at 345: 190. The oldest-first SSTF
 * would take 8, then 7 after 300. */
static void test_sstf_nearest_track_then_access(void) {
  rule_set r = HOMEWORK; r.sched = SP_SCHED_SSTF;
  const int a[] = { 8, 30, 7 };
  const double w[][4] = { { 7, 0, 15, 30 }, { 8, 0, 0, 30 }, { 30, 80, 190, 30 } };
  expect(&r, a, 3, w);
}

/* (e) BSATF: "-a 11,8,9 -p BSATF -w 2": batch {11, 8}: 8 (45 + 30, ends 75),
 * then 11 (60 + 30, ends 165); batch {9}: from 165 round to 435: 270. A
 * sliding window would take 9 right after 8; FIFO would take 11 first. */
static void test_bsatf_batches(void) {
  rule_set r = HOMEWORK; r.window = 2; r.batch = 1;
  const int a[] = { 11, 8, 9 };
  const double w[][4] = { { 8, 0, 45, 30 }, { 11, 0, 60, 30 }, { 9, 0, 270, 30 } };
  expect(&r, a, 3, w);
}

/* A BSATF batch is the next w requests in arrival order, those still to
 * arrive included (disk.py's window covers queue positions). -w 2: 10 at
 * t = 0, 9 at t = 1, 11 at t = 2. The first batch is {10, 9}: 10 (105 + 30,
 * ends at 135), then 9 (from 135 round to 435: 300, ends at 465), then 11
 * (from 105 to 135: 30). A batch of only the requests queued at t = 0 would
 * make {9, 11} the second batch, and 11 (sequential) would go before 9. */
static void test_bsatf_batch_counts_later_arrivals(void) {
  rule_set r = HOMEWORK; r.window = 2; r.batch = 1;
  const int a[] = { 10, 9, 11 };
  const double at[] = { 0, 1, 2 };
  const double w[][4] = { { 10, 0, 105, 30 }, { 9, 0, 300, 30 }, { 11, 0, 30, 30 } };
  arrivals = at;
  expect(&r, a, 3, w);
  arrivals = NULL;
}

/* SATF compares whole accesses (disk.py's estimate adds the transfer, which
 * differs between zones). Blocks 7-9 as one request position in 15 but take
 * 15 + 90; block 8 positions in 45 and takes 45 + 30: SATF serves 8 first
 * (ends at 75), then 7-9 from 75 round to 375 (300). By positioning alone
 * 7-9 would go first. */
static void test_satf_compares_access_times(void) {
  const int a[] = { 7, 8 }, n[] = { 3, 1 };
  const double w[][4] = { { 8, 0, 45, 30 }, { 7, 0, 300, 90 } };
  expect_sized(&HOMEWORK, a, n, 2, w);
}

/* The defaults keep today's behaviour: the first arrival is served alone
 * (8 first in "-a 8,7"), as a drive does. */
static void test_defaults_serve_first_alone(void) {
  rule_set r = { SP_SCHED_SPTF, 0, 0, 0, 0, 0, 0, 6.5 / 12 };
  const int a[] = { 8, 7 };
  const double w[][4] = { { 8, 0, 45, 30 }, { 7, 0, 300, 30 } };
  expect(&r, a, 2, w);
}

int main(void) {
  RUN(test_readme_one_request);
  RUN(test_readme_sequential);
  RUN(test_readme_seek);
  RUN(test_gather_same_instant);
  RUN(test_window_first_w_pending);
  RUN(test_ties_list_order);
  RUN(test_sstf_nearest_track_then_access);
  RUN(test_bsatf_batches);
  RUN(test_bsatf_batch_counts_later_arrivals);
  RUN(test_satf_compares_access_times);
  RUN(test_defaults_serve_first_alone);
  return check_summary("homework");
}
