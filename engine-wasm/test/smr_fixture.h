/* smr_fixture.h — a small shingled drive for the native tests, whose band
 * times are easy to write down: one surface, 400 cylinders of 100 sectors,
 * 6,000 RPM (10 ms a revolution), seek(d) = 1 + 0.1 sqrt(d) ms, a cylinder
 * skew of 12 sectors (1.2 ms: the switch, seek(1) = 1.1 ms, then 0.1 ms of
 * rotation), no overheads, no cache. Bands of 10 tracks and 1 guard track
 * after 20 conventional tracks (a 2,000-sector media cache, drive-managed). */
#ifndef SPINDLE_SMR_FIXTURE_H
#define SPINDLE_SMR_FIXTURE_H
#include "spindle.h"
#include <math.h>

#define SMR_FIX_SPT 100
#define SMR_FIX_REV_MS 10.0
#define SMR_FIX_SKEW_MS 1.2
#define SMR_FIX_BAND 10
#define SMR_FIX_GUARD 1
#define SMR_FIX_CONV 20

static inline double smr_fix_seek(int d) { return d == 0 ? 0 : 1.0 + 0.1 * sqrt((double)d); }

static inline int smr_fixture(sp_sim *sim, int mode, double clean_idle_ms) {
  int d = sp_smr_add(sim);
  sp_disk_set(sim, d, SP_DP_RPM, 6000);
  sp_disk_set(sim, d, SP_DP_SEEK_A, 1.0); sp_disk_set(sim, d, SP_DP_SEEK_B, 0.1);
  sp_disk_set(sim, d, SP_DP_SEEK_BOUNDARY, 100000);
  sp_disk_add_zone(sim, d, 0, 399, SMR_FIX_SPT, 0, 12, SP_SPARE_NONE, 0);
  sp_smr_set(sim, d, SP_SMP_MODE, mode);
  sp_smr_set(sim, d, SP_SMP_BAND_TRACKS, SMR_FIX_BAND);
  sp_smr_set(sim, d, SP_SMP_GUARD_TRACKS, SMR_FIX_GUARD);
  sp_smr_set(sim, d, SP_SMP_CONVENTIONAL_TRACKS, SMR_FIX_CONV);
  sp_smr_set(sim, d, SP_SMP_CLEAN_IDLE_MS, clean_idle_ms);
  return sp_disk_commit(sim, d) == SP_OK ? d : -1;
}
#endif
