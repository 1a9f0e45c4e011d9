/* voice.c: the voices (streams of noise): which settings they render,
   what each grid point gives them (frequency multipliers and octave
   gains, band-limited and blended by spread), their phases' steps, and
   starting one where the transport or the old voice says (crossfaded, or
   silently where nothing changes). dsp.c calls it; it calls
   transport.c (where the transport puts
   the phase), coef.c (a cell's coefficients), ramp.c (a phase).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "voice.h"
#include "plan.h"
#include "transport.h"
#include "coef.h"
#include "ramp.h"

#include <math.h>
#include <string.h>

/* The discrete settings the controls ask for now. */
static perlin_shape wanted_shape(const perlin_dsp *d)
{
	perlin_shape s;
	unsigned k;
	memset(&s, 0, sizeof s);
	s.seed = (uint32_t)(d->ctl[PERLIN_SEED] + 0.5f);
	if (d->shape_n) /* the shape_n-th noise of the seed's sequence */
		s.seed = noise_hash(s.seed ^ noise_hash(0x5ba9e000U + d->shape_n));
	s.dims = d->ctl[PERLIN_DIMENSIONS] < 1.5f ? 1 : 2;
	s.loop = (uint32_t)(d->ctl[PERLIN_LOOP] + 0.5f);
	if (s.loop)
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
			s.period[k] = noise_loop_period(s.loop, d->ctl[PERLIN_LACUNARITY], k);
	s.slant = s.dims == 2 && !s.loop ? NOISE_2D_SLANT : 0.0;
	return s;
}

static int same_shape(const perlin_shape *a, const perlin_shape *b)
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

/* Spread s over the octave gains g (dsp.h, perlin_dsp_spread): each
   octave's g becomes g a (layer 0's gain) and g b (alt: each other
   layer's), a^2 + b^2 = 1, b = sqrt(s) w and w from the share of the
   variance (g^2) below the octave: 1 up to 95%, 0 from 97% (the octaves
   left shared hold at most 5% of it, so at spread 1 two outputs correlate
   by 0.05 at most). At s = 0, b is 0 and a exactly 1: the gains are
   unchanged. */
static void blend(double g[NOISE_MAX_OCTAVES], double s, double alt[NOISE_MAX_OCTAVES])
{
	const double rs = sqrt(s);
	double total = 0.0, below = 0.0;
	unsigned k;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
		total += g[k] * g[k];
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		const double c = total > 0.0 ? below / total : 1.0;
		const double w = c <= 0.95 ? 1.0 : c >= 0.97 ? 0.0 : (0.97 - c) / 0.02;
		/* a blend too small to hear is none (no layer rendered for it) */
		const double b = rs * w < 1e-5 ? 0.0 : rs * w;
		below += g[k] * g[k];
		alt[k] = g[k] * b;
		if (b != 0.0) /* (else sqrt(1) = 1: g as it is) */
			g[k] *= sqrt(1.0 - b * b);
	}
}

/* y's speed in cells a sample at multiplier 1 over the chunk from p to
   q: drift (at the transport's speed, as x's, when above 1), morph's
   move and the morph CV's (the chunk before's: warp.c). */
static double y_speed(const perlin_dsp *d, const perlin_smooth *p, const perlin_smooth *q,
                      double speed)
{
	const double dr = fabs(p->drift) > fabs(q->drift) ? fabs(p->drift) : fabs(q->drift);
	return dr * speed + fabs(q->morph - p->morph) / (double)d->grid + d->morph_band;
}

/* The frequency multipliers and gains of voice v for the controls s, at
   end e of the chunk. The band-limit follows the rate the octaves play at
   (the smoothed rate, the tempo and a speed above 1; in 2D the speed along
   the path, x's and y's: drift, morph's move and the slant) and looks one
   grid step ahead: the phases follow the smoothed controls a grid step
   late (voice_steps), so an octave has faded before its phase speeds up
   through Nyquist, and fades back in only once it has slowed down. The
   gain at a grid point is that of the faster of the octave's rates there
   and at the next one (y: over the chunks either side). */
