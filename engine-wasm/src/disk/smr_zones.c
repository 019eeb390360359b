/*
 * smr_zones.c — a shingled drive's public face: adding one, its parameters,
 * its zone (band) table built from the disk's layout, the ZBC zone calls and
 * its statistics. What it does in a run is smr.c's.
 */
#include "smr.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const param_row *smr_rows(void) { return param_rows(SP_TABLE_SMR, NULL); }

int32_t sp_smr_add(sp_sim *sim) {
  if (!sim) return SP_E_INVALID;
  if (sim->started) return sp__fail(sim, SP_E_STATE, "smr: devices are added before the run starts (sp_reset first)");
  smr_dev *s = calloc(1, sizeof *s);
  if (!s) return sp__fail(sim, SP_E_NOMEM, "smr: out of memory");
  int32_t i = sp_disk_add(sim);
  if (i < 0) { free(s); return i; }
  for (int32_t k = 0; k < SP_SMP_COUNT; k++) s->p[k] = smr_rows()[k].def;
  s->cleaning = -1;
  sim->disks[i]->smr = s;
  sim->disks[i]->ops = &smr_ops;
  return i;
}

static smr_dev *smr_of(const sp_sim *sim, int32_t device) {
  if (!sim || device < 0 || device >= sim->ndisks) return NULL;
  return sim->disks[device]->smr;
}

sp_status sp_smr_set(sp_sim *sim, int32_t device, sp_smr_param param, double value) {
  if (!sim) return SP_E_INVALID;
  smr_dev *s = smr_of(sim, device);
  if (!s) return sp__fail(sim, SP_E_RANGE, "smr %d: no such shingled drive", device);
  if ((int)param < 0 || param >= SP_SMP_COUNT)
    return sp__fail(sim, SP_E_INVALID, "smr %d: unknown parameter %d", device, (int)param);
  const param_row *r = &smr_rows()[param];
  char what[24];
  snprintf(what, sizeof what, "smr[%d]", device);
  sp_status st = param_check(sim, what, r, value);
  if (st != SP_OK) return st;
  if (param != SP_SMP_CLEAN_IDLE_MS && sim->disks[device]->committed)
    return sp__fail(sim, SP_E_STATE, "smr[%d].%s: fixed once the disk is committed (its layout depends on it)",
                    device, r->name);
  if (sim->started)
    return sp__fail(sim, SP_E_STATE, "smr[%d].%s: fixed once the run has started (sp_reset first)", device, r->name);
  s->p[param] = value;
  return SP_OK;
}

double sp_smr_get(const sp_sim *sim, int32_t device, sp_smr_param param) {
  const smr_dev *s = smr_of(sim, device);
  if (!s || (int)param < 0 || param >= SP_SMP_COUNT) return NAN;
  return s->p[param];
}

/* One zone of tracks [t, t + n): its LBNs (tracks without data add none). */
static void zone_span(const disk *d, int32_t t, int32_t n, int64_t shift, smr_zone *z) {
  z->first_track = t; z->tracks = n; z->first = -1; z->len = 0;
  for (int32_t k = t; k < t + n; k++) {
    const track_rec *tr = &d->tracks[k];
    if (tr->lbn_count == 0) continue;
    if (z->first < 0) z->first = tr->first_lbn - shift;
    z->len += tr->lbn_count;
  }
}

/* The zones, in track (and LBN) order: host-managed, the conventional tracks
 * cut into conventional zones of band_tracks tracks; then, in each layout
 * zone, bands of band_tracks tracks and their guards. Zones without data
 * (spare tracks only) are left out. */
