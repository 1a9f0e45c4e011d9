/* test_transport.c: whatever a host's transport says, the output never
   steps, and once the transport settles it is where a fresh start at that
   position would be. Hosts the built bundle through lilv (tests/host.c)
   and sends time:Position sequences as hosts do, and as they should not:
   frame, bar and beat fields that lag or disagree, speeds 0, 1, negative
   and fractional, tempo and meter changes, relocates while rolling and
   stopped, fields missing, every numeric atom type; plus two sequences
   replayed exactly as JACK (Carla) sent them when they clicked, and
   Carla's play and pause.
   Usage: test_transport BUNDLE_DIR [seed]
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "host.h"
#include "test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SR 48000.0
/* The plugin promises crossfades of at least 5 ms (test_render.c says the
   same): a crossfade between two voices a distance 2 apart moves the
   output by at most smoothstep' (1.5) x 2 / its length a sample. */
#define PROMISED_XFADE_S 0.005
#define SETTLE_S 0.4   /* after the last jump: crossfade and smoothers */
#define COMPARE_S 0.3  /* then compared with a fresh start */

static host_world world;

/* The host's idea of its transport. */
typedef struct {
	double frame, beat, bpm, speed, per_bar;
} transport;

static void advance(transport *t, uint32_t n)
{
	t->frame += t->speed * n;
	t->beat += t->speed * n * t->bpm / (60.0 * SR);
}

/* The message a tidy host sends for t: every field, Ardour's types. */
static host_position message(const transport *t)
{
	host_position p;
	const double bar = floor(t->beat / t->per_bar);
	memset(&p, 0, sizeof p);
	p.fields = (1U << HOST_POS_FRAME) | (1U << HOST_POS_SPEED) | (1U << HOST_POS_BPM) |
	           (1U << HOST_POS_BAR) | (1U << HOST_POS_BAR_BEAT) | (1U << HOST_POS_PER_BAR);
	p.type[HOST_POS_FRAME] = 1;
	p.type[HOST_POS_SPEED] = 2;
	p.type[HOST_POS_BPM] = 2;
	p.type[HOST_POS_BAR] = 1;
	p.type[HOST_POS_BAR_BEAT] = 2;
	p.type[HOST_POS_PER_BAR] = 2;
	p.type[HOST_POS_BEAT] = 3;
	p.value[HOST_POS_FRAME] = t->frame;
	p.value[HOST_POS_SPEED] = t->speed;
	p.value[HOST_POS_BPM] = t->bpm;
	p.value[HOST_POS_BAR] = bar;
	p.value[HOST_POS_BAR_BEAT] = t->beat - bar * t->per_bar;
	p.value[HOST_POS_PER_BAR] = t->per_bar;
	p.value[HOST_POS_BEAT] = t->beat;
	return p;
}

/* A render under test: controls fixed, the transport as a script says. */
typedef struct {
	int cv;
	int four;     /* the x4 twin, at `spread` */
	float spread;
	float ctl[PERLIN_N_PARAMS];
	double max_speed, max_bpm; /* what the script may reach */
} setup;

static double step_bound(const setup *s)
{
	noise_fbm p;
	const int dims = s->ctl[PERLIN_DIMENSIONS] > 1.5f ? 2 : 1;
	const double speed = s->max_speed > 1.0 ? s->max_speed : 1.0;
	const double rate = s->ctl[PERLIN_SYNC] > 0.5f ? s->max_bpm / 60.0 / s->ctl[PERLIN_BEATS]
	                                               : s->ctl[PERLIN_RATE];
	const double dx = rate * speed / SR;
	/* 2D: y moves with drift and with the slant of the path */
	const double dy = dims == 2 ? (s->ctl[PERLIN_DRIFT] * speed / SR + NOISE_2D_SLANT * dx) : 0.0;
	p.octaves = s->ctl[PERLIN_OCTAVES];
	p.persistence = s->ctl[PERLIN_PERSISTENCE];
	p.lacunarity = s->ctl[PERLIN_LACUNARITY];
	/* four outputs: a blend of two noises, slopes adding up to sqrt 2 of one */
	return (s->four ? 1.42 : 1.0) * 1.02 * noise_fbm_slope(p, dims) * (dx + dy) +
	       3.0 / (PROMISED_XFADE_S * SR) + 1e-6;
}

static int open_inst(host_inst *h, const setup *s)
{
	unsigned i;
	if (host_inst_open(h, s->four ? (s->cv ? world.cv4 : world.audio4)
	                              : (s->cv ? world.cv : world.audio), SR, 1))
		return 1;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		h->controls[i] = s->ctl[i];
	if (s->four)
		h->controls[RENDER_SPREAD] = s->spread;
	return 0;
}

/* The largest step in x[0..n) (and x[-1] to x[0] when first is given),
   as a ratio to bound; where it is goes to *at. */
static double worst_step(const float *x, size_t n, double bound, size_t *at)
{
	double worst = 0.0;
	size_t i;
	for (i = 1; i < n; ++i) {
		const double r = fabs((double)x[i] - x[i - 1]) / bound;
		if (r > worst) {
			worst = r;
			*at = i;
		}
	}
	return worst;
}

#define max_diff test_max_diff

/* ---- two sequences as JACK sent them (Carla 2.6) ---- */

/* A synced replay of the plugin (cv) at 120 BPM, its defaults otherwise. */
static void synced(setup *s, int cv)
{
	unsigned i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		s->ctl[i] = cv ? perlin_params[i].cv_def : perlin_params[i].def;
	s->cv = cv;
	s->ctl[PERLIN_SYNC] = 1;
	s->max_speed = 1;
	s->max_bpm = 120;
}

/* Perlin Noise at its defaults (Hold), a transport up to speed 1 and
   120 BPM. */
static void on_hold(setup *s)
{
	unsigned i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		s->ctl[i] = perlin_params[i].def;
	s->cv = 0;
	s->four = 0;
	s->max_speed = 1;
	s->max_bpm = 120;
}

/* One JACK cycle: the message at its start, then `period` samples. */
static void cycle(host_inst *h, transport *t, const host_position *p, float *x, size_t *n,
                  uint32_t period)
{
	host_inst_position_any(h, 0, p);
	host_inst_run(h, x + *n, period);
	*n += period;
	advance(t, period);
}

