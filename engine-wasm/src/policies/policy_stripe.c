/*
 * policy_stripe.c — RAID-0 over p devices. The volume is cut into rows; row
 * r holds one unit of each device in device order, and a device's units are
 * consecutive on it (unit of row r+1 follows unit of row r), so a logical
 * request becomes at most one device request per device.
 *  - unit of u sectors: row r is device LBNs [r*u, (r+1)*u) of each device;
 *    capacity = p * floor(min capacity / u) * u.
 *  - unit of k tracks: row r is tracks r*k .. r*k+k-1 of each device, whose
 *    layouts must be identical; row r starts at volume block p * F(r), where
 *    F(r) is the first LBN of those tracks, and a vlbn v is in the row of
 *    track track_of(floor(v / p)). Capacity = p * device capacity.
 */
#include "policy.h"
#include "disk.h"

/* First device LBN of row r (the device capacity past the last row). */
static int64_t row_first(const host *h, const disk *d, int64_t r) {
  if (h->unit > 0) return r * h->unit;
  for (int64_t t = r * h->unit_tracks; t < d->ntracks; t++)
    if (d->tracks[t].lbn_count > 0) return d->tracks[t].first_lbn;
  return d->capacity;
}

typedef struct where { int64_t row, first, size, off; int32_t dev; } where;

/* Row, device (0..p-1) and offset in the unit of volume block v. */
static where locate(const sp_sim *sim, const host *h, int64_t v) {
  const int64_t p = h->count;
  where w;
  if (h->unit > 0) {
    w.row = v / (p * h->unit);
    int64_t rem = v % (p * h->unit);
    w.dev = (int32_t)(rem / h->unit); w.off = rem % h->unit;
    w.first = w.row * h->unit; w.size = h->unit;
    return w;
  }
  const disk *d = sim->disks[h->first];
  w.row = layout_track_of(d, v / p) / h->unit_tracks;
  w.first = row_first(h, d, w.row);
  w.size = row_first(h, d, w.row + 1) - w.first;
  int64_t rem = v - p * w.first;
  w.dev = (int32_t)(rem / w.size); w.off = rem % w.size;
  return w;
}

static sp_status stripe_commit(sp_sim *sim, host *h) {
  const int32_t p = h->count;
  h->unit = (int64_t)h->p[SP_HP_STRIPE_SECTORS];
  h->unit_tracks = (int32_t)h->p[SP_HP_STRIPE_TRACKS];
  if (h->unit > 0) {
    int64_t minc = sim->disks[h->first]->capacity;
    int32_t which = h->first;
    for (int32_t i = 1; i < p; i++)
      if (sim->disks[h->first + i]->capacity < minc) { minc = sim->disks[h->first + i]->capacity; which = h->first + i; }
    if (minc / h->unit == 0)
      return sp__fail(sim, SP_E_INVALID, "host.stripe_sectors: a unit of %lld sectors is larger than disk %d "
                      "(%lld sectors)", (long long)h->unit, which, (long long)minc);
    h->capacity = p * (minc / h->unit) * h->unit;
    return SP_OK;
  }
  const disk *a = sim->disks[h->first];
  for (int32_t i = 1; i < p; i++) {
    const disk *b = sim->disks[h->first + i];
    int same = a->capacity == b->capacity && a->ntracks == b->ntracks;
    for (int32_t t = 0; same && t < a->ntracks; t++)
      same = a->tracks[t].first_lbn == b->tracks[t].first_lbn && a->tracks[t].lbn_count == b->tracks[t].lbn_count;
    if (!same)
      return sp__fail(sim, SP_E_INVALID, "host.stripe_tracks: disk %d's layout differs from disk %d's "
                      "(track-sized units need identical disks; or set host.stripe_sectors)", h->first + i, h->first);
  }
  h->capacity = (int64_t)p * a->capacity;
  return SP_OK;
}

static void stripe_map(const sp_sim *sim, const host *h, int64_t vlbn, int32_t *device, int64_t *lbn) {
  where w = locate(sim, h, vlbn);
  *device = h->first + w.dev; *lbn = w.first + w.off;
}

static void stripe_unit(const sp_sim *sim, const host *h, int64_t vlbn, int64_t *first, int64_t *count) {
  where w = locate(sim, h, vlbn);
  *first = h->count * w.first + w.dev * w.size; *count = w.size;
}

/* Device j's piece runs from its unit in the first row it appears in (row r0
 * if j >= d0, else r0 + 1) to its unit in the last (r1 if j <= d1, else r1 - 1). */
static int32_t stripe_split(const sp_sim *sim, const host *h, int64_t vlbn, int64_t n, host_piece *out,
                            int32_t max) {
  const disk *d = sim->disks[h->first];
  where a = locate(sim, h, vlbn), z = locate(sim, h, vlbn + n - 1);
  int32_t k = 0;
  for (int32_t i = 0; i < h->count && k < max; i++) {
    int32_t j = (a.dev + i) % h->count;
    int64_t start = j == a.dev ? a.first + a.off : row_first(h, d, j > a.dev ? a.row : a.row + 1);
    int64_t end = j == z.dev ? z.first + z.off + 1 : row_first(h, d, j < z.dev ? z.row + 1 : z.row);
    if (start >= end) continue;
    out[k].device = h->first + j; out[k].lbn = start; out[k].sectors = (int32_t)(end - start);
    k++;
  }
  return k;
}

const policy_ops policy_stripe = {
  .name = "stripe",
  .commit = stripe_commit,
  .map = stripe_map,
  .unit = stripe_unit,
  .split = stripe_split,
};
