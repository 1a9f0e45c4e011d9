/* kernel.h: the inner loops of plugin/render.c's render loop, written once with
   GCC/Clang vector extensions and included by kernels.c once per instruction
   set: KW float lanes, KF(name) the function names, KATTR the target
   attribute (empty for the baseline: SSE2 on x86-64, whatever the compiler
   has elsewhere; target("avx2") for the dispatched one).

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
   sample j steps after a ramp's anchor (perlin_ramp in dsp.h) has, in
   groups of 8 from the anchor, j = 8q + m,
       u(j) = (float)((a - 1/2) + q * 8 step) + mf[m],  mf[m] = (float)(m step)
   in the one-coordinate kernel (seg1) and the path kernel (seg2x); the
   table kernels (dense, and dense2 for a 2D path) use u(j) from
   (a + j step) per lane, in double. */

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
KF(gline)(float g0, float dg, float at)
{
	return KF(glinev)(g0, dg, KF(at_lanes)(at));
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

/* p[l] += v[l] (st: p[l] = v[l]) for the lanes lo <= l < hi of the KW
   lanes at p + half, lanes numbered from p (the others are written back
   unchanged, so the group may reach up to 7 floats either side of the
   samples it adds to: the callers' buffers have that slack). */
static KATTR inline __attribute__((always_inline)) void
KF(part)(float *p, KF(vf) v, uint32_t lo, uint32_t hi, uint32_t half, int st)
{
	KF(vi) mask, lm, hm;
	KF(vf) a;
	memcpy(&lm, kmask + 8 - lo + half, sizeof lm);
	memcpy(&hm, kmask + 16 - hi + half, sizeof hm);
	mask = lm & hm;
	a = KF(load)(p + half);
	KF(store)(p + half, (KF(vf))(((KF(vi))(st ? v : a + v) & mask) | ((KF(vi))a & ~mask)));
}

/* p[0..KW) += v, or = v (st: the first octave written into a sum this span
   stores, so the sums need no clearing; 0 + v is v but for the sign of a
   zero, which the output's flush of denormals makes +0 either way) */
static KATTR inline __attribute__((always_inline)) void KF(put)(float *p, KF(vf) v, int st)
{
	KF(store)(p, st ? v : KF(load)(p) + v);
}

/* The one-coordinate value as a polynomial in u, by Horner (k: 7
   coefficients, k[6] the highest): dst = value, or acc += value. */
#define KPOLY(u) \
	((((((k6 * (u) + k5) * (u) + k4) * (u) + k3) * (u) + k2) * (u) + k1) * (u) + k0)
/* Along a straight path through x and y (two), degree 11 (k0..k6, b7..b11,
   see seg2x). */
#define KPOLY11(u) \
	(((((((((((b11 * (u) + b10) * (u) + b9) * (u) + b8) * (u) + b7) * (u) + k6) * (u) + k5) * \
	        (u) + k4) * (u) + k3) * (u) + k2) * (u) + k1) * (u) + k0)
/* The same path kept as lines (two == 2, seg2l): A(u) + h(uy) B(u), A and
   B each a line plus h(u) times a line, h(u) computed once (28 operations
   a lane, but 8 coefficients that take a fifth of the work to make). */
static KATTR inline __attribute__((always_inline)) KF(vf)
KF(lines)(KF(vf) u, KF(vf) a0, KF(vf) a1, KF(vf) a2, KF(vf) a3, KF(vf) b0, KF(vf) b1,
          KF(vf) b2, KF(vf) b3, KF(vf) va, KF(vf) vb)
{
	const KF(vf) hu = KF(h)(u);
	return KF(line)(u, hu, a0, a1, a2, a3) + KF(h)(va * u + vb) * KF(line)(u, hu, b0, b1, b2, b3);
}
#define KVAL(u) (two == 1 ? KPOLY11(u) \
	: two == 2 ? KF(lines)((u), k0, k1, k2, k3, k4, k5, k6, b7, b8, b9) : KPOLY(u))
/* times the gain line, unless it is steady (then in the coefficients) */
#define KGAIN(v, at) (dg == 0.0f ? (v) : (v) * KF(gain)(g0, dg, (at)))

/* acc[i] += g(i) x the polynomial at u(j), for len samples of a ramp
   from step j (c: its 7 coefficients, from the lowest; a: the anchor's u;
   g: the gain line, see gain()). A group that the samples fill only in
   part (the first, if j is inside a group, and the last) is computed
   whole and added under a mask. */
static KATTR inline __attribute__((always_inline)) void
KF(seg1_body)(float *acc, uint32_t len, uint64_t j, double a, double step,
              const float mf[8], const float *c, float g0, float dg, uint32_t t0,
              int two, int st)
{
	const double step8 = step * 8.0;
	const KF(vf) zero = { 0 };
	/* a steady gain is folded into the coefficients (dg 0 is a constant
	   here: seg1 and seg2x call this once for it, once for a moving one) */
	const float gk = dg == 0.0f ? g0 : 1.0f;
	/* c: 7 coefficients (seg1), 12 (seg2x), or 8 and alpha, beta (seg2l) */
	const KF(vf) k0 = zero + c[0] * gk, k1 = zero + c[1] * gk, k2 = zero + c[2] * gk,
		k3 = zero + c[3] * gk, k4 = zero + c[4] * gk, k5 = zero + c[5] * gk,
		k6 = zero + c[6] * gk;
	const KF(vf) b7 = zero + (two ? c[7] * gk : 0.0f),
		b8 = zero + (two == 1 ? c[8] * gk : two == 2 ? c[8] : 0.0f),
		b9 = zero + (two == 1 ? c[9] * gk : two == 2 ? c[9] : 0.0f),
		b10 = zero + (two == 1 ? c[10] * gk : 0.0f), b11 = zero + (two == 1 ? c[11] * gk : 0.0f);
	const KF(vf) m0 = KF(load)(mf);
#if KW == 4
	const KF(vf) m1 = KF(load)(mf + 4);
#endif
	double qd = (double)(j >> 3); /* the group: exact below 2^53 */
	const uint32_t m = (uint32_t)(j & 7U);
	float *p = acc - m, *end;
	KF(vf) atv;
	if (m || len < 8U) { /* the first group, lanes m .. m + len */
		const uint32_t hi = len < 8U - m ? m + len : 8U;
		const float base = (float)(a + qd * step8);
		/* the group's lane 0 is span index -m (t0 >= m: the group lies
		   in the chunk) */
		KF(part)(p, KGAIN(KVAL(base + m0), (float)t0 - (float)m), m, hi, 0, st);
#if KW == 4
		KF(part)(p, KGAIN(KVAL(base + m1), (float)t0 - (float)m + 4.0f), m, hi, 4, st);
#endif
		p += 8;
		qd += 1.0;
	}
	if (p >= acc + len)
		return;
	end = p + (uint32_t)(acc + len - p) / 8U * 8U;
	atv = KF(at_lanes)((float)(t0 + (uint32_t)(p - acc))); /* (see gain()) */
#define KGV(v, atl) (dg == 0.0f ? (v) : (v) * KF(gainv)(g0, dg, (atl)))
#define KGROUP(p, qd) do { \
		const float base = (float)(a + (qd) * step8); \
		KF(put)((p), KGV(KVAL(base + m0), atv), st); \
		KGROUP_HI(p, base); \
		atv += 8.0f; \
	} while (0)
