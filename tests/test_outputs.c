/* test_outputs.c: the four-output plugins ("Perlin Noise x4", "Perlin
   Noise CV x4") and their spread: at 0 the four outputs are the one-output
   plugin's signal, bit for bit; at 1 they are unrelated; in between the
   correlation falls smoothly, and automating spread never steps. Every
   property of one output holds for each of the four: block partitions,
   render paths, the plugin against the DSP in process, transport starts
   and jumps, loops, the bound.
   Usage: test_outputs BUNDLE_DIR [seed]
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "automation.h"
#include "host.h"
#include "test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define N4 PERLIN_OUTPUTS

#define max_diff test_max_diff

/* Four planes of s->frames samples (caller frees), rendered through lilv
   (w) or in process (w NULL, best path), or NULL. */
static float *render4(const host_world *w, const render_spec *s)
{
	float *x = malloc((size_t)s->frames * N4 * sizeof *x);
	if (x && (w ? host_render(w, s, x) : host_render_dsp(s, perlin_dsp_best_path(), x))) {
		free(x);
		x = NULL;
	}
	CHECK(x != NULL, "render failed");
	return x;
}

static float *render1(const host_world *w, const render_spec *s)
{
	float *x = malloc((size_t)s->frames * sizeof *x);
	if (x && host_render(w, s, x)) {
		free(x);
		x = NULL;
	}
	CHECK(x != NULL, "render failed");
	return x;
}

/* The six pairwise correlations (pairs[6], may be NULL), their mean and
   extremes. */
static void correlations(const float *x, uint64_t n, double *pairs, double *mean, double *lo,
                         double *hi)
{
	int a, b, count = 0;
	*mean = 0.0;
	*lo = 2.0;
	*hi = -2.0;
	for (a = 0; a < N4; ++a)
		for (b = a + 1; b < N4; ++b) {
			const double c = test_correlation(x + (uint64_t)a * n, x + (uint64_t)b * n, n);
			*mean += c;
			*lo = c < *lo ? c : *lo;
			*hi = c > *hi ? c : *hi;
			if (pairs)
				pairs[count] = c;
			++count;
		}
	*mean /= count;
}

/* Spread 0: the four outputs of each twin equal each other and the
   one-output plugin, bit for bit, through full random automation, a
   transport jump and random blocks. */
static void test_spread_zero_gives_four_copies(const host_world *w)
{
	char args[8192];
	int cv;
	for (cv = 0; cv < 2; ++cv) {
		render_spec s;
		float *one, *four;
		double d = 0.0;
		int o;
		render_spec_init(&s);
		s.cv = cv;
		s.frames = (uint64_t)(4.0 * s.sr);
		s.block = 0;
		s.block_seed = test_rng();
		s.n_jumps = 1;
		s.jump_t[0] = 2.5;
		s.jump_beat[0] = 40.0;
		random_automation(&s, 4.0, args, sizeof args);
		s.set[RENDER_SPREAD] = 0.0f;
		/* without a transport (as ffmpeg), no time:Position restarts the
		   voice at the first sample: spread must apply before it anyway */
		s.transport = cv;
		one = render1(w, &s);
		s.four = 1;
		four = render4(w, &s);
		if (one && four)
			for (o = 0; o < N4; ++o) {
				const double e = max_diff(one, four + (uint64_t)o * s.frames, s.frames);
				d = e > d || e != e ? e : d;
			}
		printf("   %s x4 at spread 0 vs %s, every control automated, %s: max diff %g\n",
		       cv ? "CV" : "audio", cv ? "Perlin Noise CV" : "Perlin Noise",
		       cv ? "transport" : "no transport", d);
		CHECK(one && four && d == 0.0, "%s: spread 0 differs from one output by %g",
		      cv ? "CV" : "audio", d);
		free(one);
		free(four);
	}
}

/* The correlation against spread, over 10^4 cells of octave 0 (rate 100
   at 8 kHz for 100 s), 1D and 2D, default and rough settings: every
   pair's falls monotonically from 1 to below 0.1, near 1 - spread. Then
   at full band (every octave below sr/16: rate 10 at 24 kHz, 8 octaves,
   10^4 cells), where the quiet top octaves stay shared: every pair below
   0.1 at spread 1, near the share of the variance they hold. */
