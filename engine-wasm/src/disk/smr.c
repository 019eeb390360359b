/*
 * smr.c — a shingled drive's life in a run: the disk's device_ops with the
 * shingling in front of them (spindle.h says what the drive does).
 *
 * Host-managed: a write is checked against its zone's write pointer at
 * arrival; a refused one completes after the write overhead, never reaching
 * the disk. Drive-managed: a write goes to its band (at the band's in-place
 * frontier) or is appended to the media cache, or waits while the cache is
 * full; a band clean is one job on the mechanism, planned from the head's
 * position when it starts (read the band, then rewrite it from where the
 * read ended), so its length is the disk's own seek, rotation and transfer.
 * The disk dispatches nothing while it runs (the mechanism is busy).
 */
#include "smr.h"
#include <math.h>
#include <stdlib.h>

static void maybe_clean(sp_sim *sim, int32_t di);

/* ---- host-managed: the write pointer ------------------------------------------ */

/* Refuses r with status `why`: done after the write overhead, media untouched. */
static sp_status refuse(sp_sim *sim, int32_t di, request *r, int32_t k, int32_t why) {
  disk *d = sim->disks[di];
  const smr_zone *z = &d->smr->z[k];
  d->smr->st.refused++;
  r->status = why;
  r->overhead = d->p[SP_DP_WRITE_OVERHEAD_MS];
  r->dispatch = r->complete = r->media_end = sim->now + r->overhead;
  out_event(sim, sim->now, 0, SP_EV_ARRIVE, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors, 1);
  out_event_rec(sim, sim->now, r->overhead, SP_EV_ZONE_REFUSED, di, r->id, r->logical, r->target_cyl,
                r->target_surface, k, why, (int32_t)z->wp);
  sp__fail(sim, SP_E_INVALID, "smr %d: write of %d sectors at LBN %lld refused: %s (zone %d's write pointer is "
           "LBN %lld, its end LBN %lld)", di, r->sectors, (long long)r->lbn,
           why == SP_RQ_UNALIGNED_WRITE ? "ZBC UNALIGNED WRITE COMMAND (ASC/ASCQ 21h/04h): not at the write pointer"
                                        : "ZBC WRITE BOUNDARY VIOLATION (ASC/ASCQ 21h/05h): crosses the zone's end",
           k, (long long)(z->first + z->wp), (long long)(z->first + z->len));
  return event_schedule(sim, r->complete, EV_COMPLETE, di, r);
}

static sp_status hm_arrive(sp_sim *sim, int32_t di, request *r) {
  smr_dev *s = sim->disks[di]->smr;
  const int32_t k = smr_zone_of(s, r->lbn);
  if (!r->is_write || k < 0 || s->z[k].type == SP_ZONE_CONVENTIONAL) return disk_arrive(sim, di, r);
  smr_zone *z = &s->z[k];
  if (z->cond == SP_ZC_FULL || r->lbn != z->first + z->wp) return refuse(sim, di, r, k, SP_RQ_UNALIGNED_WRITE);
  if (r->lbn + r->sectors > z->first + z->len) return refuse(sim, di, r, k, SP_RQ_WRITE_BOUNDARY);
  z->wp += r->sectors;
  z->cond = z->wp == z->len ? SP_ZC_FULL : z->cond == SP_ZC_EXPLICIT_OPEN ? SP_ZC_EXPLICIT_OPEN : SP_ZC_IMPLICIT_OPEN;
  s->st.in_place_writes++;
  smr_zone_event(sim, di, k);
  return disk_arrive(sim, di, r);
}

/* ---- drive-managed: bands and the media cache ---------------------------------- */

/* A write goes in place when it starts at its band's frontier and every
 * later band it reaches has never been written, or when it is larger than the
 * whole cache. *weighed counts the later bands looked at (work). */
static int goes_in_place(const smr_dev *s, int64_t lbn, int64_t n, int64_t *weighed) {
  int32_t k = smr_zone_of(s, lbn);
  int fresh = k >= 0 && lbn == s->z[k].first + s->z[k].wp;
  for (int64_t end = lbn + n; fresh && ++k < s->nzones && s->z[k].first < end; (*weighed)++)
    if (s->z[k].wp != 0 || s->z[k].cached != 0) { fresh = 0; break; }
  return fresh || n > s->mc_lbns;
}

/* Where the media cache's log takes the next n sectors (a circular log: back
 * to its start when they would pass its end). */
static int64_t log_slot(const smr_dev *s, int64_t n) {
  return s->mc_head + n <= s->mc_lbns ? s->mc_head : 0;
}

