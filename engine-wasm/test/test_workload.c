/*
 * test_workload.c — the desktop pattern (SP_PATTERN_DESKTOP): the on/off
 * arrival process (geometric bursts, exponential gaps inside and between
 * them), writes near the previous write (within near_sectors, log-uniform
 * distances) or uniform, the read fraction, the region, and that choosing it
 * leaves the other patterns' requests alone.
 *
 * Statistical checks use a fixed seed and a tolerance of 4 standard errors
 * of the mean (stated at each check), so a correct generator passes with
 * near certainty for any seed and a wrong mean by a few standard errors fails.
 */
#include "check.h"
#include "spindle.h"
#include <stdlib.h>
#include <string.h>

typedef struct rq { double arrival; int64_t lbn; int32_t sectors, is_write; } rq;

/* A big, fast disk: 100,000 cylinders of 100 sectors (10^7 sectors), 1 surface,
 * 10,000 RPM, a short flat seek: requests never pile up for long. */
static sp_sim *desktop_sim(uint64_t seed, int64_t count) {
  sp_sim *sim = sp_new(seed);
  int32_t d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_RPM, 10000);
  sp_disk_set(sim, d, SP_DP_SEEK_C, 0.5);
  sp_disk_add_zone(sim, d, 0, 99999, 100, 0, 0, SP_SPARE_NONE, 0);
  sp_disk_commit(sim, d);
  sp_workload_set(sim, SP_WP_ARRIVALS, SP_ARRIVE_OPEN);
  sp_workload_set(sim, SP_WP_PATTERN, SP_PATTERN_DESKTOP);
  sp_workload_set(sim, SP_WP_COUNT, (double)count);
  sp_workload_set(sim, SP_WP_SIZE_DIST, SP_SIZE_EXPONENTIAL);
  sp_workload_set(sim, SP_WP_SIZE_SECTORS, 16);
  sp_workload_set(sim, SP_WP_SIZE_MAX_SECTORS, 256);
  sp_workload_set(sim, SP_WP_READ_FRACTION, 0.3);
  sp_output_configure(sim, 0, 65536);
  return sim;
}

/* Runs to the end; the requests by id (= arrival order). Returns how many. */
static int64_t collect(sp_sim *sim, rq *out, int64_t max) {
  int64_t n = 0;
  sp_status st;
  do {
    st = sp_run(sim, -1);
    for (int32_t i = 0; i < sp_result_count(sim); i++) {
      const sp_result *r = &sp_results(sim)[i];
      if (r->id < 0 || r->id >= max) continue;
      out[r->id] = (rq){ r->arrival_ms, r->lbn, r->sectors, r->is_write };
      n++;
    }
  } while (st == SP_MORE);
  CHECK(st == SP_OK);
  return n;
}

#define N 60000
static rq reqs[N];

/* Bursts: gaps of mean 0.01 ms inside, 10^6 ms between, so a gap over 1 ms
 * ends a burst (an in-burst gap that long has probability e^-100; an idle
 * gap that short, 10^-6). Mean burst 16: geometric, variance (1-p)/p^2 = 240. */
static void test_bursts_and_idle_gaps(void) {
  sp_sim *sim = desktop_sim(7, N);
  sp_workload_set(sim, SP_WP_BURST_REQUESTS, 16);
  sp_workload_set(sim, SP_WP_BURST_GAP_MS, 0.01);
  sp_workload_set(sim, SP_WP_IDLE_MS, 1e6);
  CHECK(collect(sim, reqs, N) == N);
  CHECK(reqs[0].arrival == 0);
  int64_t bursts = 1, inside = 0;
  double idle_sum = 0, gap_sum = 0;
  for (int64_t i = 1; i < N; i++) {
    const double g = reqs[i].arrival - reqs[i - 1].arrival;
    CHECK(g >= 0);
    if (g > 1) { bursts++; idle_sum += g; } else { inside++; gap_sum += g; }
  }
  const double mean_burst = (double)N / (double)bursts;
  const double se_burst = sqrt(240.0 / (double)bursts);
  printf("     %lld bursts: mean %.3f requests (16 +- %.3f), idle %.0f ms (1e6 +- %.0f), gap %.5f ms\n",
         (long long)bursts, mean_burst, 4 * se_burst, idle_sum / (double)(bursts - 1),
         4e6 / sqrt((double)(bursts - 1)), gap_sum / (double)inside);
  CHECK_NEAR(mean_burst, 16, 4 * se_burst);
  CHECK_NEAR(idle_sum / (double)(bursts - 1), 1e6, 4 * 1e6 / sqrt((double)(bursts - 1)));
  CHECK_NEAR(gap_sum / (double)inside, 0.01, 4 * 0.01 / sqrt((double)inside));
  sp_free(sim);

  /* one request per burst: every gap is an idle gap */
  sim = desktop_sim(7, 2000);
  sp_workload_set(sim, SP_WP_BURST_REQUESTS, 1);
  sp_workload_set(sim, SP_WP_BURST_GAP_MS, 0.01);
  sp_workload_set(sim, SP_WP_IDLE_MS, 1e6);
  CHECK(collect(sim, reqs, 2000) == 2000);
  int64_t short_gaps = 0;
  for (int64_t i = 1; i < 2000; i++) short_gaps += reqs[i].arrival - reqs[i - 1].arrival <= 1;
  CHECK(short_gaps == 0);          /* expected 0.002: P(gap <= 1 ms) = 10^-6 */
  sp_free(sim);
}

