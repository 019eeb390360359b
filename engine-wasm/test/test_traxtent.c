/* test_traxtent.c — sp_disk_copy and the black-box track-boundary extractor
 * (traxtents paper, section 4.1): every boundary found exactly, on disks with
 * zones, every sparing scheme, slipped defects (single and adjacent), zero-
 * latency access, and a bus slower than the media. */
#include "spindle.h"
#include "spindle_extract.h"
#include "check.h"
#include "fixtures.h"
#include "script.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Truth: first LBNs of the tracks holding LBNs, in (first, end). */
static int64_t truth_starts(sp_sim *sim, int d, int64_t first, int64_t end, int64_t **out) {
  int32_t nt = sp_disk_track_count(sim, d);
  int64_t *v = malloc((size_t)nt * sizeof *v), n = 0;
  for (int32_t t = 0; t < nt; t++) {
    sp_track tr;
    sp_track_info(sim, d, t, &tr);
    if (tr.lbn_count > 0 && tr.first_lbn > first && tr.first_lbn < end) v[n++] = tr.first_lbn;
  }
  *out = v;
  return n;
}

/* Runs an extraction of [first, first+lbns) and compares it with the truth. */
static int extract_matches(sp_sim *sim, int d, int64_t first, int64_t lbns, sp_extract_report *rep) {
  sp_extractor *ex = sp_extract_new(sim, d, first, lbns);
  CHECK(ex != NULL);
  if (!ex) return 0;
  sp_status st;
  int guard = 0;
  while ((st = sp_extract_step(ex, 1000)) == SP_MORE && guard++ < 100000) {}
  CHECK(st == SP_OK);
  if (st != SP_OK) fprintf(stderr, "  extract: %s\n", sp_error(sim));
  sp_extract_report_get(ex, rep);
  int64_t *truth, end = rep->end_lbn;
  int64_t nt = truth_starts(sim, d, first, end, &truth);
  int64_t nf = sp_extract_boundary_count(ex);
  const int64_t *found = sp_extract_boundaries(ex);
  int ok = nf == nt;
  for (int64_t i = 0; ok && i < nt; i++) if (found[i] != truth[i]) {
    fprintf(stderr, "  boundary %lld: found %lld, truth %lld\n", (long long)i, (long long)found[i], (long long)truth[i]);
    ok = 0;
  }
  if (nf != nt) {
    fprintf(stderr, "  found %lld boundaries, truth %lld\n", (long long)nf, (long long)nt);
    for (int64_t i = 0; i < nt && i < nf; i++) if (found[i] != truth[i]) {
      fprintf(stderr, "  first difference at %lld: found %lld, truth %lld\n", (long long)i, (long long)found[i], (long long)truth[i]);
      break;
    }
  }
  free(truth);
  sp_extract_free(ex);
  return ok;
}

/* The whole disk extracted, every boundary exact; frees the sim. */
static void check_whole_disk(sp_sim *sim, int d) {
  sp_extract_report rep;
  CHECK(extract_matches(sim, d, 0, 0, &rep));
  CHECK(rep.done == 1 && rep.failed == 0);
  sp_free(sim);
}

static void test_copy_is_identical(void) {
  sp_sim *a = sp_new(1), *b = sp_new(1);
  int d = fixture_small(a, SP_SPARE_SECTORS_PER_TRACK, 2);
  sp_disk_add_defect(a, d, 3, 1, 17, SP_DEFECT_SLIP);
  sp_disk_add_defect(a, d, 25, 2, 5, SP_DEFECT_REMAP);
  CHECK_OK(sp_disk_commit(a, d));
  int e = sp_disk_copy(b, a, d);
  CHECK(e == 0);
  CHECK(sp_disk_capacity(a, d) == sp_disk_capacity(b, e));
  for (int64_t l = 0; l < sp_disk_capacity(a, d); l += 7) {
    sp_phys p, q;
    sp_lbn_to_phys(a, d, l, &p); sp_lbn_to_phys(b, e, l, &q);
    CHECK(p.cyl == q.cyl && p.surface == q.surface && p.slot == q.slot && p.angle == q.angle);
  }
  CHECK(sp_seek_time(a, d, 33) == sp_seek_time(b, e, 33));
  CHECK(sp_disk_copy(b, a, 5) < 0);
  sp_free(a); sp_free(b);
}

