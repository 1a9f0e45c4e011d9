/* render.c: a span of the one render loop (dsp.h; dsp.c runs the loop):
   octave by octave through the kernels, voices mixed when crossfading;
   and the steady render (perlin_fast in dsp.h), which renders a short
   block while nothing moves: what the loop decides for each octave (its
   preamble, octave_begin, and its segment's kernel and coefficients) is
   made once into the plan and kept until the octave's cell changes, so
   a block of 16 or 32 samples costs its samples and the octaves whose
   cells it crosses, not every octave's setup. Long blocks
   keep the loop (cheaper per sample there: struct perlin_kernels'
   fast_below). Either renders the same values.
   dsp.c calls it; it calls cells.c (the dense kernels' tables), coef.c (a cell's coefficients),
   ramp.c (a phase), and the kernels through perlin_dsp's table.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "engine.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

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
   one polynomial (seg2x): making seg2x's 12 coefficients costs about 250
   instructions more, evaluating it 6 fewer a lane. */
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
	int st[PERLIN_LAYERS]; /* this octave is the first into layer l's sum: store */
	int all, fold;
	double gs[2], dgd[2]; /* start, per sample */
	kernel_line gain[2]; /* the same in float, the kernels' gain lines */
} layer_gains;
#define LK(l) ((l) > 0)

/* Each output layer's folded coefficients of octave k (see layer_gains):
   the float of gs[0] c0 + gs[l] cl, c the layers' line (form 1) or path
   (form 2: lines, alpha and beta copied), kept while they hold (in
   v->st[k][l].fold). */
static inline __attribute__((always_inline)) void
fold_update(perlin_voice *v, unsigned k, const layer_gains *g, int form)
{
	int l, m;
	if (v->fold_form[k] != form || v->fold_for[k][0] != g->gs[0] ||
	    v->fold_for[k][1] != g->gs[1]) {
		const float w0 = (float)g->gs[0], wl = (float)g->gs[1]; /* (the same for each l) */
		/* in float: within 2e-7 of each coefficient; loops of a fixed
		   length, which the compiler turns into vector operations */
		for (l = 1; l < PERLIN_LAYERS; ++l) {
			float *f = v->st[k][l].fold;
			if (form == 1) {
				const float *c0 = v->st[k][0].line, *cl = v->st[k][l].line;
				for (m = 0; m < 4; ++m)
					f[m] = w0 * c0[m] + wl * cl[m];
			} else {
				const float *c0 = v->st[k][0].path, *cl = v->st[k][l].path;
				for (m = 0; m < 8; ++m)
					f[m] = w0 * c0[m] + wl * cl[m];
				for (m = 8; m < 12; ++m) /* alpha and beta, then nothing */
					f[m] = cl[m];
			}
		}
		v->fold_form[k] = form;
		v->fold_for[k][0] = g->gs[0];
		v->fold_for[k][1] = g->gs[1];
	}
}

/* fold_update, and the folded coefficients into cs[] with the sums to[]
   (acc[l] + i). */
static inline __attribute__((always_inline)) void
fold_coef(perlin_voice *v, unsigned k, const layer_gains *g, int form, float *const acc[],
          uint32_t i, float *to[PERLIN_OUTPUTS], const float *cs[PERLIN_OUTPUTS])
{
	int l;
	fold_update(v, k, g, form);
	for (l = 1; l < PERLIN_LAYERS; ++l) {
		to[l - 1] = acc[l] + i;
		cs[l - 1] = v->st[k][l].fold;
	}
}

/* Octave k with short cells: dense over a table for each heard layer
   (gain lines g, from the span's place t0 in its chunk), along x (two 0:
   1D, or 2D with y still) or a 2D path (two: dense2, the ramps of x and y
   both riding; every layer heard, unfolded: dense2n, for all at once).
   The tables are the instance's (d->table[l]: layer l's). */
static inline __attribute__((always_inline)) void
octave_dense(perlin_dsp *d, perlin_voice *v, unsigned k, float *const acc[],
             const layer_gains *g, uint32_t len, uint32_t t0, const int nl, const int two)
{
	perlin_ramp *r = &v->rx[k], *ry = &v->ry[k];
	const double sc = dims_scale(v);
	/* every layer at once: the outputs of a 2D path (these octaves never
	   fold: a 1D one's cells are this short only past FOLD_STEP, and a
	   2D one's layers cost less at once, see octave) */
	const int all = two && nl > 1 && g->all;
	dense_stair *const stair = &d->stair; /* (2D) */
	uint32_t i = 0;
	int l;
	if (!two)
		for (l = 0; l < nl; ++l)
			v->st[k][l].oct.y = ramp_pos(ry, 0U); /* still, or unheard (1D) */
	while (i < len) {
		const uint32_t room = RAMP_REBASE - (uint32_t)(two && ry->j > r->j ? ry->j : r->j);
		uint32_t seg = room < len - i ? room : len - i;
		int32_t c0 = 0, count;
		kernel_span span;
		if (two) {
			if (seg > DENSE2_SPAN)
				seg = DENSE2_SPAN;
			dense_cells(r, ry, v->st[k][0].oct.period, seg + DENSE2_LANES - 1U, stair);
			d->kernels->places(stair);
			count = stair->n;
		} else {
			const double ta = r->a + (double)r->j * r->step;
			const double t1 = r->a + (double)(r->j + seg - 1U) * r->step;
			c0 = (int32_t)ta;
			count = (int32_t)t1 - c0 + 1 + 4;
		}
		span.len = seg;
		span.t0 = t0 + i;
		for (l = 0; l < nl; ++l) {
			float *line = d->table[l];
			if (!g->heard[LK(l)])
				continue;
			if (two) { /* corners, then lines */
				d->kernels->table2(v->st[k][l].oct.seed_hash, v->st[k][l].oct.period, stair->x,
				                   stair->y, count, sc, d->grads, d->corners);
				d->kernels->lines2(count, stair->along_y, stair->alphaf, stair->beta,
				                   d->corners, line);
			} else {
				cell_table(v, l, k, r->cell + (uint32_t)c0, count, sc, line);
			}
			if (all)
				continue; /* (below) */
			if (two) {
				d->kernels->dense2(acc[l] + i, span, stair, line, g->gain[LK(l)], g->st[l]);
			} else {
				const kernel_ramp at = { r->j, r->a, r->step, r->mf };
				d->kernels->dense(acc[l] + i, span, &at, c0, line, g->gain[LK(l)], g->st[l]);
			}
		}
		if (all) {
			float *to[PERLIN_LAYERS];
			const float *tabs[PERLIN_LAYERS];
			for (l = 0; l < PERLIN_LAYERS; ++l) {
				to[l] = acc[l] + i;
				tabs[l] = d->table[l];
			}
			d->kernels->dense2n(to, span, stair, tabs, g->gain[0], g->gain[1], g->st);
		}
		r->j += seg;
		i += seg;
		if (r->j >= RAMP_REBASE)
			ramp_rebase(r, v->st[k][0].oct.period);
		if (two) {
			ry->j += seg;
			if (ry->j >= RAMP_REBASE)
				ramp_rebase(ry, 0U);
		}
	}
}

