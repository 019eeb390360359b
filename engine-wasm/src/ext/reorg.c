/*
 * reorg.c — the reorganizer's bookkeeping (reorg.h): phases, the log, the
 * plan and the wanted moves. Logging is reorg_log's; placement reorg_place's.
 */
#include "reorg.h"
#include "reorg_log.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

reorg *reorg_new(int32_t files, int32_t policy, int64_t log_limit) {
  reorg *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->policy = policy; r->files = files; r->deadline = INFINITY;
  r->goal = malloc((size_t)files * sizeof *r->goal);
  r->want = calloc((size_t)files, sizeof *r->want);
  r->log = reorg_log_new(files, log_limit);
  if (!r->goal || !r->want || !r->log) { reorg_free(r); return NULL; }
  for (int32_t i = 0; i < files; i++) r->goal[i] = -1;
  return r;
}

void reorg_free(reorg *r) {
  if (!r) return;
  free(r->goal); free(r->want);
  reorg_log_free(r->log);
  free(r);
}

void reorg_enter(reorg *r, int32_t phase, double t, double limit_ms) {
  r->phase = phase; r->phase_start = t;
  r->deadline = limit_ms > 0 ? t + limit_ms : INFINITY;
  if (phase == SP_FS_PHASE_LOGGING) reorg_log_clear(r->log);
}

int32_t reorg_open(reorg *r, int32_t file, double t) {
  return reorg_log_full(r->log) ? 0 : reorg_log_open(r->log, file, t) == 1;   /* reports the limit once */
}
int64_t reorg_log_memory(const reorg *r) { return reorg_log_bytes(r->log); }
int64_t reorg_log_opens_now(const reorg *r) { return reorg_log_opens(r->log); }

sp_status reorg_plan(reorg *r, place_file *files, const int64_t *bytes, int64_t partition_blocks,
                     double slack, int32_t bpg, int32_t near_groups) {
  int64_t data = 0;
  for (int32_t i = 0; i < r->files; i++) {
    data += files[i].blocks;
    files[i].count = reorg_log_count(r->log, i);
    files[i].pred = reorg_log_pred(r->log, i, &files[i].pred_times);
    if (files[i].pred < 0) files[i].pred_times = 0;
  }
  reorg_region(data, slack, partition_blocks, &r->region_first, &r->region_blocks);
  memset(r->want, 0, (size_t)r->files);
  r->to_move_files = 0; r->to_move_bytes = 0;
  sp_status st = reorg_place(r->policy, files, r->files, r->region_first, r->region_blocks, r->goal);
  if (st != SP_OK) {
    for (int32_t i = 0; i < r->files; i++) r->goal[i] = -1;
    r->region_first = r->region_blocks = 0;
    return st;
  }
  for (int32_t i = 0; i < r->files; i++) {
    const int64_t dg = files[i].block / bpg - r->goal[i] / bpg;
    if (dg > near_groups || -dg > near_groups) {
      r->want[i] = 1;
      r->to_move_files++; r->to_move_bytes += bytes[i];
    }
  }
  return SP_OK;
}

void reorg_taken(reorg *r, int32_t file, int64_t bytes) {
  if (!r->want[file]) return;
  r->want[file] = 0;
  r->to_move_files--; r->to_move_bytes -= bytes;
}
