/*
 * disk.h — the disk device's own modules: layout (LBN -> track), mechanism
 * (seek, rotation, media access), buffer cache, on-disk scheduler, and its
 * life in a run (disk_run.c: the device_ops of a disk). Policies and
 * extensions that reason about a disk's geometry include this; the core does not.
 */
#ifndef SPINDLE_DISK_H
#define SPINDLE_DISK_H
#include "engine.h"
#include "cache_index.h"

/* A disk's own event kinds (heap_item.disk: the disk). */
enum { EV_READY = EV_DEVICE, EV_MECH_DONE, EV_DISPATCH, EV_BUS_READ };

extern const device_ops disk_ops;
/* reconnect.c: the bus overheads of a disk that disconnects (DiskSim's
 * reselect, disconnect and extra write disconnect overheads). */
int32_t reconnect_extra_disc(disk *d, const request *r, int32_t prev_write, double t);
double reconnect_extra_command_ms(const disk *d);
double reconnect_write_data_lead(const disk *d, const request *r);
double reconnect_write_status_at(const disk *d, const request *r, double bus_end, double media_end);
double reconnect_write_reselect_ms(const disk *d, const request *r);
double reconnect_read_lead(const disk *d);
int64_t reconnect_write_fill(const disk *d, int64_t n);
int64_t reconnect_write_first(const disk *d, int64_t n);
int64_t reconnect_write_refill_after(const disk *d, int64_t n);

/* disk_ops' members (disk_run.c), for a device that is a disk with more to
 * it (a shingled drive's ops wrap them). */
sp_status disk_arrive(sp_sim *sim, int32_t di, request *r);
sp_status disk_event(sp_sim *sim, int32_t di, int32_t kind, void *ptr);
sp_status disk_released(sp_sim *sim, int32_t di, request *r);
void disk_kick(sp_sim *sim, int32_t di);
void disk_target(const disk *d, request *r);
double disk_events_until(sp_sim *sim, int32_t di, double t, int final);
int32_t disk_close_batch(sp_sim *sim, int32_t di);
sp_status disk_check(sp_sim *sim, int32_t di);
double disk_start_cost(const disk *d, int32_t cyl, int32_t surface, double now, int64_t lbn, int32_t n,
                       int32_t is_write);

/* device_ops.media_lbn, or lbn itself for a device without one. */
static inline int64_t disk_media_lbn(const disk *d, int64_t lbn, int32_t n, int32_t is_write) {
  return d->ops->media_lbn ? d->ops->media_lbn(d, lbn, n, is_write) : lbn;
}

/* The revolution time from the spindle speed: the one place it is derived
 * (kept in disk.rev_ms at commit and when the speed changes). */
static inline double disk_rev_ms(const disk *d) { return 60000.0 / d->p[SP_DP_RPM]; }
/* Whether an access of this kind starts where the head lands (zero latency):
 * reads with zero_latency, writes unless zero_latency_writes says not. */
static inline int disk_zero_latency(const disk *d, int32_t is_write) {
  return d->p[SP_DP_ZERO_LATENCY] != 0 && (!is_write || d->p[SP_DP_ZERO_LATENCY_WRITES] != 0);
}

/* disk.c: the disk's public entry points and their checks */
disk *sp__disk(sp_sim *sim, int32_t index, int32_t need_commit);
/* Rules between disk parameters, checked at commit (cache_too = 1), by
 * sp_disk_set after it (0: the seek rule) and when a run starts (1). */
sp_status sp__disk_check_params(sp_sim *sim, int32_t index, const disk *d, int32_t cache_too);
/* The slot's side of sp_reset and sp_free: the requests it holds, its state
 * back to time 0, and (free) everything, the slot included. */
void disk_drop(sp_sim *sim, disk *d);
void disk_reset(disk *d);
void disk_slot_free(disk *d);

/* layout.c */
sp_status layout_build(sp_sim *sim, disk *d);
void layout_free(disk *d);
/* layout_track_of past its first guess (the track of the last answer). */
int32_t layout_track_search(const disk *d, int64_t lbn);
/* The track whose LBNs hold lbn. Inline for its first guess, the last
 * answer's track, which most lookups hit (a request's target, its media
 * access, its read-ahead). */
static inline int32_t layout_track_of(const disk *d, int64_t lbn) {
  const track_rec *h = &d->tracks[*d->track_hint];
  if (lbn >= h->first_lbn && lbn < h->first_lbn + h->lbn_count) return *d->track_hint;
  return layout_track_search(d, lbn);
}
/* The track lbn is read from: its spare's if it is remapped, else its own
 * (layout_extent's track, without the slots). */
int32_t layout_home_track(const disk *d, int64_t lbn);
/* Fills *e with the longest run starting at lbn (at most max LBNs) that one
 * pass over one track delivers. */
void layout_extent(const disk *d, int64_t lbn, int64_t max, extent *e);
int32_t layout_slot_of(const disk *d, const track_rec *t, int32_t index_in_track);
/* layout_extent on a disk with remapped LBNs. */
void layout_extent_remapped(const disk *d, int64_t lbn, int64_t max, extent *e);
/* layout_extent inline, for the mechanism's walk and the read-ahead's
 * planning (every pass of every request); other callers take the call. */
