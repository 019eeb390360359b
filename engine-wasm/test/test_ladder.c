/* test_ladder.c — the reduced-fidelity switches of the model ladder
 * (constant service time, linear seek, uniform rotation, switch models,
 * simple layout, linear transfer), each on a hand-computed case. */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"
#include <string.h>

/* 2 surfaces, 10 cylinders of 100 sectors, 10 ms per revolution (0.1 ms per
 * sector), seek 2 + sqrt(d) ms, head switch 1.5 ms, cylinder switch 2 ms. */
static int small_disk(sp_sim *sim, int spares, int skew) {
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_SURFACES, 2);
  sp_disk_set(sim, d, SP_DP_RPM, 6000);
  sp_disk_set(sim, d, SP_DP_SEEK_A, 2);
  sp_disk_set(sim, d, SP_DP_SEEK_B, 1);
  sp_disk_set(sim, d, SP_DP_SEEK_BOUNDARY, 1000);
  sp_disk_set(sim, d, SP_DP_HEAD_SWITCH_MS, 1.5);
  sp_disk_set(sim, d, SP_DP_CYL_SWITCH_MS, 2.0);
  sp_disk_add_zone(sim, d, 0, 9, 100, skew, skew, spares ? SP_SPARE_SECTORS_PER_TRACK : SP_SPARE_NONE, spares);
  return d;
}

/* Two requests at once, 7 ms each: done at 7 and 14 whatever the overhead,
 * bus or distance; a cache is refused by name. */
static void test_constant_service_time(void) {
  sp_sim *sim = sp_new(1);
  int d = small_disk(sim, 0, 0);
  sp_disk_set(sim, d, SP_DP_READ_OVERHEAD_MS, 1.0);
  sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, 0.3);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_CONSTANT_MS, 7));
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 16);
  sp_request_submit(sim, d, 0, 0, 8, 0);
  sp_request_submit(sim, d, 0, 1900, 50, 1);
  sp_result r[2];
  CHECK(fixture_run_results(sim, r, 2) == 2);
  CHECK_NEAR(r[0].complete_ms, 7, 1e-12);
  CHECK_NEAR(r[1].complete_ms, 14, 1e-12);
  CHECK_NEAR(r[1].response_ms, 14, 1e-12);
  sp_free(sim);

  sim = sp_new(1);
  d = small_disk(sim, 0, 0);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 1);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 64);
  sp_disk_set(sim, d, SP_DP_CONSTANT_MS, 7);
  CHECK(sp_disk_commit(sim, d) == SP_E_INVALID);
  CHECK(strcmp(sp_error_field(sim), "disk[0].constant_ms") == 0);
  sp_free(sim);
}

/* Curve 2 + sqrt(d), 10 cylinders: the line runs through (1, 3) and (9, 5),
 * so distance 5 takes 4 ms (the curve: 4.236); given ends (1, 1) and (9, 9)
 * it takes 5 ms. */
static void test_linear_seek(void) {
  sp_sim *sim = sp_new(1);
  int d = small_disk(sim, 0, 0);
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK_NEAR(sp_seek_time(sim, d, 5), 4.2360679775, 1e-9);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_SEEK_LINEAR, 1));
  CHECK_NEAR(sp_seek_time(sim, d, 1), 3.0, 1e-12);
  CHECK_NEAR(sp_seek_time(sim, d, 5), 4.0, 1e-12);
  CHECK_NEAR(sp_seek_time(sim, d, 9), 5.0, 1e-12);
  CHECK(sp_seek_time(sim, d, 0) == 0);
  sp_disk_set(sim, d, SP_DP_SEEK_SINGLE_MS, 1);
  sp_disk_set(sim, d, SP_DP_SEEK_FULL_MS, 9);
  CHECK_NEAR(sp_seek_time(sim, d, 5), 5.0, 1e-12);
  sp_free(sim);
}

/* 250 sectors from LBN 0 cross a head switch (track 0 -> 1) and a cylinder
 * switch (track 1 -> 2). Without skew every track starts at angle 0, so with
 * switches free the access is 25 ms of transfer and nothing else. */
