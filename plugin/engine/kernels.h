/* kernels.h: the kernels' table of a path's lane width, and the fastest
   path this CPU runs (kernels.c).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_KERNELS_H
#define PERLIN_KERNELS_H

#include "kernel_types.h"

/* The table of path p (p one this CPU runs: perlin_dsp_set_path
   checks), and the fastest path this CPU runs. */
const struct perlin_kernels *kernels_of(perlin_path p);
perlin_path kernels_best_path(void);
/* A float denormal as 0: none reaches the host. */
float dsp_flush_out(float v);

#endif /* PERLIN_KERNELS_H */
