/*
 * fsexp.c — the file-system reorganization experiment inside a run: its
 * parameters (SP_TABLE_FS), the public sp_fs_* calls, and the glue between
 * the engine's event loop and the file system (fs.c), the page cache
 * (pagecache.c), the workload (webbench.c) and the reorganizer (reorg.c).
 *
 * A client's request is a list of steps, each a set of blocks read through
 * the page cache: per directory on the path its inode block then its data
 * block, then the file's inode block, then its data blocks. The misses of a
 * step leave at once as disk reads (logical requests on the volume, tagged
 * with the client: the host calls its done hook); the next step starts when
 * the last completes. In phase 3 a wanted file is then moved: its blocks read
 * through the cache, written at the new place (inode block and data runs),
 * the old place freed. Then cpu_ms and the network deliver the reply (an
 * EV_EXT timer), and the client starts its next request after think_ms.
 * Timers (EV_EXT, the event's disk field): -1 an epoch ends, -2 a phase's
 * deadline, 2c client c's reply delivered, 2c + 1 client c starts.
 */
#include "policy.h"
#include "spindle_fs.h"
#include "disk.h"
#include "params.h"
#include "fs.h"
#include "pagecache.h"
#include "webbench.h"
#include "reorg.h"
#include "fsexp.h"
#include "ext.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>


#define TIMER_EPOCH (-1)
#define TIMER_PHASE (-2)
#define MAX_READ_BLOCKS 128          /* a disk read is at most 512 KB */
#define SP_MAX_FS_CLIENTS_CHECKED 4096   /* fsexp_check: moves under way at once (one per client) */

enum { IO_STEPS = 0, IO_MOVE_READ = 1, IO_MOVE_WRITE = 2 };

typedef struct fs_client {
  int32_t file, step, nsteps, pending, io;
  double start;
  int32_t mv_inode, mv_nruns;          /* the move under way: the new place */
  fs_run *mv_runs;
} fs_client;

typedef struct ep_acc {                /* the epoch being counted */
  int64_t requests, bytes, lookups, hits, reads, read_blocks, writes, write_blocks, moved, moved_bytes, seeks;
  double resp_sum, seek_cyl_sum, seek_ms_sum;
  int64_t hist[SP_FS_SEEK_BINS];
} ep_acc;

struct fsexp {
  fs *f; pcache *pc; wb w; reorg *rg;
  int32_t nfiles, ndirs;
  int32_t *file_obj, *dir_obj;         /* webbench file / directory -> fs object */
  int64_t part_first; int32_t spb;     /* first volume block; sectors per 4 KB block */
  int32_t disk, first_cyl, last_cyl, cylinders;
  fs_client *cl; int32_t nclients;
  double net_free;
  int32_t nepochs, epcap;
  sp_fs_epoch *ep; int64_t *ep_group, *ep_hist;
  ep_acc cur; int64_t *cur_group;
  double moving_since;
  int32_t moves_in_flight;
  int64_t *blk; fs_run *runs; int32_t bufcap;
  int64_t data_blocks, bytes_stored;
  int32_t running;                     /* clients and timers started */
  int32_t complete;                    /* built: the file set drawn and every object created */
  int64_t made;                        /* objects created so far (the build goes a slice per call) */
};

typedef struct fsexp fsexp;

/* The experiment's slot in the sim (ext.h): its parameters, and its state once built. */
typedef struct fs_slot { double p[SP_FSP_COUNT]; fsexp *x; } fs_slot;

static const ext_ops fs_ext;

static fs_slot *slot_of(const sp_sim *sim) { return ext_state(sim, &fs_ext); }

/* Its state once built (NULL: not built, or still building). */
static fsexp *built(const sp_sim *sim) {
  const fs_slot *s = slot_of(sim);
  return s && s->x && s->x->complete ? s->x : NULL;
}

/* The slot, attached with the parameters' defaults on first use (NULL: failed, message set). */
static fs_slot *attach(sp_sim *sim) {
  fs_slot *s = slot_of(sim);
  if (s) return s;
  if (!(s = calloc(1, sizeof *s))) { sp__fail(sim, SP_E_NOMEM, "fs: out of memory"); return NULL; }
  for (int32_t i = 0; i < SP_FSP_COUNT; i++) s->p[i] = param_rows(SP_TABLE_FS, NULL)[i].def;
  if (ext_attach(sim, &fs_ext, s) != SP_OK) { free(s); return NULL; }
  return s;
}

static void fsexp_free(sp_sim *sim) {
  fs_slot *s = slot_of(sim);
  fsexp *x = s ? s->x : NULL;
  if (!x) return;
  fs_free(x->f); pc_free(x->pc); wb_free(&x->w); reorg_free(x->rg);
  free(x->file_obj); free(x->dir_obj);
  if (x->cl) for (int32_t c = 0; c < x->nclients; c++) free(x->cl[c].mv_runs);
  free(x->cl); free(x->ep); free(x->ep_group); free(x->ep_hist); free(x->cur_group);
  free(x->blk); free(x->runs);
  free(x);
  s->x = NULL;
}

sp_status sp_fs_set(sp_sim *sim, sp_fs_param param, double value) {
  if (!sim) return SP_E_INVALID;
  if ((int)param < 0 || param >= SP_FSP_COUNT)
    return sp__fail(sim, SP_E_INVALID, "fs: unknown parameter %d", (int)param);
  const param_row *in = &param_rows(SP_TABLE_FS, NULL)[param];
  sp_status st = param_check(sim, "fs", in, value);
  if (st != SP_OK) return st;
  if (sim->started)
    return sp__fail(sim, SP_E_STATE, "fs.%s: fixed once the run has started (sp_reset first)", in->name);
  fs_slot *s = attach(sim);
  if (!s) return sim->last;
  s->p[param] = value;
  fsexp_free(sim);                     /* built again with the new value */
  return SP_OK;
}

