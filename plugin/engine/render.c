/* render.c: a span of the one render loop (dsp.c runs the loop): octave by
   octave through the kernels, voices mixed when crossfading. A span the
   steady plan takes (plan.c decides) goes there; either renders the same
   values. dsp.c calls it; it calls
   plan.c, warp.c (the rate CV moving), cells.c (the dense kernels'
   tables), coef.c (a cell's coefficients), ramp.c (a phase), and the kernels through perlin_dsp's
   table; octave.h holds what it decides for an octave as the plan does.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "render.h"
#include "octave.h"
#include "plan.h"
#include "warp.h"
#include "cells.h"
#include "coef.h"
#include "ramp.h"
#include "params.h"
#include "kernel_types.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* fold_update, and the folded coefficients into cs[] with the sums to[]
   (acc[l] + i). */
static inline __attribute__((always_inline)) void
fold_coef(perlin_voice *v, unsigned k, const layer_gains *g, int axes, float *const acc[],
          uint32_t i, float *to[PERLIN_OUTPUTS], const float *cs[PERLIN_OUTPUTS])
{
	int l;
	fold_update(v, k, g, axes);
	for (l = 1; l < PERLIN_LAYERS; ++l) {
		to[l - 1] = acc[l] + i;
		cs[l - 1] = v->stream[l][k].fold;
	}
}

/* Octave k with short cells: dense over a table for each heard layer
   (gain lines g, from the span's place t0 in its chunk), along x (on_path 0:
   1D, or 2D with y still) or a 2D path (on_path: dense2, the ramps of x and y
   both riding; every layer heard, unfolded: dense2n, for all at once).
   The tables are the instance's (d->table[l]: layer l's). */
static inline __attribute__((always_inline)) void
octave_dense(perlin_dsp *d, perlin_voice *v, unsigned k, float *const acc[],
             const layer_gains *g, uint32_t len, uint32_t t0, const int nl, const int on_path)
{
	perlin_ramp *r = &v->rx[k], *ry = &v->ry[k];
	const double sc = dims_scale(v);
	/* every layer at once: the outputs of a 2D path (these octaves never
	   fold: a 1D one's cells are this short only past FOLD_STEP, and a
	   2D one's layers cost less at once, see octave) */
	const int all = on_path && nl > 1 && g->all;
	dense_stair *const stair = &d->stair; /* (2D) */
	uint32_t i = 0;
	int l;
	if (!on_path)
		for (l = 0; l < nl; ++l)
			v->stream[l][k].oct.y = ramp_pos(ry, 0U); /* still, or unheard (1D) */
	while (i < len) {
		const uint32_t room = RAMP_REBASE - (uint32_t)(on_path && ry->j > r->j ? ry->j : r->j);
		uint32_t seg = room < len - i ? room : len - i;
		int32_t c0 = 0, count;
		kernel_span span;
		if (on_path) {
			if (seg > DENSE2_SPAN)
				seg = DENSE2_SPAN;
			dense_cells(r, ry, v->stream[0][k].oct.period, seg + DENSE2_LANES - 1U, stair);
			d->kernels->places(stair);
			count = stair->n;
		} else {
			const double ta = r->a + (double)(int64_t)r->j * r->step;
			const double t1 = r->a + (double)(int64_t)(r->j + seg - 1U) * r->step;
			c0 = (int32_t)ta;
			count = (int32_t)t1 - c0 + 1 + 4;
		}
		span.len = seg;
		span.t0 = t0 + i;
		for (l = 0; l < nl; ++l) {
			float *line = d->table[l];
			if (!g->heard[LK(l)])
				continue;
			if (on_path) { /* corners, then lines */
				d->kernels->table2(v->stream[l][k].oct.seed_hash, v->stream[l][k].oct.period, stair->x,
				                   stair->y, count, sc, d->grads, d->corners);
				d->kernels->lines2(count, stair->along_y, stair->alphaf, stair->beta,
				                   d->corners, line);
			} else {
				cell_table(v, l, k, r->cell + (uint32_t)c0, count, sc, line);
			}
			if (all)
				continue; /* (below) */
			if (on_path) {
				d->kernels->dense2(acc[l] + i, span, stair, line, g->gain[LK(l)], g->first[l]);
			} else {
				const kernel_ramp at = { r->j, r->a, r->step, r->mf };
				d->kernels->dense(acc[l] + i, span, &at, c0, line, g->gain[LK(l)], g->first[l]);
			}
		}
		if (all) {
			float *to[PERLIN_LAYERS];
			const float *tabs[PERLIN_LAYERS];
			for (l = 0; l < PERLIN_LAYERS; ++l) {
				to[l] = acc[l] + i;
				tabs[l] = d->table[l];
			}
			d->kernels->dense2n(to, span, stair, tabs, g->gain[0], g->gain[1], g->first);
		}
		r->j += seg;
		i += seg;
		if (r->j >= RAMP_REBASE)
			ramp_rebase(r, v->stream[0][k].oct.period);
		if (on_path) {
			ry->j += seg;
			if (ry->j >= RAMP_REBASE)
				ramp_rebase(ry, 0U);
		}
	}
}