/* The replay's largest step against the bound, printed and checked. */
static void check_steps(const float *x, size_t n, const setup *s, const char *what)
{
	size_t at = 0;
	const double r = worst_step(x, n, step_bound(s), &at);
	printf("   %s: %s: step / bound %.3f\n", s->cv ? "CV plugin" : "audio plugin", what, r);
	CHECK(r <= 1.0, "%s steps %g times the bound at sample %zu", what, r, at);
}

/* Relocating while rolling, synced: in the Starting cycle the new frame
   comes with the old bar and beat and speed 0; the next (Rolling) cycle
   brings the new beat. */
static void test_jack_relocates_do_not_click(int cv)
{
	const uint32_t period = 1024;
	setup s;
	transport t = { 0.0, 0.0, 120.0, 1.0, 4.0 };
	float *x = calloc(200 * period, sizeof *x);
	host_inst h;
	size_t n = 0;
	unsigned c;
	synced(&s, cv);
	s.ctl[PERLIN_BEATS] = 0.7f; /* beats 4 and 14 off the lattice, where it is not 0 */
	s.ctl[PERLIN_OCTAVES] = 6;
	if (!x || open_inst(&h, &s)) {
		CHECK(0, "cannot render");
		free(x);
		return;
	}
	for (c = 0; c < 200; ++c) {
		host_position p = message(&t);
		if (c == 93) { /* Starting: new frame, stale beat, speed 0 */
			t.frame = 336000;
			t.beat = 14.0;
			t.speed = 0.0;
			p.value[HOST_POS_FRAME] = t.frame;
			p.value[HOST_POS_SPEED] = 0.0;
		} else if (c == 94) { /* Rolling */
			t.speed = 1.0;
			p = message(&t);
		}
		cycle(&h, &t, &p, x, &n, period);
	}
	host_inst_close(&h);
	check_steps(x, n, &s, "JACK relocate while rolling (stale beat while Starting)");
	free(x);
}

/* The largest move over `w` samples from a start in [from, to). */
static double move_over(const float *x, size_t from, size_t to, size_t w)
{
	double m = 0.0;
	size_t i;
	for (i = from; i < to; ++i)
		if (fabs((double)x[i + w] - x[i]) > m)
			m = fabs((double)x[i + w] - x[i]);
	return m;
}

/* Carla's transport (Carla 2.6, read from a probe plugin) into Perlin Noise
   on Hold, not synced, rate 3: play, pause, play, pause, play, 1024-frame
   cycles, a time:Position at a cycle's start when rolling and once at each
   change when stopped. Its internal transport pauses at the last rolling
   cycle's frame (one period behind the plugin) and plays on from there;
   its JACK transport sends no frame 0 (the first rolling cycle says 1024)
   and plays on one period past where it paused. No step in either; what
   remains is a lurch, a 10 ms crossfade over a period's motion where the
   frame jumps (back at a pause, on at a play): the largest move in 10 ms
   after a play or pause is printed against the largest while rolling. */
static void test_carla_play_and_pause_do_not_lurch(int jack)
{
	const uint32_t period = 1024;
	const unsigned cycles = 150, ev[5] = { 10, 33, 60, 83, 110 };
	const size_t w = (size_t)(0.010 * SR);
	setup s;
	float *x = calloc((size_t)cycles * period, sizeof *x);
	transport t = { 0.0, 0.0, 120.0, 0.0, 4.0 };
	host_inst h;
	size_t n = 0;
	unsigned c, i;
	on_hold(&s);
	s.ctl[PERLIN_RATE] = 3.0f;
	if (!x || open_inst(&h, &s)) {
		CHECK(0, "cannot render");
		free(x);
		return;
	}
	for (c = 0; c < cycles; ++c) {
		const int rolling = (c >= ev[0] && c < ev[1]) || (c >= ev[2] && c < ev[3]) || c >= ev[4];
		const int play = c == ev[0] || c == ev[2] || c == ev[4], pause = c == ev[1] || c == ev[3];
		host_position p;
		double jump = 0.0;
		if (jack && play)
			jump = period; /* one period on */
		else if (!jack && pause)
			jump = -(double)period; /* the last rolling cycle's frame */
		t.frame += jump;
		t.beat += jump * t.bpm / (60.0 * SR);
		t.speed = rolling ? 1.0 : 0.0;
		p = message(&t);
		if (rolling || play || pause || c == 0)
			host_inst_position_any(&h, 0, &p);
		host_inst_run(&h, x + n, period);
		n += period;
		if (rolling)
			advance(&t, period);
	}
	host_inst_close(&h);
	{
		char what[96];
		double lurch = 0.0, steady;
		for (i = 0; i < 5; ++i) {
			const double m = move_over(x, (size_t)ev[i] * period, (size_t)ev[i] * period + w, w);
			lurch = m > lurch ? m : lurch;
		}
		steady = move_over(x, (size_t)(ev[0] + 3) * period, (size_t)(ev[1] - 2) * period, w);
		snprintf(what, sizeof what, "Carla's %s transport, play pause play pause play",
		         jack ? "JACK" : "internal");
		check_steps(x, n, &s, what);
		printf("   largest move in 10 ms after a play or pause %.3f, while rolling %.3f\n", lurch,
		       steady);
	}
	free(x);
}

/* MusE 4.1 rendering (Render Downmix to File): a whole time:Position at
   the start of every period while rolling, speed 0 where the render ends,
   then the cursor moved back to bar 1 while stopped, the plugin never
   re-activated (../shared/notes/audacity-muse.md). On Hold the jump back
   to frame 0 is a phase change like any other: crossfaded, no step. */
static void test_muse_render_then_back_to_bar_1(void)
{
	const uint32_t period = 1024;
	const unsigned rolling = 200, stopped = 40, back = 60;
	setup s;
	float *x = calloc((size_t)(rolling + stopped + back) * period, sizeof *x);
	transport t = { 0.0, 0.0, 120.0, 1.0, 4.0 };
	host_inst h;
	size_t n = 0;
	unsigned c;
	on_hold(&s);
	if (!x || open_inst(&h, &s)) {
		CHECK(0, "cannot render");
		free(x);
		return;
	}
	for (c = 0; c < rolling + stopped + back; ++c) {
		host_position p;
		if (c == rolling)
			t.speed = 0.0; /* the render's end */
		if (c == rolling + stopped) {
			t.frame = 0.0; /* back to bar 1 */
			t.beat = 0.0;
		}
		p = message(&t);
		if (c < rolling || c == rolling || c == rolling + stopped)
			host_inst_position_any(&h, 0, &p);
		host_inst_run(&h, x + n, period);
		n += period;
		advance(&t, period);
	}
	host_inst_close(&h);
	{
		const size_t at = (size_t)(rolling + stopped) * period;
		printf("   MusE's render, then back to bar 1 while stopped: the output %.3f before, %.3f "
		       "60 ms after\n", (double)x[at - 1], (double)x[at + (size_t)(0.06 * SR)]);
		CHECK(fabs((double)x[at - 1] - x[at + (size_t)(0.06 * SR)]) > 0.05,
		      "MusE's relocate to bar 1 did not move the output (Hold follows the transport)");
		check_steps(x, n, &s, "MusE's render, then back to bar 1 while stopped");
	}
	free(x);
}

