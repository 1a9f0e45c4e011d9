/* ramp.h: an octave's phase as a ramp (perlin_ramp), ramp.c's functions.
   A ramp is rebased after RAMP_REBASE samples when no cell crossing comes
   first, so a + j step stays small and exact enough.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_RAMP_H
#define PERLIN_RAMP_H

#include "state.h"

#define RAMP_REBASE 65536U
/* Anchor r at p with step. */
void ramp_start(perlin_ramp *r, noise_pos p, double step);
/* The position r is at (cell modulo period, 0: none). */
noise_pos ramp_pos(const perlin_ramp *r, uint32_t period);
/* Re-anchor at a crossing into the next or previous cell. */
void ramp_next_cell(perlin_ramp *r, uint32_t period);
/* Re-anchor where r is (with its step, or a new one). */
void ramp_rebase(perlin_ramp *r, uint32_t period);
void ramp_restep(perlin_ramp *r, double step, uint32_t period);
/* Move a ramp nobody hears on by n samples. */
void ramp_ride(perlin_ramp *r, uint32_t period, uint32_t n);
/* cell + d modulo period (0: 2^32) */
static inline uint32_t ramp_cell_plus(uint32_t cell, int64_t d, uint32_t period)
{
	int64_t c = (int64_t)cell + d;
	if (period) {
		c %= (int64_t)period;
		if (c < 0)
			c += (int64_t)period;
	}
	return (uint32_t)(uint64_t)c;
}

#endif /* PERLIN_RAMP_H */
