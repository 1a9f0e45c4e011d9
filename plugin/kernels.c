/* kernels.c: plugin/kernel.h compiled once per lane width (4: SSE2, the
   baseline; 8: AVX2, where the compiler targets x86-64) and the table the
   render loops call them through, chosen once per path. Layer 5
   (dsp_private.h), the bottom: dsp.c chooses the table, render.c calls
   through it; it calls no other file of plugin/.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "dsp_private.h"

#include <float.h>
#include <math.h>
#include <string.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h> /* min/max in the kernels */
#endif

/* A float denormal as 0: none reaches the host. */
float dsp_flush_out(float y)
{
	return y < FLT_MIN && y > -FLT_MIN ? 0.0f : y;
}


/* Scalar twins of finish()'s lane formula (plugin/kernel.h), for the
   last samples: the same float operations in the same order. */
static float kclamp(float v)
{
	return v < -1.0f ? -1.0f : (v > 1.0f ? 1.0f : v);
}

static float kfinish1(float z, float depth, float offset)
{
	z = kclamp(z);
	return dsp_flush_out(kclamp(offset + depth * (z * (1.5f - 0.5f * z * z))));
}

/* The scalar twin of mix()'s lane formula (f: f0 + i, a whole number). */
static float kmix1(float now, float was, float f, float inv_n, float depth, float offset)
{
	const float za = kclamp(now), zb = kclamp(was);
	const float a = za * (1.5f - 0.5f * za * za), b = zb * (1.5f - 0.5f * zb * zb);
	const float t = (f + 0.0f) * inv_n;
	const float sm = t * t * (3.0f - 2.0f * t);
	return dsp_flush_out(kclamp(offset + depth * (b + sm * (a - b))));
}

/* Lane masks: 8 zeros, 8 ones, 8 zeros (see part() in plugin/kernel.h) */
static const int32_t kmask[24] = { 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1 };

#define KW 4
#define KF(name) name##_4
#define KATTR
#include "kernel.h"
#undef KW
#undef KF
#undef KATTR

#if defined(__x86_64__) && defined(__GNUC__)
#define PERLIN_HAVE_AVX2 1
#define KW 8
#define KF(name) name##_8
#define KATTR __attribute__((target("avx2")))
#include "kernel.h"
#undef KW
#undef KF
#undef KATTR
#endif

static const struct perlin_kernels kernels_4 = { seg1_4, seg2x_4, seg2l_4, dense_4, dense2_4, dense2n_4, finish_4, mix_4, add_4, seg1n_4, seg2ln_4, finish4_4, table2_4, lines2_4, places_4, fast_4, hold_lines_4, hold_4, 192U, 0 };
#ifdef PERLIN_HAVE_AVX2
static const struct perlin_kernels kernels_8 = { seg1_8, seg2x_8, seg2l_8, dense_4, dense2_8, dense2n_8, finish_8, mix_8, add_8, seg1n_8, seg2ln_8, finish4_8, table2_8, lines2_8, places_8, fast_8, hold_lines_8, hold_8, 256U, 1 };
#endif

perlin_path perlin_dsp_best_path(void)
{
#ifdef PERLIN_HAVE_AVX2
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx2"))
		return PERLIN_PATH_AVX2;
#endif
	return PERLIN_PATH_VECTOR;
}

void perlin_dsp_set_path(perlin_dsp *d, perlin_path p)
{
	if (p == PERLIN_PATH_AVX2 && perlin_dsp_best_path() != PERLIN_PATH_AVX2)
		p = PERLIN_PATH_VECTOR;
	d->path = p;
	d->gen++; /* (a steady plan is made for the kernels) */
	d->kernels = &kernels_4;
#ifdef PERLIN_HAVE_AVX2
	if (p == PERLIN_PATH_AVX2)
		d->kernels = &kernels_8;
#endif
}