/* A seed change while the transport stands still on Hold (a session set
   up, then exported): nothing moves, so it crossfades over the short 10 ms
   and is over before an export can begin; the output is then a fresh
   start's with that seed, sample for sample. */
static void test_seed_change_while_stopped_is_quick(void)
{
	const uint32_t period = 480; /* 10 ms */
	transport t = { 48000.0, 2.0, 120.0, 0.0, 4.0 };
	const host_position p = message(&t);
	float x[480], y[480];
	setup s;
	host_inst a, b;
	int k, opened;
	on_hold(&s);
	s.ctl[PERLIN_RATE] = 2.0f;
	opened = open_inst(&a, &s) == 0;
	s.ctl[PERLIN_SEED] = 7.0f;
	opened = opened && open_inst(&b, &s) == 0;
	if (!opened) {
		CHECK(0, "cannot render");
		return;
	}
	host_inst_position_any(&a, 0, &p);
	host_inst_position_any(&b, 0, &p);
	for (k = 0; k < 10; ++k) { /* 100 ms stopped, seed 1 (a) and 7 (b) */
		host_inst_run(&a, x, period);
		host_inst_run(&b, y, period);
	}
	a.controls[PERLIN_SEED] = 7.0f;
	for (k = 0; k < 3; ++k) { /* a's seed changed: 30 ms later */
		host_inst_run(&a, x, period);
		host_inst_run(&b, y, period);
	}
	host_inst_close(&a);
	host_inst_close(&b);
	printf("   stopped on Hold, seed 1 -> 7: 30 ms later %.6f, a fresh start with seed 7 %.6f\n",
	       (double)x[period - 1], (double)y[period - 1]);
	CHECK(max_diff(x, y, period) == 0.0, "a seed change while stopped on Hold is not over after "
	      "30 ms (%g off a fresh start with the new seed)", max_diff(x, y, period));
}

/* Free (the CV plugins' default): a live patch's transport (play, pause,
   play, a relocate while rolling, a tempo change, a relocate while
   stopped, Carla's JACK frames a period ahead at each play, speed 2)
   moves nothing: the render is the one with no transport at all, sample
   for sample. */
