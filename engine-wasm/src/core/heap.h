/*
 * heap.h — a binary min-heap of simulation events ordered by (time, seq):
 * the sequence number makes ties break in creation order, deterministically.
 * Push and pop are inline (every request passes four events through them);
 * growing the array and freeing it are in heap.c. Included by engine.h.
 */
#ifndef SPINDLE_HEAP_H
#define SPINDLE_HEAP_H

/* Doubles the array (SP_E_NOMEM if it cannot). */
sp_status heap_grow(heap *h);
void heap_free(heap *h);

static inline int heap_before(const heap_item *a, const heap_item *b) {
  return a->t < b->t || (a->t == b->t && a->seq < b->seq);
}

static inline sp_status heap_push(heap *h, heap_item it) {
  if (h->n == h->cap && heap_grow(h) != SP_OK) return SP_E_NOMEM;
  int32_t i = h->n++;
  while (i > 0) {
    int32_t p = (i - 1) / 2;
    if (!heap_before(&it, &h->v[p])) break;
    h->v[i] = h->v[p]; i = p;
  }
  h->v[i] = it;
  return SP_OK;
}

static inline heap_item heap_pop(heap *h) {
  heap_item top = h->v[0], last = h->v[--h->n];
  int32_t i = 0;
  for (;;) {
    int32_t c = 2 * i + 1;
    if (c >= h->n) break;
    if (c + 1 < h->n && heap_before(&h->v[c + 1], &h->v[c])) c++;
    if (!heap_before(&h->v[c], &last)) break;
    h->v[i] = h->v[c]; i = c;
  }
  if (h->n > 0) h->v[i] = last;
  return top;
}

#endif
