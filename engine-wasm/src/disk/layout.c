/*
 * layout.c — zones, skew, sparing and defects: the LBN <-> (cylinder,
 * surface, slot) mapping and track boundaries.
 *
 * Tracks are numbered cylinder-major (track = cyl * surfaces + surface) and
 * LBNs fill them in that order. A zone's spare space sits at the end of its
 * sparing unit (a track, a cylinder or the whole zone). A slipped defect
 * pushes every later LBN of the unit one slot on, into the spares; a remapped
 * defect sends just its own LBN to the first free spare slot of the unit.
 */
#include "smr.h"
#include "lookup.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

sp_status sp_disk_add_zone(sp_sim *sim, int32_t index, int32_t first_cyl, int32_t last_cyl,
                           int32_t spt, int32_t track_skew, int32_t cyl_skew,
                           int32_t spare_kind, int32_t spare_count) {
  disk *d = sp__disk(sim, index, 0);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  int32_t z = d->nzones;
  if (z >= SP_MAX_ZONES)
    return sp__fail(sim, SP_E_LIMIT, "zones: at most %d zones per disk", SP_MAX_ZONES);
  int32_t expect = z ? d->zones[z - 1].last_cyl + 1 : 0;
  if (first_cyl != expect)
    return sp__fail(sim, SP_E_INVALID, "zones[%d].first_cyl: %d %s; expected %d (zones must cover "
                    "the cylinders in order, without gaps or overlaps)", z, first_cyl,
                    first_cyl < expect ? "overlaps the previous zone" : "leaves a gap", expect);
  if (last_cyl < first_cyl)
    return sp__fail(sim, SP_E_INVALID, "zones[%d].last_cyl: %d is before first_cyl %d", z, last_cyl, first_cyl);
  if (last_cyl >= SP_MAX_CYLINDERS)
    return sp__fail(sim, SP_E_LIMIT, "zones[%d].last_cyl: at most %d cylinders", z, SP_MAX_CYLINDERS);
  if (spt > SP_MAX_SECTORS_PER_TRACK)
    return sp__fail(sim, SP_E_LIMIT, "zones[%d].sectors_per_track: %d is more than the cap of %d "
                    "(SP_MAX_SECTORS_PER_TRACK)", z, spt, SP_MAX_SECTORS_PER_TRACK);
  if (spt <= 0)
    return sp__fail(sim, SP_E_INVALID, "zones[%d].sectors_per_track: %d must be in 1..%d", z, spt,
                    SP_MAX_SECTORS_PER_TRACK);
  if (track_skew < 0 || track_skew >= spt)
    return sp__fail(sim, SP_E_INVALID, "zones[%d].track_skew: %d must be in 0..%d", z, track_skew, spt - 1);
  if (cyl_skew < 0 || cyl_skew >= spt)
    return sp__fail(sim, SP_E_INVALID, "zones[%d].cyl_skew: %d must be in 0..%d", z, cyl_skew, spt - 1);
  if (spare_kind < SP_SPARE_NONE || spare_kind > SP_SPARE_TRACKS_PER_ZONE)
    return sp__fail(sim, SP_E_INVALID, "zones[%d].spare_kind: unknown kind %d", z, spare_kind);
  if (spare_count < 0 || (spare_kind == SP_SPARE_NONE && spare_count != 0))
    return sp__fail(sim, SP_E_INVALID, "zones[%d].spare_count: %d is not valid for this spare kind", z, spare_count);
  if (spare_kind == SP_SPARE_SECTORS_PER_TRACK && spare_count >= spt)
    return sp__fail(sim, SP_E_INVALID, "zones[%d].spare_count: %d spares leave no data on a %d-sector track",
                    z, spare_count, spt);
  if (z == d->zcap) {
    int32_t cap = d->zcap ? d->zcap * 2 : 8;
    zone *nz = realloc(d->zones, (size_t)cap * sizeof *nz);
    if (!nz) return sp__fail(sim, SP_E_NOMEM, "zones: out of memory");
    d->zones = nz; d->zcap = cap;
  }
  d->zones[z] = (zone){ first_cyl, last_cyl, spt, track_skew, cyl_skew, spare_kind, spare_count, 0, 0, -1, 0, 0 };
  d->nzones++;
  return SP_OK;
}

static zone *zone_of(sp_sim *sim, int32_t index, int32_t z, int32_t param, int32_t need_commit) {
  disk *d = sp__disk(sim, index, need_commit);
  if (!d) return NULL;
  if (z < 0 || z >= d->nzones) {
    sp__fail(sim, SP_E_RANGE, "zones[%d]: disk %d has %d zone%s", z, index, d->nzones, d->nzones == 1 ? "" : "s");
    return NULL;
  }
  if (param < 0 || param >= SP_ZP_COUNT) {
    sp__fail(sim, SP_E_INVALID, "zones[%d]: unknown zone parameter %d", z, param);
    return NULL;
  }
  return &d->zones[z];
}

