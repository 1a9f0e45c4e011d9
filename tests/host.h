/* host.h: a small LV2 host for the built bundle, through lilv, shared by
   perlin-render and the tests.

   host_render() plays a render_spec: control values (constant, ramped or
   stepped), a simulated transport (time:Position events like Ardour's), and
   a block partition (fixed or random). Ramps are evaluated on a fixed grid
   of RENDER_GRID samples and steps and transport events land on their exact
   sample, and run() calls are split there, so the plugin sees the same
   control values at the same samples whatever the block sizes.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_HOST_H
#define PERLIN_HOST_H

#include "../plugin/engine/dsp.h"
#include "../plugin/lv2/perlin_midi.h"
#include "../plugin/lv2/ports.h"

#include <lilv/lilv.h>
#include <stdint.h>

#define RENDER_GRID 32   /* samples between ramp updates */
#define RENDER_MAX_POINTS 256
#define RENDER_MAX_JUMPS 64
#define RENDER_MAX_TRIGGERS 256

#define URI_PERLIN "urn:perlin-lv2:perlin"
#define URI_PERLIN_CV "urn:perlin-lv2:perlin-cv"
#define URI_PERLIN4 "urn:perlin-lv2:perlin4"
#define URI_PERLIN4_CV "urn:perlin-lv2:perlin4-cv"
#define URI_PERLIN_KEYED "urn:perlin-lv2:perlin-keyed"
#define URI_PERLIN_MIDI "urn:perlin-lv2:perlin-midi"

/* The controls a render sets: the DSP's, then the four-output plugins'
   spread. */
#define RENDER_SPREAD PERLIN_N_PARAMS
#define RENDER_N_CONTROLS (PERLIN_N_PARAMS + 1)

/* The lilv world with the LV2 specifications and our bundle loaded. */
typedef struct {
	LilvWorld *world;
	const LilvPlugin *audio, *cv, *audio4, *cv4, *keyed, *midi;
} host_world;

/* 0 on success; otherwise prints why to stderr. */
int host_world_open(host_world *w, const char *bundle_dir);
void host_world_close(host_world *w);

/* The CV plugins' CV inputs a render may feed (render_spec's cv_in). */
enum { HOST_CV_RATE, HOST_CV_DEPTH, HOST_CV_OFFSET, HOST_CV_MORPH, HOST_CV_CLOCK, HOST_CV_INS };
extern const char *const host_cv_symbols[HOST_CV_INS]; /* rate_cv .. clock_in */

/* An instance with its port buffers. */
typedef struct {
	LilvInstance *inst;
	float controls[RENDER_N_CONTROLS]; /* spread last (four outputs) */
	float level;
	float levels[PERLIN_OUTPUTS]; /* four outputs: level_1 .. level_4 */
	int outputs; /* 1 or PERLIN_OUTPUTS: as the plugin has */
	int connect_out;
	int has_midi; /* the plugin reads MIDI (at its control port) */
	/* (the CV plugins) the next run's CV inputs from their first sample,
	   NULL: unconnected */
	const float *cv_in[HOST_CV_INS];
	union {
		uint64_t align;
		uint8_t bytes[16384];
	} events; /* the control port's sequence: time:Position and MIDI */
} host_inst;

int host_inst_open(host_inst *h, const LilvPlugin *p, double sr, int connect_out);
/* The outputs plugin p has: 1, or PERLIN_OUTPUTS (the x4 twins; Perlin Noise
   MIDI's lanes, whose controls sit at the x4 twins' indices). */
int host_plugin_outputs(const LilvPlugin *p);
/* One more feature for the instances opened from now on (NULL: none). */
void host_feature(const LV2_Feature *f);
/* Queue a time:Position for the next run (at sample `offset` of it), as
   Ardour sends it: frame, speed, bar, barBeat, beatUnit, beatsPerBar,
   beatsPerMinute. */
void host_inst_position(host_inst *h, uint32_t offset, double frame, double speed,
                        double beat, double bpm);
/* Any time:Position a host may send: the fields in `fields` (bits
   1 << HOST_POS_x), each forged as the atom type in type[x] (0 Int,
   1 Long, 2 Float, 3 Double). */
enum {
	HOST_POS_FRAME, HOST_POS_SPEED, HOST_POS_BPM, HOST_POS_BAR,
	HOST_POS_BAR_BEAT, HOST_POS_PER_BAR, HOST_POS_BEAT, HOST_POS_N
};
typedef struct {
	unsigned fields;
	int type[HOST_POS_N];
	double value[HOST_POS_N];
} host_position;
/* 0 on success, 1 when the event buffer has no room left. */
int host_inst_position_any(host_inst *h, uint32_t offset, const host_position *p);
/* Queue MIDI bytes for the next run at its sample `offset`, at the
   control port (1 when the plugin reads no MIDI or no room is left). The
   sequence stays in time order, whatever the order of the calls. */
