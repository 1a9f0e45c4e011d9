/* kernel_dense.h (included by kernel.h, once per lane width): the table
   kernels, for octaves whose cells last a few samples: each lane finds its
   cell in a table made for the span, along x (dense) or along a 2D path
   through a staircase of cells (dense2, dense2n), and what makes a 2D
   table: the cells' places (places), corners (table2) and lines (lines2),
   KW cells at a time.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */

#if KW == 4 /* (the 4-lane kernels read a cell's floats together; the 8-lane
	      ones a row per float: see pick and table2) */
/* m[n][l] = r_l[n]: four vectors of 4 transposed (its own inverse) */
static KATTR inline __attribute__((always_inline)) void
KF(tr4)(KF(vf) r0, KF(vf) r1, KF(vf) r2, KF(vf) r3, KF(vf) m[4])
{
#if defined(__GNUC__) && !defined(__clang__)
	const KF(vi) lo = { 0, 4, 1, 5 }, hi = { 2, 6, 3, 7 };
	const KF(vi) first = { 0, 1, 4, 5 }, second = { 2, 3, 6, 7 };
	const KF(vf) t0 = __builtin_shuffle(r0, r1, lo), t1 = __builtin_shuffle(r2, r3, lo);
	const KF(vf) t2 = __builtin_shuffle(r0, r1, hi), t3 = __builtin_shuffle(r2, r3, hi);
	m[0] = __builtin_shuffle(t0, t1, first);
	m[1] = __builtin_shuffle(t0, t1, second);
	m[2] = __builtin_shuffle(t2, t3, first);
	m[3] = __builtin_shuffle(t2, t3, second);
#else
	unsigned n;
	for (n = 0; n < 4; ++n) {
		m[n][0] = r0[n];
		m[n][1] = r1[n];
		m[n][2] = r2[n];
		m[n][3] = r3[n];
	}
#endif
}

/* The 4 lanes' rows of 4 floats at line + idx[lane], transposed: m[n]
   holds each lane's float n. */
static KATTR inline __attribute__((always_inline)) void
KF(rows)(const float *line, KF(vi) idx, KF(vf) m[4])
{
	KF(tr4)(KF(load)(line + idx[0]), KF(load)(line + idx[1]), KF(load)(line + idx[2]),
	        KF(load)(line + idx[3]), m);
}

/* The 4 floats at q, each in every lane: m[n] all float n (what rows()
   gives when every lane's row is q). */
static KATTR inline __attribute__((always_inline)) void KF(spread)(const float *q, KF(vf) m[4])
{
#if defined(__SSE2__) && defined(__GNUC__)
	/* (pshufd: one instruction each, where a float shuffle takes a copy
	   first) */
	const __m128i r = _mm_loadu_si128((const __m128i *)(const void *)q);
	m[0] = (KF(vf))_mm_castsi128_ps(_mm_shuffle_epi32(r, 0x00));
	m[1] = (KF(vf))_mm_castsi128_ps(_mm_shuffle_epi32(r, 0x55));
	m[2] = (KF(vf))_mm_castsi128_ps(_mm_shuffle_epi32(r, 0xaa));
	m[3] = (KF(vf))_mm_castsi128_ps(_mm_shuffle_epi32(r, 0xff));
#elif defined(__GNUC__) && !defined(__clang__)
	const KF(vi) s0 = { 0, 0, 0, 0 }, s1 = { 1, 1, 1, 1 }, s2 = { 2, 2, 2, 2 },
		s3 = { 3, 3, 3, 3 };
	const KF(vf) r = KF(load)(q);
	m[0] = __builtin_shuffle(r, s0);
	m[1] = __builtin_shuffle(r, s1);
	m[2] = __builtin_shuffle(r, s2);
	m[3] = __builtin_shuffle(r, s3);
#else
	const KF(vf) zf = { 0 };
	unsigned n;
	for (n = 0; n < 4; ++n)
		m[n] = zf + q[n];
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
	if (ci[0] == ci[KW - 1]) /* every lane in one cell (they go on in order) */
		KF(spread)(line + (ci[0] - c0) * 4, m);
	else
		KF(rows)(line, (ci - c0) * 4, m);
	return KF(line)(u, KF(h)(u), m[0], m[1], m[2], m[3]);
}

