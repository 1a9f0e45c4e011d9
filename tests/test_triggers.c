/* test_triggers.c: triggers (MIDI note-ons at the MIDI input, rising edges
   at the CV trigger input) and what each trigger mode does, through lilv:
   the same output whatever the block sizes and whichever input brings the
   trigger; restart repeating the same segment; new shapes different from
   each other and the same sequence in every render (again after a
   transport jump); step holding the noise's value at the trigger and
   gliding to it; the trigger channel; no step above the continuity bound
   under random triggers; and the phase control placing a synced phase.
   Usage: test_triggers BUNDLE_DIR [seed]
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "host.h"
#include "test.h"

#include <lv2/atom/atom.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SR 48000.0
#define MAX_TRIG 512

typedef struct {
	const LilvPlugin *p;
	float ctl[PERLIN_N_PARAMS];
	uint32_t frames;
	uint32_t block;      /* 0: random block sizes 1..1024 */
	int via_cv;          /* triggers at the CV trigger input, not MIDI */
	int n;               /* triggers, at these frames, */
	uint32_t at[MAX_TRIG];
	uint8_t status;      /* as this note-on status (0x90 | channel) */
	uint8_t velocity;
	uint32_t locate_at;  /* > 0: a transport jump (time:Position) there */
	int n_switch;        /* the trigger mode set to switch_mode[i] at switch_at[i] */
	uint32_t switch_at[8];
	float switch_mode[8];
	uint32_t unit;       /* the MIDI sequence's body.unit (0: frames, as LV2 says) */
} trig_spec;

static void spec_init(trig_spec *s, const LilvPlugin *p)
{
	unsigned i;
	memset(s, 0, sizeof *s);
	s->p = p;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		s->ctl[i] = perlin_params[i].def;
	s->ctl[PERLIN_RATE] = 3.0f;
	s->ctl[PERLIN_STOPPED] = 1.0f; /* Run: free, whatever the transport */
	s->frames = (uint32_t)SR;
	s->block = 512;
	s->status = 0x90;
	s->velocity = 100;
}

/* Render s: each output's plane of s->frames samples (outputs x frames;
   caller frees). */
static float *render(const trig_spec *s, int *outputs)
{
	host_inst h;
	float *x, *cv;
	float *o[PERLIN_OUTPUTS];
	uint32_t pos = 0, k = 0;
	uint64_t rng = 0x7e57U + s->frames;
	int i;
	if (host_inst_open(&h, s->p, SR, 1))
		return NULL;
	*outputs = h.outputs;
	x = calloc((size_t)s->frames * (size_t)h.outputs, sizeof *x);
	cv = calloc(s->frames, sizeof *cv);
	if (!x || !cv) {
		free(x);
		free(cv);
		host_inst_close(&h);
		return NULL;
	}
	memcpy(h.controls, s->ctl, sizeof s->ctl);
	if (s->via_cv) /* a pulse at each trigger: up for 24 samples (or half the gap) */
		for (i = 0; i < s->n; ++i) {
			const uint32_t next = i + 1 < s->n ? s->at[i + 1] : s->frames;
			const uint32_t up = next - s->at[i] < 48U ? (next - s->at[i]) / 2U : 24U;
			uint32_t j;
			for (j = s->at[i]; j < s->at[i] + (up ? up : 1U) && j < s->frames; ++j)
				cv[j] = 1.0f;
		}
	while (pos < s->frames) {
		uint32_t n = s->block;
		if (!n) {
			rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
			n = 1U + (uint32_t)(rng >> 33) % 1024U;
		}
		if (n > s->frames - pos)
			n = s->frames - pos;
		for (i = 0; i < s->n_switch; ++i) { /* a mode switch: at its frame */
			if (s->switch_at[i] == pos)
				h.controls[PERLIN_TRIGGER] = s->switch_mode[i];
			if (s->switch_at[i] > pos && s->switch_at[i] - pos < n)
				n = s->switch_at[i] - pos;
		}
		if (s->locate_at && s->locate_at >= pos && s->locate_at < pos + n)
			host_inst_position(&h, s->locate_at - pos, 100000.0, 1.0, 50.0, 120.0);
		for (; !s->via_cv && k < (uint32_t)s->n && s->at[k] < pos + n; ++k) {
			const uint8_t note[3] = { s->status, 60, s->velocity };
			CHECK(host_inst_midi(&h, s->at[k] - pos, note, 3) == 0, "no room for a note");
		}
		((LV2_Atom_Sequence *)h.events.bytes)->body.unit = s->unit;
		lilv_instance_connect_port(h.inst, PORT_TRIGGER_IN((unsigned)h.outputs),
		                           s->via_cv ? cv + pos : NULL);
		for (i = 0; i < h.outputs; ++i)
			o[i] = x + (size_t)i * s->frames + pos;
		host_inst_run_outputs(&h, o, n);
		pos += n;
	}
	host_inst_close(&h);
	free(cv);
	return x;
}

