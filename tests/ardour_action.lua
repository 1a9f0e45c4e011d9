-- ardour_action.lua: run by ardour7-lua or ardour8-lua from
-- tests/test_ardour_action.sh: the editor action "Modulate with Perlin
-- Noise" (plugin/ardour/perlin-modulation.lua, $PERLIN_ACTION) on a fresh
-- session, called as the dialog would. A bus "Chain": a carrier (Perlin
-- Noise at rate 400, 8 octaves: broadband noise), ACE EQ and ACE High/Low Pass
-- Filter. The action modulates the EQ's "Frequency 1" from 200 Hz to
-- 2 kHz (a new Perlin Noise, rate 1.5, 3 octaves) and the filter's low-pass
-- cutoff from 500 Hz to 5 kHz (the same noise, shared). Checked: one noise
-- on Chain, before the modulators, not heard (its outputs go nowhere, the
-- route's channels pass through it), each modulator before its plugin, no
-- new route; rolling, both parameters move within their ranges; the noise
-- held at -1, 0 and +1 gives Ardour's knob mapping of the range; "Remove"
-- of the EQ's modulation gives the EQ its user's value back while the other
-- goes on, and the last Remove takes the noise too; the master exported
-- twice with the filter's modulation (chain.wav, chain2.wav) and with the
-- carrier silent (bus.wav: what the modulation noise adds, nothing). Prints "perlin: ok ..." or "perlin: FAIL ..." per
-- check and "perlin: checks N passed, M failed".
-- Settings: PERLIN_OUT, PERLIN_SESSION (folders), PERLIN_PRESET (export
-- preset id), PERLIN_ACTION (the action's file).
-- Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).

local out = assert(os.getenv("PERLIN_OUT"), "PERLIN_OUT")
local dir = assert(os.getenv("PERLIN_SESSION"), "PERLIN_SESSION")
local preset = assert(os.getenv("PERLIN_PRESET"), "PERLIN_PRESET")
local lib = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "ardour_lib.lua")
local sr = 48000
local EQ_FREQ1, LP_CUTOFF = 2, 4 -- Ardour's control numbers
local STATUS = 8 -- Perlin Modulator's output Status
local MODULATING = 1

local passed, failed = 0, 0
local function check(what, ok)
	print((ok and "perlin: ok " or "perlin: FAIL ") .. what)
	if ok then passed = passed + 1 else failed = failed + 1 end
end
local function sleep_ms(ms) ARDOUR.LuaAPI.usleep(math.floor(ms * 1000)) end
local function param(p, n) return ARDOUR.LuaAPI.get_processor_param(p, n) end
local function logknob(lo, hi, k) return lo * (hi / lo) ^ k end -- Ardour's log knob

AudioEngine:set_backend("None (Dummy)", "", "")
local s = assert(create_session(dir, "action", sr), "cannot create a session")
s:new_audio_route(1, 2, nil, 1, "Chain", ARDOUR.PresentationInfo.Flag.AudioBus,
	ARDOUR.PresentationInfo.max_order)
