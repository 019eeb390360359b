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
#include "ext.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* An explicit request: to a device (disk >= 0) or to the volume (disk = -1). */
typedef struct sub_req { double arrival; int64_t lbn; int32_t sectors, flags, disk; } sub_req;



/* ---- event handlers ------------------------------------------------------------------ */

/* A device request arriving at t; its logical request is itself (pass-through). */
request *run_device_request(sp_sim *sim, double t, int32_t di, int64_t lbn, int32_t sectors, int32_t is_write) {
  request *r = sp__request_new(sim);
  if (!r) return NULL;
  r->id = sim->next_id++; r->logical = r->id; r->lbn = lbn; r->sectors = sectors; r->is_write = is_write;
  r->disk = di; r->arrival = t;
  if (sim->disks[di]->ops->target) sim->disks[di]->ops->target(sim->disks[di], r);
  if (event_schedule(sim, t, EV_ARRIVAL, di, r) != SP_OK) { sp__request_free(sim, r); return NULL; }
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
  const disk *d = sim->disks[r->disk];
  const int32_t di = r->disk;
  if (r->listed) run_listed_arrived(sim);
  if (sim->in_flight >= SP_MAX_IN_FLIGHT) {
    sp__request_free(sim, r);
    return sp__fail(sim, SP_E_LIMIT, "workload: more than %d requests in flight (the disk cannot keep "
                    "up with the arrival rate)", SP_MAX_IN_FLIGHT);
  }
  sim->in_flight++;
  return d->ops->arrive(sim, di, r);
}

static sp_status on_complete(sp_sim *sim, request *r) {
  const disk *d = sim->disks[r->disk];
  const int32_t di = r->disk;
  out_event(sim, sim->now, r->complete - r->arrival, SP_EV_COMPLETE, di, r->id, r->logical, r->target_cyl,
            r->target_surface, r->sectors, r->cache);
  sim->in_flight--;
  if (sim->ndisks > 1) stats_add(&sim->acc_all, r);
  stats_add(sim->acc_disk[di], r);
  out_result(sim, r);
  const int synthetic = r->synthetic, listed = r->listed;
  const int64_t sub_index = r->sub_index;
  sp_status st = d->ops->released ? d->ops->released(sim, di, r) : SP_OK;
  if (r->parent && st == SP_OK) st = host_child_done(sim, r);   /* before r is reused */
  else if (r->bg && st == SP_OK) st = host_bg_done(sim, r);
  sp__request_free(sim, r);
  if (d->ops->kick) d->ops->kick(sim, di);
  if (st == SP_OK && listed) st = run_listed_done(sim, sub_index);
  if (st == SP_OK && synthetic && sim->wl.p[SP_WP_ARRIVALS] == SP_ARRIVE_CLOSED)
    return run_issue_synthetic(sim, sim->now + sim->wl.p[SP_WP_THINK_MS]);
  return st;
}

/* Batches left open when nothing else is to happen (their last request never
 * came): closed, so that what they hold is served. 1 if any was. */
static int close_batches(sp_sim *sim) {
  int any = host_close_batches(sim);
  for (int32_t i = 0; i < sim->ndisks; i++)
    if (sim->disks[i]->ops->close_batch && sim->disks[i]->ops->close_batch(sim, i)) any = 1;
  return any;
}

/* ---- driving ---------------------------------------------------------------------- */

/* Validates, then starts: a run that fails to start leaves the sim unstarted. */
static sp_status start(sp_sim *sim) {
  for (int32_t i = 0; i < sim->ndisks; i++) {
    sp_status st = sim->disks[i]->ops->check ? sim->disks[i]->ops->check(sim, i) : SP_OK;
    if (st != SP_OK) return st;
  }
  /* The host is needed by a workload, by requests to the volume and by any
   * setting other than the pass-through defaults. */
  if (sim->wl.p[SP_WP_COUNT] > 0 || sim->host.sub_end > 0 || !host_passthrough(&sim->host)) {
    sp_status st = host_need(sim);
    if (st != SP_OK) return st;
  }
  int32_t replaced = 0;                      /* an extension may issue the requests itself */
  sp_status est = ext_start_all(sim, &replaced);
  if (est != SP_OK) return est;
  if (replaced) {
    sim->started = 1;
    return run_issue_submitted(sim);
  }
  sim->started = 1;          /* only once the setup is valid: a refused run can be fixed and run */
  sp_status st = run_issue_submitted(sim);
  if (st != SP_OK || sim->wl.p[SP_WP_COUNT] <= 0) return st;
  if (sim->wl.p[SP_WP_ARRIVALS] == SP_ARRIVE_OPEN) return event_schedule(sim, 0, EV_GENERATE, 0, NULL);
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
    if (!sim->disks[i]->ops->events_until) continue;
    double x = sim->disks[i]->ops->events_until(sim, i, t, final);
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
  if (sim->run_status < 0) return sp__fail(sim, sim->run_status, "%s (sp_reset to run again)", sim->run_err);
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
      case EV_HOST_ARRIVAL: st = host_on_arrival(sim, it.ptr); break;
      case EV_HOST_PUMP: st = host_on_pump(sim); break;
      case EV_COMPLETE: st = on_complete(sim, it.ptr); break;
      case EV_GENERATE:
        st = run_issue_synthetic(sim, sim->now);
        if (st == SP_OK && sim->wl.issued < (int64_t)sim->wl.p[SP_WP_COUNT])
          st = event_schedule(sim, sim->now + wl_interarrival(sim), EV_GENERATE, it.disk, NULL);
        break;
      default:
        if (it.kind >= EV_DEVICE) st = sim->disks[it.disk]->ops->event(sim, it.disk, it.kind, it.ptr);
        else if (it.kind >= EV_EXT) st = ext_on_timer(sim, it.kind - EV_EXT, it.disk);
        break;
    }
    if (st >= 0 && sim->run_status < 0) st = sim->run_status;   /* a helper without a status failed (bus.c) */
    if (st < 0) {                               /* its event is gone: every later call fails the same way */
      sim->run_status = st;
      memcpy(sim->run_err, sim->err, sizeof sim->run_err);
      return st;
    }
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
  if (sectors < 1)
    return sp__fail(sim, SP_E_RANGE, "requests[%lld].sectors: %d must be at least 1", (long long)k, sectors);
  if (sectors > cap - lbn)
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
  const disk *d = sim_device(sim, di, 1);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  return submit(sim, di, arrival_ms, lbn, sectors, flags, d->capacity);
}

int64_t sp_submit(sp_sim *sim, double arrival_ms, int64_t vlbn, int32_t sectors, int32_t flags) {
  if (!sim) return SP_E_INVALID;
  sp_status st = host_need(sim);
  if (st != SP_OK) return st;
  return submit(sim, -1, arrival_ms, vlbn, sectors, flags, sim->host.capacity);
}
