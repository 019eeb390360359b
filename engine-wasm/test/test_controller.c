/* test_controller.c — the controller's DiskSim mechanics: overheads that
 * depend on the previous request ("... after read" / "... after write"),
 * preseeking and track-adaptive read-ahead, each on a hand-computed case. */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"

/* 1 surface, 10 cylinders of 100 sectors, 10 ms per revolution, seeks and
 * switches free: a request's time is overhead, rotation, transfer, bus. */
static int plain_disk(sp_sim *sim) {
  int d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_RPM, 6000);
  sp_disk_add_zone(sim, d, 0, 9, 100, 0, 0, SP_SPARE_NONE, 0);
  return d;
}

/* Misses: R W W R R, far apart. The first request counts as after a read. */
static void test_miss_overheads_after_read_and_after_write(void) {
  sp_sim *sim = sp_new(1);
  int d = plain_disk(sim);
  sp_disk_set(sim, d, SP_DP_READ_OVERHEAD_MS, 1.0);
  sp_disk_set(sim, d, SP_DP_WRITE_OVERHEAD_MS, 2.0);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_READ_OVERHEAD_AFTER_WRITE_MS, 3.0));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_WRITE_OVERHEAD_AFTER_WRITE_MS, 4.0));
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 64);
  const int w[5] = { 0, 1, 1, 0, 0 };
  for (int i = 0; i < 5; i++) CHECK(sp_request_submit(sim, d, 100.0 * i, 10 * i, 1, w[i]) == i);
  sp_result r[5];
  CHECK(fixture_run_results(sim, r, 5) == 5);
  const double want[5] = { 1.0, 2.0, 4.0, 3.0, 1.0 };
  for (int i = 0; i < 5; i++) {
    CHECK_NEAR(r[i].overhead_ms, want[i], 1e-12);
    CHECK_NEAR(r[i].dispatch_ms - r[i].arrival_ms, want[i], 1e-12);   /* the queue was empty */
  }
  sp_free(sim);
}

/* -1 (the default) keeps the single overhead whatever came before. */
static void test_after_write_defaults_to_the_single_overhead(void) {
  sp_sim *sim = sp_new(1);
  int d = plain_disk(sim);
  sp_disk_set(sim, d, SP_DP_READ_OVERHEAD_MS, 1.0);
  sp_disk_set(sim, d, SP_DP_WRITE_OVERHEAD_MS, 2.0);
  CHECK(sp_disk_get(sim, d, SP_DP_READ_OVERHEAD_AFTER_WRITE_MS) == -1);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 64);
  sp_request_submit(sim, d, 0, 0, 1, 1);
  sp_request_submit(sim, d, 100, 10, 1, 0);
  sp_request_submit(sim, d, 200, 20, 1, 1);
  sp_result r[3];
  CHECK(fixture_run_results(sim, r, 3) == 3);
  CHECK_NEAR(r[1].overhead_ms, 1.0, 1e-12);
  CHECK_NEAR(r[2].overhead_ms, 2.0, 1e-12);
  sp_free(sim);
}

/* Hits: a read hit after a write and an immediately reported write after a
 * write take their own "after write" values. R(x) W(y) R(x: hit) W(z) W(z'). */