static void voice_end(const perlin_dsp *d, perlin_voice *v, int e, const perlin_smooth *s)
{
	const noise_fbm p = noise_fbm_clamp((noise_fbm){ s->octaves, s->persistence, s->lacunarity });
	const double speed = fabs(d->motion) > 1.0 ? fabs(d->motion) : 1.0;
	/* (warp_band: the rate CV's factor, folded or its chunk's largest) */
	const double f0 = fabs(s->xrate * d->tempo) * speed * d->warp_band * d->sr;
	const double fa = fabs(d->at[0].xrate * d->tempo) * speed * d->warp_band * d->sr;
	double extra[NOISE_MAX_OCTAVES], m = 1.0, ys = 0.0;
	unsigned k;
	if (v->shape.dims == 2) { /* y cells a second at multiplier 1 */
		const double y0 = y_speed(d, &d->was, &d->at[0], speed);
		const double y1 = y_speed(d, &d->at[0], &d->at[1], speed);
		ys = (y0 > y1 ? y0 : y1) * d->sr;
	}
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k, m *= p.lacunarity) {
		double f;
		v->mult[e][k] = v->shape.loop
			? (double)v->shape.period[k] / (double)v->shape.loop
			: m; /* lacunarity^k */
		f = f0 * v->mult[e][k];
		if (e == 1 && fa * v->mult[0][k] > f) /* the start's rate is faster */
			f = fa * v->mult[0][k];
		if (v->shape.dims == 2) { /* along the path: x and y (y moves by the slant too) */
			const double fy = ys * v->mult[e][k] + v->shape.slant * f;
			f = sqrt(f * f + fy * fy);
		}
		/* (octave 0 too where the rate or morph CV takes it past the
		   rate's range: PERLIN_MAX_RATE keeps it below sr/16 otherwise) */
		extra[k] = k || d->warp_band > 1.0 || d->morph_band > 0.0 ? bandlimit(f, d->sr) : 1.0;
	}
	if (e == 1 && !memcmp(&p, &v->gains_for, sizeof p) &&
	    !memcmp(extra, v->extra_for, sizeof extra) && s->spread == v->spread_for) {
		/* as at the chunk's start (gain[0] is for gains_for: voice_end(0)
		   or the last grid point) */
		memcpy(v->gain[1], v->gain[0], sizeof v->gain[1]);
		memcpy(v->alt[1], v->alt[0], sizeof v->alt[1]);
		return;
	}
	noise_fbm_gains(p, extra, v->shape.dims, v->gain[e]);
	blend(v->gain[e], s->spread, v->alt[e]);
	v->gains_for = p;
	memcpy(v->extra_for, extra, sizeof extra);
	v->spread_for = s->spread;
}

/* At a grid point, after the smoothers' step: each live voice's
   multipliers and gains move on a chunk and take the new end's. Whether
   they all hold still (the chunks either side alike). */
int voice_grid_point(perlin_dsp *d)
{
	int w, still = 1;
	for (w = 0; w < 2; ++w) {
		perlin_voice *v = &d->voice[w];
		if (w != d->cur && d->fade >= d->xfade_n)
			continue; /* (not live: neither current nor fading out) */
		memcpy(v->gain[0], v->gain[1], sizeof v->gain[0]);
		memcpy(v->alt[0], v->alt[1], sizeof v->alt[0]);
		if (w != d->cur)
			continue; /* fading out: held as it was (see restep) */
		memcpy(v->mult_was, v->mult[0], sizeof v->mult_was);
		memcpy(v->mult[0], v->mult[1], sizeof v->mult[0]);
		voice_end(d, v, 1, &d->at[1]);
		still = still && !memcmp(v->mult[0], v->mult[1], sizeof v->mult[0]) &&
		        !memcmp(v->mult_was, v->mult[0], sizeof v->mult_was) &&
		        !memcmp(v->gain[0], v->gain[1], sizeof v->gain[0]) &&
		        !memcmp(v->alt[0], v->alt[1], sizeof v->alt[0]);
	}
	return still;
}

/* The phase steps of voice v from this sample to the chunk's end: the
   mean rates of the chunk a grid step earlier (x: rate x multiplier x
   transport; y: drift, morph's move and the slant times x's; see
   voice_end: the band-limit looks a grid step ahead), ramps re-anchored
   where a step changes; whether one did (a plan of the voice holds no
   more). */
static int voice_steps(perlin_dsp *d, perlin_voice *v)
{
	const perlin_smooth *w = &d->was, *a = &d->at[0];
	const double dmorph = (a->morph - w->morph) / (double)d->grid;
	unsigned k;
	int l, moved = 0;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		const double mw = v->mult_was[k], m0 = v->mult[0][k];
		const double sx = 0.5 * (w->xrate * mw + a->xrate * m0) * d->xmotion * d->warp;
		const double sy = 0.5 * (w->drift * mw + a->drift * m0) * d->motion +
		                  dmorph * 0.5 * (mw + m0) + v->shape.slant * sx;
		int axes;
		if (sx == v->rx[k].step && sy == v->ry[k].step)
			continue; /* the same cells and axes: the coefficients hold */
		moved = 1;
		if (sx != v->rx[k].step)
			ramp_restep(&v->rx[k], sx, v->stream[0][k].oct.period);
		if (sy != v->ry[k].step)
			ramp_restep(&v->ry[k], sy, 0U);
		axes = axes_of(v, k);
		v->fold_axes[k] = 0; /* the coefficients may change with the axes */
		for (l = 0; l < v->layers; ++l)
			if (v->stream[l][k].axes) /* heard: the coefficients of its cell (kept if the same) */
				voice_coef(v, &v->stream[l][k], k, axes);
	}
	return moved;
}

