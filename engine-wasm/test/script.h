/*
 * script.h — "call scripts": a sim setup written as one public-API call per
 * line, so the same setup can be replayed natively (benchmarks, determinism
 * tests) and through the wasm binding (tests/helpers/script.ts reads the same
 * files and must stay in step with this one).
 *
 *   # comment                      blank lines and comments are ignored
 *   setup NAME SEED                starts a named setup: sp_reset(sim, SEED)
 *   include FILE                   the lines of FILE (relative to this file)
 *   disk                           sp_disk_add; later disk lines go to this disk
 *   use DISK                       later disk lines go to disk DISK (any index: errors are the engine's)
 *   reset SEED                     sp_reset(sim, SEED)
 *   set PARAM VALUE                sp_disk_set (PARAM: snake_case name, e.g. rpm)
 *   zone FIRST LAST SPT TSKEW CSKEW SPARE_KIND SPARE_COUNT    sp_disk_add_zone
 *   zone_set PARAM ZONE VALUE      sp_disk_set_zone (PARAM: first_block_offset, front_space_sectors or spare_range_cylinders)
 *   defect CYL SURFACE SLOT POLICY sp_disk_add_defect
 *   seek_point DISTANCE MS         sp_disk_add_seek_point
 *   commit                         sp_disk_commit
 *   wl PARAM VALUE                 sp_workload_set (PARAM: e.g. outstanding)
 *   host PARAM VALUE               sp_host_set (PARAM: e.g. policy, stripe_sectors)
 *   flash                          sp_flash_add; later fset lines go to this device
 *   fset PARAM VALUE               sp_flash_set (PARAM: e.g. capacity_sectors)
 *   smr                            sp_smr_add; later disk and sset lines go to this drive
 *   sset PARAM VALUE               sp_smr_set (PARAM: e.g. band_tracks)
 *   zone_action ZONE ACTION        sp_zone_action on the last disk (ACTION: 0 open .. 3 reset)
 *   submit DEVICE TIME LBN SECTORS FLAGS    sp_request_submit (FLAGS: 1 write, 2 linked)
 *   vsubmit TIME VLBN SECTORS FLAGS         sp_submit (a logical request to the volume)
 *   output EVENTS RESULTS          sp_output_configure
 *
 * A file may hold several setups: sps_load applies the lines of one block
 * (from its `setup` line to the next), or the whole file when name is NULL.
 * Header-only (static functions) so tests need no extra object files.
 */
#ifndef SPINDLE_SCRIPT_H
#define SPINDLE_SCRIPT_H
#include "spindle.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parameter names: the SP_DP_* / SP_WP_* names in lower case, in enum order
 * (the asserts catch a parameter added to the header but not here). */
static const char *const sps_disk_params[] = {
  "surfaces", "sector_bytes", "rpm", "seek_model", "seek_a", "seek_b", "seek_c", "seek_e",
  "seek_boundary", "write_settle_ms", "head_switch_ms", "cyl_switch_ms", "zero_latency",
  "read_overhead_ms", "write_overhead_ms", "read_hit_overhead_ms", "write_hit_overhead_ms",
  "bus_ms_per_sector", "read_fence_sectors", "cache_segments", "cache_segment_sectors",
  "read_ahead", "write_cache", "queue_depth", "scheduler", "read_fence_fraction",
  "write_bus_ms_per_sector", "immediate_rule", "read_ahead_max_sectors",
  "read_overhead_after_write_ms", "write_overhead_after_write_ms", "read_hit_overhead_after_write_ms",
  "write_hit_overhead_after_write_ms", "preseek",
  "initial_rotation",
  "sched_gather", "sched_window", "sched_batch", "sched_tie_ms", "sstf_sptf", "sptf_access",
  "constant_ms", "seek_linear", "seek_single_ms", "seek_full_ms", "rotation_model", "switch_model",
  "switch_fixed_ms", "layout_model", "transfer_model", "driver_queue", "read_completion_ms",
  "write_completion_ms", "shared_bus", "data_prep_ms", "write_watermark",
  "read_ahead_on_hit", "zero_latency_writes", "min_write_seek_ms",
  "reselect_ms", "write_disconnect_ms", "extra_write_disconnect", "extradisc_command_ms",
  "extradisc_seek_delta_ms", "extradisc_disconnect_ms", "extradisc_gap_ms", "extradisc_second_disconnect_ms",
  "reselect_other_ms", "write_segments", "partial_hit_immediate", "read_ahead_stop",
  "read_hits_on_writes", "sptf_disksim", "read_any_free",
};
static const char *const sps_wl_params[] = {
  "arrivals", "outstanding", "think_ms", "rate_per_s", "count", "pattern",
  "size_dist", "size_sectors", "size_max_sectors", "size_tracks", "read_fraction",
  "region_first_lbn", "region_lbns", "align",
  "burst_requests", "burst_gap_ms", "idle_ms", "near_fraction", "near_sectors",
};
_Static_assert(sizeof sps_disk_params / sizeof *sps_disk_params == SP_DP_COUNT,
               "script.h: sps_disk_params must name every SP_DP_* parameter");
