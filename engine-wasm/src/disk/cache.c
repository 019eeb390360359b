/*
 * cache.c — the disk's segmented read cache and read-ahead.
 *
 * After a read, the mechanism keeps reading ahead into the request's segment
 * (to the end of the track, or on across tracks up to the segment's size).
 * The read-ahead is planned as pieces (one per track pass, with the switches
 * between them) and its progress is evaluated lazily from the clock: a hit
 * needs no mechanism at all, a request that the running read-ahead will reach
 * waits for it, and a miss stops it (a switch already begun cannot be aborted).
 */
#include "disk.h"
#include "cache_index.h"
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

sp_status cache_init(disk *d) {
  int32_t n = (int32_t)d->p[SP_DP_CACHE_SEGMENTS];
  cache_free(d);
  d->segs = n ? calloc((size_t)n, sizeof *d->segs) : NULL;
  d->cache_ix = n ? cix_new(n, d->capacity) : NULL;
  if (n && (!d->segs || !d->cache_ix)) { cache_free(d); return SP_E_NOMEM; }
  d->nsegs = n;
  d->ra_seg = -1; d->wseg = -1;
  return SP_OK;
}

void cache_free(disk *d) {
  free(d->segs); cix_free(d->cache_ix);
  d->segs = NULL; d->cache_ix = NULL; d->nsegs = 0;
}

void cache_reset(disk *d) {
  if (d->segs) memset(d->segs, 0, (size_t)d->nsegs * sizeof *d->segs);
  if (d->cache_ix) cix_reset(d->cache_ix);
  d->ra_seg = -1; d->wseg = -1;
}

static void ensure_planned(disk *d, segment *s, double until);

/* End of the valid data at time t of a segment reading ahead, its plan
 * worked out up to t. */
static int64_t planned_valid_end(const segment *s, double t) {
  int64_t end = s->end;
  for (int32_t i = 0; i < s->npieces; i++) {
    const ra_piece *p = &s->pieces[i];
    if (t < p->t0 + p->per_sector) break;
    int64_t k = (int64_t)floor((t - p->t0) / p->per_sector + 1e-9);
    end = p->lbn + (k < p->count ? k : p->count);
    if (k < p->count) break;
  }
  return end;
}

/* End of the valid data of a segment at time t. */
static int64_t valid_end(disk *d, segment *s, double t) {
  if (!s->active) return s->end;
  ensure_planned(d, s, t);
  return planned_valid_end(s, t);
}

/* First valid LBN of a segment at time t. The segment holds its size at
 * most: as read-ahead brings a sector in, the oldest gives way (DiskSim's
 * disk_buffer_segment_wrap, run as each sector is read). */
static int64_t valid_start(const disk *d, const segment *s, int64_t end) {
  const int64_t low = end - (int64_t)d->p[SP_DP_CACHE_SEGMENT_SECTORS];
  return s->active && low > s->start ? low : s->start;
}

static int64_t planned_end(const segment *s) {
  return s->npieces ? s->pieces[s->npieces - 1].lbn + s->pieces[s->npieces - 1].count : s->end;
}

/* Tells the index where segment i may hold valid data until its state
 * changes again: [start, end) or, while it reads ahead, up to its limit or
 * its plan's end (planning never passes the limit, but a lowered limit may
 * leave pieces planned past it). Called whenever start, end, limit, active
 * or dead change. */
static void span_sync(disk *d, int32_t i) {
  const segment *s = &d->segs[i];
  int64_t hi = s->end;
  if (s->active) {
    if (s->limit > hi) hi = s->limit;
    if (planned_end(s) > hi) hi = planned_end(s);
  }
  cix_set_span(d->cache_ix, i, s->start, s->dead ? 0 : hi - s->start);
}


int64_t cache_prefix_of(disk *d, uint64_t candidates, int64_t lbn, int64_t n, double t, int32_t *seg_out) {
  int64_t best = 0;
  for (uint64_t m = candidates; m; m &= m - 1) {
    const int32_t i = __builtin_ctzll(m);     /* in segment order, as ties are broken */
    segment *s = &d->segs[i];
    int64_t e = valid_end(d, s, t);
    if (lbn >= e || lbn < valid_start(d, s, e)) continue;
    int64_t got = (e < lbn + n ? e : lbn + n) - lbn;
    if (got > best) { best = got; if (seg_out) *seg_out = i; }
  }
  return best;
}

