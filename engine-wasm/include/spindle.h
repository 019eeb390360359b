/*
 * spindle.h — the public header of the Spindle disk engine's core. The
 * extensions have headers of their own: spindle_extract.h (track-boundary
 * extraction), spindle_table2d.h (2-D tables on a volume), spindle_fs.h (the
 * file-system reorganization experiment).
 *
 * A Ruemmler–Wilkes (IEEE Computer 1994) grade disk model: zoned layout with
 * skew, sparing and defects; a two-piece or measured seek curve; rotational
 * position from absolute simulated time; controller overhead, bus with read
 * fence, segmented cache with read-ahead and immediate reporting; host and
 * on-disk queues with FCFS/SSTF/LOOK/C-LOOK/SPTF; seeded synthetic workloads
 * and explicit request lists; a fixed-size event stream and per-request results.
 *
 * Conventions (as in Lua's API):
 *  - everything hangs off an opaque sp_sim passed first; there are no globals,
 *    so several sims run side by side and runs are reproducible bit for bit;
 *  - functions that can fail return an sp_status (0 = SP_OK, negative = error)
 *    and leave a readable message in sp_error(sim) naming the field at fault;
 *  - times are milliseconds (double), angles are fractions of a revolution in
 *    [0,1), sizes are sectors, LBNs are int64.
 *
 * Life cycle: sp_new → sp_disk_add/sp_disk_set/sp_disk_add_zone/... →
 * sp_disk_commit (validates, builds the layout) → sp_host_set (optional: the
 * volume the workload addresses; default = disk 0 as it is) → sp_workload_set
 * or sp_submit / sp_request_submit → sp_run (repeatedly: it stops when its
 * chunk buffers are full) → read events/results/stats → sp_free.  sp_reset
 * rewinds a committed sim to time 0 with the same disks and host settings, so
 * a sweep reuses the layout tables.
 *
 * Requests come in two levels. A *logical* request addresses the volume (the
 * host's view: synthetic workloads and sp_submit); the host queues it, its
 * policy maps it to one or more *device* requests, and it completes when all
 * of them have. A device request goes to one device (disk). With the identity
 * policy and no host queue limit (the defaults) the host is a pass-through: a
 * logical request is its one device request, with the same id, and the run is
 * exactly what API 1 produced.
 */
#ifndef SPINDLE_H
#define SPINDLE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SP_API_VERSION 2

typedef struct sp_sim sp_sim;
typedef int32_t sp_status;

enum {
  SP_OK = 0,
  SP_MORE = 1,          /* sp_run: a chunk buffer is full; consume and call again */
  SP_E_INVALID = -1,    /* a parameter or setup value is wrong (see sp_error) */
  SP_E_RANGE = -2,      /* an index, LBN or address is outside what exists */
  SP_E_NOMEM = -3,      /* allocation failed */
  SP_E_STATE = -4,      /* call not allowed now (e.g. before sp_disk_commit) */
  SP_E_LIMIT = -5       /* a documented cap (see SP_MAX_*) would be exceeded */
};

/* Caps: enforced with SP_E_LIMIT so no setup can allocate without bound. */
#define SP_MAX_DISKS          16
#define SP_MAX_ZONES          256
#define SP_MAX_SURFACES       64
#define SP_MAX_CYLINDERS      1000000
#define SP_MAX_TRACKS         4000000     /* cylinders x surfaces, per disk */
#define SP_MAX_SECTORS_PER_TRACK 20000
#define SP_MAX_DEFECTS        100000      /* per disk */
#define SP_MAX_SEEK_POINTS    4096
#define SP_MAX_QUEUE_DEPTH    1024        /* on-disk command queue */
#define SP_MAX_IN_FLIGHT      65536       /* requests arrived, not completed */
#define SP_MAX_SUBMITTED      10000000    /* explicit requests held at once */
#define SP_MAX_CHUNK          1048576     /* events or results per chunk */
#define SP_MAX_CACHE_SEGMENTS 64
#define SP_MAX_WORK_PER_RUN   2000000     /* work one sp_run call does before it returns SP_MORE:
                                             one unit per simulation event, per track a media
                                             access passes, per queued request a scheduler
                                             weighs and per block the file-system experiment's
                                             page cache looks up, so every call is bounded
                                             whatever the request sizes and queue depths */
#define SP_MAX_PENDING_EVENTS 1048576     /* events recorded but not yet due (the future of the
                                             requests under way), per sim: a request passing
                                             more tracks than this allows with the event stream
                                             on fails sp_run with SP_E_LIMIT (no event is ever
                                             dropped silently) */
#define SP_MAX_PIECES         128         /* device requests one logical request may become (a
                                             semi-sequential batch of d blocks is up to 2d: a
                                             block straddling a track's end is two) */
#define SP_MAX_QUAD_DEPTH     64          /* quadrangle depth d (tracks) */
#define SP_MAX_TIME_MS        1000000000000LL /* simulated time (about 31.7 years): arrivals and events
                                             later than this are refused, so times keep
                                             sub-microsecond resolution */

/* ---- Simulation handle ---------------------------------------------------- */


sp_sim     *sp_new(uint64_t seed);        /* NULL only if out of memory */
void        sp_free(sp_sim *sim);
const char *sp_error(const sp_sim *sim);  /* message of the last failure, "" if none */
/* The field the last failure is about, "" if none: the part of sp_error's
 * message before its first ": " when that part names a field, with a disk
 * index written as "disk[N]" (message "disk 2.rpm: ..." -> "disk[2].rpm",
 * "workload.count: ..." -> "workload.count", "zones[3].first_cyl: ..." ->
 * "zones[3].first_cyl", "requests[7].lbn: ..." -> "requests[7].lbn").
 * Zone, defect and seek-table fields are those of the disk passed to the call
 * that failed. A message whose prefix is not a field (it has other spaces or
 * punctuation) gives "". Valid until the next failing call on this sim. */
const char *sp_error_field(const sp_sim *sim);
int32_t     sp_api_version(void);
/* Rewind to time 0: same disks and workload settings, new seed, empty queues,
 * statistics and buffers cleared, submitted requests dropped. */
sp_status   sp_reset(sp_sim *sim, uint64_t seed);

/* ---- Disks ---------------------------------------------------------------- */

