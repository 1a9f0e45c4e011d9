/* state.h: the engine's types and the DSP object's definition (struct
   perlin_dsp): the bottom of the engine, which every other file of it and
   the glue include. No LV2 header, no function. Who writes which field of
   perlin_dsp: plugin/README.md (the map).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_STATE_H
#define PERLIN_STATE_H

#include "../../noise/noise.h"

#include <stddef.h>
#include <stdint.h>

/* The controls (plugin/lv2/ports.h maps them to LV2 port indices). */
typedef enum {
	PERLIN_RATE = 0,
	PERLIN_OCTAVES = 1,
	PERLIN_PERSISTENCE = 2,
	PERLIN_LACUNARITY = 3,
	PERLIN_SEED = 4,
	PERLIN_DIMENSIONS = 5,
	PERLIN_MORPH = 6,
	PERLIN_DRIFT = 7,
	PERLIN_DEPTH = 8,
	PERLIN_OFFSET = 9,
	PERLIN_SYNC = 10,
	PERLIN_BEATS = 11,
	PERLIN_LOOP = 12,
	PERLIN_RESET = 13,
	PERLIN_STOPPED = 14,
	PERLIN_PHASE = 15,   /* where the motion starts, in cells (or loops) */
	PERLIN_TRIGGER = 16, /* what a trigger does: perlin_trigger_mode */
	PERLIN_GLIDE = 17,   /* seconds a step takes (PERLIN_TRIGGER_STEP) */
	PERLIN_CHANNEL = 18, /* the MIDI channel of trigger notes, 1-16 (0: any;
	                        the glue's: the DSP takes triggers, not notes,
	                        and does not look at it) */
	PERLIN_N_PARAMS = 19
} perlin_param;
/* The controls the DSP reads: all but the last, PERLIN_CHANNEL. */
#define PERLIN_DSP_PARAMS PERLIN_CHANNEL

/* What a trigger (perlin_dsp_trigger: a note-on, a CV edge, the reset
   control) does, by the trigger control: */
typedef enum {
	PERLIN_TRIGGER_OFF = 0,     /* nothing (reset still restarts) */
	PERLIN_TRIGGER_RESTART = 1, /* the motion starts again where phase says,
	                               crossfaded: every trigger the same shape */
	PERLIN_TRIGGER_SHAPE = 2,   /* the same, on the next noise of a sequence
	                               the seed fixes (counted from activation
	                               and from each transport jump) */
	PERLIN_TRIGGER_STEP = 3     /* sample and hold: the noise's value at the
	                               trigger, held, reached in glide seconds */
} perlin_trigger_mode;

/* Symbol, range and defaults (audio plugin, CV plugin) of each control
   input: the one place in C that knows them (tests/test_plugin.c checks
   the TTL against it). */
typedef struct {
	const char *symbol;
	float min, max, def, cv_def;
} perlin_param_info;


#define PERLIN_SMOOTH_S 0.02  /* one-pole time constant of continuous controls */
#ifndef PERLIN_XFADE_S /* tests build a bundle without crossfades to show they are needed */
#define PERLIN_XFADE_S 0.01   /* crossfade length of discrete changes */
#endif
#ifndef PERLIN_XFADE_CELLS /* (0 in the bundle without crossfades) */
/* A control change that cannot glide crossfades over at least
   PERLIN_XFADE_S, and on a slow noise over this fraction of a cell of
   octave 0 (at most PERLIN_XFADE_MAX_S): a time that fits the noise, so
   the fade moves the output about as fast as the noise itself does.
   Restarts (triggers, reset) and transport jumps keep PERLIN_XFADE_S. */
#define PERLIN_XFADE_CELLS 0.5
#endif
#define PERLIN_XFADE_MAX_S 5.0
#define PERLIN_MAX_RATE 1000.0 /* cells/s of octave 0, free or synced */

/* What the host said about its transport (perlin_dsp_position). A field is
   used only when its has_ flag is set. */
typedef struct {
	int has_frame, has_speed, has_bpm, has_beat;
	double frame;  /* time:frame */
	double speed;  /* time:speed */
	double bpm;    /* time:beatsPerMinute */
	double beat;   /* absolute beat: bar * beatsPerBar + barBeat, or time:beat */
} perlin_position;

/* The settings a voice renders that cannot change smoothly. */
typedef struct {
	uint32_t seed;
	int dims;      /* 1 or 2 */
	uint32_t loop; /* 0 or N cells */
	uint32_t period[NOISE_MAX_OCTAVES]; /* P_k when looping */
	double slant;  /* y's move per cell of x: NOISE_2D_SLANT in 2D without
	                  a loop, else 0 (noise/noise.h) */
} perlin_shape;