static void test_hit_overheads_after_write(void) {
  sp_sim *sim = sp_new(1);
  int d = plain_disk(sim);
  sp_disk_set(sim, d, SP_DP_READ_OVERHEAD_MS, 1.0);
  sp_disk_set(sim, d, SP_DP_WRITE_OVERHEAD_MS, 2.0);
  sp_disk_set(sim, d, SP_DP_READ_HIT_OVERHEAD_MS, 0.5);
  sp_disk_set(sim, d, SP_DP_WRITE_HIT_OVERHEAD_MS, 0.25);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_READ_HIT_OVERHEAD_AFTER_WRITE_MS, 0.75));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_WRITE_HIT_OVERHEAD_AFTER_WRITE_MS, 0.125));
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 64);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 2);
  sp_disk_set(sim, d, SP_DP_WRITE_CACHE, SP_WC_IMMEDIATE);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 64);
  sp_request_submit(sim, d, 0, 0, 4, 0);        /* read miss, after "read" */
  sp_request_submit(sim, d, 100, 500, 1, 1);    /* write, reported at once: a write hit after a read */
  sp_request_submit(sim, d, 200, 0, 4, 0);      /* read hit after a write */
  sp_request_submit(sim, d, 300, 700, 1, 1);    /* write hit after a read */
  sp_request_submit(sim, d, 400, 800, 1, 1);    /* write hit after a write */
  sp_result r[5];
  CHECK(fixture_run_results(sim, r, 5) == 5);
  CHECK(r[2].cache == 2 && r[1].cache == 3 && r[4].cache == 3);
  CHECK_NEAR(r[0].overhead_ms, 1.0, 1e-12);
  CHECK_NEAR(r[1].overhead_ms, 0.25, 1e-12);
  CHECK_NEAR(r[2].overhead_ms, 0.75, 1e-12);
  CHECK_NEAR(r[3].overhead_ms, 0.25, 1e-12);
  CHECK_NEAR(r[4].overhead_ms, 0.125, 1e-12);
  sp_free(sim);
}

/* Two one-sector reads queued at once (depth 2), bus 5 ms per sector. A:
 * LBN 0 under the head at t = 0: media 0 .. 0.1 ms, bus 0.1 .. 5.1 ms.
 * With preseeking (the default) B starts positioning when A's media access
 * ends (0.1 ms); without, when A has completed (5.1 ms). */
static void test_preseek(void) {
  for (int pre = 0; pre <= 1; pre++) {
    sp_sim *sim = sp_new(1);
    int d = plain_disk(sim);
    sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, 5.0);
    sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 2);
    CHECK(sp_disk_get(sim, d, SP_DP_PRESEEK) == 1);
    CHECK_OK(sp_disk_set(sim, d, SP_DP_PRESEEK, pre));
    CHECK_OK(sp_disk_commit(sim, d));
    sp_output_configure(sim, 0, 64);
    sp_request_submit(sim, d, 0, 0, 1, 0);
    sp_request_submit(sim, d, 0, 550, 1, 0);
    sp_result r[2];
    CHECK(fixture_run_results(sim, r, 2) == 2);
    CHECK_NEAR(r[0].complete_ms, 5.1, 1e-9);
    CHECK_NEAR(r[1].dispatch_ms, pre ? 0.1 : 5.1, 1e-9);
    /* B: LBN 550 = cylinder 5, slot 50 (angle 0.5): from 0.1 ms the wait is
     * 4.9 ms (media 5.0 .. 5.1, bus to 10.1); from 5.1 ms it is 9.9 ms (media
     * 15.0 .. 15.1, bus to 20.1). */
    CHECK_NEAR(r[1].complete_ms, pre ? 10.1 : 20.1, 1e-9);
    sp_free(sim);
  }
  sp_sim *sim = sp_new(1);
  int d = plain_disk(sim);
  CHECK(sp_disk_set(sim, d, SP_DP_PRESEEK, 2) == SP_E_INVALID);
  sp_free(sim);
}

/* Track-adaptive read-ahead (DiskSim "Buffer continuous read = 4",
 * disk_buffer_get_max_readahead's BUFFER_DEC_PREFETCH_SCHEME), 100 LBNs a
 * track: to the end of the track holding the LBN after the read, and 100
 * sectors (a track) more when the read's segment starts on an earlier track.
 * R 0..10 reads ahead to 100 (95..100 is a hit). R 100..105 misses (DiskSim
 * finds no segment holding 100) and its segment starts on its own track: to
 * 200 only, though the LBN before it (99) is in the buffer, so 250 is a miss.
 * R 195..205 finds 195..200 in that segment, which starts at 100, before the
 * track holding 205: to 300 + 100 = 400, so 350 is a hit. R 590..600 ends at
 * a track's end: the LBN after it (600) is on the next track, its segment
 * starts before that track: to 700 + 100 = 800, so 750 is a hit. Track-end
 * read-ahead stops at 300 and at 600 (both misses). */
