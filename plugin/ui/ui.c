/* ui.c: the plugins' LV2 UI (urn:perlin-lv2:ui, an X11UI in a binary of
   its own): an X11 window inside the host's (ui:parent), or on its own
   (ui:showInterface), drawn with cairo by view.c, driven by the host's
   idle calls (ui:idleInterface). It talks to the plugin through control
   ports only: it writes the controls and reads them and the level ports
   back, so it works wherever the UI runs, even in another process.
   The pointer: drag a knob up or down (Shift: finely), the wheel steps,
   a double-click gives the default, a right-click types a value. The keys,
   where the host passes them: Tab moves between controls, Up and Down
   step (Page Up and Down ten steps), Home gives the default, a digit or
   Return types a value (Return sets it, Escape leaves it).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include "view.h"

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>
#include <lv2/core/lv2.h>
#include <lv2/options/options.h>
#include <lv2/ui/ui.h>
#include <lv2/urid/urid.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PERLIN_UI_URI "urn:perlin-lv2:ui"
#define DOUBLE_CLICK_MS 400U
#define DRAG_PX 200.0 /* a knob's whole travel, at scale 1 */
#define FRAME_S (1.0 / 30.0)

typedef struct {
	view v;
	Display *dpy;
	Window win;
	Atom wm_delete;
	Visual *visual;
	int depth;
	GC gc;
	cairo_surface_t *image; /* what is drawn, put into win */
	int w, h;
	LV2UI_Write_Function write;
	LV2UI_Controller controller;
	int dirty, closed;
	int drag;           /* the control dragged, or -1 */
	double drag_y, drag_norm;
	int pressed;        /* the button held, or -1 */
	Time click_time;
	int click_ctl;
	double drawn_at;
} perlin_ui;

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Control i takes value (clamped), and the host hears it. */
static void set_value(perlin_ui *ui, int i, float value)
{
	value = view_clamp(&ui->v.ctl[i], value);
	if (value == ui->v.value[i])
		return;
	ui->v.value[i] = value;
	ui->write(ui->controller, ui->v.ctl[i].port, sizeof value, 0, &value);
	ui->dirty = 1;
}

/* Drawn into an image and put into the window: no flicker, and none of
   cairo-xlib's caches of the display, which outlive a UI's XCloseDisplay
   (each open and close lost 5.6 kB with them). Everything when something
   changed (ui->dirty); else, while the levels come, the scope alone, at
   most 30 times a second: a fifth of the work. */
static void draw(perlin_ui *ui)
{
	const double t = now_s();
	const uint16_t one = 1;
	const int all = ui->dirty || !ui->image;
	int x = 0, y = 0, w = ui->w, h = ui->h;
	uint8_t little;
	cairo_t *cr;
	XImage *image;
	if (!ui->image || cairo_image_surface_get_width(ui->image) != ui->w ||
	    cairo_image_surface_get_height(ui->image) != ui->h) {
		if (ui->image)
			cairo_surface_destroy(ui->image);
		ui->image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, ui->w, ui->h);
	}
	if (cairo_surface_status(ui->image) != CAIRO_STATUS_SUCCESS)
		return;
	cr = cairo_create(ui->image);
	if (all) {
		view_draw(&ui->v, cr, t);
	} else {
		const view_rect *r = &ui->v.scope;
		x = (int)r->x;
		y = (int)r->y;
		w = (int)(r->x + r->w + 1.0) - x;
		h = (int)(r->y + r->h + 1.0) - y;
		if (x + w > ui->w)
			w = ui->w - x;
		if (y + h > ui->h)
			h = ui->h - y;
		view_draw_scope(&ui->v, cr, t);
	}
	cairo_destroy(cr);
	cairo_surface_flush(ui->image);
	if (w > 0 && h > 0) {
		image = XCreateImage(ui->dpy, ui->visual, (unsigned)ui->depth, ZPixmap, 0,
		                     (char *)cairo_image_surface_get_data(ui->image), (unsigned)ui->w,
		                     (unsigned)ui->h, 32, cairo_image_surface_get_stride(ui->image));
		if (image) {
			/* cairo's pixels are 32-bit words in this machine's order */
			memcpy(&little, &one, 1);
			image->byte_order = little ? LSBFirst : MSBFirst;
			XPutImage(ui->dpy, ui->win, ui->gc, image, x, y, x, y, (unsigned)w, (unsigned)h);
			image->data = NULL; /* (cairo's) */
			XDestroyImage(image);
		}
	}
	XFlush(ui->dpy);
	ui->dirty = 0;
	ui->drawn_at = t;
}

