/* render.c: the one render loop (dsp.h): spans of samples, octave by
   octave through the kernels, voices mixed when crossfading. */
#include "dsp_private.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* An octave along x alone (1D, or 2D with y still) whose cells last at
   most 1 / DENSE_STEP samples renders with dense (plugin/kernel.h): its
   ramp keeps its anchor across cells (rebased every RAMP_REBASE samples),
   and the cells' lines come from a table made for each span. */
#define DENSE_STEP 0.0625

/* A 2D path segment shorter than this (samples), or any while controls
   move (a grid point ends it), renders as lines (seg2l), a longer one as
   one polynomial (seg2x): making seg2x's 12 coefficients costs about 250
   instructions more, evaluating it 6 fewer a lane. */
#define PATH_LINES_BELOW 192.0

/* Octave k along x with short cells: dense over its table (gain line g0,
   dg from the span's place t0 in its chunk). */
static void octave_dense(const perlin_dsp *d, perlin_voice *v, unsigned k, float *acc,
                         uint32_t len, float g0, float dg, uint32_t t0)
{
	perlin_ramp *r = &v->rx[k];
	const double sc = dims_scale(v);
	v->oct[k].y = ramp_pos(&v->ry[k], 0U); /* still, or unheard (1D) */
	float line[4 * DENSE_CELLS];
	uint32_t i = 0;
	while (i < len) {
		const uint32_t room = RAMP_REBASE - (uint32_t)r->j;
		const uint32_t seg = room < len - i ? room : len - i;
		const double ta = r->a + (double)r->j * r->step;
		const double t1 = r->a + (double)(r->j + seg - 1U) * r->step;
		const int32_t c0 = (int32_t)ta;
		cell_table(v, k, r->cell + (uint32_t)c0, (int32_t)t1 - c0 + 1 + 4, sc, line);
		d->kernels->dense(acc + i, seg, r->j, r->a, r->step, c0, line, g0, dg, t0 + i);
		r->j += seg;
		i += seg;
		if (r->j >= RAMP_REBASE)
			ramp_rebase(r, v->oct[k].period);
	}
}

/* seg1 over seg samples of ramp r along x alone. */
static inline void seg_x(const perlin_dsp *d, float *acc, uint32_t seg, const perlin_ramp *r,
                         const float *c, float g0, float dg, uint32_t t0)
{
	d->kernels->seg1(acc, seg, r->j, r->a - 0.5, r->step, r->mf, c, g0, dg, t0);
}

/* The reference: seg samples of octave k evaluated by the noise library
   at the ramps' phases, in double, times the gain line. */
static void seg_reference(perlin_voice *v, unsigned k, float *acc, uint32_t seg,
                          double g0, double dg, uint32_t t0)
{
	noise_octave *o = &v->oct[k];
	const perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	uint32_t i;
	for (i = 0; i < seg; ++i) {
		double n;
		o->x.cell = rx->cell;
		o->x.frac = rx->a + (double)(rx->j + i) * rx->step;
		o->y.cell = ry->cell;
		o->y.frac = ry->a + (double)(ry->j + i) * ry->step;
		n = v->shape.dims == 2 ? noise_octave_2d(o) : noise_octave_1d(o);
		acc[i] += (float)((g0 + dg * (double)(t0 + i)) * n);
	}
}

/* Octave k's share of len samples (t0: the first one's place in its
   chunk), added into acc. */
