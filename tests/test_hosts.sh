#!/bin/sh
# test_hosts.sh: the installed bundle in real hosts nobody here wrote:
# ffmpeg's lv2 filter, jalv on a dummy JACK server, and Ardour 7 headless
# (tests/ardour_export.lua). Every process it starts it stops by PID.
# Usage: tests/test_hosts.sh BUILD_DIR   (make test-hosts installs the bundle
# into BUILD_DIR/hosts/lv2 first; NO_ARDOUR=1 leaves Ardour out, for a quick
# run; ONLY_ARDOUR=1 runs Ardour alone, with ARDOUR=ardour8 the Ardour 8 of
# make test-ardour8). Ends with "N passed, N failed".
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
B=$1
W=$B/wavcheck
OUT=$(cd "$B" && pwd)/hosts
LV2_PATH=$OUT/lv2:/usr/lib/lv2
export LV2_PATH
URI=urn:perlin-lv2:perlin
URI_CV=urn:perlin-lv2:perlin-cv
URI4=urn:perlin-lv2:perlin4
URI4_CV=urn:perlin-lv2:perlin4-cv
URI_KEYED=urn:perlin-lv2:perlin-keyed
URI_MIDI=urn:perlin-lv2:perlin-midi
pass=0
fail=0
mkdir -p "$OUT"

. "$(dirname "$0")/checks.sh"

# ---- ffmpeg -----------------------------------------------------------------
ffmpeg_tests() {
	echo "-- ffmpeg $(ffmpeg -version | awk 'NR == 1 { print $3 }'), lv2 filter"
	# perlin-render loads build/perlin.lv2 itself: keep the installed copy out
	render() { LV2_PATH=/usr/lib/lv2 "$B/perlin-render" "$@"; }
	esc=$(printf '%s' "$URI" | sed 's/:/\\\\:/g')
	esc_cv=$(printf '%s' "$URI_CV" | sed 's/:/\\\\:/g')
	# the audio plugin against perlin-render, same settings
	ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi \
		-i "lv2=p=$esc:c=rate=3|octaves=6|seed=7|dimensions=2|drift=0.5:s=44100:n=333:d=6" \
		-c:a pcm_f32le "$OUT/ffmpeg.wav"
	check "ffmpeg renders Perlin Noise" test -s "$OUT/ffmpeg.wav"
	render -q --seconds 6 --sample-rate 44100 --set rate=3 --set octaves=6 \
		--set seed=7 --set dimensions=2 --set drift=0.5 -o "$OUT/ffmpeg-ref.wav"
	"$W" compare "$OUT/ffmpeg.wav" "$OUT/ffmpeg-ref.wav" > "$OUT/ffmpeg.cmp"
	d=$(figure "$OUT/ffmpeg.cmp" maxdiff)
	n=$(figure "$OUT/ffmpeg.cmp" common)
	echo "     ffmpeg vs perlin-render: $n samples, max difference $d"
	check "ffmpeg output matches perlin-render" le "${d:-1}" 1e-6
	check "ffmpeg rendered all 6 s" le 264600 "${n:-0}"
	# the CV plugin: ffmpeg connects no CV port, so cv is NULL in run()
	ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi \
		-i "lv2=p=$esc_cv:c=rate=3:s=48000:d=3,aformat=channel_layouts=mono" \
		-c:a pcm_f32le "$OUT/ffmpeg-cv.wav"
	rc=$?
	check "ffmpeg runs Perlin Noise CV with its CV port NULL (exit $rc)" test "$rc" -eq 0
	# Perlin Noise x4: its four audio outputs as four channels
	esc4=$(printf '%s' "$URI4" | sed 's/:/\\\\:/g')
	ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi \
		-i "lv2=p=$esc4:c=rate=3|octaves=6|seed=7|spread=0.6|dimensions=2|drift=0.5:s=44100:n=333:d=6" \
		-c:a pcm_f32le "$OUT/ffmpeg4.wav"
	check "ffmpeg renders Perlin Noise x4" test -s "$OUT/ffmpeg4.wav"
	render -q --four --seconds 6 --sample-rate 44100 --set rate=3 --set octaves=6 \
		--set seed=7 --set spread=0.6 --set dimensions=2 --set drift=0.5 \
		-o "$OUT/ffmpeg4-ref.wav"
	"$W" compare "$OUT/ffmpeg4.wav" "$OUT/ffmpeg4-ref.wav" > "$OUT/ffmpeg4.cmp"
	d=$(figure "$OUT/ffmpeg4.cmp" maxdiff)
	c=$(figure "$OUT/ffmpeg4.cmp" channels)
	echo "     ffmpeg x4 vs perlin-render --four: $c channels, max difference $d"
	check "ffmpeg renders the four outputs as four channels" test "${c:-0}" -eq 4
	check "ffmpeg's four channels match perlin-render --four" le "${d:-1}" 1e-6
}

