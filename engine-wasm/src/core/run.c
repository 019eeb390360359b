/*
 * run.c — the event loop: arrivals, controller overhead, the driver's per-disk
 * FIFO and on-disk queues, linked batches, dispatch to the mechanism, bus
 * transfers, completion; the explicit request list. Logical requests outside
 * pass-through are the host's (host.c); their parts are device requests here.
 *
 * A request's life: ARRIVAL (controller decodes it; a full cache hit or an
 * immediately reported write is answered from the buffer) -> READY (queued:
 * on the disk if a command slot is free, else on the host) -> dispatched by
 * the scheduler when the mechanism is free -> MECH_DONE (media access over;
 * read-ahead begins) -> COMPLETE (last byte over the bus, status to host).
 *
 * Head time: the time the mechanism is dedicated to a request, from
 * max(arrival, end of the previous request's head time) to the end of its
 * media access if another request is waiting then, else to its completion
 * or the next dispatch, whichever is first (traxtents paper, section 5).
 */
#include "engine.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* An explicit request: to a device (disk >= 0) or to the volume (disk = -1). */
typedef struct sub_req { double arrival; int64_t lbn; int32_t sectors, flags, disk; } sub_req;


static sp_status schedule(sp_sim *sim, double t, int32_t kind, int32_t di, void *ptr) {
  heap_item it = { t, sim->seq++, kind, di, ptr };
  return heap_push(&sim->events, it);
}

sp_status run_schedule(sp_sim *sim, double t, int32_t kind, int32_t di, void *ptr) {
  return schedule(sim, t, kind, di, ptr);
}

static double bus_per_sector(const disk *d) { return d->p[SP_DP_BUS_MS_PER_SECTOR]; }
static double bus_write_per_sector(const disk *d) {
  double w = d->p[SP_DP_WRITE_BUS_MS_PER_SECTOR];
  return w >= 0 ? w : d->p[SP_DP_BUS_MS_PER_SECTOR];
}

/* Immediate reporting: with room in the write buffer, and under the HP rule
 * only for the first write after a read or one extending the last write. */
static int may_report_early(const disk *d, const request *r) {
  if (d->p[SP_DP_WRITE_CACHE] != SP_WC_IMMEDIATE) return 0;
  if (d->pending_destage_sectors + r->sectors > (int64_t)d->p[SP_DP_CACHE_SEGMENT_SECTORS]) return 0;
  return d->p[SP_DP_IMMEDIATE_RULE] != SP_IR_SEQUENTIAL || d->last_was_read || r->lbn == d->last_write_end;
}

/* The controller's overhead for a request arriving now: by kind (read or
 * write), hit or miss, and the kind of the previous request it accepted
 * (DiskSim's "... after read" / "... after write" pairs). */
static double overhead_of(const disk *d, int hit, int is_write, int prev_write) {
  if (d->p[SP_DP_CONSTANT_MS] >= 0) return 0;  /* the constant is the whole service time */
  if (prev_write) {
    double a = is_write ? d->p[hit ? SP_DP_WRITE_HIT_OVERHEAD_AFTER_WRITE_MS : SP_DP_WRITE_OVERHEAD_AFTER_WRITE_MS]
                        : d->p[hit ? SP_DP_READ_HIT_OVERHEAD_AFTER_WRITE_MS : SP_DP_READ_OVERHEAD_AFTER_WRITE_MS];
    if (a >= 0) return a;
  }
  double v = is_write ? d->p[hit ? SP_DP_WRITE_HIT_OVERHEAD_MS : SP_DP_WRITE_OVERHEAD_MS]
                      : d->p[hit ? SP_DP_READ_HIT_OVERHEAD_MS : SP_DP_READ_OVERHEAD_MS];
  if (v < 0) v = d->p[is_write ? SP_DP_WRITE_OVERHEAD_MS : SP_DP_READ_OVERHEAD_MS];
  return v;
}

/* ---- in-order bus delivery of a read ---------------------------------------- */

typedef struct bus_ctx { int64_t n, fence; double fence_time, tail, b; } bus_ctx;

/* Data [off, off+count) becomes ready from `first`, one sector per `per`.
 * The bus may start once the fence is buffered, and can never overtake the
 * media: it ends no earlier than ready(i) + (n - i) * b for every sector i. */
static void bus_ready(void *p, int64_t off, int32_t count, double first, double per) {
  bus_ctx *c = p;
  if (count <= 0) return;
  if (off < c->fence) {
    int64_t last = (off + count < c->fence ? off + count : c->fence) - 1;
    double t = first + (double)(last - off) * per;
    if (t > c->fence_time) c->fence_time = t;
  }
  double a = first + (double)(c->n - off - 1) * c->b + c->b;
  double z = first + (double)(count - 1) * per + (double)(c->n - off - count + 1) * c->b;
  if (a > c->tail) c->tail = a;
  if (z > c->tail) c->tail = z;
}

