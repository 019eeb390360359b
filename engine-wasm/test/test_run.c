/* test_run.c — the simulation as a whole: queues, schedulers, cache, write
 * reporting, head time, workloads, bad requests, event order. */
#include "check.h"
#include "fixtures.h"
#include <string.h>

static sp_result results[4096];

/* Runs to the end, collecting results; returns how many. */
static int run_all(sp_sim *sim) {
  int n = 0, st;
  do {
    st = sp_run(sim, -1);
    for (int i = 0; i < sp_result_count(sim) && n < 4096; i++) results[n++] = sp_results(sim)[i];
  } while (st == SP_MORE);
  CHECK(st == SP_OK);
  return n;
}

static const sp_result *by_id(int n, int64_t id) {
  for (int i = 0; i < n; i++) if (results[i].id == id) return &results[i];
  return NULL;
}

static void test_single_read_breakdown_sums(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_READ_OVERHEAD_MS, 0.3);
  sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, 0.05);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 64);
  CHECK(sp_request_submit(sim, d, 1.0, 5000, 8, 0) == 0);
  CHECK(run_all(sim) == 1);
  const sp_result *r = &results[0];
  CHECK_NEAR(r->overhead_ms, 0.3, 1e-12);
  sp_breakdown b;   /* same access computed as a what-if from the same place and time */
  CHECK_OK(sp_access_time(sim, d, 0, 0, 1.3, 5000, 8, 0, &b));
  CHECK_NEAR(r->seek_ms, b.seek_ms, 1e-12);
  CHECK_NEAR(r->rotation_ms, b.rotation_ms, 1e-9);
  CHECK_NEAR(r->transfer_ms, 8 * 0.1, 1e-9);
  /* bus is faster than the media: only the last sector's transfer is left over */
  CHECK_NEAR(r->bus_ms, 0.05, 1e-9);
  CHECK_NEAR(r->response_ms, r->queue_ms + r->overhead_ms + r->seek_ms + r->rotation_ms +
             r->transfer_ms + r->switch_ms + r->bus_ms, 1e-9);
  CHECK_NEAR(r->head_ms, r->response_ms, 1e-9);        /* one request alone: head time = response */
  sp_free(sim);
}

static void test_slow_bus_dominates(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, 0.5);  /* 5x slower than the media */
  sp_disk_set(sim, d, SP_DP_READ_FENCE_SECTORS, 4);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 8);
  sp_request_submit(sim, d, 0, 0, 20, 0);
  run_all(sim);
  /* bus starts once 4 sectors are buffered (0.4 ms) and then runs 20 x 0.5 ms */
  CHECK_NEAR(results[0].complete_ms, 0.4 + 10.0, 1e-9);
  sp_free(sim);
}

/* A second read of the same data is a cache hit: no mechanical time at all. */
static void test_cache_hit_costs_no_mechanical_time(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 4);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 64);
  sp_disk_set(sim, d, SP_DP_READ_HIT_OVERHEAD_MS, 0.1);
  sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, 0.01);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 8);
  sp_request_submit(sim, d, 0, 9000, 8, 0);
  sp_request_submit(sim, d, 100, 9000, 8, 0);
  CHECK(run_all(sim) == 2);
  const sp_result *hit = by_id(2, 1);
  CHECK(hit && hit->cache == 2);
  CHECK_NEAR(hit->seek_ms + hit->rotation_ms + hit->transfer_ms + hit->switch_ms, 0, 0);
  CHECK_NEAR(hit->response_ms, 0.1 + 8 * 0.01, 1e-9);
  CHECK_NEAR(hit->head_ms, 0, 0);
  sp_free(sim);
}

/* Read-ahead: the next sequential read, arriving while the disk reads ahead,
 * is served as the head passes its sectors, with no seek or rotation. */
static void test_read_ahead_serves_sequential_reads(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 2);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 200);
  sp_disk_set(sim, d, SP_DP_READ_AHEAD, SP_RA_CONTINUE);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 8);
  sp_request_submit(sim, d, 0, 0, 10, 0);            /* media 0..1 ms */
  sp_request_submit(sim, d, 1.2, 10, 10, 0);         /* read-ahead has 2 sectors by then */
  CHECK(run_all(sim) == 2);
  const sp_result *r = by_id(2, 1);
  CHECK(r && r->cache == 1);
  CHECK_NEAR(r->complete_ms, 2.0, 1e-9);              /* sector 19 passes the head at 2.0 ms */
  CHECK_NEAR(r->seek_ms + r->rotation_ms, 0, 0);
  sp_free(sim);
}

