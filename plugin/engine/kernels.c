/* kernels.c: plugin/engine/kernel.h compiled once per lane width (4: SSE2, the
   baseline; 8: AVX2, where the compiler targets x86-64) and the table the
   render loops call them through, chosen once per path: dsp.c chooses
   the table, render.c and step.c call through it.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "kernels.h"

#include <float.h>
#include <math.h>
#include <string.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h> /* min/max in the kernels */
#endif

/* A float denormal as 0: none reaches the host. */
float dsp_flush_out(float v)
{
	return v < FLT_MIN && v > -FLT_MIN ? 0.0f : v;
}


/* Scalar twins of finish()'s lane formula (plugin/engine/kernel.h), for the
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

/* Lane masks: 8 zeros, 8 ones, 8 zeros (see part() in plugin/engine/kernel.h) */
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

/* the segment kernels of lane width w, by kind, then gain and store (see
   kernel_seg in kernel_types.h) */
#define KSEGS(w) { \
	[KSEG_X] = { seg1_steady_store_##w, seg1_steady_add_##w, seg1_moving_store_##w, \
	             seg1_moving_add_##w }, \
	[KSEG_PATH] = { seg2x_steady_store_##w, seg2x_steady_add_##w, seg2x_moving_store_##w, \
	                seg2x_moving_add_##w }, \
	[KSEG_LINES] = { seg2l_steady_store_##w, seg2l_steady_add_##w, seg2l_moving_store_##w, \
	                 seg2l_moving_add_##w } }

/* (dense: 4 lanes on either path) */
static const struct perlin_kernels kernels_4 = {
	.seg = KSEGS(4),
	.dense = dense_4,
	.dense2 = dense2_4,
	.dense2n = dense2n_4,
	.finish = finish_4,
	.cv = cv_4,
	.mix = mix_4,
	.add = add_4,
	.seg1n = seg1n_4,
	.seg2ln = seg2ln_4,
	.finish4 = finish4_4,
	.table2 = table2_4,
	.lines2 = lines2_4,
	.places = places_4,
	.plan = plan_4,
	.fold_split = fold_split_4,
	.hold_lines = hold_lines_4,
	.hold = hold_4,
	.plan_below = 192U,
	.rows = 0,
};
#ifdef PERLIN_HAVE_AVX2
static const struct perlin_kernels kernels_8 = {
	.seg = KSEGS(8),
	.dense = dense_4,
	.dense2 = dense2_8,
	.dense2n = dense2n_8,
	.finish = finish_8,
	.cv = cv_8,
	.mix = mix_8,
	.add = add_8,
	.seg1n = seg1n_8,
	.seg2ln = seg2ln_8,
	.finish4 = finish4_8,
	.table2 = table2_8,
	.lines2 = lines2_8,
	.places = places_8,
	.plan = plan_8,
	.fold_split = fold_split_8,
	.hold_lines = hold_lines_8,
	.hold = hold_8,
	.plan_below = 256U,
	.rows = 1,
};
#endif

perlin_path kernels_best_path(void)
{
#ifdef PERLIN_HAVE_AVX2
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx2"))
		return PERLIN_PATH_AVX2;
#endif
	return PERLIN_PATH_VECTOR;
}

const struct perlin_kernels *kernels_of(perlin_path p)
{
#ifdef PERLIN_HAVE_AVX2
	if (p == PERLIN_PATH_AVX2)
		return &kernels_8;
#endif
	(void)p;
	return &kernels_4;
}
