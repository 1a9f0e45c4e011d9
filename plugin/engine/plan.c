/* plan.c: the steady plan (perlin_plan in state.h), which renders a short
   block while nothing moves: what the render loop decides for each octave
   (octave_begin, and its segment's kernel and coefficients) is made once
   into the plan and kept until the octave's cell changes, so a block of 16
   or 32 samples costs its samples and the octaves whose cells it crosses,
   not every octave's setup. With one output the octaves whose cells are
   long are folded into one polynomial (perlin_plan's fold; in 2D along
   their paths), and
   then the plan renders blocks of any length; else long blocks keep the
   loop (cheaper per sample there: struct perlin_kernels' plan_below),
   with the same values as the loop.
   Whether it renders a block or span is decided here (plan_takes, plan_made),
   where it is made; dsp.c (a whole block) and render.c (a span) ask by
   calling plan_render, and render.c a crossfade's two voices by calling
   plan_fade (each voice has its plan). It calls coef.c and ramp.c, and
   the kernels through perlin_dsp's table.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "plan.h"
#include "octave.h"
#include "coef.h"
#include "ramp.h"
#include "kernel_types.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* an octave's layer_gains fits where the plan keeps it */
typedef char plan_gains_fit[sizeof(layer_gains) <= sizeof(((perlin_plan_oct *)0)->g) ? 1 : -1];

/* Samples at most between the moves of a plan's riding ramps (an
   unheard octave's, a 1D octave's y), so a ride stays short. */
#define PLAN_RIDE 4096U

/* c in each of the 8 lanes (two 4-float stores) */
static inline void splat(float lanes[8], float c)
{
	typedef float f4 __attribute__((vector_size(4 * sizeof(float))));
	const f4 v = { c, c, c, c };
	memcpy(lanes, &v, sizeof v);
	memcpy(lanes + 4, &v, sizeof v);
}

/* A 2D path's plan entry: its kind and its coefficients (seg2x's 12, or
   seg2l's 8 lines and the 2 floats after them), the lines times gk. */
static inline void plan_path_coef(perlin_plan_entry *e, const float *c0, float gk, int lines)
{
	int m;
	e->kind = lines ? PERLIN_PLAN_SEG2L : PERLIN_PLAN_SEG2X;
#pragma GCC unroll 12
	for (m = 0; m < 12; ++m)
		if (m < 8 || !lines)
			splat(e->coef[m], c0[m] * gk);
	if (lines) {
		splat(e->coef[8], c0[8]);
		splat(e->coef[9], c0[9]);
	}
}

/* Where octave k needs the plan next (its ramps exact at clock T): the
   end of its segment (heard: either ramp's crossing, as the render loop's
   `left`), and a riding ramp's next move. */
static inline uint64_t plan_until(const perlin_voice *v, unsigned k, const perlin_plan_oct *o,
                                  uint64_t T)
{
	const perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	uint64_t until = UINT64_MAX;
	if (o->entry >= 0) {
		until = T - rx->j + rx->cross;
		if (v->shape.dims == 2) {
			const uint64_t uy = T - ry->j + ry->cross;
			until = uy < until ? uy : until;
		} else if (ry->step != 0.0 && T + PLAN_RIDE < until) {
			until = T + PLAN_RIDE;
		}
	} else if (rx->step != 0.0 || ry->step != 0.0) {
		until = T + PLAN_RIDE;
	}
	return until;
}

/* Octave k's ramps moved on to clock T (from o->sync): a heard octave's
   along its segment, riding ones as ramp_ride moves them. */
static inline void plan_move(perlin_voice *v, unsigned k, perlin_plan_oct *o, uint64_t T)
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
			ramp_ride(ry, 0U, (uint32_t)n); /* (PLAN_RIDE at most) */
	} else {
		ramp_ride(rx, v->stream[0][k].oct.period, (uint32_t)n);
		ramp_ride(ry, 0U, (uint32_t)n);
	}
	o->sync = T;
}

/* Entry e anchored on ramp p at clock T (its anchor's u a): the anchor
   at clock c = T - p->j = 8 C + r puts lane l's m at l - r (mod 8), in
   the group before where l < r (mf, lo, idx); its group C, its step a
   group, a. Returns c. */