/* Without read-ahead the same second read misses: almost a revolution lost
 * (the paper's reason for read-ahead). */
static void test_no_read_ahead_loses_a_revolution(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 8);
  sp_request_submit(sim, d, 0, 0, 10, 0);
  sp_request_submit(sim, d, 1.2, 10, 10, 0);
  run_all(sim);
  const sp_result *r = by_id(2, 1);
  CHECK_NEAR(r->rotation_ms, 10 - 0.2, 1e-9);
  sp_free(sim);
}

static void test_immediate_report_then_destage(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_WRITE_CACHE, SP_WC_IMMEDIATE);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 64);
  sp_disk_set(sim, d, SP_DP_WRITE_HIT_OVERHEAD_MS, 0.2);
  sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, 0.01);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 256, 8);
  sp_request_submit(sim, d, 0, 12345, 16, 1);
  CHECK(run_all(sim) == 1);
  CHECK(results[0].cache == 3);
  CHECK_NEAR(results[0].response_ms, 0.2 + 16 * 0.01, 1e-9);
  sp_stats s;
  CHECK_OK(sp_stats_get(sim, d, &s));
  CHECK(s.completed == 1 && s.transfer_mean_ms > 0);   /* the media write still happened */
  sp_free(sim);
}

/* SPTF: of three queued requests, the one reachable soonest (seek + rotation)
 * goes first, even though it is neither oldest nor nearest in cylinders. */
static void test_sptf_picks_shortest_positioning(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_SCHEDULER, SP_SCHED_SPTF);
  sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 8);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 8);
  /* A first request occupies the mechanism; three more queue behind it. */
  sp_request_submit(sim, d, 0, 50, 1, 0);             /* media 5.0-5.1 ms on track 0 */
  int64_t cands[3] = { 1 * 400 + 150, 49, 10 * 400 + 60 };  /* cyl 1; same track just behind; cyl 10 */
  for (int i = 0; i < 3; i++) sp_request_submit(sim, d, 0.01, cands[i], 1, 0);
  double best = 1e9; int64_t want = -1;
  for (int i = 0; i < 3; i++) {
    sp_breakdown b;
    sp_access_time(sim, d, 0, 0, 5.1, cands[i], 1, 0, &b);
    if (b.seek_ms + b.rotation_ms < best) { best = b.seek_ms + b.rotation_ms; want = cands[i]; }
  }
  run_all(sim);
  const sp_result *second = NULL;
  for (int i = 0; i < 4; i++) if (results[i].id != 0 && (!second || results[i].dispatch_ms < second->dispatch_ms)) second = &results[i];
  CHECK(second && second->lbn == want);
  CHECK(want != cands[1]);     /* the same-track one just passed: a whole turn away */
  sp_free(sim);
}

static void test_fcfs_and_sstf_orders(void) {
  for (int sched = 0; sched < 2; sched++) {
    sp_sim *sim = sp_new(1);
    int d = fixture_small(sim, SP_SPARE_NONE, 0);
    sp_disk_set(sim, d, SP_DP_SCHEDULER, sched == 0 ? SP_SCHED_FCFS : SP_SCHED_SSTF);
    sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 8);
    CHECK_OK(sp_disk_commit(sim, d));
    sp_output_configure(sim, 0, 8);
    sp_request_submit(sim, d, 0, 0, 1, 0);
    sp_request_submit(sim, d, 0.01, 50 * 400 / 4 * 0 + 19 * 400, 1, 0);  /* cylinder 19 */
    sp_request_submit(sim, d, 0.02, 2 * 400, 1, 0);                     /* cylinder 2 */
    run_all(sim);
    const sp_result *a = by_id(3, 1), *b = by_id(3, 2);
    if (sched == 0) CHECK(a->dispatch_ms < b->dispatch_ms);
    else CHECK(b->dispatch_ms < a->dispatch_ms);
    sp_free(sim);
  }
}

static void test_host_queue_holds_overflow(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(sim, d));     /* queue depth 1 */
  sp_output_configure(sim, 1024, 8);
  for (int i = 0; i < 3; i++) sp_request_submit(sim, d, 0, (int64_t)i * 1000, 4, 0);
  int host = 0, n;
  int st;
  do {
    st = sp_run(sim, -1);
    n = sp_event_count(sim);
    for (int i = 0; i < n; i++) if (sp_events(sim)[i].kind == SP_EV_QUEUE_HOST) host++;
  } while (st == SP_MORE);
  CHECK(host == 2);
  sp_free(sim);
}