# cv_ok STATS BOUND: a recorded CV channel is 2 s long, finite, in [-1, 1],
# moving, and steps no more than BOUND
cv_ok() {
	[ "$(figure "$1" frames)" -ge 86400 ] && [ "$(figure "$1" nonfinite)" -eq 0 ] &&
		le "$(figure "$1" peak)" 1 && lt 0.05 "$(figure "$1" rms)" &&
		le "$(figure "$1" maxstep)" "$2"
}

# ---- jalv on a dummy JACK server -----------------------------------------------
# start_jackd NAME LOG: a dummy jackd (48 kHz, 1024 frames) as the server
# NAME for the clients started from here on; its PID in jackd_pid. 1 (and
# a failed check) when it does not come up. Realtime (SCHED_FIFO, which
# JACK gives its clients' process threads too) where the machine allows it:
# on a loaded machine (load 9 on 2 cores here) a server without it missed
# cycles, whose gaps the recordings then showed. Every missed cycle
# (an xrun) is in the LOG: xruns LOG counts them.
start_jackd() {
	JACK_DEFAULT_SERVER=$1
	export JACK_DEFAULT_SERVER
	jack_jackd_rt=--no-realtime
	chrt -f 10 true 2> /dev/null && jack_jackd_rt="--realtime -P 70"
	# shellcheck disable=SC2086 # the options, split on purpose
	jackd $jack_jackd_rt -n "$1" -d dummy -r 48000 -p 1024 > "$2" 2>&1 &
	jackd_pid=$!
	if ! jack_wait -w -t 10 > /dev/null 2>&1; then
		bad "jackd (dummy) did not start"
		kill "$jackd_pid" 2> /dev/null
		return 1
	fi
}

xruns() { grep -c "XRun" "$1"; }

# record WAV PORT...: 2 s (REC_SECONDS) of the ports with jack_rec; a
# recording during which the server missed a cycle (the machine's, not the
# plugin's: its gap would fail the continuity checks) is made again, up to
# 6 tries (on this project's VM, quiet but for its neighbours, three tries
# in a row have each missed a cycle). jack_rec's ring holds the whole
# recording (-B, frames): with its default of 16384 frames, its writer
# thread kept off the cores for 0.8 s (realtime busy loops) dropped
# samples one channel at a time, and the four channels stepped and
# rotated; a recording that still overran is made again.
record() {
	rec_wav=$1
	shift
	rec_frames=$(((${REC_SECONDS:-2} + 1) * 48000))
	for rec_try in 1 2 3 4 5 6; do
		rec_before=$(xruns "$OUT/jackd.log")
		jack_rec -f "$rec_wav" -d "${REC_SECONDS:-2}" -b 32 -B "$rec_frames" "$@" > "$rec_wav.log" 2>&1
		rec_xruns=$(($(xruns "$OUT/jackd.log") - rec_before))
		rec_overruns=$(sed -n 's/^jackrec failed with \([0-9]*\) overruns.*/\1/p' "$rec_wav.log")
		[ "$rec_xruns" -eq 0 ] && [ -z "$rec_overruns" ] && return
		echo "     $(basename "$rec_wav") (try $rec_try): $rec_xruns xruns (JACK missed cycles), ${rec_overruns:-0} samples jack_rec dropped: recorded again"
	done
}

