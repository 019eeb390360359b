/*
 * fuzz_api.c — libFuzzer harness for the engine's public API (clang,
 * -fsanitize=fuzzer,address,undefined; scripts/fuzz.sh SECONDS runs it).
 *
 * One decoder turns the input bytes into a sequence of calls on up to two
 * sims at once (an op's low bit picks the sim): disk parameters, zones,
 * defects, seek points, commits, workload parameters, explicit requests to
 * a device or to the volume (some linked, some at sp_now() in the middle of
 * a run), output configuration, short runs with a bounded `until` and long
 * runs to the end, parameter changes after commit (every disk parameter,
 * between runs and between the calls of one run), the host (identity,
 * stripe or RAID-4/5, degraded or not, over the disks there are, host
 * schedulers and depths, the volume mapping), statistics, histograms,
 * percentiles, mapping and access-time queries, the demerit figure, resets,
 * disk copies between the two sims, the track-boundary extractor, whose sim
 * may be freed before it is, and the file-system experiment (a small setup
 * sized to the volume, its parameters, its queries), shingled drives (both
 * modes; zone actions at any time; the zones and the media cache checked
 * against each other).
 * A "scale" op sets the input's scale byte (0 at its start: every size
 * small, as the seeds before it decode): above 0, quick disks grow to
 * millions of sectors, file-system setups to millions of files (whose build
 * comes in bounded slices, each checked to advance), explicit batches to tens
 * of thousands of requests (linked or not), SPTF requests to hundreds of
 * sectors, and 2-D tables pass 2^31 cells more often.
 * Arguments come from small ranges, from a table of edge values (0, -1, caps
 * and caps + 1, INT32 extremes, NaN, infinities, huge and tiny doubles) or
 * raw bytes. "Quick disk" calls add a valid random disk (some with deep SPTF
 * queues and immediately reported writes), so most inputs reach the run.
 *
 * The engine must never crash, hang, leak or allocate without bound
 * (ASan/UBSan and libFuzzer's -timeout / -rss_limit_mb / leak checks catch
 * those), and what it returns must hold the header's promises, checked here:
 *  - statuses are known codes; an event stream is in time order (also across
 *    requests submitted mid-run at sp_now()), with finite times, valid kinds
 *    and angles in [0,1); counts never exceed the configured capacities;
 *  - a request submitted at or after sp_now() (and not before the previous
 *    one) to a valid place is accepted;
 *  - results have finite non-negative responses equal to complete - arrival;
 *    a logical record's response is >= each of its parts', its completion is
 *    its latest part's, and it has as many parts as it says;
 *  - when every result since the start was seen, the statistics agree with
 *    them: per device, all devices and SP_HOST, completed = results seen and
 *    the response mean = their sum / count (within rounding), min <= each <= max;
 *  - the volume mapping is consistent with its units and the policy;
 *  - an extractor whose sim was freed refuses to step (SP_E_STATE);
 *  - a file-system build returns SP_MORE only having advanced (its progress
 *    grows, below 1) and SP_OK only complete (progress 1).
 */
#include "spindle.h"
#include "spindle_extract.h"
#include "spindle_table2d.h"
#include "spindle_fs.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the decoder: bytes -> numbers ------------------------------------------------- */

typedef struct rd { const uint8_t *p; size_t n; } rd;

/* FUZZ_TRACE=1 in the environment prints every call (to turn a crash input
 * into a readable regression test: build/fuzz/fuzz_api CRASH_FILE). */
static int tracing = -1;
#define TRACE(...) do { if (tracing < 0) tracing = getenv("FUZZ_TRACE") != NULL; \
  if (tracing) { fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

/* The input's scale byte (the "scale" op; 0 at its start). */
static int scale;

static uint8_t u8(rd *r) {
  if (!r->n) return 0;
  r->n--;
  return *r->p++;
}
static uint32_t u32(rd *r) {
  uint32_t v = 0;
  for (int i = 0; i < 4; i++) v = v << 8 | u8(r);
  return v;
}
static uint64_t u64(rd *r) { return (uint64_t)u32(r) << 32 | u32(r); }

static const int64_t edge_ints[] = {
  0, 1, -1, 2, 3, 7, 8, 63, 64, 65, 255, 256, 1000, 4095, 4096, 4097, 65535, 65536, 65537,
  SP_MAX_DISKS, SP_MAX_ZONES, SP_MAX_SURFACES, SP_MAX_SURFACES + 1, SP_MAX_CYLINDERS - 1, SP_MAX_CYLINDERS,
  SP_MAX_TRACKS, SP_MAX_SECTORS_PER_TRACK, SP_MAX_SECTORS_PER_TRACK + 1, SP_MAX_DEFECTS,
  SP_MAX_SEEK_POINTS, SP_MAX_QUEUE_DEPTH, SP_MAX_QUEUE_DEPTH + 1, SP_MAX_IN_FLIGHT, SP_MAX_CHUNK,
  SP_MAX_CHUNK + 1, SP_MAX_CACHE_SEGMENTS, SP_MAX_CACHE_SEGMENTS + 1, INT32_MAX, INT32_MIN, INT32_MAX - 1,
  (int64_t)1 << 40, INT64_MAX, INT64_MIN,
};
#define NEDGE ((int)(sizeof edge_ints / sizeof *edge_ints))

/* An integer: mostly small, sometimes an edge value or raw bits. */
static int64_t pick_i(rd *r, int64_t small) {
  uint8_t k = u8(r);
  if (k < 160) return small > 0 ? (int64_t)(u32(r) % (uint64_t)small) : 0;
  if (k < 220) return edge_ints[u8(r) % NEDGE];
  if (k < 240) return -(int64_t)(u8(r));
  return (int64_t)u64(r);
}
static int32_t pick_i32(rd *r, int64_t small) {
  int64_t v = pick_i(r, small);
  return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v;
}

static double pick_d(rd *r, double small) {
  uint8_t k = u8(r);
  if (k < 120) return (double)(u32(r) % 100000) / 100000.0 * small;
  if (k < 170) return (double)pick_i(r, (int64_t)small + 1);
  switch (k % 12) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    case 3: return -0.0;
    case 4: return 1e300;
    case 5: return -1e300;
    case 6: return 1e-300;
    case 7: return 5e-324;
    case 8: return -1;
    case 9: return 1e6;
    case 10: { uint64_t b = u64(r); double d; memcpy(&d, &b, sizeof d); return d; }
    default: return (double)(int64_t)u64(r);
  }
}

/* A value for a parameter from the engine's own table: mostly inside its
 * range (an end, the middle of a small range, or a random point), sometimes
 * anything pick_d makes. */
static double pick_param(rd *r, int32_t table, int32_t p) {
  sp_param_info in;
  uint8_t k = u8(r);
  if (k >= 230 || sp_param_info_get(table, p, &in) != SP_OK) return pick_d(r, 100);
  double hi = in.hi > in.lo + 64 && k < 160 ? in.lo + 64 : in.hi;   /* small values most often */
  double v = k < 20 ? in.lo : k < 30 ? in.hi : in.lo + (hi - in.lo) * (u8(r) / 255.0);
  return in.whole ? floor(v) : v;
}

/* ---- what one sim is, and what its output said so far --------------------------------- */

#define EXPECT(c) do { if (!(c)) { fprintf(stderr, "fuzz: broken promise: %s (%s:%d)\n", #c, __FILE__, __LINE__); abort(); } } while (0)

#define HOSTROW SP_MAX_DISKS          /* tally row of the logical records */
#define MAXLOG 65536                  /* logical requests whose parts are followed */

typedef struct part_sum { int32_t parts; double max_response, max_complete; } part_sum;

typedef struct tally {
  int complete;                       /* every result since the start was seen */
  int64_t n[SP_MAX_DISKS + 1];
  double sum[SP_MAX_DISKS + 1], min[SP_MAX_DISKS + 1], max[SP_MAX_DISKS + 1];
  part_sum *parts;                    /* by logical id, for ids < MAXLOG */
} tally;

typedef struct simst {
  sp_sim *sim;
  int32_t evcap, rescap;
  double last_event_t;                /* the stream's time so far */
  double last_arrival;                /* the latest explicit arrival submitted */
  int last_closed;                    /* the last explicit request was SP_SUBMIT_AFTER_PREVIOUS */
  int runs_since_reset;
  tally t;
} simst;

typedef struct state {
  simst s[2];
  sp_extractor *ex[2];
  int ex_sim[2];                      /* which sim an extractor belongs to, -1: detached */
  int calls;                          /* sp_run calls so far in this input */
} state;

static void check_status(int64_t st) {
  EXPECT(st >= SP_E_LIMIT);               /* a known code, or an index/count >= 0 */
}

static void tally_reset(tally *t) {
  free(t->parts);
  memset(t, 0, sizeof *t);
  t->complete = 1;
  for (int i = 0; i <= SP_MAX_DISKS; i++) { t->min[i] = INFINITY; t->max[i] = -INFINITY; }
}

static void sim_open(simst *s, uint64_t seed) {
  memset(s, 0, sizeof *s);
  s->sim = sp_new(seed);
  tally_reset(&s->t);
}

static void sim_close(simst *s) {
  sp_free(s->sim);
  free(s->t.parts);
  memset(s, 0, sizeof *s);
}

/* ---- checks of the output ---------------------------------------------------------------- */

