/* test_noise.c: the properties noise/noise.h promises, each able to fail.
   Usage: test_noise [seed]
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "../noise/noise.h"
#include "test.h"

#include <math.h>
#include <string.h>

static noise_fbm random_fbm(void)
{
	noise_fbm p;
	p.octaves = test_uniform(1.0, 8.0);
	p.persistence = test_uniform(0.0, 1.0);
	p.lacunarity = test_uniform(1.5, 4.0);
	return p;
}

static noise_pos random_pos(void)
{
	noise_pos p;
	p.cell = (uint32_t)test_rng();
	p.frac = test_uniform(0.0, 1.0);
	return p;
}

static int cmp_double(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : (x > y);
}

/* Octave value at x (and y when dims is 2). */
static double octave(int dims, noise_pos x, noise_pos y, uint32_t seed)
{
	return dims == 2 ? noise_2d(x, y, seed) : noise_1d(x, seed);
}

/* No structure on the lattice: one octave's spread at lattice points (x
   on the lattice, y anywhere) is that of the whole cell, not 0 as plain
   gradient noise has it (its value there was exactly 0). */
static void test_lattice_points_spread_as_the_cell(void)
{
	int dims, i;
	for (dims = 1; dims <= 2; ++dims) {
		double on = 0, all = 0;
		for (i = 0; i < 200000; ++i) {
			noise_pos x = random_pos();
			const noise_pos y = random_pos();
			const uint32_t seed = (uint32_t)test_rng();
			all += fabs(octave(dims, x, y, seed));
			x.frac = 0.0;
			on += fabs(octave(dims, x, y, seed));
		}
		printf("   %dD: mean |n| on the lattice / overall %.3f\n", dims, on / all);
		CHECK(on / all > 0.9 && on / all < 1.1,
		      "%dD: mean |n| on the lattice is %.3f of the overall", dims, on / all);
	}
}

static void test_bounded_and_full_range(void)
{
	double mx1 = 0, mx2 = 0, mxf = 0;
	int i, bad = 0;
	for (i = 0; i < 2000000; ++i) {
		const noise_pos x = random_pos(), y = random_pos();
		const uint32_t seed = (uint32_t)test_rng();
		const double a = fabs(noise_1d(x, seed));
		const double b = fabs(noise_2d(x, y, seed));
		mx1 = a > mx1 ? a : mx1;
		mx2 = b > mx2 ? b : mx2;
		if ((i & 7) == 0) {
			const noise_fbm p = random_fbm();
			const uint32_t n = 1U + (uint32_t)(test_rng() % 64U);
			double v[4];
			int k;
			v[0] = noise_fbm_1d(x, seed, p);
			v[1] = noise_fbm_2d(x, y, seed, p);
			v[2] = noise_fbm_1d_loop(x, n, seed, p);
			v[3] = noise_fbm_2d_loop(x, n, y, seed, p);
			for (k = 0; k < 4; ++k) {
				bad += !(fabs(v[k]) <= 1.0);
				mxf = fabs(v[k]) > mxf ? fabs(v[k]) : mxf;
			}
		}
	}
	CHECK(mx1 <= 1.0 && mx2 <= 1.0 && bad == 0,
	      "out of [-1, 1]: max 1D %g, 2D %g, %d fBm values", mx1, mx2, bad);
	/* Full range: the bound is not wasted headroom. 2D reaches its bound
	   only when all four gradients point at the cell's centre and every
	   value is near 1/2, so 2e6 random points find less: over 40 seeds
	   the largest |n| found was 0.840-0.943 (1D 0.944-0.99). The limits
	   sit below those, so they hold for any seed, and still fail if the
	   scale shrank by a tenth. */
	CHECK(mx1 > 0.9 && mx2 > 0.8 && mxf > 0.99,
	      "range not used: max 1D %g, 2D %g, fBm %g", mx1, mx2, mxf);
}

/* Max over t of |dn/dt|, from the derivative of the formula in noise.h,
   maximised over slopes and values: the 1D derivative is
   g0 A + g1 B + (v1 - v0) s'. */