/* seg1 over seg samples of ramp r along x alone. */
static inline void seg_x(const perlin_dsp *d, float *acc, uint32_t seg, const perlin_ramp *r,
                         const float *c, kernel_line g, uint32_t t0, int st)
{
	d->kernels->seg1(acc, seg, r->j, r->a - 0.5, r->step, r->mf, c, g.v0, g.dv, t0, st);
}

/* The reference: seg samples of layer l's octave k evaluated by the noise
   library at the ramps' phases, in double, times the gain line. */
static void seg_reference(perlin_voice *v, int l, unsigned k, float *acc, uint32_t seg,
                          double g0, double dg, uint32_t t0, int st)
{
	noise_octave *o = &v->st[k][l].oct;
	const perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	uint32_t i;
	for (i = 0; i < seg; ++i) {
		double n;
		o->x.cell = rx->cell;
		o->x.frac = rx->a + (double)(rx->j + i) * rx->step;
		o->y.cell = ry->cell;
		o->y.frac = ry->a + (double)(ry->j + i) * ry->step;
		n = v->shape.dims == 2 ? noise_octave_2d(o) : noise_octave_1d(o);
		acc[i] = (st ? 0.0f : acc[i]) + (float)((g0 + dg * (double)(t0 + i)) * n);
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
	const int form = form_of(v, k);
	int l;
	if (nl > 1)
		v->fold_form[k] = 0; /* folded coefficients of the old cell */
	for (l = 0; l < nl; ++l)
		if (g->heard[LK(l)])
			voice_coef(v, &v->st[k][l], k, form);
}

/* The form of octave k's path segment now (`left` samples to the next
   crossing), for every heard layer: along the ramp that moves faster (the
   lead, returned: 1 for y), the other a line of it; its polynomial or
   lines (path_for, path_uc, path_lines, each layer's path where path_ok
   does not have it yet). */
static inline __attribute__((always_inline)) int
path_prepare(const perlin_dsp *d, perlin_voice *v, unsigned k, const layer_gains *g,
             uint64_t left, const int nl)
{
	const perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	const int along_y = fabs(ry->step) > fabs(rx->step);
	const perlin_ramp *p = along_y ? ry : rx, *q = along_y ? rx : ry;
	const double alpha = q->step / p->step;
	/* q's u where p's is: the same sample of both ramps */
	const double beta = (q->a - 0.5) + (double)((int64_t)q->j - (int64_t)p->j) * q->step -
	                    alpha * (p->a - 0.5);
	/* the polynomial is centred in the segment: from the later of the two
	   anchors to the next crossing or rebase of either ramp, which the
	   anchors alone fix, so it is the same whatever splits the blocks,
	   and kept across them */
	/* the outputs at once take lines (they share h(u) and h(uy)) */
	const int all = nl > 1 && g->all;
	int l;
	if (v->path_for[k][0] != rx->anchor || v->path_for[k][1] != ry->anchor ||
	    v->path_for[k][2] != (uint64_t)along_y) { /* a new segment: its form */
		const double start = p->j > q->j ? (double)(p->j - q->j) : 0.0;
		const double end = (double)(p->j + left - 1U);
		/* while controls move, the next grid point re-anchors */
		const int lines = end - start < PATH_LINES_BELOW || d->moving || all;
		v->path_uc[k] = lines ? 0.0 : (p->a - 0.5) + 0.5 * (start + end) * p->step;
		v->path_lines[k] = lines;
		v->path_for[k][0] = rx->anchor;
		v->path_for[k][1] = ry->anchor;
		v->path_for[k][2] = (uint64_t)along_y;
		v->path_ok[k] &= ~LAYER_BITS(nl);
	} else if ((all || d->moving) && !v->path_lines[k]) {
		/* lines from here, as a segment that began now would take:
		   the form is the same whenever it was chosen (at the
		   segment's first sample, or by the plan at the end of the
		   block before, with other controls: fast_events) */
		v->path_uc[k] = 0.0;
		v->path_lines[k] = 1;
		v->path_ok[k] &= ~LAYER_BITS(nl);
	}
	if (nl == 1) { /* (layer 0, heard) */
		if (!(v->path_ok[k] & 1U)) {
			path_coef(&v->st[k][0], along_y, alpha, beta, v->path_uc[k], v->path_lines[k],
			          v->st[k][0].path);
			v->path_ok[k] |= 1U;
			v->fold_form[k] = 0;
		}
	} else if ((v->path_ok[k] & heard_bits(g, nl)) != heard_bits(g, nl)) {
		for (l = 0; l < nl; ++l) {
			if (g->heard[LK(l)] && !(v->path_ok[k] & 1U << l)) {
				path_coef(&v->st[k][l], along_y, alpha, beta, v->path_uc[k],
				          v->path_lines[k], v->st[k][l].path);
				v->path_ok[k] |= 1U << l;
				v->fold_form[k] = 0;
			}
		}
	}
	return along_y;
}

/* One path segment of octave k (seg samples from i, `left` to the next
   crossing): every heard layer along the ramp that moves faster, the
   other a line of it. */
static inline __attribute__((always_inline)) void
octave_path(const perlin_dsp *d, perlin_voice *v, unsigned k, float *const acc[],
            const layer_gains *g, uint32_t i, uint32_t seg, uint64_t left, uint32_t t0,
            const int nl)
{
	const int along_y = path_prepare(d, v, k, g, left, nl);
	const perlin_ramp *p = along_y ? &v->ry[k] : &v->rx[k];
	const int all = nl > 1 && g->all;
	int l;
	if (all) { /* every layer heard: the outputs at once, as lines */
		float *to[PERLIN_OUTPUTS];
		const float *cs[PERLIN_OUTPUTS];
		if (g->fold)
			fold_coef(v, k, g, 2, acc, i, to, cs);
		else
			for (l = 1; l < nl; ++l) {
				to[l - 1] = acc[l] + i;
				cs[l - 1] = v->st[k][l].path;
			}
		d->kernels->seg2ln(to, seg, p->j, p->a - 0.5, p->step, p->mf, cs,
		                   g->fold ? NULL : v->st[k][0].path, g->gain[0].v0, g->gain[0].dv,
		                   g->gain[1].v0, g->gain[1].dv, t0 + i, g->st[1]);
		return;
	}
	for (l = 0; l < nl; ++l)
		if (g->heard[LK(l)])
			(v->path_lines[k] ? d->kernels->seg2l : d->kernels->seg2x)(
				acc[l] + i, seg, p->j, p->a - 0.5 - v->path_uc[k], p->step, p->mf,
				v->st[k][l].path, g->gain[LK(l)].v0, g->gain[LK(l)].dv, t0 + i, g->st[l]);
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
   (g), the layers' cells and coefficients brought up to date, the form
   (two: along a 2D path) and how it renders; the sums it stores into
   (g->st, from fresh[]). len: the span's samples, which a silent octave's
   phases and a 1D octave's unheard y ride on (0: none yet). */
static inline __attribute__((always_inline)) int
octave_begin(perlin_dsp *d, perlin_voice *v, unsigned k, int fresh[], uint32_t len,
             layer_gains *g, int *two_, const int nl)
{
	perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	const uint32_t period = v->st[k][0].oct.period;
	const int ref = d->path == PERLIN_PATH_REFERENCE;
	int two = 0, behind = 0, dense, dense2, l;
	if (v->gain[0][k] == 0.0 && v->gain[1][k] == 0.0 &&
	    (nl == 1 || (v->alt[0][k] == 0.0 && v->alt[1][k] == 0.0))) {
		/* silent (an octave above the count): only the phases move, and
		   its cells and coefficients go out of date */
		for (l = 0; l < nl; ++l)
			v->st[k][l].form = 0;
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
				v->st[k][m].form = 0;
			v->path_ok[k] &= ~(LAYER_BITS(to) & ~LAYER_BITS(from));
		} else {
			for (m = from; m < to; ++m)
				behind |= !v->st[k][m].form;
		}
	}
	/* (the heard layers' forms are one, made together, unless behind) */
	two = v->st[k][g->heard[0] ? 0 : 1].form == 2;
	/* a silent octave returned above: some layer is heard (the hint spares
	   the compiler the case) */
	if (!g->heard[0] && (nl == 1 || !g->heard[1]))
		__builtin_unreachable();
	if (behind) { /* a layer heard again (from a grid point): catch up */
		ramp_rebase(rx, period);
		ramp_rebase(ry, 0U);
		heard_coef(v, k, g, nl);
		two = form_of(v, k) == 2;
	}
	*two_ = two;
	dense = !two && !ref && rx->step >= DENSE_STEP && rx->step < 0.5;
	dense2 = fabs(rx->step) + fabs(ry->step) >= DENSE2_STEP && !ref && form_of(v, k) == 2 &&
	         fabs(rx->step) < 0.5 && fabs(ry->step) < 0.5;
	if (dense2) /* (every layer at once costs less than layer 0 in each) */
		g->fold = 0;
	/* the sums this octave writes: each heard layer's, but not layer 0's
	   where the outputs are rendered at once (its share is in theirs) */
	{
		const int w0 = g->heard[0] && (!g->all || ((dense || dense2) && !g->fold));
		g->st[0] = w0 && fresh[0];
		if (w0)
			fresh[0] = 0;
		if (nl > 1 && g->heard[1])
			for (l = 1; l < nl; ++l) {
				g->st[l] = fresh[l];
				fresh[l] = 0;
			}
		else
			for (l = 1; l < nl; ++l)
				g->st[l] = 0;
	}
	if (dense2)
		return OCT_DENSE2;
	if (dense)
		return OCT_DENSE;
	if (!two && v->shape.dims == 1)
		ramp_ride(ry, 0U, len); /* y is not heard: x alone splits segments */
	/* a ramp the dense kernel or ramp_ride moved on past its crossing (the
	   form or mode changed at this sample): anchor it where it is, and the
	   coefficients to its cell */
	if (rx->j > rx->cross || (v->shape.dims == 2 && ry->j > ry->cross)) {
		ramp_rebase(rx, period);
		ramp_rebase(ry, 0U);
		heard_coef(v, k, g, nl);
	}
	return OCT_SEG;
}

/* Octave k's share of len samples (t0: the first one's place in its
   chunk), added into acc[l] for each layer l < nl heard (nl a constant:
   one layer costs what it did before there were more), or stored there
   where fresh[l] (nothing in it yet this span; then cleared). */
static inline __attribute__((always_inline)) void
octave_span_n(perlin_dsp *d, perlin_voice *v, unsigned k, float *const acc[],
              int fresh[], uint32_t len, uint32_t t0, const int nl)
{
	perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	const uint32_t period = v->st[k][0].oct.period;
	const int ref = d->path == PERLIN_PATH_REFERENCE;
	layer_gains g;
	int two = 0, l;
	uint32_t i = 0;
	switch (octave_begin(d, v, k, fresh, len, &g, &two, nl)) {
	case OCT_SILENT:
		return;
	case OCT_DENSE2:
		octave_dense(d, v, k, acc, &g, len, t0, nl, 1);
		return;
	case OCT_DENSE:
		ramp_ride(ry, 0U, len); /* unheard (1D) or still (2D) */
		octave_dense(d, v, k, acc, &g, len, t0, nl, 0);
		return;
	default:
		break;
	}
	while (i < len) {
		uint64_t left = rx->cross - rx->j;
		uint32_t seg;
		if (v->shape.dims == 2 && ry->cross - ry->j < left)
			left = ry->cross - ry->j;
		seg = left < len - i ? (uint32_t)left : len - i;
		if (ref) {
			for (l = 0; l < nl; ++l)
				if (g.heard[LK(l)])
					seg_reference(v, l, k, acc[l] + i, seg, g.gs[LK(l)], g.dgd[LK(l)], t0 + i,
					              g.st[l]);
		} else if (two) {
			octave_path(d, v, k, acc, &g, i, seg, left, t0, nl);
		} else if (nl > 1 && g.all) { /* every layer heard: the outputs at once */
			float *to[PERLIN_OUTPUTS];
			const float *cs[PERLIN_OUTPUTS];
			if (g.fold)
				fold_coef(v, k, &g, 1, acc, i, to, cs);
			else
				for (l = 1; l < nl; ++l) {
					to[l - 1] = acc[l] + i;
					cs[l - 1] = v->st[k][l].line;
				}
			d->kernels->seg1n(to, seg, rx->j, rx->a - 0.5, rx->step, rx->mf, cs,
			                  g.fold ? NULL : v->st[k][0].line, g.gain[0].v0, g.gain[0].dv,
			                  g.gain[1].v0, g.gain[1].dv, t0 + i, g.st[1]);
		} else {
			for (l = 0; l < nl; ++l)
				if (g.heard[LK(l)])
					seg_x(d, acc[l] + i, seg, rx, v->st[k][l].coef, g.gain[LK(l)],
					      t0 + i, g.st[l]);
		}
		rx->j += seg;
		if (v->shape.dims == 2)
			ry->j += seg;
		i += seg;
		if (rx->j == rx->cross || (v->shape.dims == 2 && ry->j == ry->cross)) {
			if (rx->j == rx->cross)
				ramp_next_cell(rx, period);
			if (v->shape.dims == 2 && ry->j == ry->cross)
				ramp_next_cell(ry, 0U);
			heard_coef(v, k, &g, nl);
		}
	}
}

/* Every octave of voice v: layer 0 alone, or all its layers (fresh[l]:
   nothing in layer l's sum yet; cleared as octaves write them). Returns
   whether any octave of the outputs' own layers (1..) was heard. */
static int voice_span(perlin_dsp *d, perlin_voice *v, float *const acc[], int fresh[],
                      uint32_t len, uint32_t t0)
{
	unsigned k;
	int l, own = 0;
	if (v->layers == 1)
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
			octave_span_n(d, v, k, acc, fresh, len, t0, 1);
	else
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
			const unsigned bit = 1U << k;
			if (v->alt[0][k] != 0.0 || v->alt[1][k] != 0.0) {
				v->own_stale &= ~bit;
				own = 1;
				octave_span_n(d, v, k, acc, fresh, len, t0, PERLIN_LAYERS);
				continue;
			}
			/* the outputs' own layers unheard (a shared octave): layer 0
			   alone, as octave_span_n with every layer would render it,
			   at the cost of one layer; the others go out of date as
			   it would leave them (once: only a render of them, above,
			   sets them again) */
			if (!(v->own_stale & bit)) {
				for (l = 1; l < PERLIN_LAYERS; ++l)
					v->st[k][l].form = 0;
				v->path_ok[k] &= 1U;
				v->own_stale |= bit;
			}
			octave_span_n(d, v, k, acc, fresh, len, t0, 1);
		}
	return own;
}

