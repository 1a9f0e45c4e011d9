/* kernel_out.h (included by kernel.h, once per lane width): from the
   octaves' sums to the outputs: shaped, scaled by depth, offset, clamped
   and denormals flushed (finish, finish4 for four outputs at once), the
   crossfade of two voices (mix) and a layer added onto another (add).
   Its shaping (kmode, KW_OF, KCLAMP) serves the plan's and sample and
   hold's kernels too (kernel_plan.h, kernel_hold.h).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */

/* v clamped into [mone, one] (-1 and 1; never NaN here); KCLAMP into
   [-1, 1] by the locals mone and one, as the scalar kclamp */
#if defined(__SSE2__) && KW == 4
#define KCLAMPK(v, mone_, one_) ((KF(vf))_mm_min_ps(_mm_max_ps((v), (mone_)), (one_)))
#elif defined(__x86_64__) && KW == 8
#define KCLAMPK(v, mone_, one_) ((KF(vf))_mm256_min_ps(_mm256_max_ps((v), (mone_)), (one_)))
#else
#define KCLAMPK(v, mone_, one_) KF(clamp)(v, mone_, one_)
static KATTR inline KF(vf) KF(clamp)(KF(vf) v, KF(vf) mone, KF(vf) one)
{
	const KF(vi) lo = v < mone, hi = v > one;
	return (KF(vf))(((KF(vi))v & ~(lo | hi)) | ((KF(vi))mone & lo) | ((KF(vi))one & hi));
}
#endif
#define KCLAMP(v) KCLAMPK(v, mone, one)

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
KF(finish_body)(const float *acc, const float *plus, float *out, kernel_span s, kernel_line dl,
                kernel_line ol, int mode)
{
	const uint32_t len = s.len, t0 = s.t0;
	const float depth = dl.v0, ddepth = dl.dv, offset = ol.v0, doffset = ol.dv;
	uint32_t i = 0;
	float last = 0.0f;
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
	if (!out && len) /* no output: only the level, the last sample's value */
		i = len - 1;
	for (; i < len; ++i) {
		const float at = (float)(t0 + i);
		last = kfinish1(plus ? acc[i] + plus[i] : acc[i], depth + ddepth * at,
		             offset + doffset * at);
		if (out)
			out[i] = last;
	}
	return len ? (out ? out[len - 1] : last) : 0.0f;
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
#define KFIN(...) (last = KF(finish_body)(__VA_ARGS__))

static KATTR float KF(finish)(const float *acc, const float *plus, float *out, kernel_span s,
                              kernel_line dl, kernel_line ol)
{
	const float depth = dl.v0, ddepth = dl.dv, offset = ol.v0, doffset = ol.dv;
	float last;
	if (plus)
		KFINISH_MODES(KFIN, acc, plus, out, s, dl, ol);
	else
		KFINISH_MODES(KFIN, acc, NULL, out, s, dl, ol);
	return last;
}
#undef KFIN

/* finish() of PERLIN_OUTPUTS outputs at once, out[o] from acc + plus[o]
   (every out[o] non-NULL; acc NULL: a sum nothing was added to, as zeros,
   so 0 + plus[o], the same operation): acc loaded once a group for all of
   them; the same float operations per sample as finish(), so the same
   values. last[o]: each output's last value. */
static KATTR inline __attribute__((always_inline)) void
KF(finish4_body)(const float *acc, const float *const *plus_, float *const *out_, kernel_span s,
                 kernel_line dl, kernel_line ol, float *last, int none, int mode)
{
	const uint32_t len = s.len, t0 = s.t0;
	const float depth = dl.v0, ddepth = dl.dv, offset = ol.v0, doffset = ol.dv;
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
			const KF(vf) sum = none ? zero : KF(load)(acc + i);
#pragma GCC unroll 4
			for (o = 0; o < PERLIN_OUTPUTS; ++o) {
				/* (none: 0 + p is p but for a zero's sign, which the
				   shape keeps and the flush masks) */
				const KF(vf) p = KF(load)(plus[o] + i);
				const KF(vf) z = KCLAMP(none ? p : sum + p);
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
                              kernel_span s, kernel_line dl, kernel_line ol, float *last)
{
	const float depth = dl.v0, ddepth = dl.dv, offset = ol.v0, doffset = ol.dv;
	if (acc)
		KFINISH_MODES(KF(finish4_body), acc, plus, out, s, dl, ol, last, 0);
	else
		KFINISH_MODES(KF(finish4_body), NULL, plus, out, s, dl, ol, last, 1);
}

/* The crossfade's last step: out[i] = clamp(offset + depth (b + s (a -
   b))), a and b the two voices' shaped sums (now, was: shaped here, or
   as they come where `shaped`, the plans') and s the smoothstep of (f0 +
   i) inv_n; returns the last value (depth and offset lines as in
   finish). The scalar twin kmix1 (kernels.c) does the same float
   operations, so the lane width never shows. */
static KATTR inline __attribute__((always_inline)) float
KF(mix_body)(const float *now, const float *was, float *out, kernel_span s, float f0,
             float inv_n, kernel_line dl, kernel_line ol, const int shaped)
{
	const uint32_t len = s.len, t0 = s.t0;
	const float depth = dl.v0, ddepth = dl.dv, offset = ol.v0, doffset = ol.dv;
	uint32_t i = 0;
	float last = 0.0f;
	if (out && len >= KW) {
		const KF(vf) zero = { 0 };
		const KF(vf) one = zero + 1.0f, mone = zero - 1.0f;
		/* the fade's samples (f0 + i) + lane as a vector, whole numbers: the
		   same floats */
		KF(vf) fv = KF(at_lanes)(f0);
		KF(vf) atv = KF(at_lanes)((float)t0); /* (see gain()) */
		for (; i + KW <= len; i += KW, atv += (float)KW, fv += (float)KW) {
			const KF(vf) za = KCLAMP(KF(load)(now + i)), zb = KCLAMP(KF(load)(was + i));
			const KF(vf) a = shaped ? KF(load)(now + i) : za * (1.5f - 0.5f * za * za);
			const KF(vf) b = shaped ? KF(load)(was + i) : zb * (1.5f - 0.5f * zb * zb);
			const KF(vf) f = fv * inv_n;
			const KF(vf) sm = f * f * (3.0f - 2.0f * f);
			const KF(vf) dv = KF(gainv)(depth, ddepth, atv);
			const KF(vf) ov = KF(gainv)(offset, doffset, atv);
			const KF(vf) w = KCLAMP(ov + dv * (b + sm * (a - b)));
			KF(store)(out + i, KF(flush)(w));
		}
	}
	if (!out && len) /* no output: only the level, the last sample's value */
		i = len - 1;
	for (; i < len; ++i) {
		const float at = (float)(t0 + i);
		last = kmix1(now[i], was[i], f0 + (float)i, inv_n, depth + ddepth * at,
		             offset + doffset * at, shaped);
		if (out)
			out[i] = last;
	}
	return len ? (out ? out[len - 1] : last) : 0.0f;
}

static KATTR float KF(mix)(const float *now, const float *was, float *out, kernel_span s,
                           float f0, float inv_n, kernel_line dl, kernel_line ol)
{
	return KF(mix_body)(now, was, out, s, f0, inv_n, dl, ol, 0);
}

static KATTR float KF(mix_shaped)(const float *now, const float *was, float *out, kernel_span s,
                                  float f0, float inv_n, kernel_line dl, kernel_line ol)
{
	return KF(mix_body)(now, was, out, s, f0, inv_n, dl, ol, 1);
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

/* A control's value moved by its CV, as kernel_cv says: the line plus
   volts x per_volt (NaN volts: 0), clamped into [lo, hi]; the scalar twin
   below makes the same float operations. */
static KATTR inline __attribute__((always_inline)) KF(vf)
KF(cv_moved)(KF(vf) line, const float *volts, float per_volt, float lo, float hi)
{
	const KF(vf) zero = { 0 };
	KF(vf) v = KF(load)(volts);
	v = (KF(vf))((KF(vi))v & (KF(vi))(v == v)); /* NaN: 0 */
	return KCLAMPK(line + v * per_volt, zero + lo, zero + hi);
}

static float KF(cv_moved1)(float line, float volts, float per_volt, float lo, float hi)
{
	const float v = line + (volts == volts ? volts : 0.0f) * per_volt;
	return v < lo ? lo : v > hi ? hi : v;
}

/* denormals as +0, as KF(flush) and dsp_flush_out */
static float KF(cv_flush1)(float v)
{
	return v < FLT_MIN && v > -FLT_MIN ? 0.0f : v;
}

/* out[i] = clamp(o + d out[i]) (out: shaped noise, a unit render), d and
   o the depth and offset lines at the sample (t0 + i: as finish() reads
   them), each moved by its CV input (c->depth, c->offset: NULL none)
   into its range; denormals out as 0. Lanes and the scalar tail make the
   same float operations, so a sample's value is the same wherever a
   span starts. Returns the last value. */
static KATTR float KF(cv)(float *out, kernel_span s, kernel_line dl, kernel_line ol,
                          const kernel_cv *c)
{
	const uint32_t len = s.len;
	uint32_t i = 0;
	if (len >= KW) {
		const KF(vf) zero = { 0 };
		const KF(vf) one = zero + 1.0f, mone = zero - 1.0f;
		KF(vf) atv = KF(at_lanes)((float)s.t0);
		for (; i + KW <= len; i += KW, atv += (float)KW) {
			KF(vf) dv = KF(glinev)(dl.v0, dl.dv, atv), ov = KF(glinev)(ol.v0, ol.dv, atv);
			if (c->depth)
				dv = KF(cv_moved)(dv, c->depth + i, c->depth_per_volt, c->depth_lo, c->depth_hi);
			if (c->offset)
				ov = KF(cv_moved)(ov, c->offset + i, c->offset_per_volt, c->offset_lo,
				                  c->offset_hi);
			KF(store)(out + i, KF(flush)((KF(vf))KCLAMP(ov + dv * KF(load)(out + i))));
		}
	}
	for (; i < len; ++i) {
		const float at = (float)(s.t0 + i);
		float d = dl.v0 + dl.dv * at, o = ol.v0 + ol.dv * at;
		if (c->depth)
			d = KF(cv_moved1)(d, c->depth[i], c->depth_per_volt, c->depth_lo, c->depth_hi);
		if (c->offset)
			o = KF(cv_moved1)(o, c->offset[i], c->offset_per_volt, c->offset_lo, c->offset_hi);
		out[i] = KF(cv_flush1)(kclamp(o + d * out[i]));
	}
	return len ? out[len - 1] : 0.0f;
}
