/* warp_lanes.h: warp.c's loops over a span, WW samples at once (4: SSE2,
   the baseline; 8: AVX2), included by warp.c once per width with WN()
   naming and WATTR targeting them. Every vector is of the target's own
   width (WW floats; a group's doubles in two halves of WW / 2), so none
   goes through memory; each lane is the same operations as the sample
   warp_sample makes, so any width renders the same bits.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */

typedef float WN(f) __attribute__((vector_size(WW * sizeof(float))));
typedef int32_t WN(i) __attribute__((vector_size(WW * sizeof(int32_t))));
typedef float WN(hf) __attribute__((vector_size(WW / 2 * sizeof(float))));
typedef double WN(d) __attribute__((vector_size(WW / 2 * sizeof(double))));

/* a group's doubles: lanes 0 .. WW / 2 - 1 in a, the others in b */
typedef struct {
	WN(d) a, b;
} WN(g);

static WATTR inline __attribute__((always_inline)) WN(g) WN(load)(const double *p, double less)
{
	WN(g) r;
	memcpy(&r.a, p, sizeof r.a);
	memcpy(&r.b, p + WW / 2, sizeof r.b);
	r.a -= less;
	r.b -= less;
	return r;
}

/* the group's doubles as floats */
static WATTR inline __attribute__((always_inline)) WN(f) WN(tof)(WN(g) x)
{
	const WN(hf) a = __builtin_convertvector(x.a, WN(hf)), b = __builtin_convertvector(x.b, WN(hf));
#if WW == 8
	return __builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7);
#else
	return __builtin_shufflevector(a, b, 0, 1, 2, 3);
#endif
}

/* c + s x in every lane */
static WATTR inline __attribute__((always_inline)) WN(g) WN(line)(double c, double s, WN(g) x)
{
	WN(g) r;
	r.a = c + s * x.a;
	r.b = c + s * x.b;
	return r;
}

/* Lanes where x < t, all bits set: x - t's sign, from each double's high
   word (x - t is never -0 where x >= t). */
static WATTR inline __attribute__((always_inline)) WN(i) WN(below)(WN(g) x, double t)
{
	const WN(d) da = x.a - t, db = x.b - t;
	WN(i) a, b;
	memcpy(&a, &da, sizeof a);
	memcpy(&b, &db, sizeof b);
#if WW == 8
	return __builtin_shufflevector(a, b, 1, 3, 5, 7, 9, 11, 13, 15) >> 31;
#else
	return __builtin_shufflevector(a, b, 1, 3, 5, 7) >> 31;
#endif
}

/* whether any lane of a mask is set */
static WATTR inline __attribute__((always_inline)) int WN(any)(WN(i) mask)
{
#if WW == 8
	typedef int32_t i4 __attribute__((vector_size(4 * sizeof(int32_t))));
	const i4 q = __builtin_shufflevector(mask, mask, 0, 1, 2, 3) |
	             __builtin_shufflevector(mask, mask, 4, 5, 6, 7);
#else
	const WN(i) q = mask;
#endif
	return ((q[0] | q[1]) | (q[2] | q[3])) != 0;
}

/* coefficient k of an octave's lanes c (WARP_VALUE_BY's C) */
#ifndef WARP_LANE
#define WARP_LANE(c, k) WN(lf)((c)[k])
#endif

/* a lane vector of floats, of doubles (both halves alike) from an
   octave's lanes */
static WATTR inline __attribute__((always_inline)) WN(f) WN(lf)(const float *p)
{
	WN(f) r;
	memcpy(&r, p, sizeof r);
	return r;
}

static WATTR inline __attribute__((always_inline)) WN(d) WN(ld)(const double *p)
{
	WN(d) r;
	memcpy(&r, p, sizeof r);
	return r;
}

/* Octave o (2D, layer 0 alone heard, x in its cell in every lane) over
   a group whose y spans at most 8 cells within 8 of the octave's: each
   lane's cell's coefficients picked, and its uy from that cell, so each
   lane is the sample warp_sample would make; into val, the octave moved
   on to the last lane's cell. 0 where y goes further (nothing done). */
