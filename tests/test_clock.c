/* test_clock.c: an external clock through the built bundle (lilv): CV
   pulses at Perlin Noise CV's clock_in, and MIDI clock at the MIDI input
   of Perlin Noise Keyed and CV. With sync on, a clock must give from its
   second pulse what a host's transport at the same tempo gives (within
   two samples' motion: pulses land on whole samples), at 1 and 24 pulses
   a beat, through a tempo change, a stop and a restart; hold where the
   next pulse would put the phase when the pulses stop and go on from
   there with no step; render the same at any block sizes; give way (MIDI
   clock) to a host that sends a tempo; and survive any input.
   Usage: test_clock BUNDLE_DIR [seed]
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "host.h"
#include "test.h"

#include <lilv/lilv.h>
#include <math.h>
#include <string.h>

#define SR 48000.0
#define XFADE 480U /* the short crossfade (PERLIN_XFADE_S) at SR */
#define P0 4800U   /* the first pulse (beat 0) */

static host_world world;

/* A host's time:Position at sample `at` (frame = at). */
typedef struct {
	uint32_t at;
	double beat, bpm, speed;
} pos_ev;
/* MIDI bytes at sample `at`. */
typedef struct {
	uint32_t at;
	uint8_t b[3];
	uint32_t size;
} midi_ev;

typedef struct {
	const LilvPlugin *p;
	int sync;
	const float *clock; /* n samples at clock_in (NULL: unconnected) */
	float pulses;
	const pos_ev *pos;
	int n_pos;
	const midi_ev *midi;
	int n_midi;
	uint32_t block; /* 0: random 1..1024 */
} run_spec;

