/* test_dsp.c: the DSP in process (plugin/engine/dsp.h, no LV2 in between):
   its render paths against each other and against the scalar reference
   (perlin_dsp_set_path), and the in-process rendering against the built
   plugin through lilv, so what is proven here holds for the plugin.
   Usage: test_dsp BUNDLE_DIR [seed]
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "automation.h"
#include "host.h"
#include "test.h"
#include "../plugin/engine/cells.h"   /* the staircase */
#include "../plugin/engine/kernels.h" /* the kernels */
#include "../plugin/engine/plan.h"    /* the ramps where the clock is */
#include "../plugin/engine/ramp.h"    /* where a ramp is */

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define max_diff test_max_diff

/* The render paths (plugin/engine/dsp.h): the vector kernels (4 lanes, SSE2) and
   the best path here (AVX2 when the CPU has it) against the scalar
   reference, with the settings of both plugins, with random settings, seeds, sample rates,
   block sizes, stepped changes and full random automation. The kernels
   must stay within 1e-6 of the reference and give bit-identical output to
   each other. */
#define PATH_TOLERANCE 1e-6
static void test_kernels_match_the_reference(void)
{
	static const double rates[] = { 8000, 22050, 44100, 48000, 96000, 192000, 768000 };
	char args[8192];
	double worst = 0.0, worst_kernel = 0.0;
	int trial, lanes_differ = 0, blocks_differ = 0;
	for (trial = 0; trial < 16; ++trial) {
		render_spec s, fixed;
		float *r, *v, *b, *f;
		const int automated = trial >= 12; /* else steady spans between steps */
		unsigned i;
		render_spec_init(&s);
		s.cv = trial & 1;
		s.sr = rates[test_rng() % (sizeof rates / sizeof rates[0])];
		s.frames = (uint64_t)(3.0 * s.sr);
		s.block = 0;
		s.block_max = 1 + (uint32_t)(test_rng() % 4096U);
		s.block_seed = test_rng();
		for (i = 0; i < PERLIN_N_PARAMS; ++i) {
			const perlin_param_info *info = &perlin_params[i];
			s.set[i] = (float)test_uniform(info->min, info->max);
		}
		s.set[PERLIN_RATE] = (float)exp(test_uniform(log(0.01), log(1000.0)));
		if (trial % 4 == 2) { /* cells of a few samples in the top octaves:
			                      the dense kernel (render.c, octave_dense) */
			s.sr = rates[test_rng() % 4U];
			s.frames = (uint64_t)(3.0 * s.sr);
			s.set[PERLIN_RATE] = (float)exp(test_uniform(log(100.0), log(1000.0)));
			s.set[PERLIN_DRIFT] = 0.0f;
			s.set[PERLIN_OCTAVES] = 8.0f;
		}
		s.set[PERLIN_SEED] = (float)(test_rng() % 65536U);
		s.set[PERLIN_DIMENSIONS] = (float)(1 + (test_rng() & 1U));
		s.set[PERLIN_LOOP] = (float)(test_rng() % 3U ? 0U : test_rng() % 9U);
		if (test_rng() & 1U)
			s.set[PERLIN_DRIFT] = 0.0f;
		s.set[PERLIN_RESET] = 0.0f;
		if (trial % 8 == 6) { /* and 2D with y moving: the 2D dense kernel
			                      (render.c, octave_dense with two) */
			s.set[PERLIN_DIMENSIONS] = 2.0f;
			s.set[PERLIN_DRIFT] = (float)test_uniform(0.1, 10.0);
		}
		if (trial >= 4 && trial < 8 && trial != 6) {
			/* the ways the kernels finish a steady depth and offset
			   (plugin/engine/kernel.h, kmode): depth 1 and offset 0 (the shape
			   itself), |offset| + |depth| = 1 exactly (no last clamp),
			   offset 0.5 at depth 1 (the clamp at work) */
			static const float depth_offset[3][2] = { { 1.0f, 0.0f },
			                                          { 0.75f, -0.25f },
			                                          { 1.0f, 0.5f } };
			const int m = trial == 7 ? 2 : trial - 4;
			s.set[PERLIN_DEPTH] = depth_offset[m][0];
			s.set[PERLIN_OFFSET] = depth_offset[m][1];
		}
		if (automated) {
			random_automation(&s, 3.0, args, sizeof args);
		} else { /* a few steps of rate and octaves, steady in between */
			static const int stepped[] = { PERLIN_RATE, PERLIN_OCTAVES, PERLIN_DEPTH };
			s.n_autos = 0;
			for (i = 0; i < 3; ++i) {
				render_auto *a = &s.autos[s.n_autos++];
				a->param = stepped[i];
				a->step = 1;
				a->n = 2;
				a->t[0] = test_uniform(0.2, 1.0);
				a->t[1] = test_uniform(1.2, 2.0);
				a->v[0] = i == 0 ? exp(test_uniform(log(0.01), log(1000.0)))
				                 : test_uniform(perlin_params[stepped[i]].min,
				                                perlin_params[stepped[i]].max);
				a->v[1] = s.set[stepped[i]];
			}
		}
		fixed = s;
		r = malloc((size_t)s.frames * sizeof *r);
		v = malloc((size_t)s.frames * sizeof *v);
		b = malloc((size_t)s.frames * sizeof *b);
		f = malloc((size_t)s.frames * sizeof *f);
		fixed.block = trial % 2 ? 64 : 4096; /* (the changes at the same samples) */
		if (r && v && b && f && !host_render_dsp(&s, PERLIN_PATH_REFERENCE, r) &&
		    !host_render_dsp(&s, PERLIN_PATH_VECTOR, v) &&
		    !host_render_dsp(&s, perlin_dsp_best_path(), b) &&
		    !host_render_dsp(&fixed, perlin_dsp_best_path(), f)) {
			const double d = max_diff(v, r, s.frames);
			const double e = max_diff(b, v, s.frames);
			const double g = max_diff(f, b, s.frames);
			uint64_t n, out = 0;
			for (n = 0; n < s.frames; ++n)
				out += (uint64_t)(!(fabsf(v[n]) <= 1.0f) + !(fabsf(b[n]) <= 1.0f));
			CHECK(out == 0, "%s plugin, trial %d: %llu samples outside [-1, 1]",
			      s.cv ? "CV" : "audio", trial, (unsigned long long)out);
			if (d > worst)
				worst = d;
			if (!automated && d > worst_kernel)
				worst_kernel = d;
			lanes_differ += e != 0.0;
			CHECK(d <= PATH_TOLERANCE, "%s plugin, %g Hz, %s: vector path %g from the reference",
			      s.cv ? "CV" : "audio", s.sr, automated ? "automated" : "stepped", d);
			CHECK(e == 0.0, "%s plugin, %g Hz: the best path differs from the vector path by %g",
			      s.cv ? "CV" : "audio", s.sr, e);
			CHECK(g == 0.0, "%s plugin, %g Hz: blocks of %u differ from random blocks by %g",
			      s.cv ? "CV" : "audio", s.sr, fixed.block, g);
			blocks_differ += g != 0.0;
		} else {
			CHECK(0, "render failed (trial %d)", trial);
		}
		free(r);
		free(v);
		free(b);
		free(f);
	}
	printf("   vector kernels vs scalar reference: max diff %.2g (tolerance %g); "
	       "best path (%s) vs vector: %s\n", worst, PATH_TOLERANCE,
	       perlin_dsp_best_path() == PERLIN_PATH_AVX2 ? "AVX2" : "vector",
	       lanes_differ ? "DIFFERENT" : "identical");
	printf("   the best path in blocks of 64 or 4096 vs random blocks: %s\n",
	       blocks_differ ? "DIFFERENT" : "identical");
	/* the comparison is not vacuous: in steady spans the kernels did run
	   (float lanes are never bit-equal to the double reference everywhere) */
	CHECK(worst_kernel > 0.0, "the kernels never ran: vector == reference exactly");
}

/* A 2D path segment's form (plugin/engine/render.c, path_prepare: one
   polynomial or lines) is the same whoever chooses it: the steady plan,
   at the end of a short block that ends where an octave crosses into its
   next cell (plan_events), before the next block's controls arrive; or
   the render loop, at the segment's first sample, after they have. Two
   instances, the same controls changed at the same samples, each change
   at a crossing: one in short blocks (the plan), the other with a long
   block before each change (the loop); their outputs bit-identical. With
   one output and with four (spread 0: every octave shared, one layer). */
enum { PLAN_RUN = 8 * 48000 };
static void plan_run(perlin_dsp *d, float *buf, unsigned outs, uint32_t at, uint32_t n)
{
	float *o[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
	unsigned i;
	for (i = 0; i < outs; ++i)
		o[i] = buf + (size_t)i * PLAN_RUN + at;
	perlin_dsp_run_outputs(d, o, n);
}

static void test_path_form_same_from_plan_or_loop(void)
{
	static perlin_dsp d[2];
	enum { RUN = PLAN_RUN, SHORT = 32, LONG = 320, CHANGES = 24 };
	float set[PERLIN_N_PARAMS], *out[2];
	const float *ctl[PERLIN_N_PARAMS];
	int path, four, tried = 0, differ = 0, cases = 0;
	uint32_t i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		ctl[i] = &set[i];
	out[0] = malloc(PERLIN_OUTPUTS * RUN * sizeof *out[0]);
	out[1] = malloc(PERLIN_OUTPUTS * RUN * sizeof *out[1]);
	if (!out[0] || !out[1]) {
		CHECK(0, "out of memory");
		free(out[0]);
		free(out[1]);
		return;
	}
	for (path = PERLIN_PATH_VECTOR; path <= PERLIN_PATH_AVX2; ++path)
		for (four = 0; four < 2; ++four) {
			const unsigned outs = four ? PERLIN_OUTPUTS : 1U;
			uint32_t at = 0;
			int changes = 0;
			if (path == PERLIN_PATH_AVX2 && perlin_dsp_best_path() != PERLIN_PATH_AVX2)
				continue;
			/* 2D along a slow path: octaves whose segments last hundreds
			   of samples (the polynomial's), none dense */
			for (i = 0; i < PERLIN_N_PARAMS; ++i)
				set[i] = perlin_params[i].def;
			set[PERLIN_DIMENSIONS] = 2.0f;
			set[PERLIN_RATE] = 0.52f;
			set[PERLIN_DRIFT] = 5.6f;
			set[PERLIN_MORPH] = 1.9f;
			set[PERLIN_OCTAVES] = 6.0f;
			set[PERLIN_LACUNARITY] = 1.73f;
			set[PERLIN_DEPTH] = 0.64f;
			for (i = 0; i < 2; ++i) {
				perlin_dsp_init_outputs(&d[i], 48000.0, outs);
				perlin_dsp_set_path(&d[i], (perlin_path)path);
				perlin_dsp_spread(&d[i], 0.0f);
				perlin_dsp_controls(&d[i], ctl);
			}
			while (at < RUN) {
				/* settled (0.25 s after a change): the next crossing of
				   any octave, from the long-block instance's ramps (the
				   loop leaves them at its clock), at least LONG on */
				const perlin_voice *v = &d[1].voice[d[1].cur];
				uint64_t left = UINT64_MAX;
				uint32_t n, k;
				int cross;
				if (RUN - at < LONG) {
					plan_run(&d[0], out[0], outs, at, RUN - at);
					plan_run(&d[1], out[1], outs, at, RUN - at);
					break;
				}
				for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
					const uint64_t lx = v->rx[k].cross - v->rx[k].j;
					const uint64_t ly = v->ry[k].cross - v->ry[k].j;
					const uint64_t l = lx < ly ? lx : ly;
					if (v->gain[0][k] != 0.0 && l >= LONG && l < left)
						left = l;
				}
				cross = changes < CHANGES && left <= 4096U && at + left + 12000U < RUN;
				n = cross ? (uint32_t)left : (RUN - at < 12000U ? RUN - at : 12000U);
				/* to the crossing: short blocks, and a long one */
				for (i = 0; i < n; i += SHORT)
					plan_run(&d[0], out[0], outs, at + i, n - i < SHORT ? n - i : SHORT);
				plan_run(&d[1], out[1], outs, at, n - LONG);
				plan_run(&d[1], out[1], outs, at + n - LONG, LONG);
				at += n;
				if (cross) { /* the change, at the crossing */
					static const int which[3] = { PERLIN_DEPTH, PERLIN_RATE,
						                          PERLIN_LACUNARITY };
					static const float to[3][2] = { { 0.64f, 0.9f },
						                             { 0.52f, 0.61f },
						                             { 1.73f, 1.81f } };
					const int c = changes % 3;
					set[which[c]] = to[c][set[which[c]] == to[c][0]];
					perlin_dsp_controls(&d[0], ctl);
					perlin_dsp_controls(&d[1], ctl);
					++changes;
				}
				/* then both alike */
				n = RUN - at < 12000U ? RUN - at : 12000U;
				for (i = 0; i < n; i += SHORT) {
					const uint32_t m = n - i < SHORT ? n - i : SHORT;
					plan_run(&d[0], out[0], outs, at + i, m);
					plan_run(&d[1], out[1], outs, at + i, m);
				}
				at += n;
			}
			tried += changes;
			++cases;
			differ += max_diff(out[0], out[1], (uint64_t)outs * RUN) != 0.0;
		}
	free(out[0]);
	free(out[1]);
	printf("   %d changes at crossings, each after a short block and after a long one, "
	       "one output and four: %d of %d renders differ\n", tried, differ, cases);
	CHECK(tried >= CHANGES * cases, "only %d changes fell on crossings", tried);
	CHECK(differ == 0, "the plan and the loop chose different forms (%d renders)", differ);
}