sp_status sp_disk_set_zone(sp_sim *sim, int32_t index, int32_t z, int32_t param, double value) {
  zone *zn = zone_of(sim, index, z, param, 0);
  if (!zn) return sim ? sim->last : SP_E_INVALID;
  if (param == SP_ZP_FIRST_BLOCK_OFFSET) {
    /* -1 (derived) or an angle on the track: [0, spt) sectors. */
    if (!isfinite(value) || (value != -1 && (value < 0 || value >= zn->spt)))
      return sp__fail(sim, SP_E_INVALID, "zones[%d].first_block_offset: %g must be -1 (carried on from the previous "
                      "zone) or in [0, %d) sectors", z, value, zn->spt);
    zn->first_offset = value;
  } else if (param == SP_ZP_SPARE_RANGE_CYLINDERS) {
    const int32_t ncyl = zn->last_cyl - zn->first_cyl + 1;
    if (!isfinite(value) || value < 0 || value != floor(value) || value > ncyl)
      return sp__fail(sim, SP_E_INVALID, "zones[%d].spare_range_cylinders: %g must be a whole number in [0, %d] "
                      "(the zone's cylinders)", z, value, ncyl);
    if (value > 0 && zn->spare_kind != SP_SPARE_SECTORS_PER_ZONE)
      return sp__fail(sim, SP_E_INVALID, "zones[%d].spare_range_cylinders: ranges need the sectors-per-zone spare "
                      "kind (kind %d)", z, zn->spare_kind);
    zn->range_cyls = (int32_t)value;
  } else {
    /* Bounded by the most slots the zone could have (every surface): the
     * exact bound (its data slots) is checked at commit. */
    double most = (double)(zn->last_cyl - zn->first_cyl + 1) * SP_MAX_SURFACES * zn->spt;
    if (!isfinite(value) || value < 0 || value != floor(value) || value > most)
      return sp__fail(sim, SP_E_INVALID, "zones[%d].front_space_sectors: %g must be a whole number in [0, %.0f]",
                      z, value, most);
    zn->front = (int64_t)value;
  }
  return SP_OK;
}

double sp_disk_get_zone(const sp_sim *sim, int32_t index, int32_t z, int32_t param) {
  if (!sim || index < 0 || index >= sim->ndisks || sim->disks[index]->flash) return NAN;
  const disk *d = sim->disks[index];
  if (z < 0 || z >= d->nzones || param < 0 || param >= SP_ZP_COUNT) return NAN;
  if (param == SP_ZP_SPARE_RANGE_CYLINDERS) return d->zones[z].range_cyls;
  return param == SP_ZP_FIRST_BLOCK_OFFSET ? d->zones[z].first_offset : (double)d->zones[z].front;
}

sp_status sp_disk_add_defect(sp_sim *sim, int32_t index, int32_t cyl, int32_t surface,
                             int32_t slot, int32_t policy) {
  disk *d = sp__disk(sim, index, 0);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  if (d->ndefects >= SP_MAX_DEFECTS)
    return sp__fail(sim, SP_E_LIMIT, "defects: at most %d per disk", SP_MAX_DEFECTS);
  if (policy != SP_DEFECT_SLIP && policy != SP_DEFECT_REMAP)
    return sp__fail(sim, SP_E_INVALID, "defects[%d].policy: unknown policy %d (0 slip, 1 remap)", d->ndefects, policy);
  if (cyl < 0 || surface < 0 || slot < 0)
    return sp__fail(sim, SP_E_INVALID, "defects[%d]: cylinder, surface and slot must be >= 0", d->ndefects);
  if (d->ndefects == d->dcap) {
    int32_t cap = d->dcap ? d->dcap * 2 : 16;
    defect *nd = realloc(d->defects, (size_t)cap * sizeof *nd);
    if (!nd) return sp__fail(sim, SP_E_NOMEM, "defects: out of memory");
    d->defects = nd; d->dcap = cap;
  }
  d->defects[d->ndefects++] = (defect){ cyl, surface, slot, policy };
  return SP_OK;
}

