/*
 * policy_quadrangle.c — Atropos quadrangles over p devices (Schindler et al.,
 * FAST 2004; spindle.h "Quadrangle volumes" gives the mapping): track-sized
 * stripe units, quadrangles of d tracks, VLBNs of b sectors rotated modulo N
 * so that a column's blocks form a diagonal that crosses the track skew, the
 * semi-sequential split, both forms of the one-revolution constraint and the
 * exact per-quadrangle check from the engine's slot angles and switch times.
 */
#include "policy.h"
#include "quadrangle.h"
#include "disk.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct quad_state {
  int32_t N, H, H_eff, b, w, d, R, zone, slots;
  int32_t D, D_lin, b_max, b_max_lin;
  int32_t nrows, Q;
  int32_t *rows;               /* usable tracks in LBN order (the same indexes on every device) */
  int64_t vlbns;
  int32_t info_ready;
  sp_volume_info info;
} quad_state;

static void quad_free(void *state) {
  quad_state *q = state;
  if (!q) return;
  free(q->rows);
  free(q);
}

/* The committed quadrangle layout (NULL: the volume is not one). */
static quad_state *quad_of(const host *h) { return h->ops == &policy_quadrangle ? h->state : NULL; }

int32_t quad_shape(const host *h, int32_t *w, int32_t *d) {
  const quad_state *q = quad_of(h);
  if (!q) return 0;
  if (w) *w = q->w;
  if (d) *d = q->d;
  return 1;
}

/* Is every LBN of track t (N of them, no slips) at home on it? */
static int track_usable(const disk *dk, int32_t t, int32_t N) {
  const track_rec *tr = &dk->tracks[t];
  if (tr->first_lbn < 0 || tr->lbn_count != N || tr->slip_count != 0) return 0;
  int32_t lo = 0, hi = dk->nremaps;            /* first remap with lbn >= first_lbn */
  while (lo < hi) { int32_t m = (lo + hi) / 2; if (dk->remaps[m].lbn < tr->first_lbn) lo = m + 1; else hi = m; }
  return lo >= dk->nremaps || dk->remaps[lo].lbn >= tr->first_lbn + N;
}

typedef struct row_key { int64_t lbn; int32_t track, pad; } row_key;
static int by_lbn(const void *a, const void *b) {
  int64_t x = ((const row_key *)a)->lbn, y = ((const row_key *)b)->lbn;
  return x < y ? -1 : x > y;
}

static int32_t zone_n(const disk *dk, const zone *z) {
  int32_t n = 0;
  for (int32_t t = z->first_cyl * dk->surfaces; t < (z->last_cyl + 1) * dk->surfaces; t++)
    if (dk->tracks[t].lbn_count > n) n = dk->tracks[t].lbn_count;
  return n;
}

