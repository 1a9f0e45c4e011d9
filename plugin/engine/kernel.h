/* kernel.h: the inner loops of plugin/engine/render.c's render loop, written once with
   GCC/Clang vector extensions and included by kernels.c once per instruction
   set: KW float lanes, KF(name) the function names, KATTR the target
   attribute (empty for the baseline: SSE2 on x86-64, whatever the compiler
   has elsewhere; target("avx2") for the dispatched one). This file has
   the lanes' types and the pieces every kernel uses (the fade, a cell's
   line, the gain lines, part-filled groups); the kernels themselves are
   in kernel_seg.h (along ramps, from a cell's coefficients),
   kernel_dense.h (from tables of short cells), kernel_out.h (the
   outputs from the sums), kernel_plan.h (the steady plan's) and
   kernel_hold.h (sample and hold's).

   A sample's value is the same IEEE float operations in the same order in
   whatever lane, group or part-filled group it lands (no fma:
   -ffp-contract=off, and the AVX2 target does not enable FMA), so the
   output is bit-identical whatever KW is and wherever a block starts: both
   paths, any block size.

   The kernels work with u = t - 1/2 in [-1/2, 1/2), t the phase in the
   cell: the quintic fade is 1/2 + h(u), h(u) = u (15/8 + u^2 (6 u^2 - 5)),
   so the intermediates stay small and float keeps the result within 1e-6
   of the double reference. Along x alone (1D, or 2D with y still) a
   cell's value is a degree-6 polynomial in u, evaluated by Horner. A
   sample j steps after a ramp's anchor (perlin_ramp in state.h) has, in
   groups of 8 from the anchor, j = 8q + m,
       u(j) = (float)((a - 1/2) + q * 8 step) + mf[m],  mf[m] = (float)(m step)
   in the one-coordinate kernel (seg1) and the path kernel (seg2x); the
   1D table kernel (dense) uses u(j) from (a + j step) per lane, in
   double, and the 2D one (dense2) uc + (j - Jc) su from the place of
   the lane's cell (dense_stair in state.h).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */

#define KVEC(T, n) __attribute__((vector_size((n) * sizeof(T))))
/* the lanes' numbers, to start a vector of either type */
#if KW == 8
#define KLANES { 0, 1, 2, 3, 4, 5, 6, 7 }
#else
#define KLANES { 0, 1, 2, 3 }
#endif
typedef float KF(vf) KVEC(float, KW);
typedef double KF(vd) KVEC(double, KW);
typedef int32_t KF(vi) KVEC(int32_t, KW);

static KATTR inline KF(vf) KF(load)(const float *p)
{
	KF(vf) v;
	memcpy(&v, p, sizeof v);
	return v;
}

static KATTR inline void KF(store)(float *p, KF(vf) v)
{
	memcpy(p, &v, sizeof v);
}

/* h(u) = fade(u + 1/2) - 1/2, as the scalar kh */
static KATTR inline KF(vf) KF(h)(KF(vf) u)
{
	const KF(vf) u2 = u * u;
	return u * (1.875f + u2 * (u2 * 6.0f - 5.0f));
}

/* h(u) / 6 = u (5/16 + u^2 (u^2 - 5/6)), one operation fewer: the 2D
   path's lines take it, with the 6 in their coefficients (path_coef) */
static KATTR inline KF(vf) KF(h6)(KF(vf) u)
{
	const KF(vf) u2 = u * u;
	return u * (0.3125f + u2 * (u2 - 5.0f / 6.0f));
}

/* A cell's value along x from its line (cell_line in coef.c: m0, m1, D,
   E) at u, hu = h(u): (m0 + m1 u) + h(u) (D u + E); and each half of a
   2D path's lines (seg2l). */
static KATTR inline __attribute__((always_inline)) KF(vf)
KF(line)(KF(vf) u, KF(vf) hu, KF(vf) m0, KF(vf) m1, KF(vf) d, KF(vf) e)
{
	return (m0 + m1 * u) + hu * (d * u + e);
}

/* Denormals (and -0) as +0, the rest as they are: a float whose exponent
   bits are all 0 is below FLT_MIN in magnitude (dsp_flush_out's test: the
   same values), three integer operations */
static KATTR inline KF(vf) KF(flush)(KF(vf) w)
{
	const KF(vi) tiny = ((KF(vi))w & 0x7f800000) == 0;
	return (KF(vf))((KF(vi))w & ~tiny);
}

/* The octave's gain at KW samples: g0 + dg (at + lane), `at` the first
   one's place in its grid chunk (a whole number), so a sample's gain is
   the same wherever a span starts. A loop keeps at + lane as a vector
   (atl, from at_lanes), adding 8 a group: whole numbers below 2^24, so
   the same floats. */
static KATTR inline __attribute__((always_inline)) KF(vf) KF(at_lanes)(float at)
{
	const KF(vf) zero = { 0 };
	const KF(vf) lane = KLANES;
	return (zero + at) + lane;
}

static KATTR inline __attribute__((always_inline)) KF(vf)
KF(glinev)(float g0, float dg, KF(vf) atl)
{
	const KF(vf) zero = { 0 };
	return (zero + g0) + (zero + dg) * atl;
}

static KATTR inline __attribute__((always_inline)) KF(vf)
KF(gainv)(float g0, float dg, KF(vf) atl)
{
	const KF(vf) zero = { 0 };
	if (dg == 0.0f) /* a steady gain (g0 + 0 x is g0: the same value) */
		return zero + g0;
	return KF(glinev)(g0, dg, atl);
}

static KATTR inline __attribute__((always_inline)) KF(vf)
KF(gain)(float g0, float dg, float at)
{
	return KF(gainv)(g0, dg, KF(at_lanes)(at));
}

/* p[l] += v[l] (first: p[l] = v[l]) for the lanes lo <= l < hi of the KW
   lanes at p + half, lanes numbered from p (the others are written back
   unchanged, so the group may reach up to 7 floats either side of the
   samples it adds to: the callers' buffers have that slack). */
static KATTR inline __attribute__((always_inline)) void
KF(part)(float *p, KF(vf) v, uint32_t lo, uint32_t hi, uint32_t half, int first)
{
	KF(vi) mask, lm, hm;
	KF(vf) a;
	memcpy(&lm, kmask + 8 - lo + half, sizeof lm);
	memcpy(&hm, kmask + 16 - hi + half, sizeof hm);
	mask = lm & hm;
	a = KF(load)(p + half);
	KF(store)(p + half, (KF(vf))(((KF(vi))(first ? v : a + v) & mask) | ((KF(vi))a & ~mask)));
}

/* p[0..KW) += v, or = v (first: the first octave written into a sum this span
   stores, so the sums need no clearing; 0 + v is v but for the sign of a
   zero, which the output's flush of denormals makes +0 either way) */
static KATTR inline __attribute__((always_inline)) void KF(put)(float *p, KF(vf) v, int first)
{
	KF(store)(p, first ? v : KF(load)(p) + v);
}

/* the kernels, by what they do */
#include "kernel_seg.h"
#include "kernel_dense.h"
#include "kernel_out.h"
#include "kernel_plan.h"
#include "kernel_hold.h"
/* (kernel_out.h's shaping, which the plan's and hold's kernels use too) */
#undef kmode
#undef KW_OF
#undef KFINISH_MODES
#undef KCLAMP
#undef KCLAMPK

#undef KVEC
#undef KLANES
