/*
 * traxtent.c — track-aligned extents support: copying a disk into another
 * sim, and the general track-boundary extraction algorithm of Schindler et
 * al., "Track-aligned extents" (FAST 2002), section 4.1, run against a disk
 * as a black box.
 *
 * The extractor owns a private sim holding a copy of the disk (the "drive on
 * the bus"). Everything below the line marked BLACK BOX only calls box_read(),
 * which submits one read and returns its response time: the algorithm never
 * looks at zones, tracks or skews. What it learns it learns from timings:
 *  - the revolution: back-to-back 1-sector reads of one LBN complete one
 *    revolution apart;
 *  - the phase of an LBN: with the head on its track, a 1-sector read issued
 *    at phase p takes X + frac(a - p) * rev, so T(p) + p * rev is flat with a
 *    single step of one revolution at p = a: a binary search finds a;
 *  - the sector pitch (physical sectors per track): the phase difference
 *    between two LBNs j apart on one track is j / spt;
 *  - whether LBN S+N is on the anchor S's track: a 1-sector read issued just
 *    before its predicted phase arrives with (almost) no wait; anywhere else
 *    costs a head switch or a rotation;
 *  - a boundary: a 2-sector read across it costs a head switch and the skew
 *    more than a 2-sector read inside a track; a run of slipped slots inside
 *    the track delays it too, and a new step length is settled by whether a
 *    read of the second sector needs a head switch.
 *  - the head switch time: with the head parked on the track before a
 *    boundary, a 1-sector read of the next track's first LBN catches it only
 *    if it is issued at least a head switch before its phase: a binary search
 *    on that lead; the skew is the phase step from a track's last LBN to the
 *    next track's first (Atropos's H, which its extractor measured too).
 * The paper's algorithm grows one long read to find the discontinuity; long
 * reads hide the boundary behind a bus slower than the media (as on DiskSim's
 * validated drives) and behind zero-latency access, so here the growing read is
 * replaced by 1- and 2-sector probes at predicted phases. The structure is the
 * paper's: a binary search for the first LBN of the next track, and the
 * "next track has the same size" shortcut checked with two probes.
 */
#include "disk.h"
#include "ext.h"
#include "spindle_extract.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- copying a disk ---------------------------------------------------------- */

int32_t sp_disk_copy(sp_sim *dst, const sp_sim *src, int32_t index) {
  if (!dst || !src) return SP_E_INVALID;
  if (index < 0 || index >= src->ndisks)
    return sp__fail(dst, SP_E_RANGE, "disk: index %d does not exist in the source (%d disks)", index, src->ndisks);
  const disk *s = src->disks[index];
  if (!s->committed) return sp__fail(dst, SP_E_STATE, "disk %d: the source disk is not committed", index);
  if (s->flash) return sp__fail(dst, SP_E_INVALID, "disk %d: the source device is a flash device", index);
  /* A copy is built from the plain disk's parameters: bands, guard tracks and a media cache are not among them. */
  if (sp_device_kind(src, index) == SP_DEV_SMR)
    return sp__fail(dst, SP_E_INVALID, "disk %d: a shingled drive cannot be copied (its bands and media cache are not a plain disk's)", index);
  int32_t d = sp_disk_add(dst);
  if (d < 0) return d;
  sp_status st = SP_OK;
  for (int32_t p = 0; p < SP_DP_COUNT && st == SP_OK; p++)
    if (p != SP_DP_CACHE_SEGMENTS && p != SP_DP_CACHE_SEGMENT_SECTORS) st = sp_disk_set(dst, d, (sp_disk_param)p, s->p[p]);
  if (st == SP_OK) st = sp_disk_set(dst, d, SP_DP_CACHE_SEGMENT_SECTORS, s->p[SP_DP_CACHE_SEGMENT_SECTORS]);
  if (st == SP_OK) st = sp_disk_set(dst, d, SP_DP_CACHE_SEGMENTS, s->p[SP_DP_CACHE_SEGMENTS]);
  for (int32_t z = 0; z < s->nzones && st == SP_OK; z++) {
    const zone *zn = &s->zones[z];
    st = sp_disk_add_zone(dst, d, zn->first_cyl, zn->last_cyl, zn->spt, zn->track_skew, zn->cyl_skew,
                          zn->spare_kind, zn->spare_count);
    if (st == SP_OK) st = sp_disk_set_zone(dst, d, z, SP_ZP_FIRST_BLOCK_OFFSET, zn->first_offset);
    if (st == SP_OK) st = sp_disk_set_zone(dst, d, z, SP_ZP_FRONT_SPACE_SECTORS, (double)zn->front);
    if (st == SP_OK) st = sp_disk_set_zone(dst, d, z, SP_ZP_SPARE_RANGE_CYLINDERS, zn->range_cyls);
  }
  for (int32_t i = 0; i < s->ndefects && st == SP_OK; i++)
    st = sp_disk_add_defect(dst, d, s->defects[i].cyl, s->defects[i].surface, s->defects[i].slot, s->defects[i].policy);
  for (int32_t i = 0; i < s->nseek && st == SP_OK; i++) st = sp_disk_add_seek_point(dst, d, s->seek_d[i], s->seek_ms[i]);
  if (st == SP_OK) st = sp_disk_commit(dst, d);
  return st == SP_OK ? d : st;
}

