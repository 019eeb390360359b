/*
 * check.h — a tiny test harness: CHECK and CHECK_NEAR record failures with
 * file and line, RUN runs one test function, and check_summary() prints the
 * closing line "N passed, N failed" that CI reads.
 */
#ifndef SPINDLE_CHECK_H
#define SPINDLE_CHECK_H
#include <math.h>
#include <stdio.h>

static int check_failures_in_test, check_passed, check_failed;

#define CHECK(cond) do { if (!(cond)) { check_failures_in_test++; \
  fprintf(stderr, "  %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); } } while (0)
#define CHECK_NEAR(a, b, tol) do { double ca_ = (a), cb_ = (b); if (!(fabs(ca_ - cb_) <= (tol))) { \
  check_failures_in_test++; fprintf(stderr, "  %s:%d: %s = %.9g, expected %s = %.9g (tol %g)\n", \
  __FILE__, __LINE__, #a, ca_, #b, cb_, (double)(tol)); } } while (0)
#define CHECK_OK(expr) do { int st_ = (expr); if (st_ < 0) { check_failures_in_test++; \
  fprintf(stderr, "  %s:%d: %s returned %d\n", __FILE__, __LINE__, #expr, st_); } } while (0)

#define RUN(fn) do { check_failures_in_test = 0; fn(); \
  if (check_failures_in_test) { check_failed++; fprintf(stderr, "FAIL %s\n", #fn); } \
  else { check_passed++; printf("ok   %s\n", #fn); } } while (0)

static int check_summary(const char *suite) {
  printf("%s: %d passed, %d failed\n", suite, check_passed, check_failed);
  return check_failed ? 1 : 0;
}
#endif
