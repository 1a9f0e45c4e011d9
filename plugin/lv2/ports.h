/* ports.h: the LV2 port indices of the plugins (ttl/perlin.ttl.in,
   ttl/ports.ttl.in and ttl/triggers.ttl.in say the same;
   tests/test_plugin.c checks them). The DSP (dsp.h) knows nothing of
   them: its controls are perlin_param, in its own order.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_PORTS_H
#define PERLIN_PORTS_H

#include "../engine/dsp.h"

/* 0..13 are the controls PERLIN_RATE..PERLIN_RESET at their own index;
   "stopped" was added later, after the outputs, and the four-output
   plugins' ports after it; the trigger controls (PERLIN_PHASE ..
   PERLIN_CHANNEL) came last, after each plugin's ports, so no port has
   moved: PORT_TRIGGERS(outputs) on. */
typedef enum {
	PORT_CONTROL = 14, /* atom:Sequence: time:Position, and MIDI on the
	                      plugins with triggers: their one atom input */
	PORT_LEVEL = 15,   /* control output: the last output sample */
	PORT_OUT = 16,     /* "out" (audio) or "cv" (CV, connectionOptional) */
	PORT_STOPPED = 17, /* control input PERLIN_STOPPED */
	PORT_COUNT = 22,   /* (the audio plugin's and Keyed's; the CV plugin has 8 more) */
	/* the four-output plugins: the same ports (level and out as
	   level_1 and out_1 or cv_1), then */
	PORT_SPREAD = 18,  /* control input: perlin_dsp_spread */
	PORT_OUT_2 = 19,   /* out_2 .. out_4 (cv_2 .. cv_4) at 19 .. 21 */
	PORT_LEVEL_2 = 22, /* level_2 .. level_4 at 22 .. 24 */
	PORT_COUNT_4 = 29  /* (the audio plugin's; the CV plugin has 14 more) */
} perlin_port;

/* The first trigger control (PERLIN_PHASE; the others follow in their
   order) of a plugin with `outputs` outputs: 18, or 25 with four. */
#define PORT_TRIGGERS(outputs) ((outputs) > 1U ? 25U : 18U)
/* After the trigger controls, on the CV plugins (each
   lv2:connectionOptional): the CV trigger input, 22, or 29 with four.
   (Notes come in at PORT_CONTROL: a second atom input is one Carla shows
   and never reads.) */
#define PORT_TRIGGER_IN(outputs) (PORT_TRIGGERS(outputs) + 4U)
/* Then on the CV plugins each output again in volts (MOD's ranges; CV
   ports lv2:connectionOptional): output o's bipolar +-5 V (5 x the signal)
   at PORT_VOLTS(outputs) + 2 o and its unipolar 0..10 V (5 x it + 5) next:
   23 and 24, or 30 .. 37 with four. A host reads a CV port's range from
   its declaration, once (mod-host, mod-ui): one port per range, not a
   range control, keeps the declared range the written one. */
#define PORT_VOLTS(outputs) (PORT_TRIGGERS(outputs) + 5U)
/* Then on the CV plugins the CV inputs (lv2:connectionOptional, volts:
   perlin_cv): depth_cv and offset_cv, 25 and 26, or 38 and 39 with four. */
#define PORT_DEPTH_CV(outputs) (PORT_VOLTS(outputs) + 2U * ((outputs) > 1U ? 4U : 1U))
#define PORT_OFFSET_CV(outputs) (PORT_DEPTH_CV(outputs) + 1U)
/* Then the clock: its CV input (lv2:connectionOptional, a pulse at each
   rising edge) and the control of its pulses per beat (perlin_pulses_param):
   27 and 28, or 40 and 41 with four. */
#define PORT_CLOCK_IN(outputs) (PORT_OFFSET_CV(outputs) + 1U)
#define PORT_PULSES(outputs) (PORT_OFFSET_CV(outputs) + 2U)
/* Then the rate CV input (lv2:connectionOptional, 1 V an octave:
   perlin_cv's rate): 29, or 42 with four. */
#define PORT_RATE_CV(outputs) (PORT_OFFSET_CV(outputs) + 3U)
/* Then the morph CV input (lv2:connectionOptional, 1 V a cell, 2D:
   perlin_cv's morph): 30, or 43 with four. */
#define PORT_MORPH_CV(outputs) (PORT_OFFSET_CV(outputs) + 4U)

/* The lv2:index of control input p in a plugin with `outputs` outputs. */
#define PERLIN_PORT(p, outputs)                                                            \
	((p) == PERLIN_STOPPED ? (unsigned)PORT_STOPPED                                      \
	 : (p) >= PERLIN_PHASE ? PORT_TRIGGERS(outputs) + (unsigned)((p) - PERLIN_PHASE)   \
	                       : (unsigned)(p))

/* Perlin Noise MIDI (perlin_midi.h) has the ports of Perlin Noise x4
   where they mean the same; its own: */
#define PERLIN_MIDI_URI "urn:perlin-lv2:perlin-midi"

typedef enum {
	MIDI_PORT_OUT = 16,        /* atom:Sequence of midi:MidiEvent */
	MIDI_PORT_CHANNEL = 19,    /* the output's MIDI channel, 1-16 */
	MIDI_PORT_RESOLUTION = 20, /* perlin_midi_resolution */
	MIDI_PORT_INTERVAL = 21,   /* ms: a lane sends at most once in it */
	MIDI_PORT_CC_4 = 29,       /* lane 4's controller number (-1 off) */
	MIDI_PORT_CC_1 = 30,       /* lanes 1 .. 3's (30 .. 32) */
	MIDI_PORT_COUNT = 33
} perlin_midi_port;

/* The lv2:index of MIDI setting p. */
#define MIDI_PORT(p) ((p) == MIDI_CC_1 + 3 ? (unsigned)MIDI_PORT_CC_4                             \
                 : (p) >= MIDI_CC_1 ? (unsigned)MIDI_PORT_CC_1 + (unsigned)((p) - MIDI_CC_1) \
                                       : (unsigned)MIDI_PORT_CHANNEL + (unsigned)(p))

#endif /* PERLIN_PORTS_H */