int32_t cache_read_ahead_covers(disk *d, int64_t lbn, int64_t n, double t, ready_fn ready, void *ctx) {
  if (d->ra_seg < 0) return 0;
  segment *s = &d->segs[d->ra_seg];
  if (s->dead || !s->active || lbn < s->start || lbn + n > s->limit) return 0;
  if (lbn + n > planned_end(s)) {             /* work out the rest of the plan */
    ensure_planned(d, s, INFINITY);
    if (lbn + n > planned_end(s)) return 0;
  }
  const int64_t e = valid_end(d, s, t);
  if (lbn < valid_start(d, s, e)) return 0;     /* given way to the read-ahead */
  if (lbn >= s->end || lbn + n > e) {
    /* waits for the read-ahead: each sector is ready when the head passes it */
    for (int32_t i = 0; i < s->npieces; i++) {
      const ra_piece *p = &s->pieces[i];
      int64_t a = lbn > p->lbn ? lbn : p->lbn, b = lbn + n < p->lbn + p->count ? lbn + n : p->lbn + p->count;
      if (a >= b) continue;
      /* sectors already read are ready now; the rest as the head reaches them */
      int64_t done = (int64_t)floor((t - p->t0) / p->per_sector + 1e-9) - (a - p->lbn);
      if (done < 0) done = 0;
      if (done > b - a) done = b - a;
      if (done > 0) ready(ctx, a - lbn, (int32_t)done, t, 0);
      if (done < b - a)
        ready(ctx, a + done - lbn, (int32_t)(b - a - done),
              p->t0 + (double)(a + done - p->lbn + 1) * p->per_sector, p->per_sector);
    }
    if (lbn < s->end) ready(ctx, 0, (int32_t)((s->end < lbn + n ? s->end : lbn + n) - lbn), t, 0);
  } else {
    ready(ctx, 0, (int32_t)n, t, 0);
  }
  cix_touch(d->cache_ix, d->ra_seg);
  return 1;
}

/* Appends read-ahead pieces from the segment's planned end up to `upto`,
 * while the last piece planned has ended by `until`. Read-ahead is planned
 * lazily: after a read only its first piece is worked out, and later pieces
 * when something asks about a time at or past the last piece's end (or,
 * with until = INFINITY, about the data the whole plan brings). The pieces
 * are the same whenever they are worked out (each depends only on the one
 * before it, and the limit and the 32-piece window are respected as before);
 * a random read that stops the read-ahead early no longer pays for planning
 * all of it (that was a third of the engine's time on random reads). */
static void plan_pieces(disk *d, segment *s, int64_t upto, double t, int32_t cyl, int32_t surface, double until) {
  int64_t cursor = planned_end(s);
  if (s->npieces) {
    const ra_piece *last = &s->pieces[s->npieces - 1];
    t = s->next_t;
    cyl = last->cyl; surface = last->surface;
  }
  if (upto > d->capacity) upto = d->capacity;
  while (cursor < upto && s->npieces < SP_RA_PIECES &&
         (s->npieces == 0 || s->pieces[s->npieces - 1].t0 +
                             s->pieces[s->npieces - 1].count * s->pieces[s->npieces - 1].per_sector <= until)) {
    extent e;
    layout_extent_inline(d, cursor, upto - cursor, &e);
    access_args a = { cyl, surface, 0, t, 0, cursor, e.lbns, NULL, 0, 0, 0, NULL, NULL, 0, 0, 0 };
    access_plan pl;
    mech_access_from(d, &a, &e, &pl);
    ra_piece *p = &s->pieces[s->npieces++];
    p->t0 = pl.media_start; p->per_sector = d->rev_ms / e.spt; p->switch_ms = pl.b.switch_ms + pl.b.seek_ms;
    p->lbn = cursor; p->count = e.lbns; p->cyl = e.cyl; p->surface = e.surface;
    t = pl.media_end; cyl = e.cyl; surface = e.surface; cursor += e.lbns;
    s->next_t = t;
  }
}

