/* test_zone_params.c — per-zone layout parameters (sp_disk_set_zone): a
 * zone's first-block offset, the empty space at its front and the ranges its
 * spares are kept per, each on a hand-computed case. */
#include "check.h"
#include "spindle_extract.h"
#include "spindle.h"
#include <string.h>

/* 2 surfaces, 10 ms per revolution; zone 0: cylinders 0..3, 10 sectors per
 * track, track skew 2, cylinder skew 3; zone 1: cylinders 4..5, 8 sectors,
 * track skew 1, cylinder skew 2. No spares. Not committed. */
static int two_zones(sp_sim *sim) {
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_SURFACES, 2);
  sp_disk_set(sim, d, SP_DP_RPM, 6000);
  sp_disk_add_zone(sim, d, 0, 3, 10, 2, 3, SP_SPARE_NONE, 0);
  sp_disk_add_zone(sim, d, 4, 5, 8, 1, 2, SP_SPARE_NONE, 0);
  return d;
}

static double slot0(sp_sim *sim, int d, int track) {
  sp_track t;
  if (sp_track_info(sim, d, track, &t) != SP_OK) return -1;
  return t.slot0_angle;
}

static int64_t lbn_at(sp_sim *sim, int d, int cyl, int surface, int slot) {
  int64_t lbn = -9;
  if (sp_phys_to_lbn(sim, d, cyl, surface, slot, &lbn) != SP_OK) return -9;
  return lbn;
}

/* Derived offsets (the default): the skew carries on across the zone boundary. */
static void test_offset_derived_carries_skew_on(void) {
  sp_sim *sim = sp_new(1);
  int d = two_zones(sim);
  CHECK(sp_disk_get_zone(sim, d, 1, SP_ZP_FIRST_BLOCK_OFFSET) == -1);
  CHECK_OK(sp_disk_commit(sim, d));
  /* Zone 0: tracks 0..7; track t of cylinder c: (c*(2+3) + h*2) / 10, mod 1.
   * Track 7 (cyl 3, head 1): 3*5 + 2 = 17 -> 0.7. Track 8 (zone 1, cyl 4):
   * 0.7 + 2/8 (zone 1's cylinder skew) = 0.95. */
  CHECK_NEAR(slot0(sim, d, 7), 0.7, 1e-12);
  CHECK_NEAR(slot0(sim, d, 8), 0.95, 1e-12);
  sp_free(sim);
}

/* A set offset restarts the zone's skew at that angle (DiskSim's layout):
 * 2.5 sectors of 8 = 0.3125; then + track skew 1/8 on the same cylinder,
 * and + cylinder skew 2/8 at the next cylinder. Fractional sectors allowed. */
static void test_offset_restarts_zone_skew(void) {
  sp_sim *sim = sp_new(1);
  int d = two_zones(sim);
  CHECK_OK(sp_disk_set_zone(sim, d, 0, SP_ZP_FIRST_BLOCK_OFFSET, 1.5));
  CHECK_OK(sp_disk_set_zone(sim, d, 1, SP_ZP_FIRST_BLOCK_OFFSET, 2.5));
  CHECK(sp_disk_get_zone(sim, d, 1, SP_ZP_FIRST_BLOCK_OFFSET) == 2.5);
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK_NEAR(slot0(sim, d, 0), 0.15, 1e-12);            /* 1.5 / 10 */
  CHECK_NEAR(slot0(sim, d, 1), 0.35, 1e-12);            /* (1.5 + 2) / 10 */
  CHECK_NEAR(slot0(sim, d, 8), 0.3125, 1e-12);          /* 2.5 / 8, not 0.95 */
  CHECK_NEAR(slot0(sim, d, 9), 0.4375, 1e-12);          /* (2.5 + 1) / 8 */
  CHECK_NEAR(slot0(sim, d, 10), 0.6875, 1e-12);         /* (2.5 + 1 + 2) / 8 */
  /* The mapping's angle of LBN 0 of zone 1 (it starts at slot 0 of track 8). */
  sp_phys p;
  CHECK_OK(sp_lbn_to_phys(sim, d, 80, &p));
  CHECK(p.cyl == 4 && p.surface == 0 && p.slot == 0);
  CHECK_NEAR(p.angle, 0.3125, 1e-12);
  sp_free(sim);
}

