/*
 * heap.c — a binary min-heap of simulation events ordered by (time, seq):
 * the sequence number makes ties break in creation order, deterministically.
 */
#include "engine.h"
#include <stdlib.h>

static int before(const heap_item *a, const heap_item *b) {
  return a->t < b->t || (a->t == b->t && a->seq < b->seq);
}

sp_status heap_push(heap *h, heap_item it) {
  if (h->n == h->cap) {
    int32_t cap = h->cap ? h->cap * 2 : 64;
    heap_item *v = realloc(h->v, (size_t)cap * sizeof *v);
    if (!v) return SP_E_NOMEM;
    h->v = v; h->cap = cap;
  }
  int32_t i = h->n++;
  while (i > 0) {
    int32_t p = (i - 1) / 2;
    if (!before(&it, &h->v[p])) break;
    h->v[i] = h->v[p]; i = p;
  }
  h->v[i] = it;
  return SP_OK;
}

heap_item heap_pop(heap *h) {
  heap_item top = h->v[0], last = h->v[--h->n];
  int32_t i = 0;
  for (;;) {
    int32_t c = 2 * i + 1;
    if (c >= h->n) break;
    if (c + 1 < h->n && before(&h->v[c + 1], &h->v[c])) c++;
    if (!before(&h->v[c], &last)) break;
    h->v[i] = h->v[c]; i = c;
  }
  if (h->n > 0) h->v[i] = last;
  return top;
}

void heap_free(heap *h) { free(h->v); h->v = NULL; h->n = h->cap = 0; }
