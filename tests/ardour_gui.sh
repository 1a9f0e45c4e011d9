#!/bin/sh
# ardour_gui.sh: by hand, not in CI (a GUI driven by screen coordinates):
# Ardour 7's mixer under Xvfb on a dummy JACK server, showing the inline
# displays of Perlin Noise, Perlin Noise x4 and Perlin Modulator (driving ACE
# High/Low Pass Filter's low-pass cutoff). It rolls the transport, takes two
# screenshots of the strips' processor boxes a second apart and checks that
# their pixels move; the crop is left in OUT/strips.png.
#
# Needs (Debian): ardour xvfb x11-apps xdotool imagemagick jackd2, and
# make all. Usage: tests/ardour_gui.sh BUILD_DIR [OUT] (as a user who may
# run jackd; it kills the jackd, Xvfb and Ardour it started).
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
B=$(cd "$1" && pwd)
T=$(cd "$(dirname "$0")" && pwd)
OUT=${2:-$B/gui}
D=:42
. "$T/ardour_gui_setup.sh"
gui_setup "$OUT" "$B" perlin-modulator.lua
cat > "$OUT/build.lua" <<- 'EOF'
	AudioEngine:set_backend("JACK", "", "")
	local s = assert(create_session(os.getenv("PERLIN_SESSION"), "gui", 48000))
	local function bus(name)
		s:new_audio_route(1, 2, nil, 1, name, ARDOUR.PresentationInfo.Flag.AudioBus,
			ARDOUR.PresentationInfo.max_order)
		return s:route_by_name(name)
	end
	local perlin = bus("Perlin")
	local n = ARDOUR.LuaAPI.new_plugin(s, "urn:perlin-lv2:perlin", ARDOUR.PluginType.LV2, "")
	perlin:add_processor_by_index(n, 0, nil, true)
	ARDOUR.LuaAPI.set_processor_param(n, 0, 2) -- rate
	local four = bus("Four")
	local n4 = ARDOUR.LuaAPI.new_plugin(s, "urn:perlin-lv2:perlin4", ARDOUR.PluginType.LV2, "")
	four:add_processor_by_index(n4, 0, nil, true)
	ARDOUR.LuaAPI.set_processor_param(n4, 16, 0.8) -- spread
	local chain = bus("Chain")
	chain:add_processor_by_index(ARDOUR.LuaAPI.new_luaproc(s, "ACE High/Low Pass Filter"), 0, nil, true)
	local mod = ARDOUR.LuaAPI.new_luaproc(s, "Perlin Modulator")
	chain:add_processor_by_index(mod, 0, nil, true)
	ARDOUR.LuaAPI.set_processor_param(mod, 1, 4) -- the low-pass cutoff
	ARDOUR.LuaAPI.set_processor_param(mod, 2, 1) -- At -1: 1 %
	ARDOUR.LuaAPI.set_processor_param(mod, 3, 20) -- At +1: 20 %
	chain:add_sidechain(mod)
	local pi = mod:to_plugininsert()
	local send = ARDOUR.LuaAPI.new_send(s, perlin, perlin:amp())
	send:to_send():output():nth(0):connect(pi:sidechain_input():nth(0):name())
	local audio = ARDOUR.DataType("audio")
	local im = pi:input_map(0)
	local nin = pi:natural_input_streams():n_audio()
	im:set(audio, nin - 1, nin - 1)
	pi:set_input_map(0, im)
	s:save_state("", false, false, false, false, false)
	perlin, n, four, n4, chain, mod, pi, send, im = nil, nil, nil, nil, nil, nil, nil, nil, nil
	s = nil
	collectgarbage()
	close_session()
EOF
gui_start "$OUT" $D gui
[ -n "$WIN" ] || echo "Ardour's editor window: not found"
DISPLAY=$D xdotool mousemove 1326 71 click 1 # the "Mix" button: the mixer
sleep 5
DISPLAY=$D xdotool key space # roll
sleep 7
DISPLAY=$D import -window root "$OUT/a.png"
sleep 1
DISPLAY=$D import -window root "$OUT/b.png"
DISPLAY=$D xdotool key space
for f in a b; do convert "$OUT/$f.png" -crop 340x110+278+195 +repage "$OUT/$f-strips.png"; done
cp "$OUT/a-strips.png" "$OUT/strips.png"
kill $ARDOUR $XVFB $JACK 2> /dev/null
changed=$(compare -metric AE "$OUT/a-strips.png" "$OUT/b-strips.png" /dev/null 2>&1)
echo "pixels that changed in a second: ${changed:-?} (the strips: $OUT/strips.png)"
[ "${changed:-0}" -gt 100 ] 2> /dev/null && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
