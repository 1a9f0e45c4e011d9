# perlin.lv2: make (builds the bundle in build/perlin.lv2/ and
# build/perlin-render; make bundle the bundle alone), make test (the quick
# tier), make check (everything but the real hosts), make test-hosts, make
# test-arm64, make bench, make dist, make distcheck,
# make install [PREFIX=/usr/local] [LV2DIR=$(PREFIX)/lib/lv2]
# [SCRIPTDIRS=...] [DESTDIR=].
# GNU make or any POSIX (2024) make. A plain make needs only the build
# dependencies, make bundle and make install only the bundle's (lv2, cairo;
# tests/deps.sh checks them and names what is missing; it installs
# nothing). The test, demo and bench targets check the
# test tools too and, as root, install the missing Debian packages.
# pkg-config flags are read when a recipe runs, after that check.
# CC, CFLAGS, CPPFLAGS and LDFLAGS come from the environment or the command
# line (dpkg-buildflags' for a package) and are on every compile and link
# line, CFLAGS after the project's -O2 -g (OPT), so that its own -O and -g
# win. Unset, CC is cc under GNU make (GNUmakefile says why) and another
# make's default elsewhere (POSIX: c99).
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
.POSIX:

# The version, from tests/version.sh: a release's tag (vX.Y.Z, Y even), a
# development snapshot's odd minor (X.(Y+1).N, N commits after the
# release), or the VERSION file make dist writes into the tarball. LV2: an
# even minor version is a release, an odd one a development snapshot;
# lv2:minorVersion and lv2:microVersion in the TTL are its second and third
# numbers; perlin-render --version prints it.
VERSION    != sh tests/version.sh
PREFIX     ?= /usr/local
LV2DIR     ?= $(PREFIX)/lib/lv2
# Ardour's Lua scripts: a system-wide Ardour N (prefix /usr) reads
# /usr/share/ardourN/scripts, so both 7 and 8 get them (add
# $(PREFIX)/share/ardour9/scripts for a 9; uninstall removes the folders
# it leaves empty); install-user puts them where each Ardour on the machine
# looks (plugin/ardour/script-dirs.sh).
SCRIPTDIRS ?= $(PREFIX)/share/ardour7/scripts $(PREFIX)/share/ardour8/scripts
DESTDIR    ?=
PKG_CONFIG ?= pkg-config

B        = build
# A call to a function no header declares is an error (C99 has no
# implicit declarations): each file includes the headers of what it calls.
WARN     = -Wall -Wextra -pedantic -Wshadow -Wconversion -Wstrict-prototypes \
           -Wmissing-prototypes -Werror=implicit-function-declaration
# No -ffast-math and no contraction into fma: the output must be
# bit-identical for a seed on every build.
STD      = -std=c99 -ffp-contract=off
# The build folder is not recorded in what is built (the debug info's
# compilation folder): two folders build the same bytes.
REPRO    = -ffile-prefix-map=$$PWD=.
OPT      = -O2 -g
CCFLAGS  = $(STD) $(WARN) $(REPRO) $(OPT) $(CPPFLAGS) $(CFLAGS)
PICFLAGS = -fPIC -fvisibility=hidden

NOISE_SRC = noise/noise.c noise/noise.h
# The DSP's C files, compiled into the plugin and the tests alike.
DSP_C     = plugin/engine/dsp.c plugin/engine/params.c plugin/engine/smooth.c plugin/engine/transport.c \
            plugin/engine/voice.c plugin/engine/ramp.c plugin/engine/coef.c plugin/engine/cells.c plugin/engine/render.c \
            plugin/engine/plan.c plugin/engine/step.c plugin/engine/warp.c plugin/engine/kernels.c \
            noise/noise.c