static void bus_init(bus_ctx *c, const disk *d, int64_t n) {
  int64_t f = (int64_t)d->p[SP_DP_READ_FENCE_SECTORS];
  int64_t ff = (int64_t)ceil(d->p[SP_DP_READ_FENCE_FRACTION] * (double)n);
  if (ff > f) f = ff;
  c->n = n; c->fence = f < 1 ? 1 : f > n ? n : f;
  c->fence_time = 0; c->tail = 0; c->b = bus_per_sector(d);
}

/* Reserves the bus for a read whose data readiness is in c; returns its end. */
static double bus_read(sp_sim *sim, disk *d, int32_t di, request *r, const bus_ctx *c) {
  double start = c->fence_time > d->bus_free ? c->fence_time : d->bus_free;
  double end = start + (double)c->n * c->b;
  if (c->tail > end) end = c->tail;
  d->bus_free = end;
  out_event(sim, start, end - start, SP_EV_BUS, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors, 0);
  return end;
}

/* ---- queues ------------------------------------------------------------------------- */

static void queue_remove(disk *d, int32_t i) {
  memmove(d->queue + i, d->queue + i + 1, (size_t)(d->qlen - i - 1) * sizeof *d->queue);
  d->qlen--;
}

/* The on-disk queue holds host commands (at most the queue depth) and the
 * destages of immediately reported writes, which only the write buffer's size
 * bounds (up to 2^24 one-sector writes): it grows as needed. */
static sp_status enqueue_disk(sp_sim *sim, disk *d, int32_t di, request *r) {
  if (d->qlen == d->qcap) {
    int32_t cap = d->qcap ? d->qcap * 2 : 64;
    request **v = realloc(d->queue, (size_t)cap * sizeof *v);
    if (!v) return sp__fail(sim, SP_E_NOMEM, "disk %d: queue: out of memory", di);
    d->queue = v; d->qcap = cap;
  }
  d->queue[d->qlen++] = r;
  if (r->holds_slot) d->cmd_in_disk++;
  out_event(sim, sim->now, 0, SP_EV_QUEUE_DISK, di, r->id, r->logical, r->target_cyl, r->target_surface, d->qlen,
            r->internal);
  return SP_OK;
}

/* A member of a linked batch reached a queue (or was answered at arrival). */
static void batch_member_in(disk *d, request *r) {
  if (r->in_batch) { r->in_batch = 0; d->batch_pending--; }
}

static void set_target(const disk *d, request *r) {
  if (d->flash) return;                        /* flash.c sets its own */
  extent e;
  layout_extent(d, r->lbn, 1, &e);
  r->target_cyl = e.cyl; r->target_surface = e.surface;
}

static void try_dispatch(sp_sim *sim, disk *d, int32_t di);

/* A queued read the buffer can answer without the mechanism. If it cannot,
 * *prefix is what the buffer holds of the request's start (dispatch needs it:
 * stopping the read-ahead first does not change it). */
static int serve_from_buffer(sp_sim *sim, disk *d, int32_t di, request *r, int64_t *prefix) {
  const double t = sim->now;
  bus_ctx c;
  bus_init(&c, d, r->sectors);
  *prefix = cache_prefix_valid(d, r->lbn, r->sectors, t, NULL);
  int full = *prefix == r->sectors;
  if (full) bus_ready(&c, 0, r->sectors, t, 0);
  else if (!cache_read_ahead_covers(d, r->lbn, r->sectors, t, bus_ready, &c)) return 0;
  if (!full) cache_extend_read_ahead(sim, d, di, r->lbn + r->sectors);
  r->cache = full ? 2 : 1;
  r->dispatch = t;
  out_event(sim, t, 0, SP_EV_CACHE_HIT, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors, full);
  r->complete = bus_read(sim, d, di, r, &c);
  r->bus = r->complete - t;
  r->head_start = r->head_end = 0;
  if (r->complete > d->hold_until) d->hold_until = r->complete;
  schedule(sim, r->complete, EV_COMPLETE, di, r);
  return 1;
}

/* The constant-time model: the request takes exactly constant_ms from its
 * dispatch, the head stays where it is (no cache: refused with one). */
static void dispatch_constant(sp_sim *sim, disk *d, int32_t di, request *r) {
  const double t = sim->now;
  r->cache = 0; r->dispatch = t; r->head_start = t;
  r->seek = r->rotation = r->transfer = r->switching = r->bus = 0;
  r->head_switches = r->cyl_switches = 0;
  r->media_end = r->complete = r->head_end = t + d->p[SP_DP_CONSTANT_MS];
  r->end_cyl = d->cyl; r->end_surface = d->surface;
  out_event(sim, t, 0, SP_EV_DISPATCH, di, r->id, r->logical, r->target_cyl, r->target_surface,
            (int32_t)d->p[SP_DP_SCHEDULER], d->qlen);
  d->busy = 1; d->current = r; d->mech_free = r->media_end;
  if (!r->internal && r->complete > d->hold_until) d->hold_until = r->complete;
  schedule(sim, r->media_end, EV_MECH_DONE, di, NULL);
}

/* The linear transfer model: after positioning, sectors x max(bus, media)
 * per sector with no overlap; the mechanism is held until the bus is done. */