/* An offset of 0 is an offset: DiskSim's g1_map_pbn_skew starts every zone at
 * its "Offset of first block", 0 included, so zone 1's first track is at
 * angle 0 (carried on it would be 0.95) and its skew runs from there. */
static void test_zero_offset_restarts_at_angle_zero(void) {
  sp_sim *sim = sp_new(1);
  int d = two_zones(sim);
  CHECK_OK(sp_disk_set_zone(sim, d, 1, SP_ZP_FIRST_BLOCK_OFFSET, 0));
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK_NEAR(slot0(sim, d, 7), 0.7, 1e-12);             /* zone 0 carries its own skew */
  CHECK_NEAR(slot0(sim, d, 8), 0, 0);
  CHECK_NEAR(slot0(sim, d, 9), 0.125, 1e-12);           /* + track skew 1/8 */
  sp_free(sim);
}

/* Front space: the zone's first data slots, across a track boundary, hold no
 * LBN; the LBNs that follow start after them; capacity drops by as much. */
static void test_front_space_not_whole_tracks(void) {
  sp_sim *sim = sp_new(1);
  int d = two_zones(sim);
  CHECK_OK(sp_disk_set_zone(sim, d, 0, SP_ZP_FRONT_SPACE_SECTORS, 13));
  CHECK(sp_disk_get_zone(sim, d, 0, SP_ZP_FRONT_SPACE_SECTORS) == 13);
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK(sp_disk_capacity(sim, d) == 80 - 13 + 32);
  CHECK(lbn_at(sim, d, 0, 0, 0) == -1 && lbn_at(sim, d, 0, 0, 9) == -1);   /* track 0: all front */
  CHECK(lbn_at(sim, d, 0, 1, 2) == -1);
  CHECK(lbn_at(sim, d, 0, 1, 3) == 0);                  /* 13th data slot of the zone */
  CHECK(lbn_at(sim, d, 0, 1, 9) == 6);
  CHECK(lbn_at(sim, d, 1, 0, 0) == 7);
  CHECK(lbn_at(sim, d, 4, 0, 0) == 67);                 /* zone 1 unchanged, right after */
  sp_phys p;
  CHECK_OK(sp_lbn_to_phys(sim, d, 0, &p));
  CHECK(p.cyl == 0 && p.surface == 1 && p.slot == 3);
  sp_track t;
  CHECK_OK(sp_track_info(sim, d, 0, &t));
  CHECK(t.lbn_count == 0);
  CHECK_OK(sp_track_info(sim, d, 1, &t));
  CHECK(t.first_lbn == 0 && t.lbn_count == 7);
  sp_free(sim);
}

/* Front space counts data slots: a slipped slot inside it is stepped over
 * (DiskSim subtracts the empty space after slips), so the first LBN moves one
 * slot further on; with no spares the zone loses one more LBN to the slip. */
static void test_front_space_steps_over_slips(void) {
  sp_sim *sim = sp_new(1);
  int d = two_zones(sim);
  CHECK_OK(sp_disk_set_zone(sim, d, 0, SP_ZP_FRONT_SPACE_SECTORS, 13));
  CHECK_OK(sp_disk_add_defect(sim, d, 0, 1, 1, SP_DEFECT_SLIP));
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK(sp_disk_capacity(sim, d) == 80 - 13 - 1 + 32);
  CHECK(lbn_at(sim, d, 0, 1, 1) == -2);                 /* the slipped slot */
  CHECK(lbn_at(sim, d, 0, 1, 3) == -1);                 /* data slots 0, 2, 3 are front space */
  CHECK(lbn_at(sim, d, 0, 1, 4) == 0);
  sp_free(sim);
}

/* Front space with spare tracks at the zone's end (DiskSim's track sparing):
 * the LBN count is slots - front - spares, whatever the front's size. */
