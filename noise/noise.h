/* noise.h: seeded gradient (improved Perlin) noise and fBm for modulation.

   Pure C99: no allocation, no globals that change, no LV2. Every function is
   a pure function of its arguments, so it is thread-safe and deterministic
   (build without -ffast-math and with -ffp-contract=off for bit-identical
   results across compilers).

   POSITIONS
   A position is an unsigned 32-bit lattice cell plus a fraction in [0, 1)
   (noise_pos). The cell only feeds the hash, so a value 86,400,000 cells
   from the origin is exactly as accurate as one near 0, and the noise repeats
   only after 2^32 cells (the cell index wraps). noise_pos_add advances a
   position; noise_pos_scale multiplies it exactly (the product's rounding
   error is recovered with fma), which is how octave k's position is derived
   from octave 0's.

   SINGLE OCTAVE
   noise_1d, noise_2d: gradient (improved Perlin) noise with the quintic
   fade s(t) = 6t^5-15t^4+10t^3, whose lattice points carry a value as well
   as a gradient. Hashing a lattice point with the full 32-bit seed gives
   its gradient (1D: a slope uniform in (-1, 1); 2D: one of 16 unit vectors,
   every 22.5 degrees) and its value, uniform in (-1/2, 1/2). A corner's
   contribution is g . d + v (d the offset from the corner), blended by the
   fade weights.
   Why the value: plain gradient noise is 0 at every lattice point, and
   with an integer lacunarity octave 0's lattice points are lattice points
   of every octave, so the fBm was 0 once per cell of octave 0: a pulse at
   the rate that a filter made audible, the grid that makes "Perlin" look
   like a grid. The value is the term gradient noise of one dimension more
   has half-way between its lattice rows: 2D gradient noise read along
   y = 1/2 is exactly this 1D form, its value a quarter of the difference
   of the two rows' y components (and 3D read on z = 1/2 is this 2D form).
   Here slope and value are drawn independently, and the value's range 1/2
   makes the variance nearly flat across a cell: in 1D it varies by 4%
   (the same at a lattice point as half-way), and its component at the
   cell rate is 0.5% of the mean (at twice the cell rate 1.9%: over a
   10-minute render that shows as a faint line of x^2, 0.1 dB of level).
   Other options weighed: an offset per octave leaves octave 0 at 0 on its
   lattice; 1D read slanted through 2D costs a 2D evaluation per sample.
   tests/test_signal.c measures the plugin's output on octave 0's lattice.
   2D paths: 2D noise has lattice rows and columns, and a path along one
   (morph 0, drift 0) sees less of it. The plugin reads 2D noise along a
   slanted line, y moving by NOISE_2D_SLANT (1/phi^2, the slope hardest to
   approximate by a fraction, so the path never repeats its place in the
   cells) per cell of x, on top of drift and morph. Averaged along such a
   path the variance's component at the cell rate is 0.2% of its mean, so
   no lattice shows at any morph. Loops go without the slant: a loop of N
   cells repeats by definition (its spectrum is lines at the loop rate and
   its multiples), and a slanted y would not repeat with x.
   Range, proven:
     1D: n = (1-s)(g0 t + v0) + s(g1 (t-1) + v1). Writing t = 1/2+u,
       s = 1/2+v (v has the sign of u): |n| <= 1/2 + t(1-s) + (1-t)s
       = 1 - 2uv <= 1.
     2D: n = c sum_i w_i (g_i . d_i + v_i), w_i the four fade weights (they
       sum to 1), |g_i| = 1, c = 1 / (1/2 + sqrt(1/2)) = NOISE_SCALE_2D. By
       Cauchy-Schwarz and Jensen |sum w_i g_i . d_i| <=
       sqrt(sum_i w_i |d_i|^2), and the weighted sum splits per axis into
       1/4 + u^2 - 2uv <= 1/4 because the fade is above its chord on
       [1/2, 1] (v >= u). So |n| <= c (sqrt(1/2) + 1/2) = 1.
   Both bounds are reached (1D: g0 = 1, g1 = -1, v0 = v1 = 1/2 at t = 1/2;
   2D: every gradient pointing at the cell's centre, every value 1/2).
   Loop variants (noise_1d_loop, noise_2d_loop) take the x cell modulo a
   period P, so they repeat exactly every P cells with the same character.

   fBm
   noise_fbm_1d/2d sum up to NOISE_MAX_OCTAVES octaves. Octave k runs at
   lacunarity^k times the frequency of octave 0, with amplitude
   persistence^k; the fractional part of `octaves` weights the last octave, so
   the octave knob sweeps continuously. Each octave has its own seed
   (noise_octave_seed), so octaves are decorrelated, not one lattice scaled.
   Octaves are independent, so the sum's RMS is NOISE_OCTAVE_RMS_xD times
   sqrt(sum a_k^2): the sum is scaled by NOISE_FBM_RMS / (NOISE_OCTAVE_RMS_xD
   sqrt(sum a_k^2)), which gives the same spread whatever the parameters, and
   then passed through noise_shape, a smooth (C1) saturator
       shape(z) = 1.5 z - 0.5 z^3 for |z| <= 1, sign(z) beyond,
   with |shape| <= 1 and 0 <= shape' <= 1.5. So |fbm| <= 1 for every input
   (proven: it is the saturator's range), and the typical spread is wide:
   for the defaults (octaves 4, persistence 0.5, lacunarity 2) the 1st to
   99th percentiles are about -0.84..0.84 (1D) and -0.86..0.86 (2D along a
   slanted line), the 5th to 95th about +-0.68, and under 0.05% of samples
   reach the saturator's flat part. tests/test_noise.c
   measures these. The loop fBm uses, for octave k, the integer period
   P_k = round(N lacunarity^k), so the whole sum repeats every N cells.

   SLOPE
   The steepest a single octave can be, max |d n / d x| over all positions
   and gradients: NOISE_SLOPE_1D, and NOISE_SLOPE_2D for d/dx or d/dy of 2D
   noise (so a path moving by dx, dy changes 2D noise by at most
   NOISE_SLOPE_2D (|dx| + |dy|)). They were found by maximising the exact
   derivative over the gradients (the derivative is linear in each gradient,
   so the worst case aligns every corner's gradient with its coefficient
   vector and gives each value the sign of its coefficient) on a fine grid of positions; tests/test_noise.c repeats that
   search and checks the constants are upper bounds, tight to 1%.
   noise_fbm_slope(p, dims) bounds the fBm's slope per unit of octave-0
   coordinate: 1.5 * sum_k gain_k * lacunarity^k * NOISE_SLOPE_xD.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#ifndef NOISE_H
#define NOISE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NOISE_MAX_OCTAVES 8

/* Max |dn/dx| of one octave (see SLOPE above). */
#define NOISE_SLOPE_1D 2.751
#define NOISE_SLOPE_2D 3.27