double sp_fs_get(const sp_sim *sim, sp_fs_param param) {
  if (!sim || (int)param < 0 || param >= SP_FSP_COUNT) return NAN;
  const fs_slot *s = slot_of(sim);
  return s ? s->p[param] : param_rows(SP_TABLE_FS, NULL)[param].def;
}

/* ---- building ------------------------------------------------------------------------ */

/* The cylinder of volume block vlbn, and its disk. */
static int32_t cyl_of(sp_sim *sim, int64_t vlbn, int32_t *disk_out) {
  int32_t dev; int64_t lbn;
  sim->host.ops->map(sim, &sim->host, vlbn, &dev, &lbn);
  extent e;
  layout_extent(sim->disks[dev], lbn, 1, &e);
  if (disk_out) *disk_out = dev;
  return e.cyl;
}

static sp_status grow_buffers(sp_sim *sim, fsexp *x, int64_t n) {
  if (n <= x->bufcap) return SP_OK;
  int64_t c = x->bufcap ? x->bufcap : 64;
  while (c < n) c *= 2;
  int64_t *b = realloc(x->blk, (size_t)c * sizeof *b);
  if (b) x->blk = b;
  fs_run *r = realloc(x->runs, (size_t)c * sizeof *r);
  if (r) x->runs = r;
  if (!b || !r) return sp__fail(sim, SP_E_NOMEM, "fs: out of memory");
  x->bufcap = (int32_t)c;
  return SP_OK;
}

/* Checks the setup, lays out the empty file system and starts drawing the file set. */
static sp_status build_begin(sp_sim *sim) {
  const double *p = slot_of(sim)->p;
  sp_status st = host_need(sim);
  if (st != SP_OK) return st;
  /* its disk reads are logical requests even in pass-through: their statistics need the histogram */
  if (!sim->host.acc.hist && stats_init(&sim->host.acc) != SP_OK) return sp__fail(sim, SP_E_NOMEM, "fs: out of memory");
  const disk *d0 = sim->disks[sim->host.first];
  const int32_t sb = (int32_t)d0->p[SP_DP_SECTOR_BYTES];
  if (FS_BLOCK_BYTES % sb)
    return sp__fail(sim, SP_E_INVALID, "fs.enabled: the volume's sectors (%d bytes) do not divide a 4 KB block", sb);
  const int32_t spb = FS_BLOCK_BYTES / sb;
  const int64_t cap = sim->host.capacity, first = (int64_t)p[SP_FSP_PARTITION_FIRST];
  if (first >= cap)
    return sp__fail(sim, SP_E_RANGE, "fs.partition_first: %lld is outside the volume (0..%lld)", (long long)first,
                    (long long)cap - 1);
  int64_t blocks = (int64_t)p[SP_FSP_PARTITION_BLOCKS];
  if (blocks == 0) blocks = (int64_t)floor(0.28 * (double)cap / spb);
  if (blocks > (cap - first) / spb)
    return sp__fail(sim, SP_E_RANGE, "fs.partition_blocks: %lld blocks from volume block %lld run past the volume's "
                    "end (%lld blocks fit)", (long long)blocks, (long long)first, (long long)((cap - first) / spb));
  const int32_t bpg = (int32_t)p[SP_FSP_BLOCKS_PER_GROUP], ipg = (int32_t)p[SP_FSP_INODES_PER_GROUP];
  if ((blocks + bpg - 1) / bpg > SP_MAX_FS_GROUPS)
    return sp__fail(sim, SP_E_LIMIT, "fs.blocks_per_group: %lld blocks in groups of %d make more than %d groups "
                    "(SP_MAX_FS_GROUPS)", (long long)blocks, bpg, SP_MAX_FS_GROUPS);
  const double nfiles = p[SP_FSP_FILES_PER_COPY] * p[SP_FSP_COPIES];
  const double ndirs = p[SP_FSP_COPIES] * p[SP_FSP_CLASSES] * p[SP_FSP_MAX_DEPTH];
  if (nfiles + ndirs > SP_MAX_FS_FILES)
    return sp__fail(sim, SP_E_LIMIT, "fs.copies: %g files and %g directories are more than %d (SP_MAX_FS_FILES)",
                    nfiles, ndirs, SP_MAX_FS_FILES);
  fsexp *x = calloc(1, sizeof *x);
  if (!x) return sp__fail(sim, SP_E_NOMEM, "fs: out of memory");
  slot_of(sim)->x = x;
  x->part_first = first; x->spb = spb;
  x->f = fs_new(blocks, bpg, ipg);
  if (!x->f) {
    fsexp_free(sim);
    return sp__fail(sim, SP_E_INVALID, "fs.partition_blocks: %lld blocks cannot hold one group of %d blocks with its "
                    "inode table (or out of memory)", (long long)blocks, bpg);
  }
  /* every file and directory needs an inode and at least one block: refused before drawing sizes */
  if (nfiles + ndirs > (double)x->f->groups * x->f->ipg) {
    fsexp_free(sim);
    return sp__fail(sim, SP_E_INVALID, "fs.inodes_per_group: %g files and %g directories need more inodes than "
                    "the partition's groups hold", nfiles, ndirs);
  }
  if (nfiles + ndirs > (double)x->f->total_free) {
    const double pmb = (double)x->f->blocks * FS_BLOCK_BYTES / 1048576.0;
    fsexp_free(sim);
    return sp__fail(sim, SP_E_INVALID, "fs.copies: %g files and %g directories cannot fit the partition (%.1f MB)",
                    nfiles, ndirs, pmb);
  }
  wl_seed_stream(sim, SP_RS_FS);       /* the same file set however often it is built */
  return SP_OK;
}

