/*
 * bench.c — the engine's native throughput benchmark. Runs setups of a call
 * script (test/script.h; bench/scenarios.sps) and prints one JSON object per
 * run: wall and CPU time of the sp_run loop (setup excluded; CPU time is
 * the steadier figure on a shared machine), requests completed (logical:
 * a redirected write is one request, not its flash write and write-back),
 * events streamed, and the mean response time (to check that the native and
 * wasm runs simulated the same thing). scripts/bench/ drives it.
 *   build/native/bench FILE.sps NAME [RUNS]
 *   build/native/bench --memory FILE.sps NAME   peak heap in use (mallinfo2)
 */
#define _GNU_SOURCE
#include "../test/script.h"
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double clock_ms(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static size_t heap_in_use(void) {
  struct mallinfo2 m = mallinfo2();
  return m.uordblks + m.hblkhd;
}

int main(int argc, char **argv) {
  (void)sps_setups;
  int memory = argc > 1 && strcmp(argv[1], "--memory") == 0;
  if (memory) { argv++; argc--; }
  if (argc < 3) { fprintf(stderr, "usage: %s [--memory] FILE.sps NAME [RUNS]\n", argv[0]); return 2; }
  int runs = argc > 3 ? atoi(argv[3]) : 1;
  char err[512];
  for (int r = 0; r < runs; r++) {
    size_t base = heap_in_use(), peak = base;
    sp_sim *sim = sp_new(0);
    if (!sim || sps_load(sim, argv[1], argv[2], err, sizeof err) != 0) {
      fprintf(stderr, "%s\n", sim ? err : "out of memory");
      return 1;
    }
    size_t after_setup = heap_in_use();
    int64_t events = 0, chunks = 0;
    sp_status st;
    double t0 = clock_ms(CLOCK_MONOTONIC), c0 = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
    do {
      st = sp_run(sim, -1);
      events += sp_event_count(sim);
      chunks++;
      if (memory) { size_t u = heap_in_use(); if (u > peak) peak = u; }
    } while (st == SP_MORE);
    double t1 = clock_ms(CLOCK_MONOTONIC), c1 = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
    if (st < 0) { fprintf(stderr, "%s: sp_run: %s\n", argv[2], sp_error(sim)); return 1; }
    sp_stats s;
    sp_stats_get(sim, SP_HOST, &s);   /* logical requests (pass-through: the same as all devices) */
    printf("{\"name\":\"%s\",\"ms\":%.4f,\"cpu_ms\":%.4f,\"requests\":%lld,\"events\":%lld,\"chunks\":%lld,"
           "\"mean_response_ms\":%.17g,\"sim_ms\":%.17g",
           argv[2], t1 - t0, c1 - c0, (long long)s.completed, (long long)events, (long long)chunks,
           s.response_mean_ms, sp_now(sim));
    if (memory)
      printf(",\"heap_setup_bytes\":%zu,\"heap_peak_bytes\":%zu", after_setup - base, peak - base);
    printf("}\n");
    fflush(stdout);
    sp_free(sim);
  }
  return 0;
}
