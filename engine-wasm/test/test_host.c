/*
 * test_host.c — the host layer: pass-through is API 1's run, a logical
 * request completes with its latest part, the stripe mapping (sector and
 * track units), the host scheduler's service order, linked batches, the
 * independence of random streams, and field-named errors.
 */
#include "check.h"
#include "fixtures.h"
#include "passthrough_case.h"
#include <stdlib.h>
#include <string.h>

#define SMALL_SPS "test/small_disk.sps"

static sp_result res[8192];
static int64_t nev_kind[SP_EV_KIND_COUNT];

/* Runs to the end in chunks; collects results and counts events by kind. */
static int run_collect(sp_sim *sim) {
  int n = 0;
  sp_status st;
  memset(nev_kind, 0, sizeof nev_kind);
  do {
    st = sp_run(sim, -1);
    for (int32_t i = 0; i < sp_result_count(sim) && n < 8192; i++) res[n++] = sp_results(sim)[i];
    for (int32_t i = 0; i < sp_event_count(sim); i++) nev_kind[sp_events(sim)[i].kind]++;
  } while (st == SP_MORE);
  CHECK(st == SP_OK);
  return n;
}

static int64_t direct_submit(sp_sim *sim, int32_t d, double t, int64_t lbn, int32_t n, int32_t w) {
  return sp_request_submit(sim, d, t, lbn, n, w);
}
static int64_t volume_submit(sp_sim *sim, int32_t d, double t, int64_t lbn, int32_t n, int32_t w) {
  (void)d;
  return sp_submit(sim, t, lbn, n, w);
}

/* The value API 1 (before the host existed) produced for passthrough_case.h,
 * taken again when read-ahead to the track end came to reach the read's end
 * plus the maximum read-ahead (the case's disks read ahead so), and when the
 * write settle (0.3 ms on the case's disks) came to ride on a move only, and
 * when a partial read hit's buffered part came to cross the bus after the
 * hit overhead (its media part counted from the request's right sector),
 * and when a write larger than its segment came to send the rest of its data
 * in a second connection at the write water mark (the case writes up to 300
 * sectors through 256-sector segments). */
#define API1_PASSTHROUGH_HASH 0x1f7a8b7e88157c35ull

static void test_passthrough_is_api1(void) {
  sp_sim *sim = sp_new(5);
  CHECK(pt_run(sim, SMALL_SPS, direct_submit) == API1_PASSTHROUGH_HASH);
  sp_free(sim);
  sim = sp_new(5);                      /* the same list through the volume: identity, depth 0 */
  CHECK(pt_run(sim, SMALL_SPS, volume_submit) == API1_PASSTHROUGH_HASH);
  /* no host events, no logical records; the logical figures are the devices' */
  sp_stats h, all;
  CHECK_OK(sp_stats_get(sim, SP_HOST, &h));
  CHECK_OK(sp_stats_get(sim, -1, &all));
  CHECK(h.completed > 0 && memcmp(&h, &all, sizeof h) == 0);
  sp_free(sim);
  sim = sp_new(5);
  char err[512];
  CHECK(sps_load(sim, SMALL_SPS, NULL, err, sizeof err) == 0);
  sp_output_configure(sim, 4096, 256);
  sp_workload_set(sim, SP_WP_COUNT, 300);
  sp_workload_set(sim, SP_WP_OUTSTANDING, 3);
  int n = run_collect(sim);
  CHECK(n == 300);
  for (int i = 0; i < n; i++) CHECK(res[i].disk == 0 && res[i].logical == res[i].id && res[i].parts == 1);
  CHECK(nev_kind[SP_EV_HOST_ARRIVE] == 0 && nev_kind[SP_EV_HOST_COMPLETE] == 0);
  sp_free(sim);
}