static sp_status full(sp_sim *sim, fsexp *x);
static sp_status build_end(sp_sim *sim, fsexp *x);

/* Creates the next object: copy by copy, its directories (parents first) then its files,
 * as a copy is unpacked. Its blocks (the work it took), or -1: no room. */
static int64_t create_next(fsexp *x) {
  const int32_t dpc = x->w.classes * x->w.max_depth, per_copy = dpc + x->w.fpc;
  const int32_t c = (int32_t)(x->made / per_copy), k = (int32_t)(x->made % per_copy);
  const int is_dir = k < dpc;
  const int32_t i = is_dir ? c * dpc + k : c * x->w.fpc + (k - dpc);
  const int64_t bytes = is_dir ? FS_BLOCK_BYTES : wb_bytes(&x->w, i);
  const int32_t o = fs_create(x->f, bytes, is_dir);
  if (o < 0) return -1;
  if (is_dir) x->dir_obj[i] = o; else { x->file_obj[i] = o; x->bytes_stored += bytes; }
  x->data_blocks += x->f->obj[o].nblocks;
  x->made++;
  return x->f->obj[o].nblocks;
}

/* Objects the build creates. */
static int64_t objects(const fsexp *x) { return (int64_t)x->w.copies * (x->w.classes * x->w.max_depth + x->w.fpc); }

/* The rest of the build, at most SP_MAX_WORK_PER_RUN of work (a draw, a bisection step
 * of one file, an object created and each of its blocks): SP_MORE until it is done. */
static sp_status build_step(sp_sim *sim, fsexp *x) {
  int64_t budget = SP_MAX_WORK_PER_RUN;
  sp_status st = wb_build_step(&x->w, sim, &budget);
  if (st == SP_E_NOMEM) { fsexp_free(sim); return sp__fail(sim, SP_E_NOMEM, "fs: out of memory"); }
  if (st != SP_OK) return st;
  if (!x->file_obj) {
    x->nfiles = wb_files(&x->w); x->ndirs = wb_dirs(&x->w);
    x->file_obj = malloc((size_t)x->nfiles * sizeof *x->file_obj);
    x->dir_obj = malloc((size_t)x->ndirs * sizeof *x->dir_obj);
    if (!x->file_obj || !x->dir_obj) { fsexp_free(sim); return sp__fail(sim, SP_E_NOMEM, "fs: out of memory"); }
  }
  for (const int64_t n = objects(x); x->made < n; ) {
    if (budget <= 0) return SP_MORE;
    const int64_t blocks = create_next(x);
    if (blocks < 0) return full(sim, x);
    budget -= 1 + blocks;
  }
  return build_end(sim, x);
}

/* The page cache, the clients, the reorganizer and the partition's cylinders: the build is complete. */
static sp_status build_end(sp_sim *sim, fsexp *x) {
  const double *p = slot_of(sim)->p;
  int64_t cache_blocks = (int64_t)floor(p[SP_FSP_CACHE_MB] * 256.0);
  if (cache_blocks > x->f->blocks) cache_blocks = x->f->blocks;   /* more could never fill */
  x->pc = pc_new(cache_blocks);
  x->nclients = (int32_t)p[SP_FSP_CLIENTS];
  x->cl = calloc((size_t)x->nclients, sizeof *x->cl);
  x->cur_group = calloc((size_t)x->f->groups, sizeof *x->cur_group);
  if (!x->pc || !x->cl || !x->cur_group || grow_buffers(sim, x, MAX_READ_BLOCKS) != SP_OK) {
    fsexp_free(sim);
    return sp__fail(sim, SP_E_NOMEM, "fs: out of memory");
  }
  if (p[SP_FSP_POLICY] != SP_FS_POLICY_NONE) {
    x->rg = reorg_new(x->nfiles, (int32_t)p[SP_FSP_POLICY], (int64_t)p[SP_FSP_LOG_LIMIT_BYTES]);
    if (!x->rg) { fsexp_free(sim); return sp__fail(sim, SP_E_NOMEM, "fs: out of memory"); }
  }
  x->first_cyl = cyl_of(sim, x->part_first, &x->disk);
  x->last_cyl = cyl_of(sim, x->part_first + x->f->blocks * x->spb - 1, NULL);
  if (x->last_cyl < x->first_cyl) { int32_t t = x->first_cyl; x->first_cyl = x->last_cyl; x->last_cyl = t; }
  x->cylinders = sim->disks[x->disk]->cylinders;
  x->complete = 1;
  return SP_OK;
}