/* ---- the extractor ------------------------------------------------------------ */

#define PHASE_ITER 24          /* phase resolution 2^-24 revolution */
#define MARGIN 0.5             /* land this many sector times before the target */
#define LOG_CAP 65536
#define GAPS 8                 /* boundary steps remembered (track and cylinder switches, spares) */
#define BOX_RESET_AFTER 1000000 /* requests held by the private sim before it is rewound */

struct sp_extractor {
  sp_sim *src;                 /* only for error messages; NULL once the source sim is freed */
  sp_extractor *next, *prev;   /* the source sim's list of live extractors */
  sp_sim *box;                 /* the drive: a private copy of the disk */
  int64_t first, end, cursor, capacity;
  /* what the extractor has learned, from timings only */
  double rev, X1, jref;
  int32_t spt;                 /* physical sectors per track (0: not known) */
  int32_t L;                   /* LBNs on the last track found (0: not known) */
  int have_phase; double phi;  /* phase of the cursor's first sector */
  double corr;                 /* learned correction of phases predicted from a completion */
  int check_corr; double pred; /* a predicted phase to compare with the next measurement */
  int head_on;                 /* the head is on the anchor's track */
  int32_t gaps[GAPS], ngaps;   /* steps (sectors) of boundaries confirmed by the head-switch test */
  int failed, done;
  /* output */
  int64_t *starts, nstarts, capstarts;
  sp_probe *log; int32_t nlog;
  int64_t requests, shortcuts, searches, anomalies;
  int switch_done; double switch_ms, skew;   /* sp_extract_switch, measured once */
  double time_base;            /* simulated time before the last rewind of the box */
};

/* Issues one read to the box at the next time whose phase (by the extractor's
 * clock and measured revolution) is `phase` (< 0: now) and returns its
 * response time. *done_out: absolute completion time on the extractor's clock. */
static double box_read(sp_extractor *ex, int64_t lbn, int32_t n, double phase, int32_t kind, double *done_out) {
  sp_sim *b = ex->box;
  if (b->nsubmitted >= BOX_RESET_AFTER) {       /* keep memory bounded: rewind the drive */
    ex->time_base += b->now;
    sp_reset(b, 1);
    ex->head_on = 0;           /* the head is back at cylinder 0; phases are physical and stay valid */
  }
  double t = b->now;
  if (phase >= 0 && ex->rev > 0) {
    double a = fmod(t / ex->rev, 1.0), w = phase - a;
    w -= floor(w);
    t += w * ex->rev;
  }
  if (lbn + n > ex->capacity) n = (int32_t)(ex->capacity - lbn);
  sp_request_submit(b, 0, t, lbn, n, 0);
  sp_status st;
  do st = sp_run(b, -1); while (st == SP_MORE && b->nres == 0);
  double resp = NAN, done = t;
  if (b->nres > 0) { const sp_result *r = &b->res[b->nres - 1]; resp = r->complete_ms - r->arrival_ms; done = r->complete_ms; }
  while (!sp_done(b) && sp_run(b, -1) == SP_MORE) {}
  ex->requests++;
  if (ex->nlog < LOG_CAP) ex->log[ex->nlog++] = (sp_probe){ lbn, n, kind, ex->time_base + t, resp };
  if (done_out) *done_out = done;
  return resp;
}

/* ======================= BLACK BOX below: timings only ======================== */

