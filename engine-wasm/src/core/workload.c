/*
 * workload.c — seeded synthetic workloads: the random number generators
 * (xoshiro256**, one stream per consumer, seeded through splitmix64) and the
 * request generator (random, sequential or desktop: on/off bursts with
 * writes near the previous one; size distributions, read/write mix, region,
 * alignment to the volume's units). Requests address the volume
 * (the host maps them to devices). The same seed gives the same requests on
 * every platform.
 */
#include "engine.h"
#include <math.h>

static uint64_t splitmix(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Stream k starts from seed ^ (k * golden ratio), through splitmix64: stream 0
 * is the single stream of API 1; the others are as independent as xoshiro's
 * seeding makes them. */
void wl_seed_stream(sp_sim *sim, int32_t k) {
  uint64_t x = sim->seed ^ ((uint64_t)k * 0x9E3779B97F4A7C15ull);
  for (int i = 0; i < 4; i++) sim->rng[k].s[i] = splitmix(&x);
  sim->rng[k].below_n = 0; sim->rng[k].below_lim = 0;
}

void wl_seed(sp_sim *sim, uint64_t seed) {
  sim->seed = seed;
  for (int k = 0; k < SP_RS_COUNT; k++) wl_seed_stream(sim, k);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t wl_rand(sp_sim *sim, int32_t stream) {
  uint64_t *s = sim->rng[stream].s;
  uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45);
  return r;
}

double wl_uniform(sp_sim *sim, int32_t stream) { return (double)(wl_rand(sim, stream) >> 11) * 0x1.0p-53; }

/* Uniform integer in [0, n), without modulo bias. */
static int64_t below(sp_sim *sim, int32_t stream, int64_t n) {
  if (n <= 1) return 0;
  rng_stream *g = &sim->rng[stream];
  uint64_t un = (uint64_t)n, x;
  if (un != g->below_n) { g->below_n = un; g->below_lim = UINT64_MAX - UINT64_MAX % un; }
  const uint64_t lim = g->below_lim;            /* the same range every draw: one division, not two */
  do x = wl_rand(sim, stream); while (x >= lim);
  return (int64_t)(x % un);
}

/* Open arrivals: Poisson at rate_per_s, or the desktop pattern's on/off
 * process: each gap ends the burst with probability 1 / burst_requests (a
 * geometric burst length of that mean), then lasts an exponential time of
 * mean idle_ms (between bursts) or burst_gap_ms (inside one). */
double wl_interarrival(sp_sim *sim) {
  const double *p = sim->wl.p;
  if (p[SP_WP_PATTERN] == SP_PATTERN_DESKTOP) {
    const double mean = wl_uniform(sim, SP_RS_ARRIVALS) * p[SP_WP_BURST_REQUESTS] < 1.0 ? p[SP_WP_IDLE_MS]
                                                                                       : p[SP_WP_BURST_GAP_MS];
    return -log(1.0 - wl_uniform(sim, SP_RS_ARRIVALS)) * mean;
  }
  return -log(1.0 - wl_uniform(sim, SP_RS_ARRIVALS)) * 1000.0 / p[SP_WP_RATE_PER_S];
}

/* The desktop pattern's write location (see SP_PATTERN_DESKTOP): near the
 * previous write's end, log-uniformly up to near_sectors either way, or
 * uniform over the region [first, first + len). */
static int64_t desktop_write_start(sp_sim *sim, int64_t first, int64_t len) {
  const double *p = sim->wl.p;
  const int64_t prev = sim->wl.last_write_end;
  if (prev < 0 || wl_uniform(sim, SP_RS_LOCATIONS) >= p[SP_WP_NEAR_FRACTION])
    return first + below(sim, SP_RS_LOCATIONS, len);
  const double d = floor(pow(p[SP_WP_NEAR_SECTORS] + 1.0, wl_uniform(sim, SP_RS_LOCATIONS))) - 1.0;
  int64_t start = (wl_rand(sim, SP_RS_LOCATIONS) & 1) ? prev + (int64_t)d : prev - (int64_t)d;
  if (start < first) start = first;
  if (start >= first + len) start = first + len - 1;   /* the caller keeps the whole request inside */
  return start;
}

static int64_t draw_size(sp_sim *sim) {
  const double *p = sim->wl.p;
  double base = p[SP_WP_SIZE_SECTORS], max = p[SP_WP_SIZE_MAX_SECTORS];
  switch ((int)p[SP_WP_SIZE_DIST]) {
    case SP_SIZE_UNIFORM: {
      int64_t lo = (int64_t)base, hi = max < base ? lo : (int64_t)max;
      return lo + below(sim, SP_RS_SIZES, hi - lo + 1);
    }
    case SP_SIZE_EXPONENTIAL: {
      double v = ceil(-log(1.0 - wl_uniform(sim, SP_RS_SIZES)) * base);
      if (max >= 1 && v > max) v = max;
      return v < 1 ? 1 : (int64_t)v;
    }
    default: return (int64_t)base;
  }
}

int32_t wl_next(sp_sim *sim, int64_t *vlbn, int32_t *sectors, int32_t *is_write) {
  workload *w = &sim->wl;
  const double *p = w->p;
  if (w->issued >= (int64_t)p[SP_WP_COUNT]) return 0;
  const int64_t cap = sim->host.capacity;       /* the volume (committed before the run) */
  if (!sim->host.committed || cap <= 0) return 0;
  int64_t first = (int64_t)p[SP_WP_REGION_FIRST_LBN];
  if (first >= cap) first = 0;
  int64_t len = (int64_t)p[SP_WP_REGION_LBNS];
  if (len <= 0 || first + len > cap) len = cap - first;
  int64_t size = draw_size(sim), start, ufirst, ucount;
  /* Streams are per consumer: drawing the mix before the location changes no value. */
  const int32_t write = wl_uniform(sim, SP_RS_MIX) >= p[SP_WP_READ_FRACTION];
  if (p[SP_WP_PATTERN] == SP_PATTERN_DESKTOP && write) {
    start = desktop_write_start(sim, first, len);
  } else if (p[SP_WP_PATTERN] == SP_PATTERN_SEQUENTIAL) {
    if (w->seq_next < first || w->seq_next >= first + len) w->seq_next = first;
    start = w->seq_next;
  } else {
    start = first + below(sim, SP_RS_LOCATIONS, len);
  }
  if (p[SP_WP_ALIGN] == SP_ALIGN_TRACK) {
    host_unit(sim, start, &ufirst, &ucount);
    start = ufirst;
    if (start < first) { host_unit(sim, first, &ufirst, &ucount); start = ufirst; }
  }
  if (p[SP_WP_SIZE_TRACKS] > 0) {
    host_unit(sim, start, &ufirst, &ucount);
    size = (int64_t)llround(p[SP_WP_SIZE_TRACKS] * (double)ucount);
    if (size < 1) size = 1;
    if (size > INT32_MAX / 2) size = INT32_MAX / 2;   /* large units: sectors stay an int32 */
  }
  if (size > first + len - start) {                  /* keep inside the region */
    if (size > len) size = len;
    start = first + len - size;
  }
  if (p[SP_WP_PATTERN] == SP_PATTERN_SEQUENTIAL) w->seq_next = start + size;
  if (write) w->last_write_end = start + size;
  *vlbn = start; *sectors = (int32_t)size;
  *is_write = write;
  w->issued++;
  return 1;
}
