/* kernel_plan.h (included by kernel.h, once per lane width): the steady
   plan's kernel (plan.c, perlin_plan in state.h): a short block's every
   plan entry summed at once, group by group, straight into the outputs,
   with the shaping finish() does (kernel_out.h).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */

typedef double KF(v2d) KVEC(double, 2);

/* An output store as a float vector (unaligned), not memcpy's, which may
   alias anything: the plan's fields the loops read (the entries' count,
   kinds) are not reloaded after each one. */
typedef float KF(vfu) KVEC(float, KW) __attribute__((aligned(4)));
static KATTR inline void KF(storeu)(float *p, KF(vf) v)
{
	*(KF(vfu) *)(void *)p = v;
}

/* A vector of an entry's floats (its coefficients, mf, lo: rows of 8 at
   16-byte boundaries, perlin_plan_entry): 4 lanes load it as an aligned
   vector (so a memory operand of the arithmetic: SSE2 has no unaligned
   one), 8 lanes unaligned (VEX takes either). */
static KATTR inline KF(vf) KF(ldk)(const float *p)
{
#if KW == 4 && defined(__GNUC__)
	return *(const KF(vf) *)(const void *)p;
#else
	return KF(load)(p);
#endif
}

/* Entry e's u at the clock's group G (g2: G - 1 and G, as doubles):
   (float)(a + q 8 step) + mf[m] for each lane's q and m, as the segment
   kernels make it; both q (G - C - 1 and G - C) in one double operation
   and one conversion, each lane's taken from them. */
static KATTR inline __attribute__((always_inline)) void
KF(plan_u)(const perlin_plan_entry *e, KF(v2d) g2, KF(vf) u[8 / KW])
{
	KF(v2d) c2, s2, a2, b;
	memcpy(&c2, e->c2, sizeof c2);
	memcpy(&s2, e->s2, sizeof s2);
	memcpy(&a2, e->a2, sizeof a2);
	b = (g2 - c2) * s2 + a2; /* a + q 8 step, each exactly as a scalar */
#if defined(__x86_64__) && defined(__GNUC__) && KW == 8
	{
		const __m128 f = _mm_cvtpd_ps((__m128d)b);
		__m256i ix;
		memcpy(&ix, e->idx, sizeof ix);
		u[0] = (KF(vf))_mm256_permutevar8x32_ps(_mm256_castps128_ps256(f), ix) +
		       KF(load)(e->mf);
	}
#else
	{
#if defined(__x86_64__) && defined(__GNUC__) && KW == 4
		const __m128 f = _mm_cvtpd_ps((__m128d)b);
		const KF(vi) lo = (KF(vi))_mm_shuffle_ps(f, f, 0x00), hi = (KF(vi))_mm_shuffle_ps(f, f, 0x55);
#else
		const KF(vf) zero = { 0 };
		const KF(vi) lo = (KF(vi))((float)b[0] - zero), hi = (KF(vi))((float)b[1] - zero);
#endif
		const KF(vi) x = lo ^ hi;
		int h;
#pragma GCC unroll 2
		for (h = 0; h < 8 / KW; ++h) {
			const KF(vi) m = (KF(vi))KF(ldk)((const float *)(const void *)(e->lo + h * KW));
			u[h] = (KF(vf))(hi ^ (x & m)) + KF(ldk)(e->mf + h * KW);
		}
	}
#endif
}

/* An entry's value at u (x), as its segment kernel makes it (KFC(i): its
   coefficient i, a memory operand): seg1's polynomial, seg2x's, seg2l's
   lines; and each output's line (seg1n: hu = h(x)) or lines (seg2ln: hu =
   h6(x), hy = h6(alpha x + beta)). */
#define KV_SEG1(x) ((((((KFC(6) * (x) + KFC(5)) * (x) + KFC(4)) * (x) + KFC(3)) * (x) + \
                      KFC(2)) * (x) + KFC(1)) * (x) + KFC(0))
#define KV_SEG2X(x) (((((((((((KFC(11) * (x) + KFC(10)) * (x) + KFC(9)) * (x) + KFC(8)) * \
                            (x) + KFC(7)) * (x) + KFC(6)) * (x) + KFC(5)) * (x) + KFC(4)) * \
                        (x) + KFC(3)) * (x) + KFC(2)) * (x) + KFC(1)) * (x) + KFC(0))
#define KV_SEG2L(x) KF(lines)((x), KFC(0), KFC(1), KFC(2), KFC(3), KFC(4), KFC(5), KFC(6), \
                              KFC(7), KFC(8), KFC(9))
#define KV_SEG1N(x, hu, o) KF(line)((x), (hu), KFC(4 * (o)), KFC(4 * (o) + 1), \
                                    KFC(4 * (o) + 2), KFC(4 * (o) + 3))
