#!/bin/sh
# ardour_ui.sh: by hand, not in CI (a GUI driven by screen coordinates):
# Perlin Noise's own window (plugin/ui/) in Ardour 7's GUI under Xvfb on a
# dummy JACK server. A session with Perlin Noise on a bus; the mixer; a
# double-click on the plugin in the strip opens its window (Ardour embeds
# the X11 UI through suil). The transport rolls; two screenshots of the
# window a second apart must differ; 10 px up on the rate knob moves it.
# (Reading the plugin's rate back is left to the hosts where a script can:
# ui_host, jalv, Carla. Ctrl+S and the Session menu do nothing on Xvfb
# without a window manager.) The window is left in OUT/ardour-ui.png, the
# screen while rolling in OUT/rolling.png.
#
# Needs (Debian): ardour xvfb x11-utils xdotool imagemagick jackd2, and
# make all. Usage: tests/ardour_ui.sh BUILD_DIR [OUT] (it kills the jackd,
# Xvfb and Ardour it started).
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
B=$(cd "$1" && pwd)
T=$(cd "$(dirname "$0")" && pwd)
OUT=${2:-$B/ardour-ui}
D=:43
pass=0
fail=0
. "$T/checks.sh" # ok, bad
. "$T/ardour_gui_setup.sh"
gui_setup "$OUT" "$B"
cat > "$OUT/build.lua" <<- 'EOF'
	AudioEngine:set_backend("JACK", "", "")
	local s = assert(create_session(os.getenv("PERLIN_SESSION"), "ui", 48000))
	s:new_audio_route(1, 2, nil, 1, "Perlin", ARDOUR.PresentationInfo.Flag.AudioBus,
		ARDOUR.PresentationInfo.max_order)
	local r = s:route_by_name("Perlin")
	local n = ARDOUR.LuaAPI.new_plugin(s, "urn:perlin-lv2:perlin", ARDOUR.PluginType.LV2, "")
	r:add_processor_by_index(n, 0, nil, true)
	s:save_state("", false, false, false, false, false)
	r, n = nil, nil
	s = nil
	collectgarbage()
	close_session()
EOF
gui_start "$OUT" $D ui
export DISPLAY=$D
[ -n "$WIN" ] || bad "Ardour's editor window: not found"
xdotool mousemove 1326 71 click 1 # the "Mix" button: the mixer
sleep 5
import -window root "$OUT/mixer.png"
# the plugin's entry in the strip's processor box (below the strip's name
# and input button), as ardour_gui.sh's crop shows it
ui=
for _ in 1 2 3 4; do # (the mixer may still be drawing: again, up to 4 times)
	xdotool mousemove "${PX:-330}" "${PY:-215}" click --repeat 2 --delay 100 1
	for _ in $(seq 15); do
		sleep 1
		ui=$(xwininfo -root -tree 2> /dev/null | awk '/"Perlin Noise": \(\)/ { print $NF; exit }')
		[ -n "$ui" ] && break
	done
	[ -n "$ui" ] && break
done
import -window root "$OUT/screen.png"
if [ -z "$ui" ]; then
	bad "no window of Perlin Noise's UI (the screen: $OUT/screen.png)"
else
	x0=$(echo "$ui" | cut -d+ -f2) y0=$(echo "$ui" | cut -d+ -f3)
	xdotool mousemove 1000 600 key space # (the pointer off the UI) roll
	sleep 3
	import -window root -crop 880x386+$x0+$y0 +repage "$OUT/a.png"
	sleep 1
	import -window root -crop 880x386+$x0+$y0 +repage "$OUT/b.png"
	cp "$OUT/a.png" "$OUT/ardour-ui.png"
	import -window root "$OUT/rolling.png"
	changed=$(compare -metric AE "$OUT/a.png" "$OUT/b.png" null: 2>&1 | cut -d' ' -f1)
	[ "${changed:-0}" -gt 100 ] 2> /dev/null && ok "the UI at +$x0+$y0 moves: $changed pixels in 1 s" ||
		bad "the UI did not move (${changed:-?} pixels)"
	# the rate knob (view.c's layout at scale 1, as tests/ui_host.c prints
	# it): 10 px up; its pixels change, and the UI's scope then shows the
	# plugin's level moving faster (by eye: OUT/dragged.png). A click
	# first, so that the focus's highlight is in both pictures and only the
	# value tells them apart.
	xdotool mousemove $((x0 + 53)) $((y0 + 242)) click 1
	sleep 1
	import -window root -crop 86x100+$((x0 + 10))+$((y0 + 196)) +repage "$OUT/knob-a.png"
	xdotool mousemove $((x0 + 53)) $((y0 + 242)) mousedown 1 mousemove $((x0 + 53)) $((y0 + 232)) mouseup 1
	sleep 3
	import -window root -crop 86x100+$((x0 + 10))+$((y0 + 196)) +repage "$OUT/knob-b.png"
	import -window root -crop 880x386+$x0+$y0 +repage "$OUT/dragged.png"
	changed=$(compare -metric AE "$OUT/knob-a.png" "$OUT/knob-b.png" null: 2>&1 | cut -d' ' -f1)
	[ "${changed:-0}" -gt 50 ] 2> /dev/null && ok "10 px up on the rate knob moves it ($changed pixels)" ||
		bad "the rate knob did not move (${changed:-?} pixels)"
	# closed and opened 10 times: the plugin's window (its top level, moved
	# off the strip first) shows and hides at each double-click
	top=$(xwininfo -root -tree | grep -B6 '"Perlin Noise": ()' | grep 'Perlin: Perlin Noise' | awk '{ print $1 }')
	[ -n "$top" ] && xdotool windowmove "$top" 700 550
	sleep 1
	shown=0
	for _ in $(seq 10); do
		xdotool mousemove "${PX:-330}" "${PY:-215}" click --repeat 2 --delay 100 1
		sleep 2
		xwininfo -root -tree 2> /dev/null | grep -q '"Perlin Noise": ()' &&
			xwininfo -id "$top" 2> /dev/null | grep -q IsViewable && shown=$((shown + 1))
	done
	if [ -n "$top" ] && [ $shown -eq 5 ] && kill -0 $ARDOUR 2> /dev/null; then
		ok "closed and opened 10 times: shown after 5 of the 10, Ardour running"
	else
		bad "closing and opening: shown after $shown of 10 (window '$top'), Ardour $(kill -0 $ARDOUR 2> /dev/null && echo running || echo gone)"
	fi
	import -window root "$OUT/reopened.png"
fi
echo "ardour_ui: $pass passed, $fail failed (screens in $OUT)"
kill $ARDOUR $XVFB $JACK 2> /dev/null
[ $fail -eq 0 ]