/* Four small disks striped in units of 64 sectors. */
static sp_sim *striped(uint64_t seed, int32_t unit_sectors) {
  sp_sim *sim = sp_new(seed);
  char err[512];
  for (int d = 0; d < 4; d++) {
    CHECK(sps_load(sim, SMALL_SPS, NULL, err, sizeof err) == 0);
    sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 4);
    sp_disk_set(sim, d, SP_DP_SCHEDULER, SP_SCHED_SPTF);
  }
  CHECK_OK(sp_host_set(sim, SP_HP_POLICY, SP_POLICY_STRIPE));
  CHECK_OK(sp_host_set(sim, SP_HP_DEVICES, 4));
  CHECK_OK(sp_host_set(sim, SP_HP_STRIPE_SECTORS, unit_sectors));
  return sim;
}

/* A logical request's response is its latest part's completion minus its
 * arrival; its parts arrive when it leaves the host queue; its figures are
 * its parts' sums. */
static void test_logical_response_is_latest_part(void) {
  sp_sim *sim = striped(3, 64);
  CHECK_OK(sp_host_set(sim, SP_HP_QUEUE_DEPTH, 2));
  sp_output_configure(sim, 5000, 100);
  sp_workload_set(sim, SP_WP_ARRIVALS, SP_ARRIVE_OPEN);
  sp_workload_set(sim, SP_WP_RATE_PER_S, 150);
  sp_workload_set(sim, SP_WP_COUNT, 400);
  sp_workload_set(sim, SP_WP_SIZE_DIST, SP_SIZE_UNIFORM);
  sp_workload_set(sim, SP_WP_SIZE_SECTORS, 1);
  sp_workload_set(sim, SP_WP_SIZE_MAX_SECTORS, 300);
  sp_workload_set(sim, SP_WP_READ_FRACTION, 0.7);
  int n = run_collect(sim);
  int logical = 0, multi = 0, waited = 0;
  for (int i = 0; i < n; i++) {
    if (res[i].disk != -1) continue;
    const sp_result *l = &res[i];
    logical++;
    double latest = -1, seek = 0, xfer = 0;
    int parts = 0, sectors = 0;
    for (int k = 0; k < n; k++) {
      if (res[k].disk < 0 || res[k].logical != l->id) continue;
      parts++; sectors += res[k].sectors;
      if (res[k].complete_ms > latest) latest = res[k].complete_ms;
      CHECK(res[k].arrival_ms == l->dispatch_ms);
      seek += res[k].seek_ms; xfer += res[k].transfer_ms;
    }
    CHECK(parts == l->parts && parts >= 1 && sectors == l->sectors);
    CHECK(l->complete_ms == latest);
    CHECK(l->response_ms == latest - l->arrival_ms);
    CHECK_NEAR(l->queue_ms, l->dispatch_ms - l->arrival_ms, 1e-12);
    CHECK_NEAR(l->seek_ms, seek, 1e-9);
    CHECK_NEAR(l->transfer_ms, xfer, 1e-9);
    if (parts > 1) multi++;
    if (l->queue_ms > 0) waited++;
  }
  CHECK(logical == 400);
  CHECK(multi > 50);                  /* many requests spanned units on several disks */
  CHECK(waited > 0);                  /* depth 2: some waited in the host queue */
  CHECK(nev_kind[SP_EV_HOST_ARRIVE] == 400 && nev_kind[SP_EV_HOST_COMPLETE] == 400);
  sp_stats h;
  CHECK_OK(sp_stats_get(sim, SP_HOST, &h));
  CHECK(h.completed == 400 && h.queue_mean_ms > 0);
  double p50 = sp_response_percentile(sim, SP_HOST, 0.5);
  CHECK(p50 > 0 && p50 <= h.response_max_ms);
  sp_free(sim);
}

/* RAID-0 in sectors, by hand: 3 disks, unit 8. Unit k is on disk k mod 3 at
 * row k / 3; v = 50 is unit 6 (row 2, disk 0), offset 2: LBN 18. */
