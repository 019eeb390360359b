/* test_shared_bus.c — disks on one bus (SP_DP_SHARED_BUS), each case
 * computed by hand. Every disk: 1 surface, 10 cylinders of 100 sectors,
 * 10 ms per revolution (0.1 ms a sector), seeks free, read and write overhead
 * 1 ms, bus 0.05 ms a sector, read completion overhead 0.2 ms, a read's bus
 * transfer once all of it is buffered (fence fraction 1, as DiskSim's
 * "watermark by request size"). On a shared bus a disk holds the bus through
 * a command's overhead, its write data, its read data and completion. */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"
#include <string.h>

static sp_sim *two_disks(int bus0, int bus1) {
  sp_sim *sim = sp_new(1);
  for (int i = 0; i < 2; i++) {
    int d = fixture_ten_cylinders(sim, 0.05);
    sp_disk_set(sim, d, SP_DP_READ_FENCE_FRACTION, 1);
    sp_disk_set(sim, d, SP_DP_READ_COMPLETION_MS, 0.2);
    CHECK(sp_disk_get(sim, d, SP_DP_SHARED_BUS) == 0);
    CHECK_OK(sp_disk_set(sim, d, SP_DP_SHARED_BUS, i ? bus1 : bus0));
    CHECK_OK(sp_disk_commit(sim, d));
  }
  sp_output_configure(sim, 0, 64);
  return sim;
}

/* Reads of LBNs 0-9 on both disks at t = 0, run to the end. */
static void both_read_ten(sp_sim *sim, sp_result r[2]) {
  sp_request_submit(sim, 0, 0, 0, 10, 0);
  sp_request_submit(sim, 1, 0, 0, 10, 0);
  CHECK(fixture_run_results(sim, r, 2) == 2);
}

/* both_read_ten. Own buses: each overhead 0..1,
 * sectors 0-9 pass 10..11, bus 11..11.5, completion to 11.7. One bus: disk 1's
 * command waits for disk 0's (its overhead 1..2, queued 1 ms); both media
 * accesses still end at 11; disk 0 asked for the bus first: 11..11.7, disk 1
 * 11.7..12.4 (its bus time: 1.4 ms from the end of its media access). */
static void test_reads_take_turns_on_a_shared_bus(void) {
  for (int shared = 0; shared <= 1; shared++) {
    sp_sim *sim = two_disks(shared, shared);
    sp_result r[2];
    both_read_ten(sim, r);
    CHECK_NEAR(r[0].complete_ms, 11.7, 1e-9);
    CHECK_NEAR(r[1].complete_ms, shared ? 12.4 : 11.7, 1e-9);
    CHECK_NEAR(r[1].dispatch_ms, shared ? 2.0 : 1.0, 1e-9);
    CHECK_NEAR(r[1].queue_ms, shared ? 1.0 : 0.0, 1e-9);
    CHECK_NEAR(r[1].bus_ms, shared ? 1.4 : 0.7, 1e-9);
    sp_free(sim);
  }
}

/* Different bus numbers are different buses: both_read_ten as on own buses. */
static void test_other_bus_numbers_do_not_share(void) {
  sp_sim *sim = two_disks(1, 2);
  sp_result r[2];
  both_read_ten(sim, r);
  for (int i = 0; i < 2; i++) CHECK_NEAR(r[i].complete_ms, 11.7, 1e-9);
  sp_free(sim);
}

/* A read on disk 0 at 0 and a write on disk 1 at 0.5, both disks on bus
 * `shared` (0: each its own), run to the end. */
static void read_then_write(int shared, int64_t rlbn, int rn, int64_t wlbn, int wn, sp_result r[2]) {
  sp_sim *sim = two_disks(shared, shared);
  sp_request_submit(sim, 0, 0, rlbn, rn, 0);
  sp_request_submit(sim, 1, 0.5, wlbn, wn, SP_SUBMIT_WRITE);
  CHECK(fixture_run_results(sim, r, 2) == 2);
  sp_free(sim);
}

/* A read of LBN 50 on disk 0 at 0, a write of LBNs 20-29 on disk 1 at 0.5.
 * Own buses: the write's overhead 0.5..1.5, data 1.5..2.0, its first sector
 * in the buffer at 1.55; slot 20 passes at 2.0: media 2.0..3.0, done 3.0.
 * One bus: the write's command waits for the read's overhead (bus 0..1):
 * overhead 1..2, data 2..2.5, first sector in at 2.05, after slot 20 passed:
 * a revolution later, media 12.0..13.0. */
