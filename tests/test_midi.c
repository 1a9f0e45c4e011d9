/* test_midi.c: Perlin Noise MIDI (urn:perlin-lv2:perlin-midi) through
   lilv: its event stream against Perlin Noise x4's audio rendered with the
   same controls and transport (each value within one MIDI step of its
   lane's sample at the event's frame), values in range, 14-bit MSB before
   LSB, pitch bend, no value repeated on a lane, at most one event per
   lane per interval and on the interval's grid, a resend at the start,
   after a transport jump and after a lane's number changes; the same
   events (frames and bytes) for blocks of 1, 7, 64, 4096 and random
   sizes and in every run; thru (every incoming event out unchanged, in
   order, at its frame); the presets that apply to it (each loads, every
   value a known control, and plays clean); the output capacity (nothing written past it,
   what fits a valid sequence); and the Standard MIDI File writer
   (tests/smf.c) read back byte by byte.
   Usage: test_midi BUNDLE_DIR [seed]
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "host.h"
#include "smf.h"
#include "test.h"

#include <lv2/atom/atom.h>
#include <lv2/presets/presets.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SR 48000.0
#define MAX_OUT 200000

static host_midi_event *outbuf;

/* The render every test starts from: 4 s, rate 3, 6 octaves, the four
   lanes on CC 1..4 (7-bit), 10 ms. */
static void spec_init(render_spec *s, host_midi *m)
{
	int l;
	render_spec_init(s);
	s->frames = 4 * (uint64_t)SR;
	s->set[PERLIN_RATE] = 3.0f;
	s->set[PERLIN_OCTAVES] = 6.0f;
	host_midi_init(m);
	for (l = 0; l < 4; ++l)
		m->set[MIDI_CC_1 + l] = (float)(l + 1);
	m->out = outbuf;
	m->max_out = MAX_OUT;
}

/* The x4 plugin's four outputs for s (4 planes; caller frees). */
static float *render_x4(const host_world *w, const render_spec *s)
{
	render_spec s4 = *s;
	float *x = malloc(sizeof(float) * 4 * s->frames);
	s4.four = 1;
	s4.connect_out = 1;
	if (!x || host_render(w, &s4, x)) {
		free(x);
		return NULL;
	}
	return x;
}

/* Nothing a host must never see. */
static void check_clean(const host_midi *m, const char *what)
{
	CHECK(m->past == 0, "%s: %u bytes written past the capacity", what, m->past);
	CHECK(m->oversize == 0, "%s: %u outputs larger than the capacity", what, m->oversize);
	CHECK(m->malformed == 0, "%s: %u malformed output sequences", what, m->malformed);
	CHECK(m->disorder == 0, "%s: %u events out of order or outside their block", what,
	      m->disorder);
	CHECK(m->n_out <= m->max_out, "%s: more events than kept (%zu)", what, m->n_out);
}

/* A generated event's lane (by its CC number, or pitch bend: lane 0), -1
   otherwise; *lsb: it is a 14-bit LSB. */
static int lane_of(const host_midi *m, const host_midi_event *e, int *lsb)
{
	const int res = (int)m->set[MIDI_RESOLUTION];
	const unsigned ch = (unsigned)m->set[MIDI_CHANNEL] - 1U;
	int l;
	*lsb = 0;
	if (e->size != 3U || (e->bytes[0] & 0x0fU) != ch)
		return -1;
	if ((e->bytes[0] & 0xf0U) == 0xe0U)
		return res == MIDI_RES_BEND ? 0 : -1;
	if ((e->bytes[0] & 0xf0U) != 0xb0U)
		return -1;
	for (l = 0; l < 4; ++l) {
		const int cc = (int)m->set[MIDI_CC_1 + l];
		if (cc < 0 || (l == 0 && res == MIDI_RES_BEND))
			continue;
		if (e->bytes[1] == cc)
			return l;
		if (res == MIDI_RES_14 && cc < 32 && e->bytes[1] == cc + 32) {
			*lsb = 1;
			return l;
		}
	}
	return -1;
}

/* Walk the generated events of m: per lane, the values (7-bit, 14-bit
   with MSB then LSB, or bend) and their frames, checked against x (the x4
   outputs, or NULL) and the rules. Returns how many values were sent. */
