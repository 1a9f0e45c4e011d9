/* warp.c: the rate and morph CVs (perlin_cv's rate and morph). Rate: 1 V an octave, the phase's
   speed along x times 2^V at each sample, never its place. While the CV
   stands still its factor is folded into the phases' steps (d->warp:
   voice.c's voice_steps and band-limit take it) and everything renders as
   without it. From the first sample it moves, the voices' phases are
   taken from their ramps and moved sample by sample (warping): each
   octave's x by its step times that sample's factor (over the folded
   one), y by its own step plus the slant of x's extra move; every octave
   of a layer evaluated at once, an octave a lane, from its cell's
   coefficients (coef.c's, the same the kernels take), and the phases put
   back into the ramps at the span's end. At a grid point after a whole
   chunk of a CV standing still, its factor is folded again. Morph (2D):
   1 V a cell of octave 0, each sample's move added to every octave's y
   (times its multiplier) in the same loop; standing still it needs no
   fold (y simply stays moved). Where the CV
   changes and where it settles are samples of the CV and of the grid, so
   the output is the same whatever splits the blocks. dsp.c and render.c
   call it; it calls coef.c and ramp.c.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "engine.h"

#include <math.h>
#include <string.h>

/* A CV sample as the volts it counts as: NaN 0 V, clamped to
   +-PERLIN_WARP_VOLTS, -0 as 0 (so two volts that act the same compare
   equal). */
static float warp_volts(float v)
{
	if (!(v == v) || v == 0.0f)
		return 0.0f;
	return v < -PERLIN_WARP_VOLTS ? -PERLIN_WARP_VOLTS : v > PERLIN_WARP_VOLTS ? PERLIN_WARP_VOLTS : v;
}

/* A morph CV sample as the volts it counts as (as warp_volts, within
   +-PERLIN_MORPH_VOLTS). */
static float morph_volts(float v)
{
	if (!(v == v) || v == 0.0f)
		return 0.0f;
	return v < -PERLIN_MORPH_VOLTS ? -PERLIN_MORPH_VOLTS : v > PERLIN_MORPH_VOLTS ? PERLIN_MORPH_VOLTS : v;
}

/* 2^v for the volts warp_volts gives: 2^n exactly (built from its bits)
   times sqrt 2 e^t, t = (f - 1/2) ln 2, f = v - n in [0, 1), by its
   series to t^9 (within 1e-11); +, x and integer operations alone, so
   the same bits on every machine and compiler. */
static double warp_factor(float volts)
{
	const double v = (double)volts;
	const int n = (int)(v + 16.0) - 16; /* floor(v), v in [-8, 8] */
	const double t = (v - (double)n - 0.5) * 0.6931471805599453;
	union { double d; uint64_t u; } two;
	double p = 1.0 / 362880.0;
	p = p * t + 1.0 / 40320.0;
	p = p * t + 1.0 / 5040.0;
	p = p * t + 1.0 / 720.0;
	p = p * t + 1.0 / 120.0;
	p = p * t + 1.0 / 24.0;
	p = p * t + 1.0 / 6.0;
	p = p * t + 0.5;
	p = p * t + 1.0;
	p = p * t + 1.0;
	two.u = (uint64_t)(n + 1023) << 52;
	return p * 1.4142135623730951 * two.d;
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
					v->stream[k][l].axes = 0;
				v->path_ok[k] = 0;
				v->fold_axes[k] = 0;
			}
			v->own_stale = 0;
			if (w == d->cur || d->fade >= d->xfade_n)
				continue; /* (a voice fading out keeps its speeds: scaled) */
			for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
				const double sx = v->rx[k].step * ratio;
				const double sy = v->ry[k].step + v->shape.slant * (sx - v->rx[k].step);
				ramp_restep(&v->rx[k], sx, v->stream[k][0].oct.period);
				ramp_restep(&v->ry[k], sy, 0U);
			}
		}
		d->gen++;
	}
	band = d->warping ? (d->warp_peak > d->warp ? d->warp_peak : d->warp) : d->warp;
	d->warp_peak = 0.0;
	if (band != d->warp_band) {
		d->warp_band = band;
		d->moving = 1; /* (the gains anew at this grid point) */
	}
	/* morph's speed: its path over the chunk but its largest move (a
	   step, from a sample and hold say, is a jump the band-limit cannot
	   help, not a speed), over the chunk's other moves */
	band = (d->morph_path - d->morph_jump) / (double)(d->grid - 1U);
	d->morph_path = d->morph_jump = 0.0;
	if (band != d->morph_band) {
		d->morph_band = band;
		d->moving = 1;
	}
}

