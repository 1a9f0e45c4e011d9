/* dsp.c: the engine's interface (dsp.h) and its orchestration: setting up, and the order of the
   steps of each entry point: new controls, spread and a time:Position
   (the targets, then a voice if one is wanted), and the block, span by
   span (a grid point: smoothers, then voices; the phase steps; a span; a
   crossfade's end). When things happen is decided here; what happens is
   the helpers': voice.c (the voices: gains, phase steps, starting one),
   smooth.c (the smoothed controls, their targets), render.c (a span),
   transport.c (time:Position), kernels.c (the kernels' table) and
   params.c (the controls' ranges). It may call any file below it; none
   calls it but the glues (perlin.c, perlin_midi.c).

   One render loop for every state. The continuous controls are smoothed
   on a grid of PERLIN_GRID_S (d->grid samples) counted from activation or
   from the last change that found them settled (one-pole, stepped once a
   grid point) and are linear in between; each octave's
   phase is a ramp whose step is the chunk's mean rate (so phases
   integrate rate exactly while it is linear), its gain a line from the
   chunk's start to its end, and depth and offset lines too. A voice is
   its octaves' ramps; a crossfade renders both voices with the same
   kernels and mixes them. Everything that happens does so at a grid point
   or at the sample a host event names, never where a block starts.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "dsp.h"
#include "render.h"
#include "plan.h"
#include "step.h"
#include "warp.h"
#include "smooth.h"
#include "voice.h"
#include "transport.h"
#include "cells.h"
#include "kernels.h"
#include "params.h"
#include "kernel_types.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

void perlin_dsp_init(perlin_dsp *d, double sr)
{
	perlin_dsp_init_outputs(d, sr, 1U);
}

/* d's state (not the scratch: state.h) zeroed, where it is not zero
   already: of a new instance's (zeroed pages), what its plugin never uses
   (the second voice until a crossfade, the other outputs' streams) is
   never touched, so never resident. */
static void zero_state(perlin_dsp *d)
{
	unsigned char *const p = (unsigned char *)d;
	size_t at, i;
	for (at = 0; at < PERLIN_DSP_SCRATCH; at += 4096U) {
		const size_t len = PERLIN_DSP_SCRATCH - at < 4096U ? PERLIN_DSP_SCRATCH - at : 4096U;
		for (i = 0; i < len && !p[at + i]; ++i)
			;
		if (i < len)
			memset(p + at, 0, len);
	}
}

void perlin_dsp_init_outputs(perlin_dsp *d, double sr, unsigned outputs)
{
	unsigned i;
	zero_state(d);
	d->outputs = outputs > 1U ? PERLIN_OUTPUTS : 1U;
	d->spread = d->outputs > 1U ? perlin_spread_param.def : 0.0f;
	d->sr = dsp_clamp_finite(sr, 8000.0, 768000.0, 48000.0);
	/* PERLIN_GRID_S to the nearest sample: the same time at every rate */
	d->grid = (uint32_t)floor(d->sr * PERLIN_GRID_S + 0.5);
	d->decay = exp(-(double)d->grid / (PERLIN_SMOOTH_S * d->sr));
	noise_gradients_2d(NOISE_SCALE_2D, d->grads, d->grads + 16);
	for (i = 0; i < 16; ++i) {
		d->grads[32 + 2 * i] = d->grads[i];
		d->grads[33 + 2 * i] = d->grads[16 + i];
	}
	d->xfade_len = (uint32_t)ceil(PERLIN_XFADE_S * d->sr);
	if (d->xfade_len < 1U)
		d->xfade_len = 1U;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		d->ctl[i] = perlin_params[i].def;
	dsp_note_value(d->ctl[PERLIN_BEATS], &d->beats, &d->cells_per_beat);
	perlin_dsp_set_path(d, perlin_dsp_best_path());
	perlin_dsp_activate(d);
}

