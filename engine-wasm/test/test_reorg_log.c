/*
 * test_reorg_log.c — the phase-1 log (src/reorg_log.c): counts, last access,
 * predecessors with their gaps (most frequent first, ties to the smaller
 * index, a file never its own predecessor), the spec's memory accounting and
 * its limit (never passed, sticky until a clear), clear, argument checks, and
 * a long seeded run against a plain matrix holding the same log.
 */
#include "check.h"
#include "reorg_log.h"
#include <string.h>

#define NF 40
static int32_t ref_times[NF][NF], ref_count[NF];
static double ref_gap[NF][NF], ref_last[NF];

static uint64_t lcg = 12345;
static uint32_t next_u(void) { lcg = lcg * 6364136223846793005ull + 1442695040888963407ull; return (uint32_t)(lcg >> 33); }

static void test_counts_and_last(void) {
  reorg_log *g = reorg_log_new(4, 1 << 20);
  CHECK(g != NULL);
  CHECK(reorg_log_open(g, 0, 1) == 0 && reorg_log_open(g, 1, 3) == 0);
  CHECK(reorg_log_open(g, 0, 4) == 0 && reorg_log_open(g, 2, 10) == 0);
  CHECK(reorg_log_count(g, 0) == 2 && reorg_log_count(g, 1) == 1 && reorg_log_count(g, 2) == 1);
  CHECK(reorg_log_count(g, 3) == 0 && reorg_log_last(g, 3) == -1);
  CHECK(reorg_log_last(g, 0) == 4 && reorg_log_last(g, 1) == 3 && reorg_log_last(g, 2) == 10);
  CHECK(reorg_log_opens(g) == 4 && reorg_log_files(g) == 3);
  reorg_log_free(g);
}

/* 0@0 1@1 0@3 1@6 2@10 1@15: file 1 was preceded by 0 twice (gaps 1 + 3)
 * and by 2 once (gap 5); then 2@20 1@21 ties 2 with 0 (the smaller index
 * wins), and 2@22 1@23 makes 2 the most frequent. */
static void test_predecessors(void) {
  reorg_log *g = reorg_log_new(4, 1 << 20);
  const int32_t f[] = { 0, 1, 0, 1, 2, 1 };
  const double t[] = { 0, 1, 3, 6, 10, 15 };
  for (int i = 0; i < 6; i++) CHECK(reorg_log_open(g, f[i], t[i]) == 0);
  double gap; int32_t times;
  CHECK(reorg_log_seq(g, 1, 0, &gap) == 2 && gap == 4);
  CHECK(reorg_log_seq(g, 1, 2, &gap) == 1 && gap == 5);
  CHECK(reorg_log_seq(g, 0, 1, &gap) == 1 && gap == 2);
  CHECK(reorg_log_seq(g, 2, 1, &gap) == 1 && gap == 4);
  CHECK(reorg_log_seq(g, 2, 0, &gap) == 0 && gap == 0);
  CHECK(reorg_log_pred(g, 1, &times) == 0 && times == 2);
  CHECK(reorg_log_pred(g, 0, &times) == 1 && times == 1);
  CHECK(reorg_log_pred(g, 3, &times) == -1 && times == 0);
  CHECK(reorg_log_open(g, 2, 20) == 0 && reorg_log_open(g, 1, 21) == 0);
  CHECK(reorg_log_pred(g, 1, &times) == 0 && times == 2);
  CHECK(reorg_log_open(g, 2, 22) == 0 && reorg_log_open(g, 1, 23) == 0);
  CHECK(reorg_log_pred(g, 1, &times) == 2 && times == 3);
  /* file 3 preceded by 2, then by 0: a tie, the smaller index though it came later */
  CHECK(reorg_log_open(g, 3, 24) == 0 && reorg_log_open(g, 0, 25) == 0 && reorg_log_open(g, 3, 26) == 0);
  CHECK(reorg_log_pred(g, 3, &times) == 0 && times == 1);
  reorg_log_free(g);
}

/* A file opened twice in a row: an entry (memory), never its own predecessor. */
static void test_self(void) {
  reorg_log *g = reorg_log_new(2, 1 << 20);
  CHECK(reorg_log_open(g, 0, 0) == 0 && reorg_log_open(g, 0, 1) == 0 && reorg_log_open(g, 0, 2) == 0);
  int32_t times;
  CHECK(reorg_log_seq(g, 0, 0, NULL) == 2);
  CHECK(reorg_log_pred(g, 0, &times) == -1 && times == 0);
  CHECK(reorg_log_bytes(g) == REORG_LOG_INODE_BYTES + REORG_LOG_ENTRY_BYTES);
  reorg_log_free(g);
}

/* Limit 96 B: 0 (32), 1 after 0 (32 + 16), 0 after 1 (16) fill it exactly;
 * 2 after 0 needs 48 more and is refused, and so is everything after until a
 * clear, even 1 after 0, which would need nothing new. */
