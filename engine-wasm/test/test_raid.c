/*
 * test_raid.c — RAID-4 and RAID-5 volumes against DiskSim's rules as its
 * synthetic reference writes them (arrays/README, "Parity arrays"): the
 * layout and parity rotation, reads that skip parity, full-row writes without
 * reads, read-modify-write and reconstruct-write as DiskSim chooses them, the
 * split case, joining, the order of writes after their reads; and the
 * degraded mode at the data level: each block holds a byte, parity their XOR,
 * and every block of the failed disk is rebuilt from what the policy read
 * and wrote.
 */
#include "check.h"
#include "spindle.h"
#include "fixtures.h"
#include <stdlib.h>
#include <string.h>

#define SPT 20
#define CYLS 10
#define DISK_SECTORS (2 * CYLS * SPT)   /* 400 */

/* n identical tiny disks (2 surfaces, 10 cylinders of 20 sectors) in a RAID volume. */
static sp_sim *array(int policy, int n, int unit, int failed) {
  sp_sim *sim = sp_new(1);
  for (int i = 0; i < n; i++) {
    int d = sp_disk_add(sim);
    sp_disk_set(sim, d, SP_DP_SURFACES, 2);
    sp_disk_set(sim, d, SP_DP_RPM, 6000);
    sp_disk_set(sim, d, SP_DP_SEEK_A, 1.0); sp_disk_set(sim, d, SP_DP_SEEK_B, 0.1);
    sp_disk_set(sim, d, SP_DP_SEEK_C, 2.0); sp_disk_set(sim, d, SP_DP_SEEK_E, 0.01);
    sp_disk_set(sim, d, SP_DP_SEEK_BOUNDARY, 5);
    sp_disk_add_zone(sim, d, 0, CYLS - 1, SPT, 2, 4, SP_SPARE_NONE, 0);
    CHECK_OK(sp_disk_commit(sim, d));
  }
  CHECK_OK(sp_host_set(sim, SP_HP_POLICY, policy));
  CHECK_OK(sp_host_set(sim, SP_HP_DEVICES, n));
  CHECK_OK(sp_host_set(sim, SP_HP_STRIPE_SECTORS, unit));
  CHECK_OK(sp_host_set(sim, SP_HP_FAILED_DEVICE, failed));
  CHECK_OK(sp_host_commit(sim));
  sp_output_configure(sim, 0, 4096);
  return sim;
}

/* The device requests of one logical request, run alone from now. */
typedef struct dreq { int disk, write; int64_t lbn, n; double arrival, complete; } dreq;
typedef struct one { dreq r[64]; int n; int reads, writes; sp_result logical; } one;

static one run_one(sp_sim *sim, int64_t vlbn, int n, int write) {
  one o;
  memset(&o, 0, sizeof o);
  int64_t id = -1;
  CHECK(sp_submit(sim, sp_now(sim), vlbn, n, write) >= 0);
  sp_status st;
  do {
    st = sp_run(sim, -1);
    for (int i = 0; i < sp_result_count(sim); i++) {
      const sp_result *r = &sp_results(sim)[i];
      if (r->disk < 0) { o.logical = *r; id = r->id; continue; }
      if (o.n == 64) continue;
      o.r[o.n++] = (dreq){ r->disk, r->is_write, r->lbn, r->sectors, r->arrival_ms, r->complete_ms };
      if (r->is_write) o.writes++; else o.reads++;
    }
  } while (st == SP_MORE);
  CHECK(st == SP_OK && id >= 0 && o.logical.parts == o.n);
  return o;
}

static int has(const one *o, int disk, int write, int64_t lbn, int64_t n) {
  for (int i = 0; i < o->n; i++)
    if (o->r[i].disk == disk && o->r[i].write == write && o->r[i].lbn == lbn && o->r[i].n == n) return 1;
  return 0;
}