#define max_diff test_max_diff
#define max_step test_max_step

/* The steepest step of any of outs planes of n samples each. */
static double max_step_planes(const float *x, int outs, size_t n)
{
	double worst = 0.0;
	int o;
	for (o = 0; o < outs; ++o) {
		const double m = max_step(x + (size_t)o * n, n);
		worst = m > worst || m != m ? m : worst;
	}
	return worst;
}

/* n random trigger frames in [from, to), sorted, at least gap apart (2 for
   the CV input: a pulse needs a low sample between two edges). */
static int random_triggers(uint32_t *at, int n, uint32_t from, uint32_t to, uint32_t gap)
{
	int i, m = 0;
	uint32_t t = from;
	for (i = 0; i < n && t < to; ++i) {
		t += gap + (uint32_t)(test_rng() % (uint64_t)((to - from) / (uint32_t)n + 1U));
		if (t < to)
			at[m++] = t;
	}
	return m;
}

static const char *mode_name(int m)
{
	static const char *const names[4] = { "off", "restart", "new shape", "step" };
	return names[m & 3];
}

/* The same triggers give the same output whatever the blocks, and
   whether they come by MIDI or CV (on the CV plugins). */
static void test_same_triggers_whatever_the_blocks(const host_world *w)
{
	const LilvPlugin *ps[3] = { w->cv, w->cv4, w->keyed };
	const char *names[3] = { "CV", "CV x4", "Keyed" };
	int pi, mode;
	for (pi = 0; pi < 3; ++pi)
		for (mode = 1; mode <= 3; ++mode) {
			trig_spec s;
			float *a, *b, *c = NULL;
			int outs = 1, o2 = 1, o3 = 1;
			spec_init(&s, ps[pi]);
			s.ctl[PERLIN_TRIGGER] = (float)mode;
			s.ctl[PERLIN_OCTAVES] = 5.0f;
			s.ctl[PERLIN_DIMENSIONS] = mode == 2 ? 2.0f : 1.0f;
			s.ctl[PERLIN_DRIFT] = 0.4f;
			s.n = random_triggers(s.at, 40, 100, s.frames - 100, 2);
			a = render(&s, &outs);
			s.block = 0;
			b = render(&s, &o2);
			if (pi < 2) {
				s.via_cv = 1;
				c = render(&s, &o3);
			}
			CHECK(a && b && (pi == 2 || c), "render failed");
			if (a && b) {
				const double d = max_diff(a, b, (size_t)s.frames * (size_t)outs);
				CHECK(d == 0.0, "%s, %s: blocks of 512 and random blocks differ by %g",
				      names[pi], mode_name(mode), d);
			}
			if (a && c) {
				const double d = max_diff(a, c, (size_t)s.frames * (size_t)outs);
				CHECK(d == 0.0, "%s, %s: MIDI and CV triggers differ by %g", names[pi],
				      mode_name(mode), d);
			}
			if (a) /* and the triggers did something */
			{
				trig_spec q = s;
				float *none;
				q.n = 0;
				q.via_cv = 0;
				none = render(&q, &o2);
				CHECK(none && max_diff(a, none, s.frames) > 0.05,
				      "%s, %s: the triggers changed nothing", names[pi], mode_name(mode));
				free(none);
			}
			free(a);
			free(b);
			free(c);
		}
}

/* Restart: after each trigger (once its crossfade is over) the same
   segment, the one the plugin starts with; the phase control moves where
   it starts. */
