/*
 * mech.c — the mechanism: seek curve or table, rotational position from
 * absolute time, head and cylinder switches, and the walk over the tracks of
 * one media access (with zero-latency access as an option).
 */
#include "disk.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static double curve_seek(const disk *d, int32_t dist);

/* The linear seek of the simplest models: a straight line through
 * (1, single) and (C - 1, full stroke), each taken from the curve when -1. */
static double linear_seek(const disk *d, int32_t dist) {
  double s = d->p[SP_DP_SEEK_SINGLE_MS], f = d->p[SP_DP_SEEK_FULL_MS];
  const int32_t full = d->cylinders - 1;
  if (s < 0) s = curve_seek(d, 1);
  if (full <= 1) return s;
  if (f < 0) f = curve_seek(d, full);
  return s + (f - s) * (double)(dist - 1) / (double)(full - 1);
}

/* The seek time at a distance, from the parameters. */
static double seek_of(const disk *d, int32_t dist) {
  if (dist <= 0) return 0;
  if (d->p[SP_DP_SEEK_LINEAR] != 0) return linear_seek(d, dist);
  return curve_seek(d, dist);
}

/* The seek time per distance, 0 .. n - 1, each entry seek_of's very double
 * (a table lookup replaces a binary search or a square root per seek). Built
 * from the parameters in p (and the seek points, fixed once committed). */
#define SEEK_TABLE_MAX (1 << 18)     /* a larger disk computes its longer seeks */
static const sp_disk_param seek_inputs[] = {
  SP_DP_SEEK_MODEL, SP_DP_SEEK_LINEAR, SP_DP_SEEK_SINGLE_MS, SP_DP_SEEK_FULL_MS,
  SP_DP_SEEK_A, SP_DP_SEEK_B, SP_DP_SEEK_C, SP_DP_SEEK_E, SP_DP_SEEK_BOUNDARY };
#define NINPUTS ((int32_t)(sizeof seek_inputs / sizeof seek_inputs[0]))
struct seek_table {
  int32_t n;
  double p[NINPUTS];
  double ms[];
};

static int seek_table_current(const disk *d) {
  const seek_table *s = d->seek_tab;
  if (!s || s->n != (d->cylinders < SEEK_TABLE_MAX ? d->cylinders : SEEK_TABLE_MAX)) return 0;
  for (int32_t k = 0; k < NINPUTS; k++)
    if (memcmp(&s->p[k], &d->p[seek_inputs[k]], sizeof s->p[k]) != 0) return 0;
  return 1;
}

void mech_derive(disk *d) {
  d->rev_ms = disk_rev_ms(d);
  if (seek_table_current(d)) return;
  mech_free(d);
  const int32_t n = d->cylinders < SEEK_TABLE_MAX ? d->cylinders : SEEK_TABLE_MAX;
  if (n <= 0 || (d->p[SP_DP_SEEK_MODEL] == SP_SEEK_TABLE && d->nseek == 0)) return;
  seek_table *s = malloc(sizeof *s + (size_t)n * sizeof s->ms[0]);
  if (!s) return;                              /* mech_seek computes every seek instead */
  s->n = n;
  for (int32_t k = 0; k < NINPUTS; k++) s->p[k] = d->p[seek_inputs[k]];
  for (int32_t k = 0; k < n; k++) s->ms[k] = seek_of(d, k);
  d->seek_tab = s;
}

void mech_free(disk *d) { free(d->seek_tab); d->seek_tab = NULL; }

double mech_seek(const disk *d, int32_t dist) {
  const seek_table *s = d->seek_tab;
  if (s && dist >= 0 && dist < s->n) return s->ms[dist];
  return seek_of(d, dist);
}

