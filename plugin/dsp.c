/* dsp.c: see dsp.h for the behaviour and the threading classes. */
#include "dsp.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* The TTL (ttl/ports.ttl.in) states the same ranges; tests/test_plugin.c
   checks that they agree. */
const perlin_param_info perlin_params[PERLIN_N_PARAMS] = {
	{ "rate", 0.001f, 1000.0f, 1.0f, 1.0f },
	{ "octaves", 1.0f, 8.0f, 4.0f, 4.0f },
	{ "persistence", 0.0f, 1.0f, 0.5f, 0.5f },
	{ "lacunarity", 1.5f, 4.0f, 2.0f, 2.0f },
	{ "seed", 0.0f, 65535.0f, 1.0f, 1.0f },
	{ "dimensions", 1.0f, 2.0f, 1.0f, 1.0f },
	{ "morph", 0.0f, 16.0f, 0.0f, 0.0f },
	{ "drift", 0.0f, 10.0f, 0.0f, 0.0f },
	{ "depth", 0.0f, 1.0f, 1.0f, 1.0f },
	{ "offset", -1.0f, 1.0f, 0.0f, 0.0f },
	{ "sync", 0.0f, 1.0f, 0.0f, 0.0f },
	{ "beats", 0.0625f, 64.0f, 1.0f, 1.0f },
	{ "loop", 0.0f, 64.0f, 0.0f, 0.0f },
	{ "reset", 0.0f, 1.0f, 0.0f, 0.0f },
	{ "stopped", 0.0f, 1.0f, 0.0f, 1.0f },
};

float perlin_clamp(perlin_param param, float v)
{
	const perlin_param_info *i = &perlin_params[param];
	if (v != v)
		return i->def;
	return v < i->min ? i->min : (v > i->max ? i->max : v);
}

static double clamp_finite(double v, double lo, double hi, double fallback)
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

/* Octave-0 cells per second the transport and controls ask for. */
static double target_rate(const perlin_dsp *d)
{
	double r = d->ctl[PERLIN_RATE];
	if (d->sync) {
		const double bpm = d->tp_valid ? d->tp_bpm : 120.0;
		r = bpm / (60.0 * d->ctl[PERLIN_BEATS]);
	}
	return clamp_finite(r, -PERLIN_MAX_RATE, PERLIN_MAX_RATE, 0.0);
}

