#!/bin/sh
# deps.sh: check that the Debian packages the build and tests need are
# installed. Usage: tests/deps.sh [PKG_CONFIG] [bundle|build|plain|hosts|package|arm64]
#   bundle: only what the bundle needs (make bundle, make install); names
#          what is missing and fails, never installs (a distribution's
#          build must not see apt-get)
#   build: the same, for what make builds (the bundle and perlin-render)
#   plain: the same, for make test-plain (lv2_validate, sord_validate, Lua)
#   (none): the test tools too; as root, the missing ones are installed with
#          apt-get, otherwise the exact command is printed and it fails
#   hosts: the real hosts of make test-hosts too
#   ui: the test tools and make test-ui's (Xvfb, xdotool, ImageMagick)
#   arm64: the test tools and the arm64 tier's (make test-arm64): the
#          cross compiler, qemu-user, and the libraries the bundle and
#          perlin-render link, from Debian's arm64 architecture (added to
#          dpkg's architectures first)
#   package: make test-plain's and make test-package's (dpkg-dev, debhelper,
#          lintian, blhc, devscripts' hardening-check), installed as root
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
PKG_CONFIG=${1:-pkg-config}
need=

# module or command or file -> the Debian package that provides it
pc()   { "$PKG_CONFIG" --exists "$1" 2>/dev/null || need="$need $2"; }
cmd()  { command -v "$1" >/dev/null 2>&1 || need="$need $2"; }
file() { [ -e "$1" ] || need="$need $2"; }
# any file matching a shell pattern
glob() { for f in $1; do [ -e "$f" ] && return; done; need="$need $2"; }

cmd  "$PKG_CONFIG"   pkg-config
cmd  cc              gcc
pc   lv2             lv2-dev
pc   cairo           libcairo2-dev
pc   x11             libx11-dev
modules="lv2, cairo and x11"
if [ "${2:-}" != bundle ]; then
	pc lilv-0        liblilv-dev
	pc sndfile       libsndfile1-dev
	modules="lv2, cairo, x11, lilv-0 and sndfile"
fi
# names what is missing and fails
missing() {
	[ -z "$need" ] && exit 0
	need=$(printf '%s\n' $need | awk '!seen[$0]++' | tr '\n' ' ')
	echo "perlin.lv2 needs these Debian packages $1: $need" >&2
	echo "  sudo apt-get install $need" >&2
	[ -z "$2" ] || echo "$2" >&2
	exit 1
}
case ${2:-} in bundle|build)
	missing "to build" "(elsewhere: a C99 compiler, pkg-config, and the $modules pkg-config modules)"
esac
cmd  lv2_validate    lv2-dev
cmd  sord_validate   sordi
cmd  lua5.3          lua5.3
[ "${2:-}" = plain ] && missing "for make test-plain" ""
if [ "${2:-}" = package ]; then
	cmd git               git
	cmd dpkg-buildpackage dpkg-dev
	cmd dh                debhelper
	cmd lintian           lintian
	cmd blhc              blhc
	cmd hardening-check   devscripts
	cmd unshare           util-linux
else
	file /usr/include/stb/stb_perlin.h libstb-dev
	cmd  lv2info         lilv-utils
	cmd  valgrind        valgrind
	cmd  clang           clang
	glob "/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a" libclang-rt-dev
fi
if [ "${2:-}" = hosts ]; then
	cmd ffmpeg       ffmpeg
	cmd jalv         jalv
	cmd jackd        jackd2
	cmd jack_rec     jackd2
	pc  jack         libjack-jackd2-dev
	cmd ardour7-lua  ardour
	file /usr/lib/lv2/a-comp.lv2 ardour-lv2-plugins
	file /usr/share/sounds/sf2/TimGM6mb.sf2 timgm6mb-soundfont
fi
if [ "${2:-}" = ui ]; then
	cmd Xvfb         xvfb
	cmd xdpyinfo     x11-utils
	cmd xdotool      xdotool
	cmd import       imagemagick
	pc  fontconfig   libfontconfig-dev
	# (suil's X11-in-Qt 5 module needs it; jalv does not pull it in)
	glob "/usr/lib/*/libQt5X11Extras.so.5" libqt5x11extras5
fi
if [ "${2:-}" = arm64 ]; then
	cmd  aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
	cmd  qemu-aarch64    qemu-user
	file /usr/bin/file   file
	# the arm64 .pc files (the Makefile's ARM64_MAKE points
	# PKG_CONFIG_LIBDIR at their folder); the headers are the same files
	# for either architecture
	file /usr/lib/aarch64-linux-gnu/pkgconfig/lv2.pc     lv2-dev:arm64
	file /usr/lib/aarch64-linux-gnu/pkgconfig/lilv-0.pc  liblilv-dev:arm64
	file /usr/lib/aarch64-linux-gnu/pkgconfig/sndfile.pc libsndfile1-dev:arm64
	file /usr/lib/aarch64-linux-gnu/pkgconfig/cairo.pc   libcairo2-dev:arm64
	file /usr/lib/aarch64-linux-gnu/pkgconfig/x11.pc     libx11-dev:arm64
fi

[ -z "$need" ] && exit 0
# each package once, in order
need=$(printf '%s\n' $need | awk '!seen[$0]++' | tr '\n' ' ')
# an :arm64 package needs dpkg's arm64 architecture and its package lists
foreign=
case "$need" in *:arm64*)
	dpkg --print-foreign-architectures | grep -qx arm64 || foreign=arm64 ;;
esac
# (waits for another apt or dpkg to finish, up to 10 minutes)
APT="apt-get -o DPkg::Lock::Timeout=600"
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "deps: installing $need"
	export DEBIAN_FRONTEND=noninteractive
	if [ -n "$foreign" ]; then
		dpkg --add-architecture "$foreign" && $APT update || exit 1
	fi
	$APT install -y --no-install-recommends $need ||
		{ $APT update && $APT install -y --no-install-recommends $need; }
	exit $?
fi
echo "deps: missing packages. Run:" >&2
[ -z "$foreign" ] || echo "  sudo dpkg --add-architecture $foreign && sudo apt-get update" >&2
echo "  sudo apt-get install $need" >&2
exit 1
