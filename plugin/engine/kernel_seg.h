/* kernel_seg.h (included by kernel.h, once per lane width): the segment
   kernels, an octave's value along a ramp from its cell's coefficients:
   seg1 (a degree-6 polynomial along x), seg2x (a 2D path's degree-11
   polynomial), seg2l (the same path as lines), and seg1n and seg2ln, the
   outputs of an octave whose layers are all heard, at once.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */

/* The one-coordinate value as a polynomial in u, by Horner (k: 7
   coefficients, k[6] the highest): dst = value, or acc += value. */
#define KPOLY(u) \
	((((((k6 * (u) + k5) * (u) + k4) * (u) + k3) * (u) + k2) * (u) + k1) * (u) + k0)
/* Along a straight path through x and y (seg_kind 1), degree 11 (k0..k6, b7..b11,
   see seg2x). */
#define KPOLY11(u) \
	(((((((((((b11 * (u) + b10) * (u) + b9) * (u) + b8) * (u) + b7) * (u) + k6) * (u) + k5) * \
	        (u) + k4) * (u) + k3) * (u) + k2) * (u) + k1) * (u) + k0)
/* The same path kept as lines (seg_kind == 2, seg2l): A(u) + h(uy) B(u), A and
   B each a line plus h(u) times a line, h(u) computed once, both fades as
   h6 = h / 6 with the 6 in the coefficients (26 operations a lane, but 8
   coefficients that take a fifth of the work to make). */
static KATTR inline __attribute__((always_inline)) KF(vf)
KF(lines)(KF(vf) u, KF(vf) a0, KF(vf) a1, KF(vf) a2, KF(vf) a3, KF(vf) b0, KF(vf) b1,
          KF(vf) b2, KF(vf) b3, KF(vf) va, KF(vf) vb)
{
	const KF(vf) hu = KF(h6)(u);
	return KF(line)(u, hu, a0, a1, a2, a3) + KF(h6)(va * u + vb) * KF(line)(u, hu, b0, b1, b2, b3);
}
#define KVAL(u) (seg_kind == 1 ? KPOLY11(u) \
	: seg_kind == 2 ? KF(lines)((u), k0, k1, k2, k3, k4, k5, k6, b7, b8, b9) : KPOLY(u))
/* times the gain line, unless it is steady (then in the coefficients) */
#define KGAIN(v, at) (dg == 0.0f ? (v) : (v) * KF(gain)(g0, dg, (at)))

/* acc[i] += g(i) x the polynomial at u(j), for len samples of a ramp
   from step j (c: its 7 coefficients, from the lowest; a: the anchor's u;
   g: the gain line, see gain()). A group that the samples fill only in
   part (the first, if j is inside a group, and the last) is computed
   whole and added under a mask. */
