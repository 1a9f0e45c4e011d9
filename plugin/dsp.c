/* dsp.c: see dsp.h for the behaviour and the threading classes. The
   voices and the render loop; the controls' table is in params.c, the
   transport in transport.c, the kernels in kernels.c.

   One render loop for every state. The continuous controls are smoothed
   on a grid of about PERLIN_GRID_S (d->grid samples) counted from activation (one-pole,
   stepped once a grid point) and are linear in between; each octave's
   phase is a ramp whose step is the chunk's mean rate (so phases
   integrate rate exactly while it is linear), its gain a line from the
   chunk's start to its end, and depth and offset lines too. A voice is
   its octaves' ramps; a crossfade renders both voices with the same
   kernels and mixes them. Everything that happens does so at a grid point
   or at the sample a host event names, never where a block starts. */
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

/* ---- the controls, smoothed on the grid --------------------------------- */

/* One grid step of a one-pole smoother; lands exactly on the target once
   close, so a settled value stays bit-stable (and never decays into
   denormals). */
static double settle(double v, double target, double decay)
{
	const double n = target + (v - target) * decay;
	const double d = target - n;
	if (fabs(d) <= 1e-9 * fabs(target) || fabs(d) < 1e-30)
		return target;
	return n;
}

static perlin_smooth smooth_step(const perlin_smooth *v, const perlin_smooth *t, double decay)
{
	perlin_smooth n;
	n.xrate = settle(v->xrate, t->xrate, decay);
	n.drift = settle(v->drift, t->drift, decay);
	n.morph = settle(v->morph, t->morph, decay);
	n.depth = settle(v->depth, t->depth, decay);
	n.offset = settle(v->offset, t->offset, decay);
	n.octaves = settle(v->octaves, t->octaves, decay);
	n.persistence = settle(v->persistence, t->persistence, decay);
	n.lacunarity = settle(v->lacunarity, t->lacunarity, decay);
	return n;
}

