/* test_layout.c — LBN <-> physical mapping, sparing, defects, track bounds. */
#include "check.h"
#include "fixtures.h"
#include <stdlib.h>
#include <string.h>

/* Every LBN maps to a slot that maps back to it; every slot holds at most one
 * LBN; track boundaries agree with the mapping. */
static void check_round_trip(sp_sim *sim, int d) {
  int64_t cap = sp_disk_capacity(sim, d);
  CHECK(cap > 0);
  int tracks = sp_disk_track_count(sim, d);
  int64_t seen = 0, prev_end = 0;
  for (int t = 0; t < tracks; t++) {
    sp_track tr;
    CHECK_OK(sp_track_info(sim, d, t, &tr));
    if (tr.lbn_count > 0) {                   /* tracks tile the LBN space in order */
      CHECK(tr.first_lbn == prev_end);
      prev_end = tr.first_lbn + tr.lbn_count;
    }                                         /* (an all-spare track may hold remapped LBNs) */
    for (int s = 0; s < tr.slots; s++) {
      int64_t lbn;
      CHECK_OK(sp_phys_to_lbn(sim, d, tr.cyl, tr.surface, s, &lbn));
      if (lbn < 0) continue;
      sp_phys p;
      CHECK_OK(sp_lbn_to_phys(sim, d, lbn, &p));
      CHECK(p.cyl == tr.cyl && p.surface == tr.surface && p.slot == s);
      seen++;
    }
  }
  CHECK(prev_end == cap);
  CHECK(seen == cap);                           /* no LBN lost, none twice */
  for (int64_t lbn = 0; lbn < cap; lbn++) {
    sp_phys p; int64_t back = -9;
    if (sp_lbn_to_phys(sim, d, lbn, &p) != SP_OK) { CHECK(0); break; }
    sp_phys_to_lbn(sim, d, p.cyl, p.surface, p.slot, &back);
    if (back != lbn) { CHECK(back == lbn); break; }
    int t = sp_track_of_lbn(sim, d, lbn);
    sp_track tr;
    sp_track_info(sim, d, t, &tr);
    if (!p.remapped && (t != p.cyl * 4 + p.surface)) { CHECK(0); break; }
    if (lbn < tr.first_lbn || lbn >= tr.first_lbn + tr.lbn_count) { CHECK(0); break; }
  }
}

static void test_round_trip_no_spares(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK(sp_disk_capacity(sim, d) == 20 * 4 * (100 + 80 + 60));
  check_round_trip(sim, d);
  sp_free(sim);
}

static void test_round_trip_every_spare_kind_with_defects(void) {
  const int kinds[][2] = { {SP_SPARE_SECTORS_PER_TRACK, 2}, {SP_SPARE_SECTORS_PER_CYLINDER, 5},
                           {SP_SPARE_SECTORS_PER_ZONE, 40}, {SP_SPARE_TRACKS_PER_ZONE, 2} };
  for (int k = 0; k < 4; k++) {
    for (int policy = 0; policy < 2; policy++) {
      sp_sim *sim = sp_new(1);
      int d = fixture_small(sim, kinds[k][0], kinds[k][1]);
      CHECK_OK(sp_disk_add_defect(sim, d, 3, 1, 7, policy));
      CHECK_OK(sp_disk_add_defect(sim, d, 25, 2, 0, policy));
      CHECK_OK(sp_disk_add_defect(sim, d, 41, 0, 30, SP_DEFECT_SLIP));
      CHECK_OK(sp_disk_commit(sim, d));
      /* Spares are reserved, defects hidden: capacity is what the sparing keeps. */
      int64_t raw = 20 * 4 * (100 + 80 + 60), spare;
      switch (kinds[k][0]) {
        case SP_SPARE_SECTORS_PER_TRACK: spare = 2 * 240; break;
        case SP_SPARE_SECTORS_PER_CYLINDER: spare = 5 * 60; break;
        case SP_SPARE_SECTORS_PER_ZONE: spare = 40 * 3; break;
        default: spare = 2 * (100 + 80 + 60); break;
      }
      CHECK(sp_disk_capacity(sim, d) == raw - spare);
      int64_t lbn;
      CHECK_OK(sp_phys_to_lbn(sim, d, 3, 1, 7, &lbn));
      CHECK(lbn == -2);                         /* the defective slot holds nothing */
      check_round_trip(sim, d);
      sp_free(sim);
    }
  }
}

