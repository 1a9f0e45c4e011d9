/* dsp.c: see dsp.h for the behaviour and the threading classes. The
   voices and their render paths; the controls' table is in params.c, the
   transport in transport.c, the kernels in kernels.c. */
#include "dsp_private.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

double dsp_clamp_finite(double v, double lo, double hi, double fallback)
{
	if (!(v >= lo && v <= hi)) /* NaN, infinities and out of range */
		return v != v ? fallback : (v < lo ? lo : hi);
	return v;
}

/* One step of a one-pole smoother; lands exactly on the target once close,
   so a settled value stays bit-stable (and never decays into denormals). */
static double approach(double v, double target, double a)
{
	const double d = target - v;
	if (fabs(d) <= 1e-9 * fabs(target) || fabs(d) < 1e-30)
		return target;
	return v + a * d;
}

/* Weight of an octave at f cells/s: 1 up to sr/16, 0 from sr/4, a smooth
   step in log frequency between (a cell of Perlin noise holds about one
   cycle, so sr/4 cells/s is near Nyquist). */
static double bandlimit(double f, double sr)
{
	const double lo = sr / 16.0, hi = sr / 4.0;
	double u;
	if (f <= lo)
		return 1.0;
	if (f >= hi)
		return 0.0;
	u = log2(f / lo) * 0.5;
	return 1.0 - u * u * (3.0 - 2.0 * u);
}

static noise_fbm fbm_params(const perlin_dsp *d)
{
	noise_fbm p;
	p.octaves = d->ctl[PERLIN_OCTAVES];
	p.persistence = d->ctl[PERLIN_PERSISTENCE];
	p.lacunarity = d->ctl[PERLIN_LACUNARITY];
	return p;
}

/* The discrete settings the controls ask for now. */
static perlin_shape wanted_shape(const perlin_dsp *d)
{
	perlin_shape s;
	unsigned k;
	memset(&s, 0, sizeof s);
	s.seed = (uint32_t)(d->ctl[PERLIN_SEED] + 0.5f);
	s.dims = d->ctl[PERLIN_DIMENSIONS] < 1.5f ? 1 : 2;
	s.loop = (uint32_t)(d->ctl[PERLIN_LOOP] + 0.5f);
	if (s.loop)
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
			s.period[k] = noise_loop_period(s.loop, d->ctl[PERLIN_LACUNARITY], k);
	return s;
}

static int same_shape(const perlin_shape *a, const perlin_shape *b)
{
	return memcmp(a, b, sizeof *a) == 0;
}

/* Octave-0 cells per second the controls ask for (per beat per second
   when synced: the tempo, d->xmotion, is the transport's and applies at
   once). */
static double target_rate(const perlin_dsp *d)
{
	const double r = d->sync ? 1.0 / d->ctl[PERLIN_BEATS] : d->ctl[PERLIN_RATE];
	return dsp_clamp_finite(r, -PERLIN_MAX_RATE, PERLIN_MAX_RATE, 0.0);
}

/* Frequency multipliers and gains a voice aims at. */
static void voice_targets(const perlin_dsp *d, perlin_voice *v)
{
	const noise_fbm p = fbm_params(d);
	const double f0 = fabs(d->xrate_t * d->tempo) * d->sr;
	double extra[NOISE_MAX_OCTAVES];
	unsigned k;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		v->mult_t[k] = v->shape.loop
			? (double)v->shape.period[k] / (double)v->shape.loop
			: noise_fbm_freq(p, k);
		extra[k] = k ? bandlimit(f0 * v->mult_t[k], d->sr) : 1.0;
	}
	noise_fbm_gains(p, extra, v->shape.dims, v->gain_t);
}

/* Recompute every target from the controls and the transport. */
void dsp_update_targets(perlin_dsp *d)
{
	/* The transport's speed and tempo apply at once, not smoothed: a phase
	   that follows the transport (synced, or free on Hold) stays exactly
	   where its position says, whatever the transport does, so a later
	   locate or roll start finds it there and changes nothing. */
	d->motion = dsp_holds_when_stopped(d) && d->tp_valid ? d->tp_speed : 1.0;
	d->tempo = d->sync ? d->tp_bpm / 60.0 : 1.0;
	d->xmotion = d->motion * d->tempo;
	const double was[3] = { d->xrate_t, d->depth_t, d->offset_t };
	double was_gain[NOISE_MAX_OCTAVES];
	memcpy(was_gain, d->voice[d->cur].gain_t, sizeof was_gain);
	d->xrate_t = target_rate(d) / d->sr;
	d->drift_t = d->ctl[PERLIN_DRIFT] / d->sr;
	d->morph_t = d->ctl[PERLIN_MORPH];
	d->depth_t = d->ctl[PERLIN_DEPTH];
	d->offset_t = d->ctl[PERLIN_OFFSET];
	voice_targets(d, &d->voice[d->cur]);
	if (d->fade < 1.0)
		voice_targets(d, &d->voice[!d->cur]);
	if (was[0] != d->xrate_t || was[1] != d->depth_t || was[2] != d->offset_t ||
	    memcmp(was_gain, d->voice[d->cur].gain_t, sizeof was_gain) != 0)
		d->glide_aim = 0; /* the glide's smoothers aim anew */
}

