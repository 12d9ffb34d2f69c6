#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# French punctuation is the same inside and on the cover: a narrow no-break
# space (U+202F) before : ; ? and ! in mazebook's own words ("Niveau : facile"
# on the how-to-play page and on the back cover) and where the publisher
# typed a space there (title, subtitle, back text); "10:30", typed without
# one, keeps none; an English book's text is left as typed. Text
# extractors write U+202F as a plain space, so tests/helpers/french_marks.py tells
# the two apart by the width MuPDF reads (DejaVu Sans: 0.2 em, against
# 0.318 em for a word space).
. "$top_srcdir/tests/helpers/tap.sh"

MAZEBOOK_CATALOGUE=none
export MAZEBOOK_CATALOGUE
PY=python3
command -v "$PY" >/dev/null 2>&1 || PY=/usr/bin/python3
marks() { mutool draw -q -F stext -o - "$1" 2>/dev/null | "$PY" "$top_srcdir/tests/helpers/french_marks.py"; }

cat > "$TMP/fr.yaml" <<'YAML'
title: "Labyrinthes : le grand livre"
subtitle: "30 labyrinthes ; prêt ?"
author: "Anne Exemple"
level: easy
mazes: 30
seed: 11
language: fr
year: 2026
print_seed: true
cover:
  back: "Trouve la sortie ! Rendez-vous à 10:30 ?"
YAML
run "$MAZEBOOK" build -q "$TMP/fr.yaml" -o "$TMP/fr"
check "a French book builds" "$rc" -eq 0
marks "$TMP/fr/interior.pdf" > "$TMP/inside.txt"
marks "$TMP/fr/cover.pdf" > "$TMP/cover.txt"
sed 's/^/# inside: /' "$TMP/inside.txt"
sed 's/^/# cover: /' "$TMP/cover.txt"

check "inside: no word space before : ; ? ! ($(grep -c '^wide' "$TMP/inside.txt") found)" \
  "$(grep -c '^wide' "$TMP/inside.txt")" -eq 0
check "cover: no word space before : ; ? ! ($(grep -c '^wide' "$TMP/cover.txt") found)" \
  "$(grep -c '^wide' "$TMP/cover.txt")" -eq 0
for where in inside cover; do
  grep -q '^narrow .*Niveau : facile' "$TMP/$where.txt"
  ok $? "$where: the level reads 'Niveau : facile' with a narrow no-break space"
  grep -q '^narrow Labyrinthes : le grand' "$TMP/$where.txt"
  ok $? "$where: the publisher's title gets the narrow space before its colon"
  grep -q '^narrow .*labyrinthes ; prêt ?' "$TMP/$where.txt"
  ok $? "$where: the subtitle's ; and ? get it"
done
grep -q '^narrow Graine : 11' "$TMP/inside.txt"
ok $? "inside: the seed line reads 'Graine : 11'"
grep -q '^narrow Trouve la sortie !' "$TMP/cover.txt"
ok $? "cover: the back text's ! gets it"
mutool draw -q -F txt -o - "$TMP/fr/cover.pdf" 2>/dev/null | grep -q '10:30'
ok $? "cover: '10:30', typed without a space, keeps none"

# English text is set as typed: the rule is French typography
cat > "$TMP/en.yaml" <<'YAML'
title: "Mazes : the big book"
author: "Ann Example"
level: easy
mazes: 30
seed: 12
YAML
run "$MAZEBOOK" build -q "$TMP/en.yaml" -o "$TMP/en"
check "an English book builds" "$rc" -eq 0
marks "$TMP/en/interior.pdf" > "$TMP/en-inside.txt"
grep -q '^wide Mazes : the big' "$TMP/en-inside.txt"
ok $? "English: a space typed before a colon stays a word space"
check "English: no narrow space anywhere" "$(grep -c '^narrow' "$TMP/en-inside.txt")" -eq 0

done_testing
