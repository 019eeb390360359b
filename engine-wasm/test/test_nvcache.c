/*
 * test_nvcache.c — the flash-backed policy (SP_POLICY_NVCACHE) on the hand-
 * computable disk of nv_fixture.h: the redirection inequality with the exact
 * estimator (numbers worked out below), coalescing, overwrites, reads from the
 * DRAM FQueue, watermark flushing in FIFO order 1:1 with queued I/O, idle
 * purge stopped by an arrival, erase accounting, a zero-size FQueue equal to
 * the baseline, and a lower mean write latency than the baseline on random writes.
 *
 * Hand numbers (head at cylinder 0, angle 0 at t = 0): flash pinned write of
 * 8 sectors f = 2.0 + 0.045 * 4 + 0.005 = 2.185 ms.
 *  LBN 50000 (cyl 500, slot 0): seek 2 + 5 = 7, angle then 0.7, rotate 3,
 *    transfer 0.8: h = 10.8 ms.
 *  LBN 8 (cyl 0, slot 8): rotate 0.8 + transfer 0.8 = 1.6 ms.
 *  LBN 50008 from the head: seek 7 -> angle 0.7, to slot 8 (0.08): 3.8, + 0.8 = 11.6;
 *    from the end of 50000..50007 (cyl 500, t = 10.8, angle 0.08): 0 + 0 + 0.8.
 */
#include "check.h"
#include "nv_fixture.h"
#include <stdlib.h>
#include <string.h>

#define NRES 16384
static sp_result res[NRES];
static int nres;
static sp_event evs[65536];
static int nevs;

static void run_all(sp_sim *sim) {
  nres = 0; nevs = 0;
  sp_status st;
  do {
    st = sp_run(sim, -1);
    for (int32_t i = 0; i < sp_result_count(sim) && nres < NRES; i++) res[nres++] = sp_results(sim)[i];
    for (int32_t i = 0; i < sp_event_count(sim) && nevs < 65536; i++) evs[nevs++] = sp_events(sim)[i];
  } while (st == SP_MORE);
  CHECK(st == SP_OK);
}

/* A disk (0) and a flash (1) under the nvcache policy, exact estimator. */
static sp_sim *nv_sim(int idle_purge) {
  sp_sim *sim = sp_new(1);
  nv_disk(sim);
  int32_t f = sp_flash_add(sim);
  sp_host_set(sim, SP_HP_POLICY, SP_POLICY_NVCACHE);
  sp_host_set(sim, SP_HP_FLASH_DEVICE, f);
  sp_host_set(sim, SP_HP_ESTIMATOR, SP_EST_EXACT);
  sp_host_set(sim, SP_HP_IDLE_PURGE, idle_purge);
  sp_output_configure(sim, 4096, 1024);
  return sim;
}

static const sp_result *logical(int64_t id) {
  for (int i = 0; i < nres; i++) if (res[i].disk == -1 && res[i].id == id) return &res[i];
  return NULL;
}
/* The disk's requests in dispatch order: their LBNs. */
static int disk_order(int64_t *lbn, int32_t *sectors, int max) {
  int n = 0;
  for (int i = 0; i < nres && n < max; i++) if (res[i].disk == 0) { lbn[n] = res[i].lbn; if (sectors) sectors[n] = res[i].sectors; n++; }
  /* results come in completion order; with one request at the disk that is dispatch order */
  return n;
}
static int count_events(int kind, int a) {
  int n = 0;
  for (int i = 0; i < nevs; i++) if (evs[i].kind == kind && (a < 0 || evs[i].a == a)) n++;
  return n;
}