/* A phase advancing by `step` per sample from an anchor: after j samples it
   is cell + a + j step (the octave's one phase). `cross` is the j where
   the phase leaves its cell (or the ramp is rebased). `anchor` counts its
   anchors (from 1): a path through two ramps holds while both do. */
typedef struct {
	double a, step, inv; /* inv: 1 / step (0 when still) */
	uint64_t j, cross, anchor;
	uint32_t cell;
	float mf[8]; /* (float)(m step), m = 0..7: see plugin/engine/kernel.h */
} perlin_ramp;

/* Render paths: the same render loop, with the octaves evaluated by */
typedef enum {
	PERLIN_PATH_REFERENCE = 0, /* the noise library, sample by sample (the oracle) */
	PERLIN_PATH_VECTOR = 1,    /* kernels, 4 float lanes (SSE2 on x86-64) */
	PERLIN_PATH_AVX2 = 2       /* kernels, 8 float lanes */
} perlin_path;

/* The continuous controls, smoothed: their values at a grid point. */
typedef struct {
	double xrate;  /* octave-0 cells per sample at speed 1 (synced: per beat a second) */
	double drift;  /* y cells per sample */
	double morph;
	double depth, offset;
	double octaves, persistence, lacunarity;
	double spread; /* the four-output plugins' (0 for one output) */
} perlin_smooth;

/* The streams of a voice: layer 0 is the noise every output hears (the
   one-output plugins hear nothing else); layers 1..PERLIN_OUTPUTS are
   the same octaves with seeds of their own, one for each output of the
   four-output plugins, blended in by spread (see perlin_dsp_spread). */
#define PERLIN_OUTPUTS 4
#define PERLIN_LAYERS (1 + PERLIN_OUTPUTS)

/* One octave of one layer: its gradients and kernel coefficients for the
   cell the voice's ramps are in. */
typedef struct {
	noise_octave oct; /* seed, period, gradients of the cell */
	float coef[7];    /* axes 1's kernel coefficients of the cell (gain 1) */
	float line[4];    /* and as its line m0, m1, D, E: (m0 + m1 u) + h(u) (D u + E)
	                     (the outputs at once, which share h(u): render.c) */
	double coefd[12]; /* axes 2's corner sums S, Dx, Dy, Dxy (X, Y, C each: coef.c) */
	int axes;         /* coef's: 0 none (unheard), 1 along x, 2 x and y */
	uint32_t coef_x, coef_y; /* coef's cell */
	double coef_ty;   /* and y in it (axes 1 in 2D) */
	/* the path polynomial (seg2x) or lines (seg2l) of the octave's current
	   segment, if the layer's bit in the voice's path_ok is set: for the
	   voice's path_for */
	float path[12];
	/* a folded octave's coefficients (render.c): layer 0's and this
	   layer's, weighted, for the voice's fold_for */
	float fold[12];
} perlin_stream;

/* One voice: the settings it renders that cannot change smoothly, one
   phase per octave (x and y ramps) that all its layers share, and its
   octaves' frequency multipliers and gains at both ends of the current
   chunk. */
/* A 2D cell's coefficients (coef.c's corner sums, as floats) kept for a
   voice's start: its cells x and y, and the start (gen). */
typedef struct {
	uint32_t gen, cx, cy;
	float c[12];
} perlin_seen_cell;