/* Only the current voice: one fading out keeps the speeds (and, at grid
   points, the gains) it had when its crossfade began, so a change that
   starts a voice (sync switched on, a new tempo or beats) never plays the
   old voice at a speed its band-limit was not made for. */
void restep(perlin_dsp *d)
{
	/* (a faster voice waits for a crossfade: keep this one's speed) */
	if (!d->want_band && voice_steps(d, &d->voice[d->cur]))
		d->gen++; /* (a steady plan holds no more) */
	d->restep = 0;
}

/* Where the transport puts octave k's y (multiplier m): morph, drift and
   the slant, each product taken exactly (noise_pos_mul) and summed. */
static noise_pos place_y(const dsp_place *at, double m, double slant)
{
	noise_pos y = noise_pos_add(noise_pos_mul(at->yv, at->ys * m, 0U), at->morph * m);
	if (slant != 0.0) {
		const noise_pos s = noise_pos_mul(at->xv, at->xs * m * slant, 0U);
		y = noise_pos_add(y, s.frac);
		y.cell += s.cell;
	}
	return y;
}

/* The seed of a voice's layer l: the seed itself for layer 0 (the noise
   of the one-output plugins), another one, as unrelated, for each other. */
static uint32_t layer_seed(uint32_t seed, int l)
{
	return l ? noise_hash(seed ^ noise_hash(0x5eedU + (uint32_t)l)) : seed;
}

/* Whether a and b are within a millionth of a cell. */
static int pos_close(noise_pos a, noise_pos b)
{
	const double dist = (double)(int32_t)(a.cell - b.cell) + (a.frac - b.frac);
	return fabs(dist) < 1e-6;
}

/* Where the transport (at) places an octave of multiplier m, loop period
   per (0: none): x taken exactly (noise_pos_mul), y as place_y. */
static void place_octave(const dsp_place *at, double m, uint32_t per, double slant,
                         noise_pos *x, noise_pos *y)
{
	*x = noise_pos_mul(at->xv, at->xs * m, per);
	if (at->x0 != 0.0) { /* the phase control's offset */
		*x = noise_pos_add(*x, at->x0 * m);
		if (per)
			*x = noise_pos_wrap(*x, per);
	}
	*y = place_y(at, m, slant);
}

/* Whether every octave of voice v is where the transport places it (at):
   octave 0 alone is not enough, as far out (a beat of 1e30) the octaves'
   phases from the transport are not each other's multiples. */
static int phases_there(const perlin_voice *v, const dsp_place *at)
{
	unsigned k;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		const uint32_t per = v->stream[0][k].oct.period;
		noise_pos x, y;
		place_octave(at, v->mult[0][k], per, v->shape.slant, &x, &y);
		if (!pos_close(ramp_pos(&v->rx[k], per), x) ||
		    (v->shape.dims == 2 && !pos_close(ramp_pos(&v->ry[k], 0U), y)))
			return 0;
	}
	return 1;
}

/* The crossfade for a change: a restart (trigger, reset) or a transport
   jump takes the short one (xfade_len); a control change that cannot
   glide takes PERLIN_XFADE_CELLS of a cell of octave 0 at the speed it
   heads for along its path (x, and y by drift and the slant), within
   xfade_len .. PERLIN_XFADE_MAX_S: on a slow noise the fade then moves
   the output about as fast as the noise itself does, not in a lurch. A
   noise that stands still (stopped on Hold, rate 0) takes the short one:
   there is no motion to fit, and a change made before an export is over
   before the export begins. */