/* A plan made inside a chunk while only the octaves' gains glide (the
   fold's values, as once settled) holds for that chunk alone: a whole
   block after it, short enough for the plan (under plan_below), must
   still go span by span, so that its grid points step the smoothers.
   Otherwise a depth step that came as the octaves settled waited for as
   many short blocks as the plan took, and took effect at a sample that
   depended on the block sizes (found by test_kernels_match_the_reference
   at seed 1796272735: 0.16 apart). The same steps (rate, octaves, depth)
   at 96 kHz, in blocks of 16, 64, 200, random and 4096: the same bits,
   within 1e-6 of the reference path. */
static void test_plan_keeps_to_its_chunk(void)
{
	static const float set[] = { 0.0246187f, 7.86041f, 0.0163108f, 2.43252f, 21510.0f, 1.0f,
		                         0.334045f,  5.15511f, 0.552403f,  -0.239628f, 0.67613f,
		                         33.8822f,   0.0f,     0.0f,       0.355896f, 0.413395f,
		                         2.33275f,   1.75771f, 5.47823f };
	static const int param[3] = { PERLIN_RATE, PERLIN_OCTAVES, PERLIN_DEPTH };
	static const double t[3][2] = { { 0.68883, 1.34644 }, { 0.702415, 1.39282 },
		                            { 0.886454, 1.81088 } };
	static const double val[3][2] = { { 0.0129643, 0.0246187 }, { 6.91354, 7.86041 },
		                              { 0.0337026, 0.552403 } };
	static const uint32_t blocks[] = { 16, 64, 200, 0, 4096 };
	render_spec s;
	float *ref, *out, *first;
	double worst_ref = 0.0, worst_blocks = 0.0;
	unsigned i, b;
	render_spec_init(&s);
	s.cv = 1;
	s.sr = 96000.0;
	s.frames = 288000;
	s.block_max = 344;
	s.block_seed = 1006711949U;
	for (i = 0; i < sizeof set / sizeof set[0] && i < RENDER_N_CONTROLS; ++i)
		s.set[i] = set[i];
	s.n_autos = 3;
	for (i = 0; i < 3; ++i) {
		render_auto *a = &s.autos[i];
		a->param = param[i];
		a->step = 1;
		a->n = 2;
		a->t[0] = t[i][0];
		a->t[1] = t[i][1];
		a->v[0] = val[i][0];
		a->v[1] = val[i][1];
	}
	ref = malloc((size_t)s.frames * sizeof *ref);
	out = malloc((size_t)s.frames * sizeof *out);
	first = malloc((size_t)s.frames * sizeof *first);
	s.block = 0;
	if (!ref || !out || !first || host_render_dsp(&s, PERLIN_PATH_REFERENCE, ref)) {
		CHECK(0, "render failed");
		free(ref);
		free(out);
		free(first);
		return;
	}
	for (b = 0; b < sizeof blocks / sizeof blocks[0]; ++b) {
		double e;
		s.block = blocks[b];
		if (host_render_dsp(&s, perlin_dsp_best_path(), b ? out : first)) {
			CHECK(0, "render failed");
			break;
		}
		e = max_diff(b ? out : first, ref, s.frames);
		worst_ref = e > worst_ref ? e : worst_ref;
		e = b ? max_diff(out, first, s.frames) : 0.0;
		worst_blocks = e > worst_blocks ? e : worst_blocks;
	}
	printf("   depth stepped as the octaves settle, blocks of 16, 64, 200, random, 4096: "
	       "%.3g from the reference, %.3g apart\n", worst_ref, worst_blocks);
	CHECK(worst_ref <= PATH_TOLERANCE, "a plan took a whole block while controls moved: %g "
	      "from the reference", worst_ref);
	CHECK(worst_blocks == 0.0, "block sizes change the render (%g)", worst_blocks);
	free(ref);
	free(out);
	free(first);
}

/* The fold (perlin_plan's fold, plan.c): in 1D with one output the
   steady plan sums the octaves whose cells last PERLIN_FOLD_CELL samples
   or more as one polynomial, in blocks of any length. At rates 0.001 to
   150 and 1, 4 or 8 octaves, on each path: the octaves it folds are the
   ones it should (so a plan without the fold fails; with a dense octave
   there is no plan), a render in blocks of 4096 and one in blocks of 1
   to 37 samples are the same bits, and both are within PATH_TOLERANCE
   of the reference (every octave sample by sample by the noise
   library). */
static void test_fold(void)
{
	static perlin_dsp d[3];
	enum { RUN = 6 * 48000 };
	static const float rates[] = { 0.001f, 0.03f, 2.0f, 20.0f, 150.0f };
	static const int octaves[] = { 1, 4, 8 };
	float set[PERLIN_N_PARAMS], *out[3];
	const float *ctl[PERLIN_N_PARAMS];
	double worst = 0.0;
	int path, r, o, dims, cases = 0, folded = 0;
	uint32_t i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		ctl[i] = &set[i];
	for (i = 0; i < 3; ++i)
		out[i] = malloc(RUN * sizeof *out[i]);
	if (!out[0] || !out[1] || !out[2]) {
		CHECK(0, "out of memory");
		for (i = 0; i < 3; ++i)
			free(out[i]);
		return;
	}
	for (dims = 1; dims <= 2; ++dims)
	for (path = PERLIN_PATH_VECTOR; path <= PERLIN_PATH_AVX2; ++path)
		for (r = 0; r < (int)(sizeof rates / sizeof rates[0]); ++r)
			for (o = 0; o < (int)(sizeof octaves / sizeof octaves[0]); ++o) {
				uint32_t at, n;
				int k, want = 0, dense = 0;
				double dd;
				if (path == PERLIN_PATH_AVX2 && perlin_dsp_best_path() != PERLIN_PATH_AVX2)
					continue;
				for (i = 0; i < PERLIN_N_PARAMS; ++i)
					set[i] = perlin_params[i].def;
				set[PERLIN_RATE] = rates[r];
				set[PERLIN_OCTAVES] = (float)octaves[o];
				set[PERLIN_SEED] = (float)(17 + r + 5 * o);
				set[PERLIN_STOPPED] = 2.0f; /* (Free: no transport) */
				set[PERLIN_DIMENSIONS] = (float)dims;
				set[PERLIN_DRIFT] = dims == 2 ? 0.3f : 0.0f;
				for (i = 0; i < 3; ++i) {
					perlin_dsp_init_outputs(&d[i], 48000.0, 1U);
					perlin_dsp_set_path(&d[i], i == 2 ? PERLIN_PATH_REFERENCE : (perlin_path)path);
					perlin_dsp_controls(&d[i], ctl);
				}
				for (at = 0; at < RUN; at += n) {
					n = RUN - at < 4096U ? RUN - at : 4096U;
					plan_run(&d[0], out[0], 1U, at, n);
				}
				for (at = 0; at < RUN; at += n) {
					n = 1U + (uint32_t)(test_rng() % 37U);
					n = RUN - at < n ? RUN - at : n;
					plan_run(&d[1], out[1], 1U, at, n);
				}
				for (at = 0; at < RUN; at += n) {
					n = RUN - at < 512U ? RUN - at : 512U;
					plan_run(&d[2], out[2], 1U, at, n);
				}
				/* the octaves it should fold: cells of 64 samples and more
				   (in 2D along both axes: y's speed, drift and the path's
				   slant, read from the ramps); none where an octave's
				   cells are 16 samples or less (the dense kernel's: no
				   plan, the loop renders) */
				for (k = 0; k < octaves[o]; ++k) {
					const double cell = 48000.0 / (rates[r] * pow(2.0, k));
					const double ys = fabs(d[0].voice[d[0].cur].ry[k].step);
					want += cell >= PERLIN_FOLD_CELL &&
					        (dims == 1 || ys * PERLIN_FOLD_CELL <= 1.0) && want == k;
					/* (2D: steps |x| + |y| over 1/48, octave.h's DENSE2_STEP) */
					dense |= dims == 1 ? cell <= 16.0 : 1.0 / cell + ys > 1.0 / 48.0;
				}
				if (dense)
					CHECK(!d[0].plan[d[0].cur].valid, "rate %g, %d octaves: a plan with a dense octave",
					      (double)rates[r], octaves[o]);
				else
					CHECK(d[0].plan[d[0].cur].valid && d[0].plan[d[0].cur].nfold == want,
					      "%dD, rate %g, %d octaves: %d octaves folded, not %d", dims,
					      (double)rates[r], octaves[o],
					      d[0].plan[d[0].cur].valid ? d[0].plan[d[0].cur].nfold : -1, want);
				folded += d[0].plan[d[0].cur].valid && d[0].plan[d[0].cur].nfold > 0;
				CHECK(max_diff(out[0], out[1], RUN) == 0.0,
				      "%dD, rate %g, %d octaves: blocks of 4096 and of 1 to 37 differ by %g",
				      dims, (double)rates[r], octaves[o], max_diff(out[0], out[1], RUN));
				dd = max_diff(out[0], out[2], RUN);
				worst = dd > worst ? dd : worst;
				CHECK(dd <= PATH_TOLERANCE, "%dD, rate %g, %d octaves: %g from the reference",
				      dims, (double)rates[r], octaves[o], dd);
				++cases;
			}
	printf("   %d renders (1D, and 2D at drift 0.3), %d with a fold: the same in blocks of "
	       "4096 and of 1 to 37, within %.2g of the reference\n", cases, folded, worst);
	{ /* four outputs at spread 0 share layer 0's sum (one sum, as one
	     output's): folded, long blocks too (a version that left those to
	     the loop rendered blocks of 64 and 4096 3.6e-7 apart) */
		static float four[2][PERLIN_OUTPUTS * PLAN_RUN];
		double apart = 0.0;
		for (dims = 1; dims <= 2; ++dims) {
			for (i = 0; i < PERLIN_N_PARAMS; ++i)
				set[i] = perlin_params[i].def;
			set[PERLIN_OCTAVES] = 8.0f;
			set[PERLIN_STOPPED] = 2.0f;
			set[PERLIN_DIMENSIONS] = (float)dims;
			set[PERLIN_DRIFT] = dims == 2 ? 0.3f : 0.0f;
			for (r = 0; r < 2; ++r) {
				uint32_t at, n;
				perlin_dsp_init_outputs(&d[r], 48000.0, PERLIN_OUTPUTS);
				perlin_dsp_spread(&d[r], 0.0f);
				perlin_dsp_controls(&d[r], ctl);
				for (at = 0; at < PLAN_RUN; at += n) {
					n = r ? 1U + (uint32_t)(test_rng() % 37U) : 4096U;
					n = PLAN_RUN - at < n ? PLAN_RUN - at : n;
					plan_run(&d[r], four[r], PERLIN_OUTPUTS, at, n);
				}
			}
			{
				const double e = max_diff(four[0], four[1], PERLIN_OUTPUTS * PLAN_RUN);
				apart = e > apart ? e : apart;
			}
		}
		printf("   four outputs at spread 0, 1D and 2D: blocks of 4096 and of 1 to 37 %.3g "
		       "apart\n", apart);
		CHECK(apart == 0.0, "four outputs at spread 0: blocks of 4096 and of 1 to 37 differ by %g",
		      apart);
	}
	for (i = 0; i < 3; ++i)
		free(out[i]);
}