static void finish_linear(sp_sim *sim, disk *d, int32_t di, request *r, const access_args *a, access_plan *pl) {
  extent e;
  layout_extent(d, a->lbn, 1, &e);
  const double m = d->rev_ms / e.spt, b = r->is_write ? bus_write_per_sector(d) : bus_per_sector(d);
  const double per = b > m ? b : m, span = (double)a->n * per;
  const double end = pl->media_end - pl->b.transfer_ms + span;
  r->transfer = span; r->bus = 0;
  r->media_end = r->complete = pl->media_end = end;
  if (end > d->bus_free) d->bus_free = end;
  out_event(sim, end - span, span, SP_EV_BUS, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors,
            r->is_write);
}

static void dispatch(sp_sim *sim, disk *d, int32_t di, request *r, int64_t known_prefix) {
  const double t = sim->now;
  if (d->p[SP_DP_CONSTANT_MS] >= 0) { dispatch_constant(sim, d, di, r); return; }
  const int linear = d->p[SP_DP_TRANSFER_MODEL] == SP_XFER_LINEAR;
  double t0 = cache_stop_read_ahead(sim, d, di, t);
  int64_t prefix = r->is_write ? 0 : known_prefix >= 0 ? known_prefix : cache_prefix_valid(d, r->lbn, r->sectors, t, NULL);
  r->cache = prefix > 0;
  r->dispatch = t;
  r->head_start = r->arrival > d->head_last_end ? r->arrival : d->head_last_end;
  if (d->head_pending && d->head_pending->head_end > t) {
    request *p = d->head_pending;      /* the previous request's head time ends now */
    p->head_end = t > p->media_end ? t : p->media_end;
    if (r->head_start > p->head_end) r->head_start = p->head_end;
    if (r->head_start < p->head_end) r->head_start = p->head_end;
  }
  d->head_pending = NULL;
  if (r->head_start > t) r->head_start = t;
  out_event(sim, t, 0, SP_EV_DISPATCH, di, r->id, r->logical, r->target_cyl, r->target_surface,
            (int32_t)d->p[SP_DP_SCHEDULER], d->qlen);
  if (r->internal) out_event(sim, t, 0, SP_EV_DESTAGE, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors, 0);
  bus_ctx c;
  bus_init(&c, d, r->sectors);
  access_args a = { d->cyl, d->surface, r->is_write, t0, 0, r->lbn + prefix, r->sectors - prefix,
                    sim->evcap > 0 ? sim : NULL, r->id, di, SP_EV_TRANSFER, NULL, NULL, 0, 0 };
  if (d->p[SP_DP_ROTATION_MODEL] == SP_ROT_UNIFORM) { a.rot_uniform = 1; a.rot_u = wl_uniform(sim, SP_RS_ROTATION); }
  double bus_end = 0;
  if (linear) {
    /* finish_linear adds the transfer after the media access */
  } else if (r->is_write && !r->internal) {
    /* Write data crosses the bus during the seek; the media may not start a
     * sector before its data is in the buffer. */
    double b = bus_write_per_sector(d), start = t0 > d->bus_free ? t0 : d->bus_free;
    extent e;
    layout_extent(d, r->lbn, 1, &e);
    double m = d->rev_ms / e.spt;
    a.data_ready = start + b + (b > m ? (r->sectors - 1) * (b - m) : 0);
    bus_end = start + r->sectors * b;
    d->bus_free = bus_end;
    out_event(sim, start, bus_end - start, SP_EV_BUS, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors, 1);
  } else if (!r->is_write) {
    a.ready = bus_ready; a.ctx = &c;
    if (prefix > 0) bus_ready(&c, 0, (int32_t)prefix, t, 0);
  }
  access_plan pl;
  sim->emit_logical = r->logical;
  mech_access(d, &a, &pl);
  sim->processed += pl.b.tracks;              /* work: one unit per track passed */
  if (sim->fs) fsexp_note_seek(sim, di, abs(pl.b.target_cyl - a.from_cyl), pl.b.seek_ms);
  r->seek = pl.b.seek_ms; r->rotation = pl.b.rotation_ms; r->transfer = pl.b.transfer_ms;
  r->switching = pl.b.switch_ms + (t0 - t);
  r->head_switches = pl.b.head_switches; r->cyl_switches = pl.b.cyl_switches;
  r->media_end = pl.media_end;
  r->end_cyl = pl.end_cyl; r->end_surface = pl.end_surface;
  if (linear) {
    finish_linear(sim, d, di, r, &a, &pl);
    if (r->is_write) cache_invalidate(d, r->lbn, r->sectors);
  } else if (r->is_write) {
    r->complete = pl.media_end > bus_end ? pl.media_end : bus_end;
    r->bus = pl.data_wait_ms + (bus_end > pl.media_end ? bus_end - pl.media_end : 0);
    cache_invalidate(d, r->lbn, r->sectors);
  } else {
    /* Done when its last sector has crossed the bus, and never before the
     * media access that read it has ended: the last sector's ready time
     * (first + (n - 1) * sector) can round an ulp below the access's end
     * (t0 + n * sector), and a completion scheduled at the end of the access
     * would then go back in time. As for writes. */
    bus_end = bus_read(sim, d, di, r, &c);
    r->complete = bus_end > pl.media_end ? bus_end : pl.media_end;
    r->bus = r->complete - pl.media_end;
  }
  d->busy = 1; d->current = r; d->mech_free = pl.media_end;
  if (!r->internal && r->complete > d->hold_until) d->hold_until = r->complete;
  schedule(sim, pl.media_end, EV_MECH_DONE, di, NULL);
}

