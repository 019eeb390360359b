/*
 * test_nvcache_versions.c — nothing is lost by the flash-backed policy, and
 * its closed forms hold.
 *
 * Nothing lost: every sector has a version counter, incremented by each
 * logical write in the order the host decided them (the REDIRECT records).
 * The final disk contents are replayed from the device-request records alone:
 * the disk writes, in completion order, each carrying the versions of the
 * data it wrote (a write of its own logical request; a coalesced write: its
 * request's data over the FQueue entries it took along; a write-back: its
 * entry's data). At the end every sector's disk version must be the last
 * logical write's. With idle purge on the policy drains by itself (once the
 * workload ends the host queue is empty and the disk idle, so purging runs
 * until the FQueue is empty); with it off the FQueue keeps what was not
 * flushed or coalesced, and the disk overlaid by what is left in the FQueue
 * must be the last versions (nothing lost: it is on flash). Every redirected
 * write reaches the disk exactly once, or never if a later write overwrote
 * it in the FQueue.
 *
 * Closed forms: with an FQueue larger than anything the run writes, every
 * write whose inequality holds is redirected (and only those); with a zero-
 * size FQueue the run equals the baseline (no FQueue) event for event and
 * result for result, REDIRECT decisions aside.
 */
#include "check.h"
#include "nv_fixture.h"
#include <stdlib.h>
#include <string.h>

#define CAP 100000                 /* the fixture's sectors */

typedef struct run_out {
  sp_event *ev; int64_t nev, evcap;
  sp_result *res; int64_t nres, rescap;
} run_out;

static void push_ev(run_out *o, const sp_event *e) {
  if (o->nev == o->evcap) { o->evcap = o->evcap ? 2 * o->evcap : 65536; o->ev = realloc(o->ev, (size_t)o->evcap * sizeof *o->ev); }
  o->ev[o->nev++] = *e;
}
static void push_res(run_out *o, const sp_result *r) {
  if (o->nres == o->rescap) { o->rescap = o->rescap ? 2 * o->rescap : 16384; o->res = realloc(o->res, (size_t)o->rescap * sizeof *o->res); }
  o->res[o->nres++] = *r;
}
static void run_collect(sp_sim *sim, run_out *o) {
  memset(o, 0, sizeof *o);
  sp_status st;
  do {
    st = sp_run(sim, -1);
    for (int32_t i = 0; i < sp_event_count(sim); i++) push_ev(o, &sp_events(sim)[i]);
    for (int32_t i = 0; i < sp_result_count(sim); i++) push_res(o, &sp_results(sim)[i]);
  } while (st == SP_MORE);
  CHECK(st == SP_OK);
  CHECK(sp_done(sim));
}
static void run_free(run_out *o) { free(o->ev); free(o->res); }

