/* warp.c: the rate and morph CVs (perlin_cv's rate and morph). Rate: 1 V
   an octave, the phase's speed along x times 2^V at each sample, never
   its place. While the CV stands still its factor is folded into the
   phases' steps (d->warp: voice.c's voice_steps and band-limit take it)
   and everything renders as without it. From the first sample it moves
   (warping), each sample's phase is its voice's anchor (the phases where
   they were, and the sums there) moved by the sums since: of the factors
   over the folded one (x, and y by the slant), of the morph CV's moves
   (y, 1 V a cell of octave 0) and of the samples (y's own step). A group
   of samples of an octave (warp_lanes.h: 4 or 8) is evaluated at once,
   from its cell's coefficients (coef.c's, the same the kernels take),
   where all are in that cell or, in 2D, each lane's cell's picked; else
   a sample at a time. At a grid point after a whole chunk of the CVs
   standing still, the factor is folded again. Where the CVs change and
   settle and where anchors are made are samples of the CVs, the grid and
   the events, so the output is the same whatever splits the blocks. dsp.c and render.c call it; it calls coef.c and
   ramp.c. plugin/README.md has the design and the figures.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "warp.h"
#include "coef.h"
#include "ramp.h"

#include <math.h>
#include <string.h>

/* The grid chunks the sums may run for before a grid point starts them
   (and the anchors) anew: W stays below 64 chunks' samples times the
   largest factor, its bits a hair of a sample. Anchors last as long
   while nothing moves the ramps, so a fold along W is kept across
   chunks. */
#define WARP_RENEW 64U

/* A CV sample as the volts it counts as: NaN 0 V, clamped to +-bound
   (PERLIN_WARP_VOLTS, PERLIN_MORPH_VOLTS), -0 as 0 (so two volts that act
   the same compare equal). */
static inline float cv_volts(float v, float bound)
{
	if (!(v == v) || v == 0.0f)
		return 0.0f;
	return v < -bound ? -bound : v > bound ? bound : v;
}

/* 2^v for four volts as cv_volts gives them: 2^n exactly (built from
   its bits) times sqrt 2 e^t, t = (f - 1/2) ln 2, f = v - n in [0, 1), by
   its series to t^9 (within 1e-11); +, x and integer operations alone, so
   the same bits on every machine and compiler, in any lane. */
typedef float warp_f4 __attribute__((vector_size(4 * sizeof(float))));
typedef int32_t warp_i4 __attribute__((vector_size(4 * sizeof(int32_t))));
typedef double warp_d4 __attribute__((vector_size(4 * sizeof(double))));

static inline __attribute__((always_inline)) void warp_factor4(const warp_f4 *volts, warp_d4 *out)
{
	const warp_d4 v = __builtin_convertvector(*volts, warp_d4);
	const warp_i4 n = __builtin_convertvector(v + 16.0, warp_i4) - 16; /* floor(v), v in [-8, 8] */
	const warp_d4 t = (v - __builtin_convertvector(n, warp_d4) - 0.5) * 0.6931471805599453;
	const warp_i4 bits = (n + 127) << 23; /* (2^n as a float: exact) */
	warp_f4 two_f;
	warp_d4 p = t * (1.0 / 362880.0) + 1.0 / 40320.0, two;
	p = p * t + 1.0 / 5040.0;
	p = p * t + 1.0 / 720.0;
	p = p * t + 1.0 / 120.0;
	p = p * t + 1.0 / 24.0;
	p = p * t + 1.0 / 6.0;
	p = p * t + 0.5;
	p = p * t + 1.0;
	p = p * t + 1.0;
	memcpy(&two_f, &bits, sizeof two_f);
	two = __builtin_convertvector(two_f, warp_d4);
	*out = p * 1.4142135623730951 * two;
}

/* The same for one (the fold's factor: a sample's is the fold's when the
   CV stands on it). */
static double warp_factor(float volts)
{
	const warp_f4 v = { volts, volts, volts, volts };
	warp_d4 f;
	warp_factor4(&v, &f);
	return f[0];
}

/* Lanes of a where mask is set, of b elsewhere. */
static inline __attribute__((always_inline)) void warp_pick4(warp_i4 mask, const warp_f4 *a,
                                                           const warp_f4 *b, warp_f4 *out)
{
	warp_i4 ab, bb;
	memcpy(&ab, a, sizeof ab);
	memcpy(&bb, b, sizeof bb);
	ab = (ab & mask) | (bb & ~mask);
	memcpy(out, &ab, sizeof *out);
}

/* Four CV samples as cv_volts gives them. */
static inline __attribute__((always_inline)) void cv_volts4(const float *at, float bound,
                                                          warp_f4 *out)
{
	const warp_f4 zero = { 0.0f, 0.0f, 0.0f, 0.0f }, lo = zero - bound, hi = zero + bound;
	warp_f4 v;
	memcpy(&v, at, sizeof v);
	warp_pick4(v == v, &v, &zero, &v); /* (NaN: 0 V) */
	v = v + 0.0f;                      /* (-0 as 0) */
	warp_pick4(v < lo, &lo, &v, &v);
	warp_pick4(v > hi, &hi, &v, &v);
	*out = v;
}


/* Each of len CV samples' factor over the fold (inv: 1 / warp) into r,
   four at a time (the last four padded with the last sample); the
   largest volts. */