/* A crossfade by both voices' plans (plan_fade): new seeds and restarts
   every 0.23 s with depth 0.6 and offset 0.2 (the plans shaped for the
   crossfade, then the current one for the output again), 1D and 2D, on
   each path: blocks of 4096 and blocks of 1 to 37 the same bits (a
   crossfade that ends inside a group of 8 kept that group's outputs
   shaped for the crossfade: a step of 0.75), and within PATH_TOLERANCE
   of the reference. Each crossfade is seen running on both plans (after
   each block that ends inside one, but where it starts). */
static void test_crossfade_by_plans(void)
{
	static perlin_dsp d[3];
	static float out[3][PLAN_RUN];
	enum { EVERY = 11040 }; /* (0.23 s) */
	float set[PERLIN_N_PARAMS];
	const float *ctl[PERLIN_N_PARAMS];
	double worst = 0.0, apart = 0.0;
	int path, dims, r, fades = 0, by_plans = 0;
	uint32_t i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		ctl[i] = &set[i];
	for (dims = 1; dims <= 2; ++dims)
		for (path = PERLIN_PATH_VECTOR; path <= PERLIN_PATH_AVX2; ++path) {
			if (path == PERLIN_PATH_AVX2 && perlin_dsp_best_path() != PERLIN_PATH_AVX2)
				continue;
			for (r = 0; r < 3; ++r) {
				uint32_t at = 0, n, next = EVERY;
				int change = 0;
				for (i = 0; i < PERLIN_N_PARAMS; ++i)
					set[i] = perlin_params[i].def;
				set[PERLIN_OCTAVES] = 8.0f;
				set[PERLIN_DEPTH] = 0.6f;
				set[PERLIN_OFFSET] = 0.2f;
				set[PERLIN_STOPPED] = 2.0f; /* (Free: no transport) */
				set[PERLIN_DIMENSIONS] = (float)dims;
				set[PERLIN_DRIFT] = dims == 2 ? 0.3f : 0.0f;
				perlin_dsp_init_outputs(&d[r], 48000.0, 1U);
				perlin_dsp_set_path(&d[r], r == 2 ? PERLIN_PATH_REFERENCE : (perlin_path)path);
				perlin_dsp_controls(&d[r], ctl);
				while (at < PLAN_RUN) {
					n = r == 1 ? 1U + (uint32_t)(test_rng() % 37U) : 4096U;
					n = next - at < n ? next - at : n;
					n = PLAN_RUN - at < n ? PLAN_RUN - at : n;
					plan_run(&d[r], out[r], 1U, at, n);
					at += n;
					if (r == 1 && d[1].fade > 0U && d[1].fade < d[1].xfade_n) {
						const perlin_plan *now = &d[1].plan[d[1].cur],
						                  *was = &d[1].plan[!d[1].cur];
						fades++;
						by_plans += now->valid == PLAN_FADING && was->valid == PLAN_FADING;
					}
					if (at == next) { /* a new seed, or a restart (its rising edge) */
						change++;
						if (change % 2)
							set[PERLIN_SEED] = (float)(3 + change);
						else
							set[PERLIN_RESET] = 1.0f;
						perlin_dsp_controls(&d[r], ctl);
						set[PERLIN_RESET] = 0.0f;
						next += EVERY;
					}
				}
			}
			{
				const double a = max_diff(out[0], out[1], PLAN_RUN);
				const double e = max_diff(out[0], out[2], PLAN_RUN);
				apart = a > apart ? a : apart;
				worst = e > worst ? e : worst;
				CHECK(a == 0.0, "%dD, path %d: crossfades in blocks of 4096 and of 1 to 37 differ "
				      "by %g", dims, path, a);
				CHECK(e <= PATH_TOLERANCE, "%dD, path %d: crossfades %g from the reference", dims,
				      path, e);
			}
		}
	printf("   new seeds and restarts, depth 0.6, offset 0.2: %d of %d blocks inside a crossfade "
	       "on both plans; blocks of 4096 and of 1 to 37 %.3g apart, %.2g from the reference\n",
	       by_plans, fades, apart, worst);
	CHECK(fades > 0 && by_plans == fades, "%d of %d blocks inside a crossfade on both plans",
	      by_plans, fades);
}

/* The kernels' shape z (1.5 - 0.5 z^2), in float as they compute it
   (plugin/engine/kernel.h), stays in [-1, 1] for every float z in [-1, 1]: what
   lets them leave out the last clamp where |offset| + |depth| <= 1 (kmode).
   Every z in [0, 1]; the shape is odd, exactly, in float. */
static void test_shape_stays_in_range(void)
{
	uint32_t u, above = 0;
	float top = 0.0f;
	for (u = 0; u <= 0x3f800000U; ++u) { /* the bits of 0 .. 1 */
		float z, y;
		memcpy(&z, &u, sizeof z);
		y = z * (1.5f - 0.5f * z * z);
		above += y > 1.0f;
		top = y > top ? y : top;
	}
	printf("   largest shape of a float in [0, 1]: %.9g\n", (double)top);
	CHECK(above == 0, "%u floats in [0, 1] shape above 1", (unsigned)above);
	CHECK(top == 1.0f, "the shape's largest value is %.9g, not 1", (double)top);
}

/* The kernels' shaping (finish, finish4, mix) of sums at and around the
   smallest floats: every output is the scalar formula's value, with
   denormals (and -0) flushed to +0, and none reaches the output; on both
   lane widths, for each way finish treats depth and offset (kmode), with
   depths that make depth x shape a denormal (the flush compared with is
   dsp_flush_out, the scalar tail's: the kernels' own is by exponent bits). */
static float clamp1(float v)
{
	return v < -1.0f ? -1.0f : (v > 1.0f ? 1.0f : v);
}

static void test_shaping_flushes_denormals(void)
{
	static perlin_dsp d;
	static const float z[] = { 0.0f, -0.0f, 1e-45f, -1e-45f, 1e-39f, -1e-39f, 8e-39f,
		                       -8e-39f, 1.1754942e-38f, 1.17549435e-38f, -1.17549435e-38f,
		                       2e-38f, 1e-30f, 0.25f, -0.75f, 1.0f, -1.0f, 3.0f };
	static const float dep[][2] = { { 1.0f, 0.0f }, { 0.5f, 0.0f }, { 1e-30f, 0.0f },
		                            { 3e-38f, 0.0f }, { 1.0f, 0.5f }, { 1e-30f, 1e-39f } };
	enum { N = 64 };
	float acc[N + 16], zero[N + 16], out[N];
	const float *plus[PERLIN_OUTPUTS];
	float *outs[PERLIN_OUTPUTS], o4[PERLIN_OUTPUTS][N], last[PERLIN_OUTPUTS];
	int path, m, i, q, wrong = 0, denormal = 0, compared = 0;
	const int nz = (int)(sizeof z / sizeof z[0]);
	perlin_dsp_init(&d, 48000.0);
	memset(zero, 0, sizeof zero);
	for (i = 0; i < N + 16; ++i)
		acc[i] = z[i % nz];
	for (q = 0; q < PERLIN_OUTPUTS; ++q) {
		plus[q] = zero;
		outs[q] = o4[q];
	}
	for (path = PERLIN_PATH_VECTOR; path <= PERLIN_PATH_AVX2; ++path) {
		if (path == PERLIN_PATH_AVX2 && perlin_dsp_best_path() != PERLIN_PATH_AVX2)
			continue;
		perlin_dsp_set_path(&d, (perlin_path)path);
		for (m = 0; m < (int)(sizeof dep / sizeof dep[0]); ++m) {
			const float dp = dep[m][0], of = dep[m][1];
			int moving;
			for (moving = 0; moving < 2; ++moving) {
				/* moving: a depth line that starts at dp, as a grid chunk's */
				const float dd = moving ? 1e-3f : 0.0f;
				const kernel_span span = { N, 0U };
				const kernel_line dl = { dp, dd }, ol = { of, 0.0f };
				d.kernels->finish(acc, NULL, out, span, dl, ol);
				d.kernels->finish4(acc, plus, outs, span, dl, ol, last);
				for (i = 0; i < N; ++i) {
					const float at = (float)i, zc = clamp1(acc[i]);
					const float want = dsp_flush_out(clamp1(of + (dp + dd * at) *
					                                          (zc * (1.5f - 0.5f * zc * zc))));
					uint32_t bits, wb;
					memcpy(&bits, &out[i], sizeof bits);
					memcpy(&wb, &want, sizeof wb);
					wrong += bits != wb;
					for (q = 0; q < PERLIN_OUTPUTS; ++q) {
						memcpy(&bits, &o4[q][i], sizeof bits);
						wrong += bits != wb;
						denormal += o4[q][i] != 0.0f && fabsf(o4[q][i]) < FLT_MIN;
					}
					denormal += out[i] != 0.0f && fabsf(out[i]) < FLT_MIN;
					compared += 1 + PERLIN_OUTPUTS;
				}
				/* a crossfade between the sums and zeros, at its middle */
				(void)d.kernels->mix(acc, zero, out, span, 32.0f, 1.0f / 64.0f, dl, ol);
				for (i = 0; i < N; ++i)
					denormal += out[i] != 0.0f && fabsf(out[i]) < FLT_MIN;
			}
		}
	}
	printf("   %d shaped samples (sums from -0 and 1e-45 to 3, depths down to 3e-38): "
	       "%d not the scalar formula's, %d denormal\n", compared, wrong, denormal);
	CHECK(compared > 0, "no kernel shaped anything");
	CHECK(wrong == 0, "%d shaped samples differ from the scalar formula", wrong);
	CHECK(denormal == 0, "%d denormal outputs", denormal);
}

/* The in-process rendering is the plugin's: the same random automation,
   with a transport jump, played through lilv and in process, is
   bit-identical. */
