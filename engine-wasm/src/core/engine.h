/*
 * engine.h — internal declarations shared by the engine's modules.
 * Module prefixes: layout_ (layout.c), mech_ (mech.c), cache_ (cache.c),
 * sched_ (sched.c), wl_ (workload.c), heap_ (heap.c), stats_ (stats.c),
 * out_ (output.c), host_ (host.c; its policies in policy.h). Nothing here is
 * visible to embedders.
 */
#ifndef SPINDLE_ENGINE_H
#define SPINDLE_ENGINE_H

#include "spindle.h"
#include <stddef.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* A rotational wait shorter than this fraction of a revolution is taken as
 * zero: skews are exact in sectors, but accumulated angles are doubles. */
#define SP_ANGLE_EPS 1e-9

typedef struct zone {
  int32_t first_cyl, last_cyl, spt, track_skew, cyl_skew, spare_kind, spare_count;
  int64_t first_lbn, lbn_count;
  double first_offset;         /* SP_ZP_FIRST_BLOCK_OFFSET (sectors; -1: carried on) */
  int64_t front;               /* SP_ZP_FRONT_SPACE_SECTORS */
  int32_t range_cyls;          /* SP_ZP_SPARE_RANGE_CYLINDERS (0: the spares are the zone's) */
} zone;

typedef struct defect { int32_t cyl, surface, slot, policy; } defect;

/* One track: where its LBNs start and which of its slots are slipped. */
typedef struct track_rec {
  int64_t first_lbn;      /* first LBN whose home is this track; -1 if none */
  double  slot0_angle;
  int32_t lbn_count;
  int32_t zone;
  int32_t slip_first;     /* index into disk.slips (sorted slot numbers) */
  int32_t slip_count;
  int32_t lead;           /* data slots (slips stepped over) before the first LBN: zone front space */
} track_rec;

/* An LBN living in a spare slot because its home slot is defective. */
typedef struct remap { int64_t lbn; int32_t track, slot; } remap;

/* A stretch of a request read or written in one pass over one track. */
typedef struct extent {
  int32_t track, cyl, surface, slot, slots;   /* slots passed, slipped ones included */
  int32_t lbns;                               /* LBNs delivered */
  int32_t spt;
} extent;

/* Read-ahead progress: pieces of media reading after a request ended. */
#define SP_RA_PIECES 32
typedef struct ra_piece {
  double t0, per_sector, switch_ms;   /* switch_ms: head/cylinder switch just before t0's wait */
  int64_t lbn; int32_t count, cyl, surface;
} ra_piece;

typedef struct segment {
  int64_t start, end;          /* valid [start,end) when read-ahead is not running */
  int64_t limit;               /* read-ahead stops here */
  int32_t active;              /* read-ahead running on the mechanism */
  int32_t dead;                /* overwritten: holds no valid data */
  int32_t wdata;               /* READ_HITS_ON_WRITES: holds write data */
  int32_t emitted;             /* pieces already reported as events */
  double emit_from;            /* piece `emitted` is reported up to this time (0: not at all) */
  int32_t npieces;
  double next_t;               /* the next piece's planning starts here (pieces are planned lazily) */
  double seek_from;            /* resumed after a hit: when the mechanism left for the first piece (else -1) */
  double ra_from;              /* else: when it did (the read's end, or the end of the pieces a stream passed) */
  ra_piece pieces[SP_RA_PIECES];
} segment;

struct lreq;

/* A flash device (flash.c): a disk slot whose `flash` is set (no layout, no
 * mechanism); its operations run one at a time, FIFO. */
typedef struct flash_dev {
  double p[SP_FP_COUNT];
  double free_at;              /* the last accepted operation ends here */
  int64_t reads, writes, unpins;
  double bytes_read, bytes_written, busy_ms;
} flash_dev;

