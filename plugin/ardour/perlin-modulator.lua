-- perlin-modulator.lua: Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
ardour {
	["type"]    = "dsp",
	name        = "Perlin Modulator",
	category    = "Utility",
	license     = "ISC",
	author      = "perlin.lv2",
	description = [[Modulates a parameter of a plugin on the same track or bus
with "Perlin Noise", live and in exports. Put Perlin Noise (or Perlin
Noise x4 or Keyed) on the same track or bus, its outputs unconnected in its
Pin Connections so that it is not heard (the track's audio passes through),
then this plugin after it and before the plugin to modulate, and choose
that plugin ("Plugin": 1 = the next one after this) and its parameter
("Parameter": 0 = its first control input). It reads the nearest Perlin
Noise before it. (A sidechain fed from another route works as well, but
Ardour 8 can crash when a plugin whose sidechain is connected is deleted.) From then on it
follows that plugin, wherever it is moved on the strip; if the plugin is
removed, modulation stops and nothing else is touched, until the same
plugin is put back where "Plugin" points (set "Plugin" to choose another).
"At -1" and "At +1" are positions of the parameter's own knob, in percent
of its travel (a logarithmic cutoff moves as its knob does). While the transport rolls (and in exports) the parameter follows the
noise; when modulation stops (transport stopped, this plugin disabled or
removed, Perlin Noise removed or switched off) the parameter returns to
the value the user gave it, so a session saved while stopped keeps the
user's value. With "Perlin Noise x4", choose the output that drives this
parameter ("Noise output": 1 to 4). Two modulators on one
parameter do not fight: the one added first drives it, the other waits
(status "another modulator drives it") and takes over when the first
stops. The inline display shows the plugin, the parameter and its value.
The audio passes through unchanged.]]
}

-- The controls, as CtrlPorts counts them (Ardour's control numbers, as
-- ARDOUR.LuaAPI counts them, are one less). The "hidden" ones keep, in the
-- session, which plugin was chosen (its ID) and the user's value.
local PLUGIN, PARAMETER, AT_LO, AT_HI, NOISE, CHANNEL = 1, 2, 3, 4, 5, 6
local ENABLE, STOPPED, STATUS, VALUE = 7, 8, 9, 10
local ID_LO, ID_HI, CHOSEN, USER, USER_PARAM, HELD = 11, 12, 13, 14, 15, 16

-- Status: what the modulator is doing (the output "Status", the display)
local OFF, MODULATING, NO_TARGET, REMOVED, NO_SIGNAL, RESTING, NO_PARAMETER, WAITING = 0, 1, 2, 3, 4, 5, 6, 7
local STATUS_TEXT = {
	[OFF] = "off", [MODULATING] = "modulating", [NO_TARGET] = "no plugin there",
	[REMOVED] = "plugin removed", [NO_SIGNAL] = "no noise: no Perlin Noise before it, or off",
	[RESTING] = "stopped: the user's value", [NO_PARAMETER] = "no such parameter",
	[WAITING] = "another modulator drives it",
}

function dsp_ioconfig ()
	-- the route's channels pass through; a sidechain adds inputs
	return { { audio_in = -1, audio_out = -1 } }
end

function dsp_params ()
	local hidden = { ["type"] = "input", name = "hidden", min = 0, max = 16777216, default = 0, integer = true }
	return {
		{ ["type"] = "input", name = "Plugin", min = 1, max = 16, default = 1, integer = true,
			doc = "Which plugin after this one to modulate, counted when it is set (1: the next one)" },
		{ ["type"] = "input", name = "Parameter", min = 0, max = 255, default = 0, integer = true,
			doc = "Its control input, counted from 0" },
		{ ["type"] = "input", name = "At -1", min = 0, max = 100, default = 0, unit = "%",
			doc = "The parameter's knob position at noise -1, in percent of its travel" },
		{ ["type"] = "input", name = "At +1", min = 0, max = 100, default = 100, unit = "%",
			doc = "The parameter's knob position at noise +1, in percent of its travel" },
		{ ["type"] = "output", name = "Noise", min = -1, max = 1,
			doc = "The noise value last read" },
		{ ["type"] = "input", name = "Noise output", min = 1, max = 16, default = 1, integer = true,
			doc = "Which output of the noise drives the parameter (Perlin Noise x4: 1 to 4; with a sidechain, its channel)" },
		{ ["type"] = "input", name = "Enable", min = 0, max = 1, default = 1, toggled = true, bypass = true,
			doc = "Off: the parameter returns to the user's value" },
		{ ["type"] = "input", name = "When stopped", min = 0, max = 1, default = 0, integer = true, enum = true,
			scalepoints = { ["Return to the user's value"] = 0, ["Keep modulating"] = 1 },
			doc = "What the parameter does while the transport is stopped" },
		{ ["type"] = "output", name = "Status", min = 0, max = 7, integer = true, enum = true,
			scalepoints = { ["Off"] = OFF, ["Modulating"] = MODULATING, ["No plugin there"] = NO_TARGET,
				["Plugin removed"] = REMOVED, ["No noise"] = NO_SIGNAL, ["Resting"] = RESTING,
				["No such parameter"] = NO_PARAMETER, ["Another modulator drives it"] = WAITING },
			doc = "What the modulator is doing" },
		{ ["type"] = "output", name = "Value", min = -1e9, max = 1e9,
			doc = "The parameter's value last written" },
		hidden, hidden, hidden, -- the chosen plugin's ID (low, high 24 bits), the Plugin it was chosen as
		{ ["type"] = "input", name = "hidden", min = -1e9, max = 1e9, default = 0 }, -- the user's value
		hidden, hidden, -- its parameter; whether it is held
	}
end

-- shared memory for the inline display (written here, read by render_inline
-- in the GUI thread): ints 1-2 a sequence number (odd while the names are
-- written) and the status; floats 3-6 the knob positions of the value, the
-- user's value, At -1 and At +1, and the value itself; then the names.
local SHM_SEQ, SHM_STATUS, SHM_POS, SHM_USER, SHM_LO, SHM_HI, SHM_VALUE = 0, 1, 2, 3, 4, 5, 6
local SHM_NAMES, NAME_LEN = 8, 48 -- the plugin's name, then the parameter's
local SHM_SIZE = SHM_NAMES + 2 * NAME_LEN

local rate = 48000
local sidechain = 0         -- the sidechain's channels (the last inputs)
local rescan = true         -- look our own insert up again (its sidechain)
local countdown = 0         -- samples until an unresolved choice is tried again
local tried                 -- the "Plugin" of the last cycle
local draw_countdown = 0    -- samples until the display may be redrawn
local silent = 0            -- samples of exact silence at the sidechain

-- Without a sidechain, the noise is the Level output of the nearest Perlin
-- Noise before this plugin on its route (found in the walks, `scan`), read
-- each cycle after it has run: no port crosses routes. Kept while it lives
-- as the target is (its ID looked up each cycle; a removed one to `grave`).
local NOISE_URIS = { ["urn:perlin-lv2:perlin"] = true, ["urn:perlin-lv2:perlin4"] = true,
	["urn:perlin-lv2:perlin-keyed"] = true }
local noise, noise_id, noise_pid -- that plugin's processor, its PBD.ID and as text
local noise_levels = {}     -- its Level outputs' control numbers (ARDOUR.LuaAPI counts)
local noise_countdown = 0   -- samples until a missing one is looked for again
local status = NO_TARGET
local configured = false    -- the outputs have their first values

-- The chosen plugin: its ID (kept in the session) and, while it lives, the
-- processor itself. A removed one goes to `grave`, which lets it go only
-- when this plugin is destroyed (so never in the process thread).
local target, target_id, id_obj
local kind                  -- the chosen plugin's unique ID (LV2: its URI): one put back is taken up
local kind_countdown = 0    -- samples until the place is looked at again
local grave = {}
local param, param_n        -- Evoral.Parameter and control number driven
local param_wanted          -- the "Parameter" they were looked up for
local desc                  -- its scale: lower, upper, log, toggled, integer, steps
local user, user_n          -- the user's value, and the control number it is of
local written               -- the value last written (as read back)
local guard                 -- finalizer: gives the user's value back when destroyed
local elders = {}           -- the IDs of the Perlin Modulators made before this one on its route
local waiting = false       -- one of them drives this one's parameter (looked up every 50 ms)
local elder_countdown = 0   -- samples until it is looked up again
local settle = 0            -- cycles in which it is looked up whatever the countdown
local walked = false        -- this cycle took processors from a route (see dsp_run)

function dsp_init (sr)
	rate = sr
	self:shmem ():allocate (SHM_SIZE)
	self:shmem ():clear ()
end

function dsp_configure (ins, outs)
	rescan = true -- a sidechain may have come or gone
	-- the outputs, which Ardour leaves as it finds them until the first
	-- cycle (never, for a plugin reopened deactivated)
	if not configured then
		configured = true
		local ctrl = CtrlPorts:array ()
		ctrl[NOISE], ctrl[STATUS], ctrl[VALUE] = 0, OFF, 0
	end
end

-- the noise source: `proc` (a Perlin Noise found in a walk, or nil); its
-- Level outputs' control numbers are read once here
local function adopt_noise (proc)
	local pid = proc and proc:to_stateful ():id ():to_s ()
	if noise and pid == noise_pid then return end
	if noise then grave[#grave + 1] = noise end
	noise, noise_id, noise_pid, noise_levels = nil, nil, nil, {}
	if not proc then return end
	local pl = proc:to_insert ():plugin (0)
	local n = 0
	while n < 1024 do
		local port, ok = pl:nth_parameter (n, true)
		if not ok[2] then break end
		if pl:parameter_is_control (port) and pl:parameter_is_output (port)
			and string.sub (pl:parameter_label (port), 1, 5) == "Level" then
			noise_levels[#noise_levels + 1] = n
		end
		n = n + 1
	end
	noise, noise_id, noise_pid = proc, PBD.ID (pid), pid
end

-- this plugin's own insert on its route and its index among the plugins;
-- the nearest Perlin Noise before it (the noise without a sidechain); and,
-- in the same walk, the Perlin Modulators on the route made before
-- this one (smaller processor IDs: Ardour counts them up, and a session
-- keeps them) into `elders`. Done where the route is walked anyway: a new
-- choice, a recalled one, a reconfiguration, keeping a value. A modulator
-- made later finds this one when it walks; one made earlier was here when
-- this one walked.
local function scan (route)
	walked = true
	local me = self:id ():to_s ()
	local at, own, mine, nearest
	local others = {}
	local i = 0
	while true do
		local proc = route:nth_plugin (i)
		if proc:isnil () then break end
		local pi = proc:to_insert ()
		if not pi:isnil () then
			local pid = proc:to_stateful ():id ():to_s ()
			if pi:plugin (0):id ():to_s () == me then
				at, own, mine = i, pi, tonumber (pid)
			elseif pi:plugin (0):name () == "Perlin Modulator" then
				others[#others + 1] = pid
			elseif not at and NOISE_URIS[pi:plugin (0):unique_id ()] then
				nearest = proc
			end
		end
		i = i + 1
	end
	if at then adopt_noise (nearest) end
	elders = {}
	for _, pid in ipairs (others) do
		if mine and tonumber (pid) < mine then elders[#elders + 1] = PBD.ID (pid) end
	end
	return at, own
end

-- sets this plugin's own (hidden) controls: { [control] = value, ... }
local function keep (values)
	local route = self:route ()
	if route:isnil () then return end
	local _, pi = scan (route)
	if not pi then return end
	for c, v in pairs (values) do
		ARDOUR.LuaAPI.set_processor_param (pi, c - 1, v)
	end
end

-- the knob position (0..1) of a value, and the value at a knob position,
-- as Ardour's own control maps them (ARDOUR::ParameterDescriptor's
-- to_interface and from_interface for plugin parameters)
local function to_knob (d, v)
	v = math.min (d.upper, math.max (d.lower, v))
	local p
	if d.log then
		p = math.log (v / d.lower) / math.log (d.upper / d.lower)
		if d.steps > 1 then p = math.floor (p * (d.steps - 1) + 0.5) / (d.steps - 1) end
	elseif d.toggled then
		p = (v - d.lower) / (d.upper - d.lower) >= 0.5 and 1 or 0
	elseif d.integer then
		p = (v + 0.5 - d.lower) / (1 + d.upper - d.lower)
	else
		p = (v - d.lower) / (d.upper - d.lower)
	end
	return math.max (0, math.min (1, p))
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

-- a scale as the control describes it (ParameterDescriptor::update_steps'
-- rules: a log scale needs both ends of one sign)
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

-- the display's names: the sequence number is odd while they are written
local function publish_names (plugin_name, parameter_name)
	local shm = self:shmem ()
	local seq = shm:atomic_get_int (SHM_SEQ)
	shm:atomic_set_int (SHM_SEQ, seq + 1)
	local a = shm:to_int (SHM_NAMES):array ()
	for k, s in ipairs ({ plugin_name or "", parameter_name or "" }) do
		local base = (k - 1) * NAME_LEN
		for j = 1, NAME_LEN do
			a[base + j] = j < NAME_LEN and j <= #s and string.byte (s, j) or 0
		end
	end
	shm:atomic_set_int (SHM_SEQ, seq + 2)
end

-- the processor chosen, if it is still on a route: a processor found in a
-- route's list during a cycle has not been dropped (Ardour takes the process
-- lock to remove it and drops its controls after that)
local function alive ()
	if not id_obj then return nil end
	local p = Session:processor_by_id (id_obj)
	if p:isnil () then return nil end
	return p
end

local function control_of (p)
	if not param then return nil end
	local ac = p:to_automatable ():automation_control (param, false)
	if ac:isnil () then return nil end
	return ac
end

-- the user's value back on the parameter it is of, if that still lives
local function give_back ()
	if user == nil then return end
	local p = alive ()
	if p and param and user_n == param_n then
		local ac = control_of (p)
		if ac then ac:set_value (user, PBD.GroupControlDisposition.NoGroup) end
	end
	user, written = nil, nil
	keep ({ [HELD] = 0 })
end

-- a finalizer that gives the user's value back when this plugin is
-- destroyed (removed from its route). Made again after each new target, as
-- Lua finalizes in the reverse order of marking: this one runs before the
-- target's own userdata is released.
local function arm ()
	if guard then guard.armed = false end
	guard = setmetatable ({ armed = true }, { __gc = function (g)
		if not g.armed or user == nil or not target or not param then return end
		pcall (function ()
			local ac = target:to_automatable ():automation_control (param, false)
			if not ac:isnil () then ac:set_value (user, PBD.GroupControlDisposition.NoGroup) end
		end)
	end })
end

local function split_id (s)
	local n = tonumber (s) or 0
	return n % 16777216, math.floor (n / 16777216)
end

local function forget_target ()
	if target then grave[#grave + 1] = target end
	target, target_id, id_obj, param, param_n, desc, param_wanted = nil, nil, nil, nil, nil, nil, nil
end

local function kind_of (proc)
	local pi = proc:to_insert ()
	if pi:isnil () then return nil end
	return pi:plugin (0):unique_id ()
end

-- choose the plugin at position ctrl[PLUGIN] after this one, and keep its ID
local function choose (ctrl)
	forget_target ()
	kind = nil
	local route = self:route ()
	if route:isnil () then return end
	local i, pi = scan (route)
	if not i then return end
	local proc = route:nth_plugin (i + math.floor (ctrl[PLUGIN] + 0.5))
	if proc:isnil () then return end
	local lo, hi = split_id (proc:to_stateful ():id ():to_s ())
	ARDOUR.LuaAPI.set_processor_param (pi, ID_LO - 1, lo)
	ARDOUR.LuaAPI.set_processor_param (pi, ID_HI - 1, hi)
	ARDOUR.LuaAPI.set_processor_param (pi, CHOSEN - 1, math.floor (ctrl[PLUGIN] + 0.5))
	target_id = string.format ("%.0f", hi * 16777216 + lo)
	id_obj = PBD.ID (target_id)
	target = proc
	kind = kind_of (proc)
	arm ()
end

-- after the chosen plugin was removed: whether the same plugin (the same
-- unique ID) is now where "Plugin" points, put back or replaced by itself
local function put_back (ctrl)
	local route = self:route ()
	if route:isnil () then return false end
	local i = scan (route)
	if not i then return false end
	local proc = route:nth_plugin (i + math.floor (ctrl[PLUGIN] + 0.5))
	return not proc:isnil () and kind_of (proc) == kind
end

-- the plugin kept in the session (a reopened session): found by its ID, on
-- this plugin's own route (a copy of this plugin on another route does not
-- take it over)
local function recall (ctrl)
	forget_target ()
	kind = nil
	local id = ctrl[ID_HI] * 16777216 + ctrl[ID_LO]
	if id < 1 then return end
	target_id = string.format ("%.0f", id)
	local route = self:route ()
	if route:isnil () then return end
	scan (route)
	local i = 0
	while true do
		local proc = route:nth_plugin (i)
		if proc:isnil () then break end
		if proc:to_stateful ():id ():to_s () == target_id then
			id_obj = PBD.ID (target_id)
			target = proc
			kind = kind_of (proc)
			arm ()
			return
		end
		i = i + 1
	end
	target_id = "removed"
end

-- the parameter: the wanted-th control input of the target
local function find_parameter (p, wanted)
	param, param_n, desc = nil, nil, nil
	local pl = p:to_insert ():plugin (0)
	local inputs, n = 0, 0
	while n < 1024 do
		local port, ok = pl:nth_parameter (n, true)
		if not ok[2] then return end
		if pl:parameter_is_control (port) and pl:parameter_is_input (port) then
			if inputs == wanted then
				param = Evoral.Parameter (ARDOUR.AutomationType.PluginAutomation, 0, port)
				local ac = control_of (p)
				if not ac then param = nil return end
				param_n, desc = n, scale_of (ac)
				publish_names (p:display_name (), pl:parameter_label (port))
				return
			end
			inputs = inputs + 1
		end
		n = n + 1
	end
end

-- whether a modulator made before this one drives the same parameter of
-- the same plugin now: then this one waits (an elder found during a cycle
-- is on a route, its controls valid, as for the target in alive ())
local function outranked (wanted)
	walked = true
	local mine = tonumber (target_id)
	for _, pid in ipairs (elders) do
		local q = Session:processor_by_id (pid)
		if not q:isnil () then
			local function get (c) return ARDOUR.LuaAPI.get_processor_param (q, c - 1) end
			if get (STATUS) == MODULATING and get (ID_HI) * 16777216 + get (ID_LO) == mine
				and math.floor (get (PARAMETER) + 0.5) == wanted then
				return true
			end
		end
	end
	return false
end

local function show (ctrl, s, value)
	status = s
	ctrl[STATUS] = s
	local shm = self:shmem ()
	shm:atomic_set_int (SHM_STATUS, s)
	local f = shm:to_float (0):array ()
	if desc then
		f[SHM_LO + 1] = ctrl[AT_LO] / 100
		f[SHM_HI + 1] = ctrl[AT_HI] / 100
		if value then
			f[SHM_POS + 1] = to_knob (desc, value)
			f[SHM_VALUE + 1] = value
		end
		f[SHM_USER + 1] = user and to_knob (desc, user) or -1
	end
end

local function cycle (ins, outs, n_samples)
	for c = 1, #outs do
		if c <= #ins and not ins[c]:sameinstance (outs[c]) then
			ARDOUR.DSP.copy_vector (outs[c], ins[c], n_samples)
		end
	end
	local ctrl = CtrlPorts:array ()
	draw_countdown = draw_countdown - n_samples
	if draw_countdown <= 0 then
		draw_countdown = rate / 25 -- the display at most 25 times a second
		self:queue_draw ()
	end

	if rescan then
		rescan = false
		sidechain = 0
		local route = self:route ()
		if not route:isnil () then
			local _, pi = scan (route)
			if pi and pi:has_sidechain () then
				sidechain = pi:sidechain_input ():n_ports ():n_audio ()
			end
		end
	end
	local ch = math.floor (ctrl[CHANNEL] + 0.5)
	if not (ch >= 1) then ch = 1 end

	-- the noise: the cycle's first sample of the chosen sidechain channel;
	-- a sidechain silent for 50 ms has no noise (unwired, Perlin Noise
	-- removed or bypassed)
	local v
	if sidechain >= 1 and #ins >= sidechain then
		if ch > sidechain then ch = sidechain end
		local buf = ins[#ins - sidechain + ch]
		if ARDOUR.DSP.compute_peak (buf, n_samples, 0) > 0 then
			silent = 0
		else
			silent = silent + n_samples
		end
		if silent < 0.05 * rate then
			v = buf:array ()[1]
			if not (v >= -1) then v = -1 elseif v > 1 then v = 1 end -- NaN too
			ctrl[NOISE] = v
		end
	elseif sidechain == 0 then
		-- no sidechain: the Level output of the Perlin Noise before this
		-- plugin, written by it this cycle; none (removed, or none yet) is
		-- looked for again every 100 ms, one switched off gives no noise
		local q = noise and Session:processor_by_id (noise_id)
		if noise and q:isnil () then adopt_noise (nil) end
		if not noise then
			noise_countdown = noise_countdown - n_samples
			if noise_countdown <= 0 then
				noise_countdown = 0.1 * rate
				local route = self:route ()
				if not route:isnil () then scan (route) end
				q = noise and Session:processor_by_id (noise_id)
			end
		end
		if noise and q and not q:isnil () and q:active () and #noise_levels > 0 then
			v = ARDOUR.LuaAPI.get_processor_param (q, noise_levels[math.min (ch, #noise_levels)])
			if not (v >= -1) then v = -1 elseif v > 1 then v = 1 end -- NaN too
			ctrl[NOISE] = v
		end
	end

	-- which plugin: chosen again when "Plugin" changes, else the one kept
	local chosen = math.floor (ctrl[PLUGIN] + 0.5)
	local turned = tried ~= nil and chosen ~= tried -- "Plugin" set by the user
	tried = chosen
	if not turned and target_id == "removed" and kind then
		-- the same plugin put back where "Plugin" points: taken up again
		kind_countdown = kind_countdown - n_samples
		if kind_countdown <= 0 then
			kind_countdown = 0.1 * rate
			turned = put_back (ctrl)
		end
	end
	if turned or ctrl[CHOSEN] ~= chosen then
		give_back ()
		countdown = countdown - n_samples
		if countdown <= 0 or turned then
			choose (ctrl)
			countdown = target and 0 or rate -- nothing there: again in 1 s
		end
	elseif not target_id and ctrl[ID_HI] * 16777216 + ctrl[ID_LO] >= 1 then
		recall (ctrl)
		if ctrl[HELD] > 0.5 then user, user_n = ctrl[USER], ctrl[USER_PARAM] end
	end

	local p = target and alive ()
	if target and not p then
		-- removed: modulation stops, nothing else is touched
		forget_target ()
		user, written = nil, nil
		keep ({ [HELD] = 0 })
		target_id = "removed"
	end
	if not p then
		show (ctrl, target_id == "removed" and REMOVED or NO_TARGET)
		return
	end

	local wanted = math.floor (ctrl[PARAMETER] + 0.5)
	if param_wanted ~= wanted then
		if param_n ~= nil then give_back () end
		param_wanted = wanted
		find_parameter (p, wanted)
	end
	local ac = param_n and control_of (p)
	if not ac then show (ctrl, NO_PARAMETER) return end

	local rolling = Session:transport_rolling () or ctrl[STOPPED] > 0.5
	local s = MODULATING
	if ctrl[ENABLE] < 0.5 then s = OFF
	elseif v == nil then s = NO_SIGNAL
	elseif not rolling then s = RESTING
	elseif #elders > 0 then
		-- an elder that drives the parameter: looked up every 50 ms, and in
		-- the first two cycles of a start (an elder after this one on the
		-- strip shows its new status a cycle late)
		elder_countdown = elder_countdown - n_samples
		if status ~= MODULATING and status ~= WAITING then settle = 2 end
		if elder_countdown <= 0 or settle > 0 then
			settle = math.max (0, settle - 1)
			elder_countdown = rate / 20
			waiting = outranked (wanted)
		end
		if waiting then s = WAITING end
	end

	if s ~= MODULATING then
		if user ~= nil then give_back () end
		ctrl[VALUE] = ac:get_value ()
		show (ctrl, s, ctrl[VALUE])
	else
		local now = ac:get_value ()
		if user == nil or user_n ~= param_n then
			user, user_n = now, param_n
			keep ({ [USER] = user, [USER_PARAM] = param_n, [HELD] = 1 })
		elseif written ~= nil and now ~= written then
			-- moved by the user (or a preset) while modulated: their new value
			user = now
			keep ({ [USER] = user })
		end
		local a, b = ctrl[AT_LO] / 100, ctrl[AT_HI] / 100
		ac:set_value (from_knob (desc, a + (v + 1) * 0.5 * (b - a)), PBD.GroupControlDisposition.NoGroup)
		written = ac:get_value ()
		ctrl[VALUE] = written
		show (ctrl, s, written)
	end
end

function dsp_run (ins, outs, n_samples)
	cycle (ins, outs, n_samples)
	-- Every processor this cycle took from a route (a walk, a look-up of an
	-- elder) goes now, while the route still holds it: one removed later
	-- must not have its last reference here, as Lua collects in the process
	-- thread and a plugin destroyed there waits for the engine's process
	-- lock, which the cycle holds (Ardour hangs). The target is held in
	-- `target` or `grave`, never let go here.
	if walked then
		walked = false
		collectgarbage ()
	end
end

-------------------------------------------------------------------------------
-- inline display (the GUI thread): the plugin, the parameter, a bar with
-- the modulation range (At -1 .. At +1), the user's value and the value now

local txt
local function names ()
	local shm = self:shmem ()
	for _ = 1, 3 do
		local seq = shm:atomic_get_int (SHM_SEQ)
		if seq % 2 == 0 then
			local a = shm:to_int (SHM_NAMES):array ()
			local out = {}
			for k = 1, 2 do
				local chars = {}
				for j = 1, NAME_LEN - 1 do
					local c = a[(k - 1) * NAME_LEN + j]
					if not c or c <= 0 or c > 255 then break end
					chars[#chars + 1] = string.char (c)
				end
				out[k] = table.concat (chars)
			end
			if shm:atomic_get_int (SHM_SEQ) == seq then return out[1], out[2] end
		end
	end
	return "", ""
end

function render_inline (ctx, w, max_h)
	if not txt then txt = Cairo.PangoLayout (ctx, "Sans 9px") end
	local shm = self:shmem ()
	local st = shm:atomic_get_int (SHM_STATUS)
	local f = shm:to_float (0):array ()
	local plugin_name, parameter_name = names ()
	local line = 11
	local h = math.min (max_h, 3 * line + 10)
	ctx:rectangle (0, 0, w, h)
	ctx:set_source_rgba (.1, .1, .1, 1)
	ctx:fill ()

	-- a narrow strip (60 px) shows the start of each line, ellipsized
	txt:set_width (w - 6)
	if Cairo.EllipsizeMode then txt:set_ellipsize (Cairo.EllipsizeMode.End) end
	local function text (s, y, r, g, b)
		txt:set_text (s)
		ctx:set_source_rgba (r, g, b, 1)
		ctx:move_to (3, y)
		txt:show_in_cairo_context (ctx)
	end
	local ok = st == MODULATING or st == RESTING or st == OFF or st == WAITING
	text (plugin_name ~= "" and plugin_name or "(no plugin chosen)", 1, .9, .9, .9)
	if ok then
		-- the value first: it stays readable when the line is cut short
		text (string.format ("%.4g  %s%s", f[SHM_VALUE + 1], parameter_name,
			st == MODULATING and "" or " (" .. STATUS_TEXT[st] .. ")"), 1 + line, .8, .8, .5)
	else
		text (STATUS_TEXT[st] or "", 1 + line, 1, .45, .35)
	end
	if h < 3 * line + 4 then return { w, h } end

	-- the knob's travel: the modulation range, the user's value, the value now
	local y, bh, x0, bw = 2 * line + 5, math.max (4, h - 2 * line - 8), 3, w - 6
	ctx:rectangle (x0, y, bw, bh)
	ctx:set_source_rgba (.25, .25, .25, 1)
	ctx:fill ()
	local lo, hi = f[SHM_LO + 1], f[SHM_HI + 1]
	if lo > hi then lo, hi = hi, lo end
	ctx:rectangle (x0 + lo * bw, y, math.max (1, (hi - lo) * bw), bh)
	ctx:set_source_rgba (.2, .35, .5, 1)
	ctx:fill ()
	local u = f[SHM_USER + 1]
	if u >= 0 then
		ctx:rectangle (x0 + u * bw - 0.5, y - 1, 1, bh + 2)
		ctx:set_source_rgba (.9, .9, .9, 1)
		ctx:fill ()
	end
	if st == MODULATING then
		ctx:rectangle (x0 + f[SHM_POS + 1] * bw - 1.5, y, 3, bh)
		ctx:set_source_rgba (1, .75, .2, 1)
		ctx:fill ()
	end
	return { w, h }
end
