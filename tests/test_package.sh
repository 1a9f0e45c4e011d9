#!/bin/sh
# test_package.sh: perlin.lv2 as a distribution builds it, from make dist's
# tarball:
#   - two make dist of this tree, a second apart, give the same bytes;
#   - the bundle built from the tarball in two folders is the same bytes;
#   - make install needs the bundle's build dependencies alone (with a
#     pkg-config that knows no lilv-0 and no sndfile, which make all needs);
#   - a Debian package built from the tarball with a minimal debian/ written
#     here (dh, dpkg-buildflags' flags with hardening=+all, make test-plain
#     as its test step; as root, the build runs as nobody without a
#     network): lintian reports no error or warning, blhc no compile or
#     link line without the flags, hardening-check passes the plugin
#     (stack protector, fortify, relro, bindnow), and the package holds
#     what make install puts.
# Usage: tests/test_package.sh BUILD_DIR, in the git checkout (make
# test-package checks the tools first). Ends with "N passed, N failed".
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
B=$(mkdir -p "$1" && cd "$1" && pwd)
T=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$T/.." && pwd)
W=$B/package
pass=0
fail=0
. "$T/checks.sh"
rm -rf "$W"
mkdir -p "$W"
cd "$TOP" || exit 1
V=$(sh tests/version.sh)
DIST=perlin.lv2-$V
# the makes below take nothing from a make that runs this script
unset MAKEFLAGS MFLAGS MAKELEVEL

finish() {
	echo "test_package: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
}

for n in 1 2; do
	[ $n -eq 1 ] || sleep 1
	make -s dist > "$W/dist$n.log" 2>&1 && mv "$DIST.tar.gz" "$W/dist$n.tar.gz" ||
		{ bad "make dist (log: $W/dist$n.log)"; finish; }
done
check "make dist twice, a second apart: the same bytes" cmp "$W/dist1.tar.gz" "$W/dist2.tar.gz"
tgz=$W/dist1.tar.gz
echo "     $DIST.tar.gz: $(wc -c < "$tgz") bytes, $(tar -tzf "$tgz" | grep -vc '/$') files"

# a pkg-config that knows neither lilv-0 nor sndfile
mkdir -p "$W/bin"
cat > "$W/bin/pkg-config" << 'EOF'
#!/bin/sh
for a; do case $a in lilv-0|sndfile) exit 1;; esac; done
exec pkg-config "$@"
EOF
chmod +x "$W/bin/pkg-config"
PC=$W/bin/pkg-config

one=$W/one/$DIST
two=$W/second-folder/deeper/$DIST
for d in "$one" "$two"; do
	mkdir -p "$(dirname "$d")" && tar -xzf "$tgz" -C "$(dirname "$d")" &&
		( cd "$d" && make bundle PKG_CONFIG="$PC" ) > "$d.log" 2>&1 ||
		bad "make bundle in $d (log: $d.log)"
done
check "the bundle built in two folders: the same bytes" \
	cmp "$one/build/perlin.lv2/perlin.so" "$two/build/perlin.lv2/perlin.so"
check "the UI built in two folders: the same bytes" \
	cmp "$one/build/perlin.lv2/perlin_ui.so" "$two/build/perlin.lv2/perlin_ui.so"
( cd "$one" && make install PREFIX=/usr DESTDIR="$W/stage" PKG_CONFIG="$PC" ) \
	> "$W/install.log" 2>&1
rc=$?
check "make install with a pkg-config knowing no lilv-0 or sndfile (log: $W/install.log)" \
	test $rc -eq 0
( cd "$W/stage" && find . -type f | sed 's|^\./|/|' | sort ) > "$W/installed.txt"
check "make install: the 28 files (the bundle's 22, 3 scripts each for Ardour 7 and 8)" \
	test "$(wc -l < "$W/installed.txt")" -eq 28
check "make install did not build perlin-render" test ! -e "$one/build/perlin-render"
( cd "$one" && make PKG_CONFIG="$PC" ) > "$W/all.log" 2>&1
rc=$?
check "... and make (perlin-render) fails with that pkg-config, naming liblilv-dev" \
	eval '[ $rc -ne 0 ] && grep -q liblilv-dev "$W/all.log"'

# the Debian package
P=perlin-lv2
D=$W/deb
S=$D/$P-$V
mkdir -p "$D" && tar -xzf "$tgz" -C "$D" && mv "$D/$DIST" "$S" &&
	cp "$tgz" "$D/${P}_$V.orig.tar.gz" || { bad "unpacking $tgz"; finish; }
mkdir -p "$S/debian/source"
echo "3.0 (quilt)" > "$S/debian/source/format"
who="perlin.lv2 maintainers <perlin-lv2@example.org>"
cat > "$S/debian/control" << EOF
Source: $P
Section: sound
Priority: optional
Maintainer: $who
Build-Depends: debhelper-compat (= 13), pkgconf, lv2-dev, libcairo2-dev, libx11-dev,
 liblilv-dev <!nocheck>, libsndfile1-dev <!nocheck>, sordi <!nocheck>,
 lua5.3 <!nocheck>
