/*
 * test_fqueue.c — the FQueue structure (src/fqueue.c) against a plain list
 * holding the same entries: random pushes (disjoint, never adjacent, as the
 * policy keeps them), drops, write-backs started and finished, and after each
 * step every query answered both ways: the neighbours by LBA, the entries
 * inside a range (newest first), the entry holding a range, the oldest entry
 * not being written back, the counts and sectors held.
 */
#include "check.h"
#include "fqueue.h"
#include <stdlib.h>
#include <string.h>

#define MAXE 4096
typedef struct ref { int64_t lbn, logical, seq; int32_t sectors, writing, idx; } ref;
static ref list[MAXE];          /* oldest first */
static int nlist;

static uint64_t rs = 0x243F6A8885A308D3ull;
static uint64_t xr(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }

static int touches_idle(int64_t lo, int64_t hi) {
  for (int i = 0; i < nlist; i++)
    if (!list[i].writing && list[i].lbn + list[i].sectors >= lo && list[i].lbn <= hi) return 1;
  return 0;
}

static void check_queries(fqueue *q) {
  int64_t occ = 0; int idle = 0, oldest = -1;
  for (int i = 0; i < nlist; i++) {
    occ += list[i].sectors;
    if (!list[i].writing) { idle++; if (oldest < 0) oldest = list[i].idx; }
  }
  CHECK(q->n == nlist && q->idle == idle && q->occ == occ);
  CHECK(fq_oldest_idle(q) == oldest);
  for (int k = 0; k < 8; k++) {
    const int64_t x = (int64_t)(xr() % 20000), y = x + 1 + (int64_t)(xr() % (k < 4 ? 64 : 4000));
    int after = -1, before = -1, hold_ok = 0, any_hold = 0;
    for (int i = 0; i < nlist; i++) {
      const ref *r = &list[i];
      if (!r->writing && r->lbn >= x && (after < 0 || r->lbn < q->e[after].lbn)) after = r->idx;
      if (!r->writing && r->lbn <= x && (before < 0 || r->lbn > q->e[before].lbn)) before = r->idx;
      if (r->lbn <= x && r->lbn + r->sectors >= y) any_hold = 1;
    }
    CHECK(fq_at_or_after(q, x) == after);
    CHECK(fq_at_or_before(q, x) == before);
    const int32_t h = fq_holding(q, x, y);
    if (h >= 0) hold_ok = q->e[h].lbn <= x && q->e[h].lbn + q->e[h].sectors >= y;
    CHECK((h >= 0) == any_hold && (h < 0 || hold_ok));
    /* inside [x, y): newest first */
    int want[MAXE], nw = 0;
    for (int i = nlist - 1; i >= 0; i--)
      if (!list[i].writing && list[i].lbn >= x && list[i].lbn + list[i].sectors <= y) want[nw++] = list[i].idx;
    const int32_t *got;
    const int32_t n = fq_inside(q, x, y, &got);
    CHECK(n == nw);
    for (int i = 0; i < n && i < nw; i++) CHECK(got[i] == want[i]);
  }
}

static void test_against_a_list(void) {
  fqueue q;
  fq_init(&q);
  int64_t logical = 0;
  for (int round = 0; round < 2; round++) {
    nlist = 0;
    for (int step = 0; step < 6000; step++) {
      const uint64_t op = xr() % 10;
      if (op < 5 && nlist < MAXE) {
        const int64_t lo = (int64_t)(xr() % 20000);
        const int32_t n = 1 + (int32_t)(xr() % 48);
        if (touches_idle(lo, lo + n)) continue;
        const int32_t i = fq_push(&q, lo, n, logical);
        CHECK(i >= 0);
        list[nlist++] = (ref){ lo, logical++, 0, n, 0, i };
      } else if (op < 8 && nlist > 0) {
        int k = (int)(xr() % (uint64_t)nlist);
        if (list[k].writing) continue;
        fq_drop(&q, list[k].idx);
        memmove(list + k, list + k + 1, (size_t)(nlist - k - 1) * sizeof *list);
        nlist--;
      } else if (op == 8 && q.writing < 0) {
        const int32_t i = fq_oldest_idle(&q);
        if (i < 0) continue;
        fq_start_writing(&q, i);
        for (int k = 0; k < nlist; k++) if (list[k].idx == i) list[k].writing = 1;
        CHECK(q.writing == i);
      } else if (op == 9 && q.writing >= 0) {
        const int32_t i = q.writing;
        fq_drop(&q, i);
        for (int k = 0; k < nlist; k++)
          if (list[k].idx == i) { memmove(list + k, list + k + 1, (size_t)(nlist - k - 1) * sizeof *list); nlist--; break; }
        CHECK(q.writing == -1);
      }
      check_queries(&q);
    }
    CHECK(nlist > 100);          /* the mix kept a real queue */
    fq_clear(&q);
    CHECK(q.n == 0 && q.idle == 0 && q.occ == 0 && q.root == -1 && fq_oldest_idle(&q) == -1);
  }
  fq_release(&q);
}

int main(void) {
  RUN(test_against_a_list);
  return check_summary("fqueue");
}
