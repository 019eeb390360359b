/*
 * devices.c — the sim's device slots: adding one (its statistics with it)
 * and finding one by index. What a device does is its device_ops'.
 */
#include "engine.h"
#include <stdlib.h>

/* Device slot `index`, which must exist; need_commit: 1 committed, 0 not yet, -1 either. */
disk *sim_device(sp_sim *sim, int32_t index, int32_t need_commit) {
  if (!sim) return NULL;
  if (index < 0 || index >= sim->ndisks) {
    sp__fail(sim, SP_E_RANGE, "disk: index %d does not exist (%d disks)", index, sim->ndisks);
    return NULL;
  }
  disk *d = sim->disks[index];
  if (need_commit == 1 && !d->committed) {
    sp__fail(sim, SP_E_STATE, "disk %d: not committed yet (call sp_disk_commit)", index);
    return NULL;
  }
  if (need_commit == 0 && d->committed) {
    sp__fail(sim, SP_E_STATE, "disk %d: already committed; its layout is fixed", index);
    return NULL;
  }
  return d;
}

int32_t sim_add_device(sp_sim *sim, disk *d) {
  if (sim->ndisks >= SP_MAX_DISKS)
    return sp__fail(sim, SP_E_LIMIT, "disks: at most %d disks in one simulation", SP_MAX_DISKS);
  accum *a = calloc(1, sizeof *a);
  if (!a || stats_init(a) != SP_OK) {
    if (a) stats_free(a);
    free(a);
    return sp__fail(sim, SP_E_NOMEM, "disks: out of memory");
  }
  /* acc_all is not kept while there is one disk (its figures are disk 0's):
   * a second disk starts it from disk 0's. */
  if (sim->ndisks == 1) stats_copy(&sim->acc_all, sim->acc_disk[0]);
  sim->acc_disk[sim->ndisks] = a;
  sim->disks[sim->ndisks] = d;
  return sim->ndisks++;
}
