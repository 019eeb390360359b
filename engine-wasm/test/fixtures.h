/* fixtures.h — small disks for the native tests, built through the public API. */
#ifndef SPINDLE_FIXTURES_H
#define SPINDLE_FIXTURES_H
#include "spindle.h"
#include <math.h>

/* The HP C2200A of Ruemmler & Wilkes (1994), Table 2. */
static inline int fixture_c2200a(sp_sim *sim) {
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_SURFACES, 8);
  sp_disk_set(sim, d, SP_DP_SECTOR_BYTES, 256);
  sp_disk_set(sim, d, SP_DP_RPM, 4002);
  sp_disk_set(sim, d, SP_DP_SEEK_A, 3.45); sp_disk_set(sim, d, SP_DP_SEEK_B, 0.597);
  sp_disk_set(sim, d, SP_DP_SEEK_C, 10.8); sp_disk_set(sim, d, SP_DP_SEEK_E, 0.012);
  sp_disk_set(sim, d, SP_DP_SEEK_BOUNDARY, 616);
  sp_disk_set(sim, d, SP_DP_HEAD_SWITCH_MS, 2.5);
  sp_disk_set(sim, d, SP_DP_CYL_SWITCH_MS, 2.5);
  sp_disk_add_zone(sim, d, 0, 1448, 114, 34, 43, SP_SPARE_SECTORS_PER_TRACK, 1);
  return sp_disk_commit(sim, d) == SP_OK ? d : -1;
}

/* A small zoned disk: 3 zones, 4 surfaces, skew, a given sparing, fast to scan. */
static inline int fixture_small(sp_sim *sim, int spare_kind, int spare_count) {
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_SURFACES, 4);
  sp_disk_set(sim, d, SP_DP_RPM, 6000);                 /* 10 ms per revolution */
  sp_disk_set(sim, d, SP_DP_SEEK_A, 1.0); sp_disk_set(sim, d, SP_DP_SEEK_B, 0.1);
  sp_disk_set(sim, d, SP_DP_SEEK_C, 2.0); sp_disk_set(sim, d, SP_DP_SEEK_E, 0.01);
  sp_disk_set(sim, d, SP_DP_SEEK_BOUNDARY, 50);
  sp_disk_set(sim, d, SP_DP_HEAD_SWITCH_MS, 0.5);
  sp_disk_set(sim, d, SP_DP_CYL_SWITCH_MS, 1.0);
  sp_disk_add_zone(sim, d, 0, 19, 100, 5, 10, spare_kind, spare_count);
  sp_disk_add_zone(sim, d, 20, 39, 80, 4, 8, spare_kind, spare_count);
  sp_disk_add_zone(sim, d, 40, 59, 60, 3, 6, spare_kind, spare_count);
  return d;
}
/* A disk for hand-computed timing: 1 surface, 10 cylinders of 100 sectors,
 * 10 ms per revolution (0.1 ms a sector), seeks free, read and write command
 * overheads 1 ms, the bus `bus_ms` a sector. Not committed. */
static inline int fixture_ten_cylinders(sp_sim *sim, double bus_ms) {
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_RPM, 6000);
  sp_disk_add_zone(sim, d, 0, 9, 100, 0, 0, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_READ_OVERHEAD_MS, 1.0);
  sp_disk_set(sim, d, SP_DP_WRITE_OVERHEAD_MS, 1.0);
  sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, bus_ms);
  return d;
}
/* A disk for hand-computed schedules: 1 surface, 100 cylinders of 100
 * sectors, no skew, 10 ms per revolution (0.1 ms a sector), every seek of one
 * cylinder or more 1 ms, no overheads, an instant bus, a queue of 8 served
 * in `sched` order. LBN = cylinder * 100 + slot. Not committed. */
static inline int fixture_hundred_cylinders(sp_sim *sim, int sched) {
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_RPM, 6000);
  sp_disk_set(sim, d, SP_DP_SEEK_A, 1); sp_disk_set(sim, d, SP_DP_SEEK_C, 1);
  sp_disk_set(sim, d, SP_DP_SEEK_BOUNDARY, 1);
  sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 8);
  sp_disk_set(sim, d, SP_DP_SCHEDULER, sched);
  sp_disk_add_zone(sim, d, 0, 99, 100, 0, 0, SP_SPARE_NONE, 0);
  return d;
}
/* Runs the submitted requests to the end; their results by id (ids below
 * max), returning how many arrived (or a negative status). */
