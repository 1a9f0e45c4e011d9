# perlin.lv2: make (bundle in build/perlin.lv2/), make test, make bench,
# make install [PREFIX=/usr/local] [LV2DIR=$(PREFIX)/lib/lv2] [DESTDIR=].
# GNU make or any POSIX (2024) make. Missing Debian packages are installed
# (as root) or named (otherwise) by tests/deps.sh, which the targets run
# first; pkg-config flags are read when a recipe runs, after that check.
.POSIX:

PREFIX     ?= /usr/local
LV2DIR     ?= $(PREFIX)/lib/lv2
DESTDIR    ?=
PKG_CONFIG ?= pkg-config
CC         ?= cc
CFLAGS     ?= -O2 -g

B        = build
WARN     = -Wall -Wextra -pedantic -Wshadow -Wconversion -Wstrict-prototypes \
           -Wmissing-prototypes
# No -ffast-math and no contraction into fma: the output must be
# bit-identical for a seed on every build.
STD      = -std=c99 -ffp-contract=off
CCFLAGS  = $(STD) $(WARN) $(CFLAGS)

NOISE_SRC = noise/noise.c noise/noise.h

all: $(B)/.deps $(B)/noise.o

$(B)/.deps: tests/deps.sh
	@mkdir -p $(B)
	@sh tests/deps.sh $(PKG_CONFIG)
	@touch $@

deps:
	@sh tests/deps.sh $(PKG_CONFIG)

$(B)/noise.o: $(NOISE_SRC)
	@mkdir -p $(B)
	$(CC) $(CCFLAGS) -fPIC -c -o $@ noise/noise.c

$(B)/test_noise: tests/test_noise.c tests/test.h $(NOISE_SRC)
	@mkdir -p $(B)
	$(CC) $(CCFLAGS) -o $@ tests/test_noise.c noise/noise.c -lm

$(B)/bench: $(B)/.deps tests/bench.c $(NOISE_SRC)
	$(CC) $(STD) $(CFLAGS) -D_POSIX_C_SOURCE=199309L -o $@ tests/bench.c \
		noise/noise.c -lm

test: all $(B)/test_noise
	$(B)/test_noise $(SEED)

check: test

bench: $(B)/bench
	$(B)/bench

clean:
	rm -rf $(B)

.PHONY: all deps test check bench clean
