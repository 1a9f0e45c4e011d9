#!/bin/sh
# tests/floors.sh [DIR]: the C files and headers under DIR (plugin/ by
# default; its ardour/ left out) call and include each other in the floors
# DIR/README.md declares (its "    floor N: a.c b.h" lines, 1 the top). A
# file may call only functions defined in files on floors below its own,
# never up and never sideways; a file may include only its own header
# (a.h of a.c) and headers on floors below its own, and must include the
# header of each file it calls (b.h of b.c: its functions' declarations). A header is on its .c
# file's floor unless a line names it; a header a line names is checked
# for its own calls too (its inline functions and macros, read alone).
# One check per file (a file on no floor fails too); prints "floors: N
# passed, M failed".
#
# For each C file (with the headers of DIR it #includes, as the compiler
# sees it, but both sides of every #if) the script takes, with comments
# and literals dropped: the functions it defines (a name, its parameters in
# parentheses, then "{" outside any braces) and the names it calls (a name
# followed by "(" inside a body or a #define, not after "." or "->"). A
# call goes to the file that defines that name without "static", unless
# the caller defines it itself. Calls through function pointers (the
# kernels' table) are not seen. Files are known by their names, which are
# unique under DIR.
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
dir=${1:-plugin}
decl=$dir/README.md
[ -f "$decl" ] || { echo "floors: no $decl"; echo "floors: 0 passed, 1 failed"; exit 1; }

awk -v dir="$dir" -v decl="$decl" '
function add_tok(t) { ntok++; tok[ntok] = t; tdepth[ntok] = depth; tpp[ntok] = inpp }

# Tokens of one line: identifiers, numbers (as 0), "->" and single
# characters; comments and literals dropped (incomment carries over).
function scan(line,    n, i, c, c2, q, out) {
	if (!cont && !incomment)
		inpp = line ~ /^[ \t]*#/
	cont = inpp && line ~ /\\$/
	out = ""
	n = length(line)
	i = 1
	while (i <= n) {
		c = substr(line, i, 1)
		c2 = substr(line, i, 2)
		if (incomment) {
			if (c2 == "*/") { incomment = 0; i += 2; out = out " " } else i++
			continue
		}
		if (c2 == "/*") { incomment = 1; i += 2; continue }
		if (c2 == "//") break
		if (c == "\"" || c == "\047") {
			q = c
			i++
			while (i <= n && substr(line, i, 1) != q) {
				if (substr(line, i, 1) == "\\") i++
				i++
			}
			i++
			out = out " 0 "
			continue
		}
		out = out c
		i++
	}
	while (length(out)) {
		if (match(out, /^[ \t\\]+/)) { out = substr(out, RLENGTH + 1); continue }
		if (match(out, /^[A-Za-z_][A-Za-z_0-9]*/)) {
			add_tok(substr(out, 1, RLENGTH))
			out = substr(out, RLENGTH + 1)
			continue
		}
		if (match(out, /^[0-9][A-Za-z_0-9.]*/)) {
			add_tok("0")
			out = substr(out, RLENGTH + 1)
			continue
		}
		if (substr(out, 1, 2) == "->") { add_tok("->"); out = substr(out, 3); continue }
		c = substr(out, 1, 1)
		out = substr(out, 2)
		if (!inpp && c == "{") { add_tok(c); depth++; continue }
		if (!inpp && c == "}") { depth--; add_tok(c); continue }
		add_tok(c)
	}
	if (inpp && !cont)
		add_tok("#end")
}