sp_status sp_disk_add_seek_point(sp_sim *sim, int32_t index, int32_t distance, double ms) {
  disk *d = sp__disk(sim, index, 0);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  int32_t n = d->nseek;
  if (n >= SP_MAX_SEEK_POINTS)
    return sp__fail(sim, SP_E_LIMIT, "seek_table: at most %d points", SP_MAX_SEEK_POINTS);
  if (distance <= 0 || (n && distance <= d->seek_d[n - 1]))
    return sp__fail(sim, SP_E_INVALID, "seek_table[%d].distance: %d must be > 0 and greater than the "
                    "previous point's", n, distance);
  if (!isfinite(ms) || ms < 0 || ms > 1e4)
    return sp__fail(sim, SP_E_INVALID, "seek_table[%d].ms: %g must be in [0, 10000]", n, ms);
  if (n == d->scap) {
    int32_t cap = d->scap ? d->scap * 2 : 64;
    int32_t *nd = realloc(d->seek_d, (size_t)cap * sizeof *nd);
    if (!nd) return sp__fail(sim, SP_E_NOMEM, "seek_table: out of memory");
    d->seek_d = nd;
    double *nm = realloc(d->seek_ms, (size_t)cap * sizeof *nm);
    if (!nm) return sp__fail(sim, SP_E_NOMEM, "seek_table: out of memory");
    d->seek_ms = nm; d->scap = cap;
  }
  d->seek_d[n] = distance; d->seek_ms[n] = ms; d->nseek++;
  return SP_OK;
}

/* The disk's lookup tables. d->track_hint points at `hint`, the first member
 * (so the struct is reached from it by a cast, and layout_track_of's last
 * answer stays where it was). */
typedef struct layout_index {
  int32_t hint;                /* layout_track_of's last answer */
  int32_t shift;               /* bucket b holds LBNs [b << shift, (b + 1) << shift) */
  int32_t *bucket;             /* the track holding LBN b << shift */
  float *seek_floor;           /* lookup.h; cylinders entries */
  int32_t max_spt;             /* lookup.h: the most sectors per track of any zone */
  int32_t floor_built;
  double floor_p[SP_DP_COUNT]; /* the parameters seek_floor was built with */
} layout_index;

static layout_index *index_of(const disk *d) { return (layout_index *)(void *)d->track_hint; }

void layout_free(disk *d) {
  if (d->track_hint) {
    layout_index *ix = index_of(d);
    free(ix->bucket); free(ix->seek_floor); free(ix);
  }
  free(d->tracks); free(d->slips); free(d->remaps); free(d->remap_by_slot);
  d->tracks = NULL; d->track_hint = NULL; d->slips = NULL; d->remaps = NULL; d->remap_by_slot = NULL;
}

/* Buckets of 2^shift LBNs, about one per track: the track of any LBN is its
 * bucket's track or a step or two on. */
static sp_status build_buckets(disk *d) {
  layout_index *ix = index_of(d);
  int32_t shift = 0;
  while ((d->capacity >> shift) > d->ntracks) shift++;
  int64_t n = ((d->capacity - 1) >> shift) + 1;
  ix->bucket = malloc((size_t)n * sizeof *ix->bucket);
  if (!ix->bucket) return SP_E_NOMEM;
  ix->shift = shift;
  const track_rec *tr = d->tracks;
  int32_t t = 0;
  for (int64_t b = 0; b < n; b++) {
    int64_t lbn = b << shift;
    while (lbn >= tr[t].first_lbn + tr[t].lbn_count) t++;
    ix->bucket[b] = t;
  }
  return SP_OK;
}

const float *layout_seek_floor(const disk *d) {
  layout_index *ix = index_of(d);
  if (ix->floor_built && memcmp(ix->floor_p, d->p, sizeof ix->floor_p) == 0) return ix->seek_floor;
  ix->floor_built = 0;
  if (!ix->seek_floor) ix->seek_floor = malloc((size_t)d->cylinders * sizeof *ix->seek_floor);
  if (!ix->seek_floor) return NULL;
  double m = INFINITY;
  for (int32_t k = d->cylinders - 1; k >= 0; k--) {
    double s = mech_seek(d, k);
    if (isnan(s) || isnan(m)) m = NAN;          /* NaN: no bound here and below (no pruning) */
    else if (s < m) m = s;
    float f = (float)m;
    if ((double)f > m) f = nextafterf(f, -INFINITY);
    ix->seek_floor[k] = f;
  }
  memcpy(ix->floor_p, d->p, sizeof ix->floor_p);
  ix->floor_built = 1;
  return ix->seek_floor;
}

int32_t layout_max_spt(const disk *d) { return index_of(d)->max_spt; }

static int cmp_defect(const void *a, const void *b) {
  const defect *x = a, *y = b;
  if (x->cyl != y->cyl) return x->cyl < y->cyl ? -1 : 1;
  if (x->surface != y->surface) return x->surface < y->surface ? -1 : 1;
  return (x->slot > y->slot) - (x->slot < y->slot);
}
static int cmp_remap_lbn(const void *a, const void *b) {
  const remap *x = a, *y = b;
  return (x->lbn > y->lbn) - (x->lbn < y->lbn);
}
static int cmp_remap_slot(const void *a, const void *b) {
  const remap *x = a, *y = b;
  if (x->track != y->track) return x->track < y->track ? -1 : 1;
  return (x->slot > y->slot) - (x->slot < y->slot);
}