static int same_smooth(const perlin_smooth *a, const perlin_smooth *b)
{
	return memcmp(a, b, sizeof *a) == 0;
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

static noise_fbm fbm_at(const perlin_smooth *s)
{
	noise_fbm p;
	p.octaves = s->octaves;
	p.persistence = s->persistence;
	p.lacunarity = s->lacunarity;
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

/* The frequency multipliers and gains of voice v for the controls s, at
   end e of the chunk. The band-limit follows the rate the octaves play at
   (the smoothed rate, the tempo and a speed above 1) and looks one grid
   step ahead: the phases follow the smoothed rate a grid step late
   (voice_steps), so an octave has faded before its phase speeds up
   through Nyquist, and fades back in only once it has slowed down. The
   gain at a grid point is that of the faster of the octave's rates there
   and at the next one. */
static void voice_end(const perlin_dsp *d, perlin_voice *v, int e, const perlin_smooth *s)
{
	const noise_fbm p = noise_fbm_clamp(fbm_at(s));
	const double speed = fabs(d->motion) > 1.0 ? fabs(d->motion) : 1.0;
	const double f0 = fabs(s->xrate * d->tempo) * speed * d->sr;
	const double fa = fabs(d->at[0].xrate * d->tempo) * speed * d->sr;
	double extra[NOISE_MAX_OCTAVES], m = 1.0;
	unsigned k;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k, m *= p.lacunarity) {
		double f;
		v->mult[e][k] = v->shape.loop
			? (double)v->shape.period[k] / (double)v->shape.loop
			: m; /* lacunarity^k */
		f = f0 * v->mult[e][k];
		if (e == 1 && fa * v->mult[0][k] > f) /* the start's rate is faster */
			f = fa * v->mult[0][k];
		extra[k] = k ? bandlimit(f, d->sr) : 1.0;
	}
	if (e == 1 && !memcmp(&p, &v->gains_for, sizeof p) &&
	    !memcmp(extra, v->extra_for, sizeof extra)) { /* as at the chunk's start
		(gain[0] is for gains_for: voice_end(0) or the last grid point) */
		memcpy(v->gain[1], v->gain[0], sizeof v->gain[1]);
		return;
	}
	noise_fbm_gains(p, extra, v->shape.dims, v->gain[e]);
	v->gains_for = p;
	memcpy(v->extra_for, extra, sizeof extra);
}

/* Whether voice v still plays (the current one, or the old one of a
   crossfade). */
static int live(const perlin_dsp *d, int w)
{
	return w == d->cur || d->fade < d->xfade_len;
}

/* Recompute every target from the controls and the transport. */
void dsp_update_targets(perlin_dsp *d)
{
	perlin_smooth t;
	const double band_was = d->tempo * (fabs(d->motion) > 1.0 ? fabs(d->motion) : 1.0);
	/* The transport's speed and tempo apply at once, not smoothed: a phase
	   that follows the transport (synced, or free on Hold) stays exactly
	   where its position says, whatever the transport does, so a later
	   locate or roll start finds it there and changes nothing. */
	d->motion = dsp_holds_when_stopped(d) && d->tp_valid ? d->tp_speed : 1.0;
	d->tempo = d->sync ? d->tp_bpm / 60.0 : 1.0;
	d->xmotion = d->motion * d->tempo;
	memset(&t, 0, sizeof t);
	t.xrate = target_rate(d) / d->sr;
	t.drift = d->ctl[PERLIN_DRIFT] / d->sr;
	t.morph = d->ctl[PERLIN_MORPH];
	t.depth = d->ctl[PERLIN_DEPTH];
	t.offset = d->ctl[PERLIN_OFFSET];
	t.octaves = d->ctl[PERLIN_OCTAVES];
	t.persistence = d->ctl[PERLIN_PERSISTENCE];
	t.lacunarity = d->ctl[PERLIN_LACUNARITY];
	if (!same_smooth(&t, &d->target) ||
	    band_was != d->tempo * (fabs(d->motion) > 1.0 ? fabs(d->motion) : 1.0)) {
		d->target = t;
		d->moving = 1; /* from the next grid point */
	}
	d->restep = 1; /* the speed or tempo may have changed */
}

/* The smoothers step at a grid point: the chunk from here to the next. */
static void grid_point(perlin_dsp *d)
{
	int w, still;
	d->xrate_was = d->at[0].xrate;
	d->at[0] = d->at[1];
	d->at[1] = smooth_step(&d->at[1], &d->target, d->decay);
	still = same_smooth(&d->at[0], &d->target) && same_smooth(&d->at[1], &d->target) &&
	        d->xrate_was == d->at[0].xrate;
	for (w = 0; w < 2; ++w) {
		perlin_voice *v = &d->voice[w];
		if (!live(d, w))
			continue;
		memcpy(v->mult_was, v->mult[0], sizeof v->mult_was);
		memcpy(v->mult[0], v->mult[1], sizeof v->mult[0]);
		memcpy(v->gain[0], v->gain[1], sizeof v->gain[0]);
		voice_end(d, v, 1, &d->at[1]);
		still = still && !memcmp(v->mult[0], v->mult[1], sizeof v->mult[0]) &&
		        !memcmp(v->mult_was, v->mult[0], sizeof v->mult_was) &&
		        !memcmp(v->gain[0], v->gain[1], sizeof v->gain[0]);
	}
	d->moving = !still;
	d->restep = 1;
}

/* ---- phases: one ramp per octave and coordinate ------------------------- */

/* A ramp is rebased after this many samples when no cell crossing comes
   first, so a + j step stays small and exact enough. */
#define RAMP_REBASE 65536U

/* The first j >= 1 at which a + j step reaches 1, or RAMP_REBASE (inv:
   1 / step, so the estimate needs no division, nor ceil: the loops make
   it exact). */
static uint64_t ramp_cross(double a, double step, double inv)
{
	uint64_t j;
	if (step < 0.0) { /* backwards: the first j at which a + j step < 0 */
		const double e = a * -inv;
		if (!(e < (double)(RAMP_REBASE - 1U)))
			return RAMP_REBASE;
		j = (uint64_t)e + 1U;
		while (j > 1U && a + (double)(j - 1U) * step < 0.0)
			--j;
		while (j < RAMP_REBASE && a + (double)j * step >= 0.0)
			++j;
		return j;
	}
	{
		const double e = (1.0 - a) * inv; /* a < 1, so e >= 0 */
		if (!(step > 0.0) || !(e < (double)(RAMP_REBASE - 1U)))
			return RAMP_REBASE;
		j = (uint64_t)e + 1U;
		while (j > 1U && a + (double)(j - 1U) * step >= 1.0)
			--j;
		while (j < RAMP_REBASE && a + (double)j * step < 1.0)
			++j;
		return j;
	}
}

static void ramp_start(perlin_ramp *r, noise_pos p, double step)
{
	unsigned m;
	r->a = p.frac;
	r->cell = p.cell;
	r->step = step;
	r->inv = step != 0.0 ? 1.0 / step : 0.0;
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
	int64_t c = (int64_t)r->cell + (int64_t)fl; /* fl may be negative */
	if (period) {
		c %= (int64_t)period;
		if (c < 0)
			c += (int64_t)period;
	}
	p.cell = (uint32_t)(uint64_t)c;
	p.frac = t - fl;
	if (p.frac >= 1.0) {
		p.frac = 0.0;
		p.cell = period && p.cell + 1U >= period ? 0U : p.cell + 1U;
	}
	return p;
}

static void ramp_rebase(perlin_ramp *r, uint32_t period);

/* At a crossing into the next cell (a + j step in [1, 2)) or, going
   backwards, the previous one (in [-1, 0)): re-anchor there; the step
   stays. Anything else (a rebase, or more than a cell a sample) re-anchors
   where the phase is. */
static void ramp_next_cell(perlin_ramp *r, uint32_t period)
{
	const double t = r->a + (double)r->j * r->step;
	if (t >= 1.0 && t < 2.0) {
		r->a = t - 1.0;
		r->cell = period && r->cell + 1U >= period ? 0U : r->cell + 1U;
	} else if (t < 0.0 && t >= -1.0) {
		r->a = t + 1.0;
		r->cell = period && r->cell == 0U ? period - 1U : r->cell - 1U;
		if (r->a >= 1.0) /* t a hair below 0 */
			r->a = 0.0;
	} else {
		ramp_rebase(r, period);
		return;
	}
	r->j = 0;
	r->cross = ramp_cross(r->a, r->step, r->inv);
}

/* Re-anchor the ramp where it is (at a crossing or a rebase). */
static void ramp_rebase(perlin_ramp *r, uint32_t period)
{
	ramp_start(r, ramp_pos(r, period), r->step);
}

/* Re-anchor a ramp where it is, with a new step. */
static void ramp_restep(perlin_ramp *r, double step, uint32_t period)
{
	ramp_start(r, ramp_pos(r, period), step);
}

/* ---- cell coefficients --------------------------------------------------- */

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

/* Kernel coefficients of octave k for its current cell, gain 1 (the
   kernels multiply by the gain line): form 1 along x alone (1D, or 2D with
   y still), 2 with x and y moving. */
static void voice_coef(perlin_voice *v, unsigned k, int form)
{
	noise_octave *o = &v->oct[k];
	float *c = v->coef[k];
	const double g = 1.0;
	const int moving = form == 2;
	const double ty = form == 1 && v->shape.dims == 2 ? v->ry[k].a : 0.0;
	if (v->form[k] == form && v->coef_x[k] == v->rx[k].cell &&
	    v->coef_y[k] == v->ry[k].cell && v->coef_ty[k] == ty)
		return; /* still the cell the coefficients are for */
	v->form[k] = form;
	v->coef_x[k] = v->rx[k].cell;
	v->coef_y[k] = v->ry[k].cell;
	v->coef_ty[k] = ty;
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
			double *cd = v->coefd[k];
			cd[i] = 0.5 * (n[0][i] + n[1][i]);
			cd[3 + i] = n[1][i] - n[0][i];
			cd[6 + i] = 0.5 * (n[2][i] + n[3][i]);
			cd[9 + i] = n[3][i] - n[2][i];
			c[i] = (float)cd[i];
			c[3 + i] = (float)cd[3 + i];
			c[6 + i] = (float)cd[6 + i];
			c[9 + i] = (float)cd[9 + i];
		}
	} else { /* y stands still (at ty): the 2D formula is the 1D one in x */
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

/* c[0..6] of value = M[1] + M[0] u + h(u) (D[0] u + D[1]) by powers of u
   (h(u) = 15/8 u - 5 u^3 + 6 u^5), as line_coef. */
static void path_poly(const double M[2], const double D[2], float c[7])
{
	c[0] = (float)M[1];
	c[1] = (float)(M[0] + 1.875 * D[1]);
	c[2] = (float)(1.875 * D[0]);
	c[3] = (float)(-5.0 * D[1]);
	c[4] = (float)(-5.0 * D[0]);
	c[5] = (float)(6.0 * D[1]);
	c[6] = (float)(6.0 * D[0]);
}

/* The path form (kernel seg2x) of octave k's form-2 coefficients, with
   uy = alpha ux + beta: the lines m0, d0, m1, d1 of ux and uy become lines
   of ux, and the value is A(ux) + h(uy) B(ux). */
static void path_coef(const perlin_voice *v, unsigned k, double alpha, double beta,
                      float ca[7], float cb[7])
{
	const double *c = v->coefd[k];
	double L[4][2], M[2], D[2];
	unsigned i;
	for (i = 0; i < 4; ++i) { /* slope and constant in ux */
		L[i][0] = c[3 * i] + c[3 * i + 1] * alpha;
		L[i][1] = c[3 * i + 1] * beta + c[3 * i + 2];
	}
	for (i = 0; i < 2; ++i) { /* A = (p + r) / 2 */
		M[i] = 0.5 * (L[0][i] + L[2][i]);
		D[i] = 0.5 * (L[1][i] + L[3][i]);
	}
	path_poly(M, D, ca);
	for (i = 0; i < 2; ++i) { /* B = r - p */
		M[i] = L[2][i] - L[0][i];
		D[i] = L[3][i] - L[1][i];
	}
	path_poly(M, D, cb);
}

/* The coefficient form octave k needs: along x (1), or x and y (2). */
static int form_of(const perlin_voice *v, unsigned k)
{
	return v->shape.dims == 2 && v->ry[k].step != 0.0 ? 2 : 1;
}

/* The phase steps of voice v from this sample to the chunk's end: the
   chunk's mean rates (x: rate x multiplier x transport; y: drift and
   morph's move), ramps re-anchored where a step changes. */
static void voice_steps(const perlin_dsp *d, perlin_voice *v)
{
	const perlin_smooth *a = &d->at[0], *b = &d->at[1];
	const double dmorph = (b->morph - a->morph) / (double)d->grid;
	unsigned k;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		const double m0 = v->mult[0][k], m1 = v->mult[1][k];
		/* x a grid step late (see voice_end) */
		const double sx = 0.5 * (d->xrate_was * v->mult_was[k] + a->xrate * m0) * d->xmotion;
		const double sy = 0.5 * (a->drift * m0 + b->drift * m1) * d->motion +
		                  dmorph * 0.5 * (m0 + m1);
		int form;
		if (sx != v->rx[k].step)
			ramp_restep(&v->rx[k], sx, v->oct[k].period);
		if (sy != v->ry[k].step)
			ramp_restep(&v->ry[k], sy, 0U);
		form = form_of(v, k);
		if (v->form[k]) /* heard: the coefficients of its cell (kept if the same) */
			voice_coef(v, k, form);
	}
}