static sp_status quad_commit(sp_sim *sim, host *h) {
  const int32_t p = h->count;
  const disk *a = sim->disks[h->first];
  int32_t zi = (int32_t)h->p[SP_HP_ZONE];
  if (zi < 0)
    for (zi = 0; zi < a->nzones - 1 && zone_n(a, &a->zones[zi]) == 0; zi++) {}
  if (zi >= a->nzones)
    return sp__fail(sim, SP_E_RANGE, "host.zone: %d, but disk %d has %d zone%s", zi, h->first, a->nzones,
                    a->nzones == 1 ? "" : "s");
  const zone *z = &a->zones[zi];
  const int32_t N = zone_n(a, z);
  for (int32_t k = 1; k < p; k++) {
    const disk *o = sim->disks[h->first + k];
    if (zi >= o->nzones || zone_n(o, &o->zones[zi]) != N || o->zones[zi].spt != z->spt ||
        o->zones[zi].first_cyl != z->first_cyl || o->zones[zi].last_cyl != z->last_cyl || o->surfaces != a->surfaces)
      return sp__fail(sim, SP_E_INVALID, "host.zone: disk %d's zone %d differs from disk %d's (quadrangles need "
                      "the same tracks and sectors per track on every device)", h->first + k, zi, h->first);
  }
  const int32_t b = (int32_t)h->p[SP_HP_BLOCK_SECTORS];
  if (N < 1 || b > N)
    return sp__fail(sim, SP_E_INVALID, "host.block_sectors: %d is more than the %d sectors of a track in zone %d",
                    b, N, zi);
  const int32_t zt0 = z->first_cyl * a->surfaces, ztn = (z->last_cyl - z->first_cyl + 1) * a->surfaces;
  const int32_t ft = (int32_t)h->p[SP_HP_FIRST_TRACK];
  if (ft >= ztn)
    return sp__fail(sim, SP_E_RANGE, "host.first_track: %d, but zone %d has %d tracks", ft, zi, ztn);
  int32_t nt = (int32_t)h->p[SP_HP_TRACKS];
  if (nt == 0 || nt > ztn - ft) nt = ztn - ft;
  quad_state *q = calloc(1, sizeof *q);
  if (!q || !(q->rows = malloc((size_t)nt * sizeof *q->rows))) {
    quad_free(q);
    return sp__fail(sim, SP_E_NOMEM, "host: out of memory");
  }
  for (int32_t t = zt0 + ft; t < zt0 + ft + nt; t++) {
    int ok = 1;
    for (int32_t k = 0; k < p && ok; k++) ok = track_usable(sim->disks[h->first + k], t, N);
    if (ok) q->rows[q->nrows++] = t;
  }
  row_key *keys = malloc((size_t)(q->nrows ? q->nrows : 1) * sizeof *keys);
  if (!keys) { quad_free(q); return sp__fail(sim, SP_E_NOMEM, "host: out of memory"); }
  for (int32_t r = 0; r < q->nrows; r++) keys[r] = (row_key){ a->tracks[q->rows[r]].first_lbn, q->rows[r], 0 };
  qsort(keys, (size_t)q->nrows, sizeof *keys, by_lbn);
  for (int32_t r = 0; r < q->nrows; r++) q->rows[r] = keys[r].track;
  free(keys);
  q->N = N; q->b = b; q->w = N / b; q->R = N - q->w * b; q->zone = zi; q->slots = z->spt;
  q->H = z->track_skew;
  q->H_eff = a->surfaces == 1 ? z->cyl_skew : (z->cyl_skew > z->track_skew ? z->cyl_skew : z->track_skew);
  q->D = N / (b + q->H_eff);
  q->D_lin = (N + q->H_eff) / (b + q->H_eff);
  int32_t d = (int32_t)h->p[SP_HP_DEPTH];
  if (d == 0) d = q->D < 1 ? 1 : q->D > SP_MAX_QUAD_DEPTH ? SP_MAX_QUAD_DEPTH : q->D;
  q->d = d;
  q->b_max = N / d - q->H_eff;
  q->b_max_lin = (N + q->H_eff) / d - q->H_eff;
  q->Q = q->nrows / d;
  if (q->Q == 0) {
    int32_t have = q->nrows;
    quad_free(q);
    return sp__fail(sim, SP_E_INVALID, "host.tracks: %d usable track%s in zone %d from track %d, fewer than the "
                    "depth d = %d", have, have == 1 ? "" : "s", zi, ft, d);
  }
  q->nrows = q->Q * d;
  q->vlbns = (int64_t)p * q->nrows * q->w;
  h->state = q;
  h->capacity = q->vlbns * b;
  return SP_OK;
}

typedef struct qpos { int64_t v, u; int32_t off, j, dev, i; int64_t r, q; } qpos;

static qpos locate(const host *h, int64_t s) {
  const quad_state *q = quad_of(h);
  qpos x;
  x.v = s / q->b; x.off = (int32_t)(s % q->b);
  x.u = x.v / q->w; x.j = (int32_t)(x.v % q->w);
  x.dev = (int32_t)(x.u % h->count); x.r = x.u / h->count;
  x.q = x.r / q->d; x.i = (int32_t)(x.r % q->d);
  return x;
}

static int64_t row_first(const sp_sim *sim, const host *h, int32_t dev, int64_t r) {
  return sim->disks[h->first + dev]->tracks[quad_of(h)->rows[r]].first_lbn;
}

/* Offset in the track of column j's block on row i (rotated modulo N). */
static int32_t col_offset(const quad_state *q, int32_t i, int32_t j) {
  return (int32_t)(((int64_t)(i + j) * q->b) % q->N);
}

static void quad_map(const sp_sim *sim, const host *h, int64_t vlbn, int32_t *device, int64_t *lbn) {
  qpos x = locate(h, vlbn);
  const quad_state *q = quad_of(h);
  *device = h->first + x.dev;
  *lbn = row_first(sim, h, x.dev, x.r) + (col_offset(q, x.i, x.j) + x.off) % q->N;
}

static void quad_unit(const sp_sim *sim, const host *h, int64_t vlbn, int64_t *first, int64_t *count) {
  (void)sim;
  qpos x = locate(h, vlbn);
  const int64_t row = (int64_t)quad_of(h)->w * quad_of(h)->b;
  *first = x.u * row; *count = row;
}

