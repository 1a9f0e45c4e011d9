#!/bin/sh
# qtractor_ui.sh: by hand, not in CI (a GUI driven by screen coordinates):
# Perlin Noise's own window (plugin/ui/) in Qtractor's GUI under Xvfb on a
# dummy JACK server. Qtractor embeds X11 UIs itself (ui:parent into a Qt
# window; no suil). Its engine also needs the ALSA sequencer: where the
# kernel has none (here), the session opens and its plugins are made and
# saved, but nothing runs, so the scope stays still and only the controls
# are checked. A session with Perlin Noise on an audio track (rate 1):
# a double-click on it in the track's plugin list opens the window; 10 px
# up on the rate knob, then Ctrl+S, puts Qtractor's rate at 1.99526
# (10^0.3) in the saved session; 5 typed into the rate box of Qtractor's
# own form (Properties) moves the knob; 10 toggles (the plugin's menu,
# Edit) close and open the window. Pictures in OUT.
#
# Needs (Debian): qtractor xvfb x11-utils xdotool imagemagick jackd2, and
# make all. Usage: tests/qtractor_ui.sh BUILD_DIR [OUT] (it kills the
# jackd, Xvfb and Qtractor it started).
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
B=$(cd "$1" && pwd)
T=$(cd "$(dirname "$0")" && pwd)
OUT=${2:-$B/qtractor-ui}
D=:44
pass=0
fail=0
. "$T/checks.sh" # ok, bad
rm -rf "$OUT"
mkdir -p "$OUT/home" "$OUT/lv2" "$OUT/session"
cp -r "$B/perlin.lv2" "$OUT/lv2/"
S=$OUT/session/ui.qtr
# the session: one audio track on the Master buses, Perlin Noise on it at
# rate 1 (Run), its window to open at the bottom left
cat > "$S" <<- 'EOF'
	<!DOCTYPE qtractorSession>
	<session version="Qtractor 0.9.31" name="ui">
	 <properties><sample-rate>48000</sample-rate><tempo>120</tempo></properties>
	 <devices>
	  <audio-engine><audio-bus mode="duplex" name="Master"><channels>2</channels></audio-bus></audio-engine>
	  <midi-engine><midi-bus mode="duplex" name="Master"/></midi-engine>
	 </devices>
	 <tracks>
	  <track type="audio" name="Track 1">
	   <properties><input-bus>Master</input-bus><output-bus>Master</output-bus></properties>
	   <view><height>96</height></view>
	   <plugins>
	    <plugin type="LV2">
	     <filename>urn:perlin-lv2:perlin</filename>
	     <index>0</index>
	     <label>Perlin_Noise</label>
	     <activated>1</activated>
	     <params>
	      <param name="Rate" index="0">1</param>
	      <param name="Transport" index="17">1</param>
	     </params>
	     <editor-pos>0,390</editor-pos>
	    </plugin>
	   </plugins>
	  </track>
	 </tracks>
	</session>
EOF
export HOME="$OUT/home" LV2_PATH="$OUT/lv2" JACK_DEFAULT_SERVER="perlin-qtractor-$$"
jackd --no-realtime -t 10000 -n "$JACK_DEFAULT_SERVER" -d dummy -r 48000 -p 512 > "$OUT/jackd.log" 2>&1 &
JACK=$!
Xvfb $D -screen 0 1600x1000x24 > "$OUT/xvfb.log" 2>&1 &
XVFB=$!
export DISPLAY=$D
jack_wait -w -t 30 > /dev/null 2>&1
for _ in $(seq 60); do xdotool getdisplaygeometry > /dev/null 2>&1 && break; sleep 0.5; done
qtractor "$S" > "$OUT/qtractor.log" 2>&1 &
QT=$!
stop() { kill $QT $XVFB $JACK 2> /dev/null; }
# "The audio/MIDI engine could not be started" (no ALSA sequencer): Return
# on it, then the session's window
win=
for _ in $(seq 60); do
	e=$(xdotool search --name '^Error' 2> /dev/null | head -1)
	[ -n "$e" ] && xdotool windowfocus "$e" key Return 2> /dev/null
	win=$(xdotool search --name 'ui.qtr' 2> /dev/null | head -1)
	[ -n "$win" ] && [ -z "$e" ] && break
	sleep 1
