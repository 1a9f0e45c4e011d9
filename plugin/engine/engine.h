/* engine.h: what the engine's own files share and no one else sees: the
   kernels' table and their arguments, and each file's functions that
   another calls (tests/test_dsp.c includes it for the kernels and the
   staircase). The files call each other floor by floor, declared in
   plugin/README.md's map and checked by tests/floors.sh.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_ENGINE_H
#define PERLIN_ENGINE_H

#include "state.h"

#include <stdint.h>

/* The kernels' arguments, by what they describe (plugin/engine/kernel.h).
   A span: len samples, the first at t0 in its grid chunk (where the
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
   the leaving's weights, depth and offset. */
typedef struct { double v0, dv; } kernel_dline;
typedef struct { double at, len; } kernel_fade;
typedef struct { double *glide, *leave, *depth, *offset; } kernel_hold;

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
	/* the same for a crossfade from `was` to `now`, at (f0 + i) inv_n */
	float (*mix)(const float *now, const float *was, float *out, kernel_span s, float f0,
	             float inv_n, kernel_line depth, kernel_line offset);
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

/* ramp.c: an octave's phase (perlin_ramp). A ramp is rebased after
   RAMP_REBASE samples when no cell crossing comes first, so a + j step
   stays small and exact enough. */
#define RAMP_REBASE 65536U
/* Anchor r at p with step. */
void ramp_start(perlin_ramp *r, noise_pos p, double step);
/* The position r is at (cell modulo period, 0: none). */
noise_pos ramp_pos(const perlin_ramp *r, uint32_t period);
/* Re-anchor at a crossing into the next or previous cell. */
void ramp_next_cell(perlin_ramp *r, uint32_t period);
/* Re-anchor where r is (with its step, or a new one). */
void ramp_rebase(perlin_ramp *r, uint32_t period);
void ramp_restep(perlin_ramp *r, double step, uint32_t period);
/* Move a ramp nobody hears on by n samples. */
void ramp_ride(perlin_ramp *r, uint32_t period, uint32_t n);

/* coef.c: a cell's kernel coefficients */
/* The scale of noise_octave_2d/1d (noise/noise.h) */
double dims_scale(const perlin_voice *v);
/* The coefficients of octave k of a layer (y: its stream, v->stream[k][l])
   for the octave's current cell along axes 1 (x) or 2 (x and y), gain
   1; kept if still for the same cell. */
void voice_coef(const perlin_voice *v, perlin_stream *stream, unsigned k, int axes);
/* The axes octave k's coefficients need now: x (1), or x and y (2). */
static inline int axes_of(const perlin_voice *v, unsigned k)
{
	return v->shape.dims == 2 && v->ry[k].step != 0.0 ? 2 : 1;
}
/* (of a layer's octave, y its stream, from its axes-2 coefficients) Form
   2 along a straight path uy = alpha ux + beta (kernel seg2x), or
   along_y, ux = alpha uy + beta: 12 coefficients by powers of ux - uc; or
   (lines, kernel seg2l) A's and B's lines, alpha and beta. */
void path_coef(const perlin_stream *stream, int along_y, double alpha, double beta, double uc,
               int lines, float out[12]);
/* A cell's value along x from the lines of its two lattice columns
   (noise_octave_columns), times sc: { m0, m1, D, E } (see coef.c). */
void cell_line(double P, double Q, double P2, double Q2, double sc, double out[4]);

/* cells.c: the tables of cells the dense kernels read */
/* The lines of layer l's octave k's n cells from `cell` on, times sc (4 floats a
   cell), for the dense kernel; n at most DENSE_CELLS. */
#define SPAN PERLIN_SPAN
#define DENSE_CELLS (SPAN / 2 + 8) /* a span's cells, and 4 more for the
	lanes past its end that the kernel computes and masks off */
void cell_table(const perlin_voice *v, int l, unsigned k, uint32_t cell, int32_t n,
                double sc, float *line);