static void test_track_adaptive_read_ahead(void) {
  for (int mode = 0; mode < 2; mode++) {
    sp_sim *sim = sp_new(1);
    int d = plain_disk(sim);
    sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 1000);
    sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 2);
    CHECK_OK(sp_disk_set(sim, d, SP_DP_READ_AHEAD, mode ? SP_RA_TRACK_END : SP_RA_TRACK_ADAPTIVE));
    CHECK_OK(sp_disk_commit(sim, d));
    sp_output_configure(sim, 0, 64);
    const double at[8] = { 0, 50, 100, 150, 200, 300, 400, 500 };
    const int64_t lbn[8] = { 0, 95, 100, 250, 195, 350, 590, 750 };
    const int32_t n[8] = { 10, 5, 5, 5, 10, 5, 10, 5 };
    for (int i = 0; i < 8; i++) sp_request_submit(sim, d, at[i], lbn[i], n[i], 0);
    sp_result r[8];
    CHECK(fixture_run_results(sim, r, 8) == 8);
    const int want[8] = { 0, 2, 0, 0, 1, mode ? 0 : 2, 0, mode ? 0 : 2 };
    for (int i = 0; i < 8; i++) CHECK(r[i].cache == want[i]);
    sp_free(sim);
  }
}

/* plain_disk with a 1.0 ms miss and 0.5 ms hit overhead, bus_ms a sector,
 * `segments` 64-sector segments, no read-ahead; not committed. */
static int partial_hit_disk(sp_sim *sim, double bus_ms, int segments) {
  int d = plain_disk(sim);
  sp_disk_set(sim, d, SP_DP_READ_OVERHEAD_MS, 1.0);
  sp_disk_set(sim, d, SP_DP_READ_HIT_OVERHEAD_MS, 0.5);
  sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, bus_ms);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 64);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, segments);
  return d;
}

/* The partial-hit case below: partial_hit_disk, bus 5 ms a sector, one
 * segment; A reads LBN 0-3 at 0, B reads LBN 2-5 at 99.35 (LBN 2-3 buffered). */
static void partial_hit_case(sp_sim *sim) {
  int d = partial_hit_disk(sim, 5.0, 1);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_request_submit(sim, d, 0, 0, 4, 0);
  sp_request_submit(sim, d, 99.35, 2, 4, 0);
}

/* A partial read hit, as DiskSim 4.0 charges it (disk_read_arrive): the
 * buffered part crosses the bus after the read hit overhead, the media access
 * of the rest waits for the read miss overhead. Plain disk (0.1 ms a sector),
 * one 64-sector segment, no read-ahead, bus 5 ms a sector, miss 1.0 ms, hit
 * 0.5 ms. A reads LBN 0-3 at 0; B reads LBN 2-5 at 99.35 (LBN 2-3 buffered).
 * B's media starts at 100.35 (miss overhead; angle 0.35 ms) and reads LBN 4-5
 * at 100.4 .. 100.6. Its bus starts at 99.85 (hit overhead) and carries four
 * sectors: done at 119.85, a response of 0.5 + 4 x 5 = 20.5 ms (21.0 ms with
 * the miss overhead before the bus too). */
static void test_partial_hit_bus_after_hit_overhead(void) {
  sp_sim *sim = sp_new(1);
  partial_hit_case(sim);
  sp_output_configure(sim, 0, 64);
  sp_result r[2];
  CHECK(fixture_run_results(sim, r, 2) == 2);
  CHECK(r[1].cache == 1);
  CHECK_NEAR(r[1].overhead_ms, 1.0, 1e-12);                   /* the media access waits for the miss overhead */
  CHECK_NEAR(r[1].dispatch_ms - r[1].arrival_ms, 1.0, 1e-9);
  CHECK_NEAR(r[1].complete_ms - r[1].arrival_ms, 20.5, 1e-9);
  sp_free(sim);
}

