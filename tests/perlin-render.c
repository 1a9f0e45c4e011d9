/* perlin-render: render the Perlin plugins to a WAV (and an SVG plot) from
   the command line, hosting the built bundle through lilv like any host.
   Run with --help for the options. Exit status: 0 done, 1 the bundle, the
   plugin or a file failed, 2 the command line is wrong.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#define _XOPEN_SOURCE 700 /* isatty, realpath */
#include "host.h"
#include "smf.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* the version (tests/version.sh), from the Makefile's VERSION */
#ifndef PERLIN_VERSION
#error "build with -DPERLIN_VERSION=\"x.y.z\" (the Makefile does)"
#endif

static const char *usage_text =
	"usage: perlin-render [options] -o OUT.wav\n"
	"  -o, --output FILE     the WAV to write (mono; four channels with --four)\n"
	"      --plot FILE.svg   also draw the curve with its time axis\n"
	"      --cv              render \"Perlin Noise CV\" instead of \"Perlin Noise\"\n"
	"      --four            render \"Perlin Noise x4\" (\"Perlin Noise CV x4\" with\n"
	"                        --cv): its four outputs, related by --set spread=S\n"
	"      --keyed           render \"Perlin Noise Keyed\" (a MIDI input)\n"
	"      --cv-in IN=FILE   (--cv) feed a CV input from a WAV's first channel, in\n"
	"                        volts, at the render's sample rate; 0 V past its end.\n"
	"                        IN: rate_cv (1 V an octave), depth_cv, offset_cv (5 V\n"
	"                        the whole range), morph_cv (2D: 1 V a cell), clock_in\n"
	"                        (pulses); e.g. a noise modulating a noise:\n"
	"                        perlin-render --cv -o mod.wav; perlin-render --cv\n"
	"                        --cv-in rate_cv=mod.wav -o out.wav\n"
	"      --triggers T,..   MIDI note-ons at these seconds (--keyed, --cv, --midi):\n"
	"                        what they do is --set trigger=0..3 (Off, Restart,\n"
	"                        New shape, Step)\n"
	"      --midi FILE.mid   render \"Perlin Noise MIDI\" and write what it sends as a\n"
	"                        Standard MIDI File (its MIDI settings, as controls: cc_1..\n"
	"                        cc_4, midi_channel, resolution, interval); -o and --plot\n"
	"                        then render its lanes (Perlin Noise x4, same controls)\n"
	"      --smf-type T      0 (default: one track) or 1 (a tempo track, then the events)\n"
	"      --ppq N           ticks per quarter note in the MIDI file (default 480)\n"
	"      --bundle DIR      the perlin.lv2 bundle (default: beside this program)\n"
	"      --seconds S       length (default 10)\n"
	"      --sample-rate HZ  8000..768000 (default 48000)\n"
	"      --block N         run() block size (default 512); 'random' or\n"
	"                        'random:SEED' for random sizes 1..4096\n"
	"      --format F        float (default), 16 or 24 (bit PCM)\n"
	"      --set SYM=V       set a control, e.g. --set rate=2 --set octaves=6\n"
	"      --ramp SYM=T:V,.. automate linearly between breakpoints (seconds:value)\n"
	"      --step SYM=T:V,.. automate in steps (value held until the next point)\n"
	"      --bpm B           host tempo for sync (default 120)\n"
	"      --start-beat B    transport position at the start (default 0)\n"
	"      --jump T:BEAT     the transport jumps to BEAT at T seconds (repeatable)\n"
	"      --no-transport    send no time:Position at all\n"
	"  -q, --quiet           no progress or notes on stderr\n"
	"      --version         print the version of perlin.lv2 and exit\n"
	"  -h, --help            print this and exit\n";

static int quiet;