/* Closed workloads keep N outstanding; the sum of head times equals the busy
 * time, so mean head time is the reciprocal of throughput (traxtents, §5). */
static void test_tworeq_head_time_is_reciprocal_throughput(void) {
  sp_sim *sim = sp_new(42);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, 0.02);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_workload_set(sim, SP_WP_OUTSTANDING, 2);
  sp_workload_set(sim, SP_WP_COUNT, 2000);
  sp_workload_set(sim, SP_WP_SIZE_SECTORS, 16);
  CHECK_OK(sp_run(sim, -1));
  sp_stats s;
  CHECK_OK(sp_stats_get(sim, -1, &s));
  CHECK(s.completed == 2000);
  double busy = s.last_complete_ms - s.first_arrival_ms;
  CHECK_NEAR(s.head_mean_ms * 2000, busy, busy * 0.002);
  CHECK(s.efficiency > 0 && s.efficiency < 1);
  CHECK(s.p50_ms <= s.p90_ms && s.p90_ms <= s.p99_ms && s.p99_ms <= s.response_max_ms);
  sp_free(sim);
}

static void test_open_arrivals_rate(void) {
  sp_sim *sim = sp_new(7);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_workload_set(sim, SP_WP_ARRIVALS, SP_ARRIVE_OPEN);
  sp_workload_set(sim, SP_WP_RATE_PER_S, 50);
  sp_workload_set(sim, SP_WP_COUNT, 5000);
  CHECK_OK(sp_run(sim, -1));
  sp_stats s;
  sp_stats_get(sim, -1, &s);
  CHECK(s.completed == 5000);
  CHECK_NEAR(s.throughput_per_s, 50, 50 * 0.05);      /* Poisson: 5000 samples, ~1.4% sd */
  sp_free(sim);
}

/* Statistics started afresh mid-run describe exactly the requests completed after that, and
 * the run itself is the run it would have been. */
static void test_stats_clear_counts_from_then_on(void) {
  sp_sim *a = sp_new(11), *b = sp_new(11);
  sp_sim *sims[2] = { a, b };
  for (int k = 0; k < 2; k++) {
    CHECK_OK(sp_disk_commit(sims[k], fixture_small(sims[k], SP_SPARE_NONE, 0)));
    sp_workload_set(sims[k], SP_WP_ARRIVALS, SP_ARRIVE_OPEN);
    sp_workload_set(sims[k], SP_WP_RATE_PER_S, 80);
    sp_workload_set(sims[k], SP_WP_COUNT, 600);
  }
  CHECK_OK(sp_run(a, 3000));
  sp_stats before;
  CHECK_OK(sp_stats_get(a, -1, &before));
  CHECK(before.completed > 100 && before.completed < 500);
  CHECK_OK(sp_stats_clear(a));
  sp_stats none;
  CHECK_OK(sp_stats_get(a, -1, &none));
  CHECK(none.completed == 0 && none.reads == 0);
  sp_output_configure(a, 0, 4096);
  const int n = run_all(a);
  CHECK(n == 600 - before.completed);
  double sum = 0, max = 0;
  for (int i = 0; i < n; i++) { sum += results[i].response_ms; if (results[i].response_ms > max) max = results[i].response_ms; }
  sp_stats after, whole;
  CHECK_OK(sp_stats_get(a, -1, &after));
  CHECK(after.completed == n);
  CHECK_NEAR(after.response_mean_ms, sum / n, 1e-9);
  CHECK_NEAR(after.response_max_ms, max, 1e-12);
  CHECK_OK(sp_run(b, -1));
  CHECK_OK(sp_stats_get(b, -1, &whole));
  CHECK(whole.completed == 600);
  CHECK_NEAR(whole.last_complete_ms, after.last_complete_ms, 1e-12);   /* the same run */
  CHECK(sp_stats_clear(NULL) == SP_E_INVALID);
  sp_free(a);
  sp_free(b);
}