/* The file set does not fit: the message names what ran out. */
static sp_status full(sp_sim *sim, fsexp *x) {
  const double nfiles = (double)wb_files(&x->w), ndirs = (double)wb_dirs(&x->w);
  const double mb = (double)x->w.copy_bytes * x->w.copies / 1048576.0;
  const double pmb = (double)x->f->blocks * FS_BLOCK_BYTES / 1048576.0;
  const int inodes = x->f->total_inodes >= (int64_t)x->f->groups * x->f->ipg;
  fsexp_free(sim);
  if (inodes)
    return sp__fail(sim, SP_E_INVALID, "fs.inodes_per_group: %g files and %g directories need more inodes than "
                    "the partition's groups hold", nfiles, ndirs);
  return sp__fail(sim, SP_E_INVALID, "fs.copies: the file set (%.1f MB in %g files) does not fit the partition "
                  "(%.1f MB)", mb, nfiles, pmb);
}

sp_status sp_fs_commit(sp_sim *sim) {
  if (!sim) return SP_E_INVALID;
  if (built(sim)) return SP_OK;
  if (sim->started)
    return sp__fail(sim, SP_E_STATE, "fs.enabled: the run started without the file-system experiment (sp_reset first)");
  fs_slot *s = attach(sim);
  if (!s) return sim->last;
  if (!s->x) {
    sp_status st = build_begin(sim);
    if (st != SP_OK) return st;
  }
  return build_step(sim, s->x);
}

double sp_fs_build_progress(const sp_sim *sim) {
  const fs_slot *s = sim ? slot_of(sim) : NULL;
  const fsexp *x = s ? s->x : NULL;
  if (!x) return 0;
  if (x->complete) return 1;
  const double all = (double)(wb_build_items(&x->w) + objects(x));
  return all > 0 ? (double)(wb_build_done(&x->w) + x->made) / all : 0;
}

/* ---- events and counting ------------------------------------------------------------------- */

static void fs_event(sp_sim *sim, uint16_t kind, int64_t req, int64_t vlbn, int32_t a, int32_t b, int32_t c) {
  if (sim->evcap > 0)
    out_event_rec(sim, sim->now, 0, kind, SP_HOST_DEVICE, req, req, (int32_t)(vlbn >> 31),
                  (int32_t)(vlbn & 0x7fffffff), a, b, c);
}

/* Blocks [start, start + len) were read or written: per group. */
static void count_groups(fsexp *x, int64_t start, int64_t len) {
  while (len > 0) {
    const int32_t g = fs_group_of(x->f, start);
    const int64_t end = fs_group_first(x->f, g) + fs_group_size(x->f, g);
    const int64_t n = end - start < len ? end - start : len;
    x->cur_group[g] += n;
    start += n; len -= n;
  }
}

static void fsexp_note_seek(sp_sim *sim, int32_t disk_index, int32_t distance, double seek_ms) {
  fsexp *x = built(sim);
  if (!x || !x->running || disk_index < sim->host.first || disk_index >= sim->host.first + sim->host.count) return;
  x->cur.seeks++;
  x->cur.seek_cyl_sum += distance;
  x->cur.seek_ms_sum += seek_ms;
  const int32_t c = sim->disks[disk_index]->cylinders;
  int32_t bin = distance <= 0 ? 0 : c <= 2 ? 1 : 1 + (int32_t)((int64_t)(distance - 1) * (SP_FS_SEEK_BINS - 1) / (c - 1));
  if (bin >= SP_FS_SEEK_BINS) bin = SP_FS_SEEK_BINS - 1;
  x->cur.hist[bin]++;
}

/* Issues the runs as disk reads (or writes) for client c, at most MAX_READ_BLOCKS each. */
static sp_status issue_runs(sp_sim *sim, fsexp *x, int32_t c, const fs_run *runs, int32_t n, int32_t write) {
  for (int32_t i = 0; i < n; i++) {
    int64_t start = runs[i].start, left = runs[i].len;
    while (left > 0) {
      const int64_t len = left < MAX_READ_BLOCKS ? left : MAX_READ_BLOCKS;
      const int64_t vlbn = x->part_first + start * x->spb;
      sp_status st = host_issue_ext(sim, sim->now, vlbn, (int32_t)(len * x->spb), write ? SP_SUBMIT_WRITE : 0, &fs_ext, c + 1);
      if (st != SP_OK) return st;
      x->cl[c].pending++;
      count_groups(x, start, len);
      if (write) { x->cur.writes++; x->cur.write_blocks += len; }
      else {
        x->cur.reads++; x->cur.read_blocks += len;
        fs_event(sim, SP_EV_FS_MISS, c, vlbn, (int32_t)len, fs_group_of(x->f, start), 0);
      }
      start += len; left -= len;
    }
  }
  return SP_OK;
}

/* The data blocks of fs object o, in file order, into x->blk; returns how many. */
static int32_t data_blocks(sp_sim *sim, fsexp *x, int32_t o) {
  const fs_obj *ob = &x->f->obj[o];
  if (grow_buffers(sim, x, ob->nblocks) != SP_OK) return -1;
  int32_t n = 0;
  for (int32_t r = 0; r < ob->nruns; r++)
    for (int32_t k = 0; k < ob->runs[r].len; k++) x->blk[n++] = ob->runs[r].start + k;
  return n;
}

/* Step s of client c's request: its blocks into x->blk; returns how many. */
static int32_t step_blocks(sp_sim *sim, fsexp *x, const fs_client *cl, int32_t s) {
  const int32_t depth = wb_depth(&x->w, cl->file);
  if (s < 2 * depth) {
    const int32_t o = x->dir_obj[wb_dir(&x->w, cl->file, s / 2)];
    if (s % 2 == 0) { x->blk[0] = fs_inode_block(x->f, x->f->obj[o].inode); return 1; }
    return data_blocks(sim, x, o);
  }
  const int32_t o = x->file_obj[cl->file];
  if (s == 2 * depth) { x->blk[0] = fs_inode_block(x->f, x->f->obj[o].inode); return 1; }
  return data_blocks(sim, x, o);
}

