/* ramp.c: an octave's phase as a ramp from an anchor (perlin_ramp in
   state.h): where it is, where it leaves its cell, re-anchoring.
   render.c and voice.c call it.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "ramp.h"

#include <math.h>

/* The first j >= 1 at which a + j step reaches 1, or RAMP_REBASE (inv:
   1 / step, so the estimate needs no division, nor ceil: the loops make
   it exact; j, at most RAMP_REBASE, converted as signed: one instruction,
   where an unsigned 64-bit one takes a dozen on x86-64). */
static uint64_t ramp_cross(double a, double step, double inv)
{
	uint64_t j;
	if (step < 0.0) { /* backwards: the first j at which a + j step < 0 */
		const double e = a * -inv;
		if (!(e < (double)(RAMP_REBASE - 1U)))
			return RAMP_REBASE;
		j = (uint64_t)(int64_t)e + 1U;
		while (j > 1U && a + (double)(int64_t)(j - 1U) * step < 0.0)
			--j;
		while (j < RAMP_REBASE && a + (double)(int64_t)j * step >= 0.0)
			++j;
		return j;
	}
	{
		const double e = (1.0 - a) * inv; /* a < 1, so e >= 0 */
		if (!(step > 0.0) || !(e < (double)(RAMP_REBASE - 1U)))
			return RAMP_REBASE;
		j = (uint64_t)(int64_t)e + 1U;
		while (j > 1U && a + (double)(int64_t)(j - 1U) * step >= 1.0)
			--j;
		while (j < RAMP_REBASE && a + (double)(int64_t)j * step < 1.0)
			++j;
		return j;
	}
}

void ramp_start(perlin_ramp *r, noise_pos p, double step)
{
	unsigned m;
	r->a = p.frac;
	r->cell = p.cell;
	r->step = step;
	r->inv = step != 0.0 ? 1.0 / step : 0.0;
	r->j = 0;
	r->anchor++;
	r->cross = ramp_cross(r->a, step, r->inv);
	for (m = 0; m < 8; ++m)
		r->mf[m] = (float)((double)m * step);
}

/* floor(t), inline below 2^62 (a ramp's a + j step always is): the
   baseline instruction set has no rounding instruction, and libm's floor
   is a call. Exact, so the same value. */
static inline double ramp_floor(double t)
{
	double f;
	if (!(t < 4e18 && t > -4e18))
		return floor(t);
	f = (double)(int64_t)t;
	return f > t ? f - 1.0 : f;
}

/* The position the ramp is at. */
noise_pos ramp_pos(const perlin_ramp *r, uint32_t period)
{
	const double t = r->a + (double)(int64_t)r->j * r->step;
	const double fl = ramp_floor(t);
	noise_pos p;
	p.cell = ramp_cell_plus(r->cell, (int64_t)fl, period); /* fl may be negative */
	p.frac = t - fl;
	if (p.frac >= 1.0) {
		p.frac = 0.0;
		p.cell = period && p.cell + 1U >= period ? 0U : p.cell + 1U;
	}
	return p;
}

/* At a crossing into the next cell (a + j step in [1, 2)) or, going
   backwards, the previous one (in [-1, 0)): re-anchor there; the step
   stays. Anything else (a rebase, or more than a cell a sample) re-anchors
   where the phase is. */
void ramp_next_cell(perlin_ramp *r, uint32_t period)
{
	const double t = r->a + (double)(int64_t)r->j * r->step;
	if (t >= 1.0 && t < 2.0) {
		r->a = t - 1.0;
		r->cell = period && r->cell + 1U >= period ? 0U : r->cell + 1U;
	} else if (t < 0.0 && t >= -1.0) {
		r->a = t + 1.0;
		if (r->a >= 1.0) /* t a hair below 0: 0 of this cell, as ramp_pos has it */
			r->a = 0.0;
		else
			r->cell = period && r->cell == 0U ? period - 1U : r->cell - 1U;
	} else {
		ramp_rebase(r, period);
		return;
	}
	r->j = 0;
	r->anchor++;
	r->cross = ramp_cross(r->a, r->step, r->inv);
}

/* Re-anchor the ramp where it is (at a crossing or a rebase). */
void ramp_rebase(perlin_ramp *r, uint32_t period)
{
	ramp_start(r, ramp_pos(r, period), r->step);
}

/* Re-anchor a ramp where it is, with a new step. */
void ramp_restep(perlin_ramp *r, double step, uint32_t period)
{
	ramp_start(r, ramp_pos(r, period), step);
}

#define SILENT_REBASE 4096U /* samples between rebases of a silent octave */

/* Move a ramp nobody hears on by n samples, rebased every SILENT_REBASE
   samples to keep a + j step small (at the same j whatever the blocks). A
   still ramp stays as it is (1D's y, most of the time). */
void ramp_ride(perlin_ramp *r, uint32_t period, uint32_t n)
{
	if (r->step == 0.0)
		return;
	while (n) {
		uint32_t seg;
		if (r->j >= SILENT_REBASE)
			ramp_rebase(r, period);
		seg = SILENT_REBASE - (uint32_t)r->j;
		seg = seg < n ? seg : n;
		r->j += seg;
		n -= seg;
	}
}

