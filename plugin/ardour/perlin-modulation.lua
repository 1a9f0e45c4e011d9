-- perlin-modulation.lua: the editor action "Modulate with Perlin Noise": one
-- step from a plugin parameter, chosen by name, to its modulation (Perlin
-- Noise before the plugin on the same track or bus, its outputs unconnected
-- so that it is not heard, then Perlin Modulator, every control set), and
-- back (the modulation removed, the parameter given its user's value).
-- Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
ardour {
	["type"]    = "EditorAction",
	name        = "Modulate with Perlin Noise",
	license     = "ISC",
	author      = "perlin.lv2",
	description = [[Modulates any plugin parameter with Perlin Noise in one
step. Choose the parameter by its name (track or bus, plugin, parameter),
its values at noise -1 and +1 (in the parameter's own units), and the noise:
a new Perlin Noise (or Perlin Noise x4 and which of its four outputs) with
its rate and octaves, or the one already before that plugin on its track
(several parameters can share one). The action puts the noise before the
plugin on the same track or bus (not heard: its outputs unconnected, the
track's audio passes through) and Perlin Modulator after it, and sets them.
Run it again and choose "Remove" to take a modulation away: the parameter
gets its user's value back, and the noise goes with its last modulator.
Perlin Modulator then keeps the modulation live and in exports, through
every edit of the chain.]]
}

function factory (params) return function ()
	local p = params or {}
	local NOISE_URI = { [1] = "urn:perlin-lv2:perlin", [4] = "urn:perlin-lv2:perlin4" }
	-- the noises Perlin Modulator reads (its NOISE_URIS): their outputs
	local NOISE_OUTPUTS = { ["urn:perlin-lv2:perlin"] = 1, ["urn:perlin-lv2:perlin4"] = 4,
		["urn:perlin-lv2:perlin-keyed"] = 1 }
	local audio = ARDOUR.DataType ("audio")

	-- the controls of Perlin Modulator, as ARDOUR.LuaAPI counts them
	local M_PLUGIN, M_PARAMETER, M_AT_LO, M_AT_HI, M_CHANNEL = 0, 1, 2, 3, 5

	local function id_of (proc) return proc:to_stateful ():id ():to_s () end

	-- the knob position (0..1) of a value and the value at a knob position,
	-- as Ardour's control maps a continuous parameter (Perlin Modulator
	-- steps integer and toggled ones itself): linear, or logarithmic where
	-- the descriptor says so
	local function scale_of (ac)
		local pd = ac:desc ()
		local d = { lower = pd.lower, upper = pd.upper }
		d.log = pd.logarithmic and d.upper > d.lower and d.lower * d.upper > 0
		if not (d.upper > d.lower) then d.upper = d.lower + 0.01 end
		-- its unit, where the descriptor's print format names one ("%.0f Hz")
		d.unit = (pd.print_fmt or ""):match ("^%%[-+ #0-9.]*[a-zA-Z]%s*(%S.*)$")
		return d
	end

	-- the range dialog's numbers: a click's step (logarithmic: a power of
	-- ten at most the lower end, 10 Hz for 20 Hz .. 20 kHz; linear: 1 % of
	-- the range) and the digits it needs
	local function step_of (d)
		local step = d.log and 10 ^ math.floor (math.log (math.abs (d.lower), 10) + 1e-9)
			or (d.upper - d.lower) / 100
		local digits = math.max (0, math.min (4, math.ceil (-math.log (step, 10) - 1e-9) + 1))
		return step, digits
	end
	local function range_title (label, d)
		local u = d.unit and (" " .. d.unit) or ""
		return string.format ("%s: %g%s .. %g%s%s", label, d.lower, u, d.upper, u,
			d.log and " (logarithmic)" or ""), u
	end
	local function to_knob (d, v)
		v = math.max (d.lower, math.min (d.upper, v))
		if d.log then return math.log (v / d.lower) / math.log (d.upper / d.lower) end
		return (v - d.lower) / (d.upper - d.lower)
	end
	local function from_knob (d, k)
		k = math.max (0, math.min (1, k))
		if d.log then return d.lower * (d.upper / d.lower) ^ k end
		return d.lower + k * (d.upper - d.lower)
	end

	-- the control inputs of a plugin, as Perlin Modulator counts them
	-- ("Parameter": the n-th control input): { label, index, port }
	local function inputs_of (proc)
		local list, pl, inputs, n = {}, proc:to_insert ():plugin (0), 0, 0
		while n < 1024 do
			local port, ok = pl:nth_parameter (n, true)
			if not ok[2] then break end
			if pl:parameter_is_control (port) and pl:parameter_is_input (port) then
				list[#list + 1] = { label = pl:parameter_label (port), index = inputs, port = port }
				inputs = inputs + 1
			end
			n = n + 1
		end
		return list
	end

	local function is_ours (proc)
		local name = proc:display_name ()
		return name == "Perlin Modulator" or string.sub (name, 1, 12) == "Perlin Noise"
	end

	-- every parameter that can be modulated: targets["route: plugin"][label]
	local function parameter_targets ()
		local targets = {}
		for route in Session:get_routes ():iter () do
			local i = 0
			while true do
				local proc = route:nth_plugin (i)
				if proc:isnil () then break end
				if not is_ours (proc) then
					local key = route:name () .. ": " .. proc:display_name ()
					if targets[key] then key = key .. " (" .. (i + 1) .. ")" end
					for _, c in ipairs (inputs_of (proc)) do
						if c.label ~= "hidden" and c.label:sub (1, 1) ~= "#" then
							local rname, pid, cc = route:name (), id_of (proc), c
							targets[key] = targets[key] or {}
							targets[key][c.label] = function () return { route = rname, id = pid, c = cc } end
						end
					end
				end
				i = i + 1
			end
		end
		return targets
	end

	-- the plugin on route whose ID is id
	local function plugin_by_id (route, id)
		local i = 0
		while true do
			local proc = route:nth_plugin (i)
			if proc:isnil () then return nil end
			if id_of (proc) == id then return proc end
			i = i + 1
		end
	end

	-- the Perlin Modulators of the session: { route, proc, label }
	local function modulators ()
		local list = {}
		for route in Session:get_routes ():iter () do
			local i, k = 0, 0
			while true do
				local proc = route:nth_plugin (i)
				if proc:isnil () then break end
				if proc:display_name () == "Perlin Modulator" then
					k = k + 1
					-- the names it shows on its display (perlin-modulator.lua's
					-- shared memory: the plugin's name, then the parameter's)
					local names = { "", "" }
					local shm = proc:to_insert ():plugin (0):to_luaproc ():shmem ()
					local a = shm:to_int (8):array ()
					for n = 1, 2 do
						local chars = {}
						for j = 1, 47 do
							local b = a[(n - 1) * 48 + j]
							if not b or b <= 0 or b > 255 then break end
							chars[#chars + 1] = string.char (b)
						end
						names[n] = table.concat (chars)
					end
					list[#list + 1] = { route = route:name (), n = k, proc = proc,
						label = route:name () .. ": " .. (names[1] ~= "" and (names[1] .. ": " .. names[2])
							or ("Perlin Modulator " .. k)) }
				end
				i = i + 1
			end
		end
		return list
	end

	local function noise_outputs (proc)
		local pi = proc:to_insert ()
		if pi:isnil () then return nil end
		return NOISE_OUTPUTS[pi:plugin (0):unique_id ()]
	end

	-- the noise a Perlin Modulator at plugin index `at` of route reads: the
	-- nearest Perlin Noise before it (as perlin-modulator.lua finds it)
	local function noise_before (route, at)
		local found
		for i = 0, at - 1 do
			local proc = route:nth_plugin (i)
			if proc:isnil () then break end
			if noise_outputs (proc) then found = proc end
		end
		return found
	end

	local function plugin_index (route, proc)
		local i, id = 0, id_of (proc)
		while true do
			local q = route:nth_plugin (i)
			if q:isnil () then return nil end
			if id_of (q) == id then return i end
			i = i + 1
		end
	end

	-- where to insert before proc on route: add_processor_by_index counts
	-- the processors shown to the user
	local function index_before (route, proc)
		local i, shown, id = 0, 0, id_of (proc)
		while true do
			local q = route:nth_processor (i)
			if q:isnil () then return shown end
			if id_of (q) == id then return shown end
			if q:display_to_user () then shown = shown + 1 end
			i = i + 1
		end
	end

	-- a new Perlin Noise (outputs 1 or 4) on route before `proc`, not heard:
	-- its insert keeps the route's channels (as strict I/O would), its
	-- outputs go nowhere and the route's audio (and MIDI) passes through
	local function new_noise (route, proc, outputs, rate, octaves)
		local noise = ARDOUR.LuaAPI.new_plugin (Session, NOISE_URI[outputs], ARDOUR.PluginType.LV2, "")
		assert (not noise:isnil (), "Ardour cannot load " .. NOISE_URI[outputs])
		-- strict I/O while it goes in: otherwise Ardour gives the route an
		-- output port for each of the plugin's outputs (four for x4), which
		-- stay, with the panner, after the pins are set
		local strict = route:strict_io ()
		route:set_strict_io (true)
		local added = route:add_processor_by_index (noise, index_before (route, proc), nil, true) == 0
		local pi = noise:to_plugininsert ()
		local streams = pi:input_streams ()
		local pinned = added and route:customize_plugin_insert (noise, 1, streams, ARDOUR.ChanCount (audio, 0))
		route:set_strict_io (strict)
		assert (added, "cannot add Perlin Noise")
		assert (pinned, "cannot set Perlin Noise's pins")
		pi:set_output_map (0, ARDOUR.ChanMapping ())
		local thru = ARDOUR.ChanMapping ()
		for ch = 0, streams:n_audio () - 1 do thru:set (audio, ch, ch) end
		local midi = ARDOUR.DataType ("midi")
		for ch = 0, streams:n_midi () - 1 do thru:set (midi, ch, ch) end
		pi:set_thru_map (thru)
		ARDOUR.LuaAPI.set_processor_param (noise, 0, rate)
		ARDOUR.LuaAPI.set_processor_param (noise, 1, octaves)
		return noise
	end

	local function apply (route_name, target_id, c, lo_pc, hi_pc, noise_choice, output, rate, octaves)
		local route = Session:route_by_name (route_name)
		assert (not route:isnil (), "no route " .. route_name)
		local target = assert (plugin_by_id (route, target_id), "the plugin is gone")
		local noise, outputs
		if noise_choice == "new1" or noise_choice == "new4" then
			outputs = noise_choice == "new4" and 4 or 1
			noise = new_noise (route, target, outputs, rate, octaves)
		else
			noise = assert (noise_before (route, plugin_index (route, target)),
				"no Perlin Noise before " .. target:display_name () .. " on " .. route_name .. " to share")
			outputs = noise_outputs (noise)
		end
		local mod = ARDOUR.LuaAPI.new_luaproc (Session, "Perlin Modulator")
		assert (not mod:isnil (), "Perlin Modulator is not installed")
		assert (route:add_processor_by_index (mod, index_before (route, target), nil, true) == 0,
			"cannot add Perlin Modulator")
		ARDOUR.LuaAPI.set_processor_param (mod, M_PARAMETER, c.index)
		ARDOUR.LuaAPI.set_processor_param (mod, M_AT_LO, lo_pc)
		ARDOUR.LuaAPI.set_processor_param (mod, M_AT_HI, hi_pc)
		ARDOUR.LuaAPI.set_processor_param (mod, M_CHANNEL, math.max (1, math.min (outputs, output or 1)))
		-- last, the plugin: counted from here when it is set (the next one)
		ARDOUR.LuaAPI.set_processor_param (mod, M_PLUGIN, 1)
		print (string.format ("Modulate with Perlin Noise: %s: %s: %s from %s, at -1 %.4g %%, at +1 %.4g %%",
			route_name, target:display_name (), c.label, noise:display_name (), lo_pc, hi_pc))
		return mod
	end

	-- whether a Perlin Noise's outputs go nowhere (one the action put there)
	local function unheard (noise)
		return noise:to_plugininsert ():output_map (0):n_total () == 0
	end

	local function remove (route_name, n)
		for _, m in ipairs (modulators ()) do
			if m.route == route_name and m.n == n then
				local route = Session:route_by_name (route_name)
				local pi = m.proc:to_plugininsert ()
				if pi:has_sidechain () then
					-- a modulator made by hand, or by an earlier version, fed
					-- from another route: the sidechain disconnected first and
					-- 4 engine periods (100 ms at least) let pass, as Ardour
					-- 8.12 corrupts its heap now and then when a sidechain's
					-- ports die still connected
					pi:sidechain_input ():disconnect_all (nil)
					local ms = math.max (100, 4000 * Session:get_block_size () / Session:nominal_sample_rate ())
					ARDOUR.LuaAPI.usleep (math.floor (ms * 1000))
				end
				local noise = noise_before (route, plugin_index (route, m.proc))
				assert (route:remove_processor (m.proc, nil, true) == 0, "cannot remove the modulator")
				print ("Modulate with Perlin Noise: removed " .. m.label)
				-- its noise goes too when the action made it (its outputs go
				-- nowhere) and no other modulator reads it
				if noise and unheard (noise) then
					local used = false
					for _, o in ipairs (modulators ()) do
						if o.route == route_name then
							local other = noise_before (route, plugin_index (route, o.proc))
							used = used or (other and id_of (other) == id_of (noise))
						end
					end
					if not used then
						assert (route:remove_processor (noise, nil, true) == 0, "cannot remove Perlin Noise")
						print ("Modulate with Perlin Noise: removed its " .. noise:display_name ())
					end
				end
				return true
			end
		end
		error ("no Perlin Modulator " .. n .. " on " .. route_name)
	end

	-- called with parameters (scripts, tests): names and numbers
	if p["remove"] then
		remove (p["remove"], tonumber (p["n"]) or 1)
		collectgarbage ()
		return
	end
	if p["route"] then
		local route = Session:route_by_name (p["route"])
		assert (not route:isnil (), "no route " .. p["route"])
		local i, target = 0, nil
		while true do
			local proc = route:nth_plugin (i)
			if proc:isnil () then break end
			if proc:display_name () == p["plugin"] then target = proc break end
			i = i + 1
		end
		assert (target, "no plugin " .. tostring (p["plugin"]) .. " on " .. p["route"])
		local c
		for _, x in ipairs (inputs_of (target)) do
			if x.label == p["parameter"] then c = x break end
		end
		assert (c, "no parameter " .. tostring (p["parameter"]))
		local ac = target:to_automatable ():automation_control (
			Evoral.Parameter (ARDOUR.AutomationType.PluginAutomation, 0, c.port), false)
		local d = scale_of (ac)
		if p["list"] then -- (scripts, tests) the range dialog it would show
			local step, digits = step_of (d)
			print (string.format ("Modulate with Perlin Noise: range: %s; step %g, %d digits",
				range_title (c.label, d), step, digits))
			return
		end
		apply (p["route"], id_of (target), c, 100 * to_knob (d, tonumber (p["lo"])),
			100 * to_knob (d, tonumber (p["hi"])), p["noise"] or "new1", tonumber (p["output"]) or 1,
			tonumber (p["rate"]) or 1, tonumber (p["octaves"]) or 4)
		collectgarbage ()
		return
	end

	-- the first dialog's lists: what to do (a modulation, or Remove: one
	-- entry per modulator, two on one parameter told apart by a number),
	-- and the parameters, none chosen until the user picks one
	local CHOOSE = "(choose a parameter)"
	local function dialog_lists ()
		local what = { ["Modulate a parameter"] = "add" }
		for _, m in ipairs (modulators ()) do
			local route, n = m.route, m.n
			local key, k = "Remove: " .. m.label, 1
			while what[key] do
				k = k + 1
				key = "Remove: " .. m.label .. " (" .. k .. ")"
			end
			what[key] = function () return { route = route, n = n } end
		end
		local targets = parameter_targets ()
		local any = next (targets) ~= nil
		targets[CHOOSE] = "none"
		return what, targets, any
	end

	-- (scripts, tests) the dialog's lists, printed
	if p["list"] then
		local what, targets, any = dialog_lists ()
		for key in pairs (what) do print ("Modulate with Perlin Noise: do: " .. key) end
		for key in pairs (targets) do print ("Modulate with Perlin Noise: parameter: " .. key) end
		print ("Modulate with Perlin Noise: parameters " .. (any and "there" or "none"))
		return
	end

	-- the dialogs
	local what, targets, any = dialog_lists ()
	local function tell (text)
		LuaDialog.Message ("Modulate with Perlin Noise", text, LuaDialog.MessageType.Info,
			LuaDialog.ButtonType.Close):run ()
	end
	if not any and not next (modulators ()) then
		tell ("There is no plugin parameter to modulate yet: add a plugin to a track or bus first.")
		return
	end
	local noises = { ["A new Perlin Noise"] = "new1", ["A new Perlin Noise x4"] = "new4",
		["The Perlin Noise already before it (shared)"] = "shared" }
	local rv = LuaDialog.Dialog ("Modulate with Perlin Noise", {
		{ type = "dropdown", key = "what", title = "Do", values = what, default = "Modulate a parameter" },
		{ type = "heading", title = "Modulate" },
		{ type = "dropdown", key = "param", title = "Parameter", values = targets, default = CHOOSE },
		{ type = "dropdown", key = "noise", title = "Noise", values = noises,
			default = "A new Perlin Noise" },
		{ type = "number", key = "output", title = "Which output (Perlin Noise x4: 1 to 4)", min = 1, max = 4,
			step = 1, digits = 0, default = 1 },
		{ type = "number", key = "rate", title = "Rate of a new noise (cells/s)", min = 0.001, max = 1000,
			step = 0.1, digits = 3, default = 1 },
		{ type = "number", key = "octaves", title = "Octaves of a new noise", min = 1, max = 8, step = 1,
			digits = 0, default = 4 },
	}):run ()
	if not rv then return end
	if type (rv["what"]) == "function" then
		local r = rv["what"] ()
		remove (r.route, r.n)
		collectgarbage ()
		return
	end
	if type (rv["param"]) ~= "function" then
		tell ("No parameter was chosen: nothing changed.")
		return
	end
	local t = rv["param"] ()
	local route = Session:route_by_name (t.route)
	local target = plugin_by_id (route, t.id)
	if not target then return end
	local ac = target:to_automatable ():automation_control (
		Evoral.Parameter (ARDOUR.AutomationType.PluginAutomation, 0, t.c.port), false)
	local d = scale_of (ac)
	-- its range, in its own units (a quarter and three quarters of its
	-- knob's travel to begin with)
	local step, digits = step_of (d)
	local title, unit = range_title (t.c.label, d)
	local rr = LuaDialog.Dialog ("Modulate " .. target:display_name () .. ": " .. t.c.label, {
		{ type = "label", title = title },
		{ type = "number", key = "lo", title = "At noise -1" .. unit, min = d.lower, max = d.upper,
			step = step, digits = digits, default = from_knob (d, 0.25) },
		{ type = "number", key = "hi", title = "At noise +1" .. unit, min = d.lower, max = d.upper,
			step = step, digits = digits, default = from_knob (d, 0.75) },
	}):run ()
	if not rr then return end
	apply (t.route, t.id, t.c, 100 * to_knob (d, rr["lo"]), 100 * to_knob (d, rr["hi"]), rv["noise"],
		rv["output"], rv["rate"], rv["octaves"])
	collectgarbage ()
end end