static void voice_sync(perlin_voice *v);

/* Whether a and b are within a millionth of a cell. */
static int pos_close(noise_pos a, noise_pos b)
{
	const double dist = (double)(int32_t)(a.cell - b.cell) + (a.frac - b.frac);
	return fabs(dist) < 1e-6;
}

/* Whether every smoother is on its target. */
static int settled(const perlin_dsp *d)
{
	const perlin_voice *v = &d->voice[d->cur];
	unsigned k;
	if (d->xrate != d->xrate_t || d->drift != d->drift_t || d->morph != d->morph_t ||
	    d->depth != d->depth_t || d->offset != d->offset_t)
		return 0;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
		if (v->mult[k] != v->mult_t[k] || v->gain[k] != v->gain_t[k])
			return 0;
	return 1;
}

/* Start a voice with the wanted shape; fade into it unless nothing has
   been rendered yet (then it simply replaces the old one). A locate that
   finds the phase already where the transport says changes nothing
   audible: no crossfade, and (once every smoother is settled) the phases
   are taken anew from the transport, so the output from here is the
   same as a fresh start's (a held phase at a roll start). */
static void start_voice(perlin_dsp *d)
{
	perlin_voice *old = &d->voice[d->cur];
	perlin_voice *v = &d->voice[!d->cur];
	const perlin_shape want = wanted_shape(d);
	int silent = !d->started;
	noise_pos x0, y0;
	unsigned k;
	if (d->want_reset) {
		x0 = noise_pos_from(0.0);
		y0 = noise_pos_from(d->morph_t);
	} else if (d->want_locate || !d->started) {
		double x, y;
		dsp_transport_phase(d, &x, &y);
		x0 = noise_pos_from(dsp_clamp_finite(x, -2e9, 2e9, 0.0));
		y0 = noise_pos_from(dsp_clamp_finite(y, -2e9, 2e9, 0.0));
		if (want.loop)
			x0 = noise_pos_wrap(x0, want.loop);
		if (d->started && same_shape(&want, &old->shape)) {
			voice_sync(old);
			if (pos_close(old->oct[0].x, x0) &&
			    (want.dims == 1 || pos_close(old->oct[0].y, y0))) {
				d->want_locate = 0; /* already there */
				if (!settled(d))
					return;
				silent = 1;
			}
		}
	} else {
		voice_sync(old);
		x0 = old->oct[0].x;
		y0 = old->oct[0].y;
	}
	v->shape = want;
	v->fast = v->behind = 0; /* new phases: the kernels anchor anew */
	d->glide = d->glide_aim = 0;
	if (v->shape.loop)
		x0 = noise_pos_wrap(x0, v->shape.loop);
	voice_targets(d, v);
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		const uint32_t per = v->shape.loop ? v->shape.period[k] : 0U;
		noise_octave_init(&v->oct[k], noise_pos_scale(x0, v->mult_t[k]),
		                  noise_pos_scale(y0, v->mult_t[k]),
		                  noise_octave_seed(v->shape.seed, k), per);
		if (per)
			v->oct[k].x = noise_pos_wrap(v->oct[k].x, per);
		v->mult[k] = v->mult_t[k];
		v->gain[k] = v->gain_t[k];
	}
	d->cur = !d->cur;
	d->want_reset = d->want_locate = 0;
	if (!silent) {
		d->fade = 0.0;
	} else { /* nothing heard yet (or nothing changes): settle at once */
		d->fade = 1.0;
		d->xrate = d->xrate_t;
		d->drift = d->drift_t;
		d->morph = d->morph_t;
		d->depth = d->depth_t;
		d->offset = d->offset_t;
	}
}

/* Apply a pending discrete change if no crossfade is running. */
void dsp_maybe_start_voice(perlin_dsp *d)
{
	perlin_shape want;
	if (d->fade < 1.0)
		return;
	want = wanted_shape(d);
	if (!d->started || d->want_reset || d->want_locate ||
	    !same_shape(&want, &d->voice[d->cur].shape))
		start_voice(d);
}

void perlin_dsp_init(perlin_dsp *d, double sr)
{
	unsigned i;
	memset(d, 0, sizeof *d);
	d->sr = dsp_clamp_finite(sr, 8000.0, 768000.0, 48000.0);
	d->smooth = 1.0 - exp(-1.0 / (PERLIN_SMOOTH_S * d->sr));
	d->xfade_step = 1.0 / ceil(PERLIN_XFADE_S * d->sr);
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		d->ctl[i] = perlin_params[i].def;
	perlin_dsp_set_path(d, perlin_dsp_best_path());
	perlin_dsp_activate(d);
}