static uint32_t xfade_length(const perlin_dsp *d, int quick)
{
	const double sx = fabs(d->target.xrate * d->xmotion);
	const double sy = fabs(d->target.drift * d->motion) +
	                  (d->ctl[PERLIN_DIMENSIONS] < 1.5f ? 0.0 : NOISE_2D_SLANT * sx);
	const double speed = sqrt(sx * sx + sy * sy); /* cells a sample */
	const double most = PERLIN_XFADE_MAX_S * d->sr;
	double n;
	if (quick || !(speed > 0.0))
		return d->xfade_len; /* (a noise standing still: nothing to fit) */
	n = speed * most > PERLIN_XFADE_CELLS ? PERLIN_XFADE_CELLS / speed : most;
	return n > (double)d->xfade_len ? (uint32_t)n : d->xfade_len;
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
	const int quick = d->want_reset || d->want_band || d->quick;
	int silent = !d->started, placed = 1;
	dsp_place at;
	noise_pos x0, y0;
	unsigned k;
	int l;
	memset(&at, 0, sizeof at);
	if (d->want_reset) { /* x where phase says, y morph */
		at.x0 = dsp_phase_offset(d);
		at.morph = d->target.morph + d->morph_v;
	} else if (d->want_locate || d->want_band || !d->started) {
		dsp_transport_phase(d, &at);
		if (d->started && same_shape(&want, &old->shape) && phases_there(old, &at) &&
		    !d->want_band) {
			d->want_locate = d->quick = 0; /* already there */
			if (d->moving)
				return;
			silent = 1;
		}
	} else { /* go on from where the old voice is */
		placed = 0;
	}
	x0 = ramp_pos(&old->rx[0], old->stream[0][0].oct.period);
	if (!placed && d->phase_shift != 0.0) /* the phase control moved (free running) */
		x0 = noise_pos_add(x0, d->phase_shift);
	d->phase_shift = 0.0;
	y0 = ramp_pos(&old->ry[0], 0U);
	if (!placed && d->morph_shift != 0.0) /* morph jumped (smooth_morph_jump) */
		y0 = noise_pos_add(y0, d->morph_shift);
	d->morph_shift = 0.0;
	if (want.loop)
		x0 = noise_pos_wrap(x0, want.loop);
	if (silent) { /* nothing heard yet (or nothing changes): settle at once */
		d->at[0] = d->at[1] = d->target;
		d->was = d->target;
		d->moving = 0;
	} else if (placed && !d->want_reset) {
		/* placed from the transport: at the rate it is placed by from here
		   (a synced phase stays where the position says; the old voice
		   fades out at its own) */
		d->at[0].xrate = d->at[1].xrate = d->was.xrate = d->target.xrate;
	}
	plan_forget(d, !d->cur); /* (the old voice's holds on while it fades) */
	v->shape = want;
	v->layers = d->outputs > 1U ? PERLIN_LAYERS : 1;
	v->seen_gen = v->seen_gen + 1U ? v->seen_gen + 1U : 1U; /* (new streams: none kept) */
	voice_end(d, v, 0, &d->at[0]);
	voice_end(d, v, 1, &d->at[1]);
	memcpy(v->mult_was, v->mult[0], sizeof v->mult_was);
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		const uint32_t per = v->shape.loop ? v->shape.period[k] : 0U;
		const double m = v->mult[0][k];
		noise_pos xk, yk;
		if (placed) { /* each octave's phase taken from the transport exactly */
			place_octave(&at, m, per, v->shape.slant, &xk, &yk);
		} else {
			xk = noise_pos_scale(x0, m);
			if (per)
				xk = noise_pos_wrap(xk, per);
			yk = noise_pos_scale(y0, m);
		}
		ramp_start(&v->rx[k], xk, 0.0);
		ramp_start(&v->ry[k], yk, 0.0);
		memset(v->path_for[k], 0, sizeof v->path_for[k]); /* no path yet (anchors count from 1) */
		v->fold_axes[k] = 0;
		for (l = 0; l < v->layers; ++l) {
			perlin_stream *stream = &v->stream[l][k];
			noise_octave_init(&stream->oct, xk, yk, noise_octave_seed(layer_seed(v->shape.seed, l), k),
			                  per);
			stream->axes = 0;
		}
		v->path_ok[k] = 0;
	}
	d->cur = !d->cur;
	d->want_reset = d->want_locate = d->want_band = d->quick = 0;
	d->xfade_n = xfade_length(d, quick);
	d->fade = silent ? d->xfade_n : 0U;
	(void)voice_steps(d, v); /* (its plan forgotten above) */
}

/* A restart or a transport jump that comes during a long crossfade
   hurries it: the rest of it takes xfade_len, from the same point of the
   fade (its weight moves on by less than a sample's step of the short
   one), so the restart waits no longer than behind a short crossfade. */
static void hurry(perlin_dsp *d)
{
	const uint32_t left = d->xfade_n - d->fade;
	double n;
	if (left <= d->xfade_len)
		return;
	n = ceil((double)d->xfade_len * (double)d->xfade_n / (double)left);
	d->xfade_n = (uint32_t)n;
	d->fade = d->xfade_n - d->xfade_len;
}

/* Apply a pending discrete change if no crossfade is running. */
void dsp_maybe_start_voice(perlin_dsp *d)
{
	perlin_shape want;
	if (d->fade < d->xfade_n) {
		if (d->want_reset || d->want_band || d->quick)
			hurry(d);
		return;
	}
	want = wanted_shape(d);
	if (!d->started || d->want_reset || d->want_locate || d->want_band || d->phase_shift != 0.0 ||
	    d->morph_shift != 0.0 ||
	    !same_shape(&want, &d->voice[d->cur].shape))
		start_voice(d);
}