static double curve_seek(const disk *d, int32_t dist) {
  if (d->p[SP_DP_SEEK_MODEL] == SP_SEEK_TABLE) {
    const int32_t *x = d->seek_d; const double *y = d->seek_ms; int32_t n = d->nseek;
    if (dist <= x[0]) return y[0];
    if (dist >= x[n - 1]) {        /* past the table: extend its last slope */
      if (n == 1) return y[0];
      double slope = (y[n - 1] - y[n - 2]) / (x[n - 1] - x[n - 2]);
      return y[n - 1] + slope * (dist - x[n - 1]);
    }
    int32_t lo = 0, hi = n - 1;    /* x[lo] < dist <= x[hi] */
    while (hi - lo > 1) { int32_t m = (lo + hi) / 2; if (x[m] < dist) lo = m; else hi = m; }
    return y[lo] + (y[hi] - y[lo]) * (double)(dist - x[lo]) / (double)(x[hi] - x[lo]);
  }
  if (dist < d->p[SP_DP_SEEK_BOUNDARY]) return d->p[SP_DP_SEEK_A] + d->p[SP_DP_SEEK_B] * sqrt((double)dist);
  return d->p[SP_DP_SEEK_C] + d->p[SP_DP_SEEK_E] * dist;
}

double mech_angle(const disk *d, double t) {
  double r = t / d->rev_ms + d->p[SP_DP_INITIAL_ROTATION];   /* + 0 changes no bit */
  return r - floor(r);
}

/* Fraction of a revolution from angle `from` forward to angle `to`. */
static double ahead(double from, double to) {
  double w = to - from;
  w -= floor(w);
  return (w > 1 - SP_ANGLE_EPS || w < SP_ANGLE_EPS) ? 0 : w;
}

static double cyl_switch_ms(const disk *d) {
  return d->p[SP_DP_CYL_SWITCH_MS] >= 0 ? d->p[SP_DP_CYL_SWITCH_MS] : mech_seek(d, 1);
}

/* A head or cylinder switch inside a request (exact: the drive's own cost). */
static double switch_ms(const disk *d, double exact) {
  const double m = d->p[SP_DP_SWITCH_MODEL];
  return m == SP_SWITCH_EXACT ? exact : m == SP_SWITCH_FIXED ? d->p[SP_DP_SWITCH_FIXED_MS] : 0;
}

static void emit(const access_args *a, const disk *d, double t, double dur, uint16_t kind,
                 int32_t cyl, int32_t surface, int32_t x, int32_t y) {
  (void)d;
  if (a->emit_to) out_event(a->emit_to, t, dur, kind, a->disk_index, a->req, a->emit_to->emit_logical, cyl, surface, x, y);
}

/* Each sector of extent e (from LBN `lbn`, its transfer starting at t0) is
 * ready when the head has passed its slot. Slipped slots inside the extent
 * (e->slots > e->lbns) delay the sectors after them: they are reported run by
 * run, so the last one is not ready before the media access ends. */
static void ready_by_slot(const disk *d, const access_args *a, const extent *e, int64_t lbn, double t0,
                          double sector) {
  if (e->slots == e->lbns) { a->ready(a->ctx, lbn - a->lbn, e->lbns, t0 + sector, sector); return; }
  const int32_t body = e->lbns;
  const track_rec *tr = &d->tracks[e->track];
  int32_t idx = (int32_t)(lbn - tr->first_lbn), i = 0;
  while (i < body) {
    int32_t slot = layout_slot_of(d, tr, idx + i), n = 1;
    while (i + n < body && layout_slot_of(d, tr, idx + i + n) == slot + n) n++;
    a->ready(a->ctx, lbn + i - a->lbn, n, t0 + (double)(slot - e->slot + 1) * sector, sector);
    i += n;
  }
}

/* A move of `move` ms plus a write's settle: DiskSim's "Add. write settling
 * delay" may be negative (writes position faster than the measured read
 * seeks); a move never takes less than no time. */
static inline double settled(double move, double settle) {
  return move + settle > 0 ? move + settle : 0;
}

/* layout_slot_angle(d, e->track, e->slot), its zone's spt read from the extent. */
static inline double slot_angle(const disk *d, const extent *e) {
  const double a = d->tracks[e->track].slot0_angle + (double)e->slot / e->spt;
  return a - floor(a);
}

/* DiskSim's "Read any free blocks": after the seek the drive reads whatever
 * comes under the head, and an empty segment takes the blocks of the track
 * before the read's first one. Whole sectors pass from the next slot
 * boundary after pos_slots (the head, in slots past e's first slot) round to
 * e's first slot; the first LBN of the track among them, or the track's first
 * LBN when they reach back past it (a head landing on or after the read's
 * own sectors comes round through the whole front of the track). */
