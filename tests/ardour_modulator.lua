-- ardour_modulator.lua: run by ardour7-lua or ardour8-lua from
-- tests/test_ardour_modulator.sh to test plugin/ardour/perlin-modulator.lua
-- (the "Perlin Modulator" Lua DSP plugin) in exports.
--
-- PERLIN_PHASE=build: a session with two buses, saved. "Perlin" holds
-- Perlin Noise (rate 1.5, octaves 3, seed 11), panned hard right. "Carrier"
-- holds Perlin Noise with depth 0 and offset 0.5 (a steady 0.5), then
-- Perlin Modulator (its sidechain fed by a send from "Perlin"), then ACE
-- Amplifier (gain -20 dB at noise -1, 0 dB at +1), panned hard left. The
-- master's left channel is the modulated carrier, its right channel the
-- noise itself.
-- PERLIN_PHASE=export: loads the saved session and exports the master from
-- $PERLIN_START samples to 12 s as $PERLIN_NAME.wav. Each export is a
-- process of its own: Ardour 7.3 headless corrupts its heap now and then
-- (also with no Lua DSP in the session), and a crash then costs one export.
--
-- PERLIN_PHASE=live: loads the saved session, rolls the transport for 3 s
-- (the Dummy backend runs in real time, no freewheeling) and prints ACE
-- Amplifier's gain every 100 ms (and the modulator's noise, with "dsp").
--
-- Settings: PERLIN_SESSION (folder), PERLIN_OUT (folder for the WAVs),
-- PERLIN_PRESET (export preset id), PERLIN_NAME, PERLIN_START (samples).
-- Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).

local dir = assert(os.getenv("PERLIN_SESSION"), "PERLIN_SESSION")
local phase = assert(os.getenv("PERLIN_PHASE"), "PERLIN_PHASE")
-- "dsp": Perlin Modulator; "automation": plugin/ardour/perlin-automate.lua
-- ($PERLIN_SCRIPT) writes the noise into the gain's automation (Perlin
-- Noise then on a track "Perlin", as bounce needs a track); "dsp4": Perlin
-- Modulator following output 3 of Perlin Noise x4 (spread 1) on a
-- four-channel bus, its sidechain given the bus's four channels, and the
-- master's right channel that output 3; "local" and "local4": as the
-- editor action makes it, no sidechain: the same Perlin Noise (x4: output
-- 3) on Carrier itself before the modulator, not heard (its outputs going
-- nowhere, the bus's audio passing through); "Perlin" stays the master's
-- right channel, the noise to compare with
local mechanism = os.getenv("PERLIN_MECHANISM") or "dsp"
-- PERLIN_BROKEN=1: the mechanism deliberately broken (the sidechain left
-- unwired, the local noise after the modulator, or no automation written),
-- to show the test can fail
local broken = os.getenv("PERLIN_BROKEN") == "1"
local sr = 48000
local lib = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "ardour_lib.lua")
local len = 12 * sr

AudioEngine:set_backend("None (Dummy)", "", "")

local function export(s, name, from)
	lib.export(s, assert(os.getenv("PERLIN_PRESET"), "PERLIN_PRESET"),
		assert(os.getenv("PERLIN_OUT"), "PERLIN_OUT"), name, from, len)
end

