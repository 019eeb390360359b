/*
 * host.c — the host: logical requests, the host queue and its scheduler, the
 * volume (a policy maps it to devices, see policy.h), and the logical
 * requests' statistics and records.
 *
 * A logical request's life (outside pass-through): EV_HOST_ARRIVAL (HOST_ARRIVE,
 * HOST_QUEUE) -> waits in the host queue while `queue_depth` logical requests
 * are outstanding at the devices (or while a linked batch is still arriving)
 * -> picked by the host scheduler (FCFS, SSTF or C-LOOK by volume block from
 * where the last issued request ended) -> HOST_ISSUE: the policy splits it
 * into device requests, which arrive at their devices at once (the requests
 * issued at one instant reach each device as one linked batch) -> when the
 * last of them completes: HOST_COMPLETE, its record (disk = -1), statistics,
 * and a closed workload's next request.
 * Pass-through (identity policy, queue depth 0) never comes here: the
 * workload's requests go straight to the device (run.c).
 */
#include "policy.h"
#include "ext.h"
#include "params.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>



void host_init(sp_sim *sim) {
  host *h = &sim->host;
  for (int32_t i = 0; i < SP_HP_COUNT; i++) h->p[i] = param_rows(SP_TABLE_HOST, NULL)[i].def;
}

sp_status sp_host_set(sp_sim *sim, sp_host_param param, double value) {
  if (!sim) return SP_E_INVALID;
  if ((int)param < 0 || param >= SP_HP_COUNT)
    return sp__fail(sim, SP_E_INVALID, "host: unknown parameter %d", (int)param);
  const param_row *in = &param_rows(SP_TABLE_HOST, NULL)[param];
  sp_status st = param_check(sim, "host", in, value);
  if (st != SP_OK) return st;
  if (param == SP_HP_SCHEDULER && value == SP_SCHED_LOOK)
    return sp__fail(sim, SP_E_INVALID, "host.scheduler: %g (LOOK) is not a host scheduler (FCFS %d, SSTF %d "
                    "or C-LOOK %d)", value, SP_SCHED_FCFS, SP_SCHED_SSTF, SP_SCHED_CLOOK);
  if (sim->started)
    return sp__fail(sim, SP_E_STATE, "host.%s: fixed once the run has started (sp_reset first)", in->name);
  sim->host.p[param] = value;
  sim->host.committed = 0;
  ext_volume_changed_all(sim);                /* what an extension built on the old volume goes */
  return SP_OK;
}

double sp_host_get(const sp_sim *sim, sp_host_param param) {
  if (!sim || (int)param < 0 || param >= SP_HP_COUNT) return NAN;
  return sim->host.p[param];
}

/* The state the last commit's policy left (only that policy knows its type). */
static void drop_policy_state(host *h) {
  if (h->state && h->ops->free_state) h->ops->free_state(h->state);
  h->state = NULL;
}

sp_status host_commit(sp_sim *sim) {
  host *h = &sim->host;
  h->committed = 0;
  h->first = (int32_t)h->p[SP_HP_FIRST_DEVICE];
  h->count = (int32_t)h->p[SP_HP_DEVICES];
  if (h->first + h->count > sim->ndisks)
    return sp__fail(sim, SP_E_RANGE, "host.devices: %d device%s from %d, but the sim has %d", h->count,
                    h->count == 1 ? "" : "s", h->first, sim->ndisks);
  for (int32_t i = h->first; i < h->first + h->count; i++)
    if (!sim->disks[i]->ops->holds_volume)
      return sp__fail(sim, SP_E_INVALID, "host.devices: device %d is a flash device (the volume is made of disks)", i);
    else if (!sim->disks[i]->committed)
      return sp__fail(sim, SP_E_STATE, "host.devices: disk %d is not committed (call sp_disk_commit)", i);
  drop_policy_state(h);
  h->ops = policy_find((int32_t)h->p[SP_HP_POLICY]);
  sp_status st = h->ops->commit(sim, h);
  if (st != SP_OK) return st;
  if (h->sub_end > h->capacity)
    return sp__fail(sim, SP_E_RANGE, "host: requests submitted to the volume reach block %lld, past its "
                    "capacity of %lld blocks", (long long)h->sub_end - 1, (long long)h->capacity);
  if (!host_passthrough(h) && !h->acc.hist) {
    if (stats_init(&h->acc) != SP_OK) return sp__fail(sim, SP_E_NOMEM, "host: out of memory");
  }
  if (!host_passthrough(h) && !h->acc_w.hist) {
    if (stats_init(&h->acc_w) != SP_OK) return sp__fail(sim, SP_E_NOMEM, "host: out of memory");
  }
  h->committed = 1;
  return SP_OK;
}

