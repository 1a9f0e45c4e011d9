/* wavcheck: figures about WAV files for tests/test_hosts.sh, read with
   libsndfile. Prints "key value" lines; exit 1 if a file is unreadable.

   wavcheck stats FILE [CHANNEL]
       frames, rate, channels, peak, rms, maxstep (largest sample-to-sample
       step), nonfinite (count)
   wavcheck segments FILE T0 T1 [T2 ...]
       for each segment [Ti, Ti+1) s: roughness (mean |step| per sample),
       span (max - min)
   wavcheck compare A B [OFFSET_B]
       maxdiff over the common length (B starting at frame OFFSET_B), corr;
       over every channel both have (channels): the largest difference and
       the lowest correlation; identical_from: the first frame from which
       every channel is the same to the end
   wavcheck corr FILE CH_A CH_B [T0 T1]
       corr and maxdiff between two channels of FILE (over [T0, T1) s)
   wavcheck points FILE CH POINTS
       maxdiff between channel CH of FILE and the points of POINTS (lines
       "... SAMPLE VALUE": the last two fields), and how many were read
   wavcheck envelope FILE REF [WINDOW_S [db|lin [T0 T1 ...]]]
       corr between FILE's windowed RMS (in dB with "db") and REF's windowed
       mean (REF mapped as a gain), and slope, the least-squares change of
       the former per unit of the latter: for modulation checks; with T0 T1
       pairs (seconds), only the windows wholly inside one of those spans
   wavcheck triggers FILE SKIP_S [OTHER | @F0,F1,...]
       FILE: channel 0 a signal, channel 1 1.0 at each trigger's frame (as
       tests/jack_notes writes), or the triggers at frames F0, F1, ... Segment k runs from SKIP_S after trigger k
       to trigger k+1 (the last to the end); over the shortest one's length:
       triggers, seglen (frames), same_maxdiff (the largest difference of
       any segment from the first, aligned on their triggers),
       shifted_maxdiff (the same with each later segment one frame late),
       span_min and span_max (the least and largest max - min within a
       whole segment), gap_min (the least difference between consecutive
       segments' first values), first_span (max - min of the segments'
       first values), maxstep; with OTHER (the same layout):
       other_maxdiff, segment k of FILE against segment k of OTHER
   wavcheck speed FILE CH_VOLTS CH_NOISE WINDOW_S
       a noise whose speed a CV sets, 1 V an octave: over windows of
       WINDOW_S, the least-squares slope of log2 of CH_NOISE's mean |step|
       on CH_VOLTS's mean (octaves a volt: 1 for a rate CV followed),
       their corr, and span (the CV's largest window mean less its least)
   wavcheck bound RATE OCTAVES PERSISTENCE LACUNARITY DIMS SR
       the largest sample step the noise library allows for these constant
       settings (noise_fbm_slope x rate / sr, and the slant in 2D), where no octave nears the
       band-limit, plus 1e-6
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#include "../noise/noise.h"
#include "test.h"

#include <math.h>
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	float *x; /* one channel */
	long n;
	int sr, channels;
} wav;

static int load(const char *path, int channel, wav *w)
{
	SF_INFO info;
	SNDFILE *f;
	float *all;
	long i;
	memset(&info, 0, sizeof info);
	f = sf_open(path, SFM_READ, &info);
	if (!f) {
		fprintf(stderr, "wavcheck: cannot read %s: %s\n", path, sf_strerror(NULL));
		return 0;
	}
	all = malloc((size_t)(info.frames * info.channels + 1) * sizeof *all);
	w->x = malloc((size_t)(info.frames + 1) * sizeof *w->x);
	if (!all || !w->x) {
		sf_close(f);
		return 0;
	}
	w->n = (long)sf_readf_float(f, all, info.frames);
	w->sr = info.samplerate;
	w->channels = info.channels;
	if (channel >= info.channels)
		channel = 0;
	for (i = 0; i < w->n; ++i)
		w->x[i] = all[i * info.channels + channel];
	/* jack_rec writes integer PCM without clipping: libsndfile turns a
	   sample of +1.0 (the saturator's flat top) into the format's most
	   negative integer, read back as -1.0. After a sample above 0.9 (the
	   saturator nearing its top) it is taken as the +1.0 it was; a step
	   from lower down stays the step it is (tests/test_wavcheck.sh). */
	if ((info.format & SF_FORMAT_SUBMASK) <= SF_FORMAT_PCM_U8)
		for (i = 1; i < w->n; ++i)
			if (w->x[i] == -1.0f && w->x[i - 1] > 0.9f)
				w->x[i] = 1.0f;
	free(all);
	sf_close(f);
	return 1;
}