static void test_in_process_renders_as_the_plugin(const char *bundle)
{
	host_world w;
	char args[8192];
	int cv;
	if (host_world_open(&w, bundle)) {
		CHECK(0, "no plugins in %s", bundle);
		return;
	}
	for (cv = 0; cv < 2; ++cv) {
		render_spec s;
		float *a, *b;
		render_spec_init(&s);
		s.cv = cv;
		s.frames = (uint64_t)(4.0 * s.sr);
		s.block = 0;
		s.block_seed = test_rng();
		s.n_jumps = 1;
		s.jump_t[0] = 2.5;
		s.jump_beat[0] = 40.0;
		random_automation(&s, 4.0, args, sizeof args);
		a = malloc((size_t)s.frames * sizeof *a);
		b = malloc((size_t)s.frames * sizeof *b);
		if (a && b && !host_render(&w, &s, a) &&
		    !host_render_dsp(&s, perlin_dsp_best_path(), b)) {
			const double d = max_diff(a, b, s.frames);
			printf("   %s plugin through lilv vs the DSP in process: max diff %g\n",
			       cv ? "CV" : "audio", d);
			CHECK(d == 0.0, "%s plugin: in process differs from the plugin by %g",
			      cv ? "CV" : "audio", d);
		} else {
			CHECK(0, "render failed");
		}
		free(a);
		free(b);
	}
	host_world_close(&w);
}

/* ---- the band-limit follows what is playing ---- */

/* The RMS above sr/4 of x[0..n) in 10 ms windows (a 63-tap windowed-sinc
   high-pass at sr/4): the largest window from `from` on. */
#define PI 3.14159265358979323846

static double worst_hf(const float *x, uint64_t n, double sr, uint64_t from)
{
	enum { TAPS = 63, M = TAPS / 2 };
	double h[TAPS];
	const uint64_t w = (uint64_t)(0.01 * sr);
	double worst = 0.0, acc = 0.0;
	uint64_t i, count = 0;
	int t;
	for (t = 0; t < TAPS; ++t) { /* low-pass at sr/4, Blackman window */
		const double k = t - M;
		const double sinc = k == 0 ? 0.5 : sin(0.5 * PI * k) / (PI * k);
		const double win = 0.42 - 0.5 * cos(2.0 * PI * t / (TAPS - 1)) +
		                   0.08 * cos(4.0 * PI * t / (TAPS - 1));
		h[t] = -sinc * win;
	}
	h[M] += 1.0; /* high-pass = delta - low-pass */
	for (i = from + TAPS; i < n; ++i) {
		double y = 0.0;
		for (t = 0; t < TAPS; ++t)
			y += h[t] * x[i - (uint64_t)t];
		acc += y * y;
		if (++count == w) {
			const double rms = sqrt(acc / (double)w);
			worst = rms > worst ? rms : worst;
			acc = 0.0;
			count = 0;
		}
	}
	return worst;
}

static void band_spec(render_spec *s, double sr)
{
	render_spec_init(s);
	s->sr = sr;
	s->set[PERLIN_OCTAVES] = 8.0f;
	s->set[PERLIN_LACUNARITY] = 4.0f;
	s->set[PERLIN_PERSISTENCE] = 0.9f;
}

/* Render s (best path) and return its loudest 10 ms above sr/4 after
   the first 0.1 s, or -1 if it could not be rendered. */
static double band_hf(const render_spec *s)
{
	float *x = malloc((size_t)s->frames * sizeof *x);
	double e = -1.0;
	if (x && !host_render_dsp(s, perlin_dsp_best_path(), x))
		e = worst_hf(x, s->frames, s->sr, (uint64_t)(0.1 * s->sr));
	free(x);
	return e;
}

/* A change's case of test_band_limit_follows_the_rate: its loudest 10 ms above sr/4 within
   twice the worst steady state; the worst case so far kept. */
static void band_case(const render_spec *s, const char *what, double steady, double *worst,
                      const char **worst_what)
{
	const double e = band_hf(s);
	if (e < 0.0) {
		CHECK(0, "%s: render failed", what);
		return;
	}
	printf("   %-22s: largest 10 ms RMS above sr/4 %.2g\n", what, e);
	if (e > *worst) {
		*worst = e;
		*worst_what = what;
	}
	CHECK(e <= 2.0 * steady, "%s: %g above sr/4, the worst steady state %g", what, e, steady);
}

/* No 10 ms window after a rate or lacunarity step or ramp, up or down,
   or in 2D with drift held high, stepped, or morph stepped or ramped
   (y moving), carries more energy above sr/4 than twice the worst steady
   state (rates 0.5 to 1000 held). */
static void test_band_limit_follows_the_rate(void)
{
	static const double rates[] = { 0.5, 2, 10, 50, 100, 200, 300, 500, 700, 1000 };
	const double sr = 48000.0;
	double steady = 0.0, worst = 0.0;
	const char *worst_what = "";
	unsigned i;
	int m;
	for (i = 0; i < sizeof rates / sizeof rates[0]; ++i) {
		render_spec s;
		double e;
		band_spec(&s, sr);
		s.set[PERLIN_RATE] = (float)rates[i];
		s.frames = (uint64_t)(0.6 * sr);
		e = band_hf(&s);
		steady = e > steady ? e : steady;
	}
	for (m = 0; m < 8; ++m) {
		/* rate 1000 -> 0.5 and back, stepped and ramped over 0.2 s; then
		   lacunarity 1.5 -> 4 and back at rate 300, likewise */
		static const char *what[8] = {
			"rate step down", "rate step up", "rate ramp down", "rate ramp up",
			"lacunarity step up", "lacunarity step down", "lacunarity ramp up",
			"lacunarity ramp down",
		};
		const int lac = m >= 4, up = m & 1, ramp = (m / 2) & 1;
		const double lo = lac ? 1.5 : 0.5, hi = lac ? 4.0 : 1000.0;
		render_spec s;
		render_auto *a;
		band_spec(&s, sr);
		s.frames = (uint64_t)(1.0 * sr);
		if (lac)
			s.set[PERLIN_RATE] = 300.0f;
		a = &s.autos[s.n_autos++];
		a->param = lac ? PERLIN_LACUNARITY : PERLIN_RATE;
		a->step = !ramp;
		a->n = 2;
		a->t[0] = 0.3;
		a->t[1] = ramp ? 0.5 : 0.3;
		a->v[0] = up ? lo : hi;
		a->v[1] = up ? hi : lo;
		if (!ramp) { /* a step: the value from t[1] on, the old one before */
			a->t[0] = 0.0;
			a->t[1] = 0.3;
		}
		band_case(&s, what[m], steady, &worst, &worst_what);
	}
	for (m = 0; m < 6; ++m) {
		/* 2D, where y moves too: drift held at its top, or stepped to it
		   and back; morph stepped across its range and back, or ramped
		   over 0.2 s (a knob turned fast), at rate 2 */
		static const char *what[6] = {
			"2D drift 10 held", "2D drift step up", "2D drift step down",
			"2D morph step up", "2D morph step down", "2D morph ramp 0-16",
		};
		const int morph = m >= 3;
		render_spec s;
		render_auto *a;
		band_spec(&s, sr);
		s.frames = (uint64_t)(1.0 * sr);
		s.set[PERLIN_DIMENSIONS] = 2.0f;
		s.set[PERLIN_RATE] = 2.0f;
		if (m == 0) {
			s.set[PERLIN_DRIFT] = 10.0f;
		} else {
			const int down = m == 2 || m == 4;
			const double hi = morph ? 16.0 : 10.0;
			a = &s.autos[s.n_autos++];
			a->param = morph ? PERLIN_MORPH : PERLIN_DRIFT;
			a->step = m != 5;
			a->n = 2;
			a->t[0] = m == 5 ? 0.3 : 0.0;
			a->t[1] = m == 5 ? 0.5 : 0.3;
			a->v[0] = down ? hi : 0.0;
			a->v[1] = down ? 0.0 : hi;
		}
		band_case(&s, what[m], steady, &worst, &worst_what);
	}
	printf("   worst steady state (rates 0.5-1000 held): %.2g; worst change: %s, %.2fx\n",
	       steady, worst_what, steady > 0 ? worst / steady : 0.0);
	CHECK(steady > 0.0, "no energy above sr/4 at all: the measure measures nothing");
}

/* The 2D dense kernel's staircase (plugin/engine/cells.c, dense_cells, and the
   kernels' places): every sample is listed in a cell that holds its phase
   (within rounding: 1e-9 of a cell), one cell more at most a sample on,
   the cell's lattice column and row are the phase's, and the kernel's u
   and w there (from the cell's place, in float, as dense2 makes them)
   are the phases within 1e-6. In both tables' layouts, on random paths,
   forwards and back, looping or not, and on paths whose x and y
   crossings tie exactly, or both fall within rounding of one sample, or
   where y nearly stands still (down to a step whose inverse is
   infinite). */