static const dreq *find(const one *o, int disk, int write) {
  for (int i = 0; i < o->n; i++) if (o->r[i].disk == disk && o->r[i].write == write) return &o->r[i];
  return NULL;
}

/* DiskSim's layout (README "Parity arrays"), written here independently. */
static int parity_of(int raid5, int N, int64_t row) { return raid5 ? N - 1 - (int)(row % N) : N - 1; }
static int data_of(int raid5, int N, int64_t row, int k) { return raid5 ? (parity_of(raid5, N, row) + 1 + k) % N : k; }

/* Row 0: data on 0, 1, 2 and parity on 3; row 1 (RAID-5): parity on 2, data
 * unit 0 on 3, 1 on 0, 2 on 1; RAID-4 keeps parity on 3. */
static void test_layout_and_rotation(void) {
  for (int raid5 = 0; raid5 <= 1; raid5++) {
    sp_sim *sim = array(raid5 ? SP_POLICY_RAID5 : SP_POLICY_RAID4, 4, 8, -1);
    CHECK(sp_volume_capacity(sim) == 3 * (DISK_SECTORS / 8) * 8);
    int32_t dev; int64_t lbn, first, count;
    CHECK_OK(sp_volume_map(sim, 19, &dev, &lbn));     /* unit 2, row 0, offset 3 */
    CHECK(dev == 2 && lbn == 3);
    CHECK_OK(sp_volume_map(sim, 24, &dev, &lbn));     /* unit 3: row 1, data unit 0 */
    CHECK(dev == (raid5 ? 3 : 0) && lbn == 8);
    CHECK_OK(sp_volume_map(sim, 42, &dev, &lbn));     /* unit 5: row 1, data unit 2, offset 2 */
    CHECK(dev == (raid5 ? 1 : 2) && lbn == 10);
    CHECK_OK(sp_volume_map(sim, 3 * 8 * 5 + 1, &dev, &lbn));   /* row 5, unit 0: RAID-5 parity on 3-(5%4) = 2 */
    CHECK(dev == (raid5 ? 3 : 0) && lbn == 41);
    /* every data block maps to a distinct non-parity block */
    static unsigned char seen[4][DISK_SECTORS];
    memset(seen, 0, sizeof seen);
    for (int64_t v = 0; v < sp_volume_capacity(sim); v++) {
      CHECK_OK(sp_volume_map(sim, v, &dev, &lbn));
      CHECK(dev != parity_of(raid5, 4, lbn / 8) && !seen[dev][lbn]);
      seen[dev][lbn] = 1;
    }
    CHECK_OK(sp_volume_unit(sim, 42, &first, &count));
    CHECK(first == 40 && count == 8);
    sp_free(sim);
  }
}

/* A read of two rows reads each data piece once, never parity; pieces on one
 * disk within 32 sectors are one request (RAID-4: consecutive rows on a data
 * disk touch). */
static void test_reads_skip_parity_and_join(void) {
  sp_sim *sim = array(SP_POLICY_RAID5, 4, 8, -1);
  one o = run_one(sim, 4, 40, 0);                   /* units 0 (from 4) .. 5 (to 44 = unit 5 offset 4) */
  CHECK(o.writes == 0);
  for (int i = 0; i < o.n; i++)
    for (int64_t b = o.r[i].lbn; b < o.r[i].lbn + o.r[i].n; b++) CHECK(o.r[i].disk != parity_of(1, 4, b / 8));
  /* row 0: 0 [4,8), 1 [0,8), 2 [0,8); row 1: 3 [8,16), 0 [8,16), 1 [8,12) -> disks 0 and 1 joined */
  CHECK(o.reads == 4 && has(&o, 0, 0, 4, 12) && has(&o, 1, 0, 0, 12) && has(&o, 2, 0, 0, 8) && has(&o, 3, 0, 8, 8));
  sp_free(sim);
  sim = array(SP_POLICY_RAID4, 4, 8, -1);
  o = run_one(sim, 0, 4 * 3 * 8, 0);               /* four full rows: one request per data disk */
  CHECK(o.reads == 3 && has(&o, 0, 0, 0, 32) && has(&o, 1, 0, 0, 32) && has(&o, 2, 0, 0, 32));
  sp_free(sim);
}