Standards-Version: 4.6.2
Rules-Requires-Root: no

Package: $P
Architecture: any
Depends: \${shlibs:Depends}, \${misc:Depends}
Enhances: ardour
Description: Perlin-noise modulation source (LV2 plugins)
 Six LV2 plugins that turn Perlin (gradient) noise into smooth modulation:
 audio or CV, four related outputs, notes that retrigger it, or MIDI
 control changes. They never allocate in the audio thread and give the
 same output for the same seed on every render.
 .
 The package also holds Ardour 7 and 8 Lua scripts that drive another
 plugin's parameter from the noise.
EOF
cat > "$S/debian/changelog" << EOF
$P ($V-1) unstable; urgency=medium

  * Built from the tarball by perlin.lv2's make test-package.

 -- $who  $(date -u -R -r "$S/CHANGELOG.md")
EOF
{
	echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
	echo "Upstream-Name: perlin.lv2"
	echo
	echo "Files: *"
	echo "Copyright: 2026 the perlin.lv2 maintainers"
	echo "License: ISC"
	echo
	echo "License: ISC"
	sed -n '/^Permission/,$p' "$S/LICENSE" | sed 's/^$/./; s/^/ /'
} > "$S/debian/copyright"
cat > "$S/debian/rules" << 'EOF'
#!/usr/bin/make -f
export DEB_BUILD_MAINT_OPTIONS = hardening=+all

%:
	dh $@

override_dh_auto_build:
	dh_auto_build -- bundle

override_dh_auto_test:
ifeq (,$(filter nocheck,$(DEB_BUILD_OPTIONS)))
	$(MAKE) test-plain
endif

override_dh_auto_install:
	dh_auto_install -- PREFIX=/usr
EOF
chmod +x "$S/debian/rules"
# (a first upload closes the bug that asked for the package: this one is
# never uploaded)
echo "$P: initial-upload-closes-no-bugs" > "$S/debian/$P.lintian-overrides"

as=
if [ "$(id -u)" -eq 0 ]; then
	chown -R nobody "$D"
	as="unshare -n runuser -u nobody --"
	echo "     the package is built as nobody, without a network"
fi
( cd "$S" && $as env -u CC -u CFLAGS -u CPPFLAGS -u LDFLAGS -u DEB_BUILD_OPTIONS \
	-u DEB_BUILD_PROFILES HOME="$D" dpkg-buildpackage -us -uc ) > "$D/build.log" 2>&1
rc=$?
check "dpkg-buildpackage -us -uc (log: $D/build.log)" test $rc -eq 0
check "... its test step ran make test-plain, to its end" \
	grep -q '^test_render: [0-9]* passed, 0 failed' "$D/build.log"
arch=$(dpkg --print-architecture)
deb=$D/${P}_$V-1_$arch.deb
changes=$D/${P}_$V-1_$arch.changes

$as env HOME="$D" lintian --fail-on error,warning "$changes" > "$W/lintian.log" 2>&1
rc=$?
check "lintian on the source and binary packages: no error or warning (log: $W/lintian.log)" \
	test $rc -eq 0
echo "     lintian: $(grep -c '^E:' "$W/lintian.log") errors," \
	"$(grep -c '^W:' "$W/lintian.log") warnings"

n=$(grep -c '^cc .* -c -o build/obj-pic/[a-z]*\.o ' "$D/build.log")
# (the bundle's objects: the Makefile's DSP_PIC_O list, as it stands)
want=$(sed -n '/^DSP_PIC_O/,/[^\\]$/p' Makefile | grep -o '(PIC)/[a-z]*\.o' | wc -l)
check "the build log shows each of the bundle's $want objects compiled by cc (found $n)" \
	test "$want" -ge 13 -a "$n" -eq "$want"
blhc --debian --all --line-numbers "$D/build.log" > "$W/blhc.log" 2>&1
rc=$?
check "blhc --debian --all: every compile and link line has the flags (log: $W/blhc.log)" \
	test $rc -eq 0

mkdir -p "$D/root" && dpkg-deb -x "$deb" "$D/root"
# Control flow integrity (-fcf-protection) is not asked of it: Debian 12's
# dpkg-buildflags has no flag for it (dpkg 1.22, Debian 13, adds one).
hardening-check --nocfprotection "$D/root/usr/lib/lv2/perlin.lv2/perlin.so" \
	"$D/root/usr/lib/lv2/perlin.lv2/perlin_ui.so" > "$W/hardening.log" 2>&1
rc=$?
check "hardening-check --nocfprotection passes the packaged plugin and UI (log: $W/hardening.log)" \
	test $rc -eq 0
sed 's/^/     /' "$W/hardening.log"
missing=
for f in $(cat "$W/installed.txt"); do [ -s "$D/root$f" ] || missing="$missing $f"; done
check "the package holds every file make install puts${missing:+ (missing:$missing)}" \
	test -z "$missing"
finish