static void check_events(simst *s) {
  int32_t ne = sp_event_count(s->sim);
  EXPECT(ne >= 0 && ne <= (s->evcap > 0 ? s->evcap : 0));
  const sp_event *e = sp_events(s->sim);
  for (int32_t i = 0; i < ne; i++) {
    int host_kind = e[i].kind >= SP_EV_HOST_ARRIVE && e[i].kind <= SP_EV_HOST_COMPLETE;
    EXPECT(e[i].kind >= SP_EV_ARRIVE && e[i].kind < SP_EV_KIND_COUNT);
    EXPECT(isfinite(e[i].time_ms) && e[i].time_ms >= 0);
    EXPECT(isfinite(e[i].dur_ms) && e[i].dur_ms >= 0);
    EXPECT(e[i].angle >= 0 && e[i].angle < 1);
    /* Host events and the nvcache policy's (REDIRECT and after) belong to no device. */
    EXPECT(e[i].disk < sp_disk_count(s->sim) || (e[i].disk == 0xFFFF && (host_kind || e[i].kind >= SP_EV_REDIRECT)));
    if (host_kind) EXPECT(e[i].req == e[i].logical);
    if (!(e[i].time_ms >= s->last_event_t))
      TRACE("  event %d kind %d time %.17g < previous %.17g (req %u)", i, e[i].kind, e[i].time_ms, s->last_event_t, e[i].req);
    EXPECT(e[i].time_ms >= s->last_event_t);
    s->last_event_t = e[i].time_ms;
  }
}

static void tally_add(tally *t, int row, double response) {
  t->n[row]++; t->sum[row] += response;
  if (response < t->min[row]) t->min[row] = response;
  if (response > t->max[row]) t->max[row] = response;
}

/* A logical record against the parts seen for it. */
static void check_logical(tally *t, const sp_result *x) {
  /* No part: only a read the nvcache policy answered from its DRAM FQueue, at once. */
  EXPECT(x->parts >= 1 || (x->parts == 0 && !x->is_write && x->cache == 2 && x->response_ms == 0));
  EXPECT(x->logical == x->id);
  if (!t->complete || x->id < 0 || x->id >= MAXLOG || !t->parts) return;
  const part_sum *p = &t->parts[x->id];
  EXPECT(p->parts == x->parts);
  if (x->parts == 0) return;
  EXPECT(x->complete_ms == p->max_complete);
  EXPECT(x->response_ms >= p->max_response);
}

static void check_results(simst *s) {
  int32_t nr = sp_result_count(s->sim), nd = sp_disk_count(s->sim);
  EXPECT(nr >= 0 && nr <= (s->rescap > 0 ? s->rescap : 0));
  const sp_result *x = sp_results(s->sim);
  tally *t = &s->t;
  for (int32_t i = 0; i < nr; i++, x++) {
    EXPECT(isfinite(x->response_ms) && x->response_ms >= 0);
    EXPECT(x->complete_ms >= x->arrival_ms && x->response_ms == x->complete_ms - x->arrival_ms);
    EXPECT(isfinite(x->head_ms) && x->head_ms >= 0);
    EXPECT((x->disk >= 0 && x->disk < nd) || x->disk == -1);
    if (x->disk == -1) {
      check_logical(t, x);
      tally_add(t, HOSTROW, x->response_ms);
      continue;
    }
    EXPECT(x->parts == 1);
    tally_add(t, x->disk, x->response_ms);
    if (x->logical < 0 || x->logical >= MAXLOG) continue;
    if (!t->parts && !(t->parts = calloc(MAXLOG, sizeof *t->parts))) continue;
    part_sum *p = &t->parts[x->logical];
    p->parts++;
    if (x->response_ms > p->max_response) p->max_response = x->response_ms;
    if (x->complete_ms > p->max_complete) p->max_complete = x->complete_ms;
  }
}

/* One statistics view against the results seen for it. */
static void check_figures(sp_sim *sim, int32_t which, int64_t n, double sum, double lo, double hi) {
  sp_stats st;
  sp_status rc = sp_stats_get(sim, which, &st);
  check_status(rc);
  if (rc != SP_OK) { EXPECT(n == 0); return; }
  if (st.completed != n)
    TRACE("  stats(%d).completed = %lld, results seen %lld", which, (long long)st.completed, (long long)n);
  EXPECT(st.completed == n);
  if (n == 0) return;
  double mean = sum / (double)n;
  EXPECT(fabs(st.response_mean_ms - mean) <= 1e-9 * (fabs(mean) + hi) + 1e-9);
  EXPECT(st.response_min_ms == lo && st.response_max_ms == hi);
}

/* When every result since the start was seen (the chunk ended with SP_OK: no
 * record is carried over), the statistics must say what the results said. */
static void check_stats(simst *s) {
  tally *t = &s->t;
  if (!t->complete) return;
  int32_t nd = sp_disk_count(s->sim);
  int64_t n = 0;
  double sum = 0, lo = INFINITY, hi = -INFINITY;
  for (int32_t d = 0; d < nd && d < SP_MAX_DISKS; d++) {
    check_figures(s->sim, d, t->n[d], t->sum[d], t->min[d], t->max[d]);
    n += t->n[d]; sum += t->sum[d];
    if (t->min[d] < lo) lo = t->min[d];
    if (t->max[d] > hi) hi = t->max[d];
  }
  if (nd > 0) check_figures(s->sim, -1, n, sum, lo, hi);
  int passthrough = sp_host_get(s->sim, SP_HP_POLICY) == SP_POLICY_IDENTITY &&
                    sp_host_get(s->sim, SP_HP_QUEUE_DEPTH) == 0;
  if (passthrough) { if (nd > 0) check_figures(s->sim, SP_HOST, n, sum, lo, hi); EXPECT(t->n[HOSTROW] == 0); }
  else check_figures(s->sim, SP_HOST, t->n[HOSTROW], t->sum[HOSTROW], t->min[HOSTROW], t->max[HOSTROW]);
}

/* ---- traced calls: with FUZZ_TRACE set, the setup calls are printed as a
 * call script (test/script.h), runs and queries as comments ------------------ */

#include "../test/script.h"

static int32_t trace_disk = -1;
static int trace_sim = 0;

static void use_sim(int k) {
  if (k != trace_sim) { TRACE("# --- sim %d ---", k); trace_sim = k; trace_disk = -1; }
}
static void use_disk(int32_t d) {
  if (d != trace_disk) { TRACE("use %d", d); trace_disk = d; }
}
static int32_t f_disk_add(sp_sim *sim) {
  int32_t d = sp_disk_add(sim);
  TRACE("disk  # -> %d", d);
  if (d >= 0) trace_disk = d;
  return d;
}
static sp_status f_disk_set(sp_sim *sim, int32_t d, sp_disk_param p, double v) {
  use_disk(d);
  if ((int)p >= 0 && p < SP_DP_COUNT) TRACE("set %s %.17g", sps_disk_params[p], v);
  else TRACE("# sp_disk_set(disk %d, param %d, %.17g)", d, (int)p, v);
  return sp_disk_set(sim, d, p, v);
}
static sp_status f_add_zone(sp_sim *sim, int32_t d, int32_t a, int32_t b, int32_t spt, int32_t ts, int32_t cs, int32_t k, int32_t c) {
  use_disk(d);
  TRACE("zone %d %d %d %d %d %d %d", a, b, spt, ts, cs, k, c);
  return sp_disk_add_zone(sim, d, a, b, spt, ts, cs, k, c);
}
static sp_status f_set_zone(sp_sim *sim, int32_t d, int32_t z, int32_t p, double v) {
  use_disk(d);
  if (p >= 0 && p < SP_ZP_COUNT) TRACE("zone_set %s %d %.17g", p ? "front_space_sectors" : "first_block_offset", z, v);
  else TRACE("# sp_disk_set_zone(disk %d, zone %d, param %d, %.17g)", d, z, p, v);
  (void)sp_disk_get_zone(sim, d, z, p);
  return sp_disk_set_zone(sim, d, z, p, v);
}
static sp_status f_add_defect(sp_sim *sim, int32_t d, int32_t cyl, int32_t surf, int32_t slot, int32_t pol) {
  use_disk(d);
  TRACE("defect %d %d %d %d", cyl, surf, slot, pol);
  return sp_disk_add_defect(sim, d, cyl, surf, slot, pol);
}
static sp_status f_seek_point(sp_sim *sim, int32_t d, int32_t dist, double ms) {
  use_disk(d);
  TRACE("seek_point %d %.17g", dist, ms);
  return sp_disk_add_seek_point(sim, d, dist, ms);
}
static sp_status f_commit(sp_sim *sim, int32_t d) {
  use_disk(d);
  sp_status st = sp_disk_commit(sim, d);
  TRACE("commit  # -> %d", st);
  return st;
}
static sp_status f_wl(sp_sim *sim, sp_workload_param p, double v) {
  if ((int)p >= 0 && p < SP_WP_COUNT_PARAMS) TRACE("wl %s %.17g", sps_wl_params[p], v);
  else TRACE("# sp_workload_set(param %d, %.17g)", (int)p, v);
  return sp_workload_set(sim, p, v);
}
static int64_t f_submit(sp_sim *sim, int32_t d, double t, int64_t lbn, int32_t n, int32_t w) {
  int64_t k = sp_request_submit(sim, d, t, lbn, n, w);
  TRACE("submit %d %.17g %lld %d %d  # -> %lld", d, t, (long long)lbn, n, w, (long long)k);
  return k;
}
static int64_t f_vsubmit(sp_sim *sim, double t, int64_t vlbn, int32_t n, int32_t flags) {
  int64_t k = sp_submit(sim, t, vlbn, n, flags);
  TRACE("vsubmit %.17g %lld %d %d  # -> %lld", t, (long long)vlbn, n, flags, (long long)k);
  return k;
}
static sp_status f_host(sp_sim *sim, sp_host_param p, double v) {
  if ((int)p >= 0 && p < SP_HP_COUNT) TRACE("host %s %.17g", sps_host_params[p], v);
  else TRACE("# sp_host_set(param %d, %.17g)", (int)p, v);
  return sp_host_set(sim, p, v);
}
static sp_status f_output(sp_sim *sim, int32_t ev, int32_t res) {
  TRACE("output %d %d", ev, res);
  return sp_output_configure(sim, ev, res);
}
static sp_status f_smr(sp_sim *sim, int32_t d, sp_smr_param p, double v) {
  use_disk(d);
  if ((int)p >= 0 && p < SP_SMP_COUNT) TRACE("sset %s %.17g", sps_smr_params[p], v);
  else TRACE("# sp_smr_set(disk %d, param %d, %.17g)", d, (int)p, v);
  return sp_smr_set(sim, d, p, v);
}
static sp_status f_reset(sp_sim *sim, uint64_t seed) {
  TRACE("reset %llu", (unsigned long long)seed);
  return sp_reset(sim, seed);
}

