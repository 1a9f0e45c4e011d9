/* octave.h: one octave's decisions, which the render loop (render.c) and
   the steady plan (plan.c) both make the same way: its gain lines and
   which layers are heard (octave_gains), how it renders in a span (dense,
   dense2 or by segments) with its cells and coefficients brought up to
   date (octave_begin), the kernel of a 2D path's segment (path_prepare),
   and the folded coefficients of its outputs (fold_update). Static inline
   functions, compiled into each of the two files that include it.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_OCTAVE_H
#define PERLIN_OCTAVE_H

#include "coef.h"
#include "ramp.h"
#include "kernel_types.h"

#include <math.h>

/* An octave along x alone (1D, or 2D with y still) whose cells last at
   most 1 / DENSE_STEP samples renders with dense (plugin/engine/kernel_dense.h): its
   ramp keeps its anchor across cells (rebased every RAMP_REBASE samples),
   and the cells' lines come from a table made for each span. */
#define DENSE_STEP 0.0625

/* A 2D octave with y moving whose path's cells last at most 1 / DENSE2_STEP
   samples (steps |x| + |y|) renders with dense2 over a staircase of cells
   (see octave_dense): there a cell's table entry costs less than a
   segment's coefficients and call (plugin/README.md, the constants'
   figures); the choice must be the same on both paths. */
#define DENSE2_STEP (1.0 / 48.0)

/* A 2D path segment shorter than this (samples), or any while controls
   move (a grid point ends it), renders as lines (seg2l), a longer one as
   one polynomial (seg2x): seg2x's coefficients cost more to make and
   less to evaluate than seg2l's lines (plugin/README.md, the constants'
   figures). */
#define PATH_LINES_BELOW 192.0

/* An octave's outputs fold (layer_gains) only while its cells last more
   than 1 / FOLD_STEP samples along x and y. */
#define FOLD_STEP (1.0 / 32.0)

/* A layer's gain line over a chunk, and which layers are heard. With all,
   layer 0 is heard and so are the others: each output's octave, layer 0's
   G0 P plus its own layer's GA Q, is rendered into its own layer by one
   kernel call for the four (layer 0's sum has none of it), P evaluated
   once. With fold too, the gains are steady: then an output's octave is
   one set of lines (coefficients gs[0] c0 + gs[l] cl: the values are
   linear in them), four evaluations, not five. The gains are layer 0's and the
   outputs' own layers' (the same for each): index LK(l). */
typedef struct {
	int heard[2];
	int first[PERLIN_LAYERS]; /* this octave is the first into layer l's sum: store, not add */
	int all, fold;
	double gs[2], dgd[2]; /* start, per sample */
	kernel_line gain[2]; /* the same in float, the kernels' gain lines */
} layer_gains;
#define LK(l) ((l) > 0)

/* Each output layer's folded coefficients of octave k (see layer_gains):
   the float of gs[0] c0 + gs[l] cl, c the layers' line (axes 1) or path
   (axes 2: lines, alpha and beta copied), kept while they hold (in
   v->stream[l][k].fold). */
static inline __attribute__((always_inline)) void
fold_update(perlin_voice *v, unsigned k, const layer_gains *g, int axes)
{
	int l, m;
	if (v->fold_axes[k] != axes || v->fold_for[k][0] != g->gs[0] ||
	    v->fold_for[k][1] != g->gs[1]) {
		const float w0 = (float)g->gs[0], wl = (float)g->gs[1]; /* (the same for each l) */
		/* in float: within 2e-7 of each coefficient; loops of a fixed
		   length, which the compiler turns into vector operations */
		for (l = 1; l < PERLIN_LAYERS; ++l) {
			float *f = v->stream[l][k].fold;
			if (axes == 1) {
				const float *c0 = v->stream[0][k].line, *cl = v->stream[l][k].line;
				for (m = 0; m < 4; ++m)
					f[m] = w0 * c0[m] + wl * cl[m];
			} else {
				const float *c0 = v->stream[0][k].path, *cl = v->stream[l][k].path;
				for (m = 0; m < 8; ++m)
					f[m] = w0 * c0[m] + wl * cl[m];
				for (m = 8; m < 12; ++m) /* alpha and beta, then nothing */
					f[m] = cl[m];
			}
		}
		v->fold_axes[k] = axes;
		v->fold_for[k][0] = g->gs[0];
		v->fold_for[k][1] = g->gs[1];
	}
}

