/*
 * fuzz_api.c — libFuzzer harness for the engine's public API (clang,
 * -fsanitize=fuzzer,address,undefined; scripts/fuzz.sh SECONDS runs it).
 *
 * The input bytes are decoded into a sequence of calls: disk parameters,
 * zones, defects, seek points, commits, workload parameters, explicit
 * requests, output configuration, runs with a bounded `until`, statistics,
 * histograms, percentiles, mapping queries, access-time queries, the demerit
 * figure, resets, disk copies and the track-boundary extractor. Arguments come
 * from small ranges, from a table of edge values (0, -1, caps and caps + 1,
 * INT32 extremes, NaN, infinities, huge and tiny doubles) or raw bytes. A
 * "quick disk" call adds a valid random disk, so most inputs reach the run.
 *
 * The engine must never crash, hang, leak or allocate without bound
 * (ASan/UBSan and libFuzzer's -timeout / -rss_limit_mb / leak checks catch
 * those), and what it returns must hold the header's promises, checked here:
 * statuses are known codes, an event stream is in time order with finite
 * times, valid kinds and angles in [0,1), results have finite non-negative
 * response times, counts never exceed the configured capacities.
 */
#include "spindle.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rd { const uint8_t *p; size_t n; } rd;

/* FUZZ_TRACE=1 in the environment prints every call (to turn a crash input
 * into a readable regression test: build/fuzz/fuzz_api CRASH_FILE). */
static int tracing = -1;
#define TRACE(...) do { if (tracing < 0) tracing = getenv("FUZZ_TRACE") != NULL; \
  if (tracing) { fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

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

/* ---- checks of the header's promises -------------------------------------------- */

#define EXPECT(c) do { if (!(c)) { fprintf(stderr, "fuzz: broken promise: %s (%s:%d)\n", #c, __FILE__, __LINE__); abort(); } } while (0)

static void check_status(int64_t st) {
  EXPECT(st >= SP_E_LIMIT);               /* a known code, or an index/count >= 0 */
}

typedef struct state {
  sp_sim *sim;
  int32_t evcap, rescap;
  double last_event_t;
  int runs, calls;
} state;

static void check_chunk(state *s) {
  int32_t ne = sp_event_count(s->sim), nr = sp_result_count(s->sim);
  EXPECT(ne >= 0 && ne <= (s->evcap > 0 ? s->evcap : 0));
  EXPECT(nr >= 0 && nr <= (s->rescap > 0 ? s->rescap : 0));
  const sp_event *e = sp_events(s->sim);
  for (int32_t i = 0; i < ne; i++) {
    EXPECT(e[i].kind >= SP_EV_ARRIVE && e[i].kind < SP_EV_KIND_COUNT);
    EXPECT(isfinite(e[i].time_ms) && e[i].time_ms >= 0);
    EXPECT(isfinite(e[i].dur_ms) && e[i].dur_ms >= 0);
    EXPECT(e[i].angle >= 0 && e[i].angle < 1);
    EXPECT(e[i].disk < sp_disk_count(s->sim) ||
           (e[i].disk == 0xFFFF && ((e[i].kind >= SP_EV_HOST_ARRIVE && e[i].kind <= SP_EV_HOST_COMPLETE) ||
                                    e[i].kind >= SP_EV_REDIRECT)));
    if (e[i].kind >= SP_EV_HOST_ARRIVE && e[i].kind <= SP_EV_HOST_COMPLETE) EXPECT(e[i].req == e[i].logical);
    if (!(e[i].time_ms >= s->last_event_t))
      TRACE("  event %d kind %d time %.17g < previous %.17g (req %u)", i, e[i].kind, e[i].time_ms, s->last_event_t, e[i].req);
    EXPECT(e[i].time_ms >= s->last_event_t);
    s->last_event_t = e[i].time_ms;
  }
  const sp_result *res = sp_results(s->sim);
  for (int32_t i = 0; i < nr; i++) {
    EXPECT(isfinite(res[i].response_ms) && res[i].response_ms >= 0);
    EXPECT(res[i].complete_ms >= res[i].arrival_ms);
    EXPECT(isfinite(res[i].head_ms) && res[i].head_ms >= 0);
    EXPECT((res[i].disk >= 0 && res[i].disk < sp_disk_count(s->sim)) || res[i].disk == -1);
    EXPECT(res[i].disk == -1 ? res[i].parts >= 1 && res[i].logical == res[i].id : res[i].parts == 1);
  }
}

/* ---- traced calls: with FUZZ_TRACE set, the setup calls are printed as a
 * call script (test/script.h), runs and queries as comments ------------------ */

#include "../test/script.h"

static int32_t trace_disk = -1;

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
static sp_status f_reset(sp_sim *sim, uint64_t seed) {
  TRACE("reset %llu", (unsigned long long)seed);
  return sp_reset(sim, seed);
}

/* ---- a valid random disk ------------------------------------------------------- */

static void quick_disk(state *s, rd *r) {
  sp_sim *sim = s->sim;
  int32_t d = f_disk_add(sim);
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
  f_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 1 + u8(r) * 4);
  f_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, c & 7);
  f_disk_set(sim, d, SP_DP_READ_AHEAD, (c >> 3) % 3);
  f_disk_set(sim, d, SP_DP_WRITE_CACHE, c >> 5 & 1);
  f_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 1 + u8(r) % 16);
  f_disk_set(sim, d, SP_DP_SCHEDULER, u8(r) % SP_SCHED_COUNT);
  if (u8(r) & 1) {                         /* a seek table instead of the curve */
    f_disk_set(sim, d, SP_DP_SEEK_MODEL, SP_SEEK_TABLE);
    int n = 1 + u8(r) % 6, dist = 0;
    for (int i = 0; i < n; i++) { dist += 1 + u8(r) * 3; f_seek_point(sim, d, dist, 0.5 + i + u8(r) / 100.0); }
  }
  int zones = 1 + u8(r) % 3, cyl = 0;
  for (int z = 0; z < zones; z++) {
    int ncyl = 1 + u8(r) % 60, spt = 8 + u8(r) % 120;
    int kind = u8(r) % 5, count = kind == 0 ? 0 : u8(r) % 4;
    if (kind == SP_SPARE_SECTORS_PER_TRACK && count >= spt) count = 1;
    f_add_zone(sim, d, cyl, cyl + ncyl - 1, spt, u8(r) % spt, u8(r) % spt, kind, count);
    cyl += ncyl;
  }
  int defects = u8(r) % 6;
  for (int i = 0; i < defects; i++)
    f_add_defect(sim, d, u8(r) % (cyl ? cyl : 1), u8(r) % surfaces, u8(r) % 8, u8(r) & 1);
  check_status(f_commit(sim, d));
}