static size_t check_stream(const host_midi *m, const float *x, uint64_t frames,
                           const char *what)
{
	const int res = (int)m->set[MIDI_RESOLUTION];
	const uint64_t iv = (uint64_t)floor(m->set[MIDI_INTERVAL] * SR / 1000.0 + 0.5);
	int32_t last[4] = { -1, -1, -1, -1 };
	uint64_t last_t[4] = { 0, 0, 0, 0 };
	unsigned bad_range = 0, bad_pair = 0, repeats = 0, too_soon = 0, off_grid = 0,
	         far = 0, first_late = 0;
	double worst = 0.0;
	size_t i, values = 0;
	for (i = 0; i < m->n_out && i < m->max_out; ++i) {
		const host_midi_event *e = &m->out[i];
		int lsb, l = lane_of(m, e, &lsb);
		int32_t v, top;
		if (l < 0)
			continue;
		if (e->bytes[1] > 127U || e->bytes[2] > 127U)
			bad_range++;
		if ((e->bytes[0] & 0xf0U) == 0xe0U) {
			v = e->bytes[1] | e->bytes[2] << 7;
			top = 16383;
		} else if (res == MIDI_RES_14 && (int)m->set[MIDI_CC_1 + l] < 32) {
			const host_midi_event *f = i + 1 < m->n_out ? e + 1 : NULL;
			int lsb2;
			if (lsb || !f || lane_of(m, f, &lsb2) != l || !lsb2 || f->frame != e->frame) {
				bad_pair++; /* an LSB alone, or an MSB not followed by its LSB */
				continue;
			}
			v = e->bytes[2] << 7 | f->bytes[2];
			top = 16383;
			++i;
		} else {
			v = e->bytes[2];
			top = 127;
		}
		if (v < 0 || v > top)
			bad_range++;
		if (last[l] >= 0 && v == last[l] && e->frame - last_t[l] < 2 * iv)
			repeats++; /* (a resend after a jump may repeat; none here) */
		if (last[l] >= 0 && e->frame - last_t[l] < iv)
			too_soon++;
		if (e->frame % iv)
			off_grid++;
		if (last[l] < 0 && e->frame != 0)
			first_late++;
		if (x && e->frame < frames) {
			const double y = x[(uint64_t)l * frames + e->frame];
			const double d = fabs(((double)v / top) * 2.0 - 1.0 - y) * top / 2.0;
			if (d > worst)
				worst = d;
			if (d > 1.0)
				far++;
		}
		last[l] = v;
		last_t[l] = e->frame;
		values++;
	}
	CHECK(bad_range == 0, "%s: %u values out of range", what, bad_range);
	CHECK(bad_pair == 0, "%s: %u 14-bit values not MSB then LSB", what, bad_pair);
	CHECK(repeats == 0, "%s: %u values repeated on their lane", what, repeats);
	CHECK(too_soon == 0, "%s: %u values within an interval of their lane's last", what,
	      too_soon);
	CHECK(off_grid == 0, "%s: %u values off the interval's grid", what, off_grid);
	CHECK(first_late == 0, "%s: %u lanes not sent at the start", what, first_late);
	if (x)
		CHECK(far == 0, "%s: %u values more than one step from their lane's signal "
		      "(worst %.3f steps)", what, far, worst);
	printf("   %s: %zu values, the farthest %.3f steps from the signal\n", what, values,
	       worst);
	return values;
}

/* The TTL says what the C says: each MIDI setting's index, range and
   default (perlin_midi_params, MIDI_PORT), each control at its x4 index,
   the port count, the output's minimum size. */
static void test_ttl_says_what_the_c_says(const host_world *w)
{
	LilvWorld *world = w->world;
	LilvNode *rsz = lilv_new_uri(world, "http://lv2plug.in/ns/ext/resize-port#minimumSize");
	const LilvPort *out;
	LilvNodes *size;
	int i;
	CHECK(lilv_plugin_get_num_ports(w->midi) == MIDI_PORT_COUNT, "%u ports",
	      lilv_plugin_get_num_ports(w->midi));
	for (i = 0; i < MIDI_N_PARAMS + PERLIN_N_PARAMS; ++i) {
		const perlin_param_info *info = i < MIDI_N_PARAMS ? &perlin_midi_params[i]
		                              : &perlin_params[i - MIDI_N_PARAMS];
		const unsigned index = i < MIDI_N_PARAMS ? MIDI_PORT((perlin_midi_param)i)
		                     : PERLIN_PORT(i - MIDI_N_PARAMS, 4U);
		LilvNode *sym = lilv_new_string(world, info->symbol);
		const LilvPort *port = lilv_plugin_get_port_by_symbol(w->midi, sym);
		LilvNode *def = NULL, *min = NULL, *max = NULL;
		lilv_node_free(sym);
		CHECK(port != NULL, "no port %s", info->symbol);
		if (!port)
			continue;
		CHECK(lilv_port_get_index(w->midi, port) == index, "%s at %u, not %u", info->symbol,
		      lilv_port_get_index(w->midi, port), index);
		lilv_port_get_range(w->midi, port, &def, &min, &max);
		CHECK(def && min && max && lilv_node_as_float(def) == info->def &&
		      lilv_node_as_float(min) == info->min && lilv_node_as_float(max) == info->max,
		      "%s: the TTL's range is not the C's", info->symbol);
		lilv_node_free(def);
		lilv_node_free(min);
		lilv_node_free(max);
	}
	out = lilv_plugin_get_port_by_index(w->midi, MIDI_PORT_OUT);
	size = out ? lilv_port_get_value(w->midi, out, rsz) : NULL;
	CHECK(size && lilv_nodes_size(size) == 1 &&
	      lilv_node_as_int(lilv_nodes_get_first(size)) >= 8192,
	      "the MIDI output declares rsz:minimumSize");
	lilv_nodes_free(size);
	lilv_node_free(rsz);
}

