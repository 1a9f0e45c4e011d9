/* test_render.c: the promises, proven by rendering: through perlin-render
   (WAVs read back with libsndfile) and through the same hosting code in
   this process (tests/host.c).
   Usage: test_render BUILD_DIR [seed]
   BUILD_DIR holds perlin.lv2/, perlin-render and, to show that the checks
   can fail, broken-alloc/perlin.lv2/ (allocates in run()) and
   broken-xfade/perlin.lv2/ (no crossfade).
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#define _GNU_SOURCE /* RTLD_NEXT, mmap */
#include "automation.h"
#include "host.h"
#include "smf.h"
#include "test.h"

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <sndfile.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static const char *build;
static host_world world;

/* ---- counting what run() calls (interposition, glibc) ----
   Not in the sanitizer build, whose runtime owns malloc. */
static volatile int counting;
static volatile unsigned long calls;

#ifndef NO_INTERPOSE
extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t m);
extern void *__libc_realloc(void *p, size_t n);
extern void __libc_free(void *p);
extern void *__libc_memalign(size_t align, size_t n);
static int (*real_lock)(pthread_mutex_t *);
static int (*real_trylock)(pthread_mutex_t *);

void *malloc(size_t n)
{
	if (counting)
		++calls;
	return __libc_malloc(n);
}

void *calloc(size_t n, size_t m)
{
	if (counting)
		++calls;
	return __libc_calloc(n, m);
}

void *realloc(void *p, size_t n)
{
	if (counting)
		++calls;
	return __libc_realloc(p, n);
}

void free(void *p)
{
	if (counting)
		++calls;
	__libc_free(p);
}

int posix_memalign(void **p, size_t align, size_t n)
{
	if (counting)
		++calls;
	*p = __libc_memalign(align, n);
	return *p ? 0 : ENOMEM;
}

void *aligned_alloc(size_t align, size_t n)
{
	if (counting)
		++calls;
	return __libc_memalign(align, n);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	if (counting)
		++calls;
	return (void *)syscall(SYS_mmap, addr, len, prot, flags, fd, off);
}

int pthread_mutex_lock(pthread_mutex_t *m)
{
	if (counting)
		++calls;
	return real_lock ? real_lock(m) : 0;
}

int pthread_mutex_trylock(pthread_mutex_t *m)
{
	if (counting)
		++calls;
	return real_trylock ? real_trylock(m) : 0;
}

static void interpose_init(void)
{
	*(void **)&real_lock = dlsym(RTLD_NEXT, "pthread_mutex_lock");
	*(void **)&real_trylock = dlsym(RTLD_NEXT, "pthread_mutex_trylock");
}
#define INTERPOSED 1
#else
static void interpose_init(void) {}
#define INTERPOSED 0
#endif

static void count_on(void)
{
	counting = 1;
}

static void count_off(void)
{
	counting = 0;
}

/* ---- helpers ---- */
/* s->frames samples, or four planes of them (s->four) */
static float *render(const render_spec *s)
{
	float *out = malloc((size_t)s->frames * (s->four ? PERLIN_OUTPUTS : 1) * sizeof *out);
	if (out && host_render(&world, s, out)) {
		free(out);
		return NULL;
	}
	return out;
}

/* A WAV's frames, interleaved (its channels in *channels), or NULL. */
static float *read_wav_channels(const char *path, uint64_t *frames, int *channels, int *sr,
                                int *format)
{
	SF_INFO info;
	SNDFILE *f;
	float *x;
	memset(&info, 0, sizeof info);
	f = sf_open(path, SFM_READ, &info);
	if (!f)
		return NULL;
	x = malloc((size_t)info.frames * (size_t)info.channels * sizeof *x + 1);
	if (x)
		*frames = (uint64_t)sf_readf_float(f, x, info.frames);
	*channels = info.channels;
	*sr = info.samplerate;
	*format = info.format & SF_FORMAT_SUBMASK;
	sf_close(f);
	return x;
}

/* A mono WAV's samples, or NULL. */
static float *read_wav(const char *path, uint64_t *frames, int *sr, int *format)
{
	int channels;
	float *x = read_wav_channels(path, frames, &channels, sr, format);
	if (x && channels != 1) {
		free(x);
		return NULL;
	}
	return x;
}

/* A file's bytes (*n of them), or NULL. */
static uint8_t *read_file(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	uint8_t *b = NULL;
	long size;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (b = malloc((size_t)size)) != NULL)
		*n = fread(b, 1, (size_t)size, f);
	fclose(f);
	return b;
}