static void test_restart_repeats_the_segment(const host_world *w)
{
	trig_spec s;
	float *x, *y;
	int outs = 1;
	const uint32_t xf = (uint32_t)ceil(PERLIN_XFADE_S * SR), len = 12000;
	const uint32_t t1 = 20011, t2 = 35503;
	spec_init(&s, w->cv);
	s.ctl[PERLIN_TRIGGER] = PERLIN_TRIGGER_RESTART;
	s.ctl[PERLIN_OCTAVES] = 6.0f;
	s.frames = 48000;
	s.n = 2;
	s.at[0] = t1;
	s.at[1] = t2;
	x = render(&s, &outs);
	s.ctl[PERLIN_PHASE] = 0.37f;
	y = render(&s, &outs);
	if (x && y) {
		const double d1 = max_diff(x + t1 + xf, x + xf, len);
		const double d2 = max_diff(x + t2 + xf, x + xf, len);
		const double dy = max_diff(y + t1 + xf, y + t2 + xf, len);
		const double dp = max_diff(y + t1 + xf, x + t1 + xf, len);
		printf("   restart: segments after triggers 1 and 2 against the start: %.3g, %.3g\n",
		       d1, d2);
		CHECK(d1 < 1e-6 && d2 < 1e-6, "restart does not repeat the start (%g, %g)", d1, d2);
		CHECK(dy < 1e-6, "restart at phase 0.37 does not repeat itself (%g)", dy);
		CHECK(dp > 0.05, "the phase control changes nothing (%g)", dp);
		/* phase 0.37 starts 0.37 cells in: at rate 3, 0.1233 s later on the same curve */
		{
			const uint32_t lag = (uint32_t)lround(0.37 / 3.0 * SR);
			const double dl = max_diff(y + t1 + xf, x + t1 + xf + lag, len - lag);
			CHECK(dl < 1e-4, "phase 0.37 is not the curve 0.37 cells on (%g)", dl);
		}
	}
	free(x);
	free(y);
}

/* New shape: each trigger a different noise, the same sequence in every
   render, and counted again from a transport jump. */
static void test_new_shapes_a_seeded_sequence(const host_world *w)
{
	trig_spec s;
	float *x, *y, *z;
	int outs = 1;
	const uint32_t xf = (uint32_t)ceil(PERLIN_XFADE_S * SR), len = 8000;
	spec_init(&s, w->cv);
	s.ctl[PERLIN_TRIGGER] = PERLIN_TRIGGER_SHAPE;
	s.ctl[PERLIN_OCTAVES] = 4.0f;
	s.frames = 60000;
	s.n = 3;
	s.at[0] = 10000;
	s.at[1] = 20000;
	s.at[2] = 45000;
	x = render(&s, &outs);
	s.block = 0;
	y = render(&s, &outs);
	/* a transport jump at 40000 resets the count: the trigger at 45000 is
	   the first shape again */
	s.block = 512;
	s.locate_at = 40000;
	z = render(&s, &outs);
	if (x && y && z) {
		const double d12 = max_diff(x + 10000 + xf, x + 20000 + xf, len);
		const double d0 = max_diff(x + xf, x + 10000 + xf, len);
		CHECK(max_diff(x, y, s.frames) == 0.0, "new shapes differ between renders");
		CHECK(d12 > 0.1 && d0 > 0.1, "new shapes alike (%g, %g)", d12, d0);
		CHECK(max_diff(z + 45000 + xf, x + 10000 + xf, len) < 1e-6,
		      "after a transport jump the sequence does not start again");
		CHECK(max_diff(x + 45000 + xf, x + 10000 + xf, len) > 0.1,
		      "the third shape is the first (%g)", max_diff(x + 45000 + xf, x + 10000 + xf, len));
	}
	free(x);
	free(y);
	free(z);
}

/* Step: held between glides, the held value the noise's at the trigger,
   the glide a smoothstep of the glide time. */