typedef struct {
	perlin_shape shape;
	uint32_t seen_gen; /* counts the voice's starts (seen, below; 0: none) */
	perlin_ramp rx[NOISE_MAX_OCTAVES], ry[NOISE_MAX_OCTAVES];
	int layers; /* how many are rendered: 1, or PERLIN_LAYERS */
	/* the ramps' anchors the layers' paths are for (kept across blocks
	   while they hold: x's and y's anchor counts, and 1 if the path is on
	   y's ramp), and the kernel they take: the same for every layer */
	uint64_t path_for[NOISE_MAX_OCTAVES][3];
	double path_uc[NOISE_MAX_OCTAVES]; /* the polynomial's centre, in the ramp's u */
	unsigned path_ok[NOISE_MAX_OCTAVES]; /* bit l: layer l's path is for path_for */
	int path_lines[NOISE_MAX_OCTAVES]; /* 1: as lines (seg2l) */
	/* what the layers' fold is for: the weights and axes (0 none, 1 coef,
	   2 path), cleared when any layer's coefficients change */
	double fold_for[NOISE_MAX_OCTAVES][2];
	int fold_axes[NOISE_MAX_OCTAVES];
	/* bit k: octave k's own layers (1..) are marked out of date (axes 0,
	   not in path_ok) while unheard (render.c, voice_span); 0 is always
	   safe */
	unsigned own_stale;
	double mult[2][NOISE_MAX_OCTAVES]; /* frequency multipliers at the chunk's ends */
	double mult_was[NOISE_MAX_OCTAVES]; /* and at the grid point before (x phases) */
	/* octave gains at the chunk's ends: layer 0's (gain), and each other
	   layer's (alt): g cos and g sin of the octave's blend angle */
	double gain[2][NOISE_MAX_OCTAVES], alt[2][NOISE_MAX_OCTAVES];
	noise_fbm gains_for; /* the parameters, band-limit and spread gain[1] is for */
	double extra_for[NOISE_MAX_OCTAVES];
	double spread_for;
	/* (warping: warp.c) where the phases were at the anchor, the sums
	   (d->warp_W, warp_M, warp_n) there, the steps they move by, and the
	   d->warp_gen it is for: a phase at a sample is the anchor's moved by
	   the sums since, so every split of the blocks gives the same bits */
	struct {
		uint64_t gen;
		uint64_t id; /* counts the anchors made (from 1) */
		/* where warp_end left the ramps: the sums there, and each
		   ramp's anchor count (x's, y's) */
		double end_w, end_m;
		uint32_t end_n;
		uint64_t end_rx[NOISE_MAX_OCTAVES], end_ry[NOISE_MAX_OCTAVES];
		double w, m;
		uint32_t n;
		double x[NOISE_MAX_OCTAVES], y[NOISE_MAX_OCTAVES];
		uint32_t cx[NOISE_MAX_OCTAVES], cy[NOISE_MAX_OCTAVES];
		double sx[NOISE_MAX_OCTAVES], sy[NOISE_MAX_OCTAVES];
	} anchor;
	/* (warping, 1D, one output: warp.c) the anchor whose fold along W
	   the scratch's wfold (perlin_dsp) holds for this voice; 0: none */
	uint64_t wfold_for;
	/* octave k of layer l, last: one output's (layer 0's) in a page, the
	   others' beyond it, never touched there */
	perlin_stream stream[PERLIN_LAYERS][NOISE_MAX_OCTAVES];
	/* (warping, 2D: warp.c's warp_seen) layer 0's coefficients of the
	   last cells each octave met, by their y's last three bits, for the
	   voice's start (seen_gen): a morph CV swings y back and forth over
	   the same few; last, touched only there */
	perlin_seen_cell seen[NOISE_MAX_OCTAVES][8];
} perlin_voice;

/* Samples rendered at a time (render.c). */
#define PERLIN_SPAN 1024
/* Samples of a chunk step.c takes at a time: its lines (step_lines)
   for that many, made once for every output; a whole number of groups of
   8 (the kernels round a piece up to whole groups). */
#define PERLIN_STEP_PIECE 256
/* The 2D dense kernel's staircase of cells (plugin/engine/cells.c and
   plugin/engine/kernel_dense.h; the render loop's scratch, in the instance, not
   on the audio thread's stack). A 2D octave whose cells are short
   renders with dense2: its ramps keep their anchors, and the cells its
   path crosses in up to DENSE2_SPAN samples come in a table
   (dense_cells). The path is monotonic in x and in y, so those cells
   are a staircase, and each sample's cell is listed (idx: its number in
   the staircase, from the span's first sample on, one more at most from
   one sample to the next). A cell's value along the path is seg2l's
   lines in the phase u of the ramp that moves faster (the lead; the
   other's is w = alpha u + beta), so each cell is listed with Jc (the
   sample it starts at, from the span's first: a whole number in a
   float), uc (the lead's u there) and beta, and a lane's u is
   uc + (j - Jc) su, su the lead's step in float. */
#define DENSE2_SPAN 512U
#define DENSE2_LANES 8U /* lanes past the end the kernel computes, at most */
/* a cell at most a sample, and the one the span starts in */
#define DENSE2_CELLS (DENSE2_SPAN + DENSE2_LANES + 4U)
/* A 2D table's layout (struct perlin_kernels' rows): a cell's 8 lines
   together, or each float's row of DENSE2_STRIDE cells (the corners'
   always; the AVX2 kernel loads 8 from a group's first cell on: rows
   that long). */
#define DENSE2_STRIDE (DENSE2_CELLS + 16U)
/* The cells of a 2D path (a staircase), in order: lattice column x
   (below the period, if any) and row y of each, and the last one's again
   up to DENSE2_LANES - 1 times (table2 makes 8 cells at a time); each
   one's beta; each sample's cell and each cell's place. */
