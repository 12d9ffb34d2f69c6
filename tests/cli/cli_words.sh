#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# One table of printed words (issue 13, section 2): a book per language, its
# interior and its cover read back as text (pdftotext), and the words both
# print agree: the START and FINISH tags and the level's name are the same
# inside and on the cover. The checker is also fed words that must not be
# there (the Spanish SALIDA the cover used to print, the German "Experte").
. "$top_srcdir/tests/helpers/tap.sh"
cd "$TMP" || exit 1
MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR

if ! command -v pdftotext >/dev/null 2>&1; then
  skip "pdftotext (poppler-utils) is not installed"
  done_testing
  exit 0
fi

# in_both WORD: the word is in interior.txt and in cover.txt (as a whole word)
in_both() {
  grep -qw -- "$1" interior.txt && grep -qw -- "$1" cover.txt
}

# language|seed|start|finish|expert's name|words neither may print
# (a seed each: the catalogue refuses a book whose mazes another printed)
for row in "en|31|START|FINISH|expert|" \
           "de|32|START|ZIEL|Profi|Experte" \
           "fr|33|DÉPART|ARRIVÉE|expert|" \
           "es|34|INICIO|META|experto|SALIDA"; do
  IFS='|' read -r lang seed start finish expert never <<EOT
$row
EOT
  cat > "$lang.yaml" <<YAML
title: "Words $lang"
author: "A. Author"
year: 2026
level: expert
mazes: 20
solutions: 4
trim: 8.5x11
seed: $seed
language: $lang
YAML
  rm -f interior.txt cover.txt
  run "$MAZEBOOK" build "$lang.yaml" -o "out-$lang"
  check "$lang: the book builds" "$rc" -eq 0
  grep -q "^PASS  cover.mazeproof .*2 of the cover's 2 mazes passed" "out-$lang/checklist.txt"
  ok $? "$lang: mazeproof proves the cover's two mazes"
  pdftotext -q "out-$lang/interior.pdf" interior.txt 2>/dev/null &&
    pdftotext -q "out-$lang/cover.pdf" cover.txt 2>/dev/null
  ok $? "$lang: interior and cover read back as text"
  for w in "$start" "$finish" "$expert"; do
    in_both "$w"
    ok $? "$lang: '$w' is printed inside and on the cover"
  done
  # the count under the badge and in the back's list is the book's
  grep -qw 20 cover.txt
  ok $? "$lang: the cover counts the book's 20 mazes"
  if [ -n "$never" ]; then
    ! grep -qw -- "$never" interior.txt && ! grep -qw -- "$never" cover.txt
    ok $? "$lang: '$never' is printed nowhere"
    # the checker itself fails on a word only one side has
    printf '%s\n' "$never" >> cover.txt
    ! in_both "$never"
    ok $? "$lang: the check fails when only the cover prints '$never'"
  fi
done

done_testing
