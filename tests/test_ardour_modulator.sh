#!/bin/sh
# test_ardour_modulator.sh: plugin/ardour/perlin-modulator.lua ("Perlin
# Modulator", a Lua DSP plugin) in Ardour headless ($ARDOUR-lua, Dummy
# backend): Perlin Noise modulates ACE Amplifier's gain on a bus carrying a
# steady 0.5, and the session is exported with Session:simple_export()
# (freewheeling), where session scripts never run.
#
# With "automation" as second argument, plugin/ardour/perlin-automate.lua (an
# editor action) instead writes the noise, rendered offline by the plugin
# (bounce), into the gain's automation before the exports. With "dsp4",
# Perlin Modulator follows output 3 of Perlin Noise x4 (spread 1) through a
# four-channel sidechain, and must not follow output 1. With "local" and
# "local4" (what the editor action makes), the same without a sidechain:
# the noise (x4: output 3) on the modulated bus itself, not heard.
#
# Usage: tests/test_ardour_modulator.sh BUILD_DIR [dsp|automation|dsp4|local|local4] (after make
# all). Installs the bundle and the script under BUILD_DIR/modulator-MECHANISM
# only, and ends with
# "N passed, N failed". Every export is a process of its own, tried up to 3
# times: Ardour 7.3 headless now and then corrupts its heap and crashes
# (as often with the repository's own tests/ardour_export.lua); the exit
# status of every try is printed.
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
B=$(cd "$1" && pwd)
T=$(cd "$(dirname "$0")" && pwd)
MECH=${2:-dsp}
OUT=$B/modulator-$MECH${PERLIN_BROKEN:+-broken}
M="python3 $T/modcheck.py"
pass=0
fail=0
. "$T/checks.sh"
frames_of() { $M frames "$1" 2> /dev/null; }

rm -rf "$OUT"
mkdir -p "$OUT/lv2/perlin.lv2" "$OUT/wav"
cp "$B/perlin.lv2/"* "$OUT/lv2/perlin.lv2/"
cfg=$OUT/config # XDG_CONFIG_HOME: nothing is written to ~
mkdir -p "$cfg/$ARDOUR/scripts"
cp "$T/../plugin/ardour/perlin-modulator.lua" "$cfg/$ARDOUR/scripts/"
float_preset "$cfg"
preset=$ARDOUR_PRESET
LV2_PATH=$OUT/lv2:/usr/lib/lv2
export LV2_PATH

# ardour PHASE NAME START: one $ARDOUR-lua run of tests/ardour_modulator.lua
ardour() {
	XDG_CONFIG_HOME=$cfg PERLIN_MECHANISM=$MECH PERLIN_SCRIPT=$T/../plugin/ardour/perlin-automate.lua \
		PERLIN_PHASE=$1 PERLIN_NAME=$2 PERLIN_START=$3 \
		PERLIN_SESSION=$OUT/session PERLIN_OUT=$OUT/wav PERLIN_PRESET=$preset \
		timeout 300 stdbuf -oL "$ARDOUR-lua" "$T/ardour_modulator.lua" > "$OUT/$2-$try.log" 2>&1
}

echo "-- Ardour $(dpkg-query -W -f '${Version}' ardour 2> /dev/null): Perlin Noise modulating ACE Amplifier in exports ($MECH)"
built=0
for try in 1 2 3 4 5; do
	rm -rf "$OUT/session"
	ardour build build 0
	rc=$?
	echo "     build try $try: $ARDOUR-lua exit $rc"
	if [ -s "$OUT/session/modulator.ardour" ] && grep -q "session built" "$OUT/build-$try.log"; then
		built=1
		break
	fi
done
check "Ardour built and saved the session (within 5 tries)" test $built -eq 1
[ $built -eq 1 ] || { echo "$pass passed, $fail failed"; exit 1; }

# live: the transport rolls in real time (no export)
for try in 1 2 3 4 5; do
	ardour live live 0
	rc=$?
	echo "     live try $try: $ARDOUR-lua exit $rc"
	grep -q "perlin: live gain range" "$OUT/live-$try.log" && break
done
live=$(grep -h "perlin: live gain range" "$OUT/live-$try.log")
echo "     ${live#perlin: }"
lo=$(echo "$live" | awk '{ print $5 }')
hi=$(echo "$live" | awk '{ print $7 }')
check "live: the gain moves (over 3 dB) within -20..0 dB" \
	awk -v l="${lo:-0}" -v h="${hi:-0}" 'BEGIN { exit !(h - l > 3 && l >= -20.001 && h <= 0.001) }'

len=576000 # 12 s at 48 kHz
# export NAME START: until the WAV has every frame, at most 5 tries
export_wav() {
	for try in 1 2 3 4 5; do
		rm -f "$OUT/wav/$1.wav"
		ardour export "$1" "$2"
		rc=$?
		n=$(frames_of "$OUT/wav/$1.wav")
		echo "     export $1 (from sample $2) try $try: $ARDOUR-lua exit $rc, ${n:-0} frames"
		[ "${n:-0}" -eq $((len - $2)) ] && return 0
	done
	return 1
}
check "export 1 (0-12 s) complete" export_wav full 0
check "export 2 (0-12 s) complete" export_wav again 0
check "partial export from 4.1667 s (sample 200000) complete" export_wav part 200000
check "partial export from 4.096 s (sample 196608 = 192 x 1024) complete" export_wav aligned 196608

