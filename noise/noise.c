/* noise.c: see noise.h for what is computed and why it is bounded.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "noise.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#define TWO_POW_32 4294967296.0

/* 16 unit gradients, one every 22.5 degrees (cos, sin). */
static const double grad2[16][2] = {
	{ 1.0, 0.0 },
	{ 0.92387953251128674, 0.38268343236508978 },
	{ 0.70710678118654752, 0.70710678118654752 },
	{ 0.38268343236508978, 0.92387953251128674 },
	{ 0.0, 1.0 },
	{ -0.38268343236508978, 0.92387953251128674 },
	{ -0.70710678118654752, 0.70710678118654752 },
	{ -0.92387953251128674, 0.38268343236508978 },
	{ -1.0, 0.0 },
	{ -0.92387953251128674, -0.38268343236508978 },
	{ -0.70710678118654752, -0.70710678118654752 },
	{ -0.38268343236508978, -0.92387953251128674 },
	{ 0.0, -1.0 },
	{ 0.38268343236508978, -0.92387953251128674 },
	{ 0.70710678118654752, -0.70710678118654752 },
	{ 0.92387953251128674, -0.38268343236508978 },
};

static double clampd(double v, double lo, double hi, double fallback)
{
	if (v != v) /* NaN */
		return fallback;
	return v < lo ? lo : (v > hi ? hi : v);
}

noise_fbm noise_fbm_default(void)
{
	noise_fbm p;
	p.octaves = 4.0;
	p.persistence = 0.5;
	p.lacunarity = 2.0;
	return p;
}

noise_fbm noise_fbm_clamp(noise_fbm p)
{
	const noise_fbm d = noise_fbm_default();
	p.octaves = clampd(p.octaves, 1.0, (double)NOISE_MAX_OCTAVES, d.octaves);
	p.persistence = clampd(p.persistence, 0.0, 1.0, d.persistence);
	p.lacunarity = clampd(p.lacunarity, 1.5, 4.0, d.lacunarity);
	return p;
}

/* Chris Wellons' lowbias32: bias ~0.17, every input bit reaches every output
   bit. */
uint32_t noise_hash(uint32_t x)
{
	NOISE_HASH_STEPS(x);
	return x;
}

uint32_t noise_octave_seed(uint32_t seed, unsigned k)
{
	return noise_hash(seed ^ (0x632be5abU * (uint32_t)(k + 1U)));
}

noise_pos noise_pos_from(double x)
{
	noise_pos p;
	const double fl = floor(x);
	p.cell = (uint32_t)(int64_t)fmod(fl, TWO_POW_32);
	p.frac = x - fl;
	if (p.frac >= 1.0) { /* x a hair below an integer */
		p.frac = 0.0;
		p.cell += 1U;
	}
	return p;
}

noise_pos noise_pos_add(noise_pos p, double d)
{
	const double f = p.frac + d;
	const double fl = floor(f);
	p.cell += (uint32_t)(int64_t)fl;
	p.frac = f - fl;
	if (p.frac >= 1.0) {
		p.frac = 0.0;
		p.cell += 1U;
	}
	return p;
}

noise_pos noise_pos_scale(noise_pos p, double s)
{
	/* cell * s = hi + lo exactly (fma recovers the rounding error), so the
	   fraction keeps full precision however large cell * s is. */
	const double c = (double)p.cell;
	const double hi = c * s;
	const double lo = fma(c, s, -hi);
	const double fl = floor(hi);
	noise_pos r;
	r.cell = (uint32_t)(uint64_t)fmod(fl, TWO_POW_32);
	r.frac = 0.0;
	return noise_pos_add(r, (hi - fl) + lo + p.frac * s);
}

noise_pos noise_pos_mul(double v, double s, uint32_t period)
{
	const double hi = v * s;
	const double lo = fma(v, s, -hi); /* v s = hi + lo exactly */
	const double n = period ? (double)period : TWO_POW_32;
	double fl, r;
	noise_pos p;
	if (!(hi - hi == 0.0) || !(lo - lo == 0.0)) /* infinite or NaN */
		return noise_pos_from(0.0);
	fl = floor(hi);
	r = fmod(fl, n); /* exact */
	{
		/* hi's fraction and lo: in (-1, 2) up to 2^53, as large as
		   hi's rounding beyond */
		const double f = (hi - fl) + lo;
		double ff = floor(f);
		p.frac = f - ff;
		if (p.frac >= 1.0) {
			p.frac = 0.0;
			ff += 1.0;
		}
		r += fmod(ff, n); /* exact; r now in (-2n, 2n) */
	}
	if (r < 0.0)
		r += n;
	if (r < 0.0)
		r += n;
	if (r >= n)
		r -= n;
	p.cell = (uint32_t)r;
	return p;
}