if phase == "build" then
	local s = assert(create_session(dir, "modulator", sr), "cannot create a session")
	print("perlin: block size " .. s:get_block_size())

	-- routes by name: RouteList:front() hands out a reference into a list
	-- that the garbage collector frees
	local function bus(name)
		s:new_audio_route(1, 2, nil, 1, name,
			ARDOUR.PresentationInfo.Flag.AudioBus, ARDOUR.PresentationInfo.max_order)
		return assert(s:route_by_name(name), "no bus " .. name)
	end
	local function plugin_on(route, uri, index)
		local p = ARDOUR.LuaAPI.new_plugin(s, uri, ARDOUR.PluginType.LV2, "")
		assert(not p:isnil(), "Ardour cannot load " .. uri)
		assert(route:add_processor_by_index(p, index, nil, true) == 0, "cannot add " .. uri)
		return p
	end
	local function luaproc_on(route, name, index)
		local p = ARDOUR.LuaAPI.new_luaproc(s, name)
		assert(not p:isnil(), "no Lua plugin " .. name)
		assert(route:add_processor_by_index(p, index, nil, true) == 0, "cannot add " .. name)
		return p
	end

	local perlin
	local four = mechanism == "dsp4" or mechanism == "local4"
	local on_carrier = mechanism == "local" or mechanism == "local4"
	if four then
		s:new_audio_route(4, 4, nil, 1, "Perlin",
			ARDOUR.PresentationInfo.Flag.AudioBus, ARDOUR.PresentationInfo.max_order)
		perlin = s:route_by_name("Perlin")
	elseif mechanism == "automation" then
		-- bounce (the action's offline render) works on tracks only
		s:new_audio_track(1, 2, nil, 1, "Perlin", ARDOUR.PresentationInfo.max_order,
			ARDOUR.TrackMode.Normal, false)
		perlin = s:route_by_name("Perlin")
	else
		perlin = bus("Perlin")
	end
	-- the noise: rate 1.5, 3 octaves, seed 11 (x4: spread 1)
	local function noise_on(route, index)
		local noise = plugin_on(route, four and "urn:perlin-lv2:perlin4" or "urn:perlin-lv2:perlin", index)
		ARDOUR.LuaAPI.set_processor_param(noise, 0, 1.5) -- rate
		ARDOUR.LuaAPI.set_processor_param(noise, 1, 3) -- octaves
		ARDOUR.LuaAPI.set_processor_param(noise, 4, 11) -- seed
		-- spread (control 16: Ardour counts level_1 and stopped before it)
		if four then assert(ARDOUR.LuaAPI.set_processor_param(noise, 16, 1), "cannot set spread") end
		return noise
	end
	local noise = noise_on(perlin, 0)
	if four then
		-- output 3 alone to the master's right channel
		perlin:panner_shell():set_bypassed(true)
		perlin:output():disconnect_all(nil)
		assert(perlin:output():nth(2):connect(s:master_out():input():nth(1):name()) == 0,
			"cannot wire output 3 to the master")
	else
		perlin:pan_azimuth_control():set_value(1, PBD.GroupControlDisposition.NoGroup)
	end

	local carrier = bus("Carrier")
	local dc = plugin_on(carrier, "urn:perlin-lv2:perlin", 0)
	ARDOUR.LuaAPI.set_processor_param(dc, 8, 0) -- depth
	ARDOUR.LuaAPI.set_processor_param(dc, 9, 0.5) -- offset
	carrier:pan_azimuth_control():set_value(0, PBD.GroupControlDisposition.NoGroup)
	local mod, amp, send, sc, pi
	if mechanism == "automation" then
		amp = luaproc_on(carrier, "ACE Amplifier", 1)
		-- what the editor action does when chosen from Edit > Lua Scripts
		local env = lib.load_action(assert(os.getenv("PERLIN_SCRIPT"), "PERLIN_SCRIPT"), s)
		if not broken then
			env.factory({ source = "Perlin", target = "Carrier", plugin = "ACE Amplifier",
				parameter = "0", min = "0", max = "50", start = "0", ["end"] = tostring(len),
				step = os.getenv("PERLIN_STEP_MS") or "10" })()
		end
		print("perlin: session built; automation written")
	else
		mod = luaproc_on(carrier, "Perlin Modulator", 1)
		amp = luaproc_on(carrier, "ACE Amplifier", 2)
		ARDOUR.LuaAPI.set_processor_param(mod, 0, 1) -- Plugin: the next one
		ARDOUR.LuaAPI.set_processor_param(mod, 1, 0) -- Parameter: Gain
		ARDOUR.LuaAPI.set_processor_param(mod, 2, 0) -- At -1: 0 % (-20 dB)
		ARDOUR.LuaAPI.set_processor_param(mod, 3, 50) -- At +1: 50 % (0 dB)
		if four then -- Noise output (control 5, after the output Noise): 3
			assert(ARDOUR.LuaAPI.set_processor_param(mod, 5, 3), "cannot choose the channel")
		end
	end
	if on_carrier then
		-- the noise before the modulator on Carrier (broken: after the
		-- amplifier), as the editor action puts it: not heard
		-- (strict I/O while it goes in: the bus's outputs not grown to x4's four)
		local strict = carrier:strict_io()
		carrier:set_strict_io(true)
		local own = noise_on(carrier, broken and 3 or 1)
		local opi = own:to_plugininsert()
		local audio = ARDOUR.DataType("audio")
		local streams = opi:input_streams()
		assert(carrier:customize_plugin_insert(own, 1, streams, ARDOUR.ChanCount(audio, 0)), "cannot set the pins")
		carrier:set_strict_io(strict)
		assert(carrier:output():n_ports():n_audio() == 2, "the bus's outputs grew")
		opi:set_output_map(0, ARDOUR.ChanMapping())
		local thru = ARDOUR.ChanMapping()
		for c = 0, streams:n_audio() - 1 do thru:set(audio, c, c) end
		opi:set_thru_map(thru)
		print("perlin: session built; the noise on Carrier, " .. opi:output_map(0):n_total() .. " outputs mapped, "
			.. opi:thru_map():n_total() .. " channels through")
	elseif mechanism ~= "automation" then
		-- the sidechain: what the mixer's pin dialog does
		assert(carrier:add_sidechain(mod), "cannot add a sidechain")
		sc = mod:to_plugininsert():sidechain_input()
		if four then
			-- the four outputs straight from the bus's output ports (its
			-- panner bypassed) into four sidechain ports: a send would pan
			-- them (and its panner cannot be bypassed from Lua in Ardour 7)
			while sc:n_ports():n_audio() < 4 do
				sc:add_port("", nil, ARDOUR.DataType("audio"))
			end
			for c = 0, 3 do
				assert(sc:nth(c):connect(perlin:output():nth(c):name()) == 0,
					"cannot connect the sidechain")
			end
		else
			send = ARDOUR.LuaAPI.new_send(s, perlin, perlin:amp())
			assert(not send:isnil(), "cannot add a send")
			send:to_send():set_remove_on_disconnect(true)
			assert(send:to_send():output():nth(0):connect(sc:nth(0):name()) == 0,
				"cannot connect the sidechain")
		end
		pi = mod:to_plugininsert()
		-- Lua DSP plugins have no dedicated sidechain pins: the sidechain is an
		-- extra input buffer after the route's own (here 1), wired by hand to the
		-- plugin's last input pin (the pin dialog: drag "Sidechain" onto it)
		local audio = ARDOUR.DataType("audio")
		local im = pi:input_map(0)
		local nin = pi:natural_input_streams():n_audio()
		if not broken then
			for c = nin - (four and 4 or 1), nin - 1 do
				im:set(audio, c, c)
			end
			pi:set_input_map(0, im)
		end
		print("perlin: modulator input pins -> buffers: " .. pi:input_map(0):get(audio, 0)
			.. ", " .. pi:input_map(0):get(audio, 1))
		print("perlin: session built; modulator in " .. pi:natural_input_streams():n_audio()
			.. " out " .. pi:natural_output_streams():n_audio()
			.. " sidechain " .. tostring(pi:has_sidechain()))
	end
	if four then
		-- Ardour auto-connects a new bus from a thread of its own, which
		-- may run after the wiring above (one CI run exported outputs 2
		-- and 4 with 3 on the right): let it finish, then leave output 3
		-- alone on the master's right channel, and check
		ARDOUR.LuaAPI.usleep(500000)
		local master = s:master_out():input()
		for i = 0, 3 do
			local p = perlin:output():nth(i)
			for j = 0, master:n_ports():n_audio() - 1 do
				local m = master:nth(j):name()
				local want = i == 2 and j == 1
				if p:connected_to(m) and not want then p:disconnect(m) end
				if want and not p:connected_to(m) then
					assert(p:connect(m) == 0, "cannot wire output 3 to the master")
				end
				assert(p:connected_to(m) == want, "output " .. (i + 1) .. " to master input "
					.. (j + 1) .. ": " .. tostring(p:connected_to(m)))
			end
		end
		print("perlin: output 3 alone to the master's right channel")
	end
	io.stdout:flush()
	s:save_state("", false, false, false, false, false)
	perlin, noise, carrier, dc, mod, amp, send, sc, pi = nil, nil, nil, nil, nil, nil, nil, nil, nil
	s = nil
	collectgarbage()
	close_session()