void perlin_dsp_activate(perlin_dsp *d)
{
	plan_drop(d); /* (the voices' ramps, before the clock restarts) */
	d->raw_valid = 0;
	d->started = 0;
	d->clock = 0;
	d->grid_at = 0;
	d->tp_valid = d->tp_beat_valid = 0;
	d->tp_count = 0;
	d->tp_sent = 0.0;
	d->tp_speed = 1.0;
	d->tp_bpm = 120.0;
	d->tp_tempo_seen = 0;
	dsp_clock_reset(d);
	d->warp = d->warp_band = 1.0; /* (the rate CV: none folded) */
	d->warp_peak = 0.0;
	d->warp_v = 0.0f;
	d->warp_bits = 0U; /* (0 V) */
	d->warping = 0;
	d->warp_still = 0;
	d->morph_v = 0.0f;
	d->morph_bits = 0U;
	d->morph_path = d->morph_jump = d->morph_band = 0.0;
	d->warp_kept = 0;
	d->want_reset = 0;
	d->want_locate = 1;
	d->want_band = 0;
	d->quick = 0;
	d->fade = d->xfade_n = d->xfade_len;
	d->shape_n = 0;
	d->phase_shift = 0.0;
	d->morph_shift = 0.0;
	d->held = 0; /* sample and hold: the first sample is held */
	d->capture = d->stepping;
	d->leave = d->xfade_len;
	d->step_busy = d->stepping;
	d->glide_at = d->glide_len = 0U;
	memset(d->level, 0, sizeof d->level);
	dsp_update_targets(d);
	d->morph_seen = d->target.morph;
	d->morph_seen_at = 0;
	dsp_maybe_start_voice(d);
}

/* Samples into the current grid chunk. */
static uint32_t grid_t0(const perlin_dsp *d)
{
	return (uint32_t)((d->clock - d->grid_at) % d->grid);
}

/* A control change that finds everything settled (`was_moving` 0) takes
   effect at its sample: the grid starts anew here (a grid point at once
   in run_spans if the change moves anything), so the motion from a
   change is the same wherever it falls, at every sample rate. One that
   comes while the smoothers move joins them at their next grid point
   (at most PERLIN_GRID_S on): cutting a moving chunk would re-anchor
   every octave at each change (dense automation: at every sample) and
   step the phases' speeds ahead of the band-limit's gains. */
static void grid_cut(perlin_dsp *d, int was_moving)
{
	if (!was_moving)
		d->grid_at = d->clock;
}

/* The trigger mode of the (clamped) controls v. */
static perlin_trigger_mode trigger_mode(const float *v)
{
	return (perlin_trigger_mode)(int)(v[PERLIN_TRIGGER] + 0.5f);
}

/* New control values, some of them changed (perlin_dsp_controls). */
static __attribute__((noinline)) void controls_changed(perlin_dsp *d,
                                                      const float *const values[PERLIN_N_PARAMS])
{
	float v[PERLIN_N_PARAMS];
	const int was_moving = d->moving;
	unsigned i;
	int sync;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		v[i] = values[i] ? *values[i] : perlin_params[i].def;
	if (d->raw_valid && memcmp(v, d->raw, sizeof v) == 0)
		return;
	memcpy(d->raw, v, sizeof v);
	d->raw_valid = 1;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		v[i] = perlin_clamp((perlin_param)i, v[i]);
	/* reset is a trigger: act on its rising edge only */
	if (v[PERLIN_RESET] > 0.5f && d->reset_prev <= 0.5f)
		d->want_reset = 1;
	d->reset_prev = v[PERLIN_RESET];
	v[PERLIN_RESET] = 0.0f;
	if (memcmp(v, d->ctl, sizeof v) == 0 && !d->want_reset)
		return;
	plan_sync(d);
	sync = v[PERLIN_SYNC] > 0.5f;
	/* a synced phase is placed anew (crossfaded) when sync or the beats
	   per cell change: the position says where it is from then on */
	if (sync != d->sync || (sync && v[PERLIN_BEATS] != d->ctl[PERLIN_BEATS]))
		d->want_locate = 1;
	if (sync != d->sync) /* (a clock starts anew: its next pulse is beat 0) */
		dsp_clock_reset(d);
	if (v[PERLIN_PHASE] != d->ctl[PERLIN_PHASE]) {
		/* a phase that follows the transport is placed anew; a free one
		   moves by the change */
		if (sync || (dsp_holds_when_stopped(d) && dsp_tp_known(d)))
			d->want_locate = 1;
		else
			d->phase_shift += (double)(v[PERLIN_PHASE] - d->ctl[PERLIN_PHASE]) *
			                  (v[PERLIN_LOOP] >= 0.5f ? (double)(uint32_t)(v[PERLIN_LOOP] + 0.5f)
			                                         : 1.0);
	}
	if (trigger_mode(v) == PERLIN_TRIGGER_STEP && !d->stepping)
		step_enter(d);
	else if (trigger_mode(v) != PERLIN_TRIGGER_STEP && d->stepping)
		step_exit(d);
	if (v[PERLIN_BEATS] != d->ctl[PERLIN_BEATS])
		dsp_note_value(v[PERLIN_BEATS], &d->beats, &d->cells_per_beat);
	{
		/* a phase that starts following the transport (Free or Run to
		   Hold) is placed where the transport says, crossfaded, at once:
		   not at the next relocate or play */
		const int followed = dsp_holds_when_stopped(d);
		memcpy(d->ctl, v, sizeof v);
		d->sync = sync;
		if (!followed && dsp_holds_when_stopped(d) && dsp_tp_known(d))
			d->want_locate = 1;
	}
	{
		const double morph_was = d->target.morph;
		dsp_update_targets(d);
		d->morph_shift += smooth_morph_jump(d, grid_t0(d), morph_was);
	}
	grid_cut(d, was_moving);
	dsp_maybe_start_voice(d);
}