void perlin_dsp_activate(perlin_dsp *d)
{
	d->started = 0;
	d->tp_valid = d->tp_beat_valid = 0;
	d->tp_count = 0;
	d->tp_speed = 1.0;
	d->tp_bpm = 120.0;
	d->want_reset = 0;
	d->want_locate = 1;
	d->fade = 1.0;
	d->level = 0.0f;
	dsp_update_targets(d);
	dsp_maybe_start_voice(d);
}

void perlin_dsp_controls(perlin_dsp *d, const float *const values[PERLIN_N_PARAMS])
{
	float v[PERLIN_N_PARAMS];
	unsigned i;
	int sync;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		v[i] = perlin_clamp((perlin_param)i,
		                    values[i] ? *values[i] : perlin_params[i].def);
	/* reset is a trigger: act on its rising edge only */
	if (v[PERLIN_RESET] > 0.5f && d->reset_prev <= 0.5f)
		d->want_reset = 1;
	d->reset_prev = v[PERLIN_RESET];
	v[PERLIN_RESET] = 0.0f;
	if (memcmp(v, d->ctl, sizeof v) == 0 && !d->want_reset)
		return;
	sync = v[PERLIN_SYNC] > 0.5f;
	if (sync != d->sync)
		d->want_locate = 1;
	memcpy(d->ctl, v, sizeof v);
	d->sync = sync;
	dsp_update_targets(d);
	dsp_maybe_start_voice(d);
}

/* One sample of a voice at its current phases, then advance them. */
static double voice_step(perlin_voice *v, double xrate, double dy, double a)
{
	const int two = v->shape.dims == 2;
	double sum = 0.0;
	unsigned k;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		noise_octave *o = &v->oct[k];
		v->mult[k] = approach(v->mult[k], v->mult_t[k], a);
		v->gain[k] = approach(v->gain[k], v->gain_t[k], a);
		if (v->gain[k] != 0.0)
			sum += v->gain[k] * (two ? noise_octave_2d(o) : noise_octave_1d(o));
		o->x = noise_pos_add(o->x, xrate * v->mult[k]);
		if (o->period && o->x.cell >= o->period)
			o->x.cell %= o->period;
		o->y = noise_pos_add(o->y, dy * v->mult[k]);
	}
	return noise_shape(sum);
}

/* One sample, every smoother and phase stepped: the reference path. */
static void slow_sample(perlin_dsp *d, float *out)
{
	const double a = d->smooth;
	const double morph = approach(d->morph, d->morph_t, a);
	double v, y, dx, dy;
	int ended = 0;
	voice_sync(&d->voice[0]);
	voice_sync(&d->voice[1]);
	d->voice[0].fast = d->voice[1].fast = 0; /* the phases move here */
	d->glide = d->glide_aim = 0;
	d->xrate = approach(d->xrate, d->xrate_t, a);
	d->drift = approach(d->drift, d->drift_t, a);
	d->depth = approach(d->depth, d->depth_t, a);
	d->offset = approach(d->offset, d->offset_t, a);
	dx = d->xrate * d->xmotion;
	dy = d->drift * d->motion + (morph - d->morph);
	d->morph = morph;
	v = voice_step(&d->voice[d->cur], dx, dy, a);
	if (d->fade < 1.0) {
		const double f = d->fade, g = f * f * (3.0 - 2.0 * f);
		const double old = voice_step(&d->voice[!d->cur], dx, dy, a);
		v = old + g * (v - old);
		d->fade += d->xfade_step;
		if (d->fade >= 1.0) {
			d->fade = 1.0;
			ended = 1;
		}
	}
	y = d->offset + d->depth * v;
	y = y < -1.0 ? -1.0 : (y > 1.0 ? 1.0 : y);
	d->level = dsp_flush_out((float)y);
	if (out)
		*out = d->level;
	if (d->tp_valid)
		++d->tp_count;
	d->started = 1;
	if (ended)
		dsp_maybe_start_voice(d); /* a change that waited, from the next sample */
}

/* A ramp is rebased after this many samples when no cell crossing comes
   first, so a + j step stays small and exact enough. */
#define RAMP_REBASE 65536U

/* The first j >= 1 at which a + j step reaches 1, or RAMP_REBASE (inv:
   1 / step, so the estimate needs no division, nor ceil: the loops make
   it exact). */