noise_pos noise_pos_wrap(noise_pos p, uint32_t period)
{
	p.cell %= period ? period : 1U;
	return p;
}

static double fade(double t)
{
	return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
}

/* A lattice point's slope and value from its hash h: the slope uniform
   in (-1, 1) from the high 16 bits, the value uniform in (-1/2, 1/2) from
   the low 16 (both symmetric about 0). */
static double slope_of(uint32_t h)
{
	return ((double)(h >> 16) + 0.5) * (2.0 / 65536.0) - 1.0;
}

static double value_of(uint32_t h)
{
	return ((double)(h & 0xffffU) + 0.5) * (1.0 / 65536.0) - 0.5;
}

/* The 1D formula from a cell's two lattice points (slope g, value v);
   shared by noise_1d and the stream so both compute bit-identical values. */
static double lerp1(double g0, double v0, double g1, double v1, double t)
{
	const double a = g0 * t + v0;
	const double b = g1 * (t - 1.0) + v1;
	return NOISE_SCALE_1D * (a + fade(t) * (b - a));
}

/* s: the hashed seed (noise_hash(seed)) */
static double perlin1(uint32_t c0, uint32_t c1, double t, uint32_t s)
{
	const uint32_t h0 = noise_hash(c0 ^ s), h1 = noise_hash(c1 ^ s);
	return lerp1(slope_of(h0), value_of(h0), slope_of(h1), value_of(h1), t);
}

static void corner(noise_octave *o, unsigned i, double gx, double gy, double gv)
{
	o->gx[i] = gx;
	o->gy[i] = gy;
	o->gv[i] = gv;
}

static void corner_hashed(noise_octave *o, unsigned i, uint32_t h)
{
	corner(o, i, grad2[h >> 28][0], grad2[h >> 28][1], value_of(h));
}

/* The four corner gradients and values of cell (x0 or x1, y0) into o's
   gx, gy, gv in corner order 00, 10, 01, 11, and the columns' hashes hx
   (s: the hashed seed). */
static void corners2(noise_octave *o, uint32_t x0, uint32_t x1, uint32_t y0, uint32_t s)
{
	o->hx[0] = noise_hash(x0 ^ s);
	o->hx[1] = noise_hash(x1 ^ s);
	corner_hashed(o, 0, noise_hash(o->hx[0] ^ y0));
	corner_hashed(o, 1, noise_hash(o->hx[1] ^ y0));
	corner_hashed(o, 2, noise_hash(o->hx[0] ^ (y0 + 1U)));
	corner_hashed(o, 3, noise_hash(o->hx[1] ^ (y0 + 1U)));
}

/* The 2D formula from cached corner gradients. */
static double lerp2(const double gx[4], const double gy[4], const double gv[4],
                    double tx, double ty)
{
	const double n00 = gx[0] * tx + gy[0] * ty + gv[0];
	const double n10 = gx[1] * (tx - 1.0) + gy[1] * ty + gv[1];
	const double n01 = gx[2] * tx + gy[2] * (ty - 1.0) + gv[2];
	const double n11 = gx[3] * (tx - 1.0) + gy[3] * (ty - 1.0) + gv[3];
	const double sx = fade(tx), sy = fade(ty);
	const double a = n00 + sx * (n10 - n00);
	const double b = n01 + sx * (n11 - n01);
	return NOISE_SCALE_2D * (a + sy * (b - a));
}

static double perlin2(uint32_t x0, uint32_t x1, double tx, noise_pos y,
                      uint32_t seed)
{
	noise_octave o;
	corners2(&o, x0, x1, y.cell, noise_hash(seed));
	return lerp2(o.gx, o.gy, o.gv, tx, y.frac);
}

/* The cell after c, on a loop of period p (0: no loop). */
static uint32_t next_cell(uint32_t c, uint32_t p)
{
	return p && c + 1U >= p ? 0U : c + 1U;
}

