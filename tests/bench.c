/* bench.c: the cost of the plugin's whole run() (urn:perlin-lv2:perlin,
   plugin/lv2/perlin.c compiled in) in the scenarios users put it in, on the
   4-lane (SSE2) and 8-lane (AVX2) paths, against stb_perlin_fbm_noise3
   (Debian's libstb-dev) and the scalar reference in the same process
   (make bench). Figures are printed, never asserted.

   Every scenario: 8 octaves (unless it says), rate 2 cells/s, 48 kHz,
   blocks of 512. Steady rows change nothing; "new every block" rows set a
   control to a new value at every run() as an automation lane does (so
   the smoothers never settle); seed and locate rows start a crossfade
   every 8 blocks (a seed change, a transport relocate). 2D rows always
   have drift (0.3 cells/s) unless they say otherwise.
   Columns: instructions per sample counted by valgrind's callgrind (the
   program runs itself under it, once per figure, counting only inside
   measured(); "-" without valgrind) and their ratio to the steady row of
   the same dimensions (1D: "1D steady"; 2D: "2D drift 0.3"); then by the
   clock, each block timed on its own, in three passes over every row
   (seconds apart; the same blocks, controls and messages each pass, so
   the same work), a block's time the least of its three: that keeps
   what the block costs and drops most of what the machine adds (the
   virtual machine's interruptions and slow spells). The median, 99th
   percentile and largest block time in microseconds, and how many
   instances one core runs at the 99th percentile (a 512-sample period
   at 48 kHz is 10.7 ms); under the table, each path's row whose largest
   block is the most over its median (issue 57: within 3x).

   A second table runs the same scenarios, and two where spread moves, on
   "Perlin Noise x4" (urn:perlin-lv2:perlin4, spread 0.5 unless it
   moves): the four outputs' cost, and its ratio to one output's in the
   same scenario.

   Callgrind counts a whole cycle of the rows' automation curve (336
   blocks); for the rows where a control moves a third table gives the
   costliest quarter of that cycle (84 blocks), the worst beside the
   mean.

   Another runs four scenarios on "Perlin Noise MIDI"
   (urn:perlin-lv2:perlin-midi, four == 2: the four lanes on CC 1..4,
   7-bit, every 10 ms): its ratio to Perlin Noise x4's in the same
   scenario.

   A last table runs the steady rows (1D, 2D, and both on Perlin Noise x4
   and on Perlin Noise MIDI)
   in blocks of 1, 16, 32, 64, 128 and 512 samples, as live hosts run
   them (issue 35): instructions a sample counted inside run() alone
   (the same samples at every size), their ratio to blocks of 512, and the
   median and 99th percentile block time by the clock.

   Then what an instance adds to the resident memory (200 instances);
   every row's instr/sample against issue 57's figure for it (this bench
   on the build before the fold, commit 4c9e7c6; "above" where now is
   more than the figure's last digit); and the median time of one
   instance's block when 1, 100 or 400 instances take turns (a block
   each, as a host's period runs them), and its ratio to one instance
   alone.

   bench --one SCENARIO PATH N [1|4|5 [SKIP [BLOCK]]]: run only that (5:
   Perlin Noise MIDI), N
   samples measured after SKIP blocks of 512, in blocks of BLOCK (512
   unless given; for callgrind). bench --memory: the resident memory
   alone; bench --turns: the many instances' table alone.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#define STB_PERLIN_IMPLEMENTATION
#include <stb/stb_perlin.h>

#include "../plugin/lv2/perlin.c"

#include <lv2/atom/atom.h>
#include <lv2/time/time.h> /* (perlin.c no longer includes it) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* CG_BLOCKS: a whole cycle of next_block's automation curve (2 pi / 0.019
   = 330.7 blocks), rounded up to a multiple of 8 (42 crossfades in the seed
   and locate rows); QUARTER: a quarter of it */
enum { BLOCK = 512, TIMED_BLOCKS = 3000, CG_BLOCKS = 336, QUARTER = CG_BLOCKS / 4,
       TIMED_PASSES = 3 };
static const double SR = 48000.0;
static volatile double sink;

/* A scenario: settings, and what moves at every block. */
typedef struct {
	const char *name;
	int dims, octaves;
	double rate, drift;
	unsigned moves;       /* MOVE_* bits: a new value every block */
	unsigned every;       /* > 0: a seed change or relocate every `every` blocks */
	int locate;           /* 1: relocates (with a transport), 0: seed changes */
	int trig;             /* > 0: instead, a MIDI note-on every `every` blocks in
	                         this trigger mode (Perlin Noise CV: a MIDI input) */
	int cv;               /* Perlin Noise CV with depth_cv and offset_cv
	                         connected: 1 constant, 2 a 750 Hz sine each */
	int rcv;              /* Perlin Noise CV with rate_cv connected: 1 a
	                         constant +1 V, 2 a 750 Hz sine of +-1 V, 3 0 V */
	int mcv;              /* Perlin Noise CV with morph_cv connected: 1 a
	                         750 Hz sine of +-0.1 V */
} scenario;

enum {
	MOVE_RATE = 1, MOVE_LAC = 2, MOVE_MORPH = 4, MOVE_OCT = 8, MOVE_DEPTH = 16,
	MOVE_PERS = 32, MOVE_DRIFT = 64, MOVE_ALL = 127, MOVE_SPREAD = 128
};

static const scenario scenarios[] = {
	{ "1D steady", 1, 8, 2.0, 0.0, 0, 0, 0 },
	{ "1D steady, 1 octave", 1, 1, 2.0, 0.0, 0, 0, 0 },
	{ "1D steady, 4 octaves", 1, 4, 2.0, 0.0, 0, 0, 0 },
	{ "2D drift 0.3", 2, 8, 2.0, 0.3, 0, 0, 0 },
	{ "2D drift 0.3, 1 octave", 2, 1, 2.0, 0.3, 0, 0, 0 },
	{ "2D drift 0.3, 4 octaves", 2, 4, 2.0, 0.3, 0, 0, 0 },
	{ "2D drift 0 (a fixed line)", 2, 8, 2.0, 0.0, 0, 0, 0 },
	{ "2D drift, rate 1000", 2, 8, 1000.0, 0.3, 0, 0, 0 },
	{ "1D rate new every block", 1, 8, 2.0, 0.0, MOVE_RATE, 0, 0 },
	{ "2D drift, rate new every block", 2, 8, 2.0, 0.3, MOVE_RATE, 0, 0 },
	{ "1D lacunarity moving", 1, 8, 2.0, 0.0, MOVE_LAC, 0, 0 },
	{ "2D morph moving", 2, 8, 2.0, 0.3, MOVE_MORPH, 0, 0 },
	{ "2D everything moving", 2, 8, 2.0, 0.3, MOVE_ALL, 0, 0 },
	{ "1D seed every 8 blocks", 1, 8, 2.0, 0.0, 0, 8, 0 },
	{ "2D seed every 8 blocks", 2, 8, 2.0, 0.3, 0, 8, 0 },
	{ "1D locate every 8 blocks", 1, 8, 2.0, 0.0, 0, 8, 1 },
	{ "2D locate every 8 blocks", 2, 8, 2.0, 0.3, 0, 8, 1 },
	{ "1D restart every 8 blocks", 1, 8, 2.0, 0.0, 0, 8, 0, PERLIN_TRIGGER_RESTART },
	{ "2D new shape every 8 blocks", 2, 8, 2.0, 0.3, 0, 8, 0, PERLIN_TRIGGER_SHAPE },
	{ "1D step every 8 blocks", 1, 8, 2.0, 0.0, 0, 8, 0, PERLIN_TRIGGER_STEP },
	{ "2D step every 8 blocks", 2, 8, 2.0, 0.3, 0, 8, 0, PERLIN_TRIGGER_STEP },
	{ "1D depth, offset CV constant", 1, 8, 2.0, 0.0, 0, 0, 0, 0, 1 },
	{ "1D depth, offset CV at 750 Hz", 1, 8, 2.0, 0.0, 0, 0, 0, 0, 2 },
	{ "2D depth, offset CV at 750 Hz", 2, 8, 2.0, 0.3, 0, 0, 0, 0, 2 },
	{ "1D rate CV 0 V", 1, 8, 2.0, 0.0, 0, 0, 0, 0, 0, 3 },
	{ "1D rate 1, rate CV +1 V", 1, 8, 1.0, 0.0, 0, 0, 0, 0, 0, 1 },
	{ "1D rate CV at 750 Hz", 1, 8, 2.0, 0.0, 0, 0, 0, 0, 0, 2 },
	{ "2D rate CV at 750 Hz", 2, 8, 2.0, 0.3, 0, 0, 0, 0, 0, 2 },
	{ "2D morph CV at 750 Hz", 2, 8, 2.0, 0.3, 0, 0, 0, 0, 0, 0, 1 },
	/* the four-output table only */
	{ "1D spread new every block", 1, 8, 2.0, 0.0, MOVE_SPREAD, 0, 0 },
	{ "2D spread new every block", 2, 8, 2.0, 0.3, MOVE_SPREAD, 0, 0 },
};
#define N_SCENARIOS ((int)(sizeof scenarios / sizeof scenarios[0]))
#define N_ONE_OUTPUT (N_SCENARIOS - 2) /* the scenarios of the first table */

