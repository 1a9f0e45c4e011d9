/* kernel.h: the steady-state inner loops of plugin/dsp.c, written once with
   GCC/Clang vector extensions and included by dsp.c once per instruction
   set: KW float lanes, KF(name) the function names, KATTR the target
   attribute (empty for the baseline: SSE2 on x86-64, whatever the compiler
   has elsewhere; target("avx2") for the dispatched one).

   Every lane computes the same IEEE float operations in the same order as
   the scalar code for the heads and tails (no fma: -ffp-contract=off, and
   the AVX2 target does not enable FMA), so the output is bit-identical
   whatever KW is and wherever a block starts: both paths, any block size.

   The kernels work with u = t - 1/2 in [-1/2, 1/2), t the phase in the
   cell: the quintic fade is 1/2 + h(u), h(u) = u (15/8 + u^2 (6 u^2 - 5)),
   so the intermediates stay small and float keeps the result within 1e-6
   of the double reference. Along x alone (1D, or 2D with y still) a
   cell's value is a degree-6 polynomial in u, evaluated by Horner. A sample j steps after a ramp's anchor
   (perlin_ramp in dsp.h) has, in groups of 8 from the anchor, j = 8q + m,
       u(j) = (float)((a - 1/2) + q * 8 step) + mf[m],  mf[m] = (float)(m step)
   in the one-coordinate kernel (seg1); the two-coordinate kernel (seg2)
   uses u(j) = (float)((a - 1/2) + j step) per lane. */

#define KVEC(T, n) __attribute__((vector_size((n) * sizeof(T))))
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

/* The one-coordinate value as a polynomial in u, by Horner (k: 7
   coefficients, k[6] the highest): dst = value, or acc += value. */
#define KPOLY(u) \
	((((((k6 * (u) + k5) * (u) + k4) * (u) + k3) * (u) + k2) * (u) + k1) * (u) + k0)

/* acc[i] += the polynomial at u(j), for len samples of a ramp from step j
   (c: its 7 coefficients, from the lowest; a: the anchor's u). */
static KATTR void KF(seg1)(float *acc, uint32_t len, uint64_t j, double a,
                           double step, const float mf[8], const float c[7])
{
	const double step8 = step * 8.0;
	const KF(vf) zero = { 0 };
	const KF(vf) k0 = zero + c[0], k1 = zero + c[1], k2 = zero + c[2],
		k3 = zero + c[3], k4 = zero + c[4], k5 = zero + c[5], k6 = zero + c[6];
	const KF(vf) m0 = KF(load)(mf);
#if KW == 4
	const KF(vf) m1 = KF(load)(mf + 4);
#endif
	double qd = (double)(j >> 3); /* the group: exact below 2^53 */
	uint32_t i = 0, m = (uint32_t)(j & 7U);
	float tmp[8];
	if (m) { /* head: a whole group computed, its last 8 - m lanes used */
		const float base = (float)(a + qd * step8);
		KF(store)(tmp, KPOLY(base + m0));
#if KW == 4
		KF(store)(tmp + 4, KPOLY(base + m1));
#endif
		for (; m < 8 && i < len; ++m)
			acc[i++] += tmp[m];
		qd += 1.0;
	}
	{
		float *p = acc + i, *const end = acc + i + (len - i) / 8U * 8U;
		for (; p < end; p += 8, qd += 1.0) {
			const float base = (float)(a + qd * step8);
			KF(store)(p, KF(load)(p) + KPOLY(base + m0));
#if KW == 4
			KF(store)(p + 4, KF(load)(p + 4) + KPOLY(base + m1));
#endif
		}
		i = (uint32_t)(p - acc);
	}
	if (i < len) { /* tail: the first len - i lanes of a group */
		const float base = (float)(a + qd * step8);
		KF(store)(tmp, KPOLY(base + m0));
#if KW == 4
		KF(store)(tmp + 4, KPOLY(base + m1));
#endif
		for (m = 0; i < len; ++m)
			acc[i++] += tmp[m];
	}
}

#undef KPOLY

/* acc[i] += the 2D formula at (ux, uy) of two ramps: with the x pairs
   m0 = (n00 + n10) / 2, d0 = n10 - n00 and m1, d1 of the other row, each
   linear in (ux, uy) (c: 4 x (A, B, C) for m0, d0, m1, d1),
   p = m0 + h(ux) d0, r = m1 + h(ux) d1, value (p + r) / 2 + h(uy) (r - p). */
static KATTR void KF(seg2)(float *acc, uint32_t len, uint64_t jx, double ax,
                           double sx, uint64_t jy, double ay, double sy,
                           const float c[12])
{
	uint32_t i = 0;
	KF(vd) lane;
	unsigned l;
	for (l = 0; l < KW; ++l)
		lane[l] = (double)l;
	if (len >= KW) {
		const KF(vf) zero = { 0 };
		KF(vd) vjx = lane + (double)jx, vjy = lane + (double)jy;
		KF(vf) k[12];
		for (l = 0; l < 12; ++l)
			k[l] = zero + c[l];
		for (; i + KW <= len; i += KW) {
			const KF(vf) ux = __builtin_convertvector(ax + vjx * sx, KF(vf));
			const KF(vf) uy = __builtin_convertvector(ay + vjy * sy, KF(vf));
			const KF(vf) m0 = k[0] * ux + k[1] * uy + k[2];
			const KF(vf) d0 = k[3] * ux + k[4] * uy + k[5];
			const KF(vf) m1 = k[6] * ux + k[7] * uy + k[8];
			const KF(vf) d1 = k[9] * ux + k[10] * uy + k[11];
			const KF(vf) hx = KF(h)(ux), hy = KF(h)(uy);
			const KF(vf) p = m0 + hx * d0;
			const KF(vf) r = m1 + hx * d1;
			KF(store)(acc + i, KF(load)(acc + i) + ((p + r) * 0.5f + hy * (r - p)));
			vjx += (double)KW;
			vjy += (double)KW;
		}
	}
	for (; i < len; ++i)
		acc[i] += keval2((float)(ax + (double)(jx + i) * sx),
		                 (float)(ay + (double)(jy + i) * sy), c);
}

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

/* out[i] = clamp(offset + depth shape(acc[i])); returns the last value */
static KATTR float KF(finish)(const float *acc, float *out, uint32_t len,
                              float depth, float offset)
{
	uint32_t i = 0;
	float y = 0.0f;
	if (out && len >= KW) {
		const KF(vf) zero = { 0 };
		const KF(vf) one = zero + 1.0f, mone = zero - 1.0f;
		const KF(vf) dv = zero + depth, ov = zero + offset;
		for (; i + KW <= len; i += KW) {
			const KF(vf) z = KCLAMP(KF(load)(acc + i));
			KF(store)(out + i, KCLAMP(ov + dv * (z * (1.5f - 0.5f * z * z))));
		}
	}
	for (; i < len; ++i) {
		y = kfinish1(acc[i], depth, offset);
		if (out)
			out[i] = y;
	}
	return len ? (out ? out[len - 1] : y) : 0.0f;
}

#undef KVEC
#undef KCLAMP
