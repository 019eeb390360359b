/*
 * sim.c — the simulation handle: creation, errors, parameters, reset.
 * Everything lives in the sp_sim value; there is no global state.
 */
#include "engine.h"
#include "params.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the parameter tables (params.h) --------------------------------------- */

#define SP_ROW(e, name, def, lo, hi, whole) { name, def, lo, hi, whole },
static const param_row disk_rows[] = { SP_DISK_PARAMS(SP_ROW) };
static const param_row workload_rows[] = { SP_WORKLOAD_PARAMS(SP_ROW) };
#ifdef SP_HOST_PARAMS
static const param_row host_rows[] = { SP_HOST_PARAMS(SP_ROW) };
#endif
static const param_row flash_rows[] = { SP_FLASH_PARAMS(SP_ROW) };
static const param_row fs_rows[] = { SP_FS_PARAMS(SP_ROW) };
#undef SP_ROW

/* Row i must be parameter i: every row's position is checked against its enum. */
#define DP_POS(e, ...) dp_pos_##e,
#define WP_POS(e, ...) wp_pos_##e,
enum { SP_DISK_PARAMS(DP_POS) DP_ROW_COUNT };
enum { SP_WORKLOAD_PARAMS(WP_POS) WP_ROW_COUNT };
#define DP_CHECK(e, ...) _Static_assert((int)dp_pos_##e == (int)SP_DP_##e, "params.h: disk row " #e " is out of enum order");
#define WP_CHECK(e, ...) _Static_assert((int)wp_pos_##e == (int)SP_WP_##e, "params.h: workload row " #e " is out of enum order");
SP_DISK_PARAMS(DP_CHECK)
SP_WORKLOAD_PARAMS(WP_CHECK)
_Static_assert((int)DP_ROW_COUNT == (int)SP_DP_COUNT, "params.h: one row per disk parameter");
_Static_assert((int)WP_ROW_COUNT == (int)SP_WP_COUNT_PARAMS, "params.h: one row per workload parameter");
#ifdef SP_HOST_PARAMS
#define HP_POS(e, ...) hp_pos_##e,
#define HP_CHECK(e, ...) _Static_assert((int)hp_pos_##e == (int)SP_HP_##e, "params.h: host row " #e " is out of enum order");
enum { SP_HOST_PARAMS(HP_POS) HP_ROW_COUNT };
SP_HOST_PARAMS(HP_CHECK)
_Static_assert((int)HP_ROW_COUNT == (int)SP_HP_COUNT, "params.h: one row per host parameter");
#endif
#define FP_POS(e, ...) fp_pos_##e,
#define FP_CHECK(e, ...) _Static_assert((int)fp_pos_##e == (int)SP_FP_##e, "params.h: flash row " #e " is out of enum order");
enum { SP_FLASH_PARAMS(FP_POS) FP_ROW_COUNT };
SP_FLASH_PARAMS(FP_CHECK)
_Static_assert((int)FP_ROW_COUNT == (int)SP_FP_COUNT, "params.h: one row per flash parameter");
#define FSP_POS(e, ...) fsp_pos_##e,
#define FSP_CHECK(e, ...) _Static_assert((int)fsp_pos_##e == (int)SP_FSP_##e, "params.h: fs row " #e " is out of enum order");
enum { SP_FS_PARAMS(FSP_POS) FSP_ROW_COUNT };
SP_FS_PARAMS(FSP_CHECK)
_Static_assert((int)FSP_ROW_COUNT == (int)SP_FSP_COUNT, "params.h: one row per fs parameter");

const param_row *param_rows(int32_t table, int32_t *count) {
  int32_t unused;
  if (!count) count = &unused;
  switch (table) {
    case SP_TABLE_DISK: *count = SP_DP_COUNT; return disk_rows;
    case SP_TABLE_WORKLOAD: *count = SP_WP_COUNT_PARAMS; return workload_rows;
#ifdef SP_HOST_PARAMS
    case SP_TABLE_HOST: *count = SP_HP_COUNT; return host_rows;
#endif
    case SP_TABLE_FLASH: *count = SP_FP_COUNT; return flash_rows;
    case SP_TABLE_FS: *count = SP_FSP_COUNT; return fs_rows;
    default: *count = 0; return NULL;
  }
}