/* A write touching every unit of a row writes data and parity, reads nothing. */
static void test_full_row_write_reads_nothing(void) {
  sp_sim *sim = array(SP_POLICY_RAID5, 4, 8, -1);
  one o = run_one(sim, 24, 24, 1);                  /* row 1: parity on 2 */
  CHECK(o.reads == 0 && o.writes == 4);
  CHECK(has(&o, 3, 1, 8, 8) && has(&o, 0, 1, 8, 8) && has(&o, 1, 1, 8, 8) && has(&o, 2, 1, 8, 8));
  for (int i = 0; i < o.n; i++) CHECK(o.r[i].arrival == o.logical.dispatch_ms);
  sp_free(sim);
}

/* One unit touched (t = 1 < floor(0.5 * 4)): read-modify-write. The data write
 * follows its disk's read; the parity write follows both reads. */
static void test_small_write_is_read_modify_write(void) {
  sp_sim *sim = array(SP_POLICY_RAID5, 4, 8, -1);
  one o = run_one(sim, 10, 3, 1);                   /* unit 1 (disk 1), offsets [2,5); parity on 3 */
  CHECK(o.reads == 2 && o.writes == 2);
  CHECK(has(&o, 1, 0, 2, 3) && has(&o, 3, 0, 2, 3) && has(&o, 1, 1, 2, 3) && has(&o, 3, 1, 2, 3));
  const dreq *rd = find(&o, 1, 0), *rp = find(&o, 3, 0), *wd = find(&o, 1, 1), *wp = find(&o, 3, 1);
  CHECK(rd && rp && wd && wp);
  if (rd && rp && wd && wp) {
    CHECK(wd->arrival == rd->complete);
    CHECK(wp->arrival == (rd->complete > rp->complete ? rd->complete : rp->complete));
    CHECK(o.logical.complete_ms == (wd->complete > wp->complete ? wd->complete : wp->complete));
  }
  sp_free(sim);
}

/* Two of three units touched (t = 2 >= floor(0.5 * 4)): reconstruct-write over
 * [lo, hi) = the whole unit: read what is not written of the row's data
 * units. With rmw_fraction 1 (floor(4) = 4 > 2) the same write is a
 * read-modify-write over [lo, hi). */
static void test_reconstruct_write_and_the_fraction(void) {
  sp_sim *sim = array(SP_POLICY_RAID4, 4, 8, -1);
  one o = run_one(sim, 2, 10, 1);                   /* unit 0 [2,8), unit 1 [0,4) */
  CHECK(o.reads == 3 && o.writes == 3);
  CHECK(has(&o, 0, 0, 0, 2) && has(&o, 1, 0, 4, 4) && has(&o, 2, 0, 0, 8));
  CHECK(has(&o, 0, 1, 2, 6) && has(&o, 1, 1, 0, 4) && has(&o, 3, 1, 0, 8));
  sp_free(sim);
  sim = array(SP_POLICY_RAID4, 4, 8, -1);
  CHECK_OK(sp_host_set(sim, SP_HP_RMW_FRACTION, 1));
  o = run_one(sim, 2, 10, 1);
  CHECK(o.reads == 3 && has(&o, 0, 0, 2, 6) && has(&o, 1, 0, 0, 4) && has(&o, 3, 0, 0, 8));
  sp_free(sim);
}

/* The end of unit 0 and the start of unit 1 whose offsets do not meet: two
 * read-modify-writes, each with its own parity piece; those pieces are one
 * request when at most 32 sectors apart (then covering the gap). */