/* Moves the frontiers of the bands [lbn, lbn + n) covers. */
static void write_in_place(sp_sim *sim, smr_dev *s, int64_t lbn, int64_t n) {
  for (int32_t k = smr_zone_of(s, lbn); k >= 0 && k < s->nzones && s->z[k].first < lbn + n; k++, sim->processed++) {
    int64_t end = lbn + n < s->z[k].first + s->z[k].len ? lbn + n : s->z[k].first + s->z[k].len;
    s->z[k].wp = end - s->z[k].first;
  }
  s->st.in_place_writes++;
}

/* Appends r to the media cache (a circular log): r now writes there. */
static void append(sp_sim *sim, int32_t di, request *r) {
  disk *d = sim->disks[di];
  smr_dev *s = d->smr;
  const int64_t home_lbn = r->lbn, n = r->sectors;
  const int64_t at = log_slot(s, n);
  s->mc_head = at + n;
  s->mc_used += n;
  s->st.mc_appends++; s->st.mc_written += n;
  const int32_t home = smr_zone_of(s, home_lbn);
  for (int32_t k = home; k >= 0 && k < s->nzones && s->z[k].first < home_lbn + n; k++, sim->processed++) {
    int64_t lo = home_lbn > s->z[k].first ? home_lbn : s->z[k].first;
    int64_t hi = home_lbn + n < s->z[k].first + s->z[k].len ? home_lbn + n : s->z[k].first + s->z[k].len;
    s->z[k].cached += hi - lo;
  }
  r->lbn = at;
  r->moved_by = at - home_lbn;
  disk_target(d, r);
  out_event_rec(sim, sim->now, 0, SP_EV_MC_APPEND, di, r->id, r->logical, r->target_cyl, r->target_surface,
                r->sectors, (int32_t)(s->mc_used < INT32_MAX ? s->mc_used : INT32_MAX), home);
}

/* Host LBN x is the disk's LBN x + the cache's LBNs (moved_by keeps the host's). */
static void to_disk_lbn(const disk *d, request *r) {
  r->lbn += d->smr->mc_lbns;
  r->moved_by = d->smr->mc_lbns;
}

/* Sends a drive-managed write on: in place, appended, or (no room) to wait. */
static sp_status dm_write(sp_sim *sim, int32_t di, request *r) {
  disk *d = sim->disks[di];
  smr_dev *s = d->smr;
  if (goes_in_place(s, r->lbn, r->sectors, &sim->processed)) {
    write_in_place(sim, s, r->lbn, r->sectors);
    to_disk_lbn(d, r);
    return disk_arrive(sim, di, r);
  }
  if (s->stall_head || s->mc_used + r->sectors > s->mc_lbns) {
    r->next = NULL;
    if (s->stall_tail) s->stall_tail->next = r; else s->stall_head = r;
    s->stall_tail = r;
    s->st.stalls++;
    maybe_clean(sim, di);
    return SP_OK;
  }
  append(sim, di, r);
  return disk_arrive(sim, di, r);
}

static sp_status smr_arrive(sp_sim *sim, int32_t di, request *r) {
  disk *d = sim->disks[di];
  d->smr->activity++; d->smr->last_activity = sim->now;
  if (smr_mode(d) == SP_SMR_HOST_MANAGED) return hm_arrive(sim, di, r);
  if (!r->is_write) { to_disk_lbn(d, r); return disk_arrive(sim, di, r); }
  r->moved_by = 0;                     /* r->lbn is the host's until it is placed */
  return dm_write(sim, di, r);
}

/* ---- cleaning ------------------------------------------------------------------------ */

/* The band with the most sectors in the cache (-1: none). */
static int32_t band_to_clean(sp_sim *sim, const smr_dev *s) {
  int32_t best = -1;
  for (int32_t k = 0; k < s->nzones; k++)
    if (s->z[k].cached > 0 && (best < 0 || s->z[k].cached > s->z[best].cached)) best = k;
  sim->processed += s->nzones;        /* work: every band weighed */
  return best;
}

/* One pass over band k's LBNs from the head at (cyl, surface) at time t. */
static void band_pass(sp_sim *sim, int32_t di, int32_t k, int32_t is_write, int32_t cyl, int32_t surface, double t,
                      access_plan *pl) {
  disk *d = sim->disks[di];
  const smr_zone *z = &d->smr->z[k];
  access_args a = { cyl, surface, is_write, t, 0, z->first + d->smr->mc_lbns, z->len, sim->evcap > 0 ? sim : NULL,
                    -1, di, SP_EV_TRANSFER, NULL, NULL, 0, 0, 0 };
  if (d->p[SP_DP_ROTATION_MODEL] == SP_ROT_UNIFORM) { a.rot_uniform = 1; a.rot_u = wl_uniform(sim, SP_RS_ROTATION); }
  sim->emit_logical = -1;
  mech_access(d, &a, pl);
  sim->processed += pl->b.tracks;
}

