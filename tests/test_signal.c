/* test_signal.c: what the output sounds like, measured on renders of the
   DSP in process (the same code as the plugin: tests/test_dsp.c shows it):
   no structure on octave 0's lattice, and 2D as wide at every morph.
   Usage: test_signal [seed]
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "host.h"
#include "test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define SR 8000.0 /* low, so that hundreds of cells render quickly */

static int cmp_float(const void *a, const void *b)
{
	const float x = *(const float *)a, y = *(const float *)b;
	return x < y ? -1 : (x > y);
}

/* Render s (allocated, caller frees), or NULL. */
static float *render(const render_spec *s)
{
	float *x = malloc((size_t)s->frames * sizeof *x);
	if (x && host_render_dsp(s, perlin_dsp_best_path(), x)) {
		free(x);
		x = NULL;
	}
	CHECK(x != NULL, "render failed");
	return x;
}

/* Welch estimate of the power of x^2 (mean removed) at bins k0 - 4 ..
   k0 + 4 of segments of seg samples (Hann window, half overlap). */
static void square_spectrum(const float *x, uint64_t n, uint32_t seg, int k0, double pw[9])
{
	double mean = 0.0;
	uint64_t i, start;
	int b, count = 0;
	for (i = 0; i < n; ++i)
		mean += (double)x[i] * x[i];
	mean /= (double)n;
	memset(pw, 0, 9 * sizeof pw[0]);
	for (start = 0; start + seg <= n; start += seg / 2, ++count)
		for (b = 0; b < 9; ++b) {
			const double w = 2.0 * PI * (double)(k0 - 4 + b) / (double)seg;
			double re = 0.0, im = 0.0;
			uint32_t j;
			for (j = 0; j < seg; ++j) {
				const double v = (double)x[start + j] * x[start + j] - mean;
				const double win = 0.5 - 0.5 * cos(2.0 * PI * j / seg);
				re += win * v * cos(w * j);
				im -= win * v * sin(w * j);
			}
			pw[b] += re * re + im * im;
		}
	for (b = 0; b < 9; ++b)
		pw[b] /= count ? count : 1;
}

/* Octave 0's lattice: with the phase at 0 at sample 0 and `cell` samples
   a cell, sample i cell is on it. The mean |x| there against the mean |x|
   overall, and the line of x^2 at the cell rate against its neighbouring
   bins (segments of 16 cells: bin 16 is the cell rate; bins 14, 15, 17, 18
   are leakage of the window, so the neighbours are 12, 13, 19, 20). */
static void test_no_structure_on_the_lattice(void)
{
	int dims, synced, full;
	for (dims = 1; dims <= 2; ++dims)
		for (synced = 0; synced <= 1; ++synced)
			for (full = 0; full <= 1; ++full) {
				render_spec s;
				const uint32_t cell = synced ? 4000U : 1000U; /* 120 BPM or rate 8 */
				const uint64_t cells = synced ? 320U : 640U;
				double on = 0.0, all = 0.0, pw[9], side;
				uint64_t i;
				float *x;
				render_spec_init(&s);
				s.sr = SR;
				s.frames = cells * cell;
				s.set[PERLIN_SEED] = (float)(test_rng() % 65536U);
				s.set[PERLIN_DIMENSIONS] = (float)dims;
				if (synced) {
					s.transport = 1;
					s.bpm = 120.0;
					s.start_beat = 0.0;
					s.set[PERLIN_SYNC] = 1.0f;
				} else {
					s.set[PERLIN_RATE] = (float)(SR / cell);
				}
				if (full) {
					s.set[PERLIN_OCTAVES] = 8.0f;
					s.set[PERLIN_PERSISTENCE] = 0.8f;
				}
				x = render(&s);
				if (!x)
					continue;
				for (i = 0; i < s.frames; ++i)
					all += fabs(x[i]);
				for (i = 0; i < cells; ++i)
					on += fabs(x[i * cell]);
				on /= (double)cells;
				all /= (double)s.frames;
				square_spectrum(x, s.frames, 16U * cell, 16, pw);
				side = (pw[0] + pw[1] + pw[7] + pw[8]) / 4.0;
				printf("   %dD %s %-9s: mean |x| on the lattice / overall %.3f; x^2 at the "
				       "cell rate / beside it %.2f\n",
				       dims, synced ? "synced" : "free  ", full ? "8 octaves" : "defaults",
				       on / all, pw[4] / side);
				CHECK(on >= 0.8 * all, "%dD %s: mean |x| on the lattice %.3f, overall %.3f",
				      dims, synced ? "synced" : "free", on, all);
				CHECK(pw[4] <= 2.0 * side,
				      "%dD %s: x^2 has a line at the cell rate, %.1fx its neighbours", dims,
				      synced ? "synced" : "free", pw[4] / side);
				free(x);
			}
}