static void test_split_write(void) {
  sp_sim *sim = array(SP_POLICY_RAID4, 4, 64, -1);
  one o = run_one(sim, 60, 8, 1);                   /* unit 0 [60,64), unit 1 [0,4): 56 apart */
  CHECK(o.reads == 4 && o.writes == 4);
  CHECK(has(&o, 0, 0, 60, 4) && has(&o, 1, 0, 0, 4) && has(&o, 3, 0, 0, 4) && has(&o, 3, 0, 60, 4));
  CHECK(has(&o, 0, 1, 60, 4) && has(&o, 1, 1, 0, 4) && has(&o, 3, 1, 0, 4) && has(&o, 3, 1, 60, 4));
  sp_free(sim);
  sim = array(SP_POLICY_RAID4, 4, 32, -1);
  o = run_one(sim, 28, 8, 1);                       /* unit 0 [28,32), unit 1 [0,4): 24 apart */
  CHECK(o.reads == 3 && o.writes == 3);
  CHECK(has(&o, 0, 0, 28, 4) && has(&o, 1, 0, 0, 4) && has(&o, 3, 0, 0, 32));
  CHECK(has(&o, 0, 1, 28, 4) && has(&o, 1, 1, 0, 4) && has(&o, 3, 1, 0, 32));
  sp_free(sim);
}

/* ---- degraded mode, at the data level --------------------------------------------------- */

typedef struct model {
  int N, U, raid5, failed;
  unsigned char disk[4][DISK_SECTORS];   /* what each disk holds (the failed one: nothing valid) */
  unsigned char *truth;                  /* the volume's data as written */
  int64_t cap;
} model;

static void model_init(model *m, sp_sim *sim, int raid5, int N, int U, int failed, unsigned seed) {
  m->N = N; m->U = U; m->raid5 = raid5; m->failed = failed;
  m->cap = sp_volume_capacity(sim);
  m->truth = malloc((size_t)m->cap);
  srand(seed);
  memset(m->disk, 0, sizeof m->disk);
  for (int64_t v = 0; v < m->cap; v++) {
    int32_t d; int64_t b;
    sp_volume_map(sim, v, &d, &b);
    m->truth[v] = (unsigned char)(rand() & 0xff);
    m->disk[d][b] = m->truth[v];
    m->disk[parity_of(raid5, N, b / U)][b] ^= m->truth[v];
  }
  if (failed >= 0) memset(m->disk[failed], 0xEE, sizeof m->disk[failed]);   /* lost */
}

/* The failed disk's block b rebuilt from the others. */
static unsigned char rebuilt(const model *m, int64_t b) {
  unsigned char x = 0;
  for (int d = 0; d < m->N; d++) if (d != m->failed) x ^= m->disk[d][b];
  return x;
}

static int covers(const one *o, int disk, int write, int64_t b) {
  for (int i = 0; i < o->n; i++)
    if (o->r[i].disk == disk && o->r[i].write == write && b >= o->r[i].lbn && b < o->r[i].lbn + o->r[i].n) return 1;
  return 0;
}

/* A read: every block comes from its disk or is the XOR of the other disks'
 * blocks at its place, each of which the policy read. */
static void check_read(const model *m, sp_sim *sim, const one *o, int64_t v0, int n) {
  for (int i = 0; i < o->n; i++) CHECK(o->r[i].disk != m->failed && !o->r[i].write);
  for (int64_t v = v0; v < v0 + n; v++) {
    int32_t d; int64_t b;
    sp_volume_map(sim, v, &d, &b);
    if (d != m->failed) { CHECK(covers(o, d, 0, b) && m->disk[d][b] == m->truth[v]); continue; }
    for (int j = 0; j < m->N; j++) if (j != m->failed) CHECK(covers(o, j, 0, b));
    CHECK(rebuilt(m, b) == m->truth[v]);
  }
}

/* A write: each block the policy writes gets the value it can know from what
 * it wrote and read (new data; a gap rewritten as read; parity either from
 * every data block of its place, or from the old parity and the old and new
 * data written over); a block it cannot know fails the test. */
