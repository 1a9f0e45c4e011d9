/* jack_notes: a small JACK client pair for tests/test_hosts.sh. One client
   sends triggers at frames it chooses (MIDI note-ons, each with its
   note-off, or with -c pulses of 1.0 at an audio/CV port) into DEST; the
   other records SRC over the same frames. Both run in the same JACK cycles
   (the graph orders sender -> plugin -> recorder), so a trigger sent at
   frame F of a cycle reaches the plugin at frame F of its run() and its
   effect is recorded at frame F of the recording: the alignment is exact,
   whatever the cycles' timing.

   Writes OUT, a 32-bit float WAV of two channels: SRC, and 1.0 at each
   trigger's frame (0 elsewhere). The triggers fall INTERVAL frames apart
   plus 0..1023 (a different place in each cycle), the first PRE frames
   into the recording; the recording ends INTERVAL frames after the last.

   With -m SRC is a MIDI port (Perlin Noise MIDI's midi_out) and OUT a
   text file: a line "note K FRAME" per note-on sent, then "ev FRAME
   SIZE B0 B1 .." (hex) per event recorded, frames counted from the
   recording's start as above (tests/midicheck.c reads it).

   Usage: jack_notes [-c|-m] [-n N] [-i INTERVAL] [-p PRE] OUT SRC DEST
   (the server: $JACK_DEFAULT_SERVER). Exit 0 when every trigger was sent
   and the whole recording made.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#define _DEFAULT_SOURCE /* usleep, getopt under -std=c99 */
#include <jack/jack.h>
#include <jack/midiport.h>
#include <sndfile.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_NOTES 64
#define MAX_EVENTS 65536 /* MIDI recorded (-m) */
#define NOTE_LEN 2000 /* frames from a note-on to its note-off, or a pulse's length */

static jack_client_t *sender, *recorder;
static jack_port_t *out_port, *in_port;
static int cv_mode, midi_rec;
typedef struct {
	uint32_t frame, size;
	unsigned char bytes[4];
} recorded_event;
static recorded_event *events; /* (-m) */
static int n_events, lost_events;
static int n_notes = 8;
static jack_nframes_t interval = 14400, pre = 4800;
/* frames relative to the recording's start */
static jack_nframes_t note_at[MAX_NOTES];
static jack_nframes_t total;
static float *rec;
/* Shared between the threads through the compiler's atomic builtins (C99
   has no <stdatomic.h>; gcc and clang have these). The main thread arms
   the sender once the ports are connected; the sender then sets start,
   the recording's first absolute frame (two cycles after its own), and
   started: the recorder, which runs after it in each cycle, sees both
   before the recording begins, however late the cycles run. */
static int armed, started;
static uint32_t start;
static int sent, sent_off, late;
static int recorded_to; /* frames recorded */
#define LOAD(v) __atomic_load_n(&(v), __ATOMIC_ACQUIRE)
#define STORE(v, x) __atomic_store_n(&(v), (x), __ATOMIC_RELEASE)
#define ADD(v, x) __atomic_fetch_add(&(v), (x), __ATOMIC_ACQ_REL)

static int sender_process(jack_nframes_t nframes, void *arg)
{
	void *buf = jack_port_get_buffer(out_port, nframes);
	jack_nframes_t t0 = jack_last_frame_time(sender), i;
	uint32_t s;
	int k;
	(void)arg;
	if (cv_mode)
		memset(buf, 0, nframes * sizeof(float));
	else
		jack_midi_clear_buffer(buf);
	if (!LOAD(armed))
		return 0;
	if (!LOAD(started)) {
		STORE(start, (uint32_t)(t0 + 2 * nframes));
		STORE(started, 1);
	}
	s = LOAD(start);
	for (i = 0; i < nframes; ++i) {
		const uint32_t rel = (uint32_t)(t0 + i) - s; /* wraps: huge before start */
		for (k = 0; k < n_notes; ++k) {
			if (cv_mode) {
				if (rel >= note_at[k] && rel < note_at[k] + NOTE_LEN)
					((float *)buf)[i] = 1.0f;
				if (rel == note_at[k])
					ADD(sent, 1);
			} else if (rel == note_at[k]) {
				unsigned char on[3] = { 0x90, (unsigned char)(60 + k % 12), 100 };
				if (jack_midi_event_write(buf, i, on, 3) == 0)
					ADD(sent, 1);
			} else if (rel == note_at[k] + NOTE_LEN) {
				unsigned char off[3] = { 0x80, (unsigned char)(60 + k % 12), 0 };
				if (jack_midi_event_write(buf, i, off, 3) == 0)
					ADD(sent_off, 1);
			}
		}
	}
	return 0;
}

