/*
 * stats.c — aggregate statistics (Welford mean and deviation, a log-linear
 * response-time histogram for percentiles) and the demerit figure of
 * Ruemmler & Wilkes (1994).
 *
 * Percentile error: a percentile is interpolated inside the histogram bin
 * that holds the true order statistic, so it is off by less than that bin's
 * width: under 0.01 ms below 20.48 ms, and under 1/1024 (0.1 %) of the value
 * above, at any scale up to SP_MAX_TIME_MS (see SP_HIST_* in engine.h).
 */
#include "engine.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Histogram bin of a response of x ms (see SP_HIST_* in engine.h). */
static int32_t hist_bin(double x) {
  double u = x / SP_HIST_BIN_MS;
  if (!(u >= 0)) return 0;
  if (u < 2 * SP_HIST_SUB) return (int32_t)u;
  if (u >= 9.0e18) return SP_HIST_BINS - 1;
  uint64_t v = (uint64_t)u;
  int32_t top = 63;                                /* index of v's highest set bit */
#if defined(__GNUC__)
  top = 63 - __builtin_clzll(v);
#else
  while (!(v >> top)) top--;
#endif
  int32_t e = top - SP_HIST_SUB_BITS;              /* >= 1 here */
  int64_t i = 2 * SP_HIST_SUB + (int64_t)(e - 1) * SP_HIST_SUB + (int64_t)((v >> e) - SP_HIST_SUB);
  return i < SP_HIST_BINS ? (int32_t)i : SP_HIST_BINS - 1;
}

/* Bounds of bin i in ms: [*lo, *hi). */
static void hist_bounds(int32_t i, double *lo, double *hi) {
  if (i < 2 * SP_HIST_SUB) { *lo = i * SP_HIST_BIN_MS; *hi = (i + 1) * SP_HIST_BIN_MS; return; }
  int32_t k = i - 2 * SP_HIST_SUB, e = k / SP_HIST_SUB + 1;
  double m = (double)(k % SP_HIST_SUB + SP_HIST_SUB), w = ldexp(1.0, e);
  *lo = m * w * SP_HIST_BIN_MS; *hi = (m + 1) * w * SP_HIST_BIN_MS;
}

sp_status stats_init(accum *a) {
  memset(a, 0, sizeof *a);
  a->hist = calloc(SP_HIST_BINS, sizeof *a->hist);
  if (!a->hist) return SP_E_NOMEM;
  a->bin_lo = SP_HIST_BINS; a->bin_hi = -1;       /* calloc: every bin is zero */
  stats_clear(a);
  return SP_OK;
}

/* Clears the figures; only the histogram's used bins are cleared (a sweep
 * resets often, and the whole histogram is 400 KB). */
void stats_clear(accum *a) {
  uint32_t *h = a->hist;
  int32_t lo = a->bin_lo, hi = a->bin_hi;
  memset(a, 0, sizeof *a);
  a->hist = h;
  if (h && lo <= hi) memset(h + lo, 0, (size_t)(hi - lo + 1) * sizeof *h);
  a->bin_lo = SP_HIST_BINS; a->bin_hi = -1;
  a->min = INFINITY; a->max = -INFINITY; a->first_arrival = INFINITY;
}

void stats_free(accum *a) { free(a->hist); a->hist = NULL; }

void stats_copy(accum *dst, const accum *src) {
  uint32_t *h = dst->hist;
  *dst = *src;
  dst->hist = h;
  memcpy(h, src->hist, SP_HIST_BINS * sizeof *h);
  /* dst's used range was overwritten too: the whole array is src's now */
}

/* Host-visible requests add to every figure; destages (the media half of an
 * immediately reported write) add only to the mechanism's figures. */
void stats_add(accum *a, const request *r) {
  a->head_sum += r->head_end - r->head_start;
  a->sum_seek += r->seek; a->sum_rot += r->rotation; a->sum_xfer += r->transfer;
  a->sum_switch += r->switching;
  if (r->internal) return;
  double x = r->complete - r->arrival;
  a->n++;
  if (r->is_write) a->writes++; else a->reads++;
  if (r->cache) a->hits++;
  if (r->head_switches + r->cyl_switches > 0) a->switched++;
  double dlt = x - a->mean;
  a->mean += dlt / (double)a->n;
  a->m2 += dlt * (x - a->mean);
  double h = r->head_end - r->head_start, dh = h - a->head_mean;
  a->head_mean += dh / (double)a->n;
  a->head_m2 += dh * (h - a->head_mean);
  if (x < a->min) a->min = x;
  if (x > a->max) a->max = x;
  if (r->arrival < a->first_arrival) a->first_arrival = r->arrival;
  if (r->complete > a->last_complete) a->last_complete = r->complete;
  a->sectors += r->sectors;
  a->sum_queue += r->dispatch - r->arrival - r->overhead > 0 ? r->dispatch - r->arrival - r->overhead : 0;
  a->sum_overhead += r->overhead; a->sum_bus += r->bus;
  int32_t bin = hist_bin(x);
  a->hist[bin]++;
  if (bin < a->bin_lo) a->bin_lo = bin;
  if (bin > a->bin_hi) a->bin_hi = bin;
}