typedef struct {
	int32_t n;
	int along_y; /* the lead is y */
	uint32_t x[DENSE2_CELLS + DENSE2_LANES], y[DENSE2_CELLS + DENSE2_LANES];
	/* each cell's first sample in the span, and its offsets from the
	   ramps' cells (for the kernels' places: struct perlin_kernels) */
	int32_t jc[DENSE2_CELLS + DENSE2_LANES], cx[DENSE2_CELLS + DENSE2_LANES],
		cy[DENSE2_CELLS + DENSE2_LANES];
	/* the ramps' j at the span's start, steps and anchors' a - 1/2 */
	double jx, jy, sx, sy, ahx, ahy, alpha;
	float su, alphaf; /* the lead's step and alpha, in float (the kernels') */
	float beta[DENSE2_CELLS + DENSE2_LANES];
	int32_t idx[DENSE2_SPAN + 2U * DENSE2_LANES]; /* each sample's cell */
	/* each cell's Jc, uc, beta: 4 floats a cell (the fourth 0), or each a
	   row of DENSE2_STRIDE cells (the kernels' rows) */
	float pos[4 * DENSE2_STRIDE];
} dense_stair;

/* floats in a layer's table of cells for the dense kernels (render.c):
   the larger of 1D's (4 a cell, a span's) and 2D's (12 corners a cell,
   for DENSE2_SPAN samples, in rows 16 floats longer) */
#define PERLIN_TABLE (12 * DENSE2_STRIDE)

/* The steady plan (plan.c, plan_render), one a voice: while nothing
   moves (no grid point, new step or event; a crossfade renders by both
   voices' plans, plan_fade), what the render loop
   decides for an octave holds until its cell changes, so the plan keeps
   it: each heard octave's current segment (up to its next cell crossing)
   is an entry with what its kernel needs, made where the segment starts,
   and one kernel call (struct perlin_kernels' plan) renders a block's
   every octave and shapes the outputs, in groups of 8 samples on the
   clock's grid (group G: samples 8 G .. 8 G + 7 since activation). A
   block then costs its samples and what changed (a cell crossing: the
   entry of that octave), not the octaves' setup (blocks of 16 and 32
   samples).
   The same values as the render loop's kernels: a sample j samples after
   its ramp's anchor is lane m = j & 7 of the anchor's group q = j >> 3,
   u = (float)(a + q 8 step) + mf[m] (plugin/engine/kernel.h); with the anchor at
   clock 8 C + r, the clock group G's lanes below r are in q = G - C - 1
   (lane m = l - r + 8), the others in q = G - C (m = l - r). An entry
   holds C, 8 step and a twice (both q in one operation), each lane's
   choice and mf[m], and its coefficients as they enter the kernel
   (times the octave's steady gain where the kernel multiplies them), each
   splat over 8 lanes. */
#define PERLIN_FOLD_CELL 64.0 /* (see the fold in perlin_plan) */
#define PERLIN_PLAN_COEF 34 /* the most an entry has: 4 outputs' lines along a 2D path, alpha, beta */
/* an entry's kernel (its octave's segment, as render.c would call it) */
enum {
	PERLIN_PLAN_SEG1 = 1,  /* seg1: a degree-6 polynomial along x (coef[0..6]) */
	PERLIN_PLAN_SEG2X = 2, /* seg2x: a 2D path's degree-11 polynomial (coef[0..11]) */
	PERLIN_PLAN_SEG2L = 3, /* seg2l: the same as lines (coef[0..7], alpha coef[8], beta coef[9]) */
	PERLIN_PLAN_SEG1N = 4, /* seg1n folded: each output's line (coef[4 o .. 4 o + 3]) */
	PERLIN_PLAN_SEG2LN = 5 /* seg2ln folded: each output's lines (coef[8 o ..]), alpha coef[32], beta coef[33] */
};
typedef struct {
	float coef[PERLIN_PLAN_COEF][8] __attribute__((aligned(16)));
	float mf[8];     /* lane l's mf[m] */
	int32_t lo[8];   /* -1 where lane l is in the group before (q = G - C - 1) */
	int32_t idx[8];  /* the same as 0 (q = G - C - 1) or 1 (q = G - C) */
	double c2[2];    /* C, C */
	double s2[2];    /* 8 step, twice */
	double a2[2];    /* a (the kernel's: the anchor's u), twice */
	int32_t kind;    /* PERLIN_PLAN_* */
} perlin_plan_entry;
/* An octave in the plan. Its ramps' j lag while the plan runs (are as of
   sync); where it needs render.c next is the plan's until_k. */