int host_inst_midi(host_inst *h, uint32_t offset, const uint8_t *bytes, uint32_t size);
/* run() n samples into out (NULL with connect_out 0), then clear events. */
void host_inst_run(host_inst *h, float *out, uint32_t n);
/* The same into each output (h->outputs of them). */
void host_inst_run_outputs(host_inst *h, float *const out[], uint32_t n);
void host_inst_close(host_inst *h);

/* URID map/unmap for any other use (presets). */
uint32_t host_map(const char *uri);
const void *host_map_feature(void);

/* Automation of one control: breakpoints (time s, value); linear between
   them unless step, held before the first and after the last. A param from
   RENDER_N_CONTROLS on is Perlin Noise MIDI's setting param -
   RENDER_N_CONTROLS (host_render_midi: its host_midi's set is the value
   where not automated). */
#define RENDER_N_AUTOS (RENDER_N_CONTROLS + MIDI_N_PARAMS)
typedef struct {
	int param;
	int step;
	int n;
	double t[RENDER_MAX_POINTS], v[RENDER_MAX_POINTS];
} render_auto;

typedef struct {
	int cv;             /* render the CV plugin */
	int four;           /* render the four-output twin: out holds four
	                       planes of `frames` samples, output 1 first */
	int connect_out;    /* 0: leave the output port unconnected (CV plugin) */
	double sr;
	uint64_t frames;
	uint32_t block;     /* 0: random sizes 1..block_max from block_seed */
	uint32_t block_max;
	uint64_t block_seed;
	float set[RENDER_N_CONTROLS];
	render_auto autos[RENDER_N_AUTOS];
	int n_autos;
	int transport;      /* send time:Position: at the start and at jumps */
	double bpm, start_beat;
	double roll_at;     /* > 0: stopped at start_beat until roll_at seconds */
	int n_jumps;
	double jump_t[RENDER_MAX_JUMPS], jump_beat[RENDER_MAX_JUMPS];
	/* (cv) each CV input's volts, `frames` of them, or NULL: unconnected
	   (the DSP in process takes rate, depth, offset and morph) */
	const float *cv_in[HOST_CV_INS];
	int keyed;          /* render Perlin Noise Keyed (not with cv or four) */
	int n_triggers;     /* MIDI note-ons (triggers) at these times (s): the
	                       plugin's MIDI input (cv or keyed), or the DSP's */
	double trigger_t[RENDER_MAX_TRIGGERS];
	void (*progress)(uint64_t done, uint64_t total);
	/* called around every run(): used by the allocation test */
	void (*before_run)(void);
	void (*after_run)(void);
} render_spec;

/* Defaults: audio plugin, 48 kHz, 1 s, blocks of 512, default controls, no
   automation, transport at beat 0 and 120 BPM. */
void render_spec_init(render_spec *s);
/* The value of control `param` at time t (s), before the plugin clamps. */
double render_value(const render_spec *s, int param, double t);
/* Render s->frames samples into out. 0 on success. */
int host_render(const host_world *w, const render_spec *s, float *out);
/* The same with the DSP in process (no LV2), on render path `path`:
   controls and time:Position as the plugin would read them. */
int host_render_dsp(const render_spec *s, perlin_path path, float *out);

/* Perlin Noise MIDI through lilv (host_render_midi): its MIDI settings,
   the MIDI it is sent and what it sends, as events at frames counted from
   the render's start. */
#define HOST_MIDI_BYTES 32 /* bytes of an event kept (more are counted in size) */
typedef struct {
	uint64_t frame;
	uint32_t size;
	uint8_t bytes[HOST_MIDI_BYTES];
} host_midi_event;
typedef struct {
	float set[MIDI_N_PARAMS];  /* the MIDI settings (perlin_midi_params' defaults) */
	uint32_t capacity;         /* the output atom's size the host gives each run */
	const host_midi_event *in; /* sent to the control port, in frame order */
	size_t n_in;
	host_midi_event *out;      /* what came out, up to max_out of it */
	size_t max_out, n_out;
	/* counts of what a host must never see: a byte written past the
	   capacity, an output atom larger than it, an event cut short or not
	   MIDI, a frame out of order or outside its block */
	unsigned past, oversize, malformed, disorder;
	uint64_t runs;
} host_midi;
/* Defaults: every setting its default, a capacity of 32768 bytes, no
   input, no output kept. */
void host_midi_init(host_midi *m);
/* Render s (four outputs; `out`, if not NULL, gets the levels as
   host_render's unconnected outputs) through Perlin Noise MIDI into m.
   0 on success. */
int host_render_midi(const host_world *w, const render_spec *s, host_midi *m, float *out);

#endif /* PERLIN_HOST_H */