/* 2D at drift 0 (the path moves along x, at y = morph): the spread must
   not depend on morph, it must be at least as wide as 1D's, and the slope
   where the path crosses octave 0's lattice columns must take many values
   (along a lattice row it took as few as the gradients have directions). */
static void test_same_spread_at_every_morph(void)
{
	static const float morphs[] = { 0.0f, 0.25f, 0.5f, 3.0f };
	const uint32_t cell = 200U; /* octave 3 at 320 cells/s: below the band-limit */
	const uint64_t cells = 8000U;
	const uint32_t seed = (uint32_t)(test_rng() % 65536U);
	double width1 = 0.0;
	int oct, m, dims;
	for (oct = 1; oct <= 4; oct += 3) {
		double lo = 1e9, hi = 0.0;
		for (dims = 1; dims <= 2; ++dims)
			for (m = 0; m < (dims == 2 ? 4 : 1); ++m) {
				render_spec s;
				double sum = 0.0, sum2 = 0.0, sd, width;
				uint64_t i;
				int distinct = 0;
				float *x, *slopes;
				render_spec_init(&s);
				s.sr = SR;
				s.frames = cells * cell;
				s.set[PERLIN_SEED] = (float)seed;
				s.set[PERLIN_RATE] = (float)(SR / cell);
				s.set[PERLIN_OCTAVES] = (float)oct;
				s.set[PERLIN_DIMENSIONS] = (float)dims;
				s.set[PERLIN_MORPH] = morphs[m];
				x = render(&s);
				slopes = malloc((size_t)cells * sizeof *slopes);
				if (!x || !slopes) {
					free(x);
					free(slopes);
					continue;
				}
				for (i = 0; i < s.frames; ++i) {
					sum += x[i];
					sum2 += (double)x[i] * x[i];
				}
				sd = sqrt(sum2 / (double)s.frames - (sum / (double)s.frames) * (sum / (double)s.frames));
				for (i = 1; i < cells; ++i) /* rounded to 1e-5 of the steepest */
					slopes[i - 1] = (float)floor((x[i * cell + 1] - x[i * cell - 1]) * 1e5 /
					                             (2.0 * 3.27 * 8.0 / cell) + 0.5);
				qsort(slopes, cells - 1, sizeof *slopes, cmp_float);
				for (i = 0; i + 1 < cells - 1; ++i)
					distinct += slopes[i] != slopes[i + 1];
				qsort(x, (size_t)s.frames, sizeof *x, cmp_float);
				width = x[s.frames - s.frames / 100] - x[s.frames / 100];
				printf("   %dD %d octave%s morph %-4g: std %.3f, 1%%..99%% %+.3f..%+.3f, "
				       "%d slopes at %d lattice crossings\n",
				       dims, oct, oct > 1 ? "s" : " ", morphs[m], sd, x[s.frames / 100],
				       x[s.frames - s.frames / 100], distinct + 1, (int)cells - 1);
				if (dims == 1) {
					width1 = width;
				} else {
					lo = sd < lo ? sd : lo;
					hi = sd > hi ? sd : hi;
					if (oct == 4) /* (1 %: two seeds' own spread; a lattice row is 10 % narrower) */
						CHECK(width >= 0.99 * width1,
						      "2D morph %g: 1..99%% width %.3f, narrower than 1D's %.3f",
						      morphs[m], width, width1);
					if (oct == 1) /* one octave: nothing else varies the slope */
						CHECK(distinct + 1 > (int)cells / 2,
						      "2D morph %g: only %d slopes at %d lattice crossings (a lattice row?)",
						      morphs[m], distinct + 1, (int)cells - 1);
				}
				free(x);
				free(slopes);
			}
		printf("   2D %d octave%s: std over morph %.3f..%.3f (%.2fx)\n", oct, oct > 1 ? "s" : "",
		       lo, hi, hi / lo);
		CHECK(hi <= 1.25 * lo, "2D %d octaves: std %.3f..%.3f over morph", oct, lo, hi);
	}
}

/* Slope reversals of x over [from, from + n), and the energy of its
   second difference there (a high-pass: a burst of fast noise shows). */
