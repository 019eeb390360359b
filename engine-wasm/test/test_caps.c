/*
 * test_caps.c — every documented cap (SP_MAX_* in spindle.h) is enforced
 * with SP_E_LIMIT and a message naming the field and the cap; the value at
 * the cap itself is accepted. (test_layout.c covers SP_MAX_DISKS,
 * SP_MAX_CYLINDERS and SP_MAX_TRACKS; test_run.c the events chunk and
 * SP_MAX_IN_FLIGHT under an open overload.)
 */
#include "check.h"
#include "fixtures.h"
#include <stdlib.h>
#include <string.h>

static int err_has(const sp_sim *sim, const char *s) { return strstr(sp_error(sim), s) != NULL; }

static void test_zones(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  for (int z = 0; z < SP_MAX_ZONES; z++) CHECK_OK(sp_disk_add_zone(sim, d, z, z, 10, 0, 0, SP_SPARE_NONE, 0));
  CHECK(sp_disk_add_zone(sim, d, SP_MAX_ZONES, SP_MAX_ZONES, 10, 0, 0, SP_SPARE_NONE, 0) == SP_E_LIMIT);
  CHECK(err_has(sim, "zones") && err_has(sim, "256"));
  CHECK_OK(sp_disk_commit(sim, d));                     /* the zones at the cap are a good disk */
  sp_free(sim);
}

static void test_surfaces_queue_cache_segments(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_SURFACES, SP_MAX_SURFACES));
  CHECK(sp_disk_set(sim, d, SP_DP_SURFACES, SP_MAX_SURFACES + 1) == SP_E_LIMIT);
  CHECK(err_has(sim, "surfaces") && err_has(sim, "SP_MAX_SURFACES"));
  CHECK(sp_disk_get(sim, d, SP_DP_SURFACES) == SP_MAX_SURFACES);   /* a refused value changes nothing */
  CHECK_OK(sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, SP_MAX_QUEUE_DEPTH));
  CHECK(sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, SP_MAX_QUEUE_DEPTH + 1) == SP_E_LIMIT);
  CHECK(err_has(sim, "queue_depth") && err_has(sim, "SP_MAX_QUEUE_DEPTH"));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, SP_MAX_CACHE_SEGMENTS));
  CHECK(sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 1e9) == SP_E_LIMIT);
  CHECK(err_has(sim, "cache_segments") && err_has(sim, "SP_MAX_CACHE_SEGMENTS"));
  CHECK(sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 0) == SP_E_INVALID);   /* below range: invalid, not a cap */
  sp_free(sim);
}

static void test_sectors_per_track(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  CHECK(sp_disk_add_zone(sim, d, 0, 9, SP_MAX_SECTORS_PER_TRACK + 1, 0, 0, SP_SPARE_NONE, 0) == SP_E_LIMIT);
  CHECK(err_has(sim, "zones[0].sectors_per_track") && err_has(sim, "SP_MAX_SECTORS_PER_TRACK"));
  CHECK_OK(sp_disk_add_zone(sim, d, 0, 9, SP_MAX_SECTORS_PER_TRACK, 0, 0, SP_SPARE_NONE, 0));
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK(sp_disk_capacity(sim, d) == 10LL * SP_MAX_SECTORS_PER_TRACK);
  sp_free(sim);
}

static void test_defects_and_seek_points(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_SURFACES, 10);
  sp_disk_set(sim, d, SP_DP_SEEK_MODEL, SP_SEEK_TABLE);
  CHECK_OK(sp_disk_add_zone(sim, d, 0, 999, 200, 0, 0, SP_SPARE_SECTORS_PER_TRACK, 20));
  for (int i = 0; i < SP_MAX_DEFECTS; i++)           /* 10 per track, on 10,000 tracks */
    if (sp_disk_add_defect(sim, d, i / 100, i / 10 % 10, i % 10 * 3, SP_DEFECT_SLIP) != SP_OK) { CHECK(0); break; }
  CHECK(sp_disk_add_defect(sim, d, 999, 9, 199, SP_DEFECT_SLIP) == SP_E_LIMIT);
  CHECK(err_has(sim, "defects") && err_has(sim, "100000"));
  for (int i = 0; i < SP_MAX_SEEK_POINTS; i++)
    if (sp_disk_add_seek_point(sim, d, i + 1, 1 + i * 0.001) != SP_OK) { CHECK(0); break; }
  CHECK(sp_disk_add_seek_point(sim, d, SP_MAX_SEEK_POINTS + 1, 9) == SP_E_LIMIT);
  CHECK(err_has(sim, "seek_table") && err_has(sim, "4096"));
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK(sp_disk_capacity(sim, d) == 10000LL * 180);     /* slips live in the spares */
  sp_free(sim);
}

