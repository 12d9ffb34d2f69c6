#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Reproducible builds: the same spec and seed give byte-identical PDFs,
# previews, manifest and checklist, whatever the output folder, the
# working folder, the time of day, the time zone, the locale or the umask;
# SOURCE_DATE_EPOCH, the same in both builds, is the PDFs' date.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

bindir=$(dirname "$MAZEBOOK")
if [ ! -x "$bindir/mazeproof" ] && ! command -v mazeproof >/dev/null 2>&1; then
  echo "1..0 # SKIP mazeproof is not built (build runs it on every interior)"
  exit 0
fi
cd "$TMP" || exit 1
export MAZEBOOK_KEY_DIR="$TMP/keys"
SPEC="$top_srcdir/examples/bleed-6x9-cream.yaml"
SAME="interior.pdf cover.pdf cover-preview.png page-preview.png book-preview.png manifest.json checklist.json
checklist.txt spec.yaml"
unset SOURCE_DATE_EPOCH

# compare DIR1 DIR2 WHAT: every file in $SAME is byte-identical
compare() {
  for f in $SAME; do
    cmp -s "$1/$f" "$2/$f"
    ok $? "$3: $f is byte-identical"
  done
}

mkdir a && cd a || exit 1
TZ=UTC0 LC_ALL=C run "$MAZEBOOK" build "$SPEC" -o "$TMP/one" -q
cd "$TMP" || exit 1
ok $rc "first build (cwd a/, TZ UTC, umask $(umask))"
sleep 1
mkdir -p b/c && cd b/c || exit 1
(umask 077; TZ='NPT-5:45' LC_ALL=C.UTF-8 "$MAZEBOOK" build "$SPEC" -o ../../two/deeper/still -q) \
  >"$TMP/out2" 2>&1
ok $? "second build a second later (another cwd, TZ +5:45, umask 077, relative -o)"
cd "$TMP" || exit 1
compare one two/deeper/still "another folder, time and zone"

# SOURCE_DATE_EPOCH: the same in both builds, the same bytes; it is the PDFs' date
SOURCE_DATE_EPOCH=1700000000 run "$MAZEBOOK" build "$SPEC" -o sde1 -q
ok $rc "build with SOURCE_DATE_EPOCH=1700000000"
sleep 1
(cd b && TZ='XYZ+11' SOURCE_DATE_EPOCH=1700000000 "$MAZEBOOK" build "$SPEC" -o "$TMP/sde2" -q)
ok $? "again, a second later in another zone"
for f in interior.pdf cover.pdf cover-preview.png page-preview.png book-preview.png; do
  cmp -s sde1/$f sde2/$f
  ok $? "SOURCE_DATE_EPOCH set the same: $f is byte-identical"
done
grep -aq "D:20231114221320" sde1/interior.pdf
ok $? "the interior's date is SOURCE_DATE_EPOCH (2023-11-14 22:13:20 UTC)"
grep -aq "CreationDate (D\{0,1\}:\{0,1\}20231114221320" sde1/cover.pdf
ok $? "the cover's date is SOURCE_DATE_EPOCH"
cmp -s one/interior.pdf sde1/interior.pdf
check "without SOURCE_DATE_EPOCH the date differs (the comparison can fail)" $? -ne 0

# a different seed must give a different book (cmp can see a difference)
run "$MAZEBOOK" build "$SPEC" -o other -q --seed 12345
ok $rc "a build with another seed"
cmp -s one/interior.pdf other/interior.pdf
check "gives another interior" $? -ne 0

done_testing
