/*
 * fs.c — the ext2-like file system of the reorganization experiment (fs.h):
 * block and inode bitmaps, the FFS allocation rules, placement at a goal for
 * the reorganizer's moves, and a consistency check.
 */
#include "fs.h"
#include <stdlib.h>
#include <string.h>

static int bit(const uint64_t *m, int64_t i) { return (int)((m[i >> 6] >> (i & 63)) & 1u); }
static void set_bit(uint64_t *m, int64_t i) { m[i >> 6] |= 1ull << (i & 63); }
static void clear_bit(uint64_t *m, int64_t i) { m[i >> 6] &= ~(1ull << (i & 63)); }
/* Sets bits [from, from + n) a word at a time where it can: a partition's inode tables
 * are up to 2^31 / 32 blocks, too many to set one by one inside one bounded call. */
static void set_run(uint64_t *m, int64_t from, int64_t n) {
  for (; n > 0 && (from & 63); n--) set_bit(m, from++);
  for (; n >= 64; n -= 64, from += 64) m[from >> 6] = ~0ull;
  for (; n > 0; n--) set_bit(m, from++);
}

int32_t fs_group_of(const fs *f, int64_t block) { return (int32_t)(block / f->bpg); }
int64_t fs_group_first(const fs *f, int32_t g) { return (int64_t)g * f->bpg; }
int64_t fs_group_size(const fs *f, int32_t g) {
  const int64_t first = fs_group_first(f, g), end = first + f->bpg;
  return (end > f->blocks ? f->blocks : end) - first;
}
int64_t fs_inode_block(const fs *f, int32_t inode) {
  return fs_group_first(f, inode / f->ipg) + (inode % f->ipg) / FS_INODES_PER_BLOCK;
}
int64_t fs_first_block(const fs *f, int32_t obj) {
  const fs_obj *o = &f->obj[obj];
  return o->nruns > 0 ? o->runs[0].start : -1;
}
int32_t fs_is_used(const fs *f, int64_t block) { return bit(f->used, block); }

fs *fs_new(int64_t blocks, int32_t bpg, int32_t ipg) {
  if (blocks <= 0 || bpg <= 0 || ipg <= 0) return NULL;
  const int32_t itable = (ipg + FS_INODES_PER_BLOCK - 1) / FS_INODES_PER_BLOCK;
  if (itable >= bpg) return NULL;
  int64_t groups = (blocks + bpg - 1) / bpg;
  if (blocks - (groups - 1) * bpg <= itable) { groups--; blocks = groups * bpg; }   /* no room past its table */
  if (groups <= 0 || groups > INT32_MAX / ipg) return NULL;
  fs *f = calloc(1, sizeof *f);
  if (!f) return NULL;
  f->blocks = blocks; f->bpg = bpg; f->ipg = ipg; f->groups = (int32_t)groups; f->itable = itable;
  f->used = calloc((size_t)((blocks + 63) / 64), sizeof *f->used);
  f->inode_used = calloc((size_t)((groups * ipg + 63) / 64), sizeof *f->inode_used);
  f->free_blocks = calloc((size_t)groups, sizeof *f->free_blocks);
  f->inodes = calloc((size_t)groups, sizeof *f->inodes);
  f->hint = calloc((size_t)groups, sizeof *f->hint);
  f->inode_hint = calloc((size_t)groups, sizeof *f->inode_hint);
  if (!f->used || !f->inode_used || !f->free_blocks || !f->inodes || !f->hint || !f->inode_hint) {
    fs_free(f);
    return NULL;
  }
  for (int32_t g = 0; g < f->groups; g++) {
    const int64_t first = fs_group_first(f, g);
    set_run(f->used, first, itable);
    f->free_blocks[g] = (int32_t)(fs_group_size(f, g) - itable);
    f->hint[g] = first + itable;
    f->total_free += f->free_blocks[g];
  }
  return f;
}

