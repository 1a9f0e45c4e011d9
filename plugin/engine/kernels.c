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
static float kmix1(float now, float was, float f, float inv_n, float depth, float offset,
                   int shaped)
{
	const float za = kclamp(now), zb = kclamp(was);
	const float a = shaped ? now : za * (1.5f - 0.5f * za * za);
	const float b = shaped ? was : zb * (1.5f - 0.5f * zb * zb);
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

/* A path's table: its width's kernels (dense: 4 lanes on either path),
   the block length from which the plan leaves a block to the loop, and
   whether its dense kernels take rows */
#define KTABLE(w, below, rows_) { \
	.seg = KSEGS(w), .dense = dense_4, .dense2 = dense2_##w, .dense2n = dense2n_##w, \
	.finish = finish_##w, .cv = cv_##w, .mix = mix_##w, .mix_shaped = mix_shaped_##w, \
	.add = add_##w, .seg1n = seg1n_##w, .seg2ln = seg2ln_##w, .finish4 = finish4_##w, \
	.table2 = table2_##w, .lines2 = lines2_##w, \
	.places = places_##w, .plan = plan_##w, .fold_split = fold_split_##w, \
	.hold_lines = hold_lines_##w, .hold = hold_##w, .plan_below = (below), .rows = (rows_) }
static const struct perlin_kernels kernels_4 = KTABLE(4, 192U, 0);
#ifdef PERLIN_HAVE_AVX2
static const struct perlin_kernels kernels_8 = KTABLE(8, 256U, 1);
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