/* 7-bit, 14-bit and pitch bend against the x4 plugin's outputs. */
static void test_values_match_the_x4_outputs(const host_world *w)
{
	static const char *const names[3] = { "7-bit", "14-bit", "pitch bend" };
	render_spec s;
	host_midi m;
	float *x;
	int res;
	spec_init(&s, &m);
	s.set[PERLIN_DEPTH] = 0.9f;
	s.set[PERLIN_OFFSET] = 0.05f;
	x = render_x4(w, &s);
	CHECK(x != NULL, "the x4 render");
	if (!x)
		return;
	for (res = 0; res < 3; ++res) {
		size_t n;
		spec_init(&s, &m);
		s.set[PERLIN_DEPTH] = 0.9f;
		s.set[PERLIN_OFFSET] = 0.05f;
		m.set[MIDI_RESOLUTION] = (float)res;
		m.set[MIDI_CC_1 + 1] = 40.0f; /* (stays 7-bit in 14-bit mode) */
		CHECK(host_render_midi(w, &s, &m, NULL) == 0, "render");
		check_clean(&m, names[res]);
		n = check_stream(&m, x, s.frames, names[res]);
		/* 4 s at 10 ms: at most 400 values a lane */
		CHECK(n > 400 && n <= 1600, "%s: %zu values", names[res], n);
	}
	free(x);
}

/* lilv_state_restore's callback: a preset's control values by symbol. */
typedef struct {
	render_spec *s;
	unsigned count, bad;
} preset_values;

static void preset_value(const char *symbol, void *data, const void *value, uint32_t size,
                         uint32_t type)
{
	preset_values *pv = (preset_values *)data;
	int i;
	(void)type;
	for (i = 0; i < RENDER_N_CONTROLS; ++i) {
		const char *sym = i == RENDER_SPREAD ? perlin_spread_param.symbol : perlin_params[i].symbol;
		if (!strcmp(sym, symbol) && size == sizeof(float)) {
			memcpy(&pv->s->set[i], value, sizeof(float));
			pv->count++;
			return;
		}
	}
	pv->bad++;
}

/* Every preset that applies to Perlin Noise MIDI loads and plays: its
   values all known controls, the events clean and within the rules. */
static void test_presets_load_and_play_clean(const host_world *w)
{
	LilvNode *preset_class = lilv_new_uri(w->world, LV2_PRESETS__Preset);
	LilvNodes *presets = lilv_plugin_get_related(w->midi, preset_class);
	unsigned n = 0;
	LILV_FOREACH (nodes, i, presets) {
		const LilvNode *preset = lilv_nodes_get(presets, i);
		LilvState *state;
		render_spec s;
		host_midi m;
		preset_values pv;
		lilv_world_load_resource(w->world, preset);
		state = lilv_state_new_from_world(w->world, (LV2_URID_Map *)host_map_feature(), preset);
		CHECK(state != NULL, "preset %s does not load", lilv_node_as_string(preset));
		if (!state)
			continue;
		spec_init(&s, &m);
		s.frames = (uint64_t)SR;
		pv.s = &s;
		pv.count = pv.bad = 0;
		lilv_state_restore(state, NULL, preset_value, &pv, 0, NULL);
		CHECK(pv.count >= 3 && pv.bad == 0, "preset %s: %u values, %u unknown",
		      lilv_node_as_string(preset), pv.count, pv.bad);
		CHECK(host_render_midi(w, &s, &m, NULL) == 0, "render");
		check_clean(&m, lilv_node_as_string(preset));
		if (s.set[PERLIN_TRIGGER] != (float)PERLIN_TRIGGER_STEP)
			CHECK(check_stream(&m, NULL, s.frames, lilv_node_as_string(preset)) >= 1,
			      "preset %s: no values", lilv_node_as_string(preset));
		lilv_state_free(state);
		++n;
	}
	CHECK(n >= 5, "%u presets for Perlin Noise MIDI", n);
	printf("   %u presets load and play\n", n);
	lilv_nodes_free(presets);
	lilv_node_free(preset_class);
}