/* -1: stb; else a perlin_path */
static const char *path_name(int p)
{
	return p < 0 ? "stb" : p == PERLIN_PATH_REFERENCE ? "reference"
	     : p == PERLIN_PATH_VECTOR ? "SSE2" : "AVX2";
}

/* ---- the URID map: tests/urid_map.h ---- */
#include "urid_map.h"
#include <lv2/midi/midi.h>
#include <lv2/time/time.h>

typedef struct {
	LV2_Handle h;
	float ctl[PERLIN_N_PARAMS], level, out[BLOCK];
	uint32_t block;           /* run()'s block size (BLOCK, or the block table's) */
	int four;                 /* Perlin Noise x4 */
	float spread, levels[3], outs[3][BLOCK]; /* its spread and outputs 2 .. 4 */
	/* Perlin Noise MIDI (four == 2): its settings and output */
	float mset[MIDI_N_PARAMS];
	union {
		uint64_t align;
		uint8_t bytes[sizeof(LV2_Atom) + 32768];
	} midi_out;
	union {
		uint64_t align;
		uint8_t bytes[256];
	} seq, midi;
	float x, y; /* stb */
	float cv_depth[BLOCK], cv_offset[BLOCK]; /* (scenario cv) */
	float cv_rate[BLOCK]; /* (scenario rcv) */
	float cv_morph[BLOCK]; /* (scenario mcv) */
	scenario c;
	int path;
	long blocks; /* run so far */
	double frame;
	/* URIDs, mapped once (the host's own work stays out of the counts) */
	LV2_URID sequence, object, position, frame_key, long_type, speed_key, float_type, midi_type;
} bench_state;

/* The plugin a state runs: four 0 Perlin Noise, 1 Perlin Noise x4 (for
   the trigger rows Perlin Noise CV (x4), which have a MIDI input), 2
   Perlin Noise MIDI. */
static const LV2_Descriptor *bench_desc(const bench_state *s)
{
	if (s->four == 2)
		return &perlin_midi_descriptor;
	return lv2_descriptor((s->c.trig || s->c.cv || s->c.rcv || s->c.mcv ? 1U : 0U) +
	                      (s->four ? 2U : 0U));
}

/* An empty sequence in bytes. */
static LV2_Atom_Sequence *empty_sequence(const bench_state *s, uint8_t *bytes)
{
	LV2_Atom_Sequence *seq = (LV2_Atom_Sequence *)bytes;
	seq->atom.type = s->sequence;
	seq->atom.size = sizeof(LV2_Atom_Sequence_Body);
	seq->body.unit = 0;
	seq->body.pad = 0;
	return seq;
}

/* The MIDI for the next run(): nothing, or a note-on at its start. */
static void set_midi(bench_state *s, int note)
{
	LV2_Atom_Sequence *seq = empty_sequence(s, s->midi.bytes);
	if (note) {
		struct {
			LV2_Atom_Event ev;
			uint8_t bytes[8];
		} m;
		memset(&m, 0, sizeof m);
		m.ev.body.type = s->midi_type;
		m.ev.body.size = 3;
		m.bytes[0] = 0x90;
		m.bytes[1] = 60;
		m.bytes[2] = 100;
		memcpy(seq + 1, &m, sizeof m);
		seq->atom.size += (uint32_t)sizeof m;
	}
}

/* The sequence for the next run(): empty, or a relocate to `frame`. */
static void set_sequence(bench_state *s, int relocate)
{
	LV2_Atom_Sequence *seq = empty_sequence(s, s->seq.bytes);
	if (relocate) {
		struct {
			LV2_Atom_Event ev;
			LV2_Atom_Object_Body obj;
			LV2_Atom_Property_Body frame_key;
			int64_t frame;
			LV2_Atom_Property_Body speed_key;
			float speed;
			uint32_t pad;
		} m;
		memset(&m, 0, sizeof m);
		m.ev.time.frames = 0;
		m.ev.body.type = s->object;
		m.ev.body.size = (uint32_t)(sizeof m - sizeof m.ev);
		m.obj.otype = s->position;
		m.frame_key.key = s->frame_key;
		m.frame_key.value.type = s->long_type;
		m.frame_key.value.size = sizeof(int64_t);
		m.frame = (int64_t)s->frame;
		m.speed_key.key = s->speed_key;
		m.speed_key.value.type = s->float_type;
		m.speed_key.value.size = sizeof(float);
		m.speed = 1.0f;
		memcpy(seq + 1, &m, sizeof m);
		seq->atom.size += (uint32_t)sizeof m;
	}
}

/* Perlin Noise MIDI's output as a host gives it before each run. */
static void midi_out_reset(bench_state *s)
{
	((LV2_Atom *)s->midi_out.bytes)->size = (uint32_t)(sizeof s->midi_out.bytes - sizeof(LV2_Atom));
}

static void connect_ports(bench_state *s, LV2_Handle h);