/* Starts cleaning band k now: read it, rewrite it, all on the mechanism. */
static sp_status start_clean(sp_sim *sim, int32_t di, int32_t k) {
  disk *d = sim->disks[di];
  smr_dev *s = d->smr;
  const double t0 = cache_stop_read_ahead(sim, d, di, sim->now);
  access_plan rd, wr;
  band_pass(sim, di, k, 0, d->cyl, d->surface, t0, &rd);
  band_pass(sim, di, k, 1, rd.end_cyl, rd.end_surface, rd.media_end, &wr);
  cache_invalidate(d, s->z[k].first + s->mc_lbns, s->z[k].len);
  s->cleaning = k; s->clean_start = sim->now;
  s->cleaning_end_cyl = wr.end_cyl; s->cleaning_end_surface = wr.end_surface;
  d->busy = 1; d->mech_free = wr.media_end;
  out_event_rec(sim, sim->now, wr.media_end - sim->now, SP_EV_BAND_CLEAN, di, -1, -1, d->cyl, d->surface, k, 1,
                (int32_t)(s->z[k].cached < INT32_MAX ? s->z[k].cached : INT32_MAX));
  return event_schedule(sim, wr.media_end, EV_SMR_CLEAN_DONE, di, NULL);
}

/* Is the drive idle: nothing queued, nothing on the mechanism, no write waiting? */
static int idle(const disk *d) {
  return !d->busy && d->qlen == 0 && d->host_len == 0 && !d->smr->stall_head;
}

/* Drive-managed: cleans when a write waits for room and the mechanism is
 * free; otherwise, with data in the cache, arms the idle timer. */
static void maybe_clean(sp_sim *sim, int32_t di) {
  disk *d = sim->disks[di];
  smr_dev *s = d->smr;
  if (smr_mode(d) != SP_SMR_DRIVE_MANAGED || s->cleaning >= 0 || d->busy) return;
  if (s->stall_head) {
    int32_t k = band_to_clean(sim, s);
    if (k >= 0) start_clean(sim, di, k);
    return;
  }
  if (s->mc_used == 0 || s->p[SP_SMP_CLEAN_IDLE_MS] < 0 || !idle(d) || s->idle_pending) return;
  /* Never in the past: the drive may have been idle longer than that already (time only moves on). */
  const double due = s->last_activity + s->p[SP_SMP_CLEAN_IDLE_MS];
  if (event_schedule(sim, due > sim->now ? due : sim->now, EV_SMR_IDLE, di, NULL) == SP_OK)
    s->idle_pending = 1;
}

/* The idle timer: cleans if nothing happened for clean_idle_ms, else waits
 * on from the last arrival or completion. */
static void on_idle(sp_sim *sim, int32_t di) {
  disk *d = sim->disks[di];
  smr_dev *s = d->smr;
  s->idle_pending = 0;
  if (!idle(d) || s->cleaning >= 0) return;            /* armed again when the drive is idle */
  if (sim->now < s->last_activity + s->p[SP_SMP_CLEAN_IDLE_MS]) { maybe_clean(sim, di); return; }
  int32_t k = band_to_clean(sim, s);
  if (k >= 0) start_clean(sim, di, k);
}

/* The writes waiting for room go on, in arrival order, while they fit. */
static sp_status release_stalled(sp_sim *sim, int32_t di) {
  smr_dev *s = sim->disks[di]->smr;
  while (s->stall_head && s->mc_used + s->stall_head->sectors <= s->mc_lbns) {
    request *r = s->stall_head;
    s->stall_head = r->next;
    if (!s->stall_head) s->stall_tail = NULL;
    s->st.stall_ms += sim->now - r->arrival;
    append(sim, di, r);
    sp_status st = disk_arrive(sim, di, r);
    if (st != SP_OK) return st;
  }
  return SP_OK;
}

static sp_status on_clean_done(sp_sim *sim, int32_t di) {
  disk *d = sim->disks[di];
  smr_dev *s = d->smr;
  smr_zone *z = &s->z[s->cleaning];
  const uint64_t token = s->activity;
  out_event_rec(sim, sim->now, 0, SP_EV_BAND_CLEAN, di, -1, -1, s->cleaning_end_cyl, s->cleaning_end_surface,
                s->cleaning, 0, (int32_t)(z->cached < INT32_MAX ? z->cached : INT32_MAX));
  s->mc_used -= z->cached;
  z->cached = 0; z->wp = z->len;       /* rewritten whole: in-place writes start past its end */
  if (s->mc_used == 0) s->mc_head = 0;
  s->st.cleans++; s->st.clean_ms += sim->now - s->clean_start;
  s->cleaning = -1;
  d->busy = 0; d->cyl = s->cleaning_end_cyl; d->surface = s->cleaning_end_surface;
  const int was_idle = idle(d);
  sp_status st = release_stalled(sim, di);
  disk_kick(sim, di);
  /* Idle cleaning goes on, band after band, while nothing arrives. */
  if (st == SP_OK && was_idle && token == s->activity && s->p[SP_SMP_CLEAN_IDLE_MS] >= 0 && s->mc_used > 0 && idle(d)) {
    int32_t k = band_to_clean(sim, s);
    if (k >= 0) return start_clean(sim, di, k);
  }
  maybe_clean(sim, di);
  return st;
}