static sp_status finish(sp_sim *sim, fsexp *x, int32_t c);
static sp_status move_write(sp_sim *sim, fsexp *x, int32_t c);
static sp_status end_logging(sp_sim *sim, fsexp *x);

/* Runs client c's steps until one has to wait for the disk, or the request is done. */
static sp_status advance(sp_sim *sim, fsexp *x, int32_t c) {
  fs_client *cl = &x->cl[c];
  while (cl->step < cl->nsteps) {
    const int32_t n = step_blocks(sim, x, cl, cl->step);
    if (n < 0) return sim->last;
    int32_t nr;
    const int32_t hits = pc_read(x->pc, x->blk, n, x->runs, &nr);
    x->cur.lookups += n; x->cur.hits += hits;
    sim->processed += n;               /* work: one unit per block looked up (SP_MAX_WORK_PER_RUN) */
    cl->step++;
    if (nr > 0) return issue_runs(sim, x, c, x->runs, nr, 0);
  }
  /* Phase 3: a wanted file moves now; its blocks are read first (through the cache). */
  reorg *rg = x->rg;
  if (rg && rg->phase == SP_FS_PHASE_MOVING && rg->want[cl->file]) {
    reorg_taken(rg, cl->file, wb_bytes(&x->w, cl->file));
    x->moves_in_flight++;
    cl->io = IO_MOVE_READ;
    const int32_t n = data_blocks(sim, x, x->file_obj[cl->file]);
    if (n < 0) return sim->last;
    int32_t nr;
    pc_read(x->pc, x->blk, n, x->runs, &nr);
    if (nr > 0) return issue_runs(sim, x, c, x->runs, nr, 0);
    return move_write(sim, x, c);
  }
  return finish(sim, x, c);
}

/* The move's second half: the new place allocated at the goal, its blocks written. */
static sp_status move_write(sp_sim *sim, fsexp *x, int32_t c) {
  fs_client *cl = &x->cl[c];
  const int32_t o = x->file_obj[cl->file];
  cl->io = IO_MOVE_WRITE;
  if (fs_alloc_at(x->f, o, x->rg->goal[cl->file], &cl->mv_inode, &cl->mv_runs, &cl->mv_nruns) < 0) {
    x->moves_in_flight--;              /* no room: it stays where it is */
    cl->io = IO_STEPS;
    return finish(sim, x, c);
  }
  /* The old blocks leave the cache; the new ones are in it (they were just written). */
  const fs_obj *ob = &x->f->obj[o];
  for (int32_t r = 0; r < ob->nruns; r++)
    for (int32_t k = 0; k < ob->runs[r].len; k++) pc_remove(x->pc, ob->runs[r].start + k);
  for (int32_t r = 0; r < cl->mv_nruns; r++)
    for (int32_t k = 0; k < cl->mv_runs[r].len; k++) pc_lookup(x->pc, cl->mv_runs[r].start + k);
  const fs_run inode_run = { fs_inode_block(x->f, cl->mv_inode), 1, 0 };
  sp_status st = issue_runs(sim, x, c, &inode_run, 1, 1);
  return st != SP_OK ? st : issue_runs(sim, x, c, cl->mv_runs, cl->mv_nruns, 1);
}

static sp_status enter_phase(sp_sim *sim, fsexp *x, int32_t phase) {
  const double *p = slot_of(sim)->p;
  const double limit = phase == SP_FS_PHASE_LOGGING ? p[SP_FSP_LOG_MS]
                     : phase == SP_FS_PHASE_MOVING ? p[SP_FSP_MOVE_MS]
                     : phase == SP_FS_PHASE_STEADY ? p[SP_FSP_CYCLE_MS] : 0;
  reorg_enter(x->rg, phase, sim->now, limit);
  fs_event(sim, SP_EV_REORG_PHASE, 0, 0, phase, 0, 0);
  if (phase == SP_FS_PHASE_MOVING) x->moving_since = sim->now;
  return isfinite(x->rg->deadline) ? ext_timer(sim, &fs_ext, x->rg->deadline, TIMER_PHASE) : SP_OK;
}

/* The move is written: the old place is freed. */
static sp_status move_done(sp_sim *sim, fsexp *x, int32_t c) {
  fs_client *cl = &x->cl[c];
  const int32_t o = x->file_obj[cl->file];
  const int32_t from = fs_group_of(x->f, fs_first_block(x->f, o));
  fs_move_commit(x->f, o, cl->mv_inode, cl->mv_runs, cl->mv_nruns);
  cl->mv_runs = NULL; cl->mv_nruns = 0;
  const int32_t to = fs_group_of(x->f, fs_first_block(x->f, o));
  x->cur.moved++; x->cur.moved_bytes += wb_bytes(&x->w, cl->file);
  x->moves_in_flight--;
  fs_event(sim, SP_EV_REORG_MOVE, c, 0, from, to, cl->file);
  cl->io = IO_STEPS;
  sp_status st = SP_OK;
  if (x->rg->phase == SP_FS_PHASE_MOVING && x->rg->to_move_files == 0 && x->moves_in_flight == 0)
    st = enter_phase(sim, x, SP_FS_PHASE_STEADY);
  return st != SP_OK ? st : finish(sim, x, c);
}

