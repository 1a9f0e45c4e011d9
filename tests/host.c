/* host.c: see host.h. Runs in one thread; not realtime (it is the host).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "host.h"

#include <lv2/atom/atom.h>
#include <lv2/atom/forge.h>
#include <lv2/midi/midi.h>
#include <lv2/time/time.h>
#include <lv2/urid/urid.h>

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- URID map: a plain list, enough for one plugin's URIs ---- */
static char *uri_list[512];
static unsigned n_uri;

static LV2_URID map_uri(LV2_URID_Map_Handle handle, const char *uri)
{
	unsigned i;
	(void)handle;
	for (i = 0; i < n_uri; ++i)
		if (!strcmp(uri_list[i], uri))
			return i + 1;
	if (n_uri == sizeof uri_list / sizeof uri_list[0])
		return 0;
	uri_list[n_uri] = malloc(strlen(uri) + 1);
	if (!uri_list[n_uri])
		return 0;
	strcpy(uri_list[n_uri], uri);
	return ++n_uri;
}

static const char *unmap_uri(LV2_URID_Unmap_Handle handle, LV2_URID urid)
{
	(void)handle;
	return urid && urid <= n_uri ? uri_list[urid - 1] : NULL;
}

static LV2_URID_Map map = { NULL, map_uri };
static LV2_URID_Unmap unmap = { NULL, unmap_uri };
static LV2_Feature map_feature = { LV2_URID__map, &map };
static LV2_Feature unmap_feature = { LV2_URID__unmap, &unmap };
/* a third feature a test may add (host_feature) */
static const LV2_Feature *features[] = { &map_feature, &unmap_feature, NULL, NULL };

void host_feature(const LV2_Feature *f)
{
	features[2] = f;
}

uint32_t host_map(const char *uri)
{
	return map_uri(NULL, uri);
}

const void *host_map_feature(void)
{
	return &map;
}

/* ---- world ---- */
/* Whether plugin p was read from bundle (a file URI ending in '/'). */
static int from_bundle(const LilvPlugin *p, const LilvNode *bundle)
{
	return p && lilv_node_equals(lilv_plugin_get_bundle_uri(p), bundle);
}

/* midi:MidiEvent in the world host_world_open made */
static LilvNode *midi_event;

int host_world_open(host_world *w, const char *bundle_dir)
{
	char path[PATH_MAX + 2];
	LilvNode *bundle, *uri;
	const LilvPlugins *all;
	int ok;
	memset(w, 0, sizeof *w);
	if (!realpath(bundle_dir, path)) {
		fprintf(stderr, "cannot read the bundle %s\n", bundle_dir);
		return 1;
	}
	strcat(path, "/");
	/* This bundle alone: not lilv_world_load_all(), which would read
	   LV2_PATH (~/.lv2 by default), where an installed copy of the same
	   plugins would shadow the one just built. */
	w->world = lilv_world_new();
	bundle = lilv_new_file_uri(w->world, NULL, path);
	lilv_world_load_bundle(w->world, bundle);
	all = lilv_world_get_all_plugins(w->world);
	uri = lilv_new_uri(w->world, URI_PERLIN);
	w->audio = lilv_plugins_get_by_uri(all, uri);
	lilv_node_free(uri);
	uri = lilv_new_uri(w->world, URI_PERLIN_CV);
	w->cv = lilv_plugins_get_by_uri(all, uri);
	lilv_node_free(uri);
	uri = lilv_new_uri(w->world, URI_PERLIN4);
	w->audio4 = lilv_plugins_get_by_uri(all, uri);
	lilv_node_free(uri);
	uri = lilv_new_uri(w->world, URI_PERLIN4_CV);
	w->cv4 = lilv_plugins_get_by_uri(all, uri);
	lilv_node_free(uri);
	uri = lilv_new_uri(w->world, URI_PERLIN_KEYED);
	w->keyed = lilv_plugins_get_by_uri(all, uri);
	lilv_node_free(uri);
	uri = lilv_new_uri(w->world, URI_PERLIN_MIDI);
	w->midi = lilv_plugins_get_by_uri(all, uri);
	lilv_node_free(uri);
	midi_event = lilv_new_uri(w->world, LV2_MIDI__MidiEvent);
	ok = from_bundle(w->audio, bundle) && from_bundle(w->cv, bundle) &&
	     from_bundle(w->audio4, bundle) && from_bundle(w->cv4, bundle) &&
	     from_bundle(w->keyed, bundle) && from_bundle(w->midi, bundle);
	lilv_node_free(bundle);
	if (!ok) {
		fprintf(stderr, "no Perlin plugins in the bundle %s\n", path);
		host_world_close(w);
		return 1;
	}
	return 0;
}

