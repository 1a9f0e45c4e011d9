/* display.h: the inline display, the small picture Ardour's mixer strip and
   Carla's rack draw of a plugin without a GUI (the LV2 extension
   http://harrisonconsoles.com/lv2/inlinedisplay, declared here from its
   published interface). It shows the last 5 s of each output as a trace
   (four colours on the x4 plugins), the zero line and the value now.

   run() records: per bucket of 20 ms, the least and greatest sample of each
   output (or, for an unconnected output, its level), into a ring that the
   host's GUI thread reads in render(). The hand-over is lock-free and
   wait-free: the values are stored and loaded as relaxed atomics and the
   count of buckets written with release and acquire, so render() sees
   whole buckets and run() never waits. run() asks the host to redraw
   (queue_draw) at most 25 times a second, and not while the picture stays
   the same (every visible bucket alike). Without the host's queue_draw
   feature nothing is recorded and render() draws nothing.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_DISPLAY_H
#define PERLIN_DISPLAY_H

#include "../engine/dsp.h"

#include <lv2/core/lv2.h>

#include <stdint.h>

#define PERLIN_DISPLAY_URI "http://harrisonconsoles.com/lv2/inlinedisplay"
#define PERLIN_DISPLAY__interface PERLIN_DISPLAY_URI "#interface"
#define PERLIN_DISPLAY__queue_draw PERLIN_DISPLAY_URI "#queue_draw"

/* The extension's structures (the host's feature, the plugin's interface
   and the picture it returns: ARGB32, premultiplied, as cairo's). */
typedef struct {
	void *handle;
	void (*queue_draw)(void *handle);
} perlin_display_host;

typedef struct {
	unsigned char *data;
	int width, height, stride;
} perlin_display_image;

typedef struct {
	perlin_display_image *(*render)(void *instance, uint32_t w, uint32_t max_h);
} perlin_display_interface;

/* The outputs' colours (orange, cyan, magenta, green), an initializer
   for a double [PERLIN_OUTPUTS][3]: the inline display's and the plugin
   UI's (plugin/ui/view.c). */
#define PERLIN_OUTPUT_COLOURS                                                               \
	{ { 1.0, 0.62, 0.16 }, { 0.3, 0.8, 0.95 }, { 0.9, 0.4, 0.85 }, { 0.5, 0.9, 0.35 } }

#define PERLIN_DISPLAY_BUCKETS 256 /* 5.12 s of 20 ms */

typedef struct {
	/* run()'s side */
	const perlin_display_host *host; /* NULL: no display */
	unsigned outputs;
	uint32_t bucket_len; /* samples a bucket */
	uint32_t fill;       /* samples in the bucket under way */
	float cur_lo[PERLIN_OUTPUTS], cur_hi[PERLIN_OUTPUTS];
	uint32_t flat;       /* buckets in a row alike the one before */
	uint32_t since_draw; /* buckets since the last queue_draw */
	/* shared: float bits, atomically */
	uint32_t lo[PERLIN_OUTPUTS][PERLIN_DISPLAY_BUCKETS];
	uint32_t hi[PERLIN_OUTPUTS][PERLIN_DISPLAY_BUCKETS];
	uint32_t now[PERLIN_OUTPUTS]; /* the last sample */
	uint32_t written;             /* buckets complete */
	/* render()'s side */
	void *surface; /* cairo_surface_t */
	perlin_display_image image;
} perlin_display;

/* Instantiation: the host's queue_draw feature among `features`, or NULL. */
const perlin_display_host *perlin_display_host_of(const LV2_Feature *const *features);
/* Instantiation: host is the data of the queue_draw feature (or NULL). */
void perlin_display_init(perlin_display *d, double rate, unsigned outputs,
                         const perlin_display_host *host);
/* run(): after n samples into out (an output NULL when unconnected, then
   its level stands for it). Cost: a min/max pass over the block, with a
   host that draws; nothing without. */
void perlin_display_record(perlin_display *d, float *const out[], const float *level,
                           uint32_t n);
/* The host's GUI thread: the picture at most w x max_h, or NULL. */
perlin_display_image *perlin_display_render(perlin_display *d, uint32_t w, uint32_t max_h);
/* cleanup(). */
void perlin_display_free(perlin_display *d);

/* The LV2 glue's extension_data, for plugins whose instance struct has its
   perlin_display as its first member (perlin.c, perlin_midi.c): the
   interface whose render() draws that display, for the extension's URI. */
const void *perlin_display_extension_data(const char *uri);

#endif /* PERLIN_DISPLAY_H */