static void test_staircase_puts_samples_in_their_cells(void)
{
	static perlin_dsp d[2];
	int trial, wrong = 0, worst_n = 0, layouts = 1, lay;
	double worst_u = 0.0;
	const char *what = "";
	perlin_dsp_init(&d[0], 48000.0);
	perlin_dsp_set_path(&d[0], PERLIN_PATH_VECTOR);
	perlin_dsp_init(&d[1], 48000.0);
	perlin_dsp_set_path(&d[1], PERLIN_PATH_AVX2);
	if (d[1].kernels->rows)
		layouts = 2;
	for (trial = 0; trial < 4000; ++trial) {
		const int kind = trial % 4;
		const uint32_t period = trial % 5 == 4 ? 3U + (uint32_t)(test_rng() % 9U) : 0U;
		perlin_ramp rx, ry;
		noise_pos px, py;
		dense_stair *s;
		double sx = test_uniform(1.0 / 48.0, 0.49), sy = test_uniform(1e-9, 0.49);
		int32_t n, i;
		if (test_rng() & 1U)
			sx = -sx;
		if (test_rng() & 1U)
			sy = -sy;
		px.cell = (uint32_t)test_rng();
		py.cell = (uint32_t)test_rng();
		if (period)
			px.cell %= period;
		px.frac = test_uniform(0.0, 1.0);
		py.frac = test_uniform(0.0, 1.0);
		if (kind == 1) { /* every crossing a tie */
			sy = sx;
			py.frac = px.frac;
		} else if (kind == 2) { /* both cross within rounding of sample k */
			const double ax = sx > 0.0 ? sx : -sx, ay = sy > 0.0 ? sy : -sy;
			const double m = ax > ay ? ax : ay;
			const double k = (double)(1U + test_rng() % (uint64_t)(1.0 / m));
			px.frac = sx > 0.0 ? 1.0 - k * sx : -k * sx;
			py.frac = sy > 0.0 ? 1.0 - k * sy : -k * sy;
		} else if (kind == 3) { /* y nearly still: slow, slower than any
			                       span's entries can count, or 1 / step
			                       infinite (a place on an edge: 0 inf) */
			static const double slow[3] = { 1e-9, 1e-200, 4e-310 };
			const double v = slow[(trial / 4) % 3];
			sy = sy < 0.0 ? -v : v;
			if ((trial / 12) % 2)
				py.frac = 0.0;
		}
		ramp_start(&rx, px, sx);
		ramp_start(&ry, py, sy);
		rx.j = kind == 2 ? 0U : test_rng() % (RAMP_REBASE - DENSE2_SPAN - 50U);
		ry.j = kind == 1 || kind == 2 ? rx.j : test_rng() % (RAMP_REBASE - DENSE2_SPAN - 50U);
		n = 1 + (int32_t)(test_rng() % (DENSE2_SPAN + DENSE2_LANES - 1U));
		for (lay = 0; lay < layouts; ++lay) {
			const int rows = d[lay].kernels->rows;
			s = &d[lay].stair;
			dense_cells(&rx, &ry, period, (uint32_t)n, s);
			d[lay].kernels->places(s);
			worst_n = s->n > worst_n ? s->n : worst_n;
			for (i = 0; i < n; ++i) {
				const int32_t c = s->idx[i];
				const double tx = rx.a + ((double)rx.j + (double)i) * rx.step;
				const double ty = ry.a + ((double)ry.j + (double)i) * ry.step;
				int64_t x;
				float jc, uc, beta, u, w;
				double tu, tw;
				if (c < 0 || c >= s->n || (i && (c < s->idx[i - 1] || c > s->idx[i - 1] + 1))) {
					what = "the cells' numbers";
					break;
				}
				if (tx < s->cx[c] - 1e-9 || tx > s->cx[c] + 1.0 + 1e-9 ||
				    ty < s->cy[c] - 1e-9 || ty > s->cy[c] + 1.0 + 1e-9) {
					what = "a phase outside its cell";
					break;
				}
				x = (int64_t)rx.cell + s->cx[c];
				if (period) {
					x %= (int64_t)period;
					x += x < 0 ? (int64_t)period : 0;
				}
				if (s->x[c] != (uint32_t)x || s->y[c] != ry.cell + (uint32_t)s->cy[c]) {
					what = "a cell's column or row";
					break;
				}
				if (rows) {
					jc = s->pos[c];
					uc = s->pos[DENSE2_STRIDE + (uint32_t)c];
					beta = s->pos[2U * DENSE2_STRIDE + (uint32_t)c];
				} else {
					jc = s->pos[4 * c];
					uc = s->pos[4 * c + 1];
					beta = s->pos[4 * c + 2];
				}
				/* the kernel's (plugin/engine/kernel_dense.h, dense2_body) */
				u = uc + ((float)i - jc) * s->su;
				w = s->alphaf * u + beta;
				tu = s->along_y ? ty - s->cy[c] - 0.5 : tx - s->cx[c] - 0.5;
				tw = s->along_y ? tx - s->cx[c] - 0.5 : ty - s->cy[c] - 0.5;
				if (fabs(u - tu) > worst_u)
					worst_u = fabs(u - tu);
				if (fabs(w - tw) > worst_u)
					worst_u = fabs(w - tw);
				if (!(fabs(u - tu) <= 1e-6 && fabs(w - tw) <= 1e-6)) {
					what = "u or w off the phase";
					break;
				}
			}
			if (i < n) {
				++wrong;
				break;
			}
		}
	}
	printf("   4000 paths (a quarter all ties, a quarter crossing within rounding of a "
	       "sample), %d layout%s: %d wrong%s%s; u and w at most %.2g from the phases; at "
	       "most %d cells (room for %u)\n", layouts, layouts > 1 ? "s" : "", wrong,
	       wrong ? ", first: " : "", what, worst_u, worst_n, (unsigned)DENSE2_CELLS);
	CHECK(wrong == 0, "%d paths: %s", wrong, what);
	/* dense_cells stops at DENSE2_CELLS: reaching it would mean cells cut */
	CHECK(worst_n < (int)DENSE2_CELLS, "%d cells: the table's room was reached", worst_n);
}

/* The kernels' 2D tables of corners (plugin/engine/kernel_dense.h, table2:
   every corner hashed, KW cells at a time, a row per float) against the
   noise library's (noise_octave_cells_2d, which takes the corners a cell
   shares with the one before from it): bit-identical on both lane
   widths, on random staircases forwards, backwards and jumping, looping
   or not, with rows near 2^32 (y + 1 wraps), any seed and any scale. */
static void test_corner_tables_are_the_noise_library_s(void)
{
	static perlin_dsp d;
	static float ref[12 * (DENSE2_CELLS + DENSE2_LANES)], rows[PERLIN_TABLE], grads[64];
	static const perlin_path paths[2] = { PERLIN_PATH_VECTOR, PERLIN_PATH_AVX2 };
	int trial, wrong = 0, p, np = 1;
	perlin_dsp_init(&d, 48000.0);
	perlin_dsp_set_path(&d, PERLIN_PATH_AVX2);
	if (d.kernels->rows)
		np = 2;
	else
		printf("   no AVX2 here: the 4-lane kernels' tables only\n");
	for (trial = 0; trial < 2000; ++trial) {
		const uint32_t period = trial % 3 == 2 ? 1U + (uint32_t)(test_rng() % 12U) : 0U;
		const double sc = NOISE_SCALE_2D * exp(test_uniform(log(1e-3), log(4.0)));
		const int32_t n = 1 + (int32_t)(test_rng() % (DENSE2_CELLS - 1U));
		dense_stair *s = &d.stair;
		noise_octave o;
		noise_pos x0, y0;
		int32_t c, m;
		x0.cell = period ? (uint32_t)test_rng() % period : (uint32_t)test_rng();
		y0.cell = trial % 4 == 1 ? 0xffffffffU - (uint32_t)(test_rng() % 300U)
		                         : (uint32_t)test_rng();
		x0.frac = y0.frac = 0.0;
		noise_octave_init(&o, x0, y0, (uint32_t)test_rng(), period);
		for (c = 0; c < n + (int32_t)DENSE2_LANES - 1; ++c) {
			const uint32_t r = (uint32_t)(test_rng() % 16U);
			uint32_t x = c ? s->x[c - 1] : x0.cell, y = c ? s->y[c - 1] : y0.cell;
			if (c && r < 6) /* one column right */
				x = period && x + 1U >= period ? 0U : x + 1U;
			else if (c && r < 12) /* one row up */
				++y;
			else if (c && r < 13) /* one row down */
				--y;
			else if (c && r < 14) /* one column left */
				x = period && x == 0U ? period - 1U : x - 1U;
			else if (c) /* anywhere */
				x = period ? (uint32_t)test_rng() % period : (uint32_t)test_rng();
			s->x[c] = x;
			s->y[c] = y;
		}
		noise_gradients_2d(sc, grads, grads + 16);
		for (m = 0; m < 16; ++m) { /* (and side by side, as perlin_dsp's) */
			grads[32 + 2 * m] = grads[m];
			grads[33 + 2 * m] = grads[16 + m];
		}
		noise_octave_cells_2d(&o, s->x, s->y, (unsigned)n, sc, grads, grads + 16, ref);
		for (p = 0; p < np; ++p) {
			perlin_dsp_set_path(&d, paths[p]);
			d.kernels->table2(o.seed_hash, period, s->x, s->y, n, sc, grads, rows);
			for (c = 0; c < n; ++c)
				for (m = 0; m < 12; ++m)
					if (memcmp(&rows[m * (int32_t)DENSE2_STRIDE + c], &ref[12 * c + m],
					           sizeof ref[0])) {
						++wrong;
						c = n;
						p = np;
						break;
					}
		}
	}
	printf("   2000 staircases, %d lane width%s: %d tables differ from the noise library's\n",
	       np, np > 1 ? "s" : "", wrong);
	CHECK(wrong == 0, "%d of the kernels' 2D tables differ", wrong);
}

/* Morph glides as automation moves it and jumps (a crossfade to a voice
   that far along y) when a step's glide would outrun the noise: 2D, 8
   octaves, blocks of 512 (a new morph each block, as a host's automation),
   the voices started in the 2 s after 0.5 s steady. Automation at 4 cells
   a second, faster than the noise's own 2.3 (rate 2, drift 0.3), in
   steps of 0.04 a block: no voice started. A step 0 -> 12 at rate 40
   (its glide would sweep octave 0 at 600 cells a second, 15x its own
   speed): one. A step 0 -> 0.04 at rate 2: none. */
static int morph_voices(float rate, double from, double to, double seconds)
{
	static perlin_dsp d;
	enum { BLOCK = 512 };
	float set[PERLIN_N_PARAMS], out[BLOCK];
	const float *ctl[PERLIN_N_PARAMS];
	const uint32_t steady = 24000U, n = 96000U;
	uint32_t at;
	int i, started = 0, cur;
	for (i = 0; i < PERLIN_N_PARAMS; ++i) {
		ctl[i] = &set[i];
		set[i] = perlin_params[i].def;
	}
	set[PERLIN_DIMENSIONS] = 2.0f;
	set[PERLIN_OCTAVES] = 8.0f;
	set[PERLIN_RATE] = rate;
	set[PERLIN_DRIFT] = 0.3f;
	set[PERLIN_MORPH] = (float)from;
	perlin_dsp_init(&d, 48000.0);
	for (at = 0; at < steady + n; at += BLOCK) {
		if (at >= steady) { /* morph along a line to `to` over `seconds` (0: a step) */
			const double t = (double)(at - steady) / 48000.0;
			set[PERLIN_MORPH] = (float)(seconds > 0.0 && t < seconds
			                                ? from + (to - from) * t / seconds : to);
		}
		cur = d.cur;
		perlin_dsp_controls(&d, ctl);
		perlin_dsp_run(&d, out, BLOCK);
		started += at >= steady && d.cur != cur;
	}
	return started;
}

static void test_morph_automation_glides_steps_jump(void)
{
	const int automated = morph_voices(2.0f, 0.0, 4.0, 1.0);
	const int step = morph_voices(40.0f, 0.0, 12.0, 0.0);
	const int small = morph_voices(2.0f, 0.0, 0.04, 0.0);
	printf("   voices started: morph automated at 4 cells/s (rate 2) %d, stepped 0 -> 12 at rate "
	       "40 %d, stepped 0 -> 0.04 at rate 2 %d\n", automated, step, small);
	CHECK(automated == 0, "automated morph crossfaded %d times instead of gliding", automated);
	CHECK(step == 1, "morph 0 -> 12 at rate 40 started %d voices, not one (a jump)", step);
	CHECK(small == 0, "a morph step of 0.04 started %d voices", small);
}

/* Octave 0's x phase now, in cells (the ramps brought up to date). */
static double phase_now(perlin_dsp *d)
{
	const perlin_voice *v;
	noise_pos p;
	plan_sync(d);
	v = &d->voice[d->cur];
	p = ramp_pos(&v->rx[0], v->stream[0][0].oct.period);
	return (double)p.cell + p.frac;
}

/* Rate `from` until sample `at`, then `to`; n samples in blocks of at
   most 512, one ending at `at`; octave 0's phase at the end. */
static double phase_after_rate_change(double sr, float from, float to, uint64_t at, uint64_t n,
                                      float *out, uint64_t *filled)
{
	static perlin_dsp d;
	float set[PERLIN_N_PARAMS], buf[512];
	const float *ctl[PERLIN_N_PARAMS];
	uint64_t t = 0;
	int i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i) {
		ctl[i] = &set[i];
		set[i] = perlin_params[i].def;
	}
	set[PERLIN_OCTAVES] = 8.0f;
	set[PERLIN_RATE] = from;
	perlin_dsp_init(&d, sr);
	while (t < n) {
		uint64_t len = n - t < 512U ? n - t : 512U;
		if (t < at && t + len > at)
			len = at - t;
		set[PERLIN_RATE] = t >= at ? to : from;
		perlin_dsp_controls(&d, ctl);
		perlin_dsp_run(&d, buf, (uint32_t)len);
		if (out)
			memcpy(out + t, buf, (size_t)len * sizeof *buf);
		t += len;
	}
	if (filled)
		*filled = t;
	return phase_now(&d);
}