/* Two event lists the same (frames and bytes). */
static int same_events(const host_midi_event *a, size_t na, const host_midi_event *b,
                       size_t nb, size_t *where)
{
	size_t i;
	for (i = 0; i < na && i < nb; ++i)
		if (a[i].frame != b[i].frame || a[i].size != b[i].size ||
		    memcmp(a[i].bytes, b[i].bytes, a[i].size < HOST_MIDI_BYTES ? a[i].size
		                                                              : HOST_MIDI_BYTES)) {
			*where = i;
			return 0;
		}
	*where = i;
	return na == nb;
}

/* Random note-ons, note-offs and CCs on channel 2 (n of them, over
   frames), in frame order. */
static size_t random_input(host_midi_event *in, size_t n, uint64_t frames)
{
	size_t i, k;
	for (i = 0; i < n; ++i) {
		const unsigned kind = (unsigned)(test_rng() % 5U);
		in[i].frame = test_rng() % frames;
		memset(in[i].bytes, 0, sizeof in[i].bytes);
		in[i].size = 3;
		in[i].bytes[0] = kind == 0 ? 0x91 : kind == 1 ? 0x81 : kind == 2 ? 0xb1 : kind == 3 ? 0xe1 : 0xf0;
		in[i].bytes[1] = (uint8_t)(test_rng() % 128U);
		in[i].bytes[2] = (uint8_t)(1U + test_rng() % 127U);
		if (kind == 4) { /* a short SysEx */
			in[i].size = 6;
			in[i].bytes[1] = 0x7d;
			in[i].bytes[5] = 0xf7;
		}
	}
	for (i = 1; i < n; ++i) /* (insertion sort: stable) */
		for (k = i; k > 0 && in[k - 1].frame > in[k].frame; --k) {
			const host_midi_event t = in[k];
			in[k] = in[k - 1];
			in[k - 1] = t;
		}
	return n;
}

/* The same events for every block size, with triggers (note-ons on
   channel 2 thru, the trigger channel any), a transport jump and
   automation; and again in a second run. */
static void test_same_events_whatever_the_blocks(const host_world *w)
{
	static const uint32_t blocks[6] = { 512, 1, 7, 64, 4096, 0 };
	static host_midi_event ref[MAX_OUT], in[64];
	render_spec s;
	host_midi m;
	size_t n_ref = 0, n_in = random_input(in, 64, 2 * (uint64_t)SR);
	int b, run;
	for (b = 0; b < 7; ++b) {
		size_t where = 0;
		int same;
		spec_init(&s, &m);
		s.frames = 2 * (uint64_t)SR;
		s.block = b < 6 ? blocks[b] : 512;
		s.block_max = 1500;
		s.block_seed = test_rng();
		s.n_jumps = 1;
		s.jump_t[0] = 1.3;
		s.jump_beat[0] = 40.0;
		s.set[PERLIN_TRIGGER] = (float)PERLIN_TRIGGER_SHAPE;
		s.autos[0].param = PERLIN_RATE;
		s.autos[0].n = 2;
		s.autos[0].t[0] = 0.2;
		s.autos[0].v[0] = 1.0;
		s.autos[0].t[1] = 1.8;
		s.autos[0].v[1] = 20.0;
		s.n_autos = 1;
		m.set[MIDI_RESOLUTION] = (float)MIDI_RES_14;
		m.set[MIDI_INTERVAL] = 3.0f;
		m.in = in;
		m.n_in = n_in;
		m.out = b == 0 ? ref : outbuf;
		CHECK(host_render_midi(w, &s, &m, NULL) == 0, "render");
		check_clean(&m, "blocks");
		if (b == 0) {
			n_ref = m.n_out;
			continue;
		}
		run = b == 6;
		same = same_events(ref, n_ref, m.out, m.n_out, &where);
		if (s.block == 1)
			printf("   blocks of 1: %llu runs\n", (unsigned long long)m.runs);
		CHECK(same,
		      "%s %u: %zu events against %zu, first different: %zu", run ? "a second run of blocks"
		      : "blocks of", run ? 512U : s.block, m.n_out, n_ref, where);
	}
	printf("   %zu events (with %zu thru), the same for blocks of 512, 1, 7, 64, 4096, random and a second run\n",
	       n_ref, n_in);
}

/* Thru: every incoming event out unchanged, at its frame, in order
   (random events, random blocks, some at the same frame). */
