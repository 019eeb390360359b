/*
 * test_determinism.c — the same setup gives the same bytes: every setup of
 * test/determinism.sps (all schedulers, cache and read-ahead, zero latency,
 * immediate reporting, open and closed arrivals, explicit requests, two
 * disks) is hashed over its whole event stream, results and statistics, and
 *  - two runs in one process hash equal;
 *  - two sims run interleaved, one sp_run call each in turn, hash equal to
 *    the same sims run separately (no hidden shared state);
 *  - a sim reused with sp_reset + the same setup hashes as a fresh one;
 *  - the hash sees a change (another seed gives another hash);
 *  - where sp_run returns does not change the stream: the records, read
 *    back to back, and the statistics are the same bytes in small chunks
 *    and in the setup's own (the hash above also sees each call's status
 *    and counts, so it is the same only for the same chunking);
 *  - every setup's hash equals the one stored in test/determinism.hashes, so
 *    a change of behaviour shows as a changed hash. When a change is meant,
 *    regenerate the file with `make -C engine-wasm hashes` and say why in the
 *    commit.
 * The wasm side is checked against these runs by tests/determinism.wasm.test.ts.
 */
#include "check.h"
#include "script.h"
#include "simhash.h"
#include <stdlib.h>
#include <string.h>

#ifndef SETUPS
#define SETUPS "test/determinism.sps"
#endif
#ifndef HASHES
#define HASHES "test/determinism.hashes"
#endif

static char names[32][64];
static int nsetups;

static sp_sim *load(const char *name) {
  sp_sim *sim = sp_new(0);
  char err[512];
  if (!sim) return NULL;
  if (sps_load(sim, SETUPS, name, err, sizeof err) != 0) {
    fprintf(stderr, "  %s\n", err);
    sp_free(sim);
    return NULL;
  }
  return sim;
}

static uint64_t hash_setup(const char *name, simhash *h) {
  sp_sim *sim = load(name);
  if (!sim) return 0;
  uint64_t v = sh_run(sim, h);
  sp_free(sim);
  return v;
}

static void test_setups_load_and_run(void) {
  CHECK(nsetups >= 8);
  for (int i = 0; i < nsetups; i++) {
    simhash h;
    uint64_t v = hash_setup(names[i], &h);
    CHECK(v != 0);
    CHECK(h.status == SP_OK);                /* each setup runs to the end */
    CHECK(h.events > 0 && h.results > 0);
    CHECK(h.runs > 1);                       /* and streams in several chunks */
    printf("     %-36s %016llx  %lld events, %lld results, %lld chunks\n", names[i],
           (unsigned long long)v, (long long)h.events, (long long)h.results, (long long)h.runs);
  }
}

static void test_two_runs_identical(void) {
  for (int i = 0; i < nsetups; i++) {
    simhash a, b;
    uint64_t x = hash_setup(names[i], &a), y = hash_setup(names[i], &b);
    CHECK(x == y && x != 0);
    CHECK(a.events == b.events && a.results == b.results);
  }
}

/* Setup i and setup j (i may equal j) run in one process, alternating sp_run calls. */
static void test_interleaved_equals_separate(void) {
  for (int i = 0; i < nsetups; i++) {
    int j = (i + 3) % nsetups;
    simhash sa, sb, ia, ib;
    uint64_t xa = hash_setup(names[i], &sa), xb = hash_setup(names[j], &sb);
    sp_sim *a = load(names[i]), *b = load(names[j]);
    CHECK(a && b);
    if (!a || !b) { sp_free(a); sp_free(b); continue; }
    sh_init(&ia); sh_init(&ib);
    int more_a = 1, more_b = 1;
    while (more_a || more_b) {
      if (more_a) more_a = sh_step(&ia, a);
      if (more_b) more_b = sh_step(&ib, b);
    }
    sh_stats(&ia, a); sh_stats(&ib, b);
    CHECK(sh_final(&ia) == xa);
    CHECK(sh_final(&ib) == xb);
    sp_free(a); sp_free(b);
  }
  /* The same setup twice, interleaved. */
  sp_sim *a = load(names[0]), *b = load(names[0]);
  CHECK(a && b);
  if (a && b) {
    simhash ia, ib, s;
    uint64_t x = hash_setup(names[0], &s);
    sh_init(&ia); sh_init(&ib);
    int ma = 1, mb = 1;
    while (ma || mb) { if (ma) ma = sh_step(&ia, a); if (mb) mb = sh_step(&ib, b); }
    sh_stats(&ia, a); sh_stats(&ib, b);
    CHECK(sh_final(&ia) == x && sh_final(&ib) == x);
  }
  sp_free(a); sp_free(b);
}

/* A sim that ran to the end and was rewound with sp_reset equals one that
 * never ran, rewound with the same seed: sp_reset clears every piece of run
 * state (queues, cache, clock, statistics, output buffers). */
static void test_reset_reuse_equals_fresh(void) {
  for (int i = 0; i < nsetups; i++) {
    sp_sim *used = load(names[i]), *fresh = load(names[i]);
    CHECK(used && fresh);
    if (used && fresh) {
      simhash h1, h2, h3;
      sh_run(used, &h1);
      sp_reset(used, 42); sp_reset(fresh, 42);
      CHECK(sh_run(used, &h2) == sh_run(fresh, &h3));
      CHECK(h2.results > 0);
    }
    sp_free(used); sp_free(fresh);
  }
}

