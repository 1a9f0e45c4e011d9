# test_ardour.sh: Ardour 7 headless (ardour7-lua, Dummy backend) loads
# "Perlin Noise", automates rate and octaves, and exports twice
# (tests/ardour_export.lua). Sourced by tests/test_hosts.sh, whose helpers
# (check, figure, lt, le, $B, $W, $OUT) it uses.
#
# Ardour 7.3 sometimes crashes while tearing down after an export, with the
# WAVs already written: a run counts when both WAVs have every frame, and is
# tried up to 3 times; the exit status of each try is printed, never hidden.

# frames FILE: its frame count, or nothing when unreadable
frames_of() { "$W" stats "$1" 2> /dev/null | awk '$1 == "frames" { print $2 }'; }

ardour_tests() {
	echo "-- Ardour $(dpkg-query -W -f '${Version}' ardour 2> /dev/null), ardour7-lua, Dummy backend"
	cfg=$OUT/ardour-config # XDG_CONFIG_HOME: nothing is written to ~
	float_preset "$cfg"
	frames=576000 # 12 s at 48 kHz
	done_ok=0
	for try in 1 2 3; do
		rm -rf "$OUT/ardour-session" "$OUT/ardour"
		mkdir -p "$OUT/ardour"
		XDG_CONFIG_HOME=$cfg PERLIN_OUT=$OUT/ardour PERLIN_SESSION=$OUT/ardour-session \
			PERLIN_PRESET=$ARDOUR_PRESET \
			timeout 600 ardour7-lua "$(dirname "$0")/ardour_export.lua" \
			> "$OUT/ardour-$try.log" 2>&1
		rc=$?
		n1=$(frames_of "$OUT/ardour/first.wav")
		n2=$(frames_of "$OUT/ardour/second.wav")
		echo "     try $try: ardour7-lua exit $rc, exported ${n1:-0} and ${n2:-0} frames"
		if [ "${n1:-0}" -eq $frames ] && [ "${n2:-0}" -eq $frames ]; then
			done_ok=1
			break
		fi
	done
	check "Ardour exported both WAVs completely (within 3 tries)" test $done_ok -eq 1
	[ $done_ok -eq 1 ] || return
	"$W" stats "$OUT/ardour/first.wav" > "$OUT/ardour.stats"
	"$W" segments "$OUT/ardour/first.wav" 0.1 3.9 4.1 7.9 8.1 11.9 > "$OUT/ardour.seg"
	"$W" compare "$OUT/ardour/first.wav" "$OUT/ardour/second.wav" > "$OUT/ardour.cmp"
	slow=$(awk '$2 == 0 { print $4 }' "$OUT/ardour.seg")
	fast=$(awk '$2 == 2 { print $4 }' "$OUT/ardour.seg")
	rough=$(awk '$2 == 4 { print $4 }' "$OUT/ardour.seg")
	echo "     mean step: rate 1 oct 1: $slow, rate 8 oct 1: $fast, rate 1 oct 8: $rough"
	check "the Ardour export is not silent" lt 0.05 "$(figure "$OUT/ardour.stats" rms)"
	check "the Ardour export is finite" test "$(figure "$OUT/ardour.stats" nonfinite)" -eq 0
	check "rate automation took effect (8x rate: over 4x the movement)" \
		lt "$(awk -v a="$slow" 'BEGIN { print 4 * a }')" "$fast"
	check "octave automation took effect (8 octaves: over 1.5x the movement)" \
		lt "$(awk -v a="$slow" 'BEGIN { print 1.5 * a }')" "$rough"
	# the steepest the settings allow (rate 8, 8 octaves), panned at -3 dB, plus
	# 0.005 for the smoothing of the automation's 50 ms ramps
	bound=$("$W" bound 8 8 0.5 2 1 48000 | awk '{ print $2 * 0.7080 + 0.005 }')
	echo "     largest step $(figure "$OUT/ardour.stats" maxstep), bound $bound"
	check "the Ardour export is continuous" le "$(figure "$OUT/ardour.stats" maxstep)" "$bound"
	check "two exports of the same session are identical" \
		test "$(figure "$OUT/ardour.cmp" maxdiff)" = 0
}

