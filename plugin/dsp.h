/* dsp.h: the DSP object both Perlin plugins share (no LV2 header, so tests
   can drive it directly).

   Signal: per octave k, an x phase integrated per sample (cell + fraction,
   see noise/noise.h) at rate * m_k cells/s, where m_k = lacunarity^k (or
   P_k / N when looping N cells), and in 2D a y phase moved by drift and by
   changes of morph, also scaled by m_k. The octaves are summed with
   normalised gains, shaped into [-1, 1] (noise_shape), and the output is
   clamp(offset + depth * noise, -1, 1).

   No clicks: continuous controls are one-pole smoothed per sample with a
   time constant in seconds (PERLIN_SMOOTH_S, so block size does not matter);
   rate, lacunarity and drift only change phase speeds, never phases.
   Discrete changes (seed, dimensions, loop, a loop period that lacunarity
   moves, sync, reset, a transport jump) start a new voice and crossfade the
   old one out over PERLIN_XFADE_S; a change that arrives during a crossfade
   is applied as soon as it ends. Octaves whose frequency nears Nyquist fade
   out (band-limit; the first octave always stays), and the gains are
   renormalised so the spread stays the same.

   Transport: the phase follows the transport when synced (beat / beats
   per cell) or free on Hold (seconds x rate): the transport's speed and
   tempo apply at once, unsmoothed, so the phase stays where the position
   says. A time:Position whose placing field (the beat when synced, the
   frame otherwise) is not where the transport was heading is a jump, and
   so is starting to roll: the phase is re-derived from the transport
   (sync: beat / beats per cell; free: seconds x rate; 2D y: morph + drift
   x seconds). Where that is not where the phase already is, the new phase
   is crossfaded in; where it is (a held phase at a roll start), nothing
   is heard to change and the phases are simply taken anew, so the render
   is the same as a fresh start there from that sample on. Fields that lag
   (JACK's relocate brings the new frame with the old bar and beat while
   Starting) thus move a synced phase only when the beat moves, and never
   with a step. A position before any output is applied at once. While
   the transport is stopped a synced phase holds, and so does a free
   phase on Hold (`stopped` 0, the audio plugin's default); on Run (1, the
   CV plugin's default, for live patching) a free phase runs on at its
   rate whatever the transport does, and is re-derived (crossfaded) at
   jumps. Sync without any time:Position from the host assumes 120 BPM,
   rolling.

   Speed: while nothing is moving towards a target (every smoother settled,
   no crossfade, phases advancing forwards), a block is rendered octave by
   octave by vector kernels (plugin/kernel.h): each octave's phase is a ramp
   from an anchor (perlin_ramp), its gradients are hashed once per cell, and
   the formulas run in float lanes, 4 (SSE2) or 8 (AVX2, chosen once at
   init when the CPU has it); an octave whose cells last a few samples takes
   its cells from a table made per chunk (the dense kernel). While rate,
   depth, offset or the octave gains glide (automation), the smoothers step
   sample by sample as in the reference, once for all octaves, and the
   octaves still render with the kernels (the glide, dsp.c glide_run).
   Otherwise (crossfades, lacunarity, drift or morph moving, phases going
   backwards), and always on PERLIN_PATH_REFERENCE, samples are rendered one
   by one in double precision, the scalar reference the tests compare the
   kernels with (within 1e-6). Which path renders a sample depends only on
   the state at that sample, never on block sizes.

   Threading: perlin_dsp_init in the instantiation class; everything else in
   the audio class: no allocation, locks, I/O or syscalls; the time spent
   grows with n_samples and the octave count only. */
#ifndef PERLIN_DSP_H
#define PERLIN_DSP_H

#include "../noise/noise.h"

#include <stdint.h>

/* The controls (plugin/ports.h maps them to LV2 port indices). */
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
	PERLIN_N_PARAMS = 15
} perlin_param;

/* Symbol, range and defaults (audio plugin, CV plugin) of each control
   input: the one place in C that knows them (tests/test_plugin.c checks
   the TTL against it). */
typedef struct {
	const char *symbol;
	float min, max, def, cv_def;
} perlin_param_info;

extern const perlin_param_info perlin_params[PERLIN_N_PARAMS];

#define PERLIN_SMOOTH_S 0.02  /* one-pole time constant of continuous controls */
#ifndef PERLIN_XFADE_S /* tests build a bundle without crossfades to show they are needed */
#define PERLIN_XFADE_S 0.01   /* crossfade length of discrete changes */
#endif
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
} perlin_shape;

/* A phase advancing by `step` per sample from an anchor: after j samples it
   is cell + a + j step (cell + frac in the octave's noise_octave). `cross`
   is the j where the phase reaches the next cell (or the ramp is rebased). */
