/*
 * fqueue.h — the NVCache policy's FQueue as a data structure: entries (an LBA
 * range and the logical write it holds) in FIFO order, and the entries not
 * being written back also in LBA order, so that the policy's lookups (what
 * overlaps or touches a write, what a write covers, which entry holds a read)
 * cost O(log n + answers) instead of a scan of the whole FQueue.
 *
 * The policy keeps the entries not being written back disjoint and never
 * adjacent (a write touching one coalesces with it), so they are ordered by
 * their first LBA alone. At most one entry is being written back at a time
 * (one request at the disk); it leaves the LBA order when its write-back
 * starts, so it is never coalesced or overwritten. Indices are stable while
 * an entry lives (a pool with a free list).
 */
#ifndef SPINDLE_FQUEUE_H
#define SPINDLE_FQUEUE_H
#include <stdint.h>

struct seq_idx;

typedef struct fq_entry {
  int64_t lbn, logical;
  int64_t seq;                   /* FIFO position: larger = newer */
  int64_t at;                    /* its first sector on the flash device (the policy places it) */
  int32_t sectors, writing;
  int32_t prev, next;            /* FIFO links (next: also the free list) */
  int32_t l, r;                  /* LBA-order tree (a treap) of the entries not being written back */
  uint32_t pri;
  int32_t pad;
} fq_entry;

typedef struct fqueue {
  fq_entry *e;
  int32_t cap, free_list;
  int32_t head, tail;            /* oldest, newest (-1: empty) */
  int32_t root;                  /* LBA-order tree; -1 empty */
  int32_t n, idle;               /* entries; entries not being written back */
  int32_t writing;               /* the entry being written back, -1 none */
  int32_t nscratch;
  int32_t *scratch;              /* fq_inside's answer */
  struct seq_idx *pairs;         /* ... while it is sorted */
  int64_t seq, occ;              /* next FIFO position; sectors held */
} fqueue;

void    fq_init(fqueue *q);
void    fq_clear(fqueue *q);
void    fq_release(fqueue *q);
/* Appends an entry (newest); its index, or -1 out of memory. */
int32_t fq_push(fqueue *q, int64_t lbn, int32_t sectors, int64_t logical);
/* Removes entry i. */
void    fq_drop(fqueue *q, int32_t i);
/* The oldest entry not being written back, -1 none. */
int32_t fq_oldest_idle(const fqueue *q);
/* Entry i's write-back starts: it leaves the LBA order. */
void    fq_start_writing(fqueue *q, int32_t i);
/* Among the entries not being written back: the one of smallest first LBA
 * >= x, and the one of largest first LBA <= x; -1 none. */
int32_t fq_at_or_after(const fqueue *q, int64_t x);
int32_t fq_at_or_before(const fqueue *q, int64_t x);
/* Entries not being written back that lie wholly inside [lo, hi), newest
 * first: how many (-1: out of memory); *out points at them until the next call. */
int32_t fq_inside(fqueue *q, int64_t lo, int64_t hi, const int32_t **out);
/* An entry holding all of [lo, hi) (the one being written back included), -1 none. */
int32_t fq_holding(const fqueue *q, int64_t lo, int64_t hi);
#endif
