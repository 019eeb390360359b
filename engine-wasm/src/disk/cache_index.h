/*
 * cache_index.h — what the segmented cache (cache.c) holds, indexed: for each
 * segment the LBNs it may hold valid data for (its span), buckets of LBNs
 * marked with the segments whose spans reach into them, and the segments in
 * least-recently-used order. A lookup reads only the segments that can
 * answer it (none, on a random miss), and choosing a victim is one read.
 */
#ifndef SPINDLE_CACHE_INDEX_H
#define SPINDLE_CACHE_INDEX_H

#include "engine.h"

typedef struct cix_span { int64_t lo, len; } cix_span;

/* Its layout is here so that a lookup (cix_candidates) is inline: every
 * request asks it two or three times, and a random one finds nothing. */
typedef struct cache_index {
  int32_t n, shift, nbuckets;
  int32_t oldest, newest;
  int8_t older[64], newer[64];
  cix_span spans[64];
  uint64_t bucket[];           /* nbuckets */
} cache_index;

/* The bucket of lbn (LBNs past the last bucket count as in it). */
static inline int32_t cix_bucket_of(const cache_index *ix, int64_t lbn) {
  int64_t b = lbn >> ix->shift;
  return b < ix->nbuckets ? (int32_t)b : ix->nbuckets - 1;
}

/* For n segments (at most 64) over lbns LBNs; NULL if out of memory. */
cache_index *cix_new(int32_t n, int64_t lbns);
void cix_free(cache_index *ix);
/* Every span empty; LRU order 0 (oldest) .. n - 1. */
void cix_reset(cache_index *ix);
/* Segment i may hold valid data for LBNs [lo, lo + len) only (len 0: none). */
void cix_set_span(cache_index *ix, int32_t i, int64_t lo, int64_t len);
/* Segments whose spans may hold lbn: bit i for segment i. */
static inline uint64_t cix_candidates(const cache_index *ix, int64_t lbn) {
  uint64_t m = ix->bucket[cix_bucket_of(ix, lbn)], hit = 0;
  while (m) {                                  /* the bucket's segments whose spans hold lbn */
    int32_t i = __builtin_ctzll(m);
    m &= m - 1;
    /* below lo wraps round to an offset past any length */
    if ((uint64_t)(lbn - ix->spans[i].lo) < (uint64_t)ix->spans[i].len) hit |= (uint64_t)1 << i;
  }
  return hit;
}
/* Segment i was used: it becomes the most recently used. */
void cix_touch(cache_index *ix, int32_t i);
/* The least recently used segment (of those never used, the lowest). */
int32_t cix_oldest(const cache_index *ix);

#endif
