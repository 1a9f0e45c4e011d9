#!/bin/sh
# script-dirs.sh: the folders `make install-user` puts the Ardour scripts
# in, for the Ardour versions on this machine: each ~/.config/ardourN (or
# $XDG_CONFIG_HOME/ardourN) that exists, and the folder of each Ardour on
# PATH (ardour6 .. ardour12) that has not started yet, unless an older
# Ardour's folder exists: a new Ardour offers to take an older one's
# settings only when its own folder is not there yet, so that one is left
# to its first start (it is named on stderr: run install-user again
# after). With no Ardour at all, ardour8's (the most used). Prints the
# folders on one line; what it decided goes to stderr.
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
cfg=${XDG_CONFIG_HOME:-$HOME/.config}
dirs=
oldest=
for n in 5 6 7 8 9 10 11 12; do
	if [ -d "$cfg/ardour$n" ]; then
		dirs="$dirs $cfg/ardour$n/scripts"
		[ -n "$oldest" ] || oldest=$n
	fi
done
for n in 6 7 8 9 10 11 12; do
	command -v "ardour$n" > /dev/null 2>&1 || continue
	[ -d "$cfg/ardour$n" ] && continue
	if [ -n "$oldest" ] && [ "$oldest" -lt "$n" ]; then
		echo "Ardour $n has not started yet: start it once (it offers to take the settings of" \
			"Ardour $oldest), then run make install-user again" >&2
	else
		dirs="$dirs $cfg/ardour$n/scripts"
	fi
done
if [ -z "$dirs" ]; then
	dirs=" $cfg/ardour8/scripts"
	echo "no Ardour found (ardour6 .. ardour12 on PATH, or a folder in $cfg): Ardour 8's folder" >&2
fi
echo "${dirs# }"