static void test_stripe_map_sector_units(void) {
  sp_sim *sim = sp_new(1);
  char err[512];
  for (int d = 0; d < 3; d++) CHECK(sps_load(sim, SMALL_SPS, NULL, err, sizeof err) == 0);
  sp_host_set(sim, SP_HP_POLICY, SP_POLICY_STRIPE);
  sp_host_set(sim, SP_HP_DEVICES, 3);
  sp_host_set(sim, SP_HP_STRIPE_SECTORS, 8);
  int64_t cap = sp_disk_capacity(sim, 0);
  CHECK(sp_volume_capacity(sim) == 3 * (cap / 8) * 8);
  static const int64_t v[] = { 0, 7, 8, 23, 24, 50 };
  static const int32_t dev[] = { 0, 0, 1, 2, 0, 0 };
  static const int64_t lbn[] = { 0, 7, 0, 7, 8, 18 };
  for (int i = 0; i < 6; i++) {
    int32_t d; int64_t l;
    CHECK_OK(sp_volume_map(sim, v[i], &d, &l));
    CHECK(d == dev[i] && l == lbn[i]);
  }
  int64_t first, count;
  CHECK_OK(sp_volume_unit(sim, 50, &first, &count));
  CHECK(first == 48 && count == 8);
  /* round trip: every block maps to a distinct (disk, LBN), RAID-0's inverse */
  for (int64_t x = 0; x < 5000; x += 7) {
    int32_t d; int64_t l;
    CHECK_OK(sp_volume_map(sim, x, &d, &l));
    CHECK((l / 8) * 24 + d * 8 + l % 8 == x);
  }
  CHECK(sp_volume_map(sim, sp_volume_capacity(sim), &(int32_t){0}, &(int64_t){0}) == SP_E_RANGE);
  /* v 5..34 spans units 0-4: disk 0 gets 5..15 (units 0 and 3, merged),
   * disk 1 gets 0..10, disk 2 gets 0..7 */
  sp_output_configure(sim, 0, 16);
  CHECK(sp_submit(sim, 0, 5, 30, 0) == 0);
  int n = run_collect(sim);
  CHECK(n == 4);
  int found = 0;
  for (int i = 0; i < n; i++) {
    if (res[i].disk == 0) { found++; CHECK(res[i].lbn == 5 && res[i].sectors == 11); }
    if (res[i].disk == 1) { found++; CHECK(res[i].lbn == 0 && res[i].sectors == 11); }
    if (res[i].disk == 2) { found++; CHECK(res[i].lbn == 0 && res[i].sectors == 8); }
    if (res[i].disk == -1) CHECK(res[i].parts == 3 && res[i].lbn == 5 && res[i].sectors == 30);
  }
  CHECK(found == 3);
  sp_free(sim);
}

/* Track-sized units, by hand, on two fixture_small disks (no spares): tracks
 * of zone 0 hold 100 LBNs, zone 1 (from track 80, LBN 8000) 80. With k = 1,
 * row r is track r of disk 0 then of disk 1. */