/* Plans the running read-ahead of s up to `until` (see plan_pieces). Asked
 * on every look at a segment reading ahead: the test that nothing is left to
 * plan by then (plan_pieces' own) comes first, without a call. */
static void ensure_planned(disk *d, segment *s, double until) {
  if (!s->active || s->npieces == 0 || s->npieces >= SP_RA_PIECES) return;
  const ra_piece *last = &s->pieces[s->npieces - 1];
  const int64_t upto = s->limit < d->capacity ? s->limit : d->capacity;
  if (last->lbn + last->count >= upto || last->t0 + last->count * last->per_sector > until) return;
  plan_pieces(d, s, s->limit, 0, 0, 0, until);
}

/* Where the read-ahead after a read of [lbn, end) stops, as DiskSim's
 * disk_buffer_get_max_readahead sets it; seg_start: the first LBN of the
 * segment the read lands in (the read's own, or a partial hit's segment's). */
static int64_t read_ahead_limit(const disk *d, int64_t lbn, int64_t end, int64_t seg_start) {
  const double mode = d->p[SP_DP_READ_AHEAD];
  int64_t seg = (int64_t)d->p[SP_DP_CACHE_SEGMENT_SECTORS];
  int64_t cap = (int64_t)d->p[SP_DP_READ_AHEAD_MAX_SECTORS];
  int64_t limit;
  if (mode == SP_RA_TRACK_END) {
    /* DiskSim's "Buffer continuous read = 1": on to the read's end plus the
     * maximum read-ahead (the segment's size without one), but never off the
     * track the read ended on (disk_initiate_seek refuses a background read
     * a head switch or a seek). */
    const track_rec *t = &d->tracks[layout_track_of(d, end - 1)];
    const int64_t track_end = t->first_lbn + t->lbn_count;
    limit = end + (cap < 0 ? seg : cap);
    return limit < track_end ? limit : track_end;
  }
  if (mode == SP_RA_TRACK_ADAPTIVE) {
    /* DiskSim's "Buffer continuous read = 4" (BUFFER_DEC_PREFETCH_SCHEME): to
     * the end of the track holding the LBN after the read, and one track's
     * sectors more when the segment starts on an earlier track; the maximum
     * read-ahead does not apply. */
    if (end >= d->capacity) return d->capacity;
    const track_rec *t = &d->tracks[layout_track_of(d, end)];
    limit = t->first_lbn + t->lbn_count;
    if (seg_start < t->first_lbn) limit += d->zones[d->tracks[layout_track_of(d, lbn)].zone].spt;
  } else if (cap >= 0) {
    limit = end + cap;                           /* the read's end plus the maximum read-ahead */
  } else {
    limit = lbn + seg > end ? lbn + seg : end;   /* fill the segment */
  }
  return limit > d->capacity ? d->capacity : limit;
}

/* Reports piece i of s from where it was last reported up to `upto` (its end
 * at most) as one READ_AHEAD event: a = first slot, b = slots read. */
static void emit_piece(sp_sim *sim, disk *d, int32_t di, segment *s, int32_t i, double upto) {
  const ra_piece *p = &s->pieces[i];
  double from = s->emit_from > p->t0 ? s->emit_from : p->t0, end = p->t0 + p->count * p->per_sector;
  double to = upto < end ? upto : end;
  int32_t k0 = (int32_t)floor((from - p->t0) / p->per_sector + 1e-9);
  int32_t k1 = (int32_t)floor((to - p->t0) / p->per_sector + 1e-9);
  if (k0 > p->count) k0 = p->count;
  if (k1 > p->count) k1 = p->count;
  if (to > from || upto >= end) {
    extent e;
    layout_extent(d, p->lbn, 1, &e);
    out_event(sim, from, to > from ? to - from : 0, SP_EV_READ_AHEAD, di, -1, -1, p->cyl, p->surface, e.slot + k0, k1 - k0);
  }
  if (upto >= end) { s->emitted = i + 1; s->emit_from = 0; }
  else s->emit_from = upto;
}