static uint64_t rs;
static uint64_t xrand(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static double urand(void) { return (double)(xrand() >> 11) / 9007199254740992.0; }

/* Writes and reads meant to exercise every path: far random writes (redirected),
 * rewrites of a recent write's exact range (overwrites), writes next to or over
 * part of a recent one (coalescing), reads; Poisson arrivals fast enough for
 * the host queue to fill, with idle gaps now and then. */
static void submit_mix(sp_sim *sim, int n, uint64_t seed) {
  rs = seed;
  int64_t recent[16] = { 0 }; int32_t rlen[16] = { 8 };
  double t = 0;
  for (int i = 0; i < n; i++) {
    t += -log(1 - urand()) * (urand() < 0.05 ? 200.0 : 8.0);
    const double u = urand();
    const int32_t len = 1 + (int32_t)(xrand() % 64);
    const int k = (int)(xrand() % 16);
    int64_t lbn;
    int32_t sectors = len, flags = SP_SUBMIT_WRITE;
    if (u < 0.15) { lbn = recent[k]; sectors = rlen[k]; }                      /* the same range again */
    else if (u < 0.30) lbn = recent[k] + rlen[k];                              /* adjacent */
    else if (u < 0.40) lbn = recent[k] + rlen[k] / 2;                          /* partly over */
    else if (u < 0.45) { lbn = recent[k] > 4 ? recent[k] - 4 : 0; sectors = rlen[k] + 8; }  /* covering */
    else lbn = (int64_t)(urand() * (CAP - 200));
    if (urand() < 0.2) flags = 0;                                              /* a read */
    if (lbn + sectors > CAP) lbn = CAP - sectors;
    sp_submit(sim, t, lbn, sectors, flags);
    if (flags) { recent[i % 16] = lbn; rlen[i % 16] = sectors; }
  }
}

static sp_sim *policy_sim(int sched, int est, int idle_purge, int64_t fq_sectors) {
  sp_sim *sim = sp_new(3);
  nv_disk(sim);
  int32_t f = sp_flash_add(sim);
  sp_flash_set(sim, f, SP_FP_CAPACITY_SECTORS, (double)fq_sectors);
  sp_host_set(sim, SP_HP_POLICY, SP_POLICY_NVCACHE);
  sp_host_set(sim, SP_HP_FLASH_DEVICE, f);
  sp_host_set(sim, SP_HP_SCHEDULER, sched);
  sp_host_set(sim, SP_HP_ESTIMATOR, est);
  sp_host_set(sim, SP_HP_IDLE_PURGE, idle_purge);
  sp_host_set(sim, SP_HP_LOW_WATERMARK, 0.5);
  sp_output_configure(sim, 8192, 2048);
  return sim;
}

static int32_t ev_lbn_ok(const sp_event *e) { return e->cyl >= 0 && e->surface >= 0; }
static int64_t ev_lbn(const sp_event *e) { return ((int64_t)e->cyl << 31) | e->surface; }

/* Per logical write (by decision order): its range and versions, how it went,
 * how often its data reached the disk. */
typedef struct wrec { int64_t id, lbn; int32_t sectors, outcome, reached, removed, removed_reason; int32_t *ver; } wrec;

typedef struct replay {
  int32_t cur[CAP], disk[CAP];
  wrec *w; int64_t nw;
} replay;

static wrec *by_logical(replay *rp, int64_t id) {
  for (int64_t i = rp->nw - 1; i >= 0; i--) if (rp->w[i].id == id) return &rp->w[i];
  return NULL;
}

static void put(replay *rp, const wrec *w) {
  for (int32_t s = 0; s < w->sectors; s++) rp->disk[w->lbn + s] = w->ver[s];
}

/* Replays one run and checks it. */
static void check_nothing_lost(const run_out *o, const sp_sim *sim, int idle_purge) {
  static replay rp;
  memset(rp.cur, 0, sizeof rp.cur); memset(rp.disk, 0, sizeof rp.disk);
  rp.w = calloc((size_t)o->nev + 1, sizeof *rp.w); rp.nw = 0;
  /* 1. Decisions in order: versions; which entries each coalesced write took along. */
  int64_t *taken = malloc((size_t)(o->nev + 1) * sizeof *taken), ntaken = 0;
  int64_t **takes = calloc((size_t)o->nev + 1, sizeof *takes); int32_t *ntakes = calloc((size_t)o->nev + 1, sizeof *ntakes);
  int64_t *wb_entry = malloc((size_t)(o->nev + 1) * sizeof *wb_entry), nwb = 0;   /* write-backs' entries, completion order */
  int64_t *wb_lbn = malloc((size_t)(o->nev + 1) * sizeof *wb_lbn);
  int32_t *wb_n = malloc((size_t)(o->nev + 1) * sizeof *wb_n);
  for (int64_t i = 0; i < o->nev; i++) {
    const sp_event *e = &o->ev[i];
    if (e->kind == SP_EV_FQ_REMOVE) {
      wrec *w = by_logical(&rp, (int64_t)e->req);
      CHECK(w && w->outcome == 1);
      if (!w) continue;
      w->removed++; w->removed_reason = e->b;
      CHECK(ev_lbn(e) == w->lbn && e->c == w->sectors);
      if (e->b == 0) taken[ntaken++] = w->id;
      else if (e->b == 1 || e->b == 2) { wb_entry[nwb] = w->id; wb_lbn[nwb] = ev_lbn(e); wb_n[nwb] = e->c; nwb++; }
    } else if (e->kind == SP_EV_REDIRECT) {
      CHECK(ev_lbn_ok(e));
      wrec *w = &rp.w[rp.nw];
      w->id = e->req; w->lbn = ev_lbn(e); w->sectors = e->b; w->outcome = e->a;
      w->ver = malloc((size_t)w->sectors * sizeof *w->ver);
      for (int32_t s = 0; s < w->sectors; s++) w->ver[s] = ++rp.cur[w->lbn + s];
      if (e->a == 2) {                   /* the entries removed just before, at this decision */
        takes[rp.nw] = malloc((size_t)(ntaken + 1) * sizeof **takes);
        memcpy(takes[rp.nw], taken, (size_t)ntaken * sizeof *taken);
        ntakes[rp.nw] = (int32_t)ntaken;
        CHECK(ntaken > 0);
      }
      ntaken = 0;
      rp.nw++;
    }
  }
  CHECK(rp.nw > 0);
  /* 2. The disk's writes in completion order. */
  int64_t k = 0, wbk = 0;
  for (int64_t i = 0; i < o->nres; i++) {
    const sp_result *r = &o->res[i];
    if (r->disk != 0 || !r->is_write) continue;
    k++;
    if (r->logical < 0) {                /* a write-back: its entry's data */
      CHECK(wbk < nwb);
      if (wbk >= nwb) break;
      CHECK(wb_lbn[wbk] == r->lbn && wb_n[wbk] == r->sectors);
      wrec *w = by_logical(&rp, wb_entry[wbk++]);
      if (!w) continue;
      put(&rp, w); w->reached++;
      continue;
    }
    int64_t wi = -1;
    for (int64_t j = rp.nw - 1; j >= 0; j--) if (rp.w[j].id == r->logical) { wi = j; break; }
    CHECK(wi >= 0);
    if (wi < 0) continue;
    wrec *w = &rp.w[wi];
    CHECK(w->outcome == 0 || w->outcome == 2 || w->outcome == 3);
    for (int32_t t = 0; t < ntakes[wi]; t++) {   /* older entries first: disjoint, then the request over them */
      wrec *e = by_logical(&rp, takes[wi][t]);
      CHECK(e && e->lbn >= r->lbn && e->lbn + e->sectors <= r->lbn + r->sectors);
      if (e) { put(&rp, e); e->reached++; }
    }
    CHECK(w->lbn >= r->lbn && w->lbn + w->sectors <= r->lbn + r->sectors);
    put(&rp, w);
  }
  CHECK(wbk == nwb);
  /* 3. What is left in the FQueue (idle purge off) overlays the disk. */
  sp_nvcache_stats st;
  CHECK_OK(sp_nvcache_stats_get(sim, &st));
  int64_t left = 0, redirected = 0, overwritten = 0;
  for (int64_t j = 0; j < rp.nw; j++) {
    wrec *w = &rp.w[j];
    if (w->outcome != 1) continue;
    redirected++;
    CHECK(w->removed <= 1);
    if (w->removed == 0) { left++; for (int32_t s = 0; s < w->sectors; s++) rp.disk[w->lbn + s] = w->ver[s]; continue; }
    if (w->removed_reason == 3) { overwritten++; CHECK(w->reached == 0); }
    else CHECK(w->reached == 1);          /* exactly once */
  }
  CHECK(left == st.fq_entries);
  if (idle_purge) CHECK(left == 0);
  CHECK(redirected == st.redirected && overwritten == st.overwritten);
  int64_t wrong = 0, written = 0;
  for (int32_t s = 0; s < CAP; s++) { wrong += rp.disk[s] != rp.cur[s]; written += rp.cur[s] > 0; }
  printf("     %lld writes decided, %lld redirected (%lld overwritten, %lld left in the FQueue), %lld coalesced, "
         "%lld flushes, %lld purges, %lld disk writes; %lld sectors written, %lld wrong\n",
         (long long)rp.nw, (long long)redirected, (long long)overwritten, (long long)left, (long long)st.coalesced,
         (long long)st.flush_writes, (long long)st.purge_writes, (long long)k, (long long)written, (long long)wrong);
  CHECK(wrong == 0);
  CHECK(st.disk_writes == k);
  for (int64_t j = 0; j < rp.nw; j++) { free(rp.w[j].ver); free(takes[j]); }
  free(rp.w); free(taken); free(takes); free(ntakes); free(wb_entry); free(wb_lbn); free(wb_n);
}

static void test_nothing_lost(void) {
  const int scheds[3] = { SP_SCHED_FCFS, SP_SCHED_SSTF, SP_SCHED_CLOOK };
  for (int si = 0; si < 3; si++)
    for (int purge = 1; purge >= 0; purge--) {
      sp_sim *sim = policy_sim(scheds[si], si == 1 ? SP_EST_EXPECTED : SP_EST_MIMIC, purge, 400);
      submit_mix(sim, 3000, 0x1234567ull + (uint64_t)si);
      run_out o;
      run_collect(sim, &o);
      sp_nvcache_stats st;
      CHECK_OK(sp_nvcache_stats_get(sim, &st));
      /* the mix must reach every path, or the replay proves little */
      CHECK(st.redirected > 100 && st.coalesced > 20 && st.overwritten > 5 && st.flush_writes > 20);
      CHECK(purge ? st.purge_writes > 20 : st.purge_writes == 0);
      check_nothing_lost(&o, sim, purge);
      run_free(&o);
      sp_free(sim);
    }
}

/* The desktop generator through the policy: the same replay, on synthetic requests. */
static void test_nothing_lost_desktop(void) {
  sp_sim *sim = policy_sim(SP_SCHED_CLOOK, SP_EST_MIMIC, 1, 256);
  sp_workload_set(sim, SP_WP_ARRIVALS, SP_ARRIVE_OPEN);
  sp_workload_set(sim, SP_WP_PATTERN, SP_PATTERN_DESKTOP);
  sp_workload_set(sim, SP_WP_COUNT, 4000);
  sp_workload_set(sim, SP_WP_SIZE_DIST, SP_SIZE_EXPONENTIAL);
  sp_workload_set(sim, SP_WP_SIZE_SECTORS, 16);
  sp_workload_set(sim, SP_WP_SIZE_MAX_SECTORS, 256);
  sp_workload_set(sim, SP_WP_READ_FRACTION, 0.3);
  sp_workload_set(sim, SP_WP_NEAR_FRACTION, 0.6);
  sp_workload_set(sim, SP_WP_IDLE_MS, 200);
  run_out o;
  run_collect(sim, &o);
  sp_nvcache_stats st;
  CHECK_OK(sp_nvcache_stats_get(sim, &st));
  CHECK(st.redirected > 50 && st.purge_writes > 10);
  check_nothing_lost(&o, sim, 1);
  run_free(&o);
  sp_free(sim);
}

/* An FQueue larger than every write of the run: no write ever lacks room, so
 * the decision is the inequality alone, as recomputed from its own record. A
 * small FQueue on the same requests does run out of room (the check can fail). */
static void test_infinite_fqueue_redirects_every_qualifying_write(void) {
  for (int small = 0; small < 2; small++) {
    sp_sim *sim = policy_sim(SP_SCHED_CLOOK, SP_EST_MIMIC, 0, small ? 64 : 2147483647);
    sp_host_set(sim, SP_HP_LOW_WATERMARK, 0.9);
    submit_mix(sim, 2000, 99);
    run_out o;
    run_collect(sim, &o);
    int64_t qualifying = 0, redirected = 0, mismatched = 0;
    for (int32_t i = 0; i < sp_decision_count(sim); i++) {
      sp_decision d;
      CHECK_OK(sp_decision_get(sim, i, &d));
      const int q = d.h_n + d.n_nn > d.f_n + d.h_nn;
      qualifying += q; redirected += d.outcome == 1;
      mismatched += d.outcome != (q ? 1 : 0);
    }
    sp_nvcache_stats st;
    CHECK_OK(sp_nvcache_stats_get(sim, &st));
    printf("     FQueue %s: %lld decisions, %lld qualifying, %lld redirected, %lld no room\n", small ? "64 sectors" : "unbounded",
           (long long)sp_decision_count(sim), (long long)qualifying, (long long)redirected, (long long)st.no_room);
    if (small) CHECK(mismatched > 0 && st.no_room > 0);
    else {
      CHECK(qualifying > 100 && mismatched == 0 && redirected == qualifying);
      CHECK(st.no_room == 0 && st.flush_episodes == 0 && st.redirected == qualifying);
      CHECK(st.writes == st.coalesced + (int64_t)sp_decision_count(sim));   /* every other write was decided */
    }
    run_free(&o);
    sp_free(sim);
  }
}

/* The expected estimator on the fixture, by hand (spindle.h: seek(cylinder
 * distance) + half a revolution, none when n starts where the head is, + n's
 * transfer): head at LBN 0 (cylinder 0). 50000 (cylinder 500): 7 + 5 + 0.8 =
 * 12.8 ms; 50008 right after 50000..50007: 0.8; 50008 from the head: 12.8.
 * Alone, 12.8 > f = 2.185: flash. With 50008 next: 12.8 + 0.8 = 13.6 is not
 * above 2.185 + 12.8 = 14.985: the disk. */
static void test_expected_estimator_by_hand(void) {
  for (int with_next = 0; with_next < 2; with_next++) {
    sp_sim *sim = policy_sim(SP_SCHED_FCFS, SP_EST_EXPECTED, 0, 163840);
    sp_submit(sim, 0, 50000, 8, SP_SUBMIT_WRITE | (with_next ? SP_SUBMIT_LINKED : 0));
    if (with_next) sp_submit(sim, 0, 50008, 8, SP_SUBMIT_WRITE);
    run_out o;
    run_collect(sim, &o);
    sp_decision d;
    CHECK_OK(sp_decision_get(sim, 0, &d));
    CHECK_NEAR(d.h_n, 12.8, 1e-9);
    CHECK_NEAR(d.f_n, 2.185, 1e-12);
    CHECK_NEAR(d.n_nn, with_next ? 0.8 : 0, 1e-9);
    CHECK_NEAR(d.h_nn, with_next ? 12.8 : 0, 1e-9);
    CHECK(d.outcome == (with_next ? 0 : 1));
    run_free(&o);
    sp_free(sim);
  }
}

/* FNV-1a over records, skipping REDIRECT events (decisions the baseline does not make). */
static uint64_t fnv(uint64_t h, const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 0x100000001b3ull; }
  return h;
}
static void stream_hashes(const run_out *o, uint64_t *ev, uint64_t *res, int64_t *nev) {
  *ev = *res = 0xcbf29ce484222325ull; *nev = 0;
  for (int64_t i = 0; i < o->nev; i++)
    if (o->ev[i].kind != SP_EV_REDIRECT) { *ev = fnv(*ev, &o->ev[i], sizeof o->ev[i]); (*nev)++; }
  for (int64_t i = 0; i < o->nres; i++) *res = fnv(*res, &o->res[i], sizeof o->res[i]);
}