/* The request is served: server time, then the reply over the network. */
static sp_status finish(sp_sim *sim, fsexp *x, int32_t c) {
  const double *p = slot_of(sim)->p;
  double t = sim->now + p[SP_FSP_CPU_MS];
  if (p[SP_FSP_NET_MBPS] > 0) {
    if (x->net_free > t) t = x->net_free;
    t += (double)wb_bytes(&x->w, x->cl[c].file) * 8.0 / (p[SP_FSP_NET_MBPS] * 1e3);
    x->net_free = t;
  }
  return ext_timer(sim, &fs_ext, t, 2 * c);
}

static sp_status begin(sp_sim *sim, fsexp *x, int32_t c) {
  fs_client *cl = &x->cl[c];
  cl->file = wb_draw(&x->w, sim);
  cl->step = 0; cl->nsteps = 2 * wb_depth(&x->w, cl->file) + 2; cl->pending = 0; cl->io = IO_STEPS;
  cl->start = sim->now;
  fs_event(sim, SP_EV_FS_OPEN, c, 0, cl->file, x->f->obj[x->file_obj[cl->file]].nblocks, 0);
  if (x->rg && x->rg->phase == SP_FS_PHASE_LOGGING && reorg_open(x->rg, cl->file, sim->now)) {
    sp_status st = end_logging(sim, x);
    if (st != SP_OK) return st;
  }
  return advance(sim, x, c);
}

static sp_status fsexp_on_complete(sp_sim *sim, int32_t tag) {
  fsexp *x = built(sim);
  if (!x) return SP_OK;
  const int32_t c = tag - 1;
  fs_client *cl = &x->cl[c];
  if (--cl->pending > 0) return SP_OK;
  switch (cl->io) {
    case IO_MOVE_READ: return move_write(sim, x, c);
    case IO_MOVE_WRITE: return move_done(sim, x, c);
    default: return advance(sim, x, c);
  }
}

/* ---- phases and epochs -------------------------------------------------------------------- */

/* Phase 2, at once: goals from the log, then phase 3. */
static sp_status end_logging(sp_sim *sim, fsexp *x) {
  const double *p = slot_of(sim)->p;
  sp_status st = enter_phase(sim, x, SP_FS_PHASE_PLACEMENT);
  if (st != SP_OK) return st;
  place_file *pf = malloc((size_t)x->nfiles * sizeof *pf);
  int64_t *bytes = malloc((size_t)x->nfiles * sizeof *bytes);
  if (!pf || !bytes) { free(pf); free(bytes); return sp__fail(sim, SP_E_NOMEM, "fs: out of memory"); }
  for (int32_t i = 0; i < x->nfiles; i++) {
    const int32_t o = x->file_obj[i];
    const int32_t nb = x->f->obj[o].nblocks;
    pf[i] = (place_file){ fs_first_block(x->f, o), nb > 0 ? nb : 1, 0, -1, 0, x->w.mtime[i] };
    if (pf[i].block < 0) pf[i].block = fs_inode_block(x->f, x->f->obj[o].inode);
    bytes[i] = wb_bytes(&x->w, i);
  }
  st = reorg_plan(x->rg, pf, bytes, x->f->blocks, p[SP_FSP_REGION_SLACK], x->f->bpg, (int32_t)p[SP_FSP_NEAR_GROUPS]);
  free(pf); free(bytes);
  if (st == SP_E_NOMEM) return sp__fail(sim, SP_E_NOMEM, "fs: out of memory");
  /* a plan that does not fit moves nothing (the region is reported empty) */
  return enter_phase(sim, x, x->rg->to_move_files > 0 ? SP_FS_PHASE_MOVING : SP_FS_PHASE_STEADY);
}

/* A phase whose deadline has come ends. */
static sp_status phase_due(sp_sim *sim, fsexp *x) {
  reorg *rg = x->rg;
  if (!rg || !(sim->now >= rg->deadline)) return SP_OK;
  switch (rg->phase) {
    case SP_FS_PHASE_LOGGING: return end_logging(sim, x);
    case SP_FS_PHASE_MOVING: return enter_phase(sim, x, SP_FS_PHASE_STEADY);
    case SP_FS_PHASE_STEADY: return enter_phase(sim, x, SP_FS_PHASE_LOGGING);
    default: return SP_OK;
  }
}