/* Appends a device extent, merging it with the device's last piece when they touch. */
static int32_t add_piece(host_piece *out, int32_t k, int32_t max, int32_t device, int64_t lbn, int64_t n,
                         int merge) {
  if (merge)
    for (int32_t i = k - 1; i >= 0; i--)
      if (out[i].device == device) {
        if (out[i].lbn + out[i].sectors == lbn && out[i].sectors + n <= INT32_MAX) {
          out[i].sectors += (int32_t)n;
          return k;
        }
        break;
      }
  if (k >= max) return -1;
  out[k].device = device; out[k].lbn = lbn; out[k].sectors = (int32_t)n;
  return k + 1;
}

/* The extents of row segment [o, o+len) of a track (rotated: may wrap past its end). */
static int32_t add_rotated(host_piece *out, int32_t k, int32_t max, int32_t device, int64_t first, int32_t N,
                           int32_t o, int64_t len, int merge) {
  if (o + len <= N) return add_piece(out, k, max, device, first + o, len, merge);
  k = add_piece(out, k, max, device, first + o, N - o, merge);
  return k < 0 ? k : add_piece(out, k, max, device, first, o + len - N, merge);
}

static int32_t quad_split(const sp_sim *sim, const host *h, int64_t vlbn, int64_t n, host_piece *out,
                          int32_t max) {
  const quad_state *q = quad_of(h);
  const int64_t rowlen = (int64_t)q->w * q->b, end = vlbn + n;
  int32_t k = 0;
  for (int64_t s = vlbn; s < end && k >= 0;) {
    qpos x = locate(h, s);
    const int64_t r0 = x.u * rowlen, r1 = r0 + rowlen, e = end < r1 ? end : r1;
    const int64_t first = row_first(sim, h, x.dev, x.r);
    if (s == r0 && e == r1)                  /* a whole row: the whole track */
      k = add_piece(out, k, max, h->first + x.dev, first, q->N, 1);
    else
      k = add_rotated(out, k, max, h->first + x.dev, first, q->N, (col_offset(q, x.i, x.j) + x.off) % q->N, e - s, 1);
    s = e;
  }
  return k;
}

static int32_t quad_semiseq(const sp_sim *sim, const host *h, int64_t vlbn, int64_t n, host_piece *out,
                            int32_t max) {
  const quad_state *q = quad_of(h);
  const int64_t stride = (int64_t)h->count * q->w * q->b;
  if (n < q->b || vlbn + (n / q->b - 1) * stride + q->b > h->capacity) return -2;
  int32_t k = 0;
  for (int64_t c = 0; c < n / q->b && k >= 0; c++) {
    qpos x = locate(h, vlbn + c * stride);
    k = add_rotated(out, k, max, h->first + x.dev, row_first(sim, h, x.dev, x.r), q->N,
                    col_offset(q, x.i, x.j), q->b, 0);
  }
  return k;
}

const policy_ops policy_quadrangle = {
  .name = "quadrangle",
  .commit = quad_commit,
  .map = quad_map,
  .unit = quad_unit,
  .split = quad_split,
  .semiseq = quad_semiseq,
  .free_state = quad_free,
};

/* ---- the exact one-revolution check ------------------------------------------------ */

/* The engine's first positioning move between two tracks, for a read (mech.c). */
static double move_ms(const disk *dk, int32_t ta, int32_t tb) {
  if (ta == tb) return 0;
  const int32_t ca = ta / dk->surfaces, cb = tb / dk->surfaces;
  const double hs = dk->p[SP_DP_HEAD_SWITCH_MS];
  if (ca == cb) return hs;
  double m = mech_seek(dk, abs(cb - ca));
  if (ta % dk->surfaces != tb % dk->surfaces && m < hs) m = hs;
  return m;
}

/* Fraction of a revolution forward from angle x to angle y, in [0, 1). */
static double fwd(double x, double y) {
  double g = y - x;
  g -= floor(g);
  return g > 1 - SP_ANGLE_EPS ? 0 : g;
}