static void run_small(int spare_kind, int spare_count, int zl, double bus, int defects) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, spare_kind, spare_count);
  sp_disk_set(sim, d, SP_DP_ZERO_LATENCY, zl);
  sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, bus);
  sp_disk_set(sim, d, SP_DP_READ_OVERHEAD_MS, 0.3);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 4);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 200);
  sp_disk_set(sim, d, SP_DP_READ_AHEAD, SP_RA_CONTINUE);
  if (defects) {
    sp_disk_add_defect(sim, d, 2, 1, 10, SP_DEFECT_SLIP);
    sp_disk_add_defect(sim, d, 2, 1, 11, SP_DEFECT_SLIP);       /* adjacent pair */
    sp_disk_add_defect(sim, d, 7, 3, 0, SP_DEFECT_SLIP);        /* first slot of a track */
    sp_disk_add_defect(sim, d, 7, 3, 55, SP_DEFECT_SLIP);
    sp_disk_add_defect(sim, d, 21, 0, 30, SP_DEFECT_SLIP);      /* first cylinder of zone 1 */
    sp_disk_add_defect(sim, d, 45, 2, 58, SP_DEFECT_SLIP);
  }
  CHECK_OK(sp_disk_commit(sim, d));
  sp_extract_report rep;
  CHECK(extract_matches(sim, d, 0, 0, &rep));
  CHECK(rep.done == 1 && rep.failed == 0);
  CHECK_NEAR(rep.rev_ms, 10.0, 1e-9);
  CHECK(rep.requests > 0 && rep.sim_ms > 0);
  sp_free(sim);
}

static void test_small_spare_per_track(void) { run_small(SP_SPARE_SECTORS_PER_TRACK, 2, 0, 0.01, 1); }
static void test_small_spare_per_cylinder(void) { run_small(SP_SPARE_SECTORS_PER_CYLINDER, 5, 1, 0.01, 1); }
static void test_small_spare_per_zone(void) { run_small(SP_SPARE_SECTORS_PER_ZONE, 40, 1, 0.01, 1); }
static void test_small_spare_tracks(void) { run_small(SP_SPARE_TRACKS_PER_ZONE, 2, 0, 0.01, 1); }
static void test_small_no_spares(void) { run_small(SP_SPARE_NONE, 0, 1, 0.01, 0); }
/* A bus 3x slower than the media hides the boundary from long reads. */
static void test_small_slow_bus(void) { run_small(SP_SPARE_SECTORS_PER_ZONE, 40, 1, 0.3, 1); }

/* Runs of adjacent slipped slots (3 and 8) inside a track, with a bus faster
 * than the media: a 2-sector read across a run delivers its second sector a
 * run later, a step as long as a boundary's; only the head switch tells them
 * apart. Also a run at a track's end (before a real boundary). */
static void slip_runs(double bus_ms) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_SECTORS_PER_TRACK, 10);
  sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, bus_ms);
  sp_disk_set(sim, d, SP_DP_READ_OVERHEAD_MS, 0.3);
  for (int i = 0; i < 3; i++) sp_disk_add_defect(sim, d, 3, 1, 40 + i, SP_DEFECT_SLIP);
  for (int i = 0; i < 8; i++) sp_disk_add_defect(sim, d, 5, 2, 61 + i, SP_DEFECT_SLIP);
  for (int i = 0; i < 4; i++) sp_disk_add_defect(sim, d, 9, 0, 20 + i, SP_DEFECT_SLIP);
  for (int i = 0; i < 5; i++) sp_disk_add_defect(sim, d, 25, 3, 40 + i, SP_DEFECT_SLIP);   /* zone 1 */
  for (int i = 0; i < 3; i++) sp_disk_add_defect(sim, d, 11, 1, 97 + i, SP_DEFECT_SLIP);   /* the track's last slots */
  CHECK_OK(sp_disk_commit(sim, d));
  check_whole_disk(sim, d);
}
static void test_small_slip_runs(void) { slip_runs(0.01); }
/* The same with a bus three sectors slow (0.3 ms, a sector 0.1 ms): the bus
 * hides part of a run's delay, so a run measures shorter than it is (8 slips
 * as 5) and a read placed by that length misses y+1 on its own track, as a
 * boundary would make it. */
static void test_small_slip_runs_slow_bus(void) { slip_runs(0.3); }

/* Two presets where runs of slipped slots (4 on the Barracuda, 8 on the
 * Cheetah 9LP) behind a bus slower than the media once read as boundaries:
 * 2 false ones in the Barracuda's region, 5 in the Cheetah's. */
static void preset_region(const char *path, int64_t first, int64_t lbns) {
  sp_sim *sim = sp_new(1);
  char err[SPS_ERR_LEN];
  CHECK(sps_load(sim, path, NULL, err, sizeof err) == 0);
  sp_extract_report rep;
  CHECK(extract_matches(sim, 0, first, lbns, &rep));
  CHECK(rep.done == 1 && rep.failed == 0 && rep.boundaries > 100);
  sp_free(sim);
}
static void test_barracuda_slip_runs(void) {
  preset_region("test/presets/seagate-barracuda-st32171w.sps", 1700000, 200000);
}
static void test_cheetah_9lp_slip_runs(void) {
  preset_region("test/presets/seagate-cheetah-9lp.sps", 2600000, 30000);
}

