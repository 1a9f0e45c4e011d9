#!/bin/sh
# test_checks.sh: the host tests' comparisons (tests/checks.sh) pass on true
# figures, fail on false ones, and fail whenever a figure is missing: empty,
# a key absent from its file, a file never written, or not a number.
# Ends with "N passed, N failed".
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
set -u
. "$(dirname "$0")/checks.sh"
tmp=${TMPDIR:-/tmp}/test_checks.$$
trap 'rm -f "$tmp"' EXIT
printf 'maxdiff 2.5e-7\nrms 0.31\nbad nan\n' > "$tmp"

pass=0
fail=0
# expect RESULT DESCRIPTION COMMAND...: the command succeeds (RESULT true) or
# fails (false)
expect() {
	want=$1 d=$2
	shift 2
	if "$@"; then got=true; else got=false; fi
	if [ "$got" = "$want" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $d: $got, expected $want"
	fi
}
expect true "lt on numbers" lt 0.1 0.2
expect false "lt false" lt 0.2 0.1
expect false "lt equal" lt 0.2 0.2
expect true "le equal" le 1e-6 1e-6
expect true "le exponent forms" le 2.5E-7 .000001
expect true "le negative" le -3 +2
expect false "le false" le 1 0.5
expect true "between" between 0.5 0.3 0.999
expect false "between outside" between 1 0.3 0.999
expect true "le on a figure read from a file" le "$(figure "$tmp" maxdiff)" 1e-6
expect true "lt on a figure read from a file" lt 0.05 "$(figure "$tmp" rms)"
# a missing figure fails, on either side and in every position
expect false "le, first figure empty" le "" 1e-6
expect false "le, second figure empty" le 0.1 ""
expect false "lt, first figure empty" lt "" 1
expect false "lt, second figure empty" lt 0.05 ""
expect false "between, value empty" between "" 0.3 0.999
expect false "between, bound empty" between 0.5 "" 0.999
expect false "le, key absent from the file" le "$(figure "$tmp" same_maxdiff)" 1e-6
expect false "lt, file never written" lt 0.1 "$(figure "$tmp.none" span_min 2> /dev/null)"
# the eval form of test_hosts.sh: an empty figure drops an operand
empty=
expect false "eval'd lt with an empty figure" eval "lt 0.1 $empty && lt 1e-5 0.5"
expect false "eval'd le with an empty figure" eval "le $empty 1e-6"
expect false "one operand" le 0.5
expect false "three operands to le" le 0.1 0.2 0.3
# not numbers
expect false "nan" le "$(figure "$tmp" bad)" 1
expect false "inf" lt 0 inf
expect false "text" le ok 1
expect false "a number with trailing text" le "0.5x" 1
expect false "two numbers in one figure" le "0.1 0.2" 1
# a bound derived from a missing figure is missing, and fails
expect true "scaled" lt "$(scaled 4 0.1)" 0.5
expect false "scaled, figure empty" lt "$(scaled 4 "")" 0.5
# check counts what it is given
pass0=$pass fail0=$fail
check "inner pass" le 0 1 > /dev/null
check "inner fail" le "" 1 > /dev/null
expect true "check counts a pass and a failure" test $((pass - pass0)) -eq 1 -a $((fail - fail0)) -eq 1
pass=$((pass - 1)) fail=$((fail - 1))
# check leaves the caller's variables alone (it once set d, which
# test_hosts.sh's next comparison read)
d=0.25
check "a check" true > /dev/null
pass=$((pass - 1))
expect true "check keeps the caller's d" test "$d" = 0.25
echo "test_checks: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
