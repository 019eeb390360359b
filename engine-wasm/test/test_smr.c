/*
 * test_smr.c — the shingled drive on a disk whose times are written down by
 * hand (smr_fixture.h): bands and guard tracks in the layout, the host-managed
 * write pointer (advance, refusal with the ZBC status, reset, finish), the
 * drive-managed media cache (filled at the rate of the writes' sizes, the
 * stall when full, a band clean as long as a band read plus a band write),
 * idle cleaning, in-place sequential writes, and its bad inputs (a copy refused).
 */
#include "check.h"
#include "smr_fixture.h"
#include "spindle_extract.h"
#include <stdlib.h>
#include <string.h>

#define MAXEV 200000
static sp_event ev[MAXEV];
static int nev;
static sp_result res[4096];
static int nres;

static sp_status run_all(sp_sim *sim) {
  nev = nres = 0;
  sp_status st;
  do {
    st = sp_run(sim, -1);
    for (int32_t i = 0; i < sp_event_count(sim) && nev < MAXEV; i++) ev[nev++] = sp_events(sim)[i];
    for (int32_t i = 0; i < sp_result_count(sim) && nres < 4096; i++) res[nres++] = sp_results(sim)[i];
  } while (st == SP_MORE);
  return st;
}

static int count_kind(int kind) {
  int n = 0;
  for (int i = 0; i < nev; i++) n += ev[i].kind == kind;
  return n;
}

static const sp_event *nth_kind(int kind, int k) {
  for (int i = 0; i < nev; i++) if (ev[i].kind == kind && k-- == 0) return &ev[i];
  return NULL;
}

static sp_zone zone_of(sp_sim *sim, int d, int z) {
  sp_zone out;
  memset(&out, 0, sizeof out);
  CHECK_OK(sp_zone_get(sim, d, z, &out));
  return out;
}

static void test_layout_bands(void) {
  sp_sim *sim = sp_new(1);
  int d = smr_fixture(sim, SP_SMR_DRIVE_MANAGED, -1);
  CHECK(d == 0 && sp_device_kind(sim, d) == SP_DEV_SMR);
  /* 380 shingled tracks: 34 bands of 10 + 1 guard, then one of 6 tracks; the
   * host sees their 346 tracks, the 20 cache tracks hidden. */
  CHECK(sp_disk_capacity(sim, d) == 34600);
  CHECK(sp_zone_count(sim, d) == 35);
  sp_track t;
  CHECK_OK(sp_track_info(sim, d, 30, &t));
  CHECK(t.lbn_count == 0);                                /* the first guard track */
  CHECK_OK(sp_track_info(sim, d, 31, &t));
  CHECK(t.lbn_count == SMR_FIX_SPT && t.first_lbn == 3000);   /* disk LBN: after the cache's 2,000 */
  sp_zone z = zone_of(sim, d, 3);
  CHECK(z.first_lbn == 3000 && z.lbns == 1000 && z.first_track == 53 && z.tracks == 11);
  CHECK(z.type == SP_ZONE_BAND && z.wp == 3000 && z.cached == 0);
  CHECK(sp_zone_of_lbn(sim, d, 3999) == 3 && sp_zone_of_lbn(sim, d, 4000) == 4);
  sp_smr_stats st;
  CHECK_OK(sp_smr_stats_get(sim, d, &st));
  CHECK(st.mc_sectors == 2000 && st.mc_tracks == SMR_FIX_CONV && st.zones == 35 && st.cleaning == -1);
  sp_free(sim);
}

