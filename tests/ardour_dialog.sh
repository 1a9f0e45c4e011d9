#!/bin/sh
# ardour_dialog.sh: by hand, not in CI (a GUI driven by screen coordinates
# under Xvfb): "Modulate with Perlin Noise" (plugin/ardour/perlin-modulation.lua)
# run from Ardour 7's Edit menu, as a user runs it, on a dummy JACK server,
# on a session with a bus "Synth" holding ACE High/Low Pass Filter and ACE
# Amplifier. The action is in action slot 1 (a ui_scripts file, as the
# Script Manager saves it). The script opens the action, opens the
# Parameter list on ACE High/Low Pass Filter (dialog-1.png), picks "Low
# Pass Cut off frequency", types 200 and 2000 (Hz) for noise -1 and +1
# (dialog-2.png) and accepts; then shows the mixer and rolls the transport
# (dialog-3.png: the strips, Perlin Modulator's display naming the filter
# and its cutoff). Checks: each dialog is shown, the strips move, and the
# session saved then holds Perlin Modulator, Perlin Noise and the cutoff's
# range (200 and 2000 Hz as knob percentages).
#
# Needs (Debian): ardour xvfb xdotool imagemagick jackd2 lua5.3, and make
# all. Usage: tests/ardour_dialog.sh BUILD_DIR [OUT] (kills the jackd, Xvfb
# and Ardour it started). Ends with "N passed, N failed".
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
B=$(cd "$1" && pwd)
T=$(cd "$(dirname "$0")" && pwd)
OUT=${2:-$B/dialog}
D=:43
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok   $*"; }
no() { fail=$((fail + 1)); echo "FAIL $*"; }
CFG=$OUT/cfg/ardour7
. "$T/ardour_gui_setup.sh"
gui_setup "$OUT" "$B" perlin-modulator.lua perlin-modulation.lua
# action slot 1: the Script Manager's saved form (a Lua chunk that fills
# `scripts`; "f" is a chunk that returns the action, given its arguments)
lua5.3 - "$T/../plugin/ardour/perlin-modulation.lua" > "$OUT/actions.lua" <<- 'EOF'
	local f = assert(io.open(arg[1])):read("a")
	local factory = "local params = ...\nlocal function ardour () end\n" .. f .. "\nreturn factory (params)\n"
	io.write(string.format('scripts = {} scripts[1] = {} scripts[1]["n"] = %q scripts[1]["s"] = %q '
		.. 'scripts[1]["f"] = %q scripts[1]["c"] = "" scripts[1]["a"] = {} ',
		"Modulate with Perlin Noise", f, factory))
EOF
{
	echo '<?xml version="1.0" encoding="UTF-8"?>'
	printf '<UIScripts><ActionScript lua="5.3">%s</ActionScript><ActionHooks/></UIScripts>\n' \
		"$(base64 -w0 < "$OUT/actions.lua")"
} > "$CFG/ui_scripts"
cat > "$OUT/build.lua" <<- 'EOF'
	AudioEngine:set_backend("JACK", "", "")
	local s = assert(create_session(os.getenv("PERLIN_SESSION"), "dialog", 48000))
	s:new_audio_route(1, 2, nil, 1, "Synth", ARDOUR.PresentationInfo.Flag.AudioBus,
		ARDOUR.PresentationInfo.max_order)
	local synth = s:route_by_name("Synth")
	synth:add_processor_by_index(ARDOUR.LuaAPI.new_luaproc(s, "ACE High/Low Pass Filter"), 0, nil, true)
	synth:add_processor_by_index(ARDOUR.LuaAPI.new_luaproc(s, "ACE Amplifier"), 1, nil, true)
	s:save_state("", false, false, false, false, false)
	synth = nil
	s = nil
	collectgarbage()
	close_session()
EOF
gui_start "$OUT" $D dialog
X() { DISPLAY=$D xdotool "$@"; }
shot() { DISPLAY=$D import -window root -crop "$1" +repage "$OUT/$2"; }
win=$WIN
# a dialog's window by its title: its geometry in X, Y, WIDTH, HEIGHT
find_dialog() {
	for _ in $(seq 20); do
		d=$(X search --name "$1" 2> /dev/null | tail -1)
		if [ -n "$d" ]; then
			sleep 1
			eval "$(X getwindowgeometry --shell "$d")"
			ok "dialog \"$1\" shown (${WIDTH}x${HEIGHT} px)"
			return 0
		fi
		sleep 0.5
	done
	no "dialog \"$1\" not shown"
	return 1
}
if [ -z "$win" ]; then
	no "Ardour's editor window: not found"
