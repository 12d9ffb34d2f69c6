#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# valgrind's memcheck on the three programs a publisher runs, on a small
# real book (easy level, 17 mazes: 26 pages, just over KDP's 24-page
# minimum; the cover set in a font file, then again in the default font
# fontconfig finds): a full `mazebook build`
# (interior, cover, previews, manifest, signed checklist), `mazeproof` on
# its interior and `mazebook check` on its interior and cover. Any memory error, or any definitely or indirectly lost
# block, fails the test (tests/helpers/valgrind.supp names the one library
# allocation memcheck misreads). Skipped only when valgrind is missing (./setup
# installs it) and in the ASan build (ASan and valgrind do not mix).
. "$top_srcdir/tests/helpers/tap.sh"
builddir=$(dirname "$MAZEBOOK")
MAZEPROOF=${MAZEPROOF:-$builddir/mazeproof}

if [ "${MB_SANITIZERS:-no}" = yes ]; then
  echo "ok 1 # SKIP the sanitizer build: ASan and valgrind do not mix"
  echo "1..1"
  exit 0
fi
if ! command -v valgrind > /dev/null; then
  echo "ok 1 # SKIP valgrind is not installed (apt-get install valgrind, or ./setup)"
  echo "1..1"
  exit 0
fi

MAZEBOOK_KEY_DIR=$TMP/keys
export MAZEBOOK_KEY_DIR
# a font file, so the cover loads a fontconfig configuration of its own
font=$(fc-match -f '%{file}' 'DejaVu Serif' 2>/dev/null)
[ -f "$font" ] || font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
# beside the spec, with its bold face: a spec names only files in its folder (issue 29)
cp "$font" "$TMP/" && cp "${font%.ttf}-Bold.ttf" "$TMP/" 2>/dev/null
font=$(basename "$font")
cat > "$TMP/small.yaml" <<SPEC
title: "Little Mazes"
subtitle: "17 Easy Mazes"
author: "Ada Lovelace"
level: easy
mazes: 17
trim: 8.5x11
paper: white
bleed: false
seed: 7
algorithm: auto
solutions: 4
output: out/
language: en
font: "$font"
cover:
  background: "#1e88e5"
  text: "#ffffff"
  back: "Seventeen small mazes, every solution at the back."
SPEC

# vg NAME CMD...: run CMD under memcheck; the log is kept in $TMP/NAME.vg
vg() {
  name=$1
  shift
  run valgrind -q --suppressions="$top_srcdir/tests/helpers/valgrind.supp" \
    --child-silent-after-fork=yes --leak-check=full --show-leak-kinds=definite,indirect \
    --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
    --num-callers=30 --log-file="$TMP/$name.vg" "$@"
  if [ "$rc" -ne 0 ] && [ -s "$TMP/$name.vg" ]; then
    echo "# valgrind, $name:"
    head -60 "$TMP/$name.vg" | sed 's/^/#   /'
  fi
}

vg build "$MAZEBOOK" build "$TMP/small.yaml" -o "$TMP/out" --quiet
ok "$rc" "mazebook build of a 17-maze easy book: no memory errors, no leaks (exit $rc)"
check "the build wrote the interior" -s "$TMP/out/interior.pdf"
check "the build wrote the cover" -s "$TMP/out/cover.pdf"

# the default font: fontconfig answers the lookups, through a configuration
# loaded once and kept for the whole build (it must still be freed)
sed '/^font:/d' "$TMP/small.yaml" > "$TMP/default-font.yaml"
vg build-default-font "$MAZEBOOK" build "$TMP/default-font.yaml" -o "$TMP/out-default" --quiet
ok "$rc" "mazebook build in the default font: no memory errors, no leaks (exit $rc)"

vg proof "$MAZEPROOF" "$TMP/out/interior.pdf"
ok "$rc" "mazeproof on its interior: no memory errors, no leaks (exit $rc)"
contains "$out" "17 solution copies checked"
ok $? "mazeproof checked the 17 solutions"

vg check "$MAZEBOOK" check "$TMP/out/interior.pdf" "$TMP/out/cover.pdf"
ok "$rc" "mazebook check of interior and cover: no memory errors, no leaks (exit $rc)"
contains "$out" "result: PASS"
ok $? "the book passes its preflight"

# the test can fail: a program that loses a block fails the same valgrind run
vg leaky "$builddir/tests/helpers/leaky"
check "a program that loses a block fails the same valgrind run (exit $rc)" "$rc" -eq 99
done_testing