static void test_host_managed_write_pointer(void) {
  sp_sim *sim = sp_new(1);
  int d = smr_fixture(sim, SP_SMR_HOST_MANAGED, -1);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_WRITE_OVERHEAD_MS, 0.5));
  CHECK_OK(sp_output_configure(sim, 4096, 64));
  /* Two conventional zones (tracks 0-9, 10-19), then the bands. */
  CHECK(sp_zone_count(sim, d) == 37);
  CHECK(zone_of(sim, d, 0).type == SP_ZONE_CONVENTIONAL && zone_of(sim, d, 2).type == SP_ZONE_SEQ_REQUIRED);
  sp_zone z2 = zone_of(sim, d, 2);
  CHECK(z2.first_lbn == 2000 && z2.lbns == 1000 && z2.wp == 2000 && z2.cond == SP_ZC_EMPTY);
  const int W = SP_SUBMIT_WRITE | SP_SUBMIT_AFTER_PREVIOUS;
  CHECK(sp_submit(sim, 0, 2000, 8, W) >= 0);           /* at the write pointer */
  CHECK(sp_submit(sim, 0, 2100, 8, W) >= 0);           /* not at it */
  CHECK(sp_submit(sim, 0, 500, 8, W) >= 0);            /* a conventional zone: anywhere */
  CHECK(run_all(sim) == SP_OK && nres == 3);
  z2 = zone_of(sim, d, 2);
  CHECK(z2.wp == 2008 && z2.cond == SP_ZC_IMPLICIT_OPEN);    /* moved by the write's length */
  CHECK(res[0].status == SP_RQ_OK && res[2].status == SP_RQ_OK);
  CHECK(res[1].status == SP_RQ_UNALIGNED_WRITE);
  CHECK_NEAR(res[1].response_ms, 0.5, 1e-12);           /* the write overhead only: no media access */
  CHECK(strstr(sp_error(sim), "UNALIGNED WRITE COMMAND") != NULL);
  CHECK(count_kind(SP_EV_ZONE_REFUSED) == 1 && nth_kind(SP_EV_ZONE_REFUSED, 0)->c == 8);
  const sp_event *wp = nth_kind(SP_EV_ZONE_WP, 0);
  CHECK(wp && wp->a == 2 && wp->b == 8 && wp->c == SP_ZC_IMPLICIT_OPEN);
  /* Reset rewinds the pointer; a write past the zone's end is a boundary violation. */
  CHECK_OK(sp_zone_action(sim, d, 2, SP_ZA_RESET));
  z2 = zone_of(sim, d, 2);
  CHECK(z2.wp == 2000 && z2.cond == SP_ZC_EMPTY);
  CHECK(sp_submit(sim, 0, 2000, 1001, W) >= 0);
  CHECK(run_all(sim) == SP_OK && nres == 1 && res[0].status == SP_RQ_WRITE_BOUNDARY);
  CHECK(count_kind(SP_EV_ZONE_WP) == 1 && ev[0].kind == SP_EV_ZONE_WP && ev[0].b == 0);   /* the reset's */
  /* Finish fills the zone: then no write is at its pointer. */
  CHECK_OK(sp_zone_action(sim, d, 2, SP_ZA_FINISH));
  CHECK(zone_of(sim, d, 2).cond == SP_ZC_FULL && zone_of(sim, d, 2).wp == 3000);
  CHECK(sp_submit(sim, 0, 2000, 8, W) >= 0);
  CHECK(run_all(sim) == SP_OK && res[0].status == SP_RQ_UNALIGNED_WRITE);
  /* Open and close: explicit open, then closed with data in it. */
  CHECK_OK(sp_zone_action(sim, d, 3, SP_ZA_OPEN));
  CHECK(zone_of(sim, d, 3).cond == SP_ZC_EXPLICIT_OPEN);
  CHECK_OK(sp_zone_action(sim, d, 3, SP_ZA_CLOSE));
  CHECK(zone_of(sim, d, 3).cond == SP_ZC_EMPTY);
  /* A conventional zone has no pointer; sp_reset rewinds every zone. */
  CHECK(sp_zone_action(sim, d, 0, SP_ZA_RESET) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "conventional") != NULL);
  CHECK_OK(sp_reset(sim, 1));
  CHECK(zone_of(sim, d, 2).wp == 2000 && zone_of(sim, d, 2).cond == SP_ZC_EMPTY);
  sp_free(sim);
}

/* Writes of 8 sectors into band 3, never at its frontier (its start). */
static void submit_band3_writes(sp_sim *sim, int n) {
  for (int i = 0; i < n; i++)
    CHECK(sp_submit(sim, 0, 3000 + 8 * (1 + i % 124), 8, SP_SUBMIT_WRITE | SP_SUBMIT_AFTER_PREVIOUS) >= 0);
}

