/*
 * disk.c — the disk device's public entry points (add, parameters, head
 * position) and its slot's reset and release; the layout's are in layout.c.
 */
#include "disk.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

disk *sp__disk(sp_sim *sim, int32_t index, int32_t need_commit) {
  if (!sim) return NULL;
  if (index >= 0 && index < sim->ndisks && sim->disks[index]->flash) {
    sp__fail(sim, SP_E_INVALID, "disk %d: device %d is a flash device (sp_flash_set)", index, index);
    return NULL;
  }
  return sim_device(sim, index, need_commit);
}

int32_t sp_disk_add(sp_sim *sim) {
  if (!sim) return SP_E_INVALID;
  if (sim->ndisks >= SP_MAX_DISKS)
    return sp__fail(sim, SP_E_LIMIT, "disks: at most %d disks in one simulation", SP_MAX_DISKS);
  disk *d = calloc(1, sizeof *d);
  if (!d) return sp__fail(sim, SP_E_NOMEM, "disks: out of memory");
  d->ops = &disk_ops;
  for (int32_t i = 0; i < SP_DP_COUNT; i++) d->p[i] = param_rows(SP_TABLE_DISK, NULL)[i].def;
  d->look_up = 1; d->ra_seg = -1;
  int32_t index = sim_add_device(sim, d);
  if (index < 0) free(d);
  return index;
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
  /* Those models time a request without its bus holdings. */
  if (cache_too && d->p[SP_DP_SHARED_BUS] > 0 && (d->p[SP_DP_CONSTANT_MS] >= 0 || d->p[SP_DP_TRANSFER_MODEL] == SP_XFER_LINEAR))
    return sp__fail(sim, SP_E_INVALID, "disk %d.shared_bus: a shared bus needs the full model (constant_ms is %g, "
                    "transfer_model %s)", index, d->p[SP_DP_CONSTANT_MS],
                    d->p[SP_DP_TRANSFER_MODEL] == SP_XFER_LINEAR ? "linear" : "detailed");
  return SP_OK;
}

sp_status sp_disk_set(sp_sim *sim, int32_t index, sp_disk_param param, double value) {
  disk *d = sp__disk(sim, index, -1);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  if ((int)param < 0 || param >= SP_DP_COUNT)
    return sp__fail(sim, SP_E_INVALID, "disk %d: unknown parameter %d", index, (int)param);
  /* Geometry is part of the layout, and what a committed volume was checked
   * against (the NVCache pair's sector sizes): fixed once committed. */
  if (d->committed && (param == SP_DP_SURFACES || param == SP_DP_LAYOUT_MODEL || param == SP_DP_SECTOR_BYTES))
    return sp__fail(sim, SP_E_STATE, "disk %d.%s: fixed after commit", index, param_rows(SP_TABLE_DISK, NULL)[param].name);
  char what[32];
  snprintf(what, sizeof what, "disk %d", index);
  /* Parameters bounded by a documented cap say so with SP_E_LIMIT. */
  const char *cap = param == SP_DP_SURFACES ? "SP_MAX_SURFACES" : param == SP_DP_QUEUE_DEPTH ? "SP_MAX_QUEUE_DEPTH"
                  : param == SP_DP_CACHE_SEGMENTS ? "SP_MAX_CACHE_SEGMENTS" : NULL;
  const param_row *row = &param_rows(SP_TABLE_DISK, NULL)[param];
  if (cap && value > row->hi && isfinite(value))
    return sp__fail(sim, SP_E_LIMIT, "%s.%s: %g is more than the cap of %g (%s)", what, row->name,
                    value, row->hi, cap);
  sp_status st = param_check(sim, what, row, value);
  if (st != SP_OK) return st;
  const double old = d->p[param];
  d->p[param] = value;
  if (d->committed) {
    if ((st = sp__disk_check_params(sim, index, d, 0)) != SP_OK) { d->p[param] = old; return st; }
    mech_derive(d);
    if (param == SP_DP_CACHE_SEGMENTS || param == SP_DP_CACHE_SEGMENT_SECTORS) return cache_init(d);
  }
  return SP_OK;
}

double sp_disk_get(const sp_sim *sim, int32_t index, sp_disk_param param) {
  if (!sim || index < 0 || index >= sim->ndisks || (int)param < 0 || param >= SP_DP_COUNT) return NAN;
  return sim->disks[index]->p[param];
}

int32_t sp_head_cyl(const sp_sim *sim, int32_t index) {
  return (sim && index >= 0 && index < sim->ndisks) ? sim->disks[index]->cyl : SP_E_RANGE;
}
int32_t sp_head_surface(const sp_sim *sim, int32_t index) {
  return (sim && index >= 0 && index < sim->ndisks) ? sim->disks[index]->surface : SP_E_RANGE;
}

/* Returns the requests the disk holds (queues, mechanism) to the free list. */
void disk_drop(sp_sim *sim, disk *d) {
  for (int32_t q = 0; q < d->qlen; q++) sp__request_free(sim, d->queue[q]);
  d->qlen = 0;
  for (request *r = d->host_head; r;) { request *n = r->next; sp__request_free(sim, r); r = n; }
  d->host_head = d->host_tail = NULL; d->host_len = 0;
  for (request *r = d->driver_head; r;) { request *n = r->next; sp__request_free(sim, r); r = n; }
  d->driver_head = d->driver_tail = NULL; d->driver_len = 0;
  for (request *r = d->seg_wait_head; r;) { request *n = r->next; sp__request_free(sim, r); r = n; }
  d->seg_wait_head = d->seg_wait_tail = NULL;
  if (d->current) sp__request_free(sim, d->current);
  d->current = NULL;
  if (d->ra_seg >= 0) d->segs[d->ra_seg].active = 0;
}

void disk_reset(disk *d) {
  d->cyl = 0; d->surface = 0; d->mech_free = 0; d->bus_free = 0; d->busy = 0;
  d->cmd_in_disk = 0; d->accepted = 0; d->look_up = 1; d->pending_destage_sectors = 0;
  d->dirty_end = -1;
  memset(d->run_pending, 0, sizeof d->run_pending);
  d->sched_batch_left = 0; d->gather_pending = 0;
  d->batch_open = 0; d->batch_pending = 0;
  d->head_pending = NULL; d->head_last_end = 0;
  d->sptf_from_t = 0; d->sptf_from_cyl = 0; d->sptf_from_surface = 0;
  d->last_was_read = 1; d->last_write_end = -1;
  d->prev_write = 0; d->hold_until = 0; d->extradisc_until = 0;
  d->hit_nholds = 0; d->hit_bus_hold = 0;
  d->ra_stop_free = 0; d->ra_stopper = -1; d->ra_stop_extra = 0;
  cache_reset(d);
}

void disk_slot_free(disk *d) {
  if (!d) return;
  layout_free(d);
  free(d->zones); free(d->defects); free(d->seek_d); free(d->seek_ms);
  free(d->queue); free(d->hit_holds); cache_free(d); mech_free(d);
  free(d);
}
