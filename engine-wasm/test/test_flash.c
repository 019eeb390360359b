/*
 * test_flash.c — the flash device: operation times (hand-computed from the
 * parameters), one operation at a time in arrival order, concurrency with a
 * disk, erase accounting in both modes, its parameter table, and the disk
 * calls refusing it.
 */
#include "check.h"
#include "nv_fixture.h"
#include <string.h>

static sp_result res[256];
static int run_all(sp_sim *sim) {
  int n = 0;
  sp_status st;
  do {
    st = sp_run(sim, -1);
    for (int32_t i = 0; i < sp_result_count(sim) && n < 256; i++) res[n++] = sp_results(sim)[i];
  } while (st == SP_MORE);
  CHECK(st == SP_OK);
  return n;
}
static const sp_result *by_id(int n, int64_t id) {
  for (int i = 0; i < n; i++) if (res[i].id == id) return &res[i];
  return NULL;
}

static void test_op_times(void) {
  sp_sim *sim = sp_new(1);
  int32_t f = sp_flash_add(sim);
  CHECK(f == 0 && sp_device_kind(sim, f) == SP_DEV_FLASH);
  /* 8 sectors = 4 KB: write 2.0 + 0.045 * 4 = 2.18; read 0.4 + 0.1 * 4 = 0.8; pinned + 0.005 */
  CHECK_NEAR(sp_flash_op_ms(sim, f, 1, 8), 2.18, 1e-12);
  CHECK_NEAR(sp_flash_op_ms(sim, f, 0, 8), 0.8, 1e-12);
  CHECK_NEAR(sp_flash_op_ms(sim, f, 2, 8), 2.185, 1e-12);
  /* 128 sectors = 64 KB: 2.0 + 2.88 = 4.88 (the spec's "64 KB ~ 4.9 ms") */
  CHECK_NEAR(sp_flash_op_ms(sim, f, 1, 128), 4.88, 1e-12);
  CHECK_OK(sp_flash_set(sim, f, SP_FP_WRITE_FACTOR, 2));
  CHECK_NEAR(sp_flash_op_ms(sim, f, 1, 8), 1.09, 1e-12);
  CHECK(sp_flash_set(sim, f, SP_FP_WRITE_FACTOR, 0) == SP_E_INVALID);
  CHECK(strcmp(sp_error_field(sim), "flash[0].write_factor") == 0);
  sp_free(sim);
}

static void test_fifo_and_concurrency(void) {
  sp_sim *sim = sp_new(1);
  int32_t d = nv_disk(sim);
  int32_t f = sp_flash_add(sim);
  CHECK(d == 0 && f == 1 && sp_disk_count(sim) == 2);
  sp_output_configure(sim, 1024, 64);
  /* two 8-sector writes at 0, a read at 1: 0..2.18, 2.18..4.36, 4.36..5.16 */
  CHECK(sp_request_submit(sim, f, 0, 0, 8, 1) == 0);
  CHECK(sp_request_submit(sim, d, 0, 8, 8, 1) == 1);     /* the disk, at the same time */
  CHECK(sp_request_submit(sim, f, 0, 100, 8, 1) == 2);
  CHECK(sp_request_submit(sim, f, 1, 200, 8, 0) == 3);
  int n = run_all(sim);
  CHECK(n == 4);
  const sp_result *a = by_id(n, 0), *b = by_id(n, 2), *c = by_id(n, 3), *k = by_id(n, 1);
  CHECK(a && b && c && k);
  if (a && b && c && k) {
    CHECK_NEAR(a->response_ms, 2.18, 1e-9);
    CHECK_NEAR(b->complete_ms, 4.36, 1e-9);
    CHECK_NEAR(b->queue_ms, 2.18, 1e-9);
    CHECK_NEAR(c->complete_ms, 5.16, 1e-9);
    CHECK_NEAR(c->response_ms, 4.16, 1e-9);
    /* the disk is not held up: rotation 0.8 ms to slot 8, transfer 0.8 */
    CHECK_NEAR(k->response_ms, 1.6, 1e-9);
    CHECK(a->disk == 1 && k->disk == 0);
  }
  sp_flash_stats fs;
  CHECK_OK(sp_flash_stats_get(sim, f, &fs));
  CHECK(fs.writes == 2 && fs.reads == 1);
  CHECK_NEAR(fs.busy_ms, 5.16 - 1.0 + 1.0, 1e-9);
  CHECK_NEAR(fs.bytes_written, 8192, 0);
  sp_free(sim);
}

