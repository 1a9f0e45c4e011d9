/* view.c: the UI's controls, layout and picture (view.h).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "view.h"

#include "../display/display.h"
#include "../lv2/ports.h"
#include "preview.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const double colour[PERLIN_OUTPUTS][3] = PERLIN_OUTPUT_COLOURS;

static const char *const dims_names[] = { "1D", "2D" };
static const char *const stopped_names[] = { "Hold", "Run", "Free" };
static const char *const trigger_names[] = { "Off", "Restart", "New shape", "Step" };
static const char *const resolution_names[] = { "7-bit", "14-bit", "Bend" };

/* The note values the beats control names (its scale points). */
static const struct {
	float beats;
	const char *name;
} note_values[] = {
	{ 0.083333f, "1/32 T" }, { 0.125f, "1/32" },   { 0.1875f, "1/32 ." },
	{ 0.166667f, "1/16 T" }, { 0.25f, "1/16" },    { 0.375f, "1/16 ." },
	{ 0.333333f, "1/8 T" },  { 0.5f, "1/8" },      { 0.75f, "1/8 ." },
	{ 0.666667f, "1/4 T" },  { 1.0f, "1/4" },      { 1.5f, "1/4 ." },
	{ 1.333333f, "1/2 T" },  { 2.0f, "1/2" },      { 3.0f, "1/2 ." },
	{ 2.666667f, "1/1 T" },  { 4.0f, "1 bar" },    { 6.0f, "1/1 ." },
	{ 8.0f, "2 bars" },      { 16.0f, "4 bars" },
};

/* ---- the controls ---- */

static view_control *add(view *v, const char *label, const char *unit, uint32_t port,
                         const perlin_param_info *info, view_kind kind, view_map map)
{
	view_control *c = &v->ctl[v->n];
	memset(c, 0, sizeof *c);
	c->label = label;
	c->unit = unit;
	c->port = port;
	c->min = info->min;
	c->max = info->max;
	c->def = info->def;
	c->kind = kind;
	c->map = map;
	c->param = -1;
	v->value[v->n] = info->def;
	v->n++;
	return c;
}

static view_control *add_param(view *v, perlin_param p, const char *label, const char *unit,
                               view_kind kind, view_map map, int big)
{
	view_control *c = add(v, label, unit, PERLIN_PORT(p, v->outputs), &perlin_params[p], kind, map);
	c->param = (int)p;
	c->big = big;
	return c;
}

