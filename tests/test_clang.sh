#!/bin/sh
# test_clang.sh: the plugin built with clang renders bit-identically to the
# one built with gcc (make test builds BUILD_DIR/clang/perlin.lv2 with
# clang and BUILD_DIR/perlin.lv2 with cc). Both are rendered by the same
# perlin-render, settings covering the steady kernels, the glide, 2D with
# drift, crossfades, sync, loops, a jump and high rates, and the four
# outputs of "Perlin Noise x4" with spread still and moving, the CV
# plugins' CV inputs fed a render of Perlin Noise CV at audio rate; and the MIDI
# files of "Perlin Noise MIDI" (7-bit, 14-bit, pitch bend) byte for byte.
# Usage: tests/test_clang.sh BUILD_DIR. Ends with "N passed, N failed".
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
B=$1
pass=0
fail=0
n=0
render() { "$B/perlin-render" -q --seconds 4 "$@"; }
# the CV inputs' volts (@MOD@ below): one file, rendered once, for both
render --bundle "$B/perlin.lv2" --cv --set rate=300 --set seed=7 -o "$B/clang/mod.wav" ||
	fail=$((fail + 1))
while read -r args; do
	[ -n "$args" ] || continue
	n=$((n + 1))
	args=$(printf '%s' "$args" | sed "s|@MOD@|$B/clang/mod.wav|g")
	# shellcheck disable=SC2086 # the arguments are words
	render --bundle "$B/perlin.lv2" $args -o "$B/clang/gcc-$n.wav" &&
		render --bundle "$B/clang/perlin.lv2" $args -o "$B/clang/clang-$n.wav"
	if [ $? -eq 0 ] && cmp -s "$B/clang/gcc-$n.wav" "$B/clang/clang-$n.wav"; then
		pass=$((pass + 1))
		echo "ok   gcc = clang, bit for bit: $args"
	else
		fail=$((fail + 1))
		echo "FAIL gcc and clang differ: $args"
	fi
done << 'EOF_ARGS'
--set octaves=8
--set dimensions=2 --set drift=0.4 --set octaves=8 --ramp rate=0:0.5,4:30 --ramp morph=0:0,4:3 --step seed=0:1,2:9
--cv --set sync=1 --set loop=3 --set octaves=6 --jump 2:32 --block random:7
--sample-rate 96000 --set rate=700 --set octaves=8 --set lacunarity=3.3
--ramp rate=0:1,4:8 --ramp octaves=0:2,4:8 --ramp depth=0:1,4:0.3 --ramp lacunarity=0:2,4:2.6 --block random:3
--four --set octaves=8 --set rate=5 --ramp spread=0:0,1:0,3:1 --block random:5
--four --cv --set dimensions=2 --set drift=1 --set octaves=8 --set rate=300 --set spread=0.6
--cv --set octaves=8 --cv-in rate_cv=@MOD@ --block random:3
--cv --set dimensions=2 --set drift=0.3 --set octaves=8 --cv-in rate_cv=@MOD@ --cv-in morph_cv=@MOD@
--four --cv --set spread=0.5 --cv-in rate_cv=@MOD@ --cv-in depth_cv=@MOD@ --cv-in offset_cv=@MOD@
EOF_ARGS
# Perlin Noise MIDI: the same events, byte for byte in its MIDI file
while read -r args; do
	[ -n "$args" ] || continue
	n=$((n + 1))
	# shellcheck disable=SC2086 # the arguments are words
	render --bundle "$B/perlin.lv2" $args --midi "$B/clang/gcc-$n.mid" &&
		render --bundle "$B/clang/perlin.lv2" $args --midi "$B/clang/clang-$n.mid"
	if [ $? -eq 0 ] && cmp -s "$B/clang/gcc-$n.mid" "$B/clang/clang-$n.mid"; then
		pass=$((pass + 1))
		echo "ok   gcc = clang, MIDI byte for byte: $args"
	else
		fail=$((fail + 1))
		echo "FAIL gcc and clang differ (MIDI): $args"
	fi
done << 'EOF_ARGS'
--set cc_2=7 --set cc_3=74 --set cc_4=40 --set resolution=1 --set interval=1 --set dimensions=2 --set drift=0.5 --set octaves=8 --block random:9
--set resolution=2 --set rate=40 --set octaves=8 --ramp spread=0:0,4:1 --jump 2:16
EOF_ARGS
echo "test_clang: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$n" -gt 0 ]