/* The same partial hit with the event stream on and a second disk whose
 * request arrives at 100.0, between B's bus start (99.85) and its dispatch
 * (100.35): B's bus event, known only at the dispatch, still reaches the
 * stream in time order (before the second disk's arrival). */
static void test_partial_hit_bus_event_in_time_order(void) {
  sp_sim *sim = sp_new(1);
  partial_hit_case(sim);
  int other = plain_disk(sim);
  CHECK_OK(sp_disk_commit(sim, other));
  sp_output_configure(sim, 256, 64);
  sp_request_submit(sim, other, 100.0, 0, 1, 0);
  double last = -1, b_bus = -1;
  int ordered = 1;
  sp_status st;
  do {
    st = sp_run(sim, -1);
    for (int i = 0; i < sp_event_count(sim); i++) {
      const sp_event *e = &sp_events(sim)[i];
      if (e->time_ms < last) ordered = 0;
      last = e->time_ms;
      if (e->kind == SP_EV_BUS && e->req == 1) b_bus = e->time_ms;
    }
  } while (st == SP_MORE);
  CHECK(st == SP_OK);
  CHECK(ordered);
  CHECK_NEAR(b_bus, 99.85, 1e-9);
  sp_free(sim);
}

/* Two partial hits pending at once: partial_hit_disk, bus 5 ms a sector, two
 * segments. A reads LBN 2-5 at 100.0 (LBN 0-3 buffered by a read at 0; hold
 * from its bus start 100.5), B reads LBN 502-505 at 100.6 (LBN 500-503 by a
 * read at 50; hold from 101.1). A is dispatched at 101.0 (miss overhead), B's
 * command is ready at 101.6. Paused at 101.3, the stream is complete up to
 * B's hold (101.1): B's arrival (100.6) and A's dispatch (101.0) are handed
 * out, though A's own, earlier hold (100.5) is over. */
static void test_partial_hit_holds_released_one_by_one(void) {
  sp_sim *sim = sp_new(1);
  int d = partial_hit_disk(sim, 5.0, 2);
  sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 2);
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 256, 64);
  sp_request_submit(sim, d, 0, 0, 4, 0);
  sp_request_submit(sim, d, 50, 500, 4, 0);
  sp_request_submit(sim, d, 100, 2, 4, 0);
  sp_request_submit(sim, d, 100.6, 502, 4, 0);
  int b_arrive = 0, a_dispatch = 0, ordered = 1, first = 1;
  double last = -1;
  sp_result r[4];
  sp_status st;
  do {
    st = sp_run(sim, first ? 101.3 : -1);
    for (int i = 0; i < sp_event_count(sim); i++) {
      const sp_event *e = &sp_events(sim)[i];
      if (first && e->kind == SP_EV_ARRIVE && e->req == 3) b_arrive = 1;
      if (first && e->kind == SP_EV_DISPATCH && e->req == 2) a_dispatch = 1;
      if (e->time_ms < last) ordered = 0;
      last = e->time_ms;
    }
    for (int i = 0; i < sp_result_count(sim); i++)
      if (sp_results(sim)[i].id >= 0 && sp_results(sim)[i].id < 4) r[sp_results(sim)[i].id] = sp_results(sim)[i];
    first = 0;
  } while (st == SP_MORE || sp_now(sim) <= 101.3);
  CHECK(st == SP_OK);
  CHECK(b_arrive);
  CHECK(a_dispatch);
  CHECK(ordered);
  CHECK(r[2].cache == 1 && r[3].cache == 1);
  sp_free(sim);
}

