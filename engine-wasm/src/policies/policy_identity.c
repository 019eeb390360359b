/*
 * policy_identity.c — the volume is one device, block for block; its unit is
 * the device's track (so track-aligned workloads align to real tracks).
 */
#include "policy.h"
#include "disk.h"

static sp_status identity_commit(sp_sim *sim, host *h) {
  if (h->count != 1)
    return sp__fail(sim, SP_E_INVALID, "host.devices: the identity policy maps the volume to exactly 1 device, "
                    "not %d", h->count);
  h->capacity = sim->disks[h->first]->capacity;
  return SP_OK;
}

static void identity_map(const sp_sim *sim, const host *h, int64_t vlbn, int32_t *device, int64_t *lbn) {
  (void)sim;
  *device = h->first; *lbn = vlbn;
}

static void identity_unit(const sp_sim *sim, const host *h, int64_t vlbn, int64_t *first, int64_t *count) {
  disk_track_unit(sim->disks[h->first], vlbn, first, count);
}

static int32_t identity_split(const sp_sim *sim, const host *h, int64_t vlbn, int64_t n, host_piece *out,
                              int32_t max) {
  (void)sim;
  if (max < 1) return 0;
  out[0].device = h->first; out[0].lbn = vlbn; out[0].sectors = (int32_t)n;
  return 1;
}

const policy_ops policy_identity = {
  .name = "identity",
  .commit = identity_commit,
  .map = identity_map,
  .unit = identity_unit,
  .split = identity_split,
};