DSP_SRC   = $(DSP_C) $(wildcard plugin/engine/*.h) plugin/lv2/ports.h $(NOISE_SRC)
# DSP_C compiled once, with the flags it had inside each program (so the
# same code): $(OBJ) for the programs that run it in process (the tests and
# perlin-render), $(PIC) position-independent and hidden for the bundle and
# the broken bundle that allocates. One object a file of DSP_C.
OBJ       = $(B)/obj
PIC       = $(B)/obj-pic
DSP_O     = $(OBJ)/dsp.o $(OBJ)/params.o $(OBJ)/smooth.o $(OBJ)/transport.o \
            $(OBJ)/voice.o $(OBJ)/ramp.o $(OBJ)/coef.o $(OBJ)/cells.o \
            $(OBJ)/render.o $(OBJ)/plan.o $(OBJ)/step.o $(OBJ)/warp.o $(OBJ)/kernels.o $(OBJ)/noise.o
DSP_PIC_O = $(PIC)/dsp.o $(PIC)/params.o $(PIC)/smooth.o $(PIC)/transport.o \
            $(PIC)/voice.o $(PIC)/ramp.o $(PIC)/coef.o $(PIC)/cells.o \
            $(PIC)/render.o $(PIC)/plan.o $(PIC)/step.o $(PIC)/warp.o $(PIC)/kernels.o $(PIC)/noise.o
# The LV2 glue's own C besides plugin/lv2/perlin.c: the inline display, drawn
# with cairo (perlin.c is also #included by the bench, the fuzzer and the
# broken bundles, which compile display.c beside it).
GLUE_C    = plugin/display/display.c plugin/lv2/events.c plugin/lv2/instance.c plugin/lv2/perlin_midi.c
GLUE_SRC  = plugin/lv2/perlin.c $(GLUE_C) plugin/display/display.h plugin/lv2/events.h \
            plugin/lv2/instance.h \
            plugin/lv2/perlin_midi.h plugin/lv2/ports.h
GLUE_LIBS = `$(PKG_CONFIG) --libs cairo`
LIB_EXT   = .so
BUNDLE    = $(B)/perlin.lv2
BUNDLE_FILES = $(BUNDLE)/manifest.ttl $(BUNDLE)/perlin.ttl \
           $(BUNDLE)/presets.ttl $(BUNDLE)/vendor-terms.ttl $(BUNDLE)/perlin$(LIB_EXT) \
           $(BUNDLE)/ui.ttl $(BUNDLE)/perlin_ui$(LIB_EXT) $(BUNDLE)/modgui.ttl $(MODGUI_BUNDLE)
# The MOD GUI (ttl/modgui.ttl): a template and stylesheet for the six
# plugins, and each one's screenshot and thumbnail, rendered from them by
# mod-ui (tests/modgui.sh --update makes them again).
MODGUI_PLUGINS = perlin perlin-cv perlin-keyed perlin4 perlin4-cv perlin-midi
MODGUI_FILES = icon-perlin.html stylesheet-perlin.css \
           screenshot-perlin.png screenshot-perlin-cv.png screenshot-perlin-keyed.png \
           screenshot-perlin4.png screenshot-perlin4-cv.png screenshot-perlin-midi.png \
           thumbnail-perlin.png thumbnail-perlin-cv.png thumbnail-perlin-keyed.png \
           thumbnail-perlin4.png thumbnail-perlin4-cv.png thumbnail-perlin-midi.png
MODGUI_SRC = ttl/modgui/icon-perlin.html ttl/modgui/stylesheet-perlin.css \
           ttl/modgui/screenshot-perlin.png ttl/modgui/screenshot-perlin-cv.png \
           ttl/modgui/screenshot-perlin-keyed.png ttl/modgui/screenshot-perlin4.png \
           ttl/modgui/screenshot-perlin4-cv.png ttl/modgui/screenshot-perlin-midi.png \
           ttl/modgui/thumbnail-perlin.png ttl/modgui/thumbnail-perlin-cv.png \
           ttl/modgui/thumbnail-perlin-keyed.png ttl/modgui/thumbnail-perlin4.png \
           ttl/modgui/thumbnail-perlin4-cv.png ttl/modgui/thumbnail-perlin-midi.png
MODGUI_BUNDLE = $(BUNDLE)/modgui/icon-perlin.html $(BUNDLE)/modgui/stylesheet-perlin.css \
           $(BUNDLE)/modgui/screenshot-perlin.png $(BUNDLE)/modgui/screenshot-perlin-cv.png \
           $(BUNDLE)/modgui/screenshot-perlin-keyed.png $(BUNDLE)/modgui/screenshot-perlin4.png \
           $(BUNDLE)/modgui/screenshot-perlin4-cv.png $(BUNDLE)/modgui/screenshot-perlin-midi.png \
           $(BUNDLE)/modgui/thumbnail-perlin.png $(BUNDLE)/modgui/thumbnail-perlin-cv.png \
           $(BUNDLE)/modgui/thumbnail-perlin-keyed.png $(BUNDLE)/modgui/thumbnail-perlin4.png \
           $(BUNDLE)/modgui/thumbnail-perlin4-cv.png $(BUNDLE)/modgui/thumbnail-perlin-midi.png
# The UI (plugin/ui/): a binary of its own, X11 and cairo, with the engine
# for its preview (the plugin's binary has no UI code).
UI_C      = plugin/ui/ui.c plugin/ui/view.c plugin/ui/preview.c
UI_SRC    = $(UI_C) plugin/ui/view.h plugin/ui/preview.h plugin/lv2/ports.h plugin/display/display.h
UI_LIBS   = `$(PKG_CONFIG) --libs x11 cairo`

HOST_SRC  = tests/host.c tests/host.h $(DSP_SRC) plugin/lv2/perlin_midi.h
LILV      = `$(PKG_CONFIG) --cflags lilv-0`
LILV_LIBS = `$(PKG_CONFIG) --libs lilv-0`

all: bundle $(B)/perlin-render

# what is installed
bundle: $(B)/.bundledeps $(BUNDLE_FILES)

# the build dependencies, checked (never installed) before anything compiles:
# the bundle's, and perlin-render's besides
$(B)/.bundledeps: tests/deps.sh
	@mkdir -p $(B)
	@sh tests/deps.sh $(PKG_CONFIG) bundle
	@touch $@
$(B)/.builddeps: tests/deps.sh
	@mkdir -p $(B)
	@sh tests/deps.sh $(PKG_CONFIG) build
	@touch $@

# make test-plain's tools besides, checked (never installed)
$(B)/.plaindeps: tests/deps.sh
	@mkdir -p $(B)
	@sh tests/deps.sh $(PKG_CONFIG) plain
	@touch $@

# the test tools besides: installed as root, named otherwise
$(B)/.deps: tests/deps.sh
	@mkdir -p $(B)
	@sh tests/deps.sh $(PKG_CONFIG)
	@touch $@

deps:
	@sh tests/deps.sh $(PKG_CONFIG)

# The compile and link lines' flags, in a file rewritten only when they
# change: what is compiled depends on it, so other flags (make CFLAGS=...,
# dpkg-buildflags') rebuild it. Its rule makes the object folders.
$(B)/flags: FORCE
	@mkdir -p $(OBJ) $(PIC)
	@echo '$(CC) $(CCFLAGS) $(PICFLAGS) $(LDFLAGS)' > $@.new; \
		if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi
FORCE:

# The version, in a file rewritten only when it changes (a commit): the
# TTL and perlin-render, which carry it, depend on it.
$(B)/version: FORCE
	@[ -n '$(VERSION)' ] || { echo "no version (tests/version.sh)" >&2; exit 1; }
	@mkdir -p $(B)
	@echo '$(VERSION)' > $@.new; \
		if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi

# One rule an object, so that each compile line is in the log.
$(OBJ)/dsp.o: plugin/engine/dsp.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -c -o $@ plugin/engine/dsp.c
$(OBJ)/params.o: plugin/engine/params.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -c -o $@ plugin/engine/params.c
$(OBJ)/smooth.o: plugin/engine/smooth.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -c -o $@ plugin/engine/smooth.c
$(OBJ)/transport.o: plugin/engine/transport.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -c -o $@ plugin/engine/transport.c
$(OBJ)/warp.o: plugin/engine/warp.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -c -o $@ plugin/engine/warp.c
$(OBJ)/voice.o: plugin/engine/voice.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -c -o $@ plugin/engine/voice.c
$(OBJ)/ramp.o: plugin/engine/ramp.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -c -o $@ plugin/engine/ramp.c
$(OBJ)/coef.o: plugin/engine/coef.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -c -o $@ plugin/engine/coef.c
$(OBJ)/cells.o: plugin/engine/cells.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -c -o $@ plugin/engine/cells.c
$(OBJ)/render.o: plugin/engine/render.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -c -o $@ plugin/engine/render.c
$(OBJ)/plan.o: plugin/engine/plan.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -c -o $@ plugin/engine/plan.c
$(OBJ)/step.o: plugin/engine/step.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -c -o $@ plugin/engine/step.c
$(OBJ)/kernels.o: plugin/engine/kernels.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -c -o $@ plugin/engine/kernels.c
$(OBJ)/noise.o: noise/noise.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -c -o $@ noise/noise.c

$(PIC)/dsp.o: plugin/engine/dsp.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) $(PICFLAGS) -c -o $@ plugin/engine/dsp.c
$(PIC)/params.o: plugin/engine/params.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) $(PICFLAGS) -c -o $@ plugin/engine/params.c
$(PIC)/smooth.o: plugin/engine/smooth.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) $(PICFLAGS) -c -o $@ plugin/engine/smooth.c
$(PIC)/transport.o: plugin/engine/transport.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) $(PICFLAGS) -c -o $@ plugin/engine/transport.c
$(PIC)/warp.o: plugin/engine/warp.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) $(PICFLAGS) -c -o $@ plugin/engine/warp.c
$(PIC)/voice.o: plugin/engine/voice.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) $(PICFLAGS) -c -o $@ plugin/engine/voice.c
$(PIC)/ramp.o: plugin/engine/ramp.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) $(PICFLAGS) -c -o $@ plugin/engine/ramp.c
$(PIC)/coef.o: plugin/engine/coef.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) $(PICFLAGS) -c -o $@ plugin/engine/coef.c
$(PIC)/cells.o: plugin/engine/cells.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) $(PICFLAGS) -c -o $@ plugin/engine/cells.c
$(PIC)/render.o: plugin/engine/render.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) $(PICFLAGS) -c -o $@ plugin/engine/render.c
$(PIC)/plan.o: plugin/engine/plan.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) $(PICFLAGS) -c -o $@ plugin/engine/plan.c
$(PIC)/step.o: plugin/engine/step.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) $(PICFLAGS) -c -o $@ plugin/engine/step.c
$(PIC)/kernels.o: plugin/engine/kernels.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) $(PICFLAGS) -c -o $@ plugin/engine/kernels.c
$(PIC)/noise.o: noise/noise.c $(DSP_SRC) $(B)/flags
	$(CC) $(CCFLAGS) $(PICFLAGS) -c -o $@ noise/noise.c

$(BUNDLE)/perlin$(LIB_EXT): $(B)/.bundledeps $(GLUE_SRC) $(DSP_PIC_O) $(B)/flags
	@mkdir -p $(BUNDLE)
	$(CC) $(CCFLAGS) $(PICFLAGS) -shared \
		`$(PKG_CONFIG) --cflags lv2 cairo` -o $@ plugin/lv2/perlin.c $(GLUE_C) $(DSP_PIC_O) \
		$(LDFLAGS) $(GLUE_LIBS) -lm

$(BUNDLE)/perlin_ui$(LIB_EXT): $(B)/.bundledeps $(UI_SRC) $(DSP_PIC_O) $(B)/flags
	@mkdir -p $(BUNDLE)
	$(CC) $(CCFLAGS) $(PICFLAGS) -shared \
		`$(PKG_CONFIG) --cflags lv2 x11 cairo` -o $@ $(UI_C) $(DSP_PIC_O) \
		$(LDFLAGS) $(UI_LIBS) -lm

$(BUNDLE)/ui.ttl: ttl/ui.ttl
	@mkdir -p $(BUNDLE)
	cp ttl/ui.ttl $@

$(BUNDLE)/modgui.ttl: ttl/modgui.ttl
	@mkdir -p $(BUNDLE)
	cp ttl/modgui.ttl $@

$(MODGUI_BUNDLE): $(BUNDLE)/modgui/.files
$(BUNDLE)/modgui/.files: $(MODGUI_SRC)
	@mkdir -p $(BUNDLE)/modgui
	for f in $(MODGUI_FILES); do cp ttl/modgui/$$f $(BUNDLE)/modgui/ || exit 1; done
	@touch $@

$(BUNDLE)/manifest.ttl: ttl/manifest.ttl.in
	@mkdir -p $(BUNDLE)
	sed 's/@LIB_EXT@/$(LIB_EXT)/g' ttl/manifest.ttl.in > $@

# The plugins share the control ports: spliced in from one fragment.
# The plugins' description: each plugin's ports with the shared control
# ports (ports.ttl.in: their atom input `control` takes MIDI too on the
# plugins that read notes, the one MIDI input Carla delivers to) and trigger controls (triggers.ttl.in, at 18..21 on
# the one-output plugins and 25..28 on the four-output ones) put in.
$(BUNDLE)/perlin.ttl: ttl/perlin.ttl.in ttl/ports.ttl.in ttl/triggers.ttl.in Makefile $(B)/version
	@mkdir -p $(BUNDLE)
	sed -e 's/@P0@/18/;s/@P1@/19/;s/@P2@/20/;s/@P3@/21/' ttl/triggers.ttl.in > $@.t1
	sed -e 's/@P0@/25/;s/@P1@/26/;s/@P2@/27/;s/@P3@/28/' ttl/triggers.ttl.in > $@.t4
	sed -e 's/@CONTROL_NAME@/Control/;s/@CONTROL_MIDI@//;s/@CONTROL_WHAT@//' \
		ttl/ports.ttl.in > $@.c
	sed -e 's/@CONTROL_NAME@/MIDI in/;s/@CONTROL_MIDI@/ , midi:MidiEvent/' \
		-e 's/@CONTROL_WHAT@/MIDI: a note-on on the trigger channel is a trigger (Perlin Noise MIDI passes every event through). /' \
		ttl/ports.ttl.in > $@.cm
	sed -e '/@CONTROL_PORTS@/r $@.c' -e '/@CONTROL_PORTS@/d' \
		-e '/@CONTROL_PORTS_MIDI@/r $@.cm' -e '/@CONTROL_PORTS_MIDI@/d' \
		-e '/@TRIGGER_PORTS_1@/r $@.t1' -e '/@TRIGGER_PORTS_1@/d' \
		-e '/@TRIGGER_PORTS_4@/r $@.t4' -e '/@TRIGGER_PORTS_4@/d' \
		-e "s/@MINOR@/`echo $(VERSION) | cut -d. -f2`/" \
		-e "s/@MICRO@/`echo $(VERSION) | cut -d. -f3`/" \
		ttl/perlin.ttl.in > $@
	rm -f $@.t1 $@.t4 $@.c $@.cm

$(BUNDLE)/presets.ttl: ttl/presets.ttl
	@mkdir -p $(BUNDLE)
	cp ttl/presets.ttl $@

$(BUNDLE)/vendor-terms.ttl: ttl/vendor-terms.ttl
	@mkdir -p $(BUNDLE)
	cp ttl/vendor-terms.ttl $@

$(B)/test_noise: tests/test_noise.c tests/test.h $(NOISE_SRC) $(B)/flags
	$(CC) $(CCFLAGS) -o $@ tests/test_noise.c noise/noise.c $(LDFLAGS) -lm

$(B)/bench: $(B)/.deps tests/bench.c tests/urid_map.h $(GLUE_SRC) $(DSP_SRC) $(B)/flags
	$(CC) $(STD) $(OPT) $(CPPFLAGS) $(CFLAGS) -D_POSIX_C_SOURCE=200809L `$(PKG_CONFIG) --cflags lv2 cairo` \
		-o $@ tests/bench.c $(GLUE_C) $(DSP_C) $(LDFLAGS) $(GLUE_LIBS) -lm

$(B)/perlin-render: $(B)/.builddeps $(DSP_O) $(B)/flags tests/perlin-render.c tests/smf.c tests/smf.h $(HOST_SRC) Makefile \
		$(B)/version
	$(CC) $(CCFLAGS) -DPERLIN_VERSION='"$(VERSION)"' $(LILV) `$(PKG_CONFIG) --cflags sndfile` -o $@ \
		tests/perlin-render.c tests/smf.c tests/host.c $(DSP_O) $(LDFLAGS) $(LILV_LIBS) \
		`$(PKG_CONFIG) --libs sndfile` -lm

$(B)/wavcheck: $(B)/.deps tests/wavcheck.c tests/test.h $(NOISE_SRC) $(B)/flags
	$(CC) $(CCFLAGS) `$(PKG_CONFIG) --cflags sndfile` -o $@ tests/wavcheck.c \
		noise/noise.c $(LDFLAGS) `$(PKG_CONFIG) --libs sndfile` -lm

# the JACK client of make test-hosts, built from test-hosts after
# tests/deps.sh has checked libjack-jackd2-dev
$(B)/jack_notes: tests/jack_notes.c $(B)/flags
	$(CC) $(CCFLAGS) `$(PKG_CONFIG) --cflags jack sndfile` -o $@ \
		tests/jack_notes.c $(LDFLAGS) `$(PKG_CONFIG) --libs jack sndfile`

# the UI's host of make test-ui (tests/test_ui.sh)
$(B)/ui_host: $(B)/.deps $(DSP_O) $(B)/flags tests/ui_host.c tests/urid_map.h $(UI_SRC)
	$(CC) $(CCFLAGS) `$(PKG_CONFIG) --cflags lv2 x11 cairo fontconfig` -o $@ tests/ui_host.c \
		plugin/ui/view.c plugin/ui/preview.c $(DSP_O) $(LDFLAGS) $(UI_LIBS) \
		`$(PKG_CONFIG) --libs fontconfig` -ldl -lm

# checks Perlin Noise MIDI's events recorded from jalv (make test-hosts)
$(B)/midicheck: $(B)/.deps $(DSP_O) $(B)/flags tests/midicheck.c tests/test.h $(HOST_SRC)
	$(CC) $(CCFLAGS) $(LILV) -o $@ tests/midicheck.c tests/host.c \
		$(DSP_O) $(LDFLAGS) $(LILV_LIBS) -lm

$(B)/test_plugin: $(B)/.plaindeps $(DSP_O) $(B)/flags tests/test_plugin.c tests/test.h $(HOST_SRC)
	$(CC) $(CCFLAGS) $(LILV) -o $@ tests/test_plugin.c tests/host.c \
		$(DSP_O) $(LDFLAGS) $(LILV_LIBS) -lm

$(B)/test_transport: $(B)/.plaindeps $(DSP_O) $(B)/flags tests/test_transport.c tests/test.h $(HOST_SRC)
	$(CC) $(CCFLAGS) $(LILV) -o $@ tests/test_transport.c tests/host.c \
		$(DSP_O) $(LDFLAGS) $(LILV_LIBS) -lm

$(B)/test_clock: $(B)/.plaindeps $(DSP_O) $(B)/flags tests/test_clock.c tests/test.h $(HOST_SRC)
	$(CC) $(CCFLAGS) $(LILV) -o $@ tests/test_clock.c tests/host.c \
		$(DSP_O) $(LDFLAGS) $(LILV_LIBS) -lm

$(B)/test_dsp: $(B)/.plaindeps $(DSP_O) $(B)/flags tests/test_dsp.c tests/automation.h tests/test.h $(HOST_SRC)
	$(CC) $(CCFLAGS) $(LILV) -o $@ tests/test_dsp.c tests/host.c \
		$(DSP_O) $(LDFLAGS) $(LILV_LIBS) -lm

$(B)/test_outputs: $(B)/.plaindeps $(DSP_O) $(B)/flags tests/test_outputs.c tests/automation.h tests/test.h $(HOST_SRC)
	$(CC) $(CCFLAGS) $(LILV) -o $@ tests/test_outputs.c tests/host.c \
		$(DSP_O) $(LDFLAGS) $(LILV_LIBS) -lm

$(B)/test_triggers: $(B)/.plaindeps $(DSP_O) $(B)/flags tests/test_triggers.c tests/test.h $(HOST_SRC)
	$(CC) $(CCFLAGS) $(LILV) -o $@ tests/test_triggers.c tests/host.c \
		$(DSP_O) $(LDFLAGS) $(LILV_LIBS) -lm

$(B)/test_midi: $(B)/.plaindeps $(DSP_O) $(B)/flags tests/test_midi.c tests/smf.c tests/smf.h tests/test.h $(HOST_SRC)
	$(CC) $(CCFLAGS) $(LILV) -o $@ tests/test_midi.c tests/smf.c tests/host.c \
		$(DSP_O) $(LDFLAGS) $(LILV_LIBS) -lm

$(B)/test_signal: $(B)/.plaindeps $(DSP_O) $(B)/flags tests/test_signal.c tests/test.h $(HOST_SRC)
	$(CC) $(CCFLAGS) $(LILV) -o $@ tests/test_signal.c tests/host.c \
		$(DSP_O) $(LDFLAGS) $(LILV_LIBS) -lm

$(B)/test_render: $(B)/.plaindeps $(DSP_O) $(B)/flags tests/test_render.c tests/automation.h tests/test.h \
		tests/smf.c tests/smf.h $(HOST_SRC)
	$(CC) $(CCFLAGS) $(LILV) `$(PKG_CONFIG) --cflags sndfile` -o $@ \
		tests/test_render.c tests/smf.c tests/host.c $(DSP_O) \
		$(LDFLAGS) $(LILV_LIBS) `$(PKG_CONFIG) --libs sndfile` -ldl -lpthread -lm

$(B)/test_display: $(B)/.plaindeps $(DSP_O) $(B)/flags tests/test_display.c tests/test.h plugin/display/display.h $(HOST_SRC)
	$(CC) $(CCFLAGS) $(LILV) `$(PKG_CONFIG) --cflags cairo` -o $@ tests/test_display.c \
		tests/host.c $(DSP_O) $(LDFLAGS) $(LILV_LIBS) $(GLUE_LIBS) -lpthread -lm

# The plugin and test_display under ThreadSanitizer: render() in the GUI
# thread while run() runs, without a data race (the engine compiled once
# into dsp.a, as under AddressSanitizer below).
TSAN = $(B)/tsan
$(TSAN)/.built: $(B)/.deps $(B)/flags $(GLUE_SRC) $(HOST_SRC) tests/test_display.c tests/test.h $(BUNDLE_FILES)
	@mkdir -p $(TSAN)/perlin.lv2 $(TSAN)/obj
	cp $(BUNDLE)/*.ttl $(TSAN)/perlin.lv2/
	for c in $(DSP_C); do $(CC) $(CCFLAGS) -fsanitize=thread -fPIC -c \
		-o $(TSAN)/obj/`basename $$c .c`.o $$c || exit 1; done
	rm -f $(TSAN)/dsp.a && $(AR) -rc $(TSAN)/dsp.a $(TSAN)/obj/*.o
	$(CC) $(CCFLAGS) -fsanitize=thread -fPIC -shared `$(PKG_CONFIG) --cflags lv2 cairo` \
		-o $(TSAN)/perlin.lv2/perlin$(LIB_EXT) plugin/lv2/perlin.c $(GLUE_C) $(TSAN)/dsp.a \
		$(LDFLAGS) $(GLUE_LIBS) -lm
	$(CC) $(CCFLAGS) -fsanitize=thread $(LILV) `$(PKG_CONFIG) --cflags cairo` \
		-o $(TSAN)/test_display tests/test_display.c tests/host.c $(TSAN)/dsp.a \
		$(LDFLAGS) $(LILV_LIBS) $(GLUE_LIBS) -lpthread -lm
	@touch $@

test-tsan: $(TSAN)/.built
	TSAN_OPTIONS=halt_on_error=1 $(TSAN)/test_display $(TSAN)/perlin.lv2 $(SEED)

# Deliberately broken bundles that test_render must reject: one allocates in
# run(), one has no crossfade (10 us). They show the checks can fail.
BROKEN_ALLOC = $(B)/broken-alloc/perlin.lv2/perlin$(LIB_EXT)
BROKEN_XFADE = $(B)/broken-xfade/perlin.lv2/perlin$(LIB_EXT)
$(BROKEN_ALLOC): $(BUNDLE_FILES) tests/broken_alloc.c $(GLUE_SRC) $(DSP_PIC_O) $(B)/flags
	@mkdir -p $(B)/broken-alloc/perlin.lv2
	cp $(BUNDLE)/*.ttl $(B)/broken-alloc/perlin.lv2/
	$(CC) $(CCFLAGS) -Wno-missing-prototypes $(PICFLAGS) -shared \
		`$(PKG_CONFIG) --cflags lv2 cairo` -o $@ tests/broken_alloc.c $(GLUE_C) $(DSP_PIC_O) \
		$(LDFLAGS) $(GLUE_LIBS) -lm
$(BROKEN_XFADE): $(BUNDLE_FILES) $(GLUE_SRC) $(DSP_SRC) $(B)/flags
	@mkdir -p $(B)/broken-xfade/perlin.lv2
	cp $(BUNDLE)/*.ttl $(B)/broken-xfade/perlin.lv2/
	$(CC) $(CCFLAGS) -DPERLIN_XFADE_S=0.00001 -DPERLIN_XFADE_CELLS=0 $(PICFLAGS) -shared \
		`$(PKG_CONFIG) --cflags lv2 cairo` -o $@ plugin/lv2/perlin.c $(GLUE_C) $(DSP_C) \
		$(LDFLAGS) $(GLUE_LIBS) -lm

# The plugin built with clang: tests/test_clang.sh requires it to render
# bit-identically to the cc (gcc) build.
CLANG        ?= clang
CLANG_BUNDLE  = $(B)/clang/perlin.lv2/perlin$(LIB_EXT)
$(CLANG_BUNDLE): $(BUNDLE_FILES) $(GLUE_SRC) $(DSP_SRC) $(B)/flags
	@mkdir -p $(B)/clang/perlin.lv2
	cp $(BUNDLE)/*.ttl $(B)/clang/perlin.lv2/
	$(CLANG) $(CCFLAGS) $(PICFLAGS) -shared \
		`$(PKG_CONFIG) --cflags lv2 cairo` -o $@ plugin/lv2/perlin.c $(GLUE_C) $(DSP_C) \
		$(LDFLAGS) $(GLUE_LIBS) -lm

PLAIN_TESTS = $(B)/test_noise $(B)/test_plugin $(B)/test_display $(B)/test_transport $(B)/test_clock $(B)/test_render \
        $(BROKEN_ALLOC) $(BROKEN_XFADE) $(B)/test_dsp $(B)/test_outputs $(B)/test_triggers $(B)/test_midi \
        $(B)/test_signal

# Everything again under AddressSanitizer + UndefinedBehaviorSanitizer,
# the engine (DSP_C) compiled once into dsp.a, position-independent for
# the bundle and the programs alike (compiled into each of the ten, it
# took 2 minutes a program here: 20 of make check's minutes).
SAN = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
ASAN = $(B)/asan
$(ASAN)/.built: $(B)/.deps $(HOST_SRC) $(GLUE_SRC) tests/test_noise.c \
		tests/test_plugin.c tests/test_transport.c tests/test_clock.c tests/test_render.c tests/perlin-render.c \
		tests/test_dsp.c tests/test_outputs.c tests/test_triggers.c tests/test_midi.c \
		tests/smf.c tests/smf.h tests/automation.h \
		tests/test.h $(BUNDLE_FILES) \
		$(BROKEN_XFADE) $(B)/flags $(B)/version
	@mkdir -p $(ASAN)/perlin.lv2 $(ASAN)/obj
	ln -sfn ../broken-xfade $(ASAN)/broken-xfade
	cp $(BUNDLE)/*.ttl $(ASAN)/perlin.lv2/
	for c in $(DSP_C); do $(CC) $(CCFLAGS) $(SAN) -fPIC -c \
		-o $(ASAN)/obj/`basename $$c .c`.o $$c || exit 1; done
	rm -f $(ASAN)/dsp.a && $(AR) -rc $(ASAN)/dsp.a $(ASAN)/obj/*.o
	$(CC) $(CCFLAGS) $(SAN) -fPIC -shared `$(PKG_CONFIG) --cflags lv2 cairo` \
		-o $(ASAN)/perlin.lv2/perlin$(LIB_EXT) plugin/lv2/perlin.c $(GLUE_C) \
		$(ASAN)/dsp.a $(LDFLAGS) $(GLUE_LIBS) -lm
	$(CC) $(CCFLAGS) $(SAN) -o $(ASAN)/test_noise tests/test_noise.c \
		noise/noise.c $(LDFLAGS) -lm
	$(CC) $(CCFLAGS) $(SAN) $(LILV) -o $(ASAN)/test_plugin \
		tests/test_plugin.c tests/host.c $(ASAN)/dsp.a \
		$(LDFLAGS) $(LILV_LIBS) -lm
	$(CC) $(CCFLAGS) $(SAN) $(LILV) -o $(ASAN)/test_dsp \
		tests/test_dsp.c tests/host.c $(ASAN)/dsp.a \
		$(LDFLAGS) $(LILV_LIBS) -lm
	$(CC) $(CCFLAGS) $(SAN) $(LILV) -o $(ASAN)/test_transport \
		tests/test_transport.c tests/host.c $(ASAN)/dsp.a \
		$(LDFLAGS) $(LILV_LIBS) -lm
	$(CC) $(CCFLAGS) $(SAN) $(LILV) -o $(ASAN)/test_clock \
		tests/test_clock.c tests/host.c $(ASAN)/dsp.a \
		$(LDFLAGS) $(LILV_LIBS) -lm
	$(CC) $(CCFLAGS) $(SAN) $(LILV) -o $(ASAN)/test_outputs \
		tests/test_outputs.c tests/host.c $(ASAN)/dsp.a \
		$(LDFLAGS) $(LILV_LIBS) -lm
	$(CC) $(CCFLAGS) $(SAN) $(LILV) -o $(ASAN)/test_triggers \
		tests/test_triggers.c tests/host.c $(ASAN)/dsp.a \
		$(LDFLAGS) $(LILV_LIBS) -lm
	$(CC) $(CCFLAGS) $(SAN) $(LILV) -o $(ASAN)/test_midi \
		tests/test_midi.c tests/smf.c tests/host.c $(ASAN)/dsp.a \
		$(LDFLAGS) $(LILV_LIBS) -lm
	$(CC) $(CCFLAGS) $(SAN) -DNO_INTERPOSE $(LILV) \
		`$(PKG_CONFIG) --cflags sndfile` -o $(ASAN)/test_render \
		tests/test_render.c tests/smf.c tests/host.c $(ASAN)/dsp.a \
		$(LDFLAGS) $(LILV_LIBS) `$(PKG_CONFIG) --libs sndfile` -ldl -lpthread -lm
	$(CC) $(CCFLAGS) $(SAN) -DPERLIN_VERSION='"$(VERSION)"' $(LILV) `$(PKG_CONFIG) --cflags sndfile` \
		-o $(ASAN)/perlin-render tests/perlin-render.c tests/smf.c tests/host.c \
		$(ASAN)/dsp.a $(LDFLAGS) $(LILV_LIBS) \
		`$(PKG_CONFIG) --libs sndfile` -lm
	@touch $@

# lilv keeps some world data until exit: leaks are not what this checks.
SAN_ENV = ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1

test-sanitize: $(ASAN)/.built
	$(SAN_ENV) $(ASAN)/test_noise $(SEED)
	$(SAN_ENV) $(ASAN)/test_plugin $(ASAN)/perlin.lv2 $(SEED)
	$(SAN_ENV) $(ASAN)/test_transport $(ASAN)/perlin.lv2 $(SEED)
	$(SAN_ENV) $(ASAN)/test_clock $(ASAN)/perlin.lv2 $(SEED)
	$(SAN_ENV) $(ASAN)/test_dsp $(ASAN)/perlin.lv2 $(SEED)
	$(SAN_ENV) $(ASAN)/test_outputs $(ASAN)/perlin.lv2 $(SEED)
	$(SAN_ENV) $(ASAN)/test_triggers $(ASAN)/perlin.lv2 $(SEED)
	$(SAN_ENV) $(ASAN)/test_midi $(ASAN)/perlin.lv2 $(SEED)
	$(SAN_ENV) $(ASAN)/test_render $(ASAN) $(SEED)

VALGRIND = valgrind --error-exitcode=1 --errors-for-leak-kinds=none -q
test-valgrind: $(B)/test_plugin $(BUNDLE_FILES) $(B)/perlin-render
	$(VALGRIND) $(B)/test_plugin $(BUNDLE) $(SEED)
	$(VALGRIND) $(B)/perlin-render -q --seconds 2 --cv \
		--ramp seed=0:1,1:7 --set dimensions=2 -o $(B)/valgrind.wav
	$(VALGRIND) $(B)/perlin-render -q --seconds 2 --four --set octaves=8 \
		--ramp spread=0:0,1:1 --step seed=0:1,1.5:7 --set dimensions=2 --set drift=1 \
		-o $(B)/valgrind4.wav

# The LV2 entry points under libFuzzer (clang, Debian's libclang-rt-dev),
# with AddressSanitizer and UndefinedBehaviorSanitizer, from the corpus kept
# in tests/fuzz-corpus (new inputs go to build/fuzz-corpus; a tarball
# holds only its named inputs: tests/README, fuzz_plugin.c, says why).
# make test runs it for FUZZ_QUICK_SECONDS, make check and make fuzz for
# FUZZ_SECONDS; run it longer with make fuzz FUZZ_SECONDS=3600.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_QUICK_SECONDS ?= 10
FUZZ_FLAGS    = -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
$(B)/fuzz_plugin: $(B)/.deps tests/fuzz_plugin.c tests/urid_map.h $(GLUE_SRC) $(DSP_SRC)
	$(FUZZ_CC) $(STD) -g -O1 $(FUZZ_FLAGS) `$(PKG_CONFIG) --cflags lv2 cairo` -o $@ \
		tests/fuzz_plugin.c $(GLUE_C) $(DSP_C) $(GLUE_LIBS) -lm

fuzz: $(B)/fuzz_plugin
	@mkdir -p $(B)/fuzz-corpus
	@echo "fuzz_plugin for $(FUZZ_SECONDS) s (log: $(B)/fuzz.log)"
	@seed=$(SEED); LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
		$(B)/fuzz_plugin -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
		-max_len=8192 -seed=$${seed:-0} -artifact_prefix=$(B)/fuzz- \
		$(B)/fuzz-corpus tests/fuzz-corpus > $(B)/fuzz.log 2>&1 || \
		{ tail -n 40 $(B)/fuzz.log; echo "fuzz_plugin: 0 passed, 1 failed"; exit 1; }
	@grep -E 'Seed:|^Done' $(B)/fuzz.log
	@awk '/^Done/ { print "fuzz_plugin: " $$2 " passed, 0 failed" }' $(B)/fuzz.log

# Real hosts (Debian packages ffmpeg, jalv, jackd2, ardour): the bundle as
# installed, loaded by programs nobody here wrote.
test-hosts: $(B)/.deps all $(B)/wavcheck $(B)/midicheck
	@sh tests/deps.sh $(PKG_CONFIG) hosts
	$(MAKE) $(B)/jack_notes
	$(MAKE) install DESTDIR= LV2DIR="$(CURDIR)/$(B)/hosts/lv2" \
		SCRIPTDIRS="$(CURDIR)/$(B)/hosts/scripts"
	sh tests/test_hosts.sh $(B)
	$(MAKE) test-ui
	$(MAKE) test-ardour-modulation

# The plugins' UI under Xvfb, in tests/ui_host.c: opened, dragged,
# automated, typed into, and opened and closed under valgrind
test-ui: $(B)/.deps bundle $(B)/ui_host
	@sh tests/deps.sh $(PKG_CONFIG) ui
	sh tests/test_ui.sh $(B)

# Perlin Noise modulating ACE Amplifier in Ardour's exports: the Lua DSP
# plugin (perlin-modulator.lua), the editor action (perlin-automate.lua),
# and the Lua DSP plugin following output 3 of Perlin Noise x4; then the
# modulator while its chain is edited, and both on a logarithmic cutoff;
# then the one-step action (perlin-modulation.lua) on a fresh session
test-ardour-modulation: $(B)/.deps all
	sh tests/test_ardour_modulator.sh $(B) local
	sh tests/test_ardour_modulator.sh $(B) local4
	sh tests/test_ardour_modulator.sh $(B) automation
	sh tests/test_ardour_modulator.sh $(B) dsp
	sh tests/test_ardour_edits.sh $(B)
	sh tests/test_ardour_action.sh $(B)

# The Ardour host tests again in Ardour 8 (Debian 13's 8.12), in a trixie
# chroot made with debootstrap from the archive apt uses and kept in
# ARDOUR8_CACHE, outside the repository (as root; 2 minutes to make it
# the first time on a quiet machine, 8 measured on a loaded one)
ARDOUR8_CACHE ?= /var/cache/perlin-ardour8
test-ardour8:
	CACHE=$(ARDOUR8_CACHE) sh tests/ardour8_chroot.sh . sh -c \
		'make install DESTDIR= LV2DIR="$$PWD/build/hosts/lv2" SCRIPTDIRS="$$PWD/build/hosts/scripts" && \
		 ARDOUR=ardour8 ONLY_ARDOUR=1 sh tests/test_hosts.sh build && \
		 ARDOUR=ardour8 make test-ardour-modulation'

# The arm64 tier (the MOD Dwarf, Zynthian, a Raspberry Pi): the bundle,
# perlin-render and the plain DSP tests cross-built for aarch64 by the
# rules above, into $(ARM64), with Debian's gcc-aarch64-linux-gnu and the
# libraries of Debian's arm64 architecture (tests/deps.sh arm64 installs
# them, as root), then run under qemu-aarch64; tests/test_arm64.sh requires
# each arm64 render to equal the x86 build's, bit for bit. ARM64_CFLAGS is
# CFLAGS there (after -ffp-contract=off): `make test-arm64
# ARM64=build/arm64-fma ARM64_CFLAGS='-O2 -g -ffp-contract=fast'` lets
# aarch64 fuse multiplies and adds, and must fail.
ARM64_CC     ?= aarch64-linux-gnu-gcc
ARM64_CFLAGS ?= $(CFLAGS)
ARM64        ?= $(B)/arm64
QEMU_ARM64   ?= qemu-aarch64
ARM64_MAKE = PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig \
	$(MAKE) B=$(ARM64) CC=$(ARM64_CC) CFLAGS='$(ARM64_CFLAGS)'
# The plain tests run under qemu: those without cairo, JACK or an
# interposed malloc, but for test_outputs and test_signal, which mostly
# measure the signal's statistics (the same when the renders equal x86's)
# and take 4 and 1.5 minutes there (name them here to run them too).
ARM64_TESTS ?= test_plugin test_transport test_clock test_dsp test_triggers test_midi
test-arm64: $(B)/.deps all
	@sh tests/deps.sh $(PKG_CONFIG) arm64
	$(ARM64_MAKE) all $(ARM64)/test_noise
	for t in $(ARM64_TESTS); do $(ARM64_MAKE) $(ARM64)/$$t || exit 1; done
	$(QEMU_ARM64) $(ARM64)/test_noise $(SEED)
	for t in $(ARM64_TESTS); do $(QEMU_ARM64) $(ARM64)/$$t $(ARM64)/perlin.lv2 $(SEED) \
		|| exit 1; done
	sh tests/test_arm64.sh $(B) $(ARM64) $(QEMU_ARM64)

# The tests load exactly the bundle they name: with the deliberately
# broken bundles on LV2_PATH and as ~/.lv2, a test that read the LV2 path
# would run them and fail.
DECOY = LV2_PATH="$(CURDIR)/$(B)/broken-alloc:$(CURDIR)/$(B)/broken-xfade" \
        HOME="$(CURDIR)/$(B)/decoy-home"
$(B)/decoy-home/.lv2: $(BROKEN_ALLOC)
	@mkdir -p $(B)/decoy-home
	ln -sfn ../broken-alloc $@

# make test-plain: the plain tests alone, what a distribution's package
# build can run: no network, root or package manager (tests/deps.sh plain
# names a missing tool, never installs one), no clang, valgrind or fuzzer.
test-plain: $(B)/.plaindeps all $(PLAIN_TESTS) $(B)/decoy-home/.lv2
	$(B)/test_noise $(SEED)
	sh tests/floors.sh
	sh tests/owners.sh
	sh tests/test_checks.sh
	lv2_validate $(BUNDLE)/manifest.ttl $(BUNDLE)/perlin.ttl $(BUNDLE)/presets.ttl $(BUNDLE)/vendor-terms.ttl
	$(DECOY) $(B)/test_plugin $(BUNDLE) $(SEED)
	$(DECOY) $(B)/test_transport $(BUNDLE) $(SEED)
	$(DECOY) $(B)/test_clock $(BUNDLE) $(SEED)
	$(DECOY) $(B)/test_dsp $(BUNDLE) $(SEED)
	$(DECOY) $(B)/test_outputs $(BUNDLE) $(SEED)
	$(DECOY) $(B)/test_triggers $(BUNDLE) $(SEED)
	$(DECOY) $(B)/test_midi $(BUNDLE) $(SEED)
	$(DECOY) $(B)/test_display $(BUNDLE) $(SEED)
	$(B)/test_signal $(SEED)
	lua5.3 tests/test_lua_scripts.lua plugin/ardour/perlin-modulator.lua
	sh tests/test_install_user.sh $(B)
	$(DECOY) $(B)/test_render $(B) $(SEED)

# perlin.lv2 as a Debian package built from make dist's tarball, the dist
# and the bundle reproducible, make install's dependencies the bundle's
# (tests/test_package.sh); the tools installed as root (tests/deps.sh
# package). Needs the git checkout.
test-package:
	@sh tests/deps.sh $(PKG_CONFIG) package
	sh tests/test_package.sh $(B)

# make test, the quick tier (a few minutes from a clean build): the test
# tools installed as root, the plain tests, the clang build against gcc,
# and the fuzzer for FUZZ_QUICK_SECONDS.
test: $(B)/.deps test-plain $(CLANG_BUNDLE) $(B)/wavcheck $(B)/fuzz_plugin
	$(DECOY) sh tests/test_clang.sh $(B)
	sh tests/test_wavcheck.sh $(B)/wavcheck
	$(MAKE) fuzz FUZZ_SECONDS=$(FUZZ_QUICK_SECONDS) SEED=$(SEED)

# make check, the full tier (before a commit; CI runs it): make test, then
# the tests again under AddressSanitizer + UndefinedBehaviorSanitizer, under
# valgrind, the display under ThreadSanitizer, and the fuzzer for
# FUZZ_SECONDS. The real hosts are make test-hosts.
check: test
	$(MAKE) test-sanitize test-valgrind test-tsan fuzz SEED=$(SEED)

bench: $(B)/bench
	$(B)/bench

# The scripts go into each folder of SCRIPTDIRS (one word each).
SCRIPTS = plugin/ardour/perlin-modulator.lua plugin/ardour/perlin-automate.lua \
          plugin/ardour/perlin-modulation.lua
install: bundle
	mkdir -p $(DESTDIR)$(LV2DIR)/perlin.lv2
	install -m 644 $(BUNDLE)/manifest.ttl $(BUNDLE)/perlin.ttl \
		$(BUNDLE)/presets.ttl $(BUNDLE)/vendor-terms.ttl $(BUNDLE)/ui.ttl \
		$(DESTDIR)$(LV2DIR)/perlin.lv2/
	install -m 755 $(BUNDLE)/perlin$(LIB_EXT) $(BUNDLE)/perlin_ui$(LIB_EXT) \
		$(DESTDIR)$(LV2DIR)/perlin.lv2/
	install -m 644 $(BUNDLE)/modgui.ttl $(DESTDIR)$(LV2DIR)/perlin.lv2/
	mkdir -p $(DESTDIR)$(LV2DIR)/perlin.lv2/modgui
	for f in $(MODGUI_FILES); do install -m 644 $(BUNDLE)/modgui/$$f \
		$(DESTDIR)$(LV2DIR)/perlin.lv2/modgui/ || exit 1; done
	for d in $(SCRIPTDIRS); do mkdir -p "$(DESTDIR)$$d" && \
		install -m 644 $(SCRIPTS) "$(DESTDIR)$$d/" || exit 1; done

# The user's Ardour script folders, for the Ardour versions on the machine
# (plugin/ardour/script-dirs.sh says which and why).
USER_SCRIPTDIRS = dirs=`sh plugin/ardour/script-dirs.sh`
install-user:
	@$(USER_SCRIPTDIRS); echo "Ardour scripts into:$$dirs"; \
		$(MAKE) install LV2DIR="$$HOME/.lv2" SCRIPTDIRS="$$dirs" DESTDIR=

# Removes exactly what install-user put.
uninstall-user:
	@$(USER_SCRIPTDIRS); $(MAKE) uninstall LV2DIR="$$HOME/.lv2" SCRIPTDIRS="$$dirs" DESTDIR=

# perlin-modulate.lua (the retired session script) too, if an older
# install left it
uninstall:
	rm -f $(DESTDIR)$(LV2DIR)/perlin.lv2/manifest.ttl \
		$(DESTDIR)$(LV2DIR)/perlin.lv2/perlin.ttl \
		$(DESTDIR)$(LV2DIR)/perlin.lv2/presets.ttl \
		$(DESTDIR)$(LV2DIR)/perlin.lv2/vendor-terms.ttl \
		$(DESTDIR)$(LV2DIR)/perlin.lv2/ui.ttl \
		$(DESTDIR)$(LV2DIR)/perlin.lv2/perlin$(LIB_EXT) \
		$(DESTDIR)$(LV2DIR)/perlin.lv2/perlin_ui$(LIB_EXT) \
		$(DESTDIR)$(LV2DIR)/perlin.lv2/modgui.ttl
	for f in $(MODGUI_FILES); do rm -f $(DESTDIR)$(LV2DIR)/perlin.lv2/modgui/$$f; done
	-rmdir $(DESTDIR)$(LV2DIR)/perlin.lv2/modgui
	for d in $(SCRIPTDIRS); do rm -f "$(DESTDIR)$$d/perlin-modulate.lua" \
		"$(DESTDIR)$$d/perlin-modulator.lua" "$(DESTDIR)$$d/perlin-automate.lua" \
		"$(DESTDIR)$$d/perlin-modulation.lua"; \
		rmdir "$(DESTDIR)$$d" "`dirname "$(DESTDIR)$$d"`" 2> /dev/null || true; done
	-rmdir $(DESTDIR)$(LV2DIR)/perlin.lv2

# make dist: perlin.lv2-VERSION.tar.gz with what building, installing and
# testing need (the files git tracks, less CI's and the fuzz inputs
# libFuzzer kept and named by their SHA-1: the named ones stay) and the
# VERSION file. The same tree gives the same bytes: names sorted, every
# time the last commit's, owner root, modes 644/755, no gzip time stamp
# (GNU tar). make distcheck unpacks it in build/distcheck, builds it, runs
# make test there and installs it into a staging DESTDIR, checking every
# installed file, then uninstalls it.
DIST = perlin.lv2-$(VERSION)
dist:
	@git rev-parse --is-inside-work-tree > /dev/null 2>&1 || \
		{ echo "make dist: needs the git checkout (it packs the files git tracks)" >&2; exit 1; }
	@[ -z "`git status --porcelain --untracked-files=no`" ] || \
		echo "make dist: note: uncommitted changes are packed as they are in the tree" >&2
	rm -rf $(B)/$(DIST) && mkdir -p $(B)/$(DIST)
	git ls-files | grep -v -e '^\.ci/' -e '^\.gitignore$$' \
		-e '^tests/fuzz-corpus/[0-9a-f]\{40\}$$' | \
		tar -cf - -T - | tar -xf - -C $(B)/$(DIST)
	echo $(VERSION) > $(B)/$(DIST)/VERSION
	tar -C $(B) --format=gnu --sort=name --mtime=@`git log -1 --format=%ct` \
		--owner=0 --group=0 --numeric-owner --mode=a+rX,u+w,go-w \
		-cf - $(DIST) | gzip -9n > $(DIST).tar.gz
	rm -rf $(B)/$(DIST)
	@echo "$(DIST).tar.gz: `tar -tzf $(DIST).tar.gz | grep -vc '/$$'` files"

DISTCHECK = $(CURDIR)/$(B)/distcheck
distcheck: dist
	@case `echo $(VERSION) | cut -d. -f2` in *[02468]) \
		grep -q 'Version $(VERSION) ' README.md && grep -q '^## $(VERSION) ' CHANGELOG.md && \
		! grep -q '^## Unreleased' CHANGELOG.md || { echo "distcheck: release $(VERSION):" \
		"README.md and CHANGELOG.md must name it, CHANGELOG.md no Unreleased section" >&2; exit 1; };; \
	*) grep -q '^## Unreleased' CHANGELOG.md || { echo "distcheck: development snapshot" \
		"$(VERSION): CHANGELOG.md has no Unreleased section" >&2; exit 1; };; esac
	rm -rf $(DISTCHECK) && mkdir -p $(DISTCHECK)
	tar -xzf $(DIST).tar.gz -C $(DISTCHECK)
	cd $(DISTCHECK)/$(DIST) && $(MAKE) && $(MAKE) test && \
		$(MAKE) install PREFIX=/usr DESTDIR=$(DISTCHECK)/stage
	for f in lib/lv2/perlin.lv2/manifest.ttl lib/lv2/perlin.lv2/perlin.ttl \
		lib/lv2/perlin.lv2/presets.ttl lib/lv2/perlin.lv2/vendor-terms.ttl \
		lib/lv2/perlin.lv2/perlin$(LIB_EXT) lib/lv2/perlin.lv2/ui.ttl \
		lib/lv2/perlin.lv2/perlin_ui$(LIB_EXT) lib/lv2/perlin.lv2/modgui.ttl \
		lib/lv2/perlin.lv2/modgui/icon-perlin.html lib/lv2/perlin.lv2/modgui/screenshot-perlin.png \
		share/ardour7/scripts/perlin-modulator.lua share/ardour7/scripts/perlin-automate.lua \
		share/ardour7/scripts/perlin-modulation.lua share/ardour8/scripts/perlin-modulation.lua \
		share/ardour8/scripts/perlin-modulator.lua share/ardour8/scripts/perlin-automate.lua; do \
		[ -s $(DISTCHECK)/stage/usr/$$f ] || { echo "distcheck: $$f not installed" >&2; exit 1; }; done
	grep -q "lv2:minorVersion `echo $(VERSION) | cut -d. -f2` ;" \
		$(DISTCHECK)/stage/usr/lib/lv2/perlin.lv2/perlin.ttl
	grep -q "lv2:microVersion `echo $(VERSION) | cut -d. -f3` ;" \
		$(DISTCHECK)/stage/usr/lib/lv2/perlin.lv2/perlin.ttl
	$(DISTCHECK)/$(DIST)/build/perlin-render --version | grep -qx 'perlin-render (perlin.lv2) $(VERSION)'
	cd $(DISTCHECK)/$(DIST) && $(MAKE) uninstall PREFIX=/usr DESTDIR=$(DISTCHECK)/stage
	@left=`find $(DISTCHECK)/stage -type f`; [ -z "$$left" ] || \
		{ echo "distcheck: uninstall left $$left" >&2; exit 1; }
	@echo "distcheck: $(DIST).tar.gz builds, passes make test, installs and uninstalls"

# Demo renders: a WAV and an SVG plot each. `make plots` refreshes the
# README's copies in tests/plots/.
RENDER = $(B)/perlin-render -q --seconds 8
DEMO   = $(B)/demo

demo: $(B)/.deps all
	@mkdir -p $(DEMO)
	$(RENDER) --set octaves=1 -o $(DEMO)/oct1.wav --plot $(DEMO)/oct1.svg
	$(RENDER) --set octaves=4 -o $(DEMO)/oct4.wav --plot $(DEMO)/oct4.svg
	$(RENDER) --set octaves=8 -o $(DEMO)/oct8.wav --plot $(DEMO)/oct8.svg
	$(RENDER) --set dimensions=2 --set octaves=5 --ramp morph=0:0,8:3 \
		-o $(DEMO)/2d.wav --plot $(DEMO)/2d.svg
	$(RENDER) --set loop=4 --set rate=2 --set octaves=5 \
		-o $(DEMO)/loop.wav --plot $(DEMO)/loop.svg
	$(RENDER) --ramp rate=0:0.5,4:6,8:0.5 --ramp octaves=0:1,8:8 \
		-o $(DEMO)/ramp.wav --plot $(DEMO)/ramp.svg
	$(RENDER) --four --set spread=0.2 --set octaves=5 \
		-o $(DEMO)/spread02.wav --plot $(DEMO)/spread02.svg
	$(RENDER) --four --set spread=0.8 --set octaves=5 \
		-o $(DEMO)/spread08.wav --plot $(DEMO)/spread08.svg
	$(RENDER) --keyed --seconds 4 --set rate=2 --set trigger=1 \
		--triggers 0.5,1.3,1.7,2.9 -o $(DEMO)/restart.wav --plot $(DEMO)/restart.svg
	$(RENDER) --keyed --seconds 4 --set rate=3 --set trigger=3 --set glide=0.06 \
		--triggers 0.25,0.5,0.75,1,1.25,1.5,1.75,2,2.25,2.5,2.75,3,3.25,3.5,3.75 \
		-o $(DEMO)/step.wav --plot $(DEMO)/step.svg
	@echo "demo renders:"; ls $(DEMO)/*.wav $(DEMO)/*.svg

plots: demo $(B)/test_display
	@mkdir -p tests/plots
	cp $(B)/demo/*.svg tests/plots/
	PERLIN_DISPLAY_PNG=tests/plots $(B)/test_display $(BUNDLE) > /dev/null

clean:
	rm -rf $(B) $(DIST).tar.gz

.PHONY: all bundle dist test-plain test-package distcheck test-ardour8 test-arm64 demo plots deps fuzz test test-tsan test-hosts test-ui test-ardour-modulation test-sanitize test-valgrind check bench install install-user uninstall uninstall-user clean
