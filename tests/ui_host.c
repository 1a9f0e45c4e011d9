/* ui_host.c: a small LV2 UI host for tests/test_ui.sh: loads the bundle's
   UI (perlin_ui.so) into a window of its own as a host would (ui:parent,
   ui:resize, urid:map, options), runs the plugin's engine in real time
   as the plugin (the UI's writes are its controls; its level ports go to
   the UI 30 times a second) and calls the UI's idle 60 times a second.
     ui_host BUNDLE PLUGIN_URI [--scale S]: prints "size W H", then
       "rect INDEX PORT X Y W H LABEL" for each control (view.c's layout at
       that size, in the window's pixels), "widget ID" (the UI's X window),
       then "ready"; each write of the
       UI as "write PORT VALUE". Reads lines from stdin: "port P V" (a
       port's value sent to the UI: automation, or a level), "resize W H"
       (the UI's window, as a host resizes it), "ping" (prints "pong"),
       "quit".
     ui_host BUNDLE PLUGIN_URI --cycles N: opens, draws and closes the UI N
       times, then prints "cycles N".
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#define _POSIX_C_SOURCE 200809L

#include "../plugin/lv2/ports.h"
#include "../plugin/ui/view.h"
#include "urid_map.h"

#include <X11/Xlib.h>
#include <fontconfig/fontconfig.h>
#include <dlfcn.h>
#include <lv2/options/options.h>
#include <lv2/ui/ui.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SR 48000.0

typedef struct {
	view v;            /* the same controls and layout as the UI's */
	perlin_dsp *dsp;
	float controls[PERLIN_N_PARAMS];
	float spread;
	int quiet;
} host;

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void sleep_s(double s)
{
	struct timespec t;
	t.tv_sec = (time_t)s;
	t.tv_nsec = (long)((s - (double)t.tv_sec) * 1e9);
	nanosleep(&t, NULL);
}

/* A control port's value reaches the engine (as the plugin's port). */
static void apply(host *h, uint32_t port, float value)
{
	unsigned i;
	for (i = 0; i < h->v.n; ++i)
		if (h->v.ctl[i].port == port) {
			if (h->v.ctl[i].param >= 0)
				h->controls[h->v.ctl[i].param] = value;
			else if (port == PORT_SPREAD && h->v.outputs > 1U)
				h->spread = value;
		}
}

static void ui_write(LV2UI_Controller controller, uint32_t port, uint32_t size, uint32_t protocol,
                     const void *buffer)
{
	host *h = (host *)controller;
	float value;
	if (protocol != 0 || size != sizeof value)
		return;
	memcpy(&value, buffer, sizeof value);
	apply(h, port, value);
	if (!h->quiet) {
		printf("write %u %.9g\n", port, (double)value);
		fflush(stdout);
	}
}

static int ui_resize(LV2UI_Feature_Handle handle, int w, int h)
{
	(void)handle;
	printf("size %d %d\n", w, h);
	fflush(stdout);
	return 0;
}

/* Runs the engine for dt seconds; the levels go to the UI. */
static void run_engine(host *h, const LV2UI_Descriptor *d, LV2UI_Handle ui, double dt)
{
	static float buf[PERLIN_OUTPUTS][4096];
	float *out[PERLIN_OUTPUTS] = { buf[0], buf[1], buf[2], buf[3] };
	const float *ptr[PERLIN_N_PARAMS];
	uint32_t n = (uint32_t)(dt * SR), o;
	unsigned i;
	if (n < 1U)
		n = 1U;
	if (n > 4096U)
		n = 4096U;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		ptr[i] = &h->controls[i];
	perlin_dsp_controls(h->dsp, ptr);
	perlin_dsp_spread(h->dsp, h->spread);
	perlin_dsp_run_outputs(h->dsp, out, n);
	for (o = 0; o < h->v.outputs; ++o) {
		const uint32_t port = o == 0 ? (uint32_t)PORT_LEVEL : (uint32_t)PORT_LEVEL_2 + o - 1U;
		d->port_event(ui, port, sizeof(float), 0, &buf[o][n - 1]);
	}
}

