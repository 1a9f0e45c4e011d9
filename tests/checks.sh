# checks.sh: what the host test scripts share (sourced by tests/test_hosts.sh
# and tests/test_ardour_modulator.sh; they set pass=0 fail=0 first).
# tests/test_checks.sh shows that a missing figure fails every comparison.
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).

ok() { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
# check DESCRIPTION COMMAND...: pass if the command succeeds (its own
# variable name: a plain d clobbered the callers' d, and test_hosts.sh's
# next check then compared the description, which the old le read as 0)
check() { check_what=$1; shift; if "$@"; then ok "$check_what"; else bad "$check_what"; fi; }
# figure FILE-OF-KEY-VALUE-LINES KEY
figure() { awk -v k="$2" '$1 == k { print $2; exit }' "$1"; }
# number X: X is a finite decimal number (an empty, missing or non-numeric
# figure, "nan" or "inf" is not, so no comparison can pass on it)
number() {
	awk -v x="$1" 'BEGIN { exit !(x ~ /^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$/) }'
}
# comparisons of two (lt, le) or three (between) decimal numbers: false
# unless every operand is there and a number
lt() { [ $# -eq 2 ] && number "$1" && number "$2" &&
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0) }'; }
le() { [ $# -eq 2 ] && number "$1" && number "$2" &&
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 <= b + 0) }'; }
between() { [ $# -eq 3 ] && number "$1" && number "$2" && number "$3" &&
	awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x + 0 > lo + 0 && x + 0 < hi + 0) }'; }
# scaled FACTOR X: FACTOR times the figure X; nothing when X is not a number,
# so a bound derived from a missing figure is missing too
scaled() { number "$2" && awk -v k="$1" -v x="$2" 'BEGIN { print k * x }'; }
# The Ardour the host tests drive: ARDOUR=ardour7 (Debian 12's 7.3, the
# default) or ardour8 (Debian 13's 8.12, make test-ardour8): its headless
# Lua interpreter is $ARDOUR-lua, its configuration $XDG_CONFIG_HOME/$ARDOUR.
ARDOUR=${ARDOUR:-ardour7}
# float_preset CONFIG_DIR: an Ardour export preset, ID ARDOUR_PRESET, for
# 32-bit float WAV (Debian's "BWAV 32float Export" format), under
# CONFIG_DIR/$ARDOUR/export (CONFIG_DIR: the XDG_CONFIG_HOME Ardour gets)
ARDOUR_PRESET=9b0c6a44-2f0e-4a1c-9d5e-70e1c0de0f32
# the General MIDI soundfont of the Perlin Noise MIDI test (timgm6mb-soundfont)
SOUNDFONT=/usr/share/sounds/sf2/TimGM6mb.sf2
float_preset() {
	mkdir -p "$1/$ARDOUR/export"
	cat > "$1/$ARDOUR/export/perlin-float.preset" <<- EOF
		<?xml version="1.0" encoding="UTF-8"?>
		<ExportPreset id="$ARDOUR_PRESET" name="perlin.lv2 float WAV">
		  <ExportFormat id="20b4ab09-6452-4cb3-bd66-b921cdbd2942"/>
		</ExportPreset>
	EOF
}