/* SCHED_GATHER: is anything other than a deferred decision still due at this
 * instant (an arrival, a request becoming ready, a completion)? */
static int more_due_now(const sp_sim *sim) {
  for (int32_t i = 0; i < sim->events.n; i++)
    if (sim->events.v[i].t <= sim->now && sim->events.v[i].kind != EV_DISPATCH) return 1;
  return 0;
}

static void try_dispatch(sp_sim *sim, disk *d, int32_t di) {
  if (d->batch_open | d->batch_pending) return;     /* a linked batch is still coming in */
  /* No preseeking: nothing starts before the last dispatched request has
   * completed (its completion calls here again). */
  if (d->p[SP_DP_PRESEEK] == 0 && d->hold_until > sim->now) return;
  if (d->p[SP_DP_SCHED_GATHER] != 0 && !d->busy && d->qlen > 0 && more_due_now(sim)) {
    /* Decide after everything due now: an EV_DISPATCH at this instant, queued
     * behind it (its sequence number is the largest), retries. */
    if (d->gather_pending) return;
    if (schedule(sim, sim->now, EV_DISPATCH, di, NULL) == SP_OK) { d->gather_pending = 1; return; }
  }
  while (!d->busy && d->qlen > 0) {
    sim->processed += d->qlen;                  /* work: the scheduler weighs every queued request */
    int32_t i = sched_pick_among(d, sim->now, sched_candidates(d));
    request *r = d->queue[i];
    queue_remove(d, i);
    if (r->target_cyl > d->cyl) d->look_up = 1;
    else if (r->target_cyl < d->cyl) d->look_up = 0;
    int64_t prefix = -1;
    if (!r->is_write && d->nsegs > 0 && serve_from_buffer(sim, d, di, r, &prefix)) continue;
    dispatch(sim, d, di, r, prefix);
  }
}

/* ---- event handlers ------------------------------------------------------------------ */

/* A device request arriving at t; its logical request is itself (pass-through). */
request *run_device_request(sp_sim *sim, double t, int32_t di, int64_t lbn, int32_t sectors, int32_t is_write) {
  request *r = sp__request_new(sim);
  if (!r) return NULL;
  r->id = sim->next_id++; r->logical = r->id; r->lbn = lbn; r->sectors = sectors; r->is_write = is_write;
  r->disk = di; r->arrival = t;
  set_target(sim->disks[di], r);
  if (schedule(sim, t, EV_ARRIVAL, di, r) != SP_OK) { sp__request_free(sim, r); return NULL; }
  return r;
}

sp_status run_issue_synthetic(sp_sim *sim, double t) {
  int64_t vlbn; int32_t n, w;
  if (!wl_next(sim, &vlbn, &n, &w)) return SP_OK;
  if (!host_passthrough(&sim->host)) return host_issue(sim, t, vlbn, n, w, 1, 0);
  request *r = run_device_request(sim, t, sim->host.first, vlbn, n, w);
  if (!r) return sp__fail(sim, SP_E_NOMEM, "requests: out of memory");
  r->synthetic = 1;
  return SP_OK;
}

/* Issues the explicit list's next request: at its time, or (closed) its
 * think time after now, the previous one's completion. */
sp_status run_issue_submitted(sp_sim *sim) {
  if (sim->sub_next >= sim->nsubmitted) return SP_OK;
  const sub_req *s = &sim->submitted[sim->sub_next++];
  const int32_t w = (s->flags & SP_SUBMIT_WRITE) != 0;
  const double at = (s->flags & SP_SUBMIT_AFTER_PREVIOUS) ? sim->now + s->arrival : s->arrival;
  sim->sub_prev_done = 0;
  int32_t di = s->disk;
  if (di < 0) {
    if (!host_passthrough(&sim->host))
      return host_issue(sim, at, s->lbn, s->sectors, s->flags & ~SP_SUBMIT_AFTER_PREVIOUS, 0, 1);
    di = sim->host.first;
  }
  request *r = run_device_request(sim, at, di, s->lbn, s->sectors, w);
  if (!r) return sp__fail(sim, SP_E_NOMEM, "requests: out of memory");
  r->listed = 1; r->linked = (s->flags & SP_SUBMIT_LINKED) != 0;
  r->sub_index = sim->sub_next - 1;
  /* Straight to a device outside pass-through: no logical request. */
  if (s->disk >= 0 && !host_passthrough(&sim->host)) r->logical = -1;
  return SP_OK;
}

static int next_waits_for_previous(const sp_sim *sim) {
  return sim->sub_next < sim->nsubmitted && (sim->submitted[sim->sub_next].flags & SP_SUBMIT_AFTER_PREVIOUS);
}

