#!/bin/sh
# modgui.sh BUILD [--update]: by hand, not in CI (mod-ui is not in
# Debian): the six plugins' MOD GUI rendered by mod-ui's own code
# (js/modgui.js, libmod_utils) in headless Chromium, served by
# tests/modgui_render.py from mod-ui's html folder. Needs MODUI_DIR
# (mod-audio/mod-ui, `make -C utils`), chromium and python3-tornado, and
# make all. For each plugin: the page renders it (its title says so), the
# pedal has the six knobs of ttl/modgui.ttl, each on its port, and a jack
# for each audio, CV and MIDI port mod-ui lists, and Chromium logs no
# error. Its picture, cut to the pedal, goes to OUT/screenshot-P.png, 128
# px wide to OUT/thumbnail-P.png; with --update into ttl/modgui/ as well
# (the bundle's), else each is compared with ttl/modgui/'s (within 1
# pixel in 1000).
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
B=$(cd "$1" && pwd)
T=$(cd "$(dirname "$0")" && pwd)
UPDATE=${2:-}
OUT=$B/modgui
[ -n "${MODUI_DIR:-}" ] && [ -e "$MODUI_DIR/utils/libmod_utils.so" ] ||
	{ echo "modgui: set MODUI_DIR to mod-ui with its utils built"; exit 1; }
pass=0
fail=0
. "$T/checks.sh" # ok, bad
rm -rf "$OUT" && mkdir -p "$OUT/lv2" || exit 1
( cd "$T/.." && make -s install DESTDIR= LV2DIR="$OUT/lv2" SCRIPTDIRS="$OUT/scripts" ) > "$OUT/install.log" 2>&1 ||
	{ echo "modgui: make install failed ($OUT/install.log)"; exit 1; }
port=8790
# (Debian's python3, which has python3-tornado)
PY=${PYTHON:-/usr/bin/python3}
LV2_PATH="$OUT/lv2" MODUI_DIR="$MODUI_DIR" $PY "$T/modgui_render.py" $port > "$OUT/server.log" 2>&1 &
server=$!
trap 'kill $server 2> /dev/null' EXIT INT TERM
for _ in $(seq 100); do grep -q '^serving' "$OUT/server.log" && break; sleep 0.1; done
CHROME="chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=10000"

for p in perlin perlin-cv perlin-keyed perlin4 perlin4-cv perlin-midi; do
	url="http://127.0.0.1:$port/modgui_page.html#urn:perlin-lv2:$p"
	$CHROME --enable-logging=stderr --v=0 --dump-dom "$url" > "$OUT/$p.html" 2> "$OUT/$p.log"
	curl -s "http://127.0.0.1:$port/effect/get?uri=urn:perlin-lv2:$p" > "$OUT/$p.json"
	# the jacks mod-ui lists, and the knobs the GUI declares
	want=$($PY -c 'import json, sys
e = json.load(open(sys.argv[1]))["ports"]
print(sum(len(e[t][d]) for t in ("audio", "cv", "midi") for d in ("input", "output")))' "$OUT/$p.json")
	jacks=$(grep -o 'mod-role="\(in\|out\)put-\(audio\|cv\|midi\)-port"' "$OUT/$p.html" | wc -l)
	knobs=$(grep -o 'class="perlin-dial[^"]*" mod-role="input-control-port" mod-port-symbol="[a-z]*"' "$OUT/$p.html" |
		sed 's/.*symbol="//;s/"//' | tr '\n' ' ')
	errors=$(grep -c 'CONSOLE' "$OUT/$p.log")
	if grep -q '<title>rendered</title>' "$OUT/$p.html" && [ "$knobs" = "rate octaves persistence depth offset seed " ] &&
		[ "$jacks" -eq "$want" ] && [ "$errors" -eq 0 ]; then
		ok "$p: rendered by mod-ui: the six knobs on their ports, $jacks jacks of $want, no console message"
	else
		bad "$p: title $(grep -o '<title>[^<]*' "$OUT/$p.html"), knobs '$knobs', $jacks jacks of $want, $errors console messages"
	fi
	$CHROME --default-background-color=00000000 --window-size=700,1300 --screenshot="$OUT/page-$p.png" "$url" \
		> /dev/null 2>&1
	convert "$OUT/page-$p.png" -trim +repage "$OUT/screenshot-$p.png"
	convert "$OUT/screenshot-$p.png" -resize 128x "$OUT/thumbnail-$p.png"
	size=$(identify -format '%wx%h' "$OUT/screenshot-$p.png")
	if [ "$UPDATE" = --update ]; then
		cp "$OUT/screenshot-$p.png" "$OUT/thumbnail-$p.png" "$T/../ttl/modgui/"
		echo "     ttl/modgui/screenshot-$p.png ($size) and its thumbnail updated"
	else
		# (Chromium's antialiasing differs by a few pixels from run to run:
		# at most 1 in 1000)
		d=$(compare -metric AE "$OUT/screenshot-$p.png" "$T/../ttl/modgui/screenshot-$p.png" null: 2>&1 | cut -d' ' -f1)
		n=$(identify -format '%[fx:w*h]' "$OUT/screenshot-$p.png")
		[ "${d:-x}" -le $((n / 1000)) ] 2> /dev/null && ok "$p: the screenshot ($size) is the bundle's ($d pixels differ)" ||
			bad "$p: the screenshot ($size) differs from the bundle's (${d:-?} pixels; --update makes it again)"
	fi
done
echo "modgui: $pass passed, $fail failed (pictures in $OUT)"
[ $fail -eq 0 ]
