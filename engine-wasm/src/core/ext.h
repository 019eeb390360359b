/*
 * ext.h — the hooks the core offers an extension: an experiment or a tool
 * (ext/) that drives the sim through the public API and keeps its state in
 * one slot of the sim. The core calls an extension only through its ext_ops,
 * so an experiment's state and event kinds never live in the core.
 */
#ifndef SPINDLE_EXT_H
#define SPINDLE_EXT_H
#include "engine.h"

typedef struct ext_ops {
  /* The run starts (sp_run's first call). *replaces = 1: the extension
   * issues the requests itself, and the workload generator stays idle. */
  sp_status (*start)(sp_sim *sim, void *state, int32_t *replaces);
  /* One of its timers (ext_timer) is due now. */
  sp_status (*timer)(sp_sim *sim, void *state, int32_t tag);
  /* One of its logical requests (host_issue_ext) completed. */
  sp_status (*done)(sp_sim *sim, void *state, int32_t tag);
  /* A disk dispatched a media access with this seek. */
  void (*seek)(sp_sim *sim, void *state, int32_t disk_index, int32_t distance, double seek_ms);
  /* The host's settings changed (the volume may be another). */
  void (*volume_changed)(sp_sim *sim, void *state);
  /* sp_reset: back to before the run (its settings kept). */
  void (*reset)(sp_sim *sim, void *state);
  /* sp_free: its state goes (after sp_reset). */
  void (*free)(sp_sim *sim, void *state);
} ext_ops;

/* The state an extension attached to the sim (NULL: none yet). */
void *ext_state(const sp_sim *sim, const ext_ops *ops);
/* Attaches state (owned by the extension, freed by its free hook); fails
 * with SP_E_LIMIT past SP_EXT_SLOTS extensions in one sim. */
sp_status ext_attach(sp_sim *sim, const ext_ops *ops, void *state);
/* Schedules the extension's timer `tag` at t. */
sp_status ext_timer(sp_sim *sim, const ext_ops *ops, double t, int32_t tag);

/* For the core: each hook of every attached extension, in attach order. */
sp_status ext_start_all(sp_sim *sim, int32_t *replaces);
sp_status ext_on_timer(sp_sim *sim, int32_t slot, int32_t tag);
sp_status ext_on_done(sp_sim *sim, int32_t slot, int32_t tag);
void ext_seek_all(sp_sim *sim, int32_t disk_index, int32_t distance, double seek_ms);
void ext_volume_changed_all(sp_sim *sim);
void ext_reset_all(sp_sim *sim);
void ext_free_all(sp_sim *sim);
/* The slot of an attached extension (-1: none). */
int32_t ext_slot(const sp_sim *sim, const ext_ops *ops);

/* A disk's dispatch tells the extensions that listen (one test when none does). */
static inline void ext_note_seek(sp_sim *sim, int32_t disk_index, int32_t distance, double seek_ms) {
  if (sim->ext_seek_hooks) ext_seek_all(sim, disk_index, distance, seek_ms);
}

#endif
