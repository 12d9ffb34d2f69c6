#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# A CFF-flavoured OpenType font is refused with the same words on how to
# convert it whether the spec names its file or its family through
# fontconfig (which answers with the .otf). The font is the suite's own
# Latin Modern Mono (tests/data/fonts/README), put before fontconfig through a
# configuration of this test's own, so no installed font is needed.
. "$top_srcdir/tests/helpers/tap.sh"

MAZEBOOK_CATALOGUE=none
export MAZEBOOK_CATALOGUE
# a TrueType regular face for the bold test, found before fontconfig is narrowed
ttf=$(fc-match -f '%{file}' 'DejaVu Sans')
mkdir -p "$TMP/fc" "$TMP/book"
cp "$top_srcdir/tests/data/fonts/lmmono9-regular.otf" "$TMP/fc/lmmono9-regular.otf"
cp "$top_srcdir/tests/data/fonts/lmmono9-regular.otf" "$TMP/book/lm.otf"
cat > "$TMP/fonts.conf" <<CONF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>$TMP/fc</dir>
  <cachedir>$TMP/fc-cache</cachedir>
</fontconfig>
CONF
FONTCONFIG_FILE="$TMP/fonts.conf"
export FONTCONFIG_FILE
fc-match 'Latin Modern Mono' file | grep -q "$TMP/fc/lmmono9-regular.otf"
ok $? "fontconfig answers 'Latin Modern Mono' with the test's CFF .otf"

HEAD='title: "T"\nauthor: "A"\nlevel: easy\nmazes: 30\nseed: 5\n'
hint() { printf '%s\n' "$1" | sed -n "s/.*\(OpenType with CFF (PostScript) outlines.*FONT\.otf FONT\.ttf\).*/\1/p"; }

printf "${HEAD}font: \"lm.otf\"\n" > "$TMP/book/file.yaml"
run "$MAZEBOOK" build -q "$TMP/book/file.yaml" -o "$TMP/out-file"
file_err=$err
contains "$err" "file.yaml:6:7: font file '$TMP/book/lm.otf' is OpenType with CFF (PostScript) outlines"
ok $(( $? + (rc != 1) )) "the file spelling is refused at its key"
file_hint=$(hint "$file_err")
contains "$file_hint" "fontforge -lang=ff"
ok $? "the file spelling's refusal says how to convert the font"

for family in "Latin Modern Mono" "LM Mono 9"; do
  printf "${HEAD}font: \"$family\"\n" > "$TMP/book/name.yaml"
  run "$MAZEBOOK" build -q "$TMP/book/name.yaml" -o "$TMP/out-name"
  contains "$err" "name.yaml:6:7: font '$family' is '$TMP/fc/lmmono9-regular.otf', OpenType with CFF (PostScript) outlines"
  ok $(( $? + (rc != 1) )) "font: \"$family\" (fontconfig) is refused at its key, naming the file"
  check "font: \"$family\" gets the file spelling's conversion hint" "$(hint "$err")" = "$file_hint"
  check "font: \"$family\" writes nothing" ! -e "$TMP/out-name"
done

# the bold face named by family goes the same way
# the regular file inside the spec's folder: a spec names only files there (issue 29)
cp "$ttf" "$TMP/book/regular.ttf"
printf "${HEAD}font: \"regular.ttf\"\nfont_bold: \"Latin Modern Mono\"\n" > "$TMP/book/bold.yaml"
run "$MAZEBOOK" build -q "$TMP/book/bold.yaml" -o "$TMP/out-bold"
contains "$err" "bold.yaml:7:12: font 'Latin Modern Mono' is '$TMP/fc/lmmono9-regular.otf', OpenType with CFF"
ok $(( $? + (rc != 1) )) "font_bold: a CFF font by family is refused at its key"
check "font_bold: with the same conversion hint" "$(hint "$err")" = "$file_hint"

done_testing