const accum *stats_pick(const sp_sim *sim, int32_t disk_index) {
  /* Logical requests: in pass-through they are the device requests. */
  if (disk_index == SP_HOST && !host_passthrough(&sim->host)) return sim->host.acc.hist ? &sim->host.acc : NULL;
  if (disk_index == SP_HOST_WRITES) return sim->host.acc_w.hist ? &sim->host.acc_w : NULL;
  if (disk_index < -2) return NULL;
  /* With one disk, "all disks" is that disk (acc_all is kept only when there are more). */
  if (disk_index < 0) return sim->ndisks == 1 ? sim->acc_disk[0] : &sim->acc_all;
  if (disk_index >= sim->ndisks) return NULL;
  return sim->acc_disk[disk_index];
}

/* Value below which a fraction p of responses fall, interpolated in its bin
 * and clamped to the observed extremes. */
static double percentile(const accum *a, double p) {
  if (a->n == 0) return NAN;
  double want = p * (double)a->n, seen = 0;
  for (int32_t i = a->bin_lo; i <= a->bin_hi; i++) {
    if (!a->hist[i]) continue;
    if (seen + a->hist[i] >= want) {
      double lo, hi;
      hist_bounds(i, &lo, &hi);
      double v = lo + (want - seen) / a->hist[i] * (hi - lo);
      return v < a->min ? a->min : v > a->max ? a->max : v;
    }
    seen += a->hist[i];
  }
  return a->max;
}

double sp_response_percentile(const sp_sim *sim, int32_t disk_index, double p) {
  if (!sim || !(p >= 0 && p <= 1)) return NAN;
  const accum *a = stats_pick(sim, disk_index);
  return a ? percentile(a, p) : NAN;
}

/* stats_pick, or a message that says why there is nothing to pick. */
static const accum *pick_or_fail(sp_sim *sim, int32_t disk_index) {
  const accum *a = stats_pick(sim, disk_index);
  if (a) return a;
  if (disk_index == SP_HOST || disk_index == SP_HOST_WRITES)
    sp__fail(sim, SP_E_RANGE, "host: no volume statistics before the host is committed (sp_host_commit or a run)");
  else
    sp__fail(sim, SP_E_RANGE, "disk: index %d does not exist (%d disks; -1: all, SP_HOST: the volume)", disk_index,
             sim->ndisks);
  return NULL;
}

sp_status sp_stats_clear(sp_sim *sim) {
  if (!sim) return SP_E_INVALID;
  stats_clear(&sim->acc_all);
  for (int32_t i = 0; i < sim->ndisks; i++)
    if (sim->acc_disk[i]) stats_clear(sim->acc_disk[i]);
  if (sim->host.acc.hist) stats_clear(&sim->host.acc);
  if (sim->host.acc_w.hist) stats_clear(&sim->host.acc_w);
  return SP_OK;
}

sp_status sp_stats_get(sp_sim *sim, int32_t disk_index, sp_stats *out) {
  if (!sim) return SP_E_INVALID;
  const accum *a = pick_or_fail(sim, disk_index);
  if (!a) return sim->last;
  if (!out) return sp__fail(sim, SP_E_INVALID, "sp_stats_get: out is NULL");
  memset(out, 0, sizeof *out);
  double n = (double)a->n;
  out->completed = a->n; out->reads = a->reads; out->writes = a->writes; out->cache_hits = a->hits;
  if (a->n == 0) return SP_OK;
  out->first_arrival_ms = a->first_arrival; out->last_complete_ms = a->last_complete;
  out->response_mean_ms = a->mean;
  out->response_sd_ms = a->n > 1 ? sqrt(a->m2 / (n - 1)) : 0;
  out->response_min_ms = a->min; out->response_max_ms = a->max;
  out->p50_ms = percentile(a, 0.5); out->p90_ms = percentile(a, 0.9);
  out->p95_ms = percentile(a, 0.95); out->p99_ms = percentile(a, 0.99);
  double span = a->last_complete - a->first_arrival;
  int32_t bytes = disk_index >= 0 ? (int32_t)sim->disks[disk_index]->p[SP_DP_SECTOR_BYTES]
                                  : (sim->ndisks ? (int32_t)sim->disks[0]->p[SP_DP_SECTOR_BYTES] : 512);
  if (span > 0) {
    out->throughput_per_s = n / span * 1000.0;
    out->mb_per_s = a->sectors * bytes / span / 1000.0;
  }
  out->head_mean_ms = a->head_mean;
  out->head_sd_ms = a->n > 1 ? sqrt(a->head_m2 / (n - 1)) : 0;
  out->queue_mean_ms = a->sum_queue / n; out->overhead_mean_ms = a->sum_overhead / n;
  out->seek_mean_ms = a->sum_seek / n; out->rotation_mean_ms = a->sum_rot / n;
  out->transfer_mean_ms = a->sum_xfer / n; out->switch_mean_ms = a->sum_switch / n;
  out->bus_mean_ms = a->sum_bus / n;
  out->efficiency = a->head_sum > 0 ? a->sum_xfer / a->head_sum : 0;
  out->head_switch_fraction = (double)a->switched / n;
  return SP_OK;
}

