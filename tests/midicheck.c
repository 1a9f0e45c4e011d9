/* midicheck: checks what a real host's Perlin Noise MIDI sent, recorded
   by jack_notes -m (tests/test_hosts.sh: jalv on JACK), against the same
   plugin rendered here through lilv with the same settings.

   The plugin's events lie on a grid counted from its activation, which the
   recording does not see, so the recording is matched to the render: the
   offset is the one that lines up the first recorded control change with
   one of the render's, and then every control change recorded must be the
   render's at that offset, none missing or extra between the first and the
   last (the value, the bytes and the frame). Also, from the recording
   alone: control changes only on the lanes' controllers and channel,
   values 0..127, a lane's values never repeated and at least `interval`
   apart, every event on one grid; and thru: each note-on and note-off
   jack_notes sent is there at its frame, in order.

   Usage: midicheck BUNDLE_DIR EVENTS [SYMBOL=VALUE ...] (controls and MIDI
   settings by symbol; set trigger=0 so the notes leave the noise alone).
   Prints its figures and "midicheck: N passed, M failed"; exit 1 on a
   failure.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "host.h"
#include "test.h"

#include <stdlib.h>
#include <string.h>

#define MAX_EV 65536
#define MAX_NOTES 64
#define NOTE_LEN 2000 /* jack_notes' note length, frames */
#define RENDER_S 120  /* seconds rendered: more than jalv runs before recording */

typedef struct {
	uint64_t frame;
	uint32_t size;
	uint8_t b[4];
} ev;

static ev rec[MAX_EV], gen[MAX_EV];
static int n_rec, n_gen;
static uint32_t note_at[MAX_NOTES];
static int n_notes;

static int read_events(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[256];
	if (!f) {
		fprintf(stderr, "midicheck: cannot read %s\n", path);
		return 1;
	}
	while (fgets(line, sizeof line, f)) {
		unsigned k, fr, sz, b[4] = { 0, 0, 0, 0 };
		if (sscanf(line, "note %u %u", &k, &fr) == 2 && n_notes < MAX_NOTES)
			note_at[n_notes++] = fr;
		else if (sscanf(line, "ev %u %u %x %x %x %x", &fr, &sz, &b[0], &b[1], &b[2], &b[3]) >= 3 &&
		         n_rec < MAX_EV) {
			int i;
			rec[n_rec].frame = fr;
			rec[n_rec].size = sz;
			for (i = 0; i < 4; ++i)
				rec[n_rec].b[i] = (uint8_t)b[i];
			++n_rec;
		}
	}
	fclose(f);
	return 0;
}

/* a generated event: a control change or pitch bend, not a note */
static int is_gen(const ev *e)
{
	return (e->b[0] & 0xf0U) == 0xb0U || (e->b[0] & 0xf0U) == 0xe0U;
}

static int same(const ev *a, const ev *b)
{
	return a->size == b->size && !memcmp(a->b, b->b, a->size < 4 ? a->size : 4);
}

