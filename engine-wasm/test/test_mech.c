/* test_mech.c — seek curve, rotation from absolute time, skew, zero latency:
 * each compared with the closed-form value. */
#include "check.h"
#include <math.h>
#include "fixtures.h"

static void test_c2200a_seek_curve_is_the_papers(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_c2200a(sim);
  const int dist[] = { 1, 10, 100, 383, 615, 616, 1000, 1448 };
  for (int i = 0; i < 8; i++) {
    double want = dist[i] < 616 ? 3.45 + 0.597 * sqrt(dist[i]) : 10.8 + 0.012 * dist[i];
    CHECK_NEAR(sp_seek_time(sim, d, dist[i]), want, 1e-12);
  }
  CHECK_NEAR(sp_seek_time(sim, d, 0), 0, 0);
  sp_free(sim);
}

/* Seeks come from a table per distance built at commit: every distance's
 * time is the curve's very double, and a curve changed after commit is
 * followed (the table rebuilt), as is one back to the first values. */
static void test_seek_per_distance_is_the_curve(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_c2200a(sim);
  const int32_t cyls = sp_disk_cylinders(sim, d);
  const double b[3] = { 0.597, 0.9, 0.597 };
  int wrong = 0;
  for (int k = 0; k < 3; k++) {
    CHECK_OK(sp_disk_set(sim, d, SP_DP_SEEK_B, b[k]));
    for (int32_t x = 1; x < cyls + 5; x++) {
      double want = x < 616 ? 3.45 + b[k] * sqrt((double)x) : 10.8 + 0.012 * x;
      if (sp_seek_time(sim, d, x) != want) wrong++;
    }
  }
  CHECK(wrong == 0);
  sp_free(sim);
}

static void test_seek_table_interpolates(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_SEEK_MODEL, SP_SEEK_TABLE);
  sp_disk_add_seek_point(sim, d, 1, 1.0);
  sp_disk_add_seek_point(sim, d, 11, 2.0);
  sp_disk_add_seek_point(sim, d, 51, 4.0);
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK_NEAR(sp_seek_time(sim, d, 1), 1.0, 1e-12);
  CHECK_NEAR(sp_seek_time(sim, d, 6), 1.5, 1e-12);
  CHECK_NEAR(sp_seek_time(sim, d, 31), 3.0, 1e-12);
  CHECK_NEAR(sp_seek_time(sim, d, 59), 4.4, 1e-12);   /* past the table: last slope */
  sp_free(sim);
}

/* Track 0 slot s begins under the head at time s/spt of a revolution. */
static void test_rotational_latency_from_angle(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(sim, d));
  const double rev = 10.0, sector = rev / 100;
  sp_breakdown b;
  /* Exactly as sector 25 arrives: no wait, 4 sectors of transfer. */
  CHECK_OK(sp_access_time(sim, d, 0, 0, 3 * rev + 25 * sector, 25, 4, 0, &b));
  CHECK_NEAR(b.rotation_ms, 0, 1e-9);
  CHECK_NEAR(b.transfer_ms, 4 * sector, 1e-9);
  CHECK_NEAR(b.seek_ms, 0, 0);
  /* Just missed it: almost a full revolution. */
  CHECK_OK(sp_access_time(sim, d, 0, 0, 25 * sector + 1e-6, 25, 4, 0, &b));
  CHECK_NEAR(b.rotation_ms, rev - 1e-6, 1e-9);
  /* A quarter turn early: a quarter turn of wait. */
  CHECK_OK(sp_access_time(sim, d, 0, 0, 50 * sector - rev / 4, 50, 1, 0, &b));
  CHECK_NEAR(b.rotation_ms, rev / 4, 1e-9);
  /* Seek then rotation: the wait is measured from where the seek ends. */
  double seek = 1.0 + 0.1 * sqrt(10);
  CHECK_OK(sp_access_time(sim, d, 10, 0, 0, 0, 1, 0, &b));
  CHECK_NEAR(b.seek_ms, seek, 1e-12);
  sp_track t0;
  sp_track_info(sim, d, 0, &t0);
  double want = (1 - (seek / rev - floor(seek / rev))) * rev;
  CHECK_NEAR(b.rotation_ms, want, 1e-9);
  sp_free(sim);
}

/* Reading on past the end of a track: the next track's first sector is
 * skewed by exactly the switch time, so no revolution is lost. */