static void test_media_cache_fills_at_write_size(void) {
  sp_sim *sim = sp_new(1);
  int d = smr_fixture(sim, SP_SMR_DRIVE_MANAGED, -1);
  CHECK_OK(sp_output_configure(sim, 65536, 512));
  submit_band3_writes(sim, 250);                       /* 2,000 sectors: exactly the cache */
  CHECK(run_all(sim) == SP_OK && nres == 250);
  CHECK(count_kind(SP_EV_MC_APPEND) == 250);
  int rate_ok = 1;
  for (int k = 0; k < 250; k++) rate_ok &= nth_kind(SP_EV_MC_APPEND, k)->b == 8 * (k + 1);
  CHECK(rate_ok);
  sp_smr_stats st;
  CHECK_OK(sp_smr_stats_get(sim, d, &st));
  CHECK(st.mc_used == 2000 && st.mc_appends == 250 && st.mc_written == 2000 && st.stalls == 0 && st.cleans == 0);
  CHECK(zone_of(sim, d, 3).cached == 2000);
  CHECK(res[0].lbn == 3008 && res[1].lbn == 3016);     /* results carry the host's LBN */
  /* The head went to the cache (tracks 0-19), not to band 3 (tracks 53-62). */
  CHECK(nth_kind(SP_EV_MC_APPEND, 249)->cyl == 19);
  sp_free(sim);
}

/* A write finding the cache full waits for a band clean: read band 3 and
 * rewrite it. Each pass over its 10 tracks takes 10 revolutions and 9
 * switches of 1.2 ms (the cylinder skew), after a seek and a rotational wait
 * of less than a revolution: the read from the head's cylinder, the write
 * back from the band's last track to its first (9 cylinders). */
static void test_full_cache_stalls_for_band_clean(void) {
  sp_sim *sim = sp_new(1);
  int d = smr_fixture(sim, SP_SMR_DRIVE_MANAGED, -1);
  CHECK_OK(sp_output_configure(sim, 65536, 512));
  submit_band3_writes(sim, 251);
  CHECK(run_all(sim) == SP_OK && nres == 251);
  const sp_event *start = nth_kind(SP_EV_BAND_CLEAN, 0), *end = nth_kind(SP_EV_BAND_CLEAN, 1);
  CHECK(start && end && start->a == 3 && start->b == 1 && end->b == 0 && start->c == 2000);
  const double pass = SMR_FIX_BAND * SMR_FIX_REV_MS + (SMR_FIX_BAND - 1) * SMR_FIX_SKEW_MS;
  const double formula = smr_fix_seek(abs(53 - start->cyl)) + pass + smr_fix_seek(SMR_FIX_BAND - 1) + pass;
  /* Tolerance: the two rotational waits, each under one revolution. */
  CHECK(start->dur_ms >= formula - 1e-9);
  CHECK(start->dur_ms < formula + 2 * SMR_FIX_REV_MS);
  CHECK_NEAR(end->time_ms - start->time_ms, start->dur_ms, 1e-9);
  sp_smr_stats st;
  CHECK_OK(sp_smr_stats_get(sim, d, &st));
  CHECK(st.cleans == 1 && st.stalls == 1 && st.mc_used == 8 && zone_of(sim, d, 3).cached == 8);
  CHECK_NEAR(st.clean_ms, start->dur_ms, 1e-9);
  CHECK_NEAR(st.stall_ms, start->dur_ms, 1e-9);        /* the write waited exactly the clean */
  const sp_result *last = &res[250];
  CHECK(last->response_ms >= start->dur_ms);
  CHECK_NEAR(last->arrival_ms, start->time_ms, 1e-9);
  printf("     band clean %.3f ms (formula %.3f + two rotational waits < %.1f ms)\n", start->dur_ms, formula,
         2 * SMR_FIX_REV_MS);
  sp_free(sim);
}

static void test_idle_cleaning(void) {
  sp_sim *sim = sp_new(1);
  int d = smr_fixture(sim, SP_SMR_DRIVE_MANAGED, 1000);
  CHECK_OK(sp_output_configure(sim, 65536, 512));
  submit_band3_writes(sim, 10);
  CHECK(sp_submit(sim, 0, 5016, 8, SP_SUBMIT_WRITE | SP_SUBMIT_AFTER_PREVIOUS) >= 0);
  CHECK(run_all(sim) == SP_OK && nres == 11);
  double last_done = 0;
  for (int i = 0; i < nres; i++) if (res[i].complete_ms > last_done) last_done = res[i].complete_ms;
  const sp_event *c0 = nth_kind(SP_EV_BAND_CLEAN, 0), *c1 = nth_kind(SP_EV_BAND_CLEAN, 2);
  CHECK(c0 && c1 && c0->a == 3 && c1->a == 5);             /* the fuller band first */
  CHECK_NEAR(c0->time_ms, last_done + 1000, 1e-9);         /* after clean_idle_ms of idleness */
  CHECK_NEAR(c1->time_ms, c0->time_ms + c0->dur_ms, 1e-9); /* and on at once while idle */
  sp_smr_stats st;
  CHECK_OK(sp_smr_stats_get(sim, d, &st));
  CHECK(st.cleans == 2 && st.mc_used == 0 && st.stalls == 0);
  CHECK(zone_of(sim, d, 3).wp == 4000);                    /* rewritten whole */
  sp_free(sim);
}

