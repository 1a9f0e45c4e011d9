-- ardour_lib.lua: for the Ardour test scripts (dofile; it returns a table).
-- Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
local lib = {}

-- every line out as it is printed: Ardour 8's ardour8-lua often aborts at
-- exit ("exception not rethrown"), and a buffered line would go with it
-- (the x4 automation's points, lost 10 tries of 10 at load 12)
io.stdout:setvbuf("line")

-- an editor action script (plugin/ardour/perlin-automate.lua) loaded as
-- Ardour loads it, its ardour {} header a call, with the session given as
-- Session. Returns the script's environment: env.factory(params)() runs it.
function lib.load_action(path, session)
	local f = assert(io.open(path, "r"), "cannot read " .. path)
	local text = f:read("a")
	f:close()
	local env = setmetatable({ ardour = function() end, Session = session }, { __index = _G })
	assert(load(text, "perlin-automate", "t", env))()
	return env
end

-- the LV2 plugin `uri` (with its preset named `preset`, if given) put
-- first on `route`; returns it
function lib.add_lv2(s, route, uri, preset)
	local plugin = ARDOUR.LuaAPI.new_plugin(s, uri, ARDOUR.PluginType.LV2, preset or "")
	assert(not plugin:isnil(), "Ardour cannot load " .. uri)
	assert(route:add_processor_by_index(plugin, 0, nil, true) == 0, "cannot add " .. uri)
	return plugin
end

-- Routes are taken by name: RouteList:front() would hand out a reference
-- into a list that the garbage collector frees.

-- a new bus `name` (`ins` inputs, `outs` outputs) with the LV2 plugin `uri`
-- first on it. Returns the bus and the plugin.
function lib.bus_with(s, name, ins, outs, uri)
	s:new_audio_route(ins, outs, nil, 1, name, ARDOUR.PresentationInfo.Flag.AudioBus,
		ARDOUR.PresentationInfo.max_order)
	local bus = assert(s:route_by_name(name), "no route " .. name)
	return bus, lib.add_lv2(s, bus, uri)
end

-- a new MIDI track `name` (one MIDI input, two audio outputs); returns it
-- as a route
function lib.midi_track(s, name)
	local MIDI, AUDIO = ARDOUR.DataType("midi"), ARDOUR.DataType("audio")
	s:new_midi_track(ARDOUR.ChanCount(MIDI, 1), ARDOUR.ChanCount(AUDIO, 2), false,
		ARDOUR.PluginInfo(), nil, nil, 1, name, ARDOUR.PresentationInfo.max_order,
		ARDOUR.TrackMode.Normal, true, false)
	return assert(s:route_by_name(name), "no route " .. name)
end

-- the master exported as `name`.wav into the folder `out` (export preset
-- `preset`), samples `from` to `to`, unless that file is there already:
-- Ardour 7.3 crashes around exports now and then, and the tests run a
-- script again for what is missing (removing a file cut short first), so
-- a test's exports may come from different processes. True if exported.
function lib.export(s, preset, out, name, from, to)
	local f = io.open(out .. "/" .. name .. ".wav", "r")
	if f then
		f:close()
		return false
	end
	local e = s:simple_export()
	assert(e:set_preset(preset), "no export preset " .. preset)
	e:set_folder(out)
	e:set_name(name)
	e:set_range(from, to)
	assert(e:run_export(), "export " .. name .. " failed")
	print("perlin: exported " .. name)
	io.stdout:flush()
	return true
end

return lib
