#!/bin/sh
# tests/test_ui.sh BUILD: the plugins' UI (plugin/ui/) under Xvfb, hosted
# by BUILD/ui_host (tests/ui_host.c: the plugin's engine running, its
# levels sent to the UI, the UI's writes printed), driven with xdotool and
# looked at with ImageMagick's import. Each wait is for what the step
# needs (a line, a changed picture), with a deadline, never a fixed time.
#   - each of the six plugins opens, asks for its size and draws (a
#     screenshot each in BUILD/ui/); at --scale 2 it asks for twice the size;
#   - the scope moves between two screenshots;
#   - a drag on the rate knob writes the rate along its logarithmic
#     mapping: 10 px up multiply it by 10^(6 x 10/200);
#   - the host's automation moves the knob, and back to the same pixels;
#   - a double-click gives the default; the keys step and type values; a
#     change of octaves changes the preview;
#   - 100 opens and closes under valgrind lose nothing, and leave as much
#     in use at exit as 10 do.
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
B=${1:-build}
T=$(cd "$(dirname "$0")" && pwd)
BUNDLE=$B/perlin.lv2
OUT=$B/ui
HOST=$B/ui_host
pass=0
fail=0
. "$T/checks.sh" # ok, bad

rm -rf "$OUT" && mkdir -p "$OUT" || exit 1
for c in Xvfb xdotool import compare xdpyinfo valgrind; do
	command -v $c > /dev/null || { echo "test_ui: $c is missing"; exit 1; }
done

# a display of our own: the first free number from 80
n=80
while [ -e /tmp/.X$n-lock ] || [ -e /tmp/.X11-unix/X$n ]; do n=$((n + 1)); done
Xvfb :$n -screen 0 1920x1200x24 -nolisten tcp > "$OUT/xvfb.log" 2>&1 &
xvfb=$!
export DISPLAY=:$n
hostpid=
cleanup() {
	[ -n "$hostpid" ] && kill "$hostpid" 2> /dev/null
	kill $xvfb 2> /dev/null
	wait 2> /dev/null
}
trap cleanup EXIT INT TERM
# until(SECONDS, COMMAND...): runs COMMAND every 0.1 s until it succeeds
until_ok() {
	_t=$1
	shift
	_end=$(($(date +%s) + _t))
	while ! "$@"; do
		[ "$(date +%s)" -ge $_end ] && return 1
		sleep 0.1
	done
}
until_ok 30 xdpyinfo > /dev/null 2>&1 || { echo "test_ui: Xvfb did not start"; exit 1; }

# start(URI [ARGS]): the host, its stdin on fd 3, its lines in $OUT/host.log
start() {
	rm -f "$OUT/in" && mkfifo "$OUT/in"
	"$HOST" "$BUNDLE" "$@" < "$OUT/in" > "$OUT/host.log" 2> "$OUT/host.err" &
	hostpid=$!
	exec 3> "$OUT/in"
	until_ok 60 grep -q '^ready' "$OUT/host.log"
}
stop() {
	echo quit >&3
	exec 3>&-
	wait $hostpid
	_rc=$?
	hostpid=
	return $_rc
}
# shot(NAME X Y W H): that part of the screen, as $OUT/NAME.png
shot() { import -window root -crop "$4x$5+$2+$3" +repage "$OUT/$1.png" 2> /dev/null; }
# drawn(NAME X Y W H): shot, once that part is drawn (more than 20 colours)
colours_in() { convert "$OUT/$1.png" -format %k info: 2> /dev/null || echo 0; }
shot_colours() { shot "$@" && [ "$(colours_in "$1")" -gt 20 ]; }
drawn() { until_ok 20 shot_colours "$@"; }
# differ(A B): how many pixels differ
differ() { compare -metric AE "$OUT/$1.png" "$OUT/$2.png" null: 2>&1 | cut -d' ' -f1; }
# rect(LABEL): "x y w h" of the control with that label
rect() { awk -v l="$1" '$1 == "rect" { s = $8; for (i = 9; i <= NF; i++) s = s " " $i; if (s == l) print $4, $5, $6, $7 }' "$OUT/host.log"; }
writes() { grep -c "^write $1 " "$OUT/host.log"; }
last_write() { grep "^write $1 " "$OUT/host.log" | tail -1 | cut -d' ' -f3; }
# (for until_ok, which runs them again each time)
writes_reach() { [ "$(writes "$1")" -ge "$2" ]; }
last_is() { [ "$(last_write "$1")" = "$2" ]; }
focused() { [ "$(xdotool getwindowfocus 2> /dev/null)" = "$(grep '^widget' "$OUT/host.log" | cut -d' ' -f2)" ]; }