/* How many of n volts from the first leave the phases as folded: the
   same bits as the sample the fold came from (most hosts give the very
   same float: one compare), or the same volts once clamped. */
typedef int32_t warp_group __attribute__((vector_size(4 * sizeof(int32_t))));

static uint32_t same_run(uint32_t want, float was, float (*as)(float), const float *volts,
                         uint32_t n)
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
		if (bits != want && as(volts[i]) != was)
			break;
	}
	return i;
}

/* How many of n samples leave the phases as they are: the rate CV as
   folded, the morph CV (NULL: not followed) where it stands. */
static uint32_t warp_same(const perlin_dsp *d, const float *volts, const float *morph,
                          uint32_t n)
{
	n = same_run(d->warp_bits, d->warp_v, warp_volts, volts, n);
	return morph ? same_run(d->morph_bits, d->morph_v, morph_volts, morph, n) : n;
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
	if (!d->warping) {
		i = warp_same(d, volts, morph, len);
		if (i > 0)
			return i; /* (as folded, up to the first change) */
		d->warping = 1; /* the CV moves from here */
		d->warp_still = 0;
		d->gen++;
		if (len > d->grid - t0)
			len = d->grid - t0;
	}
	{
		double r = d->warp_still ? warp_factor(d->warp_v) * inv : 0.0, peak = d->warp_peak;
		double path = d->morph_path, jump = d->morph_jump;
		for (i = 0; i < len; ++i) {
			uint32_t bits;
			float v;
			double dy = 0.0;
			memcpy(&bits, volts + i, sizeof bits);
			v = bits == d->warp_bits ? d->warp_v : warp_volts(volts[i]);
			if (morph) {
				uint32_t mb;
				float m;
				memcpy(&mb, morph + i, sizeof mb);
				m = mb == d->morph_bits ? d->morph_v : morph_volts(morph[i]);
				dy = (double)m - (double)d->morph_v;
				d->morph_v = m;
				d->morph_bits = mb;
				path += fabs(dy);
				jump = fabs(dy) > jump ? fabs(dy) : jump;
			}
			if (v == d->warp_v && d->warp_still) { /* (as the sample before) */
				d->warp_still = dy == 0.0 ? d->warp_still + 1U : 1U;
			} else {
				const double f = warp_factor(v);
				d->warp_v = v;
				d->warp_still = 1;
				r = f * inv;
				peak = f > peak ? f : peak;
			}
			d->warp_bits = bits; /* (the last sample's, which gives warp_v) */
			d->warp_r[i] = r;
			d->warp_dy[i] = dy;
		}
		d->warp_peak = peak;
		d->morph_path = path;
		d->morph_jump = jump;
	}
	return len;
}

/* Eight lanes, an octave each. */
typedef float wf __attribute__((vector_size(8 * sizeof(float))));
typedef double wd __attribute__((vector_size(8 * sizeof(double))));
typedef int64_t wl __attribute__((vector_size(8 * sizeof(int64_t))));

/* h(u) = fade(u + 1/2) - 1/2, as the kernels' (a macro: a function
   returning eight floats would change the ABI the baseline build has) */
#define WARP_H(u) ((u) * (1.875f + ((u) * (u)) * (((u) * (u)) * 6.0f - 5.0f)))

/* Octave k's coefficients of layer l into lane k of c (1D: the line's 4;
   2D: the 12 corner sums), for the cell its ramps are in (0 unheard). */
static void warp_coef(perlin_voice *v, unsigned k, int l, int heard, wf *c)
{
	perlin_stream *s = &v->stream[k][l];
	int m;
	if (v->shape.dims == 1) {
		if (heard)
			voice_coef(v, s, k, 1);
		for (m = 0; m < 4; ++m)
			c[m][k] = heard ? s->line[m] : 0.0f;
	} else {
		if (heard)
			voice_coef(v, s, k, 2);
		for (m = 0; m < 12; ++m)
			c[m][k] = heard ? (float)s->coefd[m] : 0.0f;
	}
}