/* Scalar disk parameters (sp_disk_set). Defaults in brackets. */
typedef enum sp_disk_param {
  SP_DP_SURFACES = 0,          /* data surfaces (heads) [1] */
  SP_DP_SECTOR_BYTES,          /* bytes per sector [512] */
  SP_DP_RPM,                   /* rotation speed [5400] */
  SP_DP_SEEK_MODEL,            /* SP_SEEK_CURVE or SP_SEEK_TABLE [curve] */
  SP_DP_SEEK_A,                /* curve: d < boundary: a + b*sqrt(d) (ms) */
  SP_DP_SEEK_B,
  SP_DP_SEEK_C,                /* curve: d >= boundary: c + e*d (ms) */
  SP_DP_SEEK_E,
  SP_DP_SEEK_BOUNDARY,         /* cylinders */
  SP_DP_WRITE_SETTLE_MS,       /* added to a write's seek or head switch, may be < 0 (DiskSim) [0] */
  SP_DP_HEAD_SWITCH_MS,        /* switch surface within a cylinder [0] */
  SP_DP_CYL_SWITCH_MS,         /* move to the next cylinder mid-transfer [-1: = seek(1)] */
  SP_DP_ZERO_LATENCY,          /* 1: access-on-arrival reads, and writes unless zero_latency_writes is 0 [0] */
  SP_DP_READ_OVERHEAD_MS,      /* controller overhead, read miss [0] */
  SP_DP_WRITE_OVERHEAD_MS,     /* controller overhead, write (miss) [0] */
  SP_DP_READ_HIT_OVERHEAD_MS,  /* controller overhead, read hit [= read overhead] */
  SP_DP_WRITE_HIT_OVERHEAD_MS, /* controller overhead, immediately reported write [= write overhead] */
  SP_DP_BUS_MS_PER_SECTOR,     /* bus transfer time per sector [0] */
  SP_DP_READ_FENCE_SECTORS,    /* sectors buffered before a read's bus transfer starts [0] */
  SP_DP_CACHE_SEGMENTS,        /* read cache segments, 0 disables the cache [0] */
  SP_DP_CACHE_SEGMENT_SECTORS, /* sectors per segment [0] */
  SP_DP_READ_AHEAD,            /* SP_RA_NONE / SP_RA_TRACK_END / SP_RA_CONTINUE / SP_RA_TRACK_ADAPTIVE [none] */
  SP_DP_WRITE_CACHE,           /* SP_WC_OFF (write-through) / SP_WC_IMMEDIATE (write-back) [off] */
  SP_DP_QUEUE_DEPTH,           /* on-disk command queue depth [1] */
  SP_DP_SCHEDULER,             /* on-disk scheduler, SP_SCHED_* [FCFS] */
  SP_DP_READ_FENCE_FRACTION,   /* fence as a fraction of the request (of the cache segment at
                                  most), rounded down; the larger fence wins [0] (DiskSim's read
                                  water mark by request size; 1: no overlap) */
  SP_DP_WRITE_BUS_MS_PER_SECTOR, /* bus time per sector for writes [-1: = read rate] */
  SP_DP_IMMEDIATE_RULE,        /* SP_IR_ALL, or SP_IR_SEQUENTIAL: only the first write after a
                                  read, or one extending the last write (Ruemmler & Wilkes) [all] */
  SP_DP_READ_AHEAD_MAX_SECTORS,/* read-ahead beyond the request [-1: until the segment is full] */
  /* Controller overheads when the previous request the disk accepted (in
   * arrival order, hits included) was a write: DiskSim's "... after write".
   * The four overheads above apply after a read (and at the first request),
   * and after a write where these are -1 [-1]. */
  SP_DP_READ_OVERHEAD_AFTER_WRITE_MS,      /* read miss after a write */
  SP_DP_WRITE_OVERHEAD_AFTER_WRITE_MS,     /* write (miss) after a write */
  SP_DP_READ_HIT_OVERHEAD_AFTER_WRITE_MS,  /* read hit after a write */
  SP_DP_WRITE_HIT_OVERHEAD_AFTER_WRITE_MS, /* immediately reported write after a write */
  SP_DP_PRESEEK,               /* 1: the next request's positioning may start as soon as the
                                  previous one's media access ends, before its bus transfer is
                                  over; 0: not before the previous request completed (DiskSim
                                  "Preseeking level" 0) [1] */
  /* Rotational phase at t = 0, a fraction of a revolution: the angle under the
   * head is frac(t / revolution + initial_rotation) [0] */
  SP_DP_INITIAL_ROTATION,
  /* Scheduler semantics of teaching simulators (OSTEP's disk.py); all off by
   * default, which is the behaviour of a real drive's queue: */
  SP_DP_SCHED_GATHER,          /* 1: an idle disk decides only after every request arriving at
                                  the same instant is queued [0: the first is served alone] */
  SP_DP_SCHED_WINDOW,          /* > 0: the scheduler considers only the first w queued requests,
                                  in arrival order [0: all] */
  SP_DP_SCHED_BATCH,           /* 1 (with a window): the window is a batch, refilled only when
                                  all of it has been served (BSATF) [0] */
  SP_DP_SCHED_TIE_MS,          /* SPTF: times within this of the best are ties, which go to the
                                  oldest request [0: exact comparison] */
  SP_DP_SSTF_SPTF,             /* 1: SSTF takes the shortest positioning among the requests at the
                                  nearest cylinder distance [0: the oldest of them] */
  SP_DP_SPTF_ACCESS,           /* 1: SPTF compares access times (positioning and transfer: SATF)
                                  [0: positioning only] */
  /* Reduced-fidelity switches (the model ladder of Ruemmler & Wilkes 1994);
   * the defaults are the full model: */
  SP_DP_CONSTANT_MS,           /* >= 0: every I/O takes exactly this long at the disk (no overhead,
                                  mechanism or bus; refused with a cache) [-1: off] */
  SP_DP_SEEK_LINEAR,           /* 1: seek time linear in distance through (1, seek_single_ms) and
                                  (C - 1, seek_full_ms) [0: the curve or table] */
  SP_DP_SEEK_SINGLE_MS,        /* the linear seek's single-cylinder time [-1: the curve's at 1] */
  SP_DP_SEEK_FULL_MS,          /* the linear seek's full-stroke time [-1: the curve's at C - 1] */
  SP_DP_ROTATION_MODEL,        /* SP_ROT_ABSOLUTE / SP_ROT_UNIFORM [absolute] */
  SP_DP_SWITCH_MODEL,          /* SP_SWITCH_EXACT / _FIXED / _NONE [exact] */
  SP_DP_SWITCH_FIXED_MS,       /* SP_SWITCH_FIXED: cost of each head or track switch [0] */
  SP_DP_LAYOUT_MODEL,          /* SP_LAYOUT_DETAILED / SP_LAYOUT_SIMPLE (no skew, no spares, no
                                  defects; fixed at commit) [detailed] */
  SP_DP_TRANSFER_MODEL,        /* SP_XFER_DETAILED / SP_XFER_LINEAR [detailed] */
  /* Where commands wait when the disk holds queue_depth of them: */
  SP_DP_DRIVER_QUEUE,          /* 1: at the host's driver, in arrival order, before the controller
                                  sees them: a command's overhead starts when a slot frees (DiskSim's
                                  driver queue above a disk's "Max queue length"); 0: the controller
                                  takes every command on arrival and runs its overhead at once, and
                                  the excess waits after it [0] */
  /* Controller time between the end of a request's data transfer and its
   * completion reaching the host (DiskSim's "Read/Write completion
   * overhead"); counted in the request's bus time [0] */
  SP_DP_READ_COMPLETION_MS,
  SP_DP_WRITE_COMPLETION_MS,
  /* The bus the disk sits on: 0, its own; k in 1..SP_MAX_DISKS, bus k, which
   * every disk with the same k shares, one holder at a time (DiskSim's
   * exclusive bus, zero arbitration time). On a shared bus the disk holds it
   * while its controller takes a command (the command overhead), for write
   * data, for read data and the read completion overhead, and to send a
   * write's completion; a holding waits for the first free stretch. Refused
   * with the constant-time or linear transfer model [0] */
  SP_DP_SHARED_BUS,
  /* Controller time to prepare a data transfer that follows a command at once:
   * a write's data and a full read hit's (DiskSim's "Data preparation
   * overhead"), after the command overhead [0] */
  SP_DP_DATA_PREP_MS,
  /* A write's media access starts only once this fraction of its sectors
   * (rounded down, at least one) is in the buffer (DiskSim's "Low (write)
   * water mark" with "Set watermark by reqsize = 1"); 0: as soon as each
   * sector's data can arrive before the head reaches it [0] */
  SP_DP_WRITE_WATERMARK,
  /* 1: a read the buffer answers whole while the mechanism is idle sends the
   * mechanism back to read ahead past it, from where its segment's data ends
   * to where a read of the same sectors would read ahead (DiskSim's
   * "Read-ahead on idle hit"); 0: a hit leaves the mechanism idle [0] */
  SP_DP_READ_AHEAD_ON_HIT,
  /* With zero_latency on, 1: writes start where the head lands too; 0: only
   * reads do, writes wait for their first sector (DiskSim's "Immediate buffer
   * read" and "Immediate buffer write", which a drive may set apart) [1] */
  SP_DP_ZERO_LATENCY_WRITES,
  /* A write's first positioning (seek or head switch, settle included) takes
   * at least this long, none on its own track too (DiskSim's "Minimum seek
   * delay", which its controller gives every write that does not continue
   * the write under way) [0] */
  SP_DP_MIN_WRITE_SEEK_MS,
  /* Reconnection (DiskSim's disk disconnects from the bus while its mechanism
   * works and reselects the host to go on). A read that goes to the media
   * waits this long, and the data preparation overhead, before its data
   * crosses the bus; a write (not reported at once), before its status
   * ("First reselect overhead") [0] */
  SP_DP_RESELECT_MS,
  /* After a write's data is in, the controller disconnects: the status can
   * follow no sooner than this ("Write disconnect overhead") [0] */
  SP_DP_WRITE_DISCONNECT_MS,
  /* 1: a write that follows a write and does not start where it ended takes
   * DiskSim's "Extra write disconnect" path, timed by the six below: the
   * mechanism starts command + seek delta after its arrival (instead of the
   * write overhead), its data crosses the bus after command + disconnect +
   * gap + reselect + data preparation, it disconnects for disconnect2 after
   * its data and reselects with reselect_other for its status. One such
   * write at a time, until its data starts [0] */
  SP_DP_EXTRA_WRITE_DISCONNECT,
  SP_DP_EXTRADISC_COMMAND_MS,      /* "Extradisc command overhead" */
  SP_DP_EXTRADISC_SEEK_DELTA_MS,   /* "Extradisc seek delta" */
  SP_DP_EXTRADISC_DISCONNECT_MS,   /* "Extradisc disconnect overhead" */
  SP_DP_EXTRADISC_GAP_MS,          /* "Extradisc inter-disconnect delay" */
  SP_DP_EXTRADISC_DISCONNECT2_MS,  /* "Extradisc 2nd disconnect overhead" */
  SP_DP_RESELECT_OTHER_MS,         /* "Other reselect overhead" */
  /* n > 0: DiskSim's "Maximum number of write segments = n": with
   * write_cache immediate, buffered writes not yet on the media form at most
   * n runs, each within a segment's size; a write (of at most a segment)
   * that continues no run and finds none free waits, its command taken,
   * until a run is destaged. 0: only the segment's size in sectors bounds
   * all of them together [0] */
  SP_DP_WRITE_SEGMENTS,
  /* 1: a read partly in the buffer that finds the disk free sends its
   * buffered part after the read hit overhead however little of it there is,
   * the rest following as the media reads it (DiskSim's "Immed transfer
   * partial hit = 1"); 0: only with at least the read's bus fence buffered,
   * else it waits for the miss overhead and the fence like a miss [0] */
  SP_DP_PARTIAL_HIT_IMMEDIATE,
  /* When a read that needs the mechanism stops a running read-ahead:
   * SP_RAS_DISPATCH, SP_RAS_ARRIVAL or SP_RAS_ARRIVAL_SECTOR [dispatch] */
  SP_DP_READ_AHEAD_STOP,
  /* 1: a write's data stays in a cache segment, readable by later reads,
   * from when it is in the buffer until the segment is reused; writes in
   * sequence while their data is buffered share one segment (DiskSim's
   * "Allow read hits on write data = 1" without a separate write segment).
   * 0: a write leaves nothing readable in the cache [0] */
  SP_DP_READ_HITS_ON_WRITES,
  /* 1: SPTF weighs each request as DiskSim 4.0's SPTF_OPT does: the seek and
   * rotational latency (with zero latency, the wait for the sectors the head
   * passes too) of the request's part on its first track, its transfer left
   * out, from the head's track and angle at the end of its last media
   * activity, the request's access or the read-ahead after it (the disk
   * state DiskSim keeps, not turned on to the decision's time; a read-ahead
   * still running is stopped then: its track, now); 0: from the head now,
   * the engine's yardstick [0] */
  SP_DP_SPTF_DISKSIM,
  /* 1: a read that misses the cache keeps in its segment the sectors of its
   * first track that pass under the head between its landing and its first
   * sector, from the track's first LBN at most (DiskSim's "Read any free
   * blocks = 1": its seek ends reading whatever comes, and an empty segment
   * takes blocks before the read's first); a partial hit's segment, not empty,
   * takes none. The read's own timing is unchanged. 0: the segment starts at
   * the read's first sector [0] */
  SP_DP_READ_ANY_FREE,
  SP_DP_COUNT
} sp_disk_param;

enum { SP_SEEK_CURVE = 0, SP_SEEK_TABLE = 1 };
/* Rotation: ABSOLUTE tracks the platter's angle from time 0; UNIFORM draws
 * each request's rotational wait uniformly in [0, rev) from its own seeded
 * stream, and the tracks after its first follow with no wait (refused with
 * zero-latency access and with schedulers that weigh rotation). */
