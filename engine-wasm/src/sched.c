/*
 * sched.c — the on-disk schedulers: which queued request the mechanism serves
 * next. FCFS, SSTF (cylinder distance), LOOK (elevator, reversing at the last
 * request), C-LOOK (one direction, wrapping) and SPTF (shortest positioning
 * time: seek plus rotation, computed from the platter's angle now).
 * Ties always go to the oldest request, so choices are deterministic.
 */
#include "engine.h"
#include <math.h>
#include <stdlib.h>

static int32_t oldest(const disk *d) {
  int32_t best = 0;
  for (int32_t i = 1; i < d->qlen; i++)
    if (d->queue[i]->arrival < d->queue[best]->arrival ||
        (d->queue[i]->arrival == d->queue[best]->arrival && d->queue[i]->id < d->queue[best]->id)) best = i;
  return best;
}

/* Among requests on the given side of the head (dir > 0: cylinders >= head,
 * dir < 0: <= head), the nearest; -1 if none. */
static int32_t nearest_on_side(const disk *d, int dir) {
  int32_t best = -1; int32_t bestd = 0;
  for (int32_t i = 0; i < d->qlen; i++) {
    int32_t dc = d->queue[i]->target_cyl - d->cyl;
    if ((dir > 0 && dc < 0) || (dir < 0 && dc > 0)) continue;
    int32_t dist = abs(dc);
    if (best < 0 || dist < bestd) { best = i; bestd = dist; }
  }
  return best;
}

int32_t sched_pick(const disk *d, double t) {
  if (d->qlen <= 1) return 0;
  switch ((int)d->p[SP_DP_SCHEDULER]) {
    case SP_SCHED_SSTF: {
      int32_t best = 0;
      for (int32_t i = 1; i < d->qlen; i++) {
        int32_t a = abs(d->queue[i]->target_cyl - d->cyl), b = abs(d->queue[best]->target_cyl - d->cyl);
        if (a < b) best = i;
      }
      return best;
    }
    case SP_SCHED_LOOK: {
      int32_t i = nearest_on_side(d, d->look_up ? 1 : -1);
      return i >= 0 ? i : nearest_on_side(d, d->look_up ? -1 : 1);
    }
    case SP_SCHED_CLOOK: {
      int32_t i = nearest_on_side(d, 1);
      if (i >= 0) return i;
      int32_t low = 0;               /* wrap to the lowest cylinder */
      for (int32_t k = 1; k < d->qlen; k++)
        if (d->queue[k]->target_cyl < d->queue[low]->target_cyl) low = k;
      return low;
    }
    case SP_SCHED_SPTF: {
      int32_t best = 0; double bt = INFINITY;
      for (int32_t i = 0; i < d->qlen; i++) {
        const request *r = d->queue[i];
        double pt = mech_positioning(d, d->cyl, d->surface, t, r->lbn, r->is_write);
        if (pt < bt) { bt = pt; best = i; }
      }
      return best;
    }
    default: return oldest(d);
  }
}
