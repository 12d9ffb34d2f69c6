#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# mazeproof on square mazes on landscape and turned pages, as other programs
# write them (tests/data/mazeproof/rotated/mkrotated.py, its own generator,
# which shares nothing with mazebook's): a landscape page size (reportlab,
# matplotlib, TikZ with geometry's landscape), a portrait page whose content
# is turned a quarter with /Rotate 90 to show it upright (reportlab's
# setPageRotation, pdflscape, Ghostscript's ps2pdf of matplotlib's landscape
# PostScript) or without (a turned canvas, lscape, ps2pdf with
# AutoRotatePages=/None), and portrait pages turned by qpdf --rotate 90, 180
# and 270, one maze a page or two, or on a page whose MediaBox and CropBox
# do not start at the origin; each perfect and with each flaw (a loop,
# cut-off squares, a closed entrance, an extra gap, a wall painted over in
# white, a solution through a wall). A page is read in the frame where its
# text stands upright: its labels go to the maze under them there, its
# entrance is at the top-left there, and its rendering is turned the same
# way. mkrotated.py wrote expected.txt from the flaw each was drawn with;
# the PDFs are checked in.
. "$top_srcdir/tests/helpers/tap.sh"
. "$top_srcdir/tests/helpers/mazeproof_verdict.sh"
DIR="$top_srcdir/tests/data/mazeproof/rotated"
CORPUS="$top_srcdir/tests/data/mazeproof/corpus"

# judge FILE WANT PHRASE NAME: both modes, the exit status, the phrase (|
# between alternatives), and no finding that only a page read in the wrong
# frame makes: a gap at the wrong corner, a label not read, a copy unpaired
judge() {
  for mode in lines --render; do
    prove "$mode" "$1"
    [ "$rc" -eq "$2" ] && says_one_of "$3" &&
      ! says_one_of ', not at the |had no number|no readable label|unnumbered maze'
    ok $? "$4 ($mode): exit $2, says '$3'" || show_run
  done
}

n=0
while IFS="$TAB" read -r file want phrase; do
  case "$file" in '#'*|'') continue ;; esac
  n=$((n + 1))
  judge "$DIR/$file" "$want" "$phrase" "$file"
done < "$DIR/expected.txt"
check "the rotated set has at least 75 files" "$n" -ge 75
check "drawn by matplotlib, TikZ and qpdf" \
  "$(sed -n 's/^\(matplotlib\|tikz\|qpdf\)-.*/\1/p' "$DIR/expected.txt" | sort -u | wc -l)" -eq 3
check "each way of turning a page has a perfect file and six flawed ones" \
  "$(grep -c -- '-perfect\.pdf	0	' "$DIR/expected.txt")" -ge 10 -a \
  "$(grep -c '	1	' "$DIR/expected.txt")" -ge 55

# the pages really are turned as their names say
if command -v mutool >/dev/null 2>&1; then
  rotate_of() { mutool show "$1" 'pages/1/Rotate' 2>/dev/null | tr -dc '0-9'; }
  check "pdflscape's page has /Rotate 90" "$(rotate_of "$DIR/tikz-pdflscape-perfect.pdf")" = 90
  check "ps2pdf's landscape page has /Rotate 90" "$(rotate_of "$DIR/matplotlib-ps-perfect.pdf")" = 90
  check "qpdf's turned page has /Rotate 180" "$(rotate_of "$DIR/qpdf-rotate180-loop.pdf")" = 180
  check "lscape's page has no /Rotate" "$(rotate_of "$DIR/tikz-lscape-perfect.pdf")" = ""
  # and lscape's text runs up the page (its baseline (0, -1), y down)
  mutool trace "$DIR/tikz-lscape-perfect.pdf" 1 > "$TMP/trace" 2>/dev/null
  grep -q '<fill_text .*transform="0 -1 ' "$TMP/trace"
  ok $? "lscape's text runs up the page"
else
  for k in 1 2 3 4 5; do skip "mutool not installed (apt-get install mupdf-tools)"; done
fi

# read upright: its size as drawn, its copy paired by its label, nothing rendered
run "$MAZEPROOF" --json "$DIR/qpdf-rotate90-perfect.pdf"
contains "$out" '"width": 8, "height": 11' && contains "$out" '"copy_paired_by": "label"' &&
  contains "$out" '"label": "Maze 1"' && contains "$out" '"rendered": 0'
ok $? "a page turned by /Rotate 90 is read with its text upright: 8x11, paired by label"
run "$MAZEPROOF" "$DIR/qpdf-two-rotate180-perfect.pdf"
contains "$out" "maze 1, page 1: 7x5, perfect" && contains "$out" "maze 2, page 1: 7x5, perfect"
ok $? "upside down, each label goes to the maze under it as the text stands"

if qpdf --version >/dev/null 2>&1; then
  # mazeproof's corpus (eight producers, square mazes), each file turned by
  # qpdf a quarter, a half or three quarters, judged from its lines or
  # rendered, in turn: word for word the verdicts of the file as drawn (but
  # the files whose text is all outlines: see the limit below)
  k=0
  while IFS="$TAB" read -r file want phrase; do
    case "$file" in '#'*|''|*text-outlined*) continue ;; esac
    k=$((k + 1))
    r=$((90 * (k % 3 + 1)))
    mode=lines
    [ $((k % 2)) -eq 1 ] && mode=--render
    opt=$mode
    [ "$mode" = lines ] && opt=
    qpdf --rotate=+$r "$CORPUS/$file" "$TMP/turned.pdf" 2>/dev/null
    run "$MAZEPROOF" $opt "$CORPUS/$file"
    want_out=$(printf '%s\n%s' "$out" "$err" | sed "s#$CORPUS/$file#FILE#g")
    run "$MAZEPROOF" $opt "$TMP/turned.pdf"
    got_out=$(printf '%s\n%s' "$out" "$err" | sed "s#$TMP/turned.pdf#FILE#g")
    [ "$got_out" = "$want_out" ]
    ok $? "$file turned $r ($mode): the verdicts of the file as drawn" ||
      printf '# want:\n%s\n# got:\n%s\n' "$want_out" "$got_out" | sed 's/^/# /'
  done < "$CORPUS/expected.txt"
  check "at least 150 corpus files turned" "$k" -ge 150
  # a solution page with no text is turned as the pages of its /Rotate
  # before it were: its copies still match their mazes' walls
  for r in 90 180 270; do
    qpdf --rotate=+$r "$CORPUS/cairo-unlabelled-copies-dashed.pdf" "$TMP/turned.pdf" 2>/dev/null
    run "$MAZEPROOF" "$TMP/turned.pdf"
    check "unlabelled copies on a page turned $r: exit 0" "$rc" -eq 0
    contains "$out" "found by its walls" && ! contains "$out" "matches no maze"
    ok $? "and each copy is found by its walls"
  done
  # Limit: a file with no text at all is read as displayed. Turned a
  # quarter, its maze's gaps are at the sides, and it fails on that (never
  # passes on a guess); --any-gaps proves it.
  qpdf --rotate=+90 "$CORPUS/inkscape-outline-text-outlined-ink-square.pdf" "$TMP/turned.pdf"
  run "$MAZEPROOF" "$TMP/turned.pdf"
  check "no text at all, turned a quarter: exit 1" "$rc" -eq 1
  contains "$out" "the entrance is at the left of"
  ok $? "and it says where the entrance is"
  run "$MAZEPROOF" --any-gaps "$TMP/turned.pdf"
  check "with --any-gaps it passes" "$rc" -eq 0
else
  skip "qpdf not installed"
fi

done_testing
