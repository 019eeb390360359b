/*
 * webbench.h — the WebBench-like file set and request stream of the
 * reorganization experiment: `copies` identical copies of `fpc` files with
 * log-normal sizes (clipped to [min, max] bytes, scaled so one copy holds the
 * wanted total), each file in a usage class (drawn once per file, uniformly)
 * and at a directory depth 1..max_depth; class k receives the share
 * 1/(k+1)^zipf of the requests (normalized over the classes that have files).
 * A request picks a class by its share, then a copy and a file of that class
 * uniformly. Directories: per copy and class, one chain of max_depth nested
 * directories; a file of depth d lives in its chain's d-th. Every draw comes
 * from the experiment's own stream (SP_RS_FS), so the same seed gives the
 * same file set and requests.
 */
#ifndef SPINDLE_WEBBENCH_H
#define SPINDLE_WEBBENCH_H
#include "engine.h"
#include "spindle_fs.h"

typedef struct wb {
  int32_t fpc, copies, classes, max_depth;
  int64_t copy_bytes;            /* bytes of one copy as built */
  int64_t *size;                 /* per file of a copy */
  int32_t *cls, *depth;          /* per file of a copy */
  int32_t *by_class, *class_start;   /* files of a copy grouped by class (class_start: classes + 1) */
  double *cdf;                   /* per class: cumulative share of the requests */
  double *mtime;                 /* per file (all copies): last modification, ms before time 0 */
  /* the build under way (wb_build_step) */
  int32_t pass; int32_t *fill;   /* its pass; per class: files grouped so far */
  int64_t at, sum;               /* the item in the pass; the bisection's running total */
  double *z;                     /* per file of a copy: its normal draw */
  double lo, hi, sigma, want, zipf, mu_lo, mu_hi;
} wb;

/* Builds the file set from the fs parameters (sp_fs_get). SP_OK or SP_E_NOMEM. */
sp_status wb_build(wb *w, sp_sim *sim);
/* The same a slice at a time, from a zeroed wb: at most *budget items of work
 * (each a draw or one file's size at one bisection step), *budget reduced by
 * what was done; SP_MORE while unfinished, then SP_OK (or SP_E_NOMEM). The
 * draws and their order are wb_build's however the work is sliced. */
sp_status wb_build_step(wb *w, sp_sim *sim, int64_t *budget);
int64_t wb_build_items(const wb *w);           /* items of the whole build */
int64_t wb_build_done(const wb *w);            /* items done so far */
void wb_free(wb *w);
int32_t wb_files(const wb *w);                              /* fpc * copies */
int32_t wb_dirs(const wb *w);                               /* copies * classes * max_depth */
int64_t wb_bytes(const wb *w, int32_t file);
int32_t wb_depth(const wb *w, int32_t file);
int32_t wb_class(const wb *w, int32_t file);
int32_t wb_copy(const wb *w, int32_t file);
/* The directory at `level` (0 .. depth - 1) on file's path. */
int32_t wb_dir(const wb *w, int32_t file, int32_t level);
/* The next request's file. */
int32_t wb_draw(const wb *w, sp_sim *sim);
#endif