/* Whether the values are the ones of last time (most blocks: then
   nothing is to do), their bits compared, each with one xor; any NULL
   entry (maybe_null) is "no" (the long way compares the defaults). */
static inline __attribute__((always_inline)) int
controls_same(const perlin_dsp *d, const float *const values[PERLIN_N_PARAMS],
              const int maybe_null)
{
	uint32_t diff = 0;
	unsigned i;
	if (!d->raw_valid)
		return 0;
#pragma GCC unroll 18
	for (i = 0; i < PERLIN_DSP_PARAMS; ++i) {
		uint32_t a, b;
		if (maybe_null && !values[i])
			return 0;
		memcpy(&a, values[i], sizeof a);
		memcpy(&b, &d->raw[i], sizeof b);
		diff |= a ^ b;
	}
	return !diff;
}

void perlin_dsp_controls(perlin_dsp *d, const float *const values[PERLIN_N_PARAMS])
{
	if (!controls_same(d, values, 1))
		controls_changed(d, values);
}

void perlin_dsp_controls_ports(perlin_dsp *d, const float *const values[PERLIN_N_PARAMS])
{
	if (!controls_same(d, values, 0))
		controls_changed(d, values);
}

void perlin_dsp_trigger(perlin_dsp *d)
{
	switch (trigger_mode(d->ctl)) {
	case PERLIN_TRIGGER_SHAPE:
		d->shape_n++;
		/* fall through */
	case PERLIN_TRIGGER_RESTART:
		plan_sync(d);
		d->want_reset = 1;
		dsp_maybe_start_voice(d);
		break;
	case PERLIN_TRIGGER_STEP:
		step_trigger(d);
		break;
	default:
		break;
	}
}

/* A time:Position: transport.c reads it (and whether it jumps); its speed
   and tempo go into the targets, and a jump starts a voice. */
void perlin_dsp_position(perlin_dsp *d, const perlin_position *p)
{
	plan_sync(d);
	dsp_transport_position(d, p);
	dsp_update_targets(d);
	dsp_maybe_start_voice(d);
}

/* An external clock's message: transport.c follows it; its tempo and
   speed go into the targets, and a phase it places anew starts a voice
   (the short crossfade) and counts as a transport jump (new shapes count
   from there; the MIDI plugin sends every lane again). */
void perlin_dsp_clock(perlin_dsp *d, perlin_clock_msg m, double value, int midi)
{
	plan_sync(d);
	if (dsp_clock_message(d, m, value, midi) && !dsp_runs_free(d)) {
		d->want_locate = 1;
		d->quick = 1;
		d->shape_n = 0;
		d->locates++;
	}
	dsp_update_targets(d);
	dsp_maybe_start_voice(d);
}