static int reversals(const float *x, uint64_t from, uint64_t n)
{
	int r = 0;
	uint64_t i;
	for (i = from + 1; i + 1 < from + n; ++i)
		r += ((double)x[i] - x[i - 1]) * ((double)x[i + 1] - x[i]) < 0.0;
	return r;
}

static double hf_energy(const float *x, uint64_t from, uint64_t n)
{
	double e = 0.0;
	uint64_t i;
	for (i = from + 1; i + 1 < from + n; ++i) {
		const double d2 = (double)x[i + 1] - 2.0 * x[i] + x[i - 1];
		e += d2 * d2;
	}
	return e;
}

/* s with control param automated from a (at 0 s) to b at t seconds:
   stepped there, or a line. */
static void automate(render_spec *s, int param, double a, double b, double t, int step)
{
	render_auto *au = &s->autos[s->n_autos++];
	au->param = param;
	au->step = step;
	au->n = 2;
	au->t[0] = 0.0;
	au->v[0] = a;
	au->t[1] = t;
	au->v[1] = b;
}

/* Morph is a coordinate: a jump of it must not scrub the output through
   the cells between (the glide of a level would), but be crossfaded like a
   phase change. 2D at rate 0.5, 4 octaves, 12 seeds: morph 0 -> 16 against
   phase 0 -> 1 (one cell, crossfaded) at 2 s: the slope reversals in the
   30 ms after and the high-frequency energy in the 50 ms after, summed
   over the seeds, within 1.5x the phase step's; then a preset's load, Slow
   drift's controls over a state at morph 9 (rate 2, 5 octaves), against
   the same load over morph 0 with a phase step. A slow morph (0 -> 3 over
   8 s) still glides. At rate 40 and 6 octaves, morph 0 -> 12 (in blocks
   of 16) steps no more in the 80 ms after than in the second before. */
