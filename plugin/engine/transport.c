/* transport.c: what the host's time:Position says (dsp.h,
   perlin_dsp_position), where the transport is now, and where it puts the
   phase. dsp.c, voice.c and smooth.c call it; it calls params.c.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "transport.h"
#include "params.h"

#include <math.h>
#include <string.h>

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

/* The host's transport's frame and beat now: tp_count samples after its
   last message (one product, so it does not depend on how blocks split). */
static double host_frame_now(const perlin_dsp *d)
{
	return d->tp_frame + (double)(int64_t)d->tp_count * d->tp_speed;
}

static double host_beat_now(const perlin_dsp *d)
{
	return d->tp_beat + (double)(int64_t)d->tp_count * (d->tp_speed * d->tp_bpm / (60.0 * d->sr));
}

/* The external clock's the same (state.h, perlin_clock). */
static double clock_frame_now(const perlin_clock *c)
{
	return c->frame + (double)(int64_t)c->count * c->speed;
}

static double clock_beat_now(const perlin_clock *c, double sr)
{
	return c->beat + (double)(int64_t)c->count * (c->speed * c->bpm / (60.0 * sr));
}

/* Whether a transport is known (the clock's, or a message of the host's),
   and its speed and tempo. */
int dsp_tp_known(const perlin_dsp *d)
{
	return d->ext.on || d->tp_valid;
}

double dsp_tp_speed(const perlin_dsp *d)
{
	return d->ext.on ? d->ext.speed : d->tp_speed;
}

double dsp_tp_bpm(const perlin_dsp *d)
{
	return d->ext.on ? d->ext.bpm : d->tp_bpm;
}

/* Where the transport says the phases are: octave 0's x is xv xs (plus
   the phase control's offset, x0) and the
   2D path's y is morph + yv ys (yv ys: drift x seconds), kept as products
   so that each octave's phase can be taken exactly (noise_pos_mul), however
   far the transport is. */