static int stats(const char *path, int channel)
{
	wav w;
	double peak = 0, sum2 = 0, maxstep = 0;
	long i, nonfinite = 0;
	if (!load(path, channel, &w))
		return 1;
	for (i = 0; i < w.n; ++i) {
		const double v = w.x[i];
		if (!isfinite(v)) {
			++nonfinite;
			continue;
		}
		peak = fabs(v) > peak ? fabs(v) : peak;
		sum2 += v * v;
		if (i && isfinite(w.x[i - 1]) && fabs(v - w.x[i - 1]) > maxstep)
			maxstep = fabs(v - w.x[i - 1]);
	}
	printf("frames %ld\nrate %d\nchannels %d\npeak %.9g\nrms %.9g\nmaxstep %.9g\nnonfinite %ld\n",
	       w.n, w.sr, w.channels, peak, w.n ? sqrt(sum2 / (double)w.n) : 0.0, maxstep,
	       nonfinite);
	free(w.x);
	return 0;
}

static int segments(const char *path, int argc, char **argv)
{
	wav w;
	int s;
	if (!load(path, 0, &w))
		return 1;
	for (s = 0; s + 1 < argc; ++s) {
		long a = (long)(atof(argv[s]) * w.sr), b = (long)(atof(argv[s + 1]) * w.sr), i;
		double rough = 0;
		float lo = 1e30f, hi = -1e30f;
		if (b > w.n)
			b = w.n;
		if (a < 1)
			a = 1;
		for (i = a; i < b; ++i) {
			rough += fabs((double)w.x[i] - w.x[i - 1]);
			lo = w.x[i] < lo ? w.x[i] : lo;
			hi = w.x[i] > hi ? w.x[i] : hi;
		}
		printf("segment %d roughness %.9g span %.9g\n", s, b > a ? rough / (double)(b - a) : 0.0,
		       b > a ? (double)(hi - lo) : 0.0);
	}
	free(w.x);
	return 0;
}

static int compare(const char *pa, const char *pb, long offset)
{
	wav a, b;
	long n = 0, i, same_from = 0;
	double maxdiff = 0, corr = 1.0;
	int c, channels = 1;
	for (c = 0; c < channels; ++c) { /* every channel both files have */
		double cc;
		if (!load(pa, c, &a))
			return 1;
		if (!load(pb, c, &b)) {
			free(a.x);
			return 1;
		}
		channels = a.channels < b.channels ? a.channels : b.channels;
		if (offset < 0 || offset > b.n)
			offset = 0;
		n = a.n < b.n - offset ? a.n : b.n - offset;
		for (i = 0; i < n; ++i) {
			if (fabs((double)a.x[i] - b.x[i + offset]) > maxdiff)
				maxdiff = fabs((double)a.x[i] - b.x[i + offset]);
			if (a.x[i] != b.x[i + offset] && i + 1 > same_from)
				same_from = i + 1;
		}
		cc = n > 1 ? test_correlation(a.x, b.x + offset, (size_t)n) : 0.0;
		corr = cc < corr ? cc : corr;
		free(a.x);
		free(b.x);
	}
	printf("common %ld\nchannels %d\nmaxdiff %.9g\ncorr %.6f\nidentical_from %ld\n", n, channels,
	       maxdiff, corr, same_from);
	return 0;
}