typedef struct request {
  int64_t id, lbn;
  int64_t logical;             /* the logical request it serves (pass-through: its own id; -1: none) */
  struct lreq *parent;         /* outside pass-through: that logical request (NULL: none) */
  int32_t sectors, is_write, disk, cache;
  int32_t target_cyl, target_surface;
  int32_t internal;            /* 1: destage of an immediately reported write */
  int32_t wrun;                /* a destage's WRITE_SEGMENTS run (-1: none) */
  int32_t holds_slot;          /* occupies one of the on-disk queue's command slots */
  int32_t synthetic;           /* from the workload generator (closed: issues the next) */
  int32_t listed;              /* from the explicit list (its arrival schedules the next one) */
  int64_t sub_index;           /* listed: its index in the explicit list */
  int32_t linked;              /* SP_SUBMIT_LINKED: more of its batch follow at this instant */
  int32_t in_batch;            /* part of a linked batch that has not reached the queue yet */
  int32_t pinned;              /* flash: a pinned write (the NVCache policy's; costs pin_ms more) */
  int32_t bg;                  /* a host policy's own disk write (no logical request): 1 flush, 2 purge */
  int32_t extra_disc;          /* a write on DiskSim's "Extra write disconnect" path (disk/reconnect.c) */
  int32_t ra_kept;             /* a write: 1 + the segment reading ahead when the disk took it (0: none) */
  int64_t ra_kept_start, ra_kept_end; /* that segment's data then */
  int64_t free_before;         /* a read miss under READ_ANY_FREE: sectors of its first track before
                                  it that the head passed on its way to its first (0: none) */
  int32_t end_cyl, end_surface;
  double arrival, ready, dispatch, media_end, complete, head_start, head_end;
  double overhead, seek, rotation, transfer, switching, bus;
  int64_t hit_sectors;         /* a read partly in the buffer when the controller took it: that many */
  double hit_bus_from;         /* sectors may cross the bus from here on (hit overhead), its media
                                  access starting after the miss overhead as before (0: none) */
  int32_t head_switches, cyl_switches;
  int32_t status;              /* SP_RQ_*: a device refused it (its result says so) */
  int64_t moved_by;            /* the device stores it this many LBNs from the LBN asked for (a
                                  shingled drive's media cache); results show the one asked for */
  struct request *next;        /* host queue / free list link */
} request;

struct device_ops;

/* A device slot of the sim: a disk (disk/) or, with `flash` set, a flash
 * device (flash/). The core reaches it only through `ops`. */