void host_world_close(host_world *w)
{
	lilv_node_free(midi_event);
	midi_event = NULL;
	if (w->world)
		lilv_world_free(w->world);
	w->world = NULL;
}

/* Room for an event of `need` bytes (padded) at frame `frames` in the
   sequence in buf (cap bytes), after the events at or before it, so the
   sequence stays in time order whatever the order of the calls: where to
   write it (zeroed), or NULL when there is no room left. */
static uint8_t *open_gap(uint8_t *buf, size_t cap, int64_t frames, size_t need)
{
	LV2_Atom_Sequence *seq = (LV2_Atom_Sequence *)buf;
	uint8_t *p = (uint8_t *)(seq + 1);
	uint8_t *const end = (uint8_t *)&seq->body + seq->atom.size;
	while (p < end && ((const LV2_Atom_Event *)p)->time.frames <= frames)
		p += lv2_atom_pad_size((uint32_t)(sizeof(LV2_Atom_Event) +
		                                  ((const LV2_Atom_Event *)p)->body.size));
	if ((size_t)(end - buf) + need > cap)
		return NULL;
	memmove(p + need, p, (size_t)(end - p));
	memset(p, 0, need);
	seq->atom.size += (uint32_t)need;
	return p;
}

/* A forged event (`size` bytes: its time, then its atom) put in its place
   in h's sequence: 0, or 1 when there is no room left. */
static int put_event(host_inst *h, uint32_t offset, const uint8_t *ev, uint32_t size)
{
	uint8_t *at = open_gap(h->events.bytes, sizeof h->events.bytes, (int64_t)offset,
	                       lv2_atom_pad_size(size));
	if (!at)
		return 1;
	memcpy(at, ev, size);
	return 0;
}

/* ---- instance ---- */
static void clear_sequence(uint8_t *bytes)
{
	LV2_Atom_Sequence *seq = (LV2_Atom_Sequence *)bytes;
	seq->atom.type = map_uri(NULL, LV2_ATOM__Sequence);
	seq->atom.size = sizeof(LV2_Atom_Sequence_Body);
	seq->body.unit = 0;
	seq->body.pad = 0;
}

static void clear_events(host_inst *h)
{
	clear_sequence(h->events.bytes);
}

int host_plugin_outputs(const LilvPlugin *p)
{
	const char *uri = lilv_node_as_uri(lilv_plugin_get_uri(p));
	return !strcmp(uri, URI_PERLIN4) || !strcmp(uri, URI_PERLIN4_CV) ||
	               !strcmp(uri, URI_PERLIN_MIDI)
	           ? PERLIN_OUTPUTS
	           : 1;
}

const char *const host_cv_symbols[HOST_CV_INS] = { "rate_cv", "depth_cv", "offset_cv",
	                                                 "morph_cv", "clock_in" };

int host_inst_open(host_inst *h, const LilvPlugin *p, double sr, int connect_out)
{
	uint32_t i;
	memset(h, 0, sizeof *h);
	h->connect_out = connect_out;
	h->inst = lilv_plugin_instantiate(p, sr, features);
	if (!h->inst) {
		fprintf(stderr, "the plugin did not instantiate at %g Hz\n", sr);
		return 1;
	}
	h->outputs = host_plugin_outputs(p);
	for (i = 0; i < PERLIN_N_PARAMS; ++i) {
		h->controls[i] = perlin_params[i].def;
		lilv_instance_connect_port(h->inst, PERLIN_PORT(i, (unsigned)h->outputs), &h->controls[i]);
	}
	clear_events(h);
	lilv_instance_connect_port(h->inst, 14, h->events.bytes);
	lilv_instance_connect_port(h->inst, 15, &h->level);
	lilv_instance_connect_port(h->inst, 16, NULL);
	/* MIDI: at the control port, where the plugin declares it */
	h->has_midi = midi_event &&
	              lilv_port_supports_event(p, lilv_plugin_get_port_by_index(p, 14), midi_event);
	if (h->outputs > 1) {
		h->controls[RENDER_SPREAD] = perlin_spread_param.def;
		lilv_instance_connect_port(h->inst, PORT_SPREAD, &h->controls[RENDER_SPREAD]);
		for (i = 1; i < PERLIN_OUTPUTS; ++i) {
			lilv_instance_connect_port(h->inst, PORT_OUT_2 + i - 1, NULL);
			lilv_instance_connect_port(h->inst, PORT_LEVEL_2 + i - 1, &h->levels[i]);
		}
	}
	lilv_instance_activate(h->inst);
	return 0;
}