W=$OUT/wav
[ -s "$W/full.wav" ] || { echo "$pass passed, $fail failed"; exit 1; }
# the noise alone, as perlin-render renders it (its own bundle)
# (dsp4: Perlin Noise x4 at spread 1, whose output 3 is channel 2)
case $MECH in *4) four="--four --set spread=1"; refch=2 ;; *) four=""; refch=0 ;; esac
# shellcheck disable=SC2086 # $four is words
LV2_PATH=/usr/lib/lv2 "$B/perlin-render" -q --seconds 12 --sample-rate 48000 $four \
	--set rate=1.5 --set octaves=3 --set seed=11 -o "$OUT/ref.wav"
$M envelope "$W/full.wav" 0 "$W/full.wav" 1 > "$OUT/env-own.txt"
$M envelope "$W/full.wav" 0 "$OUT/ref.wav" $refch > "$OUT/env-ref.txt"
corr=$(figure "$OUT/env-own.txt" corr)
slope=$(figure "$OUT/env-own.txt" slope)
corr_ref=$(figure "$OUT/env-ref.txt" corr)
slope_ref=$(figure "$OUT/env-ref.txt" slope)
echo "     envelope (dB, 50 ms windows) vs the exported noise: corr $corr, slope $slope dB per unit (expected 10)"
echo "     envelope (dB, 50 ms windows) vs perlin-render:      corr $corr_ref, slope $slope_ref dB per unit"
check "the export is not silent" lt 0.01 "$(figure "$OUT/env-own.txt" rms)"
check "the export is finite" test "$(figure "$OUT/env-own.txt" nonfinite)" -eq 0
check "the exported envelope follows the exported noise (corr >= 0.95)" le 0.95 "${corr:-0}"
check "the exported envelope follows perlin-render's noise (corr >= 0.95)" le 0.95 "${corr_ref:-0}"
check "the gain spans -20..0 dB (slope within 15% of 10 dB per unit)" \
	awk -v s="${slope:-0}" 'BEGIN { exit !(s > 8.5 && s < 11.5) }'
# the noise channel (right) against perlin-render: the same plugin, same settings
$M chdiff "$W/full.wav" 1 "$OUT/ref.wav" $refch > "$OUT/noise.cmp"
echo "     exported noise channel vs perlin-render: max difference $(figure "$OUT/noise.cmp" maxdiff)"
check "the exported noise is perlin-render's (within 1e-6)" le "$(figure "$OUT/noise.cmp" maxdiff)" 1e-6
if [ "$MECH" = dsp4 ] || [ "$MECH" = local4 ]; then # the output chosen, not another one
	$M envelope "$W/full.wav" 0 "$OUT/ref.wav" 0 > "$OUT/env-out1.txt"
	c1=$(figure "$OUT/env-out1.txt" corr)
	echo "     envelope vs output 1 of the same plugin (not chosen): corr $c1"
	check "the modulator follows the output chosen (3), not output 1 (corr below 0.5)" \
		lt "${c1:-1}" 0.5
fi
$M compare "$W/full.wav" "$W/again.wav" > "$OUT/again.cmp"
echo "     export 1 vs export 2: max difference $(figure "$OUT/again.cmp" maxdiff)"
check "two exports are sample-identical" test "$(figure "$OUT/again.cmp" maxdiff)" = 0
for p in part:200000 aligned:196608; do
	name=${p%%:*}
	start=${p#*:}
	[ -s "$W/$name.wav" ] || continue
	$M compare "$W/full.wav" "$W/$name.wav" "$start" > "$OUT/$name.cmp"
	echo "     $name export vs the tail of export 1: noise channel max difference" \
		"$(figure "$OUT/$name.cmp" maxdiff1), modulated channel max difference" \
		"$(figure "$OUT/$name.cmp" maxdiff0) ($(figure "$OUT/$name.cmp" maxdb0) dB)," \
		"identical from its frame $(figure "$OUT/$name.cmp" identical_from) on"
done
# a partial export starts with the target at the user's value (the
# modulator gives it back while the transport is stopped): ACE Amplifier's
# own gain smoothing glides from there for about 0.1 s
if [ -s "$W/part.wav" ]; then
	check "the partial export's noise equals the full export's tail" \
		test "$(figure "$OUT/part.cmp" maxdiff1)" = 0
	echo "     part export after its first 0.25 s: modulated channel within $(figure "$OUT/part.cmp" settledb0) dB"
	check "the partial export's modulated channel is within 1 dB of the full export's tail after 0.25 s" \
		le "$(figure "$OUT/part.cmp" settledb0)" 1
fi
# from a start on the 1024-sample process grid, only the target plugin's own
# gain smoothing differs at first (ACE Amplifier starts from its old gain:
# identical after 0.08-0.12 s as measured, depending on where the noise
# starts)
if [ -s "$W/aligned.wav" ]; then
	check "the aligned partial export equals the full export's tail after 0.25 s" \
		le "$(figure "$OUT/aligned.cmp" identical_from)" 12000
fi
# the same test with the mechanism deliberately broken (PERLIN_BROKEN=1: the
# sidechain left unwired, the noise after the modulator, or no automation
# written) must fail
if [ -z "${PERLIN_BROKEN:-}" ]; then
	PERLIN_BROKEN=1 sh "$0" "$1" "$MECH" > "$OUT-broken.log" 2>&1
	echo "     broken $MECH: $(grep -h 'envelope (dB, 50 ms windows) vs the exported noise' "$OUT-broken.log" | sed 's/^ *//')"
	check "with the $MECH mechanism broken, the same test fails" \
		grep -q "^FAIL the exported envelope follows the exported noise" "$OUT-broken.log"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