sp_status run_listed_arrived(sp_sim *sim) {
  return sim->sub_next < sim->nsubmitted && !next_waits_for_previous(sim) ? run_issue_submitted(sim) : SP_OK;
}

sp_status run_listed_done(sp_sim *sim, int64_t sub_index) {
  if (sub_index != sim->sub_next - 1) return SP_OK;     /* not the last one issued */
  sim->sub_prev_done = 1;
  return next_waits_for_previous(sim) ? run_issue_submitted(sim) : SP_OK;
}

static sp_status on_arrival(sp_sim *sim, request *r) {
  disk *d = sim->disks[r->disk];
  const int32_t di = r->disk;
  const double t = sim->now;
  if (r->listed) run_listed_arrived(sim);
  if (sim->in_flight >= SP_MAX_IN_FLIGHT) {
    sp__request_free(sim, r);
    return sp__fail(sim, SP_E_LIMIT, "workload: more than %d requests in flight (the disk cannot keep "
                    "up with the arrival rate)", SP_MAX_IN_FLIGHT);
  }
  sim->in_flight++;
  if (d->flash) return flash_on_arrival(sim, r);
  if (r->linked | d->batch_open) {             /* a linked batch: the disk waits for all of it */
    r->in_batch = 1; d->batch_pending++;
    d->batch_open = r->linked;
  }
  out_event(sim, t, 0, SP_EV_ARRIVE, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors, r->is_write);
  const double b = bus_per_sector(d);
  const int prev_write = d->prev_write;
  d->prev_write = r->is_write;
  if (!r->is_write && d->nsegs > 0 && cache_prefix_valid(d, r->lbn, r->sectors, t, NULL) == r->sectors) {
    r->overhead = overhead_of(d, 1, 0, prev_write);   /* full hit: answered from the buffer */
    r->cache = 2; r->dispatch = t + r->overhead;
    out_event(sim, t, 0, SP_EV_CACHE_HIT, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors, 1);
    out_event(sim, t, r->overhead, SP_EV_OVERHEAD, di, r->id, r->logical, r->target_cyl, r->target_surface, 0, 0);
    double start = r->dispatch > d->bus_free ? r->dispatch : d->bus_free;
    r->complete = start + r->sectors * b; d->bus_free = r->complete;
    r->bus = r->complete - r->dispatch;
    out_event(sim, start, r->complete - start, SP_EV_BUS, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors, 0);
    if (r->in_batch) { batch_member_in(d, r); try_dispatch(sim, d, di); }
    return schedule(sim, r->complete, EV_COMPLETE, di, r);
  }
  const int early = r->is_write && may_report_early(d, r);
  if (r->is_write) { d->last_was_read = 0; d->last_write_end = r->lbn + r->sectors; }
  else d->last_was_read = 1;
  if (early) {
    /* Immediate reporting: done once the data is in the buffer; the media
     * write follows as an internal destage job (a batch member's place in
     * the batch passes to its destage). */
    r->overhead = overhead_of(d, 1, 1, prev_write); r->cache = 3; r->dispatch = t + r->overhead;
    out_event(sim, t, r->overhead, SP_EV_OVERHEAD, di, r->id, r->logical, r->target_cyl, r->target_surface, 0, 0);
    double start = r->dispatch > d->bus_free ? r->dispatch : d->bus_free;
    r->complete = start + r->sectors * bus_write_per_sector(d); d->bus_free = r->complete;
    r->bus = r->complete - r->dispatch;
    out_event(sim, start, r->complete - start, SP_EV_BUS, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors, 1);
    request *w = sp__request_new(sim);
    if (!w) return sp__fail(sim, SP_E_NOMEM, "requests: out of memory");
    *w = *r;
    w->internal = 1; w->synthetic = 0; w->listed = 0; w->parent = NULL;
    w->arrival = r->complete; w->overhead = 0; w->bus = 0;
    r->in_batch = 0;
    d->pending_destage_sectors += r->sectors;
    cache_invalidate(d, r->lbn, r->sectors);
    sp_status st = schedule(sim, r->complete, EV_READY, di, w);
    return st != SP_OK ? st : schedule(sim, r->complete, EV_COMPLETE, di, r);
  }
  r->overhead = overhead_of(d, 0, r->is_write, prev_write);
  r->holds_slot = 1;
  out_event(sim, t, r->overhead, SP_EV_OVERHEAD, di, r->id, r->logical, r->target_cyl, r->target_surface, 0, 0);
  return schedule(sim, t + r->overhead, EV_READY, di, r);
}

static sp_status on_ready(sp_sim *sim, request *r) {
  disk *d = sim->disks[r->disk];
  batch_member_in(d, r);
  if (r->internal || d->cmd_in_disk < (int32_t)d->p[SP_DP_QUEUE_DEPTH]) {
    sp_status st = enqueue_disk(sim, d, r->disk, r);
    if (st != SP_OK) { sp__request_free(sim, r); return st; }
  } else {
    r->next = NULL;
    if (d->host_tail) d->host_tail->next = r; else d->host_head = r;
    d->host_tail = r; d->host_len++;
    out_event(sim, sim->now, 0, SP_EV_QUEUE_HOST, r->disk, r->id, r->logical, r->target_cyl, r->target_surface, d->host_len, 0);
  }
  try_dispatch(sim, d, r->disk);
  return SP_OK;
}