static void test_zero_fqueue_equals_baseline_streams(void) {
  const int scheds[3] = { SP_SCHED_FCFS, SP_SCHED_SSTF, SP_SCHED_CLOOK };
  for (int si = 0; si < 3; si++) {
    sp_sim *a = policy_sim(scheds[si], SP_EST_MIMIC, 1, 0);
    sp_sim *b = sp_new(3);
    nv_disk(b);
    sp_flash_add(b);                       /* the same devices, unused */
    sp_host_set(b, SP_HP_QUEUE_DEPTH, 1);
    sp_host_set(b, SP_HP_SCHEDULER, scheds[si]);
    sp_output_configure(b, 8192, 2048);
    submit_mix(a, 2000, 7 + (uint64_t)si);
    submit_mix(b, 2000, 7 + (uint64_t)si);
    run_out oa, ob;
    run_collect(a, &oa);
    run_collect(b, &ob);
    uint64_t ea, ra, eb, rb; int64_t na, nb;
    stream_hashes(&oa, &ea, &ra, &na);
    stream_hashes(&ob, &eb, &rb, &nb);
    int64_t redirects = oa.nev - na;
    printf("     scheduler %d: %lld events (+%lld REDIRECT), %lld results; hashes %016llx/%016llx vs %016llx/%016llx\n",
           scheds[si], (long long)na, (long long)redirects, (long long)oa.nres,
           (unsigned long long)ea, (unsigned long long)ra, (unsigned long long)eb, (unsigned long long)rb);
    CHECK(na == nb && oa.nres == ob.nres && oa.nres > 3000 && redirects > 1000);
    CHECK(ea == eb && ra == rb);
    run_free(&oa); run_free(&ob);
    sp_free(a); sp_free(b);
  }
}

int main(void) {
  RUN(test_nothing_lost);
  RUN(test_nothing_lost_desktop);
  RUN(test_expected_estimator_by_hand);
  RUN(test_infinite_fqueue_redirects_every_qualifying_write);
  RUN(test_zero_fqueue_equals_baseline_streams);
  return check_summary("nvcache versions");
}
