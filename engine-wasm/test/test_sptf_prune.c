/* test_sptf_prune.c — the pruned SPTF chooses exactly what weighing every queued
 * request chooses (ties to the first in the queue), on seek curves and on a
 * seek table that is not monotonic, with zero latency, write settle, and
 * after the seek parameters change; and the LBN-to-track index agrees with a
 * scan of the track table on disks with slips, remaps and spare tracks. */
#include "check.h"
#include "fixtures.h"
#include "disk.h"
#include <stdint.h>
#include <stdlib.h>

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t next_rand(void) {             /* splitmix64 */
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

/* SPTF by weighing every queued request: the first with the least cost. */
static int32_t sptf_reference(const disk *d, double t) {
  int32_t best = 0; double bt = INFINITY;
  for (int32_t i = 0; i < d->qlen; i++) {
    const request *r = d->queue[i];
    double pt = mech_sptf_cost(d, d->cyl, d->surface, t, r->lbn, r->sectors, r->is_write);
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
        int64_t most = d->capacity - r->lbn;                 /* 1..300 sectors, inside the disk */
        r->sectors = (int32_t)(1 + next_rand() % (uint64_t)(most < 300 ? most : 300));
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
  sp_disk_set(sim, d, SP_DP_ZERO_LATENCY_WRITES, 0);        /* zero latency for reads only */
  CHECK(compare_picks(sim, d, 3000) == 0);
  sp_disk_set(sim, d, SP_DP_ZERO_LATENCY_WRITES, 1);
  sp_disk_set(sim, d, SP_DP_WRITE_SETTLE_MS, -0.7);         /* DiskSim's faster write positioning */
  CHECK(compare_picks(sim, d, 3000) == 0);
  sp_disk_set(sim, d, SP_DP_WRITE_SETTLE_MS, 0.7);
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


/* Zero latency, by hand. fixture_small, no spares: track 0 (cylinder 0,
 * surface 0) holds LBNs 0..99 in slots 0..99, 10 ms a revolution, 0.1 ms a
 * sector. The head is on that track at slot 12 (t = 1.2 ms past slot 0's
 * angle). A = 8 sectors from LBN 10 (slots 10..17), B = 8 from LBN 50.
 * A with zero latency: read slots 12..17 at once, come round for 10 and 11:
 * done when the head is back at slot 12, one revolution = 10 ms. B: wait for
 * slot 50 (3.8 ms), read 8 (0.8 ms) = 4.6 ms. SPTF must take B. (Planning A's
 * first sector to the end of its track instead would cost it 1.0 ms: the
 * slots before slot 10, with the head landing inside the data.) Without zero
 * latency the yardstick is the positioning time: A 9.8 ms, B 3.8 ms. */
static void test_sptf_zero_latency_by_hand(void) {
  sp_sim *sim = sp_new(1);
  int di = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(sim, di));
  disk *d = sim->disks[di];
  const double t = d->tracks[0].slot0_angle * 10.0 + 1.2;
  CHECK_OK(sp_disk_set(sim, di, SP_DP_ZERO_LATENCY, 1));
  CHECK_NEAR(mech_sptf_cost(d, 0, 0, t, 10, 8, 0), 10.0, 1e-6);
  CHECK_NEAR(mech_sptf_cost(d, 0, 0, t, 50, 8, 0), 4.6, 1e-6);
  CHECK_NEAR(mech_sptf_cost(d, 0, 0, t, 12, 4, 0), 0.4, 1e-6);     /* head at its start: no wait */
  request a = {0}, b = {0};
  a.lbn = 10; a.sectors = 8; a.target_cyl = 0; a.id = 0;
  b.lbn = 50; b.sectors = 8; b.target_cyl = 0; b.id = 1;
  d->queue[0] = &a; d->queue[1] = &b; d->qlen = 2;
  d->cyl = 0; d->surface = 0;
  d->p[SP_DP_SCHEDULER] = SP_SCHED_SPTF;
  CHECK(sched_pick(d, t) == 1);
  d->p[SP_DP_ZERO_LATENCY] = 0;
  CHECK_NEAR(mech_sptf_cost(d, 0, 0, t, 10, 8, 0), 9.8, 1e-6);
  CHECK_NEAR(mech_sptf_cost(d, 0, 0, t, 50, 8, 0), 3.8, 1e-6);
  CHECK(sched_pick(d, t) == 1);
  d->qlen = 0;
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
  RUN(test_sptf_zero_latency_by_hand);
  RUN(test_sptf_curve_matches_exhaustive);
  RUN(test_sptf_nonmonotonic_table_matches_exhaustive);
  RUN(test_track_index_matches_scan);
  return check_summary("scheduling and lookups");
}