static void setup(bench_state *s, scenario c, int path, int four)
{
	const LV2_Descriptor *desc;
	const LV2_Feature map_feature = { LV2_URID__map, &urid_map };
	const LV2_Feature *features[] = { &map_feature, NULL };
	unsigned i;
	memset(s, 0, sizeof *s);
	s->block = BLOCK;
	s->c = c;
	s->path = path;
	s->four = four;
	s->y = 0.5f;
	if (path < 0)
		return;
	desc = bench_desc(s);
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		s->ctl[i] = perlin_params[i].def;
	s->ctl[PERLIN_RATE] = (float)c.rate;
	s->ctl[PERLIN_OCTAVES] = (float)c.octaves;
	s->ctl[PERLIN_DIMENSIONS] = (float)c.dims;
	s->ctl[PERLIN_DRIFT] = (float)c.drift;
	s->ctl[PERLIN_STOPPED] = 0.0f; /* (Hold, as Perlin Noise's: the CV plugin's too) */
	if (c.trig)
		s->ctl[PERLIN_TRIGGER] = (float)c.trig;
	s->h = desc->instantiate(desc, SR, "", features);
	connect_ports(s, s->h);
	desc->activate(s->h);
	perlin_dsp_set_path(four == 2 ? perlin_midi_dsp(s->h) : &((Perlin *)s->h)->dsp,
	                    (perlin_path)path);
}

/* Instance h's ports to s's buffers (every instance of resident_kib's
   shares them). */
static void connect_ports(bench_state *s, LV2_Handle h)
{
	const LV2_Descriptor *desc = bench_desc(s);
	const scenario c = s->c;
	const int four = s->four;
	unsigned i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		desc->connect_port(h, PERLIN_PORT(i, four ? 4U : 1U), &s->ctl[i]);
	desc->connect_port(h, 14, s->seq.bytes);
	desc->connect_port(h, 15, &s->level);
	desc->connect_port(h, 16, four == 2 ? (void *)s->midi_out.bytes : (void *)s->out);
	if (four) {
		s->spread = 0.5f;
		desc->connect_port(h, PORT_SPREAD, &s->spread);
		for (i = 0; i < 3; ++i) {
			if (four == 1)
				desc->connect_port(h, PORT_OUT_2 + i, s->outs[i]);
			desc->connect_port(h, PORT_LEVEL_2 + i, &s->levels[i]);
		}
	}
	if (four == 2) { /* the four lanes on CC 1..4, 7-bit, every 10 ms */
		for (i = 0; i < MIDI_N_PARAMS; ++i) {
			s->mset[i] = i >= MIDI_CC_1 ? (float)(i - MIDI_CC_1 + 1) : perlin_midi_params[i].def;
			desc->connect_port(h, MIDI_PORT((perlin_midi_param)i), &s->mset[i]);
		}
		midi_out_reset(s);
	}
	s->sequence = map_uri(NULL, LV2_ATOM__Sequence);
	s->object = map_uri(NULL, LV2_ATOM__Object);
	s->position = map_uri(NULL, LV2_TIME__Position);
	s->frame_key = map_uri(NULL, LV2_TIME__frame);
	s->long_type = map_uri(NULL, LV2_ATOM__Long);
	s->speed_key = map_uri(NULL, LV2_TIME__speed);
	s->float_type = map_uri(NULL, LV2_ATOM__Float);
	s->midi_type = map_uri(NULL, LV2_MIDI__MidiEvent);
	set_sequence(s, 0);
	set_midi(s, 0);
	if (c.trig) /* the notes at the control port (no relocate in these rows) */
		desc->connect_port(h, PORT_CONTROL, s->midi.bytes);
	if (c.cv) { /* the same every block: 64 samples a cycle */
		for (i = 0; i < BLOCK; ++i) {
			const double w = c.cv == 2 ? sin(2.0 * 3.14159265358979 * i / 64.0) : 1.0;
			s->cv_depth[i] = (float)(0.5 * w);
			s->cv_offset[i] = (float)(0.25 * w);
		}
		desc->connect_port(h, PORT_DEPTH_CV(four ? 4U : 1U), s->cv_depth);
		desc->connect_port(h, PORT_OFFSET_CV(four ? 4U : 1U), s->cv_offset);
	}
	if (c.rcv) { /* the same every block: 64 samples a cycle */
		for (i = 0; i < BLOCK; ++i)
			s->cv_rate[i] = (float)(c.rcv == 2 ? sin(2.0 * 3.14159265358979 * i / 64.0)
			                                   : c.rcv == 1 ? 1.0 : 0.0);
		desc->connect_port(h, PORT_RATE_CV(four ? 4U : 1U), s->cv_rate);
	}
	if (c.mcv) { /* (as rcv's) */
		for (i = 0; i < BLOCK; ++i)
			s->cv_morph[i] = (float)(0.1 * sin(2.0 * 3.14159265358979 * i / 64.0));
		desc->connect_port(h, PORT_MORPH_CV(four ? 4U : 1U), s->cv_morph);
	}
}

static void teardown(bench_state *s)
{
	if (s->h)
		bench_desc(s)->cleanup(s->h);
}

/* The process's resident pages, in KiB (0: not known). */
static double resident_now(void)
{
	long size = 0, rss = 0;
	FILE *f = fopen("/proc/self/statm", "r");
	if (!f)
		return 0.0;
	if (fscanf(f, "%ld %ld", &size, &rss) != 2)
		rss = 0;
	fclose(f);
	return (double)rss * (double)sysconf(_SC_PAGESIZE) / 1024.0;
}

static inline __attribute__((always_inline)) void next_block(bench_state *s);

/* What an instance adds to the resident memory, in KiB: n instances of
   scenario c's plugin (four as bench_desc says), each run 20 blocks as
   the scenario moves its controls, sharing one state's port buffers,
   against the process before them. */
static double resident_kib(scenario c, int four, int n)
{
	static bench_state s;
	const LV2_Feature map_feature = { LV2_URID__map, &urid_map };
	const LV2_Feature *features[] = { &map_feature, NULL };
	LV2_Handle *h = calloc((size_t)n, sizeof *h);
	const LV2_Descriptor *desc;
	double before, after;
	int i, b;
	setup(&s, c, perlin_dsp_best_path(), four);
	desc = bench_desc(&s);
	before = resident_now();
	for (i = 0; h && i < n; ++i) {
		h[i] = desc->instantiate(desc, SR, "", features);
		connect_ports(&s, h[i]);
		desc->activate(h[i]);
		for (b = 0; b < 20; ++b) {
			next_block(&s); /* (the scenario's moves: a seed's crossfade) */
			desc->run(h[i], BLOCK);
		}
	}
	after = resident_now();
	for (i = 0; h && i < n; ++i)
		desc->cleanup(h[i]);
	free(h);
	teardown(&s);
	return (after - before) / (double)n;
}

/* The next block's control values and sequence, as the scenario says
   (inlined into play, as it was when issue 57's figures were taken: the
   harness's own cost in the counts the same as then). */
