/*
 * policy_raid.c — RAID-4 and RAID-5 over N devices, laid out and driven as
 * DiskSim 4.0 does it (its "Parity_disk" and "Parity_rotated" striped arrays,
 * disksim_redun.c); spindle.h (SP_POLICY_RAID4) states the rules, which come
 * from DiskSim's synthetic reference (arrays/README, "Parity arrays: DiskSim's
 * semantics", checked there against every disk request DiskSim issued), plus a
 * degraded mode of Spindle's own. A logical write becomes reads and writes;
 * a write that needs old data waits for those reads, so this policy runs the
 * host queue itself (policy.h's pump and child_done hooks) and keeps, per
 * such write, its device requests and which of them are done.
 */
#include "policy.h"
#include "disk.h"
#include <stdlib.h>
#include <string.h>

/* DiskSim's LOGORG_PARITY_SEQGIVE: pieces of one direction on one device at
 * most this many sectors apart become one request covering the gap. */
#define RAID_GIVE 32

enum { OP_WAITING = 0, OP_ISSUED, OP_DONE };
typedef struct rop { int64_t lbn, n; int32_t pos, write, state; } rop;   /* pos: 0..N-1 in the volume */

/* A logical write with device requests still waiting for reads. */
typedef struct rjob { lreq *l; int32_t n; rop op[]; } rjob;

/* With SP_HP_DEVICE_QUEUE: a device request held for its device. */
typedef struct held { lreq *l; rop op; } held;
typedef struct dqueue { held *v; int32_t n, cap, busy; int64_t last; } dqueue;   /* last: LBN of the last sent */

typedef struct raid_state {
  rjob **jobs; int32_t n, cap;
  dqueue dq[SP_MAX_DISKS];     /* by position in the volume */
} raid_state;

static void raid_reset(void *state) {
  raid_state *rs = state;
  if (!rs) return;
  for (int32_t i = 0; i < rs->n; i++) free(rs->jobs[i]);
  rs->n = 0;
  for (int32_t d = 0; d < SP_MAX_DISKS; d++) { rs->dq[d].n = 0; rs->dq[d].busy = 0; rs->dq[d].last = 0; }
}

static void raid_free(void *state) {
  raid_state *rs = state;
  if (!rs) return;
  raid_reset(rs);
  for (int32_t d = 0; d < SP_MAX_DISKS; d++) free(rs->dq[d].v);
  free(rs->jobs);
  free(rs);
}

/* The policy's state (the volume is committed as RAID-4 or RAID-5). */
static raid_state *rs_of(const host *h) { return h->state; }

/* ---- layout ------------------------------------------------------------------------- */

typedef struct geo { int64_t U; int32_t N, D, raid5, failed; } geo;   /* failed: position, -1 none */

static geo geo_of(const host *h) {
  geo g;
  g.U = h->unit; g.N = h->count; g.D = h->count - 1;
  g.raid5 = h->p[SP_HP_POLICY] == SP_POLICY_RAID5;
  g.failed = h->p[SP_HP_FAILED_DEVICE] < 0 ? -1 : (int32_t)h->p[SP_HP_FAILED_DEVICE] - h->first;
  return g;
}

static int32_t parity_pos(const geo *g, int64_t row) {
  return g->raid5 ? g->N - 1 - (int32_t)(row % g->N) : g->N - 1;
}

static int32_t data_pos(const geo *g, int64_t row, int32_t k) {
  return g->raid5 ? (parity_pos(g, row) + 1 + k) % g->N : k;
}

/* ---- the device requests of a logical request ---------------------------------------------- */

typedef struct plan { rop *op; int32_t n, max, overflow; } plan;

/* Adds [lbn, lbn+n) on device pos, joined with a request of the same
 * direction on pos that it overlaps or comes within RAID_GIVE of. */
static void add(plan *p, int32_t pos, int64_t lbn, int64_t n, int32_t write) {
  if (n <= 0) return;
  for (int32_t i = 0; i < p->n; i++) {
    rop *o = &p->op[i];
    if (o->pos != pos || o->write != write) continue;
    if (lbn > o->lbn + o->n + RAID_GIVE || o->lbn > lbn + n + RAID_GIVE) continue;
    const int64_t end = o->lbn + o->n > lbn + n ? o->lbn + o->n : lbn + n;
    if (lbn < o->lbn) o->lbn = lbn;
    o->n = end - o->lbn;
    return;
  }
  if (p->n == p->max) { p->overflow = 1; return; }
  p->op[p->n++] = (rop){ lbn, n, pos, write, OP_WAITING };
}

