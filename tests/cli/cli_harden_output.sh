#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Nothing lost: `mazebook build` killed at any moment (SIGKILL), on a full
# disk (ulimit -f, and a small tmpfs when this machine lets us mount one),
# or pointed at a folder that holds its own spec or symbolic links, leaves
# the previous good book intact and verifiable, and never prints the
# secret key. See the comment at the top of src/cmd/build.c.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

bindir=$(dirname "$MAZEBOOK")
if [ ! -x "$bindir/mazeproof" ] && ! command -v mazeproof >/dev/null 2>&1; then
  echo "1..0 # SKIP mazeproof is not built (build runs it on every interior)"
  exit 0
fi
cd "$TMP" || exit 1
export MAZEBOOK_KEY_DIR="$TMP/keys"
SPEC="$top_srcdir/examples/hard.yaml"
OUT="$TMP/out"
FINAL="interior.pdf cover.pdf manifest.json cover-preview.png page-preview.png book-preview.png mazebook.pub
spec.yaml checklist.json checklist.txt checklist.txt.minisig"

# ---- (a) killed builds ----
ms() { date +%s%N | cut -c1-13; }
t0=$(ms)
run "$MAZEBOOK" build "$SPEC" -o "$OUT" -q
build_ms=$(($(ms) - t0))
ok $rc "the first build succeeds"
echo "# the first build took $build_ms ms: timed kills are fractions of that"
mkdir good && for f in $FINAL; do cp "$OUT/$f" good/; done

# the book the killed builds make (seed 99), whole, from another folder (builds are
# reproducible in any folder): a kill that comes after its last rename finds it in place
"$MAZEBOOK" build "$SPEC" -o seed99 -q --seed 99 >/dev/null 2>&1
ok $? "the seed-99 book the kills interrupt, built whole elsewhere"