static inline __attribute__((always_inline)) void next_block(bench_state *s)
{
	const scenario *c = &s->c;
	/* a new value each block, along a slow curve (3.3 s a cycle; steady
	   rows skip it: it would be the harness's cost, not the plugin's) */
	const double w = c->moves ? sin(0.019 * (double)s->blocks) : 0.0;
	const int change = c->every && s->blocks % c->every == c->every - 1;
	if (c->moves & MOVE_RATE)
		s->ctl[PERLIN_RATE] = (float)(c->rate * exp2(w));
	if (c->moves & MOVE_LAC)
		s->ctl[PERLIN_LACUNARITY] = (float)(2.0 + 0.3 * w);
	if (c->moves & MOVE_MORPH)
		s->ctl[PERLIN_MORPH] = (float)(4.0 + 2.0 * w);
	if (c->moves & MOVE_OCT)
		s->ctl[PERLIN_OCTAVES] = (float)(7.5 + 0.5 * w);
	if (c->moves & MOVE_DEPTH)
		s->ctl[PERLIN_DEPTH] = (float)(0.75 + 0.25 * w);
	if (c->moves & MOVE_PERS)
		s->ctl[PERLIN_PERSISTENCE] = (float)(0.5 + 0.1 * w);
	if (c->moves & MOVE_DRIFT)
		s->ctl[PERLIN_DRIFT] = (float)(c->drift * (1.0 + 0.5 * w));
	if (c->moves & MOVE_SPREAD)
		s->spread = (float)(0.5 + 0.5 * w);
	if (change && !c->locate && !c->trig)
		s->ctl[PERLIN_SEED] = (float)(1 + s->blocks / c->every % 1000);
	if (c->trig)
		set_midi(s, change);
	s->frame += s->block;
	if (change && c->locate)
		s->frame += 48000.0 * 7.0; /* 7 s on: a relocate */
	set_sequence(s, change && c->locate);
	if (s->four == 2)
		midi_out_reset(s);
	++s->blocks;
}

/* n samples of the plugin in the scenario */
static void play(bench_state *s, long n)
{
	const LV2_Descriptor *desc = bench_desc(s);
	for (; n > 0; n -= s->block) {
		next_block(s);
		desc->run(s->h, s->block);
	}
	sink = s->out[s->block - 1];
}

/* n samples played before the measured ones (callgrind does not count
   them) */
__attribute__((noinline)) void unmeasured(bench_state *s, long n);
__attribute__((noinline)) void unmeasured(bench_state *s, long n)
{
	play(s, n);
}

/* n samples of the scenario: what callgrind counts */
__attribute__((noinline)) void measured(bench_state *s, long n);
__attribute__((noinline)) void measured(bench_state *s, long n)
{
	if (s->path >= 0) {
		play(s, n);
		return;
	}
	{
		const float dx = (float)(s->c.rate / SR), dy = (float)(0.1 / SR);
		double acc = 0.0;
		for (; n > 0; --n) {
			acc += stb_perlin_fbm_noise3(s->x, s->c.dims == 2 ? s->y : 0.0f, 0.0f,
			                             2.0f, 0.5f, s->c.octaves);
			s->x += dx;
			s->y += dy;
		}
		sink = acc;
	}
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : (x > y);
}

/* The median time (us) of one instance's block when 1, 100 and 400
   instances of scenario c's plugin (one output) take turns, as a host
   runs its plugins in one period: each runs a block, then the next, over
   4000 blocks in all (after 20 blocks each); every block timed on its
   own. The three counts take turns too, pass after pass, each keeping
   its least median, so that a machine's slower minutes meet all three
   alike. Each instance writes its own output buffer (as a host gives
   each plugin its own); the controls' and the input sequence's buffers
   are one state's. */
#define TURNS_MAX 400
#define TURNS_BLOCKS 4000
#define TURNS_PASSES 15
static void turns_us(scenario c, double us[3])
{
	static const int counts[3] = { 1, 100, TURNS_MAX };
	static bench_state s;
	const LV2_Feature map_feature = { LV2_URID__map, &urid_map };
	const LV2_Feature *features[] = { &map_feature, NULL };
	LV2_Handle *h = calloc(TURNS_MAX, sizeof *h);
	double *bt = calloc(TURNS_BLOCKS, sizeof *bt);
	float *outs = calloc((size_t)TURNS_MAX * BLOCK, sizeof *outs);
	const LV2_Descriptor *desc;
	int i, k, b, pass;
	us[0] = us[1] = us[2] = 1e30;
	setup(&s, c, perlin_dsp_best_path(), 0);
	desc = bench_desc(&s);
	for (i = 0; h && bt && outs && i < TURNS_MAX; ++i) {
		h[i] = desc->instantiate(desc, SR, "", features);
		connect_ports(&s, h[i]);
		desc->connect_port(h[i], 16, outs + (size_t)i * BLOCK);
		desc->activate(h[i]);
		for (b = 0; b < 20; ++b)
			desc->run(h[i], BLOCK);
	}
	for (pass = 0; h && bt && outs && pass < TURNS_PASSES; ++pass)
		for (k = 0; k < 3; ++k) {
			for (b = 0; b < TURNS_BLOCKS; ++b) {
				const double t0 = now();
				desc->run(h[b % counts[k]], BLOCK);
				bt[b] = (now() - t0) * 1e6;
			}
			qsort(bt, TURNS_BLOCKS, sizeof bt[0], cmp);
			if (bt[TURNS_BLOCKS / 2] < us[k])
				us[k] = bt[TURNS_BLOCKS / 2];
		}
	for (i = 0; h && i < TURNS_MAX; ++i)
		if (h[i])
			desc->cleanup(h[i]);
	free(h);
	free(bt);
	free(outs);
	teardown(&s);
}

/* Each block's time (us) by the clock, the least over TIMED_PASSES
   passes over every row (seconds apart: the same blocks, with the same
   controls and messages, so the same work): [four][scenario][path]. */
static double block_us[3][N_SCENARIOS][2][TIMED_BLOCKS];

/* The rows of the MIDI table (Perlin Noise MIDI, four == 2). */
static const int midi_rows[] = { 0, 3, 8, 15 };
#define N_MIDI ((int)(sizeof midi_rows / sizeof midi_rows[0]))
static int midi_row(int i)
{
	int k;
	for (k = 0; k < N_MIDI; ++k)
		if (midi_rows[k] == i)
			return 1;
	return 0;
}

/* One pass of one row: each block timed on its own, kept if the least. */
static void time_blocks(scenario c, int path, int four, double *bt)
{
	bench_state s;
	int b;
	setup(&s, c, path, four);
	measured(&s, 64L * BLOCK); /* warm up */
	for (b = 0; b < TIMED_BLOCKS; ++b) {
		const double t0 = now();
		double us;
		measured(&s, BLOCK);
		us = (now() - t0) * 1e6;
		bt[b] = us < bt[b] ? us : bt[b];
	}
	teardown(&s);
}

static void time_all(const int paths[2], int best)
{
	int pass, four, i, p, b;
	for (four = 0; four < 3; ++four)
		for (i = 0; i < N_SCENARIOS; ++i)
			for (p = 0; p < 2; ++p)
				for (b = 0; b < TIMED_BLOCKS; ++b)
					block_us[four][i][p][b] = 1e30;
	for (pass = 0; pass < TIMED_PASSES; ++pass)
		for (four = 0; four < 3; ++four)
			for (i = 0; i < (four ? N_SCENARIOS : N_ONE_OUTPUT); ++i)
				for (p = 0; p < 2; ++p)
					if ((paths[p] != PERLIN_PATH_AVX2 || best == PERLIN_PATH_AVX2) &&
					    (four < 2 || midi_row(i)))
						time_blocks(scenarios[i], paths[p], four, block_us[four][i][p]);
}

/* The median, 99th percentile and largest of a row's block times. */
static void block_times(int i, int p, int four, double t[3])
{
	static double bt[TIMED_BLOCKS];
	memcpy(bt, block_us[four][i][p], sizeof bt);
	qsort(bt, TIMED_BLOCKS, sizeof bt[0], cmp);
	t[0] = bt[TIMED_BLOCKS / 2];
	t[1] = bt[TIMED_BLOCKS * 99 / 100];
	t[2] = bt[TIMED_BLOCKS - 1];
}