static inline uint64_t plan_anchor(perlin_plan_entry *e, const perlin_ramp *p, uint64_t T,
                                   double a)
{
	static const int32_t before[16] = { -1, -1, -1, -1, -1, -1, -1, -1 };
	static const int32_t own[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 };
	const uint64_t c = T - p->j;
	const unsigned r = (unsigned)(c & 7U);
	float mf2[16];
	memcpy(mf2, p->mf, sizeof p->mf);
	memcpy(mf2 + 8, p->mf, sizeof p->mf);
	memcpy(e->mf, mf2 + 8 - r, sizeof e->mf);
	memcpy(e->lo, before + 8 - r, sizeof e->lo);
	memcpy(e->idx, own + 8 - r, sizeof e->idx);
	e->c2[0] = e->c2[1] = (double)(int64_t)(c >> 3);
	e->s2[0] = e->s2[1] = p->step * 8.0;
	e->a2[0] = e->a2[1] = a;
	return c;
}

/* A seg1 entry's segment as the fold reads it (perlin_plan_oct): u = a
   at the anchor's clock c, ramp p's step a sample, its crossing. */
static inline void fold_segment(perlin_plan_oct *o, const perlin_ramp *p, uint64_t c, double a)
{
	o->anchor = o->first = c;
	o->ua = a;
	o->ustep = p->step;
	o->cross_at = c + p->cross;
}

/* The fold's polynomial (perlin_plan's fold) from its octaves' segments
   as they are now, level by level from level `from` (the first whose
   octaves changed): level i sums the folded entries 0 .. i over the
   samples all of them are in (from the last anchor, a crossing, a
   rebase or a new step, to the next crossing; t = (c - mid) / L from
   -1/2 to 1/2 across them), as level i - 1 moved onto those samples
   (inside its own) plus entry i's octave. The last level is the fold.
   Made the same wherever a block starts: from the segments alone. */
static void fold_make(perlin_plan *f, const perlin_voice *v, int from)
{
	static const double zero[FOLD_MAX_COEF];
	const int n = f->fold_n;
	int i;
	for (i = from; i < f->nfold; ++i) {
		const unsigned k = (unsigned)f->fold_k[i];
		const perlin_plan_oct *oc = &f->oct[k];
		const float *const c0 = n == FOLD_MAX_COEF ? oc->poly : v->stream[0][k].coef;
		uint64_t first = oc->first, next = oc->cross_at;
		double L, mid, u0, du, *const S = f->fold_s[i];
		if (i > 0) {
			first = f->fold_first[i - 1] > first ? f->fold_first[i - 1] : first;
			next = f->fold_next[i - 1] < next ? f->fold_next[i - 1] : next;
		}
		/* (clocks below 2^63: a signed convert, one instruction) */
		L = (double)(int64_t)(next - first); /* (a segment is at least a sample) */
		mid = 0.5 * ((double)(int64_t)first + (double)(int64_t)next);
		/* octave k's u at mid, and its move over L */
		u0 = oc->ua + (mid - (double)(int64_t)oc->anchor) * oc->ustep;
		du = L * oc->ustep;
		{
			const double *const below = i > 0 ? f->fold_s[i - 1] : zero;
			const double a = i > 0 ? (mid - f->fold_mid[i - 1]) / f->fold_len[i - 1] : 0.0;
			const double b = i > 0 ? L / f->fold_len[i - 1] : 0.0;
			if (n == FOLD_MAX_COEF)
				fold_level2(below, a, b, u0, du, c0, oc->gk, S);
			else
				fold_level(below, a, b, u0, du, c0, oc->gk, S);
		}
		f->fold_first[i] = first;
		f->fold_next[i] = next;
		f->fold_mid[i] = mid;
		f->fold_len[i] = L;
	}
	{
		const int top = f->nfold - 1;
#pragma GCC unroll 7
		for (i = 0; i < 7; ++i)
			splat(f->fold_c[i], (float)f->fold_s[top][i]);
		for (; i < n; ++i)
			splat(f->fold_c[i], (float)f->fold_s[top][i]);
		f->fold_o = f->fold_mid[top];
		f->fold_invf = (float)(1.0 / f->fold_len[top]);
	}
}

/* A 2D octave of layer 0 alone along its path, folded (its cells
   crossed at clock T, its ramps exact there and its cell's coefficients
   made): its segment as the fold reads it, its polynomial along the path
   (path_coef's, centred as path_prepare centres it, whichever kernel its
   entry would take), where it ends. */
static void plan_segment2(const perlin_voice *v, unsigned k, perlin_plan_oct *o, uint64_t T,
                          uint64_t *until)
{
	const perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k];
	const uint64_t lx = rx->cross - rx->j, ly = ry->cross - ry->j, left = lx < ly ? lx : ly;
	const path_geometry pg = path_geometry_of(v, k, left);
	const uint64_t jq = pg.along_y ? rx->j : ry->j;
	path_coef(&v->stream[0][k], pg.along_y, pg.alpha, pg.beta, pg.uc, 0, o->poly);
	o->anchor = T - pg.p->j;
	o->first = T - (pg.p->j < jq ? pg.p->j : jq); /* (the later anchor) */
	o->ua = (pg.p->a - 0.5) - pg.uc;
	o->ustep = pg.p->step;
	o->cross_at = T + left;
	o->sync = T;
	*until = T + left;
}

