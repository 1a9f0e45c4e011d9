/* test.h: the tiny harness every tests/test_*.c shares.

   CHECK(cond, fmt, ...) counts a pass or prints the failure with its
   location. test_seed() takes the randomised tests' seed from argv[1] (or
   the clock), prints it so a failure can be replayed, and test_rng()
   draws from it. test_done() prints "N passed, N failed" and gives the
   exit status. Header-only: each test program is one translation unit.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_TEST_H
#define PERLIN_TEST_H

#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static unsigned test_passed, test_failed;
static uint64_t test_state;

static inline void test_check(int ok, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	if (ok) {
		++test_passed;
		return;
	}
	++test_failed;
	fprintf(stderr, "FAIL %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

#define CHECK(cond, ...) test_check((cond) ? 1 : 0, __FILE__, __LINE__, __VA_ARGS__)

static inline void test_section(const char *name)
{
	printf("-- %s\n", name);
	fflush(stdout);
}

/* splitmix64 */
static inline uint64_t test_rng(void)
{
	uint64_t z = (test_state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in [lo, hi). */
static inline double test_uniform(double lo, double hi)
{
	return lo + (hi - lo) * (double)(test_rng() >> 11) * (1.0 / 9007199254740992.0);
}

/* Seed from argv[1] if given, else from the clock; printed either way. */
static inline uint64_t test_seed(int argc, char **argv, const char *prog)
{
	uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0)
	                         : (uint64_t)time(NULL);
	printf("%s: seed %" PRIu64 " (rerun with: %s %" PRIu64 ")\n", prog, seed,
	       prog, seed);
	test_state = seed;
	return seed;
}

/* Largest minus smallest sample (how far a signal moves). */
static inline double test_span(const float *x, size_t n)
{
	float lo = x[0], hi = x[0];
	size_t i;
	for (i = 1; i < n; ++i) {
		lo = x[i] < lo ? x[i] : lo;
		hi = x[i] > hi ? x[i] : hi;
	}
	return hi - lo;
}

/* The largest |a[i] - b[i]| (NaN if any is NaN). */
static inline double test_max_diff(const float *a, const float *b, size_t n)
{
	double m = 0.0;
	size_t i;
	for (i = 0; i < n; ++i) {
		const double d = fabs((double)a[i] - b[i]);
		m = d > m || d != d ? d : m;
	}
	return m;
}

/* The largest step between neighbours of x[0..n) (NaN if any is NaN). */
static inline double test_max_step(const float *x, size_t n)
{
	return n > 1 ? test_max_diff(x + 1, x, n - 1) : 0.0;
}

/* Pearson correlation of two signals. */
static inline double test_correlation(const float *a, const float *b, size_t n)
{
	double ma = 0, mb = 0, ab = 0, aa = 0, bb = 0;
	size_t i;
	for (i = 0; i < n; ++i) {
		ma += a[i];
		mb += b[i];
	}
	ma /= (double)n;
	mb /= (double)n;
	for (i = 0; i < n; ++i) {
		ab += (a[i] - ma) * (b[i] - mb);
		aa += (a[i] - ma) * (a[i] - ma);
		bb += (b[i] - mb) * (b[i] - mb);
	}
	return ab / sqrt(aa * bb + 1e-300);
}

static inline int test_done(const char *prog)
{
	printf("%s: %u passed, %u failed\n", prog, test_passed, test_failed);
	return test_failed ? 1 : 0;
}

#endif /* PERLIN_TEST_H */