static void test_slip_shifts_following_lbns(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_SECTORS_PER_TRACK, 2);
  sp_disk_add_defect(sim, d, 0, 0, 10, SP_DEFECT_SLIP);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_phys p;
  sp_lbn_to_phys(sim, d, 9, &p);  CHECK(p.slot == 9);
  sp_lbn_to_phys(sim, d, 10, &p); CHECK(p.slot == 11);     /* slipped one on */
  sp_lbn_to_phys(sim, d, 97, &p); CHECK(p.slot == 98 && p.cyl == 0 && p.surface == 0);
  sp_lbn_to_phys(sim, d, 98, &p); CHECK(p.surface == 1 && p.slot == 0);   /* spares absorbed it */
  sp_free(sim);
}

static void test_remap_moves_one_lbn(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_SECTORS_PER_TRACK, 2);
  sp_disk_add_defect(sim, d, 0, 0, 10, SP_DEFECT_REMAP);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_phys p;
  sp_lbn_to_phys(sim, d, 10, &p); CHECK(p.remapped == 1 && p.slot == 98);  /* first spare */
  sp_lbn_to_phys(sim, d, 11, &p); CHECK(p.remapped == 0 && p.slot == 11);  /* others stay */
  sp_free(sim);
}

/* A request to a remapped LBN is aimed where its data is: the spare's
 * cylinder and surface (a spare track at the zone's end, another cylinder),
 * as its ARRIVE event and sp_lbn_to_phys show; a neighbour keeps its own. */
static void test_request_to_remapped_lbn_aims_at_its_spare(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_TRACKS_PER_ZONE, 1);
  sp_disk_add_defect(sim, d, 2, 1, 30, SP_DEFECT_REMAP);
  CHECK_OK(sp_disk_commit(sim, d));
  int64_t moved = -1;
  CHECK_OK(sp_phys_to_lbn(sim, d, 2, 1, 30, &moved));       /* -2: remapped away */
  CHECK(moved == -2);
  sp_track home;
  sp_track_info(sim, d, 2 * 4 + 1, &home);
  const int64_t lbns[2] = { home.first_lbn + 30, home.first_lbn + 31 };
  sp_phys p[2];
  for (int k = 0; k < 2; k++) CHECK_OK(sp_lbn_to_phys(sim, d, lbns[k], &p[k]));
  CHECK(p[0].remapped && p[0].cyl != 2);                    /* the case means something */
  CHECK(!p[1].remapped && p[1].cyl == 2 && p[1].surface == 1);
  sp_output_configure(sim, 256, 16);
  for (int k = 0; k < 2; k++) sp_request_submit(sim, d, 100.0 * k, lbns[k], 1, 0);
  CHECK_OK(sp_run(sim, -1));
  int seen = 0;
  const sp_event *ev = sp_events(sim);
  for (int i = 0; i < sp_event_count(sim); i++) {
    if (ev[i].kind != SP_EV_ARRIVE || ev[i].req > 1) continue;
    CHECK(ev[i].cyl == p[ev[i].req].cyl && ev[i].surface == p[ev[i].req].surface);
    seen++;
  }
  CHECK(seen == 2);
  sp_free(sim);
}

static void test_skew_angles(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_track t0, t1, t4;
  sp_track_info(sim, d, 0, &t0); sp_track_info(sim, d, 1, &t1); sp_track_info(sim, d, 4, &t4);
  CHECK_NEAR(t0.slot0_angle, 0, 1e-12);
  CHECK_NEAR(t1.slot0_angle, 5.0 / 100, 1e-12);            /* track skew */
  CHECK_NEAR(t4.slot0_angle, (3 * 5 + 10) / 100.0, 1e-12); /* three track skews + a cylinder skew */
  sp_free(sim);
}

