#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The man page, --help and the command table agree, and the roff is clean.
. "$top_srcdir/tests/helpers/tap.sh"

man_page=$(dirname "$MAZEBOOK")/mazebook.1
run "$MAZEBOOK" help --man
ok $rc "help --man runs"
printf '%s\n' "$out" > "$TMP/fresh.1"
cmp -s "$man_page" "$TMP/fresh.1"
ok $? "the built mazebook.1 matches 'mazebook help --man' (not stale)"

run "$MAZEBOOK" --help
ok $rc "mazebook --help exits 0"
commands=$(printf '%s\n' "$out" | sed -n '/^commands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }')
check "--help lists commands" -n "$commands"
for cmd in $commands; do
  grep -q "^\.SS \"mazebook $cmd\"" "$TMP/fresh.1"
  ok $? "man page has a section for '$cmd'"
  run "$MAZEBOOK" "$cmd" --help
  [ "$rc" -eq 0 ] && contains "$out" "usage: mazebook $cmd"
  ok $? "mazebook $cmd --help exits 0 with its usage"
done
# and the other way round: every man page section is a real command
for cmd in $(sed -n 's/^\.SS "mazebook \(.*\)"$/\1/p' "$TMP/fresh.1"); do
  contains "$commands" "$cmd"; ok $? "man section '$cmd' is in --help"
done
grep -q '^\.SH EXIT STATUS' "$TMP/fresh.1"; ok $? "man page documents the exit status"

# roff errors and warnings: groff reports them on stderr
if command -v groff >/dev/null 2>&1; then
  groff -man -Tutf8 -ww -z "$TMP/fresh.1" > /dev/null 2> "$TMP/groff.err"
  check "groff renders mazebook.1 without warnings" ! -s "$TMP/groff.err"
  [ -s "$TMP/groff.err" ] && sed 's/^/# /' "$TMP/groff.err" | head -n 10
  # and the check can fail: a broken request is reported
  printf '.TH X 1\n.SH NAME\n.BADREQUEST\n\\fZ\n' > "$TMP/broken.1"
  groff -man -Tutf8 -ww -z "$TMP/broken.1" > /dev/null 2> "$TMP/broken.err"
  check "groff does report a broken page (the check above can fail)" -s "$TMP/broken.err"
else
  skip "groff not installed: the man page is not rendered"
fi

done_testing
