/* step.h: sample and hold (PERLIN_TRIGGER_STEP), step.c's functions.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_STEP_H
#define PERLIN_STEP_H

#include "state.h"

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

#endif /* PERLIN_STEP_H */