/* instructions per sample from callgrind over n samples in blocks of
   `block` after the first `skip` blocks of BLOCK, counting inside the
   function `in` (measured: the plugin and the harness's block loop; run:
   the plugin's run() alone), or -1 */
static double instructions_n(const char *self, int ci, int path, int four, int skip, long n,
                             uint32_t block, const char *in)
{
	char cmd[1024], file[256], line[512];
	double total = -1.0;
	FILE *f;
	snprintf(file, sizeof file, "/tmp/perlin-bench-%ld.cg", (long)getpid());
	snprintf(cmd, sizeof cmd,
	         "valgrind --tool=callgrind --toggle-collect=%s --callgrind-out-file=%s "
	         "%s --one %d %d %ld %d %d %u > /dev/null 2>&1", in, file, self, ci, path, n,
	         four == 2 ? 5 : four ? 4 : 1, skip, (unsigned)block);
	if (system(cmd) != 0)
		return -1.0;
	f = fopen(file, "r");
	if (!f)
		return -1.0;
	while (fgets(line, sizeof line, f))
		if (!strncmp(line, "summary:", 8) || !strncmp(line, "totals:", 7))
			total = atof(strchr(line, ':') + 1);
	fclose(f);
	remove(file);
	return total < 0 ? -1.0 : total / (double)n;
}

/* the same over `blocks` blocks of BLOCK after the first `skip` */
static double instructions_at(const char *self, int ci, int path, int four, int skip,
                              int blocks)
{
	return instructions_n(self, ci, path, four, skip, (long)blocks * BLOCK, BLOCK, "measured");
}

/* over a whole cycle of the automation curve */
static double instructions(const char *self, int ci, int path, int four)
{
	return instructions_at(self, ci, path, four, 0, CG_BLOCKS);
}

/* over the costliest quarter of the cycle (rows where a control moves) */
static double worst_quarter(const char *self, int ci, int path)
{
	double w = -1.0;
	int q;
	for (q = 0; q < 4; ++q) {
		const double in = instructions_at(self, ci, path, 0, q * QUARTER, QUARTER);
		w = in > w ? in : w;
	}
	return w;
}

/* ---- the block-size table: the steady rows in blocks of 1 to 512 ---- */

/* (1: the smallest a host may ask for; live hosts run 32 to 128 frames,
   MOD 128, JACK 32-64, and Ardour splits a cycle at automation events) */
static const uint32_t block_sizes[] = { 1, 16, 32, 64, 128, 512 };
#define N_SIZES ((int)(sizeof block_sizes / sizeof block_sizes[0]))
static const struct {
	const char *name;
	int scenario, four;
} block_rows[] = { { "1D", 0, 0 }, { "2D", 3, 0 }, { "x4 1D", 0, 1 }, { "x4 2D", 3, 1 },
                   { "MIDI 1D", 0, 2 }, { "MIDI 2D", 3, 2 } };
#define N_ROWS ((int)(sizeof block_rows / sizeof block_rows[0]))
/* each block's time (us), the least of the passes: [row][size][path][block] */
static double size_us[N_ROWS][N_SIZES][2][TIMED_BLOCKS];
/* the block table's instr/sample: [row][size][path] */
static double sized_in[N_ROWS][N_SIZES][2];

/* One pass of a row in blocks of `block`: each timed on its own, kept if
   the least. */
static void time_sized(int ri, int si, int path, double *bt)
{
	bench_state s;
	int b;
	setup(&s, scenarios[block_rows[ri].scenario], path, block_rows[ri].four);
	s.block = block_sizes[si];
	measured(&s, 64L * BLOCK); /* warm up */
	for (b = 0; b < TIMED_BLOCKS; ++b) {
		const double t0 = now();
		double us;
		measured(&s, (long)s.block);
		us = (now() - t0) * 1e6;
		bt[b] = us < bt[b] ? us : bt[b];
	}
	teardown(&s);
}

static void print_cell(double v, const char *fmt);

/* The table: instructions a sample inside run() (callgrind, the same
   CG_BLOCKS * BLOCK samples in every size), their ratio to blocks of 512,
   and by the clock the median and 99th percentile block time. */
static void block_table(const char *self, const int paths[2], int best, int cg)
{
	static double bt[TIMED_BLOCKS];
	double (*const in)[N_SIZES][2] = sized_in;
	int pass, r, z, p, b;
	for (r = 0; r < N_ROWS; ++r)
		for (z = 0; z < N_SIZES; ++z)
			for (p = 0; p < 2; ++p) {
				for (b = 0; b < TIMED_BLOCKS; ++b)
					size_us[r][z][p][b] = 1e30;
				in[r][z][p] = -1.0;
			}
	for (pass = 0; pass < TIMED_PASSES; ++pass)
		for (r = 0; r < N_ROWS; ++r)
			for (z = 0; z < N_SIZES; ++z)
				for (p = 0; p < 2; ++p)
					if (paths[p] != PERLIN_PATH_AVX2 || best == PERLIN_PATH_AVX2)
						time_sized(r, z, paths[p], size_us[r][z][p]);
	printf("\nblock sizes: run() of the steady rows (8 octaves, rate 2; 2D: drift 0.3; x4: "
	       "Perlin Noise x4,\nspread 0.5) in blocks of N samples. instr/smp: callgrind "
	       "inside run() over %d samples;\nx512: its ratio to blocks of 512; median and p99: "
	       "each of %d blocks timed (us), the\nleast of %d passes\n\n",
	       CG_BLOCKS * BLOCK, TIMED_BLOCKS, TIMED_PASSES);
	printf("%-6s %5s", "row", "block");
	for (p = 0; p < 2; ++p)
		if (paths[p] != PERLIN_PATH_AVX2 || best == PERLIN_PATH_AVX2)
			printf(" | %-4s %9s %5s %7s %7s", path_name(paths[p]), "instr/smp", "x512",
			       "median", "p99");
	printf("\n");
	for (r = 0; r < N_ROWS; ++r)
		for (p = 0; p < 2; ++p)
			for (z = 0; z < N_SIZES && cg; ++z)
				if (paths[p] != PERLIN_PATH_AVX2 || best == PERLIN_PATH_AVX2)
					in[r][z][p] = instructions_n(self, block_rows[r].scenario, paths[p],
					                             block_rows[r].four, 0,
					                             (long)CG_BLOCKS * BLOCK, block_sizes[z],
					                             "run");
	for (r = 0; r < N_ROWS; ++r)
		for (z = 0; z < N_SIZES; ++z) {
			printf("%-6s %5u", block_rows[r].name, (unsigned)block_sizes[z]);
			for (p = 0; p < 2; ++p) {
				const double at512 = in[r][N_SIZES - 1][p];
				if (paths[p] == PERLIN_PATH_AVX2 && best != PERLIN_PATH_AVX2)
					continue;
				memcpy(bt, size_us[r][z][p], sizeof bt);
				qsort(bt, TIMED_BLOCKS, sizeof bt[0], cmp);
				printf(" |     ");
				print_cell(in[r][z][p], " %9.1f");
				if (in[r][z][p] > 0 && at512 > 0)
					printf(" %5.2f", in[r][z][p] / at512);
				else
					printf(" %5s", "-");
				printf(" %7.2f %7.2f", bt[TIMED_BLOCKS / 2], bt[TIMED_BLOCKS * 99 / 100]);
			}
			printf("\n");
		}
}

