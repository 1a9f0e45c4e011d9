/* bench.c: the cost of the plugin's whole run() (urn:perlin-lv2:perlin,
   plugin/perlin.c compiled in) per output sample, on each render path,
   against stb_perlin_fbm_noise3 (Debian's libstb-dev) in the same process
   (make bench). Figures are printed, never asserted.

   For 1D and 2D x 1, 4, 8 octaves x rate 2 and 1000 cells/s (the rate
   control's maximum) at 48 kHz, blocks of 512: ns/sample (median of RUNS
   runs), instructions/sample counted by valgrind's callgrind (the program
   runs itself under it, once per figure, counting only inside measured();
   "-" without valgrind), and how many instances one core runs at 48 kHz.
   The paths: best (AVX2 when the CPU has it), vector (4 float lanes, SSE2,
   the baseline every x86-64 has), reference (scalar double, the tests'
   oracle). stb's rows step x (and y) by the same rate; it has no state, so
   it pays for every octave of every sample.

   bench --one CASE PATH N: run only that (for callgrind). */
#define STB_PERLIN_IMPLEMENTATION
#include <stb/stb_perlin.h>

#include "../plugin/perlin.c"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { BLOCK = 512, SAMPLES = 96000, RUNS = 7, N_CASES = 14 };
static const double SR = 48000.0;
static volatile double sink;

typedef struct {
	int dims, octaves;
	double rate;
	int automated; /* rate, octaves and depth move every block */
} bench_case;

static bench_case case_of(int i)
{
	static const int octs[] = { 1, 4, 8 };
	bench_case c;
	c.dims = 1 + i / 6;
	c.octaves = octs[(i / 2) % 3];
	c.rate = i % 2 ? 1000.0 : 2.0;
	c.automated = 0;
	if (i >= 12) { /* as under an automation lane: a new value each block */
		c.dims = 1 + (i & 1);
		c.octaves = 8;
		c.rate = 2.0;
		c.automated = 1;
	}
	return c;
}

/* -1: stb; else a perlin_path */
static const char *path_name(int p)
{
	return p < 0 ? "stb" : p == PERLIN_PATH_REFERENCE ? "reference"
	     : p == PERLIN_PATH_VECTOR ? "vector" : "avx2";
}

typedef struct {
	LV2_Handle h;
	float ctl[PERLIN_N_PARAMS], level, out[BLOCK];
	float x, y; /* stb */
	bench_case c;
	int path;
	long blocks; /* run so far (automation) */
} bench_state;

static void setup(bench_state *s, bench_case c, int path)
{
	const LV2_Descriptor *desc = lv2_descriptor(0);
	unsigned i;
	memset(s, 0, sizeof *s);
	s->c = c;
	s->path = path;
	s->y = 0.5f;
	if (path < 0)
		return;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		s->ctl[i] = perlin_params[i].def;
	s->ctl[PERLIN_RATE] = (float)c.rate;
	s->ctl[PERLIN_OCTAVES] = (float)c.octaves;
	s->ctl[PERLIN_DIMENSIONS] = (float)c.dims;
	s->h = desc->instantiate(desc, SR, "", NULL);
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		desc->connect_port(s->h, PERLIN_PORT(i), &s->ctl[i]);
	desc->connect_port(s->h, 15, &s->level);
	desc->connect_port(s->h, 16, s->out);
	desc->activate(s->h);
	perlin_dsp_set_path(&((Perlin *)s->h)->dsp, (perlin_path)path);
}

static void teardown(bench_state *s)
{
	if (s->h)
		lv2_descriptor(0)->cleanup(s->h);
}

/* n samples of the case: what callgrind counts */
__attribute__((noinline)) void measured(bench_state *s, long n);
__attribute__((noinline)) void measured(bench_state *s, long n)
{
	const LV2_Descriptor *desc = lv2_descriptor(0);
	if (s->path >= 0) {
		for (; n > 0; n -= BLOCK) {
			if (s->c.automated) { /* rate 1..4 Hz, octaves 7..8, depth 0.5..1 */
				const double w = sin(0.01 * (double)s->blocks++);
				s->ctl[PERLIN_RATE] = (float)(s->c.rate * exp2(w));
				s->ctl[PERLIN_OCTAVES] = (float)(7.5 + 0.5 * w);
				s->ctl[PERLIN_DEPTH] = (float)(0.75 + 0.25 * w);
			}
			desc->run(s->h, BLOCK);
		}
		sink = s->out[BLOCK - 1];
		return;
	}
	{
		const float dx = (float)(s->c.rate / SR), dy = (float)(0.1 / SR);
		double acc = 0.0;
		for (; n > 0; --n) {
			acc += stb_perlin_fbm_noise3(s->x, s->c.dims == 2 ? s->y : 0.0f, 0.0f,
			                             2.0f, 0.5f, s->c.octaves);
			s->x += dx;
			s->y += dy;
		}
		sink = acc;
	}
}

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