static int64_t free_first(const disk *d, const extent *e, int64_t lbn, double pos_slots) {
  const track_rec *tr = &d->tracks[e->track];
  const int64_t idx = lbn - tr->first_lbn;
  if (tr->first_lbn < 0 || idx <= 0 || idx >= tr->lbn_count || layout_slot_of(d, tr, (int32_t)idx) != e->slot)
    return lbn;                                  /* a remapped LBN, or the track's first */
  int32_t c = (int32_t)ceil(pos_slots - 1e-6);
  int32_t passed = c <= 0 || c >= e->spt ? 0 : e->spt - c;
  const int32_t from = e->slot - passed;         /* slots [from, e->slot) passed whole */
  int32_t lo = 0, hi = (int32_t)idx;             /* first index whose slot is at least from */
  while (lo < hi) {
    int32_t mid = lo + (hi - lo) / 2;
    if (layout_slot_of(d, tr, mid) >= from) hi = mid; else lo = mid + 1;
  }
  return tr->first_lbn + lo;
}

/* mech_access's walk; known: the first extent, or NULL to look it up. Inlined
 * in both entry points, so that mech_access pays no test for it. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void walk(const disk *d, const access_args *a, const extent *known, access_plan *out) {
  sp_breakdown *b = &out->b;
  *b = (sp_breakdown){0};
  double t = a->t, rev = d->rev_ms;
  int32_t cyl = a->from_cyl, surf = a->from_surface, prev_track = -1;
  const int zl = disk_zero_latency(d, a->is_write);
  const double settle = a->is_write ? d->p[SP_DP_WRITE_SETTLE_MS] : 0;
  const int exact_sw = d->p[SP_DP_SWITCH_MODEL] == SP_SWITCH_EXACT;
  int64_t cursor = a->lbn, left = a->n;
  out->media_start = -1;
  out->position_ms = 0;
  out->data_wait_ms = 0;
  out->free_first = a->lbn;
  const int any_free = !a->is_write && d->p[SP_DP_READ_ANY_FREE] != 0 && !a->rot_uniform;
  while (left > 0) {
    extent e;
    const int first = prev_track < 0;
    if (first && known) e = *known;
    else layout_extent_inline(d, cursor, left, &e);
    /* 1. Move the head: a seek first; switches while transferring. A write's
     * settle rides on a move only, as DiskSim's dm_seek_time_g1 adds it to a
     * nonzero seek or head switch: a write on the head's own track has none. */
    double move = 0; uint16_t kind = 0;
    if (e.cyl != cyl) {
      int32_t dist = abs(e.cyl - cyl);
      if (!first && dist == 1 && e.track == prev_track + 1) {
        move = settled(switch_ms(d, cyl_switch_ms(d)), settle); kind = SP_EV_CYL_SWITCH; b->cyl_switches++; b->switch_ms += move;
      } else {
        double s = mech_seek(d, dist);
        if (exact_sw && e.surface != surf && s < d->p[SP_DP_HEAD_SWITCH_MS]) s = d->p[SP_DP_HEAD_SWITCH_MS];
        move = settled(s, settle); kind = SP_EV_SEEK; b->seek_ms += move;
      }
    } else if (e.surface != surf) {
      /* Outside the exact model the first positioning is the seek alone. */
      move = settled(first && !exact_sw ? 0 : switch_ms(d, d->p[SP_DP_HEAD_SWITCH_MS]), settle); kind = SP_EV_HEAD_SWITCH;
      if (first) b->seek_ms += move; else { b->switch_ms += move; b->head_switches++; }
    }
    if (first && a->is_write && !a->cont && move < d->p[SP_DP_MIN_WRITE_SEEK_MS]) {
      /* DiskSim's "Minimum seek delay": the seek starts later by what it lacks */
      b->seek_ms += d->p[SP_DP_MIN_WRITE_SEEK_MS] - move;
      move = d->p[SP_DP_MIN_WRITE_SEEK_MS];
      if (!kind) kind = SP_EV_SEEK;
    }
    if (kind == SP_EV_HEAD_SWITCH) emit(a, d, t, move, kind, e.cyl, e.surface, surf, 0);
    else if (kind) emit(a, d, t, move, kind, e.cyl, e.surface, cyl, surf);
    t += move;
    if (first && a->data_ready > t) {          /* write data still crossing the bus */
      out->data_wait_ms = a->data_ready - t;
      t = a->data_ready;
    }
    if (first) { b->target_cyl = e.cyl; b->target_surface = e.surface; }
    cyl = e.cyl; surf = e.surface;
    /* 2. Rotate to the data and 3. transfer it. */
    const double sector = rev / e.spt;
    /* layout_slot_angle's double, from the extent's own spt (its track's zone's) */
    const double start_angle = slot_angle(d, &e);
    const double head_angle = mech_angle(d, t);
    double wait, span, pos_slots = 0;            /* head, in slots past the extent's start (zero latency only) */
    const int zl_here = zl && !a->rot_uniform && e.slots > 1;
    if (zl_here) pos_slots = ((head_angle - start_angle) - floor(head_angle - start_angle)) * e.spt;
    if (first && any_free)
      out->free_first = free_first(d, &e, cursor, ((head_angle - start_angle) - floor(head_angle - start_angle)) * e.spt);
    if (zl_here && pos_slots > SP_ANGLE_EPS * e.spt && pos_slots < e.slots - 1e-6) {
      /* Access on arrival: start at the next slot boundary inside the extent,
       * read to its end, come round and read its beginning. */
      double j = ceil(pos_slots - 1e-6);
      /* A head up to 1e-6 slot past boundary j counts as at j: it starts
       * now, not (j - pos_slots) * sector, a few ulps, before it arrived
       * (which put TRANSFER and READ_AHEAD events before earlier ones). */
      wait = j > pos_slots ? (j - pos_slots) * sector : 0;
      span = e.spt * sector;            /* (slots - j) + (spt - slots) gap + j: back at slot j */
      double t0 = t + wait;
      if (wait > 0) emit(a, d, t, wait, SP_EV_ROTATE, cyl, surf, e.slot + (int32_t)j, 0);
      emit(a, d, t0, (e.slots - j) * sector, a->transfer_kind, cyl, surf, e.slot + (int32_t)j, e.slots - (int32_t)j);
      emit(a, d, t0 + (e.spt - j) * sector, j * sector, a->transfer_kind, cyl, surf, e.slot, (int32_t)j);
      /* In-order delivery could send the wrapped-round beginning as it is
       * read, but drives hold a zero-latency pass until the track's data is
       * all buffered: the traxtents paper measured 3% media/bus overlap for
       * track-aligned reads (section 5.1, Fig. 7). */
      if (a->ready) a->ready(a->ctx, cursor - a->lbn, e.lbns, t0 + span, 0);
      if (out->media_start < 0) { out->media_start = t0; out->position_ms = t0 - a->t; }
      b->rotation_ms += wait + span - e.lbns * sector;
      t = t0 + span;
    } else {
      wait = !a->rot_uniform ? ahead(head_angle, start_angle) * rev : first ? a->rot_u * rev : 0;
      span = e.slots * sector;
      if (wait > 0) emit(a, d, t, wait, SP_EV_ROTATE, cyl, surf, e.slot, 0);
      double t0 = t + wait;
      emit(a, d, t0, span, a->transfer_kind, cyl, surf, e.slot, e.slots);
      if (a->ready) ready_by_slot(d, a, &e, cursor, t0, sector);
      if (out->media_start < 0) { out->media_start = t0; out->position_ms = t0 - a->t; }
      b->rotation_ms += wait + (e.slots - e.lbns) * sector;
      t = t0 + span;
    }
    b->transfer_ms += e.lbns * sector;
    b->tracks++;
    prev_track = e.track;
    cursor += e.lbns; left -= e.lbns;
  }
  out->media_end = t;
  out->end_cyl = cyl; out->end_surface = surf;
  b->total_ms = t - a->t;
}

