/* ports.h: the LV2 port indices of the plugins (ttl/perlin.ttl.in and
   ttl/ports.ttl.in say the same; tests/test_plugin.c checks them). The
   DSP (dsp.h) knows nothing of them: its controls are perlin_param, in
   its own order. */
#ifndef PERLIN_PORTS_H
#define PERLIN_PORTS_H

#include "dsp.h"

/* 0..13 are the controls PERLIN_RATE..PERLIN_RESET at their own index;
   "stopped" was added later, after the outputs. */
typedef enum {
	PORT_CONTROL = 14, /* atom:Sequence of time:Position */
	PORT_LEVEL = 15,   /* control output: the last output sample */
	PORT_OUT = 16,     /* "out" (audio) or "cv" (CV, connectionOptional) */
	PORT_STOPPED = 17, /* control input PERLIN_STOPPED */
	PORT_COUNT = 18,
	/* the four-output plugins: the same ports (level and out as
	   level_1 and out_1 or cv_1), then */
	PORT_SPREAD = 18,  /* control input: perlin_dsp_spread */
	PORT_OUT_2 = 19,   /* out_2 .. out_4 (cv_2 .. cv_4) at 19 .. 21 */
	PORT_LEVEL_2 = 22, /* level_2 .. level_4 at 22 .. 24 */
	PORT_COUNT_4 = 25
} perlin_port;

/* The lv2:index of control input p. */
#define PERLIN_PORT(p) ((p) == PERLIN_STOPPED ? (unsigned)PORT_STOPPED : (unsigned)(p))

#endif /* PERLIN_PORTS_H */
