/* perlin.c: LV2 glue for "Perlin Noise" (audio out, for Ardour) and
   "Perlin Noise CV" (CV out, for Carla, MOD and other CV hosts), and their
   four-output twins "Perlin Noise x4" and "Perlin Noise CV x4". All share
   the DSP (plugin/dsp.h) and the same ports at the same indices (only the
   output at index 16 differs in type); the twins add spread and three more
   outputs and levels after them (plugin/ports.h). With a host that draws
   them (Ardour, Carla), each shows its recent output in an inline display
   (display.h). */
#include "display.h"
#include "dsp.h"
#include "ports.h"

#include <lv2/atom/atom.h>
#include <lv2/core/lv2.h>
#include <lv2/time/time.h>
#include <lv2/urid/urid.h>

#include <stdlib.h>
#include <string.h>

#define PERLIN_URI "urn:perlin-lv2:perlin"
#define PERLIN_CV_URI "urn:perlin-lv2:perlin-cv"
#define PERLIN4_URI "urn:perlin-lv2:perlin4"
#define PERLIN4_CV_URI "urn:perlin-lv2:perlin4-cv"

typedef struct {
	LV2_URID atom_Object, atom_Blank, atom_Int, atom_Long, atom_Float,
		atom_Double, atom_frameTime, time_Position, time_frame, time_speed,
		time_beatsPerMinute, time_bar, time_barBeat, time_beatsPerBar,
		time_beat;
} URIs;

typedef struct {
	/* ports (a control not connected: its default, in dflt) */
	const float *controls[PERLIN_N_PARAMS];
	float dflt[PERLIN_N_PARAMS];
	const LV2_Atom_Sequence *control;
	const float *spread;
	float *level[PERLIN_OUTPUTS];
	float *out[PERLIN_OUTPUTS];
	unsigned outputs; /* 1 or PERLIN_OUTPUTS */

	/* state */
	int have_map;
	URIs uris;
	perlin_dsp dsp;
	perlin_display display;
} Perlin;

/* Instantiation class: map the URIs the transport parser needs. */
static void map_uris(URIs *u, LV2_URID_Map *map)
{
	u->atom_Object = map->map(map->handle, LV2_ATOM__Object);
	u->atom_Blank = map->map(map->handle, LV2_ATOM__Blank);
	u->atom_Int = map->map(map->handle, LV2_ATOM__Int);
	u->atom_Long = map->map(map->handle, LV2_ATOM__Long);
	u->atom_Float = map->map(map->handle, LV2_ATOM__Float);
	u->atom_Double = map->map(map->handle, LV2_ATOM__Double);
	u->atom_frameTime = map->map(map->handle, LV2_ATOM__frameTime);
	u->time_Position = map->map(map->handle, LV2_TIME__Position);
	u->time_frame = map->map(map->handle, LV2_TIME__frame);
	u->time_speed = map->map(map->handle, LV2_TIME__speed);
	u->time_beatsPerMinute = map->map(map->handle, LV2_TIME__beatsPerMinute);
	u->time_bar = map->map(map->handle, LV2_TIME__bar);
	u->time_barBeat = map->map(map->handle, LV2_TIME__barBeat);
	u->time_beatsPerBar = map->map(map->handle, LV2_TIME__beatsPerBar);
	u->time_beat = map->map(map->handle, LV2_TIME__beat);
}

/* Instantiation class. urid:map is optional: without it the plugin runs
   free and ignores the transport. */
static LV2_Handle instantiate(const LV2_Descriptor *descriptor, double rate,
                              const char *bundle_path,
                              const LV2_Feature *const *features)
{
	Perlin *self = (Perlin *)calloc(1, sizeof(Perlin));
	LV2_URID_Map *map = NULL;
	const perlin_display_host *draw = NULL;
	unsigned i;
	(void)bundle_path;
	if (!self)
		return NULL;
	for (i = 0; features && features[i]; ++i) {
		if (!strcmp(features[i]->URI, LV2_URID__map))
			map = (LV2_URID_Map *)features[i]->data;
		else if (!strcmp(features[i]->URI, PERLIN_DISPLAY__queue_draw))
			draw = (const perlin_display_host *)features[i]->data;
	}
	if (map) {
		map_uris(&self->uris, map);
		self->have_map = 1;
	}
	for (i = 0; i < PERLIN_N_PARAMS; ++i) { /* (as perlin_dsp_controls takes a NULL) */
		self->dflt[i] = perlin_params[i].def;
		self->controls[i] = &self->dflt[i];
	}
	self->outputs = !strcmp(descriptor->URI, PERLIN4_URI) ||
	                !strcmp(descriptor->URI, PERLIN4_CV_URI) ? PERLIN_OUTPUTS : 1U;
	perlin_dsp_init_outputs(&self->dsp, rate, self->outputs);
	perlin_display_init(&self->display, rate, self->outputs, draw);
	return (LV2_Handle)self;
}