void mech_access(const disk *d, const access_args *a, access_plan *out) { walk(d, a, NULL, out); }

void mech_access_from(const disk *d, const access_args *a, const extent *first, access_plan *out) {
  walk(d, a, first, out);
}

/* Seek + rotation to the first sector of a request (its first extent, as far
 * as the end of its track). */
double mech_positioning(const disk *d, int32_t from_cyl, int32_t from_surface, double t,
                        int64_t lbn, int32_t is_write) {
  extent e;
  layout_extent_inline(d, lbn, INT64_MAX, &e);
  access_args a = { from_cyl, from_surface, is_write, t, 0, lbn, e.lbns, NULL, 0, 0, 0, NULL, NULL, 0, 0, 0 };
  access_plan p;
  mech_access_from(d, &a, &e, &p);
  return p.b.seek_ms + p.b.rotation_ms;
}

/* SPTF's yardstick. Without zero-latency access: the positioning time (seek
 * and rotation to the request's first sector), after which the transfer takes
 * the same time wherever the head came from. With zero-latency access the
 * order the sectors are read in depends on where the head lands, so the
 * positioning time alone says nothing (a head landing inside the data starts
 * at once but must come round for the sectors it passed): the estimate is the
 * time from t until the request's last sector has been transferred, the whole
 * media access planned as it would run. Either way it is at least the first
 * seek (plus settle), which sched.c's pruning relies on. */