#if KW == 4
#define KGROUP_HI(p, base) KF(put)((p) + 4, KGV(KVAL((base) + m1), atv + 4.0f), st)
#else
#define KGROUP_HI(p, base) (void)0
#endif
	for (; p + 8 < end; p += 16, qd += 2.0) { /* two groups a turn */
		KGROUP(p, qd);
		KGROUP(p + 8, qd + 1.0);
	}
	if (p < end) {
		KGROUP(p, qd);
		p += 8;
		qd += 1.0;
	}
#undef KGV
#undef KGROUP
#undef KGROUP_HI
	if (p < acc + len) { /* the last group, lanes 0 .. acc + len - p */
		const uint32_t hi = (uint32_t)(acc + len - p);
		const float base = (float)(a + qd * step8);
		const uint32_t i = (uint32_t)(p - acc);
		KF(part)(p, KGAIN(KVAL(base + m0), (float)(t0 + i)), 0, hi, 0, st);
#if KW == 4
		KF(part)(p, KGAIN(KVAL(base + m1), (float)(t0 + i + 4)), 0, hi, 4, st);
#endif
	}
}

/* The outputs of an octave whose layers are all heard, at once (render.c,
   layer_gains), each as lines in u that share h(u) (and along a 2D path
   h(uy)), made once a group for all of them: along x (two 0) a layer's
   value is (k0 + k1 u) + h(u) (k2 u + k3), its cell's line (cell_line in
   coef.c: 6 operations a lane against Horner's 12); along a 2D path (two
   2) seg2l's lines (k0..k7; alpha and beta, the same for every layer, in
   c[0][8] and c[0][9]), the same float operations as KF(lines) (14
   against the polynomial's 22). Folded (blend 0): acc[l][i] += the value
   of c[l] (steady gains folded into the coefficients) at u(j). Blended
   (blend 1, gains moving): acc[l][i] += G0 P + GA Q_l, P the value of
   layer 0's c0 and Q_l of c[l], G0 and GA their gain lines (g0a + dga
   (at + lane) and g0b + dgb (...), at from the span's place t0 in its
   chunk, see gain()), P computed once for all four. */
static KATTR inline __attribute__((always_inline)) void
KF(segn_body)(float *const *acc_, uint32_t len, uint64_t j, double a, double step,
              const float mf[8], const float *const *c, const float *c0, float g0a, float dga,
              float g0b, float dgb, uint32_t t0, int two, int blend, int st, int gmov)
{
	/* the sums in locals: a store through acc[l] could change *acc_ */
	float *const acc[PERLIN_OUTPUTS] = { acc_[0], acc_[1], acc_[2], acc_[3] };
	const double step8 = step * 8.0;
	const KF(vf) zero = { 0 };
	const int nc = two ? 8 : 4;
	KF(vf) K[PERLIN_OUTPUTS + 1][8]; /* the outputs', then layer 0's */
	const KF(vf) va = zero + (two ? c[0][8] : 0.0f), vb = zero + (two ? c[0][9] : 0.0f);
	const KF(vf) m0 = KF(load)(mf);
#if KW == 4
	const KF(vf) m1 = KF(load)(mf + 4);
#endif
	double qd = (double)(j >> 3);
	const uint32_t m = (uint32_t)(j & 7U);
	int64_t o = -(int64_t)m; /* the group's lane 0, from acc[l] */
	int64_t end;
	KF(vf) atv;
	int l, n;
#pragma GCC unroll 5
	for (l = 0; l < PERLIN_OUTPUTS + blend; ++l)
#pragma GCC unroll 8
		for (n = 0; n < 8; ++n)
			K[l][n] = zero + (n < nc ? (l < PERLIN_OUTPUTS ? c[l][n] : c0[n]) : 0.0f);
	/* layer l's value from u, hu = h(u) and (two) hy = h(alpha u + beta) */
#define KVALN(l) (two ? KF(line)(u, hu, K[l][0], K[l][1], K[l][2], K[l][3]) + \
                        hy * KF(line)(u, hu, K[l][4], K[l][5], K[l][6], K[l][7]) \
                      : KF(line)(u, hu, K[l][0], K[l][1], K[l][2], K[l][3]))
	/* the values of a group at u from lane 0 at `at` in the chunk, into
	   v[]; the gain lines as gain() makes them (gmov: either moves; then
	   the other too is g0 + 0 x, which is g0: gains are never -0) */