static void test_step_holds_and_glides(const host_world *w)
{
	trig_spec s, live;
	float *x, *l;
	int outs = 1, i;
	const float glide = 0.05f;
	const uint32_t g = (uint32_t)ceil(glide * SR);
	double worst_hold = 0.0, worst_value = 0.0, worst_mid = 0.0;
	spec_init(&s, w->cv);
	s.ctl[PERLIN_TRIGGER] = PERLIN_TRIGGER_STEP;
	s.ctl[PERLIN_GLIDE] = glide;
	s.ctl[PERLIN_OCTAVES] = 5.0f;
	s.frames = 96000;
	s.n = 0;
	for (i = 0; i < 16; ++i)
		s.at[s.n++] = 3000U + (uint32_t)i * 5700U + (uint32_t)(test_rng() % 700U);
	x = render(&s, &outs);
	live = s;
	live.ctl[PERLIN_TRIGGER] = PERLIN_TRIGGER_OFF;
	live.n = 0;
	l = render(&live, &outs);
	if (x && l) {
		/* before the first trigger: held at the first sample's value */
		CHECK(test_span(x, s.at[0]) == 0.0, "not held before the first trigger");
		for (i = 0; i < s.n; ++i) {
			const uint32_t t = s.at[i], end = i + 1 < s.n ? s.at[i + 1] : s.frames;
			const double from = x[t - 1], to = l[t];
			const double mid = x[t + g / 2U];
			double d;
			d = test_span(x + t + g, end - t - g);
			worst_hold = d > worst_hold ? d : worst_hold;
			d = fabs((double)x[t + g] - to);
			worst_value = d > worst_value ? d : worst_value;
			/* the smoothstep's middle: halfway from the old value to the new */
			d = fabs(mid - 0.5 * (from + to));
			worst_mid = d > worst_mid ? d : worst_mid;
		}
		printf("   step: held within %.3g, held value against the noise at the trigger "
		       "%.3g, mid-glide against halfway %.3g\n",
		       worst_hold, worst_value, worst_mid);
		CHECK(worst_hold == 0.0, "a held value moves (%g)", worst_hold);
		CHECK(worst_value < 1e-5, "a held value is not the noise at its trigger (%g)",
		      worst_value);
		CHECK(worst_mid < 2e-3, "the glide is not a smoothstep of the glide time (%g)",
		      worst_mid);
		CHECK(max_step(x, s.frames) <= 2.0 * 1.5 / (double)g + 1e-6,
		      "a glide steps faster than its time allows (%g)", max_step(x, s.frames));
	}
	free(x);
	free(l);
}

/* Switching into Step and out of it (at random block sizes, with
   triggers on the way) never steps: entering holds the value the output
   has, leaving fades the live noise back in. */
static void test_step_switches_never_step(const host_world *w)
{
	const LilvPlugin *ps[2] = { w->cv, w->cv4 };
	int pi;
	for (pi = 0; pi < 2; ++pi) {
		trig_spec s, q;
		float *x, *l;
		int outs = 1;
		double worst = 0.0, bound;
		spec_init(&s, ps[pi]);
		s.ctl[PERLIN_TRIGGER] = PERLIN_TRIGGER_STEP;
		s.ctl[PERLIN_RATE] = 6.0f;
		s.ctl[PERLIN_GLIDE] = 0.2f;
		s.frames = 96000;
		s.block = 0;
		/* step, restart, step again once the fade is over, off during a
		   glide, step during the fade back */
		s.n_switch = 5;
		s.switch_at[0] = 9000;   s.switch_mode[0] = PERLIN_TRIGGER_RESTART;
		s.switch_at[1] = 30000;  s.switch_mode[1] = PERLIN_TRIGGER_STEP;
		s.switch_at[2] = 50100;  s.switch_mode[2] = PERLIN_TRIGGER_OFF;
		s.switch_at[3] = 50300;  s.switch_mode[3] = PERLIN_TRIGGER_STEP;
		s.switch_at[4] = 70000;  s.switch_mode[4] = PERLIN_TRIGGER_OFF;
		s.n = 4;
		s.at[0] = 5000;
		s.at[1] = 40000;
		s.at[2] = 50000;
		s.at[3] = 60000;
		x = render(&s, &outs);
		q = s;
		q.n = 0;
		q.n_switch = 0;
		q.ctl[PERLIN_TRIGGER] = PERLIN_TRIGGER_OFF;
		l = render(&q, &outs);
		if (!x || !l) {
			CHECK(0, "render failed");
		} else {
			bound = 2.0 * max_step_planes(l, outs, s.frames) +
			        2.0 * 1.5 / ceil(PERLIN_XFADE_S * SR);
			worst = max_step_planes(x, outs, s.frames);
			CHECK(worst <= bound, "%s: switching Step on and off steps by %g (bound %g)",
			      pi ? "CV x4" : "CV", worst, bound);
			/* held from the switch on, and live again once the fade is done */
			CHECK(test_span(x + 30000, 10000) == 0.0, "not held after Step is entered again");
			{ /* no restart came: once Step is left, the live noise as it was */
				const double d = max_diff(x + 71000, l + 71000, 20000);
				CHECK(d < 1e-5, "%s: after Step the noise is not where it ran on (%g)",
				      pi ? "CV x4" : "CV", d);
			}
		}
		free(x);
		free(l);
	}
}