/* seg1 over seg samples of ramp r along x alone. */
static inline void seg_x(const perlin_dsp *d, float *acc, uint32_t seg, const perlin_ramp *r,
                         const float *c, kernel_line g, uint32_t t0, int first)
{
	kernel_seg(d->kernels, KSEG_X, g, first)(
		acc, (kernel_span){ seg, t0 }, (kernel_ramp){ r->j, r->a - 0.5, r->step, r->mf }, c, g);
}

/* The reference: seg samples of layer l's octave k evaluated by the noise
   library at the ramps' phases, in double, times the gain line. */
static void seg_reference(perlin_voice *v, int l, unsigned k, float *acc, uint32_t seg,
                          double g0, double dg, uint32_t t0, int first)
{
	noise_octave *o = &v->stream[l][k].oct;
	const perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	uint32_t i;
	for (i = 0; i < seg; ++i) {
		double n;
		o->x.cell = rx->cell;
		o->x.frac = rx->a + (double)(int64_t)(rx->j + i) * rx->step;
		o->y.cell = ry->cell;
		o->y.frac = ry->a + (double)(int64_t)(ry->j + i) * ry->step;
		n = v->shape.dims == 2 ? noise_octave_2d(o) : noise_octave_1d(o);
		acc[i] = (first ? 0.0f : acc[i]) + (float)((g0 + dg * (double)(t0 + i)) * n);
	}
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
				cs[l - 1] = v->stream[l][k].path;
			}
		d->kernels->seg2ln(to, (kernel_span){ seg, t0 + i }, p, cs,
		                   g->fold ? NULL : v->stream[0][k].path, g->gain, g->first[1]);
		return;
	}
	for (l = 0; l < nl; ++l)
		if (g->heard[LK(l)])
			kernel_seg(d->kernels, v->path_lines[k] ? KSEG_LINES : KSEG_PATH, g->gain[LK(l)],
			           g->first[l])(
				acc[l] + i, (kernel_span){ seg, t0 + i },
				(kernel_ramp){ p->j, p->a - 0.5 - v->path_uc[k], p->step, p->mf },
				v->stream[l][k].path, g->gain[LK(l)]);
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
	const uint32_t period = v->stream[0][k].oct.period;
	const int ref = d->path == PERLIN_PATH_REFERENCE;
	layer_gains g;
	int on_path = 0, l;
	uint32_t i = 0;
	switch (octave_begin(d, v, k, fresh, len, &g, &on_path, nl)) {
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
					              g.first[l]);
		} else if (on_path) {
			octave_path(d, v, k, acc, &g, i, seg, left, t0, nl);
		} else if (nl > 1 && g.all) { /* every layer heard: the outputs at once */
			float *to[PERLIN_OUTPUTS];
			const float *cs[PERLIN_OUTPUTS];
			if (g.fold)
				fold_coef(v, k, &g, 1, acc, i, to, cs);
			else
				for (l = 1; l < nl; ++l) {
					to[l - 1] = acc[l] + i;
					cs[l - 1] = v->stream[l][k].line;
				}
			d->kernels->seg1n(to, (kernel_span){ seg, t0 + i }, rx, cs,
			                  g.fold ? NULL : v->stream[0][k].line, g.gain, g.first[1]);
		} else {
			for (l = 0; l < nl; ++l)
				if (g.heard[LK(l)])
					seg_x(d, acc[l] + i, seg, rx, v->stream[l][k].coef, g.gain[LK(l)],
					      t0 + i, g.first[l]);
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
					v->stream[l][k].axes = 0;
				v->path_ok[k] &= 1U;
				v->own_stale |= bit;
			}
			octave_span_n(d, v, k, acc, fresh, len, t0, 1);
		}
	return own;
}

/* The CV inputs on len samples of shaped noise s (a unit render: depth
   1, offset 0), t0 into the chunk: each output's clamp(offset + depth s),
   depth and offset each the smoothed control's line across the chunk
   moved by its CV (cv_buf: the span's volts, from its first sample) at
   that sample (the kernels' cv); the levels likewise at the last sample.
   An output buffer given twice is taken once. */
void render_cv(perlin_dsp *d, float *const out[], uint32_t len, uint32_t t0)
{
	const perlin_smooth *a = &d->at[0], *b = &d->at[1];
	const kernel_line dl = { (float)a->depth, (float)((b->depth - a->depth) / (double)d->grid) };
	const kernel_line ol = { (float)a->offset, (float)((b->offset - a->offset) / (double)d->grid) };
	const perlin_param_info *pd = &perlin_params[PERLIN_DEPTH], *po = &perlin_params[PERLIN_OFFSET];
	kernel_cv c;
	unsigned o, p;
	if (!len)
		return;
	c.depth = d->cv_in.depth ? d->cv_buf[0] : NULL;
	c.offset = d->cv_in.offset ? d->cv_buf[1] : NULL;
	c.depth_per_volt = (pd->max - pd->min) / 5.0f;
	c.offset_per_volt = (po->max - po->min) / 5.0f;
	c.depth_lo = pd->min;
	c.depth_hi = pd->max;
	c.offset_lo = po->min;
	c.offset_hi = po->max;
	for (o = 0; o < d->outputs; ++o) {
		int again = 0;
		for (p = 0; out[o] && p < o; ++p)
			again |= out[p] == out[o];
		if (out[o]) {
			d->level[o] = again ? out[o][len - 1]
			                    : d->kernels->cv(out[o], (kernel_span){ len, t0 }, dl, ol, &c);
		} else { /* the level alone: the last sample */
			float last = d->level[o];
			kernel_cv one = c;
			one.depth = c.depth ? c.depth + len - 1 : NULL;
			one.offset = c.offset ? c.offset + len - 1 : NULL;
			d->level[o] = d->kernels->cv(&last, (kernel_span){ 1U, t0 + len - 1 }, dl, ol, &one);
		}
	}
}