done
[ -n "$win" ] || { bad "Qtractor's window with the session: not found"; stop; exit 1; }
sleep 2
import -window root "$OUT/session.png"
# the plugin in Track 1's plugin list (the Bus column, below the bus name),
# from the window's corner
wx=$(xwininfo -id "$win" | awk '/Absolute upper-left X/ { print $NF }')
wy=$(xwininfo -id "$win" | awk '/Absolute upper-left Y/ { print $NF }')
PX=$((wx + 180)) PY=$((wy + 180))
ui=
for _ in 1 2 3; do
	xdotool mousemove $PX $PY click --repeat 2 --delay 100 1
	for _ in $(seq 15); do
		sleep 1
		ui=$(xwininfo -root -tree 2> /dev/null | awk '/"Perlin Noise": \(\)/ { print $NF; exit }')
		[ -n "$ui" ] && break
	done
	[ -n "$ui" ] && break
done
if [ -z "$ui" ]; then
	import -window root "$OUT/screen.png"
	bad "no window of Perlin Noise's UI (the screen: $OUT/screen.png)"
	stop
	exit 1
fi
x0=$(echo "$ui" | cut -d+ -f2) y0=$(echo "$ui" | cut -d+ -f3)
ok "the window opens at +$x0+$y0"
# the rate knob (view.c's layout at scale 1): 10 px up, then Ctrl+S
xdotool mousemove $((x0 + 53)) $((y0 + 242)) mousedown 1 mousemove $((x0 + 53)) $((y0 + 232)) mouseup 1
sleep 1
xdotool mousemove 500 300 click 1 key ctrl+s
rate=
for _ in $(seq 20); do
	sleep 0.5
	rate=$(sed -n 's/.*<param[^>]*name="Rate"[^>]*>\([^<]*\)<.*/\1/p' "$S")
	[ "$rate" != 1 ] && break
done
between "$rate" 1.99516 1.99536 && ok "10 px up on the rate knob: Qtractor saves rate $rate (10^0.3 = 1.99526)" ||
	bad "rate in the saved session: ${rate:-none}, not 1.99526"
import -window root -crop 86x100+$((x0 + 10))+$((y0 + 196)) +repage "$OUT/knob-a.png"
# Qtractor's own form (the plugin's menu, Properties): 5 into its rate box
xdotool mousemove $PX $PY click 3
sleep 1
xdotool key p
form=
for _ in $(seq 10); do
	sleep 1
	form=$(xwininfo -root -tree | awk '/"Perlin Noise - Track 1/ && !/880x386/ { print $NF; exit }')
	[ -n "$form" ] && break
done
if [ -n "$form" ]; then
	fx=$(echo "$form" | cut -d+ -f2) fy=$(echo "$form" | cut -d+ -f3)
	# its first box (Rate), as the form lays out at this size
	xdotool mousemove $((fx + 195)) $((fy + 94)) click --repeat 3 --delay 80 1 key ctrl+a type 5
	xdotool key Return
	sleep 2
	import -window root -crop 86x100+$((x0 + 10))+$((y0 + 196)) +repage "$OUT/knob-b.png"
	import -window root "$OUT/form.png"
	changed=$(compare -metric AE "$OUT/knob-a.png" "$OUT/knob-b.png" null: 2>&1 | cut -d' ' -f1)
	[ "${changed:-0}" -gt 100 ] 2> /dev/null && ok "5 in Qtractor's rate box moves the knob ($changed pixels)" ||
		bad "the knob did not follow Qtractor's rate box (${changed:-?} pixels; $OUT/form.png)"
	xdotool windowmove "$(xwininfo -root -tree | awk '/"Perlin Noise - Track 1/ && !/880x386/ { print $1; exit }')" 900 500
else
	bad "Qtractor's Properties form did not open"
fi
import -window root -crop 880x386+$x0+$y0 +repage "$OUT/qtractor-ui.png"
# 10 toggles: the plugin's menu, Edit (its accelerator e)
shown=0
for _ in $(seq 10); do
	xdotool mousemove $PX $PY click 3
	sleep 1
	xdotool key e
	sleep 2
	xwininfo -root -tree 2> /dev/null | grep -q '"Perlin Noise": ()' && shown=$((shown + 1))
done
if [ $shown -eq 5 ] && kill -0 $QT 2> /dev/null; then
	ok "closed and opened 10 times: shown after 5 of the 10, Qtractor running"
else
	bad "closing and opening: shown after $shown of 10, Qtractor $(kill -0 $QT 2> /dev/null && echo running || echo gone)"
fi
import -window root "$OUT/reopened.png"
echo "qtractor_ui: $pass passed, $fail failed (screens in $OUT)"
stop
[ $fail -eq 0 ]
