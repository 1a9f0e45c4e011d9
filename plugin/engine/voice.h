/* voice.h: voices at a grid point, their steps, starting one (voice.c).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_VOICE_H
#define PERLIN_VOICE_H

#include "state.h"

/* At a grid point, after smooth_grid_point: the live voices' multipliers
   and gains for the new chunk; whether they hold still. */
int voice_grid_point(perlin_dsp *d);
/* Re-derive the live voices' phase steps at this sample. */
void restep(perlin_dsp *d);
/* Apply a pending discrete change if no crossfade is running. */
void dsp_maybe_start_voice(perlin_dsp *d);

#endif /* PERLIN_VOICE_H */