static sp_status close_epoch(sp_sim *sim, fsexp *x) {
  const double E = slot_of(sim)->p[SP_FSP_EPOCH_MS];
  sp_status st = phase_due(sim, x);
  if (st != SP_OK) return st;
  if (x->nepochs >= SP_MAX_FS_EPOCHS)
    return sp__fail(sim, SP_E_LIMIT, "fs.epoch_ms: more than %d epochs (SP_MAX_FS_EPOCHS); use longer epochs",
                    SP_MAX_FS_EPOCHS);
  if (x->nepochs == x->epcap) {
    const int32_t c = x->epcap ? x->epcap * 2 : 16, g = x->f->groups;
    sp_fs_epoch *e = realloc(x->ep, (size_t)c * sizeof *e);
    if (e) x->ep = e;
    int64_t *ga = realloc(x->ep_group, (size_t)c * g * sizeof *ga);
    if (ga) x->ep_group = ga;
    int64_t *h = realloc(x->ep_hist, (size_t)c * SP_FS_SEEK_BINS * sizeof *h);
    if (h) x->ep_hist = h;
    if (!e || !ga || !h) return sp__fail(sim, SP_E_NOMEM, "fs: out of memory");
    x->epcap = c;
  }
  const int32_t k = x->nepochs;
  const ep_acc *a = &x->cur;
  sp_fs_epoch *e = &x->ep[k];
  memset(e, 0, sizeof *e);
  e->index = k; e->phase = x->rg ? x->rg->phase : SP_FS_PHASE_BASELINE;
  e->start_ms = k * E; e->end_ms = (k + 1) * E;
  e->requests = a->requests; e->bytes = a->bytes;
  e->cache_lookups = a->lookups; e->cache_hits = a->hits;
  e->disk_reads = a->reads; e->disk_blocks = a->read_blocks;
  e->files_moved = a->moved; e->bytes_moved = a->moved_bytes;
  e->log_bytes = x->rg ? reorg_log_memory(x->rg) : 0;
  e->logged_opens = x->rg ? reorg_log_opens_now(x->rg) : 0;
  e->req_per_s = (double)a->requests * 1000.0 / E;
  e->mb_per_s = (double)a->bytes / 1048576.0 * 1000.0 / E;
  e->hit_ratio = a->lookups ? (double)a->hits / (double)a->lookups : 0;
  e->seeks = a->seeks;
  e->seek_mean_cyl = a->seeks ? a->seek_cyl_sum / (double)a->seeks : 0;
  e->seek_mean_frac = e->seek_mean_cyl / (double)(x->last_cyl - x->first_cyl + 1);
  e->seek_mean_ms = a->seeks ? a->seek_ms_sum / (double)a->seeks : 0;
  e->disk_writes = a->writes; e->write_blocks = a->write_blocks;
  e->files_to_move = x->rg ? x->rg->to_move_files : 0;
  e->bytes_to_move = x->rg ? x->rg->to_move_bytes : 0;
  e->response_mean_ms = a->requests ? a->resp_sum / (double)a->requests : 0;
  memcpy(x->ep_group + (size_t)k * x->f->groups, x->cur_group, (size_t)x->f->groups * sizeof *x->cur_group);
  memcpy(x->ep_hist + (size_t)k * SP_FS_SEEK_BINS, a->hist, sizeof a->hist);
  x->nepochs++;
  fs_event(sim, SP_EV_EPOCH, 0, 0, k, e->phase, 0);
  const int quiet = a->moved == 0 && x->moves_in_flight == 0;
  memset(&x->cur, 0, sizeof x->cur);
  memset(x->cur_group, 0, (size_t)x->f->groups * sizeof *x->cur_group);
  /* Phase 3 ends after a whole epoch of it in which nothing moved. */
  if (x->rg && x->rg->phase == SP_FS_PHASE_MOVING && x->moving_since <= e->start_ms && quiet) {
    st = enter_phase(sim, x, SP_FS_PHASE_STEADY);
    if (st != SP_OK) return st;
  }
  return ext_timer(sim, &fs_ext, (k + 2) * E, TIMER_EPOCH);
}

static sp_status fsexp_on_timer(sp_sim *sim, int32_t tag) {
  fsexp *x = built(sim);
  if (!x) return SP_OK;
  if (tag == TIMER_EPOCH) return close_epoch(sim, x);
  if (tag == TIMER_PHASE) return phase_due(sim, x);
  const int32_t c = tag / 2;
  if (tag % 2 == 1) return begin(sim, x, c);
  fs_client *cl = &x->cl[c];            /* the reply is delivered */
  x->cur.requests++;
  x->cur.bytes += wb_bytes(&x->w, cl->file);
  x->cur.resp_sum += sim->now - cl->start;
  const double think = slot_of(sim)->p[SP_FSP_THINK_MS];
  return think > 0 ? ext_timer(sim, &fs_ext, sim->now + think, 2 * c + 1) : begin(sim, x, c);
}

static sp_status fsexp_start(sp_sim *sim) {
  sp_status st = sp_fs_commit(sim);
  if (st != SP_OK) return st;
  fsexp *x = built(sim);
  x->running = 1;
  st = ext_timer(sim, &fs_ext, slot_of(sim)->p[SP_FSP_EPOCH_MS], TIMER_EPOCH);
  if (st == SP_OK && x->rg) st = enter_phase(sim, x, SP_FS_PHASE_LOGGING);
  for (int32_t c = 0; c < x->nclients && st == SP_OK; c++) st = begin(sim, x, c);
  return st;
}

/* ---- queries ------------------------------------------------------------------------------- */

sp_status sp_fs_info_get(sp_sim *sim, sp_fs_info *out) {
  if (!sim) return SP_E_INVALID;
  if (!out) return sp__fail(sim, SP_E_INVALID, "sp_fs_info_get: out is NULL");
  const fsexp *x = built(sim);
  if (!x) return sp__fail(sim, SP_E_STATE, "fs: not built (sp_fs_commit, or a run with fs.enabled = 1)");
  memset(out, 0, sizeof *out);
  out->partition_first = x->part_first; out->partition_blocks = x->f->blocks;
  out->data_blocks = x->data_blocks; out->bytes_stored = x->bytes_stored;
  if (x->rg) { out->region_first = x->rg->region_first; out->region_blocks = x->rg->region_blocks; }
  out->groups = x->f->groups; out->blocks_per_group = x->f->bpg;
  out->files = x->nfiles; out->dirs = x->ndirs;
  out->first_cyl = x->first_cyl; out->last_cyl = x->last_cyl;
  out->disk = x->disk; out->phase = x->rg ? x->rg->phase : SP_FS_PHASE_BASELINE;
  out->epochs = x->nepochs;
  return SP_OK;
}