int main(int argc, char **argv)
{
	static host h;
	const LV2UI_Descriptor *(*get)(uint32_t);
	const LV2UI_Descriptor *d = NULL;
	const LV2UI_Idle_Interface *idle;
	char path[4096];
	void *lib;
	Display *dpy;
	Window parent;
	LV2UI_Resize resize = { NULL, ui_resize };
	float scale = 1.0f;
	long cycles = 0;
	int i, k;
	LV2_Options_Option options[2];
	LV2_Feature f_parent, f_resize, f_map, f_options;
	const LV2_Feature *features[5];
	LV2UI_Widget widget;
	LV2UI_Handle ui;
	if (argc < 3) {
		fprintf(stderr, "usage: ui_host BUNDLE PLUGIN_URI [--scale S] [--cycles N]\n");
		return 2;
	}
	for (i = 3; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--scale"))
			scale = (float)atof(argv[i + 1]);
		else if (!strcmp(argv[i], "--cycles"))
			cycles = atol(argv[i + 1]);
	}
	snprintf(path, sizeof path, "%s/perlin_ui.so", argv[1]);
	lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		fprintf(stderr, "ui_host: %s\n", dlerror());
		return 1;
	}
	*(void **)&get = dlsym(lib, "lv2ui_descriptor");
	if (get)
		d = get(0);
	if (!d || strcmp(d->URI, "urn:perlin-lv2:ui")) {
		fprintf(stderr, "ui_host: no urn:perlin-lv2:ui in %s\n", path);
		return 1;
	}
	idle = (const LV2UI_Idle_Interface *)d->extension_data(LV2_UI__idleInterface);
	if (!idle || view_init(&h.v, argv[2], scale)) {
		fprintf(stderr, "ui_host: no idle interface, or %s is not a plugin of ours\n", argv[2]);
		return 1;
	}
	h.dsp = calloc(1, sizeof *h.dsp);
	if (!h.dsp)
		return 1;
	for (k = 0; k < PERLIN_N_PARAMS; ++k)
		h.controls[k] = perlin_params[k].def;
	h.spread = perlin_spread_param.def;
	perlin_dsp_init_outputs(h.dsp, SR, h.v.outputs);

	dpy = XOpenDisplay(NULL);
	if (!dpy) {
		fprintf(stderr, "ui_host: no X display\n");
		return 1;
	}
	parent = XCreateSimpleWindow(dpy, DefaultRootWindow(dpy), 0, 0, (unsigned)h.v.width,
	                             (unsigned)h.v.height, 0, 0, 0);
	XStoreName(dpy, parent, "ui_host");
	XMapRaised(dpy, parent);
	XSync(dpy, False);

	options[0].context = LV2_OPTIONS_INSTANCE;
	options[0].subject = 0;
	options[0].key = map_uri(NULL, LV2_UI__scaleFactor);
	options[0].size = sizeof scale;
	options[0].type = map_uri(NULL, "http://lv2plug.in/ns/ext/atom#Float");
	options[0].value = &scale;
	memset(&options[1], 0, sizeof options[1]);
	f_parent.URI = LV2_UI__parent;
	f_parent.data = (void *)(uintptr_t)parent;
	f_resize.URI = LV2_UI__resize;
	f_resize.data = &resize;
	f_map.URI = LV2_URID__map;
	f_map.data = &urid_map;
	f_options.URI = LV2_OPTIONS__options;
	f_options.data = options;
	features[0] = &f_parent;
	features[1] = &f_resize;
	features[2] = &f_map;
	features[3] = &f_options;
	features[4] = NULL;

	if (cycles > 0) {
		long c;
		const float rate = 100.0f; /* a short preview: valgrind is slow */
		h.quiet = 1;
		apply(&h, 0U, rate);
		for (c = 0; c < cycles; ++c) {
			ui = d->instantiate(d, argv[2], argv[1], ui_write, &h, &widget, features);
			if (!ui) {
				fprintf(stderr, "ui_host: instantiate failed at cycle %ld\n", c);
				return 1;
			}
			d->port_event(ui, 0U, sizeof rate, 0, &rate);
			for (k = 0; k < 3; ++k) {
				run_engine(&h, d, ui, 0.02);
				idle->idle(ui);
			}
			d->cleanup(ui);
		}
		printf("cycles %ld\n", cycles);
		XDestroyWindow(dpy, parent);
		XCloseDisplay(dpy);
		view_free(&h.v);
		free(h.dsp);
		dlclose(lib);
		/* cairo's and fontconfig's caches, so that valgrind shows only
		   what was lost */
		cairo_debug_reset_static_data();
		FcFini();
		return 0;
	}

	ui = d->instantiate(d, argv[2], argv[1], ui_write, &h, &widget, features);
	if (!ui) {
		fprintf(stderr, "ui_host: instantiate failed\n");
		return 1;
	}
	printf("widget %lu\n", (unsigned long)(uintptr_t)widget);
	/* the host's controls as the plugin has them, as a host sends them */
	for (k = 0; k < (int)h.v.n; ++k)
		d->port_event(ui, h.v.ctl[k].port, sizeof(float), 0, &h.v.value[k]);
	view_layout(&h.v, h.v.width, h.v.height);
	for (k = 0; k < (int)h.v.n; ++k) {
		const view_rect *r = &h.v.rect[k];
		printf("rect %d %u %.0f %.0f %.0f %.0f %s\n", k, h.v.ctl[k].port, r->x, r->y, r->w, r->h,
		       h.v.ctl[k].label);
	}
	printf("scope %.0f %.0f %.0f %.0f\n", h.v.scope.x, h.v.scope.y, h.v.scope.w, h.v.scope.h);
	printf("preview %.0f %.0f %.0f %.0f\n", h.v.preview_box.x, h.v.preview_box.y,
	       h.v.preview_box.w, h.v.preview_box.h);
	printf("ready\n");
	fflush(stdout);
	{
		double last = now_s(), last_level = 0.0;
		char line[256];
		size_t fill = 0;
		int open_in = 1;
		for (;;) {
			struct pollfd p = { 0, POLLIN, 0 };
			const double t = now_s();
			if (t - last_level >= 1.0 / 30.0) {
				run_engine(&h, d, ui, t - last);
				last = t;
				last_level = t;
			}
			if (idle->idle(ui))
				break;
			while (open_in && poll(&p, 1, 0) > 0) {
				ssize_t got;
				char c;
				got = read(0, &c, 1);
				if (got <= 0) {
					open_in = 0;
					break;
				}
				if (c != '\n') {
					if (fill + 1 < sizeof line)
						line[fill++] = c;
					continue;
				}
				line[fill] = '\0';
				fill = 0;
				if (!strcmp(line, "quit"))
					goto done;
				{
					unsigned port, w, hh;
					float value;
					if (sscanf(line, "port %u %f", &port, &value) == 2) {
						apply(&h, port, value);
						d->port_event(ui, port, sizeof value, 0, &value);
					} else if (sscanf(line, "resize %u %u", &w, &hh) == 2) {
						/* as a host resizes the UI's window in its own */
						XResizeWindow(dpy, parent, w, hh);
						XResizeWindow(dpy, (Window)(uintptr_t)widget, w, hh);
						XSync(dpy, False);
					} else if (!strcmp(line, "ping")) {
						printf("pong\n"); /* (after everything before it) */
						fflush(stdout);
					}
				}
			}
			sleep_s(1.0 / 60.0);
		}
	}
done:
	d->cleanup(ui);
	XDestroyWindow(dpy, parent);
	XCloseDisplay(dpy);
	view_free(&h.v);
	free(h.dsp);
	dlclose(lib);
	return 0;
}
