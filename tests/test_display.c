/* test_display.c: the inline display (plugin/display/display.h) through lilv, as
   Ardour uses it: the host gives the queue_draw feature, runs the plugin,
   and renders the picture in another thread.
   - the trace is where the output says: column by column, its pixels of
     output 1's colour reach within 2 px of where the samples of that
     column's 20 ms buckets put them, at 60, 120 and 300 px wide;
   - the x4 plugins show four colours, and so does Perlin Noise MIDI, its
     lane 1 where x4's output 1 is;
   - queue_draw: at most 25 times a second, and never once the picture
     stays the same (a constant output, after 5.12 s);
   - without the feature the output is bit-identical and render() gives
     nothing;
   - render() in a thread of its own while run() runs (built with
     ThreadSanitizer by make check: no data race).
   With PERLIN_DISPLAY_PNG=DIR it writes the pictures it checks there
   (make plots keeps them in tests/plots/).
   Usage: test_display BUNDLE_DIR [seed]
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "../plugin/display/display.h"
#include "host.h"
#include "test.h"

#include <cairo.h>
#include <lv2/core/lv2.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define SR 48000.0
#define BUCKET 960U /* SR / 50 */

static int draws;
static void queue_draw(void *handle)
{
	(void)handle;
	++draws;
}
static perlin_display_host draw_host = { NULL, queue_draw };
static const LV2_Feature draw_feature = { PERLIN_DISPLAY__queue_draw, &draw_host };

static const perlin_display_interface *display_of(host_inst *h)
{
	return (const perlin_display_interface *)lilv_instance_get_extension_data(
		h->inst, PERLIN_DISPLAY__interface);
}

static perlin_display_image *render(host_inst *h, uint32_t w, uint32_t max_h)
{
	const perlin_display_interface *d = display_of(h);
	return d ? d->render(lilv_instance_get_handle(h->inst), w, max_h) : NULL;
}