static inline void layout_extent_inline(const disk *d, int64_t lbn, int64_t max, extent *e) {
  if (d->nremaps) { layout_extent_remapped(d, lbn, max, e); return; }
  const int32_t t = layout_track_of(d, lbn);
  const track_rec *tr = &d->tracks[t];
  const int32_t idx = (int32_t)(lbn - tr->first_lbn);
  const int32_t n = (int32_t)(tr->lbn_count - idx < max ? tr->lbn_count - idx : max);
  e->track = t; e->lbns = n;
  if (tr->slip_count == 0) {                   /* data slots in a row after the lead */
    e->slot = tr->lead + idx; e->slots = n;
  } else {
    e->slot = layout_slot_of(d, tr, idx);
    e->slots = layout_slot_of(d, tr, idx + n - 1) - e->slot + 1;
  }
  e->cyl = t / d->surfaces; e->surface = t % d->surfaces;
  e->spt = d->zones[tr->zone].spt;
}
double layout_slot_angle(const disk *d, int32_t track, int32_t slot);
/* The track holding request LBN lbn, in request LBNs (its first and count): a
 * one-device volume's unit. The layout is asked through disk_media_lbn (a
 * drive-managed shingled drive's host LBNs sit past its media cache). */
static inline void disk_track_unit(const disk *d, int64_t lbn, int64_t *first, int64_t *count) {
  const int64_t shift = disk_media_lbn(d, lbn, 1, 0) - lbn;
  const track_rec *t = &d->tracks[layout_track_of(d, lbn + shift)];
  *first = t->first_lbn - shift; *count = t->lbn_count;
}

/* mech.c */
typedef struct seek_table seek_table;
/* What the mechanism derives from the parameters: the revolution time and
 * the seek time per distance. At commit, and when a parameter changes after. */
void mech_derive(disk *d);
void mech_free(disk *d);
double mech_seek(const disk *d, int32_t distance);
double mech_angle(const disk *d, double t);
typedef struct access_plan {
  sp_breakdown b;
  double media_start, media_end;
  int32_t end_cyl, end_surface;
  /* first positioning: for SPTF */
  double position_ms;
  double data_wait_ms;       /* writes: time the media waited for bus data */
  int64_t free_first;        /* reads under READ_ANY_FREE: the first LBN of the first track the
                                head passed before the read's first sector (else a->lbn) */
} access_plan;
/* Plans (and, with sim != NULL and emit, records events for) the media access
 * of [lbn, lbn+n) starting at time t from the head's position. Readiness of
 * data for in-order bus delivery is reported through ready_cb. */
typedef void (*ready_fn)(void *ctx, int64_t offset, int32_t count, double first_ready, double per_sector);
typedef struct access_args {
  int32_t from_cyl, from_surface, is_write;
  double t;                  /* the mechanism is free from here */
  double data_ready;         /* writes: media may not start before (0: no constraint) */
  int64_t lbn, n;
  sp_sim *emit_to;           /* non-NULL: record events there */
  int64_t req; int32_t disk_index; uint16_t transfer_kind;
  ready_fn ready; void *ctx; /* reads: in-order readiness of the data */
  int32_t rot_uniform;       /* 1: the first wait is rot_u of a revolution, later ones none */
  double rot_u;
  int32_t cont;              /* continues a write's access: no minimum seek delay */
} access_args;
void mech_access(const disk *d, const access_args *a, access_plan *out);
/* The same, a->lbn's extent (layout_extent at most a->n LBNs) already looked up. */
void mech_access_from(const disk *d, const access_args *a, const extent *first, access_plan *out);
double mech_positioning(const disk *d, int32_t from_cyl, int32_t from_surface, double t,
                        int64_t lbn, int32_t is_write);
double mech_sptf_cost(const disk *d, int32_t from_cyl, int32_t from_surface, double t,
                      int64_t lbn, int32_t sectors, int32_t is_write);

/* cache.c */
sp_status cache_init(disk *d);
void cache_free(disk *d);
void cache_reset(disk *d);
/* Sectors of [lbn,lbn+n) already valid at time t, from the start, among the
 * segments in candidates (cix_candidates' mask for lbn). */
int64_t cache_prefix_of(disk *d, uint64_t candidates, int64_t lbn, int64_t n, double t, int32_t *seg_out);
/* The same over every segment. Inline: a lookup that no segment's span holds
 * (every random miss) ends at the index, without a call. */
static inline int64_t cache_prefix_valid(disk *d, int64_t lbn, int64_t n, double t, int32_t *seg_out) {
  if (d->nsegs == 0) return 0;
  const uint64_t m = cix_candidates(d->cache_ix, lbn);
  return m ? cache_prefix_of(d, m, lbn, n, t, seg_out) : 0;
}
/* Can a running read-ahead deliver all of [lbn,lbn+n)? Fills ready info. */
int32_t cache_read_ahead_covers(disk *d, int64_t lbn, int64_t n, double t, ready_fn ready, void *ctx);
/* Stops a running read-ahead at time t (a new job needs the mechanism);
 * returns when the mechanism is free (a switch in progress cannot be aborted). */