static void test_hash_sees_a_different_seed(void) {
  sp_sim *a = load(names[0]), *b = load(names[0]);
  CHECK(a && b);
  if (a && b) {
    sp_reset(b, 1234567);
    simhash ha, hb;
    CHECK(sh_run(a, &ha) != sh_run(b, &hb));
  }
  sp_free(a); sp_free(b);
}

/* The records of a run, each stream back to back (events, then results),
 * and its final statistics: what the run produced, whoever read it in
 * whatever chunks. `events`/`results` > 0 set the chunk capacities first (a
 * setup's own otherwise). */
static uint64_t stream_hash(const char *name, int32_t events, int32_t results, int64_t *calls) {
  sp_sim *sim = load(name);
  if (!sim) return 0;
  if (events > 0) CHECK_OK(sp_output_configure(sim, events, results));
  simhash ev, res;
  sh_init(&ev); sh_init(&res);
  int32_t st;
  *calls = 0;
  do {
    st = sp_run(sim, -1);
    (*calls)++;
    int32_t ne = sp_event_count(sim), nr = sp_result_count(sim);
    if (ne > 0) sh_bytes(&ev, sp_events(sim), (size_t)ne * sizeof(sp_event));
    if (nr > 0) sh_bytes(&res, sp_results(sim), (size_t)nr * sizeof(sp_result));
  } while (st == SP_MORE && *calls < 10000000);
  CHECK(st == SP_OK);
  sh_word32(&ev, (uint32_t)sh_final(&res));
  sh_word32(&ev, (uint32_t)(sh_final(&res) >> 32));
  sh_stats(&ev, sim);
  sp_free(sim);
  return sh_final(&ev);
}

static void test_stream_independent_of_chunks(void) {
  for (int i = 0; i < nsetups; i++) {
    int64_t own, small;
    uint64_t a = stream_hash(names[i], 0, 0, &own), b = stream_hash(names[i], 7, 3, &small);
    CHECK(a != 0 && a == b);
    CHECK(small > own);                      /* the small chunks did return elsewhere */
    if (a != b) fprintf(stderr, "  %s: the stream differs in chunks of 7 events and 3 results\n", names[i]);
  }
}

/* "All disks" statistics with one disk are that disk's, bit for bit, and
 * stay so when a second disk is added after a run (the engine keeps the
 * all-disks accumulator only while there are several disks). */
static void test_all_disks_stats_with_one_disk(void) {
  sp_sim *sim = load(names[0]);
  CHECK(sim != NULL);
  if (!sim) return;
  simhash h;
  sh_run(sim, &h);
  sp_stats all, d0, after;
  CHECK_OK(sp_stats_get(sim, -1, &all));
  CHECK_OK(sp_stats_get(sim, 0, &d0));
  CHECK(memcmp(&all, &d0, sizeof all) == 0);
  CHECK(all.completed > 0);
  CHECK(sp_response_percentile(sim, -1, 0.5) == sp_response_percentile(sim, 0, 0.5));
  CHECK(sp_disk_add(sim) == 1);
  CHECK_OK(sp_stats_get(sim, -1, &after));
  CHECK(memcmp(&all, &after, sizeof all) == 0);
  uint32_t a[50], b[50];
  CHECK_OK(sp_response_histogram(sim, -1, 1.0, 50, a));
  CHECK_OK(sp_response_histogram(sim, 0, 1.0, 50, b));
  CHECK(memcmp(a, b, sizeof a) == 0);
  sp_free(sim);
}

/* The stored hashes: one "name hash" line per setup (written by `make hashes`). */
static void test_hashes_match_stored(void) {
  FILE *f = fopen(HASHES, "r");
  CHECK(f != NULL);
  if (!f) { fprintf(stderr, "  cannot read %s (make -C engine-wasm hashes writes it)\n", HASHES); return; }
  char stored_names[64][64]; unsigned long long stored[64]; int n = 0;
  char line[256];
  while (n < 64 && fgets(line, sizeof line, f)) {
    if (line[0] == '#' || line[0] == '\n') continue;
    if (sscanf(line, "%63s %llx", stored_names[n], &stored[n]) == 2) n++;
  }
  fclose(f);
  CHECK(n == nsetups);                     /* one line per setup, no stale ones */
  if (n != nsetups) fprintf(stderr, "  %s has %d hashes for %d setups\n", HASHES, n, nsetups);
  for (int i = 0; i < nsetups; i++) {
    int k = 0;
    while (k < n && strcmp(stored_names[k], names[i]) != 0) k++;
    CHECK(k < n);
    if (k == n) { fprintf(stderr, "  %s: no stored hash\n", names[i]); continue; }
    simhash h;
    uint64_t v = hash_setup(names[i], &h);
    CHECK(v == stored[k]);
    if (v != stored[k])
      fprintf(stderr, "  %s: hash %016llx, stored %016llx: the engine's behaviour changed (if on purpose: "
              "make -C engine-wasm hashes, and say why in the commit)\n", names[i], (unsigned long long)v, stored[k]);
  }
}

int main(void) {
  nsetups = sps_setups(SETUPS, names, 32);
  if (nsetups <= 0) { fprintf(stderr, "cannot read %s\n", SETUPS); return 1; }
  RUN(test_setups_load_and_run);
  RUN(test_two_runs_identical);
  RUN(test_interleaved_equals_separate);
  RUN(test_reset_reuse_equals_fresh);
  RUN(test_hash_sees_a_different_seed);
  RUN(test_stream_independent_of_chunks);
  RUN(test_all_disks_stats_with_one_disk);
  RUN(test_hashes_match_stored);
  return check_summary("determinism");
}