/* ---- the steady render: the plan (perlin_fast in dsp.h) ---- */

/* an octave's layer_gains fits where the plan keeps it */
typedef char fast_gains_fit[sizeof(layer_gains) <= sizeof(((perlin_fast_oct *)0)->g) ? 1 : -1];

/* Samples at most between the moves of a plan's riding ramps (an
   unheard octave's, a 1D octave's y), so a ride stays short. */
#define FAST_RIDE 4096U

/* c in each of the 8 floats of k (two 4-float stores) */
static inline void splat(float k[8], float c)
{
	typedef float f4 __attribute__((vector_size(4 * sizeof(float))));
	const f4 v = { c, c, c, c };
	memcpy(k, &v, sizeof v);
	memcpy(k + 4, &v, sizeof v);
}

/* Where octave k needs the plan next (its ramps exact at clock T): the
   end of its segment (heard: either ramp's crossing, as the render loop's
   `left`), and a riding ramp's next move. */
/* A 2D path's plan entry: its kind and its coefficients (seg2x's 12, or
   seg2l's 8 lines and the 2 floats after them), the lines times gk. */
static inline void fast_path_coef(perlin_fast_entry *e, const float *c0, float gk, int lines)
{
	int m;
	e->kind = lines ? PERLIN_FAST_SEG2L : PERLIN_FAST_SEG2X;
#pragma GCC unroll 12
	for (m = 0; m < 12; ++m)
		if (m < 8 || !lines)
			splat(e->k[m], c0[m] * gk);
	if (lines) {
		splat(e->k[8], c0[8]);
		splat(e->k[9], c0[9]);
	}
}