static uint64_t ramp_cross(double a, double step, double inv)
{
	const double e = (1.0 - a) * inv; /* a < 1, so e >= 0 */
	uint64_t j;
	if (!(step > 0.0) || !(e < (double)(RAMP_REBASE - 1U)))
		return RAMP_REBASE;
	j = (uint64_t)e + 1U;
	while (j > 1U && a + (double)(j - 1U) * step >= 1.0)
		--j;
	while (j < RAMP_REBASE && a + (double)j * step < 1.0)
		++j;
	return j;
}

static void ramp_start(perlin_ramp *r, noise_pos p, double step)
{
	unsigned m;
	r->a = p.frac;
	r->cell = p.cell;
	r->step = step;
	r->inv = step > 0.0 ? 1.0 / step : 0.0;
	r->j = 0;
	r->cross = ramp_cross(r->a, step, r->inv);
	for (m = 0; m < 8; ++m)
		r->mf[m] = (float)((double)m * step);
}

/* The position the ramp is at. */
static noise_pos ramp_pos(const perlin_ramp *r, uint32_t period)
{
	const double t = r->a + (double)r->j * r->step;
	const double fl = floor(t);
	noise_pos p;
	uint64_t c = (uint64_t)r->cell + (uint64_t)fl;
	if (period)
		c %= period;
	p.cell = (uint32_t)c;
	p.frac = t - fl;
	if (p.frac >= 1.0) {
		p.frac = 0.0;
		p.cell = period && p.cell + 1U >= period ? 0U : p.cell + 1U;
	}
	return p;
}

/* Bring oct[]'s phases up to the ramps' after fast_run (left behind
   there: only a change of path or voice needs them). */
static void voice_sync(perlin_voice *v)
{
	unsigned k;
	if (!v->behind)
		return;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		v->oct[k].x = ramp_pos(&v->rx[k], v->oct[k].period);
		v->oct[k].y = ramp_pos(&v->ry[k], 0U);
	}
	v->behind = 0;
}

static void ramp_rebase(perlin_ramp *r, uint32_t period);

/* At a crossing into the next cell (a + j step in [1, 2): the active
   octaves' steps are below 1/2): re-anchor there; the step stays. */
static void ramp_next_cell(perlin_ramp *r, uint32_t period)
{
	const double t = r->a + (double)r->j * r->step;
	if (!(t >= 1.0 && t < 2.0)) { /* a rebase before the crossing */
		ramp_rebase(r, period);
		return;
	}
	r->a = t - 1.0;
	r->cell = period && r->cell + 1U >= period ? 0U : r->cell + 1U;
	r->j = 0;
	r->cross = ramp_cross(r->a, r->step, r->inv);
}

/* Re-anchor the ramp where it is (at a crossing or a rebase). */
static void ramp_rebase(perlin_ramp *r, uint32_t period)
{
	ramp_start(r, ramp_pos(r, period), r->step);
}

/* A cell's value along x from the lines L(t) = P t + Q and R(t) = P2 t + Q2
   of its two lattice columns (see noise_octave_columns), times sc: in
   u = t - 1/2, M + h(u) (D u + E), with M = (L + R) / 2 = m0 + m1 u and
   D u + E = R - L; out = { m0, m1, D, E }. */
static void cell_line(double P, double Q, double P2, double Q2, double sc,
                      double out[4])
{
	const double q = Q + 0.5 * P, q2 = Q2 + 0.5 * P2; /* in u */
	out[0] = sc * 0.5 * (q + q2);
	out[1] = sc * 0.5 * (P + P2);
	out[2] = sc * (P2 - P);
	out[3] = sc * (q2 - q);
}

/* Kernel coefficients of octave k for its current cell (gradients hashed
   here, once per cell), in u = t - 1/2 (see plugin/kernel.h): cell_line
   by powers of u, h(u) = 15/8 u - 5 u^3 + 6 u^5. */
static void line_coef(double P, double Q, double P2, double Q2, double sc,
                      float c[7])
{
	double l[4];
	cell_line(P, Q, P2, Q2, sc, l);
	c[0] = (float)l[0];
	c[1] = (float)(l[1] + 1.875 * l[3]);
	c[2] = (float)(1.875 * l[2]);
	c[3] = (float)(-5.0 * l[3]);
	c[4] = (float)(-5.0 * l[2]);
	c[5] = (float)(6.0 * l[3]);
	c[6] = (float)(6.0 * l[2]);
}

/* sqrt 2 in 2D, 2 in 1D: the scale of noise_octave_2d/1d */
static double dims_scale(const perlin_voice *v)
{
	return v->shape.dims == 2 ? 1.4142135623730951 : 2.0;
}