static inline __attribute__((always_inline)) float warp_factors_n(double *r, const float *volts,
                                                                uint32_t len, double inv)
{
	warp_f4 most = { -PERLIN_WARP_VOLTS, -PERLIN_WARP_VOLTS, -PERLIN_WARP_VOLTS,
		             -PERLIN_WARP_VOLTS };
	uint32_t i, j;
	for (i = 0; i + 4U <= len; i += 4U) {
		warp_f4 v;
		warp_d4 f;
		cv_volts4(volts + i, PERLIN_WARP_VOLTS, &v);
		warp_pick4(v > most, &v, &most, &most);
		warp_factor4(&v, &f);
		f *= inv;
		memcpy(r + i, &f, sizeof f);
	}
	if (i < len) {
		float pad[4];
		warp_f4 v;
		warp_d4 f;
		for (j = 0; j < 4U; ++j)
			pad[j] = volts[i + j < len ? i + j : len - 1U];
		cv_volts4(pad, PERLIN_WARP_VOLTS, &v);
		warp_pick4(v > most, &v, &most, &most);
		warp_factor4(&v, &f);
		f *= inv;
		for (j = 0; i + j < len; ++j)
			r[i + j] = f[j];
	}
	for (j = 1; j < 4U; ++j)
		most[0] = most[j] > most[0] ? most[j] : most[0];
	return most[0];
}

static float warp_factors_base(double *r, const float *volts, uint32_t len, double inv)
{
	return warp_factors_n(r, volts, len, inv);
}

#if defined(__x86_64__) && defined(__GNUC__)
/* (the AVX2 path's: the same operations, so the same bits) */
static __attribute__((target("avx2"))) float warp_factors_avx2(double *r, const float *volts,
                                                               uint32_t len, double inv)
{
	return warp_factors_n(r, volts, len, inv);
}
#endif

/* The sums from here (the voices' anchors made anew from their ramps). */
static void warp_restart(perlin_dsp *d)
{
	d->warp_W = d->warp_M = 0.0;
	d->warp_n = 0;
	d->warp_gen++;
}

/* warp_kept anew, after warping, warp, morph_v or morph_band changed */
static void warp_keep(perlin_dsp *d)
{
	d->warp_kept = d->warping || d->warp != 1.0 || d->morph_v != 0.0f || d->morph_band != 0.0;
}

/* A grid point: the CV folded again if it has stood still a whole chunk;
   the band-limit's factor for the chunk from here. */
void warp_grid(perlin_dsp *d)
{
	double band;
	if (d->warping && d->warp_still >= d->grid) {
		const double f = warp_factor(d->warp_v), ratio = f / d->warp;
		int w;
		d->warping = 0;
		d->warp = f;
		d->restep = 1; /* (the current voice's steps, by voice_steps) */
		for (w = 0; w < 2; ++w) {
			perlin_voice *v = &d->voice[w];
			unsigned k;
			int l;
			/* the coefficients warp_voice took (x and y in 2D, whatever
			   the steps) are not what the render loop takes: made anew */
			for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
				for (l = 0; l < PERLIN_LAYERS; ++l)
					v->stream[l][k].axes = 0;
				v->path_ok[k] = 0;
				v->fold_axes[k] = 0;
			}
			v->own_stale = 0;
			if (w == d->cur || d->fade >= d->xfade_n)
				continue; /* (a voice fading out keeps its speeds: scaled) */
			for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
				const double sx = v->rx[k].step * ratio;
				const double sy = v->ry[k].step + v->shape.slant * (sx - v->rx[k].step);
				ramp_restep(&v->rx[k], sx, v->stream[0][k].oct.period);
				ramp_restep(&v->ry[k], sy, 0U);
			}
		}
		d->gen++;
	}
	if (d->warping && d->warp_n >= WARP_RENEW * d->grid)
		warp_restart(d); /* (the sums kept short: W's bits stay fine) */
	band = d->warping ? (d->warp_peak > d->warp ? d->warp_peak : d->warp) : d->warp;
	d->warp_peak = 0.0;
	d->moving |= band != d->warp_band; /* (the gains anew at this grid point) */
	d->warp_band = band;
	/* morph's speed: its path over the chunk but its largest move (a
	   step, from a sample and hold say, is a jump the band-limit cannot
	   help, not a speed), over the chunk's other moves */
	band = (d->morph_path - d->morph_jump) / (double)(d->grid - 1U);
	d->morph_path = d->morph_jump = 0.0;
	d->moving |= band != d->morph_band;
	d->morph_band = band;
	warp_keep(d);
}

/* How many of n volts from the first leave the phases as folded: the
   same bits as the sample the fold came from (most hosts give the very
   same float: one compare), or the same volts once clamped. */
typedef int32_t warp_group __attribute__((vector_size(4 * sizeof(int32_t))));

static uint32_t same_run(uint32_t want, float was, float bound, const float *volts, uint32_t n)
{
	const warp_group zero = { 0 }, same = zero + (int32_t)want;
	uint32_t i = 0;
	for (; i + 16U <= n; i += 16U) { /* sixteen at a time while all are the same bits */
		warp_group a, b, c, e, eq;
		uint64_t q[2];
		memcpy(&a, volts + i, sizeof a);
		memcpy(&b, volts + i + 4, sizeof b);
		memcpy(&c, volts + i + 8, sizeof c);
		memcpy(&e, volts + i + 12, sizeof e);
		eq = ((a == same) & (b == same)) & ((c == same) & (e == same));
		memcpy(q, &eq, sizeof q);
		if ((q[0] & q[1]) != ~(uint64_t)0)
			break;
	}
	for (; i < n; ++i) {
		uint32_t bits;
		memcpy(&bits, volts + i, sizeof bits);
		if (bits != want && cv_volts(volts[i], bound) != was)
			break;
	}
	return i;
}

