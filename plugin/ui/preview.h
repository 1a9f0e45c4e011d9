/* preview.h: the curve the current settings give, rendered by the engine
   itself in the UI (it is deterministic and cheap): the outputs from a
   start (as after a reset, or from beat 0 at 120 BPM with sync on) over
   four cells of octave 0, as each column's lowest and highest value.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef PERLIN_PREVIEW_H
#define PERLIN_PREVIEW_H

#include "../engine/dsp.h"

#define PREVIEW_COLUMNS 2048
#define PREVIEW_CELLS 4.0   /* cells of octave 0 it spans */
#define PREVIEW_MIN_S 0.02
#define PREVIEW_MAX_S 60.0
#define PREVIEW_BPM 120.0   /* the tempo a synced preview assumes */

typedef struct {
	perlin_dsp *dsp;   /* its own engine (zeroed memory, as dsp.h asks) */
	unsigned outputs;
	unsigned columns;  /* rendered */
	double seconds;    /* what they span */
	float lo[PERLIN_OUTPUTS][PREVIEW_COLUMNS];
	float hi[PERLIN_OUTPUTS][PREVIEW_COLUMNS];
	float controls[PERLIN_N_PARAMS]; /* what was rendered */
	float spread;
	int valid;
} preview;

/* 0, or -1 without memory. */
int preview_init(preview *p, unsigned outputs);
void preview_free(preview *p);
/* The seconds a preview of these controls spans. */
double preview_seconds(const float controls[PERLIN_N_PARAMS]);
/* Render `columns` columns (at most PREVIEW_COLUMNS) at these controls
   unless they are what was rendered: 1 if it rendered. */
int preview_render(preview *p, const float controls[PERLIN_N_PARAMS], float spread,
                   unsigned columns);

#endif /* PERLIN_PREVIEW_H */