/* n samples of s's plugin into x; 1 if it could not run. */
static int run(const run_spec *s, float *x, uint32_t n)
{
	host_inst h;
	const unsigned outs = s->p == world.cv4 ? 4U : 1U;
	const int cv = s->p == world.cv || s->p == world.cv4;
	float pulses = s->pulses;
	uint32_t done = 0;
	int ip = 0, im = 0;
	if (host_inst_open(&h, s->p, SR, 1))
		return 1;
	h.controls[PERLIN_SYNC] = s->sync ? 1.0f : 0.0f;
	if (cv)
		lilv_instance_connect_port(h.inst, PORT_PULSES(outs), &pulses);
	while (done < n) {
		uint32_t b = s->block ? s->block : 1U + (uint32_t)(test_rng() % 1024U);
		float *o[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
		if (b > n - done)
			b = n - done;
		for (; ip < s->n_pos && s->pos[ip].at < done + b; ++ip)
			host_inst_position(&h, s->pos[ip].at - done, (double)s->pos[ip].at,
			                   s->pos[ip].speed, s->pos[ip].beat, s->pos[ip].bpm);
		for (; im < s->n_midi && s->midi[im].at < done + b; ++im)
			host_inst_midi(&h, s->midi[im].at - done, s->midi[im].b, s->midi[im].size);
		if (cv)
			lilv_instance_connect_port(h.inst, PORT_CLOCK_IN(outs),
			                           s->clock ? (void *)(s->clock + done) : NULL);
		o[0] = x + done;
		host_inst_run_outputs(&h, o, b);
		done += b;
	}
	host_inst_close(&h);
	return 0;
}

/* The sample of beat `beat` at bpm from P0. */
static uint32_t beat_at(double beat, double bpm)
{
	return P0 + (uint32_t)floor(beat * 60.0 * SR / bpm + 0.5);
}

/* Gates of g samples at each of the samples at[0..k) into c (zeroed). */
static void gates(float *c, uint32_t n, const uint32_t *at, int k)
{
	int i;
	memset(c, 0, n * sizeof *c);
	for (i = 0; i < k; ++i) {
		uint32_t j, g = i + 1 < k ? (at[i + 1] - at[i]) / 2U : 48U;
		if (g > 48U)
			g = 48U;
		for (j = at[i]; j < at[i] + g && j < n; ++j)
			c[j] = 1.0f;
	}
}

/* The largest step of x over [from, to). */
static double max_step(const float *x, uint32_t from, uint32_t to)
{
	double m = 0.0;
	uint32_t i;
	for (i = from + 1U; i < to; ++i) {
		const double d = fabs((double)x[i] - (double)x[i - 1U]);
		m = d > m || d != d ? d : m;
	}
	return m;
}

/* The largest |x - y| over [from, to). */
static double max_diff(const float *x, const float *y, uint32_t from, uint32_t to)
{
	double m = 0.0;
	uint32_t i;
	for (i = from; i < to; ++i) {
		const double d = fabs((double)x[i] - (double)y[i]);
		m = d > m || d != d ? d : m;
	}
	return m;
}

#define MAXP 4096

/* Pulses at ppb a beat at bpm from P0 (beat 0) for `beats` beats, into
   the CV plugin; against a host transport at bpm placing beat 0 at P0:
   from the second pulse (and the short crossfade) on, within two
   samples' motion; between the first pulse's crossfade and the second
   pulse, held. The same at random block sizes, bit for bit. */
static void test_clock_is_the_transport(double bpm, unsigned ppb)
{
	const double beats = 12.0;
	const uint32_t n = beat_at(beats + 0.5, bpm);
	float *c = malloc(n * sizeof *c), *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y),
	      *z = malloc(n * sizeof *z);
	uint32_t at[MAXP];
	int k = 0;
	pos_ev ref = { P0, 0.0, bpm, 1.0 };
	run_spec s;
	double motion, worst, held;
	while (k < MAXP && (k == 0 || at[k - 1] < n)) {
		at[k] = beat_at((double)k / ppb, bpm);
		++k;
	}
	gates(c, n, at, k);
	memset(&s, 0, sizeof s);
	s.p = world.cv;
	s.sync = 1;
	s.pulses = (float)ppb;
	s.block = 256;
	s.pos = &ref;
	s.n_pos = 1;
	if (run(&s, y, n)) {
		CHECK(0, "no run");
		return;
	}
	s.pos = NULL;
	s.n_pos = 0;
	s.clock = c;
	run(&s, x, n);
	s.block = 0;
	run(&s, z, n);
	motion = max_step(y, at[1], n);
	worst = max_diff(x, y, at[1] + XFADE, n);
	held = max_step(x, at[0] + XFADE, at[1]);
	printf("   %g BPM, %u a beat: from the second pulse within %.3g of the transport's "
	       "(%.2f samples' motion); held %.3g before it\n",
	       bpm, ppb, worst, worst / motion, held);
	CHECK(motion > 1e-5, "%g BPM: the reference does not move", bpm);
	CHECK(worst <= 2.0 * motion, "%g BPM, %u a beat: %.3g from the transport's output (%.2f "
	      "samples' motion)", bpm, ppb, worst, worst / motion);
	CHECK(held == 0.0, "%g BPM, %u a beat: not held before the second pulse (%g)", bpm, ppb,
	      held);
	CHECK(memcmp(x, z, n * sizeof *x) == 0, "%g BPM, %u a beat: not the same at random blocks",
	      bpm, ppb);
	free(c);
	free(x);
	free(y);
	free(z);
}

/* A tempo change (120 to 150 BPM at beat 8, 1 and 24 a beat), a stop (the
   pulses stand for two seconds after beat 8's) and a restart: against a
   host transport doing the same (the tempo sent at beat 8; stopped at the
   beat of the pulse after beat 8's, where the clock holds, and rolling
   again where the pulses resume): within two samples' motion from two pulses
   after each; no step larger than the transport's largest; held still
   while the pulses are stopped. */
