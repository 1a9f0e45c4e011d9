-- test_lua_scripts.lua: plugin/ardour/perlin-modulator.lua (Perlin
-- Modulator) run by plain Lua 5.3 against a small stand-in for the parts of
-- Ardour 7's Lua API it calls: a route with the modulator and a filter
-- whose cutoff is logarithmic, its session, buffers and a cairo context
-- that records what is drawn. It checks what the real host cannot show
-- headless (the inline display at several widths) and the scales quickly
-- (tests/test_ardour_edits.sh checks them in Ardour itself).
-- Usage: lua5.3 tests/test_lua_scripts.lua plugin/ardour/perlin-modulator.lua
-- Ends with "N passed, N failed".
-- Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).

local script = assert(arg[1], "usage: test_lua_scripts.lua perlin-modulator.lua")
local passed, failed = 0, 0
local function check(what, ok, detail)
	if ok then passed = passed + 1 else failed = failed + 1 end
	print(string.format("%s %s%s", ok and "ok  " or "FAIL", what, detail and (" (" .. detail .. ")") or ""))
end

-- Ardour's stand-in ----------------------------------------------------------
local function nilptr() return { isnil = function() return true end } end
local function id_of(s) return { to_s = function() return s end } end

-- a control of a plugin: its scale (ParameterDescriptor) and value
local function control(desc, value)
	local c = { desc_ = desc, value = value, writes = 0 }
	function c:isnil() return false end
	function c:desc() return self.desc_ end
	function c:get_value() return self.value end
	function c:set_value(v) self.value = v self.writes = self.writes + 1 end
	return c
end

-- a plugin insert: id, name, control ports {label, control} (inputs) or
-- {label, output = true}; uri, its unique ID (urn:test:name if not given)
local function processor(id, name, params, uri)
	local p = { id = id, name = name, params = params, on = true }
	local plugin = {}
	function plugin:id() return id_of(id) end
	function plugin:name() return name end
	function plugin:unique_id() return uri or "urn:test:" .. name end
	function plugin:nth_parameter(n) return n, { n, params[n + 1] ~= nil } end
	function plugin:parameter_is_control() return true end
	function plugin:parameter_is_input(port) return not params[port + 1].output end
	function plugin:parameter_is_output(port) return params[port + 1].output == true end
	function plugin:parameter_label(port) return params[port + 1].label end
	local insert = {}
	function insert:isnil() return false end
	function insert:plugin() return plugin end
	function insert:has_sidechain() return p.sidechain ~= nil end
	function insert:sidechain_input()
		return { n_ports = function() return { n_audio = function() return p.sidechain end } end }
	end
	function p:isnil() return false end
	function p:active() return self.on end
	function p:to_insert() return insert end
	function p:to_stateful() return { id = function() return id_of(id) end } end
	function p:display_name() return name end
	function p:to_automatable()
		return { automation_control = function(_, prm)
			local q = params[prm.port + 1]
			return q and q.control or nilptr()
		end }
	end
	return p
end

local log_cutoff = { lower = 20, upper = 20000, logarithmic = true, toggled = false, integer_step = false, rangesteps = 0 }
local steps = { lower = 0, upper = 4, logarithmic = false, toggled = false, integer_step = true, rangesteps = 0 }
local switch = { lower = 0, upper = 1, logarithmic = false, toggled = true, integer_step = false, rangesteps = 0 }
-- an enumeration (ACE High/Low Pass's Steepness: 0..4, scale points, no
-- integer step in its descriptor)
local choices = { lower = 0, upper = 4, logarithmic = false, toggled = false, integer_step = false,
	enumeration = true, rangesteps = 0 }
local filter = processor("7001", "ACE High/Low Pass Filter", {
	{ label = "Cut off frequency", control = control(log_cutoff, 18000) },
	{ label = "Steepness", control = control(steps, 1) },
	{ label = "Enable", control = control(switch, 1) },
	{ label = "Low Pass Steepness", control = control(choices, 1) },
})

-- the modulator's own insert: its controls are the CtrlPorts below
local NCTRL = 16
local shadow = {}
local mod = processor("7000", "Perlin Modulator", {})
mod.sidechain = 1
local route = { plugins = { mod, filter } }
function route:isnil() return false end
function route:nth_plugin(i) return self.plugins[i + 1] or nilptr() end