sp_status sp_host_commit(sp_sim *sim) {
  return sim ? host_commit(sim) : SP_E_INVALID;
}

sp_status host_need(sp_sim *sim) {
  return sim->host.committed ? SP_OK : host_commit(sim);
}

void host_unit(const sp_sim *sim, int64_t vlbn, int64_t *first, int64_t *count) {
  sim->host.ops->unit(sim, &sim->host, vlbn, first, count);
}

int64_t sp_volume_capacity(sp_sim *sim) {
  if (!sim) return SP_E_INVALID;
  sp_status st = host_need(sim);
  return st != SP_OK ? st : sim->host.capacity;
}

static sp_status check_vlbn(sp_sim *sim, int64_t vlbn, const char *fn) {
  sp_status st = host_need(sim);
  if (st != SP_OK) return st;
  if (vlbn < 0 || vlbn >= sim->host.capacity)
    return sp__fail(sim, SP_E_RANGE, "%s: vlbn %lld is outside the volume (0..%lld)", fn, (long long)vlbn,
                    (long long)sim->host.capacity - 1);
  return SP_OK;
}

sp_status sp_volume_map(sp_sim *sim, int64_t vlbn, int32_t *device, int64_t *lbn) {
  if (!sim) return SP_E_INVALID;
  sp_status st = check_vlbn(sim, vlbn, "sp_volume_map");
  if (st != SP_OK) return st;
  if (!device || !lbn) return sp__fail(sim, SP_E_INVALID, "sp_volume_map: an output pointer is NULL");
  sim->host.ops->map(sim, &sim->host, vlbn, device, lbn);
  return SP_OK;
}

sp_status sp_volume_unit(sp_sim *sim, int64_t vlbn, int64_t *first, int64_t *count) {
  if (!sim) return SP_E_INVALID;
  sp_status st = check_vlbn(sim, vlbn, "sp_volume_unit");
  if (st != SP_OK) return st;
  if (!first || !count) return sp__fail(sim, SP_E_INVALID, "sp_volume_unit: an output pointer is NULL");
  host_unit(sim, vlbn, first, count);
  return SP_OK;
}

sp_status host_check_submit(sp_sim *sim, int64_t vlbn, int32_t sectors, int32_t flags) {
  host *h = &sim->host;
  if (vlbn < 0 || sectors < 1 || vlbn > h->capacity - sectors) return SP_OK;   /* submit() names these */
  host_piece pieces[SP_MAX_PIECES];
  int32_t n;
  if (flags & SP_SUBMIT_SEMISEQ) {
    if (!h->ops->semiseq)
      return sp__fail(sim, SP_E_INVALID, "requests[%lld].flags: SP_SUBMIT_SEMISEQ needs the quadrangle policy "
                      "(the volume's is %s)", (long long)sim->nsubmitted, h->ops->name);
    const int64_t b = (int64_t)h->p[SP_HP_BLOCK_SECTORS];
    if (vlbn % b || sectors % b)
      return sp__fail(sim, SP_E_INVALID, "requests[%lld].sectors: a semi-sequential request is whole blocks of "
                      "%lld sectors from a block boundary (vlbn %lld, %d sectors)", (long long)sim->nsubmitted,
                      (long long)b, (long long)vlbn, sectors);
    n = h->ops->semiseq(sim, h, vlbn, sectors, pieces, SP_MAX_PIECES);
    if (n == -2)
      return sp__fail(sim, SP_E_RANGE, "requests[%lld].sectors: the last of %lld semi-sequential blocks from vlbn "
                      "%lld is past the volume's end", (long long)sim->nsubmitted, (long long)(sectors / b),
                      (long long)vlbn);
  } else {
    n = h->ops->split(sim, h, vlbn, sectors, pieces, SP_MAX_PIECES);
  }
  if (n < 0)
    return sp__fail(sim, SP_E_LIMIT, "requests[%lld].sectors: %d sectors at vlbn %lld become more than %d device "
                    "requests (SP_MAX_PIECES)", (long long)sim->nsubmitted, sectors, (long long)vlbn, SP_MAX_PIECES);
  return SP_OK;
}

