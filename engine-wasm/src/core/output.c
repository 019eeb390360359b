/*
 * output.c — the event stream and per-request results. Events describing the
 * future of a dispatched request wait in a small heap until simulated time
 * reaches them, so the stream a reader sees is in time order.
 */
#include "engine.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Pending events live in a pool (sim->pend); the heap orders their indices
 * by (time, creation order) — the same heap as the simulation's events. */
/* Past SP_MAX_PENDING_EVENTS, or out of memory, the event cannot be kept:
 * the failure is recorded in sim->out_status and sp_run returns it (an event
 * stream with a hole is never handed out as complete). */
static int32_t pool_take(sp_sim *sim) {
  if (sim->npendfree > 0) return sim->pendfree[--sim->npendfree];
  if (sim->npool == sim->pendcap) {
    if (sim->pendcap >= SP_MAX_PENDING_EVENTS) {
      if (sim->out_status == SP_OK)
        sim->out_status = sp__fail(sim, SP_E_LIMIT, "events: more than %d events pending at once "
                                   "(SP_MAX_PENDING_EVENTS): a request passes too many tracks to be "
                                   "streamed; turn the event stream off or use smaller requests",
                                   SP_MAX_PENDING_EVENTS);
      return -1;
    }
    int32_t cap = sim->pendcap ? sim->pendcap * 2 : 256;
    if (cap > SP_MAX_PENDING_EVENTS) cap = SP_MAX_PENDING_EVENTS;
    sp_event *v = realloc(sim->pend, (size_t)cap * sizeof *v);
    if (v) sim->pend = v;
    int32_t *f = realloc(sim->pendfree, (size_t)cap * sizeof *f);
    if (f) sim->pendfree = f;
    if (!v || !f) {
      if (sim->out_status == SP_OK) sim->out_status = sp__fail(sim, SP_E_NOMEM, "events: out of memory");
      return -1;
    }
    sim->pendcap = cap;
  }
  return sim->npool++;
}

void out_event_rec(sp_sim *sim, double t, double dur, uint16_t kind, int32_t disk_index, int64_t req,
                   int64_t logical, int32_t cyl, int32_t surface, int32_t a, int32_t b, int32_t c) {
  if (sim->evcap <= 0) return;
  int32_t i = pool_take(sim);
  if (i < 0) return;
  sp_event *e = &sim->pend[i];
  e->time_ms = t; e->dur_ms = dur;
  const disk *d = disk_index >= 0 && disk_index < sim->ndisks ? sim->disks[disk_index] : NULL;
  e->angle = d && d->ops->angle ? d->ops->angle(d, t) : 0;
  e->req = (uint32_t)req; e->kind = kind; e->disk = (uint16_t)disk_index;
  e->cyl = cyl; e->surface = surface; e->a = a; e->b = b;
  e->logical = (uint32_t)logical; e->c = c;
  heap_item it = { t, sim->seq++, i, 0, NULL };
  if (heap_push(&sim->pend_order, it) != SP_OK) {
    sim->pendfree[sim->npendfree++] = i;
    if (sim->out_status == SP_OK) sim->out_status = sp__fail(sim, SP_E_NOMEM, "events: out of memory");
  }
}

/* Moves events due by `upto` into the output chunk; stops when it is full. */
void out_flush_due(sp_sim *sim, double upto) {
  while (sim->pend_order.n > 0 && sim->pend_order.v[0].t <= upto) {
    if (sim->nev >= sim->evcap) { sim->out_full = 1; return; }
    int32_t i = heap_pop(&sim->pend_order).kind;
    sim->ev[sim->nev++] = sim->pend[i];
    sim->pendfree[sim->npendfree++] = i;
  }
}

void out_clear_pending(sp_sim *sim) {
  sim->pend_order.n = 0; sim->npool = 0; sim->npendfree = 0;
}

/* The next result record: in the chunk, or when the chunk is full (one event
 * can complete a device request and its logical request) carried over to the
 * next chunk. NULL: out of memory (the record is lost, not the run). */
static sp_result *next_result(sp_sim *sim) {
  if (sim->nres < sim->rescap) return &sim->res[sim->nres++];
  sim->out_full = 1;
  if (sim->ncarry == sim->carrycap) {
    int32_t cap = sim->carrycap ? sim->carrycap * 2 : 4;
    sp_result *v = realloc(sim->carry, (size_t)cap * sizeof *v);
    if (!v) return NULL;
    sim->carry = v; sim->carrycap = cap;
  }
  return &sim->carry[sim->ncarry++];
}