enum { SP_ROT_ABSOLUTE = 0, SP_ROT_UNIFORM = 1 };
/* Head and cylinder switches inside a request: EXACT (head_switch_ms,
 * cyl_switch_ms, a seek floored by the head switch), FIXED (switch_fixed_ms
 * each, counted from the layout; the first positioning is the seek alone),
 * NONE (free). */
enum { SP_SWITCH_EXACT = 0, SP_SWITCH_FIXED = 1, SP_SWITCH_NONE = 2 };
enum { SP_LAYOUT_DETAILED = 0, SP_LAYOUT_SIMPLE = 1 };
/* Transfer: DETAILED (read fence, bus and media overlapped); LINEAR (after
 * positioning, sectors x max(bus, media) per sector, the mechanism held to
 * the end: no overlap, no write data crossing during the seek). */
enum { SP_XFER_DETAILED = 0, SP_XFER_LINEAR = 1 };
/* Read-ahead after a read, as DiskSim's disk_buffer_get_max_readahead sets
 * it: SP_RA_TRACK_END to the read's end plus read_ahead_max_sectors, never
 * off the read's last track; SP_RA_CONTINUE to the read's end plus
 * read_ahead_max_sectors (without one: until the segment is full);
 * SP_RA_TRACK_ADAPTIVE (DiskSim "Buffer continuous read = 4") to the end of
 * the track holding the LBN after the read, and a track's sectors more when
 * the read's segment starts on an earlier track (a read that crosses a track,
 * or a partial hit on an older segment). A segment holds its size at most:
 * read-ahead past that pushes its oldest sectors out. */
enum { SP_RA_NONE = 0, SP_RA_TRACK_END = 1, SP_RA_CONTINUE = 2, SP_RA_TRACK_ADAPTIVE = 3 };
/* A read that misses the running read-ahead's segment (or is a partial hit
 * on another one) stops it: SP_RAS_DISPATCH when the read is dispatched,
 * after its overhead; SP_RAS_ARRIVAL when it arrives, at once, its
 * positioning starting after its overhead plus what is left of a head
 * switch or seek under way (DiskSim's disk_buffer_stopable_access with "Stop
 * prefetch in sector = 1"); SP_RAS_ARRIVAL_SECTOR the same, the sector under
 * the head (or the rotational wait and first sector after a switch) finished
 * too, its data not kept ("Stop prefetch in sector = 0"). Either way a
 * switch or seek under way is not aborted. A read that waited in the queue
 * while the read-ahead began stops it the same way when it is dispatched
 * (DiskSim activates it then), unless the read-ahead has only just begun. */
enum { SP_RAS_DISPATCH = 0, SP_RAS_ARRIVAL = 1, SP_RAS_ARRIVAL_SECTOR = 2 };
enum { SP_WC_OFF = 0, SP_WC_IMMEDIATE = 1 };
enum { SP_IR_ALL = 0, SP_IR_SEQUENTIAL = 1 };
enum { SP_SCHED_FCFS = 0, SP_SCHED_SSTF = 1, SP_SCHED_LOOK = 2, SP_SCHED_CLOOK = 3,
       SP_SCHED_SPTF = 4, SP_SCHED_COUNT = 5 };

/* Where a zone keeps its spare sectors (slipped defects consume them). */
enum {
  SP_SPARE_NONE = 0,
  SP_SPARE_SECTORS_PER_TRACK = 1,     /* count sectors at the end of every track */
  SP_SPARE_SECTORS_PER_CYLINDER = 2,  /* count sectors at the end of every cylinder */
  SP_SPARE_SECTORS_PER_ZONE = 3,      /* count sectors at the end of the zone */
  SP_SPARE_TRACKS_PER_ZONE = 4        /* count whole tracks at the end of the zone */
};

enum { SP_DEFECT_SLIP = 0, SP_DEFECT_REMAP = 1 };

/* Parameter tables: name, default, range and whole-number flag of every
 * scalar parameter, as the engine checks them (one table in the engine's
 * source; embedders read it instead of repeating it). Row `index` of a table
 * is the parameter whose enum value is `index` (SP_DP_*, SP_WP_*, SP_HP_*, SP_FP_*, SP_FSP_*, SP_SMP_*).
 * A default of -1 where the range starts at -1 means "derived" (see the
 * parameter's comment). SP_E_RANGE for an unknown table or index (count is
 * still filled in for a known table), SP_E_INVALID if out is NULL. */
enum { SP_TABLE_DISK = 0, SP_TABLE_WORKLOAD = 1, SP_TABLE_HOST = 2, SP_TABLE_FLASH = 3, SP_TABLE_FS = 4,
       SP_TABLE_SMR = 5 };
typedef struct sp_param_info {     /* 72 bytes */
  char    name[40];                /* snake_case, as in error messages; NUL-terminated */
  double  def, lo, hi;
  int32_t whole;                   /* 1: only whole numbers are accepted */
  int32_t count;                   /* rows in this table */
} sp_param_info;
sp_status sp_param_info_get(int32_t table, int32_t index, sp_param_info *out);

/* Adds an empty disk; returns its index (>= 0) or a negative status. */
int32_t   sp_disk_add(sp_sim *sim);
/* Values outside the parameter's range (sp_param_info_get) are refused. After
 * commit the rules commit checks still hold: surfaces is fixed, the seek model
 * becomes 'table' only on a disk with seek points, and cache segments of 0
 * sectors are refused when a run starts (set the size before the count). */
sp_status sp_disk_set(sp_sim *sim, int32_t disk, sp_disk_param param, double value);
double    sp_disk_get(const sp_sim *sim, int32_t disk, sp_disk_param param); /* NaN if bad */
/* Zones are added in cylinder order and must cover cylinders 0..last without
 * gaps or overlaps. Skews are in sectors of this zone. */
sp_status sp_disk_add_zone(sp_sim *sim, int32_t disk, int32_t first_cyl, int32_t last_cyl,
                           int32_t sectors_per_track, int32_t track_skew, int32_t cyl_skew,
                           int32_t spare_kind, int32_t spare_count);
/* Per-zone layout parameters (sp_disk_set_zone), in DiskSim's meaning:
 *  SP_ZP_FIRST_BLOCK_OFFSET: angle of slot 0 of the zone's first track, in
 *    sectors of this zone (fractional allowed): [0, sectors_per_track), or -1
 *    = derived (the skew carries on from the previous zone's last track plus
 *    this zone's cylinder skew; zone 0 starts at 0) [-1]. DiskSim "Offset of
 *    first block": each zone restarts its skew from here.
 *  SP_ZP_FRONT_SPACE_SECTORS: sectors at the zone's front that hold no LBN,
 *    a whole number >= 0 [0]: the zone's first data slots in LBN order
 *    (slipped slots are stepped over), whole tracks or not, placed before any
 *    LBN of the zone. DiskSim "Empty space at zone front". Neither is a spare.
 *  SP_ZP_SPARE_RANGE_CYLINDERS: with the sectors-per-zone spare kind, a whole
 *    number of cylinders > 0 makes the spare count apply to every range of
 *    that many cylinders, counted from the zone's first, at the range's end; a
 *    partial last range has none [0: the spares are at the zone's end].
 *    DiskSim "Rangesize for sparing" with sparing scheme 8 (SECTPERRANGE).
 * Set before commit (the layout is fixed after it); zone is an index given by
 * sp_disk_add_zone's order. sp_disk_get_zone returns NaN if anything is bad. */
enum { SP_ZP_FIRST_BLOCK_OFFSET = 0, SP_ZP_FRONT_SPACE_SECTORS = 1, SP_ZP_SPARE_RANGE_CYLINDERS = 2, SP_ZP_COUNT };
sp_status sp_disk_set_zone(sp_sim *sim, int32_t disk, int32_t zone, int32_t param, double value);
double    sp_disk_get_zone(const sp_sim *sim, int32_t disk, int32_t zone, int32_t param);
/* A defective physical sector (slot) and how the drive hides it. */
sp_status sp_disk_add_defect(sp_sim *sim, int32_t disk, int32_t cyl, int32_t surface,
                             int32_t slot, int32_t policy);
/* A measured seek point (distance in cylinders > 0, time in ms); linear
 * interpolation between points, used when SP_DP_SEEK_MODEL = SP_SEEK_TABLE.
 * Past the last point the table's last slope is extended, so with the table
 * model a last point faster than the one before it is refused (at commit, or
 * when the model is switched to the table after commit), naming that point:
 * seek times could not go negative. Dips inside a table (measurement noise
 * in real drives' tables) are accepted. */
sp_status sp_disk_add_seek_point(sp_sim *sim, int32_t disk, int32_t distance, double ms);
/* Validates everything and builds the layout; required before mapping or running. */
sp_status sp_disk_commit(sp_sim *sim, int32_t disk);
int32_t   sp_disk_count(const sp_sim *sim);

/* ---- Devices ------------------------------------------------------------------ */

/* Devices share the disks' index space: device i is disk i (sp_disk_count
 * counts every device). A flash device (sp_flash_add) is refused by the disk
 * calls (sp_disk_set, sp_disk_commit, ...: "disk N: device N is a flash device"); a
 * shingled drive (sp_smr_add) is a disk and takes them all. */
enum { SP_DEV_DISK = 0, SP_DEV_FLASH = 1, SP_DEV_SMR = 2 };
int32_t   sp_device_kind(const sp_sim *sim, int32_t device);   /* SP_DEV_*, or SP_E_RANGE */

/* ---- Flash devices (flash.c) ------------------------------------------------------------ */

/* A flash device (an NVCache beside the platters): constant access time over
 * its address space, one operation at a time in arrival order (FIFO), running
 * concurrently with every disk's mechanism. Times:
 *   read  = read_ms + read_ms_per_kb * KB
 *   write = (write_ms + write_ms_per_kb * KB) / write_factor
 * (KB = sectors * sector_bytes / 1024); a pinned write (the NVCache policy's)
 * costs pin_ms more, an unpin costs pin_ms of the device's time. The defaults
 * are ESTIMATED from the surviving axis ranges of Bisson & Brandt's Fig. 2
 * (a SanDisk Ultra II CompactFlash card): 2 KB writes ~2.1 ms, 64 KB ~4.9 ms;
 * pin/unpin "microseconds". Erase accounting (erase_mode): SP_ERASE_PER_WRITE
 * (every write operation erases one block) or SP_ERASE_IDEAL_LOG (erases =
 * bytes written / erase_block_bytes). Requests may be submitted straight to a
 * flash device (sp_request_submit; lbn < capacity_sectors): events ARRIVE,
 * FLASH_READ / FLASH_WRITE (the operation, with its duration), COMPLETE.
 * Parameters are fixed once a run has started. */