# 1. every plugin opens and draws
for p in perlin perlin-cv perlin-keyed perlin4 perlin4-cv perlin-midi; do
	if ! start "urn:perlin-lv2:$p"; then
		bad "$p: the UI did not open ($(cat "$OUT/host.err"))"
		stop
		continue
	fi
	set -- $(grep '^size' "$OUT/host.log")
	w=$2 h=$3
	drawn "$p" 0 0 "$w" "$h"
	colours=$(colours_in "$p")
	if [ "$w" -ge 600 ] && [ "$h" -ge 300 ] && [ "$colours" -gt 50 ]; then
		ok "$p: opens at ${w}x$h and draws ($colours colours)"
	else
		bad "$p: size ${w}x$h, $colours colours"
	fi
	stop || bad "$p: the host exited with an error"
done

# 2. at scale 2, twice the size
start urn:perlin-lv2:perlin --scale 1
size1=$(grep '^size' "$OUT/host.log" | cut -d' ' -f2-)
stop
start urn:perlin-lv2:perlin --scale 2
size2=$(grep '^size' "$OUT/host.log" | cut -d' ' -f2-)
stop
set -- $size1 $size2
if [ -n "$4" ] && [ "$3" -eq $((2 * $1)) ] && [ "$4" -eq $((2 * $2)) ]; then
	ok "scale 2: ${3}x$4, twice ${1}x$2"
else
	bad "scale 2: '$size2' against '$size1'"
fi

# 3. the scope moves; a drag, automation, a double-click, keys
start urn:perlin-lv2:perlin
set -- $(grep '^scope' "$OUT/host.log")
sx=$2 sy=$3 sw=$4 sh=$5
drawn scope-a "$sx" "$sy" "$sw" "$sh" || bad "the scope was not drawn"
if until_ok 10 sh -c "import -window root -crop ${sw}x$sh+$sx+$sy +repage '$OUT/scope-b.png' 2>/dev/null &&
	[ \$(compare -metric AE '$OUT/scope-a.png' '$OUT/scope-b.png' null: 2>&1 | cut -d' ' -f1) -gt 200 ]"; then
	ok "the scope moves: $(differ scope-a scope-b) pixels changed"
else
	bad "the scope did not move"
fi

set -- $(rect Rate)
rx=$(($1 + $3 / 2)) ry=$(($2 + 46)) rw=$3 rh=$4 rleft=$1 rtop=$2
xdotool mousemove $rx $ry mousedown 1
for i in 1 2 3 4 5; do
	xdotool mousemove $rx $((ry - 10 * i))
	until_ok 10 writes_reach 0 $i
done
xdotool mouseup 1
# each 10 px: x 10^0.3 (6 decades over 200 px), from 1 cell/s
if grep "^write 0 " "$OUT/host.log" | awk -v want=5 '
	{ v[++n] = $3 }
	END {
		prev = 1.0
		for (i = 1; i <= n; i++) {
			r = v[i] / prev
			if (r < 1.995 * 0.995 || r > 1.9953 * 1.005) { print "step " i ": x" r; exit 1 }
			prev = v[i]
		}
		if (n != want || v[n] < 31.62 * 0.999 || v[n] > 31.63) { print n " writes, last " v[n]; exit 1 }
		print "5 writes, each x" r ", 1 -> " v[n] " cells/s"
	}' > "$OUT/drag.txt"; then
	ok "drag on rate: $(cat "$OUT/drag.txt")"
else
	bad "drag on rate: $(cat "$OUT/drag.txt")"
fi

