/*
 * test_fsexp.c — the file-system experiment end to end (src/fsexp.c): epoch
 * statistics add up (hits + missed blocks = lookups, requests = opens
 * completed, group accesses = blocks read and written, the seek histogram =
 * the seeks; the events in time order), the same seed gives the same epochs (and another seed others),
 * parameters are checked and fixed once running, a file set too large for
 * the partition is refused naming the field, a large file set is built a
 * bounded slice per call.
 */
#include "check.h"
#include "spindle_fs.h"
#include "fs_fixture.h"
#include <stdlib.h>
#include <string.h>

static void test_epoch_stats_add_up(void) {
  sp_sim *sim = fs_fixture(5, SP_FS_POLICY_NONE);
  CHECK(sim != NULL);
  if (!sim) return;
  CHECK_OK(sp_output_configure(sim, 100000, 0));
  const double E = sp_fs_get(sim, SP_FSP_EPOCH_MS);
  int64_t opens = 0, epochs_seen = 0, misses = 0, miss_blocks = 0;
  double last_t = 0;
  int ordered = 1;
  for (int k = 0; k < 6; k++) {
    int st;
    do {
      st = sp_run(sim, (k + 1) * E);
      const sp_event *ev = sp_events(sim);
      for (int i = 0; i < sp_event_count(sim); i++) {
        ordered &= ev[i].time_ms >= last_t;
        last_t = ev[i].time_ms;
        if (ev[i].kind == SP_EV_FS_OPEN) opens++;
        if (ev[i].kind == SP_EV_EPOCH) { CHECK(ev[i].a == epochs_seen); epochs_seen++; }
        if (ev[i].kind == SP_EV_FS_MISS) { misses++; miss_blocks += ev[i].a; }
      }
    } while (st == SP_MORE);
    CHECK_OK(st);
  }
  CHECK(sp_fs_epoch_count(sim) == 6 && epochs_seen == 6);
  CHECK(ordered);                                   /* the fs events fall into the stream in time order */
  const int32_t G = sp_fs_group_count(sim);
  CHECK(G == 16);
  int64_t requests = 0, reads = 0, blocks = 0;
  for (int k = 0; k < 6; k++) {
    sp_fs_epoch e;
    CHECK_OK(sp_fs_epoch_get(sim, k, &e));
    CHECK(e.index == k && e.phase == SP_FS_PHASE_BASELINE);
    CHECK(e.start_ms == k * E && e.end_ms == (k + 1) * E);
    CHECK(e.requests > 0 && e.cache_hits > 0 && e.disk_reads > 0);
    CHECK(e.cache_lookups - e.cache_hits == e.disk_blocks);      /* every missed block is read once */
    CHECK_NEAR(e.hit_ratio, (double)e.cache_hits / (double)e.cache_lookups, 1e-12);
    CHECK_NEAR(e.req_per_s, (double)e.requests / (E / 1000.0), 1e-9);
    CHECK(e.files_moved == 0 && e.disk_writes == 0 && e.log_bytes == 0);
    int64_t ga[16], gsum = 0, hist[SP_FS_SEEK_BINS], hsum = 0;
    CHECK_OK(sp_fs_group_accesses(sim, k, ga, 16));
    for (int g = 0; g < 16; g++) { gsum += ga[g]; CHECK(ga[g] > 0); }   /* data spread over every group */
    CHECK(gsum == e.disk_blocks + e.write_blocks);
    CHECK_OK(sp_fs_seek_hist(sim, k, hist, SP_FS_SEEK_BINS));
    for (int b = 0; b < SP_FS_SEEK_BINS; b++) hsum += hist[b];
    CHECK(hsum == e.seeks && e.seeks > 0);
    CHECK(e.seek_mean_cyl > 0 && e.seek_mean_frac > 0 && e.seek_mean_ms > 0);
    requests += e.requests; reads += e.disk_reads; blocks += e.disk_blocks;
  }
  /* every client is inside a request when an epoch ends (no think time): one open each not done */
  CHECK(requests == opens - 8);
  CHECK(reads == misses && blocks == miss_blocks);
  int32_t now[16], goal[16], total = 0;
  CHECK_OK(sp_fs_group_files(sim, now, goal, 16));
  for (int g = 0; g < 16; g++) { total += now[g]; CHECK(now[g] > 0 && goal[g] == 0); }
  sp_fs_info info;
  CHECK_OK(sp_fs_info_get(sim, &info));
  CHECK(total == info.files && info.files == 1600 && info.groups == 16 && info.epochs == 6);
  CHECK(info.partition_first == 2000000 && info.partition_blocks == 16384 && info.first_cyl <= info.last_cyl);
  CHECK(sp_fs_epoch_get(sim, 6, &(sp_fs_epoch){ 0 }) == SP_E_RANGE);
  CHECK(sp_fs_group_accesses(sim, 0, (int64_t[15]){ 0 }, 15) == SP_E_RANGE);
  sp_free(sim);
}

