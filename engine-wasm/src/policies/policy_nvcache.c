/*
 * policy_nvcache.c — flash-backed I/O requests on a hybrid disk (Bisson &
 * Brandt): the volume is one disk; writes leaving the host queue (the paper's
 * Request Queue) may be redirected to a flash device, held in a DRAM FQueue
 * mirrored by the flash FQueue, and written back later (flushing at the high
 * watermark, 1:1 with queued I/O; idle-time purging). The rules are spelled
 * out in spindle.h (SP_POLICY_NVCACHE). This policy runs the host queue
 * itself (policy.h's pump/arrive/child_done/bg_done hooks).
 */
#include "policy.h"
#include "disk.h"
#include "flash.h"
#include "fqueue.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MIMIC_SAMPLES 32
typedef struct nv_state {
  int32_t disk, flash, est, idle_purge;
  int64_t cap;                  /* FQueue capacity (sectors) = the flash's */
  int64_t flash_top;            /* the flash sector after the newest entry's */
  double high, low;             /* watermarks, in sectors */
  fqueue fq;                    /* FIFO, and by LBA (fqueue.h) */
  int32_t disk_out;             /* requests at the disk (0 or 1) */
  int32_t flushing, last_flush; /* last_flush: the last disk request was a flush (1:1) */
  int64_t head_lbn;             /* after the last disk I/O, on the disk's layout (disk_media_lbn's LBNs) */
  double *mimic; int32_t nbins; /* [w][size 0: 1 sector, 1: 256][bin]; bin 0: distance 0, bin k: 2^(k-1) */
  sp_nvcache_stats st;
  sp_decision *dec; int32_t ndec, deccap;
} nv_state;

static void nv_free(void *state) {
  nv_state *nv = state;
  if (!nv) return;
  fq_release(&nv->fq); free(nv->mimic); free(nv->dec); free(nv);
}

static void nv_reset(void *state) {
  nv_state *nv = state;
  if (!nv) return;
  fq_clear(&nv->fq); nv->flash_top = 0; nv->disk_out = 0; nv->flushing = 0; nv->last_flush = 0; nv->head_lbn = 0;
  memset(&nv->st, 0, sizeof nv->st);
  nv->ndec = 0;
}

/* The policy's state (NULL: the volume is not an NVCache volume, or not committed). */
static nv_state *nv_of(const host *h) { return h->ops == &policy_nvcache ? h->state : NULL; }

/* ---- access-time estimators ---------------------------------------------------------- */

static double overhead(const disk *d, int32_t w) { return d->p[w ? SP_DP_WRITE_OVERHEAD_MS : SP_DP_READ_OVERHEAD_MS]; }

/* The estimators plan on the disk's layout: a request's LBN is first turned
 * into the layout's (disk_media_lbn: on a drive-managed shingled drive, past
 * its media cache, or the cache's log for a write going there). */

/* The mechanism's own time for [lbn, lbn+n) (the layout's LBNs) from (cyl,
 * surface) at t: overhead + positioning + transfer; *end_* = where and when it ends. */
static double plan(const disk *d, int32_t cyl, int32_t surf, double t, int64_t lbn, int32_t n, int32_t w,
                   int32_t *ecyl, int32_t *esurf, double *eend) {
  const double ov = overhead(d, w);
  access_args a;
  memset(&a, 0, sizeof a);
  a.from_cyl = cyl; a.from_surface = surf; a.is_write = w; a.t = t + ov; a.lbn = lbn; a.n = n;
  access_plan p;
  mech_access(d, &a, &p);
  if (ecyl) { *ecyl = p.end_cyl; *esurf = p.end_surface; *eend = p.media_end; }
  return ov + (p.media_end - a.t);
}