static void edit_end(perlin_ui *ui, int keep)
{
	if (ui->v.editing && keep && ui->v.focus >= 0 && ui->v.edit[0]) {
		char *end;
		const double x = strtod(ui->v.edit, &end);
		if (end != ui->v.edit)
			set_value(ui, ui->v.focus, (float)x);
	}
	ui->v.editing = 0;
	ui->v.edit[0] = '\0';
	ui->dirty = 1;
}

static void edit_start(perlin_ui *ui, int i)
{
	if (ui->v.ctl[i].kind != VIEW_KNOB)
		return;
	ui->v.focus = i;
	ui->v.editing = 1;
	ui->v.edit[0] = '\0';
	ui->dirty = 1;
}

static void key(perlin_ui *ui, XKeyEvent *e)
{
	char chars[8];
	KeySym sym;
	const int n = XLookupString(e, chars, sizeof chars - 1, &sym, NULL);
	const int f = ui->v.focus;
	const double fine = e->state & ShiftMask ? 0.1 : 1.0;
	chars[n > 0 ? n : 0] = '\0';
	if (ui->v.editing) {
		size_t len = strlen(ui->v.edit);
		if (sym == XK_Return || sym == XK_KP_Enter)
			edit_end(ui, 1);
		else if (sym == XK_Escape)
			edit_end(ui, 0);
		else if (sym == XK_BackSpace && len)
			ui->v.edit[len - 1] = '\0';
		else if (n == 1 && strchr("0123456789.-+eE", chars[0]) && len + 1 < sizeof ui->v.edit) {
			ui->v.edit[len] = chars[0];
			ui->v.edit[len + 1] = '\0';
		}
		ui->dirty = 1;
		return;
	}
	if (sym == XK_Tab || sym == XK_ISO_Left_Tab) {
		const int back = sym == XK_ISO_Left_Tab || (e->state & ShiftMask);
		ui->v.focus = f < 0 ? (back ? (int)ui->v.n - 1 : 0)
		                    : (f + (back ? (int)ui->v.n - 1 : 1)) % (int)ui->v.n;
		ui->dirty = 1;
		return;
	}
	if (f < 0)
		return;
	switch (sym) {
	case XK_Up:
	case XK_Right:
		set_value(ui, f, view_step(&ui->v.ctl[f], ui->v.value[f], fine));
		break;
	case XK_Down:
	case XK_Left:
		set_value(ui, f, view_step(&ui->v.ctl[f], ui->v.value[f], -fine));
		break;
	case XK_Page_Up:
		set_value(ui, f, view_step(&ui->v.ctl[f], ui->v.value[f], 10.0));
		break;
	case XK_Page_Down:
		set_value(ui, f, view_step(&ui->v.ctl[f], ui->v.value[f], -10.0));
		break;
	case XK_Home:
		set_value(ui, f, ui->v.ctl[f].def);
		break;
	case XK_Return:
	case XK_KP_Enter:
		edit_start(ui, f);
		break;
	case XK_space:
		if (ui->v.ctl[f].kind == VIEW_TOGGLE)
			set_value(ui, f, ui->v.value[f] >= 0.5f ? 0.0f : 1.0f);
		else if (ui->v.ctl[f].kind == VIEW_CHOICE)
			set_value(ui, f, ui->v.value[f] >= ui->v.ctl[f].max ? ui->v.ctl[f].min
			                                                 : ui->v.value[f] + 1.0f);
		break;
	default:
		if (n == 1 && strchr("0123456789.-", chars[0])) {
			edit_start(ui, f);
			if (ui->v.editing) {
				ui->v.edit[0] = chars[0];
				ui->v.edit[1] = '\0';
			}
		}
		break;
	}
}

static void press(perlin_ui *ui, XButtonEvent *e)
{
	const int i = view_hit(&ui->v, e->x, e->y);
	const double fine = e->state & ShiftMask ? 0.1 : 1.0;
	view_control *c;
	if (ui->v.editing)
		edit_end(ui, 1);
	if (i < 0)
		return;
	c = &ui->v.ctl[i];
	if (e->button == Button4 || e->button == Button5) {
		set_value(ui, i, view_step(c, ui->v.value[i], e->button == Button4 ? fine : -fine));
		return;
	}
	ui->v.focus = i;
	ui->dirty = 1;
	XSetInputFocus(ui->dpy, ui->win, RevertToParent, e->time);
	if (e->button == Button3) {
		edit_start(ui, i);
		return;
	}
	if (e->button != Button1)
		return;
	if (ui->click_ctl == i && e->time - ui->click_time < DOUBLE_CLICK_MS && c->kind != VIEW_BUTTON) {
		set_value(ui, i, c->def);
		ui->click_ctl = -1;
		return;
	}
	ui->click_ctl = i;
	ui->click_time = e->time;
	switch (c->kind) {
	case VIEW_KNOB:
		ui->drag = i;
		ui->drag_y = e->y;
		ui->drag_norm = view_norm(c, ui->v.value[i]);
		break;
	case VIEW_CHOICE:
		set_value(ui, i, ui->v.value[i] >= c->max ? c->min : ui->v.value[i] + 1.0f);
		break;
	case VIEW_TOGGLE:
		set_value(ui, i, ui->v.value[i] >= 0.5f ? 0.0f : 1.0f);
		break;
	case VIEW_BUTTON:
		ui->pressed = i;
		set_value(ui, i, 1.0f);
		break;
	}
}