/* Note-ons on other channels, and velocity 0 (a note-off), are not
   triggers; on the trigger channel (or any) they are. */
static void test_only_the_trigger_channel_triggers(const host_world *w)
{
	trig_spec s;
	float *none, *x;
	int outs = 1;
	spec_init(&s, w->keyed);
	s.n = 0;
	none = render(&s, &outs);
	s.n = 2;
	s.at[0] = 15000;
	s.at[1] = 30000;
	s.ctl[PERLIN_CHANNEL] = 3.0f;
	s.status = 0x93; /* channel 4 */
	x = render(&s, &outs);
	CHECK(x && none && max_diff(x, none, s.frames) == 0.0, "a note on another channel triggers");
	free(x);
	s.status = 0x92; /* channel 3 */
	x = render(&s, &outs);
	CHECK(x && none && max_diff(x, none, s.frames) > 0.05, "a note on the channel does not trigger");
	free(x);
	s.velocity = 0;
	x = render(&s, &outs);
	CHECK(x && none && max_diff(x, none, s.frames) == 0.0, "a note-on of velocity 0 triggers");
	free(x);
	s.velocity = 90;
	s.status = 0x9f;
	s.ctl[PERLIN_CHANNEL] = 0.0f;
	x = render(&s, &outs);
	CHECK(x && none && max_diff(x, none, s.frames) > 0.05, "channel Any misses a note");
	free(x);
	s.ctl[PERLIN_TRIGGER] = PERLIN_TRIGGER_OFF;
	x = render(&s, &outs);
	CHECK(x && none && max_diff(x, none, s.frames) == 0.0, "trigger mode Off triggers");
	free(x);
	free(none);
}

/* The sequence's unit: notes at their frames whatever it holds. Ardour
   7.3 leaves it unset (malloc'ed, reused buffers): taken as "not frames"
   when neither 0 nor atom:frameTime, its notes fell at the block's start
   now and then. */
static void test_notes_at_their_frames_whatever_the_unit(const host_world *w)
{
	const uint32_t garbage[2] = { 0xdeadbeefU, 0x5a5a5a5aU };
	trig_spec s;
	float *ref, *x;
	int outs = 1, i;
	spec_init(&s, w->keyed);
	s.n = 3;
	s.at[0] = 5003;
	s.at[1] = 17777;
	s.at[2] = 30100;
	ref = render(&s, &outs);
	for (i = 0; i < 3; ++i) {
		s.unit = i < 2 ? garbage[i] : host_map(LV2_ATOM__frameTime);
		x = render(&s, &outs);
		CHECK(x && ref && max_diff(x, ref, s.frames) == 0.0,
		      "notes in a sequence of unit 0x%x are not at their frames", (unsigned)s.unit);
		free(x);
	}
	free(ref);
}

/* One second of s's notes as JACK cycles of 1024 frames, each starting with
   a rolling time:Position (120 BPM): with carla 0 the notes at their
   frames, one run() a cycle; with carla 1 as Carla 2.6 hands them over
   (read from CarlaPluginLV2.cpp, measured in its multi-client mode): run()
   split at every note, the note at frame 0 of the run after the split,
   the time:Position in the cycle's first run only, a note-on of velocity
   0 rewritten as a note-off. Planes as render(). */