/* The fold of a plan just made at clock T, of one sum (one output, or
   four sharing it: spread 0): the entries of
   the octaves whose cells last PERLIN_FOLD_CELL samples or more (the
   first ones: the cells shorten octave by octave), in 1D where every
   entry is seg1, in 2D those along their paths (both ramps' cells that
   long). */
static void fold_begin(perlin_plan *f, const perlin_voice *v, uint64_t T)
{
	unsigned k;
	f->nfold = 0;
	f->fold_n = v->shape.dims == 2 ? FOLD_MAX_COEF : 7;
	if (f->sums != 1 || (v->shape.dims == 1 && f->kinds_a != 1U << PERLIN_PLAN_SEG1))
		return;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		perlin_plan_oct *oc = &f->oct[k];
		if (oc->entry < 0)
			continue;
		if (oc->entry != f->nfold)
			break;
		if (v->shape.dims == 1 && !(fabs(oc->ustep) * PERLIN_FOLD_CELL <= 1.0))
			break;
		if (v->shape.dims == 2) {
			if (!oc->on_path || oc->nl != 1 ||
			    !(fabs(v->rx[k].step) * PERLIN_FOLD_CELL <= 1.0) ||
			    !(fabs(v->ry[k].step) * PERLIN_FOLD_CELL <= 1.0))
				break;
			plan_segment2(v, k, oc, T, &f->until_k[k]);
		}
		f->fold_k[f->nfold++] = (int32_t)k;
	}
	if (f->nfold)
		fold_make(f, v, 0);
}

/* Octave k's entry e for its segment from clock T on (its ramps exact
   there, its layers' coefficients for their cell; g, on_path and nl as
   octave_begin found them): the kernel octave_span_n would call and
   its arguments (fold_update and path_prepare done as it does them), and
   the segment's end (*until). 0 where the plan has no kernel for it: gains that
   move, an unfolded four (cells under 32 samples), or outputs' own
   layers without layer 0 (spread 1): then the render loop renders. */
static inline __attribute__((always_inline)) int
plan_entry(const perlin_dsp *d, perlin_voice *v, unsigned k, const layer_gains *g, int on_path,
           uint64_t T, perlin_plan_oct *o, perlin_plan_entry *e, const int nl, uint64_t *until)
{
	const perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k], *p = rx;
	const int all = nl > 1 && g->all;
	uint64_t left = rx->cross - rx->j;
	double a;
	int l, m;
	if (v->shape.dims == 2 && ry->cross - ry->j < left)
		left = ry->cross - ry->j;
	if (g->dgd[0] != 0.0 || (nl > 1 && g->dgd[1] != 0.0) || (nl > 1 && !(all && g->fold)))
		return 0;
	if (on_path) {
		p = path_prepare(d, v, k, g, left, nl) ? ry : rx;
		if (all) { /* octave_path: seg2ln, folded */
			fold_update(v, k, g, 2);
			e->kind = PERLIN_PLAN_SEG2LN;
			for (l = 0; l < PERLIN_OUTPUTS; ++l)
				for (m = 0; m < 8; ++m)
					splat(e->coef[8 * l + m], v->stream[1 + l][k].fold[m]);
			splat(e->coef[32], v->stream[1][k].fold[8]);
			splat(e->coef[33], v->stream[1][k].fold[9]);
			a = p->a - 0.5;
		} else { /* seg2l or seg2x, layer 0 (seg1_body's coefficients) */
			plan_path_coef(e, v->stream[0][k].path, g->gain[0].v0, v->path_lines[k]);
			a = p->a - 0.5 - v->path_uc[k];
		}
	} else if (all) { /* seg1n, folded */
		fold_update(v, k, g, 1);
		e->kind = PERLIN_PLAN_SEG1N;
		for (l = 0; l < PERLIN_OUTPUTS; ++l)
			for (m = 0; m < 4; ++m)
				splat(e->coef[4 * l + m], v->stream[1 + l][k].fold[m]);
		a = rx->a - 0.5;
	} else { /* seg1 (seg_x), layer 0 */
		const float gk = g->gain[0].v0;
		e->kind = PERLIN_PLAN_SEG1;
#pragma GCC unroll 7
		for (m = 0; m < 7; ++m)
			splat(e->coef[m], v->stream[0][k].coef[m] * gk);
		a = rx->a - 0.5;
	}
	{
		const uint64_t c = plan_anchor(e, p, T, a);
		if (e->kind == PERLIN_PLAN_SEG1)
			fold_segment(o, rx, c, a);
	}
	o->sync = T;
	*until = plan_until(v, k, o, T);
	return 1;
}