void dsp_transport_phase(const perlin_dsp *d, dsp_place *p)
{
	/* the transport's frame and beat now: the clock's while it places the
	   phase, else the host's */
	const double frame = d->ext.on ? clock_frame_now(&d->ext) : d->tp_valid ? host_frame_now(d) : 0.0;
	if (d->sync && (d->ext.on || d->tp_beat_valid)) {
		p->xv = d->ext.on ? clock_beat_now(&d->ext, d->sr) : host_beat_now(d);
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
	p->morph = d->ctl[PERLIN_MORPH] + d->morph_v; /* (the morph CV's volts: cells) */
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
	int handoff = 0;
	if (d->tp_valid) { /* where the transport is now, before the message */
		d->tp_frame = host_frame_now(d);
		d->tp_beat = host_beat_now(d);
	}
	if (p->has_bpm && p->bpm == p->bpm) {
		d->tp_tempo_seen = 1;
		if (d->ext.on && d->ext.midi) { /* the host's tempo: MIDI clock gives way */
			dsp_clock_reset(d);
			handoff = 1;
		}
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
	if (handoff || roll ||
	    (d->sync && p->has_beat ? beat_jump : p->has_frame ? frame_jump : beat_jump)) {
		d->locates++;
		if (!dsp_runs_free(d) && !d->ext.on) { /* (a clock's phase is its own) */
			d->want_locate = 1;
			d->quick = 1; /* (a jump: the short crossfade) */
			d->shape_n = 0; /* new shapes count from here (an export's start) */
		}
	}
}

/* An external clock (perlin_dsp_clock). With sync on, its first pulse
   places the phase at beat 0 (or where MIDI's Continue says) and holds it
   there until the second gives the tempo; from then on the phase runs at
   the tempo the pulses give and is re-aimed at each one: it goes on from
   where it is (no step) at the tempo that brings it to the next pulse's
   beat when the next pulse is due (the interval measured over the last
   PERLIN_CLOCK_WINDOW pulses). A tempo change is followed by the speed,
   within two pulses. A phase a whole pulse or more from where a pulse
   puts it (the second pulse, a MIDI Start) is placed anew, crossfaded.
   When the pulses stop, the phase holds where the next one would put it
   (hold_at): a stopped clock is a stopped sequencer, and the modulation
   stands still as with the host's transport stopped; the next pulse then
   finds the phase where it places it, and it runs on from there with no
   step and no crossfade (at the tempo before, until two new pulses). */

void dsp_clock_reset(perlin_dsp *d)
{
	perlin_clock *c = &d->ext;
	memset(c, 0, sizeof *c);
	c->waiting = 1; /* the next pulse is beat 0 */
	c->ppb = 1.0;
	c->hold_at = UINT64_MAX;
}

/* The clock's beat, frame and speed moved on to now. */
static void clock_now(perlin_dsp *d)
{
	perlin_clock *c = &d->ext;
	c->beat = clock_beat_now(c, d->sr);
	c->frame = clock_frame_now(c);
	c->count = 0;
}

/* Hold where the phase is (speed 0): also where the clock reached hold_at
   before a pulse. */
void dsp_clock_due(perlin_dsp *d)
{
	clock_now(d);
	d->ext.speed = 0.0;
	d->ext.hold_at = UINT64_MAX;
}

/* From here, run at the tempo that reaches beat `goal` in the interval
   measured, and hold there if no pulse has come by then; hold now if no
   interval is known yet. */
static void clock_aim(perlin_dsp *d, double goal)
{
	perlin_clock *c = &d->ext;
	const double left = goal - c->beat;
	double bpm, n;
	c->count = 0;
	if (!(c->interval > 0.0) || !(left > 0.0)) {
		dsp_clock_due(d);
		return;
	}
	bpm = dsp_clamp_finite(left / c->interval * 60.0 * d->sr, 1.0, 1000.0, 120.0);
	n = ceil(left / (bpm / (60.0 * d->sr)));
	c->bpm = bpm;
	c->speed = 1.0;
	c->hold_at = d->clock + (n > 1.0 ? (n < 1e15 ? (uint64_t)n : UINT64_C(1000000000000000)) : 1U);
}

/* The sample where the clock holds (UINT64_MAX: none due). */
uint64_t dsp_clock_hold_at(const perlin_dsp *d)
{
	return d->ext.on ? d->ext.hold_at : UINT64_MAX;
}

/* A pulse at the current sample, ppb to a beat: whether the phase must be
   placed anew (a locate). */
static int clock_pulse(perlin_dsp *d, double ppb, int midi)
{
	perlin_clock *c = &d->ext;
	const int same = c->on && c->midi == midi;
	const double b = same ? clock_beat_now(c, d->sr) : 0.0;
	const double pulse = 1.0 / ppb;
	uint32_t k, m;
	int locate = 0;
	if (same && ppb != c->ppb && !c->waiting) { /* counted anew from here */
		c->waiting = 1;
		c->next = b;
		c->interval *= c->ppb / ppb;
	}
	if (!same || c->waiting) { /* a first pulse: beat `next` */
		const double to = c->next;
		if (!same) /* (a new clock: no tempo yet; the host's meanwhile) */
			c->interval = 0.0, c->bpm = d->tp_bpm, c->speed = 0.0, c->frame = host_frame_now(d);
		locate = !same || !(fabs(b - to) < pulse);
		c->beat = locate ? to : b;
		c->count = 0;
		c->on = 1;
		c->midi = midi;
		c->waiting = 0;
		c->n = 0;
		c->from = to;
		c->ppb = ppb;
		c->at[0] = d->clock;
		clock_aim(d, to + pulse);
		return locate;
	}
	clock_now(d);
	m = ++c->n;
	k = m < PERLIN_CLOCK_WINDOW ? m : PERLIN_CLOCK_WINDOW;
	if (c->interval > 0.0 && (double)(d->clock - c->at[(m - 1U) % (PERLIN_CLOCK_WINDOW + 1U)]) >
	                             2.0 * c->interval) {
		/* after a stop: this pulse counted from, the tempo as before
		   until it is measured anew */
		c->from += (double)m * pulse;
		c->n = m = 0;
	} else {
		c->interval = (double)(d->clock - c->at[(m - k) % (PERLIN_CLOCK_WINDOW + 1U)]) / (double)k;
	}
	c->at[m % (PERLIN_CLOCK_WINDOW + 1U)] = d->clock;
	{
		const double target = c->from + (double)m * pulse;
		if (!(fabs(c->beat - target) < pulse)) { /* a pulse or more off: placed there */
			c->beat = target;
			locate = 1;
		}
		clock_aim(d, target + pulse);
	}
	return locate;
}

int dsp_clock_message(perlin_dsp *d, perlin_clock_msg m, double value, int midi)
{
	perlin_clock *c = &d->ext;
	if (!d->sync || (midi && d->tp_tempo_seen))
		return 0; /* (the host's transport places the phase) */
	switch (m) {
	case PERLIN_CLOCK_PULSE:
		if (midi && c->stopped)
			return 0;
		return clock_pulse(d, dsp_clamp_finite(value, 1.0, 96.0, 1.0), midi);
	case PERLIN_CLOCK_START:
	case PERLIN_CLOCK_CONTINUE:
		if (m == PERLIN_CLOCK_START)
			c->next = 0.0;
		if (c->on && c->midi == midi && c->speed != 0.0)
			dsp_clock_due(d); /* until the next pulse */
		c->stopped = 0;
		c->waiting = 1;
		return 0;
	case PERLIN_CLOCK_STOP:
		if (c->on && c->midi == midi) {
			dsp_clock_due(d);
			c->next = c->from + (double)(c->n + 1U) / c->ppb; /* (Continue's next pulse) */
		}
		c->stopped = 1;
		return 0;
	case PERLIN_CLOCK_SONG_POSITION:
		if (c->stopped || c->waiting)
			c->next = dsp_clamp_finite(value, 0.0, 1e9, 0.0);
		return 0;
	}
	return 0;
}
