#!/bin/sh
# test_arm64.sh: the bundle cross-built for aarch64 renders bit-identically
# to the x86 build (make test-arm64 builds ARM64_DIR/perlin.lv2 and
# ARM64_DIR/perlin-render for aarch64, BUILD_DIR/perlin.lv2 and
# BUILD_DIR/perlin-render natively). Each scenario is rendered by the x86
# perlin-render with the x86 bundle and by the aarch64 perlin-render, under
# qemu-user, with the aarch64 bundle, and the two files are compared byte
# for byte: 1D and 2D, steady and with controls ramped and stepped
# mid-render, crossfades (seed, morph jumps, transport jumps), sync and
# loops, triggers in each mode, the four outputs of "Perlin Noise x4",
# the CV plugins' CV inputs fed a render of Perlin Noise CV at audio rate,
# blocks of 1, 32, 512, 4096 and random sizes, 44.1 and 96 kHz, a
# transport 86 million cells out (synced, and free in 2D); and the MIDI
# files of "Perlin Noise MIDI". First it checks that the bundle and
# perlin-render are aarch64 objects.
# Usage: tests/test_arm64.sh BUILD_DIR ARM64_DIR [QEMU]. Ends with
# "N passed, N failed" and the bytes compared.
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
B=$1
A=$2
QEMU=${3:-qemu-aarch64}
pass=0
fail=0
n=0
bytes=0
ok() { pass=$((pass + 1)); echo "ok   $*"; }
no() { fail=$((fail + 1)); echo "FAIL $*"; }

for f in "$A/perlin.lv2/perlin.so" "$A/perlin-render"; do
	what=$(file -b "$f")
	case "$what" in
	*"ELF 64-bit LSB"*"ARM aarch64"*) ok "aarch64: $f: $what" ;;
	*) no "not an aarch64 object: $f: $what" ;;
	esac
done

# same FILE_X86 FILE_ARM64 WHAT: the files are equal (and not empty)
same() {
	if [ -s "$1" ] && cmp "$1" "$2"; then
		size=$(wc -c < "$1")
		bytes=$((bytes + size))
		ok "x86 = arm64, bit for bit ($size bytes): $3"
	else
		no "x86 and arm64 differ: $3"
	fi
}

# the CV inputs' volts (@MOD@ below): one file, rendered once, for both
"$B/perlin-render" -q --seconds 3 --bundle "$B/perlin.lv2" --cv --set rate=300 --set seed=7 \
	-o "$A/mod.wav" || no "the CV inputs' file was not rendered"
while read -r args; do
	[ -n "$args" ] || continue
	n=$((n + 1))
	args=$(printf '%s' "$args" | sed "s|@MOD@|$A/mod.wav|g")
	# shellcheck disable=SC2086 # the arguments are words
	"$B/perlin-render" -q --seconds 3 --bundle "$B/perlin.lv2" $args -o "$A/x86-$n.wav" &&
		"$QEMU" "$A/perlin-render" -q --seconds 3 --bundle "$A/perlin.lv2" $args \
			-o "$A/arm64-$n.wav"
	if [ $? -eq 0 ]; then
		same "$A/x86-$n.wav" "$A/arm64-$n.wav" "$args"
	else
		no "a render failed: $args"
	fi
done << 'EOF_ARGS'
--set octaves=8
--set octaves=8 --block 1 --seconds 1
--set octaves=8 --set rate=5 --block 32
--set octaves=4 --set rate=0.3 --block 4096 --sample-rate 44100
--set dimensions=2 --set drift=0.3 --set octaves=8 --block random:11
--set dimensions=2 --set drift=0.4 --set octaves=8 --ramp rate=0:0.5,3:30 --ramp morph=0:0,3:3 --step seed=0:1,1.5:9
--set dimensions=2 --set octaves=6 --set rate=2 --step morph=0:0,1:5,2:11 --block 64
--cv --set sync=1 --set loop=3 --set octaves=6 --jump 1.5:32 --block random:7
--sample-rate 96000 --set rate=700 --set octaves=8 --set lacunarity=3.3
--set dimensions=2 --set drift=1 --set rate=1000 --set octaves=8
--ramp rate=0:1,3:8 --ramp octaves=0:2,3:8 --ramp depth=0:1,3:0.3 --ramp offset=0:0,3:-0.4 --ramp lacunarity=0:2,3:2.6 --ramp persistence=0:0.5,3:0.8 --block random:3
--keyed --set rate=3 --set trigger=1 --triggers 0.4,0.9,1.3,2.2
--keyed --set rate=3 --set trigger=2 --set dimensions=2 --triggers 0.5,1,1.5,2.5
--keyed --set rate=3 --set trigger=3 --set glide=0.06 --triggers 0.25,0.5,0.75,1,1.5,2,2.75 --block 100
--four --set octaves=8 --set rate=5 --ramp spread=0:0,1:0,2.5:1 --block random:5
--four --cv --set dimensions=2 --set drift=1 --set octaves=8 --set rate=300 --set spread=0.6
--four --set spread=0.4 --set octaves=5 --set dimensions=2 --step seed=0:3,2:4 --block 4096
--cv --set sync=1 --set beats=0.25 --start-beat 21600000 --set octaves=8
--set rate=8 --start-beat 21600000 --set dimensions=2 --set drift=0.5 --set octaves=8 --block 256
--cv --set octaves=8 --cv-in rate_cv=@MOD@ --block random:3
--cv --set dimensions=2 --set drift=0.3 --set octaves=8 --cv-in rate_cv=@MOD@ --cv-in morph_cv=@MOD@
--cv --set dimensions=2 --set octaves=8 --set lacunarity=2.7 --cv-in morph_cv=@MOD@ --block random:5
--four --cv --set spread=0.5 --cv-in rate_cv=@MOD@ --cv-in depth_cv=@MOD@ --cv-in offset_cv=@MOD@
EOF_ARGS
# Perlin Noise MIDI: the same events, byte for byte in its MIDI file
while read -r args; do
	[ -n "$args" ] || continue
	n=$((n + 1))
	# shellcheck disable=SC2086 # the arguments are words
	"$B/perlin-render" -q --seconds 3 --bundle "$B/perlin.lv2" $args --midi "$A/x86-$n.mid" &&
		"$QEMU" "$A/perlin-render" -q --seconds 3 --bundle "$A/perlin.lv2" $args \
			--midi "$A/arm64-$n.mid"
	if [ $? -eq 0 ]; then
		same "$A/x86-$n.mid" "$A/arm64-$n.mid" "(MIDI) $args"
	else
		no "a render failed (MIDI): $args"
	fi
done << 'EOF_ARGS'
--set cc_2=7 --set cc_3=74 --set cc_4=40 --set resolution=1 --set interval=1 --set dimensions=2 --set drift=0.5 --set octaves=8 --block random:9
--set resolution=2 --set rate=40 --set octaves=8 --ramp spread=0:0,3:1 --jump 1.5:16
EOF_ARGS
echo "test_arm64: $n renders, $bytes bytes compared"
echo "test_arm64: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$n" -gt 0 ]