static KATTR inline __attribute__((always_inline)) void
KF(seg1_body)(float *acc, kernel_span s, kernel_ramp r, const float *c, kernel_line g,
              int seg_kind, int first)
{
	const uint32_t len = s.len, t0 = s.t0;
	const uint64_t j = r.j;
	const double a = r.a, step = r.step;
	const float *const mf = r.mf, g0 = g.v0, dg = g.dv;
	const double step8 = step * 8.0;
	const KF(vf) zero = { 0 };
	/* a steady gain is folded into the coefficients (dg 0 is a constant
	   here: seg1 and seg2x call this once for it, once for a moving one) */
	const float gk = dg == 0.0f ? g0 : 1.0f;
	/* c: 7 coefficients (seg1), 12 (seg2x), or 8 and alpha, beta (seg2l) */
	const KF(vf) k0 = zero + c[0] * gk, k1 = zero + c[1] * gk, k2 = zero + c[2] * gk,
		k3 = zero + c[3] * gk, k4 = zero + c[4] * gk, k5 = zero + c[5] * gk,
		k6 = zero + c[6] * gk;
	const KF(vf) b7 = zero + (seg_kind ? c[7] * gk : 0.0f),
		b8 = zero + (seg_kind == 1 ? c[8] * gk : seg_kind == 2 ? c[8] : 0.0f),
		b9 = zero + (seg_kind == 1 ? c[9] * gk : seg_kind == 2 ? c[9] : 0.0f),
		b10 = zero + (seg_kind == 1 ? c[10] * gk : 0.0f), b11 = zero + (seg_kind == 1 ? c[11] * gk : 0.0f);
	const KF(vf) m0 = KF(load)(mf);
#if KW == 4
	const KF(vf) m1 = KF(load)(mf + 4);
#endif
	double qd = (double)(int64_t)(j >> 3); /* the group: exact below 2^53 */
	const uint32_t m = (uint32_t)(j & 7U);
	float *p = acc - m, *end;
	KF(vf) atv;
	if (m || len < 8U) { /* the first group, lanes m .. m + len */
		const uint32_t hi = len < 8U - m ? m + len : 8U;
		const float base = (float)(a + qd * step8);
		/* the group's lane 0 is span index -m (t0 >= m: the group lies
		   in the chunk) */
#if KW == 4 /* (a half with no lane to write is left out) */
		if (m < 4U)
			KF(part)(p, KGAIN(KVAL(base + m0), (float)t0 - (float)m), m, hi, 0, first);
		if (hi > 4U)
			KF(part)(p, KGAIN(KVAL(base + m1), (float)t0 - (float)m + 4.0f), m, hi, 4, first);
#else
		KF(part)(p, KGAIN(KVAL(base + m0), (float)t0 - (float)m), m, hi, 0, first);
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
		KF(put)((p), KGV(KVAL(base + m0), atv), first); \
		KGROUP_HI(p, base); \
		atv += 8.0f; \
	} while (0)
#if KW == 4
#define KGROUP_HI(p, base) KF(put)((p) + 4, KGV(KVAL((base) + m1), atv + 4.0f), first)
#else
#define KGROUP_HI(p, base) (void)0
#endif
	for (; p + 8 < end; p += 16, qd += 2.0) { /* seg_kind groups a turn */
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
		KF(part)(p, KGAIN(KVAL(base + m0), (float)(t0 + i)), 0, hi, 0, first);
#if KW == 4
		if (hi > 4U)
			KF(part)(p, KGAIN(KVAL(base + m1), (float)(t0 + i + 4)), 0, hi, 4, first);
#endif
	}
}

/* The outputs of an octave whose layers are all heard, at once (render.c,
   layer_gains), each as lines in u that share h(u) (and along a 2D path
   h(uy)), made once a group for all of them: along x (seg_kind 0) a layer's
   value is (k0 + k1 u) + h(u) (k2 u + k3), its cell's line (cell_line in
   coef.c: 6 operations a lane against Horner's 12); along a 2D path (seg_kind
   2) seg2l's lines (k0..k7; alpha and beta, the same for every layer, in
   c[0][8] and c[0][9]), the same float operations as KF(lines) (14
   against the polynomial's 22). Folded (gains KGAINS_FOLDED): acc[l][i]
   += the value of c[l] (steady gains folded into the coefficients) at
   u(j). Blended (KGAINS_STEADY, or KGAINS_MOVING: either gain line
   moves): acc[l][i] += G0 P + GA Q_l, P the value of layer 0's c0 and
   Q_l of c[l], G0 and GA their gain lines (g0a + dga (at + lane) and
   g0b + dgb (...), at from the span's place t0 in its chunk, see
   gain()), P computed once for all four. */
