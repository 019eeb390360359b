/*
 * test_fsmove.c — the reorganizer (src/reorg.c) and its moves in the
 * experiment (src/fsexp.c): a plan puts every goal inside the target region
 * and wants only files farther than near_groups from their goals; a compress
 * of a compact layout wants nothing; a run with moves copies files for real
 * (disk writes of the data and the inode block, REORG_MOVE events) and never
 * loses a byte: the bitmap stays exactly the files' blocks, the bytes and
 * blocks stored never change, and the files gather into the target region.
 */
#include "check.h"
#include "spindle_fs.h"
#include "fs_fixture.h"
#include "reorg.h"
#include "fsexp.h"
#include <stdlib.h>
#include <string.h>

static void test_plan_goals_inside_the_region(void) {
  enum { N = 60 };
  place_file pf[N];
  int64_t bytes[N];
  for (int i = 0; i < N; i++) {
    pf[i] = (place_file){ (int64_t)i * 300 + (i % 7), 1 + i % 9, 0, -1, 0, (double)(N - i) };
    bytes[i] = pf[i].blocks * 4096;
  }
  reorg *r = reorg_new(N, REORG_POLICY_MTIME, 1000);
  CHECK(reorg_plan(r, pf, bytes, 20000, 1.1, 1000, 1) == SP_OK);
  CHECK(r->region_blocks > 0 && r->region_first > 0);
  int64_t want = 0, wantb = 0;
  for (int i = 0; i < N; i++) {
    CHECK(r->goal[i] >= r->region_first && r->goal[i] + pf[i].blocks <= r->region_first + r->region_blocks);
    const int64_t dg = pf[i].block / 1000 - r->goal[i] / 1000;
    CHECK(r->want[i] == (dg > 1 || dg < -1));
    want += r->want[i]; wantb += r->want[i] ? bytes[i] : 0;
  }
  CHECK(want > 0 && r->to_move_files == want && r->to_move_bytes == wantb);
  int32_t w = -1;
  for (int i = 0; i < N && w < 0; i++) if (r->want[i]) w = i;
  reorg_taken(r, w, bytes[w]);
  reorg_taken(r, w, bytes[w]);                    /* taken once only */
  CHECK(!r->want[w] && r->to_move_files == want - 1 && r->to_move_bytes == wantb - bytes[w]);
  reorg_free(r);
}

static void test_compress_of_a_compact_layout_wants_nothing(void) {
  enum { N = 40 };
  place_file pf[N];
  int64_t bytes[N], data = 0;
  for (int i = 0; i < N; i++) { pf[i].blocks = 1 + (i * 7) % 5; data += pf[i].blocks; bytes[i] = 4096; }
  int64_t first, len;
  reorg_region(data, 1.1, 5000, &first, &len);
  int64_t at = first;
  for (int i = 0; i < N; i++) { pf[i] = (place_file){ at, pf[i].blocks, i % 3, -1, 0, 0 }; at += pf[i].blocks; }
  reorg *r = reorg_new(N, REORG_POLICY_COMPRESS, 1000);
  CHECK(reorg_plan(r, pf, bytes, 5000, 1.1, 100, 0) == SP_OK);   /* not even a group away allowed */
  CHECK(r->region_first == first);
  for (int i = 0; i < N; i++) CHECK(r->goal[i] == pf[i].block && !r->want[i]);
  CHECK(r->to_move_files == 0 && r->to_move_bytes == 0);
  reorg_free(r);
}

/* Files whose first data block lies inside the region now. */
static int32_t files_in_region(sp_sim *sim, const sp_fs_info *info) {
  int32_t now[64], goal[64], n = 0;
  sp_fs_group_files(sim, now, goal, 64);
  const int64_t g0 = info->region_first / info->blocks_per_group;
  const int64_t g1 = (info->region_first + info->region_blocks - 1) / info->blocks_per_group;
  for (int64_t g = g0; g <= g1; g++) n += now[g];
  return n;
}