#define KGROUPN(u_, atl) do { \
		const KF(vf) u = (u_), hu = KF(h)(u); \
		const KF(vf) hy = two ? KF(h)(va * u + vb) : zero; \
		if (blend) { \
			const KF(vf) ga = gmov ? KF(glinev)(g0a, dga, (atl)) : zero + g0a; \
			const KF(vf) gb = gmov ? KF(glinev)(g0b, dgb, (atl)) : zero + g0b; \
			const KF(vf) p0 = KVALN(PERLIN_OUTPUTS) * ga; \
			_Pragma("GCC unroll 4") \
			for (l = 0; l < PERLIN_OUTPUTS; ++l) \
				v[l] = p0 + gb * KVALN(l); \
		} else { \
			_Pragma("GCC unroll 4") \
			for (l = 0; l < PERLIN_OUTPUTS; ++l) \
				v[l] = KVALN(l); \
		} \
	} while (0)
	if (m || len < 8U) { /* the first group, lanes m .. m + len */
		const uint32_t hi = len < 8U - m ? m + len : 8U;
		const float base = (float)(a + qd * step8);
		KF(vf) v[PERLIN_OUTPUTS];
		KGROUPN(base + m0, KF(at_lanes)((float)((int64_t)t0 + o)));
#pragma GCC unroll 4
		for (l = 0; l < PERLIN_OUTPUTS; ++l)
			KF(part)(acc[l] + o, v[l], m, hi, 0, st);
#if KW == 4
		KGROUPN(base + m1, KF(at_lanes)((float)((int64_t)t0 + o + 4)));
#pragma GCC unroll 4
		for (l = 0; l < PERLIN_OUTPUTS; ++l)
			KF(part)(acc[l] + o, v[l], m, hi, 4, st);
#endif
		o += 8;
		qd += 1.0;
	}
	if (o >= (int64_t)len)
		return;
	end = o + ((int64_t)len - o) / 8 * 8;
	atv = KF(at_lanes)((float)((int64_t)t0 + o)); /* (see gain()) */
	for (; o < end; o += 8, qd += 1.0, atv += 8.0f) {
		const float base = (float)(a + qd * step8);
		KF(vf) v[PERLIN_OUTPUTS];
		KGROUPN(base + m0, atv);
#pragma GCC unroll 4
		for (l = 0; l < PERLIN_OUTPUTS; ++l)
			KF(put)(acc[l] + o, v[l], st);
#if KW == 4
		KGROUPN(base + m1, atv + 4.0f);
#pragma GCC unroll 4
		for (l = 0; l < PERLIN_OUTPUTS; ++l)
			KF(put)(acc[l] + o + 4, v[l], st);
#endif
	}
	if (o < (int64_t)len) { /* the last group, lanes 0 .. len - o */
		const uint32_t hi = (uint32_t)((int64_t)len - o);
		const float base = (float)(a + qd * step8);
		KF(vf) v[PERLIN_OUTPUTS];
		KGROUPN(base + m0, KF(at_lanes)((float)((int64_t)t0 + o)));
#pragma GCC unroll 4
		for (l = 0; l < PERLIN_OUTPUTS; ++l)
			KF(part)(acc[l] + o, v[l], 0, hi, 0, st);
#if KW == 4
		KGROUPN(base + m1, KF(at_lanes)((float)((int64_t)t0 + o + 4)));
#pragma GCC unroll 4
		for (l = 0; l < PERLIN_OUTPUTS; ++l)
			KF(part)(acc[l] + o, v[l], 0, hi, 4, st);
#endif
	}
#undef KGROUPN
#undef KVALN
}

#define KSEGN(name, form) \
	static KATTR void KF(name)(float *const *acc, uint32_t len, uint64_t j, double a, \
	                           double step, const float mf[8], const float *const *c, \
	                           const float *c0, float g0a, float dga, float g0b, float dgb, \
	                           uint32_t t0, int st) \
	{ \
		const int gmov = dga != 0.0f || dgb != 0.0f; \
		if (!c0 && st) \
			KF(segn_body)(acc, len, j, a, step, mf, c, NULL, 1.0f, 0.0f, 0.0f, 0.0f, t0, \
			              form, 0, 1, 0); \
		else if (!c0) \
			KF(segn_body)(acc, len, j, a, step, mf, c, NULL, 1.0f, 0.0f, 0.0f, 0.0f, t0, \
			              form, 0, 0, 0); \
		else if (st && gmov) \
			KF(segn_body)(acc, len, j, a, step, mf, c, c0, g0a, dga, g0b, dgb, t0, form, 1, \
			              1, 1); \
		else if (st) \
			KF(segn_body)(acc, len, j, a, step, mf, c, c0, g0a, dga, g0b, dgb, t0, form, 1, \
			              1, 0); \
		else if (gmov) \
			KF(segn_body)(acc, len, j, a, step, mf, c, c0, g0a, dga, g0b, dgb, t0, form, 1, \
			              0, 1); \
		else \
			KF(segn_body)(acc, len, j, a, step, mf, c, c0, g0a, dga, g0b, dgb, t0, form, 1, \
			              0, 0); \
	}
/* The two forms for the outputs of an octave whose layers are all heard
   (c0 NULL: folded; st: store, see put()). */
KSEGN(seg1n, 0)
KSEGN(seg2ln, 2)
#undef KSEGN

/* The entry points: seg1_body for one form (two), with a loop of its own
   for a steady gain and for a store (st, see put()), without the tests
   inside. */
#define KSEG(name, form) \
	static KATTR void KF(name)(float *acc, uint32_t len, uint64_t j, double a, double step, \
	                           const float mf[8], const float *c, float g0, float dg, \
	                           uint32_t t0, int st) \
	{ \
		if (dg == 0.0f && st) \
			KF(seg1_body)(acc, len, j, a, step, mf, c, g0, 0.0f, t0, form, 1); \
		else if (dg == 0.0f) \
			KF(seg1_body)(acc, len, j, a, step, mf, c, g0, 0.0f, t0, form, 0); \
		else if (st) \
			KF(seg1_body)(acc, len, j, a, step, mf, c, g0, dg, t0, form, 1); \
		else \
			KF(seg1_body)(acc, len, j, a, step, mf, c, g0, dg, t0, form, 0); \
	}

/* Along x alone: c the cell's 7 coefficients. */
KSEG(seg1, 0)