/* Slot of a track's pos-th data slot (slipped slots stepped over). */
static int32_t data_slot(const disk *d, const track_rec *t, int32_t pos) {
  int32_t s = pos;
  const int32_t *sl = d->slips + t->slip_first;
  for (int32_t i = 0; i < t->slip_count && sl[i] <= s; i++) s++;
  return s;
}

/* Slot holding the index-th LBN of a track: its data slots after the lead
 * (zone front space). */
int32_t layout_slot_of(const disk *d, const track_rec *t, int32_t index) {
  return data_slot(d, t, t->lead + index);
}

/* Number of slipped slots on track t strictly before slot s. */
static int32_t slips_before(const disk *d, const track_rec *t, int32_t s) {
  int32_t n = 0;
  while (n < t->slip_count && d->slips[t->slip_first + n] < s) n++;
  return n;
}

/* Lays out one sparing unit: tracks [t0, t1) of zone z. Returns the next LBN.
 * *front: the zone's front space not placed yet; its first data slots take it. */
static sp_status layout_unit(sp_sim *sim, disk *d, int32_t z, int32_t t0, int32_t t1, int64_t reserve,
                             int64_t lbn, const defect *defs, int32_t *di, int32_t ndefs,
                             int64_t *front, int64_t *lbn_out) {
  const int32_t spt = d->zones[z].spt, zt0 = d->zones[z].first_cyl * d->surfaces;
  int64_t target = (int64_t)(t1 - t0) * spt - reserve;
  for (int32_t t = t0; t < t1; t++) if (smr_is_guard(d, t, zt0)) target -= spt;   /* guards hold no data */
  if (target < 0) target = 0;
  int64_t assigned = 0, pos = 0;      /* pos: data slots used, front space included */
  int32_t first_remap = d->nremaps;
  /* Pass 1: data slots of each track, slips recorded, remapped LBNs noted. */
  int32_t dstart = *di;
  for (int32_t t = t0; t < t1; t++) {
    track_rec *tr = &d->tracks[t];
    tr->zone = z; tr->slip_first = d->nslips; tr->slip_count = 0; tr->first_lbn = lbn + assigned;
    int32_t cyl = t / d->surfaces, surf = t % d->surfaces;
    int32_t k0 = *di;
    while (*di < ndefs && defs[*di].cyl == cyl && defs[*di].surface == surf) {
      if (defs[*di].slot >= spt)
        return sp__fail(sim, SP_E_INVALID, "defects: slot %d on cylinder %d surface %d is past the "
                        "track's %d slots", defs[*di].slot, cyl, surf, spt);
      if (defs[*di].policy == SP_DEFECT_SLIP) d->slips[d->nslips++] = defs[*di].slot, tr->slip_count++;
      (*di)++;
    }
    int64_t room = smr_is_guard(d, t, zt0) ? 0 : spt - tr->slip_count, left = target - pos;
    int64_t here = room < left ? room : (left > 0 ? left : 0);
    int64_t lead = here < *front ? here : *front;
    int32_t k = (int32_t)(here - lead);
    *front -= lead;
    tr->lead = (int32_t)lead;
    tr->lbn_count = k;
    for (int32_t j = k0; j < *di; j++) {
      if (defs[j].policy != SP_DEFECT_REMAP) continue;
      int32_t idx = defs[j].slot - slips_before(d, tr, defs[j].slot) - tr->lead;
      if (idx >= 0 && idx < k) d->remaps[d->nremaps++] = (remap){ tr->first_lbn + idx, t, -1 };
    }
    pos += here;
    assigned += k;
  }
  /* Pass 2: remapped LBNs take the unit's free spare slots, in order. */
  int32_t r = first_remap;
  int32_t dj = dstart;
  for (int32_t t = t0; t < t1 && r < d->nremaps; t++) {
    track_rec *tr = &d->tracks[t];
    int32_t cyl = t / d->surfaces, surf = t % d->surfaces;
    int32_t used = tr->lead + tr->lbn_count;
    int32_t s = used ? data_slot(d, tr, used - 1) + 1 : 0;
    while (dj < *di && (defs[dj].cyl < cyl || (defs[dj].cyl == cyl && defs[dj].surface < surf))) dj++;
    for (; s < spt && r < d->nremaps; s++) {
      int bad = 0;
      for (int32_t j = dj; j < *di && defs[j].cyl == cyl && defs[j].surface == surf; j++)
        if (defs[j].slot == s) bad = 1;
      if (!bad) { d->remaps[r].track = t; d->remaps[r].slot = s; r++; }
    }
  }
  if (r < d->nremaps)
    return sp__fail(sim, SP_E_INVALID, "defects: zone %d has more remapped defects than free spare "
                    "sectors (cylinders %d..%d)", z, t0 / d->surfaces, (t1 - 1) / d->surfaces);
  *lbn_out = lbn + assigned;
  return SP_OK;
}

