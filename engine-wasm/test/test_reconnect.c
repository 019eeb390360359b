/* test_reconnect.c — the bus overheads of a disk that disconnects while its
 * mechanism works (DiskSim's reselect, write disconnect and extra write
 * disconnect overheads), each on a hand-computed case. The disk: 1 surface,
 * 10 cylinders of 100 sectors, 10 ms per revolution (slot k passes at
 * k * 0.1 ms, mod 10), seeks free, command overheads 1 ms, the bus 0.2 ms a
 * sector. */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"
#include <string.h>

typedef struct overheads {
  double reselect, prep, write_disc;
  int extra;                         /* the extra write disconnect path, with the values below */
} overheads;

static sp_sim *one_disk(const overheads *o) {
  sp_sim *sim = sp_new(1);
  int d = fixture_ten_cylinders(sim, 0.2);
  CHECK(sp_disk_get(sim, d, SP_DP_RESELECT_MS) == 0 && sp_disk_get(sim, d, SP_DP_EXTRA_WRITE_DISCONNECT) == 0);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_RESELECT_MS, o->reselect));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_DATA_PREP_MS, o->prep));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_WRITE_DISCONNECT_MS, o->write_disc));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_EXTRA_WRITE_DISCONNECT, o->extra));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_EXTRADISC_COMMAND_MS, 0.6));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_EXTRADISC_SEEK_DELTA_MS, 0.25));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_EXTRADISC_DISCONNECT_MS, 0.05));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_EXTRADISC_GAP_MS, 0.4));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_EXTRADISC_DISCONNECT2_MS, 0.15));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_RESELECT_OTHER_MS, 0.1));
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 64);
  return sim;
}

/* Runs requests (arrival, lbn, sectors, write) one after another; results by id. */
static void run(const overheads *o, const double (*rq)[4], int n, sp_result *out) {
  sp_sim *sim = one_disk(o);
  for (int i = 0; i < n; i++)
    sp_request_submit(sim, 0, rq[i][0], (int64_t)rq[i][1], (int32_t)rq[i][2], rq[i][3] ? SP_SUBMIT_WRITE : 0);
  CHECK(fixture_run_results(sim, out, n) == n);
  sp_free(sim);
}

/* A read of LBN 25 at 0: overhead to 1.0, slot 25 read 2.5-2.6, then the
 * reselection and data preparation (0.3 + 0.05) before its 0.2 ms on the bus. */
static void test_read_reselects_before_its_data(void) {
  const double rq[1][4] = {{0, 25, 1, 0}};
  sp_result r;
  overheads none = {0, 0, 0, 0}, some = {0.3, 0.05, 0, 0};
  run(&none, rq, 1, &r);
  CHECK_NEAR(r.complete_ms, 2.8, 1e-9);
  run(&some, rq, 1, &r);
  CHECK_NEAR(r.complete_ms, 3.15, 1e-9);
  CHECK_NEAR(r.bus_ms, 0.55, 1e-9);
}

/* A read that finds nothing of its own buffered when it comes disconnects, so
 * it reselects before its data even when the running read-ahead serves it (a
 * partial hit that connects at its command does not). One 100-sector segment
 * reading ahead 20 sectors past a read, reselection 0.3. Read 0..10 at 0:
 * slot 0 at 10.0, media to 11.0, bus from 10.1 + 0.3 to 12.4; read-ahead from
 * 11.0, LBN 10 + k in at 11.1 + 0.1 k, over at 13.0. Read 25..30 at 11.6
 * (buffered to 16 then): dispatched at 12.6 with 25 in and 26..29 coming, its
 * bus 12.6 + 0.3 to 13.9 (13.6 without the reselection). At 12.5 (buffered to
 * 24): all in at 13.5, bus 13.5 + 0.3 to 14.8 (14.5). */
static double read_from_read_ahead(double reselect, double at) {
  sp_sim *sim = fixture_one_segment(0.2, 100, SP_RA_CONTINUE, 20);
  CHECK(sim != NULL);
  CHECK_OK(sp_disk_set(sim, 0, SP_DP_RESELECT_MS, reselect));
  sp_request_submit(sim, 0, 0, 0, 10, 0);
  sp_request_submit(sim, 0, at, 25, 5, 0);
  sp_result r[2];
  CHECK(fixture_run_results(sim, r, 2) == 2);
  CHECK_NEAR(r[0].complete_ms, reselect > 0 ? 12.4 : 12.1, 1e-9);
  CHECK(r[1].cache != 0);
  sp_free(sim);
  return r[1].complete_ms;
}

static void test_read_served_by_read_ahead_reselects(void) {
  CHECK_NEAR(read_from_read_ahead(0.3, 11.6), 13.9, 1e-9);
  CHECK_NEAR(read_from_read_ahead(0, 11.6), 13.6, 1e-9);
  CHECK_NEAR(read_from_read_ahead(0.3, 12.5), 14.8, 1e-9);
  CHECK_NEAR(read_from_read_ahead(0, 12.5), 14.5, 1e-9);
}

