/* events.c: a block's atom:Sequence read safely (events.h): the
   transport's time:Position and MIDI. The glue calls it; it calls
   nothing of plugin/ (the glue gives the DSP what it reads).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "events.h"

#include <lv2/midi/midi.h>
#include <lv2/time/time.h>

#include <stddef.h>
#include <string.h>

int perlin_uris_map(perlin_uris *u, const LV2_Feature *const *features)
{
	LV2_URID_Map *map = NULL;
	unsigned i;
	for (i = 0; features && features[i]; ++i)
		if (!strcmp(features[i]->URI, LV2_URID__map))
			map = (LV2_URID_Map *)features[i]->data;
	if (!map)
		return 0;
	u->atom_Object = map->map(map->handle, LV2_ATOM__Object);
	u->atom_Blank = map->map(map->handle, LV2_ATOM__Blank);
	u->atom_Int = map->map(map->handle, LV2_ATOM__Int);
	u->atom_Long = map->map(map->handle, LV2_ATOM__Long);
	u->atom_Float = map->map(map->handle, LV2_ATOM__Float);
	u->atom_Double = map->map(map->handle, LV2_ATOM__Double);
	u->atom_Sequence = map->map(map->handle, LV2_ATOM__Sequence);
	u->midi_MidiEvent = map->map(map->handle, LV2_MIDI__MidiEvent);
	u->time_Position = map->map(map->handle, LV2_TIME__Position);
	u->time_frame = map->map(map->handle, LV2_TIME__frame);
	u->time_speed = map->map(map->handle, LV2_TIME__speed);
	u->time_beatsPerMinute = map->map(map->handle, LV2_TIME__beatsPerMinute);
	u->time_bar = map->map(map->handle, LV2_TIME__bar);
	u->time_barBeat = map->map(map->handle, LV2_TIME__barBeat);
	u->time_beatsPerBar = map->map(map->handle, LV2_TIME__beatsPerBar);
	u->time_beat = map->map(map->handle, LV2_TIME__beat);
	return 1;
}

/* f, or 0 when f is a float denormal (told by its bits: with FP traps on,
   any arithmetic or comparison on a denormal faults). */
static double float_flushed(float f)
{
	uint32_t bits;
	memcpy(&bits, &f, sizeof bits);
	return (bits & 0x7f800000U) ? (double)f : 0.0;
}

/* d, or 0 when d is a double denormal. */
static double double_flushed(double d)
{
	uint64_t bits;
	memcpy(&bits, &d, sizeof bits);
	return (bits & UINT64_C(0x7ff0000000000000)) ? d : 0.0;
}

/* A numeric atom of any of the types hosts use, as a double (denormals
   are 0). */
static int atom_number(const perlin_uris *u, const LV2_Atom *a, double *v)
{
	if (!a)
		return 0;
	if (a->type == u->atom_Float && a->size >= sizeof(float))
		*v = float_flushed(((const LV2_Atom_Float *)a)->body);
	else if (a->type == u->atom_Double && a->size >= sizeof(double))
		*v = double_flushed(((const LV2_Atom_Double *)a)->body);
	else if (a->type == u->atom_Long && a->size >= sizeof(int64_t))
		*v = (double)((const LV2_Atom_Long *)a)->body;
	else if (a->type == u->atom_Int && a->size >= sizeof(int32_t))
		*v = ((const LV2_Atom_Int *)a)->body;
	else
		return 0;
	return 1;
}

/* The atoms of a host's sequence are trusted for nothing but the
   sequence's total size: every event, object and property below is
   checked to lie wholly inside what contains it before it is read. */

/* The atom inside [p, end) that starts at p, or NULL when its header or
   body would reach past end. */
static const LV2_Atom *atom_within(const uint8_t *p, const uint8_t *end)
{
	const LV2_Atom *a = (const LV2_Atom *)p;
	if (end < p || (size_t)(end - p) < sizeof(LV2_Atom) ||
	    a->size > (size_t)(end - p) - sizeof(LV2_Atom))
		return NULL;
	return a;
}

/* Where the next event or property starts after one of `size` bytes. */
static const uint8_t *padded(const uint8_t *p, size_t size)
{
	return p + ((size + 7U) & ~(size_t)7U);
}

/* A time:Position object's body (size bytes, known to lie inside the
   sequence) into pos. Of a key given twice, the first counts. */