static void test_front_space_with_spare_tracks(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_SURFACES, 2);
  CHECK_OK(sp_disk_add_zone(sim, d, 0, 3, 10, 2, 3, SP_SPARE_TRACKS_PER_ZONE, 1));
  CHECK_OK(sp_disk_set_zone(sim, d, 0, SP_ZP_FRONT_SPACE_SECTORS, 25));
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK(sp_disk_capacity(sim, d) == 80 - 25 - 10);
  CHECK(lbn_at(sim, d, 1, 0, 4) == -1 && lbn_at(sim, d, 1, 0, 5) == 0);
  CHECK(lbn_at(sim, d, 3, 0, 9) == 44 && lbn_at(sim, d, 3, 1, 0) == -1);  /* the spare track */
  sp_free(sim);
}

static void test_zone_params_refused(void) {
  sp_sim *sim = sp_new(1);
  int d = two_zones(sim);
  CHECK(sp_disk_set_zone(sim, d, 1, SP_ZP_FIRST_BLOCK_OFFSET, 8) == SP_E_INVALID);   /* past the track */
  CHECK(strstr(sp_error(sim), "zones[1].first_block_offset") != NULL);
  CHECK(sp_disk_set_zone(sim, d, 1, SP_ZP_FIRST_BLOCK_OFFSET, -0.5) == SP_E_INVALID);
  CHECK(sp_disk_set_zone(sim, d, 1, SP_ZP_FIRST_BLOCK_OFFSET, NAN) == SP_E_INVALID);
  CHECK(sp_disk_set_zone(sim, d, 1, SP_ZP_FRONT_SPACE_SECTORS, 1.5) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "zones[1].front_space_sectors") != NULL);
  CHECK(sp_disk_set_zone(sim, d, 1, SP_ZP_FRONT_SPACE_SECTORS, -1) == SP_E_INVALID);
  CHECK(sp_disk_set_zone(sim, d, 2, SP_ZP_FRONT_SPACE_SECTORS, 0) == SP_E_RANGE);      /* no zone 2 */
  CHECK(sp_disk_set_zone(sim, d, 0, 7, 0) == SP_E_INVALID);
  CHECK(isnan(sp_disk_get_zone(sim, d, 2, SP_ZP_FRONT_SPACE_SECTORS)));
  CHECK(isnan(sp_disk_get_zone(sim, d, 0, -1)));
  /* More front space than the zone's data sectors: refused at commit, named. */
  CHECK_OK(sp_disk_set_zone(sim, d, 1, SP_ZP_FRONT_SPACE_SECTORS, 33));
  CHECK(sp_disk_commit(sim, d) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "zones[1].front_space_sectors") != NULL);
  CHECK_OK(sp_disk_set_zone(sim, d, 1, SP_ZP_FRONT_SPACE_SECTORS, 32));  /* a zone of no LBNs is fine */
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK(sp_disk_capacity(sim, d) == 80);
  /* The layout is fixed after commit. */
  CHECK(sp_disk_set_zone(sim, d, 0, SP_ZP_FRONT_SPACE_SECTORS, 1) == SP_E_STATE);
  sp_free(sim);
}

/* Spares per range (DiskSim's SECTPERRANGE_SPARING): 2 surfaces, cylinders
 * 0..4, 10 sectors a track, 3 spares per 2-cylinder range. Ranges [0,1] and
 * [2,3] hold 40 - 3 = 37 LBNs each, their spares the last 3 slots of their
 * last track; the partial range [4] keeps none: 20 LBNs; 94 in all (pooled at
 * the zone's end it would be 97, LBN 37 on cylinder 1). */
static int ranged_zone(sp_sim *sim) {
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_SURFACES, 2);
  sp_disk_add_zone(sim, d, 0, 4, 10, 2, 3, SP_SPARE_SECTORS_PER_ZONE, 3);
  sp_disk_set_zone(sim, d, 0, SP_ZP_SPARE_RANGE_CYLINDERS, 2);
  return d;
}

static void test_spares_per_range(void) {
  sp_sim *sim = sp_new(1);
  int d = ranged_zone(sim);
  CHECK(sp_disk_get_zone(sim, d, 0, SP_ZP_SPARE_RANGE_CYLINDERS) == 2);
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK(sp_disk_capacity(sim, d) == 94);
  CHECK(lbn_at(sim, d, 1, 1, 6) == 36);                 /* the first range's last LBN */
  CHECK(lbn_at(sim, d, 1, 1, 7) == -1 && lbn_at(sim, d, 1, 1, 9) == -1);   /* its spares */
  CHECK(lbn_at(sim, d, 2, 0, 0) == 37);
  CHECK(lbn_at(sim, d, 3, 1, 6) == 73 && lbn_at(sim, d, 3, 1, 7) == -1);
  CHECK(lbn_at(sim, d, 4, 0, 0) == 74 && lbn_at(sim, d, 4, 1, 9) == 93);    /* the partial range: no spares */
  sp_free(sim);
}