_Static_assert(sizeof sps_wl_params / sizeof *sps_wl_params == SP_WP_COUNT_PARAMS,
               "script.h: sps_wl_params must name every SP_WP_* parameter");
static const char *const sps_host_params[] = {
  "policy", "first_device", "devices", "stripe_sectors", "stripe_tracks", "scheduler", "queue_depth",
  "block_sectors", "depth", "zone", "first_track", "tracks", "preschedule",
  "flash_device", "estimator", "high_watermark", "low_watermark", "idle_purge", "failed_device",
  "rmw_fraction", "device_queue",
};
static const char *const sps_flash_params[] = {
  "capacity_sectors", "sector_bytes", "read_ms", "read_ms_per_kb", "write_ms", "write_ms_per_kb",
  "write_factor", "pin_ms", "erase_block_bytes", "endurance", "erase_mode",
};
_Static_assert(sizeof sps_flash_params / sizeof *sps_flash_params == SP_FP_COUNT,
               "script.h: sps_flash_params must name every SP_FP_* parameter");
static const char *const sps_smr_params[] = {
  "mode", "band_tracks", "guard_tracks", "conventional_tracks", "clean_idle_ms",
};
_Static_assert(sizeof sps_smr_params / sizeof *sps_smr_params == SP_SMP_COUNT,
               "script.h: sps_smr_params must name every SP_SMP_* parameter");
_Static_assert(sizeof sps_host_params / sizeof *sps_host_params == SP_HP_COUNT,
               "script.h: sps_host_params must name every SP_HP_* parameter");

#define SPS_MAX_TOKENS 10
#define SPS_MAX_DEPTH 8
/* An error message's room: sps_load's callers give a buffer this size, so nothing is cut. */
#define SPS_ERR_LEN 512

typedef struct sps_state {
  sp_sim *sim;
  int32_t disk;            /* last disk added */
  int32_t flash;           /* last flash device added */
  char err[SPS_ERR_LEN];
} sps_state;

static int sps_index(const char *const *names, int n, const char *s) {
  for (int i = 0; i < n; i++) if (strcmp(names[i], s) == 0) return i;
  return -1;
}

static int sps_num(const char *s, double *out) {
  char *end;
  *out = strtod(s, &end);
  return end != s && *end == 0;
}

static int sps_split(char *line, char **tok) {
  int n = 0;
  char *p = line;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    if (!*p || *p == '#') break;
    if (n == SPS_MAX_TOKENS) return -1;
    tok[n++] = p;
    while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') p++;
    if (*p) *p++ = 0;
  }
  return n;
}

static int sps_file_lines(sps_state *s, const char *path, const char *name, int depth);

/* Applies one line; returns 0 or -1 with s->err set. */
static int sps_apply(sps_state *s, char **tok, int n, const char *path, int lineno, int depth) {
  double v[SPS_MAX_TOKENS];
  const char *op = tok[0];
  int32_t st = SP_OK;
#define SPS_FAIL(...) do { int k_ = snprintf(s->err, sizeof s->err, "%s:%d: ", path, lineno); \
    snprintf(s->err + k_, sizeof s->err - (size_t)k_, __VA_ARGS__); return -1; } while (0)