static double phase_of_time(const sp_extractor *ex, double t) {
  double a = t / ex->rev;
  return a - floor(a);
}

static double wrap(double x) { return x - floor(x); }

static void park(sp_extractor *ex, int64_t lbn) {
  box_read(ex, lbn, 1, -1, SP_PROBE_PARK, NULL);
}

/* Revolution time: back-to-back reads of one LBN complete a revolution apart. */
static void measure_rev(sp_extractor *ex) {
  double c0, c1, c2;
  box_read(ex, ex->first, 1, -1, SP_PROBE_SPIN, &c0);
  box_read(ex, ex->first, 1, -1, SP_PROBE_SPIN, &c1);
  box_read(ex, ex->first, 1, -1, SP_PROBE_SPIN, &c2);
  ex->rev = c2 - c1;
  (void)c0;
}

/* Phase of LBN x (the issue phase at which a 1-sector read waits for nothing),
 * with the head parked on x's track; sets X1 (that read's response time). */
static double find_phase(sp_extractor *ex, int64_t x) {
  park(ex, x);
  double C = box_read(ex, x, 1, 0.0, SP_PROBE_PHASE, NULL);
  double lo = 0, hi = 1;
  for (int i = 0; i < PHASE_ITER; i++) {
    double mid = 0.5 * (lo + hi);
    double f = box_read(ex, x, 1, mid, SP_PROBE_PHASE, NULL) + mid * ex->rev;
    if (f - C < 0.5 * ex->rev) lo = mid; else hi = mid;
  }
  ex->X1 = C - hi * ex->rev;
  ex->head_on = 1;
  return hi;
}

static double sector_ms(const sp_extractor *ex) { return ex->rev / ex->spt; }

/* Slot offset of LBN a+n past the anchor a (0..2 slips allowed), or -1 if it
 * is not where a sector of a's track would be. The head is first put on the
 * anchor's track if it may have left it. */
static int32_t on_track(sp_extractor *ex, int64_t a, double phi_a, int64_t n, double *resp) {
  if (!ex->head_on) park(ex, a);
  const double s = sector_ms(ex);
  double p = wrap(phi_a + ((double)n - MARGIN) / ex->spt);
  double T = box_read(ex, a + n, 1, p, SP_PROBE_CHECK, NULL);
  if (resp) *resp = T;
  double dev = (T - ex->X1 - MARGIN * s) / s;
  int32_t k = (int32_t)floor(dev + 0.5);
  int ok = dev > -0.4 && dev < 2.6 && fabs(dev - k) < 0.4;
  ex->head_on = ok;
  return ok ? k : -1;
}

/* Is there a boundary right after y? y is on the anchor's track; T1 is the
 * 1-sector read of y just issued at phase phi_y - margin (the head still on
 * that track); the 2-sector read goes out at the same phase. On a boundary, *phi_next gets the phase of y+1. */
static int jump_after(sp_extractor *ex, int64_t y, double phi_y, double T1, double *phi_next) {
  double done;
  double p = wrap(phi_y - MARGIN / ex->spt);
  double T2 = box_read(ex, y, 2, p, SP_PROBE_JUMP, &done);
  double J = T2 - T1;
  const double s = sector_ms(ex);
  int cross = J > ex->jref + 1.5 * s;   /* one slip adds one sector; a boundary a head switch */
  if (!cross) { if (J < ex->jref) ex->jref = J; return 0; }
  double pn = wrap(phase_of_time(ex, done - ex->X1) + ex->corr);
  /* A run of slipped slots after y delays y+1 as the skew of the next track
   * does. Tell them apart as the paper does, by a head switch: with the head
   * back on y's track, a 1-sector read of y+1 issued just before its phase
   * (measured by the 2-sector read's completion, which the media, not the bus,
   * decides once the step is this long) arrives on time only if y+1 is on
   * that track (on the next one the head switch makes it miss by a
   * revolution). The step's length in sectors is no witness: a bus slower
   * than the media hides part of it, so a run of slips can measure as long as
   * a boundary's step, and a boundary's as long as a run. */
  int32_t g = (int32_t)floor((J - ex->jref) / s + 0.5);
  int known = 0;
  for (int i = 0; i < GAPS; i++) known |= ex->gaps[i] == g;
  if (!known) {
    park(ex, y);
    double T = box_read(ex, y + 1, 1, wrap(pn - MARGIN / ex->spt), SP_PROBE_CHECK, NULL);
    if (fabs((T - ex->X1 - MARGIN * s) / s) < 0.4) { ex->head_on = 1; return 0; }
    ex->gaps[ex->ngaps++ % GAPS] = g;  /* a boundary's step: trusted from now on */
  }
  *phi_next = pn; ex->head_on = 1;     /* the last read ended on y+1's track */
  return 1;
}