/* acc[i] += (first: =) line_at(a + j step), for len samples of a ramp from step j, in
   an octave whose cells are short (a few samples). The kernel table
   (kernels.c) uses this one on both paths. */
static KATTR void KF(dense)(float *acc, kernel_span s, const kernel_ramp *r, int32_t c0,
                            const float *line, kernel_line g, int first)
{
	const uint32_t len = s.len, t0 = s.t0;
	const uint64_t j = r->j;
	const double a = r->a, step = r->step;
	const float g0 = g.v0, dg = g.dv;
	KF(vd) vj;
	uint32_t i;
	unsigned l;
	for (l = 0; l < KW; ++l)
		vj[l] = (double)(int64_t)(j + l);
	for (i = 0; i < len; i += KW) { /* the last vector under a mask */
		const KF(vd) t = a + vj * step;
		const KF(vf) v = KF(line_at)(&t, c0, line) * KF(gain)(g0, dg, (float)(t0 + i));
		if (len - i >= KW)
			KF(put)(acc + i, v, first);
		else
			KF(part)(acc + i, v, 0, len - i, 0, first);
		vj += (double)KW;
	}
}
#endif

/* The 8-lane 2D kernel reads its tables a float's row at a time
   (dense_stair in plugin/engine/state.h): lane l's value is row[rel[l]] (rel
   below 8: a group's samples are in at most 8 cells, one more at most a
   sample), a load and a permute. */
#if KW == 8 && defined(__x86_64__) && defined(__GNUC__)
#define KSOA 1
static KATTR inline __attribute__((always_inline)) KF(vf) KF(pick)(const float *row, __m256i rel)
{
	return (KF(vf))_mm256_permutevar8x32_ps(_mm256_loadu_ps(row), rel);
}
#else
#define KSOA 0
#endif

typedef uint32_t KF(vu) KVEC(uint32_t, KW);

/* noise_hash (noise/noise.h) in every lane */
static KATTR inline __attribute__((always_inline)) KF(vu) KF(hash)(KF(vu) x)
{
	NOISE_HASH_STEPS(x);
	return x;
}

/* The gradient x or y (8 lanes, g: noise_gradients_2d's 16 x parts, then
   16 y parts, in four registers; 4 lanes, gxy: x and y side by side) and
   the value, times sc (s17: sc / 2^17), of the lattice points
   whose hashes are h, into rows DENSE2_STRIDE apart: what
   noise_octave_cells_2d's point_f makes of each. The gradient is
   grads[h >> 28] (8 lanes: a permute of either half, picked by h's top
   bit). The value sc value_of(h), value_of(h) = ((h & 0xffff) + 1/2) /
   2^16 - 1/2 = (2 (h & 0xffff) - 65535) / 2^17 exactly, is the double
   product s17 (2 (h & 0xffff) - 65535) (the same real number, rounded
   once), then a float. */
#if KSOA
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
#else
/* (gxy: the gradients' x and y parts side by side, so a lane's two are
   one 8-byte load) */
static KATTR inline __attribute__((always_inline)) void
KF(corner)(KF(vu) h, const float *gxy, double s17, float *row)
{
	const KF(vu) idx = h >> 28;
	const KF(vi) k = (KF(vi))((h & 0xffffU) << 1) - 65535;
	const KF(vd) sv = { s17, s17, s17, s17 };
	KF(vf) gx, gy;
#if defined(__SSE2__) && defined(__GNUC__) && KW == 4
	const __m128 z = _mm_setzero_ps();
	const __m128 p01 = _mm_loadh_pi(_mm_loadl_pi(z, (const __m64 *)(const void *)(gxy + 2U * idx[0])),
	                                (const __m64 *)(const void *)(gxy + 2U * idx[1]));
	const __m128 p23 = _mm_loadh_pi(_mm_loadl_pi(z, (const __m64 *)(const void *)(gxy + 2U * idx[2])),
	                                (const __m64 *)(const void *)(gxy + 2U * idx[3]));
	gx = (KF(vf))_mm_shuffle_ps(p01, p23, 0x88);
	gy = (KF(vf))_mm_shuffle_ps(p01, p23, 0xdd);
#else
	unsigned l;
	for (l = 0; l < KW; ++l) {
		gx[l] = gxy[2U * idx[l]];
		gy[l] = gxy[2U * idx[l] + 1U];
	}
#endif
	KF(store)(row, gx);
	KF(store)(row + DENSE2_STRIDE, gy);
	KF(store)(row + 2 * DENSE2_STRIDE,
	          __builtin_convertvector(__builtin_convertvector(k, KF(vd)) * sv, KF(vf)));
}
#endif