/* ---- the device interface ----------------------------------------------------------- */

static sp_status smr_event(sp_sim *sim, int32_t di, int32_t kind, void *ptr) {
  if (kind == EV_SMR_CLEAN_DONE) return on_clean_done(sim, di);
  if (kind == EV_SMR_IDLE) { on_idle(sim, di); return SP_OK; }
  sp_status st = disk_event(sim, di, kind, ptr);
  if (kind == EV_MECH_DONE) sim->disks[di]->smr->last_activity = sim->now;   /* a destage ends here too */
  maybe_clean(sim, di);
  return st;
}

static void smr_kick(sp_sim *sim, int32_t di) {
  smr_dev *s = sim->disks[di]->smr;
  s->activity++; s->last_activity = sim->now;   /* a completion: idle time counts from here */
  disk_kick(sim, di);
  maybe_clean(sim, di);
}

/* Where an access of n sectors at host LBN lbn would reach the platter if
 * it started now (device_ops.media_lbn): past the media cache (none on a
 * host-managed drive), or, for a drive-managed write its band cannot take in
 * place, at the cache log's next append. Reads go to the band (as smr_arrive
 * sends them). */
static int64_t smr_media_lbn(const disk *d, int64_t lbn, int32_t n, int32_t is_write) {
  const smr_dev *s = d->smr;
  int64_t weighed = 0;
  if (is_write && smr_mode(d) == SP_SMR_DRIVE_MANAGED && !goes_in_place(s, lbn, n, &weighed)) return log_slot(s, n);
  return lbn + s->mc_lbns;
}

/* The host's pre-scheduling cost: the disk's, where the access would go. */
static double smr_start_cost(const disk *d, int32_t cyl, int32_t surface, double now, int64_t lbn, int32_t n,
                             int32_t is_write) {
  return disk_start_cost(d, cyl, surface, now, smr_media_lbn(d, lbn, n, is_write), n, is_write);
}

/* The position of a request at creation: a drive-managed host LBN is the
 * disk's LBN past the cache. */
static void smr_target(const disk *d, request *r) {
  request at = *r;
  at.lbn += d->smr->mc_lbns;
  disk_target(d, &at);
  r->target_cyl = at.target_cyl; r->target_surface = at.target_surface;
}

static sp_status smr_check(sp_sim *sim, int32_t di) {
  sp_status st = disk_check(sim, di);
  return st == SP_OK ? smr_build(sim, di, sim->disks[di]) : st;
}

static void smr_drop(sp_sim *sim, disk *d) {
  for (request *r = d->smr->stall_head; r;) { request *n = r->next; sp__request_free(sim, r); r = n; }
  d->smr->stall_head = d->smr->stall_tail = NULL;
  disk_drop(sim, d);
}

static void smr_reset(disk *d) {
  smr_dev *s = d->smr;
  for (int32_t k = 0; k < s->nzones; k++) {
    s->z[k].wp = 0; s->z[k].cached = 0;
    s->z[k].cond = s->z[k].type == SP_ZONE_CONVENTIONAL ? SP_ZC_NOT_WP : SP_ZC_EMPTY;
  }
  s->mc_head = s->mc_used = 0;
  s->cleaning = -1; s->idle_pending = 0; s->activity = 0; s->last_activity = 0;
  const int32_t zones = s->st.zones, first = s->st.mc_first_track, tracks = s->st.mc_tracks;
  const int64_t size = s->st.mc_sectors;
  s->st = (sp_smr_stats){ 0 };
  s->st.zones = zones; s->st.mc_first_track = first; s->st.mc_tracks = tracks; s->st.mc_sectors = size;
  s->st.cleaning = -1;
  disk_reset(d);
}

static void smr_slot_free(disk *d) {
  smr_free(d->smr);
  d->smr = NULL;
  disk_slot_free(d);
}

const device_ops smr_ops = {
  .kind = SP_DEV_SMR,
  .holds_volume = 1,
  .arrive = smr_arrive,
  .event = smr_event,
  .released = disk_released,
  .kick = smr_kick,
  .target = smr_target,
  .angle = mech_angle,
  .events_until = disk_events_until,
  .close_batch = disk_close_batch,
  .check = smr_check,
  .start_cost = smr_start_cost,
  .media_lbn = smr_media_lbn,
  .drop = smr_drop,
  .reset = smr_reset,
  .free = smr_slot_free,
};
