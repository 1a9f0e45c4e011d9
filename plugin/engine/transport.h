/* transport.h: where the transport is and where it puts the phase, and
   the external clock (transport.c).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_TRANSPORT_H
#define PERLIN_TRANSPORT_H

#include "state.h"

/* Whether the phase stands still while the transport does. */
int dsp_holds_when_stopped(const perlin_dsp *d);
/* Whether the phase ignores the transport (Free, not synced). */
int dsp_runs_free(const perlin_dsp *d);
/* Whether a transport is known (the clock's, or one the host sent), and
   its speed and tempo. */
int dsp_tp_known(const perlin_dsp *d);
double dsp_tp_speed(const perlin_dsp *d);
double dsp_tp_bpm(const perlin_dsp *d);
/* Where the transport puts the phases: octave 0 at x = xv xs + x0, the
   2D path at y = morph + yv ys (products kept apart: see noise_pos_mul;
   x0 is the phase control's offset, each octave's x0 m). */
typedef struct {
	double xv, xs, x0, yv, ys, morph;
} dsp_place;
void dsp_transport_phase(const perlin_dsp *d, dsp_place *p);
/* The phase control's offset in cells of octave 0. */
double dsp_phase_offset(const perlin_dsp *d);
/* Take in a time:Position (perlin_dsp_position): where the transport is,
   and want_locate where it jumped. */
void dsp_transport_position(perlin_dsp *d, const perlin_position *p);
/* The external clock (state.h, perlin_clock): forgotten (activation,
   sync switched); a message at the current sample (perlin_dsp_clock),
   whether the phase must be placed anew; the sample it holds at if no
   pulse comes first (UINT64_MAX: none), and that sample reached. */
void dsp_clock_reset(perlin_dsp *d);
int dsp_clock_message(perlin_dsp *d, perlin_clock_msg m, double value, int midi);
uint64_t dsp_clock_hold_at(const perlin_dsp *d);
void dsp_clock_due(perlin_dsp *d);

#endif /* PERLIN_TRANSPORT_H */
