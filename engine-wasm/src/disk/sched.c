/*
 * sched.c — the on-disk schedulers: which queued request the mechanism serves
 * next. FCFS, SSTF (cylinder distance), LOOK (elevator, reversing at the last
 * request), C-LOOK (one direction, wrapping) and SPTF (shortest positioning
 * time: seek plus rotation, computed from the platter's angle now).
 * Ties always go to the oldest request, so choices are deterministic.
 *
 * Teaching simulators (OSTEP's disk.py) add rules a drive's queue does not
 * have, each a disk parameter that is off by default: a window (only the
 * first w queued requests, in arrival order, are candidates), served in
 * batches (BSATF); SPTF ties within a tolerance (so floating-point noise in
 * two equal times does not decide); SSTF that takes the shortest positioning
 * among the requests at the nearest distance; and SPTF over whole access
 * times (SATF: positioning plus transfer, which differ between zones).
 */
#include "disk.h"
#include "lookup.h"
#include <math.h>
#include <stdlib.h>

static int32_t oldest(const disk *d, int32_t n) {
  int32_t best = 0;
  for (int32_t i = 1; i < n; i++)
    if (d->queue[i]->arrival < d->queue[best]->arrival ||
        (d->queue[i]->arrival == d->queue[best]->arrival && d->queue[i]->id < d->queue[best]->id)) best = i;
  return best;
}

/* Among requests on the given side of the head (dir > 0: cylinders >= head,
 * dir < 0: <= head), the nearest; -1 if none. */
static int32_t nearest_on_side(const disk *d, int32_t n, int dir) {
  int32_t best = -1; int32_t bestd = 0;
  for (int32_t i = 0; i < n; i++) {
    int32_t dc = d->queue[i]->target_cyl - d->cyl;
    if ((dir > 0 && dc < 0) || (dir < 0 && dc > 0)) continue;
    int32_t dist = abs(dc);
    if (best < 0 || dist < bestd) { best = i; bestd = dist; }
  }
  return best;
}

/* SPTF's yardstick for r now: mech_sptf_cost, or with SPTF_ACCESS the whole
 * media access (positioning, switches and transfer). Both zero latency and
 * SPTF_ACCESS plan r's access track by track: *walked gains the tracks
 * planned, so that one pick among many long requests counts as the work it is. */
static double disksim_cost(const disk *d, double t, const request *r, int64_t *walked);

static double cost_of(const disk *d, double t, const request *r, int64_t *walked) {
  if (d->p[SP_DP_SPTF_DISKSIM] != 0) return disksim_cost(d, t, r, walked);
  const int planned = d->p[SP_DP_SPTF_ACCESS] != 0 || (disk_zero_latency(d, r->is_write) && r->sectors >= 1);
  if (!planned) return mech_positioning(d, d->cyl, d->surface, t, r->lbn, r->is_write);
  access_args a = { d->cyl, d->surface, r->is_write, t, 0, r->lbn, r->sectors, NULL, 0, 0, 0, NULL, NULL, 0, 0, 0 };
  access_plan p;
  mech_access(d, &a, &p);
  *walked += p.b.tracks;
  return p.b.total_ms;
}

/* DiskSim 4.0's SPTF_OPT yardstick (disk_buffer_estimate_servtime): the
 * access time of the request's part on its first track, zero latency as the
 * drive has it, less that part's transfer: the seek, the wait for the first
 * sector read and, when the head lands inside the part, the turn past the
 * rest of the track. It starts from the head's track at the end of the last
 * media access and at that instant's angle: DiskSim's disk state is not
 * turned on to the decision's time, so a decision taken later (no
 * preseeking: at the previous request's completion) weighs stale angles. */
static double disksim_cost(const disk *d, double t, const request *r, int64_t *walked) {
  extent e;
  layout_extent(d, r->lbn, r->sectors, &e);
  (void)t;
  access_args a = { d->sptf_from_cyl, d->sptf_from_surface, r->is_write, d->sptf_from_t, 0, r->lbn, e.lbns,
                    NULL, 0, 0, 0, NULL, NULL, 0, 0, 0 };
  access_plan p;
  mech_access_from(d, &a, &e, &p);
  *walked += p.b.tracks;
  return p.b.total_ms - p.b.transfer_ms;
}