static int op_order(const void *a, const void *b) {
  const rop *x = a, *y = b;
  if (x->write != y->write) return x->write - y->write;
  if (x->pos != y->pos) return x->pos - y->pos;
  return (x->lbn > y->lbn) - (x->lbn < y->lbn);
}

/* Reads first, then writes, each by device and block, with the joining
 * finished (a piece added late may bridge two requests). */
static void finish(plan *p) {
  qsort(p->op, (size_t)p->n, sizeof *p->op, op_order);
  int32_t k = 0;
  for (int32_t i = 0; i < p->n; i++) {
    rop *c = k ? &p->op[k - 1] : NULL, *o = &p->op[i];
    if (c && c->pos == o->pos && c->write == o->write && o->lbn <= c->lbn + c->n + RAID_GIVE) {
      if (o->lbn + o->n > c->lbn + c->n) c->n = o->lbn + o->n - c->lbn;
    } else {
      p->op[k++] = *o;
    }
  }
  p->n = k;
}

/* One row's piece: data unit k, offsets [off, off+m) in the unit. */
typedef struct rpiece { int64_t off, m; int32_t k; } rpiece;

static void read_row(const geo *g, int64_t s, const rpiece *ps, int32_t t, plan *p) {
  for (int32_t i = 0; i < t; i++) {
    const int32_t pos = data_pos(g, s, ps[i].k);
    if (pos != g->failed) { add(p, pos, s * g->U + ps[i].off, ps[i].m, 0); continue; }
    for (int32_t j = 0; j < g->N; j++)          /* the lost piece is the XOR of the row's others */
      if (j != g->failed) add(p, j, s * g->U + ps[i].off, ps[i].m, 0);
  }
}

/* Reads of unit k of row s over [a, b) minus its written piece (m = 0: none). */
static void read_unwritten(const geo *g, int64_t s, int32_t k, const rpiece *w, int64_t a, int64_t b, plan *p) {
  const int32_t pos = data_pos(g, s, k);
  if (!w) { add(p, pos, s * g->U + a, b - a, 0); return; }
  const int64_t e = w->off + w->m;
  add(p, pos, s * g->U + a, (w->off < b ? w->off : b) - a, 0);
  const int64_t from = e > a ? e : a;
  add(p, pos, s * g->U + from, b - from, 0);
}

static const rpiece *piece_of(const rpiece *ps, int32_t t, int32_t k) {
  for (int32_t i = 0; i < t; i++) if (ps[i].k == k) return &ps[i];
  return NULL;
}

/* Read-modify-write over [a, b): the old parity and the old data written there. */
static void rmw_reads(const geo *g, int64_t s, const rpiece *ps, int32_t t, int64_t a, int64_t b, plan *p) {
  if (a >= b) return;
  add(p, parity_pos(g, s), s * g->U + a, b - a, 0);
  for (int32_t i = 0; i < t; i++) {
    const int64_t lo = ps[i].off > a ? ps[i].off : a, hi = ps[i].off + ps[i].m < b ? ps[i].off + ps[i].m : b;
    if (data_pos(g, s, ps[i].k) != g->failed) add(p, data_pos(g, s, ps[i].k), s * g->U + lo, hi - lo, 0);
  }
}

static void write_row(const geo *g, int64_t s, const rpiece *ps, int32_t t, int32_t rmw, plan *p) {
  int64_t lo = ps[0].off, hi = 0;
  for (int32_t i = 0; i < t; i++) {
    if (ps[i].off < lo) lo = ps[i].off;
    if (ps[i].off + ps[i].m > hi) hi = ps[i].off + ps[i].m;
    if (data_pos(g, s, ps[i].k) != g->failed) add(p, data_pos(g, s, ps[i].k), s * g->U + ps[i].off, ps[i].m, 1);
  }
  const int32_t par = parity_pos(g, s);
  if (par == g->failed) return;                 /* the row's parity is lost: its data is all there is */
  add(p, par, s * g->U + lo, hi - lo, 1);
  if (g->failed >= 0) {
    /* Where the failed unit is written, the parity comes from the row's other
     * units; elsewhere from the old parity and the old data written over. */
    int32_t kf = 0;
    while (data_pos(g, s, kf) != g->failed) kf++;
    const rpiece *f = piece_of(ps, t, kf);
    const int64_t fa = f ? f->off : lo, fb = f ? f->off + f->m : lo;
    for (int32_t k = 0; k < g->D && fa < fb; k++)
      if (k != kf) read_unwritten(g, s, k, piece_of(ps, t, k), fa, fb, p);
    rmw_reads(g, s, ps, t, lo, fa, p);
    rmw_reads(g, s, ps, t, fb, hi, p);
    return;
  }
  if (t == g->D) return;                        /* every unit touched: DiskSim reads nothing */
  if (t < rmw) { rmw_reads(g, s, ps, t, lo, hi, p); return; }
  for (int32_t k = 0; k < g->D; k++) read_unwritten(g, s, k, piece_of(ps, t, k), lo, hi, p);
}

