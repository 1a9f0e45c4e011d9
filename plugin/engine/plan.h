/* plan.h: the steady plan (plan.c): where it holds, made and run.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_PLAN_H
#define PERLIN_PLAN_H

#include "state.h"

/* n samples into out[0..d->outputs) by the steady plan (perlin_plan in
   state.h) from the clock on, where it holds (made here if it is
   missing: the one place that decides plan or loop): how many (all, or
   up to where it stopped; 0: it does not hold, render_span's loop it
   is). Never while the rate CV moves (d->warping): the callers know. */
uint32_t plan_render(perlin_dsp *d, float *const out[], uint32_t n, int in_chunk);
/* Plan or loop, decided here alone: whether the plan may render n
   samples (it may still not hold). Never sample and hold's (its noise
   too: step_busy) or a restep's; from plan_below on (the loop is
   cheaper there) only a plan with a fold (perlin_plan's), which then
   must: the loop's values are not the fold's, and a block's length must
   not choose them. */
int plan_takes(perlin_dsp *d, uint32_t n);
/* The voices' ramps where the clock is (a running plan lets them lag):
   before anything but the plan reads or moves them. */
void plan_sync(perlin_dsp *d);
/* plan_sync, and no plan holds any more (the render loop moved the
   voices' ramps). */
static inline void plan_drop(perlin_dsp *d)
{
	plan_sync(d);
	d->plan[0].valid = d->plan[1].valid = 0;
}
/* Voice w's plan holds no more (its steps changed, or it is placed
   anew); the other voice's holds on (a crossfade renders by both). */
void plan_forget(perlin_dsp *d, int w);
/* A crossfade's n samples by both voices' plans where both hold and run
   to the end (nothing moving, every octave in one layer: one output, or
   four sharing one sum): each voice's noise alone,
   shaped (depth 1, offset 0, as finish() shapes), the current voice's
   into now, the other's into was; 1. Else 0, nothing rendered: the
   render loop's, both voices. */
int plan_fade(perlin_dsp *d, float *now, float *was, uint32_t n);

#endif /* PERLIN_PLAN_H */