static void test_a_write_waiting_for_the_bus_misses_its_sector(void) {
  for (int shared = 0; shared <= 1; shared++) {
    sp_result r[2];
    read_then_write(shared, 50, 1, 20, 10, r);
    CHECK_NEAR(r[1].dispatch_ms, shared ? 2.0 : 1.5, 1e-9);
    CHECK_NEAR(r[1].complete_ms, shared ? 13.0 : 3.0, 1e-9);
  }
}

/* A read of LBNs 0-9 on disk 0 at 0; a write of LBN 10 on disk 1 at 0.5.
 * The read: overhead 0..1, media 10..11, its data asks for the bus at 11:
 * 11..11.5, completion to 11.7. The write: on one bus its command waits for
 * the read's overhead: 1..2, data 2..2.05, sector 10 next passes 11.0..11.1;
 * its completion asks for the bus at 11.1, when the read holds it: done at
 * 11.7. (Asked for when the write was dispatched, at 2, the bus would have
 * looked free at 11.1.) On own buses: overhead 0.5..1.5, data 1.5..1.55,
 * sector 10 passed at 1.0: media 11.0..11.1, done 11.1. */
static void test_a_write_s_completion_asks_for_the_bus_when_its_media_ends(void) {
  for (int shared = 0; shared <= 1; shared++) {
    sp_result r[2];
    read_then_write(shared, 0, 10, 10, 1, r);
    CHECK_NEAR(r[0].complete_ms, 11.7, 1e-9);
    CHECK_NEAR(r[1].dispatch_ms, shared ? 2.0 : 1.5, 1e-9);
    CHECK_NEAR(r[1].complete_ms, shared ? 11.7 : 11.1, 1e-9);
  }
}

/* One disk alone on bus 1 with a queue of 2: its commands hold the bus.
 * Read A (LBNs 0-9) at 0: media 10..11. Read B (LBN 50) arrives at 10.5,
 * its overhead holds the bus 10.5..11.5, so A's data waits: 11.5..12.0,
 * completion to 12.2. On its own bus (0) A is done at 11.7. */
static void test_a_lone_disk_s_command_holds_its_bus(void) {
  for (int bus = 0; bus <= 1; bus++) {
    sp_sim *sim = two_disks(bus, 0);
    CHECK_OK(sp_disk_set(sim, 0, SP_DP_QUEUE_DEPTH, 2));
    sp_request_submit(sim, 0, 0, 0, 10, 0);
    sp_request_submit(sim, 0, 10.5, 50, 1, 0);
    sp_result r[2];
    CHECK(fixture_run_results(sim, r, 2) == 2);
    CHECK_NEAR(r[0].complete_ms, bus ? 12.2 : 11.7, 1e-9);
    sp_free(sim);
  }
}

/* Bad values name the parameter: beyond the bus numbers, fractional, and a
 * reduced model that times no bus holdings (refused when the run starts). */
static void test_bad_values_named(void) {
  sp_sim *sim = two_disks(1, 1);
  CHECK(sp_disk_set(sim, 0, SP_DP_SHARED_BUS, SP_MAX_DISKS + 1) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "shared_bus") != NULL);
  CHECK(sp_disk_set(sim, 0, SP_DP_SHARED_BUS, 1.5) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "shared_bus") != NULL);
  CHECK_OK(sp_disk_set(sim, 1, SP_DP_TRANSFER_MODEL, SP_XFER_LINEAR));
  sp_request_submit(sim, 0, 0, 0, 1, 0);
  CHECK(sp_run(sim, -1) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "disk 1.shared_bus") != NULL);
  CHECK(strstr(sp_error(sim), "linear") != NULL);
  sp_free(sim);
}

int main(void) {
  RUN(test_reads_take_turns_on_a_shared_bus);
  RUN(test_other_bus_numbers_do_not_share);
  RUN(test_a_write_waiting_for_the_bus_misses_its_sector);
  RUN(test_a_write_s_completion_asks_for_the_bus_when_its_media_ends);
  RUN(test_a_lone_disk_s_command_holds_its_bus);
  RUN(test_bad_values_named);
  return check_summary("shared bus");
}