sp_status smr_build(sp_sim *sim, int32_t index, disk *d) {
  smr_dev *s = d->smr;
  if (s->z) return SP_OK;
  const int32_t b = (int32_t)s->p[SP_SMP_BAND_TRACKS], g = (int32_t)s->p[SP_SMP_GUARD_TRACKS];
  const int32_t conv = (int32_t)s->p[SP_SMP_CONVENTIONAL_TRACKS] < d->ntracks ? (int32_t)s->p[SP_SMP_CONVENTIONAL_TRACKS]
                                                                            : d->ntracks;
  const int hm = smr_mode(d) == SP_SMR_HOST_MANAGED;
  s->mc_lbns = smr_cache_lbns(d);
  int64_t cap = (int64_t)(conv + b - 1) / b + (int64_t)d->ntracks / b + d->nzones + 1;   /* bound on the zones */
  s->z = calloc((size_t)cap, sizeof *s->z);
  if (!s->z) return sp__fail(sim, SP_E_NOMEM, "smr %d: out of memory for %lld zones", index, (long long)cap);
  int32_t n = 0;
  for (int32_t t = 0; hm && t < conv; t += b) {
    smr_zone *z = &s->z[n];
    zone_span(d, t, t + b < conv ? b : conv - t, 0, z);
    z->type = SP_ZONE_CONVENTIONAL; z->cond = SP_ZC_NOT_WP;
    if (z->len > 0) n++;
  }
  for (int32_t k = 0; k < d->nzones; k++) {
    int32_t t0 = d->zones[k].first_cyl * d->surfaces, t1 = (d->zones[k].last_cyl + 1) * d->surfaces;
    for (int32_t t = t0 > conv ? t0 : conv; t < t1; t += b + g) {
      smr_zone *z = &s->z[n];
      int32_t span = t + b + g < t1 ? b + g : t1 - t;
      zone_span(d, t, span, s->mc_lbns, z);
      z->type = hm ? SP_ZONE_SEQ_REQUIRED : SP_ZONE_BAND;
      z->cond = SP_ZC_EMPTY;
      if (z->len > 0) n++;
    }
  }
  s->nzones = n;
  s->st.zones = n;
  s->st.mc_sectors = s->mc_lbns;
  s->st.mc_first_track = 0;
  s->st.mc_tracks = hm ? 0 : conv;
  s->st.cleaning = -1;
  return SP_OK;
}

void smr_free(smr_dev *s) {
  if (!s) return;
  free(s->z);
  free(s);
}

int32_t smr_zone_of(const smr_dev *s, int64_t lbn) {
  int32_t lo = 0, hi = s->nzones - 1;
  if (hi < 0 || lbn < s->z[0].first || lbn >= s->z[hi].first + s->z[hi].len) return -1;
  while (lo < hi) {                 /* the last zone starting at or before lbn */
    int32_t mid = lo + (hi - lo + 1) / 2;
    if (s->z[mid].first <= lbn) lo = mid; else hi = mid - 1;
  }
  return lbn < s->z[lo].first + s->z[lo].len ? lo : -1;
}

void smr_zone_event(sp_sim *sim, int32_t di, int32_t k) {
  const disk *d = sim->disks[di];
  const smr_zone *z = &d->smr->z[k];
  int64_t at = z->first + (z->wp < z->len ? z->wp : z->len - 1) + d->smr->mc_lbns;
  extent e;
  layout_extent(d, at, 1, &e);
  out_event_rec(sim, sim->now, 0, SP_EV_ZONE_WP, di, -1, -1, e.cyl, e.surface, k, (int32_t)z->wp, z->cond);
}

/* The committed shingled drive `device` with its zone table, or NULL (failed). */
static disk *smr_disk(sp_sim *sim, int32_t device) {
  if (!smr_of(sim, device)) {
    if (sim) sp__fail(sim, SP_E_RANGE, "smr %d: no such shingled drive", device);
    return NULL;
  }
  disk *d = sp__disk(sim, device, 1);
  return d && smr_build(sim, device, d) == SP_OK ? d : NULL;
}

int32_t sp_zone_count(sp_sim *sim, int32_t device) {
  disk *d = smr_disk(sim, device);
  return d ? d->smr->nzones : sim ? sim->last : SP_E_INVALID;
}