static void progress(uint64_t done, uint64_t total)
{
	static int last = -1;
	const int pct = (int)(100 * done / (total ? total : 1));
	if (pct != last) {
		fprintf(stderr, "\rrendering %3d%%", pct);
		if (done == total)
			fputc('\n', stderr);
		last = pct;
	}
}

/* The range of control i (RENDER_SPREAD: the four-output plugins'). */
static const perlin_param_info *info_of(int i)
{
	return i == RENDER_SPREAD ? &perlin_spread_param : &perlin_params[i];
}

/* The MIDI settings (--midi) come after the controls: RENDER_N_CONTROLS + m. */
#define N_SYMBOLS (RENDER_N_CONTROLS + MIDI_N_PARAMS)

static const perlin_param_info *any_info(int i)
{
	return i < RENDER_N_CONTROLS ? info_of(i) : &perlin_midi_params[i - RENDER_N_CONTROLS];
}

static int param_index(const char *sym, size_t len)
{
	int i;
	for (i = 0; i < N_SYMBOLS; ++i)
		if (strlen(any_info(i)->symbol) == len && !strncmp(any_info(i)->symbol, sym, len))
			return i;
	return -1;
}

static void list_symbols(void)
{
	int i;
	fprintf(stderr, "valid controls:\n");
	for (i = 0; i < N_SYMBOLS; ++i)
		fprintf(stderr, "  %-12s %g..%g (default %g)%s\n", any_info(i)->symbol,
		        any_info(i)->min, any_info(i)->max, any_info(i)->def,
		        i == RENDER_SPREAD ? ", with --four or --midi"
		        : i >= RENDER_N_CONTROLS ? ", with --midi" : "");
}

static int parse_number(const char *s, double *v, const char *what)
{
	char *end;
	errno = 0;
	*v = strtod(s, &end);
	if (end == s || *end || errno) {
		fprintf(stderr, "perlin-render: %s: '%s' is not a number\n", what, s);
		return 0;
	}
	return 1;
}

/* A control value: warn and clamp when out of range. */
static double checked_value(int param, double v)
{
	const perlin_param_info *p = any_info(param);
	if (!(v >= p->min && v <= p->max)) {
		const double c = v != v ? p->def : v < p->min ? p->min : p->max;
		if (!quiet)
			fprintf(stderr, "perlin-render: warning: %s=%g is outside %g..%g; using %g\n",
			        p->symbol, v, p->min, p->max, c);
		return c;
	}
	return v;
}

/* "SYM=..." -> param index and the text after '='; -1 if unknown. */
static int parse_symbol(const char *arg, const char **rest)
{
	const char *eq = strchr(arg, '=');
	int i;
	if (!eq) {
		fprintf(stderr, "perlin-render: '%s' should be SYMBOL=...\n", arg);
		return -1;
	}
	i = param_index(arg, (size_t)(eq - arg));
	if (i < 0) {
		fprintf(stderr, "perlin-render: unknown control '%.*s'\n", (int)(eq - arg), arg);
		list_symbols();
		return -1;
	}
	*rest = eq + 1;
	return i;
}

/* "T:V,T:V,..." into an automation; times must increase. */
static int parse_points(render_auto *a, const char *text, const char *arg)
{
	char buf[8192], *tok, *save = NULL;
	if (strlen(text) >= sizeof buf) {
		fprintf(stderr, "perlin-render: %s: too long\n", arg);
		return 0;
	}
	strcpy(buf, text);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *colon = strchr(tok, ':');
		double t, v;
		if (!colon || a->n >= RENDER_MAX_POINTS) {
			fprintf(stderr, "perlin-render: %s: want TIME:VALUE pairs (at most %d)\n",
			        arg, RENDER_MAX_POINTS);
			return 0;
		}
		*colon = '\0';
		if (!parse_number(tok, &t, arg) || !parse_number(colon + 1, &v, arg))
			return 0;
		if (a->n && !(t > a->t[a->n - 1])) {
			fprintf(stderr, "perlin-render: %s: times must increase\n", arg);
			return 0;
		}
		a->t[a->n] = t;
		a->v[a->n] = checked_value(a->param, v);
		++a->n;
	}
	if (!a->n) {
		fprintf(stderr, "perlin-render: %s: no breakpoints\n", arg);
		return 0;
	}
	return 1;
}

