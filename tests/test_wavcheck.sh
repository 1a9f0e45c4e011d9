#!/bin/sh
# test_wavcheck.sh WAVCHECK: wavcheck reads a jack_rec file's +1.0, which
# libsndfile wrote as the most negative 32-bit integer (-1.0 read back),
# as +1.0 where the samples before it near the top, and every other -1.0
# as it is: a step from lower down, and any -1.0 in a float file.
# Ends with "N passed, N failed".
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
W=$1
tmp=${TMPDIR:-/tmp}/test_wavcheck.$$
trap 'rm -f "$tmp".*' EXIT
pass=0
fail=0

# le32 N: N as 4 bytes, little-endian
le32() {
	for s in 0 8 16 24; do
		printf "\\$(printf %03o $((($1 >> s) & 255)))"
	done
}
# wav FILE FORMAT SAMPLE...: a mono 48 kHz 32-bit WAV (FORMAT 1: integer
# PCM, 3: float) of the samples, each given as its 32 bits (hex)
wav() {
	file=$1 format=$2
	shift 2
	n=$#
	{
		printf RIFF
		le32 $((36 + 4 * n))
		printf 'WAVEfmt '
		le32 16
		printf "\\$(printf %03o "$format")\\000\\001\\000"
		le32 48000
		le32 192000
		printf '\004\000\040\000'
		printf data
		le32 $((4 * n))
		for x in "$@"; do
			le32 $((0x$x))
		done
	} > "$file"
}
# expect DESCRIPTION FILE lo|hi BOUND: maxstep below (lo) or above (hi) BOUND
expect() {
	m=$("$W" stats "$2" | awk '$1 == "maxstep" { print $2 }')
	if [ -n "$m" ] && awk -v m="$m" -v b="$4" -v w="$3" 'BEGIN { exit !(w == "lo" ? m < b : m > b) }'; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $1: maxstep ${m:-missing}, expected $3 $4"
	fi
}
# 0.5 0.95 0.99 +1.0 (wrapped) 0.99 0.95 0.5, in integers
wav "$tmp.top.wav" 1 40000000 799999a0 7eb851eb 80000000 7eb851eb 799999a0 40000000
expect "+1.0 wrapped near the top is +1.0" "$tmp.top.wav" lo 0.5
# 0.3 -1.0 0.3: a step from lower down
wav "$tmp.step.wav" 1 26666666 80000000 26666666
expect "a step to -1.0 from 0.3 stays" "$tmp.step.wav" hi 1.2
# 0.99 -1.0 0.99 in floats: as it is
wav "$tmp.float.wav" 3 3f7d70a4 bf800000 3f7d70a4
expect "a float file's -1.0 stays" "$tmp.float.wav" hi 1.9
echo "test_wavcheck: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
