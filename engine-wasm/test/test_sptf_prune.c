/* test_sptf_prune.c — the pruned SPTF chooses exactly what weighing every queued
 * request chooses (ties to the first in the queue), on seek curves and on a
 * seek table that is not monotonic, with zero latency, write settle, and
 * after the seek parameters change; and the LBN-to-track index agrees with a
 * scan of the track table on disks with slips, remaps and spare tracks. */
#include "check.h"
#include "fixtures.h"
#include "engine.h"
#include <stdint.h>
#include <stdlib.h>

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t next_rand(void) {             /* splitmix64 */
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

/* SPTF by weighing every queued request: the first with the least time. */
static int32_t sptf_reference(const disk *d, double t) {
  int32_t best = 0; double bt = INFINITY;
  for (int32_t i = 0; i < d->qlen; i++) {
    double pt = mech_positioning(d, d->cyl, d->surface, t, d->queue[i]->lbn, d->queue[i]->is_write);
    if (pt < bt) { bt = pt; best = i; }
  }
  return best;
}

/* Random queues (some with repeated requests, so that times tie) from random
 * head positions and times; returns the number of decisions that differ. */
static int compare_picks(sp_sim *sim, int di, int rounds) {
  disk *d = sim->disks[di];
  static request reqs[600];
  int differ = 0;
  for (int k = 0; k < rounds; k++) {
    int32_t n = 1 + (int32_t)(next_rand() % (k % 4 == 0 ? 600 : 40));
    for (int32_t i = 0; i < n; i++) {
      request *r = &reqs[i];
      if (i > 0 && next_rand() % 5 == 0) { *r = reqs[next_rand() % (uint64_t)i]; }
      else {
        r->lbn = (int64_t)(next_rand() % (uint64_t)d->capacity);
        r->is_write = (int32_t)(next_rand() % 2);
        extent e;
        layout_extent(d, r->lbn, 1, &e);
        r->target_cyl = e.cyl; r->target_surface = e.surface;
      }
      d->queue[i] = r;
    }
    d->qlen = n;
    d->cyl = (int32_t)(next_rand() % (uint64_t)d->cylinders);
    d->surface = (int32_t)(next_rand() % (uint64_t)d->surfaces);
    d->p[SP_DP_SCHEDULER] = SP_SCHED_SPTF;
    double t = (double)(next_rand() % 1000000) / 997.0;
    if (sched_pick(d, t) != sptf_reference(d, t)) differ++;
  }
  d->qlen = 0;
  return differ;
}

static void test_sptf_curve_matches_exhaustive(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_c2200a(sim);
  CHECK(compare_picks(sim, d, 3000) == 0);
  sp_disk_set(sim, d, SP_DP_ZERO_LATENCY, 1);
  sp_disk_set(sim, d, SP_DP_WRITE_SETTLE_MS, 0.7);
  CHECK(compare_picks(sim, d, 3000) == 0);
  /* The curve changes after commit: the floor must follow it. A much
   * slower curve makes the old floor too low (harmless), a much faster one
   * makes it too high (it would prune requests that win). */
  sp_disk_set(sim, d, SP_DP_SEEK_A, 0.05); sp_disk_set(sim, d, SP_DP_SEEK_B, 0.01);
  sp_disk_set(sim, d, SP_DP_SEEK_C, 0.2); sp_disk_set(sim, d, SP_DP_SEEK_E, 0.0001);
  CHECK(compare_picks(sim, d, 3000) == 0);
  sp_free(sim);
}

static void test_sptf_nonmonotonic_table_matches_exhaustive(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_SECTORS_PER_ZONE, 30);
  sp_disk_set(sim, d, SP_DP_SEEK_MODEL, SP_SEEK_TABLE);
  /* Short seeks slower than longer ones (as in measured tables) and dips in
   * the middle (a falling last slope is refused at commit). */
  sp_disk_add_seek_point(sim, d, 1, 3.0);
  sp_disk_add_seek_point(sim, d, 2, 1.0);
  sp_disk_add_seek_point(sim, d, 10, 6.0);
  sp_disk_add_seek_point(sim, d, 20, 0.5);
  sp_disk_add_seek_point(sim, d, 30, 5.0);
  sp_disk_add_seek_point(sim, d, 40, 7.0);
  sp_disk_add_defect(sim, d, 3, 1, 7, SP_DEFECT_SLIP);
  sp_disk_add_defect(sim, d, 25, 2, 3, SP_DEFECT_REMAP);
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK(compare_picks(sim, d, 4000) == 0);
  sp_disk_set(sim, d, SP_DP_ZERO_LATENCY, 1);
  CHECK(compare_picks(sim, d, 4000) == 0);
  sp_free(sim);
}

static int32_t track_by_scan(const disk *d, int64_t lbn) {
  for (int32_t t = 0; t < d->ntracks; t++)
    if (d->tracks[t].lbn_count && lbn >= d->tracks[t].first_lbn && lbn < d->tracks[t].first_lbn + d->tracks[t].lbn_count)
      return t;
  return -1;
}

static void check_every_lbn(sp_sim *sim, int di) {
  const disk *d = sim->disks[di];
  int bad = 0;
  for (int64_t lbn = 0; lbn < d->capacity; lbn++)          /* in order (the hint's path) */
    if (layout_track_of(d, lbn) != track_by_scan(d, lbn)) bad++;
  for (int k = 0; k < 20000; k++) {                        /* at random (the index's path) */
    int64_t lbn = (int64_t)(next_rand() % (uint64_t)d->capacity);
    if (layout_track_of(d, lbn) != track_by_scan(d, lbn)) bad++;
  }
  CHECK(bad == 0);
}

static void test_track_index_matches_scan(void) {
  const int kinds[][2] = { { SP_SPARE_NONE, 0 }, { SP_SPARE_SECTORS_PER_TRACK, 3 },
                           { SP_SPARE_SECTORS_PER_CYLINDER, 7 }, { SP_SPARE_SECTORS_PER_ZONE, 41 },
                           { SP_SPARE_TRACKS_PER_ZONE, 5 } };
  for (int k = 0; k < 5; k++) {
    sp_sim *sim = sp_new(1);
    int d = fixture_small(sim, kinds[k][0], kinds[k][1]);
    if (kinds[k][0] != SP_SPARE_NONE)           /* slips and remaps need spare slots */
      for (int j = 0; j < 40; j++)
        CHECK_OK(sp_disk_add_defect(sim, d, 2 + j, j % 4, (j * 7) % 50, j % 3 ? SP_DEFECT_SLIP : SP_DEFECT_REMAP));
    if (sp_disk_commit(sim, d) != SP_OK) { CHECK(!"commit"); fprintf(stderr, "  %s\n", sp_error(sim)); sp_free(sim); continue; }
    check_every_lbn(sim, d);
    sp_free(sim);
  }
}

int main(void) {
  RUN(test_sptf_curve_matches_exhaustive);
  RUN(test_sptf_nonmonotonic_table_matches_exhaustive);
  RUN(test_track_index_matches_scan);
  return check_summary("scheduling and lookups");
}