static inline uint64_t fast_until(const perlin_voice *v, unsigned k, const perlin_fast_oct *o,
                                  uint64_t T)
{
	const perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	uint64_t until = UINT64_MAX;
	if (o->entry >= 0) {
		until = T - rx->j + rx->cross;
		if (v->shape.dims == 2) {
			const uint64_t uy = T - ry->j + ry->cross;
			until = uy < until ? uy : until;
		} else if (ry->step != 0.0 && T + FAST_RIDE < until) {
			until = T + FAST_RIDE;
		}
	} else if (rx->step != 0.0 || ry->step != 0.0) {
		until = T + FAST_RIDE;
	}
	return until;
}

/* Octave k's ramps moved on to clock T (from o->sync): a heard octave's
   along its segment, riding ones as ramp_ride moves them. */
static inline void fast_move(perlin_voice *v, unsigned k, perlin_fast_oct *o, uint64_t T)
{
	perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	const uint64_t n = T - o->sync;
	if (!n)
		return;
	if (o->entry >= 0) {
		rx->j += n;
		if (v->shape.dims == 2)
			ry->j += n;
		else if (ry->step != 0.0) /* (ramp_ride leaves a still one) */
			ramp_ride(ry, 0U, (uint32_t)n); /* (FAST_RIDE at most) */
	} else {
		ramp_ride(rx, v->st[k][0].oct.period, (uint32_t)n);
		ramp_ride(ry, 0U, (uint32_t)n);
	}
	o->sync = T;
}