/* Reports the pieces that started before `upto`, the last one cut at `upto`
 * (a stopped read-ahead, or the stream's end for now). */
static void emit_pieces(sp_sim *sim, disk *d, int32_t di, segment *s, double upto) {
  while (s->emitted < s->npieces && s->pieces[s->emitted].t0 < upto) {
    int32_t i = s->emitted;
    emit_piece(sim, d, di, s, i, upto);
    if (s->emitted == i) break;                 /* cut at upto: the rest is not read yet */
  }
}

double cache_events_until(sp_sim *sim, disk *d, int32_t di, double t, int final) {
  if (d->ra_seg < 0) return INFINITY;
  segment *s = &d->segs[d->ra_seg];
  ensure_planned(d, s, t);
  while (s->emitted < s->npieces) {             /* pieces over by t, whole */
    const ra_piece *p = &s->pieces[s->emitted];
    if (p->t0 + p->count * p->per_sector > t) break;
    emit_piece(sim, d, di, s, s->emitted, INFINITY);
  }
  if (s->emitted >= s->npieces) return INFINITY; /* the read-ahead has run its course */
  if (final) { emit_pieces(sim, d, di, s, t); return t; }
  const ra_piece *p = &s->pieces[s->emitted];
  return s->emit_from > p->t0 ? s->emit_from : p->t0;
}

/* When the mechanism is free after a read-ahead stopped at t, about to make
 * pass p (index i of s), as DiskSim's disk_buffer_stopable_access has it: a
 * switch or seek under way ends first; with finish_sector ("Stop prefetch in
 * sector = 0") so does the access's next event, the sector under the head
 * or, waiting for the pass, its first sector (its data not kept). */
static double free_after_stop(disk *d, const segment *s, int32_t i, double t, int finish_sector) {
  const ra_piece *p = &s->pieces[i];
  const double left = i > 0 ? s->pieces[i - 1].t0 + s->pieces[i - 1].count * s->pieces[i - 1].per_sector
                            : s->seek_from >= 0 ? s->seek_from : s->ra_from;
  if (t < p->t0 && left > t) return t;           /* it has not left for the pass yet */
  d->cyl = p->cyl; d->surface = p->surface;
  if (t < p->t0) {
    if (left + p->switch_ms > t) return left + p->switch_ms;
    return finish_sector ? p->t0 + p->per_sector : t;
  }
  return finish_sector ? p->t0 + (floor((t - p->t0) / p->per_sector + 1e-9) + 1) * p->per_sector : t;
}

/* Stops the running read-ahead at t. mode: SP_RAS_DISPATCH, the engine's own
 * rule (a switch under way between passes ends first); SP_RAS_ARRIVAL and
 * SP_RAS_ARRIVAL_SECTOR: DiskSim's (free_after_stop). */
static double stop_read_ahead(sp_sim *sim, disk *d, int32_t di, double t, int mode) {
  if (d->ra_seg < 0) return t;
  segment *s = &d->segs[d->ra_seg];
  d->ra_seg = -1;
  ensure_planned(d, s, t);
  double free_at = t;
  int32_t i = 0;
  while (i < s->npieces && s->pieces[i].t0 + s->pieces[i].count * s->pieces[i].per_sector <= t) i++;
  if (i < s->npieces) {
    const ra_piece *p = &s->pieces[i];
    /* Before a pass the mechanism may be moving to it: from the previous
     * pass's end, or (resumed after a hit) from where it waited. A switch or
     * seek under way is not aborted. */
    const double left = i > 0 ? s->pieces[i - 1].t0 + s->pieces[i - 1].count * s->pieces[i - 1].per_sector
                              : s->seek_from;
    if (mode != SP_RAS_DISPATCH) {
      free_at = free_after_stop(d, s, i, t, mode == SP_RAS_ARRIVAL_SECTOR);
    } else if (t < p->t0 && (i > 0 || (s->seek_from >= 0 && t > s->seek_from))) {
      double sw_end = left + p->switch_ms;
      if (sw_end > t) free_at = sw_end;
      d->cyl = p->cyl; d->surface = p->surface;
    } else if (t >= p->t0) {
      d->cyl = p->cyl; d->surface = p->surface;
    }
  } else if (s->npieces) {
    d->cyl = s->pieces[s->npieces - 1].cyl; d->surface = s->pieces[s->npieces - 1].surface;
  }
  if (sim->evcap > 0) emit_pieces(sim, d, di, s, t);
  if (s->active) {
    s->end = planned_valid_end(s, t);           /* valid_end: planned up to t above */
    s->start = valid_start(d, s, s->end);
  }
  s->active = 0; s->npieces = 0; s->emitted = 0; s->emit_from = 0;
  span_sync(d, (int32_t)(s - d->segs));
  return free_at;
}