static void test_aligned_workload_starts_on_tracks(void) {
  sp_sim *sim = sp_new(3);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 1024);
  sp_workload_set(sim, SP_WP_ALIGN, SP_ALIGN_TRACK);
  sp_workload_set(sim, SP_WP_SIZE_TRACKS, 1);
  sp_workload_set(sim, SP_WP_COUNT, 200);
  sp_workload_set(sim, SP_WP_REGION_LBNS, 8000);      /* zone 0: 100-sector tracks */
  int n = run_all(sim);
  CHECK(n == 200);
  for (int i = 0; i < n; i++) {
    CHECK(results[i].lbn % 100 == 0 && results[i].sectors == 100);
    CHECK(results[i].head_switches + results[i].cyl_switches == 0);
  }
  sp_free(sim);
}

static uint64_t hash_run(uint64_t seed, int sched) {
  sp_sim *sim = sp_new(seed);
  int d = fixture_small(sim, SP_SPARE_SECTORS_PER_TRACK, 1);
  sp_disk_set(sim, d, SP_DP_SCHEDULER, sched);
  sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 4);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 4);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 128);
  sp_disk_set(sim, d, SP_DP_READ_AHEAD, SP_RA_TRACK_END);
  sp_disk_commit(sim, d);
  sp_output_configure(sim, 512, 64);
  sp_workload_set(sim, SP_WP_OUTSTANDING, 6);
  sp_workload_set(sim, SP_WP_COUNT, 3000);
  sp_workload_set(sim, SP_WP_READ_FRACTION, 0.7);
  sp_workload_set(sim, SP_WP_SIZE_DIST, SP_SIZE_EXPONENTIAL);
  sp_workload_set(sim, SP_WP_SIZE_SECTORS, 24);
  uint64_t h = 1469598103934665603ull;
  int st;
  do {
    st = sp_run(sim, -1);
    const unsigned char *p = (const unsigned char *)sp_events(sim);
    for (size_t i = 0; i < (size_t)sp_event_count(sim) * sizeof(sp_event); i++) h = (h ^ p[i]) * 1099511628211ull;
    p = (const unsigned char *)sp_results(sim);
    for (size_t i = 0; i < (size_t)sp_result_count(sim) * sizeof(sp_result); i++) h = (h ^ p[i]) * 1099511628211ull;
  } while (st == SP_MORE);
  sp_free(sim);
  return h;
}

static void test_same_seed_same_events(void) {
  for (int sched = 0; sched < SP_SCHED_COUNT; sched++) {
    CHECK(hash_run(11, sched) == hash_run(11, sched));
    CHECK(hash_run(11, sched) != hash_run(12, sched));
  }
}

static void test_events_in_time_order(void) {
  sp_sim *sim = sp_new(5);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 4);
  sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, 0.02);
  sp_disk_commit(sim, d);
  sp_output_configure(sim, 100, 0);          /* small chunks: streaming across calls */
  sp_workload_set(sim, SP_WP_OUTSTANDING, 4);
  sp_workload_set(sim, SP_WP_COUNT, 300);
  double last = -1; int chunks = 0, st, completes = 0;
  do {
    st = sp_run(sim, -1);
    chunks++;
    for (int i = 0; i < sp_event_count(sim); i++) {
      const sp_event *e = &sp_events(sim)[i];
      CHECK(e->time_ms >= last);
      last = e->time_ms;
      if (e->kind == SP_EV_COMPLETE) completes++;
      CHECK(e->angle >= 0 && e->angle < 1);
    }
  } while (st == SP_MORE && chunks < 100000);
  CHECK(st == SP_OK && chunks > 10 && completes == 300);
  CHECK(sp_done(sim));
  sp_free(sim);
}

static void test_bad_requests_named(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK(sp_request_submit(sim, d, 0, 0, 1, 0) == SP_E_STATE);   /* not committed */
  sp_disk_commit(sim, d);
  int64_t cap = sp_disk_capacity(sim, d);
  CHECK(sp_request_submit(sim, d, 0, cap, 1, 0) == SP_E_RANGE);
  CHECK(strstr(sp_error(sim), "requests[0].lbn") != NULL);
  CHECK(sp_request_submit(sim, d, 0, cap - 1, 2, 0) == SP_E_RANGE);
  CHECK(strstr(sp_error(sim), "requests[0].sectors") != NULL);
  CHECK(sp_request_submit(sim, d, 0, 0, 0, 0) == SP_E_RANGE);
  CHECK(sp_request_submit(sim, d, -1, 0, 1, 0) == SP_E_INVALID);
  CHECK(sp_request_submit(sim, 3, 0, 0, 1, 0) == SP_E_RANGE);
  CHECK(strstr(sp_error(sim), "disk") != NULL);
  CHECK(sp_request_submit(sim, d, 5, 0, 1, 0) == 0);
  CHECK(sp_request_submit(sim, d, 4, 0, 1, 0) == SP_E_INVALID);  /* time going backwards */
  CHECK(strstr(sp_error(sim), "requests[1].time") != NULL);
  CHECK(sp_workload_set(sim, SP_WP_READ_FRACTION, 1.5) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "read_fraction") != NULL);
  CHECK(sp_workload_set(sim, (sp_workload_param)99, 1) == SP_E_INVALID);
  CHECK(sp_output_configure(sim, SP_MAX_CHUNK + 1, 0) == SP_E_LIMIT);
  sp_free(sim);
}