static void test_outstanding(void) {
  sp_sim *sim = sp_new(1);
  CHECK_OK(sp_workload_set(sim, SP_WP_OUTSTANDING, SP_MAX_IN_FLIGHT));
  CHECK(sp_workload_set(sim, SP_WP_OUTSTANDING, SP_MAX_IN_FLIGHT + 1) == SP_E_LIMIT);
  CHECK(err_has(sim, "outstanding") && err_has(sim, "SP_MAX_IN_FLIGHT"));
  /* A closed workload at the cap runs: every request in flight at once. */
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, SP_MAX_QUEUE_DEPTH);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_workload_set(sim, SP_WP_COUNT, SP_MAX_IN_FLIGHT + 10);
  int st;
  do st = sp_run(sim, -1); while (st == SP_MORE);
  CHECK(st == SP_OK);
  sp_stats s;
  sp_stats_get(sim, -1, &s);
  CHECK(s.completed == SP_MAX_IN_FLIGHT + 10);
  sp_free(sim);
}

/* An open overload past SP_MAX_IN_FLIGHT fails inside sp_run; the failing
 * arrival is gone, so every later call fails the same way until sp_reset. */
static void test_failure_in_run_is_sticky(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_workload_set(sim, SP_WP_ARRIVALS, SP_ARRIVE_OPEN);
  sp_workload_set(sim, SP_WP_RATE_PER_S, 1e7);
  sp_workload_set(sim, SP_WP_COUNT, SP_MAX_IN_FLIGHT + 10);
  int st;
  do st = sp_run(sim, -1); while (st == SP_MORE);
  CHECK(st == SP_E_LIMIT);
  CHECK(err_has(sim, "in flight"));
  const double now = sp_now(sim);
  CHECK(sp_run(sim, -1) == SP_E_LIMIT);
  CHECK(err_has(sim, "in flight") && err_has(sim, "sp_reset"));
  CHECK(strcmp(sp_error_field(sim), "workload") == 0);
  CHECK(sp_now(sim) == now);                 /* nothing ran */
  CHECK_OK(sp_reset(sim, 1));
  sp_workload_set(sim, SP_WP_COUNT, 100);
  do st = sp_run(sim, -1); while (st == SP_MORE);
  CHECK(st == SP_OK);
  sp_free(sim);
}

static void test_result_chunk(void) {
  sp_sim *sim = sp_new(1);
  CHECK(sp_output_configure(sim, 0, SP_MAX_CHUNK + 1) == SP_E_LIMIT);
  CHECK(err_has(sim, "result_capacity"));
  CHECK_OK(sp_output_configure(sim, SP_MAX_CHUNK, SP_MAX_CHUNK));
  CHECK_OK(sp_output_configure(sim, 0, 0));
  sp_free(sim);
}

static void test_submitted(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(sim, d));
  int64_t k = 0;
  for (; k < SP_MAX_SUBMITTED; k++)
    if (sp_request_submit(sim, d, (double)k, k % 1000, 1, 0) != k) break;
  CHECK(k == SP_MAX_SUBMITTED);
  CHECK(sp_request_submit(sim, d, (double)k, 0, 1, 0) == SP_E_LIMIT);
  CHECK(err_has(sim, "explicit requests"));
  sp_free(sim);
}

/* Each sp_run call does at most SP_MAX_WORK_PER_RUN units of work (events,
 * tracks passed, queued requests weighed), whatever the workload: a call
 * never runs away, and the next one goes on. */