#define KV_SEG2LN(x, hu, hy, o) (KF(line)((x), (hu), KFC(8 * (o)), KFC(8 * (o) + 1), \
                                          KFC(8 * (o) + 2), KFC(8 * (o) + 3)) + \
                                 (hy) * KF(line)((x), (hu), KFC(8 * (o) + 4), \
                                                 KFC(8 * (o) + 5), KFC(8 * (o) + 6), \
                                                 KFC(8 * (o) + 7)))

/* How a group is made (plan_sums): KKEEP, each entry's values kept in kv
   (and the outputs' in kw), for a block or piece that ends inside it;
   KRESUME, the values kept there taken up again (f->kgroup is this
   group), but for the entries made anew since (dirty). */
#ifndef KFAST_FLAGS
#define KFAST_FLAGS
enum { KKEEP = 1, KRESUME = 2 };
/* p, as far as the compiler knows, anything: loads through it are not
   merged with (or hoisted into) another branch's */
#if defined(__GNUC__)
#define KOPAQUE(p) __asm__("" : "+r"(p))
#else
#define KOPAQUE(p) (void)0
#endif
/* what a plan's entries are, for the loops made for them: layer 0's
   (none, all seg1, seg2x and seg2l, any) and the outputs' own (all
   seg1n, all seg2ln, any) */
enum { KA_NONE, KA_SEG1, KA_MIX2, KA_ANY, KA_FOLD /* seg1, the first nfold folded */,
       KA_FOLD2 /* 2D: the first nfold folded (degree 11), then any */ };
enum { KB_SEG1N = 1, KB_SEG2LN, KB_ANY };
#endif

/* The fold's t (perlin_plan's fold) at the clock's group G: lane l's
   sample less fold_o, exact in float (|8 G + l - fold_o| stays under L,
   at most 65536: whole or half numbers), times (float)(1 / L). Each
   sample's t from its own sample alone, so that it does not depend on
   how the clock groups the samples (how long the plugin ran before).
   fold_base: 8 G - fold_o; fold_t takes it, or a group's further on
   (fold_base's plus 8 a group: whole or half numbers still, exact). */
static KATTR inline float KF(fold_base)(const perlin_plan *f, uint64_t g)
{
	return (float)((double)(int64_t)g * 8.0 - f->fold_o);
}

static KATTR inline __attribute__((always_inline)) void
KF(fold_t)(const perlin_plan *f, float fb, KF(vf) t[8 / KW])
{
	static const float lanes[8] __attribute__((aligned(16))) = { 0, 1, 2, 3, 4, 5, 6, 7 };
	const KF(vf) zero = { 0 };
	const KF(vf) b = fb - zero, inv = f->fold_invf - zero; /* (x - +0 is x: a splat) */
	int h;
#pragma GCC unroll 2
	for (h = 0; h < 8 / KW; ++h)
		t[h] = (b + KF(ldk)(lanes + h * KW)) * inv;
}

/* Fold polynomial c (n coefficients, 8 lanes each) at t, half h (Horner
   from the highest; the coefficients memory operands). */
static KATTR inline __attribute__((always_inline)) KF(vf)
KF(fold_at)(const float (*c)[8], const int n, int h, KF(vf) t)
{
	KF(vf) v = KF(ldk)(c[n - 1] + h * KW);
	int i;
#pragma GCC unroll 11
	for (i = n - 2; i >= 0; --i)
		v = v * t + KF(ldk)(c[i] + h * KW);
	return v;
}


/* Layer 0's entries (0 .. na) at the clock's group G (g2: G - 1 and G),
   each as its segment kernel evaluates it (coefficients from the entry,
   each a memory operand), added onto s0 in octave order (ka: what they
   are; flags: see KKEEP, KRESUME). */