int32_t sp_fs_epoch_count(const sp_sim *sim) { return sim && built(sim) ? built(sim)->nepochs : 0; }
int32_t sp_fs_group_count(const sp_sim *sim) { return sim && built(sim) ? built(sim)->f->groups : 0; }

/* The const queries cannot set sp_error: SP_E_INVALID for NULL, SP_E_STATE before the build,
 * SP_E_RANGE for an epoch not recorded or a buffer shorter than the groups. */
static sp_status epoch_arg(const sp_sim *sim, int32_t index, const void *out) {
  if (!sim || !out) return SP_E_INVALID;
  if (!built(sim)) return SP_E_STATE;
  return index < 0 || index >= built(sim)->nepochs ? SP_E_RANGE : SP_OK;
}

sp_status sp_fs_epoch_get(const sp_sim *sim, int32_t index, sp_fs_epoch *out) {
  sp_status st = epoch_arg(sim, index, out);
  if (st == SP_OK) *out = built(sim)->ep[index];
  return st;
}

sp_status sp_fs_group_accesses(const sp_sim *sim, int32_t index, int64_t *out, int32_t n) {
  sp_status st = epoch_arg(sim, index, out);
  if (st != SP_OK) return st;
  const int32_t g = built(sim)->f->groups;
  if (n < g) return SP_E_RANGE;
  memcpy(out, built(sim)->ep_group + (size_t)index * g, (size_t)g * sizeof *out);
  return SP_OK;
}

sp_status sp_fs_seek_hist(const sp_sim *sim, int32_t index, int64_t *out, int32_t n) {
  sp_status st = epoch_arg(sim, index, out);
  if (st != SP_OK) return st;
  if (n < SP_FS_SEEK_BINS) return SP_E_RANGE;
  memcpy(out, built(sim)->ep_hist + (size_t)index * SP_FS_SEEK_BINS, SP_FS_SEEK_BINS * sizeof *out);
  return SP_OK;
}

sp_status sp_fs_group_files(const sp_sim *sim, int32_t *now, int32_t *goal, int32_t n) {
  if (!sim || !now) return SP_E_INVALID;
  const fsexp *x = built(sim);
  if (!x) return SP_E_STATE;
  if (n < x->f->groups) return SP_E_RANGE;
  memset(now, 0, (size_t)x->f->groups * sizeof *now);
  if (goal) memset(goal, 0, (size_t)x->f->groups * sizeof *goal);
  for (int32_t i = 0; i < x->nfiles; i++) {
    const int64_t b = fs_first_block(x->f, x->file_obj[i]);
    if (b >= 0) now[fs_group_of(x->f, b)]++;
    if (goal && x->rg && x->rg->goal[i] >= 0) goal[fs_group_of(x->f, x->rg->goal[i])]++;
  }
  return SP_OK;
}

int32_t fsexp_check(const sp_sim *sim) {
  const fsexp *x = built(sim);
  if (!x) return -20;
  fs_run *runs[SP_MAX_FS_CLIENTS_CHECKED];
  int32_t nruns[SP_MAX_FS_CLIENTS_CHECKED], inodes[SP_MAX_FS_CLIENTS_CHECKED], n = 0;
  for (int32_t c = 0; c < x->nclients; c++) {
    if (x->cl[c].io != IO_MOVE_WRITE || !x->cl[c].mv_runs) continue;   /* a place allocated, not committed */
    if (n == SP_MAX_FS_CLIENTS_CHECKED) return -23;
    runs[n] = x->cl[c].mv_runs; nruns[n] = x->cl[c].mv_nruns; inodes[n] = x->cl[c].mv_inode; n++;
  }
  const int32_t rc = fs_check(x->f, runs, nruns, inodes, n);
  if (rc) return rc;
  int64_t bytes = 0, blocks = 0;
  for (int32_t i = 0; i < x->nfiles; i++) bytes += x->f->obj[x->file_obj[i]].bytes;
  for (int32_t o = 0; o < x->f->nobj; o++) blocks += x->f->obj[o].nblocks;
  if (bytes != x->bytes_stored) return -21;
  if (blocks != x->data_blocks) return -22;
  return 0;
}

/* ---- the extension's hooks ------------------------------------------------------------------ */

static sp_status fs_start(sp_sim *sim, void *state, int32_t *replaces) {
  const fs_slot *s = state;
  if (s->p[SP_FSP_ENABLED] == 0) return SP_OK;
  *replaces = 1;                       /* the clients replace the workload */
  return fsexp_start(sim);
}

static sp_status fs_timer(sp_sim *sim, void *state, int32_t tag) { (void)state; return fsexp_on_timer(sim, tag); }
static sp_status fs_done(sp_sim *sim, void *state, int32_t tag) { (void)state; return fsexp_on_complete(sim, tag); }

static void fs_seek(sp_sim *sim, void *state, int32_t disk_index, int32_t distance, double seek_ms) {
  (void)state;
  fsexp_note_seek(sim, disk_index, distance, seek_ms);
}

/* A file system built on the old volume, or from the old seed, goes (built again at the next start). */
static void fs_drop(sp_sim *sim, void *state) { (void)state; fsexp_free(sim); }

static void fs_release(sp_sim *sim, void *state) {
  fsexp_free(sim);
  free(state);
}

static const ext_ops fs_ext = {
  .start = fs_start,
  .timer = fs_timer,
  .done = fs_done,
  .seek = fs_seek,
  .volume_changed = fs_drop,
  .reset = fs_drop,
  .free = fs_release,
};