#ifndef KGAINS
#define KGAINS
enum { KGAINS_FOLDED, KGAINS_STEADY, KGAINS_MOVING };
#endif
static KATTR inline __attribute__((always_inline)) void
KF(segn_body)(float *const *acc_, kernel_span s, kernel_ramp r, const float *const *c,
              const float *c0, kernel_line ga_, kernel_line gb_, int seg_kind, int gains,
              int first)
{
	const int blend = gains != KGAINS_FOLDED, gmov = gains == KGAINS_MOVING;
	const uint32_t len = s.len, t0 = s.t0;
	const uint64_t j = r.j;
	const double a = r.a, step = r.step;
	const float *const mf = r.mf, g0a = ga_.v0, dga = ga_.dv, g0b = gb_.v0, dgb = gb_.dv;
	/* the sums in locals: a store through acc[l] could change *acc_ */
	float *const acc[PERLIN_OUTPUTS] = { acc_[0], acc_[1], acc_[2], acc_[3] };
	const double step8 = step * 8.0;
	const KF(vf) zero = { 0 };
	const int nc = seg_kind ? 8 : 4;
	KF(vf) K[PERLIN_OUTPUTS + 1][8]; /* the outputs', then layer 0's */
	const KF(vf) va = zero + (seg_kind ? c[0][8] : 0.0f), vb = zero + (seg_kind ? c[0][9] : 0.0f);
	const KF(vf) m0 = KF(load)(mf);
#if KW == 4
	const KF(vf) m1 = KF(load)(mf + 4);
#endif
	double qd = (double)(int64_t)(j >> 3);
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
	/* layer l's value from u, hu = h(u) and (seg_kind) hy = h(alpha u + beta) */
#define KVALN(l) (seg_kind ? KF(line)(u, hu, K[l][0], K[l][1], K[l][2], K[l][3]) + \
                        hy * KF(line)(u, hu, K[l][4], K[l][5], K[l][6], K[l][7]) \
                      : KF(line)(u, hu, K[l][0], K[l][1], K[l][2], K[l][3]))
	/* the values of a group at u from lane 0 at `at` in the chunk, into
	   v[]; the gain lines as gain() makes them (gmov: either moves; then
	   the other too is g0 + 0 x, which is g0: gains are never -0) */
#define KGROUPN(u_, atl) do { \
		const KF(vf) u = (u_), hu = seg_kind ? KF(h6)(u) : KF(h)(u); \
		const KF(vf) hy = seg_kind ? KF(h6)(va * u + vb) : zero; \
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
#if KW == 4 /* (a half with no lane to write is left out) */
		if (m < 4U) {
#endif
		KGROUPN(base + m0, KF(at_lanes)((float)((int64_t)t0 + o)));
#pragma GCC unroll 4
		for (l = 0; l < PERLIN_OUTPUTS; ++l)
			KF(part)(acc[l] + o, v[l], m, hi, 0, first);
#if KW == 4
		}
		if (hi > 4U) {
			KGROUPN(base + m1, KF(at_lanes)((float)((int64_t)t0 + o + 4)));
#pragma GCC unroll 4
			for (l = 0; l < PERLIN_OUTPUTS; ++l)
				KF(part)(acc[l] + o, v[l], m, hi, 4, first);
		}
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
			KF(put)(acc[l] + o, v[l], first);
#if KW == 4
		KGROUPN(base + m1, atv + 4.0f);
#pragma GCC unroll 4
		for (l = 0; l < PERLIN_OUTPUTS; ++l)
			KF(put)(acc[l] + o + 4, v[l], first);
#endif
	}
	if (o < (int64_t)len) { /* the last group, lanes 0 .. len - o */
		const uint32_t hi = (uint32_t)((int64_t)len - o);
		const float base = (float)(a + qd * step8);
		KF(vf) v[PERLIN_OUTPUTS];
		KGROUPN(base + m0, KF(at_lanes)((float)((int64_t)t0 + o)));
#pragma GCC unroll 4
		for (l = 0; l < PERLIN_OUTPUTS; ++l)
			KF(part)(acc[l] + o, v[l], 0, hi, 0, first);
#if KW == 4
		if (hi > 4U) {
			KGROUPN(base + m1, KF(at_lanes)((float)((int64_t)t0 + o + 4)));
#pragma GCC unroll 4
			for (l = 0; l < PERLIN_OUTPUTS; ++l)
				KF(part)(acc[l] + o, v[l], 0, hi, 4, first);
		}
#endif
	}
