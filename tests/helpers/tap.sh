# SPDX-License-Identifier: AGPL-3.0-or-later
# Helpers for command-line tests written in sh that report TAP, sourced by
# tests/cli/cli_*.sh. The harness sets MAZEBOOK (the binary) and top_srcdir.
#   ok COND_EXIT_STATUS "description"       record one test
#   run CMD...       run CMD, keep stdout in $out, stderr in $err, status in $rc
#   skip "reason"    record one test as skipped (it counts in the plan, so the
#                    driver never sees fewer results than the plan says)
#   done_testing     print the plan; exit 1 if anything failed
: "${MAZEBOOK:=./mazebook}"
: "${top_srcdir:=.}"
tap_n=0
tap_failed=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/mazebook-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# every build records its mazes in a catalogue: a test's go in its own,
# never in the one in $HOME (a test that wants another sets it itself)
MAZEBOOK_CATALOGUE="$TMP/catalogue.db"
export MAZEBOOK_CATALOGUE
# python3 is Debian's, the one ./setup installs python3-stdnum and
# python3-pil for, wherever the tests start it (scripts, #! lines, Python's
# own subprocesses): a python3 earlier on PATH, such as a pyenv shim, may
# lack those modules, and a shim costs a third of a second a start, which
# hundreds of starts turn into minutes of a run
if [ -x /usr/bin/python3 ]; then
  mkdir -p "$TMP/python-bin" && ln -s /usr/bin/python3 "$TMP/python-bin/python3" &&
    PATH="$TMP/python-bin:$PATH" && export PATH
fi

ok() {
  tap_n=$((tap_n + 1))
  if [ "$1" -eq 0 ]; then
    echo "ok $tap_n - $2"
  else
    echo "not ok $tap_n - $2"
    tap_failed=$((tap_failed + 1))
    [ -n "${out:-}" ] && printf '# stdout: %s\n' "$(printf '%s' "$out" | head -c 600)"
    [ -n "${err:-}" ] && printf '# stderr: %s\n' "$(printf '%s' "$err" | head -c 600)"
  fi
}

run() {
  out=$("$@" 2>"$TMP/stderr")
  rc=$?
  err=$(cat "$TMP/stderr")
}

# check "description" TEST-EXPRESSION...: ok if the test(1) expression holds
check() {
  desc=$1
  shift
  test "$@"
  ok $? "$desc"
}

skip() {
  tap_n=$((tap_n + 1))
  echo "ok $tap_n # SKIP $1"
}

contains() { case "$1" in *"$2"*) return 0 ;; esac; return 1; }

done_testing() {
  echo "1..$tap_n"
  [ "$tap_failed" -eq 0 ]
}