static void test_switch_models(void) {
  const double want_switch[3] = { 3.5, 5.0, 0 };
  for (int m = 0; m < 3; m++) {
    sp_sim *sim = sp_new(1);
    int d = small_disk(sim, 0, 0);
    CHECK_OK(sp_disk_set(sim, d, SP_DP_SWITCH_MODEL, m));
    sp_disk_set(sim, d, SP_DP_SWITCH_FIXED_MS, 2.5);
    CHECK_OK(sp_disk_commit(sim, d));
    sp_breakdown b;
    CHECK_OK(sp_access_time(sim, d, 0, 0, 0, 0, 250, 0, &b));
    CHECK_NEAR(b.switch_ms, want_switch[m], 1e-9);
    CHECK(b.head_switches == 1 && b.cyl_switches == 1);
    if (m == SP_SWITCH_NONE) CHECK_NEAR(b.total_ms, 25.0, 1e-9);
    /* First positioning from the other head: exact pays the head switch
     * (1.5) and comes round to slot 0 (8.5); the others start at once. */
    CHECK_OK(sp_access_time(sim, d, 0, 1, 0, 0, 1, 0, &b));
    CHECK_NEAR(b.total_ms, m == SP_SWITCH_EXACT ? 10.1 : 0.1, 1e-9);
    sp_free(sim);
  }
}

/* Uniform rotation: the first track waits u * 10 ms (u drawn from its own
 * stream), the tracks after it none: 150 sectors with switches free take
 * u * 10 + 15 ms (absolute rotation would wait (1 - u) * 10 more on track 1). */
static void test_uniform_rotation(void) {
  double u[2];
  for (int k = 0; k < 2; k++) {
    sp_sim *sim = sp_new(42);
    int d = small_disk(sim, 0, 0);
    sp_disk_set(sim, d, SP_DP_SWITCH_MODEL, SP_SWITCH_NONE);
    CHECK_OK(sp_disk_set(sim, d, SP_DP_ROTATION_MODEL, SP_ROT_UNIFORM));
    CHECK_OK(sp_disk_commit(sim, d));
    sp_output_configure(sim, 0, 16);
    sp_request_submit(sim, d, 0, 0, 150, 0);
    sp_result r[1];
    CHECK(fixture_run_results(sim, r, 1) == 1);
    u[k] = r[0].rotation_ms / 10;
    CHECK(u[k] >= 0 && u[k] < 1);
    CHECK_NEAR(r[0].response_ms, u[k] * 10 + 15, 1e-9);
    sp_free(sim);
  }
  CHECK(u[0] == u[1]);                          /* seeded: the same draw */
  CHECK(u[0] > 1e-6);                           /* absolute rotation would wait 0 here */

  /* Its own stream: the workload's draws (locations, sizes, mix) are the same. */
  int64_t lbn[2][50];
  for (int k = 0; k < 2; k++) {
    sp_sim *sim = sp_new(7);
    int d = small_disk(sim, 0, 0);
    if (k) sp_disk_set(sim, d, SP_DP_ROTATION_MODEL, SP_ROT_UNIFORM);
    CHECK_OK(sp_disk_commit(sim, d));
    sp_workload_set(sim, SP_WP_COUNT, 50);
    sp_workload_set(sim, SP_WP_READ_FRACTION, 0.5);
    sp_output_configure(sim, 0, 64);
    sp_result r[50];
    CHECK(fixture_run_results(sim, r, 50) == 50);
    for (int i = 0; i < 50; i++) lbn[k][i] = r[i].lbn * 2 + r[i].is_write;
    sp_free(sim);
  }
  CHECK(memcmp(lbn[0], lbn[1], sizeof lbn[0]) == 0);

  /* Refused by name where rotation decides: zero latency, SPTF. */
  sp_sim *sim = sp_new(1);
  int d = small_disk(sim, 0, 0);
  sp_disk_set(sim, d, SP_DP_ROTATION_MODEL, SP_ROT_UNIFORM);
  sp_disk_set(sim, d, SP_DP_ZERO_LATENCY, 1);
  CHECK(sp_disk_commit(sim, d) == SP_E_INVALID);
  CHECK(strcmp(sp_error_field(sim), "disk[0].rotation_model") == 0);
  sp_disk_set(sim, d, SP_DP_ZERO_LATENCY, 0);
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK(sp_disk_set(sim, d, SP_DP_SCHEDULER, SP_SCHED_SPTF) == SP_E_INVALID);
  CHECK(strcmp(sp_error_field(sim), "disk[0].rotation_model") == 0);
  CHECK(sp_disk_get(sim, d, SP_DP_SCHEDULER) == SP_SCHED_FCFS);
  sp_free(sim);
}