typedef enum sp_flash_param {
  SP_FP_CAPACITY_SECTORS = 0, /* sectors; the NVCache policy's FQueue size [163840 = 80 MB] */
  SP_FP_SECTOR_BYTES,         /* [512] */
  SP_FP_READ_MS,              /* r0 [0.4, estimated] */
  SP_FP_READ_MS_PER_KB,       /* r1 [0.1, estimated] */
  SP_FP_WRITE_MS,             /* w0 [2.0, estimated] */
  SP_FP_WRITE_MS_PER_KB,      /* w1 [0.045, estimated] */
  SP_FP_WRITE_FACTOR,         /* write performance factor: write time is divided by it [1] */
  SP_FP_PIN_MS,               /* pin / unpin cost [0.005] */
  SP_FP_ERASE_BLOCK_BYTES,    /* [131072, estimated] */
  SP_FP_ENDURANCE,            /* erase cycles per block [100000] */
  SP_FP_ERASE_MODE,           /* SP_ERASE_PER_WRITE / SP_ERASE_IDEAL_LOG [per-write] */
  SP_FP_COUNT
} sp_flash_param;
enum { SP_ERASE_PER_WRITE = 0, SP_ERASE_IDEAL_LOG = 1 };

/* Adds a flash device; returns its device index (>= 0) or a negative status. */
int32_t   sp_flash_add(sp_sim *sim);
sp_status sp_flash_set(sp_sim *sim, int32_t device, sp_flash_param param, double value);
double    sp_flash_get(const sp_sim *sim, int32_t device, sp_flash_param param);   /* NaN if bad */
/* Time of one operation of `sectors` (is_write: 0 read, 1 write, 2 pinned
 * write), without waiting; NaN if bad. */
double    sp_flash_op_ms(const sp_sim *sim, int32_t device, int32_t is_write, int32_t sectors);

typedef struct sp_flash_stats {    /* 64 bytes */
  int64_t reads, writes, unpins;
  int32_t pad, erase_mode;
  double  bytes_read, bytes_written;
  double  busy_ms;                 /* time the device spent on operations */
  double  erases;                  /* by the device's erase mode */
} sp_flash_stats;
sp_status sp_flash_stats_get(const sp_sim *sim, int32_t device, sp_flash_stats *out);

/* ---- Shingled (SMR) drives (disk/smr*.c) ------------------------------------------------ */

/* A shingled drive is a disk (every sp_disk_* call applies: zones, seek,
 * cache, commit) whose tracks, past `conventional_tracks` at the outer edge,
 * are shingled in bands of `band_tracks` tracks, each followed by
 * `guard_tracks` tracks that hold no data (a band restarts at each of the
 * disk's zones; bands are laid over the layout's track order, cylinder by
 * cylinder). Band reads and rewrites are media accesses of the disk itself,
 * so their times come from its own seek, rotation and transfer.
 *
 * Host-managed (SP_SMR_HOST_MANAGED, the ZBC/ZAC zone model): the
 * conventional tracks are conventional zones of band_tracks tracks (written
 * anywhere); each band is a sequential-write-required zone with a write
 * pointer. A write must start at its zone's write pointer and end inside the
 * zone; it moves the pointer by its length at arrival (the zone becomes
 * implicitly open, or full at its end). Any other write is refused: its
 * result has status SP_RQ_UNALIGNED_WRITE (ZBC sense ILLEGAL REQUEST,
 * ASC/ASCQ 21h/04h) or SP_RQ_WRITE_BOUNDARY (21h/05h), it completes after the
 * write overhead without touching the media, an SP_EV_ZONE_REFUSED event is
 * recorded and sp_error() names it. Reads are served anywhere. Zone calls
 * (sp_zone_action) act at sp_now(), taking no device time.
 *
 * Drive-managed (SP_SMR_DRIVE_MANAGED, as Aghayev & Desnoyers measured the
 * Seagate ST5000AS0011, "Skylight", FAST 2015): the conventional tracks at
 * the outer edge are a persistent media cache; the host sees the rest (host
 * LBN x is the disk's LBN x + the cache's LBNs, sp_smr_stats.mc_sectors). A
 * write at its band's in-place frontier (a band written from its start, in
 * order, never rewritten) goes to the band; any other write is appended to
 * the media cache (a circular log; SP_EV_MC_APPEND). Cleaning a band is one
 * job on the mechanism: read the whole band, rewrite it (its cached sectors
 * merged: the cache frees them); SP_EV_BAND_CLEAN at its start (dur = its
 * length) and end. It runs when the drive has been idle clean_idle_ms (and
 * goes on, band after band, while nothing arrives), or at once when a write
 * does not fit in the cache: that write and every later write wait for it
 * (the stall); reads are served meanwhile once it ends. The band cleaned is
 * the one with the most sectors in the cache. Simplifications: a read is
 * timed at its home location even when its newest copy is in the cache; a
 * write larger than the whole cache is written in place; a band clean is
 * not interrupted. Results carry the host LBN; events carry where the head
 * went (a cached write: the cache). Layout queries (sp_lbn_to_phys, ...)
 * take the disk's own LBNs. */
enum { SP_SMR_DRIVE_MANAGED = 1, SP_SMR_HOST_MANAGED = 2 };
typedef enum sp_smr_param {
  SP_SMP_MODE = 0,             /* SP_SMR_DRIVE_MANAGED / SP_SMR_HOST_MANAGED [drive-managed] */
  SP_SMP_BAND_TRACKS,          /* tracks per band (zone) [64] */
  SP_SMP_GUARD_TRACKS,         /* empty tracks after each band [1] */
  SP_SMP_CONVENTIONAL_TRACKS,  /* unshingled tracks at the outer edge: the media cache, or the
                                  conventional zones [64]; drive-managed needs >= 1 */
  SP_SMP_CLEAN_IDLE_MS,        /* drive-managed: idle time before cleaning starts; -1 = never
                                  in idle time (only when the cache is full) [1000] */
  SP_SMP_COUNT
} sp_smr_param;
/* Result status of a request (sp_result.status). */
enum { SP_RQ_OK = 0, SP_RQ_UNALIGNED_WRITE = 1, SP_RQ_WRITE_BOUNDARY = 2 };
/* Zone types and conditions (ZBC's, numbered as ZBC reports them). */
enum { SP_ZONE_CONVENTIONAL = 1, SP_ZONE_SEQ_REQUIRED = 2, SP_ZONE_BAND = 4 };
enum { SP_ZC_NOT_WP = 0, SP_ZC_EMPTY = 1, SP_ZC_IMPLICIT_OPEN = 2, SP_ZC_EXPLICIT_OPEN = 3, SP_ZC_CLOSED = 4,
       SP_ZC_FULL = 0xE };
enum { SP_ZA_OPEN = 0, SP_ZA_CLOSE = 1, SP_ZA_FINISH = 2, SP_ZA_RESET = 3 };

/* Adds a shingled drive (an empty disk to configure and commit); returns its index. */
int32_t   sp_smr_add(sp_sim *sim);
/* Shingling parameters: set before commit (the layout depends on them), but
 * clean_idle_ms until the run starts. */
sp_status sp_smr_set(sp_sim *sim, int32_t device, sp_smr_param param, double value);
double    sp_smr_get(const sp_sim *sim, int32_t device, sp_smr_param param);   /* NaN if bad */

typedef struct sp_zone {           /* 48 bytes: a zone (host-managed) or band (drive-managed) */
  int64_t first_lbn, lbns;         /* host LBNs */
  int64_t wp;                      /* write pointer (host LBN); a band: its in-place frontier */
  int64_t cached;                  /* drive-managed: this band's sectors in the media cache */
  int32_t type, cond;              /* SP_ZONE_*, SP_ZC_* */
  int32_t first_track, tracks;     /* the disk's tracks it covers, guard tracks included */
} sp_zone;
/* After commit. Zones are in LBN order; sp_zone_of_lbn: the zone holding a
 * host LBN (or SP_E_RANGE). */
int32_t   sp_zone_count(sp_sim *sim, int32_t device);
sp_status sp_zone_get(sp_sim *sim, int32_t device, int32_t zone, sp_zone *out);
int32_t   sp_zone_of_lbn(sp_sim *sim, int32_t device, int64_t lbn);
/* Host-managed: open, close, finish (pointer to the end: full) or reset
 * (pointer to the start: empty) a sequential-write-required zone, or every
 * one (zone = -1, ZBC's ALL bit) at sp_now(). A conventional zone is refused
 * (SP_E_INVALID), a drive-managed drive too (SP_E_STATE). Records
 * SP_EV_ZONE_WP when the pointer or condition changes. */
sp_status sp_zone_action(sp_sim *sim, int32_t device, int32_t zone, int32_t action);

typedef struct sp_smr_stats {      /* 96 bytes */
  int64_t mc_sectors;              /* media cache size (host-managed: 0) */
  int64_t mc_used;                 /* sectors in it now */
  int64_t mc_appends, mc_written;  /* writes appended to it, and their sectors */
  int64_t in_place_writes;         /* writes that went straight to their band or zone */
  int64_t cleans;                  /* bands cleaned */
  int64_t stalls;                  /* writes that waited for a clean */
  int64_t refused;                 /* host-managed: writes refused */
  double  clean_ms;                /* mechanism time spent cleaning */
  double  stall_ms;                /* time writes waited for cleaning */
  int32_t zones, cleaning;         /* zone count; the band being cleaned (-1: none) */
  int32_t mc_first_track, mc_tracks;   /* where the media cache lies (tracks) */
} sp_smr_stats;
sp_status sp_smr_stats_get(sp_sim *sim, int32_t device, sp_smr_stats *out);

