/* smf.h: a small Standard MIDI File writer (and a reader for the tests),
   for perlin-render's --midi output. Not realtime: it grows a buffer.

   A file is type 0 (one track: the tempo, then the events) or type 1
   (a tempo track, then a track of the events), at `ppq` ticks per
   quarter note and one tempo throughout; an event's tick is its frame
   at that tempo, rounded to the nearest, counted from frame 0 (so deltas
   never drift). Every event is written with its status byte (no running
   status); SysEx (F0 ...) as F0, its length, the rest; other system
   messages and bytes that are not a message are left out.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_SMF_H
#define PERLIN_SMF_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
	unsigned ppq;
	double bpm, sr;
	int type;        /* 0 or 1 (smf_init: 0) */
	uint8_t *track;  /* the events' track body so far (no end of track) */
	size_t len, cap;
	uint64_t tick;   /* the last event's */
	int failed;      /* out of memory: smf_bytes gives 0 */
} smf_writer;

void smf_init(smf_writer *w, unsigned ppq, double bpm, double sr);
/* Append n bytes of MIDI at `frame` (frames in order; an earlier one is
   put at the last one's tick). 0 on success. */
int smf_event(smf_writer *w, uint64_t frame, const uint8_t *bytes, uint32_t n);
/* The whole file: its size, written into buf when it fits in cap. */
size_t smf_bytes(const smf_writer *w, uint8_t *buf, size_t cap);
/* Write the file to path. 0 on success. */
int smf_save(const smf_writer *w, const char *path);
void smf_free(smf_writer *w);

/* v (below 2^28) as a variable-length quantity into b: its length. */
size_t smf_vlq(uint32_t v, uint8_t *b);

/* The reader: a file's channel and SysEx events (meta events skipped),
   each with its absolute tick in its track, up to max of them; the
   number read, or -1 when the file is not well formed. */
typedef struct {
	uint64_t tick;
	int track;
	uint32_t size;
	uint8_t bytes[8]; /* (the first 8) */
} smf_event_read;
int smf_read(const uint8_t *buf, size_t n, smf_event_read *ev, int max);
/* The tempo (BPM) of a file's first tempo event, 0 without one. */
double smf_read_tempo(const uint8_t *buf, size_t n);

#endif /* PERLIN_SMF_H */