/* Audio class (as the spec allows); stores the pointer only. */
static void connect_port(LV2_Handle instance, uint32_t port, void *data)
{
	Perlin *self = (Perlin *)instance;
	if (port < PORT_CONTROL) { /* the controls at their own index */
		self->controls[port] = data ? (const float *)data : &self->dflt[port];
		return;
	}
	if (self->outputs > 1U && port >= PORT_OUT_2 && port < PORT_COUNT_4) {
		if (port < PORT_LEVEL_2)
			self->out[1 + port - PORT_OUT_2] = (float *)data;
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
		self->out[0] = (float *)data;
		break;
	case PORT_SPREAD: /* (PORT_COUNT of the one-output plugins) */
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

/* f, or 0 when f is a float denormal (told by its bits: with FP traps on,
   any arithmetic or comparison on a denormal faults). */
static double float_flushed(float f)
{
	uint32_t bits;
	memcpy(&bits, &f, sizeof bits);
	return (bits & 0x7f800000U) ? (double)f : 0.0;
}

/* d, or 0 when d is a double denormal. */
static double double_flushed(double d)
{
	uint64_t bits;
	memcpy(&bits, &d, sizeof bits);
	return (bits & UINT64_C(0x7ff0000000000000)) ? d : 0.0;
}

/* A numeric atom of any of the types hosts use, as a double (denormals
   are 0). */
static int atom_number(const URIs *u, const LV2_Atom *a, double *v)
{
	if (!a)
		return 0;
	if (a->type == u->atom_Float && a->size >= sizeof(float))
		*v = float_flushed(((const LV2_Atom_Float *)a)->body);
	else if (a->type == u->atom_Double && a->size >= sizeof(double))
		*v = double_flushed(((const LV2_Atom_Double *)a)->body);
	else if (a->type == u->atom_Long && a->size >= sizeof(int64_t))
		*v = (double)((const LV2_Atom_Long *)a)->body;
	else if (a->type == u->atom_Int && a->size >= sizeof(int32_t))
		*v = ((const LV2_Atom_Int *)a)->body;
	else
		return 0;
	return 1;
}

/* The atoms of a host's sequence are trusted for nothing but the
   sequence's total size: every event, object and property below is
   checked to lie wholly inside what contains it before it is read. */

/* The atom inside [p, end) that starts at p, or NULL when its header or
   body would reach past end. */
static const LV2_Atom *atom_within(const uint8_t *p, const uint8_t *end)
{
	const LV2_Atom *a = (const LV2_Atom *)p;
	if (end < p || (size_t)(end - p) < sizeof(LV2_Atom) ||
	    a->size > (size_t)(end - p) - sizeof(LV2_Atom))
		return NULL;
	return a;
}

/* Where the next event or property starts after one of `size` bytes. */
static const uint8_t *padded(const uint8_t *p, size_t size)
{
	return p + ((size + 7U) & ~(size_t)7U);
}

/* Audio class: read a time:Position object's body (size bytes, known to
   lie inside the sequence) into the DSP. Of a key given twice, the first
   counts. */
static void handle_position(Perlin *self, const LV2_Atom_Object_Body *body, uint32_t size)
{
	const URIs *u = &self->uris;
	const uint32_t keys[7] = { u->time_frame, u->time_speed, u->time_beatsPerMinute,
		                       u->time_bar, u->time_barBeat, u->time_beatsPerBar,
		                       u->time_beat };
	const LV2_Atom *val[7] = { NULL, NULL, NULL, NULL, NULL, NULL, NULL };
	const uint8_t *p = (const uint8_t *)(body + 1);
	const uint8_t *const end = (const uint8_t *)body + size;
	perlin_position pos;
	double b, bb, pb;
	unsigned k;
	while (end > p && (size_t)(end - p) >= sizeof(LV2_Atom_Property_Body)) {
		const LV2_Atom_Property_Body *prop = (const LV2_Atom_Property_Body *)p;
		const LV2_Atom *v = atom_within((const uint8_t *)&prop->value, end);
		if (!v)
			break;
		for (k = 0; k < 7; ++k)
			if (prop->key == keys[k] && !val[k])
				val[k] = v;
		p = padded(p, sizeof(LV2_Atom_Property_Body) + v->size);
	}
	memset(&pos, 0, sizeof pos);
	pos.has_frame = atom_number(u, val[0], &pos.frame);
	pos.has_speed = atom_number(u, val[1], &pos.speed);
	pos.has_bpm = atom_number(u, val[2], &pos.bpm);
	if (atom_number(u, val[3], &b) && atom_number(u, val[4], &bb) &&
	    atom_number(u, val[5], &pb) && pb > 0.0) {
		pos.beat = b * pb + bb;
		pos.has_beat = 1;
	} else {
		pos.has_beat = atom_number(u, val[6], &pos.beat);
	}
	perlin_dsp_position(&self->dsp, &pos);
}

/* Audio class: n samples from sample `at` of the block into each output. */
static void render(Perlin *self, uint32_t at, uint32_t n)
{
	float *o[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
	unsigned i;
	for (i = 0; i < self->outputs; ++i)
		o[i] = self->out[i] ? self->out[i] + at : NULL;
	perlin_dsp_run_outputs(&self->dsp, o, n);
}

/* Audio class: n samples, the block split at each time:Position in seq
   (run's, when it holds any event). */
static __attribute__((noinline)) void run_events(Perlin *self, const LV2_Atom_Sequence *seq,
                                                 uint32_t n_samples)
{
	const URIs *u = &self->uris;
	/* event times in frames (unit 0 or atom:frameTime); in any other
	   unit, events apply where the block has got to */
	const int frames = seq->body.unit == 0 || seq->body.unit == u->atom_frameTime;
	const uint8_t *p = (const uint8_t *)(seq + 1);
	const uint8_t *const end = (const uint8_t *)&seq->body + seq->atom.size;
	uint32_t done = 0;
	while (end > p && (size_t)(end - p) >= sizeof(LV2_Atom_Event)) {
		const LV2_Atom_Event *ev = (const LV2_Atom_Event *)p;
		const LV2_Atom *body = atom_within((const uint8_t *)&ev->body, end);
		uint32_t t = done;
		if (!body)
			break;
		p = padded(p, sizeof(LV2_Atom_Event) + body->size);
		if ((body->type != u->atom_Object && body->type != u->atom_Blank) ||
		    body->size < sizeof(LV2_Atom_Object_Body) ||
		    ((const LV2_Atom_Object *)body)->body.otype != u->time_Position)
			continue;
		/* events are in time order; clamp a stray one into the block */
		if (frames)
			t = ev->time.frames < (int64_t)done ? done
			  : ev->time.frames > (int64_t)n_samples ? n_samples
			  : (uint32_t)ev->time.frames;
		if (t > done) {
			render(self, done, t - done);
			done = t;
		}
		handle_position(self, &((const LV2_Atom_Object *)body)->body, body->size);
	}
	render(self, done, n_samples - done);
}

/* Audio class: render, splitting the block at each time:Position. */
static void run(LV2_Handle instance, uint32_t n_samples)
{
	Perlin *self = (Perlin *)instance;
	const LV2_Atom_Sequence *seq = self->control;
	unsigned i;
	perlin_dsp_controls_ports(&self->dsp, self->controls);
	if (self->spread)
		perlin_dsp_spread(&self->dsp, *self->spread);
	if (seq && self->have_map && seq->atom.size > sizeof(LV2_Atom_Sequence_Body))
		run_events(self, seq, n_samples);
	else /* (no event: the ports as they are) */
		perlin_dsp_run_outputs(&self->dsp, self->out, n_samples);
	for (i = 0; i < self->outputs; ++i)
		if (self->level[i])
			*self->level[i] = self->dsp.level[i];
	perlin_display_record(&self->display, self->out, self->dsp.level, n_samples);
}

static void deactivate(LV2_Handle instance)
{
	(void)instance;
}

/* Instantiation class. */
static void cleanup(LV2_Handle instance)
{
	perlin_display_free(&((Perlin *)instance)->display);
	free(instance);
}

/* The host's GUI thread. */
static perlin_display_image *render_display(void *instance, uint32_t w, uint32_t max_h)
{
	return perlin_display_render(&((Perlin *)instance)->display, w, max_h);
}

static const void *extension_data(const char *uri)
{
	static const perlin_display_interface display = { render_display };
	if (!strcmp(uri, PERLIN_DISPLAY__interface))
		return &display;
	return NULL;
}

static const LV2_Descriptor descriptors[4] = {
	{ PERLIN_URI, instantiate, connect_port, activate, run, deactivate,
	  cleanup, extension_data },
	{ PERLIN_CV_URI, instantiate, connect_port, activate, run, deactivate,
	  cleanup, extension_data },
	{ PERLIN4_URI, instantiate, connect_port, activate, run, deactivate,
	  cleanup, extension_data },
	{ PERLIN4_CV_URI, instantiate, connect_port, activate, run, deactivate,
	  cleanup, extension_data },
};

LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index)
{
	return index < 4 ? &descriptors[index] : NULL;
}