static void test_stripe_map_track_units(void) {
  sp_sim *sim = sp_new(1);
  for (int d = 0; d < 2; d++) CHECK_OK(sp_disk_commit(sim, fixture_small(sim, SP_SPARE_NONE, 0)));
  sp_host_set(sim, SP_HP_POLICY, SP_POLICY_STRIPE);
  sp_host_set(sim, SP_HP_DEVICES, 2);
  CHECK(sp_volume_capacity(sim) == 2 * sp_disk_capacity(sim, 0));
  static const int64_t v[] = { 0, 99, 100, 199, 200, 16000, 16079, 16080, 16165 };
  static const int32_t dev[] = { 0, 0, 1, 1, 0, 0, 0, 1, 0 };
  static const int64_t lbn[] = { 0, 99, 0, 99, 100, 8000, 8079, 8000, 8085 };
  for (int i = 0; i < 9; i++) {
    int32_t d; int64_t l;
    CHECK_OK(sp_volume_map(sim, v[i], &d, &l));
    CHECK(d == dev[i] && l == lbn[i]);
  }
  int64_t first, count;
  CHECK_OK(sp_volume_unit(sim, 16085, &first, &count));
  CHECK(first == 16080 && count == 80);
  CHECK_OK(sp_volume_unit(sim, 150, &first, &count));
  CHECK(first == 100 && count == 100);
  /* k = 2: row 0 is tracks 0-1 (200 LBNs) of each disk */
  sp_host_set(sim, SP_HP_STRIPE_TRACKS, 2);
  int32_t d; int64_t l;
  CHECK_OK(sp_volume_map(sim, 150, &d, &l)); CHECK(d == 0 && l == 150);
  CHECK_OK(sp_volume_map(sim, 250, &d, &l)); CHECK(d == 1 && l == 50);
  CHECK_OK(sp_volume_map(sim, 400, &d, &l)); CHECK(d == 0 && l == 200);
  CHECK_OK(sp_volume_unit(sim, 250, &first, &count)); CHECK(first == 200 && count == 200);
  /* round trip over the whole volume: map is a bijection onto both disks */
  int64_t cap = sp_volume_capacity(sim), dcap = sp_disk_capacity(sim, 0);
  unsigned char *seen = calloc((size_t)(2 * dcap), 1);
  int ok = 1;
  for (int64_t x = 0; x < cap; x++) {
    if (sp_volume_map(sim, x, &d, &l) != SP_OK || l < 0 || l >= dcap || seen[d * dcap + l]) { ok = 0; break; }
    seen[d * dcap + l] = 1;
    int64_t uf, uc;
    sp_volume_unit(sim, x, &uf, &uc);
    if (x < uf || x >= uf + uc) { ok = 0; break; }
  }
  CHECK(ok);
  free(seen);
  sp_free(sim);
}

/* The host scheduler's order with depth 1: the first request (vlbn 1000, 8
 * sectors) is issued at once, four more wait; from 1008 FCFS takes them in
 * arrival order, SSTF nearest first (500, 2000, 5000, 9000), C-LOOK upward
 * then wrapping (2000, 5000, 9000, 500). */
static void test_host_scheduler_order(void) {
  static const int64_t later[4] = { 5000, 2000, 9000, 500 };
  static const int64_t want[3][4] = { { 5000, 2000, 9000, 500 }, { 500, 2000, 5000, 9000 }, { 2000, 5000, 9000, 500 } };
  static const int sched[3] = { SP_SCHED_FCFS, SP_SCHED_SSTF, SP_SCHED_CLOOK };
  for (int s = 0; s < 3; s++) {
    sp_sim *sim = sp_new(1);
    CHECK_OK(sp_disk_commit(sim, fixture_small(sim, SP_SPARE_NONE, 0)));
    CHECK_OK(sp_host_set(sim, SP_HP_SCHEDULER, sched[s]));
    CHECK_OK(sp_host_set(sim, SP_HP_QUEUE_DEPTH, 1));
    sp_output_configure(sim, 0, 64);
    CHECK(sp_submit(sim, 0, 1000, 8, 0) == 0);
    for (int i = 0; i < 4; i++) CHECK(sp_submit(sim, 0.001, later[i], 8, 0) == i + 1);
    int n = run_collect(sim);
    const sp_result *order[5] = { 0 };
    int k = 0;
    for (int i = 0; i < n; i++) if (res[i].disk == -1 && k < 5) order[k++] = &res[i];
    CHECK(k == 5);
    if (k < 5) { sp_free(sim); continue; }
    for (int i = 1; i < 5; i++) {
      CHECK(order[i]->lbn == want[s][i - 1]);
      CHECK(order[i]->dispatch_ms >= order[i - 1]->complete_ms);   /* depth 1: one at a time */
    }
    sp_free(sim);
  }
  sp_sim *sim = sp_new(1);                       /* LOOK is not a host scheduler */
  CHECK(sp_host_set(sim, SP_HP_SCHEDULER, SP_SCHED_LOOK) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "host.scheduler") != NULL);
  sp_free(sim);
}