# The signature's trusted comment holds the time it was made (minisign's
# "timestamp:"), so it is the one file two builds of one book do not share:
# a signature is whole when it verifies DIR's checklist (a copy of DIR with
# $OUT's signature in it), which a cut or another book's signature does not.
signature_of() {
  rm -rf sigcheck && mkdir sigcheck && cp "$1"/* sigcheck/ &&
    cp "$OUT/checklist.txt.minisig" sigcheck/ &&
    "$MAZEBOOK" verify sigcheck/checklist.txt -p sigcheck/mazebook.pub >/dev/null 2>&1
}
# same_as DIR: every final file is byte-identical to DIR's (so none is
# partial), the signature one that verifies DIR's checklist
same_as() {
  for f in $FINAL; do
    [ "$f" = checklist.txt.minisig ] && { signature_of "$1" || return 1; continue; }
    cmp -s "$1/$f" "$OUT/$f" || return 1
  done
}
# the signature by what it verifies, as same_as: it holds a timestamp, so the
# good book put back in a later second signs the same checklist in other bytes
same_as_good() {
  for f in $FINAL; do
    if [ "$f" = checklist.txt.minisig ]; then
      signature_of good || { echo "# $f does not sign the first build's checklist"; return 1; }
      continue
    fi
    cmp -s "good/$f" "$OUT/$f" || { echo "# $f differs from the first build's"; return 1; }
  done
}
verifies() {
  "$MAZEBOOK" verify "$OUT/checklist.txt" -p "$OUT/mazebook.pub" >/dev/null 2>&1
}
# has GLOB / nonempty GLOB: a file matching GLOB in $OUT exists / is not empty
has() { for f in "$OUT"/$1; do [ -e "$f" ] && return 0; done; return 1; }
nonempty() { for f in "$OUT"/$1; do [ -s "$f" ] && return 0; done; return 1; }
temps() { ls -a "$OUT" | grep -c '\.tmp-'; }

# kill_when DESCRIPTION CONDITION: start a build with another seed, SIGKILL
# it as soon as CONDITION (a shell command) holds, then check the folder
# A kill that comes after the build ended tests nothing: it is reported as a
# skip, and the run fails below unless most moments landed inside a build.
landed=0 moments=0
kill_when() {
  moments=$((moments + 1))
  "$MAZEBOOK" build "$SPEC" -o "$OUT" -q --seed 99 >/dev/null 2>&1 &
  pid=$!
  i=0
  while ! eval "$2" && [ $i -lt 4000 ]; do
    i=$((i + 1))
    sleep 0.002
  done
  kill -9 $pid 2>/dev/null
  wait $pid 2>/dev/null
  st=$?
  if [ $st -eq 137 ] && same_as seed99; then
    # killed after its last rename, on the way out: the build had finished
    st=0
  fi
  if [ $st -ne 137 ]; then
    # the build ended by itself before the moment came: nothing to test here
    skip "killed $1: the build finished first (exit $st)"
    "$MAZEBOOK" build "$SPEC" -o "$OUT" -q  # the same seed puts the good book back
    return
  fi
  landed=$((landed + 1))
  same_as_good >/dev/null
  same=$?
  if [ $same -eq 0 ]; then
    ok $same "killed $1: every final file is the first build's"
    verifies; ok $? "killed $1: verify still passes"
  else
    # killed inside the renames (back to back, but a loaded machine can
    # stretch them): each file must be whole, the old book's or the new
    # one's, and verify must refuse the mix (as the mixes below prove for
    # every prefix of the rename order)
    whole=0
    for f in $FINAL; do
      if [ "$f" = checklist.txt.minisig ]; then
        cmp -s "good/$f" "$OUT/$f" || signature_of seed99 ||
          { echo "# $f is neither book's"; whole=1; }
        continue
      fi
      cmp -s "good/$f" "$OUT/$f" || cmp -s "seed99/$f" "$OUT/$f" ||
        { echo "# $f is neither book's"; whole=1; }
    done
    ok $whole "killed $1: inside the renames, every final file is one book's, whole"
    verifies; ok $((! $?)) "killed $1: inside the renames, verify refuses the mix"
    "$MAZEBOOK" build "$SPEC" -o "$OUT" -q  # the same seed puts the good book back
  fi
  echo "# killed $1: $(temps) temporary file(s) left"
}
at() { awk -v ms="$build_ms" -v f="$1" 'BEGIN { printf "%.3f", ms * f / 1000 }'; }
kill_when "a tenth of a build in" "sleep $(at 0.1)"
kill_when "when the temporary files appear" "has '.interior.pdf.tmp-*'"
kill_when "once the interior is written" "nonempty '.interior.pdf.tmp-*'"
kill_when "once the cover is written" "nonempty '.cover.pdf.tmp-*'"
kill_when "during the proof and preflight" "nonempty '.page-preview.png.tmp-*'"
kill_when "once the spec is copied" "nonempty '.spec.yaml.tmp-*'"
kill_when "half a build in" "sleep $(at 0.5)"
kill_when "two thirds of a build in" "sleep $(at 0.66)"
check "$landed of $moments kills landed inside a build (at least half must, or nothing was tested)" \
  $((2 * landed)) -ge "$moments"

# a kill inside the renames (back to back, microseconds) can leave some
# files new and some old: verify must reject every such mix. Renames go in
# build.c's order; here each prefix of it comes from another seed's build.
ORDER="interior.pdf cover.pdf manifest.json spec.yaml cover-preview.png page-preview.png
book-preview.png mazebook.pub checklist.json checklist.txt checklist.txt.minisig"
run "$MAZEBOOK" build "$SPEC" -o newer -q --seed 99
ok $rc "a build with another seed, for the mixes"
k=0 mixes=0 wrong=0
for last in $ORDER; do
  k=$((k + 1))
  rm -rf mix && mkdir mix && cp good/* mix/
  i=0
  for f in $ORDER; do
    i=$((i + 1))
    [ $i -le $k ] && cp "newer/$f" mix/
  done
  mixes=$((mixes + 1))
  if "$MAZEBOOK" verify mix/checklist.txt -p mix/mazebook.pub >/dev/null 2>&1; then
    passed=yes
  else
    passed=no
  fi
  if [ "$last" = checklist.txt.minisig ]; then
    [ $passed = yes ] || { echo "# verify failed the whole new book"; wrong=$((wrong + 1)); }
  else
    [ $passed = no ] || { echo "# verify passed a mix: new files up to $last"; wrong=$((wrong + 1)); }
  fi
done
check "of $mixes states a kill between renames can leave, verify passes only the complete new book" \
  "$wrong" -eq 0

# the next build removes the stale temporary files of its own names only
printf 'stale' > "$OUT/.interior.pdf.tmp-AbCdEf"
printf 'stale' > "$OUT/.checklist.txt.tmp-XyZ123.minisig"
touch -d '1 hour ago' "$OUT/.interior.pdf.tmp-AbCdEf"
printf 'mine' > "$OUT/.notes.tmp-123456"
printf 'mine' > "$OUT/.interior.pdf.bak"
check "there are stale temporary files before the next build" "$(temps)" -ge 2
run "$MAZEBOOK" build "$SPEC" -o "$OUT" -q
ok $rc "the next build succeeds"
check "and leaves no temporary file of its own names" \
  "$(ls -a "$OUT" | grep -c '^\.[a-z.-]*\.\(pdf\|png\|json\|txt\|pub\|yaml\)\.tmp-')" -eq 0
check "but keeps files that are not its own" -f "$OUT/.notes.tmp-123456" -a -f "$OUT/.interior.pdf.bak"
rm -f "$OUT/.notes.tmp-123456" "$OUT/.interior.pdf.bak"
# (the signature differs: its signed comment holds the time)
for f in $FINAL; do [ $f = checklist.txt.minisig ] || cmp -s "good/$f" "$OUT/$f" || break; done
ok $? "the same seed gives the first build's files again"
verifies; ok $? "and they verify"
cp "$OUT/checklist.txt.minisig" good/

# two builds never write into one folder at the same time
if command -v flock >/dev/null 2>&1; then
  # one process holds the lock (exec), so killing it releases the lock
  (exec 9<"$OUT"; flock 9; exec sleep 30) &
  lockpid=$!
  i=0   # wait until the lock is really held (flock -n fails then)
  while flock -n "$OUT" true && [ $i -lt 500 ]; do
    i=$((i + 1))
    sleep 0.01
  done
  run "$MAZEBOOK" build "$SPEC" -o "$OUT" -q --seed 5
  check "a build into a folder another process holds exits 1" $rc -eq 1
  contains "$err" "another mazebook is writing to"; ok $? "and says so"
  kill $lockpid 2>/dev/null
  wait $lockpid 2>/dev/null
  same_as_good; ok $? "and writes nothing"
fi

# ---- (b) a full disk ----
# ulimit -f: write() fails with EFBIG once a file passes the limit (the
# shell ignores SIGXFSZ, and ignored signals stay ignored across exec)
run sh -c "trap '' XFSZ; ulimit -f 64; exec \"\$0\" build \"\$1\" -o \"\$2\" -q --seed 99" \
  "$MAZEBOOK" "$SPEC" "$OUT"
check "a file size limit: exit 1" $rc -eq 1
contains "$err" "cannot write '$OUT/interior.pdf': File too large"; ok $? "names the file and the reason"
same_as_good; ok $? "the previous book is intact"
check "no temporary file left" "$(temps)" -eq 0

# a small tmpfs: the disk fills up part way, at a different file each time
MNT="$TMP/mnt"
mkdir "$MNT"
# never leave a mount behind, whatever happens to this script
trap 'umount "$MNT" 2>/dev/null; rm -rf "$TMP"' EXIT
if mount -t tmpfs -o size=64k tmpfs "$MNT" 2>/dev/null; then
  umount "$MNT"
  need_k=$(du -sk good | cut -f1)
  # sizes of what the seed-99 build writes (newer/ is that build, made above)
  kb() { du -k "newer/$1" | cut -f1; }
  # free room that runs out half way through each big file, in the order
  # build writes them; then in the small files at the end; then enough
  prefix=0 targets=""
  for f in interior.pdf cover.pdf cover-preview.png manifest.json page-preview.png; do
    targets="$targets $((prefix + $(kb $f) / 2))"
    prefix=$((prefix + $(kb $f)))
    # the spec's copy is flushed with the manifest
    [ $f = manifest.json ] && prefix=$((prefix + $(kb spec.yaml)))
  done
  targets="$targets $((prefix + 4)) $((need_k + 64))"
  names="" bad=0 fits=0
  for free_k in $targets; do
    mount -t tmpfs -o size=$((need_k + free_k))k tmpfs "$MNT" || break
    mkdir "$MNT/out" && cp good/* "$MNT/out/"
    "$MAZEBOOK" build "$SPEC" -o "$MNT/out" -q --seed 99 >/dev/null 2>"$TMP/full.err"
    st=$?
    if [ $st -eq 0 ]; then
      fits=$((fits + 1))
      "$MAZEBOOK" verify "$MNT/out/checklist.txt" -p "$MNT/out/mazebook.pub" >/dev/null 2>&1 ||
        { echo "# ${free_k}k free: the build that fitted does not verify"; bad=$((bad + 1)); }
    else
      e=$(cat "$TMP/full.err")
      name=$(sed -n "s|.*cannot write '$MNT/out/\([^']*\)': .*No space left on device.*|\1|p" "$TMP/full.err")
      if [ $st -ne 1 ] || [ -z "$name" ]; then
        echo "# ${free_k}k free: exit $st, $e"; bad=$((bad + 1))
      fi
      for f in $FINAL; do
        cmp -s "good/$f" "$MNT/out/$f" || { echo "# ${free_k}k free: $f changed"; bad=$((bad + 1)); }
      done
      n=$(ls -a "$MNT/out" | grep -c '\.tmp-')
      [ "$n" -eq 0 ] || { echo "# ${free_k}k free: $n temporary files left"; bad=$((bad + 1)); }
      echo "# ${free_k}k free: the disk filled up at $name"
      case " $names " in *" $name "*) ;; *) names="$names $name" ;; esac
    fi
    umount "$MNT"
  done
  check "a full disk: exit 1, the file named, the old book intact, no temporary file" $bad -eq 0
  check "the disk filled up at several different files ($names )" "$(echo $names | wc -w)" -ge 4
  check "and with room enough the same build succeeds" $fits -ge 1
  # a read-only file system: refused before anything is written
  if mount -t tmpfs -o size=$((need_k * 3))k tmpfs "$MNT"; then
    mkdir "$MNT/out" && cp good/* "$MNT/out/"
    if mount -o remount,ro "$MNT" 2>/dev/null; then
      run "$MAZEBOOK" build "$SPEC" -o "$MNT/out" -q --seed 99
      check "a read-only folder: exit 1" $rc -eq 1
      contains "$err" "Read-only file system"; ok $? "says so"
      for f in $FINAL; do cmp -s "good/$f" "$MNT/out/$f" || break; done
      ok $? "the book in it is untouched"
    fi
    umount "$MNT"
  fi
else
  skip "a full tmpfs: cannot mount a tmpfs here (needs root)"
fi

# ---- (c) never over the input, never outside the folder ----
mkdir c1 && cp "$SPEC" c1/interior.pdf
run "$MAZEBOOK" build c1/interior.pdf -o c1 -q
check "a spec named interior.pdf in the output folder: exit 1" $rc -eq 1
contains "$err" "holds the spec"; ok $? "says the folder holds the spec"
cmp -s "$SPEC" c1/interior.pdf; ok $? "the spec is untouched"
check "and nothing else is written" "$(ls -a c1 | wc -l)" -eq 3

mkdir c2 && cp "$SPEC" c2/checklist.txt
run "$MAZEBOOK" build c2/checklist.txt -o "$TMP/c2/" -q
check "a spec named checklist.txt, the folder named another way: exit 1" $rc -eq 1
cmp -s "$SPEC" c2/checklist.txt; ok $? "the spec is untouched"

mkdir c3 && cp "$SPEC" c3/book.yaml && ln -s ../c3/book.yaml c3/cover.pdf
run "$MAZEBOOK" build c3/book.yaml -o c3 -q
check "a final name that links to the spec: exit 1" $rc -eq 1
cmp -s "$SPEC" c3/book.yaml; ok $? "the spec is untouched"

# a spec kept in its output folder as spec.yaml is recorded as it is
mkdir c4 && sed 's|^output:.*|output: .|' "$SPEC" > c4/spec.yaml && cp c4/spec.yaml spec.before
run "$MAZEBOOK" build c4/spec.yaml -q
ok $rc "a spec that is its folder's spec.yaml builds"
cmp -s spec.before c4/spec.yaml; ok $? "and is not rewritten"
"$MAZEBOOK" verify c4/checklist.txt -p c4/mazebook.pub >/dev/null 2>&1
ok $? "and the checklist vouches for it"

# a folder under a final name is refused before anything is renamed
mkdir -p c6/checklist.txt
run "$MAZEBOOK" build "$SPEC" -o c6 -q
check "a folder named checklist.txt in the output folder: exit 1" $rc -eq 1
contains "$err" "c6/checklist.txt': it is a folder"; ok $? "says which name is a folder"
check "nothing was put in place" "$(ls -A c6 | wc -l)" -eq 1

# a spec read from a pipe is copied from the bytes read, not read twice
run sh -c 'cat "$2" | "$0" build /dev/stdin -o "$1" -q' "$MAZEBOOK" c7 "$SPEC"
ok $rc "a spec piped into standard input builds"
cmp -s "$SPEC" c7/spec.yaml; ok $? "and spec.yaml holds it"
"$MAZEBOOK" verify c7/checklist.txt -p c7/mazebook.pub >/dev/null 2>&1
ok $? "and the checklist vouches for it"

# symbolic links under final names are replaced, their targets untouched
mkdir c5 elsewhere
printf 'not yours\n' > elsewhere/target.pdf && cp elsewhere/target.pdf target.before
printf 'not yours\n' > elsewhere/target.sig
ln -s ../elsewhere/target.pdf c5/interior.pdf
ln -s ../elsewhere/target.sig c5/checklist.txt.minisig
ln -s ../elsewhere c5/cover.pdf
run "$MAZEBOOK" build "$SPEC" -o c5 -q
ok $rc "a folder whose final names are symbolic links builds"
cmp -s target.before elsewhere/target.pdf && cmp -s target.before elsewhere/target.sig
ok $? "the links' targets are untouched"
check "nothing was written into the linked folder" "$(ls -A elsewhere | wc -l)" -eq 2
check "interior.pdf is now a file of its own" ! -L c5/interior.pdf -a -f c5/interior.pdf
cmp -s good/interior.pdf c5/interior.pdf; ok $? "with the book in it"

# ---- (d) the secret key ----
run "$MAZEBOOK" keygen -p k.pub -s k.key
secret=$(sed -n 2p k.key)
all="$out$err"
run "$MAZEBOOK" build "$SPEC" -o d1 --key k.key
ok $rc "build --key signs with the given key"
all="$all$out$err"
run "$MAZEBOOK" sign d1/checklist.txt -s k.key
all="$all$out$err"
run "$MAZEBOOK" build "$SPEC" -o d2
all="$all$out$err"
check "the secret key is longer than 40 characters" "${#secret}" -gt 40
contains "$all" "$secret"; check "keygen, build and sign never print the secret key" $? -ne 0
grep -rqF "$secret" d1 d2; check "and never copy it into the output folder" $? -ne 0
mkdir d4 && cp k.key k.pub d4/
run "$MAZEBOOK" build "$SPEC" -o d4 --key d4/k.key -q
check "an output folder that holds the secret key: exit 1" $rc -eq 1
contains "$err" "holds the secret key"; ok $? "says to keep the key out of it"
check "and writes nothing there" "$(ls -A d4 | wc -l)" -eq 2
run env MAZEBOOK_KEY_DIR="$TMP/d5" "$MAZEBOOK" build "$SPEC" -o d5 -q
check "the default key folder as the output folder: exit 1" $rc -eq 1
contains "$err" "holds the secret key"; ok $? "says so too"
chmod 644 k.key
run "$MAZEBOOK" build "$SPEC" -o d3 --key k.key
check "a secret key others can read: exit 1" $rc -eq 1
contains "$err" "chmod 600 k.key"; ok $? "says how to fix its mode"
check "and writes nothing" ! -e d3
contains "$out$err" "$secret"; check "nor prints the key" $? -ne 0

done_testing
