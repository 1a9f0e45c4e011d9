/* kernel_types.h: the kernels' arguments, by what they describe, and their
   table (struct perlin_kernels): what the kernels (kernel_*.h) and the
   files that call them share.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_KERNEL_TYPES_H
#define PERLIN_KERNEL_TYPES_H

#include "state.h"

/* A span (the kernels: plugin/engine/kernel.h): len samples, the first at t0 in its grid chunk (where the
   lines are read, so a sample's gain is the same wherever a span
   starts). */
typedef struct { uint32_t len, t0; } kernel_span;
/* A line over a grid chunk, v0 + dv t at the chunk's sample t: an
   octave's gain, the depth, the offset. */
typedef struct { float v0, dv; } kernel_line;
/* The CV inputs moving depth and offset (perlin_cv): each a span's volts
   (NULL: none; NaN counts 0 V), what a volt moves it, and its range. */
typedef struct {
	const float *depth, *offset;
	float depth_per_volt, offset_per_volt, depth_lo, depth_hi, offset_lo, offset_hi;
} kernel_cv;
/* Where a ramp is at a span's first sample (perlin_ramp): its step j
   from the anchor, where the anchor is (a: the segment kernels' u there,
   t - 1/2 less the path's middle; dense's phase t), step a sample, mf[m] =
   (float)(m step). */
typedef struct { uint64_t j; double a, step; const float *mf; } kernel_ramp;
/* Sample and hold's lines, in doubles (plugin/engine/step.c): a line v0 +
   dv x; a fade, smoothstep((at + i) / len) at a piece's sample i (len 0:
   none); the piece's buffers, a value a sample each: the glide's and
   the leaving's weights, depth and offset (depth NULL: depth and offset
   still, depth0 and offset0 throughout, no lines made). */
typedef struct { double v0, dv; } kernel_dline;
typedef struct { double at, len; } kernel_fade;
typedef struct {
	double *glide, *leave, *depth, *offset;
	double depth0, offset0;
} kernel_hold;

/* A segment kernel: acc += gain line g x the octave over s's samples of
   ramp r, from coefficients c of its kind (first, see seg below: acc =). */
typedef void (*kernel_seg_fn)(float *acc, kernel_span s, kernel_ramp r, const float *c,
                              kernel_line g);
/* Its kinds: along x (seg1: c the cell's 7 coefficients), along a
   straight path through x and y as one polynomial (seg2x: 12) or as lines
   (seg2l: 8, alpha, beta). */
enum { KSEG_X, KSEG_PATH, KSEG_LINES };

/* The kernels of one lane width (plugin/engine/kernel.h, compiled in kernels.c),
   chosen once (perlin_dsp_set_path): the render loops call them through
   this table. */