local chain = assert(s:route_by_name("Chain"))
local env = lib.load_action(assert(os.getenv("PERLIN_ACTION"), "PERLIN_ACTION"), s)
-- the action's dialog lists (its "list" call prints them), as printed
local function lists(params)
	local lines = {}
	env.print = function (line) lines[#lines + 1] = line end
	params.list = "1"
	env.factory(params)()
	env.print = nil
	return lines
end
local function count(lines, prefix)
	local n = 0
	for _, l in ipairs(lines) do n = n + (l:sub(1, #prefix) == prefix and 1 or 0) end
	return n
end
-- no plugin yet: the action says so rather than offering nothing
local empty = lists({})
check("no plugin in the session: the action says there is nothing to modulate",
	count(empty, "Modulate with Perlin Noise: parameters none") == 1)
local carrier = lib.add_lv2(s, chain, "urn:perlin-lv2:perlin")
ARDOUR.LuaAPI.set_processor_param(carrier, 0, 400) -- rate: a broadband carrier
ARDOUR.LuaAPI.set_processor_param(carrier, 1, 8)
ARDOUR.LuaAPI.set_processor_param(carrier, 8, 0.5) -- depth
local eq = ARDOUR.LuaAPI.new_plugin(s, "urn:ardour:a-eq", ARDOUR.PluginType.LV2, "")
assert(chain:add_processor_by_index(eq, 1, nil, true) == 0, "cannot add ACE EQ")
local lp = ARDOUR.LuaAPI.new_luaproc(s, "ACE High/Low Pass Filter")
assert(chain:add_processor_by_index(lp, 2, nil, true) == 0, "cannot add the filter")
ARDOUR.LuaAPI.set_processor_param(lp, 3, 1) -- low pass on (steepness)
sleep_ms(300)
local user_eq, user_lp = param(eq, EQ_FREQ1), param(lp, LP_CUTOFF)
print(string.format("perlin: user values: EQ Frequency 1 %.4f Hz, cutoff %.4f Hz", user_eq, user_lp))

local first = lists({})
check("the parameter list starts with none chosen (OK alone modulates nothing)",
	count(first, "Modulate with Perlin Noise: parameter: (choose a parameter)") == 1
	and count(first, "Modulate with Perlin Noise: parameters there") == 1)
local range = lists({ route = "Chain", plugin = "ACE EQ", parameter = "Frequency 1" })[1] or ""
check("the range dialog of a logarithmic parameter: its unit and a step of 10 Hz (" .. range .. ")",
	range:find("20 Hz .. 20000 Hz (logarithmic); step 10,", 1, true) ~= nil)
env.factory({ route = "Chain", plugin = "ACE EQ", parameter = "Frequency 1", lo = "200", hi = "2000",
	noise = "new1", rate = "1.5", octaves = "3" })()
env.factory({ route = "Chain", plugin = "ACE High/Low Pass Filter", parameter = "Low Pass Cut off frequency",
	lo = "500", hi = "5000", noise = "shared" })()
sleep_ms(500)

-- the chain and the noise bus
local function chain_names()
	local names, i = {}, 0
	while not chain:nth_plugin(i):isnil() do
		names[#names + 1] = chain:nth_plugin(i):display_name()
		i = i + 1
	end
	return table.concat(names, ", ")
end
check("the chain: " .. chain_names(), chain_names()
	== "Perlin Noise, Perlin Noise, Perlin Modulator, ACE EQ, Perlin Modulator, ACE High/Low Pass Filter")
local routes = 0
for _ in s:get_routes():iter() do routes = routes + 1 end
check("no new route (Chain and the master: " .. routes .. ")", routes == 2)
local noise = chain:nth_plugin(1)
local npi = noise:to_plugininsert()
local audio = ARDOUR.DataType("audio")
local thru = npi:thru_map()
check(string.format("the noise is not heard: its outputs go nowhere (%d mapped), Chain's %d channels pass through"
	.. " (%d), out %d", npi:output_map(0):n_total(), npi:input_streams():n_audio(), thru:n_total(),
	npi:output_streams():n_audio()), npi:output_map(0):n_total() == 0 and thru:n_total() == 1
	and thru:get(audio, 0) == 0 and npi:output_streams():n_audio() == 1)
local mod_eq, mod_lp = chain:nth_plugin(2), chain:nth_plugin(4)

-- rolling: both move within their ranges
s:request_roll(ARDOUR.TransportRequestSource.TRS_UI)
sleep_ms(300)
local lo_eq, hi_eq, lo_lp, hi_lp = 1e9, 0, 1e9, 0
for _ = 1, 40 do
	local a, b = param(eq, EQ_FREQ1), param(lp, LP_CUTOFF)
	lo_eq, hi_eq = math.min(lo_eq, a), math.max(hi_eq, a)
	lo_lp, hi_lp = math.min(lo_lp, b), math.max(hi_lp, b)
	sleep_ms(50)
end
check(string.format("rolling, EQ Frequency 1 moves in 200..2000 Hz (%.1f..%.1f), status %d", lo_eq, hi_eq,
	param(mod_eq, STATUS)), lo_eq >= 200 * (1 - 1e-4) and hi_eq <= 2000 * (1 + 1e-4) and hi_eq > 1.2 * lo_eq
	and param(mod_eq, STATUS) == MODULATING)
check(string.format("rolling, the cutoff moves in 500..5000 Hz (%.1f..%.1f), status %d", lo_lp, hi_lp,
	param(mod_lp, STATUS)), lo_lp >= 500 * (1 - 1e-4) and hi_lp <= 5000 * (1 + 1e-4) and hi_lp > 1.2 * lo_lp
	and param(mod_lp, STATUS) == MODULATING)

-- the noise held at -1, 0, +1: Ardour's knob mapping of the range
ARDOUR.LuaAPI.set_processor_param(noise, 8, 0) -- depth
for _, c in ipairs({ { -1, 0 }, { 1e-6, 0.5 }, { 1, 1 } }) do
	ARDOUR.LuaAPI.set_processor_param(noise, 9, c[1]) -- offset
	local want_eq = logknob(200, 2000, c[2])
	local want_lp = logknob(500, 5000, c[2])
	local ok = false
	for _ = 1, 50 do
		ok = math.abs(param(eq, EQ_FREQ1) / want_eq - 1) < 1e-4 and math.abs(param(lp, LP_CUTOFF) / want_lp - 1) < 1e-4
		if ok then break end
		sleep_ms(20)
	end
	check(string.format("noise %g: EQ Frequency 1 %.4f Hz (Ardour's knob: %.4f), cutoff %.4f Hz (%.4f)", c[1],
		param(eq, EQ_FREQ1), want_eq, param(lp, LP_CUTOFF), want_lp), ok)
end
ARDOUR.LuaAPI.set_processor_param(noise, 8, 1)
ARDOUR.LuaAPI.set_processor_param(noise, 9, 0)
s:request_stop(false, false, ARDOUR.TransportRequestSource.TRS_UI)
sleep_ms(500)
check(string.format("stopped: the user's values back (EQ %.4f, cutoff %.4f)", param(eq, EQ_FREQ1),
	param(lp, LP_CUTOFF)), param(eq, EQ_FREQ1) == user_eq and param(lp, LP_CUTOFF) == user_lp)

-- remove the EQ's modulation: its user's value, the other goes on
env.factory({ remove = "Chain", n = "1" })()
sleep_ms(300)
check("removed: the chain " .. chain_names(),
	chain_names() == "Perlin Noise, Perlin Noise, ACE EQ, Perlin Modulator, ACE High/Low Pass Filter")
s:request_roll(ARDOUR.TransportRequestSource.TRS_UI)
sleep_ms(600)
local still = true
for _ = 1, 10 do
	still = still and param(eq, EQ_FREQ1) == user_eq
	sleep_ms(50)
end
check(string.format("rolling after the removal: the EQ at the user's %.4f (%.4f)", user_eq, param(eq, EQ_FREQ1)), still)
s:request_stop(false, false, ARDOUR.TransportRequestSource.TRS_UI)
sleep_ms(300)
-- the exports, the filter's modulation alone: twice, and the noise bus
-- alone; before each, the playhead at 0 for a while (the filter holds
-- state: each export starts from the state the stopped chain settles to).
-- ACE EQ goes first: its frequency's smoothing, once it was modulated,
-- creeps towards the value for longer than a test waits, so where it
-- stands depends on the session's history, and with it each export (1e-5
-- to 9e-5 apart with the EQ in the chain, 0 without it)
chain:remove_processor(eq, nil, true)
eq = nil
collectgarbage()
local function settled_export(name)
	s:request_locate(0, false, ARDOUR.LocateTransportDisposition.MustStop, ARDOUR.TransportRequestSource.TRS_UI)
	sleep_ms(tonumber(os.getenv("PERLIN_SETTLE_MS") or "4000"))
	lib.export(s, preset, out, name, 0, 4 * sr)
end
settled_export("chain")
settled_export("chain2")
ARDOUR.LuaAPI.set_processor_param(carrier, 8, 0) -- the carrier silent: what is left is the noise's
sleep_ms(200)
settled_export("bus")
ARDOUR.LuaAPI.set_processor_param(carrier, 8, 0.5)
sleep_ms(200)
check(string.format("after the exports: the cutoff at the user's value (%.4f)", param(lp, LP_CUTOFF)),
	param(lp, LP_CUTOFF) == user_lp)

s:request_roll(ARDOUR.TransportRequestSource.TRS_UI)
sleep_ms(600)
local moved = false
local first = param(lp, LP_CUTOFF)
for _ = 1, 20 do
	moved = moved or param(lp, LP_CUTOFF) ~= first
	sleep_ms(50)
end
check(string.format("rolling after the exports: the cutoff moves (%s)", tostring(moved)), moved)
s:request_stop(false, false, ARDOUR.TransportRequestSource.TRS_UI)
sleep_ms(300)
-- the last modulation removed: its noise goes with it, the carrier stays
noise, npi, thru, mod_eq, mod_lp = nil, nil, nil, nil, nil
env.factory({ remove = "Chain", n = "1" })()
sleep_ms(300)
check("the last Remove: the noise goes too, the chain " .. chain_names(),
	chain_names() == "Perlin Noise, ACE High/Low Pass Filter" and param(lp, LP_CUTOFF) == user_lp)
-- two modulators on one parameter: Remove offers each of them
for _, noise in ipairs({ "new1", "shared" }) do
	env.factory({ route = "Chain", plugin = "ACE High/Low Pass Filter", parameter = "Low Pass Cut off frequency",
		lo = "500", hi = "5000", noise = noise })()
end
local two = lists({})
check(string.format("two modulators on the cutoff: two Remove entries (%d)", count(two, "Modulate with Perlin Noise: do: Remove:")),
	count(two, "Modulate with Perlin Noise: do: Remove:") == 2)
env.factory({ remove = "Chain", n = "1" })()
env.factory({ remove = "Chain", n = "1" })()
sleep_ms(200)
check("both removed: the chain " .. chain_names(), chain_names() == "Perlin Noise, ACE High/Low Pass Filter")
print(string.format("perlin: checks %d passed, %d failed", passed, failed))
io.stdout:flush()
s:save_state("", false, false, false, false, false)
chain, carrier, eq, lp, env = nil, nil, nil, nil, nil
s = nil
collectgarbage()
close_session()