/* ---- the interpreter -------------------------------------------------------------- */

static int32_t pick_disk(state *s, rd *r) {
  int32_t n = sp_disk_count(s->sim);
  uint8_t k = u8(r);
  if (k < 230 && n > 0) return k % n;
  int64_t v = pick_i(r, SP_MAX_DISKS + 2);
  return v > INT32_MAX || v <= INT32_MIN ? -1 : (int32_t)v - 1;
}

static int64_t pick_lbn(state *s, rd *r, int32_t d) {
  int64_t cap = sp_disk_capacity(s->sim, d);
  uint8_t k = u8(r);
  if (cap > 0 && k < 200) return (int64_t)(u64(r) % (uint64_t)cap);
  if (cap > 0 && k < 215) return cap - 1 - (k & 3);
  if (cap > 0 && k < 225) return cap + (k & 3);
  return pick_i(r, 1000);
}

static void run(state *s, rd *r) {
  double until = pick_d(r, 2000);
  int calls = 1 + u8(r) % 4;
  for (int i = 0; i < calls; i++) {
    /* Each call does bounded work (SP_MAX_WORK_PER_RUN, about a second under
     * the sanitizers at worst): a few per input keep the fuzzer fast and far
     * from its timeout, which then means a real hang. */
    if (s->calls++ >= 8) return;
    sp_status st = sp_run(s->sim, until);
    TRACE("sp_run(sim, %.17g) = %d  [%d events, %d results, now %.17g]", until, st, sp_event_count(s->sim),
          sp_result_count(s->sim), sp_now(s->sim));
    EXPECT(st == SP_OK || st == SP_MORE || (st < 0 && st >= SP_E_LIMIT));
    if (st < 0) { EXPECT(sp_error(s->sim)[0] != 0); break; }
    check_chunk(s);
    s->runs++;
    if (st == SP_OK) break;
  }
  (void)sp_done(s->sim); (void)sp_now(s->sim);
}

