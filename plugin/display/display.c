/* display.c: the inline display (display.h): recording in run(), drawing
   with cairo in the host's GUI thread.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "display.h"

#include <cairo.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#define PI 3.14159265358979323846

/* float <-> the bits stored in the shared ring */
static uint32_t bits_of(float f)
{
	uint32_t b;
	memcpy(&b, &f, sizeof b);
	return b;
}

static float float_of(uint32_t b)
{
	float f;
	memcpy(&f, &b, sizeof f);
	return f;
}

static void put(uint32_t *at, float f)
{
	__atomic_store_n(at, bits_of(f), __ATOMIC_RELAXED);
}

static float get(const uint32_t *at)
{
	return float_of(__atomic_load_n(at, __ATOMIC_RELAXED));
}

void perlin_display_init(perlin_display *d, double rate, unsigned outputs,
                         const perlin_display_host *host)
{
	double len = rate / 50.0;
	memset(d, 0, sizeof *d);
	d->host = host && host->queue_draw ? host : NULL;
	d->outputs = outputs;
	d->bucket_len = len >= 1.0 && len < 1e6 ? (uint32_t)len : 960U;
	d->cur_lo[0] = d->cur_lo[1] = d->cur_lo[2] = d->cur_lo[3] = 1.0f;
	d->cur_hi[0] = d->cur_hi[1] = d->cur_hi[2] = d->cur_hi[3] = -1.0f;
}

/* The bucket under way is complete: publish it, and ask for a redraw when
   the picture has changed since the last one. */
static void close_bucket(perlin_display *d)
{
	const uint32_t w = d->written, at = w % PERLIN_DISPLAY_BUCKETS;
	const uint32_t prev = (w + PERLIN_DISPLAY_BUCKETS - 1U) % PERLIN_DISPLAY_BUCKETS;
	int same = w > 0;
	unsigned o;
	for (o = 0; o < d->outputs; ++o) {
		same = same && get(&d->lo[o][prev]) == d->cur_lo[o] && get(&d->hi[o][prev]) == d->cur_hi[o];
		put(&d->lo[o][at], d->cur_lo[o]);
		put(&d->hi[o][at], d->cur_hi[o]);
		d->cur_lo[o] = 1.0f;
		d->cur_hi[o] = -1.0f;
	}
	__atomic_store_n(&d->written, w + 1U, __ATOMIC_RELEASE);
	d->flat = same ? d->flat + 1U : 0U;
	d->fill = 0;
	if (++d->since_draw >= 2U && d->flat <= PERLIN_DISPLAY_BUCKETS) {
		d->since_draw = 0;
		d->host->queue_draw(d->host->handle);
	}
}

void perlin_display_record(perlin_display *d, float *const out[], const float *level,
                           uint32_t n)
{
	uint32_t done = 0;
	unsigned o;
	if (!d->host)
		return;
	while (done < n) {
		uint32_t k = d->bucket_len - d->fill, i;
		if (k > n - done)
			k = n - done;
		for (o = 0; o < d->outputs; ++o) {
			float lo = d->cur_lo[o], hi = d->cur_hi[o];
			if (out[o]) {
				const float *x = out[o] + done;
				for (i = 0; i < k; ++i) {
					lo = x[i] < lo ? x[i] : lo;
					hi = x[i] > hi ? x[i] : hi;
				}
			} else {
				lo = level[o] < lo ? level[o] : lo;
				hi = level[o] > hi ? level[o] : hi;
			}
			d->cur_lo[o] = lo;
			d->cur_hi[o] = hi;
		}
		done += k;
		d->fill += k;
		if (d->fill >= d->bucket_len)
			close_bucket(d);
	}
	for (o = 0; o < d->outputs; ++o)
		put(&d->now[o], out[o] && n ? out[o][n - 1] : level[o]);
}

static const double colour[PERLIN_OUTPUTS][3] = PERLIN_OUTPUT_COLOURS;

/* y of value v in a picture h high: +1 at the top, -1 at the bottom, a
   pixel's margin */
static double y_of(double v, int h)
{
	if (!(v >= -1.0))
		v = -1.0;
	else if (v > 1.0)
		v = 1.0;
	return 1.0 + (1.0 - v) * 0.5 * (h - 3);
}

