-- ardour_modulate.lua: run twice by ardour7-lua from tests/test_ardour.sh, to
-- test plugin/ardour/perlin-modulate.lua in a real session.
--
-- PERLIN_PHASE=build: a session with two buses. "Perlin" holds Perlin Noise
-- (the modulator; its fader at -inf, so only its Level output matters);
-- "Carrier" holds Perlin Noise with depth 0 and offset 0.5 (a steady 0.5)
-- followed by ACE Amplifier (Ardour's own amplifier, a Lua DSP plugin in
-- Ardour 7). The session script is compiled the way Ardour's dialog does it
-- (the bytecode of its factory, with string parameters) and the state Ardour
-- keeps in the session file's <Script> node is written to $PERLIN_STATE;
-- test_ardour.sh puts it into the saved session (Ardour 7's Lua bindings
-- have no register_lua_function, the dialog's call).
-- PERLIN_PHASE=export: loads that session (Ardour restores the script) and
-- exports the master bus (12 s) to modulated.wav in $PERLIN_OUT.
--
-- Settings: PERLIN_SESSION (folder), PERLIN_OUT, PERLIN_PRESET (export preset
-- id), PERLIN_SCRIPT (the script file), PERLIN_STATE (file for the state).
-- PERLIN_FOUR=1: "Perlin" is a four-channel bus with Perlin Noise x4
-- (spread 1, panner bypassed), the script follows its output 3 (Level 3),
-- "Noise" records output 3 and a third track "Other" output 1.

local dir = assert(os.getenv("PERLIN_SESSION"), "PERLIN_SESSION")
local phase = assert(os.getenv("PERLIN_PHASE"), "PERLIN_PHASE")
local four = os.getenv("PERLIN_FOUR") == "1"
local sr = 48000

AudioEngine:set_backend("None (Dummy)", "", "")

-- the plugin at `index` among the route's processors (0: first, pre-fader)
local function plugin_on(s, route, uri, index)
	local p = ARDOUR.LuaAPI.new_plugin(s, uri, ARDOUR.PluginType.LV2, "")
	assert(not p:isnil(), "Ardour cannot load " .. uri)
	assert(route:add_processor_by_index(p, index, nil, true) == 0, "cannot add " .. uri)
	return p
end

local function bus(s, name)
	return s:new_audio_route(1, 2, nil, 1, name,
		ARDOUR.PresentationInfo.Flag.AudioBus, ARDOUR.PresentationInfo.max_order):front()
end

if phase == "build" then
	local script = assert(os.getenv("PERLIN_SCRIPT"), "PERLIN_SCRIPT")
	local state_file = assert(os.getenv("PERLIN_STATE"), "PERLIN_STATE")
	local s = assert(create_session(dir, "modulate", sr), "cannot create a session")

	local mod_bus = four and s:new_audio_route(4, 4, nil, 1, "Perlin",
			ARDOUR.PresentationInfo.Flag.AudioBus, ARDOUR.PresentationInfo.max_order):front()
		or bus(s, "Perlin")
	local mod = plugin_on(s, mod_bus, four and "urn:perlin-lv2:perlin4" or "urn:perlin-lv2:perlin", 0)
	ARDOUR.LuaAPI.set_processor_param(mod, 0, 1.5) -- rate
	ARDOUR.LuaAPI.set_processor_param(mod, 1, 3) -- octaves
	ARDOUR.LuaAPI.set_processor_param(mod, 4, 11) -- seed
	if four then -- spread 1 (control 16); the outputs unpanned
		assert(ARDOUR.LuaAPI.set_processor_param(mod, 16, 1), "cannot set spread")
		mod_bus:panner_shell():set_bypassed(true)
	end

	local carrier = bus(s, "Carrier")
	local dc = plugin_on(s, carrier, "urn:perlin-lv2:perlin", 0)
	ARDOUR.LuaAPI.set_processor_param(dc, 8, 0) -- depth
	ARDOUR.LuaAPI.set_processor_param(dc, 9, 0.5) -- offset
	local amp = ARDOUR.LuaAPI.new_luaproc(s, "ACE Amplifier")
	assert(not amp:isnil(), "no ACE Amplifier")
	assert(carrier:add_processor_by_index(amp, 1, nil, true) == 0, "cannot add ACE Amplifier")

	-- what Ardour's "Add Lua Script > Session" dialog registers: the
	-- factory's bytecode and the parameters as strings
	local f = assert(io.open(script, "r"), "cannot read " .. script)
	local text = f:read("a")
	f:close()
	local env = { ardour = function() end }
	assert(load(text, "perlin-modulate", "t", env))()
	assert(type(env.factory) == "function" and type(env.sess_params) == "function")
	local args = { source = "Perlin", target = "Carrier", plugin = "ACE Amplifier",
		parameter = "Gain", min = "-20", max = "0", output = four and "3" or "1" }
	for k, _ in pairs(args) do
		assert(env.sess_params()[k], "the script has no parameter " .. k)
	end
	-- the format of Ardour's own serializer (session.cc, ArdourSession.save)
	local name = "Perlin Modulate"
	local q = function(v) return string.format("%q", v) end
	local state = "scripts = {} scripts[" .. q(name) .. "] = {} "
		.. "scripts[" .. q(name) .. "][\"f\"] = " .. q(string.dump(env.factory, true)) .. " "
		.. "scripts[" .. q(name) .. "][\"a\"] = {} "
	for k, v in pairs(args) do
		state = state .. "scripts[" .. q(name) .. "][\"a\"][" .. q(k) .. "] = " .. q(v) .. " "
	end
	f = assert(io.open(state_file, "wb"))
	f:write(state)
	f:close()

	-- two mono tracks record the buses: "Noise" the modulator, "Modulated"
	-- the amplified carrier
	local function recorder(name, port)
		local t = s:new_audio_track(1, 2, nil, 1, name, ARDOUR.PresentationInfo.max_order,
			ARDOUR.TrackMode.Normal, false):front()
		assert(not t:isnil(), "cannot add track " .. name)
		t:input():disconnect_all(nil)
		assert(t:input():audio(0):connect(port) == 0, "cannot connect " .. name)
		return t
	end
	if four then
		recorder("Noise", "Perlin/audio_out 3")
		recorder("Other", "Perlin/audio_out 1")
	else
		recorder("Noise", "Perlin/audio_out 1")
	end
	recorder("Modulated", "Carrier/audio_out 1")
	s:save_state("", false, false, false, false, false)
	print("perlin: session built")
	mod_bus, mod, carrier, dc, amp, s = nil, nil, nil, nil, nil, nil
	collectgarbage()
	close_session()
else
	-- Ardour runs session scripts in realtime processing only, never in a
	-- freewheeling export (Session::process_with_events), so the result is
	-- recorded while the transport rolls on the Dummy backend in real time.
	local seconds = tonumber(os.getenv("PERLIN_SECONDS") or "6")
	local s = assert(load_session(dir, "modulate"), "cannot load the session")
	for _, name in ipairs(four and { "Noise", "Other", "Modulated" } or { "Noise", "Modulated" }) do
		local t = s:route_by_name(name):to_track()
		assert(not t:isnil(), "no track " .. name)
		t:rec_enable_control():set_value(1, PBD.GroupControlDisposition.NoGroup)
	end
	s:maybe_enable_record(false)
	s:request_roll(ARDOUR.TransportRequestSource.TRS_UI)
	for _ = 1, seconds * 10 do ARDOUR.LuaAPI.usleep(100000) end
	s:request_stop(false, false, ARDOUR.TransportRequestSource.TRS_UI)
	for _ = 1, 20 do ARDOUR.LuaAPI.usleep(100000) end
	s:save_state("", false, false, false, false, false)
	print("perlin: recorded " .. s:transport_sample() .. " samples")
	s = nil
	collectgarbage()
	close_session()
end
