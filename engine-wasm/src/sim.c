/*
 * sim.c — the simulation handle: creation, errors, parameters, reset.
 * Everything lives in the sp_sim value; there is no global state.
 */
#include "engine.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double disk_defaults[SP_DP_COUNT] = {
  [SP_DP_SURFACES] = 1, [SP_DP_SECTOR_BYTES] = 512, [SP_DP_RPM] = 5400,
  [SP_DP_SEEK_MODEL] = SP_SEEK_CURVE, [SP_DP_CYL_SWITCH_MS] = -1,
  [SP_DP_READ_HIT_OVERHEAD_MS] = -1, [SP_DP_WRITE_HIT_OVERHEAD_MS] = -1,
  [SP_DP_QUEUE_DEPTH] = 1, [SP_DP_SCHEDULER] = SP_SCHED_FCFS,
  [SP_DP_WRITE_BUS_MS_PER_SECTOR] = -1, [SP_DP_READ_AHEAD_MAX_SECTORS] = -1,
};

static const char *const disk_param_names[SP_DP_COUNT] = {
  "surfaces", "sector_bytes", "rpm", "seek_model", "seek_a", "seek_b", "seek_c", "seek_e",
  "seek_boundary", "write_settle_ms", "head_switch_ms", "cyl_switch_ms", "zero_latency",
  "read_overhead_ms", "write_overhead_ms", "read_hit_overhead_ms", "write_hit_overhead_ms",
  "bus_ms_per_sector", "read_fence_sectors", "cache_segments", "cache_segment_sectors",
  "read_ahead", "write_cache", "queue_depth", "scheduler", "read_fence_fraction",
  "write_bus_ms_per_sector", "immediate_rule", "read_ahead_max_sectors",
};

static const double workload_defaults[SP_WP_COUNT_PARAMS] = {
  [SP_WP_OUTSTANDING] = 1, [SP_WP_RATE_PER_S] = 100, [SP_WP_SIZE_SECTORS] = 8,
  [SP_WP_SIZE_MAX_SECTORS] = -1, [SP_WP_READ_FRACTION] = 1,
};

static const char *const workload_param_names[SP_WP_COUNT_PARAMS] = {
  "arrivals", "outstanding", "think_ms", "rate_per_s", "count", "pattern",
  "size_dist", "size_sectors", "size_max_sectors", "size_tracks", "read_fraction",
  "region_first_lbn", "region_lbns", "align",
};

sp_status sp__fail(sp_sim *sim, sp_status code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(sim->err, sizeof sim->err, fmt, ap);
  va_end(ap);
  sim->last = code;
  return code;
}

int32_t sp_api_version(void) { return SP_API_VERSION; }

const char *sp_error(const sp_sim *sim) { return sim ? sim->err : "no simulation (NULL handle)"; }

sp_sim *sp_new(uint64_t seed) {
  sp_sim *sim = calloc(1, sizeof *sim);
  if (!sim) return NULL;
  memcpy(sim->wl.p, workload_defaults, sizeof workload_defaults);
  host_init(sim);
  if (stats_init(&sim->acc_all) != SP_OK) { free(sim); return NULL; }
  sp_reset(sim, seed);
  return sim;
}

static void disk_free(disk *d) {
  if (!d) return;
  layout_free(d);
  free(d->zones); free(d->defects); free(d->seek_d); free(d->seek_ms);
  free(d->queue); free(d->segs);
  free(d);
}

static void free_requests(sp_sim *sim) {
  request *r = sim->free_list;
  while (r) { request *n = r->next; free(r); r = n; }
  sim->free_list = NULL;
}

void sp_free(sp_sim *sim) {
  if (!sim) return;
  sp_reset(sim, 0);      /* returns live requests to the free list */
  for (int32_t i = 0; i < sim->ndisks; i++) {
    disk_free(sim->disks[i]);
    if (sim->acc_disk[i]) { stats_free(sim->acc_disk[i]); free(sim->acc_disk[i]); }
  }
  stats_free(&sim->acc_all);
  free_requests(sim);
  heap_free(&sim->events);
  free(sim->pend); free(sim->pendfree); heap_free(&sim->pend_order); free(sim->submitted); free(sim->ev); free(sim->res); free(sim->carry);
  host_free(sim);
  free(sim);
}