void perlin_dsp_spread(perlin_dsp *d, float spread)
{
	float s;
	uint32_t bits;
	const int was_moving = d->moving;
	memcpy(&bits, &spread, sizeof bits);
	if (d->spread_valid && bits == d->spread_raw) /* (most blocks: as before) */
		return;
	d->spread_raw = bits;
	d->spread_valid = 1;
	s = d->outputs > 1U ? perlin_clamp_info(&perlin_spread_param, spread) : 0.0f;
	if (s == d->spread)
		return;
	plan_sync(d);
	d->spread = s;
	dsp_update_targets(d);
	grid_cut(d, was_moving);
	dsp_maybe_start_voice(d); /* before any output: at once */
}

void perlin_dsp_run(perlin_dsp *d, float *out, uint32_t n)
{
	float *outs[PERLIN_OUTPUTS] = { out, NULL, NULL, NULL };
	perlin_dsp_run_outputs(d, outs, n);
}

/* A grid point: the smoothers step (smooth.c), then the live voices take
   their multipliers and gains for the chunk from here to the next
   (voice.c); anything that does not hold still keeps the grid moving. */
static void grid_point(perlin_dsp *d)
{
	const int settled = smooth_grid_point(d);
	const int held = voice_grid_point(d);
	d->moving = !(settled && held);
	d->restep = 1;
	d->gen++;
}

/* The samples rendered: the clock (and the transport's count) moves on. */
static void advance(perlin_dsp *d, uint32_t len)
{
	d->clock += len;
	if (d->tp_valid)
		d->tp_count += len;
	d->ext.count += len;
	d->started = 1;
}

/* The block: by the steady plan while it holds (plan_render: nothing
   moves, the octaves' work made where their cells change), else span by
   span: at a grid point the smoothers step; the phase steps are
   re-derived where asked; a span (render.c) ends at the next grid point
   while anything moves and where a crossfade ends, and a change that
   waited for the crossfade starts its voice there. */
static void run_spans(perlin_dsp *d, float *const out[], uint32_t n, uint32_t done);

static void run_plain(perlin_dsp *d, float *const out[], uint32_t n);
static void run_any(perlin_dsp *d, float *const out[], uint32_t n, const perlin_cv *cv);

void perlin_dsp_run_outputs(perlin_dsp *d, float *const out[], uint32_t n)
{
	if (!(d->cv_on | d->warp_kept | d->ext.on))
		run_plain(d, out, n);
	else
		run_any(d, out, n, NULL);
}

/* A CV's volts while it is not connected: a span of 0 V. */
static const float zero_volts[SPAN];

/* The morph CV's volts from sample `done` of the run, or NULL where it
   is not followed (1D; unconnected while it stands at 0 V). */
static const float *morph_in(const perlin_dsp *d, uint32_t done)
{
	if (!(d->ctl[PERLIN_DIMENSIONS] >= 1.5f))
		return NULL;
	return d->cv_in.morph ? d->cv_in.morph + done : d->morph_v != 0.0f ? zero_volts : NULL;
}

/* Whether warp.c has anything to follow: a rate or morph CV connected,
   a factor folded, a CV moving or a morph CV left where it moved. */
static int warp_on(const perlin_dsp *d)
{
	return d->cv_in.rate || d->cv_in.morph || d->warp_kept;
}

/* len samples (at most SPAN) of the CV inputs from sample `at` of the
   run into cv_buf, before anything of them is written (a CV buffer may be
   an output's). */
static void cv_fill(perlin_dsp *d, uint32_t at, uint32_t len)
{
	if (d->cv_in.depth)
		memcpy(d->cv_buf[0], d->cv_in.depth + at, len * sizeof d->cv_buf[0][0]);
	if (d->cv_in.offset)
		memcpy(d->cv_buf[1], d->cv_in.offset + at, len * sizeof d->cv_buf[1][0]);
}

static inline __attribute__((always_inline)) void
run_block(perlin_dsp *d, float *const out[], uint32_t n, const perlin_cv *cv);