static void test_moves_copy_for_real_and_lose_nothing(void) {
  sp_sim *sim = fs_fixture(3, SP_FS_POLICY_COMPRESS);
  CHECK(sim != NULL);
  if (!sim) return;
  sp_fs_set(sim, SP_FSP_NEAR_GROUPS, 0);
  CHECK_OK(sp_output_configure(sim, 200000, 0));
  CHECK_OK(sp_fs_commit(sim));
  sp_fs_info info0;
  CHECK_OK(sp_fs_info_get(sim, &info0));
  const int32_t rc0 = fsexp_check(sim);
  if (rc0) printf("     fsexp_check %d\n", rc0);
  CHECK(rc0 == 0);
  const double E = sp_fs_get(sim, SP_FSP_EPOCH_MS);
  int64_t move_events = 0, phase_seen[5] = { 0 };
  for (int k = 0; k < 12; k++) {
    int st;
    do {
      st = sp_run(sim, (k + 1) * E);
      const sp_event *ev = sp_events(sim);
      for (int i = 0; i < sp_event_count(sim); i++) {
        if (ev[i].kind == SP_EV_REORG_MOVE) { move_events++; CHECK(ev[i].c >= 0 && ev[i].c < info0.files); }
        if (ev[i].kind == SP_EV_REORG_PHASE && ev[i].a >= 0 && ev[i].a < 5) phase_seen[ev[i].a]++;
      }
    } while (st == SP_MORE);
    CHECK_OK(st);
    CHECK(fsexp_check(sim) == 0);
  }
  CHECK(phase_seen[SP_FS_PHASE_LOGGING] >= 1 && phase_seen[SP_FS_PHASE_PLACEMENT] >= 1 && phase_seen[SP_FS_PHASE_MOVING] >= 1);
  sp_fs_info info;
  CHECK_OK(sp_fs_info_get(sim, &info));
  CHECK(info.bytes_stored == info0.bytes_stored && info.data_blocks == info0.data_blocks);
  CHECK(info.region_blocks > 0);
  int64_t moved = 0, writes = 0, wblocks = 0, logging_moves = 0;
  for (int k = 0; k < 12; k++) {
    sp_fs_epoch e;
    sp_fs_epoch_get(sim, k, &e);
    moved += e.files_moved; writes += e.disk_writes; wblocks += e.write_blocks;
    if (e.end_ms <= 10000) logging_moves += e.files_moved;      /* log_ms: nothing moves while logging */
  }
  CHECK(moved > 100 && moved == move_events && logging_moves == 0);
  CHECK(writes >= 2 * moved && wblocks >= 2 * moved);          /* the inode block and at least one data block each */
  /* every goal is inside the region; the files have gathered there */
  int32_t now[64], goal[64], goals = 0;
  CHECK_OK(sp_fs_group_files(sim, now, goal, 64));
  const int64_t g0 = info.region_first / info.blocks_per_group;
  const int64_t g1 = (info.region_first + info.region_blocks - 1) / info.blocks_per_group;
  for (int g = 0; g < info.groups; g++) {
    if (g < g0 || g > g1) CHECK(goal[g] == 0);
    goals += goal[g];
  }
  CHECK(goals == info.files);
  const int32_t inside = files_in_region(sim, &info);
  printf("     moved %lld files; %d of %d now start in the region's groups\n", (long long)moved, inside, info.files);
  CHECK(inside > info.files / 2);
  sp_free(sim);
}

static void test_baseline_moves_nothing(void) {
  sp_sim *sim = fs_fixture(3, SP_FS_POLICY_NONE);
  CHECK(sim && fs_fixture_run(sim, 4) == SP_OK);
  for (int k = 0; k < 4; k++) {
    sp_fs_epoch e;
    sp_fs_epoch_get(sim, k, &e);
    CHECK(e.files_moved == 0 && e.disk_writes == 0 && e.phase == SP_FS_PHASE_BASELINE);
  }
  sp_fs_info info;
  sp_fs_info_get(sim, &info);
  CHECK(info.region_blocks == 0 && fsexp_check(sim) == 0);
  sp_free(sim);
}

static void test_logging_stops_at_its_memory_limit(void) {
  sp_sim *sim = fs_fixture(4, SP_FS_POLICY_CENTRE);
  CHECK(sim != NULL);
  if (!sim) return;
  sp_fs_set(sim, SP_FSP_LOG_LIMIT_BYTES, 20000);
  sp_fs_set(sim, SP_FSP_LOG_MS, 1e9);                  /* only the memory limit can end it */
  CHECK_OK(fs_fixture_run(sim, 4));
  int moving = 0;
  for (int k = 0; k < 4; k++) {
    sp_fs_epoch e;
    sp_fs_epoch_get(sim, k, &e);
    CHECK(e.log_bytes > 0 && e.log_bytes <= 20000 && e.logged_opens > 0);
    moving |= e.phase == SP_FS_PHASE_MOVING || e.phase == SP_FS_PHASE_STEADY;
  }
  CHECK(moving);
  CHECK(fsexp_check(sim) == 0);
  sp_free(sim);
}

int main(void) {
  RUN(test_plan_goals_inside_the_region);
  RUN(test_compress_of_a_compact_layout_wants_nothing);
  RUN(test_moves_copy_for_real_and_lose_nothing);
  RUN(test_baseline_moves_nothing);
  RUN(test_logging_stops_at_its_memory_limit);
  return check_summary("fsmove");
}