perlin_display_image *perlin_display_render(perlin_display *d, uint32_t w, uint32_t max_h)
{
	cairo_surface_t *s = (cairo_surface_t *)d->surface;
	cairo_t *cr;
	uint32_t written, have, span;
	int width, height, x;
	unsigned o;
	if (!d->host || w < 8 || max_h < 8)
		return NULL;
	width = w > 2000 ? 2000 : (int)w;
	height = (int)(0.45 * width);
	if (height < 24)
		height = 24;
	if (height > 120)
		height = 120;
	if ((uint32_t)height > max_h)
		height = (int)max_h;
	if (!s || cairo_image_surface_get_width(s) != width ||
	    cairo_image_surface_get_height(s) != height) {
		if (s)
			cairo_surface_destroy(s);
		s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
		d->surface = s;
		if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
			cairo_surface_destroy(s);
			d->surface = NULL;
			return NULL;
		}
	}
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	cairo_paint(cr);
	/* the zero line */
	cairo_set_line_width(cr, 1.0);
	cairo_set_source_rgb(cr, 0.38, 0.38, 0.38);
	cairo_move_to(cr, 0, floor(y_of(0.0, height)) + 0.5);
	cairo_line_to(cr, width, floor(y_of(0.0, height)) + 0.5);
	cairo_stroke(cr);

	/* the traces: the newest bucket at the right edge, 5.12 s across; a
	   column shows the range of its buckets */
	written = __atomic_load_n(&d->written, __ATOMIC_ACQUIRE);
	have = written < PERLIN_DISPLAY_BUCKETS - 1U ? written : PERLIN_DISPLAY_BUCKETS - 1U;
	span = PERLIN_DISPLAY_BUCKETS - 1U;
	cairo_set_line_width(cr, width >= 150 ? 1.5 : 1.0);
	for (o = d->outputs; o-- > 0;) {
		int started = 0;
		cairo_set_source_rgb(cr, colour[o][0], colour[o][1], colour[o][2]);
		for (x = 0; x < width; ++x) {
			/* the buckets [a, b) ages back from the newest */
			uint32_t a = (uint32_t)((double)(width - 1 - x) * span / width);
			uint32_t b = (uint32_t)((double)(width - x) * span / width), age;
			float lo = 1.0f, hi = -1.0f;
			if (b <= a)
				b = a + 1;
			if (a >= have)
				continue;
			for (age = a; age < b && age < have; ++age) {
				const uint32_t at = (written - 1U - age) % PERLIN_DISPLAY_BUCKETS;
				const float l = get(&d->lo[o][at]), h = get(&d->hi[o][at]);
				lo = l < lo ? l : lo;
				hi = h > hi ? h : hi;
			}
			if (hi < lo)
				continue;
			if (!started)
				cairo_move_to(cr, x + 0.5, y_of(0.5 * (lo + hi), height));
			else
				cairo_line_to(cr, x + 0.5, y_of(0.5 * (lo + hi), height));
			started = 1;
			if (y_of(lo, height) - y_of(hi, height) > 2.0) { /* a fast column: its range */
				cairo_move_to(cr, x + 0.5, y_of(hi, height));
				cairo_line_to(cr, x + 0.5, y_of(lo, height));
				cairo_move_to(cr, x + 0.5, y_of(0.5 * (lo + hi), height));
			}
		}
		cairo_stroke(cr);
	}

	/* the value now: a mark at the right edge, and output 1's in figures */
	for (o = 0; o < d->outputs; ++o) {
		cairo_set_source_rgb(cr, colour[o][0], colour[o][1], colour[o][2]);
		cairo_arc(cr, width - 2.5, y_of(get(&d->now[o]), height), 2.0, 0, 2 * PI);
		cairo_fill(cr);
	}
	if (width >= 80 && height >= 20) {
		char text[16];
		snprintf(text, sizeof text, "%+.2f", (double)get(&d->now[0]));
		cairo_text_extents_t ext;
		cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
		cairo_set_font_size(cr, 9.0);
		cairo_text_extents(cr, text, &ext);
		cairo_set_source_rgba(cr, 0.1, 0.1, 0.1, 0.75); /* readable over the trace */
		cairo_rectangle(cr, 1, 1, ext.x_advance + 4, 11);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 0.85, 0.85, 0.85);
		cairo_move_to(cr, 3, 10);
		cairo_show_text(cr, text);
	}
	cairo_destroy(cr);
	cairo_surface_flush(s);
	d->image.data = cairo_image_surface_get_data(s);
	d->image.width = width;
	d->image.height = height;
	d->image.stride = cairo_image_surface_get_stride(s);
	return &d->image;
}

void perlin_display_free(perlin_display *d)
{
	if (d->surface)
		cairo_surface_destroy((cairo_surface_t *)d->surface);
	d->surface = NULL;
}

/* The host's GUI thread: the display is the instance's first member. */
static perlin_display_image *render_first(void *instance, uint32_t w, uint32_t max_h)
{
	return perlin_display_render((perlin_display *)instance, w, max_h);
}

const void *perlin_display_extension_data(const char *uri)
{
	static const perlin_display_interface display = { render_first };
	return strcmp(uri, PERLIN_DISPLAY__interface) ? NULL : &display;
}

const perlin_display_host *perlin_display_host_of(const LV2_Feature *const *features)
{
	unsigned i;
	for (i = 0; features && features[i]; ++i)
		if (!strcmp(features[i]->URI, PERLIN_DISPLAY__queue_draw))
			return (const perlin_display_host *)features[i]->data;
	return NULL;
}
