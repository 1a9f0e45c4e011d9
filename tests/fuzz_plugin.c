/* fuzz_plugin.c: a libFuzzer harness that drives the LV2 entry points as a
   host would, with whatever the fuzzer makes of its input: any of the five
   plugins (the four-output ones with spread anywhere and any of their
   outputs connected or not),
   any sample rate, urid:map or none, the output port connected or not,
   control values NaN, infinite, huge, denormal or anywhere, block sizes
   from 0 up, and atom sequences of time:Position objects (every field in
   Int, Long, Float or Double, or a type no host uses), other objects and
   atoms, MIDI events of any bytes and size (note-ons mostly: triggers,
   at the control port and the MIDI input), a CV trigger input of edges,
   noise or nothing, events out of order or past the block, objects and properties
   cut short, the last event filling the buffer to its very end, or raw
   bytes. Each sequence sits in a buffer of exactly its size, so
   AddressSanitizer sees any read past it.
   Perlin Noise MIDI too (fuzz_midi: MIDI in, outputs of small and odd
   capacities).
   A failure: any crash or sanitizer report, an output sample or level
   that is not finite, outside [-1, 1] or denormal, or (when the input
   keeps the transport and rates tame enough for the bound to say
   something) a step between samples above the continuity bound.
   Build and run: make fuzz (tests/fuzz_plugin.c, clang's libFuzzer);
   make test runs it for FUZZ_SECONDS from tests/fuzz-corpus.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "../plugin/lv2/perlin.c" /* the entry points, and the DSP state to read */

#include <lv2/atom/forge.h>
#include <lv2/midi/midi.h>
#include <lv2/time/time.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BLOCK 4096U
#define MAX_BLOCKS 48U
#define SEQ_CAPACITY 2048U /* bytes of events a block may carry */

/* ---- the URID map: tests/urid_map.h ---- */
#include "urid_map.h"

/* ---- reading the fuzzer's bytes ---- */
typedef struct {
	const uint8_t *p;
	size_t n;
} reader;

static unsigned byte(reader *r)
{
	if (!r->n)
		return 0;
	--r->n;
	return *r->p++;
}

static uint32_t u32(reader *r)
{
	uint32_t v = 0;
	unsigned i;
	for (i = 0; i < 4; ++i)
		v = v << 8 | byte(r);
	return v;
}

/* A number as hosts send them, and as they should not. */
static double number(reader *r, double lo, double hi)
{
	const unsigned k = byte(r) % 12;
	switch (k) {
	case 0: return NAN;
	case 1: return INFINITY;
	case 2: return -INFINITY;
	case 3: return 1e30;
	case 4: return -1e30;
	case 5: return 1e-40;
	case 6: return -1e-310; /* a double denormal */
	case 7: return lo;
	case 8: return hi;
	case 9: {
		float f;
		uint32_t bits = u32(r);
		memcpy(&f, &bits, sizeof f);
		return f;
	}
	default:
		return lo + (hi - lo) * (double)(u32(r) % 65536U) / 65535.0;
	}
}

/* ---- one input ---- */
typedef struct {
	double max_rate, max_speed, max_drift, max_dmorph, min_beats, max_bpm;
	double rate_cv; /* the most the rate CV multiplies the rate by (1: none) */
	double max_oct, max_pers, max_lac;
	int wild; /* some value leaves the tame ranges: no step check */
} envelope;

/* Note what the controls may do to the output's slope. */
static void note_controls(envelope *e, const float *ctl, const float *prev)
{
	float v[PERLIN_N_PARAMS], w[PERLIN_N_PARAMS];
	unsigned i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i) {
		v[i] = perlin_clamp((perlin_param)i, ctl[i]);
		w[i] = perlin_clamp((perlin_param)i, prev[i]);
	}
