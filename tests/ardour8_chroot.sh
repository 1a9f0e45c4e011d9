#!/bin/sh
# ardour8_chroot.sh: build perlin.lv2 and run a command in a Debian 13
# (trixie) chroot with Debian's Ardour 8 (ardour8-lua), as root; make
# test-ardour8 runs the Ardour host tests there.
# Usage: tests/ardour8_chroot.sh SRC_DIR [COMMAND...]
#   SRC_DIR (its git folder too, not build/) is copied to /root/perlin in
#   the chroot and built there (make all, wavcheck, midicheck); COMMAND then
#   runs in that copy, and its exit status is this script's.
# Settings (environment): CACHE, where the chroot is kept between runs
# ($CACHE/trixie; default /var/cache/perlin-ardour8, outside the repository);
# MIRROR, the Debian archive (default: the one this machine's apt uses);
# NICE (default 0: niced 10, on a machine at load 10 the build alone took
# over 6 minutes). Each step is skipped when done; the mounts are undone
# on exit, on error and on Ctrl-C.
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -eu
SRC=$(cd "${1:?usage: $0 SRC_DIR [COMMAND...]}" && pwd)
shift
CACHE=${CACHE:-/var/cache/perlin-ardour8}
ROOT=$CACHE/trixie
# the archive apt already uses (deb822 or one-line sources), else Debian's
archive() {
	{ cat /etc/apt/sources.list.d/*.sources 2> /dev/null | awk '$1 == "URIs:" { print $2 }'
	  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2> /dev/null |
		awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^http/) { print $i; break } }'
	} | grep -v security | head -n 1
}
MIRROR=${MIRROR:-$(archive)}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
NICE=${NICE:-0}
# What the build and the Ardour tests need (python3: modcheck.py; git: the
# edits test reads earlier releases; the soundfont and ACE plugins: the
# synth and modulator tests).
PKGS="ardour ardour-lv2-plugins timgm6mb-soundfont build-essential pkg-config"
PKGS="$PKGS lv2-dev liblilv-dev libcairo2-dev libsndfile1-dev libstb-dev python3 git"

[ "$(id -u)" -eq 0 ] || { echo "$0: run as root (chroot, mount)" >&2; exit 1; }

# One run at a time: a lock folder holding the PID (taken over when that
# process is gone).
mkdir -p "$CACHE"
LOCK=$CACHE/lock
if ! mkdir "$LOCK" 2> /dev/null; then
	if kill -0 "$(cat "$LOCK/pid" 2> /dev/null || echo 0)" 2> /dev/null; then
		echo "$0: another run holds $LOCK" >&2
		exit 1
	fi
	mkdir -p "$LOCK"
fi
echo $$ > "$LOCK/pid"

# The mounts the chroot needs; /dev is bound private so nothing mounted
# under it reaches the host's /dev.
mounts() {
	for d in proc sys dev dev/pts dev/shm; do mkdir -p "$ROOT/$d"; done
	mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
	mountpoint -q "$ROOT/sys" || mount -t sysfs sysfs "$ROOT/sys"
	mountpoint -q "$ROOT/dev" || { mount --bind /dev "$ROOT/dev" && mount --make-private "$ROOT/dev"; }
	mountpoint -q "$ROOT/dev/pts" || mount -t devpts -o newinstance,ptmxmode=0666 devpts "$ROOT/dev/pts"
	mountpoint -q "$ROOT/dev/shm" || mount -t tmpfs -o mode=1777 shm "$ROOT/dev/shm"
}
# Undo them, innermost first (lazily if a process still holds one).
unmounts() {
	for d in dev/shm dev/pts dev sys proc; do
		if mountpoint -q "$ROOT/$d"; then umount "$ROOT/$d" || umount -l "$ROOT/$d"; fi
	done
}
cleanup() { unmounts; rm -rf "$LOCK"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

# in_root COMMAND...: run in the chroot with a clean environment, niced.
in_root() {
	chroot "$ROOT" /usr/bin/env -i HOME=/root LC_ALL=C.UTF-8 TERM=dumb \
		PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
		nice -n "$NICE" "$@"
}

# 1. The base system. A chroot without the stamp is a broken earlier try:
# it goes (never while something is mounted in it).
if [ ! -e "$ROOT/.perlin-base" ]; then
	unmounts
	if grep -q " $ROOT/" /proc/mounts; then echo "$0: mounts left under $ROOT" >&2; exit 1; fi
	rm -rf "$ROOT"
	command -v debootstrap > /dev/null || apt-get -o DPkg::Lock::Timeout=600 install -y debootstrap
	echo "ardour8_chroot: debootstrap trixie from $MIRROR into $ROOT"
	debootstrap --variant=minbase trixie "$ROOT" "$MIRROR"
	printf '#!/bin/sh\nexit 101\n' > "$ROOT/usr/sbin/policy-rc.d" # no services
	chmod 755 "$ROOT/usr/sbin/policy-rc.d"
	touch "$ROOT/.perlin-base"
fi
mounts

# 2. The packages, again whenever the list changes.
if [ "$(cat "$ROOT/.perlin-packages" 2> /dev/null)" != "$PKGS" ]; then
	in_root apt-get update
	# shellcheck disable=SC2086 # one word a package
	in_root apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends $PKGS
	in_root apt-get clean
	echo "$PKGS" > "$ROOT/.perlin-packages"
fi

# 3. A fresh copy of the source, then make. build/.deps is made by hand:
# tests/deps.sh would install the other tiers' tools (clang, valgrind, ...),
# which the Ardour tests do not use.
rm -rf "$ROOT/root/perlin"
mkdir -p "$ROOT/root/perlin/build"
tar -C "$SRC" --exclude=./build -cf - . | tar -C "$ROOT/root/perlin" -xf -
touch "$ROOT/root/perlin/build/.deps"
in_root sh -c 'cd /root/perlin && make all build/wavcheck build/midicheck'

# 4. The command, in the copy.
[ $# -gt 0 ] || exit 0
in_root sh -c 'cd /root/perlin && exec "$@"' sh "$@"