static void test_morph_jump_crossfaded_not_scrubbed(void)
{
	const double sr = 48000.0, at = 2.0;
	const uint64_t t = (uint64_t)(at * sr), w30 = (uint64_t)(0.03 * sr), w50 = (uint64_t)(0.05 * sr);
	double hf_m = 0.0, hf_p = 0.0;
	int rev_m = 0, rev_p = 0, seed, pass;
	for (seed = 1; seed <= 12; ++seed)
		for (pass = 0; pass < 2; ++pass) {
			render_spec s;
			float *x;
			render_spec_init(&s);
			s.frames = (uint64_t)(2.5 * sr);
			s.set[PERLIN_SEED] = (float)seed;
			s.set[PERLIN_DIMENSIONS] = 2.0f;
			s.set[PERLIN_RATE] = 0.5f;
			automate(&s, pass ? PERLIN_PHASE : PERLIN_MORPH, 0.0, pass ? 1.0 : 16.0, at, 1);
			x = render(&s);
			if (!x)
				return;
			if (pass) {
				rev_p += reversals(x, t, w30);
				hf_p += hf_energy(x, t, w50);
			} else {
				rev_m += reversals(x, t, w30);
				hf_m += hf_energy(x, t, w50);
			}
			free(x);
		}
	printf("   morph 0 -> 16 at rate 0.5, 12 seeds: %d slope reversals in the 30 ms after, high "
	       "frequencies %.3g; phase 0 -> 1: %d, %.3g (%.2fx)\n", rev_m, hf_m, rev_p, hf_p,
	       hf_p > 0.0 ? hf_m / hf_p : 0.0);
	CHECK(rev_m <= 3 * 12, "a morph jump scrubs: %d slope reversals in 30 ms over 12 seeds", rev_m);
	CHECK(hf_m <= 1.5 * hf_p, "a morph jump is louder in high frequencies than a phase step: %g, %g",
	      hf_m, hf_p);
	{ /* a preset loaded: Slow drift's controls over a state at morph 9 */
		static const int param[6] = { PERLIN_RATE, PERLIN_OCTAVES, PERLIN_PERSISTENCE,
			                          PERLIN_MORPH, PERLIN_DRIFT, PERLIN_PHASE };
		static const double from[6] = { 2.0, 5.0, 0.5, 9.0, 0.0, 0.0 };
		static const double to[6] = { 0.1, 3.0, 0.4, 0.0, 0.05, 0.0 };
		double e[2];
		int r[2], k;
		for (pass = 0; pass < 2; ++pass) {
			render_spec s;
			float *x;
			render_spec_init(&s);
			s.frames = (uint64_t)(2.5 * sr);
			s.set[PERLIN_DIMENSIONS] = 2.0f;
			for (k = 0; k < 6; ++k)
				if (pass && param[k] == PERLIN_PHASE) /* the reference: a phase step, */
					automate(&s, param[k], 0.0, 1.0, at, 1);
				else if (pass && param[k] == PERLIN_MORPH) /* no morph jump, */
					s.set[param[k]] = 0.0f;
				else /* the other controls as loaded */
					automate(&s, param[k], from[k], to[k], at, 1);
			x = render(&s);
			if (!x)
				return;
			r[pass] = reversals(x, t, w30);
			e[pass] = hf_energy(x, t, w50);
			free(x);
		}
		printf("   Slow drift loaded over morph 9: %d reversals, high frequencies %.3g; loaded over "
		       "morph 0 with a phase step: %d, %.3g\n", r[0], e[0], r[1], e[1]);
		CHECK(r[0] <= 3, "loading Slow drift over morph 9 scrubs: %d slope reversals", r[0]);
		CHECK(e[0] <= 1.5 * e[1], "loading Slow drift over morph 9: high frequencies %g, "
		      "over morph 0 with a phase step %g", e[0], e[1]);
	}
	{ /* a fast noise of many octaves: a glide of 12 cells would move every
	     octave at many times its own speed for tens of ms (its top octave at
	     2^5 x), so it jumps too; no step after it larger than before it */
		int seed6;
		double ratio = 0.0;
		for (seed6 = 1; seed6 <= 3; ++seed6) {
			render_spec s;
			float *x;
			double before = 0.0, after = 0.0;
			uint64_t i;
			render_spec_init(&s);
			s.frames = (uint64_t)(2.5 * sr);
			s.block = 16;
			s.set[PERLIN_SEED] = (float)seed6;
			s.set[PERLIN_DIMENSIONS] = 2.0f;
			s.set[PERLIN_OCTAVES] = 6.0f;
			s.set[PERLIN_RATE] = 40.0f;
			automate(&s, PERLIN_MORPH, 0.0, 12.0, at, 1);
			x = render(&s);
			if (!x)
				return;
			for (i = t - (uint64_t)sr + 1; i < t + (uint64_t)(0.08 * sr); ++i) {
				const double step = fabs((double)x[i] - x[i - 1]);
				if (i < t)
					before = step > before ? step : before;
				else
					after = step > after ? step : after;
			}
			ratio = after / before > ratio ? after / before : ratio;
			free(x);
		}
		printf("   morph 0 -> 12 at rate 40, 6 octaves, blocks of 16, 3 seeds: largest step in "
		       "the 80 ms after, at worst %.2fx the second before's\n", ratio);
		CHECK(ratio > 0.0 && ratio <= 1.5, "a morph step at rate 40, 6 octaves bursts: largest "
		      "step %.2fx the second before's", ratio);
	}
	{ /* a slow morph glides: as continuous as a steady render */
		render_spec s;
		float *x;
		double worst = 0.0;
		uint64_t i;
		render_spec_init(&s);
		s.frames = (uint64_t)(8.0 * sr);
		s.set[PERLIN_DIMENSIONS] = 2.0f;
		s.set[PERLIN_RATE] = 0.5f;
		automate(&s, PERLIN_MORPH, 0.0, 3.0, 8.0, 0);
		x = render(&s);
		if (!x)
			return;
		for (i = 1; i < s.frames; ++i)
			worst = fabs((double)x[i] - x[i - 1]) > worst ? fabs((double)x[i] - x[i - 1]) : worst;
		printf("   morph 0 -> 3 over 8 s: largest step %.3g, %d reversals in 8 s\n", worst,
		       reversals(x, 0, s.frames));
		CHECK(worst < 1e-4, "a slow morph steps by %g", worst);
		free(x);
	}
}

/* A control change at a sample, for render_events. */
typedef struct {
	uint64_t at;
	int param;
	float v;
} ctl_event;

/* In process at 48 kHz, no transport: the controls `set`, then each
   event's control set at its sample (events in order), in blocks of up
   to 512 split there; n samples into x. */
