/* coef.c: a cell's kernel coefficients (plugin/engine/kernel_seg.h) from its
   gradients, for each way a cell is crossed: along x, along x and y, along a straight path
   (the tables of short cells are cells.c's), and a fold's level from them.
   render.c, voice.c, cells.c, plan.c and warp.c call it; it calls the
   noise library only.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "coef.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* A cell's value along x from the lines L(t) = P t + Q and R(t) = P2 t + Q2
   of its two lattice columns (see noise_octave_columns), times sc: in
   u = t - 1/2, M + h(u) (D u + E), with M = (L + R) / 2 = m0 + m1 u and
   D u + E = R - L; out = { m0, m1, D, E }. */
void cell_line(double P, double Q, double P2, double Q2, double sc, double out[4])
{
	const double q = Q + 0.5 * P, q2 = Q2 + 0.5 * P2; /* in u */
	out[0] = sc * 0.5 * (q + q2);
	out[1] = sc * 0.5 * (P + P2);
	out[2] = sc * (P2 - P);
	out[3] = sc * (q2 - q);
}

/* Kernel coefficients of octave k for its current cell (gradients hashed
   here, once per cell), in u = t - 1/2 (see plugin/engine/kernel.h): cell_line
   { m0, m1, D, E }, m0 + m1 u + h(u) (D u + E) by powers of u (h(u) = 15/8
   u - 5 u^3 + 6 u^5), and as the line itself. */
static void line_coef(double P, double Q, double P2, double Q2, double sc,
                      float c[7], float line[4])
{
	double l[4];
	unsigned m;
	cell_line(P, Q, P2, Q2, sc, l);
	for (m = 0; m < 4; ++m)
		line[m] = (float)l[m];
	c[0] = (float)l[0];
	c[1] = (float)(l[1] + 1.875 * l[3]);
	c[2] = (float)(1.875 * l[2]);
	c[3] = (float)(-5.0 * l[3]);
	c[4] = (float)(-5.0 * l[2]);
	c[5] = (float)(6.0 * l[3]);
	c[6] = (float)(6.0 * l[2]);
}

/* The scale of noise_octave_2d/1d (noise/noise.h) */
double dims_scale(const perlin_voice *v)
{
	return v->shape.dims == 2 ? NOISE_SCALE_2D : NOISE_SCALE_1D;
}

/* The axes-2 sums of octave o's cell (gradients up to date), times sc:
   corner i (00, 10, 01, 11) is sc (gx (ux -+ 1/2) + gy (uy -+ 1/2) + gv),
   X ux + Y uy + C, kept as the sum S of the four, the differences Dx
   (right - left), Dy (top - bottom) and Dxy (the diagonals), each X, Y, C:
   what path_coef and the table of a 2D path need. */
static void corner_lines(const noise_octave *o, double sc, double cm[12])
{
	/* the x and y parts side by side: the same operations on each, so
	   the same values as one at a time */
	typedef double pair __attribute__((vector_size(16)));
	const double *gx = o->gx, *gy = o->gy, *gv = o->gv;
	const pair g0 = { gx[0], gy[0] }, g1 = { gx[1], gy[1] }, g2 = { gx[2], gy[2] },
		g3 = { gx[3], gy[3] };
	const pair s01 = g0 + g1, s23 = g2 + g3, s02 = g0 + g2, s13 = g1 + g3, s03 = g0 + g3,
		s12 = g1 + g2;
	const pair S = sc * (s01 + s23), Dx = sc * (s13 - s02), Dy = sc * (s23 - s01),
		Dxy = sc * (s03 - s12);
	double C[4];
	C[0] = sc * (0.5 * (gx[0] + gy[0]) + gv[0]);
	C[1] = sc * (0.5 * (gy[1] - gx[1]) + gv[1]);
	C[2] = sc * (0.5 * (gx[2] - gy[2]) + gv[2]);
	C[3] = sc * (gv[3] - 0.5 * (gx[3] + gy[3]));
	memcpy(cm, &S, sizeof S); /* S */
	cm[2] = (C[0] + C[1]) + (C[2] + C[3]);
	memcpy(cm + 3, &Dx, sizeof Dx); /* Dx */
	cm[5] = (C[1] + C[3]) - (C[0] + C[2]);
	memcpy(cm + 6, &Dy, sizeof Dy); /* Dy */
	cm[8] = (C[2] + C[3]) - (C[0] + C[1]);
	memcpy(cm + 9, &Dxy, sizeof Dxy); /* Dxy */
	cm[11] = (C[0] + C[3]) - (C[1] + C[2]);
}

/* Kernel coefficients of octave k of a layer (its stream) for the
   octave's current cell, gain 1 (the kernels multiply by the gain line):
   axes 1: along x alone (1D, or 2D with y still); 2: x and y moving. */