/* ---- Layout queries (after commit) ------------------------------------------ */

typedef struct sp_phys {
  int32_t cyl, surface, slot;   /* slot: physical sector index on the track */
  int32_t zone;
  int32_t slots_per_track;      /* physical sectors on this track, spares included */
  int32_t remapped;             /* 1 if this LBN lives in a spare, away from home */
  double  angle;                /* angle at which the slot begins, [0,1) */
} sp_phys;

typedef struct sp_track {
  int64_t first_lbn;            /* first LBN whose home is this track (-1 if none) */
  int32_t lbn_count;            /* LBNs whose home is this track */
  int32_t cyl, surface, zone;
  int32_t slots;                /* physical sectors, spares included */
  double  slot0_angle;          /* angle of slot 0 (skew accumulated) */
} sp_track;

int64_t   sp_disk_capacity(const sp_sim *sim, int32_t disk);    /* LBNs, or negative status */
int32_t   sp_disk_cylinders(const sp_sim *sim, int32_t disk);
int32_t   sp_disk_track_count(const sp_sim *sim, int32_t disk); /* cylinders x surfaces */
sp_status sp_lbn_to_phys(sp_sim *sim, int32_t disk, int64_t lbn, sp_phys *out);
/* LBN stored in a slot: >= 0, or -1 for a spare, -2 for a defective slot. */
sp_status sp_phys_to_lbn(sp_sim *sim, int32_t disk, int32_t cyl, int32_t surface,
                         int32_t slot, int64_t *lbn_out);
sp_status sp_track_info(sp_sim *sim, int32_t disk, int32_t track_index, sp_track *out);
/* Index of the track holding an LBN's home (track_index = cyl*surfaces+surface). */
int32_t   sp_track_of_lbn(sp_sim *sim, int32_t disk, int64_t lbn);
double    sp_seek_time(const sp_sim *sim, int32_t disk, int32_t distance); /* ms; NaN if bad */
double    sp_revolution_ms(const sp_sim *sim, int32_t disk);
/* Platter angle at an absolute simulated time: frac(t / revolution). */
double    sp_angle_at(const sp_sim *sim, int32_t disk, double time_ms);

/* Service-time breakdown of one access from a given head position and time,
 * computed without changing any state (what-if; used by SPTF and the UI). */
typedef struct sp_breakdown {
  double seek_ms, rotation_ms, transfer_ms, switch_ms, total_ms;
  int32_t head_switches, cyl_switches, tracks;
  int32_t target_cyl, target_surface;
} sp_breakdown;
sp_status sp_access_time(sp_sim *sim, int32_t disk, int32_t from_cyl, int32_t from_surface,
                         double start_ms, int64_t lbn, int32_t sectors, int32_t is_write,
                         sp_breakdown *out);

/* ---- Workloads ---------------------------------------------------------------- */

typedef enum sp_workload_param {
  SP_WP_ARRIVALS = 0,      /* SP_ARRIVE_CLOSED / SP_ARRIVE_OPEN [closed] */
  SP_WP_OUTSTANDING,       /* closed: logical requests always outstanding (1 = onereq, 2 = tworeq) [1] */
  SP_WP_THINK_MS,          /* closed: delay between a completion and the next issue [0] */
  SP_WP_RATE_PER_S,        /* open: Poisson arrival rate [100] */
  SP_WP_COUNT,             /* number of synthetic requests [0 = none] */
  SP_WP_PATTERN,           /* SP_PATTERN_RANDOM / SP_PATTERN_SEQUENTIAL / SP_PATTERN_DESKTOP [random] */
  SP_WP_SIZE_DIST,         /* SP_SIZE_FIXED / SP_SIZE_UNIFORM / SP_SIZE_EXPONENTIAL [fixed] */
  SP_WP_SIZE_SECTORS,      /* fixed size, or mean (exponential), or minimum (uniform) [8] */
  SP_WP_SIZE_MAX_SECTORS,  /* uniform maximum; cap for exponential [= size] */
  SP_WP_SIZE_TRACKS,       /* > 0: size is this many volume units (sp_volume_unit: a track with
                              the identity policy) of the unit holding the start [0] */
  SP_WP_READ_FRACTION,     /* probability a request is a read [1] */
  SP_WP_REGION_FIRST_LBN,  /* region of the volume the workload touches (volume blocks) [0] */
  SP_WP_REGION_LBNS,       /* its length; 0 = to the end of the volume [0] */
  SP_WP_ALIGN,             /* SP_ALIGN_NONE / SP_ALIGN_TRACK: start on a volume unit boundary
                              (sp_volume_unit: a track with the identity policy) [none] */
  /* The desktop pattern (SP_PATTERN_DESKTOP) only: */
  SP_WP_BURST_REQUESTS,    /* open arrivals: mean requests per burst (geometric, >= 1) [16] */
  SP_WP_BURST_GAP_MS,      /* open arrivals: mean gap between requests in a burst (exponential) [2] */
  SP_WP_IDLE_MS,           /* open arrivals: mean idle gap between bursts (exponential) [1000] */
  SP_WP_NEAR_FRACTION,     /* probability a write lands near the previous write [0.5] */
  SP_WP_NEAR_SECTORS,      /* the near component's reach, sectors [2048 = 1 MB] */
  SP_WP_COUNT_PARAMS
} sp_workload_param;

enum { SP_ARRIVE_CLOSED = 0, SP_ARRIVE_OPEN = 1 };
enum { SP_PATTERN_RANDOM = 0, SP_PATTERN_SEQUENTIAL = 1, SP_PATTERN_DESKTOP = 2 };
/* SP_PATTERN_DESKTOP: a desktop's disk traffic, shaped like Bisson & Brandt's
 * traces. With open arrivals it is an on/off process (rate_per_s is not
 * used): bursts of a geometric number of requests (mean burst_requests),
 * exponential gaps of mean burst_gap_ms inside a burst and of mean idle_ms
 * between bursts (each gap ends the burst with probability 1/burst_requests);
 * the first request arrives at 0. With closed arrivals, think_ms paces it as
 * any pattern. Reads land uniformly over the region. A write lands near the
 * previous write with probability near_fraction: d sectors from its end,
 * either way, d = floor((near_sectors + 1)^u) - 1 for u uniform in [0, 1),
 * log-uniform over [0, near_sectors) so short distances are the most frequent
 * and the frequency falls to near_sectors (the shape of the paper's Fig. 4:
 * falling to about 1 MB, flat beyond); otherwise uniformly over the region,
 * the flat part. A write kept inside the region stays within near_sectors of
 * the previous end as long as sizes do not exceed near_sectors. The first
 * write has no previous one: uniform. Sizes come from size_dist,
 * size_sectors and size_max_sectors; desktop-like sizes of 0.5-128 KB are
 * size_dist exponential, size_sectors 16 (8 KB mean), size_max_sectors 256.
 * Draws come from the same per-consumer streams as the other patterns
 * (arrivals: gaps; sizes; locations: near or far, distance, position; mix:
 * read or write), so choosing it changes no other pattern's requests. */
enum { SP_SIZE_FIXED = 0, SP_SIZE_UNIFORM = 1, SP_SIZE_EXPONENTIAL = 2 };
enum { SP_ALIGN_NONE = 0, SP_ALIGN_TRACK = 1 };

sp_status sp_workload_set(sp_sim *sim, sp_workload_param param, double value);
double    sp_workload_get(const sp_sim *sim, sp_workload_param param);

/* Flags of a submission. SP_SUBMIT_LINKED: more requests of this batch follow
 * at the same instant; a device dispatches none of a batch's requests (nor
 * anything else) until the batch's last request (flag clear) is in its queue,
 * so its scheduler (SPTF) chooses among all of them. A linked batch of logical
 * requests is held in the host queue the same way, and the device requests
 * the host issues at one instant go to each device as one linked batch.
 * 0/1 are still read/write, as the is_write argument of API 1 was. */
enum { SP_SUBMIT_WRITE = 1, SP_SUBMIT_LINKED = 2, SP_SUBMIT_SEMISEQ = 4, SP_SUBMIT_AFTER_PREVIOUS = 8 };
/* SP_SUBMIT_AFTER_PREVIOUS (both calls): a closed request. Its arrival_ms is
 * a think time (>= 0): it arrives that long after the previous explicit
 * request (the one submitted just before it) completes, or after the start
 * if it is the first. A list of them replays a trace closed, one request
 * outstanding (DiskSim's validate mode), in ordinary sp_run chunks. It cannot
 * be linked, and a request with an absolute time cannot follow it. */
/* SP_SUBMIT_SEMISEQ (sp_submit, quadrangle volumes only): a semi-sequential
 * request. `sectors` = count * b (b = SP_HP_BLOCK_SECTORS) and vlbn a multiple
 * of b: the count blocks of b sectors at vlbn, vlbn + p*w*b, vlbn + 2*p*w*b, ...
 * (one column of a quadrangle, the next rows down: all on one device). It is one
 * logical request whose pieces reach that device together (see
 * SP_HP_PRESCHEDULE). */

/* Explicit requests (trace replay), in one list for both calls: arrivals must
 * not decrease across it. Each returns its index in the list (>= 0) or a
 * negative status. A request may be submitted after the run began, at or
 * after sp_now().
 * sp_submit: a logical request to the volume (vlbn in volume blocks).
 * sp_request_submit: a device request straight to one device, bypassing the
 * host (its logical id is its own id in pass-through, -1 otherwise).
 * Device requests get ids (sp_event.req, sp_result.id) in arrival order,
 * shared with synthetic requests; logical requests have their own counter
 * (in pass-through they are their device request and share its id). */
int64_t   sp_submit(sp_sim *sim, double arrival_ms, int64_t vlbn, int32_t sectors, int32_t flags);
int64_t   sp_request_submit(sp_sim *sim, int32_t device, double arrival_ms, int64_t lbn,
                            int32_t sectors, int32_t flags);

/* ---- The host: volume, policy, host queue ------------------------------------------ */