/* ---- a valid random disk ------------------------------------------------------- */

/* deep: a queue of up to SP_MAX_QUEUE_DEPTH under SPTF, immediately reported
 * writes and a cache big enough to hold many of them. */
static void quick_disk(simst *s, rd *r, int deep, int smr) {
  sp_sim *sim = s->sim;
  int32_t d = smr ? sp_smr_add(sim) : f_disk_add(sim);
  if (smr) { TRACE("smr  # -> %d", d); if (d >= 0) trace_disk = d; }
  check_status(d);
  if (d < 0) return;
  int32_t surfaces = 1 + u8(r) % 4;
  f_disk_set(sim, d, SP_DP_SURFACES, surfaces);
  f_disk_set(sim, d, SP_DP_RPM, 3600 + 100 * (u8(r) % 120));
  f_disk_set(sim, d, SP_DP_SEEK_A, 0.5 + u8(r) / 100.0);
  f_disk_set(sim, d, SP_DP_SEEK_B, u8(r) / 500.0);
  f_disk_set(sim, d, SP_DP_SEEK_C, 1 + u8(r) / 50.0);
  f_disk_set(sim, d, SP_DP_SEEK_E, u8(r) / 10000.0);
  f_disk_set(sim, d, SP_DP_SEEK_BOUNDARY, u8(r));
  uint8_t f = u8(r);
  f_disk_set(sim, d, SP_DP_ZERO_LATENCY, f & 1);
  f_disk_set(sim, d, SP_DP_HEAD_SWITCH_MS, (f >> 1 & 3) * 0.3);
  f_disk_set(sim, d, SP_DP_WRITE_SETTLE_MS, (f >> 3 & 1) * 0.4);
  f_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, (f >> 4 & 3) * 0.01);
  f_disk_set(sim, d, SP_DP_READ_OVERHEAD_MS, (f >> 6) * 0.1);
  uint8_t c = u8(r);
  f_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 1 + u8(r) * (deep ? 64 : 4));
  f_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, deep ? 1 + (c & 7) : c & 7);
  f_disk_set(sim, d, SP_DP_READ_AHEAD, (c >> 3) % 3);
  f_disk_set(sim, d, SP_DP_WRITE_CACHE, deep ? SP_WC_IMMEDIATE : c >> 5 & 1);
  f_disk_set(sim, d, SP_DP_IMMEDIATE_RULE, c >> 6 & 1);
  f_disk_set(sim, d, SP_DP_WRITE_SEGMENTS, c >> 7);
  if (deep) {
    f_disk_set(sim, d, SP_DP_WRITE_HIT_OVERHEAD_MS, (u8(r) & 3) * 0.001);
    f_disk_set(sim, d, SP_DP_QUEUE_DEPTH, u8(r) < 64 ? SP_MAX_QUEUE_DEPTH : 1 + u8(r) * 4);
    f_disk_set(sim, d, SP_DP_SCHEDULER, u8(r) < 192 ? SP_SCHED_SPTF : u8(r) % SP_SCHED_COUNT);
  } else {
    f_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 1 + u8(r) % 16);
    f_disk_set(sim, d, SP_DP_SCHEDULER, u8(r) % SP_SCHED_COUNT);
  }
  uint8_t g = u8(r);
  if (g < 96) {                              /* the teaching simulators' scheduler rules */
    int h = u8(r);
    f_disk_set(sim, d, SP_DP_SPTF_DISKSIM, g & 1);
    f_disk_set(sim, d, SP_DP_SCHED_GATHER, h & 1);
    f_disk_set(sim, d, SP_DP_SCHED_WINDOW, h >> 1 & 7);
    f_disk_set(sim, d, SP_DP_SCHED_BATCH, h >> 4 & 1);
    f_disk_set(sim, d, SP_DP_SSTF_SPTF, h >> 5 & 1);
    f_disk_set(sim, d, SP_DP_SPTF_ACCESS, h >> 6 & 1);
    f_disk_set(sim, d, SP_DP_SCHED_TIE_MS, (h >> 7) * 1e-6);
    f_disk_set(sim, d, SP_DP_INITIAL_ROTATION, u8(r) / 256.0);
  }
  uint8_t k = u8(r);
  /* partial hits short of a read fence (its spare bits: the seeds keep their meaning) */
  f_disk_set(sim, d, SP_DP_PARTIAL_HIT_IMMEDIATE, k >> 1 & 1);
  f_disk_set(sim, d, SP_DP_READ_FENCE_FRACTION, (k >> 2 & 3) * 0.25);
  f_disk_set(sim, d, SP_DP_READ_AHEAD_STOP, (k >> 4 & 3) % 3);
  f_disk_set(sim, d, SP_DP_READ_ANY_FREE, (k >> 4 & 3) == 3);   /* the stop's spare value: 3 reads as 0 */
  f_disk_set(sim, d, SP_DP_READ_HITS_ON_WRITES, k >> 6 & 1);
  if (c >> 7 && k >> 7) f_disk_set(sim, d, SP_DP_WRITE_SEGMENTS, 3);   /* several write segments */
  if (k & 1) {                             /* a seek table instead of the curve */
    f_disk_set(sim, d, SP_DP_SEEK_MODEL, SP_SEEK_TABLE);
    int n = 1 + u8(r) % 6, dist = 0;
    for (int i = 0; i < n; i++) { dist += 1 + u8(r) * 3; f_seek_point(sim, d, dist, 0.5 + i + u8(r) / 100.0); }
  }
  int zones = 1 + u8(r) % 3, cyl = 0;
  for (int z = 0; z < zones; z++) {
    int ncyl = 1 + (scale ? (int)(u32(r) % (60u * (uint32_t)(1 + scale))) : u8(r) % 60);
    int spt = 8 + (scale ? (int)(u32(r) % (120u * (uint32_t)(1 + scale / 32))) : u8(r) % 120);
    int kind = u8(r) % 5, count = kind == 0 ? 0 : u8(r) % 4;
    if (kind == SP_SPARE_SECTORS_PER_TRACK && count >= spt) count = 1;
    f_add_zone(sim, d, cyl, cyl + ncyl - 1, spt, u8(r) % spt, u8(r) % spt, kind, count);
    uint8_t zp = u8(r);                 /* some zones restart their skew, some have front space */
    if (zp & 1) f_set_zone(sim, d, z, SP_ZP_FIRST_BLOCK_OFFSET, (zp >> 1) % spt + u8(r) / 256.0);
    if (zp & 2) f_set_zone(sim, d, z, SP_ZP_FRONT_SPACE_SECTORS, u8(r) * (zp >> 2));
    /* Spares per range of cylinders (no byte more: the zone byte's top bit). */
    if (kind == SP_SPARE_SECTORS_PER_ZONE && (zp & 0x80))
      f_set_zone(sim, d, z, SP_ZP_SPARE_RANGE_CYLINDERS, 1 + (zp >> 2) % ncyl);
    cyl += ncyl;
  }
  int defects = u8(r) % 6;
  for (int i = 0; i < defects; i++)
    f_add_defect(sim, d, u8(r) % (cyl ? cyl : 1), u8(r) % surfaces, u8(r) % 8, u8(r) & 1);
  if (u8(r) < 64) {                          /* the model ladder's reduced-fidelity switches */
    int m = u8(r);
    f_disk_set(sim, d, SP_DP_SEEK_LINEAR, m & 1);
    f_disk_set(sim, d, SP_DP_ROTATION_MODEL, m >> 1 & 1);
    f_disk_set(sim, d, SP_DP_SWITCH_MODEL, (m >> 2 & 3) % 3);
    f_disk_set(sim, d, SP_DP_SWITCH_FIXED_MS, (m >> 4 & 1) * 2.5);
    f_disk_set(sim, d, SP_DP_LAYOUT_MODEL, m >> 5 & 1);
    f_disk_set(sim, d, SP_DP_TRANSFER_MODEL, m >> 6 & 1);
    if (m >> 7) f_disk_set(sim, d, SP_DP_CONSTANT_MS, u8(r) / 10.0);
  }
  if (smr) {                                  /* a shingled drive: small bands, both modes */
    f_smr(sim, d, SP_SMP_MODE, 1 + u8(r) % 2);
    f_smr(sim, d, SP_SMP_BAND_TRACKS, 1 + u8(r) % 12);
    f_smr(sim, d, SP_SMP_GUARD_TRACKS, u8(r) % 3);
    f_smr(sim, d, SP_SMP_CONVENTIONAL_TRACKS, u8(r) % 10);
    f_smr(sim, d, SP_SMP_CLEAN_IDLE_MS, u8(r) < 64 ? -1 : u8(r) / 4.0);
  }
  check_status(f_commit(sim, d));
}

static int32_t pick_disk(simst *s, rd *r);

