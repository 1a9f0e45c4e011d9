/* view.h: the plugin UI's picture and controls, drawn with cairo: which
   controls a plugin has, where they sit, how a knob maps to a value, the
   outputs' last seconds (from the level ports) and the preview. No X11
   and no LV2 header (the port indices are ports.h's): plugin/ui/ui.c
   feeds it the host's port values and the pointer, and tests/ui_host.c
   reads its layout.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_VIEW_H
#define PERLIN_VIEW_H

#include "preview.h"

#include <cairo.h>
#include <stddef.h>
#include <stdint.h>

#define VIEW_MAX_CONTROLS 32
#define VIEW_HISTORY 1024   /* level values kept per output */
#define VIEW_HISTORY_S 5.0  /* seconds the scope shows */

typedef enum {
	VIEW_KNOB,   /* dragged up and down, typed */
	VIEW_CHOICE, /* an enumeration: a click steps on, a drag or a key steps */
	VIEW_TOGGLE, /* on and off */
	VIEW_BUTTON  /* 1 while pressed (reset) */
} view_kind;

typedef enum {
	VIEW_LINEAR,
	VIEW_LOG,     /* pprops:logarithmic: equal ratios per distance */
	VIEW_INTEGER  /* lv2:integer: whole steps along the range */
} view_map;

typedef struct {
	const char *label;  /* above the control */
	const char *unit;   /* after its value ("" for none) */
	uint32_t port;      /* lv2:index */
	float min, max, def;
	view_kind kind;
	view_map map;
	const char *const *choices; /* labels from min up (choices), or NULL */
	int big;            /* one of the controls that shape the sound most */
	int param;          /* the perlin_param it is, or -1 */
} view_control;

typedef struct {
	double x, y, w, h;
} view_rect;

typedef struct {
	const char *title;
	unsigned outputs;            /* 1 or PERLIN_OUTPUTS */
	int midi;                    /* Perlin Noise MIDI */
	unsigned n;                  /* controls */
	view_control ctl[VIEW_MAX_CONTROLS];
	float value[VIEW_MAX_CONTROLS];
	view_rect rect[VIEW_MAX_CONTROLS];  /* each control's place */
	view_rect scope, preview_box;
	double width, height, scale;
	/* the level ports' values as they came, with their times (s) */
	double hist_t[VIEW_HISTORY];
	float hist_v[PERLIN_OUTPUTS][VIEW_HISTORY];
	float level[PERLIN_OUTPUTS];
	unsigned hist_head, hist_count;
	double last_level_t;
	preview prev;
	int focus;          /* the control the keys move, or -1 */
	int editing;        /* typing a value into focus */
	char edit[24];
} view;

/* Set up the view of the plugin with this URI (0), or -1 for a URI that
   is none of ours or no memory. scale: 1 at 96 dpi. */
int view_init(view *v, const char *plugin_uri, double scale);
void view_free(view *v);
/* The size the view asks for, at its scale. */
void view_size(const view *v, double *w, double *h);
/* Place everything in a window w x h (any size: the controls flow). */
void view_layout(view *v, double w, double h);
/* A port's value from the host at time now (s): what of the picture
   changes. Level ports add to the history (the scope); control inputs
   move their control (all: the preview and the dimmed controls too). */
#define VIEW_CHANGED_NONE 0
#define VIEW_CHANGED_ALL 1
#define VIEW_CHANGED_SCOPE 2
int view_port_event(view *v, uint32_t port, float value, double now);
/* The control under (x, y), or -1. */
int view_hit(const view *v, double x, double y);
/* A control's value and its position 0..1 along the knob (log, integer
   and choice mappings as their ports declare). */
double view_norm(const view_control *c, float value);
float view_value(const view_control *c, double norm);
/* value moved by `steps` of the control's step (a choice's next one, an
   integer's 1, a knob's 1/100 of its travel), clamped. */
float view_step(const view_control *c, float value, double steps);
/* value clamped into the control's range and its steps. */
float view_clamp(const view_control *c, float value);
/* The value as it is shown. */
void view_format(const view_control *c, float value, char *buf, size_t size);
/* Draw everything at time now (s). */
void view_draw(view *v, cairo_t *cr, double now);
/* Draw the scope alone (inside v->scope) over what view_draw drew. */
void view_draw_scope(view *v, cairo_t *cr, double now);
/* 1 while the scope has something moving to show at time now. */
int view_moving(const view *v, double now);

#endif /* PERLIN_VIEW_H */
