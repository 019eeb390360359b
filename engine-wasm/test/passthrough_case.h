/*
 * passthrough_case.h — an explicit-request run whose per-request results and
 * events are hashed over the fields API 1 already had, so that a change that
 * moves any timing of pass-through runs shows. The expected value was taken
 * from the engine before the host layer existed (API 1); a run through the
 * host in pass-through (identity policy, host queue depth 0) must match it.
 * No random draws are involved: the request list comes from a fixed LCG.
 */
#ifndef SPINDLE_PASSTHROUGH_CASE_H
#define SPINDLE_PASSTHROUGH_CASE_H
#include "spindle.h"
#include "script.h"
#include <stdint.h>
#include <string.h>

static uint64_t pt_fnv(uint64_t h, const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 0x100000001b3ull; }
  return h;
}

/* The request list: 400 requests to disk 0 (via `submit`) and a few to disk 1. */
typedef int64_t (*pt_submit_fn)(sp_sim *sim, int32_t disk, double t, int64_t lbn, int32_t n, int32_t w);

/* Loads two small disks (queue 8, SPTF, immediate writes, read-ahead), submits
 * the list through `submit`, runs it in chunks and hashes results and events. */
static uint64_t pt_run(sp_sim *sim, const char *small_disk_sps, pt_submit_fn submit) {
  char err[512];
  if (sps_load(sim, small_disk_sps, NULL, err, sizeof err) != 0) return 0;
  if (sps_load(sim, small_disk_sps, NULL, err, sizeof err) != 0) return 0;
  for (int d = 0; d < 2; d++) {
    sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 8);
    sp_disk_set(sim, d, SP_DP_SCHEDULER, SP_SCHED_SPTF);
    sp_disk_set(sim, d, SP_DP_WRITE_CACHE, SP_WC_IMMEDIATE);
    sp_disk_set(sim, d, SP_DP_READ_AHEAD, SP_RA_TRACK_END);
  }
  sp_output_configure(sim, 333, 37);
  uint64_t x = 12345;
  double t = 0;
  int64_t cap = sp_disk_capacity(sim, 0);
  for (int i = 0; i < 400; i++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    t += (double)((x >> 33) % 4000) / 1000.0;
    int64_t lbn = (int64_t)((x >> 11) % (uint64_t)(cap - 600));
    int32_t n = (int32_t)((x >> 5) % 300) + 1;
    int32_t w = (int32_t)((x >> 3) & 3) == 0;
    if (i % 3 == 1) lbn = 100000 + i * 64;           /* a sequential stream for the cache */
    if (submit(sim, 0, t, lbn, n, w) < 0) return 0;
    if (i % 50 == 7 && sp_request_submit(sim, 1, t, lbn, n, 0) < 0) return 0;
  }
  uint64_t h = 0xcbf29ce484222325ull;
  int32_t st;
  do {
    st = sp_run(sim, -1);
    for (int32_t i = 0; i < sp_result_count(sim); i++) {
      const sp_result *r = &sp_results(sim)[i];
      int64_t ints[6] = { r->id, r->lbn, r->sectors, r->is_write, r->disk, r->cache };
      double dbl[12] = { r->arrival_ms, r->dispatch_ms, r->complete_ms, r->queue_ms, r->overhead_ms,
                         r->seek_ms, r->rotation_ms, r->transfer_ms, r->switch_ms, r->bus_ms,
                         r->response_ms, r->head_ms };
      h = pt_fnv(h, ints, sizeof ints);
      h = pt_fnv(h, dbl, sizeof dbl);
    }
    for (int32_t i = 0; i < sp_event_count(sim); i++) {
      const sp_event *e = &sp_events(sim)[i];
      double dbl[3] = { e->time_ms, e->dur_ms, e->angle };
      int64_t ints[7] = { e->req, e->kind, e->disk, e->cyl, e->surface, e->a, e->b };
      h = pt_fnv(h, dbl, sizeof dbl);
      h = pt_fnv(h, ints, sizeof ints);
    }
  } while (st == SP_MORE);
  if (st != SP_OK) return 0;
  sp_stats s;
  for (int32_t d = -1; d < 2; d++) {
    sp_stats_get(sim, d, &s);
    s.p50_ms = s.p90_ms = s.p95_ms = s.p99_ms = 0;   /* percentiles: their method may change */
    h = pt_fnv(h, &s, sizeof s);
  }
  return h;
}
#endif