/* A shingled drive's calls on the device picked: its parameters (any value),
 * the zone calls, its statistics, checked against each other. */
static void smr_op(simst *s, rd *r) {
  sp_sim *sim = s->sim;
  int32_t d = pick_disk(s, r);
  uint8_t x = u8(r);
  if (x < 48) { check_status(f_smr(sim, d, (sp_smr_param)pick_i32(r, SP_SMP_COUNT + 1), pick_d(r, 20))); return; }
  if (x < 144) {
    int32_t zv = pick_i32(r, 40), a = pick_i32(r, 5);
    int32_t z = zv > INT32_MIN ? zv - 1 : zv;            /* -1: every zone; any other value as it came */
    use_disk(d);
    TRACE("zone_action %d %d", z, a);
    check_status(sp_zone_action(sim, d, z, a));
    return;
  }
  sp_smr_stats st;
  sp_zone zn;
  int32_t n = sp_zone_count(sim, d);
  check_status(n);
  if (sp_smr_stats_get(sim, d, &st) != SP_OK) return;
  EXPECT(n == st.zones && st.mc_used >= 0 && st.mc_used <= st.mc_sectors);
  EXPECT(st.clean_ms >= 0 && st.stall_ms >= 0 && st.cleaning >= -1 && st.cleaning < n);
  int64_t cached = 0, end = -1;
  for (int32_t k = 0; k < n; k++) {             /* zones in LBN order, their figures in range */
    EXPECT(sp_zone_get(sim, d, k, &zn) == SP_OK);
    EXPECT(zn.first_lbn >= end && zn.lbns > 0 && zn.wp >= zn.first_lbn && zn.wp <= zn.first_lbn + zn.lbns);
    EXPECT(sp_zone_of_lbn(sim, d, zn.first_lbn) == k && sp_zone_of_lbn(sim, d, zn.first_lbn + zn.lbns - 1) == k);
    end = zn.first_lbn + zn.lbns;
    cached += zn.cached;
  }
  EXPECT(cached == st.mc_used);                 /* the cache holds what the bands say */
}

/* ---- picking places ------------------------------------------------------------------- */

static int32_t pick_disk(simst *s, rd *r) {
  int32_t n = sp_disk_count(s->sim);
  uint8_t k = u8(r);
  if (k < 230 && n > 0) return k % n;
  int64_t v = pick_i(r, SP_MAX_DISKS + 2);
  return v > INT32_MAX || v <= INT32_MIN ? -1 : (int32_t)v - 1;
}

static int64_t pick_lbn(simst *s, rd *r, int32_t d) {
  int64_t cap = sp_disk_capacity(s->sim, d);
  uint8_t k = u8(r);
  if (cap > 0 && k < 200) return (int64_t)(u64(r) % (uint64_t)cap);
  if (cap > 0 && k < 215) return cap - 1 - (k & 3);
  if (cap > 0 && k < 225) return cap + (k & 3);
  return pick_i(r, 1000);
}

/* ---- requests --------------------------------------------------------------------------- */

/* Explicit requests from `t` on (sp_now() when t < 0), to a device or to the
 * volume. One that is in time and in range must be accepted. */
static void submit_some(simst *s, rd *r, int to_volume, double t) {
  sp_sim *sim = s->sim;
  int32_t d = to_volume ? -1 : pick_disk(s, r);
  int64_t cap = to_volume ? sp_volume_capacity(sim) : sp_disk_capacity(sim, d);
  int n = 1 + u8(r) % 8;
  const int closed = (u8(r) & 7) == 0;  /* a closed run: think times after each completion */
  if (t < 0) t = sp_now(sim);
  for (int i = 0; i < n; i++) {
    t += (u8(r) & 0x80) ? pick_d(r, 50) : 0;
    int64_t lbn = cap > 0 && u8(r) < 220 ? (int64_t)(u64(r) % (uint64_t)cap) : pick_lbn(s, r, d);
    int32_t sectors = u8(r) >= 200 ? pick_i32(r, 600)
                    : 1 + (scale ? (int32_t)(u32(r) % (64u * (uint32_t)(1 + scale / 16))) : u8(r) % 64);
    int32_t flags = u8(r) & (to_volume ? 7 : 3);   /* volumes also take SP_SUBMIT_SEMISEQ */
    double think = pick_d(r, 5);
    if (closed) flags = (flags & ~SP_SUBMIT_LINKED) | SP_SUBMIT_AFTER_PREVIOUS;
    const double at = closed ? think : t;
    int64_t k = to_volume ? f_vsubmit(sim, at, lbn, sectors, flags) : f_submit(sim, d, at, lbn, sectors, flags);
    check_status(k);
    int fits = cap > 0 && lbn >= 0 && sectors >= 1 && lbn < cap && sectors <= cap - lbn;
    int in_time = closed ? think >= 0 && think <= 1e9
                         : !s->last_closed && t >= sp_now(sim) && t >= s->last_arrival && t <= 1e9;
    /* Semi-sequential batches have their own rules (alignment, the quadrangle policy). */
    if (fits && in_time && sp_disk_count(sim) > 0 && !(flags & SP_SUBMIT_SEMISEQ)) {
      if (k < 0) TRACE("  refused: %s", sp_error(sim));
      EXPECT(k >= 0);
    }
    if (k >= 0) { if (!closed) s->last_arrival = t; s->last_closed = closed; }
  }
}

/* With a scale: a batch of up to 256 x scale explicit requests at one
 * instant (sp_now() or the latest arrival), to the volume or a device, all
 * linked or none, of up to 64 x (1 + scale / 16) sectors, their places and
 * sizes drawn by a generator seeded from the input (the input would run out
 * long before). Each in range must be accepted while the engine holds fewer
 * than SP_MAX_SUBMITTED. */
static void submit_batch(simst *s, rd *r) {
  sp_sim *sim = s->sim;
  const int to_volume = u8(r) & 1;
  const int32_t d = to_volume ? -1 : pick_disk(s, r);
  const int64_t cap = to_volume ? sp_volume_capacity(sim) : sp_disk_capacity(sim, d);
  const int32_t n = 1 + (int32_t)(u32(r) % (256u * (uint32_t)scale + 1));
  const uint8_t k = u8(r);
  const int32_t linked = k & 1 ? SP_SUBMIT_LINKED : 0, max_sectors = (1 + (k >> 1) % 64) * (1 + scale / 16);
  uint64_t x = u64(r) | 1;
  const double t = sp_now(sim) > s->last_arrival ? sp_now(sim) : s->last_arrival;
  if (s->last_closed || cap <= 0) return;      /* an absolute time cannot follow a closed request */
  TRACE("# a batch of %d requests at %.17g", n, t);
  for (int32_t i = 0; i < n; i++) {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;  /* xorshift64 */
    const int32_t sectors = 1 + (int32_t)(x % (uint64_t)max_sectors);
    const int64_t lbn = (int64_t)((x >> 8) % (uint64_t)cap);
    const int32_t flags = (int32_t)(x >> 63) * SP_SUBMIT_WRITE | (i + 1 < n ? linked : 0);
    const int64_t id = to_volume ? f_vsubmit(sim, t, lbn, sectors, flags) : f_submit(sim, d, t, lbn, sectors, flags);
    check_status(id);
    if (id >= 0) { s->last_arrival = t; continue; }
    if (id == SP_E_LIMIT) break;              /* SP_MAX_SUBMITTED held at once */
    if (lbn + sectors <= cap && t <= 1e9 && sp_disk_count(sim) > 0) {
      TRACE("  refused: %s", sp_error(sim));
      EXPECT(id >= 0);
    }
  }
}

/* ---- runs ------------------------------------------------------------------------------ */

static void retune(simst *s, rd *r, int every);

/* One sp_run call and the checks of what it returned. 0: stop calling.
 * A call does bounded work (SP_MAX_WORK_PER_RUN, a second or two under the
 * sanitizers at worst), or less when a small chunk fills first: an input
 * gets 48 units of calls, a call without a small chunk costs 6 (at a scale,
 * 48: its chunks rarely fill first, and a call's SP_MAX_WORK_PER_RUN of SPTF
 * estimates takes ~4 s under the fuzzer's instrumentation), so the fuzzer
 * stays fast and far from its timeout, which then means a hang. */
static int run_once(state *st, simst *s, double until) {
  int small_chunk = (s->rescap > 0 && s->rescap <= 256) || (s->evcap > 0 && s->evcap <= 4096);
  st->calls += scale ? 48 : small_chunk ? 1 : 6;   /* at a scale, one call: its work is all SPTF estimates or deep queues */
  if (sp_fs_get(s->sim, SP_FSP_ENABLED) == 1) st->calls += 18;  /* its clients never finish: every call does its whole share of work */
  if (st->calls > 48) return 0;
  if (s->rescap <= 0) s->t.complete = 0;          /* results are not kept: nothing to compare */
  sp_status rc = sp_run(s->sim, until);
  TRACE("# sp_run(sim, %.17g) = %d  [%d events, %d results, now %.17g]", until, rc, sp_event_count(s->sim),
        sp_result_count(s->sim), sp_now(s->sim));
  EXPECT(rc == SP_OK || rc == SP_MORE || (rc < 0 && rc >= SP_E_LIMIT));
  if (rc < 0) { EXPECT(sp_error(s->sim)[0] != 0); s->t.complete = 0; return 0; }
  s->runs_since_reset++;
  check_events(s);
  check_results(s);
  if (rc == SP_OK) check_stats(s);
  (void)sp_done(s->sim);
  return rc == SP_MORE ? 1 : 2;
}

/* A short run: a few calls up to `until`; between calls, maybe requests at
 * sp_now() or parameter changes. */