/* The 2D formula along a straight path, on the samples of the ramp that
   moves faster (the other a line of it: |alpha| <= 1; render.c puts the
   path on y's ramp when y moves faster): with uy = alpha ux + beta, the
   rows y0 and y1 blended along x (p, r) are each a line plus h(ux) times a
   line in ux, so the value (p + r) / 2 + h(uy) (r - p) is a polynomial of
   degree 11 in ux, evaluated by Horner like seg1 (c: 12 coefficients by
   powers of ux - uc, the segment's middle: coef.c's path_coef; a is the
   anchor's ux - uc). 22 operations a lane: as lines and fades it was 28,
   as two degree-6 polynomials 34. */
KSEG(seg2x, 1)

/* The same path as lines (see KF(lines); c: A's 4, B's 4, alpha, beta, a
   the anchor's ux): for short segments, where making the 12 coefficients
   would cost more than evaluating lines saves. */
KSEG(seg2l, 2)
#undef KSEG

#undef KPOLY
#undef KPOLY11
#undef KVAL
#undef KGAIN

#if KW == 4 /* (the 4-lane kernels read a cell's floats together; the 8-lane
	      ones a row per float: see pick and table2) */
/* The 4 lanes' rows of 4 floats at line + idx[lane], transposed: m[n]
   holds each lane's float n. */
static KATTR inline __attribute__((always_inline)) void
KF(rows)(const float *line, KF(vi) idx, KF(vf) m[4])
{
#if defined(__GNUC__) && !defined(__clang__)
	const KF(vi) lo = { 0, 4, 1, 5 }, hi = { 2, 6, 3, 7 };
	const KF(vi) first = { 0, 1, 4, 5 }, second = { 2, 3, 6, 7 };
	const KF(vf) r0 = KF(load)(line + idx[0]), r1 = KF(load)(line + idx[1]);
	const KF(vf) r2 = KF(load)(line + idx[2]), r3 = KF(load)(line + idx[3]);
	const KF(vf) t0 = __builtin_shuffle(r0, r1, lo), t1 = __builtin_shuffle(r2, r3, lo);
	const KF(vf) t2 = __builtin_shuffle(r0, r1, hi), t3 = __builtin_shuffle(r2, r3, hi);
	m[0] = __builtin_shuffle(t0, t1, first);
	m[1] = __builtin_shuffle(t0, t1, second);
	m[2] = __builtin_shuffle(t2, t3, first);
	m[3] = __builtin_shuffle(t2, t3, second);
#else
	unsigned l, n;
	for (l = 0; l < KW; ++l)
		for (n = 0; n < 4; ++n)
			m[n][l] = line[idx[l] + (int32_t)n];
#endif
}

/* The value along x at phases *tp (double lanes, >= 0) from a table of
   cell lines: lane by lane the cell floor(t) (c0: the table's first) and
   u = (t - floor t) - 1/2; the cell's line { m0, m1, D, E } (cell_line in
   coef.c, 4 floats a cell) is gathered and the value is
   m0 + m1 u + h(u) (D u + E). */
static KATTR inline KF(vf) KF(line_at)(const KF(vd) *tp, int32_t c0, const float *line)
{
	const KF(vd) t = *tp;
	const KF(vi) ci = __builtin_convertvector(t, KF(vi));
	const KF(vf) u = __builtin_convertvector(
		(t - __builtin_convertvector(ci, KF(vd))) - 0.5, KF(vf));
	KF(vf) m[4];
	KF(rows)(line, (ci - c0) * 4, m);
	return KF(line)(u, KF(h)(u), m[0], m[1], m[2], m[3]);
}

/* acc[i] += (st: =) line_at(a + j step), for len samples of a ramp from step j, in
   an octave whose cells are short (a few samples). The kernel table
   (kernels.c) uses this one on both paths. */
static KATTR void KF(dense)(float *acc, uint32_t len, uint64_t j, double a,
                            double step, int32_t c0, const float *line,
                            float g0, float dg, uint32_t t0, int st)
{
	KF(vd) vj;
	uint32_t i;
	unsigned l;
	for (l = 0; l < KW; ++l)
		vj[l] = (double)(j + l);
	for (i = 0; i < len; i += KW) { /* the last vector under a mask */
		const KF(vd) t = a + vj * step;
		const KF(vf) v = KF(line_at)(&t, c0, line) * KF(gain)(g0, dg, (float)(t0 + i));
		if (len - i >= KW)
			KF(put)(acc + i, v, st);
		else
			KF(part)(acc + i, v, 0, len - i, 0, st);
		vj += (double)KW;
	}
}
#endif

/* The 8-lane 2D kernel reads its tables a float's row at a time
   (table2, plugin/dsp_private.h): lane l's value is row[rel[l]]
   (rel below 8, or below 16 when wide), a load and a permute. */
#if KW == 8 && defined(__x86_64__) && defined(__GNUC__)
#define KSOA 1
static KATTR inline __attribute__((always_inline)) KF(vf)
KF(pick)(const float *row, __m256i rel, int wide)
{
	const __m256 lo = _mm256_permutevar8x32_ps(_mm256_loadu_ps(row), rel);
	__m256 hi;
	if (!wide)
		return (KF(vf))lo;
	hi = _mm256_permutevar8x32_ps(_mm256_loadu_ps(row + 8), rel);
	return (KF(vf))_mm256_blendv_ps(
		lo, hi, _mm256_castsi256_ps(_mm256_cmpgt_epi32(rel, _mm256_set1_epi32(7))));
}

typedef uint32_t KF(vu) KVEC(uint32_t, KW);

/* noise_hash (noise/noise.h) in every lane */
static KATTR inline __attribute__((always_inline)) KF(vu) KF(hash)(KF(vu) x)
{
	NOISE_HASH_STEPS(x);
	return x;
}

/* The gradient x or y (g: its 16 floats) and the value, times sc (s17:
   sc / 2^17), of the lattice points whose hashes are h, into rows
   DENSE2_STRIDE apart: what noise_octave_cells_2d's point_f makes of
   each. The gradient is g[h >> 28]: a permute of either half, picked by
   h's top bit. The value sc value_of(h), value_of(h) = ((h & 0xffff) +
   1/2) / 2^16 - 1/2 = (2 (h & 0xffff) - 65535) / 2^17 exactly, is the
   double product s17 (2 (h & 0xffff) - 65535) (the same real number,
   rounded once), then a float. */