typedef struct disk {
  const struct device_ops *ops;
  double p[SP_DP_COUNT];
  int32_t committed;
  flash_dev *flash;            /* the flash device's state (flash.c; NULL: a disk) */
  struct smr_dev *smr;         /* a shingled drive's bands and media cache (disk/smr.h; NULL: none) */
  /* layout */
  zone *zones; int32_t nzones, zcap;
  defect *defects; int32_t ndefects, dcap;
  int32_t *seek_d; double *seek_ms; int32_t nseek, scap;
  struct seek_table *seek_tab;             /* the seek time per distance (disk/mech.c) */
  int32_t surfaces, cylinders, ntracks;
  track_rec *tracks;
  int32_t *track_hint;                     /* layout_track_of's last answer: a lookup cache */
  int32_t *slips; int32_t nslips;
  remap *remaps; int32_t nremaps;          /* sorted by lbn */
  remap *remap_by_slot;                    /* same, sorted by (track, slot) */
  int64_t capacity;
  double rev_ms;
  /* state */
  int32_t cyl, surface;
  double mech_free;            /* time the mechanism finishes its current job */
  double bus_free;
  double read_bus_from, read_bus_tail;     /* shared bus: the read on the mechanism asks for the bus at
                                              read_bus_from, and cannot end it before read_bus_tail */
  int32_t busy;
  request *current;            /* job on the mechanism */
  request **queue; int32_t qlen, qcap;     /* on-disk queue (requests + destages; grows) */
  int32_t cmd_in_disk;         /* host commands holding a queue slot */
  request *host_head, *host_tail; int32_t host_len;
  int32_t accepted;            /* host commands the controller took and has not completed */
  request *driver_head, *driver_tail; int32_t driver_len;  /* DRIVER_QUEUE: held before the controller */
  int32_t look_up;             /* LOOK direction */
  int32_t batch_open;          /* a linked batch's last request has not arrived yet */
  int32_t batch_pending;       /* batch requests arrived but not in a queue yet */
  int32_t sched_batch_left;    /* SCHED_BATCH: requests of the current batch not served yet */
  int32_t gather_pending;      /* SCHED_GATHER: an EV_DISPATCH for this disk is scheduled */
  segment *segs; int32_t nsegs;
  struct cache_index *cache_ix;  /* the segments' spans and LRU order (disk/cache_index.h) */
  int32_t ra_seg;              /* segment whose read-ahead owns the mechanism, -1 */
  int32_t wseg;                /* READ_HITS_ON_WRITES: segment of the last write's data, -1 */
  double ra_stop_free;         /* a read-ahead stopped at a read's arrival: the mechanism is free from here, */
  int64_t ra_stopper;          /* and the read that stopped it (its id; -1: none) positions that much after */
  double ra_stop_extra;        /* its overhead (READ_AHEAD_STOP) */
  int32_t pending_destage_sectors;
  int64_t dirty_end;           /* where the last buffered, not yet destaged write ends */
  int64_t run_end[SP_MAX_CACHE_SEGMENTS];      /* WRITE_SEGMENTS: where each run of buffered writes ends */
  int32_t run_pending[SP_MAX_CACHE_SEGMENTS];  /* and its sectors not yet destaged (0: the run is free) */
  request *seg_wait_head, *seg_wait_tail;  /* WRITE_SEGMENTS: writes waiting for the write segment */
  request *head_pending;       /* last request whose head window may still shrink */
  int32_t last_was_read;       /* for the sequential immediate-report rule */
  int32_t prev_write;          /* the last request accepted was a write (the "after write" overheads) */
  double hold_until;           /* no preseeking: no dispatch before this (the last dispatched request's completion) */
  double *hit_holds;           /* partial read hits whose buffered part crosses the bus before their dispatch, */
  int32_t hit_nholds, hit_holdcap;  /* not dispatched yet: each one's bus start (grows as needed) */
  double hit_bus_hold;         /* the earliest of them (the event stream waits for it) */
  int64_t last_write_end;
  double extradisc_until;      /* an extra write disconnect runs until its data starts (disk/reconnect.c) */
  double head_last_end;
  double sptf_from_t;          /* SPTF_DISKSIM: the head's state the next decision weighs from (set by */
  int32_t sptf_from_cyl, sptf_from_surface;  /* disk_run.c before each decision; disk/sched.c) */
} disk;

typedef struct workload {
  double p[SP_WP_COUNT_PARAMS];
  int64_t issued, seq_next;
  int64_t last_write_end;      /* desktop: where the previous write ended (-1: none yet) */
} workload;

/* Random streams: each consumer draws from its own xoshiro256** stream, so
 * adding a consumer (a device, a policy) changes no other draws. Stream k is
 * seeded by splitmix64 from seed ^ (k * 0x9E3779B97F4A7C15). */
enum { SP_RS_ARRIVALS = 0, SP_RS_SIZES, SP_RS_LOCATIONS, SP_RS_MIX, SP_RS_POLICY, SP_RS_TABLE, SP_RS_ROTATION, SP_RS_FS,
       SP_RS_COUNT };
typedef struct rng_stream {
  uint64_t s[4];
  uint64_t below_n, below_lim;   /* the last range drawn from and its rejection limit */
} rng_stream;

/* Statistics accumulators, per disk plus one for all.
 * The response-time histogram (for percentiles) is log-linear, in units of
 * SP_HIST_BIN_MS: values below 2*SP_HIST_SUB units (20.48 ms) have bins of
 * one unit; above, each doubling [SUB*2^e, 2*SUB*2^e) units (e >= 1) is split
 * into SP_HIST_SUB bins of 2^e units, so no bin is wider than 1/SP_HIST_SUB
 * (< 0.1 %) of the values in it, up to past SP_MAX_TIME_MS (40,960 bins, 160 KB). */