void fs_free(fs *f) {
  if (!f) return;
  for (int32_t i = 0; i < f->nobj; i++) free(f->obj[i].runs);
  free(f->obj); free(f->used); free(f->inode_used); free(f->free_blocks); free(f->inodes); free(f->hint); free(f->inode_hint);
  free(f);
}

/* The first free block in [p, end), or -1. */
static int64_t next_free(const fs *f, int64_t p, int64_t end) {
  while (p < end) {
    uint64_t w = ~f->used[p >> 6] & (~0ull << (p & 63));
    if (w) {
      const int64_t q = (p & ~(int64_t)63) + __builtin_ctzll(w);
      return q < end ? q : -1;
    }
    p = (p | 63) + 1;
  }
  return -1;
}

/* Appends block b to a run list (extending the last run when contiguous). */
static int push_block(fs_run **runs, int32_t *n, int32_t *cap, int64_t b) {
  if (*n > 0 && (*runs)[*n - 1].start + (*runs)[*n - 1].len == b) { (*runs)[*n - 1].len++; return 0; }
  if (*n == *cap) {
    int32_t c = *cap ? *cap * 2 : 2;
    fs_run *v = realloc(*runs, (size_t)c * sizeof *v);
    if (!v) return -1;
    *runs = v; *cap = c;
  }
  (*runs)[(*n)++] = (fs_run){ b, 1, 0 };
  return 0;
}

static void take(fs *f, int64_t b) {
  const int32_t g = fs_group_of(f, b);
  set_bit(f->used, b);
  f->free_blocks[g]--; f->total_free--;
}

static void give(fs *f, int64_t b) {
  const int32_t g = fs_group_of(f, b);
  clear_bit(f->used, b);
  f->free_blocks[g]++; f->total_free++;
  if (b < f->hint[g]) f->hint[g] = b;
}

static void give_runs(fs *f, const fs_run *runs, int32_t n) {
  for (int32_t i = 0; i < n; i++)
    for (int32_t k = 0; k < runs[i].len; k++) give(f, runs[i].start + k);
}

/* Takes up to `want` free blocks of group g, lowest first. Returns how many (or -1: no memory). */
static int64_t take_in_group(fs *f, int32_t g, int64_t want, fs_run **runs, int32_t *n, int32_t *cap) {
  const int64_t end = fs_group_first(f, g) + fs_group_size(f, g);
  int64_t got = 0, p = f->hint[g];
  while (got < want) {
    const int64_t b = next_free(f, p, end);
    if (b < 0) { p = end; break; }
    if (push_block(runs, n, cap, b) < 0) return -1;
    take(f, b);
    got++; p = b + 1;
  }
  f->hint[g] = p;                 /* every block of the group below p is used now */
  return got;
}

/* The group with the most free blocks, the first such from `from` on (wrapping). */
static int32_t most_free(const fs *f, int32_t from) {
  int32_t best = from % f->groups;
  for (int32_t k = 1; k < f->groups; k++) {
    const int32_t g = (from + k) % f->groups;
    if (f->free_blocks[g] > f->free_blocks[best]) best = g;
  }
  return best;
}

int32_t fs_ffs_inode_group(const fs *f) {
  if (f->total_inodes >= (int64_t)f->groups * f->ipg) return -1;
  /* fewer than the average: inodes[g] * groups < total */
  for (int32_t k = 0; k < f->groups; k++) {
    const int32_t g = (f->cursor + k) % f->groups;
    if ((int64_t)f->inodes[g] * f->groups < f->total_inodes && f->inodes[g] < f->ipg) return g;
  }
  for (int32_t k = 0; k < f->groups; k++) {
    const int32_t g = (f->cursor + k) % f->groups;
    if (f->inodes[g] < f->ipg) return g;
  }
  return -1;
}

/* Takes a free inode of group g (the caller knows it has one). */
/* The group's lowest free inode slot. The search starts at the group's hint
 * (every slot below it is used), so building n files costs O(n), not O(n^2). */
