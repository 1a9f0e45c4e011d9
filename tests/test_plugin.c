/* test_plugin.c: hosts the built bundle through lilv, as a real host does,
   and checks the contract: plugins, ports, ranges (against dsp.h's table),
   presets, and output that is finite, in range, moving, and independent of
   how the samples are split into blocks.
   Usage: test_plugin BUNDLE_DIR [seed]
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "host.h"
#include "test.h"

#include <lilv/lilv.h>
#include <lv2/atom/atom.h>
#include <lv2/core/lv2.h>
#include <lv2/port-groups/port-groups.h>
#include <lv2/port-props/port-props.h>
#include <lv2/presets/presets.h>
#include <lv2/time/time.h>
#include <lv2/units/units.h>
#include <lv2/urid/urid.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SR 48000.0

static LilvWorld *world;
static const LilvPlugin *keyed; /* Perlin Noise Keyed (its own ports: test_ports_as_declared) */

/* Render n samples into out in blocks of `block` (0: random sizes). */
/* n samples of every output of h, out holding h->outputs planes of n */
static void render_blocks(host_inst *h, float *out, uint32_t n, uint32_t block)
{
	uint32_t done = 0;
	while (done < n) {
		float *outs[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
		uint32_t b = block ? block : 1U + (uint32_t)(test_rng() % 3000U);
		int o;
		if (b > n - done)
			b = n - done;
		for (o = 0; o < h->outputs; ++o)
			outs[o] = out + (size_t)o * n + done;
		host_inst_run_outputs(h, outs, b);
		done += b;
	}
}

/* each output's last value is its level (level, level_2 .. level_4) */
static void check_levels(const host_inst *h, const float *out, uint32_t n, const char *name)
{
	int o;
	for (o = 0; o < h->outputs; ++o) {
		const float level = o ? h->levels[o] : h->level;
		CHECK(level == out[(size_t)o * n + n - 1], "%s: level %d %g is not output %d's last "
		      "sample %g", name, o + 1, level, o + 1, out[(size_t)o * n + n - 1]);
	}
}

/* ---- port contract ---- */
static void test_ports_as_declared(const LilvPlugin *p, int cv, int four)
{
	/* the CV trigger input, the volts outputs and the CV inputs after
	   them (depth, offset, clock, pulses, rate, morph) of the CV plugins
	   (Keyed's ports are Perlin Noise's) */
	const unsigned extra = cv ? 1U + 2U * (four ? 4U : 1U) + 6U : 0U;
	const unsigned n_ports = (four ? PORT_COUNT_4 : PORT_COUNT) + extra;
	const char *out_sym = four ? (cv ? "cv_1" : "out_1") : (cv ? "cv" : "out");
	const char *level_sym = four ? "level_1" : "level";
	LilvNode *input = lilv_new_uri(world, LV2_CORE__InputPort);
	LilvNode *output = lilv_new_uri(world, LV2_CORE__OutputPort);
	LilvNode *control = lilv_new_uri(world, LV2_CORE__ControlPort);
	LilvNode *audio = lilv_new_uri(world, LV2_CORE__AudioPort);
	LilvNode *cvport = lilv_new_uri(world, LV2_CORE__CVPort);
	LilvNode *atom = lilv_new_uri(world, LV2_ATOM__AtomPort);
	LilvNode *optional = lilv_new_uri(world, LV2_CORE__connectionOptional);
	LilvNode *integer = lilv_new_uri(world, LV2_CORE__integer);
	LilvNode *enumeration = lilv_new_uri(world, LV2_CORE__enumeration);
	LilvNode *toggled = lilv_new_uri(world, LV2_CORE__toggled);
	LilvNode *logarithmic = lilv_new_uri(world, LV2_PORT_PROPS__logarithmic);
	LilvNode *trigger = lilv_new_uri(world, LV2_PORT_PROPS__trigger);
	LilvNode *unit = lilv_new_uri(world, LV2_UNITS__unit);
	LilvNode *cells = lilv_new_uri(world, "urn:perlin-lv2:unit:cells-per-second");
	LilvNode *position = lilv_new_uri(world, LV2_TIME__Position);
	LilvNode *hardrt = lilv_new_uri(world, LV2_CORE__hardRTCapable);
	LilvNode *group = lilv_new_uri(world, LV2_PORT_GROUPS__group);
	const char *name = four ? (cv ? "CV x4 plugin" : "audio x4 plugin")
	                        : (cv ? "CV plugin" : "audio plugin");
	unsigned i;
	CHECK(lilv_plugin_get_num_ports(p) == n_ports, "%s has %u ports, not %u", name,
	      lilv_plugin_get_num_ports(p), n_ports);
	for (i = 0; i < PERLIN_N_PARAMS; ++i) {
		const LilvPort *port = lilv_plugin_get_port_by_index(p, PERLIN_PORT(i, four ? 4U : 1U));
		const float want_def = cv ? perlin_params[i].cv_def : perlin_params[i].def;
		LilvNode *def = NULL, *min = NULL, *max = NULL;
		const char *sym;
		if (!port) {
			CHECK(0, "%s: no port %u", name, i);
			continue;
		}
		sym = lilv_node_as_string(lilv_port_get_symbol(p, port));
		CHECK(!strcmp(sym, perlin_params[i].symbol), "%s port %u is '%s', not '%s'",
		      name, i, sym, perlin_params[i].symbol);
		CHECK(lilv_port_is_a(p, port, input) && lilv_port_is_a(p, port, control),
		      "%s: %s is not a control input", name, sym);
		lilv_port_get_range(p, port, &def, &min, &max);
		CHECK(def && min && max && lilv_node_as_float(def) == want_def &&
		      lilv_node_as_float(min) == perlin_params[i].min &&
		      lilv_node_as_float(max) == perlin_params[i].max,
		      "%s: %s range in the TTL differs from dsp.c", name, sym);
		lilv_node_free(def);
		lilv_node_free(min);
		lilv_node_free(max);
	}
	{
#define PORT(i) lilv_plugin_get_port_by_index(p, i)
		LilvNodes *units = lilv_port_get_value(p, PORT(PERLIN_RATE), unit);
		LilvNodes *drift = lilv_port_get_value(p, PORT(PERLIN_DRIFT), unit);
		CHECK(lilv_port_has_property(p, PORT(PERLIN_RATE), logarithmic) && units &&
		      lilv_node_equals(lilv_nodes_get_first(units), cells) && drift &&
		      lilv_node_equals(lilv_nodes_get_first(drift), cells),
		      "%s: rate (logarithmic) and drift are not in cells per second", name);
		lilv_nodes_free(units);
		lilv_nodes_free(drift);
		{
			/* Audacity labels a unit by lilv_world_get_symbol(): the
			   unit's own lv2:symbol, else its URI mangled
			   (perlin_lv2_unit_cells_per_second) */
			LilvNode *label = lilv_world_get_symbol(world, cells);
			const char *l = label ? lilv_node_as_string(label) : "";
			CHECK(!strcmp(l, "cells_per_s"),
			      "%s: hosts that show the unit's symbol show '%s', not cells_per_s", name, l);
			lilv_node_free(label);
		}
		CHECK(lilv_port_has_property(p, PORT(PERLIN_SEED), integer) &&
		      lilv_port_has_property(p, PORT(PERLIN_LOOP), integer),
		      "%s: seed and loop must be lv2:integer", name);
		CHECK(lilv_port_has_property(p, PORT(PERLIN_DIMENSIONS), enumeration),
		      "%s: dimensions is not an enumeration", name);
		{
			LilvScalePoints *sp = lilv_port_get_scale_points(p, PORT(PERLIN_DIMENSIONS));
			CHECK(sp && lilv_scale_points_size(sp) == 2,
			      "%s: dimensions needs the scale points 1D and 2D", name);
			lilv_scale_points_free(sp);
		}
		CHECK(lilv_port_has_property(p, PORT(PERLIN_SYNC), toggled),
		      "%s: sync is not a toggle", name);
		CHECK(lilv_port_has_property(p, PORT(PERLIN_RESET), trigger),
		      "%s: reset is not a trigger", name);
		CHECK(lilv_port_has_property(p, PORT(PERLIN_BEATS), logarithmic),
		      "%s: beats is not logarithmic", name);
		CHECK(lilv_port_is_a(p, PORT(14), atom) && lilv_port_is_a(p, PORT(14), input) &&
		      lilv_port_supports_event(p, PORT(14), position) &&
		      !strcmp(lilv_node_as_string(lilv_port_get_symbol(p, PORT(14))), "control"),
		      "%s: port 14 must be the atom input 'control' supporting time:Position",
		      name);
		for (i = 0; i < (four ? PERLIN_OUTPUTS : 1U); ++i) {
			/* the levels at 15, then 22..; the outputs at 16, then 19.. */
			const LilvPort *lv = PORT(i ? PORT_LEVEL_2 + i - 1 : 15U);
			const LilvPort *o = PORT(i ? PORT_OUT_2 + i - 1 : 16U);
			char want[16];
			if (!lv || !o) {
				CHECK(0, "%s: no output or level %u", name, i + 1);
				continue;
			}
			snprintf(want, sizeof want, four ? "level_%u" : "level", i + 1);
			CHECK(lilv_port_is_a(p, lv, output) && lilv_port_is_a(p, lv, control) &&
			      !strcmp(lilv_node_as_string(lilv_port_get_symbol(p, lv)), i ? want : level_sym),
			      "%s: output level %u must be the control output '%s'", name, i + 1, want);
			if (four)
				snprintf(want, sizeof want, cv ? "cv_%u" : "out_%u", i + 1);
			else
				snprintf(want, sizeof want, "%s", out_sym);
			if (cv)
				CHECK(lilv_port_is_a(p, o, cvport) && lilv_port_is_a(p, o, output) &&
				      lilv_port_has_property(p, o, optional) &&
				      !strcmp(lilv_node_as_string(lilv_port_get_symbol(p, o)), want),
				      "%s: output %u must be the optional CV output '%s'", name, i + 1, want);
			else
				CHECK(lilv_port_is_a(p, o, audio) && lilv_port_is_a(p, o, output) &&
				      !strcmp(lilv_node_as_string(lilv_port_get_symbol(p, o)), want),
				      "%s: output %u must be the audio output '%s'", name, i + 1, want);
		}
		CHECK(lilv_port_has_property(p, PORT(17), enumeration),
		      "%s: stopped is not an enumeration", name);
		if (four) {
			const LilvPort *sp = PORT(PORT_SPREAD);
			LilvNode *def = NULL, *min = NULL, *max = NULL;
			CHECK(sp && lilv_port_is_a(p, sp, input) && lilv_port_is_a(p, sp, control) &&
			      !strcmp(lilv_node_as_string(lilv_port_get_symbol(p, sp)), "spread"),
			      "%s: port 18 must be the control input 'spread'", name);
			if (sp)
				lilv_port_get_range(p, sp, &def, &min, &max);
			CHECK(def && min && max && lilv_node_as_float(def) == perlin_spread_param.def &&
			      lilv_node_as_float(min) == perlin_spread_param.min &&
			      lilv_node_as_float(max) == perlin_spread_param.max,
			      "%s: spread's range in the TTL differs from params.c", name);
			lilv_node_free(def);
			lilv_node_free(min);
			lilv_node_free(max);
		}
		for (i = 0; i < n_ports; ++i)
			CHECK(!lilv_port_is_a(p, PORT(i), cvport) || cv,
			      "audio plugin declares a CV port (Ardour 7 would refuse it)");
		for (i = 0; i < n_ports; ++i) { /* every port in one of the groups */
			LilvNodes *g = lilv_port_get_value(p, PORT(i), group);
			const char *uri = g ? lilv_node_as_uri(lilv_nodes_get_first(g)) : "";
			CHECK(g && lilv_nodes_size(g) == 1 &&
			      (!strcmp(uri, "urn:perlin-lv2:group:noise") ||
			       !strcmp(uri, "urn:perlin-lv2:group:motion") ||
			       !strcmp(uri, four && i != 17 && i >= 15 && i < PORT_DEPTH_CV(4U)
			                               ? "urn:perlin-lv2:group:outputs"
			                                                : "urn:perlin-lv2:group:output") ||
			       !strcmp(uri, "urn:perlin-lv2:group:transport") ||
			       (i >= PORT_TRIGGERS(four ? 4U : 1U) &&
			        !strcmp(uri, "urn:perlin-lv2:group:trigger"))),
			      "%s: port %u is in no port group (or the wrong one)", name, i);
			lilv_nodes_free(g);
		}
#undef PORT
	}
	{
		LilvNodes *f = lilv_plugin_get_optional_features(p);
		CHECK(lilv_nodes_contains(f, hardrt), "%s is not hardRTCapable", name);
		lilv_nodes_free(f);
		f = lilv_plugin_get_required_features(p);
		CHECK(lilv_nodes_size(f) == 0, "%s requires features", name);
		lilv_nodes_free(f);
	}
	lilv_node_free(input);
	lilv_node_free(output);
	lilv_node_free(control);
	lilv_node_free(audio);
	lilv_node_free(cvport);
	lilv_node_free(atom);
	lilv_node_free(optional);
	lilv_node_free(integer);
	lilv_node_free(enumeration);
	lilv_node_free(toggled);
	lilv_node_free(logarithmic);
	lilv_node_free(trigger);
	lilv_node_free(unit);
	lilv_node_free(cells);
	lilv_node_free(position);
	lilv_node_free(hardrt);
	lilv_node_free(group);
}

/* What MOD's mod-ui reads (utils/utils_lilv.cpp in mod-audio/mod-ui): a
   CV port is shown only when typed mod:CVPort too, a plugin's brand is
   cut at 11 characters in its interface and its label at 16, a port's
   name (or lv2:shortName) at 16; CV plugins belong in
   mod:ControlVoltagePlugin. */
#define MOD_NS "http://moddevices.com/ns/mod#"
static void test_mod_ui_shows_every_port(const LilvPlugin *p, int cv, const char *name)
{
	LilvNode *brand_p = lilv_new_uri(world, MOD_NS "brand");
	LilvNode *label_p = lilv_new_uri(world, MOD_NS "label");
	LilvNode *mod_cv = lilv_new_uri(world, MOD_NS "CVPort");
	LilvNode *lv2_cv = lilv_new_uri(world, LV2_CORE__CVPort);
	LilvNode *cv_class = lilv_new_uri(world, MOD_NS "ControlVoltagePlugin");
	LilvNode *short_p = lilv_new_uri(world, LV2_CORE_PREFIX "shortName");
	LilvNode *type_p = lilv_new_uri(world, LILV_NS_RDF "type");
	LilvNodes *brand = lilv_plugin_get_value(p, brand_p);
	LilvNodes *label = lilv_plugin_get_value(p, label_p);
	LilvNodes *classes = lilv_plugin_get_value(p, type_p);
	unsigned i, n = lilv_plugin_get_num_ports(p), cv_ports = 0, typed = 0, long_names = 0;
	CHECK(brand && strlen(lilv_node_as_string(lilv_nodes_get_first(brand))) <= 11,
	      "%s: no mod:brand of at most 11 characters", name);
	CHECK(label && strlen(lilv_node_as_string(lilv_nodes_get_first(label))) <= 16,
	      "%s: no mod:label of at most 16 characters", name);
	CHECK(!cv == !(classes && lilv_nodes_contains(classes, cv_class)),
	      "%s: mod:ControlVoltagePlugin %s", name, cv ? "missing" : "on a plugin without CV");
	for (i = 0; i < n; ++i) {
		const LilvPort *port = lilv_plugin_get_port_by_index(p, i);
		LilvNodes *sn = lilv_port_get_value(p, port, short_p);
		LilvNode *pn = lilv_port_get_name(p, port);
		const char *shown = sn ? lilv_node_as_string(lilv_nodes_get_first(sn))
		                       : lilv_node_as_string(pn);
		if (strlen(shown) > 16) {
			++long_names;
			fprintf(stderr, "   %s: port name '%s' over 16 characters\n", name, shown);
		}
		if (lilv_port_is_a(p, port, lv2_cv)) {
			++cv_ports;
			typed += lilv_port_is_a(p, port, mod_cv) ? 1U : 0U;
		}
		lilv_nodes_free(sn);
		lilv_node_free(pn);
	}
	CHECK(long_names == 0, "%s: %u port names over 16 characters", name, long_names);
	CHECK(cv_ports == typed, "%s: %u of its %u CV ports not typed mod:CVPort", name,
	      cv_ports - typed, cv_ports);
	lilv_nodes_free(brand);
	lilv_nodes_free(label);
	lilv_nodes_free(classes);
	lilv_node_free(brand_p);
	lilv_node_free(label_p);
	lilv_node_free(mod_cv);
	lilv_node_free(lv2_cv);
	lilv_node_free(cv_class);
	lilv_node_free(short_p);
	lilv_node_free(type_p);
}

/* What Carla (CarlaPluginLV2.cpp) makes of a plugin's atom inputs (it
   takes every lv2:AtomPort input for an event input): with one, Carla's
   own MIDI input ("events-in") feeds it; with two or more, every one that
   declares MIDI and is not designated lv2:control gets a JACK MIDI port
   Carla never reads, and one that is designated and declares MIDI gets a
   port without a buffer. So each plugin that reads notes (Keyed, the CV
   plugins, MIDI) has one atom input, `control`, designated, declaring
   MIDI and time:Position (Ardour sends both there); the others declare no
   MIDI (a MIDI input makes Ardour take a plugin for an instrument). */
static void test_one_midi_input_where_carla_reads(const LilvPlugin *p)
{
	LilvNode *name = lilv_plugin_get_name(p);
	LilvNode *atom_port = lilv_new_uri(world, LV2_ATOM__AtomPort);
	LilvNode *input = lilv_new_uri(world, LV2_CORE__InputPort);
	LilvNode *midi = lilv_new_uri(world, "http://lv2plug.in/ns/ext/midi#MidiEvent");
	LilvNode *position = lilv_new_uri(world, LV2_TIME__Position);
	LilvNode *designation = lilv_new_uri(world, LV2_CORE__designation);
	LilvNode *control = lilv_new_uri(world, LV2_CORE__control);
	const char *n = lilv_node_as_string(name);
	const char *uri = lilv_node_as_uri(lilv_plugin_get_uri(p));
	const int reads_notes = !strcmp(uri, "urn:perlin-lv2:perlin-keyed") ||
	                        !strcmp(uri, "urn:perlin-lv2:perlin-cv") ||
	                        !strcmp(uri, "urn:perlin-lv2:perlin4-cv") ||
	                        !strcmp(uri, "urn:perlin-lv2:perlin-midi");
	unsigned i, ports = lilv_plugin_get_num_ports(p), atom_inputs = 0, midi_inputs = 0;
	unsigned never_read = 0, unbuffered = 0;
	int control_ok = 0;
	for (i = 0; i < ports; ++i) {
		const LilvPort *port = lilv_plugin_get_port_by_index(p, i);
		LilvNodes *d = lilv_port_get_value(p, port, designation);
		const int designated = d && lilv_nodes_contains(d, control);
		const int declares_midi = lilv_port_supports_event(p, port, midi);
		lilv_nodes_free(d);
		if (!lilv_port_is_a(p, port, atom_port) || !lilv_port_is_a(p, port, input))
			continue;
		++atom_inputs;
		midi_inputs += declares_midi ? 1U : 0U;
		never_read += declares_midi && !designated ? 1U : 0U;
		unbuffered += declares_midi && designated ? 1U : 0U;
		control_ok = designated && lilv_port_supports_event(p, port, position) &&
		             declares_midi == reads_notes &&
		             !strcmp(lilv_node_as_string(lilv_port_get_symbol(p, port)), "control");
	}
	if (atom_inputs == 1)
		never_read = unbuffered = 0;
	printf("   %s: %u atom input%s, %u declaring MIDI; in Carla %u MIDI port%s never read, "
	       "%u without a buffer\n", n, atom_inputs, atom_inputs == 1 ? "" : "s", midi_inputs,
	       never_read, never_read == 1 ? "" : "s", unbuffered);
	CHECK(never_read == 0 && unbuffered == 0, "%s: Carla would show MIDI ports it cannot feed", n);
	CHECK(atom_inputs == 1 && control_ok,
	      "%s: one atom input, 'control', designated, with time:Position%s", n,
	      reads_notes ? " and MIDI" : " and no MIDI");
	lilv_node_free(name);
	lilv_node_free(atom_port);
	lilv_node_free(input);
	lilv_node_free(midi);
	lilv_node_free(position);
	lilv_node_free(designation);
	lilv_node_free(control);
}

/* The CV plugins' volts outputs (ports.h, PORT_VOLTS): each a CV output,
   connectionOptional, named for its range, declared -5..5 or 0..10; what
   they write is 5 x the output (+ 5), inside the declared range and over
   most of it; the same with the output itself connected or not, or only
   one of them. */
static void test_volts_inside_their_declared_range(const LilvPlugin *p, int four, const char *name)
{
	const unsigned outs = four ? 4U : 1U, base = PORT_VOLTS(outs);
	const uint32_t n = (uint32_t)(2 * SR);
	LilvNode *cvport = lilv_new_uri(world, LV2_CORE__CVPort);
	LilvNode *output = lilv_new_uri(world, LV2_CORE__OutputPort);
	LilvNode *optional = lilv_new_uri(world, LV2_CORE__connectionOptional);
	float *x = malloc(sizeof(float) * 4 * n);
	float *v[3][4][2]; /* [run][output][bipolar, unipolar] */
	unsigned o, k, r;
	int bad_decl = 0;
	if (!x)
		return;
	for (o = 0; o < outs; ++o)
		for (k = 0; k < 2; ++k) {
			const LilvPort *port = lilv_plugin_get_port_by_index(p, base + 2U * o + k);
			char want[32];
			LilvNode *def = NULL, *min = NULL, *max = NULL;
			if (four)
				snprintf(want, sizeof want, "cv_%u_%s", o + 1, k ? "unipolar" : "bipolar");
			else
				snprintf(want, sizeof want, "cv_%s", k ? "unipolar" : "bipolar");
			if (!port) {
				++bad_decl;
				continue;
			}
			lilv_port_get_range(p, port, &def, &min, &max);
			if (strcmp(lilv_node_as_string(lilv_port_get_symbol(p, port)), want) ||
			    !lilv_port_is_a(p, port, cvport) || !lilv_port_is_a(p, port, output) ||
			    !lilv_port_has_property(p, port, optional) || !min || !max ||
			    lilv_node_as_float(min) != (k ? 0.0f : -5.0f) ||
			    lilv_node_as_float(max) != (k ? 10.0f : 5.0f))
				++bad_decl;
			lilv_node_free(def);
			lilv_node_free(min);
			lilv_node_free(max);
		}
	CHECK(bad_decl == 0, "%s: %d volts ports not as declared (symbol, CV output, optional, "
	      "-5..5 or 0..10)", name, bad_decl);
	for (r = 0; r < 3; ++r)
		for (o = 0; o < 4; ++o)
			for (k = 0; k < 2; ++k)
				v[r][o][k] = calloc(n, sizeof(float));
	/* run 0: the outputs and both volts ports; 1: the volts ports alone;
	   2: the unipolar ones alone */
	for (r = 0; r < 3; ++r) {
		host_inst h;
		if (host_inst_open(&h, p, SR, r == 0))
			break;
		h.controls[PERLIN_RATE] = 6.0f;
		for (o = 0; o < outs; ++o)
			for (k = 0; k < 2; ++k)
				lilv_instance_connect_port(h.inst, base + 2U * o + k,
				                           r == 2 && k == 0 ? NULL : v[r][o][k]);
		{
			uint32_t done = 0;
			while (done < n) { /* (the volts ports at the block's start) */
				float *outs_[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
				const uint32_t b = n - done < 1000U ? n - done : 1000U;
				for (o = 0; o < outs; ++o) {
					outs_[o] = x + (size_t)o * n + done;
					for (k = 0; k < 2; ++k)
						if (!(r == 2 && k == 0))
							lilv_instance_connect_port(h.inst, base + 2U * o + k, v[r][o][k] + done);
				}
				host_inst_run_outputs(&h, outs_, b);
				done += b;
			}
		}
		host_inst_close(&h);
	}
	for (o = 0; o < outs; ++o) {
		unsigned off = 0, other = 0, outside = 0;
		float lo[2] = { 1e30f, 1e30f }, hi[2] = { -1e30f, -1e30f };
		uint32_t i;
		for (i = 0; i < n; ++i) {
			const float y = x[(size_t)o * n + i];
			for (k = 0; k < 2; ++k) {
				const float w = v[0][o][k][i];
				off += w != (k ? 5.0f * y + 5.0f : 5.0f * y);
				outside += !(w >= (k ? 0.0f : -5.0f) && w <= (k ? 10.0f : 5.0f));
				lo[k] = w < lo[k] ? w : lo[k];
				hi[k] = w > hi[k] ? w : hi[k];
				other += v[1][o][k][i] != w;
			}
			other += v[2][o][1][i] != v[0][o][1][i];
		}
		printf("   %s, output %u: +-5 V spans %.2f..%.2f, 0..10 V %.2f..%.2f\n", name, o + 1,
		       lo[0], hi[0], lo[1], hi[1]);
		CHECK(off == 0 && outside == 0, "%s, output %u: %u volts samples not 5 x (+ 5) the "
		      "output, %u outside the declared range", name, o + 1, off, outside);
		CHECK(hi[0] - lo[0] >= 5.0f && hi[1] - lo[1] >= 5.0f,
		      "%s, output %u: the volts span under half their range", name, o + 1);
		CHECK(other == 0, "%s, output %u: %u volts samples differ with the output "
		      "unconnected, or only 0..10 V connected", name, o + 1, other);
	}
	for (r = 0; r < 3; ++r)
		for (o = 0; o < 4; ++o)
			for (k = 0; k < 2; ++k)
				free(v[r][o][k]);
	free(x);
	lilv_node_free(cvport);
	lilv_node_free(output);
	lilv_node_free(optional);
}

/* The CV plugins' clock (ports.h, PORT_CLOCK_IN, PORT_PULSES): clock_in
   a CV input, connectionOptional, 0..1, in the Transport group; pulses a
   control input with params.c's range and default, an integer
   enumeration of 1, 2, 4 and 24. */
static void test_clock_ports(const LilvPlugin *p, int four, const char *name)
{
	const unsigned outs = four ? 4U : 1U;
	const LilvPort *clk = lilv_plugin_get_port_by_index(p, PORT_CLOCK_IN(outs));
	const LilvPort *pul = lilv_plugin_get_port_by_index(p, PORT_PULSES(outs));
	LilvNode *cvport = lilv_new_uri(world, LV2_CORE__CVPort);
	LilvNode *control = lilv_new_uri(world, LV2_CORE__ControlPort);
	LilvNode *input = lilv_new_uri(world, LV2_CORE__InputPort);
	LilvNode *optional = lilv_new_uri(world, LV2_CORE__connectionOptional);
	LilvNode *integer = lilv_new_uri(world, LV2_CORE__integer);
	LilvNode *enumeration = lilv_new_uri(world, LV2_CORE__enumeration);
	LilvNode *def = NULL, *min = NULL, *max = NULL;
	LilvScalePoints *sp = pul ? lilv_port_get_scale_points(p, pul) : NULL;
	float want[4] = { 1.0f, 2.0f, 4.0f, 24.0f };
	unsigned found = 0, k;
	CHECK(clk && !strcmp(lilv_node_as_string(lilv_port_get_symbol(p, clk)), "clock_in") &&
	      lilv_port_is_a(p, clk, cvport) && lilv_port_is_a(p, clk, input) &&
	      lilv_port_has_property(p, clk, optional),
	      "%s: port %u is not the optional CV input clock_in", name, PORT_CLOCK_IN(outs));
	if (pul)
		lilv_port_get_range(p, pul, &def, &min, &max);
	CHECK(pul && !strcmp(lilv_node_as_string(lilv_port_get_symbol(p, pul)),
	                     perlin_pulses_param.symbol) &&
	      lilv_port_is_a(p, pul, control) && lilv_port_is_a(p, pul, input) &&
	      lilv_port_has_property(p, pul, integer) && lilv_port_has_property(p, pul, enumeration) &&
	      def && min && max && lilv_node_as_float(def) == perlin_pulses_param.def &&
	      lilv_node_as_float(min) == perlin_pulses_param.min &&
	      lilv_node_as_float(max) == perlin_pulses_param.max,
	      "%s: port %u is not the control 'pulses' with params.c's range", name,
	      PORT_PULSES(outs));
	if (sp) {
		LILV_FOREACH(scale_points, i, sp) {
			const float v = lilv_node_as_float(
				lilv_scale_point_get_value(lilv_scale_points_get(sp, i)));
			for (k = 0; k < 4; ++k)
				found += v == want[k];
		}
	}
	CHECK(found == 4 && sp && lilv_scale_points_size(sp) == 4,
	      "%s: pulses offers not 1, 2, 4 and 24 (%u of them)", name, found);
	lilv_scale_points_free(sp);
	lilv_node_free(def);
	lilv_node_free(min);
	lilv_node_free(max);
	lilv_node_free(cvport);
	lilv_node_free(control);
	lilv_node_free(input);
	lilv_node_free(optional);
	lilv_node_free(integer);
	lilv_node_free(enumeration);
}

/* The CV plugins' rate and morph CVs (ports.h, PORT_RATE_CV and
   PORT_MORPH_CV): each an optional CV input, -5..5 V; through lilv, a
   constant +1 V into rate_cv renders the rate doubled and +3 V into
   morph_cv (2D) morph 3 (within 1e-5), and 0 V the knob itself (the same
   bits as without the port). */
static void test_motion_cv_port(const LilvPlugin *p, int four, const char *name, int morph)
{
	const unsigned outs = four ? 4U : 1U;
	const unsigned index = morph ? PORT_MORPH_CV(outs) : PORT_RATE_CV(outs);
	const char *symbol = morph ? "morph_cv" : "rate_cv";
	const LilvPort *port = lilv_plugin_get_port_by_index(p, index);
	LilvNode *cvport = lilv_new_uri(world, LV2_CORE__CVPort);
	LilvNode *input = lilv_new_uri(world, LV2_CORE__InputPort);
	LilvNode *optional = lilv_new_uri(world, LV2_CORE__connectionOptional);
	LilvNode *def = NULL, *min = NULL, *max = NULL;
	const uint32_t n = (uint32_t)SR;
	float *x[3], *volts = malloc(sizeof(float) * n);
	double worst = 0.0;
	int r, same0 = 1;
	uint32_t i;
	if (port)
		lilv_port_get_range(p, port, &def, &min, &max);
	CHECK(port && !strcmp(lilv_node_as_string(lilv_port_get_symbol(p, port)), symbol) &&
	      lilv_port_is_a(p, port, cvport) && lilv_port_is_a(p, port, input) &&
	      lilv_port_has_property(p, port, optional) && min && max &&
	      lilv_node_as_float(min) == -5.0f && lilv_node_as_float(max) == 5.0f,
	      "%s: port %u is not the optional CV input %s, -5..5 V", name, index, symbol);
	for (r = 0; r < 3; ++r)
		x[r] = calloc(n, sizeof(float));
	/* run 0: rate 6 (morph 3), no CV; 1: rate 3, +1 V (morph 0, +3 V);
	   2: as 0, 0 V */
	for (r = 0; r < 3 && volts && x[0] && x[1] && x[2]; ++r) {
		host_inst h;
		uint32_t done = 0;
		if (host_inst_open(&h, p, SR, 1))
			break;
		if (morph) {
			h.controls[PERLIN_DIMENSIONS] = 2.0f;
			h.controls[PERLIN_MORPH] = r == 1 ? 0.0f : 3.0f;
		} else {
			h.controls[PERLIN_RATE] = r == 1 ? 3.0f : 6.0f;
		}
		for (i = 0; i < n; ++i)
			volts[i] = r == 1 ? (morph ? 3.0f : 1.0f) : 0.0f;
		while (done < n) {
			float *outs_[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
			const uint32_t b = n - done < 1000U ? n - done : 1000U;
			outs_[0] = x[r] + done;
			if (r)
				lilv_instance_connect_port(h.inst, index, volts + done);
			host_inst_run_outputs(&h, outs_, b);
			done += b;
		}
		host_inst_close(&h);
	}
	for (i = 0; i < n; ++i) {
		const double e = fabs((double)x[1][i] - (double)x[0][i]);
		worst = e > worst || e != e ? e : worst;
		same0 &= x[2][i] == x[0][i];
	}
	printf("   %s: %s: within %.3g; 0 V: %s\n", name,
	       morph ? "+3 V into morph_cv at morph 0 against morph 3"
	             : "+1 V into rate_cv at rate 3 against rate 6",
	       worst, same0 ? "the same bits as none" : "DIFFERENT");
	CHECK(worst < 1e-5, "%s: %s (%g)", name,
	      morph ? "+3 V of morph CV is not morph 3" : "+1 V is not the rate doubled", worst);
	CHECK(same0, "%s: 0 V at %s changes the output", name, symbol);
	for (r = 0; r < 3; ++r)
		free(x[r]);
	free(volts);
	lilv_node_free(def);
	lilv_node_free(min);
	lilv_node_free(max);
	lilv_node_free(cvport);
	lilv_node_free(input);
	lilv_node_free(optional);
}

/* The CV plugins' depth and offset CV inputs (ports.h, PORT_DEPTH_CV):
   each a CV input, connectionOptional, -5..5 V; through lilv, 1 V into
   depth_cv and -1 V into offset_cv render as the knobs moved by 0.2 and
   -0.4, and a CV buffer that is also the output's (in place) as a
   separate one. */
static void test_cv_inputs(const LilvPlugin *p, int four, const char *name)
{
	const unsigned outs = four ? 4U : 1U, base = PORT_DEPTH_CV(outs);
	const uint32_t n = (uint32_t)SR;
	static const char *const syms[2] = { "depth_cv", "offset_cv" };
	LilvNode *cvport = lilv_new_uri(world, LV2_CORE__CVPort);
	LilvNode *input = lilv_new_uri(world, LV2_CORE__InputPort);
	LilvNode *optional = lilv_new_uri(world, LV2_CORE__connectionOptional);
	float *x[3], *cvd = malloc(sizeof(float) * n), *cvo = malloc(sizeof(float) * n);
	double worst = 0.0, worst_inplace = 0.0;
	int bad_decl = 0, r;
	unsigned k;
	uint32_t i;
	for (r = 0; r < 3; ++r)
		x[r] = calloc(n, sizeof(float));
	for (k = 0; k < 2; ++k) {
		const LilvPort *port = lilv_plugin_get_port_by_index(p, base + k);
		LilvNode *def = NULL, *min = NULL, *max = NULL;
		if (!port) {
			++bad_decl;
			continue;
		}
		lilv_port_get_range(p, port, &def, &min, &max);
		if (strcmp(lilv_node_as_string(lilv_port_get_symbol(p, port)), syms[k]) ||
		    !lilv_port_is_a(p, port, cvport) || !lilv_port_is_a(p, port, input) ||
		    !lilv_port_has_property(p, port, optional) || !min || !max ||
		    lilv_node_as_float(min) != -5.0f || lilv_node_as_float(max) != 5.0f)
			++bad_decl;
		lilv_node_free(def);
		lilv_node_free(min);
		lilv_node_free(max);
	}
	CHECK(bad_decl == 0, "%s: %d CV inputs not as declared (symbol, CV input, optional, -5..5)",
	      name, bad_decl);
	/* run 0: the knobs at 0.7 and -0.3; run 1: at 0.5 and 0.1 with 1 V
	   and -1 V; run 2: the same, the depth CV in the output's buffer */
	for (r = 0; r < 3 && cvd && cvo && x[0] && x[1] && x[2]; ++r) {
		host_inst h;
		uint32_t done = 0;
		if (host_inst_open(&h, p, SR, 1))
			break;
		h.controls[PERLIN_RATE] = 6.0f;
		h.controls[PERLIN_DEPTH] = r ? 0.5f : 0.7f;
		h.controls[PERLIN_OFFSET] = r ? 0.1f : -0.3f;
		for (i = 0; i < n; ++i) {
			cvd[i] = 1.0f;
			cvo[i] = -1.0f;
			if (r == 2)
				x[2][i] = 1.0f;
		}
		while (done < n) {
			float *outs_[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
			const uint32_t b = n - done < 1000U ? n - done : 1000U;
			outs_[0] = x[r] + done;
			if (r) {
				lilv_instance_connect_port(h.inst, base, (r == 2 ? x[2] : cvd) + done);
				lilv_instance_connect_port(h.inst, base + 1U, cvo + done);
			}
			host_inst_run_outputs(&h, outs_, b);
			done += b;
		}
		host_inst_close(&h);
	}
	for (i = 0; i < n; ++i) {
		const double e = fabs((double)x[1][i] - (double)x[0][i]);
		const double e2 = fabs((double)x[2][i] - (double)x[1][i]);
		worst = e > worst || e != e ? e : worst;
		worst_inplace = e2 > worst_inplace || e2 != e2 ? e2 : worst_inplace;
	}
	printf("   %s: 1 V into depth_cv and -1 V into offset_cv against the knobs moved by 0.2 and "
	       "-0.4: within %.3g; in place: within %.3g\n", name, worst, worst_inplace);
	CHECK(worst < 1e-6, "%s: the CV inputs are not the knobs moved (%g)", name, worst);
	CHECK(worst_inplace == 0.0, "%s: a CV input in the output's buffer differs (%g)", name,
	      worst_inplace);
	for (r = 0; r < 3; ++r)
		free(x[r]);
	free(cvd);
	free(cvo);
	lilv_node_free(cvport);
	lilv_node_free(input);
	lilv_node_free(optional);
}

/* finite, in [-1, 1], and moving */
static void check_signal(const float *x, uint32_t n, const char *what, double min_span)
{
	float lo = 1e30f, hi = -1e30f;
	uint32_t i, bad = 0;
	for (i = 0; i < n; ++i) {
		bad += !(x[i] >= -1.0f && x[i] <= 1.0f);
		lo = x[i] < lo ? x[i] : lo;
		hi = x[i] > hi ? x[i] : hi;
	}
	CHECK(bad == 0, "%s: %u samples not finite or outside [-1, 1]", what, bad);
	CHECK(hi - lo >= min_span, "%s: output spans only %g..%g", what, lo, hi);
}

static void test_default_output_finite_in_range_moving(const LilvPlugin *p, const char *name)
{
	const uint32_t n = (uint32_t)(4 * SR);
	float *out = malloc(PERLIN_OUTPUTS * n * sizeof *out);
	host_inst h;
	int o;
	host_inst_open(&h, p, SR, 1);
	CHECK(h.inst != NULL, "%s does not instantiate", name);
	if (h.inst) {
		render_blocks(&h, out, n, 512);
		for (o = 0; o < h.outputs; ++o)
			check_signal(out + (size_t)o * n, n, name, 0.5);
		check_levels(&h, out, n, name);
		if (h.outputs > 1) /* the default spread, 0.5: related, not the same */
			CHECK(memcmp(out, out + n, n * sizeof *out) != 0, "%s: outputs 1 and 2 are the "
			      "same at spread 0.5", name);
	}
	host_inst_close(&h);
	free(out);
}

/* Outputs connected to one buffer (Ardour gives a plugin's unused outputs
   one scratch buffer): each level is still its own output's, block by
   block, and the shared buffer holds the last of them; also where the
   host changes which outputs share every 7 blocks (the glue unaliases
   them again only when a buffer changed). */
static void test_shared_buffers_keep_each_level(const LilvPlugin *p, const char *name)
{
	enum { N = 512, BLOCKS = 200 };
	static float ref[PERLIN_OUTPUTS][N], shared[N], own[N];
	static float want[BLOCKS][PERLIN_OUTPUTS];
	int pass, b, o, bad = 0, bad_out = 0, shared_blocks = 0;
	for (pass = 0; pass < 4; ++pass) {
		/* 0: four buffers; 1: outputs 3 and 4 share one; 2: all four share
		   one; 3: 0, 1 and 2 in turn, 7 blocks each */
		host_inst h;
		float *out[PERLIN_OUTPUTS];
		host_inst_open(&h, p, SR, 1);
		CHECK(h.inst != NULL, "%s does not instantiate", name);
		if (!h.inst)
			return;
		for (b = 0; b < BLOCKS; ++b) {
			const int layout = pass < 3 ? pass : b / 7 % 3;
			for (o = 0; o < PERLIN_OUTPUTS; ++o)
				out[o] = layout == 0 ? ref[o] : layout == 1 && o < 2 ? ref[o] : shared;
			if (layout == 1)
				out[0] = own;
			host_inst_run_outputs(&h, out, N);
			for (o = 0; o < PERLIN_OUTPUTS; ++o) {
				const float level = o ? h.levels[o] : h.level;
				if (pass == 0)
					want[b][o] = level;
				else
					bad += level != want[b][o];
			}
			if (layout > 0) { /* the shared buffer: output 4, the last to write it */
				bad_out += shared[N - 1] != want[b][3];
				++shared_blocks;
			}
		}
		host_inst_close(&h);
	}
	CHECK(bad == 0 && bad_out == 0, "%s, outputs sharing a buffer: %d of %d levels are not their "
	      "output's, the shared buffer is not output 4 in %d of %d blocks", name, bad,
	      3 * BLOCKS * PERLIN_OUTPUTS, bad_out, shared_blocks);
}

/* ---- presets ---- */
typedef struct {
	unsigned count, bad;
	float values[RENDER_N_CONTROLS]; /* spread last */
	int set[RENDER_N_CONTROLS];
} PresetValues;

static void set_value(const char *symbol, void *data, const void *value,
                      uint32_t size, uint32_t type)
{
	PresetValues *pv = (PresetValues *)data;
	unsigned i;
	float v;
	if (type != host_map(LV2_ATOM__Float) || size != sizeof(float)) {
		++pv->bad;
		return;
	}
	memcpy(&v, value, sizeof v);
	for (i = 0; i < RENDER_N_CONTROLS; ++i) {
		const perlin_param_info *info =
			i == RENDER_SPREAD ? &perlin_spread_param : &perlin_params[i];
		if (!strcmp(symbol, info->symbol)) {
			pv->values[i] = v;
			pv->set[i] = 1;
			++pv->count;
			if (!(v >= info->min && v <= info->max))
				++pv->bad;
			return;
		}
	}
	++pv->bad; /* unknown symbol */
}

/* The controls a preset must set: all but seed, stopped, reset and the
   trigger channel, and spread on the four-output plugins only. */
static int preset_sets(unsigned k, int four)
{
	if (k == RENDER_SPREAD)
		return four;
	return k != PERLIN_SEED && k != PERLIN_STOPPED && k != PERLIN_RESET && k != PERLIN_CHANNEL;
}

/* The presets of p, in the order lilv lists them: their values. */
static unsigned preset_values(const LilvPlugin *p, PresetValues *pv, unsigned max)
{
	LilvNode *preset_class = lilv_new_uri(world, LV2_PRESETS__Preset);
	LilvNodes *presets = lilv_plugin_get_related(p, preset_class);
	unsigned n = 0;
	LILV_FOREACH (nodes, i, presets) {
		const LilvNode *preset = lilv_nodes_get(presets, i);
		LilvState *state;
		if (n == max)
			break;
		lilv_world_load_resource(world, preset);
		state = lilv_state_new_from_world(world, (LV2_URID_Map *)host_map_feature(), preset);
		memset(&pv[n], 0, sizeof pv[n]);
		if (state) {
			lilv_state_restore(state, NULL, set_value, &pv[n], 0, NULL);
			lilv_state_free(state);
		}
		++n;
	}
	lilv_nodes_free(presets);
	lilv_node_free(preset_class);
	return n;
}

/* A host loads every preset after every other: the controls, and so the
   sound, are those of the last one alone (every preset sets every control
   a user would expect it to; seed, stopped and reset stay the user's). */
static void test_last_preset_alone_sets_the_sound(const LilvPlugin *p, const char *name)
{
	PresetValues pv[16];
	unsigned n = preset_values(p, pv, 16), a, b, k, misses = 0, differ = 0;
	const uint32_t len = (uint32_t)SR;
	float *x = malloc(2 * PERLIN_OUTPUTS * len * sizeof *x);
	host_inst h;
	int four;
	host_inst_open(&h, p, SR, 1);
	four = h.outputs > 1;
	host_inst_close(&h);
	for (a = 0; a < n; ++a)
		for (k = 0; k < RENDER_N_CONTROLS; ++k)
			if (preset_sets(k, four) && !pv[a].set[k]) {
				++misses;
				fprintf(stderr, "   %s: preset %u leaves %s as it was\n", name, a,
				        k == RENDER_SPREAD ? "spread" : perlin_params[k].symbol);
			}
	CHECK(n >= 4 && misses == 0, "%s: %u of its %u presets' controls left as they were", name,
	      misses, n);
	for (a = 0; a < n; ++a)
		for (b = 0; b < n; ++b) {
			host_inst after, alone;
			uint32_t i;
			int o;
			/* a, then b, on an instance whose controls are off their defaults */
			host_inst_open(&after, p, SR, 1);
			host_inst_open(&alone, p, SR, 1);
			for (k = 0; k < RENDER_N_CONTROLS; ++k) {
				const perlin_param_info *info =
					k == RENDER_SPREAD ? &perlin_spread_param : &perlin_params[k];
				if (k != PERLIN_SEED && k != PERLIN_STOPPED && k != PERLIN_RESET)
					after.controls[k] = info->min + 0.37f * (info->max - info->min);
				if (pv[a].set[k])
					after.controls[k] = pv[a].values[k];
				if (pv[b].set[k])
					after.controls[k] = pv[b].values[k];
				if (pv[b].set[k])
					alone.controls[k] = pv[b].values[k];
			}
			render_blocks(&after, x, len, 512);
			render_blocks(&alone, x + PERLIN_OUTPUTS * len, len, 512);
			for (o = 0; o < after.outputs; ++o)
				for (i = 0; i < len; ++i)
					if (x[(size_t)o * len + i] != x[(size_t)(PERLIN_OUTPUTS + o) * len + i]) {
						++differ;
						break;
					}
			host_inst_close(&after);
			host_inst_close(&alone);
		}
	printf("   %s: %u presets, each loaded after each other: %u outputs differ from it loaded alone\n",
	       name, n, differ);
	CHECK(differ == 0, "%s: %u outputs depend on the preset loaded before", name, differ);
	free(x);
}

static void test_presets_load_and_play(const LilvPlugin *p, const char *name)
{
	LilvNode *preset_class = lilv_new_uri(world, LV2_PRESETS__Preset);
	LilvNode *label_pred = lilv_new_uri(world, "http://www.w3.org/2000/01/rdf-schema#label");
	LilvNodes *presets = lilv_plugin_get_related(p, preset_class);
	unsigned n = 0;
	const uint32_t len = (uint32_t)(3 * SR);
	float *out = malloc(PERLIN_OUTPUTS * len * sizeof *out);
	LILV_FOREACH (nodes, i, presets) {
		const LilvNode *preset = lilv_nodes_get(presets, i);
		LilvState *state;
		LilvNodes *labels;
		PresetValues pv;
		host_inst h;
		unsigned k;
		lilv_world_load_resource(world, preset);
		labels = lilv_world_find_nodes(world, preset, label_pred, NULL);
		state = lilv_state_new_from_world(world, (LV2_URID_Map *)host_map_feature(), preset);
		memset(&pv, 0, sizeof pv);
		++n;
		CHECK(labels && lilv_nodes_size(labels) == 1, "%s: preset %s has no label",
		      name, lilv_node_as_string(preset));
		CHECK(state != NULL, "%s: preset %s does not load", name,
		      lilv_node_as_string(preset));
		if (state) {
			lilv_state_restore(state, NULL, set_value, &pv, 0, NULL);
			CHECK(pv.count >= 3 && pv.bad == 0,
			      "%s: preset %s sets %u values, %u bad", name,
			      lilv_node_as_string(preset), pv.count, pv.bad);
			/* and it plays */
			host_inst_open(&h, p, SR, 1);
			for (k = 0; k < RENDER_N_CONTROLS; ++k)
				if (pv.set[k])
					h.controls[k] = pv.values[k];
			if (h.has_midi && pv.set[PERLIN_TRIGGER] &&
			    pv.values[PERLIN_TRIGGER] == (float)PERLIN_TRIGGER_STEP) {
				/* Step holds between triggers: a note every 0.256 s */
				uint32_t done;
				for (done = 0; done < len; done += 256U) {
					float *outs[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
					static const uint8_t note[3] = { 0x90, 64, 100 };
					int o;
					if (done % 12288U == 0U)
						host_inst_midi(&h, 0, note, 3);
					for (o = 0; o < h.outputs; ++o)
						outs[o] = out + (size_t)o * len + done;
					host_inst_run_outputs(&h, outs, len - done < 256U ? len - done : 256U);
				}
			} else {
				render_blocks(&h, out, len, 256);
			}
			for (k = 0; k < (unsigned)h.outputs; ++k)
				check_signal(out + (size_t)k * len, len, lilv_node_as_string(preset), 0.05);
			host_inst_close(&h);
			lilv_state_free(state);
		}
		lilv_nodes_free(labels);
	}
	printf("   %s: %u presets\n", name, n);
	CHECK(n >= 4, "%s has %u presets, want at least 4", name, n);
	lilv_nodes_free(presets);
	lilv_node_free(preset_class);
	lilv_node_free(label_pred);
	free(out);
}

/* ---- block-size independence ---- */
static void test_same_output_whatever_the_blocks(const LilvPlugin *p, const char *name)
{
	static const uint32_t sizes[] = { 1, 7, 64, 4096, 0 };
	/* settings: defaults; 2D with morph, drift and fast rate; a loop; synced */
	static const float settings[][PERLIN_N_PARAMS] = {
		{ 1, 4, 0.5f, 2, 1, 1, 0, 0, 1, 0, 0, 1, 0, 0 },
		{ 37, 8, 0.7f, 2.7f, 999, 2, 3.5f, 0.7f, 0.8f, 0.1f, 0, 1, 0, 0 },
		{ 3, 5.5f, 0.6f, 3.1f, 42, 1, 0, 0, 1, 0, 0, 1, 3, 0 },
		{ 1, 3, 0.5f, 2, 7, 2, 1, 0.2f, 1, 0, 1, 0.5f, 4, 0 },
	};
	/* the four-output plugins' spread for each setting */
	static const float spreads[] = { 0.5f, 1.0f, 0.2f, 0.8f };
	const uint32_t n = (uint32_t)(2.5 * SR);
	float *ref = malloc(PERLIN_OUTPUTS * n * sizeof *ref);
	float *out = malloc(PERLIN_OUTPUTS * n * sizeof *out);
	unsigned s, b;
	int o;
	for (s = 0; s < sizeof settings / sizeof settings[0]; ++s) {
		for (b = 0; b < sizeof sizes / sizeof sizes[0]; ++b) {
			host_inst h;
			host_inst_open(&h, p, SR, 1);
			memcpy(h.controls, settings[s], sizeof settings[s]);
			h.controls[RENDER_SPREAD] = spreads[s];
			render_blocks(&h, b ? out : ref, n, sizes[b]);
			if (b)
				CHECK(memcmp(ref, out, (size_t)h.outputs * n * sizeof *out) == 0,
				      "%s setting %u: block size %u changes the output", name, s,
				      sizes[b]);
			else
				for (o = 0; o < h.outputs; ++o)
					check_signal(ref + (size_t)o * n, n, name, 0.2);
			check_levels(&h, b ? out : ref, n, name);
			host_inst_close(&h);
		}
	}
	free(ref);
	free(out);
}

static void test_cv_port_left_unconnected_survives(const LilvPlugin *p)
{
	host_inst h;
	unsigned i;
	host_inst_open(&h, p, SR, 0);
	for (i = 0; i < 100; ++i)
		host_inst_run(&h, NULL, 480);
	CHECK(h.level >= -1.0f && h.level <= 1.0f && h.level != 0.0f,
	      "CV plugin with its CV port unconnected: level %g", h.level);
	host_inst_close(&h);
}

/* ---- denormals ---- */
static int subnormal(float x)
{
	uint32_t bits;
	memcpy(&bits, &x, sizeof bits);
	return (bits & 0x7f800000U) == 0U && (bits & 0x007fffffU) != 0U;
}

#if defined(__x86_64__) && defined(__SSE2__)
#include <signal.h>
#include <unistd.h>
#include <xmmintrin.h>
#define HAVE_DENORMAL_TRAP 1
static void on_fpe(int sig)
{
	static const char msg[] = "FAIL: a floating-point trap (denormal operand) in run()\n";
	(void)sig;
	if (write(2, msg, sizeof msg - 1) < 0)
		_exit(1);
	_exit(1);
}
#endif

/* Every control at +-1e-40 (a float denormal), one at a time and all at
   once: no denormal reaches the output or level, and (x86-64) run()
   survives with the SSE denormal-operand trap on, as a host with FP
   traps enabled would run it. */
static void test_no_denormal_reaches_the_output(const LilvPlugin *p, const char *name)
{
	enum { N = 4096 };
	static float out[PERLIN_OUTPUTS * N];
	const float tiny[2] = { 1e-40f, -1e-40f };
	const int controls = host_plugin_outputs(p) > 1 ? RENDER_N_CONTROLS : PERLIN_N_PARAMS;
	int which, s;
	for (which = -1; which < controls; ++which) {
		for (s = 0; s < 2; ++s) {
			host_inst h;
			unsigned i, bad = 0, level_bad = 0;
			int o;
			host_inst_open(&h, p, SR, 1);
			for (i = 0; i < (unsigned)controls; ++i) /* (spread last, four outputs) */
				if (which < 0 || (int)i == which)
					h.controls[i] = tiny[s];
			host_inst_position(&h, 0, 0.0, (double)tiny[s], 0.0, 120.0);
			{
#ifdef HAVE_DENORMAL_TRAP
				const unsigned csr = _mm_getcsr();
				signal(SIGFPE, on_fpe);
				_mm_setcsr(csr & ~(unsigned)(_MM_MASK_DENORM));
#endif
				for (i = 0; i < N; i += 512) {
					float *outs[PERLIN_OUTPUTS] = { NULL, NULL, NULL, NULL };
					for (o = 0; o < h.outputs; ++o)
						outs[o] = out + (size_t)o * N + i;
					host_inst_run_outputs(&h, outs, 512);
					for (o = 0; o < h.outputs; ++o)
						level_bad += subnormal(o ? h.levels[o] : h.level) ? 1U : 0U;
				}
#ifdef HAVE_DENORMAL_TRAP
				_mm_setcsr(csr);
				signal(SIGFPE, SIG_DFL);
#endif
			}
			for (i = 0; i < (unsigned)h.outputs * N; ++i)
				bad += subnormal(out[i]) || !(out[i] >= -1.0f && out[i] <= 1.0f) ? 1U : 0U;
			CHECK(bad == 0 && level_bad == 0,
			      "%s, %s = %g: %u denormal or out-of-range samples, %u levels",
			      name, which < 0 ? "every control" : which == RENDER_SPREAD ? "spread"
			      : perlin_params[which].symbol,
			      (double)tiny[s], bad, level_bad);
			host_inst_close(&h);
		}
	}
}

int main(int argc, char **argv)
{
	host_world w;
	const LilvPlugin *audio, *cv, *audio4, *cv4;
	if (argc < 2) {
		fprintf(stderr, "usage: test_plugin BUNDLE_DIR [seed]\n");
		return 2;
	}
	test_seed(argc - 1, argv + 1, "test_plugin");
	test_section("both plugins are found");
	CHECK(host_world_open(&w, argv[1]) == 0, "the plugins are not in %s", argv[1]);
	if (!w.audio || !w.cv || !w.audio4 || !w.cv4)
		return test_done("test_plugin");
	world = w.world;
	audio = w.audio;
	cv = w.cv;
	audio4 = w.audio4;
	cv4 = w.cv4;
	keyed = w.keyed;
	{
		static const char *const want[5] = { "Perlin Noise", "Perlin Noise CV", "Perlin Noise x4",
		                                     "Perlin Noise CV x4", "Perlin Noise Keyed" };
		const LilvPlugin *all[5];
		int i;
		all[0] = audio;
		all[1] = cv;
		all[2] = audio4;
		all[3] = cv4;
		all[4] = keyed;
		for (i = 0; i < 5; ++i) {
			LilvNode *n = lilv_plugin_get_name(all[i]);
			CHECK(!strcmp(lilv_node_as_string(n), want[i]), "plugin name '%s', not '%s'",
			      lilv_node_as_string(n), want[i]);
			lilv_node_free(n);
		}
	}
	test_section("ports: symbols, types and ranges");
	test_ports_as_declared(audio, 0, 0);
	test_ports_as_declared(cv, 1, 0);
	test_ports_as_declared(audio4, 0, 1);
	test_ports_as_declared(cv4, 1, 1);
	test_ports_as_declared(keyed, 0, 0);
	test_section("MIDI declared on the one input Carla reads");
	{
		const LilvPlugins *all = lilv_world_get_all_plugins(world);
		unsigned ours = 0;
		LILV_FOREACH (plugins, it, all) {
			const LilvPlugin *p = lilv_plugins_get(all, it);
			if (!strncmp(lilv_node_as_uri(lilv_plugin_get_uri(p)), "urn:perlin-lv2:", 15)) {
				test_one_midi_input_where_carla_reads(p);
				++ours;
			}
		}
		CHECK(ours == 6, "%u plugins of ours in the bundle, not 6", ours);
	}
	test_section("MOD: brand, label, CV ports and class, short names");
	test_mod_ui_shows_every_port(audio, 0, "audio plugin");
	test_mod_ui_shows_every_port(cv, 1, "CV plugin");
	test_mod_ui_shows_every_port(audio4, 0, "audio x4 plugin");
	test_mod_ui_shows_every_port(cv4, 1, "CV x4 plugin");
	test_mod_ui_shows_every_port(keyed, 0, "Keyed plugin");
	test_section("the CV plugins' volts outputs: declared range = what is written");
	test_volts_inside_their_declared_range(cv, 0, "CV plugin");
	test_volts_inside_their_declared_range(cv4, 1, "CV x4 plugin");
	test_cv_inputs(cv, 0, "CV plugin");
	test_cv_inputs(cv4, 1, "CV x4 plugin");
	test_clock_ports(cv, 0, "CV plugin");
	test_clock_ports(cv4, 1, "CV x4 plugin");
	test_motion_cv_port(cv, 0, "CV plugin", 0);
	test_motion_cv_port(cv4, 1, "CV x4 plugin", 0);
	test_motion_cv_port(cv, 0, "CV plugin", 1);
	test_motion_cv_port(cv4, 1, "CV x4 plugin", 1);
	test_section("default output: finite, in range, moving");
	test_default_output_finite_in_range_moving(audio, "audio plugin");
	test_default_output_finite_in_range_moving(cv, "CV plugin");
	test_default_output_finite_in_range_moving(audio4, "audio x4 plugin");
	test_default_output_finite_in_range_moving(cv4, "CV x4 plugin");
	test_default_output_finite_in_range_moving(keyed, "Keyed plugin");
	test_section("outputs sharing a buffer: each level its own");
	test_shared_buffers_keep_each_level(audio4, "audio x4 plugin");
	test_shared_buffers_keep_each_level(cv4, "CV x4 plugin");
	test_section("presets");
	test_presets_load_and_play(audio, "audio plugin");
	test_presets_load_and_play(cv, "CV plugin");
	test_presets_load_and_play(audio4, "audio x4 plugin");
	test_presets_load_and_play(cv4, "CV x4 plugin");
	test_presets_load_and_play(keyed, "Keyed plugin");
	test_section("presets loaded after one another");
	test_last_preset_alone_sets_the_sound(audio, "audio plugin");
	test_last_preset_alone_sets_the_sound(audio4, "audio x4 plugin");
	test_section("block sizes 1, 7, 64, 4096 and random give identical output");
	test_same_output_whatever_the_blocks(audio, "audio plugin");
	test_same_output_whatever_the_blocks(cv, "CV plugin");
	test_same_output_whatever_the_blocks(audio4, "audio x4 plugin");
	test_same_output_whatever_the_blocks(cv4, "CV x4 plugin");
	test_same_output_whatever_the_blocks(keyed, "Keyed plugin");
	test_section("denormal control values (+-1e-40): none in the output");
	test_no_denormal_reaches_the_output(audio, "audio plugin");
	test_no_denormal_reaches_the_output(cv, "CV plugin");
	test_no_denormal_reaches_the_output(audio4, "audio x4 plugin");
	test_no_denormal_reaches_the_output(cv4, "CV x4 plugin");
	test_no_denormal_reaches_the_output(keyed, "Keyed plugin");
	test_section("CV port left unconnected");
	test_cv_port_left_unconnected_survives(cv);
	host_world_close(&w);
	return test_done("test_plugin");
}