/* least-squares slope of y on x */
static double slope(const float *y, const float *x, long n)
{
	double mx = 0, my = 0, sxy = 0, sxx = 0;
	long k;
	for (k = 0; k < n; ++k) {
		mx += x[k];
		my += y[k];
	}
	if (n < 2)
		return 0;
	mx /= (double)n;
	my /= (double)n;
	for (k = 0; k < n; ++k) {
		sxy += (x[k] - mx) * (y[k] - my);
		sxx += (x[k] - mx) * (x[k] - mx);
	}
	return sxx > 0 ? sxy / sxx : 0;
}

static int envelope(const char *path, const char *ref, double window_s, int db,
                    int n_spans, char **spans)
{
	wav a, r;
	long win, n, k, m, used = 0;
	float *ea, *er;
	if (!load(path, 0, &a) || !load(ref, 0, &r))
		return 1;
	win = (long)(window_s * a.sr);
	if (win < 1)
		win = 1;
	n = (a.n < r.n ? a.n : r.n) / win;
	ea = malloc((size_t)(n + 1) * sizeof *ea);
	er = malloc((size_t)(n + 1) * sizeof *er);
	for (k = 0; k < n; ++k) {
		double s2 = 0, s = 0;
		int inside = n_spans < 2, j;
		for (j = 0; j + 1 < n_spans; j += 2)
			inside |= (double)(k * win) >= atof(spans[j]) * a.sr &&
			          (double)((k + 1) * win) <= atof(spans[j + 1]) * a.sr;
		if (!inside)
			continue;
		for (m = k * win; m < (k + 1) * win; ++m) {
			s2 += (double)a.x[m] * a.x[m];
			s += r.x[m];
		}
		ea[used] = (float)sqrt(s2 / (double)win);
		if (db)
			ea[used] = (float)(20.0 * log10(ea[used] + 1e-12));
		er[used] = (float)(s / (double)win);
		++used;
	}
	printf("windows %ld\ncorr %.6f\nslope %.6f\n", used,
	       used > 2 ? test_correlation(ea, er, (size_t)used) : 0.0, slope(ea, er, used));
	free(ea);
	free(er);
	free(a.x);
	free(r.x);
	return 0;
}

static int speed(const char *path, int ch_volts, int ch_noise, double window_s)
{
	wav v, x;
	long win, n, k, m, used = 0;
	float *octaves, *volts;
	double lo = 1e30, hi = -1e30;
	if (!load(path, ch_volts, &v))
		return 1;
	if (!load(path, ch_noise, &x)) {
		free(v.x);
		return 1;
	}
	win = (long)(window_s * v.sr);
	win = win < 2 ? 2 : win;
	n = v.n / win;
	octaves = malloc((size_t)(n + 1) * sizeof *octaves);
	volts = malloc((size_t)(n + 1) * sizeof *volts);
	for (k = 0; k < n && octaves && volts; ++k) {
		double steps = 0, sum = 0;
		for (m = k * win; m < (k + 1) * win; ++m) {
			sum += v.x[m];
			if (m > k * win)
				steps += fabs((double)x.x[m] - x.x[m - 1]);
		}
		if (!(steps > 0))
			continue; /* (a noise standing still: no speed to read) */
		octaves[used] = (float)log2(steps / (double)(win - 1));
		volts[used] = (float)(sum / (double)win);
		lo = volts[used] < lo ? volts[used] : lo;
		hi = volts[used] > hi ? volts[used] : hi;
		++used;
	}
	printf("windows %ld\nslope %.6f\ncorr %.6f\nspan %.6f\n", used,
	       used > 2 ? slope(octaves, volts, used) : 0.0,
	       used > 2 ? test_correlation(octaves, volts, (size_t)used) : 0.0,
	       used ? hi - lo : 0.0);
	free(octaves);
	free(volts);
	free(v.x);
	free(x.x);
	return 0;
}

/* the frames of channel 1's marks */
static long marks(const wav *m, long *at, long max)
{
	long i, n = 0;
	for (i = 0; i < m->n && n < max; ++i)
		if (m->x[i] > 0.5f)
			at[n++] = i;
	return n;
}