typedef struct {
	double a, step, inv; /* inv: 1 / step (0 when still) */
	uint64_t j, cross;
	uint32_t cell;
	float mf[8]; /* (float)(m step), m = 0..7: see plugin/kernel.h */
} perlin_ramp;

/* Render paths. */
typedef enum {
	PERLIN_PATH_REFERENCE = 0, /* scalar double, sample by sample */
	PERLIN_PATH_VECTOR = 1,    /* kernels, 4 float lanes (SSE2 on x86-64) */
	PERLIN_PATH_AVX2 = 2       /* kernels, 8 float lanes */
} perlin_path;

typedef struct {
	perlin_shape shape;
	noise_octave oct[NOISE_MAX_OCTAVES];
	int fast;                          /* the ramps hold the phases */
	int behind; /* oct[]'s phases lag the ramps' (dsp.c voice_sync) */
	perlin_ramp rx[NOISE_MAX_OCTAVES], ry[NOISE_MAX_OCTAVES];
	float coef[NOISE_MAX_OCTAVES][12]; /* kernel coefficients of the cell */
	double mult[NOISE_MAX_OCTAVES];   /* smoothed frequency multipliers */
	double mult_t[NOISE_MAX_OCTAVES]; /* their targets */
	double gain[NOISE_MAX_OCTAVES];   /* smoothed octave gains */
	double gain_t[NOISE_MAX_OCTAVES];
} perlin_voice;

typedef struct {
	double sr;
	double smooth;     /* one-pole coefficient for PERLIN_SMOOTH_S */
	double xfade_step; /* 1 / crossfade length in samples */

	float ctl[PERLIN_N_PARAMS]; /* last clamped control values */
	int sync;
	float reset_prev;

	/* smoothed shared values (per sample), and their targets */
	double xrate, xrate_t;   /* octave-0 cells per sample at speed 1 */
	double motion;  /* transport speed when the phase follows it, else 1 */
	double tempo;   /* beats per second when synced, else 1 */
	double xmotion; /* motion x tempo: what multiplies xrate */
	double drift, drift_t;   /* y cells per sample */
	double morph, morph_t;
	double depth, depth_t;
	double offset, offset_t;

	perlin_voice voice[2];
	int cur;        /* the voice fading in or playing */
	double fade;    /* 0..1 progress of the crossfade; 1 when none */
	int started;    /* any sample rendered since init/activate */
	int want_reset, want_locate;

	/* transport as tracked from time:Position: frame and beat as of the
	   last message, tp_count samples ago */
	int tp_valid, tp_beat_valid;
	double tp_frame, tp_speed, tp_bpm, tp_beat;
	uint64_t tp_count;

	/* the glide (dsp.c glide_run): phases as anchors (per octave of the
	   current voice) moved by m_k x and m_k y, x and y the octave-0 cells
	   moved since */
	int glide;
	uint32_t glide_n; /* samples since the anchors */
	double glide_x, glide_y;
	noise_pos glide_ax[NOISE_MAX_OCTAVES], glide_ay[NOISE_MAX_OCTAVES];
	/* and its smoothers: value = target + dist r, r falling by 1 - smooth
	   a sample from 1 where the targets last changed (glide_aim 0: not
	   yet taken), all on target once r <= glide_rmin */
	int glide_aim;
	double glide_r, glide_rmin;
	double dist_xrate, dist_depth, dist_offset, dist_gain[NOISE_MAX_OCTAVES];

	perlin_path path;
	const struct perlin_kernels *kernels; /* of path's lane width (dsp.c) */
	float level; /* last output sample */
} perlin_dsp;

/* Set up for sample rate sr (clamped to 8 kHz..768 kHz); state as after
   activate. Instantiation class. */
void perlin_dsp_init(perlin_dsp *d, double sr);
/* Forget phases and transport, as LV2 activate() does. */
void perlin_dsp_activate(perlin_dsp *d);
/* New control values (any float, NaN included; NULL entries of a pointer
   array are defaults). Call at the start of a block or between events. */
void perlin_dsp_controls(perlin_dsp *d, const float *const values[PERLIN_N_PARAMS]);
/* The host's transport said something (at the current sample). */
void perlin_dsp_position(perlin_dsp *d, const perlin_position *p);
/* Render n samples into out (out may be NULL: the state still advances). */
void perlin_dsp_run(perlin_dsp *d, float *out, uint32_t n);

/* The fastest path this CPU runs (what perlin_dsp_init picks). */
perlin_path perlin_dsp_best_path(void);
/* Render with path p from now on (tests and the benchmark; a path the CPU
   lacks falls back to PERLIN_PATH_VECTOR). */
void perlin_dsp_set_path(perlin_dsp *d, perlin_path p);

/* Clamp v into param's range; NaN gives the default. */
float perlin_clamp(perlin_param param, float v);

#endif /* PERLIN_DSP_H */