/* At the start of an sp_run call: the carried records open the chunk. */
void out_take_carry(sp_sim *sim) {
  int32_t n = sim->ncarry < sim->rescap ? sim->ncarry : sim->rescap;
  if (n <= 0) return;
  memcpy(sim->res, sim->carry, (size_t)n * sizeof *sim->res);
  memmove(sim->carry, sim->carry + n, (size_t)(sim->ncarry - n) * sizeof *sim->carry);
  sim->nres = n; sim->ncarry -= n;
  if (sim->ncarry > 0) sim->out_full = 1;
}

void out_result(sp_sim *sim, const request *r) {
  if (sim->rescap <= 0) return;
  sp_result *o = next_result(sim);
  if (!o) return;
  o->id = r->id; o->lbn = r->lbn - r->moved_by; o->sectors = r->sectors; o->is_write = r->is_write;
  o->disk = r->disk; o->cache = r->cache;
  o->arrival_ms = r->arrival; o->dispatch_ms = r->dispatch; o->complete_ms = r->complete;
  o->overhead_ms = r->overhead;
  o->queue_ms = r->dispatch - r->arrival - r->overhead > 0 ? r->dispatch - r->arrival - r->overhead : 0;
  o->seek_ms = r->seek; o->rotation_ms = r->rotation; o->transfer_ms = r->transfer;
  o->switch_ms = r->switching; o->bus_ms = r->bus;
  o->response_ms = r->complete - r->arrival; o->head_ms = r->head_end - r->head_start;
  o->head_switches = r->head_switches; o->cyl_switches = r->cyl_switches;
  o->logical = r->logical; o->parts = 1; o->status = r->status;
}

/* The record of a logical request (disk = -1), when it completes. */
void out_result_logical(sp_sim *sim, const lreq *l) {
  if (sim->rescap <= 0) return;
  sp_result *o = next_result(sim);
  if (!o) return;
  o->id = l->id; o->lbn = l->vlbn; o->logical = l->id;
  o->sectors = l->sectors; o->is_write = l->is_write; o->disk = -1; o->cache = l->cache;
  o->arrival_ms = l->arrival; o->dispatch_ms = l->issue; o->complete_ms = l->complete;
  o->queue_ms = l->issue - l->arrival; o->overhead_ms = 0;
  o->seek_ms = l->seek; o->rotation_ms = l->rotation; o->transfer_ms = l->transfer;
  o->switch_ms = l->switching; o->bus_ms = l->bus;
  o->response_ms = l->complete - l->arrival; o->head_ms = 0;
  o->head_switches = l->head_switches; o->cyl_switches = l->cyl_switches;
  o->parts = l->parts; o->status = 0;
}

sp_status sp_output_configure(sp_sim *sim, int32_t event_capacity, int32_t result_capacity) {
  if (!sim) return SP_E_INVALID;
  if (event_capacity < 0 || event_capacity > SP_MAX_CHUNK)
    return sp__fail(sim, SP_E_LIMIT, "event_capacity: %d must be in 0..%d", event_capacity, SP_MAX_CHUNK);
  if (result_capacity < 0 || result_capacity > SP_MAX_CHUNK)
    return sp__fail(sim, SP_E_LIMIT, "result_capacity: %d must be in 0..%d", result_capacity, SP_MAX_CHUNK);
  sp_event *ev = event_capacity ? realloc(sim->ev, (size_t)event_capacity * sizeof *ev) : NULL;
  if (event_capacity && !ev) return sp__fail(sim, SP_E_NOMEM, "event_capacity: out of memory");
  if (!event_capacity) free(sim->ev);
  sim->ev = ev; sim->evcap = event_capacity; sim->nev = 0;
  sp_result *res = result_capacity ? realloc(sim->res, (size_t)result_capacity * sizeof *res) : NULL;
  if (result_capacity && !res) return sp__fail(sim, SP_E_NOMEM, "result_capacity: out of memory");
  if (!result_capacity) free(sim->res);
  sim->res = res; sim->rescap = result_capacity; sim->nres = 0; sim->ncarry = 0;
  if (!event_capacity) out_clear_pending(sim);
  return SP_OK;
}

const sp_event *sp_events(const sp_sim *sim) { return sim ? sim->ev : NULL; }
int32_t sp_event_count(const sp_sim *sim) { return sim ? sim->nev : 0; }
const sp_result *sp_results(const sp_sim *sim) { return sim ? sim->res : NULL; }
int32_t sp_result_count(const sp_sim *sim) { return sim ? sim->nres : 0; }
