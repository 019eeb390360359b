/*
 * test_reorg_props.c — properties of every placement policy on seeded random
 * file sets (a tiny LCG, so every libc draws the same sets): all goals in the
 * region, no overlap, the same answer twice, and each policy's own rule read
 * back from the goals (the pipe's sides fall off in rank and stay balanced,
 * compress and mtime keep their order, sequences follow the chains greedily).
 */
#include "check.h"
#include "reorg_check.h"
#include <string.h>

#define MAXN 400
static place_file f[MAXN];
static int64_t goal[MAXN], again[MAXN];
static int32_t by_goal[MAXN];

static uint64_t lcg = 0x853C49E6748FEA9Bull;
static uint32_t rnd(uint32_t n) {
  lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(lcg >> 33) % n;
}

/* n files: sizes 1..256 blocks (mostly small), 40 % never opened (all of
 * them if none_opened: a log that saw nothing), the rest
 * skewed counts, predecessors among the files (some their own), mtimes with
 * ties, current blocks anywhere in a partition of 100,000. */
static int64_t random_set(int32_t n, int none_opened) {
  int64_t total = 0;
  for (int32_t i = 0; i < n; i++) {
    const int32_t opened = rnd(10) >= 4 && !none_opened;
    const int32_t count = opened ? 1 + (int32_t)(rnd(1000) * rnd(1000) / 10000) : 0;
    const int32_t pred = opened && rnd(4) ? (int32_t)rnd((uint32_t)n) : -1;
    f[i] = (place_file){ (int64_t)rnd(100000), 1 + (int32_t)(rnd(16) * rnd(16) + rnd(2)),
                         count, pred, pred >= 0 ? 1 + (int32_t)rnd(count + 1u) : 0, (double)rnd(50) };
    total += f[i].blocks;
  }
  return total;
}

static int cmp_goal(const void *a, const void *b) {
  const int64_t x = goal[*(const int32_t *)a], y = goal[*(const int32_t *)b];
  return (x > y) - (x < y);
}

static void sort_by_goal(int32_t n) {
  for (int32_t i = 0; i < n; i++) by_goal[i] = i;
  qsort(by_goal, (size_t)n, sizeof *by_goal, cmp_goal);
}

static int packed_from(int32_t n, int64_t first) {
  for (int32_t j = 0; j < n; j++) { if (goal[by_goal[j]] != first) return 0; first += f[by_goal[j]].blocks; }
  return 1;
}

/* a before b in the order the policy keeps: 1 if fine. */
static int keeps(int32_t policy, int32_t a, int32_t b) {
  if (policy == REORG_POLICY_COMPRESS) return f[a].block < f[b].block || (f[a].block == f[b].block && a < b);
  return f[a].mtime_ms < f[b].mtime_ms || (f[a].mtime_ms == f[b].mtime_ms &&
         (f[a].block < f[b].block || (f[a].block == f[b].block && a < b)));
}

/* CENTRE's rank: count descending, ties by index; never opened: by block. */
static int ranks_before(int32_t a, int32_t b) {
  if (f[a].count != f[b].count) return f[a].count > f[b].count;
  if (f[a].count == 0 && f[a].block != f[b].block) return f[a].block < f[b].block;
  return a < b;
}

/* Outward from the first in rank (at j = *h), each side in rank order. */
static int pipe_ok(int32_t n, int32_t *h) {
  *h = 0;
  for (int32_t j = 1; j < n; j++) if (ranks_before(by_goal[j], by_goal[*h])) *h = j;
  for (int32_t j = *h - 1; j >= 0; j--) if (!ranks_before(by_goal[j + 1], by_goal[j])) return 0;
  for (int32_t j = *h + 1; j < n; j++) if (!ranks_before(by_goal[j - 1], by_goal[j])) return 0;
  return 1;
}

/* Replays the greedy chains over the order the goals give. */
static int chains_ok(int32_t n) {
  static int32_t placed[MAXN];
  memset(placed, 0, sizeof placed);
  for (int32_t j = 0; j < n; j++) {
    const int32_t b = by_goal[j], a = j ? by_goal[j - 1] : -1;
    int32_t kid = -1, start = -1;         /* what the rule allows next */
    for (int32_t i = 0; i < n; i++) {
      if (placed[i]) continue;
      if (a >= 0 && f[i].pred == a && (kid < 0 || f[i].pred_times > f[kid].pred_times)) kid = i;
      if (start < 0 || f[i].count > f[start].count) start = i;
    }
    if (b != (kid >= 0 ? kid : start)) return 0;
    placed[b] = 1;
  }
  return 1;
}

static void test_random_sets(void) {
  int32_t sets = 0, shifted = 0, cold_pipes = 0;
  for (int32_t k = 0; k < 300; k++) {
    const int32_t n = 1 + (int32_t)rnd(k < 50 ? 12 : MAXN);
    const int64_t total = random_set(n, k % 25 == 0);
    int32_t opened = 0;
    for (int32_t i = 0; i < n; i++) opened += f[i].count > 0;
    cold_pipes += opened == 0 && n >= 3;
    const int64_t blocks = total + (int64_t)rnd((uint32_t)(total / 2 + 1)), first = (int64_t)rnd(5000);
    for (int32_t policy = 0; policy < REORG_POLICY_COUNT; policy++) {
      memset(goal, 0x5a, sizeof goal); memset(again, 0xa5, sizeof again);
      CHECK(reorg_place(policy, f, n, first, blocks, goal) == SP_OK);
      CHECK(reorg_place(policy, f, n, first, blocks, again) == SP_OK);
      CHECK(memcmp(goal, again, (size_t)n * sizeof *goal) == 0);
      if (policy == REORG_POLICY_NONE) {
        for (int32_t i = 0; i < n; i++) CHECK(goal[i] == f[i].block);
        continue;
      }
      CHECK(placement_valid(f, n, goal, first, blocks));
      sort_by_goal(n);
      if (policy == REORG_POLICY_CENTRE) {
        int32_t h;
        CHECK(pipe_ok(n, &h));
        CHECK(goal[by_goal[n - 1]] + f[by_goal[n - 1]].blocks - goal[by_goal[0]] == total);   /* no holes */
        const int edge = goal[by_goal[0]] == first || goal[by_goal[n - 1]] + f[by_goal[n - 1]].blocks == first + blocks;
        const int64_t mid2 = 2 * goal[by_goal[h]] + f[by_goal[h]].blocks - (2 * first + blocks);
        if (!edge) CHECK(mid2 >= -2 && mid2 <= 2);     /* the hottest centred, to a block */
        int64_t left = 0, right = 0, biggest = 0;      /* balanced: sides differ by one file at most */
        for (int32_t j = 0; j < n; j++) {
          const int32_t b = f[by_goal[j]].blocks;
          if (j < h) left += b; else if (j > h) right += b;
          if (j != h && b > biggest) biggest = b;
        }
        CHECK(llabs(left - right) <= biggest);
        shifted += edge;
      } else {
        CHECK(packed_from(n, first));
        if (policy == REORG_POLICY_SEQUENCES) CHECK(chains_ok(n));
        else for (int32_t j = 1; j < n; j++) CHECK(keeps(policy, by_goal[j - 1], by_goal[j]));
      }
      if (total > 1) CHECK(reorg_place(policy, f, n, first, total - 1, goal) == SP_E_RANGE);
    }
    sets++;
  }
  /* seen: centred and edge-forced pipes, and sets never opened at all */
  CHECK(sets == 300 && shifted > 0 && shifted < 300 && cold_pipes > 0);
}

int main(void) {
  RUN(test_random_sets);
  return check_summary("reorg properties");
}