/* A 1D octave of layer 0 alone (seg1) at a crossing, its segment from
   clock T (its ramp anchored at T - j): where it ends (or y's next ride)
   and, for the fold, where it lies. All a folded octave needs (the
   kernel reads the fold, not its entry). */
static inline void plan_segment1(const perlin_voice *v, unsigned k, perlin_plan_oct *o,
                                 uint64_t T, uint64_t *until)
{
	const perlin_ramp *rx = &v->rx[k];
	const uint64_t c = T - rx->j;
	fold_segment(o, rx, c, rx->a - 0.5);
	o->sync = T;
	*until = c + rx->cross;
	if (v->ry[k].step != 0.0 && T + PLAN_RIDE < *until)
		*until = T + PLAN_RIDE; /* (y rides) */
}

/* plan_entry's for a 1D octave of layer 0 alone (seg1), at a crossing:
   its cell's coefficients times its gain, its ramp's new anchor, and its
   segment. */
static inline void plan_seg1(const perlin_voice *v, unsigned k, perlin_plan_oct *o,
                             perlin_plan_entry *e, uint64_t T, uint64_t *until)
{
	const perlin_ramp *rx = &v->rx[k];
	const float gk = o->gk, *const c0 = v->stream[0][k].coef;
	int m;
#pragma GCC unroll 7
	for (m = 0; m < 7; ++m)
		splat(e->coef[m], c0[m] * gk);
	plan_anchor(e, rx, T, rx->a - 0.5);
	plan_segment1(v, k, o, T, until);
}

/* The same for a 2D octave of layer 0 alone along its path (seg2x or
   seg2l), at a crossing of either ramp: the path's kernel for the new
   segment (path_prepare), its coefficients times the gain, the lead
   ramp's anchor (path_prepare takes no gains with one layer). */
static inline void plan_path1(const perlin_dsp *d, perlin_voice *v, unsigned k,
                              perlin_plan_oct *o, perlin_plan_entry *e, uint64_t T,
                              uint64_t *until)
{
	const perlin_ramp *rx = &v->rx[k], *ry = &v->ry[k], *p;
	const uint64_t lx = rx->cross - rx->j, ly = ry->cross - ry->j;
	const float gk = o->gk, *const c0 = v->stream[0][k].path;
	p = path_prepare(d, v, k, (const layer_gains *)NULL, lx < ly ? lx : ly, 1) ? ry : rx;
	plan_path_coef(e, c0, gk, v->path_lines[k]);
	plan_anchor(e, p, T, p->a - 0.5 - v->path_uc[k]);
	o->sync = T;
	*until = T + (lx < ly ? lx : ly);
}

/* The plan's next `until`. */
static void plan_min(perlin_plan *f)
{
	uint64_t m = f->until_k[0];
	uint32_t due = 1U;
	unsigned k;
#pragma GCC unroll 8
	for (k = 1; k < NOISE_MAX_OCTAVES; ++k) {
		const uint64_t u = f->until_k[k];
		due = u < m ? 1U << k : u == m ? due | 1U << k : due;
		m = u < m ? u : m;
	}
	f->until = m;
	f->due = due;
}

/* The kinds of the entries (layer 0's, the outputs'). */
static void plan_kinds(perlin_plan *f)
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
static void plan_stop(perlin_plan *f, perlin_voice *v, uint64_t T)
{
	unsigned k;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
		plan_move(v, k, &f->oct[k], T);
	f->live = 0;
}

void plan_sync(perlin_dsp *d)
{
	if (d->plan[0].live)
		plan_stop(&d->plan[0], &d->voice[0], d->clock);
	if (d->plan[1].live)
		plan_stop(&d->plan[1], &d->voice[1], d->clock);
}

void plan_forget(perlin_dsp *d, int w)
{
	perlin_plan *f = &d->plan[w];
	if (f->live)
		plan_stop(f, &d->voice[w], d->clock);
	f->valid = 0;
	f->tried = f->nofold = f->unsure = 0U;
}

/* The shaping of the plan's outputs (plan_group's): depth and offset
   (the outputs kept for a group were shaped otherwise: none kept). */
static void plan_shape(perlin_plan *f, float depth, float offset)
{
	f->kgroup = UINT64_MAX;
	f->depth = depth;
	f->offset = offset;
	f->unit = depth == 1.0f && offset == 0.0f; /* (kmode's KUNIT) */
	splat(f->shape_lanes[0], depth);
	splat(f->shape_lanes[1], offset);
}

/* A steady plan's (with CV inputs the noise alone: render_cv gives depth
   and offset). */
