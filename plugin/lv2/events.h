/* events.h: what a host sends on an atom input (an atom:Sequence): the
   transport's time:Position and MIDI, read safely. The plugins' glue
   walks a block's events in order with perlin_events_next and acts on
   each at its frame (the DSP knows nothing of atoms: dsp.h). Any
   sequence a host can send is read without reading a byte outside it;
   what is not understood is skipped.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_EVENTS_H
#define PERLIN_EVENTS_H

#include "../engine/dsp.h"

#include <lv2/atom/atom.h>
#include <lv2/core/lv2.h>
#include <lv2/urid/urid.h>

#include <stdint.h>

/* The URIDs the reader needs (urid:map; without it no event is read). */
typedef struct {
	LV2_URID atom_Object, atom_Blank, atom_Int, atom_Long, atom_Float,
		atom_Double, atom_Sequence, midi_MidiEvent, time_Position, time_frame,
		time_speed, time_beatsPerMinute, time_bar, time_barBeat,
		time_beatsPerBar, time_beat;
} perlin_uris;

/* Instantiation class: the URIDs, mapped by the host's urid:map among
   `features` (the glues' instantiate): 1, or 0 without one. */
int perlin_uris_map(perlin_uris *u, const LV2_Feature *const *features);

typedef enum {
	PERLIN_EVENT_POSITION, /* a time:Position: pos */
	PERLIN_EVENT_MIDI      /* a midi:MidiEvent: midi, size bytes (any size) */
} perlin_event_kind;

typedef struct {
	perlin_event_kind kind;
	uint32_t frame; /* in the block, clamped into [the last one's, n_samples] */
	perlin_position pos;
	const uint8_t *midi;
	uint32_t size;
	const LV2_Atom_Event *raw; /* the event as the host sent it */
} perlin_event;

/* A walk through one block's sequence. */
typedef struct {
	const perlin_uris *u;
	const uint8_t *p, *end;
	uint32_t at, n;
} perlin_events;

/* Start a walk through seq (NULL, or too short: no events) in a block
   of n samples. */
void perlin_events_begin(perlin_events *it, const perlin_uris *u,
                         const LV2_Atom_Sequence *seq, uint32_t n);
/* The next event understood, or 0 at the end. */
int perlin_events_next(perlin_events *it, perlin_event *ev);

/* Whether MIDI bytes are a note-on (velocity above 0) on `channel` (the
   control: 0 any, 1-16 one; clamped). */
int perlin_note_on(const uint8_t *midi, uint32_t size, float channel);

/* Whether MIDI bytes are a MIDI clock message (any channel: they have
   none): timing clock (a pulse, 24 a beat), Start, Continue, Stop, Song
   Position Pointer (its beat); into m and value (perlin_dsp_clock's). */
int perlin_midi_clock(const uint8_t *midi, uint32_t size, perlin_clock_msg *m, double *value);

#endif /* PERLIN_EVENTS_H */