local rolling = true
Session = {}
function Session:processor_by_id(id)
	for _, p in ipairs(route.plugins) do if p.id == id.s then return p end end
	return nilptr()
end
function Session:transport_rolling() return rolling end

PBD = { ID = function(s) return { s = s } end, GroupControlDisposition = { NoGroup = 0 } }
Evoral = { Parameter = function(_, _, port) return { port = port } end }
ARDOUR = {
	AutomationType = { PluginAutomation = 1 },
	LuaAPI = {
		set_processor_param = function(pi, n, v)
			assert(pi == mod:to_insert(), "only its own controls are set by number")
			shadow[n + 1] = v
			return true
		end,
		-- another modulator's controls (p.ctl, by CtrlPorts number)
		get_processor_param = function(p, n) return p.ctl and p.ctl[n + 1] or 0 end,
	},
	DSP = {
		copy_vector = function(dst, src, n) for i = 1, n do dst.data[i] = src.data[i] end end,
		compute_peak = function(b, n, peak)
			for i = 1, n do peak = math.max(peak, math.abs(b.data[i])) end
			return peak
		end,
	},
}

-- shared memory: 32-bit slots seen as ints and floats, as DspShm does
local function shmem()
	local slots = {}
	local shm = {}
	function shm:allocate(n) self.n = n end
	function shm:clear() for i = 0, self.n - 1 do slots[i] = 0 end end
	function shm:atomic_get_int(i) return slots[i] end
	function shm:atomic_set_int(i, v) slots[i] = v end
	local function view(off, int)
		return { array = function()
			return setmetatable({}, {
				__index = function(_, k) return slots[off + k - 1] end,
				__newindex = function(_, k, v)
					assert(off + k - 1 < shm.n, "past the shared memory")
					slots[off + k - 1] = int and math.floor(v) or v
				end })
		end }
	end
	function shm:to_int(off) return view(off, true) end
	function shm:to_float(off) return view(off, false) end
	return shm
end
local shm = shmem()
local draws = 0
self = {
	shmem = function() return shm end,
	route = function() return route end,
	id = function() return id_of(mod.id) end,
	queue_draw = function() draws = draws + 1 end,
}
mod.to_insert = (function(insert) return function() return insert end end)(mod:to_insert())
mod.to_insert().plugin = function()
	return { id = function() return id_of(mod.id) end, name = function() return "Perlin Modulator" end }
end

