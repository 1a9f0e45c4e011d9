/* perlin_midi.c: LV2 glue for "Perlin Noise MIDI" (perlin_midi.h): the
   DSP with four outputs (as Perlin Noise x4), rendered into buffers of
   the instance, each output a lane whose value goes out as a MIDI
   control change (7-bit, or 14-bit as MSB then LSB) or pitch bend.

   Thinning: a lane sends only on the grid of `interval`, counted in
   samples from activation and, once the host says where its transport
   is, from the transport's frame 0 (re-placed at each jump: a grid point
   wherever the transport's frame is a multiple of the interval), so the
   same controls and transport give the same events at the same frames
   whatever the block sizes, and a partial export's are the full one's
   from the same place (its first grid point on). A lane sends only when
   its quantised value differs from the last it sent, and never twice
   within an interval (after the interval is shortened, too); it sends
   whatever its value at the first grid point after activation, after a
   transport jump or roll start (the DSP's locates), and after its
   controller number, the resolution or the channel changed. A value is
   the lane's sample at the event's frame, rounded to the nearest step.

   Thru: every MIDI event at the MIDI input goes out unchanged, at its
   frame, in order, merged in time with the generated ones (at one frame,
   the incoming first); note-ons (on the trigger channel) are triggers,
   as in perlin.c. The output never grows past the capacity the host
   gives in its atom's size: an event that does not fit is dropped (a
   lane's value is then sent at a later grid point; a 14-bit pair goes
   whole or not at all).

   Inline display (display.h): the four lanes' recent values, as Perlin
   Noise x4 shows its outputs, when the host gives queue_draw.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "perlin_midi.h"

#include "../display/display.h"
#include "../engine/dsp.h"
#include "../engine/params.h"
#include "events.h"
#include "instance.h"
#include "ports.h"

#include <lv2/atom/atom.h>
#include <lv2/core/lv2.h>
#include <lv2/urid/urid.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LANES PERLIN_OUTPUTS
#define CHUNK 512U /* samples rendered at a time into the lanes' buffers */

/* What a lane sends as. */
enum { KIND_OFF = 0, KIND_7, KIND_14, KIND_BEND };

typedef struct {
	perlin_display display; /* (first: perlin_display_extension_data) */
	perlin_dsp dsp;

	/* ports (a control not connected: its default, in dflt) */
	const float *controls[PERLIN_N_PARAMS];
	float dflt[PERLIN_N_PARAMS];
	const float *mctl[MIDI_N_PARAMS];
	float mdflt[MIDI_N_PARAMS];
	const float *spread;
	const LV2_Atom_Sequence *control;
	LV2_Atom_Sequence *out;
	float *level[LANES];

	/* the output sequence of this run(): capacity and bytes used of its
	   body (0 capacity: none written) */
	int writing; /* an output to write into (connected, with urid:map) */
	uint32_t cap, used;

	/* the lanes: what each sends as, the last value sent (-1: none) and
	   when (in samples since activation), and whether it must send at its
	   next grid point */
	int kind[LANES], cc[LANES];
	int32_t last[LANES];
	uint64_t last_t[LANES];
	int sent[LANES]; /* sent since activation (last_t holds) */
	int force[LANES];
	unsigned channel;   /* 0..15 */
	uint32_t interval;  /* samples */
	float mraw[MIDI_N_PARAMS]; /* the settings as last read (clamped) */
	float mgiven[MIDI_N_PARAMS]; /* and as given (bits compared) */
	int mvalid;         /* mgiven holds */
	uint64_t next_g;    /* the first grid point not yet reached */
	int64_t origin;     /* the grid: at clocks g with (g + origin) % interval 0
	                       (origin: the transport's frame at clock 0, as
	                       placed at the last jump; 0 before any) */
	uint32_t locates;   /* the DSP's, as last seen */
	uint64_t clock;     /* samples since activation */

	int have_map;
	perlin_uris uris;
	float buf[LANES][CHUNK];
	float *lane_buf[LANES]; /* buf's rows, as run() hands them on */
} PerlinMidi;

