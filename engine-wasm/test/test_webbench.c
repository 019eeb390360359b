/*
 * test_webbench.c — the WebBench-like file set and request draws
 * (src/webbench.c): the same seed gives the same files and requests, another
 * seed others; sizes stay in [min, max] and a copy holds copy_mb; the usage
 * classes receive their Zipf shares of the requests; directories per copy.
 */
#include "check.h"
#include "spindle_fs.h"
#include "webbench.h"
#include <string.h>

static sp_sim *wb_sim(uint64_t seed, double zipf) {
  sp_sim *sim = sp_new(seed);
  sp_fs_set(sim, SP_FSP_FILES_PER_COPY, 3000);
  sp_fs_set(sim, SP_FSP_COPIES, 4);
  sp_fs_set(sim, SP_FSP_COPY_MB, 30);
  sp_fs_set(sim, SP_FSP_ZIPF, zipf);
  wl_seed_stream(sim, SP_RS_FS);
  return sim;
}

static void test_draws_are_seeded(void) {
  sp_sim *a = wb_sim(7, 1), *b = wb_sim(7, 1), *c = wb_sim(8, 1);
  wb wa, wb2, wc;
  CHECK_OK(wb_build(&wa, a)); CHECK_OK(wb_build(&wb2, b)); CHECK_OK(wb_build(&wc, c));
  CHECK(memcmp(wa.size, wb2.size, 3000 * sizeof *wa.size) == 0);
  CHECK(memcmp(wa.cls, wb2.cls, 3000 * sizeof *wa.cls) == 0);
  CHECK(memcmp(wa.size, wc.size, 3000 * sizeof *wa.size) != 0);
  int same = 1, differ = 0;
  for (int i = 0; i < 1000; i++) {
    const int32_t x = wb_draw(&wa, a), y = wb_draw(&wb2, b), z = wb_draw(&wc, c);
    same &= x == y; differ |= x != z;
  }
  CHECK(same && differ);
  wb_free(&wa); wb_free(&wb2); wb_free(&wc);
  sp_free(a); sp_free(b); sp_free(c);
}

static void test_sizes_and_directories(void) {
  sp_sim *s = wb_sim(3, 1);
  wb w;
  CHECK_OK(wb_build(&w, s));
  CHECK(wb_files(&w) == 12000 && wb_dirs(&w) == 4 * 5 * 4);
  int64_t lo = INT64_MAX, hi = 0;
  for (int i = 0; i < 3000; i++) { if (w.size[i] < lo) lo = w.size[i]; if (w.size[i] > hi) hi = w.size[i]; }
  CHECK(lo >= 6 && hi <= 1048576 && hi > 100 * lo);        /* a wide spread inside the clip */
  CHECK_NEAR((double)w.copy_bytes, 30.0 * 1048576, 30.0 * 1048576 * 0.001);
  for (int i = 0; i < wb_files(&w); i += 97) {             /* a copy's files are the first copy's sizes */
    CHECK(wb_bytes(&w, i) == w.size[i % 3000]);
    const int32_t d = wb_depth(&w, i);
    CHECK(d >= 1 && d <= 4);
    CHECK(wb_dir(&w, i, d - 1) / (5 * 4) == wb_copy(&w, i));
  }
  wb_free(&w); sp_free(s);
}

static void shares(double zipf) {
  sp_sim *s = wb_sim(11, zipf);
  wb w;
  CHECK_OK(wb_build(&w, s));
  double want[5], sum = 0;
  for (int k = 0; k < 5; k++) { want[k] = pow(k + 1.0, -zipf); sum += want[k]; }
  int64_t got[5] = { 0 }, copies[4] = { 0 };
  const int n = 200000;
  for (int i = 0; i < n; i++) { const int32_t f = wb_draw(&w, s); got[wb_class(&w, f)]++; copies[wb_copy(&w, f)]++; }
  for (int k = 0; k < 5; k++) CHECK_NEAR((double)got[k] / n, want[k] / sum, 0.005);
  for (int c = 0; c < 4; c++) CHECK_NEAR((double)copies[c] / n, 0.25, 0.005);
  wb_free(&w); sp_free(s);
}

static void test_classes_get_their_zipf_shares(void) { shares(1.0); shares(0.0); shares(2.0); }

int main(void) {
  RUN(test_draws_are_seeded);
  RUN(test_sizes_and_directories);
  RUN(test_classes_get_their_zipf_shares);
  return check_summary("webbench");
}
