#!/bin/sh
# test_install_user.sh: where make install-user puts the Ardour scripts
# (plugin/ardour/script-dirs.sh), for the Ardour versions a machine has:
# Ardour programs faked on PATH, configuration folders in a scratch
# XDG_CONFIG_HOME; then install-user and uninstall-user in a scratch HOME
# (every file there, then none, and no folder left that was not there),
# and uninstall of a staged install removing the script folders it made.
# Usage: tests/test_install_user.sh BUILD_DIR (after make all). Ends with
# "N passed, N failed".
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
B=$(cd "$1" && pwd)
T=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$T/.." && pwd)
W=$B/install-user
pass=0
fail=0
. "$T/checks.sh"
rm -rf "$W"
mkdir -p "$W"

# dirs_for CASE "ARDOURS ON PATH" "FOLDERS THAT EXIST": script-dirs.sh's
# folders (relative to the configuration folder) and its notes
dirs_for() {
	c=$W/$1
	mkdir -p "$c/bin" "$c/cfg"
	for n in $2; do printf '#!/bin/sh\n' > "$c/bin/ardour$n"; chmod +x "$c/bin/ardour$n"; done
	for n in $3; do mkdir -p "$c/cfg/ardour$n"; done
	PATH=$c/bin:/usr/bin:/bin XDG_CONFIG_HOME=$c/cfg sh "$TOP/plugin/ardour/script-dirs.sh" \
		2> "$c/notes" | sed "s|$c/cfg/||g"
}
same() { [ "$1" = "$2" ] || { echo "     got '$1', want '$2'"; return 1; }; }

check "Ardour 7 installed, never started: its folder" \
	same "$(dirs_for a '7' '')" "ardour7/scripts"
check "Ardour 7 and 8 installed, neither started: both" \
	same "$(dirs_for b '7 8' '')" "ardour7/scripts ardour8/scripts"
check "Ardour 7 started, Ardour 8 installed and not yet: Ardour 7's, and 8 left to its first start" \
	same "$(dirs_for c '7 8' '7')" "ardour7/scripts"
check "... and the user is told to start Ardour 8 once, then install again" \
	grep -q "Ardour 8 has not started yet" "$W/c/notes"
check "Ardour 7's folder left from before, Ardour 8 installed and started: both" \
	same "$(dirs_for d '8' '7 8')" "ardour7/scripts ardour8/scripts"
check "no Ardour at all: Ardour 8's folder, and the user is told" \
	same "$(dirs_for e '' '')" "ardour8/scripts"
grep -q "no Ardour found" "$W/e/notes" || bad "no Ardour at all: not told"

# install-user and uninstall-user, for real, in a scratch HOME
h=$W/home
mkdir -p "$h/bin" "$h/cfg/ardour7"
: > "$h/cfg/ardour7/config" # (Ardour 7 has started: its folder holds its settings)
printf '#!/bin/sh\n' > "$h/bin/ardour7"
chmod +x "$h/bin/ardour7"
run_make() {
	( cd "$TOP" && HOME=$h XDG_CONFIG_HOME=$h/cfg PATH=$h/bin:$PATH make -s "$@" ) > "$W/$1.log" 2>&1
}
run_make install-user
check "install-user: the bundle in ~/.lv2" test -s "$h/.lv2/perlin.lv2/perlin.so"
check "install-user: the three scripts in Ardour 7's folder" \
	test -s "$h/cfg/ardour7/scripts/perlin-modulator.lua" -a -s "$h/cfg/ardour7/scripts/perlin-modulation.lua" \
	-a -s "$h/cfg/ardour7/scripts/perlin-automate.lua"
check "install-user: no folder made for an Ardour the machine does not have" test ! -e "$h/cfg/ardour8"
run_make uninstall-user
check "uninstall-user: nothing of ours left, Ardour 7's own folder kept" \
	test ! -e "$h/.lv2/perlin.lv2" -a ! -e "$h/cfg/ardour7/scripts" -a -d "$h/cfg/ardour7"

# a staged install for both Ardours, then uninstall: no empty folder left
s=$W/stage
( cd "$TOP" && make -s install PREFIX=/usr DESTDIR="$s" && make -s uninstall PREFIX=/usr DESTDIR="$s" ) \
	> "$W/stage.log" 2>&1
check "install then uninstall (PREFIX=/usr, staged): no script folder left" \
	test ! -e "$s/usr/share/ardour7" -a ! -e "$s/usr/share/ardour8"
echo "test_install_user: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