static void on_mech_done(sp_sim *sim, int32_t di) {
  disk *d = sim->disks[di];
  request *r = d->current;
  d->current = NULL; d->busy = 0;
  d->cyl = r->end_cyl; d->surface = r->end_surface;
  if (d->qlen > 0 || r->complete <= r->media_end) r->head_end = r->media_end;
  else { r->head_end = r->complete; d->head_pending = r->internal ? NULL : r; }
  d->head_last_end = r->head_end;
  if (!r->is_write) cache_after_read(sim, d, di, r->lbn, r->sectors, r->media_end, d->cyl, d->surface);
  if (r->internal) {
    d->pending_destage_sectors -= r->sectors;
    if (sim->ndisks > 1) stats_add(&sim->acc_all, r);   /* one disk: its figures are all's */
    stats_add(sim->acc_disk[di], r);
    sp__request_free(sim, r);
  } else {
    schedule(sim, r->complete, EV_COMPLETE, di, r);
  }
  try_dispatch(sim, d, di);
}

static sp_status on_complete(sp_sim *sim, request *r) {
  disk *d = sim->disks[r->disk];
  const int32_t di = r->disk;
  out_event(sim, sim->now, r->complete - r->arrival, SP_EV_COMPLETE, di, r->id, r->logical, r->target_cyl,
            r->target_surface, r->sectors, r->cache);
  sim->in_flight--;
  if (d->head_pending == r) d->head_pending = NULL;
  if (sim->ndisks > 1) stats_add(&sim->acc_all, r);
  stats_add(sim->acc_disk[di], r);
  out_result(sim, r);
  const int synthetic = r->synthetic, listed = r->listed;
  const int64_t sub_index = r->sub_index;
  sp_status st = SP_OK;
  if (r->holds_slot) {
    d->cmd_in_disk--;
    request *h = d->host_head;
    if (h) {
      d->host_head = h->next;
      if (!d->host_head) d->host_tail = NULL;
      d->host_len--;
      st = enqueue_disk(sim, d, di, h);
      if (st != SP_OK) sp__request_free(sim, h);
    }
  }
  if (r->parent && st == SP_OK) st = host_child_done(sim, r);   /* before r is reused */
  else if (r->bg && st == SP_OK) st = host_bg_done(sim, r);
  sp__request_free(sim, r);
  try_dispatch(sim, d, di);
  if (st == SP_OK && listed) st = run_listed_done(sim, sub_index);
  if (st == SP_OK && synthetic && sim->wl.p[SP_WP_ARRIVALS] == SP_ARRIVE_CLOSED)
    return run_issue_synthetic(sim, sim->now + sim->wl.p[SP_WP_THINK_MS]);
  return st;
}

/* Batches left open when nothing else is to happen (their last request never
 * came): closed, so that what they hold is served. 1 if any was. */
static int close_batches(sp_sim *sim) {
  int any = host_close_batches(sim);
  for (int32_t i = 0; i < sim->ndisks; i++) {
    disk *d = sim->disks[i];
    if (!d->batch_open) continue;
    d->batch_open = 0; any = 1;
    try_dispatch(sim, d, i);
  }
  return any;
}

/* ---- driving ---------------------------------------------------------------------- */

/* Validates, then starts: a run that fails to start leaves the sim unstarted. */
static sp_status start(sp_sim *sim) {
  for (int32_t i = 0; i < sim->ndisks; i++) {
    if (!sim->disks[i]->committed)
      return sp__fail(sim, SP_E_STATE, "disk %d: not committed (call sp_disk_commit before sp_run)", i);
    sp_status st = sp__disk_check_params(sim, i, sim->disks[i], 1);   /* changed since commit */
    if (st != SP_OK) return st;
  }
  /* The host is needed by a workload, by requests to the volume and by any
   * setting other than the pass-through defaults. */
  if (sim->wl.p[SP_WP_COUNT] > 0 || sim->host.sub_end > 0 || !host_passthrough(&sim->host)) {
    sp_status st = host_need(sim);
    if (st != SP_OK) return st;
  }
  if (sim->fsp[SP_FSP_ENABLED] != 0) {       /* the file-system experiment replaces the workload */
    sp_status st = fsexp_start(sim);
    if (st != SP_OK) return st;
    sim->started = 1;
    return run_issue_submitted(sim);
  }
  sim->started = 1;          /* only once the setup is valid: a refused run can be fixed and run */
  sp_status st = run_issue_submitted(sim);
  if (st != SP_OK || sim->wl.p[SP_WP_COUNT] <= 0) return st;
  if (sim->wl.p[SP_WP_ARRIVALS] == SP_ARRIVE_OPEN) return schedule(sim, 0, EV_GENERATE, 0, NULL);
  for (int32_t k = 0; k < (int32_t)sim->wl.p[SP_WP_OUTSTANDING] && st == SP_OK; k++)
    st = run_issue_synthetic(sim, 0);
  return st;
}

