/*
 * webbench.c — the WebBench-like file set and request draws (webbench.h).
 */
#include "webbench.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Marsaglia's polar method: only log and sqrt (no cosine, whose last bit may differ between
 * libms), so native and wasm draw the same sizes. One value per accepted pair. */
static double normal(sp_sim *sim) {
  double u, v, s;
  do {
    u = 2.0 * wl_uniform(sim, SP_RS_FS) - 1.0;
    v = 2.0 * wl_uniform(sim, SP_RS_FS) - 1.0;
    s = u * u + v * v;
  } while (s >= 1.0 || s == 0.0);
  return u * sqrt(-2.0 * log(s) / s);
}

static int64_t clip_size(double mu, double sigma, double z, double lo, double hi) {
  double s = exp(mu + sigma * z);
  if (!(s >= lo)) s = lo;                      /* also NaN */
  if (s > hi) s = hi;
  return (int64_t)llround(s);
}

static int64_t total(const double *z, int32_t n, double mu, double sigma, double lo, double hi) {
  int64_t t = 0;
  for (int32_t i = 0; i < n; i++) t += clip_size(mu, sigma, z[i], lo, hi);
  return t;
}

sp_status wb_build(wb *w, sp_sim *sim) {
  double p[SP_FSP_COUNT];
  for (int32_t k = 0; k < SP_FSP_COUNT; k++) p[k] = sp_fs_get(sim, (sp_fs_param)k);
  memset(w, 0, sizeof *w);
  w->fpc = (int32_t)p[SP_FSP_FILES_PER_COPY]; w->copies = (int32_t)p[SP_FSP_COPIES];
  w->classes = (int32_t)p[SP_FSP_CLASSES]; w->max_depth = (int32_t)p[SP_FSP_MAX_DEPTH];
  const int32_t n = w->fpc, files = n * w->copies;
  double lo = p[SP_FSP_MIN_BYTES], hi = p[SP_FSP_MAX_BYTES];
  if (hi < lo) hi = lo;
  const double sigma = p[SP_FSP_SIZE_SIGMA], want = p[SP_FSP_COPY_MB] * 1048576.0;
  double *z = malloc((size_t)n * sizeof *z);
  w->size = malloc((size_t)n * sizeof *w->size);
  w->cls = malloc((size_t)n * sizeof *w->cls);
  w->depth = malloc((size_t)n * sizeof *w->depth);
  w->by_class = malloc((size_t)n * sizeof *w->by_class);
  w->class_start = calloc((size_t)w->classes + 1, sizeof *w->class_start);
  w->cdf = malloc((size_t)w->classes * sizeof *w->cdf);
  w->mtime = malloc((size_t)files * sizeof *w->mtime);
  if (!z || !w->size || !w->cls || !w->depth || !w->by_class || !w->class_start || !w->cdf || !w->mtime) {
    free(z); wb_free(w); return SP_E_NOMEM;
  }
  for (int32_t i = 0; i < n; i++) {
    z[i] = normal(sim);
    w->cls[i] = (int32_t)(wl_uniform(sim, SP_RS_FS) * w->classes);
    w->depth[i] = 1 + (int32_t)(wl_uniform(sim, SP_RS_FS) * w->max_depth);
  }
  for (int32_t i = 0; i < files; i++) w->mtime[i] = -wl_uniform(sim, SP_RS_FS) * 365.0 * 86400e3;
  /* The median exp(mu) that makes one copy hold `want` bytes (clipping included): the
   * total grows with mu, so bisection finds it (or the nearest end when out of reach). */
  double a = log(lo) - 10.0 * sigma - 1.0, b = log(hi) + 10.0 * sigma + 1.0;
  for (int it = 0; it < 100; it++) {
    const double m = 0.5 * (a + b);
    if ((double)total(z, n, m, sigma, lo, hi) < want) a = m; else b = m;
  }
  for (int32_t i = 0; i < n; i++) { w->size[i] = clip_size(b, sigma, z[i], lo, hi); w->copy_bytes += w->size[i]; }
  free(z);
  for (int32_t i = 0; i < n; i++) w->class_start[w->cls[i] + 1]++;
  for (int32_t k = 0; k < w->classes; k++) w->class_start[k + 1] += w->class_start[k];
  int32_t *fill = calloc((size_t)w->classes, sizeof *fill);
  if (!fill) { wb_free(w); return SP_E_NOMEM; }
  for (int32_t i = 0; i < n; i++) w->by_class[w->class_start[w->cls[i]] + fill[w->cls[i]]++] = i;
  free(fill);
  double sum = 0;
  for (int32_t k = 0; k < w->classes; k++) {
    const int has = w->class_start[k + 1] > w->class_start[k];
    sum += has ? pow(k + 1.0, -p[SP_FSP_ZIPF]) : 0.0;
    w->cdf[k] = sum;
  }
  for (int32_t k = 0; k < w->classes; k++) w->cdf[k] /= sum;
  return SP_OK;
}

void wb_free(wb *w) {
  free(w->size); free(w->cls); free(w->depth); free(w->by_class); free(w->class_start); free(w->cdf); free(w->mtime);
  memset(w, 0, sizeof *w);
}

int32_t wb_files(const wb *w) { return w->fpc * w->copies; }
int32_t wb_dirs(const wb *w) { return w->copies * w->classes * w->max_depth; }
int64_t wb_bytes(const wb *w, int32_t file) { return w->size[file % w->fpc]; }
int32_t wb_depth(const wb *w, int32_t file) { return w->depth[file % w->fpc]; }
int32_t wb_class(const wb *w, int32_t file) { return w->cls[file % w->fpc]; }
int32_t wb_copy(const wb *w, int32_t file) { return file / w->fpc; }
int32_t wb_dir(const wb *w, int32_t file, int32_t level) {
  return (wb_copy(w, file) * w->classes + wb_class(w, file)) * w->max_depth + level;
}

int32_t wb_draw(const wb *w, sp_sim *sim) {
  const double u = wl_uniform(sim, SP_RS_FS);
  int32_t k = 0;
  while (k < w->classes - 1 && !(u < w->cdf[k])) k++;
  while (w->class_start[k + 1] == w->class_start[k]) k--;   /* u at the very top: the last class with files */
  const int32_t copy = (int32_t)(wl_uniform(sim, SP_RS_FS) * w->copies);
  const int32_t m = w->class_start[k + 1] - w->class_start[k];
  const int32_t j = w->by_class[w->class_start[k] + (int32_t)(wl_uniform(sim, SP_RS_FS) * m)];
  return copy * w->fpc + j;
}