static void voice_coef(perlin_voice *v, unsigned k, int moving)
{
	noise_octave *o = &v->oct[k];
	float *c = v->coef[k];
	const double g = v->gain[k];
	o->x.cell = v->rx[k].cell;
	o->y.cell = v->ry[k].cell;
	if (v->shape.dims == 1) {
		/* line_coef of L = g0 t, R = g1 (t - 1), times 2 g, worked out:
		   with S = g (g0 + g1) and D = g (g1 - g0), the cell's value is
		   -D/2 - 7/8 S u + 15/4 D u^2 + 5 S u^3 - 10 D u^4 - 6 S u^5
		   + 12 D u^6 */
		double S, D;
		noise_octave_update(o, 1);
		S = g * (o->gx[0] + o->gx[1]);
		D = g * (o->gx[1] - o->gx[0]);
		c[0] = (float)(-0.5 * D);
		c[1] = (float)(-0.875 * S);
		c[2] = (float)(3.75 * D);
		c[3] = (float)(5.0 * S);
		c[4] = (float)(-10.0 * D);
		c[5] = (float)(-6.0 * S);
		c[6] = (float)(12.0 * D);
	} else if (moving) {
		const double sc = dims_scale(v) * g;
		double X[4], Y[4], n[4][3];
		unsigned i;
		noise_octave_update(o, 2);
		for (i = 0; i < 4; ++i) {
			X[i] = sc * o->gx[i];
			Y[i] = sc * o->gy[i];
		}
		/* corner i: X ux + Y uy + C, the corner offsets being +-1/2 */
		for (i = 0; i < 4; ++i) {
			n[i][0] = X[i];
			n[i][1] = Y[i];
			n[i][2] = 0.5 * ((i & 1U) ? -X[i] : X[i]) + 0.5 * ((i & 2U) ? -Y[i] : Y[i]);
		}
		for (i = 0; i < 3; ++i) {
			c[i] = (float)(0.5 * (n[0][i] + n[1][i]));
			c[3 + i] = (float)(n[1][i] - n[0][i]);
			c[6 + i] = (float)(0.5 * (n[2][i] + n[3][i]));
			c[9 + i] = (float)(n[3][i] - n[2][i]);
		}
	} else { /* y stands still: the 2D formula is the 1D one in x */
		const double ty = v->ry[k].a;
		const double sy = ty * ty * ty * (ty * (ty * 6.0 - 15.0) + 10.0);
		const double *gx, *gy;
		double P, Q, P2;
		noise_octave_update(o, 2);
		gx = o->gx;
		gy = o->gy;
		P = (1.0 - sy) * gx[0] + sy * gx[2];
		Q = (1.0 - sy) * gy[0] * ty + sy * gy[2] * (ty - 1.0);
		P2 = (1.0 - sy) * gx[1] + sy * gx[3];
		line_coef(P, Q, P2, (1.0 - sy) * gy[1] * ty + sy * gy[3] * (ty - 1.0) - P2,
		          dims_scale(v) * g, c);
	}
}

/* The per-sample phase steps of octave k, as voice_step computes them. */
static double step_x(const perlin_dsp *d, const perlin_voice *v, unsigned k)
{
	return d->xrate * d->xmotion * v->mult[k];
}

static double step_y(const perlin_dsp *d, const perlin_voice *v, unsigned k)
{
	return d->drift * d->motion * v->mult[k]; /* morph is settled */
}

/* Whether the kernels can render from here: nothing smoothing, no
   crossfade, phases moving forwards, active octaves under a cell a sample. */
static int steady(const perlin_dsp *d)
{
	const perlin_voice *v = &d->voice[d->cur];
	unsigned k;
	if (d->path == PERLIN_PATH_REFERENCE || d->fade < 1.0 || d->xrate != d->xrate_t ||
	    d->drift != d->drift_t || d->morph != d->morph_t ||
	    d->depth != d->depth_t || d->offset != d->offset_t ||
	    !(d->xmotion >= 0.0) || !(d->xrate >= 0.0) || !(d->drift >= 0.0))
		return 0;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		if (v->mult[k] != v->mult_t[k] || v->gain[k] != v->gain_t[k])
			return 0;
		if (v->gain[k] != 0.0 && !(step_x(d, v, k) < 0.5 && step_y(d, v, k) < 0.5))
			return 0;
	}
	return 1;
}

/* Take the phases into ramps (or keep the ramps if their steps hold). */
static void fast_enter(perlin_dsp *d, perlin_voice *v)
{
	const int moving = step_y(d, v, 0) > 0.0;
	unsigned k;
	if (v->fast) {
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
			if (v->rx[k].step != step_x(d, v, k) || v->ry[k].step != step_y(d, v, k))
				break;
		if (k == NOISE_MAX_OCTAVES)
			return;
	}
	voice_sync(v);
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		ramp_start(&v->rx[k], v->oct[k].x, step_x(d, v, k));
		ramp_start(&v->ry[k], v->oct[k].y, step_y(d, v, k));
		if (v->gain[k] != 0.0)
			voice_coef(v, k, moving);
	}
	v->fast = 1;
}

#define CHUNK 1024
#define SILENT_REBASE 4096U /* samples between rebases of a silent octave */

