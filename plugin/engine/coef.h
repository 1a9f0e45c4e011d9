/* coef.h: a cell's kernel coefficients, coef.c's functions.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_COEF_H
#define PERLIN_COEF_H

#include "state.h"

/* The scale of noise_octave_2d/1d (noise/noise.h) */
double dims_scale(const perlin_voice *v);
/* The coefficients of octave k of a layer (y: its stream, v->stream[l][k])
   for the octave's current cell along axes 1 (x) or 2 (x and y), gain
   1; kept if still for the same cell. */
void voice_coef(const perlin_voice *v, perlin_stream *stream, unsigned k, int axes);
/* The axes octave k's coefficients need now: x (1), or x and y (2). */
static inline int axes_of(const perlin_voice *v, unsigned k)
{
	return v->shape.dims == 2 && v->ry[k].step != 0.0 ? 2 : 1;
}
/* (of a layer's octave, y its stream, from its axes-2 coefficients) Form
   2 along a straight path uy = alpha ux + beta (kernel seg2x), or
   along_y, ux = alpha uy + beta: 12 coefficients by powers of ux - uc; or
   (lines, kernel seg2l) A's and B's lines, alpha and beta. */
void path_coef(const perlin_stream *stream, int along_y, double alpha, double beta, double uc,
               int lines, float out[12]);
/* A cell's value along x from the lines of its two lattice columns
   (noise_octave_columns), times sc: { m0, m1, D, E } (see coef.c). */
void cell_line(double P, double Q, double P2, double Q2, double sc, double out[4]);
/* A fold's level (plan.c's and warp.c's): S(a + b t) plus the cell
   polynomial c0 times gk at u = u0 + du t, by powers of t into out; 7
   coefficients each (1D, degree 6), or FOLD_MAX_COEF (fold_level2: a 2D
   path, degree 11). */
#define FOLD_MAX_COEF 12
void fold_level(const double *S, double a, double b, double u0, double du, const float *c0,
                double gk, double *out);
void fold_level2(const double *S, double a, double b, double u0, double du, const float *c0,
                 double gk, double *out);

#endif /* PERLIN_COEF_H */