/* Octave k's entry e for its segment from clock T on (its ramps exact
   there, its layers' coefficients for their cell; g, two and nl as
   octave_begin found them): the kernel octave_span_n would call and
   its arguments (fold_update and path_prepare done as it does them), and
   the segment's end. 0 where the plan has no kernel for it: gains that
   move, an unfolded four (cells under 32 samples), or outputs' own
   layers without layer 0 (spread 1): then the render loop renders. */
static inline __attribute__((always_inline)) int
fast_entry(const perlin_dsp *d, perlin_voice *v, unsigned k, const layer_gains *g, int two,
           uint64_t T, perlin_fast_oct *o, perlin_fast_entry *e, const int nl)
{
	const perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k], *p = rx;
	const int all = nl > 1 && g->all;
	uint64_t left = rx->cross - rx->j, c;
	double a;
	int l, m;
	if (v->shape.dims == 2 && ry->cross - ry->j < left)
		left = ry->cross - ry->j;
	if (g->dgd[0] != 0.0 || (nl > 1 && g->dgd[1] != 0.0) || (nl > 1 && !(all && g->fold)))
		return 0;
	if (two) {
		p = path_prepare(d, v, k, g, left, nl) ? ry : rx;
		if (all) { /* octave_path: seg2ln, folded */
			fold_update(v, k, g, 2);
			e->kind = PERLIN_FAST_SEG2LN;
			for (l = 0; l < PERLIN_OUTPUTS; ++l)
				for (m = 0; m < 8; ++m)
					splat(e->k[8 * l + m], v->st[k][1 + l].fold[m]);
			splat(e->k[32], v->st[k][1].fold[8]);
			splat(e->k[33], v->st[k][1].fold[9]);
			a = p->a - 0.5;
		} else { /* seg2l or seg2x, layer 0 (seg1_body's coefficients) */
			fast_path_coef(e, v->st[k][0].path, g->gain[0].v0, v->path_lines[k]);
			a = p->a - 0.5 - v->path_uc[k];
		}
	} else if (all) { /* seg1n, folded */
		fold_update(v, k, g, 1);
		e->kind = PERLIN_FAST_SEG1N;
		for (l = 0; l < PERLIN_OUTPUTS; ++l)
			for (m = 0; m < 4; ++m)
				splat(e->k[4 * l + m], v->st[k][1 + l].fold[m]);
		a = rx->a - 0.5;
	} else { /* seg1 (seg_x), layer 0 */
		const float gk = g->gain[0].v0;
		e->kind = PERLIN_FAST_SEG1;
#pragma GCC unroll 7
		for (m = 0; m < 7; ++m)
			splat(e->k[m], v->st[k][0].coef[m] * gk);
		a = rx->a - 0.5;
	}
	/* the lead ramp's anchor at clock c = 8 C + r: lane l's m is l - r
	   (mod 8), in the group before where l < r */
	c = T - p->j;
	{
		static const int32_t before[16] = { -1, -1, -1, -1, -1, -1, -1, -1 };
		static const int32_t own[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 };
		const unsigned r = (unsigned)(c & 7U);
		float mf2[16];
		memcpy(mf2, p->mf, sizeof p->mf);
		memcpy(mf2 + 8, p->mf, sizeof p->mf);
		memcpy(e->mf, mf2 + 8 - r, sizeof e->mf);
		memcpy(e->lo, before + 8 - r, sizeof e->lo);
		memcpy(e->idx, own + 8 - r, sizeof e->idx);
	}
	e->c2[0] = e->c2[1] = (double)(int64_t)(c >> 3);
	e->s2[0] = e->s2[1] = p->step * 8.0;
	e->a2[0] = e->a2[1] = a;
	o->sync = T;
	o->until = fast_until(v, k, o, T);
	return 1;
}

/* fast_entry's for a 1D octave of layer 0 alone (seg1), at a crossing:
   its cell's coefficients times its gain, its ramp's new anchor. */
static inline void fast_seg1(const perlin_voice *v, unsigned k, perlin_fast_oct *o,
                             perlin_fast_entry *e, uint64_t T)
{
	static const int32_t before[16] = { -1, -1, -1, -1, -1, -1, -1, -1 };
	static const int32_t own[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 };
	const perlin_ramp *rx = &v->rx[k];
	const float gk = o->gk, *const c0 = v->st[k][0].coef;
	const uint64_t c = T - rx->j;
	const unsigned r = (unsigned)(c & 7U);
	float mf2[16];
	int m;
#pragma GCC unroll 7
	for (m = 0; m < 7; ++m)
		splat(e->k[m], c0[m] * gk);
	memcpy(mf2, rx->mf, sizeof rx->mf);
	memcpy(mf2 + 8, rx->mf, sizeof rx->mf);
	memcpy(e->mf, mf2 + 8 - r, sizeof e->mf);
	memcpy(e->lo, before + 8 - r, sizeof e->lo);
	memcpy(e->idx, own + 8 - r, sizeof e->idx);
	e->c2[0] = e->c2[1] = (double)(int64_t)(c >> 3);
	e->a2[0] = e->a2[1] = rx->a - 0.5;
	o->sync = T;
	o->until = c + rx->cross;
	if (v->ry[k].step != 0.0 && T + FAST_RIDE < o->until)
		o->until = T + FAST_RIDE; /* (y rides) */
}