static float *render_cycles(const trig_spec *s, int carla, int *outputs)
{
	const uint32_t cycle = 1024U;
	host_inst h;
	float *x, *o[PERLIN_OUTPUTS];
	uint32_t c0, k = 0;
	int i;
	if (host_inst_open(&h, s->p, SR, 1))
		return NULL;
	*outputs = h.outputs;
	x = calloc((size_t)s->frames * (size_t)h.outputs, sizeof *x);
	if (!x) {
		host_inst_close(&h);
		return NULL;
	}
	memcpy(h.controls, s->ctl, sizeof s->ctl);
	for (c0 = 0; c0 < s->frames; c0 += cycle) {
		const uint32_t end = c0 + cycle < s->frames ? c0 + cycle : s->frames;
		uint32_t pos = c0;
		host_inst_position(&h, 0, (double)c0, 1.0, (double)c0 / 24000.0, 120.0);
		while (pos < end) {
			uint32_t next = end;
			for (; k < (uint32_t)s->n && s->at[k] < end; ++k) {
				const uint8_t vel = (k % 4U == 3U) ? 0 : s->velocity;
				uint8_t note[3];
				note[0] = (uint8_t)(vel || !carla ? s->status : 0x80 | (s->status & 0x0f));
				note[1] = 60;
				note[2] = vel;
				if (!carla) {
					CHECK(host_inst_midi(&h, s->at[k] - pos, note, 3) == 0, "no room for a note");
				} else if (s->at[k] > pos) { /* split here: the note opens the next run */
					next = s->at[k];
					break;
				} else {
					CHECK(host_inst_midi(&h, 0, note, 3) == 0, "no room for a note");
				}
			}
			for (i = 0; i < h.outputs; ++i)
				o[i] = x + (size_t)i * s->frames + pos;
			host_inst_run_outputs(&h, o, next - pos);
			pos = next;
		}
	}
	host_inst_close(&h);
	return x;
}

/* What Carla sends, replayed: notes in runs split at each note, at frame 0
   of their run, trigger exactly as the same notes in whole cycles
   (velocity-0 note-ons, as note-offs, nothing).
   Perlin Noise Keyed and CV x4, Restart and New shape. */
static void test_carla_split_runs_trigger_as_whole_cycles(const host_world *w)
{
	const LilvPlugin *ps[2] = { w->keyed, w->cv4 };
	const char *names[2] = { "Perlin Noise Keyed", "Perlin Noise CV x4" };
	const float modes[2] = { PERLIN_TRIGGER_RESTART, PERLIN_TRIGGER_SHAPE };
	int pi, mi;
	for (pi = 0; pi < 2; ++pi)
		for (mi = 0; mi < 2; ++mi) {
			trig_spec s;
			float *ref, *carla, *none;
			int outs = 1;
			size_t all;
			spec_init(&s, ps[pi]);
			s.ctl[PERLIN_TRIGGER] = modes[mi];
			s.n = random_triggers(s.at, 12, 1500, s.frames - 2000, 600);
			ref = render_cycles(&s, 0, &outs);
			carla = render_cycles(&s, 1, &outs);
			all = (size_t)s.frames * (size_t)outs;
			s.n = 0;
			none = render_cycles(&s, 0, &outs);
			if (ref && carla && none) {
				const double d = max_diff(carla, ref, all), d_none = max_diff(ref, none, all);
				printf("   %s, %s: Carla's split runs against whole cycles %.3g; notes against none %.3g\n",
				       names[pi], mode_name((int)modes[mi]), d, d_none);
				CHECK(d_none > 0.05, "%s: the notes trigger nothing (%g)", names[pi], d_none);
				CHECK(d == 0.0, "%s: notes as Carla sends them differ from whole cycles' (%g)",
				      names[pi], d);
			} else {
				CHECK(0, "%s: a render failed", names[pi]);
			}
			free(ref);
			free(carla);
			free(none);
		}
}

/* No step above what the noise itself takes plus a crossfade's (or a
   glide's) under random triggers, some closer than a crossfade. */
