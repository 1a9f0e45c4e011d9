/* warp.h: the rate and morph CVs (perlin_cv's rate and morph), warp.c's
   functions.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_WARP_H
#define PERLIN_WARP_H

#include "state.h"

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

#endif /* PERLIN_WARP_H */