/* median ns per sample */
static double time_ns(bench_case c, int path)
{
	double t[RUNS];
	int r;
	bench_state s;
	setup(&s, c, path);
	measured(&s, SAMPLES / 4); /* warm up */
	for (r = 0; r < RUNS; ++r) {
		const double t0 = now();
		measured(&s, SAMPLES);
		t[r] = (now() - t0) * 1e9 / SAMPLES;
	}
	teardown(&s);
	qsort(t, RUNS, sizeof t[0], cmp);
	return t[RUNS / 2];
}

/* instructions per sample from callgrind, or -1 */
static double instructions(const char *self, int ci, int path)
{
	char cmd[1024], file[256], line[512];
	const long n = path == PERLIN_PATH_REFERENCE || path < 0 ? 24576 : 98304;
	double total = -1.0;
	FILE *f;
	snprintf(file, sizeof file, "/tmp/perlin-bench-%ld.cg", (long)getpid());
	snprintf(cmd, sizeof cmd,
	         "valgrind --tool=callgrind --toggle-collect=measured --callgrind-out-file=%s "
	         "%s --one %d %d %ld > /dev/null 2>&1", file, self, ci, path, n);
	if (system(cmd) != 0)
		return -1.0;
	f = fopen(file, "r");
	if (!f)
		return -1.0;
	while (fgets(line, sizeof line, f))
		if (!strncmp(line, "summary:", 8) || !strncmp(line, "totals:", 7))
			total = atof(strchr(line, ':') + 1);
	fclose(f);
	remove(file);
	return total < 0 ? -1.0 : total / (double)n;
}

static void print_cell(double v, const char *fmt)
{
	if (v < 0)
		printf(" %9s", "-");
	else
		printf(fmt, v);
}

int main(int argc, char **argv)
{
	const int best = (int)perlin_dsp_best_path();
	const int cg = argc > 1 && !strcmp(argv[1], "--no-callgrind") ? 0
	             : system("valgrind --version > /dev/null 2>&1") == 0;
	int i, p;
	if (argc == 5 && !strcmp(argv[1], "--one")) {
		bench_state s;
		setup(&s, case_of(atoi(argv[2])), atoi(argv[3]));
		measured(&s, atol(argv[4]));
		teardown(&s);
		return 0;
	}
	printf("run() of urn:perlin-lv2:perlin at 48 kHz, blocks of %d; ns/sample median of %d runs"
	       " of %d samples; instr/sample from callgrind; best path here: %s\n",
	       BLOCK, RUNS, SAMPLES, path_name(best));
	printf("%-3s %3s %6s | %-9s %9s %9s %9s | %9s %9s\n", "dim", "oct", "rate",
	       "path", "ns/smp", "instr/smp", "inst/core", "vs stb", "vs ref");
	for (i = 0; i < N_CASES; ++i) {
		const bench_case c = case_of(i);
		static const int order[] = { -1, PERLIN_PATH_REFERENCE, PERLIN_PATH_VECTOR,
		                             PERLIN_PATH_AVX2 };
		double ns[4], in[4];
		for (p = 0; p < 4; ++p) {
			if (order[p] == PERLIN_PATH_AVX2 && best != PERLIN_PATH_AVX2) {
				ns[p] = in[p] = -1.0;
				continue;
			}
			ns[p] = time_ns(c, order[p]);
			in[p] = cg ? instructions(argv[0], i, order[p]) : -1.0;
		}
		for (p = 0; p < 4; ++p) {
			if (ns[p] < 0)
				continue;
			printf("%-3s %3d %5g%s | %-9s", c.dims == 2 ? "2D" : "1D", c.octaves, c.rate,
			       c.automated ? "~" : " ", path_name(order[p]));
			print_cell(ns[p], " %9.2f");
			print_cell(in[p], " %9.1f");
			print_cell(1e9 / (ns[p] * SR), " %9.0f");
			if (p >= 2) {
				print_cell(ns[p] / ns[0], " %9.3f");
				print_cell(ns[p] / ns[1], " %9.3f");
				if (in[p] >= 0 && in[0] > 0)
					printf("   (instr: %.3f vs stb, %.3f vs ref)", in[p] / in[0], in[p] / in[1]);
			}
			printf("\n");
		}
	}
	return 0;
}