/* Move a ramp nobody hears on by n samples, rebased every SILENT_REBASE
   samples to keep a + j step small (at the same j whatever the blocks). */
static void ramp_ride(perlin_ramp *r, uint32_t period, uint32_t n)
{
	while (n) {
		uint32_t seg;
		if (r->j >= SILENT_REBASE)
			ramp_rebase(r, period);
		seg = SILENT_REBASE - (uint32_t)r->j;
		seg = seg < n ? seg : n;
		r->j += seg;
		n -= seg;
	}
}

/* An octave along x alone (1D, or 2D with y still) whose cells last at
   most 1 / DENSE_STEP samples renders with dense (plugin/kernel.h): its
   ramp keeps its anchor across cells (rebased every RAMP_REBASE samples),
   and the cells' lines come from a table made for each chunk. */
#define DENSE_STEP 0.0625
#define DENSE_CELLS (CHUNK / 2 + 8) /* a chunk's cells, and 4 more for the
	lanes past its end that the kernel computes and masks off */

/* The lines of octave k's n cells from `cell` on (cell_line, times sc),
   4 floats a cell, into line. */
static void cell_table(perlin_voice *v, unsigned k, uint32_t cell, int32_t n,
                       double sc, float *line)
{
	double P[DENSE_CELLS + 1], Q[DENSE_CELLS + 1];
	int32_t c;
	noise_octave_columns(&v->oct[k], v->shape.dims, cell, (unsigned)n + 1U, P, Q);
	for (c = 0; c < n; ++c) {
		double l[4];
		unsigned m;
		cell_line(P[c], Q[c], P[c + 1], Q[c + 1] - P[c + 1], sc, l);
		for (m = 0; m < 4; ++m)
			line[4 * c + (int32_t)m] = (float)l[m];
	}
}

static void fast_dense(const perlin_dsp *d, perlin_voice *v, unsigned k, float *acc,
                       uint32_t len)
{
	perlin_ramp *r = &v->rx[k];
	const double sc = dims_scale(v) * v->gain[k];
	float line[4 * DENSE_CELLS];
	uint32_t i = 0;
	while (i < len) {
		const uint32_t room = RAMP_REBASE - (uint32_t)r->j;
		const uint32_t seg = room < len - i ? room : len - i;
		const double t0 = r->a + (double)r->j * r->step;
		const double t1 = r->a + (double)(r->j + seg - 1U) * r->step;
		const int32_t c0 = (int32_t)t0;
		cell_table(v, k, r->cell + (uint32_t)c0, (int32_t)t1 - c0 + 1 + 4, sc, line);
		d->kernels->dense(acc + i, seg, r->j, r->a, r->step, c0, line);
		r->j += seg;
		i += seg;
		if (r->j >= RAMP_REBASE)
			ramp_rebase(r, v->oct[k].period);
	}
}

/* seg1 over seg samples of ramp r along x alone. */
static inline void seg_x(const perlin_dsp *d, float *acc, uint32_t seg, const perlin_ramp *r,
                         const float *c)
{
	d->kernels->seg1(acc, seg, r->j, r->a - 0.5, r->step, r->mf, c);
}

/* Octave k's share of a chunk of len samples, added into acc. */
static void fast_octave(const perlin_dsp *d, perlin_voice *v, unsigned k,
                        float *acc, uint32_t len, int moving)
{
	perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	const uint32_t period = v->oct[k].period;
	uint32_t i = 0;
	if (v->gain[k] == 0.0) { /* silent: only the phases move */
		ramp_ride(rx, period, len);
		ramp_ride(ry, 0U, len);
		return;
	}
	if (!moving && rx->step >= DENSE_STEP) {
		ramp_ride(ry, 0U, len); /* unheard (1D) or still (2D) */
		fast_dense(d, v, k, acc, len);
		return;
	}
	if (v->shape.dims == 1) { /* y is not heard: x alone splits segments */
		ramp_ride(ry, 0U, len);
		while (i < len) {
			const uint64_t left = rx->cross - rx->j;
			const uint32_t seg = left < len - i ? (uint32_t)left : len - i;
			seg_x(d, acc + i, seg, rx, v->coef[k]);
			rx->j += seg;
			i += seg;
			if (rx->j == rx->cross) {
				ramp_next_cell(rx, period);
				voice_coef(v, k, 0);
			}
		}
		return;
	}
	while (i < len) {
		uint64_t left = rx->cross - rx->j;
		uint32_t seg;
		if (ry->cross - ry->j < left)
			left = ry->cross - ry->j;
		seg = left < len - i ? (uint32_t)left : len - i;
		if (moving) {
			d->kernels->seg2(acc + i, seg, rx->j, rx->a - 0.5, rx->step, ry->j,
			                 ry->a - 0.5, ry->step, v->coef[k]);
		} else {
			seg_x(d, acc + i, seg, rx, v->coef[k]);
		}
		rx->j += seg;
		ry->j += seg;
		i += seg;
		if (rx->j == rx->cross || ry->j == ry->cross) {
			if (rx->j == rx->cross)
				ramp_next_cell(rx, period);
			if (ry->j == ry->cross)
				ramp_rebase(ry, 0U);
			voice_coef(v, k, moving);
		}
	}
}