static void activate(LV2_Handle instance);

/* Instantiation class. urid:map is optional: without it nothing is read
   and nothing written (the lanes still run). */
static LV2_Handle instantiate(const LV2_Descriptor *descriptor, double rate,
                              const char *bundle_path,
                              const LV2_Feature *const *features)
{
	PerlinMidi *self = (PerlinMidi *)perlin_instance_alloc(sizeof(PerlinMidi));
	unsigned i;
	(void)descriptor;
	(void)bundle_path;
	if (!self)
		return NULL;
	self->have_map = perlin_uris_map(&self->uris, features);
	perlin_controls_defaults(self->dflt, self->controls);
	for (i = 0; i < MIDI_N_PARAMS; ++i) {
		self->mdflt[i] = perlin_midi_params[i].def;
		self->mctl[i] = &self->mdflt[i];
	}
	for (i = 0; i < LANES; ++i)
		self->lane_buf[i] = self->buf[i];
	perlin_dsp_init_outputs(&self->dsp, rate, PERLIN_OUTPUTS);
	perlin_display_init(&self->display, rate, LANES, perlin_display_host_of(features));
	activate((LV2_Handle)self); /* (the lanes' state, should a host run first) */
	return (LV2_Handle)self;
}

/* Audio class (as the spec allows); stores the pointer only. */
static void connect_port(LV2_Handle instance, uint32_t port, void *data)
{
	PerlinMidi *self = (PerlinMidi *)instance;
	const unsigned trig = PORT_TRIGGERS(PERLIN_OUTPUTS);
	if (port < PORT_CONTROL || (port >= trig && port < trig + 4U)) {
		const unsigned c = port < PORT_CONTROL ? port : PERLIN_PHASE + (port - trig);
		self->controls[c] = data ? (const float *)data : &self->dflt[c];
		return;
	}
	if ((port >= MIDI_PORT_CHANNEL && port <= MIDI_PORT_INTERVAL) ||
	    (port >= MIDI_PORT_CC_4 && port < MIDI_PORT_COUNT)) {
		const unsigned m = port == MIDI_PORT_CC_4 ? MIDI_CC_1 + 3U
		                 : port >= MIDI_PORT_CC_1 ? MIDI_CC_1 + (port - MIDI_PORT_CC_1)
		                                          : port - MIDI_PORT_CHANNEL;
		self->mctl[m] = data ? (const float *)data : &self->mdflt[m];
		return;
	}
	if (port >= PORT_LEVEL_2 && port < PORT_LEVEL_2 + 3U) {
		self->level[1 + port - PORT_LEVEL_2] = (float *)data;
		return;
	}
	switch (port) {
	case PORT_STOPPED:
		self->controls[PERLIN_STOPPED] =
			data ? (const float *)data : &self->dflt[PERLIN_STOPPED];
		break;
	case PORT_CONTROL:
		self->control = (const LV2_Atom_Sequence *)data;
		break;
	case PORT_LEVEL:
		self->level[0] = (float *)data;
		break;
	case MIDI_PORT_OUT:
		self->out = (LV2_Atom_Sequence *)data;
		break;
	case PORT_SPREAD:
		self->spread = (const float *)data;
		break;
	default:
		break;
	}
}

/* Instantiation class: restart phases, forget the transport; every lane
   sends at the first grid point (sample 0). */
static void activate(LV2_Handle instance)
{
	PerlinMidi *self = (PerlinMidi *)instance;
	unsigned l;
	perlin_dsp_activate(&self->dsp);
	self->clock = 0;
	self->next_g = 0;
	self->origin = 0;
	self->locates = self->dsp.locates;
	for (l = 0; l < LANES; ++l) {
		self->last[l] = -1;
		self->last_t[l] = 0;
		self->sent[l] = 0;
		self->force[l] = 1;
	}
}

