/*
 * smr.h — a shingled (SMR) drive: a disk whose tracks are shingled in bands
 * (smr_zones.c: the parameters, the band table and the zone calls; smr.c: its
 * life in a run, the device_ops that wrap the disk's). The layout (layout.c)
 * reads the guard-track rule from here and leaves guard tracks without data.
 */
#ifndef SPINDLE_SMR_H
#define SPINDLE_SMR_H
#include "disk.h"

/* The shingled drive's own event kinds, after the disk's. */
enum { EV_SMR_CLEAN_DONE = EV_BUS_READ + 1, EV_SMR_IDLE };

typedef struct smr_zone {
  int64_t first, len;          /* host LBNs */
  int64_t wp;                  /* sectors written from first (drive-managed: the in-place frontier) */
  int64_t cached;              /* drive-managed: sectors of the band in the media cache */
  int32_t type, cond;          /* SP_ZONE_*, SP_ZC_* */
  int32_t first_track, tracks;
} smr_zone;

typedef struct smr_dev {
  double p[SP_SMP_COUNT];
  smr_zone *z; int32_t nzones;
  int64_t mc_lbns;             /* drive-managed: the disk's LBNs [0, mc_lbns) are the media cache */
  int64_t mc_head, mc_used;    /* the log's next append (offset in the cache); live sectors in it */
  int32_t cleaning;            /* the band being cleaned (-1: none) */
  double clean_start;
  int32_t cleaning_end_cyl, cleaning_end_surface;
  request *stall_head, *stall_tail;   /* writes waiting for room in the cache (FIFO) */
  uint64_t activity;           /* arrivals and completions so far */
  double last_activity;        /* the last of them, or of the media accesses: idle time counts from it */
  int32_t idle_pending;        /* an EV_SMR_IDLE is scheduled */
  sp_smr_stats st;
} smr_dev;

static inline int32_t smr_mode(const disk *d) { return (int32_t)d->smr->p[SP_SMP_MODE]; }

/* Is track t (of the layout zone whose first track is zone_t0) a guard
 * track? Bands start at the zone's first shingled track; each is band_tracks
 * tracks and guard_tracks guards. */
static inline int smr_is_guard(const disk *d, int32_t t, int32_t zone_t0) {
  if (!d->smr) return 0;
  const int32_t b = (int32_t)d->smr->p[SP_SMP_BAND_TRACKS], g = (int32_t)d->smr->p[SP_SMP_GUARD_TRACKS];
  const int32_t conv = (int32_t)d->smr->p[SP_SMP_CONVENTIONAL_TRACKS];
  if (g == 0 || t < conv) return 0;
  const int32_t s0 = zone_t0 > conv ? zone_t0 : conv;
  return (t - s0) % (b + g) >= b;
}

/* Drive-managed: the LBNs of the conventional tracks, the media cache, which
 * the host does not see (0 otherwise). */
static inline int64_t smr_cache_lbns(const disk *d) {
  if (!d->smr || smr_mode(d) != SP_SMR_DRIVE_MANAGED) return 0;
  const int32_t conv = (int32_t)d->smr->p[SP_SMP_CONVENTIONAL_TRACKS];
  int64_t n = 0;
  for (int32_t t = 0; t < conv && t < d->ntracks; t++) n += d->tracks[t].lbn_count;
  return n;
}

/* smr_zones.c */
/* After the layout: the band table, the media cache and the host capacity. */
sp_status smr_build(sp_sim *sim, int32_t index, disk *d);
/* The zone holding host LBN lbn (-1: none). */
int32_t smr_zone_of(const smr_dev *s, int64_t lbn);
/* Records a zone's write pointer and condition (SP_EV_ZONE_WP). */
void smr_zone_event(sp_sim *sim, int32_t di, int32_t zone);
void smr_free(smr_dev *s);

/* smr.c */
extern const device_ops smr_ops;

#endif
