/* cells.h: the tables of cells the dense kernels read, cells.c's
   functions.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_CELLS_H
#define PERLIN_CELLS_H

#include "state.h"

/* The lines of layer l's octave k's n cells from `cell` on, times sc (4 floats a
   cell), for the dense kernel; n at most DENSE_CELLS. */
#define SPAN PERLIN_SPAN
#define DENSE_CELLS (SPAN / 2 + 8) /* a span's cells, and 4 more for the
	lanes past its end that the kernel computes and masks off */
void cell_table(const perlin_voice *v, int l, unsigned k, uint32_t cell, int32_t n,
                double sc, float *line);
/* (DENSE2_SPAN, DENSE2_CELLS, dense_stair: state.h) */
/* a table of either fits a layer's place (perlin_dsp's table) */
typedef char dense_tables_fit[4 * DENSE_CELLS <= PERLIN_TABLE &&
                              12 * DENSE2_STRIDE <= PERLIN_TABLE ? 1 : -1];
/* The cells of ramps rx and ry's path in n samples from their j on (x
   looping at period): the staircase, each sample's cell, and what the
   kernels' places() need. */
void dense_cells(const perlin_ramp *rx, const perlin_ramp *ry, uint32_t period, uint32_t n,
                 dense_stair *s);

#endif /* PERLIN_CELLS_H */
