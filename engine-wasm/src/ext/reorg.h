/*
 * reorg.h — the reorganizer's bookkeeping (Edwards & Song's three phases):
 * the phase and its deadline, the phase-1 log (reorg_log), the phase-2 plan
 * (reorg_place: a goal per file, and which files are far enough from theirs
 * to be moved) and the moves still wanted in phase 3. The experiment
 * (fsexp.c) drives it: it reports opens and moves, and does the copies.
 */
#ifndef SPINDLE_REORG_H
#define SPINDLE_REORG_H
#include "engine.h"
#include "spindle_fs.h"
#include "reorg_place.h"

typedef struct reorg {
  int32_t policy, phase, files;
  double phase_start, deadline;        /* deadline: the current phase ends then (INFINITY: none) */
  struct reorg_log *log;
  int64_t *goal;                       /* per file: its desired first block (-1: none) */
  uint8_t *want;                       /* per file: 1 = to be moved on its next open */
  int64_t to_move_files, to_move_bytes;
  int64_t region_first, region_blocks;
} reorg;

/* NULL if out of memory. log_limit: phase 1's memory limit in bytes. */
reorg *reorg_new(int32_t files, int32_t policy, int64_t log_limit);
void reorg_free(reorg *r);
/* Enters a phase at t; the deadline is t + limit_ms (limit_ms <= 0: none). Logging clears the log. */
void reorg_enter(reorg *r, int32_t phase, double t, double limit_ms);
/* An open in phase 1: logged. 1 when the memory limit is reached now (logging should end). */
int32_t reorg_open(reorg *r, int32_t file, double t);
int64_t reorg_log_memory(const reorg *r);
int64_t reorg_log_opens_now(const reorg *r);
/* Phase 2: fills count/pred of files[] from the log, places them (the region: data x slack,
 * centred in the partition), and wants every file whose current first block is more than
 * near_groups groups away from its goal. SP_E_RANGE if the files do not fit the region. */
sp_status reorg_plan(reorg *r, place_file *files, const int64_t *bytes, int64_t partition_blocks,
                     double slack, int32_t bpg, int32_t near_groups);
/* A wanted file's move begins: no longer wanted. */
void reorg_taken(reorg *r, int32_t file, int64_t bytes);
#endif
