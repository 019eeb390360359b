/*
 * test_params.c — the parameter tables (sp_param_info_get) say what the
 * engine does: a new disk and a new sim start at the table's defaults, the
 * ends of each range are accepted, values past them and fractions of whole
 * parameters are refused, and every refusal names its field through
 * sp_error_field. Also the field of other failures (zones, requests, workload).
 */
#include "check.h"
#include "fixtures.h"
#include <stdlib.h>
#include <string.h>

static void test_tables_have_every_parameter(void) {
  sp_param_info info;
  CHECK_OK(sp_param_info_get(SP_TABLE_DISK, 0, &info));
  CHECK(info.count == SP_DP_COUNT);
  CHECK(strcmp(info.name, "surfaces") == 0 && info.def == 1 && info.lo == 1 && info.hi == SP_MAX_SURFACES && info.whole);
  CHECK_OK(sp_param_info_get(SP_TABLE_DISK, SP_DP_RPM, &info));
  CHECK(strcmp(info.name, "rpm") == 0 && info.def == 5400 && info.whole == 0);
  CHECK_OK(sp_param_info_get(SP_TABLE_WORKLOAD, SP_WP_RATE_PER_S, &info));
  CHECK(info.count == SP_WP_COUNT_PARAMS);
  CHECK(strcmp(info.name, "rate_per_s") == 0 && info.def == 100);
  CHECK(sp_param_info_get(SP_TABLE_DISK, SP_DP_COUNT, &info) == SP_E_RANGE);
  CHECK(info.count == SP_DP_COUNT);                 /* the count comes back even past the end */
  CHECK(sp_param_info_get(SP_TABLE_DISK, -1, &info) == SP_E_RANGE);
  CHECK(sp_param_info_get(7, 0, &info) == SP_E_RANGE && info.count == 0);
  CHECK(sp_param_info_get(SP_TABLE_DISK, 0, NULL) == SP_E_INVALID);
  /* names are distinct and in snake_case */
  for (int t = SP_TABLE_DISK; t <= SP_TABLE_WORKLOAD; t++) {
    sp_param_info a, b;
    sp_param_info_get(t, 0, &a);
    for (int i = 0; i < a.count; i++) {
      CHECK_OK(sp_param_info_get(t, i, &a));
      CHECK(a.name[0] && strspn(a.name, "abcdefghijklmnopqrstuvwxyz_") == strlen(a.name));
      CHECK(a.lo <= a.def && a.def <= a.hi);
      for (int j = 0; j < i; j++) { sp_param_info_get(t, j, &b); CHECK(strcmp(a.name, b.name) != 0); }
    }
  }
}

/* Defaults, ranges and the whole-number rule of every disk parameter, as
 * sp_disk_set applies them, and the field each refusal names. */
static void test_disk_table_matches_the_engine(void) {
  sp_sim *sim = sp_new(1);
  sp_disk_add(sim);
  int d = sp_disk_add(sim);                         /* disk 1: the field names its index */
  for (int p = 0; p < SP_DP_COUNT; p++) {
    sp_param_info in;
    CHECK_OK(sp_param_info_get(SP_TABLE_DISK, p, &in));
    CHECK(sp_disk_get(sim, d, (sp_disk_param)p) == in.def);
    char field[64];
    snprintf(field, sizeof field, "disk[1].%s", in.name);
    CHECK_OK(sp_disk_set(sim, d, (sp_disk_param)p, in.lo));
    CHECK_OK(sp_disk_set(sim, d, (sp_disk_param)p, in.hi));
    CHECK(sp_disk_set(sim, d, (sp_disk_param)p, in.hi + 1) < 0);
    CHECK(strcmp(sp_error_field(sim), field) == 0);
    if (strcmp(sp_error_field(sim), field) != 0) fprintf(stderr, "  field %s, expected %s\n", sp_error_field(sim), field);
    CHECK(sp_disk_set(sim, d, (sp_disk_param)p, in.lo - 1) == SP_E_INVALID);
    CHECK(strcmp(sp_error_field(sim), field) == 0);
    CHECK(sp_disk_set(sim, d, (sp_disk_param)p, NAN) == SP_E_INVALID);
    if (in.whole) {
      CHECK(sp_disk_set(sim, d, (sp_disk_param)p, in.lo + 0.5) == SP_E_INVALID);
      CHECK(strcmp(sp_error_field(sim), field) == 0);
    } else if (in.lo == -1) {
      /* -1 means derived; between it and 0 is neither */
      CHECK(sp_disk_set(sim, d, (sp_disk_param)p, -0.5) == SP_E_INVALID);
      CHECK(strcmp(sp_error_field(sim), field) == 0);
      CHECK(sp_disk_get(sim, d, (sp_disk_param)p) == in.hi);      /* the refused value is not kept */
      CHECK_OK(sp_disk_set(sim, d, (sp_disk_param)p, 0.5 < in.hi ? 0.5 : in.hi));
    } else {
      CHECK_OK(sp_disk_set(sim, d, (sp_disk_param)p, in.lo + 0.5 < in.hi ? in.lo + 0.5 : in.lo));
    }
    CHECK_OK(sp_disk_set(sim, d, (sp_disk_param)p, in.def));
  }
  sp_free(sim);
}