static void test_thru_passes_every_event_unchanged(const host_world *w)
{
	static host_midi_event in[400];
	render_spec s;
	host_midi m;
	size_t i, k = 0, n_in, n_thru = 0;
	unsigned missing = 0;
	spec_init(&s, &m);
	s.frames = (uint64_t)SR;
	s.block = 0;
	s.block_max = 700;
	s.block_seed = test_rng();
	n_in = random_input(in, 400, s.frames);
	for (i = 10; i < 20; ++i) /* a few at the same frame */
		in[i].frame = in[10].frame;
	m.in = in;
	m.n_in = n_in;
	CHECK(host_render_midi(w, &s, &m, NULL) == 0, "render");
	check_clean(&m, "thru");
	/* the incoming events, in order, among the output (channel 2 and
	   SysEx: none generated) */
	for (i = 0; i < m.n_out; ++i) {
		const host_midi_event *e = &m.out[i];
		int lsb;
		if (lane_of(&m, e, &lsb) >= 0)
			continue;
		n_thru++;
		if (k < n_in && (e->frame != in[k].frame || e->size != in[k].size ||
		                 memcmp(e->bytes, in[k].bytes, e->size))) {
			missing++;
			continue;
		}
		k++;
	}
	CHECK(k == n_in && n_thru == n_in && missing == 0,
	      "thru: %zu of %zu events out as they came (%zu out, %u others)", k, n_in, n_thru,
	      missing);
	check_stream(&m, NULL, s.frames, "thru, the generated ones");
	printf("   %zu of %zu events through, in order, at their frames (%zu out)\n", k, n_in,
	       n_thru);
}

/* A small output: never a byte past it, what fits a valid sequence. */
static void test_nothing_past_the_output_capacity(const host_world *w)
{
	static const uint32_t caps[7] = { 0, 4, 8, 16, 24, 40, 100 };
	static host_midi_event in[300];
	render_spec s;
	host_midi m;
	int i;
	for (i = 0; i < 7; ++i) {
		char what[64];
		spec_init(&s, &m);
		s.frames = (uint64_t)SR / 2;
		s.block = 256;
		m.set[MIDI_RESOLUTION] = (float)MIDI_RES_14;
		m.set[MIDI_INTERVAL] = 1.0f;
		m.in = in;
		m.n_in = random_input(in, 300, s.frames);
		m.capacity = caps[i];
		CHECK(host_render_midi(w, &s, &m, NULL) == 0, "render");
		snprintf(what, sizeof what, "capacity %u", caps[i]);
		check_clean(&m, what);
		CHECK(m.n_out <= (caps[i] >= 8 ? (caps[i] - 8) / 24 : 0) * m.runs,
		      "%s: %zu events", what, m.n_out);
	}
}

/* Resends: at the start, after a transport jump, after a lane's number
   changes, even when the value has not changed. */
static void test_lanes_resent_at_start_jump_new_number(const host_world *w)
{
	host_inst h;
	float set[MIDI_N_PARAMS];
	union {
		uint64_t align;
		uint8_t b[4096];
	} out;
	const LV2_Atom_Sequence *seq = (const LV2_Atom_Sequence *)out.b;
	unsigned counts[7];
	int i, r;
	if (host_inst_open(&h, w->midi, SR, 0))
		return;
	for (i = 0; i < MIDI_N_PARAMS; ++i) {
		set[i] = perlin_midi_params[i].def;
		lilv_instance_connect_port(h.inst, MIDI_PORT((perlin_midi_param)i), &set[i]);
	}
	h.controls[PERLIN_DEPTH] = 0.0f; /* (the value stays put: offset) */
	for (r = 0; r < 7; ++r) {
		if (r == 2) /* a jump */
			host_inst_position(&h, 100, 480000.0, 1.0, 40.0, 120.0);
		else if (r == 0)
			host_inst_position(&h, 0, 0.0, 1.0, 0.0, 120.0);
		if (r == 4)
			set[MIDI_CC_1] = 74.0f;
		if (r == 6)
			set[MIDI_CHANNEL] = 5.0f;
		memset(out.b, 0, sizeof out.b);
		((LV2_Atom *)out.b)->size = sizeof out.b - sizeof(LV2_Atom);
		lilv_instance_connect_port(h.inst, MIDI_PORT_OUT, out.b);
		host_inst_run(&h, NULL, 2048);
		counts[r] = (seq->atom.size - (uint32_t)sizeof(LV2_Atom_Sequence_Body)) / 24U;
		if (r == 4)
			CHECK(counts[r] == 1 && ((const uint8_t *)(seq + 1))[sizeof(LV2_Atom_Event) + 1] == 74,
			      "the new number sent");
		if (r == 6)
			CHECK(counts[r] == 1 && ((const uint8_t *)(seq + 1))[sizeof(LV2_Atom_Event)] == 0xb4,
			      "the new channel sent: %u events", counts[r]);
	}
	CHECK(counts[0] == 1 && counts[1] == 0 && counts[2] == 1 && counts[3] == 0 &&
	      counts[4] == 1 && counts[5] == 0,
	      "resends: %u at the start, %u, %u after a jump, %u, %u after a new number, %u",
	      counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]);
	/* no output connected, then one that is: nothing breaks */
	lilv_instance_connect_port(h.inst, MIDI_PORT_OUT, NULL);
	host_inst_run(&h, NULL, 512);
	host_inst_close(&h);
}

