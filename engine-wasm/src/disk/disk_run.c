/*
 * disk_run.c — a disk's life in a run, as the core's device interface
 * (device_ops): arrival and controller overhead, immediately reported
 * writes, the driver's per-disk FIFO and the on-disk queue, linked batches,
 * dispatch to the mechanism, bus transfers, the end of a media access.
 *
 * A request's life: ARRIVAL (controller decodes it; a full cache hit or an
 * immediately reported write is answered from the buffer) -> READY (queued:
 * on the disk if a command slot is free, else on the host) -> dispatched by
 * the scheduler when the mechanism is free -> MECH_DONE (media access over;
 * read-ahead begins) -> COMPLETE (last byte over the bus, status to host;
 * the core's, which calls back disk_released and disk_kick).
 *
 * Head time: the time the mechanism is dedicated to a request, from
 * max(arrival, end of the previous request's head time) to the end of its
 * media access if another request is waiting then, else to its completion
 * or the next dispatch, whichever is first (traxtents paper, section 5).
 */
#include "disk.h"
#include "ext.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static double bus_per_sector(const disk *d) { return d->p[SP_DP_BUS_MS_PER_SECTOR]; }
static double bus_write_per_sector(const disk *d) {
  double w = d->p[SP_DP_WRITE_BUS_MS_PER_SECTOR];
  return w >= 0 ? w : d->p[SP_DP_BUS_MS_PER_SECTOR];
}

/* The bus the disk shares with others (SHARED_BUS), 0: its own. */
static int32_t shared_bus(const disk *d) { return (int32_t)d->p[SP_DP_SHARED_BUS]; }

/* Holds the disk's bus from `from` on, for dur and until at least min_end:
 * its own bus once free, or its shared bus's first free stretch. Returns the
 * start; *end is the end. */
static double bus_hold(sp_sim *sim, disk *d, double from, double dur, double min_end, double *end) {
  const int32_t k = shared_bus(d);
  const double s = k > 0 ? sp__bus_claim(sim, k, from, dur, min_end) : from > d->bus_free ? from : d->bus_free;
  *end = s + dur > min_end ? s + dur : min_end;
  if (k == 0) d->bus_free = *end;
  return s;
}

/* When the controller's overhead for a command arriving at t starts: at once,
 * or on a shared bus once the bus is free, which the disk then holds through
 * the overhead (DiskSim's disk stays connected until it disconnects). */
static double command_start(sp_sim *sim, const disk *d, double t, double overhead) {
  return shared_bus(d) > 0 ? sp__bus_claim(sim, shared_bus(d), t, overhead, 0) : t;
}

/* Immediate reporting: with room in the write buffer, and under the HP rule
 * only for the first write after a read or one extending the last write. */