static void test_correlation_follows_spread(void)
{
	static const double spreads[] = { 0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0 };
	enum { NS = sizeof spreads / sizeof spreads[0], NP = N4 * (N4 - 1) / 2 };
	int dims, rough;
	for (dims = 1; dims <= 2; ++dims)
		for (rough = 0; rough < 2; ++rough) {
			double worst_gap = 0.0, pairs[NS][NP];
			int i, k, mono = 1;
			printf("   %dD %s:", dims, rough ? "8 octaves, persistence 0.8" : "defaults");
			for (i = 0; i < NS; ++i) {
				render_spec s;
				float *x;
				double mean, lo, hi;
				render_spec_init(&s);
				s.four = 1;
				s.sr = 8000.0;
				s.frames = 800000;
				s.set[PERLIN_RATE] = 100.0f;
				s.set[PERLIN_DIMENSIONS] = (float)dims;
				s.set[PERLIN_DRIFT] = dims == 2 ? 3.0f : 0.0f;
				s.set[PERLIN_SEED] = (float)(test_rng() % 65536U);
				if (rough) {
					s.set[PERLIN_OCTAVES] = 8.0f;
					s.set[PERLIN_PERSISTENCE] = 0.8f;
				}
				s.set[RENDER_SPREAD] = (float)spreads[i];
				x = render4(NULL, &s);
				if (!x)
					return;
				correlations(x, s.frames, pairs[i], &mean, &lo, &hi);
				free(x);
				printf(" %.2f", mean);
				if (spreads[i] == 0.0)
					CHECK(lo == 1.0 || lo > 0.999999, "%dD: spread 0, correlation %g", dims, lo);
				if (spreads[i] == 1.0)
					CHECK(fabs(lo) < 0.1 && fabs(hi) < 0.1,
					      "%dD: spread 1, correlations %g..%g (independent: below 0.1)",
					      dims, lo, hi);
				for (k = 0; k < NP; ++k) {
					if (i)
						mono = mono && pairs[i][k] < pairs[i - 1][k];
					if (fabs(pairs[i][k] - (1.0 - spreads[i])) > worst_gap)
						worst_gap = fabs(pairs[i][k] - (1.0 - spreads[i]));
				}
			}
			printf(" (mean of the pairs, spread 0, 0.1 .. 1); any pair's furthest from "
			       "1 - spread: %.3f\n", worst_gap);
			CHECK(mono, "%dD: a pair's correlation does not fall monotonically with spread",
			      dims);
			CHECK(worst_gap < 0.1, "%dD: a correlation strays %g from 1 - spread", dims,
			      worst_gap);
		}
	for (dims = 1; dims <= 2; ++dims) {
		/* the share of the variance in the octaves the blend leaves shared
		   (smooth.c's blend: w 0 from 97% of the variance below; 4^-k: 3..7) */
		double total = 0.0, shared = 0.0, g = 1.0;
		render_spec s;
		float *x;
		double mean, lo, hi;
		int k;
		for (k = 0; k < 8; ++k, g *= 0.25) {
			total += g;
			shared += k >= 3 ? g : 0.0;
		}
		render_spec_init(&s);
		s.four = 1;
		s.sr = 24000.0;
		s.frames = 24000000; /* 1000 s: 10^4 cells of octave 0 */
		s.set[PERLIN_RATE] = 10.0f; /* octave 7: 1280 cells/s, below sr/16 */
		s.set[PERLIN_OCTAVES] = 8.0f;
		s.set[PERLIN_DIMENSIONS] = (float)dims;
		s.set[PERLIN_SEED] = (float)(test_rng() % 65536U);
		s.set[RENDER_SPREAD] = 1.0f;
		x = render4(NULL, &s);
		if (!x)
			return;
		correlations(x, s.frames, NULL, &mean, &lo, &hi);
		free(x);
		printf("   %dD, 8 octaves at full band, spread 1: correlations %.3f..%.3f, mean %.3f "
		       "(octaves 3-7 shared: %.3f of the variance)\n", dims, lo, hi, mean,
		       shared / total);
		CHECK(fabs(lo) < 0.1 && fabs(hi) < 0.1,
		      "%dD at full band: spread 1, correlations %g..%g (independent: below 0.1)", dims,
		      lo, hi);
	}
}