/* A new pitch (a new zone): its boundary steps are learned afresh. */
static void set_spt(sp_extractor *ex, int32_t spt) {
  if (spt != ex->spt) { memset(ex->gaps, 0, sizeof ex->gaps); ex->ngaps = 0; }
  ex->spt = spt;
}

/* Physical sectors per track, from the phase difference of LBNs on one track. */
static int measure_spt(sp_extractor *ex, int64_t a, double phi_a) {
  static const int32_t js[] = { 16, 48, 8, 24, 4, 2 };
  int32_t cand[6]; int nc = 0;
  for (int i = 0; i < 6; i++) {
    if (a + js[i] >= ex->end) continue;
    double d = wrap(find_phase(ex, a + js[i]) - phi_a);
    if (d <= 0) continue;
    double v = js[i] / d;
    int32_t r = (int32_t)floor(v + 0.5);
    if (r < 2 || fabs(v - r) > 0.02 * (1 + js[i] / 16.0) || r > SP_MAX_SECTORS_PER_TRACK) continue;
    if (ex->spt > 0 && r == ex->spt) return 1;       /* agrees with the last zone's */
    for (int k = 0; k < nc; k++) if (cand[k] == r) { set_spt(ex, r); return 1; }
    cand[nc++] = r;
  }
  if (nc > 0) { set_spt(ex, cand[0]); return 1; }
  return 0;
}

static void add_start(sp_extractor *ex, int64_t b) {
  if (ex->nstarts == ex->capstarts) {
    int64_t cap = ex->capstarts ? ex->capstarts * 2 : 1024;
    int64_t *v = realloc(ex->starts, (size_t)cap * sizeof *v);
    if (!v) { ex->failed = 1; return; }
    ex->starts = v; ex->capstarts = cap;
  }
  ex->starts[ex->nstarts++] = b;
}

/* The common case: the track at the cursor holds L LBNs like the last one. */
static int try_shortcut(sp_extractor *ex) {
  const int64_t S = ex->cursor;
  if (!ex->have_phase || !ex->head_on || ex->L <= 1 || ex->spt <= 0 || S + ex->L >= ex->end) return 0;
  double T1, phi_next;
  int32_t k = on_track(ex, S, ex->phi, ex->L - 1, &T1);
  if (k != 0 || !jump_after(ex, S + ex->L - 1, wrap(ex->phi + (double)(ex->L - 1) / ex->spt), T1, &phi_next)) {
    /* Measure the phase afresh; if the prediction was off (a bus that
     * finishes later than one sector after the media), learn the offset. */
    ex->check_corr = 1; ex->pred = ex->phi; ex->have_phase = 0;
    return 0;
  }
  add_start(ex, S + ex->L);
  ex->cursor = S + ex->L; ex->phi = phi_next; ex->have_phase = 1;
  ex->shortcuts++;
  return 1;
}

/* The general case: binary search for the last LBN on the cursor's track,
 * confirmed by the discontinuity after it. */