/* The scales that make the proven bounds 1 (see SINGLE OCTAVE). */
#define NOISE_SCALE_1D 1.0
#define NOISE_SCALE_2D 0.82842712474619010 /* 2 (sqrt 2 - 1) */

/* The slope of the plugin's 2D path: y moves this much per cell of x
   (1/phi^2 = (3 - sqrt 5) / 2; see SINGLE OCTAVE). */
#define NOISE_2D_SLANT 0.38196601125010515

/* RMS of one octave (measured over 4e6 points, see tests/test_noise.c) and
   the RMS the normalised fBm sum is given before the saturator. */
#define NOISE_OCTAVE_RMS_1D 0.2915
#define NOISE_OCTAVE_RMS_2D 0.2593
#define NOISE_FBM_RMS 0.30

/* An octave whose amplitude (persistence^k, times the last octave's
   fraction and the caller's extra weight) is below this is left out of
   the sum: it could not be heard, and leaving it out keeps float code
   that uses the gains free of denormals. */
#define NOISE_MIN_AMP 1e-9

/* A point on the lattice axis: cell + frac, frac in [0, 1). */
typedef struct {
	uint32_t cell;
	double   frac;
} noise_pos;

/* fBm parameters. Out-of-range or NaN values are clamped by noise_fbm_clamp
   (and by every function that takes a noise_fbm). */
