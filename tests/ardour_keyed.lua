-- ardour_keyed.lua: run by ardour7-lua or ardour8-lua (headless, Dummy backend)
-- from tests/test_ardour.sh. A MIDI track with "Perlin Noise Keyed" as its
-- instrument, a MIDI region of 8 notes (trigger mode Restart, the default), the
-- master exported twice as 32-bit float WAV (keyed1.wav, keyed2.wav in
-- $PERLIN_OUT). Prints "perlin: note FRAME" for each note, the frame Ardour's
-- tempo map puts it at.
--
-- Ardour 7.3's Lua has no constructor for a MIDI source or region: bouncing
-- the empty track makes a region, and the notes go into its model.
-- Settings: PERLIN_OUT (folder), PERLIN_SESSION (folder for the session),
-- PERLIN_PRESET (export preset id).
-- Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).

local out = assert(os.getenv("PERLIN_OUT"), "PERLIN_OUT")
local dir = assert(os.getenv("PERLIN_SESSION"), "PERLIN_SESSION")
local preset = assert(os.getenv("PERLIN_PRESET"), "PERLIN_PRESET")
local sr = 48000
local lib = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "ardour_lib.lua")
local seconds = 10

AudioEngine:set_backend("None (Dummy)", "", "")
s = assert(create_session(dir, "keyed", sr), "cannot create a session")

track = lib.midi_track(s, "Keyed"):to_track()
plugin = lib.add_lv2(s, s:route_by_name("Keyed"), "urn:perlin-lv2:perlin-keyed")
local function set(index, value)
	assert(ARDOUR.LuaAPI.set_processor_param(plugin, index, value), "cannot set port " .. index)
end
set(0, 3) -- rate, cells/s
set(1, 5) -- octaves
set(4, 5) -- seed

-- the region: 8 notes at beats 1 .. 15 (120 bpm: 0.5 s a beat), odd gaps
-- and ticks (1920 a beat) so that they fall anywhere in a process cycle
region = track:bounce_range(0, seconds * sr, ARDOUR.InterThreadInfo(), ARDOUR.LuaAPI.nil_proc(),
	false, "notes")
assert(not region:isnil(), "bounce_range gave no region")
local model = region:to_midiregion():model()
local cmd = model:new_note_diff_command("notes")
local at = { { 1, 0 }, { 3, 77 }, { 5, 310 }, { 7, 1001 }, { 9, 1500 }, { 11, 1919 }, { 13, 642 }, { 15, 8 } }
for i, b in ipairs(at) do
	cmd:add(ARDOUR.LuaAPI.new_noteptr(1, Temporal.Beats(b[1], b[2]), Temporal.Beats(0, 480), 59 + i, 100))
end
model:apply_command(s, cmd)
track:playlist():add_region(region, Temporal.timepos_t(0), 1, false)
local tm = Temporal.TempoMap.read()
for _, b in ipairs(at) do
	print(string.format("perlin: note %d", tm:sample_at_beats(Temporal.Beats(b[1], b[2]))))
end
io.stdout:flush() -- (a crash later must not lose them)

lib.export(s, preset, out, "keyed1", 0, seconds * sr)
lib.export(s, preset, out, "keyed2", 0, seconds * sr)
track, region, model, cmd, tm, plugin, s = nil, nil, nil, nil, nil, nil, nil
collectgarbage()
close_session()