static int triggers(const char *path, double skip_s, const char *other)
{
	wav x, m, ox, om;
	long at[256], oat[256], n, on = 0, k, i, len = -1, skip;
	double same = 0, shifted = 0, span_min = 1e30, span_max = 0, gap_min = 1e30, step = 0,
	       cross = 0, first_lo = 1e30, first_hi = -1e30;
	if (other && other[0] == '@') { /* the triggers' frames, not a channel */
		const char *c = other + 1;
		if (!load(path, 0, &x))
			return 1;
		for (n = 0; *c && n < 256; ++n) {
			char *e;
			at[n] = strtol(c, &e, 10);
			if (e == c || at[n] < 0 || at[n] >= x.n)
				return 1;
			c = *e == ',' ? e + 1 : e;
		}
		m.x = NULL;
		other = NULL;
	} else {
		if (!load(path, 0, &x) || !load(path, 1, &m) || m.channels < 2)
			return 1;
		n = marks(&m, at, 256);
	}
	skip = (long)(skip_s * x.sr);
	if (other) {
		if (!load(other, 0, &ox) || !load(other, 1, &om) || om.channels < 2)
			return 1;
		on = marks(&om, oat, 256);
	}
	for (k = 0; k < n; ++k) {
		const long end = k + 1 < n ? at[k + 1] : x.n;
		float lo = 1e30f, hi = -1e30f;
		if (len < 0 || end - at[k] - skip < len)
			len = end - at[k] - skip;
		for (i = at[k] + skip; i < end; ++i) {
			lo = x.x[i] < lo ? x.x[i] : lo;
			hi = x.x[i] > hi ? x.x[i] : hi;
		}
		span_min = hi - lo < span_min ? hi - lo : span_min;
		span_max = hi - lo > span_max ? hi - lo : span_max;
		first_lo = x.x[at[k] + skip] < first_lo ? x.x[at[k] + skip] : first_lo;
		first_hi = x.x[at[k] + skip] > first_hi ? x.x[at[k] + skip] : first_hi;
		if (k && fabs((double)x.x[at[k] + skip] - x.x[at[k - 1] + skip]) < gap_min)
			gap_min = fabs((double)x.x[at[k] + skip] - x.x[at[k - 1] + skip]);
	}
	for (k = 1; k < n; ++k)
		for (i = 0; i + 1 < len; ++i) {
			const double a = x.x[at[0] + skip + i];
			same = fabs(x.x[at[k] + skip + i] - a) > same ? fabs(x.x[at[k] + skip + i] - a) : same;
			shifted = fabs(x.x[at[k] + skip + i + 1] - a) > shifted
			                  ? fabs(x.x[at[k] + skip + i + 1] - a)
			                  : shifted;
		}
	for (k = 0; k < n && k < on; ++k)
		for (i = 0; i < len && oat[k] + skip + i < ox.n; ++i)
			if (fabs((double)x.x[at[k] + skip + i] - ox.x[oat[k] + skip + i]) > cross)
				cross = fabs((double)x.x[at[k] + skip + i] - ox.x[oat[k] + skip + i]);
	for (i = 1; i < x.n; ++i)
		step = fabs((double)x.x[i] - x.x[i - 1]) > step ? fabs((double)x.x[i] - x.x[i - 1]) : step;
	printf("triggers %ld\nseglen %ld\nsame_maxdiff %.9g\nshifted_maxdiff %.9g\n"
	       "span_min %.9g\nspan_max %.9g\ngap_min %.9g\nfirst_span %.9g\nmaxstep %.9g\n",
	       n, len, same, shifted, span_min, span_max, n > 1 ? gap_min : 0.0,
	       n ? first_hi - first_lo : 0.0, step);
	if (other) {
		printf("other_triggers %ld\nother_maxdiff %.9g\n", on, cross);
		free(ox.x);
		free(om.x);
	}
	free(x.x);
	free(m.x);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "triggers"))
		return triggers(argv[2], atof(argv[3]), argc > 4 ? argv[4] : NULL);
	if (argc >= 3 && !strcmp(argv[1], "stats"))
		return stats(argv[2], argc > 3 ? atoi(argv[3]) : 0);
	if (argc >= 5 && !strcmp(argv[1], "segments"))
		return segments(argv[2], argc - 3, argv + 3);
	if (argc >= 5 && !strcmp(argv[1], "points")) {
		wav a;
		char line[512];
		long count = 0;
		double maxdiff = 0.0;
		FILE *f;
		if (!load(argv[2], atoi(argv[3]), &a))
			return 1;
		f = fopen(argv[4], "r");
		if (!f) {
			free(a.x);
			return 1;
		}
		while (fgets(line, sizeof line, f)) {
			char *last = strrchr(line, ' '), *prev;
			long at;
			if (!last)
				continue;
			*last = '\0';
			prev = strrchr(line, ' ');
			at = atol(prev ? prev + 1 : line);
			if (at < 0 || at >= a.n)
				continue;
			if (fabs(atof(last + 1) - (double)a.x[at]) > maxdiff)
				maxdiff = fabs(atof(last + 1) - (double)a.x[at]);
			++count;
		}
		fclose(f);
		printf("points %ld\nmaxdiff %.9g\n", count, maxdiff);
		free(a.x);
		return 0;
	}
	if (argc >= 5 && !strcmp(argv[1], "corr")) {
		wav a, b;
		long i0 = 0, i1, i;
		double maxdiff = 0.0;
		if (!load(argv[2], atoi(argv[3]), &a))
			return 1;
		if (!load(argv[2], atoi(argv[4]), &b)) {
			free(a.x);
			return 1;
		}
		i1 = a.n;
		if (argc >= 7) { /* a segment [T0, T1) s */
			i0 = (long)(atof(argv[5]) * a.sr);
			i1 = (long)(atof(argv[6]) * a.sr);
			i0 = i0 < 0 ? 0 : i0 > a.n ? a.n : i0;
			i1 = i1 < i0 ? i0 : i1 > a.n ? a.n : i1;
		}
		for (i = i0; i < i1; ++i)
			if (fabs((double)a.x[i] - b.x[i]) > maxdiff)
				maxdiff = fabs((double)a.x[i] - b.x[i]);
		printf("corr %.6f\nmaxdiff %.9g\n",
		       i1 - i0 > 1 ? test_correlation(a.x + i0, b.x + i0, (size_t)(i1 - i0)) : 0.0,
		       maxdiff);
		free(a.x);
		free(b.x);
		return 0;
	}
	if (argc >= 4 && !strcmp(argv[1], "compare"))
		return compare(argv[2], argv[3], argc > 4 ? atol(argv[4]) : 0);
	if (argc >= 4 && !strcmp(argv[1], "envelope"))
		return envelope(argv[2], argv[3], argc > 4 ? atof(argv[4]) : 0.05,
		                argc > 5 && !strcmp(argv[5], "db"), argc > 6 ? argc - 6 : 0, argv + 6);
	if (argc >= 6 && !strcmp(argv[1], "speed"))
		return speed(argv[2], atoi(argv[3]), atoi(argv[4]), atof(argv[5]));
	if (argc >= 8 && !strcmp(argv[1], "bound")) {
		noise_fbm p;
		const int dims = atoi(argv[6]);
		/* 2D: the path moves y by the slant as x moves */
		const double path = dims == 2 ? 1.0 + NOISE_2D_SLANT : 1.0;
		p.octaves = atof(argv[3]);
		p.persistence = atof(argv[4]);
		p.lacunarity = atof(argv[5]);
		printf("bound %.9g\n",
		       noise_fbm_slope(p, dims) * path * atof(argv[2]) / atof(argv[7]) + 1e-6);
		return 0;
	}
	fprintf(stderr, "usage: wavcheck stats FILE [CH] | segments FILE T0 T1 ... |\n"
	                "       compare A B [OFFSET] | corr FILE CH_A CH_B [T0 T1] |\n"
	                "       points FILE CH POINTS |\n"
	                "       envelope FILE REF [WINDOW_S [db]] |\n"
	                "       triggers FILE SKIP_S [OTHER | @F0,F1,...] |\n"
	                "       speed FILE CH_VOLTS CH_NOISE WINDOW_S |\n"
	                "       bound RATE OCTAVES PERSISTENCE LACUNARITY DIMS SR\n");
	return 2;
}