void voice_coef(const perlin_voice *v, perlin_stream *stream, unsigned k, int axes)
{
	noise_octave *o = &stream->oct;
	float *c = stream->coef;
	const double ty = axes == 1 && v->shape.dims == 2 ? v->ry[k].a : 0.0;
	if (stream->axes == axes && stream->coef_x == v->rx[k].cell &&
	    stream->coef_y == v->ry[k].cell && stream->coef_ty == ty)
		return; /* still the cell the coefficients are for */
	stream->axes = axes;
	stream->coef_x = v->rx[k].cell;
	stream->coef_y = v->ry[k].cell;
	stream->coef_ty = ty;
	o->x.cell = v->rx[k].cell;
	o->y.cell = v->ry[k].cell;
	if (v->shape.dims == 1) { /* L = g0 t + v0, R = g1 (t - 1) + v1 */
		noise_octave_update(o, 1);
		line_coef(o->gx[0], o->gv[0], o->gx[1], o->gv[1] - o->gx[1], dims_scale(v), c, stream->line);
	} else if (axes == 2) {
		noise_octave_update(o, 2);
		corner_lines(o, dims_scale(v), stream->coefd);
	} else { /* y stands still (at ty): the 2D formula is the 1D one in x */
		const double sy = ty * ty * ty * (ty * (ty * 6.0 - 15.0) + 10.0);
		const double *const gx = o->gx, *const gy = o->gy, *const gv = o->gv;
		double P, Q, P2;
		noise_octave_update(o, 2);
		P = (1.0 - sy) * gx[0] + sy * gx[2];
		Q = (1.0 - sy) * (gy[0] * ty + gv[0]) + sy * (gy[2] * (ty - 1.0) + gv[2]);
		P2 = (1.0 - sy) * gx[1] + sy * gx[3];
		line_coef(P, Q, P2,
		          (1.0 - sy) * (gy[1] * ty + gv[1]) + sy * (gy[3] * (ty - 1.0) + gv[3]) - P2,
		          dims_scale(v), c, stream->line);
	}
}

/* The coefficients of h(x0 + s w) by powers of w (h(x) = 15/8 x - 5 x^3
   + 6 x^5: its Taylor series at x0, the k-th term times s^k). */
static void h_at(double x0, double s, double out[6])
{
	const double x2 = x0 * x0, s2 = s * s, s3 = s2 * s;
	out[0] = x0 * (1.875 + x2 * (6.0 * x2 - 5.0));
	out[1] = s * (1.875 + x2 * (30.0 * x2 - 15.0));
	out[2] = s2 * x0 * (60.0 * x2 - 15.0);
	out[3] = s3 * (60.0 * x2 - 5.0);
	out[4] = s3 * s * 30.0 * x0;
	out[5] = s3 * s2 * 6.0;
}

/* p(w) = (l0 + l1 u) + h(u) (l2 u + l3) at u = uc + w, by powers of w
   (hx: h_at(uc, 1)), into out[0..6]. */
static void line_pair(const double l[4], double uc, const double hx[6], double out[7])
{
	const double d0 = l[2] * uc + l[3], d1 = l[2];
	out[0] = hx[0] * d0 + (l[0] + l[1] * uc);
	out[1] = hx[1] * d0 + hx[0] * d1 + l[1];
	out[2] = hx[2] * d0 + hx[1] * d1;
	out[3] = hx[3] * d0 + hx[2] * d1;
	out[4] = hx[4] * d0 + hx[3] * d1;
	out[5] = hx[5] * d0 + hx[4] * d1;
	out[6] = hx[5] * d1;
}

/* The path polynomial (kernel seg2x) of octave k's axes-2 coefficients, with
   uy = alpha ux + beta: the lines m0, d0, m1, d1 of ux and uy become lines
   of ux, and the value is A(ux) + h(uy) B(ux), A and B each a line plus
   h(ux) times a line, so a polynomial of degree 11 in ux. Its 12
   coefficients, from the lowest, by powers of w = ux - uc (uc: the middle
   of the segment, which keeps the float Horner sum within 4e-7 of the
   double value at any place in the cell); lines: the lines instead (see
   seg2l in plugin/engine/kernel_seg.h). along_y: the path on y's ramp
   instead, ux = alpha uy + beta (the same formula with x and y trading
   places, for paths closer to y). */