/* A render from a transport position S (a partial export) against one
   from 0: from the partial's first grid point on (where it sends every
   lane, as after any jump) the events are the full render's, at the same
   transport frames: the grid is placed on the transport's frame, not on
   activation. For starts on and off the 10 ms grid, with 7- and 14-bit. */
static void test_partial_export_sends_the_full_events(const host_world *w)
{
	static const double starts[3] = { 1.25, 1.2345, 2.71828 };
	host_midi_event *full = malloc(sizeof *full * MAX_OUT);
	int k, res;
	if (!full)
		return;
	for (res = 0; res < 2; ++res)
		for (k = 0; k < 3; ++k) {
			render_spec s;
			host_midi m, p;
			size_t nf, i, j, first, bad = 0, n_cmp = 0;
			uint64_t start;
			double start_beat;
			spec_init(&s, &m);
			s.transport = 1;
			s.bpm = 120.0;
			m.set[MIDI_RESOLUTION] = (float)res;
			m.out = full;
			if (host_render_midi(w, &s, &m, NULL))
				break;
			nf = m.n_out < MAX_OUT ? m.n_out : MAX_OUT;
			start = (uint64_t)llround(starts[k] * SR);
			start_beat = (double)start / (SR * 0.5); /* 120 BPM: 0.5 s a beat */
			spec_init(&s, &p);
			s.transport = 1;
			s.bpm = 120.0;
			s.start_beat = start_beat;
			s.frames -= start;
			p.set[MIDI_RESOLUTION] = (float)res;
			if (host_render_midi(w, &s, &p, NULL))
				break;
			/* the partial's first grid point: a multiple of 480 frames */
			first = p.n_out ? (size_t)p.out[0].frame : 0;
			CHECK(p.n_out > 0 && (p.out[0].frame + start) % 480U == 0 && p.out[0].frame < 480,
			      "start %.4f s: the first event at %llu frames in, not on the transport's grid",
			      starts[k], p.n_out ? (unsigned long long)p.out[0].frame : 0ULL);
			for (i = 0; i < p.n_out && p.out[i].frame == first; ++i)
				;
			for (j = 0; j < nf && full[j].frame < first + start + 480U; ++j)
				;
			for (; i < p.n_out && j < nf; ++i, ++j, ++n_cmp)
				if (p.out[i].frame + start != full[j].frame || p.out[i].size != full[j].size ||
				    memcmp(p.out[i].bytes, full[j].bytes, p.out[i].size))
					++bad;
			printf("   start %.4f s, %s: %zu events after the first grid point, %zu not the full "
			       "render's\n", starts[k], res ? "14-bit" : "7-bit", n_cmp, bad);
			CHECK(n_cmp > 100 && bad == 0 && i == p.n_out && j == nf,
			      "start %.4f s: %zu of %zu events differ from the full render's (%zu and %zu left)",
			      starts[k], bad, n_cmp, p.n_out - i, nf - j);
		}
	free(full);
}

/* The Standard MIDI File writer: a known small file, byte by byte, and
   what perlin-render writes read back. */
