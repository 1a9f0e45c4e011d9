/* bench.c: ns per output sample of our noise against stb_perlin, measured
   in the same process (make bench). Figures are printed, never asserted.

   A "sample" is one value of a modulation signal advancing at `rate` cells
   per second at 48 kHz. Ours is measured both as a stream (noise_octave:
   the per-octave state a plugin keeps) and through the point functions
   (noise_fbm_1d/2d, which rehash and rescale every octave every sample).
   stb_perlin only has 3D noise: its 1D and 2D rows hold y (and z) fixed. */
#define STB_PERLIN_IMPLEMENTATION
#include <stb/stb_perlin.h>

#include "../noise/noise.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { SAMPLES = 200000, RUNS = 7 };
static const double RATE = 2.0, SR = 48000.0;
static volatile double sink;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : (x > y);
}

/* ours, streaming: per-octave positions advance, gradients cached per cell */
static double run_stream(int dims, int octaves)
{
	noise_fbm p = noise_fbm_default();
	noise_octave o[NOISE_MAX_OCTAVES];
	double g[NOISE_MAX_OCTAVES], dx[NOISE_MAX_OCTAVES], dy[NOISE_MAX_OCTAVES];
	double acc = 0.0;
	int i, k;
	p.octaves = octaves;
	noise_fbm_gains(p, NULL, dims, g);
	for (k = 0; k < octaves; ++k) {
		dx[k] = RATE / SR * noise_fbm_freq(p, (unsigned)k);
		dy[k] = 0.1 / SR * noise_fbm_freq(p, (unsigned)k);
		noise_octave_init(&o[k], noise_pos_from(0.0), noise_pos_from(0.5),
		                  noise_octave_seed(1, (unsigned)k), 0);
	}
	for (i = 0; i < SAMPLES; ++i) {
		double s = 0.0;
		for (k = 0; k < octaves; ++k) {
			s += g[k] * (dims == 2 ? noise_octave_2d(&o[k]) : noise_octave_1d(&o[k]));
			o[k].x = noise_pos_add(o[k].x, dx[k]);
			if (dims == 2)
				o[k].y = noise_pos_add(o[k].y, dy[k]);
		}
		acc += noise_shape(s);
	}
	return acc;
}

/* ours, point functions */
static double run_point(int dims, int octaves)
{
	noise_fbm p = noise_fbm_default();
	noise_pos x = noise_pos_from(0.0), y = noise_pos_from(0.5);
	double acc = 0.0;
	int i;
	p.octaves = octaves;
	for (i = 0; i < SAMPLES; ++i) {
		acc += dims == 2 ? noise_fbm_2d(x, y, 1, p) : noise_fbm_1d(x, 1, p);
		x = noise_pos_add(x, RATE / SR);
		y = noise_pos_add(y, 0.1 / SR);
	}
	return acc;
}

static double run_stb(int dims, int octaves)
{
	float x = 0.0f, y = 0.5f;
	double acc = 0.0;
	int i;
	for (i = 0; i < SAMPLES; ++i) {
		acc += stb_perlin_fbm_noise3(x, dims == 2 ? y : 0.0f, 0.0f, 2.0f,
		                             0.5f, octaves);
		x += (float)(RATE / SR);
		y += (float)(0.1 / SR);
	}
	return acc;
}

/* median ns per sample of RUNS runs */
static double measure(double (*fn)(int, int), int dims, int octaves)
{
	double t[RUNS];
	int r;
	for (r = 0; r < RUNS; ++r) {
		const double t0 = now();
		sink = fn(dims, octaves);
		t[r] = (now() - t0) * 1e9 / SAMPLES;
	}
	qsort(t, RUNS, sizeof t[0], cmp);
	return t[RUNS / 2];
}

int main(void)
{
	static const int octs[] = { 1, 4, 8 };
	int dims, i;
	printf("noise library, ns/sample (median of %d runs of %d samples, rate %g Hz at %g Hz)\n",
	       RUNS, SAMPLES, RATE, SR);
	printf("%-4s %7s %12s %12s %12s %10s %10s\n", "dims", "octaves", "ours stream",
	       "ours point", "stb fbm3", "stream/stb", "point/stb");
	for (dims = 1; dims <= 2; ++dims)
		for (i = 0; i < 3; ++i) {
			const double s = measure(run_stream, dims, octs[i]);
			const double p = measure(run_point, dims, octs[i]);
			const double b = measure(run_stb, dims, octs[i]);
			printf("%-4s %7d %12.2f %12.2f %12.2f %10.3f %10.3f\n",
			       dims == 2 ? "2D" : "1D", octs[i], s, p, b, s / b, p / b);
		}
	return 0;
}
