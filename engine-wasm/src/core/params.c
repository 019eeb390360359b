/*
 * params.c — the leaf every module stands on: the parameter tables of
 * params.h (one row type for all of them, with one value check) and the
 * sim's error message. It calls no other engine module.
 */
#include "engine.h"
#include "params.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- the parameter tables (params.h) --------------------------------------- */

#define SP_ROW(e, name, def, lo, hi, whole) { name, def, lo, hi, whole },
static const param_row disk_rows[] = { SP_DISK_PARAMS(SP_ROW) };
static const param_row workload_rows[] = { SP_WORKLOAD_PARAMS(SP_ROW) };
#ifdef SP_HOST_PARAMS
static const param_row host_rows[] = { SP_HOST_PARAMS(SP_ROW) };
#endif
static const param_row flash_rows[] = { SP_FLASH_PARAMS(SP_ROW) };
static const param_row smr_rows[] = { SP_SMR_PARAMS(SP_ROW) };
#undef SP_ROW

/* Row i must be parameter i: every row's position is checked against its enum. */
#define DP_POS(e, ...) dp_pos_##e,
#define WP_POS(e, ...) wp_pos_##e,
enum { SP_DISK_PARAMS(DP_POS) DP_ROW_COUNT };
enum { SP_WORKLOAD_PARAMS(WP_POS) WP_ROW_COUNT };
#define DP_CHECK(e, ...) _Static_assert((int)dp_pos_##e == (int)SP_DP_##e, "params.h: disk row " #e " is out of enum order");
#define WP_CHECK(e, ...) _Static_assert((int)wp_pos_##e == (int)SP_WP_##e, "params.h: workload row " #e " is out of enum order");
SP_DISK_PARAMS(DP_CHECK)
SP_WORKLOAD_PARAMS(WP_CHECK)
_Static_assert((int)DP_ROW_COUNT == (int)SP_DP_COUNT, "params.h: one row per disk parameter");
_Static_assert((int)WP_ROW_COUNT == (int)SP_WP_COUNT_PARAMS, "params.h: one row per workload parameter");
#ifdef SP_HOST_PARAMS
#define HP_POS(e, ...) hp_pos_##e,
#define HP_CHECK(e, ...) _Static_assert((int)hp_pos_##e == (int)SP_HP_##e, "params.h: host row " #e " is out of enum order");
enum { SP_HOST_PARAMS(HP_POS) HP_ROW_COUNT };
SP_HOST_PARAMS(HP_CHECK)
_Static_assert((int)HP_ROW_COUNT == (int)SP_HP_COUNT, "params.h: one row per host parameter");
#endif
#define FP_POS(e, ...) fp_pos_##e,
#define FP_CHECK(e, ...) _Static_assert((int)fp_pos_##e == (int)SP_FP_##e, "params.h: flash row " #e " is out of enum order");
enum { SP_FLASH_PARAMS(FP_POS) FP_ROW_COUNT };
SP_FLASH_PARAMS(FP_CHECK)
_Static_assert((int)FP_ROW_COUNT == (int)SP_FP_COUNT, "params.h: one row per flash parameter");
#define SMP_POS(e, ...) smp_pos_##e,
#define SMP_CHECK(e, ...) _Static_assert((int)smp_pos_##e == (int)SP_SMP_##e, "params.h: smr row " #e " is out of enum order");
enum { SP_SMR_PARAMS(SMP_POS) SMP_ROW_COUNT };
SP_SMR_PARAMS(SMP_CHECK)
_Static_assert((int)SMP_ROW_COUNT == (int)SP_SMP_COUNT, "params.h: one row per smr parameter");

const param_row *param_rows(int32_t table, int32_t *count) {
  int32_t unused;
  if (!count) count = &unused;
  switch (table) {
    case SP_TABLE_DISK: *count = SP_DP_COUNT; return disk_rows;
    case SP_TABLE_WORKLOAD: *count = SP_WP_COUNT_PARAMS; return workload_rows;
#ifdef SP_HOST_PARAMS
    case SP_TABLE_HOST: *count = SP_HP_COUNT; return host_rows;
#endif
    case SP_TABLE_FLASH: *count = SP_FP_COUNT; return flash_rows;
    case SP_TABLE_FS: *count = fs_param_count; return fs_param_rows;
    case SP_TABLE_SMR: *count = SP_SMP_COUNT; return smr_rows;
    default: *count = 0; return NULL;
  }
}

sp_status sp_param_info_get(int32_t table, int32_t index, sp_param_info *out) {
  if (!out) return SP_E_INVALID;
  memset(out, 0, sizeof *out);
  int32_t n;
  const param_row *rows = param_rows(table, &n);
  out->count = n;
  if (!rows || index < 0 || index >= n) return SP_E_RANGE;
  const param_row *r = &rows[index];
  snprintf(out->name, sizeof out->name, "%s", r->name);
  out->def = r->def; out->lo = r->lo; out->hi = r->hi; out->whole = r->whole;
  return SP_OK;
}

/* ---- errors ------------------------------------------------------------------ */

/* The field of a message "field: text": its prefix before the first ": ", if
 * that is made of field characters, with "disk N" written "disk[N]". */
static void set_error_field(sp_sim *sim) {
  char *f = sim->err_field;
  const char *m = sim->err, *colon = strstr(m, ": ");
  size_t k = 0;
  f[0] = 0;
  if (!colon || colon == m) return;
  if (strncmp(m, "disk ", 5) == 0 && m[5] >= '0' && m[5] <= '9') {
    memcpy(f, "disk[", 5); k = 5; m += 5;
    while (m < colon && *m >= '0' && *m <= '9' && k < sizeof sim->err_field - 2) f[k++] = *m++;
    f[k++] = ']';
  }
  for (; m < colon; m++) {
    char c = *m;
    int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             c == '_' || c == '.' || c == '[' || c == ']';
    if (!ok || k >= sizeof sim->err_field - 1) { f[0] = 0; return; }
    f[k++] = c;
  }
  f[k] = 0;
}

sp_status sp__fail(sp_sim *sim, sp_status code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(sim->err, sizeof sim->err, fmt, ap);
  va_end(ap);
  sim->last = code;
  set_error_field(sim);
  return code;
}

const char *sp_error_field(const sp_sim *sim) { return sim ? sim->err_field : ""; }

int32_t sp_api_version(void) { return SP_API_VERSION; }

const char *sp_error(const sp_sim *sim) { return sim ? sim->err : "no simulation (NULL handle)"; }

sp_status param_check(sp_sim *sim, const char *what, const param_row *r, double v) {
  if (!isfinite(v)) return sp__fail(sim, SP_E_INVALID, "%s.%s: must be a finite number", what, r->name);
  if (v < r->lo || v > r->hi)
    return sp__fail(sim, SP_E_INVALID, "%s.%s: %g is outside [%g, %g]", what, r->name, v, r->lo, r->hi);
  /* A range starting at -1 means -1 = derived: values between it and 0 are neither. */
  if (r->lo == -1 && v > -1 && v < 0)
    return sp__fail(sim, SP_E_INVALID, "%s.%s: %g must be -1 (derived) or >= 0", what, r->name, v);
  if (r->whole && v != floor(v))
    return sp__fail(sim, SP_E_INVALID, "%s.%s: %g must be a whole number", what, r->name, v);
  return SP_OK;
}