static void test_smf_writer_writes_the_known_bytes(const host_world *w)
{
	static const uint8_t want[] = {
		'M', 'T', 'h', 'd', 0, 0, 0, 6, 0, 0, 0, 1, 0x01, 0xe0, /* type 0, 1 track, 480 ppq */
		'M', 'T', 'r', 'k', 0, 0, 0, 26,
		0x00, 0xff, 0x51, 0x03, 0x07, 0xa1, 0x20, /* tempo 500000 us (120 BPM) */
		0x00, 0xb0, 0x01, 0x40,                   /* at 0: CC 1 = 64 */
		0x81, 0x70, 0xb0, 0x01, 0x41,             /* 240 ticks later: full status again */
		0x83, 0xe0, 0x00, 0xe0, 0x00, 0x40,       /* 61440 ticks later: pitch bend 8192 */
		0x00, 0xff, 0x2f, 0x00                    /* end of track */
	};
	smf_writer wr;
	uint8_t buf[256];
	size_t n;
	smf_init(&wr, 480, 120.0, 48000.0);
	smf_event(&wr, 0, (const uint8_t *)"\xb0\x01\x40", 3);
	smf_event(&wr, 12000, (const uint8_t *)"\xb0\x01\x41", 3); /* 0.25 s: 240 ticks */
	smf_event(&wr, 12000 + 3072000, (const uint8_t *)"\xe0\x00\x40", 3); /* 64 s later */
	n = smf_bytes(&wr, buf, sizeof buf);
	CHECK(n == sizeof want && !memcmp(buf, want, sizeof want),
	      "the known file: %zu bytes against %zu", n, sizeof want);
	{ /* read back: header, length, deltas */
		smf_event_read ev[8];
		int k = smf_read(buf, n, ev, 8);
		CHECK(k == 3 && ev[0].tick == 0 && ev[1].tick == 240 && ev[2].tick == 240 + 61440 &&
		      ev[2].bytes[0] == 0xe0 && ev[2].bytes[2] == 0x40,
		      "read back: %d events", k);
	}
	{ /* VLQs at their edges */
		static const uint32_t v[6] = { 0, 127, 128, 16383, 16384, 0x0fffffff };
		static const uint8_t len[6] = { 1, 1, 2, 2, 3, 4 };
		int i;
		for (i = 0; i < 6; ++i) {
			uint8_t b[8];
			uint32_t back = 0;
			const size_t k = smf_vlq(v[i], b);
			size_t j;
			for (j = 0; j < k; ++j)
				back = back << 7 | (b[j] & 0x7fU);
			CHECK(k == len[i] && back == v[i] && !(b[k - 1] & 0x80U),
			      "VLQ of %u: %zu bytes", v[i], k);
		}
	}
	smf_free(&wr);
	{ /* a render's events, in files of type 0 and 1, read back */
		render_spec sp;
		host_midi m;
		static smf_event_read back[MAX_OUT];
		int type;
		spec_init(&sp, &m);
		sp.frames = 2 * (uint64_t)SR;
		sp.bpm = 97.0;
		m.set[MIDI_RESOLUTION] = (float)MIDI_RES_14;
		CHECK(host_render_midi(w, &sp, &m, NULL) == 0, "render");
		for (type = 0; type < 2; ++type) {
			uint8_t *file;
			size_t bytes, i;
			unsigned bad = 0;
			int k;
			smf_init(&wr, 960, sp.bpm, SR);
			wr.type = type;
			for (i = 0; i < m.n_out; ++i)
				smf_event(&wr, m.out[i].frame, m.out[i].bytes, m.out[i].size);
			bytes = smf_bytes(&wr, NULL, 0);
			file = malloc(bytes);
			if (!file)
				break;
			smf_bytes(&wr, file, bytes);
			k = smf_read(file, bytes, back, MAX_OUT);
			for (i = 0; k >= 0 && i < m.n_out && i < (size_t)k; ++i) {
				const uint64_t tick = (uint64_t)floor((double)m.out[i].frame * sp.bpm * 960.0 /
				                                      (60.0 * SR) + 0.5);
				if (back[i].tick != tick || back[i].size != 3U ||
				    memcmp(back[i].bytes, m.out[i].bytes, 3) || back[i].track != type)
					bad++;
			}
			CHECK(k == (int)m.n_out && bad == 0 && fabs(smf_read_tempo(file, bytes) - 97.0) < 1e-3,
			      "type %d: %d of %zu events read back, %u not as written, tempo %g", type, k,
			      m.n_out, bad, smf_read_tempo(file, bytes));
			printf("   type %d: %zu events, %zu bytes, read back\n", type, m.n_out, bytes);
			free(file);
			smf_free(&wr);
		}
	}
}

/* Each lane's generated values of m from frame `from` on, in order, into
   v[l] (frame, value): 7-bit. Returns the count. */
typedef struct {
	uint64_t frame;
	int lane, value;
} lane_value;
static size_t lane_values(const host_midi *m, uint64_t from, lane_value *v, size_t max)
{
	size_t i, n = 0;
	for (i = 0; i < m->n_out && i < m->max_out && n < max; ++i) {
		int lsb, l = lane_of(m, &m->out[i], &lsb);
		if (l < 0 || lsb || m->out[i].frame < from)
			continue;
		v[n].frame = m->out[i].frame;
		v[n].lane = l;
		v[n].value = m->out[i].bytes[2];
		++n;
	}
	return n;
}

