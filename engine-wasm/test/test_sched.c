/*
 * test_sched.c — service order of every on-disk scheduler on hand-computed
 * cases. A request keeps the mechanism busy while five more queue behind it;
 * the order of their DISPATCH events must be the one worked out below, and
 * each scheduler's order differs from every other's, so a scheduler replaced
 * by another (say LOOK by FCFS) fails here.
 *
 * The disk: 1 surface, 100 cylinders of 100 sectors, no skew, 6000 rpm
 * (10 ms a revolution, 0.1 ms a sector), every seek of one cylinder or more
 * takes exactly 1 ms (curve c = 1, e = 0 from a boundary of 1), no overheads,
 * an instant bus. LBN = cylinder * 100 + slot; slot s starts at angle s/100.
 *
 * The queued set (arrival order, ids in brackets): R1 cyl 12 slot 40,
 * R2 cyl 3 slot 60, R3 cyl 18 slot 23, R4 cyl 9 slot 30, R5 cyl 0 slot 80.
 */
#include "check.h"
#include "fixtures.h"
#include "spindle.h"
#include <string.h>

static const int cyl_of[5] = { 12, 3, 18, 9, 0 };
static const int slot_of[5] = { 40, 60, 23, 30, 80 };

static int make_disk(sp_sim *sim, int sched) {
  int d = fixture_hundred_cylinders(sim, sched);
  return sp_disk_commit(sim, d) == SP_OK ? d : -1;
}

/* Runs the case and writes the request ids in DISPATCH order; returns how many. */
static int dispatch_order(int sched, int downward, int64_t *ids, int max) {
  sp_sim *sim = sp_new(1);
  int d = make_disk(sim, sched);
  CHECK(d == 0);
  sp_output_configure(sim, 256, 16);
  double t = 0.01;
  if (downward) {
    /* The head goes to cylinder 50 (slot 11: media 1.1-1.2 ms), then down to
     * cylinder 10 (slot 23: dispatched at 1.2, media 2.3-2.4 ms), so the
     * elevator is moving down when the five are chosen from, at 2.4 ms. */
    sp_request_submit(sim, d, 0, 50 * 100 + 11, 1, 0);
    sp_request_submit(sim, d, 0.001, 10 * 100 + 23, 1, 0);
    t = 1.3;
  } else {
    /* The head goes up to cylinder 10 (slot 11: media 1.1-1.2 ms). */
    sp_request_submit(sim, d, 0, 10 * 100 + 11, 1, 0);
  }
  for (int i = 0; i < 5; i++) sp_request_submit(sim, d, t + i * 0.01, cyl_of[i] * 100 + slot_of[i], 1, 0);
  int n = 0, st;
  do {
    st = sp_run(sim, -1);
    for (int i = 0; i < sp_event_count(sim); i++) {
      const sp_event *e = &sp_events(sim)[i];
      if (e->kind != SP_EV_DISPATCH) continue;
      CHECK(e->a == sched);
      if (n < max) ids[n++] = e->req;
    }
  } while (st == SP_MORE);
  CHECK(st == SP_OK);
  sp_free(sim);
  return n;
}

static void expect_order(int sched, int downward, const int64_t *want, int n) {
  int64_t got[16];
  int k = dispatch_order(sched, downward, got, 16);
  CHECK(k == n);
  int same = k == n;
  for (int i = 0; i < n && i < k; i++) same = same && got[i] == want[i];
  CHECK(same);
  if (!same) {
    fprintf(stderr, "  scheduler %d%s: dispatched", sched, downward ? " (head moving down)" : "");
    for (int i = 0; i < k; i++) fprintf(stderr, " %lld", (long long)got[i]);
    fprintf(stderr, ", expected");
    for (int i = 0; i < n; i++) fprintf(stderr, " %lld", (long long)want[i]);
    fprintf(stderr, "\n");
  }
}

/* Head at cylinder 10, having moved up; the first request (id 0) is served
 * first by every scheduler (the queue was empty), then R1..R5 = ids 1..5. */
static void test_fcfs(void) {
  const int64_t w[] = { 0, 1, 2, 3, 4, 5 };            /* arrival order */
  expect_order(SP_SCHED_FCFS, 0, w, 6);
}

static void test_sstf(void) {
  /* from 10: 9 (1 away); from 9: 12 (3) before 3 (6); from 12: 18 (6) before
   * 3 (9); from 18: 3 (15) before 0 (18); then 0 */
  const int64_t w[] = { 0, 4, 1, 3, 2, 5 };
  expect_order(SP_SCHED_SSTF, 0, w, 6);
}

