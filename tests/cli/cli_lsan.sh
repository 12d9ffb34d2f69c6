#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The sanitizer build's counterpart of cli_valgrind.sh: LeakSanitizer with no
# suppressions at all on a full `mazebook build` (the cover in the default
# font fontconfig finds, then in a font file with a configuration of its
# own) and on `mazebook check`. At exit mazebook drops Pango's and cairo's
# font caches and then fontconfig (mb_fonts_release), so nothing of
# fontconfig's is left for LeakSanitizer to misread; were it left, every
# sanitized run would pay for matching it against tests/helpers/lsan.supp.
# Runs only in the sanitizer build (./configure --enable-sanitizers).
. "$top_srcdir/tests/helpers/tap.sh"
builddir=$(dirname "$MAZEBOOK")

if [ "${MB_SANITIZERS:-no}" != yes ]; then
  echo "ok 1 # SKIP not the sanitizer build (./configure --enable-sanitizers)"
  echo "1..1"
  exit 0
fi

MAZEBOOK_KEY_DIR=$TMP/keys
export MAZEBOOK_KEY_DIR
font=$(fc-match -f '%{file}' 'DejaVu Serif' 2>/dev/null)
[ -f "$font" ] || font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
cp "$font" "$TMP/" && cp "${font%.ttf}-Bold.ttf" "$TMP/" 2>/dev/null
font=$(basename "$font")
cat > "$TMP/small.yaml" <<SPEC
title: "Little Mazes"
subtitle: "17 Easy Mazes"
author: "Ada Lovelace"
level: easy
mazes: 17
trim: 8.5x11
seed: 7
SPEC
{ cat "$TMP/small.yaml"; echo "font: \"$font\""; } > "$TMP/font-file.yaml"

# lsan NAME CMD...: CMD with the leak check and no suppressions
lsan() {
  name=$1
  shift
  run env LSAN_OPTIONS=print_suppressions=0 ASAN_OPTIONS=detect_leaks=1 "$@"
  if contains "$err" "LeakSanitizer"; then
    echo "# LeakSanitizer, $name:"
    printf '%s\n' "$err" | grep -A6 'leak of' | head -40 | sed 's/^/#   /'
  fi
}

lsan build "$MAZEBOOK" build -q "$TMP/small.yaml" -o "$TMP/out"
check "build in the default font: no leak reported, no suppression needed (exit $rc)" \
  "$rc" -eq 0 -a -s "$TMP/out/cover.pdf"
lsan build-font-file "$MAZEBOOK" build -q "$TMP/font-file.yaml" -o "$TMP/out-file"
check "build in a font file: no leak reported, no suppression needed (exit $rc)" \
  "$rc" -eq 0 -a -s "$TMP/out-file/cover.pdf"
lsan check "$MAZEBOOK" check "$TMP/out/interior.pdf" "$TMP/out/cover.pdf"
check "check of interior and cover: no leak reported (exit $rc)" "$rc" -eq 0
lsan help "$MAZEBOOK" --version
check "--version: no leak reported (exit $rc)" "$rc" -eq 0

# the test can fail: a program that loses a block fails the same settings
lsan leaky "$builddir/tests/helpers/leaky"
check "a program that loses a block fails the same leak check (exit $rc)" "$rc" -ne 0
contains "$err" "LeakSanitizer"
ok $? "and LeakSanitizer says so"
done_testing
