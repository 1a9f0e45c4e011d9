#!/bin/sh
# version.sh: prints the version the tree at TOP (default: this script's
# parent folder) builds as, X.Y.Z. LV2's rule (CHANGELOG.md): an even Y is
# a release, an odd Y a development snapshot; the TTL's lv2:minorVersion
# and lv2:microVersion are Y and Z. The first of these that applies:
#   1. a file VERSION at the top (make dist writes it into the tarball):
#      its first line;
#   2. the top of a git repository with a release tag vX.Y.Z (Y even) among
#      HEAD's ancestors: X.Y.Z on the tag itself, X.(Y+1).N N commits after
#      the nearest one;
#   3. CHANGELOG.md's latest release heading, "## X.Y.Z ...": X.Y.Z, or,
#      when an "## Unreleased" heading stands above it, X.(Y+1).N, N the
#      commits since the one that wrote that release heading (0 outside
#      git). Until a release is tagged, snapshots count from its heading.
# Usage: tests/version.sh [TOP]
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
top=$(cd "${1:-$(dirname "$0")/..}" && pwd -P) || exit 1

if [ -f "$top/VERSION" ]; then
	sed -n '1p' "$top/VERSION"
	exit 0
fi

# in git, and this tree is its repository's top (not a tarball unpacked
# inside another repository)
git_top=$(git -C "$top" rev-parse --show-toplevel 2>/dev/null) &&
	[ "$(cd "$git_top" && pwd -P)" = "$top" ] || git_top=

# X.(Y+1).N from X.Y.Z and N
next() {
	echo "$1" | awk -F. -v n="$2" '{ print $1 "." ($2 + 1) "." n }'
}

if [ -n "$git_top" ]; then
	tag=$(git -C "$top" describe --tags --abbrev=0 \
		--match 'v[0-9]*.*[02468].[0-9]*' HEAD 2>/dev/null)
	v=${tag#v}
	if echo "$v" | grep -Eqx '[0-9]+\.[0-9]*[02468]\.[0-9]+'; then
		n=$(git -C "$top" rev-list --count "$tag..HEAD")
		if [ "$n" -eq 0 ]; then echo "$v"; else next "$v" "$n"; fi
		exit 0
	fi
fi

log=$top/CHANGELOG.md
v=$(sed -n 's/^## \([0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*\) .*/\1/p' "$log" | sed -n '1p')
[ -n "$v" ] || { echo "version.sh: no release heading in $log" >&2; exit 1; }
unreleased=$(awk -v h="## $v " 'index($0, h) == 1 { exit } /^## Unreleased/ { print "yes"; exit }' "$log")
if [ -z "$unreleased" ]; then
	echo "$v"
	exit 0
fi
n=0
if [ -n "$git_top" ]; then
	c=$(git -C "$top" log --format=%H -S"## $v " -- CHANGELOG.md 2>/dev/null | tail -n 1)
	[ -n "$c" ] && n=$(git -C "$top" rev-list --count "$c..HEAD")
fi
next "$v" "$n"