static KATTR inline __attribute__((always_inline)) void
KF(corner)(KF(vu) h, const __m256 g[4], double s17, float *row)
{
	const __m256i hi = (__m256i)h, idx = _mm256_srli_epi32(hi, 28);
	const __m256 top = _mm256_castsi256_ps(hi);
	const __m256i k = _mm256_sub_epi32(_mm256_slli_epi32(_mm256_and_si256(hi,
		_mm256_set1_epi32(0xffff)), 1), _mm256_set1_epi32(65535));
	const __m256d sv = _mm256_set1_pd(s17);
	const __m128 lo = _mm256_cvtpd_ps(_mm256_mul_pd(_mm256_cvtepi32_pd(
		_mm256_castsi256_si128(k)), sv));
	const __m128 up = _mm256_cvtpd_ps(_mm256_mul_pd(_mm256_cvtepi32_pd(
		_mm256_extracti128_si256(k, 1)), sv));
	_mm256_storeu_ps(row, _mm256_blendv_ps(_mm256_permutevar8x32_ps(g[0], idx),
	                                       _mm256_permutevar8x32_ps(g[1], idx), top));
	_mm256_storeu_ps(row + DENSE2_STRIDE,
	                 _mm256_blendv_ps(_mm256_permutevar8x32_ps(g[2], idx),
	                                  _mm256_permutevar8x32_ps(g[3], idx), top));
	_mm256_storeu_ps(row + 2 * DENSE2_STRIDE, _mm256_set_m128(up, lo));
}

/* lerp2 (noise/noise.c) of the cells at t + rel[lane] (rows of
   DENSE2_STRIDE floats, see table2: corners 00, 10, 01, 11 each gx, gy,
   value) at fx, fy (fx1 = fx - 1, fy1 = fy - 1) with the fades sx, sy: the
   same float operations as the 4-lane kernel's */
static KATTR inline __attribute__((always_inline)) KF(vf)
KF(lerp2)(const float *t, __m256i rel, int wide, KF(vf) fx, KF(vf) fy, KF(vf) fx1, KF(vf) fy1,
          KF(vf) sx, KF(vf) sy)
{
#define KPICK(m) KF(pick)(t + (m) * (int)DENSE2_STRIDE, rel, wide)
	const KF(vf) n00 = (KPICK(0) * fx + KPICK(1) * fy) + KPICK(2);
	const KF(vf) n10 = (KPICK(3) * fx1 + KPICK(4) * fy) + KPICK(5);
	const KF(vf) e = n00 + sx * (n10 - n00);
	const KF(vf) n01 = (KPICK(6) * fx + KPICK(7) * fy1) + KPICK(8);
	const KF(vf) n11 = (KPICK(9) * fx1 + KPICK(10) * fy1) + KPICK(11);
	const KF(vf) f = n01 + sx * (n11 - n01);
#undef KPICK
	return e + sy * (f - e);
}

/* rows[m DENSE2_STRIDE + c] = float m of cell c of a 2D octave's n cells
   (and up to 7 more: the staircase's columns x and rows y have them, and
   the rows the room), as noise_octave_cells_2d makes them (12 a cell:
   corners 00, 10, 01, 11, each gradient x, gradient y, value, times sc;
   seed_hash the octave's, grads noise_gradients_2d's of sc, x parts then
   y parts), eight cells at a time, every corner hashed
   (the noise library takes shared ones from the cell before, which the
   lanes cannot). */
static KATTR void KF(table2)(uint32_t seed_hash, uint32_t period, const uint32_t *x,
                             const uint32_t *y, int32_t n, double sc, const float grads[32],
                             float *rows)
{
	const KF(vu) s = { 0 };
	const double s17 = sc * (1.0 / 131072.0);
	__m256 g[4];
	int32_t c;
	g[0] = _mm256_loadu_ps(grads);
	g[1] = _mm256_loadu_ps(grads + 8);
	g[2] = _mm256_loadu_ps(grads + 16);
	g[3] = _mm256_loadu_ps(grads + 24);
	for (c = 0; c < n; c += 8) {
		KF(vu) cx, cx1, cy;
		memcpy(&cx, x + c, sizeof cx);
		memcpy(&cy, y + c, sizeof cy);
		/* the next column: x + 1, 0 at the period (as without one, at
		   2^32) */
		cx1 = cx + 1U;
		cx1 &= ~(KF(vu))(cx1 == (s + period));
		{
			const KF(vu) h0 = KF(hash)(cx ^ (s + seed_hash)), h1 = KF(hash)(cx1 ^ (s + seed_hash));
			float *q = rows + c;
			KF(corner)(KF(hash)(h0 ^ cy), g, s17, q);
			KF(corner)(KF(hash)(h1 ^ cy), g, s17, q + 3 * DENSE2_STRIDE);
			KF(corner)(KF(hash)(h0 ^ (cy + 1U)), g, s17, q + 6 * DENSE2_STRIDE);
			KF(corner)(KF(hash)(h1 ^ (cy + 1U)), g, s17, q + 9 * DENSE2_STRIDE);
		}
	}
}
#else
#define KSOA 0
#endif

/* acc[l][i] += (st[l]: =) g(i) x a 2D octave along path p
   (dsp_private.h) for len samples, for nl layers l, their cells from the
   tables tab[l] (cells.c's cell_table2: 12 floats a cell, corners 00, 10,
   01, 11 each gx, gy, value, scaled; with 8 lanes a row per float, see
   table2) and g layer 0's gain line (g0a,
   dga), the others' (g0b, dgb): lane by lane the cells of
   tx = ax + (jx + i) sx and ty likewise, their number in the staircase,
   the place in the cell, and the fades (made once for every layer), then
   each layer's value by the noise library's formula (lerp2 in
   noise/noise.c) in float. */