int32_t sp_device_kind(const sp_sim *sim, int32_t device) {
  if (!sim || device < 0 || device >= sim->ndisks) return SP_E_RANGE;
  return sim->disks[device]->ops->kind;
}

/* ---- logical requests ----------------------------------------------------------- */

static lreq *lreq_new(host *h) {
  lreq *l = h->free_list;
  if (l) h->free_list = l->next;
  else if (!(l = malloc(sizeof *l))) return NULL;
  memset(l, 0, sizeof *l);
  l->next = h->live;
  if (h->live) h->live->prev = l;
  h->live = l;
  return l;
}

static void lreq_free(host *h, lreq *l) {
  if (l->prev) l->prev->next = l->next; else h->live = l->next;
  if (l->next) l->next->prev = l->prev;
  l->prev = NULL;
  l->next = h->free_list;
  h->free_list = l;
}

void host_event(sp_sim *sim, uint16_t kind, const lreq *l, double dur, int32_t a, int32_t b) {
  if (sim->evcap > 0)
    out_event_rec(sim, sim->now, dur, kind, SP_HOST_DEVICE, l->id, l->id, (int32_t)(l->vlbn >> 31),
                  (int32_t)(l->vlbn & 0x7fffffff), a, b, 0);
}

static sp_status issue(sp_sim *sim, double t, int64_t vlbn, int32_t sectors, int32_t flags, int32_t synthetic,
                       int32_t listed, int32_t ext, int32_t ext_tag) {
  host *h = &sim->host;
  lreq *l = lreq_new(h);
  if (!l) return sp__fail(sim, SP_E_NOMEM, "requests: out of memory");
  l->id = h->next_id++; l->vlbn = vlbn; l->sectors = sectors; l->is_write = (flags & SP_SUBMIT_WRITE) != 0;
  l->linked = (flags & SP_SUBMIT_LINKED) != 0; l->synthetic = synthetic; l->listed = listed;
  l->semiseq = (flags & SP_SUBMIT_SEMISEQ) != 0;
  l->arrival = t;
  l->sub_index = listed ? sim->sub_next - 1 : -1;   /* run_issue_submitted has just taken it */
  l->ext = ext; l->ext_tag = ext_tag;
  return event_schedule(sim, t, EV_HOST_ARRIVAL, -1, l);
}

sp_status host_issue(sp_sim *sim, double t, int64_t vlbn, int32_t sectors, int32_t flags, int32_t synthetic,
                     int32_t listed) {
  return issue(sim, t, vlbn, sectors, flags, synthetic, listed, 0, 0);
}

sp_status host_issue_ext(sp_sim *sim, double t, int64_t vlbn, int32_t sectors, int32_t flags, const ext_ops *ops,
                         int32_t tag) {
  const int32_t k = ext_slot(sim, ops);
  if (k < 0) return sp__fail(sim, SP_E_STATE, "extension: a request for an extension not attached");
  return issue(sim, t, vlbn, sectors, flags, 0, 0, k + 1, tag);
}

/* Index of the next logical request to issue, by the host scheduler, were
 * the last issued request to have ended at `from`. */
int32_t host_pick_from(const host *h, int64_t from) {
  const int32_t sched = (int32_t)h->p[SP_HP_SCHEDULER];
  if (sched == SP_SCHED_FCFS || h->qlen <= 1) return 0;     /* the queue is in arrival order */
  int32_t best = 0;
  if (sched == SP_SCHED_SSTF) {
    int64_t bd = llabs(h->q[0]->vlbn - from);
    for (int32_t i = 1; i < h->qlen; i++) {
      int64_t dd = llabs(h->q[i]->vlbn - from);
      if (dd < bd) { bd = dd; best = i; }
    }
    return best;
  }
  /* C-LOOK: the lowest vlbn at or past the last end, else the lowest of all. */
  int32_t up = -1, low = 0;
  for (int32_t i = 0; i < h->qlen; i++) {
    int64_t v = h->q[i]->vlbn;
    if (v >= from && (up < 0 || v < h->q[up]->vlbn)) up = i;
    if (v < h->q[low]->vlbn) low = i;
  }
  return up >= 0 ? up : low;
}