else
	# Edit > Lua Scripts > the action in slot 1
	X mousemove 134 10 click 1 sleep 1 mousemove 175 537 sleep 1 mousemove 536 563 click 1
	if find_dialog "^Modulate with Perlin Noise$"; then
		# the Parameter list, the filter's parameters
		X mousemove $((X + 347)) $((Y + 69)) click 1 sleep 1 mousemove $((X + 342)) $((Y + 108)) sleep 1
		shot "690x300+$((X - 8))+$((Y - 5))" dialog-1.png
		X mousemove $((X + 562)) $((Y + 181)) click 1 sleep 1 mousemove $((X + 397)) $((Y + 206)) click 1
		if find_dialog "^Modulate ACE High/Low Pass Filter: Low Pass Cut off frequency$"; then
			# the first field clicked, then keys only (a busy GUI took a
			# second click late, after the keys that followed it): each
			# field emptied key by key, typed, Tab to the next
			X mousemove $((X + 180)) $((Y + 38)) click 1 sleep 1
			X key End key --repeat 12 BackSpace type 200
			X key Tab key End key --repeat 12 BackSpace type 2000
			X key Tab sleep 1
			shot "${WIDTH}x${HEIGHT}+$X+$Y" dialog-2.png
			# OK: the last button, from the dialog's right edge (the
			# width follows the parameter's name and unit)
			X mousemove $((X + WIDTH - 60)) $((Y + HEIGHT - 20)) click 1
			# wait for the dialog to go (60 s at most)
			for _ in $(seq 120); do
				X search --name "^Modulate ACE High/Low Pass Filter" > /dev/null 2>&1 || break
				sleep 0.5
			done
			sleep 2
			X mousemove 1326 71 click 1 # the "Mix" button: the mixer
			sleep 3
			X key space
			# rolling: shots a second apart until the strips move
			# (30 s at most: a busy machine's GUI redraws late)
			for tries in $(seq 30); do
				shot "225x200+275+100" dialog-3.png
				sleep 1
				shot "225x200+275+100" dialog-3b.png
				changed=$(compare -metric AE "$OUT/dialog-3.png" "$OUT/dialog-3b.png" /dev/null 2>&1)
				[ "${changed:-0}" -gt 50 ] 2> /dev/null && break
			done
			X key space sleep 1 key ctrl+s
			sleep 3
			if [ "${changed:-0}" -gt 50 ] 2> /dev/null; then
				ok "rolling, the strips move: ${changed} pixels in a second (pair $tries)"
			else
				no "rolling, the strips do not move (${changed:-?} pixels in a second, 30 pairs)"
				grep -i "jack\|disconnect\|zombi" "$OUT/ardour.log" | tail -n 3 | sed 's/^/     /'
			fi
		fi
	fi
fi
kill $ARDOUR 2> /dev/null
sleep 3
kill $XVFB $JACK 2> /dev/null
# the saved session: what the action made
xml=$OUT/session/dialog.ardour
lo=$(lua5.3 -e 'print(string.format("%.4f", 100 * math.log(200 / 20) / math.log(1000)))')
hi=$(lua5.3 -e 'print(string.format("%.4f", 100 * math.log(2000 / 20) / math.log(1000)))')
if grep -q 'name="Perlin Modulator"' "$xml" && grep -q 'name="Perlin Noise"' "$xml"; then
	ok "saved: the session holds Perlin Modulator and Perlin Noise"
else
	no "saved: no Perlin Modulator or Perlin Noise in $xml"
fi
# its At -1 and At +1 (controls 2 and 3): 200 and 2000 Hz on the cutoff's log knob
at=$(sed -n '/name="Perlin Modulator"/,/<\/luaproc>/p' "$xml" |
	sed -n 's|.*<Port id="\([23]\)" value="\([^"]*\)"/>.*|\2|p' | tr '\n' ' ')
set -- $at
if [ $# -eq 2 ] && lua5.3 -e "os.exit(math.abs($1 - $lo) < 1e-3 and math.abs($2 - $hi) < 1e-3)"; then
	ok "saved: At -1 and At +1 are $at, the knob at 200 and 2000 Hz ($lo, $hi)"
else
	no "saved: At -1 and At +1 are ${at:-missing}, wanted $lo and $hi"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