# A noise modulating a noise: Perlin Noise CV "slow" (rate 1, one
# octave) with its cv (-1..1: jack_rec's integer samples would wrap a
# volt beyond) patched into a second one's rate_cv ("fast", rate 100, one
# octave), both recorded together. A
# one-octave 1D noise's mean |step| over a window is its speed times a
# constant, so log2 of it against the CV's volts, window by window, has a
# slope of 1 (1 V an octave) where the CV is followed, 0 where it is not
# (over 50 windows of 0.2 s, within about 0.05 either: the bounds are 6
# of that from each, so that the windows' chance does not fail a run).
jalv_start() { # NAME URI CONTROL...: jalv as client NAME, stdin held open
	js_name=$1
	js_uri=$2
	shift 2
	rm -f "$OUT/$js_name.in"
	mkfifo "$OUT/$js_name.in"
	# shellcheck disable=SC2046 # each control its own -c
	jalv $(for c in "$@"; do printf -- '-c %s ' "$c"; done) -n "$js_name" "$js_uri" \
		< "$OUT/$js_name.in" > "$OUT/$js_name.log" 2>&1 &
	echo $! > "$OUT/$js_name.pid"
	sleep 3600 > "$OUT/$js_name.in" &
	echo $! > "$OUT/$js_name.hold"
	i=0
	while [ $i -lt 100 ] && ! jack_lsp 2> /dev/null | grep -q "^$js_name:cv\$"; do
		sleep 0.1
		i=$((i + 1))
	done
}
jalv_stop() { # NAME
	kill "$(cat "$OUT/$1.hold")" "$(cat "$OUT/$1.pid")" 2> /dev/null
	wait "$(cat "$OUT/$1.pid")" 2> /dev/null
}
jalv_patch_tests() {
	jalv_start slow "$URI_CV" rate=1 octaves=1 seed=5
	jalv_start fast "$URI_CV" rate=100 octaves=1 seed=2
	check "jalv: two Perlin Noise CV, slow:cv and fast:rate_cv" \
		sh -c 'jack_lsp slow:cv > /dev/null && jack_lsp fast:rate_cv > /dev/null'
	jack_connect slow:cv fast:rate_cv
	# (the connection is made in the server's next cycle: wait for it)
	i=0
	while [ $i -lt 50 ] && ! jack_lsp -c fast:rate_cv 2> /dev/null | grep -q 'slow:cv$'; do
		sleep 0.1
		i=$((i + 1))
	done
	REC_SECONDS=10 record "$OUT/patch.wav" slow:cv fast:cv
	jack_disconnect slow:cv fast:rate_cv
	REC_SECONDS=10 record "$OUT/unpatched.wav" slow:cv fast:cv
	jalv_stop fast
	jalv_stop slow
	if "$W" speed "$OUT/patch.wav" 0 1 0.2 > "$OUT/patch.speed" &&
		"$W" speed "$OUT/unpatched.wav" 0 1 0.2 > "$OUT/unpatched.speed"; then
		echo "     noise into rate_cv: $(tr '\n' ' ' < "$OUT/patch.speed")"
		echo "     not patched: $(tr '\n' ' ' < "$OUT/unpatched.speed")"
		check "jalv: the CV moved over 0.8 V while recorded (a speed to read)" \
			lt 0.8 "$(figure "$OUT/patch.speed" span)"
		check "jalv: a noise into rate_cv sets the speed at 1 V an octave (slope 0.7..1.3)" \
			between "$(figure "$OUT/patch.speed" slope)" 0.7 1.3
		check "jalv: the speed follows the CV window by window (corr above 0.6)" \
			lt 0.6 "$(figure "$OUT/patch.speed" corr)"
		check "jalv: not patched, the speed does not follow it (slope within 0.3 of 0)" \
			between "$(figure "$OUT/unpatched.speed" slope)" -0.3 0.3
		if "$W" stats "$OUT/patch.wav" 1 > "$OUT/patch.stats"; then
			check "jalv: the modulated noise finite, in [-1, 1]" \
				le "$(figure "$OUT/patch.stats" peak)" 1
		fi
	else
		bad "jack_rec wrote no readable two-channel WAV of the patch"
	fi
}

