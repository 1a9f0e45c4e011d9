/* carla_display.c: by hand, not in CI (Carla is not packaged in Debian 12):
   Carla's backend, on its Dummy engine, loads each plugin of the bundle and
   renders its inline display twice, a second apart, as Carla's rack does
   (carla_render_inline_display). Each picture must be what was asked for and
   the two must differ (the trace moves); the first of each is written as a
   PPM beside it.

   Build against a Carla built from source (make backend in Carla's tree):
     cc -o carla_display tests/carla_display.c -I CARLA/source/backend \
        -I CARLA/source/includes -L CARLA/bin -lcarla_standalone2 \
        -Wl,-rpath,CARLA/bin
   Usage: LV2_PATH=BUNDLE_PARENT:/usr/lib/lv2 ./carla_display OUT_DIR
   Ends with "N passed, N failed".
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "CarlaHost.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int passed, failed;

static void check(int ok, const char *what)
{
	if (ok)
		++passed;
	else
		++failed;
	printf("%s %s\n", ok ? "ok  " : "FAIL", what);
}

/* the picture (ARGB32) as a binary PPM */
static void write_ppm(const CarlaInlineDisplayImageSurface *img, const char *path)
{
	FILE *f = fopen(path, "wb");
	int x, y;
	if (!f)
		return;
	fprintf(f, "P6\n%d %d\n255\n", img->width, img->height);
	for (y = 0; y < img->height; ++y)
		for (x = 0; x < img->width; ++x) {
			const unsigned char *p = img->data + (size_t)y * (size_t)img->stride + 4 * (size_t)x;
			fputc(p[2], f);
			fputc(p[1], f);
			fputc(p[0], f);
		}
	fclose(f);
}

int main(int argc, char **argv)
{
	static const char *const uris[] = { "urn:perlin-lv2:perlin", "urn:perlin-lv2:perlin-cv",
		                                "urn:perlin-lv2:perlin4", "urn:perlin-lv2:perlin4-cv",
		                                "urn:perlin-lv2:perlin-keyed", "urn:perlin-lv2:perlin-midi" };
	const char *out = argc > 1 ? argv[1] : ".";
	const char *lv2 = getenv("LV2_PATH");
	CarlaHostHandle h = carla_standalone_host_init();
	unsigned i;
	if (!h)
		return 1;
	/* the rack, Carla's own transport, our bundle on the LV2 path */
	carla_set_engine_option(h, ENGINE_OPTION_PROCESS_MODE, ENGINE_PROCESS_MODE_CONTINUOUS_RACK, NULL);
	carla_set_engine_option(h, ENGINE_OPTION_TRANSPORT_MODE, ENGINE_TRANSPORT_MODE_INTERNAL, NULL);
	if (lv2)
		carla_set_engine_option(h, ENGINE_OPTION_PLUGIN_PATH, PLUGIN_LV2, lv2);
	if (!carla_engine_init(h, "Dummy", "perlin-display")) {
		printf("cannot start Carla's Dummy engine: %s\n", carla_get_last_error(h));
		return 1;
	}
	carla_transport_play(h); /* Perlin Noise holds while the transport is stopped */
	for (i = 0; i < sizeof uris / sizeof uris[0]; ++i) {
		char what[256], path[512];
		const CarlaInlineDisplayImageSurface *img;
		unsigned char *first = NULL;
		size_t size = 0;
		int ok = carla_add_plugin(h, BINARY_POSIX64, PLUGIN_LV2, "", "", uris[i], 0, NULL, 0);
		snprintf(what, sizeof what, "Carla loads %s%s%s", uris[i], ok ? "" : ": ",
		         ok ? "" : carla_get_last_error(h));
		check(ok, what);
		if (!ok)
			continue;
		sleep(2); /* the engine runs the plugin */
		img = carla_render_inline_display(h, i, 200, 80);
		snprintf(what, sizeof what, "%s: a picture 200 wide, at most 80 high (%d x %d)", uris[i],
		         img ? img->width : 0, img ? img->height : 0);
		check(img && img->data && img->width == 200 && img->height <= 80, what);
		if (img && img->data) {
			size = (size_t)img->stride * (size_t)img->height;
			first = malloc(size);
			if (first)
				memcpy(first, img->data, size);
			snprintf(path, sizeof path, "%s/carla-%u.ppm", out, i);
			write_ppm(img, path);
		}
		sleep(1);
		img = carla_render_inline_display(h, i, 200, 80);
		snprintf(what, sizeof what, "%s: the picture moves in a second", uris[i]);
		check(first && img && img->data &&
		      (size_t)img->stride * (size_t)img->height == size && memcmp(first, img->data, size),
		      what);
		free(first);
	}
	carla_engine_close(h);
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