static void print_cell(double v, const char *fmt)
{
	if (v < 0)
		printf(" %9s", "-");
	else
		printf(fmt, v);
}

/* What an instance adds to the resident memory, row by row. */
static void print_memory(void)
{
	/* what an instance maps: the pages it touches (PERLIN_DSP_SCRATCH in
	   state.h: the dense kernels' tables only where they run) */
	static const struct { int row, four; const char *name; } rows[] = {
		{ 0, 0, "Perlin Noise, 1D steady" },
		{ 13, 0, "Perlin Noise, 1D seed every 8 blocks" },
		{ 3, 0, "Perlin Noise, 2D drift 0.3" },
		{ 7, 0, "Perlin Noise, 2D rate 1000" },
		{ 21, 0, "Perlin Noise CV, depth/offset CV" },
		{ 26, 0, "Perlin Noise CV, rate CV at 750 Hz" },
		{ 0, 1, "Perlin Noise x4, 1D" },
		{ 0, 2, "Perlin Noise MIDI" },
	};
	int i;
	printf("\nresident memory an instance adds (KiB; 200 instances, 20 blocks of %d "
	       "each):\n", BLOCK);
	for (i = 0; i < (int)(sizeof rows / sizeof rows[0]); ++i)
		printf("%-36s %7.1f\n", rows[i].name,
		       resident_kib(scenarios[rows[i].row], rows[i].four, 200));
}

/* instr/sample of the three tables' rows: [four][scenario][path] */
static double table_in[3][N_SCENARIOS][2];

/* Issue 57's figures: this bench's instr/sample on the build before the
   fold (commit 4c9e7c6, where the issue set its goals), by row name and
   table (0 one output, 1 Perlin Noise x4, 2 Perlin Noise MIDI) and by
   block size, { SSE2, AVX2 }. */
static const struct { const char *name; int four; double in[2]; } then57[] = {
	{ "1D steady", 0, { 57.5, 33.3 } },
	{ "1D steady, 1 octave", 0, { 12.4, 7.5 } },
	{ "1D steady, 4 octaves", 0, { 30.0, 16.9 } },
	{ "2D drift 0.3", 0, { 91.3, 54.0 } },
	{ "2D drift 0.3, 1 octave", 0, { 15.5, 9.4 } },
	{ "2D drift 0.3, 4 octaves", 0, { 41.2, 23.3 } },
	{ "2D drift 0 (a fixed line)", 0, { 89.9, 52.7 } },
	{ "2D drift, rate 1000", 0, { 179.4, 78.4 } },
	{ "1D rate new every block", 0, { 75.2, 50.9 } },
	{ "2D drift, rate new every block", 0, { 139.2, 83.1 } },
	{ "1D lacunarity moving", 0, { 76.7, 52.4 } },
	{ "2D morph moving", 0, { 139.8, 83.6 } },
	{ "2D everything moving", 0, { 169.2, 99.2 } },
	{ "1D seed every 8 blocks", 0, { 117.1, 67.9 } },
	{ "2D seed every 8 blocks", 0, { 184.4, 109.4 } },
	{ "1D locate every 8 blocks", 0, { 68.9, 41.5 } },
	{ "2D locate every 8 blocks", 0, { 108.7, 66.4 } },
	{ "1D restart every 8 blocks", 0, { 68.1, 40.8 } },
	{ "2D new shape every 8 blocks", 0, { 106.7, 64.6 } },
	{ "1D step every 8 blocks", 0, { 18.7, 10.7 } },
	{ "2D step every 8 blocks", 0, { 20.1, 12.1 } },
	{ "1D steady", 1, { 95.8, 49.3 } },
	{ "1D steady, 1 octave", 1, { 31.0, 16.0 } },
	{ "1D steady, 4 octaves", 1, { 68.2, 32.8 } },
	{ "2D drift 0.3", 1, { 161.8, 81.2 } },
	{ "2D drift 0.3, 1 octave", 1, { 44.7, 21.5 } },
	{ "2D drift 0.3, 4 octaves", 1, { 111.7, 50.4 } },
	{ "2D drift 0 (a fixed line)", 1, { 160.3, 79.8 } },
	{ "2D drift, rate 1000", 1, { 426.0, 160.8 } },
	{ "1D rate new every block", 1, { 120.4, 73.7 } },
	{ "2D drift, rate new every block", 1, { 215.2, 123.6 } },
	{ "1D lacunarity moving", 1, { 120.5, 73.8 } },
	{ "2D morph moving", 1, { 216.1, 124.3 } },
	{ "2D everything moving", 1, { 273.2, 149.4 } },
	{ "1D seed every 8 blocks", 1, { 229.0, 119.0 } },
	{ "2D seed every 8 blocks", 1, { 360.3, 183.2 } },
	{ "1D locate every 8 blocks", 1, { 118.2, 63.5 } },
	{ "2D locate every 8 blocks", 1, { 194.7, 101.7 } },
	{ "1D restart every 8 blocks", 1, { 116.9, 62.6 } },
	{ "2D new shape every 8 blocks", 1, { 191.6, 98.9 } },
	{ "1D step every 8 blocks", 1, { 39.7, 22.7 } },
	{ "2D step every 8 blocks", 1, { 41.6, 24.6 } },
	{ "1D spread new every block", 1, { 130.0, 71.4 } },
	{ "2D spread new every block", 1, { 217.4, 108.1 } },
	{ "1D steady", 2, { 97.2, 50.6 } },
	{ "2D drift 0.3", 2, { 163.2, 82.5 } },
	{ "1D rate new every block", 2, { 121.7, 75.0 } },
	{ "1D locate every 8 blocks", 2, { 119.5, 64.9 } },
};
static const struct { const char *row; unsigned block; double in[2]; } then57_sized[] = {
	{ "1D", 1, { 374.9, 335.4 } },
	{ "1D", 16, { 83.5, 52.3 } },
	{ "1D", 32, { 74.3, 43.0 } },
	{ "1D", 64, { 69.7, 38.4 } },
	{ "1D", 128, { 67.4, 36.0 } },
	{ "1D", 512, { 57.5, 33.2 } },
	{ "2D", 1, { 418.4, 361.5 } },
	{ "2D", 16, { 124.2, 79.0 } },
	{ "2D", 32, { 115.6, 70.4 } },
	{ "2D", 64, { 111.3, 66.0 } },
	{ "2D", 128, { 109.1, 63.7 } },
	{ "2D", 512, { 91.3, 53.9 } },
	{ "x4 1D", 1, { 789.0, 693.0 } },
	{ "x4 1D", 16, { 150.1, 86.6 } },
	{ "x4 1D", 32, { 133.6, 69.9 } },
	{ "x4 1D", 64, { 125.4, 61.5 } },
	{ "x4 1D", 128, { 121.3, 57.3 } },
	{ "x4 1D", 512, { 95.8, 49.2 } },
	{ "x4 2D", 1, { 863.3, 728.9 } },
	{ "x4 2D", 16, { 224.1, 123.0 } },
	{ "x4 2D", 32, { 207.5, 106.3 } },
	{ "x4 2D", 64, { 199.2, 97.9 } },
	{ "x4 2D", 128, { 195.0, 93.6 } },
	{ "x4 2D", 512, { 161.7, 81.1 } },
	{ "MIDI 1D", 1, { 753.4, 657.4 } },
	{ "MIDI 1D", 16, { 149.1, 85.7 } },
	{ "MIDI 1D", 32, { 133.9, 70.1 } },
	{ "MIDI 1D", 64, { 126.2, 62.3 } },
	{ "MIDI 1D", 128, { 122.4, 58.4 } },
	{ "MIDI 1D", 512, { 97.1, 50.6 } },
	{ "MIDI 2D", 1, { 827.8, 693.3 } },
	{ "MIDI 2D", 16, { 223.2, 122.1 } },
	{ "MIDI 2D", 32, { 207.8, 106.5 } },
	{ "MIDI 2D", 64, { 200.0, 98.7 } },
	{ "MIDI 2D", 128, { 196.1, 94.8 } },
	{ "MIDI 2D", 512, { 163.1, 82.4 } },
};

