/* cells.c: the tables of cells the dense kernels read (plugin/kernel_dense.h):
   a 1D octave's cell lines along x, and the cells a 2D path crosses (a
   staircase) with their corners, made per span for octaves whose cells
   last a few samples. */
#include "dsp_private.h"

#include <math.h>

/* The lines of octave k's n cells from `cell` on (cell_line, times sc),
   4 floats a cell, into line. */
void cell_table(const perlin_voice *v, int l, unsigned k, uint32_t cell, int32_t n,
                double sc, float *line)
{
	double P[DENSE_CELLS + 1], Q[DENSE_CELLS + 1];
	int32_t c;
	noise_octave_columns(&v->st[k][l].oct, v->shape.dims, cell, (unsigned)n + 1U, P, Q);
	for (c = 0; c < n; ++c) {
		double cl[4];
		unsigned m;
		cell_line(P[c], Q[c], P[c + 1], Q[c + 1] - P[c + 1], sc, cl);
		for (m = 0; m < 4; ++m)
			line[4 * c + (int32_t)m] = (float)cl[m];
	}
}

/* The cell the kernels put sample i of a span in, on a ramp from a with
   step whose j is jd at the span's start (bias: 0 when every step is
   forwards, so t >= 0, else DENSE2_BIAS; jd + i is exact, so the same
   double as theirs). */
static inline int32_t cell_at(double a, double step, double jd, int32_t i, double bias)
{
	return (int32_t)((a + (jd + (double)i) * step) + bias) - (int32_t)bias;
}

/* Where (in samples from the span's start, not rounded) ramp r leaves
   cell c: its far edge in the way it goes, from the anchor. */
static double leave_guess(const perlin_ramp *r, double jd, int32_t c)
{
	return ((r->step > 0.0 ? (double)c + 1.0 : (double)c) - r->a) * r->inv - jd;
}

/* The first sample after i, before n, whose cell is not c (n if none):
   from the guess, made exact by the loops (one test each, mostly). */
static int32_t leave_at(const perlin_ramp *r, double jd, int32_t i, int32_t c, int32_t n,
                        double bias)
{
	const double e = leave_guess(r, jd, c);
	int32_t k;
	if (r->step == 0.0 || !(e < (double)n))
		k = n;
	else
		k = e > (double)i ? (int32_t)e + 1 : i + 1;
	while (k > i + 1 && cell_at(r->a, r->step, jd, k - 1, bias) != c)
		--k;
	while (k < n && cell_at(r->a, r->step, jd, k, bias) == c)
		++k;
	return k;
}

/* leave_guess, or FAR if r never moves; how much later it leaves each
   next cell (*next: |1 / step|), and a bound on how far the kernels'
   crossing can be from the guess (*tol: an error of 1e-6 in the phase,
   far above the double rounding of the phase and of DENSE2_BIAS, 2^-32). */
#define FAR 1e300
static double leave_est(const perlin_ramp *r, double jd, int32_t c, double *next, double *tol)
{
	const double inv = r->inv < 0.0 ? -r->inv : r->inv;
	*next = inv;
	*tol = 1e-6 * (1.0 + inv);
	return r->step == 0.0 ? FAR : leave_guess(r, jd, c);
}

/* cell + d modulo period (0: 2^32) */
static uint32_t cell_plus(uint32_t cell, int32_t d, uint32_t period)
{
	int64_t c = (int64_t)cell + d;
	if (period) {
		c %= (int64_t)period;
		if (c < 0)
			c += (int64_t)period;
	}
	return (uint32_t)(uint64_t)c;
}

void dense_cells(const perlin_ramp *rx, const perlin_ramp *ry, uint32_t period, uint32_t n_,
                 dense_stair *s)
{
	const double jx = (double)rx->j, jy = (double)ry->j;
	const int32_t n = (int32_t)n_;
	const int32_t sx = rx->step < 0.0 ? -1 : 1, sy = ry->step < 0.0 ? -1 : 1;
	const double bias = sx < 0 || sy < 0 ? DENSE2_BIAS : 0.0;
	int32_t cx = cell_at(rx->a, rx->step, jx, 0, bias);
	int32_t cy = cell_at(ry->a, ry->step, jy, 0, bias);
	/* where each leaves its cell next, estimated: the staircase needs only
	   the order of the crossings, and only where a sample lies between
	   them (crossings in one sample interval leave no sample in the cell
	   between, whichever comes first); the exact samples (leave_at) are
	   looked up only where the estimates are too close to tell */
	double nx, ny, tx, ty;
	double ex = leave_est(rx, jx, cx, &nx, &tx), ey = leave_est(ry, jy, cy, &ny, &ty);
	const double lx = (double)(n - 1) + tx, ly = (double)(n - 1) + ty, close = tx + ty;
	uint32_t x = cell_plus(rx->cell, cx, period), y = ry->cell + (uint32_t)cy; /* cell c's */
	int32_t c = 0, i;
	s->p.ax = rx->a;
	s->p.sx = rx->step;
	s->p.ay = ry->a;
	s->p.sy = ry->step;
	s->p.jx = rx->j;
	s->p.jy = ry->j;
	s->p.cx0 = cx;
	s->p.cy0 = cy;
	s->p.mx = sx < 0 ? -1 : 0;
	s->p.my = sy < 0 ? -1 : 0;
	s->x[0] = x;
	s->y[0] = y;
	/* every crossing that may come at a sample before n (a cell more, past
	   the samples, is never read); x steps through the period's end to 0
	   and back, y (and x without a period) through 2^32 */
	while ((ex < lx || ey < ly) && c + 1 < (int32_t)DENSE2_CELLS) {
		const double d = ex - ey;
		int x_first = d < 0.0;
		if (fabs(d) < close) { /* too close: the samples */
			const double e = ex < ey ? ex : ey;
			const int32_t from = e > 3.0 ? (int32_t)e - 3 : 0;
			/* (at one sample, x's first) */
			x_first = leave_at(rx, jx, from, cx, n, bias) <= leave_at(ry, jy, from, cy, n, bias);
		}
		++c;
		if (x_first) {
			cx += sx;
			ex += nx;
			x += (uint32_t)sx;
			if (period && x >= period)
				x = sx > 0 ? 0U : period - 1U;
		} else {
			cy += sy;
			ey += ny;
			y += (uint32_t)sy;
		}
		s->x[c] = x;
		s->y[c] = y;
	}
	s->n = c + 1;
	for (i = c + 1; i < c + (int32_t)DENSE2_LANES; ++i) {
		s->x[i] = x;
		s->y[i] = y;
	}
}

void cell_table2(perlin_voice *v, int l, unsigned k, const dense_stair *s, double sc,
                 const float grads[32], float *tab)
{
	noise_octave_cells_2d(&v->st[k][l].oct, s->x, s->y, (unsigned)s->n, sc, grads, grads + 16,
	                      tab);
}