typedef enum sp_host_param {
  SP_HP_POLICY = 0,        /* SP_POLICY_* [identity] */
  SP_HP_FIRST_DEVICE,      /* the volume is devices first .. first+count-1 [0] */
  SP_HP_DEVICES,           /* count [1]; identity needs exactly 1 */
  SP_HP_STRIPE_SECTORS,    /* stripe: unit in sectors [0 = use SP_HP_STRIPE_TRACKS] */
  SP_HP_STRIPE_TRACKS,     /* stripe: unit = this many whole tracks of each device; needs
                              identical device layouts [1] */
  SP_HP_SCHEDULER,         /* host queue order, by volume block: SP_SCHED_FCFS / SSTF / CLOOK [FCFS] */
  SP_HP_QUEUE_DEPTH,       /* logical requests outstanding at the devices at once; 0 = no limit [0] */
  SP_HP_BLOCK_SECTORS,     /* quadrangle: VLBN size b in sectors; 2-D tables: the cell size [1] */
  SP_HP_DEPTH,             /* quadrangle: depth d in tracks; 0 = D, the largest depth the
                              one-revolution constraint allows for b (cyclic form) [0] */
  SP_HP_ZONE,              /* quadrangle: the zone used (the same on every device); -1 = the
                              first zone holding data (outermost) [-1] */
  SP_HP_FIRST_TRACK,       /* quadrangle: first track used, counted from the zone's first [0] */
  SP_HP_TRACKS,            /* quadrangle: tracks of the zone used from there; 0 = to its end [0] */
  SP_HP_PRESCHEDULE,       /* how the device requests issued at one instant reach a device:
                              SP_PRESCHED_LINKED, _ON or _OFF [linked] */
  SP_HP_FLASH_DEVICE,      /* nvcache: the flash device holding the FQueue; -1 = none [-1] */
  SP_HP_ESTIMATOR,         /* nvcache: ACCESS_TIME: SP_EST_MIMIC / _EXPECTED / _EXACT [mimic] */
  SP_HP_HIGH_WATERMARK,    /* nvcache: flushing starts at this fraction of the FQueue [1] */
  SP_HP_LOW_WATERMARK,     /* nvcache: ... and runs down to this fraction [0.9] */
  SP_HP_IDLE_PURGE,        /* nvcache: 1 = write FQueue entries back while the host queue is
                              empty and the disk idle [1] */
  SP_HP_FAILED_DEVICE,     /* raid4/raid5: the failed device (one of the volume's), its blocks
                              reconstructed from the others; -1 = none [-1] */
  SP_HP_RMW_FRACTION,      /* raid4/raid5: DiskSim's "RMW vs. reconstruct" (below) [0.5] */
  SP_HP_DEVICE_QUEUE,      /* raid4/raid5: 1 = the host holds each device's requests and sends
                              it one at a time, in SP_HP_SCHEDULER's order by device LBN (DiskSim's
                              driver); 0 = each goes to its device at once [0] */
  SP_HP_COUNT
} sp_host_param;

/* identity: the volume is one device, block for block.
 * stripe (RAID-0 over p devices): with a unit of u sectors, unit k is on device
 * k mod p at device LBN (k / p) * u; capacity = p * floor(min capacity / u) * u.
 * With a unit of k tracks, volume row r is tracks r*k .. r*k+k-1 of each device
 * in turn (all devices must have identical layouts), so every unit is whole
 * tracks; capacity = p * device capacity.
 * A logical request becomes one device request per device it touches (the
 * pieces on one device are contiguous there and are merged). */
enum { SP_POLICY_IDENTITY = 0, SP_POLICY_STRIPE = 1, SP_POLICY_QUADRANGLE = 2, SP_POLICY_NVCACHE = 3,
       SP_POLICY_RAID4 = 4, SP_POLICY_RAID5 = 5, SP_POLICY_COUNT };

/* raid4 / raid5 over N >= 2 devices, as DiskSim 4.0 lays out and drives a
 * "Parity_disk" / "Parity_rotated" (rotation type 1) striped array
 * (disksim_redun.c; the rules and their check against DiskSim's own disk
 * requests: DiskSim's synthetic reference, arrays/README and raid_rules.py).
 * U = SP_HP_STRIPE_SECTORS (> 0), D = N - 1 data units per row.
 *  Layout: volume block L is in unit u = L / U at offset L mod U, in row
 *  s = u / D as data unit k = u mod D; row s is device blocks s*U .. s*U+U-1
 *  of every device. raid4: data unit k on device k, parity on device N-1.
 *  raid5 (left-symmetric): parity on N-1 - (s mod N), data unit k on
 *  (parity + 1 + k) mod N. Capacity = D * floor(min capacity / U) * U.
 *  Reads: one read per piece (parity is never read).
 *  Writes, row by row; t = data units of the row touched, [lo, hi) = the
 *  lowest to highest offset touched in the row; parity is written over [lo, hi):
 *   t = D: no reads (DiskSim writes the parity without reading the rest of a
 *     partly written unit);
 *   t < floor(SP_HP_RMW_FRACTION * N): read-modify-write: read the old data of
 *     the pieces and the old parity over [lo, hi);
 *   else reconstruct-write: read what is not written in [lo, hi) of the row's
 *     data units.
 *   A write within one row touching two units whose offset ranges do not meet
 *   (the end of unit k, the start of k+1) is two read-modify-writes, each with
 *   its own parity piece.
 *  Pieces of one direction on one device at most 32 sectors apart are joined
 *  into one request covering the gap. A write waits for the request's reads on
 *  its device and, when it carries a row's parity, for its reads touching that
 *  row; the logical request completes with its last device request. The
 *  policy issues its device requests itself, none of them linked
 *  (SP_HP_PRESCHEDULE does not apply). With SP_HP_DEVICE_QUEUE it holds them
 *  per device and sends the next when the device's last completes, as
 *  DiskSim's driver does with one request at a time per disk: by C-LOOK the
 *  lowest LBN at or past the last one sent's (so a write follows the read of
 *  its own blocks), SSTF the nearest, FCFS the oldest; writes released by a
 *  completion join the queue before the next is chosen.
 *  Degraded (SP_HP_FAILED_DEVICE, Spindle's own rules: DiskSim's reference has
 *  none): nothing is read from or written to the failed device. A read of its
 *  piece reads the same offsets of every other device of the row (XOR of them
 *  all). A write: a row whose parity is on the failed device writes its data
 *  only; otherwise the parity over [lo, hi) is computed where the failed
 *  device's unit is written from the other units (reading what is not
 *  written of them) and elsewhere by read-modify-write, so every block of the
 *  failed device stays the XOR of the others. */

/* nvcache (Bisson & Brandt, flash-backed I/O requests on a hybrid disk): the
 * volume is one disk (first_device); the flash device SP_HP_FLASH_DEVICE holds
 * the non-volatile FQueue, a DRAM FQueue of the same size (its capacity in
 * sectors) mirrors it. The host queue is the paper's Request Queue: one
 * request at the disk at a time (queue_depth 0 or 1). Each write leaving it:
 *  1. COALESCE_WITH_FQUEUE: FQueue entries it overlaps without covering, or
 *     touches (LBA-adjacent), are merged with it (transitively) into one disk
 *     write, unpinned and removed from both FQueues (REDIRECT a = 2);
 *  2. else h_n = ACCESS_TIME(head, n), n_nn = ACCESS_TIME(n, nn), f_n = the
 *     flash's pinned-write time for n's size, h_nn = ACCESS_TIME(head, nn),
 *     where head = the LBA after the last disk I/O and nn = the request the
 *     host scheduler would take next (none: n_nn = h_nn = 0); redirect to flash
 *     if h_n + n_nn > f_n + h_nn (ties go to the disk) and the FQueue has room
 *     (a = 1; no room: a = 3; the test fails: a = 0). While flushing no write
 *     is redirected (a = 3, no times computed).
 *  Entries a write covers entirely are overwritten (dropped: the newer data
 *  supersedes them) whichever way it goes. A redirected write completes when
 *  its pinned flash write does (latency = completion on non-volatile media -
 *  arrival); its data stays in the DRAM FQueue. On the flash the FQueue is a
 *  log in the flash's own address space (its records and events name flash
 *  sectors, never the disk's LBNs): each entry is written right after the
 *  newest one; when the next would pass the flash's end, the live entries are
 *  first packed to its start, oldest first (an ideal cleaner: no device time),
 *  so every entry is one extent inside the device, no two overlap, and an
 *  unpin names where its entry lies then. Reads wholly inside one
 *  entry are answered from DRAM at arrival (response 0). At the high
 *  watermark (or when a write finds no room) flushing starts: the oldest
 *  entry is written back, alternating 1:1 with the host queue's requests,
 *  until the low watermark. With SP_HP_IDLE_PURGE, entries are written back
 *  oldest first while the host queue is empty and the disk idle; an arrival
 *  stops the purge after the write under way. An entry written back leaves
 *  the FQueues (and is unpinned) when its disk write completes. When the
 *  requests end, idle purge writes back everything left (a run ends with an
 *  empty FQueue and every redirected write on the disk exactly once, unless a
 *  later write overwrote it); without it, what is left stays in the FQueues
 *  (on flash, so nothing is lost, but not on the disk: fq_entries says how much).
 * ACCESS_TIME (controller overhead + positioning + transfer):
 *  SP_EST_MIMIC: a table of mean access time vs |LBN distance| (log bins),
 *    size (1 and 256 sectors, interpolated) and direction, measured on the
 *    simulated disk at commit from a fixed pseudo-random set of starts;
 *  SP_EST_EXPECTED: seek(cylinder distance) + half a revolution (none when
 *    n starts where the head is) + n's transfer at its track's rate;
 *  SP_EST_EXACT: the mechanism's own plan from the disk's head position now
 *    (h_n, h_nn) and from n's end position when n would end (n_nn). */
enum { SP_EST_MIMIC = 0, SP_EST_EXPECTED = 1, SP_EST_EXACT = 2 };

/* SP_HP_PRESCHEDULE. LINKED: one linked batch per device (the device waits for
 * all of it, then its scheduler chooses: SCSI's Link bit). ON: not linked, but
 * the request of least positioning time, predicted from the head position
 * deduced from that device's last completion seen by the host (at now + the
 * controller overhead), is sent first (Atropos's "pre-scheduling"). OFF: not
 * linked, in the policy's order (an idle disk starts the first it receives). */