/* How many of n samples leave the phases as they are: the rate CV as
   folded, the morph CV (NULL: not followed) where it stands. */
static uint32_t warp_same(const perlin_dsp *d, const float *volts, const float *morph,
                          uint32_t n)
{
	n = same_run(d->warp_bits, d->warp_v, PERLIN_WARP_VOLTS, volts, n);
	return morph ? same_run(d->morph_bits, d->morph_v, PERLIN_MORPH_VOLTS, morph, n) : n;
}

int warp_unmoved(const perlin_dsp *d, const float *volts, const float *morph, uint32_t n)
{
	return !d->warping && warp_same(d, volts, morph, n) == n;
}

uint32_t warp_span(perlin_dsp *d, const float *volts, const float *morph, uint32_t len,
                   uint32_t t0)
{
	const double inv = 1.0 / d->warp;
	uint32_t i;
	if (!len)
		return 0;
	if (!d->warping) {
		i = warp_same(d, volts, morph, len);
		if (i > 0)
			return i; /* (as folded, up to the first change) */
		d->warping = 1; /* the CV moves from here */
		warp_keep(d);
		d->warp_still = 0;
		d->gen++;
		warp_restart(d);
		if (len > d->grid - t0)
			len = d->grid - t0;
	}
	{
		/* each sample's factor, four at a time (the last four padded
		   with the last sample) */
		double peak;
		uint32_t run, moved_at = 0; /* (1 + the last sample morph moved at) */
		/* (the factors into warp_w, summed below; the largest factor:
		   of the largest volts) */
		if (!d->cv_in.rate) { /* (unconnected: 0 V's factor throughout) */
			double r0[4];
			peak = warp_factor(warp_factors_base(r0, volts, 4U > len ? len : 4U, inv));
			for (i = 0; i < len; ++i)
				d->warp_w[i] = r0[0];
		} else {
#if defined(__x86_64__) && defined(__GNUC__)
			peak = warp_factor(d->path == PERLIN_PATH_AVX2
			                       ? warp_factors_avx2(d->warp_w, volts, len, inv)
			                       : warp_factors_base(d->warp_w, volts, len, inv));
#else
			peak = warp_factor(warp_factors_base(d->warp_w, volts, len, inv));
#endif
		}
		d->warp_peak = peak > d->warp_peak ? peak : d->warp_peak;
		{ /* the sums, sample by sample: W at each sample, without its own */
			double w = d->warp_W, *const r = d->warp_w;
			d->warp_W0 = w;
			for (i = 0; i + 4U <= len; i += 4U) { /* (four a turn: the same sums) */
				const double r0 = r[i], r1 = r[i + 1U], r2 = r[i + 2U], r3 = r[i + 3U];
				r[i] = w;
				w += r0;
				r[i + 1U] = w;
				w += r1;
				r[i + 2U] = w;
				w += r2;
				r[i + 3U] = w;
				w += r3;
			}
			for (; i < len; ++i) {
				const double ri = r[i];
				r[i] = w;
				w += ri;
			}
			d->warp_W = w;
		}
		d->warp_M0 = d->warp_M;
		d->warp_n0 = d->warp_n;
		d->warp_n += len;
		d->warp_dy_on = 0;
		if (morph) { /* the morph CV's sums, each sample's move with it */
			double path = d->morph_path, jump = d->morph_jump, m = d->warp_M;
			double *const ms = d->warp_m, was = (double)d->morph_v;
			for (i = 0; i + 4U <= len; i += 4U) { /* (each sample's volts first) */
				warp_f4 v;
				warp_d4 vd;
				cv_volts4(morph + i, PERLIN_MORPH_VOLTS, &v);
				vd = __builtin_convertvector(v, warp_d4);
				memcpy(ms + i, &vd, sizeof vd);
			}
			for (; i < len; ++i)
				ms[i] = (double)cv_volts(morph[i], PERLIN_MORPH_VOLTS);
			for (i = 0; i < len; ++i) {
				const double v = ms[i], dy = v - was;
				moved_at = dy != 0.0 ? i + 1U : moved_at;
				was = v;
				m += dy;
				ms[i] = m;
				path += fabs(dy);
				jump = fabs(dy) > jump ? fabs(dy) : jump;
			}
			d->morph_v = (float)was;
			warp_keep(d);
			memcpy(&d->morph_bits, morph + len - 1U, sizeof d->morph_bits);
			d->warp_M = m;
			d->morph_path = path;
			d->morph_jump = jump;
			d->warp_dy_on = jump > 0.0;
		}
		/* how long the CVs have stood still: the run at the span's end
		   (the whole span and the run before it where nothing moved) */
		for (run = 1U; run < len - (moved_at ? moved_at - 1U : 0U); ++run) {
			const uint32_t k = len - run;
			if (cv_volts(volts[k - 1U], PERLIN_WARP_VOLTS) != cv_volts(volts[k], PERLIN_WARP_VOLTS))
				break;
		}
		if (run == len && !moved_at && d->warp_still &&
		    cv_volts(volts[0], PERLIN_WARP_VOLTS) == d->warp_v)
			d->warp_still += len;
		else
			d->warp_still = run;
		d->warp_v = cv_volts(volts[len - 1U], PERLIN_WARP_VOLTS);
		memcpy(&d->warp_bits, volts + len - 1U, sizeof d->warp_bits);
	}
	return len;
}