static KATTR inline __attribute__((always_inline)) void
KF(plan_a)(perlin_plan *f, KF(v2d) g2, float fb, KF(vf) s0[8 / KW], const int ka,
           const int flags)
{
	const perlin_plan_entry *e = f->e, *const end = f->e + f->na;
	float (*kv)[PERLIN_OUTPUTS][8] = f->kv;
	uint32_t dirty = f->dirty;
	KF(vf) a[8 / KW];
	int h;
#define KFC(i) KF(ldk)(e->coef[i] + h * KW)
#pragma GCC unroll 2
	for (h = 0; h < 8 / KW; ++h)
		a[h] = s0[h];
	if (ka == KA_FOLD || ka == KA_FOLD2) { /* the folded entries' sum, then the others */
		const int nf = f->nfold;
		if (flags & KRESUME && !(dirty & ((1U << nf) - 1U))) {
#pragma GCC unroll 2
			for (h = 0; h < 8 / KW; ++h)
				a[h] += KF(load)(f->kf + h * KW);
		} else {
			KF(vf) t[8 / KW];
			KF(fold_t)(f, fb, t);
#pragma GCC unroll 2
			for (h = 0; h < 8 / KW; ++h) {
				/* (the fold's polynomial: degree 6, or 11 along 2D paths) */
				const KF(vf) v = KF(fold_at)((const float(*)[8])f->fold_c,
				                             ka == KA_FOLD2 ? 12 : 7, h, t[h]);
				if (flags & KKEEP)
					KF(store)(f->kf + h * KW, v);
				a[h] += v;
			}
		}
		e += nf;
		kv += nf;
		dirty >>= nf;
	}
	for (; e < end; ++e, ++kv, dirty >>= 1) {
		KF(vf) u[8 / KW];
		if (flags & KRESUME && !(dirty & 1U)) {
#pragma GCC unroll 2
			for (h = 0; h < 8 / KW; ++h)
				a[h] += KF(load)((*kv)[0] + h * KW);
			continue;
		}
		KF(plan_u)(e, g2, u);
#pragma GCC unroll 2
		for (h = 0; h < 8 / KW; ++h) {
			const KF(vf) x = u[h];
			KF(vf) v;
			if (ka == KA_SEG1 || ka == KA_FOLD) {
				v = KV_SEG1(x);
			} else if (ka == KA_MIX2 || e->kind != PERLIN_PLAN_SEG1) { /* (FOLD2: any) */
				/* (the pointer made opaque in each branch: the
				   coefficients stay memory operands, not loaded
				   for both) */
				const perlin_plan_entry *const e0 = e;
				if (e->kind == PERLIN_PLAN_SEG2X) {
					KOPAQUE(e);
					v = KV_SEG2X(x);
				} else {
					KOPAQUE(e);
					v = KV_SEG2L(x);
				}
				e = e0;
			} else {
				v = KV_SEG1(x);
			}
			if (flags & KKEEP)
				KF(store)((*kv)[0] + h * KW, v);
			a[h] += v;
		}
	}
#pragma GCC unroll 2
	for (h = 0; h < 8 / KW; ++h)
		s0[h] = a[h];
#undef KFC
}

/* The outputs' entries (na .. n), the same way, onto each output's own
   sum s[o] (kb: what they are). */
static KATTR inline __attribute__((always_inline)) void
KF(plan_b)(perlin_plan *f, KF(v2d) g2, KF(vf) s[PERLIN_OUTPUTS][8 / KW], const int kb,
           const int flags)
{
	int h;
#define KFC(i) KF(ldk)(e->coef[i] + h * KW)
#pragma GCC unroll 2
	for (h = 0; h < 8 / KW; ++h) { /* (4 lanes: a half at a time, fewer registers) */
		const perlin_plan_entry *e = f->e + f->na, *const end = f->e + f->n;
		float (*kv)[PERLIN_OUTPUTS][8] = f->kv + f->na;
		uint32_t dirty = f->dirty >> f->na;
		KF(vf) a[PERLIN_OUTPUTS], v[PERLIN_OUTPUTS];
		int o;
#pragma GCC unroll 4
		for (o = 0; o < PERLIN_OUTPUTS; ++o)
			a[o] = s[o][h];
		for (; e < end; ++e, ++kv, dirty >>= 1) {
			KF(vf) u[8 / KW];
			if (flags & KRESUME && !(dirty & 1U)) {
#pragma GCC unroll 4
				for (o = 0; o < PERLIN_OUTPUTS; ++o)
					a[o] += KF(load)((*kv)[o] + h * KW);
				continue;
			}
			KF(plan_u)(e, g2, u);
			if (kb == KB_ANY)
				KOPAQUE(e);
			if (kb == KB_SEG1N || (kb == KB_ANY && e->kind == PERLIN_PLAN_SEG1N)) {
				const KF(vf) x = u[h], hu = KF(h)(x);
#pragma GCC unroll 4
				for (o = 0; o < PERLIN_OUTPUTS; ++o)
					v[o] = KV_SEG1N(x, hu, o);
			} else {
				const KF(vf) x = u[h], hu = KF(h6)(x), hy = KF(h6)(KFC(32) * x + KFC(33));
#pragma GCC unroll 4
				for (o = 0; o < PERLIN_OUTPUTS; ++o)
					v[o] = KV_SEG2LN(x, hu, hy, o);
			}
#pragma GCC unroll 4
			for (o = 0; o < PERLIN_OUTPUTS; ++o) {
				if (flags & KKEEP)
					KF(store)((*kv)[o] + h * KW, v[o]);
				a[o] += v[o];
			}
		}
#pragma GCC unroll 4
		for (o = 0; o < PERLIN_OUTPUTS; ++o)
			s[o][h] = a[o];
	}
#undef KFC
}