#define MAXTO(field, x) do { if ((x) > e->field) e->field = (x); } while (0)
	MAXTO(max_rate, v[PERLIN_RATE]);
	MAXTO(max_drift, v[PERLIN_DRIFT]);
	MAXTO(max_dmorph, fabs((double)v[PERLIN_MORPH] - w[PERLIN_MORPH]));
	MAXTO(max_oct, v[PERLIN_OCTAVES]);
	MAXTO(max_pers, v[PERLIN_PERSISTENCE]);
	MAXTO(max_lac, v[PERLIN_LACUNARITY]);
	if (v[PERLIN_BEATS] < e->min_beats)
		e->min_beats = v[PERLIN_BEATS];
#undef MAXTO
}

/* The continuity bound for everything the input did (as tests/test_render.c
   and tests/test_transport.c state it): the fBm's slope bound times the
   largest phase step, plus a 5 ms crossfade and 10 ms smoothing allowance. */
static double step_bound(const envelope *e, double sr)
{
	noise_fbm p;
	const double speed = e->max_speed > 1.0 ? e->max_speed : 1.0;
	const double synced = e->max_bpm / 60.0 / e->min_beats;
	const double rate = (e->max_rate > synced ? e->max_rate : synced) * e->rate_cv;
	const double a = 1.0 - exp(-1.0 / (0.010 * sr));
	const double gains = 1.5 * 2.0 * NOISE_FBM_RMS / NOISE_OCTAVE_RMS_2D * sqrt(8.0);
	p.octaves = e->max_oct;
	p.persistence = e->max_pers;
	p.lacunarity = e->max_lac;
	return 1.02 * noise_fbm_slope(p, 2) *
	               (((1.0 + NOISE_2D_SLANT) * rate + e->max_drift) * speed / sr +
	                a * e->max_dmorph) +
	       3.0 / (0.005 * sr) + a * (gains + 3.0) + 1e-6;
}

static LV2_Atom_Forge forge;
static uint64_t seq_mem[(SEQ_CAPACITY + 64) / 8];

/* The keys a time:Position may carry, and one no host uses. */
static const char *const pos_keys[8] = {
	LV2_TIME__frame, LV2_TIME__speed, LV2_TIME__beatsPerMinute, LV2_TIME__bar,
	LV2_TIME__barBeat, LV2_TIME__beatsPerBar, LV2_TIME__beat, LV2_TIME__beatUnit,
};

/* A time:Position with fields of random types and values; records the
   speeds and tempi it may set in e. */
static void forge_position(reader *r, envelope *e)
{
	LV2_Atom_Forge_Frame f;
	unsigned i, n = byte(r) % 10;
	lv2_atom_forge_object(&forge, &f, 0, map_uri(NULL, LV2_TIME__Position));
	for (i = 0; i < n; ++i) {
		const unsigned key = byte(r) % 8, type = byte(r) % 6;
		double v;
		switch (key) {
		case 0: v = number(r, 0.0, 4e6); break;
		case 1: v = number(r, -2.0, 2.0); break;
		case 2: v = number(r, 20.0, 300.0); break;
		case 3: v = number(r, 0.0, 200.0); break;
		case 4: v = number(r, 0.0, 7.0); break;
		case 5: v = number(r, 1.0, 12.0); break;
		default: v = number(r, 0.0, 800.0); break;
		}
		if (key == 1) {
			if (!(fabs(v) <= 2.0))
				e->wild = 1;
			else if (fabs(v) > e->max_speed)
				e->max_speed = fabs(v);
		}
		if (key == 2) {
			if (!(v >= 20.0 && v <= 300.0))
				e->wild = 1;
			else if (v > e->max_bpm)
				e->max_bpm = v;
		}
		lv2_atom_forge_key(&forge, map_uri(NULL, pos_keys[key]));
		switch (type) {
		case 0: lv2_atom_forge_int(&forge, v == v && fabs(v) < 2e9 ? (int32_t)v : 0); break;
		case 1: lv2_atom_forge_long(&forge, v == v && fabs(v) < 9e18 ? (int64_t)v : 0); break;
		case 2: lv2_atom_forge_float(&forge, (float)v); break;
		case 3: lv2_atom_forge_double(&forge, v); break;
		case 4: lv2_atom_forge_string(&forge, "x", 1); break;
		default: lv2_atom_forge_bool(&forge, 1); break;
		}
	}
	lv2_atom_forge_pop(&forge, &f);
}