/* SPTF, exhaustively: the first (oldest) of the requests with the least
 * cost (mech_sptf_cost); requests whose time is not finite are never chosen
 * (none finite: the oldest). */
static int32_t sptf_all(const disk *d, double t, int32_t n, int64_t *walked) {
  int32_t best = 0; double bt = INFINITY;
  for (int32_t i = 0; i < n; i++) {
    double pt = cost_of(d, t, d->queue[i], walked);
    if (pt < bt) { bt = pt; best = i; }
  }
  return best;
}

/* SPTF with pruning: the same choice as sptf_all, ties included.
 *
 * A request's cost (mech_sptf_cost) is, without zero latency, its first
 * extent's seek (the seek curve or table at its cylinder distance, raised to
 * the head switch and plus the write settle; a negative settle, DiskSim's
 * faster write positioning, can take the move below the floor by at most its
 * size, which the slack holds) plus a rotational
 * wait >= 0; with zero latency, the time until its last sector has been
 * transferred: that same first move plus rotation, switches and transfer, all
 * >= 0, up to the zero-latency rounding (at most 1e-6 of a sector below 0).
 * Either way the seek floor (lookup.h: the least seek at that distance or any
 * longer one, so it never decreases with distance, whether or not the
 * measured curve does) minus a slack for that rounding is a lower bound on
 * it. With zero latency the bound also holds the transfer: each of the
 * request's sectors passes under the head, none faster than rev_ms over the
 * most sectors any track holds. The requests are visited
 * nearest cylinder first (a binary heap on distance and queue position: O(n)
 * to build, O(log n) per request visited); a request whose bound exceeds the
 * best time found is passed over, and once the floor at the next distance
 * plus the least transfer of any request exceeds it, no request left can be
 * chosen nor tie, and the search stops. Only the requests not passed over
 * pay for a full estimate (a layout lookup and a rotational walk). */
#define SPTF_HEAP_MAX 512

static void sift_down(int64_t *h, int32_t n, int32_t k) {
  int64_t x = h[k];
  for (;;) {
    int32_t l = 2 * k + 1;
    if (l >= n) break;
    if (l + 1 < n && h[l + 1] < h[l]) l++;
    if (h[l] >= x) break;
    h[k] = h[l]; k = l;
  }
  h[k] = x;
}

static int32_t sptf_pick(const disk *d, double t, int32_t n, int64_t *walked) {
  const float *floor_ms = n <= SPTF_HEAP_MAX ? layout_seek_floor(d) : NULL;
  if (!floor_ms) return sptf_all(d, t, n, walked);
  const double settle = d->p[SP_DP_WRITE_SETTLE_MS];
  const double slack = d->rev_ms * 1e-5 + 1e-9 + (settle < 0 ? -settle : 0);
  /* The transfer is in a request's cost only with zero latency (and not
   * DiskSim's yardstick); with it for reads alone, a write's cost leaves it
   * out, so the bound must too. */
  const double sector_ms = disk_zero_latency(d, 0) && disk_zero_latency(d, 1) && d->p[SP_DP_SPTF_DISKSIM] == 0
                            ? d->rev_ms / layout_max_spt(d) : 0;
  int64_t h[SPTF_HEAP_MAX];                     /* distance << 16 | queue position */
  int32_t fewest = INT32_MAX;                   /* sectors of the shortest request */
  const int32_t from_cyl = d->p[SP_DP_SPTF_DISKSIM] != 0 ? d->sptf_from_cyl : d->cyl;   /* where cost_of seeks from */
  for (int32_t i = 0; i < n; i++) {
    h[i] = (int64_t)abs(d->queue[i]->target_cyl - from_cyl) << 16 | i;
    if (d->queue[i]->sectors < fewest) fewest = d->queue[i]->sectors;
  }
  for (int32_t k = n / 2 - 1; k >= 0; k--) sift_down(h, n, k);
  const double least_transfer = fewest * sector_ms;
  int32_t best = -1, left = n; double bt = INFINITY;
  while (left > 0) {
    const int32_t dist = (int32_t)(h[0] >> 16), i = (int32_t)(h[0] & 0xffff);
    if ((double)floor_ms[dist] + least_transfer - slack > bt) break;
    h[0] = h[--left];
    sift_down(h, left, 0);
    if ((double)floor_ms[dist] + d->queue[i]->sectors * sector_ms - slack > bt) continue;
    double pt = cost_of(d, t, d->queue[i], walked);
    if (pt < bt || (pt == bt && i < best)) { bt = pt; best = i; }
  }
  return best < 0 ? 0 : best;
}