static void search(sp_extractor *ex) {
  const int64_t S = ex->cursor;
  int64_t A = S;                    /* anchor: an LBN known to be on S's track */
  double phi_a = ex->phi;
  int need_phase = !ex->have_phase, need_spt = ex->spt <= 0;
  int pitch_rechecked = 0;          /* the pitch re-measured after an end that did not hold up */
  ex->searches++;
  for (int tries = 0; tries < 12; tries++) {
    if (need_phase || !ex->head_on) {
      phi_a = find_phase(ex, A); need_phase = 0;
      if (ex->check_corr && A == S) {
        double dlt = wrap(phi_a - ex->pred + 0.5) - 0.5;
        if (fabs(dlt) < 0.1) ex->corr += dlt;
      }
      ex->check_corr = 0;
    }
    if (ex->jref == INFINITY && A + 1 < ex->end) {
      /* the 2-sector step inside a track (media or bus rate), once */
      double T1 = box_read(ex, A, 1, wrap(phi_a - MARGIN / (ex->spt > 0 ? ex->spt : 1000)), SP_PROBE_JUMP, NULL);
      double T2 = box_read(ex, A, 2, wrap(phi_a - MARGIN / (ex->spt > 0 ? ex->spt : 1000)), SP_PROBE_JUMP, NULL);
      ex->jref = T2 - T1;
      ex->head_on = 0;
    }
    if (need_spt) {
      if (!measure_spt(ex, A, phi_a)) { ex->failed = 1; sp__fail(ex->src, SP_E_STATE, "extract: could not measure the sector pitch at LBN %lld", (long long)A); return; }
      need_spt = 0; ex->head_on = 0;
    }
    /* lo: offset known on the track (with klo slips before it); hi: known off it */
    int64_t lo = 0, hi = ex->spt;
    if (A + hi > ex->end) hi = ex->end - A;
    double T1 = 0;
    while (hi - lo > 1) {
      int64_t mid = lo + (hi - lo) / 2;
      double T; int32_t k = on_track(ex, A, phi_a, mid, &T);
      if (k >= 0) lo = mid; else hi = mid;
    }
    if (A + hi >= ex->end) {          /* the track runs to the end of the region? */
      int32_t k = on_track(ex, A, phi_a, ex->end - 1 - A, NULL);
      if (k >= 0) { ex->cursor = ex->end; return; }
    }
    int32_t k = on_track(ex, A, phi_a, lo, &T1);     /* puts the head back, gives T1 */
    if (k < 0) {
      /* The end found does not hold up when read again: the binary search
       * ran on the last zone's pitch on a new zone's track, where predictions
       * drift a fraction of a sector per LBN and the end it settles on can lie
       * on the very edge of on_track's window (a zone whose first LBN sits at
       * an exact angle, as a restarted skew puts it, makes that edge exact:
       * rounding alone decides). A fresh phase alone repeats the same search;
       * re-measure the pitch too, once per search. */
      ex->anomalies++; need_phase = 1;
      if (!pitch_rechecked) { need_spt = 1; pitch_rechecked = 1; }
      continue;
    }
    /* the 2-sector read goes out at the same phase as T1's read */
    double phi_y = wrap(phi_a + (double)lo / ex->spt), phi_next;
    if (jump_after(ex, A + lo, phi_y, T1, &phi_next)) {
      int64_t B = A + lo + 1;
      add_start(ex, B);
      ex->L = (int32_t)(B - S);
      ex->cursor = B; ex->phi = phi_next; ex->have_phase = 1;
      return;
    }
    /* No discontinuity: more slips than the window allows, or a new zone's
     * pitch. First re-measure the pitch here, then move the anchor on. */
    ex->anomalies++;
    ex->head_on = 0;
    if (tries == 0) { need_spt = 1; continue; }
    A = A + lo + 1; need_phase = 1;
  }
  ex->failed = 1;
  sp__fail(ex->src, SP_E_STATE, "extract: no boundary found after LBN %lld", (long long)S);
}

/* The head switch at boundary b (b-1 the last LBN of the track before, whose
 * track starts at `start`): the skew in sectors (the sector pitch measured on
 * b-1's track), and the least lead before b's phase at which a read of b,
 * issued with the head on b-1's track, still catches b (a miss costs a
 * revolution more). A cylinder boundary measures the cylinder switch. */
#define SWITCH_ITER 22
static void switch_at(sp_extractor *ex, int64_t start, int64_t b, double *skew, double *switch_ms) {
  const int64_t k = b - 1 - start < 32 ? b - 1 - start : 32;
  const double phi_k = find_phase(ex, b - 1 - k);
  const double phi_b = find_phase(ex, b);
  const double phi_y = find_phase(ex, b - 1);            /* leaves the head on b-1's track */
  const double pitch = wrap(phi_y - phi_k) / (double)k;   /* revolutions per sector */
  *skew = wrap(phi_b - phi_y) / pitch - 1;
  /* reference: a lead of half a revolution catches b after any switch shorter than that */
  park(ex, b - 1);
  const double Tref = box_read(ex, b, 1, wrap(phi_b - 0.5), SP_PROBE_SWITCH, NULL) - 0.5 * ex->rev;
  double lo = 0, hi = 0.5;                                /* lo: misses, hi: catches */
  for (int i = 0; i < SWITCH_ITER; i++) {
    const double mid = 0.5 * (lo + hi);
    park(ex, b - 1);
    const double T = box_read(ex, b, 1, wrap(phi_b - mid), SP_PROBE_SWITCH, NULL) - mid * ex->rev;
    if (T - Tref < 0.5 * ex->rev) hi = mid; else lo = mid;
  }
  *switch_ms = hi * ex->rev;
  ex->head_on = 0;
}