static int may_report_early(const disk *d, const request *r) {
  if (d->p[SP_DP_WRITE_CACHE] != SP_WC_IMMEDIATE) return 0;
  /* with write segments each run is bounded by the segment's size (write_run_for), else all of them together */
  const int64_t room = (int64_t)d->p[SP_DP_CACHE_SEGMENT_SECTORS];
  if (d->p[SP_DP_WRITE_SEGMENTS] > 0 ? r->sectors > room : d->pending_destage_sectors + r->sectors > room) return 0;
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

/* The controller's time from the end of a host request's data transfer to
 * its completion reaching the host; the request's bus time includes it. */
static double completion_of(const disk *d, const request *r) {
  if (r->internal || d->p[SP_DP_CONSTANT_MS] >= 0) return 0;
  if (!r->is_write) return d->p[SP_DP_READ_COMPLETION_MS];
  /* a write the media served reselects the host first (reported at once: still connected) */
  return d->p[SP_DP_WRITE_COMPLETION_MS] + (r->cache == 3 ? 0 : reconnect_write_reselect_ms(d, r));
}

/* Moves a host request's completion on by its completion overhead (shown as a
 * second OVERHEAD, a = 1); before anything reads r->complete. On a shared bus
 * the completion is sent over it: it waits for the bus, and holds it through
 * the overhead. */
static void add_completion(sp_sim *sim, const disk *d, int32_t di, request *r) {
  const double c = completion_of(d, r);
  const double s = shared_bus(d) > 0 && !r->internal ? sp__bus_claim(sim, shared_bus(d), r->complete, c, 0) : r->complete;
  if (s + c <= r->complete) return;
  if (c > 0) out_event(sim, s, c, SP_EV_OVERHEAD, di, r->id, r->logical, r->target_cyl, r->target_surface, 1, 0);
  r->bus += s + c - r->complete; r->complete = s + c;
}

/* A write's completion on a shared bus asks for the bus once its media access
 * is over, as DiskSim's disk reconnects to send it: a disk that asked earlier
 * (a read whose data became ready meanwhile) holds the bus first. */
static int completion_at_media_end(const disk *d, const request *r) {
  return r->is_write && !r->internal && shared_bus(d) > 0 && d->p[SP_DP_TRANSFER_MODEL] != SP_XFER_LINEAR;
}

/* ---- in-order bus delivery of a read ---------------------------------------- */

typedef struct bus_ctx {
  int64_t n, fence; double fence_time, tail, b;
  int64_t hit_n; double hit_t;   /* the first hit_n sectors are ready at hit_t (a partial hit's) */
  int64_t base;                  /* bus_ready's offsets count from this sector of the request */
} bus_ctx;

/* Data [off, off+count) becomes ready from `first`, one sector per `per`.
 * The bus may start once the fence is buffered, and can never overtake the
 * media: it ends no earlier than ready(i) + (n - i) * b for every sector i. */
static void bus_mark(bus_ctx *c, int64_t off, int32_t count, double first, double per) {
  if (count <= 0) return;
  if (off < c->hit_n) {
    /* Already in the buffer when the command came: ready once the hit
     * overhead is over, whenever the rest of the request is read. */
    const int32_t k = (int32_t)(off + count < c->hit_n ? count : c->hit_n - off);
    const int64_t hit_n = c->hit_n;
    c->hit_n = 0;
    bus_mark(c, off, k, c->hit_t, 0);
    c->hit_n = hit_n;
    bus_mark(c, off + k, count - k, first + k * per, per);
    return;
  }
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

/* The ready callback: off counts from c->base (the mechanism's offsets count
 * from its access's first sector, past a partial hit's buffered part). */
static void bus_ready(void *p, int64_t off, int32_t count, double first, double per) {
  bus_ctx *c = p;
  bus_mark(c, c->base + off, count, first, per);
}

/* How many of a read's n sectors must be buffered before its bus starts; as
 * a fraction, DiskSim's read water mark by request size: that share of the
 * request (of the segment's size at most), rounded down. */
static int64_t read_fence(const disk *d, int64_t n) {
  int64_t f = (int64_t)d->p[SP_DP_READ_FENCE_SECTORS];
  const int64_t seg = (int64_t)d->p[SP_DP_CACHE_SEGMENT_SECTORS];
  int64_t ff = (int64_t)floor(d->p[SP_DP_READ_FENCE_FRACTION] * (double)(seg > 0 && seg < n ? seg : n));
  if (ff > f) f = ff;
  return f < 1 ? 1 : f > n ? n : f;
}

/* The fence of c's read: with "Immed transfer partial hit" a partial hit's
 * buffered part crosses first however short of the fence it is, the rest
 * following as the media delivers it (DiskSim's controller holds the bus, or
 * reconnects at a one-sector water mark, and sends what each sector read
 * brings). */
static void bus_fence(bus_ctx *c, const disk *d) {
  c->fence = read_fence(d, c->n);
  if (c->hit_n > 0 && c->hit_n < c->fence && d->p[SP_DP_PARTIAL_HIT_IMMEDIATE] != 0) c->fence = c->hit_n;
}

static void bus_init(bus_ctx *c, const disk *d, const request *r) {
  c->n = r->sectors;
  c->fence_time = 0; c->tail = 0; c->b = bus_per_sector(d);
  c->hit_n = r->hit_sectors; c->hit_t = r->hit_bus_from;
  c->base = 0;
  bus_fence(c, d);
}

/* Reserves the bus for a read whose data readiness is in c; returns its end.
 * lead: the controller's time on the bus before the data (a reselection). */
static double bus_read(sp_sim *sim, disk *d, int32_t di, request *r, const bus_ctx *c, double lead) {
  double end, start = bus_hold(sim, d, c->fence_time, lead + (double)c->n * c->b, c->tail, &end);
  if (lead > 0) out_event(sim, start, lead, SP_EV_OVERHEAD, di, r->id, r->logical, r->target_cyl, r->target_surface, 1, 0);
  out_event(sim, start + lead, end - start - lead, SP_EV_BUS, di, r->id, r->logical, r->target_cyl, r->target_surface,
            r->sectors, 0);
  return end;
}

/* ---- queues ------------------------------------------------------------------------- */

static void queue_remove(disk *d, int32_t i) {
  if (i < d->qlen - 1) memmove(d->queue + i, d->queue + i + 1, (size_t)(d->qlen - i - 1) * sizeof *d->queue);
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

void disk_target(const disk *d, request *r) {
  const int32_t track = layout_home_track(d, r->lbn);
  r->target_cyl = track / d->surfaces; r->target_surface = track % d->surfaces;
}

static void try_dispatch(sp_sim *sim, disk *d, int32_t di);
static sp_status release_write_segment(sp_sim *sim, disk *d, int32_t di);
static int32_t write_run_for(const disk *d, const request *r);

/* A queued read the buffer can answer without the mechanism; c: its bus
 * delivery, as bus_init left it. If it cannot, *prefix is what the buffer
 * holds of the request's start and c is untouched (dispatch needs both:
 * stopping the read-ahead first does not change the prefix). */
static int serve_from_buffer(sp_sim *sim, disk *d, int32_t di, request *r, int64_t *prefix, bus_ctx *c) {
  const double t = sim->now;
  *prefix = cache_prefix_valid(d, r->lbn, r->sectors, t, NULL);
  int full = *prefix == r->sectors;
  if (full) bus_ready(c, 0, r->sectors, t, 0);
  else if (!cache_read_ahead_covers(d, r->lbn, r->sectors, t, bus_ready, c)) return 0;
  if (full) cache_extend_on_hit(sim, d, di, r->lbn, r->sectors, t);
  else cache_extend_read_ahead(sim, d, di, r->lbn + r->sectors);
  r->cache = full ? 2 : 1;
  r->dispatch = t;
  out_event(sim, t, 0, SP_EV_CACHE_HIT, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors, full);
  /* A read that disconnected at its command reselects before its data, as
   * when the media serves it; a partial hit's bus connected at its command. */
  r->complete = bus_read(sim, d, di, r, c, r->hit_sectors > 0 ? 0 : reconnect_read_lead(d));
  r->bus = r->complete - t;
  add_completion(sim, d, di, r);
  r->head_start = r->head_end = 0;
  if (r->complete > d->hold_until) d->hold_until = r->complete;
  event_schedule(sim, r->complete, EV_COMPLETE, di, r);
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
  event_schedule(sim, r->media_end, EV_MECH_DONE, di, NULL);
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

/* When a write's media access of n sectors from lbn may start, their data
 * crossing the bus from `start` at b per sector: never before the first
 * sector is in the buffer, late enough that the media never overtakes the
 * bus (DiskSim's disk_buffer_block_available passes a sector whose data is
 * not in yet and comes round for it: on one track the same revolution this
 * start gives) and not before the segment holds `fill` sectors (what the
 * extra write disconnect asks, reconnect_write_fill). The write water mark
 * does not hold it: DiskSim consults that mark only to reconnect for more of
 * a write's data (write_rest). */
static double write_data_ready(const disk *d, int64_t lbn, int64_t n, int64_t fill, double start, double b) {
  extent e;
  layout_extent(d, lbn, 1, &e);
  const double m = d->rev_ms / e.spt;
  double ready = start + b + (b > m ? (double)(n - 1) * (b - m) : 0);
  if (fill > 1 && start + (double)fill * b > ready) ready = start + (double)fill * b;
  return ready;
}

/* How a read-ahead running at a host read's dispatch at t stops: a read
 * that waited in the queue while the read-ahead began is activated now, and
 * DiskSim stops the read-ahead for it as at an arrival (disk_check_prefetch_
 * swap calls disk_activate_read); one just begun (the read dispatched as the
 * media access before it ends) has read nothing yet: the engine's stop. */
static int32_t dispatch_stop(const disk *d, const request *r, double t) {
  if (r->is_write || r->internal || d->ra_seg < 0 || !(t > d->segs[d->ra_seg].ra_from + 1e-9)) return SP_RAS_DISPATCH;
  return (int32_t)d->p[SP_DP_READ_AHEAD_STOP];
}

/* The time the media access a (its events not recorded) has written its
 * first k sectors. */
static double written_by(const disk *d, const access_args *a, int64_t k) {
  access_args ak = *a;
  ak.emit_to = NULL; ak.n = k;
  access_plan p;
  mech_access(d, &ak, &p);
  return p.media_end;
}

/* A write larger than its segment: its first connection sent a->n sectors,
 * ending at *bus_end, and pl is their media access. DiskSim's disk streams on
 * if the media has freed a sector by then; else it disconnects (the write
 * disconnect overhead) and reconnects once the media leaves no more than the
 * write water mark unwritten (reconnect_write_refill_after), reselecting and
 * preparing the data; the rest then crosses and the media writes it on from
 * where it stopped. pl and *bus_end become the whole write's. */
static void write_rest(sp_sim *sim, disk *d, int32_t di, request *r, const access_args *a, access_plan *pl,
                       double b, double *bus_end) {
  const int64_t rest = r->sectors - a->n;
  double from = *bus_end;
  if (written_by(d, a, 1) > *bus_end) {
    const double back = reconnect_write_status_at(d, r, *bus_end, 0);
    const double refill = written_by(d, a, reconnect_write_refill_after(d, r->sectors));
    from = (refill > back ? refill : back) + reconnect_write_reselect_ms(d, r) + d->p[SP_DP_DATA_PREP_MS];
  }
  const double start = bus_hold(sim, d, from, (double)rest * b, 0, bus_end);
  out_event(sim, start, *bus_end - start, SP_EV_BUS, di, r->id, r->logical, r->target_cyl, r->target_surface,
            (int32_t)rest, 1);
  access_args a2 = *a;
  a2.from_cyl = pl->end_cyl; a2.from_surface = pl->end_surface; a2.t = pl->media_end;
  a2.lbn = a->lbn + a->n; a2.n = rest; a2.cont = 1; a2.rot_uniform = 0;
  a2.data_ready = write_data_ready(d, a2.lbn, rest, 0, start, b);
  access_plan p2;
  mech_access(d, &a2, &p2);
  pl->b.seek_ms += p2.b.seek_ms; pl->b.rotation_ms += p2.b.rotation_ms; pl->b.transfer_ms += p2.b.transfer_ms;
  pl->b.switch_ms += p2.b.switch_ms; pl->b.head_switches += p2.b.head_switches;
  pl->b.cyl_switches += p2.b.cyl_switches; pl->b.tracks += p2.b.tracks;
  pl->data_wait_ms += p2.data_wait_ms;
  pl->media_end = p2.media_end; pl->end_cyl = p2.end_cyl; pl->end_surface = p2.end_surface;
}

/* c: r's bus delivery as bus_init left it. */
static void dispatch(sp_sim *sim, disk *d, int32_t di, request *r, int64_t known_prefix, bus_ctx *c) {
  const double t = sim->now;
  if (d->p[SP_DP_CONSTANT_MS] >= 0) { dispatch_constant(sim, d, di, r); return; }
  const int linear = d->p[SP_DP_TRANSFER_MODEL] == SP_XFER_LINEAR;
  /* the segment reading ahead when the disk took a write, if it still is or
   * the write stopped it as it came */
  const int32_t kept = r->ra_kept > 0 && (d->ra_seg == r->ra_kept - 1 || (!r->internal && r->id == d->ra_stopper))
                       ? r->ra_kept - 1 : -1;
  double t0 = cache_stop_read_ahead_as(sim, d, di, t, dispatch_stop(d, r, t));
  if (t0 < d->ra_stop_free) t0 = d->ra_stop_free;            /* a read-ahead stopped at a read's arrival */
  if (!r->internal && r->id == d->ra_stopper && t0 < t + d->ra_stop_extra) t0 = t + d->ra_stop_extra;
  if (!r->internal && r->id == d->ra_stopper) d->ra_stopper = -1;
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
  access_args a = { d->cyl, d->surface, r->is_write, t0, 0, r->lbn + prefix, r->sectors - prefix,
                    sim->evcap > 0 ? sim : NULL, r->id, di, SP_EV_TRANSFER, NULL, NULL, 0, 0, 0 };
  if (d->p[SP_DP_ROTATION_MODEL] == SP_ROT_UNIFORM) { a.rot_uniform = 1; a.rot_u = wl_uniform(sim, SP_RS_ROTATION); }
  double bus_end = 0;
  if (linear) {
    /* finish_linear adds the transfer after the media access */
  } else if (r->is_write && !r->internal) {
    /* Write data crosses the bus during the seek; the media may not start a
     * sector before its data is in the buffer. */
    double b = bus_write_per_sector(d);
    a.n = reconnect_write_first(d, r->sectors);
    double start = bus_hold(sim, d, t0 + reconnect_write_data_lead(d, r), (double)a.n * b, 0, &bus_end);
    a.data_ready = write_data_ready(d, r->lbn, a.n, reconnect_write_fill(d, r->sectors), start, b);
    out_event(sim, start, bus_end - start, SP_EV_BUS, di, r->id, r->logical, r->target_cyl, r->target_surface, (int32_t)a.n, 1);
  } else if (!r->is_write) {
    a.ready = bus_ready; a.ctx = c;
    if (c->hit_n > prefix) { c->hit_n = prefix; bus_fence(c, d); }   /* only what is still buffered */
    if (prefix > 0) bus_mark(c, 0, (int32_t)prefix, t, 0);
    c->base = prefix;
  }
  access_plan pl;
  sim->emit_logical = r->logical;
  mech_access(d, &a, &pl);
  if (a.n < r->sectors - prefix) write_rest(sim, d, di, r, &a, &pl, bus_write_per_sector(d), &bus_end);
  sim->processed += pl.b.tracks;              /* work: one unit per track passed */
  ext_note_seek(sim, di, abs(pl.b.target_cyl - a.from_cyl), pl.b.seek_ms);
  r->seek = pl.b.seek_ms; r->rotation = pl.b.rotation_ms; r->transfer = pl.b.transfer_ms;
  r->switching = pl.b.switch_ms + (t0 - t);
  r->head_switches = pl.b.head_switches; r->cyl_switches = pl.b.cyl_switches;
  r->media_end = pl.media_end;
  r->end_cyl = pl.end_cyl; r->end_surface = pl.end_surface;
  r->free_before = prefix == 0 ? r->lbn - pl.free_first : 0;   /* a partial hit's segment is not empty */
  if (linear) {
    finish_linear(sim, d, di, r, &a, &pl);
    if (r->is_write) cache_write_over(d, r->lbn, r->sectors, kept, r->ra_kept_start, r->ra_kept_end);
    if (r->is_write && !r->internal) cache_hold_write(d, r->lbn, r->sectors, 0);
  } else if (r->is_write) {
    r->complete = r->internal ? (pl.media_end > bus_end ? pl.media_end : bus_end)
                              : reconnect_write_status_at(d, r, bus_end, pl.media_end);
    r->bus = pl.data_wait_ms + (r->complete - pl.media_end);
    cache_write_over(d, r->lbn, r->sectors, kept, r->ra_kept_start, r->ra_kept_end);
    if (!r->internal) cache_hold_write(d, r->lbn, r->sectors, 0);   /* its data crossed into the buffer */
  } else if (shared_bus(d) > 0) {
    /* On a shared bus the read asks for the bus when its data is ready, as
     * DiskSim's disk reconnects: whoever holds the bus then keeps it. Its
     * completion is known from then (on_bus_read), no later than the end of
     * its media access (the fence's ready time may round an ulp past it):
     * that event is scheduled first, and the mechanism's end reads it. */
    d->read_bus_from = c->fence_time; d->read_bus_tail = c->tail;
    r->complete = pl.media_end; r->bus = 0;
    event_schedule(sim, c->fence_time < pl.media_end ? c->fence_time : pl.media_end, EV_BUS_READ, di, NULL);
    d->busy = 1; d->current = r; d->mech_free = pl.media_end;
    event_schedule(sim, pl.media_end, EV_MECH_DONE, di, NULL);
    return;
  } else {
    /* Done when its last sector has crossed the bus, and never before the
     * media access that read it has ended: the last sector's ready time
     * (first + (n - 1) * sector) can round an ulp below the access's end
     * (t0 + n * sector), and a completion scheduled at the end of the access
     * would then go back in time. As for writes. */
    /* A partial hit's bus connects at its command: no reselection before its data. */
    bus_end = bus_read(sim, d, di, r, c, r->hit_sectors > 0 ? 0 : reconnect_read_lead(d));
    r->complete = bus_end > pl.media_end ? bus_end : pl.media_end;
    r->bus = r->complete - pl.media_end;
  }
  if (!completion_at_media_end(d, r)) add_completion(sim, d, di, r);
  d->busy = 1; d->current = r; d->mech_free = pl.media_end;
  if (!r->internal && r->complete > d->hold_until) d->hold_until = r->complete;
  event_schedule(sim, pl.media_end, EV_MECH_DONE, di, NULL);
}

/* The read on the mechanism asks for its shared bus (dispatch): its data
 * and completion overhead cross it, and its completion is known. */
static void on_bus_read(sp_sim *sim, disk *d, int32_t di) {
  request *r = d->current;
  bus_ctx c = { r->sectors, r->sectors, d->read_bus_from, d->read_bus_tail, bus_per_sector(d), 0, 0, 0 };
  const double end = bus_read(sim, d, di, r, &c, reconnect_read_lead(d));
  r->complete = end > r->media_end ? end : r->media_end;
  r->bus = r->complete - r->media_end;
  add_completion(sim, d, di, r);
  if (!r->internal && r->complete > d->hold_until) d->hold_until = r->complete;
}

/* SCHED_GATHER: is anything other than a deferred decision still due at this
 * instant (an arrival, a request becoming ready, a completion)? */
static int more_due_now(const sp_sim *sim) {
  for (int32_t i = 0; i < sim->events.n; i++)
    if (sim->events.v[i].t <= sim->now && sim->events.v[i].kind != EV_DISPATCH) return 1;
  return 0;
}

/* Such a read's bus event starts before its dispatch, where it is emitted:
 * until then the event stream is complete only up to that start. Each such
 * read holds the stream until its own dispatch, so the horizon is the
 * earliest start of those still pending (one dispatched leaves the others'). */
static sp_status hit_bus_hold(sp_sim *sim, disk *d, int32_t di, const request *r) {
  if (d->hit_nholds == d->hit_holdcap) {
    int32_t cap = d->hit_holdcap ? d->hit_holdcap * 2 : 8;
    double *v = realloc(d->hit_holds, (size_t)cap * sizeof *v);
    if (!v) return sp__fail(sim, SP_E_NOMEM, "disk %d: partial hits: out of memory", di);
    d->hit_holds = v; d->hit_holdcap = cap;
  }
  if (d->hit_nholds == 0 || r->hit_bus_from < d->hit_bus_hold) d->hit_bus_hold = r->hit_bus_from;
  d->hit_holds[d->hit_nholds++] = r->hit_bus_from;
  return SP_OK;
}

static void hit_bus_release(disk *d, const request *r) {
  if (r->hit_sectors <= 0) return;
  int32_t i = 0;
  while (i < d->hit_nholds && d->hit_holds[i] != r->hit_bus_from) i++;
  if (i == d->hit_nholds) return;
  d->hit_holds[i] = d->hit_holds[--d->hit_nholds];
  for (int32_t k = 0; k < d->hit_nholds; k++)
    if (k == 0 || d->hit_holds[k] < d->hit_bus_hold) d->hit_bus_hold = d->hit_holds[k];
}

/* Where DiskSim's disk state has the head when its scheduler decides at t
 * (SPTF_DISKSIM): as the last media activity left it, a request's access or
 * the read-ahead after it, at that activity's end; a read-ahead still
 * running at t is stopped then, so the state is its track at t. */
static void disksim_head(disk *d, double t) {
  d->sptf_from_cyl = d->cyl; d->sptf_from_surface = d->surface;
  d->sptf_from_t = d->mech_free < t ? d->mech_free : t;
  double at;
  int32_t cyl, surface;
  if (cache_read_ahead_head(d, t, &at, &cyl, &surface)) {
    d->sptf_from_t = at; d->sptf_from_cyl = cyl; d->sptf_from_surface = surface;
  }
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
    if (event_schedule(sim, sim->now, EV_DISPATCH, di, NULL) == SP_OK) { d->gather_pending = 1; return; }
  }
  while (!d->busy && d->qlen > 0) {
    if (d->p[SP_DP_SPTF_DISKSIM] != 0) disksim_head(d, sim->now);
    int64_t walked = 0;                         /* work: the scheduler weighs every queued request, */
    int32_t i = sched_pick_among(d, sim->now, sched_candidates(d), &walked);
    sim->processed += d->qlen + walked;         /* and its estimates may walk their tracks */
    request *r = d->queue[i];
    queue_remove(d, i);
    if (r->target_cyl > d->cyl) d->look_up = 1;
    else if (r->target_cyl < d->cyl) d->look_up = 0;
    int64_t prefix = -1;
    bus_ctx c;                                  /* one for both: a refused serve_from_buffer leaves it as set */
    bus_init(&c, d, r);
    hit_bus_release(d, r);                      /* its bus event is emitted below */
    if (!r->is_write && d->nsegs > 0 && serve_from_buffer(sim, d, di, r, &prefix, &c)) continue;
    dispatch(sim, d, di, r, prefix, &c);
  }
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
  if (!r->is_write) cache_after_read(sim, d, di, r->lbn, r->sectors, r->free_before, r->media_end, d->cyl, d->surface);
  if (r->internal) {
    d->pending_destage_sectors -= r->sectors;
    if (r->wrun >= 0) d->run_pending[r->wrun] -= r->sectors;
    release_write_segment(sim, d, di);
    if (sim->ndisks > 1) stats_add(&sim->acc_all, r);   /* one disk: its figures are all's */
    stats_add(sim->acc_disk[di], r);
    sp__request_free(sim, r);
  } else {
    if (completion_at_media_end(d, r)) {
      add_completion(sim, d, di, r);
      if (r->complete > d->hold_until) d->hold_until = r->complete;
    }
    event_schedule(sim, r->complete, EV_COMPLETE, di, r);
  }
  try_dispatch(sim, d, di);
}

/* A read partly in the buffer, arriving at t, stays connected and sends its
 * buffered part after the hit overhead (DiskSim 4.0's disk_read_arrive: with
 * enough of it buffered and nothing else holding the disk, it is READY_TO_
 * TRANSFER after the read hit overhead, while its media access waits for
 * overhead_done, set from the read miss overhead); otherwise it disconnects
 * and is charged the miss overhead throughout, as before. "Enough" is the
 * read's bus fence, asked only without "Immed transfer partial hit"
 * (PARTIAL_HIT_IMMEDIATE); on a shared bus it keeps the miss overhead. */
static int partial_hit_connects(const disk *d, const request *r, int64_t cached, double t) {
  const int enough = d->p[SP_DP_PARTIAL_HIT_IMMEDIATE] != 0 || cached >= read_fence(d, r->sectors);
  return enough && shared_bus(d) == 0 && !d->busy && d->qlen == 0 &&
         d->host_len == 0 && d->hold_until <= t && d->bus_free <= t;
}

/* An immediately reported write's data crosses the bus from `from` into the
 * buffer, where it is done; the media write follows as an internal destage
 * job (a batch member's place in the batch passes to its destage). */
static sp_status take_into_buffer(sp_sim *sim, disk *d, int32_t di, request *r, double from) {
  double data_in, start = bus_hold(sim, d, from + d->p[SP_DP_DATA_PREP_MS], r->sectors * bus_write_per_sector(d), 0,
                                    &data_in);
  r->complete = data_in;
  r->bus = r->complete - r->dispatch;
  out_event(sim, start, r->complete - start, SP_EV_BUS, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors, 1);
  add_completion(sim, d, di, r);
  request *w = sp__request_new(sim);
  if (!w) return sp__fail(sim, SP_E_NOMEM, "requests: out of memory");
  *w = *r;
  w->internal = 1; w->synthetic = 0; w->listed = 0; w->parent = NULL;
  w->arrival = data_in; w->overhead = 0; w->bus = 0;
  r->in_batch = 0;
  w->wrun = d->p[SP_DP_WRITE_SEGMENTS] > 0 ? write_run_for(d, r) : -1;
  if (w->wrun >= 0) { d->run_pending[w->wrun] += r->sectors; d->run_end[w->wrun] = r->lbn + r->sectors; }
  const int appends = d->pending_destage_sectors > 0 && r->lbn == d->dirty_end;
  d->pending_destage_sectors += r->sectors;
  d->dirty_end = r->lbn + r->sectors;
  cache_invalidate(d, r->lbn, r->sectors);
  cache_hold_write(d, r->lbn, r->sectors, appends);
  sp_status st = event_schedule(sim, data_in, EV_READY, di, w);
  return st != SP_OK ? st : event_schedule(sim, r->complete, EV_COMPLETE, di, r);
}

/* DiskSim's "Maximum number of write segments" (disksim_diskcache.c: with
 * numdirty at numwritesegs a write gets a segment only by appending to a
 * dirty one, within its size; otherwise the queue's enablement function
 * holds it until a segment is destaged). The run r continues (at its end,
 * within the segment's size), else a free run, else -1. A write that fits a
 * segment but finds neither, or arrives behind one such, waits; a larger
 * write goes to the media as without the limit. */
static int32_t write_run_for(const disk *d, const request *r) {
  const int32_t n = (int32_t)d->p[SP_DP_WRITE_SEGMENTS];
  const int64_t size = (int64_t)d->p[SP_DP_CACHE_SEGMENT_SECTORS];
  for (int32_t i = 0; i < n; i++)
    if (d->run_pending[i] > 0 && r->lbn == d->run_end[i] && d->run_pending[i] + r->sectors <= size) return i;
  for (int32_t i = 0; i < n; i++)
    if (d->run_pending[i] == 0) return i;
  return -1;
}

static int waits_for_write_segment(const disk *d, const request *r) {
  if (d->p[SP_DP_WRITE_SEGMENTS] == 0 || d->p[SP_DP_WRITE_CACHE] != SP_WC_IMMEDIATE) return 0;
  if (r->sectors > (int64_t)d->p[SP_DP_CACHE_SEGMENT_SECTORS]) return 0;
  if (d->seg_wait_head) return 1;
  return write_run_for(d, r) < 0;
}

/* A destage finished: the writes waiting for a write segment take one in
 * arrival order, while one is free or they continue the data one holds. */
static sp_status release_write_segment(sp_sim *sim, disk *d, int32_t di) {
  request *r;
  while ((r = d->seg_wait_head) && write_run_for(d, r) >= 0) {
    d->seg_wait_head = r->next;
    if (!d->seg_wait_head) d->seg_wait_tail = NULL;
    sp_status st = take_into_buffer(sim, d, di, r, r->dispatch > sim->now ? r->dispatch : sim->now);
    if (st != SP_OK) return st;
  }
  return SP_OK;
}

/* READ_AHEAD_STOP: a read that needs the mechanism, or a write the media
 * serves, stops a running read-ahead as it arrives, once the request before
 * it has completed (DiskSim's disk_activate_read / disk_activate_write with
 * disk_buffer_stopable_access, which refuses while "Preseeking level = 0"
 * waits for a completion); its positioning starts after its overhead plus
 * what was left of the stop (disk_check_hda adds the two delays). */
static void stop_on_arrival(sp_sim *sim, disk *d, int32_t di, const request *r, double t) {
  const int32_t mode = (int32_t)d->p[SP_DP_READ_AHEAD_STOP];
  if (mode == SP_RAS_DISPATCH || d->ra_seg < 0 || d->hold_until > t) return;
  const double free_at = cache_stop_read_ahead_as(sim, d, di, t, mode);
  d->ra_stop_free = free_at;
  d->ra_stopper = r->id; d->ra_stop_extra = free_at - t;
}

/* The controller takes a host command: its overhead starts now. A full read
 * hit or an immediately reported write is answered from the buffer. */
static sp_status accept(sp_sim *sim, int32_t di, request *r) {
  disk *d = sim->disks[di];
  const double t = sim->now;
  d->accepted++;
  const double b = bus_per_sector(d);
  const int prev_write = d->prev_write;
  d->prev_write = r->is_write;
  const int64_t cached = !r->is_write && d->nsegs > 0 ? cache_prefix_valid(d, r->lbn, r->sectors, t, NULL) : 0;
  if (cached == r->sectors) {
    r->overhead = overhead_of(d, 1, 0, prev_write);   /* full hit: answered from the buffer */
    cache_extend_on_hit(sim, d, di, r->lbn, r->sectors, t);
    const double cmd = command_start(sim, d, t, r->overhead);
    r->cache = 2; r->dispatch = cmd + r->overhead;
    out_event(sim, t, 0, SP_EV_CACHE_HIT, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors, 1);
    out_event(sim, cmd, r->overhead, SP_EV_OVERHEAD, di, r->id, r->logical, r->target_cyl, r->target_surface, 0, 0);
    double start = bus_hold(sim, d, r->dispatch + d->p[SP_DP_DATA_PREP_MS], r->sectors * b, 0, &r->complete);
    r->bus = r->complete - r->dispatch;
    out_event(sim, start, r->complete - start, SP_EV_BUS, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors, 0);
    add_completion(sim, d, di, r);
    /* DiskSim's "Read-ahead on idle hit": the mechanism, with nothing else
     * to do, goes back to read ahead past the hit once its command is decoded. */
    if (d->p[SP_DP_READ_AHEAD_ON_HIT] != 0 && !d->busy && d->qlen == 0)
      cache_read_ahead_on_hit(sim, d, di, r->lbn, r->sectors, r->dispatch);
    if (r->in_batch) { batch_member_in(d, r); try_dispatch(sim, d, di); }
    return event_schedule(sim, r->complete, EV_COMPLETE, di, r);
  }
  if (!r->is_write && d->nsegs > 0 && !cache_take_over(d, r->lbn, r->sectors, t)) stop_on_arrival(sim, d, di, r, t);
  const int waits = r->is_write && waits_for_write_segment(d, r);
  const int early = r->is_write && !waits && may_report_early(d, r);
  r->extra_disc = !early && !waits && reconnect_extra_disc(d, r, prev_write, t);
  if (r->is_write) { d->last_was_read = 0; d->last_write_end = r->lbn + r->sectors; }
  else d->last_was_read = 1;
  if (early || waits) {
    /* Immediate reporting: done once the data is in the buffer; a write
     * waiting for the write segment has its command taken now and its data
     * once the segment is free. */
    r->overhead = overhead_of(d, 1, 1, prev_write); r->cache = 3;
    const double cmd = command_start(sim, d, t, r->overhead);
    r->dispatch = cmd + r->overhead;
    out_event(sim, cmd, r->overhead, SP_EV_OVERHEAD, di, r->id, r->logical, r->target_cyl, r->target_surface, 0, 0);
    if (!waits) return take_into_buffer(sim, d, di, r, r->dispatch);
    r->next = NULL;
    if (d->seg_wait_tail) d->seg_wait_tail->next = r; else d->seg_wait_head = r;
    d->seg_wait_tail = r;
    if (r->in_batch) { batch_member_in(d, r); try_dispatch(sim, d, di); }   /* the disk does not wait for it */
    return SP_OK;
  }
  r->overhead = overhead_of(d, 0, r->is_write, prev_write);
  if (r->extra_disc) r->overhead = reconnect_extra_command_ms(d);
  if (r->is_write && d->nsegs > 0) {
    r->ra_kept = cache_reading_ahead(d, t, &r->ra_kept_start, &r->ra_kept_end) + 1;
    stop_on_arrival(sim, d, di, r, t);
  }
  r->holds_slot = 1;
  const double cmd = command_start(sim, d, t, r->overhead);
  if (cached > 0 && partial_hit_connects(d, r, cached, t)) {
    r->hit_sectors = cached;
    r->hit_bus_from = cmd + overhead_of(d, 1, 0, prev_write) + d->p[SP_DP_DATA_PREP_MS];
    sp_status st = hit_bus_hold(sim, d, di, r);
    if (st != SP_OK) return st;
  }
  out_event(sim, cmd, r->overhead, SP_EV_OVERHEAD, di, r->id, r->logical, r->target_cyl, r->target_surface, 0, 0);
  return event_schedule(sim, cmd + r->overhead, EV_READY, di, r);
}

/* DRIVER_QUEUE: a host command arriving while the disk holds queue_depth
 * commands waits at the driver, in arrival order (the FCFS driver of
 * DiskSim's validation setups). Such a command is not part of a linked batch:
 * the disk decides among the commands it holds. */
static int held_at_driver(const disk *d, const request *r) {
  return d->p[SP_DP_DRIVER_QUEUE] != 0 && !r->internal && d->accepted >= (int32_t)d->p[SP_DP_QUEUE_DEPTH];
}

sp_status disk_arrive(sp_sim *sim, int32_t di, request *r) {
  disk *d = sim->disks[di];
  const int held = held_at_driver(d, r);
  if (r->linked | d->batch_open) {             /* a linked batch: the disk waits for all of it */
    if (!held) { r->in_batch = 1; d->batch_pending++; }
    d->batch_open = r->linked;
  }
  out_event(sim, sim->now, 0, SP_EV_ARRIVE, di, r->id, r->logical, r->target_cyl, r->target_surface, r->sectors, r->is_write);
  if (!held) return accept(sim, di, r);
  r->next = NULL;
  if (d->driver_tail) d->driver_tail->next = r; else d->driver_head = r;
  d->driver_tail = r; d->driver_len++;
  out_event(sim, sim->now, 0, SP_EV_QUEUE_HOST, di, r->id, r->logical, r->target_cyl, r->target_surface, d->driver_len, 0);
  if (!d->batch_open) try_dispatch(sim, d, di);   /* it may have been a batch's last */
  return SP_OK;
}


/* ---- the rest of the device interface ------------------------------------------- */

sp_status disk_event(sp_sim *sim, int32_t di, int32_t kind, void *ptr) {
  disk *d = sim->disks[di];
  switch (kind) {
    case EV_READY: return on_ready(sim, ptr);
    case EV_MECH_DONE: on_mech_done(sim, di); return SP_OK;
    case EV_DISPATCH: d->gather_pending = 0; try_dispatch(sim, d, di); return SP_OK;
    case EV_BUS_READ: on_bus_read(sim, d, di); return SP_OK;
    default: return SP_OK;
  }
}

/* A host command completed: its command slot takes the host FIFO's first
 * request, and the controller the driver's first command. */
sp_status disk_released(sp_sim *sim, int32_t di, request *r) {
  disk *d = sim->disks[di];
  if (d->head_pending == r) d->head_pending = NULL;
  d->accepted--;
  if (r->holds_slot) {
    d->cmd_in_disk--;
    request *h = d->host_head;
    if (h) {
      d->host_head = h->next;
      if (!d->host_head) d->host_tail = NULL;
      d->host_len--;
      sp_status st = enqueue_disk(sim, d, di, h);
      if (st != SP_OK) { sp__request_free(sim, h); return st; }
    }
  }
  request *c = d->driver_head;
  if (!c || held_at_driver(d, c)) return SP_OK;
  d->driver_head = c->next;
  if (!d->driver_head) d->driver_tail = NULL;
  d->driver_len--;
  return accept(sim, di, c);
}

void disk_kick(sp_sim *sim, int32_t di) { try_dispatch(sim, sim->disks[di], di); }

int32_t disk_close_batch(sp_sim *sim, int32_t di) {
  disk *d = sim->disks[di];
  if (!d->batch_open) return 0;
  d->batch_open = 0;
  try_dispatch(sim, d, di);
  return 1;
}

double disk_events_until(sp_sim *sim, int32_t di, double t, int final) {
  const disk *d = sim->disks[di];
  const double h = cache_events_until(sim, sim->disks[di], di, t, final);
  return d->hit_nholds > 0 && d->hit_bus_hold < h ? d->hit_bus_hold : h;
}

sp_status disk_check(sp_sim *sim, int32_t di) {
  if (!sim->disks[di]->committed)
    return sp__fail(sim, SP_E_STATE, "disk %d: not committed (call sp_disk_commit before sp_run)", di);
  return sp__disk_check_params(sim, di, sim->disks[di], 1);   /* changed since commit */
}

double disk_start_cost(const disk *d, int32_t cyl, int32_t surface, double now, int64_t lbn, int32_t n,
                              int32_t is_write) {
  const double t = now + d->p[is_write ? SP_DP_WRITE_OVERHEAD_MS : SP_DP_READ_OVERHEAD_MS];
  return mech_sptf_cost(d, cyl, surface, t, lbn, n, is_write);
}

const device_ops disk_ops = {
  .kind = SP_DEV_DISK,
  .holds_volume = 1,
  .arrive = disk_arrive,
  .event = disk_event,
  .released = disk_released,
  .kick = disk_kick,
  .target = disk_target,
  .angle = mech_angle,
  .events_until = disk_events_until,
  .close_batch = disk_close_batch,
  .check = disk_check,
  .start_cost = disk_start_cost,
  .drop = disk_drop,
  .reset = disk_reset,
  .free = disk_slot_free,
};