typedef struct {
	uint64_t sync;
	int32_t entry; /* its entry, or -1: unheard, its ramps ride */
	int32_t nl;    /* its layers as voice_span renders it: 1, or PERLIN_LAYERS */
	int32_t on_path; /* along a 2D path (axes 2) */
	float gk;      /* (seg1) layer 0's steady gain */
	double g[12];  /* (plan.c) its gains as octave_begin found them */
	/* (seg1, or a 2D path of layer 0 alone) its segment as the fold
	   reads it: u = ua + (c - anchor) ustep at clock c, from `first` up
	   to its crossing at cross_at; (2D, folded) its polynomial along the
	   path in that u, by powers (path_coef's, gain 1) */
	uint64_t anchor, first, cross_at;
	double ua, ustep;
	float poly[12];
} __attribute__((aligned(64))) perlin_plan_oct;
enum { PLAN_STEADY = 1, PLAN_FADING = 2 }; /* (perlin_plan's valid) */
typedef struct {
	uint64_t gen;  /* the perlin_dsp gen it is for */
	uint64_t tried; /* a gen no plan could be made for, plus 1 (0: none) */
	uint64_t unsure; /* a gen its plan was not sure for (plan_fade), plus 1 */
	int valid;     /* made, and nothing but the plan has rendered since: PLAN_STEADY
	                  (shaped for the output) or PLAN_FADING (for a crossfade,
	                  plan_fade: depth 1, offset 0); 0: not */
	int live;      /* the octaves' ramps lag (as of each one's sync) */
	int sure;      /* no event stops it while nothing moves: every entry of one layer
	                  (plan_entry fails there only for moving gains) */
	/* entries: layer 0's sum's (seg1, seg2x, seg2l) from 0 to na, in
	   octave order, then the outputs' own sums' (seg1n, seg2ln) to n */
	int n, na;
	/* the kinds of layer 0's and of the outputs' entries (bit kind): the
	   kernel has loops for the plans that occur */
	uint32_t kinds_a, kinds_b;
	int sums;      /* 1: layer 0's alone; 1 + PERLIN_OUTPUTS: each output's own too */
	int none;      /* (sums > 1) no entry adds to layer 0's sum */
	float depth, offset; /* steady */
	/* the shaping's vectors (the kernel's operands, not its registers):
	   depth, offset, -1, 1, 1.5, 0.5, each over 8 lanes */
	float shape_lanes[6][8] __attribute__((aligned(16)));
	int unit;      /* depth 1, offset 0 */
	unsigned outs; /* the outputs (perlin_dsp's) */
	uint64_t until; /* the least of until_k */
	uint32_t due;   /* the octaves whose until_k it is (bit k) */
	/* where octave k needs render.c: its segment's end (a crossing of
	   either ramp, as the render loop finds it), or where a ramp that
	   only rides (an unheard one) should move on (so a ride is never
	   long); side by side, so a block's events read one line */
	uint64_t until_k[NOISE_MAX_OCTAVES];
	/* the group a block or a piece of one last ended inside (the kernel
	   keeps it; UINT64_MAX: none): each entry's values there (kv[i][o]:
	   its sum o's, layer 0's or each output's), and the outputs' shaped
	   values (kw); the entries made anew since (dirty: bit i) are
	   evaluated again where the next piece takes it up, the others'
	   values reused */
	uint64_t kgroup;
	uint32_t dirty;
	/* The fold (one output): layer 0's first nfold entries, the octaves
	   whose cells last PERLIN_FOLD_CELL samples or more, summed into one
	   polynomial of degree fold_n - 1 (6 in 1D, 11 along 2D paths) in
	   t = (c - fold_o) / L at clock c
	   over the samples every one of them is in its segment (fold_o their
	   middle, L their count: |t| <= 1/2), made anew at each of their
	   crossings: fold_c[i] its coefficient of t^i, over 8 lanes; kf its
	   values in the kept group. fold_invf = (float)(1 / L).
	   The other entries are added to it in octave order. nofold: a gen
	   (plus 1) whose plan has no fold, which blocks from plan_below on
	   leave to the loop. */
	int nfold, fold_n;
	int32_t fold_k[NOISE_MAX_OCTAVES]; /* each folded entry's octave */
	/* the levels the fold is made of (plan.c, fold_make): level i's sum
	   of the entries 0 .. i, its samples and their middle and count */
	double fold_s[NOISE_MAX_OCTAVES][12];
	uint64_t fold_first[NOISE_MAX_OCTAVES], fold_next[NOISE_MAX_OCTAVES];
	double fold_mid[NOISE_MAX_OCTAVES], fold_len[NOISE_MAX_OCTAVES];
	double fold_o;
	float fold_invf;
	float fold_c[12][8] __attribute__((aligned(16)));
	/* the fold before an event inside a group (plan.c's plan_fold_group:
	   the lanes before it; the kernels' fold_split) */
	float fold_was[12][8] __attribute__((aligned(16)));
	double fold_was_o;
	float fold_was_invf;
	float kf[8];
	uint64_t nofold;
	float kv[NOISE_MAX_OCTAVES][PERLIN_OUTPUTS][8];
	float kw[PERLIN_OUTPUTS][8];
	float sink[PERLIN_OUTPUTS][8]; /* (the kernel's, for an output not wanted) */
	perlin_plan_oct oct[NOISE_MAX_OCTAVES];
	perlin_plan_entry e[NOISE_MAX_OCTAVES];
} perlin_plan;