static void test_skew_hides_the_switch(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_SURFACES, 2);
  sp_disk_set(sim, d, SP_DP_RPM, 6000);                  /* 10 ms, 0.1 ms per sector */
  sp_disk_set(sim, d, SP_DP_HEAD_SWITCH_MS, 0.5);        /* = 5 sectors: the track skew */
  sp_disk_set(sim, d, SP_DP_CYL_SWITCH_MS, 0.8);         /* = 8 sectors: the cylinder skew */
  sp_disk_add_zone(sim, d, 0, 9, 100, 5, 8, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_breakdown b;
  /* From sector 90 of track 0 across the head switch to track 1. */
  CHECK_OK(sp_access_time(sim, d, 0, 0, 90 * 0.1, 90, 20, 0, &b));
  CHECK(b.head_switches == 1);
  CHECK_NEAR(b.rotation_ms, 0, 1e-9);
  CHECK_NEAR(b.total_ms, 20 * 0.1 + 0.5, 1e-9);
  /* Across the cylinder switch (track 1 -> cylinder 1, surface 0). */
  sp_track t1;
  sp_track_info(sim, d, 1, &t1);
  double start = (t1.slot0_angle + 0.9) * 10;            /* slot 90 of track 1 */
  CHECK_OK(sp_access_time(sim, d, 0, 1, start, 190, 20, 0, &b));
  CHECK(b.cyl_switches == 1);
  CHECK_NEAR(b.rotation_ms, 0, 1e-9);
  CHECK_NEAR(b.total_ms, 20 * 0.1 + 0.8, 1e-9);
  /* Without skew the same read loses almost a revolution. */
  sp_sim *s2 = sp_new(1);
  int d2 = sp_disk_add(s2);
  sp_disk_set(s2, d2, SP_DP_SURFACES, 2); sp_disk_set(s2, d2, SP_DP_RPM, 6000);
  sp_disk_set(s2, d2, SP_DP_HEAD_SWITCH_MS, 0.5);
  sp_disk_add_zone(s2, d2, 0, 9, 100, 0, 0, SP_SPARE_NONE, 0);
  CHECK_OK(sp_disk_commit(s2, d2));
  CHECK_OK(sp_access_time(s2, d2, 0, 0, 9.0, 90, 20, 0, &b));
  CHECK_NEAR(b.rotation_ms, 10 - 0.5, 1e-9);
  sp_free(s2);
  sp_free(sim);
}

/* Zero-latency access: a full-track read takes one revolution after the
 * seek whatever the angle the head arrives at (plus at most one sector to
 * reach a sector boundary); without it, the wait depends on the angle. */
static void test_zero_latency_full_track_is_one_revolution(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_ZERO_LATENCY, 1);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_breakdown b;
  for (int k = 0; k < 50; k++) {
    double t = k * 0.37;                                  /* arrival angles all round */
    CHECK_OK(sp_access_time(sim, d, 0, 0, t, 0, 100, 0, &b));
    CHECK(b.total_ms >= 10 - 1e-9 && b.total_ms <= 10 + 0.1 + 1e-9);
    CHECK_NEAR(b.transfer_ms, 10, 1e-9);
  }
  /* Exactly on a sector boundary: exactly one revolution. */
  CHECK_OK(sp_access_time(sim, d, 0, 0, 3.7, 0, 100, 0, &b));
  CHECK_NEAR(b.total_ms, 10, 1e-9);
  /* Half a track, head landing in its middle: still a revolution (less the gap it skips). */
  CHECK_OK(sp_access_time(sim, d, 0, 0, 2.5, 0, 50, 0, &b));
  CHECK_NEAR(b.total_ms, 10, 1e-9);
  /* Head landing outside the requested half: ordinary wait, then 50 sectors. */
  CHECK_OK(sp_access_time(sim, d, 0, 0, 7.5, 0, 50, 0, &b));
  CHECK_NEAR(b.total_ms, 2.5 + 5, 1e-9);
  sp_free(sim);
}

/* DiskSim's "Immediate buffer write = 0" beside "Immediate buffer read = 1":
 * a full track read from 3.7 ms takes one revolution (10 ms); a full track
 * written from there waits for slot 0 (at 10.0) first: 6.3 + 10 ms. */
static void test_zero_latency_for_reads_only(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_ZERO_LATENCY, 1);
  CHECK(sp_disk_get(sim, d, SP_DP_ZERO_LATENCY_WRITES) == 1);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_breakdown r, w;
  CHECK_OK(sp_access_time(sim, d, 0, 0, 3.7, 0, 100, 1, &w));
  CHECK_NEAR(w.total_ms, 10, 1e-9);                      /* writes too, by default */
  CHECK_OK(sp_disk_set(sim, d, SP_DP_ZERO_LATENCY_WRITES, 0));
  CHECK_OK(sp_access_time(sim, d, 0, 0, 3.7, 0, 100, 0, &r));
  CHECK_OK(sp_access_time(sim, d, 0, 0, 3.7, 0, 100, 1, &w));
  CHECK_NEAR(r.total_ms, 10, 1e-9);
  CHECK_NEAR(w.total_ms, 6.3 + 10, 1e-9);
  CHECK_NEAR(w.rotation_ms, 6.3, 1e-9);
  sp_free(sim);
}

/* The write settle (0.3 ms) rides on a move only, as DiskSim's
 * dm_seek_time_g1 adds it to a nonzero seek or head switch, and may be
 * negative; no move goes below 0. Seek(5) is 1.0 + 0.1 * sqrt(5); the head
 * switch 0.5 ms. */