int main(int argc, char **argv)
{
	static host_midi m;
	static host_midi_event out[MAX_EV];
	host_world w;
	render_spec s;
	ev *r = malloc(MAX_EV * sizeof *r);
	int n_r = 0, i, j, k, lanes_cc[4], ch, iv, best = -1;
	uint64_t off = 0;
	if (argc < 3 || !r) {
		fprintf(stderr, "usage: midicheck BUNDLE_DIR EVENTS [SYMBOL=VALUE ...]\n");
		return 2;
	}
	if (host_world_open(&w, argv[1]) || read_events(argv[2]))
		return 1;
	render_spec_init(&s);
	host_midi_init(&m);
	for (i = 0; i < RENDER_N_CONTROLS; ++i)
		s.set[i] = i < PERLIN_N_PARAMS ? perlin_params[i].def : perlin_spread_param.def;
	for (k = 3; k < argc; ++k) {
		const char *eq = strchr(argv[k], '=');
		int found = 0;
		if (!eq)
			return 2;
		for (i = 0; i < PERLIN_N_PARAMS; ++i)
			if (!strncmp(argv[k], perlin_params[i].symbol, (size_t)(eq - argv[k])) &&
			    !perlin_params[i].symbol[eq - argv[k]]) {
				s.set[i] = (float)atof(eq + 1);
				found = 1;
			}
		if (!strncmp(argv[k], "spread=", 7)) {
			s.set[RENDER_SPREAD] = (float)atof(eq + 1);
			found = 1;
		}
		for (i = 0; i < MIDI_N_PARAMS; ++i)
			if (!strncmp(argv[k], perlin_midi_params[i].symbol, (size_t)(eq - argv[k])) &&
			    !perlin_midi_params[i].symbol[eq - argv[k]]) {
				m.set[i] = (float)atof(eq + 1);
				found = 1;
			}
		if (!found) {
			fprintf(stderr, "midicheck: no control %s\n", argv[k]);
			return 2;
		}
	}
	s.sr = 48000.0;
	s.frames = (uint64_t)(RENDER_S * s.sr);
	s.block = 1024; /* (any: the events are the same for every block size) */
	m.out = out;
	m.max_out = MAX_EV;
	if (host_render_midi(&w, &s, &m, NULL))
		return 1;
	for (i = 0; i < (int)m.n_out && i < MAX_EV; ++i)
		if (out[i].size <= 4) {
			gen[n_gen].frame = out[i].frame;
			gen[n_gen].size = out[i].size;
			memcpy(gen[n_gen].b, out[i].bytes, out[i].size);
			++n_gen;
		}
	for (i = 0; i < n_rec; ++i)
		if (is_gen(&rec[i]))
			r[n_r++] = rec[i];
	ch = (int)m.set[MIDI_CHANNEL] - 1;
	iv = (int)(m.set[MIDI_INTERVAL] * 48 + 0.5);
	for (k = 0; k < 4; ++k)
		lanes_cc[k] = (int)m.set[MIDI_CC_1 + k];
	printf("   recorded: %d events, %d of them control changes, %d notes sent; the render: %d "
	       "control changes in %d s\n", n_rec, n_r, n_notes, n_gen, RENDER_S);
	CHECK(n_r >= 20, "only %d control changes recorded", n_r);
	if (n_r < 1) {
		test_done("midicheck");
		return 1;
	}

	test_section("the recording alone: lanes, values, thinning, one grid");
	{
		int bad_lane = 0, bad_val = 0, repeats = 0, close = 0, off_grid = 0;
		uint64_t last_t[4] = { 0, 0, 0, 0 };
		int last_v[4] = { -1, -1, -1, -1 };
		for (i = 0; i < n_r; ++i) {
			const ev *e = &r[i];
			int lane = -1;
			for (k = 0; k < 4; ++k)
				if ((e->b[0] & 0xf0U) == 0xb0U && e->b[1] == lanes_cc[k])
					lane = k;
			if (lane < 0 || (e->b[0] & 0x0fU) != (unsigned)ch || e->size != 3) {
				++bad_lane;
				continue;
			}
			bad_val += e->b[2] > 127;
			if (last_v[lane] >= 0) {
				repeats += e->b[2] == last_v[lane];
				close += e->frame - last_t[lane] < (uint64_t)iv;
			}
			off_grid += (e->frame - r[0].frame) % (uint64_t)iv != 0;
			last_v[lane] = e->b[2];
			last_t[lane] = e->frame;
		}
		printf("   %d off the lanes, %d values out of range, %d repeated, %d within %d frames, "
		       "%d off the grid\n", bad_lane, bad_val, repeats, close, iv, off_grid);
		CHECK(!bad_lane && !bad_val && !repeats && !close && !off_grid,
		      "the recorded stream breaks the rules (see above)");
	}

	test_section("the recording is the render's, at one offset");
	for (j = 0; j < n_gen; ++j) {
		uint64_t o;
		int a, b, ok = 1;
		if (!same(&gen[j], &r[0]) || gen[j].frame < r[0].frame)
			continue;
		o = gen[j].frame - r[0].frame;
		/* every render event in the recorded span, against the recording */
		for (a = j, b = 0; a < n_gen && gen[a].frame <= r[n_r - 1].frame + o; ++a, ++b)
			if (b >= n_r || gen[a].frame != r[b].frame + o || !same(&gen[a], &r[b])) {
				ok = 0;
				break;
			}
		if (ok && b == n_r) {
			best = j;
			off = o;
			break;
		}
	}
	if (best >= 0)
		printf("   all %d control changes match the render from its event %d (the plugin's "
		       "clock at the recording's start: %.3f s)\n", n_r, best, (double)off / 48000.0);
	CHECK(best >= 0, "no offset makes the %d recorded control changes the render's", n_r);

	test_section("thru: every note sent is there, at its frame, in order");
	{
		int found_on = 0, found_off = 0, order = 1;
		uint64_t last = 0;
		for (k = 0; k < n_notes; ++k) {
			for (i = 0; i < n_rec; ++i) {
				const ev *e = &rec[i];
				if (e->frame == note_at[k] && e->b[0] == 0x90 && e->b[1] == 60 + k % 12 &&
				    e->b[2] == 100) {
					++found_on;
					order &= e->frame >= last;
					last = e->frame;
				}
				if (e->frame == note_at[k] + NOTE_LEN && e->b[0] == 0x80 && e->b[1] == 60 + k % 12)
					++found_off;
			}
		}
		printf("   %d of %d note-ons and %d of %d note-offs at their frames\n", found_on, n_notes,
		       found_off, n_notes);
		CHECK(n_notes > 0 && found_on == n_notes && found_off == n_notes && order,
		      "thru lost or moved notes (%d on, %d off of %d)", found_on, found_off, n_notes);
	}
	free(r);
	host_world_close(&w);
	return test_done("midicheck");
}