sp_status sp_param_info_get(int32_t table, int32_t index, sp_param_info *out) {
  if (!out) return SP_E_INVALID;
  memset(out, 0, sizeof *out);
  int32_t n;
  const param_row *rows = param_rows(table, &n);
  out->count = n;
  if (!rows || index < 0 || index >= n) return SP_E_RANGE;
  const param_row *r = &rows[index];
  snprintf(out->name, sizeof out->name, "%s", r->name);
  out->def = r->def; out->lo = r->lo; out->hi = r->hi; out->whole = r->whole;
  return SP_OK;
}

/* ---- errors ------------------------------------------------------------------ */

/* The field of a message "field: text": its prefix before the first ": ", if
 * that is made of field characters, with "disk N" written "disk[N]". */
static void set_error_field(sp_sim *sim) {
  char *f = sim->err_field;
  const char *m = sim->err, *colon = strstr(m, ": ");
  size_t k = 0;
  f[0] = 0;
  if (!colon || colon == m) return;
  if (strncmp(m, "disk ", 5) == 0 && m[5] >= '0' && m[5] <= '9') {
    memcpy(f, "disk[", 5); k = 5; m += 5;
    while (m < colon && *m >= '0' && *m <= '9' && k < sizeof sim->err_field - 2) f[k++] = *m++;
    f[k++] = ']';
  }
  for (; m < colon; m++) {
    char c = *m;
    int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             c == '_' || c == '.' || c == '[' || c == ']';
    if (!ok || k >= sizeof sim->err_field - 1) { f[0] = 0; return; }
    f[k++] = c;
  }
  f[k] = 0;
}

sp_status sp__fail(sp_sim *sim, sp_status code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(sim->err, sizeof sim->err, fmt, ap);
  va_end(ap);
  sim->last = code;
  set_error_field(sim);
  return code;
}

const char *sp_error_field(const sp_sim *sim) { return sim ? sim->err_field : ""; }

int32_t sp_api_version(void) { return SP_API_VERSION; }

const char *sp_error(const sp_sim *sim) { return sim ? sim->err : "no simulation (NULL handle)"; }

sp_sim *sp_new(uint64_t seed) {
  sp_sim *sim = calloc(1, sizeof *sim);
  if (!sim) return NULL;
  for (int32_t i = 0; i < SP_WP_COUNT_PARAMS; i++) sim->wl.p[i] = workload_rows[i].def;
  host_init(sim);
  fsexp_init(sim);
  if (stats_init(&sim->acc_all) != SP_OK) { free(sim); return NULL; }
  sp_reset(sim, seed);
  return sim;
}