static KATTR inline __attribute__((always_inline)) void
KF(dense2_body)(float *const *acc_, uint32_t len, const dense_path *p, const float *const *tab_,
                float g0a, float dga, float g0b, float dgb, uint32_t t0, const int *st_,
                const int nl, const int back, const int steady)
{
	/* the pointers in locals: a store through acc[l] could change them */
	float *acc[PERLIN_LAYERS];
	const float *tab[PERLIN_LAYERS];
	int st[PERLIN_LAYERS];
	const KF(vi) zi = { 0 };
	/* the cells as cells.c's cell_at has them: t truncated, every step
	   forwards (t >= 0), else t + DENSE2_BIAS (above 0) truncated */
	const double bias = back ? DENSE2_BIAS : 0.0;
	const KF(vi) cx0 = zi + (p->cx0 + (int32_t)bias);
	const KF(vi) cy0 = zi + (p->cy0 + (int32_t)bias);
	const KF(vi) mx = zi + p->mx, my = zi + p->my;
	const KF(vd) zd = { 0 };
	const KF(vf) zf = { 0 };
	const KF(vd) lane = KLANES;
	/* j + i + lane as doubles: exact (below 2^53) */
	double jx = (double)p->jx, jy = (double)p->jy;
	uint32_t i;
	int l;
	for (l = 0; l < nl; ++l) {
		acc[l] = acc_[l];
		tab[l] = tab_[l];
		st[l] = st_[l];
	}
	for (i = 0; i < len; i += KW, jx += (double)KW, jy += (double)KW) {
		/* (the last vector under a mask) */
		const KF(vd) tx = p->ax + ((zd + jx) + lane) * p->sx;
		const KF(vd) ty = p->ay + ((zd + jy) + lane) * p->sy;
		/* (t + 0 is t, and so is c - 0: forwards, the same values
		   without the bias) */
		const KF(vi) cx = __builtin_convertvector(back ? tx + bias : tx, KF(vi));
		const KF(vi) cy = __builtin_convertvector(back ? ty + bias : ty, KF(vi));
		const KF(vd) fxd = __builtin_convertvector(cx, KF(vd));
		const KF(vd) fyd = __builtin_convertvector(cy, KF(vd));
		/* u = t - floor t - 1/2 (in double), and t - floor t as u + 1/2 */
		const KF(vf) ux = __builtin_convertvector(
			(tx - (back ? fxd - bias : fxd)) - 0.5, KF(vf));
		const KF(vf) uy = __builtin_convertvector(
			(ty - (back ? fyd - bias : fyd)) - 0.5, KF(vf));
		const KF(vf) fx = ux + 0.5f, fy = uy + 0.5f, fx1 = ux - 0.5f, fy1 = uy - 0.5f;
		/* the fades as 1/2 + h(u): small terms, so within 1e-7 */
		const KF(vf) sx = KF(h)(ux) + 0.5f, sy = KF(h)(uy) + 0.5f;
		/* |cx - cx0| + |cy - cy0| (m: 0, or -1 to negate) */
		const KF(vi) dx = cx - cx0, dy = cy - cy0;
		const KF(vi) nc = back ? ((dx ^ mx) - mx) + ((dy ^ my) - my) : dx + dy;
#if KSOA
		/* the lanes' cells from lane 0's on: the path goes on through the
		   staircase, so up to 14 on (each sample crosses at most one x
		   and one y edge) */
		const int32_t n0 = nc[0];
		const __m256i rel = (__m256i)(nc - n0);
		const int wide = nc[KW - 1] - n0 >= 8;
#else
		const KF(vi) n = nc * 12;
#endif
		/* (steady: both gains, as gain() has them) */
		const KF(vf) ga = steady ? zf + g0a : KF(gain)(g0a, dga, (float)(t0 + i));
		const KF(vf) gb = nl == 1 ? ga : steady ? zf + g0b : KF(gain)(g0b, dgb, (float)(t0 + i));
#pragma GCC unroll 5
		for (l = 0; l < nl; ++l) {
#if KSOA
			/* (a copy of the formula for either way of picking: each
			   corner's three floats are used as soon as they are read) */
			const float *t = tab[l] + n0;
			const KF(vf) w = wide ? KF(lerp2)(t, rel, 1, fx, fy, fx1, fy1, sx, sy)
			                      : KF(lerp2)(t, rel, 0, fx, fy, fx1, fy1, sx, sy);
#else
			KF(vf) a[4], b[4], c[4], w;
			KF(rows)(tab[l], n, a);
			KF(rows)(tab[l] + 4, n, b);
			KF(rows)(tab[l] + 8, n, c);
			{
				const KF(vf) n00 = (a[0] * fx + a[1] * fy) + a[2];
				const KF(vf) n10 = (a[3] * fx1 + b[0] * fy) + b[1];
				const KF(vf) n01 = (b[2] * fx + b[3] * fy1) + c[0];
				const KF(vf) n11 = (c[1] * fx1 + c[2] * fy1) + c[3];
				const KF(vf) e = n00 + sx * (n10 - n00), f = n01 + sx * (n11 - n01);
				w = e + sy * (f - e);
			}
#endif
			{
				const KF(vf) v = w * (l ? gb : ga);
				if (len - i >= KW)
					KF(put)(acc[l] + i, v, st[l]);
				else
					KF(part)(acc[l] + i, v, 0, len - i, 0, st[l]);
			}
		}
	}
}

/* One layer (g0, dg its gain line), and every layer at once: a loop each
   for paths that go back and for steady gains. */
#define KDENSE2(acc, tab, g0a, dga, g0b, dgb, st, nl) do { \
		const int steady_ = dga == 0.0f && dgb == 0.0f; \
		if (p->mx || p->my) { \
			if (steady_) \
				KF(dense2_body)(acc, len, p, tab, g0a, dga, g0b, dgb, t0, st, nl, 1, 1); \
			else \
				KF(dense2_body)(acc, len, p, tab, g0a, dga, g0b, dgb, t0, st, nl, 1, 0); \
		} else if (steady_) { \
			KF(dense2_body)(acc, len, p, tab, g0a, dga, g0b, dgb, t0, st, nl, 0, 1); \
		} else { \
			KF(dense2_body)(acc, len, p, tab, g0a, dga, g0b, dgb, t0, st, nl, 0, 0); \
		} \
	} while (0)