/* Layers 0 .. n - 1 as bits, and those of them heard (g) */
#define LAYER_BITS(n) ((1U << (n)) - 1U)
static inline unsigned heard_bits(const layer_gains *g, const int nl)
{
	return (g->heard[0] ? 1U : 0U) | (nl > 1 && g->heard[1] ? LAYER_BITS(nl) & ~1U : 0U);
}

/* The coefficients of every heard layer of octave k for its cell now. */
static inline __attribute__((always_inline)) void
heard_coef(perlin_voice *v, unsigned k, const layer_gains *g, const int nl)
{
	const int axes = axes_of(v, k);
	int l;
	if (nl > 1)
		v->fold_axes[k] = 0; /* folded coefficients of the old cell */
	for (l = 0; l < nl; ++l)
		if (g->heard[LK(l)])
			voice_coef(v, &v->stream[l][k], k, axes);
}

/* Octave k's path segment now (`left` samples to the next crossing):
   along the ramp that moves faster (the lead p, y where along_y), the
   other a line of it, uq = alpha up + beta; its samples from `start` to
   `end` in p's j, and the centre uc of p's u there. */
typedef struct {
	int along_y;
	const perlin_ramp *p;
	double alpha, beta, start, end, uc;
} path_geometry;

static inline __attribute__((always_inline)) path_geometry path_geometry_of(const perlin_voice *v,
                                                                            unsigned k,
                                                                            uint64_t left)
{
	const perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	path_geometry pg;
	const perlin_ramp *q;
	pg.along_y = fabs(ry->step) > fabs(rx->step);
	pg.p = pg.along_y ? ry : rx;
	q = pg.along_y ? rx : ry;
	pg.alpha = q->step / pg.p->step;
	/* q's u where p's is: the same sample of both ramps */
	pg.beta = (q->a - 0.5) + (double)((int64_t)q->j - (int64_t)pg.p->j) * q->step -
	          pg.alpha * (pg.p->a - 0.5);
	/* the polynomial is centred in the segment: from the later of the two
	   anchors to the next crossing or rebase of either ramp, which the
	   anchors alone fix, so it is the same whatever splits the blocks,
	   and kept across them */
	pg.start = pg.p->j > q->j ? (double)(int64_t)(pg.p->j - q->j) : 0.0;
	pg.end = (double)(int64_t)(pg.p->j + left - 1U);
	pg.uc = (pg.p->a - 0.5) + 0.5 * (pg.start + pg.end) * pg.p->step;
	return pg;
}

/* The kernel of octave k's path segment now (`left` samples to the next
   crossing), for every heard layer: along the ramp that moves faster (the
   lead, returned: 1 for y), the other a line of it; its polynomial or
   lines (path_for, path_uc, path_lines, each layer's path where path_ok
   does not have it yet). */