#define SP_HIST_BIN_MS 0.01
#define SP_HIST_SUB_BITS 10
#define SP_HIST_SUB (1 << SP_HIST_SUB_BITS)
#define SP_HIST_LEVELS 38
#define SP_HIST_BINS (2 * SP_HIST_SUB + SP_HIST_LEVELS * SP_HIST_SUB)
#define SP_HIST_OUT_BINS 100000      /* sp_response_histogram: most bins one call fills */
typedef struct accum {
  int64_t n, reads, writes, hits, switched;
  double mean, m2, min, max, first_arrival, last_complete, sectors, bytes;
  double head_sum, head_mean, head_m2;
  double sum_queue, sum_overhead, sum_seek, sum_rot, sum_xfer, sum_switch, sum_bus;
  uint32_t *hist;              /* SP_HIST_BINS log-linear bins (above) */
  int32_t bin_lo, bin_hi;      /* bins outside [bin_lo, bin_hi] are zero (empty: lo > hi) */
} accum;

typedef struct heap_item { double t; uint64_t seq; int32_t kind; int32_t disk; void *ptr; } heap_item;
typedef struct heap { heap_item *v; int32_t n, cap; } heap;

/* Extensions one sim can hold (ext.h), each with its own timer kind. */
#define SP_EXT_SLOTS 4

/* The core's event kinds. A device's own kinds start at EV_DEVICE (their
 * heap_item.ptr is a request or NULL); EV_EXT is an extension's timer. */
enum { EV_ARRIVAL = 1, EV_COMPLETE, EV_GENERATE, EV_HOST_ARRIVAL, EV_HOST_PUMP, EV_EXT, EV_DEVICE = EV_EXT + SP_EXT_SLOTS };

/* A logical request (outside pass-through): arrives at the host, waits in
 * the host queue, becomes device requests, completes with the last of them. */
typedef struct lreq {
  int64_t id, vlbn;
  int32_t sectors, is_write, synthetic, listed, linked;
  int64_t sub_index;           /* listed: its index in the explicit list */
  int32_t semiseq;             /* SP_SUBMIT_SEMISEQ */
  int32_t parts, pending, cache;
  double arrival, issue, complete;
  double seek, rotation, transfer, switching, bus;
  int32_t head_switches, cyl_switches;
  int32_t ext, ext_tag;        /* an extension's request: its slot + 1 and its tag (ext.h; 0: none) */
  struct lreq *prev, *next;    /* the live list (free list: next only) */
} lreq;

struct policy_ops;
struct host_pend;              /* policy.h: a device request about to be issued */

typedef struct host {
  double p[SP_HP_COUNT];
  int32_t committed;
  int64_t capacity;            /* volume blocks (valid when committed) */
  const struct policy_ops *ops;
  int32_t first, count;        /* devices first .. first+count-1 */
  int64_t unit;                /* stripe: unit in sectors (0: in tracks) */
  int32_t unit_tracks;         /* stripe: unit in tracks */
  lreq **q; int32_t qlen, qcap;           /* the host queue */
  int32_t outstanding;         /* issued to the devices, not complete */
  int32_t in_flight;           /* arrived, not complete */
  int32_t batch_open;          /* a linked batch of logical requests is still arriving */
  int32_t pump_pending;        /* an EV_HOST_PUMP is scheduled (host_pump_later) */
  int64_t last_end;            /* vlbn where the last issued request ended */
  int64_t next_id;
  lreq *live, *free_list;
  request **batch; int32_t nbatch, batchcap;  /* device requests issued at one instant */
  int64_t sub_end;             /* highest end of the volume requests submitted */
  void *state;                 /* what the policy's commit built (its own type; NULL: nothing) */
  struct host_pend *pend; int32_t npend, pendcap;   /* device requests being issued now */
  int32_t head_cyl[SP_MAX_DISKS], head_surface[SP_MAX_DISKS];   /* deduced from the last completion */
  accum acc;                   /* logical requests' statistics (histogram allocated on demand) */
  accum acc_w;                 /* the same, logical writes only (SP_HOST_WRITES) */
} host;

/* Pass-through: a logical request is its one device request. */
static inline int host_passthrough(const host *h) {
  return h->p[SP_HP_POLICY] == SP_POLICY_IDENTITY && h->p[SP_HP_QUEUE_DEPTH] == 0;
}

/* A bus shared by several devices (bus.c): its holdings not yet over, by start. */
typedef struct bus_line { double *start, *end; int32_t n, cap; } bus_line;

