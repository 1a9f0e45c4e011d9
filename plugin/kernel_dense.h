/* kernel_dense.h (included by kernel.h, once per lane width): the table
   kernels, for octaves whose cells last a few samples: each lane finds its
   cell in a table made for the span, along x (dense) or along a 2D path
   through a staircase of cells (dense2, dense2n; table2, the 8-lane
   kernels' table). */

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

/* The 4 floats at q, each in every lane: m[n] all float n (what rows()
   gives when every lane's row is q). */
static KATTR inline __attribute__((always_inline)) void KF(spread)(const float *q, KF(vf) m[4])
{
#if defined(__GNUC__) && !defined(__clang__)
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
	/* the path's anchors and steps in every lane, once (read through p
	   in the loop, they were loaded again after each store) */
	const KF(vd) ax = zd + p->ax, sxd = zd + p->sx, ay = zd + p->ay, syd = zd + p->sy;
	uint32_t i;
	int l;
	for (l = 0; l < nl; ++l) {
		acc[l] = acc_[l];
		tab[l] = tab_[l];
		st[l] = st_[l];
	}
	for (i = 0; i < len; i += KW, jx += (double)KW, jy += (double)KW) {
		/* (the last vector under a mask) */
		const KF(vd) tx = ax + ((zd + jx) + lane) * sxd;
		const KF(vd) ty = ay + ((zd + jy) + lane) * syd;
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
		/* (the lanes' cells go on along the staircase: the first and
		   last alike, so are all) */
		const int same = nc[0] == nc[KW - 1];
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
			if (same) { /* every lane in one cell: its floats, each in every lane */
				KF(spread)(tab[l] + n[0], a);
				KF(spread)(tab[l] + n[0] + 4, b);
				KF(spread)(tab[l] + n[0] + 8, c);
			} else {
				KF(rows)(tab[l], n, a);
				KF(rows)(tab[l] + 4, n, b);
				KF(rows)(tab[l] + 8, n, c);
			}
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
