/* smooth.c: the continuous controls, one-pole smoothed on the grid
   (state.h), and their targets (from the controls, the transport's speed
   and tempo). What a grid point gives the voices is voice.c's. dsp.c
   calls it; it calls transport.c (whether the phase holds when stopped), params.c.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "smooth.h"
#include "transport.h"
#include "params.h"

#include <math.h>
#include <string.h>

/* One grid step of a one-pole smoother; lands exactly on the target once
   close (within 1e-9 of it, or `floor`), so a settled value stays
   bit-stable (and never decays into denormals). */
static double settle(double v, double target, double decay, double floor)
{
	const double n = target + (v - target) * decay;
	const double d = target - n;
	if (fabs(d) <= 1e-9 * fabs(target) || fabs(d) < floor)
		return target;
	return n;
}

/* The floor of depth and offset, which the output takes in float: a
   value 1e-12 from its target changes no output sample, and a glide to
   offset 0 would otherwise keep the grid moving for a second longer
   (down to 1e-30), rendered by the loop where the steady plan would
   fold (plugin/README.md, the fold). */
#define SETTLE_OUT 1e-12

static perlin_smooth smooth_step(const perlin_smooth *v, const perlin_smooth *t, double decay)
{
	perlin_smooth n;
	n.xrate = settle(v->xrate, t->xrate, decay, 1e-30);
	n.drift = settle(v->drift, t->drift, decay, 1e-30);
	n.morph = settle(v->morph, t->morph, decay, 1e-30);
	n.depth = settle(v->depth, t->depth, decay, SETTLE_OUT);
	n.offset = settle(v->offset, t->offset, decay, SETTLE_OUT);
	n.octaves = settle(v->octaves, t->octaves, decay, 1e-30);
	n.persistence = settle(v->persistence, t->persistence, decay, 1e-30);
	n.lacunarity = settle(v->lacunarity, t->lacunarity, decay, 1e-30);
	n.spread = settle(v->spread, t->spread, decay, 1e-30);
	return n;
}

static int same_smooth(const perlin_smooth *a, const perlin_smooth *b)
{
	return memcmp(a, b, sizeof *a) == 0;
}

/* Octave-0 cells per second the controls ask for (per beat per second
   when synced: the tempo, d->xmotion, is the transport's and applies at
   once). */
static double target_rate(const perlin_dsp *d)
{
	const double r = d->sync ? d->cells_per_beat : d->ctl[PERLIN_RATE];
	return dsp_clamp_finite(r, -PERLIN_MAX_RATE, PERLIN_MAX_RATE, 0.0);
}

/* A tempo or speed this much faster or more takes a new voice whose
   band-limit is made for it; less (an external clock's tempo re-aimed at
   each pulse, transport.c) moves an octave's band-limit weight by under
   0.02, and the next grid point's gains follow it. */
#define BAND_SLACK 1.02

/* Recompute every target from the controls and the transport. */
void dsp_update_targets(perlin_dsp *d)
{
	perlin_smooth t;
	double band;
	const double band_was = d->tempo * (fabs(d->motion) > 1.0 ? fabs(d->motion) : 1.0);
	/* The transport's speed and tempo apply at once, not smoothed: a phase
	   that follows the transport (synced, or free on Hold) stays exactly
	   where its position says, whatever the transport does, so a later
	   locate or roll start finds it there and changes nothing. */
	d->motion = dsp_holds_when_stopped(d) && dsp_tp_known(d) ? dsp_tp_speed(d) : 1.0;
	d->tempo = d->sync ? dsp_tp_bpm(d) / 60.0 : 1.0;
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
	band = d->tempo * (fabs(d->motion) > 1.0 ? fabs(d->motion) : 1.0);
	if (band > band_was * BAND_SLACK && d->started)
		d->want_band = 1; /* the octaves play faster at once: a new voice (voice.c) */
	if (!same_smooth(&t, &d->target) || band_was != band) {
		d->target = t;
		d->moving = 1; /* from the next grid point */
		d->gen++;      /* (a steady plan holds no more) */
	}
	d->restep = 1; /* the speed or tempo may have changed */
}

/* Morph is a coordinate, not a level: a glide of it moves every octave's
   y, the octave of multiplier m at m times the glide's speed, while that
   octave moves on its own at m times octave 0's speed (x rate and drift).
   Whether the control glides or jumps follows how fast it moves, not how
   large each change is: a follower of the control (one-pole, the
   smoothers' PERLIN_SMOOTH_S, in exact time) lags it by about its speed
   times PERLIN_SMOOTH_S, whether it moved in one step or in a thousand
   small ones (a knob, a MIDI CC, dense automation). Where that lag is more
   than MORPH_GLIDE_SPEED times what octave 0 moves on its own in
   PERLIN_SMOOTH_S, and more than MORPH_GLIDE_MIN, gliding would scrub
   every octave through many cells in a few milliseconds: the change is a
   jump (from where the voices' y stands to the target), crossfaded like a
   phase change; and so is every change after it while the control keeps
   moving that fast (the jumps made during a crossfade add up, and are
   made at its end). Slower motion glides: automation moves y as fast as
   it asks, up to a few times the noise's own speed. */
#define MORPH_GLIDE_MIN 0.05  /* cells of y */
#define MORPH_GLIDE_SPEED 3.0 /* times octave 0's own speed */

double smooth_morph_jump(perlin_dsp *d, uint32_t t0, double from)
{
	const double to = d->target.morph;
	const double own = (fabs(d->target.xrate) * d->tempo + fabs(d->target.drift)) * d->sr;
	const double glide = MORPH_GLIDE_SPEED * PERLIN_SMOOTH_S * own;
	const double most = glide > MORPH_GLIDE_MIN ? glide : MORPH_GLIDE_MIN;
	/* the follower, from where it was to now (the control held at `from`
	   since), then how far the control is from it */
	const double seen = from + (d->morph_seen - from) *
	                               exp(-(double)(d->clock - d->morph_seen_at) /
	                                   (PERLIN_SMOOTH_S * d->sr));
	double now;
	d->morph_seen = d->started ? seen : to;
	d->morph_seen_at = d->clock;
	if (d->ctl[PERLIN_DIMENSIONS] < 1.5f || !d->started)
		return 0.0; /* (1D: morph moves nothing; before any output: no glide heard) */
	if (!(fabs(to - seen) > most))
		return 0.0;
	/* where the voices' y stands: the chunk's steps carry it from was to
	   at[0] (a grid step late), and at a grid point it is at at[0] */
	now = t0 == 0U ? d->at[0].morph
	               : d->was.morph + (d->at[0].morph - d->was.morph) * ((double)t0 / (double)d->grid);
	if (!(to != now))
		return 0.0;
	d->was.morph = d->at[0].morph = d->at[1].morph = to;
	d->restep = 1;
	return to - now;
}

/* The smoothers step at a grid point: the chunk from here to the next.
   Whether they hold still (settled, and x's and y's speeds as in the
   chunk before). */
int smooth_grid_point(perlin_dsp *d)
{
	d->was = d->at[0];
	d->at[0] = d->at[1];
	d->at[1] = smooth_step(&d->at[1], &d->target, d->decay);
	return same_smooth(&d->at[0], &d->target) && same_smooth(&d->at[1], &d->target) &&
	       d->was.xrate == d->at[0].xrate && d->was.drift == d->at[0].drift &&
	       d->was.morph == d->at[0].morph;
}