/* A host queue of 5,000 requests weighed by SSTF at one instant: one pass
 * over it weighs 12.5 M entries. It stops every SP_HOST_PUMP_WORK and goes on
 * in an event at the same instant, so the first sp_run issues only a part
 * (it issued all 5,000 in one call before), and the run still issues and
 * completes every request. */
static void test_deep_host_queue_is_issued_in_bounded_steps(void) {
  sp_sim *sim = sp_new(1);
  const int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK_OK(sp_host_set(sim, SP_HP_SCHEDULER, SP_SCHED_SSTF));
  CHECK_OK(sp_host_set(sim, SP_HP_QUEUE_DEPTH, 65536));
  const int n = 5000;
  const int64_t span = sp_disk_capacity(sim, d) - 8;
  for (int i = 0; i < n; i++)
    CHECK(sp_submit(sim, 0, (int64_t)i * 7919 % span, 8, i < n - 1 ? SP_SUBMIT_LINKED : 0) == i);
  CHECK_OK(sp_output_configure(sim, 1 << 20, 1 << 16));
  int st = sp_run(sim, -1), issued = 0, done = 0;
  for (int32_t i = 0; i < sp_event_count(sim); i++) issued += sp_events(sim)[i].kind == SP_EV_HOST_ISSUE;
  CHECK(st == SP_MORE);
  CHECK(issued > 0 && issued < n);
  for (;;) {
    for (int32_t i = 0; i < sp_result_count(sim); i++) done += sp_results(sim)[i].disk == -1;
    if (st != SP_MORE) break;
    st = sp_run(sim, -1);
  }
  CHECK(st == SP_OK);
  CHECK(done == n);
  sp_free(sim);
}

/* Three requests submitted at one instant to an idle SPTF disk: linked, the
 * disk chooses among all three (SPTF order); unlinked, the first arrival is
 * dispatched before the others are queued. */
static void test_linked_batch_is_served_in_sptf_order(void) {
  static const int64_t lbns[3] = { 18059, 20, 11207 };   /* cylinders 55, 0, 30: far, near, far */
  for (int linked = 0; linked < 2; linked++) {
    sp_sim *sim = sp_new(1);
    int d = fixture_small(sim, SP_SPARE_NONE, 0);
    sp_disk_set(sim, d, SP_DP_SCHEDULER, SP_SCHED_SPTF);
    sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 8);
    CHECK_OK(sp_disk_commit(sim, d));
    sp_output_configure(sim, 0, 8);
    for (int i = 0; i < 3; i++)
      CHECK(sp_request_submit(sim, d, 0, lbns[i], 4, linked && i < 2 ? SP_SUBMIT_LINKED : 0) == i);
    /* SPTF order from the head's place (cylinder 0, surface 0) at time 0 */
    int64_t sptf[3]; int used[3] = { 0, 0, 0 };
    int32_t cyl = 0, surf = 0; double t = 0;
    for (int k = 0; k < 3; k++) {
      double best = 1e9; int bi = 0; sp_breakdown bb; memset(&bb, 0, sizeof bb);
      for (int i = 0; i < 3; i++) {
        if (used[i]) continue;
        sp_breakdown b;
        sp_access_time(sim, d, cyl, surf, t, lbns[i], 4, 0, &b);
        if (b.seek_ms + b.rotation_ms < best) { best = b.seek_ms + b.rotation_ms; bi = i; bb = b; }
      }
      used[bi] = 1; sptf[k] = lbns[bi];
      sp_phys ph; sp_lbn_to_phys(sim, d, lbns[bi] + 3, &ph);
      cyl = ph.cyl; surf = ph.surface; t += bb.total_ms;
    }
    CHECK(sptf[0] != lbns[0]);                   /* the case means something */
    int n = run_collect(sim);
    CHECK(n == 3);
    const sp_result *by[3] = { 0 };
    for (int i = 0; i < n; i++) {
      int rank = 0;
      for (int k = 0; k < n; k++) if (res[k].dispatch_ms < res[i].dispatch_ms) rank++;
      by[rank] = &res[i];
    }
    if (linked) for (int k = 0; k < 3; k++) CHECK(by[k] && by[k]->lbn == sptf[k]);
    else CHECK(by[0] && by[0]->lbn == lbns[0]);   /* unlinked: the first to arrive goes first */
    sp_free(sim);
  }
}

