/*
 * dethash.c — prints the run hash (test/simhash.h) of every setup of a call
 * script file, one line each:  NAME HASH EVENTS RESULTS CHUNKS
 * tests/determinism.wasm.test.ts builds and runs this program and compares
 * its lines with the same hashes computed through the wasm binding.
 *   build/native/dethash test/determinism.sps
 */
#include "script.h"
#include "simhash.h"
#include <stdio.h>

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: %s SETUPS.sps\n", argv[0]); return 2; }
  char names[256][64], err[512];
  int n = sps_setups(argv[1], names, 256);
  if (n <= 0) { fprintf(stderr, "%s: no setups\n", argv[1]); return 1; }
  for (int i = 0; i < n; i++) {
    sp_sim *sim = sp_new(0);
    if (!sim || sps_load(sim, argv[1], names[i], err, sizeof err) != 0) {
      fprintf(stderr, "%s\n", sim ? err : "out of memory");
      sp_free(sim);
      return 1;
    }
    simhash h;
    uint64_t v = sh_run(sim, &h);
    printf("%s %016llx %lld %lld %lld\n", names[i], (unsigned long long)v, (long long)h.events,
           (long long)h.results, (long long)h.runs);
    sp_free(sim);
  }
  return 0;
}