/* Writes near the previous write: every one within near_sectors of its end
 * (sizes <= 256 <= near_sectors, so keeping inside the region cannot push
 * one farther), half of them within sqrt(near_sectors + 1) - 1 = 44 sectors
 * (log-uniform: P(d <= 44) = ln 46 / ln 2049 = 0.5015), both directions
 * equally often, and sequential (d = 0) with probability ln 2 / ln 2049. */
static void test_near_writes(void) {
  sp_sim *sim = desktop_sim(11, N);
  sp_workload_set(sim, SP_WP_NEAR_FRACTION, 1);
  sp_workload_set(sim, SP_WP_NEAR_SECTORS, 2048);
  CHECK(collect(sim, reqs, N) == N);
  int64_t prev_end = -1, writes = 0, far = 0, short_d = 0, ahead = 0, seq = 0;
  for (int64_t i = 0; i < N; i++) {
    if (!reqs[i].is_write) continue;
    if (prev_end >= 0) {
      const int64_t d = reqs[i].lbn - prev_end;
      writes++;
      far += llabs(d) >= 2048;
      short_d += llabs(d) <= 44;
      ahead += d > 0;
      seq += d == 0;
    }
    prev_end = reqs[i].lbn + reqs[i].sectors;
  }
  const double se = 0.5 / sqrt((double)writes);
  const double p_seq = log(2.0) / log(2049.0);
  printf("     %lld writes: %lld beyond 2048, %.4f within 44 (0.5015), %.4f ahead of the end, %.4f sequential (%.4f)\n",
         (long long)writes, (long long)far, (double)short_d / (double)writes, (double)ahead / (double)writes,
         (double)seq / (double)writes, p_seq);
  CHECK(far == 0);
  CHECK_NEAR((double)short_d / (double)writes, log(46.0) / log(2049.0), 4 * se);
  CHECK_NEAR((double)ahead / (double)writes, (1 - p_seq) / 2, 4 * se);
  CHECK_NEAR((double)seq / (double)writes, p_seq, 4 * sqrt(p_seq * (1 - p_seq) / (double)writes));
  sp_free(sim);
}

/* The mixture: with near_fraction 0.5 on 10^7 sectors, a uniform write lands
 * within 2048 of the previous end with probability about 4096 / 10^7, so
 * 0.5 + 0.5 * 0.0004 of the writes are near. Reads are uniform: their mean
 * position is the middle of the region. The read fraction is 0.3. */
static void test_mixture_and_read_fraction(void) {
  sp_sim *sim = desktop_sim(13, N);
  sp_workload_set(sim, SP_WP_NEAR_FRACTION, 0.5);
  CHECK(collect(sim, reqs, N) == N);
  int64_t prev_end = -1, writes = 0, near = 0, reads = 0;
  double read_pos = 0;
  for (int64_t i = 0; i < N; i++) {
    CHECK(reqs[i].lbn >= 0 && reqs[i].lbn + reqs[i].sectors <= 10000000);
    CHECK(reqs[i].sectors >= 1 && reqs[i].sectors <= 256);
    if (!reqs[i].is_write) { reads++; read_pos += (double)reqs[i].lbn; continue; }
    if (prev_end >= 0) { writes++; near += llabs(reqs[i].lbn - prev_end) < 2048; }
    prev_end = reqs[i].lbn + reqs[i].sectors;
  }
  const double p_near = 0.5 + 0.5 * 4096.0 / 1e7;
  printf("     near %.4f (%.4f), reads %.4f (0.3)\n", (double)near / (double)writes, p_near,
         (double)reads / N);
  CHECK_NEAR((double)near / (double)writes, p_near, 4 * 0.5 / sqrt((double)writes));
  CHECK_NEAR((double)reads / N, 0.3, 4 * sqrt(0.21 / N));
  /* uniform over [0, 10^7): mean 5e6, sd 10^7 / sqrt(12) */
  CHECK_NEAR(read_pos / (double)reads, 5e6, 4 * 1e7 / sqrt(12.0 * (double)reads));
  sp_free(sim);
}

