/* perlin.c: LV2 glue for "Perlin Noise" (audio out, for Ardour) and
   "Perlin Noise CV" (CV out, for Carla, MOD and other CV hosts), their
   four-output twins "Perlin Noise x4" and "Perlin Noise CV x4", and
   "Perlin Noise Keyed" (Perlin Noise with a MIDI input, for MIDI tracks:
   a MIDI input makes Ardour take a plugin for an instrument, which on an
   audio bus gets no transport, so Perlin Noise itself has none). All share
   the DSP (plugin/engine/dsp.h) and the same ports at the same indices (only the
   output at index 16 differs in type); the twins add spread and three more
   outputs and levels after them (plugin/lv2/ports.h). With a host that draws
   them (Ardour, Carla), each shows its recent output in an inline display
   (display.h). Triggers (perlin_dsp_trigger) come as MIDI note-ons at the
   atom input `control` (the CV plugins and Keyed declare MIDI there) and
   as rising edges at the CV trigger input (the CV plugins); an external
   clock (perlin_dsp_clock) as MIDI clock there and as rising edges at the
   CV clock input (the CV plugins). The CV plugins
   also give each output in volts, for MOD (volts_out). "Perlin Noise MIDI" has its own glue
   (perlin_midi.c); its descriptor is handed out here.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "../display/display.h"
#include "../engine/dsp.h"
#include "../engine/params.h"
#include "events.h"
#include "instance.h"
#include "perlin_midi.h"
#include "ports.h"

#include <lv2/core/lv2.h>
#include <lv2/urid/urid.h>

#include <stdlib.h>
#include <string.h>

#define PERLIN_URI "urn:perlin-lv2:perlin"
#define PERLIN_CV_URI "urn:perlin-lv2:perlin-cv"
#define PERLIN4_URI "urn:perlin-lv2:perlin4"
#define PERLIN4_CV_URI "urn:perlin-lv2:perlin4-cv"
#define PERLIN_KEYED_URI "urn:perlin-lv2:perlin-keyed"


typedef struct {
	perlin_display display; /* (first: perlin_display_extension_data) */

	/* ports (a control not connected: its default, in dflt) */
	const float *controls[PERLIN_N_PARAMS];
	float dflt[PERLIN_N_PARAMS];
	const LV2_Atom_Sequence *control;
	const float *spread;
	const float *trigger_in; /* (the CV plugins') */
	perlin_cv cv_in; /* (the CV plugins') depth, offset, rate and morph CVs */
	const float *clock_in, *pulses; /* (the CV plugins') the clock */
	float *level[PERLIN_OUTPUTS];
	float *out[PERLIN_OUTPUTS];
	float *volts[PERLIN_OUTPUTS][2]; /* (the CV plugins') +-5 V, 0..10 V */
	float *sig[PERLIN_OUTPUTS]; /* where run() renders each output: out, or
	                               a volts port when out is unconnected */
	unsigned outputs; /* 1 or PERLIN_OUTPUTS */
	int sig_stale;    /* an output's or volts port's buffer changed since
	                     unalias_sig looked */
	int cv;           /* a CV plugin */

	/* state */
	int armed;        /* the CV trigger input fell low since its last edge */
	int clock_armed;  /* and the clock input */
	int have_map;
	perlin_uris uris;
	perlin_dsp dsp;
} Perlin;

/* Instantiation class. urid:map is optional: without it the plugin runs
   free and ignores the transport. */