static void test_write_settle(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  sp_disk_set(sim, d, SP_DP_WRITE_SETTLE_MS, 0.3);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_breakdown r, w;
  CHECK_OK(sp_access_time(sim, d, 0, 0, 0, 5 * 400, 1, 0, &r));
  CHECK_OK(sp_access_time(sim, d, 0, 0, 0, 5 * 400, 1, 1, &w));
  CHECK_NEAR(w.seek_ms - r.seek_ms, 0.3, 1e-12);
  CHECK_OK(sp_access_time(sim, d, 0, 0, 0, 100, 1, 0, &r));   /* surface 1, same cylinder */
  CHECK_NEAR(r.seek_ms, 0.5, 1e-12);
  CHECK_OK(sp_access_time(sim, d, 0, 0, 0, 1, 1, 0, &r));     /* LBN 1: the head's own track */
  CHECK_OK(sp_access_time(sim, d, 0, 0, 0, 1, 1, 1, &w));
  CHECK_NEAR(w.seek_ms, 0, 0);
  CHECK_NEAR(w.total_ms, r.total_ms, 1e-12);
  CHECK_NEAR(w.total_ms, 0.2, 1e-9);                          /* slot 1 passes at 0.1, done at 0.2 */
  CHECK_OK(sp_disk_set(sim, d, SP_DP_WRITE_SETTLE_MS, -0.3));
  CHECK_OK(sp_access_time(sim, d, 0, 0, 0, 5 * 400, 1, 1, &w));
  CHECK_NEAR(w.seek_ms, 1.0 + 0.1 * sqrt(5) - 0.3, 1e-9);
  CHECK_OK(sp_access_time(sim, d, 0, 0, 0, 100, 1, 1, &w));   /* surface 1: the switch, 0.5 - 0.3 */
  CHECK_NEAR(w.seek_ms, 0.2, 1e-12);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_WRITE_SETTLE_MS, -0.8));
  CHECK_OK(sp_access_time(sim, d, 0, 0, 0, 100, 1, 1, &w));   /* 0.5 - 0.8: no time, not less */
  CHECK_NEAR(w.seek_ms, 0, 0);
  sp_free(sim);
}

/* DiskSim's "Minimum seek delay" (0.6 ms here) for a write's positioning:
 * on the head's own track the write waits 0.6 ms, so slot 1 (at 0.1) is
 * missed and caught at 10.1: done at 10.2 (a read: 0.2). A head switch
 * (0.5 ms) is raised to 0.6; seek(5) = 1.0 + 0.1 * sqrt(5) is longer and
 * stays. */
static void test_min_write_seek(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK(sp_disk_get(sim, d, SP_DP_MIN_WRITE_SEEK_MS) == 0);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_MIN_WRITE_SEEK_MS, 0.6));
  CHECK_OK(sp_disk_commit(sim, d));
  sp_breakdown r, w;
  CHECK_OK(sp_access_time(sim, d, 0, 0, 0, 1, 1, 0, &r));
  CHECK_OK(sp_access_time(sim, d, 0, 0, 0, 1, 1, 1, &w));
  CHECK_NEAR(r.total_ms, 0.2, 1e-9);
  CHECK_NEAR(w.seek_ms, 0.6, 1e-12);
  CHECK_NEAR(w.total_ms, 10.2, 1e-9);
  CHECK_OK(sp_access_time(sim, d, 0, 0, 0, 100, 1, 1, &w));    /* surface 1 */
  CHECK_NEAR(w.seek_ms, 0.6, 1e-12);
  CHECK_OK(sp_access_time(sim, d, 0, 0, 0, 5 * 400, 1, 1, &w));
  CHECK_NEAR(w.seek_ms, 1.0 + 0.1 * sqrt(5), 1e-9);
  sp_free(sim);
}

static void test_angle_follows_absolute_time(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_c2200a(sim);
  double rev = 60000.0 / 4002;
  CHECK_NEAR(sp_revolution_ms(sim, d), rev, 1e-12);
  CHECK_NEAR(sp_angle_at(sim, d, 1000 * rev + rev / 4), 0.25, 1e-9);
  CHECK_NEAR(sp_angle_at(sim, d, 0), 0, 0);
  sp_free(sim);
}

int main(void) {
  RUN(test_c2200a_seek_curve_is_the_papers);
  RUN(test_seek_per_distance_is_the_curve);
  RUN(test_seek_table_interpolates);
  RUN(test_rotational_latency_from_angle);
  RUN(test_skew_hides_the_switch);
  RUN(test_zero_latency_full_track_is_one_revolution);
  RUN(test_zero_latency_for_reads_only);
  RUN(test_write_settle);
  RUN(test_min_write_seek);
  RUN(test_angle_follows_absolute_time);
  return check_summary("mechanics");
}
