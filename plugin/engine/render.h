/* render.h: a span of the render loop (render.c): the live voices'
   octaves through the kernels, mixed while crossfading.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_RENDER_H
#define PERLIN_RENDER_H

#include "state.h"

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

#endif /* PERLIN_RENDER_H */
