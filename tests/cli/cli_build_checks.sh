#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# `mazebook build` runs mazeproof beside the preflight and waits for both
# before the checklist: a stand-in mazeproof (installed beside a copy of the
# program, where build looks for it) fails, is slow, or hangs while the
# build is killed. Also --timings: one line per stage, the output unchanged.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

cd "$TMP" || exit 1
export MAZEBOOK_KEY_DIR="$TMP/keys"
SPEC="$top_srcdir/examples/easy.yaml"
FINAL="interior.pdf cover.pdf manifest.json cover-preview.png page-preview.png book-preview.png mazebook.pub
spec.yaml checklist.json checklist.txt checklist.txt.minisig"

# a copy of the program with a stand-in mazeproof beside it; FAKE_PROOF picks its part
mkdir bin
cp "$MAZEBOOK" bin/mazebook
cat > bin/mazeproof <<'SH'
#!/bin/sh
echo $$ > "$FAKE_PROOF_PID"
[ "$1" = --json ] && shift   # build reads the JSON report
[ "$1" = -- ] && shift   # build puts "--" before the path
# mazeproof --json: one JSON object, one maze object a line, then the errors and the totals
report() { # COUNT PASSED FAILED [FAILING-LINE]
  printf '%s' "{\"file\": \"$path\", \"pages\": 90, \"mazes\": ["
  sep=
  [ -n "$4" ] && printf '\n  %s' "{\"number\": 3, \"page\": 5, \"width\": 10, \"height\": 12, \"ok\": false, \"result\": \"$4\"}" && sep=,
  n=1
  while [ $n -le "$2" ]; do
    printf '%s\n  %s' "$sep" "{\"number\": $n, \"page\": $((n + 4)), \"width\": 10, \"height\": 12, \"ok\": true, \"result\": \"10x12, perfect\"}"
    sep=,
    n=$((n + 1))
  done
  echo
  echo "], \"errors\": [], \"count\": $1, \"passed\": $2, \"failed\": $3, \"solution_copies\": $1, \"rendered\": 0, \"numbered_by_order\": false}"
}
path=$1
# the cover's proof sheet (its two cards' mazes) passes whatever the part
case $path in *.proof) report 2 2 0; exit 0 ;; esac
case $FAKE_PROOF in
fail)
  report 60 59 1 "10x12, FAILED: 2 routes (a loop)"
  exit 1 ;;
slow)
  sleep 2
  report 60 60 0
  exit 0 ;;
short)
  report 59 59 0
  exit 0 ;;
hang)
  exec sleep 60 ;;
esac
exit 2
SH
chmod +x bin/mazeproof
export FAKE_PROOF_PID="$TMP/proof.pid"

run "$MAZEBOOK" build "$SPEC" -o out -q
ok $rc "a real build succeeds"
mkdir good && for f in $FINAL; do cp "out/$f" good/; done
same_as_good() {
  for f in $FINAL; do
    cmp -s "good/$f" "out/$f" || { echo "# $f differs from the first build's"; return 1; }
  done
}
temps() { ls -a out | grep -c '\.tmp-'; }
# gone PID: the process ends within 10 s
gone() {
  i=0
  while kill -0 "$1" 2>/dev/null && [ $i -lt 1000 ]; do
    i=$((i + 1))
    sleep 0.01
  done
  ! kill -0 "$1" 2>/dev/null
}

# ---- mazeproof fails: the build fails after the preflight, nothing is replaced ----
FAKE_PROOF=fail run bin/mazebook build "$SPEC" -o out -q --seed 7
check "a failing mazeproof fails the build" "$rc" -eq 1
contains "$err" "FAIL  interior.mazeproof"; ok $? "the failure names the mazeproof check"
contains "$err" "maze 3, page 5"; ok $? "and prints mazeproof's failing line"
contains "$err" "nothing was replaced"; ok $? "and says nothing was replaced"
same_as_good; ok $? "every final file is the good build's"
check "no temporary file is left" "$(temps)" -eq 0

# ---- mazeproof passes, but proves fewer mazes than the book prints: the build fails ----
FAKE_PROOF=short run bin/mazebook build "$SPEC" -o out -q --seed 7
check "a proof of 59 of the 60 mazes fails the build" "$rc" -eq 1
contains "$err" "mazeproof proved 59 numbered mazes, the book prints 60"; ok $? "and says how many it proved"
same_as_good; ok $? "every final file is still the good build's"

# ---- a slow mazeproof: the checklist waits for it ----
FAKE_PROOF=slow run bin/mazebook build "$SPEC" -o slow -q
ok $rc "a slow mazeproof that passes: the build succeeds"
first=$(grep -m1 '^PASS\|^FAIL\|^WARN' slow/checklist.txt)
contains "$first" "interior.mazeproof   mazeproof: 60 mazes, 60 passed, 0 failed, 60 solution copies checked"
ok $? "its verdict is the checklist's first check, as when it ran alone"
"$MAZEBOOK" verify slow/checklist.txt -p slow/mazebook.pub > /dev/null 2>&1
ok $? "and the checklist verifies"
grep -v '^PASS  interior.mazeproof' slow/checklist.txt | grep -v '^\(file\|spec\):' \
  > slow.rest
grep -v '^PASS  interior.mazeproof' good/checklist.txt | grep -v '^\(file\|spec\):' \
  > good.rest
cmp -s slow.rest good.rest
ok $? "the preflight's checks are the same, in the same order"

# ---- the build killed while mazeproof runs: mazeproof goes too ----
rm -f "$FAKE_PROOF_PID"
FAKE_PROOF=hang bin/mazebook build "$SPEC" -o out -q --seed 8 > /dev/null 2>&1 &
pid=$!
i=0
while [ ! -s "$FAKE_PROOF_PID" ] && [ $i -lt 3000 ]; do
  i=$((i + 1))
  sleep 0.01
done
proof=$(cat "$FAKE_PROOF_PID" 2>/dev/null)
check "mazeproof started" -n "$proof"
kill -9 $pid
wait $pid 2>/dev/null
if [ "$(uname -s)" = Linux ]; then
  gone "$proof"; ok $? "killing the build ends its mazeproof (Linux: PR_SET_PDEATHSIG)"
else
  kill "$proof" 2>/dev/null
  echo "ok $((tap_n + 1)) - killing the build ends its mazeproof # SKIP not Linux"
  tap_n=$((tap_n + 1))
fi
same_as_good; ok $? "killed during the proof: every final file is the good build's"

# ---- --timings: a line per stage on stderr, stdout as without it ----
run "$MAZEBOOK" build "$SPEC" -o timed --timings
ok $rc "a build with --timings succeeds"
for stage in spec mazes interior cover previews proof preflight checks signing sheet total; do
  printf '%s\n' "$err" | grep -q "^mazebook build: time $stage *[0-9][0-9]*\.[0-9]\{3\} s"
  ok $? "--timings prints the $stage time"
done
with=$(printf '%s\n' "$out" | grep -v '^  time ')
run "$MAZEBOOK" build "$SPEC" -o untimed
without=$(printf '%s\n' "$out" | sed 's/untimed/timed/g' | grep -v '^  time ')
check "stdout is the same without --timings (but the time line)" "$with" = "$without"
check "and without --timings stderr is empty" -z "$err"
run "$MAZEBOOK" build "$SPEC" -o quiet -q --timings
check "--timings with --quiet: stdout stays empty" -z "$out"
contains "$err" "mazebook build: time total"; ok $? "--timings with --quiet still prints the times"

done_testing