enum { SP_PRESCHED_LINKED = 0, SP_PRESCHED_ON = 1, SP_PRESCHED_OFF = 2 };

/* Host settings may change until the run starts (sp_reset rewinds). */
sp_status sp_host_set(sp_sim *sim, sp_host_param param, double value);
double    sp_host_get(const sp_sim *sim, sp_host_param param);      /* NaN if bad */
/* Validates the policy against the committed devices (the field is named on
 * failure, e.g. "host.devices: 5 devices from 0, but the sim has 4"). sp_run,
 * sp_submit and the volume queries commit implicitly with the current
 * settings if not done. */
sp_status sp_host_commit(sp_sim *sim);

/* The NVCache policy's figures (zero before a run). Fractions are of writes
 * decided (redirected, coalesced) and of writes redirected (overwritten).
 * Write latency: sp_stats_get(sim, SP_HOST_WRITES, ...) and its percentiles
 * and histogram (the CDF). flush/purge_disk_ms: disk time (arrival to
 * completion, one request at the disk at a time) of write-backs. Lifetime:
 * endurance * (flash capacity / erase block) / erases per year, at the rate
 * of the simulated time so far (INFINITY without erases). */
typedef struct sp_nvcache_stats {  /* 192 bytes */
  int64_t writes, reads;           /* decided writes; reads leaving the queue or answered */
  int64_t redirected, coalesced, overwritten, no_room, read_hits;
  int64_t flush_writes, purge_writes, flush_episodes, disk_writes;
  int64_t fq_entries, fq_sectors, fq_peak_sectors;
  double  frac_redirected, frac_coalesced, frac_overwritten;
  double  write_latency_mean_ms;   /* = SP_HOST_WRITES' response mean */
  double  flush_disk_ms, purge_disk_ms, disk_busy_ms;
  double  flash_bytes_written, erases, lifetime_years;
} sp_nvcache_stats;
sp_status sp_nvcache_stats_get(const sp_sim *sim, sp_nvcache_stats *out);

/* One redirection decision (recorded while the event stream is on, at most
 * SP_MAX_DECISIONS per run; REDIRECT's c is its index, -1 if none). */
typedef struct sp_decision {       /* 72 bytes */
  int64_t req;                     /* the write's logical id */
  int64_t head_lbn, lbn, next_lbn; /* next_lbn: -1 if no next request; lbn, next_lbn: volume blocks;
                                      head_lbn: where the last disk I/O ended on the disk's own layout
                                      (a drive-managed shingled drive's: its media cache first) */
  double  h_n, n_nn, f_n, h_nn;
  int32_t outcome, sectors;        /* outcome: REDIRECT's a */
} sp_decision;
#define SP_MAX_DECISIONS (1 << 20)
int32_t   sp_decision_count(const sp_sim *sim);
sp_status sp_decision_get(const sp_sim *sim, int32_t index, sp_decision *out);
int64_t   sp_volume_capacity(sp_sim *sim);        /* volume blocks (sectors), or negative status */
sp_status sp_volume_map(sp_sim *sim, int64_t vlbn, int32_t *device, int64_t *lbn);
/* The unit (stripe unit; with the identity policy, the track) holding vlbn. */
sp_status sp_volume_unit(sp_sim *sim, int64_t vlbn, int64_t *first, int64_t *count);

/* ---- Quadrangle volumes (Atropos: Schindler et al., FAST 2004) -------------------------
 * SP_POLICY_QUADRANGLE over p devices with the same sectors per track N in the
 * chosen zone. Usable tracks: the zone's tracks (from SP_HP_FIRST_TRACK, for
 * SP_HP_TRACKS) holding N LBNs on every device with no slipped or remapped
 * defect, in LBN order; row r of a device is its r-th usable track (rows are
 * cut to a multiple of d). A VLBN is b sectors (volume block = sector, VLBN v =
 * volume blocks [v*b, (v+1)*b)); w = floor(N/b) VLBNs per track row, R = N - w*b
 * residual sectors per track (not in the volume).
 *   u = v / w (track-row unit), j = v mod w, device = first + u mod p,
 *   r = u / p, quadrangle q = r / d, i = r mod d,
 *   DLBN = first_lbn(row r's track) + ((i + j)*b mod N)      (rotated modulo N)
 * so the block of row i+1 in column j starts b sectors (plus the skew H the head
 * passes in a track switch) after row i's ends: a diagonal. A block that
 * straddles the track's end becomes two device requests (the diagonal never
 * breaks). VLBNs v, v + p*w, v + 2*p*w, ... are semi-sequential (SP_SUBMIT_SEMISEQ).
 * A request covering a whole track row reads the whole track (zero-latency
 * access works; residual sectors are read and dropped); whole rows on
 * consecutive tracks of a device merge into one device request.
 * Capacity = p * rows * w * b volume blocks. sp_volume_unit gives the row
 * (Atropos's get_boundaries): first = u*w*b, count = w*b. */
typedef struct sp_volume_info {   /* 112 bytes, no padding */
  int32_t policy, p;              /* SP_POLICY_QUADRANGLE, devices */
  int32_t N, H, H_eff;            /* data sectors per track; track skew; the largest skew a
                                     quadrangle crosses (cylinder skew too when it can cross a cylinder) */
  int32_t b, w, d, residual;      /* VLBN size, VLBNs per row, depth used, R = N - w*b */
  int32_t D, D_linear;            /* one-revolution constraint solved for d (b fixed): cyclic
                                     floor(N/(b+H_eff)); linear floor((N+H_eff)/(b+H_eff)) */
  int32_t b_max, b_max_linear;    /* ... for b (d fixed): floor(N/d)-H_eff; floor((N+H_eff)/d)-H_eff */
  int32_t zone, first_track;      /* the zone; the first usable track (device index) */
  int32_t rows, quadrangles;      /* per device */
  int32_t failing;                /* quadrangle columns (over all devices) whose exact cyclic check fails */
  int32_t cyclic_ok, linear_ok;   /* 1: every quadrangle column passes the exact check */
  int64_t vlbns;                  /* capacity in VLBNs */
  double  switch_sectors;         /* the head switch time in sectors of the zone */
  double  slack_sectors;          /* exact cyclic check, worst quadrangle column: sectors left in the
                                     revolution (negative: overflow) */
  double  slack_linear_sectors;   /* the same for the linear form (first row to last only) */
} sp_volume_info;
/* The exact check of a quadrangle column, from the engine's own slot angles and
 * switch times (reads): walk the column's blocks (pieces) in row order; each
 * step from one block's end to the next block's start costs the positioning
 * move (head switch, or seek with the head switch as a floor) and, if the
 * move outlasts the gap, a whole revolution more; cyclic: add the move from
 * the last row back to row 0; slack = one revolution - that total, in sectors.
 * Cyclic slack >= 0: a batch served from ANY first block needs no rotational
 * wait after it (SPTF's case); linear slack >= 0: only from row 0. */
sp_status sp_volume_info_get(sp_sim *sim, sp_volume_info *out);
/* The exact check of the column holding vlbn (volume block): its slacks, in sectors. */
sp_status sp_volume_slack(sp_sim *sim, int64_t vlbn, double *cyclic_sectors, double *linear_sectors);
/* Atropos's get_rectangle: the first volume block of each of the d blocks of
 * vlbn's semi-sequential set (its quadrangle's column, rows 0..d-1), in row
 * order. Returns d (writing at most max), or a negative status. */
int32_t   sp_volume_rectangle(sp_sim *sim, int64_t vlbn, int64_t *out, int32_t max);
/* The inverse of sp_volume_map (quadrangle volumes): the volume block stored at
 * a device's LBN; SP_E_RANGE if that LBN is not in the volume (a residual
 * sector, an unused track). */
sp_status sp_volume_unmap(sp_sim *sim, int32_t device, int64_t lbn, int64_t *vlbn);

/* ---- Running and output --------------------------------------------------------- */

