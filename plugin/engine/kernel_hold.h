/* kernel_hold.h (included by kernel.h, once per lane width): sample and
   hold's kernels (step.c): the lines the outputs share, then each output
   from them. Doubles, as step.c's scalar form had them: each lane's value
   is the same double operations in the same order as a sample by sample
   loop, whatever KW is and wherever a piece starts.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */

/* (doubles loaded and stored as unaligned vectors; macros, as the
   vectors of doubles are wider than the baseline's registers: no
   function takes or returns them) */
typedef double KF(vdu) KVEC(double, KW) __attribute__((aligned(8)));
#define KLOADD(p) (*(const KF(vdu) *)(const void *)(p))
#if KW == 8
#define KSPLATD(x) { x, x, x, x, x, x, x, x }
#else
#define KSPLATD(x) { x, x, x, x }
#endif
#define KSTORED(p, v) (*(KF(vdu) *)(void *)(p) = (v))

/* dst = smoothstep(at / n) (at and n whole numbers; at past n: no use,
   see hold_lines) */
static KATTR inline __attribute__((always_inline)) void KF(smooth_at)(double *dst,
                                                                     const KF(vd) *at,
                                                                     const KF(vd) *n)
{
	const KF(vd) f = *at / *n;
	KSTORED(dst, f * f * (3.0 - 2.0 * f));
}

/* hold_lines: len samples rounded up to whole groups of KW (the buffers
   have room): depth h->depth[i] = depth.v0 + depth.dv x and h->offset[i]
   likewise at x = x0 + i (h->depth NULL: none); h->glide[i] = smoothstep((glide.at + i) /
   glide.len) and the leaving's h->leave[i] likewise (a fade's len 0:
   not written). x0 and the fades' at whole numbers, so
   x0 + i is the sum step.c's (double)(t0 + i) was. Past a fade's len the
   weights are no smoothstep (f > 1): hold takes `to` there, and step.c
   writes 1 past the leaving's end (the caller's chunks end where leaving
   does). No select between lanes here: GCC makes one lane by lane for a
   group of doubles (two registers), a compare and a branch each. */
static KATTR void KF(hold_lines)(const kernel_hold *h, uint32_t len, double x0,
                                 kernel_dline depth, kernel_dline offset, kernel_fade glide,
                                 kernel_fade leave)
{
	double *const dep = h->depth, *const off = h->offset, *const gl = h->glide;
	double *const lw = leave.len > 0.0 ? h->leave : NULL;
	const KF(vd) lane = KLANES, xv = KSPLATD(x0), d0v = KSPLATD(depth.v0),
	             ddv = KSPLATD(depth.dv), o0v = KSPLATD(offset.v0), odv = KSPLATD(offset.dv),
	             gav = KSPLATD(glide.at), gnv = KSPLATD(glide.len), lav = KSPLATD(leave.at),
	             lnv = KSPLATD(leave.len);
	uint32_t i;
	for (i = 0; i < len; i += KW) {
		const KF(vd) li = lane + (double)i, x = xv + li;
		if (dep) {
			KSTORED(dep + i, d0v + ddv * x);
			KSTORED(off + i, o0v + odv * x);
		}
		if (glide.len > 0.0) {
			const KF(vd) ga = gav + li;
			KF(smooth_at)(gl + i, &ga, &gnv);
		}
		if (lw) {
			const KF(vd) la = lav + li;
			KF(smooth_at)(lw + i, &la, &lnv);
		}
	}
}

/* KW samples of one output from the lines at i: v gliding (from + g (to
   - from); held: to), blended with the live noise if mix (v + lw (live -
   v)), then clamp(off + dep v) in float (the same as clamping the
   double: rounding is monotonic and -1 and 1 are floats; never NaN
   here) with denormals flushed. still: depth and offset h's dep0 and
   off0 (what the lines would hold, but for a zero's sign, which the
   flush makes +0). */
typedef struct {
	KF(vd) from, span, to; /* the output's, in every lane */
	KF(vd) dep0, off0;     /* (still) */
} KF(hold_v);