static uint64_t epochs_hash(sp_sim *sim) {
  uint64_t h = 1469598103934665603ull;
  for (int k = 0; k < sp_fs_epoch_count(sim); k++) {
    sp_fs_epoch e;
    sp_fs_epoch_get(sim, k, &e);
    const unsigned char *p = (const unsigned char *)&e;
    for (size_t i = 0; i < sizeof e; i++) h = (h ^ p[i]) * 1099511628211ull;
  }
  return h;
}

static void test_same_seed_same_epochs(void) {
  sp_sim *a = fs_fixture(9, SP_FS_POLICY_NONE), *b = fs_fixture(9, SP_FS_POLICY_NONE), *c = fs_fixture(10, SP_FS_POLICY_NONE);
  CHECK(a && b && c);
  if (!a || !b || !c) return;
  CHECK_OK(fs_fixture_run(a, 4)); CHECK_OK(fs_fixture_run(b, 4)); CHECK_OK(fs_fixture_run(c, 4));
  const uint64_t ha = epochs_hash(a), hb = epochs_hash(b), hc = epochs_hash(c);
  printf("     epochs hash (seed 9): %016llx\n", (unsigned long long)ha);
  CHECK(ha == hb && ha != hc);
  /* a reset with the same seed runs the same again (the file system is built anew) */
  CHECK_OK(sp_reset(a, 9));
  CHECK(sp_fs_epoch_count(a) == 0);
  CHECK_OK(fs_fixture_run(a, 4));
  CHECK(epochs_hash(a) == hb);
  sp_free(a); sp_free(b); sp_free(c);
}

static void test_parameters_are_checked(void) {
  sp_sim *sim = fs_fixture(1, SP_FS_POLICY_NONE);
  CHECK(sim != NULL);
  if (!sim) return;
  CHECK(sp_fs_set(sim, SP_FSP_CLIENTS, 0) == SP_E_INVALID && strcmp(sp_error_field(sim), "fs.clients") == 0);
  CHECK(sp_fs_set(sim, SP_FSP_ZIPF, NAN) == SP_E_INVALID && strcmp(sp_error_field(sim), "fs.zipf") == 0);
  CHECK(sp_fs_set(sim, SP_FSP_COPIES, 2.5) == SP_E_INVALID);
  CHECK(sp_fs_set(sim, (sp_fs_param)SP_FSP_COUNT, 1) == SP_E_INVALID);
  CHECK(isnan(sp_fs_get(sim, (sp_fs_param)-1)));
  CHECK(sp_fs_info_get(sim, &(sp_fs_info){ 0 }) == SP_E_STATE);
  CHECK_OK(sp_fs_set(sim, SP_FSP_COPIES, 40));          /* 16,000 files: more than 16 x 256 inodes */
  CHECK(sp_fs_commit(sim) == SP_E_INVALID && strcmp(sp_error_field(sim), "fs.inodes_per_group") == 0);
  CHECK_OK(sp_fs_set(sim, SP_FSP_INODES_PER_GROUP, 1024));   /* inodes enough, but 120 MB in 64 MB */
  CHECK_OK(sp_fs_set(sim, SP_FSP_COPIES, 30));
  CHECK(sp_fs_commit(sim) == SP_E_INVALID && strcmp(sp_error_field(sim), "fs.copies") == 0);
  CHECK(sp_run(sim, 1000) == SP_E_INVALID);
  CHECK_OK(sp_fs_set(sim, SP_FSP_COPIES, 4));
  CHECK_OK(sp_run(sim, 1000));
  CHECK(sp_fs_set(sim, SP_FSP_COPIES, 3) == SP_E_STATE);
  CHECK(sp_fs_get(sim, SP_FSP_COPIES) == 4);
  sp_free(sim);
}

