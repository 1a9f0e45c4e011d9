/* step.c: sample and hold (the trigger mode PERLIN_TRIGGER_STEP): each
   output holds the shaped noise it had at the last trigger and glides to
   the next one's over the glide time (a smoothstep, as a crossfade is),
   with depth and offset applied live. dsp.c decides when: while stepping
   the voices ride on unheard (their phases keep time, so the held values
   are the noise sampled at the triggers, the same whatever the blocks);
   a trigger's sample is rendered alone (noise_only) and captured here;
   leaving the mode, the live noise fades back in over a crossfade.
   dsp.c calls it; it calls kernels.c (dsp_flush_out, and the kernels'
   hold_lines and hold through d->kernels).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "step.h"
#include "kernels.h"
#include "params.h"
#include "kernel_types.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* Samples a glide takes: the glide control, never shorter than a
   crossfade (so a step stays within the continuity bound). */
static uint32_t glide_samples(const perlin_dsp *d)
{
	const double n = ceil((double)d->ctl[PERLIN_GLIDE] * d->sr);
	return n > (double)d->xfade_len ? (uint32_t)n : d->xfade_len;
}

static double smoothstep(double f)
{
	return f * f * (3.0 - 2.0 * f);
}

/* Output o's held value i samples on in the glide (step_capture's; step_out's
   kernels make the same). */
static double held(const perlin_dsp *d, unsigned o, uint32_t i)
{
	const uint64_t at = (uint64_t)d->glide_at + i;
	if (at >= d->glide_len)
		return d->to[o];
	return d->from[o] + smoothstep((double)at / (double)d->glide_len) * (d->to[o] - d->from[o]);
}

/* The weight of the live noise i samples into leaving. */
static double leaving(const perlin_dsp *d, uint32_t i)
{
	const uint64_t at = (uint64_t)d->leave + i;
	return at >= d->xfade_len ? 1.0 : smoothstep((double)at / (double)d->xfade_len);
}

/* Whether the block goes through step.c (dsp.c looks at one field). */
static void busy(perlin_dsp *d)
{
	d->step_busy = d->stepping || d->leave < d->xfade_len;
}

void step_enter(perlin_dsp *d)
{
	d->stepping = 1;
	d->step_busy = 1;
	d->capture = 1;
	if (d->leave >= d->xfade_len) /* the output is the live noise: start there */
		d->held = 0;
}

void step_exit(perlin_dsp *d)
{
	d->stepping = 0;
	d->capture = 0;
	if (d->held) /* (nothing held yet: nothing to fade from) */
		d->leave = 0;
	busy(d);
}

void step_trigger(perlin_dsp *d)
{
	if (d->stepping)
		d->capture = 1;
}

/* now[o]: each output's shaped noise at this sample (rendered alone). The
   glide starts from where the output is: its held value, or while
   leaving the blend of held and live; on entering, nothing moves (from
   and to are the noise here). */
void step_capture(perlin_dsp *d, const float now[PERLIN_OUTPUTS])
{
	const int was_leaving = d->leave < d->xfade_len;
	const int glide = d->held || was_leaving;
	unsigned o;
	for (o = 0; o < d->outputs; ++o) {
		double cur = now[o];
		if (was_leaving)
			cur = held(d, o, 0) + leaving(d, 0) * ((double)now[o] - held(d, o, 0));
		else if (d->held)
			cur = held(d, o, 0);
		d->from[o] = cur;
		d->to[o] = now[o];
	}
	d->glide_at = 0;
	d->glide_len = glide ? glide_samples(d) : 0U;
	d->leave = d->xfade_len;
	d->capture = 0;
	d->held = 1;
	busy(d);
}

/* out[0..len) = value, four floats a store (cheaper than a float a store) */
typedef float step_v4 __attribute__((vector_size(16)));

static void fill(float *out, float value, uint32_t len)
{
	const step_v4 v = { value, value, value, value };
	uint32_t i;
	for (i = 0; i + 4 <= len; i += 4)
		memcpy(out + i, &v, sizeof v);
	for (; i < len; ++i)
		out[i] = value;
}

/* The CV inputs (cv_buf, from the span's start) moving the depth and
   offset lines of a piece of n samples p into the span, each clamped
   into its control's range, as render.c's cv_post does. */