/* A layer's octaves at (ux, uy), each lane times its gain, summed: along
   x, (m0 + m1 u) + h(u) (D u + E); in 2D, S / 4 + h(ux) Dx / 2 + h(uy)
   (Dy / 2 + h(ux) Dxy), each of S, Dx, Dy, Dxy its corner sums' X ux + Y
   uy + C (coef.c, corner_lines). */
static inline __attribute__((always_inline)) float warp_sum(const wf *c, int dims,
                                                         const wf *uxp, const wf *uyp,
                                                         const wf *g)
{
	/* (vectors by pointer: passed by value they would change the ABI the
	   baseline build has, which compilers warn of) */
	const wf ux = *uxp, uy = *uyp, hx = WARP_H(ux);
	wf v;
	if (dims == 1) {
		v = (c[0] + c[1] * ux) + hx * (c[2] * ux + c[3]);
	} else {
		const wf hy = WARP_H(uy);
		const wf S = (c[0] * ux + c[1] * uy) + c[2], Dx = (c[3] * ux + c[4] * uy) + c[5];
		const wf Dy = (c[6] * ux + c[7] * uy) + c[8], Dxy = (c[9] * ux + c[10] * uy) + c[11];
		v = (0.25f * S + 0.5f * hx * Dx) + hy * (0.5f * Dy + hx * Dxy);
	}
	v *= *g;
	return ((v[0] + v[1]) + (v[2] + v[3])) + ((v[4] + v[5]) + (v[6] + v[7]));
}

/* Lane k's phase p (x: period per, 0 none) back into its cell from
   the one it left, however many cells away (an octave the band-limit has
   silenced may move thousands a sample: taken at once, so the cost stays
   a sample's); whether it moved. */
static int warp_cross(double *p, uint32_t *cell, uint32_t per)
{
	double f;
	int64_t c;
	if (*p >= 0.0 && *p < 1.0)
		return 0;
	f = floor(*p);
	*p -= f;
	if (*p >= 1.0) { /* a hair below a whole number: 0 of the next cell */
		*p = 0.0;
		f += 1.0;
	}
	c = (int64_t)*cell + (int64_t)f;
	if (per) {
		c %= (int64_t)per;
		if (c < 0)
			c += (int64_t)per;
	}
	*cell = (uint32_t)(uint64_t)c;
	return 1;
}

