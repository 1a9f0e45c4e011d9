#!/bin/sh
# carla_ui.sh: by hand, not in CI (Carla is not in Debian 12): Perlin
# Noise's own window (plugin/ui/) in Carla, built from its source outside
# the repository (make backend bridges-ui in CARLA_DIR), driven by
# tests/carla_ui.py on Carla's Dummy engine under Xvfb. Twice: with the UI
# in Carla's bridge process (carla-bridge-lv2-x11, Carla's default) and in
# the host's process. Each time the window opens, its scope moves while
# Carla's transport plays, and 10 px up on the rate knob sets the
# plugin's rate parameter to 1.99526 (10^0.3, the logarithmic mapping),
# as Carla reports it; the host setting the rate (as automation does)
# moves the knob, and back to the same pixels. Screens in OUT
# (OUT/carla-ui.png).
# Usage: CARLA_DIR=... tests/carla_ui.sh BUILD_DIR [OUT]
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
B=$(cd "$1" && pwd)
T=$(cd "$(dirname "$0")" && pwd)
OUT=${2:-$B/carla-ui}
[ -n "${CARLA_DIR:-}" ] && [ -e "$CARLA_DIR/bin/libcarla_standalone2.so" ] ||
	{ echo "carla_ui: set CARLA_DIR to a built Carla source tree"; exit 1; }
pass=0
fail=0
. "$T/checks.sh" # ok, bad
rm -rf "$OUT" && mkdir -p "$OUT/lv2" && cp -r "$B/perlin.lv2" "$OUT/lv2/" || exit 1
n=60
while [ -e /tmp/.X$n-lock ]; do n=$((n + 1)); done
Xvfb :$n -screen 0 1600x1000x24 -nolisten tcp > "$OUT/xvfb.log" 2>&1 &
xvfb=$!
export DISPLAY=:$n LV2_PATH="$OUT/lv2"
for _ in $(seq 100); do xdpyinfo > /dev/null 2>&1 && break; sleep 0.1; done
# wait_for(SECONDS COMMAND...)
wait_for() {
	_n=$(($1 * 10))
	shift
	while ! "$@"; do
		_n=$((_n - 1))
		[ $_n -le 0 ] && return 1
		sleep 0.1
	done
}
window() { xwininfo -root -tree 2> /dev/null | awk '/"Perlin Noise": \(\)/ { print $NF; exit }'; }
has_window() { [ -n "$(window)" ]; }
rate_is() { grep -q "^event param 0 $1\$" "$OUT/$mode.log"; }

for mode in bridge inprocess; do
	flag=
	[ $mode = inprocess ] && flag=--inprocess
	# the host sets the rate to 100 at 20 s and to 1.99526 at 25 s
	python3 "$T/carla_ui.py" $flag --events --play --set 20:0:100 --set 25:0:1.99526 \
		urn:perlin-lv2:perlin 40 > "$OUT/$mode.log" 2>&1 &
	py=$!
	if ! wait_for 30 has_window; then
		bad "$mode: no window ($(tail -3 "$OUT/$mode.log" | tr '\n' ' '))"
		kill $py 2> /dev/null
		wait $py
		continue
	fi
	at=$(window)
	x0=$(echo "$at" | cut -d+ -f2) y0=$(echo "$at" | cut -d+ -f3)
	sleep 2
	import -window root -crop 880x386+$x0+$y0 +repage "$OUT/$mode-a.png"
	sleep 1
	import -window root -crop 880x386+$x0+$y0 +repage "$OUT/$mode-b.png"
	changed=$(compare -metric AE "$OUT/$mode-a.png" "$OUT/$mode-b.png" null: 2>&1 | cut -d' ' -f1)
	[ "${changed:-0}" -gt 100 ] 2> /dev/null && ok "$mode: the window at +$x0+$y0 moves ($changed pixels in 1 s)" ||
		bad "$mode: the window does not move (${changed:-?} pixels)"
	xdotool mousemove $((x0 + 53)) $((y0 + 242)) mousedown 1 mousemove $((x0 + 53)) $((y0 + 232)) mouseup 1
	if wait_for 10 rate_is 1.99526; then
		ok "$mode: 10 px up on rate: Carla's rate parameter is 1.99526"
	else
		bad "$mode: the rate after the drag: $(grep '^event param 0 ' "$OUT/$mode.log" | tail -1)"
	fi
	sleep 2
	import -window root -crop 880x386+$x0+$y0 +repage "$OUT/$mode-dragged.png"
	# automation: the knob moves to 100, and back to the dragged pixels
	set_seen() { grep -q "^set 0 $1\$" "$OUT/$mode.log"; }
	knob() { import -window root -crop 86x100+$((x0 + 10))+$((y0 + 196)) +repage "$OUT/$mode-$1.png"; }
	knob dragged-knob
	if wait_for 30 set_seen 100; then
		sleep 1
		knob at-100
		wait_for 10 set_seen 1.99526
		sleep 1
		knob back
		a=$(compare -metric AE "$OUT/$mode-dragged-knob.png" "$OUT/$mode-at-100.png" null: 2>&1 | cut -d' ' -f1)
		b=$(compare -metric AE "$OUT/$mode-dragged-knob.png" "$OUT/$mode-back.png" null: 2>&1 | cut -d' ' -f1)
		[ "${a:-0}" -gt 50 ] 2> /dev/null && [ "${b:-1}" -eq 0 ] 2> /dev/null &&
			ok "$mode: Carla's automation moves the knob ($a pixels at 100) and back (0)" ||
			bad "$mode: automation: ${a:-?} pixels at 100, ${b:-?} back"
	else
		bad "$mode: the host's set never came"
	fi
	kill $py 2> /dev/null
	wait $py
done
cp "$OUT/bridge-dragged.png" "$OUT/carla-ui.png" 2> /dev/null
kill $xvfb 2> /dev/null
echo "carla_ui: $pass passed, $fail failed"
[ $fail -eq 0 ]