static void add_controls(view *v, int cv)
{
	int i;
	add_param(v, PERLIN_RATE, "Rate", "cells/s", VIEW_KNOB, VIEW_LOG, 1);
	add_param(v, PERLIN_OCTAVES, "Octaves", "", VIEW_KNOB, VIEW_INTEGER, 1);
	add_param(v, PERLIN_PERSISTENCE, "Persistence", "", VIEW_KNOB, VIEW_LINEAR, 1);
	add_param(v, PERLIN_LACUNARITY, "Lacunarity", "", VIEW_KNOB, VIEW_LINEAR, 1);
	add_param(v, PERLIN_DEPTH, "Depth", "", VIEW_KNOB, VIEW_LINEAR, 1);
	add_param(v, PERLIN_OFFSET, "Offset", "", VIEW_KNOB, VIEW_LINEAR, 1);
	add_param(v, PERLIN_SEED, "Seed", "", VIEW_KNOB, VIEW_INTEGER, 1);
	add_param(v, PERLIN_SYNC, "Sync", "", VIEW_TOGGLE, VIEW_INTEGER, 1);
	add_param(v, PERLIN_BEATS, "Beats", "beats", VIEW_KNOB, VIEW_LOG, 1);
	add_param(v, PERLIN_LOOP, "Loop", "cells", VIEW_KNOB, VIEW_INTEGER, 1);
	add_param(v, PERLIN_DIMENSIONS, "Noise", "", VIEW_CHOICE, VIEW_INTEGER, 0)->choices = dims_names;
	add_param(v, PERLIN_MORPH, "Morph", "", VIEW_KNOB, VIEW_LINEAR, 0);
	add_param(v, PERLIN_DRIFT, "Drift", "cells/s", VIEW_KNOB, VIEW_LINEAR, 0);
	if (v->outputs > 1U)
		add(v, "Spread", "", PORT_SPREAD, &perlin_spread_param, VIEW_KNOB, VIEW_LINEAR);
	add_param(v, PERLIN_STOPPED, "Transport", "", VIEW_CHOICE, VIEW_INTEGER, 0)->choices = stopped_names;
	add_param(v, PERLIN_PHASE, "Phase", "", VIEW_KNOB, VIEW_LINEAR, 0);
	add_param(v, PERLIN_TRIGGER, "Trigger", "", VIEW_CHOICE, VIEW_INTEGER, 0)->choices = trigger_names;
	add_param(v, PERLIN_GLIDE, "Glide", "s", VIEW_KNOB, VIEW_LOG, 0);
	add_param(v, PERLIN_CHANNEL, "Trig. chan.", "", VIEW_KNOB, VIEW_INTEGER, 0);
	if (cv)
		add(v, "Pulses", "/beat", PORT_PULSES(v->outputs), &perlin_pulses_param, VIEW_KNOB,
		    VIEW_INTEGER);
	if (v->midi) {
		add(v, "MIDI chan.", "", MIDI_PORT(MIDI_CHANNEL), &perlin_midi_params[MIDI_CHANNEL],
		    VIEW_KNOB, VIEW_INTEGER);
		add(v, "Resolution", "", MIDI_PORT(MIDI_RESOLUTION),
		    &perlin_midi_params[MIDI_RESOLUTION], VIEW_CHOICE, VIEW_INTEGER)
		    ->choices = resolution_names;
		add(v, "Interval", "ms", MIDI_PORT(MIDI_INTERVAL), &perlin_midi_params[MIDI_INTERVAL],
		    VIEW_KNOB, VIEW_INTEGER);
		for (i = 0; i < 4; ++i) {
			static const char *const names[] = { "CC 1", "CC 2", "CC 3", "CC 4" };
			add(v, names[i], "", MIDI_PORT(MIDI_CC_1 + i), &perlin_midi_params[MIDI_CC_1 + i],
			    VIEW_KNOB, VIEW_INTEGER);
		}
	}
	add_param(v, PERLIN_RESET, "Reset", "", VIEW_BUTTON, VIEW_INTEGER, 0);
}

int view_init(view *v, const char *uri, double scale)
{
	static const struct {
		const char *uri, *title;
		unsigned outputs;
		int cv, midi;
	} kinds[] = {
		{ "urn:perlin-lv2:perlin", "Perlin Noise", 1, 0, 0 },
		{ "urn:perlin-lv2:perlin-cv", "Perlin Noise CV", 1, 1, 0 },
		{ "urn:perlin-lv2:perlin-keyed", "Perlin Noise Keyed", 1, 0, 0 },
		{ "urn:perlin-lv2:perlin4", "Perlin Noise x4", PERLIN_OUTPUTS, 0, 0 },
		{ "urn:perlin-lv2:perlin4-cv", "Perlin Noise CV x4", PERLIN_OUTPUTS, 1, 0 },
		{ PERLIN_MIDI_URI, "Perlin Noise MIDI", PERLIN_OUTPUTS, 0, 1 },
	};
	size_t k;
	memset(v, 0, sizeof *v);
	for (k = 0; k < sizeof kinds / sizeof kinds[0]; ++k)
		if (uri && !strcmp(uri, kinds[k].uri))
			break;
	if (k == sizeof kinds / sizeof kinds[0])
		return -1;
	v->title = kinds[k].title;
	v->outputs = kinds[k].outputs;
	v->midi = kinds[k].midi;
	v->scale = scale >= 0.5 && scale <= 8.0 ? scale : 1.0;
	v->focus = -1;
	add_controls(v, kinds[k].cv);
	if (preview_init(&v->prev, v->outputs))
		return -1;
	view_size(v, &v->width, &v->height);
	view_layout(v, v->width, v->height);
	return 0;
}

void view_free(view *v)
{
	preview_free(&v->prev);
}

/* ---- values ---- */

float view_clamp(const view_control *c, float value)
{
	if (value != value)
		return c->def;
	if (value < c->min)
		value = c->min;
	if (value > c->max)
		value = c->max;
	if (c->map == VIEW_INTEGER || c->kind != VIEW_KNOB)
		value = floorf(value + 0.5f);
	return value;
}

