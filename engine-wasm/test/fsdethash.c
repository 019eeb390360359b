/*
 * fsdethash.c — prints the epochs of the file-system experiment's small setup
 * (test/fs_fixture.h), one line each, for a baseline and a reorganizing run:
 *   POLICY INDEX PHASE REQUESTS BYTES LOOKUPS HITS READS BLOCKS MOVED WRITES SEEKS SEEK_MS_SUM
 * tests/fsengine.wasm.test.ts builds and runs this program (from engine-wasm/)
 * and compares its lines with the same run through the wasm binding: the
 * experiment is the same bytes on both builds.
 *   build/native/fsdethash
 */
#include "fs_fixture.h"
#include "spindle_fs.h"

int main(void) {
  const int policies[2] = { SP_FS_POLICY_NONE, SP_FS_POLICY_CENTRE };
  for (int p = 0; p < 2; p++) {
    sp_sim *sim = fs_fixture(9, policies[p]);
    if (!sim) return 1;
    if (fs_fixture_run(sim, 6) != SP_OK) { fprintf(stderr, "%s\n", sp_error(sim)); return 1; }
    for (int k = 0; k < sp_fs_epoch_count(sim); k++) {
      sp_fs_epoch e;
      sp_fs_epoch_get(sim, k, &e);
      printf("%d %d %d %lld %lld %lld %lld %lld %lld %lld %lld %lld %.17g\n", policies[p], e.index, e.phase,
             (long long)e.requests, (long long)e.bytes, (long long)e.cache_lookups, (long long)e.cache_hits,
             (long long)e.disk_reads, (long long)e.disk_blocks, (long long)e.files_moved, (long long)e.disk_writes,
             (long long)e.seeks, e.seek_mean_ms * (double)e.seeks);
    }
    sp_free(sim);
  }
  return 0;
}