/* "Immed transfer partial hit" (PARTIAL_HIT_IMMEDIATE): partial_hit_disk
 * (miss 1.0 ms, hit 0.5 ms), bus 0.5 ms a sector, one segment, read fence
 * 0.75 of the request. A reads LBN 0-3 at 0; B reads LBN
 * 2-9 at 99.35, two of its eight sectors buffered, short of its fence (6).
 * Either way its media access starts after the miss overhead (100.35) and
 * reads LBN 4-9 at 100.4 .. 101.0, LBN k ready at 100.1 + 0.1 k.
 * Off: B waits like a miss for its fence, LBN 2-7 (100.8), and its eight
 * sectors cross from there: done at 104.8, a response of 5.45 ms.
 * On: its two buffered sectors cross after the hit overhead (99.85) and the
 * rest as the media reads them, never ahead of it: 99.85 + 8 x 0.5 = 103.85
 * (the last sector, ready at 101.0, could end no sooner than 101.5): 4.5 ms. */
static void test_partial_hit_immediate(void) {
  for (int on = 0; on <= 1; on++) {
    sp_sim *sim = sp_new(1);
    int d = partial_hit_disk(sim, 0.5, 1);
    sp_disk_set(sim, d, SP_DP_READ_FENCE_FRACTION, 0.75);
    CHECK(sp_disk_get(sim, d, SP_DP_PARTIAL_HIT_IMMEDIATE) == 0);
    CHECK_OK(sp_disk_set(sim, d, SP_DP_PARTIAL_HIT_IMMEDIATE, on));
    CHECK_OK(sp_disk_commit(sim, d));
    sp_output_configure(sim, 0, 64);
    sp_request_submit(sim, d, 0, 0, 4, 0);
    sp_request_submit(sim, d, 99.35, 2, 8, 0);
    sp_result r[2];
    CHECK(fixture_run_results(sim, r, 2) == 2);
    CHECK(r[1].cache == 1);
    CHECK_NEAR(r[1].dispatch_ms, 100.35, 1e-9);
    CHECK_NEAR(r[1].complete_ms - r[1].arrival_ms, on ? 4.5 : 5.45, 1e-9);
    sp_free(sim);
  }
  sp_sim *sim = sp_new(1);
  int d = plain_disk(sim);
  CHECK(sp_disk_set(sim, d, SP_DP_PARTIAL_HIT_IMMEDIATE, 2) == SP_E_INVALID);
  sp_free(sim);
}

/* The disk of the READ_AHEAD_STOP cases (below) with the stop `mode`,
 * committed, results recorded. */
static sp_sim *read_ahead_stop_sim(int mode) {
  sp_sim *sim = sp_new(1);
  int d = plain_disk(sim);
  sp_disk_set(sim, d, SP_DP_READ_OVERHEAD_MS, 1.03);
  sp_disk_set(sim, d, SP_DP_WRITE_OVERHEAD_MS, 1.03);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 100);
  sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 2);
  sp_disk_set(sim, d, SP_DP_READ_AHEAD, SP_RA_CONTINUE);
  sp_disk_set(sim, d, SP_DP_READ_AHEAD_MAX_SECTORS, 50);
  CHECK(sp_disk_get(sim, d, SP_DP_READ_AHEAD_STOP) == SP_RAS_DISPATCH);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_READ_AHEAD_STOP, mode));
  CHECK_OK(sp_disk_commit(sim, d));
  sp_output_configure(sim, 0, 64);
  return sim;
}

/* READ_AHEAD_STOP, the three rules on one case: plain_disk (0.1 ms a sector,
 * seeks free, no bus time), two segments, read-ahead "continue" to the read's
 * end plus 50 sectors, read overhead 1.03 ms. A reads LBN 0-9 at 0: media
 * 10.0 .. 11.0, then read-ahead of LBN 10-59 at 11.0 .. 16.0 (LBN k at
 * 10.0 + 0.1 k). B reads LBN 540 (cylinder 5, under the head at 14.0 + 10 m)
 * at 12.95, a miss; C reads LBN 35 at 50.
 * - dispatch: the read-ahead runs on to B's dispatch (13.98) and reads LBN
 *   10-38 (39 is under the head); B catches LBN 540 at 14.0: done 14.1, a
 *   response of 1.15 ms; C hits.
 * - arrival ("Stop prefetch in sector = 1"): stopped at 12.95 mid-sector,
 *   LBN 10-28 kept; B positions at 13.98 as before (1.15 ms); C misses.
 * - arrival, sector ("= 0"): LBN 29, under the head at 12.95, passes first
 *   (13.0; its data not kept): B positions 1.03 + 0.05 ms after it arrived,
 *   at 14.03, past LBN 540's start: a revolution more, 11.15 ms; C misses. */