static inline __attribute__((always_inline)) int
path_prepare(const perlin_dsp *d, perlin_voice *v, unsigned k, const layer_gains *g,
             uint64_t left, const int nl)
{
	const perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	const path_geometry pg = path_geometry_of(v, k, left);
	const int along_y = pg.along_y;
	const double alpha = pg.alpha, beta = pg.beta;
	/* the outputs at once take lines (they share h(u) and h(uy)) */
	const int all = nl > 1 && g->all;
	int l;
	if (v->path_for[k][0] != rx->anchor || v->path_for[k][1] != ry->anchor ||
	    v->path_for[k][2] != (uint64_t)along_y) { /* a new segment: its kernel */
		/* while controls move, the next grid point re-anchors */
		const int lines = pg.end - pg.start < PATH_LINES_BELOW || d->moving || all;
		v->path_uc[k] = lines ? 0.0 : pg.uc;
		v->path_lines[k] = lines;
		v->path_for[k][0] = rx->anchor;
		v->path_for[k][1] = ry->anchor;
		v->path_for[k][2] = (uint64_t)along_y;
		v->path_ok[k] &= ~LAYER_BITS(nl);
	} else if ((all || d->moving) && !v->path_lines[k]) {
		/* lines from here, as a segment that began now would take:
		   the kernel is the same whenever it was chosen (at the
		   segment's first sample, or by the plan at the end of the
		   block before, with other controls: plan_events) */
		v->path_uc[k] = 0.0;
		v->path_lines[k] = 1;
		v->path_ok[k] &= ~LAYER_BITS(nl);
	}
	if (nl == 1) { /* (layer 0, heard) */
		if (!(v->path_ok[k] & 1U)) {
			path_coef(&v->stream[0][k], along_y, alpha, beta, v->path_uc[k], v->path_lines[k],
			          v->stream[0][k].path);
			v->path_ok[k] |= 1U;
			v->fold_axes[k] = 0;
		}
	} else if ((v->path_ok[k] & heard_bits(g, nl)) != heard_bits(g, nl)) {
		for (l = 0; l < nl; ++l) {
			if (g->heard[LK(l)] && !(v->path_ok[k] & 1U << l)) {
				path_coef(&v->stream[l][k], along_y, alpha, beta, v->path_uc[k],
				          v->path_lines[k], v->stream[l][k].path);
				v->path_ok[k] |= 1U << l;
				v->fold_axes[k] = 0;
			}
		}
	}
	return along_y;
}

/* The octave's gains: which layers are heard (layer 0's, and the
   outputs' own), their gain lines, and whether they render at once (all)
   and folded (fold), before octave_begin's dense2 unfolds them. */
static inline __attribute__((always_inline)) void
octave_gains(const perlin_dsp *d, const perlin_voice *v, unsigned k, layer_gains *g,
             const int nl)
{
	const int ref = d->path == PERLIN_PATH_REFERENCE;
	int l;
	for (l = 0; l < (nl > 1 ? 2 : 1); ++l) { /* layer 0's gains, the outputs' own */
		const double gs = l ? v->alt[0][k] : v->gain[0][k];
		const double ge = l ? v->alt[1][k] : v->gain[1][k];
		g->heard[l] = gs != 0.0 || ge != 0.0;
		g->gs[l] = gs;
		g->dgd[l] = (ge - gs) / (double)d->grid;
		g->gain[l].v0 = (float)gs;
		g->gain[l].dv = (float)g->dgd[l];
	}
	g->all = nl > 1 && !ref && g->heard[0] && g->heard[1];
	/* folding costs a little at every cell: worth it where cells last
	   (the steps, fixed for the chunk, decide: never where a block ends) */
	g->fold = g->all && g->dgd[0] == 0.0 && g->dgd[1] == 0.0 &&
	          fabs(v->rx[k].step) < FOLD_STEP && fabs(v->ry[k].step) < FOLD_STEP;
}

/* How octave_begin leaves an octave: silent (its phases moved on), dense
   along x or a 2D path (octave_dense's), or in segments (a cell's
   coefficients at a time: octave_span_n's loop). */
enum { OCT_SILENT, OCT_DENSE, OCT_DENSE2, OCT_SEG };

/* What octave k's share of a span starts with (octave_span_n): its gains
   (g), the layers' cells and coefficients brought up to date, the kernel
   (on_path: along a 2D path) and how it renders; the sums it stores into
   (g->first, from fresh[]). len: the span's samples, which a silent octave's
   phases and a 1D octave's unheard y ride on (0: none yet). */