double view_norm(const view_control *c, float value)
{
	const double v = (double)view_clamp(c, value);
	if (c->map == VIEW_LOG)
		return log(v / (double)c->min) / log((double)c->max / (double)c->min);
	return (v - (double)c->min) / ((double)c->max - (double)c->min);
}

float view_value(const view_control *c, double norm)
{
	double v;
	if (!(norm >= 0.0))
		norm = 0.0;
	if (norm > 1.0)
		norm = 1.0;
	if (c->map == VIEW_LOG)
		v = (double)c->min * pow((double)c->max / (double)c->min, norm);
	else
		v = (double)c->min + norm * ((double)c->max - (double)c->min);
	return view_clamp(c, (float)v);
}

float view_step(const view_control *c, float value, double steps)
{
	if (c->map == VIEW_INTEGER || c->kind != VIEW_KNOB)
		return view_clamp(c, view_clamp(c, value) + (float)steps);
	return view_value(c, view_norm(c, value) + steps * 0.01);
}

void view_format(const view_control *c, float value, char *buf, size_t size)
{
	size_t i;
	value = view_clamp(c, value) + 0.0f; /* (-0 as 0) */
	if (c->choices) {
		snprintf(buf, size, "%s", c->choices[(int)(value - c->min)]);
		return;
	}
	switch (c->kind) {
	case VIEW_TOGGLE:
		snprintf(buf, size, "%s", value >= 0.5f ? "On" : "Off");
		return;
	case VIEW_BUTTON:
		snprintf(buf, size, "%s", value >= 0.5f ? "!" : "");
		return;
	default:
		break;
	}
	if (c->param == PERLIN_BEATS)
		for (i = 0; i < sizeof note_values / sizeof note_values[0]; ++i)
			if (fabsf(value - note_values[i].beats) < 1e-4f) {
				snprintf(buf, size, "%s", note_values[i].name);
				return;
			}
	if (value == c->min && (c->param == PERLIN_LOOP || c->param == PERLIN_CHANNEL || c->min < 0.0f) &&
	    c->map == VIEW_INTEGER) {
		snprintf(buf, size, "%s", c->param == PERLIN_CHANNEL ? "Any" : "Off");
		return;
	}
	if (c->map == VIEW_INTEGER)
		snprintf(buf, size, "%d%s%s", (int)value, *c->unit ? " " : "", c->unit);
	else if (c->map == VIEW_LOG)
		snprintf(buf, size, "%.3g%s%s", (double)value, *c->unit ? " " : "", c->unit);
	else
		snprintf(buf, size, "%.2f%s%s", (double)value, *c->unit ? " " : "", c->unit);
}

int view_port_event(view *v, uint32_t port, float value, double now)
{
	unsigned i, o, h;
	if (port == PORT_LEVEL || (v->outputs > 1U && port >= PORT_LEVEL_2 &&
	                           port < PORT_LEVEL_2 + PERLIN_OUTPUTS - 1U)) {
		o = port == PORT_LEVEL ? 0U : 1U + port - PORT_LEVEL_2;
		v->level[o] = value == value ? (value < -1.0f ? -1.0f : (value > 1.0f ? 1.0f : value)) : 0.0f;
		/* the outputs' levels come one after the other: one entry per
		   moment, the others' newest values with it */
		if (v->hist_count && now - v->last_level_t < 1e-3) {
			h = (v->hist_head + VIEW_HISTORY - 1U) % VIEW_HISTORY;
		} else {
			h = v->hist_head;
			v->hist_head = (h + 1U) % VIEW_HISTORY;
			if (v->hist_count < VIEW_HISTORY)
				v->hist_count++;
			v->last_level_t = now;
		}
		v->hist_t[h] = now;
		for (o = 0; o < v->outputs; ++o)
			v->hist_v[o][h] = v->level[o];
		return VIEW_CHANGED_SCOPE;
	}
	for (i = 0; i < v->n; ++i)
		if (v->ctl[i].port == port) {
			const float c = view_clamp(&v->ctl[i], value);
			if (c == v->value[i])
				return VIEW_CHANGED_NONE;
			v->value[i] = c;
			return VIEW_CHANGED_ALL;
		}
	return VIEW_CHANGED_NONE;
}

