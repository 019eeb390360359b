/*
 * reorg_check.h — what every placement must satisfy, shared by the
 * placement tests: each file's range [goal, goal + blocks) inside the region
 * and no two ranges overlapping.
 */
#ifndef SPINDLE_REORG_CHECK_H
#define SPINDLE_REORG_CHECK_H
#include "reorg_place.h"
#include <stdlib.h>

typedef struct rc_span { int64_t lo, hi; } rc_span;

static int rc_by_lo(const void *a, const void *b) {
  const int64_t x = ((const rc_span *)a)->lo, y = ((const rc_span *)b)->lo;
  return (x > y) - (x < y);
}

/* 1 if the goals are a valid placement in [first, first + blocks), else 0. */
static int placement_valid(const place_file *f, int32_t n, const int64_t *goal, int64_t first, int64_t blocks) {
  rc_span *s = malloc((size_t)(n > 0 ? n : 1) * sizeof *s);
  int ok = s != NULL;
  for (int32_t i = 0; ok && i < n; i++) {
    s[i] = (rc_span){ goal[i], goal[i] + f[i].blocks };
    if (s[i].lo < first || s[i].hi > first + blocks) ok = 0;
  }
  if (ok && n > 1) qsort(s, (size_t)n, sizeof *s, rc_by_lo);
  for (int32_t i = 1; ok && i < n; i++) if (s[i].lo < s[i - 1].hi) ok = 0;
  free(s);
  return ok;
}
#endif