static double slope_search_1d(void)
{
	double mx = 0;
	int i;
	for (i = 0; i <= 200000; ++i) {
		const double t = i / 200000.0;
		const double s = t * t * t * (t * (t * 6 - 15) + 10);
		const double ds = 30 * t * t * (1 - t) * (1 - t);
		const double v = NOISE_SCALE_1D *
			(fabs((1 - s) - t * ds) + fabs(s + (t - 1) * ds) + ds);
		mx = v > mx ? v : mx;
	}
	return mx;
}

/* 2D: d/dx = c sum_i g_i . (dw_i/dx d_i + w_i e_x) + v_i dw_i/dx; the
   worst unit g_i aligns with each coefficient vector, giving the sum of
   their norms, and the worst v_i is 1/2 with the sign of dw_i/dx. */
static double slope_search_2d(void)
{
	const int n = 800;
	double mx = 0;
	int i, j, c;
	for (i = 0; i <= n; ++i)
		for (j = 0; j <= n; ++j) {
			const double x = (double)i / n, y = (double)j / n;
			const double sx = x * x * x * (x * (x * 6 - 15) + 10);
			const double sy = y * y * y * (y * (y * 6 - 15) + 10);
			const double dsx = 30 * x * x * (1 - x) * (1 - x);
			double tot = 0;
			for (c = 0; c < 4; ++c) {
				const int cx = c & 1, cy = c >> 1;
				const double wy = cy ? sy : 1 - sy;
				const double w = (cx ? sx : 1 - sx) * wy;
				const double dw = (cx ? dsx : -dsx) * wy;
				const double vx = dw * (x - cx) + w, vy = dw * (y - cy);
				tot += sqrt(vx * vx + vy * vy) + 0.5 * fabs(dw);
			}
			tot *= NOISE_SCALE_2D;
			mx = tot > mx ? tot : mx;
		}
	return mx;
}

static void test_slope_constants_bound_the_slope(void)
{
	const double s1 = slope_search_1d(), s2 = slope_search_2d();
	printf("   max |dn/dx|: 1D %.5f (NOISE_SLOPE_1D %.3f), 2D %.5f (NOISE_SLOPE_2D %.3f)\n",
	       s1, NOISE_SLOPE_1D, s2, NOISE_SLOPE_2D);
	CHECK(NOISE_SLOPE_1D >= s1 && NOISE_SLOPE_1D <= 1.01 * s1,
	      "NOISE_SLOPE_1D %g is not a tight bound of %g", NOISE_SLOPE_1D, s1);
	CHECK(NOISE_SLOPE_2D >= s2 && NOISE_SLOPE_2D <= 1.01 * s2,
	      "NOISE_SLOPE_2D %g is not a tight bound of %g", NOISE_SLOPE_2D, s2);
}

static void test_slopes_within_the_lipschitz_bound(void)
{
	const double h = 1e-3;
	double worst1 = 0, worst2 = 0, worstf = 0;
	int i, bad = 0;
	for (i = 0; i < 400000; ++i) {
		const noise_pos x = random_pos(), y = random_pos();
		const noise_pos xh = noise_pos_add(x, h), yh = noise_pos_add(y, h);
		const uint32_t seed = (uint32_t)test_rng();
		const double d1 = fabs(noise_1d(xh, seed) - noise_1d(x, seed)) / h;
		const double dx = fabs(noise_2d(xh, y, seed) - noise_2d(x, y, seed)) / h;
		const double dy = fabs(noise_2d(x, yh, seed) - noise_2d(x, y, seed)) / h;
		const double r1 = d1 / NOISE_SLOPE_1D;
		const double r2 = (dx > dy ? dx : dy) / NOISE_SLOPE_2D;
		worst1 = r1 > worst1 ? r1 : worst1;
		worst2 = r2 > worst2 ? r2 : worst2;
		if ((i & 3) == 0) {
			const noise_fbm p = random_fbm();
			/* the top octave moves lacunarity^7 faster: a smaller step */
			const double hf = 1e-7;
			const noise_pos xf = noise_pos_add(x, hf);
			const double df1 = fabs(noise_fbm_1d(xf, seed, p) -
			                        noise_fbm_1d(x, seed, p)) / hf;
			const double df2 = fabs(noise_fbm_2d(xf, y, seed, p) -
			                        noise_fbm_2d(x, y, seed, p)) / hf;
			const double rf1 = df1 / noise_fbm_slope(p, 1);
			const double rf2 = df2 / noise_fbm_slope(p, 2);
			worstf = rf1 > worstf ? rf1 : worstf;
			worstf = rf2 > worstf ? rf2 : worstf;
		}
	}
	bad = worst1 > 1.0 || worst2 > 1.0 || worstf > 1.0;
	printf("   steepest step / slope bound: 1D %.3f, 2D %.3f, fBm %.3f\n",
	       worst1, worst2, worstf);
	CHECK(!bad, "a step exceeds the slope bound (ratios %g %g %g)", worst1,
	      worst2, worstf);
}