/* A read of 5 sectors at LBN 25 at 0 with a fence of 0.75 of the request:
 * DiskSim's read water mark, floor(0.75 * 5) = 3 sectors (in at 2.8), then
 * 5 x 0.2 on the bus: 3.8 (rounded up, 4 sectors: 3.9). */
static void test_read_fence_rounds_down(void) {
  sp_sim *sim = sp_new(1);
  int d = fixture_ten_cylinders(sim, 0.2);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_READ_FENCE_FRACTION, 0.75));
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 64);
  sp_request_submit(sim, 0, 0, 25, 5, 0);
  sp_result r;
  CHECK(fixture_run_results(sim, &r, 1) == 1);
  CHECK_NEAR(r.complete_ms, 3.8, 1e-9);
  sp_free(sim);
}

/* A write of 10 sectors at LBN 25 at 0: data 1.0-3.0, media 2.5-3.5 (the
 * first sector is in at 1.2, the media never overtakes the bus). The status
 * goes once the media is done and the disconnection after the data is over,
 * after the reselection (0.4). */
static void test_write_reselects_for_its_status(void) {
  const double rq[1][4] = {{0, 25, 10, 1}};
  sp_result r;
  overheads short_disc = {0.4, 0, 0.3, 0}, long_disc = {0.4, 0, 0.8, 0}, none = {0, 0, 0, 0};
  run(&none, rq, 1, &r);
  CHECK_NEAR(r.complete_ms, 3.5, 1e-9);
  run(&short_disc, rq, 1, &r);
  CHECK_NEAR(r.complete_ms, 3.9, 1e-9);           /* disconnected at 3.3, media done 3.5 */
  run(&long_disc, rq, 1, &r);
  CHECK_NEAR(r.complete_ms, 4.2, 1e-9);           /* disconnected at 3.8 */
}

/* LBN 0 written at 0 (overhead to 1.0, data 1.0-1.2, slot 0 at 10.0-10.1,
 * status 10.1 + 0.2 = 10.3), then a write of LBN 14 at 100 (slot 14 passes
 * at 101.4 and 111.4). As an ordinary write: data 101.0-101.2, media
 * 101.4-101.5, status 101.7. On the extra path: the mechanism from 100.85
 * (0.6 + 0.25), the data from 100 + 0.6 + 0.05 + 0.4 + 0.2 = 101.25 to
 * 101.45, too late for 101.4: media 111.4-111.5, status after the second
 * disconnection (101.6) and the other reselection: 111.6. */
static void test_extra_write_disconnect(void) {
  const double rq[2][4] = {{0, 0, 1, 1}, {100, 14, 1, 1}};
  sp_result r[2];
  overheads plain = {0.2, 0, 0, 0}, extra = {0.2, 0, 0, 1};
  run(&plain, rq, 2, r);
  CHECK_NEAR(r[0].complete_ms, 10.3, 1e-9);
  CHECK_NEAR(r[1].complete_ms, 101.7, 1e-9);
  run(&extra, rq, 2, r);
  CHECK_NEAR(r[0].complete_ms, 10.3, 1e-9);       /* the first write follows no write */
  CHECK_NEAR(r[1].complete_ms, 111.6, 1e-9);
  CHECK_NEAR(r[1].overhead_ms, 0.85, 1e-9);
}

/* The extra path is for a write after a write that it does not continue:
 * LBN 1 after LBN 0 continues it, a write after a read does not follow a
 * write. Both as ordinary writes (slot 14's timing as above). */
static void test_extra_path_only_after_a_write_elsewhere(void) {
  overheads extra = {0.2, 0, 0, 1};
  const double cont[2][4] = {{0, 0, 1, 1}, {100, 1, 1, 1}};
  sp_result r[2];
  run(&extra, cont, 2, r);
  CHECK_NEAR(r[1].overhead_ms, 1.0, 1e-9);
  const double after_read[2][4] = {{0, 0, 1, 0}, {100, 14, 1, 1}};
  run(&extra, after_read, 2, r);
  CHECK_NEAR(r[1].complete_ms, 101.7, 1e-9);
}

static void test_bad_values_are_named(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  CHECK(sp_disk_set(sim, d, SP_DP_RESELECT_MS, -0.1) != SP_OK);
  CHECK(strstr(sp_error(sim), "reselect_ms") != NULL);
  CHECK(sp_disk_set(sim, d, SP_DP_EXTRA_WRITE_DISCONNECT, 2) != SP_OK);
  CHECK(strstr(sp_error(sim), "extra_write_disconnect") != NULL);
  sp_free(sim);
}

int main(void) {
  RUN(test_read_reselects_before_its_data);
  RUN(test_read_served_by_read_ahead_reselects);
  RUN(test_read_fence_rounds_down);
  RUN(test_write_reselects_for_its_status);
  RUN(test_extra_write_disconnect);
  RUN(test_extra_path_only_after_a_write_elsewhere);
  RUN(test_bad_values_are_named);
  return check_summary("reconnect");
}