/* Build one block's sequence into seq_mem; returns its total size in bytes
   (header included). */
static uint32_t make_sequence(reader *r, envelope *e, uint32_t n_samples)
{
	LV2_Atom_Forge_Frame seq;
	LV2_Atom_Sequence *s = (LV2_Atom_Sequence *)seq_mem;
	const unsigned mode = byte(r) % 8;
	unsigned i, n;
	if (mode == 0) { /* raw bytes as the events */
		const uint32_t len = (uint32_t)(byte(r) * 8U) % SEQ_CAPACITY;
		s->atom.type = map_uri(NULL, LV2_ATOM__Sequence);
		s->atom.size = (uint32_t)sizeof(LV2_Atom_Sequence_Body) + len;
		s->body.unit = byte(r) % 4 ? 0 : byte(r);
		s->body.pad = 0;
		for (i = 0; i < len; ++i)
			((uint8_t *)(s + 1))[i] = (uint8_t)byte(r);
		e->wild = 1; /* any speed or tempo may be in there */
		return (uint32_t)sizeof(LV2_Atom) + s->atom.size;
	}
	lv2_atom_forge_set_buffer(&forge, (uint8_t *)seq_mem, SEQ_CAPACITY);
	lv2_atom_forge_sequence_head(&forge, &seq, 0);
	n = byte(r) % 6;
	for (i = 0; i < n; ++i) {
		const unsigned when = byte(r) % 8, what = byte(r) % 8;
		int64_t t;
		if (forge.offset + 256 > SEQ_CAPACITY)
			break;
		t = when < 4 ? (int64_t)(n_samples ? (i * n_samples) / (n ? n : 1) : 0)
		  : when == 4 ? -(int64_t)(u32(r) % 1000)
		  : when == 5 ? (int64_t)n_samples + (int64_t)(u32(r) % 1000)
		  : when == 6 ? (int64_t)INT64_MAX
		  : (int64_t)(u32(r) % (n_samples + 1U)); /* out of order too */
		lv2_atom_forge_frame_time(&forge, t);
		if (what < 5) {
			forge_position(r, e);
		} else if (what == 5) { /* another object type */
			LV2_Atom_Forge_Frame f;
			lv2_atom_forge_object(&forge, &f, 0, map_uri(NULL, LV2_TIME__Rate));
			lv2_atom_forge_key(&forge, map_uri(NULL, LV2_TIME__speed));
			lv2_atom_forge_float(&forge, 1e30f);
			lv2_atom_forge_pop(&forge, &f);
		} else if (what == 6 && byte(r) % 2) {
			lv2_atom_forge_int(&forge, (int32_t)u32(r));
		} else if (what == 6) { /* MIDI: a note-on (a trigger) mostly, of any size */
			uint8_t midi[8];
			const uint32_t len = byte(r) % 4 ? 3U : byte(r) % 9U;
			unsigned b;
			midi[0] = (uint8_t)(byte(r) % 2 ? 0x90U | (byte(r) & 15U) : byte(r));
			for (b = 1; b < 8; ++b)
				midi[b] = (uint8_t)(byte(r) % 2 ? 64U : byte(r));
			lv2_atom_forge_atom(&forge, len, map_uri(NULL, LV2_MIDI__MidiEvent));
			lv2_atom_forge_write(&forge, midi, len);
			if (len && midi[0] >= 0xf2U) /* MIDI clock may set any tempo up to its most */
				e->max_bpm = 1000.0;
		} else { /* a position whose object size is cut short */
			LV2_Atom *obj = (LV2_Atom *)((uint8_t *)seq_mem + forge.offset);
			forge_position(r, e);
			obj->size = obj->size > 8 ? obj->size - (uint32_t)(byte(r) % obj->size) : obj->size;
		}
	}
	lv2_atom_forge_pop(&forge, &seq);
	if (byte(r) % 4 == 0 && s->atom.size > sizeof(LV2_Atom_Sequence_Body) + 24) {
		/* the last event claims a few bytes more than there are: the host's
		   buffer ends there */
		s->atom.size -= (uint32_t)(1U + byte(r) % 7U);
	}
	return (uint32_t)sizeof(LV2_Atom) + s->atom.size;
}