/* A sum s shaped as finish() shapes it (unit: depth 1 and offset 0, see
   kmode), the constants from the plan (operands, not registers the
   entries' loop would spill). plan_group writes the same out: called
   there, GCC spilled in the four sums' loop (Perlin Noise MIDI in blocks
   of 64 and 128: +0.3 instructions a sample). */
static KATTR inline __attribute__((always_inline)) KF(vf)
KF(plan_shaped)(const perlin_plan *f, KF(vf) s, int unit)
{
	const KF(vf) cdepth = KF(ldk)(f->shape_lanes[0]);
	const KF(vf) coffset = KF(ldk)(f->shape_lanes[1]);
	const KF(vf) clo = KF(ldk)(f->shape_lanes[2]), chi = KF(ldk)(f->shape_lanes[3]);
	const KF(vf) c15 = KF(ldk)(f->shape_lanes[4]), c05 = KF(ldk)(f->shape_lanes[5]);
	const KF(vf) z = KCLAMPK(s, clo, chi);
	const KF(vf) sh = z * (c15 - c05 * z * z);
	return KF(flush)(unit ? sh : KCLAMPK(coffset + cdepth * sh, clo, chi));
}

/* Group G's outputs (g): the sums of every entry (layer 0's in octave
   order; each output's own, sums > 1, too), shaped as finish() and
   finish4() shape them (depth and offset steady, from shape_lanes; unit:
   depth 1 and offset 0, as the shape, see kmode), into w[q] for each sum shaped
   (each output's own, or layer 0's alone). ka, kb: what the entries
   are; flags: see KKEEP, KRESUME (with nothing new since, the outputs
   kept). The sums start at 0, not at their first octave: 0 + v is v but
   for a zero's sign, which the shape keeps and the flush masks. */
static KATTR inline __attribute__((always_inline)) void
KF(plan_group)(perlin_plan *f, uint64_t g, float fb, KF(vf) w[PERLIN_OUTPUTS][8 / KW], int unit,
               const int sums, const int ka, const int kb, const int flags)
{
	const KF(vf) zero = { 0 };
	const double gd = (double)(int64_t)g;
	const KF(v2d) g2 = { gd - 1.0, gd };
	const int nw = sums > 1 ? PERLIN_OUTPUTS : 1;
	KF(vf) s0[8 / KW], s[PERLIN_OUTPUTS][8 / KW];
	int h, q;
	if (flags & KRESUME && !f->dirty) { /* nothing new: the outputs as they were */
		for (q = 0; q < nw; ++q)
#pragma GCC unroll 2
			for (h = 0; h < 8 / KW; ++h)
				w[q][h] = KF(load)(f->kw[q] + h * KW);
		return;
	}
#pragma GCC unroll 2
	for (h = 0; h < 8 / KW; ++h) {
		s0[h] = zero;
#pragma GCC unroll 4
		for (q = 0; q < PERLIN_OUTPUTS; ++q)
			s[q][h] = zero;
	}
	if (sums > 1)
		KF(plan_b)(f, g2, s, kb, flags);
	if (ka != KA_NONE)
		KF(plan_a)(f, g2, fb, s0, ka, flags);
#pragma GCC unroll 4
	for (q = 0; q < nw; ++q)
#pragma GCC unroll 2
		for (h = 0; h < 8 / KW; ++h) { /* (plan_shaped's, written out: see there) */
			const KF(vf) cdepth = KF(ldk)(f->shape_lanes[0]);
			const KF(vf) coffset = KF(ldk)(f->shape_lanes[1]);
			const KF(vf) clo = KF(ldk)(f->shape_lanes[2]), chi = KF(ldk)(f->shape_lanes[3]);
			const KF(vf) c15 = KF(ldk)(f->shape_lanes[4]), c05 = KF(ldk)(f->shape_lanes[5]);
			const KF(vf) s_ = sums > 1 ? (f->none ? s[q][h] : s0[h] + s[q][h]) : s0[h];
			const KF(vf) z = KCLAMPK(s_, clo, chi);
			const KF(vf) sh = z * (c15 - c05 * z * z);
			w[q][h] = KF(flush)(unit ? sh : KCLAMPK(coffset + cdepth * sh, clo, chi));
		}
	if (flags & KKEEP) {
		for (q = 0; q < nw; ++q)
#pragma GCC unroll 2
			for (h = 0; h < 8 / KW; ++h)
				KF(store)(f->kw[q] + h * KW, w[q][h]);
		f->kgroup = g;
		f->dirty = 0;
	}
}

/* Two groups at once, G and G + 1 (g2: G - 1 and G), for runs of whole
   groups of one output whose entries are all seg1 (ka KA_SEG1 or
   KA_FOLD): each entry's data loaded and its loop run once for both, the
   same values as plan_a makes for each. */
