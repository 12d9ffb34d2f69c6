#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# `mazebook build` errors found after the spec is read, reported at the
# spec key's place: a character the font cannot print (checked before
# anything is written), a font fontconfig does not have, too few mazes, a
# cover title that cannot fit. And a landscape trim turns the level's grid.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR

# bad NAME EXPECTED-MESSAGE SPEC-TEXT: exit 1 with the message, no output folder
bad() {
  printf '%s' "$3" > "$TMP/$1.yaml"
  run "$MAZEBOOK" build "$TMP/$1.yaml" -o "$TMP/out-$1"
  contains "$err" "$2"
  ok $(( $? + (rc != 1) )) "$1: exit 1 and '$2'"
  check "$1: nothing written" ! -e "$TMP/out-$1"
}
HEAD='author: "A"
level: easy
'

# characters DejaVu Sans does not have, in each printed field
bad cjk-title "cjk-title.yaml:1:8: the title has a character the font cannot print: '日' (U+65E5) is not in DejaVu Sans; choose a font that has it with 'font:'" 'title: "Mazes 日本語 for Kids"
'"${HEAD}"'mazes: 30
'
bad cjk-subtitle "cjk-subtitle.yaml:5:11: the subtitle has a character the font cannot print: '迷' (U+8FF7)" 'title: "T"
'"${HEAD}"'mazes: 30
subtitle: "Kids 迷路"
'
bad cjk-author "cjk-author.yaml:1:9: the author has a character the font cannot print: '山' (U+5C71)" 'author: "山田"
title: "T"
level: easy
mazes: 30
'
bad cjk-back "cjk-back.yaml:6:9: the back cover text has a character the font cannot print: '本' (U+672C)" 'title: "T"
'"${HEAD}"'mazes: 30
cover:
  back: "A book 本"
'
bad cjk-copyright "cjk-copyright.yaml:5:12: the copyright has a character the font cannot print: '著' (U+8457)" 'title: "T"
'"${HEAD}"'mazes: 30
copyright: "著作権 A"
'
# the same title in a font that has every character it uses builds
printf 'title: "Mazes für Kinder – ©"\n%smazes: 30\nseed: 101\n' "$HEAD" > "$TMP/latin.yaml"
run "$MAZEBOOK" build -q "$TMP/latin.yaml" -o "$TMP/out-latin"
ok $rc "a title the font can print builds"

# DejaVu Serif has no check mark: the cover takes a mark the font has, and
# the book builds
printf 'title: "T"\n%smazes: 30\nfont: "DejaVu Serif"\nseed: 102\n' "$HEAD" > "$TMP/serif.yaml"
run "$MAZEBOOK" build -q "$TMP/serif.yaml" -o "$TMP/out-serif"
ok $rc "font: DejaVu Serif builds"

# a .ttf named in the spec is found beside the spec, whatever the current
# folder (the interior and cover used to open it from the current folder)
ttf=$(fc-match -f '%{file}' 'DejaVu Serif')
mkdir -p "$TMP/beside"
bold_ttf=$(fc-match -f '%{file}' 'DejaVu Serif:bold')
cp "$ttf" "$TMP/beside/face.ttf"
cp "$bold_ttf" "$TMP/beside/face-Bold.ttf"
printf 'title: "T"\n%smazes: 30\nfont: "face.ttf"\nseed: 103\n' "$HEAD" > "$TMP/beside/book.yaml"
run "$MAZEBOOK" build -q "$TMP/beside/book.yaml" -o "$TMP/out-beside"
ok $rc "font: a .ttf beside the spec, built from another folder"
# its bold face is the file beside it, in the interior and on the cover
pdffonts "$TMP/out-beside/interior.pdf" > "$TMP/beside/fonts.txt" 2>&1
contains "$(cat "$TMP/beside/fonts.txt")" "DejaVuSerif-Bold"
ok $? "font: the bold face beside the file is embedded in the interior"
pdffonts "$TMP/out-beside/cover.pdf" > "$TMP/beside/cover-fonts.txt" 2>&1
contains "$(cat "$TMP/beside/cover-fonts.txt")" "DejaVuSerif-Bold"
ok $? "font: the same bold face is on the cover"