/* The largest sample-to-sample step of each output, from sample `from`. */
static double max_step(const float *x, uint64_t n, uint64_t from)
{
	double m = 0.0;
	int o;
	uint64_t i;
	for (o = 0; o < N4; ++o)
		for (i = from + 1; i < n; ++i) {
			const double d = fabs((double)x[(uint64_t)o * n + i] - x[(uint64_t)o * n + i - 1]);
			m = d > m ? d : m;
		}
	return m;
}

/* Automating spread never steps an output: spread jumped 0 -> 1 -> 0 and
   swept fast, against the largest step of steady renders at spread 0,
   0.5 and 1 (the same noise, at rest in its blend). */
static void test_spread_automation_never_steps(void)
{
	int dims;
	for (dims = 1; dims <= 2; ++dims) {
		render_spec s;
		double steady = 0.0, moving;
		float *x;
		int i;
		render_spec_init(&s);
		s.four = 1;
		s.frames = 96000;
		s.set[PERLIN_RATE] = 20.0f;
		s.set[PERLIN_OCTAVES] = 6.0f;
		s.set[PERLIN_DIMENSIONS] = (float)dims;
		s.set[PERLIN_DRIFT] = dims == 2 ? 2.0f : 0.0f;
		for (i = 0; i < 3; ++i) {
			s.set[RENDER_SPREAD] = 0.5f * (float)i;
			x = render4(NULL, &s);
			if (!x)
				return;
			moving = max_step(x, s.frames, 0);
			steady = moving > steady ? moving : steady;
			free(x);
		}
		s.n_autos = 1;
		s.autos[0].param = RENDER_SPREAD;
		s.autos[0].step = 1;
		s.autos[0].n = 5;
		for (i = 0; i < 5; ++i) {
			s.autos[0].t[i] = 0.1 + 0.4 * i;
			s.autos[0].v[i] = i & 1 ? 1.0 : 0.0;
		}
		x = render4(NULL, &s);
		if (!x)
			return;
		moving = max_step(x, s.frames, 0);
		free(x);
		printf("   %dD: spread stepped 0/1: largest step %.3g, steady %.3g (x%.2f)\n", dims,
		       moving, steady, moving / steady);
		CHECK(moving <= 1.5 * steady, "%dD: stepping spread steps the output (%g, steady %g)",
		      dims, moving, steady);
		s.autos[0].step = 0; /* the same points as a fast sweep */
		for (i = 0; i < 5; ++i)
			s.autos[0].t[i] = 0.1 + 0.01 * i;
		x = render4(NULL, &s);
		if (!x)
			return;
		moving = max_step(x, s.frames, 0);
		free(x);
		printf("   %dD: spread swept 0-1-0-1-0 in 40 ms: largest step %.3g (x%.2f)\n", dims,
		       moving, moving / steady);
		CHECK(moving <= 1.5 * steady, "%dD: sweeping spread steps the output (%g, steady %g)",
		      dims, moving, steady);
	}
}

/* Each output keeps every promise of one: the same random automation
   (spread too) and transport jump through lilv and in process, in random
   and fixed blocks, on the reference, vector and best paths: identical
   (paths: within 1e-6), finite and inside [-1, 1]; both twins. */