/* Perlin Noise MIDI synced (97 BPM when the host sends a transport),
   sent the MIDI in[0..n_in): each lane's values from frame 4000 on into
   v (lane_values). */
static size_t clocked_values(const host_world *w, const host_midi_event *in, size_t n_in,
                             int transport, lane_value *v, size_t max)
{
	render_spec s;
	host_midi m;
	spec_init(&s, &m);
	s.set[PERLIN_SYNC] = 1.0f;
	s.bpm = 97.0;
	s.transport = transport;
	m.in = in;
	m.n_in = n_in;
	CHECK(host_render_midi(w, &s, &m, NULL) == 0, "render");
	return lane_values(&m, 4000, v, max);
}

/* MIDI clock into Perlin Noise MIDI (sync on, 7-bit): 24 pulses a beat
   at 97 BPM from frame 0 (without a clock it would run at 120), the host sending no transport: from 4000 on
   (the second pulse, its crossfade, an interval), each lane's values
   within one step of what a host transport at 97 BPM gives; with the
   host's transport (a tempo) as well, the clock is ignored: the same
   generated events. */
static void test_midi_clock_drives_the_lanes(const host_world *w)
{
	enum { MAXV = 4096 };
	static lane_value a[MAXV], b[MAXV];
	static host_midi_event in[2048];
	size_t na, nb, i, j, n_in = 0, far = 0, same;
	uint64_t t;
	int last[4];
	in[n_in++] = (host_midi_event){ 0, 1U, { 0xfa } };
	for (i = 0, t = 0; t < 4U * (uint64_t)SR && n_in < 2048;
	     t = (uint64_t)floor((double)(++i) * 60.0 * SR / 97.0 / 24.0 + 0.5)) /* 97 BPM */
		in[n_in++] = (host_midi_event){ t, 1U, { 0xf8 } };
	na = clocked_values(w, NULL, 0, 1, a, MAXV);
	nb = clocked_values(w, in, n_in, 1, b, MAXV);
	same = na == nb && !memcmp(a, b, na * sizeof a[0]);
	nb = clocked_values(w, in, n_in, 0, b, MAXV);
	/* each clocked value against the transport's latest on its lane */
	for (i = 0, j = 0; i < nb; ++i) {
		int l;
		for (l = 0; l < 4; ++l)
			last[l] = -1000;
		for (j = 0; j < na && a[j].frame <= b[i].frame; ++j)
			last[a[j].lane] = a[j].value;
		far += abs(b[i].value - last[b[i].lane]) > 1;
	}
	printf("   Perlin Noise MIDI, MIDI clock at 97 BPM: %zu values, %zu more than a step from "
	       "the transport's (%zu values); with the host's tempo: %s\n",
	       nb, far, na, same ? "ignored (the same events)" : "NOT ignored");
	CHECK(nb > 400 && na > 400, "too few values (%zu, %zu)", nb, na);
	CHECK(far == 0, "MIDI clock: %zu values more than a step from the transport's", far);
	CHECK(same, "MIDI clock not ignored while the host sends a tempo");
}

int main(int argc, char **argv)
{
	host_world w;
	test_seed(argc - 1, argv + 1, "test_midi");
	if (argc < 2 || host_world_open(&w, argv[1])) {
		fprintf(stderr, "usage: test_midi BUNDLE_DIR [seed]\n");
		return 2;
	}
	outbuf = malloc(sizeof *outbuf * MAX_OUT);
	if (!outbuf)
		return 2;
	test_section("ports: the TTL against the C");
	test_ttl_says_what_the_c_says(&w);
	test_section("values against Perlin Noise x4: range, MSB/LSB, bend, thinning");
	test_values_match_the_x4_outputs(&w);
	test_section("presets");
	test_presets_load_and_play_clean(&w);
	test_section("the same events for blocks of 1, 7, 64, 4096, random, and every run");
	test_same_events_whatever_the_blocks(&w);
	test_section("thru");
	test_thru_passes_every_event_unchanged(&w);
	test_section("a small output: nothing past its capacity");
	test_nothing_past_the_output_capacity(&w);
	test_section("resends: start, transport jump, new number");
	test_lanes_resent_at_start_jump_new_number(&w);
	test_section("a partial export: the full one's events, at the same transport frames");
	test_partial_export_sends_the_full_events(&w);
	test_section("MIDI clock");
	test_midi_clock_drives_the_lanes(&w);
	test_section("Standard MIDI File writer");
	test_smf_writer_writes_the_known_bytes(&w);
	free(outbuf);
	host_world_close(&w);
	return test_done("test_midi");
}