struct sp_sim {
  uint64_t seed;
  rng_stream rng[SP_RS_COUNT];
  char err[256];
  char err_field[64];          /* sp_error_field: the field err's prefix names */
  sp_status last;              /* status of the last failure */
  sp_status out_status;        /* sticky until sp_reset: the event stream lost an event (sp_run fails) */
  sp_status run_status;        /* sticky until sp_reset: an event's handler failed inside sp_run ... */
  char run_err[256];           /* ... with this message (its event was consumed: the run cannot go on) */
  disk *disks[SP_MAX_DISKS]; int32_t ndisks;
  bus_line buses[SP_MAX_DISKS];            /* shared bus k is buses[k - 1] (bus.c) */
  workload wl;
  host host;
  heap events;                 /* simulation events */
  sp_event *pend; int32_t npool, pendcap;  /* output events not yet due (a pool) ... */
  int32_t *pendfree; int32_t npendfree;    /* ... its free slots ... */
  heap pend_order;                         /* ... and their order by (time, creation) */
  uint64_t seq;
  double now;
  /* explicit requests */
  struct sub_req *submitted; int64_t nsubmitted, subcap, sub_next;
  int32_t sub_prev_done;       /* the last explicit request issued has completed (SP_SUBMIT_AFTER_PREVIOUS) */
  int32_t started;
  int64_t processed;           /* work done: events, tracks passed, requests weighed (SP_MAX_WORK_PER_RUN) */
  int64_t next_id;
  int32_t in_flight;
  request *free_list;
  /* output */
  sp_event *ev; int32_t nev, evcap;
  sp_result *res; int32_t nres, rescap;
  sp_result *carry; int32_t ncarry, carrycap;  /* results past a full chunk (output.c) */
  int32_t out_full;
  int64_t emit_logical;        /* sp_event.logical of the media access being recorded (mech.c) */
  accum acc_all, *acc_disk[SP_MAX_DISKS];
  struct { const struct ext_ops *ops; void *state; } ext[SP_EXT_SLOTS];   /* ext.h */
  int32_t nexts, ext_seek_hooks;
};

/* sim.c: the parameter tables of params.h, one row type for all of them. */
typedef struct param_row { const char *name; double def, lo, hi; int whole; } param_row;
/* Table SP_TABLE_* in parameter order (count set when not NULL); NULL: no such table. */
const param_row *param_rows(int32_t table, int32_t *count);
/* The extensions' parameter tables (ext/), which param_rows lists with the core's. */
extern const param_row fs_param_rows[];
extern const int32_t fs_param_count;
/* Refuses a non-finite, out-of-range or fractional value, naming it as what.name. */
sp_status param_check(sp_sim *sim, const char *what, const param_row *r, double v);
sp_status sp__fail(sp_sim *sim, sp_status code, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 3, 4)))
#endif
  ;
/* bus.c: holds shared bus `bus` (1..SP_MAX_DISKS) from the first time at or after `from` that it is free for
 * dur and until at least min_end, and returns that time (a holding of no length only waits). Out of memory:
 * sim->run_status is set and the run stops after the current event. */
double sp__bus_claim(sp_sim *sim, int32_t bus, double from, double dur, double min_end);
void sp__buses_reset(sp_sim *sim);
void sp__buses_free(sp_sim *sim);
/* requests.c */
request *sp__request_new(sp_sim *sim);
void sp__request_free(sp_sim *sim, request *r);
void requests_free_all(sp_sim *sim);             /* the pool (sp_free) */

/* The device interface: what the core asks of a device (disk/disk_run.c,
 * flash/flash.c). NULL members are not needed by that kind of device. */