static sp_status check_mechanics(sp_sim *sim, int32_t index, disk *d) {
  if (d->nzones == 0) return sp__fail(sim, SP_E_INVALID, "zones: disk %d has no zones", index);
  return sp__disk_check_params(sim, index, d, 1);   /* sim.c: also checked by sp_disk_set after commit */
}

sp_status layout_build(sp_sim *sim, disk *d) {
  d->surfaces = (int32_t)d->p[SP_DP_SURFACES];
  d->cylinders = d->zones[d->nzones - 1].last_cyl + 1;
  int64_t ntracks = (int64_t)d->cylinders * d->surfaces;
  if (ntracks > SP_MAX_TRACKS)
    return sp__fail(sim, SP_E_LIMIT, "zones: %lld tracks (cylinders x surfaces) exceeds the cap of %d",
                    (long long)ntracks, SP_MAX_TRACKS);
  layout_free(d);
  d->ntracks = (int32_t)ntracks;
  d->tracks = calloc((size_t)ntracks, sizeof *d->tracks);
  d->slips = malloc((size_t)(d->ndefects + 1) * sizeof *d->slips);
  d->remaps = malloc((size_t)(d->ndefects + 1) * sizeof *d->remaps);
  d->remap_by_slot = malloc((size_t)(d->ndefects + 1) * sizeof *d->remap_by_slot);
  layout_index *ix = calloc(1, sizeof *ix);
  d->track_hint = ix ? &ix->hint : NULL;
  defect *defs = malloc((size_t)(d->ndefects + 1) * sizeof *defs);
  if (!d->tracks || !d->slips || !d->remaps || !d->remap_by_slot || !d->track_hint || !defs) {
    free(defs); layout_free(d);
    return sp__fail(sim, SP_E_NOMEM, "layout: out of memory for %lld tracks", (long long)ntracks);
  }
  if (d->ndefects) memcpy(defs, d->defects, (size_t)d->ndefects * sizeof *defs);
  qsort(defs, (size_t)d->ndefects, sizeof *defs, cmp_defect);
  sp_status st = SP_OK;
  for (int32_t i = 0; i < d->ndefects && st == SP_OK; i++) {
    if (defs[i].cyl >= d->cylinders || defs[i].surface >= d->surfaces)
      st = sp__fail(sim, SP_E_INVALID, "defects: cylinder %d surface %d is outside the disk (%d cylinders, "
                    "%d surfaces)", defs[i].cyl, defs[i].surface, d->cylinders, d->surfaces);
    else if (i && cmp_defect(&defs[i], &defs[i - 1]) == 0)
      st = sp__fail(sim, SP_E_INVALID, "defects: cylinder %d surface %d slot %d is listed twice",
                    defs[i].cyl, defs[i].surface, defs[i].slot);
  }
  d->nslips = 0; d->nremaps = 0;
  int64_t lbn = 0;
  int32_t di = 0, S = d->surfaces;
  double angle = 0;
  /* The simple layout of the model ladder: no spares, no defects, no skew. */
  const int simple = d->p[SP_DP_LAYOUT_MODEL] == SP_LAYOUT_SIMPLE;
  const int32_t ndefects = simple ? 0 : d->ndefects;
  for (int32_t z = 0; z < d->nzones && st == SP_OK; z++) {
    zone *zn = &d->zones[z];
    int32_t t0 = zn->first_cyl * S, t1 = (zn->last_cyl + 1) * S;
    zn->first_lbn = lbn;
    int32_t unit = t1 - t0; int64_t reserve = 0;
    switch (simple ? SP_SPARE_NONE : zn->spare_kind) {
      case SP_SPARE_SECTORS_PER_TRACK: unit = 1; reserve = zn->spare_count; break;
      case SP_SPARE_SECTORS_PER_CYLINDER: unit = S; reserve = zn->spare_count; break;
      case SP_SPARE_SECTORS_PER_ZONE:
        reserve = zn->spare_count;
        if (zn->range_cyls > 0) unit = zn->range_cyls * S;
        break;
      case SP_SPARE_TRACKS_PER_ZONE: reserve = (int64_t)zn->spare_count * zn->spt; break;
      default: break;
    }
    int64_t front = zn->front;
    /* DiskSim's SECTPERRANGE_SPARING: a partial last range keeps no spares. */
    const int ranges = !simple && zn->spare_kind == SP_SPARE_SECTORS_PER_ZONE && zn->range_cyls > 0;
    for (int32_t u = t0; u < t1 && st == SP_OK; u += unit) {
      const int32_t end = u + unit < t1 ? u + unit : t1;
      st = layout_unit(sim, d, z, u, end, ranges && end - u < unit ? 0 : reserve, lbn, defs, &di,
                       ndefects, &front, &lbn);
    }
    if (st == SP_OK && front > 0)
      st = sp__fail(sim, SP_E_INVALID, "zones[%d].front_space_sectors: %lld is more than the zone's %lld data "
                    "sectors (spares and slipped defects excluded)", z, (long long)zn->front,
                    (long long)(zn->front - front));
    zn->lbn_count = lbn - zn->first_lbn;
    /* Skew: slot 0 of each track is rotated from the previous track's slot 0
     * by the track skew, or by the cylinder skew at a cylinder change; a zone
     * with a first-block offset restarts from it (DiskSim's layout). */
    for (int32_t t = t0; t < t1; t++) {
      if (simple) {
        angle = 0;
      } else if (t == t0 && zn->first_offset >= 0) {
        angle = zn->first_offset / zn->spt;
      } else if (t > 0) {
        double skew = (t % S == 0) ? zn->cyl_skew : zn->track_skew;
        angle += skew / zn->spt;
        angle -= floor(angle);
      }
      d->tracks[t].slot0_angle = angle;
    }
  }
  free(defs);
  if (st != SP_OK) { layout_free(d); return st; }
  d->capacity = lbn;
  if (lbn == 0) { layout_free(d); return sp__fail(sim, SP_E_INVALID, "zones: the disk holds no LBNs"); }
  if (d->nremaps) memcpy(d->remap_by_slot, d->remaps, (size_t)d->nremaps * sizeof *d->remaps);
  qsort(d->remaps, (size_t)d->nremaps, sizeof *d->remaps, cmp_remap_lbn);
  qsort(d->remap_by_slot, (size_t)d->nremaps, sizeof *d->remaps, cmp_remap_slot);
  for (int32_t z = 0; z < d->nzones; z++)
    if (d->zones[z].spt > ix->max_spt) ix->max_spt = d->zones[z].spt;
  if (build_buckets(d) != SP_OK) {
    layout_free(d);
    return sp__fail(sim, SP_E_NOMEM, "layout: out of memory for the LBN index");
  }
  const int64_t cache = smr_cache_lbns(d);   /* a drive-managed media cache: hidden from the host */
  if (cache == 0 && d->smr && smr_mode(d) == SP_SMR_DRIVE_MANAGED)
    st = sp__fail(sim, SP_E_INVALID, "smr.conventional_tracks: a drive-managed drive needs a media cache "
                  "(conventional tracks holding data)");
  else if (cache >= d->capacity)
    st = sp__fail(sim, SP_E_INVALID, "smr.conventional_tracks: the media cache takes all %lld LBNs of the disk",
                  (long long)d->capacity);
  if (st != SP_OK) { layout_free(d); return st; }
  d->capacity -= cache;
  if (d->smr) d->smr->mc_lbns = cache;
  return SP_OK;
}

