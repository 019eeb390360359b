/*
 * test_extract_switch.c — the black-box extractor's head switch and skew
 * estimate (sp_extract_switch), on every preset's disk: the switch time it
 * measures from timings equals the disk's head switch parameter, and the skew
 * equals the rotation the layout puts between a track's last LBN and the next
 * track's first (computed here from the engine's slot angles); the Atlas 10K
 * III's is the H = 145 of its preset. Errors are named.
 */
#include "check.h"
#include "spindle_extract.h"
#include "script.h"
#include <math.h>
#include <string.h>

static const char *const presets[] = {
  "hp-97560", "hp-c2200a", "hp-c2247a", "ibm-ultrastar-18es", "maxtor-atlas-10k-iii",
  "quantum-atlas-10k-ii", "quantum-atlas-10k", "seagate-cheetah-9lp", "seagate-cheetah-x15",
};
#define NPRESETS (int)(sizeof presets / sizeof *presets)

static sp_sim *preset_sim(const char *id) {
  char path[256], err[SPS_ERR_LEN];
  snprintf(path, sizeof path, "test/presets/%s.sps", id);
  sp_sim *sim = sp_new(1);
  if (sps_load(sim, path, NULL, err, sizeof err) != 0) { fprintf(stderr, "  %s: %s\n", path, err); CHECK(0); }
  return sim;
}

/* The layout's skew at the boundary before track t (t >= 1), in sectors of t's zone. */
static double layout_skew(sp_sim *sim, int32_t t) {
  sp_track a, b;
  CHECK_OK(sp_track_info(sim, 0, t - 1, &a));
  CHECK_OK(sp_track_info(sim, 0, t, &b));
  sp_phys pa, pb;
  CHECK_OK(sp_lbn_to_phys(sim, 0, a.first_lbn + a.lbn_count - 1, &pa));
  CHECK_OK(sp_lbn_to_phys(sim, 0, b.first_lbn, &pb));
  double d = pb.angle - pa.angle;
  d -= floor(d);
  return d * b.slots - 1;
}

static void test_presets(void) {
  for (int i = 0; i < NPRESETS; i++) {
    sp_sim *sim = preset_sim(presets[i]);
    sp_track t0; CHECK_OK(sp_track_info(sim, 0, 0, &t0));
    sp_extractor *ex = sp_extract_new(sim, 0, 0, 12 * (int64_t)t0.lbn_count);
    CHECK(ex != NULL);
    double ms = 0, skew = 0;
    CHECK(sp_extract_switch(ex, &ms, &skew) == SP_E_STATE);            /* no boundary yet */
    sp_status st;
    do st = sp_extract_step(ex, 4); while (st == SP_MORE);
    CHECK_OK(st);
    CHECK_OK(sp_extract_switch(ex, &ms, &skew));
    /* the truth: the head switch parameter; the most frequent skew over the boundaries measured */
    const double want_ms = sp_disk_get(sim, 0, SP_DP_HEAD_SWITCH_MS);
    double sk[8]; int n = 0;
    for (int64_t k = 0; k < sp_extract_boundary_count(ex) && n < 8; k++)
      sk[n++] = floor(layout_skew(sim, sp_track_of_lbn(sim, 0, sp_extract_boundaries(ex)[k])) + 0.5);
    double mode = sk[0]; int most = 0;
    for (int a = 0; a < n; a++) {
      int c = 0;
      for (int b = 0; b < n; b++) c += sk[b] == sk[a];
      if (c > most || (c == most && sk[a] < mode)) { most = c; mode = sk[a]; }
    }
    printf("     %-22s switch %.4f ms (disk %.4f), skew %.0f (layout %.0f)\n", presets[i], ms, want_ms, skew, mode);
    CHECK(fabs(ms - want_ms) <= 0.01 * want_ms + 0.002);
    CHECK(skew == mode);
    if (strcmp(presets[i], "maxtor-atlas-10k-iii") == 0) CHECK(skew == 145);
    /* measured once: the same values, no new probes */
    double ms2, skew2;
    CHECK_OK(sp_extract_switch(ex, &ms2, &skew2));
    CHECK(ms2 == ms && skew2 == skew);
    CHECK(sp_extract_switch(ex, NULL, &skew2) == SP_E_INVALID);
    CHECK(strstr(sp_error(sim), "head_switch_ms") != NULL);
    sp_extract_free(ex);
    sp_free(sim);
  }
  CHECK(sp_extract_switch(NULL, NULL, NULL) == SP_E_INVALID);
}

int main(void) {
  RUN(test_presets);
  return check_summary("extract_switch");
}