static void test_far_write_redirected_near_not(void) {
  sp_sim *sim = nv_sim(0);
  CHECK(sp_submit(sim, 0, 50000, 8, SP_SUBMIT_WRITE) == 0);
  run_all(sim);
  CHECK(sp_decision_count(sim) == 1);
  sp_decision dc;
  CHECK_OK(sp_decision_get(sim, 0, &dc));
  CHECK_NEAR(dc.h_n, 10.8, 1e-9);
  CHECK_NEAR(dc.f_n, 2.185, 1e-12);
  CHECK(dc.n_nn == 0 && dc.h_nn == 0 && dc.next_lbn == -1 && dc.head_lbn == 0);
  CHECK(dc.outcome == 1);
  const sp_result *l = logical(0);
  CHECK(l && fabs(l->response_ms - 2.185) < 1e-9);     /* complete on flash */
  sp_stats w;
  CHECK_OK(sp_stats_get(sim, SP_HOST_WRITES, &w));
  CHECK(w.completed == 1);
  CHECK_NEAR(w.response_mean_ms, 2.185, 1e-9);
  sp_free(sim);

  sim = nv_sim(0);
  sp_submit(sim, 0, 8, 8, SP_SUBMIT_WRITE);
  run_all(sim);
  CHECK_OK(sp_decision_get(sim, 0, &dc));
  CHECK_NEAR(dc.h_n, 1.6, 1e-9);                       /* 1.6 < 2.185: the disk */
  CHECK(dc.outcome == 0);
  l = logical(0);
  CHECK(l && fabs(l->response_ms - 1.6) < 1e-9);
  sp_free(sim);
}

/* The look-ahead: 50000 alone would go to flash (10.8 > 2.185), but with
 * 50008 next, h_n + n_nn = 10.8 + 0.8 = 11.6 is not above f_n + h_nn =
 * 2.185 + 11.6: it goes to the disk. */
static void test_lookahead_keeps_far_neighbours_on_disk(void) {
  sp_sim *sim = nv_sim(0);
  sp_submit(sim, 0, 50000, 8, SP_SUBMIT_WRITE | SP_SUBMIT_LINKED);
  sp_submit(sim, 0, 50008, 8, SP_SUBMIT_WRITE);
  run_all(sim);
  sp_decision dc;
  CHECK_OK(sp_decision_get(sim, 0, &dc));
  CHECK_NEAR(dc.h_n, 10.8, 1e-9);
  CHECK_NEAR(dc.n_nn, 0.8, 1e-9);
  CHECK_NEAR(dc.h_nn, 11.6, 1e-9);
  CHECK(dc.next_lbn == 50008);
  CHECK(dc.outcome == 0);
  sp_nvcache_stats s;
  CHECK_OK(sp_nvcache_stats_get(sim, &s));
  CHECK(s.writes == 2 && s.redirected == 0);
  sp_free(sim);
}

static void test_coalesce_overwrite_and_dram_reads(void) {
  /* coalescing: 50000 goes to flash; a later adjacent write takes it along */
  sp_sim *sim = nv_sim(0);
  sp_submit(sim, 0, 50000, 8, SP_SUBMIT_WRITE);
  sp_submit(sim, 20, 50004, 8, SP_SUBMIT_WRITE);       /* overlaps 50004..50007, not covering */
  run_all(sim);
  sp_nvcache_stats s;
  CHECK_OK(sp_nvcache_stats_get(sim, &s));
  CHECK(s.redirected == 1 && s.coalesced == 1 && s.fq_entries == 0 && s.fq_sectors == 0);
  int64_t lbn[8]; int32_t n[8];
  CHECK(disk_order(lbn, n, 8) == 1 && lbn[0] == 50000 && n[0] == 12);   /* one write of the union */
  CHECK(count_events(SP_EV_REDIRECT, 2) == 1 && count_events(SP_EV_FQ_REMOVE, -1) == 1);
  sp_free(sim);

  /* adjacency alone coalesces too */
  sim = nv_sim(0);
  sp_submit(sim, 0, 50000, 8, SP_SUBMIT_WRITE);
  sp_submit(sim, 20, 50008, 8, SP_SUBMIT_WRITE);
  run_all(sim);
  CHECK_OK(sp_nvcache_stats_get(sim, &s));
  CHECK(s.coalesced == 1 && disk_order(lbn, n, 8) == 1 && lbn[0] == 50000 && n[0] == 16);
  sp_free(sim);

  /* overwrite: a later write covering the entry replaces it; reads inside it come from DRAM */
  sim = nv_sim(0);
  sp_submit(sim, 0, 50000, 8, SP_SUBMIT_WRITE);
  sp_submit(sim, 20, 50002, 4, 0);                     /* inside: answered from memory */
  sp_submit(sim, 30, 49996, 16, SP_SUBMIT_WRITE);      /* covers 50000..50007 */
  sp_submit(sim, 40, 49990, 20, 0);                    /* only partly inside: the disk */
  run_all(sim);
  CHECK_OK(sp_nvcache_stats_get(sim, &s));
  CHECK(s.redirected == 2 && s.overwritten == 1 && s.coalesced == 0 && s.read_hits == 1);
  CHECK(s.fq_entries == 1 && s.fq_sectors == 16);
  CHECK_NEAR(s.frac_overwritten, 0.5, 1e-12);
  const sp_result *r = logical(1);
  CHECK(r && r->response_ms == 0 && r->cache == 2);
  CHECK(disk_order(lbn, n, 8) == 1 && lbn[0] == 49990);
  int removed_overwrite = 0;
  for (int i = 0; i < nevs; i++) if (evs[i].kind == SP_EV_FQ_REMOVE && evs[i].b == 3) removed_overwrite++;
  CHECK(removed_overwrite == 1);
  sp_free(sim);
}

