ardour {
	["type"]    = "session",
	name        = "Perlin Modulate",
	license     = "ISC",
	author      = "perlin.lv2",
	description = [[Every process cycle, reads the Level output of a "Perlin Noise"
plugin and sets a parameter of another plugin from it: Level -1 gives the
value "At -1", Level +1 the value "At +1", linearly in between (of "Perlin
Noise x4", the Level of the output chosen: one script per parameter, each
following any of the four). Ardour has no
CV routing; this is its native way to modulate. The Perlin route may be
silent (fader at -inf): its plugin still runs. Add one copy of the script
per modulated parameter (each with its own name).]]
}

-- Parameters are strings, as Ardour's session-script dialog returns them.
function sess_params ()
	return {
		["source"]    = { title = "Route with Perlin Noise (its first Perlin plugin)", default = "Perlin" },
		["output"]    = { title = "Which output of Perlin Noise x4 (1 to 4; 1 for Perlin Noise)", default = "1" },
		["target"]    = { title = "Route with the plugin to modulate", default = "Audio 1" },
		["plugin"]    = { title = "Plugin to modulate (name as shown in the mixer strip)", default = "ACE Amplifier" },
		["parameter"] = { title = "Its parameter: name, or number of the control input from 0", default = "Gain" },
		["min"]       = { title = "Value at Level -1", default = "-20" },
		["max"]       = { title = "Value at Level +1", default = "0" },
	}
end

-- Ardour keeps only this function (as bytecode): everything it uses is
-- inside it. The returned function runs in the process thread, once per
-- cycle: it reads one value and sets one, and looks the plugins up again
-- only about once a second (so renamed or removed plugins are followed).
function factory (params)
	local p = params or {}
	local source = p["source"] or "Perlin"
	local which_output = math.floor (tonumber (p["output"]) or 1)
	if not (which_output >= 1 and which_output <= 4) then which_output = 1 end
	local target = p["target"] or "Audio 1"
	local plugin = p["plugin"] or "ACE Amplifier"
	local parameter = p["parameter"] or "Gain"
	local lo = tonumber (p["min"]) or -20
	local hi = tonumber (p["max"]) or 0
	if lo ~= lo or hi ~= hi then lo, hi = -20, 0 end -- NaN

	local src, dst        -- processors
	local level, which    -- control numbers (as LuaAPI counts them)
	local countdown = 0   -- samples until the next look-up

	-- control number (LuaAPI.get/set_processor_param) of the first control
	-- port of `proc` whose label is `label` (and is an output if `output`),
	-- or of the `label`-th control input if `label` is a number
	local function control_number (proc, label, output)
		local pi = proc:to_insert ()
		if pi:isnil () then return nil end
		local pl = pi:plugin (0)
		local n, inputs = 0, 0
		local wanted = tonumber (label)
		while n < 512 do
			local port, refs = pl:nth_parameter (n, true) -- refs: { n, ok }
			if not refs[2] then return nil end
			if pl:parameter_is_control (port) then
				local is_out = pl:parameter_is_output (port)
				if wanted and not output and not is_out then
					if inputs == wanted then return n end
					inputs = inputs + 1
				elseif not wanted and is_out == output and pl:parameter_label (port) == label then
					return n
				end
			end
			n = n + 1
		end
		return nil
	end

	local function find (route_name, name, prefix)
		local r = Session:route_by_name (route_name)
		if r:isnil () then return nil end
		local i = 0
		while true do
			local proc = r:nth_plugin (i)
			if proc:isnil () then return nil end
			local d = proc:display_name ()
			if d == name or (prefix and string.sub (d, 1, #name) == name) then
				return proc
			end
			i = i + 1
		end
	end

	local function look_up ()
		src = find (source, "Perlin Noise", true)
		dst = find (target, plugin, false)
		-- "Level" (Perlin Noise) or "Level 1" .. "Level 4" (Perlin Noise x4)
		level = src and (control_number (src, "Level " .. which_output, true) or
		                 control_number (src, "Level", true))
		which = dst and control_number (dst, parameter, false)
		if not level then src = nil end
		if not which then dst = nil end
	end

	return function (n_samples)
		countdown = countdown - n_samples
		if countdown <= 0 then
			countdown = Session:nominal_sample_rate ()
			look_up ()
		end
		if not src or not dst then return end
		local v = ARDOUR.LuaAPI.get_processor_param (src, level, true)
		if not (v >= -1) then v = -1 elseif v > 1 then v = 1 end -- NaN too
		ARDOUR.LuaAPI.set_processor_param (dst, which, lo + (v + 1) * 0.5 * (hi - lo))
	end
end