static KATTR inline __attribute__((always_inline)) KF(vf)
KF(hold_group)(const double *g, const double *lw, const float *live, const double *dep,
               const double *off, const KF(hold_v) *h, int held, int mix, int still)
{
	const KF(vf) fz = { 0 }, one = fz + 1.0f, mone = fz - 1.0f;
	KF(vd) v;
	if (held)
		v = h->to;
	else
		v = h->from + KLOADD(g) * h->span;
	if (mix)
		v = v + KLOADD(lw) * (__builtin_convertvector(KF(load)(live), KF(vd)) - v);
	if (still)
		return KF(flush)((KF(vf))KCLAMP(__builtin_convertvector(h->off0 + h->dep0 * v, KF(vf))));
	return KF(flush)((KF(vf))KCLAMP(__builtin_convertvector(KLOADD(off) + KLOADD(dep) * v,
	                                                          KF(vf))));
}

/* A group with gliding lanes below k and held ones from k on: each lane
   as the group of its kind makes it, taken from either (in float lanes:
   one register). */
static KATTR inline __attribute__((always_inline)) KF(vf)
KF(hold_split)(const double *g, const double *lw, const float *live, const double *dep,
               const double *off, const KF(hold_v) *h, int32_t k, int mix, int still)
{
	const KF(vi) lane = KLANES;
	const KF(vi) in = lane < k;
	const KF(vf) a = KF(hold_group)(g, lw, live, dep, off, h, 0, mix, still);
	const KF(vf) b = KF(hold_group)(g, lw, live, dep, off, h, 1, mix, still);
	return (KF(vf))(((KF(vi))a & in) | ((KF(vi))b & ~in));
}

static KATTR inline __attribute__((always_inline)) float
KF(hold_body)(float *out, uint32_t len, uint32_t ng, kernel_hold b, const float *live,
              double from, double to, int mix, int still)
{
	/* (still: no lines to read; dep and off point anywhere valid) */
	const double *const g = b.glide, *const lw = b.leave, *const dep = still ? g : b.depth,
	             *const off = still ? g : b.offset;
	const double span = to - from;
	const KF(hold_v) h = { KSPLATD(from), KSPLATD(span), KSPLATD(to), KSPLATD(b.depth0),
		                   KSPLATD(b.offset0) };
	float yl[KW], ll[KW] = { 0 };
	uint32_t i;
	for (i = 0; i + KW <= len; i += KW) {
		const float *lv = mix ? live + i : NULL; /* (live NULL unless mix) */
		KF(vf) group;
		if (i + KW <= ng)
			group = KF(hold_group)(g + i, lw + i, lv, dep + i, off + i, &h, 0, mix, still);
		else if (i >= ng)
			group = KF(hold_group)(g + i, lw + i, lv, dep + i, off + i, &h, 1, mix, still);
		else
			group = KF(hold_split)(g + i, lw + i, lv, dep + i, off + i, &h,
			                       (int32_t)(ng - i), mix, still);
		KF(store)(out + i, group);
	}
	if (i == len)
		return out[len - 1];
	/* the last group, part-filled: its live noise and output through
	   copies (the lines have room for the whole group) */
	if (mix)
		memcpy(ll, live + i, (len - i) * sizeof *ll);
	if (i < ng)
		KF(store)(yl, KF(hold_split)(g + i, lw + i, ll, dep + i, off + i, &h,
		                             (int32_t)(ng - i), mix, still));
	else
		KF(store)(yl, KF(hold_group)(g + i, lw + i, ll, dep + i, off + i, &h, 1, mix, still));
	memcpy(out + i, yl, (len - i) * sizeof *yl);
	return yl[len - i - 1];
}

/* hold: one output's len samples (len > 0) into out from hold_lines'
   lines in h, gliding for the first ng; live not NULL: leaving, with
   h->leave. Returns the last. */
static KATTR float KF(hold)(float *out, uint32_t len, uint32_t ng, const kernel_hold *h,
                            const float *live, double from, double to)
{
	if (!h->depth)
		return live ? KF(hold_body)(out, len, ng, *h, live, from, to, 1, 1)
		            : KF(hold_body)(out, len, ng, *h, NULL, from, to, 0, 1);
	return live ? KF(hold_body)(out, len, ng, *h, live, from, to, 1, 0)
	            : KF(hold_body)(out, len, ng, *h, NULL, from, to, 0, 0);
}
#undef KLOADD
#undef KSTORED
#undef KSPLATD