static int32_t take_inode(fs *f, int32_t g) {
  const int64_t first = (int64_t)g * f->ipg;
  int32_t slot = f->inode_hint[g];
  while (bit(f->inode_used, first + slot)) slot++;
  set_bit(f->inode_used, first + slot);
  f->inode_hint[g] = slot + 1;
  f->inodes[g]++; f->total_inodes++;
  return (int32_t)(first + slot);
}

static void give_inode(fs *f, int32_t inode) {
  clear_bit(f->inode_used, inode);
  const int32_t g = inode / f->ipg, slot = inode % f->ipg;
  if (slot < f->inode_hint[g]) f->inode_hint[g] = slot;
  f->inodes[inode / f->ipg]--; f->total_inodes--;
}

static int32_t new_obj(fs *f, int64_t bytes, int32_t is_dir) {
  if (f->nobj == f->cap) {
    int32_t c = f->cap ? f->cap * 2 : 1024;
    fs_obj *v = realloc(f->obj, (size_t)c * sizeof *v);
    if (!v) return -1;
    f->obj = v; f->cap = c;
  }
  fs_obj *o = &f->obj[f->nobj];
  memset(o, 0, sizeof *o);
  o->bytes = bytes; o->is_dir = is_dir;
  o->nblocks = (int32_t)((bytes + FS_BLOCK_BYTES - 1) / FS_BLOCK_BYTES);
  return f->nobj++;
}

int32_t fs_create(fs *f, int64_t bytes, int32_t is_dir) {
  const int64_t need = (bytes + FS_BLOCK_BYTES - 1) / FS_BLOCK_BYTES;
  if (bytes < 0 || need > f->total_free || need > INT32_MAX) return -1;
  const int32_t g = fs_ffs_inode_group(f);
  if (g < 0) return -1;
  const int32_t id = new_obj(f, bytes, is_dir);
  if (id < 0) return -1;
  fs_obj *o = &f->obj[id];
  o->inode = take_inode(f, g);
  f->cursor = (g + 1) % f->groups;
  /* blocks: the inode's group while it has at least the average free, else the most free */
  int32_t bg = (int64_t)f->free_blocks[g] * f->groups >= f->total_free ? g : most_free(f, g + 1);
  int32_t cap = 0;
  int64_t left = need;
  while (left > 0) {
    const int64_t got = take_in_group(f, bg, left, &o->runs, &o->nruns, &cap);
    if (got < 0) return -1;
    left -= got;
    if (left > 0) bg = most_free(f, bg + 1);
  }
  return id;
}

int32_t fs_alloc_at(fs *f, int32_t obj, int64_t goal, int32_t *inode, fs_run **runs, int32_t *nruns) {
  const fs_obj *o = &f->obj[obj];
  *runs = NULL; *nruns = 0;
  if (o->nblocks > f->total_free || f->total_inodes >= (int64_t)f->groups * f->ipg) return -1;
  if (goal < 0) goal = 0;
  if (goal >= f->blocks) goal = f->blocks - 1;
  const int32_t g0 = fs_group_of(f, goal);
  int32_t gi = -1;
  for (int32_t d = 0; gi < 0 && d < f->groups; d++) {      /* nearest group with a free inode */
    if (g0 + d < f->groups && f->inodes[g0 + d] < f->ipg) gi = g0 + d;
    else if (g0 - d >= 0 && f->inodes[g0 - d] < f->ipg) gi = g0 - d;
  }
  if (gi < 0) return -1;
  int32_t cap = 0, left = o->nblocks;
  int64_t p = goal;
  int wrapped = 0;
  /* contiguous runs first: the first free stretch of the whole size within FS_MOVE_WINDOW
   * groups' length of the goal; failing that, the first free blocks from the goal on */
  const int64_t reach = goal + (int64_t)FS_MOVE_WINDOW * f->bpg;
  const int64_t window = reach < f->blocks ? reach : f->blocks;
  for (int64_t b = next_free(f, goal, window); b >= 0 && b + left <= window;) {
    int64_t e = b + 1;
    while (e < b + left && !bit(f->used, e)) e++;
    if (e == b + left) { p = b; break; }
    b = next_free(f, e, window);
  }
  while (left > 0) {
    const int64_t b = next_free(f, p, wrapped ? goal : f->blocks);
    if (b < 0) {
      if (wrapped) { fs_alloc_undo(f, -1, *runs, *nruns); *runs = NULL; *nruns = 0; return -1; }
      wrapped = 1; p = 0; continue;
    }
    if (push_block(runs, nruns, &cap, b) < 0) { fs_alloc_undo(f, -1, *runs, *nruns); *runs = NULL; *nruns = 0; return -1; }
    take(f, b);
    left--; p = b + 1;
  }
  *inode = take_inode(f, gi);
  return 0;
}