static void plan_shape_steady(const perlin_dsp *d, perlin_plan *f)
{
	plan_shape(f, d->cv_on ? 1.0f : (float)d->at[0].depth,
	           d->cv_on ? 0.0f : (float)d->at[0].offset);
}

/* Whether octave k of voice v has layers of its own (the outputs' sums
   apart: no fold). */
static int octave_own(const perlin_voice *v, unsigned k)
{
	return v->layers > 1 && (v->alt[0][k] != 0.0 || v->alt[1][k] != 0.0);
}

/* Voice v's plan f from the clock on (a span that render_span renders
   steadily, or a crossfade by both plans: nothing moving): each octave
   taken up as voice_span and octave_begin would (own_stale, the layers'
   cells and coefficients), and each heard one's segment as
   octave_span_n's loop would render it. Whether every octave has a
   kernel in the plan (a dense one has none: then the render loop). */
static int plan_build(perlin_dsp *d, perlin_plan *f, perlin_voice *v)
{
	const uint64_t T = d->clock;
	int own = 0;
	unsigned k;
	int nb = 0;
	f->valid = f->live = 0;
	f->n = 0;
	f->sure = 1;
	if (d->at[0].depth != d->at[1].depth || d->at[0].offset != d->at[1].offset)
		return 0;
	/* layer 0's entries first: the octaves heard in it alone */
	f->na = 0;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		if (octave_own(v, k))
			continue;
		f->na += v->gain[0][k] != 0.0 || v->gain[1][k] != 0.0;
	}
	f->none = f->na == 0;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k) {
		perlin_plan_oct *o = &f->oct[k];
		int fresh[PERLIN_LAYERS] = { 1, 1, 1, 1, 1 };
		layer_gains g;
		int on_path = 0, nl = 1, how, l, ok;
		if (v->layers > 1) { /* as voice_span */
			const unsigned bit = 1U << k;
			if (octave_own(v, k)) {
				v->own_stale &= ~bit;
				own = 1;
				nl = PERLIN_LAYERS;
			} else if (!(v->own_stale & bit)) {
				for (l = 1; l < PERLIN_LAYERS; ++l)
					v->stream[l][k].axes = 0;
				v->path_ok[k] &= 1U;
				v->own_stale |= bit;
			}
		}
		how = nl > 1 ? octave_begin(d, v, k, fresh, 0U, &g, &on_path, PERLIN_LAYERS)
		             : octave_begin(d, v, k, fresh, 0U, &g, &on_path, 1);
		o->nl = nl;
		o->on_path = on_path;
		f->sure &= nl == 1;
		o->sync = T;
		if (how == OCT_SILENT) {
			o->entry = -1;
			f->until_k[k] = plan_until(v, k, o, T);
			continue;
		}
		if (how != OCT_SEG)
			return 0;
		memcpy(o->g, &g, sizeof g);
		o->gk = g.gain[0].v0;
		o->entry = nl > 1 ? f->na + nb++ : f->n - nb;
		ok = nl > 1 ? plan_entry(d, v, k, &g, on_path, T, o, &f->e[o->entry], PERLIN_LAYERS,
		                         &f->until_k[k])
		            : plan_entry(d, v, k, &g, on_path, T, o, &f->e[o->entry], 1,
		                         &f->until_k[k]);
		if (!ok)
			return 0;
		f->n++;
	}
	if (f->n - nb != f->na)
		return 0; /* (not as counted) */
	f->sums = own ? PERLIN_LAYERS : 1;
	plan_shape_steady(d, f);
	splat(f->shape_lanes[2], -1.0f);
	splat(f->shape_lanes[3], 1.0f);
	splat(f->shape_lanes[4], 1.5f);
	splat(f->shape_lanes[5], 0.5f);
	f->outs = d->outputs;
	f->kgroup = UINT64_MAX;
	plan_min(f);
	plan_kinds(f);
	fold_begin(f, v, T);
	f->gen = d->gen;
	f->valid = PLAN_STEADY;
	f->live = 1;
	return 1;
}

/* The octaves whose `until` is clock T (f->until: f->due): moved on there, and a heard one
   that reached a crossing into its next cell (octave_span_n's loop: the
   ramps' next cells, the layers' coefficients) and its next segment's
   entry. Whether the plan goes on (0: stopped at T). */