static void test_events(void) {
  sp_sim *sim = sp_new(1);
  int32_t f = sp_flash_add(sim);
  sp_output_configure(sim, 1024, 64);
  sp_request_submit(sim, f, 0, 5, 8, 1);
  sp_request_submit(sim, f, 0, 6, 8, 0);
  int writes = 0, reads = 0;
  sp_status st;
  do {
    st = sp_run(sim, -1);
    for (int32_t i = 0; i < sp_event_count(sim); i++) {
      const sp_event *e = &sp_events(sim)[i];
      if (e->kind == SP_EV_FLASH_WRITE) { writes++; CHECK_NEAR(e->dur_ms, 2.18, 1e-12); CHECK(e->surface == 5 && e->a == 8 && e->b == 0); }
      if (e->kind == SP_EV_FLASH_READ) { reads++; CHECK_NEAR(e->time_ms, 2.18, 1e-12); CHECK_NEAR(e->dur_ms, 0.8, 1e-12); }
    }
  } while (st == SP_MORE);
  CHECK(writes == 1 && reads == 1);
  sp_free(sim);
}

static void test_erase_modes(void) {
  for (int mode = 0; mode < 2; mode++) {
    sp_sim *sim = sp_new(1);
    int32_t f = sp_flash_add(sim);
    CHECK_OK(sp_flash_set(sim, f, SP_FP_ERASE_BLOCK_BYTES, 8192));
    CHECK_OK(sp_flash_set(sim, f, SP_FP_ERASE_MODE, mode));
    for (int i = 0; i < 3; i++) sp_request_submit(sim, f, i, 0, 4, 1);   /* 3 writes of 2 KB */
    sp_request_submit(sim, f, 5, 0, 4, 0);                                /* a read erases nothing */
    run_all(sim);
    sp_flash_stats fs;
    CHECK_OK(sp_flash_stats_get(sim, f, &fs));
    /* per-write: one block per write operation; ideal log: 6144 / 8192 */
    CHECK_NEAR(fs.erases, mode == SP_ERASE_PER_WRITE ? 3.0 : 0.75, 1e-12);
    CHECK(fs.erase_mode == mode);
    sp_free(sim);
  }
}

static void test_table_and_refusals(void) {
  sp_param_info pi;
  CHECK_OK(sp_param_info_get(SP_TABLE_FLASH, SP_FP_WRITE_MS, &pi));
  CHECK(pi.count == SP_FP_COUNT && strcmp(pi.name, "write_ms") == 0 && pi.def == 2.0);
  CHECK_OK(sp_param_info_get(SP_TABLE_FLASH, SP_FP_ERASE_MODE, &pi));
  CHECK(pi.whole == 1 && pi.hi == 1);
  sp_sim *sim = sp_new(1);
  nv_disk(sim);
  int32_t f = sp_flash_add(sim);
  CHECK(sp_disk_set(sim, f, SP_DP_RPM, 7200) == SP_E_INVALID);
  CHECK(strstr(sp_error(sim), "flash device") != NULL);
  CHECK(sp_disk_commit(sim, f) == SP_E_INVALID);
  CHECK(sp_request_submit(sim, f, 0, 163840, 1, 1) == SP_E_RANGE);   /* past its capacity */
  CHECK(sp_flash_set(sim, 0, SP_FP_READ_MS, 1) == SP_E_RANGE);       /* device 0 is a disk */
  CHECK(sp_host_set(sim, SP_HP_FIRST_DEVICE, 1) == SP_OK);
  CHECK(sp_host_commit(sim) == SP_E_INVALID);                          /* a flash device is no volume */
  CHECK(strcmp(sp_error_field(sim), "host.devices") == 0);
  sp_free(sim);
}

int main(void) {
  RUN(test_op_times);
  RUN(test_fifo_and_concurrency);
  RUN(test_events);
  RUN(test_erase_modes);
  RUN(test_table_and_refusals);
  return check_summary("flash");
}
