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

# gui_start OUT DISPLAY NAME: a dummy JACK server and Xvfb on DISPLAY, the
# session OUT/session/NAME.ardour built by OUT/build.lua (ardour7-lua),
# then Ardour's GUI on it; waits (90 s at most) for the editor's window,
# pressing Return each second for a warning (locked memory) that may come
# first, then for Ardour's JACK client. Sets JACK, XVFB and ARDOUR (their
# PIDs) and WIN (the window, or empty). On a busy machine (load 11-19) a
# jackd without realtime, with its default client timeout, dropped Ardour
# before Play: it runs realtime where the machine allows it, and waits
# 10 s for a late client before it drops one. The server has a name of its
# own (libjack reads JACK_DEFAULT_SERVER): on the default one, another
# host's probe (Ardour 8's, from its chroot) sent requests this jackd could
# not read ("Unknown request" in its log) and it closed.
gui_start() {
	export XDG_CONFIG_HOME="$1/cfg" LV2_PATH="$1/lv2:/usr/lib/lv2"
	export JACK_DEFAULT_SERVER="perlin-gui-$$"
	_rt=--no-realtime
	chrt -f 10 true 2> /dev/null && _rt="--realtime -P 70"
	# shellcheck disable=SC2086 # the options, split on purpose
	jackd $_rt -t 10000 -n "$JACK_DEFAULT_SERVER" -d dummy -r 48000 -p 1024 > "$1/jackd.log" 2>&1 &
	JACK=$!
	Xvfb "$2" -screen 0 1600x1000x24 > "$1/xvfb.log" 2>&1 &
	XVFB=$!
	jack_wait -w -t 30 > /dev/null 2>&1
	for _ in $(seq 60); do
		DISPLAY=$2 xdotool getdisplaygeometry > /dev/null 2>&1 && break
		sleep 0.5
	done
	PERLIN_SESSION="$1/session" timeout 120 ardour7-lua "$1/build.lua" > "$1/build.log" 2>&1
	ulimit -l unlimited 2> /dev/null # no warning about locked memory, where allowed
	DISPLAY=$2 ARDOUR_TRY_AUTOSTART_ENGINE=1 timeout 300 ardour -n -a "$1/session/$3.ardour" \
		> "$1/ardour.log" 2>&1 &
	ARDOUR=$!
	WIN=
	for _ in $(seq 90); do
		sleep 1
		DISPLAY=$2 xdotool key Return 2> /dev/null
		WIN=$(DISPLAY=$2 xdotool search --name "^$3 - Ardour" 2> /dev/null | head -1)
		[ -n "$WIN" ] && break
	done
	for _ in $(seq 60); do
		jack_lsp 2> /dev/null | grep -q '^ardour:' && break
		sleep 0.5
	done
	sleep 3
}