/* The first point at or after the clock on the grid of iv samples. */
static uint64_t next_point(const PerlinMidi *self, uint32_t iv)
{
	const int64_t r = ((int64_t)self->clock + self->origin) % (int64_t)iv;
	return self->clock + (uint64_t)(r ? (int64_t)iv - (r < 0 ? r + (int64_t)iv : r) : 0);
}

/* A setting's value as an integer in its range (NaN: its default). */
static int setting(const PerlinMidi *self, perlin_midi_param p)
{
	return (int)floorf(self->mraw[p] + 0.5f);
}

/* Audio class: read the MIDI settings; a lane whose controller,
   resolution or channel changed sends at its next grid point. */
static void read_settings(PerlinMidi *self)
{
	float given[MIDI_N_PARAMS];
	uint32_t diff = 0U;
	int l, mode;
	unsigned ch;
	double ms;
	uint32_t iv;
	for (l = 0; l < MIDI_N_PARAMS; ++l) { /* (their bits against mgiven's) */
		uint32_t a, b;
		given[l] = *self->mctl[l];
		memcpy(&a, &given[l], sizeof a);
		memcpy(&b, &self->mgiven[l], sizeof b);
		diff |= a ^ b;
	}
	if (self->mvalid && !diff)
		return; /* (most blocks: as before) */
	memcpy(self->mgiven, given, sizeof given);
	self->mvalid = 1;
	for (l = 0; l < MIDI_N_PARAMS; ++l)
		self->mraw[l] = perlin_clamp_info(&perlin_midi_params[l], given[l]);
	mode = setting(self, MIDI_RESOLUTION);
	ch = (unsigned)(setting(self, MIDI_CHANNEL) - 1);
	if (ch != self->channel) /* (every lane: on the new channel too) */
		for (l = 0; l < LANES; ++l)
			self->force[l] = 1;
	self->channel = ch;
	ms = (double)setting(self, MIDI_INTERVAL);
	iv = (uint32_t)floor(ms * self->dsp.sr / 1000.0 + 0.5);
	iv = iv ? iv : 1U;
	if (iv != self->interval) /* the grid's next point, on the new grid */
		self->next_g = next_point(self, iv);
	self->interval = iv;
	for (l = 0; l < LANES; ++l) {
		const int cc = setting(self, (perlin_midi_param)(MIDI_CC_1 + l));
		const int kind = cc < 0 ? KIND_OFF
		               : l == 0 && mode == MIDI_RES_BEND ? KIND_BEND
		               : mode == MIDI_RES_14 && cc < 32 ? KIND_14 : KIND_7;
		if (kind != self->kind[l] || cc != self->cc[l]) {
			self->force[l] = 1;
			self->last[l] = -1;
		}
		self->kind[l] = kind;
		self->cc[l] = cc;
	}
}

/* Audio class: begin the output sequence (its capacity: what the host
   put in its atom's size). */
static void out_begin(PerlinMidi *self)
{
	self->cap = self->used = 0;
	self->writing = self->out && self->have_map;
	if (!self->writing)
		return;
	self->cap = self->out->atom.size;
	self->out->atom.type = self->uris.atom_Sequence;
	if (self->cap < sizeof(LV2_Atom_Sequence_Body)) { /* no room for its body */
		self->out->atom.size = 0;
		self->cap = 0;
		return;
	}
	self->out->body.unit = 0;
	self->out->body.pad = 0;
	self->used = sizeof(LV2_Atom_Sequence_Body);
	self->out->atom.size = self->used;
}

/* Whether an event of `size` bytes of MIDI would fit. */
static int out_room(const PerlinMidi *self, uint32_t size)
{
	const uint32_t need = (uint32_t)sizeof(LV2_Atom_Event) + ((size + 7U) & ~7U);
	return size <= self->cap && need <= self->cap - self->used;
}