static int32_t host_pick(const host *h) { return host_pick_from(h, h->last_end); }

static sp_status batch_push(host *h, request *r) {
  if (h->nbatch == h->batchcap) {
    int32_t cap = h->batchcap ? h->batchcap * 2 : 64;
    request **v = realloc(h->batch, (size_t)cap * sizeof *v);
    if (!v) return SP_E_NOMEM;
    h->batch = v; h->batchcap = cap;
  }
  h->batch[h->nbatch++] = r;
  return SP_OK;
}

static sp_status pend_push(host *h, lreq *l, const host_piece *pc) {
  if (h->npend == h->pendcap) {
    int32_t cap = h->pendcap ? h->pendcap * 2 : 64;
    host_pend *v = realloc(h->pend, (size_t)cap * sizeof *v);
    if (!v) return SP_E_NOMEM;
    h->pend = v; h->pendcap = cap;
  }
  h->pend[h->npend].l = l; h->pend[h->npend].pc = *pc;
  h->npend++;
  return SP_OK;
}

/* Pre-scheduling: on each device, the piece of least SPTF cost (device_ops.start_cost) from
 * the head position deduced from its last completion (at now + the
 * controller overhead) goes first. */
static void preschedule(sp_sim *sim, host *h) {
  for (int32_t k = 0; k < h->npend; k++) {
    const int32_t dev = h->pend[k].pc.device;
    int32_t seen = 0;
    for (int32_t i = 0; i < k && !seen; i++) seen = h->pend[i].pc.device == dev;
    if (seen) continue;                       /* k is the first piece of its device */
    const disk *d = sim->disks[dev];
    int32_t best = k; double bt = INFINITY;
    for (int32_t i = k; i < h->npend; i++) {
      if (h->pend[i].pc.device != dev) continue;
      const double c = d->ops->start_cost(d, h->head_cyl[dev], h->head_surface[dev], sim->now, h->pend[i].pc.lbn,
                                          h->pend[i].pc.sectors, h->pend[i].l->is_write);
      if (c < bt) { bt = c; best = i; }
    }
    host_pend x = h->pend[best];
    memmove(h->pend + k + 1, h->pend + k, (size_t)(best - k) * sizeof *h->pend);
    h->pend[k] = x;
  }
}

/* Issues logical requests from the host queue while the depth allows. The
 * device requests issued now reach each device as one linked batch (or
 * pre-scheduled, or in order: SP_HP_PRESCHEDULE). */
sp_status host_issue_start(sp_sim *sim, host *h, lreq *l, int32_t parts) {
  if (parts < 0)
    return sp__fail(sim, SP_E_LIMIT, "host: the request of %d sectors at vlbn %lld becomes more than %d device "
                    "requests (SP_MAX_PIECES)", l->sectors, (long long)l->vlbn, SP_MAX_PIECES);
  l->issue = sim->now; l->parts = l->pending = parts; l->cache = 3;
  h->outstanding++;
  h->last_end = l->vlbn + l->sectors;
  host_event(sim, SP_EV_HOST_ISSUE, l, 0, parts, h->qlen);
  return SP_OK;
}