static void test_tempo_change_and_stop(unsigned ppb, int stop)
{
	const double bpm = 120.0, bpm2 = stop ? 120.0 : 150.0, gap = stop ? 2.0 * SR : 0.0;
	const double held_beat = 8.0 + 1.0 / ppb; /* (stop) the next pulse's, after beat 8's */
	const uint32_t b8 = beat_at(8.0, bpm), bh = beat_at(held_beat, bpm);
	const uint32_t n = b8 + (uint32_t)gap + (uint32_t)(8.0 * 60.0 * SR / bpm2);
	float *c = malloc(n * sizeof *c), *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
	uint32_t at[MAXP], resume = 0;
	int k = 0, after = 0;
	pos_ev ref[3];
	run_spec s;
	double motion, worst, worst_before, steps, held = 0.0;
	for (;;) { /* pulse k at beat k / ppb */
		const double beat = (double)k / ppb;
		uint32_t t;
		if (beat <= 8.0)
			t = beat_at(beat, bpm);
		else if (stop)
			t = bh + (uint32_t)gap + (uint32_t)floor((beat - held_beat) * 60.0 * SR / bpm2 + 0.5);
		else
			t = b8 + (uint32_t)floor((beat - 8.0) * 60.0 * SR / bpm2 + 0.5);
		if (t >= n || k >= MAXP)
			break;
		if (!after && beat > 8.0) {
			after = k;
			if (stop)
				resume = t;
		}
		at[k++] = t;
	}
	gates(c, n, at, k);
	ref[0] = (pos_ev){ P0, 0.0, bpm, 1.0 };
	if (stop) {
		ref[1] = (pos_ev){ bh, held_beat, bpm, 0.0 };
		ref[2] = (pos_ev){ resume, held_beat, bpm, 1.0 };
	} else {
		ref[1] = (pos_ev){ b8, 8.0, bpm2, 1.0 };
	}
	memset(&s, 0, sizeof s);
	s.p = world.cv;
	s.sync = 1;
	s.pulses = (float)ppb;
	s.block = 0;
	s.pos = ref;
	s.n_pos = stop ? 3 : 2;
	run(&s, y, n);
	s.pos = NULL;
	s.n_pos = 0;
	s.clock = c;
	run(&s, x, n);
	motion = max_step(y, at[1], n);
	worst_before = max_diff(x, y, at[1] + XFADE, at[after > 1 ? after - 1 : 1]);
	worst = max_diff(x, y, at[after + 2 < k ? after + 2 : k - 1], n);
	steps = max_step(x, at[1] + XFADE, n);
	if (stop)
		held = max_step(x, bh + 1U, resume);
	printf("   %s, %u a beat: before %.3g, from two pulses after %.3g (%.2f samples' motion); "
	       "largest step %.2f x the transport's%s\n",
	       stop ? "a stop of 2 s" : "120 to 150 BPM", ppb, worst_before, worst, worst / motion,
	       steps / motion, stop ? "; held while stopped" : "");
	CHECK(worst_before <= 2.0 * motion && worst <= 2.0 * motion,
	      "%s, %u a beat: %.3g / %.3g from the transport's output (one sample's motion %.3g)",
	      stop ? "stop" : "tempo change", ppb, worst_before, worst, motion);
	CHECK(steps <= 1.5 * motion, "%s, %u a beat: a step of %.2f x the transport's largest",
	      stop ? "stop" : "tempo change", ppb, steps / motion);
	CHECK(held == 0.0, "stop, %u a beat: moved while the pulses stood (%g)", ppb, held);
	free(c);
	free(x);
	free(y);
}

/* MIDI clock (24 a beat) at plugin p, the host sending no transport:
   Start, then pulses from P0 at bpm: as the transport from the second
   pulse; Stop half way through beat 6, two seconds, Continue: held, then
   on from there with no step; Stop, Song Position at beat 16, Continue:
   placed there (within two samples' motion of the transport at beat 16
   from two pulses on). The same when the host sends a tempo: then the
   clock is ignored, and the output is the transport's bit for bit. */