static __attribute__((noinline)) int plan_events(const perlin_dsp *d, perlin_plan *f,
                                                perlin_voice *v, uint64_t T)
{
	uint32_t due = f->due; /* the octaves whose until it is (T is f->until) */
	unsigned k;
	int kinds = 0, fold = NOISE_MAX_OCTAVES; /* (the first fold level to make anew) */
	for (; due; due &= due - 1U) {
		perlin_plan_oct *o;
		perlin_ramp *rx, *ry;
		int32_t was;
		k = (unsigned)__builtin_ctz(due);
		o = &f->oct[k];
		rx = &v->rx[k];
		ry = &v->ry[k];
		plan_move(v, k, o, T);
		if (o->entry >= 0 && v->shape.dims == 1 && o->nl == 1 && rx->j == rx->cross) {
			/* (1D, layer 0 alone: octave_span_n's ramp_next_cell and
			   heard_coef, and the seg1 entry) */
			ramp_next_cell(rx, v->stream[0][k].oct.period);
			voice_coef(v, &v->stream[0][k], k, 1);
			if (o->entry < f->nfold) {
				plan_segment1(v, k, o, T, &f->until_k[k]);
				if (o->entry < fold)
					fold = o->entry;
			} else {
				plan_seg1(v, k, o, &f->e[o->entry], T, &f->until_k[k]);
			}
			f->dirty |= 1U << o->entry;
		} else if (o->entry >= 0 && o->on_path && o->nl == 1 &&
		           (rx->j == rx->cross || ry->j == ry->cross)) {
			/* (2D along a path, layer 0 alone: the same, and its
			   path's entry) */
			was = f->e[o->entry].kind;
			if (rx->j == rx->cross)
				ramp_next_cell(rx, v->stream[0][k].oct.period);
			if (ry->j == ry->cross)
				ramp_next_cell(ry, 0U);
			voice_coef(v, &v->stream[0][k], k, 2);
			if (o->entry < f->nfold) { /* (folded: the kernel reads the fold) */
				plan_segment2(v, k, o, T, &f->until_k[k]);
				if (o->entry < fold)
					fold = o->entry;
			} else {
				plan_path1(d, v, k, o, &f->e[o->entry], T, &f->until_k[k]);
				kinds |= f->e[o->entry].kind != was;
			}
			f->dirty |= 1U << o->entry;
		} else if (o->entry >= 0 &&
		           (rx->j == rx->cross || (v->shape.dims == 2 && ry->j == ry->cross))) {
			layer_gains g;
			int ok;
			memcpy(&g, o->g, sizeof g);
			was = f->e[o->entry].kind;
			if (rx->j == rx->cross)
				ramp_next_cell(rx, v->stream[0][k].oct.period);
			if (v->shape.dims == 2 && ry->j == ry->cross)
				ramp_next_cell(ry, 0U);
			if (o->nl > 1) {
				heard_coef(v, k, &g, PERLIN_LAYERS);
				ok = plan_entry(d, v, k, &g, o->on_path, T, o, &f->e[o->entry], PERLIN_LAYERS,
				                &f->until_k[k]);
			} else {
				heard_coef(v, k, &g, 1);
				ok = plan_entry(d, v, k, &g, o->on_path, T, o, &f->e[o->entry], 1,
				                &f->until_k[k]);
			}
			if (!ok) {
				plan_stop(f, v, T);
				f->valid = 0;
				return 0;
			}
			kinds |= f->e[o->entry].kind != was;
			f->dirty |= 1U << o->entry;
		} else {
			f->until_k[k] = plan_until(v, k, o, T);
		}
	}
	plan_min(f);
	if (kinds)
		plan_kinds(f);
	if (fold < f->nfold)
		fold_make(f, v, fold);
	return 1;
}

/* len samples from clock T inside the group the kernel kept, nothing new
   since: its outputs as kept, into out[o] + at (the kernel's values). */
static void plan_kept(const perlin_plan *f, float *const out[], unsigned outs, uint32_t at,
                      uint32_t len, uint64_t T, float *level)
{
	const uint32_t l = (uint32_t)(T & 7U);
	unsigned o;
	for (o = 0; o < outs; ++o) {
		const float *const w = f->kw[f->sums > 1 ? o : 0] + l;
		uint32_t i;
		if (out[o])
			for (i = 0; i < len; ++i) /* (at most 8: no memcpy call) */
				out[o][at + i] = w[i];
		level[o] = w[len - 1U];
	}
}

/* (plan_pieces) The group of 8 from clock T (its first sample), with
   events inside it, of a plan whose entries are all folded: each event
   taken up at its sample (it makes the fold anew, nothing else heard),
   the lanes from it on by the fold it made (the kernels' fold_split),
   into out[o] + done; the levels its last lane. How many samples: 8, or
   up to an event where the plan stopped (the lanes from it unrendered). */