static void test_read_ahead_stop(void) {
  const double want_b[3] = { 1.15, 1.15, 11.15 };
  const int want_c[3] = { 2, 0, 0 };
  for (int mode = SP_RAS_DISPATCH; mode <= SP_RAS_ARRIVAL_SECTOR; mode++) {
    sp_sim *sim = read_ahead_stop_sim(mode);
    const int d = 0;
    sp_request_submit(sim, d, 0, 0, 10, 0);
    sp_request_submit(sim, d, 12.95, 540, 1, 0);
    sp_request_submit(sim, d, 50, 35, 1, 0);
    sp_result r[3];
    CHECK(fixture_run_results(sim, r, 3) == 3);
    CHECK_NEAR(r[0].complete_ms, 11.0, 1e-9);
    CHECK(r[1].cache == 0);
    CHECK_NEAR(r[1].complete_ms - r[1].arrival_ms, want_b[mode], 1e-9);
    CHECK(r[2].cache == want_c[mode]);
    sp_free(sim);
  }
  sp_sim *sim = sp_new(1);
  int d = plain_disk(sim);
  CHECK(sp_disk_set(sim, d, SP_DP_READ_AHEAD_STOP, 3) == SP_E_INVALID);
  sp_free(sim);
}

/* READ_AHEAD_STOP for a read that waited in the queue: plain_disk with
 * every seek 0.05 ms, no preseeking, a 5.02 ms bus sector, one segment,
 * read-ahead to the track's end. A reads LBN 0 at 0: media 0 .. 0.1, bus to
 * 5.12, then read-ahead of LBN 1-99 (LBN k at 0.1 k). B (LBN 152: cylinder
 * 1, slot 52 at 5.2 + 10 m) queued at 0.01 is dispatched at A's completion,
 * 5.12, the read-ahead in LBN 51:
 * - dispatch: stopped at 5.12; B seeks to 5.17, reads 5.2 .. 5.3, bus to 10.32;
 * - arrival, sector: LBN 51 passes first (5.2), B seeks to 5.25, past its
 *   slot: media 15.2 .. 15.3, bus to 20.32, as DiskSim's disk stops the
 *   read-ahead when it activates a queued read.
 * With preseeking B is dispatched at 0.1, as the read-ahead begins: nothing
 * is under way, so it seeks at once (0.15), reads LBN 102 (slot 2) at
 * 0.2 .. 0.3 and crosses the bus after A's data, 5.12 .. 10.14 (finishing a
 * sector first would miss slot 2: 15.32). */