typedef struct {
	double octaves;     /* 1..8, default 4; fraction weights the last octave */
	double persistence; /* 0..1, default 0.5; amplitude ratio per octave */
	double lacunarity;  /* 1.5..4, default 2; frequency ratio per octave */
} noise_fbm;

/* Defaults: octaves 4, persistence 0.5, lacunarity 2. */
noise_fbm noise_fbm_default(void);
/* Clamp into the documented ranges; NaN becomes the default. */
noise_fbm noise_fbm_clamp(noise_fbm p);

/* A full-avalanche 32-bit integer hash. */
uint32_t noise_hash(uint32_t x);
/* noise_hash's steps on x in place: for any unsigned 32-bit x, or a
   vector of them (the plugin's kernels hash 8 lanes at once with it) */
#define NOISE_HASH_STEPS(x) \
	((x) ^= (x) >> 16, (x) *= 0x7feb352dU, (x) ^= (x) >> 15, (x) *= 0x846ca68bU, \
	 (x) ^= (x) >> 16)
/* The seed of octave k of an fBm with seed `seed`. */
uint32_t noise_octave_seed(uint32_t seed, unsigned k);

/* x as a position (x may be negative; the cell wraps modulo 2^32). */
noise_pos noise_pos_from(double x);
/* p + d, for any finite d of magnitude below 2^31. */
noise_pos noise_pos_add(noise_pos p, double d);
/* p * s, modulo 2^32 cells, for 0 <= s < 2^20, with the fraction accurate
   to double rounding whatever the cell. */
noise_pos noise_pos_scale(noise_pos p, double s);
/* v s, for any finite v and s, modulo `period` cells (0: 2^32), with the
   fraction accurate to double rounding however large v s is (the
   product's rounding error is recovered with fma and the reduction is
   exact): how a transport position (a frame count, a beat) becomes a
   phase that agrees with one integrated from 0. */
noise_pos noise_pos_mul(double v, double s, uint32_t period);
/* p with its cell taken modulo period (period >= 1). */
noise_pos noise_pos_wrap(noise_pos p, uint32_t period);

/* One octave of gradient noise, in [-1, 1]. */
double noise_1d(noise_pos x, uint32_t seed);
double noise_2d(noise_pos x, noise_pos y, uint32_t seed);
/* The same, repeating every `period` cells of x (period >= 1). */
double noise_1d_loop(noise_pos x, uint32_t period, uint32_t seed);
double noise_2d_loop(noise_pos x, uint32_t period, noise_pos y, uint32_t seed);

/* Frequency multiplier of octave k: lacunarity^k. */
double noise_fbm_freq(noise_fbm p, unsigned k);
/* Period in cells of octave k of a loop of n cells: round(n lacunarity^k). */
uint32_t noise_loop_period(uint32_t n, double lacunarity, unsigned k);
/* The per-octave gains of the fBm sum (before noise_shape), normalised to
   the RMS of `dims` (1 or 2). `extra`, if not NULL, multiplies each octave's
   amplitude first (the plugin fades octaves out near Nyquist with it).
   Writes NOISE_MAX_OCTAVES gains (unused octaves get 0); returns how many
   octaves are active. */
unsigned noise_fbm_gains(noise_fbm p, const double *extra, int dims,
                         double gains[NOISE_MAX_OCTAVES]);
/* The saturator: 1.5 z - 0.5 z^3 on [-1, 1], sign(z) beyond; NaN gives 0. */
double noise_shape(double z);
/* Upper bound of |d fbm / d x0| (x0: octave-0 coordinate). */
double noise_fbm_slope(noise_fbm p, int dims);