static void apply_write(model *m, const one *o, int64_t v0, int n, const unsigned char *val) {
  unsigned char *neu = malloc((size_t)m->cap);
  memcpy(neu, m->truth, (size_t)m->cap);
  memcpy(neu + v0, val, (size_t)n);
  const int D = m->N - 1;
  unsigned char after[4][DISK_SECTORS];
  memcpy(after, m->disk, sizeof after);
  for (int i = 0; i < o->n; i++) {
    const dreq *w = &o->r[i];
    CHECK(w->disk != m->failed);
    if (!w->write) continue;
    for (int64_t b = w->lbn; b < w->lbn + w->n; b++) {
      const int64_t row = b / m->U, off = b % m->U;
      const int par = parity_of(m->raid5, m->N, row);
      if (w->disk != par) {
        int k = 0;
        while (data_of(m->raid5, m->N, row, k) != w->disk) k++;
        const int64_t v = (row * D + k) * m->U + off;
        if (v >= v0 && v < v0 + n) after[w->disk][b] = val[v - v0];
        else CHECK(covers(o, w->disk, 0, b));          /* a gap: rewritten as read */
        continue;
      }
      int all = 1, rmw = covers(o, par, 0, b);
      unsigned char x = 0, p = m->disk[par][b];
      for (int k = 0; k < D; k++) {
        const int dk = data_of(m->raid5, m->N, row, k);
        const int64_t v = (row * D + k) * m->U + off;
        const int written = v >= v0 && v < v0 + n;
        const int read = dk != m->failed && covers(o, dk, 0, b);
        if (written) x ^= neu[v]; else if (read) x ^= m->disk[dk][b]; else all = 0;
        if (written) { if (read) p ^= m->disk[dk][b] ^ neu[v]; else rmw = 0; }
      }
      CHECK(all || rmw);
      after[par][b] = all ? x : p;
    }
  }
  /* what a write is computed from was read before it arrived */
  for (int i = 0; i < o->n; i++)
    for (int j = 0; o->r[i].write && j < o->n; j++) {
      const dreq *w = &o->r[i], *r = &o->r[j];
      if (r->write) continue;
      int used = r->disk == w->disk;
      for (int64_t row = w->lbn / m->U; row <= (w->lbn + w->n - 1) / m->U; row++)
        used |= parity_of(m->raid5, m->N, row) == w->disk && r->lbn / m->U <= row && (r->lbn + r->n - 1) / m->U >= row;
      if (used) CHECK(r->complete <= w->arrival);
    }
  memcpy(m->disk, after, sizeof after);
  memcpy(m->truth, neu, (size_t)m->cap);
  free(neu);
}

/* Random reads and writes of up to three units with one disk failed, for each
 * disk and both levels: every read is answered from surviving disks, every
 * write keeps each lost block the XOR of its row; at the end every block of
 * the failed disk is rebuilt and equals what was last written there. */
static void test_degraded_loses_nothing(void) {
  for (int raid5 = 0; raid5 <= 1; raid5++)
    for (int f = 0; f < 4; f++) {
      const int U = 8;
      sp_sim *sim = array(raid5 ? SP_POLICY_RAID5 : SP_POLICY_RAID4, 4, U, f);
      model m;
      model_init(&m, sim, raid5, 4, U, f, (unsigned)(17 + f + 4 * raid5));
      unsigned char val[3 * 8];
      for (int it = 0; it < 300; it++) {
        const int n = 1 + rand() % (3 * U);
        const int64_t v0 = rand() % (m.cap - n);
        if (rand() % 2) {
          one o = run_one(sim, v0, n, 0);
          check_read(&m, sim, &o, v0, n);
        } else {
          for (int i = 0; i < n; i++) val[i] = (unsigned char)rand();
          one o = run_one(sim, v0, n, 1);
          apply_write(&m, &o, v0, n, val);
        }
      }
      int lost = 0;
      for (int64_t v = 0; v < m.cap; v++) {
        int32_t d; int64_t b;
        sp_volume_map(sim, v, &d, &b);
        if (d == f && rebuilt(&m, b) != m.truth[v]) lost++;
      }
      CHECK(lost == 0);
      free(m.truth);
      sp_free(sim);
    }
}