static void disk_free(disk *d) {
  if (!d) return;
  layout_free(d);
  free(d->zones); free(d->defects); free(d->seek_d); free(d->seek_ms);
  free(d->queue); free(d->segs); free(d->flash);
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
  trax_detach_all(sim);  /* its extractors outlive it only to be freed */
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
  fsexp_free(sim);       /* built again from the new seed at the next start */
  sim->seed = seed;
  wl_seed(sim, seed);
  sim->seq = 0; sim->now = 0; sim->err[0] = 0; sim->err_field[0] = 0; sim->out_status = SP_OK;
  sim->nsubmitted = 0; sim->sub_next = 0; sim->sub_prev_done = 0; sim->started = 0; sim->processed = 0; sim->next_id = 0; sim->in_flight = 0;
  sim->nev = 0; sim->nres = 0; sim->ncarry = 0; out_clear_pending(sim); sim->out_full = 0;
  sim->wl.issued = 0; sim->wl.seq_next = -1; sim->wl.last_write_end = -1;
  stats_clear(&sim->acc_all);
  for (int32_t i = 0; i < sim->ndisks; i++) {
    disk *d = sim->disks[i];
    d->cyl = 0; d->surface = 0; d->mech_free = 0; d->bus_free = 0; d->busy = 0;
    d->cmd_in_disk = 0; d->look_up = 1; d->pending_destage_sectors = 0;
    d->sched_batch_left = 0; d->gather_pending = 0;
    d->head_pending = NULL; d->head_last_end = 0;
    d->last_was_read = 1; d->last_write_end = -1;
    d->prev_write = 0; d->hold_until = 0;
    cache_reset(d);
    if (d->flash) flash_reset(d->flash);
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
  if (d->flash) {
    sp__fail(sim, SP_E_INVALID, "disk %d: device %d is a flash device (sp_flash_set)", index, index);
    return NULL;
  }
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
  for (int32_t i = 0; i < SP_DP_COUNT; i++) d->p[i] = disk_rows[i].def;
  d->look_up = 1; d->ra_seg = -1;
  /* acc_all is not kept while there is one disk (its figures are disk 0's):
   * a second disk starts it from disk 0's. */
  if (sim->ndisks == 1) stats_copy(&sim->acc_all, sim->acc_disk[0]);
  sim->acc_disk[sim->ndisks] = a;
  sim->disks[sim->ndisks] = d;
  return sim->ndisks++;
}

int32_t sp_disk_count(const sp_sim *sim) { return sim ? sim->ndisks : 0; }

sp_status param_check(sp_sim *sim, const char *what, const param_row *r, double v) {
  if (!isfinite(v)) return sp__fail(sim, SP_E_INVALID, "%s.%s: must be a finite number", what, r->name);
  if (v < r->lo || v > r->hi)
    return sp__fail(sim, SP_E_INVALID, "%s.%s: %g is outside [%g, %g]", what, r->name, v, r->lo, r->hi);
  /* A range starting at -1 means -1 = derived: values between it and 0 are neither. */
  if (r->lo == -1 && v > -1 && v < 0)
    return sp__fail(sim, SP_E_INVALID, "%s.%s: %g must be -1 (derived) or >= 0", what, r->name, v);
  if (r->whole && v != floor(v))
    return sp__fail(sim, SP_E_INVALID, "%s.%s: %g must be a whole number", what, r->name, v);
  return SP_OK;
}

/* The rules between parameters that sp_disk_commit checks. After commit,
 * sp_disk_set checks the seek rule on every change (seek points cannot be
 * added any more, and seek times are used at once), and a run checks the
 * cache rule when it starts (segment count and size are set one at a time,
 * so a change may pass through a state the rule refuses). */
sp_status sp__disk_check_params(sp_sim *sim, int32_t index, const disk *d, int32_t cache_too) {
  if (d->p[SP_DP_SEEK_MODEL] == SP_SEEK_TABLE && d->nseek == 0)
    return sp__fail(sim, SP_E_INVALID, "disk %d.seek_model: is 'table' but the disk has no seek points", index);
  /* Past its last point the table is extended along its last slope: a last
   * point faster than the one before would give longer seeks ever shorter,
   * then negative, times. (Dips inside a measured table are its noise; times
   * interpolated between non-negative points stay non-negative.) */
  int32_t n = d->nseek;
  if (d->p[SP_DP_SEEK_MODEL] == SP_SEEK_TABLE && n >= 2 && d->seek_ms[n - 1] < d->seek_ms[n - 2])
    return sp__fail(sim, SP_E_INVALID, "disk %d.seek_table[%d].ms: the last point, %g ms at distance %d, is "
                    "faster than the one before it (%g ms at distance %d): longer seeks would be extrapolated "
                    "to ever shorter, then negative, times", index, n - 1, d->seek_ms[n - 1], d->seek_d[n - 1],
                    d->seek_ms[n - 2], d->seek_d[n - 2]);
  /* A uniformly drawn rotation says nothing about where the head will be:
   * a choice or an order that depends on it would be noise. */
  if (d->p[SP_DP_ROTATION_MODEL] == SP_ROT_UNIFORM) {
    if (d->p[SP_DP_ZERO_LATENCY] != 0)
      return sp__fail(sim, SP_E_INVALID, "disk %d.rotation_model: 'uniform' cannot be combined with zero-latency "
                      "access (it reorders the sectors by where the head lands)", index);
    if (d->p[SP_DP_SCHEDULER] == SP_SCHED_SPTF || (d->p[SP_DP_SCHEDULER] == SP_SCHED_SSTF && d->p[SP_DP_SSTF_SPTF] != 0))
      return sp__fail(sim, SP_E_INVALID, "disk %d.rotation_model: 'uniform' cannot be combined with a scheduler "
                      "that weighs rotational positions (SPTF, or SSTF with sstf_sptf)", index);
  }
  /* A constant service time replaces the whole disk, its buffer included. */
  if (cache_too && d->p[SP_DP_CONSTANT_MS] >= 0 && (d->p[SP_DP_CACHE_SEGMENTS] > 0 || d->p[SP_DP_WRITE_CACHE] != SP_WC_OFF))
    return sp__fail(sim, SP_E_INVALID, "disk %d.constant_ms: a constant service time leaves no place for a cache "
                    "(set cache_segments 0 and write_cache off)", index);
  if (cache_too && d->p[SP_DP_CACHE_SEGMENTS] > 0 && d->p[SP_DP_CACHE_SEGMENT_SECTORS] < 1)
    return sp__fail(sim, SP_E_INVALID, "disk %d.cache_segment_sectors: must be >= 1 when the cache has segments "
                    "(%g segments)", index, d->p[SP_DP_CACHE_SEGMENTS]);
  return SP_OK;
}

sp_status sp_disk_set(sp_sim *sim, int32_t index, sp_disk_param param, double value) {
  disk *d = sp__disk(sim, index, -1);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  if ((int)param < 0 || param >= SP_DP_COUNT)
    return sp__fail(sim, SP_E_INVALID, "disk %d: unknown parameter %d", index, (int)param);
  /* Geometry is part of the layout: fixed once committed. */
  if (d->committed && (param == SP_DP_SURFACES || param == SP_DP_LAYOUT_MODEL))
    return sp__fail(sim, SP_E_STATE, "disk %d.%s: fixed after commit", index, disk_rows[param].name);
  char what[32];
  snprintf(what, sizeof what, "disk %d", index);
  /* Parameters bounded by a documented cap say so with SP_E_LIMIT. */
  const char *cap = param == SP_DP_SURFACES ? "SP_MAX_SURFACES" : param == SP_DP_QUEUE_DEPTH ? "SP_MAX_QUEUE_DEPTH"
                  : param == SP_DP_CACHE_SEGMENTS ? "SP_MAX_CACHE_SEGMENTS" : NULL;
  const param_row *row = &disk_rows[param];
  if (cap && value > row->hi && isfinite(value))
    return sp__fail(sim, SP_E_LIMIT, "%s.%s: %g is more than the cap of %g (%s)", what, row->name,
                    value, row->hi, cap);
  sp_status st = param_check(sim, what, row, value);
  if (st != SP_OK) return st;
  const double old = d->p[param];
  d->p[param] = value;
  if (d->committed) {
    if ((st = sp__disk_check_params(sim, index, d, 0)) != SP_OK) { d->p[param] = old; return st; }
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

sp_status sp_workload_set(sp_sim *sim, sp_workload_param param, double value) {
  if (!sim) return SP_E_INVALID;
  if ((int)param < 0 || param >= SP_WP_COUNT_PARAMS)
    return sp__fail(sim, SP_E_INVALID, "workload: unknown parameter %d", (int)param);
  if (param == SP_WP_OUTSTANDING && value > SP_MAX_IN_FLIGHT && isfinite(value))
    return sp__fail(sim, SP_E_LIMIT, "workload.outstanding: %g is more than the cap of %d requests in flight "
                    "(SP_MAX_IN_FLIGHT)", value, SP_MAX_IN_FLIGHT);
  sp_status st = param_check(sim, "workload", &workload_rows[param], value);
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