/* One-sided derivatives at cell boundaries agree (C1), 1D and 2D. */
static void test_c1_at_cell_boundaries(void)
{
	const double h = 1e-6;
	double worst = 0;
	int i, dims;
	for (dims = 1; dims <= 2; ++dims)
		for (i = 0; i < 100000; ++i) {
			noise_pos x = random_pos();
			const noise_pos y = random_pos();
			const uint32_t seed = (uint32_t)test_rng();
			double left, right, v0;
			x.frac = 0.0;
			v0 = octave(dims, x, y, seed);
			right = (octave(dims, noise_pos_add(x, h), y, seed) - v0) / h;
			left = (v0 - octave(dims, noise_pos_add(x, -h), y, seed)) / h;
			worst = fabs(right - left) > worst ? fabs(right - left) : worst;
		}
	/* The second derivative is below 60, so a smooth function's one-sided
	   difference quotients differ by at most 60 h; a kink would differ by
	   O(1). */
	CHECK(worst < 60 * h, "derivative jumps by %g at a cell boundary", worst);
}

static void test_deterministic_and_seeds_decorrelate(void)
{
	enum { N = 100000 };
	static float a[N], b[N];
	static const uint32_t pairs[][2] = {
		{ 0, 1 }, { 1, 2 }, { 2, 3 }, { 65534, 65535 }, { 1, 65536 },
		{ 7, 7 ^ 0x80000000U }, { 100, 356 }, { 0, 0xffffffffU },
	};
	const noise_fbm def = noise_fbm_default();
	double worst = 0;
	int i, kind, same = 1;
	unsigned pi;
	for (i = 0; i < 1000; ++i) {
		const noise_pos x = random_pos(), y = random_pos();
		const uint32_t seed = (uint32_t)test_rng();
		const double v1 = noise_fbm_2d(x, y, seed, def);
		const double v2 = noise_fbm_2d(x, y, seed, def);
		same &= memcmp(&v1, &v2, sizeof v1) == 0;
	}
	CHECK(same, "same seed and position gave different values");
	for (kind = 0; kind < 4; ++kind)
		for (pi = 0; pi < sizeof pairs / sizeof pairs[0] + 20; ++pi) {
			uint32_t s1, s2;
			double c;
			if (pi < sizeof pairs / sizeof pairs[0]) {
				s1 = pairs[pi][0];
				s2 = pairs[pi][1];
			} else {
				s1 = (uint32_t)test_rng();
				s2 = (uint32_t)test_rng();
			}
			for (i = 0; i < N; ++i) {
				const noise_pos x = noise_pos_from(i * 0.37);
				const noise_pos y = noise_pos_from(i * 0.11 + 0.5);
				switch (kind) {
				case 0:
					a[i] = (float)noise_1d(x, s1);
					b[i] = (float)noise_1d(x, s2);
					break;
				case 1:
					a[i] = (float)noise_2d(x, y, s1);
					b[i] = (float)noise_2d(x, y, s2);
					break;
				case 2:
					a[i] = (float)noise_fbm_1d(x, s1, def);
					b[i] = (float)noise_fbm_1d(x, s2, def);
					break;
				default:
					/* neighbouring octaves of one fBm */
					a[i] = (float)noise_1d(x, noise_octave_seed(s1, 2));
					b[i] = (float)noise_1d(x, noise_octave_seed(s1, 3));
					break;
				}
			}
			c = fabs(test_correlation(a, b, N));
			worst = c > worst ? c : worst;
			CHECK(c < 0.2, "kind %d seeds %u, %u correlate: %g", kind,
			      (unsigned)s1, (unsigned)s2, c);
		}
	printf("   largest |correlation| between seeds or octaves: %.4f\n", worst);
}