static void test_c2200a(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_c2200a(sim);
  CHECK(d >= 0);
  sp_extract_report rep;
  CHECK(extract_matches(sim, d, 0, 200000, &rep));
  sp_free(sim);
}

/* An Atlas-10K-like disk (DiskSim's first zones: 334 and 324 sectors, skews
 * 63/113, sparing per zone, slips including adjacent pairs), zero latency and
 * DiskSim's slow bus; a region across a zone boundary. Also reports the cost. */
static void test_atlas_like(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_SURFACES, 6);
  sp_disk_set(sim, d, SP_DP_RPM, 10025);
  sp_disk_set(sim, d, SP_DP_SEEK_A, 1.0); sp_disk_set(sim, d, SP_DP_SEEK_B, 0.05);
  sp_disk_set(sim, d, SP_DP_SEEK_C, 3.0); sp_disk_set(sim, d, SP_DP_SEEK_E, 0.0008);
  sp_disk_set(sim, d, SP_DP_SEEK_BOUNDARY, 1000);
  sp_disk_set(sim, d, SP_DP_HEAD_SWITCH_MS, 0.176);
  sp_disk_set(sim, d, SP_DP_ZERO_LATENCY, 1);
  sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, 0.099);
  sp_disk_add_zone(sim, d, 0, 59, 334, 63, 113, SP_SPARE_SECTORS_PER_ZONE, 89);
  sp_disk_add_zone(sim, d, 60, 119, 324, 63, 101, SP_SPARE_SECTORS_PER_ZONE, 85);
  sp_disk_add_defect(sim, d, 27, 3, 241, SP_DEFECT_SLIP);
  sp_disk_add_defect(sim, d, 50, 5, 293, SP_DEFECT_SLIP);
  sp_disk_add_defect(sim, d, 50, 5, 294, SP_DEFECT_SLIP);
  sp_disk_add_defect(sim, d, 59, 5, 333, SP_DEFECT_SLIP);   /* last slot of the zone's last track */
  sp_disk_add_defect(sim, d, 61, 0, 0, SP_DEFECT_SLIP);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_extract_report rep;
  CHECK(extract_matches(sim, d, 0, 0, &rep));
  printf("     atlas-like: %lld boundaries, %lld requests (%lld shortcuts, %lld searches, %lld re-anchors), "
         "%.1f s simulated, spt %d\n", (long long)rep.boundaries, (long long)rep.requests, (long long)rep.shortcuts,
         (long long)rep.searches, (long long)rep.anomalies, rep.sim_ms / 1000, rep.spt);
  /* a region that starts mid-track */
  CHECK(extract_matches(sim, d, 100000, 50000, &rep));
  sp_free(sim);
}

/* A disk with the 18ES's mechanics (7,200 RPM, 0.062 ms head switch) on the
 * paper's Ultra2 adapter, zones of 2 cylinders from `zones`: sectors per
 * track, skews, and the first-block offset (< 0: the skew carries on). */
struct offset_zone { int32_t spt, track_skew, cyl_skew; double offset; };
static int offset_disk(sp_sim *sim, const struct offset_zone *zones, int nzones) {
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_SURFACES, 5);
  sp_disk_set(sim, d, SP_DP_RPM, 7200);
  sp_disk_set(sim, d, SP_DP_SEEK_A, 1.0); sp_disk_set(sim, d, SP_DP_SEEK_B, 0.05);
  sp_disk_set(sim, d, SP_DP_SEEK_C, 3.0); sp_disk_set(sim, d, SP_DP_SEEK_E, 0.0008);
  sp_disk_set(sim, d, SP_DP_SEEK_BOUNDARY, 1000);
  sp_disk_set(sim, d, SP_DP_HEAD_SWITCH_MS, 0.062);
  sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, 512 / 80e3);
  for (int z = 0; z < nzones; z++) {
    const struct offset_zone *o = &zones[z];
    CHECK_OK(sp_disk_add_zone(sim, d, 2 * z, 2 * z + 1, o->spt, o->track_skew, o->cyl_skew, SP_SPARE_NONE, 0));
    if (o->offset >= 0) CHECK_OK(sp_disk_set_zone(sim, d, z, SP_ZP_FIRST_BLOCK_OFFSET, o->offset));
  }
  CHECK_OK(sp_disk_commit(sim, d));
  return d;
}

/* Two zones, the second restarting its skew at a fractional offset: the
 * boundary into it is not one skew after the last track's end. */