static void render_events(const float set[PERLIN_N_PARAMS], const ctl_event *ev, size_t nev,
                          float *x, uint64_t n)
{
	static perlin_dsp d;
	float v[PERLIN_N_PARAMS];
	const float *ctl[PERLIN_N_PARAMS];
	uint64_t pos = 0;
	size_t e = 0;
	int i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i) {
		v[i] = set[i];
		ctl[i] = &v[i];
	}
	perlin_dsp_init(&d, 48000.0);
	while (pos < n) {
		uint64_t end = pos + 512U < n ? pos + 512U : n;
		while (e < nev && ev[e].at <= pos)
			v[ev[e].param] = ev[e].v, ++e;
		if (e < nev && ev[e].at < end)
			end = ev[e].at;
		perlin_dsp_controls(&d, ctl);
		perlin_dsp_run(&d, x + pos, (uint32_t)(end - pos));
		pos = end;
	}
}

/* Slope reversals of x over [from, from + n) between steps larger than
   1e-6: where the curve is flat (a top or a bottom) the float rounding of
   a crossfade's mix makes steps of a few 1e-8 both ways, which are not
   motion. */
static int turns(const float *x, uint64_t from, uint64_t n)
{
	int r = 0, sign = 0;
	uint64_t i;
	for (i = from + 1; i < from + n; ++i) {
		const double s = (double)x[i] - x[i - 1];
		if (fabs(s) <= 1e-6)
			continue;
		r += sign && (s > 0.0) != (sign > 0);
		sign = s > 0.0 ? 1 : -1;
	}
	return r;
}

/* The most slope reversals (turns) in any 30 ms window (starting every
   1.5 ms) of x over [from, to). */
static int most_reversals(const float *x, uint64_t from, uint64_t to)
{
	const uint64_t w = 1440U;
	int most = 0;
	uint64_t at;
	for (at = from; at + w <= to; at += 72U) {
		const int r = turns(x, at, w);
		most = r > most ? r : most;
	}
	return most;
}

/* A morph sweep is judged by how fast morph moves, not by how large each
   change is: 2D, 8 octaves, rate 0.5, morph 0 -> 16 at 37 to 222 cells a
   second, in steps of 0.02 to 1.0 (a knob, a MIDI CC, dense automation):
   the most slope reversals in a 30 ms window, from the sweep's start to
   0.5 s on, within 4 of the same render's with morph held at 0. */
static void test_morph_sweep_not_scrubbed(void)
{
	static const double speeds[] = { 37.0, 74.0, 147.0, 222.0 };
	static const double steps[] = { 0.02, 0.049, 0.2, 1.0 };
	const double sr = 48000.0;
	const uint64_t t0 = 48000U, n = t0 + 30000U;
	float set[PERLIN_N_PARAMS];
	float *x = malloc((size_t)n * sizeof *x);
	ctl_event *ev = malloc(1024 * sizeof *ev);
	int i, sp, st, seed, worst = -100, base_worst = 0;
	double worst_speed = 0.0, worst_step = 0.0;
	if (!x || !ev) {
		CHECK(0, "out of memory");
		free(x);
		free(ev);
		return;
	}
	for (seed = 1; seed <= 2; ++seed) {
		int base;
		for (i = 0; i < PERLIN_N_PARAMS; ++i)
			set[i] = perlin_params[i].def;
		set[PERLIN_SEED] = (float)seed;
		set[PERLIN_DIMENSIONS] = 2.0f;
		set[PERLIN_OCTAVES] = 8.0f;
		set[PERLIN_RATE] = 0.5f;
		render_events(set, NULL, 0, x, n);
		base = most_reversals(x, t0, n);
		base_worst = base > base_worst ? base : base_worst;
		for (sp = 0; sp < 4; ++sp)
			for (st = 0; st < 4; ++st) {
				const int count = (int)ceil(16.0 / steps[st]);
				int r;
				for (i = 0; i < count; ++i) {
					const double m = (i + 1) * steps[st];
					ev[i].at = t0 + (uint64_t)floor(i * steps[st] / speeds[sp] * sr + 0.5);
					ev[i].param = PERLIN_MORPH;
					ev[i].v = (float)(m < 16.0 ? m : 16.0);
				}
				render_events(set, ev, (size_t)count, x, n);
				r = most_reversals(x, t0, n) - base;
				if (r > worst) {
					worst = r;
					worst_speed = speeds[sp];
					worst_step = steps[st];
				}
			}
	}
	printf("   morph 0 -> 16 at 37..222 cells/s in steps of 0.02..1.0 (rate 0.5, 8 octaves, 2 "
	       "seeds): at worst %+d slope reversals in 30 ms against morph held (%g cells/s, steps "
	       "of %g; held: %d at most)\n", worst, worst_speed, worst_step, base_worst);
	CHECK(worst <= 4, "a morph sweep at %g cells/s in steps of %g scrubs: %+d slope reversals "
	      "in 30 ms", worst_speed, worst_step, worst);
	free(x);
	free(ev);
}