/* A tick step of 1, 2 or 5 x 10^k giving about `want` ticks over span. */
static double nice_step(double span, int want)
{
	const double raw = span / want, p = pow(10.0, floor(log10(raw)));
	const double m = raw / p;
	return (m < 1.5 ? 1.0 : m < 3.5 ? 2.0 : m < 7.5 ? 5.0 : 10.0) * p;
}

/* The curve as SVG: min/max per pixel column, time axis in seconds. */
static int write_svg(const char *path, const float *x, uint64_t n, int curves, double sr,
                     const char *title)
{
	static const char *const colour[4] = { "#1f5fbf", "#d9480f", "#2b8a3e", "#862e9c" };
	int c;
	const int W = 1000, H = 300, L = 50, R = 15, T = 30, B = 40;
	const double secs = (double)n / sr, step = nice_step(secs, 10);
	FILE *f = fopen(path, "w");
	uint64_t i;
	int col;
	double t;
	if (!f) {
		fprintf(stderr, "perlin-render: cannot write %s: %s\n", path, strerror(errno));
		return 1;
	}
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	           "font-family=\"sans-serif\" font-size=\"12\">\n"
	           "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
	           "<text x=\"%d\" y=\"18\" font-size=\"14\">%s</text>\n",
	        W + L + R, H + T + B, L, title);
	for (i = 0; i <= 4; ++i) { /* value grid -1, -0.5, 0, 0.5, 1 */
		const double v = 1.0 - 0.5 * (double)i, y = T + (1.0 - v) / 2.0 * H;
		fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n"
		           "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
		        L, L + W, y, y, v == 0.0 ? "#999" : "#ddd", L - 6, y + 4, v);
	}
	for (t = 0.0; t <= secs + 1e-9; t += step) {
		const double xx = L + t / secs * W;
		fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#eee\"/>\n"
		           "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n",
		        xx, xx, T, T + H, xx, T + H + 16, t);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">time (s)</text>\n",
	        L + W / 2, T + H + 34);
	for (c = 0; c < curves; ++c, x += n) {
		if (c)
			fprintf(f, "\"/>\n");
		fprintf(f, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"1.2\" d=\"", colour[c & 3]);
		for (col = 0; col < W && n; ++col) {
			const uint64_t a = n * (uint64_t)col / (uint64_t)W;
			uint64_t b = n * (uint64_t)(col + 1) / (uint64_t)W;
			float lo = x[a], hi = x[a];
			if (b <= a)
				b = a + 1;
			for (i = a; i < b && i < n; ++i) {
				lo = x[i] < lo ? x[i] : lo;
				hi = x[i] > hi ? x[i] : hi;
			}
			fprintf(f, "%s%.1f %.2f L%.1f %.2f ", col ? "L" : "M", L + col + 0.5,
			        T + (1.0 - hi) / 2.0 * H, L + col + 0.5, T + (1.0 - lo) / 2.0 * H);
		}
	}
	fprintf(f, "\"/>\n</svg>\n");
	if (fclose(f)) {
		fprintf(stderr, "perlin-render: cannot write %s\n", path);
		return 1;
	}
	return 0;
}

