/*
 * spindle_fs.h — the file-system reorganization experiment (fs, page cache, web workload, reorganizer) run inside a sim.
 * An extension of the engine (engine-wasm/src/ext/): it drives a sim through
 * the core's public API (spindle.h) and keeps its state in a slot of the sim.
 */
#ifndef SPINDLE_FS_API_H
#define SPINDLE_FS_API_H

#include "spindle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The file-system reorganization experiment (fs.c, pagecache.c, webbench.c, reorg.c) ----
 * Edwards & Song's dynamic reorganization of a read-mostly ext2 (EXPERIMENTS.md section 4).
 * With SP_FSP_ENABLED = 1 the run is this experiment instead of the synthetic workload:
 *  - an ext2-like file system over a partition of the volume (4 KB blocks, block groups with
 *    an inode table of 128-byte inodes at each group's start, files = inode + block runs),
 *    populated at the start of the run (copy by copy: its directories, then its files) by the
 *    FFS rule: a new file's inode goes to a group with fewer allocated inodes than the average
 *    (the first such from a rotating cursor; all equal: the cursor's group), its blocks come from its inode's group while that group has at least the average free blocks,
 *    else from the group with the most free blocks, contiguous runs first;
 *  - a WebBench-like file set: `copies` identical copies of `files_per_copy` files of
 *    log-normal sizes (sigma size_sigma, clipped to [min_bytes, max_bytes], scaled so that a
 *    copy holds copy_mb), each file in one of `classes` usage classes (drawn once per file)
 *    whose shares of the accesses follow Zipf (class k: 1/(k+1)^zipf, normalized over the
 *    classes that have files), at a directory depth
 *    1..max_depth (each directory on its path costs an inode read and a directory-block read);
 *  - `clients` closed-loop clients: each request = pick a class by its share, a copy and a file
 *    of that class uniformly; look up its path, read its inode, read every data block, then
 *    cpu_ms of server time and the reply over the network (net_mbps, one FIFO link; 0: none),
 *    then think_ms, then the next request. Every block read goes through the page cache (LRU
 *    of cache_mb of 4 KB blocks); the misses of one step leave as disk reads of contiguous runs
 *    (logical requests on the volume, through the host like sp_submit's), and the step ends
 *    when the last completes. A block being read counts as cached from the moment its read
 *    is issued (a second client does not read it again, nor wait for it);
 *  - the reorganizer (policy != NONE), in cycles: phase 1 logs every open (per file: count,
 *    last access, most frequent predecessor; 32 B per file logged + 16 B per predecessor entry)
 *    until log_limit_bytes or log_ms; phase 2 gives every file a goal (its desired first data
 *    block) by the policy, inside a target region of the data's size x region_slack centred in
 *    the partition (directories stay where they are); phase 3 moves a file when it is first
 *    opened, after its data is read and before the reply (the client waits): its blocks are read through the page cache, written at the goal (the
 *    new inode in the goal's group, data from the goal onward: the first free stretch of its
 *    whole size within four groups, else the first free blocks), then
 *    the old ones are freed; files within near_groups groups of their goal stay. Phase 3 ends
 *    after move_ms (> 0), when no move is wanted any more, or at the end of a whole epoch of
 *    phase 3 in which nothing moved; then phase 4 (steady) lasts cycle_ms before logging starts
 *    again (0: for ever), and the next placement wants only the files then away from their new
 *    goals. A plan that does not fit its region wants nothing (phase 4 at once). With policy
 *    NONE the phase is 0 (baseline ext2) throughout.
 * Time runs in epochs of epoch_ms from 0; the clients never stop, so call sp_run(sim, until)
 * with a finite `until` (e.g. (k + 1) * epoch_ms, repeatedly while it returns SP_MORE); an
 * epoch is recorded when the clock passes its end. The experiment draws from its own random
 * stream: enabling it changes nothing in any other run. Parameters are fixed once the run has
 * started (sp_reset rewinds: the file system is built again at the next start).
 * The caps: at most SP_MAX_FS_FILES files, SP_MAX_FS_GROUPS groups, SP_MAX_FS_EPOCHS epochs. */
typedef enum sp_fs_param {
  SP_FSP_ENABLED = 0,          /* 1: the run is this experiment (the synthetic workload is off) [0] */
  SP_FSP_PARTITION_FIRST,      /* the partition's first volume block (sector) [0] */
  SP_FSP_PARTITION_BLOCKS,     /* its size in 4 KB blocks [0: 28 % of the volume, the paper's 5 of 18 GB] */
  SP_FSP_BLOCKS_PER_GROUP,     /* block group size [32768: ext2's for 4 KB blocks, 128 MB] */
  SP_FSP_INODES_PER_GROUP,     /* inodes per group (its table: whole blocks of 32 inodes) [8192] */
  SP_FSP_FILES_PER_COPY,       /* files in one copy of the file set [6000: "> 6,000 files"] */
  SP_FSP_COPIES,               /* copies of the file set [20: "duplicated over 20 times"] */
  SP_FSP_COPY_MB,              /* data in one copy, MB [75] */
  SP_FSP_SIZE_SIGMA,           /* log-normal sigma of file sizes [2, estimated] */
  SP_FSP_MIN_BYTES,            /* smallest file [6] */
  SP_FSP_MAX_BYTES,            /* largest file [1048576] */
  SP_FSP_ZIPF,                 /* skew of the usage classes' shares [1] */
  SP_FSP_CLASSES,              /* usage classes [5, estimated] */
  SP_FSP_MAX_DEPTH,            /* deepest directory level of a file [4, estimated] */
  SP_FSP_CLIENTS,              /* closed-loop clients [16] */
  SP_FSP_THINK_MS,             /* a client's pause between requests [0] */
  SP_FSP_CACHE_MB,             /* page cache [400: "nearly 400 MB"] */
  SP_FSP_NET_MBPS,             /* network to the clients, Mbit/s [0: no cap; the paper's 100] */
  SP_FSP_CPU_MS,               /* server time per request (> 0: a request all in the cache still takes time) [0.05, estimated] */
  SP_FSP_EPOCH_MS,             /* epoch length [300000: "about five minutes"] */
  SP_FSP_POLICY,               /* SP_FS_POLICY_* [none: baseline ext2] */
  SP_FSP_LOG_LIMIT_BYTES,      /* phase 1's memory limit [5e6: "5 MB"] */
  SP_FSP_LOG_MS,               /* phase 1's time limit [1.8e6: 30 minutes] */
  SP_FSP_MOVE_MS,              /* phase 3's time limit [0: until an epoch moves nothing] */
  SP_FSP_CYCLE_MS,             /* phase 4 (steady) lasts this long, then logging again [0: for ever] */
  SP_FSP_REGION_SLACK,         /* target region = data size x this, centred in the partition [1.1] */
  SP_FSP_NEAR_GROUPS,          /* a file starting within this many groups of its goal stays [1] */
  SP_FSP_COUNT
} sp_fs_param;

/* Placement policies (SP_FSP_POLICY): most-opened files to the centre of the region (organ
 * pipe), compress (the current order packed into the region), access sequences (chains of
 * most frequent predecessors), last modification time. */
enum { SP_FS_POLICY_NONE = 0, SP_FS_POLICY_CENTRE = 1, SP_FS_POLICY_COMPRESS = 2,
       SP_FS_POLICY_SEQUENCES = 3, SP_FS_POLICY_MTIME = 4, SP_FS_POLICY_COUNT = 5 };
/* The reorganizer's phases (sp_fs_epoch.phase, REORG_PHASE's a). */
enum { SP_FS_PHASE_BASELINE = 0, SP_FS_PHASE_LOGGING = 1, SP_FS_PHASE_PLACEMENT = 2,
       SP_FS_PHASE_MOVING = 3, SP_FS_PHASE_STEADY = 4 };

#define SP_MAX_FS_FILES  4194304
#define SP_MAX_FS_GROUPS 4096
#define SP_MAX_FS_EPOCHS 4096
#define SP_FS_SEEK_BINS  32

/* Values outside a parameter's range (sp_param_info_get, SP_TABLE_FS) are refused;
 * SP_E_STATE once the run has started. sp_fs_get: NaN if bad. */
sp_status sp_fs_set(sp_sim *sim, sp_fs_param param, double value);
double    sp_fs_get(const sp_sim *sim, sp_fs_param param);
/* Builds and populates the file system (drawing the file set, then creating every directory
 * and file), a bounded slice per call like sp_run: SP_MORE until it is complete, then SP_OK;
 * fails naming the field when the file set does not fit the partition. Not called, sp_run
 * does the same at the start (returning SP_MORE, with no output, while it builds). A
 * parameter set or sp_reset between slices starts the build again. Until complete the
 * queries below answer SP_E_STATE. */
sp_status sp_fs_commit(sp_sim *sim);
/* How much of the build is done, 0..1 (1: built; 0: not begun), for a progress bar. */
double    sp_fs_build_progress(const sp_sim *sim);

typedef struct sp_fs_info {        /* 88 bytes, no padding */
  int64_t partition_first;         /* volume block (sector) */
  int64_t partition_blocks;        /* 4 KB blocks */
  int64_t data_blocks;             /* blocks holding file and directory data */
  int64_t bytes_stored;            /* bytes of file data (never changes across moves) */
  int64_t region_first, region_blocks;   /* the target region (partition blocks; 0, 0 before the first placement) */
  int32_t groups, blocks_per_group;
  int32_t files, dirs;             /* regular files (indices 0..files-1), directories */
  int32_t first_cyl, last_cyl;     /* cylinders of the partition's first and last block (on its disk) */
  int32_t disk, phase;             /* the disk holding the partition's first block; the phase now */
  int32_t epochs, pad;             /* epochs recorded */
} sp_fs_info;
sp_status sp_fs_info_get(sp_sim *sim, sp_fs_info *out);   /* SP_E_STATE before sp_fs_commit / a run */

typedef struct sp_fs_epoch {       /* 200 bytes, no padding */
  int32_t index, phase;            /* phase at the epoch's end (SP_FS_PHASE_*) */
  double  start_ms, end_ms;
  int64_t requests, bytes;         /* whole-file requests completed, bytes delivered */
  int64_t cache_lookups, cache_hits, disk_reads, disk_blocks;   /* block lookups; disk reads issued and their blocks */
  int64_t files_moved, bytes_moved, log_bytes, logged_opens;    /* log_bytes, logged_opens: the log now */
  double  req_per_s, mb_per_s, hit_ratio;
  double  seek_mean_cyl, seek_mean_frac, seek_mean_ms;   /* the disk's seeks in the epoch (frac: of the
                                                            partition's cylinders); zero-length ones count */
  int64_t seeks, disk_writes, write_blocks;              /* seeks; the moves' disk writes and their blocks */
  int64_t files_to_move, bytes_to_move;                  /* moves still wanted at the epoch's end */
  double  response_mean_ms;        /* mean request time, start to last byte delivered */
} sp_fs_epoch;
int32_t   sp_fs_epoch_count(const sp_sim *sim);
sp_status sp_fs_epoch_get(const sp_sim *sim, int32_t index, sp_fs_epoch *out);
int32_t   sp_fs_group_count(const sp_sim *sim);   /* block groups of the partition (0 before commit) */
/* Per group: disk blocks read and written there (data and inodes) in epoch `index`. n must be
 * at least the group count (SP_E_RANGE otherwise); the same for the calls below. */
sp_status sp_fs_group_accesses(const sp_sim *sim, int32_t index, int64_t *out, int32_t n);
/* Per group now: files whose data starts there, and files whose goal is there (zeros before
 * the first placement and in baseline runs). goal may be NULL. */
sp_status sp_fs_group_files(const sp_sim *sim, int32_t *now, int32_t *goal, int32_t n);
/* Seek-distance histogram of epoch `index`: SP_FS_SEEK_BINS bins; bin 0 counts distance 0,
 * bins 1..31 split distances 1..cylinders-1 of the disk evenly (bin 1 + (d-1)*31/(C-1)). */
sp_status sp_fs_seek_hist(const sp_sim *sim, int32_t index, int64_t *out, int32_t n);

#ifdef __cplusplus
}
#endif
#endif