/* FQueue of 32 sectors, high 0.75 (24), low 0.25 (8); a very fast flash, so
 * every write with any detour goes there. Three far writes fill it to 24:
 * flushing begins. Three reads near the head wait in the queue with the
 * third write. Disk order: flush (oldest, 50000), read, flush (60000) -> 8
 * sectors = low: flushing ends; then the other reads. */
static void test_watermark_flush_fifo_one_to_one(void) {
  sp_sim *sim = nv_sim(0);
  sp_flash_set(sim, 1, SP_FP_CAPACITY_SECTORS, 32);
  sp_host_set(sim, SP_HP_HIGH_WATERMARK, 0.75);
  sp_host_set(sim, SP_HP_LOW_WATERMARK, 0.25);
  sp_submit(sim, 0, 50000, 8, SP_SUBMIT_WRITE);
  sp_submit(sim, 10, 60000, 8, SP_SUBMIT_WRITE);
  sp_submit(sim, 20, 70000, 8, SP_SUBMIT_WRITE | SP_SUBMIT_LINKED);
  sp_submit(sim, 20, 100, 8, SP_SUBMIT_LINKED);
  sp_submit(sim, 20, 200, 8, SP_SUBMIT_LINKED);
  sp_submit(sim, 20, 300, 8, 0);
  run_all(sim);
  sp_nvcache_stats s;
  CHECK_OK(sp_nvcache_stats_get(sim, &s));
  CHECK(s.redirected == 3);
  CHECK(s.flush_episodes == 1 && s.flush_writes == 2 && s.purge_writes == 0);
  int64_t lbn[16];
  int nd = disk_order(lbn, NULL, 16);
  const int64_t want[] = { 50000, 100, 60000, 200, 300 };
  CHECK(nd == 5);
  for (int i = 0; i < 5 && i < nd; i++) CHECK(lbn[i] == want[i]);
  CHECK(s.fq_entries == 1 && s.fq_sectors == 8);          /* 70000 stays: low watermark reached */
  CHECK(count_events(SP_EV_FLUSH, 1) == 1 && count_events(SP_EV_FLUSH, 0) == 1);
  CHECK(s.flush_disk_ms > 0);
  sp_free(sim);
}

/* Idle purge: a one-track read keeps the disk busy 0..10 ms while three far
 * writes arrive; at 10 they are redirected and purging starts (50000: seek
 * 7, rotate 3, transfer 0.8 -> done at 20.8). A read arriving at 12 waits for
 * that write only, then purging resumes. */