static WATTR inline __attribute__((always_inline)) int
WN(picked)(perlin_voice *v, warp_oct *o, WN(g) w, WN(g) n, WN(g) m, WN(f) at, WN(f) *val)
{
#if WW == 8
	typedef int32_t ih __attribute__((vector_size(4 * sizeof(int32_t))));
#define WARP_HALF(x, h) __builtin_shufflevector(x, x, 4 * (h), 4 * (h) + 1, 4 * (h) + 2, 4 * (h) + 3)
#define WARP_JOIN(a, b) __builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7)
#else
	typedef int32_t ih __attribute__((vector_size(2 * sizeof(int32_t))));
#define WARP_HALF(x, h) __builtin_shufflevector(x, x, 2 * (h), 2 * (h) + 1)
#define WARP_JOIN(a, b) __builtin_shufflevector(a, b, 0, 1, 2, 3)
#endif
	const WN(f) zf = { 0.0f };
	const double b = o->fy - 8.0; /* (the cells counted from) */
	WN(g) y, dd, fy;
	WN(i) idx, fix;
	WN(f) cv[12];
	int j, k, lo, hi;
	y.a = ((o->ya + o->py * n.a) + o->qy * w.a) + o->my * m.a; /* (warp_sample's y) */
	y.b = ((o->ya + o->py * n.b) + o->qy * w.b) + o->my * m.b;
	dd.a = y.a - b;
	dd.b = y.b - b;
	if (WN(any)(WN(below)(dd, 0.0) | ~WN(below)(dd, 17.0)))
		return 0;
	/* each lane's cell, b + idx: y - b rounded may reach the next whole
	   number (never fall below its own), so one less where y is below */
	idx = WARP_JOIN(__builtin_convertvector(dd.a, ih), __builtin_convertvector(dd.b, ih));
	fy.a = b + __builtin_convertvector(WARP_HALF(idx, 0), WN(d));
	fy.b = b + __builtin_convertvector(WARP_HALF(idx, 1), WN(d));
	{
		WN(g) under;
		under.a = y.a - fy.a;
		under.b = y.b - fy.b;
		fix = WN(below)(under, 0.0);
	}
	idx += fix;
	fy.a += __builtin_convertvector(WARP_HALF(fix, 0), WN(d));
	fy.b += __builtin_convertvector(WARP_HALF(fix, 1), WN(d));
	lo = hi = idx[0];
	for (j = 1; j < WW; ++j) {
		lo = idx[j] < lo ? idx[j] : lo;
		hi = idx[j] > hi ? idx[j] : hi;
	}
	if (hi - lo > 7)
		return 0; /* (more than warp_seen keeps at once) */
	{
		const float *c = warp_seen(v, o, o->fx, b + (double)lo);
#pragma GCC unroll 12
		for (k = 0; k < 12; ++k)
			cv[k] = zf + c[k];
	}
	for (j = lo + 1; j <= hi; ++j) { /* the lanes in cell j or above take its */
		const WN(i) pj = idx > j - 1;
		const float *cj = warp_seen(v, o, o->fx, b + (double)j);
#pragma GCC unroll 12
		for (k = 0; k < 12; ++k) {
			const WN(f) f = zf + cj[k];
			WN(i) r, e;
			memcpy(&r, &cv[k], sizeof r);
			memcpy(&e, &f, sizeof e);
			r = (r & ~pj) | (e & pj);
			memcpy(&cv[k], &r, sizeof r);
		}
	}
#undef WARP_HALF
#undef WARP_JOIN
	{
		WN(g) u;
		u.a = ((((o->ya - fy.a) - 0.5) + o->my * m.a) + o->py * n.a) + o->qy * w.a;
		u.b = ((((o->ya - fy.b) - 0.5) + o->my * m.b) + o->py * n.b) + o->qy * w.b;
		WARP_VALUE(WN(f), cv, 2, WN(tof)(WN(line)(o->ux0, o->sx, w)), WN(tof)(u),
		           o->g0[0] + o->dg[0] * at, *val);
	}
	if (fy.b[WW / 2 - 1] != o->fy)
		warp_oct_y(v, o, fy.b[WW / 2 - 1]);
	return 1;
}

