/* params.h: the controls' ranges and defaults, one checked table (params.c),
   and their clamping: what the glues, the DSP and the tests share.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_PARAMS_H
#define PERLIN_PARAMS_H

#include "state.h"

/* Symbol, range and defaults of each control input (tests/test_plugin.c
   checks the TTL against them), of the four-output plugins' spread, and
   of each MIDI setting (cv_def as def). */
extern const perlin_param_info perlin_params[PERLIN_N_PARAMS];
extern const perlin_param_info perlin_spread_param;
/* The CV plugins' clock: pulses per beat at clock_in (1, 2, 4 or 24 in
   the TTL; any whole number in range works). */
extern const perlin_param_info perlin_pulses_param;
extern const perlin_param_info perlin_midi_params[MIDI_N_PARAMS];

/* Clamp v into param's range; NaN gives the default. */
float perlin_clamp(perlin_param param, float v);
/* The same for the range info gives. */
float perlin_clamp_info(const perlin_param_info *info, float v);
/* The glues' controls before the host connects them: each its default,
   held in dflt (as perlin_dsp_controls_ports reads an unconnected one). */
void perlin_controls_defaults(float dflt[PERLIN_N_PARAMS],
                              const float *controls[PERLIN_N_PARAMS]);

/* (the engine's) */
/* The beats control as exact numbers: a value within the TTL's six-digit
   rounding of a whole number of 1/96 beats (every note value it offers:
   1/32 triplet = 8/96 .. 4 bars) is that note value, beats = q / 96 and
   cells per beat = 96 / q (exact for the triplets too, which a float holds
   only to 1e-7); any other value is itself. */
void dsp_note_value(float beats, double *beats_exact, double *cells_per_beat);
/* v clamped into [lo, hi]; NaN gives fallback. */
double dsp_clamp_finite(double v, double lo, double hi, double fallback);

#endif /* PERLIN_PARAMS_H */
