#!/bin/sh
# test_clang.sh: the plugin built with clang renders bit-identically to the
# one built with gcc (make test builds BUILD_DIR/clang/perlin.lv2 with
# clang and BUILD_DIR/perlin.lv2 with cc). Both are rendered by the same
# perlin-render, settings covering the steady kernels, the glide, 2D with
# drift, crossfades, sync, loops, a jump and high rates, and the four
# outputs of "Perlin Noise x4" with spread still and moving.
# Usage: tests/test_clang.sh BUILD_DIR. Ends with "N passed, N failed".
set -u
B=$1
pass=0
fail=0
n=0
render() { "$B/perlin-render" -q --seconds 4 "$@"; }
while read -r args; do
	[ -n "$args" ] || continue
	n=$((n + 1))
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
EOF_ARGS
echo "test_clang: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$n" -gt 0 ]