/* Up to SWITCH_SAMPLES boundaries found so far: the head switch is the
 * shortest switch measured (a cylinder switch costs more); the skew is the
 * one seen most often (most boundaries are head switches), the smaller on a tie. */
#define SWITCH_SAMPLES 8
static void measure_switch(sp_extractor *ex) {
  double best = INFINITY, sk[SWITCH_SAMPLES];
  int n = 0;
  for (int64_t i = 0; i < ex->nstarts && n < SWITCH_SAMPLES; i++) {
    const int64_t start = i > 0 ? ex->starts[i - 1] : ex->first;
    if (ex->starts[i] - 1 <= start) continue;             /* the pitch needs two LBNs on the track before */
    double s, ms;
    switch_at(ex, start, ex->starts[i], &s, &ms);
    sk[n++] = floor(s + 0.5);
    if (ms < best) best = ms;
  }
  double mode = n ? sk[0] : NAN; int most = 0;
  for (int i = 0; i < n; i++) {
    int c = 0;
    for (int j = 0; j < n; j++) c += sk[j] == sk[i];
    if (c > most || (c == most && sk[i] < mode)) { most = c; mode = sk[i]; }
  }
  ex->switch_ms = best; ex->skew = mode; ex->switch_done = n > 0;
}

/* ======================= end of BLACK BOX ======================================== */

/* Lifetimes: an extractor reads its source sim only to report failures there,
 * and keeps its own copy of the disk. sp_free(source) detaches every live
 * extractor: sp_extract_step then returns SP_E_STATE (no use after free), the
 * report, boundaries and probes stay readable, and sp_extract_free still frees it. */
typedef struct live_list { sp_extractor *head; } live_list;   /* the sim's slot (ext.h) */

static void detach_all(sp_sim *sim, void *state) {
  (void)sim;
  live_list *live = state;
  for (sp_extractor *ex = live->head; ex;) {
    sp_extractor *n = ex->next;
    ex->src = NULL; ex->next = ex->prev = NULL;
    ex = n;
  }
  free(live);
}

static const ext_ops extractors_ext = { .free = detach_all };

/* The sim's list of live extractors, attached on first use (NULL: failed, message set). */
static live_list *live_of(sp_sim *sim) {
  live_list *live = ext_state(sim, &extractors_ext);
  if (live) return live;
  if (!(live = calloc(1, sizeof *live))) { sp__fail(sim, SP_E_NOMEM, "extract: out of memory"); return NULL; }
  if (ext_attach(sim, &extractors_ext, live) != SP_OK) { free(live); return NULL; }
  return live;
}

sp_extractor *sp_extract_new(sp_sim *sim, int32_t index, int64_t first_lbn, int64_t lbns) {
  disk *d = sp__disk(sim, index, 1);
  if (!d) return NULL;
  if (first_lbn < 0 || first_lbn >= d->capacity) {
    sp__fail(sim, SP_E_RANGE, "first_lbn: %lld is outside the disk (0..%lld)", (long long)first_lbn, (long long)d->capacity - 1);
    return NULL;
  }
  if (lbns < 0) { sp__fail(sim, SP_E_INVALID, "lbns: %lld must be >= 0", (long long)lbns); return NULL; }
  live_list *live = live_of(sim);
  if (!live) return NULL;
  sp_extractor *ex = calloc(1, sizeof *ex);
  if (!ex) { sp__fail(sim, SP_E_NOMEM, "extract: out of memory"); return NULL; }
  ex->src = sim;
  ex->next = live->head;                           /* sp_free(sim) detaches it (lifetimes) */
  if (ex->next) ex->next->prev = ex;
  live->head = ex;
  ex->first = first_lbn;
  ex->end = (lbns == 0 || lbns > d->capacity - first_lbn) ? d->capacity : first_lbn + lbns;
  ex->cursor = first_lbn;
  ex->jref = INFINITY;
  ex->log = malloc(LOG_CAP * sizeof *ex->log);
  ex->box = sp_new(1);
  int32_t bd = ex->box ? sp_disk_copy(ex->box, sim, index) : SP_E_NOMEM;
  if (!ex->log || bd != 0) {
    if (bd < 0 && ex->box) sp__fail(sim, bd, "extract: %s", sp_error(ex->box));
    else sp__fail(sim, SP_E_NOMEM, "extract: out of memory");
    sp_extract_free(ex);
    return NULL;
  }
  /* The drive as an extractor sets it up: read cache off (caching mode page),
   * writes not cached, one command at a time. */
  sp_disk_set(ex->box, 0, SP_DP_CACHE_SEGMENTS, 0);
  sp_disk_set(ex->box, 0, SP_DP_WRITE_CACHE, SP_WC_OFF);
  sp_disk_set(ex->box, 0, SP_DP_QUEUE_DEPTH, 1);
  ex->capacity = sp_disk_capacity(ex->box, 0);     /* READ CAPACITY */
  sp_output_configure(ex->box, 0, 16);
  return ex;
}