/* One spare per track and a skew of 10: 2 x 10 x 99 LBNs, track 1 starts
 * 0.1 rev round; the simple layout has 2000 LBNs and every track at 0. */
static void test_simple_layout(void) {
  for (int simple = 0; simple < 2; simple++) {
    sp_sim *sim = sp_new(1);
    int d = small_disk(sim, 1, 10);
    CHECK_OK(sp_disk_set(sim, d, SP_DP_LAYOUT_MODEL, simple));
    CHECK_OK(sp_disk_commit(sim, d));
    CHECK(sp_disk_capacity(sim, d) == (simple ? 2000 : 1980));
    sp_track tr;
    CHECK_OK(sp_track_info(sim, d, 1, &tr));
    CHECK_NEAR(tr.slot0_angle, simple ? 0 : 0.1, 1e-12);
    CHECK(tr.lbn_count == (simple ? 100 : 99));
    CHECK(sp_disk_set(sim, d, SP_DP_LAYOUT_MODEL, 1 - simple) == SP_E_STATE);
    sp_free(sim);
  }
}

/* 10 sectors at LBN 0, the head there at t = 0 (no seek, no wait), bus
 * 0.3 ms per sector against the media's 0.1: linear = 10 x 0.3 = 3.0 ms for
 * a read (detailed: first sector 0.1, then the bus: 3.1) and for a write
 * (detailed: the media waits for the data, 2.1 ms, then a revolution: 11). */
static void test_linear_transfer(void) {
  const double want[2][2] = { { 3.1, 11.0 }, { 3.0, 3.0 } };
  for (int lin = 0; lin < 2; lin++)
    for (int w = 0; w < 2; w++) {
      sp_sim *sim = sp_new(1);
      int d = small_disk(sim, 0, 0);
      sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, 0.3);
      CHECK_OK(sp_disk_set(sim, d, SP_DP_TRANSFER_MODEL, lin));
      CHECK_OK(sp_disk_commit(sim, d));
      sp_output_configure(sim, 0, 16);
      sp_request_submit(sim, d, 0, 0, 10, w);
      sp_result r[1];
      CHECK(fixture_run_results(sim, r, 1) == 1);
      CHECK_NEAR(r[0].response_ms, want[lin][w], 1e-9);
      sp_free(sim);
    }
  /* Media slower than the bus: the media's rate, 10 x 0.1 = 1.0 ms. */
  sp_sim *sim = sp_new(1);
  int d = small_disk(sim, 0, 0);
  sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, 0.05);
  sp_disk_set(sim, d, SP_DP_TRANSFER_MODEL, SP_XFER_LINEAR);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 16);
  sp_request_submit(sim, d, 0, 0, 10, 0);
  sp_result r[1];
  CHECK(fixture_run_results(sim, r, 1) == 1);
  CHECK_NEAR(r[0].response_ms, 1.0, 1e-9);
  sp_free(sim);
}

int main(void) {
  RUN(test_constant_service_time);
  RUN(test_linear_seek);
  RUN(test_switch_models);
  RUN(test_uniform_rotation);
  RUN(test_simple_layout);
  RUN(test_linear_transfer);
  return check_summary("ladder");
}
