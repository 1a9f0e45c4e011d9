ardour {
	["type"]    = "EditorAction",
	name        = "Perlin Noise to Automation",
	license     = "ISC",
	author      = "perlin.lv2",
	description = [[Writes the output of a "Perlin Noise" plugin into the
automation of any plugin parameter, over the session range (or the selected
time range): the noise is rendered by the plugin itself, offline (Ardour's
"bounce with processing" of the track that holds it, up to and including
the plugin), and read back every "Step" milliseconds (of "Perlin Noise x4"
on a four-channel track, the output chosen: 1 to 4). Noise -1 gives "At -1",
+1 gives "At +1" (in percent of the parameter's range). The result is plain
automation (state Play): it plays live and exports the same every time.
Run it again after changing the noise's settings.]]
}

function factory (params) return function ()
	local p = params or {}

	-- plugin parameters of every route, as in Ardour's lfo_automation.lua:
	-- targets["route: n: plugin"]["label"] = function returning {proc, n}
	local function parameter_targets ()
		local targets = {}
		for route in Session:get_routes ():iter () do
			local i = 0
			while true do
				local proc = route:nth_plugin (i)
				if proc:isnil () then break end
				local plug = proc:to_insert ():plugin (0)
				local key = route:name () .. ": " .. i .. ": " .. proc:display_name ()
				local n = 0
				for j = 0, plug:parameter_count () - 1 do
					if plug:parameter_is_control (j) then
						local label = plug:parameter_label (j)
						if plug:parameter_is_input (j) and label ~= "hidden" and label:sub (1, 1) ~= "#" then
							local nn = n
							targets[key] = targets[key] or {}
							targets[key][label] = function () return { ["p"] = proc, ["n"] = nn } end
						end
						n = n + 1
					end
				end
				i = i + 1
			end
		end
		return targets
	end

	-- the first "Perlin Noise..." plugin on a route
	local function perlin_on (route)
		local i = 0
		while true do
			local proc = route:nth_plugin (i)
			if proc:isnil () then return nil end
			if string.sub (proc:display_name (), 1, 12) == "Perlin Noise" then return proc end
			i = i + 1
		end
	end

	local source, proc, which, lo_pc, hi_pc, t0, t1, step, output
	if p["source"] then
		-- called with parameters (scripts, tests): names and numbers
		source = Session:route_by_name (p["source"]):to_track ()
		local r = Session:route_by_name (p["target"])
		local i = 0
		while true do
			proc = r:nth_plugin (i)
			if proc:isnil () or proc:display_name () == p["plugin"] then break end
			i = i + 1
		end
		which = tonumber (p["parameter"])
		output = tonumber (p["output"]) or 1
		lo_pc, hi_pc = tonumber (p["min"]), tonumber (p["max"])
		t0, t1 = tonumber (p["start"]), tonumber (p["end"])
		step = tonumber (p["step"]) or 10
	else
		local sources = {}
		for t in Session:get_tracks ():iter () do
			if perlin_on (t) then sources[t:name ()] = t end
		end
		if next (sources) == nil then
			LuaDialog.Message ("Perlin Noise to Automation",
				"No track holds Perlin Noise: add it to an audio track first (bounce works on tracks only).",
				LuaDialog.MessageType.Info, LuaDialog.ButtonType.Close):run ()
			return
		end
		local rv = LuaDialog.Dialog ("Perlin Noise to Automation", {
			{ type = "dropdown", key = "source", title = "Track with Perlin Noise", values = sources },
			{ type = "number", key = "output", title = "Which output (Perlin Noise x4: 1 to 4)", min = 1, max = 4, step = 1, digits = 0, default = 1 },
			{ type = "dropdown", key = "param", title = "Parameter to automate", values = parameter_targets () },
			{ type = "slider", key = "min", title = "At -1 (% of its range)", min = 0, max = 100, digits = 1, default = 0 },
			{ type = "slider", key = "max", title = "At +1 (% of its range)", min = 0, max = 100, digits = 1, default = 100 },
			{ type = "number", key = "step", title = "Step (ms)", min = 1, max = 1000, step = 1, digits = 0, default = 10 },
			{ type = "checkbox", key = "sel", title = "Selected time range only", default = false },
		}):run ()
		if not rv then return end
		source = rv["source"]
		local pp = rv["param"] ()
		proc, which = pp["p"], pp["n"]
		lo_pc, hi_pc, step, output = rv["min"], rv["max"], rv["step"], rv["output"]
		local range = Session:locations ():session_range_location ()
		if rv["sel"] then
			local ts = Editor:get_selection ().time
			if ts:length ():samples () > 0 then
				t0, t1 = ts:start_sample (), ts:end_sample ()
			end
		elseif range then
			t0, t1 = range:start ():samples (), range:_end ():samples ()
		end
		if not t0 or t1 <= t0 then
			LuaDialog.Message ("Perlin Noise to Automation", "No session range or time selection.",
				LuaDialog.MessageType.Info, LuaDialog.ButtonType.Close):run ()
			return
		end
	end
	assert (source and not source:isnil (), "no source track")
	assert (proc and not proc:isnil (), "no target plugin")
	local perlin = assert (perlin_on (source), "the source track has no Perlin Noise")

	local al, _, pd = ARDOUR.LuaAPI.plugin_automation (proc, which)
	assert (not al:isnil (), "the parameter has no automation list")
	local lo = pd.lower + (pd.upper - pd.lower) * lo_pc / 100
	local hi = pd.lower + (pd.upper - pd.lower) * hi_pc / 100

	-- the plugin renders the noise: bounce the track up to and including it
	local region = source:bounce_range (t0, t1, ARDOUR.InterThreadInfo (), perlin, true, "perlin-automation")
	assert (not region:isnil (), "the bounce failed")
	local rd = region:to_audioregion ():to_readable ()
	local n = rd:readable_length ()
	-- the output's channel of the bounce (Perlin Noise x4 on a track with
	-- four channels: output N is channel N)
	local channel = math.floor ((output or 1) + 0.5) - 1
	local known, channels = pcall (function () return rd:n_channels () end)
	if channel < 0 or (known and channel >= channels) then channel = 0 end
	local stride = math.max (1, math.floor (step * Session:nominal_sample_rate () / 1000 + 0.5))

	Session:begin_reversible_command ("Perlin Noise to Automation")
	local before = al:get_state ()
	al:clear (Temporal.timepos_t (t0), Temporal.timepos_t (t1))
	local chunk = 8192 - 8192 % stride
	local cmem = ARDOUR.DSP.DspShm (chunk)
	local pos, points = 0, 0
	while pos < n do
		local got = rd:read (cmem:to_float (0), pos, chunk, channel)
		if got <= 0 then break end
		local d = cmem:to_float (0):array ()
		for k = 1, got, stride do
			local v = d[k]
			if not (v >= -1) then v = -1 elseif v > 1 then v = 1 end
			al:add (Temporal.timepos_t (t0 + pos + k - 1), lo + (v + 1) * 0.5 * (hi - lo), false, false)
			points = points + 1
		end
		pos = pos + got
	end
	Session:add_command (al:memento_command (before, al:get_state ()))
	if not Session:abort_empty_reversible_command () then
		Session:commit_reversible_command (nil)
	end
	local param = Evoral.Parameter (ARDOUR.AutomationType.PluginAutomation, 0,
		(proc:to_insert ():plugin (0):nth_parameter (which, true)))
	local ac = proc:to_automatable ():automation_control (param, false)
	if not ac:isnil () then ac:set_automation_state (ARDOUR.AutoState.Play) end
	print ("Perlin Noise to Automation: " .. points .. " points from " .. n .. " samples")
	region, rd, al, ac, cmem = nil, nil, nil, nil, nil
	collectgarbage ()
end end