/* (DENSE2_SPAN, DENSE2_CELLS, dense_stair: state.h) */
/* a table of either fits a layer's place (perlin_dsp's table) */
typedef char dense_tables_fit[4 * DENSE_CELLS <= PERLIN_TABLE &&
                              12 * DENSE2_STRIDE <= PERLIN_TABLE ? 1 : -1];
/* The cells of ramps rx and ry's path in n samples from their j on (x
   looping at period): the staircase, each sample's cell, and what the
   kernels' places() need. */
void dense_cells(const perlin_ramp *rx, const perlin_ramp *ry, uint32_t period, uint32_t n,
                 dense_stair *s);

/* kernels.c: the kernels' table of path p's lane width (p one this CPU
   runs: perlin_dsp_set_path checks), and the fastest path this CPU runs. */
const struct perlin_kernels *kernels_of(perlin_path p);
perlin_path kernels_best_path(void);

/* render.c */
/* len samples from t0 in the chunk into out[0..d->outputs) (NULL entries:
   not wanted): the live voices' octaves through the kernels, mixed while
   crossfading (or by the steady plan, where it holds). */
void render_span(perlin_dsp *d, float *const out[], uint32_t len, uint32_t t0);
/* With CV inputs (cv_on): len samples of shaped noise (a unit render)
   from t0 in the chunk given depth and offset, each moved by its CV
   (cv_buf, from the first sample); the levels too. */
void render_cv(perlin_dsp *d, float *const out[], uint32_t len, uint32_t t0);
/* The live voices' phases moved on len samples unheard (sample and
   hold: step.c), their cells and coefficients out of date. */
void render_ride(perlin_dsp *d, uint32_t len);

/* plan.c */
/* n samples into out[0..d->outputs) by the steady plan (perlin_plan in
   state.h) from the clock on, where it holds (made here if it is
   missing: the one place that decides plan or loop): how many (all, or
   up to where it stopped; 0: it does not hold, render_span's loop it
   is). */
uint32_t plan_render(perlin_dsp *d, float *const out[], uint32_t n);
/* The plan of the current voice from the clock on, for a span the
   render loop would render steadily; 0 where some octave has no kernel
   in it (a dense one: the loop then). */
int plan_build(perlin_dsp *d);
/* The voices' ramps where the clock is (a running plan lets them lag):
   before anything but the plan reads or moves them. */
void plan_sync(perlin_dsp *d);

/* step.c: sample and hold (PERLIN_TRIGGER_STEP) */
/* The mode is entered (the next sample is held) or left (the live noise
   fades back in). */
void step_enter(perlin_dsp *d);
void step_exit(perlin_dsp *d);
/* A trigger: while stepping, the next sample is captured. */
void step_trigger(perlin_dsp *d);
/* The captured sample's noise (shaped, before depth and offset), each
   output's: the new held values, glided to from where the outputs are. */
void step_capture(perlin_dsp *d, const float now[PERLIN_OUTPUTS]);
/* len samples of each output (NULL: only its level) from t0 in the
   chunk: the held values, or while leaving blended into live[o]. */
void step_out(perlin_dsp *d, float *const out[], float *const live[], uint32_t len,
              uint32_t t0);

/* warp.c: the rate and morph CVs (perlin_cv's rate and morph) */
/* At a grid point (before the smoothers step): the rate CV's factor
   folded again if the CVs have stood still a whole chunk; the
   band-limit's speeds for the chunk. */
void warp_grid(perlin_dsp *d);
/* Whether n samples of the CVs (rate's volts; morph's, or NULL: not
   followed) leave the phases as they are. */
int warp_unmoved(const perlin_dsp *d, const float *volts, const float *morph, uint32_t n);
/* The span from here (len samples, t0 into the chunk, the CVs' volts as
   warp_unmoved's): as folded up to a CV's first change (returned: how
   many), or warping from here (to the chunk's end at most), each
   sample's sums into warp_w and warp_m. */
uint32_t warp_span(perlin_dsp *d, const float *volts, const float *morph, uint32_t len,
                   uint32_t t0);
/* (warping) voice v's layer sums over len samples from t0 into acc[l]
   (fresh[l] cleared where written), each sample's phases from its anchor
   and the sums; whether the outputs' own layers were heard
   (voice_span's). */