static void test_mean_and_spread_as_documented(void)
{
	enum { N = 400000 };
	static double v[N];
	const noise_fbm def = noise_fbm_default();
	int dims, i;
	for (dims = 1; dims <= 2; ++dims) {
		const uint32_t seed = (uint32_t)test_rng();
		double sum = 0, sum2 = 0, o2 = 0, pos = 0, neg = 0;
		const double orms = dims == 2 ? NOISE_OCTAVE_RMS_2D : NOISE_OCTAVE_RMS_1D;
		for (i = 0; i < N; ++i) {
			const noise_pos x = noise_pos_from(i * 0.0737);
			const noise_pos y = noise_pos_from(i * 0.0291 + 0.25);
			const double o = octave(dims, x, y, seed);
			v[i] = dims == 2 ? noise_fbm_2d(x, y, seed, def)
			                 : noise_fbm_1d(x, seed, def);
			sum += v[i];
			sum2 += v[i] * v[i];
			o2 += o * o;
			pos += v[i] > 0.5;
			neg += v[i] < -0.5;
		}
		qsort(v, N, sizeof v[0], cmp_double);
		printf("   %dD fBm defaults: mean %+.4f rms %.3f, 1%%..99%% %+.3f..%+.3f, "
		       "5%%..95%% %+.3f..%+.3f; one octave rms %.4f\n",
		       dims, sum / N, sqrt(sum2 / N), v[N / 100], v[N - N / 100],
		       v[N / 20], v[N - N / 20], sqrt(o2 / N));
		CHECK(fabs(sum / N) < 0.03, "%dD mean %g is not near 0", dims, sum / N);
		CHECK(pos > N / 20 && neg > N / 20, "%dD: few values beyond +-0.5", dims);
		CHECK(v[N / 100] < -0.8 && v[N - N / 100] > 0.8,
		      "%dD 1..99%% span %g..%g is timid", dims, v[N / 100], v[N - N / 100]);
		CHECK(fabs(sqrt(o2 / N) / orms - 1.0) < 0.03,
		      "%dD octave RMS %g differs from the documented %g", dims,
		      sqrt(o2 / N), orms);
	}
}

static void test_loop_repeats_exactly(void)
{
	int i, bad = 0;
	double rl = 0, rf = 0;
	for (i = 0; i < 200000; ++i) {
		const noise_fbm p = random_fbm();
		const uint32_t n = 1U + (uint32_t)(test_rng() % 64U);
		const uint32_t seed = (uint32_t)test_rng();
		noise_pos x = random_pos(), xn;
		const noise_pos y = random_pos();
		double a, b, c, d;
		x.cell >>= 1; /* room to add whole periods below 2^32 */
		xn = x;
		xn.cell += n * (1U + (uint32_t)(test_rng() % 1000U));
		a = noise_fbm_1d_loop(x, n, seed, p);
		b = noise_fbm_1d_loop(xn, n, seed, p);
		c = noise_fbm_2d_loop(x, n, y, seed, p);
		d = noise_fbm_2d_loop(xn, n, y, seed, p);
		bad += memcmp(&a, &b, sizeof a) != 0 || memcmp(&c, &d, sizeof c) != 0;
		if (i < 50000) { /* same character: the same spread as unlooped */
			const noise_fbm def = noise_fbm_default();
			const double l = noise_fbm_1d_loop(x, 64, seed, def);
			const double f = noise_fbm_1d(x, seed, def);
			rl += l * l;
			rf += f * f;
		}
	}
	CHECK(bad == 0, "%d loop values did not repeat bit-exactly", bad);
	CHECK(fabs(sqrt(rl / rf) - 1.0) < 0.05, "loop RMS / free RMS = %g",
	      sqrt(rl / rf));
	/* The free noise does not repeat with a small table's period. */
	bad = 0;
	for (i = 0; i < 10000; ++i) {
		const noise_pos x = random_pos();
		noise_pos x2 = x, x3 = x;
		const uint32_t seed = (uint32_t)test_rng();
		x2.cell += 256U;
		x3.cell += 65536U;
		bad += noise_1d(x, seed) == noise_1d(x2, seed) ||
		       noise_1d(x, seed) == noise_1d(x3, seed);
	}
	CHECK(bad < 10, "free noise repeats after 256 or 65536 cells (%d times)", bad);
}

