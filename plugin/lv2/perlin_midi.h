/* perlin_midi.h: "Perlin Noise MIDI" (urn:perlin-lv2:perlin-midi,
   plugin/lv2/perlin_midi.c): the four-output engine's lanes sent as MIDI
   control changes (7- or 14-bit) or pitch bend, with MIDI thru. Its
   ports (ttl/perlin.ttl.in says the same; tests/test_plugin.c and
   tests/test_midi.c check them) are Perlin Noise x4's where they mean
   the same: the controls at their own index (ports.h, PERLIN_PORT(p, 4)),
   control (14), level_1 (15), stopped (17), spread (18), level_2 ..
   level_4 (22..24) and the trigger controls (25..28); MIDI comes in at
   control; the MIDI output takes the output's index (16), the MIDI
   settings the places of out_2 .. out_4 (19..21), and the lanes'
   controller numbers come last: cc_1 .. cc_3 at 30..32 as in 0.4, cc_4
   at 29 (midi_in's place until 0.5: a host that keeps automation by
   index, as Ardour does, finds cc_1 .. cc_3 where they were). Its port
   indices are in ports.h (perlin_midi_port, MIDI_PORT).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_MIDI_H
#define PERLIN_MIDI_H

#include "../engine/dsp.h"
#include "ports.h"

#include <lv2/core/lv2.h>

/* The descriptor perlin.c's lv2_descriptor hands out at index 5. */
extern const LV2_Descriptor perlin_midi_descriptor;

/* An instance's DSP (tests/bench.c sets its render path). */
perlin_dsp *perlin_midi_dsp(LV2_Handle instance);

#endif /* PERLIN_MIDI_H */
