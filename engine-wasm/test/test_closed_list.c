/* test_closed_list.c — explicit requests submitted with SP_SUBMIT_AFTER_PREVIOUS:
 * a closed list (one outstanding, think times), as DiskSim's validate mode
 * replays a trace, on a hand-computed case. */
#include "check.h"
#include "spindle.h"
#include <string.h>

/* 1 surface, 10 cylinders of 100 sectors, 10 ms per revolution, free seeks. */
static sp_sim *plain(int volume_host_queue) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_RPM, 6000);
  sp_disk_add_zone(sim, d, 0, 9, 100, 0, 0, SP_SPARE_NONE, 0);
  sp_disk_commit(sim, d);
  if (volume_host_queue) sp_host_set(sim, SP_HP_QUEUE_DEPTH, 4);   /* logical requests, not pass-through */
  return sim;
}

/* R(LBN 0) at 0: media 0 .. 0.1 ms. Think 2: arrives at 2.1; LBN 550 (angle
 * 0.5) with the platter at 0.21: 2.9 ms wait, done at 5.1. Think 1: arrives at
 * 6.1; LBN 0 (angle 0) with the platter at 0.61: done at 10.1. Results come
 * one per sp_run chunk (capacity 1): the list runs in ordinary chunks. */
static void check_closed(int host_queue) {
  sp_sim *sim = plain(host_queue);
  sp_output_configure(sim, 0, 1);
  CHECK(sp_submit(sim, 0, 0, 1, SP_SUBMIT_AFTER_PREVIOUS) == 0);
  CHECK(sp_submit(sim, 2.0, 550, 1, SP_SUBMIT_AFTER_PREVIOUS) == 1);
  CHECK(sp_submit(sim, 1.0, 0, 1, SP_SUBMIT_AFTER_PREVIOUS) == 2);
  const double arrive[3] = { 0, 2.1, 6.1 }, done[3] = { 0.1, 5.1, 10.1 };
  int n = 0, runs = 0;
  sp_status st;
  do {
    st = sp_run(sim, -1);
    runs++;
    const sp_result *r = sp_results(sim);
    for (int i = 0; i < sp_result_count(sim); i++) {
      if (host_queue && r[i].disk != -1) continue;     /* the logical records */
      CHECK(n < 3);
      if (n >= 3) break;
      CHECK_NEAR(r[i].arrival_ms, arrive[n], 1e-9);
      CHECK_NEAR(r[i].complete_ms, done[n], 1e-9);
      n++;
    }
  } while (st == SP_MORE && runs < 100);
  CHECK(st == SP_OK && n == 3);
  sp_free(sim);
}

static void test_closed_list_pass_through(void) { check_closed(0); }
static void test_closed_list_host_queue(void) { check_closed(1); }

/* Submitted while the run is under way: waits for the previous request's
 * completion if it has not come yet, else arrives its think time after now. */
static void test_closed_submitted_mid_run(void) {
  sp_sim *sim = plain(0);
  sp_output_configure(sim, 0, 16);
  CHECK(sp_submit(sim, 0, 0, 1, 0) == 0);
  CHECK(sp_run(sim, 0.05) == SP_OK);                   /* request 0 under way */
  CHECK(sp_submit(sim, 2.0, 550, 1, SP_SUBMIT_AFTER_PREVIOUS) == 1);
  CHECK(sp_run(sim, -1) == SP_OK);
  CHECK(sp_result_count(sim) == 2);
  CHECK_NEAR(sp_results(sim)[1].arrival_ms, 2.1, 1e-9);   /* completion 0.1 + 2 */
  CHECK(sp_submit(sim, 1.0, 0, 1, SP_SUBMIT_AFTER_PREVIOUS) == 2);   /* previous done at 5.1; now 5.1 */
  CHECK(sp_run(sim, -1) == SP_OK);
  CHECK_NEAR(sp_results(sim)[0].arrival_ms, 6.1, 1e-9);              /* 5.1 + 1 */
  sp_free(sim);
}

static void test_closed_refusals(void) {
  sp_sim *sim = plain(0);
  CHECK(sp_submit(sim, 1, 0, 1, SP_SUBMIT_AFTER_PREVIOUS | SP_SUBMIT_LINKED) == SP_E_INVALID);
  CHECK(sp_submit(sim, -1, 0, 1, SP_SUBMIT_AFTER_PREVIOUS) == SP_E_INVALID);
  CHECK(sp_submit(sim, 5, 0, 1, SP_SUBMIT_AFTER_PREVIOUS) == 0);
  CHECK(sp_submit(sim, 1, 0, 1, SP_SUBMIT_AFTER_PREVIOUS) == 1);   /* think times need not increase */
  CHECK(sp_submit(sim, 100, 0, 1, 0) == SP_E_INVALID);             /* absolute after closed */
  CHECK(strstr(sp_error(sim), "requests[2].time") != NULL);
  CHECK(sp_request_submit(sim, 0, 1, 0, 1, SP_SUBMIT_AFTER_PREVIOUS) == 2);
  sp_free(sim);
}

int main(void) {
  RUN(test_closed_list_pass_through);
  RUN(test_closed_list_host_queue);
  RUN(test_closed_submitted_mid_run);
  RUN(test_closed_refusals);
  return check_summary("closed list");
}