/* A file set the cache holds entirely: requests need no disk, only the clock's cpu_ms. One
 * sp_run call without a time limit must still stop after SP_MAX_WORK_PER_RUN units of work,
 * the lookups counted (found by the fuzzer: 27 s in one call under the sanitizers). */
static void test_a_cached_run_is_bounded_per_call(void) {
  sp_sim *sim = fs_fixture(2, SP_FS_POLICY_NONE);
  CHECK(sim != NULL);
  if (!sim) return;
  sp_fs_set(sim, SP_FSP_CACHE_MB, 64);                 /* the whole partition */
  sp_fs_set(sim, SP_FSP_EPOCH_MS, 1000);
  CHECK(sp_run(sim, -1) == SP_MORE);
  int64_t lookups = 0, hits = 0;
  for (int k = 0; k < sp_fs_epoch_count(sim); k++) {
    sp_fs_epoch e;
    sp_fs_epoch_get(sim, k, &e);
    lookups += e.cache_lookups; hits += e.cache_hits;
  }
  CHECK(lookups > 100000 && hits > lookups * 9 / 10);
  CHECK(lookups <= SP_MAX_WORK_PER_RUN);
  sp_free(sim);
}

/* 40,000 files in one copy: drawing their sizes alone is 4 million bisection
 * steps, more than one call's work (SP_MAX_WORK_PER_RUN), so sp_fs_commit
 * builds in slices: SP_MORE with the progress rising, the queries refusing a
 * half-built file system, then SP_OK. A parameter set between slices starts
 * it again; the result is the file system a run builds in its own slices. */
static sp_sim *many_files(uint64_t seed) {
  sp_sim *sim = fs_fixture(seed, SP_FS_POLICY_NONE);
  if (!sim) return NULL;
  sp_fs_set(sim, SP_FSP_FILES_PER_COPY, 40000);
  sp_fs_set(sim, SP_FSP_COPIES, 1);
  sp_fs_set(sim, SP_FSP_PARTITION_BLOCKS, 65536);        /* 64 groups of 1,024 inodes */
  sp_fs_set(sim, SP_FSP_INODES_PER_GROUP, 1024);
  return sim;
}

static void test_the_build_is_bounded_per_call(void) {
  sp_sim *a = many_files(3), *b = many_files(3);
  CHECK(a && b);
  if (!a || !b) return;
  CHECK(sp_fs_build_progress(a) == 0);
  CHECK(sp_fs_commit(a) == SP_MORE);
  double before = sp_fs_build_progress(a);
  CHECK(before > 0 && before < 1);
  CHECK(sp_fs_info_get(a, &(sp_fs_info){ 0 }) == SP_E_STATE && sp_fs_group_count(a) == 0);
  CHECK_OK(sp_fs_set(a, SP_FSP_CLIENTS, 8));             /* unchanged value, but a new build */
  CHECK(sp_fs_build_progress(a) == 0);
  int calls = 0, rising = 1;
  sp_status st;
  before = 0;
  while ((st = sp_fs_commit(a)) == SP_MORE && calls < 1000) {
    const double now = sp_fs_build_progress(a);
    rising &= now > before && now < 1;
    before = now;
    calls++;
  }
  CHECK_OK(st);
  CHECK(rising && calls >= 2 && sp_fs_build_progress(a) == 1);
  printf("     %d slices before the last\n", calls);
  sp_fs_info info;
  CHECK_OK(sp_fs_info_get(a, &info));
  CHECK(info.files == 40000);
  /* b builds inside sp_run: SP_MORE with no output until the clients start */
  CHECK_OK(sp_output_configure(b, 1024, 0));
  CHECK(sp_run(b, 1000) == SP_MORE && sp_event_count(b) == 0 && sp_now(b) == 0);
  CHECK_OK(fs_fixture_run(a, 2));
  CHECK_OK(fs_fixture_run(b, 2));
  CHECK(sp_fs_epoch_count(a) == 2 && epochs_hash(a) == epochs_hash(b));
  sp_free(a); sp_free(b);
}

int main(void) {
  RUN(test_epoch_stats_add_up);
  RUN(test_same_seed_same_epochs);
  RUN(test_parameters_are_checked);
  RUN(test_a_cached_run_is_bounded_per_call);
  RUN(test_the_build_is_bounded_per_call);
  return check_summary("fsexp");
}