/* cell * 1.5^k computed exactly with integers, against noise_pos_scale, far
   from the origin and near it: the error must be the same (tiny) at both. */
static void test_as_precise_far_from_the_origin(void)
{
	double err_far = 0, err_near = 0;
	int i, k;
	for (i = 0; i < 20000; ++i) {
		const int far = i & 1;
		noise_pos p;
		p.cell = far ? 86400000U + (uint32_t)(test_rng() % 1000U)
		             : (uint32_t)(test_rng() % 1000U);
		p.frac = test_uniform(0.0, 1.0);
		for (k = 0; k <= 7; ++k) {
			const uint64_t num = (uint64_t)p.cell * (uint64_t)pow(3.0, k);
			const uint64_t den = (uint64_t)1 << k;
			const double m = pow(1.5, k);
			/* exact: cell + frac = floor(num/den) + (num%den)/den + frac*m */
			const noise_pos want = noise_pos_add(
				noise_pos_add((noise_pos){ (uint32_t)(num / den), 0.0 },
				              (double)(num % den) / (double)den),
				p.frac * m);
			const noise_pos got = noise_pos_scale(p, m);
			double e = fabs(got.frac - want.frac);
			if (got.cell != want.cell)
				e = 1.0 - e; /* wrapped across a boundary */
			if (far)
				err_far = e > err_far ? e : err_far;
			else
				err_near = e > err_near ? e : err_near;
		}
	}
	printf("   octave position error: near 0 %.3g, at 8.64e7 cells %.3g\n",
	       err_near, err_far);
	CHECK(err_far < 1e-13 && err_near < 1e-13,
	      "scaled position error near %g far %g", err_near, err_far);
	/* The value 8.64e7 cells out is as smooth as near 0: a 1e-9 cell step
	   changes it by at most slope * 1e-9 (a float position would jump). */
	{
		double worst = 0;
		for (i = 0; i < 10000; ++i) {
			noise_pos p = random_pos();
			double d;
			p.cell = 86400000U + (uint32_t)i;
			d = fabs(noise_1d(noise_pos_add(p, 1e-9), 5) - noise_1d(p, 5));
			worst = d > worst ? d : worst;
		}
		CHECK(worst <= NOISE_SLOPE_1D * 1.0001e-9,
		      "a 1e-9 step 8.64e7 cells out moved the noise by %g", worst);
	}
}

/* noise_pos_mul: a transport position times a scale, exact modulo the
   period however far: v s agrees with noise_pos_from where that is exact,
   moving v on by k moves the product on by k s (as integrating would),
   periods hold, and no input (huge, infinite, NaN) leaves the range. */
