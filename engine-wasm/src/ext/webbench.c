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

/* The build is a sequence of passes over the files, each item a bounded piece
 * of work, so that it can stop anywhere and go on at the next call with the
 * very same draws in the very same order. */
enum { WB_START, WB_DRAW, WB_MTIME, WB_BISECT, WB_SIZES, WB_CLASSES, WB_GROUP, WB_DONE };
#define WB_BISECT_STEPS 100

static sp_status wb_start(wb *w, sp_sim *sim) {
  double p[SP_FSP_COUNT];
  for (int32_t k = 0; k < SP_FSP_COUNT; k++) p[k] = sp_fs_get(sim, (sp_fs_param)k);
  memset(w, 0, sizeof *w);
  w->fpc = (int32_t)p[SP_FSP_FILES_PER_COPY]; w->copies = (int32_t)p[SP_FSP_COPIES];
  w->classes = (int32_t)p[SP_FSP_CLASSES]; w->max_depth = (int32_t)p[SP_FSP_MAX_DEPTH];
  const int32_t n = w->fpc, files = n * w->copies;
  w->lo = p[SP_FSP_MIN_BYTES]; w->hi = p[SP_FSP_MAX_BYTES];
  if (w->hi < w->lo) w->hi = w->lo;
  w->sigma = p[SP_FSP_SIZE_SIGMA]; w->want = p[SP_FSP_COPY_MB] * 1048576.0; w->zipf = p[SP_FSP_ZIPF];
  /* The median exp(mu) that makes one copy hold `want` bytes (clipping included): the
   * total grows with mu, so bisection finds it (or the nearest end when out of reach). */
  w->mu_lo = log(w->lo) - 10.0 * w->sigma - 1.0; w->mu_hi = log(w->hi) + 10.0 * w->sigma + 1.0;
  w->z = malloc((size_t)n * sizeof *w->z);
  w->size = malloc((size_t)n * sizeof *w->size);
  w->cls = malloc((size_t)n * sizeof *w->cls);
  w->depth = malloc((size_t)n * sizeof *w->depth);
  w->by_class = malloc((size_t)n * sizeof *w->by_class);
  w->class_start = calloc((size_t)w->classes + 1, sizeof *w->class_start);
  w->fill = calloc((size_t)w->classes, sizeof *w->fill);
  w->cdf = malloc((size_t)w->classes * sizeof *w->cdf);
  w->mtime = malloc((size_t)files * sizeof *w->mtime);
  if (!w->z || !w->size || !w->cls || !w->depth || !w->by_class || !w->class_start || !w->fill || !w->cdf || !w->mtime) {
    wb_free(w); return SP_E_NOMEM;
  }
  w->pass = WB_DRAW;
  return SP_OK;
}

static int64_t pass_items(const wb *w, int32_t pass) {
  if (pass == WB_MTIME) return (int64_t)w->fpc * w->copies;
  if (pass == WB_BISECT) return (int64_t)WB_BISECT_STEPS * w->fpc;
  return w->fpc;
}

static void pass_item(wb *w, sp_sim *sim, int64_t k) {
  const int32_t n = w->fpc, i = (int32_t)(k % (n > 0 ? n : 1));
  switch (w->pass) {
    case WB_DRAW:
      w->z[i] = normal(sim);
      w->cls[i] = (int32_t)(wl_uniform(sim, SP_RS_FS) * w->classes);
      w->depth[i] = 1 + (int32_t)(wl_uniform(sim, SP_RS_FS) * w->max_depth);
      break;
    case WB_MTIME: w->mtime[k] = -wl_uniform(sim, SP_RS_FS) * 365.0 * 86400e3; break;
    case WB_BISECT: {                          /* step k / n: this file's share of the total at the midpoint */
      const double m = 0.5 * (w->mu_lo + w->mu_hi);
      w->sum += clip_size(m, w->sigma, w->z[i], w->lo, w->hi);
      if (i == n - 1) {
        if ((double)w->sum < w->want) w->mu_lo = m; else w->mu_hi = m;
        w->sum = 0;
      }
      break;
    }
    case WB_SIZES: w->size[i] = clip_size(w->mu_hi, w->sigma, w->z[i], w->lo, w->hi); w->copy_bytes += w->size[i]; break;
    case WB_CLASSES: w->class_start[w->cls[i] + 1]++; break;
    case WB_GROUP: w->by_class[w->class_start[w->cls[i]] + w->fill[w->cls[i]]++] = i; break;
  }
}

static void pass_end(wb *w) {
  if (w->pass == WB_SIZES) { free(w->z); w->z = NULL; }
  if (w->pass == WB_CLASSES)
    for (int32_t k = 0; k < w->classes; k++) w->class_start[k + 1] += w->class_start[k];
  if (w->pass == WB_GROUP) {
    free(w->fill); w->fill = NULL;
    double sum = 0;
    for (int32_t k = 0; k < w->classes; k++) {
      const int has = w->class_start[k + 1] > w->class_start[k];
      sum += has ? pow(k + 1.0, -w->zipf) : 0.0;
      w->cdf[k] = sum;
    }
    for (int32_t k = 0; k < w->classes; k++) w->cdf[k] /= sum;
  }
}

sp_status wb_build_step(wb *w, sp_sim *sim, int64_t *budget) {
  if (w->pass == WB_START) {
    sp_status st = wb_start(w, sim);
    if (st != SP_OK) return st;
  }
  while (w->pass != WB_DONE) {
    for (const int64_t items = pass_items(w, w->pass); w->at < items; w->at++, (*budget)--) {
      if (*budget <= 0) return SP_MORE;
      pass_item(w, sim, w->at);
    }
    pass_end(w);
    w->pass++; w->at = 0;
  }
  return SP_OK;
}

int64_t wb_build_items(const wb *w) {
  int64_t items = 0;
  for (int32_t p = WB_DRAW; p < WB_DONE; p++) items += pass_items(w, p);
  return items;
}

int64_t wb_build_done(const wb *w) {
  int64_t done = w->pass == WB_START ? 0 : w->at;
  for (int32_t p = WB_DRAW; p < w->pass; p++) done += pass_items(w, p);
  return done;
}

sp_status wb_build(wb *w, sp_sim *sim) {
  memset(w, 0, sizeof *w);
  int64_t budget = INT64_MAX;
  return wb_build_step(w, sim, &budget);
}

void wb_free(wb *w) {
  free(w->z); free(w->fill); free(w->size); free(w->cls); free(w->depth); free(w->by_class); free(w->class_start); free(w->cdf); free(w->mtime);
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