int view_moving(const view *v, double now)
{
	return v->hist_count && now - v->last_level_t < VIEW_HISTORY_S;
}

/* ---- layout ---- */

#define MARGIN 10.0
#define TITLE_H 26.0
#define GRAPH_H 150.0
#define CELL_W 86.0
#define BIG_H 100.0
#define SMALL_H 80.0
#define VIEW_PI 3.14159265358979323846
#define COLUMNS 10 /* the width asked for: this many cells (the big ones) */

/* Places the controls in a window w wide (into rect, if not NULL);
   returns the height they need. */
static double flow(const view *v, double w, view_rect *rect)
{
	const double s = v->scale, m = MARGIN * s, cw = CELL_W * s;
	double x = m, y = m + TITLE_H * s + GRAPH_H * s + m, row_h = 0.0;
	int cols = (int)((w - 2.0 * m) / cw), col = 0, big = 1;
	unsigned i;
	if (cols < 1)
		cols = 1;
	for (i = 0; i < v->n; ++i) {
		const double h = (v->ctl[i].big ? BIG_H : SMALL_H) * s;
		if (col == cols || (big && !v->ctl[i].big && col > 0)) {
			y += row_h;
			x = m;
			col = 0;
			row_h = 0.0;
		}
		big = v->ctl[i].big;
		if (rect) {
			rect[i].x = x;
			rect[i].y = y;
			rect[i].w = cw;
			rect[i].h = h;
		}
		if (h > row_h)
			row_h = h;
		x += cw;
		col++;
	}
	return y + row_h + m;
}

void view_size(const view *v, double *w, double *h)
{
	*w = 2.0 * MARGIN * v->scale + COLUMNS * CELL_W * v->scale;
	*h = flow(v, *w, NULL);
}

void view_layout(view *v, double w, double h)
{
	const double s = v->scale, m = MARGIN * s, gw = w - 3.0 * m;
	v->width = w;
	v->height = h;
	v->scope.x = m;
	v->scope.y = m + TITLE_H * s;
	v->scope.w = gw * 0.5 > 10.0 ? gw * 0.5 : 10.0;
	v->scope.h = GRAPH_H * s - m * 0.5;
	v->preview_box = v->scope;
	v->preview_box.x = 2.0 * m + v->scope.w;
	flow(v, w, v->rect);
}

int view_hit(const view *v, double x, double y)
{
	unsigned i;
	for (i = 0; i < v->n; ++i) {
		const view_rect *r = &v->rect[i];
		if (x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h)
			return (int)i;
	}
	return -1;
}

/* ---- drawing ---- */

static void text(cairo_t *cr, double cx, double y, double size, const char *s)
{
	cairo_text_extents_t e;
	cairo_set_font_size(cr, size);
	cairo_text_extents(cr, s, &e);
	cairo_move_to(cr, cx - e.width * 0.5 - e.x_bearing, y);
	cairo_show_text(cr, s);
}

static double y_of(const view_rect *r, double value)
{
	if (!(value >= -1.0))
		value = -1.0;
	else if (value > 1.0)
		value = 1.0;
	return r->y + 2.0 + (1.0 - value) * 0.5 * (r->h - 4.0);
}

static void graph_frame(cairo_t *cr, const view_rect *r, double s, const char *label)
{
	cairo_set_source_rgb(cr, 0.07, 0.07, 0.08);
	cairo_rectangle(cr, r->x, r->y, r->w, r->h);
	cairo_fill(cr);
	cairo_set_line_width(cr, 1.0);
	cairo_set_source_rgb(cr, 0.3, 0.3, 0.32);
	cairo_move_to(cr, r->x, floor(y_of(r, 0.0)) + 0.5);
	cairo_line_to(cr, r->x + r->w, floor(y_of(r, 0.0)) + 0.5);
	cairo_stroke(cr);
	cairo_set_source_rgb(cr, 0.65, 0.65, 0.68);
	cairo_set_font_size(cr, 10.0 * s);
	cairo_move_to(cr, r->x + 5.0 * s, r->y + 13.0 * s);
	cairo_show_text(cr, label);
}