/* The same for a 2D octave of layer 0 alone along its path (seg2x or
   seg2l), at a crossing of either ramp: the path's form for the new
   segment (path_prepare), its coefficients times the gain, the lead
   ramp's anchor. (g: unused with one layer.) */
static inline void fast_path1(const perlin_dsp *d, perlin_voice *v, unsigned k,
                              perlin_fast_oct *o, perlin_fast_entry *e, uint64_t T,
                              const layer_gains *g)
{
	static const int32_t before[16] = { -1, -1, -1, -1, -1, -1, -1, -1 };
	static const int32_t own[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 };
	const perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k], *p;
	const uint64_t lx = rx->cross - rx->j, ly = ry->cross - ry->j;
	const float gk = o->gk, *const c0 = v->st[k][0].path;
	uint64_t c;
	unsigned r;
	float mf2[16];
	int lines;
	p = path_prepare(d, v, k, g, lx < ly ? lx : ly, 1) ? ry : rx;
	lines = v->path_lines[k];
	fast_path_coef(e, c0, gk, lines);
	c = T - p->j;
	r = (unsigned)(c & 7U);
	memcpy(mf2, p->mf, sizeof p->mf);
	memcpy(mf2 + 8, p->mf, sizeof p->mf);
	memcpy(e->mf, mf2 + 8 - r, sizeof e->mf);
	memcpy(e->lo, before + 8 - r, sizeof e->lo);
	memcpy(e->idx, own + 8 - r, sizeof e->idx);
	e->c2[0] = e->c2[1] = (double)(int64_t)(c >> 3);
	e->s2[0] = e->s2[1] = p->step * 8.0;
	e->a2[0] = e->a2[1] = p->a - 0.5 - v->path_uc[k];
	o->sync = T;
	o->until = T + (lx < ly ? lx : ly);
}

/* The plan's next `until`. */
static void fast_min(perlin_fast *f)
{
	uint64_t m = f->oct[0].until;
	unsigned k;
#pragma GCC unroll 8
	for (k = 1; k < NOISE_MAX_OCTAVES; ++k)
		m = f->oct[k].until < m ? f->oct[k].until : m;
	f->until = m;
}

/* The kinds of the entries (layer 0's, the outputs'). */
static void fast_kinds(perlin_fast *f)
{
	const int n = f->n, na = f->na;
	uint32_t a = 0, b = 0;
	int i;
	for (i = 0; i < na; ++i)
		a |= 1U << f->e[i].kind;
	for (; i < n; ++i)
		b |= 1U << f->e[i].kind;
	f->kinds_a = a;
	f->kinds_b = b;
}

/* Every ramp of the plan where clock T is; the plan stops (it resumes
   from there if nothing changes). */
static void fast_stop(perlin_dsp *d, uint64_t T)
{
	perlin_fast *f = &d->fast;
	unsigned k;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
		fast_move(&d->voice[d->cur], k, &f->oct[k], T);
	f->live = 0;
}

void render_sync(perlin_dsp *d)
{
	if (d->fast.live)
		fast_stop(d, d->clock);
}

/* The plan of the current voice from the clock on (a span that
   render_span renders steadily: no crossfade, nothing moving): each
   octave taken up as voice_span and octave_begin would (own_stale, the
   layers' cells and coefficients), and each heard one's segment as
   octave_span_n's loop would render it. Whether every octave has a
   kernel in the plan (a dense one has none: then the render loop). */
static int fast_build(perlin_dsp *d)
{
	perlin_fast *f = &d->fast;
	perlin_voice *v = &d->voice[d->cur];
	const uint64_t T = d->clock;
	int own = 0;
	unsigned k;
	int nb = 0;
	f->valid = f->live = 0;
	f->n = 0;
	if (d->at[0].depth != d->at[1].depth || d->at[0].offset != d->at[1].offset)
		return 0;
	/* layer 0's entries first: the octaves heard in it alone */
	f->na = 0;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		if (v->layers > 1 && (v->alt[0][k] != 0.0 || v->alt[1][k] != 0.0))
			continue;
		f->na += v->gain[0][k] != 0.0 || v->gain[1][k] != 0.0;
	}
	f->none = f->na == 0;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		perlin_fast_oct *o = &f->oct[k];
		int fresh[PERLIN_LAYERS] = { 1, 1, 1, 1, 1 };
		layer_gains g;
		int two = 0, nl = 1, how, l, ok;
		if (v->layers > 1) { /* as voice_span */
			const unsigned bit = 1U << k;
			if (v->alt[0][k] != 0.0 || v->alt[1][k] != 0.0) {
				v->own_stale &= ~bit;
				own = 1;
				nl = PERLIN_LAYERS;
			} else if (!(v->own_stale & bit)) {
				for (l = 1; l < PERLIN_LAYERS; ++l)
					v->st[k][l].form = 0;
				v->path_ok[k] &= 1U;
				v->own_stale |= bit;
			}
		}
		how = nl > 1 ? octave_begin(d, v, k, fresh, 0U, &g, &two, PERLIN_LAYERS)
		             : octave_begin(d, v, k, fresh, 0U, &g, &two, 1);
		o->nl = nl;
		o->two = two;
		o->sync = T;
		if (how == OCT_SILENT) {
			o->entry = -1;
			o->until = fast_until(v, k, o, T);
			continue;
		}
		if (how != OCT_SEG)
			return 0;
		memcpy(o->g, &g, sizeof g);
		o->gk = g.gain[0].v0;
		o->entry = nl > 1 ? f->na + nb++ : f->n - nb;
		ok = nl > 1 ? fast_entry(d, v, k, &g, two, T, o, &f->e[o->entry], PERLIN_LAYERS)
		            : fast_entry(d, v, k, &g, two, T, o, &f->e[o->entry], 1);
		if (!ok)
			return 0;
		f->n++;
	}
	if (f->n - nb != f->na)
		return 0; /* (not as counted) */
	f->sums = own ? PERLIN_LAYERS : 1;
	f->depth = (float)d->at[0].depth;
	f->offset = (float)d->at[0].offset;
	f->unit = f->depth == 1.0f && f->offset == 0.0f; /* (kmode's KUNIT) */
	splat(f->shape_k[0], f->depth);
	splat(f->shape_k[1], f->offset);
	splat(f->shape_k[2], -1.0f);
	splat(f->shape_k[3], 1.0f);
	splat(f->shape_k[4], 1.5f);
	splat(f->shape_k[5], 0.5f);
	f->outs = d->outputs;
	f->kgroup = UINT64_MAX;
	fast_min(f);
	fast_kinds(f);
	f->gen = d->gen;
	f->valid = f->live = 1;
	return 1;
}