double noise_1d(noise_pos x, uint32_t seed)
{
	return perlin1(x.cell, x.cell + 1U, x.frac, noise_hash(seed));
}

double noise_2d(noise_pos x, noise_pos y, uint32_t seed)
{
	return perlin2(x.cell, x.cell + 1U, x.frac, y, seed);
}

double noise_1d_loop(noise_pos x, uint32_t period, uint32_t seed)
{
	const uint32_t p = period ? period : 1U;
	const uint32_t c0 = x.cell % p;
	return perlin1(c0, next_cell(c0, p), x.frac, noise_hash(seed));
}

double noise_2d_loop(noise_pos x, uint32_t period, noise_pos y, uint32_t seed)
{
	const uint32_t p = period ? period : 1U;
	const uint32_t c0 = x.cell % p;
	return perlin2(c0, next_cell(c0, p), x.frac, y, seed);
}

void noise_octave_init(noise_octave *o, noise_pos x, noise_pos y,
                       uint32_t seed, uint32_t period)
{
	o->x = x;
	o->y = y;
	o->seed = seed;
	o->seed_hash = noise_hash(seed);
	o->period = period;
	o->key_x = o->key_y = 0U;
	o->cached = 0;
}

/* Corner i of the stream's cache: from values, or from its hash (as
   corners2 makes them). */
void noise_octave_update(noise_octave *o, int dims)
{
	const uint32_t c0 = o->x.cell < o->period || !o->period ? o->x.cell
	                                                        : o->x.cell % o->period;
	if (dims == 2) {
		const uint32_t y0 = o->y.cell;
		if (o->cached == 2 && c0 == o->key_x && y0 == o->key_y)
			return;
		if (o->cached == 2 && y0 == o->key_y && c0 == o->key_x1) {
			/* on by one cell along x: the right corners are the new left */
			const uint32_t c1 = next_cell(c0, o->period);
			o->hx[0] = o->hx[1];
			o->hx[1] = noise_hash(c1 ^ o->seed_hash);
			corner(o, 0, o->gx[1], o->gy[1], o->gv[1]);
			corner(o, 2, o->gx[3], o->gy[3], o->gv[3]);
			corner_hashed(o, 1, noise_hash(o->hx[1] ^ y0));
			corner_hashed(o, 3, noise_hash(o->hx[1] ^ (y0 + 1U)));
			o->key_x1 = c1;
		} else if (o->cached == 2 && c0 == o->key_x && y0 == o->key_y + 1U) {
			/* on by one cell along y: the top corners are the new bottom */
			corner(o, 0, o->gx[2], o->gy[2], o->gv[2]);
			corner(o, 1, o->gx[3], o->gy[3], o->gv[3]);
			corner_hashed(o, 2, noise_hash(o->hx[0] ^ (y0 + 1U)));
			corner_hashed(o, 3, noise_hash(o->hx[1] ^ (y0 + 1U)));
		} else {
			const uint32_t c1 = next_cell(c0, o->period);
			corners2(o, c0, c1, y0, o->seed_hash);
			o->key_x1 = c1;
		}
		o->key_x = c0;
		o->key_y = y0;
		o->cached = 2;
	} else if (o->cached != 1 || c0 != o->key_x) {
		const uint32_t s = o->seed_hash;
		const uint32_t c1 = next_cell(c0, o->period);
		const uint32_t h1 = noise_hash(c1 ^ s);
		/* moving on by one cell: the old right point is the new left */
		if (o->cached == 1 && c0 == o->key_x1) {
			o->gx[0] = o->gx[1];
			o->gv[0] = o->gv[1];
		} else {
			const uint32_t h0 = noise_hash(c0 ^ s);
			o->gx[0] = slope_of(h0);
			o->gv[0] = value_of(h0);
		}
		o->gx[1] = slope_of(h1);
		o->gv[1] = value_of(h1);
		o->key_x = c0;
		o->key_x1 = c1;
		o->cached = 1;
	}
}