sp_status sp_disk_commit(sp_sim *sim, int32_t index) {
  disk *d = sp__disk(sim, index, 0);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  sp_status st = check_mechanics(sim, index, d);
  if (st == SP_OK) st = layout_build(sim, d);
  if (st != SP_OK) return st;
  mech_derive(d);
  d->qcap = SP_MAX_QUEUE_DEPTH * 2 + 8;
  d->queue = malloc((size_t)d->qcap * sizeof *d->queue);
  if (!d->queue) { layout_free(d); return sp__fail(sim, SP_E_NOMEM, "queue: out of memory"); }
  if ((st = cache_init(d)) != SP_OK) { layout_free(d); return sp__fail(sim, st, "cache: out of memory"); }
  d->committed = 1;
  return SP_OK;
}

/* ---- queries ------------------------------------------------------------- */

/* The track holding lbn, past layout_track_of's inline first guess (disk.h:
 * the previous answer's track). Most lookups hit that track or the next (a
 * request's target, then its media access, then its read-ahead), so the next
 * is tried first; then the LBN's bucket (one array load and a
 * step or two: random lookups, SPTF weighing a queue). Outside the disk:
 * the last track whose first_lbn <= lbn (first_lbn never decreases along the
 * disk), then back over LBN-less tracks. The zone (a short table) gives a
 * guess that is exact on regular tracks; a galloping search from the guess
 * corrects it in O(log distance) when slips or spare tracks shift it. This
 * is the hot path of every mapping: a plain binary search over all tracks
 * (2 MB on a large disk) cost a quarter of the engine's time. Most lookups
 * hit the track of the previous one or the next (a request's target, then
 * its media access, then its read-ahead), so that answer is tried first. */
