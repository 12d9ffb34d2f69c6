#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Files every reader opens cleanly (issue 26, section 5). Books with and
# without bleed, a paperback and a hardcover edition, in German, French and
# Spanish: every page of every interior and cover carries a TrimBox of the
# trim and, with bleed (a cover always), a BleedBox that is the page
# (tests/helpers/pdf_boxes.py reads them through qpdf); poppler (pdftotext,
# pdffonts), qpdf --check and mutool info print nothing on stderr (libharu's
# ToUnicode CMap made poppler warn at every use of a font); and the text
# reads back with its accents. The checkers are fed broken files too.
. "$top_srcdir/tests/helpers/tap.sh"
cd "$TMP" || exit 1
MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR
BOXES="$top_srcdir/tests/helpers/pdf_boxes.py"

for tool in pdftotext pdffonts qpdf mutool python3; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    skip "$tool is not installed (poppler-utils, qpdf, mupdf-tools, python3)"
    done_testing
    exit 0
  fi
done

# quiet FILE: every reader opens FILE without a word on stderr
quiet() {
  : > said
  pdftotext "$1" /dev/null 2>>said || echo "pdftotext failed" >>said
  pdffonts "$1" >/dev/null 2>>said || echo "pdffonts failed" >>said
  qpdf --check "$1" >/dev/null 2>>said || echo "qpdf --check exited $?" >>said
  mutool info "$1" >/dev/null 2>>said || echo "mutool info failed" >>said
  err=$(sort said | uniq -c | head -5)
  [ ! -s said ]
}

# readable NAME DIR KIND TRIM_W TRIM_H BLEED: the boxes and the readers of DIR's two PDFs
readable() {
  name=$1 dir=$2 kind=$3 tw=$4 th=$5 bleed=$6
  run python3 "$BOXES" "$dir/interior.pdf" interior "$tw" "$th" "$bleed"
  what="every page's TrimBox is the trim"
  [ "$bleed" = 1 ] && what="$what inside the bleed, its BleedBox the page"
  ok "$rc" "$name: interior: $what"
  run python3 "$BOXES" "$dir/cover.pdf" "$kind" "$tw" "$th" "$bleed"
  ok "$rc" "$name: $kind: the TrimBox is the trim, the BleedBox the page"
  for f in interior cover; do
    out=""
    quiet "$dir/$f.pdf"
    ok $? "$name: $f.pdf: pdftotext, pdffonts, qpdf --check and mutool info say nothing"
  done
}

# has FILE WORD...: FILE (pdftotext's text) holds every word, accents and all
has() {
  f=$1
  shift
  for w in "$@"; do
    grep -qF -- "$w" "$f" || { err="'$w' is not in $f"; return 1; }
  done
  err=""
}

# ---- the examples: bleed, hardcover and paperback, German ----
run "$MAZEBOOK" build "$top_srcdir/examples/bleed-6x9-cream.yaml" -o bleed
check "bleed-6x9-cream: builds" "$rc" -eq 0
readable bleed-6x9-cream bleed cover 6 9 1

run "$MAZEBOOK" build "$top_srcdir/examples/editions-6x9.yaml" -o editions
check "editions-6x9: builds" "$rc" -eq 0
readable "editions-6x9 paperback" editions/paperback cover 6 9 0
readable "editions-6x9 hardcover" editions/hardcover hardcover 6 9 0

run "$MAZEBOOK" build "$top_srcdir/examples/labyrinthe-de.yaml" -o de
check "labyrinthe-de: builds" "$rc" -eq 0
readable labyrinthe-de de cover 8.5 11 0
pdftotext -q de/interior.pdf de-interior.txt && pdftotext -q de/cover.pdf de-cover.txt
ok $? "labyrinthe-de: interior and cover read back as text"
has de-interior.txt "Labyrinthe für Kinder" "Irrgärten" "Käthe Müller" "überqueren" \
  "Lösungen" "ZIEL"
ok $? "labyrinthe-de: the interior reads 'Irrgärten', 'Käthe Müller', 'überqueren', 'Lösungen'"
has de-cover.txt "Labyrinthe" "für" "Käthe Müller"
ok $? "labyrinthe-de: the cover reads 'für' and 'Käthe Müller'"

# ---- French and Spanish, with bleed: the accents of titles and tags ----
for row in "fr|41|Labyrinthes d'été à colorier|Éloïse Lefèvre|DÉPART|ARRIVÉE" \
           "es|42|Laberintos para niños pequeños|Begoña Muñoz|INICIO|META"; do
  IFS='|' read -r lang seed title author start finish <<EOT
$row
EOT
  cat > "$lang.yaml" <<YAML
title: "$title"
author: "$author"
year: 2026
level: easy
mazes: 24
solutions: 4
trim: 6x9
bleed: true
seed: $seed
language: $lang
YAML
  run "$MAZEBOOK" build "$lang.yaml" -o "out-$lang"
  check "$lang: builds" "$rc" -eq 0
  readable "$lang" "out-$lang" cover 6 9 1
  pdftotext -q "out-$lang/interior.pdf" "$lang-interior.txt" &&
    pdftotext -q "out-$lang/cover.pdf" "$lang-cover.txt"
  ok $? "$lang: interior and cover read back as text"
  has "$lang-interior.txt" "$title" "$author" "$start" "$finish"
  ok $? "$lang: the interior reads '$title', '$author', $start and $finish"
  has "$lang-cover.txt" "$author"
  ok $? "$lang: the cover reads '$author'"
done

# ---- the checkers fail on broken files ----
# a TrimBox a bleed's width off (the same length: the file stays sound)
sed 's|/TrimBox \[ 0 9 432 657 \]|/TrimBox [ 0 0 432 657 ]|' bleed/interior.pdf > shifted.pdf
run python3 "$BOXES" shifted.pdf interior 6 9 1
check "pdf_boxes.py: a TrimBox on the bleed fails ($out)" "$rc" -eq 1
sed 's|/TrimBox|/TrimBax|g' bleed/cover.pdf > untrimmed.pdf
run python3 "$BOXES" untrimmed.pdf cover 6 9 1
check "pdf_boxes.py: a cover without a TrimBox fails ($out)" "$rc" -eq 1
run python3 "$BOXES" editions/paperback/cover.pdf hardcover 6 9 0
check "pdf_boxes.py: a paperback's cover read as a hardcover's fails" "$rc" -eq 1
# the cover's cross-reference table one byte off, as a wrong shift would leave it
python3 - bleed/cover.pdf offset.pdf <<'PY'
import re, sys
d = open(sys.argv[1], "rb").read()
at = d.rindex(b"\nxref\n")
m = re.compile(rb"(\d{10}) 00000 n").search(d, at + 20)
d = d[:m.start(1)] + b"%010d" % (int(m.group(1)) + 1) + d[m.end(1):]
open(sys.argv[2], "wb").write(d)
PY
ok $? "a cover whose cross-reference table is one byte off"
quiet offset.pdf
check "... makes the readers speak: $(head -n 1 said)" $? -ne 0

done_testing