static LV2_Handle instantiate(const LV2_Descriptor *descriptor, double rate,
                              const char *bundle_path,
                              const LV2_Feature *const *features)
{
	Perlin *self = (Perlin *)perlin_instance_alloc(sizeof(Perlin));
	(void)bundle_path;
	if (!self)
		return NULL;
	self->have_map = perlin_uris_map(&self->uris, features);
	perlin_controls_defaults(self->dflt, self->controls);
	self->outputs = !strcmp(descriptor->URI, PERLIN4_URI) ||
	                !strcmp(descriptor->URI, PERLIN4_CV_URI) ? PERLIN_OUTPUTS : 1U;
	self->cv = !strcmp(descriptor->URI, PERLIN_CV_URI) || !strcmp(descriptor->URI, PERLIN4_CV_URI);
	self->armed = self->clock_armed = 1;
	perlin_dsp_init_outputs(&self->dsp, rate, self->outputs);
	perlin_display_init(&self->display, rate, self->outputs, perlin_display_host_of(features));
	return (LV2_Handle)self;
}

/* Where run() renders output o: its port, or a volts port when that is
   unconnected (connect_port, whenever one of them changes: *port, now
   data); with several outputs unalias_sig looks again at the next run. */
static void route_sig(Perlin *self, unsigned o, float **port, void *data)
{
	if (*port == (float *)data)
		return; /* (a host may connect every port before every run) */
	*port = (float *)data;
	self->sig[o] = self->out[o] ? self->out[o]
	             : self->volts[o][0] ? self->volts[o][0] : self->volts[o][1];
	self->sig_stale = 1;
}

/* Audio class (as the spec allows); stores the pointers only. */
static void connect_port(LV2_Handle instance, uint32_t port, void *data)
{
	Perlin *self = (Perlin *)instance;
	const unsigned trig = PORT_TRIGGERS(self->outputs);
	if (port < PORT_CONTROL || (port >= trig && port < trig + 4U)) {
		/* the controls (at their own index, and the trigger controls) */
		const unsigned c = port < PORT_CONTROL ? port : PERLIN_PHASE + (port - trig);
		self->controls[c] = data ? (const float *)data : &self->dflt[c];
		return;
	}
	if (self->cv && port >= PORT_VOLTS(self->outputs) &&
	    port < PORT_VOLTS(self->outputs) + 2U * self->outputs) {
		const unsigned v = port - PORT_VOLTS(self->outputs);
		route_sig(self, v / 2U, &self->volts[v / 2U][v % 2U], data);
		return;
	}
	if (self->cv && port == PORT_TRIGGER_IN(self->outputs)) {
		self->trigger_in = (const float *)data;
		return;
	}
	if (self->cv && port >= PORT_DEPTH_CV(self->outputs) && port <= PORT_MORPH_CV(self->outputs)) {
		/* the inputs after the volts, in their order (ports.h) */
		const float **const in[6] = { &self->cv_in.depth, &self->cv_in.offset, &self->clock_in,
			                          &self->pulses, &self->cv_in.rate, &self->cv_in.morph };
		*in[port - PORT_DEPTH_CV(self->outputs)] = (const float *)data;
		return;
	}
	if (self->outputs > 1U && port >= PORT_OUT_2 && port < PORT_LEVEL_2 + 3U) {
		if (port < PORT_LEVEL_2)
			route_sig(self, 1 + port - PORT_OUT_2, &self->out[1 + port - PORT_OUT_2], data);
		else
			self->level[1 + port - PORT_LEVEL_2] = (float *)data;
		return;
	}
	switch ((perlin_port)port) {
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
	case PORT_OUT:
		route_sig(self, 0, &self->out[0], data);
		break;
	case PORT_SPREAD: /* (a trigger control of the one-output plugins: above) */
		if (self->outputs > 1U)
			self->spread = (const float *)data;
		break;
	default:
		break;
	}
}

/* Instantiation class: restart phases and forget the transport. */
static void activate(LV2_Handle instance)
{
	Perlin *self = (Perlin *)instance;
	perlin_dsp_activate(&self->dsp);
}

