/* transport.c: what the host's time:Position says (dsp.h,
   perlin_dsp_position), where the transport is now, and where it puts the
   phase. dsp.c, voice.c and smooth.c call it; it calls params.c.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "engine.h"

#include <math.h>

/* Whether the phase stands still while the transport does. */
int dsp_holds_when_stopped(const perlin_dsp *d)
{
	return d->sync || d->ctl[PERLIN_STOPPED] < 0.5f;
}

/* Whether the phase ignores the transport (Free, not synced): no play,
   pause, relocate or tempo moves it. */
int dsp_runs_free(const perlin_dsp *d)
{
	return !d->sync && d->ctl[PERLIN_STOPPED] >= 1.5f;
}

/* The transport's frame and beat now: tp_count samples after the last
   message (one product, so it does not depend on how blocks split). */
double dsp_tp_frame_now(const perlin_dsp *d)
{
	return d->tp_frame + (double)d->tp_count * d->tp_speed;
}

double dsp_tp_beat_now(const perlin_dsp *d)
{
	return d->tp_beat + (double)d->tp_count * (d->tp_speed * d->tp_bpm / (60.0 * d->sr));
}

/* Where the transport says the phases are: octave 0's x is xv xs (plus
   the phase control's offset, x0) and the
   2D path's y is morph + yv ys (yv ys: drift x seconds), kept as products
   so that each octave's phase can be taken exactly (noise_pos_mul), however
   far the transport is. */
void dsp_transport_phase(const perlin_dsp *d, dsp_place *p)
{
	const double frame = d->tp_valid ? dsp_tp_frame_now(d) : 0.0;
	if (d->sync && d->tp_beat_valid) {
		p->xv = dsp_tp_beat_now(d);
		p->xs = d->cells_per_beat;
	} else if (d->sync) { /* beats from frames and tempo */
		p->xv = frame;
		p->xs = (d->tp_valid ? d->tp_bpm : 120.0) / (60.0 * d->sr * d->beats);
	} else {
		p->xv = frame;
		p->xs = d->ctl[PERLIN_RATE] / d->sr;
	}
	p->x0 = dsp_phase_offset(d);
	p->yv = frame;
	p->ys = d->ctl[PERLIN_DRIFT] / d->sr;
	p->morph = d->ctl[PERLIN_MORPH];
}

/* The phase control's offset of octave 0's x: a fraction of a cell, or
   of the loop when looping. */
double dsp_phase_offset(const perlin_dsp *d)
{
	const double loop = (double)(uint32_t)(d->ctl[PERLIN_LOOP] + 0.5f);
	return (double)d->ctl[PERLIN_PHASE] * (loop > 0.0 ? loop : 1.0);
}

/* The beat a time:Position places, as exactly as it can be had. Hosts
   send the beat as bar, beat and ticks (Ardour 7 and JACK's BBT: 1920
   ticks a beat, whole ones) in a float, so it lags the true beat by up to
   a tick (12.5 samples at 120 BPM); the frame is exact. Where the tempo
   has been the same since frame 0, the frame gives the beat exactly:
   taken when it is within a tick of the one sent (else the tempo changed
   on the way, and the beat sent it is). */
static double exact_beat(const perlin_dsp *d, const perlin_position *p)
{
	if (p->has_frame && isfinite(p->frame) && p->has_bpm && p->bpm > 0.0 && p->bpm <= 1000.0) {
		const double b = p->frame * (p->bpm / (60.0 * d->sr));
		if (fabs(b - p->beat) <= 1.0 / 1920.0 + 1e-5)
			return b;
	}
	return p->beat;
}

/* Samples within which the same frame sent again, while rolling, is a
   host re-sending it before every block (Audacity: 8192 by default). */
#define RESENT_WITHIN 65536U

/* Whether p's frame is one the host never advances, not a relocate:
   rolling before and after, no beat, the very frame the last message
   sent, at most RESENT_WITHIN samples ago. Audacity's generators get
   speed 1 and frame 0 before every block; a relocate comes once (jalv
   without a timebase master sends frame and speed only, and only when
   they change), or with bar and beat (Ardour, MusE, JACK's BBT). Judged
   by samples, not by the host's blocks, so that any block sizes give the
   same output. */
static int frame_stands_still(const perlin_dsp *d, const perlin_position *p)
{
	return d->tp_valid && d->tp_speed != 0.0 && !p->has_beat && d->tp_count <= RESENT_WITHIN &&
	       p->frame == d->tp_sent && !(p->has_speed && p->speed == 0.0);
}

/* A time:Position is a jump when the position that places the phase
   (the beat when synced, the frame otherwise) is not where the transport
   was heading, or when the transport starts rolling. A jump asks for the
   phase to be re-derived from the new position (start_voice), which
   crossfades unless the phase is already there. Fields that lag (JACK
   sends a relocate's new frame with the old bar and beat while Starting)
   so only move the phase once the field that places it says so. A frame
   that stands still while rolling (above) is no news: the transport runs
   on from where it was heading. A jump sets want_locate; the caller then
   recomputes the targets (the speed and tempo) and starts the voice it
   asks for. */
void dsp_transport_position(perlin_dsp *d, const perlin_position *p)
{
	const int had_beat = d->tp_beat_valid;
	const int still = p->has_frame && frame_stands_still(d, p);
	int roll = 0, frame_jump = 0, beat_jump = 0;
	if (d->tp_valid) { /* where the transport is now, before the message */
		d->tp_frame = dsp_tp_frame_now(d);
		d->tp_beat = dsp_tp_beat_now(d);
	}
	d->tp_count = 0;
	if (p->has_speed && p->speed == p->speed) {
		const double speed = dsp_clamp_finite(p->speed, -16.0, 16.0, 1.0);
		roll = d->tp_valid && d->tp_speed == 0.0 && speed != 0.0;
		d->tp_speed = speed;
	}
	if (p->has_bpm && p->bpm == p->bpm)
		d->tp_bpm = dsp_clamp_finite(p->bpm, 1.0, 1000.0, 120.0);
	if (p->has_frame && isfinite(p->frame) && !still) {
		frame_jump = !d->tp_valid || fabs(p->frame - d->tp_frame) > 0.5;
		d->tp_frame = p->frame;
		d->tp_sent = p->frame;
		d->tp_valid = 1;
		if (frame_jump && !p->has_beat) /* the old beat is stale: derive it */
			d->tp_beat_valid = 0;
	}
	if (p->has_beat && isfinite(p->beat)) {
		const double beat = exact_beat(d, p);
		beat_jump = !had_beat || fabs(beat - d->tp_beat) > 1e-3;
		d->tp_beat = beat;
		d->tp_beat_valid = 1;
		if (!d->tp_valid || (!p->has_frame && beat_jump)) {
			/* a beat alone: frames follow from tempo */
			d->tp_frame = p->beat * 60.0 / d->tp_bpm * d->sr;
			d->tp_valid = 1;
		}
	}
	/* what places the phase: the beat when synced (if sent), else the
	   frame (or a beat sent alone) */
	if (roll || (d->sync && p->has_beat ? beat_jump : p->has_frame ? frame_jump : beat_jump)) {
		d->locates++;
		if (!dsp_runs_free(d)) {
			d->want_locate = 1;
			d->quick = 1; /* (a jump: the short crossfade) */
			d->shape_n = 0; /* new shapes count from here (an export's start) */
		}
	}
}