static uint64_t mix64(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* The paper measured its disk's access time against seek distance, size and
 * direction; this measures the simulated disk the same way: after a one-sector
 * access at a random start (at a random phase), a request of 1 or 256 sectors
 * at distance 0 (right after it) or 2^(k-1) sectors, either way. A fixed seed:
 * the table is a function of the disk alone. */
static sp_status mimic_build(nv_state *nv, const disk *d) {
  int32_t nb = 2;
  while (nb < 62 && ((int64_t)1 << (nb - 1)) < d->capacity) nb++;
  nv->nbins = nb;
  nv->mimic = calloc((size_t)(4 * nb), sizeof *nv->mimic);
  if (!nv->mimic) return SP_E_NOMEM;
  uint64_t s = 0x5EED0F1A5Bull;
  const int32_t sizes[2] = { 1, 256 };
  for (int32_t w = 0; w < 2; w++)
    for (int32_t z = 0; z < 2; z++)
      for (int32_t b = 0; b < nb; b++) {
        const int64_t dist = b == 0 ? 0 : (int64_t)1 << (b - 1);
        const int32_t n = sizes[z];
        double sum = 0; int32_t cnt = 0;
        for (int32_t k = 0; k < MIMIC_SAMPLES; k++) {
          if (d->capacity < 2 + n) break;
          int64_t start = (int64_t)(mix64(&s) % (uint64_t)(d->capacity - 1));
          int64_t from = start + 1, to;
          if (b == 0) to = from;
          else if (mix64(&s) & 1) to = from + dist; else to = from - 1 - dist;
          if (to < 0 || to + n > d->capacity) { to = from - 1 - dist; if (to < 0 || to + n > d->capacity) to = from + dist; }
          if (to < 0 || to + n > d->capacity) continue;
          const int64_t mstart = disk_media_lbn(d, start, 1, 0), mto = disk_media_lbn(d, to, n, 0);
          extent e; layout_extent(d, mstart, 1, &e);
          const double t0 = d->rev_ms * (double)(mix64(&s) % 1000003) / 1000003.0;
          int32_t c1, s1; double end;
          plan(d, e.cyl, e.surface, t0, mstart, 1, w, &c1, &s1, &end);
          sum += plan(d, c1, s1, end, mto, n, w, NULL, NULL, NULL);
          cnt++;
        }
        nv->mimic[(w * 2 + z) * nb + b] = cnt ? sum / cnt : 0;
      }
  return SP_OK;
}

static double mimic_at(const nv_state *nv, int32_t w, int32_t z, int64_t dist) {
  const double *t = nv->mimic + (w * 2 + z) * nv->nbins;
  if (dist <= 0) return t[0];
  const double x = log2((double)dist);          /* bin k holds 2^(k-1): x = k - 1 */
  int32_t k = (int32_t)floor(x);
  if (k >= nv->nbins - 2) return t[nv->nbins - 1];
  const double f = x - k;
  return t[k + 1] * (1 - f) + t[k + 2] * f;
}

static double est_mimic(const nv_state *nv, int64_t from, int64_t to, int32_t n, int32_t w) {
  const int64_t dist = llabs(to - from);
  const double a = mimic_at(nv, w, 0, dist), b = mimic_at(nv, w, 1, dist);
  return a + (b - a) * (double)(n - 1) / 255.0;
}

static double est_expected(const disk *d, int64_t from, int64_t to, int32_t n, int32_t w) {
  extent ef, et;
  const int64_t last = disk_media_lbn(d, d->capacity - 1, 1, 0);   /* the layout's last host LBN */
  layout_extent(d, from <= last ? from : last, 1, &ef);
  layout_extent(d, to, 1, &et);
  double t = overhead(d, w) + (double)n * d->rev_ms / et.spt;
  if (from != to) t += mech_seek(d, abs(et.cyl - ef.cyl)) + d->rev_ms / 2;
  return t;
}

/* ---- FQueue ----------------------------------------------------------------------- */

static void fq_event(sp_sim *sim, uint16_t kind, int64_t req, int64_t lbn, int32_t a, int32_t b, int32_t c) {
  if (sim->evcap > 0)
    out_event_rec(sim, sim->now, 0, kind, SP_HOST_DEVICE, req, req, (int32_t)(lbn >> 31),
                  (int32_t)(lbn & 0x7fffffff), a, b, c);
}

static void flush_check_end(sp_sim *sim, nv_state *nv) {
  if (nv->flushing && (double)nv->fq.occ <= nv->low) {
    nv->flushing = 0;
    fq_event(sim, SP_EV_FLUSH, -1, 0, 0, (int32_t)nv->fq.occ, 0);
  }
}

static void flush_begin(sp_sim *sim, nv_state *nv) {
  if (nv->flushing || nv->fq.n == 0) return;
  nv->flushing = 1; nv->last_flush = 0; nv->st.flush_episodes++;
  fq_event(sim, SP_EV_FLUSH, -1, 0, 1, (int32_t)nv->fq.occ, 0);
}

/* Removes entry i (unpinned on the flash). */
static void fq_remove(sp_sim *sim, nv_state *nv, int32_t i, int32_t reason) {
  const fq_entry e = nv->fq.e[i];
  fq_drop(&nv->fq, i);
  flash_unpin(sim, nv->flash, e.at, e.sectors);
  fq_event(sim, SP_EV_FQ_REMOVE, e.logical, e.lbn, (int32_t)nv->fq.occ, reason, e.sectors);
}

/* Removes the entries wholly inside [lo, hi) (none being written back),
 * newest first; returns how many, or a negative status. */
static int32_t fq_remove_inside(sp_sim *sim, nv_state *nv, int64_t lo, int64_t hi, int32_t reason) {
  const int32_t *v;
  const int32_t n = fq_inside(&nv->fq, lo, hi, &v);
  if (n < 0) return SP_E_NOMEM;
  for (int32_t k = 0; k < n; k++) fq_remove(sim, nv, v[k], reason);
  return n;
}

/* The flash holds the FQueue as a log in its own address space: an entry goes
 * right after the newest one; when the flash's end is reached, the live
 * entries are packed to its start, oldest first, as an ideal cleaner would
 * (no device time; the room check guarantees the new entry then fits). Every
 * entry is one extent inside the device and no two overlap. Packing moves
 * every entry: it counts as that much work. */
static int64_t flash_place(sp_sim *sim, nv_state *nv, int32_t sectors) {
  fqueue *q = &nv->fq;
  if (nv->flash_top + sectors > nv->cap) {
    int64_t at = 0;
    for (int32_t i = q->head; i >= 0; i = q->e[i].next) { q->e[i].at = at; at += q->e[i].sectors; }
    sim->processed += q->n;
    nv->flash_top = at;
  }
  const int64_t at = nv->flash_top;
  nv->flash_top += sectors;
  return at;
}

/* A redirected write joins the FQueue; its place on the flash in *at. */
static sp_status fq_add(sp_sim *sim, nv_state *nv, const lreq *l, int64_t *at) {
  *at = flash_place(sim, nv, l->sectors);
  const int32_t i = fq_push(&nv->fq, l->vlbn, l->sectors, l->id);
  if (i < 0) return SP_E_NOMEM;
  nv->fq.e[i].at = *at;
  const int64_t occ = nv->fq.occ;
  if (occ > nv->st.fq_peak_sectors) nv->st.fq_peak_sectors = occ;
  fq_event(sim, SP_EV_FQ_ADD, l->id, l->vlbn, (int32_t)occ, l->sectors, 0);
  if ((double)occ >= nv->high) flush_begin(sim, nv);
  return SP_OK;
}

/* ---- issuing ---------------------------------------------------------------------- */

static sp_status send(sp_sim *sim, host *h, nv_state *nv, lreq *l, int32_t dev, int64_t lbn, int32_t n, int32_t pinned) {
  l->issue = sim->now; l->parts = l->pending = 1; l->cache = 3;
  h->outstanding++;
  host_event(sim, SP_EV_HOST_ISSUE, l, 0, 1, h->qlen);
  request *r = run_device_request(sim, sim->now, dev, lbn, n, l->is_write);
  if (!r) return sp__fail(sim, SP_E_NOMEM, "requests: out of memory");
  r->parent = l; r->logical = l->id; r->pinned = pinned;
  if (dev == nv->disk) {
    nv->disk_out++;
    h->last_end = l->vlbn + l->sectors;
    if (l->is_write) nv->st.disk_writes++;
  }
  return SP_OK;
}

static sp_status writeback(sp_sim *sim, nv_state *nv, int32_t reason) {
  const int32_t i = fq_oldest_idle(&nv->fq);
  if (i < 0) return SP_OK;
  const fq_entry *e = &nv->fq.e[i];
  request *r = run_device_request(sim, sim->now, nv->disk, e->lbn, e->sectors, 1);
  if (!r) return sp__fail(sim, SP_E_NOMEM, "requests: out of memory");
  r->bg = reason; r->logical = -1;
  fq_start_writing(&nv->fq, i);
  nv->disk_out++; nv->last_flush = reason == 1;
  nv->st.disk_writes++;
  if (reason == 1) nv->st.flush_writes++; else nv->st.purge_writes++;
  sim->host.last_end = e->lbn + e->sectors;
  fq_event(sim, SP_EV_FQ_WRITEBACK, r->id, e->lbn, reason, e->sectors, 0);
  return SP_OK;
}

static void record(sp_sim *sim, nv_state *nv, const lreq *l, int32_t outcome, const sp_decision *dc) {
  int32_t idx = -1;
  if (dc && sim->evcap > 0 && nv->ndec < SP_MAX_DECISIONS) {
    if (nv->ndec == nv->deccap) {
      int32_t cap = nv->deccap ? nv->deccap * 2 : 256;
      sp_decision *v = realloc(nv->dec, (size_t)cap * sizeof *v);
      if (v) { nv->dec = v; nv->deccap = cap; }
    }
    if (nv->ndec < nv->deccap) { nv->dec[nv->ndec] = *dc; nv->dec[nv->ndec].outcome = outcome; idx = nv->ndec++; }
  }
  if (sim->evcap > 0)
    out_event_rec(sim, sim->now, 0, SP_EV_REDIRECT, SP_HOST_DEVICE, l->id, l->id, (int32_t)(l->vlbn >> 31),
                  (int32_t)(l->vlbn & 0x7fffffff), outcome, l->sectors, idx);
}

/* From the layout's LBN `from` to the layout's LBN `to`. */
static double access_est(const sp_sim *sim, const nv_state *nv, int64_t from, int64_t to, int32_t n, int32_t w) {
  const disk *d = sim->disks[nv->disk];
  return nv->est == SP_EST_MIMIC ? est_mimic(nv, from, to, n, w) : est_expected(d, from, to, n, w);
}

/* Fig. 6 for write l (taken off the host queue). */
static sp_status decide_write(sp_sim *sim, host *h, nv_state *nv, lreq *l) {
  nv->st.writes++;
  const int64_t lo = l->vlbn, hi = l->vlbn + l->sectors;
  /* COALESCE_WITH_FQUEUE: entries overlapping without being covered, or adjacent, transitively.
   * The entries not being written back are disjoint and ordered by LBA: those
   * touching [mlo, mhi] are one run, from the last starting at or before mlo. */
  const fqueue *q = &nv->fq;
  int64_t mlo = lo, mhi = hi;
  int32_t merged = 0;
  for (int32_t changed = 1; changed;) {
    changed = 0;
    int32_t i = fq_at_or_before(q, mlo);
    if (i < 0 || q->e[i].lbn + q->e[i].sectors < mlo) i = fq_at_or_after(q, mlo);
    for (; i >= 0 && q->e[i].lbn <= mhi; i = fq_at_or_after(q, q->e[i].lbn + 1)) {
      const int64_t elo = q->e[i].lbn, ehi = elo + q->e[i].sectors;
      if (elo >= lo && ehi <= hi) continue;                      /* covered: overwritten below */
      merged = 1;
      if (elo < mlo) { mlo = elo; changed = 1; }
      if (ehi > mhi) { mhi = ehi; changed = 1; }
    }
  }
  if (merged) {
    if (fq_remove_inside(sim, nv, mlo, mhi, 0) < 0) return sp__fail(sim, SP_E_NOMEM, "host: out of memory");
    flush_check_end(sim, nv);
    nv->st.coalesced++;
    record(sim, nv, l, 2, NULL);
    return send(sim, h, nv, l, nv->disk, mlo, (int32_t)(mhi - mlo), 0);
  }
  int64_t covered = 0;
  {
    const int32_t *v;
    const int32_t n = fq_inside(&nv->fq, lo, hi, &v);
    if (n < 0) return sp__fail(sim, SP_E_NOMEM, "host: out of memory");
    for (int32_t k = 0; k < n; k++) covered += q->e[v[k]].sectors;
  }
  int32_t outcome = 3;
  sp_decision dc;
  memset(&dc, 0, sizeof dc);
  const int computed = !nv->flushing;
  if (computed) {
    const disk *d = sim->disks[nv->disk];
    const flash_dev *f = sim->disks[nv->flash]->flash;
    dc.req = l->id; dc.head_lbn = nv->head_lbn; dc.lbn = lo; dc.sectors = l->sectors; dc.next_lbn = -1;
    lreq *nn = NULL;
    if (h->qlen > 0) nn = h->q[host_pick_from(h, hi)];
    dc.f_n = flash_op_ms(f, 2, l->sectors);
    const int64_t m_n = disk_media_lbn(d, lo, l->sectors, 1);
    const int64_t m_nn = nn ? disk_media_lbn(d, nn->vlbn, nn->sectors, nn->is_write) : -1;
    if (nv->est == SP_EST_EXACT) {
      int32_t c1, s1; double end;
      dc.h_n = plan(d, d->cyl, d->surface, sim->now, m_n, l->sectors, 1, &c1, &s1, &end);
      if (nn) {
        dc.n_nn = plan(d, c1, s1, end, m_nn, nn->sectors, nn->is_write, NULL, NULL, NULL);
        dc.h_nn = plan(d, d->cyl, d->surface, sim->now, m_nn, nn->sectors, nn->is_write, NULL, NULL, NULL);
      }
    } else {
      dc.h_n = access_est(sim, nv, nv->head_lbn, m_n, l->sectors, 1);
      if (nn) {
        dc.n_nn = access_est(sim, nv, m_n + l->sectors, m_nn, nn->sectors, nn->is_write);
        dc.h_nn = access_est(sim, nv, nv->head_lbn, m_nn, nn->sectors, nn->is_write);
      }
    }
    if (nn) dc.next_lbn = nn->vlbn;
    if (dc.h_n + dc.n_nn > dc.f_n + dc.h_nn) outcome = nv->fq.occ - covered + l->sectors <= nv->cap ? 1 : 3;
    else outcome = 0;
  }
  /* Overwrites: entries this write covers hold superseded data. */
  if (covered > 0) {
    const int32_t n = fq_remove_inside(sim, nv, lo, hi, 3);
    if (n < 0) return sp__fail(sim, SP_E_NOMEM, "host: out of memory");
    nv->st.overwritten += n;
    flush_check_end(sim, nv);
  }
  record(sim, nv, l, outcome, computed ? &dc : NULL);
  if (outcome == 1) {
    nv->st.redirected++;
    int64_t at;
    sp_status st = fq_add(sim, nv, l, &at);
    if (st != SP_OK) return sp__fail(sim, st, "host: out of memory");
    return send(sim, h, nv, l, nv->flash, at, l->sectors, 1);
  }
  if (outcome == 3) { nv->st.no_room++; if (!nv->flushing && nv->cap > 0) flush_begin(sim, nv); }
  return send(sim, h, nv, l, nv->disk, lo, l->sectors, 0);
}

static sp_status nv_pump(sp_sim *sim, host *h) {
  nv_state *nv = nv_of(h);
  const int64_t work0 = sim->processed;
  while (nv->disk_out == 0) {
    sp_status st;
    const int32_t writable = nv->fq.idle > 0;
    if (sim->processed - work0 >= SP_HOST_PUMP_WORK) return host_pump_later(sim);   /* bounded: the rest in a moment */
    if (nv->flushing && writable && (h->qlen == 0 || !nv->last_flush)) {
      st = writeback(sim, nv, 1);
    } else if (h->qlen > 0) {
      sim->processed += h->qlen;
      const int32_t i = host_pick_from(h, h->last_end);
      lreq *l = h->q[i];
      memmove(h->q + i, h->q + i + 1, (size_t)(h->qlen - i - 1) * sizeof *h->q);
      h->qlen--;
      nv->last_flush = 0;
      if (l->is_write) st = decide_write(sim, h, nv, l);
      else { nv->st.reads++; st = send(sim, h, nv, l, nv->disk, l->vlbn, l->sectors, 0); }
    } else if (nv->idle_purge && writable) {
      st = writeback(sim, nv, 2);
    } else {
      break;
    }
    if (st != SP_OK) return st;
  }
  return SP_OK;
}

/* Reads wholly inside one DRAM FQueue entry are answered at once. */
static sp_status nv_arrive(sp_sim *sim, host *h, lreq *l, int32_t *done) {
  nv_state *nv = nv_of(h);
  if (l->is_write || fq_holding(&nv->fq, l->vlbn, l->vlbn + l->sectors) < 0) return SP_OK;
  nv->st.reads++; nv->st.read_hits++;
  l->issue = sim->now; l->parts = 0; l->cache = 2;
  h->outstanding++;
  *done = 1;
  return host_complete(sim, l);
}

static sp_status nv_child_done(sp_sim *sim, host *h, const request *r) {
  nv_state *nv = nv_of(h);
  if (r->disk != nv->disk) return SP_OK;
  nv->disk_out--;
  nv->head_lbn = r->lbn + r->sectors;
  nv->st.disk_busy_ms += r->complete - r->arrival;
  (void)sim;
  return SP_OK;
}

static sp_status nv_bg_done(sp_sim *sim, host *h, request *r) {
  nv_state *nv = nv_of(h);
  nv->disk_out--;
  nv->head_lbn = r->lbn + r->sectors;
  const double t = r->complete - r->arrival;
  nv->st.disk_busy_ms += t;
  if (r->bg == 1) nv->st.flush_disk_ms += t; else nv->st.purge_disk_ms += t;
  if (nv->fq.writing >= 0) fq_remove(sim, nv, nv->fq.writing, r->bg);
  flush_check_end(sim, nv);
  return nv_pump(sim, h);
}

/* ---- the policy ----------------------------------------------------------------------- */

static sp_status nv_commit(sp_sim *sim, host *h) {
  if (h->count != 1)
    return sp__fail(sim, SP_E_INVALID, "host.devices: the nvcache policy's volume is exactly 1 disk, not %d", h->count);
  const int32_t fd = (int32_t)h->p[SP_HP_FLASH_DEVICE];
  if (fd < 0 || fd >= sim->ndisks || !sim->disks[fd]->flash)
    return sp__fail(sim, SP_E_INVALID, "host.flash_device: %d is not a flash device (sp_flash_add)", fd);
  if (h->p[SP_HP_QUEUE_DEPTH] > 1)
    return sp__fail(sim, SP_E_INVALID, "host.queue_depth: the nvcache policy keeps one request at the disk "
                    "(0 or 1, not %g)", h->p[SP_HP_QUEUE_DEPTH]);
  if (h->p[SP_HP_LOW_WATERMARK] > h->p[SP_HP_HIGH_WATERMARK])
    return sp__fail(sim, SP_E_INVALID, "host.low_watermark: %g is above the high watermark %g",
                    h->p[SP_HP_LOW_WATERMARK], h->p[SP_HP_HIGH_WATERMARK]);
  const disk *d = sim->disks[h->first];
  const flash_dev *f = sim->disks[fd]->flash;
  if (f->p[SP_FP_SECTOR_BYTES] != d->p[SP_DP_SECTOR_BYTES])
    return sp__fail(sim, SP_E_INVALID, "host.flash_device: flash %d has %g-byte sectors, disk %d %g-byte ones", fd,
                    f->p[SP_FP_SECTOR_BYTES], h->first, d->p[SP_DP_SECTOR_BYTES]);
  nv_state *nv = calloc(1, sizeof *nv);
  if (!nv) return sp__fail(sim, SP_E_NOMEM, "host: out of memory");
  fq_init(&nv->fq);
  nv->disk = h->first; nv->flash = fd; nv->est = (int32_t)h->p[SP_HP_ESTIMATOR];
  nv->idle_purge = (int32_t)h->p[SP_HP_IDLE_PURGE];
  nv->cap = (int64_t)f->p[SP_FP_CAPACITY_SECTORS];
  nv->high = h->p[SP_HP_HIGH_WATERMARK] * (double)nv->cap;
  nv->low = h->p[SP_HP_LOW_WATERMARK] * (double)nv->cap;
  if (nv->est == SP_EST_MIMIC && mimic_build(nv, d) != SP_OK) { nv_free(nv); return sp__fail(sim, SP_E_NOMEM, "host: out of memory"); }
  h->state = nv;
  h->capacity = d->capacity;
  return SP_OK;
}

static void nv_map(const sp_sim *sim, const host *h, int64_t vlbn, int32_t *device, int64_t *lbn) {
  (void)sim;
  *device = h->first; *lbn = vlbn;
}

static void nv_unit(const sp_sim *sim, const host *h, int64_t vlbn, int64_t *first, int64_t *count) {
  disk_track_unit(sim->disks[h->first], vlbn, first, count);
}

static int32_t nv_split(const sp_sim *sim, const host *h, int64_t vlbn, int64_t n, host_piece *out, int32_t max) {
  (void)sim;
  if (max < 1) return 0;
  out[0].device = h->first; out[0].lbn = vlbn; out[0].sectors = (int32_t)n;
  return 1;
}

const policy_ops policy_nvcache = {
  .name = "nvcache",
  .commit = nv_commit,
  .map = nv_map,
  .unit = nv_unit,
  .split = nv_split,
  .pump = nv_pump,
  .arrive = nv_arrive,
  .child_done = nv_child_done,
  .bg_done = nv_bg_done,
  .free_state = nv_free,
  .reset_state = nv_reset,
};

/* ---- statistics and decisions ----------------------------------------------------------- */

sp_status sp_nvcache_stats_get(const sp_sim *sim, sp_nvcache_stats *out) {
  if (!sim || !out) return SP_E_INVALID;
  memset(out, 0, sizeof *out);
  const nv_state *nv = nv_of(&sim->host);
  if (!nv || sim->host.p[SP_HP_POLICY] != SP_POLICY_NVCACHE) return SP_OK;
  *out = nv->st;
  out->fq_entries = nv->fq.n; out->fq_sectors = nv->fq.occ;
  if (out->writes) {
    out->frac_redirected = (double)out->redirected / (double)out->writes;
    out->frac_coalesced = (double)out->coalesced / (double)out->writes;
  }
  if (out->redirected) out->frac_overwritten = (double)out->overwritten / (double)out->redirected;
  const accum *a = &sim->host.acc_w;
  out->write_latency_mean_ms = a->hist && a->n ? a->mean : 0;
  const flash_dev *f = sim->disks[nv->flash]->flash;
  out->flash_bytes_written = f->bytes_written;
  out->erases = flash_erases(f);
  const double blocks = fmax(1.0, f->p[SP_FP_CAPACITY_SECTORS] * f->p[SP_FP_SECTOR_BYTES] / f->p[SP_FP_ERASE_BLOCK_BYTES]);
  const double ms_per_year = 365.25 * 24 * 3600 * 1000.0;
  out->lifetime_years = out->erases > 0 && sim->now > 0
      ? f->p[SP_FP_ENDURANCE] * blocks / (out->erases / sim->now * ms_per_year) : INFINITY;
  return SP_OK;
}

int32_t sp_decision_count(const sp_sim *sim) {
  return sim && nv_of(&sim->host) ? nv_of(&sim->host)->ndec : 0;
}

sp_status sp_decision_get(const sp_sim *sim, int32_t index, sp_decision *out) {
  if (!sim || !out) return SP_E_INVALID;
  const nv_state *nv = nv_of(&sim->host);
  if (!nv || index < 0 || index >= nv->ndec) return SP_E_RANGE;
  *out = nv->dec[index];
  return SP_OK;
}