sp_status sp_extract_step(sp_extractor *ex, int32_t max_tracks) {
  if (!ex) return SP_E_INVALID;
  ex->nlog = 0;
  if (!ex->src) return SP_E_STATE;               /* the source sim was freed: nowhere to report */
  if (ex->failed) return SP_E_STATE;
  if (ex->done) return SP_OK;
  if (ex->rev <= 0) measure_rev(ex);
  for (int32_t i = 0; i < max_tracks && ex->cursor < ex->end && !ex->failed; i++) {
    if (!try_shortcut(ex)) search(ex);
  }
  if (ex->failed) return SP_E_STATE;
  if (ex->cursor >= ex->end) { ex->done = 1; return SP_OK; }
  return SP_MORE;
}

sp_status sp_extract_report_get(const sp_extractor *ex, sp_extract_report *out) {
  if (!ex || !out) return SP_E_INVALID;
  memset(out, 0, sizeof *out);
  out->first_lbn = ex->first; out->end_lbn = ex->end; out->cursor = ex->cursor;
  out->boundaries = ex->nstarts; out->requests = ex->requests;
  out->shortcuts = ex->shortcuts; out->searches = ex->searches; out->anomalies = ex->anomalies;
  out->sim_ms = ex->time_base + (ex->box ? ex->box->now : 0);
  out->rev_ms = ex->rev; out->done = ex->done; out->spt = ex->spt; out->failed = ex->failed;
  return SP_OK;
}

sp_status sp_extract_switch(sp_extractor *ex, double *head_switch_ms, double *skew_sectors) {
  if (!ex) return SP_E_INVALID;
  if (!ex->src) return SP_E_STATE;               /* detached: nowhere to report */
  if (!head_switch_ms || !skew_sectors)
    return sp__fail(ex->src, SP_E_INVALID, "sp_extract_switch: head_switch_ms or skew_sectors is NULL");
  if (!ex->switch_done) {
    if (ex->failed || ex->rev <= 0 || ex->nstarts < 1 || ex->starts[0] - 1 <= ex->first)
      return sp__fail(ex->src, SP_E_STATE, "sp_extract_switch: no track boundary found yet (call sp_extract_step first)");
    ex->nlog = 0;
    measure_switch(ex);
    if (!ex->switch_done) return sp__fail(ex->src, SP_E_STATE, "sp_extract_switch: no boundary to measure");
  }
  *head_switch_ms = ex->switch_ms; *skew_sectors = ex->skew;
  return SP_OK;
}

const int64_t *sp_extract_boundaries(const sp_extractor *ex) { return ex ? ex->starts : NULL; }
int64_t sp_extract_boundary_count(const sp_extractor *ex) { return ex ? ex->nstarts : 0; }
const sp_probe *sp_extract_probes(const sp_extractor *ex) { return ex ? ex->log : NULL; }
int32_t sp_extract_probe_count(const sp_extractor *ex) { return ex ? ex->nlog : 0; }

void sp_extract_free(sp_extractor *ex) {
  if (!ex) return;
  if (ex->src) {                                   /* unlink from the source sim's list */
    if (ex->prev) ex->prev->next = ex->next;
    else ((live_list *)ext_state(ex->src, &extractors_ext))->head = ex->next;
    if (ex->next) ex->next->prev = ex->prev;
  }
  sp_free(ex->box);
  free(ex->starts); free(ex->log);
  free(ex);
}