static KATTR inline __attribute__((always_inline)) void
KF(plan_a2)(const perlin_plan *f, KF(v2d) g2, float fb, KF(vf) s0[2][8 / KW], const int ka)
{
	const perlin_plan_entry *e = f->e, *const end = f->e + f->na;
	const KF(v2d) one = { 1.0, 1.0 }, g2b = g2 + one; /* (whole numbers: exact) */
	KF(vf) a[2][8 / KW];
	int h, q;
#define KFC(i) KF(ldk)(e->coef[i] + h * KW)
/* a[q][h] += the entry's value at u[q][h] (KV: its kind's formula), both
   groups, every half */
#define KADD2(KV) do { \
		_Pragma("GCC unroll 2") \
		for (q = 0; q < 2; ++q) \
			_Pragma("GCC unroll 2") \
			for (h = 0; h < 8 / KW; ++h) \
				a[q][h] += KV(u[q][h]); \
	} while (0)
/* (the fold: its t for u) */
#define KV_FOLD_T(x) KF(fold_at)((const float(*)[8])f->fold_c, 7, h, t[q][h])
	for (q = 0; q < 2; ++q)
#pragma GCC unroll 2
		for (h = 0; h < 8 / KW; ++h)
			a[q][h] = s0[q][h];
	if (ka == KA_FOLD) {
		KF(vf) t[2][8 / KW];
		KF(fold_t)(f, fb, t[0]);
		KF(fold_t)(f, fb + 8.0f, t[1]);
		KADD2(KV_FOLD_T);
		e += f->nfold;
	}
	for (; e < end; ++e) {
		KF(vf) u[2][8 / KW];
		KF(plan_u)(e, g2, u[0]);
		KF(plan_u)(e, g2b, u[1]);
		KADD2(KV_SEG1);
	}
	for (q = 0; q < 2; ++q)
#pragma GCC unroll 2
		for (h = 0; h < 8 / KW; ++h)
			s0[q][h] = a[q][h];
#undef KADD2
#undef KV_FOLD_T
#undef KFC
}

/* plan_group for groups G and G + 1 (whole; one output, ka KA_SEG1 or
   KA_FOLD: plan_a2's). */
static KATTR inline __attribute__((always_inline)) void
KF(plan_group2)(perlin_plan *f, uint64_t g, float fb, KF(vf) w[2][PERLIN_OUTPUTS][8 / KW],
                KF(vf) dv, KF(vf) ov, int unit, const int ka)
{
	const KF(vf) zero = { 0 };
	const KF(vf) one = zero + 1.0f, mone = zero - 1.0f;
	const double gd = (double)(int64_t)g;
	const KF(v2d) g2 = { gd - 1.0, gd };
	KF(vf) s0[2][8 / KW];
	int h, r;
	for (r = 0; r < 2; ++r)
#pragma GCC unroll 2
		for (h = 0; h < 8 / KW; ++h)
			s0[r][h] = zero;
	KF(plan_a2)(f, g2, fb, s0, ka);
#pragma GCC unroll 2
	for (r = 0; r < 2; ++r)
#pragma GCC unroll 2
		for (h = 0; h < 8 / KW; ++h) {
			const KF(vf) z = KCLAMP(s0[r][h]);
			const KF(vf) sh = z * (1.5f - 0.5f * z * z);
			w[r][0][h] = KF(flush)(unit ? sh : (KF(vf))KCLAMP(ov + dv * sh));
		}
}

/* Whole groups g .. gfull (the first's lane 0 at out[] index i0) into
   each wanted output (NULL: into f->sink[o]). sums, ka, kb: the plan's (a
   loop for each); o4: every output of the four wanted. */
