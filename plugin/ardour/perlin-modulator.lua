ardour {
	["type"]    = "dsp",
	name        = "Perlin Modulator",
	category    = "Utility",
	license     = "ISC",
	author      = "perlin.lv2",
	description = [[Modulates a parameter of a plugin on the same track or bus
with "Perlin Noise", live and in exports. Put it before the plugin to
modulate, give it a sidechain input (its Pin Connections: "Sidechain",
then connect the sidechain to the route that holds Perlin Noise) and
choose the plugin ("Plugin": 1 = the next one after this) and its
parameter ("Parameter": 0 = its first control input). With "Perlin Noise
x4" on a four-channel bus, give the sidechain four channels, connect them
to the bus's four outputs (its output ports, with the bus's panner
bypassed: a send would pan them together) and choose the output that
drives this parameter ("Sidechain channel": 1 to 4); one modulator per
parameter. Each process cycle
it reads the noise at the cycle's first sample and sets the parameter:
noise -1 gives "At -1", +1 gives "At +1" (in percent of the parameter's
range), linearly in between. The audio passes through unchanged.]]
}

function dsp_ioconfig ()
	-- the route's channels pass through; a sidechain adds one input more
	return { { audio_in = -1, audio_out = -1 } }
end

function dsp_params ()
	return {
		{ ["type"] = "input", name = "Plugin", min = 1, max = 16, default = 1, integer = true,
			doc = "Which plugin after this one to modulate (1: the next one)" },
		{ ["type"] = "input", name = "Parameter", min = 0, max = 255, default = 0, integer = true,
			doc = "Its control input, counted from 0" },
		{ ["type"] = "input", name = "At -1", min = 0, max = 100, default = 0, unit = "%",
			doc = "The parameter's value at noise -1, in percent of its range" },
		{ ["type"] = "input", name = "At +1", min = 0, max = 100, default = 100, unit = "%",
			doc = "The parameter's value at noise +1, in percent of its range" },
		{ ["type"] = "output", name = "Noise", min = -1, max = 1,
			doc = "The noise value last read" },
		{ ["type"] = "input", name = "Sidechain channel", min = 1, max = 16, default = 1, integer = true,
			doc = "Which sidechain channel carries the noise (Perlin Noise x4: its output 1 to 4)" },
	}
end

local target      -- the Processor to modulate
local which       -- its control number (as ARDOUR.LuaAPI counts them)
local lower, upper = 0, 1 -- its range
local sidechain = 0 -- the sidechain's channels (the last inputs)
local key = ""    -- the settings the look-up was made for
local countdown = 0
local rate = 48000

function dsp_init (sr)
	rate = sr
end

-- this plugin's own insert on its route, and its index among the plugins
local function find_self (route)
	local me = self:id ():to_s ()
	local i = 0
	while true do
		local proc = route:nth_plugin (i)
		if proc:isnil () then return nil end
		local pi = proc:to_insert ()
		if not pi:isnil () and pi:plugin (0):id ():to_s () == me then
			return i, pi
		end
		i = i + 1
	end
end

local function look_up (ctrl)
	target, which, sidechain = nil, nil, 0
	local route = self:route ()
	if route == nil or route:isnil () then return end
	local i, pi = find_self (route)
	if not i then return end
	if pi:has_sidechain () then
		sidechain = pi:sidechain_input ():n_ports ():n_audio ()
	end
	local proc = route:nth_plugin (i + math.floor (ctrl[1] + 0.5))
	if proc:isnil () then return end
	local pl = proc:to_insert ():plugin (0)
	local wanted = math.floor (ctrl[2] + 0.5)
	local inputs, n = 0, 0
	while n < 1024 do
		local port, ok = pl:nth_parameter (n, true)
		if not ok[2] then return end
		if pl:parameter_is_control (port) and pl:parameter_is_input (port) then
			if inputs == wanted then break end
			inputs = inputs + 1
		end
		n = n + 1
	end
	if n >= 1024 then return end
	local _, _, pd = ARDOUR.LuaAPI.plugin_automation (proc, n)
	if pd == nil then return end
	target, which, lower, upper = proc, n, pd.lower, pd.upper
end

function dsp_run (ins, outs, n_samples)
	for c = 1, #outs do
		if c <= #ins and ins[c] ~= outs[c] then
			ARDOUR.DSP.copy_vector (outs[c], ins[c], n_samples)
		end
	end
	local ctrl = CtrlPorts:array ()
	local k = string.format ("%d/%d", math.floor (ctrl[1] + 0.5), math.floor (ctrl[2] + 0.5))
	countdown = countdown - n_samples
	if countdown <= 0 or k ~= key then
		countdown = rate
		key = k
		look_up (ctrl)
	end
	if sidechain < 1 or #ins < sidechain then return end -- nothing to follow
	local ch = math.floor (ctrl[6] + 0.5)
	if not (ch >= 1) then ch = 1 elseif ch > sidechain then ch = sidechain end
	local v = ins[#ins - sidechain + ch]:array ()[1]
	if not (v >= -1) then v = -1 elseif v > 1 then v = 1 end -- NaN too
	ctrl[5] = v
	if not target then return end
	local a = lower + (upper - lower) * ctrl[3] / 100
	local b = lower + (upper - lower) * ctrl[4] / 100
	ARDOUR.LuaAPI.set_processor_param (target, which, a + (v + 1) * 0.5 * (b - a))
end