void path_coef(const perlin_stream *stream, int along_y, double alpha, double beta, double uc,
               int lines, float out[12])
{
	const double *cm = stream->coefd;
	/* p: the ramp the path is on (x, or y when along_y), q = alpha p + beta
	   the other; each combination's X, Y, C as a line in p */
	const unsigned ip = along_y ? 1U : 0U, iq = 1U - ip;
	const double *dp = along_y ? cm + 6 : cm + 3, *dq = along_y ? cm + 3 : cm + 6;
	double la[4], lb[4], hx[6], hy[6], A[7], B[7];
	/* A = S / 4 + h(p) Dp / 2, B = Dq / 2 + h(p) Dxy, as { l0, l1, l2, l3 }:
	   l0 + l1 p + h(p) (l2 p + l3) */
	la[0] = 0.25 * (cm[iq] * beta + cm[2]);
	la[1] = 0.25 * (cm[ip] + cm[iq] * alpha);
	la[2] = 0.5 * (dp[ip] + dp[iq] * alpha);
	la[3] = 0.5 * (dp[iq] * beta + dp[2]);
	lb[0] = 0.5 * (dq[iq] * beta + dq[2]);
	lb[1] = 0.5 * (dq[ip] + dq[iq] * alpha);
	lb[2] = cm[9 + ip] + cm[9 + iq] * alpha;
	lb[3] = cm[9 + iq] * beta + cm[11];
	if (lines) { /* seg2l, which takes h / 6 (h6 in plugin/engine/kernel.h): A's
		       h(ux) line times 6, B times 6 and its h(ux) line 36 */
		static const double six[4] = { 1.0, 1.0, 6.0, 6.0 };
		unsigned i;
		for (i = 0; i < 4; ++i) {
			out[i] = (float)(la[i] * six[i]);
			out[4 + i] = (float)(lb[i] * 6.0 * six[i]);
		}
		out[8] = (float)alpha;
		out[9] = (float)beta;
		out[10] = out[11] = 0.0f;
		return;
	}
	h_at(uc, 1.0, hx);
	h_at(alpha * uc + beta, alpha, hy); /* h(uy), uy = alpha (uc + w) + beta */
	line_pair(la, uc, hx, A);
	line_pair(lb, uc, hx, B);
	/* A + hy B, written out (degree 5 times degree 6) */
	out[0] = (float)(A[0] + hy[0] * B[0]);
	out[1] = (float)(A[1] + (hy[0] * B[1] + hy[1] * B[0]));
	out[2] = (float)(A[2] + (hy[0] * B[2] + hy[1] * B[1] + hy[2] * B[0]));
	out[3] = (float)(A[3] + (hy[0] * B[3] + hy[1] * B[2] + hy[2] * B[1] + hy[3] * B[0]));
	out[4] = (float)(A[4] + (hy[0] * B[4] + hy[1] * B[3] + hy[2] * B[2] + hy[3] * B[1] +
	                         hy[4] * B[0]));
	out[5] = (float)(A[5] + (hy[0] * B[5] + hy[1] * B[4] + hy[2] * B[3] + hy[3] * B[2] +
	                         hy[4] * B[1] + hy[5] * B[0]));
	out[6] = (float)(A[6] + (hy[0] * B[6] + hy[1] * B[5] + hy[2] * B[4] + hy[3] * B[3] +
	                         hy[4] * B[2] + hy[5] * B[1]));
	out[7] = (float)(hy[1] * B[6] + hy[2] * B[5] + hy[3] * B[4] + hy[4] * B[3] + hy[5] * B[2]);
	out[8] = (float)(hy[2] * B[6] + hy[3] * B[5] + hy[4] * B[4] + hy[5] * B[3]);
	out[9] = (float)(hy[3] * B[6] + hy[4] * B[5] + hy[5] * B[4]);
	out[10] = (float)(hy[4] * B[6] + hy[5] * B[5]);
	out[11] = (float)(hy[5] * B[6]);
}

/* A level of a fold: the polynomial S (by powers of t', n coefficients)
   moved onto t, S(a + b t), plus a cell's polynomial c0 (n coefficients
   by powers of u: voice_coef's 7 in 1D, path_coef's 12 along a 2D path)
   times the gain gk, in double, at u = u0 + du t, into out. Both by
   powers of t at once, each a lane (the same operations on every CPU: no
   fused multiply-add), the loops unrolled (the coefficients stay in
   registers). plan.c's fold (t along the clock) and warp.c's (t along the
   rate CV's sums) take it. */
static inline __attribute__((always_inline)) void fold_level_n(const double *S, double a,
                                                               double b, double u0, double du,
                                                               const float *c0, double gk,
                                                               double *out, const int n)
{
	typedef double d2 __attribute__((vector_size(2 * sizeof(double))));
	const d2 shift = { a, u0 };
	const d2 scale = { b, du };
	d2 w[FOLD_MAX_COEF], p = { 1.0, 1.0 };
	int i, j;
#pragma GCC unroll 12
	for (i = 0; i < n; ++i) {
		const d2 c = { S[i], (double)c0[i] * gk };
		w[i] = c;
	}
#pragma GCC unroll 11
	for (i = 0; i < n - 1; ++i) /* w(shift + x), by powers of x */
#pragma GCC unroll 11
		for (j = n - 2; j >= i; --j)
			w[j] += shift * w[j + 1];
#pragma GCC unroll 12
	for (i = 0; i < n; ++i) { /* x = scale t */
		w[i] *= p;
		p *= scale;
		out[i] = w[i][0] + w[i][1];
	}
}

void fold_level(const double *S, double a, double b, double u0, double du, const float *c0,
                double gk, double *out)
{
	fold_level_n(S, a, b, u0, du, c0, gk, out, 7);
}

void fold_level2(const double *S, double a, double b, double u0, double du, const float *c0,
                 double gk, double *out)
{
	fold_level_n(S, a, b, u0, du, c0, gk, out, FOLD_MAX_COEF);
}