static KATTR void KF(dense2)(float *acc, uint32_t len, const dense_path *p, const float *tab,
                             float g0, float dg, uint32_t t0, int st)
{
	KDENSE2(&acc, &tab, g0, dg, 0.0f, 0.0f, &st, 1);
}

static KATTR void KF(dense2n)(float *const *acc, uint32_t len, const dense_path *p,
                              const float *const *tab, float g0a, float dga, float g0b,
                              float dgb, uint32_t t0, const int *st)
{
	KDENSE2(acc, tab, g0a, dga, g0b, dgb, st, PERLIN_LAYERS);
}
#undef KDENSE2
#undef KSOA

/* v clamped into [-1, 1] (never NaN here), as the scalar kclamp */
#if defined(__SSE2__) && KW == 4
#define KCLAMP(v) _mm_min_ps(_mm_max_ps((v), mone), one)
#elif defined(__x86_64__) && KW == 8
#define KCLAMP(v) _mm256_min_ps(_mm256_max_ps((v), mone), one)
#else
#define KCLAMP(v) KF(clamp)(v, mone, one)
static KATTR inline KF(vf) KF(clamp)(KF(vf) v, KF(vf) mone, KF(vf) one)
{
	const KF(vi) lo = v < mone, hi = v > one;
	return (KF(vf))(((KF(vi))v & ~(lo | hi)) | ((KF(vi))mone & lo) | ((KF(vi))one & hi));
}
#endif

/* How finish() makes w = clamp(offset + depth s) from the shape s of a
   sample, every way the same value: with the depth and offset lines
   moving (KMOVE) or steady (KSTEADY) as written; steady with
   fl(|offset| + |depth|) <= 1 without the clamp (KBOUNDED), since
   |fl(depth s)| <= |depth| for |s| <= 1 (the float shape of a z in
   [-1, 1] is in [-1, 1]: checked for every float) and rounding is
   monotonic, so |fl(offset + fl(depth s))| <= fl(|offset| + |depth|) <= 1
   and the clamp would return its input; with depth 1 and offset 0 as s
   (KUNIT: 1 s is s, and 0 + s is s but for a zero's sign, which the
   flush of denormals masks). */
#ifndef KMODES
#define KMODES
enum { KMOVE, KSTEADY, KBOUNDED, KUNIT };
#endif
static KATTR inline int KF(kmode_)(float depth, float ddepth, float offset, float doffset)
{
	if (ddepth != 0.0f || doffset != 0.0f)
		return KMOVE;
	if (depth == 1.0f && offset == 0.0f)
		return KUNIT;
	return fabsf(offset) + fabsf(depth) <= 1.0f ? KBOUNDED : KSTEADY;
}
#define kmode KF(kmode_)
#define KW_OF(s, dv, ov, mode) ((mode) == KUNIT ? (s) : (mode) == KBOUNDED ? (ov) + (dv) * (s) \
                                : (KF(vf))KCLAMP((ov) + (dv) * (s)))

/* out[i] = clamp(offset + depth shape(z[i])), z = acc, or acc + plus
   (an output's own layer; plus NULL: none); returns the last value.
   Depth and offset are lines: depth + ddepth (t0 + i), t0 the first
   sample's place in its grid chunk (as the gain lines, see gain()). */
static KATTR inline __attribute__((always_inline)) float
KF(finish_body)(const float *acc, const float *plus, float *out, uint32_t len, float depth,
                float ddepth, float offset, float doffset, uint32_t t0, int mode)
{
	uint32_t i = 0;
	float y = 0.0f;
	if (out && len >= KW) {
		const KF(vf) zero = { 0 };
		const KF(vf) one = zero + 1.0f, mone = zero - 1.0f;
		const KF(vf) d0 = zero + depth, o0 = zero + offset;
		/* w = clamp(o + d shape(clamp(z))) (see kmode); denormals out
		   as 0, as kfinish1 (|w| below FLT_MIN, the sign bit masked off) */
		KF(vf) atv = KF(at_lanes)((float)t0); /* (see gain()) */
		for (; i + KW <= len; i += KW, atv += (float)KW) {
			const KF(vf) dv = mode == KMOVE ? KF(gainv)(depth, ddepth, atv) : d0;
			const KF(vf) ov = mode == KMOVE ? KF(gainv)(offset, doffset, atv) : o0;
			const KF(vf) z = KCLAMP(plus ? KF(load)(acc + i) + KF(load)(plus + i)
			                             : KF(load)(acc + i));
			const KF(vf) w = KW_OF(z * (1.5f - 0.5f * z * z), dv, ov, mode);
			KF(store)(out + i, KF(flush)(w));
		}
	}
	for (; i < len; ++i) {
		const float at = (float)(t0 + i);
		y = kfinish1(plus ? acc[i] + plus[i] : acc[i], depth + ddepth * at,
		             offset + doffset * at);
		if (out)
			out[i] = y;
	}
	return len ? (out ? out[len - 1] : y) : 0.0f;
}

/* finish_body for acc alone or with plus, and each kmode: a loop each,
   without the tests inside */
#define KFINISH_MODES(call, ...) do { \
		switch (kmode(depth, ddepth, offset, doffset)) { \
		case KUNIT: call(__VA_ARGS__, KUNIT); break; \
		case KBOUNDED: call(__VA_ARGS__, KBOUNDED); break; \
		case KSTEADY: call(__VA_ARGS__, KSTEADY); break; \
		default: call(__VA_ARGS__, KMOVE); break; \
		} \
	} while (0)
#define KFIN(...) (y = KF(finish_body)(__VA_ARGS__))

static KATTR float KF(finish)(const float *acc, const float *plus, float *out, uint32_t len,
                              float depth, float ddepth, float offset, float doffset,
                              uint32_t t0)
{
	float y;
	if (plus)
		KFINISH_MODES(KFIN, acc, plus, out, len, depth, ddepth, offset, doffset, t0);
	else
		KFINISH_MODES(KFIN, acc, NULL, out, len, depth, ddepth, offset, doffset, t0);
	return y;
}
#undef KFIN

