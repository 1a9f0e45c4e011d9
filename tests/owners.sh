#!/bin/sh
# tests/owners.sh [DIR]: which engine files write which fields of
# perlin_dsp, against the "    writes a.c b.c: field field" lines of
# DIR/README.md (plugin/ by default). For each C file under DIR/engine/,
# every write through `d->` (d is every function's perlin_dsp: `d->f =`,
# `d->f[i].x +=`, `++d->f`, `d->f--`, `memset(&d->f` or `memcpy(d->f`;
# `&d->f` passed to a call or kept in a pointer that is not const) must
# be to a field a line names, from a file that line names.
# perlin_dsp_init_outputs and perlin_dsp_activate (dsp.c) set everything
# up and are not counted. A write through a pointer counts where the
# pointer is taken from `d` (`perlin_plan *f = &d->plan`), whoever it is
# handed to. One check per file; prints "owners: N passed, M failed". A field on two lines or not in DIR/engine/state.h,
# a line naming no file under DIR/engine/, or no C file there, fails too.
dir=${1:-plugin}
decl="$dir/README.md"
[ -f "$decl" ] || { echo "owners: no $decl"; echo "owners: 0 passed, 1 failed"; exit 1; }

awk -v decl="$decl" -v dir="$dir" '
function strip(s) { # comments across lines, string literals
	out = ""
	while (s != "") {
		if (incomment) {
			e = index(s, "*/")
			if (!e) return out
			s = substr(s, e + 2)
			incomment = 0
		} else {
			b = index(s, "/*")
			if (!b) { out = out s; break }
			out = out substr(s, 1, b - 1) " "
			s = substr(s, b + 2)
			incomment = 1
		}
	}
	gsub(/"([^"\\]|\\.)*"/, "\"\"", out)
	return out
}
BEGIN {
	while ((getline line < decl) > 0) {
		if (line !~ /^    writes[ \t]/)
			continue
		sub(/^    writes[ \t]+/, "", line)
		c = index(line, ":")
		if (!c) { bad_decl = bad_decl " [" line "]"; continue }
		nf = split(substr(line, 1, c - 1), files, /[ \t]+/)
		nw = split(substr(line, c + 1), fields, /[ \t]+/)
		for (i = 1; i <= nf; ++i) {
			if (files[i] == "") continue
			if (system("test -f \"" dir "/engine/" files[i] "\"") != 0)
				bad_decl = bad_decl " " files[i] " (no such file)"
			named[files[i]] = 1
		}
		for (i = 1; i <= nw; ++i) {
			if (fields[i] == "") continue
			if (fields[i] in owner)
				bad_decl = bad_decl " " fields[i] " (on two lines)"
			owner[fields[i]] = " " substr(line, 1, c - 1) " "
			++nfields
		}
	}
	close(decl)
	state = dir "/engine/state.h"
	while ((getline line < state) > 0)
		members = members " " line " "
	close(state)
	gsub(/[^A-Za-z_0-9]/, " ", members)
	for (fld in owner)
		if (index(members, " " fld " ") == 0)
			bad_decl = bad_decl " " fld " (not in state.h)"
	if (!nfields) {
		print "FAIL: no \"writes a.c: field\" lines in " decl
		print "owners: 0 passed, 1 failed"
		exit 1
	}
	if (bad_decl != "") {
		print "FAIL: " decl ":" bad_decl
		failed++
	}
	cmd = "ls " dir "/engine/*.c"
	while ((cmd | getline f) > 0) {
		base = f
		sub(/.*\//, "", base)
		depth = 0; incomment = 0; fn = ""; cand = ""; bad = ""; unnamed = ""; n = 0
		while ((getline line < f) > 0) {
			s = strip(line)
			if (depth == 0 && match(s, /[A-Za-z_][A-Za-z_0-9]*[ \t]*\(/)) {
				cand = substr(s, RSTART, RLENGTH)
				sub(/[ \t]*\($/, "", cand)
			}
			for (i = 1; i <= length(s); ++i) {
				ch = substr(s, i, 1)
				if (ch == "{") { if (depth == 0) fn = cand; depth++ }
				else if (ch == "}") depth--
			}
			if (fn == "perlin_dsp_init_outputs" || fn == "perlin_dsp_activate")
				continue
			t = s # indices out (d->f[i].x = : d->f.x =), then each d->
			while (gsub(/\[[^][]*\]/, "", t))
				;
			before = ""
			while (match(t, /(\+\+|--)?[ \t]*&?d->[a-z_0-9]+(([.]|->)[a-z_0-9]+)*[ \t]*([-+*\/|&^]?=[^=]|\+\+|--)?/)) {
				m = substr(t, RSTART, RLENGTH)
				pre = substr(t, 1, RSTART - 1)
				before = before pre # the line before this match
				t = substr(t, RSTART + RLENGTH)
				field = m
				sub(/^.*d->/, "", field)
				sub(/[^a-z_0-9].*$/, "", field)
				write = m ~ /^(\+\+|--)/ || m ~ /([-+*\/|&^]?=[^=]|\+\+|--)$/
				if (!write && pre ~ /mem(set|cpy|move)[ \t]*\([ \t]*&?[ \t]*$/)
					write = 1
				if (m ~ /[!<>]=[^=]$/ && m !~ /[-+*\/|&^]=[^=]$/)
					write = 0
				# its address passed to a call, or kept in a pointer that is
				# not const: either may write it
				if (!write && m ~ /^[ \t]*&/ && pre ~ /[(,][ \t]*$/)
					write = 1
				if (!write && m ~ /^[ \t]*&/ && pre ~ /[^=!<>]=[ \t]*$/ && before !~ /const/)
					write = 1
				before = before m
				if (write && !(field in owner)) {
					if (index(unnamed, " " field " ") == 0)
						unnamed = unnamed " " field " "
					++n
				}
				if (write && (field in owner) && index(owner[field], " " base " ") == 0) {
					if (index(bad, " " field " (") == 0) {
						who = owner[field]
						gsub(/^ +| +$/, "", who)
						bad = bad " " field " (" who ")"
					}
					++n
				}
			}
		}
		close(f)
		if (n) {
			gsub(/  +/, " ", unnamed)
			sub(/ $/, "", unnamed)
			print "FAIL: " base " writes" (bad != "" ? " fields of other files:" bad : "") \
			      (bad != "" && unnamed != "" ? ";" : "") \
			      (unnamed != "" ? " fields no writes line names:" unnamed : "") \
			      " (" n " writes; see the writes lines of " decl ")"
			failed++
		} else {
			print "ok: " base
			passed++
		}
	}
	close(cmd)
	if (!passed && !failed) {
		print "FAIL: no C files under " dir "/engine/"
		failed++
	}
	print "owners: " passed + 0 " passed, " failed + 0 " failed"
	exit failed ? 1 : 0
}'