/* fBm at octave-0 position x (and y), in [-1, 1]. */
double noise_fbm_1d(noise_pos x, uint32_t seed, noise_fbm p);
double noise_fbm_2d(noise_pos x, noise_pos y, uint32_t seed, noise_fbm p);
/* fBm repeating exactly every n cells of x (n >= 1). */
double noise_fbm_1d_loop(noise_pos x, uint32_t n, uint32_t seed, noise_fbm p);
double noise_fbm_2d_loop(noise_pos x, uint32_t n, noise_pos y, uint32_t seed,
                         noise_fbm p);

/* STREAMING
   One octave's running state for a signal that advances along x (and y):
   the gradients of the current cell are hashed once, when the position
   enters the cell, not for every sample. noise_octave_1d/2d return exactly
   (bit for bit) what noise_1d/2d (or the _loop variants, when period is
   non-zero) return at the same position and seed. Plain data: copy it,
   reset it with noise_octave_init. */
typedef struct {
	noise_pos x, y;    /* position (y only for 2D) */
	uint32_t  seed;    /* this octave's seed */
	uint32_t  seed_hash; /* noise_hash(seed), which the gradients mix in */
	uint32_t  period;  /* 0: free; N: x repeats every N cells */
	uint32_t  key_x, key_y; /* the cell the cache holds */
	uint32_t  key_x1;  /* the cell after key_x */
	uint32_t  hx[2];   /* 2D: the hashes of columns key_x and key_x1 */
	int       cached;  /* 0: nothing, 1: 1D gradients, 2: 2D gradients */
	double    gx[4], gy[4]; /* 1D: gx[0..1]; 2D: the 4 corner gradients */
	double    gv[4];   /* the lattice points' values (1D: gv[0..1]) */
} noise_octave;

void noise_octave_init(noise_octave *o, noise_pos x, noise_pos y,
                       uint32_t seed, uint32_t period);
double noise_octave_1d(noise_octave *o);
double noise_octave_2d(noise_octave *o);
/* Make gx, gy, gv hold the gradients and values of the current cell (dims 1 or 2), as
   noise_octave_1d/2d do before evaluating: for code that evaluates the
   same formulas itself (the plugin's vector kernels). */
void noise_octave_update(noise_octave *o, int dims);
/* The corners of n 2D cells of octave o, cell c between columns x[c] and
   x[c] + 1 (x[c] below o's period, if any, and x[c] + 1 wrapped at it)
   and rows y[c] and y[c] + 1, as
   noise_octave_update hashes them: 12 floats a cell into
   out, corners 00, 10, 01, 11, each gradient x, gradient y and value,
   times sc (gx, gy: noise_gradients_2d's of sc, made once by the
   caller). A cell one column right of or one row above the one before
   takes the corners they share from it. For code that tabulates the cells
   along a path (the plugin's 2D dense kernel). */
void noise_octave_cells_2d(const noise_octave *o, const uint32_t *x, const uint32_t *y,
                           unsigned n, double sc, const float gx[16], const float gy[16],
                           float *out);
/* The 16 gradients of 2D noise times sc, as floats (their x parts, their
   y parts), in the order of a corner's hash >> 28: what
   noise_octave_cells_2d places. */
void noise_gradients_2d(double sc, float gx[16], float gy[16]);
/* Octave o along x at its current y, column by column: the noise at
   x = cell + t (t in [0, 1]) is s (L + fade(t) (R - L)), where
   L = P[0] t + Q[0], R = P[1] (t - 1) + Q[1] (the lines of the cell's left
   and right lattice columns; s = NOISE_SCALE_1D or NOISE_SCALE_2D, as
   noise_octave_1d and noise_octave_2d compute). Fills P and Q for the n
   columns from `cell` on (wrapping at o's period, if any). */
void noise_octave_columns(const noise_octave *o, int dims, uint32_t cell,
                          unsigned n, double *P, double *Q);

#ifdef __cplusplus
}
#endif

#endif /* NOISE_H */