function base(p) { sub(/.*\//, "", p); return p }
function folder(p) { if (p !~ /\//) return "."; sub(/\/[^\/]*$/, "", p); return p }
# a path with "x/../" and "./" taken out
function tidy(p,    n, i, w, out, k, st) {
	n = split(p, w, "/")
	k = 0
	for (i = 1; i <= n; i++) {
		if (w[i] == "." || w[i] == "") continue
		if (w[i] == ".." && k > 0 && st[k] != "..") { k--; continue }
		st[++k] = w[i]
	}
	out = p ~ /^\// ? "/" : ""
	for (i = 1; i <= k; i++) out = out (i > 1 ? "/" : "") st[i]
	return out
}
# The headers a file includes ("..."), as paths (its includes[] entries).
function includes_of(path, f,    line, h) {
	while ((getline line < path) > 0) {
		if (line ~ /^[ \t]*#[ \t]*include[ \t]*"/) {
			h = line
			sub(/^[^"]*"/, "", h)
			sub(/".*/, "", h)
			incl[f, ++nincl[f]] = tidy(folder(path) "/" h)
		}
	}
	close(path)
}

# A file and, where they are, the headers of dir it includes ("...").
function read_file(path,    line, h) {
	seen[path] = 1
	while ((getline line < path) > 0) {
		if (line ~ /^[ \t]*#[ \t]*include[ \t]*"/) {
			h = line
			sub(/^[^"]*"/, "", h)
			sub(/".*/, "", h)
			h = tidy(folder(path) "/" h)
			if (!(h in seen) && (h in inside) && (getline probe < h) > 0) {
				close(h)
				read_file(h)
				continue
			}
		}
		scan(line)
	}
	close(path)
}

# One check of file f: what it calls or includes (what: "calls" or
# "includes") up or sideways (bad), else what it does (ok).
function report(f, what, bad, ok) {
	if (bad != "") {
		print "FAIL: " f " (floor " floor[f] ") " what " up or sideways:" bad
		failed++
	} else {
		print "ok: " f " (floor " floor[f] ") " what ok
		passed++
	}
}

# Record what file f (its tokens) defines and calls (hdr: a header read
# alone, for its own calls: what it defines counts for the files that
# include it).
function facts(f, hdr,    k, t, j, p, par, isstatic, start) {
	start = 1
	for (k = 1; k <= ntok; k++) {
		t = tok[k]
		if (tpp[k]) {
			if (t ~ /^[A-Za-z_]/ && tok[k + 1] == "(" && !(t in kw) && tok[k - 1] != "define")
				calls[f, ++ncalls[f]] = t
			continue
		}
		if (tdepth[k] == 0) {
			if (t == ";" || t == "}") { start = k + 1; continue }
			if (t ~ /^[A-Za-z_]/ && tok[k + 1] == "(" && !(t in kw)) {
				par = 0
				for (j = k + 1; j <= ntok; j++) {
					if (tpp[j]) continue
					if (tok[j] == "(") par++
					else if (tok[j] == ")" && --par == 0) break
				}
				if (tok[j + 1] == "{") {
					isstatic = 0
					for (p = start; p < k; p++)
						if (tok[p] == "static") isstatic = 1
					local[f, t] = 1
					if (!isstatic && !hdr) {
						if ((t in owner) && owner[t] != f)
							dup[t] = owner[t] " and " f
						owner[t] = f
					}
					k = j
				}
			}
			continue
		}
		if (t ~ /^[A-Za-z_]/ && tok[k + 1] == "(" && !(t in kw) &&
		    tok[k - 1] != "." && tok[k - 1] != "->")
			calls[f, ++ncalls[f]] = t
	}
}

BEGIN {
	split("if while for switch return sizeof defined", w, " ")
	for (i in w) kw[w[i]] = 1
	# the declared floors
	while ((getline line < decl) > 0) {
		if (line !~ /^    floor[ \t]+[0-9]+:/)
			continue
		n = split(line, w, /[ \t]+/)
		for (i = 1; i <= n; i++) {
			if (w[i] ~ /^[0-9]+:$/)
				lay = w[i] + 0
			if (w[i] ~ /^[A-Za-z_0-9]+\.[ch]$/) {
				if (w[i] in floor) { dupdecl = dupdecl " " w[i] }
				floor[w[i]] = lay
				named[w[i]] = 1
				declared[++ndecl] = w[i]
			}
		}
	}
	close(decl)
	# the C files and headers under dir (not its ardour/)
	cmd = "find \"" dir "\" -path \"" dir "/ardour\" -prune -o \\( -name \"*.c\" -o -name \"*.h\" \\) -print | sort"
	nall = 0
	while ((cmd | getline path) > 0) {
		path = tidy(path)
		all[++nall] = path
		inside[path] = 1
	}
	close(cmd)
	# a header is on the floor of its C file unless declared
	for (i = 1; i <= nall; i++) {
		f = base(all[i])
		if (f ~ /\.h$/ && !(f in floor)) {
			c = f
			sub(/\.h$/, ".c", c)
			if (c in floor) floor[f] = floor[c]
		}
	}
	nfiles = 0
	for (i = 1; i <= nall; i++) {
		path = all[i]
		f = base(path)
		if (f in where) dupname = dupname " " f
		where[f] = path
		includes_of(path, f)
		if (f !~ /\.c$/) continue
		files[++nfiles] = f
		present[f] = 1
		ntok = 0; depth = 0; incomment = 0; inpp = 0; cont = 0
		for (s in seen) delete seen[s]
		read_file(path)
		facts(f, 0)
	}
	# the headers named on a floor line: their own code (inline functions,
	# macros) read alone, checked against their own floor
	for (i = 1; i <= nall; i++) {
		path = all[i]
		f = base(path)
		if (f !~ /\.h$/ || !(f in named))
			continue
		files[++nfiles] = f
		ntok = 0; depth = 0; incomment = 0; inpp = 0; cont = 0
		while ((getline line < path) > 0)
			scan(line)
		close(path)
		facts(f, 1)
	}
	passed = failed = 0
	if (!ndecl) {
		print "FAIL: no \"floor N: a.c b.c\" lines in " decl
		failed++
	}
	if (dupdecl != "") {
		print "FAIL: on more than one floor in " decl ":" dupdecl
		failed++
	}
	for (t in dup) {
		print "FAIL: " t " defined in both " dup[t]
		failed++
	}
	for (i = 1; i <= ndecl; i++)
		if (!(declared[i] in where))
			print "note: " declared[i] " (floor " floor[declared[i]] ") is not under " dir "/"
	for (i = 1; i <= nfiles; i++) {
		f = files[i]
		if (!(f in floor)) {
			print "FAIL: " f " is on no floor: add it to a \"floor N:\" line of " decl
			failed++
			continue
		}
		# the files it calls, and what in them
		for (g in via) delete via[g]
		for (j = 1; j <= ncalls[f]; j++) {
			t = calls[f, j]
			if ((f, t) in local || !(t in owner))
				continue
			g = owner[t]
			if (!(g in via))
				via[g] = t
			else if (index(" " via[g] " ", " " t " ") == 0)
				via[g] = via[g] " " t
		}
		bad = ""
		ok = ""
		for (d = 1; d <= ndecl; d++) { # in the declared order
			g = declared[d]
			if (!(g in via))
				continue
			if (floor[g] <= floor[f])
				bad = bad " " g " (floor " floor[g] ": " via[g] ")"
			else
				ok = ok " " g
		}
		report(f, "calls", bad, ok == "" ? " no other file" : ok)
		# and includes the header of each (its own, where they are
		# declared), so that its includes name the files it calls
		miss = ""
		for (d = 1; d <= ndecl; d++) {
			g = declared[d]
			if (!(g in via) || g !~ /\.c$/)
				continue
			hg = g
			sub(/\.c$/, ".h", hg)
			found = 0
			for (j = 1; j <= nincl[f]; j++)
				if (base(incl[f, j]) == hg) found = 1
			if (!found)
				miss = miss " " hg " (" via[g] ")"
		}
		if (miss != "") {
			print "FAIL: " f " calls without including the headers of what it calls:" miss
			failed++
		} else {
			print "ok: " f " includes the header of each file it calls"
			passed++
		}
	}
	if (dupname != "") {
		print "FAIL: more than one file named" dupname " under " dir
		failed++
	}
	# the includes of every file, headers too
	for (i = 1; i <= nall; i++) {
		f = base(all[i])
		if (!(f in floor)) {
			if (f ~ /\.h$/) {
				print "FAIL: " f " is on no floor: name it on a \"floor N:\" line of " decl
				failed++
			}
			continue
		}
		own = f
		sub(/\.[ch]$/, ".h", own)
		bad = ""
		ok = ""
		for (j = 1; j <= nincl[f]; j++) {
			h = incl[f, j]
			if (!(h in inside))
				continue
			g = base(h)
			if (g == own && f ~ /\.c$/) { ok = ok " " g " (its own)"; continue }
			if (!(g in floor) || floor[g] <= floor[f])
				bad = bad " " g " (floor " (g in floor ? floor[g] : "none") ")"
			else
				ok = ok " " g
		}
		report(f, "includes", bad, ok == "" ? " no file of " dir : ok)
	}
	print "floors: " passed " passed, " failed " failed"
	exit failed ? 1 : 0
}'