static void print_then_row(const char *table, const char *name, int path, double then,
                           double now, int *above)
{
	if (then <= 0 || now <= 0)
		return;
	/* (then: a figure printed to 0.1) */
	printf("%-7s %-31s | %-4s %8.1f %8.2f %6.3f%s\n", table, name, path_name(path), then, now,
	       now / then, now >= then + 0.05 ? "  above" : "");
	*above += now >= then + 0.05;
}

/* Every row issue 57 measured against its figure then (issue 57: no row
   more expensive). */
static void print_then57(const int paths[2], int best)
{
	static const char *const tables[3] = { "one", "x4", "MIDI" };
	int k, i, p, z, r, above = 0, rows = 0;
	printf("\nagainst issue 57's figures (instr/sample on the build before the fold, "
	       "4c9e7c6):\n%-7s %-31s | %-4s %8s %8s %6s\n", "table", "scenario", "path", "then",
	       "now", "ratio");
	for (k = 0; k < (int)(sizeof then57 / sizeof then57[0]); ++k)
		for (i = 0; i < N_SCENARIOS; ++i)
			if (!strcmp(scenarios[i].name, then57[k].name))
				for (p = 0; p < 2; ++p)
					if (paths[p] != PERLIN_PATH_AVX2 || best == PERLIN_PATH_AVX2) {
						print_then_row(tables[then57[k].four], then57[k].name, paths[p],
						               then57[k].in[p], table_in[then57[k].four][i][p],
						               &above);
						++rows;
					}
	for (k = 0; k < (int)(sizeof then57_sized / sizeof then57_sized[0]); ++k)
		for (r = 0; r < N_ROWS; ++r)
			for (z = 0; z < N_SIZES; ++z)
				if (!strcmp(block_rows[r].name, then57_sized[k].row) &&
				    block_sizes[z] == then57_sized[k].block)
					for (p = 0; p < 2; ++p)
						if (paths[p] != PERLIN_PATH_AVX2 || best == PERLIN_PATH_AVX2) {
							char name[32];
							snprintf(name, sizeof name, "%s, blocks of %u", block_rows[r].name,
							         (unsigned)block_sizes[z]);
							print_then_row("blocks", name, paths[p], then57_sized[k].in[p],
							               sized_in[r][z][p], &above);
							++rows;
						}
	printf("%d of %d rows above their figure then\n", above, rows);
}

/* Many instances taking turns (issue 57): the time of one's block
   against one instance alone; their caches' share of it. */
static void print_turns(void)
{
	static const struct { int row; const char *name; } rows[] = {
		{ 0, "Perlin Noise, 1D steady" },
		{ 3, "Perlin Noise, 2D drift 0.3" },
	};
	int i;
	printf("\nmany instances taking turns, a block each (median us of one instance's block;\n"
	       "%s path):\n%-34s %8s %8s %8s %7s %7s\n", path_name(perlin_dsp_best_path()),
	       "scenario", "1", "100", "400", "100/1", "400/1");
	for (i = 0; i < (int)(sizeof rows / sizeof rows[0]); ++i) {
		double us[3];
		turns_us(scenarios[rows[i].row], us);
		printf("%-34s %8.2f %8.2f %8.2f %7.2f %7.2f\n", rows[i].name, us[0], us[1], us[2],
		       us[1] / us[0], us[2] / us[0]);
	}
}