/* A batch whose last request never comes is closed when nothing else is left:
 * its requests are served, the run ends. */
static void test_open_batch_is_served_at_the_end(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 8);
  sp_request_submit(sim, d, 0, 100, 4, SP_SUBMIT_LINKED);
  sp_request_submit(sim, d, 0, 900, 4, SP_SUBMIT_LINKED);
  CHECK(run_collect(sim) == 2);
  CHECK(sp_done(sim));
  sp_free(sim);
}

/* The requests the host issues at one instant go to each device as a linked
 * batch: a linked batch of logical requests over an identity volume with an
 * unlimited host queue behaves as the same batch sent to the disk. */
static void test_linked_logical_batch(void) {
  static const int64_t lbns[3] = { 18059, 20, 11207 };
  double dispatch[2][3];
  for (int via = 0; via < 2; via++) {
    sp_sim *sim = sp_new(1);
    int d = fixture_small(sim, SP_SPARE_NONE, 0);
    sp_disk_set(sim, d, SP_DP_SCHEDULER, SP_SCHED_SPTF);
    sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 8);
    CHECK_OK(sp_disk_commit(sim, d));
    if (via) CHECK_OK(sp_host_set(sim, SP_HP_QUEUE_DEPTH, 3));   /* not pass-through */
    sp_output_configure(sim, 0, 8);
    for (int i = 0; i < 3; i++) {
      int f = i < 2 ? SP_SUBMIT_LINKED : 0;
      CHECK((via ? sp_submit(sim, 0, lbns[i], 4, f) : sp_request_submit(sim, d, 0, lbns[i], 4, f)) == i);
    }
    int n = run_collect(sim);
    CHECK(n == (via ? 6 : 3));
    for (int i = 0; i < n; i++)
      for (int k = 0; k < 3; k++) if (res[i].disk == 0 && res[i].lbn == lbns[k]) dispatch[via][k] = res[i].dispatch_ms;
    sp_free(sim);
  }
  for (int k = 0; k < 3; k++) CHECK(dispatch[0][k] == dispatch[1][k]);
}

