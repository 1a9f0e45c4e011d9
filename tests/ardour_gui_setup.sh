# ardour_gui_setup.sh: sourced by tests/ardour_gui.sh and
# tests/ardour_dialog.sh (by hand, Ardour 7's GUI under Xvfb). gui_setup
# OUT BUILD_DIR SCRIPT...: a fresh OUT with the bundle (OUT/lv2), those of
# plugin/ardour/'s scripts (OUT/cfg/ardour7/scripts) and a config (OUT/cfg/ardour7: no first-run wizard, no announcements, the
# JACK engine started at once, 48 kHz, 1024 frames).
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
gui_setup() {
	rm -rf "$1"
	mkdir -p "$1/cfg/ardour7/scripts" "$1/lv2"
	cp -r "$2/perlin.lv2" "$1/lv2/"
	_out=$1
	shift 2
	for _s in "$@"; do
		cp "$(dirname "$0")/../plugin/ardour/$_s" "$_out/cfg/ardour7/scripts/"
	done
	set -- "$_out"
	touch "$1/cfg/ardour7/.a7"
	cat > "$1/cfg/ardour7/config" <<- EOF
		<?xml version="1.0" encoding="UTF-8"?>
		<Ardour>
		  <Config>
		    <Option name="try-autostart-engine" value="1"/>
		    <Option name="check-announcements" value="0"/>
		  </Config>
		  <Extra>
		    <AudioMIDISetup>
		      <EngineStates>
		        <State backend="JACK" driver="" device="" input-device="" output-device="" sample-rate="48000" buffer-size="1024" n-periods="2" input-latency="0" output-latency="0" lm-input="" lm-output="" active="1" use-buffered-io="0" midi-option="" lru="1"/>
		      </EngineStates>
		    </AudioMIDISetup>
		  </Extra>
		</Ardour>
	EOF
}