/* The CV inputs of a run (perlin_dsp_run_cv): each NULL (not connected)
   or the run's samples, in volts: depth's and offset's 5 V span the
   control's whole range (depth 0..1: 0.2 a volt; offset -1..1: 0.4 a
   volt), added to the smoothed knob sample by sample and clamped into the
   range; NaN counts as 0 V. */
typedef struct {
	const float *depth, *offset;
	/* the rate CV, in volts: 1 V an octave, the rate (free or synced)
	   times 2^V at each sample, V clamped to +-PERLIN_WARP_VOLTS, NaN 0 V
	   (warp.c) */
	const float *rate;
	/* the morph CV (2D), in volts: 1 V a cell of octave 0 added to morph
	   at each sample, V clamped to +-PERLIN_MORPH_VOLTS, NaN 0 V (warp.c) */
	const float *morph;
} perlin_cv;
#define PERLIN_WARP_VOLTS 8.0f
#define PERLIN_MORPH_VOLTS 16.0f

/* An external clock's messages (perlin_dsp_clock): CV pulses, or MIDI
   clock's (24 a beat, Start, Continue, Stop, Song Position Pointer). */
typedef enum {
	PERLIN_CLOCK_PULSE = 0,    /* a pulse (value: pulses per beat) */
	PERLIN_CLOCK_START = 1,    /* the next pulse is beat 0 */
	PERLIN_CLOCK_CONTINUE = 2, /* the next pulse is where Stop left it or
	                              Song Position puts it */
	PERLIN_CLOCK_STOP = 3,     /* hold; pulses are ignored until Start or
	                              Continue */
	PERLIN_CLOCK_SONG_POSITION = 4 /* (value: the beat) where Continue goes on */
} perlin_clock_msg;

/* The last intervals the clock's tempo is measured over: "locked within
   two pulses" (transport.c). */
#define PERLIN_CLOCK_WINDOW 2U

/* An external clock that, with sync on, places the phase in place of the
   host's transport (transport.c): its beat and tempo, as the host's
   time:Position fields, as of `count` samples ago. */
typedef struct {
	int on;        /* it places the phase (a pulse came with sync on) */
	int midi;      /* it is MIDI clock (followed only while the host has
	                  sent no tempo) */
	int waiting;   /* the next pulse is a first one: beat `next` */
	int stopped;   /* (MIDI) Stop: pulses ignored until Start or Continue */
	uint32_t n;    /* pulses since the first (0 for it) */
	double from;   /* the first pulse's beat */
	double ppb;    /* pulses per beat they are counted in */
	double next;   /* (waiting) the beat the next pulse is */
	double interval; /* samples a pulse, as last measured (0: none yet) */
	uint64_t at[PERLIN_CLOCK_WINDOW + 1U]; /* the latest pulses' clock samples (ring by n) */
	uint64_t hold_at; /* the sample the beat reaches the next pulse's:
	                     it holds there (UINT64_MAX: no hold due) */
	double beat, bpm, speed, frame; /* as of `count` samples ago */
	uint64_t count;
} perlin_clock;

/* (warping, 1D, one output: warp.c) a voice's fold along W: the first n
   octaves heard summed into one polynomial, level i (octaves 0 .. i) by
   powers of t = (W - mid) / len over the W from lo to hi where all are
   in their cells; each level made for the anchor `anchor`, its octave
   k's cell fx (on from the anchor's), gain g and coefficients coef, and
   kept while they hold, across spans. The top level's mid (o), 1 / len
   (inv) and coefficients in float (c). */
typedef struct {
	uint64_t anchor;
	unsigned n;
	unsigned k[NOISE_MAX_OCTAVES];
	double fx[NOISE_MAX_OCTAVES], g[NOISE_MAX_OCTAVES];
	float coef[NOISE_MAX_OCTAVES][7];
	double s[NOISE_MAX_OCTAVES][7];
	double mid[NOISE_MAX_OCTAVES], len[NOISE_MAX_OCTAVES];
	double lo[NOISE_MAX_OCTAVES], hi[NOISE_MAX_OCTAVES];
	double o, inv;
	float c[7];
} perlin_warp_fold;

/* The time between the points where the smoothers step (the grid: 256
   samples at 48 kHz, the nearest whole sample at other rates), counted
   from activation or from the last change that found them settled:
   controls are linear between them. A grid point re-anchors every moving
   octave, so its spacing sets what automation costs (plugin/README.md,
   the constants' figures); piecewise linear steps of 5.3 ms follow the
   20 ms smoothing curve within 1% of a change. */
#define PERLIN_GRID_S (256.0 / 48000.0)