static void test_open_overload_is_capped(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_commit(sim, d);
  sp_workload_set(sim, SP_WP_ARRIVALS, SP_ARRIVE_OPEN);
  sp_workload_set(sim, SP_WP_RATE_PER_S, 1e6);        /* far beyond what a disk serves */
  sp_workload_set(sim, SP_WP_COUNT, 200000);
  int st;
  do st = sp_run(sim, -1); while (st == SP_MORE);
  CHECK(st == SP_E_LIMIT);
  CHECK(strstr(sp_error(sim), "in flight") != NULL);
  CHECK_OK(sp_reset(sim, 1));                          /* and the sim is usable again */
  sp_workload_set(sim, SP_WP_RATE_PER_S, 10);
  sp_workload_set(sim, SP_WP_COUNT, 10);
  CHECK(sp_run(sim, -1) == SP_OK);
  sp_free(sim);
}

static void test_demerit(void) {
  double a[100], b[100];
  for (int i = 0; i < 100; i++) { a[i] = 10 + i * 0.1; b[i] = a[i] + 2; }
  double dm, rel;
  CHECK_OK(sp_demerit(a, 100, b, 100, &dm, &rel));
  CHECK_NEAR(dm, 2, 1e-12);                            /* a shift moves every quantile by 2 */
  CHECK_NEAR(rel, 2 / 14.95, 1e-9);
  CHECK_OK(sp_demerit(a, 100, a, 100, &dm, &rel));
  CHECK_NEAR(dm, 0, 0);
  CHECK(sp_demerit(a, 0, b, 100, &dm, &rel) == SP_E_INVALID);
  /* times outside [0, SP_MAX_TIME_MS] are refused, not squared into inf or NaN */
  const double huge[2] = { 1e308, -1e308 }, one[1] = { 1 }, negative[1] = { -5 }, nan_[1] = { NAN };
  CHECK(sp_demerit(huge, 2, one, 1, &dm, &rel) == SP_E_INVALID);
  CHECK(sp_demerit(one, 1, negative, 1, &dm, &rel) == SP_E_INVALID);
  CHECK(sp_demerit(nan_, 1, one, 1, &dm, &rel) == SP_E_INVALID);
  const double cap[1] = { (double)SP_MAX_TIME_MS }, zero[1] = { 0 };
  CHECK_OK(sp_demerit(cap, 1, zero, 1, &dm, &rel));
  CHECK(isfinite(dm) && fabs(dm / (double)SP_MAX_TIME_MS - 1) < 1e-9 && fabs(rel - 1) < 1e-9);
}

int main(void) {
  RUN(test_single_read_breakdown_sums);
  RUN(test_slow_bus_dominates);
  RUN(test_cache_hit_costs_no_mechanical_time);
  RUN(test_read_ahead_serves_sequential_reads);
  RUN(test_no_read_ahead_loses_a_revolution);
  RUN(test_immediate_report_then_destage);
  RUN(test_sptf_picks_shortest_positioning);
  RUN(test_fcfs_and_sstf_orders);
  RUN(test_host_queue_holds_overflow);
  RUN(test_tworeq_head_time_is_reciprocal_throughput);
  RUN(test_open_arrivals_rate);
  RUN(test_stats_clear_counts_from_then_on);
  RUN(test_aligned_workload_starts_on_tracks);
  RUN(test_same_seed_same_events);
  RUN(test_events_in_time_order);
  RUN(test_bad_requests_named);
  RUN(test_open_overload_is_capped);
  RUN(test_demerit);
  return check_summary("simulation");
}