static void test_transport_positions_exact_however_far(void)
{
	int i, bad_small = 0, bad_shift = 0, bad_range = 0;
	double worst = 0.0;
	for (i = 0; i < 20000; ++i) {
		const double s = test_uniform(1e-6, 0.05) * (i & 1 ? 1.0 : 7.3);
		const double v = floor(test_uniform(0.0, 1.0) * 1125899906842624.0); /* < 2^50 */
		const double k = floor(test_uniform(0.0, 100000.0));
		const noise_pos a = noise_pos_mul(v, s, 0U);
		const noise_pos b = noise_pos_mul(v + k, s, 0U);
		const noise_pos c = noise_pos_add(a, k * s);
		const double d = (double)(int32_t)(b.cell - c.cell) + (b.frac - c.frac);
		const double small = test_uniform(-1e6, 1e6);
		const noise_pos e = noise_pos_mul(small, s, 0U), f = noise_pos_from(small * s);
		if (fabs(d) > worst)
			worst = fabs(d);
		bad_shift += fabs(d) > 1e-9;
		bad_small += e.cell != f.cell || fabs(e.frac - f.frac) > 1e-9;
		bad_range += !(a.frac >= 0.0 && a.frac < 1.0);
	}
	CHECK(bad_shift == 0, "mul(v + k, s) is not mul(v, s) + k s in %d cases (worst %g)",
	      bad_shift, worst);
	CHECK(bad_small == 0, "mul disagrees with noise_pos_from on small values %d times",
	      bad_small);
	{ /* periods: v s modulo p, against the same reduced by hand */
		int bad = 0;
		for (i = 0; i < 20000; ++i) {
			const uint32_t per = 1U + (uint32_t)(test_rng() % 1000U);
			const double v = floor(test_uniform(0.0, 1e12));
			const double s = (double)(1U + test_rng() % 97U) / 8.0; /* exact products */
			const noise_pos g = noise_pos_mul(v, s, per);
			const double want = fmod(v * s, (double)per); /* v s exact below 2^53 */
			bad += g.cell != (uint32_t)floor(want) || g.frac != want - floor(want);
		}
		CHECK(bad == 0, "mul modulo a period is wrong in %d cases", bad);
	}
	{ /* anything at all stays in range */
		static const double odd[] = { 1e300, -1e300, 1e30, -1e30, 9007199254740993.0,
		                              -4294967296.5, 0.0, -0.0 };
		unsigned x, y;
		for (x = 0; x < sizeof odd / sizeof odd[0]; ++x)
			for (y = 0; y < sizeof odd / sizeof odd[0]; ++y) {
				const noise_pos q = noise_pos_mul(odd[x], odd[y] * 1e-20, 7U);
				const noise_pos r = noise_pos_mul(odd[x], INFINITY, 0U);
				const noise_pos t = noise_pos_mul(NAN, odd[y], 3U);
				bad_range += !(q.frac >= 0.0 && q.frac < 1.0) || q.cell >= 7U ||
				             !(r.frac >= 0.0 && r.frac < 1.0) ||
				             !(t.frac >= 0.0 && t.frac < 1.0) || t.cell >= 3U;
			}
	}
	CHECK(bad_range == 0, "mul left [0, 1) or its period %d times", bad_range);
	printf("   v + k, s against v, s moved on by k s: worst %.2g cells\n", worst);
}

static void test_fractional_octaves_blend_smoothly(void)
{
	int i, j, bad = 0;
	double worst = 0;
	for (i = 0; i < 2000; ++i) {
		const noise_pos x = random_pos(), y = random_pos();
		const uint32_t seed = (uint32_t)test_rng();
		noise_fbm p = random_fbm();
		double prev, v3, v4;
		p.octaves = 3.0;
		v3 = noise_fbm_2d(x, y, seed, p);
		prev = v3;
		for (j = 1; j <= 1000; ++j) {
			double v;
			p.octaves = 3.0 + j / 1000.0;
			v = noise_fbm_2d(x, y, seed, p);
			worst = fabs(v - prev) > worst ? fabs(v - prev) : worst;
			prev = v;
		}
		v4 = prev;
		bad += v3 == v4;
	}
	printf("   largest change per 0.001 octave: %.5f\n", worst);
	CHECK(worst < 0.01, "octaves 3..4 jumps by %g per 0.001", worst);
	CHECK(bad < 20, "the 4th octave changed nothing %d times", bad);
}