/* A discrete change on a slow noise takes a time that fits the noise: at
   rates 1 and 0.2, 1 octave, a seed change, a phase change and (2D) a
   morph step 0 -> 1 at 2 s, 4 places on the noise each: the largest step
   in the 5 s after, against the noise's own (the larger of the largest
   step in the 10 ms before and the largest of a steady render with the
   new setting over those 5 s), within 4x. At rate 0.1 the figures are
   printed only: half a cell of fade can move the output by up to 3x the
   two values' distance a cell, where a stretch of the noise moves less
   (a seed change there: 5.1x). */
static void test_slow_crossfade_fits_the_noise(void)
{
	static const float rates[] = { 1.0f, 0.2f, 0.1f };
	static const char *const what[] = { "seed 1 -> 2", "phase + 0.5", "2D morph 0 -> 1" };
	const uint64_t t = 96000U, n = t + 240000U;
	float set[PERLIN_N_PARAMS];
	float *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
	int i, r, c, seed;
	if (!x || !y) {
		CHECK(0, "out of memory");
		free(x);
		free(y);
		return;
	}
	for (r = 0; r < 3; ++r)
		for (c = 0; c < 3; ++c) {
			double worst = 0.0, worst10 = 0.0;
			for (seed = 0; seed < 4; ++seed) {
				ctl_event ev;
				double before = 0.0, after = 0.0, own = 0.0;
				uint64_t j;
				for (i = 0; i < PERLIN_N_PARAMS; ++i)
					set[i] = perlin_params[i].def;
				set[PERLIN_RATE] = rates[r];
				set[PERLIN_OCTAVES] = 1.0f;
				set[PERLIN_PHASE] = 0.1f * (float)seed; /* another stretch of the noise */
				set[PERLIN_SEED] = (float)(1 + 10 * seed);
				ev.at = t;
				if (c == 0) {
					ev.param = PERLIN_SEED;
					ev.v = set[PERLIN_SEED] + 1.0f;
				} else if (c == 1) {
					ev.param = PERLIN_PHASE;
					ev.v = set[PERLIN_PHASE] + 0.5f;
				} else {
					set[PERLIN_DIMENSIONS] = 2.0f;
					ev.param = PERLIN_MORPH;
					ev.v = 1.0f;
				}
				render_events(set, &ev, 1, x, n);
				set[ev.param] = ev.v; /* the new setting all along */
				render_events(set, NULL, 0, y, n);
				for (j = t - 480U; j < n; ++j) {
					const double s = fabs((double)x[j] - x[j - 1]);
					if (j < t) {
						before = s > before ? s : before;
					} else {
						const double sy = fabs((double)y[j] - y[j - 1]);
						after = s > after ? s : after;
						own = sy > own ? sy : own;
					}
				}
				own = own > before ? own : before;
				worst = after / own > worst ? after / own : worst;
				worst10 = after / before > worst10 ? after / before : worst10;
			}
			printf("   rate %g, 1 octave, %s: largest step in the 5 s after, at worst %.2fx the "
			       "noise's own (%.2fx the 10 ms before's)\n", (double)rates[r], what[c], worst,
			       worst10);
			if (rates[r] >= 0.2f) /* (0.1: printed; see above) */
				CHECK(worst <= 4.0, "rate %g, %s lurches: largest step %.1fx the noise's own",
				      (double)rates[r], what[c], worst);
		}
	free(x);
	free(y);
}

int main(int argc, char **argv)
{
	test_seed(argc, argv, "test_signal");
	test_section("no structure on octave 0's lattice (1D and 2D, free and synced)");
	test_no_structure_on_the_lattice();
	test_section("a morph jump is crossfaded, a slow morph glides");
	test_morph_jump_crossfaded_not_scrubbed();
	test_section("a morph sweep in small steps is judged by its speed");
	test_morph_sweep_not_scrubbed();
	test_section("a crossfade on a slow noise fits the noise");
	test_slow_crossfade_fits_the_noise();
	test_section("2D: the same spread at every morph, as wide as 1D");
	test_same_spread_at_every_morph();
	return test_done("test_signal");
}
