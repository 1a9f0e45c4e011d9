/* dsp.h: the engine's interface: one perlin_dsp (state.h) per plugin
   instance, set up, fed controls, triggers and transport, and run. No LV2
   header: the glues (plugin/lv2/) and the tests call it directly. How it
   behaves and how a block flows through the engine: plugin/README.md.
   Threading: perlin_dsp_init in the instantiation class; everything else in
   the audio class: no allocation, locks, I/O or syscalls; the time spent
   grows with n_samples and the octave count only.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_DSP_H
#define PERLIN_DSP_H

#include "params.h"
#include "state.h"

#include <stdint.h>

/* Set up for sample rate sr (clamped to 8 kHz..768 kHz); state as after
   activate. Instantiation class. The scratch at perlin_dsp's end is left
   as it is, so that pages nothing runs on stay unmapped: give d zeroed
   memory (calloc, or static), as the glues do. */
void perlin_dsp_init(perlin_dsp *d, double sr);
/* The same with `outputs` outputs: 1 (as perlin_dsp_init), or
   PERLIN_OUTPUTS, related by the spread control. */
void perlin_dsp_init_outputs(perlin_dsp *d, double sr, unsigned outputs);
/* Forget phases and transport, as LV2 activate() does. */
void perlin_dsp_activate(perlin_dsp *d);
/* New control values (any float, NaN included; NULL entries of a pointer
   array are defaults). Call at the start of a block or between events. */
void perlin_dsp_controls(perlin_dsp *d, const float *const values[PERLIN_N_PARAMS]);
/* The same with every entry non-NULL (a plugin's ports, each connected
   or pointing at its default): one load and compare each, no test. */
void perlin_dsp_controls_ports(perlin_dsp *d, const float *const values[PERLIN_N_PARAMS]);
/* A trigger (a note-on, a CV edge) at the current sample: what it does
   is the trigger control's (perlin_trigger_mode). A restart or new shape
   that comes during a crossfade starts where it ends. */
void perlin_dsp_trigger(perlin_dsp *d);
/* The host's transport said something (at the current sample). */
void perlin_dsp_position(perlin_dsp *d, const perlin_position *p);
/* An external clock's message at the current sample (state.h,
   perlin_clock_msg; value: a pulse's pulses per beat, Song Position's
   beat). With sync on, the clock places the phase in place of the host's
   transport: a CV clock (midi 0) from its first pulse on, MIDI clock
   (midi 1) while the host has sent no tempo since activation. How it is
   followed: plugin/engine/transport.c. */
void perlin_dsp_clock(perlin_dsp *d, perlin_clock_msg m, double value, int midi);
/* The four-output plugins' spread (any float, NaN included: clamped into
   perlin_spread_param's range; ignored with one output). Spread s blends
   each output's octaves from the shared noise N (layer 0) towards noise
   of the output's own, N_i: octave k is a N_k + b N_ik with b = sqrt(s) w_k
   and a = sqrt(1 - b^2), so its spread stays the same and two outputs
   correlate by about 1 - s. w_k is 1 for an octave with less than 95% of
   the variance below it and 0 from 97% (those last, quiet, high octaves
   stay shared, holding at most 5% of the variance: the outputs correlate
   by 0.05 at most at spread 1, and four outputs cost about twice one).
   At 0 every output is layer 0 alone, bit-identical to one output. */
void perlin_dsp_spread(perlin_dsp *d, float spread);

/* Render n samples into out (out may be NULL: the state still advances);
   with several outputs, the first. */
void perlin_dsp_run(perlin_dsp *d, float *out, uint32_t n);
/* Render n samples of each output into out[0..outputs) (an entry may be
   NULL). */
void perlin_dsp_run_outputs(perlin_dsp *d, float *const out[], uint32_t n);
/* The same with CV inputs (state.h, perlin_cv: n samples each, or NULL;
   cv NULL: none), followed at each sample. A CV buffer may be an output's
   too: each span's CV is read before the span is written. */
void perlin_dsp_run_cv(perlin_dsp *d, float *const out[], uint32_t n, const perlin_cv *cv);

/* The fastest path this CPU runs (what perlin_dsp_init picks). */
perlin_path perlin_dsp_best_path(void);
/* Render with path p from now on (tests and the benchmark; a path the CPU
   lacks falls back to PERLIN_PATH_VECTOR). */
void perlin_dsp_set_path(perlin_dsp *d, perlin_path p);

#endif /* PERLIN_DSP_H */
