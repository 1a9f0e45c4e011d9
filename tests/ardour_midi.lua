-- ardour_midi.lua: run by ardour7-lua or ardour8-lua (headless, Dummy backend)
-- from tests/test_ardour.sh. A MIDI track: "Perlin Noise MIDI" sending lane 1
-- as a controller (PERLIN_CC: 7 volume or 11 expression) into ACE Fluid Synth
-- with a General MIDI soundfont (the preset perlin-test-gm, which
-- test_ardour.sh writes), the Church Organ (program 19: it sustains), reverb
-- and chorus off. Two notes from a MIDI region: 0 to 4 s and 5 to 10 s. The
-- master is exported as 32-bit float WAV into $PERLIN_OUT: 0-1 s first
-- (warm.wav: the synth's first notes since its soundfont and program were set
-- sound different from later ones, by 0.011 with Perlin Noise MIDI's lanes all
-- off: fluidsynth's state, not ours), then by default 0-10 s twice (midi1.wav,
-- midi2.wav) and 5-10 s (midi-part.wav).
--
-- Settings: PERLIN_OUT (folder), PERLIN_SESSION (folder for the session),
-- PERLIN_PRESET (export preset id), PERLIN_CC (the controller),
-- PERLIN_EXPORTS (below), PERLIN_SOURCE=notes (no Perlin Noise MIDI: the
-- region also holds a short note every 25 ms on channel 2, a MIDI stream
-- of Ardour's own as dense as the plugin's: the control run for Ardour's
-- "it's too late for this event" lines).
-- Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).

local out = assert(os.getenv("PERLIN_OUT"), "PERLIN_OUT")
local dir = assert(os.getenv("PERLIN_SESSION"), "PERLIN_SESSION")
local preset = assert(os.getenv("PERLIN_PRESET"), "PERLIN_PRESET")
local cc = tonumber(os.getenv("PERLIN_CC") or "7")
local sr = 48000
local lib = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "ardour_lib.lua")
local seconds = 10

AudioEngine:set_backend("None (Dummy)", "", "")
s = assert(create_session(dir, "midi", sr), "cannot create a session")

track = lib.midi_track(s, "Synth"):to_track()
synth = lib.add_lv2(s, s:route_by_name("Synth"), "urn:ardour:a-fluidsynth", "perlin-test-gm")
assert(synth:to_insert():plugin(0):last_preset().label == "perlin-test-gm",
	"the soundfont preset did not load")
local control = os.getenv("PERLIN_SOURCE") == "notes"
if not control then
	plugin = lib.add_lv2(s, s:route_by_name("Synth"), "urn:perlin-lv2:perlin-midi") -- (before it)
end
-- set_processor_param counts control ports (inputs and outputs), not
-- port indices: the number of LV2 port `index` among them
local function set(p, index, value)
	local pl, n = p:to_insert():plugin(0), 0
	for i = 0, index - 1 do
		if pl:parameter_is_control(i) then
			n = n + 1
		end
	end
	assert(pl:parameter_is_control(index) and pl:parameter_is_input(index), "no control " .. index)
	assert(ARDOUR.LuaAPI.set_processor_param(p, n, value), "cannot set port " .. index)
end
if not control then
	set(plugin, 0, 2)    -- rate, cells/s
	set(plugin, 1, 4)    -- octaves
	set(plugin, 4, 5)    -- seed
	set(plugin, 8, 0.5)  -- depth: lane 1 over half the range ...
	set(plugin, 9, 0.5)  -- offset: ... the upper half (CC 64..127)
	set(plugin, 26, 0)   -- trigger Off: the notes leave the noise alone
	set(plugin, 30, cc)  -- lane 1's controller (cc_1)
end
set(synth, 5, 0)     -- reverb off
set(synth, 10, 0)    -- chorus off

-- the Church Organ on channel 1, sent into the track (through Perlin
-- Noise MIDI, whose thru passes it to the synth) once the synth has run
-- for a while and loaded the soundfont (a program change before is lost)
ARDOUR.LuaAPI.usleep(2000000)
local parser = ARDOUR.RawMidiParser()
parser:process_byte(0xc0)
assert(parser:process_byte(19), "the program change")
assert(track:to_midi_track():write_immediate_event(Evoral.EventType.MIDI_EVENT,
	parser:buffer_size(), parser:midi_buffer()), "cannot send the program change")
ARDOUR.LuaAPI.usleep(500000)

-- the region (Ardour 7.3's Lua makes one by bouncing the empty track):
-- two notes on channel 1 (0 here), at 120 BPM 0.5 s a beat
region = track:bounce_range(0, seconds * sr, ARDOUR.InterThreadInfo(), ARDOUR.LuaAPI.nil_proc(),
	false, "notes")
assert(not region:isnil(), "bounce_range gave no region")
local model = region:to_midiregion():model()
local cmd = model:new_note_diff_command("notes")
cmd:add(ARDOUR.LuaAPI.new_noteptr(0, Temporal.Beats(0, 0), Temporal.Beats(8, 0), 60, 100))
cmd:add(ARDOUR.LuaAPI.new_noteptr(0, Temporal.Beats(10, 0), Temporal.Beats(10, 0), 60, 100))
if control then
	for i = 0, 399 do -- every 0.05 beat (96 ticks), 0.02 beat long
		local at = i * 96
		cmd:add(ARDOUR.LuaAPI.new_noteptr(1, Temporal.Beats(at // 1920, at % 1920), Temporal.Beats(0, 38), 72, 60))
	end
end
model:apply_command(s, cmd)
track:playlist():add_region(region, Temporal.timepos_t(0), 1, false)

-- the exports: a warm-up, then those of PERLIN_EXPORTS (NAME:FROM, ...;
-- from FROM seconds to the end) not already in the folder (Ardour 7.3
-- crashes around exports now and then: the test runs this script again
-- for what is missing, so the exports may come from different processes)
os.remove(out .. "/warm.wav")
lib.export(s, preset, out, "warm", 0, sr)
for spec in string.gmatch(os.getenv("PERLIN_EXPORTS") or "midi1:0,midi2:0,midi-part:5", "[^,]+") do
	local name, from = spec:match("^([%w-]+):(%d+)$")
	assert(name, "PERLIN_EXPORTS: " .. spec)
	lib.export(s, preset, out, name, tonumber(from) * sr, seconds * sr)
end
track, region, model, cmd, synth, plugin, parser, s = nil, nil, nil, nil, nil, nil, nil, nil
collectgarbage()
close_session()