static void draw_scope(view *v, cairo_t *cr, double now)
{
	const view_rect *r = &v->scope;
	const double s = v->scale;
	unsigned o, k;
	graph_frame(cr, r, s, v->hist_count ? "last 5 s" : "last 5 s: waiting for the host's levels");
	cairo_save(cr);
	cairo_rectangle(cr, r->x, r->y, r->w, r->h);
	cairo_clip(cr);
	cairo_set_line_width(cr, 1.5 * s);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	for (o = v->outputs; o-- > 0;) {
		int started = 0;
		cairo_set_source_rgb(cr, colour[o][0], colour[o][1], colour[o][2]);
		for (k = 0; k < v->hist_count; ++k) {
			const unsigned h = (v->hist_head + VIEW_HISTORY - v->hist_count + k) % VIEW_HISTORY;
			const double age = now - v->hist_t[h];
			const double x = r->x + r->w * (1.0 - age / VIEW_HISTORY_S), y = y_of(r, v->hist_v[o][h]);
			if (age > VIEW_HISTORY_S + 0.5)
				continue;
			if (started)
				cairo_line_to(cr, x, y);
			else
				cairo_move_to(cr, x, y);
			started = 1;
		}
		if (started) {
			cairo_line_to(cr, r->x + r->w, y_of(r, v->level[o]));
			cairo_stroke(cr);
		}
	}
	cairo_restore(cr);
}

static void controls_of(const view *v, float controls[PERLIN_N_PARAMS], float *spread)
{
	unsigned i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		controls[i] = perlin_params[i].def;
	*spread = perlin_spread_param.def;
	for (i = 0; i < v->n; ++i)
		if (v->ctl[i].param >= 0)
			controls[v->ctl[i].param] = v->value[i];
		else if (v->ctl[i].port == PORT_SPREAD && v->outputs > 1U)
			*spread = v->value[i];
}

static void draw_preview(view *v, cairo_t *cr)
{
	const view_rect *r = &v->preview_box;
	const double s = v->scale;
	float controls[PERLIN_N_PARAMS], spread;
	char label[96];
	unsigned o, c, columns = (unsigned)(r->w > 1.0 ? r->w : 1.0);
	controls_of(v, controls, &spread);
	preview_render(&v->prev, controls, spread, columns);
	if (controls[PERLIN_SYNC] >= 0.5f)
		snprintf(label, sizeof label, "preview: %.3g s from beat 0 at %g BPM", v->prev.seconds,
		         PREVIEW_BPM);
	else
		snprintf(label, sizeof label, "preview: %.3g s from a reset", v->prev.seconds);
	graph_frame(cr, r, s, label);
	cairo_save(cr);
	cairo_rectangle(cr, r->x, r->y, r->w, r->h);
	cairo_clip(cr);
	for (o = v->outputs; o-- > 0;) {
		const double w = r->w / (double)v->prev.columns;
		cairo_set_source_rgb(cr, colour[o][0], colour[o][1], colour[o][2]);
		for (c = 0; c < v->prev.columns; ++c) {
			double y0, y1;
			if (v->prev.lo[o][c] > v->prev.hi[o][c])
				continue;
			y0 = y_of(r, v->prev.hi[o][c]) - 0.75 * s;
			y1 = y_of(r, v->prev.lo[o][c]) + 0.75 * s;
			cairo_rectangle(cr, r->x + c * w, y0, w < 1.0 ? 1.0 : w, y1 - y0);
		}
		cairo_fill(cr);
	}
	cairo_restore(cr);
}

/* Whether a control takes part at these controls: dimmed where the
   settings leave it out (2D's morph and drift in 1D, the rate while
   synced...). */
static int control_active(const view_control *c, const float controls[PERLIN_N_PARAMS])
{
	switch (c->param) {
	case PERLIN_MORPH:
	case PERLIN_DRIFT:
		return controls[PERLIN_DIMENSIONS] >= 1.5f;
	case PERLIN_RATE:
		return controls[PERLIN_SYNC] < 0.5f;
	case PERLIN_BEATS:
		return controls[PERLIN_SYNC] >= 0.5f;
	case PERLIN_GLIDE:
		return controls[PERLIN_TRIGGER] >= 2.5f;
	default:
		return 1;
	}
}