/* (-m) the MIDI events of a cycle that fall in the recording */
static void record_midi(void *in, jack_nframes_t t0, uint32_t s)
{
	const uint32_t n = jack_midi_get_event_count(in);
	uint32_t k;
	for (k = 0; k < n; ++k) {
		jack_midi_event_t e;
		uint32_t rel;
		if (jack_midi_event_get(&e, in, k))
			continue;
		rel = (uint32_t)(t0 + e.time) - s;
		if (rel >= total)
			continue;
		if (n_events == MAX_EVENTS) {
			++lost_events;
			continue;
		}
		events[n_events].frame = rel;
		events[n_events].size = (uint32_t)e.size;
		memcpy(events[n_events].bytes, e.buffer, e.size < 4 ? e.size : 4);
		++n_events;
	}
}

static int recorder_process(jack_nframes_t nframes, void *arg)
{
	void *in = jack_port_get_buffer(in_port, nframes);
	jack_nframes_t t0 = jack_last_frame_time(recorder), i;
	uint32_t s;
	int got = 0;
	(void)arg;
	if (!LOAD(started))
		return 0;
	s = LOAD(start);
	if (midi_rec) {
		record_midi(in, t0, s);
		for (i = 0; i < nframes; ++i)
			got += (uint32_t)(t0 + i) - s < total;
		if (got)
			ADD(recorded_to, got);
		return 0;
	}
	for (i = 0; i < nframes; ++i) {
		const uint32_t rel = (uint32_t)(t0 + i) - s;
		if (rel < total) {
			rec[rel] = ((const float *)in)[i];
			++got;
		}
	}
	if (got)
		ADD(recorded_to, got);
	return 0;
}

static int xrun(void *arg)
{
	(void)arg;
	ADD(late, 1);
	return 0;
}

static jack_client_t *open_client(const char *name)
{
	jack_status_t st;
	jack_client_t *c = jack_client_open(name, JackNoStartServer, &st);
	if (!c)
		fprintf(stderr, "jack_notes: cannot open a JACK client (status 0x%x)\n", (unsigned)st);
	return c;
}