static void test_read_ahead_stop_for_a_queued_read(void) {
  const struct { int mode, preseek; int64_t lbn; double complete; } c[3] = {
    { SP_RAS_DISPATCH, 0, 152, 10.32 }, { SP_RAS_ARRIVAL_SECTOR, 0, 152, 20.32 }, { SP_RAS_ARRIVAL_SECTOR, 1, 102, 10.14 },
  };
  for (int k = 0; k < 3; k++) {
    sp_sim *sim = sp_new(1);
    int d = plain_disk(sim);
    sp_disk_set(sim, d, SP_DP_SEEK_A, 0.05); sp_disk_set(sim, d, SP_DP_SEEK_C, 0.05);
    sp_disk_set(sim, d, SP_DP_SEEK_BOUNDARY, 1);
    sp_disk_set(sim, d, SP_DP_BUS_MS_PER_SECTOR, 5.02);
    sp_disk_set(sim, d, SP_DP_QUEUE_DEPTH, 2);
    sp_disk_set(sim, d, SP_DP_PRESEEK, c[k].preseek);
    sp_disk_set(sim, d, SP_DP_CACHE_SEGMENTS, 1);
    sp_disk_set(sim, d, SP_DP_CACHE_SEGMENT_SECTORS, 100);
    sp_disk_set(sim, d, SP_DP_READ_AHEAD, SP_RA_TRACK_END);
    CHECK_OK(sp_disk_set(sim, d, SP_DP_READ_AHEAD_STOP, c[k].mode));
    CHECK_OK(sp_disk_commit(sim, d));
    sp_output_configure(sim, 0, 64);
    sp_request_submit(sim, d, 0, 0, 1, 0);
    sp_request_submit(sim, d, 0.01, c[k].lbn, 1, 0);
    sp_result r[2];
    CHECK(fixture_run_results(sim, r, 2) == 2);
    CHECK_NEAR(r[0].complete_ms, 5.12, 1e-9);
    CHECK(r[1].cache == 0);
    CHECK_NEAR(r[1].complete_ms, c[k].complete, 1e-9);
    sp_free(sim);
  }
}

/* READ_AHEAD_STOP for a write (DiskSim's disk_activate_write stops the
 * read-ahead as disk_activate_read does): the case above with B a write at
 * 12.95 (write overhead 1.03 ms, no bus time) and C a read of LBN 20 at 50.
 * B writes LBN 540:
 * - dispatch and arrival ("= 1"): B positions at 13.98, catches LBN 540 at
 *   14.0: 1.15 ms.
 * - arrival, sector ("= 0"): LBN 29 passes first (13.0): B positions at
 *   14.03, a revolution more: 11.15 ms (stopped at its dispatch, 1.15).
 * B writes LBN 20, which the segment holds (slot 20 at 22.0: 9.15 ms in
 * every mode): the segment it stopped keeps its data under the write
 * (DiskSim empties only segments no request holds), so C hits in every mode. */
static void test_read_ahead_stop_for_a_write(void) {
  const double want_b[2][3] = { { 1.15, 1.15, 11.15 }, { 9.15, 9.15, 9.15 } };
  const int64_t b_lbn[2] = { 540, 20 };
  for (int k = 0; k < 2; k++)
    for (int mode = SP_RAS_DISPATCH; mode <= SP_RAS_ARRIVAL_SECTOR; mode++) {
      sp_sim *sim = read_ahead_stop_sim(mode);
      const int d = 0;
      sp_request_submit(sim, d, 0, 0, 10, 0);
      sp_request_submit(sim, d, 12.95, b_lbn[k], 1, SP_SUBMIT_WRITE);
      sp_request_submit(sim, d, 50, 20, 1, 0);
      sp_result r[3];
      CHECK(fixture_run_results(sim, r, 3) == 3);
      CHECK_NEAR(r[0].complete_ms, 11.0, 1e-9);
      CHECK_NEAR(r[1].complete_ms - r[1].arrival_ms, want_b[k][mode], 1e-9);
      CHECK(r[2].cache == 2);
      sp_free(sim);
    }
}

int main(void) {
  RUN(test_miss_overheads_after_read_and_after_write);
  RUN(test_track_adaptive_read_ahead);
  RUN(test_after_write_defaults_to_the_single_overhead);
  RUN(test_hit_overheads_after_write);
  RUN(test_preseek);
  RUN(test_partial_hit_bus_after_hit_overhead);
  RUN(test_partial_hit_bus_event_in_time_order);
  RUN(test_partial_hit_holds_released_one_by_one);
  RUN(test_partial_hit_immediate);
  RUN(test_read_ahead_stop);
  RUN(test_read_ahead_stop_for_a_queued_read);
  RUN(test_read_ahead_stop_for_a_write);
  return check_summary("controller");
}