/* The derived parameters by name: -1 is derived, -0.999 .. -0.001 are refused. */
static void test_derived_refuses_between_minus_one_and_zero(void) {
  sp_sim *sim = sp_new(1);
  int d = sp_disk_add(sim);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_CYL_SWITCH_MS, -1));
  CHECK(sp_disk_set(sim, d, SP_DP_CYL_SWITCH_MS, -0.25) == SP_E_INVALID);
  CHECK(strcmp(sp_error_field(sim), "disk[0].cyl_switch_ms") == 0);
  CHECK(sp_disk_set(sim, d, SP_DP_READ_HIT_OVERHEAD_MS, -1e-9) == SP_E_INVALID);
  CHECK(sp_disk_set(sim, d, SP_DP_WRITE_BUS_MS_PER_SECTOR, -0.999) == SP_E_INVALID);
  CHECK_OK(sp_disk_set(sim, d, SP_DP_CYL_SWITCH_MS, 0));
  CHECK_OK(sp_disk_set(sim, d, SP_DP_CYL_SWITCH_MS, -0.0));       /* -0 is 0 */
  sp_free(sim);
}

static void test_workload_table_matches_the_engine(void) {
  sp_sim *sim = sp_new(1);
  for (int p = 0; p < SP_WP_COUNT_PARAMS; p++) {
    sp_param_info in;
    CHECK_OK(sp_param_info_get(SP_TABLE_WORKLOAD, p, &in));
    CHECK(sp_workload_get(sim, (sp_workload_param)p) == in.def);
    char field[64];
    snprintf(field, sizeof field, "workload.%s", in.name);
    CHECK_OK(sp_workload_set(sim, (sp_workload_param)p, in.lo));
    CHECK_OK(sp_workload_set(sim, (sp_workload_param)p, in.hi));
    CHECK(sp_workload_set(sim, (sp_workload_param)p, in.hi * 2 + 1) < 0);
    CHECK(strcmp(sp_error_field(sim), field) == 0);
    CHECK(sp_workload_set(sim, (sp_workload_param)p, in.lo - 1) == SP_E_INVALID);
    CHECK(strcmp(sp_error_field(sim), field) == 0);
    if (in.whole) CHECK(sp_workload_set(sim, (sp_workload_param)p, in.lo + 0.5) == SP_E_INVALID);
    CHECK_OK(sp_workload_set(sim, (sp_workload_param)p, in.def));
  }
  sp_free(sim);
}

/* The field of other failures: the message's "field:" prefix. */
static void test_error_field_of_other_failures(void) {
  sp_sim *sim = sp_new(1);
  CHECK(strcmp(sp_error_field(sim), "") == 0);
  int d = fixture_small(sim, SP_SPARE_NONE, 0);
  CHECK(sp_disk_add_zone(sim, d, 70, 80, 10, 0, 0, SP_SPARE_NONE, 0) == SP_E_INVALID);
  CHECK(strcmp(sp_error_field(sim), "zones[3].first_cyl") == 0);
  CHECK_OK(sp_disk_commit(sim, d));
  CHECK(sp_disk_set(sim, d, SP_DP_SURFACES, 2) == SP_E_STATE);
  CHECK(strcmp(sp_error_field(sim), "disk[0].surfaces") == 0);
  CHECK(sp_disk_commit(sim, d) == SP_E_STATE);
  CHECK(strcmp(sp_error_field(sim), "disk[0]") == 0);
  CHECK(sp_request_submit(sim, d, 0, sp_disk_capacity(sim, d), 1, 0) == SP_E_RANGE);
  CHECK(strcmp(sp_error_field(sim), "requests[0].lbn") == 0);
  CHECK(sp_disk_set(sim, 5, SP_DP_RPM, 7200) == SP_E_RANGE);
  CHECK(strcmp(sp_error_field(sim), "disk") == 0);
  CHECK(sp_output_configure(sim, -1, 0) == SP_E_LIMIT);
  CHECK(strcmp(sp_error_field(sim), "event_capacity") == 0);
  CHECK_OK(sp_reset(sim, 1));                        /* a reset clears the message and its field */
  CHECK(strcmp(sp_error_field(sim), "") == 0 && strcmp(sp_error(sim), "") == 0);
  CHECK(strcmp(sp_error_field(NULL), "") == 0);
  sp_free(sim);
}

int main(void) {
  RUN(test_tables_have_every_parameter);
  RUN(test_disk_table_matches_the_engine);
  RUN(test_derived_refuses_between_minus_one_and_zero);
  RUN(test_workload_table_matches_the_engine);
  RUN(test_error_field_of_other_failures);
  return check_summary("params");
}