double cache_stop_read_ahead(sp_sim *sim, disk *d, int32_t di, double t) {
  return stop_read_ahead(sim, d, di, t, SP_RAS_DISPATCH);
}

double cache_stop_read_ahead_as(sp_sim *sim, disk *d, int32_t di, double t, int32_t mode) {
  return stop_read_ahead(sim, d, di, t, mode);
}

void cache_extend_read_ahead(sp_sim *sim, disk *d, int32_t di, int64_t upto) {
  if (d->ra_seg < 0) return;
  segment *s = &d->segs[d->ra_seg];
  if (d->p[SP_DP_READ_AHEAD] != SP_RA_CONTINUE) return;
  int64_t limit = read_ahead_limit(d, upto, upto, upto);
  ensure_planned(d, s, INFINITY);                /* the whole plan, to the old limit */
  /* Drop pieces the stream has passed, to make room for new ones; their
   * data stays (the segment's end moves to the first piece kept, its start
   * does not: the segment holds its size at most, valid_start). */
  int32_t keep = 0;
  while (keep < s->npieces - 1 && s->pieces[keep].lbn + s->pieces[keep].count <= upto) keep++;
  if (keep > 0) {
    /* The pieces dropped run to their end: report them whole now (the
     * stream holds back later events until they are: cache_events_until). */
    if (sim->evcap > 0) while (s->emitted < keep) emit_piece(sim, d, di, s, s->emitted, INFINITY);
    int64_t passed = s->pieces[keep].lbn;
    s->ra_from = s->pieces[keep - 1].t0 + s->pieces[keep - 1].count * s->pieces[keep - 1].per_sector;
    memmove(s->pieces, s->pieces + keep, (size_t)(s->npieces - keep) * sizeof *s->pieces);
    s->npieces -= keep;
    s->emitted = s->emitted > keep ? s->emitted - keep : 0;
    s->end = passed;
    s->seek_from = -1;
  }
  /* Planning resumes (as it always has after an extension) at the last
   * piece's start plus its sectors. */
  if (s->npieces) {
    const ra_piece *last = &s->pieces[s->npieces - 1];
    s->next_t = last->t0 + last->count * last->per_sector;
  }
  s->limit = limit;                              /* later pieces are planned on demand */
  span_sync(d, d->ra_seg);
}

void cache_after_read(sp_sim *sim, disk *d, int32_t di, int64_t lbn, int64_t n, int64_t before,
                      double t_end, int32_t end_cyl, int32_t end_surface) {
  (void)sim; (void)di;
  if (d->nsegs == 0) return;
  /* A read that found its first sectors in a segment goes on in that
   * segment (DiskSim's partial hit): its start may be on an earlier track. */
  int32_t hit = -1;
  int64_t seg_start = lbn;
  if (d->p[SP_DP_READ_AHEAD] == SP_RA_TRACK_ADAPTIVE && cache_prefix_valid(d, lbn, 1, t_end, &hit) == 1 && hit >= 0)
    seg_start = d->segs[hit].start;
  const int32_t victim = cix_oldest(d->cache_ix);
  segment *s = &d->segs[victim];
  int64_t seg = (int64_t)d->p[SP_DP_CACHE_SEGMENT_SECTORS];
  /* Clear the header only: pieces past npieces are never read, and the
   * array (1.8 KB) made this memset 4% of a random-read run. */
  memset(s, 0, offsetof(segment, pieces));
  s->seek_from = -1;                             /* read ahead from where the read ends */
  s->ra_from = t_end;
  s->end = lbn + n;
  s->start = n + before > seg ? lbn + n - seg : lbn - before;   /* DiskSim's wrap keeps the newest */
  cix_touch(d->cache_ix, victim);
  if (d->p[SP_DP_READ_AHEAD] != SP_RA_NONE) {
    s->limit = read_ahead_limit(d, lbn, lbn + n, seg_start);
    if (s->limit > s->end) {
      s->active = 1;
      plan_pieces(d, s, s->limit, t_end, end_cyl, end_surface, -INFINITY);   /* the first piece */
      d->ra_seg = victim;
    }
  }
  span_sync(d, victim);
}