static void test_free_phase_ignores_the_transport(int four)
{
	const uint32_t period = 1024;
	const unsigned cycles = 160;
	const size_t n = (size_t)cycles * period, outs = four ? 4 : 1;
	setup s;
	float *x = calloc(n * outs, sizeof *x), *y = calloc(n * outs, sizeof *y);
	int pass;
	unsigned i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		s.ctl[i] = perlin_params[i].cv_def;
	s.cv = 1;
	s.four = four;
	s.spread = 0.5f;
	s.ctl[PERLIN_RATE] = 3.0f;
	s.ctl[PERLIN_OCTAVES] = 6.0f;
	s.max_speed = 2;
	s.max_bpm = 140;
	CHECK(s.ctl[PERLIN_STOPPED] == 2.0f, "the CV plugins' default is not Free");
	for (pass = 0; pass < 2 && x && y; ++pass) {
		float *out = pass ? y : x;
		transport t = { 0.0, 0.0, 120.0, 0.0, 4.0 };
		host_inst h;
		unsigned c;
		if (open_inst(&h, &s)) {
			CHECK(0, "cannot render");
			break;
		}
		for (c = 0; c < cycles; ++c) {
			float *o[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
			const int rolling = (c >= 10 && c < 40) || (c >= 60 && c < 120) || c >= 130;
			unsigned k;
			t.speed = rolling ? (c >= 140 ? 2.0 : 1.0) : 0.0;
			if (c == 10 || c == 60 || c == 130) /* play: a period on, as Carla's JACK */
				t.frame += period;
			if (c == 80) /* relocate while rolling */
				t.frame = 4.0e6, t.beat = 1000.0;
			if (c == 100) /* tempo change */
				t.bpm = 140.0;
			if (c == 125) /* relocate while stopped */
				t.frame = 96000.0, t.beat = 4.0;
			if (!pass) { /* pass 1: no transport at all */
				const host_position p = message(&t);
				host_inst_position_any(&h, 0, &p);
			}
			for (k = 0; k < outs; ++k)
				o[k] = out + k * n + (size_t)c * period;
			host_inst_run_outputs(&h, o, period);
			advance(&t, period);
		}
		host_inst_close(&h);
	}
	if (x && y) {
		const double d = max_diff(x, y, n * outs);
		printf("   %s on Free: play, pause, relocates, tempo, speed 2 against no transport: %.3g\n",
		       four ? "CV x4" : "CV plugin", d);
		CHECK(d == 0.0, "Free moves with the transport (%g)", d);
	} else {
		CHECK(0, "cannot render");
	}
	free(x);
	free(y);
}

/* Free -> Hold while rolling: from the switch on the phase follows the
   transport (placed where its frame says, crossfaded), as if it had been
   on Hold all along. Perlin Noise CV at rate 3, 6 octaves, rolling from
   frame 0, relocated to 4 s at cycle 20 (which Free ignores), switched
   to Hold at cycle 50: from cycle 60 (the crossfade done) the output is
   the render on Hold throughout, within 1e-6; no step beyond the bound. */
static void test_free_to_hold_follows_the_transport(void)
{
	const uint32_t period = 1024;
	const unsigned cycles = 100, at = 50, from = 60;
	const size_t n = (size_t)cycles * period;
	setup s;
	float *x = calloc(n, sizeof *x), *y = calloc(n, sizeof *y);
	int pass;
	unsigned i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		s.ctl[i] = perlin_params[i].cv_def;
	s.cv = 1;
	s.four = 0;
	s.spread = 0.0f;
	s.ctl[PERLIN_RATE] = 3.0f;
	s.ctl[PERLIN_OCTAVES] = 6.0f;
	s.max_speed = 1;
	s.max_bpm = 120;
	for (pass = 0; pass < 2 && x && y; ++pass) {
		float *out = pass ? y : x;
		transport t = { 0.0, 0.0, 120.0, 1.0, 4.0 };
		host_inst h;
		unsigned c;
		if (open_inst(&h, &s)) {
			CHECK(0, "cannot render");
			break;
		}
		h.controls[PERLIN_STOPPED] = pass ? 0.0f : 2.0f; /* pass 1: Hold all along */
		for (c = 0; c < cycles; ++c) {
			host_position p;
			if (c == 20) /* relocate while rolling */
				t.frame = 192000.0, t.beat = 8.0;
			if (c == at)
				h.controls[PERLIN_STOPPED] = 0.0f;
			p = message(&t);
			host_inst_position_any(&h, 0, &p);
			host_inst_run(&h, out + (size_t)c * period, period);
			advance(&t, period);
		}
		host_inst_close(&h);
	}
	if (x && y) {
		const double before = max_diff(x + (size_t)(at - 10) * period,
		                               y + (size_t)(at - 10) * period, 10 * period);
		const double after = max_diff(x + (size_t)from * period, y + (size_t)from * period,
		                              (size_t)(cycles - from) * period);
		printf("   Free -> Hold while rolling: against Hold all along %.3g before the switch, "
		       "%.3g from %u ms after it\n", before, after,
		       (unsigned)((from - at) * period * 1000.0 / SR));
		CHECK(before > 0.1, "Free follows the transport before the switch (%g)", before);
		CHECK(after <= 1e-6, "Free -> Hold does not follow the transport (%g off)", after);
		check_steps(x, n, &s, "Free -> Hold while rolling");
	} else {
		CHECK(0, "cannot render");
	}
	free(x);
	free(y);
}

/* Synced from a fresh start at beat `beat` (the host's time:Position
   every 1024 frames; fields: 0 every one at 120 BPM, 1 only frame, speed
   and tempo at 120 BPM, 2 only the beat, speed and tempo at 97 BPM), loop
   1 cell: `n` samples into x. */
static int render_at_beat(float beats, double beat, int fields, float *x, size_t n)
{
	transport t = { 0.0, 0.0, fields == 2 ? 97.0 : 120.0, 1.0, 4.0 };
	setup s;
	host_inst h;
	size_t done = 0;
	synced(&s, 0);
	s.ctl[PERLIN_BEATS] = beats;
	s.ctl[PERLIN_LOOP] = 1;
	s.ctl[PERLIN_OCTAVES] = 5;
	t.beat = beat;
	t.frame = beat * 60.0 * SR / t.bpm;
	if (open_inst(&h, &s))
		return 1;
	while (done < n) {
		const uint32_t len = n - done < 1024 ? (uint32_t)(n - done) : 1024U;
		host_position p = message(&t);
		if (fields == 1)
			p.fields = (1U << HOST_POS_FRAME) | (1U << HOST_POS_SPEED) | (1U << HOST_POS_BPM);
		else if (fields == 2)
			p.fields = (1U << HOST_POS_BEAT) | (1U << HOST_POS_SPEED) | (1U << HOST_POS_BPM);
		host_inst_position_any(&h, 0, &p);
		host_inst_run(&h, x + done, len);
		done += len;
		advance(&t, len);
	}
	host_inst_close(&h);
	return 0;
}

/* Every note value the beats control offers (its scale points, as the
   TTL states them: six digits, so 1/32 triplet reads 0.083333) stays on
   the grid: at 120 BPM, 10 minutes on (beat 1200, a whole number of cells
   for each of them) the one-cell loop is where it starts, sample for
   sample, whether the host sends the beat or only frames and tempo; at 97
   BPM with the beat alone, so at the first bar line 10 minutes on (242
   bars) or after where the bars hold whole cells of it (a bar of 1/32
   dotted holds 21 1/3: every third bar line). */
static void test_note_values_stay_on_the_grid(void)
{
	const LilvPlugin *p = world.audio;
	const size_t n = (size_t)(0.5 * SR), skip = (size_t)(0.05 * SR);
	LilvScalePoints *sp = lilv_port_get_scale_points(p, lilv_plugin_get_port_by_index(p, PERLIN_BEATS));
	float *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b);
	double worst = 0.0;
	int points = 0;
	if (!sp || !a || !b) {
		CHECK(0, "no scale points on beats, or no memory");
	} else {
		LILV_FOREACH (scale_points, i, sp) {
			const LilvScalePoint *pt = lilv_scale_points_get(sp, i);
			const float v = lilv_node_as_float(lilv_scale_point_get_value(pt));
			const char *label = lilv_node_as_string(lilv_scale_point_get_label(pt));
			/* the bar lines whose cell count is whole: every `every`-th */
			const long q = lround((double)v * 96.0);
			long g = q, r = 384, every, bars;
			int fields;
			while (r) {
				const long t2 = g % r;
				g = r;
				r = t2;
			}
			every = q / g;
			bars = (242 + every - 1) / every * every;
			for (fields = 0; fields < 3; ++fields) {
				double d;
				if (render_at_beat(v, 0.0, fields, a, n) ||
				    render_at_beat(v, fields == 2 ? 4.0 * (double)bars : 1200.0, fields, b, n)) {
					CHECK(0, "cannot render");
					continue;
				}
				d = max_diff(a + skip, b + skip, n - skip);
				worst = d > worst ? d : worst;
				CHECK(d <= 1e-6, "%s (%g beats, %s): 10 minutes on, %g off its start", label,
				      (double)v, fields == 2 ? "97 BPM, beats" : fields ? "frames" : "beats", d);
			}
			points++;
		}
	}
	printf("   %d note values, beat and frame positions at 120 BPM, beats at 97: 10 minutes on at most "
	       "%.3g from the start\n",
	       points, worst);
	CHECK(points >= 18, "only %d note values", points);
	lilv_scale_points_free(sp);
	free(a);
	free(b);
}

/* Changing beats while rolling synced, then pausing and playing: no
   step, and nothing moves at play where the position did not (the same
   render without the pause, from where the pause began). */
