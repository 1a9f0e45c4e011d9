/* preview.c: the preview of preview.h, rendered by the engine.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "preview.h"

#include "../engine/dsp.h"
#include "../engine/params.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PREVIEW_SR 48000.0
#define PREVIEW_MAX_SAMPLES 192000.0 /* longer previews take a lower rate */
#define PREVIEW_CHUNK 1024U

int preview_init(preview *p, unsigned outputs)
{
	memset(p, 0, sizeof *p);
	p->dsp = calloc(1, sizeof *p->dsp);
	p->outputs = outputs > 1U ? PERLIN_OUTPUTS : 1U;
	return p->dsp ? 0 : -1;
}

void preview_free(preview *p)
{
	free(p->dsp);
	p->dsp = NULL;
}

double preview_seconds(const float controls[PERLIN_N_PARAMS])
{
	double rate, s;
	if (perlin_clamp(PERLIN_SYNC, controls[PERLIN_SYNC]) >= 0.5f)
		rate = PREVIEW_BPM / 60.0 / (double)perlin_clamp(PERLIN_BEATS, controls[PERLIN_BEATS]);
	else
		rate = (double)perlin_clamp(PERLIN_RATE, controls[PERLIN_RATE]);
	s = PREVIEW_CELLS / rate;
	return s < PREVIEW_MIN_S ? PREVIEW_MIN_S : (s > PREVIEW_MAX_S ? PREVIEW_MAX_S : s);
}

int preview_render(preview *p, const float controls[PERLIN_N_PARAMS], float spread,
                   unsigned columns)
{
	float local[PERLIN_N_PARAMS], buf[PERLIN_OUTPUTS][PREVIEW_CHUNK];
	float *out[PERLIN_OUTPUTS];
	const float *ptr[PERLIN_N_PARAMS];
	double sr = PREVIEW_SR, total;
	uint64_t n, done = 0;
	unsigned o, c, i;
	if (columns > PREVIEW_COLUMNS)
		columns = PREVIEW_COLUMNS;
	if (columns < 1U)
		columns = 1U;
	if (p->valid && columns == p->columns && spread == p->spread &&
	    !memcmp(controls, p->controls, sizeof p->controls))
		return 0;
	p->seconds = preview_seconds(controls);
	if (p->seconds * sr > PREVIEW_MAX_SAMPLES)
		sr = PREVIEW_MAX_SAMPLES / p->seconds;
	if (sr < 8000.0)
		sr = 8000.0;
	total = ceil(p->seconds * sr);
	n = (uint64_t)total;

	memcpy(local, controls, sizeof local);
	local[PERLIN_RESET] = 0.0f;
	local[PERLIN_STOPPED] = 2.0f; /* free: no transport but the preview's */
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		ptr[i] = &local[i];
	perlin_dsp_init_outputs(p->dsp, sr, p->outputs);
	perlin_dsp_controls(p->dsp, ptr);
	perlin_dsp_spread(p->dsp, spread);
	perlin_dsp_activate(p->dsp); /* the controls as they are, no glide */
	if (local[PERLIN_SYNC] >= 0.5f) {
		perlin_position pos;
		memset(&pos, 0, sizeof pos);
		pos.has_frame = pos.has_speed = pos.has_bpm = pos.has_beat = 1;
		pos.speed = 1.0;
		pos.bpm = PREVIEW_BPM;
		perlin_dsp_position(p->dsp, &pos);
	}
	for (o = 0; o < PERLIN_OUTPUTS; ++o) {
		out[o] = buf[o];
		for (c = 0; c < columns; ++c) {
			p->lo[o][c] = 2.0f;
			p->hi[o][c] = -2.0f;
		}
	}
	while (done < n) {
		uint32_t len = n - done < PREVIEW_CHUNK ? (uint32_t)(n - done) : PREVIEW_CHUNK;
		perlin_dsp_run_outputs(p->dsp, out, len);
		for (i = 0; i < len; ++i) {
			c = (unsigned)((done + i) * columns / n);
			for (o = 0; o < p->outputs; ++o) {
				const float x = buf[o][i];
				if (x < p->lo[o][c])
					p->lo[o][c] = x;
				if (x > p->hi[o][c])
					p->hi[o][c] = x;
			}
		}
		done += len;
	}
	memcpy(p->controls, controls, sizeof p->controls);
	p->spread = spread;
	p->columns = columns;
	p->valid = 1;
	return 1;
}
