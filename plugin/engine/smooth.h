/* smooth.h: the smoothed controls and their targets (smooth.c).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_SMOOTH_H
#define PERLIN_SMOOTH_H

#include "state.h"

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

#endif /* PERLIN_SMOOTH_H */
