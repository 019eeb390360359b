/*
 * pagecache.h — the host's page cache of the reorganization experiment: an
 * LRU of 4 KB blocks (keyed by partition block) with a fixed capacity. A
 * lookup of a missing block inserts it as the most recent (the read that
 * fetches it is issued at once), evicting the least recent. pc_read looks up
 * a list of blocks in order and coalesces the misses into runs of contiguous
 * blocks: the disk reads to issue.
 */
#ifndef SPINDLE_PAGECACHE_H
#define SPINDLE_PAGECACHE_H
#include "fs.h"

typedef struct pcache {
  int64_t cap, n;
  int64_t *key;
  int32_t *prev, *next;          /* LRU list: head = most recent */
  int32_t head, tail, free_head;
  int32_t *table; int64_t mask;  /* open addressing: entry index + 1 (0: empty) */
} pcache;

pcache *pc_new(int64_t capacity_blocks);   /* NULL if out of memory; 0 blocks: nothing is kept */
void pc_free(pcache *c);
/* 1 hit (now the most recent), 0 miss (inserted as the most recent). */
int32_t pc_lookup(pcache *c, int64_t block);
int32_t pc_contains(const pcache *c, int64_t block);   /* without touching the order */
void pc_remove(pcache *c, int64_t block);
/* The block of rank i from the most recent (0) to the least recent (n - 1); -1 past the end. */
int64_t pc_rank(const pcache *c, int64_t i);
/* Looks up blocks[0..n) in order; the misses, coalesced into runs of consecutive blocks
 * (in list order), go to runs (room for n). Returns the hits; *nruns the runs. */
int32_t pc_read(pcache *c, const int64_t *blocks, int32_t n, fs_run *runs, int32_t *nruns);
#endif