static int subnormal(float x)
{
	uint32_t bits;
	memcpy(&bits, &x, sizeof bits);
	return (bits & 0x7f800000U) == 0U && (bits & 0x007fffffU) != 0U;
}

static void fail(const char *what, double a, double b)
{
	fprintf(stderr, "fuzz_plugin: %s (%g, %g)\n", what, a, b);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_queue_draw(void *handle)
{
	(void)handle;
}

/* A sequence built by make_sequence, in a buffer of exactly its size
   (NULL: none, or no memory). */
static LV2_Atom_Sequence *sequence_copy(reader *r, envelope *e, uint32_t n)
{
	const uint32_t bytes = make_sequence(r, e, n);
	LV2_Atom_Sequence *seq;
	if (!(byte(r) % 8))
		return NULL;
	seq = malloc((bytes + 7U) & ~7U);
	if (seq)
		memcpy(seq, seq_mem, bytes);
	return seq;
}

/* Perlin Noise MIDI (plugin/lv2/perlin_midi.c): any controls and MIDI
   settings, time:Position, MIDI and odd sequences at its control input,
   and an output of any capacity
   (0, a few bytes, odd sizes, plenty, or not connected), in a buffer of
   exactly that size. A failure: a crash or sanitizer report (a byte
   written past the capacity among them), an output larger than its
   capacity or not a valid sequence of MIDI events in frame order inside
   the block, or a level that is not finite and in [-1, 1]. */
static int fuzz_midi(reader *r, unsigned head, double sr)
{
	const LV2_Descriptor *desc = &perlin_midi_descriptor;
	const LV2_Feature map_feature = { LV2_URID__map, &urid_map };
	const LV2_Feature *features[2] = { NULL, NULL };
	float ctl[PERLIN_N_PARAMS], mset[MIDI_N_PARAMS], spread = perlin_spread_param.def;
	float levels[4] = { 0, 0, 0, 0 };
	const LV2_URID seq_type = map_uri(NULL, LV2_ATOM__Sequence);
	const LV2_URID midi_type = map_uri(NULL, LV2_MIDI__MidiEvent);
	envelope e;
	LV2_Handle h;
	unsigned i, c, blocks;
	if (!(head & 8U))
		features[0] = &map_feature;
	h = desc->instantiate(desc, sr, "/nonexistent/", features);
	if (!h)
		return 0;
	memset(&e, 0, sizeof e);
	e.rate_cv = 1.0;
	for (i = 0; i < PERLIN_N_PARAMS; ++i) {
		ctl[i] = perlin_params[i].def;
		desc->connect_port(h, PERLIN_PORT(i, 4U), &ctl[i]);
	}
	for (i = 0; i < MIDI_N_PARAMS; ++i) {
		mset[i] = perlin_midi_params[i].def;
		desc->connect_port(h, MIDI_PORT((perlin_midi_param)i), &mset[i]);
	}
	desc->connect_port(h, PORT_SPREAD, &spread);
	desc->connect_port(h, 15, &levels[0]);
	for (i = 0; i < 3; ++i)
		desc->connect_port(h, PORT_LEVEL_2 + i, &levels[1 + i]);
	desc->activate(h);
	blocks = 1U + byte(r) % MAX_BLOCKS;
	for (i = 0; i < blocks && r->n; ++i) {
		const unsigned how = byte(r) % 8, cap_how = byte(r) % 5;
		const uint32_t n = how == 0 ? 0U : how == 1 ? 1U : 1U + (u32(r) % MAX_BLOCK);
		const uint32_t cap = cap_how == 0 ? byte(r) % 64U : cap_how == 1 ? 1U + u32(r) % 1024U
		                   : cap_how == 2 ? 32768U : cap_how == 3 ? 24U * (byte(r) % 8U) + 8U : 0U;
		LV2_Atom_Sequence *ctl_seq, *out = NULL;
		for (c = 0; c < PERLIN_N_PARAMS; ++c)
			if (!(byte(r) % 4))
				ctl[c] = (float)number(r, perlin_params[c].min, perlin_params[c].max);
		for (c = 0; c < MIDI_N_PARAMS; ++c)
			if (!(byte(r) % 4))
				mset[c] = (float)number(r, perlin_midi_params[c].min, perlin_midi_params[c].max);
		if (!(byte(r) % 4))
			spread = (float)number(r, 0.0, 1.0);
		ctl_seq = sequence_copy(r, &e, n);
		if (cap_how != 4) {
			out = malloc(sizeof(LV2_Atom) + cap); /* (exactly: ASan sees a byte past it) */
			if (!out) {
				free(ctl_seq);
				break;
			}
			out->atom.size = cap;
			out->atom.type = 0;
		}
		desc->connect_port(h, 14, ctl_seq);
		desc->connect_port(h, MIDI_PORT_OUT, out);
		desc->run(h, n);
		desc->connect_port(h, 14, NULL);
		free(ctl_seq);
		if (out && !(head & 8U)) { /* (with urid:map) a valid sequence within cap */
			uint32_t off = (uint32_t)sizeof(LV2_Atom_Sequence_Body);
			int64_t last = 0;
			if (out->atom.size > cap)
				fail("the output is larger than its capacity", out->atom.size, cap);
			if (out->atom.size && (out->atom.type != seq_type ||
			                       out->atom.size < sizeof(LV2_Atom_Sequence_Body)))
				fail("the output is not a sequence", out->atom.size, out->atom.type);
			while (out->atom.size && off < out->atom.size) {
				const LV2_Atom_Event *ev = (const LV2_Atom_Event *)((const uint8_t *)&out->body + off);
				if (out->atom.size - off < sizeof(LV2_Atom_Event) ||
				    ev->body.size > out->atom.size - off - sizeof(LV2_Atom_Event) ||
				    ev->body.type != midi_type || !ev->body.size)
					fail("an output event cut short or not MIDI", off, out->atom.size);
				if (ev->time.frames < last || ev->time.frames >= (int64_t)(n ? n : 1U))
					fail("an output event out of order or outside the block",
					     (double)ev->time.frames, n);
				last = ev->time.frames;
				off += (uint32_t)(sizeof(LV2_Atom_Event) + ((ev->body.size + 7U) & ~7U));
			}
		}
		free(out);
		for (c = 0; c < 4; ++c)
			if (!(levels[c] >= -1.0f && levels[c] <= 1.0f) || subnormal(levels[c]))
				fail("level not finite, out of [-1, 1] or denormal", levels[c], c);
	}
	desc->deactivate(h);
	desc->cleanup(h);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const double rates[8] = { 8000, 22050, 44100, 48000, 96000, 192000, 768000, 0 };
	static float out[MAX_BLOCK], outs[3][MAX_BLOCK];
	reader r = { data, size };
	const unsigned head = byte(&r);
	const int four = (head & 128U) != 0;
	/* Perlin Noise Keyed for a quarter of the audio one-output cases */
	const int keyed = !four && !(head & 1U) && size > 1 && data[size - 1] % 4 == 0;
	const LV2_Descriptor *desc = lv2_descriptor(keyed ? 4U : (head & 1U) + (four ? 2U : 0U));
	const LV2_Feature map_feature = { LV2_URID__map, &urid_map };
	/* the inline display's host, always: what it records in run() is
	   drawn at the end at sizes the input chooses */
	static perlin_display_host draw_host = { NULL, fuzz_queue_draw };
	const LV2_Feature draw_feature = { PERLIN_DISPLAY__queue_draw, &draw_host };
	const LV2_Feature *features[3] = { &draw_feature, NULL, NULL };
	double sr = rates[(head >> 1) % 8];
	float ctl[PERLIN_N_PARAMS], prev[PERLIN_N_PARAMS], level = 0.0f, last = 0.0f;
	static float trig[MAX_BLOCK]; /* the CV plugins' trigger input */
	static float cvd[MAX_BLOCK], cvo[MAX_BLOCK]; /* their depth and offset CV inputs */
	static float clk[MAX_BLOCK]; /* their clock input */
	static float rcv[MAX_BLOCK]; /* their rate CV */
	static float mcv[MAX_BLOCK]; /* their morph CV */
	float morph_at = 0.0f;       /* where its ramp is */
	int morph_jumps = 0;         /* it steps in this block */
	float pulses = perlin_pulses_param.def;
	/* a CV of any floats: in this block; in the block each output was
	   last written in (an empty block, or one with the output unconnected,
	   leaves that output's last sample where the CV put it) */
	int cv_moves = 0, cv_moved[4] = { 0, 0, 0, 0 };
	float spread = perlin_spread_param.def, levels[3] = { 0, 0, 0 }, lasts[3] = { 0, 0, 0 };
	int have_last[4] = { 0, 0, 0, 0 }; /* each output's last value is known */
	envelope e;
	LV2_Handle h;
	Perlin *self;
	unsigned i, blocks;
	if (sr == 0.0)
		sr = number(&r, 8000.0, 768000.0);
	if ((head & 0xf0U) == 0x20U) /* (1 in 16) Perlin Noise MIDI */
		return fuzz_midi(&r, head, sr);
	if (!(head & 16U))
		features[1] = &map_feature;
	lv2_atom_forge_init(&forge, &urid_map);
	h = desc->instantiate(desc, sr, "/nonexistent/", features);
	if (!h)
		return 0;
	self = (Perlin *)h;
	sr = self->dsp.sr; /* as the plugin clamped it */
	for (i = 0; i < PERLIN_N_PARAMS; ++i) {
		ctl[i] = perlin_params[i].def;
		desc->connect_port(h, PERLIN_PORT(i, four ? 4U : 1U), &ctl[i]);
	}
	memcpy(prev, ctl, sizeof prev);
	desc->connect_port(h, 15, (head & 32U) ? NULL : &level);
	if (four) {
		desc->connect_port(h, PORT_SPREAD, &spread);
		for (i = 0; i < 3; ++i)
			desc->connect_port(h, PORT_LEVEL_2 + i, (head & 32U) ? NULL : &levels[i]);
	}
	desc->activate(h);
	memset(&e, 0, sizeof e);
	e.min_beats = 64.0;
	e.max_bpm = 120.0;
	e.max_speed = 1.0;
	e.rate_cv = 1.0;
	note_controls(&e, ctl, prev);
	blocks = 1U + byte(&r) % MAX_BLOCKS;
	for (i = 0; i < blocks && r.n; ++i) {
		const unsigned how = byte(&r) % 8;
		uint32_t n = how == 0 ? 0U : how == 1 ? 1U : 1U + (u32(&r) % MAX_BLOCK);
		uint32_t bytes, k;
		LV2_Atom_Sequence *seq = NULL;
		unsigned c, unconnected;
		for (c = 0; c < PERLIN_N_PARAMS; ++c) { /* some controls move */
			if (byte(&r) % 4)
				continue;
			ctl[c] = (float)number(&r, perlin_params[c].min, perlin_params[c].max);
		}
		note_controls(&e, ctl, prev);
		if (four && byte(&r) % 4 == 0)
			spread = (float)number(&r, perlin_spread_param.min, perlin_spread_param.max);
		bytes = make_sequence(&r, &e, n);
		if (byte(&r) % 8) { /* a buffer of exactly the sequence's size */
			seq = malloc((bytes + 7U) & ~7U);
			if (!seq)
				break;
			memcpy(seq, seq_mem, bytes);
		}
		/* the CV plugins' outputs are connectionOptional: none connected,
		   or (CV x4) any pattern, new each block (bit c: output c + 1) */
		unconnected = (head & 64U) && (head & 1U) ? (four ? 1U + byte(&r) % 15U : 1U) : 0U;
		desc->connect_port(h, 14, seq);
		if (head & 1U) { /* the CV plugins' trigger input: edges, or none */
			const unsigned how_trig = byte(&r) % 4;
			for (k = 0; k < n; ++k)
				trig[k] = how_trig == 0 ? 0.0f : how_trig == 1 ? (float)number(&r, -2.0, 2.0)
				        : (k / (1U + byte(&r) % 64U)) % 2 ? 1.0f : 0.0f;
			desc->connect_port(h, PORT_TRIGGER_IN(four ? 4U : 1U), how_trig == 3 ? NULL : trig);
		}
		if (head & 1U) { /* their clock: none, pulses at any spacing, or any
		                    floats; any pulses per beat (a clock sets any
		                    tempo up to its most) */
			const unsigned how_clk = byte(&r) % 4;
			for (k = 0; k < n; ++k)
				clk[k] = how_clk == 0 ? 0.0f : how_clk == 1 ? (float)number(&r, -1e30, 1e30)
				       : (k / (1U + byte(&r) % 64U)) % 2 ? 1.0f : 0.0f;
			if (byte(&r) % 4 == 0)
				pulses = (float)number(&r, -5.0, 100.0);
			desc->connect_port(h, PORT_CLOCK_IN(four ? 4U : 1U), how_clk == 3 ? NULL : clk);
			desc->connect_port(h, PORT_PULSES(four ? 4U : 1U), byte(&r) % 8 ? &pulses : NULL);
			if (how_clk == 1 || how_clk == 2)
				e.max_bpm = 1000.0;
		}
		morph_jumps = 0;
		if (head & 1U) { /* their rate CV: none, 0 V, volts, or any floats (then
		                    the rate may be 2^8 times any other: wild); the
		                    same byte's next bits, their morph CV: none, 0 V,
		                    a ramp on from where it was (its speed a drift), or
		                    the rate CV's volts (steps: the user's signal) */
			const unsigned how = byte(&r), how_rcv = how % 4, how_m = (how >> 2) % 4;
			const float slope = (float)((int)((how >> 4) % 5U) - 2) * 0.0005f;
			for (k = 0; k < n; ++k)
				rcv[k] = how_rcv < 2 ? 0.0f : how_rcv == 2 ? (float)(byte(&r) % 5) - 2.0f
				                                           : (float)number(&r, -1e30, 1e30);
			desc->connect_port(h, PORT_RATE_CV(four ? 4U : 1U), how_rcv == 0 ? NULL : rcv);
			if (how_rcv == 2) /* (+2 V at most: 4x) */
				e.rate_cv = 4.0;
			if (how_rcv == 3)
				e.wild = 1;
			/* (0 V where it was elsewhere is a step too) */
			morph_jumps = how_m == 2 ? 0 : how_m == 3 && how_rcv >= 2 ? 1 : morph_at != 0.0f;
			if (how_m < 2)
				morph_at = 0.0f;
			for (k = 0; k < n; ++k) {
				if (how_m == 2)
					morph_at += slope;
				mcv[k] = how_m == 3 ? rcv[k] : morph_at;
			}
			if (how_m == 2 && (double)fabsf(slope) * sr > e.max_drift)
				e.max_drift = (double)fabsf(slope) * sr; /* (y as fast) */
			if (how_m == 3)
				morph_at = n ? rcv[n - 1] : morph_at;
			desc->connect_port(h, PORT_MORPH_CV(four ? 4U : 1U), how_m == 0 ? NULL : mcv);
		}
		cv_moves = 0;
		if (head & 1U) { /* their depth and offset CV: none, 0 V, or any floats
		                    (then the output may step: the user's signal) */
			const unsigned how_cv = byte(&r) % 4;
			for (k = 0; k < n; ++k) {
				cvd[k] = how_cv < 2 ? 0.0f : (float)number(&r, -1e30, 1e30);
				cvo[k] = how_cv < 2 ? 0.0f : (float)number(&r, -10.0, 10.0);
			}
			desc->connect_port(h, PORT_DEPTH_CV(four ? 4U : 1U), how_cv == 0 ? NULL : cvd);
			desc->connect_port(h, PORT_OFFSET_CV(four ? 4U : 1U), how_cv == 0 ? NULL
			                                                 : how_cv == 3 ? out : cvo);
			cv_moves = how_cv >= 2 || morph_jumps;
			if (how_cv == 3) /* in place: the offset CV in the output's buffer */
				memcpy(out, cvo, n * sizeof *out);
		}
		desc->connect_port(h, 16, unconnected & 1U ? NULL : out);
		if (four)
			for (c = 0; c < 3; ++c)
				desc->connect_port(h, PORT_OUT_2 + c, unconnected >> (c + 1) & 1U ? NULL : outs[c]);
		desc->run(h, n);
		desc->connect_port(h, 14, NULL);
		free(seq);
		for (c = 0; c < (four ? 4U : 1U); ++c) {
			const float *y = c ? outs[c - 1] : out;
			/* four outputs: a blend of two noises, whose slopes add up to
			   sqrt 2 of one */
			const double b = step_bound(&e, sr) * (four ? 1.42 : 1.0);
			/* an output not connected was not written: no samples to check */
			const uint32_t written = unconnected >> c & 1U ? 0U : n;
			float was = c ? lasts[c - 1] : last;
			int had = have_last[c];
			for (k = 0; k < written; ++k) {
				const float x = y[k];
				if (!(x >= -1.0f && x <= 1.0f) || subnormal(x))
					fail("output not finite, out of [-1, 1] or denormal", x, k);
				if (had && !e.wild && !cv_moves && !cv_moved[c] && b < 2.0 &&
				    fabs((double)x - was) > b)
				fail("a step above the continuity bound", fabs((double)x - was), b);
				was = x;
				had = 1;
			}
			if (c)
				lasts[c - 1] = was;
			else
				last = was;
			have_last[c] = written ? 1 : unconnected >> c & 1U ? 0 : have_last[c];
			if (!(head & 32U) &&
			    (!((c ? levels[c - 1] : level) >= -1.0f && (c ? levels[c - 1] : level) <= 1.0f) ||
			     subnormal(c ? levels[c - 1] : level)))
				fail("level not finite, out of [-1, 1] or denormal", c ? levels[c - 1] : level, c);
		}
		memcpy(prev, ctl, sizeof prev);
		for (c = 0; c < 4U; ++c) /* (the block after: the smoothers' own steps) */
			if (!(unconnected >> c & 1U) && n)
				cv_moved[c] = cv_moves;
	}
	if (r.n >= 2) {
		const uint32_t w = 2U * byte(&r), max_h = byte(&r);
		const perlin_display_image *img =
			((const perlin_display_interface *)desc->extension_data(PERLIN_DISPLAY__interface))
				->render(h, w, max_h);
		if (img && (img->width > (int)w || img->height > (int)max_h || !img->data ||
		            img->stride < 4 * img->width))
			fail("the display's picture is not within what was asked", (double)img->width, w);
	}
	desc->deactivate(h);
	desc->cleanup(h);
	return 0;
}