static KATTR inline __attribute__((always_inline)) void
KF(plan_whole_body)(perlin_plan *f, float *const *out, int64_t i0, uint64_t g, uint64_t gfull,
                    float *level, const int sums, const int ka, const int kb, const int o4)
{
	const int64_t last = i0 + (int64_t)(gfull - g) * 8 - 1; /* the last sample's out[] index */
	const KF(vf) zero = { 0 };
	const KF(vf) dv = zero + f->depth, ov = zero + f->offset;
	const int unit = f->unit;
	int h;
	/* (plan_group2 for one output, all seg1: in 2D the branch between
	   seg2x and seg2l, with four the eight sums of two groups, spill and
	   cost more than it saves) */
	const int pairs = sums == 1 && (ka == KA_SEG1 || ka == KA_FOLD);
	float fb = ka == KA_FOLD || ka == KA_FOLD2 ? KF(fold_base)(f, g) : 0.0f;
	if (sums == 1 && f->outs == 1 && out[0]) { /* (one output) */
		float *const o0 = out[0];
		for (; pairs && g + 1U < gfull; g += 2, i0 += 16, fb += 16.0f) {
			KF(vf) w[2][PERLIN_OUTPUTS][8 / KW];
			KF(plan_group2)(f, g, fb, w, dv, ov, unit, ka);
#pragma GCC unroll 2
			for (h = 0; h < 8 / KW; ++h) {
				KF(storeu)(o0 + i0 + h * KW, w[0][0][h]);
				KF(storeu)(o0 + i0 + 8 + h * KW, w[1][0][h]);
			}
		}
		for (; g < gfull; ++g, i0 += 8, fb += 8.0f) {
			KF(vf) w[PERLIN_OUTPUTS][8 / KW];
			KF(plan_group)(f, g, fb, w, unit, sums, ka, kb, 0);
#pragma GCC unroll 2
			for (h = 0; h < 8 / KW; ++h)
				KF(storeu)(o0 + i0 + h * KW, w[0][h]);
		}
	} else if (o4) { /* every output of the four */
		float *const o0 = out[0], *const o1 = out[1], *const o2 = out[2], *const o3 = out[3];
		for (; g < gfull; ++g, i0 += 8, fb += 8.0f) {
			KF(vf) w[PERLIN_OUTPUTS][8 / KW];
			KF(plan_group)(f, g, fb, w, unit, sums, ka, kb, 0);
#pragma GCC unroll 2
			for (h = 0; h < 8 / KW; ++h) {
				KF(storeu)(o0 + i0 + h * KW, w[0][h]);
				KF(storeu)(o1 + i0 + h * KW, w[sums > 1 ? 1 : 0][h]);
				KF(storeu)(o2 + i0 + h * KW, w[sums > 1 ? 2 : 0][h]);
				KF(storeu)(o3 + i0 + h * KW, w[sums > 1 ? 3 : 0][h]);
			}
		}
	} else {
		for (; g < gfull; ++g, i0 += 8, fb += 8.0f) { /* any outputs */
			KF(vf) w[PERLIN_OUTPUTS][8 / KW];
			unsigned o;
			KF(plan_group)(f, g, fb, w, unit, sums, ka, kb, 0);
			for (o = 0; o < f->outs; ++o)
				for (h = 0; h < 8 / KW; ++h)
					KF(storeu)(out[o] ? out[o] + i0 + h * KW : f->sink[o] + h * KW,
					          w[sums > 1 ? o : 0][h]);
		}
	}
	{ /* each output's last value (an edge after these overwrites it) */
		unsigned o;
		for (o = 0; o < f->outs; ++o)
			level[o] = out[o] ? out[o][last] : f->sink[o][7];
	}
}

/* The plans that occur, a loop of their own each: one output, layer 0's
   entries all seg1 (1D), seg2x and seg2l (2D) or any; four, the outputs'
   all seg1n with layer 0's seg1 or none (1D), all seg2ln with seg2x and
   seg2l or none (2D), or any (or some output not wanted) */
#ifndef KFAST_SHAPES
#define KFAST_SHAPES
enum { KS_1_FOLD, KS_1_FOLD2, KS_1_SEG1, KS_1_MIX2, KS_1_ANY, KS_4_SEG1N, KS_4_SEG1N_SEG1, KS_4_SEG2LN,
       KS_4_SEG2LN_MIX2, KS_4_ANY };
#endif
static KATTR inline int KF(plan_shape)(const perlin_plan *f, float *const *out)
{
	const uint32_t a = f->kinds_a, b = f->kinds_b;
	const uint32_t path_kinds = 1U << PERLIN_PLAN_SEG2X | 1U << PERLIN_PLAN_SEG2L;
	if (f->sums == 1)
		return f->nfold && f->fold_n == 12 ? KS_1_FOLD2 /* (along 2D paths) */
		       : a == 1U << PERLIN_PLAN_SEG1 ? (f->nfold ? KS_1_FOLD : KS_1_SEG1)
		       : !(a & ~path_kinds)        ? KS_1_MIX2
		                                   : KS_1_ANY;
	if (!out[0] || !out[1] || !out[2] || !out[3])
		return KS_4_ANY;
	if (b == 1U << PERLIN_PLAN_SEG1N)
		return !a ? KS_4_SEG1N : a == 1U << PERLIN_PLAN_SEG1 ? KS_4_SEG1N_SEG1 : KS_4_ANY;
	if (b == 1U << PERLIN_PLAN_SEG2LN)
		return !a ? KS_4_SEG2LN : !(a & ~path_kinds) ? KS_4_SEG2LN_MIX2 : KS_4_ANY;
	return KS_4_ANY;
}