static void test_each_output_keeps_every_promise(const host_world *w)
{
	char args[8192];
	int trial;
	static const char *const steady[5] = { "steady 1D", "steady 2D, drift",
		                                       "steady 1D, short cells",
		                                       "steady 2D, short cells, foldable",
		                                       "steady 2D, short cells" };
	for (trial = 0; trial < 9; ++trial) {
		render_spec s;
		float *plug, *fixed, *ref, *vec;
		uint64_t i;
		int inside = 1;
		render_spec_init(&s);
		s.four = 1;
		s.cv = trial & 1;
		s.frames = (uint64_t)(3.0 * s.sr);
		s.block = 0;
		s.block_max = 1 + (uint32_t)(test_rng() % 4096U);
		s.block_seed = test_rng();
		s.n_jumps = 1;
		s.jump_t[0] = 1.7;
		s.jump_beat[0] = test_uniform(0.0, 1000.0);
		if (trial >= 4) { /* steady: each octave's outputs folded into one kernel call */
			s.set[PERLIN_OCTAVES] = 8.0f;
			s.set[PERLIN_PERSISTENCE] = (float)test_uniform(0.3, 0.9);
			s.set[PERLIN_RATE] = trial == 6 ? 300.0f : (float)test_uniform(1.0, 40.0);
			s.set[PERLIN_DIMENSIONS] = trial == 5 || trial >= 7 ? 2.0f : 1.0f;
			s.set[PERLIN_DRIFT] = trial == 5 || trial >= 7 ? (float)test_uniform(0.1, 5.0) : 0.0f;
			if (trial == 7) { /* octave 5's cells on the 2D dense kernel,
				             where the segment kernels would fold its
				             outputs (render.c: x steps below
				             FOLD_STEP, x + y above DENSE2_STEP: every
				             layer at once instead; its own layers
				             heard: a persistence that leaves it a
				             share of the variance) */
				s.set[PERLIN_LACUNARITY] = 2.0f;
				s.set[PERLIN_PERSISTENCE] = 0.95f;
				s.set[PERLIN_RATE] = (float)test_uniform(44.0, 47.0);
			} else if (trial == 8) { /* the 2D dense kernel, every layer at once */
				s.set[PERLIN_RATE] = (float)test_uniform(300.0, 1000.0);
			}
			s.set[PERLIN_SEED] = (float)(test_rng() % 65536U);
			s.set[RENDER_SPREAD] = (float)test_uniform(0.1, 1.0);
			printf("   %s:", steady[trial - 4]);
			goto render;
		}
		random_automation(&s, 3.0, args, sizeof args);
		printf("   every control automated:");
		random_spread(&s, 3.0, 8, trial >= 2, 0);
	render:
		plug = render4(w, &s);
		s.block = 512;
		fixed = render4(NULL, &s);
		ref = malloc((size_t)s.frames * N4 * sizeof *ref);
		vec = malloc((size_t)s.frames * N4 * sizeof *vec);
		if (plug && fixed && ref && vec &&
		    !host_render_dsp(&s, PERLIN_PATH_REFERENCE, ref) &&
		    !host_render_dsp(&s, PERLIN_PATH_VECTOR, vec)) {
			const uint64_t n = s.frames * N4;
			const double blocks = max_diff(plug, fixed, n);
			const double paths = max_diff(vec, ref, n);
			const double lanes = max_diff(vec, fixed, n);
			for (i = 0; i < n; ++i)
				inside = inside && fabsf(plug[i]) <= 1.0f;
			printf(" %s x4: plugin (random blocks) vs in process (512): %g; "
			       "vector vs reference %.2g; vector vs best %g\n",
			       s.cv ? "CV" : "audio", blocks, paths, lanes);
			CHECK(blocks == 0.0, "four outputs depend on the blocks or the host (%g)", blocks);
			CHECK(paths <= 1e-6, "four outputs: kernels %g from the reference", paths);
			CHECK(lanes == 0.0, "four outputs: lane widths differ by %g", lanes);
			CHECK(inside, "an output leaves [-1, 1] or is not finite");
		} else {
			CHECK(0, "render failed");
		}
		free(plug);
		free(fixed);
		free(ref);
		free(vec);
	}
}

/* Transport exactness for every output: a render from beat 16 matches the
   tail of one from beat 0, and after a jump to beat 32 (and its 10 ms
   crossfade) a render lands on a fresh start there; free and synced, 2D
   with drift, spread 0.7, within 1e-6. */