/* Has the running read-ahead of s read all it was to read by t? */
static int read_ahead_over(disk *d, segment *s, double t) {
  ensure_planned(d, s, t);
  if (planned_end(s) < s->limit && s->npieces < SP_RA_PIECES) return 0;
  const ra_piece *last = &s->pieces[s->npieces - 1];
  return last->t0 + last->count * last->per_sector <= t;
}

void cache_read_ahead_on_hit(sp_sim *sim, disk *d, int32_t di, int64_t lbn, int64_t n, double t) {
  int32_t i = -1;
  if (d->p[SP_DP_READ_AHEAD] == SP_RA_NONE) return;
  if (d->ra_seg >= 0) {                          /* idle only once a read-ahead has run its course */
    if (!read_ahead_over(d, &d->segs[d->ra_seg], t)) return;
    cache_stop_read_ahead(sim, d, di, t);
  }
  if (cache_prefix_valid(d, lbn, n, t, &i) < n || i < 0) return;
  segment *s = &d->segs[i];
  int64_t limit = read_ahead_limit(d, lbn, lbn + n, s->start);
  if (s->limit > limit) limit = s->limit;        /* as far as the segment's own read-ahead meant to go */
  if (s->end >= limit) return;
  s->limit = limit;
  s->active = 1; s->npieces = 0; s->emitted = 0; s->emit_from = 0;
  s->seek_from = t;
  plan_pieces(d, s, s->limit, t, d->cyl, d->surface, -INFINITY);   /* the first piece */
  d->ra_seg = i;
  cix_touch(d->cache_ix, i);
  span_sync(d, i);
}

void cache_extend_on_hit(sp_sim *sim, disk *d, int32_t di, int64_t lbn, int64_t n, double t) {
  int32_t i = -1;
  if (d->ra_seg < 0 || cache_prefix_valid(d, lbn, n, t, &i) < n || i != d->ra_seg) return;
  segment *s = &d->segs[i];
  if (read_ahead_over(d, s, t) || read_ahead_limit(d, lbn + n, lbn + n, lbn + n) <= s->limit) return;
  cache_extend_read_ahead(sim, d, di, lbn + n);
}

int32_t cache_take_over(disk *d, int64_t lbn, int64_t n, double t) {
  int32_t i = -1;
  if (d->ra_seg < 0 || cache_prefix_valid(d, lbn, 1, t, &i) < 1 || i != d->ra_seg) return 0;
  segment *s = &d->segs[i];
  if (read_ahead_over(d, s, t)) return 1;
  int64_t limit = read_ahead_limit(d, lbn, lbn + n, s->start);
  if (limit < lbn + n) limit = lbn + n;          /* the read itself, past any track end */
  if (limit > d->capacity) limit = d->capacity;
  if (limit <= s->limit) return 1;
  s->limit = limit;                              /* later pieces are planned on demand */
  span_sync(d, i);
  return 1;
}

/* Segment i holds no valid data once [lbn, lbn+n) is written over any of it. */
static void invalidate_one(disk *d, int32_t i, int64_t lbn, int64_t n) {
  segment *s = &d->segs[i];
  int64_t e = s->active ? planned_end(s) : s->end;
  if (s->active && lbn >= e && lbn < s->limit && lbn + n > s->start) {
    ensure_planned(d, s, INFINITY);              /* the plan may reach lbn */
    e = planned_end(s);
  }
  if (lbn < e && lbn + n > s->start && !s->dead) { s->dead = 1; span_sync(d, i); }
}