static void run_short(state *st, simst *s, rd *r) {
  double until = pick_d(r, 2000);
  int calls = 1 + u8(r) % 4;
  for (int i = 0; i < calls; i++) {
    int k = run_once(st, s, until);
    if (k != 1) break;
    uint8_t between = u8(r);
    if (between < 40) submit_some(s, r, between & 1, -1);
    else if (between < 60) retune(s, r, 0);
  }
}

/* A long run: a synthetic workload of up to thousands of requests (open or
 * closed, up to hundreds outstanding), run to its end in many calls with small
 * chunks, requests and parameter changes slipped in between calls (within the
 * input's budget of calls: run_once). */
static void run_long(state *st, simst *s, rd *r) {
  sp_sim *sim = s->sim;
  uint8_t k = u8(r);
  f_wl(sim, SP_WP_COUNT, 200 + (k & 7) * 700);
  f_wl(sim, SP_WP_ARRIVALS, k >> 3 & 1);
  f_wl(sim, SP_WP_OUTSTANDING, (k >> 4 & 1) ? 1 + u8(r) * 4 : 1 + u8(r) % 8);
  f_wl(sim, SP_WP_RATE_PER_S, 50 + u8(r) * 40.0);
  f_wl(sim, SP_WP_SIZE_SECTORS, 1 + u8(r) % 32);
  f_wl(sim, SP_WP_READ_FRACTION, (u8(r) % 5) / 4.0);
  f_wl(sim, SP_WP_PATTERN, (k >> 5 & 1) ? 1 + (k >> 7 & 1) : 0);   /* random, sequential or desktop */
  if (u8(r) < 128) {
    int32_t ev = (k >> 6 & 1) ? 1 + u8(r) * 16 : 0, res = 1 + u8(r) % 128;
    if (f_output(sim, ev, res) == SP_OK) {
      if (s->runs_since_reset) s->t.complete = 0;
      s->evcap = ev; s->rescap = res;
    }
  }
  double until = u8(r) < 128 ? -1 : sp_now(sim) + pick_d(r, 5000);
  for (int calls = 0; calls < 40; calls++) {
    int c = run_once(st, s, until);
    if (c == 0 || (c == 2 && sp_done(sim))) break;
    if (c == 2) until = until < 0 ? -1 : until + 1 + u8(r) * 20.0;   /* paused at `until`: go on */
    uint8_t between = u8(r);
    if (between < 30) submit_some(s, r, between & 1, between & 2 ? -1 : sp_now(sim) + u8(r) / 16.0);
    else if (between < 45) retune(s, r, 0);
  }
}

/* ---- parameter changes after commit ------------------------------------------------------ */

/* Sets one disk parameter (every one of them when `every`) of a committed
 * disk to a value from its range: between runs, or between the calls of one. */
static void retune(simst *s, rd *r, int every) {
  int32_t d = pick_disk(s, r);
  int32_t first = every ? 0 : (int32_t)(u8(r) % SP_DP_COUNT), last = every ? SP_DP_COUNT - 1 : first;
  for (int32_t p = first; p <= last; p++) {
    if (every && u8(r) < 96) continue;
    check_status(f_disk_set(s->sim, d, (sp_disk_param)p, pick_param(r, SP_TABLE_DISK, p)));
  }
}

/* ---- the host ----------------------------------------------------------------------------- */

/* The nvcache policy over a disk and a flash device (added if there is none):
 * a small FQueue (so flushing, coalescing and overwrites happen), any
 * estimator, watermarks (sometimes crossed: refused, named), idle purge on or
 * off. Returns 0 if the sim has no disk to build it on. */
static int nvcache_setup(simst *s, rd *r) {
  sp_sim *sim = s->sim;
  int32_t disk = -1, flash = -1;
  for (int32_t i = 0; i < sp_disk_count(sim); i++) {
    if (sp_device_kind(sim, i) == SP_DEV_FLASH) { if (flash < 0 || u8(r) < 64) flash = i; }
    else if (disk < 0 || (sp_disk_capacity(sim, i) > 0 && (sp_disk_capacity(sim, disk) <= 0 || u8(r) < 64))) disk = i;
  }
  if (disk < 0) return 0;
  /* the policy needs a committed disk */
  if (sp_disk_capacity(sim, disk) <= 0 && f_commit(sim, disk) != SP_OK) return 0;
  if (flash < 0) {
    TRACE("flash");
    flash = sp_flash_add(sim);
    check_status(flash);
    if (flash < 0) return 1;
  }
  TRACE("# flash %d: capacity and write time", flash);
  check_status(sp_flash_set(sim, flash, SP_FP_CAPACITY_SECTORS, u8(r) < 32 ? 0 : 1 + u8(r) * 8));
  check_status(sp_flash_set(sim, flash, SP_FP_WRITE_MS, pick_d(r, 3)));
  check_status(f_host(sim, SP_HP_POLICY, SP_POLICY_NVCACHE));
  check_status(f_host(sim, SP_HP_FIRST_DEVICE, disk));
  check_status(f_host(sim, SP_HP_DEVICES, 1));
  check_status(f_host(sim, SP_HP_FLASH_DEVICE, flash));
  check_status(f_host(sim, SP_HP_ESTIMATOR, u8(r) % 3));
  check_status(f_host(sim, SP_HP_SCHEDULER, (const int[]){ SP_SCHED_FCFS, SP_SCHED_SSTF, SP_SCHED_CLOOK }[u8(r) % 3]));
  check_status(f_host(sim, SP_HP_QUEUE_DEPTH, u8(r) % 3));                 /* 2: refused at commit */
  check_status(f_host(sim, SP_HP_HIGH_WATERMARK, (double)u8(r) / 255.0));
  check_status(f_host(sim, SP_HP_LOW_WATERMARK, (double)u8(r) / 255.0));
  check_status(f_host(sim, SP_HP_IDLE_PURGE, u8(r) & 1));
  const sp_status st = sp_host_commit(sim);
  check_status(st);
  if (st == SP_OK) for (int i = u8(r) % 4; i > 0; i--) submit_some(s, r, 1, -1);   /* requests for the policy */
  return 1;
}

/* Sometimes puts a volume's devices on one shared bus (a flash device or an
 * uncommitted disk takes the setting or refuses it by name). */
static void share_a_bus(simst *s, rd *r, int32_t first, int32_t devs) {
  if (u8(r) >= 64) return;
  const int32_t bus = 1 + u8(r) % SP_MAX_DISKS;
  for (int32_t i = first; i < first + devs && i < sp_disk_count(s->sim); i++)
    check_status(f_disk_set(s->sim, i, SP_DP_SHARED_BUS, bus));
}

/* RAID-4 or RAID-5 over some of the disks there are (one disk, a unit of 0
 * and a failed device outside the volume are refused at commit), with or
 * without a failed device, any read-modify-write fraction, the device queue
 * on or off under each host scheduler. */
static void raid_setup(simst *s, rd *r) {
  sp_sim *sim = s->sim;
  int32_t nd = sp_disk_count(sim);
  uint8_t k = u8(r);
  int32_t first = nd > 1 && (k & 1) ? u8(r) % nd : 0;
  int32_t devs = nd > first ? 1 + u8(r) % (nd - first) : 2;
  static const int sched[] = { SP_SCHED_FCFS, SP_SCHED_SSTF, SP_SCHED_CLOOK };
  check_status(f_host(sim, SP_HP_POLICY, (k & 2) ? SP_POLICY_RAID5 : SP_POLICY_RAID4));
  check_status(f_host(sim, SP_HP_FIRST_DEVICE, first));
  check_status(f_host(sim, SP_HP_DEVICES, devs));
  check_status(f_host(sim, SP_HP_STRIPE_SECTORS, (k & 4) && u8(r) < 16 ? 0 : 1 + u8(r) % 128));
  check_status(f_host(sim, SP_HP_FAILED_DEVICE, (k & 8) ? ((k & 16) ? first + u8(r) % devs : u8(r) % SP_MAX_DISKS) : -1));
  check_status(f_host(sim, SP_HP_RMW_FRACTION, (double)u8(r) / 255.0));
  check_status(f_host(sim, SP_HP_DEVICE_QUEUE, (k >> 5) & 1));
  check_status(f_host(sim, SP_HP_SCHEDULER, sched[u8(r) % 3]));
  check_status(f_host(sim, SP_HP_QUEUE_DEPTH, (k >> 6) == 3 ? 1 + u8(r) % 4 : 0));
  share_a_bus(s, r, first, devs);
  if (u8(r) < 64) check_status(sp_host_commit(sim));
}

/* A volume: identity, or a stripe over some of the disks there are (sector
 * or track units), with a host scheduler and depth; or the nvcache policy;
 * or RAID-4/5. */
static void host_setup(simst *s, rd *r) {
  sp_sim *sim = s->sim;
  int32_t nd = sp_disk_count(sim);
  if (u8(r) < 48 && nvcache_setup(s, r)) return;
  if (u8(r) < 48) { raid_setup(s, r); return; }
  uint8_t k = u8(r);
  int stripe = k & 1, quad = !stripe && u8(r) < 40;
  int32_t first = nd > 1 && (k & 2) ? u8(r) % nd : 0;
  int32_t devs = (stripe || quad) && nd > first ? 1 + u8(r) % (nd - first) : 1;
  check_status(f_host(sim, SP_HP_POLICY, stripe ? SP_POLICY_STRIPE : quad ? SP_POLICY_QUADRANGLE : SP_POLICY_IDENTITY));
  check_status(f_host(sim, SP_HP_FIRST_DEVICE, first));
  check_status(f_host(sim, SP_HP_DEVICES, devs));
  if (stripe) {
    check_status(f_host(sim, SP_HP_STRIPE_SECTORS, (k & 4) ? 0 : 1 + u8(r) % 128));
    check_status(f_host(sim, SP_HP_STRIPE_TRACKS, 1 + u8(r) % 3));
  }
  static const int sched[] = { SP_SCHED_FCFS, SP_SCHED_SSTF, SP_SCHED_CLOOK };
  check_status(f_host(sim, SP_HP_SCHEDULER, sched[(k >> 3) % 3]));
  check_status(f_host(sim, SP_HP_QUEUE_DEPTH, (k >> 5) == 7 ? 1 + u8(r) * 4 : k >> 5));
  share_a_bus(s, r, first, devs);
  if (u8(r) < 64) check_status(sp_host_commit(sim));
}