static sp_status host_pump(sp_sim *sim) {
  host *h = &sim->host;
  if (h->batch_open) return SP_OK;
  if (h->ops->pump) return h->ops->pump(sim, h);
  const int32_t depth = (int32_t)h->p[SP_HP_QUEUE_DEPTH];
  h->nbatch = 0; h->npend = 0;
  int64_t spent = 0;
  while (h->qlen > 0 && (depth == 0 || h->outstanding < depth)) {
    if (spent >= SP_HOST_PUMP_WORK) {           /* the rest in a moment: what is picked so far goes now */
      sp_status st = host_pump_later(sim);
      if (st != SP_OK) return st;
      break;
    }
    spent += h->qlen;
    sim->processed += h->qlen;                  /* work: the scheduler weighs every queued request */
    int32_t i = host_pick(h);
    lreq *l = h->q[i];
    memmove(h->q + i, h->q + i + 1, (size_t)(h->qlen - i - 1) * sizeof *h->q);
    h->qlen--;
    host_piece pieces[SP_MAX_PIECES];
    int32_t n = l->semiseq ? h->ops->semiseq(sim, h, l->vlbn, l->sectors, pieces, SP_MAX_PIECES)
                           : h->ops->split(sim, h, l->vlbn, l->sectors, pieces, SP_MAX_PIECES);
    sp_status st = host_issue_start(sim, h, l, n);
    if (st != SP_OK) { lreq_free(h, l); return st; }
    for (int32_t k = 0; k < n; k++)
      if (pend_push(h, l, &pieces[k]) != SP_OK) return sp__fail(sim, SP_E_NOMEM, "requests: out of memory");
  }
  const int32_t mode = (int32_t)h->p[SP_HP_PRESCHEDULE];
  if (mode == SP_PRESCHED_ON) preschedule(sim, h);
  for (int32_t k = 0; k < h->npend; k++) {
    const host_pend *e = &h->pend[k];
    request *r = run_device_request(sim, sim->now, e->pc.device, e->pc.lbn, e->pc.sectors, e->l->is_write);
    if (!r || batch_push(h, r) != SP_OK) return sp__fail(sim, SP_E_NOMEM, "requests: out of memory");
    r->parent = e->l; r->logical = e->l->id;
  }
  h->npend = 0;
  /* Every device request but the last to each device says "more follow". */
  uint32_t seen = 0;
  for (int32_t k = h->nbatch - 1; k >= 0 && mode == SP_PRESCHED_LINKED; k--) {
    request *r = h->batch[k];
    if (seen & (1u << r->disk)) r->linked = 1;
    seen |= 1u << r->disk;
  }
  h->nbatch = 0;
  return SP_OK;
}

sp_status host_on_arrival(sp_sim *sim, lreq *l) {
  host *h = &sim->host;
  if (l->listed) run_listed_arrived(sim);
  if (h->in_flight >= SP_MAX_IN_FLIGHT) {
    lreq_free(h, l);
    return sp__fail(sim, SP_E_LIMIT, "workload: more than %d logical requests in flight (the volume cannot "
                    "keep up with the arrival rate)", SP_MAX_IN_FLIGHT);
  }
  h->in_flight++;
  host_event(sim, SP_EV_HOST_ARRIVE, l, 0, l->sectors, l->is_write);
  if (h->ops->arrive) {                       /* the policy may answer it at once */
    int32_t done = 0;
    sp_status st = h->ops->arrive(sim, h, l, &done);
    if (st != SP_OK || done) return st;
  }
  if (h->qlen == h->qcap) {
    int32_t cap = h->qcap ? h->qcap * 2 : 64;
    lreq **v = realloc(h->q, (size_t)cap * sizeof *v);
    if (!v) return sp__fail(sim, SP_E_NOMEM, "host queue: out of memory");
    h->q = v; h->qcap = cap;
  }
  h->q[h->qlen++] = l;
  host_event(sim, SP_EV_HOST_QUEUE, l, 0, h->qlen, 0);
  h->batch_open = l->linked;
  return host_pump(sim);
}

/* Adds a completed part's figures to its logical request; completes it with the last. */
sp_status host_child_done(sp_sim *sim, request *r) {
  host *h = &sim->host;
  lreq *l = r->parent;
  if (h->ops->child_done) {
    sp_status st = h->ops->child_done(sim, h, r);
    if (st != SP_OK) return st;
  }
  h->head_cyl[r->disk] = r->end_cyl; h->head_surface[r->disk] = r->end_surface;
  l->seek += r->seek; l->rotation += r->rotation; l->transfer += r->transfer;
  l->switching += r->switching; l->bus += r->bus;
  l->head_switches += r->head_switches; l->cyl_switches += r->cyl_switches;
  if (r->cache < l->cache) l->cache = r->cache;
  if (--l->pending > 0) return SP_OK;
  return host_complete(sim, l);
}