void host_inst_position(host_inst *h, uint32_t offset, double frame, double speed,
                        double beat, double bpm)
{
	union {
		uint64_t align;
		uint8_t bytes[512];
	} ev; /* the event, forged here, then put in its place */
	LV2_Atom_Forge forge;
	LV2_Atom_Forge_Frame f;
	const double bar = floor(beat / 4.0);
	lv2_atom_forge_init(&forge, &map);
	lv2_atom_forge_set_buffer(&forge, ev.bytes, sizeof ev.bytes);
	lv2_atom_forge_frame_time(&forge, offset);
	lv2_atom_forge_object(&forge, &f, 0, map_uri(NULL, LV2_TIME__Position));
	lv2_atom_forge_key(&forge, map_uri(NULL, LV2_TIME__frame));
	lv2_atom_forge_long(&forge, (int64_t)llround(frame));
	lv2_atom_forge_key(&forge, map_uri(NULL, LV2_TIME__speed));
	lv2_atom_forge_float(&forge, (float)speed);
	lv2_atom_forge_key(&forge, map_uri(NULL, LV2_TIME__barBeat));
	lv2_atom_forge_float(&forge, (float)(beat - bar * 4.0));
	lv2_atom_forge_key(&forge, map_uri(NULL, LV2_TIME__bar));
	lv2_atom_forge_long(&forge, (int64_t)bar);
	lv2_atom_forge_key(&forge, map_uri(NULL, LV2_TIME__beatUnit));
	lv2_atom_forge_int(&forge, 4);
	lv2_atom_forge_key(&forge, map_uri(NULL, LV2_TIME__beatsPerBar));
	lv2_atom_forge_float(&forge, 4.0f);
	lv2_atom_forge_key(&forge, map_uri(NULL, LV2_TIME__beatsPerMinute));
	lv2_atom_forge_float(&forge, (float)bpm);
	lv2_atom_forge_pop(&forge, &f);
	put_event(h, offset, ev.bytes, (uint32_t)forge.offset);
}

int host_inst_position_any(host_inst *h, uint32_t offset, const host_position *p)
{
	static const char *const keys[HOST_POS_N] = {
		LV2_TIME__frame, LV2_TIME__speed, LV2_TIME__beatsPerMinute, LV2_TIME__bar,
		LV2_TIME__barBeat, LV2_TIME__beatsPerBar, LV2_TIME__beat,
	};
	union {
		uint64_t align;
		uint8_t bytes[512];
	} ev; /* the event, forged here, then put in its place */
	LV2_Atom_Forge forge;
	LV2_Atom_Forge_Frame f;
	int i, ok;
	lv2_atom_forge_init(&forge, &map);
	lv2_atom_forge_set_buffer(&forge, ev.bytes, sizeof ev.bytes);
	ok = lv2_atom_forge_frame_time(&forge, offset) != 0;
	ok = ok && lv2_atom_forge_object(&forge, &f, 0, map_uri(NULL, LV2_TIME__Position));
	for (i = 0; ok && i < HOST_POS_N; ++i) {
		const double v = p->value[i];
		if (!(p->fields & (1U << i)))
			continue;
		ok = lv2_atom_forge_key(&forge, map_uri(NULL, keys[i])) != 0;
		switch (p->type[i]) {
		case 0:
			ok = ok && lv2_atom_forge_int(&forge, v != v ? 0 : v > 2e9 ? 2000000000 : v < -2e9 ? -2000000000 : (int32_t)v);
			break;
		case 1:
			ok = ok && lv2_atom_forge_long(&forge, v != v ? 0 : fabs(v) > 9e18 ? 0 : (int64_t)llround(v));
			break;
		case 2:
			ok = ok && lv2_atom_forge_float(&forge, (float)v);
			break;
		default:
			ok = ok && lv2_atom_forge_double(&forge, v);
			break;
		}
	}
	if (!ok)
		return 1;
	lv2_atom_forge_pop(&forge, &f);
	return put_event(h, offset, ev.bytes, (uint32_t)forge.offset);
}