/* ---- the teaching rules ---------------------------------------------------- */

static int plain(const disk *d) {
  return d->p[SP_DP_SCHED_TIE_MS] == 0 && d->p[SP_DP_SSTF_SPTF] == 0 && d->p[SP_DP_SPTF_ACCESS] == 0;
}

/* The cheapest of the first n requests (only those dist cylinders away when
 * dist >= 0). A later request must beat the best so far by more than the tie
 * tolerance, so equal times (up to rounding) go to the oldest. Requests whose
 * time is not finite are never chosen (none finite: the first candidate). */
static int32_t sptf_among(const disk *d, double t, int32_t n, int32_t dist, int64_t *walked) {
  const double tie = d->p[SP_DP_SCHED_TIE_MS];
  int32_t best = -1, first = -1; double bt = INFINITY;
  for (int32_t i = 0; i < n; i++) {
    const request *r = d->queue[i];
    if (dist >= 0 && abs(r->target_cyl - d->cyl) != dist) continue;
    if (first < 0) first = i;
    double c = cost_of(d, t, r, walked);
    if (c < bt - tie) { bt = c; best = i; }
  }
  return best >= 0 ? best : first >= 0 ? first : 0;
}

/* How many queued requests (the first, in arrival order) the next decision
 * may choose from. A batch is the next w requests in arrival order, those
 * still to arrive included (disk.py's BSATF window covers queue positions,
 * not the requests there now): its members not served yet that have arrived
 * are the first min(left, qlen) queued, since every earlier request has been
 * served. The caller serves one of the n returned. */
int32_t sched_candidates(disk *d) {
  const int32_t w = (int32_t)d->p[SP_DP_SCHED_WINDOW];
  if (w <= 0) return d->qlen;
  if (d->p[SP_DP_SCHED_BATCH] == 0) return w < d->qlen ? w : d->qlen;
  if (d->sched_batch_left <= 0) d->sched_batch_left = w;
  int32_t n = d->sched_batch_left < d->qlen ? d->sched_batch_left : d->qlen;
  d->sched_batch_left--;
  return n;
}

/* The request to serve next among the first n queued; *walked gains the
 * tracks SPTF's estimates planned. */
int32_t sched_pick_among(const disk *d, double t, int32_t n, int64_t *walked) {
  if (n <= 1) return 0;
  switch ((int)d->p[SP_DP_SCHEDULER]) {
    case SP_SCHED_SSTF: {
      int32_t best = 0;
      for (int32_t i = 1; i < n; i++) {
        int32_t a = abs(d->queue[i]->target_cyl - d->cyl), b = abs(d->queue[best]->target_cyl - d->cyl);
        if (a < b) best = i;
      }
      if (d->p[SP_DP_SSTF_SPTF] != 0) return sptf_among(d, t, n, abs(d->queue[best]->target_cyl - d->cyl), walked);
      return best;
    }
    case SP_SCHED_LOOK: {
      int32_t i = nearest_on_side(d, n, d->look_up ? 1 : -1);
      return i >= 0 ? i : nearest_on_side(d, n, d->look_up ? -1 : 1);
    }
    case SP_SCHED_CLOOK: {
      int32_t i = nearest_on_side(d, n, 1);
      if (i >= 0) return i;
      int32_t low = 0;               /* wrap to the lowest cylinder */
      for (int32_t k = 1; k < n; k++)
        if (d->queue[k]->target_cyl < d->queue[low]->target_cyl) low = k;
      return low;
    }
    case SP_SCHED_SPTF: return plain(d) ? sptf_pick(d, t, n, walked) : sptf_among(d, t, n, -1, walked);
    default: return oldest(d, n);
  }
}

int32_t sched_pick(const disk *d, double t) {
  int64_t walked = 0;
  return sched_pick_among(d, t, d->qlen, &walked);
}