#define SPS_ARGS(count) do { if (n != (count) + 1) SPS_FAIL("%s takes %d arguments", op, (count)); } while (0)
  if (strcmp(op, "include") == 0) {
    SPS_ARGS(1);
    if (depth >= SPS_MAX_DEPTH) SPS_FAIL("include nested too deeply");
    char full[1024];
    const char *slash = strrchr(path, '/');
    if (tok[1][0] == '/' || !slash) snprintf(full, sizeof full, "%s", tok[1]);
    else snprintf(full, sizeof full, "%.*s/%s", (int)(slash - path), path, tok[1]);
    return sps_file_lines(s, full, NULL, depth + 1);
  }
  int first_num = (strcmp(op, "set") == 0 || strcmp(op, "wl") == 0 || strcmp(op, "host") == 0 || strcmp(op, "fset") == 0 ||
                   strcmp(op, "sset") == 0 ||
                   strcmp(op, "zone_set") == 0 ||
                   strcmp(op, "setup") == 0) ? 2 : 1;
  for (int i = first_num; i < n; i++)
    if (!sps_num(tok[i], &v[i])) SPS_FAIL("%s: '%s' is not a number", op, tok[i]);
  if (strcmp(op, "setup") == 0) {
    SPS_ARGS(2);
    if (!sps_num(tok[2], &v[2]) || v[2] < 0) SPS_FAIL("setup: seed '%s' is not a number >= 0", tok[2]);
    st = sp_reset(s->sim, (uint64_t)v[2]);
  } else if (strcmp(op, "reset") == 0) {
    SPS_ARGS(1);
    st = sp_reset(s->sim, (uint64_t)v[1]);
  } else if (strcmp(op, "use") == 0) {
    SPS_ARGS(1);
    s->disk = (int32_t)v[1];
  } else if (strcmp(op, "disk") == 0) {
    SPS_ARGS(0);
    st = s->disk = sp_disk_add(s->sim);
  } else if (strcmp(op, "set") == 0) {
    SPS_ARGS(2);
    int p = sps_index(sps_disk_params, SP_DP_COUNT, tok[1]);
    if (p < 0) SPS_FAIL("set: unknown disk parameter '%s'", tok[1]);
    st = sp_disk_set(s->sim, s->disk, (sp_disk_param)p, v[2]);
  } else if (strcmp(op, "zone") == 0) {
    SPS_ARGS(7);
    st = sp_disk_add_zone(s->sim, s->disk, (int32_t)v[1], (int32_t)v[2], (int32_t)v[3], (int32_t)v[4],
                          (int32_t)v[5], (int32_t)v[6], (int32_t)v[7]);
  } else if (strcmp(op, "zone_set") == 0) {
    static const char *const zp[SP_ZP_COUNT] = { "first_block_offset", "front_space_sectors", "spare_range_cylinders" };
    SPS_ARGS(3);
    int p = sps_index(zp, SP_ZP_COUNT, tok[1]);
    if (p < 0) SPS_FAIL("zone_set: unknown zone parameter '%s'", tok[1]);
    st = sp_disk_set_zone(s->sim, s->disk, (int32_t)v[2], p, v[3]);
  } else if (strcmp(op, "defect") == 0) {
    SPS_ARGS(4);
    st = sp_disk_add_defect(s->sim, s->disk, (int32_t)v[1], (int32_t)v[2], (int32_t)v[3], (int32_t)v[4]);
  } else if (strcmp(op, "seek_point") == 0) {
    SPS_ARGS(2);
    st = sp_disk_add_seek_point(s->sim, s->disk, (int32_t)v[1], v[2]);
  } else if (strcmp(op, "commit") == 0) {
    SPS_ARGS(0);
    st = sp_disk_commit(s->sim, s->disk);
  } else if (strcmp(op, "wl") == 0) {
    SPS_ARGS(2);
    int p = sps_index(sps_wl_params, SP_WP_COUNT_PARAMS, tok[1]);
    if (p < 0) SPS_FAIL("wl: unknown workload parameter '%s'", tok[1]);
    st = sp_workload_set(s->sim, (sp_workload_param)p, v[2]);
  } else if (strcmp(op, "host") == 0) {
    SPS_ARGS(2);
    int p = sps_index(sps_host_params, SP_HP_COUNT, tok[1]);
    if (p < 0) SPS_FAIL("host: unknown host parameter '%s'", tok[1]);
    st = sp_host_set(s->sim, (sp_host_param)p, v[2]);
  } else if (strcmp(op, "flash") == 0) {
    SPS_ARGS(0);
    st = s->flash = sp_flash_add(s->sim);
  } else if (strcmp(op, "fset") == 0) {
    SPS_ARGS(2);
    int p = sps_index(sps_flash_params, SP_FP_COUNT, tok[1]);
    if (p < 0) SPS_FAIL("fset: unknown flash parameter '%s'", tok[1]);
    st = sp_flash_set(s->sim, s->flash, (sp_flash_param)p, v[2]);
  } else if (strcmp(op, "smr") == 0) {
    SPS_ARGS(0);
    st = s->disk = sp_smr_add(s->sim);
  } else if (strcmp(op, "sset") == 0) {
    SPS_ARGS(2);
    int p = sps_index(sps_smr_params, SP_SMP_COUNT, tok[1]);
    if (p < 0) SPS_FAIL("sset: unknown smr parameter '%s'", tok[1]);
    st = sp_smr_set(s->sim, s->disk, (sp_smr_param)p, v[2]);
  } else if (strcmp(op, "zone_action") == 0) {
    SPS_ARGS(2);
    st = sp_zone_action(s->sim, s->disk, (int32_t)v[1], (int32_t)v[2]);
  } else if (strcmp(op, "vsubmit") == 0) {
    SPS_ARGS(4);
    int64_t r = sp_submit(s->sim, v[1], (int64_t)v[2], (int32_t)v[3], (int32_t)v[4]);
    st = r < 0 ? (int32_t)r : SP_OK;
  } else if (strcmp(op, "submit") == 0) {
    SPS_ARGS(5);
    int64_t r = sp_request_submit(s->sim, (int32_t)v[1], v[2], (int64_t)v[3], (int32_t)v[4], (int32_t)v[5]);
    st = r < 0 ? (int32_t)r : SP_OK;
  } else if (strcmp(op, "output") == 0) {
    SPS_ARGS(2);
    st = sp_output_configure(s->sim, (int32_t)v[1], (int32_t)v[2]);
  } else {
    SPS_FAIL("unknown call '%s'", op);
  }
  if (st < 0) SPS_FAIL("%s: %s (status %d)", op, sp_error(s->sim), (int)st);
  return 0;
