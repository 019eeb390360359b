/*
 * test_smr_host.c — what the host side predicts about a shingled drive
 * (smr_fixture.h): a drive-managed drive's host LBN x lives at the disk's LBN
 * x + the media cache's size (and a write its band cannot take goes to the
 * cache's log), so the host's pre-scheduling and the NVCache policy's
 * estimators must place a request there. Each prediction is checked against
 * what the drive then does; the host-managed drive (no hidden cache) is the
 * control.
 */
#include "check.h"
#include "smr_fixture.h"
#include <stdlib.h>

#define NRES 8192
static sp_result res[NRES];
static int nres;

static void run_all(sp_sim *sim) {
  nres = 0;
  sp_status st;
  do {
    st = sp_run(sim, -1);
    for (int32_t i = 0; i < sp_result_count(sim) && nres < NRES; i++) res[nres++] = sp_results(sim)[i];
  } while (st == SP_MORE);
  CHECK(st == SP_OK);
}

static uint64_t next_rand(uint64_t *x) { *x ^= *x << 13; *x ^= *x >> 7; *x ^= *x << 17; return *x; }

/* Batches of 4 random reads, each batch at one instant and after the last one
 * is done (the drive idle); the mean response of the logical requests.
 * Linked, the drive's SPTF sees each batch whole; pre-scheduled, the host
 * sends first the read it predicts the drive reaches first, from the head
 * position it deduced from the last completion (exact for an idle drive). */
static double batch_mean(int mode, int presched) {
  sp_sim *sim = sp_new(3);
  const int d = smr_fixture(sim, mode, -1);
  CHECK(d == 0);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_SCHEDULER, SP_SCHED_SPTF));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 64));
  CHECK_OK(sp_host_set(sim, SP_HP_QUEUE_DEPTH, 64));
  CHECK_OK(sp_host_set(sim, SP_HP_PRESCHEDULE, presched));
  const int64_t cap = sp_volume_capacity(sim);
  CHECK(cap > 0);
  uint64_t x = 0x5badc0deull;
  for (int b = 0; b < 200; b++)
    for (int k = 0; k < 4; k++)
      CHECK(sp_submit(sim, b * 100.0, (int64_t)(next_rand(&x) % (uint64_t)(cap - 8)), 8,
                      k < 3 ? SP_SUBMIT_LINKED : 0) >= 0);
  CHECK_OK(sp_output_configure(sim, 0, 4096));
  run_all(sim);
  double sum = 0; int n = 0;
  for (int i = 0; i < nres; i++)
    if (res[i].disk == -1) { sum += res[i].response_ms; n++; }
  CHECK(n == 800);
  sp_free(sim);
  return sum / n;
}

static void test_preschedule_picks_what_the_drive_would(void) {
  const int modes[2] = { SP_SMR_HOST_MANAGED, SP_SMR_DRIVE_MANAGED };
  for (int m = 0; m < 2; m++) {
    const double linked = batch_mean(modes[m], SP_PRESCHED_LINKED);
    const double pre = batch_mean(modes[m], SP_PRESCHED_ON);
    const double off = batch_mean(modes[m], SP_PRESCHED_OFF);
    if (getenv("SMR_VERBOSE"))
      printf("     mode %d: linked %.4f  prescheduled %.4f  in order %.4f ms\n", modes[m], linked, pre, off);
    CHECK_NEAR(pre, linked, 1e-9);
    CHECK(off > linked + 1.0);        /* the comparison can tell a wrong order: in order costs more */
  }
}

/* NVCache over the drive, exact estimator, a flash too slow to be chosen:
 * every write goes to the drive while it is idle, so the estimate of its time
 * (h_n: the mechanism's plan from the head now) is the time it then takes. */
