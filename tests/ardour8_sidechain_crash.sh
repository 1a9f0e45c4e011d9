#!/bin/sh
# ardour8_sidechain_crash.sh: by hand, not in CI: Ardour 8.12's own crash,
# the reason the editor action no longer feeds Perlin Modulator through a
# sidechain. Perlin Modulator is built as releases up to 0.4.0 built it
# (the noise on a bus of its own, sent to the modulator's sidechain:
# tests/ardour_edits.lua with PERLIN_SIDECHAIN=1) and deleted and put back
# PERLIN_DELETIONS times (50) a run, RUNS runs (10), in Ardour 8 in the
# Debian 13 chroot (tests/ardour8_chroot.sh); then the same with the noise
# on the modulated bus (what the action makes now). Prints how many runs
# ended in a crash each way: the first is Ardour's bug (its SideChain's
# ports torn down against its auto-connect thread; ACE Amplifier with a
# sidechain fed by a send crashes the same way), the second must be 0.
# Usage (as root): tests/ardour8_sidechain_crash.sh [RUNS]
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -eu
T=$(cd "$(dirname "$0")" && pwd)
RUNS=${1:-10}
exec sh "$T/ardour8_chroot.sh" "$T/.." sh -c '
	RUNS=$1
	B=$(pwd)/build
	OUT=$B/sidechain-crash
	rm -rf "$OUT"
	mkdir -p "$OUT/lv2/perlin.lv2" "$OUT/config/ardour8/scripts"
	cp "$B/perlin.lv2/"* "$OUT/lv2/perlin.lv2/"
	cp plugin/ardour/perlin-modulator.lua "$OUT/config/ardour8/scripts/"
	for way in sidechain same-bus; do
		crashed=0
		for r in $(seq 1 "$RUNS"); do
			side=0
			[ "$way" = sidechain ] && side=1 # (the noise on a bus of its own, through a sidechain)
			rm -rf "$OUT/session"
			LV2_PATH=$OUT/lv2:/usr/lib/lv2 XDG_CONFIG_HOME=$OUT/config PERLIN_SESSION=$OUT/session \
				PERLIN_PHASE=deletions PERLIN_KINDS=modulator PERLIN_SIDECHAIN=$side \
				PERLIN_DELETIONS=${PERLIN_DELETIONS:-50} PERLIN_SEED=$r \
				timeout 600 stdbuf -oL ardour8-lua tests/ardour_edits.lua > "$OUT/$way-$r.log" 2>&1 || true
			grep -q "^perlin: deletions done" "$OUT/$way-$r.log" || crashed=$((crashed + 1))
		done
		echo "the modulator deleted ${PERLIN_DELETIONS:-50} times a run, the noise on the $way:" \
			"$crashed of $RUNS runs crashed"
	done
' sh "$RUNS"
