-- ardour_export4.lua: run by ardour7-lua or ardour8-lua (headless, Dummy
-- backend) from tests/test_ardour.sh. "Perlin Noise x4" on a four-channel bus
-- (rate 2, octaves 6, seed 5, spread 0.6; spread then automated from 0.6 at 2 s
-- to 0 at 4 s and to 1 at 6 s), its four outputs wired one to one into a
-- four-channel master (panners bypassed), exported as one four-channel 32-bit
-- float WAV (four.wav in $PERLIN_OUT), 8 s. Then the choice of output: on a
-- four-channel track, the same plugin with spread 0.6 held;
-- plugin/ardour/perlin-automate.lua ($PERLIN_SCRIPT) writes its output 3 into
-- ACE Amplifier's gain automation (0..2 s, a point every 10 ms) on a bus
-- "Target"; the noise the points stand for is printed ("perlin: point SAMPLE
-- VALUE") for the shell to compare with the plugin's outputs. Settings:
-- PERLIN_OUT (folder), PERLIN_SESSION (folder for the session), PERLIN_PRESET
-- (export preset id), PERLIN_SCRIPT (perlin-automate.lua), PERLIN_PART
-- ("export" or "automate": one part only, each in a process of its own, as
-- Ardour 7.3 often corrupts its heap in a four-channel export and crashes
-- later; both when unset).
-- Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).

local out = assert(os.getenv("PERLIN_OUT"), "PERLIN_OUT")
local dir = assert(os.getenv("PERLIN_SESSION"), "PERLIN_SESSION")
local preset = assert(os.getenv("PERLIN_PRESET"), "PERLIN_PRESET")
local sr = 48000
local lib = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "ardour_lib.lua")
local part = os.getenv("PERLIN_PART") or "both"

AudioEngine:set_backend("None (Dummy)", "", "")
s = assert(create_session(dir, "perlin4", sr), "cannot create a session")

if part ~= "automate" then
	master = s:master_out()
	while master:n_inputs():n_audio() < 4 do
		master:input():add_port("", nil, ARDOUR.DataType("audio"))
	end
	while master:n_outputs():n_audio() < 4 do
		master:output():add_port("", nil, ARDOUR.DataType("audio"))
	end
	master:panner_shell():set_bypassed(true)

	bus, plugin = lib.bus_with(s, "Perlin4", 4, 4, "urn:perlin-lv2:perlin4")
	print("perlin: bus " .. bus:n_inputs():n_audio() .. " in, " .. bus:n_outputs():n_audio() .. " out")
	bus:panner_shell():set_bypassed(true)
	bus:output():disconnect_all(nil)
	for i = 0, 3 do
		assert(bus:output():nth(i):connect(master:input():nth(i):name()) == 0, "cannot wire output " .. i)
	end

	-- control numbers as Ardour counts the plugin's control ports (inputs and
	-- outputs in port order): 0 rate, 1 octaves, 4 seed, 16 spread
	local function set(n, v)
		assert(ARDOUR.LuaAPI.set_processor_param(plugin, n, v), "cannot set control " .. n)
	end
	set(0, 2)
	set(1, 6)
	set(4, 5)
	set(16, 0.6)
	local al, cl, _ = ARDOUR.LuaAPI.plugin_automation(plugin, 16)
	assert(not al:isnil(), "no automation list for spread")
	for _, p in ipairs({ { 0, 0.6 }, { 2, 0.6 }, { 3, 0 }, { 5, 0 }, { 6, 1 }, { 8, 1 } }) do
		cl:add(Temporal.timepos_t(math.floor(p[1] * sr)), p[2], false, false)
	end
	local ac = plugin:to_automatable():automation_control(
		Evoral.Parameter(ARDOUR.AutomationType.PluginAutomation, 0, 18), false) -- (by port index)
	assert(not ac:isnil(), "no automation control for spread")
	ac:set_automation_state(ARDOUR.AutoState.Play)

	lib.export(s, preset, out, "four", 0, 8 * sr)
end

if part ~= "export" then
	-- which output drives a parameter: the editor action, output 3
	-- (routes by name: RouteList:front() hands out a reference into a list
	-- that the garbage collector frees)
	s:new_audio_track(4, 4, nil, 1, "Perlin4T", ARDOUR.PresentationInfo.max_order,
		ARDOUR.TrackMode.Normal, false)
	local track = assert(s:route_by_name("Perlin4T"), "no track Perlin4T")
	local noise = ARDOUR.LuaAPI.new_plugin(s, "urn:perlin-lv2:perlin4", ARDOUR.PluginType.LV2, "")
	assert(track:add_processor_by_index(noise, 0, nil, true) == 0, "cannot add the plugin to the track")
	for _, kv in ipairs({ { 0, 2 }, { 1, 6 }, { 4, 5 }, { 16, 0.6 } }) do
		assert(ARDOUR.LuaAPI.set_processor_param(noise, kv[1], kv[2]), "cannot set " .. kv[1])
	end
	s:new_audio_route(1, 2, nil, 1, "Target",
		ARDOUR.PresentationInfo.Flag.AudioBus, ARDOUR.PresentationInfo.max_order)
	local target = assert(s:route_by_name("Target"), "no bus Target")
	local amp = ARDOUR.LuaAPI.new_luaproc(s, "ACE Amplifier")
	assert(not amp:isnil(), "no ACE Amplifier")
	assert(target:add_processor_by_index(amp, 0, nil, true) == 0, "cannot add ACE Amplifier")
	local env = lib.load_action(assert(os.getenv("PERLIN_SCRIPT"), "PERLIN_SCRIPT"), s)
	env.factory({ source = "Perlin4T", target = "Target", plugin = "ACE Amplifier", parameter = "0",
		output = "3", min = "0", max = "100", start = "0", ["end"] = tostring(2 * sr), step = "10" })()
	local gl, _, pd = ARDOUR.LuaAPI.plugin_automation(amp, 0)
	for k = 0, 199, 7 do
		local at = k * 480
		local g = gl:eval(Temporal.timepos_t(at))
		print(string.format("perlin: point %d %.9f", at, (g - pd.lower) / (pd.upper - pd.lower) * 2 - 1))
	end
end
bus, plugin, master, s = nil, nil, nil, nil
collectgarbage()
close_session()