typedef struct device_ops {
  int32_t kind;                /* sp_device_kind's answer */
  int32_t holds_volume;        /* can be one of the host volume's devices */
  /* A request reached the device now (EV_ARRIVAL), after the core's checks. */
  sp_status (*arrive)(sp_sim *sim, int32_t di, request *r);
  /* One of the device's own events (kind >= EV_DEVICE). */
  sp_status (*event)(sp_sim *sim, int32_t di, int32_t kind, void *ptr);
  /* Request r completes now: after its record and statistics, before its
   * logical request hears of it (frees what r held on the device). */
  sp_status (*released)(sp_sim *sim, int32_t di, request *r);
  /* The device may start work now (after a completion; a batch closed). */
  void (*kick)(sp_sim *sim, int32_t di);
  /* Fills r's position fields (target cylinder and surface) at creation. */
  void (*target)(const disk *d, request *r);
  /* The rotational angle at t, for the output records. */
  double (*angle)(const disk *d, double t);
  /* Event stream: the time up to which this device's events are complete. */
  double (*events_until)(sp_sim *sim, int32_t di, double t, int final);
  /* Closes a linked batch left open at the end of a run; 1 if one was. */
  int32_t (*close_batch)(sp_sim *sim, int32_t di);
  /* Refuses a run that cannot start (sp_run's first call). */
  sp_status (*check)(sp_sim *sim, int32_t di);
  /* Estimated positioning cost of starting [lbn, lbn+n) now from a head at
   * (cyl, surface): the host's pre-scheduling. */
  double (*start_cost)(const disk *d, int32_t cyl, int32_t surface, double now, int64_t lbn, int32_t n,
                       int32_t is_write);
  /* The LBN of the device's own layout where an access of n sectors at
   * (request) LBN lbn would reach the media if it started now: a policy that
   * plans on the layout asks this first (a drive-managed shingled drive keeps
   * its host LBNs past its media cache and sends a write its band cannot take
   * to the cache's log). NULL: the same LBN. */
  int64_t (*media_lbn)(const disk *d, int64_t lbn, int32_t n, int32_t is_write);
  void (*drop)(sp_sim *sim, disk *d);   /* returns the requests it holds to the free list (reset) */
  void (*reset)(disk *d);               /* state back to time 0 (parameters kept) */
  void (*free)(disk *d);                /* everything, the slot included */
} device_ops;

/* Device slot index of the sim, which must exist (need_commit as sp__disk). */
disk *sim_device(sp_sim *sim, int32_t index, int32_t need_commit);
/* Appends a device slot (its statistics with it); returns its index. */
int32_t sim_add_device(sp_sim *sim, disk *d);

/* workload.c */
uint64_t wl_rand(sp_sim *sim, int32_t stream);
double wl_uniform(sp_sim *sim, int32_t stream);   /* [0,1) */
void wl_seed(sp_sim *sim, uint64_t seed);            /* also sets sim->seed */
void wl_seed_stream(sp_sim *sim, int32_t k);           /* stream k from the start again (sim->seed) */
/* Draws the next synthetic request (volume blocks); 0 when the workload is done. */
int32_t wl_next(sp_sim *sim, int64_t *vlbn, int32_t *sectors, int32_t *is_write);
double wl_interarrival(sp_sim *sim);

/* host.c */
sp_status host_commit(sp_sim *sim);          /* validates the settings; computes the volume */
sp_status host_need(sp_sim *sim);            /* commits if not committed */
void host_unit(const sp_sim *sim, int64_t vlbn, int64_t *first, int64_t *count);   /* committed */
/* A logical request arrives now (its EV_HOST_ARRIVAL event). */
sp_status host_on_arrival(sp_sim *sim, lreq *l);
/* Creates a logical request arriving at t and schedules its arrival. */
sp_status host_issue(sp_sim *sim, double t, int64_t vlbn, int32_t sectors, int32_t flags,
                     int32_t synthetic, int32_t listed);
/* The same for an extension (ext.h): its done hook hears of the completion, with tag. */
struct ext_ops;
sp_status host_issue_ext(sp_sim *sim, double t, int64_t vlbn, int32_t sectors, int32_t flags,
                         const struct ext_ops *ops, int32_t tag);
/* A device request with a parent completed (after its own result and statistics). */
sp_status host_child_done(sp_sim *sim, request *r);
/* A policy's own device request (r->bg) completed. */
sp_status host_bg_done(sp_sim *sim, request *r);
/* A logical request leaves the host queue for `parts` device requests: its issue time, the host's
 * count and the HOST_ISSUE event (SP_E_LIMIT when parts < 0: more than SP_MAX_PIECES). */