elseif phase == "live" then
	-- real time on the Dummy backend: roll for 3 s and sample, 30 times,
	-- ACE Amplifier's gain and (dsp) the modulator's "Noise" output
	local s = assert(load_session(dir, "modulator"), "cannot load the session")
	local carrier = s:route_by_name("Carrier")
	local function named(name)
		local i = 0
		while not carrier:nth_plugin(i):isnil() do
			if carrier:nth_plugin(i):display_name() == name then return carrier:nth_plugin(i) end
			i = i + 1
		end
	end
	local amp, mod = named("ACE Amplifier"), named("Perlin Modulator")
	s:request_roll(ARDOUR.TransportRequestSource.TRS_UI)
	ARDOUR.LuaAPI.usleep(200000)
	local lo, hi, same, n = 1e9, -1e9, 0, 30
	for _ = 1, n do
		ARDOUR.LuaAPI.usleep(100000)
		local g = ARDOUR.LuaAPI.get_processor_param(amp, 0)
		local line = string.format("perlin: live t=%.3f s gain %.3f dB", s:transport_sample() / sr, g)
		if mod then
			local v = ARDOUR.LuaAPI.get_processor_param(mod, 4)
			line = line .. string.format(" noise %.4f -> %.3f dB", v, -10 + 10 * v)
			if math.abs(g - (-10 + 10 * v)) < 1e-3 then same = same + 1 end
		end
		print(line)
		lo, hi = math.min(lo, g), math.max(hi, g)
	end
	s:request_stop(false, false, ARDOUR.TransportRequestSource.TRS_UI)
	ARDOUR.LuaAPI.usleep(300000)
	print(string.format("perlin: live gain range %.3f .. %.3f dB", lo, hi)
		.. (mod and string.format("; gain = -10 + 10 x noise in %d of %d", same, n) or ""))
	amp, mod, carrier, s = nil, nil, nil, nil
	collectgarbage()
	close_session()
else
	local s = assert(load_session(dir, "modulator"), "cannot load the session")
	export(s, assert(os.getenv("PERLIN_NAME"), "PERLIN_NAME"),
		tonumber(os.getenv("PERLIN_START") or "0"))
	s = nil
	collectgarbage()
	close_session()
end
