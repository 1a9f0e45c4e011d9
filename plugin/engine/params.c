/* params.c: the controls' symbols, ranges and defaults, and their
   clamping (params.h), and dsp_clamp_finite's for doubles.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "params.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* The TTL (ttl/ports.ttl.in) states the same ranges; tests/test_plugin.c
   checks that they agree. */
const perlin_param_info perlin_params[PERLIN_N_PARAMS] = {
	{ "rate", 0.001f, 1000.0f, 1.0f, 1.0f },
	{ "octaves", 1.0f, 8.0f, 4.0f, 4.0f },
	{ "persistence", 0.0f, 1.0f, 0.5f, 0.5f },
	{ "lacunarity", 1.5f, 4.0f, 2.0f, 2.0f },
	{ "seed", 0.0f, 65535.0f, 1.0f, 1.0f },
	{ "dimensions", 1.0f, 2.0f, 1.0f, 1.0f },
	{ "morph", 0.0f, 16.0f, 0.0f, 0.0f },
	{ "drift", 0.0f, 10.0f, 0.0f, 0.0f },
	{ "depth", 0.0f, 1.0f, 1.0f, 1.0f },
	{ "offset", -1.0f, 1.0f, 0.0f, 0.0f },
	{ "sync", 0.0f, 1.0f, 0.0f, 0.0f },
	{ "beats", 0.0625f, 64.0f, 1.0f, 1.0f },
	{ "loop", 0.0f, 64.0f, 0.0f, 0.0f },
	{ "reset", 0.0f, 1.0f, 0.0f, 0.0f },
	{ "stopped", 0.0f, 2.0f, 0.0f, 2.0f },
	{ "phase", 0.0f, 1.0f, 0.0f, 0.0f },
	{ "trigger", 0.0f, 3.0f, 1.0f, 1.0f },
	{ "glide", 0.01f, 10.0f, 0.05f, 0.05f },
	{ "channel", 0.0f, 16.0f, 0.0f, 0.0f },
};

/* Control magnitudes below this are 0: no control means anything there,
   and it keeps denormals (and products that would underflow into them)
   out of the DSP. */
#define PERLIN_TINY 1e-20f

const perlin_param_info perlin_spread_param = { "spread", 0.0f, 1.0f, 0.5f, 0.5f };
const perlin_param_info perlin_pulses_param = { "pulses", 1.0f, 24.0f, 1.0f, 1.0f };

/* Perlin Noise MIDI's settings (ttl/perlin.ttl.in says the same). */
const perlin_param_info perlin_midi_params[MIDI_N_PARAMS] = {
	{ "midi_channel", 1.0f, 16.0f, 1.0f, 1.0f },
	{ "resolution", 0.0f, 2.0f, 0.0f, 0.0f },
	{ "interval", 1.0f, 50.0f, 10.0f, 10.0f },
	{ "cc_1", -1.0f, 127.0f, 1.0f, 1.0f },
	{ "cc_2", -1.0f, 127.0f, -1.0f, -1.0f },
	{ "cc_3", -1.0f, 127.0f, -1.0f, -1.0f },
	{ "cc_4", -1.0f, 127.0f, -1.0f, -1.0f },
};

float perlin_clamp(perlin_param param, float v)
{
	return perlin_clamp_info(&perlin_params[param], v);
}

float perlin_clamp_info(const perlin_param_info *i, float v)
{
	const float tiny = PERLIN_TINY;
	uint32_t bits, tiny_bits;
	/* NaN and tiny values are told apart by their bits, with no float
	   comparison: with FP traps on, comparing a denormal faults */
	memcpy(&bits, &v, sizeof bits);
	memcpy(&tiny_bits, &tiny, sizeof tiny_bits);
	bits &= 0x7fffffffU;
	if (bits > 0x7f800000U) /* NaN */
		return i->def;
	if (bits < tiny_bits)
		v = 0.0f;
	return v < i->min ? i->min : (v > i->max ? i->max : v);
}

void dsp_note_value(float beats, double *beats_exact, double *cells_per_beat)
{
	const double b = (double)beats, q = floor(b * 96.0 + 0.5);
	if (q >= 1.0 && fabs(b - q / 96.0) <= 1e-6) {
		*beats_exact = q / 96.0;
		*cells_per_beat = 96.0 / q;
	} else {
		*beats_exact = b;
		*cells_per_beat = 1.0 / b;
	}
}

double dsp_clamp_finite(double v, double lo, double hi, double fallback)
{
	if (!(v >= lo && v <= hi)) /* NaN, infinities and out of range */
		return v != v ? fallback : (v < lo ? lo : hi);
	return v;
}

void perlin_controls_defaults(float dflt[PERLIN_N_PARAMS], const float *controls[PERLIN_N_PARAMS])
{
	unsigned i;
	for (i = 0; i < PERLIN_N_PARAMS; ++i) {
		dflt[i] = perlin_params[i].def;
		controls[i] = &dflt[i];
	}
}