dragged=$(last_write 0)
drawn knob-a "$rleft" "$rtop" "$rw" "$rh" || bad "the knob was not drawn"
echo "port 0 1000" >&3
if until_ok 10 sh -c "import -window root -crop ${rw}x$rh+$rleft+$rtop +repage '$OUT/knob-b.png' 2>/dev/null &&
	[ \$(compare -metric AE '$OUT/knob-a.png' '$OUT/knob-b.png' null: 2>&1 | cut -d' ' -f1) -gt 50 ]"; then
	echo "port 0 $dragged" >&3
	if until_ok 10 sh -c "import -window root -crop ${rw}x$rh+$rleft+$rtop +repage '$OUT/knob-c.png' 2>/dev/null &&
		[ \$(compare -metric AE '$OUT/knob-a.png' '$OUT/knob-c.png' null: 2>&1 | cut -d' ' -f1) -eq 0 ]"; then
		ok "automation moves the knob ($(differ knob-a knob-b) pixels at 1000) and back (0)"
	else
		bad "automation back to $dragged: $(differ knob-a knob-c) pixels differ"
	fi
else
	bad "automation to 1000 did not move the knob"
fi
[ "$(writes 0)" -eq 5 ] && ok "automation writes nothing back" || bad "automation wrote back: $(writes 0) writes"

xdotool mousemove $rx $ry click --repeat 2 --delay 80 1
if until_ok 10 last_is 0 1; then
	ok "a double-click gives the default rate (1)"
else
	bad "double-click: rate $(last_write 0)"
fi

set -- $(grep '^preview' "$OUT/host.log")
px=$2 py=$3 pw=$4 ph=$5
drawn preview-a "$px" "$py" "$pw" "$ph" || bad "the preview was not drawn"
set -- $(rect Octaves)
ox=$(($1 + $3 / 2)) oy=$(($2 + 46))
xdotool mousemove $ox $oy click 1
until_ok 10 focused || bad "a click did not give the UI the keyboard"
xdotool key Up
if until_ok 10 last_is 1 5; then ok "Up steps octaves 4 -> 5"; else bad "Up: octaves '$(last_write 1)'"; fi
xdotool type 7
xdotool key Return
if until_ok 10 last_is 1 7; then ok "typed 7 into octaves"; else bad "typed: octaves '$(last_write 1)'"; fi
if until_ok 10 sh -c "import -window root -crop ${pw}x$ph+$px+$py +repage '$OUT/preview-b.png' 2>/dev/null &&
	[ \$(compare -metric AE '$OUT/preview-a.png' '$OUT/preview-b.png' null: 2>&1 | cut -d' ' -f1) -gt 100 ]"; then
	ok "the preview follows octaves: $(differ preview-a preview-b) pixels changed"
else
	bad "the preview did not change with octaves"
fi
xdotool mousemove $rx $ry click 3
xdotool type 2.5
xdotool key Return
if until_ok 10 last_is 0 2.5; then ok "a right-click types the rate: 2.5"; else bad "typed rate '$(last_write 0)'"; fi

# odd values from the host (controls and levels), then resizes: the UI
# lives on, writes nothing back, and draws at each size
before=$(grep -c '^write' "$OUT/host.log")
for v in nan inf -inf 1e30 -1e30 1e-45 -0; do
	for p in 0 1 4 5 8 9 13 15 16 17 25 26 99; do echo "port $p $v" >&3; done
done
echo "resize 300 200" >&3
echo ping >&3
pong() { grep -q '^pong' "$OUT/host.log"; }
if until_ok 20 pong && drawn small 0 0 300 200; then
	echo "resize 1400 900" >&3
	# (the far corner in the UI's background colour, not the host's black)
	corner() { shot big 0 0 1400 900 && [ "$(convert "$OUT/big.png" -crop 1x1+1390+890 -format '%[hex:p{0,0}]' info:)" = 212126 ]; }
	if until_ok 20 corner; then
		ok "odd values (NaN, inf, 1e30, denormal) and sizes 300x200, 1400x900: alive, drawn at each"
	else
		bad "at 1400x900 the UI did not fill the window"
	fi
else
	bad "after odd values and a resize to 300x200: no answer or no picture"
fi
[ "$(grep -c '^write' "$OUT/host.log")" -eq "$before" ] && ok "odd values from the host: nothing written back" ||
	bad "odd values made the UI write $(($(grep -c '^write' "$OUT/host.log") - before)) values"
stop || bad "the host exited with an error"