/* The time up to which the event stream is complete: t, or earlier while a
 * read-ahead has pieces not reported yet (a piece is reported once it ends
 * or the read-ahead is stopped, so events after its start wait for it). With
 * final (the run pauses at t), every read-ahead reports its progress up to t. */
static double events_horizon(sp_sim *sim, double t, int final) {
  double h = t;
  for (int32_t i = 0; i < sim->ndisks; i++) {
    double x = cache_events_until(sim, sim->disks[i], i, t, final);
    if (x < h) h = x;
  }
  return h;
}

static int chunk_full(const sp_sim *sim) {
  return sim->out_full || (sim->rescap > 0 && sim->nres >= sim->rescap) ||
         (sim->evcap > 0 && sim->nev >= sim->evcap);
}

sp_status sp_run(sp_sim *sim, double until_ms) {
  if (!sim) return SP_E_INVALID;
  if (isnan(until_ms)) return sp__fail(sim, SP_E_INVALID, "until_ms: must be a number");
  sim->nev = 0; sim->nres = 0; sim->out_full = 0;
  if (sim->out_status < 0)
    return sp__fail(sim, sim->out_status, "events: an earlier sp_run could not keep every event "
                    "(SP_MAX_PENDING_EVENTS); sp_reset to run again");
  if (sim->ncarry > 0) out_take_carry(sim);
  if (!sim->started) {
    sp_status st = start(sim);
    if (st != SP_OK) return st;
  }
  const int64_t work0 = sim->processed;
  while (sim->events.n > 0 || (sim->started && close_batches(sim) && sim->events.n > 0)) {
    double t = sim->events.v[0].t;
    if (until_ms >= 0 && t > until_ms) {
      out_flush_due(sim, sim->evcap > 0 ? events_horizon(sim, until_ms, 1) : until_ms);
      if (sim->now < until_ms) sim->now = until_ms;
      return sim->out_full ? SP_MORE : SP_OK;
    }
    if (t > SP_MAX_TIME_MS)
      return sp__fail(sim, SP_E_LIMIT, "simulated time: the next event, at %g ms, is past the cap of %g ms "
                      "(SP_MAX_TIME_MS)", t, (double)SP_MAX_TIME_MS);
    double due = t;
    if (sim->evcap > 0) out_flush_due(sim, due = events_horizon(sim, t, 0));
    if (chunk_full(sim) || sim->processed - work0 >= SP_MAX_WORK_PER_RUN) {
      /* Events up to `due` may have been handed out: the clock says so, so
       * that a request submitted at sp_now() keeps the stream in order. */
      if (sim->evcap > 0 && due > sim->now) sim->now = due;
      return SP_MORE;
    }
    heap_item it = heap_pop(&sim->events);
    sim->now = it.t;
    sim->processed++;
    sp_status st = SP_OK;
    switch (it.kind) {
      case EV_ARRIVAL: st = on_arrival(sim, it.ptr); break;
      case EV_READY: st = on_ready(sim, it.ptr); break;
      case EV_HOST_ARRIVAL: st = host_on_arrival(sim, it.ptr); break;
      case EV_MECH_DONE: on_mech_done(sim, it.disk); break;
      case EV_COMPLETE: st = on_complete(sim, it.ptr); break;
      case EV_DISPATCH: sim->disks[it.disk]->gather_pending = 0; try_dispatch(sim, sim->disks[it.disk], it.disk); break;
      case EV_FS: st = fsexp_on_timer(sim, it.disk); break;
      case EV_GENERATE:
        st = run_issue_synthetic(sim, sim->now);
        if (st == SP_OK && sim->wl.issued < (int64_t)sim->wl.p[SP_WP_COUNT])
          st = schedule(sim, sim->now + wl_interarrival(sim), EV_GENERATE, it.disk, NULL);
        break;
      default: break;
    }
    if (st < 0) return st;
    if (sim->out_status < 0) return sim->out_status;   /* an event could not be kept (output.c) */
  }
  if (sim->evcap > 0) events_horizon(sim, sim->now, 1);   /* every event left is due by now */
  out_flush_due(sim, INFINITY);
  return sim->out_full ? SP_MORE : SP_OK;
}

int32_t sp_done(const sp_sim *sim) {
  return sim && sim->started && sim->events.n == 0 && sim->pend_order.n == 0;
}

/* Checks and appends one explicit request (disk = -1: to the volume, whose
 * capacity is `cap`). */