sp_status sp_response_histogram(sp_sim *sim, int32_t disk_index, double bin_ms, int32_t bins,
                                uint32_t *counts) {
  if (!sim) return SP_E_INVALID;
  const accum *a = pick_or_fail(sim, disk_index);
  if (!a) return sim->last;
  if (!(bin_ms >= SP_HIST_BIN_MS))
    return sp__fail(sim, SP_E_INVALID, "histogram.bin_ms: %g must be >= %g", bin_ms, SP_HIST_BIN_MS);
  if (bins < 1 || bins > SP_HIST_OUT_BINS)
    return sp__fail(sim, SP_E_INVALID, "histogram.bins: %d is outside 1..%d", bins, SP_HIST_OUT_BINS);
  if (!counts) return sp__fail(sim, SP_E_INVALID, "histogram.counts: is NULL");
  memset(counts, 0, (size_t)bins * sizeof *counts);
  /* Each internal bin's count goes where its middle falls. */
  for (int32_t i = a->bin_lo; i <= a->bin_hi; i++) {
    if (!a->hist[i]) continue;
    double lo, hi;
    hist_bounds(i, &lo, &hi);
    double b = (lo + hi) / 2 / bin_ms;
    counts[b < bins ? (int64_t)b : bins - 1] += a->hist[i];
  }
  return SP_OK;
}

static int cmp_double(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

/* Quantile of sorted values at probability q (the inverse empirical CDF). */
static double quantile(const double *v, int32_t n, double q) {
  int64_t i = (int64_t)ceil(q * n) - 1;
  return v[i < 0 ? 0 : i >= n ? n - 1 : i];
}

/* RMS of the horizontal distance between the two CDFs: the difference of
 * their quantile functions, integrated over probability in fine steps. */
sp_status sp_demerit(const double *a, int32_t na, const double *b, int32_t nb,
                     double *demerit_ms, double *relative) {
  if (!a || !b || na < 1 || nb < 1 || !demerit_ms || !relative) return SP_E_INVALID;
  double *sa = malloc((size_t)na * sizeof *sa), *sb = malloc((size_t)nb * sizeof *sb);
  if (!sa || !sb) { free(sa); free(sb); return SP_E_NOMEM; }
  /* Response times: [0, SP_MAX_TIME_MS], so that no difference or square overflows. */
  double mean = 0;
  for (int32_t i = 0; i < na; i++) {
    if (!(a[i] >= 0 && a[i] <= SP_MAX_TIME_MS)) { free(sa); free(sb); return SP_E_INVALID; }
    sa[i] = a[i]; mean += a[i];
  }
  for (int32_t i = 0; i < nb; i++) {
    if (!(b[i] >= 0 && b[i] <= SP_MAX_TIME_MS)) { free(sa); free(sb); return SP_E_INVALID; }
    sb[i] = b[i];
  }
  mean /= na;
  qsort(sa, (size_t)na, sizeof *sa, cmp_double);
  qsort(sb, (size_t)nb, sizeof *sb, cmp_double);
  const int32_t steps = 10000;
  double sum = 0;
  for (int32_t k = 0; k < steps; k++) {
    double q = (k + 0.5) / steps, dx = quantile(sa, na, q) - quantile(sb, nb, q);
    sum += dx * dx;
  }
  *demerit_ms = sqrt(sum / steps);
  *relative = mean != 0 ? *demerit_ms / mean : 0;
  free(sa); free(sb);
  return SP_OK;
}