/* A control change takes effect at its sample: the rate moved from 2 to
   20 cells/s d = 1..256 samples later leaves the phase behind by exactly
   the d samples more at the old rate, (20 - 2) d / sr, once the rate has
   settled (1 s later), whatever the sample's place between the
   smoothers' points. */
static void test_rate_change_at_its_sample(void)
{
	const double sr = 48000.0;
	const uint64_t at = 24000U + 77U, n = 24000U + 77U + 256U + 48000U;
	const double p0 = phase_after_rate_change(sr, 2.0f, 20.0f, at, n, NULL, NULL);
	double worst = 0.0;
	uint64_t dd, worst_d = 0;
	for (dd = 1; dd <= 256U; ++dd) {
		const double p = phase_after_rate_change(sr, 2.0f, 20.0f, at + dd, n, NULL, NULL);
		const double err = fabs((p0 - p) - 18.0 * (double)dd / sr);
		if (err > worst) {
			worst = err;
			worst_d = dd;
		}
	}
	printf("   phase behind by (20 - 2) d / sr for d = 1..256: worst error %.3g cells (d = %u)\n",
	       worst, (unsigned)worst_d);
	CHECK(worst < 1e-6, "a rate change d samples later moved the phase by %.3g cells more than "
	                    "(new - old) d / sr (d = %u)", worst, (unsigned)worst_d);
}

/* The same automation gives the same motion at every sample rate: rate
   2 -> 20 at 10 s (8 octaves), the phase and the output compared at the
   instants every rate has a sample of (each 10 ms) from 9 s to 12 s,
   44.1 and 96 kHz against 48 kHz. */
static void test_rate_automation_same_at_every_sample_rate(void)
{
	static float out[3][12U * 96000U];
	const double rates[3] = { 48000.0, 44100.0, 96000.0 };
	double phase[3], worst_out = 0.0, worst_phase = 0.0;
	int r, k;
	for (r = 0; r < 3; ++r)
		phase[r] = phase_after_rate_change(rates[r], 2.0f, 20.0f, (uint64_t)(10.0 * rates[r]),
		                                   (uint64_t)(12.0 * rates[r]), out[r], NULL);
	for (r = 1; r < 3; ++r) {
		const double dp = fabs(phase[r] - phase[0]);
		if (dp > worst_phase)
			worst_phase = dp;
		for (k = 900; k < 1200; ++k) { /* t = k / 100 s */
			const double e = fabs((double)out[r][(uint64_t)k * (uint64_t)(rates[r] / 100.0)] -
			                      (double)out[0][(uint64_t)k * 480U]);
			if (e > worst_out)
				worst_out = e;
		}
	}
	printf("   rate 2 -> 20 at 10 s, 44.1 and 96 kHz against 48 kHz: phase at 12 s within %.3g "
	       "cells, output within %.3g\n", worst_phase, worst_out);
	CHECK(worst_phase < 1e-3, "the phase at 12 s differs by %.3g cells between sample rates",
	      worst_phase);
	CHECK(worst_out < 1e-3, "the output differs by %.3g between sample rates", worst_out);
}

/* A render of n samples at 48 kHz with CV inputs (cv_depth, cv_offset:
   n volts each, or NULL) in blocks of `block` (0: random 1..700), with
   the controls set, a seed change at 0.5 s (a crossfade) and in Step
   mode triggers every 0.3 s; four outputs if `four`. alias: the CV
   given in the output buffers themselves (a host's in-place buffers). */
typedef struct {
	float set[PERLIN_N_PARAMS];
	int four, alias;
	uint32_t block;
} cv_case;

static void cv_render(const cv_case *c, const float *cv_depth, const float *cv_offset, float *out,
                      uint32_t n)
{
	static perlin_dsp d;
	static float spare[3][96000];
	const float *ctl[PERLIN_N_PARAMS];
	float set[PERLIN_N_PARAMS];
	uint32_t t = 0;
	int i;
	memcpy(set, c->set, sizeof set);
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		ctl[i] = &set[i];
	perlin_dsp_init_outputs(&d, 48000.0, c->four ? PERLIN_OUTPUTS : 1U);
	if (c->alias) /* the CV in the output buffer, as an in-place host gives it */
		memcpy(out, cv_depth ? cv_depth : cv_offset, n * sizeof *out);
	while (t < n) {
		uint32_t len = c->block ? c->block : 1U + (uint32_t)(test_rng() % 700U);
		float *outs[PERLIN_OUTPUTS] = { out + t, NULL, NULL, NULL };
		perlin_cv cv;
		if (len > n - t)
			len = n - t;
		if (t < 24000U && t + len > 24000U)
			len = 24000U - t;
		if (t / 14400U != (t + len - 1U) / 14400U) /* a trigger's sample starts a block */
			len = (t / 14400U + 1U) * 14400U - t;
		if (c->four) {
			outs[1] = spare[0] + t;
			outs[2] = spare[1] + t;
			outs[3] = out + t; /* an output given twice */
		}
		set[PERLIN_SEED] = t >= 24000U ? c->set[PERLIN_SEED] + 1.0f : c->set[PERLIN_SEED];
		cv.depth = cv_depth ? (c->alias ? out : cv_depth) + t : NULL;
		cv.offset = cv_offset ? (c->alias && !cv_depth ? out : cv_offset) + t : NULL;
		cv.rate = NULL;
		cv.morph = NULL;
		perlin_dsp_controls(&d, ctl);
		if (set[PERLIN_TRIGGER] > 2.5f && t % 14400U == 0U)
			perlin_dsp_trigger(&d);
		perlin_dsp_run_cv(&d, outs, len, &cv);
		t += len;
	}
}

static double cv_diff(const float *a, const float *b, uint32_t n)
{
	double worst = 0.0;
	uint32_t i;
	for (i = 0; i < n; ++i) {
		const double e = fabs((double)a[i] - (double)b[i]);
		worst = e > worst || e != e ? e : worst;
	}
	return worst;
}

/* Depth and offset CV inputs (issue 53): a constant CV is the knob moved
   by 0.2 (depth) or 0.4 (offset) a volt, clamped; a CV at audio rate is
   the user's own signal, sample by sample; the same CV gives the same
   output at every block size and from in-place buffers; NaN is 0 V, and
   infinities, 1e30 and denormals give outputs in [-1, 1]. In the loop,
   crossfading, with four outputs and in Step mode. */
static void test_cv_depth_and_offset(void)
{
	enum { N = 96000 };
	static float cvd[N], cvo[N], a[N], b[N], c[N];
	static const float odd[] = { NAN, INFINITY, -INFINITY, 1e30f, -1e30f, 1e-40f, 0.0f, 3.0f };
	double worst_const = 0.0, worst_audio = 0.0, worst_blocks = 0.0, worst_alias = 0.0,
	       worst_nan = 0.0, worst_odd = 0.0;
	int mode, k;
	uint32_t i;
	for (mode = 0; mode < 4; ++mode) { /* 1D; 2D 4 outputs; Step; 2D Step 4 outputs */
		cv_case base, knob;
		for (k = 0; k < PERLIN_N_PARAMS; ++k)
			base.set[k] = perlin_params[k].def;
		base.set[PERLIN_RATE] = 3.0f;
		base.set[PERLIN_OCTAVES] = 6.0f;
		base.set[PERLIN_DIMENSIONS] = mode & 1 ? 2.0f : 1.0f;
		base.set[PERLIN_TRIGGER] = mode >= 2 ? 3.0f : 1.0f;
		base.four = mode & 1;
		base.alias = 0;
		base.block = 512U;
		/* constant CV against the knob: depth 0.5 + 1 V, offset 0.1 - 1 V */
		base.set[PERLIN_DEPTH] = 0.5f;
		base.set[PERLIN_OFFSET] = 0.1f;
		knob = base;
		knob.set[PERLIN_DEPTH] = 0.7f;
		knob.set[PERLIN_OFFSET] = -0.3f;
		for (i = 0; i < N; ++i) {
			cvd[i] = 1.0f;
			cvo[i] = -1.0f;
		}
		cv_render(&base, cvd, cvo, a, N);
		cv_render(&knob, NULL, NULL, b, N);
		worst_const = fmax(worst_const, cv_diff(a, b, N));
		/* clamped: depth 0.5 + 5 V is depth 1 */
		for (i = 0; i < N; ++i)
			cvd[i] = 5.0f;
		knob.set[PERLIN_DEPTH] = 1.0f;
		cv_render(&base, cvd, cvo, a, N);
		cv_render(&knob, NULL, NULL, b, N);
		worst_const = fmax(worst_const, cv_diff(a, b, N));
		/* at audio rate: offset CV a 1 kHz sine of 1 V, depth 0.5 offset
		   0 (never clamped): the output moves by 0.4 sin, sample by sample */
		base.set[PERLIN_OFFSET] = 0.0f;
		for (i = 0; i < N; ++i)
			cvo[i] = (float)sin(2.0 * PI * 1000.0 * i / 48000.0);
		cv_render(&base, NULL, cvo, a, N);
		cv_render(&base, NULL, NULL, b, N);
		for (i = 0; i < N; ++i)
			b[i] += 0.4f * cvo[i];
		worst_audio = fmax(worst_audio, cv_diff(a, b, N));
		/* both at audio rate: every block size the same bits; in place too */
		for (i = 0; i < N; ++i)
			cvd[i] = (float)(2.0 * sin(2.0 * PI * 330.0 * i / 48000.0));
		cv_render(&base, cvd, cvo, a, N);
		{
			static const uint32_t blocks[] = { 1U, 37U, 4096U, 0U };
			for (k = 0; k < 4; ++k) {
				cv_case other = base;
				other.block = blocks[k];
				cv_render(&other, cvd, cvo, c, N);
				worst_blocks = fmax(worst_blocks, cv_diff(a, c, N) + (memcmp(a, c, sizeof a) != 0));
			}
		}
		{
			cv_case inplace = base;
			inplace.alias = 1;
			cv_render(&base, cvd, NULL, a, N);
			cv_render(&inplace, cvd, NULL, c, N);
			worst_alias = fmax(worst_alias, cv_diff(a, c, N) + (memcmp(a, c, sizeof a) != 0));
		}
		/* NaN is 0 V; odd values stay in range */
		for (i = 0; i < N; ++i) {
			cvd[i] = NAN;
			cvo[i] = 0.0f;
		}
		cv_render(&base, cvd, cvo, a, N);
		cv_render(&base, NULL, cvo, b, N);
		worst_nan = fmax(worst_nan, cv_diff(a, b, N) + (memcmp(a, b, sizeof a) != 0));
		for (i = 0; i < N; ++i) {
			cvd[i] = odd[(i / 7U) % 8U];
			cvo[i] = odd[(i / 11U) % 8U];
		}
		cv_render(&base, cvd, cvo, a, N);
		for (i = 0; i < N; ++i)
			if (!(fabsf(a[i]) <= 1.0f) || (a[i] != 0.0f && fabsf(a[i]) < FLT_MIN))
				worst_odd = fmax(worst_odd, a[i] == a[i] ? fabs((double)a[i]) : 1e9);
	}
	printf("   a constant CV against the knob moved as much: within %.3g; an offset CV at 1 kHz "
	       "against the output plus 0.4 V: within %.3g\n", worst_const, worst_audio);
	printf("   blocks of 1, 37, 4096 and random against 512: %s; in place: %s; NaN against 0 V: "
	       "%s; odd volts: %s\n", worst_blocks == 0.0 ? "the same bits" : "DIFFERENT",
	       worst_alias == 0.0 ? "the same bits" : "DIFFERENT",
	       worst_nan == 0.0 ? "the same bits" : "DIFFERENT", worst_odd == 0.0 ? "in [-1, 1]" : "OUT");
	CHECK(worst_const < 1e-6, "a constant CV differs from the knob moved as much by %g", worst_const);
	CHECK(worst_audio < 1e-6, "an offset CV at 1 kHz is not the output plus 0.4 V a volt (%g)",
	      worst_audio);
	CHECK(worst_blocks == 0.0, "block sizes change the output with CV (%g)", worst_blocks);
	CHECK(worst_alias == 0.0, "a CV in the output's buffer changes the output (%g)", worst_alias);
	CHECK(worst_nan == 0.0, "a NaN CV is not 0 V (%g)", worst_nan);
	CHECK(worst_odd == 0.0, "odd volts gave an output outside [-1, 1] or denormal (%g)", worst_odd);
}