static inline __attribute__((always_inline)) int
octave_begin(perlin_dsp *d, perlin_voice *v, unsigned k, int fresh[], uint32_t len,
             layer_gains *g, int *on_path_, const int nl)
{
	perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	const uint32_t period = v->stream[0][k].oct.period;
	const int ref = d->path == PERLIN_PATH_REFERENCE;
	int on_path = 0, behind = 0, dense, dense2, l;
	if (v->gain[0][k] == 0.0 && v->gain[1][k] == 0.0 &&
	    (nl == 1 || (v->alt[0][k] == 0.0 && v->alt[1][k] == 0.0))) {
		/* silent (an octave above the count): only the phases move, and
		   its cells and coefficients go out of date */
		for (l = 0; l < nl; ++l)
			v->stream[l][k].axes = 0;
		v->path_ok[k] &= ~LAYER_BITS(nl);
		ramp_ride(rx, period, len);
		ramp_ride(ry, 0U, len);
		return OCT_SILENT;
	}
	octave_gains(d, v, k, g, nl);
	/* an unheard layer's cell and coefficients go out of date; a heard
	   one without them is behind (layer 0, then the outputs' own) */
	for (l = 0; l < (nl > 1 ? 2 : 1); ++l) {
		const int from = l ? 1 : 0, to = l ? nl : 1;
		int m;
		if (!g->heard[l]) {
			for (m = from; m < to; ++m)
				v->stream[m][k].axes = 0;
			v->path_ok[k] &= ~(LAYER_BITS(to) & ~LAYER_BITS(from));
		} else {
			for (m = from; m < to; ++m)
				behind |= !v->stream[m][k].axes;
		}
	}
	/* (the heard layers' forms are one, made together, unless behind) */
	on_path = v->stream[g->heard[0] ? 0 : 1][k].axes == 2;
	/* a silent octave returned above: some layer is heard (the hint spares
	   the compiler the case) */
	if (!g->heard[0] && (nl == 1 || !g->heard[1]))
		__builtin_unreachable();
	if (behind) { /* a layer heard again (from a grid point): catch up */
		ramp_rebase(rx, period);
		ramp_rebase(ry, 0U);
		heard_coef(v, k, g, nl);
		on_path = axes_of(v, k) == 2;
	}
	*on_path_ = on_path;
	dense = !on_path && !ref && rx->step >= DENSE_STEP && rx->step < 0.5;
	dense2 = fabs(rx->step) + fabs(ry->step) >= DENSE2_STEP && !ref && axes_of(v, k) == 2 &&
	         fabs(rx->step) < 0.5 && fabs(ry->step) < 0.5;
	if (dense2) /* (every layer at once costs less than layer 0 in each) */
		g->fold = 0;
	/* the sums this octave writes: each heard layer's, but not layer 0's
	   where the outputs are rendered at once (its share is in theirs) */
	{
		const int w0 = g->heard[0] && (!g->all || ((dense || dense2) && !g->fold));
		g->first[0] = w0 && fresh[0];
		if (w0)
			fresh[0] = 0;
		if (nl > 1 && g->heard[1])
			for (l = 1; l < nl; ++l) {
				g->first[l] = fresh[l];
				fresh[l] = 0;
			}
		else
			for (l = 1; l < nl; ++l)
				g->first[l] = 0;
	}
	if (dense2)
		return OCT_DENSE2;
	if (dense)
		return OCT_DENSE;
	if (!on_path && v->shape.dims == 1)
		ramp_ride(ry, 0U, len); /* y is not heard: x alone splits segments */
	/* a ramp the dense kernel or ramp_ride moved on past its crossing (the
	   axes or mode changed at this sample): anchor it where it is, and the
	   coefficients to its cell */
	if (rx->j > rx->cross || (v->shape.dims == 2 && ry->j > ry->cross)) {
		ramp_rebase(rx, period);
		ramp_rebase(ry, 0U);
		heard_coef(v, k, g, nl);
	}
	return OCT_SEG;
}

#endif /* PERLIN_OCTAVE_H */
