/*
 * nv_fixture.h — a disk whose times are easy to work out by hand, for the
 * flash and NVCache tests: 1 surface, 6,000 RPM (10 ms a revolution), 1,000
 * cylinders of 100 sectors (0.1 ms a sector; LBN = cyl * 100 + slot, slot 0 at
 * angle 0, no skew), seek(d) = 2 + 0.01 d ms, no overheads, bus, cache or settle.
 */
#ifndef SPINDLE_NV_FIXTURE_H
#define SPINDLE_NV_FIXTURE_H
#include "spindle.h"

static inline int32_t nv_disk(sp_sim *sim) {
  int32_t d = sp_disk_add(sim);
  sp_disk_set(sim, d, SP_DP_SURFACES, 1);
  sp_disk_set(sim, d, SP_DP_RPM, 6000);
  sp_disk_set(sim, d, SP_DP_SEEK_BOUNDARY, 0);
  sp_disk_set(sim, d, SP_DP_SEEK_C, 2.0);
  sp_disk_set(sim, d, SP_DP_SEEK_E, 0.01);
  sp_disk_add_zone(sim, d, 0, 999, 100, 0, 0, SP_SPARE_NONE, 0);
  sp_disk_commit(sim, d);
  return d;
}
#endif
