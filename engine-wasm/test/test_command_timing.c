/* test_command_timing.c — where a command waits when the disk is full (the
 * driver queue) and the completion overheads, each on a hand-computed case.
 * The disk: 1 surface, 10 cylinders of 100 sectors, 10 ms per revolution,
 * seeks free, read overhead 1 ms, no bus time: a request's time is overhead,
 * rotation and transfer (0.1 ms a sector). */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"
#include <string.h>

static sp_sim *one_disk(int driver_queue, int depth) {
  sp_sim *sim = sp_new(1);
  int d = fixture_ten_cylinders(sim, 0);
  sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, depth);
  CHECK(sp_disk_get(sim, d, SP_DP_DRIVER_QUEUE) == 0);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_DRIVER_QUEUE, driver_queue));
  return sim;
}

/* Reads of LBN 0 and `b` arriving together at t = 0, run to the end. */
static void run_two_reads(sp_sim *sim, int64_t b, sp_result r[2]) {
  CHECK_OK(sp_disk_commit(sim, 0));
  sp_output_configure(sim, 0, 64);
  sp_request_submit(sim, 0, 0, 0, 1, 0);
  sp_request_submit(sim, 0, 0, b, 1, 0);
  CHECK(fixture_run_results(sim, r, 2) == 2);
}

/* A (LBN 0) and B (LBN 5) arrive at t = 0, one command slot. A: overhead to
 * 1 ms (slot 10 under the head), waits for slot 0 at 10 ms, done 10.1.
 * Controller takes both at once: B's overhead ran 0..1, B is dispatched at
 * 10.1 (slot 1) and reads slot 5 at 10.5, done 10.6. Driver holds B: its
 * overhead runs 10.1..11.1 (slot 11), slot 5 comes at 20.5, done 20.6. */
static void test_driver_holds_the_command_before_its_overhead(void) {
  for (int dq = 0; dq <= 1; dq++) {
    sp_sim *sim = one_disk(dq, 1);
    CHECK_OK(sp_disk_commit(sim, 0));
    sp_output_configure(sim, 64, 64);
    sp_request_submit(sim, 0, 0, 0, 1, 0);
    sp_request_submit(sim, 0, 0, 5, 1, 0);
    CHECK_OK(sp_run(sim, -1));
    /* B's first events after its arrival: the host FIFO before the overhead
     * with the driver queue, the overhead at once without it */
    int b_host = -1, b_over = -1;
    const sp_event *ev = sp_events(sim);
    for (int i = 0; i < sp_event_count(sim); i++) {
      if (ev[i].req != 1) continue;
      if (ev[i].kind == SP_EV_QUEUE_HOST && b_host < 0) b_host = i;
      if (ev[i].kind == SP_EV_OVERHEAD && b_over < 0) b_over = i;
    }
    CHECK(b_host >= 0 && b_over >= 0);
    CHECK(dq ? b_host < b_over : b_over < b_host);
    CHECK_NEAR(ev[b_over].time_ms, dq ? 10.1 : 0.0, 1e-9);
    sp_result r[2];
    int n = sp_result_count(sim);
    CHECK(n == 2);
    for (int i = 0; i < n && i < 2; i++) r[sp_results(sim)[i].id] = sp_results(sim)[i];
    CHECK_NEAR(r[0].complete_ms, 10.1, 1e-9);
    CHECK_NEAR(r[1].overhead_ms, 1.0, 1e-12);
    CHECK_NEAR(r[1].dispatch_ms, dq ? 11.1 : 10.1, 1e-9);
    CHECK_NEAR(r[1].complete_ms, dq ? 20.6 : 10.6, 1e-9);
    CHECK_NEAR(r[1].queue_ms, dq ? 10.1 : 9.1, 1e-9);
    sp_free(sim);
  }
}

/* With two slots nothing waits at the driver: B's overhead runs at arrival
 * and it is done at 10.6 either way. */
static void test_driver_holds_only_beyond_the_depth(void) {
  sp_sim *sim = one_disk(1, 2);
  sp_result r[2];
  run_two_reads(sim, 5, r);
  CHECK_NEAR(r[1].complete_ms, 10.6, 1e-9);
  sp_free(sim);
}