/* perlin_dsp_init leaves the scratch at the struct's end as it finds it
   (state.h, PERLIN_DSP_SCRATCH: a 1D instance never maps the 2D
   tables), so every scratch array must be written before it is read. An
   instance set up in memory full of 0xff bytes (NaN in every float) or
   of 0x3f (0.747) renders the same bits as one in zeroed memory, through what uses each
   array: 1D and 2D dense octaves (rate 300), four outputs with some not
   connected (spread 0.5, and 1: layer 0's sum left unwritten), a seed
   crossfade, sample and hold with triggers (and
   leaving it), and the depth and offset CV inputs; random blocks, both
   vector paths. */
static void test_scratch_written_before_read(void)
{
	enum { RUN = 48000 };
	perlin_dsp *d[2];
	static float cvd[RUN], cvo[RUN], cvr[RUN];
	float *out[2][PERLIN_OUTPUTS];
	int path, scene, differ = 0, runs = 0;
	uint32_t i;
	d[0] = calloc(1, sizeof *d[0]);
	d[1] = malloc(sizeof *d[1]);
	for (i = 0; i < PERLIN_OUTPUTS; ++i) {
		out[0][i] = malloc(RUN * sizeof(float));
		out[1][i] = malloc(RUN * sizeof(float));
	}
	for (i = 0; i < RUN; ++i) {
		cvd[i] = (float)sin((double)i * 0.01) * 3.0f;
		cvo[i] = (float)cos((double)i * 0.003);
		cvr[i] = (float)sin((double)i * 2.0 * 3.141592653589793 * 750.0 / 48000.0);
	}
	for (path = PERLIN_PATH_VECTOR; path <= PERLIN_PATH_AVX2 && d[0] && d[1]; ++path)
		for (scene = 0; scene < 6; ++scene) {
			const unsigned outs = scene == 2 || scene == 3 ? PERLIN_OUTPUTS : 1U;
			const uint64_t seed = test_rng();
			int w;
			if (path == PERLIN_PATH_AVX2 && perlin_dsp_best_path() != PERLIN_PATH_AVX2)
				continue;
			memset(d[1], scene % 2 ? 0xff : 0x3f, sizeof *d[1]);
			for (w = 0; w < 2; ++w) {
				float set[PERLIN_N_PARAMS];
				const float *ctl[PERLIN_N_PARAMS];
				uint64_t r = seed;
				uint32_t done = 0;
				perlin_cv cv = { cvd, cvo, NULL, NULL };
				for (i = 0; i < PERLIN_N_PARAMS; ++i) {
					set[i] = perlin_params[i].def;
					ctl[i] = &set[i];
				}
				set[PERLIN_RATE] = scene < 3 ? 300.0f : scene == 5 ? 2.0f : 3.0f;
				set[PERLIN_OCTAVES] = 8.0f;
				set[PERLIN_DEPTH] = 0.5f; /* (a volt either way shows) */
				set[PERLIN_DIMENSIONS] = scene == 0 || scene == 5 ? 1.0f : 2.0f;
				set[PERLIN_DRIFT] = scene == 0 || scene == 5 ? 0.0f : 3.0f;
				set[PERLIN_TRIGGER] = scene == 3 ? (float)PERLIN_TRIGGER_STEP : 1.0f;
				perlin_dsp_init_outputs(d[w], 48000.0, outs);
				perlin_dsp_set_path(d[w], (perlin_path)path);
				perlin_dsp_controls(d[w], ctl);
				if (scene == 3) /* (every octave the outputs' own: layer 0 unwritten) */
					perlin_dsp_spread(d[w], 1.0f);
				while (done < RUN) {
					float *o[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
					perlin_cv c = { cv.depth + done, cv.offset + done,
						            scene == 5 ? cvr + done : NULL, NULL }; /* (5: the rate CV's fold) */
					uint32_t n, k;
					r = r * 6364136223846793005ULL + 1442695040888963407ULL;
					n = 1U + (uint32_t)(r >> 33) % 700U;
					if (n > RUN - done)
						n = RUN - done;
					for (k = 0; k < outs; ++k) /* (four: output 2 now and then not) */
						o[k] = k == 1 && (r >> 20) % 3 == 0 ? NULL : out[w][k] + done;
					if (done > RUN / 3 && done < RUN / 2 && (r >> 40) % 4 == 0) {
						set[PERLIN_SEED] = (float)((r >> 44) % 50);
						perlin_dsp_controls(d[w], ctl);
					}
					if (scene == 3 && done > 2 * RUN / 3)
						set[PERLIN_TRIGGER] = 1.0f, perlin_dsp_controls(d[w], ctl);
					if ((r >> 50) % 5 == 0)
						perlin_dsp_trigger(d[w]);
					perlin_dsp_run_cv(d[w], o, n, scene == 4 ? &c : NULL);
					for (k = 0; k < outs; ++k)
						if (!o[k])
							memset(out[w][k] + done, 0, n * sizeof(float));
					done += n;
				}
			}
			for (i = 0; i < outs; ++i)
				differ += memcmp(out[0][i], out[1][i], RUN * sizeof(float)) != 0;
			++runs;
		}
	printf("   %d runs (6 scenes, each vector path): %d outputs differ between zeroed and "
	       "filled memory\n", runs, differ);
	CHECK(runs >= 5, "only %d runs", runs);
	CHECK(differ == 0, "%d outputs depend on the scratch's first contents", differ);
	for (i = 0; i < PERLIN_OUTPUTS; ++i) {
		free(out[0][i]);
		free(out[1][i]);
	}
	free(d[0]);
	free(d[1]);
}

/* n samples of a fresh instance (outs outputs, the first into x; 1D or
   2D, rate, drift, morph, 8 octaves, free) with the rate CV at volts and
   the morph CV at mvolts (NULL: none), in blocks of `block` (0: random
   1..700), on path p. */
static void motion_render(float *x, uint32_t n, double sr, unsigned outs, int dims, float rate,
                          float drift, float morph, const float *volts, const float *mvolts,
                          uint32_t block, perlin_path p)
{
	static perlin_dsp d;
	float set[PERLIN_N_PARAMS];
	const float *ctl[PERLIN_N_PARAMS];
	uint32_t done = 0, i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i) {
		set[i] = perlin_params[i].cv_def; /* (Free: no transport) */
		ctl[i] = &set[i];
	}
	set[PERLIN_RATE] = rate;
	set[PERLIN_OCTAVES] = 8.0f;
	set[PERLIN_DIMENSIONS] = (float)dims;
	set[PERLIN_DRIFT] = drift;
	set[PERLIN_MORPH] = morph;
	perlin_dsp_init_outputs(&d, sr, outs);
	perlin_dsp_set_path(&d, p);
	perlin_dsp_controls(&d, ctl);
	while (done < n) {
		float *o[PERLIN_OUTPUTS] = { x + done, NULL, NULL, NULL };
		perlin_cv cv = { NULL, NULL, volts ? volts + done : NULL,
			             mvolts ? mvolts + done : NULL };
		uint32_t b = block ? block : 1U + (uint32_t)(test_rng() % 700U);
		if (b > n - done)
			b = n - done;
		perlin_dsp_run_cv(&d, o, b, &cv);
		done += b;
	}
}

/* (cv_render with the rate CV alone) */
static void rate_render(float *x, uint32_t n, unsigned outs, int dims, float rate, float drift,
                        const float *volts, uint32_t block, perlin_path p)
{
	motion_render(x, n, 48000.0, outs, dims, rate, drift, 0.0f, volts, NULL, block, p);
}

/* The rate CV (warp.c), 1 V an octave, followed at each sample:
   - a constant +1 V renders the rate doubled (1D, 2D; one output and
     four), and so does a CV that moves by a hair around +1 V all along
     (the phases moved sample by sample throughout, never folded);
   - +1 V for 9600 samples, else 0 V: the speed changes, never the
     phase: from the pulse's end the output is the one without it 9600
     samples later (1D, and 2D along its slanted line);
   - a 750 Hz CV of +-2 V: random blocks and both vector paths render
     the same bits, every sample in [-1, 1], no step above the steepest
     of a steady render at 4x the rate;
   - any floats (NaN, infinities, 1e30): every sample in [-1, 1]. */