/* (render_span) unit: the noise alone, depth 1 and offset 0 (sample and
   hold: step.c; the CV inputs: cv_post). */
static void render_noise(perlin_dsp *d, float *const out[], uint32_t len, uint32_t t0, int unit)
{
	const perlin_smooth *a = &d->at[0], *b = &d->at[1];
	const int fading = d->fade < d->xfade_n;
	/* (the rate CV moving: warp.c's, no plan) */
	const uint32_t done = d->warping ? 0U : plan_render(d, out, len, 1);
	if (done) { /* the steady plan (plan.c decides) */
		float *rest[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
		unsigned o;
		if (done == len)
			return;
		for (o = 0; o < d->outputs; ++o)
			rest[o] = out[o] ? out[o] + done : NULL;
		render_noise(d, rest, len - done, t0 + done, unit); /* (the plan has stopped) */
		return;
	}
	/* depth and offset: lines across the chunk (the noise alone for
	   sample and hold: step.c) */
	const kernel_line dl = {
		unit ? 1.0f : (float)a->depth,
		unit ? 0.0f : (float)((b->depth - a->depth) / (double)d->grid)
	};
	const kernel_line ol = {
		unit ? 0.0f : (float)a->offset,
		unit ? 0.0f : (float)((b->offset - a->offset) / (double)d->grid)
	};
	const kernel_span span = { len, t0 };
	int own[2] = { 0, 0 }, fresh0 = 0, w, l;
	unsigned o, outs = 1U;
	float *first; /* where output 1's signal goes (see below) */
	if (fading && plan_fade(d, d->buf[0][0] + 8, d->buf[1][0] + 8, len)) {
		/* (both voices by their plans, shaped, one sum: into the first
		   output wanted, the others its copies) */
		first = NULL;
		for (o = 0; !first && o < d->outputs; ++o)
			first = out[o];
		d->level[0] = d->kernels->mix_shaped(d->buf[0][0] + 8, d->buf[1][0] + 8, first, span,
		                                     (float)d->fade, 1.0f / (float)d->xfade_n, dl, ol);
		for (o = 0; o < d->outputs; ++o) {
			if (out[o] && out[o] != first)
				memcpy(out[o], first, len * sizeof out[o][0]);
			d->level[o] = d->level[0];
		}
		return;
	}
	/* the render loop: the ramps where the clock is, and no plan holds
	   once it has moved them */
	plan_drop(d);
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
		own[w] = d->warping ? warp_voice(d, v, acc, fresh, len, t0)
		                    : voice_span(d, v, acc, fresh, len, t0);
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
		                              1.0f / (float)d->xfade_n, dl, ol);
	}
	for (o = outs; o < d->outputs; ++o) { /* the same as the first */
		if (out[o] && out[o] != first)
			memcpy(out[o], first, len * sizeof out[o][0]);
		d->level[o] = d->level[0];
	}
}

/* len samples (all inside one chunk unless nothing moves), from t0 in
   the chunk, into out[0..d->outputs) (NULL entries: not wanted). With CV
   inputs the shaped noise, then depth and offset with them (cv_post). */
void render_span(perlin_dsp *d, float *const out[], uint32_t len, uint32_t t0)
{
	if (d->cv_on && !d->noise_only) {
		render_noise(d, out, len, t0, 1);
		render_cv(d, out, len, t0);
		return;
	}
	render_noise(d, out, len, t0, d->noise_only);
}

void render_ride(perlin_dsp *d, uint32_t len)
{
	int w;
	plan_drop(d);
	if (d->warping) { /* (the rate CV moving) */
		warp_ride(d, len);
		return;
	}
	for (w = 0; w < 2; ++w) {
		perlin_voice *v = &d->voice[w];
		unsigned k;
		int l;
		if (w != d->cur && d->fade >= d->xfade_n)
			continue; /* (not live) */
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
			const uint32_t period = v->stream[0][k].oct.period;
			for (l = 0; l < v->layers; ++l)
				v->stream[l][k].axes = 0;
			v->path_ok[k] = 0;
			v->fold_axes[k] = 0;
			ramp_ride(&v->rx[k], period, len);
			ramp_ride(&v->ry[k], 0U, len);
		}
	}
}