/* Audio class: n samples from sample `at` of the block into each output. */
static void render(Perlin *self, uint32_t at, uint32_t n)
{
	float *o[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
	perlin_cv cv;
	unsigned i;
	if (!at) { /* (the whole block: the ports as they are) */
		if (self->cv)
			perlin_dsp_run_cv(&self->dsp, self->sig, n, &self->cv_in);
		else
			perlin_dsp_run_outputs(&self->dsp, self->sig, n);
		return;
	}
	for (i = 0; i < self->outputs; ++i)
		o[i] = self->sig[i] ? self->sig[i] + at : NULL;
	cv.depth = self->cv_in.depth ? self->cv_in.depth + at : NULL;
	cv.offset = self->cv_in.offset ? self->cv_in.offset + at : NULL;
	cv.rate = self->cv_in.rate ? self->cv_in.rate + at : NULL;
	cv.morph = self->cv_in.morph ? self->cv_in.morph + at : NULL;
	perlin_dsp_run_cv(&self->dsp, o, n, &cv);
}

/* The clock's pulses per beat: the control, a whole number in range. */
static double pulses_per_beat(const Perlin *self)
{
	const float p = self->pulses ? perlin_clamp_info(&perlin_pulses_param, *self->pulses)
	                             : perlin_pulses_param.def;
	return (double)(int)(p + 0.5f);
}

/* Whether x is a rising edge of a CV gate (above 0.5, armed again below
   0.25): *armed tracks it. */
static int edge(int *armed, float x)
{
	if (*armed && x > 0.5f) {
		*armed = 0;
		return 1;
	}
	if (!*armed && x < 0.25f)
		*armed = 1;
	return 0;
}

/* Audio class: render from `*done` up to sample t of the block, with a
   clock pulse at each rising edge of the clock input and a trigger at
   each of the CV trigger input on the way (the pulse first). */
static void render_to(Perlin *self, uint32_t *done, uint32_t t)
{
	const float *in = self->trigger_in, *clk = self->clock_in;
	uint32_t i;
	if (in || clk)
		for (i = *done; i < t; ++i) {
			const int pulse = clk && edge(&self->clock_armed, clk[i]);
			const int trig = in && edge(&self->armed, in[i]);
			if (!pulse && !trig)
				continue;
			if (i > *done)
				render(self, *done, i - *done);
			*done = i;
			if (pulse)
				perlin_dsp_clock(&self->dsp, PERLIN_CLOCK_PULSE, pulses_per_beat(self), 0);
			if (trig)
				perlin_dsp_trigger(&self->dsp);
		}
	if (t > *done)
		render(self, *done, t - *done);
	*done = t;
}

/* Audio class: n samples, the block split at each event of the atom
   input (perlin_events, in time order): a time:Position goes to the
   transport, a note-on (on the trigger channel) is a trigger, and so is a
   rising edge at the CV trigger input. */
static __attribute__((noinline)) void run_events(Perlin *self, uint32_t n_samples)
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
		} else if (perlin_note_on(ev.midi, ev.size, *self->controls[PERLIN_CHANNEL])) {
			render_to(self, &done, ev.frame);
			perlin_dsp_trigger(&self->dsp);
		} else if (perlin_midi_clock(ev.midi, ev.size, &msg, &value)) {
			render_to(self, &done, ev.frame);
			perlin_dsp_clock(&self->dsp, msg, value, 1);
		}
	}
	render_to(self, &done, n_samples);
}

/* Whether a sequence may hold an event. */
static int any_events(const Perlin *self, const LV2_Atom_Sequence *seq)
{
	return seq && self->have_map && seq->atom.size > sizeof(LV2_Atom_Sequence_Body);
}

/* Audio class: the volts ports from the signal x (in [-1, 1]) of each
   output, n samples: +-5 V = 5 x, 0..10 V = 5 x + 5 (x rendered into one
   of them when the output itself is unconnected: that one last). */