/* The device requests of [vlbn, vlbn+n) (reads, then writes), at most max;
 * -1 if more. */
static int32_t raid_plan(const host *h, int64_t vlbn, int64_t n, int32_t write, rop *out, int32_t max) {
  const geo g = geo_of(h);
  const int32_t rmw = (int32_t)(h->p[SP_HP_RMW_FRACTION] * g.N);
  rop raw[2 * SP_MAX_PIECES];
  plan p = { raw, 0, 2 * SP_MAX_PIECES, 0 };
  rpiece ps[SP_MAX_DISKS];
  int64_t at = vlbn;
  const int64_t end = vlbn + n;
  while (at < end && !p.overflow) {
    const int64_t s = at / g.U / g.D;
    int32_t t = 0;
    while (at < end && at / g.U / g.D == s) {   /* the request's pieces in row s */
      const int64_t off = at % g.U, m = g.U - off < end - at ? g.U - off : end - at;
      ps[t++] = (rpiece){ off, m, (int32_t)(at / g.U % g.D) };
      at += m;
    }
    if (!write) {
      read_row(&g, s, ps, t, &p);
    } else if (g.failed < 0 && at - vlbn == n && s == vlbn / g.U / g.D && t == 2 && ps[1].m < ps[0].off) {
      /* DiskSim: the end of one unit and the start of the next, their offsets
       * apart: two read-modify-writes, each with its own parity piece. */
      write_row(&g, s, &ps[0], 1, 2, &p);
      write_row(&g, s, &ps[1], 1, 2, &p);
    } else {
      write_row(&g, s, ps, t, rmw, &p);
    }
  }
  finish(&p);
  if (p.overflow || p.n > max) return -1;
  memcpy(out, raw, (size_t)p.n * sizeof *raw);
  return p.n;
}

/* ---- issuing ------------------------------------------------------------------------------- */

static int rows_meet(const geo *g, const rop *w, const rop *r) {
  const int64_t r0 = r->lbn / g->U, r1 = (r->lbn + r->n - 1) / g->U;
  for (int64_t s = w->lbn / g->U; s <= (w->lbn + w->n - 1) / g->U; s++)
    if (s >= r0 && s <= r1 && parity_pos(g, s) == w->pos) return 1;
  return 0;
}

/* DiskSim ("Synch writes for safety = 0"): a write waits for the request's
 * reads on its device and, for a row whose parity it carries, for the
 * request's reads touching that row. */
static int ready(const geo *g, const rop *op, int32_t n, const rop *w) {
  for (int32_t i = 0; i < n; i++)
    if (!op[i].write && op[i].state != OP_DONE && (op[i].pos == w->pos || rows_meet(g, w, &op[i]))) return 0;
  return 1;
}

static sp_status send(sp_sim *sim, host *h, lreq *l, const rop *o) {
  request *r = run_device_request(sim, sim->now, h->first + o->pos, o->lbn, (int32_t)o->n, o->write);
  if (!r) return sp__fail(sim, SP_E_NOMEM, "requests: out of memory");
  r->parent = l; r->logical = l->id;
  dqueue *q = &rs_of(h)->dq[o->pos];
  q->busy = 1; q->last = o->lbn;
  return SP_OK;
}

/* A device request leaves the policy: to its device now, or (SP_HP_DEVICE_QUEUE)
 * into the device's queue, which drive() empties. */
static sp_status issue(sp_sim *sim, host *h, lreq *l, rop *o) {
  o->state = OP_ISSUED;
  if (h->p[SP_HP_DEVICE_QUEUE] == 0) return send(sim, h, l, o);
  dqueue *q = &rs_of(h)->dq[o->pos];
  if (q->n == q->cap) {
    const int32_t cap = q->cap ? 2 * q->cap : 16;
    held *v = realloc(q->v, (size_t)cap * sizeof *v);
    if (!v) return sp__fail(sim, SP_E_NOMEM, "requests: out of memory");
    q->v = v; q->cap = cap;
  }
  q->v[q->n++] = (held){ l, *o };
  return SP_OK;
}