/* MIDI bytes put into the sequence in buf (cap bytes) at `offset`
   (open_gap): 0, or 1 when there is no room left. */
static int append_midi(uint8_t *buf, size_t cap, uint32_t offset, const uint8_t *bytes,
                       uint32_t size)
{
	LV2_Atom_Event *ev = (LV2_Atom_Event *)open_gap(
		buf, cap, (int64_t)offset, lv2_atom_pad_size((uint32_t)(sizeof(LV2_Atom_Event) + size)));
	if (!ev)
		return 1;
	ev->time.frames = offset;
	ev->body.size = size;
	ev->body.type = map_uri(NULL, LV2_MIDI__MidiEvent);
	memcpy(ev + 1, bytes, size);
	return 0;
}

int host_inst_midi(host_inst *h, uint32_t offset, const uint8_t *bytes, uint32_t size)
{
	return h->has_midi ? append_midi(h->events.bytes, sizeof h->events.bytes, offset, bytes, size)
	                   : 1;
}

void host_inst_run(host_inst *h, float *out, uint32_t n)
{
	float *outs[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
	outs[0] = out;
	host_inst_run_outputs(h, outs, n);
}

void host_inst_run_outputs(host_inst *h, float *const out[], uint32_t n)
{
	int i;
	if (h->connect_out) {
		lilv_instance_connect_port(h->inst, 16, out[0]);
		for (i = 1; i < h->outputs; ++i)
			lilv_instance_connect_port(h->inst, PORT_OUT_2 + (uint32_t)i - 1, out[i]);
	}
	for (i = 0; i < HOST_CV_INS; ++i) /* (set by a render of the CV plugins alone) */
		if (h->cv_in[i]) {
			const uint32_t o = (uint32_t)h->outputs;
			const uint32_t port[HOST_CV_INS] = { PORT_RATE_CV(o), PORT_DEPTH_CV(o),
				                                 PORT_OFFSET_CV(o), PORT_MORPH_CV(o),
				                                 PORT_CLOCK_IN(o) };
			lilv_instance_connect_port(h->inst, port[i], (void *)(uintptr_t)h->cv_in[i]);
		}
	lilv_instance_run(h->inst, n);
	h->levels[0] = h->level;
	clear_events(h);
}

void host_inst_close(host_inst *h)
{
	if (h->inst) {
		lilv_instance_deactivate(h->inst);
		lilv_instance_free(h->inst);
	}
	h->inst = NULL;
}

/* ---- rendering ---- */
void render_spec_init(render_spec *s)
{
	unsigned i;
	memset(s, 0, sizeof *s);
	s->connect_out = 1;
	s->sr = 48000.0;
	s->frames = 48000;
	s->block = 512;
	s->block_max = 4096;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		s->set[i] = perlin_params[i].def;
	s->set[RENDER_SPREAD] = perlin_spread_param.def;
	s->transport = 1;
	s->bpm = 120.0;
}

static const render_auto *find_auto(const render_spec *s, int param)
{
	int i;
	for (i = 0; i < s->n_autos; ++i)
		if (s->autos[i].param == param)
			return &s->autos[i];
	return NULL;
}

/* The value of automation a at time t (dflt without a). */
static double auto_value(const render_auto *a, double dflt, double t)
{
	int i;
	if (!a || a->n == 0)
		return dflt;
	if (t <= a->t[0])
		return a->v[0];
	for (i = 1; i < a->n; ++i)
		if (t < a->t[i]) {
			const double u = (t - a->t[i - 1]) / (a->t[i] - a->t[i - 1]);
			return a->step ? a->v[i - 1] : a->v[i - 1] + u * (a->v[i] - a->v[i - 1]);
		}
	return a->v[a->n - 1];
}

double render_value(const render_spec *s, int param, double t)
{
	return auto_value(find_auto(s, param), s->set[param], t);
}

/* The sample where breakpoint j takes effect. */
static uint64_t point_sample(const render_spec *s, double t)
{
	return t <= 0.0 ? 0U : (uint64_t)ceil(t * s->sr);
}

/* The value control `param` has at sample i: steps switch on the sample
   point_sample() names, ramps are sampled on the RENDER_GRID grid. A
   function of the sample index alone, so block sizes cannot change it. */
static float value_at(const render_spec *s, int param, uint64_t i, float dflt)
{
	const render_auto *a = find_auto(s, param);
	int j, k = 0;
	if (!a || a->n == 0)
		return dflt;
	if (!a->step)
		return (float)auto_value(a, dflt, (double)(i / RENDER_GRID * RENDER_GRID) / s->sr);
	for (j = 0; j < a->n; ++j)
		if (point_sample(s, a->t[j]) <= i)
			k = j;
	return (float)a->v[k];
}

/* First sample after `from` where a control may change, or `limit`. */
static uint64_t next_change(const render_spec *s, uint64_t from, uint64_t limit)
{
	uint64_t next = limit;
	int i, j;
	for (i = 0; i < s->n_autos; ++i) {
		const render_auto *a = &s->autos[i];
		if (!a->step && a->n > 1) { /* ramps: every grid point */
			const uint64_t g = (from / RENDER_GRID + 1) * RENDER_GRID;
			next = g < next ? g : next;
			continue;
		}
		for (j = 0; j < a->n; ++j) {
			const uint64_t at = point_sample(s, a->t[j]);
			if (at > from && at < next)
				next = at;
		}
	}
	for (j = 0; j < s->n_jumps; ++j) {
		const uint64_t at = point_sample(s, s->jump_t[j]);
		if (at > from && at < next)
			next = at;
	}
	if (s->roll_at > 0.0) {
		const uint64_t at = point_sample(s, s->roll_at);
		if (at > from && at < next)
			next = at;
	}
	return next;
}

/* What host_render plays into: a plugin instance through lilv, or the DSP
   in process. */
typedef struct {
	float *controls; /* RENDER_N_CONTROLS values, read at each run */
	void (*position)(void *t, double frame, double speed, double beat, double bpm);
	void (*run)(void *t, float *const out[], uint32_t n);
	float (*level)(void *t, int o);
	void (*trigger)(void *t); /* a note-on at the next run's start */
	/* or NULL: settings of its own at sample i, before each run */
	void (*settings)(void *t, const render_spec *s, uint64_t i);
	void *t;
	const float **cv_at; /* or NULL: where the next run's CV inputs go */
} render_target;

static int play(const render_spec *s, const render_target *tg, float *out)
{
	uint64_t done = 0, block_left = 0, rng = s->block_seed;
	double frame = s->start_beat * 60.0 / s->bpm * s->sr;
	const int outs = s->four ? PERLIN_OUTPUTS : 1;
	int i;
	if (s->transport)
		tg->position(tg->t, frame, s->roll_at > 0.0 ? 0.0 : 1.0, s->start_beat, s->bpm);
	while (done < s->frames) {
		uint64_t end;
		uint32_t n;
		if (block_left == 0) {
			if (s->block) {
				block_left = s->block;
			} else { /* splitmix64 */
				uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);
				z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
				z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
				block_left = 1 + (z ^ (z >> 31)) % (s->block_max ? s->block_max : 4096);
			}
		}
		end = next_change(s, done, done + block_left);
		for (i = 0; i < s->n_triggers; ++i) { /* a run starts at each trigger */
			const uint64_t at = point_sample(s, s->trigger_t[i]);
			if (at > done && at < end)
				end = at;
		}
		if (end > s->frames)
			end = s->frames;
		n = (uint32_t)(end - done);
		/* control values at this sample, ramps quantised to the grid */
		for (i = 0; i < RENDER_N_CONTROLS; ++i)
			tg->controls[i] = value_at(s, i, done, s->set[i]);
		if (tg->settings)
			tg->settings(tg->t, s, done);
		for (i = 0; i < s->n_jumps; ++i)
			if (point_sample(s, s->jump_t[i]) == done && done && s->transport) {
				frame = s->jump_beat[i] * 60.0 / s->bpm * s->sr;
				tg->position(tg->t, frame, 1.0, s->jump_beat[i], s->bpm);
			}
		if (s->transport && s->roll_at > 0.0 && done && point_sample(s, s->roll_at) == done)
			tg->position(tg->t, frame, 1.0, s->start_beat, s->bpm); /* play */
		for (i = 0; i < s->n_triggers; ++i)
			if (point_sample(s, s->trigger_t[i]) == done)
				tg->trigger(tg->t);
		if (tg->cv_at)
			for (i = 0; i < HOST_CV_INS; ++i)
				tg->cv_at[i] = s->cv && s->cv_in[i] ? s->cv_in[i] + done : NULL;
		if (s->before_run)
			s->before_run();
		{
			float *o[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
			for (i = 0; i < outs; ++i)
				o[i] = out && s->connect_out ? out + (uint64_t)i * s->frames + done : NULL;
			tg->run(tg->t, o, n);
		}
		if (s->after_run)
			s->after_run();
		if (!s->connect_out && out) /* unconnected: record the level ports */
			for (i = 0; i < outs; ++i) {
				uint32_t k;
				const float level = tg->level(tg->t, i);
				for (k = 0; k < n; ++k)
					out[(uint64_t)i * s->frames + done + k] = level;
			}
		if (!(s->roll_at > 0.0 && (double)done < s->roll_at * s->sr))
			frame += n; /* stopped: the transport stays put */
		done += n;
		block_left -= n;
		if (s->progress)
			s->progress(done, s->frames);
	}
	return 0;
}

/* ---- the lilv target ---- */
static void inst_position(void *t, double frame, double speed, double beat, double bpm)
{
	host_inst_position((host_inst *)t, 0, frame, speed, beat, bpm);
}

static void inst_run(void *t, float *const out[], uint32_t n)
{
	host_inst_run_outputs((host_inst *)t, out, n);
}

static float inst_level(void *t, int o)
{
	return ((host_inst *)t)->levels[o];
}

static void inst_trigger(void *t)
{
	static const uint8_t note[3] = { 0x90, 60, 100 };
	host_inst_midi((host_inst *)t, 0, note, 3);
}

int host_render(const host_world *w, const render_spec *s, float *out)
{
	host_inst h;
	render_target tg;
	if (host_inst_open(&h, s->four ? (s->cv ? w->cv4 : w->audio4)
	                               : s->keyed ? w->keyed : (s->cv ? w->cv : w->audio),
	                   s->sr, s->connect_out))
		return 1;
	tg.controls = h.controls;
	tg.position = inst_position;
	tg.run = inst_run;
	tg.level = inst_level;
	tg.trigger = inst_trigger;
	tg.settings = NULL;
	tg.t = &h;
	tg.cv_at = h.cv_in;
	play(s, &tg, out);
	host_inst_close(&h);
	return 0;
}

/* ---- the DSP in process ---- */
typedef struct {
	perlin_dsp dsp;
	float controls[RENDER_N_CONTROLS];
	perlin_position queued[4]; /* for the next run, as an event at its start */
	int n_queued;
	int triggers; /* note-ons for the next run's start */
	const float *cv_in[HOST_CV_INS]; /* the next run's CV inputs */
} dsp_target;

/* A time:Position as host_inst_position forges it (the same float and
   integer fields, read back as plugin/lv2/perlin.c reads them). */
static void dsp_position(void *t, double frame, double speed, double beat, double bpm)
{
	perlin_position p;
	const double bar = floor(beat / 4.0);
	memset(&p, 0, sizeof p);
	p.has_frame = p.has_speed = p.has_bpm = p.has_beat = 1;
	p.frame = (double)(int64_t)llround(frame);
	p.speed = (float)speed;
	p.bpm = (float)bpm;
	p.beat = (double)(int64_t)bar * (double)4.0f + (double)(float)(beat - bar * 4.0);
	if (((dsp_target *)t)->n_queued < 4)
		((dsp_target *)t)->queued[((dsp_target *)t)->n_queued++] = p;
}

static void dsp_run(void *t, float *const out[], uint32_t n)
{
	dsp_target *d = (dsp_target *)t;
	const float *values[PERLIN_N_PARAMS];
	int i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		values[i] = &d->controls[i];
	/* as plugin/lv2/perlin.c's run(): the block, the controls, then the
	   events */
	perlin_dsp_controls(&d->dsp, values);
	perlin_dsp_spread(&d->dsp, d->controls[RENDER_SPREAD]);
	for (i = 0; i < d->n_queued; ++i)
		perlin_dsp_position(&d->dsp, &d->queued[i]);
	d->n_queued = 0;
	for (; d->triggers; --d->triggers) /* (the MIDI input after the transport's) */
		perlin_dsp_trigger(&d->dsp);
	if (d->cv_in[HOST_CV_RATE] || d->cv_in[HOST_CV_DEPTH] || d->cv_in[HOST_CV_OFFSET] ||
	    d->cv_in[HOST_CV_MORPH]) {
		const perlin_cv cv = { d->cv_in[HOST_CV_DEPTH], d->cv_in[HOST_CV_OFFSET],
			                   d->cv_in[HOST_CV_RATE], d->cv_in[HOST_CV_MORPH] };
		perlin_dsp_run_cv(&d->dsp, out, n, &cv);
	} else {
		perlin_dsp_run_outputs(&d->dsp, out, n);
	}
}

static float dsp_level(void *t, int o)
{
	return ((dsp_target *)t)->dsp.level[o];
}

static void dsp_trigger(void *t)
{
	((dsp_target *)t)->triggers++;
}

int host_render_dsp(const render_spec *s, perlin_path path, float *out)
{
	dsp_target *d = calloc(1, sizeof *d);
	render_target tg;
	int i;
	if (!d)
		return 1;
	perlin_dsp_init_outputs(&d->dsp, s->sr, s->four ? PERLIN_OUTPUTS : 1U);
	d->n_queued = 0;
	d->triggers = 0;
	perlin_dsp_set_path(&d->dsp, path);
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		d->controls[i] = perlin_params[i].def;
	d->controls[RENDER_SPREAD] = perlin_spread_param.def;
	tg.controls = d->controls;
	tg.position = dsp_position;
	tg.run = dsp_run;
	tg.level = dsp_level;
	tg.trigger = dsp_trigger;
	tg.settings = NULL;
	tg.t = d;
	tg.cv_at = d->cv_in;
	play(s, &tg, out);
	free(d);
	return 0;
}

/* ---- Perlin Noise MIDI through lilv ---- */
#define MIDI_GUARD 64 /* bytes past the capacity that must stay untouched */

typedef struct {
	host_inst h;
	host_midi *m;
	float set[MIDI_N_PARAMS];
	uint8_t *buf; /* the output atom: header, capacity, guard */
	uint64_t pos; /* frames run */
	size_t next_in;
} midi_target;

void host_midi_init(host_midi *m)
{
	int i;
	memset(m, 0, sizeof *m);
	for (i = 0; i < MIDI_N_PARAMS; ++i)
		m->set[i] = perlin_midi_params[i].def;
	m->capacity = 32768;
}

/* Read the output sequence of a run of n frames into m. */
static void midi_collect(midi_target *t, uint32_t n)
{
	host_midi *m = t->m;
	const LV2_Atom_Sequence *seq = (const LV2_Atom_Sequence *)t->buf;
	const uint8_t *body = t->buf + sizeof(LV2_Atom);
	const uint8_t *guard = body + m->capacity;
	uint32_t off, i;
	int64_t last = 0;
	for (i = 0; i < MIDI_GUARD; ++i)
		if (guard[i] != 0xa5U)
			m->past++;
	if (seq->atom.size > m->capacity) {
		m->oversize++;
		return;
	}
	if (seq->atom.size == 0U)
		return; /* (no room even for the sequence's body) */
	if (seq->atom.type != map_uri(NULL, LV2_ATOM__Sequence) ||
	    seq->atom.size < sizeof(LV2_Atom_Sequence_Body)) {
		m->malformed++;
		return;
	}
	off = sizeof(LV2_Atom_Sequence_Body);
	while (off < seq->atom.size) {
		const LV2_Atom_Event *ev = (const LV2_Atom_Event *)(body + off);
		if (seq->atom.size - off < sizeof(LV2_Atom_Event) ||
		    ev->body.size > seq->atom.size - off - sizeof(LV2_Atom_Event) ||
		    ev->body.type != map_uri(NULL, LV2_MIDI__MidiEvent) || ev->body.size == 0U) {
			m->malformed++;
			return;
		}
		if (ev->time.frames < last || ev->time.frames >= (int64_t)(n ? n : 1U))
			m->disorder++;
		last = ev->time.frames;
		if (m->n_out < m->max_out) {
			host_midi_event *e = &m->out[m->n_out];
			e->frame = t->pos + (uint64_t)ev->time.frames;
			e->size = ev->body.size;
			memcpy(e->bytes, ev + 1, ev->body.size < HOST_MIDI_BYTES ? ev->body.size
			                                                          : HOST_MIDI_BYTES);
		}
		m->n_out++;
		off += (uint32_t)lv2_atom_pad_size(sizeof(LV2_Atom_Event) + ev->body.size);
	}
}

static void midi_run(void *tp, float *const out[], uint32_t n)
{
	midi_target *t = (midi_target *)tp;
	host_midi *m = t->m;
	LV2_Atom *atom = (LV2_Atom *)t->buf;
	(void)out;
	while (t->next_in < m->n_in && m->in[t->next_in].frame < t->pos + n) {
		const host_midi_event *e = &m->in[t->next_in++];
		const uint32_t at = (uint32_t)(e->frame - t->pos);
		host_inst_midi(&t->h, at, e->bytes, e->size);
	}
	/* as hosts do: the capacity in the atom's size, a type of Chunk */
	atom->size = m->capacity;
	atom->type = map_uri(NULL, LV2_ATOM__Chunk);
	memset(t->buf + sizeof(LV2_Atom), 0x5a, m->capacity);
	memset(t->buf + sizeof(LV2_Atom) + m->capacity, 0xa5, MIDI_GUARD);
	lilv_instance_connect_port(t->h.inst, MIDI_PORT_OUT, t->buf);
	lilv_instance_run(t->h.inst, n);
	t->h.levels[0] = t->h.level;
	clear_events(&t->h);
	midi_collect(t, n);
	t->pos += n;
	m->runs++;
}

/* The MIDI settings at sample i: automated (params from RENDER_N_CONTROLS
   on) or as set. */
static void midi_settings(void *tp, const render_spec *s, uint64_t i)
{
	midi_target *t = (midi_target *)tp;
	int k;
	for (k = 0; k < MIDI_N_PARAMS; ++k)
		t->set[k] = value_at(s, RENDER_N_CONTROLS + k, i, t->m->set[k]);
}

int host_render_midi(const host_world *w, const render_spec *s, host_midi *m, float *out)
{
	midi_target *t = calloc(1, sizeof *t);
	render_spec s4 = *s;
	render_target tg;
	int i;
	if (!t)
		return 1;
	t->buf = malloc(sizeof(LV2_Atom) + m->capacity + MIDI_GUARD);
	if (!t->buf || host_inst_open(&t->h, w->midi, s->sr, 0)) {
		free(t->buf);
		free(t);
		return 1;
	}
	t->m = m;
	m->n_out = 0;
	m->past = m->oversize = m->malformed = m->disorder = 0;
	m->runs = 0;
	for (i = 0; i < MIDI_N_PARAMS; ++i) {
		t->set[i] = m->set[i];
		lilv_instance_connect_port(t->h.inst, MIDI_PORT((perlin_midi_param)i), &t->set[i]);
	}
	s4.four = 1;
	s4.connect_out = 0;
	tg.controls = t->h.controls;
	tg.position = inst_position;
	tg.run = midi_run;
	tg.level = inst_level;
	tg.trigger = inst_trigger; /* (a note-on at the control port: passed through too) */
	tg.settings = midi_settings;
	tg.cv_at = NULL;
	tg.t = &t->h; /* (inst_position and inst_level take the host_inst) */
	/* midi_run needs the target: the host_inst is its first member */
	play(&s4, &tg, out);
	host_inst_close(&t->h);
	free(t->buf);
	free(t);
	return 0;
}