/* h(u) = fade(u + 1/2) - 1/2, as the kernels' */
#define WARP_H(u) ((u) * (1.875f + ((u) * (u)) * (((u) * (u)) * 6.0f - 5.0f)))

/* An octave's value at (ux, uy) from its cell's coefficients C(c, 0..),
   times g, into out. 1D: the line's 4, (m0 + m1 u) + h(u) (D u + E); 2D:
   the 12 corner sums, S / 4 + h(ux) Dx / 2 + h(uy) (Dy / 2 + h(ux) Dxy),
   each of S, Dx, Dy, Dxy its X ux + Y uy + C (coef.c, corner_lines). A
   macro for one sample (T float) and for a group of lanes alike: the same
   operations, so the same bits in any lane. */
#define WARP_VALUE_BY(T, C, c, dims, ux, uy, g, out)                                       \
	do {                                                                                   \
		const T hx_ = WARP_H(ux);                                                          \
		T v_;                                                                              \
		if ((dims) == 1) {                                                                 \
			v_ = (C(c, 0) + C(c, 1) * (ux)) + hx_ * (C(c, 2) * (ux) + C(c, 3));            \
		} else {                                                                           \
			const T hy_ = WARP_H(uy);                                                      \
			const T s_ = (C(c, 0) * (ux) + C(c, 1) * (uy)) + C(c, 2);                      \
			const T dx_ = (C(c, 3) * (ux) + C(c, 4) * (uy)) + C(c, 5);                     \
			const T dy_ = (C(c, 6) * (ux) + C(c, 7) * (uy)) + C(c, 8);                     \
			const T dxy_ = (C(c, 9) * (ux) + C(c, 10) * (uy)) + C(c, 11);                  \
			v_ = (0.25f * s_ + 0.5f * hx_ * dx_) + hy_ * (0.5f * dy_ + hx_ * dxy_);        \
		}                                                                                  \
		(out) = v_ * (g);                                                                  \
	} while (0)
#define WARP_AT(c, k) ((c)[k])
#define WARP_VALUE(T, c, dims, ux, uy, g, out) WARP_VALUE_BY(T, WARP_AT, c, dims, ux, uy, g, out)

/* Lane k's phase p (x: period per, 0 none) back into its cell from
   the one it left, however many cells away; whether it moved. */
static int warp_cross(double *p, uint32_t *cell, uint32_t per)
{
	double f;
	if (*p >= 0.0 && *p < 1.0)
		return 0;
	f = floor(*p);
	*p -= f;
	if (*p >= 1.0) { /* a hair below a whole number: 0 of the next cell */
		*p = 0.0;
		f += 1.0;
	}
	*cell = ramp_cell_plus(*cell, (int64_t)f, per);
	return 1;
}

/* y's move a sample that does not scale with the factor, and the one
   that does (x's times the slant) */
static double warp_py(const perlin_voice *v, unsigned k)
{
	return v->anchor.sy[k] - v->shape.slant * v->anchor.sx[k];
}

static double warp_qy(const perlin_voice *v, unsigned k)
{
	return v->shape.slant * v->anchor.sx[k];
}

/* Octave k of voice v with the sums w, m and n since its anchor: x's
   and y's cell and fraction. The formula every sample's phase is. */
static void warp_at(const perlin_voice *v, unsigned k, double w, double m, double n,
                    noise_pos *px, noise_pos *py)
{
	px->cell = v->anchor.cx[k];
	px->frac = v->anchor.x[k] + v->anchor.sx[k] * w;
	warp_cross(&px->frac, &px->cell, v->stream[0][k].oct.period);
	py->cell = v->anchor.cy[k];
	py->frac = ((v->anchor.y[k] + warp_py(v, k) * n) + warp_qy(v, k) * w) + v->mult[0][k] * m;
	warp_cross(&py->frac, &py->cell, 0U);
}

/* Voice v's anchor for the span from here: kept while its ramps are
   where it puts them (nothing else moved them since the span before),
   else made anew from the ramps, here. */