static void test_rate_cv(void)
{
	enum { N = 96000, PULSE = 9600, AT = 4800 };
	float *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *v = malloc(N * sizeof *v);
	const perlin_path best = perlin_dsp_best_path();
	double worst_const = 0.0, worst_hair = 0.0, worst_shift = 0.0, step_ratio = 0.0;
	int dims, outs, same_blocks = 1, same_paths = 1, in_range = 1;
	uint32_t i;
	if (!a || !b || !v) {
		CHECK(0, "out of memory");
		free(a);
		free(b);
		free(v);
		return;
	}
	for (dims = 1; dims <= 2; ++dims)
		for (outs = 1; outs <= 4; outs += 3) {
			double e;
			for (i = 0; i < N; ++i)
				v[i] = 1.0f;
			rate_render(a, N, (unsigned)outs, dims, 2.0f, dims == 2 ? 0.3f : 0.0f, v, 0, best);
			rate_render(b, N, (unsigned)outs, dims, 4.0f, dims == 2 ? 0.3f : 0.0f, NULL, 512, best);
			e = cv_diff(a, b, N);
			worst_const = e > worst_const ? e : worst_const;
			for (i = 0; i < N; ++i) /* (1 V by a hair either way: warping all along) */
				v[i] = i % 2 ? 1.0f : nextafterf(1.0f, 2.0f);
			rate_render(a, N, (unsigned)outs, dims, 2.0f, dims == 2 ? 0.3f : 0.0f, v, 0, best);
			e = cv_diff(a, b, N);
			worst_hair = e > worst_hair ? e : worst_hair;
		}
	for (dims = 1; dims <= 2; ++dims) {
		double e;
		for (i = 0; i < N; ++i)
			v[i] = i >= AT && i < AT + PULSE ? 1.0f : 0.0f;
		rate_render(a, N, 1U, dims, 3.0f, 0.0f, v, 0, best);
		rate_render(b, N, 1U, dims, 3.0f, 0.0f, NULL, 512, best);
		e = cv_diff(a + AT + PULSE, b + AT + 2 * PULSE, N - AT - 2 * PULSE);
		worst_shift = e > worst_shift ? e : worst_shift;
	}
	for (dims = 1; dims <= 2; ++dims) {
		double sa = 0.0, sb = 0.0;
		for (i = 0; i < N; ++i)
			v[i] = (float)(2.0 * sin(2.0 * 3.141592653589793 * 750.0 * i / 48000.0));
		rate_render(a, N, 1U, dims, 2.0f, 0.5f, v, 0, best);
		rate_render(b, N, 1U, dims, 2.0f, 0.5f, v, 512, best);
		same_blocks &= memcmp(a, b, N * sizeof *a) == 0;
		rate_render(b, N, 1U, dims, 2.0f, 0.5f, v, 0, PERLIN_PATH_VECTOR);
		same_paths &= memcmp(a, b, N * sizeof *a) == 0;
		for (i = 0; i < N; ++i) {
			in_range &= a[i] >= -1.0f && a[i] <= 1.0f;
			if (i) {
				const double d = fabs((double)a[i] - (double)a[i - 1]);
				sa = d > sa ? d : sa;
			}
		}
		rate_render(b, N, 1U, dims, 8.0f, 0.5f, NULL, 512, best);
		for (i = 1; i < N; ++i) {
			const double d = fabs((double)b[i] - (double)b[i - 1]);
			sb = d > sb ? d : sb;
		}
		step_ratio = sa / sb > step_ratio ? sa / sb : step_ratio;
	}
	{
		static const float odd[] = { NAN, INFINITY, -INFINITY, 1e30f, -1e30f, 1e-40f, 0.0f,
			                         -0.0f, 3.0f, -7.5f, 12.0f };
		for (outs = 1; outs <= 4; outs += 3) {
			for (i = 0; i < N; ++i)
				v[i] = odd[test_rng() % (sizeof odd / sizeof odd[0])];
			rate_render(a, N, (unsigned)outs, 2, 40.0f, 1.0f, v, 0, best);
			for (i = 0; i < N; ++i)
				in_range &= a[i] >= -1.0f && a[i] <= 1.0f;
		}
	}
	printf("   +1 V against the rate doubled: within %.3g (held), %.3g (moving by a hair); "
	       "+1 V for 0.2 s: from its end the output 0.2 s on, within %.3g; a 750 Hz CV: "
	       "blocks %s, paths %s, largest step %.2fx the steady 4x rate's\n",
	       worst_const, worst_hair, worst_shift, same_blocks ? "the same" : "DIFFER",
	       same_paths ? "the same" : "DIFFER", step_ratio);
	CHECK(worst_const < 1e-5, "+1 V is not the rate doubled (%g)", worst_const);
	CHECK(worst_hair < 1e-5, "a rate CV moving around +1 V is not the rate doubled (%g)",
	      worst_hair);
	CHECK(worst_shift < 1e-5, "a +1 V pulse moved the phase otherwise than by its extra "
	      "samples (%g)", worst_shift);
	CHECK(same_blocks, "a moving rate CV renders otherwise at random blocks");
	CHECK(same_paths, "a moving rate CV renders otherwise on the two vector paths");
	CHECK(in_range, "a rate CV took the output out of [-1, 1]");
	CHECK(step_ratio <= 1.0, "a rate CV of at most 4x stepped %.2fx the steady 4x rate's",
	      step_ratio);
	free(a);
	free(b);
	free(v);
}

/* The morph CV (warp.c), 1 V a cell added to morph at each sample (2D):
   - a constant 2.5 V renders morph 2.5 (one output and four); 0 V
     renders the same bits as none, and so does any CV in 1D;
   - a ramp of 10 V a second (0 to 16 V) renders drift 10 at 8 kHz: y as
     fast, and the band-limit fading the same octaves (6 and 7: with the
     CV's speed not counted, they would be heard, aliased);
   - a 750 Hz CV of +-2 V and of +-0.1 V, a 90 Hz one of +-0.4 V: random
     blocks and both vector paths render the same bits, every sample in
     [-1, 1];
   - any floats (NaN, infinities, 1e30), with the rate CV moving too:
     every sample in [-1, 1]. */
static void test_morph_cv(void)
{
	enum { N = 48000, RAMP = 12800, GRID = 43 }; /* (the grid at 8 kHz) */
	float *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *v = malloc(N * sizeof *v);
	float *r = malloc(N * sizeof *r);
	const perlin_path best = perlin_dsp_best_path();
	double worst_const = 0.0, worst_ramp = 0.0;
	int outs, same_zero = 1, same_1d = 1, same_blocks = 1, same_paths = 1, in_range = 1;
	uint32_t i;
	if (!a || !b || !v || !r) {
		CHECK(0, "out of memory");
		free(a);
		free(b);
		free(v);
		free(r);
		return;
	}
	for (outs = 1; outs <= 4; outs += 3) {
		double e;
		for (i = 0; i < N; ++i)
			v[i] = 2.5f;
		motion_render(a, N, 48000.0, (unsigned)outs, 2, 2.0f, 0.3f, 0.0f, NULL, v, 0, best);
		motion_render(b, N, 48000.0, (unsigned)outs, 2, 2.0f, 0.3f, 2.5f, NULL, NULL, 512, best);
		e = cv_diff(a, b, N);
		worst_const = e > worst_const ? e : worst_const;
		for (i = 0; i < N; ++i)
			v[i] = 0.0f;
		motion_render(a, N, 48000.0, (unsigned)outs, 2, 2.0f, 0.3f, 1.0f, NULL, v, 0, best);
		motion_render(b, N, 48000.0, (unsigned)outs, 2, 2.0f, 0.3f, 1.0f, NULL, NULL, 512, best);
		same_zero &= memcmp(a, b, N * sizeof *a) == 0;
		for (i = 0; i < N; ++i)
			v[i] = (float)(2.0 * sin(2.0 * 3.141592653589793 * 750.0 * i / 48000.0));
		motion_render(a, N, 48000.0, (unsigned)outs, 1, 2.0f, 0.0f, 1.0f, NULL, v, 0, best);
		motion_render(b, N, 48000.0, (unsigned)outs, 1, 2.0f, 0.0f, 1.0f, NULL, NULL, 512, best);
		same_1d &= memcmp(a, b, N * sizeof *a) == 0;
	}
	/* the ramp against drift 10 at 8 kHz (chunks 0-2: the CV's speed is
	   counted from the chunk after it is seen; the last chunk: the ramp
	   stops) */
	for (i = 0; i < N; ++i)
		v[i] = i < RAMP ? (float)(10.0 * i / 8000.0) : 16.0f;
	motion_render(a, N, 8000.0, 1U, 2, 2.0f, 0.0f, 0.0f, NULL, v, 0, best);
	motion_render(b, N, 8000.0, 1U, 2, 2.0f, 10.0f, 0.0f, NULL, NULL, 512, best);
	worst_ramp = cv_diff(a + 3 * GRID, b + 3 * GRID, RAMP - 4 * GRID);
	{ /* (+-2 V: the octaves' y over many cells; +-0.1 V and +-0.4 V: over
	     a few, their lanes picked a cell each) */
		static const double amp[] = { 2.0, 0.1, 0.4 }, hz[] = { 750.0, 750.0, 90.0 };
		unsigned c;
		for (c = 0; c < sizeof amp / sizeof amp[0]; ++c) {
			for (i = 0; i < N; ++i)
				v[i] = (float)(amp[c] * sin(2.0 * 3.141592653589793 * hz[c] * i / 48000.0));
			motion_render(a, N, 48000.0, 1U, 2, 2.0f, 0.5f, 0.0f, NULL, v, 0, best);
			motion_render(b, N, 48000.0, 1U, 2, 2.0f, 0.5f, 0.0f, NULL, v, 512, best);
			same_blocks &= memcmp(a, b, N * sizeof *a) == 0;
			motion_render(b, N, 48000.0, 1U, 2, 2.0f, 0.5f, 0.0f, NULL, v, 0, PERLIN_PATH_VECTOR);
			same_paths &= memcmp(a, b, N * sizeof *a) == 0;
			for (i = 0; i < N; ++i)
				in_range &= a[i] >= -1.0f && a[i] <= 1.0f;
		}
	}
	{
		static const float odd[] = { NAN, INFINITY, -INFINITY, 1e30f, -1e30f, 1e-40f, 0.0f,
			                         -0.0f, 3.0f, -7.5f, 12.0f };
		for (outs = 1; outs <= 4; outs += 3) {
			for (i = 0; i < N; ++i) {
				v[i] = odd[test_rng() % (sizeof odd / sizeof odd[0])];
				r[i] = odd[test_rng() % (sizeof odd / sizeof odd[0])];
			}
			motion_render(a, N, 48000.0, (unsigned)outs, 2, 40.0f, 1.0f, 3.0f, r, v, 0, best);
			for (i = 0; i < N; ++i)
				in_range &= a[i] >= -1.0f && a[i] <= 1.0f;
		}
	}
	printf("   morph CV 2.5 V against morph 2.5: within %.3g; 0 V: %s; in 1D: %s; a ramp of "
	       "10 V/s against drift 10 at 8 kHz: within %.3g; a 750 Hz CV: "
	       "blocks %s, paths %s\n",
	       worst_const, same_zero ? "the same bits" : "DIFFER",
	       same_1d ? "the same bits" : "DIFFER", worst_ramp,
	       same_blocks ? "the same" : "DIFFER", same_paths ? "the same" : "DIFFER");
	CHECK(worst_const < 1e-5, "a morph CV of 2.5 V is not morph 2.5 (%g)", worst_const);
	CHECK(same_zero, "a morph CV at 0 V renders otherwise than none");
	CHECK(same_1d, "a morph CV moves a 1D noise");
	CHECK(worst_ramp < 1e-4, "a morph CV ramp of 10 V/s is not drift 10 (%g): its speed "
	      "or the band-limit's differ", worst_ramp);
	CHECK(same_blocks, "a moving morph CV renders otherwise at random blocks");
	CHECK(same_paths, "a moving morph CV renders otherwise on the two vector paths");
	CHECK(in_range, "a morph CV took the output out of [-1, 1]");
	free(a);
	free(b);
	free(v);
	free(r);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_dsp BUNDLE_DIR [seed]\n");
		return 2;
	}
	test_seed(argc - 1, argv + 1, "test_dsp");
	test_section("the DSP in process renders what the plugin renders");
	test_in_process_renders_as_the_plugin(argv[1]);
	test_section("render paths: vector kernels against the scalar reference");
	test_kernels_match_the_reference();
	test_section("a path's form is the same whether the plan or the loop chooses it");
	test_path_form_same_from_plan_or_loop();
	test_section("the fold: 1D's long cells summed as one polynomial, any block");
	test_fold();
	test_crossfade_by_plans();
	test_plan_keeps_to_its_chunk();
	test_section("the 2D dense kernel's staircase puts every sample in its cell");
	test_staircase_puts_samples_in_their_cells();
	test_section("the kernels' 2D tables of corners are the noise library's");
	test_corner_tables_are_the_noise_library_s();
	test_section("the shaping stays in [-1, 1] for every float");
	test_shape_stays_in_range();
	test_section("the shaping flushes denormals, as the scalar formula does");
	test_shaping_flushes_denormals();
	test_section("the band-limit follows the rate being played");
	test_band_limit_follows_the_rate();
	test_section("morph glides as automation moves it, and jumps at a large step");
	test_morph_automation_glides_steps_jump();
	test_section("a control change takes effect at its sample, the same at every sample rate");
	test_rate_change_at_its_sample();
	test_rate_automation_same_at_every_sample_rate();
	test_section("depth and offset CV inputs: the knob moved, sample by sample");
	test_cv_depth_and_offset();
	test_section("the rate CV: 1 V an octave, the speed at each sample, never the phase");
	test_rate_cv();
	test_section("the morph CV: 1 V a cell added to morph at each sample, its speed band-limited");
	test_morph_cv();
	test_section("the scratch is written before it is read");
	test_scratch_written_before_read();
	return test_done("test_dsp");
}
