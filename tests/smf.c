/* smf.c: see smf.h.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "smf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void smf_init(smf_writer *w, unsigned ppq, double bpm, double sr)
{
	memset(w, 0, sizeof *w);
	w->ppq = ppq ? ppq : 480U;
	w->bpm = bpm > 0.0 ? bpm : 120.0;
	w->sr = sr > 0.0 ? sr : 48000.0;
}

size_t smf_vlq(uint32_t v, uint8_t *b)
{
	uint8_t tmp[5];
	size_t n = 0, i;
	v &= 0x0fffffffU;
	do {
		tmp[n++] = (uint8_t)(v & 0x7fU);
		v >>= 7;
	} while (v);
	for (i = 0; i < n; ++i) /* most significant first, all but the last with bit 7 */
		b[i] = (uint8_t)(tmp[n - 1 - i] | (i + 1 < n ? 0x80U : 0U));
	return n;
}

static int put(smf_writer *w, const uint8_t *b, size_t n)
{
	if (w->failed)
		return 1;
	if (w->len + n > w->cap) {
		size_t cap = w->cap ? w->cap * 2 : 4096;
		uint8_t *t;
		while (cap < w->len + n)
			cap *= 2;
		t = realloc(w->track, cap);
		if (!t) {
			w->failed = 1;
			return 1;
		}
		w->track = t;
		w->cap = cap;
	}
	memcpy(w->track + w->len, b, n);
	w->len += n;
	return 0;
}

int smf_event(smf_writer *w, uint64_t frame, const uint8_t *bytes, uint32_t n)
{
	const double t = floor((double)frame * w->bpm * (double)w->ppq / (60.0 * w->sr) + 0.5);
	uint64_t tick = (uint64_t)t;
	uint8_t head[10];
	size_t h;
	uint64_t delta;
	if (n == 0 || bytes[0] < 0x80U || (bytes[0] > 0xf0U))
		return 0; /* not a channel message or SysEx: not in a file */
	if (tick < w->tick)
		tick = w->tick;
	delta = tick - w->tick;
	while (delta > 0x0fffffffU) { /* (a gap longer than a VLQ: empty steps) */
		uint8_t b[8]; /* the longest delta, then an empty meta text event */
		size_t k = smf_vlq(0x0fffffffU, b);
		b[k++] = 0xff;
		b[k++] = 0x01;
		b[k++] = 0x00;
		if (put(w, b, k))
			return 1;
		delta -= 0x0fffffffU;
	}
	h = smf_vlq((uint32_t)delta, head);
	if (bytes[0] == 0xf0U) { /* SysEx: F0, the length of the rest, the rest */
		head[h++] = 0xf0;
		h += smf_vlq(n - 1U, head + h);
		if (put(w, head, h) || put(w, bytes + 1, n - 1U))
			return 1;
	} else {
		const uint32_t len = (bytes[0] & 0xf0U) == 0xc0U || (bytes[0] & 0xf0U) == 0xd0U ? 2U : 3U;
		if (n < len)
			return 0; /* cut short */
		if (put(w, head, h) || put(w, bytes, len))
			return 1;
	}
	w->tick = tick;
	return 0;
}

static size_t be32(uint8_t *b, uint32_t v)
{
	b[0] = (uint8_t)(v >> 24);
	b[1] = (uint8_t)(v >> 16);
	b[2] = (uint8_t)(v >> 8);
	b[3] = (uint8_t)v;
	return 4;
}

size_t smf_bytes(const smf_writer *w, uint8_t *buf, size_t cap)
{
	static const uint8_t eot[4] = { 0x00, 0xff, 0x2f, 0x00 };
	const uint32_t us = (uint32_t)floor(60000000.0 / w->bpm + 0.5);
	const uint8_t tempo[7] = { 0x00, 0xff, 0x51, 0x03, (uint8_t)(us >> 16), (uint8_t)(us >> 8),
		                       (uint8_t)us };
	const size_t size = w->type == 1 ? 14 + (8 + 7 + 4) + (8 + w->len + 4)
	                                 : 14 + 8 + 7 + w->len + 4;
	uint8_t *p = buf;
	if (w->failed || w->len > 0xffffffffU - 16U)
		return 0;
	if (!buf || cap < size)
		return size;
	memcpy(p, "MThd", 4);
	p += 4;
	p += be32(p, 6);
	*p++ = 0;
	*p++ = (uint8_t)w->type;
	*p++ = 0;
	*p++ = w->type == 1 ? 2 : 1;
	*p++ = (uint8_t)(w->ppq >> 8);
	*p++ = (uint8_t)w->ppq;
	memcpy(p, "MTrk", 4);
	p += 4;
	if (w->type == 1) {
		p += be32(p, 7 + 4);
		memcpy(p, tempo, 7);
		p += 7;
		memcpy(p, eot, 4);
		p += 4;
		memcpy(p, "MTrk", 4);
		p += 4;
		p += be32(p, (uint32_t)(w->len + 4));
	} else {
		p += be32(p, (uint32_t)(7 + w->len + 4));
		memcpy(p, tempo, 7);
		p += 7;
	}
	if (w->len)
		memcpy(p, w->track, w->len);
	p += w->len;
	memcpy(p, eot, 4);
	return size;
}