/* x: `channels` planes of n samples, written interleaved. */
static int write_wav(const char *path, const float *x, uint64_t n, int channels, double sr,
                     int format)
{
	SF_INFO info;
	SNDFILE *f;
	float *frames = NULL;
	sf_count_t wrote;
	memset(&info, 0, sizeof info);
	info.samplerate = (int)sr;
	info.channels = channels;
	info.format = SF_FORMAT_WAV | (format == 16 ? SF_FORMAT_PCM_16
	                               : format == 24 ? SF_FORMAT_PCM_24 : SF_FORMAT_FLOAT);
	f = sf_open(path, SFM_WRITE, &info);
	if (!f) {
		fprintf(stderr, "perlin-render: cannot write %s: %s\n", path, sf_strerror(NULL));
		return 1;
	}
	sf_command(f, SFC_SET_CLIPPING, NULL, SF_TRUE);
	/* no PEAK chunk (float files): it carries the time of writing, so the
	   same render would not be the same bytes */
	sf_command(f, SFC_SET_ADD_PEAK_CHUNK, NULL, SF_FALSE);
	if (channels > 1) {
		uint64_t i;
		int c;
		frames = malloc((size_t)n * (size_t)channels * sizeof *frames);
		if (!frames) {
			fprintf(stderr, "perlin-render: no memory to interleave %s\n", path);
			sf_close(f);
			return 1;
		}
		for (i = 0; i < n; ++i)
			for (c = 0; c < channels; ++c)
				frames[i * (uint64_t)channels + (uint64_t)c] = x[(uint64_t)c * n + i];
		x = frames;
	}
	wrote = sf_writef_float(f, x, (sf_count_t)n);
	free(frames);
	if (wrote != (sf_count_t)n) {
		fprintf(stderr, "perlin-render: writing %s failed: %s\n", path, sf_strerror(f));
		sf_close(f);
		return 1;
	}
	return sf_close(f) ? 1 : 0;
}

/* A CV input's n volts from the first channel of the WAV at path (at
   sample rate sr), 0 V past its end, into a new buffer (*out); 0 on
   success. */
static int read_cv(const char *path, double sr, uint64_t n, float **out)
{
	SF_INFO info;
	SNDFILE *f;
	float *frame, *x;
	uint64_t i = 0;
	memset(&info, 0, sizeof info);
	f = sf_open(path, SFM_READ, &info);
	if (!f) {
		fprintf(stderr, "perlin-render: cannot read %s: %s\n", path, sf_strerror(NULL));
		return 1;
	}
	if (info.samplerate != (int)sr) {
		fprintf(stderr, "perlin-render: %s is at %d Hz; render it with --sample-rate %d\n",
		        path, info.samplerate, info.samplerate);
		sf_close(f);
		return 1;
	}
	x = calloc((size_t)n ? (size_t)n : 1U, sizeof *x);
	frame = malloc((size_t)info.channels * sizeof *frame);
	if (!x || !frame) {
		fprintf(stderr, "perlin-render: no memory for %s\n", path);
		free(x);
		free(frame);
		sf_close(f);
		return 1;
	}
	while (i < n && sf_readf_float(f, frame, 1) == 1)
		x[i++] = frame[0];
	free(frame);
	sf_close(f);
	*out = x;
	return 0;
}

/* Default bundle: perlin.lv2 beside this program. */
static void default_bundle(const char *argv0, char *out, size_t size)
{
	char self[PATH_MAX];
	const ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
	char *slash;
	if (len > 0) {
		self[len] = '\0';
	} else {
		strncpy(self, argv0, sizeof self - 1);
		self[sizeof self - 1] = '\0';
	}
	slash = strrchr(self, '/');
	if (slash)
		*slash = '\0';
	else
		strcpy(self, ".");
	snprintf(out, size, "%s/perlin.lv2", self);
}

/* Render Perlin Noise MIDI (s, settings in hm) and write what it sends
   to path as a Standard MIDI File at s's tempo. 0 on success. */