/* One host parameter, any value. */
static void host_poke(simst *s, rd *r) {
  uint8_t k = u8(r);
  sp_host_param p = (sp_host_param)(k < 200 ? k % SP_HP_COUNT : pick_i32(r, SP_HP_COUNT + 1));
  double v = k < 100 && p == SP_HP_DEVICES ? sp_disk_count(s->sim) : k < 150 ? pick_param(r, SP_TABLE_HOST, p) : pick_d(r, 40);
  check_status(f_host(s->sim, p, v));
}

/* The volume mapping: a block's unit maps block for block onto one device,
 * distinct blocks map to distinct places, and the policy's arithmetic holds. */
/* 2-D tables over a quadrangle volume: the cell map both ways, and a small
 * TPC-H-like query (sp_table2d_submit_mix) with arguments in and out of range. */
static void table_op(simst *s, rd *r, int32_t dv, int64_t lv) {
  sp_sim *sim = s->sim;
  /* Now and then a table past 2^31 cells (up to the caps: 2^20 columns, 2^50 rows),
   * which must be refused by its size, never wrapped. */
  const uint8_t h = u8(r);
  const int huge = h >= 250 || (scale && h >= 128);
  int32_t cols = huge ? 1 + (int32_t)(u32(r) % (1u << 20)) : 1 + (int32_t)(u8(r) % 20);
  int64_t rows = huge ? (int64_t)(((uint64_t)u32(r) << 18) % ((uint64_t)1 << 50)) + 1
                      : u8(r) < 240 ? 1 + (int64_t)(u32(r) % 5000) : pick_i(r, 10);
  const int32_t layout = u8(r) % 4;                                      /* layout 3: refused */
  sp_status st = sp_table2d_set(sim, layout, cols, rows);
  TRACE("# sp_table2d_set(layout %d, %d columns, %lld rows) = %d", layout, cols, (long long)rows, st);
  check_status(st);
  if (st != SP_OK) return;
  int64_t row, v; int32_t col;
  st = sp_table2d_locate(sim, dv, lv, &row, &col);
  check_status(st);
  if (st == SP_OK) EXPECT(row >= 0 && row < rows && col >= 0 && col < cols && sp_table2d_cell(sim, row, col, &v) == SP_OK);
  check_status(sp_table2d_locate(sim, u8(r) & 1 ? dv : pick_i32(r, 20), u8(r) & 1 ? lv : pick_i(r, 1000), &row, &col));
  double t = sp_now(sim) > s->last_arrival ? sp_now(sim) : s->last_arrival;
  int64_t n = sp_table2d_submit_mix(sim, t, u8(r) < 200 ? (int32_t)(u8(r) % (cols + 1)) : pick_i32(r, 30),
                                    u8(r) < 200 ? 1 + (int64_t)(u32(r) % (uint64_t)rows) : pick_i(r, 300),
                                    u8(r) < 200 ? (int32_t)(u8(r) % 4) : pick_i32(r, 10),
                                    u8(r) < 200 ? 1 + (int64_t)(u32(r) % (uint64_t)rows) : pick_i(r, 50), u8(r) & 7);
  check_status(n);
  if (n > 0) s->last_arrival = t;
}

static void check_volume(simst *s, rd *r) {
  sp_sim *sim = s->sim;
  int64_t cap = sp_volume_capacity(sim);
  check_status(cap);
  if (cap <= 0) return;
  int64_t v = (int64_t)(u64(r) % (uint64_t)cap), w = (int64_t)(u64(r) % (uint64_t)cap);
  int32_t dv, dw; int64_t lv, lw, first, count;
  EXPECT(sp_volume_map(sim, v, &dv, &lv) == SP_OK && dv >= 0 && dv < sp_disk_count(sim) &&
         lv >= 0 && lv < sp_disk_capacity(sim, dv));
  EXPECT(sp_volume_unit(sim, v, &first, &count) == SP_OK && first <= v && v < first + count && count >= 1);
  if (sp_host_get(sim, SP_HP_POLICY) == SP_POLICY_QUADRANGLE) {
    /* Blocks rotate within a track row: no unit is one run, but the map inverts. */
    int64_t back, rect[SP_MAX_QUAD_DEPTH]; sp_volume_info vi;
    EXPECT(sp_volume_unmap(sim, dv, lv, &back) == SP_OK && back == v);
    check_status(sp_volume_rectangle(sim, v, rect, SP_MAX_QUAD_DEPTH));
    check_status(sp_volume_info_get(sim, &vi));
    table_op(s, r, dv, lv);
    return;
  }
  int64_t probes[3] = { first, first + count - 1, w };
  for (int i = 0; i < 3; i++) {
    int64_t x = probes[i];
    EXPECT(sp_volume_map(sim, x, &dw, &lw) == SP_OK);
    if (x >= first && x < first + count) EXPECT(dw == dv && lw - lv == x - v);   /* one unit, one run */
    else if (x != v) EXPECT(dw != dv || lw != lv);
  }
  EXPECT(sp_volume_map(sim, cap, &dw, &lw) < 0 && sp_volume_map(sim, -1, &dw, &lw) < 0);
  int32_t fd = (int32_t)sp_host_get(sim, SP_HP_FIRST_DEVICE), p = (int32_t)sp_host_get(sim, SP_HP_DEVICES);
  int64_t u = (int64_t)sp_host_get(sim, SP_HP_STRIPE_SECTORS);
  if (sp_host_get(sim, SP_HP_POLICY) == SP_POLICY_IDENTITY) EXPECT(dv == fd && lv == v);
  else if (sp_host_get(sim, SP_HP_POLICY) == SP_POLICY_STRIPE && u > 0) EXPECT(count == u && first % u == 0 && dv == fd + (v / u) % p && lv == (v / u / p) * u + v % u);
  else if (sp_host_get(sim, SP_HP_POLICY) >= SP_POLICY_RAID4) {
    /* row v / u / (p - 1) is device blocks row * u .., its parity on none of its data */
    const int64_t row = v / u / (p - 1);
    const int32_t parity = sp_host_get(sim, SP_HP_POLICY) == SP_POLICY_RAID5 ? p - 1 - (int32_t)(row % p) : p - 1;
    EXPECT(count == u && first % u == 0 && lv == row * u + v % u && dv - fd != parity);
  }
}

/* ---- queries -------------------------------------------------------------------------------- */

static void queries(simst *s, rd *r) {
  sp_sim *sim = s->sim;
  int32_t d = pick_disk(s, r);
  switch (u8(r) % 10) {
    case 0: { sp_phys p; check_status(sp_lbn_to_phys(sim, d, pick_lbn(s, r, d), &p)); break; }
    case 1: {
      int64_t lbn = -5;
      int32_t cyl = pick_i32(r, 200), surf = pick_i32(r, 5), slot = pick_i32(r, 200);
      sp_status st = sp_phys_to_lbn(sim, d, cyl, surf, slot, &lbn);
      check_status(st);
      if (st == SP_OK) EXPECT(lbn >= -2 && lbn < sp_disk_capacity(sim, d));
      break;
    }
    case 2: { sp_track t; check_status(sp_track_info(sim, d, pick_i32(r, 500), &t)); break; }
    case 3: {
      int32_t t = sp_track_of_lbn(sim, d, pick_lbn(s, r, d));
      check_status(t);
      if (t >= 0) EXPECT(t < sp_disk_track_count(sim, d));
      break;
    }
    case 4: {
      sp_breakdown b;
      sp_status st = sp_access_time(sim, d, pick_i32(r, 100), pick_i32(r, 4), pick_d(r, 1000), pick_lbn(s, r, d),
                                    pick_i32(r, 2000), u8(r) & 1, &b);
      check_status(st);
      if (st == SP_OK) EXPECT(isfinite(b.total_ms) && b.total_ms >= 0);
      break;
    }
    case 5: (void)sp_seek_time(sim, d, pick_i32(r, 1000)); (void)sp_revolution_ms(sim, d);
            (void)sp_angle_at(sim, d, pick_d(r, 1e5)); (void)sp_disk_get(sim, d, (sp_disk_param)pick_i32(r, SP_DP_COUNT + 2));
            (void)sp_workload_get(sim, (sp_workload_param)pick_i32(r, SP_WP_COUNT_PARAMS + 2)); break;
    case 6: {
      sp_stats st;
      check_status(sp_stats_get(sim, d, &st));
      (void)sp_response_percentile(sim, d, pick_d(r, 1));
      sp_stats hs;
      sp_status rc = sp_stats_get(sim, SP_HOST, &hs);     /* the logical requests' figures */
      check_status(rc);
      if (rc == SP_OK) EXPECT(hs.completed >= 0);
      (void)sp_host_get(sim, (sp_host_param)pick_i32(r, SP_HP_COUNT + 2));
      (void)sp_device_kind(sim, d);
      break;
    }
    case 7: {
      int32_t bins = pick_i32(r, 300);
      uint32_t one[1];
      uint32_t *counts = bins >= 1 && bins <= 100000 ? calloc((size_t)bins, sizeof *counts) : one;
      check_status(sp_response_histogram(sim, u8(r) & 1 ? SP_HOST : d, pick_d(r, 10), bins, counts));
      if (counts != one) free(counts);
      break;
    }
    case 8: (void)sp_head_cyl(sim, d); (void)sp_head_surface(sim, d); (void)sp_disk_cylinders(sim, d);
            (void)sp_disk_track_count(sim, d); break;
    default: {
      int32_t na = pick_i32(r, 40), nb = pick_i32(r, 40);
      double a[40], b[40], dm = 0, rel = 0;
      for (int i = 0; i < 40; i++) { a[i] = pick_d(r, 50); b[i] = pick_d(r, 50); }
      if (na > 40) na = 40;
      if (nb > 40) nb = 40;
      check_status(sp_demerit(a, na, b, nb, &dm, &rel));
      break;
    }
  }
}