static void test_midi_clock(const LilvPlugin *p, const char *name, double bpm)
{
	const uint32_t iv = (uint32_t)floor(60.0 * SR / bpm / 24.0 + 0.5);
	const uint32_t stop_at = beat_at(6.5, bpm) + iv / 2U, cont = stop_at + 2U * (uint32_t)SR;
	const uint32_t stop2 = cont + 8U * 24U * iv + iv / 3U, cont2 = stop2 + (uint32_t)SR;
	const uint32_t n = cont2 + 6U * 24U * iv;
	midi_ev *m = malloc(sizeof *m * 4096);
	float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *z = malloc(n * sizeof *z);
	pos_ev ref[2];
	run_spec s;
	uint32_t t, i, resume = 0, spp_first = 0;
	int k = 0, before_stop = 0;
	double motion, worst, steps, held, worst_spp;
	int ignored;
	m[k++] = (midi_ev){ P0 - 100U, { 0xfa, 0, 0 }, 1 };
	for (t = P0; t < stop_at; t = P0 + (uint32_t)floor((double)(++before_stop) * 60.0 * SR /
	                                                    bpm / 24.0 + 0.5))
		m[k++] = (midi_ev){ t, { 0xf8, 0, 0 }, 1 };
	m[k++] = (midi_ev){ stop_at, { 0xfc, 0, 0 }, 1 };
	m[k++] = (midi_ev){ cont - 10U, { 0xfb, 0, 0 }, 1 };
	for (t = cont; t < stop2; t += iv) {
		if (!resume)
			resume = t;
		m[k++] = (midi_ev){ t, { 0xf8, 0, 0 }, 1 };
	}
	m[k++] = (midi_ev){ stop2, { 0xfc, 0, 0 }, 1 };
	m[k++] = (midi_ev){ stop2 + 100U, { 0xf2, 64, 0 }, 3 }; /* 64 sixteenths: beat 16 */
	m[k++] = (midi_ev){ cont2 - 10U, { 0xfb, 0, 0 }, 1 };
	for (i = 0, t = cont2; t < n && k < 4096;
	     t = cont2 + (uint32_t)floor((double)(++i) * 60.0 * SR / bpm / 24.0 + 0.5)) {
		if (!spp_first)
			spp_first = t;
		m[k++] = (midi_ev){ t, { 0xf8, 0, 0 }, 1 };
	}
	memset(&s, 0, sizeof s);
	s.p = p;
	s.sync = 1;
	s.block = 0;
	ref[0] = (pos_ev){ P0, 0.0, bpm, 1.0 };
	s.pos = ref;
	s.n_pos = 1;
	run(&s, y, n);
	s.midi = m;
	s.n_midi = k;
	run(&s, z, n); /* the host's tempo: the clock ignored */
	s.pos = NULL;
	s.n_pos = 0;
	run(&s, x, n);
	motion = max_step(y, P0 + iv, stop_at);
	worst = max_diff(x, y, P0 + iv + XFADE, stop_at);
	held = max_step(x, stop_at, resume);
	steps = max_step(x, P0 + iv + XFADE, stop2);
	ignored = memcmp(z, y, n * sizeof *z) == 0;
	/* the transport at beat 16 from the pulses after Song Position */
	ref[0] = (pos_ev){ spp_first, 16.0, bpm, 1.0 };
	s.midi = NULL;
	s.n_midi = 0;
	s.pos = ref;
	s.n_pos = 1;
	run(&s, y, n);
	worst_spp = max_diff(x, y, spp_first + iv + XFADE, n);
	printf("   %s, %g BPM: as the transport within %.2f samples' motion; held while stopped "
	       "(%.3g); largest step %.2f x; Song Position: within %.2f; with the host's tempo: "
	       "%s\n",
	       name, bpm, worst / motion, held, steps / motion, worst_spp / motion,
	       ignored ? "ignored, the transport's bit for bit" : "NOT ignored");
	CHECK(ignored, "%s: MIDI clock not ignored while the host sends a tempo", name);
	CHECK(worst <= 2.0 * motion, "%s: MIDI clock %.2f samples' motion from the transport",
	      name, worst / motion);
	CHECK(held == 0.0, "%s: MIDI clock: moved while stopped (%g)", name, held);
	CHECK(steps <= 1.5 * motion, "%s: MIDI clock: a step of %.2f x over Stop and Continue", name,
	      steps / motion);
	CHECK(worst_spp <= 2.0 * motion, "%s: MIDI clock: %.2f samples' motion from beat 16 after "
	      "Song Position", name, worst_spp / motion);
	free(m);
	free(x);
	free(y);
	free(z);
}

/* Pulses at 97 BPM into plugin p while the host sends a transport at
   120 BPM every 256 samples: with sync on, the clock's tempo (as the
   transport at 97 BPM from the second pulse); with sync off, the clock
   is ignored (the output bit for bit the one without it). */