/* SP_HP_DEVICE_QUEUE: each idle device gets its next request, in the host
 * scheduler's order by device LBN from the last one sent (C-LOOK: the lowest
 * at or past it, else the lowest; DiskSim's driver, CYCLE_LBN, serves a write
 * right after the read of its own blocks this way). Devices that become busy
 * at one instant are sent theirs from the last device down, as DiskSim issues
 * a logical request's disk requests (next comment). */
static sp_status drive(sp_sim *sim, host *h) {
  const int32_t sched = (int32_t)h->p[SP_HP_SCHEDULER];
  for (int32_t d = h->count - 1; d >= 0 && h->p[SP_HP_DEVICE_QUEUE] != 0; d--) {
    dqueue *q = &rs_of(h)->dq[d];
    if (q->busy || q->n == 0) continue;
    int32_t best = 0;
    for (int32_t i = 1; i < q->n && sched != SP_SCHED_FCFS; i++) {
      const int64_t a = q->v[i].op.lbn, b = q->v[best].op.lbn;
      if (sched == SP_SCHED_SSTF ? llabs(a - q->last) < llabs(b - q->last)
                                 : (a >= q->last) != (b >= q->last) ? a >= q->last : a < b) best = i;
    }
    const held e = q->v[best];
    memmove(q->v + best, q->v + best + 1, (size_t)(q->n - best - 1) * sizeof e);
    q->n--;
    sp_status st = send(sim, h, e.l, &e.op);
    if (st != SP_OK) return st;
  }
  return SP_OK;
}

/* Issues what is ready of op[0..n) (reads, then writes, each by device and
 * block); 1 in *waiting if something still waits. Each group goes out from
 * its last device down: DiskSim builds a request's disk requests device by
 * device from the first, putting each in front of those built before
 * (disksim_redun.c, logorg_join_seqreqs and the dependency lists), and sends
 * them in that list's order. Which goes first decides which of them takes a
 * shared bus first, and which completes first when two end at one instant. */
static sp_status issue_ready(sp_sim *sim, host *h, lreq *l, rop *op, int32_t n, int32_t *waiting) {
  const geo g = geo_of(h);
  *waiting = 0;
  int32_t reads = 0;
  while (reads < n && !op[reads].write) reads++;
  for (int32_t k = 0; k < n; k++) {
    const int32_t i = k < reads ? reads - 1 - k : n - 1 - (k - reads);
    if (op[i].state != OP_WAITING) continue;
    if (op[i].write && !ready(&g, op, n, &op[i])) { *waiting = 1; continue; }
    sp_status st = issue(sim, h, l, &op[i]);
    if (st != SP_OK) return st;
  }
  return SP_OK;
}

static sp_status start(sp_sim *sim, host *h, lreq *l) {
  raid_state *rs = rs_of(h);
  rop op[SP_MAX_PIECES];
  const int32_t n = raid_plan(h, l->vlbn, l->sectors, l->is_write, op, SP_MAX_PIECES);
  sp_status st = host_issue_start(sim, h, l, n);
  if (st != SP_OK) return st;
  int32_t waiting;
  st = issue_ready(sim, h, l, op, n, &waiting);
  if (st == SP_OK) st = drive(sim, h);
  if (st != SP_OK || !waiting) return st;
  if (rs->n == rs->cap) {
    const int32_t cap = rs->cap ? rs->cap * 2 : 16;
    rjob **v = realloc(rs->jobs, (size_t)cap * sizeof *v);
    if (!v) return sp__fail(sim, SP_E_NOMEM, "requests: out of memory");
    rs->jobs = v; rs->cap = cap;
  }
  rjob *j = malloc(sizeof *j + (size_t)n * sizeof *op);
  if (!j) return sp__fail(sim, SP_E_NOMEM, "requests: out of memory");
  j->l = l; j->n = n;
  memcpy(j->op, op, (size_t)n * sizeof *op);
  rs->jobs[rs->n++] = j;
  return SP_OK;
}

static sp_status raid_pump(sp_sim *sim, host *h) {
  const int32_t depth = (int32_t)h->p[SP_HP_QUEUE_DEPTH];
  while (h->qlen > 0 && (depth == 0 || h->outstanding < depth)) {
    sim->processed += h->qlen;                  /* work: the scheduler weighs every queued request */
    const int32_t i = host_pick_from(h, h->last_end);
    lreq *l = h->q[i];
    memmove(h->q + i, h->q + i + 1, (size_t)(h->qlen - i - 1) * sizeof *h->q);
    h->qlen--;
    sp_status st = start(sim, h, l);
    if (st != SP_OK) return st;
  }
  return SP_OK;
}

/* The device is free for its next request; a read of a write that has
 * device requests waiting may release them (before the device's next is
 * chosen, as DiskSim queues them). */