/* ---- the extractor and lifetimes ---------------------------------------------------------- */

static void extractor_check(sp_extractor *ex) {
  sp_extract_report rep;
  check_status(sp_extract_report_get(ex, &rep));
  int64_t nb = sp_extract_boundary_count(ex);
  const int64_t *b = sp_extract_boundaries(ex);
  for (int64_t k = 1; k < nb; k++) EXPECT(b[k] > b[k - 1]);
  int32_t np = sp_extract_probe_count(ex);
  const sp_probe *p = sp_extract_probes(ex);
  for (int32_t k = 0; k < np; k++) EXPECT(p[k].sectors >= 1);
}

static void extractor_free(state *st, int slot) {
  if (!st->ex[slot]) return;
  TRACE("# sp_extract_free(extractor %d)", slot);
  sp_extract_free(st->ex[slot]);
  st->ex[slot] = NULL;
}

/* New extractor in a slot (the slot's old one is freed), or steps of the
 * slot's extractor; one whose sim is gone must refuse with SP_E_STATE. */
static void extractor_op(state *st, int k, rd *r) {
  int slot = u8(r) & 1;
  simst *s = &st->s[k];
  if (!st->ex[slot] || u8(r) < 80) {
    extractor_free(st, slot);
    int32_t d = pick_disk(s, r);
    int64_t first = pick_lbn(s, r, d), lbns = pick_i(r, 3000);
    st->ex[slot] = sp_extract_new(s->sim, d, first, lbns);
    TRACE("# sp_extract_new(sim %d, disk %d, %lld, %lld) -> %s", k, d, (long long)first, (long long)lbns,
          st->ex[slot] ? "extractor" : "NULL");
    if (!st->ex[slot]) { EXPECT(sp_error(s->sim)[0] != 0); return; }
    st->ex_sim[slot] = k;
  }
  int steps = 1 + u8(r) % 2;
  for (int i = 0; i < steps; i++) {
    sp_status rc = sp_extract_step(st->ex[slot], pick_i32(r, 3));
    check_status(rc);
    if (st->ex_sim[slot] < 0) EXPECT(rc == SP_E_STATE);
    extractor_check(st->ex[slot]);
    if (rc != SP_MORE) break;
  }
  if (u8(r) < 40) {             /* the head switch estimate: once measured, the same values */
    double ms = NAN, skew = NAN, ms2, skew2;
    sp_status rc = sp_extract_switch(st->ex[slot], &ms, &skew);
    check_status(rc);
    if (st->ex_sim[slot] < 0) EXPECT(rc == SP_E_STATE);
    if (rc == SP_OK) EXPECT(isfinite(ms) && ms >= 0 && sp_extract_switch(st->ex[slot], &ms2, &skew2) == SP_OK && ms2 == ms &&
                            (skew2 == skew || (isnan(skew) && isnan(skew2))));
    extractor_check(st->ex[slot]);
  }
}

/* Frees sim k (its extractors are detached, not freed) and opens a fresh one. */
static void sim_replace(state *st, int k, uint64_t seed) {
  TRACE("# sp_free(sim %d); a new sim %d", k, k);
  sim_close(&st->s[k]);
  for (int i = 0; i < 2; i++) if (st->ex[i] && st->ex_sim[i] == k) st->ex_sim[i] = -1;
  sim_open(&st->s[k], seed);
}

/* ---- the interpreter -------------------------------------------------------------- */

static void op_output(simst *s, rd *r) {
  int32_t ev = pick_i32(r, 2000), res = pick_i32(r, 500);
  sp_status rc = f_output(s->sim, ev, res);
  check_status(rc);
  if (rc == SP_OK) {
    if (s->runs_since_reset) s->t.complete = 0;   /* records carried over are dropped */
    s->evcap = ev; s->rescap = res;
  }
}

static void op_reset(simst *s, rd *r) {
  sp_status rc = f_reset(s->sim, u64(r));
  check_status(rc);
  if (rc == SP_OK) {
    s->last_event_t = 0; s->last_arrival = 0; s->last_closed = 0; s->runs_since_reset = 0;
    tally_reset(&s->t);
  }
}

static void op_workload(simst *s, rd *r) {
  sp_workload_param p = (sp_workload_param)pick_i32(r, SP_WP_COUNT_PARAMS + 1);
  double v = u8(r) < 128 ? pick_param(r, SP_TABLE_WORKLOAD, p)
                         : pick_d(r, p == SP_WP_COUNT ? 3000 : p == SP_WP_RATE_PER_S ? 2000 : 300);
  check_status(f_wl(s->sim, p, v));
}

/* Disk `d` of one sim copied into the other (or into a throwaway sim). */
static void op_copy(state *st, int k, rd *r) {
  simst *from = &st->s[k], *to = &st->s[!k];
  int32_t d = pick_disk(from, r);
  if (u8(r) < 64) {
    sp_sim *dst = sp_new(1);
    if (dst) { check_status(sp_disk_copy(dst, from->sim, d)); sp_free(dst); }
    return;
  }
  int32_t c = sp_disk_copy(to->sim, from->sim, d);
  TRACE("# sp_disk_copy(sim %d, sim %d, disk %d) -> %d", !k, k, d, c);
  check_status(c);
  if (c >= 0) EXPECT(sp_disk_capacity(to->sim, c) == sp_disk_capacity(from->sim, d));
}

/* ---- the file-system experiment ---------------------------------------------------------- */

/* With a scale: a file set of up to 16,384 x scale files per copy over
 * groups sized so the partition holds at most SP_MAX_FS_GROUPS of them, with
 * inodes for the files (so that most such setups build, not just refuse). */
static void fs_scale_setup(sp_sim *sim, rd *r, double blocks) {
  const double files = 1 + u32(r) % (16384u * (uint32_t)scale), copies = 1 + u8(r) % 4;
  const double groups = 1 + u32(r) % SP_MAX_FS_GROUPS;
  const double bpg = fmin(1048576, fmax(256, ceil(blocks / groups)));
  const double ipg = fmin(1048576, 32 + ceil(files * copies * (1.1 + u8(r) / 256.0) / ceil(blocks / bpg)));
  TRACE("# fs at scale: %g files x %g copies, %g blocks per group, %g inodes per group", files, copies, bpg, ipg);
  check_status(sp_fs_set(sim, SP_FSP_FILES_PER_COPY, files));
  check_status(sp_fs_set(sim, SP_FSP_COPIES, copies));
  check_status(sp_fs_set(sim, SP_FSP_BLOCKS_PER_GROUP, bpg));
  check_status(sp_fs_set(sim, SP_FSP_INODES_PER_GROUP, ipg));
  check_status(sp_fs_set(sim, SP_FSP_COPY_MB, blocks / 256.0 * (16 + u8(r)) / 1024.0 / copies));
}

/* Slices of the file-system build (one without a scale; with one, up to 2,
 * each half of the input's budget): one that returns SP_MORE must have
 * advanced, one that returns SP_OK must have completed it. */
static void fs_build(state *fz, simst *s, rd *r) {
  for (int i = scale ? 1 + u8(r) % 2 : 1; i > 0; i--) {
    if (scale && (fz->calls += 24) > 48) return;
    const double before = sp_fs_build_progress(s->sim);
    const sp_status rc = sp_fs_commit(s->sim);
    const double after = sp_fs_build_progress(s->sim);
    TRACE("# sp_fs_commit = %d, progress %.17g -> %.17g", rc, before, after);
    check_status(rc);
    EXPECT(after >= 0 && after <= 1);
    if (rc == SP_OK) EXPECT(after == 1);
    if (rc == SP_MORE) EXPECT(after > before && after < 1);
    if (rc != SP_MORE) return;
  }
}

/* A small valid setup sized to the volume (the runs then run it), a parameter from its
 * table, or the queries with good and bad arguments; what they return must add up: per
 * epoch, the groups' accesses are the blocks read and written, the seek histogram the
 * seeks, the hit ratio a fraction, and an epoch past the count is refused. */