static int write_midi(const host_world *w, const render_spec *s, host_midi *hm,
                      const char *path, int type, unsigned ppq)
{
	smf_writer wr;
	size_t i;
	int rc = 0;
	/* at most 8 events a grid point (four 14-bit lanes), one a 1 ms grid */
	hm->max_out = (size_t)(s->frames / (uint64_t)(s->sr / 1000.0 > 1.0 ? s->sr / 1000.0 : 1.0)) * 8U + 64U;
	hm->out = malloc(hm->max_out * sizeof *hm->out);
	if (!hm->out) {
		fprintf(stderr, "perlin-render: no memory for the MIDI events\n");
		return 1;
	}
	if (host_render_midi(w, s, hm, NULL)) {
		free(hm->out);
		return 1;
	}
	if (hm->n_out > hm->max_out || hm->past || hm->oversize || hm->malformed || hm->disorder) {
		fprintf(stderr, "perlin-render: the MIDI output was not what it should be\n");
		free(hm->out);
		return 1;
	}
	smf_init(&wr, ppq, s->bpm, s->sr);
	wr.type = type;
	for (i = 0; i < hm->n_out && !rc; ++i)
		rc = smf_event(&wr, hm->out[i].frame, hm->out[i].bytes,
		               hm->out[i].size < HOST_MIDI_BYTES ? hm->out[i].size : HOST_MIDI_BYTES);
	if (!rc)
		rc = smf_save(&wr, path);
	if (rc)
		fprintf(stderr, "perlin-render: cannot write %s\n", path);
	else if (!quiet)
		fprintf(stderr, "perlin-render: %zu MIDI events, type %d, %u ppq at %g BPM\n",
		        hm->n_out, type, ppq, s->bpm);
	smf_free(&wr);
	free(hm->out);
	return rc;
}