request *sp__request_new(sp_sim *sim) {
  request *r = sim->free_list;
  if (r) sim->free_list = r->next;
  else if (!(r = malloc(sizeof *r))) return NULL;
  memset(r, 0, sizeof *r);
  return r;
}

void sp__request_free(sp_sim *sim, request *r) {
  r->next = sim->free_list;
  sim->free_list = r;
}

/* Releases every request still held by queues, the heap or a mechanism. */
static void drop_live_requests(sp_sim *sim) {
  for (int32_t i = 0; i < sim->events.n; i++) {
    heap_item *it = &sim->events.v[i];
    if (it->ptr && (it->kind == EV_ARRIVAL || it->kind == EV_COMPLETE || it->kind == EV_READY))
      sp__request_free(sim, it->ptr);
  }
  sim->events.n = 0;
  for (int32_t i = 0; i < sim->ndisks; i++) {
    disk *d = sim->disks[i];
    for (int32_t q = 0; q < d->qlen; q++) sp__request_free(sim, d->queue[q]);
    d->qlen = 0;
    for (request *r = d->host_head; r;) { request *n = r->next; sp__request_free(sim, r); r = n; }
    d->host_head = d->host_tail = NULL; d->host_len = 0;
    if (d->current) sp__request_free(sim, d->current);
    d->current = NULL;
    if (d->ra_seg >= 0) d->segs[d->ra_seg].active = 0;
  }
}

sp_status sp_reset(sp_sim *sim, uint64_t seed) {
  if (!sim) return SP_E_INVALID;
  host_reset(sim);
  drop_live_requests(sim);
  sim->seed = seed;
  wl_seed(sim, seed);
  sim->seq = 0; sim->now = 0; sim->err[0] = 0;
  sim->nsubmitted = 0; sim->sub_next = 0; sim->started = 0; sim->processed = 0; sim->next_id = 0; sim->in_flight = 0;
  sim->nev = 0; sim->nres = 0; sim->ncarry = 0; out_clear_pending(sim); sim->out_full = 0;
  sim->wl.issued = 0; sim->wl.seq_next = -1;
  stats_clear(&sim->acc_all);
  for (int32_t i = 0; i < sim->ndisks; i++) {
    disk *d = sim->disks[i];
    d->cyl = 0; d->surface = 0; d->mech_free = 0; d->bus_free = 0; d->busy = 0;
    d->cmd_in_disk = 0; d->look_up = 1; d->pending_destage_sectors = 0;
    d->head_pending = NULL; d->head_last_end = 0;
    d->last_was_read = 1; d->last_write_end = -1;
    cache_reset(d);
    if (sim->acc_disk[i]) stats_clear(sim->acc_disk[i]);
  }
  return SP_OK;
}

/* ---- disks ------------------------------------------------------------------ */

disk *sp__disk(sp_sim *sim, int32_t index, int32_t need_commit) {
  if (!sim) return NULL;
  if (index < 0 || index >= sim->ndisks) {
    sp__fail(sim, SP_E_RANGE, "disk: index %d does not exist (%d disks)", index, sim->ndisks);
    return NULL;
  }
  disk *d = sim->disks[index];
  if (need_commit == 1 && !d->committed) {
    sp__fail(sim, SP_E_STATE, "disk %d: not committed yet (call sp_disk_commit)", index);
    return NULL;
  }
  if (need_commit == 0 && d->committed) {
    sp__fail(sim, SP_E_STATE, "disk %d: already committed; its layout is fixed", index);
    return NULL;
  }
  return d;
}

int32_t sp_disk_add(sp_sim *sim) {
  if (!sim) return SP_E_INVALID;
  if (sim->ndisks >= SP_MAX_DISKS)
    return sp__fail(sim, SP_E_LIMIT, "disks: at most %d disks in one simulation", SP_MAX_DISKS);
  disk *d = calloc(1, sizeof *d);
  accum *a = calloc(1, sizeof *a);
  if (!d || !a || stats_init(a) != SP_OK) {
    free(d); if (a) stats_free(a); free(a);
    return sp__fail(sim, SP_E_NOMEM, "disks: out of memory");
  }
  memcpy(d->p, disk_defaults, sizeof disk_defaults);
  d->look_up = 1; d->ra_seg = -1;
  /* acc_all is not kept while there is one disk (its figures are disk 0's):
   * a second disk starts it from disk 0's. */
  if (sim->ndisks == 1) stats_copy(&sim->acc_all, sim->acc_disk[0]);
  sim->acc_disk[sim->ndisks] = a;
  sim->disks[sim->ndisks] = d;
  return sim->ndisks++;
}