static void test_bad_settings_clamped(void)
{
	const double bad_values[] = { NAN, INFINITY, -INFINITY, -1e300, 1e300, -1, 100 };
	unsigned i, j, bad = 0;
	double g[NOISE_MAX_OCTAVES];
	for (i = 0; i < sizeof bad_values / sizeof bad_values[0]; ++i)
		for (j = 0; j < 3; ++j) {
			noise_fbm p = noise_fbm_default();
			double v;
			if (j == 0)
				p.octaves = bad_values[i];
			else if (j == 1)
				p.persistence = bad_values[i];
			else
				p.lacunarity = bad_values[i];
			v = noise_fbm_2d(noise_pos_from(3.3), noise_pos_from(1.7), 9, p);
			bad += !(fabs(v) <= 1.0);
			bad += !(noise_fbm_slope(p, 2) < 1e6);
		}
	CHECK(bad == 0, "%u non-finite results from bad parameters", bad);
	CHECK(noise_shape(NAN) == 0.0 && noise_shape(INFINITY) == 1.0 &&
	      noise_shape(-INFINITY) == -1.0, "noise_shape mishandles NaN/inf");
	{
		noise_fbm p = noise_fbm_default();
		unsigned n;
		p.octaves = 2.5;
		n = noise_fbm_gains(p, NULL, 1, g);
		/* amplitudes 1, 0.5, 0.5 * 0.25 */
		CHECK(n == 3 && g[3] == 0 && fabs(g[0] - 2 * g[1]) < 1e-12 &&
		      fabs(g[1] - 4 * g[2]) < 1e-12,
		      "gains for 2.5 octaves: %u active, %g %g %g %g", n, g[0], g[1],
		      g[2], g[3]);
	}
}

/* The streaming octave returns bit for bit what the point functions do,
   free and looped, 1D and 2D, whatever the step sizes. */
static void test_stream_matches_point(void)
{
	int run, i, bad = 0;
	for (run = 0; run < 400; ++run) {
		const uint32_t seed = (uint32_t)test_rng();
		const uint32_t period = (run & 1) ? 1U + (uint32_t)(test_rng() % 300U) : 0U;
		const double dx = test_uniform(0.0, 1.0) * pow(10.0, -(double)(run % 5));
		const double dy = (run & 2) ? test_uniform(0.0, 0.01) : 0.0;
		noise_octave o1, o2;
		noise_pos x = random_pos(), y = random_pos();
		noise_octave_init(&o1, x, y, seed, period);
		noise_octave_init(&o2, x, y, seed, period);
		for (i = 0; i < 2000; ++i) {
			const double a = noise_octave_1d(&o1), b = noise_octave_2d(&o2);
			const double pa = period ? noise_1d_loop(x, period, seed) : noise_1d(x, seed);
			const double pb = period ? noise_2d_loop(x, period, y, seed)
			                         : noise_2d(x, y, seed);
			bad += memcmp(&a, &pa, sizeof a) != 0 || memcmp(&b, &pb, sizeof b) != 0;
			x = noise_pos_add(x, dx);
			y = noise_pos_add(y, dy);
			o1.x = o2.x = x;
			o2.y = y;
		}
	}
	CHECK(bad == 0, "%d streamed values differ from point values", bad);
}

int main(int argc, char **argv)
{
	test_seed(argc, argv, "test_noise");
	test_section("lattice points: the spread of the whole cell");
	test_lattice_points_spread_as_the_cell();
	test_section("bounded in [-1, 1] and full range");
	test_bounded_and_full_range();
	test_section("slope constants");
	test_slope_constants_bound_the_slope();
	test_section("Lipschitz");
	test_slopes_within_the_lipschitz_bound();
	test_section("C1 at cell boundaries");
	test_c1_at_cell_boundaries();
	test_section("determinism, seeds and octaves decorrelate");
	test_deterministic_and_seeds_decorrelate();
	test_section("mean and spread");
	test_mean_and_spread_as_documented();
	test_section("loop");
	test_loop_repeats_exactly();
	test_section("precision far from the origin");
	test_as_precise_far_from_the_origin();
	test_section("positions from the transport (noise_pos_mul)");
	test_transport_positions_exact_however_far();
	test_section("fractional octaves");
	test_fractional_octaves_blend_smoothly();
	test_section("streaming equals point evaluation");
	test_stream_matches_point();
	test_section("clamping");
	test_bad_settings_clamped();
	return test_done("test_noise");
}