static KATTR inline __attribute__((always_inline)) void
KF(fold_split_n)(const perlin_plan *f, uint64_t g, uint32_t e, float w[8], const int n)
{
	static const float lanes[8] __attribute__((aligned(16))) = { 0, 1, 2, 3, 4, 5, 6, 7 };
	const KF(vf) zero = { 0 };
	const KF(vf) bw = (float)((double)(int64_t)g * 8.0 - f->fold_was_o) - zero,
	             invw = f->fold_was_invf - zero, ef = (float)e - zero;
	KF(vf) t[8 / KW];
	int h;
	KF(fold_t)(f, KF(fold_base)(f, g), t);
#pragma GCC unroll 2
	for (h = 0; h < 8 / KW; ++h) {
		const KF(vf) l = KF(ldk)(lanes + h * KW), tw = (bw + l) * invw;
		const KF(vi) before = l < ef;
		const KF(vf) was = zero + KF(fold_at)(f->fold_was, n, h, tw);
		const KF(vf) now = zero + KF(fold_at)(f->fold_c, n, h, t[h]);
		const KF(vf) s = (KF(vf))(((KF(vi))was & before) | ((KF(vi))now & ~before));
		KF(store)(w + h * KW, KF(plan_shaped)(f, s, f->unit));
	}
}

/* (kernel_types.h) The split group: the same values, lane by lane, as
   the part groups either side of the event (plan_group: 0 plus the
   fold, shaped). */
static KATTR void KF(fold_split)(const perlin_plan *f, uint64_t g, uint32_t e, float w[8])
{
	if (f->fold_n == 12)
		KF(fold_split_n)(f, g, e, w, 12);
	else
		KF(fold_split_n)(f, g, e, w, 7);
}

/* For each plan: its whole groups (plan_whole_body), and a group a block
   or piece starts or ends inside (flags: KRESUME, taken up from what was
   kept there; KKEEP, kept, where the block ends inside it) */
#define KSHAPE(name, sums, ka, kb, o4) \
	static KATTR __attribute__((noinline)) void KF(plan_w_##name)(perlin_plan *f, \
	                                                              float *const *out, \
	                                                              int64_t i0, uint64_t g, \
	                                                              uint64_t gfull, \
	                                                              float *level) \
	{ \
		KF(plan_whole_body)(f, out, i0, g, gfull, level, sums, ka, kb, o4); \
	} \
	static KATTR __attribute__((noinline)) void KF(plan_e_##name)(perlin_plan *f, uint64_t g, \
	                                                              KF(vf) w[PERLIN_OUTPUTS] \
	                                                                      [8 / KW], \
	                                                              int flags) \
	{ \
		const float fb = ka == KA_FOLD || ka == KA_FOLD2 ? KF(fold_base)(f, g) : 0.0f; \
		if (flags == (KKEEP | KRESUME)) \
			KF(plan_group)(f, g, fb, w, f->unit, sums, ka, kb, KKEEP | KRESUME); \
		else if (flags == KRESUME) \
			KF(plan_group)(f, g, fb, w, f->unit, sums, ka, kb, KRESUME); \
		else \
			KF(plan_group)(f, g, fb, w, f->unit, sums, ka, kb, KKEEP); \
	}