/* n samples of every output, in blocks of `block` */
static void run(host_inst *h, float *out, uint32_t n, uint32_t block)
{
	uint32_t done = 0;
	while (done < n) {
		float *o[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
		uint32_t b = block < n - done ? block : n - done;
		int k;
		for (k = 0; k < h->outputs; ++k)
			o[k] = out + (size_t)k * n + done;
		host_inst_run_outputs(h, o, b);
		done += b;
	}
}

/* a pixel of colour (r, g, b) within 40 of each 255 (ARGB32, opaque) */
static int pixel_is(const perlin_display_image *img, int x, int y, int r, int g, int b)
{
	const uint32_t *row = (const uint32_t *)(img->data + (size_t)y * (size_t)img->stride);
	const uint32_t p = row[x];
	const int pr = (int)(p >> 16 & 255U), pg = (int)(p >> 8 & 255U), pb = (int)(p & 255U);
	return abs(pr - r) < 40 && abs(pg - g) < 40 && abs(pb - b) < 40;
}

/* output 1's colour, blended with the background as an antialiased
   line's edge is: red well above blue */
static int orange(const perlin_display_image *img, int x, int y)
{
	const uint32_t *row = (const uint32_t *)(img->data + (size_t)y * (size_t)img->stride);
	const int r = (int)(row[x] >> 16 & 255U), b = (int)(row[x] & 255U);
	return r - b > 40 && r > 60;
}

/* output 1's trace against the samples x (n of them, from the start) */
static void check_trace(const perlin_display_image *img, const float *x, uint32_t n,
                        const char *what)
{
	const uint32_t written = n / BUCKET, span = PERLIN_DISPLAY_BUCKETS - 1U;
	const int w = img->width, h = img->height;
	int col, tested = 0, near = 0;
	for (col = w / 8; col < w - 6; ++col) {
		uint32_t a = (uint32_t)((double)(w - 1 - col) * span / w);
		uint32_t b = (uint32_t)((double)(w - col) * span / w), age;
		float lo = 1.0f, hi = -1.0f;
		double want;
		int y, top = h, bottom = -1;
		if (b <= a)
			b = a + 1;
		for (age = a; age < b && age < written; ++age) {
			const uint32_t start = (written - 1U - age) * BUCKET;
			uint32_t i;
			for (i = start; i < start + BUCKET; ++i) {
				lo = x[i] < lo ? x[i] : lo;
				hi = x[i] > hi ? x[i] : hi;
			}
		}
		if (hi < lo)
			continue;
		want = 1.0 + (1.0 - 0.5 * (lo + hi)) * 0.5 * (h - 3);
		/* the column's trace pixels span the line through its point */
		for (y = 0; y < h; ++y)
			if (orange(img, col, y)) {
				top = y < top ? y : top;
				bottom = y > bottom ? y : bottom;
			}
		++tested;
		if (bottom >= 0 && want >= top - 2.0 && want <= bottom + 1.0 + 2.0)
			++near;
	}
	printf("   %s, %d x %d: the trace within 2 px in %d of %d columns\n", what, w, h, near, tested);
	CHECK(tested > w / 2 && near >= tested * 95 / 100,
	      "%s, %d px wide: the trace off where the output says (%d of %d columns)", what, w,
	      near, tested);
}

/* the picture as DIR/display-NAME.png, when PERLIN_DISPLAY_PNG=DIR */
static void keep_png(const perlin_display_image *img, const char *name)
{
	const char *dir = getenv("PERLIN_DISPLAY_PNG");
	char path[512];
	cairo_surface_t *s;
	if (!dir || !img)
		return;
	snprintf(path, sizeof path, "%s/display-%s.png", dir, name);
	s = cairo_image_surface_create_for_data(img->data, CAIRO_FORMAT_ARGB32, img->width,
	                                        img->height, img->stride);
	CHECK(cairo_surface_write_to_png(s, path) == CAIRO_STATUS_SUCCESS, "cannot write %s", path);
	cairo_surface_destroy(s);
}

/* the x4 plugins' four colours, each on over half a row's worth of pixels */
static void check_colours(const perlin_display_image *img, const char *what)
{
	static const int colours[4][3] = {
		{ 255, 158, 41 }, { 77, 204, 242 }, { 230, 102, 217 }, { 128, 230, 89 }
	};
	int o;
	for (o = 0; o < 4; ++o) {
		int px = 0, xx, yy;
		for (yy = 0; yy < img->height; ++yy)
			for (xx = 0; xx < img->width; ++xx)
				px += pixel_is(img, xx, yy, colours[o][0], colours[o][1], colours[o][2]);
		CHECK(px > img->width / 2, "%s: output %d's colour on %d pixels only", what, o + 1, px);
	}
}

typedef struct {
	host_inst *h;
	volatile int stop;
	int renders, empty;
} render_thread;

static void *render_loop(void *arg)
{
	render_thread *t = (render_thread *)arg;
	static const uint32_t sizes[3][2] = { { 60, 40 }, { 120, 80 }, { 300, 200 } };
	while (!__atomic_load_n(&t->stop, __ATOMIC_ACQUIRE)) {
		const int r = __atomic_load_n(&t->renders, __ATOMIC_RELAXED);
		const uint32_t *s = sizes[r % 3];
		perlin_display_image *img = render(t->h, s[0], s[1]);
		t->empty += img ? 0 : 1;
		__atomic_store_n(&t->renders, r + 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	host_world w;
	host_inst h, plain;
	const uint32_t n = (uint32_t)(6 * SR);
	float *x = malloc((size_t)PERLIN_OUTPUTS * n * sizeof *x);
	float *y = malloc((size_t)PERLIN_OUTPUTS * n * sizeof *y);
	static const uint32_t sizes[3][2] = { { 60, 40 }, { 120, 80 }, { 300, 200 } };
	perlin_display_image *img;
	int k;
	if (argc < 2) {
		fprintf(stderr, "usage: test_display BUNDLE_DIR [seed]\n");
		return 2;
	}
	test_seed(argc - 1, argv + 1, "test_display");
	if (host_world_open(&w, argv[1]) || !x || !y)
		return 1;

	test_section("the trace where the output says, 60 to 300 px wide");
	host_feature(&draw_feature);
	host_inst_open(&h, w.audio, SR, 1);
	h.controls[PERLIN_RATE] = 2.0f;
	draws = 0;
	run(&h, x, n, 256);
	printf("   6 s: queue_draw %d times\n", draws);
	CHECK(draws >= 6 * 20 && draws <= 6 * 25 + 1,
	      "queue_draw %d times in 6 s of moving noise (want 120 to 151)", draws);
	for (k = 0; k < 3; ++k) {
		img = render(&h, sizes[k][0], sizes[k][1]);
		CHECK(img && img->width == (int)sizes[k][0] && img->height <= (int)sizes[k][1] &&
		      img->height >= 16 && img->stride >= 4 * img->width,
		      "render(%u, %u) gave no picture of that size", sizes[k][0], sizes[k][1]);
		if (img) {
			char name[16];
			check_trace(img, x, n, "Perlin Noise");
			snprintf(name, sizeof name, "%u", sizes[k][0]);
			keep_png(img, name);
		}
	}

	test_section("queue_draw stops while the picture stays the same");
	h.controls[PERLIN_DEPTH] = 0.0f;
	h.controls[PERLIN_OFFSET] = 0.5f;
	run(&h, x, n, 256); /* flat from about 0.1 s on: 5.12 s of it in view */
	draws = 0;
	run(&h, x, (uint32_t)(2 * SR), 256);
	printf("   2 s of a constant output after 6 s of it: queue_draw %d times\n", draws);
	CHECK(draws == 0, "queue_draw %d times for a picture that stays the same", draws);
	h.controls[PERLIN_DEPTH] = 1.0f;
	run(&h, x, (uint32_t)SR, 256);
	CHECK(draws > 10, "queue_draw only %d times once the output moves again", draws);
	host_inst_close(&h);

	test_section("four outputs, four colours");
	host_inst_open(&h, w.audio4, SR, 1);
	h.controls[RENDER_SPREAD] = 1.0f;
	run(&h, x, n, 512);
	img = render(&h, 300, 200);
	CHECK(img != NULL, "no picture of Perlin Noise x4");
	if (img) {
		check_colours(img, "Perlin Noise x4");
		check_trace(img, x, n, "Perlin Noise x4, output 1");
		keep_png(img, "x4");
	}

	test_section("Perlin Noise MIDI: its four lanes, as x4's outputs");
	{ /* (x holds x4's outputs at spread 1, the lanes' signals) */
		host_inst m;
		host_inst_open(&m, w.midi, SR, 0);
		m.controls[RENDER_SPREAD] = 1.0f;
		run(&m, y, n, 160);
		img = render(&m, 300, 200);
		CHECK(img != NULL, "no picture of Perlin Noise MIDI");
		if (img) {
			check_colours(img, "Perlin Noise MIDI");
			check_trace(img, x, n, "Perlin Noise MIDI, lane 1");
			keep_png(img, "midi");
		}
		host_inst_close(&m);
	}

	test_section("render() while run() runs");
	{
		render_thread t;
		pthread_t th;
		memset(&t, 0, sizeof t);
		t.h = &h;
		pthread_create(&th, NULL, render_loop, &t);
		for (k = 0; k < 40 && __atomic_load_n(&t.renders, __ATOMIC_RELAXED) < 300; ++k)
			run(&h, x, n, 64);
		__atomic_store_n(&t.stop, 1, __ATOMIC_RELEASE);
		pthread_join(th, NULL);
		printf("   %d renders during %d s of 64-sample blocks\n", t.renders, 6 * k);
		CHECK(t.renders > 0 && t.empty == 0, "%d renders, %d without a picture", t.renders,
		      t.empty);
	}
	host_inst_close(&h);

	test_section("without queue_draw nothing changes");
	host_feature(NULL);
	host_inst_open(&plain, w.audio4, SR, 1);
	host_feature(&draw_feature);
	host_inst_open(&h, w.audio4, SR, 1);
	plain.controls[RENDER_SPREAD] = h.controls[RENDER_SPREAD] = 0.7f;
	run(&plain, x, n, 300);
	run(&h, y, n, 300);
	CHECK(!memcmp(x, y, (size_t)PERLIN_OUTPUTS * n * sizeof *x),
	      "the output differs with the display");
	CHECK(render(&plain, 120, 80) == NULL, "a picture without the queue_draw feature");
	host_inst_close(&plain);
	host_inst_close(&h);
	host_feature(NULL);

	free(x);
	free(y);
	host_world_close(&w);
	return test_done("test_display");
}