static void restep(perlin_dsp *d)
{
	int w;
	for (w = 0; w < 2; ++w)
		if (live(d, w))
			voice_steps(d, &d->voice[w]);
	d->restep = 0;
}

/* ---- voices -------------------------------------------------------------- */

/* Whether a and b are within a millionth of a cell. */
static int pos_close(noise_pos a, noise_pos b)
{
	const double dist = (double)(int32_t)(a.cell - b.cell) + (a.frac - b.frac);
	return fabs(dist) < 1e-6;
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
	int silent = !d->started, placed = 1;
	dsp_place at;
	noise_pos x0, y0;
	unsigned k;
	memset(&at, 0, sizeof at);
	if (d->want_reset) { /* x 0, y morph */
		at.morph = d->target.morph;
	} else if (d->want_locate || !d->started) {
		dsp_transport_phase(d, &at);
		if (d->started && same_shape(&want, &old->shape)) {
			const noise_pos x = noise_pos_mul(at.xv, at.xs, want.loop);
			const noise_pos y = noise_pos_add(noise_pos_mul(at.yv, at.ys, 0U), at.morph);
			if (pos_close(ramp_pos(&old->rx[0], old->oct[0].period), x) &&
			    (want.dims == 1 || pos_close(ramp_pos(&old->ry[0], 0U), y))) {
				d->want_locate = 0; /* already there */
				if (d->moving)
					return;
				silent = 1;
			}
		}
	} else { /* go on from where the old voice is */
		placed = 0;
	}
	x0 = ramp_pos(&old->rx[0], old->oct[0].period);
	y0 = ramp_pos(&old->ry[0], 0U);
	if (want.loop)
		x0 = noise_pos_wrap(x0, want.loop);
	if (silent) { /* nothing heard yet (or nothing changes): settle at once */
		d->at[0] = d->at[1] = d->target;
		d->xrate_was = d->target.xrate;
		d->moving = 0;
	}
	v->shape = want;
	voice_end(d, v, 0, &d->at[0]);
	voice_end(d, v, 1, &d->at[1]);
	memcpy(v->mult_was, v->mult[0], sizeof v->mult_was);
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		const uint32_t per = v->shape.loop ? v->shape.period[k] : 0U;
		const double m = v->mult[0][k];
		noise_pos xk, yk;
		if (placed) { /* each octave's phase taken from the transport exactly */
			xk = noise_pos_mul(at.xv, at.xs * m, per);
			yk = noise_pos_add(noise_pos_mul(at.yv, at.ys * m, 0U), at.morph * m);
		} else {
			xk = noise_pos_scale(x0, m);
			if (per)
				xk = noise_pos_wrap(xk, per);
			yk = noise_pos_scale(y0, m);
		}
		noise_octave_init(&v->oct[k], xk, yk, noise_octave_seed(v->shape.seed, k), per);
		ramp_start(&v->rx[k], xk, 0.0);
		ramp_start(&v->ry[k], yk, 0.0);
		v->form[k] = 0;
	}
	d->cur = !d->cur;
	d->want_reset = d->want_locate = 0;
	d->fade = silent ? d->xfade_len : 0U;
	voice_steps(d, v);
}

