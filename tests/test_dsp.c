/* test_dsp.c: the DSP in process (plugin/dsp.h, no LV2 in between):
   its render paths against each other and against the scalar reference
   (perlin_dsp_set_path), and the in-process rendering against the built
   plugin through lilv, so what is proven here holds for the plugin.
   Usage: test_dsp BUNDLE_DIR [seed] */
#include "automation.h"
#include "host.h"
#include "test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double max_diff(const float *a, const float *b, uint64_t n)
{
	double m = 0.0;
	uint64_t i;
	for (i = 0; i < n; ++i) {
		const double d = fabs((double)a[i] - b[i]);
		m = d > m || d != d ? d : m;
	}
	return m;
}

/* The render paths (plugin/dsp.h): the vector kernels (4 lanes, SSE2) and
   the best path here (AVX2 when the CPU has it) against the scalar
   reference, with the settings of both plugins, with random settings, seeds, sample rates,
   block sizes, stepped changes and full random automation. The kernels
   must stay within 1e-6 of the reference and give bit-identical output to
   each other. */
#define PATH_TOLERANCE 1e-6
static void test_paths(void)
{
	static const double rates[] = { 8000, 22050, 44100, 48000, 96000, 192000, 768000 };
	char args[8192];
	double worst = 0.0, worst_kernel = 0.0;
	int trial, lanes_differ = 0;
	for (trial = 0; trial < 16; ++trial) {
		render_spec s;
		float *r, *v, *b;
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
			                      the dense kernel (dsp.c fast_dense) */
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
		r = malloc((size_t)s.frames * sizeof *r);
		v = malloc((size_t)s.frames * sizeof *v);
		b = malloc((size_t)s.frames * sizeof *b);
		if (r && v && b && !host_render_dsp(&s, PERLIN_PATH_REFERENCE, r) &&
		    !host_render_dsp(&s, PERLIN_PATH_VECTOR, v) &&
		    !host_render_dsp(&s, perlin_dsp_best_path(), b)) {
			const double d = max_diff(v, r, s.frames);
			const double e = max_diff(b, v, s.frames);
			if (d > worst)
				worst = d;
			if (!automated && d > worst_kernel)
				worst_kernel = d;
			lanes_differ += e != 0.0;
			CHECK(d <= PATH_TOLERANCE, "%s plugin, %g Hz, %s: vector path %g from the reference",
			      s.cv ? "CV" : "audio", s.sr, automated ? "automated" : "stepped", d);
			CHECK(e == 0.0, "%s plugin, %g Hz: the best path differs from the vector path by %g",
			      s.cv ? "CV" : "audio", s.sr, e);
		} else {
			CHECK(0, "render failed (trial %d)", trial);
		}
		free(r);
		free(v);
		free(b);
	}
	printf("   vector kernels vs scalar reference: max diff %.2g (tolerance %g); "
	       "best path (%s) vs vector: %s\n", worst, PATH_TOLERANCE,
	       perlin_dsp_best_path() == PERLIN_PATH_AVX2 ? "AVX2" : "vector",
	       lanes_differ ? "DIFFERENT" : "identical");
	/* the comparison is not vacuous: in steady spans the kernels did run
	   (float lanes are never bit-equal to the double reference everywhere) */
	CHECK(worst_kernel > 0.0, "the kernels never ran: vector == reference exactly");
}

/* The in-process rendering is the plugin's: the same random automation,
   with a transport jump, played through lilv and in process, is
   bit-identical. */
static void test_same_as_plugin(const char *bundle)
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

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_dsp BUNDLE_DIR [seed]\n");
		return 2;
	}
	test_seed(argc - 1, argv + 1, "test_dsp");
	test_section("the DSP in process renders what the plugin renders");
	test_same_as_plugin(argv[1]);
	test_section("render paths: vector kernels against the scalar reference");
	test_paths();
	return test_done("test_dsp");
}
