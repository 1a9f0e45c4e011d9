-- ardour_edits.lua: run by ardour7-lua or ardour8-lua from
-- tests/test_ardour_edits.sh. The chain a user edits while Perlin Modulator
-- (plugin/ardour/perlin-modulator.lua) runs, on the Dummy backend in real time,
-- as the editor action "Modulate with Perlin Noise" makes it: a bus "Chain"
-- with Perlin Noise (its outputs going nowhere, the bus's audio passing
-- through), Perlin Modulator, ACE High/Low Pass Filter (its low-pass cutoff, a
-- logarithmic 20 Hz .. 20 kHz, modulated from 1 % to 20 % of its knob) and
-- ACE Amplifier (a bystander). PERLIN_SIDECHAIN=1: as earlier releases made
-- it instead, the noise on a bus "Perlin" feeding the modulator's sidechain
-- through a send (for the earlier modulators, which read only a sidechain). PERLIN_ROUNDS rounds of every
-- edit below, in an order and at moments drawn from PERLIN_SEED, the transport
-- rolling or stopped at random; after each edit the state a user expects is
-- checked (lines "perlin: ok ..." and "perlin: FAIL ..."), and the run ends
-- with "perlin: edits done" (a crash ends it before).
--
-- PERLIN_CHECKS=0: the edits alone, no checks (to show that the test
-- catches the crash of an earlier modulator).
-- PERLIN_PHASE=two: instead, two modulators on the same cutoff: the one
-- added first drives it, the other waits and takes over when the first is
-- disabled or removed; the user's value comes back at every stop, after a
-- knob turn while rolling, and after the session is reopened.
-- PERLIN_PHASE=deletions: instead, PERLIN_DELETIONS times each, rolling or
-- stopped at random: the modulator, the filter, Perlin Noise, and every
-- plugin of the bus at once (as when the track goes: Ardour 7.3's Lua cannot
-- delete a route, and Ardour 8.12's remove_route crashes headless with ACE
-- plugins alone: tests/README.md), each put back at once and checked
-- modulated again.
-- PERLIN_PHASE=scale: instead, the modulated cutoff at noise -1, 0 and +1
-- (Perlin Noise at depth 0 with offsets -1, 1e-6, +1) against Ardour's
-- knob at 1 %, 10.5 % and 20 %; and the cost of the checks the modulator
-- makes each cycle, timed.
-- Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).

local dir = assert(os.getenv("PERLIN_SESSION"), "PERLIN_SESSION")
local seed = tonumber(os.getenv("PERLIN_SEED") or "1")
local rounds = tonumber(os.getenv("PERLIN_ROUNDS") or "10")
local checks = os.getenv("PERLIN_CHECKS") ~= "0"
local phase = os.getenv("PERLIN_PHASE") or "edits"
local sidechained = os.getenv("PERLIN_SIDECHAIN") == "1"
local sr = 48000
local lib = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "ardour_lib.lua")
local LP_CUTOFF = 4 -- ACE High/Low Pass Filter: its fifth control input
local STATUS, VALUE = 8, 9 -- Perlin Modulator's outputs (Ardour's control numbers)
local MODULATING, REMOVED, NO_SIGNAL, RESTING, OFF, WAITING = 1, 3, 4, 5, 0, 7
local AT_LO, AT_HI = 1, 20 -- percent of the knob
local function knob(p) return 20 * (20000 / 20) ^ p end -- Ardour's log knob
local LOW, HIGH = knob(AT_LO / 100), knob(AT_HI / 100)

math.randomseed(seed)
AudioEngine:set_backend("None (Dummy)", "", "")

local passed, failed = 0, 0
local function check(what, ok, detail)
	if not checks then return end
	if ok then passed = passed + 1 else failed = failed + 1 end
	print(string.format("perlin: %s %s%s", ok and "ok" or "FAIL", what, detail and (" (" .. detail .. ")") or ""))
end
local function sleep_ms(ms) ARDOUR.LuaAPI.usleep(math.floor(ms * 1000)) end
-- waits up to ms for f() to be true
local function within(ms, f)
	for _ = 0, ms, 10 do
		if f() then return true end
		sleep_ms(10)
	end
	return f()
end

local s
local perlin, chain -- the buses
local function param(p, n) return ARDOUR.LuaAPI.get_processor_param(p, n) end

