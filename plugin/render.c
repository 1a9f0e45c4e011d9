/* render.c: a span of the one render loop (dsp.h; dsp.c runs the loop):
   octave by octave through the kernels, voices mixed when crossfading.
   Layer 3 (dsp_private.h): dsp.c calls it; it may call the files below:
   cells.c (the dense kernels' tables), coef.c (a cell's coefficients),
   ramp.c (a phase), and the kernels through perlin_dsp's table. */
#include "dsp_private.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* An octave along x alone (1D, or 2D with y still) whose cells last at
   most 1 / DENSE_STEP samples renders with dense (plugin/kernel_dense.h): its
   ramp keeps its anchor across cells (rebased every RAMP_REBASE samples),
   and the cells' lines come from a table made for each span. */
#define DENSE_STEP 0.0625

/* A 2D octave with y moving whose path's cells last at most 1 / DENSE2_STEP
   samples (steps |x| + |y|) renders with dense2 over a staircase of cells
   (see octave_dense): there a cell's table entry costs less than a
   segment's coefficients and call (make bench, instructions a sample on
   SSE2 / AVX2: 2D at rate 1000, whose octave 0's cells last 36 samples,
   182 / 80 with 1/48, 187 / 92 with 1/24; everything moving 168 / 98
   with 1/48, 169 / 101 with 1/24, 171 / 97 with 1/96; the choice must be
   the same on both paths). */
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
	float g0[2], dg[2];
} layer_gains;
#define LK(l) ((l) > 0)

/* Each output layer's folded coefficients of octave k (see layer_gains):
   the float of gs[0] c0 + gs[l] cl, c the layers' line (form 1) or path
   (form 2: lines, alpha and beta copied), kept while they hold; into
   cs[] with the sums to[] (acc[l] + i). */