typedef struct {
	double sr;
	uint32_t grid;     /* samples between grid points */
	double decay;      /* the one-pole smoothers' decay over one grid step */
	uint32_t xfade_len; /* the short crossfade's length in samples (PERLIN_XFADE_S) */

	float ctl[PERLIN_N_PARAMS]; /* last clamped control values */
	double beats, cells_per_beat; /* ctl's beats as the note value it names (params.c) */
	float raw[PERLIN_N_PARAMS]; /* and as the host gave them */
	int raw_valid;
	int sync;
	float reset_prev;

	perlin_smooth at[2];  /* at the current chunk's start and end */
	perlin_smooth was;    /* at[0] a grid point earlier: the phases follow
	                         the rate, drift and morph a grid step late */
	perlin_smooth target;
	int moving;           /* at[] has not settled on target */
	uint64_t clock;       /* samples since activation */
	uint64_t grid_at;     /* the clock where the grid starts: activation or
	                         the last control change (grid points every
	                         `grid` samples from it) */
	int restep;           /* re-derive the phase steps at the next sample */
	double motion;  /* transport speed when the phase follows it, else 1 */
	double tempo;   /* beats per second when synced, else 1 */
	double xmotion; /* motion x tempo: what multiplies xrate */

	perlin_voice voice[2];
	int cur;        /* the voice fading in or playing */
	uint32_t fade;  /* samples into the crossfade; xfade_n when none */
	uint32_t xfade_n; /* the crossfade's length: xfade_len, or longer on a
	                     slow noise (PERLIN_XFADE_CELLS) */
	int started;    /* any sample rendered since init/activate */
	int want_reset, want_locate;
	int quick; /* the locate asked for is a transport jump: the short crossfade */
	/* the band-limit must follow a faster transport (tempo, speed): a
	   new voice at once, placed from the transport, the old one fading
	   out at the speed it had (voice.c) */
	int want_band;
	uint32_t locates; /* counts the transport's jumps and roll starts (each
	                     that set want_locate; the MIDI plugin resends) */
	uint32_t shape_n; /* which noise of the seed's sequence (PERLIN_TRIGGER_SHAPE) */
	double phase_shift; /* a phase change to make, in octave-0 cells (free running) */
	double morph_shift; /* a morph jump to make (crossfaded), in octave-0 cells of y */
	/* a one-pole follower (PERLIN_SMOOTH_S) of the morph control, as of
	   the sample morph_seen_at: how far the control is from it tells how
	   fast it has moved lately (smooth_morph_jump) */
	double morph_seen;
	uint64_t morph_seen_at;

	/* sample and hold (PERLIN_TRIGGER_STEP, step.c): while `stepping`
	   the voices ride on unheard and each output is its held noise,
	   gliding from `from` to `to` (shaped noise, before depth and offset)
	   over glide_len samples (glide_at of them done); `capture`: the next
	   sample's noise is the new `to` (rendered alone, noise_only). Leaving
	   the mode, the live noise fades in over xfade_len (leave: samples
	   done; xfade_len when not leaving). */
	int stepping, capture, held, noise_only; /* held: a value was captured */
	int step_busy; /* stepping or leaving: the block goes through step.c */
	uint32_t glide_at, glide_len, leave;
	double from[PERLIN_OUTPUTS], to[PERLIN_OUTPUTS];

	/* transport as tracked from time:Position: frame and beat as of the
	   last message, tp_count samples ago */
	int tp_valid, tp_beat_valid;
	double tp_frame, tp_speed, tp_bpm, tp_beat;
	uint64_t tp_count;
	double tp_sent;     /* the frame the last message sent, as sent */
	int tp_tempo_seen;  /* a message since activation gave a tempo (MIDI
	                       clock is followed only without one) */
	perlin_clock ext;   /* an external clock (transport.c) */

	unsigned outputs; /* 1, or PERLIN_OUTPUTS (perlin_dsp_init_outputs) */
	float spread;     /* the spread control, clamped */
	uint32_t spread_raw; /* and its bits as given last */
	int spread_valid;
	/* the CV inputs (perlin_dsp_run_cv): the run's (cv_in: none between
	   runs), and whether any is connected (cv_on); a span's are in
	   cv_buf, below */
	perlin_cv cv_in;
	int cv_on;
	/* the rate CV (warp.c): while it stands still, its factor 2^V (of
	   volts warp_v) is folded into the phases' steps (warp); while it
	   moves (warping), each sample's phases come from the sums of the
	   factors over warp (warp_W, below); warp_still counts the
	   samples it has stood at warp_v. The band-limit takes warp_band: the
	   fold, or warping the largest factor of the chunk before (warp_peak
	   gathers it). */
	double warp, warp_peak, warp_band;
	float warp_v;
	uint32_t warp_bits; /* the bits of a CV sample that gives warp_v */
	int warping;
	uint32_t warp_still;
	/* whether warp.c has anything to follow without a CV connected:
	   warping, a factor folded, the morph CV's volts or speed left
	   (made anew wherever warp.c changes those) */
	int warp_kept;
	/* the morph CV (warp.c): morph_v, the volts the voices' y has moved
	   by up to the span being rendered (a voice placed anew takes it as
	   morph's); while it moves, the sums of its moves (warp_M) move the
	   phases, as the rate CV's factors do.
	   The band-limit takes morph_band, its speed in cells a sample over
	   the chunk before (morph_path gathers its path, morph_jump its
	   largest move). */
	float morph_v;
	uint32_t morph_bits; /* the bits of a CV sample that gives morph_v */
	double morph_path, morph_jump, morph_band;
	/* (warping) the sums the phases move by since the warp's start or
	   the grid point that started them anew, 64 chunks on (warp_gen
	   counts those): each sample's factor
	   over warp (warp_W), the morph CV's moves (warp_M), the samples
	   (warp_n); at the span's start (..0) and end; and whether the morph
	   CV moves in the span (warp_m holds its sums then) */
	double warp_W, warp_W0, warp_M, warp_M0;
	uint32_t warp_n, warp_n0;
	uint64_t warp_gen;
	int warp_dy_on;
	perlin_path path;
	const struct perlin_kernels *kernels; /* of path's lane width (kernels.c) */
	float level[PERLIN_OUTPUTS]; /* last output sample of each output */
	/* the 2D gradients times NOISE_SCALE_2D (dims_scale of a 2D voice),
	   made at init for the kernels' table2: x parts then y parts
	   (noise_gradients_2d's), then the same side by side (x, y of each) */
	float grads[64];
	/* counts the changes the steady render's plan depends on (a grid
	   point, a new step, a voice, new targets, the kernels): a plan is
	   for one gen */
	uint64_t gen;
	perlin_plan plan[2]; /* (plan.c) voice w's, plan[w] */

	/* The scratch, last: each array written before it is read, in the
	   span that reads it. perlin_dsp_init leaves it as the memory was, so
	   that its pages (253 KiB, most of the instance) are touched only by
	   what runs: a 1D instance never maps the 2D tables. */
	/* the CV inputs' volts of a span (depth, offset), copied before the
	   span writes its outputs (a host may give an input and an output one
	   buffer) */
	float cv_buf[2][PERLIN_SPAN];
	/* (warping) each sample's sums: warp_W and warp_M there (warp_M
	   with the sample's own move, warp_W without its own factor) */
	double warp_w[PERLIN_SPAN], warp_m[PERLIN_SPAN];
	/* each voice's fold along W (warp.c), read only while the voice's
	   wfold_for says it holds, so written before, in a span before */
	perlin_warp_fold wfold[2];
	/* the live noise while leaving, for outputs not connected */
	float step_buf[PERLIN_OUTPUTS][PERLIN_SPAN];
	/* step.c's lines over a piece of a chunk, made once for every
	   output (the kernels' hold_lines): the glide's weight, the live
	   noise's while leaving, depth and offset */
	double step_lines[4][PERLIN_STEP_PIECE];
	/* the voices' layer sums of a span (render.c), with the slack
	   kernel.h's part() needs either side */
	float buf[2][PERLIN_LAYERS][8 + PERLIN_SPAN + 8];
	/* each layer's table of cells for the dense kernels (render.c) */
	float table[PERLIN_LAYERS][PERLIN_TABLE];
	dense_stair stair; /* (render.c: a 2D dense octave's span) */
	float corners[PERLIN_TABLE]; /* (and its cells' corners) */
} perlin_dsp;