/* Append `size` bytes of MIDI at `frame` (the caller checked out_room). */
static void out_put(PerlinMidi *self, uint32_t frame, const uint8_t *midi, uint32_t size)
{
	uint8_t *at = (uint8_t *)&self->out->body + self->used;
	LV2_Atom_Event *ev = (LV2_Atom_Event *)at;
	const uint32_t padded = (size + 7U) & ~7U;
	ev->time.frames = frame;
	ev->body.size = size;
	ev->body.type = self->uris.midi_MidiEvent;
	memcpy(ev + 1, midi, size);
	if (padded > size)
		memset((uint8_t *)(ev + 1) + size, 0, padded - size);
	self->used += (uint32_t)sizeof(LV2_Atom_Event) + padded;
	self->out->atom.size = self->used;
}

/* A lane's value y in [-1, 1] as a step of its kind's range (0..127 or
   0..16383), rounded to the nearest. */
static int32_t quantise(float y, int kind)
{
	const double top = kind == KIND_7 ? 127.0 : 16383.0;
	double q;
	if (!(y >= -1.0f && y <= 1.0f)) /* (NaN: the centre) */
		y = y > 1.0f ? 1.0f : y < -1.0f ? -1.0f : 0.0f;
	q = floor(((double)y + 1.0) * 0.5 * top + 0.5);
	return (int32_t)(q > top ? top : q);
}

/* Audio class: lane l's value y at sample `frame` of the block (clock t,
   a grid point): send it if it must or may. */
static void lane_at(PerlinMidi *self, unsigned l, float y, uint32_t frame, uint64_t t)
{
	const int kind = self->kind[l];
	const unsigned st = (kind == KIND_BEND ? 0xe0U : 0xb0U) | self->channel;
	const int32_t q = quantise(y, kind);
	uint8_t m[6];
	uint32_t size = 3;
	if (kind == KIND_OFF || (!self->force[l] && q == self->last[l]))
		return;
	if (self->sent[l] && t - self->last_t[l] < self->interval)
		return; /* (a new number or an interval shortened since: not twice
		           within an interval all the same) */
	m[0] = (uint8_t)st;
	if (kind == KIND_BEND) {
		m[1] = (uint8_t)(q & 0x7f);
		m[2] = (uint8_t)(q >> 7);
	} else if (kind == KIND_14) {
		m[1] = (uint8_t)self->cc[l];
		m[2] = (uint8_t)(q >> 7);
		m[3] = (uint8_t)st;
		m[4] = (uint8_t)(self->cc[l] + 32);
		m[5] = (uint8_t)(q & 0x7f);
		size = 6;
	} else {
		m[1] = (uint8_t)self->cc[l];
		m[2] = (uint8_t)q;
	}
	if (self->writing) {
		/* each 3 bytes an event of 24 (16 + 3 padded to 8) */
		if (self->cap - self->used < (size == 6U ? 48U : 24U))
			return; /* no room: at a later grid point */
		out_put(self, frame, m, 3U);
		if (size == 6U)
			out_put(self, frame, m + 3, 3U);
	}
	self->last[l] = q;
	self->last_t[l] = t;
	self->sent[l] = 1;
	self->force[l] = 0;
}

/* Audio class: n samples (n <= CHUNK) from sample `at` of the block:
   render the lanes, then send at the grid points among them. */
static void render_chunk(PerlinMidi *self, uint32_t at, uint32_t n)
{
	const uint64_t t0 = self->clock;
	const uint32_t iv = self->interval;
	uint64_t g;
	unsigned l;
	perlin_dsp_run_outputs(&self->dsp, self->lane_buf, n);
	perlin_display_record(&self->display, self->lane_buf, self->dsp.level, n);
	for (g = self->next_g; g < t0 + n; g += iv) {
		const uint32_t j = (uint32_t)(g - t0);
		for (l = 0; l < LANES; ++l)
			lane_at(self, l, self->buf[l][j], at + j, g);
	}
	self->next_g = g;
	self->clock = t0 + n;
}

/* Audio class: the transport jumped (or started rolling) here: every lane
   sends at the next grid point, the grid placed on the transport's frame
   (the DSP's, just set from the message, when it has one). */