/* Without a failed disk, small writes (read-modify-write or reconstruct-write)
 * keep parity the XOR of the row, and reads read only data. */
static void test_parity_stays_consistent(void) {
  for (int raid5 = 0; raid5 <= 1; raid5++) {
    sp_sim *sim = array(raid5 ? SP_POLICY_RAID5 : SP_POLICY_RAID4, 4, 8, -1);
    model m;
    model_init(&m, sim, raid5, 4, 8, -1, 5);
    unsigned char val[8];
    for (int it = 0; it < 300; it++) {
      const int n = 1 + rand() % 8;                 /* at most two units: never a full row */
      const int64_t v0 = rand() % (m.cap - n);
      for (int i = 0; i < n; i++) val[i] = (unsigned char)rand();
      one o = run_one(sim, v0, n, 1);
      apply_write(&m, &o, v0, n, val);
      o = run_one(sim, v0, n, 0);
      check_read(&m, sim, &o, v0, n);
    }
    for (int64_t b = 0; b < DISK_SECTORS; b++) {
      unsigned char x = 0;
      for (int d = 0; d < 4; d++) x ^= m.disk[d][b];
      CHECK(x == 0);
    }
    free(m.truth);
    sp_free(sim);
  }
}

/* The host's device queue (DiskSim's driver, one request at a time per disk):
 * a write W's read of disk 1 is in service when a read X of disk 1 arrives.
 * When W's read completes, C-LOOK from its LBN sends W's data write (same
 * blocks) before X; FCFS sends X first. No device ever holds two requests. */
static void test_device_queue_order(void) {
  for (int clook = 0; clook <= 1; clook++) {
    sp_sim *sim = array(SP_POLICY_RAID5, 4, 8, -1);
    CHECK_OK(sp_host_set(sim, SP_HP_DEVICE_QUEUE, 1));
    CHECK_OK(sp_host_set(sim, SP_HP_SCHEDULER, clook ? SP_SCHED_CLOOK : SP_SCHED_FCFS));
    CHECK(sp_submit(sim, 0, 10, 3, 1) >= 0);         /* W: disk 1 [2,5), parity on 3 */
    CHECK(sp_submit(sim, 0.1, 296, 4, 0) >= 0);      /* X: row 12, unit 1: disk 1 at 96 */
    dreq r[16];
    int n = 0;
    sp_status st;
    do {
      st = sp_run(sim, -1);
      for (int i = 0; i < sp_result_count(sim); i++) {
        const sp_result *x = &sp_results(sim)[i];
        if (x->disk >= 0 && n < 16) r[n++] = (dreq){ x->disk, x->is_write, x->lbn, x->sectors, x->arrival_ms, x->complete_ms };
      }
    } while (st == SP_MORE);
    CHECK(st == SP_OK && n == 5);
    const dreq *wr = NULL, *ww = NULL, *xr = NULL;
    for (int i = 0; i < n; i++) {
      if (r[i].disk != 1) continue;
      if (r[i].lbn == 96) xr = &r[i]; else if (r[i].write) ww = &r[i]; else wr = &r[i];
      for (int j = 0; j < n; j++)                     /* one at a time on each device */
        if (j != i && r[j].disk == r[i].disk) CHECK(r[j].complete <= r[i].arrival || r[i].complete <= r[j].arrival);
    }
    CHECK(wr && ww && xr);
    if (!wr || !ww || !xr) { sp_free(sim); continue; }
    if (clook) CHECK(ww->arrival == wr->complete && xr->arrival == ww->complete);
    else CHECK(xr->arrival == wr->complete && ww->arrival == xr->complete);
    sp_free(sim);
  }
}