/* The voice's nh octaves heard (the fold's first) over the span, each
   sample's sum from 0 with its octaves added in order, into acc: WW
   samples at once where every lane of an octave is in its cell (or, 2D,
   y in a few: picked), else a sample at a time. */
static WATTR inline __attribute__((always_inline)) void
WN(voice_n)(perlin_dsp *d, perlin_voice *v, warp_oct *oct, unsigned nh, warp_fold *fold,
            float *const acc[], uint32_t len, uint32_t t0, const int dims, const int nl,
            const int dy)
{
	const double aw = v->anchor.w, am = v->anchor.m, mc = d->warp_M0 - am;
	const unsigned nf = fold->n;
	const WN(f) zf = { 0.0f };
	WN(g) n, m;
	WN(f) at, fc[7];
	uint32_t i;
	unsigned h, layers = 0;
	int l, k, fold_stale = 1;
	for (h = 0; h < nh; ++h)
		layers |= oct[h].heard;
	for (k = 0; k < WW / 2; ++k) {
		n.a[k] = (double)(d->warp_n0 - v->anchor.n) + (double)k;
		n.b[k] = (double)(d->warp_n0 - v->anchor.n) + (double)(k + WW / 2);
		m.a[k] = m.b[k] = 0.0 + mc; /* (as n 0.0 + mc) */
	}
	for (k = 0; k < WW; ++k)
		at[k] = (float)(t0 + (uint32_t)k);
	for (i = 0; i + WW <= len; i += WW, n.a += (double)WW, n.b += (double)WW, at += (float)WW) {
		const double w7 = d->warp_w[i + WW - 1U] - aw; /* (w's last lane) */
		const WN(g) w = WN(load)(d->warp_w + i, aw);
		WN(f) sum[PERLIN_LAYERS];
		for (l = 0; l < nl; ++l)
			sum[l] = zf;
		if (dims == 2 && dy)
			m = WN(load)(d->warp_m + i, am);
		if (nf) { /* (1D, one output) */
			if (fold_stale) {
				for (k = 0; k < 7; ++k)
					fc[k] = zf + fold->vf->c[k];
				fold_stale = 0;
			}
			if (w7 < fold->wlim) {
				WN(g) t;
				t.a = (w.a - fold->vf->o) * fold->vf->inv;
				t.b = (w.b - fold->vf->o) * fold->vf->inv;
				sum[0] += WARP_FOLD(fc, WN(tof)(t));
			} else { /* a crossing among them: a sample at a time */
				WN(f) lane;
				unsigned j;
				for (j = 0; j < WW; ++j)
					lane[j] = warp_fold_sample(d, v, oct, fold, i + j);
				sum[0] += lane;
				fold_stale = 1;
			}
		}
		for (h = nf; h < nh; ++h) {
			warp_oct *o = &oct[h];
			/* every lane in its cell? x moves one way: its last lane says */
			int inside = w7 < o->wlim;
			WN(g) y = { { 0.0 }, { 0.0 } };
			WN(f) picked;
			if (dims == 2 && inside) {
				/* a hair inside at both ends where y moves one way, else
				   every lane (no sign bit among y - lo and hi - y) */
				const double lo = -0.5 + 1e-9, hi = 0.5 - 1e-9;
				const WN(d) zd = { 0.0 };
				const WN(d) py = zd + o->py, qy = zd + o->qy;
				if (dy) {
					const WN(d) uy = zd + o->uy0, my = zd + o->my;
					y.a = ((uy + my * m.a) + py * n.a) + qy * w.a;
					y.b = ((uy + my * m.b) + py * n.b) + qy * w.b;
				} else { /* (uym: uy0 + my m already) */
					const WN(d) uy = zd + o->uym;
					y.a = (uy + py * n.a) + qy * w.a;
					y.b = (uy + py * n.b) + qy * w.b;
				}
				if (o->y_one_way)
					inside = y.a[0] >= lo && y.a[0] <= hi && y.b[WW / 2 - 1] >= lo &&
					         y.b[WW / 2 - 1] <= hi;
				else
					inside = !WN(any)(WN(below)(y, lo) | ~WN(below)(y, hi));
			}
			if (inside) {
				WN(d) ux0, sx;
				WN(g) xu;
				WN(f) ux, uy = zf;
				if (o->lanes_stale)
					warp_oct_lanes(o, dims);
				ux0 = WN(ld)(o->lx[WARP_UX0]);
				sx = WN(ld)(o->lx[WARP_SX]);
				xu.a = ux0 + sx * w.a;
				xu.b = ux0 + sx * w.b;
				ux = WN(tof)(xu);
				if (dims == 2)
					uy = WN(tof)(y);
				if (o->heard & 1U) {
					WN(f) val;
					WARP_VALUE_BY(WN(f), WARP_LANE, o->lc[0], dims, ux, uy,
					              WN(lf)(o->lg[0]) + WN(lf)(o->lg[1]) * at, val);
					sum[0] += val;
				}
				if (nl > 1) {
					const WN(f) g = WN(lf)(o->lg[2]) + WN(lf)(o->lg[3]) * at;
					for (l = 1; l < nl; ++l) {
						WN(f) val;
						if (!(o->heard >> l & 1U))
							continue;
						WARP_VALUE_BY(WN(f), WARP_LANE, o->lc[l], dims, ux, uy, g, val);
						sum[l] += val;
					}
				}
			} else if (dims == 2 && o->heard == 1U && w7 < o->wlim &&
			           WN(picked)(v, o, w, n, m, at, &picked)) {
				sum[0] += picked; /* (x in its cell, y in a few: each lane's picked) */
			} else { /* a cell begins among them: a sample at a time */
				float val[WW][PERLIN_LAYERS];
				unsigned j;
				for (j = 0; j < WW; ++j)
					warp_sample(d, v, o, i + j, t0, dims, nl, val[j]);
				for (l = 0; l < nl; ++l) {
					WN(f) lane;
					if (!(o->heard >> l & 1U))
						continue;
					for (j = 0; j < WW; ++j)
						lane[j] = val[j][l];
					sum[l] += lane;
				}
			}
		}
		for (l = 0; l < nl; ++l)
			if (layers >> l & 1U)
				memcpy(acc[l] + i, &sum[l], sizeof sum[l]);
	}
	for (; i < len; ++i) { /* the last few */
		float sum[PERLIN_LAYERS] = { 0.0f, 0.0f, 0.0f, 0.0f, 0.0f };
		if (nf)
			sum[0] += warp_fold_sample(d, v, oct, fold, i);
		for (h = nf; h < nh; ++h) {
			float val[PERLIN_LAYERS];
			warp_sample(d, v, &oct[h], i, t0, dims, nl, val);
			for (l = 0; l < nl; ++l)
				if (oct[h].heard >> l & 1U)
					sum[l] += val[l];
		}
		for (l = 0; l < nl; ++l)
			if (layers >> l & 1U)
				acc[l][i] = sum[l];
	}
}

/* (dims, the layers and whether the morph CV moves constants in each) */
static WATTR void WN(voice)(perlin_dsp *d, perlin_voice *v, warp_oct *oct, unsigned nh,
                            warp_fold *fold, float *const acc[], uint32_t len, uint32_t t0)
{
	const int dy = d->warp_dy_on;
#define WARP_VOICE(nl) \
	(v->shape.dims == 1 ? WN(voice_n)(d, v, oct, nh, fold, acc, len, t0, 1, nl, 0) \
	 : dy               ? WN(voice_n)(d, v, oct, nh, fold, acc, len, t0, 2, nl, 1) \
	                    : WN(voice_n)(d, v, oct, nh, fold, acc, len, t0, 2, nl, 0))
	if (v->layers == 1)
		WARP_VOICE(1);
	else
		WARP_VOICE(PERLIN_LAYERS);
#undef WARP_VOICE
}
