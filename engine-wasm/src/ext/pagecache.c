/*
 * pagecache.c — an LRU of blocks (pagecache.h): a doubly linked list over
 * arrays and a linear-probing hash table with backward-shift deletion.
 */
#include "pagecache.h"
#include <stdlib.h>

static int64_t slot_of(const pcache *c, int64_t key) {
  return (int64_t)(((uint64_t)key * 0x9E3779B97F4A7C15ull) >> 17) & c->mask;
}

pcache *pc_new(int64_t capacity_blocks) {
  pcache *c = calloc(1, sizeof *c);
  if (!c || capacity_blocks < 0 || capacity_blocks > INT32_MAX / 4) { free(c); return NULL; }
  c->cap = capacity_blocks; c->head = c->tail = -1; c->free_head = -1;
  if (capacity_blocks == 0) return c;
  int64_t size = 1;
  while (size < 2 * capacity_blocks) size <<= 1;
  c->mask = size - 1;
  c->key = malloc((size_t)capacity_blocks * sizeof *c->key);
  c->prev = malloc((size_t)capacity_blocks * sizeof *c->prev);
  c->next = malloc((size_t)capacity_blocks * sizeof *c->next);
  c->table = calloc((size_t)size, sizeof *c->table);
  if (!c->key || !c->prev || !c->next || !c->table) { pc_free(c); return NULL; }
  return c;
}

void pc_free(pcache *c) {
  if (!c) return;
  free(c->key); free(c->prev); free(c->next); free(c->table);
  free(c);
}

static int32_t find(const pcache *c, int64_t key, int64_t *slot) {
  if (c->cap == 0) return -1;
  for (int64_t s = slot_of(c, key);; s = (s + 1) & c->mask) {
    const int32_t e = c->table[s];
    if (!e) { if (slot) *slot = s; return -1; }
    if (c->key[e - 1] == key) { if (slot) *slot = s; return e - 1; }
  }
}

static void unlink_entry(pcache *c, int32_t e) {
  if (c->prev[e] >= 0) c->next[c->prev[e]] = c->next[e]; else c->head = c->next[e];
  if (c->next[e] >= 0) c->prev[c->next[e]] = c->prev[e]; else c->tail = c->prev[e];
}

static void push_front(pcache *c, int32_t e) {
  c->prev[e] = -1; c->next[e] = c->head;
  if (c->head >= 0) c->prev[c->head] = e; else c->tail = e;
  c->head = e;
}

/* Empties table slot s, shifting later members of its probe chain back. */
static void table_delete(pcache *c, int64_t s) {
  int64_t hole = s;
  for (int64_t j = (s + 1) & c->mask;; j = (j + 1) & c->mask) {
    const int32_t e = c->table[j];
    if (!e) break;
    const int64_t home = slot_of(c, c->key[e - 1]);
    /* e may move to the hole if its home is not in (hole, j] cyclically */
    const int in_between = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
    if (!in_between) { c->table[hole] = e; hole = j; }
  }
  c->table[hole] = 0;
}

static void drop(pcache *c, int32_t e) {
  int64_t s;
  find(c, c->key[e], &s);
  table_delete(c, s);
  unlink_entry(c, e);
  c->next[e] = c->free_head; c->free_head = e;
  c->n--;
}

int32_t pc_lookup(pcache *c, int64_t block) {
  if (c->cap == 0) return 0;
  int64_t s;
  int32_t e = find(c, block, &s);
  if (e >= 0) {
    if (c->head != e) { unlink_entry(c, e); push_front(c, e); }
    return 1;
  }
  if (c->n == c->cap) { drop(c, c->tail); find(c, block, &s); }
  if (c->free_head >= 0) { e = c->free_head; c->free_head = c->next[e]; }
  else e = (int32_t)c->n;            /* entries are used in order until the first drop */
  c->key[e] = block;
  c->table[s] = e + 1;
  push_front(c, e);
  c->n++;
  return 0;
}

int32_t pc_contains(const pcache *c, int64_t block) { return find(c, block, NULL) >= 0; }

void pc_remove(pcache *c, int64_t block) {
  const int32_t e = find(c, block, NULL);
  if (e >= 0) drop(c, e);
}

int64_t pc_rank(const pcache *c, int64_t i) {
  int32_t e = c->head;
  for (int64_t k = 0; k < i && e >= 0; k++) e = c->next[e];
  return e >= 0 ? c->key[e] : -1;
}

int32_t pc_read(pcache *c, const int64_t *blocks, int32_t n, fs_run *runs, int32_t *nruns) {
  int32_t hits = 0, nr = 0, prev_missed = 0;
  for (int32_t i = 0; i < n; i++) {
    if (pc_lookup(c, blocks[i])) { hits++; prev_missed = 0; continue; }
    if (prev_missed && runs[nr - 1].start + runs[nr - 1].len == blocks[i]) runs[nr - 1].len++;
    else runs[nr++] = (fs_run){ blocks[i], 1, 0 };
    prev_missed = 1;
  }
  *nruns = nr;
  return hits;
}
