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

typedef struct cache_index cache_index;

/* For n segments (at most 64) over lbns LBNs; NULL if out of memory. */
cache_index *cix_new(int32_t n, int64_t lbns);
void cix_free(cache_index *ix);
/* Every span empty; LRU order 0 (oldest) .. n - 1. */
void cix_reset(cache_index *ix);
/* Segment i may hold valid data for LBNs [lo, lo + len) only (len 0: none). */
void cix_set_span(cache_index *ix, int32_t i, int64_t lo, int64_t len);
/* Segments whose spans may hold lbn: bit i for segment i. */
uint64_t cix_candidates(const cache_index *ix, int64_t lbn);
/* Segment i was used: it becomes the most recently used. */
void cix_touch(cache_index *ix, int32_t i);
/* The least recently used segment (of those never used, the lowest). */
int32_t cix_oldest(const cache_index *ix);

#endif