static void test_sequential_writes_in_place(void) {
  sp_sim *sim = sp_new(1);
  int d = smr_fixture(sim, SP_SMR_DRIVE_MANAGED, -1);
  CHECK_OK(sp_output_configure(sim, 65536, 512));
  for (int i = 0; i < 300; i++)                             /* 2,400 sectors from LBN 0: bands 0-2 */
    CHECK(sp_submit(sim, 0, 8 * i, 8, SP_SUBMIT_WRITE | SP_SUBMIT_AFTER_PREVIOUS) >= 0);
  CHECK(run_all(sim) == SP_OK && nres == 300);
  sp_smr_stats st;
  CHECK_OK(sp_smr_stats_get(sim, d, &st));
  CHECK(st.in_place_writes == 300 && st.mc_appends == 0 && count_kind(SP_EV_MC_APPEND) == 0);
  CHECK(zone_of(sim, d, 2).wp == 2400);
  /* Host LBN 0 is on track 20, past the cache. */
  CHECK(nth_kind(SP_EV_TRANSFER, 0)->cyl == SMR_FIX_CONV);
  sp_free(sim);
}

static void test_bad_input(void) {
  sp_sim *sim = sp_new(1);
  int plain = sp_disk_add(sim);
  CHECK(sp_smr_set(sim, plain, SP_SMP_BAND_TRACKS, 8) == SP_E_RANGE);
  CHECK(strstr(sp_error(sim), "no such shingled drive") != NULL);
  int d = sp_smr_add(sim);
  CHECK(sp_smr_set(sim, d, SP_SMP_MODE, 3) == SP_E_INVALID);
  CHECK(strcmp(sp_error_field(sim), "smr[1].mode") == 0);
  CHECK(sp_smr_set(sim, d, SP_SMP_BAND_TRACKS, 0) == SP_E_INVALID);
  CHECK(sp_zone_count(sim, d) == SP_E_STATE);               /* not committed */
  sp_disk_add_zone(sim, d, 0, 99, 50, 0, 0, SP_SPARE_NONE, 0);
  CHECK_OK(sp_smr_set(sim, d, SP_SMP_CONVENTIONAL_TRACKS, 0));
  CHECK(sp_disk_commit(sim, d) == SP_E_INVALID);            /* drive-managed needs a cache */
  CHECK(strcmp(sp_error_field(sim), "smr.conventional_tracks") == 0);
  CHECK_OK(sp_smr_set(sim, d, SP_SMP_CONVENTIONAL_TRACKS, 4));
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK(sp_smr_set(sim, d, SP_SMP_BAND_TRACKS, 8) == SP_E_STATE);
  CHECK(strcmp(sp_error_field(sim), "smr[1].band_tracks") == 0);
  CHECK(sp_zone_action(sim, d, 0, SP_ZA_RESET) == SP_E_STATE);   /* drive-managed */
  CHECK(sp_zone_get(sim, d, 9999, NULL) == SP_E_INVALID);
  sp_zone z;
  CHECK(sp_zone_get(sim, d, 9999, &z) == SP_E_RANGE);
  CHECK(sp_smr_stats_get(sim, plain, NULL) == SP_E_RANGE);
  /* A copy would be a plain disk of another capacity: refused, naming why. */
  sp_sim *other = sp_new(1);
  CHECK(sp_disk_copy(other, sim, d) == SP_E_INVALID);
  CHECK(strstr(sp_error(other), "shingled drive cannot be copied") != NULL);
  sp_free(other);
  sp_free(sim);
}

int main(void) {
  RUN(test_layout_bands);
  RUN(test_host_managed_write_pointer);
  RUN(test_media_cache_fills_at_write_size);
  RUN(test_full_cache_stalls_for_band_clean);
  RUN(test_idle_cleaning);
  RUN(test_sequential_writes_in_place);
  RUN(test_bad_input);
  return check_summary("test_smr");
}