static void test_zone_offset_two_zones(void) {
  const struct offset_zone zones[] = { { 273, 41, 70, -1 }, { 260, 39, 67, 100.5 } };
  sp_sim *sim = sp_new(1);
  int d = offset_disk(sim, zones, 2);
  sp_phys p;
  CHECK_OK(sp_lbn_to_phys(sim, d, 2 * 5 * 273, &p));         /* the second zone's first LBN */
  CHECK(p.cyl == 2 && p.slot == 0 && fabs(p.angle - 100.5 / 260) < 1e-12);
  check_whole_disk(sim, d);
}

/* Zones of 273 and 260 sectors in turn (the 18ES's zones 46 and 47), each
 * restarting its skew at 0 as DiskSim's do. A zone's first LBN then sits at an
 * exact angle, and the extractor enters the 260-sector zone still predicting
 * with a 273-sector pitch: predictions drift 1/20 sector per LBN, so the end of
 * the track its binary search settles on (48: 2.4 sectors late) lies on the
 * very edge of on_track's window, and the re-read of that end may fall either
 * side by rounding alone. When it falls outside, the search must re-measure
 * the pitch: re-measuring only the phase repeats the same search until it
 * gives up ("no boundary found"; here at the start of zone 17, and on the
 * 18ES with DiskSim's offsets at the start of its zone 47). */
static void test_zone_offset_restarts(void) {
  struct offset_zone zones[20];
  for (int z = 0; z < 20; z++)
    zones[z] = (z & 1) ? (struct offset_zone){ 260, 39, 67, 0 } : (struct offset_zone){ 273, 41, 70, 0 };
  sp_sim *sim = sp_new(1);
  int d = offset_disk(sim, zones, 20);
  check_whole_disk(sim, d);
}

/* The IBM Ultrastar 18ES preset, whose zones restart their skew at DiskSim's
 * "Offset of first block" (0 in every zone of ibm18es.model), extracted whole
 * through the paper's 80 MB/s adapter as the fidelity row does. Without the
 * pitch re-measure the extractor stopped at the start of DiskSim zone 47
 * (cylinder 9816, LBN 15937377, a 273- to 260-sector change). */
static void test_ultrastar_18es_offsets(void) {
  sp_sim *sim = sp_new(1);
  char err[SPS_ERR_LEN];
  CHECK(sps_load(sim, "test/presets/ibm-ultrastar-18es.sps", NULL, err, sizeof err) == 0);
  /* the offsets are applied: the zone holding cylinder 9816 starts at angle 0 */
  sp_phys p;
  CHECK_OK(sp_lbn_to_phys(sim, 0, 15937377, &p));
  CHECK(p.cyl == 9816 && p.surface == 0 && p.slot == 0 && p.angle == 0);
  sp_disk_set(sim, 0, SP_DP_BUS_MS_PER_SECTOR, 512 / 80e3);
  sp_extract_report rep;
  CHECK(extract_matches(sim, 0, 0, 0, &rep));
  CHECK(rep.done == 1 && rep.failed == 0);
  printf("     ibm-ultrastar-18es: %lld boundaries, %lld requests, %.0f s simulated\n", (long long)rep.boundaries,
         (long long)rep.requests, rep.sim_ms / 1000);
  sp_free(sim);
}

static void test_bad_arguments(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK(sp_extract_new(sim, d, 0, 0) == NULL);          /* not committed */
  sp_disk_commit(sim, d);
  CHECK(sp_extract_new(sim, d, -1, 0) == NULL);
  CHECK(strstr(sp_error(sim), "first_lbn") != NULL);
  CHECK(sp_extract_new(sim, d, sp_disk_capacity(sim, d), 0) == NULL);
  CHECK(sp_extract_new(sim, 3, 0, 0) == NULL);
  CHECK(sp_extract_step(NULL, 1) == SP_E_INVALID);
  sp_extract_free(NULL);
  sp_free(sim);
}

int main(void) {
  RUN(test_copy_is_identical);
  RUN(test_small_spare_per_track);
  RUN(test_small_spare_per_cylinder);
  RUN(test_small_spare_per_zone);
  RUN(test_small_spare_tracks);
  RUN(test_small_no_spares);
  RUN(test_small_slow_bus);
  RUN(test_small_slip_runs);
  RUN(test_small_slip_runs_slow_bus);
  RUN(test_barracuda_slip_runs);
  RUN(test_cheetah_9lp_slip_runs);
  RUN(test_c2200a);
  RUN(test_atlas_like);
  RUN(test_zone_offset_two_zones);
  RUN(test_zone_offset_restarts);
  RUN(test_ultrastar_18es_offsets);
  RUN(test_bad_arguments);
  return check_summary("test_traxtent");
}
