/* instance.c: an instance's memory (instance.h): anonymous private
   pages where the system has mmap, else calloc. The glues call it; it
   calls nothing of plugin/.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#if defined(__unix__) || defined(__APPLE__)
#define _DEFAULT_SOURCE /* (MAP_ANONYMOUS, with -std=c99) */
#include <sys/mman.h>
#endif
#include "instance.h"

#include <stdlib.h>

#if defined(MAP_ANONYMOUS) || defined(MAP_ANON)
#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif

void *perlin_instance_alloc(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

void perlin_instance_free(void *p, size_t size)
{
	if (p)
		munmap(p, size);
}

#else

void *perlin_instance_alloc(size_t size)
{
	return calloc(1, size);
}

void perlin_instance_free(void *p, size_t size)
{
	(void)size;
	free(p);
}

#endif