/* A region: every request inside it, near writes included. */
static void test_region_kept(void) {
  sp_sim *sim = desktop_sim(17, 5000);
  sp_workload_set(sim, SP_WP_REGION_FIRST_LBN, 1000000);
  sp_workload_set(sim, SP_WP_REGION_LBNS, 3000);
  sp_workload_set(sim, SP_WP_NEAR_FRACTION, 0.8);
  CHECK(collect(sim, reqs, 5000) == 5000);
  for (int64_t i = 0; i < 5000; i++)
    CHECK(reqs[i].lbn >= 1000000 && reqs[i].lbn + reqs[i].sectors <= 1003000);
  sp_free(sim);
}

/* The desktop parameters shape the desktop pattern only: a random workload
 * draws the same requests whatever they are set to. */
static void test_other_patterns_untouched(void) {
  static rq a[3000], b[3000];
  for (int k = 0; k < 2; k++) {
    sp_sim *sim = desktop_sim(19, 3000);
    sp_workload_set(sim, SP_WP_PATTERN, SP_PATTERN_RANDOM);
    sp_workload_set(sim, SP_WP_RATE_PER_S, 50);
    if (k) {
      sp_workload_set(sim, SP_WP_BURST_REQUESTS, 3);
      sp_workload_set(sim, SP_WP_IDLE_MS, 5);
      sp_workload_set(sim, SP_WP_NEAR_FRACTION, 1);
    }
    CHECK(collect(sim, k ? b : a, 3000) == 3000);
    sp_free(sim);
  }
  CHECK(memcmp(a, b, sizeof a) == 0);
}

static void test_parameter_checks(void) {
  sp_sim *sim = sp_new(1);
  CHECK(sp_workload_set(sim, SP_WP_PATTERN, SP_PATTERN_DESKTOP) == SP_OK);
  CHECK(sp_workload_set(sim, SP_WP_PATTERN, 3) == SP_E_INVALID);
  CHECK(sp_workload_set(sim, SP_WP_BURST_REQUESTS, 0.5) == SP_E_INVALID);
  CHECK(strcmp(sp_error_field(sim), "workload.burst_requests") == 0);
  CHECK(sp_workload_set(sim, SP_WP_NEAR_FRACTION, 1.5) == SP_E_INVALID);
  CHECK(strcmp(sp_error_field(sim), "workload.near_fraction") == 0);
  CHECK(sp_workload_set(sim, SP_WP_NEAR_SECTORS, 0) == SP_E_INVALID);
  CHECK(sp_workload_set(sim, SP_WP_IDLE_MS, -1) == SP_E_INVALID);
  CHECK(sp_workload_get(sim, SP_WP_BURST_REQUESTS) == 16 && sp_workload_get(sim, SP_WP_BURST_GAP_MS) == 2);
  CHECK(sp_workload_get(sim, SP_WP_IDLE_MS) == 1000 && sp_workload_get(sim, SP_WP_NEAR_FRACTION) == 0.5);
  CHECK(sp_workload_get(sim, SP_WP_NEAR_SECTORS) == 2048);
  sp_param_info pi;
  CHECK_OK(sp_param_info_get(SP_TABLE_WORKLOAD, SP_WP_NEAR_SECTORS, &pi));
  CHECK(strcmp(pi.name, "near_sectors") == 0 && pi.count == SP_WP_COUNT_PARAMS);
  sp_free(sim);
}

int main(void) {
  RUN(test_bursts_and_idle_gaps);
  RUN(test_near_writes);
  RUN(test_mixture_and_read_fraction);
  RUN(test_region_kept);
  RUN(test_other_patterns_untouched);
  RUN(test_parameter_checks);
  return check_summary("workload");
}