static void test_events_per_run(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 4);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 64);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_workload_set(sim, SP_WP_COUNT, 1e12);            /* a workload with no practical end */
  sp_workload_set(sim, SP_WP_SIZE_SECTORS, 1);
  sp_workload_set(sim, SP_WP_PATTERN, SP_PATTERN_SEQUENTIAL);   /* cache hits: the fewest events each */
  CHECK(sp_run(sim, -1) == SP_MORE);
  sp_stats s1, s2;
  sp_stats_get(sim, -1, &s1);
  CHECK(s1.completed > 0 && s1.completed <= SP_MAX_WORK_PER_RUN);     /* each request is >= 1 event */
  CHECK(sp_run(sim, -1) == SP_MORE);
  sp_stats_get(sim, -1, &s2);
  CHECK(s2.completed > s1.completed);
  sp_free(sim);
}

/* The work bound counts what makes an event expensive: the tracks a large
 * request passes, and the queue an SPTF scheduler weighs at every dispatch. */
static void test_work_per_run_counts_tracks_and_queues(void) {
  for (int kind = 0; kind < 2; kind++) {
    sp_sim *sim = sp_new(1);
    int d = fixture_small(sim, SP_SPARE_NONE, 0);
    if (kind == 1) { sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, SP_MAX_QUEUE_DEPTH); sp_disk_set(sim, d, SP_DP_SCHEDULER, SP_SCHED_SPTF); }
    CHECK_OK(sp_disk_commit(sim, d));
    sp_workload_set(sim, SP_WP_COUNT, 1e6);
    if (kind == 0) sp_workload_set(sim, SP_WP_SIZE_TRACKS, 100);     /* 100 tracks a request */
    else sp_workload_set(sim, SP_WP_OUTSTANDING, SP_MAX_QUEUE_DEPTH);  /* 1024 queued at every dispatch */
    CHECK(sp_run(sim, -1) == SP_MORE);
    sp_stats s;
    sp_stats_get(sim, -1, &s);
    CHECK(s.completed > 0);
    CHECK(s.completed <= SP_MAX_WORK_PER_RUN / (kind == 0 ? 100 : SP_MAX_QUEUE_DEPTH / 2));
    sp_free(sim);
  }
}

/* Simulated time is capped: a workload that would run past SP_MAX_TIME_MS
 * stops there with SP_E_LIMIT (1e-6 requests per second: one every 1e9 ms). */
static void test_simulated_time(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_workload_set(sim, SP_WP_ARRIVALS, SP_ARRIVE_OPEN);
  sp_workload_set(sim, SP_WP_RATE_PER_S, 1e-6);
  sp_workload_set(sim, SP_WP_COUNT, 5000);
  int st;
  do st = sp_run(sim, -1); while (st == SP_MORE);
  CHECK(st == SP_E_LIMIT);
  CHECK(err_has(sim, "SP_MAX_TIME_MS"));
  CHECK(sp_now(sim) <= (double)SP_MAX_TIME_MS);
  sp_stats s;
  sp_stats_get(sim, -1, &s);
  CHECK(s.completed > 100 && s.completed < 5000);       /* the requests before the cap were served */
  CHECK(sp_request_submit(sim, d, 2e12, 0, 1, 0) == SP_E_LIMIT);
  sp_breakdown b;
  CHECK(sp_access_time(sim, d, 0, 0, 2e12, 0, 1, 0, &b) == SP_E_INVALID);
  sp_free(sim);
}

int main(void) {
  RUN(test_zones);
  RUN(test_surfaces_queue_cache_segments);
  RUN(test_sectors_per_track);
  RUN(test_defects_and_seek_points);
  RUN(test_outstanding);
  RUN(test_failure_in_run_is_sticky);
  RUN(test_result_chunk);
  RUN(test_submitted);
  RUN(test_events_per_run);
  RUN(test_work_per_run_counts_tracks_and_queues);
  RUN(test_simulated_time);
  return check_summary("caps");
}
