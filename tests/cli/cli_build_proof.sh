#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# `mazebook build` reads mazeproof's --json report whole, with the one JSON
# reader, and believes it only when it agrees with itself: a stand-in
# mazeproof (beside a copy of the program, where build looks for it) runs
# the real one and breaks its report (cut short, a field gone, a count or a
# verdict that disagrees with the list, text after it, nothing at all). Each
# fails the build with a message that says what is wrong, nothing written
# under a final name; a message on stderr beside a good report does not.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

cd "$TMP" || exit 1
export MAZEBOOK_KEY_DIR="$TMP/keys" MAZEBOOK_CATALOGUE=none
REAL_PROOF=$(dirname "$MAZEBOOK")/mazeproof
if [ ! -x "$REAL_PROOF" ]; then
  skip "mazeproof is not built"
  done_testing
  exit 0
fi
export REAL_PROOF

# the smallest book KDP prints (13 mazes at 4 solutions a page: 24 pages)
sed -e 's/^mazes: 60/mazes: 13/' -e 's/^subtitle:.*/subtitle: "Easy Mazes for Ages 5-7"/' \
  -e 's/^output:.*/output: out\//' -e 's/Sixty/Thirteen/' \
  "$top_srcdir/examples/easy.yaml" > book.yaml

mkdir bin
cp "$MAZEBOOK" bin/mazebook
cat > bin/mazeproof <<'SH'
#!/bin/sh
# the last argument is the PDF; FAKE_PROOF says what to do to the interior's
# report (FAKE_COVER to the cover's proof sheet's)
for path; do :; done
mode=$FAKE_PROOF
case $path in *.proof) mode=$FAKE_COVER ;; esac
case $mode in
cut) "$REAL_PROOF" "$@" | head -c 300; exit 0 ;;
no-count) "$REAL_PROOF" "$@" | sed 's/"count": [0-9]*, //'; exit 0 ;;
miscount) "$REAL_PROOF" "$@" | sed -E 's/"count": ([0-9]+)/"count": 1\1/'; exit 0 ;;
passed-lie) "$REAL_PROOF" "$@" | sed '0,/"ok": true/s//"ok": false/'; exit 0 ;;
ok-string) "$REAL_PROOF" "$@" | sed 's/"ok": true/"ok": "true"/'; exit 0 ;;
trailing) "$REAL_PROOF" "$@"; echo "done."; exit 0 ;;
silent) exit 0 ;;
cannot-read) echo "mazeproof: cannot read '$path': damaged" >&2; exit 1 ;;
noisy) echo "mazeproof: a note on stderr" >&2; exec "$REAL_PROOF" "$@" ;;
esac
exec "$REAL_PROOF" "$@"
SH
chmod +x bin/mazeproof

# nothing under a final name, no temporary file left
nothing_written() {
  [ -z "$(ls -A "$1" 2>/dev/null | grep -v '^faults$')" ]
}

# fails MODE "what the message says" [cover]: the build fails, says so, writes nothing
fails() {
  dir=out-$3$1
  if [ "$3" = cover ]; then
    FAKE_COVER=$1 run bin/mazebook build book.yaml -o "$dir" -q
  else
    FAKE_PROOF=$1 run bin/mazebook build book.yaml -o "$dir" -q
  fi
  check "$1: the build fails" "$rc" -eq 1
  contains "$err" "$2"; ok $? "$1: says '$2'"
  nothing_written "$dir"; ok $? "$1: nothing under a final name, no temporary file"
}

run bin/mazebook build book.yaml -o good -q
ok $rc "the real mazeproof's report: the build succeeds"
contains "$(cat good/checklist.txt)" "PASS  interior.mazeproof"
ok $? "and its verdict passes"

fails cut "FAIL  interior.mazeproof"
contains "$err" "mazeproof's report is not JSON: line 2, column "
ok $? "cut: names the line and column where the report breaks off"
fails no-count "mazeproof's report: it has no \"count\" (a whole number 0 or more)"
fails miscount "mazeproof's report counts 1"
contains "$err" "mazes but lists 1"; ok $? "miscount: says how many it lists"
fails passed-lie "passed but lists"
fails ok-string "mazeproof's report: maze 1 of the list has no \"ok\" (true or false)"
fails trailing "expected the end of the file after the value"
fails silent "no report from mazeproof"
fails cannot-read "mazeproof: cannot read 'out-cannot-read/interior.pdf': damaged"
case $err in *.tmp-*) false ;; esac; ok $? "cannot-read: names the final file, not the temporary one"
fails cut "FAIL  cover.mazeproof" cover
contains "$err" "mazeproof's report is not JSON"; ok $? "cover cut: says the report is not JSON"

FAKE_PROOF=noisy run bin/mazebook build book.yaml -o noisy -q
ok $rc "a message on stderr beside a good report: the build succeeds"
for f in interior.pdf cover.pdf manifest.json; do
  cmp -s "good/$f" "noisy/$f"; ok $? "and $f is the same as without it"
done

done_testing
