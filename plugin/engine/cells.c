/* cells.c: the tables of cells the dense kernels read (plugin/engine/kernel_dense.h):
   a 1D octave's cell lines along x, and the cells a 2D path crosses (a
   staircase: each one's lattice column and row, the sample it starts at,
   and each sample's cell), made per span for octaves whose cells last a
   few samples; the kernels make the 2D cells' places, corners and lines
   from it. render.c calls it; it calls coef.c (a cell's lines).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "cells.h"
#include "coef.h"
#include "ramp.h"

#include <math.h>
#include <string.h>

/* The lines of octave k's n cells from `cell` on (cell_line, times sc),
   4 floats a cell, into line. */
void cell_table(const perlin_voice *v, int l, unsigned k, uint32_t cell, int32_t n,
                double sc, float *line)
{
	double P[DENSE_CELLS + 1], Q[DENSE_CELLS + 1];
	int32_t c;
	noise_octave_columns(&v->stream[l][k].oct, v->shape.dims, cell, (unsigned)n + 1U, P, Q);
	for (c = 0; c < n; ++c) {
		double cl[4];
		unsigned m;
		cell_line(P[c], Q[c], P[c + 1], Q[c + 1] - P[c + 1], sc, cl);
		for (m = 0; m < 4; ++m)
			line[4 * c + (int32_t)m] = (float)cl[m];
	}
}

/* A ramp's cells as the 2D table and kernel see them: the sample
   (counted from the ramp's anchor) where it enters cell c (counted from
   its cell) is ceil((c + edge) inv), edge = -a forwards and 1 - a backwards:
   the first at which a + j step has reached the cell's near edge, as one
   rounding has it (the rule the staircase and the places share, not the
   exact crossing: a sample within rounding of an edge is in either cell,
   and a cell's formula holds a little past its edges); and the phase in
   the cell at sample j, u = (j step + a - 1/2) - c. */
typedef struct {
	double edge, inv, step, ah;
	int64_t d; /* the way it goes: 1, or -1 */
} walk;

static void walk_of(const perlin_ramp *r, walk *w)
{
	w->edge = (r->step > 0.0 ? 0.0 : 1.0) - r->a;
	w->inv = r->inv;
	w->step = r->step;
	w->ah = r->a - 0.5;
	w->d = r->step < 0.0 ? -1 : 1;
}

#define FAR 1e300 /* (never: a ramp that stands still) */
/* ceil((c + edge) inv) for a ramp that moves; past 4e18 (a slow ramp's
   entry far beyond any span, or long before it) as it is, and FAR where
   it is not a number (1 / step infinite and the phase on the edge: then
   the cell before it, by cell_now, which a phase on its edge may be in) */
static inline double enter_moving(const walk *w, double c)
{
	const double e = (c + w->edge) * w->inv;
	double t;
	if (!(fabs(e) < 4e18))
		return e == e ? e : FAR;
	t = (double)(int64_t)e;
	return t < e ? t + 1.0 : t;
}

static inline double enter_at(const walk *w, int64_t c)
{
	return w->step == 0.0 ? FAR : enter_moving(w, (double)c);
}

/* The cell r is in at sample j by enter_at's rule (the floor of the
   phase, moved where rounding disagrees). */
static int64_t cell_now(const perlin_ramp *r, const walk *w)
{
	const double j = (double)(int64_t)r->j;
	int64_t c = (int64_t)floor(r->a + j * r->step);
	if (r->step == 0.0)
		return c;
	while (enter_at(w, c + w->d) <= j)
		c += w->d;
	while (enter_at(w, c) > j)
		c -= w->d;
	return c;
}

/* idx[from .. to) = c, 4 at a time (up to 3 more written: the next cell's
   fill, or the slack, takes them) */
static inline void fill(int32_t *idx, int32_t from, int32_t to, int32_t c)
{
	typedef int32_t v4 __attribute__((vector_size(16)));
	const v4 cv = { c, c, c, c };
	do {
		memcpy(idx + from, &cv, sizeof cv);
		from += 4;
	} while (from < to);
}