/* A slip uses one of its range's spares: the range's later LBNs move on by one
 * into the first spare slot, the next range is where it was. */
static void test_slip_uses_its_ranges_spare(void) {
  sp_sim *sim = sp_new(1);
  int d = ranged_zone(sim);
  CHECK_OK(sp_disk_add_defect(sim, d, 0, 1, 2, SP_DEFECT_SLIP));
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK(sp_disk_capacity(sim, d) == 94);
  CHECK(lbn_at(sim, d, 0, 1, 2) == -2 && lbn_at(sim, d, 0, 1, 3) == 12);
  CHECK(lbn_at(sim, d, 1, 1, 7) == 36 && lbn_at(sim, d, 1, 1, 8) == -1);
  CHECK(lbn_at(sim, d, 2, 0, 0) == 37);
  sp_free(sim);
}

static void test_spare_range_refused(void) {
  sp_sim *sim = sp_new(1);
  int d = two_zones(sim);                               /* no spares: a range has none to keep */
  CHECK(sp_disk_set_zone(sim, d, 0, SP_ZP_SPARE_RANGE_CYLINDERS, 2) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "zones[0].spare_range_cylinders") != NULL);
  int e = ranged_zone(sim);
  CHECK(sp_disk_set_zone(sim, e, 0, SP_ZP_SPARE_RANGE_CYLINDERS, 6) == SP_E_INVALID);   /* the zone has 5 */
  CHECK(sp_disk_set_zone(sim, e, 0, SP_ZP_SPARE_RANGE_CYLINDERS, 1.5) == SP_E_INVALID);
  CHECK(sp_disk_set_zone(sim, e, 0, SP_ZP_SPARE_RANGE_CYLINDERS, -1) == SP_E_INVALID);
  CHECK_OK(sp_disk_set_zone(sim, e, 0, SP_ZP_SPARE_RANGE_CYLINDERS, 0));                 /* back to the zone's end */
  CHECK_OK(sp_disk_commit(sim, e));
  CHECK(sp_disk_capacity(sim, e) == 97);
  sp_free(sim);
}

/* A disk copy (the track-boundary extractor's private drive) keeps them. */
static void test_copy_keeps_zone_params(void) {
  sp_sim *a = sp_new(1), *b = sp_new(1);
  int d = two_zones(a);
  sp_disk_set_zone(a, d, 1, SP_ZP_FIRST_BLOCK_OFFSET, 2.5);
  sp_disk_set_zone(a, d, 0, SP_ZP_FRONT_SPACE_SECTORS, 13);
  CHECK_OK(sp_disk_commit(a, d));
  int c = sp_disk_copy(b, a, d);
  CHECK(c >= 0);
  CHECK(sp_disk_capacity(b, c) == sp_disk_capacity(a, d));
  CHECK(slot0(b, c, 8) == slot0(a, d, 8));
  CHECK(lbn_at(b, c, 0, 1, 3) == 0);
  int r = ranged_zone(a);
  CHECK_OK(sp_disk_commit(a, r));
  int rc = sp_disk_copy(b, a, r);
  CHECK(rc >= 0);
  CHECK(sp_disk_capacity(b, rc) == 94 && lbn_at(b, rc, 2, 0, 0) == 37);
  sp_free(a); sp_free(b);
}

int main(void) {
  RUN(test_offset_derived_carries_skew_on);
  RUN(test_offset_restarts_zone_skew);
  RUN(test_zero_offset_restarts_at_angle_zero);
  RUN(test_front_space_not_whole_tracks);
  RUN(test_front_space_steps_over_slips);
  RUN(test_front_space_with_spare_tracks);
  RUN(test_zone_params_refused);
  RUN(test_spares_per_range);
  RUN(test_slip_uses_its_ranges_spare);
  RUN(test_spare_range_refused);
  RUN(test_copy_keeps_zone_params);
  return check_summary("test_zone_params");
}
