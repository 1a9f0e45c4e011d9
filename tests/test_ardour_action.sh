#!/bin/sh
# test_ardour_action.sh: the editor action "Modulate with Perlin Noise"
# (plugin/ardour/perlin-modulation.lua) in Ardour headless ($ARDOUR-lua:
# tests/checks.sh; Dummy backend) on a fresh session (tests/ardour_action.lua
# says what it builds and checks): the modulations it makes are live, Ardour's
# knob mapping of the ranges given in Hz, Remove gives the user's value back,
# two exports identical after their first 2.5 s, the noise not heard in the
# master. Ardour 7.3
# corrupts its heap around exports now and then (tests/README.md): a run that
# ends early is run again, its exports kept; the checks are the first whole
# run's. Usage: tests/test_ardour_action.sh BUILD_DIR. Ends with "N passed, N
# failed".
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
B=$(cd "$1" && pwd)
T=$(cd "$(dirname "$0")" && pwd)
W=$B/wavcheck
OUT=$B/action
pass=0
fail=0
. "$T/checks.sh"

rm -rf "$OUT"
mkdir -p "$OUT/lv2/perlin.lv2" "$OUT/config/$ARDOUR/scripts" "$OUT/wav"
cp "$B/perlin.lv2/"* "$OUT/lv2/perlin.lv2/"
cp "$T/../plugin/ardour/perlin-modulator.lua" "$OUT/config/$ARDOUR/scripts/"
float_preset "$OUT/config"
LV2_PATH=$OUT/lv2:/usr/lib/lv2
export LV2_PATH

echo "-- Ardour $(dpkg-query -W -f '${Version}' ardour 2> /dev/null): the editor action Modulate with Perlin Noise"
done_=0
for try in 1 2 3 4 5 6 7 8; do
	rm -rf "$OUT/session"
	XDG_CONFIG_HOME=$OUT/config PERLIN_OUT=$OUT/wav PERLIN_SESSION=$OUT/session \
		PERLIN_PRESET=$ARDOUR_PRESET PERLIN_ACTION="$T/../plugin/ardour/perlin-modulation.lua" \
		timeout 600 "$ARDOUR-lua" "$T/ardour_action.lua" > "$OUT/action-$try.log" 2>&1
	rc=$?
	echo "     try $try: $ARDOUR-lua exit $rc; $(grep -h '^perlin: checks' "$OUT/action-$try.log" | sed 's/^perlin: //')"
	# an export cut short by a crash goes (the next try makes it again)
	for f in chain chain2 bus; do
		"$W" stats "$OUT/wav/$f.wav" > "$OUT/$f.stats" 2> /dev/null
		[ "$(figure "$OUT/$f.stats" frames)" = 192000 ] || rm -f "$OUT/wav/$f.wav" "$OUT/$f.stats"
	done
	# the two exports compared come from one process (the plugins' own
	# state before an export, ACE EQ's smoothing, is the session's history)
	[ -f "$OUT/wav/chain.wav" ] && [ -f "$OUT/wav/chain2.wav" ] ||
		rm -f "$OUT/wav/chain.wav" "$OUT/wav/chain2.wav" "$OUT/chain.stats" "$OUT/chain2.stats"
	if grep -q '^perlin: checks' "$OUT/action-$try.log"; then
		done_=$try
		break
	fi
done
check "Ardour ran the action's test to its end (within 8 tries)" test "$done_" -gt 0
if [ "$done_" -gt 0 ]; then
	grep -h '^perlin: ok\|^perlin: FAIL' "$OUT/action-$done_.log" | sed 's/^perlin: /     /'
	check "every check in Ardour held ($(grep -c '^perlin: ok' "$OUT/action-$done_.log") held)" \
		test "$(grep -c '^perlin: FAIL' "$OUT/action-$done_.log")" -eq 0 -a \
		"$(grep -c '^perlin: ok' "$OUT/action-$done_.log")" -eq 19
fi
"$W" compare "$OUT/wav/chain.wav" "$OUT/wav/chain2.wav" > "$OUT/chain.cmp" 2> /dev/null
echo "     the two exports differ by $(figure "$OUT/chain.cmp" maxdiff), identical from frame" \
	"$(figure "$OUT/chain.cmp" identical_from); the chain's export: rms $(figure "$OUT/chain.stats" rms)," \
	"with the carrier silent: peak $(figure "$OUT/bus.stats" peak)"
# (ACE High/Low Pass Filter's own state: unmodulated, with no script of
# ours, two exports of the carrier through it differ the same way, 3.1e-5
# up to frame 108539; without it they are identical: tests/README.md)
check "two exports of the modulated chain are identical after their first 2.5 s" \
	le "$(figure "$OUT/chain.cmp" identical_from)" 120000
check "the modulated chain is heard" lt 0.01 "$(figure "$OUT/chain.stats" rms)"
check "the modulation's noise is not heard in the master (the carrier silent, the export is)" \
	test "$(figure "$OUT/bus.stats" peak)" = 0
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