/* (run_block) The plan for the whole block with CV inputs (on: depth's
   or offset's) or warp.c's: where their buffers hold the block (else
   span by span), the CVs read first, and while the rate CV leaves the
   phases as folded. How many samples it rendered. */
static __attribute__((noinline)) uint32_t plan_whole(perlin_dsp *d, float *const out[],
                                                     uint32_t n, int on)
{
	if (n > SPAN || d->warping || !plan_takes(d, n)) /* (no plan there: no need to look) */
		return 0;
	if (on)
		cv_fill(d, 0U, n);
	if (warp_on(d) && !warp_unmoved(d, d->cv_in.rate ? d->cv_in.rate : zero_volts,
	                                morph_in(d, 0U), n))
		return 0;
	return plan_render(d, out, n, 0);
}

/* (perlin_dsp_run_cv) The block split where an external clock holds
   (transport.c). */
static __attribute__((noinline)) void run_held(perlin_dsp *d, float *const out[], uint32_t n,
                                               const perlin_cv *cv)
{
	float *rest[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
	perlin_cv crest = { NULL, NULL, NULL, NULL };
	uint32_t at = 0;
	unsigned i;
	for (;;) {
		const uint64_t due = dsp_clock_hold_at(d);
		uint32_t m;
		for (i = 0; i < d->outputs; ++i)
			rest[i] = out[i] ? out[i] + at : NULL;
		if (cv) {
			crest.depth = cv->depth ? cv->depth + at : NULL;
			crest.offset = cv->offset ? cv->offset + at : NULL;
			crest.rate = cv->rate ? cv->rate + at : NULL;
			crest.morph = cv->morph ? cv->morph + at : NULL;
		}
		if (due == d->clock) { /* (no pulse came first) */
			plan_sync(d);
			dsp_clock_due(d);
			dsp_update_targets(d);
			continue;
		}
		m = due - d->clock < n - at ? (uint32_t)(due - d->clock) : n - at;
		run_block(d, rest, m, cv ? &crest : NULL);
		at += m;
		if (at == n)
			return;
	}
}

/* (perlin_dsp_run_cv) No CV input, nothing of warp.c's and no clock
   (most blocks of most hosts): run_block's plain case, without its
   checks. */
static __attribute__((noinline)) void run_plain(perlin_dsp *d, float *const out[], uint32_t n)
{
	const uint32_t done = plan_render(d, out, n, 0); /* (cv_in: none, as run_any left it) */
	if (done)
		advance(d, done);
	if (done < n)
		run_spans(d, out, n - done, done);
}

void perlin_dsp_run_cv(perlin_dsp *d, float *const out[], uint32_t n, const perlin_cv *cv)
{
	const uintptr_t ports = cv ? (uintptr_t)cv->depth | (uintptr_t)cv->offset |
	                                 (uintptr_t)cv->rate | (uintptr_t)cv->morph
	                           : 0U;
	if (ports)
		run_any(d, out, n, cv);
	else /* (as with no CV port: run_block takes none as NULLs) */
		perlin_dsp_run_outputs(d, out, n);
}

/* (perlin_dsp_run_cv) A block with CV inputs, warp.c's work or a clock. */
static __attribute__((noinline)) void run_any(perlin_dsp *d, float *const out[], uint32_t n,
                                              const perlin_cv *cv)
{
	if (!d->ext.on || d->ext.hold_at - d->clock > n) /* (no clock hold due) */
		run_block(d, out, n, cv);
	else
		run_held(d, out, n, cv);
	memset(&d->cv_in, 0, sizeof d->cv_in); /* (the run's alone) */
}

static inline __attribute__((always_inline)) void
run_block(perlin_dsp *d, float *const out[], uint32_t n, const perlin_cv *cv)
{
	const int on = cv && (cv->depth || cv->offset);
	uint32_t done;
	if (on != d->cv_on) { /* (the steady plan renders the noise alone with CV inputs) */
		d->cv_on = on;
		d->gen++;
	}
	d->cv_in.depth = cv ? cv->depth : NULL;
	d->cv_in.offset = cv ? cv->offset : NULL;
	d->cv_in.rate = cv ? cv->rate : NULL;
	d->cv_in.morph = cv ? cv->morph : NULL;
	/* the plan (plan.c decides) for the whole block */
	done = on || warp_on(d) ? plan_whole(d, out, n, on) : plan_render(d, out, n, 0);
	if (done) {
		if (on)
			render_cv(d, out, done, 0U); /* (steady: no line to place) */
		advance(d, done);
	}
	if (done < n)
		run_spans(d, out, n - done, done);
}


/* Sample and hold (step.c): a span of up to len samples (how many: a
   trigger's sample alone), the noise rendered only where it is heard or
   captured, the voices riding on unheard otherwise. */
static uint32_t step_span(perlin_dsp *d, float *const out[], uint32_t len, uint32_t t0)
{
	float *live[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
	unsigned o;
	if (d->capture)
		len = 1;
	else if (d->leave < d->xfade_len && len > d->xfade_len - d->leave)
		len = d->xfade_len - d->leave;
	if (!d->capture && d->leave >= d->xfade_len) { /* held */
		render_ride(d, len);
		step_out(d, out, NULL, len, t0);
		return len;
	}
	for (o = 0; o < d->outputs; ++o)
		live[o] = out[o] ? out[o] : d->step_buf[o];
	d->noise_only = 1;
	render_span(d, live, len, t0);
	d->noise_only = 0;
	if (d->capture) {
		float now[PERLIN_OUTPUTS] = { 0.0f, 0.0f, 0.0f, 0.0f };
		for (o = 0; o < d->outputs; ++o)
			now[o] = live[o][0];
		step_capture(d, now);
		step_out(d, out, NULL, len, t0);
	} else {
		step_out(d, out, live, len, t0);
	}
	return len;
}

/* (perlin_dsp_run_outputs) n samples span by span into out[i] + done */
static __attribute__((noinline)) void run_spans(perlin_dsp *d, float *const out[], uint32_t n,
                                                uint32_t done)
{
	float *o[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
	unsigned i;
	for (i = 0; i < d->outputs; ++i)
		o[i] = out[i] ? out[i] + done : NULL;
	while (n) {
		const uint32_t t0 = grid_t0(d);
		uint32_t len = n < SPAN ? n : SPAN;
		const int warp = warp_on(d);
		/* the voices' ramps are read and moved below (a span before may
		   have been the plan's, while controls move too) */
		plan_sync(d);
		if (t0 == 0 && warp)
			warp_grid(d); /* (may fold the rate CV, and move the band-limit) */
		if (t0 == 0 && d->moving)
			grid_point(d);
		if ((d->moving || d->warping) && len > d->grid - t0)
			len = d->grid - t0;
		if (d->fade < d->xfade_n && len > d->xfade_n - d->fade)
			len = d->xfade_n - d->fade;
		if (warp) /* as folded up to a CV's first change, or warping
			(unconnected: 0 V) */
			len = warp_span(d, d->cv_in.rate ? d->cv_in.rate + done : zero_volts,
			                morph_in(d, done), len, t0);
		if (d->restep)
			restep(d);
		if (d->cv_on)
			cv_fill(d, done, len);
		if (d->step_busy)
			len = step_span(d, o, len, t0);
		else
			render_span(d, o, len, t0);
		advance(d, len);
		for (i = 0; i < d->outputs; ++i)
			if (o[i])
				o[i] += len;
		n -= len;
		done += len;
		if (d->fade < d->xfade_n) {
			d->fade += len;
			if (d->fade >= d->xfade_n) {
				d->fade = d->xfade_n;
				plan_sync(d);
				dsp_maybe_start_voice(d); /* a change that waited, from here */
			}
		}
	}
}

perlin_path perlin_dsp_best_path(void)
{
	return kernels_best_path();
}

void perlin_dsp_set_path(perlin_dsp *d, perlin_path p)
{
	if (p == PERLIN_PATH_AVX2 && kernels_best_path() != PERLIN_PATH_AVX2)
		p = PERLIN_PATH_VECTOR;
	d->path = p;
	d->gen++; /* (a steady plan is made for the kernels) */
	d->kernels = kernels_of(p);
}
