/*
 * fqueue.c — the NVCache policy's FQueue (see fqueue.h): a pool of entries on
 * a FIFO list, the entries not being written back also in a treap keyed by
 * their first LBA. Treap priorities are a fixed hash of the FIFO position, so
 * the shape (and every answer) is a function of the operations alone.
 */
#include "fqueue.h"
#include <stdlib.h>
#include <string.h>

void fq_init(fqueue *q) {
  memset(q, 0, sizeof *q);
  q->free_list = q->head = q->tail = q->root = q->writing = -1;
}

void fq_release(fqueue *q) {
  free(q->e); free(q->scratch); free(q->pairs);
  fq_init(q);
}

/* Empties the queue, keeping its memory. */
void fq_clear(fqueue *q) {
  fq_entry *e = q->e; int32_t cap = q->cap, *sc = q->scratch, nsc = q->nscratch;
  struct seq_idx *pairs = q->pairs;
  fq_init(q);
  q->e = e; q->cap = cap; q->scratch = sc; q->nscratch = nsc; q->pairs = pairs;
  for (int32_t i = cap - 1; i >= 0; i--) { e[i].next = q->free_list; q->free_list = i; }
}

static uint32_t hash_seq(int64_t seq) {
  uint64_t z = (uint64_t)seq + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (uint32_t)(z ^ (z >> 31));
}

/* ---- the treap (keys: first LBAs, distinct) ---------------------------------------------- */

/* Splits t into keys < k (*a) and keys >= k (*b). */
static void split(fq_entry *e, int32_t t, int64_t k, int32_t *a, int32_t *b) {
  if (t < 0) { *a = *b = -1; return; }
  if (e[t].lbn < k) { split(e, e[t].r, k, &e[t].r, b); *a = t; }
  else { split(e, e[t].l, k, a, &e[t].l); *b = t; }
}

static int32_t merge(fq_entry *e, int32_t a, int32_t b) {
  if (a < 0) return b;
  if (b < 0) return a;
  if (e[a].pri > e[b].pri) { e[a].r = merge(e, e[a].r, b); return a; }
  e[b].l = merge(e, a, e[b].l);
  return b;
}

static int32_t insert(fq_entry *e, int32_t t, int32_t i) {
  if (t < 0) return i;
  if (e[i].pri > e[t].pri) { split(e, t, e[i].lbn, &e[i].l, &e[i].r); return i; }
  if (e[i].lbn < e[t].lbn) e[t].l = insert(e, e[t].l, i); else e[t].r = insert(e, e[t].r, i);
  return t;
}

static int32_t erase(fq_entry *e, int32_t t, int64_t k) {
  if (t < 0) return -1;
  if (e[t].lbn == k) return merge(e, e[t].l, e[t].r);
  if (k < e[t].lbn) e[t].l = erase(e, e[t].l, k); else e[t].r = erase(e, e[t].r, k);
  return t;
}

int32_t fq_at_or_after(const fqueue *q, int64_t x) {
  int32_t t = q->root, best = -1;
  while (t >= 0) {
    if (q->e[t].lbn >= x) { best = t; t = q->e[t].l; } else t = q->e[t].r;
  }
  return best;
}

int32_t fq_at_or_before(const fqueue *q, int64_t x) {
  int32_t t = q->root, best = -1;
  while (t >= 0) {
    if (q->e[t].lbn <= x) { best = t; t = q->e[t].r; } else t = q->e[t].l;
  }
  return best;
}

/* ---- entries ------------------------------------------------------------------------------- */

int32_t fq_push(fqueue *q, int64_t lbn, int32_t sectors, int64_t logical) {
  if (q->free_list < 0) {
    int32_t cap = q->cap ? q->cap * 2 : 64;
    fq_entry *v = realloc(q->e, (size_t)cap * sizeof *v);
    if (!v) return -1;
    for (int32_t i = cap - 1; i >= q->cap; i--) { v[i].next = q->free_list; q->free_list = i; }
    q->e = v; q->cap = cap;
  }
  const int32_t i = q->free_list;
  fq_entry *x = &q->e[i];
  q->free_list = x->next;
  *x = (fq_entry){ .lbn = lbn, .logical = logical, .seq = q->seq, .at = 0, .sectors = sectors, .writing = 0,
                   .prev = q->tail, .next = -1, .l = -1, .r = -1, .pri = hash_seq(q->seq), .pad = 0 };
  q->seq++;
  if (q->tail >= 0) q->e[q->tail].next = i; else q->head = i;
  q->tail = i;
  q->root = insert(q->e, q->root, i);
  q->n++; q->idle++; q->occ += sectors;
  return i;
}

void fq_drop(fqueue *q, int32_t i) {
  fq_entry *x = &q->e[i];
  if (x->writing) q->writing = -1;
  else { q->root = erase(q->e, q->root, x->lbn); q->idle--; }
  if (x->prev >= 0) q->e[x->prev].next = x->next; else q->head = x->next;
  if (x->next >= 0) q->e[x->next].prev = x->prev; else q->tail = x->prev;
  q->n--; q->occ -= x->sectors;
  x->next = q->free_list; q->free_list = i;
}

int32_t fq_oldest_idle(const fqueue *q) {
  int32_t i = q->head;
  while (i >= 0 && q->e[i].writing) i = q->e[i].next;    /* at most one is being written back */
  return i;
}

void fq_start_writing(fqueue *q, int32_t i) {
  q->root = erase(q->e, q->root, q->e[i].lbn);
  q->e[i].writing = 1; q->idle--;
  q->writing = i;
}

typedef struct seq_idx { int64_t seq; int32_t i, pad; } seq_idx;

static int newest_first(const void *a, const void *b) {
  const int64_t x = ((const seq_idx *)a)->seq, y = ((const seq_idx *)b)->seq;
  return x < y ? 1 : x > y ? -1 : 0;
}

int32_t fq_inside(fqueue *q, int64_t lo, int64_t hi, const int32_t **out) {
  int32_t n = 0;
  for (int32_t i = fq_at_or_after(q, lo); i >= 0 && q->e[i].lbn < hi; i = fq_at_or_after(q, q->e[i].lbn + 1)) {
    if (q->e[i].lbn + q->e[i].sectors > hi) break;       /* disjoint and ordered: none further fits */
    if (n == q->nscratch) {
      const int32_t cap = q->nscratch ? q->nscratch * 2 : 16;
      seq_idx *v = realloc(q->pairs, (size_t)cap * sizeof *v);
      if (!v) return -1;
      q->pairs = v;
      int32_t *w = realloc(q->scratch, (size_t)cap * sizeof *w);
      if (!w) return -1;
      q->scratch = w; q->nscratch = cap;
    }
    q->pairs[n++] = (seq_idx){ q->e[i].seq, i, 0 };
  }
  if (n > 1) qsort(q->pairs, (size_t)n, sizeof *q->pairs, newest_first);
  for (int32_t k = 0; k < n; k++) q->scratch[k] = q->pairs[k].i;
  *out = q->scratch;
  return n;
}

int32_t fq_holding(const fqueue *q, int64_t lo, int64_t hi) {
  const int32_t i = fq_at_or_before(q, lo);
  if (i >= 0 && q->e[i].lbn + q->e[i].sectors >= hi) return i;
  const int32_t w = q->writing;
  if (w >= 0 && q->e[w].lbn <= lo && q->e[w].lbn + q->e[w].sectors >= hi) return w;
  return -1;
}