static void test_limit_and_clear(void) {
  reorg_log *g = reorg_log_new(3, 96);
  CHECK(reorg_log_open(g, 0, 0) == 0 && reorg_log_bytes(g) == 32);
  CHECK(reorg_log_open(g, 1, 1) == 0 && reorg_log_bytes(g) == 80);
  CHECK(reorg_log_open(g, 0, 2) == 0 && reorg_log_bytes(g) == 96);
  CHECK(reorg_log_full(g) == 0);
  CHECK(reorg_log_open(g, 2, 3) == 1);
  CHECK(reorg_log_full(g) == 1 && reorg_log_bytes(g) == 96 && reorg_log_count(g, 2) == 0);
  CHECK(reorg_log_open(g, 1, 4) == 1 && reorg_log_count(g, 1) == 1 && reorg_log_opens(g) == 3);
  reorg_log_clear(g);
  CHECK(reorg_log_full(g) == 0 && reorg_log_bytes(g) == 0 && reorg_log_opens(g) == 0 && reorg_log_files(g) == 0);
  CHECK(reorg_log_count(g, 0) == 0 && reorg_log_last(g, 1) == -1);
  CHECK(reorg_log_pred(g, 1, NULL) == -1 && reorg_log_seq(g, 1, 0, NULL) == 0);
  /* the new epoch's first open has no predecessor: 32 B, no entry */
  CHECK(reorg_log_open(g, 2, 5) == 0 && reorg_log_bytes(g) == 32 && reorg_log_pred(g, 2, NULL) == -1);
  reorg_log_free(g);
  g = reorg_log_new(3, 31);                      /* not even one inode fits */
  CHECK(reorg_log_open(g, 0, 0) == 1 && reorg_log_bytes(g) == 0);
  reorg_log_free(g);
}

static void test_errors(void) {
  CHECK(reorg_log_new(-1, 100) == NULL);
  reorg_log *g = reorg_log_new(2, 1000);
  CHECK(reorg_log_open(g, 2, 0) == SP_E_RANGE && reorg_log_open(g, -1, 0) == SP_E_RANGE);
  CHECK(reorg_log_open(g, 0, NAN) == SP_E_INVALID && reorg_log_open(NULL, 0, 0) == SP_E_INVALID);
  CHECK(reorg_log_opens(g) == 0 && reorg_log_count(g, 5) == 0 && reorg_log_last(g, -3) == -1);
  CHECK(reorg_log_seq(g, 0, 7, NULL) == 0 && reorg_log_pred(g, 9, NULL) == -1);
  reorg_log_free(g);
  reorg_log_free(NULL);
}

/* The reference's most frequent predecessor (not itself; ties: smaller index). */
static int32_t ref_pred(int32_t f, int32_t *times) {
  int32_t best = -1, bt = 0;
  for (int32_t p = 0; p < NF; p++)
    if (p != f && ref_times[f][p] > bt) { best = p; bt = ref_times[f][p]; }
  *times = bt;
  return best;
}

/* Seeded opens, skewed toward low file numbers, against the matrix; with a
 * limit that is reached part way, the log must hold exactly what the
 * reference held when the first open that did not fit came. */
static int32_t run_against_reference(int64_t limit, int32_t *entries) {
  memset(ref_times, 0, sizeof ref_times); memset(ref_gap, 0, sizeof ref_gap); memset(ref_count, 0, sizeof ref_count);
  for (int i = 0; i < NF; i++) ref_last[i] = -1;
  reorg_log *g = reorg_log_new(NF, limit);
  int32_t prev = -1, refused = 0;
  int64_t bytes = 0, opens = 0;
  double prev_t = 0, t = 0;
  for (int k = 0; k < 20000; k++) {
    const uint32_t u = next_u();
    const int32_t f = (int32_t)((u % NF) * (u % NF) / NF);     /* skewed: hot low numbers */
    t += (double)(next_u() % 1000) / 8;
    const int64_t need = (ref_count[f] ? 0 : 32) + (prev >= 0 && !ref_times[f][prev] ? 16 : 0);
    const int32_t r = reorg_log_open(g, f, t);
    if (refused || bytes + need > limit) { CHECK(r == 1); refused = 1; continue; }
    CHECK(r == 0);
    if (prev >= 0) { ref_times[f][prev]++; ref_gap[f][prev] += t - prev_t; }
    ref_count[f]++; ref_last[f] = t; bytes += need; opens++;
    prev = f; prev_t = t;
  }
  CHECK(reorg_log_bytes(g) == bytes && reorg_log_bytes(g) <= limit && reorg_log_opens(g) == opens);
  CHECK(reorg_log_full(g) == refused);
  for (int32_t f = 0; f < NF; f++) {
    CHECK(reorg_log_count(g, f) == ref_count[f] && reorg_log_last(g, f) == ref_last[f]);
    int32_t tw, tg;
    CHECK(reorg_log_pred(g, f, &tg) == ref_pred(f, &tw) && tg == tw);
    for (int32_t p = 0; p < NF; p++) {
      double gap;
      CHECK(reorg_log_seq(g, f, p, &gap) == ref_times[f][p]);
      CHECK_NEAR(gap, ref_gap[f][p], 1e-6);
    }
  }
  reorg_log_free(g);
  *entries = 0;
  for (int32_t f = 0; f < NF; f++) for (int32_t p = 0; p < NF; p++) *entries += ref_times[f][p] > 0;
  return refused;
}

static void test_against_reference(void) {
  int32_t entries;
  /* never full: every pair seen, enough of them to grow the index several times */
  CHECK(run_against_reference(1 << 20, &entries) == 0 && entries > 500);
  CHECK(run_against_reference(32 * 20 + 16 * 300, &entries) == 1 && entries <= 300);   /* full part way */
}

int main(void) {
  RUN(test_counts_and_last);
  RUN(test_predecessors);
  RUN(test_self);
  RUN(test_limit_and_clear);
  RUN(test_errors);
  RUN(test_against_reference);
  return check_summary("reorg_log");
}