local function plugins_of(route)
	local list, i = {}, 0
	while not route:nth_plugin(i):isnil() do
		list[#list + 1] = route:nth_plugin(i)
		i = i + 1
	end
	return list
end
local function same(a, b) return a:to_stateful():id():to_s() == b:to_stateful():id():to_s() end
local function index_of(route, proc)
	for i, p in ipairs(plugins_of(route)) do
		if same(p, proc) then return i - 1 end
	end
end
-- where add_processor_by_index puts a processor so that it lands where
-- `proc` is now: its place among the processors a user sees (the fader
-- too), not among the plugins
local function display_index_of(route, proc)
	local i, k = 0, 0
	while not route:nth_processor(i):isnil() do
		local p = route:nth_processor(i)
		if same(p, proc) then return k end
		if p:display_to_user() then k = k + 1 end
		i = i + 1
	end
end
-- the chain as a user sees it, for the log
local function order_of(route)
	local names, i = {}, 0
	while not route:nth_processor(i):isnil() do
		local p = route:nth_processor(i)
		if p:display_to_user() then names[#names + 1] = p:display_name() end
		i = i + 1
	end
	return table.concat(names, ", ")
end
-- proc moved just after (or before) anchor on route; true once Ardour has
-- applied it (a reorder while the engine runs waits for the next cycle)
local function place(route, proc, anchor, after)
	local order, i = ARDOUR.ProcessorList(), 0
	while not route:nth_processor(i):isnil() do
		local p = route:nth_processor(i)
		if same(p, anchor) and not after then order:push_back(proc) end
		if not same(p, proc) then order:push_back(p) end
		if same(p, anchor) and after then order:push_back(proc) end
		i = i + 1
	end
	route:reorder_processors(order, nil)
	return within(500, function ()
		-- while Ardour swaps in the new list either may be missing a moment
		local a, b = index_of(route, proc), index_of(route, anchor)
		if not a or not b then return false end
		local d = a - b
		return after and d == 1 or not after and d == -1
	end)
end
local function named(route, name)
	for _, p in ipairs(plugins_of(route)) do
		if p:display_name() == name then return p end
	end
end

local function insert_at(route, proc, index)
	assert(not proc:isnil(), "cannot make a plugin")
	assert(route:add_processor_by_index(proc, index, nil, true) == 0, "cannot add a plugin")
	return proc
end
local function new_noise()
	local p = ARDOUR.LuaAPI.new_plugin(s, "urn:perlin-lv2:perlin", ARDOUR.PluginType.LV2, "")
	assert(not p:isnil(), "no Perlin Noise")
	return p
end

local user = 18000 -- the cutoff the user gave (the filter's default)
-- a new filter: its user's value is its default
local function new_filter()
	user = 18000
	return ARDOUR.LuaAPI.new_luaproc(s, "ACE High/Low Pass Filter")
end

-- Perlin Noise at index `at` of Chain, as the action puts it: the route's
-- channels kept, its outputs going nowhere, the audio passing through
local function chain_noise(at)
	local strict = chain:strict_io()
	chain:set_strict_io(true) -- (the bus's outputs not grown to the plugin's)
	local noise = insert_at(chain, new_noise(), at)
	local pi = noise:to_plugininsert()
	local audio = ARDOUR.DataType("audio")
	local streams = pi:input_streams()
	assert(chain:customize_plugin_insert(noise, 1, streams, ARDOUR.ChanCount(audio, 0)), "cannot set the pins")
	chain:set_strict_io(strict)
	pi:set_output_map(0, ARDOUR.ChanMapping())
	local thru = ARDOUR.ChanMapping()
	for ch = 0, streams:n_audio() - 1 do thru:set(audio, ch, ch) end
	pi:set_thru_map(thru)
	ARDOUR.LuaAPI.set_processor_param(noise, 0, 4) -- rate
	return noise
end
-- the noise the modulator reads
local function noise_of() return named(sidechained and perlin or chain, "Perlin Noise") end

-- Perlin Modulator at index `at` of Chain, driving the plugin `k` places
-- after it; with PERLIN_SIDECHAIN=1 its sidechain fed by a send from Perlin
-- (`also`: the send keeps feeding the modulators it feeds)
local send
local function new_modulator(at, k, also)
	local mod = insert_at(chain, ARDOUR.LuaAPI.new_luaproc(s, "Perlin Modulator"), at)
	ARDOUR.LuaAPI.set_processor_param(mod, 1, LP_CUTOFF)
	ARDOUR.LuaAPI.set_processor_param(mod, 2, AT_LO)
	ARDOUR.LuaAPI.set_processor_param(mod, 3, AT_HI)
	ARDOUR.LuaAPI.set_processor_param(mod, 0, k)
	if not sidechained then return mod end
	assert(chain:add_sidechain(mod), "cannot add a sidechain")
	local pi = mod:to_plugininsert()
	local sc = pi:sidechain_input()
	if not send or send:isnil() then
		send = ARDOUR.LuaAPI.new_send(s, perlin, perlin:amp())
		assert(not send:isnil(), "cannot add a send")
	end
	if not also then send:to_send():output():disconnect_all(nil) end
	assert(send:to_send():output():nth(0):connect(sc:nth(0):name()) == 0, "cannot connect the sidechain")
	local audio = ARDOUR.DataType("audio")
	local im = pi:input_map(0)
	local nin = pi:natural_input_streams():n_audio()
	im:set(audio, nin - 1, nin - 1)
	pi:set_input_map(0, im)
	return mod
end

local function roll() s:request_roll(ARDOUR.TransportRequestSource.TRS_UI) end
local function stop() s:request_stop(false, false, ARDOUR.TransportRequestSource.TRS_UI) end
local function rolling() return s:transport_rolling() end

-- the chain's plugins: (Perlin Noise,) Perlin Modulator, the filter, ACE Amplifier
local function build_chain()
	insert_at(chain, new_filter(), 0)
	insert_at(chain, ARDOUR.LuaAPI.new_luaproc(s, "ACE Amplifier"), 1)
	if sidechained then
		new_modulator(0, 1)
	else
		chain_noise(0)
		new_modulator(1, 1)
	end
end

-- a new bus; taken by name: RouteList:front() would hand out a reference
-- into a list that the garbage collector frees
local function bus(name)
	s:new_audio_route(1, 2, nil, 1, name, ARDOUR.PresentationInfo.Flag.AudioBus,
		ARDOUR.PresentationInfo.max_order)
	return assert(s:route_by_name(name), "no route " .. name)
end

local function build()
	s = assert(create_session(dir, "edits", sr), "cannot create a session")
	if sidechained then
		perlin = bus("Perlin")
		local noise = insert_at(perlin, new_noise(), 0)
		ARDOUR.LuaAPI.set_processor_param(noise, 0, 4) -- rate
	end
	chain = bus("Chain")
	build_chain()
end

-- the objects of the chain now (found again after every edit)
local function mod_of() return named(chain, "Perlin Modulator") end
local function filter_of() return named(chain, "ACE High/Low Pass Filter") end


local function modulated(f)
	local c = param(f, LP_CUTOFF)
	return c >= LOW * 0.999 and c <= HIGH * 1.001
end
local function at_user(f) return param(f, LP_CUTOFF) == user end

-- what a user expects of the chain as it stands
local function expect(what)
	local mod, f = mod_of(), filter_of()
	if not mod or not f then return end
	if rolling() and mod:active() and param(mod, 6) > 0.5 then
		check(what .. ": the filter is modulated (within 1 %..20 % of its knob)",
			within(400, function () return param(mod, STATUS) == MODULATING and modulated(f) end),
			string.format("status %g, cutoff %.2f Hz, Plugin %g; %s", param(mod, STATUS),
				param(f, LP_CUTOFF), param(mod, 0), order_of(chain)))
	elseif not rolling() then
		check(what .. ": stopped, the filter holds the user's value",
			within(400, function () return at_user(f) end),
			string.format("status %g, cutoff %.2f Hz", param(mod, STATUS), param(f, LP_CUTOFF)))
	end
end
-- no noise at the sidechain: the user's value back, and the status says why
local function expect_no_noise(what)
	local f, mod = filter_of(), mod_of()
	if f and mod and param(mod, 6) > 0.5 and mod:active() then
		check(what .. ": the cutoff returns to the user's value, the modulator says why",
			within(400, function () return at_user(f) and param(mod, STATUS) == NO_SIGNAL end),
			string.format("status %g, cutoff %.2f", param(mod, STATUS), param(f, LP_CUTOFF)))
	end
end
local function bystander_untouched(what)
	local amp = named(chain, "ACE Amplifier")
	if amp then check(what .. ": ACE Amplifier untouched", param(amp, 0) == 0, "gain " .. param(amp, 0)) end
end

-- choose the filter again: set "Plugin" to its distance from the modulator
-- (a plugin before the modulator cannot be chosen: it is moved after it
-- first, as a user would)
local function choose_filter()
	local mod, f = mod_of(), filter_of()
	if not mod or not f then return end
	local fi, mi = index_of(chain, f), index_of(chain, mod)
	if not fi or not mi then return end
	if fi < mi then place(chain, f, mod, true) end
	fi, mi = index_of(chain, f), index_of(chain, mod)
	if not fi or not mi or fi - mi < 1 then return end
	local k = fi - mi
	if param(mod, 0) == k then
		ARDOUR.LuaAPI.set_processor_param(mod, 0, k == 16 and 15 or k + 1)
		sleep_ms(150)
	end
	ARDOUR.LuaAPI.set_processor_param(mod, 0, k)
	sleep_ms(100)
end

-- saves, closes and opens the session again (rolling again if it was)
local function reopen()
	local was_rolling = rolling()
	s:save_state("", false, false, false, false, false)
	perlin, chain, send = nil, nil, nil
	s = nil
	collectgarbage()
	close_session()
	s = assert(load_session(dir, "edits"), "cannot load the session")
	perlin, chain = s:route_by_name("Perlin"), s:route_by_name("Chain")
	local i = 0
	while sidechained and not perlin:nth_send(i):isnil() do send = perlin:nth_send(i) i = i + 1 end
	if was_rolling then roll() end
	sleep_ms(200)
end
local edits = {}
edits.move_target = function ()
	-- the filter and the amplifier swap places: modulation follows the filter
	local f, amp = filter_of(), named(chain, "ACE Amplifier")
	if not f or not amp then return end
	check("move the filter: the chain has the order asked for",
		place(chain, f, amp, index_of(chain, f) < index_of(chain, amp)), order_of(chain))
	expect("move the filter")
	bystander_untouched("move the filter")
end
edits.insert_between = function ()
	local mod = mod_of()
	if not mod then return end
	local comp = ARDOUR.LuaAPI.new_plugin(s, "urn:ardour:a-comp", ARDOUR.PluginType.LV2, "")
	insert_at(chain, comp, display_index_of(chain, mod) + 1)
	local before = {}
	for n = 0, 6 do before[n] = param(comp, n) end
	expect("insert ACE Compressor after the modulator")
	local same = true
	for n = 0, 6 do same = same and param(comp, n) == before[n] end
	check("insert ACE Compressor: its controls untouched", same)
	sleep_ms(math.random(0, 150))
	chain:remove_processor(comp, nil, true)
	comp = nil
end
-- a filter put where the chosen one was: taken up again where "Plugin"
-- points (the same plugin put back), else left alone until chosen
local function expect_put_back(nf, what)
	local mod = mod_of()
	if not mod then return end
	if index_of(chain, nf) - index_of(chain, mod) == param(mod, 0) then
		-- its chosen plugin's ID (hidden controls 10 and 11: low, high 24 bits)
		local id = tonumber(nf:to_stateful():id():to_s())
		local function chosen() return param(mod, 10) + 16777216 * param(mod, 11) end
		check(what .. " where Plugin points: taken up again",
			within(400, function () return chosen() == id and param(mod, STATUS) ~= REMOVED end),
			string.format("status %g, chosen %.0f, the filter %.0f", param(mod, STATUS), chosen(), id))
		expect(what .. ", taken up again")
	else
		sleep_ms(150)
		check(what .. " elsewhere: not taken over unasked", at_user(nf) and param(mod, STATUS) == REMOVED,
			string.format("cutoff %g, status %g", param(nf, LP_CUTOFF), param(mod, STATUS)))
		choose_filter()
		expect(what .. " and choose it")
	end
end
edits.remove_target = function ()
	local f, mod = filter_of(), mod_of()
	if not f then return end
	local at = display_index_of(chain, f)
	chain:remove_processor(f, nil, true)
	f = nil
	if mod then
		check("remove the filter: the modulator says so",
			within(300, function () return param(mod, STATUS) == REMOVED end), "status " .. param(mod, STATUS))
	end
	bystander_untouched("remove the filter")
	sleep_ms(math.random(0, 150))
	-- another plugin where it was is not taken over
	local comp = insert_at(chain, ARDOUR.LuaAPI.new_plugin(s, "urn:ardour:a-comp", ARDOUR.PluginType.LV2, ""), at)
	local before = {}
	for n = 0, 6 do before[n] = param(comp, n) end
	sleep_ms(250)
	local same = true
	for n = 0, 6 do same = same and param(comp, n) == before[n] end
	check("another plugin where the filter was: not taken over", same and (not mod or param(mod, STATUS) == REMOVED),
		"status " .. (mod and param(mod, STATUS) or "-"))
	chain:remove_processor(comp, nil, true)
	comp = nil
	-- the filter put back where it was
	expect_put_back(insert_at(chain, new_filter(), at), "put a filter back")
end
edits.replace_target = function ()
	local f, mod = filter_of(), mod_of()
	if not f then return end
	local nf = new_filter()
	chain:replace_processor(f, nf, nil)
	f = nil
	expect_put_back(nf, "replace the filter by a new one")
end
edits.remove_modulator = function ()
	local mod, f = mod_of(), filter_of()
	if not mod then return end
	local at = display_index_of(chain, mod)
	local distance = f and (index_of(chain, f) - index_of(chain, mod)) or 1
	chain:remove_processor(mod, nil, true)
	mod = nil
	collectgarbage() -- this script's own references go: the plugin is destroyed
	if f then
		check("remove the modulator: the cutoff returns to the user's value",
			within(400, function () return at_user(f) end), "cutoff " .. param(f, LP_CUTOFF))
	end
	sleep_ms(math.random(0, 150))
	new_modulator(at, distance)
	expect("add the modulator again")
end
edits.move_modulator = function ()
	-- the modulator after the filter: it still drives the filter
	local mod, f = mod_of(), filter_of()
	if not mod or not f then return end
	place(chain, mod, f, true)
	expect("move the modulator after the filter")
	sleep_ms(math.random(0, 150))
	check("move the modulator back: the chain has the order asked for", place(chain, mod, f, false),
		order_of(chain))
	expect("move the modulator back")
end
edits.disable_modulator = function ()
	local mod, f = mod_of(), filter_of()
	if not mod or not f then return end
	mod:to_plugininsert():enable(false) -- the mixer strip's switch
	check("disable the modulator: the cutoff returns to the user's value",
		within(400, function () return at_user(f) end), "cutoff " .. param(f, LP_CUTOFF))
	sleep_ms(math.random(0, 150))
	mod:to_plugininsert():enable(true)
	expect("enable the modulator again")
end
edits.deactivate_modulator = function ()
	-- (scripts and OSC do this; Ardour's own switches and menus set Enable)
	local mod = mod_of()
	if not mod then return end
	mod:to_plugininsert():deactivate()
	sleep_ms(math.random(0, 150))
	if math.random() < 0.5 then
		-- saved and reopened while deactivated: the modulator holds the
		-- user's value (its hidden controls), and gives it back once active
		local held = param(mod, 15) > 0.5
		mod = nil
		reopen()
		mod = mod_of()
		if not mod then return end
		check("reopened deactivated: the modulator holds the user's value",
			not held or (param(mod, 15) > 0.5 and param(mod, 13) == user),
			string.format("held %g, value %g", param(mod, 15), param(mod, 13)))
		-- its outputs, never written while deactivated, read as set up
		local st, nz = param(mod, STATUS), param(mod, 4)
		check("reopened deactivated: its status and noise outputs are valid",
			st >= 0 and st <= 7 and st == math.floor(st) and nz >= -1 and nz <= 1,
			string.format("status %g, noise %g", st, nz))
	end
	mod:to_plugininsert():activate()
	expect("deactivate and activate the modulator")
end
edits.remove_noise = function ()
	local noise = noise_of()
	if not noise then return end
	local route = sidechained and perlin or chain
	local at = display_index_of(route, noise)
	route:remove_processor(noise, nil, true)
	noise = nil
	expect_no_noise("remove Perlin Noise")
	sleep_ms(math.random(0, 150))
	if sidechained then
		local n = insert_at(perlin, new_noise(), 0)
		ARDOUR.LuaAPI.set_processor_param(n, 0, 4)
	else
		chain_noise(at)
	end
	expect("add Perlin Noise again")
end
edits.bypass_noise = function ()
	local noise = noise_of()
	if not noise then return end
	noise:to_plugininsert():enable(false)
	expect_no_noise("bypass Perlin Noise")
	sleep_ms(math.random(0, 150))
	noise:to_plugininsert():enable(true)
	expect("enable Perlin Noise again")
end
edits.move_noise = function ()
	-- Perlin Noise moved after the filter and back: the modulator keeps
	-- reading it (the noise it found stays its own while it lives)
	local noise, f = noise_of(), filter_of()
	if sidechained or not noise or not f then return end
	check("move Perlin Noise after the filter: the chain has the order asked for", place(chain, noise, f, true),
		order_of(chain))
	expect("move Perlin Noise after the filter")
	sleep_ms(math.random(0, 150))
	local mod = mod_of()
	if mod then
		check("move Perlin Noise back before the modulator: the chain has the order asked for",
			place(chain, noise, mod, false), order_of(chain))
	end
	expect("move Perlin Noise back")
end
edits.unwire_sidechain = function ()
	-- the send into the sidechain disconnected, then connected again
	local mod = mod_of()
	if not sidechained or not send or send:isnil() or not mod then return end
	send:to_send():output():disconnect_all(nil)
	expect_no_noise("unwire the sidechain")
	sleep_ms(math.random(0, 150))
	local sc = mod:to_plugininsert():sidechain_input()
	assert(send:to_send():output():nth(0):connect(sc:nth(0):name()) == 0, "cannot connect the sidechain")
	expect("wire the sidechain again")
end
-- Ardour 7.3's Lua cannot delete a route: every plugin of the chain is
-- removed at once (all dropped together, as when the track goes), then,
-- up to `pause` ms later, the chain is built again
local function clear_chain(pause)
	local all = ARDOUR.ProcessorList()
	for _, p in ipairs(plugins_of(chain)) do all:push_back(p) end
	chain:remove_processors(all, nil)
	all = nil
	collectgarbage()
	sleep_ms(math.random(0, pause))
	build_chain()
end
edits.clear_track = function ()
	clear_chain(150)
	expect("clear the track and build it again")
end
edits.user_moves = function ()
	-- the user turns the cutoff while it is modulated: that is their new value
	local f = filter_of()
	if not f then return end
	user = user == 18000 and 12000 or 18000
	ARDOUR.LuaAPI.set_processor_param(f, LP_CUTOFF, user)
	sleep_ms(100)
	expect("the user turns the cutoff to " .. user)
end
edits.transport = function ()
	if rolling() then stop() else roll() end
	sleep_ms(150)
	expect(rolling() and "roll" or "stop")
end
edits.reopen = function ()
	reopen()
	expect("close and reopen the session")
end

local names = {}
for k in pairs(edits) do
	-- (the sidechain's edit where there is one, moving the noise where it is on the chain)
	if k ~= (sidechained and "move_noise" or "unwire_sidechain") then names[#names + 1] = k end
end
table.sort(names)

if phase == "edits" then
	build()
	roll()
	sleep_ms(300)
	expect("start")
	local count = {}
	for r = 1, rounds do
		-- every edit once a round, in an order of its own
		local order = {}
		for _, k in ipairs(names) do order[#order + 1] = k end
		for i = #order, 2, -1 do
			local j = math.random(1, i)
			order[i], order[j] = order[j], order[i]
		end
		if os.getenv("PERLIN_EDITS") then -- these edits alone, in this order
			order = {}
			for k in string.gmatch(os.getenv("PERLIN_EDITS"), "[%w_]+") do order[#order + 1] = k end
		end
		for _, k in ipairs(order) do
			if math.random() < 0.2 then edits.transport() end
			sleep_ms(math.random(0, 250))
			print(string.format("perlin: round %d: %s (%s)", r, k, rolling() and "rolling" or "stopped"))
			edits[k]()
			count[k] = (count[k] or 0) + 1
		end
	end
	-- saved stopped: the session holds the user's value
	stop()
	sleep_ms(300)
	s:save_state("", false, false, false, false, false)
	print("perlin: user value " .. user)
	for _, k in ipairs(names) do print(string.format("perlin: edit %s done %d times", k, count[k] or 0)) end
	print(string.format("perlin: checks %d passed, %d failed", passed, failed))
	print("perlin: edits done")
	perlin, chain, send = nil, nil, nil
	s = nil
	collectgarbage()
	close_session()
elseif phase == "two" then
	-- Chain: second, first, filter, amplifier; "first" added first
	build()
	local function mods()
		local list = {}
		for _, p in ipairs(plugins_of(chain)) do
			if p:display_name() == "Perlin Modulator" then list[#list + 1] = p end
		end
		return list
	end
	local first = mod_of()
	local second = new_modulator(sidechained and 0 or 1, 2, true)
	local f = filter_of()
	local function status(m) return param(m, STATUS) end
	local function detail() return string.format("cutoff %.2f Hz (the user's %g), status %g and %g; %s",
		param(f, LP_CUTOFF), user, status(first), status(second), order_of(chain)) end
	-- while rolling: one drives (modulated), the other waits
	local function drives(what, a, b)
		check(what .. ": the cutoff is modulated, one modulator drives it, the other waits",
			within(600, function () return modulated(f) and status(a) == MODULATING and status(b) == WAITING end),
			detail())
	end
	local function stopped(what)
		stop()
		check(what .. ", stopped: the filter holds the user's value",
			within(600, function () return at_user(f) end), detail())
	end
	roll()
	sleep_ms(300)
	drives("two modulators, the second before the first", first, second)
	sleep_ms(300)
	stopped("two modulators")
	roll()
	sleep_ms(300)
	user = 12000
	ARDOUR.LuaAPI.set_processor_param(f, LP_CUTOFF, user)
	sleep_ms(200)
	drives("the user turns the cutoff to 12000 while rolling", first, second)
	stopped("the user turned the cutoff")
	roll()
	first:to_plugininsert():enable(false)
	sleep_ms(300)
	check("the first disabled: the second drives the cutoff",
		within(600, function () return modulated(f) and status(second) == MODULATING end), detail())
	stopped("the first disabled")
	first:to_plugininsert():enable(true)
	roll()
	sleep_ms(300)
	drives("the first enabled again", first, second)
	print("perlin: round 0: remove_modulator (rolling)") -- (what a crash here was in: the log's last line)
	chain:remove_processor(first, nil, true)
	first = nil
	collectgarbage()
	check("the first removed while rolling: the second drives the cutoff",
		within(600, function () return modulated(f) and status(second) == MODULATING end),
		string.format("cutoff %.2f Hz, status %g", param(f, LP_CUTOFF), status(second)))
	stop()
	check("the first removed, stopped: the filter holds the user's value",
		within(600, function () return at_user(f) end), string.format("cutoff %.2f Hz", param(f, LP_CUTOFF)))
	-- a third, added after the second: the second, made before it, drives
	local third = new_modulator(sidechained and 1 or 2, 1, true)
	first = second -- (for detail ())
	second = third
	roll()
	sleep_ms(300)
	drives("a modulator added after the second", first, second)
	stopped("the second and a new one")
	-- reopened: the same roles (IDs kept in the session)
	s:save_state("", false, false, false, false, false)
	first, second, third, f, perlin, chain, send = nil, nil, nil, nil, nil, nil, nil
	s = nil
	collectgarbage()
	close_session()
	s = assert(load_session(dir, "edits"), "cannot load the session")
	perlin, chain = s:route_by_name("Perlin"), s:route_by_name("Chain")
	f = filter_of()
	local m = mods()
	first, second = m[1], m[2]
	check("reopened: the filter holds the user's value", at_user(f), detail())
	roll()
	sleep_ms(300)
	drives("reopened", first, second)
	stopped("reopened")
	print(string.format("perlin: checks %d passed, %d failed", passed, failed))
	print("perlin: two done")
	first, second, f, perlin, chain = nil, nil, nil, nil, nil
	s = nil
	collectgarbage()
	close_session()
elseif phase == "deletions" then
	-- each way a user takes the modulation apart, put back at once
	-- (PERLIN_KINDS: some of them; with PERLIN_SIDECHAIN=1 the modulator
	-- alone, to show Ardour 8.12's own crash: tests/ardour8_sidechain_crash.sh)
	local kinds = {}
	for k in string.gmatch(os.getenv("PERLIN_KINDS") or "modulator filter noise track", "%a+") do
		kinds[#kinds + 1] = k
	end
	assert(not sidechained or (#kinds == 1 and kinds[1] == "modulator"),
		"with a sidechain, the modulator's deletions alone")
	build()
	local n = tonumber(os.getenv("PERLIN_DELETIONS") or "150")
	local function remove(p, back)
		local at = display_index_of(chain, p)
		chain:remove_processor(p, nil, true)
		p = nil
		collectgarbage() -- this script's own references go: the plugin is destroyed
		sleep_ms(math.random(0, 40))
		back(at)
	end
	local delete = {
		modulator = function () remove(mod_of(), function (at) new_modulator(at, 1) end) end,
		filter = function () remove(filter_of(), function (at) insert_at(chain, new_filter(), at) end) end,
		noise = function () remove(noise_of(), chain_noise) end,
		track = function () clear_chain(40) end,
	}
	local count = {}
	-- the transport rolling or stopped, as asked, for 60 ms in a row (a
	-- request while it starts or declicks to a stop can be dropped)
	local function transport(want)
		for _ = 1, 10 do
			if rolling() ~= want then
				if want then roll() else stop() end
			end
			local steady = 0
			within(500, function ()
				steady = rolling() == want and steady + 1 or 0
				return steady >= 6
			end)
			if steady >= 6 then return end
		end
	end
	for i = 1, n do
		for _, kind in ipairs(kinds) do
			transport(math.random() < 0.5)
			sleep_ms(math.random(0, 60))
			local how = rolling() and "rolling" or "stopped"
			print(string.format("perlin: deletion %d: %s (%s)", i, kind, how))
			delete[kind]()
			count[kind .. " " .. how] = (count[kind .. " " .. how] or 0) + 1
			expect(string.format("delete the %s and put it back (%d)", kind, i))
		end
	end
	stop()
	for _, kind in ipairs(kinds) do
		print(string.format("perlin: deleted %s %d times rolling, %d stopped", kind, count[kind .. " rolling"] or 0,
			count[kind .. " stopped"] or 0))
	end
	print(string.format("perlin: checks %d passed, %d failed", passed, failed))
	print("perlin: deletions done")
	chain = nil
	s = nil
	collectgarbage()
	close_session()
elseif phase == "scale" then
	build()
	local noise = noise_of()
	ARDOUR.LuaAPI.set_processor_param(noise, 8, 0) -- depth
	roll()
	local f, mod = filter_of(), mod_of()
	for _, c in ipairs({ { -1, AT_LO }, { 1e-6, (AT_LO + AT_HI) / 2 }, { 1, AT_HI } }) do
		ARDOUR.LuaAPI.set_processor_param(noise, 9, c[1]) -- offset
		local want = knob(c[2] / 100)
		local got
		within(500, function ()
			got = param(f, LP_CUTOFF)
			return math.abs(got / want - 1) < 1e-4
		end)
		check(string.format("noise %g: cutoff %.4f Hz, Ardour's knob at %.1f %% %.4f Hz", c[1], got, c[2], want),
			math.abs(got / want - 1) < 1e-4)
	end
	-- the editor action (perlin-automate.lua, $PERLIN_AUTOMATE) on the same
	-- cutoff: Perlin Noise on a track (bounce needs one), constant at -1,
	-- 0, +1 (its points: Ardour's knob there), then moving (rate 2, 8
	-- octaves, 8 s), run twice with the playhead elsewhere before each:
	-- the same noise both times (the plugin's live place no longer leaks
	-- into the render's start), the playhead put back, and the automation,
	-- as Ardour evaluates it, within the stated error (0.25 % of the knob)
	-- of the noise at every sample
	stop()
	s:new_audio_track(1, 2, nil, 1, "Noise track", ARDOUR.PresentationInfo.max_order,
		ARDOUR.TrackMode.Normal, false)
	local track = assert(s:route_by_name("Noise track")):to_track()
	local tn = insert_at(track, new_noise(), 0)
	local env = lib.load_action(assert(os.getenv("PERLIN_AUTOMATE"), "PERLIN_AUTOMATE"), s)
	local len = 8 * sr
	local function automate()
		env.factory({ source = "Noise track", target = "Chain", plugin = "ACE High/Low Pass Filter",
			parameter = tostring(LP_CUTOFF), min = tostring(AT_LO), max = tostring(AT_HI),
			start = "0", ["end"] = tostring(len), max_error = "0.25" })()
		return ARDOUR.LuaAPI.plugin_automation(f, LP_CUTOFF)
	end
	ARDOUR.LuaAPI.set_processor_param(tn, 8, 0) -- depth
	for _, c in ipairs({ { -1, AT_LO }, { 1e-6, (AT_LO + AT_HI) / 2 }, { 1, AT_HI } }) do
		ARDOUR.LuaAPI.set_processor_param(tn, 9, c[1]) -- offset
		sleep_ms(300) -- the plugin's own glide to the new offset
		local al = automate()
		local want = knob(c[2] / 100)
		local worst = 0
		for e in al:events():iter() do worst = math.max(worst, math.abs(e.value / want - 1)) end
		check(string.format("editor action, noise %g: %d points, each Ardour's knob at %.1f %% (%.4f Hz) within %.1e",
			c[1], al:size(), c[2], want, worst), al:size() >= 2 and worst < 1e-4)
	end
	ARDOUR.LuaAPI.set_processor_param(tn, 8, 1) -- depth
	ARDOUR.LuaAPI.set_processor_param(tn, 9, 0) -- offset
	ARDOUR.LuaAPI.set_processor_param(tn, 0, 2) -- rate
	ARDOUR.LuaAPI.set_processor_param(tn, 1, 8) -- octaves
	sleep_ms(300)
	-- the noise the action read: the newest region its bounce made
	local function bounced()
		local region, newest = nil, -1
		for _, r in ARDOUR.RegionFactory.regions():iter() do
			local id = tonumber(r:to_stateful():id():to_s()) or 0
			if r:name():sub(1, 17) == "perlin-automation" and id > newest then region, newest = r, id end
		end
		assert(region, "no bounced region")
		local rd = region:to_audioregion():to_readable()
		local mem = ARDOUR.DSP.DspShm(len)
		rd:read(mem:to_float(0), 0, len, 0)
		return mem:to_float(0):array(), mem
	end
	-- the playhead somewhere else, rolled there and stopped, before each run
	local function elsewhere(at)
		s:request_locate(at, false, ARDOUR.LocateTransportDisposition.MustStop, ARDOUR.TransportRequestSource.TRS_UI)
		sleep_ms(200)
		roll()
		sleep_ms(300)
		stop()
		within(2000, function () return not rolling() end)
		return s:transport_sample()
	end
	local function points(al)
		local p = {}
		for e in al:events():iter() do p[#p + 1] = { e.when:samples(), e.value } end
		return p
	end
	local at1 = elsewhere(math.floor(1.3 * sr))
	local al = automate()
	local back1 = s:transport_sample()
	local data1, mem1 = bounced()
	local points1 = points(al)
	local at2 = elsewhere(math.floor(5.7 * sr))
	al = automate()
	local back2 = s:transport_sample()
	local data, mem = bounced()
	local points2 = points(al)
	local diff, differ = 0, #points1 ~= #points2 and 1 or 0
	for t = 1, len do diff = math.max(diff, math.abs(data[t] - data1[t])) end
	for k = 1, math.min(#points1, #points2) do
		if points1[k][1] ~= points2[k][1] or points1[k][2] ~= points2[k][2] then differ = differ + 1 end
	end
	check(string.format("editor action run twice, the playhead elsewhere before each: the noise rendered differs by %.3g, %d of %d points differ",
		diff, differ, #points2), diff == 0 and differ == 0)
	check(string.format("editor action: the playhead put back (at %d, then %d; back at %d, %d)", at1, at2, back1, back2),
		back1 == at1 and back2 == at2)
	-- evaluated with the lane off: in Play the process thread evaluates
	-- the same list, and ControlList's lookup cache is not safe for two
	-- threads (a race gave values 65 % .. 290 % of the knob off at a random
	-- sample now and then)
	local ac = f:to_automatable():automation_control(
		Evoral.Parameter(ARDOUR.AutomationType.PluginAutomation, 0, LP_CUTOFF), false)
	ac:set_automation_state(ARDOUR.AutoState.Off)
	sleep_ms(100)
	local lk, span = math.log(20), math.log(1000)
	local worst, worst_at = 0, 0
	for t = 0, len - 1 do
		local v = math.max(-1, math.min(1, data[t + 1]))
		local want = (AT_LO + (v + 1) * 0.5 * (AT_HI - AT_LO)) / 100
		local got = (math.log(al:eval(Temporal.timepos_t(t))) - lk) / span
		if math.abs(got - want) > worst then worst, worst_at = math.abs(got - want), t end
	end
	check(string.format("editor action, moving noise: %d points for %d samples, automation within %.4f %% of the knob at every sample (stated 0.25 %%; worst at sample %d)",
		al:size(), len, worst * 100, worst_at), worst <= 0.0025 + 1e-6 and al:size() < len / 480)
	ac:set_automation_state(ARDOUR.AutoState.Play)
	mem1, ac = nil, nil
	mem, al = nil, nil
	roll()

	-- what the modulator's checks cost a cycle: find the target by its ID,
	-- get its control, read and write it (as dsp_run does), timed here
	-- (Session:processor_by_id walks every route's processors: timed here
	-- with this session's 5 routes, then with 40 buses more, each with two
	-- plugins, and the chain last)
	local id = PBD.ID(f:to_stateful():id():to_s())
	local prm = Evoral.Parameter(ARDOUR.AutomationType.PluginAutomation, 0, LP_CUTOFF)
	local function timed()
		local n = 20000
		local t0 = os.clock()
		for _ = 1, n do
			local p = s:processor_by_id(id)
			local ac = p:to_automatable():automation_control(prm, false)
			ac:set_value(ac:get_value(), PBD.GroupControlDisposition.NoGroup)
		end
		local t1 = os.clock()
		for _ = 1, n do
			local p = s:processor_by_id(id)
			local ac = p:to_automatable():automation_control(prm, false)
		end
		local t2 = os.clock()
		print(string.format("perlin: cost a cycle: look-up and control %.2f us, with read and write %.2f us (%d routes)",
			(t2 - t1) / n * 1e6, (t1 - t0) / n * 1e6, s:get_routes():size()))
	end
	timed()
	s:new_audio_route(1, 2, nil, 40, "More", ARDOUR.PresentationInfo.Flag.AudioBus, 0)
	for r in s:get_routes():iter() do
		if r:name():sub(1, 4) == "More" then
			for k = 0, 1 do
				r:add_processor_by_index(ARDOUR.LuaAPI.new_plugin(s, "urn:ardour:a-comp", ARDOUR.PluginType.LV2, ""),
					k, nil, true)
			end
		end
	end
	chain:set_presentation_order(0)
	timed()
	stop()
	print(string.format("perlin: checks %d passed, %d failed", passed, failed))
	print("perlin: scale done")
	s = nil
	collectgarbage()
	close_session()
end