/* rows[m DENSE2_STRIDE + c] = float m of cell c of a 2D octave's n cells
   (and up to KW - 1 more: the staircase's columns x and rows y have them,
   and the rows the room), as noise_octave_cells_2d makes them (12 a
   cell: corners 00, 10, 01, 11, each gradient x, gradient y, value,
   times sc; seed_hash the octave's, grads perlin_dsp's of sc), KW cells
   at a time, every corner hashed (the noise
   library takes shared ones from the cell before, which the lanes
   cannot). */
static KATTR void KF(table2)(uint32_t seed_hash, uint32_t period, const uint32_t *x,
                             const uint32_t *y, int32_t n, double sc, const float grads[64],
                             float *rows)
{
	const KF(vu) s = { 0 };
	const double s17 = sc * (1.0 / 131072.0);
	int32_t c;
#if KSOA
	__m256 g[4];
	g[0] = _mm256_loadu_ps(grads);
	g[1] = _mm256_loadu_ps(grads + 8);
	g[2] = _mm256_loadu_ps(grads + 16);
	g[3] = _mm256_loadu_ps(grads + 24);
#else
	const float *g = grads + 32; /* (side by side: see corner) */
#endif
	for (c = 0; c < n; c += KW) {
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

/* The lines of a 2D table's n cells along the path (struct
   perlin_kernels' lines2), KW cells at a time, from their corners in
   rows (in) into the kernels' layout (tab): with the lead
   (the ramp the path's u is on) as x, corners k = 00, 10, 01, 11 with
   gradients P along the lead and Q along the other and values V, the
   corner sums S, Dp (the lead's far corners less its near ones), Dq (the
   other's) and Dd (the diagonals), each of P, Q and the corners' constant
   terms C, give A's and B's lines as coef.c's path_coef does (there in
   double; here in float, the same operations on either lane width: Dp as
   (F1 - F0) + (F3 - F2), Dd as (F3 - F2) - (F1 - F0)). With
   y the lead, corners 10 and 01 and the gradients x and y trade places. */
#define KSUMS(F0, F1, F2, F3, S, Dp, Dq, Dd) do { \
		const KF(vf) s01 = F0 + F1, s23 = F2 + F3, d10 = F1 - F0, d32 = F3 - F2; \
		S = s01 + s23; \
		Dp = d10 + d32; \
		Dq = s23 - s01; \
		Dd = d32 - d10; \
	} while (0)
/* L from the corners of f (12 floats: 00, 10, 01, 11, each gradient x, y,
   value), the lead x or (along_y) y: corner k (lead-x order) has P, its
   gradient along the lead, Q across it, and V; with y the lead, corners
   10 and 01 and the gradients x and y trade places. */
static KATTR inline __attribute__((always_inline)) void
KF(lines_of)(const KF(vf) f[12], const int along_y, KF(vf) alpha, KF(vf) beta, KF(vf) L[8])
{
#define KCORNER(k) (along_y && (k) == 1 ? 6 : along_y && (k) == 2 ? 3 : 3 * (k))
#define KP(k) f[KCORNER(k) + (along_y ? 1 : 0)]
#define KQ(k) f[KCORNER(k) + (along_y ? 0 : 1)]
#define KV(k) f[KCORNER(k) + 2]
	const KF(vf) P0 = KP(0), P1 = KP(1), P2 = KP(2), P3 = KP(3);
	const KF(vf) Q0 = KQ(0), Q1 = KQ(1), Q2 = KQ(2), Q3 = KQ(3);
	const KF(vf) V0 = KV(0), V1 = KV(1), V2 = KV(2), V3 = KV(3);
#undef KCORNER
#undef KP
#undef KQ
#undef KV
	const KF(vf) C0 = 0.5f * (P0 + Q0) + V0, C1 = 0.5f * (Q1 - P1) + V1;
	const KF(vf) C2 = 0.5f * (P2 - Q2) + V2, C3 = V3 - 0.5f * (P3 + Q3);
	KF(vf) SP, DpP, DqP, DdP, SQ, DpQ, DqQ, DdQ, SC, DpC, DqC, DdC;
	KSUMS(P0, P1, P2, P3, SP, DpP, DqP, DdP);
	KSUMS(Q0, Q1, Q2, Q3, SQ, DpQ, DqQ, DdQ);
	KSUMS(C0, C1, C2, C3, SC, DpC, DqC, DdC);
	/* A = S / 4 + h(p) Dp / 2, B = Dq / 2 + h(p) Dd, each as l0 + l1 p +
	   h(p) (l2 p + l3), the h(p) lines times 6, B times 6 (the kernels
	   take h / 6) */
	L[0] = 0.25f * (SQ * beta + SC);
	L[1] = 0.25f * (SP + SQ * alpha);
	L[2] = 3.0f * (DpP + DpQ * alpha);
	L[3] = 3.0f * (DpQ * beta + DpC);
	L[4] = 3.0f * (DqQ * beta + DqC);
	L[5] = 3.0f * (DqP + DqQ * alpha);
	L[6] = 36.0f * (DdP + DdQ * alpha);
	L[7] = 36.0f * (DdQ * beta + DdC);
}
#undef KSUMS
static KATTR inline __attribute__((always_inline)) void
KF(lines2_body)(int32_t n, const int along_y, float alpha, const float *beta, const float *in,
                float *tab)
{
	const KF(vf) zf = { 0 };
	const KF(vf) va = zf + alpha;
	int32_t c;
	for (c = 0; c < n; c += KW) {
		KF(vf) f[12], L[8];
#pragma GCC unroll 12
		for (int m = 0; m < 12; ++m)
			f[m] = KF(load)(in + m * (int32_t)DENSE2_STRIDE + c);
		KF(lines_of)(f, along_y, va, KF(load)(beta + c), L);
#if KSOA
#pragma GCC unroll 8
		for (int m = 0; m < 8; ++m)
			KF(store)(tab + m * (int32_t)DENSE2_STRIDE + c, L[m]);
#else
		{ /* 4 cells' 8 floats together: rows of 4 transposed */
			float *o = tab + 8 * c;
			KF(vf) r[4];
			KF(tr4)(L[0], L[1], L[2], L[3], r);
			KF(store)(o, r[0]);
			KF(store)(o + 8, r[1]);
			KF(store)(o + 16, r[2]);
			KF(store)(o + 24, r[3]);
			KF(tr4)(L[4], L[5], L[6], L[7], r);
			KF(store)(o + 4, r[0]);
			KF(store)(o + 12, r[1]);
			KF(store)(o + 20, r[2]);
			KF(store)(o + 28, r[3]);
		}
#endif
	}
}

static KATTR void KF(lines2)(int32_t n, int along_y, float alpha, const float *beta,
                             const float *in, float *tab)
{
	if (along_y)
		KF(lines2_body)(n, 1, alpha, beta, in, tab);
	else
		KF(lines2_body)(n, 0, alpha, beta, in, tab);
}

/* Each cell's place and beta (struct perlin_kernels' places), KW cells at
   a time, in double as cells.c would one at a time. */
static KATTR inline __attribute__((always_inline)) void KF(places_body)(dense_stair *s,
                                                                        const int along_y)
{
	const KF(vd) zd = { 0 };
	const KF(vd) jx = zd + s->jx, jy = zd + s->jy, sx = zd + s->sx, sy = zd + s->sy;
	const KF(vd) ahx = zd + s->ahx, ahy = zd + s->ahy, al = zd + s->alpha;
	float *pos = s->pos;
	int32_t c;
	for (c = 0; c < s->n; c += KW) {
		KF(vi) jc, cx, cy;
		memcpy(&jc, s->jc + c, sizeof jc);
		memcpy(&cx, s->cx + c, sizeof cx);
		memcpy(&cy, s->cy + c, sizeof cy);
		{
			const KF(vd) jd = __builtin_convertvector(jc, KF(vd));
			const KF(vd) ux = ((jx + jd) * sx + ahx) - __builtin_convertvector(cx, KF(vd));
			const KF(vd) uy = ((jy + jd) * sy + ahy) - __builtin_convertvector(cy, KF(vd));
			const KF(vd) u = along_y ? uy : ux, w = along_y ? ux : uy;
			const KF(vf) bf = __builtin_convertvector(w - al * u, KF(vf));
			const KF(vf) uf = __builtin_convertvector(u, KF(vf));
			const KF(vf) jf = __builtin_convertvector(jc, KF(vf));
			KF(store)(s->beta + c, bf);
#if KSOA
			KF(store)(pos + c, jf);
			KF(store)(pos + DENSE2_STRIDE + c, uf);
			KF(store)(pos + 2 * DENSE2_STRIDE + c, bf);
#else
			{ /* Jc, uc, beta, 0 a cell: the four transposed */
				const KF(vf) zf = { 0 };
				KF(vf) r[4];
				KF(tr4)(jf, uf, bf, zf, r);
				KF(store)(pos + 4 * c, r[0]);
				KF(store)(pos + 4 * c + 4, r[1]);
				KF(store)(pos + 4 * c + 8, r[2]);
				KF(store)(pos + 4 * c + 12, r[3]);
			}
#endif
		}
	}
}

static KATTR void KF(places)(dense_stair *s)
{
	if (s->along_y)
		KF(places_body)(s, 1);
	else
		KF(places_body)(s, 0);
}

/* acc[l][i] += (first[l]: =) g(i) x a 2D octave along path p
   (kernel_types.h) for len samples, for nl layers l, their cells' lines
   from the tables tab[l] (cell_lines2 in cells.c: 8 floats a cell, A's
   and B's lines; with 8 lanes a row per float, see table2) and g layer
   0's gain line (g0a, dga), the others' (g0b, dgb): lane by lane the
   sample's cell from the path's list, its place there (u = uc + (j - Jc)
   su, and w = alpha u + beta for the other ramp) and the fades h6(u) and
   h6(w), made once for every layer, then each layer's value as seg2l's
   lines (plugin/engine/kernel_seg.h: the same operations as KF(lines)). */
#ifndef DENSE2_ARGS
#define DENSE2_ARGS
/* what every group of a dense2 span reads: the layers' sums, tables and
   first flags (copies: a store through acc[l] could change the caller's),
   the path, the span and the gain lines (layer 0's, the others') */
typedef struct {
	float *acc[PERLIN_LAYERS];
	const float *tab[PERLIN_LAYERS];
	int first[PERLIN_LAYERS];
	const dense_stair *p;
	kernel_span s;
	kernel_line ga, gb;
} dense2_args;
#endif
static KATTR inline __attribute__((always_inline)) void
KF(dense2_group)(const dense2_args *x, uint32_t i, KF(vf) jf, KF(vf) su, KF(vf) va, const int nl,
                 const int steady, const int full, const int first_c)
{
	float *const *acc = x->acc;
	const float *const *tab = x->tab;
	const int *first = x->first;
	const dense_stair *p = x->p;
	const uint32_t len = x->s.len, t0 = x->s.t0;
	const float g0a = x->ga.v0, dga = x->ga.dv, g0b = x->gb.v0, dgb = x->gb.dv;
	const int32_t *idx = p->idx;
	const float *pos = p->pos;
	const KF(vf) zf = { 0 };
	KF(vi) ci;
	int32_t c0;
	KF(vf) jc, uc, beta;
	int l;
	memcpy(&ci, idx + i, sizeof ci);
#if KSOA
	c0 = ci[0];
	const __m256i rel = (__m256i)(ci - c0);
	jc = KF(pick)(pos + c0, rel);
	uc = KF(pick)(pos + DENSE2_STRIDE + c0, rel);
	beta = KF(pick)(pos + 2 * DENSE2_STRIDE + c0, rel);
#else
	c0 = idx[i];
	/* (the lanes' cells go on along the staircase: the first and last
	   alike, so are all) */
	const int same = c0 == idx[i + KW - 1];
	{
		KF(vf) pc[4];
		if (same)
			KF(spread)(pos + 4 * c0, pc);
		else
			KF(rows)(pos, ci * 4, pc);
		jc = pc[0];
		uc = pc[1];
		beta = pc[2];
	}
#endif
	{
		const KF(vf) u = uc + (jf - jc) * su;
		const KF(vf) hu = KF(h6)(u), hw = KF(h6)(va * u + beta);
		/* (steady: both gains, as gain() has them) */
		const KF(vf) ga = steady ? zf + g0a : KF(gain)(g0a, dga, (float)(t0 + i));
		const KF(vf) gb = nl == 1 ? ga : steady ? zf + g0b : KF(gain)(g0b, dgb, (float)(t0 + i));
#pragma GCC unroll 5
		for (l = 0; l < nl; ++l) {
			KF(vf) w;
#if KSOA
			const float *t = tab[l] + c0;
#define KPICK(m) KF(pick)(t + (m) * (int)DENSE2_STRIDE, rel)
			w = KF(line)(u, hu, KPICK(0), KPICK(1), KPICK(2), KPICK(3)) +
			    hw * KF(line)(u, hu, KPICK(4), KPICK(5), KPICK(6), KPICK(7));
#undef KPICK
#else
			KF(vf) a[4], b[4];
			if (same) { /* every lane in one cell: its floats, each in every lane */
				KF(spread)(tab[l] + 8 * c0, a);
				KF(spread)(tab[l] + 8 * c0 + 4, b);
			} else {
				KF(rows)(tab[l], ci * 8, a);
				KF(rows)(tab[l] + 4, ci * 8, b);
			}
			w = KF(line)(u, hu, a[0], a[1], a[2], a[3]) +
			    hw * KF(line)(u, hu, b[0], b[1], b[2], b[3]);
#endif
			{
				const KF(vf) v = w * (l ? gb : ga);
				const int first_l = first_c >= 0 ? first_c : first[l];
				if (full)
					KF(put)(acc[l] + i, v, first_l);
				else
					KF(part)(acc[l] + i, v, 0, len - i, 0, first_l);
			}
		}
	}
}

/* acc[l][i] += (first: =) ... for len samples: the whole groups, then the
   last under a mask (first_c: first for every layer, or -1: first_[l]) */
static KATTR inline __attribute__((always_inline)) void
KF(dense2_body)(float *const *acc, const float *const *tab, const int *first, const dense_stair *p,
                kernel_span s, kernel_line ga, kernel_line gb, const int nl, const int steady,
                const int first_c)
{
	dense2_args x;
	const KF(vf) zf = { 0 };
	const KF(vf) su = zf + p->su, va = zf + p->alphaf;
	KF(vf) jf = KLANES; /* the lanes' samples in the span: whole numbers */
	uint32_t i;
	int l;
	for (l = 0; l < nl; ++l) {
		x.acc[l] = acc[l];
		x.tab[l] = tab[l];
		x.first[l] = first[l];
	}
	x.p = p;
	x.s = s;
	x.ga = ga;
	x.gb = gb;
	for (i = 0; i + KW <= s.len; i += KW, jf += (float)KW)
		KF(dense2_group)(&x, i, jf, su, va, nl, steady, 1, first_c);
	if (i < s.len)
		KF(dense2_group)(&x, i, jf, su, va, nl, steady, 0, first_c);
}

/* One layer (g its gain line; a loop each for a store and an add), and
   every layer at once: a loop each for steady gains. */
#define KDENSE2(acc, tab, ga, gb, first, nl, first_c) do { \
		if ((ga).dv == 0.0f && (gb).dv == 0.0f) \
			KF(dense2_body)(acc, tab, first, p, s, ga, gb, nl, 1, first_c); \
		else \
			KF(dense2_body)(acc, tab, first, p, s, ga, gb, nl, 0, first_c); \
	} while (0)
static KATTR void KF(dense2)(float *acc, kernel_span s, const dense_stair *p, const float *tab,
                             kernel_line g, int first)
{
	const kernel_line none = { 0.0f, 0.0f };
	if (first)
		KDENSE2(&acc, &tab, g, none, &first, 1, 1);
	else
		KDENSE2(&acc, &tab, g, none, &first, 1, 0);
}

static KATTR void KF(dense2n)(float *const *acc, kernel_span s, const dense_stair *p,
                              const float *const *tab, kernel_line ga, kernel_line gb,
                              const int *first)
{
	KDENSE2(acc, tab, ga, gb, first, PERLIN_LAYERS, -1);
}
#undef KDENSE2
#undef KSOA
