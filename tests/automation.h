/* automation.h: random automation of every control, for the tests that
   render (tests/test_render.c, tests/test_dsp.c). Include after test.h.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_AUTOMATION_H
#define PERLIN_AUTOMATION_H

#include "host.h"
#include "test.h"

#include <math.h>
#include <stdio.h>

/* Random automation of every control (rate up to 20 Hz), written as
   perlin-render arguments too, so both paths can play it. */
static void random_automation(render_spec *s, double seconds, char *args, size_t size)
{
	static const int ramped[] = { PERLIN_RATE, PERLIN_OCTAVES, PERLIN_PERSISTENCE,
		                      PERLIN_LACUNARITY, PERLIN_MORPH, PERLIN_DRIFT,
		                      PERLIN_DEPTH, PERLIN_OFFSET, PERLIN_BEATS };
	static const int stepped[] = { PERLIN_SEED, PERLIN_DIMENSIONS, PERLIN_LOOP,
		                       PERLIN_RESET, PERLIN_SYNC };
	size_t used = 0;
	unsigned i;
	int j;
	args[0] = '\0';
	s->n_autos = 0;
	for (i = 0; i < sizeof ramped / sizeof ramped[0] + sizeof stepped / sizeof stepped[0]; ++i) {
		const int step = i >= sizeof ramped / sizeof ramped[0];
		const int p = step ? stepped[i - sizeof ramped / sizeof ramped[0]] : ramped[i];
		render_auto *a = &s->autos[s->n_autos++];
		const perlin_param_info *info = &perlin_params[p];
		const int n = 4 + (int)(test_rng() % 10U);
		a->param = p;
		a->step = step;
		a->n = n;
		used += (size_t)snprintf(args + used, size - used, " --%s %s=", step ? "step" : "ramp",
		                         info->symbol);
		for (j = 0; j < n; ++j) {
			double v;
			a->t[j] = seconds * (j + test_uniform(0.05, 0.95)) / n;
			switch (p) {
			case PERLIN_RATE:
				v = exp(test_uniform(log(0.01), log(20.0)));
				break;
			case PERLIN_BEATS: /* synced rate 120/60/beats stays <= 20 Hz */
				v = exp(test_uniform(log(0.1), log(16.0)));
				break;
			case PERLIN_SEED:
				v = (double)(test_rng() % 65536U);
				break;
			case PERLIN_LOOP:
				v = (double)(test_rng() % 9U);
				break;
			case PERLIN_RESET: /* a trigger: pulse up, then down */
				v = j & 1 ? 0.0 : 1.0;
				break;
			case PERLIN_DIMENSIONS:
				v = 1.0 + (double)(test_rng() & 1U);
				break;
			case PERLIN_SYNC:
				v = (double)(test_rng() & 1U);
				break;
			default:
				v = test_uniform(info->min, info->max);
			}
			/* the CLI prints %.17g: both paths see the same doubles */
			a->v[j] = v;
			used += (size_t)snprintf(args + used, size - used, "%s%.17g:%.17g", j ? "," : "",
			                         a->t[j], v);
		}
	}
}

/* Random automation of the four-output plugins' spread: n points over
   `seconds`, steps or ramps, the values random in [0, 1] or (jumps)
   alternately 0 and 1. */
static inline void random_spread(render_spec *s, double seconds, int n, int step, int jumps)
{
	render_auto *a = &s->autos[s->n_autos++];
	int j;
	a->param = RENDER_SPREAD;
	a->step = step;
	a->n = n;
	for (j = 0; j < n; ++j) {
		a->t[j] = seconds * (j + test_uniform(0.05, 0.95)) / n;
		a->v[j] = jumps ? (double)(j & 1) : test_uniform(0.0, 1.0);
	}
}

#endif /* PERLIN_AUTOMATION_H */