# 4. opened and closed under valgrind
leaks() {
	valgrind --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=3 \
		"$HOST" "$BUNDLE" urn:perlin-lv2:perlin4-cv --cycles "$1" > "$OUT/cycles-$1.txt" 2> "$OUT/valgrind-$1.txt"
}
if leaks 10 && leaks 100 && grep -q '^cycles 100$' "$OUT/cycles-100.txt"; then
	use10=$(grep 'in use at exit' "$OUT/valgrind-10.txt" | sed 's/.*exit: //')
	use100=$(grep 'in use at exit' "$OUT/valgrind-100.txt" | sed 's/.*exit: //')
	if [ -n "$use10" ] && [ "$use10" = "$use100" ]; then
		ok "100 opens and closes: nothing lost; in use at exit $use100, as after 10"
	else
		bad "in use at exit: '$use10' after 10, '$use100' after 100"
	fi
else
	bad "valgrind: $(grep -E 'lost:|ERROR SUMMARY' "$OUT/valgrind-100.txt" "$OUT/valgrind-10.txt" | tr '\n' ' ')"
fi

# 5. in jalv.gtk3 (suil embeds the X11 window in GTK 3), on a dummy JACK
# server, when both are here (make test-hosts has them): the plugin runs
# free (stopped=2) with one octave, and jalv prints its level 30 times a
# second. The UI draws and its scope moves; 10 px up on the rate knob
# (x 10^0.3 = 2 along the logarithmic mapping) makes the plugin's own
# level move twice as fast: the mean |step| between prints, 6 s before
# against 6 s after, within 1.4..2.8 (a linear mapping would make the rate
# 51 and the steps those of an uncorrelated noise).
jalv_test() {
	jack=perlin-ui-$$
	jackd --no-realtime -n $jack -d dummy -r 48000 -p 1024 > "$OUT/jackd.log" 2>&1 &
	jackd_pid=$!
	export JACK_DEFAULT_SERVER=$jack
	if ! jack_wait -w -t 10 > /dev/null 2>&1; then
		bad "jalv: jackd (dummy) did not start"
		kill $jackd_pid 2> /dev/null
		return
	fi
	rm -rf "$OUT/jalv-lv2" && mkdir -p "$OUT/jalv-lv2" && cp -r "$BUNDLE" "$OUT/jalv-lv2/"
	LV2_PATH="$(cd "$OUT" && pwd)/jalv-lv2" stdbuf -oL jalv.gtk3 --print-controls -c stopped=2 -c octaves=1 \
		urn:perlin-lv2:perlin > "$OUT/jalv.log" 2>&1 &
	jalv_pid=$!
	# (stdbuf: each level line as it comes, so that the count is the time)
	# the UI's window: a child named as the plugin, at its size
	ui_at() { xwininfo -root -tree 2> /dev/null | awk '/"Perlin Noise": \(\)/ { print $NF; exit }'; }
	if until_ok 60 sh -c "xwininfo -root -tree 2>/dev/null | grep -q '\"Perlin Noise\": ()'" &&
		until_ok 30 sh -c "[ \$(grep -c '^level' '$OUT/jalv.log') -ge 100 ]"; then
		at=$(ui_at)
		x0=$(echo "$at" | cut -d+ -f2) y0=$(echo "$at" | cut -d+ -f3)
		start urn:perlin-lv2:perlin # (the layout, from ui_host: the same code)
		set -- $(rect Rate)
		rx=$((x0 + $1 + $3 / 2)) ry=$((y0 + $2 + 46))
		set -- $(grep '^scope' "$OUT/host.log")
		sx=$((x0 + $2)) sy=$((y0 + $3)) sw=$4 sh=$5
		stop
		drawn jalv-scope-a "$sx" "$sy" "$sw" "$sh" || bad "jalv.gtk3: the scope was not drawn"
		if until_ok 10 sh -c "import -window root -crop ${sw}x$sh+$sx+$sy +repage '$OUT/jalv-scope-b.png' 2>/dev/null &&
			[ \$(compare -metric AE '$OUT/jalv-scope-a.png' '$OUT/jalv-scope-b.png' null: 2>&1 | cut -d' ' -f1) -gt 200 ]"; then
			ok "jalv.gtk3: the UI draws in jalv's window at +$x0+$y0; its scope moves"
		else
			bad "jalv.gtk3: the scope does not move"
		fi
		before=$(grep -c '^level' "$OUT/jalv.log")
		until_ok 15 sh -c "[ \$(grep -c '^level' '$OUT/jalv.log') -ge $((before + 180)) ]"
		dragged=$(grep -c '^level' "$OUT/jalv.log")
		xdotool mousemove $rx $ry mousedown 1 mousemove $rx $((ry - 10)) mouseup 1
		until_ok 15 sh -c "[ \$(grep -c '^level' '$OUT/jalv.log') -ge $((dragged + 190)) ]"
		import -window root "$OUT/jalv.png" 2> /dev/null
		if grep '^level' "$OUT/jalv.log" | awk -v a=$((dragged - 180)) -v b=$dragged '
			{ v = $3; n++; if (n > 1) { d = v - p; if (d < 0) d = -d;
			  if (n > a && n <= b) { s0 += d; c0++ } else if (n > b + 10 && n <= b + 190) { s1 += d; c1++ } } p = v }
			END { if (!c0 || !c1 || !s0) { printf "%d levels, %d before and %d after the drag", n, c0, c1; exit 1 }
			      r = (s1 / c1) / (s0 / c0); printf "mean |step| x%.2f", r; exit !(r >= 1.4 && r <= 2.8) }' \
			> "$OUT/jalv-speed.txt"; then
			ok "jalv.gtk3: 10 px up on rate: the plugin's level moves faster, $(cat "$OUT/jalv-speed.txt") (10^0.3 = 2)"
		else
			bad "jalv.gtk3: after the drag, $(cat "$OUT/jalv-speed.txt")"
		fi
	else
		bad "jalv.gtk3: no UI window or no levels ($(tail -3 "$OUT/jalv.log" | tr '\n' ' '))"
	fi
	kill $jalv_pid 2> /dev/null
	wait $jalv_pid 2> /dev/null
	qt5_test
	kill $jackd_pid 2> /dev/null
	wait $jackd_pid 2> /dev/null
}
# 6. in jalv.qt5 (suil's X11-in-Qt 5), on the same server: Perlin Noise x4
# opens at its size inside jalv's window, and its scope moves once the
# JACK transport rolls (jalv.qt5 1.6.6 takes no -c and prints no levels:
# the plugin stays on Hold, which follows the transport)
qt5_test() {
	LV2_PATH="$(cd "$OUT" && pwd)/jalv-lv2" jalv.qt5 urn:perlin-lv2:perlin4 > "$OUT/jalv-qt5.log" 2>&1 &
	qt5_pid=$!
	ui_x4() { xwininfo -root -tree 2> /dev/null | awk '/"Perlin Noise x4": \(\)/ { print $(NF - 1), $NF; exit }'; }
	has_x4() { [ -n "$(ui_x4)" ]; }
	if until_ok 60 has_x4; then
		set -- $(ui_x4)
		size=${1%%+*} at=$2
		x0=$(echo "$at" | cut -d+ -f2) y0=$(echo "$at" | cut -d+ -f3)
		echo play | jack_transport > /dev/null 2>&1
		drawn jalv-qt5-a "$((x0 + 10))" "$((y0 + 36))" 420 145
		if [ "$size" = 880x386 ] && until_ok 10 sh -c "import -window root -crop 420x145+$((x0 + 10))+$((y0 + 36)) +repage '$OUT/jalv-qt5-b.png' 2>/dev/null &&
			[ \$(compare -metric AE '$OUT/jalv-qt5-a.png' '$OUT/jalv-qt5-b.png' null: 2>&1 | cut -d' ' -f1) -gt 200 ]"; then
			ok "jalv.qt5: Perlin Noise x4's UI, $size at +$x0+$y0 in jalv's window; its scope moves"
		else
			bad "jalv.qt5: the UI at $size +$x0+$y0 does not move"
		fi
		import -window root "$OUT/jalv-qt5.png" 2> /dev/null
		echo stop | jack_transport > /dev/null 2>&1
	else
		bad "jalv.qt5: no UI window ($(grep -i error "$OUT/jalv-qt5.log" | head -2 | tr '\n' ' '))"
	fi
	kill $qt5_pid 2> /dev/null
	wait $qt5_pid 2> /dev/null
}
if command -v jalv.gtk3 > /dev/null && command -v jackd > /dev/null; then
	jalv_test
else
	echo "test_ui: no jalv or jackd: the jalv checks are left out"
fi

echo "test_ui: $pass passed, $fail failed"
[ $fail -eq 0 ]