static void warp_anchor(const perlin_dsp *d, perlin_voice *v)
{
	const double w = d->warp_W0 - v->anchor.w, m = d->warp_M0 - v->anchor.m;
	const double n = (double)(d->warp_n0 - v->anchor.n);
	unsigned k;
	if (v->anchor.gen == d->warp_gen) {
		/* the ramps as warp_end left them, at the sums it left them at:
		   where the anchor puts them (no need to look) */
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
			if (v->rx[k].anchor != v->anchor.end_rx[k] || v->rx[k].j != 0U ||
			    v->ry[k].anchor != v->anchor.end_ry[k] || v->ry[k].j != 0U ||
			    v->rx[k].step != v->anchor.sx[k] || v->ry[k].step != v->anchor.sy[k])
				break;
		if (k == NOISE_MAX_OCTAVES && d->warp_W0 == v->anchor.end_w &&
		    d->warp_M0 == v->anchor.end_m && d->warp_n0 == v->anchor.end_n)
			return;
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
			const uint32_t per = v->stream[0][k].oct.period;
			const noise_pos rx = ramp_pos(&v->rx[k], per), ry = ramp_pos(&v->ry[k], 0U);
			noise_pos px, py;
			if (v->rx[k].step != v->anchor.sx[k] || v->ry[k].step != v->anchor.sy[k])
				break;
			warp_at(v, k, w, m, n, &px, &py);
			if (px.cell != rx.cell || px.frac != rx.frac || py.cell != ry.cell ||
			    py.frac != ry.frac)
				break;
		}
		if (k == NOISE_MAX_OCTAVES)
			return;
	}
	v->anchor.gen = d->warp_gen;
	v->anchor.id++;
	v->anchor.w = d->warp_W0;
	v->anchor.m = d->warp_M0;
	v->anchor.n = d->warp_n0;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		const noise_pos px = ramp_pos(&v->rx[k], v->stream[0][k].oct.period);
		const noise_pos py = ramp_pos(&v->ry[k], 0U);
		v->anchor.x[k] = px.frac;
		v->anchor.cx[k] = px.cell;
		v->anchor.y[k] = py.frac;
		v->anchor.cy[k] = py.cell;
		v->anchor.sx[k] = v->rx[k].step;
		v->anchor.sy[k] = v->ry[k].step;
	}
}

/* Voice v's phases at the span's end into its ramps (for whatever reads
   them next; the next span finds them where its anchor puts them). */
static void warp_end(const perlin_dsp *d, perlin_voice *v)
{
	const double w = d->warp_W - v->anchor.w, m = d->warp_M - v->anchor.m;
	const double n = (double)(d->warp_n - v->anchor.n);
	unsigned k;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		noise_pos px, py;
		warp_at(v, k, w, m, n, &px, &py);
		ramp_start(&v->rx[k], px, v->anchor.sx[k]);
		if (!(v->ry[k].j == 0U && v->ry[k].step == v->anchor.sy[k] &&
		      v->ry[k].cell == py.cell && v->ry[k].a == py.frac))
			ramp_start(&v->ry[k], py, v->anchor.sy[k]); /* (else there: y still) */
		v->anchor.end_rx[k] = v->rx[k].anchor;
		v->anchor.end_ry[k] = v->ry[k].anchor;
		v->path_ok[k] = 0;
		v->fold_axes[k] = 0;
	}
	v->anchor.end_w = d->warp_W;
	v->anchor.end_m = d->warp_M;
	v->anchor.end_n = d->warp_n;
	v->own_stale = 0;
}

/* What the loop keeps of a heard octave over a span. */
typedef struct {
	unsigned k, heard;       /* the octave; bit l: layer l heard */
	double xa, sx, ya, py, qy, my; /* its anchor's phases and moves (warp_at's) */
	double fx, fy;           /* its cells, on from the anchor's */
	double ux0, uy0;         /* the anchor's phases less the cells' middles */
	double wlim;             /* the sum since the anchor (W) where x may leave its cell */
	int y_one_way;           /* y moves one way (no morph CV, its two moves alike) */
	perlin_seen_cell *seen;  /* the cells its voice keeps (warp_seen) */
	double mc, uym;          /* m where the morph CV stands (0.0 + M0 - the anchor's);
	                            uy0 + my mc there, else uy0 */
	int lanes_stale;         /* its cell moved on: the loop's lanes to be made anew
	                            (where a group takes them) */
	int moves_stale;         /* the lanes of its gain line and moves not yet made */
	float g0[2], dg[2];      /* gain lines over the chunk: layer 0's, the others' */
	float c[PERLIN_LAYERS][12]; /* its cells' coefficients */
	/* the loop's lanes: layer 0's coefficients and gain line, and the
	   doubles of its u's (WARP_UX0 ...); the cell's made anew where
	   lanes_stale */
	float lc[PERLIN_LAYERS][12][8] __attribute__((aligned(32)));
	float lg[4][8] __attribute__((aligned(32))); /* g0, dg: layer 0's, the others' */
	double lx[5][4] __attribute__((aligned(32)));
} warp_oct;

/* The doubles of an octave's lanes: ux0, sx, my, py, qy */
enum { WARP_UX0, WARP_SX, WARP_MY, WARP_PY, WARP_QY };

/* Octave o's cells fx, fy on from its anchor's, as its ramps count them
   (x within its period). */
static void warp_cells(const perlin_voice *v, const warp_oct *o, double fx, double fy,
                       uint32_t *cx, uint32_t *cy)
{
	*cx = ramp_cell_plus(v->anchor.cx[o->k], (int64_t)fx, v->stream[0][o->k].oct.period);
	*cy = (uint32_t)(uint64_t)((int64_t)v->anchor.cy[o->k] + (int64_t)fy);
}

/* Layer 0's 12 coefficients (2D) of octave o's cell fx, fy: as its voice
   keeps them (o->seen, v->seen's: the last 8 cells of an octave whose y's
   differ in their last three bits), or made (voice_coef's, as floats)
   and kept. */