static void test_outputs_land_where_playback_is(void)
{
	const double sr = 48000.0, spb = 0.5; /* 120 BPM */
	int sync;
	for (sync = 0; sync <= 1; ++sync) {
		render_spec a, b;
		float *x, *y;
		double d1 = 0.0, d2 = 0.0;
		int o;
		render_spec_init(&a);
		a.four = 1;
		a.set[PERLIN_SYNC] = (float)sync;
		a.set[PERLIN_RATE] = 3.0f;
		a.set[PERLIN_BEATS] = 0.5f;
		a.set[PERLIN_OCTAVES] = 6.0f;
		a.set[PERLIN_DIMENSIONS] = 2.0f;
		a.set[PERLIN_DRIFT] = 0.3f;
		a.set[RENDER_SPREAD] = 0.7f;
		a.frames = (uint64_t)(12 * sr);
		b = a;
		b.start_beat = 16;
		b.frames = (uint64_t)(4 * sr);
		x = render4(NULL, &a);
		y = render4(NULL, &b);
		for (o = 0; x && y && o < N4; ++o) {
			const double d = max_diff(x + (uint64_t)o * a.frames + (uint64_t)(16 * spb * sr),
			                          y + (uint64_t)o * b.frames, b.frames);
			d1 = d > d1 ? d : d1;
		}
		free(x);
		free(y);
		a.frames = (uint64_t)(6 * sr);
		a.n_jumps = 1;
		a.jump_t[0] = 2.0;
		a.jump_beat[0] = 32;
		a.block = 0;
		a.block_seed = test_rng();
		b.start_beat = 32;
		x = render4(NULL, &a);
		y = render4(NULL, &b);
		for (o = 0; x && y && o < N4; ++o) {
			const uint64_t settle = (uint64_t)(0.02 * sr);
			const double d = max_diff(x + (uint64_t)o * a.frames + (uint64_t)(2 * sr) + settle,
			                          y + (uint64_t)o * b.frames + settle, b.frames - settle);
			d2 = d > d2 ? d : d2;
		}
		free(x);
		free(y);
		printf("   %s: start at beat 16 vs the tail of a start at 0: %.2g; after a jump to "
		       "beat 32 vs a start there: %.2g (every output)\n", sync ? "synced" : "free", d1, d2);
		CHECK(d1 <= 1e-6, "%s: four outputs started at beat 16 differ by %g",
		      sync ? "synced" : "free", d1);
		CHECK(d2 <= 1e-6, "%s: four outputs after a jump differ from a start there by %g",
		      sync ? "synced" : "free", d2);
	}
}

/* Outputs left unconnected (CV x4's are connectionOptional), in every
   pattern: the others render the same, bit for bit, and every level still
   shows its output's last value; spread moving, or held at 0 (no own layer:
   every output layer 0's), a crossfade (seed) in between. */
static void test_unconnected_outputs_change_nothing(void)
{
	const uint32_t n = 48000, block = 300;
	float *all = malloc((size_t)n * N4 * sizeof *all), *some = malloc((size_t)n * N4 * sizeof *some);
	float levels_all[N4], levels_some[N4];
	double d = 0.0, dl = 0.0;
	unsigned m, still;
	int o;
	for (m = 0; all && some && m < 2U * 15U; ++m) {
		const unsigned mask = 1U + m % 15U; /* bit o: output o + 1 unconnected */
		int run;
		still = m >= 15U; /* spread held at 0 */
		for (run = 0; run < 2; ++run) {
			float *x = run ? some : all;
			static perlin_dsp dsp; /* (zeroed: perlin_dsp_init leaves the scratch) */
			float ctl[PERLIN_N_PARAMS];
			const float *values[PERLIN_N_PARAMS];
			uint32_t done;
			unsigned i;
			perlin_dsp_init_outputs(&dsp, 48000.0, PERLIN_OUTPUTS);
			for (i = 0; i < PERLIN_N_PARAMS; ++i) {
				ctl[i] = perlin_params[i].def;
				values[i] = &ctl[i];
			}
			ctl[PERLIN_RATE] = 7.0f;
			ctl[PERLIN_OCTAVES] = 6.0f;
			ctl[PERLIN_DIMENSIONS] = mask & 1U ? 2.0f : 1.0f;
			ctl[PERLIN_DRIFT] = 0.5f;
			for (done = 0; done < n; done += block) {
				float *outs[N4];
				const float sp = still ? 0.0f : (float)done / (float)n;
				ctl[PERLIN_SEED] = done < n / 2 ? 1.0f : 2.0f;
				perlin_dsp_controls(&dsp, values);
				perlin_dsp_spread(&dsp, sp);
				for (o = 0; o < N4; ++o)
					outs[o] = run && (mask >> o & 1U) ? NULL : x + (size_t)o * n + done;
				perlin_dsp_run_outputs(&dsp, outs, block);
			}
			memcpy(run ? levels_some : levels_all, dsp.level, sizeof levels_all);
		}
		for (o = 0; o < N4; ++o) {
			if (!(mask >> o & 1U)) {
				const double e = max_diff(all + (size_t)o * n, some + (size_t)o * n, n);
				d = e > d ? e : d;
			}
			dl = fabs((double)levels_all[o] - levels_some[o]) > dl
			   ? fabs((double)levels_all[o] - levels_some[o]) : dl;
			dl = fabs((double)levels_all[o] - all[(size_t)o * n + n - 1]) > dl
			   ? fabs((double)levels_all[o] - all[(size_t)o * n + n - 1]) : dl;
		}
	}
	printf("   outputs unconnected in all 15 patterns, spread moving and at 0: the connected "
	       "ones differ by %g, "
	       "levels by %g\n", d, dl);
	CHECK(all && some && d == 0.0, "leaving outputs unconnected changes the others (%g)", d);
	CHECK(dl == 0.0, "a level is not its output's last value (%g)", dl);
	free(all);
	free(some);
}