/* finish() of PERLIN_OUTPUTS outputs at once, out[o] from acc + plus[o]
   (every out[o] non-NULL; acc NULL: a sum nothing was added to, as zeros,
   so 0 + plus[o], the same operation): acc loaded once a group for all of
   them; the same float operations per sample as finish(), so the same
   values. last[o]: each output's last value. */
static KATTR inline __attribute__((always_inline)) void
KF(finish4_body)(const float *acc, const float *const *plus_, float *const *out_, uint32_t len,
                 float depth, float ddepth, float offset, float doffset, uint32_t t0,
                 float *last, int none, int mode)
{
	/* the pointers in locals: a store through out[o] could change *out_ */
	const float *plus[PERLIN_OUTPUTS];
	float *out[PERLIN_OUTPUTS];
	uint32_t i = 0;
	int o;
	for (o = 0; o < PERLIN_OUTPUTS; ++o) {
		plus[o] = plus_[o];
		out[o] = out_[o];
	}
	if (len >= KW) {
		const KF(vf) zero = { 0 };
		const KF(vf) one = zero + 1.0f, mone = zero - 1.0f;
		const KF(vf) d0 = zero + depth, o0 = zero + offset;
		KF(vf) atv = KF(at_lanes)((float)t0); /* (see gain()) */
		for (; i + KW <= len; i += KW, atv += (float)KW) {
			/* (steady: the same values, made once) */
			const KF(vf) dv = mode == KMOVE ? KF(gainv)(depth, ddepth, atv) : d0;
			const KF(vf) ov = mode == KMOVE ? KF(gainv)(offset, doffset, atv) : o0;
			const KF(vf) s = none ? zero : KF(load)(acc + i);
#pragma GCC unroll 4
			for (o = 0; o < PERLIN_OUTPUTS; ++o) {
				/* (none: 0 + p is p but for a zero's sign, which the
				   shape keeps and the flush masks) */
				const KF(vf) p = KF(load)(plus[o] + i);
				const KF(vf) z = KCLAMP(none ? p : s + p);
				const KF(vf) w = KW_OF(z * (1.5f - 0.5f * z * z), dv, ov, mode);
				KF(store)(out[o] + i, KF(flush)(w));
			}
		}
	}
	for (; i < len; ++i) {
		const float at = (float)(t0 + i);
		for (o = 0; o < PERLIN_OUTPUTS; ++o)
			out[o][i] = kfinish1((none ? 0.0f : acc[i]) + plus[o][i], depth + ddepth * at,
			                     offset + doffset * at);
	}
	for (o = 0; o < PERLIN_OUTPUTS; ++o)
		last[o] = len ? out[o][len - 1] : 0.0f;
}

static KATTR void KF(finish4)(const float *acc, const float *const *plus, float *const *out,
                              uint32_t len, float depth, float ddepth, float offset,
                              float doffset, uint32_t t0, float *last)
{
	if (acc)
		KFINISH_MODES(KF(finish4_body), acc, plus, out, len, depth, ddepth, offset, doffset,
		              t0, last, 0);
	else
		KFINISH_MODES(KF(finish4_body), NULL, plus, out, len, depth, ddepth, offset, doffset,
		              t0, last, 1);
}

/* The crossfade's last step: out[i] = clamp(offset + depth (b + s (a -
   b))), a and b the two voices' shaped sums (now, was) and s the
   smoothstep of (f0 + i) inv_n; returns the last value (depth and offset
   lines as in finish). The scalar twin kmix1 (kernels.c) does the same
   float operations, so the lane width never shows. */
static KATTR float KF(mix)(const float *now, const float *was, float *out, uint32_t len,
                           float f0, float inv_n, float depth, float ddepth, float offset,
                           float doffset, uint32_t t0)
{
	uint32_t i = 0;
	float y = 0.0f;
	if (out && len >= KW) {
		const KF(vf) zero = { 0 };
		const KF(vf) one = zero + 1.0f, mone = zero - 1.0f;
		const KF(vf) lane = KLANES;
		/* the fade's samples (f0 + i) + lane as a vector, whole numbers: the
		   same floats */
		KF(vf) fv = (zero + f0) + lane;
		KF(vf) atv = KF(at_lanes)((float)t0); /* (see gain()) */
		for (; i + KW <= len; i += KW, atv += (float)KW, fv += (float)KW) {
			const KF(vf) za = KCLAMP(KF(load)(now + i)), zb = KCLAMP(KF(load)(was + i));
			const KF(vf) a = za * (1.5f - 0.5f * za * za), b = zb * (1.5f - 0.5f * zb * zb);
			const KF(vf) f = fv * inv_n;
			const KF(vf) sm = f * f * (3.0f - 2.0f * f);
			const KF(vf) dv = KF(gainv)(depth, ddepth, atv);
			const KF(vf) ov = KF(gainv)(offset, doffset, atv);
			const KF(vf) w = KCLAMP(ov + dv * (b + sm * (a - b)));
			KF(store)(out + i, KF(flush)(w));
		}
	}
	for (; i < len; ++i) {
		const float at = (float)(t0 + i);
		y = kmix1(now[i], was[i], f0 + (float)i, inv_n, depth + ddepth * at,
		          offset + doffset * at);
		if (out)
			out[i] = y;
	}
	return len ? (out ? out[len - 1] : y) : 0.0f;
}

/* a[i] += b[i] (an output's own layer onto the shared one) */
static KATTR void KF(add)(float *a, const float *b, uint32_t len)
{
	uint32_t i = 0;
	for (; i + KW <= len; i += KW)
		KF(store)(a + i, KF(load)(a + i) + KF(load)(b + i));
	for (; i < len; ++i)
		a[i] += b[i];
}

#undef KVEC
#undef KLANES
#undef kmode
#undef KW_OF
#undef KFINISH_MODES
#undef KCLAMP