int main(int argc, char **argv)
{
	render_spec s;
	host_world w;
	const char *output = NULL, *plot = NULL, *midi = NULL;
	host_midi hm;
	unsigned ppq = 480;
	int smf_type = 0;
	char bundle[PATH_MAX + 16], title[512];
	double seconds = 10.0;
	int format = 32, i, random_blocks = 0, rc;
	int set_by_user[N_SYMBOLS] = { 0 };
	const char *cv_path[HOST_CV_INS] = { NULL, NULL, NULL, NULL, NULL };
	float *cv_buf[HOST_CV_INS] = { NULL, NULL, NULL, NULL, NULL };
	float *buf;
	render_spec_init(&s);
	host_midi_init(&hm);
	default_bundle(argv[0], bundle, sizeof bundle);
	s.block_seed = 1;
	for (i = 1; i < argc; ++i) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		double d;
#define NEED_VALUE                                                                  \
	if (!v) {                                                                   \
		fprintf(stderr, "perlin-render: %s needs a value\n%s", a, usage_text); \
		return 2;                                                           \
	}                                                                           \
	++i
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage_text, stdout);
			return 0;
		} else if (!strcmp(a, "--version")) {
			puts("perlin-render (perlin.lv2) " PERLIN_VERSION);
			return 0;
		} else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
			NEED_VALUE;
			output = v;
		} else if (!strcmp(a, "--plot")) {
			NEED_VALUE;
			plot = v;
		} else if (!strcmp(a, "--cv")) {
			s.cv = 1;
		} else if (!strcmp(a, "--cv-in")) {
			const char *eq;
			int k;
			NEED_VALUE;
			eq = strchr(v, '=');
			for (k = 0; eq && k < HOST_CV_INS; ++k)
				if (strlen(host_cv_symbols[k]) == (size_t)(eq - v) &&
				    !strncmp(v, host_cv_symbols[k], (size_t)(eq - v)))
					break;
			if (!eq || k == HOST_CV_INS || !eq[1]) {
				fprintf(stderr, "perlin-render: --cv-in wants IN=FILE.wav, IN one of rate_cv, "
				        "depth_cv, offset_cv, morph_cv, clock_in\n");
				return 2;
			}
			cv_path[k] = eq + 1;
		} else if (!strcmp(a, "--four")) {
			s.four = 1;
		} else if (!strcmp(a, "--keyed")) {
			s.keyed = 1;
		} else if (!strcmp(a, "--triggers")) {
			const char *q;
			NEED_VALUE;
			for (q = v; *q;) {
				char tbuf[64], *end;
				const size_t len = strcspn(q, ",");
				snprintf(tbuf, sizeof tbuf, "%.*s", (int)(len < 63 ? len : 63), q);
				d = strtod(tbuf, &end);
				if (end == tbuf || *end || !(d >= 0 && d <= 86400) ||
				    s.n_triggers == RENDER_MAX_TRIGGERS) {
					fprintf(stderr, "perlin-render: --triggers wants seconds, comma-separated "
					        "(at most %d)\n", RENDER_MAX_TRIGGERS);
					return 2;
				}
				s.trigger_t[s.n_triggers++] = d;
				q += len;
				if (*q == ',')
					++q;
			}
		} else if (!strcmp(a, "--midi")) {
			NEED_VALUE;
			midi = v;
		} else if (!strcmp(a, "--smf-type")) {
			NEED_VALUE;
			if (strcmp(v, "0") && strcmp(v, "1")) {
				fprintf(stderr, "perlin-render: --smf-type wants 0 or 1\n");
				return 2;
			}
			smf_type = v[0] - '0';
		} else if (!strcmp(a, "--ppq")) {
			NEED_VALUE;
			if (!parse_number(v, &d, a) || !(d >= 24 && d <= 32767)) {
				fprintf(stderr, "perlin-render: --ppq wants 24..32767\n");
				return 2;
			}
			ppq = (unsigned)d;
		} else if (!strcmp(a, "--bundle")) {
			NEED_VALUE;
			snprintf(bundle, sizeof bundle, "%s", v);
		} else if (!strcmp(a, "--seconds")) {
			NEED_VALUE;
			if (!parse_number(v, &seconds, a) || !(seconds > 0 && seconds <= 86400)) {
				fprintf(stderr, "perlin-render: --seconds wants 0 < S <= 86400\n");
				return 2;
			}
		} else if (!strcmp(a, "--sample-rate")) {
			NEED_VALUE;
			if (!parse_number(v, &d, a) || !(d >= 8000 && d <= 768000)) {
				fprintf(stderr, "perlin-render: --sample-rate wants 8000..768000\n");
				return 2;
			}
			s.sr = floor(d);
		} else if (!strcmp(a, "--block")) {
			NEED_VALUE;
			if (!strncmp(v, "random", 6)) {
				random_blocks = 1;
				s.block = 0;
				if (v[6] == ':')
					s.block_seed = (uint64_t)strtoull(v + 7, NULL, 0);
				else
					s.block_seed = (uint64_t)getpid() ^ (uint64_t)time(NULL);
			} else if (!parse_number(v, &d, a) || !(d >= 1 && d <= 1048576)) {
				fprintf(stderr, "perlin-render: --block wants 1..1048576 or random[:SEED]\n");
				return 2;
			} else {
				s.block = (uint32_t)d;
			}
		} else if (!strcmp(a, "--format")) {
			NEED_VALUE;
			format = !strcmp(v, "float") ? 32 : !strcmp(v, "16") ? 16 : !strcmp(v, "24") ? 24 : 0;
			if (!format) {
				fprintf(stderr, "perlin-render: --format wants float, 16 or 24\n");
				return 2;
			}
		} else if (!strcmp(a, "--set")) {
			const char *rest;
			int p;
			NEED_VALUE;
			if ((p = parse_symbol(v, &rest)) < 0 || !parse_number(rest, &d, v))
				return 2;
			if (p < RENDER_N_CONTROLS)
				s.set[p] = (float)checked_value(p, d);
			else
				hm.set[p - RENDER_N_CONTROLS] = (float)checked_value(p, d);
			set_by_user[p] = 1;
		} else if (!strcmp(a, "--ramp") || !strcmp(a, "--step")) {
			const char *rest;
			render_auto *au;
			int p;
			NEED_VALUE;
			if ((p = parse_symbol(v, &rest)) < 0)
				return 2;
			if (s.n_autos == RENDER_N_AUTOS) {
				fprintf(stderr, "perlin-render: one --ramp or --step per control\n");
				return 2;
			}
			au = &s.autos[s.n_autos++];
			au->param = p;
			au->step = a[2] == 's';
			if (!parse_points(au, rest, v))
				return 2;
			if (p >= RENDER_N_CONTROLS)
				set_by_user[p] = 1; /* (a MIDI setting: needs --midi) */
		} else if (!strcmp(a, "--bpm")) {
			NEED_VALUE;
			if (!parse_number(v, &s.bpm, a) || !(s.bpm >= 1 && s.bpm <= 1000)) {
				fprintf(stderr, "perlin-render: --bpm wants 1..1000\n");
				return 2;
			}
		} else if (!strcmp(a, "--start-beat")) {
			NEED_VALUE;
			if (!parse_number(v, &s.start_beat, a) || !(s.start_beat >= 0)) {
				fprintf(stderr, "perlin-render: --start-beat wants a beat >= 0\n");
				return 2;
			}
		} else if (!strcmp(a, "--jump")) {
			const char *colon;
			NEED_VALUE;
			colon = strchr(v, ':');
			if (!colon || s.n_jumps == RENDER_MAX_JUMPS) {
				fprintf(stderr, "perlin-render: --jump wants TIME:BEAT (at most %d)\n",
				        RENDER_MAX_JUMPS);
				return 2;
			}
			{
				char tbuf[64];
				snprintf(tbuf, sizeof tbuf, "%.*s", (int)(colon - v), v);
				if (!parse_number(tbuf, &s.jump_t[s.n_jumps], a) ||
				    !parse_number(colon + 1, &s.jump_beat[s.n_jumps], a))
					return 2;
			}
			++s.n_jumps;
		} else if (!strcmp(a, "--no-transport")) {
			s.transport = 0;
		} else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
			quiet = 1;
		} else {
			fprintf(stderr, "perlin-render: unknown option '%s'\n%s", a, usage_text);
			return 2;
		}