# plugin/ardour/perlin-modulate.lua in a session: Perlin Noise's Level sets
# ACE Amplifier's gain (-20..0 dB) on a bus carrying a steady 0.5; tracks
# record the noise and the amplified result (tests/ardour_modulate.lua).
ardour_modulate_tests() {
	echo "-- Ardour: the modulation script (plugin/ardour/perlin-modulate.lua)"
	sess=$OUT/ardour-modulate
	got=0
	for try in 1 2 3; do
		rm -rf "$sess" "$OUT/modulate-state.lua"
		XDG_CONFIG_HOME=$OUT/ardour-config PERLIN_PHASE=build PERLIN_SESSION=$sess \
			PERLIN_SCRIPT=$(dirname "$0")/../plugin/ardour/perlin-modulate.lua \
			PERLIN_STATE=$OUT/modulate-state.lua \
			timeout 300 ardour7-lua "$(dirname "$0")/ardour_modulate.lua" \
			> "$OUT/ardour-modulate-build-$try.log" 2>&1
		rc1=$?
		# the <Script> node of the saved session holds the base64 of the state
		[ -s "$OUT/modulate-state.lua" ] && [ -s "$sess/modulate.ardour" ] &&
			b64=$(base64 -w0 "$OUT/modulate-state.lua") &&
			sed -i "s|<Script lua=\"\([^\"]*\)\">[^<]*</Script>|<Script lua=\"\1\">$b64</Script>|" \
				"$sess/modulate.ardour"
		XDG_CONFIG_HOME=$OUT/ardour-config PERLIN_PHASE=record PERLIN_SESSION=$sess \
			PERLIN_SECONDS=6 timeout 300 ardour7-lua "$(dirname "$0")/ardour_modulate.lua" \
			> "$OUT/ardour-modulate-record-$try.log" 2>&1
		rc2=$?
		noise=$(find "$sess/interchange" -name '*Noise*.wav' | head -n 1)
		modulated=$(find "$sess/interchange" -name '*Modulated*.wav' | head -n 1)
		n1=$(frames_of "$noise")
		n2=$(frames_of "$modulated")
		echo "     try $try: ardour7-lua exit $rc1 (build), $rc2 (record); recorded ${n1:-0} and ${n2:-0} frames"
		# at least 4 of the 6 s rolled (the Dummy backend runs in real time)
		if [ "${n1:-0}" -ge 192000 ] && [ "${n2:-0}" -ge 192000 ]; then
			got=1
			break
		fi
	done
	check "Ardour recorded the noise and the modulated bus (within 3 tries)" test $got -eq 1
	[ $got -eq 1 ] || return
	"$W" stats "$modulated" > "$OUT/modulated.stats"
	"$W" envelope "$modulated" "$noise" 0.05 db > "$OUT/modulated.env"
	corr=$(figure "$OUT/modulated.env" corr)
	slope=$(figure "$OUT/modulated.env" slope)
	# Level -1..1 maps onto -20..0 dB, 10 dB per unit; the recorded noise is
	# the bus's left output, panned at -3 dB (x 0.7080): 14.12 dB per unit
	echo "     modulated envelope (dB) vs noise: corr $corr, slope $slope dB per unit (expected 14.12)"
	check "the modulated bus is not silent" lt 0.01 "$(figure "$OUT/modulated.stats" rms)"
	check "the recorded envelope follows the noise (corr over 0.95)" lt 0.95 "${corr:-0}"
	check "the gain spans the script's range (slope within 15% of 14.12 dB)" \
		awk -v s="${slope:-0}" 'BEGIN { exit !(s > 12.0 && s < 16.24) }'
}

ardour_tests
ardour_modulate_tests