/* The octaves whose `until` is clock T: moved on there, and a heard one
   that reached a crossing into its next cell (octave_span_n's loop: the
   ramps' next cells, the layers' coefficients) and its next segment's
   entry. Whether the plan goes on (0: stopped at T). */
static __attribute__((noinline)) int fast_events(perlin_dsp *d, uint64_t T)
{
	perlin_fast *f = &d->fast;
	perlin_voice *v = &d->voice[d->cur];
	uint32_t due = 0U;
	unsigned k;
	int kinds = 0;
#pragma GCC unroll 8
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) /* the octaves whose until it is */
		due |= f->oct[k].until == T ? 1U << k : 0U;
	for (; due; due &= due - 1U) {
		perlin_fast_oct *o;
		perlin_ramp *rx, *ry;
		int32_t was;
		k = (unsigned)__builtin_ctz(due);
		o = &f->oct[k];
		rx = &v->rx[k];
		ry = &v->ry[k];
		fast_move(v, k, o, T);
		if (o->entry >= 0 && v->shape.dims == 1 && o->nl == 1 && rx->j == rx->cross) {
			/* (1D, layer 0 alone: octave_span_n's ramp_next_cell and
			   heard_coef, and the seg1 entry) */
			ramp_next_cell(rx, v->st[k][0].oct.period);
			voice_coef(v, &v->st[k][0], k, 1);
			fast_seg1(v, k, o, &f->e[o->entry], T);
			f->dirty |= 1U << o->entry;
		} else if (o->entry >= 0 && o->two && o->nl == 1 &&
		           (rx->j == rx->cross || ry->j == ry->cross)) {
			/* (2D along a path, layer 0 alone: the same, and its
			   path's entry) */
			was = f->e[o->entry].kind;
			if (rx->j == rx->cross)
				ramp_next_cell(rx, v->st[k][0].oct.period);
			if (ry->j == ry->cross)
				ramp_next_cell(ry, 0U);
			voice_coef(v, &v->st[k][0], k, 2);
			fast_path1(d, v, k, o, &f->e[o->entry], T, (const layer_gains *)NULL);
			kinds |= f->e[o->entry].kind != was;
			f->dirty |= 1U << o->entry;
		} else if (o->entry >= 0 &&
		           (rx->j == rx->cross || (v->shape.dims == 2 && ry->j == ry->cross))) {
			layer_gains g;
			int ok;
			memcpy(&g, o->g, sizeof g);
			was = f->e[o->entry].kind;
			if (rx->j == rx->cross)
				ramp_next_cell(rx, v->st[k][0].oct.period);
			if (v->shape.dims == 2 && ry->j == ry->cross)
				ramp_next_cell(ry, 0U);
			if (o->nl > 1) {
				heard_coef(v, k, &g, PERLIN_LAYERS);
				ok = fast_entry(d, v, k, &g, o->two, T, o, &f->e[o->entry], PERLIN_LAYERS);
			} else {
				heard_coef(v, k, &g, 1);
				ok = fast_entry(d, v, k, &g, o->two, T, o, &f->e[o->entry], 1);
			}
			if (!ok) {
				fast_stop(d, T);
				f->valid = 0;
				return 0;
			}
			kinds |= f->e[o->entry].kind != was;
			f->dirty |= 1U << o->entry;
		} else {
			o->until = fast_until(v, k, o, T);
		}
	}
	fast_min(f);
	if (kinds)
		fast_kinds(f);
	return 1;
}

/* len samples from clock T inside the group the kernel kept, nothing new
   since: its outputs as kept, into out[o] + at (the kernel's values). */
static void fast_kept(const perlin_fast *f, float *const out[], unsigned outs, uint32_t at,
                      uint32_t len, uint64_t T, float *level)
{
	const uint32_t l = (uint32_t)(T & 7U);
	unsigned o;
	for (o = 0; o < outs; ++o) {
		const float *const w = f->kw[f->sums > 1 ? o : 0] + l;
		if (out[o])
			memcpy(out[o] + at, w, len * sizeof w[0]);
		level[o] = w[len - 1U];
	}
}

/* render_fast's samples where a piece ends at an event or more: piece by
   piece, each octave's event taken up where it is due. */
static __attribute__((noinline)) uint32_t fast_pieces(perlin_dsp *d, float *const out[],
                                                      uint32_t n)
{
	perlin_fast *const f = &d->fast;
	uint64_t T = d->clock;
	uint32_t done = 0;
	while (done < n) {
		uint32_t len = n - done;
		if (f->until - T < len)
			len = (uint32_t)(f->until - T);
		if (f->kgroup == T >> 3 && !f->dirty && (T & 7U) + len <= 8U)
			fast_kept(f, out, f->outs, done, len, T, d->level);
		else
			d->kernels->fast(f, out, done, len, T, d->level);
		T += len;
		done += len;
		if (T == f->until && !fast_events(d, T))
			break;
	}
	return done;
}

uint32_t render_fast(perlin_dsp *d, float *const out[], uint32_t n)
{
	perlin_fast *const f = &d->fast;
	const uint64_t T = d->clock;
	if (!f->valid || f->gen != d->gen || d->restep || n >= d->kernels->fast_below)
		return 0;
	f->live = 1; /* (stopped at this clock, if it was) */
	if (!n || T + n >= f->until)
		return fast_pieces(d, out, n);
	/* (most blocks: no event inside) */
	if (f->kgroup == T >> 3 && !f->dirty && (T & 7U) + n <= 8U)
		fast_kept(f, out, f->outs, 0U, n, T, d->level);
	else
		d->kernels->fast(f, out, 0U, n, T, d->level);
	return n;
}

