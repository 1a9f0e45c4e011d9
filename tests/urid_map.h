/* urid_map.h: a URID map for the programs that compile the plugin in
   (tests/bench.c, tests/fuzz_plugin.c): a fixed table of the URIs asked
   for, which must be string literals (the plugin's and the caller's are).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_URID_MAP_H
#define PERLIN_URID_MAP_H

#include <lv2/urid/urid.h>

#include <string.h>

static const char *urid_table[64];
static unsigned urid_count;

static LV2_URID map_uri(LV2_URID_Map_Handle h, const char *uri)
{
	unsigned i;
	(void)h;
	for (i = 0; i < urid_count; ++i)
		if (!strcmp(urid_table[i], uri))
			return i + 1;
	if (urid_count == sizeof urid_table / sizeof urid_table[0])
		return 0;
	urid_table[urid_count] = uri;
	return ++urid_count;
}

static LV2_URID_Map urid_map = { NULL, map_uri };

#endif /* PERLIN_URID_MAP_H */