struct perlin_kernels {
	/* acc += gain line x the octave along a ramp: seg[kind][variant],
	   the variants a steady gain (folded into the coefficients) or a
	   moving one, each storing (first: acc =, the first octave written
	   into a sum in a span: sums are never cleared) or adding, each its
	   own loops (kernel_seg picks one; plugin/engine/kernel_seg.h) */
	kernel_seg_fn seg[3][4];
	/* the same along x from a table of short cells (4 lanes on either
	   path: the same values, and faster than 8: plugin/README.md, the
	   constants' figures) */
	void (*dense)(float *acc, kernel_span s, const kernel_ramp *r, int32_t c0,
	              const float *line, kernel_line g, int first);
	/* acc += gain line x a 2D octave along path p from a table of its
	   cells' lines (dense_cells, places, table2, lines2) */
	void (*dense2)(float *acc, kernel_span s, const dense_stair *p, const float *tab,
	               kernel_line g, int first);
	/* the same for every layer at once (acc[l], tab[l], first[l]; layer 0's
	   gain line ga, the others' gb) */
	void (*dense2n)(float *const *acc, kernel_span s, const dense_stair *p,
	                const float *const *tab, kernel_line ga, kernel_line gb, const int *first);
	/* out = clamp(offset + depth shape(acc (+ plus, unless NULL))), by
	   the depth and offset lines */
	float (*finish)(const float *acc, const float *plus, float *out, kernel_span s,
	                kernel_line depth, kernel_line offset);
	/* out = clamp(offset + depth out) on shaped noise (a unit render),
	   depth and offset their lines moved by the CV inputs (kernel_cv)
	   and clamped to their ranges; the last value */
	float (*cv)(float *out, kernel_span s, kernel_line depth, kernel_line offset,
	            const kernel_cv *c);
	/* the same for a crossfade from `was` to `now`, at (f0 + i) inv_n;
	   mix_shaped: now and was shaped already (the plans') */
	float (*mix)(const float *now, const float *was, float *out, kernel_span s, float f0,
	             float inv_n, kernel_line depth, kernel_line offset);
	float (*mix_shaped)(const float *now, const float *was, float *out, kernel_span s,
	                    float f0, float inv_n, kernel_line depth, kernel_line offset);
	/* a[i] += b[i] */
	void (*add)(float *a, const float *b, uint32_t len);
	/* the PERLIN_OUTPUTS outputs of an octave at once along ramp r, into
	   as many sums, as lines that share h(u): along x (c: the layers'
	   cell lines, see perlin_stream's line) and along a 2D path (c:
	   seg2l's); folded (c0 NULL: c[l] with gain 1), or layer 0's c0 and
	   each output's c[l] with their gain lines g[0] and g[1] (see
	   plugin/engine/kernel_seg.h, segn_body) */
	void (*seg1n)(float *const *acc, kernel_span s, const perlin_ramp *r, const float *const *c,
	              const float *c0, const kernel_line g[2], int first);
	void (*seg2ln)(float *const *acc, kernel_span s, const perlin_ramp *r,
	               const float *const *c, const float *c0, const kernel_line g[2], int first);
	/* finish for PERLIN_OUTPUTS outputs at once: out[o] from acc + plus[o]
	   (acc NULL: nothing was added to it; no plus[o] NULL), their last
	   values into last[] */
	void (*finish4)(const float *acc, const float *const *plus, float *const *out,
	                kernel_span s, kernel_line depth, kernel_line offset, float *last);
	/* the corners of a staircase's n cells (dense_stair: x, y; x looping
	   at period), each float's row of DENSE2_STRIDE cells: the floats
	   noise_octave_cells_2d makes (12 a cell: corners 00, 10, 01, 11,
	   each gradient x, gradient y, value, times sc; grads: perlin_dsp's,
	   of sc: noise_gradients_2d's x parts then y parts, then side by side) */
	void (*table2)(uint32_t seed_hash, uint32_t period, const uint32_t *x, const uint32_t *y,
	               int32_t n, double sc, const float grads[64], float *rows);
	/* those n cells' lines along the path into tab (from corners in, as
	   table2 makes them): A's 4 and B's 4 (see seg2l), each from the
	   cell's corners, alpha and its beta (dense_stair), in the layout
	   dense2 reads (rows) */
	void (*lines2)(int32_t n, int along_y, float alpha, const float *beta, const float *in,
	               float *tab);
	/* each cell's place (dense_stair's pos) and beta from the staircase
	   (dense_cells), in that layout: u = ((j + jc) step + a - 1/2) - c
	   for x and y (jx, jy, cx, cy), the lead's u and beta = w - alpha u */
	void (*places)(dense_stair *s);
	/* the steady render's plan (perlin_plan in state.h): len samples
	   from the clock's sample `clock` on, every entry summed in octave
	   order and shaped (f->depth and f->offset) into out[o] + at for o
	   < f->outs (NULL: not wanted): each output's own sum (f->sums > 1)
	   or layer 0's into each; each output's last value into level[o]; a
	   group it ends inside kept (f->kgroup), and taken up from there */
	void (*plan)(perlin_plan *f, float *const *out, uint32_t at, uint32_t len, uint64_t clock,
	             float *level);
	/* group g of a plan whose entries are all folded (one sum), an event
	   at lane e having made the fold anew: lanes before e by the fold as
	   it was (f->fold_was), the others by the fold now, shaped into w */
	void (*fold_split)(const perlin_plan *f, uint64_t g, uint32_t e, float w[8]);
	/* sample and hold (step.c), in doubles: the lines the outputs share
	   over len samples into h's buffers (rounded up to whole groups: they
	   have room), depth and offset at x0 + i, the glide's and the
	   leaving's fades; then one
	   output's len samples from them (gliding for the first ng, blended
	   with live unless NULL), its last value returned. See
	   plugin/engine/kernel_hold.h */
	void (*hold_lines)(const kernel_hold *h, uint32_t len, double x0, kernel_dline depth,
	                   kernel_dline offset, kernel_fade glide, kernel_fade leave);
	float (*hold)(float *out, uint32_t len, uint32_t ng, const kernel_hold *h,
	              const float *live, double from, double to);
	/* blocks from this length on render with the per-octave kernels
	   instead (render_span's loop: coefficients in registers, groups
	   aligned to each octave's anchor, cheaper per sample than the
	   plan's from there: plugin/README.md, the constants' figures) */
	uint32_t plan_below;
	/* the layout of dense2's tables: 0, a cell's floats together (4
	   lanes: each lane loads its cell's rows of 4); 1, each float's row
	   of DENSE2_STRIDE cells (8 lanes: a load and a permute a float) */
	int rows;
};

/* The segment kernel of a kind for gain line g, storing (first) or
   adding: seg[kind][0 steady and store, 1 steady and add, 2 moving and
   store, 3 moving and add]. */
static inline kernel_seg_fn kernel_seg(const struct perlin_kernels *kern, int kind,
                                       kernel_line g, int first)
{
	return kern->seg[kind][(g.dv != 0.0f) * 2 + !first];
}

#endif /* PERLIN_KERNEL_TYPES_H */