#undef KGROUPN
#undef KVALN
}

#define KSEGN(name, kind) \
	static KATTR void KF(name)(float *const *acc, kernel_span s, const perlin_ramp *r, \
	                           const float *const *c, const float *c0, \
	                           const kernel_line g[2], int first) \
	{ \
		const kernel_ramp at = { r->j, r->a - 0.5, r->step, r->mf }; \
		const kernel_line one = { 1.0f, 0.0f }, none = { 0.0f, 0.0f }; \
		const int gmov = g[0].dv != 0.0f || g[1].dv != 0.0f; \
		if (!c0 && first) \
			KF(segn_body)(acc, s, at, c, NULL, one, none, kind, KGAINS_FOLDED, 1); \
		else if (!c0) \
			KF(segn_body)(acc, s, at, c, NULL, one, none, kind, KGAINS_FOLDED, 0); \
		else if (first && gmov) \
			KF(segn_body)(acc, s, at, c, c0, g[0], g[1], kind, KGAINS_MOVING, 1); \
		else if (first) \
			KF(segn_body)(acc, s, at, c, c0, g[0], g[1], kind, KGAINS_STEADY, 1); \
		else if (gmov) \
			KF(segn_body)(acc, s, at, c, c0, g[0], g[1], kind, KGAINS_MOVING, 0); \
		else \
			KF(segn_body)(acc, s, at, c, c0, g[0], g[1], kind, KGAINS_STEADY, 0); \
	}
/* The kinds (seg_kind) for the outputs of an octave whose layers are all heard
   (c0 NULL: folded; first: store, see put()). */
KSEGN(seg1n, KSEG_X)
KSEGN(seg2ln, KSEG_LINES)
#undef KSEGN

/* The entry points: seg1_body for one kind (seg_kind), gain (steady: folded
   into the coefficients; or moving) and store (first, see put()): each
   its own loops, without the tests inside (plugin/README.md: the
   kernel table). */
#define KSEGV(name, kind, moving, store) \
	static KATTR void KF(name)(float *acc, kernel_span s, kernel_ramp r, const float *c, \
	                           kernel_line g) \
	{ \
		if (moving && g.dv == 0.0f) /* (kernel_seg: not called so) */ \
			__builtin_unreachable(); \
		KF(seg1_body)(acc, s, r, c, (kernel_line){ g.v0, moving ? g.dv : 0.0f }, kind, store); \
	}
#define KSEG(name, kind) \
	KSEGV(name##_steady_store, kind, 0, 1) \
	KSEGV(name##_steady_add, kind, 0, 0) \
	KSEGV(name##_moving_store, kind, 1, 1) \
	KSEGV(name##_moving_add, kind, 1, 0)

/* Along x alone: c the cell's 7 coefficients. */
KSEG(seg1, KSEG_X)

/* The 2D formula along a straight path, on the samples of the ramp that
   moves faster (the other a line of it: |alpha| <= 1; render.c puts the
   path on y's ramp when y moves faster): with uy = alpha ux + beta, the
   rows y0 and y1 blended along x (p, r) are each a line plus h(ux) times a
   line in ux, so the value (p + r) / 2 + h(uy) (r - p) is a polynomial of
   degree 11 in ux, evaluated by Horner like seg1 (c: 12 coefficients by
   powers of ux - uc, the segment's middle: coef.c's path_coef; a is the
   anchor's ux - uc). 22 operations a lane: as lines and fades it is 26,
   as seg_kind degree-6 polynomials 34. */
KSEG(seg2x, KSEG_PATH)

/* The same path as lines (see KF(lines); c: A's 4, B's 4, alpha, beta, a
   the anchor's ux): for short segments, where making the 12 coefficients
   would cost more than evaluating lines saves. */
KSEG(seg2l, KSEG_LINES)
#undef KSEG
#undef KSEGV

#undef KPOLY
#undef KPOLY11
#undef KVAL
#undef KGAIN