int main(int argc, char **argv)
{
	const int best = (int)perlin_dsp_best_path();
	const int cg = argc > 1 && !strcmp(argv[1], "--no-callgrind") ? 0
	             : system("valgrind --version > /dev/null 2>&1") == 0;
	static const int paths[2] = { PERLIN_PATH_VECTOR, PERLIN_PATH_AVX2 };
	double steady[2][3] = { { -1, -1, -1 }, { -1, -1, -1 } }; /* [path][dims] */
	double worst[2] = { 0, 0 }, worst4[2] = { 0, 0 }, wtime4[2] = { 0, 0 };
	double spike[2] = { 0, 0 }, spike99[2] = { 0, 0 }; /* the largest max / median */
	const char *spike_name[2] = { "", "" };
	double one[N_SCENARIOS][2];
	const char *worst_name[2] = { "", "" }, *worst4_name[2] = { "", "" };
	int i, p;
	for (i = 0; i < N_SCENARIOS; ++i)
		one[i][0] = one[i][1] = -1.0;
	if (argc == 2 && !strcmp(argv[1], "--memory")) {
		print_memory();
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--turns")) {
		print_turns();
		return 0;
	}
	if (argc >= 5 && argc <= 8 && !strcmp(argv[1], "--one")) {
		bench_state s;
		const int sc = atoi(argv[2]);
		setup(&s, scenarios[sc < 0 || sc >= N_SCENARIOS ? 0 : sc], atoi(argv[3]),
		      argc >= 6 ? (atoi(argv[5]) == 5 ? 2 : atoi(argv[5]) == 4) : 0);
		if (argc >= 7 && s.path >= 0)
			unmeasured(&s, (long)atoi(argv[6]) * BLOCK);
		if (argc == 8 && atoi(argv[7]) >= 1 && atoi(argv[7]) <= BLOCK)
			s.block = (uint32_t)atoi(argv[7]);
		measured(&s, atol(argv[4]));
		teardown(&s);
		return 0;
	}
	time_all(paths, best);
	printf("run() of urn:perlin-lv2:perlin at 48 kHz, blocks of %d, 8 octaves at rate 2 unless\n"
	       "said; instr/sample: callgrind over %d blocks (a whole cycle of the automation\n"
	       "curve); block times: each of %d blocks\n"
	       "timed (us), the least of %d passes over every row; instances/core at the 99th\n"
	       "percentile block. Best path here: %s\n\n",
	       BLOCK, CG_BLOCKS, TIMED_BLOCKS, TIMED_PASSES, path_name(best));
	printf("%-31s | %-4s %9s %7s | %8s %8s %8s %9s\n", "scenario", "path", "instr/smp",
	       "x steady", "median", "p99", "max", "inst/core");
	for (i = 0; i < N_ONE_OUTPUT; ++i) {
		const scenario c = scenarios[i];
		for (p = 0; p < 2; ++p) {
			double in, t[3], ratio = -1.0;
			if (paths[p] == PERLIN_PATH_AVX2 && best != PERLIN_PATH_AVX2)
				continue;
			in = cg ? instructions(argv[0], i, paths[p], 0) : -1.0;
			table_in[0][i][p] = in;
			one[i][p] = in;
			block_times(i, p, 0, t);
			if (i == 0 || i == 3) /* the steady rows of each dimension */
				steady[p][c.dims] = in;
			if (in > 0 && steady[p][c.dims] > 0)
				ratio = in / steady[p][c.dims];
			if (c.octaves == 8 && ratio > worst[p]) {
				worst[p] = ratio;
				worst_name[p] = c.name;
			}
			if (t[2] / t[0] > spike[p]) {
				spike[p] = t[2] / t[0];
				spike99[p] = t[1] / t[0];
				spike_name[p] = c.name;
			}
			printf("%-31s | %-4s", c.name, path_name(paths[p]));
			print_cell(in, " %9.1f");
			print_cell(ratio, " %7.2f");
			printf(" %8.2f %8.2f %8.2f %9.0f\n", t[0], t[1], t[2],
			       1e6 * BLOCK / SR / t[1]);
		}
	}
	for (p = 0; p < 2; ++p)
		if (worst[p] > 0)
			printf("worst on %s: %s, %.2fx its steady row\n", path_name(paths[p]),
			       worst_name[p], worst[p]);
	for (p = 0; p < 2; ++p) /* (issue 57: the worst block within 3x the median) */
		if (spike[p] > 0)
			printf("largest block over the median on %s: %s, max %.2fx, p99 %.2fx\n",
			       path_name(paths[p]), spike_name[p], spike[p], spike99[p]);
	/* the worst beside the mean: the costliest quarter of the cycle */
	if (cg) {
		printf("\nrows where a control moves: instr/sample over the costliest quarter of the\n"
		       "automation cycle (%d blocks; the whole cycle above)\n\n", QUARTER);
		printf("%-31s | %-4s %9s %7s\n", "scenario", "path", "instr/smp", "x steady");
		for (i = 0; i < N_ONE_OUTPUT; ++i) {
			const scenario c = scenarios[i];
			if (!c.moves)
				continue;
			for (p = 0; p < 2; ++p) {
				double in;
				if (paths[p] == PERLIN_PATH_AVX2 && best != PERLIN_PATH_AVX2)
					continue;
				in = worst_quarter(argv[0], i, paths[p]);
				printf("%-31s | %-4s", c.name, path_name(paths[p]));
				print_cell(in, " %9.1f");
				print_cell(in > 0 && steady[p][c.dims] > 0 ? in / steady[p][c.dims] : -1.0,
				           " %7.2f");
				printf("\n");
			}
		}
	}
	/* four outputs */
	printf("\nrun() of urn:perlin-lv2:perlin4 (Perlin Noise x4), spread 0.5 unless it moves:\n"
	       "x one: its instr/sample over one output's in the same scenario; time x one: its\n"
	       "median and 99th percentile block times over one output's (the same passes)\n\n");
	printf("%-31s | %-4s %9s %7s | %8s %8s %8s %9s | %-11s\n", "scenario", "path",
	       "instr/smp", "x one", "median", "p99", "max", "inst/core", "time x one");
	for (i = 0; i < N_SCENARIOS; ++i) {
		const scenario c = scenarios[i];
		for (p = 0; p < 2; ++p) {
			/* spread rows: against one output with nothing moving */
			const int base = i < N_ONE_OUTPUT ? i : c.dims == 1 ? 0 : 3;
			double in, t[3], t1[3], ratio = -1.0;
			if (paths[p] == PERLIN_PATH_AVX2 && best != PERLIN_PATH_AVX2)
				continue;
			in = cg ? instructions(argv[0], i, paths[p], 1) : -1.0;
			table_in[1][i][p] = in;
			block_times(i, p, 1, t);
			block_times(base, p, 0, t1);
			if (in > 0 && one[base][p] > 0)
				ratio = in / one[base][p];
			if (ratio > worst4[p]) {
				worst4[p] = ratio;
				worst4_name[p] = c.name;
			}
			printf("%-31s | %-4s", c.name, path_name(paths[p]));
			print_cell(in, " %9.1f");
			print_cell(ratio, " %7.2f");
			printf(" %8.2f %8.2f %8.2f %9.0f | %4.2f / %4.2f\n", t[0], t[1], t[2],
			       1e6 * BLOCK / SR / t[1], t[0] / t1[0], t[1] / t1[1]);
			if (t[0] / t1[0] > wtime4[p])
				wtime4[p] = t[0] / t1[0];
			if (t[1] / t1[1] > wtime4[p])
				wtime4[p] = t[1] / t1[1];
		}
	}
	for (p = 0; p < 2; ++p)
		if (wtime4[p] > 0)
			printf("largest time ratio on %s (median or p99): %.2fx one output\n",
			       path_name(paths[p]), wtime4[p]);
	for (p = 0; p < 2; ++p)
		if (worst4[p] > 0)
			printf("worst on %s: %s, %.2fx one output\n", path_name(paths[p]),
			       worst4_name[p], worst4[p]);
	/* Perlin Noise MIDI */
	printf("\nrun() of urn:perlin-lv2:perlin-midi (Perlin Noise MIDI), the four lanes on CC 1..4,\n"
	       "7-bit, every 10 ms, spread 0.5: x x4: its instr/sample over Perlin Noise x4's in the\n"
	       "same scenario; time x x4: its median and 99th percentile block times over x4's\n\n");
	printf("%-31s | %-4s %9s %7s | %8s %8s %8s %9s | %-11s\n", "scenario", "path",
	       "instr/smp", "x x4", "median", "p99", "max", "inst/core", "time x x4");
	for (i = 0; i < N_SCENARIOS; ++i) {
		const scenario c = scenarios[i];
		if (!midi_row(i))
			continue;
		for (p = 0; p < 2; ++p) {
			double in, in4, t[3], t4[3];
			if (paths[p] == PERLIN_PATH_AVX2 && best != PERLIN_PATH_AVX2)
				continue;
			in = cg ? instructions(argv[0], i, paths[p], 2) : -1.0;
			table_in[2][i][p] = in;
			in4 = cg ? instructions(argv[0], i, paths[p], 1) : -1.0;
			block_times(i, p, 2, t);
			block_times(i, p, 1, t4);
			printf("%-31s | %-4s", c.name, path_name(paths[p]));
			print_cell(in, " %9.1f");
			print_cell(in > 0 && in4 > 0 ? in / in4 : -1.0, " %7.2f");
			printf(" %8.2f %8.2f %8.2f %9.0f | %4.2f / %4.2f\n", t[0], t[1], t[2],
			       1e6 * BLOCK / SR / t[1], t[0] / t4[0], t[1] / t4[1]);
		}
	}
	block_table(argv[0], paths, best, cg);
	print_memory();
	print_then57(paths, best);
	print_turns();
	/* context: the same steady rows on the scalar reference and stb */
	printf("\nfor comparison, instr/sample of the steady rows: ");
	for (i = 0; i < 4; i += 3) {
		const double ref = cg ? instructions(argv[0], i, PERLIN_PATH_REFERENCE, 0) : -1.0;
		const double stb = cg ? instructions(argv[0], i, -1, 0) : -1.0;
		printf("%s: reference %.0f, stb_perlin_fbm_noise3 %.0f%s", scenarios[i].name, ref, stb,
		       i ? "\n" : "; ");
	}
	return 0;
}