# a font file without a bold face beside it is refused at 'font', saying
# how to name one; font_bold names it, or accepts the regular face
mkdir -p "$TMP/lone"
cp "$ttf" "$TMP/lone/face.ttf"
printf 'title: "T"\n%smazes: 30\nfont: "face.ttf"\n' "$HEAD" > "$TMP/lone/book.yaml"
run "$MAZEBOOK" build "$TMP/lone/book.yaml" -o "$TMP/out-lone"
contains "$err" "book.yaml:5:7: font file '$TMP/lone/face.ttf' has no bold face beside it"
ok $(( $? + (rc != 1) )) "font: a lone .ttf is refused at the font key"
contains "$err" "name the bold file with 'font_bold:'"
ok $? "font: the refusal says to use font_bold"
check "font: a lone .ttf writes nothing" ! -e "$TMP/out-lone"
cp "$bold_ttf" "$TMP/lone/other-name.ttf"
printf 'title: "T"\n%smazes: 30\nfont: "face.ttf"\nfont_bold: "other-name.ttf"\nseed: 104\n' "$HEAD" > "$TMP/lone/book.yaml"
run "$MAZEBOOK" build -q "$TMP/lone/book.yaml" -o "$TMP/out-lone"
ok $rc "font_bold: names the bold file"
pdffonts "$TMP/out-lone/interior.pdf" > "$TMP/lone/fonts.txt" 2>&1
contains "$(cat "$TMP/lone/fonts.txt")" "DejaVuSerif-Bold"
ok $? "font_bold: its face is embedded"
printf 'title: "T"\n%smazes: 30\nfont: "face.ttf"\nfont_bold: "face.ttf"\nseed: 105\n' "$HEAD" > "$TMP/lone/same.yaml"
run "$MAZEBOOK" build -q "$TMP/lone/same.yaml" -o "$TMP/out-lone-same"
ok $rc "font_bold: the regular file itself sets titles in the regular face"

# OpenType: TrueType outlines in an .otf are accepted; CFF outlines are
# refused with a sentence on converting them (a real CFF font, Latin Modern)
mkdir -p "$TMP/otf"
cp "$ttf" "$TMP/otf/Face-Regular.otf"
cp "$bold_ttf" "$TMP/otf/Face-Bold.otf"
printf 'title: "T"\n%smazes: 30\nfont: "Face-Regular.otf"\nseed: 106\n' "$HEAD" > "$TMP/otf/book.yaml"
run "$MAZEBOOK" build -q "$TMP/otf/book.yaml" -o "$TMP/out-otf"
ok $rc "font: an .otf with TrueType outlines builds"
cp "$top_srcdir/tests/data/fonts/lmmono9-regular.otf" "$TMP/otf/lm.otf"
printf 'title: "T"\n%smazes: 30\nfont: "lm.otf"\n' "$HEAD" > "$TMP/otf/cff.yaml"
run "$MAZEBOOK" build "$TMP/otf/cff.yaml" -o "$TMP/out-cff"
contains "$err" "cff.yaml:5:7: font file '$TMP/otf/lm.otf' is OpenType with CFF (PostScript) outlines"
ok $(( $? + (rc != 1) )) "font: a CFF .otf is refused at the font key"
contains "$err" "fontforge"
ok $? "font: the refusal names a Debian tool that converts it"
check "font: a CFF .otf writes nothing" ! -e "$TMP/out-cff"