static void cv_lines(perlin_dsp *d, uint32_t p, uint32_t n)
{
	static const perlin_param which[2] = { PERLIN_DEPTH, PERLIN_OFFSET };
	const float *cv[2];
	int c;
	cv[0] = d->cv_in.depth ? d->cv_buf[0] + p : NULL;
	cv[1] = d->cv_in.offset ? d->cv_buf[1] + p : NULL;
	for (c = 0; c < 2; ++c) {
		const perlin_param_info *info = &perlin_params[which[c]];
		double *line = d->step_lines[2 + c];
		uint32_t i;
		if (!cv[c])
			continue;
		const double per_volt = (double)((info->max - info->min) / 5.0f);
		for (i = 0; i < n; ++i) {
			const float volts = cv[c][i];
			const double v = line[i] + (volts == volts ? (double)volts * per_volt : 0.0);
			line[i] = v < info->min ? info->min : v > info->max ? info->max : v;
		}
	}
}

/* len samples from t0 in the chunk: out[o] = clamp(offset + depth v),
   v the held value (live NULL) or, while leaving, its blend with the
   live noise live[o] (rendered noise only). Depth and offset are lines
   over the chunk, as the kernels' are. What every output shares (the
   glide's and the leaving's smoothsteps, the depth and offset lines) is
   made once a piece of PERLIN_STEP_PIECE samples (the kernels'
   hold_lines), then each output from it in one vector loop (hold): made
   per output and sample, the division and smoothstep would cost four
   outputs nearly four times one. The same double operations sample by
   sample as held() and leaving() make, whatever the lanes and wherever a
   piece starts. */
void step_out(perlin_dsp *d, float *const out[], float *const live[], uint32_t len,
              uint32_t t0)
{
	const perlin_smooth *a = &d->at[0], *b = &d->at[1];
	const double dd = (b->depth - a->depth) / (double)d->grid;
	const double od = (b->offset - a->offset) / (double)d->grid;
	const struct perlin_kernels *kern = d->kernels;
	double *const lw = d->step_lines[1];
	/* depth and offset still (no CV): no lines, their values */
	const int still = dd == 0.0 && od == 0.0 && !d->cv_on;
	const kernel_hold h = { d->step_lines[0], lw, still ? NULL : d->step_lines[2],
		                    still ? NULL : d->step_lines[3], a->depth, a->offset };
	const kernel_dline depth = { a->depth, dd }, offset = { a->offset, od };
	unsigned o;
	uint32_t p, n;
	if (!live && d->glide_at >= d->glide_len && still && len) {
		/* held, depth and offset still: one value (the same as below but
		   for a zero's sign, which the flush makes +0) */
		for (o = 0; o < d->outputs; ++o) {
			const double w = a->offset + a->depth * d->to[o];
			const float held = dsp_flush_out((float)(w < -1.0 ? -1.0 : w > 1.0 ? 1.0 : w));
			if (out[o])
				fill(out[o], held, len);
			d->level[o] = held;
		}
		p = len; /* (the pieces below: none) */
	} else {
		p = 0;
	}
	for (; p < len; p += n) {
		/* the piece's first ng samples glide (the rest hold `to`) */
		const uint64_t at = (uint64_t)d->glide_at + p;
		uint32_t ng = at < d->glide_len ? (uint32_t)(d->glide_len - at) : 0U;
		kernel_fade glide, leave;
		n = len - p < PERLIN_STEP_PIECE ? len - p : PERLIN_STEP_PIECE;
		ng = ng < n ? ng : n;
		glide.at = (double)at;
		glide.len = ng ? (double)d->glide_len : 0.0;
		leave.at = (double)((uint64_t)d->leave + p);
		leave.len = live ? (double)d->xfade_len : 0.0;
		kern->hold_lines(&h, n, (double)(t0 + p), depth, offset, glide, leave);
		if (d->cv_on)
			cv_lines(d, p, n);
		if (live && (uint64_t)d->leave + p + n > d->xfade_len) {
			/* past the leaving's end the live noise alone, as leaving()
			   says (step_span ends a chunk there: not reached) */
			uint32_t i = (uint64_t)d->leave + p < d->xfade_len ? d->xfade_len - d->leave - p
			                                                   : 0U;
			for (; i < n; ++i)
				lw[i] = 1.0;
		}
		for (o = 0; o < d->outputs; ++o) /* (unconnected: step_buf, for the level) */
			d->level[o] = kern->hold(out[o] ? out[o] + p : d->step_buf[o] + p, n, ng, &h,
			                         live ? live[o] + p : NULL, d->from[o], d->to[o]);
	}
	d->glide_at = d->glide_at + len < d->glide_len ? d->glide_at + len : d->glide_len;
	if (live) {
		d->leave = d->leave + len < d->xfade_len ? d->leave + len : d->xfade_len;
		busy(d);
	}
}