static inline __attribute__((always_inline)) void
fold_coef(perlin_voice *v, unsigned k, const layer_gains *g, int form, float *const acc[],
          uint32_t i, float *to[PERLIN_OUTPUTS], const float *cs[PERLIN_OUTPUTS])
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
				d->kernels->dense2(acc[l] + i, seg, stair, line, g->g0[LK(l)], g->dg[LK(l)],
				                   t0 + i, g->st[l]);
			} else {
				d->kernels->dense(acc[l] + i, seg, r->j, r->a, r->step, c0, line, g->g0[LK(l)],
				                  g->dg[LK(l)], t0 + i, g->st[l]);
			}
		}
		if (all) {
			float *to[PERLIN_LAYERS];
			const float *tabs[PERLIN_LAYERS];
			for (l = 0; l < PERLIN_LAYERS; ++l) {
				to[l] = acc[l] + i;
				tabs[l] = d->table[l];
			}
			d->kernels->dense2n(to, seg, stair, tabs, g->g0[0], g->dg[0], g->g0[1], g->dg[1],
			                    t0 + i, g->st);
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
                         const float *c, float g0, float dg, uint32_t t0, int st)
{
	d->kernels->seg1(acc, seg, r->j, r->a - 0.5, r->step, r->mf, c, g0, dg, t0, st);
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

/* One path segment of octave k (seg samples from i, `left` to the next
   crossing): every heard layer along the ramp that moves faster, the
   other a line of it. */
static inline __attribute__((always_inline)) void
octave_path(const perlin_dsp *d, perlin_voice *v, unsigned k, float *const acc[],
            const layer_gains *g, uint32_t i, uint32_t seg, uint64_t left, uint32_t t0,
            const int nl)
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
	} else if (all && !v->path_lines[k]) { /* (from a grid point on) */
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
		                   g->fold ? NULL : v->st[k][0].path, g->g0[0], g->dg[0], g->g0[1],
		                   g->dg[1], t0 + i, g->st[1]);
		return;
	}
	for (l = 0; l < nl; ++l)
		if (g->heard[LK(l)])
			(v->path_lines[k] ? d->kernels->seg2l : d->kernels->seg2x)(
				acc[l] + i, seg, p->j, p->a - 0.5 - v->path_uc[k], p->step, p->mf,
				v->st[k][l].path, g->g0[LK(l)], g->dg[LK(l)], t0 + i, g->st[l]);
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
	int two = 0, behind = 0, dense, dense2, l;
	uint32_t i = 0;
	if (v->gain[0][k] == 0.0 && v->gain[1][k] == 0.0 &&
	    (nl == 1 || (v->alt[0][k] == 0.0 && v->alt[1][k] == 0.0))) {
		/* silent (an octave above the count): only the phases move, and
		   its cells and coefficients go out of date */
		for (l = 0; l < nl; ++l)
			v->st[k][l].form = 0;
		v->path_ok[k] &= ~LAYER_BITS(nl);
		ramp_ride(rx, period, len);
		ramp_ride(ry, 0U, len);
		return;
	}
	for (l = 0; l < (nl > 1 ? 2 : 1); ++l) { /* layer 0's gains, the outputs' own */
		const double gs = l ? v->alt[0][k] : v->gain[0][k];
		const double ge = l ? v->alt[1][k] : v->gain[1][k];
		g.heard[l] = gs != 0.0 || ge != 0.0;
		g.gs[l] = gs;
		g.dgd[l] = (ge - gs) / (double)d->grid;
		g.g0[l] = (float)gs;
		g.dg[l] = (float)g.dgd[l];
	}
	/* an unheard layer's cell and coefficients go out of date; a heard
	   one without them is behind (layer 0, then the outputs' own) */
	for (l = 0; l < (nl > 1 ? 2 : 1); ++l) {
		const int from = l ? 1 : 0, to = l ? nl : 1;
		int m;
		if (!g.heard[l]) {
			for (m = from; m < to; ++m)
				v->st[k][m].form = 0;
			v->path_ok[k] &= ~(LAYER_BITS(to) & ~LAYER_BITS(from));
		} else {
			for (m = from; m < to; ++m)
				behind |= !v->st[k][m].form;
		}
	}
	/* (the heard layers' forms are one, made together, unless behind) */
	two = v->st[k][g.heard[0] ? 0 : 1].form == 2;
	g.all = nl > 1 && !ref && g.heard[0] && g.heard[1];
	/* folding costs a little at every cell: worth it where cells last
	   (the steps, fixed for the chunk, decide: never where a block ends) */
	g.fold = g.all && g.dgd[0] == 0.0 && g.dgd[1] == 0.0 && fabs(rx->step) < FOLD_STEP &&
	         fabs(ry->step) < FOLD_STEP;
	/* a silent octave returned above: some layer is heard (the hint spares
	   the compiler the case, about 2% of the 2D rows' instructions) */
	if (!g.heard[0] && (nl == 1 || !g.heard[1]))
		__builtin_unreachable();
	if (behind) { /* a layer heard again (from a grid point): catch up */
		ramp_rebase(rx, period);
		ramp_rebase(ry, 0U);
		heard_coef(v, k, &g, nl);
		two = form_of(v, k) == 2;
	}
	dense = !two && !ref && rx->step >= DENSE_STEP && rx->step < 0.5;
	dense2 = fabs(rx->step) + fabs(ry->step) >= DENSE2_STEP && !ref && form_of(v, k) == 2 &&
	         fabs(rx->step) < 0.5 && fabs(ry->step) < 0.5;
	if (dense2) /* (every layer at once costs less than layer 0 in each) */
		g.fold = 0;
	/* the sums this octave writes: each heard layer's, but not layer 0's
	   where the outputs are rendered at once (its share is in theirs) */
	{
		const int w0 = g.heard[0] && (!g.all || ((dense || dense2) && !g.fold));
		g.st[0] = w0 && fresh[0];
		if (w0)
			fresh[0] = 0;
		if (nl > 1 && g.heard[1])
			for (l = 1; l < nl; ++l) {
				g.st[l] = fresh[l];
				fresh[l] = 0;
			}
		else
			for (l = 1; l < nl; ++l)
				g.st[l] = 0;
	}
	if (dense2) {
		octave_dense(d, v, k, acc, &g, len, t0, nl, 1);
		return;
	}
	if (dense) {
		ramp_ride(ry, 0U, len); /* unheard (1D) or still (2D) */
		octave_dense(d, v, k, acc, &g, len, t0, nl, 0);
		return;
	}
	if (!two && v->shape.dims == 1)
		ramp_ride(ry, 0U, len); /* y is not heard: x alone splits segments */
	/* a ramp the dense kernel or ramp_ride moved on past its crossing (the
	   form or mode changed at this sample): anchor it where it is, and the
	   coefficients to its cell */
	if (rx->j > rx->cross || (v->shape.dims == 2 && ry->j > ry->cross)) {
		ramp_rebase(rx, period);
		ramp_rebase(ry, 0U);
		heard_coef(v, k, &g, nl);
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
			                  g.fold ? NULL : v->st[k][0].line, g.g0[0], g.dg[0], g.g0[1],
			                  g.dg[1], t0 + i, g.st[1]);
		} else {
			for (l = 0; l < nl; ++l)
				if (g.heard[LK(l)])
					seg_x(d, acc[l] + i, seg, rx, v->st[k][l].coef, g.g0[LK(l)], g.dg[LK(l)],
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

/* len samples (all inside one chunk unless nothing moves), from t0 in
   the chunk, into out[0..d->outputs) (NULL entries: not wanted). */
void render_span(perlin_dsp *d, float *const out[], uint32_t len, uint32_t t0)
{
	const perlin_smooth *a = &d->at[0], *b = &d->at[1];
	const int fading = d->fade < d->xfade_len;
	/* depth and offset: lines across the chunk */
	const float dd = (float)((b->depth - a->depth) / (double)d->grid);
	const float od = (float)((b->offset - a->offset) / (double)d->grid);
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
		d->kernels->finish4(fresh0 ? NULL : d->buf[0][0] + 8, plus, out, len,
		                    (float)a->depth, dd, (float)a->offset, od, t0, d->level);
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
			                                 to, len, (float)a->depth, dd, (float)a->offset,
			                                 od, t0);
			continue;
		}
		for (w = 0; w <= fading; ++w) {
			sum[w] = d->buf[w][0] + 8;
			if (own[w]) {
				d->kernels->add(d->buf[w][1 + o] + 8, sum[w], len);
				sum[w] = d->buf[w][1 + o] + 8;
			}
		}
		d->level[o] = d->kernels->mix(sum[0], sum[1], to, len, (float)d->fade,
		                              1.0f / (float)d->xfade_len, (float)a->depth, dd,
		                              (float)a->offset, od, t0);
	}
	for (o = outs; o < d->outputs; ++o) { /* the same as the first */
		if (out[o] && out[o] != first)
			memcpy(out[o], first, len * sizeof out[o][0]);
		d->level[o] = d->level[0];
	}
}