# the language's printed words are checked too: a font cut down to the few
# letters of an English cover (a subset mutool extracts from cover.pdf)
# cannot print the German words, and the error points at 'language'
if command -v mutool >/dev/null 2>&1; then
  mkdir -p "$TMP/subset"
  (cd "$TMP/subset" && mutool extract "$TMP/out-latin/cover.pdf" >/dev/null 2>&1)
  found=1
  for ttf in "$TMP"/subset/*.ttf; do
    [ -f "$ttf" ] || continue
    # relative: a spec names only files inside its folder (issue 29)
    rel="subset/$(basename "$ttf")"
    printf 'title: "A"\nauthor: "A"\nlevel: easy\nmazes: 30\nlanguage: de\nfont: "%s"\nfont_bold: "%s"\nseed: 110\n' "$rel" "$rel" > "$TMP/subset.yaml"
    run "$MAZEBOOK" build "$TMP/subset.yaml" -o "$TMP/out-subset"
    [ "$rc" -eq 1 ] || { found=1; break; }
    contains "$err" "subset.yaml:5:11: the wording for language 'de' has a character the font cannot print" && found=0
  done
  ok $found "a font without the language's letters: exit 1 at 'language'"
  check "a font without the language's letters: nothing written" ! -e "$TMP/out-subset"
else
  skip "mutool not installed (apt-get install mupdf-tools)"
fi

# errors found after reading point at the key that caused them
bad too-few "too-few.yaml:4:8: 5 mazes make only 14 pages but KDP prints at least 24" 'title: "T"
'"${HEAD}"'mazes: 5
'
bad few-solutions "few-solutions.yaml:4:8: 11 mazes make only 20 pages" 'title: "T"
'"${HEAD}"'mazes: 11
solutions: 9
'
bad no-font "no-font.yaml:5:7: font 'Comic Sans MS' not found" 'title: "T"
'"${HEAD}"'mazes: 30
font: "Comic Sans MS"
'
# a word too wide for the about page's line (the title and the copyright
# line, at 10 pt) is found before any maze is made: exit 1 at the key's
# place, and no book is put in place (it used to fail as the gutter check)
printf 'title: "%s"\n%smazes: 30\n' "$(printf 'W%.0s' $(seq 120))" "$HEAD" > "$TMP/long-word.yaml"
run "$MAZEBOOK" build "$TMP/long-word.yaml" -o "$TMP/out-long-word"
contains "$err" "long-word.yaml:1:8: the title has a word too long for the line it is printed on: 'WWWW"
ok $(( $? + (rc != 1) )) "long title word: exit 1 at the title's place"
check "long title word: no interior put in place" ! -e "$TMP/out-long-word/interior.pdf"
printf 'title: "T"\n%smazes: 30\ncopyright: "(C) %s"\n' "$HEAD" "$(printf 'A%.0s' $(seq 300))" \
  > "$TMP/long-copyright.yaml"
run "$MAZEBOOK" build "$TMP/long-copyright.yaml" -o "$TMP/out-long-copyright"
contains "$err" "long-copyright.yaml:5:12: the copyright has a word too long for the line it is printed on: 'AAAA"
ok $(( $? + (rc != 1) )) "long copyright word: exit 1 at the copyright's place"
contains "$err" "(300 characters) is 2052 pt wide at 10 pt, the line 539 pt; a word there may have about 78 such characters"
ok $? "long copyright word: saying how wide it is and how long it may be"
contains "$err" "gutter"
check "long copyright word: not reported as a gutter failure" $? -ne 0
check "long copyright word: nothing written" ! -e "$TMP/out-long-copyright"
printf 'title: "T"\nauthor: "%s"\nlevel: easy\nmazes: 30\n' "$(printf 'M%.0s' $(seq 100))" \
  > "$TMP/long-author.yaml"
run "$MAZEBOOK" build "$TMP/long-author.yaml" -o "$TMP/out-long-author"
contains "$err" "long-author.yaml:2:9: the author (in the copyright line) has a word too long"
ok $(( $? + (rc != 1) )) "long author word in the default copyright: exit 1 at the author's place"
# a copyright word that fits the line builds
printf 'title: "T"\n%smazes: 24\ncopyright: "(C) %s"\nseed: 105\n' "$HEAD" "$(printf 'A%.0s' $(seq 70))" \
  > "$TMP/fit-copyright.yaml"
run "$MAZEBOOK" build -q "$TMP/fit-copyright.yaml" -o "$TMP/out-fit-copyright"
ok $rc "a 70-character copyright word fits the line and builds"

# an emoji in the title is refused at its place (it printed from a colour
# emoji font as a bitmap: "cover image at 72 dpi")
bad emoji-title "emoji-title.yaml:1:8: 'title' has an emoji, '😀' (U+1F600) as character 7" 'title: "Mazes 😀"
'"${HEAD}"'mazes: 30
'

# a grid too fine for the trim, and filters no maze can pass: at the key
bad fine-grid "fine-grid.yaml:5:7: grid 200x200 is too fine for an 8.5 x 11 in page" 'title: "T"
'"${HEAD}"'mazes: 30
grid: 200x200
'
bad high-ratio "high-ratio.yaml:5:18: 'min_route_ratio': no maze on 10x12 squares has a route ratio of 9.50" 'title: "T"
'"${HEAD}"'mazes: 30
min_route_ratio: 9.5
'
bad many-forks "many-forks.yaml:5:12: 'min_forks': no maze on 10x12 squares has 500 forks" 'title: "T"
'"${HEAD}"'mazes: 30
min_forks: 500
'
bad ratio-give-up "ratio-give-up.yaml:5:18: maze 1: no " 'title: "T"
'"${HEAD}"'mazes: 30
min_route_ratio: 5.6
seed: 109
'

# numbers as people write them, and no invisible characters in printed text
bad quoted-mazes "quoted-mazes.yaml:3:8: 'mazes' expected a number, not the string \"30\"" 'title: "T"
author: "A"
mazes: "30"
level: easy
'
bad plus-mazes "plus-mazes.yaml:3:8: 'mazes' must be a whole number (1..10000) written in plain digits, not '+30' (a plus sign)" 'title: "T"
author: "A"
mazes: +30
level: easy
'
bad zero-mazes "zero-mazes.yaml:3:8: 'mazes' must be a whole number (1..10000) written in plain digits, not '030' (a leading zero)" 'title: "T"
author: "A"
mazes: 030
level: easy
'
bad rlo-title "rlo-title.yaml:1:8: 'title' contains U+202E (RIGHT-TO-LEFT OVERRIDE, a bidirectional control) as character 6" 'title: "Mazes\u202Eab"
'"${HEAD}"'mazes: 30
'
bad zwsp-author "zwsp-author.yaml:1:9: 'author' contains U+200B (ZERO WIDTH SPACE, invisible) as character 2" 'author: "A\u200BB"
title: "T"
level: easy
mazes: 30
'
# a UTF-8 byte order mark at the start is skipped
printf '\357\273\277title: "T"\n%smazes: 24\nseed: 106\n' "$HEAD" > "$TMP/bom.yaml"
run "$MAZEBOOK" build -q "$TMP/bom.yaml" -o "$TMP/out-bom"
ok $rc "a spec that starts with a UTF-8 byte order mark builds"
cmp -s "$TMP/bom.yaml" "$TMP/out-bom/spec.yaml"
ok $? "and spec.yaml is its exact copy, mark and all"

# a landscape trim gets a grid of about the level's squares (16x20 = 320)
# shaped like its wide maze room: 27x12; a grid given in the spec is kept
printf 'title: "T"\nauthor: "A"\nlevel: medium\nmazes: 24\ntrim: 8.25x6\nseed: 107\n' > "$TMP/land.yaml"
run "$MAZEBOOK" build "$TMP/land.yaml" -o "$TMP/out-land"
contains "$out" "medium mazes (27x12)"
ok $(( $? + rc )) "landscape trim: the level's squares fitted to the trim, 27x12"
printf 'title: "T"\nauthor: "A"\nlevel: medium\nmazes: 24\ntrim: 8.25x6\ngrid: 16x20\nseed: 108\n' > "$TMP/land-grid.yaml"
run "$MAZEBOOK" build "$TMP/land-grid.yaml" -o "$TMP/out-land-grid"
contains "$out" "medium mazes (16x20)"
ok $(( $? + rc )) "landscape trim: a grid the spec gives is kept"

done_testing