sp_status host_bg_done(sp_sim *sim, request *r) {
  host *h = &sim->host;
  return h->ops && h->ops->bg_done ? h->ops->bg_done(sim, h, r) : SP_OK;
}

/* A logical request is complete now (its last part done, or its policy answered it). */
sp_status host_complete(sp_sim *sim, lreq *l) {
  host *h = &sim->host;
  l->complete = sim->now;
  h->outstanding--; h->in_flight--;
  host_event(sim, SP_EV_HOST_COMPLETE, l, l->complete - l->arrival, l->sectors, l->is_write);
  if (!host_passthrough(h)) out_result_logical(sim, l);   /* pass-through (the fs experiment's reads): the device record says it all */
  request s;                                  /* its statistics, through the device code */
  memset(&s, 0, sizeof s);
  s.sectors = l->sectors; s.is_write = l->is_write; s.cache = l->cache;
  s.arrival = l->arrival; s.dispatch = l->issue; s.complete = l->complete;
  s.seek = l->seek; s.rotation = l->rotation; s.transfer = l->transfer; s.switching = l->switching;
  s.bus = l->bus; s.head_switches = l->head_switches; s.cyl_switches = l->cyl_switches;
  stats_add(&h->acc, &s);
  if (l->is_write && h->acc_w.hist) stats_add(&h->acc_w, &s);
  const int synthetic = l->synthetic, listed = l->listed, ext = l->ext, ext_tag = l->ext_tag;
  const int64_t sub_index = l->sub_index;
  lreq_free(h, l);
  sp_status st = host_pump(sim);
  if (st == SP_OK && ext) st = ext_on_done(sim, ext - 1, ext_tag);
  if (st == SP_OK && listed) st = run_listed_done(sim, sub_index);
  if (st == SP_OK && synthetic && sim->wl.p[SP_WP_ARRIVALS] == SP_ARRIVE_CLOSED)
    st = run_issue_synthetic(sim, sim->now + sim->wl.p[SP_WP_THINK_MS]);
  return st;
}

sp_status host_pump_later(sp_sim *sim) {
  host *h = &sim->host;
  if (h->pump_pending) return SP_OK;
  h->pump_pending = 1;
  return event_schedule(sim, sim->now, EV_HOST_PUMP, -1, NULL);
}

sp_status host_on_pump(sp_sim *sim) {
  sim->host.pump_pending = 0;
  return host_pump(sim);
}

int32_t host_close_batches(sp_sim *sim) {
  host *h = &sim->host;
  if (!h->batch_open) return 0;
  h->batch_open = 0;
  host_pump(sim);
  return 1;
}

void host_reset(sp_sim *sim) {
  host *h = &sim->host;
  while (h->live) lreq_free(h, h->live);
  h->qlen = 0; h->outstanding = 0; h->in_flight = 0; h->batch_open = 0; h->nbatch = 0; h->pump_pending = 0;
  h->last_end = 0; h->next_id = 0; h->sub_end = 0; h->npend = 0;
  memset(h->head_cyl, 0, sizeof h->head_cyl); memset(h->head_surface, 0, sizeof h->head_surface);
  if (h->acc.hist) stats_clear(&h->acc);
  if (h->acc_w.hist) stats_clear(&h->acc_w);
  if (h->state && h->ops->reset_state) h->ops->reset_state(h->state);
}

/* In sp_free, after the disks are gone (sp_reset ran first). */
void host_free(sp_sim *sim) {
  host *h = &sim->host;
  while (h->live) lreq_free(h, h->live);
  for (lreq *l = h->free_list; l;) { lreq *n = l->next; free(l); l = n; }
  h->free_list = NULL;
  free(h->q); h->q = NULL; h->qcap = 0;
  free(h->batch); h->batch = NULL; h->batchcap = 0;
  free(h->pend); h->pend = NULL; h->pendcap = 0;
  drop_policy_state(h);
  if (h->acc.hist) stats_free(&h->acc);
  if (h->acc_w.hist) stats_free(&h->acc_w);
}