static void fs_op(state *fz, simst *s, rd *r) {
  sp_sim *sim = s->sim;
  uint8_t k = u8(r);
  if (k < 64) {
    const int64_t cap = sp_volume_capacity(sim);
    if (cap < 8 * 600) return;
    const double first = (double)(u8(r) % 8) * 8;
    const double blocks = floor(((double)cap - first) / 8.0 * (0.3 + u8(r) / 400.0));
    TRACE("# fs setup: partition %g blocks", blocks);
    check_status(sp_fs_set(sim, SP_FSP_ENABLED, 1));
    check_status(sp_fs_set(sim, SP_FSP_PARTITION_FIRST, first));
    check_status(sp_fs_set(sim, SP_FSP_PARTITION_BLOCKS, blocks));
    check_status(sp_fs_set(sim, SP_FSP_BLOCKS_PER_GROUP, 256 + (u8(r) % 16) * 64));
    check_status(sp_fs_set(sim, SP_FSP_INODES_PER_GROUP, 32 * (1 + u8(r) % 8)));
    check_status(sp_fs_set(sim, SP_FSP_FILES_PER_COPY, 1 + u8(r)));
    check_status(sp_fs_set(sim, SP_FSP_COPIES, 1 + u8(r) % 4));
    check_status(sp_fs_set(sim, SP_FSP_COPY_MB, blocks / 256.0 * (u8(r) + 1) / 1024.0));
    check_status(sp_fs_set(sim, SP_FSP_CLASSES, 1 + u8(r) % 6));
    check_status(sp_fs_set(sim, SP_FSP_MAX_DEPTH, 1 + u8(r) % 4));
    check_status(sp_fs_set(sim, SP_FSP_CLIENTS, 1 + u8(r) % 8));
    check_status(sp_fs_set(sim, SP_FSP_THINK_MS, (u8(r) & 1) * 2.0));
    check_status(sp_fs_set(sim, SP_FSP_CACHE_MB, blocks / 256.0 * u8(r) / 512.0));
    check_status(sp_fs_set(sim, SP_FSP_NET_MBPS, (u8(r) & 1) * 100.0));
    check_status(sp_fs_set(sim, SP_FSP_EPOCH_MS, 20 + u8(r) * 20.0));
    check_status(sp_fs_set(sim, SP_FSP_POLICY, u8(r) % SP_FS_POLICY_COUNT));
    check_status(sp_fs_set(sim, SP_FSP_LOG_LIMIT_BYTES, 32 + u8(r) * 64.0));
    check_status(sp_fs_set(sim, SP_FSP_LOG_MS, 10 + u8(r) * 10.0));
    check_status(sp_fs_set(sim, SP_FSP_MOVE_MS, (u8(r) & 1) * 500.0));
    check_status(sp_fs_set(sim, SP_FSP_CYCLE_MS, (u8(r) & 1) * 300.0));
    check_status(sp_fs_set(sim, SP_FSP_NEAR_GROUPS, u8(r) % 3));
    if (scale) fs_scale_setup(sim, r, blocks);
    return;
  }
  if (k < 128) {
    const int32_t p = pick_i32(r, SP_FSP_COUNT + 1);
    const double v = pick_param(r, SP_TABLE_FS, p);
    TRACE("# sp_fs_set(%d, %.17g)", p, v);
    check_status(sp_fs_set(sim, (sp_fs_param)p, v));
    (void)sp_fs_get(sim, (sp_fs_param)p);
    return;
  }
  if (k < 144) { fs_build(fz, s, r); return; }
  sp_fs_info info;
  check_status(sp_fs_info_get(sim, u8(r) < 8 ? NULL : &info));
  const int32_t ne = sp_fs_epoch_count(sim), ng = sp_fs_group_count(sim);
  EXPECT(ne >= 0 && ne <= SP_MAX_FS_EPOCHS && ng >= 0 && ng <= SP_MAX_FS_GROUPS);
  static int64_t buf[SP_MAX_FS_GROUPS];
  static int32_t now[SP_MAX_FS_GROUPS], goal[SP_MAX_FS_GROUPS];
  const int32_t n = u8(r) < 200 ? ng : pick_i32(r, SP_MAX_FS_GROUPS + 1);
  const int32_t nn = n > SP_MAX_FS_GROUPS ? SP_MAX_FS_GROUPS : n;
  sp_status st = sp_fs_group_files(sim, u8(r) < 8 ? NULL : now, u8(r) & 1 ? goal : NULL, nn);
  check_status(st);
  for (int i = 0; i < 4; i++) {
    const int32_t v = pick_i32(r, ne + 2), e = u8(r) < 200 && ne > 0 ? (int32_t)(u8(r) % ne) : v == INT32_MIN ? v : v - 1;
    sp_fs_epoch ep;
    st = sp_fs_epoch_get(sim, e, &ep);
    check_status(st);
    EXPECT((st == SP_OK) == (e >= 0 && e < ne));
    if (st != SP_OK) continue;
    EXPECT(ep.index == e && ep.hit_ratio >= 0 && ep.hit_ratio <= 1 && ep.requests >= 0);
    EXPECT(ep.cache_hits <= ep.cache_lookups && ep.end_ms > ep.start_ms);
    if (sp_fs_group_accesses(sim, e, buf, nn) == SP_OK) {
      int64_t sum = 0;
      for (int32_t g = 0; g < ng; g++) { EXPECT(buf[g] >= 0); sum += buf[g]; }
      EXPECT(sum == ep.disk_blocks + ep.write_blocks);
    } else EXPECT(nn < ng);
    int64_t hist[SP_FS_SEEK_BINS], hsum = 0;
    EXPECT(sp_fs_seek_hist(sim, e, hist, SP_FS_SEEK_BINS) == SP_OK);
    for (int b = 0; b < SP_FS_SEEK_BINS; b++) hsum += hist[b];
    EXPECT(hsum == ep.seeks);
    check_status(sp_fs_seek_hist(sim, e, u8(r) < 8 ? NULL : hist, pick_i32(r, SP_FS_SEEK_BINS + 1)));
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  rd r = { data, size };
  uint64_t seed = u64(&r);
  state st;
  memset(&st, 0, sizeof st);
  sim_open(&st.s[0], seed);
  sim_open(&st.s[1], seed ^ 0x5bd1e995u);
  trace_disk = -1; trace_sim = 0; scale = 0;
  TRACE("# fuzz input of %zu bytes\nreset %llu", size, (unsigned long long)seed);
  int ops = 0;
  while (r.n > 0 && ops++ < 400) {
    uint8_t op = u8(&r);
    int k = op & 1;                     /* which sim */
    simst *s = &st.s[k];
    if (!s->sim) break;
    use_sim(k);
    sp_sim *sim = s->sim;
    switch ((op >> 1) % 26) {
      case 0: check_status(f_disk_add(sim)); break;
      case 1: case 2: quick_disk(s, &r, 0, 0); break;
      case 3: quick_disk(s, &r, 1, 0); break;
      case 4: check_status(f_disk_set(sim, pick_disk(s, &r), (sp_disk_param)pick_i32(&r, SP_DP_COUNT + 1),
                                       pick_d(&r, 100))); break;
      case 5: {
        int32_t d = pick_disk(s, &r);
        check_status(f_add_zone(sim, d, pick_i32(&r, 100), pick_i32(&r, 200), pick_i32(&r, 300),
                                pick_i32(&r, 50), pick_i32(&r, 50), pick_i32(&r, 6), pick_i32(&r, 5)));
        break;
      }
      case 6: check_status(f_add_defect(sim, pick_disk(s, &r), pick_i32(&r, 100), pick_i32(&r, 5),
                                        pick_i32(&r, 200), pick_i32(&r, 3))); break;
      case 7: check_status(f_seek_point(sim, pick_disk(s, &r), pick_i32(&r, 1000), pick_d(&r, 20))); break;
      case 8: check_status(f_commit(sim, pick_disk(s, &r))); break;
      case 9: case 10: op_workload(s, &r); break;
      case 11: submit_some(s, &r, 0, -1); break;
      case 12: op_output(s, &r); break;
      case 13: case 14: run_short(&st, s, &r); break;
      case 15: run_long(&st, s, &r); break;
      case 16: queries(s, &r); break;
      case 17: op_reset(s, &r); break;
      case 18: op_copy(&st, k, &r); break;
      case 19: host_setup(s, &r); break;
      case 20: host_poke(s, &r); break;
      case 21: submit_some(s, &r, 1, -1); check_volume(s, &r); break;
      case 22: retune(s, &r, u8(&r) & 1); break;
      case 23: extractor_op(&st, k, &r); break;
      case 24: if (u8(&r) < 32) sim_replace(&st, k, u64(&r)); break;
      default: {
        uint8_t x = u8(&r);
        if (x < 64) extractor_free(&st, x & 1);
        else if (x < 80) check_status(sp_flash_add(sim));     /* flash devices, the nvcache policy's figures */
        else if (x < 96) check_status(sp_flash_set(sim, pick_disk(s, &r), (sp_flash_param)pick_i32(&r, SP_FP_COUNT + 1),
                                                   pick_d(&r, 100)));
        else if (x < 120) check_status(f_set_zone(sim, pick_disk(s, &r), pick_i32(&r, 4), pick_i32(&r, SP_ZP_COUNT + 1),
                                                  pick_d(&r, 200)));
        else if (x < 128) {
          sp_nvcache_stats ns; sp_decision dc;
          check_status(sp_nvcache_stats_get(sim, &ns));
          (void)sp_decision_get(sim, pick_i32(&r, 100), &dc);
        }
        else if (x < 176) fs_op(&st, s, &r);
        else if (x < 200) quick_disk(s, &r, u8(&r) & 1, 1);   /* shingled drives */
        else if (x < 232) smr_op(s, &r);
        else if (x < 240) { scale = u8(&r); TRACE("# scale %d", scale); }
        else if (x < 248 && scale) submit_batch(s, &r);
        break;
      }
    }
  }
  /* Lifetimes at the end: sims first or extractors first. */
  if (u8(&r) & 1) for (int i = 0; i < 2; i++) sim_replace(&st, i, 1);
  for (int i = 0; i < 2; i++) {
    if (st.ex[i] && st.ex_sim[i] < 0) EXPECT(sp_extract_step(st.ex[i], 1) == SP_E_STATE);
    extractor_free(&st, i);
  }
  for (int i = 0; i < 2; i++) sim_close(&st.s[i]);
  return 0;
}