int warp_voice(perlin_dsp *d, perlin_voice *v, float *const acc[], int fresh[], uint32_t len,
               uint32_t t0);
/* (warping) the live voices' phases moved on len samples unheard. */
void warp_ride(perlin_dsp *d, uint32_t len);

/* smooth.c */
/* Recompute every target from the controls and the transport. */
void dsp_update_targets(perlin_dsp *d);
/* The smoothers step at a grid point; whether they hold still. */
int smooth_grid_point(perlin_dsp *d);
/* After dsp_update_targets, t0 samples into the grid chunk: a change of
   morph (2D) from `from` (the target before) too large to glide. Returns
   the jump (from where the voices' y stands) and lands the morph
   smoothers on the target at once, the caller crossfading to a voice that
   far along y; 0 for one that glides. */
double smooth_morph_jump(perlin_dsp *d, uint32_t t0, double from);

/* voice.c */
/* At a grid point, after smooth_grid_point: the live voices' multipliers
   and gains for the new chunk; whether they hold still. */
int voice_grid_point(perlin_dsp *d);
/* Re-derive the live voices' phase steps at this sample. */
void restep(perlin_dsp *d);
/* Apply a pending discrete change if no crossfade is running. */
void dsp_maybe_start_voice(perlin_dsp *d);

/* transport.c */
/* Whether the phase stands still while the transport does. */
int dsp_holds_when_stopped(const perlin_dsp *d);
/* Whether the phase ignores the transport (Free, not synced). */
int dsp_runs_free(const perlin_dsp *d);
/* The transport's frame and beat now (an external clock's while it
   places the phase, else the host's). */
double dsp_tp_frame_now(const perlin_dsp *d);
double dsp_tp_beat_now(const perlin_dsp *d);
/* Whether a transport is known (the clock's, or one the host sent), and
   its speed and tempo. */
int dsp_tp_known(const perlin_dsp *d);
double dsp_tp_speed(const perlin_dsp *d);
double dsp_tp_bpm(const perlin_dsp *d);
/* Where the transport puts the phases: octave 0 at x = xv xs + x0, the
   2D path at y = morph + yv ys (products kept apart: see noise_pos_mul;
   x0 is the phase control's offset, each octave's x0 m). */
typedef struct {
	double xv, xs, x0, yv, ys, morph;
} dsp_place;
void dsp_transport_phase(const perlin_dsp *d, dsp_place *p);
/* The phase control's offset in cells of octave 0. */
double dsp_phase_offset(const perlin_dsp *d);
/* Take in a time:Position (perlin_dsp_position): where the transport is,
   and want_locate where it jumped. */
void dsp_transport_position(perlin_dsp *d, const perlin_position *p);
/* The external clock (state.h, perlin_clock): forgotten (activation,
   sync switched); a message at the current sample (perlin_dsp_clock),
   whether the phase must be placed anew; the sample it holds at if no
   pulse comes first (UINT64_MAX: none), and that sample reached. */
void dsp_clock_reset(perlin_dsp *d);
int dsp_clock_message(perlin_dsp *d, perlin_clock_msg m, double value, int midi);
uint64_t dsp_clock_hold_at(const perlin_dsp *d);
void dsp_clock_due(perlin_dsp *d);

/* params.c */
/* The beats control as exact numbers: a value within the TTL's six-digit
   rounding of a whole number of 1/96 beats (every note value it offers:
   1/32 triplet = 8/96 .. 4 bars) is that note value, beats = q / 96 and
   cells per beat = 96 / q (exact for the triplets too, which a float holds
   only to 1e-7); any other value is itself. */
void dsp_note_value(float beats, double *beats_exact, double *cells_per_beat);
/* v clamped into [lo, hi]; NaN gives fallback. */
double dsp_clamp_finite(double v, double lo, double hi, double fallback);

/* kernels.c */
/* A float denormal as 0: none reaches the host. */
float dsp_flush_out(float v);

#endif /* PERLIN_ENGINE_H */
