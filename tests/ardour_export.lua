-- ardour_export.lua: run by ardour7-lua or ardour8-lua (headless, Dummy
-- backend) from tests/test_ardour.sh. Builds a session with "Perlin Noise" on a
-- bus, automates rate and octaves, and exports the master bus twice as 32-bit
-- float WAV (first.wav, second.wav in $PERLIN_OUT).
--
-- Segments: 0-4 s rate 1, octaves 1; 4-8 s rate 8, octaves 1 (faster);
-- 8-12 s rate 1, octaves 8 (rougher). Settings: PERLIN_OUT (folder),
-- PERLIN_SESSION (folder for the session), PERLIN_PRESET (export preset id).
-- Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).

local out = assert(os.getenv("PERLIN_OUT"), "PERLIN_OUT")
local dir = assert(os.getenv("PERLIN_SESSION"), "PERLIN_SESSION")
local preset = assert(os.getenv("PERLIN_PRESET"), "PERLIN_PRESET")
local sr = 48000
local lib = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "ardour_lib.lua")

AudioEngine:set_backend("None (Dummy)", "", "")
s = assert(create_session(dir, "perlin", sr), "cannot create a session")

bus, plugin = lib.bus_with(s, "Perlin", 1, 2, "urn:perlin-lv2:perlin")

-- automation: points (seconds, value) on port `index`, then Play
local function automate(index, points)
	local al, cl, _ = ARDOUR.LuaAPI.plugin_automation(plugin, index)
	assert(not al:isnil(), "no automation list for port " .. index)
	for _, p in ipairs(points) do
		cl:add(Temporal.timepos_t(math.floor(p[1] * sr)), p[2], false, false)
	end
	local param = Evoral.Parameter(ARDOUR.AutomationType.PluginAutomation, 0, index)
	local ac = plugin:to_automatable():automation_control(param, false)
	assert(not ac:isnil(), "no automation control for port " .. index)
	ac:set_automation_state(ARDOUR.AutoState.Play)
end
-- (points closer than ~64 samples would merge: these are 50 ms apart)
automate(0, { { 0, 1 }, { 3.95, 1 }, { 4.0, 8 }, { 7.95, 8 }, { 8.0, 1 }, { 12, 1 } })
automate(1, { { 0, 1 }, { 7.95, 1 }, { 8.0, 8 }, { 12, 8 } })

lib.export(s, preset, out, "first", 0, 12 * sr)
lib.export(s, preset, out, "second", 0, 12 * sr)
-- Drop every Lua reference to session objects before closing: collected
-- after close_session(), they would be destroyed after the session
-- (valgrind shows Ardour reading freed memory in IO::~IO then).
bus, plugin, s = nil, nil, nil
collectgarbage()
close_session()