sp_status sp_zone_get(sp_sim *sim, int32_t device, int32_t index, sp_zone *out) {
  disk *d = smr_disk(sim, device);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  if (!out) return sp__fail(sim, SP_E_INVALID, "smr %d: no place for the zone (NULL)", device);
  if (index < 0 || index >= d->smr->nzones)
    return sp__fail(sim, SP_E_RANGE, "smr %d: zone %d does not exist (%d zones)", device, index, d->smr->nzones);
  const smr_zone *z = &d->smr->z[index];
  *out = (sp_zone){ z->first, z->len, z->first + z->wp, z->cached, z->type, z->cond, z->first_track, z->tracks };
  return SP_OK;
}

int32_t sp_zone_of_lbn(sp_sim *sim, int32_t device, int64_t lbn) {
  disk *d = smr_disk(sim, device);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  int32_t z = smr_zone_of(d->smr, lbn);
  return z >= 0 ? z : sp__fail(sim, SP_E_RANGE, "smr %d: LBN %lld is in no zone", device, (long long)lbn);
}

/* One zone's action (ZBC's state machine, without the open-zone limit). */
static void zone_act(sp_sim *sim, int32_t di, int32_t k, int32_t action) {
  smr_zone *z = &sim->disks[di]->smr->z[k];
  const int32_t wp0 = (int32_t)z->wp, cond0 = z->cond;
  switch (action) {
    case SP_ZA_OPEN: if (z->cond != SP_ZC_FULL) z->cond = SP_ZC_EXPLICIT_OPEN; break;
    case SP_ZA_CLOSE:
      if (z->cond == SP_ZC_IMPLICIT_OPEN || z->cond == SP_ZC_EXPLICIT_OPEN) z->cond = z->wp ? SP_ZC_CLOSED : SP_ZC_EMPTY;
      break;
    case SP_ZA_FINISH: z->wp = z->len; z->cond = SP_ZC_FULL; break;
    default: z->wp = 0; z->cond = SP_ZC_EMPTY; break;
  }
  if (z->wp != wp0 || z->cond != cond0) smr_zone_event(sim, di, k);
}

sp_status sp_zone_action(sp_sim *sim, int32_t device, int32_t which, int32_t action) {
  disk *d = smr_disk(sim, device);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  smr_dev *s = d->smr;
  if (smr_mode(d) != SP_SMR_HOST_MANAGED)
    return sp__fail(sim, SP_E_STATE, "smr %d: zone actions need a host-managed drive (this one is drive-managed)", device);
  if (action < SP_ZA_OPEN || action > SP_ZA_RESET)
    return sp__fail(sim, SP_E_INVALID, "smr %d: unknown zone action %d (open 0, close 1, finish 2, reset 3)", device, action);
  if (which < -1 || which >= s->nzones)
    return sp__fail(sim, SP_E_RANGE, "smr %d: zone %d does not exist (%d zones; -1: all)", device, which, s->nzones);
  if (which >= 0 && s->z[which].type == SP_ZONE_CONVENTIONAL)
    return sp__fail(sim, SP_E_INVALID, "smr %d: zone %d is conventional: it has no write pointer", device, which);
  for (int32_t k = which < 0 ? 0 : which; k < (which < 0 ? s->nzones : which + 1); k++)
    if (s->z[k].type == SP_ZONE_SEQ_REQUIRED) zone_act(sim, device, k, action);
  return SP_OK;
}

sp_status sp_smr_stats_get(sp_sim *sim, int32_t device, sp_smr_stats *out) {
  disk *d = smr_disk(sim, device);
  if (!d) return sim ? sim->last : SP_E_INVALID;
  if (!out) return sp__fail(sim, SP_E_INVALID, "smr %d: no place for the statistics (NULL)", device);
  *out = d->smr->st;
  out->mc_used = d->smr->mc_used;
  out->cleaning = d->smr->cleaning;
  return SP_OK;
}