int main(int argc, char **argv)
{
	const char *path, *src, *dest;
	float *frames;
	SF_INFO info;
	SNDFILE *f;
	jack_nframes_t at, i;
	int k, opt, waited, rc = 0;
	while ((opt = getopt(argc, argv, "cmn:i:p:")) != -1) {
		switch (opt) {
		case 'c': cv_mode = 1; break;
		case 'm': midi_rec = 1; break;
		case 'n': n_notes = atoi(optarg); break;
		case 'i': interval = (jack_nframes_t)atol(optarg); break;
		case 'p': pre = (jack_nframes_t)atol(optarg); break;
		default: goto usage;
		}
	}
	if (argc - optind != 3 || (cv_mode && midi_rec) || n_notes < 1 || n_notes > MAX_NOTES || interval < 2 * NOTE_LEN)
		goto usage;
	path = argv[optind];
	src = argv[optind + 1];
	dest = argv[optind + 2];
	at = pre;
	for (k = 0; k < n_notes; ++k) {
		note_at[k] = at;
		at += interval + (jack_nframes_t)((k * 389 + 131) % 1024);
	}
	total = note_at[n_notes - 1] + interval;
	rec = calloc(total, sizeof *rec);
	frames = calloc((size_t)total * 2, sizeof *frames);
	events = calloc(MAX_EVENTS, sizeof *events);
	if (!rec || !frames || !events)
		return 1;

	sender = open_client("notes_send");
	recorder = open_client("notes_rec");
	if (!sender || !recorder)
		return 1;
	out_port = jack_port_register(sender, "out", cv_mode ? JACK_DEFAULT_AUDIO_TYPE : JACK_DEFAULT_MIDI_TYPE,
	                              JackPortIsOutput, 0);
	in_port = jack_port_register(recorder, "in", midi_rec ? JACK_DEFAULT_MIDI_TYPE : JACK_DEFAULT_AUDIO_TYPE,
	                             JackPortIsInput, 0);
	if (!out_port || !in_port) {
		fprintf(stderr, "jack_notes: cannot register the ports\n");
		return 1;
	}
	jack_set_process_callback(sender, sender_process, NULL);
	jack_set_process_callback(recorder, recorder_process, NULL);
	jack_set_xrun_callback(recorder, xrun, NULL);
	if (jack_activate(sender) || jack_activate(recorder)) {
		fprintf(stderr, "jack_notes: cannot activate\n");
		return 1;
	}
	if (jack_connect(sender, jack_port_name(out_port), dest) ||
	    jack_connect(recorder, src, jack_port_name(in_port))) {
		fprintf(stderr, "jack_notes: cannot connect %s -> %s -> %s\n", jack_port_name(out_port),
		        dest, src);
		return 1;
	}
	/* a few cycles for the graph to take the new connections in */
	usleep(300000);
	STORE(armed, 1);
	for (waited = 0; LOAD(recorded_to) < (int)total && waited < 600; ++waited)
		usleep(50000);
	jack_deactivate(sender);
	jack_deactivate(recorder);
	printf("sample_rate %u\nbuffer %u\ntriggers %d\nsent %d\nnote_offs %d\nrecorded %d\nframes %u\nxruns %d\n",
	       jack_get_sample_rate(recorder), jack_get_buffer_size(recorder), n_notes, LOAD(sent),
	       LOAD(sent_off), LOAD(recorded_to), total, LOAD(late));
	for (k = 0; k < n_notes; ++k)
		printf("note %d frame %u offset_in_cycle %u\n", k, note_at[k],
		       (unsigned)((note_at[k] + LOAD(start)) % jack_get_buffer_size(recorder)));
	if (midi_rec) {
		FILE *t = fopen(path, "w");
		int e;
		unsigned b;
		for (k = 0; t && k < n_notes; ++k)
			fprintf(t, "note %d %u\n", k, note_at[k]);
		for (e = 0; t && e < n_events; ++e) {
			fprintf(t, "ev %u %u", events[e].frame, events[e].size);
			for (b = 0; b < events[e].size && b < 4; ++b)
				fprintf(t, " %02x", events[e].bytes[b]);
			fprintf(t, "\n");
		}
		printf("events %d\nlost %d\n", n_events, lost_events);
		if (!t || fclose(t)) {
			fprintf(stderr, "jack_notes: cannot write %s\n", path);
			rc = 1;
		}
		if (lost_events)
			rc = 1;
		goto done;
	}
	for (i = 0; i < total; ++i)
		frames[2 * i] = rec[i];
	for (k = 0; k < n_notes; ++k)
		frames[2 * note_at[k] + 1] = 1.0f;
	memset(&info, 0, sizeof info);
	info.samplerate = (int)jack_get_sample_rate(recorder);
	info.channels = 2;
	info.format = SF_FORMAT_WAV | SF_FORMAT_FLOAT;
	f = sf_open(path, SFM_WRITE, &info);
	if (!f || sf_writef_float(f, frames, total) != (sf_count_t)total) {
		fprintf(stderr, "jack_notes: cannot write %s\n", path);
		rc = 1;
	}
	if (f)
		sf_close(f);
done:
	jack_client_close(sender);
	jack_client_close(recorder);
	if (LOAD(sent) != n_notes || LOAD(recorded_to) != (int)total)
		rc = 1;
	free(rec);
	free(frames);
	free(events);
	return rc;
usage:
	fprintf(stderr, "usage: jack_notes [-c|-m] [-n N] [-i INTERVAL] [-p PRE] OUT SRC DEST\n");
	return 2;
}