-- load the script as Ardour does (its ardour {} header is a call)
local env = setmetatable({ ardour = function() end }, { __index = _G })
assert(loadfile(script, "t", env))()
local params = env.dsp_params()
check("the script declares " .. #params .. " controls", #params == NCTRL)
for i, p in ipairs(params) do shadow[i] = p.default or p.min end
env.dsp_init(48000)

-- one cycle of n samples with the noise at v
local CtrlPorts_array = {}
CtrlPorts = { array = function() return CtrlPorts_array end }
local function buffer(n, v)
	local b = { data = {} }
	for i = 1, n do b.data[i] = v end
	function b:array() return self.data end
	function b:sameinstance(o) return self == o end
	return b
end
local total = 0 -- samples run
local function cycle(v, n)
	n = n or 1024
	total = total + n
	for i = 1, NCTRL do
		-- inputs from the shadow (as LuaProc copies them), outputs kept
		if params[i]["type"] == "input" then CtrlPorts_array[i] = shadow[i] end
	end
	local ins = { buffer(n, 0.25), buffer(n, v) }
	local outs = { buffer(n, 0), buffer(n, 0) }
	env.dsp_run(ins, outs, n)
	return ins, outs
end
local PLUGIN, PARAMETER, AT_LO, AT_HI, STATUS, VALUE = 1, 2, 3, 4, 9, 10
local cutoff = filter.params[1].control

-- the scales ----------------------------------------------------------------
shadow[AT_LO], shadow[AT_HI] = 1, 20
for _, c in ipairs({ { -1, 0.01 }, { 0, 0.105 }, { 1, 0.2 } }) do
	cycle(c[1])
	local want = 20 * 1000 ^ c[2]
	check(string.format("log cutoff at noise %g: %.4f Hz, the knob at %.1f %% %.4f Hz", c[1], cutoff.value, c[2] * 100, want),
		math.abs(cutoff.value / want - 1) < 1e-6)
end
local ins, outs = cycle(0.5)
check("the audio passes through", outs[1].data[1] == 0.25 and outs[2].data[7] == 0.5)
check("status: modulating", CtrlPorts_array[STATUS] == 1, "status " .. tostring(CtrlPorts_array[STATUS]))

-- an integer parameter: each knob step a whole number, as Ardour's knob
shadow[PARAMETER], shadow[AT_LO], shadow[AT_HI] = 1, 0, 100
local steps_ok = true
for k = 0, 40 do
	local v = -1 + k / 20
	cycle(v)
	local p = (v + 1) / 2
	local want = math.min(4, math.floor(p * 5))
	steps_ok = steps_ok and filter.params[2].control.value == want
end
check("integer parameter: the knob's steps (0..4 over the travel)", steps_ok)
check("the cutoff got the user's value back when the parameter changed", cutoff.value == 18000, cutoff.value)
shadow[PARAMETER] = 2
cycle(-0.2) check("toggled parameter: off below the middle", filter.params[3].control.value == 0)
cycle(0.2) check("toggled parameter: on above it", filter.params[3].control.value == 1)
shadow[PARAMETER] = 3
local seen, whole = {}, true
for k = 0, 40 do
	cycle(-1 + k / 20)
	local v = filter.params[4].control.value
	whole = whole and v == math.floor(v)
	seen[v] = true
end
local distinct = 0
for _ in pairs(seen) do distinct = distinct + 1 end
check(string.format("enumeration: only its choices (%d distinct values over 41 noise values, all whole: %s)",
	distinct, tostring(whole)), whole and distinct == 5)
shadow[PARAMETER], shadow[AT_LO], shadow[AT_HI] = 0, 1, 20

-- the user's value ------------------------------------------------------------
cycle(0.3)
rolling = false
cycle(0.3)
check("stopped: the cutoff returns to the user's value", cutoff.value == 18000, cutoff.value)
rolling = true
cycle(0.3)
cutoff.value = 12000 -- the user turns the knob while it is modulated
cycle(0.3)
rolling = false
cycle(0.3)
check("the user's new value is kept", cutoff.value == 12000, cutoff.value)
rolling = true
for _ = 1, 3 do cycle(0) end -- silent sidechain: 3 x 1024 samples, over 50 ms
check("a silent sidechain gives the user's value back", cutoff.value == 12000 and CtrlPorts_array[STATUS] == 4,
	string.format("%g, status %g", cutoff.value, CtrlPorts_array[STATUS]))

-- another Perlin Modulator on the route, driving the same cutoff ----------
-- (its controls by CtrlPorts number: 2 Parameter, 9 Status, 11-12 the ID)
local function other(id, status)
	local o = processor(id, "Perlin Modulator", {})
	o.ctl = { [2] = 0, [9] = status, [11] = 7001, [12] = 0 }
	table.insert(route.plugins, 1, o)
	env.dsp_configure() -- (a reconfiguration: the route is walked again)
	return o
end
cycle(0.3)
cycle(0.3)
local newer = other("7005", 1)
for _ = 1, 3 do cycle(0.3) end
check("a modulator made later, modulating the same cutoff: this one still drives it",
	CtrlPorts_array[STATUS] == 1, "status " .. CtrlPorts_array[STATUS])
table.remove(route.plugins, 1)
local elder = other("6999", 1)
local before = cutoff.writes
cycle(0.3)
local gave = cutoff.value
for _ = 1, 3 do cycle(0.7) end
check("a modulator made earlier drives the same cutoff: this one waits and gave the user's value back",
	CtrlPorts_array[STATUS] == 7 and gave == 12000 and cutoff.writes == before + 1,
	string.format("status %g, cutoff %g, writes %d", CtrlPorts_array[STATUS], gave, cutoff.writes - before))
elder.ctl[2] = 1 -- it drives another parameter
for _ = 1, 3 do cycle(0.3) end
check("the earlier one on another parameter: this one drives the cutoff", CtrlPorts_array[STATUS] == 1)
elder.ctl[2] = 0
for _ = 1, 3 do cycle(0.3) end
elder.ctl[9] = 5 -- it rests (or is switched off)
local waited = CtrlPorts_array[STATUS]
for _ = 1, 3 do cycle(0.3) end
check("the earlier one stops: within 50 ms this one drives the cutoff",
	waited == 7 and CtrlPorts_array[STATUS] == 1, string.format("%g then %g", waited, CtrlPorts_array[STATUS]))
table.remove(route.plugins, 1)
elder.ctl[9] = 1 -- removed (no longer found by its ID), its status frozen
for _ = 1, 3 do cycle(0.3) end
check("the earlier one removed: this one drives the cutoff", CtrlPorts_array[STATUS] == 1)
newer, elder = nil, nil

-- the inline display ---------------------------------------------------------
cycle(0.6)
-- the display keeps its text layout from call to call: what it shows goes
-- to the texts of the call under way
local texts, width
local function render(w, max_h)
	local rects, fills = {}, 0
	texts, width = {}, w
	local ctx = {}
	function ctx:rectangle(x, y, rw, rh) rects[#rects + 1] = { x = x, y = y, w = rw, h = rh } end
	function ctx:set_source_rgba(r, g, b, a) self.rgba = { r, g, b, a } end
	function ctx:fill() fills = fills + 1 rects[#rects].rgba = self.rgba end
	function ctx:move_to() end
	Cairo = { PangoLayout = function()
		local t = {}
		function t:set_text(s) self.s = s end
		function t:show_in_cairo_context() texts[#texts + 1] = self.s end
		function t:get_pixel_size() return 6 * #(self.s or ""), 11 end
		function t:set_width(px) assert(px > 0 and px <= width, "a text wider than the display") end
		function t:set_ellipsize() end
		return t
	end }
	Cairo.EllipsizeMode = { End = 3 }
	env.Cairo = Cairo
	local size = env.render_inline(ctx, w, max_h)
	return size, texts, rects, fills
end
local pos = math.log(cutoff.value / 20) / math.log(1000)
for _, w in ipairs({ 60, 120, 300 }) do
	local size, texts, rects = render(w, 80)
	local all = table.concat(texts, " | ")
	check(string.format("display %d px wide: %s", w, all),
		size[1] == w and size[2] <= 80 and all:find("ACE High/Low Pass Filter", 1, true) ~= nil
		and all:find("Cut off frequency", 1, true) ~= nil)
	-- the value's marker: the last rectangle, where the knob is
	local m = rects[#rects]
	local x = 3 + pos * (w - 6)
	check(string.format("display %d px wide: the value's marker at %.1f px (the knob at %.3f)", w, m.x + m.w / 2, pos),
		math.abs(m.x + m.w / 2 - x) < 1)
end
check("the display is asked to redraw, at most 25 times a second", draws > 0 and draws <= 25 * total / 48000 + 1,
	string.format("%d over %.2f s", draws, total / 48000))

-- the target removed: nothing else is touched, the display says so
table.remove(route.plugins, 2)
local writes = cutoff.writes
cycle(0.9)
cycle(-0.9)
check("filter removed: status says so", CtrlPorts_array[STATUS] == 3, "status " .. tostring(CtrlPorts_array[STATUS]))
check("filter removed: never set again", cutoff.writes == writes)
local _, texts = render(120, 80)
check("filter removed: the display says so", table.concat(texts, " "):find("removed", 1, true) ~= nil,
	table.concat(texts, " | "))
local _, texts2 = render(120, 12)
check("a display 12 px high draws within it", #texts2 >= 1)

-- another plugin where it was is left alone; the same one put back is
-- taken up again (looked at every 100 ms)
local amp_gain = control({ lower = -20, upper = 20, logarithmic = false, toggled = false,
	integer_step = false, rangesteps = 0 }, 0)
local amp = processor("7010", "ACE Amplifier", { { label = "Gain", control = amp_gain } })
table.insert(route.plugins, 2, amp)
for _ = 1, 8 do cycle(0.9) end
check("another plugin where the filter was: not taken over",
	amp_gain.writes == 0 and CtrlPorts_array[STATUS] == 3, "status " .. tostring(CtrlPorts_array[STATUS]))
local filter2 = processor("7011", "ACE High/Low Pass Filter", {
	{ label = "Cut off frequency", control = control(log_cutoff, 15000) },
})
route.plugins[2] = filter2
route.plugins[3] = amp
for _ = 1, 8 do cycle(0.9) end
local c2 = filter2.params[1].control
check("the same plugin put back where Plugin points: modulated again",
	CtrlPorts_array[STATUS] == 1 and c2.value ~= 15000 and amp_gain.writes == 0,
	string.format("status %s, cutoff %g", tostring(CtrlPorts_array[STATUS]), c2.value))
rolling = false
cycle(0.9)
check("and its own value is the user's", c2.value == 15000, c2.value)

-- no sidechain: the noise is the Level output of the nearest Perlin Noise
-- before the modulator on its route (read each cycle) ------------------------
rolling = true
mod.sidechain = nil
env.dsp_configure()
local function noise_plugin(id, uri, levels)
	local ports = { { label = "Rate", control = control(switch, 1) } }
	local n = processor(id, "Perlin Noise", ports, uri)
	n.ctl = {}
	for k, v in ipairs(levels) do
		ports[#ports + 1] = { label = #levels > 1 and ("Level " .. k) or "Level", output = true }
		n.ctl[#ports] = v
	end
	return n
end
local far = noise_plugin("7020", "urn:perlin-lv2:perlin", { -0.8 })
local x4 = noise_plugin("7021", "urn:perlin-lv2:perlin4", { 0.1, 0.2, -0.6, 0.4 })
local after = noise_plugin("7022", "urn:perlin-lv2:perlin", { 0.9 })
route.plugins = { far, x4, mod, filter2, amp, after }
shadow[6] = 3 -- Noise output 3 of Perlin Noise x4
for _ = 1, 3 do cycle(0) end
local want = 20 * 1000 ^ (0.01 + (-0.6 + 1) / 2 * 0.19)
check(string.format("no sidechain: output 3 of the Perlin Noise x4 before it drives the cutoff (%.3f Hz, want %.3f)",
	c2.value, want), CtrlPorts_array[STATUS] == 1 and math.abs(c2.value / want - 1) < 1e-6,
	"status " .. tostring(CtrlPorts_array[STATUS]))
x4.ctl[4] = 0.25 -- its Level 3, next cycle
cycle(0)
want = 20 * 1000 ^ (0.01 + (0.25 + 1) / 2 * 0.19)
check("no sidechain: the cutoff follows the Level each cycle", math.abs(c2.value / want - 1) < 1e-6,
	string.format("%.3f Hz, want %.3f", c2.value, want))
x4.on = false -- switched off in the strip (deactivated)
cycle(0)
check("the noise switched off: the user's value back, the status says why",
	c2.value == 15000 and CtrlPorts_array[STATUS] == 4, string.format("%g, status %g", c2.value, CtrlPorts_array[STATUS]))
x4.on = true
cycle(0)
check("the noise on again: modulated", CtrlPorts_array[STATUS] == 1 and c2.value ~= 15000)
table.remove(route.plugins, 2) -- Perlin Noise x4 removed: the nearest one before it now
cycle(0)
want = 20 * 1000 ^ (0.01 + (-0.8 + 1) / 2 * 0.19)
check("the noise removed: the next one before it drives the cutoff (never the one after it)",
	CtrlPorts_array[STATUS] == 1 and math.abs(c2.value / want - 1) < 1e-6,
	string.format("%.3f Hz, want %.3f, status %g", c2.value, want, CtrlPorts_array[STATUS]))
table.remove(route.plugins, 1)
cycle(0)
check("none before it: no noise, the user's value", c2.value == 15000 and CtrlPorts_array[STATUS] == 4,
	string.format("%g, status %g", c2.value, CtrlPorts_array[STATUS]))
table.insert(route.plugins, 1, x4) -- put back: found within 100 ms
for _ = 1, 6 do cycle(0) end
check("a Perlin Noise put back before it: modulated again", CtrlPorts_array[STATUS] == 1 and c2.value ~= 15000,
	string.format("%g, status %g", c2.value, CtrlPorts_array[STATUS]))

print(string.format("%d passed, %d failed", passed, failed))
os.exit(failed == 0 and 0 or 1)
