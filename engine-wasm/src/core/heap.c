/*
 * heap.c — the event heap's out-of-line part (heap.h): growing and freeing.
 */
#include "engine.h"
#include <stdlib.h>

sp_status heap_grow(heap *h) {
  int32_t cap = h->cap ? h->cap * 2 : 64;
  heap_item *v = realloc(h->v, (size_t)cap * sizeof *v);
  if (!v) return SP_E_NOMEM;
  h->v = v; h->cap = cap;
  return SP_OK;
}

void heap_free(heap *h) { free(h->v); h->v = NULL; h->n = h->cap = 0; }