int32_t layout_track_search(const disk *d, int64_t lbn) {
  const track_rec *tr = d->tracks;
  int32_t h = *d->track_hint;
  if (lbn >= tr[h].first_lbn) {
    if (h + 1 < d->ntracks && lbn >= tr[h + 1].first_lbn && lbn < tr[h + 1].first_lbn + tr[h + 1].lbn_count) {
      *d->track_hint = h + 1;
      return h + 1;
    }
  }
  if (lbn >= 0 && lbn < d->capacity) {        /* the bucket's track, or a step or two on */
    const layout_index *ix = index_of(d);
    int32_t t = ix->bucket[lbn >> ix->shift];
    while (lbn >= tr[t].first_lbn + tr[t].lbn_count) t++;
    *d->track_hint = t;
    return t;
  }
  int32_t zlo = 0, zhi = d->nzones - 1;
  while (zlo < zhi) {               /* last zone whose first_lbn <= lbn */
    int32_t mid = zlo + (zhi - zlo + 1) / 2;
    if (d->zones[mid].first_lbn <= lbn) zlo = mid; else zhi = mid - 1;
  }
  const zone *z = &d->zones[zlo];
  int64_t t0 = (int64_t)z->first_cyl * d->surfaces, nt = (int64_t)(z->last_cyl - z->first_cyl + 1) * d->surfaces;
  int64_t off = lbn - z->first_lbn, g = t0;
  if (off > 0 && z->lbn_count > 0) g = t0 + (off < z->lbn_count ? off : z->lbn_count - 1) * nt / z->lbn_count;
  int32_t lo, hi;                   /* answer in [lo, hi] */
  if (tr[g].first_lbn <= lbn) {
    int32_t step = 1; lo = (int32_t)g; hi = d->ntracks - 1;
    while (lo + step <= hi && tr[lo + step].first_lbn <= lbn) { lo += step; step *= 2; }
    if (lo + step <= hi) hi = lo + step - 1;
  } else {
    int32_t step = 1; hi = (int32_t)g - 1; lo = 0;
    while (hi - step >= lo && tr[hi - step + 1].first_lbn > lbn) { hi -= step; step *= 2; }
    if (hi - step >= lo) lo = hi - step + 1;
  }
  while (lo < hi) {
    int32_t mid = lo + (hi - lo + 1) / 2;
    if (tr[mid].first_lbn <= lbn) lo = mid; else hi = mid - 1;
  }
  while (lo > 0 && tr[lo].lbn_count == 0) lo--;
  *d->track_hint = lo;
  return lo;
}

static const remap *find_remap(const disk *d, int64_t lbn) {
  int32_t lo = 0, hi = d->nremaps;
  while (lo < hi) { int32_t m = (lo + hi) / 2; if (d->remaps[m].lbn < lbn) lo = m + 1; else hi = m; }
  return (lo < d->nremaps && d->remaps[lo].lbn == lbn) ? &d->remaps[lo] : NULL;
}

/* First remapped LBN at or after lbn, or INT64_MAX. */
static int64_t next_remap(const disk *d, int64_t lbn) {
  int32_t lo = 0, hi = d->nremaps;
  while (lo < hi) { int32_t m = (lo + hi) / 2; if (d->remaps[m].lbn < lbn) lo = m + 1; else hi = m; }
  return lo < d->nremaps ? d->remaps[lo].lbn : INT64_MAX;
}

double layout_slot_angle(const disk *d, int32_t track, int32_t slot) {
  double a = d->tracks[track].slot0_angle + (double)slot / d->zones[d->tracks[track].zone].spt;
  return a - floor(a);
}

void layout_extent(const disk *d, int64_t lbn, int64_t max, extent *e) { layout_extent_inline(d, lbn, max, e); }

int32_t layout_home_track(const disk *d, int64_t lbn) {
  const remap *rm = d->nremaps ? find_remap(d, lbn) : NULL;
  return rm ? rm->track : layout_track_of(d, lbn);
}

void layout_extent_remapped(const disk *d, int64_t lbn, int64_t max, extent *e) {
  const remap *rm = d->nremaps ? find_remap(d, lbn) : NULL;
  if (rm) {
    e->track = rm->track; e->slot = rm->slot; e->slots = 1; e->lbns = 1;
  } else {
    int32_t t = layout_track_of(d, lbn);
    const track_rec *tr = &d->tracks[t];
    int32_t idx = (int32_t)(lbn - tr->first_lbn);
    int64_t n = tr->lbn_count - idx;
    if (n > max) n = max;
    if (d->nremaps) {
      int64_t nr = next_remap(d, lbn + 1);
      if (nr < lbn + n) n = nr - lbn;
    }
    e->track = t; e->lbns = (int32_t)n;
    e->slot = layout_slot_of(d, tr, idx);
    e->slots = layout_slot_of(d, tr, idx + (int32_t)n - 1) - e->slot + 1;
  }
  e->cyl = e->track / d->surfaces; e->surface = e->track % d->surfaces;
  e->spt = d->zones[d->tracks[e->track].zone].spt;
}

int64_t sp_disk_capacity(const sp_sim *sim, int32_t index) {
  if (!sim || index < 0 || index >= sim->ndisks) return SP_E_RANGE;
  return sim->disks[index]->committed ? sim->disks[index]->capacity : SP_E_STATE;
}

