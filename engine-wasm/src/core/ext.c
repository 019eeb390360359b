/*
 * ext.c — the extension slots of a sim and the calls of their hooks (ext.h).
 */
#include "ext.h"

void *ext_state(const sp_sim *sim, const ext_ops *ops) {
  const int32_t k = ext_slot(sim, ops);
  return k < 0 ? NULL : sim->ext[k].state;
}

int32_t ext_slot(const sp_sim *sim, const ext_ops *ops) {
  for (int32_t k = 0; sim && k < sim->nexts; k++)
    if (sim->ext[k].ops == ops) return k;
  return -1;
}

sp_status ext_attach(sp_sim *sim, const ext_ops *ops, void *state) {
  if (sim->nexts >= SP_EXT_SLOTS)
    return sp__fail(sim, SP_E_LIMIT, "extensions: at most %d in one simulation", SP_EXT_SLOTS);
  sim->ext[sim->nexts].ops = ops;
  sim->ext[sim->nexts].state = state;
  sim->nexts++;
  if (ops->seek) sim->ext_seek_hooks++;
  return SP_OK;
}

sp_status ext_timer(sp_sim *sim, const ext_ops *ops, double t, int32_t tag) {
  const int32_t k = ext_slot(sim, ops);
  if (k < 0) return sp__fail(sim, SP_E_STATE, "extension: a timer for an extension not attached");
  return event_schedule(sim, t, EV_EXT + k, tag, NULL);
}

sp_status ext_start_all(sp_sim *sim, int32_t *replaces) {
  *replaces = 0;
  for (int32_t k = 0; k < sim->nexts; k++) {
    if (!sim->ext[k].ops->start) continue;
    int32_t r = 0;
    sp_status st = sim->ext[k].ops->start(sim, sim->ext[k].state, &r);
    if (st != SP_OK) return st;
    if (r) *replaces = 1;
  }
  return SP_OK;
}

sp_status ext_on_timer(sp_sim *sim, int32_t slot, int32_t tag) {
  const ext_ops *ops = sim->ext[slot].ops;
  return ops->timer ? ops->timer(sim, sim->ext[slot].state, tag) : SP_OK;
}

sp_status ext_on_done(sp_sim *sim, int32_t slot, int32_t tag) {
  const ext_ops *ops = sim->ext[slot].ops;
  return ops->done ? ops->done(sim, sim->ext[slot].state, tag) : SP_OK;
}

void ext_seek_all(sp_sim *sim, int32_t disk_index, int32_t distance, double seek_ms) {
  for (int32_t k = 0; k < sim->nexts; k++)
    if (sim->ext[k].ops->seek) sim->ext[k].ops->seek(sim, sim->ext[k].state, disk_index, distance, seek_ms);
}

void ext_volume_changed_all(sp_sim *sim) {
  for (int32_t k = 0; k < sim->nexts; k++)
    if (sim->ext[k].ops->volume_changed) sim->ext[k].ops->volume_changed(sim, sim->ext[k].state);
}

void ext_reset_all(sp_sim *sim) {
  for (int32_t k = 0; k < sim->nexts; k++)
    if (sim->ext[k].ops->reset) sim->ext[k].ops->reset(sim, sim->ext[k].state);
}

void ext_free_all(sp_sim *sim) {
  for (int32_t k = 0; k < sim->nexts; k++)
    if (sim->ext[k].ops->free) sim->ext[k].ops->free(sim, sim->ext[k].state);
  sim->nexts = 0;
  sim->ext_seek_hooks = 0;
}