static void test_idle_purge_stopped_by_arrival(void) {
  sp_sim *sim = nv_sim(1);
  sp_flash_set(sim, 1, SP_FP_WRITE_MS, 0.001);
  sp_flash_set(sim, 1, SP_FP_WRITE_MS_PER_KB, 0);
  sp_submit(sim, 0, 0, 100, 0);
  sp_submit(sim, 1, 50000, 8, SP_SUBMIT_WRITE);
  sp_submit(sim, 2, 60000, 8, SP_SUBMIT_WRITE);
  sp_submit(sim, 3, 70000, 8, SP_SUBMIT_WRITE);
  sp_submit(sim, 12, 100, 8, 0);
  run_all(sim);
  sp_nvcache_stats s;
  CHECK_OK(sp_nvcache_stats_get(sim, &s));
  CHECK(s.redirected == 3 && s.purge_writes == 3 && s.fq_entries == 0);
  int64_t lbn[16];
  int nd = disk_order(lbn, NULL, 16);
  const int64_t want[] = { 0, 50000, 100, 60000, 70000 };
  CHECK(nd == 5);
  for (int i = 0; i < 5 && i < nd; i++) CHECK(lbn[i] == want[i]);
  const sp_result *r = logical(4);
  CHECK(r && fabs(r->complete_ms - 20.8) < 0.5 + r->seek_ms + r->rotation_ms + r->transfer_ms);
  CHECK(r && r->arrival_ms == 12 && r->dispatch_ms >= 20.8 - 1e-9);
  for (int i = 0; i < nevs; i++) if (evs[i].kind == SP_EV_FQ_REMOVE) CHECK(evs[i].b == 2);
  sp_free(sim);
}

static void test_erases_and_lifetime(void) {
  for (int mode = 0; mode < 2; mode++) {
    sp_sim *sim = nv_sim(0);
    sp_flash_set(sim, 1, SP_FP_ERASE_MODE, mode);
    sp_flash_set(sim, 1, SP_FP_ERASE_BLOCK_BYTES, 16384);
    sp_flash_set(sim, 1, SP_FP_CAPACITY_SECTORS, 1024);    /* 512 KB = 32 blocks */
    sp_submit(sim, 0, 50000, 8, SP_SUBMIT_WRITE);
    sp_submit(sim, 20, 70000, 8, SP_SUBMIT_WRITE);
    run_all(sim);
    sp_nvcache_stats s;
    CHECK_OK(sp_nvcache_stats_get(sim, &s));
    CHECK(s.redirected == 2);
    CHECK_NEAR(s.flash_bytes_written, 8192, 0);
    const double erases = mode == SP_ERASE_PER_WRITE ? 2.0 : 0.5;
    CHECK_NEAR(s.erases, erases, 1e-12);
    /* 100,000 * 32 blocks / (erases per year at this rate); the run ends at 22.185 ms */
    const double now = sp_now(sim), year = 365.25 * 24 * 3600 * 1000.0;
    CHECK_NEAR(now, 22.185, 1e-9);
    CHECK_NEAR(s.lifetime_years, 100000.0 * 32 / (erases / now * year), 1e-9);
    sp_free(sim);
  }
}

/* Random writes (and a few reads), Poisson arrivals, drawn here so that both
 * sims get the very same list. */
static uint64_t rs;
static double urand(void) {
  rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
  return (double)(rs >> 11) / 9007199254740992.0;
}
static void submit_random(sp_sim *sim, int n, double rate_per_ms) {
  rs = 88172645463325252ull;
  double t = 0;
  for (int i = 0; i < n; i++) {
    t += -log(1 - urand()) / rate_per_ms;
    int64_t lbn = (int64_t)(urand() * (100000 - 16));
    int w = urand() < 0.8;
    sp_submit(sim, t, lbn, 8, w ? SP_SUBMIT_WRITE : 0);
  }
}
/* The flash has its own addresses: a redirected write lands right after the
 * newest entry, and at the flash's end the live entries are packed to its
 * start, oldest first. FQueue of 24 sectors, a very fast flash, no purge:
 * 50000 -> 0..7, 60000 -> 8..15; 50000 again overwrites the first (unpin
 * 0..7) and goes to 16..23; 80000 finds the end: 60000 and the new 50000 are
 * packed to 0..15 and it takes 16..23. The FQueue is then full: flushing
 * writes 60000 back and unpins it where it now lies, 0..7. */
