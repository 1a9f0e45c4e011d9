/* instance.h: an instance's memory, for the glues' instantiate and
   cleanup: pages mapped for it alone, which the system zeroes as they are
   first touched, so those of perlin_dsp's scratch that nothing runs on
   never become resident (state.h, PERLIN_DSP_SCRATCH: 253 KiB of an
   instance's 300, the 2D tables among them). calloc would clear them all
   wherever the allocator reuses memory (a host that has freed plugins).
   Instantiation class.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_INSTANCE_H
#define PERLIN_INSTANCE_H

#include <stddef.h>

/* size zeroed bytes (NULL when there is no memory). */
void *perlin_instance_alloc(size_t size);
/* What perlin_instance_alloc(size) gave. */
void perlin_instance_free(void *p, size_t size);

#endif /* PERLIN_INSTANCE_H */