int32_t cache_reading_ahead(disk *d, double t, int64_t *start, int64_t *end) {
  if (d->ra_seg < 0) return -1;
  segment *s = &d->segs[d->ra_seg];
  if (s->dead || read_ahead_over(d, s, t)) return -1;
  *end = valid_end(d, s, t);
  *start = valid_start(d, s, *end);
  return d->ra_seg;
}

/* The least recently used segment other than one reading ahead; -1 if none. */
static int32_t oldest_idle(const disk *d) {
  const cache_index *ix = d->cache_ix;
  for (int32_t i = ix->oldest; i >= 0; i = ix->newer[i])
    if (!(i == d->ra_seg && d->segs[i].active)) return i;
  return -1;
}

/* A write's data held where reads may hit it (DiskSim's "Allow read hits on
 * write data": disk_buffer_select_read_segment takes a dirty, writing or
 * clean segment whose last access was a write, and disk_release_hda leaves a
 * destaged write's segment clean instead of empty). A write continuing the
 * buffered, not yet destaged writes joins their segment, as "Combine seq
 * writes" appends it; otherwise it takes the least recently used segment
 * (not one reading ahead). The segment keeps its size's worth at most. */
void cache_hold_write(disk *d, int64_t lbn, int64_t n, int appends) {
  const int64_t size = (int64_t)d->p[SP_DP_CACHE_SEGMENT_SECTORS];
  if (d->nsegs == 0 || size <= 0 || d->p[SP_DP_READ_HITS_ON_WRITES] == 0) return;
  int32_t i = d->wseg;
  if (!(appends && i >= 0 && d->segs[i].wdata && !d->segs[i].dead && d->segs[i].end == lbn)) {
    i = oldest_idle(d);
    if (i < 0) return;
    segment *s = &d->segs[i];
    memset(s, 0, offsetof(segment, pieces));
    s->seek_from = -1;
    s->start = lbn; s->wdata = 1;
  }
  segment *s = &d->segs[i];
  s->end = lbn + n;
  if (s->end - s->start > size) s->start = s->end - size;
  d->wseg = i;
  cix_touch(d->cache_ix, i);
  span_sync(d, i);
}

int32_t cache_read_ahead_head(disk *d, double t, double *at, int32_t *cyl, int32_t *surface) {
  if (d->ra_seg < 0) return 0;
  segment *s = &d->segs[d->ra_seg];
  ensure_planned(d, s, t);
  if (s->npieces == 0) return 0;
  int32_t i = 0;
  while (i < s->npieces - 1 && s->pieces[i].t0 + s->pieces[i].count * s->pieces[i].per_sector <= t) i++;
  const ra_piece *p = &s->pieces[i];
  const double end = p->t0 + p->count * p->per_sector;
  *at = end < t ? end : t;
  *cyl = p->cyl; *surface = p->surface;
  return 1;
}

void cache_write_over(disk *d, int64_t lbn, int64_t n, int32_t kept, int64_t kept_start, int64_t kept_end) {
  if (kept >= 0 && kept < d->nsegs && !d->segs[kept].active && !d->segs[kept].dead) {
    /* what its read-ahead brought in after the write came is not kept */
    segment *s = &d->segs[kept];
    if (s->start < kept_start) s->start = kept_start;
    if (s->end > kept_end) s->end = kept_end;
    if (s->start >= s->end) s->dead = 1;
    span_sync(d, kept);
  } else {
    kept = -1;
  }
  for (int32_t i = 0; i < d->nsegs; i++) {
    const segment *s = &d->segs[i];
    if (s->wdata && !s->dead && lbn >= s->start && lbn + n <= s->end) continue;   /* holds this very data */
    if (i != kept) invalidate_one(d, i, lbn, n);
  }
}

void cache_invalidate(disk *d, int64_t lbn, int64_t n) {
  for (int32_t i = 0; i < d->nsegs; i++) invalidate_one(d, i, lbn, n);
}