static uint32_t plan_fold_group(const perlin_dsp *d, perlin_plan *f, perlin_voice *v,
                                float *const out[], uint32_t done, uint64_t T, float *level)
{
	float vals[8], now[8];
	uint32_t from = 0, len = 8, l; /* (the lanes the fold before the event has) */
	unsigned o;
	while (f->until < T + 8U) {
		const uint32_t e = (uint32_t)(f->until - T);
		memcpy(f->fold_was, f->fold_c, (size_t)f->fold_n * sizeof f->fold_c[0]);
		f->fold_was_o = f->fold_o;
		f->fold_was_invf = f->fold_invf;
		if (!plan_events(d, f, v, f->until)) {
			/* (never for a fold's event; were it to stop the plan, the
			   lanes before it alone, by the fold they had) */
			d->kernels->fold_split(f, T >> 3, 8U, from ? now : vals);
			for (l = from; from && l < e; ++l)
				vals[l] = now[l];
			len = e;
			break;
		}
		d->kernels->fold_split(f, T >> 3, e, from ? now : vals);
		for (l = e; from && l < 8U; ++l)
			vals[l] = now[l];
		from = e;
	}
	for (o = 0; o < f->outs; ++o) {
		if (out[o] && len == 8U)
			memcpy(out[o] + done, vals, sizeof vals);
		else if (out[o])
			memcpy(out[o] + done, vals, len * sizeof vals[0]);
		level[o] = vals[len - 1U];
	}
	return len;
}

/* plan_render's samples where a piece ends at an event or more: piece by
   piece, each octave's event taken up where it is due (inside a group
   the call renders whole, every entry folded: plan_fold_group). */
static __attribute__((noinline)) uint32_t plan_pieces(const perlin_dsp *d, perlin_plan *f,
                                                      perlin_voice *v, float *const out[],
                                                      uint32_t n, float *level)
{
	uint64_t T = d->clock;
	uint32_t done = 0;
	while (done < n) {
		uint32_t len = n - done;
		if (f->until - T < len)
			len = (uint32_t)(f->until - T);
		if (!(T & 7U) && f->until & 7U && (f->until | 7U) + 1U - T <= n - done && f->nfold &&
		    f->na == f->nfold && f->sums == 1) {
			if (len >= 8U) { /* (the groups before the event's) */
				len = (uint32_t)((f->until & ~(uint64_t)7U) - T);
			} else {
				len = plan_fold_group(d, f, v, out, done, T, level);
				T += len;
				done += len;
				if (len < 8U || (T == f->until && !plan_events(d, f, v, T)))
					break;
				continue;
			}
		}
		if (f->kgroup == T >> 3 && !f->dirty && (T & 7U) + len <= 8U)
			plan_kept(f, out, f->outs, done, len, T, level);
		else
			d->kernels->plan(f, out, done, len, T, level);
		T += len;
		done += len;
		if (T == f->until && !plan_events(d, f, v, T))
			break;
	}
	return done;
}

/* The plan's n samples from the clock on (it holds): how many. */
static inline uint32_t plan_go(perlin_dsp *d, perlin_plan *f, float *const out[], uint32_t n,
                               float *level)
{
	const uint64_t T = d->clock;
	f->live = 1; /* (stopped at this clock, if it was) */
	if (!n || T + n >= f->until) /* (f is plan[0] or plan[1]: its voice) */
		return plan_pieces(d, f, &d->voice[f != d->plan], out, n, level);
	/* (most blocks: no event inside) */
	if (f->kgroup == T >> 3 && !f->dirty && (T & 7U) + n <= 8U)
		plan_kept(f, out, f->outs, 0U, n, T, level);
	else
		d->kernels->plan(f, out, 0U, n, T, level);
	return n;
}

/* (plan_takes) From plan_below on: no fold for this gen (nofold: a plan
   made for it had none; a new voice is a new gen), or
   what rules a plan out anyway (a crossfade, controls moving). */
static inline int takes(perlin_dsp *d, uint32_t n, int in_chunk)
{
	if (d->step_busy || d->restep || (d->moving && !in_chunk))
		return 0; /* (a whole block: its grid points must be taken) */
	if (n < d->kernels->plan_below)
		return 1;
	if ((d->moving && (d->at[0].xrate != d->at[1].xrate ||
	                   d->at[0].lacunarity != d->at[1].lacunarity)) ||
	    d->plan[d->cur].nofold == d->gen + 1U)
		return 0;
	return d->fade >= d->xfade_n;
}

int plan_takes(perlin_dsp *d, uint32_t n)
{
	return takes(d, n, 0);
}

/* While controls move: whether only what sets the gains moves (octaves,
   persistence), and the current voice's gains, depth and offset still
   hold still over this chunk, its phase steps as in the chunk before:
   the smoothers' last steps below a float's. Then a plan may hold in the
   chunk, and must, as it would once they settle (the fold's values are
   not the loop's: a render must not depend on how long ago a control
   moved). */