double mech_sptf_cost(const disk *d, int32_t from_cyl, int32_t from_surface, double t,
                      int64_t lbn, int32_t sectors, int32_t is_write) {
  if (!disk_zero_latency(d, is_write) || sectors < 1) return mech_positioning(d, from_cyl, from_surface, t, lbn, is_write);
  access_args a = { from_cyl, from_surface, is_write, t, 0, lbn, sectors, NULL, 0, 0, 0, NULL, NULL, 0, 0, 0 };
  access_plan p;
  mech_access(d, &a, &p);
  return p.b.total_ms;
}

sp_status sp_access_time(sp_sim *sim, int32_t index, int32_t from_cyl, int32_t from_surface,
                         double start_ms, int64_t lbn, int32_t sectors, int32_t is_write,
                         sp_breakdown *out) {
  disk *d = sp__disk(sim, index, 1);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  if (!out) return sp__fail(sim, SP_E_INVALID, "sp_access_time: out is NULL");
  if (from_cyl < 0 || from_cyl >= d->cylinders)
    return sp__fail(sim, SP_E_RANGE, "from_cyl: %d is outside 0..%d", from_cyl, d->cylinders - 1);
  if (from_surface < 0 || from_surface >= d->surfaces)
    return sp__fail(sim, SP_E_RANGE, "from_surface: %d is outside 0..%d", from_surface, d->surfaces - 1);
  if (!isfinite(start_ms) || start_ms < 0 || start_ms > SP_MAX_TIME_MS)
    return sp__fail(sim, SP_E_INVALID, "start_ms: %g must be a finite time in [0, %g]", start_ms, (double)SP_MAX_TIME_MS);
  if (lbn < 0 || lbn >= d->capacity)
    return sp__fail(sim, SP_E_RANGE, "lbn: %lld is outside the disk (0..%lld)", (long long)lbn,
                    (long long)d->capacity - 1);
  if (sectors < 1 || lbn + sectors > d->capacity)
    return sp__fail(sim, SP_E_RANGE, "sectors: %d from lbn %lld runs past the disk's %lld LBNs",
                    sectors, (long long)lbn, (long long)d->capacity);
  access_args a = { from_cyl, from_surface, is_write != 0, start_ms, 0, lbn, sectors, NULL, 0, 0,
                    SP_EV_TRANSFER, NULL, NULL, 0, 0, 0 };
  access_plan p;
  mech_access(d, &a, &p);
  *out = p.b;
  return SP_OK;
}

double sp_seek_time(const sp_sim *sim, int32_t index, int32_t distance) {
  if (!sim || index < 0 || index >= sim->ndisks || distance < 0) return NAN;
  const disk *d = sim->disks[index];
  if (d->p[SP_DP_SEEK_MODEL] == SP_SEEK_TABLE && d->nseek == 0) return NAN;
  return mech_seek(d, distance);
}

double sp_revolution_ms(const sp_sim *sim, int32_t index) {
  if (!sim || index < 0 || index >= sim->ndisks) return NAN;
  return disk_rev_ms(sim->disks[index]);
}

double sp_angle_at(const sp_sim *sim, int32_t index, double time_ms) {
  if (!sim || index < 0 || index >= sim->ndisks || !isfinite(time_ms)) return NAN;
  double r = time_ms / disk_rev_ms(sim->disks[index]) + sim->disks[index]->p[SP_DP_INITIAL_ROTATION];
  return r - floor(r);
}
