/*
 * reorg_log.c — the phase-1 log (see reorg_log.h). Per file: count, last
 * access and its most frequent predecessor so far (counts only grow, so the
 * maximum is kept as entries are counted). The sequence entries (file,
 * predecessor, times, gap sum) sit in a dense array, found through an
 * open-addressing index keyed by the pair: an open costs O(1), however many
 * predecessors a hot file collects.
 */
#include "reorg_log.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct seq_entry { int32_t file, pred, times, pad; double gap; } seq_entry;

struct reorg_log {
  int32_t files, logged, full, prev;    /* prev: the previous open's file, -1 none */
  int64_t limit, bytes, opens;
  double prev_t;
  int32_t *count, *best, *best_times;
  double *last;
  seq_entry *ent;                        /* used of ecap */
  int32_t used, ecap;
  int32_t *idx;                          /* cap slots (a power of two): entry index, -1 empty */
  int32_t cap, pad;
};

static uint32_t slot_of(int32_t file, int32_t pred, int32_t cap) {
  uint64_t z = ((uint64_t)(uint32_t)file << 32 | (uint32_t)pred) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (uint32_t)(z ^ (z >> 31)) & (uint32_t)(cap - 1);
}

/* The slot holding (file, pred), or the empty slot where it would go. */
static uint32_t find(const reorg_log *g, int32_t file, int32_t pred) {
  uint32_t h = slot_of(file, pred, g->cap);
  for (;;) {
    const int32_t e = g->idx[h];
    if (e < 0 || (g->ent[e].file == file && g->ent[e].pred == pred)) return h;
    h = (h + 1) & (uint32_t)(g->cap - 1);
  }
}

/* Room for one more entry: the index at most half full. 0, or -1 out of memory. */
static int reserve(reorg_log *g) {
  if (g->cap >= 1 << 29) return -1;               /* doubling must stay an int32_t */
  if (g->used == g->ecap) {
    const int32_t n = g->ecap ? g->ecap * 2 : 64;
    seq_entry *v = realloc(g->ent, (size_t)n * sizeof *v);
    if (!v) return -1;
    g->ent = v; g->ecap = n;
  }
  if ((int64_t)(g->used + 1) * 2 <= g->cap) return 0;
  const int32_t cap = g->cap ? g->cap * 2 : 128;
  int32_t *idx = malloc((size_t)cap * sizeof *idx);
  if (!idx) return -1;
  memset(idx, 0xff, (size_t)cap * sizeof *idx);
  free(g->idx);
  g->idx = idx; g->cap = cap;
  for (int32_t e = 0; e < g->used; e++) g->idx[find(g, g->ent[e].file, g->ent[e].pred)] = e;
  return 0;
}

void reorg_log_clear(reorg_log *g) {
  if (!g) return;
  g->logged = g->full = 0; g->prev = -1; g->prev_t = 0;
  g->bytes = g->opens = 0; g->used = 0;
  for (int32_t i = 0; i < g->files; i++) { g->count[i] = 0; g->best[i] = -1; g->best_times[i] = 0; g->last[i] = -1; }
  if (g->idx) memset(g->idx, 0xff, (size_t)g->cap * sizeof *g->idx);
}

reorg_log *reorg_log_new(int32_t files, int64_t limit_bytes) {
  if (files < 0) return NULL;
  reorg_log *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  const size_t n = (size_t)(files > 0 ? files : 1);
  g->files = files;
  g->limit = limit_bytes > 0 ? limit_bytes : 0;
  g->count = malloc(n * sizeof *g->count); g->best = malloc(n * sizeof *g->best);
  g->best_times = malloc(n * sizeof *g->best_times); g->last = malloc(n * sizeof *g->last);
  if (!g->count || !g->best || !g->best_times || !g->last) { reorg_log_free(g); return NULL; }
  reorg_log_clear(g);
  return g;
}

void reorg_log_free(reorg_log *g) {
  if (!g) return;
  free(g->count); free(g->best); free(g->best_times); free(g->last); free(g->ent); free(g->idx);
  free(g);
}

int32_t reorg_log_open(reorg_log *g, int32_t file, double t) {
  if (!g || isnan(t)) return SP_E_INVALID;
  if (file < 0 || file >= g->files) return SP_E_RANGE;
  if (g->full) return 1;
  const int32_t p = g->prev;
  int64_t need = g->count[file] ? 0 : REORG_LOG_INODE_BYTES;
  int32_t e = -1;
  if (p >= 0) {
    if (g->cap) e = g->idx[find(g, file, p)];
    if (e < 0) need += REORG_LOG_ENTRY_BYTES;
  }
  if (g->bytes + need > g->limit) { g->full = 1; return 1; }
  if (p >= 0) {
    if (e < 0) {
      if (reserve(g) < 0) return SP_E_NOMEM;
      e = g->used++;
      g->ent[e] = (seq_entry){ file, p, 0, 0, 0 };
      g->idx[find(g, file, p)] = e;
    }
    seq_entry *s = &g->ent[e];
    s->times++; s->gap += t - g->prev_t;
    if (p != file && (s->times > g->best_times[file] || (s->times == g->best_times[file] && p < g->best[file]))) {
      g->best[file] = p; g->best_times[file] = s->times;
    }
  }
  if (g->count[file]++ == 0) g->logged++;
  g->last[file] = t;
  g->bytes += need; g->opens++;
  g->prev = file; g->prev_t = t;
  return 0;
}

int64_t reorg_log_bytes(const reorg_log *g) { return g ? g->bytes : 0; }
int64_t reorg_log_opens(const reorg_log *g) { return g ? g->opens : 0; }
int32_t reorg_log_files(const reorg_log *g) { return g ? g->logged : 0; }
int32_t reorg_log_full(const reorg_log *g) { return g ? g->full : 0; }

static int in_log(const reorg_log *g, int32_t file) { return g && file >= 0 && file < g->files; }

int32_t reorg_log_count(const reorg_log *g, int32_t file) { return in_log(g, file) ? g->count[file] : 0; }
double  reorg_log_last(const reorg_log *g, int32_t file) { return in_log(g, file) ? g->last[file] : -1; }

int32_t reorg_log_pred(const reorg_log *g, int32_t file, int32_t *times) {
  const int ok = in_log(g, file);
  if (times) *times = ok ? g->best_times[file] : 0;
  return ok ? g->best[file] : -1;
}

int32_t reorg_log_seq(const reorg_log *g, int32_t file, int32_t pred, double *gap_ms) {
  int32_t e = -1;
  if (in_log(g, file) && in_log(g, pred) && g->cap) e = g->idx[find(g, file, pred)];
  if (gap_ms) *gap_ms = e >= 0 ? g->ent[e].gap : 0;
  return e >= 0 ? g->ent[e].times : 0;
}