static void test_nvcache_exact_estimate_is_the_drive_time(void) {
  const int modes[2] = { SP_SMR_HOST_MANAGED, SP_SMR_DRIVE_MANAGED };
  for (int m = 0; m < 2; m++) {
    sp_sim *sim = sp_new(5);
    const int d = smr_fixture(sim, modes[m], -1);
    const int f = sp_flash_add(sim);
    CHECK(d == 0 && f == 1);
    CHECK_OK(sp_flash_set(sim, f, SP_FP_WRITE_MS, 1000));
    CHECK_OK(sp_host_set(sim, SP_HP_POLICY, SP_POLICY_NVCACHE));
    CHECK_OK(sp_host_set(sim, SP_HP_FLASH_DEVICE, f));
    CHECK_OK(sp_host_set(sim, SP_HP_ESTIMATOR, SP_EST_EXACT));
    const int64_t cap = sp_volume_capacity(sim);
    CHECK(cap > 0);
    /* Host-managed, writes must follow the write pointers: each one starts a
     * band of its own (band k's first LBN); drive-managed, anywhere (the
     * first one in place, the rest into the media cache's log). */
    uint64_t x = 0xfeedull;
    for (int k = 0; k < 30; k++) {
      int64_t lbn = (int64_t)(next_rand(&x) % (uint64_t)(cap - 8));
      if (modes[m] == SP_SMR_HOST_MANAGED) {
        sp_zone z;
        CHECK_OK(sp_zone_get(sim, d, 2 + k, &z));
        lbn = z.first_lbn;
      }
      CHECK(sp_submit(sim, k * 100.0, lbn, 8, SP_SUBMIT_WRITE) >= 0);
    }
    CHECK_OK(sp_output_configure(sim, 4096, 4096));
    run_all(sim);
    CHECK(sp_decision_count(sim) == 30);
    int seen = 0;
    for (int i = 0; i < sp_decision_count(sim); i++) {
      sp_decision dc;
      CHECK_OK(sp_decision_get(sim, i, &dc));
      CHECK(dc.outcome == 0);
      for (int j = 0; j < nres; j++)
        if (res[j].disk == d && res[j].logical == dc.req) {
          CHECK(res[j].status == 0);
          CHECK_NEAR(dc.h_n, res[j].response_ms, 1e-9);
          seen++;
        }
    }
    CHECK(seen == 30);
    sp_smr_stats st;
    CHECK_OK(sp_smr_stats_get(sim, d, &st));
    if (modes[m] == SP_SMR_DRIVE_MANAGED) CHECK(st.mc_appends > 0);    /* the cache's log was estimated too */
    sp_free(sim);
  }
}

/* A one-drive volume's unit (a track) is a track of host LBNs, under the
 * identity and the NVCache policies: on a drive whose cache tracks hold 150
 * sectors and its bands' 100, the host's first LBNs are the first band
 * track's 100, not a cache track's 150. */
static void test_volume_unit_is_a_track_of_host_lbns(void) {
  for (int nvcache = 0; nvcache < 2; nvcache++) {
    sp_sim *sim = sp_new(1);
    const int d = sp_smr_add(sim);
    CHECK_OK(sp_disk_add_zone(sim, d, 0, SMR_FIX_CONV - 1, 150, 0, 0, SP_SPARE_NONE, 0));
    CHECK_OK(sp_disk_add_zone(sim, d, SMR_FIX_CONV, 399, 100, 0, 0, SP_SPARE_NONE, 0));
    CHECK_OK(sp_smr_set(sim, d, SP_SMP_MODE, SP_SMR_DRIVE_MANAGED));
    CHECK_OK(sp_smr_set(sim, d, SP_SMP_CONVENTIONAL_TRACKS, SMR_FIX_CONV));
    CHECK_OK(sp_disk_commit(sim, d));
    if (nvcache) {
      const int f = sp_flash_add(sim);
      CHECK_OK(sp_host_set(sim, SP_HP_POLICY, SP_POLICY_NVCACHE));
      CHECK_OK(sp_host_set(sim, SP_HP_FLASH_DEVICE, f));
    }
    int64_t first = -1, count = -1;
    CHECK_OK(sp_volume_unit(sim, 0, &first, &count));
    CHECK(first == 0 && count == 100);
    CHECK_OK(sp_volume_unit(sim, 250, &first, &count));
    CHECK(first == 200 && count == 100);
    sp_free(sim);
  }
}

int main(void) {
  RUN(test_preschedule_picks_what_the_drive_would);
  RUN(test_nvcache_exact_estimate_is_the_drive_time);
  RUN(test_volume_unit_is_a_track_of_host_lbns);
  return check_summary("smr host");
}
