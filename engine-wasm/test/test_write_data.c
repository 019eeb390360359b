/* test_write_data.c — when a write's data reaches the buffer and when its
 * media access may start (the data preparation overhead, the segment fill
 * the extra write disconnect asks; the write water mark, which does not
 * hold it), and the
 * preparation before a full read hit's data, each on a
 * hand-computed case. The disk: 1 surface, 10 cylinders of 100 sectors,
 * 10 ms per revolution (0.1 ms a sector), seeks free, command overheads
 * 1 ms, the bus 0.2 ms a sector: slower than the media. */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"
#include <string.h>

/* The disk with the bus at `bus` a sector, its data preparation, write
 * water mark and reselection, and with seg > 0 a cache of one segment of
 * seg sectors; committed, results recorded. */
static sp_sim *disk_with(double bus, double prep, double watermark, double reselect, int32_t seg) {
  sp_sim *sim = sp_new(1);
  int d = fixture_ten_cylinders(sim, bus);
  CHECK(sp_disk_get(sim, d, SP_DP_DATA_PREP_MS) == 0 && sp_disk_get(sim, d, SP_DP_WRITE_WATERMARK) == 0);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_DATA_PREP_MS, prep));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_WRITE_WATERMARK, watermark));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_RESELECT_MS, reselect));
  if (seg > 0) {
    sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, seg);
    sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 1);
  }
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 64);
  return sim;
}

/* The disk (bus 0.2), and with `cached` a read cache of one 100-sector segment. */
static sp_sim *one_disk(double prep, double watermark, int cached) {
  return disk_with(0.2, prep, watermark, 0, cached ? 100 : 0);
}

/* A write of 10 sectors at LBN 25 arriving at 0: its overhead ends at 1.0,
 * its data crosses the bus from 1.0 + prep, 2 ms in all. The media (slot 25
 * passes at 2.5, then 12.5) may start once the first sector is in and the
 * media cannot overtake the bus: from start + 0.2 + 9 * 0.1 = start + 1.1.
 * The write water mark does not hold it (DiskSim consults the mark only to
 * reconnect for more of a write's data; all 10 sectors fit the segment).
 * The write is done when the media is (1 ms after its start). */
static double write_done(double prep, double watermark) {
  sp_sim *sim = one_disk(prep, watermark, 0);
  sp_request_submit(sim, 0, 0, 25, 10, SP_SUBMIT_WRITE);
  sp_result r;
  CHECK(fixture_run_results(sim, &r, 1) == 1);
  sp_free(sim);
  return r.complete_ms;
}

static void test_write_media_waits_for_its_data(void) {
  CHECK_NEAR(write_done(0, 0), 3.5, 1e-9);        /* ready at 2.1: slot 25 at 2.5 */
  CHECK_NEAR(write_done(0.3, 0), 3.5, 1e-9);      /* data from 1.3, ready 2.4 */
  CHECK_NEAR(write_done(0.5, 0), 13.5, 1e-9);     /* data from 1.5, ready 2.6: a revolution */
  /* whatever the mark: ready at 2.1, slot 25 at 2.5 (waiting for 8 or all
   * 10 sectors, in at 2.6 and 3.0, would cost a revolution) */
  CHECK_NEAR(write_done(0, 0.75), 3.5, 1e-9);
  CHECK_NEAR(write_done(0, 0.8), 3.5, 1e-9);
  CHECK_NEAR(write_done(0, 1.0), 3.5, 1e-9);
}

/* With the extra write disconnect (DiskSim's disk_buffer_block_available) a
 * write's media writes nothing while its segment holds fewer than
 * min(n, 10) sectors, 15 for a write of 45 or more. A write of n sectors at
 * `lbn` arriving at 0, no water mark: its data crosses from 1.0 at `bus` a
 * sector; slot s passes at 0.1 s, again 10 ms later; done when the media is
 * (0.1 ms a sector after its start). */
static double fill_write_done(double bus, int64_t lbn, int32_t n, int extra) {
  sp_sim *sim = sp_new(1);
  int d = fixture_ten_cylinders(sim, bus);
  CHECK(sp_disk_get(sim, d, SP_DP_EXTRA_WRITE_DISCONNECT) == 0);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_EXTRA_WRITE_DISCONNECT, extra));
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 64);
  sp_request_submit(sim, 0, 0, lbn, n, SP_SUBMIT_WRITE);
  sp_result r;
  CHECK(fixture_run_results(sim, &r, 1) == 1);
  sp_free(sim);
  return r.complete_ms;
}