double cache_stop_read_ahead(sp_sim *sim, disk *d, int32_t disk_index, double t);
/* The same by a READ_AHEAD_STOP mode (SP_RAS_*): SP_RAS_ARRIVAL and
 * SP_RAS_ARRIVAL_SECTOR time it as DiskSim's disk_buffer_stopable_access
 * ("Stop prefetch in sector" 1 and 0), the second waiting for the sector under
 * the head (or, before a pass, its first sector), whose data is not kept. */
double cache_stop_read_ahead_as(sp_sim *sim, disk *d, int32_t disk_index, double t, int32_t mode);
/* Extends the running read-ahead so that a sequential stream keeps flowing. */
void cache_extend_read_ahead(sp_sim *sim, disk *d, int32_t disk_index, int64_t upto);
/* Read-ahead on an idle hit (SP_DP_READ_AHEAD_ON_HIT): [lbn, lbn+n) was
 * answered whole from a segment and the mechanism is free from t; unless a
 * read-ahead is running, the mechanism goes back to the segment's end and
 * reads ahead to where a read of [lbn, lbn+n) would (or the segment's own
 * limit, if further). */
void cache_read_ahead_on_hit(sp_sim *sim, disk *d, int32_t disk_index, int64_t lbn, int64_t n, double t);
/* A read answered whole from a segment whose read-ahead still runs raises
 * that read-ahead's end to where a read of the hit would read ahead to, as
 * DiskSim's controller does when a read takes over a running prefetch
 * (disk_buffer_attempt_access_swap raises the segment's maxreadaheadblkno);
 * read-ahead that continues (SP_RA_CONTINUE) only. */
void cache_extend_on_hit(sp_sim *sim, disk *d, int32_t disk_index, int64_t lbn, int64_t n, double t);
/* A read that arrives while a read-ahead runs and finds its first sector in
 * that read-ahead's segment (a partial hit) takes the read-ahead over as its
 * own media access, as DiskSim's disk_buffer_attempt_access_swap does: the
 * read-ahead's end is raised to the read's end, past any track end (only a
 * background read stops there), and on to where a read of [lbn, lbn+n) would
 * read ahead to. 1: the read's first sector is in the running read-ahead's
 * segment (it rides the read-ahead, or the read-ahead is over), 0: not. */
int32_t cache_take_over(disk *d, int64_t lbn, int64_t n, double t);
/* before: sectors ahead of lbn the media read brought in too (READ_ANY_FREE). */
void cache_after_read(sp_sim *sim, disk *d, int32_t disk_index, int64_t lbn, int64_t n, int64_t before,
                      double t_end, int32_t end_cyl, int32_t end_surface);
void cache_invalidate(disk *d, int64_t lbn, int64_t n);
/* The segment reading ahead at t (-1: none, or its read-ahead has run its
 * course) and the data it holds then, [*start, *end). */
int32_t cache_reading_ahead(disk *d, double t, int64_t *start, int64_t *end);
/* The running read-ahead's head at t: the track of its pass under way (or
 * next), and *at = t, or, when it has run its course by t, its last pass's
 * track and end. 0 (nothing set): no read-ahead holds the mechanism. */
int32_t cache_read_ahead_head(disk *d, double t, double *at, int32_t *cyl, int32_t *surface);
/* A write of [lbn, lbn+n) that the disk took while segment `kept` read ahead
 * ([kept_start, kept_end) then; -1: none) leaves that segment its data then,
 * as DiskSim's disk_buffer_set_segment empties only the clean segments a write
 * overlaps that no request holds, and the write stops the read-ahead when it
 * comes (disk_activate_write); the other segments it overlaps hold nothing. */
void cache_write_over(disk *d, int64_t lbn, int64_t n, int32_t kept, int64_t kept_start, int64_t kept_end);
/* READ_HITS_ON_WRITES: [lbn, lbn+n) just written into the buffer stays
 * readable in a segment; appends: it continues buffered writes not yet
 * destaged, whose segment it joins when it holds their end. */
void cache_hold_write(disk *d, int64_t lbn, int64_t n, int appends);
/* Event stream: reports the running read-ahead's pieces that have ended by t
 * (with final: also the part of the one under way, up to t) and returns the
 * time up to which the stream is complete for this disk (INFINITY: no
 * read-ahead under way). Other events may be handed out only up to then. */
double cache_events_until(sp_sim *sim, disk *d, int32_t disk_index, double t, int final);

/* sched.c */
int32_t sched_candidates(disk *d);
int32_t sched_pick(const disk *d, double t);
/* The request to serve next among the first n queued; *walked gains the
 * tracks the estimates planned (work beyond one unit per candidate). */
int32_t sched_pick_among(const disk *d, double t, int32_t n, int64_t *walked);

#endif