/* Random streams: a second disk that nothing uses changes no draw of a run. */
static void test_unused_device_changes_no_draw(void) {
  static sp_result a[600];
  int na = 0;
  for (int extra = 0; extra < 2; extra++) {
    sp_sim *sim = sp_new(77);
    char err[512];
    CHECK(sps_load(sim, SMALL_SPS, NULL, err, sizeof err) == 0);
    if (extra) CHECK(sps_load(sim, SMALL_SPS, NULL, err, sizeof err) == 0);
    sp_output_configure(sim, 0, 128);
    sp_workload_set(sim, SP_WP_ARRIVALS, SP_ARRIVE_OPEN);
    sp_workload_set(sim, SP_WP_RATE_PER_S, 120);
    sp_workload_set(sim, SP_WP_COUNT, 500);
    sp_workload_set(sim, SP_WP_SIZE_DIST, SP_SIZE_EXPONENTIAL);
    sp_workload_set(sim, SP_WP_SIZE_SECTORS, 20);
    sp_workload_set(sim, SP_WP_READ_FRACTION, 0.6);
    int n = run_collect(sim);
    CHECK(n == 500);
    if (!extra) { memcpy(a, res, sizeof(sp_result) * (size_t)n); na = n; }
    else CHECK(na == n && memcmp(a, res, sizeof(sp_result) * (size_t)n) == 0);
    sp_free(sim);
  }
  /* and the streams are separate: drawing sizes (uniform) or not (fixed)
   * leaves the places and the read/write mix alone */
  int64_t where[2][50]; int32_t wr[2][50];
  for (int sized = 0; sized < 2; sized++) {
    sp_sim *sim = sp_new(9);
    char err[512];
    CHECK(sps_load(sim, SMALL_SPS, NULL, err, sizeof err) == 0);
    sp_output_configure(sim, 0, 64);
    sp_workload_set(sim, SP_WP_COUNT, 50);
    sp_workload_set(sim, SP_WP_READ_FRACTION, 0.5);
    if (sized) {
      sp_workload_set(sim, SP_WP_SIZE_DIST, SP_SIZE_UNIFORM);
      sp_workload_set(sim, SP_WP_SIZE_MAX_SECTORS, 64);
    }
    int n = run_collect(sim);
    CHECK(n == 50);
    for (int i = 0; i < n && i < 50; i++) { where[sized][res[i].id] = res[i].lbn; wr[sized][res[i].id] = res[i].is_write; }
    sp_free(sim);
  }
  int same = 0;
  for (int i = 0; i < 50; i++) same += where[0][i] == where[1][i];
  CHECK(same >= 45);            /* all but the few kept inside the disk by their size */
  CHECK(memcmp(wr[0], wr[1], sizeof wr[0]) == 0);
}

/* Bad host settings and device indexes name their field. */
static void test_bad_input_names_the_field(void) {
  sp_sim *sim = sp_new(1);
  char err[512];
  CHECK(sps_load(sim, SMALL_SPS, NULL, err, sizeof err) == 0);
  CHECK_OK(sp_disk_commit(sim, fixture_small(sim, SP_SPARE_NONE, 0)));   /* a different layout */
  CHECK(sp_host_set(sim, SP_HP_STRIPE_SECTORS, -4) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "host.stripe_sectors") != NULL);
  CHECK(sp_host_set(sim, SP_HP_POLICY, 7) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "host.policy") != NULL);
  CHECK(sp_host_set(sim, SP_HP_QUEUE_DEPTH, 1.5) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "host.queue_depth") != NULL);
  CHECK(sp_host_set(sim, (sp_host_param)99, 1) == SP_E_INVALID);
  CHECK(isnan(sp_host_get(sim, (sp_host_param)99)));
  /* a volume over devices that are not there */
  sp_host_set(sim, SP_HP_POLICY, SP_POLICY_STRIPE);
  sp_host_set(sim, SP_HP_DEVICES, 5);
  CHECK(sp_host_commit(sim) == SP_E_RANGE);
  CHECK(strstr(sp_error(sim), "host.devices: 5 devices from 0, but the sim has 2") != NULL);
  /* track-sized units over disks of different layouts */
  sp_host_set(sim, SP_HP_DEVICES, 2);
  CHECK(sp_host_commit(sim) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "host.stripe_tracks") != NULL && strstr(sp_error(sim), "disk 1") != NULL);
  CHECK(sp_volume_capacity(sim) == SP_E_INVALID);
  sp_workload_set(sim, SP_WP_COUNT, 10);
  CHECK(sp_run(sim, -1) == SP_E_INVALID);          /* the run says so too, and does not start */
  CHECK(strstr(sp_error(sim), "host.stripe_tracks") != NULL);
  sp_host_set(sim, SP_HP_STRIPE_SECTORS, 16);      /* units in sectors need no equal layouts */
  CHECK_OK(sp_host_commit(sim));
  CHECK(sp_host_set(sim, SP_HP_STRIPE_SECTORS, 1 << 23) == SP_OK);
  CHECK(sp_host_commit(sim) == SP_E_INVALID);      /* a unit larger than a disk */
  CHECK(strstr(sp_error(sim), "host.stripe_sectors") != NULL);
  /* identity over more than one device */
  sp_host_set(sim, SP_HP_POLICY, SP_POLICY_IDENTITY);
  CHECK(sp_host_commit(sim) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "host.devices") != NULL);
  sp_host_set(sim, SP_HP_DEVICES, 1);
  sp_host_set(sim, SP_HP_FIRST_DEVICE, 3);
  CHECK(sp_host_commit(sim) == SP_E_RANGE);
  CHECK(strstr(sp_error(sim), "host.devices: 1 device from 3") != NULL);
  sp_host_set(sim, SP_HP_FIRST_DEVICE, 1);
  CHECK_OK(sp_host_commit(sim));
  /* devices that do not exist */
  CHECK(sp_request_submit(sim, 5, 0, 0, 1, 0) == SP_E_RANGE);
  CHECK(strstr(sp_error(sim), "index 5 does not exist") != NULL);
  CHECK(sp_device_kind(sim, 5) == SP_E_RANGE && sp_device_kind(sim, 1) == SP_DEV_DISK);
  CHECK(sp_request_submit(sim, 0, 0, 0, 1, 4) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "flags") != NULL);
  CHECK(sp_submit(sim, 0, sp_volume_capacity(sim), 1, 0) == SP_E_RANGE);
  CHECK(strstr(sp_error(sim), "vlbn") != NULL);
  int64_t first, count;
  CHECK(sp_volume_unit(sim, -1, &first, &count) == SP_E_RANGE);
  CHECK(strstr(sp_error(sim), "vlbn") != NULL);
  /* once running, the host is fixed */
  sp_workload_set(sim, SP_WP_COUNT, 0);
  CHECK_OK(sp_run(sim, -1));
  CHECK(sp_host_set(sim, SP_HP_QUEUE_DEPTH, 2) == SP_E_STATE);
  sp_free(sim);
}