/* Apply a pending discrete change if no crossfade is running. */
void dsp_maybe_start_voice(perlin_dsp *d)
{
	perlin_shape want;
	if (d->fade < d->xfade_len)
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
	/* about PERLIN_GRID_S, in whole groups of 8 samples */
	d->grid = 8U * (uint32_t)floor(d->sr * PERLIN_GRID_S / 8.0 + 0.5);
	if (d->grid < 8U)
		d->grid = 8U;
	d->decay = exp(-(double)d->grid / (PERLIN_SMOOTH_S * d->sr));
	d->xfade_len = (uint32_t)ceil(PERLIN_XFADE_S * d->sr);
	if (d->xfade_len < 1U)
		d->xfade_len = 1U;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		d->ctl[i] = perlin_params[i].def;
	perlin_dsp_set_path(d, perlin_dsp_best_path());
	perlin_dsp_activate(d);
}

void perlin_dsp_activate(perlin_dsp *d)
{
	d->started = 0;
	d->clock = 0;
	d->tp_valid = d->tp_beat_valid = 0;
	d->tp_count = 0;
	d->tp_speed = 1.0;
	d->tp_bpm = 120.0;
	d->want_reset = 0;
	d->want_locate = 1;
	d->fade = d->xfade_len;
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

/* ---- rendering ------------------------------------------------------------ */

#define SPAN 1024 /* samples rendered at a time (buffers) */
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
   and the cells' lines come from a table made for each span. */
#define DENSE_STEP 0.0625
#define DENSE_CELLS (SPAN / 2 + 8) /* a span's cells, and 4 more for the
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

/* Octave k along x with short cells: dense over its table (gain line g0,
   dg from the span's place t0 in its chunk). */
static void octave_dense(const perlin_dsp *d, perlin_voice *v, unsigned k, float *acc,
                         uint32_t len, float g0, float dg, uint32_t t0)
{
	perlin_ramp *r = &v->rx[k];
	const double sc = dims_scale(v);
	v->oct[k].y = ramp_pos(&v->ry[k], 0U); /* still, or unheard (1D) */
	float line[4 * DENSE_CELLS];
	uint32_t i = 0;
	while (i < len) {
		const uint32_t room = RAMP_REBASE - (uint32_t)r->j;
		const uint32_t seg = room < len - i ? room : len - i;
		const double ta = r->a + (double)r->j * r->step;
		const double t1 = r->a + (double)(r->j + seg - 1U) * r->step;
		const int32_t c0 = (int32_t)ta;
		cell_table(v, k, r->cell + (uint32_t)c0, (int32_t)t1 - c0 + 1 + 4, sc, line);
		d->kernels->dense(acc + i, seg, r->j, r->a, r->step, c0, line, g0, dg, t0 + i);
		r->j += seg;
		i += seg;
		if (r->j >= RAMP_REBASE)
			ramp_rebase(r, v->oct[k].period);
	}
}

/* seg1 over seg samples of ramp r along x alone. */
static inline void seg_x(const perlin_dsp *d, float *acc, uint32_t seg, const perlin_ramp *r,
                         const float *c, float g0, float dg, uint32_t t0)
{
	d->kernels->seg1(acc, seg, r->j, r->a - 0.5, r->step, r->mf, c, g0, dg, t0);
}

/* The reference: seg samples of octave k evaluated by the noise library
   at the ramps' phases, in double, times the gain line. */
static void seg_reference(perlin_voice *v, unsigned k, float *acc, uint32_t seg,
                          double g0, double dg, uint32_t t0)
{
	noise_octave *o = &v->oct[k];
	const perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	uint32_t i;
	for (i = 0; i < seg; ++i) {
		double n;
		o->x.cell = rx->cell;
		o->x.frac = rx->a + (double)(rx->j + i) * rx->step;
		o->y.cell = ry->cell;
		o->y.frac = ry->a + (double)(ry->j + i) * ry->step;
		n = v->shape.dims == 2 ? noise_octave_2d(o) : noise_octave_1d(o);
		acc[i] += (float)((g0 + dg * (double)(t0 + i)) * n);
	}
}

/* Octave k's share of len samples (t0: the first one's place in its
   chunk), added into acc. */
static void octave_span(const perlin_dsp *d, perlin_voice *v, unsigned k, float *acc,
                        uint32_t len, uint32_t t0)
{
	perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	const uint32_t period = v->oct[k].period;
	const double gs = v->gain[0][k], ge = v->gain[1][k];
	const double dgd = (ge - gs) / (double)d->grid;
	const float g0 = (float)gs, dg = (float)dgd;
	const int ref = d->path == PERLIN_PATH_REFERENCE;
	int two;
	uint32_t i = 0;
	if (gs == 0.0 && ge == 0.0) { /* silent: only the phases move */
		ramp_ride(rx, period, len);
		ramp_ride(ry, 0U, len);
		v->form[k] = 0; /* its cell and coefficients are out of date */
		return;
	}
	if (!v->form[k]) { /* heard again (from a grid point): catch up */
		ramp_rebase(rx, period);
		ramp_rebase(ry, 0U);
		voice_coef(v, k, form_of(v, k));
	}
	two = v->form[k] == 2;
	if (!two && !ref && rx->step >= DENSE_STEP && rx->step < 0.5) {
		ramp_ride(ry, 0U, len); /* unheard (1D) or still (2D) */
		octave_dense(d, v, k, acc, len, g0, dg, t0);
		return;
	}
	if (!two && v->shape.dims == 1)
		ramp_ride(ry, 0U, len); /* y is not heard: x alone splits segments */
	/* a ramp the dense kernel or ramp_ride moved on past its crossing (the
	   form or mode changed at this sample): anchor it where it is, and the
	   coefficients to its cell */
	if (rx->j > rx->cross || (v->shape.dims == 2 && ry->j > ry->cross)) {
		ramp_rebase(rx, period);
		ramp_rebase(ry, 0U);
		voice_coef(v, k, form_of(v, k));
	}
	while (i < len) {
		uint64_t left = rx->cross - rx->j;
		uint32_t seg;
		if (v->shape.dims == 2 && ry->cross - ry->j < left)
			left = ry->cross - ry->j;
		seg = left < len - i ? (uint32_t)left : len - i;
		if (ref)
			seg_reference(v, k, acc + i, seg, gs, dgd, t0 + i);
		else if (two && fabs(rx->step) >= fabs(ry->step)) { /* closer to x */
			const double alpha = ry->step / rx->step;
			/* uy where ux is: the same sample of both ramps */
			const double beta = (ry->a - 0.5) +
				(double)((int64_t)ry->j - (int64_t)rx->j) * ry->step -
				alpha * (rx->a - 0.5);
			float ca[7], cb[7];
			path_coef(v, k, alpha, beta, ca, cb);
			d->kernels->seg2x(acc + i, seg, rx->j, rx->a - 0.5, rx->step, rx->mf, ca, cb,
			                  (float)alpha, (float)beta, g0, dg, t0 + i);
		} else if (two)
			d->kernels->seg2(acc + i, seg, rx->j, rx->a - 0.5, rx->step, ry->j,
			                 ry->a - 0.5, ry->step, v->coef[k], g0, dg, t0 + i);
		else
			seg_x(d, acc + i, seg, rx, v->coef[k], g0, dg, t0 + i);
		rx->j += seg;
		if (v->shape.dims == 2)
			ry->j += seg;
		i += seg;
		if (rx->j == rx->cross || (v->shape.dims == 2 && ry->j == ry->cross)) {
			if (rx->j == rx->cross)
				ramp_next_cell(rx, period);
			if (v->shape.dims == 2 && ry->j == ry->cross)
				ramp_next_cell(ry, 0U);
			voice_coef(v, k, form_of(v, k));
		}
	}
}

/* len samples (all inside one chunk unless nothing moves), from t0 in
   the chunk. */
static void render_span(perlin_dsp *d, float *out, uint32_t len, uint32_t t0)
{
	float buf[2][8 + SPAN + 8]; /* the voices' sums, with the slack kernel.h's part() needs */
	float dpb[SPAN], opb[SPAN];
	const float *dp = NULL, *op = NULL;
	const perlin_smooth *a = &d->at[0], *b = &d->at[1];
	const int fading = d->fade < d->xfade_len;
	int w;
	unsigned k;
	for (w = 0; w <= fading; ++w) {
		perlin_voice *v = &d->voice[w ? !d->cur : d->cur];
		memset(buf[w], 0, (8 + len + 8) * sizeof buf[w][0]);
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
			octave_span(d, v, k, buf[w] + 8, len, t0);
	}
	if (a->depth != b->depth || a->offset != b->offset) { /* lines */
		const double dd = (b->depth - a->depth) / (double)d->grid;
		const double od = (b->offset - a->offset) / (double)d->grid;
		uint32_t i;
		for (i = 0; i < len; ++i) {
			dpb[i] = (float)(a->depth + dd * (double)(t0 + i));
			opb[i] = (float)(a->offset + od * (double)(t0 + i));
		}
		dp = dpb;
		op = opb;
	}
	if (fading)
		d->level = d->kernels->mix(buf[0] + 8, buf[1] + 8, out, len, (float)d->fade,
		                           1.0f / (float)d->xfade_len, (float)a->depth,
		                           (float)a->offset, dp, op);
	else
		d->level = d->kernels->finish(buf[0] + 8, out, len, (float)a->depth,
		                              (float)a->offset, dp, op);
}

void perlin_dsp_run(perlin_dsp *d, float *out, uint32_t n)
{
	while (n) {
		const uint32_t t0 = (uint32_t)(d->clock % d->grid);
		uint32_t len = n < SPAN ? n : SPAN;
		if (t0 == 0 && d->moving)
			grid_point(d);
		if (d->restep)
			restep(d);
		if (d->moving && len > d->grid - t0)
			len = d->grid - t0;
		if (d->fade < d->xfade_len && len > d->xfade_len - d->fade)
			len = d->xfade_len - d->fade;
		render_span(d, out, len, t0);
		d->clock += len;
		if (d->tp_valid)
			d->tp_count += len;
		d->started = 1;
		if (out)
			out += len;
		n -= len;
		if (d->fade < d->xfade_len) {
			d->fade += len;
			if (d->fade >= d->xfade_len) {
				d->fade = d->xfade_len;
				dsp_maybe_start_voice(d); /* a change that waited, from here */
			}
		}
	}
}