/* Render n samples with the kernels (steady(d) holds throughout). */
static void fast_run(perlin_dsp *d, float *out, uint32_t n)
{
	perlin_voice *v = &d->voice[d->cur];
	const int moving = v->shape.dims == 2 && step_y(d, v, 0) > 0.0;
	const float depth = (float)d->depth, offset = (float)d->offset;
	float buf[8 + CHUNK + 8]; /* acc with the slack kernel.h's part() needs */
	float *const acc = buf + 8;
	unsigned k;
	fast_enter(d, v);
	d->glide = d->glide_aim = 0;
	if (d->tp_valid)
		d->tp_count += n;
	while (n) {
		const uint32_t len = n < CHUNK ? n : CHUNK;
		memset(buf, 0, (8 + len + 8) * sizeof *buf);
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
			fast_octave(d, v, k, acc, len, moving);
		d->level = d->kernels->finish(acc, out, len, depth, offset, NULL, NULL);
		if (out)
			out += len;
		n -= len;
	}
	v->behind = 1; /* the phases, for everyone else, when they ask */
	d->started = 1;
}

/* ---- the glide: smoothers moving, still with the kernels --------------- */

/* While rate, depth, offset and octave gains move towards their targets,
   every smoother steps sample by sample exactly as in slow_sample, once
   for all octaves; the phase of octave k is its anchor plus m_k x, x the
   octave-0 cells moved since the anchor (a sum of the smoothed steps, so
   the phases differ from the reference's per-octave sums only by
   rounding), and the octaves render with the glide kernel from tables of
   their cells. The anchors are taken where the glide starts and renewed
   every GLIDE_REBASE samples after, whatever the blocks. */
#define GLIDE_REBASE 65536U
#define GLIDE_CHUNK 256U

/* Whether glide_run can render from here: no crossfade, the multipliers
   (lacunarity), drift and morph settled and in 2D y still, phases moving
   forwards, active octaves under half a cell a sample all the way. */
static int glides(const perlin_dsp *d)
{
	const perlin_voice *v = &d->voice[d->cur];
	const double xr = (d->xrate > d->xrate_t ? d->xrate : d->xrate_t) * d->xmotion;
	unsigned k;
	if (d->path == PERLIN_PATH_REFERENCE || d->fade < 1.0 || !(d->xmotion >= 0.0) ||
	    !(d->xrate >= 0.0) || !(d->xrate_t >= 0.0) || d->drift != d->drift_t ||
	    d->morph != d->morph_t || (v->shape.dims == 2 && d->drift * d->motion != 0.0))
		return 0;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		if (v->mult[k] != v->mult_t[k])
			return 0;
		if ((v->gain[k] != 0.0 || v->gain_t[k] != 0.0) && !(xr * v->mult[k] < 0.5))
			return 0;
	}
	return 1;
}

/* The phases where the glide is, into the voice's octaves. */
static void glide_phases(perlin_dsp *d, perlin_voice *v)
{
	unsigned k;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		noise_octave *o = &v->oct[k];
		o->x = noise_pos_add(d->glide_ax[k], v->mult[k] * d->glide_x);
		if (o->period && o->x.cell >= o->period)
			o->x.cell %= o->period;
		o->y = noise_pos_add(d->glide_ay[k], v->mult[k] * d->glide_y);
	}
}

static void glide_anchor(perlin_dsp *d, const perlin_voice *v)
{
	unsigned k;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		d->glide_ax[k] = v->oct[k].x;
		d->glide_ay[k] = v->oct[k].y;
	}
	d->glide_x = d->glide_y = 0.0;
	d->glide_n = 0;
	d->glide = 1;
}

/* Aim the glide's smoothers from where they are: r = 1 and each value's
   distance to its target; r_min from approach()'s test of each. */
static void glide_aim(perlin_dsp *d, const perlin_voice *v)
{
	const double tiny = nextafter(1e-30, 0.0);
	double rmin = HUGE_VAL;
	unsigned k;
#define AIM(dist, val, tgt) do { \
		const double e9 = 1e-9 * fabs(tgt), eps = e9 > tiny ? e9 : tiny; \
		(dist) = (val) - (tgt); \
		if (fabs(dist) > eps && eps / fabs(dist) < rmin) \
			rmin = eps / fabs(dist); \
	} while (0)
	AIM(d->dist_xrate, d->xrate, d->xrate_t);
	AIM(d->dist_depth, d->depth, d->depth_t);
	AIM(d->dist_offset, d->offset, d->offset_t);
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
		AIM(d->dist_gain[k], v->gain[k], v->gain_t[k]);