/* Event kinds. Fields of sp_event by kind (device events: disk = the device;
 * host events: disk = 0xFFFF, req = logical = the logical id, cyl = vlbn >> 31,
 * surface = vlbn & 0x7fffffff):
 *  ARRIVE     time; req; cyl/surface = target; a = sectors; b = is_write
 *  QUEUE_HOST time; req; waits for a command slot at the disk (the driver's
 *             per-disk FIFO); a = that FIFO's length after. With driver_queue it
 *             comes at arrival, before the command's OVERHEAD
 *  QUEUE_DISK time; req; a = disk queue length after; b = 1 for the destage of an
 *             immediately reported write (same req id), 0 for a host command
 *  DISPATCH   time; req; a = scheduler; b = disk queue length after
 *  OVERHEAD   time, dur; req; a = 0 the command's, 1 its completion overhead (ends at COMPLETE)
 *  SEEK       time, dur; cyl = to; a = from cylinder; surface = to surface; b = from surface
 *  ROTATE     time, dur; cyl/surface; angle = at start; a = slot awaited
 *  TRANSFER   time, dur; cyl/surface; a = first slot; b = slots passed; angle = at start
 *  HEAD_SWITCH time, dur; surface = to; a = from surface; cyl
 *  CYL_SWITCH time, dur; cyl = to; a = from cylinder
 *  BUS        time, dur; req; a = sectors
 *  CACHE_HIT  time; req; a = sectors found in the cache; b = 1 full, 0 partial
 *             (a queued read the cache answers leaves the disk queue here, with
 *             no DISPATCH: it never uses the mechanism)
 *  READ_AHEAD time, dur; cyl/surface; a = first slot; b = slots
 *  COMPLETE   time; req; dur = response time
 *  DESTAGE    time; req (immediately reported write now going to the media)
 *  HOST_ARRIVE   time; a logical request arrives at the host; a = sectors; b = is_write
 *  HOST_QUEUE    time; it joins the host queue; a = host queue length after
 *  HOST_ISSUE    time; it leaves the host queue for the devices; a = device requests
 *                it became; b = host queue length after
 *  HOST_COMPLETE time; its last device request completed; dur = response;
 *                a = sectors; b = is_write
 *  FLASH_READ  start, dur = the operation; req; cyl = lbn >> 31, surface = lbn & 0x7fffffff;
 *              a = sectors
 *  FLASH_WRITE the same; b = 0 plain write, 1 pinned write (pin + write), 2 unpin
 *              (a = the sectors unpinned; req = -1)
 *  REDIRECT    host event: a write's decision (nvcache); req = logical; cyl/surface = vlbn;
 *              a = 0 disk / 1 flash / 2 coalesced / 3 no room; b = sectors; c = its
 *              sp_decision index (-1: none computed)
 *  FQ_ADD      host event; req = logical; cyl/surface = vlbn; a = FQueue sectors after; b = sectors
 *  FQ_REMOVE   host event; req = the entry's logical; cyl/surface = vlbn; a = FQueue sectors
 *              after; b = reason 0 coalesced / 1 flushed / 2 purged / 3 overwritten; c = sectors
 *  FQ_WRITEBACK host event: an entry's write-back leaves for the disk; req = the device
 *              request; cyl/surface = vlbn; a = 1 flush / 2 purge; b = sectors
 *  FLUSH       host event; a = 1 flushing begins / 0 ends; b = FQueue sectors
 *  FS_OPEN     host event (the file-system experiment, below): a client opens a file;
 *              req = client; a = file; b = its size in blocks
 *  FS_MISS     host event: page-cache misses leave as one disk read; req = client;
 *              cyl/surface = its vlbn; a = blocks; b = its block group
 *  REORG_PHASE host event: the reorganizer enters a phase; a = SP_FS_PHASE_* (1..4)
 *  REORG_MOVE  host event: a file was moved (copied, old blocks freed); req = client;
 *              a = from group; b = to group; c = the file
 *  EPOCH       host event: an epoch closed; a = its index; b = the phase at its end
 *  MC_APPEND   a shingled drive put a write in its media cache; req; cyl/surface = where in the
 *              cache; a = sectors; b = cache sectors used after; c = the band of its home
 *  BAND_CLEAN  a band's read-modify-write; a = band; b = 1 start (dur = its length) / 0 end;
 *              c = the band's cached sectors merged; req = 0xFFFFFFFF (the drive's own work)
 *  ZONE_WP     a zone's write pointer or condition changed; cyl/surface = where the pointer is;
 *              a = zone; b = sectors written in it; c = its condition (SP_ZC_*)
 *  ZONE_REFUSED a write refused (host-managed); req; a = zone; b = SP_RQ_* status;
 *              c = sectors written in the zone (where the write should have started)
 * Every device event carries the platter angle at `time` in `angle` (host
 * events: 0), and in `logical` the logical request it serves (pass-through:
 * = req; a device request submitted straight to a device outside
 * pass-through, or a read-ahead: 0xFFFFFFFF). `c` is 0 except for REDIRECT, FQ_REMOVE, REORG_MOVE and the shingled drive's. */
enum {
  SP_EV_ARRIVE = 1, SP_EV_QUEUE_HOST, SP_EV_QUEUE_DISK, SP_EV_DISPATCH, SP_EV_OVERHEAD,
  SP_EV_SEEK, SP_EV_ROTATE, SP_EV_TRANSFER, SP_EV_HEAD_SWITCH, SP_EV_CYL_SWITCH,
  SP_EV_BUS, SP_EV_CACHE_HIT, SP_EV_READ_AHEAD, SP_EV_COMPLETE, SP_EV_DESTAGE,
  SP_EV_HOST_ARRIVE, SP_EV_HOST_QUEUE, SP_EV_HOST_ISSUE, SP_EV_HOST_COMPLETE,
  SP_EV_FLASH_READ, SP_EV_FLASH_WRITE, SP_EV_REDIRECT,
  SP_EV_FQ_ADD, SP_EV_FQ_REMOVE, SP_EV_FQ_WRITEBACK, SP_EV_FLUSH,
  SP_EV_FS_OPEN, SP_EV_FS_MISS, SP_EV_REORG_PHASE, SP_EV_REORG_MOVE, SP_EV_EPOCH,
  SP_EV_MC_APPEND, SP_EV_BAND_CLEAN, SP_EV_ZONE_WP, SP_EV_ZONE_REFUSED,
  SP_EV_KIND_COUNT
};

typedef struct sp_event {          /* 56 bytes, no padding */
  double   time_ms;
  double   dur_ms;
  double   angle;
  uint32_t req;                    /* device request id; host events: the logical id */
  uint16_t kind;
  uint16_t disk;                   /* device index; 0xFFFF for host events */
  int32_t  cyl, surface, a, b;
  uint32_t logical;                /* the logical request this belongs to (pass-through: = req) */
  int32_t  c;                      /* extra payload for kinds that need it (0 otherwise) */
} sp_event;

/* One completed request: 152 bytes, no padding. Device requests have disk >= 0;
 * outside pass-through every logical request also gets a record, with disk = -1:
 * lbn = vlbn, dispatch = when it left the host queue, queue = its host queue
 * wait, overhead = 0, seek/rotation/transfer/switch/bus and the switch counts
 * = sums over its parts, response = complete - arrival (its latest part's
 * completion - its arrival), head = 0, cache = the lowest of its parts'. */
typedef struct sp_result {
  int64_t  id;
  int64_t  lbn;
  int64_t  logical;                /* device request: its logical request (-1: none);
                                      logical record: its own id */
  int32_t  sectors, is_write, disk, cache;   /* cache: 0 miss, 1 partial hit, 2 full hit, 3 immediate report */
  double   arrival_ms, dispatch_ms, complete_ms;
  double   queue_ms, overhead_ms, seek_ms, rotation_ms, transfer_ms, switch_ms, bus_ms;
  double   response_ms, head_ms;
  int32_t  head_switches, cyl_switches;
  int32_t  parts;                  /* logical record: device requests it became; device request: 1 */
  int32_t  status;                 /* SP_RQ_*: 0 done; a shingled drive's refusal (ZBC sense) otherwise */
} sp_result;

/* Output buffers: chunk capacities (0 disables that stream; events are off by
 * default so sweeps and benchmarks pay nothing for them). Reconfiguring empties
 * both chunk buffers: read what an sp_run left in them first. */
sp_status sp_output_configure(sp_sim *sim, int32_t event_capacity, int32_t result_capacity);
/* Runs until every request completes, until simulated time `until_ms` (< 0: no
 * limit), or until a buffer fills (returns SP_MORE). Bounded work per call.
 * A failure once the run has started (a cap reached, out of memory) is
 * sticky: every later sp_run fails with the same status and message until
 * sp_reset. A run refused before it starts (a setting) can be fixed and run. */
sp_status sp_run(sp_sim *sim, double until_ms);
const sp_event  *sp_events(const sp_sim *sim);      /* valid until the next sp_run */
int32_t          sp_event_count(const sp_sim *sim);
const sp_result *sp_results(const sp_sim *sim);
int32_t          sp_result_count(const sp_sim *sim);
double           sp_now(const sp_sim *sim);
int32_t          sp_done(const sp_sim *sim);        /* 1 when nothing is left to run */
/* Head position now (for drawing between events). */
int32_t          sp_head_cyl(const sp_sim *sim, int32_t disk);
int32_t          sp_head_surface(const sp_sim *sim, int32_t disk);

/* ---- Statistics --------------------------------------------------------------------- */

/* The `disk` argument of the statistics calls: >= 0 one device, -1 all devices,
 * SP_HOST the logical requests (queue = host queue wait; in pass-through the
 * same figures as all devices). */
#define SP_HOST (-2)
#define SP_HOST_WRITES (-3)        /* logical writes only (outside pass-through) */

typedef struct sp_stats {
  int64_t completed, reads, writes, cache_hits;
  double  first_arrival_ms, last_complete_ms;
  double  response_mean_ms, response_sd_ms, response_min_ms, response_max_ms;
  double  p50_ms, p90_ms, p95_ms, p99_ms;
  double  throughput_per_s;                 /* completed / (last complete - first arrival) */
  double  mb_per_s;
  double  head_mean_ms, head_sd_ms;         /* mean head time per request */
  double  queue_mean_ms, overhead_mean_ms, seek_mean_ms, rotation_mean_ms,
          transfer_mean_ms, switch_mean_ms, bus_mean_ms;
  double  efficiency;                       /* sum media transfer / sum head time */
  double  head_switch_fraction;             /* requests with at least one head/cyl switch */
} sp_stats;

sp_status sp_stats_get(sp_sim *sim, int32_t disk, sp_stats *out); /* -1: all devices; SP_HOST */
/* Starts every statistics figure afresh (each device, all devices, the volume and its writes,
 * with their histograms): from now on they describe the requests that complete after this call,
 * as at the end of a warm-up. The run, its events and its results go on unchanged. */
sp_status sp_stats_clear(sp_sim *sim);
double    sp_response_percentile(const sp_sim *sim, int32_t disk, double p); /* p in [0,1]; NaN if bad or none */
/* Percentiles (here and in sp_stats) come from a log-linear histogram: each
 * is within 0.01 ms of the exact order statistic below 20.48 ms and within
 * 0.1 % (1/1024) of it above, at any scale (clamped to the observed min/max).
 * Response-time histogram: `bins` (1..100000) counts of width bin_ms
 * (>= 0.01) starting at 0; the last bin also counts everything above. Each
 * count is placed by the middle of its internal bin, so a response lies at
 * most 0.1 % of its value away from the bin it is counted in. */
sp_status sp_response_histogram(sp_sim *sim, int32_t disk, double bin_ms,
                                int32_t bins, uint32_t *counts_out);

/* The demerit figure of Ruemmler & Wilkes (1994): the root-mean-square
 * horizontal distance between the two response-time distributions (CDFs),
 * in ms, and as a fraction of `a`'s mean. Pure function: no sim needed.
 * SP_E_INVALID unless every time is in [0, SP_MAX_TIME_MS] and both have one. */
sp_status sp_demerit(const double *a, int32_t na, const double *b, int32_t nb,
                     double *demerit_ms, double *relative);


#ifdef __cplusplus
}
#endif
#endif