static void octave_span(const perlin_dsp *d, perlin_voice *v, unsigned k, float *acc,
                        uint32_t len, uint32_t t0)
{
	perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	const uint32_t period = v->oct[k].period;
	const double gs = v->gain[0][k], ge = v->gain[1][k];
	const double dgd = (ge - gs) / (double)d->grid;
	const float g0 = (float)gs, dg = (float)dgd;
	const int ref = d->path == PERLIN_PATH_REFERENCE;
	int two;
	uint32_t i = 0;
	if (gs == 0.0 && ge == 0.0) { /* silent: only the phases move */
		ramp_ride(rx, period, len);
		ramp_ride(ry, 0U, len);
		v->form[k] = 0; /* its cell and coefficients are out of date */
		return;
	}
	if (!v->form[k]) { /* heard again (from a grid point): catch up */
		ramp_rebase(rx, period);
		ramp_rebase(ry, 0U);
		voice_coef(v, k, form_of(v, k));
	}
	two = v->form[k] == 2;
	if (!two && !ref && rx->step >= DENSE_STEP && rx->step < 0.5) {
		ramp_ride(ry, 0U, len); /* unheard (1D) or still (2D) */
		octave_dense(d, v, k, acc, len, g0, dg, t0);
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
		voice_coef(v, k, form_of(v, k));
	}
	while (i < len) {
		uint64_t left = rx->cross - rx->j;
		uint32_t seg;
		if (v->shape.dims == 2 && ry->cross - ry->j < left)
			left = ry->cross - ry->j;
		seg = left < len - i ? (uint32_t)left : len - i;
		if (ref)
			seg_reference(v, k, acc + i, seg, gs, dgd, t0 + i);
		else if (two) { /* along the ramp that moves faster, the other a line of it */
			const int along_y = fabs(ry->step) > fabs(rx->step);
			const perlin_ramp *p = along_y ? ry : rx, *q = along_y ? rx : ry;
			const double alpha = q->step / p->step;
			/* q's u where p's is: the same sample of both ramps */
			const double beta = (q->a - 0.5) +
				(double)((int64_t)q->j - (int64_t)p->j) * q->step -
				alpha * (p->a - 0.5);
			/* the polynomial is centred in the segment: from the later of
			   the two anchors to the next crossing or rebase of either
			   ramp, which the anchors alone fix, so it is the same
			   whatever splits the blocks, and kept across them */
			const double key[6] = { p->a, p->step, (double)p->cell, q->a, q->step,
			                        (double)q->cell + (along_y ? 0.5 : 0.0) };
			if (memcmp(key, v->path_for[k], sizeof key)) {
				const double start = p->j > q->j ? (double)(p->j - q->j) : 0.0;
				const double end = (double)(p->j + left - 1U);
				/* while controls move, the next grid point re-anchors */
				const int lines = end - start < PATH_LINES_BELOW || d->moving;
				const double uc = lines ? 0.0 : (p->a - 0.5) + 0.5 * (start + end) * p->step;
				path_coef(v, k, along_y, alpha, beta, uc, lines, v->path[k]);
				memcpy(v->path_for[k], key, sizeof key);
				v->path_uc[k] = uc;
				v->path_lines[k] = lines;
			}
			(v->path_lines[k] ? d->kernels->seg2l : d->kernels->seg2x)(
				acc + i, seg, p->j, p->a - 0.5 - v->path_uc[k], p->step, p->mf, v->path[k],
				g0, dg, t0 + i);
		} else
			seg_x(d, acc + i, seg, rx, v->coef[k], g0, dg, t0 + i);
		rx->j += seg;
		if (v->shape.dims == 2)
			ry->j += seg;
		i += seg;
		if (rx->j == rx->cross || (v->shape.dims == 2 && ry->j == ry->cross)) {
			if (rx->j == rx->cross)
				ramp_next_cell(rx, period);
			if (v->shape.dims == 2 && ry->j == ry->cross)
				ramp_next_cell(ry, 0U);
			voice_coef(v, k, form_of(v, k));
		}
	}
}

/* len samples (all inside one chunk unless nothing moves), from t0 in
   the chunk. */
static void render_span(perlin_dsp *d, float *out, uint32_t len, uint32_t t0)
{
	float buf[2][8 + SPAN + 8]; /* the voices' sums, with the slack kernel.h's part() needs */
	const perlin_smooth *a = &d->at[0], *b = &d->at[1];
	const int fading = d->fade < d->xfade_len;
	int w;
	unsigned k;
	for (w = 0; w <= fading; ++w) {
		perlin_voice *v = &d->voice[w ? !d->cur : d->cur];
		memset(buf[w], 0, (8 + len + 8) * sizeof buf[w][0]);
		for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
			octave_span(d, v, k, buf[w] + 8, len, t0);
	}
	{ /* depth and offset: lines across the chunk */
		const float dd = (float)((b->depth - a->depth) / (double)d->grid);
		const float od = (float)((b->offset - a->offset) / (double)d->grid);
		if (fading)
			d->level = d->kernels->mix(buf[0] + 8, buf[1] + 8, out, len, (float)d->fade,
			                           1.0f / (float)d->xfade_len, (float)a->depth, dd,
			                           (float)a->offset, od, t0);
		else
			d->level = d->kernels->finish(buf[0] + 8, out, len, (float)a->depth, dd,
			                              (float)a->offset, od, t0);
	}
}

void perlin_dsp_run(perlin_dsp *d, float *out, uint32_t n)
{
	while (n) {
		const uint32_t t0 = (uint32_t)(d->clock % d->grid);
		uint32_t len = n < SPAN ? n : SPAN;
		if (t0 == 0 && d->moving)
			grid_point(d);
		if (d->restep)
			restep(d);
		if (d->moving && len > d->grid - t0)
			len = d->grid - t0;
		if (d->fade < d->xfade_len && len > d->xfade_len - d->fade)
			len = d->xfade_len - d->fade;
		render_span(d, out, len, t0);
		d->clock += len;
		if (d->tp_valid)
			d->tp_count += len;
		d->started = 1;
		if (out)
			out += len;
		n -= len;
		if (d->fade < d->xfade_len) {
			d->fade += len;
			if (d->fade >= d->xfade_len) {
				d->fade = d->xfade_len;
				dsp_maybe_start_voice(d); /* a change that waited, from here */
			}
		}
	}
}