int32_t sp_disk_cylinders(const sp_sim *sim, int32_t index) {
  if (!sim || index < 0 || index >= sim->ndisks) return SP_E_RANGE;
  return sim->disks[index]->committed ? sim->disks[index]->cylinders : SP_E_STATE;
}

int32_t sp_disk_track_count(const sp_sim *sim, int32_t index) {
  if (!sim || index < 0 || index >= sim->ndisks) return SP_E_RANGE;
  return sim->disks[index]->committed ? sim->disks[index]->ntracks : SP_E_STATE;
}

static sp_status check_lbn(sp_sim *sim, const disk *d, int64_t lbn) {
  if (lbn < 0 || lbn >= d->capacity)
    return sp__fail(sim, SP_E_RANGE, "lbn: %lld is outside the disk (0..%lld)", (long long)lbn,
                    (long long)d->capacity - 1);
  return SP_OK;
}

sp_status sp_lbn_to_phys(sp_sim *sim, int32_t index, int64_t lbn, sp_phys *out) {
  disk *d = sp__disk(sim, index, 1);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  if (!out) return sp__fail(sim, SP_E_INVALID, "sp_lbn_to_phys: out is NULL");
  sp_status st = check_lbn(sim, d, lbn);
  if (st != SP_OK) return st;
  extent e;
  layout_extent(d, lbn, 1, &e);
  out->cyl = e.cyl; out->surface = e.surface; out->slot = e.slot;
  out->zone = d->tracks[e.track].zone; out->slots_per_track = e.spt;
  out->remapped = d->nremaps && find_remap(d, lbn) != NULL;
  out->angle = layout_slot_angle(d, e.track, e.slot);
  return SP_OK;
}

sp_status sp_phys_to_lbn(sp_sim *sim, int32_t index, int32_t cyl, int32_t surface, int32_t slot,
                         int64_t *lbn_out) {
  disk *d = sp__disk(sim, index, 1);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  if (!lbn_out) return sp__fail(sim, SP_E_INVALID, "sp_phys_to_lbn: lbn_out is NULL");
  if (cyl < 0 || cyl >= d->cylinders)
    return sp__fail(sim, SP_E_RANGE, "cylinder: %d is outside 0..%d", cyl, d->cylinders - 1);
  if (surface < 0 || surface >= d->surfaces)
    return sp__fail(sim, SP_E_RANGE, "surface: %d is outside 0..%d", surface, d->surfaces - 1);
  int32_t t = cyl * d->surfaces + surface;
  const track_rec *tr = &d->tracks[t];
  int32_t spt = d->zones[tr->zone].spt;
  if (slot < 0 || slot >= spt)
    return sp__fail(sim, SP_E_RANGE, "slot: %d is outside 0..%d", slot, spt - 1);
  for (int32_t i = 0; i < d->nremaps; i++)   /* spares holding remapped LBNs */
    if (d->remap_by_slot[i].track == t && d->remap_by_slot[i].slot == slot) {
      *lbn_out = d->remap_by_slot[i].lbn; return SP_OK;
    }
  for (int32_t i = 0; i < tr->slip_count; i++)
    if (d->slips[tr->slip_first + i] == slot) { *lbn_out = -2; return SP_OK; }
  int32_t idx = slot - slips_before(d, tr, slot) - tr->lead;
  if (idx < 0 || idx >= tr->lbn_count) { *lbn_out = -1; return SP_OK; }   /* front space or spare */
  int64_t lbn = tr->first_lbn + idx;
  if (d->nremaps && find_remap(d, lbn)) { *lbn_out = -2; return SP_OK; }  /* remapped away: defective */
  *lbn_out = lbn;
  return SP_OK;
}

sp_status sp_track_info(sp_sim *sim, int32_t index, int32_t track, sp_track *out) {
  disk *d = sp__disk(sim, index, 1);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  if (!out) return sp__fail(sim, SP_E_INVALID, "sp_track_info: out is NULL");
  if (track < 0 || track >= d->ntracks)
    return sp__fail(sim, SP_E_RANGE, "track: %d is outside 0..%d", track, d->ntracks - 1);
  const track_rec *tr = &d->tracks[track];
  out->first_lbn = tr->lbn_count ? tr->first_lbn : -1;
  out->lbn_count = tr->lbn_count;
  out->cyl = track / d->surfaces; out->surface = track % d->surfaces; out->zone = tr->zone;
  out->slots = d->zones[tr->zone].spt;
  out->slot0_angle = tr->slot0_angle;
  return SP_OK;
}

int32_t sp_track_of_lbn(sp_sim *sim, int32_t index, int64_t lbn) {
  disk *d = sp__disk(sim, index, 1);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  sp_status st = check_lbn(sim, d, lbn);
  return st != SP_OK ? st : layout_track_of(d, lbn);
}