void dense_cells(const perlin_ramp *rx, const perlin_ramp *ry, uint32_t period, uint32_t n_,
                 dense_stair *s)
{
	const int32_t n = (int32_t)n_;
	const double jx = (double)(int64_t)rx->j, jy = (double)(int64_t)ry->j;
	/* the lead: the ramp that moves faster */
	const int along_y = fabs(ry->step) > fabs(rx->step);
	const double alpha = along_y ? rx->step / ry->step : ry->step / rx->step;
	walk wx, wy;
	int64_t cx, cy;
	uint32_t x, y;
	int32_t c = 0, from = 0, i;
	walk_of(rx, &wx);
	walk_of(ry, &wy);
	cx = cell_now(rx, &wx);
	cy = cell_now(ry, &wy);
	x = ramp_cell_plus(rx->cell, cx, period);
	y = ry->cell + (uint32_t)cy;
	s->along_y = along_y;
	s->alpha = alpha;
	s->jx = jx;
	s->jy = jy;
	s->sx = rx->step;
	s->sy = ry->step;
	s->ahx = wx.ah;
	s->ahy = wy.ah;
	s->su = (float)(along_y ? ry->step : rx->step);
	s->alphaf = (float)alpha;
	{ /* the first cell began when the later of the two entered theirs:
	     the lead's entry (its step at least 1/96 a sample, so at most 96
	     samples before), or the other's if that ramp moves and came
	     later (a slow one's may be far back, or past any double) */
		const double bx = enter_at(&wx, cx) - jx, by = enter_at(&wy, cy) - jy;
		const double other = along_y ? bx : by;
		double jc0 = along_y ? by : bx;
		if ((along_y ? rx->step : ry->step) != 0.0 && other > jc0)
			jc0 = other;
		s->jc[0] = (int32_t)jc0;
	}
	s->x[0] = x;
	s->y[0] = y;
	s->cx[0] = (int32_t)cx;
	s->cy[0] = (int32_t)cy;
	/* each entry before n, in order (both at one sample: one cell, the
	   diagonal); x steps through the period's end to 0 and back, y (and x
	   without a period) through 2^32 */
	{
		const int32_t last = (int32_t)DENSE2_CELLS - 1;
		const int32_t dx = (int32_t)wx.d, dy = (int32_t)wy.d;
		const double nd = (double)n;
		/* where each enters its next cell, from the span's first sample */
		double ex = enter_at(&wx, cx + wx.d) - jx, ey = enter_at(&wy, cy + wy.d) - jy;
		int32_t cxi = (int32_t)cx, cyi = (int32_t)cy;
		for (;;) {
			const double e = ex < ey ? ex : ey;
			int32_t to;
			if (!(e < nd) || c >= last)
				break;
			to = (int32_t)e;
			fill(s->idx, from, to, c);
			from = to;
			++c;
			if (ex <= e) {
				cxi += dx;
				ex = enter_moving(&wx, (double)(cxi + dx)) - jx;
				x += (uint32_t)dx;
				if (period && x >= period)
					x = dx > 0 ? 0U : period - 1U;
			}
			if (ey <= e) {
				cyi += dy;
				ey = enter_moving(&wy, (double)(cyi + dy)) - jy;
				y += (uint32_t)dy;
			}
			s->x[c] = x;
			s->y[c] = y;
			s->jc[c] = to;
			s->cx[c] = cxi;
			s->cy[c] = cyi;
		}
	}
	fill(s->idx, from, n, c);
	s->n = c + 1;
	for (i = c + 1; i < c + (int32_t)DENSE2_LANES; ++i) {
		s->x[i] = x;
		s->y[i] = y;
		s->jc[i] = s->jc[c];
		s->cx[i] = s->cx[c];
		s->cy[i] = s->cy[c];
	}
}