/* Run perlin-render with `args`; returns its exit status. */
static int run_cli(const char *args)
{
	static char cmd[40000];
	int rc;
	snprintf(cmd, sizeof cmd, "%s/perlin-render -q %s 2>%s/test-render/stderr.txt",
	         build, args, build);
	rc = system(cmd);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

static int all_in_range(const float *x, uint64_t n)
{
	uint64_t i;
	for (i = 0; i < n; ++i)
		if (!(x[i] >= -1.0f && x[i] <= 1.0f))
			return 0;
	return 1;
}

static double max_diff(const float *a, const float *b, uint64_t n)
{
	double m = 0;
	uint64_t i;
	for (i = 0; i < n; ++i)
		m = fabs((double)a[i] - b[i]) > m ? fabs((double)a[i] - b[i]) : m;
	return m;
}

/* Upper bound of |out[i] - out[i-1]| from the controls at time t: the
   library's slope bound x (octave-0 cells + y cells per sample: drift,
   morph's ramp and the 2D path's slant), using the smaller octave RMS and
   octave gains bounded from the settings (octaves at or above sr/4 are
   fully faded out by the band-limit; those above sr/16 are left out of the
   normalisation, which can only raise the others), plus the crossfade and
   smoothing terms. */
static double noise_term(const render_spec *s, double t)
{
	double v[PERLIN_N_PARAMS], a = 1.0, d2 = 0.0, g = 0.0, m = 1.0, rate, dy, slope;
	double gains[NOISE_MAX_OCTAVES];
	int i, k, whole;
	for (i = 0; i < PERLIN_N_PARAMS; ++i)
		v[i] = perlin_clamp((perlin_param)i, (float)render_value(s, i, t));
	rate = v[PERLIN_SYNC] > 0.5 ? s->bpm / 60.0 / v[PERLIN_BEATS] : v[PERLIN_RATE];
	whole = (int)v[PERLIN_OCTAVES];
	for (k = 0; k < NOISE_MAX_OCTAVES; ++k, a *= v[PERLIN_PERSISTENCE], m *= v[PERLIN_LACUNARITY]) {
		const double w = k < whole ? 1.0 : k == whole ? v[PERLIN_OCTAVES] - whole : 0.0;
		const double f = rate * (m + 0.5); /* + 0.5: rounded loop periods */
		gains[k] = f >= s->sr / 4.0 && k ? 0.0 : a * w;
		if (f <= s->sr / 16.0 || !k)
			d2 += a * w * a * w;
	}
	for (k = 0, m = 1.0; k < NOISE_MAX_OCTAVES; ++k, m *= v[PERLIN_LACUNARITY])
		g += gains[k] / sqrt(d2) * (m + 0.5);
	/* y moves with drift and with morph's ramp slope */
	{
		const double h = 1e-3;
		const double dm = fabs(render_value(s, PERLIN_MORPH, t + h) -
		                       render_value(s, PERLIN_MORPH, t)) / h;
		dy = (v[PERLIN_DRIFT] + 1.1 * dm + NOISE_2D_SLANT * rate) / s->sr;
	}
	slope = 1.5 * NOISE_SLOPE_2D * NOISE_FBM_RMS / NOISE_OCTAVE_RMS_2D * g;
	return slope * (rate / s->sr + dy);
}

/* What the plugin promises, independent of its constants: discrete
   changes crossfade over at least 5 ms, continuous controls are smoothed
   with a time constant of at least 10 ms. A shorter fade (or none) fails. */
#define PROMISED_XFADE_S 0.005
#define PROMISED_SMOOTH_S 0.010

static double step_bound_extra(const render_spec *s)
{
	const double a = 1.0 - exp(-1.0 / (PROMISED_SMOOTH_S * s->sr));
	const double fade = 3.0 / (PROMISED_XFADE_S * s->sr); /* smoothstep' 1.5 x 2 */
	const double gains = 1.5 * 2.0 * NOISE_FBM_RMS / NOISE_OCTAVE_RMS_2D * sqrt(8.0);
	return fade + a * (gains + 2.0 + 1.0) /* gains, offset, depth */ + 1e-6;
}

/* ---- tests ---- */
/* The restart at two triggers, 0.5 s apart from 0.5 s: the half second
   after each, in channel c of n interleaved ones, the same, and moving. */
static int restarts(const float *x, uint64_t frames, int n, int c, double *diff, double *span)
{
	uint64_t i;
	float lo = 1.0f, hi = -1.0f;
	*diff = *span = 0.0;
	if (frames < 72000)
		return 0;
	for (i = 24000; i < 48000; ++i) {
		const float a = x[i * (uint64_t)n + (uint64_t)c], b = x[(i + 24000) * (uint64_t)n + (uint64_t)c];
		*diff = fabs((double)a - b) > *diff ? fabs((double)a - b) : *diff;
		lo = a < lo ? a : lo;
		hi = a > hi ? a : hi;
	}
	*span = (double)hi - lo;
	return *diff == 0.0 && *span > 0.05;
}

/* perlin-render --midi: the MIDI settings automated (a lane's controller
   stepped at 1 s), triggers (passed through, restarting the lanes and
   their events), and the CV x4 plugin's triggers. */
static void test_cli_midi_writes_the_automated_events(void)
{
	static smf_event_read ev[4096];
	char args[512], path[512];
	uint8_t *file;
	size_t bytes = 0;
	int k, i, c, channels = 0, sr, fmt;
	uint64_t frames = 0;
	float *x;
	double diff = 0.0, span = 0.0;
	/* 120 BPM, 480 ppq: 1 s is 960 ticks */
	snprintf(args, sizeof args, "--seconds 2 --set rate=3 --step cc_1=0:1,1:7 --midi %s/test-render/m1.mid",
	         build);
	CHECK(run_cli(args) == 0, "perlin-render failed: %s", args);
	snprintf(path, sizeof path, "%s/test-render/m1.mid", build);
	file = read_file(path, &bytes);
	k = file ? smf_read(file, bytes, ev, 4096) : -1;
	{
		int n1 = 0, n7 = 0, bad = 0;
		uint64_t first7 = 0;
		for (i = 0; i < k; ++i) {
			if ((ev[i].bytes[0] & 0xf0) != 0xb0)
				continue;
			if (ev[i].bytes[1] == 1) {
				bad += ev[i].tick >= 960;
				n1++;
			} else if (ev[i].bytes[1] == 7) {
				bad += ev[i].tick < 960;
				if (!n7++)
					first7 = ev[i].tick;
			} else {
				bad++;
			}
		}
		printf("   --step cc_1=0:1,1:7: %d events on CC 1, %d on CC 7 from tick %llu, %d misplaced\n",
		       n1, n7, (unsigned long long)first7, bad);
		CHECK(n1 > 20 && n7 > 20 && first7 == 960 && bad == 0,
		      "lane 1's controller stepped from 1 to 7 at 1 s: %d on CC 1, %d on CC 7 from tick %llu, "
		      "%d misplaced", n1, n7, (unsigned long long)first7, bad);
	}
	free(file);
	/* triggers: restart (the lanes, and the events after each) and thru */
	snprintf(args, sizeof args, "--seconds 2 --set rate=3 --set trigger=1 --triggers 0.5,1 "
	         "--midi %s/test-render/m2.mid -o %s/test-render/m2.wav", build, build);
	CHECK(run_cli(args) == 0, "perlin-render failed: %s", args);
	snprintf(path, sizeof path, "%s/test-render/m2.mid", build);
	file = read_file(path, &bytes);
	k = file ? smf_read(file, bytes, ev, 4096) : -1;
	{
		int notes = 0, same = 1, n_a = 0, n_b = 0;
		smf_event_read *a = ev, *b = ev;
		for (i = 0; i < k; ++i) {
			if (ev[i].bytes[0] == 0x90)
				notes += (ev[i].tick == 480 || ev[i].tick == 960) && ev[i].bytes[1] == 60;
			if (ev[i].bytes[0] != 0xb0)
				continue;
			if (ev[i].tick >= 480 && ev[i].tick < 960 && !n_a++)
				a = &ev[i];
			if (ev[i].tick >= 960 && ev[i].tick < 1440 && !n_b++)
				b = &ev[i];
		}
		for (i = 0; i < n_a && n_a == n_b; ++i)
			same &= a[i].tick + 480 == b[i].tick && !memcmp(a[i].bytes, b[i].bytes, 3);
		printf("   --triggers 0.5,1 with --midi: %d thru note-ons at their ticks; %d and %d "
		       "controller events in the half seconds after them\n", notes, n_a, n_b);
		CHECK(notes == 2, "the triggers' note-ons pass through at 0.5 and 1 s (%d)", notes);
		CHECK(same && n_a == n_b && n_a > 10,
		      "each trigger restarts the events: the same after each (%d and %d)", n_a, n_b);
	}
	free(file);
	snprintf(path, sizeof path, "%s/test-render/m2.wav", build);
	x = read_wav_channels(path, &frames, &channels, &sr, &fmt);
	CHECK(x && channels == 4 && restarts(x, frames, 4, 0, &diff, &span),
	      "--midi's lanes restart at the triggers (differ by %g, move by %g)", diff, span);
	{ /* the lanes are what the events sample: lane 1 on CC 1, 7-bit */
		double worst = 0.0;
		int n = 0;
		for (i = 0; x && channels == 4 && i < k; ++i)
			if (ev[i].bytes[0] == 0xb0 && ev[i].bytes[1] == 1 && ev[i].tick * 50U < frames) {
				const double want = (x[ev[i].tick * 50U * 4U] + 1.0) * 0.5 * 127.0;
				worst = fabs(ev[i].bytes[2] - want) > worst ? fabs(ev[i].bytes[2] - want) : worst;
				n++;
			}
		printf("   --midi's lanes: %d events on CC 1 within %.3f of a step of lane 1\n", n, worst);
		CHECK(n > 20 && worst <= 1.0, "--midi's lane 1 is what its CC 1 events sample: %d, %g off",
		      n, worst);
	}
	free(x);
	/* Perlin Noise CV x4: triggers at its MIDI input restart all four */
	snprintf(args, sizeof args, "--four --cv --seconds 2 --set rate=3 --set trigger=1 "
	         "--triggers 0.5,1 -o %s/test-render/cv4.wav", build);
	CHECK(run_cli(args) == 0, "perlin-render failed: %s", args);
	snprintf(path, sizeof path, "%s/test-render/cv4.wav", build);
	x = read_wav_channels(path, &frames, &channels, &sr, &fmt);
	for (c = 0; c < 4; ++c)
		CHECK(x && channels == 4 && restarts(x, frames, 4, c, &diff, &span),
		      "--four --cv: output %d restarts at the triggers (differs by %g, moves by %g)",
		      c + 1, diff, span);
	free(x);
}

/* perlin-render --cv-in: a noise modulating a noise. Perlin Noise CV at
   rate 300 rendered to a WAV, fed to a second one's rate_cv (and to
   morph_cv in 2D): what the DSP in process renders from the same volts
   (within 1e-6), not what it renders without them, the same bits in
   random blocks; the wrong uses exit 2 (no --cv, an unknown input) or 1
   (a missing file, another sample rate). */
static void test_cli_feeds_cv_inputs(void)
{
	static const char *const extra[2] = { "", "--set dimensions=2 --set drift=0.3 " };
	char args[1024], path[512];
	uint64_t nm = 0;
	int sr, fmt, k, i;
	float *mod;
	snprintf(args, sizeof args, "--cv --seconds 2 --set rate=300 --set seed=7 -o %s/test-render/mod.wav",
	         build);
	CHECK(run_cli(args) == 0, "perlin-render failed: %s", args);
	snprintf(path, sizeof path, "%s/test-render/mod.wav", build);
	mod = read_wav(path, &nm, &sr, &fmt);
	CHECK(mod && nm == 96000 && test_span(mod, nm) > 0.5, "no modulating render");
	for (k = 0; k < 2 && mod && nm == 96000; ++k) {
		render_spec s;
		uint64_t na = 0, nr = 0, n0 = 0;
		float *a, *r, *plain, *want = malloc(96000 * sizeof *want);
		char morph[600] = "";
		if (k)
			snprintf(morph, sizeof morph, "--cv-in morph_cv=%s/test-render/mod.wav ", build);
		snprintf(args, sizeof args, "--cv --seconds 2 %s%s--cv-in rate_cv=%s/test-render/mod.wav "
		         "-o %s/test-render/cvin.wav", extra[k], morph, build, build);
		CHECK(run_cli(args) == 0, "perlin-render failed: %s", args);
		snprintf(path, sizeof path, "%s/test-render/cvin.wav", build);
		a = read_wav(path, &na, &sr, &fmt);
		snprintf(args, sizeof args, "--cv --seconds 2 --block random:5 %s%s--cv-in "
		         "rate_cv=%s/test-render/mod.wav -o %s/test-render/cvr.wav", extra[k], morph, build,
		         build);
		CHECK(run_cli(args) == 0, "perlin-render failed: %s", args);
		snprintf(path, sizeof path, "%s/test-render/cvr.wav", build);
		r = read_wav(path, &nr, &sr, &fmt);
		snprintf(args, sizeof args, "--cv --seconds 2 %s-o %s/test-render/cv0.wav", extra[k], build);
		CHECK(run_cli(args) == 0, "perlin-render failed: %s", args);
		snprintf(path, sizeof path, "%s/test-render/cv0.wav", build);
		plain = read_wav(path, &n0, &sr, &fmt);
		render_spec_init(&s);
		s.cv = 1;
		s.frames = 96000;
		for (i = 0; i < PERLIN_N_PARAMS; ++i)
			s.set[i] = perlin_params[i].cv_def;
		if (k) {
			s.set[PERLIN_DIMENSIONS] = 2.0f;
			s.set[PERLIN_DRIFT] = 0.3f;
			s.cv_in[HOST_CV_MORPH] = mod;
		}
		s.cv_in[HOST_CV_RATE] = mod;
		CHECK(want && host_render_dsp(&s, perlin_dsp_best_path(), want) == 0 && a && r && plain &&
		      na == 96000 && nr == 96000 && n0 == 96000 && max_diff(a, want, na) < 1e-6 &&
		      memcmp(a, r, na * sizeof *a) == 0 && max_diff(a, plain, na) > 0.05 &&
		      all_in_range(a, na),
		      "%s: --cv-in renders %g from the DSP fed the same volts, %g from itself in random "
		      "blocks, %g from the render without them", k ? "2D, rate and morph" : "1D, rate",
		      a && want ? max_diff(a, want, na) : -1.0, a && r ? max_diff(a, r, na) : -1.0,
		      a && plain ? max_diff(a, plain, na) : -1.0);
		printf("   --cv-in %s from a WAV of Perlin Noise CV at rate 300: %.3g from the DSP fed "
		       "the same volts, %.3g from the render without it\n", k ? "rate_cv and morph_cv (2D)"
		       : "rate_cv", a && want ? max_diff(a, want, na) : -1.0,
		       a && plain ? max_diff(a, plain, na) : -1.0);
		free(a);
		free(r);
		free(plain);
		free(want);
	}
	free(mod);
	snprintf(args, sizeof args, "--cv-in rate_cv=%s/test-render/mod.wav -o /dev/null", build);
	CHECK(run_cli(args) == 2, "--cv-in without --cv must exit 2");
	snprintf(args, sizeof args, "--cv --cv-in nosuch=%s/test-render/mod.wav -o /dev/null", build);
	CHECK(run_cli(args) == 2, "--cv-in to an unknown input must exit 2");
	CHECK(run_cli("--cv --cv-in rate_cv=/nonexistent-dir/x.wav -o /dev/null") == 1,
	      "a missing --cv-in file must exit 1");
	snprintf(args, sizeof args, "--cv --sample-rate 44100 --cv-in rate_cv=%s/test-render/mod.wav "
	         "-o /dev/null", build);
	CHECK(run_cli(args) == 1, "a --cv-in file at another sample rate must exit 1");
}

static void test_cli_formats_agree_errors_exit(void)
{
	char args[512], path[512];
	uint64_t nf;
	int sr, fmt;
	float *f;
	snprintf(args, sizeof args, "--seconds 3 --sample-rate 44100 --set octaves=5 "
	                            "-o %s/test-render/f.wav --plot %s/test-render/f.svg", build, build);
	CHECK(run_cli(args) == 0, "perlin-render failed: %s", args);
	snprintf(path, sizeof path, "%s/test-render/f.wav", build);
	f = read_wav(path, &nf, &sr, &fmt);
	CHECK(f && nf == 3 * 44100 && sr == 44100 && fmt == SF_FORMAT_FLOAT,
	      "float WAV: %llu frames at %d Hz, format %x", (unsigned long long)(f ? nf : 0), sr, fmt);
	{ /* 16 and 24 bit: the float render, quantised */
		static const int bits[] = { 16, 24 };
		static const int formats[] = { SF_FORMAT_PCM_16, SF_FORMAT_PCM_24 };
		unsigned k;
		for (k = 0; k < 2; ++k) {
			uint64_t np;
			float *p;
			snprintf(args, sizeof args, "--seconds 3 --sample-rate 44100 --set octaves=5 "
			         "--format %d -o %s/test-render/p%d.wav", bits[k], build, bits[k]);
			CHECK(run_cli(args) == 0, "perlin-render --format %d failed", bits[k]);
			snprintf(path, sizeof path, "%s/test-render/p%d.wav", build, bits[k]);
			p = read_wav(path, &np, &sr, &fmt);
			CHECK(p && f && fmt == formats[k] && np == nf &&
			      max_diff(f, p, nf) <= ldexp(1.0, 1 - bits[k]) + 1e-9,
			      "%d-bit WAV does not match the float render", bits[k]);
			free(p);
		}
	}
	if (f)
		CHECK(all_in_range(f, nf) && test_span(f, nf) > 0.5, "the render is not a moving, in-range signal");
	{ /* the same render is the same bytes: no PEAK chunk, which holds the
	     time the file was written (cmp of two renders a second apart) */
		FILE *w;
		char buf[4096];
		size_t got = 0, i;
		int peak = 0;
		snprintf(path, sizeof path, "%s/test-render/f.wav", build);
		w = fopen(path, "rb");
		if (w) {
			got = fread(buf, 1, sizeof buf, w);
			fclose(w);
		}
		for (i = 0; i + 4 <= got; ++i)
			peak |= !memcmp(buf + i, "PEAK", 4);
		CHECK(got > 44 && !peak, "the float WAV has a PEAK chunk (a timestamp): %zu bytes read",
		      got);
	}
	{
		struct stat st;
		snprintf(path, sizeof path, "%s/test-render/f.svg", build);
		CHECK(stat(path, &st) == 0 && st.st_size > 10000, "no SVG plot written");
	}
	CHECK(run_cli("--set nosuch=1 -o /dev/null") == 2, "an unknown symbol must exit 2");
	CHECK(run_cli("--ramp rate=0:1,0:2 -o /dev/null") == 2, "non-increasing times must exit 2");
	CHECK(run_cli("--seconds 1 -o /nonexistent-dir/x.wav") == 1, "an unwritable output must exit 1");
	CHECK(run_cli("--bundle /nonexistent-dir -o /dev/null") == 1, "a missing bundle must exit 1");
	snprintf(args, sizeof args, "--seconds 0.5 --set rate=5000 -o %s/test-render/c.wav", build);
	CHECK(run_cli(args) == 0, "an out-of-range value must be clamped, not fatal");
	CHECK(run_cli("--triggers 0.5 -o /dev/null") == 2,
	      "--triggers on a plugin with no MIDI input must exit 2");
	CHECK(run_cli("--step cc_1=0:1,1:7 -o /dev/null") == 2,
	      "automation of a MIDI setting without --midi must exit 2");
	CHECK(run_cli("--keyed --triggers 0.5,x -o /dev/null") == 2, "a bad trigger time must exit 2");
	{ /* Perlin Noise Keyed's triggers: what the DSP does with them in process */
		render_spec s;
		uint64_t nt;
		float *t, *want = malloc(48000 * sizeof *want);
		render_spec_init(&s);
		s.keyed = 1;
		s.frames = 48000;
		s.n_triggers = 3;
		s.trigger_t[0] = 0.2;
		s.trigger_t[1] = 0.45;
		s.trigger_t[2] = 0.7;
		s.set[PERLIN_TRIGGER] = PERLIN_TRIGGER_STEP;
		s.set[PERLIN_RATE] = 4.0f;
		snprintf(args, sizeof args, "--keyed --seconds 1 --set trigger=3 --set rate=4 "
		         "--triggers 0.2,0.45,0.7 -o %s/test-render/t.wav", build);
		CHECK(run_cli(args) == 0, "perlin-render failed: %s", args);
		snprintf(path, sizeof path, "%s/test-render/t.wav", build);
		t = read_wav(path, &nt, &sr, &fmt);
		CHECK(want && host_render_dsp(&s, perlin_dsp_best_path(), want) == 0 && t &&
		      nt == 48000 && max_diff(t, want, nt) < 1e-6 && test_span(t, nt) > 0.05,
		      "perlin-render's triggers are not the DSP's (%g)",
		      t && want ? max_diff(t, want, nt) : -1.0);
		free(t);
		free(want);
	}
	test_cli_midi_writes_the_automated_events();
	test_cli_feeds_cv_inputs();
	free(f);
}

/* perlin-render with automation `extra` for 6 s, with every block
   partition and in a second process: all the same (the first render is
   returned, its length in *n0). */
static float *same_for_blocks(const char *extra, const char *what, uint64_t *n0)
{
	static const char *blocks[] = { "512", "1", "7", "64", "4096", "random:11", "random:977" };
	static char args[36000];
	char path[512];
	float *ref = NULL;
	unsigned b;
	for (b = 0; b < sizeof blocks / sizeof blocks[0] + 1; ++b) {
		const char *blk = blocks[b < sizeof blocks / sizeof blocks[0] ? b : 0];
		uint64_t n;
		int sr, fmt;
		float *x;
		snprintf(args, sizeof args, "--seconds 6 --block %s %s -o %s/test-render/det%u.wav",
		         blk, extra, build, b);
		CHECK(run_cli(args) == 0, "perlin-render with block %s failed", blk);
		snprintf(path, sizeof path, "%s/test-render/det%u.wav", build, b);
		x = read_wav(path, &n, &sr, &fmt);
		if (!x)
			continue;
		if (!ref) {
			ref = x;
			*n0 = n;
			CHECK(all_in_range(x, n) && test_span(x, n) > 0.2, "%s render is not a signal", what);
			continue;
		}
		CHECK(n == *n0 && memcmp(ref, x, n * sizeof *x) == 0,
		      "%s: block %s%s gives different samples", what, blk,
		      b == sizeof blocks / sizeof blocks[0] ? " (second process)" : "");
		free(x);
	}
	return ref;
}

/* Same seed and automation: identical for every block partition and across
   two processes; different seeds decorrelate; two instances in one
   process agree. */
static void test_same_output_whatever_partition_or_process(void)
{
	static char extra[32768];
	render_spec s;
	float *ref;
	uint64_t n0 = 0;
	/* only what glides (dsp.c glide_run): rate, octaves, depth, offset; in
	   1D with drift (y moves, unheard), then 2D starting from that y */
	free(same_for_blocks("--ramp rate=0:2,2:60,4:0.5 --ramp octaves=0:3,3:8,5:5.5 "
	                     "--ramp depth=0:1,5:0.3 --ramp offset=1:0,2:0.5,3:-0.2 "
	                     "--set seed=9 --set drift=3 --step dimensions=0:1,4.5:2",
	                     "gliding", &n0));
	/* 2D steady and slow: path segments long enough for the degree-11
	   polynomial, kept across blocks (centred where the anchors say), and
	   drift faster than x (paths along y) */
	free(same_for_blocks("--set dimensions=2 --set octaves=8 --set rate=0.7 --set drift=0.2 "
	                     "--step drift=3:2.5 --set seed=4",
	                     "2D steady paths", &n0));
	render_spec_init(&s);
	random_automation(&s, 6.0, extra, sizeof extra);
	ref = same_for_blocks(extra, "random automation", &n0);
	/* the in-process host plays the same automation to the same samples */
	s.frames = (uint64_t)(6.0 * s.sr);
	s.block = 0;
	s.block_seed = test_rng();
	{
		float *x = render(&s);
		CHECK(x && ref && n0 == s.frames && memcmp(ref, x, n0 * sizeof *x) == 0,
		      "the in-process host with random blocks disagrees with perlin-render");
		free(x);
	}
	free(ref);

	/* seeds: different seeds decorrelate, same seeds agree */
	{
		double worst = 0;
		int i;
		render_spec t;
		render_spec_init(&t);
		t.frames = (uint64_t)(10 * t.sr);
		t.set[PERLIN_RATE] = 50;
		for (i = 0; i < 6; ++i) {
			const float s1 = i < 2 ? (float)i : (float)(test_rng() % 65536U);
			const float s2 = i < 2 ? (float)(i + 1) : (float)(test_rng() % 65536U);
			float *a, *c, *a2;
			double r;
			t.set[PERLIN_SEED] = s1;
			t.set[PERLIN_DIMENSIONS] = (float)(1 + (i & 1));
			a = render(&t);
			a2 = render(&t);
			t.set[PERLIN_SEED] = s2;
			c = render(&t);
			if (!a || !c || !a2)
				continue;
			r = fabs(test_correlation(a, c, t.frames));
			worst = r > worst ? r : worst;
			CHECK(s1 == s2 || (r < 0.2 && memcmp(a, c, t.frames * sizeof *a) != 0),
			      "seeds %g and %g correlate %g", s1, s2, r);
			CHECK(memcmp(a, a2, t.frames * sizeof *a) == 0,
			      "two instances with seed %g differ", s1);
			free(a);
			free(a2);
			free(c);
		}
		printf("   largest |correlation| between seeds: %.3f\n", worst);
	}
}

/* The largest step / bound ratio over random automated renders of w: of
   Perlin Noise, or (four) of every output of Perlin Noise x4 with spread
   automated too. A blend a N + b N_i (a^2 + b^2 = 1) moves at most
   a + b <= sqrt 2 times as fast as one noise: its noise term is 1.42 x. */
static double continuity_ratio(const host_world *w, uint64_t rng_seed, int four, int verbose)
{
	const uint64_t saved = test_state;
	const int planes = four ? PERLIN_OUTPUTS : 1;
	double worst_ratio = 0, worst_step = 0, worst_t = 0;
	int run, worst_out = 0;
	test_state = rng_seed;
	for (run = 0; run < 4; ++run) {
		const double seconds = four ? 8.0 : 12.0;
		static char args[32768];
		render_spec s;
		float *x;
		uint64_t i, g;
		double *bound;
		int o;
		const uint64_t window = (uint64_t)(0.2 * 48000 / RENDER_GRID);
		render_spec_init(&s);
		s.four = four;
		s.frames = (uint64_t)(seconds * s.sr);
		s.block = 0;
		s.block_seed = test_rng();
		random_automation(&s, seconds, args, sizeof args);
		if (four) { /* spread too: ramps, or jumps between 0 and 1 */
			const int jumps = (int)(test_rng() & 1U);
			random_spread(&s, seconds, 4 + (int)(test_rng() % 10U), jumps, jumps);
		}
		x = malloc((size_t)s.frames * (size_t)planes * sizeof *x);
		bound = malloc((s.frames / RENDER_GRID + 2) * sizeof *bound);
		if (!x || !bound || host_render(w, &s, x)) {
			CHECK(0, "render failed");
			free(x);
			free(bound);
			continue;
		}
		/* per grid cell: max of the noise term over the last 0.2 s */
		for (g = 0; g <= s.frames / RENDER_GRID; ++g)
			bound[g] = (four ? 1.42 : 1.0) * noise_term(&s, (double)(g * RENDER_GRID) / s.sr);
		for (g = s.frames / RENDER_GRID + 1; g-- > 0;) {
			uint64_t j;
			double m = bound[g];
			for (j = g >= window ? g - window : 0; j < g; ++j)
				m = bound[j] > m ? bound[j] : m;
			bound[g] = m;
		}
		for (o = 0; o < planes; ++o) {
			const float *y = x + (size_t)o * s.frames;
			for (i = 1; i < s.frames; ++i) {
				const double step = fabs((double)y[i] - y[i - 1]);
				const double b = bound[i / RENDER_GRID] + step_bound_extra(&s);
				if (step / b > worst_ratio) {
					worst_ratio = step / b;
					worst_step = step;
					worst_t = (double)i / s.sr;
					worst_out = o + 1;
				}
			}
			CHECK(all_in_range(y, s.frames), "automated render left [-1, 1] (output %d)",
			      o + 1);
		}
		free(x);
		free(bound);
	}
	if (verbose)
		printf("   largest step / bound%s: %.3f (a step of %.5f at %.3f s%s%.0d)\n",
		       four ? ", Perlin Noise x4" : "", worst_ratio, worst_step, worst_t,
		       four ? ", output " : "", four ? worst_out : 0);
	test_state = saved;
	return worst_ratio;
}

static void test_random_automation_never_steps(void)
{
	char dir[1024];
	host_world bw;
	const uint64_t seed = test_rng();
	int four;
	for (four = 0; four < 2; ++four) {
		const double r = continuity_ratio(&world, seed, four, 1);
		CHECK(r <= 1.0, "a step exceeds the continuity bound %g times%s", r,
		      four ? " (Perlin Noise x4)" : "");
	}
	snprintf(dir, sizeof dir, "%s/broken-xfade/perlin.lv2", build);
	if (host_world_open(&bw, dir) == 0) {
		for (four = 0; four < 2; ++four) {
			const double rb = continuity_ratio(&bw, seed, four, 0);
			printf("   the same automation without crossfades%s: step / bound %.1f\n",
			       four ? " (x4)" : "", rb);
			CHECK(rb > 1.0, "the continuity check missed a plugin without crossfades%s",
			      four ? " (x4)" : "");
		}
		host_world_close(&bw);
	} else {
		CHECK(0, "no %s to prove the continuity check can fail", dir);
	}
}

/* Every control swept across its range and beyond, transport events and
   preset-like jumps: count allocator, mmap and mutex calls inside run(). */
static unsigned long count_run_calls(const host_world *w, double sr, int four)
{
	static const double wild[] = { NAN, INFINITY, -INFINITY, 1e30, -1e30, 0.0, 1e9 };
	render_spec s;
	unsigned long before;
	float *out;
	int i, j;
	render_spec_init(&s);
	s.sr = sr;
	s.frames = (uint64_t)(4 * sr);
	s.block = 0;
	s.block_seed = test_rng();
	for (i = 0; i < PERLIN_N_PARAMS; ++i) {
		render_auto *a = &s.autos[s.n_autos++];
		a->param = i;
		a->step = i % 2;
		a->n = 0;
		for (j = 0; j < 40; ++j) {
			const perlin_param_info *p = &perlin_params[i];
			a->t[a->n] = 0.1 * j;
			a->v[a->n] = j % 5 == 4 ? wild[(unsigned)(i + j) % 7]
			                        : p->min - 1 + (p->max - p->min + 2) * test_uniform(0, 1);
			++a->n;
		}
	}
	if (four) { /* Perlin Noise x4, its spread swept too */
		render_auto *a = &s.autos[s.n_autos++];
		s.four = 1;
		a->param = RENDER_SPREAD;
		a->step = 0;
		a->n = 0;
		for (j = 0; j < 40; ++j) {
			a->t[a->n] = 0.1 * j;
			a->v[a->n] = j % 5 == 4 ? wild[(unsigned)j % 7] : test_uniform(-1, 2);
			++a->n;
		}
	}
	for (j = 0; j < 20; ++j) {
		s.jump_t[s.n_jumps] = 0.17 * j + 0.05;
		s.jump_beat[s.n_jumps] = test_uniform(0, 1000);
		++s.n_jumps;
	}
	s.before_run = count_on;
	s.after_run = count_off;
	out = malloc((size_t)s.frames * (four ? PERLIN_OUTPUTS : 1) * sizeof *out);
	before = calls;
	host_render(w, &s, out);
	CHECK(all_in_range(out, s.frames * (four ? PERLIN_OUTPUTS : 1)),
	      "wild input drove the output out of [-1, 1]");
	free(out);
	return calls - before;
}

static void test_run_never_allocates_or_locks(void)
{
	char alloc_bundle[1024];
	host_world aw;
	unsigned long n;
	if (!INTERPOSED) {
		printf("   (sanitizer build: allocation counting runs in the plain build)\n");
		return;
	}
	n = count_run_calls(&world, 48000, 0) + count_run_calls(&world, 8000, 0) +
	    count_run_calls(&world, 48000, 1);
	printf("   allocator/mmap/mutex calls inside run() (Perlin Noise, and x4): %lu\n", n);
	CHECK(n == 0, "run() made %lu allocator, mmap or mutex calls", n);
	snprintf(alloc_bundle, sizeof alloc_bundle, "%s/broken-alloc/perlin.lv2", build);
	if (access(alloc_bundle, R_OK) == 0 && host_world_open(&aw, alloc_bundle) == 0) {
		n = count_run_calls(&aw, 48000, 0);
		printf("   the deliberately allocating build: %lu calls\n", n);
		CHECK(n > 0, "the allocation check missed a plugin that allocates in run()");
		host_world_close(&aw);
	} else {
		CHECK(0, "no %s to prove the allocation check can fail", alloc_bundle);
	}
}

static void test_bad_input_survived(void)
{
	static const double rates[] = { 8000, 44100, 192000, 768000 };
	static const float wild[] = { NAN, INFINITY, -INFINITY, 1e30f, -1e30f, -5.0f, 70000.0f };
	unsigned r, i, k;
	int four, o;
	/* Perlin Noise, then Perlin Noise x4 (every output; spread wild too) */
	for (four = 0; four < 2; ++four) {
		for (r = 0; r < sizeof rates / sizeof rates[0]; ++r) {
			const unsigned controls = four ? RENDER_N_CONTROLS : PERLIN_N_PARAMS;
			render_spec s;
			float *x;
			render_spec_init(&s);
			s.four = four;
			s.sr = rates[r];
			s.frames = (uint64_t)(2 * rates[r]);
			s.set[PERLIN_RATE] = 3;
			s.block = r == 1 ? 65536 : 1024;
			x = render(&s);
			for (o = 0; o < (four ? PERLIN_OUTPUTS : 1); ++o)
				CHECK(x && all_in_range(x + (size_t)o * s.frames, s.frames) &&
				      test_span(x + (size_t)o * s.frames, s.frames) > 0.2,
				      "at %g Hz output %d%s is not a moving signal in [-1, 1]", rates[r], o + 1,
				      four ? " (x4)" : "");
			free(x);
			/* every control wild, one at a time and all at once */
			for (k = 0; k <= controls; ++k)
				for (i = 0; i < sizeof wild / sizeof wild[0]; ++i) {
					unsigned p;
					render_spec_init(&s);
					s.four = four;
					s.sr = rates[r];
					s.frames = (uint64_t)(0.05 * rates[r]);
					for (p = 0; p < controls; ++p)
						if (p == k || k == controls)
							s.set[p] = wild[(i + p) % (sizeof wild / sizeof wild[0])];
					s.cv = (int)(i & 1);
					s.connect_out = !(i & 2) || !s.cv;
					x = render(&s);
					for (o = 0; o < (four ? PERLIN_OUTPUTS : 1); ++o)
						CHECK(x && all_in_range(x + (size_t)o * s.frames, s.frames) &&
						      isfinite(x[(size_t)o * s.frames + s.frames - 1]),
						      "%g Hz, control %u = %g: output %d%s not finite in [-1, 1]",
						      rates[r], k, (double)wild[i], o + 1, four ? " (x4)" : "");
					free(x);
				}
		}
	}
	/* band-limit: at 8 kHz and 500 cells/s with lacunarity 4, octave 1 runs
	   at 2000 cells/s = sr/4 and every octave above it is faded out, so 8
	   octaves render exactly as 1; at 5 cells/s they must differ */
	{
		static const float cell_rates[] = { 500.0f, 5.0f };
		for (r = 0; r < 2; ++r) {
			render_spec s;
			float *one, *eight;
			render_spec_init(&s);
			s.sr = 8000;
			s.frames = 16000;
			s.set[PERLIN_RATE] = cell_rates[r];
			s.set[PERLIN_LACUNARITY] = 4;
			s.set[PERLIN_PERSISTENCE] = 1;
			s.set[PERLIN_OCTAVES] = 1;
			one = render(&s);
			s.set[PERLIN_OCTAVES] = 8;
			eight = render(&s);
			if (one && eight) {
				const double d = max_diff(one, eight, s.frames);
				printf("   %g cells/s at 8 kHz: 8 octaves vs 1 differ by %.3g\n",
				       (double)cell_rates[r], d);
				if (r == 0)
					CHECK(d == 0.0, "octaves at or above sr/4 still sound (%g)", d);
				else
					CHECK(d > 0.1, "octaves below the band-limit are missing (%g)", d);
			}
			free(one);
			free(eight);
		}
	}
	/* n_samples 0 and 65536 in one instance, one output and four */
	for (four = 0; four < 2; ++four) {
		host_inst h;
		float *out = malloc(PERLIN_OUTPUTS * 65536 * sizeof *out);
		float *outs[PERLIN_OUTPUTS];
		int ok = out && host_inst_open(&h, four ? world.audio4 : world.audio, 48000, 1) == 0;
		for (o = 0; o < PERLIN_OUTPUTS; ++o)
			outs[o] = out ? out + (size_t)o * 65536 : NULL;
		if (ok) {
			host_inst_run_outputs(&h, outs, 0);
			host_inst_run_outputs(&h, outs, 65536);
			host_inst_run_outputs(&h, outs, 0);
			for (o = 0; o < h.outputs; ++o)
				ok = ok && all_in_range(outs[o], 65536) &&
				     (o ? h.levels[o] : h.level) >= -1 && (o ? h.levels[o] : h.level) <= 1;
			host_inst_close(&h);
		}
		CHECK(ok, "n_samples 0 and 65536 misbehave%s", four ? " (x4)" : "");
		free(out);
	}
}

/* The settings every transport test renders: a moving, multi-octave
   signal at 3 cells/s free or 4 cells/s synced (120 BPM, 0.5 beat/cell). */
static void transport_spec(render_spec *s, float sync, float octaves)
{
	render_spec_init(s);
	s->set[PERLIN_SYNC] = sync;
	s->set[PERLIN_RATE] = 3;
	s->set[PERLIN_BEATS] = 0.5f;
	s->set[PERLIN_OCTAVES] = octaves;
}

static void test_transport_lands_where_playback_is(void)
{
	const double sr = 48000, bpm = 120, spb = 60.0 / bpm; /* seconds per beat */
	render_spec a, b;
	float *x, *y;
	int sync;
	for (sync = 0; sync <= 1; ++sync) {
		/* a render from beat 16 matches the tail of one from beat 0 */
		transport_spec(&a, (float)sync, 6);
		a.frames = (uint64_t)(12 * sr);
		a.set[PERLIN_DIMENSIONS] = 2;
		a.set[PERLIN_DRIFT] = 0.3f;
		b = a;
		b.start_beat = 16;
		b.frames = (uint64_t)(4 * sr);
		x = render(&a);
		y = render(&b);
		if (x && y) {
			const double d = max_diff(x + (uint64_t)(16 * spb * sr), y, b.frames);
			printf("   %s: start at beat 16 vs the tail of a start at 0: max diff %.2g\n",
			       sync ? "synced" : "free", d);
			CHECK(d <= 1e-6, "%s: starting at beat 16 differs by %g", sync ? "synced" : "free", d);
		}
		free(x);
		free(y);
		/* a jump to beat 32 lands where a fresh start at beat 32 is */
		a.frames = (uint64_t)(6 * sr);
		a.n_jumps = 1;
		a.jump_t[0] = 2.0;
		a.jump_beat[0] = 32;
		b.start_beat = 32;
		b.frames = (uint64_t)(4 * sr);
		a.block = 0;
		a.block_seed = test_rng();
		x = render(&a);
		y = render(&b);
		if (x && y) {
			const uint64_t settle = (uint64_t)(0.02 * sr);
			const double d = max_diff(x + (uint64_t)(2 * sr) + settle, y + settle,
			                          b.frames - settle);
			printf("   %s: after a jump to beat 32 vs a start there: max diff %.2g\n",
			       sync ? "synced" : "free", d);
			CHECK(d <= 1e-6, "%s: the jump lands %g away from a fresh start",
			      sync ? "synced" : "free", d);
		}
		free(x);
		free(y);
	}
	/* stopped at beat 8 for 1.5 s and 3 samples, then rolling: afterwards
	   the output is a fresh start at beat 8; held (free Hold, or synced) it
	   stands still while stopped and matches from the first rolling sample,
	   bit for bit (the 3 samples: how long the plugin ran before does not
	   choose how a render's samples are grouped), running (free Run) it
	   moves while stopped and matches after the crossfade */
	for (sync = 0; sync <= 2; ++sync) {
		static const char *mode[] = { "free, Hold", "free, Run", "synced" };
		const uint64_t roll = (uint64_t)(1.5 * sr) + 3U;
		const uint64_t settle = sync == 1 ? (uint64_t)(0.011 * sr) : 0;
		transport_spec(&a, sync == 2 ? 1.0f : 0.0f, 5);
		a.frames = (uint64_t)(5 * sr);
		a.set[PERLIN_STOPPED] = sync == 1 ? 1.0f : 0.0f;
		a.start_beat = 8;
		a.roll_at = (double)roll / sr;
		a.block = 0;
		a.block_seed = test_rng();
		b = a;
		b.roll_at = 0;
		b.frames = (uint64_t)(3 * sr);
		x = render(&a);
		y = render(&b);
		if (x && y) {
			const double d = max_diff(x + roll + settle, y + settle, b.frames - settle);
			printf("   %s: stopped, then rolling from beat 8 vs a start there: max diff %.2g%s\n",
			       mode[sync], d, settle ? " (after 11 ms)" : "");
			CHECK(d <= (settle ? 1e-6 : 0.0), "%s: after the transport starts rolling the output is %g off",
			      mode[sync], d);
			if (sync == 1)
				CHECK(test_span(x, roll) > 0.05, "free Run output stood still while stopped");
			else
				CHECK(test_span(x, roll) == 0.0, "%s output moved while stopped", mode[sync]);
		}
		free(x);
		free(y);
	}
	/* far positions: nothing clamps, and each octave's phase is taken from
	   the transport exactly. Beats 1e8 and 1e8 + 2000 at rate 1000 (5e10
	   cells) differ; a render that plays across octave 0's 2^32-cell wrap
	   (lacunarity 2.5, so the octaves wrap elsewhere) lands where a start
	   just past it is. */
	{
		const double far[2] = { 1e8, 1e8 + 2000.0 };
		const double f1 = 48.0 * (4294967296.0 - 500.0); /* x = frame / 48 */
		render_spec c;
		double dd;
		transport_spec(&a, 0.0f, 8);
		a.set[PERLIN_RATE] = 1000.0f;
		a.frames = (uint64_t)(0.5 * sr);
		a.start_beat = far[0];
		b = a;
		b.start_beat = far[1];
		x = render(&a);
		y = render(&b);
		if (x && y) {
			dd = max_diff(x, y, a.frames);
			printf("   rate 1000 from beat 1e8 vs 1e8 + 2000: max diff %.2g\n", dd);
			CHECK(dd > 0.1, "beats 1e8 and 1e8 + 2000 render alike (%g): positions clamp", dd);
		}
		free(x);
		free(y);
		transport_spec(&a, 0.0f, 8);
		a.set[PERLIN_RATE] = 1000.0f;
		a.set[PERLIN_LACUNARITY] = 2.5f;
		a.set[PERLIN_DIMENSIONS] = 2;
		a.set[PERLIN_DRIFT] = 0.5f;
		a.frames = (uint64_t)(2.0 * sr);
		a.start_beat = f1 / 24000.0;
		a.block = 0;
		a.block_seed = test_rng();
		c = a;
		c.start_beat = (f1 + 72000.0) / 24000.0; /* 1.5 s on */
		c.frames = (uint64_t)(0.5 * sr);
		x = render(&a);
		y = render(&c);
		if (x && y) {
			dd = max_diff(x + 72000, y, c.frames);
			printf("   across the 2^32-cell wrap of octave 0 vs a start past it: max diff %.2g\n", dd);
			CHECK(dd <= 1e-6, "playing across the wrap lands %g from a start past it", dd);
		}
		free(x);
		free(y);
	}
	/* loop: repeats exactly every N cells */
	{
		int mode;
		for (mode = 0; mode < 3; ++mode) {
			const double period = mode == 0 ? 2.0 : mode == 1 ? 4 * 0.5 * spb : 3.0 / 1.5;
			double d;
			render_spec_init(&a);
			a.frames = (uint64_t)(10 * sr);
			a.set[PERLIN_LOOP] = mode == 1 ? 4.0f : mode == 0 ? 4.0f : 3.0f;
			a.set[PERLIN_RATE] = mode == 2 ? 1.5f : 2.0f;
			a.set[PERLIN_SYNC] = mode == 1 ? 1.0f : 0.0f;
			a.set[PERLIN_BEATS] = 0.5f;
			a.set[PERLIN_OCTAVES] = 7;
			a.set[PERLIN_LACUNARITY] = mode == 2 ? 2.7f : 2.0f;
			a.set[PERLIN_DIMENSIONS] = mode == 2 ? 2.0f : 1.0f;
			a.block = 0;
			a.block_seed = test_rng();
			x = render(&a);
			if (!x)
				continue;
			d = max_diff(x, x + (uint64_t)(period * sr), a.frames - (uint64_t)(period * sr));
			printf("   loop %g cells (%g s): max difference one period apart %.2g\n",
			       (double)a.set[PERLIN_LOOP], period, d);
			CHECK(d <= 1e-6 && test_span(x, a.frames) > 0.3, "loop mode %d does not repeat (%g)", mode, d);
			free(x);
		}
	}
}

int main(int argc, char **argv)
{
	char dir[1024];
	if (argc < 2) {
		fprintf(stderr, "usage: test_render BUILD_DIR [seed]\n");
		return 2;
	}
	interpose_init();
	build = argv[1];
	test_seed(argc - 1, argv + 1, "test_render");
	snprintf(dir, sizeof dir, "%s/test-render", build);
	mkdir(dir, 0755);
	snprintf(dir, sizeof dir, "%s/perlin.lv2", build);
	if (host_world_open(&world, dir))
		return 2;
	test_section("perlin-render: WAV formats, plot, errors and exit codes");
	test_cli_formats_agree_errors_exit();
	test_section("determinism: block partitions, processes, seeds, instances");
	test_same_output_whatever_partition_or_process();
	test_section("continuity under random automation of every control");
	test_random_automation_never_steps();
	test_section("run() does not allocate, lock or map memory");
	test_run_never_allocates_or_locks();
	test_section("bad input: NaN, infinities, out of range, sample rates, NULL port");
	test_bad_input_survived();
	test_section("transport: start position, jumps, loops");
	test_transport_lands_where_playback_is();
	host_world_close(&world);
	return test_done("test_render");
}