static void queries(state *s, rd *r) {
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
      double p = sp_response_percentile(sim, d, pick_d(r, 1));
      (void)p;
      sp_stats hs;
      check_status(sp_stats_get(sim, SP_HOST, &hs));      /* the logical requests' figures */
      EXPECT(hs.completed >= 0);
      (void)sp_host_get(sim, (sp_host_param)pick_i32(r, SP_HP_COUNT + 2));
      (void)sp_device_kind(sim, d);
      break;
    }
    case 7: {
      int32_t bins = pick_i32(r, 300);
      uint32_t one[1];
      uint32_t *counts = bins >= 1 && bins <= 100000 ? calloc((size_t)bins, sizeof *counts) : one;
      check_status(sp_response_histogram(sim, d, pick_d(r, 10), bins, counts));
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
      sp_status st = sp_demerit(a, na, b, nb, &dm, &rel);
      check_status(st);
      break;
    }
  }
}

static void extractor(state *s, rd *r) {
  int32_t d = pick_disk(s, r);
  int64_t first = pick_lbn(s, r, d), lbns = pick_i(r, 3000);
  sp_extractor *ex = sp_extract_new(s->sim, d, first, lbns);
  if (!ex) { EXPECT(sp_error(s->sim)[0] != 0); return; }
  int steps = 1 + u8(r) % 2;
  for (int i = 0; i < steps; i++) {
    sp_status st = sp_extract_step(ex, pick_i32(r, 3));
    check_status(st);
    sp_extract_report rep;
    check_status(sp_extract_report_get(ex, &rep));
    int64_t nb = sp_extract_boundary_count(ex);
    const int64_t *b = sp_extract_boundaries(ex);
    for (int64_t k = 1; k < nb; k++) EXPECT(b[k] > b[k - 1]);
    int32_t np = sp_extract_probe_count(ex);
    const sp_probe *p = sp_extract_probes(ex);
    for (int32_t k = 0; k < np; k++) EXPECT(p[k].sectors >= 1);
    if (st != SP_MORE) break;
  }
  sp_extract_free(ex);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  rd r = { data, size };
  uint64_t seed = u64(&r);
  state s = { sp_new(seed), 0, 0, 0, 0, 0 };
  if (!s.sim) return 0;
  trace_disk = -1;
  TRACE("# fuzz input of %zu bytes\nreset %llu", size, (unsigned long long)seed);
  int ops = 0;
  while (r.n > 0 && ops++ < 400) {
    sp_sim *sim = s.sim;
    uint8_t op = u8(&r);
    switch (op % 23) {
      case 0: check_status(f_disk_add(sim)); break;
      case 1: case 2: quick_disk(&s, &r); break;
      case 3: check_status(f_disk_set(sim, pick_disk(&s, &r), (sp_disk_param)pick_i32(&r, SP_DP_COUNT + 1),
                                       pick_d(&r, 100))); break;
      case 4: {
        int32_t d = pick_disk(&s, &r);
        check_status(f_add_zone(sim, d, pick_i32(&r, 100), pick_i32(&r, 200), pick_i32(&r, 300),
                                      pick_i32(&r, 50), pick_i32(&r, 50), pick_i32(&r, 6), pick_i32(&r, 5)));
        break;
      }
      case 5: check_status(f_add_defect(sim, pick_disk(&s, &r), pick_i32(&r, 100), pick_i32(&r, 5),
                                              pick_i32(&r, 200), pick_i32(&r, 3))); break;
      case 6: check_status(f_seek_point(sim, pick_disk(&s, &r), pick_i32(&r, 1000), pick_d(&r, 20))); break;
      case 7: check_status(f_commit(sim, pick_disk(&s, &r))); break;
      case 8: case 9: {
        sp_workload_param p = (sp_workload_param)pick_i32(&r, SP_WP_COUNT_PARAMS + 1);
        double v = pick_d(&r, p == SP_WP_COUNT ? 3000 : p == SP_WP_RATE_PER_S ? 2000 : 300);
        check_status(f_wl(sim, p, v));
        break;
      }
      case 10: {
        int32_t d = pick_disk(&s, &r);
        int n = 1 + u8(&r) % 8;
        double t = sp_now(sim);
        for (int i = 0; i < n; i++) {
          t += (u8(&r) & 0x80) ? pick_d(&r, 50) : 0;
          check_status(f_submit(sim, d, t, pick_lbn(&s, &r, d), pick_i32(&r, 600), u8(&r) & 3));
        }
        break;
      }
      case 11: {
        int32_t ev = pick_i32(&r, 2000), res = pick_i32(&r, 500);
        sp_status st = f_output(sim, ev, res);
        check_status(st);
        if (st == SP_OK) { s.evcap = ev; s.rescap = res; }
        break;
      }
      case 12: case 13: case 14: run(&s, &r); break;
      case 15: case 16: queries(&s, &r); break;
      case 17: check_status(f_reset(sim, u64(&r))); s.last_event_t = 0; break;
      case 18: {
        sp_sim *dst = sp_new(1);
        if (dst) { check_status(sp_disk_copy(dst, sim, pick_disk(&s, &r))); sp_free(dst); }
        break;
      }
      case 19: case 20: {         /* the host: a policy (stripe over the disks there are), a host queue */
        uint8_t k = u8(&r);
        sp_host_param p = (sp_host_param)(k < 200 ? k % SP_HP_COUNT : pick_i32(&r, SP_HP_COUNT + 1));
        double v = k < 100 && p == SP_HP_DEVICES ? sp_disk_count(sim) : pick_d(&r, 40);
        check_status(f_host(sim, p, v));
        if (u8(&r) < 128) { int64_t c = sp_volume_capacity(sim); EXPECT(c > 0 || c < 0); }
        break;
      }
      case 21: {                  /* requests to the volume, some of them linked */
        int64_t cap = sp_volume_capacity(sim);
        int n = 1 + u8(&r) % 8;
        double t = sp_now(sim);
        for (int i = 0; i < n; i++) {
          t += (u8(&r) & 0x80) ? pick_d(&r, 50) : 0;
          int64_t v = cap > 0 && u8(&r) < 220 ? (int64_t)(u64(&r) % (uint64_t)cap) : pick_i(&r, 1000);
          check_status(f_vsubmit(sim, t, v, pick_i32(&r, 600), u8(&r) & 7));
        }
        if (cap > 0) {
          int32_t dev; int64_t lbn, first, count, v = (int64_t)(u64(&r) % (uint64_t)cap);
          EXPECT(sp_volume_map(sim, v, &dev, &lbn) == SP_OK && dev >= 0 && dev < sp_disk_count(sim) &&
                 lbn >= 0 && lbn < sp_disk_capacity(sim, dev));
          EXPECT(sp_volume_unit(sim, v, &first, &count) == SP_OK && first <= v && v < first + count);
          int64_t back, rect[SP_MAX_QUAD_DEPTH]; sp_volume_info vi;   /* quadrangle volumes; others refuse */
          if (sp_volume_unmap(sim, dev, lbn, &back) == SP_OK) EXPECT(back == v);
          (void)sp_volume_rectangle(sim, v, rect, SP_MAX_QUAD_DEPTH); (void)sp_volume_info_get(sim, &vi);
        }
        break;
      }
      default: {
        uint8_t k = u8(&r);
        if (k < 64) extractor(&s, &r);
        else if (k < 80) check_status(sp_flash_add(sim));     /* flash devices, the nvcache policy's figures */
        else if (k < 96) check_status(sp_flash_set(sim, pick_disk(&s, &r), (sp_flash_param)pick_i32(&r, SP_FP_COUNT + 1),
                                                   pick_d(&r, 100)));
        else if (k < 104) {
          sp_nvcache_stats ns; sp_decision dc;
          check_status(sp_nvcache_stats_get(sim, &ns));
          (void)sp_decision_get(sim, pick_i32(&r, 100), &dc);
        }
        break;
      }
    }
  }
  sp_free(s.sim);
  return 0;
}
