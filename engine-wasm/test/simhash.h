/*
 * simhash.h — a hash of everything a run produces: the status of every
 * sp_run call, every event and result record of every chunk, and the final
 * statistics (logical requests, all disks, then each disk) and clock. Two runs hash equal only
 * if they produced the same bytes. tests/helpers/simhash.ts computes the same
 * function over wasm memory, so a native and a wasm run can be compared.
 *
 * The hash reads records as little-endian 32-bit words, two murmur3-style
 * lanes, 64 bits out. Any 64-bit word whose bits form a NaN is hashed as the
 * canonical quiet NaN: x86 and wasm produce NaNs with different sign bits,
 * and a NaN is a NaN (records are all 8-byte words: no padding is hashed).
 */
#ifndef SPINDLE_SIMHASH_H
#define SPINDLE_SIMHASH_H
#include "spindle.h"
#include <stdint.h>
#include <string.h>

typedef struct simhash {
  uint32_t h1, h2;
  int64_t events, results, runs;
  int32_t status;            /* last sp_run status */
} simhash;

static uint32_t sh_rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

static void sh_init(simhash *h) {
  memset(h, 0, sizeof *h);
  h->h1 = 0x9747b28cu; h->h2 = 0x3c6ef372u;
}

static void sh_lane(uint32_t *h, uint32_t k) {
  k *= 0xcc9e2d51u; k = sh_rotl(k, 15); k *= 0x1b873593u;
  *h ^= k; *h = sh_rotl(*h, 13); *h = *h * 5 + 0xe6546b64u;
}

static void sh_word32(simhash *h, uint32_t w) {
  sh_lane(&h->h1, w);
  sh_lane(&h->h2, w ^ 0x5bd1e995u);
}

/* Hashes n bytes (a multiple of 8) as 64-bit words, NaNs canonical. */
static void sh_bytes(simhash *h, const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i + 8 <= n; i += 8) {
    uint32_t lo = (uint32_t)b[i] | (uint32_t)b[i + 1] << 8 | (uint32_t)b[i + 2] << 16 | (uint32_t)b[i + 3] << 24;
    uint32_t hi = (uint32_t)b[i + 4] | (uint32_t)b[i + 5] << 8 | (uint32_t)b[i + 6] << 16 | (uint32_t)b[i + 7] << 24;
    if ((hi & 0x7ff00000u) == 0x7ff00000u && ((hi & 0x000fffffu) | lo) != 0) { lo = 0; hi = 0x7ff80000u; }
    sh_word32(h, lo);
    sh_word32(h, hi);
  }
}

static void sh_double(simhash *h, double x) { sh_bytes(h, &x, 8); }

static uint64_t sh_final(const simhash *h) {
  uint32_t a = h->h1, b = h->h2;
  a ^= a >> 16; a *= 0x85ebca6bu; a ^= a >> 13; a *= 0xc2b2ae35u; a ^= a >> 16;
  b ^= b >> 16; b *= 0x85ebca6bu; b ^= b >> 13; b *= 0xc2b2ae35u; b ^= b >> 16;
  return (uint64_t)a << 32 | b;
}

/* Hashes the output of one sp_run call (its status and both chunks). */
static void sh_chunk(simhash *h, const sp_sim *sim, int32_t status) {
  sh_word32(h, (uint32_t)status);
  int32_t ne = sp_event_count(sim), nr = sp_result_count(sim);
  sh_word32(h, (uint32_t)ne);
  sh_word32(h, (uint32_t)nr);
  if (ne > 0) sh_bytes(h, sp_events(sim), (size_t)ne * sizeof(sp_event));
  if (nr > 0) sh_bytes(h, sp_results(sim), (size_t)nr * sizeof(sp_result));
  h->events += ne; h->results += nr; h->runs++;
  h->status = status;
}

/* Hashes the final statistics of the logical requests (SP_HOST), of all
 * disks and of every disk, and the clock. */
static void sh_stats(simhash *h, sp_sim *sim) {
  for (int32_t d = SP_HOST; d < sp_disk_count(sim); d++) {
    sp_stats s;
    memset(&s, 0, sizeof s);
    int32_t st = sp_stats_get(sim, d, &s);
    sh_word32(h, (uint32_t)st);
    sh_bytes(h, &s, sizeof s);
  }
  sh_double(h, sp_now(sim));
  sh_word32(h, (uint32_t)sp_done(sim));
}

/* One sp_run step of a hashed run: returns 1 while there is more to run. */
static int sh_step(simhash *h, sp_sim *sim) {
  int32_t st = sp_run(sim, -1);
  sh_chunk(h, sim, st);
  return st == SP_MORE && h->runs < 1000000;
}

/* Runs a set-up sim to the end and hashes everything it produced. */
static uint64_t sh_run(sp_sim *sim, simhash *h) {
  sh_init(h);
  while (sh_step(h, sim)) {}
  sh_stats(h, sim);
  return sh_final(h);
}
#endif