int smf_save(const smf_writer *w, const char *path)
{
	const size_t n = smf_bytes(w, NULL, 0);
	uint8_t *b = n ? malloc(n) : NULL;
	FILE *f;
	int bad;
	if (!b)
		return 1;
	smf_bytes(w, b, n);
	f = fopen(path, "wb");
	bad = !f || fwrite(b, 1, n, f) != n;
	if (f && fclose(f))
		bad = 1;
	free(b);
	return bad;
}

void smf_free(smf_writer *w)
{
	free(w->track);
	w->track = NULL;
	w->len = w->cap = 0;
}

/* ---- the reader ---- */
static uint32_t rd32(const uint8_t *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* A VLQ at *p (before end): its value, or -1. */
static int64_t rd_vlq(const uint8_t **p, const uint8_t *end)
{
	uint32_t v = 0;
	int i;
	for (i = 0; i < 4 && *p < end; ++i) {
		const uint8_t c = *(*p)++;
		v = v << 7 | (c & 0x7fU);
		if (!(c & 0x80U))
			return v;
	}
	return -1;
}

/* An event read: status st, then len bytes at p (up to 7 kept), into e. */
static void keep_event(smf_event_read *e, uint64_t tick, unsigned track, uint8_t st,
                       const uint8_t *p, int64_t len)
{
	e->tick = tick;
	e->track = (int)track;
	e->size = (uint32_t)len + 1U;
	e->bytes[0] = st;
	memcpy(e->bytes + 1, p, len < 7 ? (size_t)len : 7U);
}

/* Walk the file: each channel or SysEx event to ev (when ev), tempo to
   *bpm (when bpm and not yet set). The count, or -1. */
static int walk(const uint8_t *buf, size_t n, smf_event_read *ev, int max, double *bpm)
{
	const uint8_t *p = buf, *end = buf + n;
	unsigned tracks, t;
	int count = 0;
	if (n < 14 || memcmp(buf, "MThd", 4) || rd32(buf + 4) != 6)
		return -1;
	tracks = (unsigned)buf[10] << 8 | buf[11];
	p = buf + 14;
	for (t = 0; t < tracks; ++t) {
		const uint8_t *te;
		uint64_t tick = 0;
		int ended = 0;
		if (end - p < 8 || memcmp(p, "MTrk", 4) || rd32(p + 4) > (uint32_t)(end - p - 8))
			return -1;
		te = p + 8 + rd32(p + 4);
		p += 8;
		while (p < te && !ended) {
			const int64_t d = rd_vlq(&p, te);
			uint8_t st;
			if (d < 0 || p >= te)
				return -1;
			tick += (uint64_t)d;
			st = *p++;
			if (st == 0xff) { /* meta: type, length, data */
				int64_t len;
				uint8_t type;
				if (p >= te)
					return -1;
				type = *p++;
				len = rd_vlq(&p, te);
				if (len < 0 || len > te - p)
					return -1;
				if (type == 0x51 && len == 3 && bpm && *bpm == 0.0)
					*bpm = 60000000.0 / (double)((uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2]);
				ended = type == 0x2f;
				p += len;
			} else if (st == 0xf0 || st == 0xf7) {
				const int64_t len = rd_vlq(&p, te);
				if (len < 0 || len > te - p)
					return -1;
				if (ev && count < max)
					keep_event(&ev[count], tick, t, st, p, len);
				count++;
				p += len;
			} else if (st & 0x80U) { /* (running status would have a data byte here) */
				const int len = (st & 0xf0U) == 0xc0U || (st & 0xf0U) == 0xd0U ? 1 : 2;
				if (te - p < len)
					return -1;
				if (ev && count < max)
					keep_event(&ev[count], tick, t, st, p, len);
				count++;
				p += len;
			} else {
				return -1; /* running status: this writer never uses it */
			}
		}
		if (!ended || p != te)
			return -1;
	}
	return p == end ? count : -1;
}

int smf_read(const uint8_t *buf, size_t n, smf_event_read *ev, int max)
{
	return walk(buf, n, ev, max, NULL);
}

double smf_read_tempo(const uint8_t *buf, size_t n)
{
	double bpm = 0.0;
	return walk(buf, n, NULL, 0, &bpm) < 0 ? 0.0 : bpm;
}