static inline int fixture_run_results(sp_sim *sim, sp_result *out, int max) {
  int n = 0;
  sp_status st;
  do {
    st = sp_run(sim, -1);
    const sp_result *r = sp_results(sim);
    for (int i = 0; i < sp_result_count(sim); i++)
      if (r[i].id >= 0 && r[i].id < max) { out[r[i].id] = r[i]; n++; }
  } while (st == SP_MORE);
  return st < 0 ? st : n;
}

/* A new run with fixture_ten_cylinders (bus_ms a sector) as disk 0: one cache
 * segment of seg_sectors, read-ahead `mode` reaching at most max_ahead past
 * a read; committed, 64 results a chunk. NULL if a setting is refused. */
static inline sp_sim *fixture_one_segment(double bus_ms, int32_t seg_sectors, int32_t mode, int32_t max_ahead) {
  sp_sim *sim = sp_new(1);
  int d = fixture_ten_cylinders(sim, bus_ms);
  if (sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 1) != SP_OK || sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, seg_sectors) != SP_OK ||
      sp_disk_set(sim, d, SP_DP_READ_AHEAD, mode) != SP_OK || sp_disk_set(sim, d, SP_DP_READ_AHEAD_MAX_SECTORS, max_ahead) != SP_OK ||
      sp_disk_commit(sim, d) != SP_OK) {
    sp_free(sim);
    return NULL;
  }
  sp_output_configure(sim, 0, 64);
  return sim;
}

/* Submits a read of [lbn0, lbn0+n0) at 0 and one of [lbn1, lbn1+n1) at `at`,
 * runs them; *second: the second's result. Returns how many arrived. */
static inline int fixture_two_reads(sp_sim *sim, int64_t lbn0, int32_t n0, double at, int64_t lbn1, int32_t n1,
                                    sp_result *second) {
  sp_request_submit(sim, 0, 0, lbn0, n0, 0);
  sp_request_submit(sim, 0, at, lbn1, n1, 0);
  sp_result r[2];
  const int n = fixture_run_results(sim, r, 2);
  *second = r[1];
  return n;
}

/* A new run with fixture_ten_cylinders (the bus 0.1 ms a sector) as disk 0:
 * one 100-sector segment, no read-ahead, write caching `write_cache`, with
 * `write_segments` and `hits_on_writes` (READ_HITS_ON_WRITES); committed,
 * 64 results a chunk. NULL if a setting is refused. */
static inline sp_sim *fixture_write_buffer(int write_segments, int write_cache, int hits_on_writes) {
  sp_sim *sim = sp_new(1);
  int d = fixture_ten_cylinders(sim, 0.1);
  if (sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 1) != SP_OK || sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 100) != SP_OK ||
      sp_disk_set(sim, d, SP_DP_WRITE_CACHE, write_cache) != SP_OK ||
      sp_disk_set(sim, d, SP_DP_WRITE_SEGMENTS, write_segments) != SP_OK ||
      sp_disk_set(sim, d, SP_DP_READ_HITS_ON_WRITES, hits_on_writes) != SP_OK || sp_disk_commit(sim, d) != SP_OK) {
    sp_free(sim);
    return NULL;
  }
  sp_output_configure(sim, 0, 64);
  return sim;
}

/* One request of a hand-computed case: arrival, first LBN, sectors, flags. */
typedef struct fixture_req { double at; int64_t lbn; int32_t sectors; int32_t flags; } fixture_req;

/* Submits n requests to disk 0 and runs them; their results by id into out.
 * Returns how many arrived (or a negative status). */
static inline int fixture_submit_run(sp_sim *sim, const fixture_req *q, int n, sp_result *out) {
  for (int i = 0; i < n; i++) sp_request_submit(sim, 0, q[i].at, q[i].lbn, q[i].sectors, q[i].flags);
  return fixture_run_results(sim, out, n);
}

#endif