static inline __attribute__((always_inline)) int
warp_voice_n(perlin_dsp *d, perlin_voice *v, float *const acc[], int fresh[], uint32_t len,
             uint32_t t0, const int dims)
{
	const int nl = v->layers;
	const double slant = v->shape.slant;
	wf c[PERLIN_LAYERS][12], g0[2], dg[2];
	wd x, y, sx, sy, my;
	uint32_t cx[NOISE_MAX_OCTAVES], cy[NOISE_MAX_OCTAVES], per[NOISE_MAX_OCTAVES];
	int heard[2] = { 0, 0 }, hk[NOISE_MAX_OCTAVES][2];
	unsigned k;
	uint32_t i;
	int l, own;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		const noise_pos px = ramp_pos(&v->rx[k], v->stream[k][0].oct.period);
		const noise_pos py = ramp_pos(&v->ry[k], 0U);
		per[k] = v->stream[k][0].oct.period;
		ramp_start(&v->rx[k], px, v->rx[k].step); /* (the cells voice_coef reads) */
		ramp_start(&v->ry[k], py, v->ry[k].step);
		x[k] = px.frac;
		y[k] = py.frac;
		cx[k] = px.cell;
		cy[k] = py.cell;
		sx[k] = v->rx[k].step;
		sy[k] = v->ry[k].step;
		my[k] = v->mult[0][k]; /* (y's cells a volt of the morph CV) */
		/* gain lines over the chunk, layer 0's and the others' */
		g0[0][k] = (float)v->gain[0][k];
		dg[0][k] = (float)((v->gain[1][k] - v->gain[0][k]) / (double)d->grid);
		g0[1][k] = (float)v->alt[0][k];
		dg[1][k] = (float)((v->alt[1][k] - v->alt[0][k]) / (double)d->grid);
		hk[k][0] = v->gain[0][k] != 0.0 || v->gain[1][k] != 0.0;
		hk[k][1] = nl > 1 && (v->alt[0][k] != 0.0 || v->alt[1][k] != 0.0);
		heard[0] |= hk[k][0];
		heard[1] |= hk[k][1];
		for (l = 0; l < nl; ++l)
			warp_coef(v, k, l, hk[k][l > 0], c[l]);
	}
	own = heard[1];
	for (i = 0; i < len; ++i) {
		const float at = (float)(t0 + i);
		wf ux, uy;
		if (i) { /* (sample i - 1's factor moves the phase from i - 1 to i) */
			const wd dx = sx * d->warp_r[i - 1];
			x += dx;
			if (dims == 2)
				y += sy + slant * (dx - sx);
		}
		if (dims == 2) /* (sample i's morph move: heard at i) */
			y += my * d->warp_dy[i];
		{ /* any phase out of its cell? (most samples: none) */
			wl out = (x >= 1.0) | (x < 0.0);
			if (dims == 2)
				out |= (y >= 1.0) | (y < 0.0);
			if (!(((out[0] | out[1]) | (out[2] | out[3])) | ((out[4] | out[5]) | (out[6] | out[7]))))
				goto evaluate;
		}
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
			int moved = 0;
			double px = x[k], py = y[k];
			moved = warp_cross(&px, &cx[k], per[k]);
			if (dims == 2)
				moved |= warp_cross(&py, &cy[k], 0U);
			if (!moved)
				continue;
			x[k] = px;
			y[k] = py;
			v->rx[k].cell = cx[k];
			v->ry[k].cell = cy[k];
			for (l = 0; l < nl; ++l)
				warp_coef(v, k, l, hk[k][l > 0], c[l]);
		}
	evaluate:
		ux = __builtin_convertvector(x, wf) - 0.5f;
		uy = __builtin_convertvector(y, wf) - 0.5f;
		for (l = 0; l < nl; ++l) {
			const int lk = l > 0;
			if (heard[lk]) {
				const wf g = g0[lk] + dg[lk] * at;
				acc[l][i] = warp_sum(c[l], dims, &ux, &uy, &g);
			}
		}
	}
	for (l = 0; l < nl; ++l)
		if (heard[l > 0])
			fresh[l] = 0;
	if (len) { /* the last sample's move, to where the next span starts */
		const wd dx = sx * d->warp_r[len - 1];
		x += dx;
		if (dims == 2)
			y += sy + slant * (dx - sx);
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
			double px = x[k], py = y[k];
			warp_cross(&px, &cx[k], per[k]);
			warp_cross(&py, &cy[k], 0U);
			x[k] = px;
			y[k] = py;
		}
	}
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) { /* the phases back into the ramps */
		const noise_pos px = { cx[k], x[k] }, py = { cy[k], y[k] };
		ramp_start(&v->rx[k], px, sx[k]);
		ramp_start(&v->ry[k], py, sy[k]);
		v->path_ok[k] = 0;
		v->fold_axes[k] = 0;
	}
	v->own_stale = 0;
	return own;
}

/* (dims a constant in each: 1D does nothing of y's) */
int warp_voice(perlin_dsp *d, perlin_voice *v, float *const acc[], int fresh[], uint32_t len,
               uint32_t t0)
{
	return v->shape.dims == 1 ? warp_voice_n(d, v, acc, fresh, len, t0, 1)
	                          : warp_voice_n(d, v, acc, fresh, len, t0, 2);
}

void warp_ride(perlin_dsp *d, uint32_t len)
{
	int w;
	for (w = 0; w < 2; ++w) {
		perlin_voice *v = &d->voice[w];
		unsigned k;
		if (w != d->cur && d->fade >= d->xfade_n)
			continue; /* (not live) */
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
			const uint32_t per = v->stream[k][0].oct.period;
			noise_pos px = ramp_pos(&v->rx[k], per), py = ramp_pos(&v->ry[k], 0U);
			const double sx = v->rx[k].step, sy = v->ry[k].step;
			double x = px.frac, y = py.frac;
			const double my = v->mult[0][k];
			uint32_t i;
			int l;
			for (i = 0; i < len; ++i) {
				const double dx = sx * d->warp_r[i];
				x += dx;
				y += sy + v->shape.slant * (dx - sx) + my * d->warp_dy[i];
				warp_cross(&x, &px.cell, per);
				warp_cross(&y, &py.cell, 0U);
			}
			px.frac = x;
			py.frac = y;
			ramp_start(&v->rx[k], px, sx);
			ramp_start(&v->ry[k], py, sy);
			for (l = 0; l < v->layers; ++l)
				v->stream[k][l].axes = 0;
			v->path_ok[k] = 0;
			v->fold_axes[k] = 0;
		}
	}
}
