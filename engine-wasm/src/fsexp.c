/*
 * fsexp.c — the file-system reorganization experiment inside a run: its
 * parameters (SP_TABLE_FS), the public sp_fs_* calls, and the glue between
 * the engine's event loop and the file system (fs.c), the page cache
 * (pagecache.c), the workload (webbench.c) and the reorganizer (reorg.c).
 */
#include "engine.h"
#include "params.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct fs_param_info { const char *name; double def, lo, hi; int whole; } fs_param_info;
static const fs_param_info fs_params[SP_FSP_COUNT] = {
#define X(E, N, D, LO, HI, W) [SP_FSP_##E] = { N, D, LO, HI, W },
  SP_FS_PARAMS(X)
#undef X
};

void fsexp_init(sp_sim *sim) {
  for (int32_t i = 0; i < SP_FSP_COUNT; i++) sim->fsp[i] = fs_params[i].def;
}

void fsexp_free(sp_sim *sim) { (void)sim; }

sp_status sp_fs_set(sp_sim *sim, sp_fs_param param, double value) {
  if (!sim) return SP_E_INVALID;
  if ((int)param < 0 || param >= SP_FSP_COUNT)
    return sp__fail(sim, SP_E_INVALID, "fs: unknown parameter %d", (int)param);
  const fs_param_info *in = &fs_params[param];
  if (!isfinite(value)) return sp__fail(sim, SP_E_INVALID, "fs.%s: must be a finite number", in->name);
  if (value < in->lo || value > in->hi)
    return sp__fail(sim, SP_E_INVALID, "fs.%s: %g is outside [%g, %g]", in->name, value, in->lo, in->hi);
  if (in->whole && value != floor(value))
    return sp__fail(sim, SP_E_INVALID, "fs.%s: %g must be a whole number", in->name, value);
  if (sim->started)
    return sp__fail(sim, SP_E_STATE, "fs.%s: fixed once the run has started (sp_reset first)", in->name);
  sim->fsp[param] = value;
  fsexp_free(sim);
  return SP_OK;
}

double sp_fs_get(const sp_sim *sim, sp_fs_param param) {
  if (!sim || (int)param < 0 || param >= SP_FSP_COUNT) return NAN;
  return sim->fsp[param];
}

/* ---- not built yet: the calls below answer "not built" until the experiment is in ---- */

sp_status sp_fs_commit(sp_sim *sim) {
  if (!sim) return SP_E_INVALID;
  return sp__fail(sim, SP_E_STATE, "fs: the file-system experiment is not built yet");
}

sp_status fsexp_start(sp_sim *sim) { return sp_fs_commit(sim); }
sp_status fsexp_on_timer(sp_sim *sim, int32_t tag) { (void)sim; (void)tag; return SP_OK; }
sp_status fsexp_on_complete(sp_sim *sim, int32_t tag) { (void)sim; (void)tag; return SP_OK; }
void fsexp_note_seek(sp_sim *sim, int32_t disk_index, int32_t distance, double seek_ms) {
  (void)sim; (void)disk_index; (void)distance; (void)seek_ms;
}

sp_status sp_fs_info_get(sp_sim *sim, sp_fs_info *out) {
  if (!sim) return SP_E_INVALID;
  if (!out) return sp__fail(sim, SP_E_INVALID, "sp_fs_info_get: out is NULL");
  return sp__fail(sim, SP_E_STATE, "fs: the file-system experiment is not built yet");
}

int32_t sp_fs_epoch_count(const sp_sim *sim) { (void)sim; return 0; }
int32_t sp_fs_group_count(const sp_sim *sim) { (void)sim; return 0; }

sp_status sp_fs_epoch_get(const sp_sim *sim, int32_t index, sp_fs_epoch *out) {
  (void)index;
  if (!sim || !out) return SP_E_INVALID;
  return SP_E_STATE;
}

sp_status sp_fs_group_accesses(const sp_sim *sim, int32_t index, int64_t *out, int32_t n) {
  (void)index; (void)n;
  if (!sim || !out) return SP_E_INVALID;
  return SP_E_STATE;
}

sp_status sp_fs_group_files(const sp_sim *sim, int32_t *now, int32_t *goal, int32_t n) {
  (void)goal; (void)n;
  if (!sim || !now) return SP_E_INVALID;
  return SP_E_STATE;
}

sp_status sp_fs_seek_hist(const sp_sim *sim, int32_t index, int64_t *out, int32_t n) {
  (void)index; (void)n;
  if (!sim || !out) return SP_E_INVALID;
  return SP_E_STATE;
}