/* A loop of N cells repeats every output every N cells, as the single
   plugin's (test_render): free in 1D, synced to the transport's beats,
   and in 2D with a lacunarity whose periods are rounded. */
static void test_loops_repeat_every_output(const host_world *w)
{
	int mode;
	for (mode = 0; mode < 3; ++mode) {
		static const char *const what[] = { "free, 1D, 8 cells", "synced, 1D, 4 cells",
			                            "free, 2D, 3 cells, lacunarity 2.7" };
		/* in samples at 48 kHz: 8 cells at 80 cells/s; 4 cells of half a
		   beat at 120 BPM; 3 cells at 1.5 cells/s */
		static const uint64_t periods[] = { 4800, 48000, 96000 };
		const uint64_t period = periods[mode];
		render_spec s;
		float *x;
		double d = 0.0, sp = 0.0;
		int o;
		render_spec_init(&s);
		s.four = 1;
		s.frames = 3 * period;
		s.block = 0;
		s.block_seed = test_rng();
		s.set[PERLIN_RATE] = mode == 0 ? 80.0f : 1.5f;
		s.set[PERLIN_LOOP] = mode == 0 ? 8.0f : mode == 1 ? 4.0f : 3.0f;
		s.set[PERLIN_SYNC] = mode == 1 ? 1.0f : 0.0f;
		s.set[PERLIN_BEATS] = 0.5f;
		s.set[PERLIN_OCTAVES] = mode == 0 ? 5.0f : 7.0f;
		s.set[PERLIN_LACUNARITY] = mode == 2 ? 2.7f : 2.0f;
		s.set[PERLIN_DIMENSIONS] = mode == 2 ? 2.0f : 1.0f;
		s.set[RENDER_SPREAD] = 0.7f;
		x = render4(w, &s);
		if (!x)
			continue;
		for (o = 0; o < N4; ++o) {
			const float *y = x + (uint64_t)o * s.frames;
			const double e = max_diff(y, y + period, 2 * period);
			const double r = test_span(y, s.frames);
			d = e > d ? e : d;
			sp = o == 0 || r < sp ? r : sp;
		}
		free(x);
		printf("   loop %s, spread 0.7: each output vs itself a period later: %.2g\n",
		       what[mode], d);
		CHECK(d <= 1e-6 && sp > 0.3, "a looped output does not repeat (mode %d: %g, span %g)",
		      mode, d, sp);
	}
}

int main(int argc, char **argv)
{
	host_world w;
	test_seed(argc - 1, argv + 1, "test_outputs");
	if (argc < 2 || host_world_open(&w, argv[1])) {
		fprintf(stderr, "usage: test_outputs BUNDLE_DIR [seed]\n");
		return 2;
	}
	test_section("spread 0: four times the one-output signal");
	test_spread_zero_gives_four_copies(&w);
	test_section("the correlation against spread");
	test_correlation_follows_spread();
	test_section("automating spread never steps");
	test_spread_automation_never_steps();
	test_section("each output: blocks, host, paths, bound");
	test_each_output_keeps_every_promise(&w);
	test_section("transport: starts and jumps land where playback is");
	test_outputs_land_where_playback_is();
	test_section("outputs left unconnected");
	test_unconnected_outputs_change_nothing();
	test_section("loops");
	test_loops_repeat_every_output(&w);
	host_world_close(&w);
	return test_done("test_outputs");
}