static void test_c2200a_capacity(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_c2200a(sim);
  CHECK(d == 0);
  CHECK(sp_disk_capacity(sim, d) == 1449LL * 8 * 113);     /* 113 data sectors + 1 spare per track */
  /* 1449 x 8 x 113 x 256 bytes = 335 MB, the paper's formatted capacity (Table 1). */
  CHECK_NEAR((double)sp_disk_capacity(sim, d) * 256 / 1e6, 335, 0.5);
  sp_free(sim);
}

static int err_has(sp_sim *sim, const char *s) { return strstr(sp_error(sim), s) != NULL; }

static void test_bad_geometry_named(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  CHECK(sp_disk_add_zone(sim, d, 1, 10, 100, 0, 0, 0, 0) == SP_E_INVALID);
  CHECK(err_has(sim, "zones[0].first_cyl") && err_has(sim, "gap"));
  CHECK_OK(sp_disk_add_zone(sim, d, 0, 10, 100, 0, 0, 0, 0));
  CHECK(sp_disk_add_zone(sim, d, 5, 20, 100, 0, 0, 0, 0) == SP_E_INVALID);
  CHECK(err_has(sim, "zones[1].first_cyl") && err_has(sim, "overlaps"));
  CHECK(sp_disk_add_zone(sim, d, 11, 20, 0, 0, 0, 0, 0) == SP_E_INVALID);
  CHECK(err_has(sim, "zones[1].sectors_per_track"));
  CHECK(sp_disk_add_zone(sim, d, 11, 20, 50, 60, 0, 0, 0) == SP_E_INVALID);
  CHECK(err_has(sim, "zones[1].track_skew"));
  CHECK(sp_disk_set(sim, d, SP_DP_RPM, 0) == SP_E_INVALID);
  CHECK(err_has(sim, "rpm"));
  CHECK(sp_disk_set(sim, d, SP_DP_RPM, NAN) == SP_E_INVALID);
  CHECK(sp_disk_set(sim, d, SP_DP_SURFACES, -2) == SP_E_INVALID);
  CHECK(err_has(sim, "surfaces"));
  CHECK(sp_disk_set(sim, d, SP_DP_SCHEDULER, 9) == SP_E_INVALID);
  CHECK(err_has(sim, "scheduler"));
  CHECK_OK(sp_disk_add_defect(sim, d, 50, 0, 0, SP_DEFECT_SLIP));
  CHECK(sp_disk_commit(sim, d) == SP_E_INVALID);
  CHECK(err_has(sim, "defects") && err_has(sim, "outside"));
  CHECK(sp_lbn_to_phys(sim, d, 0, &(sp_phys){0}) == SP_E_STATE);   /* not committed */
  CHECK(sp_disk_add_seek_point(sim, d, 0, 1.0) == SP_E_INVALID);
  CHECK(err_has(sim, "seek_table[0].distance"));
  sp_free(sim);
}

static void test_caps(void) {
  sp_sim *sim = sp_new(1);
  for (int i = 0; i < SP_MAX_DISKS; i++) CHECK(sp_disk_add(sim) == i);
  CHECK(sp_disk_add(sim) == SP_E_LIMIT);
  CHECK(sp_disk_add_zone(sim, 0, 0, SP_MAX_CYLINDERS, 10, 0, 0, 0, 0) == SP_E_LIMIT);
  sp_disk_set(sim, 1, SP_DP_SURFACES, 64);
  CHECK_OK(sp_disk_add_zone(sim, 1, 0, 99999, 10, 0, 0, 0, 0));
  CHECK(sp_disk_commit(sim, 1) == SP_E_LIMIT);              /* 6.4M tracks > cap */
  CHECK(strstr(sp_error(sim), "tracks") != NULL);
  sp_free(sim);
}

int main(void) {
  RUN(test_round_trip_no_spares);
  RUN(test_round_trip_every_spare_kind_with_defects);
  RUN(test_slip_shifts_following_lbns);
  RUN(test_remap_moves_one_lbn);
  RUN(test_request_to_remapped_lbn_aims_at_its_spare);
  RUN(test_skew_angles);
  RUN(test_c2200a_capacity);
  RUN(test_bad_geometry_named);
  RUN(test_caps);
  return check_summary("layout");
}