static void test_flash_addresses_are_the_flashs(void) {
  sp_sim *sim = nv_sim(0);
  sp_flash_set(sim, 1, SP_FP_CAPACITY_SECTORS, 24);
  sp_flash_set(sim, 1, SP_FP_WRITE_MS, 0.001);
  sp_flash_set(sim, 1, SP_FP_WRITE_MS_PER_KB, 0);
  sp_submit(sim, 0, 50000, 8, SP_SUBMIT_WRITE);
  sp_submit(sim, 10, 60000, 8, SP_SUBMIT_WRITE);
  sp_submit(sim, 20, 50000, 8, SP_SUBMIT_WRITE);
  sp_submit(sim, 30, 80000, 8, SP_SUBMIT_WRITE);
  run_all(sim);
  const int32_t pinned[] = { 0, 8, 16, 16 }, unpinned[] = { 0, 0 };
  int np = 0, nu = 0, nr = 0;
  for (int i = 0; i < nevs; i++) {
    const sp_event *e = &evs[i];
    if (e->kind != SP_EV_FLASH_WRITE) continue;
    CHECK(e->disk == 1 && e->cyl == 0 && e->a == 8);
    if (e->b == 1) { CHECK(np < 4 && e->surface == pinned[np]); np++; }
    if (e->b == 2) { CHECK(nu < 2 && e->surface == unpinned[nu]); nu++; }
  }
  CHECK(np == 4 && nu == 2);
  for (int i = 0; i < nres; i++)
    if (res[i].disk == 1) { CHECK(nr < 4 && res[i].lbn == pinned[nr]); nr++; }
  CHECK(nr == 4);
  sp_free(sim);

  /* Every flash record of a random run lies inside the flash, even a 1-sector one. */
  for (int cap = 1; cap <= 40; cap += 39) {
    sim = nv_sim(1);
    sp_output_configure(sim, 65536, 4096);
    sp_flash_set(sim, 1, SP_FP_CAPACITY_SECTORS, cap);
    sp_flash_set(sim, 1, SP_FP_WRITE_MS, 0.001);
    rs = 7;
    double t = 0;
    for (int k = 0; k < 300; k++) {
      t += 5 * urand();
      const int32_t n = cap == 1 ? 1 : 1 + (int32_t)(urand() * 16);
      sp_submit(sim, t, (int64_t)(urand() * 99000), n, SP_SUBMIT_WRITE);
    }
    run_all(sim);
    sp_nvcache_stats s;
    CHECK_OK(sp_nvcache_stats_get(sim, &s));
    CHECK(s.redirected > 20);
    int inside = 1, seen = 0;
    for (int i = 0; i < nres; i++)
      if (res[i].disk == 1) { seen++; inside &= res[i].lbn >= 0 && res[i].lbn + res[i].sectors <= cap; }
    for (int i = 0; i < nevs; i++)
      if (evs[i].disk == 1 && evs[i].kind == SP_EV_FLASH_WRITE) inside &= evs[i].cyl == 0 && evs[i].surface + evs[i].a <= cap;
    CHECK(inside && seen == s.redirected);
    sp_free(sim);
  }
}

static sp_sim *baseline_sim(void) {
  sp_sim *sim = sp_new(1);
  nv_disk(sim);
  sp_host_set(sim, SP_HP_QUEUE_DEPTH, 1);
  sp_output_configure(sim, 0, 1024);
  return sim;
}