#undef NEED_VALUE
	}
	if (!output && !plot && !midi) {
		fprintf(stderr, "perlin-render: say where to write: -o OUT.wav and/or --plot OUT.svg"
		        " (or --midi OUT.mid)\n%s", usage_text);
		return 2;
	}
	if ((s.keyed && (s.cv || s.four)) || (s.n_triggers && !s.keyed && !s.cv && !midi)) {
		fprintf(stderr, "perlin-render: --triggers needs a plugin with a MIDI input: --keyed, "
		        "--cv (with --four too) or --midi, and --keyed goes alone\n");
		return 2;
	}
	for (i = RENDER_N_CONTROLS; i < N_SYMBOLS; ++i)
		if (set_by_user[i] && !midi) {
			fprintf(stderr, "perlin-render: %s belongs to Perlin Noise MIDI: add --midi\n",
			        any_info(i)->symbol);
			return 2;
		}
	if (midi)
		s.four = 1; /* (the lanes: -o and --plot render Perlin Noise x4) */
	for (i = 0; i < s.n_autos; ++i)
		if (s.autos[i].param == RENDER_SPREAD)
			set_by_user[RENDER_SPREAD] = 1;
	if (set_by_user[RENDER_SPREAD] && !s.four) {
		fprintf(stderr, "perlin-render: spread belongs to the four-output plugins: add --four\n");
		return 2;
	}
	for (i = 0; i < HOST_CV_INS; ++i)
		if (cv_path[i] && !s.cv) {
			fprintf(stderr, "perlin-render: --cv-in feeds the CV plugins: add --cv\n");
			return 2;
		}
	if (s.cv) /* the CV plugin's own defaults, where not set */
		for (i = 0; i < PERLIN_N_PARAMS; ++i)
			if (s.set[i] == perlin_params[i].def && !set_by_user[i])
				s.set[i] = perlin_params[i].cv_def;
	s.frames = (uint64_t)llround(seconds * s.sr);
	if (random_blocks && !quiet)
		fprintf(stderr, "perlin-render: random block sizes, seed %llu (--block random:%llu)\n",
		        (unsigned long long)s.block_seed, (unsigned long long)s.block_seed);
	if (!quiet && isatty(2) && seconds > 3.0)
		s.progress = progress;
	for (i = 0; i < HOST_CV_INS; ++i)
		if (cv_path[i]) {
			if (read_cv(cv_path[i], s.sr, s.frames, &cv_buf[i])) {
				while (i--)
					free(cv_buf[i]);
				return 1;
			}
			s.cv_in[i] = cv_buf[i];
		}
	if (host_world_open(&w, bundle))
		return 1;
	if (midi) {
		rc = write_midi(&w, &s, &hm, midi, smf_type, ppq);
		if (rc || (!output && !plot)) {
			if (!rc && !quiet)
				printf("%s\n", midi);
			host_world_close(&w);
			return rc ? 1 : 0;
		}
		if (!quiet)
			printf("%s\n", midi);
	}
	buf = malloc((size_t)s.frames * (s.four ? PERLIN_OUTPUTS : 1) * sizeof *buf);
	if (!buf) {
		fprintf(stderr, "perlin-render: %g s at %g Hz does not fit in memory\n", seconds, s.sr);
		return 1;
	}
	/* (the lanes of --midi with triggers: Perlin Noise x4 has no MIDI
	   input, so its DSP, which takes the same triggers, renders them) */
	rc = midi && s.n_triggers ? host_render_dsp(&s, perlin_dsp_best_path(), buf)
	                          : host_render(&w, &s, buf);
	if (!rc && output)
		rc = write_wav(output, buf, s.frames, s.four ? PERLIN_OUTPUTS : 1, s.sr, format);
	if (!rc && plot) {
		snprintf(title, sizeof title, "%s%s: octaves %g, persistence %g, lacunarity %g, %s%s, seed %g",
		         s.cv ? "Perlin Noise CV" : s.keyed ? "Perlin Noise Keyed" : "Perlin Noise",
		         s.four ? " x4" : "", s.set[PERLIN_OCTAVES],
		         s.set[PERLIN_PERSISTENCE], s.set[PERLIN_LACUNARITY],
		         s.set[PERLIN_DIMENSIONS] > 1.5f ? "2D" : "1D",
		         s.set[PERLIN_LOOP] > 0.5f ? ", looped" : "", s.set[PERLIN_SEED]);
		if (s.n_triggers) {
			static const char *const modes[4] = { "off", "restart", "new shape", "step" };
			const size_t used = strlen(title);
			snprintf(title + used, sizeof title - used, "; %d triggers, %s", s.n_triggers,
			         modes[(int)(s.set[PERLIN_TRIGGER] + 0.5f) & 3]);
		}
		for (i = 0; i < s.n_autos; ++i) {
			const size_t used = strlen(title);
			snprintf(title + used, sizeof title - used, "%s%s", i ? ", " : "; automated: ",
			         info_of(s.autos[i].param)->symbol);
		}
		if (s.four) {
			const size_t used = strlen(title);
			snprintf(title + used, sizeof title - used, ", spread %g", s.set[RENDER_SPREAD]);
		}
		rc = write_svg(plot, buf, s.frames, s.four ? PERLIN_OUTPUTS : 1, s.sr, title);
	}
	if (!rc && !quiet) {
		if (output)
			printf("%s\n", output);
		if (plot)
			printf("%s\n", plot);
	}
	free(buf);
	for (i = 0; i < HOST_CV_INS; ++i)
		free(cv_buf[i]);
	host_world_close(&w);
	return rc ? 1 : 0;
}