static void volts_out(Perlin *self, uint32_t n)
{
	unsigned o;
	uint32_t i;
	for (o = 0; o < self->outputs; ++o) {
		const float *x = self->sig[o];
		float *bi = self->volts[o][0], *uni = self->volts[o][1];
		if (!x)
			continue;
		if (uni && uni != x)
			for (i = 0; i < n; ++i)
				uni[i] = 5.0f * x[i] + 5.0f;
		if (bi && bi != x)
			for (i = 0; i < n; ++i)
				bi[i] = 5.0f * x[i];
		if (x == bi)
			for (i = 0; i < n; ++i)
				bi[i] *= 5.0f;
		else if (x == uni)
			for (i = 0; i < n; ++i)
				uni[i] = 5.0f * uni[i] + 5.0f;
	}
}

/* Where each output renders, no buffer twice: a host may connect several
   outputs to one buffer (Ardour gives the outputs a plugin's pins leave
   unused one scratch buffer). The last output takes a shared buffer; one
   before it takes another of its ports (a volts port) or none, so each
   output's level is its own, not the last writer's. */
static void unalias_sig(Perlin *self)
{
	unsigned i = self->outputs, j, c;
	while (i-- > 0U) {
		float *const ports[3] = { self->out[i], self->volts[i][0], self->volts[i][1] };
		self->sig[i] = NULL;
		for (c = 0; c < 3U && !self->sig[i]; ++c) {
			int taken = ports[c] == NULL;
			for (j = i + 1U; j < self->outputs && !taken; ++j)
				taken = self->sig[j] == ports[c] || self->out[j] == ports[c];
			if (!taken)
				self->sig[i] = ports[c];
		}
	}
}

/* Audio class: render, splitting the block at each event. */
static void run(LV2_Handle instance, uint32_t n_samples)
{
	Perlin *self = (Perlin *)instance;
	unsigned i;
	if (self->outputs > 1U && self->sig_stale) {
		unalias_sig(self);
		self->sig_stale = 0;
	}
	perlin_dsp_controls_ports(&self->dsp, self->controls);
	if (self->spread) { /* (most blocks: as before, told here without a call) */
		uint32_t bits;
		memcpy(&bits, self->spread, sizeof bits);
		if (!self->dsp.spread_valid || bits != self->dsp.spread_raw)
			perlin_dsp_spread(&self->dsp, *self->spread);
	}
	if (any_events(self, self->control) || self->trigger_in || self->clock_in)
		run_events(self, n_samples);
	else /* (no event: the ports as they are) */
		render(self, 0, n_samples);
	for (i = 0; i < self->outputs; ++i)
		if (self->level[i])
			*self->level[i] = self->dsp.level[i];
	perlin_display_record(&self->display, self->sig, self->dsp.level, n_samples);
	if (self->cv)
		volts_out(self, n_samples);
}

static void deactivate(LV2_Handle instance)
{
	(void)instance;
}

/* Instantiation class. */
static void cleanup(LV2_Handle instance)
{
	perlin_display_free(&((Perlin *)instance)->display);
	perlin_instance_free(instance, sizeof(Perlin));
}

static const void *extension_data(const char *uri)
{
	return perlin_display_extension_data(uri);
}

static const LV2_Descriptor descriptors[5] = {
	{ PERLIN_URI, instantiate, connect_port, activate, run, deactivate,
	  cleanup, extension_data },
	{ PERLIN_CV_URI, instantiate, connect_port, activate, run, deactivate,
	  cleanup, extension_data },
	{ PERLIN4_URI, instantiate, connect_port, activate, run, deactivate,
	  cleanup, extension_data },
	{ PERLIN4_CV_URI, instantiate, connect_port, activate, run, deactivate,
	  cleanup, extension_data },
	{ PERLIN_KEYED_URI, instantiate, connect_port, activate, run, deactivate,
	  cleanup, extension_data },
};

/* The one exported function: the five above, then Perlin Noise MIDI
   (plugin/lv2/perlin_midi.c) at index 5. */
LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index)
{
	return index < 5 ? &descriptors[index] : index == 5 ? &perlin_midi_descriptor : NULL;
}