static sp_status raid_child_done(sp_sim *sim, host *h, const request *r) {
  raid_state *rs = rs_of(h);
  rs->dq[r->disk - h->first].busy = 0;
  int32_t i = 0;
  while (!r->is_write && i < rs->n && rs->jobs[i]->l != r->parent) i++;
  if (r->is_write || i == rs->n) return drive(sim, h);
  rjob *j = rs->jobs[i];
  for (int32_t k = 0; k < j->n; k++) {
    rop *o = &j->op[k];
    if (!o->write && o->state == OP_ISSUED && h->first + o->pos == r->disk && o->lbn == r->lbn) { o->state = OP_DONE; break; }
  }
  int32_t waiting;
  sp_status st = issue_ready(sim, h, j->l, j->op, j->n, &waiting);
  if (st == SP_OK && !waiting) {
    rs->jobs[i] = rs->jobs[--rs->n];
    free(j);
  }
  return st == SP_OK ? drive(sim, h) : st;
}

/* ---- the policy ------------------------------------------------------------------------------ */

static sp_status raid_commit(sp_sim *sim, host *h) {
  const char *level = h->p[SP_HP_POLICY] == SP_POLICY_RAID5 ? "RAID-5" : "RAID-4";
  if (h->count < 2)
    return sp__fail(sim, SP_E_INVALID, "host.devices: %s needs at least 2 devices (data and parity), not %d", level,
                    h->count);
  h->unit = (int64_t)h->p[SP_HP_STRIPE_SECTORS];
  if (h->unit <= 0)
    return sp__fail(sim, SP_E_INVALID, "host.stripe_sectors: %s needs a stripe unit in sectors (0 means whole "
                    "tracks, which only the stripe policy has)", level);
  const int32_t failed = (int32_t)h->p[SP_HP_FAILED_DEVICE];
  if (failed >= 0 && (failed < h->first || failed >= h->first + h->count))
    return sp__fail(sim, SP_E_INVALID, "host.failed_device: %d is not one of the volume's devices (%d..%d)", failed,
                    h->first, h->first + h->count - 1);
  int64_t minc = sim->disks[h->first]->capacity;
  for (int32_t i = 1; i < h->count; i++)
    if (sim->disks[h->first + i]->capacity < minc) minc = sim->disks[h->first + i]->capacity;
  if (minc / h->unit == 0)
    return sp__fail(sim, SP_E_INVALID, "host.stripe_sectors: a unit of %lld sectors is larger than the smallest "
                    "device (%lld sectors)", (long long)h->unit, (long long)minc);
  if (!(h->state = calloc(1, sizeof(raid_state)))) return sp__fail(sim, SP_E_NOMEM, "host: out of memory");
  h->capacity = (int64_t)(h->count - 1) * (minc / h->unit) * h->unit;
  return SP_OK;
}

static void raid_map(const sp_sim *sim, const host *h, int64_t vlbn, int32_t *device, int64_t *lbn) {
  (void)sim;
  const geo g = geo_of(h);
  const int64_t u = vlbn / g.U, s = u / g.D;
  *device = h->first + data_pos(&g, s, (int32_t)(u % g.D));
  *lbn = s * g.U + vlbn % g.U;
}

static void raid_unit(const sp_sim *sim, const host *h, int64_t vlbn, int64_t *first, int64_t *count) {
  (void)sim;
  *first = vlbn / h->unit * h->unit; *count = h->unit;
}

/* A read's device requests (a degraded read's included). */
static int32_t raid_split(const sp_sim *sim, const host *h, int64_t vlbn, int64_t n, host_piece *out, int32_t max) {
  (void)sim;
  rop op[SP_MAX_PIECES];
  const int32_t k = raid_plan(h, vlbn, n, 0, op, max < SP_MAX_PIECES ? max : SP_MAX_PIECES);
  for (int32_t i = 0; i < k; i++) {
    out[i].device = h->first + op[i].pos; out[i].lbn = op[i].lbn; out[i].sectors = (int32_t)op[i].n;
  }
  return k;
}

const policy_ops policy_raid4 = {
  .name = "raid4", .commit = raid_commit, .map = raid_map, .unit = raid_unit, .split = raid_split,
  .pump = raid_pump, .child_done = raid_child_done, .free_state = raid_free, .reset_state = raid_reset,
};
const policy_ops policy_raid5 = {
  .name = "raid5", .commit = raid_commit, .map = raid_map, .unit = raid_unit, .split = raid_split,
  .pump = raid_pump, .child_done = raid_child_done, .free_state = raid_free, .reset_state = raid_reset,
};