void fs_alloc_undo(fs *f, int32_t inode, fs_run *runs, int32_t nruns) {
  give_runs(f, runs, nruns);
  if (inode >= 0) give_inode(f, inode);
  free(runs);
}

void fs_move_commit(fs *f, int32_t obj, int32_t inode, fs_run *runs, int32_t nruns) {
  fs_obj *o = &f->obj[obj];
  give_runs(f, o->runs, o->nruns);
  give_inode(f, o->inode);
  free(o->runs);
  o->runs = runs; o->nruns = nruns; o->inode = inode;
}

/* Marks a place's blocks in m: 0, or -1 outside the partition, -2 already marked. */
static int32_t mark_runs(const fs *f, uint64_t *m, const fs_run *runs, int32_t nruns, int64_t *count) {
  for (int32_t r = 0; r < nruns; r++)
    for (int32_t k = 0; k < runs[r].len; k++) {
      const int64_t b = runs[r].start + k;
      if (b < 0 || b >= f->blocks) return -1;
      if (bit(m, b)) return -2;                  /* in two places, or in an inode table */
      set_bit(m, b); (*count)++;
    }
  return 0;
}

int32_t fs_check(const fs *f, fs_run *const *runs, const int32_t *nruns, const int32_t *inodes, int32_t n) {
  const size_t words = (size_t)((f->blocks + 63) / 64);
  uint64_t *m = calloc(words, sizeof *m);
  int32_t *freeg = calloc((size_t)f->groups, sizeof *freeg), *ino = calloc((size_t)f->groups, sizeof *ino);
  int32_t rc = 0;
  if (!m || !freeg || !ino) { rc = -100; goto out; }
  for (int32_t g = 0; g < f->groups; g++)
    set_run(m, fs_group_first(f, g), f->itable);
  for (int32_t i = 0; i < f->nobj && !rc; i++) {
    const fs_obj *o = &f->obj[i];
    int64_t count = 0;
    rc = mark_runs(f, m, o->runs, o->nruns, &count);
    if (!rc && count != o->nblocks) rc = -3;
    if (!rc && !bit(f->inode_used, o->inode)) rc = -4;
    if (!rc) ino[o->inode / f->ipg]++;
  }
  for (int32_t i = 0; i < n && !rc; i++) {
    int64_t count = 0;
    rc = mark_runs(f, m, runs[i], nruns[i], &count);
    if (!rc && !bit(f->inode_used, inodes[i])) rc = -4;
    if (!rc) ino[inodes[i] / f->ipg]++;
  }
  for (size_t w = 0; w < words && !rc; w++) if (m[w] != f->used[w]) rc = -5;
  int64_t total = 0;
  for (int32_t g = 0; g < f->groups && !rc; g++) {
    const int64_t first = fs_group_first(f, g), size = fs_group_size(f, g);
    for (int64_t b = first; b < first + size; b++) if (!bit(m, b)) freeg[g]++;
    if (freeg[g] != f->free_blocks[g]) rc = -6;
    if (ino[g] != f->inodes[g]) rc = -7;
    for (int64_t b = first; b < f->hint[g] && !rc; b++) if (!bit(m, b)) rc = -8;
    total += freeg[g];
  }
  if (!rc && total != f->total_free) rc = -9;
out:
  free(m); free(freeg); free(ino);
  return rc;
}