/* Where perlin_dsp's scratch starts (perlin_dsp_init clears what comes
   before). */
#define PERLIN_DSP_SCRATCH offsetof(perlin_dsp, cv_buf)

/* Perlin Noise MIDI's settings (plugin/lv2/perlin_midi.c; not the DSP's:
   their ranges are here with the others'), in the order of
   perlin_midi_params: */
typedef enum {
	MIDI_CHANNEL = 0,    /* the output's MIDI channel, 1-16 */
	MIDI_RESOLUTION = 1, /* perlin_midi_resolution */
	MIDI_INTERVAL = 2,   /* ms: a lane sends at most once in it */
	MIDI_CC_1 = 3,       /* lane 1's controller number (-1 off) .. MIDI_CC_1 + 3 */
	MIDI_N_PARAMS = 7
} perlin_midi_param;

typedef enum {
	MIDI_RES_7 = 0,   /* one CC, 0..127 */
	MIDI_RES_14 = 1,  /* lanes on CC n < 32: MSB on n then LSB on n + 32,
	                     0..16383 (lanes on n >= 32 stay 7-bit) */
	MIDI_RES_BEND = 2 /* lane 1 as pitch bend (0..16383, centre 8192);
	                     the other lanes 7-bit */
} perlin_midi_resolution;

#endif /* PERLIN_STATE_H */