int32_t sp_disk_count(const sp_sim *sim) { return sim ? sim->ndisks : 0; }

/* Allowed range of each parameter; integers must be whole. */
typedef struct prange { double lo, hi; int whole; } prange;
static const prange disk_ranges[SP_DP_COUNT] = {
  [SP_DP_SURFACES] = {1, SP_MAX_SURFACES, 1}, [SP_DP_SECTOR_BYTES] = {1, 1 << 20, 1},
  [SP_DP_RPM] = {1, 1e6, 0}, [SP_DP_SEEK_MODEL] = {0, 1, 1},
  [SP_DP_SEEK_A] = {0, 1e4, 0}, [SP_DP_SEEK_B] = {0, 1e4, 0}, [SP_DP_SEEK_C] = {0, 1e4, 0},
  [SP_DP_SEEK_E] = {0, 1e4, 0}, [SP_DP_SEEK_BOUNDARY] = {0, SP_MAX_CYLINDERS, 0},
  [SP_DP_WRITE_SETTLE_MS] = {0, 1e4, 0}, [SP_DP_HEAD_SWITCH_MS] = {0, 1e4, 0},
  [SP_DP_CYL_SWITCH_MS] = {-1, 1e4, 0}, [SP_DP_ZERO_LATENCY] = {0, 1, 1},
  [SP_DP_READ_OVERHEAD_MS] = {0, 1e4, 0}, [SP_DP_WRITE_OVERHEAD_MS] = {0, 1e4, 0},
  [SP_DP_READ_HIT_OVERHEAD_MS] = {-1, 1e4, 0}, [SP_DP_WRITE_HIT_OVERHEAD_MS] = {-1, 1e4, 0},
  [SP_DP_BUS_MS_PER_SECTOR] = {0, 1e4, 0}, [SP_DP_READ_FENCE_SECTORS] = {0, 1 << 24, 1},
  [SP_DP_CACHE_SEGMENTS] = {0, SP_MAX_CACHE_SEGMENTS, 1},
  [SP_DP_CACHE_SEGMENT_SECTORS] = {0, 1 << 24, 1}, [SP_DP_READ_AHEAD] = {0, 2, 1},
  [SP_DP_WRITE_CACHE] = {0, 1, 1}, [SP_DP_QUEUE_DEPTH] = {1, SP_MAX_QUEUE_DEPTH, 1},
  [SP_DP_SCHEDULER] = {0, SP_SCHED_COUNT - 1, 1},
  [SP_DP_READ_FENCE_FRACTION] = {0, 1, 0}, [SP_DP_WRITE_BUS_MS_PER_SECTOR] = {-1, 1e4, 0},
  [SP_DP_IMMEDIATE_RULE] = {0, 1, 1}, [SP_DP_READ_AHEAD_MAX_SECTORS] = {-1, 1 << 24, 1},
};

static sp_status check_value(sp_sim *sim, const char *what, const char *name, prange r, double v) {
  if (!isfinite(v)) return sp__fail(sim, SP_E_INVALID, "%s.%s: must be a finite number", what, name);
  if (v < r.lo || v > r.hi)
    return sp__fail(sim, SP_E_INVALID, "%s.%s: %g is outside [%g, %g]", what, name, v, r.lo, r.hi);
  if (r.whole && v != floor(v))
    return sp__fail(sim, SP_E_INVALID, "%s.%s: %g must be a whole number", what, name, v);
  return SP_OK;
}