static int gains_still(const perlin_dsp *d)
{
	const perlin_smooth *w = &d->was, *a = &d->at[0], *b = &d->at[1];
	const perlin_voice *v = &d->voice[d->cur];
	unsigned k;
	if (a->spread != b->spread || a->xrate != b->xrate || w->xrate != a->xrate ||
	    a->lacunarity != b->lacunarity || w->lacunarity != a->lacunarity ||
	    a->drift != b->drift || w->drift != a->drift || a->morph != b->morph ||
	    w->morph != a->morph || a->depth != b->depth || a->offset != b->offset)
		return 0;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
		if (v->gain[0][k] != v->gain[1][k] || v->alt[0][k] != v->alt[1][k])
			return 0;
	return 1;
}

/* Whether an octave of voice v has layers of its own (plan_build's
   `own`: no fold). */
static int layers_own(const perlin_voice *v)
{
	unsigned k;
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k)
		if (octave_own(v, k))
			return 1;
	return 0;
}

/* Where the plan may render but none holds: one made while nothing moves (no crossfade, the
   kernels' paths), once a gen (one that can't be made is not tried
   again for it), and its samples. */
static __attribute__((noinline)) uint32_t plan_made(perlin_dsp *d, float *const out[],
                                                    uint32_t n, int in_chunk)
{
	perlin_plan *const f = &d->plan[d->cur];
	if (d->fade < d->xfade_n || (d->moving && (!in_chunk || !gains_still(d))) ||
	    d->path == PERLIN_PATH_REFERENCE)
		return 0;
	if (n >= d->kernels->plan_below && layers_own(&d->voice[d->cur])) {
		/* (outputs with layers of their own: no fold, the loop's, and
		   no plan made to find it out) */
		f->nofold = d->gen + 1U;
		return 0;
	}
	plan_sync(d);
	if (f->valid == PLAN_FADING && f->gen == d->gen) { /* (the crossfade's, on) */
		plan_shape_steady(d, f);
		f->valid = PLAN_STEADY;
	} else if (!plan_build(d, f, &d->voice[d->cur])) {
		f->tried = d->gen + 1U;
		return 0;
	}
	if (!f->nfold && n >= d->kernels->plan_below) { /* (the loop's, without a fold) */
		f->nofold = d->gen + 1U;
		return 0;
	}
	return plan_go(d, f, out, n, d->level);
}

uint32_t plan_render(perlin_dsp *d, float *const out[], uint32_t n, int in_chunk)
{
	perlin_plan *const f = &d->plan[d->cur];
	if (__builtin_expect(f->valid != PLAN_STEADY || f->gen != d->gen, 0))
		/* (not tried again for a gen it failed for; none made while
		   spread moves: gains_still) */
		return f->tried == d->gen + 1U || (d->moving && d->at[0].spread != d->at[1].spread) ||
		               !takes(d, n, in_chunk)
		           ? 0U
		           : plan_made(d, out, n, in_chunk);
	if (!takes(d, n, in_chunk) || (n >= d->kernels->plan_below && !f->nfold))
		return 0;
	return plan_go(d, f, out, n, d->level);
}

/* (plan_fade) Voice w's plan where it holds and runs to any end (sure),
   made if it is missing (once a gen), shaped for the crossfade. */
static int plan_ready(perlin_dsp *d, int w)
{
	perlin_plan *const f = &d->plan[w];
	if (!f->valid || f->gen != d->gen) {
		if (f->tried == d->gen + 1U || f->unsure == d->gen + 1U)
			return 0;
		if (layers_own(&d->voice[w])) { /* (not sure: no plan made to find it out) */
			f->unsure = d->gen + 1U;
			return 0;
		}
		plan_sync(d);
		if (!plan_build(d, f, &d->voice[w])) {
			f->tried = d->gen + 1U;
			return 0;
		}
	}
	if (!f->sure) { /* (the steady plan's, still) */
		f->unsure = d->gen + 1U;
		return 0;
	}
	if (f->valid == PLAN_STEADY) {
		plan_shape(f, 1.0f, 0.0f);
		f->valid = PLAN_FADING;
	}
	return 1;
}

int plan_fade(perlin_dsp *d, float *now, float *was, uint32_t n)
{
	float level[PERLIN_OUTPUTS];
	float *out[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
	const int old = !d->cur;
	if (d->moving || d->warping || d->step_busy || d->restep ||
	    d->path == PERLIN_PATH_REFERENCE || !plan_ready(d, old) || !plan_ready(d, d->cur))
		return 0;
	out[0] = now;
	plan_go(d, &d->plan[d->cur], out, n, level);
	out[0] = was;
	plan_go(d, &d->plan[old], out, n, level);
	return 1;
}