void noise_octave_columns(const noise_octave *o, int dims, uint32_t cell,
                          unsigned n, double *P, double *Q)
{
	const uint32_t y0 = o->y.cell;
	const double ty = o->y.frac, sy = fade(ty);
	unsigned i;
	if (o->period && cell >= o->period)
		cell %= o->period;
	for (i = 0; i < n; ++i) {
		const uint32_t hx = noise_hash(cell ^ o->seed_hash);
		if (dims == 2) { /* corners (cell, y0) and (cell, y0 + 1) */
			const uint32_t h0 = noise_hash(hx ^ y0), h1 = noise_hash(hx ^ (y0 + 1U));
			P[i] = (1.0 - sy) * grad2[h0 >> 28][0] + sy * grad2[h1 >> 28][0];
			Q[i] = (1.0 - sy) * (grad2[h0 >> 28][1] * ty + value_of(h0)) +
			       sy * (grad2[h1 >> 28][1] * (ty - 1.0) + value_of(h1));
		} else {
			P[i] = slope_of(hx);
			Q[i] = value_of(hx);
		}
		cell = next_cell(cell, o->period);
	}
}

/* Lattice point (column hash hx, row y) times sc, as floats: gradient x,
   gradient y (from gs, the gradients times sc as floats), value */
static inline void point_f(uint32_t hx, uint32_t y, const float gx[16], const float gy[16],
                           double sc, float *out)
{
	const uint32_t h = noise_hash(hx ^ y);
	out[0] = gx[h >> 28];
	out[1] = gy[h >> 28];
	out[2] = (float)(sc * value_of(h));
}

/* x wrapped at o's period */
static inline uint32_t column_of(const noise_octave *o, uint32_t x)
{
	return noise_hash((o->period && x >= o->period ? x % o->period : x) ^ o->seed_hash);
}

void noise_gradients_2d(double sc, float gx[16], float gy[16])
{
	unsigned c;
	for (c = 0; c < 16; ++c) {
		gx[c] = (float)(sc * grad2[c][0]);
		gy[c] = (float)(sc * grad2[c][1]);
	}
}

void noise_octave_cells_2d(const noise_octave *o, const uint32_t *x, const uint32_t *y,
                           unsigned n, double sc, const float gx[16], const float gy[16],
                           float *out)
{
	uint32_t h0 = 0, h1 = 0; /* the columns' hashes */
	uint32_t x1 = 0, was = 0; /* the column after x[c], and after x[c - 1] */
	unsigned c;
	for (c = 0; c < n; ++c, was = x1) {
		float *t = out + 12 * c;
		const float *u = t - 12;
		x1 = next_cell(x[c], o->period);
		if (c > 0 && y[c] == y[c - 1] && x[c] == was) {
			/* one column right: the right corners are the new left */
			memcpy(t, u + 3, 3 * sizeof *t);
			memcpy(t + 6, u + 9, 3 * sizeof *t);
			h0 = h1;
			h1 = column_of(o, x1);
			point_f(h1, y[c], gx, gy, sc, t + 3);
			point_f(h1, y[c] + 1U, gx, gy, sc, t + 9);
		} else if (c > 0 && x[c] == x[c - 1] && y[c] == y[c - 1] + 1U) {
			/* one row up: the top corners are the new bottom */
			memcpy(t, u + 6, 6 * sizeof *t);
			point_f(h0, y[c] + 1U, gx, gy, sc, t + 6);
			point_f(h1, y[c] + 1U, gx, gy, sc, t + 9);
		} else {
			h0 = column_of(o, x[c]);
			h1 = column_of(o, x1);
			point_f(h0, y[c], gx, gy, sc, t);
			point_f(h1, y[c], gx, gy, sc, t + 3);
			point_f(h0, y[c] + 1U, gx, gy, sc, t + 6);
			point_f(h1, y[c] + 1U, gx, gy, sc, t + 9);
		}
	}
}

double noise_octave_1d(noise_octave *o)
{
	noise_octave_update(o, 1);
	return lerp1(o->gx[0], o->gv[0], o->gx[1], o->gv[1], o->x.frac);
}

double noise_octave_2d(noise_octave *o)
{
	noise_octave_update(o, 2);
	return lerp2(o->gx, o->gy, o->gv, o->x.frac, o->y.frac);
}

double noise_fbm_freq(noise_fbm p, unsigned k)
{
	p = noise_fbm_clamp(p);
	return pow(p.lacunarity, (double)k);
}