/* Slacks (revolutions) of column j of the quadrangle whose rows are tracks tr[0..d-1] on disk dk. */
static void check_column(const disk *dk, const quad_state *q, const int32_t *tr, int32_t j, double *cyc,
                         double *lin) {
  const double rev = dk->rev_ms;
  double total = 0, start0 = 0, end = 0;
  int32_t prev = -1;
  for (int32_t i = 0; i < q->d; i++) {
    const int32_t o = col_offset(q, i, j);
    const track_rec *t = &dk->tracks[tr[i]];
    const int32_t spt = dk->zones[t->zone].spt;
    for (int32_t part = 0; part < 2; part++) {
      int32_t at = part == 0 ? o : 0;
      int32_t len = part == 0 ? (o + q->b <= q->N ? q->b : q->N - o) : o + q->b - q->N;
      if (len <= 0) break;
      const double a = layout_slot_angle(dk, tr[i], layout_slot_of(dk, t, at));
      if (prev < 0) start0 = a;
      else {
        const double gap = fwd(end, a), mv = move_ms(dk, prev, tr[i]) / rev;
        total += mv <= gap + SP_ANGLE_EPS ? gap : gap + 1;
      }
      total += (double)len / spt;
      end = a + (double)len / spt;
      prev = tr[i];
    }
  }
  *lin = 1 - total;
  *cyc = 1 - total - move_ms(dk, prev, tr[0]) / rev;
  (void)start0;
}

/* Worst slacks (sectors) over every column of quadrangle qi of device dev. */
static void check_quadrangle(const sp_sim *sim, const host *h, int32_t dev, int64_t qi, double *cyc, double *lin,
                             int32_t *failing) {
  const quad_state *q = quad_of(h);
  const disk *dk = sim->disks[h->first + dev];
  const int32_t *tr = q->rows + qi * q->d;
  double c = INFINITY, l = INFINITY;
  int32_t f = 0;
  for (int32_t j = 0; j < q->w; j++) {
    double cj, lj;
    check_column(dk, q, tr, j, &cj, &lj);
    if (cj < -1e-9) f++;
    if (cj < c) c = cj;
    if (lj < l) l = lj;
  }
  *cyc = c * q->slots; *lin = l * q->slots; *failing = f;
}

/* ---- public queries ---------------------------------------------------------------- */

static sp_status need_quad(sp_sim *sim, const char *fn) {
  if (!sim) return SP_E_INVALID;
  sp_status st = host_need(sim);
  if (st != SP_OK) return st;
  if (!quad_of(&sim->host))
    return sp__fail(sim, SP_E_STATE, "%s: the volume's policy is %s, not quadrangle", fn, sim->host.ops->name);
  return SP_OK;
}

static sp_status need_vlbn(sp_sim *sim, int64_t vlbn, const char *fn) {
  sp_status st = need_quad(sim, fn);
  if (st != SP_OK) return st;
  if (vlbn < 0 || vlbn >= sim->host.capacity)
    return sp__fail(sim, SP_E_RANGE, "%s: vlbn %lld is outside the volume (0..%lld)", fn, (long long)vlbn,
                    (long long)sim->host.capacity - 1);
  return SP_OK;
}

sp_status sp_volume_info_get(sp_sim *sim, sp_volume_info *out) {
  sp_status st = need_quad(sim, "sp_volume_info_get");
  if (st != SP_OK) return st;
  if (!out) return sp__fail(sim, SP_E_INVALID, "sp_volume_info_get: out is NULL");
  const host *h = &sim->host;
  quad_state *q = quad_of(h);
  if (!q->info_ready) {
    sp_volume_info *in = &q->info;
    memset(in, 0, sizeof *in);
    in->policy = SP_POLICY_QUADRANGLE; in->p = h->count;
    in->N = q->N; in->H = q->H; in->H_eff = q->H_eff; in->b = q->b; in->w = q->w; in->d = q->d;
    in->residual = q->R; in->D = q->D; in->D_linear = q->D_lin; in->b_max = q->b_max;
    in->b_max_linear = q->b_max_lin; in->zone = q->zone; in->first_track = q->rows[0];
    in->rows = q->nrows; in->quadrangles = q->Q; in->vlbns = q->vlbns;
    const disk *a = sim->disks[h->first];
    in->switch_sectors = a->p[SP_DP_HEAD_SWITCH_MS] / a->rev_ms * q->slots;
    /* Quadrangles on consecutive tracks starting on the same surface of one
     * device are alike (same skews, same moves): check one of each. */
    const int32_t S = a->surfaces;
    double *memo = malloc((size_t)h->count * (size_t)S * 3 * sizeof *memo);
    if (!memo) return sp__fail(sim, SP_E_NOMEM, "sp_volume_info_get: out of memory");
    for (int32_t k = 0; k < h->count * S; k++) memo[3 * k] = NAN;
    double c = INFINITY, l = INFINITY;
    int64_t failing = 0;
    for (int32_t dev = 0; dev < h->count; dev++)
      for (int64_t qi = 0; qi < q->Q; qi++) {
        const int32_t *tr = q->rows + qi * q->d;
        int consecutive = 1;
        for (int32_t i = 1; i < q->d && consecutive; i++) consecutive = tr[i] == tr[i - 1] + 1;
        double cq, lq; int32_t fq;
        double *m = consecutive ? memo + 3 * ((size_t)dev * S + (size_t)(tr[0] % S)) : NULL;
        if (m && !isnan(m[0])) { cq = m[0]; lq = m[1]; fq = (int32_t)m[2]; }
        else {
          check_quadrangle(sim, h, dev, qi, &cq, &lq, &fq);
          if (m) { m[0] = cq; m[1] = lq; m[2] = fq; }
        }
        if (cq < c) c = cq;
        if (lq < l) l = lq;
        failing += fq;
      }
    free(memo);
    in->slack_sectors = c; in->slack_linear_sectors = l;
    in->failing = failing > INT32_MAX ? INT32_MAX : (int32_t)failing;
    in->cyclic_ok = c >= -1e-6; in->linear_ok = l >= -1e-6;
    q->info_ready = 1;
  }
  *out = q->info;
  return SP_OK;
}