static void test_beats_change_then_pause_no_step(int cv, int four)
{
	const uint32_t period = 512;
	setup s;
	float *x[2];
	size_t n[2] = { 0, 0 };
	int run;
	synced(&s, cv);
	s.four = four;
	s.spread = 0.5f;
	s.ctl[PERLIN_BEATS] = 0.5f; /* changes to 1 below */
	x[0] = calloc(4 * 400 * period, sizeof *x[0]);
	x[1] = calloc(4 * 400 * period, sizeof *x[1]);
	for (run = 0; run < 2; ++run) {
		transport t = { 0.0, 0.0, 120.0, 1.0, 4.0 };
		host_inst h;
		unsigned c;
		if (!x[run] || open_inst(&h, &s)) {
			CHECK(0, "cannot render");
			break;
		}
		for (c = 0; c < 400; ++c) {
			host_position p;
			if (c == 100)
				h.controls[PERLIN_BEATS] = 1.0f;
			if (c == 200 && run == 0)
				t.speed = 0.0; /* pause */
			if (c == 300 && run == 0)
				t.speed = 1.0; /* play */
			p = message(&t);
			cycle(&h, &t, &p, x[run], &n[run], period);
		}
		host_inst_close(&h);
	}
	if (x[0] && x[1] && n[0] == n[1]) {
		const double d = max_diff(x[0] + 300 * period, x[1] + 200 * period, 100 * period);
		check_steps(x[0], n[0], &s, "beats changed while rolling synced, pause, play");
		printf("   %s: after play, against the render without the pause: %.3g\n",
		       four ? "x4" : cv ? "CV plugin" : "audio plugin", d);
		CHECK(d < 1e-6, "%s: play moves the output where the position did not move (%g)",
		      four ? "x4" : cv ? "CV plugin" : "audio plugin", d);
	}
	free(x[0]);
	free(x[1]);
}

/* ---- a host whose frame never advances: Audacity's generators ---- */

/* A time:Position at frame 0, rolling: frame and speed only, as Audacity
   forges them (speed a Float, frame a Long; jalv sends the same two keys
   when JACK has no timebase master), or (bar_beat) with bar 0, beat 0,
   4/4 and 120 BPM besides, as a host sends a real relocate there. */
static host_position at_frame_0(int bar_beat)
{
	const transport t = { 0.0, 0.0, 120.0, 1.0, 4.0 };
	host_position p = message(&t);
	if (!bar_beat) {
		p.fields = (1U << HOST_POS_SPEED) | (1U << HOST_POS_FRAME);
		p.type[HOST_POS_SPEED] = 2;
		p.type[HOST_POS_FRAME] = 1;
	}
	return p;
}

/* Perlin Noise (four: x4) at its defaults (Hold), n samples in blocks of
   `block` into x (four: the outputs' planes of n), with at_frame_0
   (bar_beat) at the start of every block (every 1), of block 0 and of
   block `again` only (every 0: a host that sends a position when it
   changes; again 0, never more), or never (every -1). 0 on success. */