#undef SPS_ARGS
#undef SPS_FAIL
}

/* Lines of `path`: all of them (name NULL) or the block of setup `name`. */
static int sps_file_lines(sps_state *s, const char *path, const char *name, int depth) {
  FILE *f = fopen(path, "r");
  if (!f) { snprintf(s->err, sizeof s->err, "%s: cannot open", path); return -1; }
  char line[1024], *tok[SPS_MAX_TOKENS];
  int lineno = 0, in_block = name == NULL, found = name == NULL, rc = 0;
  while (rc == 0 && fgets(line, sizeof line, f)) {
    lineno++;
    int n = sps_split(line, tok);
    if (n < 0) { snprintf(s->err, sizeof s->err, "%s:%d: too many words", path, lineno); rc = -1; break; }
    if (n == 0) continue;
    if (name && strcmp(tok[0], "setup") == 0) {
      in_block = n > 1 && strcmp(tok[1], name) == 0;
      if (in_block) found = 1;
    }
    if (in_block) rc = sps_apply(s, tok, n, path, lineno, depth);
  }
  fclose(f);
  if (rc == 0 && !found) { snprintf(s->err, sizeof s->err, "%s: no setup named '%s'", path, name); rc = -1; }
  return rc;
}

/* Applies setup `name` (or the whole file) of `path` to sim. 0 or -1 (err set). */
static int sps_load(sp_sim *sim, const char *path, const char *name, char *err, size_t errlen) {
  sps_state s = { sim, -1, -1, "" };
  int rc = sps_file_lines(&s, path, name, 0);
  if (rc != 0 && err) snprintf(err, errlen, "%s", s.err);
  return rc;
}

/* Names of the setups in a file, in order; returns how many (at most max). Inline: most tests
   that include this file do not call it. */
static inline int sps_setups(const char *path, char names[][64], int max) {
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  char line[1024], *tok[SPS_MAX_TOKENS];
  int n = 0;
  while (fgets(line, sizeof line, f)) {
    int k = sps_split(line, tok);
    if (k >= 2 && strcmp(tok[0], "setup") == 0 && n < max) snprintf(names[n++], 64, "%s", tok[1]);
  }
  fclose(f);
  return n;
}
#endif