sp_status sp_disk_set(sp_sim *sim, int32_t index, sp_disk_param param, double value) {
  disk *d = sp__disk(sim, index, -1);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  if ((int)param < 0 || param >= SP_DP_COUNT)
    return sp__fail(sim, SP_E_INVALID, "disk %d: unknown parameter %d", index, (int)param);
  /* Geometry is part of the layout: fixed once committed. */
  if (d->committed && (param == SP_DP_SURFACES))
    return sp__fail(sim, SP_E_STATE, "disk %d.surfaces: fixed after commit", index);
  char what[32];
  snprintf(what, sizeof what, "disk %d", index);
  /* Parameters bounded by a documented cap say so with SP_E_LIMIT. */
  const char *cap = param == SP_DP_SURFACES ? "SP_MAX_SURFACES" : param == SP_DP_QUEUE_DEPTH ? "SP_MAX_QUEUE_DEPTH"
                  : param == SP_DP_CACHE_SEGMENTS ? "SP_MAX_CACHE_SEGMENTS" : NULL;
  if (cap && value > disk_ranges[param].hi && isfinite(value))
    return sp__fail(sim, SP_E_LIMIT, "%s.%s: %g is more than the cap of %g (%s)", what, disk_param_names[param],
                    value, disk_ranges[param].hi, cap);
  sp_status st = check_value(sim, what, disk_param_names[param], disk_ranges[param], value);
  if (st != SP_OK) return st;
  d->p[param] = value;
  if (d->committed) {
    d->rev_ms = 60000.0 / d->p[SP_DP_RPM];
    if (param == SP_DP_CACHE_SEGMENTS || param == SP_DP_CACHE_SEGMENT_SECTORS) return cache_init(d);
  }
  return SP_OK;
}

double sp_disk_get(const sp_sim *sim, int32_t index, sp_disk_param param) {
  if (!sim || index < 0 || index >= sim->ndisks || (int)param < 0 || param >= SP_DP_COUNT) return NAN;
  return sim->disks[index]->p[param];
}

/* ---- workload ------------------------------------------------------------- */

static const prange workload_ranges[SP_WP_COUNT_PARAMS] = {
  [SP_WP_ARRIVALS] = {0, 1, 1},
  [SP_WP_OUTSTANDING] = {1, SP_MAX_IN_FLIGHT, 1}, [SP_WP_THINK_MS] = {0, 1e9, 0},
  [SP_WP_RATE_PER_S] = {1e-6, 1e9, 0}, [SP_WP_COUNT] = {0, 1e12, 1},
  [SP_WP_PATTERN] = {0, 1, 1}, [SP_WP_SIZE_DIST] = {0, 2, 1},
  [SP_WP_SIZE_SECTORS] = {1, 1 << 24, 0}, [SP_WP_SIZE_MAX_SECTORS] = {-1, 1 << 24, 1},
  [SP_WP_SIZE_TRACKS] = {0, 1024, 0}, [SP_WP_READ_FRACTION] = {0, 1, 0},
  [SP_WP_REGION_FIRST_LBN] = {0, 9e15, 1}, [SP_WP_REGION_LBNS] = {0, 9e15, 1},
  [SP_WP_ALIGN] = {0, 1, 1},
};

sp_status sp_workload_set(sp_sim *sim, sp_workload_param param, double value) {
  if (!sim) return SP_E_INVALID;
  if ((int)param < 0 || param >= SP_WP_COUNT_PARAMS)
    return sp__fail(sim, SP_E_INVALID, "workload: unknown parameter %d", (int)param);
  if (param == SP_WP_OUTSTANDING && value > SP_MAX_IN_FLIGHT && isfinite(value))
    return sp__fail(sim, SP_E_LIMIT, "workload.outstanding: %g is more than the cap of %d requests in flight "
                    "(SP_MAX_IN_FLIGHT)", value, SP_MAX_IN_FLIGHT);
  sp_status st = check_value(sim, "workload", workload_param_names[param], workload_ranges[param], value);
  if (st != SP_OK) return st;
  if (param == SP_WP_SIZE_SECTORS && value != floor(value) && sim->wl.p[SP_WP_SIZE_DIST] != SP_SIZE_EXPONENTIAL)
    return sp__fail(sim, SP_E_INVALID, "workload.size_sectors: %g must be a whole number", value);
  sim->wl.p[param] = value;
  return SP_OK;
}

double sp_workload_get(const sp_sim *sim, sp_workload_param param) {
  if (!sim || (int)param < 0 || param >= SP_WP_COUNT_PARAMS) return NAN;
  return sim->wl.p[param];
}

/* ---- queries -------------------------------------------------------------------- */

double sp_now(const sp_sim *sim) { return sim ? sim->now : NAN; }

int32_t sp_head_cyl(const sp_sim *sim, int32_t index) {
  return (sim && index >= 0 && index < sim->ndisks) ? sim->disks[index]->cyl : SP_E_RANGE;
}
int32_t sp_head_surface(const sp_sim *sim, int32_t index) {
  return (sim && index >= 0 && index < sim->ndisks) ? sim->disks[index]->surface : SP_E_RANGE;
}
