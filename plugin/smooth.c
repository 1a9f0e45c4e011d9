/* smooth.c: the continuous controls, one-pole smoothed on the grid
   (dsp.h), their targets, and what each grid point gives the voices:
   frequency multipliers and octave gains, band-limited. */
#include "dsp_private.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

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
	n.spread = settle(v->spread, t->spread, decay);
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

/* Octave-0 cells per second the controls ask for (per beat per second
   when synced: the tempo, d->xmotion, is the transport's and applies at
   once). */
static double target_rate(const perlin_dsp *d)
{
	const double r = d->sync ? 1.0 / d->ctl[PERLIN_BEATS] : d->ctl[PERLIN_RATE];
	return dsp_clamp_finite(r, -PERLIN_MAX_RATE, PERLIN_MAX_RATE, 0.0);
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
		g[k] *= sqrt(1.0 - b * b);
	}
}

/* y's speed in cells a sample at multiplier 1 over the chunk from p to
   q: drift (at the transport's speed, as x's, when above 1) and morph's
   move. */
static double y_speed(const perlin_dsp *d, const perlin_smooth *p, const perlin_smooth *q,
                      double speed)
{
	const double dr = fabs(p->drift) > fabs(q->drift) ? fabs(p->drift) : fabs(q->drift);
	return dr * speed + fabs(q->morph - p->morph) / (double)d->grid;
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
void voice_end(const perlin_dsp *d, perlin_voice *v, int e, const perlin_smooth *s)
{
	const noise_fbm p = noise_fbm_clamp(fbm_at(s));
	const double speed = fabs(d->motion) > 1.0 ? fabs(d->motion) : 1.0;
	const double f0 = fabs(s->xrate * d->tempo) * speed * d->sr;
	const double fa = fabs(d->at[0].xrate * d->tempo) * speed * d->sr;
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
		extra[k] = k ? bandlimit(f, d->sr) : 1.0;
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
	t.spread = d->spread;
	if (!same_smooth(&t, &d->target) ||
	    band_was != d->tempo * (fabs(d->motion) > 1.0 ? fabs(d->motion) : 1.0)) {
		d->target = t;
		d->moving = 1; /* from the next grid point */
	}
	d->restep = 1; /* the speed or tempo may have changed */
}

/* The smoothers step at a grid point: the chunk from here to the next. */
void grid_point(perlin_dsp *d)
{
	int w, still;
	d->was = d->at[0];
	d->at[0] = d->at[1];
	d->at[1] = smooth_step(&d->at[1], &d->target, d->decay);
	still = same_smooth(&d->at[0], &d->target) && same_smooth(&d->at[1], &d->target) &&
	        d->was.xrate == d->at[0].xrate && d->was.drift == d->at[0].drift &&
	        d->was.morph == d->at[0].morph;
	for (w = 0; w < 2; ++w) {
		perlin_voice *v = &d->voice[w];
		if (!live(d, w))
			continue;
		memcpy(v->mult_was, v->mult[0], sizeof v->mult_was);
		memcpy(v->mult[0], v->mult[1], sizeof v->mult[0]);
		memcpy(v->gain[0], v->gain[1], sizeof v->gain[0]);
		memcpy(v->alt[0], v->alt[1], sizeof v->alt[0]);
		voice_end(d, v, 1, &d->at[1]);
		still = still && !memcmp(v->mult[0], v->mult[1], sizeof v->mult[0]) &&
		        !memcmp(v->mult_was, v->mult[0], sizeof v->mult_was) &&
		        !memcmp(v->gain[0], v->gain[1], sizeof v->gain[0]) &&
		        !memcmp(v->alt[0], v->alt[1], sizeof v->alt[0]);
	}
	d->moving = !still;
	d->restep = 1;
}