static int64_t submit(sp_sim *sim, int32_t di, double arrival_ms, int64_t lbn, int32_t sectors, int32_t flags,
                      int64_t cap) {
  int64_t k = sim->nsubmitted;
  const char *what = di < 0 ? "vlbn" : "lbn", *where = di < 0 ? "volume" : "disk";
  const int closed = (flags & SP_SUBMIT_AFTER_PREVIOUS) != 0;
  const int prev_closed = k && (sim->submitted[k - 1].flags & SP_SUBMIT_AFTER_PREVIOUS);
  if (!isfinite(arrival_ms) || arrival_ms < 0)
    return sp__fail(sim, SP_E_INVALID, "requests[%lld].time: %g must be a finite time >= 0", (long long)k, arrival_ms);
  if (arrival_ms > SP_MAX_TIME_MS)
    return sp__fail(sim, SP_E_LIMIT, "requests[%lld].time: %g ms is past the cap of %g ms (SP_MAX_TIME_MS)",
                    (long long)k, arrival_ms, (double)SP_MAX_TIME_MS);
  if (closed && (flags & SP_SUBMIT_LINKED))
    return sp__fail(sim, SP_E_INVALID, "requests[%lld].flags: SP_SUBMIT_AFTER_PREVIOUS (8) cannot be linked", (long long)k);
  if (!closed && prev_closed)
    return sp__fail(sim, SP_E_INVALID, "requests[%lld].time: an absolute time cannot follow a request submitted "
                    "with SP_SUBMIT_AFTER_PREVIOUS (its arrival is not known yet)", (long long)k);
  if (!closed && k && arrival_ms < sim->submitted[k - 1].arrival)
    return sp__fail(sim, SP_E_INVALID, "requests[%lld].time: %g is before the previous request's %g "
                    "(arrivals must not decrease)", (long long)k, arrival_ms, sim->submitted[k - 1].arrival);
  if (!closed && sim->started && arrival_ms < sim->now)
    return sp__fail(sim, SP_E_INVALID, "requests[%lld].time: %g is in the simulated past (now %g)",
                    (long long)k, arrival_ms, sim->now);
  if (lbn < 0 || lbn >= cap)
    return sp__fail(sim, SP_E_RANGE, "requests[%lld].%s: %lld is outside the %s (0..%lld)", (long long)k, what,
                    (long long)lbn, where, (long long)cap - 1);
  if (sectors < 1 || sectors > cap - lbn)
    return sp__fail(sim, SP_E_RANGE, "requests[%lld].sectors: %d from %s %lld runs past the last %s %lld",
                    (long long)k, sectors, what, (long long)lbn, what, (long long)cap - 1);
  if (flags & ~(SP_SUBMIT_WRITE | SP_SUBMIT_LINKED | SP_SUBMIT_AFTER_PREVIOUS | (di < 0 ? SP_SUBMIT_SEMISEQ : 0)))
    return sp__fail(sim, SP_E_INVALID, "requests[%lld].flags: %d has bits other than SP_SUBMIT_WRITE (1)%s",
                    (long long)k, flags, di < 0 ? ", SP_SUBMIT_LINKED (2), SP_SUBMIT_SEMISEQ (4) and SP_SUBMIT_AFTER_PREVIOUS (8)"
                                                : ", SP_SUBMIT_LINKED (2) and SP_SUBMIT_AFTER_PREVIOUS (8)");
  if (di < 0 && (!host_passthrough(&sim->host) || (flags & SP_SUBMIT_SEMISEQ))) {
    sp_status st = host_check_submit(sim, lbn, sectors, flags & ~SP_SUBMIT_AFTER_PREVIOUS);
    if (st != SP_OK) return st;
  }
  if (k >= SP_MAX_SUBMITTED)
    return sp__fail(sim, SP_E_LIMIT, "requests: at most %d explicit requests", SP_MAX_SUBMITTED);
  if (k == sim->subcap) {
    int64_t c = sim->subcap ? sim->subcap * 2 : 1024;
    sub_req *v = realloc(sim->submitted, (size_t)c * sizeof *v);
    if (!v) return sp__fail(sim, SP_E_NOMEM, "requests: out of memory");
    sim->submitted = v; sim->subcap = c;
  }
  sim->submitted[k] = (sub_req){ arrival_ms, lbn, sectors, flags, di };
  sim->nsubmitted++;
  if (di < 0 && lbn + sectors > sim->host.sub_end) sim->host.sub_end = lbn + sectors;
  /* Submitted after the run began and the list had run dry: schedule it now
   * (a closed one only once the request before it has completed). */
  if (sim->started && sim->sub_next == k && (!closed || k == 0 || sim->sub_prev_done)) {
    sp_status st = run_issue_submitted(sim);
    if (st != SP_OK) return st;
  }
  return k;
}

int64_t sp_request_submit(sp_sim *sim, int32_t di, double arrival_ms, int64_t lbn, int32_t sectors,
                          int32_t flags) {
  if (sim && di >= 0 && di < sim->ndisks && sim->disks[di]->flash)
    return submit(sim, di, arrival_ms, lbn, sectors, flags, sim->disks[di]->capacity);
  disk *d = sp__disk(sim, di, 1);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  return submit(sim, di, arrival_ms, lbn, sectors, flags, d->capacity);
}

int64_t sp_submit(sp_sim *sim, double arrival_ms, int64_t vlbn, int32_t sectors, int32_t flags) {
  if (!sim) return SP_E_INVALID;
  sp_status st = host_need(sim);
  if (st != SP_OK) return st;
  return submit(sim, -1, arrival_ms, vlbn, sectors, flags, sim->host.capacity);
}