jalv_tests() {
	echo "-- jalv $(dpkg-query -W -f '${Version}' jalv 2> /dev/null), jackd $(dpkg-query -W -f '${Version}' jackd2 2> /dev/null) dummy backend"
	start_jackd "perlin-test-$$" "$OUT/jackd.log" || return
	rm -f "$OUT/jalv.in"
	mkfifo "$OUT/jalv.in"
	jalv -c rate=5 -c octaves=5 -c seed=3 -n perlin "$URI_CV" \
		< "$OUT/jalv.in" > "$OUT/jalv.log" 2>&1 &
	jalv_pid=$!
	exec 3> "$OUT/jalv.in" # keeps jalv's stdin open until we close it
	i=0
	while [ $i -lt 50 ] && ! jack_lsp 2> /dev/null | grep -q '^perlin:cv$'; do
		sleep 0.1
		i=$((i + 1))
	done
	check "jalv loads Perlin Noise CV and exposes perlin:cv" jack_lsp perlin:cv
	record "$OUT/jalv.wav" perlin:cv
	# jalv's console command "monitors" prints the control outputs (level)
	for i in 1 2 3 4 5 6 7 8; do
		echo monitors >&3
		sleep 0.2
	done
	exec 3>&-
	kill "$jalv_pid" 2> /dev/null
	wait "$jalv_pid" 2> /dev/null
	# Perlin Noise CV x4: its four CV ports recorded together
	rm -f "$OUT/jalv4.in"
	mkfifo "$OUT/jalv4.in"
	jalv -c rate=40 -c octaves=5 -c seed=3 -c spread=0.3 -n perlin4 "$URI4_CV" \
		< "$OUT/jalv4.in" > "$OUT/jalv4.log" 2>&1 &
	jalv4_pid=$!
	exec 4> "$OUT/jalv4.in"
	i=0
	while [ $i -lt 50 ] && ! jack_lsp 2> /dev/null | grep -q '^perlin4:cv_4$'; do
		sleep 0.1
		i=$((i + 1))
	done
	check "jalv loads Perlin Noise CV x4 and exposes perlin4:cv_1 .. cv_4" \
		sh -c 'jack_lsp perlin4:cv_1 && jack_lsp perlin4:cv_4'
	record "$OUT/jalv4.wav" perlin4:cv_1 perlin4:cv_2 perlin4:cv_3 perlin4:cv_4
	exec 4>&-
	kill "$jalv4_pid" 2> /dev/null
	wait "$jalv4_pid" 2> /dev/null
	jalv_patch_tests
	kill "$jackd_pid" 2> /dev/null
	wait "$jackd_pid" 2> /dev/null
	if "$W" stats "$OUT/jalv4.wav" 3 > "$OUT/jalv4.stats"; then
		bound=$("$W" bound 40 5 0.5 2 1 48000 | awk '{ print $2 }')
		bound4=$(awk -v b="$bound" 'BEGIN { print b * 1.42 }')
		check "jalv recorded the four CV outputs" test "$(figure "$OUT/jalv4.stats" channels)" -eq 4
		for ch in 0 1 2 3; do
			"$W" stats "$OUT/jalv4.wav" $ch > "$OUT/jalv4-$ch.stats"
			echo "     jalv cv_$((ch + 1)): $(tr '\n' ' ' < "$OUT/jalv4-$ch.stats")(step bound $bound4)"
			check "jalv cv_$((ch + 1)): 2 s, finite, in [-1, 1], moving, continuous" \
				cv_ok "$OUT/jalv4-$ch.stats" "$bound4"
		done
		# spread 0.3: every pair correlates by about 0.7 (80 cells of octave
		# 0 in 2 s: within about 0.06), related and not the same
		for pair in "0 1" "0 2" "0 3" "1 2" "1 3" "2 3"; do
			pa=${pair% *}
			pb=${pair#* }
			r=$("$W" corr "$OUT/jalv4.wav" "$pa" "$pb" | awk '$1 == "corr" { print $2 }')
			echo "     jalv x4 at spread 0.3: cv_$((pa + 1)) and cv_$((pb + 1)) correlate by $r"
			check "jalv x4: cv_$((pa + 1)) and cv_$((pb + 1)) related, not the same" \
				between "$r" 0.3 0.999
		done
	else
		bad "jack_rec wrote no readable four-channel WAV"
	fi
	if "$W" stats "$OUT/jalv.wav" > "$OUT/jalv.stats"; then
		bound=$("$W" bound 5 5 0.5 2 1 48000 | awk '{ print $2 }')
		echo "     jalv cv: $(tr '\n' ' ' < "$OUT/jalv.stats")(step bound $bound)"
		check "jalv recorded 2 s of CV" le 86400 "$(figure "$OUT/jalv.stats" frames)"
		check "jalv CV is finite and in [-1, 1]" le "$(figure "$OUT/jalv.stats" peak)" 1
		check "jalv CV has no non-finite samples" test "$(figure "$OUT/jalv.stats" nonfinite)" -eq 0
		check "jalv CV moves" lt 0.05 "$(figure "$OUT/jalv.stats" rms)"
		check "jalv CV is continuous" le "$(figure "$OUT/jalv.stats" maxstep)" "$bound"
	else
		bad "jack_rec wrote no readable WAV"
	fi
	# level, as jalv's "monitors" printed it, must be in range and change
	sed -n 's/^.*level = //p' "$OUT/jalv.log" > "$OUT/jalv.levels"
	levels=$(sort -u "$OUT/jalv.levels" | wc -l)
	out_of_range=$(awk '$1 < -1 || $1 > 1' "$OUT/jalv.levels" | wc -l)
	check "jalv shows level changing ($levels distinct values)" test "$levels" -ge 5
	check "jalv level stays in [-1, 1]" test "$out_of_range" -eq 0
}

# ---- jalv on JACK, triggered by a JACK client ----------------------------------
# notes_run NAME URI JACK_NOTES_ARGS DEST_PORT JALV_ARGS...: jalv loads URI as
# "trig" on the running server, tests/jack_notes (built as $B/jack_notes)
# sends triggers into trig:DEST_PORT and records trig:cv (or trig:out) into
# $OUT/NAME.wav, with the triggers' frames in its second channel (Perlin
# Noise MIDI: trig:midi_out into $OUT/NAME.wav, a text file, with -m). A
# try whose client fails (on a loaded machine a JACK client can miss its
# connections or cycles), or during which the server missed a cycle (an
# xrun), is made again, up to 6 tries (as record's), each printed; the
# last one's exit status is notes_run's, and the checks then read only its
# files (none when it failed: a missing figure fails them).
notes_run() {
	name=$1 uri=$2 nargs=$3 dest=$4
	shift 4
	for notes_try in 1 2 3 4 5 6; do
		notes_once "$name" "$uri" "$nargs" "$dest" "$@" && return 0
		rm -f "$OUT/$name.wav"
	done
	return 1
}
notes_once() {
	name=$1 uri=$2 nargs=$3 dest=$4
	shift 4
	rm -f "$OUT/$name.in" "$OUT/$name.wav"
	mkfifo "$OUT/$name.in"
	jalv "$@" -n trig "$uri" < "$OUT/$name.in" > "$OUT/$name-jalv.log" 2>&1 &
	notes_jalv=$!
	exec 5> "$OUT/$name.in"
	src=trig:cv
	[ "$uri" = "$URI_KEYED" ] && src=trig:out
	[ "$uri" = "$URI_MIDI" ] && src=trig:midi_out
	i=0
	while [ $i -lt 50 ] && ! jack_lsp 2> /dev/null | grep -q "^trig:$dest\$"; do
		sleep 0.1
		i=$((i + 1))
	done
	notes_xruns=$(xruns "$OUT/jackd-notes.log")
	# shellcheck disable=SC2086 # nargs: options, split on purpose
	"$B/jack_notes" $nargs "$OUT/$name.wav" "$src" "trig:$dest" > "$OUT/$name.notes" 2>&1
	notes_rc=$?
	notes_xruns=$(($(xruns "$OUT/jackd-notes.log") - notes_xruns))
	exec 5>&-
	kill "$notes_jalv" 2> /dev/null
	wait "$notes_jalv" 2> /dev/null
	echo "     $name (try $notes_try): jack_notes exit $notes_rc, $(figure "$OUT/$name.notes" sent) of" \
		"$(figure "$OUT/$name.notes" triggers) triggers sent at frames" \
		"$(awk '$1 == "note" { printf "%s%s", s, $6; s = "," }' "$OUT/$name.notes") of" \
		"their $(figure "$OUT/$name.notes" buffer)-frame cycles, $(figure "$OUT/$name.notes" recorded) frames recorded," \
		"$notes_xruns xruns"
	# (a try during which JACK missed a cycle is the machine's: made again)
	[ $notes_rc -eq 0 ] && [ "$notes_xruns" -eq 0 ]
}

# trig NAME KEY: a figure of wavcheck triggers for $OUT/NAME
trig() { figure "$OUT/$1.trig" "$2"; }

jalv_trigger_tests() {
	echo "-- jalv on JACK: MIDI notes and CV triggers from a JACK client (tests/jack_notes.c)"
	start_jackd "perlin-notes-$$" "$OUT/jackd-notes.log" || return
	notes_jackd=$jackd_pid
	rm -f "$OUT"/*.trig
	set -- -c rate=5 -c octaves=5 -c seed=3
	# the noise's steepest step at these settings, plus a smoothstep of
	# height 2 over the 10 ms crossfade (restart) or the 50 ms glide (step)
	nb=$("$W" bound 5 5 0.5 2 1 48000 | awk '{ print $2 }')
	xb=$(awk -v b="$nb" 'BEGIN { print b + 3 / 480 }')
	gb=$(awk -v b="$nb" 'BEGIN { print b + 3 / 2400 }')
	# Restart, MIDI note-ons into Perlin Noise CV: every segment after a
	# note (past the 10 ms crossfade) the same, sample for sample
	notes_run restart-midi "$URI_CV" "" control "$@" -c trigger=1 &&
		"$W" triggers "$OUT/restart-midi.wav" 0.015 > "$OUT/restart-midi.trig"
	check "jalv: 8 MIDI notes sent and recorded" test "$(trig restart-midi triggers)" = 8
	echo "     restart (MIDI): $(trig restart-midi seglen)-frame segments from 15 ms after each note differ" \
		"by $(trig restart-midi same_maxdiff) (one frame off: $(trig restart-midi shifted_maxdiff));" \
		"each moves by $(trig restart-midi span_min); largest step $(trig restart-midi maxstep) (bound $xb)"
	check "jalv: Restart by MIDI note repeats the same segment after every note" \
		le "$(trig restart-midi same_maxdiff)" 1e-6
	check "jalv: the segments move, and one frame off they differ (the notes are sample-accurate)" \
		eval "lt 0.1 $(trig restart-midi span_min) && lt 1e-5 $(trig restart-midi shifted_maxdiff)"
	check "jalv: Restart by MIDI note stays continuous" le "$(trig restart-midi maxstep)" "$xb"
	# the same by rising edges at the CV trigger input
	notes_run restart-cv "$URI_CV" -c trigger_in "$@" -c trigger=1 &&
		"$W" triggers "$OUT/restart-cv.wav" 0.015 "$OUT/restart-midi.wav" > "$OUT/restart-cv.trig"
	echo "     restart (CV): segments differ by $(trig restart-cv same_maxdiff), from the MIDI run's by" \
		"$(trig restart-cv other_maxdiff); largest step $(trig restart-cv maxstep)"
	check "jalv: Restart by CV edges repeats the MIDI run's segment" eval \
		"[ $(trig restart-cv triggers) -eq 8 ] && le $(trig restart-cv same_maxdiff) 1e-6 &&
		 le $(trig restart-cv other_maxdiff) 1e-6 && le $(trig restart-cv maxstep) $xb"
	# New shape: the segments differ from each other, and a second run
	# (a new jalv) gives the same sequence
	notes_run shape1 "$URI_CV" "" control "$@" -c trigger=2 &&
		notes_run shape2 "$URI_CV" "" control "$@" -c trigger=2 &&
		"$W" triggers "$OUT/shape2.wav" 0.015 "$OUT/shape1.wav" > "$OUT/shape.trig"
	echo "     new shape (MIDI): segments differ from the first by up to $(trig shape same_maxdiff);" \
		"two runs' segments by $(trig shape other_maxdiff); largest step $(trig shape maxstep)"
	check "jalv: New shape by MIDI note gives different shapes, the same in two runs" eval \
		"[ $(trig shape triggers) -eq 8 ] && lt 0.1 $(trig shape same_maxdiff) &&
		 le $(trig shape other_maxdiff) 1e-6 && le $(trig shape maxstep) $xb"
	# Step on Perlin Noise Keyed (audio out): held between notes once the
	# 50 ms glide is over, a new value at each note (stopped=Run: the JACK
	# transport is stopped, and Keyed holds its free phase then by default)
	notes_run step "$URI_KEYED" "" control "$@" -c trigger=3 -c glide=0.05 -c stopped=1 &&
		"$W" triggers "$OUT/step.wav" 0.055 > "$OUT/step.trig"
	echo "     step (MIDI, Keyed): from 55 ms after each note the output moves by at most" \
		"$(trig step span_max); the held values span $(trig step first_span)," \
		"consecutive ones at least $(trig step gap_min) apart; largest step $(trig step maxstep) (bound $gb)"
	check "jalv: Step by MIDI note holds the output between notes" eval \
		"[ $(trig step triggers) -eq 8 ] && le $(trig step span_max) 1e-6"
	check "jalv: Step takes a new value at the notes, and glides" eval \
		"lt 0.1 $(trig step first_span) && le $(trig step maxstep) $gb"
	# Perlin Noise MIDI: its control changes recorded by a JACK client, and
	# notes through it (trigger Off: they pass and leave the noise alone);
	# tests/midicheck.c renders the plugin with the same settings and finds
	# the recording in it, event for event, and every note at its frame
	set -- -c rate=5 -c octaves=5 -c seed=3 -c stopped=1 -c trigger=0 -c spread=0.6 \
		-c cc_1=7 -c cc_2=11 -c cc_3=74 -c midi_channel=3
	notes_run midi "$URI_MIDI" -m control "$@"
	midi_rc=$?
	check "jalv: Perlin Noise MIDI recorded ($(figure "$OUT/midi.notes" events) events)" \
		test "$midi_rc" -eq 0
	"$B/midicheck" "$OUT/lv2/perlin.lv2" "$OUT/midi.wav" rate=5 octaves=5 seed=3 stopped=1 \
		trigger=0 spread=0.6 cc_1=7 cc_2=11 cc_3=74 midi_channel=3 > "$OUT/midicheck.log" 2>&1
	midi_rc=$?
	sed -n 's/^   /     /p' "$OUT/midicheck.log"
	check "jalv: Perlin Noise MIDI's control changes are the offline render's, and thru keeps the notes" \
		test "$midi_rc" -eq 0
	kill "$notes_jackd" 2> /dev/null
	wait "$notes_jackd" 2> /dev/null
}

# ---- lv2lint -----------------------------------------------------------------
# lv2lint is not packaged in Debian: where one is on PATH (built from source,
# outside the repository), every plugin of the installed bundle passes it as a
# packager runs it, warnings as errors, with and without the pack mode, the
# LV2 specifications on the path (the bundle declares its vendors' terms
# itself, in vendor-terms.ttl).
lv2lint_tests() {
	if ! command -v lv2lint > /dev/null; then
		echo "-- lv2lint: not on PATH, skipped (tests/README.md: how to build it)"
		return
	fi
	echo "-- lv2lint $(lv2lint -v 2>&1 | awk 'NR == 1 { print $NF }')"
	for uri in $URI $URI_CV $URI4 $URI4_CV $URI_KEYED $URI_MIDI; do
		for m in pack nopack; do
			LV2_PATH=$OUT/lv2:/usr/lib/lv2 lv2lint -Ewarn -M$m "$uri" > "$OUT/lv2lint.log" 2>&1
			rc=$?
			n=$(grep -c '\[FAIL\]\|\[WARN\]' "$OUT/lv2lint.log")
			check "lv2lint -Ewarn -M$m $uri: no FAIL or WARN ($n; exit $rc)" test "$rc" -eq 0 -a "$n" -eq 0
			[ "$rc" -eq 0 ] || grep '\[FAIL\]\|\[WARN\]' "$OUT/lv2lint.log" | head -n 5 | sed 's/^/     /'
		done
	done
}

if [ -z "${ONLY_ARDOUR:-}" ]; then
	lv2lint_tests
	ffmpeg_tests
	jalv_tests
	jalv_trigger_tests
fi
if [ -z "${NO_ARDOUR:-}" ] && [ -f "$(dirname "$0")/ardour_export.lua" ] && command -v "$ARDOUR-lua" > /dev/null; then
	. "$(dirname "$0")/test_ardour.sh"
fi
echo "test_hosts: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