static const float *warp_seen(perlin_voice *v, warp_oct *o, double fx, double fy)
{
	perlin_stream *s = &v->stream[0][o->k];
	perlin_seen_cell *e;
	uint32_t cx, cy;
	int m;
	warp_cells(v, o, fx, fy, &cx, &cy);
	e = &o->seen[cy & 7U];
	if (e->gen == v->seen_gen && e->cx == cx && e->cy == cy)
		return e->c;
	v->rx[o->k].cell = cx;
	v->ry[o->k].cell = cy;
	voice_coef(v, s, o->k, 2);
	for (m = 0; m < 12; ++m)
		e->c[m] = (float)s->coefd[m];
	e->gen = v->seen_gen;
	e->cx = cx;
	e->cy = cy;
	return e->c;
}

/* Octave o in cells fx, fy from here, and the starts of its u's there:
   its ramps' cells (what voice_coef reads) and, for each layer heard,
   that cell's coefficients into o->c[l] (1D: the line's 4; 2D: the 12
   corner sums). A lane's u is ((anchor - cell) - 1/2) + the moves, in one
   formula for a lane and for a sample alike (its cell is the floor of the
   phase as warp_at has it: a group of lanes takes it only where each is
   that far inside, so both agree). */
static void warp_oct_cell(perlin_voice *v, warp_oct *o, double fx, double fy)
{
	const int dims = v->shape.dims;
	int l, m;
	o->fx = fx;
	o->fy = fy;
	o->ux0 = (o->xa - fx) - 0.5;
	o->uy0 = (o->ya - fy) - 0.5;
	o->uym = o->uy0 + o->my * o->mc;
	if (dims == 2 && (o->heard & 1U))
		memcpy(o->c[0], warp_seen(v, o, fx, fy), sizeof o->c[0]);
	warp_cells(v, o, fx, fy, &v->rx[o->k].cell, &v->ry[o->k].cell);
	for (l = 0; l < v->layers; ++l) {
		perlin_stream *s = &v->stream[l][o->k];
		if (!(o->heard >> l & 1U) || (dims == 2 && l == 0))
			continue;
		voice_coef(v, s, o->k, dims);
		if (dims == 1)
			for (m = 0; m < 4; ++m)
				o->c[l][m] = s->line[m];
		else
			for (m = 0; m < 12; ++m)
				o->c[l][m] = (float)s->coefd[m];
	}
	o->lanes_stale = 1; /* (made where a group of lanes takes them: a cell a
	                       morph CV swings through is often left sample by
	                       sample) */
	/* x leaves the cell where W passes wlim (x moves one way): a hair
	   short of it, so that x there is still inside as warp_at has it
	   (else none: every group looked at sample by sample) */
	if (o->sx == 0.0) {
		o->wlim = 1e300;
	} else {
		double w = ((o->sx > 0.0 ? fx + 1.0 : fx) - o->xa) / o->sx;
		w -= fabs(w) * 1e-12 + 1e-300;
		if (o->sx > 0.0 ? o->xa + o->sx * w < fx + 1.0 : o->xa + o->sx * w >= fx)
			o->wlim = w;
		else
			o->wlim = -1e300;
	}
}

/* Octave o (2D, layer 0 alone heard) into cell fy of its x's cell: what
   warp_oct_cell does where x stays (its wlim stays). */
static void warp_oct_y(perlin_voice *v, warp_oct *o, double fy)
{
	o->fy = fy;
	o->uy0 = (o->ya - fy) - 0.5;
	o->uym = o->uy0 + o->my * o->mc;
	memcpy(o->c[0], warp_seen(v, o, o->fx, fy), sizeof o->c[0]);
	o->lanes_stale = 1;
}

/* The fold along the sums (1D, one output, its gains still): the first n
   octaves heard, whose cells last PERLIN_FOLD_CELL samples or more at the
   folded factor, summed into one polynomial of degree 6 in t = (W - mid)
   / L over the W where all of them are in their cells (plan.c's fold,
   with the sum W for the clock: each octave's u is a line in W), kept in
   the scratch (d->wfold). Level i sums octaves 0 .. i; a crossing of
   octave j makes levels j .. anew. Made from the anchor and the cells
   alone, so the same wherever a span starts. What the loop keeps of it
   over a span: */
typedef struct {
	perlin_warp_fold *vf; /* the voice's (d->wfold) */
	unsigned n;  /* octaves folded: oct[0 .. n - 1] */
	double wlim; /* the least wlim of the octaves folded */
} warp_fold;

/* The fold's polynomial at t (one sample, T float, or eight, T wf) */
#define WARP_FOLD(c, t)                                                                    \
	((((((c)[6] * (t) + (c)[5]) * (t) + (c)[4]) * (t) + (c)[3]) * (t) + (c)[2]) * (t) +     \
	 (c)[1]) * (t) + (c)[0]

/* The loop's fold's wlim: the least of its octaves'. */
static void warp_fold_top(warp_fold *f, const warp_oct *oct)
{
	unsigned i;
	f->wlim = oct[0].wlim;
	for (i = 1; i < f->n; ++i)
		f->wlim = oct[i].wlim < f->wlim ? oct[i].wlim : f->wlim;
}

/* The voice's fold levels from level `from` on, from the octaves' cells
   now; the loop's fold with them. */