static void test_random_triggers_never_step(const host_world *w)
{
	const LilvPlugin *ps[2] = { w->cv, w->cv4 };
	int pi, mode, round;
	for (pi = 0; pi < 2; ++pi)
		for (mode = 1; mode <= 3; ++mode)
			for (round = 0; round < 2; ++round) {
				trig_spec s;
				float *x, *q;
				int outs = 1;
				double bound, worst = 0.0;
				spec_init(&s, ps[pi]);
				s.ctl[PERLIN_TRIGGER] = (float)mode;
				s.ctl[PERLIN_RATE] = round ? 40.0f : 2.0f;
				s.ctl[PERLIN_OCTAVES] = 8.0f;
				s.ctl[PERLIN_PERSISTENCE] = 0.7f;
				s.ctl[PERLIN_DIMENSIONS] = round ? 2.0f : 1.0f;
				s.ctl[PERLIN_GLIDE] = 0.01f;
				s.block = 0;
				s.frames = 96000;
				s.n = random_triggers(s.at, 300, 10, s.frames - 10, 1);
				x = render(&s, &outs);
				s.n = 0;
				s.ctl[PERLIN_TRIGGER] = PERLIN_TRIGGER_OFF;
				q = render(&s, &outs);
				if (!x || !q) {
					CHECK(0, "render failed");
					free(x);
					free(q);
					continue;
				}
				/* the noise's own steepest step (twice: another stretch of
				   it may be steeper) and a 10 ms smoothstep across [-1, 1] */
				bound = 2.0 * max_step_planes(q, outs, s.frames) +
				        2.0 * 1.5 / ceil(PERLIN_XFADE_S * SR);
				worst = max_step_planes(x, outs, s.frames);
				CHECK(worst <= bound, "%s, %s, rate %g: a step of %g above the bound %g",
				      pi ? "CV x4" : "CV", mode_name(mode), (double)s.ctl[PERLIN_RATE],
				      worst, bound);
				free(x);
				free(q);
			}
}

/* The phase control offsets a synced phase: at beats 1 and phase p the
   output at beat b is phase 0's at beat b + p (the DSP in process, a
   rolling transport at 120 BPM). */
static void test_phase_offsets_a_synced_phase(void)
{
	static perlin_dsp d[2];
	const uint32_t n = 48000, lag = 6000; /* 0.25 beat at 120 BPM */
	float *x = calloc(n, sizeof *x), *y = calloc(n, sizeof *y);
	int k;
	for (k = 0; k < 2 && x && y; ++k) {
		float v[PERLIN_N_PARAMS];
		const float *vp[PERLIN_N_PARAMS];
		perlin_position pos;
		unsigned i;
		for (i = 0; i < PERLIN_N_PARAMS; ++i) {
			v[i] = perlin_params[i].def;
			vp[i] = &v[i];
		}
		v[PERLIN_SYNC] = 1.0f;
		v[PERLIN_OCTAVES] = 5.0f;
		v[PERLIN_PHASE] = k ? 0.25f : 0.0f;
		perlin_dsp_init(&d[k], SR);
		perlin_dsp_controls(&d[k], vp);
		memset(&pos, 0, sizeof pos);
		pos.has_frame = pos.has_speed = pos.has_bpm = pos.has_beat = 1;
		pos.frame = 96000.0;
		pos.speed = 1.0;
		pos.bpm = 120.0;
		pos.beat = 4.0;
		perlin_dsp_position(&d[k], &pos);
		perlin_dsp_run(&d[k], k ? y : x, n);
	}
	if (x && y) {
		const double dl = max_diff(y, x + lag, n - lag);
		printf("   synced phase 0.25 against phase 0 a quarter beat on: %.3g\n", dl);
		CHECK(dl < 1e-5, "phase 0.25 is not the synced curve a quarter cell on (%g)", dl);
		CHECK(max_diff(x, y, n - lag) > 0.05, "phase changes nothing when synced");
	}
	free(x);
	free(y);
}

int main(int argc, char **argv)
{
	host_world w;
	test_seed(argc - 1, argv + 1, "test_triggers");
	if (argc < 2 || host_world_open(&w, argv[1])) {
		fprintf(stderr, "usage: test_triggers BUNDLE_DIR [seed]\n");
		return 2;
	}
	test_section("the same triggers, any blocks, MIDI or CV: the same output");
	test_same_triggers_whatever_the_blocks(&w);
	test_section("restart repeats the same segment; phase moves it");
	test_restart_repeats_the_segment(&w);
	test_section("new shapes: a sequence the seed fixes");
	test_new_shapes_a_seeded_sequence(&w);
	test_section("step: sample and hold with glide");
	test_step_holds_and_glides(&w);
	test_step_switches_never_step(&w);
	test_section("the trigger channel");
	test_only_the_trigger_channel_triggers(&w);
	test_section("the sequence's unit: times in frames whatever it holds");
	test_notes_at_their_frames_whatever_the_unit(&w);
	test_section("notes as Carla sends them");
	test_carla_split_runs_trigger_as_whole_cycles(&w);
	test_section("continuity under random triggers");
	test_random_triggers_never_step(&w);
	test_section("phase with sync");
	test_phase_offsets_a_synced_phase();
	host_world_close(&w);
	return test_done("test_triggers");
}