static void test_zero_size_fqueue_is_the_baseline(void) {
  sp_sim *a = nv_sim(1), *b = baseline_sim();
  sp_output_configure(a, 0, 1024);
  sp_flash_set(a, 1, SP_FP_CAPACITY_SECTORS, 0);
  submit_random(a, 400, 0.05);
  submit_random(b, 400, 0.05);
  run_all(a);
  static sp_result ra[NRES];
  int na = nres;
  memcpy(ra, res, sizeof(sp_result) * (size_t)na);
  run_all(b);
  CHECK(na == nres && na == 800);
  CHECK(memcmp(ra, res, sizeof(sp_result) * (size_t)na) == 0);
  sp_free(a); sp_free(b);
}

static void test_lower_write_latency_than_baseline(void) {
  const int est[3] = { SP_EST_MIMIC, SP_EST_EXPECTED, SP_EST_EXACT };
  sp_sim *b = baseline_sim();
  submit_random(b, 3000, 0.05);
  run_all(b);
  sp_stats wb;
  CHECK_OK(sp_stats_get(b, SP_HOST_WRITES, &wb));
  for (int k = 0; k < 3; k++) {
    sp_sim *a = nv_sim(1);
    sp_host_set(a, SP_HP_ESTIMATOR, est[k]);
    sp_output_configure(a, 0, 1024);
    submit_random(a, 3000, 0.05);
    run_all(a);
    sp_stats wa;
    CHECK_OK(sp_stats_get(a, SP_HOST_WRITES, &wa));
    sp_nvcache_stats s;
    CHECK_OK(sp_nvcache_stats_get(a, &s));
    CHECK(wa.completed == wb.completed && wa.completed > 2000);
    printf("     estimator %d: mean write latency %.3f ms vs baseline %.3f ms (ratio %.3f); "
           "%.1f %% redirected, %.1f %% coalesced, %lld purges, fq left %lld\n", est[k], wa.response_mean_ms,
           wb.response_mean_ms, wa.response_mean_ms / wb.response_mean_ms, 100 * s.frac_redirected,
           100 * s.frac_coalesced, (long long)s.purge_writes, (long long)s.fq_entries);
    CHECK(wa.response_mean_ms < 0.8 * wb.response_mean_ms);
    /* nothing lost: every entry left the FQueues by a write-back, a coalesced write or an overwrite */
    CHECK(s.fq_entries == 0);
    sp_free(a);
  }
  sp_free(b);
}

static void test_errors(void) {
  sp_sim *sim = nv_sim(0);
  sp_host_set(sim, SP_HP_LOW_WATERMARK, 0.9);
  sp_host_set(sim, SP_HP_HIGH_WATERMARK, 0.5);
  CHECK(sp_host_commit(sim) == SP_E_INVALID);
  CHECK(strcmp(sp_error_field(sim), "host.low_watermark") == 0);
  sp_host_set(sim, SP_HP_HIGH_WATERMARK, 1);
  sp_host_set(sim, SP_HP_FLASH_DEVICE, 0);
  CHECK(sp_host_commit(sim) == SP_E_INVALID);
  CHECK(strcmp(sp_error_field(sim), "host.flash_device") == 0);
  sp_host_set(sim, SP_HP_FLASH_DEVICE, 1);
  sp_host_set(sim, SP_HP_QUEUE_DEPTH, 2);
  CHECK(sp_host_commit(sim) == SP_E_INVALID);
  CHECK(strcmp(sp_error_field(sim), "host.queue_depth") == 0);
  sp_host_set(sim, SP_HP_QUEUE_DEPTH, 1);
  CHECK_OK(sp_host_commit(sim));
  sp_free(sim);
}

int main(void) {
  RUN(test_far_write_redirected_near_not);
  RUN(test_lookahead_keeps_far_neighbours_on_disk);
  RUN(test_coalesce_overwrite_and_dram_reads);
  RUN(test_watermark_flush_fifo_one_to_one);
  RUN(test_idle_purge_stopped_by_arrival);
  RUN(test_erases_and_lifetime);
  RUN(test_flash_addresses_are_the_flashs);
  RUN(test_zero_size_fqueue_is_the_baseline);
  RUN(test_lower_write_latency_than_baseline);
  RUN(test_errors);
  return check_summary("nvcache");
}