#undef AIM
	d->glide_r = 1.0;
	d->glide_rmin = rmin;
	d->glide_aim = 1;
}

/* The smoothed values at r (r = 0 once settled: all on target). */
static void glide_values(perlin_dsp *d, perlin_voice *v, double r)
{
	unsigned k;
	d->xrate = d->xrate_t + d->dist_xrate * r;
	d->depth = d->depth_t + d->dist_depth * r;
	d->offset = d->offset_t + d->dist_offset * r;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
		v->gain[k] = v->gain_t[k] + d->dist_gain[k] * r;
}

/* Render up to n samples while glides(d) holds; returns how many (fewer
   when everything settles: then the steady kernels take over). */
static uint32_t glide_run(perlin_dsp *d, float *out, uint32_t n)
{
	perlin_voice *v = &d->voice[d->cur];
	const double decay = 1.0 - d->smooth, dy = d->drift * d->motion;
	double x[GLIDE_CHUNK + 9];
	float rf[GLIDE_CHUNK + 8], dp[GLIDE_CHUNK + 8], op[GLIDE_CHUNK + 8];
	float buf[8 + GLIDE_CHUNK + 8], *const acc = buf + 8;
	float line[4 * DENSE_CELLS];
	uint32_t done = 0;
	int settled = 0;
	if (!d->glide) {
		voice_sync(v);
		glide_anchor(d, v);
		v->fast = 0;
	}
	if (!d->glide_aim)
		glide_aim(d, v);
	while (done < n && !settled) {
		const double xt = d->xrate_t * d->xmotion, xd = d->dist_xrate * d->xmotion;
		double r = d->glide_r;
		uint32_t len = n - done, i, m;
		unsigned k;
		if (len > GLIDE_CHUNK)
			len = GLIDE_CHUNK;
		if (len > GLIDE_REBASE - d->glide_n)
			len = GLIDE_REBASE - d->glide_n;
		/* r steps as approach() would, the values are target + dist r
		   (once r <= r_min they are all on target: the chunk ends) */
		x[0] = d->glide_x; /* the octave-0 cells moved up to each sample */
		for (i = 0; i < len; ++i) {
			r *= decay;
			settled = r <= d->glide_rmin;
			if (settled)
				r = 0.0;
			rf[i] = (float)r;
			dp[i] = (float)(d->depth_t + d->dist_depth * r);
			op[i] = (float)(d->offset_t + d->dist_offset * r);
			x[i + 1] = x[i] + (xt + xd * r);
			if (settled) {
				++i;
				break;
			}
		}
		len = i;
		d->glide_r = r;
		d->glide_x = x[len];
		for (i = 0; i < len; ++i) /* sample by sample, as x: the sum must
			not depend on where chunks split */
			d->glide_y += dy;
		glide_values(d, v, r);
		for (m = len; m < len + 8; ++m) { /* lanes past the end: in range */
			x[m] = x[len - 1];
			rf[m] = rf[len - 1];
			dp[m] = dp[len - 1];
			op[m] = op[len - 1];
		}
		memset(buf, 0, (8 + len + 8) * sizeof *buf);
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
			const noise_pos at = d->glide_ax[k];
			const double mk = v->mult[k];
			int32_t c0, cells;
			if (v->gain_t[k] == 0.0 && d->dist_gain[k] == 0.0)
				continue;
			c0 = (int32_t)(at.frac + mk * x[0]);
			cells = (int32_t)(at.frac + mk * x[len - 1]) - c0 + 1;
			cell_table(v, k, at.cell + (uint32_t)c0, cells, dims_scale(v), line);
			d->kernels->glide(acc, len, x, at.frac, mk, c0, line, cells == 1,
			                  (float)v->gain_t[k], (float)d->dist_gain[k], rf);
		}
		d->level = d->kernels->finish(acc, out, len, 0.0f, 0.0f, dp, op);
		d->glide_n += len;
		glide_phases(d, v);
		if (d->glide_n >= GLIDE_REBASE)
			glide_anchor(d, v);
		if (d->tp_valid)
			d->tp_count += len;
		d->started = 1;
		done += len;
		if (out)
			out += len;
	}
	if (settled)
		d->glide_aim = 0;
	return done;
}

void perlin_dsp_run(perlin_dsp *d, float *out, uint32_t n)
{
	uint32_t i = 0;
	while (i < n) {
		if (steady(d)) {
			fast_run(d, out ? out + i : NULL, n - i);
			return;
		}
		if (glides(d)) {
			i += glide_run(d, out ? out + i : NULL, n - i);
			continue;
		}
		slow_sample(d, out ? out + i : NULL);
		++i;
	}
}