/* Frequency multipliers and gains a voice aims at. */
static void voice_targets(const perlin_dsp *d, perlin_voice *v)
{
	const noise_fbm p = fbm_params(d);
	const double f0 = fabs(d->xrate_t) * d->sr;
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

/* Whether the phase stands still while the transport does. */
static int holds_when_stopped(const perlin_dsp *d)
{
	return d->sync || d->ctl[PERLIN_STOPPED] < 0.5f;
}

/* Recompute every target from the controls and the transport. */
static void update_targets(perlin_dsp *d)
{
	/* The transport speed applies at once, not smoothed: a synced phase
	   must not lag behind the beat when the transport starts or stops. */
	if (d->sync)
		d->motion = d->tp_valid ? d->tp_speed : 1.0;
	else
		d->motion = holds_when_stopped(d) && d->tp_valid && d->tp_speed == 0.0 ? 0.0 : 1.0;
	d->xrate_t = target_rate(d) / d->sr;
	d->drift_t = d->ctl[PERLIN_DRIFT] / d->sr;
	d->morph_t = d->ctl[PERLIN_MORPH];
	d->depth_t = d->ctl[PERLIN_DEPTH];
	d->offset_t = d->ctl[PERLIN_OFFSET];
	voice_targets(d, &d->voice[d->cur]);
	if (d->fade < 1.0)
		voice_targets(d, &d->voice[!d->cur]);
}

/* Where the transport says octave 0 is (x) and the 2D path (y). */
static void transport_phase(const perlin_dsp *d, double *x, double *y)
{
	const double seconds = d->tp_valid ? d->tp_frame / d->sr : 0.0;
	if (d->sync) {
		const double beats = d->tp_beat_valid ? d->tp_beat
		                                      : seconds * (d->tp_valid ? d->tp_bpm : 120.0) / 60.0;
		*x = beats / d->ctl[PERLIN_BEATS];
	} else {
		*x = seconds * d->ctl[PERLIN_RATE];
	}
	*y = d->ctl[PERLIN_MORPH] + d->ctl[PERLIN_DRIFT] * seconds;
}

/* Start a voice with the wanted shape; fade into it unless nothing has
   been rendered yet (then it simply replaces the old one). */
static void start_voice(perlin_dsp *d)
{
	const perlin_voice *old = &d->voice[d->cur];
	perlin_voice *v = &d->voice[!d->cur];
	noise_pos x0, y0;
	unsigned k;
	if (d->want_reset) {
		x0 = noise_pos_from(0.0);
		y0 = noise_pos_from(d->morph_t);
	} else if (d->want_locate || !d->started) {
		double x, y;
		transport_phase(d, &x, &y);
		x0 = noise_pos_from(clamp_finite(x, -2e9, 2e9, 0.0));
		y0 = noise_pos_from(clamp_finite(y, -2e9, 2e9, 0.0));
	} else {
		x0 = old->oct[0].x;
		y0 = old->oct[0].y;
	}
	v->shape = wanted_shape(d);
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
	if (d->started && !d->snap) {
		d->fade = 0.0;
	} else { /* nothing heard yet: settle everything at once */
		d->fade = 1.0;
		d->xrate = d->xrate_t;
		d->drift = d->drift_t;
		d->morph = d->morph_t;
		d->depth = d->depth_t;
		d->offset = d->offset_t;
	}
	d->snap = 0;
}

/* Apply a pending discrete change if no crossfade is running. */
static void maybe_start_voice(perlin_dsp *d)
{
	perlin_shape want;
	if (d->snap)
		d->fade = 1.0; /* roll start: finish any crossfade now */
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
	d->sr = clamp_finite(sr, 8000.0, 768000.0, 48000.0);
	d->smooth = 1.0 - exp(-1.0 / (PERLIN_SMOOTH_S * d->sr));
	d->xfade_step = 1.0 / ceil(PERLIN_XFADE_S * d->sr);
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		d->ctl[i] = perlin_params[i].def;
	perlin_dsp_activate(d);
}

void perlin_dsp_activate(perlin_dsp *d)
{
	d->started = 0;
	d->tp_valid = d->tp_beat_valid = 0;
	d->tp_speed = 1.0;
	d->tp_bpm = 120.0;
	d->want_reset = 0;
	d->want_locate = 1;
	d->fade = 1.0;
	d->level = 0.0f;
	update_targets(d);
	maybe_start_voice(d);
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
	update_targets(d);
	maybe_start_voice(d);
}

void perlin_dsp_position(perlin_dsp *d, const perlin_position *p)
{
	int jump = 0;
	if (p->has_speed && p->speed == p->speed) {
		const double speed = clamp_finite(p->speed, -16.0, 16.0, 1.0);
		/* Starting to roll counts as a jump, so a render from here is
		   reproducible: a held phase is re-derived at once (it already is
		   where the transport is), a running one is crossfaded. */
		if (d->tp_valid && d->tp_speed == 0.0 && speed != 0.0) {
			jump = 1;
			d->snap = holds_when_stopped(d);
		}
		d->tp_speed = speed;
	}
	if (p->has_bpm && p->bpm == p->bpm)
		d->tp_bpm = clamp_finite(p->bpm, 1.0, 1000.0, 120.0);
	if (p->has_frame && isfinite(p->frame)) {
		jump |= !d->tp_valid || fabs(p->frame - d->tp_frame) > 0.5;
		d->tp_frame = p->frame;
		d->tp_valid = 1;
		if (jump && !p->has_beat) /* the old beat is stale: derive it */
			d->tp_beat_valid = 0;
	}
	if (p->has_beat && isfinite(p->beat)) {
		if (!p->has_frame)
			jump = !d->tp_beat_valid || fabs(p->beat - d->tp_beat) > 1e-3;
		d->tp_beat = p->beat;
		d->tp_beat_valid = 1;
		if (!d->tp_valid) { /* a beat alone: frames follow from tempo */
			d->tp_frame = p->beat * 60.0 / d->tp_bpm * d->sr;
			d->tp_valid = 1;
		}
	}
	if (jump)
		d->want_locate = 1;
	update_targets(d);
	maybe_start_voice(d);
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

void perlin_dsp_run(perlin_dsp *d, float *out, uint32_t n)
{
	const double a = d->smooth;
	const double beat_step = d->tp_bpm / (60.0 * d->sr);
	uint32_t i;
	for (i = 0; i < n; ++i) {
		const double morph = approach(d->morph, d->morph_t, a);
		double v, y, dx, dy;
		d->xrate = approach(d->xrate, d->xrate_t, a);
		d->drift = approach(d->drift, d->drift_t, a);
		d->depth = approach(d->depth, d->depth_t, a);
		d->offset = approach(d->offset, d->offset_t, a);
		dx = d->xrate * d->motion;
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
				maybe_start_voice(d); /* a change that waited */
			}
		}
		y = d->offset + d->depth * v;
		y = y < -1.0 ? -1.0 : (y > 1.0 ? 1.0 : y);
		if (out)
			out[i] = (float)y;
		d->level = (float)y;
		if (d->tp_valid) {
			d->tp_frame += d->tp_speed;
			d->tp_beat += d->tp_speed * beat_step;
		}
		d->started = 1;
	}
}