static void jumped(PerlinMidi *self)
{
	unsigned l;
	self->locates = self->dsp.locates;
	for (l = 0; l < LANES; ++l)
		self->force[l] = 1;
	if (self->dsp.tp_valid) {
		const double f = self->dsp.tp_frame;
		const double lim = 4503599627370496.0; /* 2^52: exact, and no overflow */
		const int64_t fr = (int64_t)floor(f < -lim ? -lim : f > lim ? lim : f);
		self->origin = fr - (int64_t)self->clock; /* (both under 2^62) */
		self->next_g = next_point(self, self->interval);
	}
}

/* Audio class: render from `*done` up to sample t of the block. */
static void render_to(PerlinMidi *self, uint32_t *done, uint32_t t)
{
	while (*done < t) {
		const uint32_t n = t - *done < CHUNK ? t - *done : CHUNK;
		render_chunk(self, *done, n);
		*done += n;
	}
}

/* Audio class: the block split at each event of the atom input
   (perlin_events, in time order): a time:Position goes to the transport;
   a MIDI event goes out as it came (thru), and a note-on (on the trigger
   channel) is a trigger. */
static void run_events(PerlinMidi *self, uint32_t n_samples)
{
	perlin_events in;
	perlin_event ev;
	perlin_clock_msg msg;
	double value;
	uint32_t done = 0;
	perlin_events_begin(&in, self->have_map ? &self->uris : NULL, self->control, n_samples);
	while (perlin_events_next(&in, &ev)) {
		if (ev.kind == PERLIN_EVENT_POSITION) {
			render_to(self, &done, ev.frame);
			perlin_dsp_position(&self->dsp, &ev.pos);
			if (self->dsp.locates != self->locates)
				jumped(self);
		} else {
			/* (an event the host put at the block's end or past it: on
			   its last frame) */
			const uint32_t f = ev.frame < n_samples ? ev.frame
			                 : n_samples ? n_samples - 1U : 0U;
			render_to(self, &done, f);
			if (self->writing && out_room(self, ev.size))
				out_put(self, f, ev.midi, ev.size);
			if (perlin_note_on(ev.midi, ev.size, self->dsp.ctl[PERLIN_CHANNEL]))
				perlin_dsp_trigger(&self->dsp);
			else if (perlin_midi_clock(ev.midi, ev.size, &msg, &value))
				perlin_dsp_clock(&self->dsp, msg, value, 1);
		}
	}
	render_to(self, &done, n_samples);
}

/* Audio class: render the lanes and send them, splitting the block at
   each event. */
static void run(LV2_Handle instance, uint32_t n_samples)
{
	PerlinMidi *self = (PerlinMidi *)instance;
	unsigned l;
	perlin_dsp_controls_ports(&self->dsp, self->controls);
	if (self->spread) { /* (most blocks: as before, told here without a call) */
		uint32_t bits;
		memcpy(&bits, self->spread, sizeof bits);
		if (!self->dsp.spread_valid || bits != self->dsp.spread_raw)
			perlin_dsp_spread(&self->dsp, *self->spread);
	}
	read_settings(self);
	out_begin(self);
	if (self->have_map && self->control && self->control->atom.size > sizeof(LV2_Atom_Sequence_Body))
		run_events(self, n_samples);
	else { /* (no event) */
		uint32_t done = 0;
		render_to(self, &done, n_samples);
	}
	for (l = 0; l < LANES; ++l)
		if (self->level[l])
			*self->level[l] = self->dsp.level[l];
}

static void deactivate(LV2_Handle instance)
{
	(void)instance;
}

/* Instantiation class. */
static void cleanup(LV2_Handle instance)
{
	perlin_display_free(&((PerlinMidi *)instance)->display);
	perlin_instance_free(instance, sizeof(PerlinMidi));
}

perlin_dsp *perlin_midi_dsp(LV2_Handle instance)
{
	return &((PerlinMidi *)instance)->dsp;
}

static const void *extension_data(const char *uri)
{
	return perlin_display_extension_data(uri);
}

const LV2_Descriptor perlin_midi_descriptor = {
	PERLIN_MIDI_URI, instantiate, connect_port, activate, run, deactivate,
	cleanup, extension_data
};
