/* fs_fixture.h — a small file-system experiment on the ibm-ultrastar-18es preset, for the native tests. */
#ifndef SPINDLE_FS_FIXTURE_H
#define SPINDLE_FS_FIXTURE_H
#include "script.h"
#include "spindle_fs.h"

/* 64 MB partition in 16 groups, 4 copies of 400 files (16 MB), a 4 MB cache, 8 clients, 5 s epochs. */
static sp_sim *fs_fixture(uint64_t seed, int policy) {
  sp_sim *sim = sp_new(seed);
  char err[SPS_ERR_LEN];
  if (sps_load(sim, "test/presets/ibm-ultrastar-18es.sps", NULL, err, sizeof err) != 0) {
    fprintf(stderr, "  preset: %s\n", err);
    sp_free(sim);
    return NULL;
  }
  sp_fs_set(sim, SP_FSP_ENABLED, 1);
  sp_fs_set(sim, SP_FSP_PARTITION_FIRST, 2000000);
  sp_fs_set(sim, SP_FSP_PARTITION_BLOCKS, 16384);
  sp_fs_set(sim, SP_FSP_BLOCKS_PER_GROUP, 1024);
  sp_fs_set(sim, SP_FSP_INODES_PER_GROUP, 256);
  sp_fs_set(sim, SP_FSP_FILES_PER_COPY, 400);
  sp_fs_set(sim, SP_FSP_COPIES, 4);
  sp_fs_set(sim, SP_FSP_COPY_MB, 4);
  sp_fs_set(sim, SP_FSP_CACHE_MB, 4);
  sp_fs_set(sim, SP_FSP_CLIENTS, 8);
  sp_fs_set(sim, SP_FSP_EPOCH_MS, 5000);
  sp_fs_set(sim, SP_FSP_POLICY, policy);
  sp_fs_set(sim, SP_FSP_LOG_MS, 10000);
  return sim;
}

/* Runs epochs 0 .. n-1 (sp_run to each epoch's end until SP_OK); the last status. */
static int fs_fixture_run(sp_sim *sim, int n) {
  const double e = sp_fs_get(sim, SP_FSP_EPOCH_MS);
  int st = SP_OK;
  for (int k = 0; k < n && st >= 0; k++)
    while ((st = sp_run(sim, (k + 1) * e)) == SP_MORE) {}
  return st;
}
#endif
