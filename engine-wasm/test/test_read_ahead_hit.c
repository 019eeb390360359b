/* test_read_ahead_hit.c — read-ahead on an idle hit (read_ahead_on_hit,
 * DiskSim's "Read-ahead on idle hit"), on hand-computed cases. The disk: 1
 * surface, 10 cylinders of 100 sectors, 10 ms a revolution (slot k passes at
 * k * 0.1 ms, mod 10), seeks free, command overheads 1 ms, the bus 0.2 ms a
 * sector; one 100-sector cache segment, reading ahead at most 20 sectors past
 * a read.
 *
 * Read 0..10 at 0: overhead to 1.0, slot 0 at 10.0, media to 11.0, bus done
 * 10.1 + 10 * 0.2 = 12.1. Read-ahead to 10 + 20 = 30, over at 13.0.
 * Read 10..20 at 20: a full hit, answered at 21.0 + 2.0 = 23.0. With the
 * parameter the mechanism reads ahead again, from where the segment ends (30)
 * to 20 + 20 = 40: slot 30 passes at 23.0, the read-ahead is over at 24.0.
 * Read 30..40 at 30: with the parameter a full hit, 31.0 + 2.0 = 33.0;
 * without it a miss: slot 30 at 33.0, first sector in at 33.1, bus to 35.1. */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"
#include <string.h>

static sp_sim *cached_disk(int on_hit) {
  sp_sim *sim = sp_new(1);
  int d = fixture_ten_cylinders(sim, 0.2);
  CHECK(sp_disk_get(sim, d, SP_DP_READ_AHEAD_ON_HIT) == 0);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 1));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 100));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_READ_AHEAD, SP_RA_CONTINUE));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_READ_AHEAD_MAX_SECTORS, 20));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_READ_AHEAD_ON_HIT, on_hit));
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 64);
  return sim;
}

/* A request: arrival, first LBN, sectors, SP_SUBMIT_WRITE or 0. */
typedef struct req { double at; int64_t lbn; int32_t n; uint32_t flags; } req;

/* Runs the requests on the disk, with or without read-ahead on a hit; checks
 * that the last one is served as computed for each (cache, completion). */
static void last_served(const req *q, int n, int on, int cache, double complete_ms) {
  sp_sim *sim = cached_disk(on);
  for (int i = 0; i < n; i++) sp_request_submit(sim, 0, q[i].at, q[i].lbn, q[i].n, q[i].flags);
  sp_result r[8];
  CHECK(fixture_run_results(sim, r, n) == n);
  CHECK(r[n - 2].cache == 2);                   /* the hit before it, either way */
  CHECK(r[n - 1].cache == cache);
  CHECK_NEAR(r[n - 1].complete_ms, complete_ms, 1e-9);
  sp_free(sim);
}

static void test_hit_sends_the_mechanism_back_to_read_ahead(void) {
  const req q[] = { { 0, 0, 10, 0 }, { 20, 10, 10, 0 }, { 30, 30, 10, 0 } };
  last_served(q, 3, 1, 2, 33.0);
  last_served(q, 3, 0, 0, 35.1);
}

/* The head elsewhere: a write of LBN 500 (cylinder 5) at 15 moves it (slot 0
 * at 20.0, done 20.1). The hit on 10..20 at 25 (answered 26.0 + 2.0 = 28.0)
 * sends it back to cylinder 0: slot 30 at 33.0, read ahead to 40 by 34.0.
 * Read 30..40 at 40: a hit, 41.0 + 2.0 = 43.0 (a miss: slot 30 at 43.0,
 * bus to 45.1). */
static void test_read_ahead_after_a_hit_seeks_back(void) {
  const req q[] = { { 0, 0, 10, 0 }, { 15, 500, 1, SP_SUBMIT_WRITE }, { 25, 10, 10, 0 }, { 40, 30, 10, 0 } };
  last_served(q, 4, 1, 2, 43.0);
  last_served(q, 4, 0, 0, 45.1);
}

/* A hit while the read-ahead still runs raises its end, with or without the
 * parameter (DiskSim's controller does so when a read takes over a running
 * prefetch). Read 0..10 at 0 reads ahead 10..30 from 11.0 to 13.0. Read
 * 10..20 at 12.5 finds 10..25 buffered: a full hit (13.5 + 2.0 = 15.5), and
 * the read-ahead goes on to 20 + 20 = 40, over at 14.0. Read 30..40 at 20: a
 * hit, 21.0 + 2.0 = 23.0. (Stopped at 30, it would miss: slot 30 at 23.0,
 * first sector in at 23.1, bus to 25.1.) */
static void test_hit_during_read_ahead_extends_it(void) {
  const req q[] = { { 0, 0, 10, 0 }, { 12.5, 10, 10, 0 }, { 20, 30, 10, 0 } };
  for (int on = 0; on <= 1; on++) last_served(q, 3, on, 2, 23.0);
}

/* A hit that carries a running read-ahead on leaves the segment what it held
 * before: the segment holds its size at most (1,000 sectors here), as
 * DiskSim's disk_buffer_segment_wrap keeps it. Read 90..100 at 0: slot 90 at
 * 9.0, media to 10.0, bus to 11.1; read-ahead to 100 + 150 = 250, track 1
 * (100..200) from 10.0 to 20.0, track 2 from 20.0. Read 200..205 at 21.0
 * finds 200..210 buffered: a full hit (22.0 + 1.0 = 23.0), the read-ahead
 * goes on to 355. Read 90..100 at 40: a hit, 41.0 + 2.0 = 43.0 (dropped with
 * track 1's pass, a miss: slot 90 at 49.0, bus from 49.1 to 51.1). */
static void test_extended_read_ahead_keeps_older_data(void) {
  sp_sim *sim = fixture_one_segment(0.2, 1000, SP_RA_CONTINUE, 150);
  CHECK(sim != NULL);
  sp_request_submit(sim, 0, 0, 90, 10, 0);
  sp_request_submit(sim, 0, 21.0, 200, 5, 0);
  sp_request_submit(sim, 0, 40, 90, 10, 0);
  sp_result r[3];
  CHECK(fixture_run_results(sim, r, 3) == 3);
  CHECK_NEAR(r[0].complete_ms, 11.1, 1e-9);
  CHECK(r[1].cache == 2);
  CHECK_NEAR(r[1].complete_ms, 23.0, 1e-9);
  CHECK(r[2].cache == 2);
  CHECK_NEAR(r[2].complete_ms, 43.0, 1e-9);
  sp_free(sim);
}

static void test_bad_value_is_named(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  CHECK(sp_disk_set(sim, d, SP_DP_READ_AHEAD_ON_HIT, 2) != SP_OK);
  CHECK(strstr(sp_error(sim), "read_ahead_on_hit") != NULL);
  sp_free(sim);
}

int main(void) {
  RUN(test_hit_sends_the_mechanism_back_to_read_ahead);
  RUN(test_read_ahead_after_a_hit_seeks_back);
  RUN(test_hit_during_read_ahead_extends_it);
  RUN(test_extended_read_ahead_keeps_older_data);
  RUN(test_bad_value_is_named);
  return check_summary("read-ahead on hit");
}
