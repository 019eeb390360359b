/*
 * reorg_place.c — the placement policies (see reorg_place.h). Each policy is
 * an order of the files (one sort on a three-part key, plus the chains of
 * SEQUENCES) followed by packing that order into the region; CENTRE packs
 * its organ pipe around the region's middle, the others from region_first.
 */
#include "reorg_place.h"
#include <math.h>
#include <stdlib.h>

/* A sort key: a, then b, then the file index (distinct, so the order is total). */
typedef struct rkey { double a; int64_t b; int32_t i, pad; } rkey;

static int by_key(const void *x, const void *y) {
  const rkey *p = x, *q = y;
  if (p->a != q->a) return p->a < q->a ? -1 : 1;
  if (p->b != q->b) return p->b < q->b ? -1 : 1;
  return (p->i > q->i) - (p->i < q->i);
}

/* Sorts k[0..m) and writes the file indices in that order to out. */
static void sort_into(rkey *k, int32_t m, int32_t *out) {
  qsort(k, (size_t)m, sizeof *k, by_key);
  for (int32_t j = 0; j < m; j++) out[j] = k[j].i;
}

static void pack(const place_file *f, const int32_t *order, int32_t n, int64_t first, int64_t *goal) {
  for (int32_t j = 0; j < n; j++) { goal[order[j]] = first; first += f[order[j]].blocks; }
}

/* CENTRE: order = rank (count descending; never opened: by block). The
 * first file opens the pipe; each next one goes to the side holding fewer
 * blocks (right on a tie). In buf the right side grows up from 0 and the
 * left side down from n-1, so the pipe read left to right is buf[r..n) then
 * buf[0..r). */
static void centre(const place_file *f, const int32_t *rank, int32_t n, int64_t total,
                   int64_t first, int64_t blocks, int32_t *buf, int64_t *goal) {
  int32_t r = 0, l = n - 1;
  int64_t right = 0, left = 0;
  buf[r++] = rank[0];
  for (int32_t j = 1; j < n; j++) {
    const int32_t i = rank[j];
    if (right <= left) { buf[r++] = i; right += f[i].blocks; }
    else { buf[l--] = i; left += f[i].blocks; }
  }
  int64_t start = first + blocks / 2 - f[rank[0]].blocks / 2 - left;   /* hottest centred */
  if (start > first + blocks - total) start = first + blocks - total;
  if (start < first) start = first;
  pack(f, buf + r, n - r, start, goal);
  pack(f, buf, r, start + left, goal);
}

/* SEQUENCES: the files with a predecessor, grouped by it (CSR: the kids of p
 * are kid[off[p] .. off[p+1]), most times first; cur[p] walks past the ones
 * placed, so each kid is passed once), then greedy chains. A file that is
 * its own predecessor is placed by the time it could follow itself. */
static void sequences(const place_file *f, const int32_t *starts, int32_t n, rkey *k,
                      int32_t *kid, int32_t *off, int32_t *cur, int32_t *placed, int32_t *out) {
  int32_t m = 0, o = 0;
  for (int32_t i = 0; i < n; i++)
    if (f[i].pred >= 0) k[m++] = (rkey){ (double)f[i].pred, -(int64_t)f[i].pred_times, i, 0 };
  sort_into(k, m, kid);
  for (int32_t p = 0, j = 0; p <= n; p++) {        /* off[p]: first kid whose pred >= p */
    while (j < m && f[kid[j]].pred < p) j++;
    off[p] = j;
    if (p < n) cur[p] = j;
  }
  for (int32_t s = 0; s < n; s++) {
    int32_t x = starts[s];
    if (placed[x]) continue;
    for (;;) {
      placed[x] = 1; out[o++] = x;
      while (cur[x] < off[x + 1] && placed[kid[cur[x]]]) cur[x]++;
      if (cur[x] == off[x + 1]) break;
      x = kid[cur[x]];
    }
  }
}

static sp_status check_args(int32_t policy, const place_file *f, int32_t n,
                            int64_t first, int64_t blocks, const int64_t *goal, int64_t *total) {
  if (policy < 0 || policy >= REORG_POLICY_COUNT || n < 0 || first < 0 || blocks < 0) return SP_E_INVALID;
  if (n > 0 && (!f || !goal)) return SP_E_INVALID;
  *total = 0;
  for (int32_t i = 0; i < n; i++) {
    if (f[i].block < 0 || f[i].blocks < 1 || f[i].count < 0 || f[i].pred_times < 0 ||
        f[i].pred < -1 || f[i].pred >= n || isnan(f[i].mtime_ms)) return SP_E_INVALID;
    *total += f[i].blocks;
  }
  return SP_OK;
}

sp_status reorg_place(int32_t policy, const place_file *f, int32_t n,
                      int64_t first, int64_t blocks, int64_t *goal) {
  int64_t total;
  const sp_status st = check_args(policy, f, n, first, blocks, goal, &total);
  if (st != SP_OK) return st;
  if (policy == REORG_POLICY_NONE) { for (int32_t i = 0; i < n; i++) goal[i] = f[i].block; return SP_OK; }
  if (total > blocks) return SP_E_RANGE;
  if (n == 0) return SP_OK;
  rkey *k = malloc((size_t)n * sizeof *k);
  int32_t *order = malloc((size_t)n * sizeof *order), *buf = calloc((size_t)n * 5 + 1, sizeof *buf);
  if (!k || !order || !buf) { free(k); free(order); free(buf); return SP_E_NOMEM; }
  for (int32_t i = 0; i < n; i++) {
    const place_file *p = &f[i];
    switch (policy) {
    case REORG_POLICY_CENTRE: k[i] = (rkey){ -(double)p->count, p->count ? 0 : p->block, i, 0 }; break;
    case REORG_POLICY_COMPRESS: k[i] = (rkey){ 0, p->block, i, 0 }; break;
    case REORG_POLICY_SEQUENCES: k[i] = (rkey){ -(double)p->count, 0, i, 0 }; break;
    default: k[i] = (rkey){ p->mtime_ms, p->block, i, 0 }; break;          /* MTIME */
    }
  }
  sort_into(k, n, order);
  if (policy == REORG_POLICY_CENTRE) centre(f, order, n, total, first, blocks, buf, goal);
  else if (policy == REORG_POLICY_SEQUENCES) {
    int32_t *chain = buf + 4 * n + 1;     /* buf: kid[n], off[n+1], cur[n], placed[n], chain[n] */
    sequences(f, order, n, k, buf, buf + n, buf + 2 * n + 1, buf + 3 * n + 1, chain);
    pack(f, chain, n, first, goal);
  } else pack(f, order, n, first, goal);
  free(k); free(order); free(buf);
  return SP_OK;
}

void reorg_region(int64_t data_blocks, double slack, int64_t partition_blocks,
                  int64_t *region_first, int64_t *region_blocks) {
  if (!(slack >= 1)) slack = 1;
  if (data_blocks < 0) data_blocks = 0;
  if (partition_blocks < 0) partition_blocks = 0;
  /* rounded up, but 100 x 1.1 is 110, not the 111 its binary rounding would give */
  const double x = (double)data_blocks * slack, want = fmax(ceil(x - 1e-9 * x), (double)data_blocks);
  const int64_t b = want >= (double)partition_blocks ? partition_blocks : (int64_t)want;
  *region_first = (partition_blocks - b) / 2;
  *region_blocks = b;
}