static void test_clock_over_the_host(const LilvPlugin *p, const char *name)
{
	const double bpm = 97.0;
	const uint32_t n = beat_at(10.0, bpm);
	float *c = malloc(n * sizeof *c), *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
	pos_ev *host = malloc(sizeof *host * (n / 256U + 1U));
	uint32_t at[MAXP];
	pos_ev ref = { P0, 0.0, bpm, 1.0 };
	run_spec s;
	int k = 0, np = 0;
	double motion, worst;
	for (k = 0; k < MAXP && (k == 0 || at[k - 1] < n); ++k)
		at[k] = beat_at((double)k, bpm);
	gates(c, n, at, k);
	for (np = 0; (uint32_t)np * 256U < n; ++np) /* the host at 120 BPM from frame 0 */
		host[np] = (pos_ev){ (uint32_t)np * 256U, (double)np * 256.0 * 120.0 / 60.0 / SR,
		                     120.0, 1.0 };
	memset(&s, 0, sizeof s);
	s.p = p;
	s.sync = 1;
	s.pulses = 1.0f;
	s.block = 256;
	s.pos = &ref;
	s.n_pos = 1;
	run(&s, y, n);
	s.pos = host;
	s.n_pos = np;
	s.clock = c;
	run(&s, x, n);
	motion = max_step(y, at[1], n);
	worst = max_diff(x, y, at[1] + XFADE, n);
	printf("   %s: the clock at 97 BPM over the host's 120: within %.2f samples' motion of "
	       "the transport at 97\n", name, worst / motion);
	CHECK(worst <= 2.0 * motion, "%s: the host's transport moved a clocked phase (%.2f "
	      "samples' motion)", name, worst / motion);
	s.sync = 0;
	run(&s, x, n);
	s.clock = NULL;
	run(&s, y, n);
	CHECK(memcmp(x, y, n * sizeof *x) == 0, "%s: sync off, the clock still moved the phase",
	      name);
	free(c);
	free(x);
	free(y);
	free(host);
}

/* Any floats at clock_in (NaN, infinities, +-1e30, denormals, edges at
   every spacing) and at the pulses control, with sync on, at random
   blocks: every sample finite and in [-1, 1]. */
static void test_any_clock_input(void)
{
	const uint32_t n = (uint32_t)(20.0 * SR);
	static const float odd[] = { NAN, INFINITY, -INFINITY, 1e30f, -1e30f, 1e-40f, -1e-40f,
		                         0.0f, 1.0f, 0.3f, 0.6f, 5.0f };
	static const float pulses[] = { NAN, -1.0f, 0.0f, 1.0f, 3.0f, 24.0f, 1e30f, INFINITY };
	float *c = malloc(n * sizeof *c), *x = malloc(n * sizeof *x);
	unsigned t, bad = 0;
	uint32_t i;
	for (t = 0; t < 8; ++t) {
		run_spec s;
		uint32_t gap = 1U + (uint32_t)(test_rng() % 4000U);
		for (i = 0; i < n; ++i)
			c[i] = t % 2 ? odd[test_rng() % (sizeof odd / sizeof odd[0])]
			             : (i / gap) % 2 ? 1.0f : 0.0f;
		memset(&s, 0, sizeof s);
		s.p = t % 4 < 2 ? world.cv : world.cv4;
		s.sync = 1;
		s.pulses = pulses[t];
		s.clock = c;
		run(&s, x, n);
		for (i = 0; i < n; ++i)
			bad += !(x[i] >= -1.0f && x[i] <= 1.0f);
	}
	printf("   8 runs of 20 s, any floats and edges at every spacing: %u samples out of "
	       "[-1, 1] or not finite\n", bad);
	CHECK(bad == 0, "%u samples out of range or not finite", bad);
	free(c);
	free(x);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_clock BUNDLE_DIR [seed]\n");
		return 2;
	}
	test_seed(argc - 1, argv + 1, "test_clock");
	if (host_world_open(&world, argv[1])) {
		CHECK(0, "no plugins in %s", argv[1]);
		return test_done("test_clock");
	}
	test_section("a CV clock is the transport from its second pulse");
	test_clock_is_the_transport(120.0, 1U);
	test_clock_is_the_transport(97.0, 1U);
	test_clock_is_the_transport(174.0, 1U);
	test_clock_is_the_transport(120.0, 24U);
	test_clock_is_the_transport(97.0, 24U);
	test_section("a tempo change; pulses stopping and starting");
	test_tempo_change_and_stop(1U, 0);
	test_tempo_change_and_stop(24U, 0);
	test_tempo_change_and_stop(1U, 1);
	test_tempo_change_and_stop(24U, 1);
	test_section("the clock over the host's transport; sync off");
	test_clock_over_the_host(world.cv, "CV");
	test_clock_over_the_host(world.cv4, "CV x4");
	test_section("any clock input");
	test_any_clock_input();
	test_section("MIDI clock");
	test_midi_clock(world.keyed, "Keyed", 120.0);
	test_midi_clock(world.cv, "CV", 97.0);
	host_world_close(&world);
	return test_done("test_clock");
}