static void motion(perlin_ui *ui, XMotionEvent *e)
{
	const double k = (e->state & ShiftMask ? 0.1 : 1.0) / (DRAG_PX * ui->v.scale);
	if (ui->drag < 0)
		return;
	/* the distance moved since the last event, so Shift can come and go */
	ui->drag_norm += (ui->drag_y - e->y) * k;
	if (ui->drag_norm < 0.0)
		ui->drag_norm = 0.0;
	if (ui->drag_norm > 1.0)
		ui->drag_norm = 1.0;
	ui->drag_y = e->y;
	set_value(ui, ui->drag, view_value(&ui->v.ctl[ui->drag], ui->drag_norm));
}

static void on_event(perlin_ui *ui, XEvent *e)
{
	switch (e->type) {
	case Expose:
		if (e->xexpose.count == 0)
			ui->dirty = 1;
		break;
	case ConfigureNotify:
		if (e->xconfigure.width != ui->w || e->xconfigure.height != ui->h) {
			ui->w = e->xconfigure.width;
			ui->h = e->xconfigure.height;
			view_layout(&ui->v, ui->w, ui->h);
			ui->dirty = 1;
		}
		break;
	case ButtonPress:
		press(ui, &e->xbutton);
		break;
	case ButtonRelease:
		if (e->xbutton.button == Button1) {
			ui->drag = -1;
			if (ui->pressed >= 0)
				set_value(ui, ui->pressed, 0.0f);
			ui->pressed = -1;
		}
		break;
	case MotionNotify:
		motion(ui, &e->xmotion);
		break;
	case KeyPress:
		key(ui, &e->xkey);
		break;
	case ClientMessage:
		if ((Atom)e->xclient.data.l[0] == ui->wm_delete)
			ui->closed = 1;
		break;
	default:
		break;
	}
}

/* The scale: the host's ui:scaleFactor, else the X server's Xft.dpi. */
static double scale_of(perlin_ui *ui, const LV2_Feature *const *features)
{
	LV2_URID_Map *map = NULL;
	const LV2_Options_Option *opt = NULL;
	const char *dpi;
	int i;
	for (i = 0; features && features[i]; ++i) {
		if (!strcmp(features[i]->URI, LV2_URID__map))
			map = (LV2_URID_Map *)features[i]->data;
		else if (!strcmp(features[i]->URI, LV2_OPTIONS__options))
			opt = (const LV2_Options_Option *)features[i]->data;
	}
	if (map && opt) {
		const LV2_URID scale = map->map(map->handle, LV2_UI__scaleFactor);
		const LV2_URID atom_float = map->map(map->handle, "http://lv2plug.in/ns/ext/atom#Float");
		for (; opt->key; ++opt)
			if (opt->key == scale && opt->type == atom_float && opt->size == sizeof(float))
				return (double)*(const float *)opt->value;
	}
	dpi = XGetDefault(ui->dpy, "Xft", "dpi");
	if (dpi && atof(dpi) >= 48.0)
		return atof(dpi) / 96.0;
	return 1.0;
}

static void cleanup(LV2UI_Handle handle)
{
	perlin_ui *ui = (perlin_ui *)handle;
	if (ui->image)
		cairo_surface_destroy(ui->image);
	if (ui->gc)
		XFreeGC(ui->dpy, ui->gc);
	if (ui->win)
		XDestroyWindow(ui->dpy, ui->win);
	if (ui->dpy)
		XCloseDisplay(ui->dpy);
	view_free(&ui->v);
	free(ui);
}