KSHAPE(1_fold, 1, KA_FOLD, KB_ANY, 0)
KSHAPE(1_fold2, 1, KA_FOLD2, KB_ANY, 0)
KSHAPE(1_seg1, 1, KA_SEG1, KB_ANY, 0)
KSHAPE(1_mix2, 1, KA_MIX2, KB_ANY, 0)
KSHAPE(1_any, 1, KA_ANY, KB_ANY, 0)
KSHAPE(4_seg1n, PERLIN_LAYERS, KA_NONE, KB_SEG1N, 1)
KSHAPE(4_seg1n_seg1, PERLIN_LAYERS, KA_SEG1, KB_SEG1N, 1)
KSHAPE(4_seg2ln, PERLIN_LAYERS, KA_NONE, KB_SEG2LN, 1)
KSHAPE(4_seg2ln_mix2, PERLIN_LAYERS, KA_MIX2, KB_SEG2LN, 1)
KSHAPE(4_any, PERLIN_LAYERS, KA_ANY, KB_ANY, 0)
#undef KSHAPE
#define KSHAPES(call, ...) do { \
		switch (shape) { \
		case KS_1_FOLD: KF(call##1_fold)(__VA_ARGS__); break; \
		case KS_1_FOLD2: KF(call##1_fold2)(__VA_ARGS__); break; \
		case KS_1_SEG1: KF(call##1_seg1)(__VA_ARGS__); break; \
		case KS_1_MIX2: KF(call##1_mix2)(__VA_ARGS__); break; \
		case KS_1_ANY: KF(call##1_any)(__VA_ARGS__); break; \
		case KS_4_SEG1N: KF(call##4_seg1n)(__VA_ARGS__); break; \
		case KS_4_SEG1N_SEG1: KF(call##4_seg1n_seg1)(__VA_ARGS__); break; \
		case KS_4_SEG2LN: KF(call##4_seg2ln)(__VA_ARGS__); break; \
		case KS_4_SEG2LN_MIX2: KF(call##4_seg2ln_mix2)(__VA_ARGS__); break; \
		default: KF(call##4_any)(__VA_ARGS__); break; \
		} \
	} while (0)

/* A part-filled group g: its lanes lo .. hi into out[o] + i0 for each
   wanted output; each output's last value into level[] where the block
   ends with lane hi - 1 (last); kept where it ends inside the group (keep:
   the next block or piece takes it up). */
static KATTR __attribute__((noinline)) void
KF(plan_edge)(perlin_plan *f, int shape, float *const *out, int64_t i0, uint64_t g,
              uint32_t lo, uint32_t hi, int last, int keep, float *level)
{
	KF(vf) w[PERLIN_OUTPUTS][8 / KW];
	/* taken up where kept; kept where the block ends inside it */
	const int flags = (f->kgroup == g ? KRESUME : 0) | (keep ? KKEEP : 0);
	unsigned o;
	KSHAPES(plan_e_, f, g, w, flags ? flags : KKEEP);
	for (o = 0; o < f->outs; ++o) {
		const KF(vf) *const outv = w[f->sums > 1 ? o : 0];
		float t[8];
		int h;
		for (h = 0; h < 8 / KW; ++h)
			KF(store)(t + h * KW, outv[h]);
		if (out[o]) {
#if defined(__x86_64__) && defined(__GNUC__) && KW == 8
			/* lanes lo .. hi alone (no other is touched, nor faults) */
			KF(vi) lm, hm;
			memcpy(&lm, kmask + 8 - lo, sizeof lm);
			memcpy(&hm, kmask + 16 - hi, sizeof hm);
			_mm256_maskstore_ps((float *)(void *)((uintptr_t)out[o] + (uintptr_t)(i0 * 4)),
			                    (__m256i)(lm & hm), (__m256)outv[0]);
#else
			uint32_t l;
			for (l = 0; l < 8U; ++l) /* (not a memcpy call) */
				if (l >= lo && l < hi)
					out[o][i0 + l] = t[l];
#endif
		}
		if (last)
			level[o] = t[hi - 1U];
	}
}

/* len samples from the clock's sample `clock` into out[o] + at (o <
   f->outs, NULL: not wanted), group by group: the first and last may be
   part-filled (plan_edge: the last kept, the first taken up from what
   was kept there), the whole ones between by the plan's loop; each
   output's last value into level[o]. */
static KATTR __attribute__((noinline)) void KF(plan_edges)(perlin_plan *f, float *const *out,
                                                           uint32_t at, uint32_t len,
                                                           uint64_t clock, float *level)
{
	const uint64_t end = clock + len;
	uint64_t g = clock >> 3;
	const uint64_t gfull = end >> 3; /* the groups before it end inside the block */
	int64_t i0 = (int64_t)at - (int64_t)(clock & 7U); /* group g's lane 0 in out[] */
	const int shape = KF(plan_shape)(f, out);
	if (clock & 7U || g == gfull) { /* the first group, part-filled */
		const uint32_t hi = g == gfull ? (uint32_t)(end & 7U) : 8U;
		/* (the block may end with this group's lane 7: then nothing
		   follows it, and the level is its) */
		KF(plan_edge)(f, shape, out, i0, g, (uint32_t)(clock & 7U), hi,
		              end == (g << 3) + hi, g == gfull, level);
		if (g == gfull)
			return;
		++g;
		i0 += 8;
	}
	if (g < gfull) {
		KSHAPES(plan_w_, f, out, i0, g, gfull, level);
		i0 += (int64_t)(gfull - g) * 8;
		g = gfull;
	}
	if (end & 7U) /* the last group, part-filled */
		KF(plan_edge)(f, shape, out, i0, g, 0U, (uint32_t)(end & 7U), 1, 1, level);
}

/* The samples plan_edges renders, or (the most blocks: from a group's
   start to a group's end) the plan's loop straight away. */
static KATTR void KF(plan)(perlin_plan *f, float *const *out, uint32_t at, uint32_t len,
                           uint64_t clock, float *level)
{
	int shape;
	if (((uint32_t)clock | len) & 7U || !len) {
		KF(plan_edges)(f, out, at, len, clock, level);
		return;
	}
	shape = KF(plan_shape)(f, out);
	KSHAPES(plan_w_, f, out, (int64_t)at, clock >> 3, (clock + len) >> 3, level);
}
#undef KSHAPES

#undef KV_SEG1
#undef KV_SEG2X
#undef KV_SEG2L
#undef KV_SEG1N
#undef KV_SEG2LN