static void warp_fold_make(warp_fold *lf, perlin_voice *v, const warp_oct *oct, unsigned from)
{
	static const double zero7[7];
	perlin_warp_fold *f = lf->vf;
	unsigned i;
	for (i = from; i < lf->n; ++i) {
		const warp_oct *o = &oct[i];
		const float *c0 = v->stream[0][o->k].coef;
		const double a = (o->fx - o->xa) / o->sx, b = ((o->fx + 1.0) - o->xa) / o->sx;
		double lo = o->sx > 0.0 ? a : b, hi = o->sx > 0.0 ? b : a, L, mid;
		if (i > 0) {
			lo = f->lo[i - 1] > lo ? f->lo[i - 1] : lo;
			hi = f->hi[i - 1] < hi ? f->hi[i - 1] : hi;
		}
		L = hi - lo > 1e-9 ? hi - lo : 1e-9; /* (two crossings a hair apart) */
		mid = lo + 0.5 * L;
		fold_level(i ? f->s[i - 1] : zero7, i ? (mid - f->mid[i - 1]) / f->len[i - 1] : 0.0,
		           i ? L / f->len[i - 1] : 0.0, o->ux0 + o->sx * mid, o->sx * L, c0,
		           v->gain[0][o->k], f->s[i]);
		f->lo[i] = lo;
		f->hi[i] = hi;
		f->mid[i] = mid;
		f->len[i] = L;
		f->k[i] = o->k;
		f->fx[i] = o->fx;
		f->g[i] = v->gain[0][o->k];
		memcpy(f->coef[i], c0, sizeof f->coef[i]);
	}
	f->anchor = v->wfold_for = v->anchor.id;
	f->n = lf->n;
	f->o = f->mid[lf->n - 1U];
	f->inv = 1.0 / f->len[lf->n - 1U];
	for (i = 0; i < 7; ++i)
		f->c[i] = (float)f->s[lf->n - 1U][i];
	warp_fold_top(lf, oct);
}

/* The loop's fold over a span from here: the voice's, its levels kept
   up to the first whose anchor, octave, cell, gain or coefficients
   changed. */
static void warp_fold_begin(perlin_dsp *d, warp_fold *lf, perlin_voice *v, const warp_oct *oct)
{
	const perlin_warp_fold *f = lf->vf = &d->wfold[v - d->voice];
	unsigned i = 0;
	if (v->wfold_for == v->anchor.id && f->anchor == v->anchor.id && f->n == lf->n)
		for (; i < lf->n; ++i) {
			const unsigned k = oct[i].k;
			if (f->k[i] != k || f->fx[i] != oct[i].fx || f->g[i] != v->gain[0][k] ||
			    memcmp(f->coef[i], v->stream[0][k].coef, sizeof f->coef[i]))
				break;
		}
	if (i < lf->n)
		warp_fold_make(lf, v, oct, i);
	else
		warp_fold_top(lf, oct);
}

/* The fold at sample i of the span, its octaves' cells moved on where
   their phases have left them (as warp_sample moves them). */
static float warp_fold_sample(const perlin_dsp *d, perlin_voice *v, warp_oct *oct, warp_fold *f,
                              uint32_t i)
{
	const perlin_warp_fold *vf = f->vf;
	const double w = d->warp_w[i] - v->anchor.w;
	unsigned h, from = f->n;
	float t;
	for (h = 0; w >= f->wlim && h < f->n; ++h) { /* (short of wlim: all inside) */
		warp_oct *o = &oct[h];
		const double x = o->xa + o->sx * w;
		if (!(x >= o->fx && x < o->fx + 1.0)) {
			warp_oct_cell(v, o, floor(x), 0.0);
			from = h < from ? h : from;
		}
	}
	if (from < f->n)
		warp_fold_make(f, v, oct, from);
	t = (float)((w - vf->o) * vf->inv);
	return WARP_FOLD(vf->c, t);
}

/* Octave o's value at sample i of the span, into val[l] for each layer
   heard, its cell moved on where the phase has left it: the lanes'
   formula, one sample at a time. */
static inline __attribute__((always_inline)) void
warp_sample(const perlin_dsp *d, perlin_voice *v, warp_oct *o, uint32_t i, uint32_t t0,
            const int dims, const int nl, float val[PERLIN_LAYERS])
{
	const double w = d->warp_w[i] - v->anchor.w;
	const double x = o->xa + o->sx * w;
	const float at = (float)(t0 + i);
	const double n = (double)(d->warp_n0 - v->anchor.n) + (double)i;
	const double m = dims == 2 ? (d->warp_dy_on ? d->warp_m[i] : d->warp_M0) - v->anchor.m : 0.0;
	double y = 0.0, nx = o->fx, ny = o->fy;
	float ux, uy = 0.0f;
	int l;
	if (!(x >= nx && x < nx + 1.0))
		nx = floor(x);
	if (dims == 2) {
		y = ((o->ya + o->py * n) + o->qy * w) + o->my * m;
		if (!(y >= ny && y < ny + 1.0))
			ny = floor(y);
	}
	if (nx != o->fx || ny != o->fy)
		warp_oct_cell(v, o, nx, ny);
	ux = (float)(o->ux0 + o->sx * w);
	if (dims == 2)
		uy = (float)(((o->uy0 + o->my * m) + o->py * n) + o->qy * w);
	for (l = 0; l < nl; ++l)
		if (o->heard >> l & 1U)
			WARP_VALUE(float, o->c[l], dims, ux, uy, o->g0[l > 0] + o->dg[l > 0] * at, val[l]);
}

/* Octave o's lanes for its cell now: layer 0's coefficients and ux0
   (and, the span's first, its gain line and moves). */