/* DiskSim sends a request's disk requests from the last device down. RAID-4
 * of three fixture disks (fixtures.h: 100 sectors a track, 0.1 ms a sector,
 * read overhead 1 ms, bus 0.05 ms a sector) on one bus, unit 8: a read of
 * blocks 0-15 is LBNs 0-7 on disk 0 and on disk 1, sent at 0. Disk 1's
 * command takes the bus first: overhead 0..1, then disk 0's 1..2. Both read
 * sectors 0-7 at 10.0..10.8; disk 1's data asked for the bus first (it was
 * dispatched first): 10.8..11.2, disk 0's 11.2..11.6. The same whether the
 * host holds each device's requests or sends them at once. */
static void test_last_device_sent_first(void) {
  for (int held = 0; held <= 1; held++) {
    sp_sim *sim = sp_new(1);
    for (int i = 0; i < 3; i++) {
      int d = fixture_ten_cylinders(sim, 0.05);
      sp_disk_set(sim, d, SP_DP_READ_FENCE_FRACTION, 1);
      CHECK_OK(sp_disk_set(sim, d, SP_DP_SHARED_BUS, 1));
      CHECK_OK(sp_disk_commit(sim, d));
    }
    CHECK_OK(sp_host_set(sim, SP_HP_POLICY, SP_POLICY_RAID4));
    CHECK_OK(sp_host_set(sim, SP_HP_DEVICES, 3));
    CHECK_OK(sp_host_set(sim, SP_HP_STRIPE_SECTORS, 8));
    CHECK_OK(sp_host_set(sim, SP_HP_DEVICE_QUEUE, held));
    CHECK_OK(sp_host_commit(sim));
    sp_output_configure(sim, 0, 64);
    const one o = run_one(sim, 0, 16, 0);
    const dreq *d0 = find(&o, 0, 0), *d1 = find(&o, 1, 0);
    CHECK(o.n == 2 && d0 && d1);
    if (d0 && d1) {
      CHECK_NEAR(d1->complete, 11.2, 1e-9);
      CHECK_NEAR(d0->complete, 11.6, 1e-9);
    }
    sp_free(sim);
  }
}

static void test_bad_settings_name_the_field(void) {
  sp_sim *sim = array(SP_POLICY_RAID5, 4, 8, -1);
  CHECK_OK(sp_host_set(sim, SP_HP_FAILED_DEVICE, 5));
  CHECK(sp_host_commit(sim) == SP_E_INVALID && strcmp(sp_error_field(sim), "host.failed_device") == 0);
  CHECK_OK(sp_host_set(sim, SP_HP_FAILED_DEVICE, -1));
  CHECK_OK(sp_host_set(sim, SP_HP_STRIPE_SECTORS, 0));
  CHECK(sp_host_commit(sim) == SP_E_INVALID && strcmp(sp_error_field(sim), "host.stripe_sectors") == 0);
  CHECK_OK(sp_host_set(sim, SP_HP_STRIPE_SECTORS, 8));
  CHECK_OK(sp_host_set(sim, SP_HP_DEVICES, 1));
  CHECK(sp_host_commit(sim) == SP_E_INVALID && strcmp(sp_error_field(sim), "host.devices") == 0);
  sp_free(sim);
}

int main(void) {
  RUN(test_layout_and_rotation);
  RUN(test_reads_skip_parity_and_join);
  RUN(test_full_row_write_reads_nothing);
  RUN(test_small_write_is_read_modify_write);
  RUN(test_reconstruct_write_and_the_fraction);
  RUN(test_split_write);
  RUN(test_degraded_loses_nothing);
  RUN(test_parity_stays_consistent);
  RUN(test_device_queue_order);
  RUN(test_last_device_sent_first);
  RUN(test_bad_settings_name_the_field);
  return check_summary("raid");
}