static void test_extra_disconnect_segment_fill(void) {
  /* 12 sectors at 0.2: the media may not overtake the bus from 1.0 + 0.2 +
   * 11 * 0.1 = 2.3; with the fill, 10 sectors in at 3.0 */
  CHECK_NEAR(fill_write_done(0.2, 29, 12, 0), 2.9 + 1.2, 1e-9);
  CHECK_NEAR(fill_write_done(0.2, 29, 12, 1), 12.9 + 1.2, 1e-9);   /* slot 29 at 2.9: a revolution */
  CHECK_NEAR(fill_write_done(0.2, 31, 12, 1), 3.1 + 1.2, 1e-9);
  /* 5 sectors: all 5 (in at 2.0), where the bus alone allows 1.6 */
  CHECK_NEAR(fill_write_done(0.2, 19, 5, 0), 1.9 + 0.5, 1e-9);
  CHECK_NEAR(fill_write_done(0.2, 19, 5, 1), 11.9 + 0.5, 1e-9);
  CHECK_NEAR(fill_write_done(0.2, 21, 5, 1), 2.1 + 0.5, 1e-9);
  /* the bus as fast as the media (0.1): 44 sectors wait for 10 (2.0), 50 for 15 (2.5) */
  CHECK_NEAR(fill_write_done(0.1, 22, 44, 1), 2.2 + 4.4, 1e-9);
  CHECK_NEAR(fill_write_done(0.1, 22, 50, 1), 12.2 + 5.0, 1e-9);
  CHECK_NEAR(fill_write_done(0.1, 26, 50, 1), 2.6 + 5.0, 1e-9);
  CHECK_NEAR(fill_write_done(0.1, 22, 50, 0), 2.2 + 5.0, 1e-9);
}

/* A write larger than its segment (DiskSim: disk_request_needs_bus, the
 * write water mark). 20 sectors at LBN 0 arriving at 0, the bus 0.11 ms a
 * sector, one 10-sector segment, `mark` the water mark, `reselect` the
 * reselection. The first connection sends 10 sectors (1.0 .. 2.1); the media
 * writes them from slot 0 at 10.0 to 11.0, so the disk has disconnected
 * (nothing freed by 2.1) and reconnects once at most max(1, floor(10 mark))
 * are left unwritten: after 10 - that sectors, 10.0 + 0.1 each, plus the
 * reselection. The other 10 cross from there; the media, at slot 10 at 11.0,
 * writes on if they cannot overtake it (from + 0.11 + 9 * 0.01 <= 11.0),
 * else a revolution later: done 12.0 or 22.0 (and the status's reselection). */
static double long_write_done(double mark, double reselect, int cached) {
  sp_sim *sim = disk_with(0.11, 0, mark, reselect, cached ? 10 : 0);
  sp_request_submit(sim, 0, 0, 0, 20, SP_SUBMIT_WRITE);
  sp_result r;
  CHECK(fixture_run_results(sim, &r, 1) == 1);
  sp_free(sim);
  return r.complete_ms;
}

static void test_write_reconnects_at_its_water_mark(void) {
  CHECK_NEAR(long_write_done(1.0, 0, 1), 12.0, 1e-9);    /* back after 1 sector (10.1): ready 10.3 */
  CHECK_NEAR(long_write_done(0.5, 0, 1), 12.0, 1e-9);    /* after 5 (10.5): ready 10.7 */
  CHECK_NEAR(long_write_done(0, 0, 1), 22.0, 1e-9);      /* after 9 (10.9): ready 11.1 */
  /* the status reselects too, after the media */
  CHECK_NEAR(long_write_done(0.6, 0.3, 1), 12.3, 1e-9);  /* after 4 and 0.3 (10.7): ready 10.9 */
  CHECK_NEAR(long_write_done(0.6, 0.5, 1), 22.5, 1e-9);  /* after 4 and 0.5 (10.9): ready 11.1 */
  /* no segment: all 20 in one connection, ready 1.0 + 0.11 + 19 * 0.01 = 1.3, slot 0 at 10.0 */
  CHECK_NEAR(long_write_done(0, 0, 0), 12.0, 1e-9);
}

/* A full read hit: LBN 0 read at 0 (slot 10 at 1.0, slot 0 at 10.0, done
 * 10.1 + 0.2 bus), read again at 100: overhead to 101, prep, one sector
 * over the bus. */
static void test_read_hit_data_after_preparation(void) {
  for (int p = 0; p <= 1; p++) {
    sp_sim *sim = one_disk(p ? 0.3 : 0, 0, 1);
    sp_request_submit(sim, 0, 0, 0, 1, 0);
    sp_request_submit(sim, 0, 100, 0, 1, 0);
    sp_result r[2];
    CHECK(fixture_run_results(sim, r, 2) == 2);
    CHECK(r[1].cache == 2);
    CHECK_NEAR(r[1].complete_ms, p ? 101.5 : 101.2, 1e-9);
    sp_free(sim);
  }
}

static void test_bad_values_are_named(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  CHECK(sp_disk_set(sim, d, SP_DP_WRITE_WATERMARK, 1.5) != SP_OK);
  CHECK(strstr(sp_error(sim), "write_watermark") != NULL);
  CHECK(sp_disk_set(sim, d, SP_DP_DATA_PREP_MS, -0.1) != SP_OK);
  CHECK(strstr(sp_error(sim), "data_prep_ms") != NULL);
  sp_free(sim);
}

int main(void) {
  RUN(test_write_media_waits_for_its_data);
  RUN(test_extra_disconnect_segment_fill);
  RUN(test_write_reconnects_at_its_water_mark);
  RUN(test_read_hit_data_after_preparation);
  RUN(test_bad_values_are_named);
  return check_summary("write data");
}