static void warp_oct_lanes(warp_oct *o, const int dims)
{
	int j, k, l;
	if (o->moves_stale) {
		for (j = 0; j < 8; ++j) {
			o->lg[0][j] = o->g0[0];
			o->lg[1][j] = o->dg[0];
			o->lg[2][j] = o->g0[1];
			o->lg[3][j] = o->dg[1];
		}
		for (j = 0; j < 4; ++j) {
			o->lx[WARP_SX][j] = o->sx;
			o->lx[WARP_MY][j] = o->my;
			o->lx[WARP_PY][j] = o->py;
			o->lx[WARP_QY][j] = o->qy;
		}
		o->moves_stale = 0;
	}
	for (j = 0; j < 4; ++j)
		o->lx[WARP_UX0][j] = o->ux0;
	for (l = 0; l < PERLIN_LAYERS; ++l)
		if (o->heard >> l & 1U)
			for (k = 0; k < (dims == 1 ? 4 : 12); ++k)
				for (j = 0; j < 8; ++j)
					o->lc[l][k][j] = o->c[l][k];
	o->lanes_stale = 0;
}

#define WW 4
#define WN(name) warp_##name##_4
#define WATTR
#include "warp_lanes.h"
#undef WW
#undef WN
#undef WATTR

#if defined(__x86_64__) && defined(__GNUC__)
#define WW 8
#define WN(name) warp_##name##_8
#define WATTR __attribute__((target("avx2")))
#include "warp_lanes.h"
#undef WW
#undef WN
#undef WATTR
#endif

int warp_voice(perlin_dsp *d, perlin_voice *v, float *const acc[], int fresh[], uint32_t len,
               uint32_t t0)
{
	const int dims = v->shape.dims, nl = v->layers;
	double aw, am, n0;
	warp_oct oct[NOISE_MAX_OCTAVES];
	warp_fold fold;
	unsigned k, nh = 0, layers = 0;
	int l;
	warp_anchor(d, v); /* (before the loop reads it) */
	aw = v->anchor.w;
	am = v->anchor.m;
	n0 = (double)(d->warp_n0 - v->anchor.n);
	fold.n = 0;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) { /* the octaves heard, in order */
		warp_oct *o = &oct[nh];
		o->heard = 0;
		o->seen = v->seen[k];
		for (l = 0; l < nl; ++l)
			if (l ? v->alt[0][k] != 0.0 || v->alt[1][k] != 0.0
			      : v->gain[0][k] != 0.0 || v->gain[1][k] != 0.0)
				o->heard |= 1U << l;
		if (!o->heard)
			continue; /* (its phase: warp_end, from the anchor) */
		o->k = k;
		o->xa = v->anchor.x[k];
		o->sx = v->anchor.sx[k];
		o->ya = v->anchor.y[k];
		o->py = warp_py(v, k);
		o->qy = warp_qy(v, k);
		o->my = v->mult[0][k];
		o->y_one_way = !d->warp_dy_on && (o->py >= 0.0) == (o->qy >= 0.0);
		o->g0[0] = (float)v->gain[0][k];
		o->dg[0] = (float)((v->gain[1][k] - v->gain[0][k]) / (double)d->grid);
		o->g0[1] = (float)v->alt[0][k];
		o->dg[1] = (float)((v->alt[1][k] - v->alt[0][k]) / (double)d->grid);
		o->moves_stale = 1;
		o->mc = 0.0 + (d->warp_M0 - am); /* (as the lanes have it) */
		/* in the fold: 1D, one output, every octave heard before it in
		   it, its cells PERLIN_FOLD_CELL samples or more, its gain still */
		fold.n += dims == 1 && nl == 1 && fold.n == nh && o->sx != 0.0 &&
		          fabs(o->sx) * PERLIN_FOLD_CELL <= 1.0 && v->gain[0][k] == v->gain[1][k];
		{ /* its cell at the span's first sample */
			const double w = d->warp_w[0] - aw;
			warp_oct_cell(v, o, floor(o->xa + o->sx * w),
			              dims == 2 ? floor(((o->ya + o->py * n0) + o->qy * w) +
			                                o->my * ((d->warp_dy_on ? d->warp_m[0] : d->warp_M0) - am))
			                        : 0.0);
		}
		layers |= o->heard;
		++nh;
	}
	if (fold.n)
		warp_fold_begin(d, &fold, v, oct);
#if defined(__x86_64__) && defined(__GNUC__)
	if (d->path == PERLIN_PATH_AVX2)
		warp_voice_8(d, v, oct, nh, &fold, acc, len, t0);
	else
#endif
		warp_voice_4(d, v, oct, nh, &fold, acc, len, t0);
	for (l = 0; l < nl; ++l)
		if (layers >> l & 1U)
			fresh[l] = 0;
	warp_end(d, v);
	return (layers & ~1U) != 0U;
}

void warp_ride(perlin_dsp *d, uint32_t len)
{
	int w;
	(void)len; /* (the sums say how far: warp_span's) */
	for (w = 0; w < 2; ++w) {
		perlin_voice *v = &d->voice[w];
		unsigned k;
		int l;
		if (w != d->cur && d->fade >= d->xfade_n)
			continue; /* (not live) */
		warp_anchor(d, v);
		warp_end(d, v);
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
			for (l = 0; l < v->layers; ++l)
				v->stream[l][k].axes = 0;
	}
}
