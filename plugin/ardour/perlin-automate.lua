-- perlin-automate.lua: Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
ardour {
	["type"]    = "EditorAction",
	name        = "Perlin Noise to Automation",
	license     = "ISC",
	author      = "perlin.lv2",
	description = [[Writes the output of a "Perlin Noise" plugin into the
automation of any plugin parameter, over the session range (or the selected
time range): the noise is rendered by the plugin itself, offline (Ardour's
"bounce with processing" of the track that holds it, up to and including
the plugin), and read back at every sample (of "Perlin Noise x4" on a
four-channel track, the output chosen: 1 to 4). Noise -1 gives "At -1", +1
gives "At +1": positions of the parameter's own knob, in percent of its
travel (a logarithmic cutoff moves as its knob does). The points are few:
Ardour's interpolation between them stays within "Max error" (percent of
the knob's travel) of the noise at every sample. The playhead is moved to
the range's start for the render (so the noise starts there as it plays
there) and put back. The result is plain automation (state Play): it plays
live and exports the same every time. Run it again after changing the
noise's settings.]]
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

	-- the knob position (0..1) of a value and the value at a knob
	-- position, as Ardour's own control maps them (its interface scale:
	-- ARDOUR::ParameterDescriptor's from_interface for plugin parameters);
	-- the same as in perlin-modulator.lua, which runs sandboxed and cannot
	-- load a shared file
	local function scale_of (ac)
		local pd = ac:desc ()
		-- (an enumeration moves from choice to choice, its choices taken as
		-- the whole numbers between its bounds, as ACE's are: Lua is not
		-- shown its scale points)
		local d = { lower = pd.lower, upper = pd.upper, toggled = pd.toggled,
			integer = pd.integer_step or pd.enumeration, steps = pd.rangesteps or 0 }
		d.log = pd.logarithmic and d.upper > d.lower and d.lower * d.upper > 0
		if not (d.upper > d.lower) then d.upper = d.lower + 0.01 end
		if d.integer and d.lower >= d.upper then d.integer = false end
		return d
	end
	local function from_knob (d, p)
		p = math.max (0, math.min (1, p))
		local v
		if d.log then
			if d.steps > 1 then p = math.floor (p * (d.steps - 1) + 0.5) / (d.steps - 1) end
			v = d.lower * (d.upper / d.lower) ^ p
		elseif d.toggled then
			v = p >= 0.5 and d.upper or d.lower
		elseif d.integer then
			v = math.floor (d.lower + p * (1 + d.upper - d.lower))
		elseif d.steps > 1 then
			v = math.floor (p * (d.steps - 1) + 0.5) / (d.steps - 1) * (d.upper - d.lower) + d.lower
		else
			v = p * (d.upper - d.lower) + d.lower
		end
		return math.min (d.upper, math.max (d.lower, v))
	end

	-- thinning, one pass over the samples as they are read: of the points
	-- (t, y) (y: knob positions, which Ardour's automation interpolates
	-- linearly: linearly for a linear parameter, logarithmically for a
	-- logarithmic one), those to keep so that the line between two kept
	-- points passes within eps of every sample between them. The slopes
	-- from the last kept point that fit every sample so far narrow to an
	-- interval; a sample whose own slope falls outside it ends the segment
	-- at the sample before. thinner(eps) returns add(t, y), which takes the
	-- samples in order, and finish(), which returns the kept points.
	local function thinner (eps)
		local kept = {}
		local ta, ya, tp, yp, lo, hi, since
		local function add (t, y)
			if not ta then
				ta, ya, lo, hi, since = t, y, -math.huge, math.huge, 0
				kept[#kept + 1] = { t, y }
				return
			end
			local s = (y - ya) / (t - ta)
			if since > 0 and (s < lo or s > hi) then
				ta, ya, lo, hi, since = tp, yp, -math.huge, math.huge, 0
				kept[#kept + 1] = { ta, ya }
			end
			local dt = t - ta
			lo = math.max (lo, (y - eps - ya) / dt)
			hi = math.min (hi, (y + eps - ya) / dt)
			tp, yp, since = t, y, since + 1
		end
		local function finish ()
			if tp and tp ~= kept[#kept][1] then kept[#kept + 1] = { tp, yp } end
			return kept
		end
		return add, finish
	end

	-- the playhead at sample t, the transport stopped (rolling again when
	-- `roll`): waits until it is there, and a little more, so that the
	-- plugin has taken the place (Perlin Noise on Hold follows the playhead
	-- while stopped, and crossfades 10 ms to a new place)
	local function put_playhead (t, roll)
		-- (asked again every 100 ms: a request while the transport is still
		-- declicking to a stop is dropped)
		for k = 0, 299 do
			if not Session:transport_rolling () and Session:transport_sample () == t then break end
			if k % 10 == 0 then
				Session:request_locate (t, false, ARDOUR.LocateTransportDisposition.MustStop,
					ARDOUR.TransportRequestSource.TRS_UI)
			end
			ARDOUR.LuaAPI.usleep (10000)
		end
		ARDOUR.LuaAPI.usleep (100000)
		if roll then Session:request_roll (ARDOUR.TransportRequestSource.TRS_UI) end
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

	local source, proc, which, lo_pc, hi_pc, t0, t1, output, max_error
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
		max_error = tonumber (p["max_error"]) or 0.25
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
			{ type = "slider", key = "min", title = "At -1 (% of its knob's travel)", min = 0, max = 100, digits = 1, default = 0 },
			{ type = "slider", key = "max", title = "At +1 (% of its knob's travel)", min = 0, max = 100, digits = 1, default = 100 },
			{ type = "number", key = "max_error", title = "Max error (% of the knob's travel)", min = 0, max = 10, step = 0.05, digits = 2, default = 0.25 },
			{ type = "checkbox", key = "sel", title = "Selected time range only", default = false },
		}):run ()
		if not rv then return end
		source = rv["source"]
		local pp = rv["param"] ()
		proc, which = pp["p"], pp["n"]
		lo_pc, hi_pc, output = rv["min"], rv["max"], rv["output"]
		max_error = rv["max_error"]
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

	local al = ARDOUR.LuaAPI.plugin_automation (proc, which)
	assert (not al:isnil (), "the parameter has no automation list")
	local param = Evoral.Parameter (ARDOUR.AutomationType.PluginAutomation, 0,
		(proc:to_insert ():plugin (0):nth_parameter (which, true)))
	local ac = proc:to_automatable ():automation_control (param, false)
	assert (not ac:isnil (), "the parameter has no control")
	local d = scale_of (ac)
	local lo, hi = lo_pc / 100, hi_pc / 100 -- knob positions

	-- the plugin renders the noise: bounce the track up to and including
	-- it, the playhead at the range's start first (the plugin's live place
	-- then is the bounce's first: no crossfade into it), put back after
	local was, was_rolling = Session:transport_sample (), Session:transport_rolling ()
	put_playhead (t0, false)
	local region = source:bounce_range (t0, t1, ARDOUR.InterThreadInfo (), perlin, true, "perlin-automation")
	put_playhead (was, was_rolling)
	assert (not region:isnil (), "the bounce failed")
	local rd = region:to_audioregion ():to_readable ()
	local n = rd:readable_length ()
	-- the output's channel of the bounce (Perlin Noise x4 on a track with
	-- four channels: output N is channel N)
	local channel = math.floor ((output or 1) + 0.5) - 1
	local known, channels = pcall (function () return rd:n_channels () end)
	if channel < 0 or (known and channel >= channels) then channel = 0 end

	-- every sample of the noise, as a knob position, thinned to 80 % of the
	-- error allowed: the rest is left for the points' times, which a list in
	-- musical time rounds to its ticks (up to 6 samples at 120 BPM and 48 kHz)
	local add, finish = thinner (0.8 * (max_error or 0.25) / 100)
	local chunk = 8192
	local cmem = ARDOUR.DSP.DspShm (chunk)
	local pos = 0
	while pos < n do
		local got = rd:read (cmem:to_float (0), pos, chunk, channel)
		if got <= 0 then break end
		local data = cmem:to_float (0):array ()
		for k = 1, got do
			local v = data[k]
			if not (v >= -1) then v = -1 elseif v > 1 then v = 1 end
			add (pos + k - 1, lo + (v + 1) * 0.5 * (hi - lo))
		end
		pos = pos + got
	end
	local kept = finish ()

	Session:begin_reversible_command ("Perlin Noise to Automation")
	local before = al:get_state ()
	-- the list anew: its points outside the range, then the noise's (a
	-- ranged clear would leave points at the range's ends with the old
	-- curve's values, and running the action again would mix them in)
	local outside = {}
	for e in al:events ():iter () do
		local t = e.when:samples ()
		if t < t0 or t > t1 then outside[#outside + 1] = { e.when, e.value } end
	end
	al:clear_list ()
	for _, e in ipairs (outside) do al:add (e[1], e[2], false, false) end
	for _, k in ipairs (kept) do
		al:add (Temporal.timepos_t (t0 + k[1]), from_knob (d, k[2]), false, false)
	end
	local points = #kept
	Session:add_command (al:memento_command (before, al:get_state ()))
	if not Session:abort_empty_reversible_command () then
		Session:commit_reversible_command (nil)
	end
	ac:set_automation_state (ARDOUR.AutoState.Play)
	print (string.format ("Perlin Noise to Automation: %d points for %d samples, max error %g %% of the knob",
		points, n, max_error or 0.25))
	region, rd, al, ac, cmem = nil, nil, nil, nil, nil
	collectgarbage ()
end end