static void test_look(void) {
  /* moving up from 10: 12, 18; nothing above 18, so down: 9, 3, 0 */
  const int64_t w[] = { 0, 1, 3, 4, 2, 5 };
  expect_order(SP_SCHED_LOOK, 0, w, 6);
}

static void test_clook(void) {
  /* up from 10: 12, 18; wrap to the lowest, 0, and up again: 3, 9 */
  const int64_t w[] = { 0, 1, 3, 5, 2, 4 };
  expect_order(SP_SCHED_CLOOK, 0, w, 6);
}

static void test_sptf(void) {
  /* Every seek is 1 ms (0.1 revolution), so after a seek the head is 0.1
   * revolution further on; a request's positioning time is 1 ms plus the
   * wait for its slot.
   *  t = 1.2 (angle .12, after a seek .22): R1 40 -> 1+1.8, R2 60 -> 1+3.8,
   *    R3 23 -> 1+0.1, R4 30 -> 1+0.8, R5 80 -> 1+5.8: R3; its sector ends at 2.4.
   *  t = 2.4 (.24 / .34): R1 -> 1.6, R2 -> 3.6, R4 -> 1+9.6, R5 -> 5.6: R1, ends 4.1.
   *  t = 4.1 (.41 / .51): R2 -> 1.9, R4 -> 8.9, R5 -> 3.9: R2, ends 6.1.
   *  t = 6.1 (.61 / .71): R4 -> 1+5.9, R5 -> 1+0.9: R5; then R4. */
  const int64_t w[] = { 0, 3, 1, 2, 5, 4 };
  expect_order(SP_SCHED_SPTF, 0, w, 6);
}

/* The same five chosen from with the head at cylinder 10 moving down (ids:
 * 0 and 1 the two requests that put it there, R1..R5 = 2..6). LOOK now goes
 * down first; C-LOOK still sweeps up. */
static void test_head_moving_down(void) {
  const int64_t fcfs[] = { 0, 1, 2, 3, 4, 5, 6 };
  const int64_t sstf[] = { 0, 1, 5, 2, 4, 3, 6 };      /* 9, 12, 18, 3, 0 as above */
  const int64_t look[] = { 0, 1, 5, 3, 6, 2, 4 };      /* down: 9, 3, 0; then up: 12, 18 */
  const int64_t clook[] = { 0, 1, 2, 4, 6, 3, 5 };     /* up: 12, 18; wrap: 0, 3, 9 */
  /* SPTF from t = 2.4 (angle .24, .34 after a seek): R1 -> 1.6, R2 -> 3.6,
   * R3 -> 1+8.9, R4 -> 1+9.6, R5 -> 5.6: R1 (ends 4.1); at .51: R2 -> 1.9,
   * R3 -> 8.2, R4 -> 8.9, R5 -> 3.9: R2 (ends 6.1); at .71: R3 -> 6.2,
   * R4 -> 6.9, R5 -> 1.9: R5 (ends 8.1); at .91: R3 -> 4.2, R4 -> 4.9: R3; R4. */
  const int64_t sptf[] = { 0, 1, 2, 3, 6, 4, 5 };
  expect_order(SP_SCHED_FCFS, 1, fcfs, 7);
  expect_order(SP_SCHED_SSTF, 1, sstf, 7);
  expect_order(SP_SCHED_LOOK, 1, look, 7);
  expect_order(SP_SCHED_CLOOK, 1, clook, 7);
  expect_order(SP_SCHED_SPTF, 1, sptf, 7);
}

/* The cases tell the schedulers apart: no two expected orders are equal. */
static void test_orders_differ(void) {
  int64_t got[SP_SCHED_COUNT][2][16];
  for (int s = 0; s < SP_SCHED_COUNT; s++)
    for (int down = 0; down < 2; down++) dispatch_order(s, down, got[s][down], 16);
  for (int a = 0; a < SP_SCHED_COUNT; a++)
    for (int b = 0; b < a; b++)
      CHECK(memcmp(got[a][0], got[b][0], 6 * sizeof(int64_t)) != 0 || memcmp(got[a][1], got[b][1], 7 * sizeof(int64_t)) != 0);
}

int main(void) {
  RUN(test_fcfs);
  RUN(test_sstf);
  RUN(test_look);
  RUN(test_clook);
  RUN(test_sptf);
  RUN(test_head_moving_down);
  RUN(test_orders_differ);
  return check_summary("schedulers");
}