sp_status host_issue_start(sp_sim *sim, host *h, struct lreq *l, int32_t parts);
/* A logical request completes now: HOST_COMPLETE, its record, statistics, the host queue moves. */
sp_status host_complete(sp_sim *sim, struct lreq *l);
/* The host scheduler's pick (index into the host queue) were the last issued request to end at from. */
int32_t host_pick_from(const host *h, int64_t from);
void host_event(sp_sim *sim, uint16_t kind, const struct lreq *l, double dur, int32_t a, int32_t b);
/* Issuing from the host queue weighs the queue for each pick; one pass stops
 * after this much work and goes on in an event at the same instant, so that a
 * deep host queue never makes one sp_run call unbounded (SP_MAX_WORK_PER_RUN). */
#define SP_HOST_PUMP_WORK (SP_MAX_WORK_PER_RUN / 4)
/* Schedules the rest of a pass that stopped (at most one pending). */
sp_status host_pump_later(sp_sim *sim);
/* Its event (EV_HOST_PUMP). */
sp_status host_on_pump(sp_sim *sim);
/* End of a run with held batches: closes them; returns 1 if anything was released. */
int32_t host_close_batches(sp_sim *sim);
void host_init(sp_sim *sim);                 /* defaults, in sp_new */
void host_reset(sp_sim *sim);                /* before the sim's live requests are dropped */
void host_free(sp_sim *sim);

/* Checks a volume submission's flags and piece count against the policy. */
sp_status host_check_submit(sp_sim *sim, int64_t vlbn, int32_t sectors, int32_t flags);

/* run.c (for host.c) */
/* Creates a device request arriving at t and schedules its arrival. */
request *run_device_request(sp_sim *sim, double t, int32_t di, int64_t lbn, int32_t sectors,
                            int32_t is_write);
sp_status run_issue_synthetic(sp_sim *sim, double t);   /* the workload's next request, arriving at t */
sp_status run_issue_submitted(sp_sim *sim);             /* the explicit list's next request */
/* An explicit request arrived: issues the next one if it has an absolute time. */
sp_status run_listed_arrived(sp_sim *sim);
/* Explicit request sub_index completed: issues the next one if it waits for it (SP_SUBMIT_AFTER_PREVIOUS). */
sp_status run_listed_done(sp_sim *sim, int64_t sub_index);

/* heap.h: the event heap (push and pop inline) */
#include "heap.h"
/* Schedules a simulation event of `kind` at t (ties: in the order scheduled).
 * Inline: every request schedules several. */
static inline sp_status event_schedule(sp_sim *sim, double t, int32_t kind, int32_t di, void *ptr) {
  heap_item it = { t, sim->seq++, kind, di, ptr };
  return heap_push(&sim->events, it);
}

/* stats.c */
sp_status stats_init(accum *a);
void stats_clear(accum *a);
void stats_free(accum *a);
void stats_copy(accum *dst, const accum *src);   /* figures and histogram; dst keeps its buffer */
void stats_add(accum *a, const request *r);
const accum *stats_pick(const sp_sim *sim, int32_t disk_index);   /* NULL if no such */

/* output.c */
#define SP_HOST_DEVICE 0xFFFF   /* sp_event.disk of host events */
void out_event_rec(sp_sim *sim, double t, double dur, uint16_t kind, int32_t disk_index, int64_t req,
                   int64_t logical, int32_t cyl, int32_t surface, int32_t a, int32_t b, int32_t c);
/* Records an event if the event stream is on; inline so that a run with
 * events off (sweeps, benchmarks) pays one test per call site, not a call. */
static inline void out_event(sp_sim *sim, double t, double dur, uint16_t kind, int32_t disk_index, int64_t req,
                             int64_t logical, int32_t cyl, int32_t surface, int32_t a, int32_t b) {
  if (sim->evcap > 0) out_event_rec(sim, t, dur, kind, disk_index, req, logical, cyl, surface, a, b, 0);
}
void out_flush_due(sp_sim *sim, double upto);
void out_clear_pending(sp_sim *sim);
void out_result(sp_sim *sim, const request *r);
void out_result_logical(sp_sim *sim, const lreq *l);
void out_take_carry(sp_sim *sim);

#endif