static void read_position(const perlin_uris *u, const LV2_Atom_Object_Body *body,
                          uint32_t size, perlin_position *pos_)
{
	const uint32_t keys[7] = { u->time_frame, u->time_speed, u->time_beatsPerMinute,
		                       u->time_bar, u->time_barBeat, u->time_beatsPerBar,
		                       u->time_beat };
	const LV2_Atom *val[7] = { NULL, NULL, NULL, NULL, NULL, NULL, NULL };
	const uint8_t *p = (const uint8_t *)(body + 1);
	const uint8_t *const end = (const uint8_t *)body + size;
	perlin_position pos;
	double b, bb, pb;
	unsigned k;
	while (end > p && (size_t)(end - p) >= sizeof(LV2_Atom_Property_Body)) {
		const LV2_Atom_Property_Body *prop = (const LV2_Atom_Property_Body *)p;
		const LV2_Atom *v = atom_within((const uint8_t *)&prop->value, end);
		if (!v)
			break;
		for (k = 0; k < 7; ++k)
			if (prop->key == keys[k] && !val[k])
				val[k] = v;
		p = padded(p, sizeof(LV2_Atom_Property_Body) + v->size);
	}
	memset(&pos, 0, sizeof pos);
	pos.has_frame = atom_number(u, val[0], &pos.frame);
	pos.has_speed = atom_number(u, val[1], &pos.speed);
	pos.has_bpm = atom_number(u, val[2], &pos.bpm);
	if (atom_number(u, val[3], &b) && atom_number(u, val[4], &bb) &&
	    atom_number(u, val[5], &pb) && pb > 0.0) {
		pos.beat = b * pb + bb;
		pos.has_beat = 1;
	} else {
		pos.has_beat = atom_number(u, val[6], &pos.beat);
	}
	*pos_ = pos;
}


void perlin_events_begin(perlin_events *it, const perlin_uris *u,
                         const LV2_Atom_Sequence *seq, uint32_t n)
{
	memset(it, 0, sizeof *it);
	it->u = u;
	it->n = n;
	if (!u || !seq || seq->atom.size < sizeof(LV2_Atom_Sequence_Body))
		return; /* (p and end NULL: no event) */
	/* event times are frames, whatever the sequence's unit says (run()'s
	   are frames: LV2 defines no other there). Not "frames only when the
	   unit is 0 or atom:frameTime": Ardour 7.3 never sets the unit of the
	   sequences it sends (malloc'ed, reused buffers: valgrind sees the
	   branch on it uninitialised), and its MIDI notes were then taken at
	   the block's start now and then (found by make test-hosts' Ardour
	   export of Perlin Noise Keyed) */
	it->p = (const uint8_t *)(seq + 1);
	it->end = (const uint8_t *)&seq->body + seq->atom.size;
}

int perlin_events_next(perlin_events *it, perlin_event *ev)
{
	const perlin_uris *u = it->u;
	while (it->end > it->p && (size_t)(it->end - it->p) >= sizeof(LV2_Atom_Event)) {
		const LV2_Atom_Event *e = (const LV2_Atom_Event *)it->p;
		const LV2_Atom *body = atom_within((const uint8_t *)&e->body, it->end);
		if (!body)
			break;
		it->p = padded(it->p, sizeof(LV2_Atom_Event) + body->size);
		if (body->type == u->midi_MidiEvent && body->size > 0U) {
			ev->kind = PERLIN_EVENT_MIDI;
			ev->midi = (const uint8_t *)(body + 1);
			ev->size = body->size;
		} else if ((body->type == u->atom_Object || body->type == u->atom_Blank) &&
		           body->size >= sizeof(LV2_Atom_Object_Body) &&
		           ((const LV2_Atom_Object *)body)->body.otype == u->time_Position) {
			ev->kind = PERLIN_EVENT_POSITION;
			read_position(u, &((const LV2_Atom_Object *)body)->body, body->size, &ev->pos);
			ev->midi = NULL;
			ev->size = 0U;
		} else {
			continue;
		}
		/* events are in time order; a stray one is clamped into the block */
		it->at = e->time.frames < (int64_t)it->at ? it->at
		       : e->time.frames > (int64_t)it->n ? it->n
		       : (uint32_t)e->time.frames;
		ev->frame = it->at;
		ev->raw = e;
		return 1;
	}
	it->p = it->end;
	return 0;
}

int perlin_note_on(const uint8_t *midi, uint32_t size, float channel)
{
	const unsigned ch = channel >= 0.5f && channel < 16.5f ? (unsigned)(channel + 0.5f) : 0U;
	return size >= 3U && (midi[0] & 0xf0U) == 0x90U && midi[2] > 0U && midi[2] < 0x80U &&
	       (ch == 0U || (midi[0] & 0x0fU) + 1U == ch);
}

int perlin_midi_clock(const uint8_t *midi, uint32_t size, perlin_clock_msg *m, double *value)
{
	*value = 24.0;
	switch (size ? midi[0] : 0U) {
	case 0xf8U:
		*m = PERLIN_CLOCK_PULSE;
		return 1;
	case 0xfaU:
		*m = PERLIN_CLOCK_START;
		return 1;
	case 0xfbU:
		*m = PERLIN_CLOCK_CONTINUE;
		return 1;
	case 0xfcU:
		*m = PERLIN_CLOCK_STOP;
		return 1;
	case 0xf2U: /* in sixteenth notes, 14 bits */
		if (size < 3U || ((midi[1] | midi[2]) & 0x80U))
			return 0;
		*m = PERLIN_CLOCK_SONG_POSITION;
		*value = (double)((unsigned)midi[1] | (unsigned)midi[2] << 7) / 4.0;
		return 1;
	default:
		return 0;
	}
}
