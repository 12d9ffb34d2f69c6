#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Write errors outside `build`: standard output on a full device (/dev/full)
# and `check -o FILE` past a file size limit are errors (exit 1, the file
# named), never a silent success or a half-written file.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

cd "$TMP" || exit 1
export MAZEBOOK_KEY_DIR="$TMP/keys"
if [ ! -w /dev/full ]; then
  echo "1..0 # SKIP no /dev/full here"
  exit 0
fi
"$MAZEBOOK" keygen -p k.pub -s k.key >/dev/null
{
  echo "mazebook preflight checklist"
  echo "tool: mazebook 0.1.0"
  echo "rules: kdp-paperback-2026.11"
  echo "file: a.txt sha256=$(printf 'a\n' | sha256sum | cut -d' ' -f1) bytes=2"
  echo "result: PASS"
  echo
  echo "PASS  interior.trim        6 x 9 in (KDP listed size)"
} > list.txt
printf 'a\n' > a.txt
"$MAZEBOOK" sign list.txt -s k.key >/dev/null

for cmd in "--version" "--help" "help" "help --man" "maze --size 5x5" "stats --count 2" \
           "verify list.txt -p k.pub"; do
  # shellcheck disable=SC2086
  "$MAZEBOOK" $cmd >/dev/full 2>"$TMP/e"
  rc=$?
  err=$(cat "$TMP/e")
  check "mazebook $cmd > /dev/full: exit 1" $rc -eq 1
  contains "$err" "cannot write 'standard output'"; ok $? "mazebook $cmd > /dev/full: says so"
done

# check -o: a checklist is written whole or not at all
if command -v python3 >/dev/null 2>&1 &&
   python3 "$top_srcdir/tests/helpers/hostile_pdf.py" pdf >/dev/null; then
  cp pdf/good.pdf pdf/one.pdf
  run "$MAZEBOOK" check pdf/one.pdf -o list-check.txt
  check "check -o writes the checklist" -s list-check.txt
  cp list-check.txt list-check.before
  "$MAZEBOOK" check pdf/one.pdf >/dev/full 2>"$TMP/e"
  check "check > /dev/full: exit 1" $? -eq 1
  contains "$(cat "$TMP/e")" "cannot write 'standard output'"; ok $? "check > /dev/full: says so"
  run sh -c "trap '' XFSZ; ulimit -f 1; exec \"\$0\" check pdf/one.pdf --json -o list-check.txt" \
    "$MAZEBOOK"
  check "check -o past a file size limit: exit 1" $rc -eq 1
  contains "$err" "cannot write 'list-check.txt': File too large"; ok $? "names the file and the reason"
  cmp -s list-check.before list-check.txt; ok $? "the previous checklist is intact"
  check "no temporary file is left" "$(ls -a | grep -c '\.tmp-')" -eq 0
else
  echo "# python3 is missing: check -o not tested"
fi
done_testing