sp_status sp_volume_slack(sp_sim *sim, int64_t vlbn, double *cyclic_sectors, double *linear_sectors) {
  sp_status st = need_vlbn(sim, vlbn, "sp_volume_slack");
  if (st != SP_OK) return st;
  const host *h = &sim->host;
  qpos x = locate(h, vlbn);
  double c, l;
  check_column(sim->disks[h->first + x.dev], quad_of(h), quad_of(h)->rows + x.q * quad_of(h)->d, x.j, &c, &l);
  if (cyclic_sectors) *cyclic_sectors = c * quad_of(h)->slots;
  if (linear_sectors) *linear_sectors = l * quad_of(h)->slots;
  return SP_OK;
}

int32_t sp_volume_rectangle(sp_sim *sim, int64_t vlbn, int64_t *out, int32_t max) {
  sp_status st = need_vlbn(sim, vlbn, "sp_volume_rectangle");
  if (st != SP_OK) return st;
  if (!out && max > 0) return sp__fail(sim, SP_E_INVALID, "sp_volume_rectangle: out is NULL");
  const host *h = &sim->host;
  const quad_state *q = quad_of(h);
  qpos x = locate(h, vlbn);
  for (int32_t i = 0; i < q->d && i < max; i++) {
    const int64_t u = (x.q * q->d + i) * h->count + x.dev;
    out[i] = (u * q->w + x.j) * q->b;
  }
  return q->d;
}

sp_status sp_volume_unmap(sp_sim *sim, int32_t device, int64_t lbn, int64_t *vlbn) {
  sp_status st = need_quad(sim, "sp_volume_unmap");
  if (st != SP_OK) return st;
  const host *h = &sim->host;
  const quad_state *q = quad_of(h);
  if (!vlbn) return sp__fail(sim, SP_E_INVALID, "sp_volume_unmap: vlbn is NULL");
  if (device < h->first || device >= h->first + h->count)
    return sp__fail(sim, SP_E_RANGE, "sp_volume_unmap: device %d is not in the volume (%d..%d)", device, h->first,
                    h->first + h->count - 1);
  const disk *dk = sim->disks[device];
  if (lbn < 0 || lbn >= dk->capacity)
    return sp__fail(sim, SP_E_RANGE, "sp_volume_unmap: lbn %lld is outside disk %d", (long long)lbn, device);
  const int32_t t = layout_track_of(dk, lbn);
  const int64_t f = dk->tracks[t].first_lbn;
  int32_t lo = 0, hi = q->nrows;               /* rows are in LBN order */
  while (lo < hi) { int32_t m = (lo + hi) / 2; if (dk->tracks[q->rows[m]].first_lbn < f) lo = m + 1; else hi = m; }
  if (lo >= q->nrows || q->rows[lo] != t)
    return sp__fail(sim, SP_E_RANGE, "sp_volume_unmap: lbn %lld of disk %d is on a track the volume does not use",
                    (long long)lbn, device);
  const int32_t i = lo % q->d;
  int64_t rel = ((lbn - f) - (int64_t)i * q->b) % q->N;
  if (rel < 0) rel += q->N;
  if (rel >= (int64_t)q->w * q->b)
    return sp__fail(sim, SP_E_RANGE, "sp_volume_unmap: lbn %lld of disk %d is a residual sector", (long long)lbn,
                    device);
  const int64_t u = (int64_t)lo * h->count + (device - h->first);
  *vlbn = (u * q->w + rel / q->b) * q->b + rel % q->b;
  return SP_OK;
}