static LV2UI_Handle instantiate(const LV2UI_Descriptor *descriptor, const char *plugin_uri,
                                const char *bundle_path, LV2UI_Write_Function write_function,
                                LV2UI_Controller controller, LV2UI_Widget *widget,
                                const LV2_Feature *const *features)
{
	perlin_ui *ui = calloc(1, sizeof *ui);
	Window parent = 0;
	LV2UI_Resize *resize = NULL;
	double w, h;
	int i, screen;
	(void)descriptor;
	(void)bundle_path;
	if (!ui)
		return NULL;
	ui->drag = ui->pressed = ui->click_ctl = -1;
	ui->write = write_function;
	ui->controller = controller;
	for (i = 0; features && features[i]; ++i) {
		if (!strcmp(features[i]->URI, LV2_UI__parent))
			parent = (Window)(uintptr_t)features[i]->data;
		else if (!strcmp(features[i]->URI, LV2_UI__resize))
			resize = (LV2UI_Resize *)features[i]->data;
	}
	ui->dpy = XOpenDisplay(NULL);
	if (!ui->dpy || view_init(&ui->v, plugin_uri, scale_of(ui, features))) {
		cleanup(ui);
		return NULL;
	}
	view_size(&ui->v, &w, &h);
	ui->w = (int)(w + 0.5);
	ui->h = (int)(h + 0.5);
	view_layout(&ui->v, ui->w, ui->h);
	screen = DefaultScreen(ui->dpy);
	ui->visual = DefaultVisual(ui->dpy, screen);
	ui->depth = DefaultDepth(ui->dpy, screen);
	if (ui->depth != 24) {
		/* (cairo's RGB24 pixels are what a 24-bit visual takes) */
		cleanup(ui);
		return NULL;
	}
	if (!parent)
		parent = RootWindow(ui->dpy, screen);
	ui->win = XCreateSimpleWindow(ui->dpy, parent, 0, 0, (unsigned)ui->w, (unsigned)ui->h, 0,
	                              BlackPixel(ui->dpy, screen), BlackPixel(ui->dpy, screen));
	XSelectInput(ui->dpy, ui->win,
	             ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask |
	                 KeyPressMask | StructureNotifyMask);
	XStoreName(ui->dpy, ui->win, ui->v.title);
	ui->wm_delete = XInternAtom(ui->dpy, "WM_DELETE_WINDOW", False);
	XSetWMProtocols(ui->dpy, ui->win, &ui->wm_delete, 1);
	ui->gc = XCreateGC(ui->dpy, ui->win, 0, NULL);
	XMapRaised(ui->dpy, ui->win);
	XFlush(ui->dpy);
	if (resize)
		resize->ui_resize(resize->handle, ui->w, ui->h);
	ui->dirty = 1;
	*widget = (LV2UI_Widget)(uintptr_t)ui->win;
	return ui;
}

static void port_event(LV2UI_Handle handle, uint32_t port, uint32_t size, uint32_t format,
                       const void *buffer)
{
	perlin_ui *ui = (perlin_ui *)handle;
	float value;
	if (format != 0 || size != sizeof value || !buffer)
		return;
	memcpy(&value, buffer, sizeof value);
	if (view_port_event(&ui->v, port, value, now_s()) == VIEW_CHANGED_ALL)
		ui->dirty = 1;
}

static int idle(LV2UI_Handle handle)
{
	perlin_ui *ui = (perlin_ui *)handle;
	XEvent e;
	while (XPending(ui->dpy)) {
		XNextEvent(ui->dpy, &e);
		on_event(ui, &e);
	}
	if (ui->dirty || (view_moving(&ui->v, now_s()) && now_s() - ui->drawn_at >= FRAME_S))
		draw(ui);
	return ui->closed;
}

static int show(LV2UI_Handle handle)
{
	perlin_ui *ui = (perlin_ui *)handle;
	XMapRaised(ui->dpy, ui->win);
	XFlush(ui->dpy);
	ui->closed = 0;
	return 0;
}

static int hide(LV2UI_Handle handle)
{
	perlin_ui *ui = (perlin_ui *)handle;
	XUnmapWindow(ui->dpy, ui->win);
	XFlush(ui->dpy);
	return 0;
}

static const void *extension_data(const char *uri)
{
	static const LV2UI_Idle_Interface idle_interface = { idle };
	static const LV2UI_Show_Interface show_interface = { show, hide };
	if (!strcmp(uri, LV2_UI__idleInterface))
		return &idle_interface;
	if (!strcmp(uri, LV2_UI__showInterface))
		return &show_interface;
	return NULL;
}

static const LV2UI_Descriptor descriptor = {
	PERLIN_UI_URI, instantiate, cleanup, port_event, extension_data
};

LV2_SYMBOL_EXPORT const LV2UI_Descriptor *lv2ui_descriptor(uint32_t index)
{
	return index == 0 ? &descriptor : NULL;
}