uint32_t noise_loop_period(uint32_t n, double lacunarity, unsigned k)
{
	const double l = clampd(lacunarity, 1.5, 4.0, 2.0);
	const double v = floor((double)(n ? n : 1U) * pow(l, (double)k) + 0.5);
	return v >= TWO_POW_32 - 1.0 ? 0xffffffffU : (uint32_t)v;
}

unsigned noise_fbm_gains(noise_fbm p, const double *extra, int dims,
                         double gains[NOISE_MAX_OCTAVES])
{
	const double rms = NOISE_FBM_RMS /
		(dims == 2 ? NOISE_OCTAVE_RMS_2D : NOISE_OCTAVE_RMS_1D);
	unsigned k, active;
	double amp = 1.0, sum2 = 0.0, whole, part, root;
	p = noise_fbm_clamp(p);
	part = modf(p.octaves, &whole);
	active = (unsigned)whole + (part > 0.0 ? 1U : 0U);
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		double a = 0.0;
		if (k < (unsigned)whole)
			a = amp;
		else if (k == (unsigned)whole)
			a = amp * part;
		if (extra)
			a *= clampd(extra[k], 0.0, 1.0, 0.0);
		if (a < NOISE_MIN_AMP) /* inaudible: off, so no denormals either */
			a = 0.0;
		gains[k] = a;
		sum2 += a * a;
		amp *= p.persistence;
	}
	root = sqrt(sum2);
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
		gains[k] = sum2 > 0.0 ? gains[k] * rms / root : 0.0;
	return active;
}

double noise_shape(double z)
{
	if (!(z > -1.0)) /* also NaN */
		return z != z ? 0.0 : -1.0;
	if (z >= 1.0)
		return 1.0;
	return z * (1.5 - 0.5 * z * z);
}

double noise_fbm_slope(noise_fbm p, int dims)
{
	double g[NOISE_MAX_OCTAVES], sum = 0.0;
	unsigned k;
	p = noise_fbm_clamp(p);
	noise_fbm_gains(p, NULL, dims, g);
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
		sum += g[k] * pow(p.lacunarity, (double)k);
	return 1.5 * sum * (dims == 2 ? NOISE_SLOPE_2D : NOISE_SLOPE_1D);
}

/* The fBm sum shared by the four variants: octave k is evaluated at
   (x, y) scaled by its frequency; `period` 0 means no loop. */
static double fbm(noise_pos x, const noise_pos *y, uint32_t n, uint32_t seed,
                  noise_fbm p)
{
	double g[NOISE_MAX_OCTAVES], sum = 0.0;
	unsigned k;
	const int dims = y ? 2 : 1;
	const unsigned active = noise_fbm_gains(p, NULL, dims, g);
	p = noise_fbm_clamp(p);
	if (n)
		x = noise_pos_wrap(x, n);
	for (k = 0; k < active; ++k) {
		const uint32_t seed_k = noise_octave_seed(seed, k);
		const uint32_t per = n ? noise_loop_period(n, p.lacunarity, k) : 0U;
		const double m = n ? (double)per / (double)n
		                   : pow(p.lacunarity, (double)k);
		const noise_pos xk = noise_pos_scale(x, m);
		double v;
		if (y) {
			const noise_pos yk = noise_pos_scale(*y, m);
			v = n ? noise_2d_loop(xk, per, yk, seed_k)
			      : noise_2d(xk, yk, seed_k);
		} else {
			v = n ? noise_1d_loop(xk, per, seed_k) : noise_1d(xk, seed_k);
		}
		sum += g[k] * v;
	}
	return noise_shape(sum);
}

double noise_fbm_1d(noise_pos x, uint32_t seed, noise_fbm p)
{
	return fbm(x, NULL, 0U, seed, p);
}

double noise_fbm_2d(noise_pos x, noise_pos y, uint32_t seed, noise_fbm p)
{
	return fbm(x, &y, 0U, seed, p);
}

double noise_fbm_1d_loop(noise_pos x, uint32_t n, uint32_t seed, noise_fbm p)
{
	return fbm(x, NULL, n ? n : 1U, seed, p);
}

double noise_fbm_2d_loop(noise_pos x, uint32_t n, noise_pos y, uint32_t seed,
                         noise_fbm p)
{
	return fbm(x, &y, n ? n : 1U, seed, p);
}