static int render_at_frame_0(int four, uint32_t block, size_t n, int every, size_t again,
                             int bar_beat, float *x)
{
	const host_position p = at_frame_0(bar_beat);
	setup s;
	host_inst h;
	size_t done = 0, b = 0;
	unsigned i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		s.ctl[i] = perlin_params[i].def;
	s.cv = 0;
	s.four = four;
	s.spread = perlin_spread_param.def;
	if (open_inst(&h, &s))
		return 1;
	for (; done < n; ++b) {
		const uint32_t len = n - done < block ? (uint32_t)(n - done) : block;
		float *o[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
		int k;
		if (every > 0 || (every == 0 && (b == 0 || (again && b == again))))
			host_inst_position_any(&h, 0, &p);
		for (k = 0; k < h.outputs; ++k)
			o[k] = x + (size_t)k * n + done;
		host_inst_run_outputs(&h, o, len);
		done += len;
	}
	host_inst_close(&h);
	return 0;
}

static void range_of(const float *x, size_t n, float *lo, float *hi)
{
	size_t i;
	*lo = *hi = x[0];
	for (i = 1; i < n; ++i) {
		*lo = x[i] < *lo ? x[i] : *lo;
		*hi = x[i] > *hi ? x[i] : *hi;
	}
}

/* Audacity (3.2.4 to 3.7) runs a plugin with no audio input as a
   generator: before every block (8192 frames by default) it sends a
   time:Position at offset 0 with speed 1 and frame 0, never advancing the
   frame. On Hold (the default) that must render as if no transport were
   there, sample for sample, not go back to frame 0's value every block;
   blocks of 8192, 4096 and 1024, 10 s at 48 kHz. */
static void test_a_frame_that_never_advances_runs_on(int four, uint32_t block)
{
	const size_t n = (size_t)(10.0 * SR), outs = four ? 4 : 1;
	float *x = calloc(n * outs, sizeof *x), *y = calloc(n * outs, sizeof *y);
	if (!x || !y || render_at_frame_0(four, block, n, 1, 0, 0, x) ||
	    render_at_frame_0(four, block, n, -1, 0, 0, y)) {
		CHECK(0, "cannot render");
	} else {
		float xl, xh, yl, yh;
		const double d = max_diff(x, y, n * outs);
		range_of(x, n, &xl, &xh);
		range_of(y, n, &yl, &yh);
		printf("   %s, blocks of %u: Audacity's frame 0 before each: output 1 within %.2f..%.2f; "
		       "with no transport %.2f..%.2f; difference %.3g\n",
		       four ? "x4" : "Perlin Noise", block, (double)xl, (double)xh, (double)yl,
		       (double)yh, d);
		CHECK(d == 0.0, "%s, blocks of %u: a frame that never advances differs from the render "
		      "that runs on by %g", four ? "x4" : "Perlin Noise", block, d);
	}
	free(x);
	free(y);
}

/* The render of y from `from` (samples after a relocate to frame 0) to
   `to` against a fresh start's, x: how far apart. */
static double off_fresh(const float *x, const float *y, size_t from, size_t to)
{
	return max_diff(x + from, y + from, to - from);
}

/* Real relocates to frame 0 still restart the motion: a host that sends
   frame 0 with bar and beat before every block (each block is then block
   0 again once its crossfade is over), and a host that sends frame and
   speed only when they change (jalv without a timebase master: rolling
   from frame 0, then relocated to 0 again 80 blocks later: more than the
   65536 samples within which the same frame sent again is a host that
   re-sends it every block). */
static void test_relocates_to_frame_0_still_restart(void)
{
	const uint32_t block = 1024;
	const size_t n = 160 * (size_t)block, settled = (size_t)(0.02 * SR);
	float *x = calloc(n, sizeof *x);
	double worst = 0.0, jalv = 1.0;
	size_t b;
	if (!x || render_at_frame_0(0, block, n, 1, 0, 1, x)) {
		CHECK(0, "cannot render");
		free(x);
		return;
	}
	for (b = 1; b < 40; ++b) {
		const double d = off_fresh(x, x + b * block, settled, block);
		worst = d > worst ? d : worst;
	}
	if (render_at_frame_0(0, block, n, 0, 80, 0, x) == 0)
		jalv = off_fresh(x, x + 80 * (size_t)block, settled, 80 * (size_t)block);
	printf("   frame 0 with bar and beat before every block: each block from 20 ms on %.3g from "
	       "block 0's start; frame and speed only, again 80 blocks on: %.3g from the start\n",
	       worst, jalv);
	CHECK(worst < 1e-6, "a relocate to frame 0 with bar and beat did not restart (%g)", worst);
	CHECK(jalv < 1e-6, "a relocate to frame 0 sent once (frame and speed only) did not restart "
	      "(%g)", jalv);
	free(x);
}

/* ---- sync exact and quiet ---- */

/* A linear-phase high-pass at sr/4 (a windowed sinc, 63 taps): the
   energy of x above sr/4 in windows of w samples, from x[first] on; the
   largest of those in [from, to) (samples). */
#define HP_TAPS 63
#define PI 3.14159265358979323846
static double hp_energy_max(const float *x, size_t n, size_t from, size_t to, size_t w)
{
	static double h[HP_TAPS];
	static int made;
	double worst = 0.0;
	size_t i, start;
	if (!made) {
		int k;
		for (k = 0; k < HP_TAPS; ++k) {
			const int m = k - HP_TAPS / 2;
			const double win = 0.5 - 0.5 * cos(2.0 * PI * k / (HP_TAPS - 1));
			const double lp = m == 0 ? 0.5 : sin(PI * 0.5 * m) / (PI * m);
			h[k] = ((m == 0 ? 1.0 : 0.0) - lp) * win;
		}
		made = 1;
	}
	if (from < HP_TAPS)
		from = HP_TAPS;
	for (start = from; start + w <= to && start + w <= n; start += w / 2) {
		double e = 0.0;
		for (i = start; i < start + w; ++i) {
			double y = 0.0;
			int k;
			for (k = 0; k < HP_TAPS; ++k)
				y += h[k] * x[i - (size_t)k];
			e += y * y;
		}
		worst = e > worst ? e : worst;
	}
	return worst;
}

/* Switching sync on, and a tempo change while synced, make no burst of
   energy above sr/4 (within 2x the worst steady 5 ms window either
   side): bright settings, 120 BPM (and the tempo doubled). */
static void test_sync_switch_and_tempo_no_burst(int cv, int four, int tempo_change)
{
	const uint32_t period = 256, cycles = 400, change = 200;
	const size_t w = (size_t)(0.005 * SR);
	setup s;
	transport t = { 0.0, 0.0, 120.0, 1.0, 4.0 };
	float *x = calloc((size_t)(four ? 4 : 1) * cycles * period, sizeof *x);
	host_inst h;
	unsigned c, i;
	size_t o;
	double worst = 0.0;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		s.ctl[i] = cv ? perlin_params[i].cv_def : perlin_params[i].def;
	s.cv = cv;
	s.four = four;
	s.spread = 0.5f;
	s.ctl[PERLIN_OCTAVES] = 8.0f;
	s.ctl[PERLIN_PERSISTENCE] = 0.8f;
	s.ctl[PERLIN_RATE] = 300.0f;
	s.ctl[PERLIN_BEATS] = 0.0625f;
	s.ctl[PERLIN_SYNC] = tempo_change ? 1.0f : 0.0f;
	if (!x || open_inst(&h, &s)) {
		CHECK(0, "cannot render");
		free(x);
		return;
	}
	for (c = 0; c < cycles; ++c) {
		float *outs[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
		host_position p;
		if (c == change) {
			if (tempo_change)
				t.bpm = 240.0;
			else
				h.controls[PERLIN_SYNC] = 1.0f;
		}
		p = message(&t);
		if (c == 0 || c == change)
			host_inst_position_any(&h, 0, &p);
		for (o = 0; o < (size_t)h.outputs; ++o)
			outs[o] = x + o * cycles * period + (size_t)c * period;
		host_inst_run_outputs(&h, outs, period);
		advance(&t, period);
	}
	for (o = 0; o < (size_t)h.outputs; ++o) {
		const float *y = x + o * cycles * period;
		const size_t at = (size_t)change * period, end = (size_t)cycles * period;
		/* steady: before the change, and once the smoothers settled after it */
		const double before = hp_energy_max(y, end, 4800, at, w);
		const double after = hp_energy_max(y, end, at + 9600, end, w);
		const double burst = hp_energy_max(y, end, at - w / 2, at + 9600, w);
		const double steady = before > after ? before : after;
		const double r = burst / (steady > 1e-30 ? steady : 1e-30);
		worst = r > worst ? r : worst;
	}
	host_inst_close(&h);
	printf("   %s: %s: energy above sr/4 after it / the worst steady window: %.2f\n",
	       four ? "x4" : cv ? "CV plugin" : "audio plugin",
	       tempo_change ? "tempo 120 -> 240 BPM synced" : "sync switched on at 120 BPM", worst);
	CHECK(worst <= 2.0, "%s: a burst above sr/4 of %g times the steady level",
	      tempo_change ? "a tempo change" : "switching sync on", worst);
	free(x);
}

/* A partial export from a sample that is not on a beat lands exactly on
   the full export's tail: Ardour 7 sends the beat as bar, beat and whole
   ticks (1920 a beat) in a float (libs/ardour/lv2_plugin.cc,
   write_position), so the beat it sends lags by up to a tick. Synced, 2D,
   morph 0.3, 120 BPM; the partial starts at 294912 samples (12.288
   beats). */
static host_position ardour_message(double frame, double bpm)
{
	const transport t = { frame, frame * bpm / (60.0 * SR), bpm, 1.0, 4.0 };
	host_position p = message(&t);
	const double in_bar = t.beat - floor(t.beat / 4.0) * 4.0;
	const double ticks = floor((in_bar - floor(in_bar)) * 1920.0);
	p.value[HOST_POS_BAR_BEAT] = (double)(float)(floor(in_bar) + ticks / 1920.0f);
	return p;
}

static void test_partial_export_lands_on_the_tail(int cv)
{
	const uint32_t period = 1024, start = 294912, len = 96000;
	const uint32_t total = start + len;
	setup s;
	float *full = calloc(total + period, sizeof *full), *part = calloc(len + period, sizeof *part);
	int run;
	synced(&s, cv);
	s.ctl[PERLIN_DIMENSIONS] = 2.0f;
	s.ctl[PERLIN_MORPH] = 0.3f;
	s.ctl[PERLIN_OCTAVES] = 5.0f;
	for (run = 0; run < 2 && full && part; ++run) {
		host_inst h;
		uint32_t at = run ? start : 0, done = 0;
		float *x = run ? part : full;
		host_position p = ardour_message(at, 120.0);
		if (open_inst(&h, &s)) {
			CHECK(0, "cannot render");
			break;
		}
		host_inst_position_any(&h, 0, &p);
		while (done < (run ? len : total)) {
			host_inst_run(&h, x + done, period);
			done += period;
		}
		host_inst_close(&h);
	}
	if (full && part) {
		const double d = max_diff(part, full + start, len);
		printf("   %s: partial export from 12.288 beats against the full one's tail: %.3g\n",
		       cv ? "CV plugin" : "audio plugin", d);
		CHECK(d < 1e-6, "a partial export off the beat differs from the full one by %g", d);
	}
	free(full);
	free(part);
}

/* ---- random transports ---- */

static double pick(const double *v, unsigned n)
{
	return v[test_rng() % n];
}

/* A message for t as a careless host might send it. */
static host_position scramble(const transport *t, int lag_beat, const transport *old)
{
	host_position p = message(t);
	unsigned i;
	if (lag_beat) { /* bar and beat of where the transport was */
		const host_position o = message(old);
		p.value[HOST_POS_BAR] = o.value[HOST_POS_BAR];
		p.value[HOST_POS_BAR_BEAT] = o.value[HOST_POS_BAR_BEAT];
		p.value[HOST_POS_BEAT] = o.value[HOST_POS_BEAT];
	}
	if (test_rng() % 4 == 0)
		p.fields |= 1U << HOST_POS_BEAT;
	for (i = 0; i < HOST_POS_N; ++i) {
		if (test_rng() % 8 == 0)
			p.fields &= ~(1U << i); /* missing */
		if (test_rng() % 4 == 0)
			p.type[i] = (int)(test_rng() % 4);
	}
	if (test_rng() % 16 == 0) /* nonsense: fields that disagree */
		p.value[HOST_POS_BAR_BEAT] = test_uniform(-2.0, 9.0);
	if (test_rng() % 16 == 0)
		p.value[HOST_POS_FRAME] = test_uniform(-1e6, 1e8);
	return p;
}

/* One random script: returns the worst step / bound; when settle is given,
   also how far the output is, after a final relocate, from a fresh start
   there. */
static double random_transport(int trial, double *settle)
{
	static const double speeds[] = { 0.0, 1.0, 1.0, 1.0, -1.0, 0.5, 2.0, 0.0 };
	static const double tempos[] = { 60.0, 90.0, 120.0, 140.0, 174.0 };
	static const double meters[] = { 3.0, 4.0, 4.0, 7.0 };
	const double seconds = 6.0;
	const size_t frames = (size_t)(seconds * SR);
	const size_t cmp = (size_t)(COMPARE_S * SR), settle_n = (size_t)(SETTLE_S * SR);
	const int four = trial >= 60; /* then Perlin Noise x4, each output */
	const int outs = four ? PERLIN_OUTPUTS : 1;
	const size_t xn = frames + settle_n + cmp, yn = settle_n + cmp;
	float *x = malloc(xn * (size_t)outs * sizeof *x);
	float *y = malloc(yn * (size_t)outs * sizeof *y);
	float *xo[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
	transport t, old, fin;
	setup s;
	host_inst h, f;
	size_t n = 0;
	unsigned i;
	int pending_roll = 0, ch;
	double r = 0.0;
	const int mode = trial % 3; /* free Hold, free Run, synced */
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		s.ctl[i] = perlin_params[i].def;
	s.cv = trial % 2;
	s.ctl[PERLIN_SYNC] = mode == 2 ? 1.0f : 0.0f;
	s.ctl[PERLIN_STOPPED] = mode == 1 ? 1.0f : 0.0f;
	s.ctl[PERLIN_RATE] = (float)test_uniform(0.2, 6.0);
	s.ctl[PERLIN_BEATS] = (float)pick((const double[]){ 0.5, 1.0, 2.0, 4.0 }, 4);
	s.ctl[PERLIN_OCTAVES] = (float)test_uniform(1.0, 8.0);
	s.ctl[PERLIN_PERSISTENCE] = (float)test_uniform(0.2, 0.8);
	s.ctl[PERLIN_LACUNARITY] = (float)test_uniform(1.5, 2.2);
	s.ctl[PERLIN_SEED] = (float)(test_rng() % 1000);
	s.ctl[PERLIN_DIMENSIONS] = test_rng() % 2 ? 2.0f : 1.0f;
	s.ctl[PERLIN_DRIFT] = test_rng() % 2 ? (float)test_uniform(0.0, 1.0) : 0.0f;
	s.ctl[PERLIN_MORPH] = (float)test_uniform(0.0, 4.0);
	s.max_speed = 2.0;
	s.max_bpm = 174.0;
	s.four = four;
	s.spread = (float)test_uniform(0.0, 1.0);
	t.frame = floor(test_uniform(0.0, 1e6));
	t.bpm = 120.0;
	t.per_bar = 4.0;
	t.beat = t.frame * t.bpm / (60.0 * SR);
	t.speed = 1.0;
	if (!x || !y || open_inst(&h, &s)) {
		CHECK(0, "cannot render");
		free(x);
		free(y);
		return 0.0;
	}
	{
		host_position p = message(&t);
		host_inst_position_any(&h, 0, &p);
	}
	while (n < frames) {
		uint32_t len = 1U + (uint32_t)(test_rng() % 2048U);
		unsigned e, events = (unsigned)(test_rng() % 3U);
		uint32_t offs = 0;
		if (len > frames - n)
			len = (uint32_t)(frames - n);
		/* up to two messages inside the block, in time order */
		for (e = 0; e < events; ++e) {
			host_position p;
			const uint32_t o = offs + (uint32_t)(test_rng() % (len - offs));
			const unsigned what = (unsigned)(test_rng() % 8U);
			old = t;
			advance(&t, o - offs);
			offs = o;
			if (pending_roll) { /* JACK: Rolling after Starting */
				t.speed = 1.0;
				pending_roll = 0;
			} else if (what == 0) { /* relocate */
				t.frame = floor(test_uniform(0.0, 2e6));
				t.beat = t.frame * t.bpm / (60.0 * SR);
			} else if (what == 1) { /* JACK relocate: Starting */
				t.frame = floor(test_uniform(0.0, 2e6));
				t.beat = t.frame * t.bpm / (60.0 * SR);
				p = scramble(&t, 1, &old);
				p.value[HOST_POS_SPEED] = 0.0;
				t.speed = 0.0;
				pending_roll = 1;
				host_inst_position_any(&h, o, &p);
				continue;
			} else if (what == 2) {
				t.speed = pick(speeds, sizeof speeds / sizeof *speeds);
			} else if (what == 3) {
				t.bpm = pick(tempos, sizeof tempos / sizeof *tempos);
			} else if (what == 4) {
				t.per_bar = pick(meters, sizeof meters / sizeof *meters);
			}
			p = scramble(&t, what == 5, &old);
			host_inst_position_any(&h, o, &p);
		}
		for (ch = 0; ch < outs; ++ch)
			xo[ch] = x + (size_t)ch * xn + n;
		host_inst_run_outputs(&h, xo, len);
		advance(&t, len - offs);
		n += len;
	}
	/* settle: one tidy relocate, rolling; then a fresh start there */
	t.frame = floor(test_uniform(0.0, 2e6));
	t.beat = t.frame * t.bpm / (60.0 * SR);
	t.speed = 1.0;
	fin = t;
	{
		host_position p = message(&t);
		host_inst_position_any(&h, 0, &p);
		while (n < frames + settle_n + cmp) {
			const size_t left = frames + settle_n + cmp - n;
			const uint32_t len = left < 256 ? (uint32_t)left : 256U;
			for (ch = 0; ch < outs; ++ch)
				xo[ch] = x + (size_t)ch * xn + n;
			host_inst_run_outputs(&h, xo, len);
			n += len;
		}
	}
	host_inst_close(&h);
	for (ch = 0; ch < outs; ++ch) {
		size_t a = 0;
		const double ro = worst_step(x + (size_t)ch * xn, n, step_bound(&s), &a);
		if (ro > 1.0)
			printf("   trial %d (%s, %s%s, %gD), output %d: step %.4f at %.4f s, bound %.4f\n",
			       trial, mode == 0 ? "free Hold" : mode == 1 ? "free Run" : "synced",
			       s.cv ? "CV" : "audio", four ? " x4" : "", (double)s.ctl[PERLIN_DIMENSIONS],
			       ch + 1, fabs((double)x[(size_t)ch * xn + a] - x[(size_t)ch * xn + a - 1]),
			       (double)a / SR, step_bound(&s));
		r = ro > r ? ro : r;
	}
	if (open_inst(&f, &s) == 0) {
		host_position p = message(&fin);
		size_t m = 0;
		host_inst_position_any(&f, 0, &p);
		while (m < settle_n + cmp) {
			const size_t left = settle_n + cmp - m;
			const uint32_t len = left < 256 ? (uint32_t)left : 256U;
			for (ch = 0; ch < outs; ++ch)
				xo[ch] = y + (size_t)ch * yn + m;
			host_inst_run_outputs(&f, xo, len);
			m += len;
		}
		host_inst_close(&f);
		*settle = 0.0;
		for (ch = 0; ch < outs; ++ch) {
			const double d = max_diff(x + (size_t)ch * xn + frames + settle_n,
			                          y + (size_t)ch * yn + settle_n, cmp);
			*settle = d > *settle ? d : *settle;
		}
	}
	free(x);
	free(y);
	return r;
}

static void test_random_transports_never_step(void)
{
	double worst = 0.0, worst_settle = 0.0;
	int trial, failed = 0, off = 0;
	const int trials = 80; /* the last 20 on Perlin Noise x4, every output */
	for (trial = 0; trial < trials; ++trial) {
		double settle = 1.0;
		const double r = random_transport(trial, &settle);
		failed += r > 1.0;
		off += settle > 1e-6;
		worst = r > worst ? r : worst;
		worst_settle = settle > worst_settle ? settle : worst_settle;
	}
	printf("   %d random transports (20 of them x4): largest step / bound %.3f; after settling, "
	       "largest difference from a fresh start %.2g\n", trials, worst, worst_settle);
	CHECK(failed == 0, "%d of %d random transports stepped (worst %g times the bound)",
	      failed, trials, worst);
	CHECK(off == 0, "%d of %d random transports did not settle where a fresh start is (%g)",
	      off, trials, worst_settle);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_transport BUNDLE_DIR [seed]\n");
		return 2;
	}
	test_seed(argc - 1, argv + 1, "test_transport");
	if (host_world_open(&world, argv[1])) {
		CHECK(0, "no plugins in %s", argv[1]);
		return test_done("test_transport");
	}
	test_section("JACK's sequences that clicked, replayed");
	test_jack_relocates_do_not_click(0);
	test_jack_relocates_do_not_click(1);
	test_beats_change_then_pause_no_step(0, 0);
	test_beats_change_then_pause_no_step(1, 0);
	test_beats_change_then_pause_no_step(1, 1);
	test_carla_play_and_pause_do_not_lurch(0);
	test_carla_play_and_pause_do_not_lurch(1);
	test_muse_render_then_back_to_bar_1();
	test_seed_change_while_stopped_is_quick();
	test_section("Free: the transport moves nothing");
	test_free_phase_ignores_the_transport(0);
	test_free_phase_ignores_the_transport(1);
	test_free_to_hold_follows_the_transport();
	test_section("a frame that never advances (Audacity) runs on; relocates restart");
	test_a_frame_that_never_advances_runs_on(0, 8192);
	test_a_frame_that_never_advances_runs_on(0, 4096);
	test_a_frame_that_never_advances_runs_on(0, 1024);
	test_a_frame_that_never_advances_runs_on(1, 8192);
	test_relocates_to_frame_0_still_restart();
	test_section("note values stay on the grid");
	test_note_values_stay_on_the_grid();
	test_section("sync exact and quiet");
	test_sync_switch_and_tempo_no_burst(0, 0, 0);
	test_sync_switch_and_tempo_no_burst(1, 1, 0);
	test_sync_switch_and_tempo_no_burst(0, 0, 1);
	test_sync_switch_and_tempo_no_burst(1, 1, 1);
	test_partial_export_lands_on_the_tail(0);
	test_partial_export_lands_on_the_tail(1);
	test_section("random transports: no step, then where a fresh start is");
	test_random_transports_never_step();
	host_world_close(&world);
	return test_done("test_transport");
}