static void draw_control(view *v, cairo_t *cr, unsigned i, const float controls[PERLIN_N_PARAMS])
{
	const view_control *c = &v->ctl[i];
	const view_rect *r = &v->rect[i];
	const double s = v->scale, cx = r->x + r->w * 0.5;
	const double fg = control_active(c, controls) ? 0.9 : 0.5;
	const double top = r->y + 14.0 * s, bottom = r->y + r->h - 8.0 * s;
	char value[48];
	if ((int)i == v->focus) {
		cairo_set_source_rgb(cr, 0.2, 0.2, 0.24);
		cairo_rectangle(cr, r->x + 2.0 * s, r->y + 1.0 * s, r->w - 4.0 * s, r->h - 4.0 * s);
		cairo_fill(cr);
	}
	cairo_set_source_rgb(cr, fg, fg, fg);
	text(cr, cx, top, (c->big ? 11.5 : 10.5) * s, c->label);
	if (v->editing && (int)i == v->focus)
		snprintf(value, sizeof value, "%s_", v->edit);
	else
		view_format(c, v->value[i], value, sizeof value);
	if (c->kind == VIEW_KNOB) {
		const double rad = (c->big ? 24.0 : 16.0) * s, cy = top + 8.0 * s + rad;
		const double a0 = 0.75 * VIEW_PI, a1 = 2.25 * VIEW_PI;
		const double a = a0 + (a1 - a0) * view_norm(c, v->value[i]);
		cairo_set_line_width(cr, 4.0 * s);
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
		cairo_set_source_rgb(cr, 0.28, 0.28, 0.3);
		cairo_arc(cr, cx, cy, rad, a0, a1);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, colour[0][0] * fg, colour[0][1] * fg, colour[0][2] * fg);
		cairo_arc(cr, cx, cy, rad, a0, a);
		cairo_stroke(cr);
		cairo_set_line_width(cr, 2.0 * s);
		cairo_set_source_rgb(cr, fg, fg, fg);
		cairo_move_to(cr, cx + cos(a) * rad * 0.3, cy + sin(a) * rad * 0.3);
		cairo_line_to(cr, cx + cos(a) * rad * 0.85, cy + sin(a) * rad * 0.85);
		cairo_stroke(cr);
	} else {
		const double bw = r->w - 14.0 * s, bh = 22.0 * s, bx = r->x + 7.0 * s;
		const double by = top + (r->h - 14.0 * s - 16.0 * s - bh) * 0.5;
		const int on = c->kind == VIEW_CHOICE || v->value[i] >= 0.5f;
		cairo_set_source_rgb(cr, on && c->kind != VIEW_CHOICE ? 0.55 : 0.22,
		                     on && c->kind != VIEW_CHOICE ? 0.34 : 0.22, 0.2);
		cairo_rectangle(cr, bx, by, bw, bh);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, fg, fg, fg);
		text(cr, cx, by + bh * 0.5 + 4.0 * s, 11.0 * s,
		     c->kind == VIEW_BUTTON ? "Reset" : value);
		if (c->kind != VIEW_KNOB)
			return;
	}
	cairo_set_source_rgb(cr, fg, fg, fg);
	text(cr, cx, bottom, 10.5 * s, value);
}

void view_draw_scope(view *v, cairo_t *cr, double now)
{
	cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	draw_scope(v, cr, now);
}

void view_draw(view *v, cairo_t *cr, double now)
{
	const double s = v->scale;
	float controls[PERLIN_N_PARAMS], spread;
	unsigned i;
	controls_of(v, controls, &spread);
	cairo_set_source_rgb(cr, 0.13, 0.13, 0.15);
	cairo_paint(cr);
	cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_source_rgb(cr, 0.95, 0.95, 0.95);
	cairo_set_font_size(cr, 14.0 * s);
	cairo_move_to(cr, MARGIN * s, MARGIN * s + 13.0 * s);
	cairo_show_text(cr, v->title);
	cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	draw_scope(v, cr, now);
	draw_preview(v, cr);
	for (i = 0; i < v->n; ++i)
		draw_control(v, cr, i, controls);
}
