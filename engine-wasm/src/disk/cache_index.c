/*
 * cache_index.c — the segmented cache's index (cache_index.h).
 *
 * LBNs fall in buckets of 2^shift (at most MAX_BUCKETS of them; LBNs past the
 * last bucket count as in it). A bucket's mask has bit i set while segment
 * i's span reaches into the bucket, so a lookup is one load and then a look
 * at each segment named; with ten segments of a few hundred sectors on a
 * disk of millions, a random lookup names none. The LRU order is a doubly
 * linked list of segment numbers, oldest first.
 */
#include "cache_index.h"
#include <stdlib.h>
#include <string.h>

#define MAX_BUCKETS 8192
#define NONE (-1)

cache_index *cix_new(int32_t n, int64_t lbns) {
  int32_t shift = 0;
  while ((lbns >> shift) >= MAX_BUCKETS) shift++;
  int32_t nb = (int32_t)(lbns >> shift) + 1;
  cache_index *ix = malloc(sizeof *ix + (size_t)nb * sizeof ix->bucket[0]);
  if (!ix) return NULL;
  ix->n = n; ix->shift = shift; ix->nbuckets = nb;
  cix_reset(ix);
  return ix;
}

void cix_free(cache_index *ix) { free(ix); }

void cix_reset(cache_index *ix) {
  memset(ix->spans, 0, sizeof ix->spans);
  memset(ix->bucket, 0, (size_t)ix->nbuckets * sizeof ix->bucket[0]);
  for (int32_t i = 0; i < ix->n; i++) {
    ix->older[i] = (int8_t)(i - 1);
    ix->newer[i] = (int8_t)(i + 1 < ix->n ? i + 1 : NONE);
  }
  ix->oldest = ix->n ? 0 : NONE;
  ix->newest = ix->n - 1;
}

static int32_t bucket_of(const cache_index *ix, int64_t lbn) { return cix_bucket_of(ix, lbn); }

/* The buckets [*b, *e] a span reaches into (*b > *e: none). */
static void buckets_of(const cache_index *ix, cix_span s, int32_t *b, int32_t *e) {
  if (s.len <= 0) { *b = 1; *e = 0; return; }
  *b = bucket_of(ix, s.lo);
  *e = bucket_of(ix, s.lo + s.len - 1);
}

void cix_set_span(cache_index *ix, int32_t i, int64_t lo, int64_t len) {
  cix_span s = { lo, len > 0 ? len : 0 };
  int32_t ob, oe, nb, ne;
  buckets_of(ix, ix->spans[i], &ob, &oe);
  buckets_of(ix, s, &nb, &ne);
  ix->spans[i] = s;
  if (ob == nb && oe == ne) return;            /* the same buckets (mostly: a span shrinking in its bucket) */
  const uint64_t bit = (uint64_t)1 << i;
  for (int32_t b = ob; b <= oe; b++) ix->bucket[b] &= ~bit;
  for (int32_t b = nb; b <= ne; b++) ix->bucket[b] |= bit;
}

void cix_touch(cache_index *ix, int32_t i) {
  if (ix->newest == i) return;
  int32_t o = ix->older[i], w = ix->newer[i];  /* unlink: i is not the newest, so w exists */
  if (o == NONE) ix->oldest = w; else ix->newer[o] = (int8_t)w;
  ix->older[w] = (int8_t)o;
  ix->older[i] = (int8_t)ix->newest;           /* append as the newest */
  ix->newer[i] = NONE;
  ix->newer[ix->newest] = (int8_t)i;
  ix->newest = i;
}

int32_t cix_oldest(const cache_index *ix) { return ix->oldest; }