/* len samples (all inside one chunk unless nothing moves), from t0 in
   the chunk, into out[0..d->outputs) (NULL entries: not wanted). */
void render_span(perlin_dsp *d, float *const out[], uint32_t len, uint32_t t0)
{
	const perlin_smooth *a = &d->at[0], *b = &d->at[1];
	const int fading = d->fade < d->xfade_len;
	perlin_fast *f = &d->fast;
	/* steady (and not the reference), and a short span: the plan, made
	   once for the gen */
	if (!fading && !d->moving && !d->restep && d->path != PERLIN_PATH_REFERENCE && !d->noise_only &&
	    len < d->kernels->fast_below && (!f->valid || f->gen != d->gen) &&
	    f->tried != d->gen + 1U) {
		render_sync(d);
		if (!fast_build(d))
			f->tried = d->gen + 1U;
	}
	if (f->valid && f->gen == d->gen && len < d->kernels->fast_below && !d->noise_only) {
		const uint32_t done = render_fast(d, out, len);
		float *rest[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
		unsigned o;
		if (done == len)
			return;
		for (o = 0; o < d->outputs; ++o)
			rest[o] = out[o] ? out[o] + done : NULL;
		render_span(d, rest, len - done, t0 + done); /* (the plan has stopped) */
		return;
	}
	/* the render loop: the ramps where the clock is, and no plan holds
	   once it has moved them */
	render_sync(d);
	f->valid = 0;
	/* depth and offset: lines across the chunk (the noise alone for
	   sample and hold: step.c) */
	const kernel_line dl = {
		d->noise_only ? 1.0f : (float)a->depth,
		d->noise_only ? 0.0f : (float)((b->depth - a->depth) / (double)d->grid)
	};
	const kernel_line ol = {
		d->noise_only ? 0.0f : (float)a->offset,
		d->noise_only ? 0.0f : (float)((b->offset - a->offset) / (double)d->grid)
	};
	const kernel_span span = { len, t0 };
	int own[2] = { 0, 0 }, fresh0 = 0, w, l;
	unsigned o, outs = 1U;
	float *first; /* where output 1's signal goes (see below) */
	/* the four outputs at once (finish4): every one wanted, layers heard */
	const int four = d->outputs == PERLIN_OUTPUTS && !fading && out[0] && out[1] && out[2] &&
	                 out[3];
	for (w = 0; w <= fading; ++w) {
		perlin_voice *v = &d->voice[w ? !d->cur : d->cur];
		float *acc[PERLIN_LAYERS];
		int fresh[PERLIN_LAYERS];
		for (l = 0; l < v->layers; ++l) {
			acc[l] = d->buf[w][l] + 8;
			fresh[l] = 1;
		}
		own[w] = voice_span(d, v, acc, fresh, len, t0);
		/* a sum read below that no octave wrote (all silent; layer 0's
		   when the outputs took its share): zeros, but finish4 (four
		   implies no crossfade: w 0) reads none for layer 0 */
		for (l = 0; l < v->layers; ++l)
			if (fresh[l] && (l == 0 || own[w]) && !(l == 0 && four && own[w]))
				memset(d->buf[w][l], 0, (8 + len + 8) * sizeof d->buf[w][l][0]);
		if (w == 0)
			fresh0 = fresh[0];
	}
	/* each output: layer 0's sum, plus its own layer's where heard (with
	   none, every output is layer 0's: rendered once, into the first
	   wanted output, output 1's or the next, and copied to the others) */
	if (own[0] || own[1])
		outs = d->outputs;
	if (four && own[0]) {
		const float *plus[PERLIN_OUTPUTS];
		for (o = 0; o < PERLIN_OUTPUTS; ++o)
			plus[o] = d->buf[0][1 + o] + 8;
		d->kernels->finish4(fresh0 ? NULL : d->buf[0][0] + 8, plus, out, span, dl, ol,
		                    d->level);
		return;
	}
	first = out[0];
	for (o = 1; !first && outs == 1U && o < d->outputs; ++o)
		first = out[o];
	for (o = 0; o < outs; ++o) {
		float *const to = o ? out[o] : first;
		const float *sum[2];
		if (!fading) {
			d->level[o] = d->kernels->finish(d->buf[0][0] + 8, own[0] ? d->buf[0][1 + o] + 8
			                                                          : NULL,
			                                 to, span, dl, ol);
			continue;
		}
		for (w = 0; w <= fading; ++w) {
			sum[w] = d->buf[w][0] + 8;
			if (own[w]) {
				d->kernels->add(d->buf[w][1 + o] + 8, sum[w], len);
				sum[w] = d->buf[w][1 + o] + 8;
			}
		}
		d->level[o] = d->kernels->mix(sum[0], sum[1], to, span, (float)d->fade,
		                              1.0f / (float)d->xfade_len, dl, ol);
	}
	for (o = outs; o < d->outputs; ++o) { /* the same as the first */
		if (out[o] && out[o] != first)
			memcpy(out[o], first, len * sizeof out[o][0]);
		d->level[o] = d->level[0];
	}
}

void render_ride(perlin_dsp *d, uint32_t len)
{
	int w;
	render_sync(d);
	d->fast.valid = 0;
	for (w = 0; w < 2; ++w) {
		perlin_voice *v = &d->voice[w];
		unsigned k;
		int l;
		if (w != d->cur && d->fade >= d->xfade_len)
			continue; /* (not live) */
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
			const uint32_t period = v->st[k][0].oct.period;
			for (l = 0; l < v->layers; ++l)
				v->st[k][l].form = 0;
			v->path_ok[k] = 0;
			v->fold_form[k] = 0;
			ramp_ride(&v->rx[k], period, len);
			ramp_ride(&v->ry[k], 0U, len);
		}
	}
}