/* A linked batch of three at one slot: the driver holds two of them, the
 * disk serves the one it has, and every request completes (no batch waits
 * for a member the driver holds). LBNs 0, 20, 40 in arrival order: 10.1,
 * then 20 from 11.1 (slot 11) at 12.0 -> 12.1, then 40 from 13.1 at 14.0 -> 14.1. */
static void test_linked_batch_behind_the_driver(void) {
  sp_sim *sim = one_disk(1, 1);
  CHECK_OK(sp_disk_commit(sim, 0));
  sp_output_configure(sim, 0, 64);
  sp_request_submit(sim, 0, 0, 0, 1, SP_SUBMIT_LINKED);
  sp_request_submit(sim, 0, 0, 20, 1, SP_SUBMIT_LINKED);
  sp_request_submit(sim, 0, 0, 40, 1, 0);
  sp_result r[3];
  CHECK(fixture_run_results(sim, r, 3) == 3);
  CHECK_NEAR(r[0].complete_ms, 10.1, 1e-9);
  CHECK_NEAR(r[1].complete_ms, 12.1, 1e-9);
  CHECK_NEAR(r[2].complete_ms, 14.1, 1e-9);
  sp_free(sim);
}

/* Completion overheads 0.5 ms (read) and 0.25 ms (write) come after the data
 * and count as bus time. A read of LBN 0 at 0: done 10.1 + 0.5. A write of
 * LBN 0 at 100: overhead to 101 (slot 10), media 110..110.1, done + 0.25. */
static void test_completion_overheads(void) {
  sp_sim *sim = one_disk(0, 1);
  CHECK_OK(sp_disk_set(sim, 0, SP_DP_READ_COMPLETION_MS, 0.5));
  CHECK_OK(sp_disk_set(sim, 0, SP_DP_WRITE_COMPLETION_MS, 0.25));
  CHECK(sp_disk_set(sim, 0, SP_DP_READ_COMPLETION_MS, -0.1) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "read_completion_ms") != NULL);
  CHECK_OK(sp_disk_commit(sim, 0));
  sp_output_configure(sim, 0, 64);
  sp_request_submit(sim, 0, 0, 0, 1, 0);
  sp_request_submit(sim, 0, 100, 0, 1, SP_SUBMIT_WRITE);
  sp_result r[2];
  CHECK(fixture_run_results(sim, r, 2) == 2);
  CHECK_NEAR(r[0].complete_ms, 10.6, 1e-9);
  CHECK_NEAR(r[0].bus_ms, 0.5, 1e-9);
  CHECK_NEAR(r[1].complete_ms, 110.35, 1e-9);
  CHECK_NEAR(r[1].bus_ms, 0.25, 1e-9);
  sp_free(sim);
}

/* Behind the driver, the next command starts after the completion overhead:
 * A (LBN 0) done 10.6; B (LBN 13) taken at 10.6, overhead to 11.6 (slot 16):
 * slot 13 comes at 21.3, media to 21.4, done 21.9. Without the completion
 * overhead B is taken at 10.1 and reads slot 13 at 11.3, done 11.4. */
static void test_completion_overhead_delays_the_next_command(void) {
  for (int c = 0; c <= 1; c++) {
    sp_sim *sim = one_disk(1, 1);
    CHECK_OK(sp_disk_set(sim, 0, SP_DP_READ_COMPLETION_MS, c ? 0.5 : 0));
    sp_result r[2];
    run_two_reads(sim, 13, r);
    CHECK_NEAR(r[1].complete_ms, c ? 21.9 : 11.4, 1e-9);
    sp_free(sim);
  }
}

int main(void) {
  RUN(test_driver_holds_the_command_before_its_overhead);
  RUN(test_driver_holds_only_beyond_the_depth);
  RUN(test_linked_batch_behind_the_driver);
  RUN(test_completion_overheads);
  RUN(test_completion_overhead_delays_the_next_command);
  return check_summary("command timing");
}