/* A closed workload over a stripe counts logical requests outstanding. */
static void test_closed_workload_counts_logical_requests(void) {
  sp_sim *sim = striped(11, 32);
  sp_output_configure(sim, 50000, 64);
  sp_workload_set(sim, SP_WP_COUNT, 200);
  sp_workload_set(sim, SP_WP_OUTSTANDING, 2);
  sp_workload_set(sim, SP_WP_SIZE_SECTORS, 100);   /* 100 sectors over 32-sector units: 4 or 5 parts */
  int out = 0, most = 0, nres = 0;
  sp_status st;
  do {
    st = sp_run(sim, -1);
    for (int32_t i = 0; i < sp_event_count(sim); i++) {
      const sp_event *e = &sp_events(sim)[i];
      if (e->kind == SP_EV_HOST_ARRIVE) { CHECK(e->disk == 0xFFFF && e->req == e->logical); out++; }
      if (e->kind == SP_EV_HOST_COMPLETE) out--;
      if (out > most) most = out;
    }
    nres += sp_result_count(sim);
  } while (st == SP_MORE);
  CHECK(st == SP_OK);
  CHECK(most == 2);
  CHECK(nres > 200 * 4);
  sp_stats h;
  CHECK_OK(sp_stats_get(sim, SP_HOST, &h));
  CHECK(h.completed == 200);
  sp_free(sim);
}

int main(void) {
  (void)sps_setups;
  RUN(test_passthrough_is_api1);
  RUN(test_logical_response_is_latest_part);
  RUN(test_stripe_map_sector_units);
  RUN(test_stripe_map_track_units);
  RUN(test_host_scheduler_order);
  RUN(test_linked_batch_is_served_in_sptf_order);
  RUN(test_open_batch_is_served_at_the_end);
  RUN(test_linked_logical_batch);
  RUN(test_unused_device_changes_no_draw);
  RUN(test_bad_input_names_the_field);
  RUN(test_closed_workload_counts_logical_requests);
  RUN(test_deep_host_queue_is_issued_in_bounded_steps);
  return check_summary("host");
}
