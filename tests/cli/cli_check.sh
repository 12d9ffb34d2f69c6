#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# `mazebook check` on PDFs made by other producers (cairo via tests/helpers/mkpdf,
# qpdf, a hand-written PDF): a clean book passes, and each fault of issue 4
# is caught with the right check, page and value. Unreadable files exit 1
# with a reason, never a crash.
. "$top_srcdir/tests/helpers/tap.sh"
MKPDF=$(dirname "$MAZEBOOK")/tests/helpers/mkpdf
cd "$TMP" || exit 1

# line ID: the checklist line of check ID in $out
line() { printf '%s\n' "$out" | grep "^[A-Z]*  $1 " | head -n 1; }

# expect STATUS ID TEXT: the check has that status and its line contains TEXT
expect() {
  l=$(line "$2")
  case "$l" in
    "$1  $2 "*"$3"*) ok 0 "$4" ;;
    *) ok 1 "$4 (got: ${l:-no line for $2})" ;;
  esac
}

"$MKPDF" interior good.pdf 24 && "$MKPDF" cover cover.pdf 24
run "$MAZEBOOK" check good.pdf cover.pdf
check "a clean cairo 6x9 24-page interior and its cover pass (exit 0)" "$rc" -eq 0
contains "$out" "result: PASS" && ! contains "$out" "FAIL "
ok $? "no check fails on the clean book"
expect PASS interior.trim "6 x 9 in (KDP listed size, no bleed" "trim inferred from the page size"
expect PASS cover.size "12.3040 x 9.2500 in = 12.3040 x 9.2500 in" "cover size matches the formula for 24 pages"
hex=$(sha256sum good.pdf | cut -d' ' -f1)
bytes=$(wc -c < good.pdf | tr -d ' ')
contains "$out" "file: good.pdf sha256=$hex bytes=$bytes"
ok $? "the checklist records the interior's SHA-256 and size (as sha256sum)"

run "$MAZEBOOK" check good.pdf cover.pdf --json
contains "$out" '"result": "PASS"' && contains "$out" '"id": "interior.gutter"'
ok $? "--json writes the checklist as JSON"

mkdir -p out
printf 'title: Mazes\n' > book.yaml
run "$MAZEBOOK" check good.pdf --spec book.yaml
contains "$out" "spec: book.yaml sha256=$(sha256sum book.yaml | cut -d' ' -f1) bytes=13"
ok $? "--spec records the spec's SHA-256"
run "$MAZEBOOK" check good.pdf -o out/checklist.txt
check "-o writes the checklist (exit 0)" "$rc" -eq 0
grep -q "^file: \.\./good.pdf sha256=$hex bytes=$bytes\$" out/checklist.txt
ok $? "file names in the checklist are relative to its folder"

# interior faults: mkpdf FAULT PAGE, then the check that must catch it
fault() { # NAME PAGES FAULT PAGE STATUS ID TEXT
  "$MKPDF" interior "$1.pdf" "$2" "$3" "$4"
  run "$MAZEBOOK" check "$1.pdf"
  if [ "$5" = FAIL ]; then want=1; else want=0; fi
  check "$1: exit $want" "$rc" -eq "$want"
  expect "$5" "$6" "$7" "$1: $6 says '$7'"
}
fault letter 24 letter 5 FAIL interior.page-size "page 5: 8.5 x 11 in, should be 6 x 9 in"
fault mixed 24 mixed 0 FAIL interior.same-size "page 13: 5.5 x 8.5 in, the other pages are 6 x 9 in (12 pages: 13-24)"
fault pages22 22 good 0 FAIL interior.page-count "22 pages, needs 24 to 828 pages"
fault odd 25 good 0 FAIL interior.even-count "25 pages is odd"
fault gutter 24 gutter 4 FAIL interior.gutter "a line 0.193 in from the binding edge on page 4: move it at least 0.375 in from the binding edge"
fault pagenum 24 pagenum 3 FAIL interior.margins "text 0.0982 in from the bottom edge on page 3: move it at least 0.25 in in from the trim"
fault smalltext 24 smalltext 3 FAIL interior.font-size "text 5 pt tall (DejaVuSans) on page 3: set it at least 7 pt"
fault hairline 24 hairline 5 FAIL interior.line-weight "a line 0.25 pt thick on page 5: make it at least 0.75 pt thick"
fault red 24 red 7 FAIL interior.colour "page 7: colour (mostly stroke rgb 1 0 0) in a black-ink book"
fault image 24 image 2 FAIL interior.image-dpi "an image at 150 dpi as printed on page 2"
fault lightgray 24 lightgray 3 FAIL interior.gray-fill "page 3: 5 % gray fill, needs >= 10 % (lighter may not print)"
fault link 24 link 2 FAIL interior.annotations "page 2: 1 annotation"
fault outline 24 outline 1 FAIL interior.bookmarks "1 bookmark"
fault blank 24 blank 5 FAIL interior.blank-pages "pages 5-9: 5 blank pages in a row, at most 4"
fault alpha 24 alpha 3 FAIL interior.transparency "page 3: fill with alpha 0.5"

# line weight: the pen's thinnest direction under an uneven scale, and thin
# filled rules, count as lines; white stays paper, not a gray fill
"$MKPDF" raw squeezed.pdf '0 G q 1 0 0 0.1 0 0 cm 3 w 150 2000 m 250 2000 l S Q'
run "$MAZEBOOK" check squeezed.pdf --trim 6x9
expect FAIL interior.line-weight "a line 0.3 pt thick on page 1" "a 3 pt pen squeezed to 0.3 pt by 1 0 0 0.1 cm fails"
"$MKPDF" raw rule.pdf '0 g 150 200 100 0.2 re f'
run "$MAZEBOOK" check rule.pdf --trim 6x9
expect FAIL interior.line-weight "a thin rule (a long filled rectangle) 0.2 pt thick on page 1" "a 0.2 pt rule drawn as a filled rectangle fails"
"$MKPDF" raw dots.pdf '0 g 150 200 1 0.5 re f 150 300 0.3 0.3 re f 1 g 150 400 100 0.2 re f 0 g 150 500 100 1 re f'
run "$MAZEBOOK" check dots.pdf --trim 6x9
expect PASS interior.line-weight "thinnest: a thin rule 1 pt thick on page 1" "dots, white rules and a 1 pt rule are not thin lines"
expect PASS interior.gray-fill "lightest: page 1: 100 % gray fill" "white fills are paper, not a light gray"

# one page: no "1 pages"
expect FAIL interior.page-count "1 page, needs 24" "page-count says 1 page"
expect FAIL interior.even-count "1 page is odd" "even-count says 1 page"
expect PASS interior.same-size "the 1 page is 6 x 9 in" "same-size on 1 page"
! contains "$out" " 1 pages" && ! contains "$out" " 1 annotations"
ok $? "no check says '1 pages'"

# colours: CMYK with only K and RGB with r = g = b are gray; anything else is colour
"$MKPDF" raw kgray.pdf '0 0 0 0.5 k 100 100 50 50 re f 0.4 0.4 0.4 RG 2 w 100 200 m 200 200 l S'
run "$MAZEBOOK" check kgray.pdf
expect PASS interior.colour "gray only" "K-only CMYK and r=g=b RGB count as gray"
"$MKPDF" raw hidden.pdf 'BT 3 Tr /F1 12 Tf 100 300 Td (hidden) Tj ET 0 g 100 100 50 50 re f'
run "$MAZEBOOK" check hidden.pdf
expect FAIL interior.invisible "1 invisible text run (render mode 3, e.g. an OCR layer); on page 1" "invisible text is caught"
"$MKPDF" raw cyan.pdf '0.5 0 0 0 k 100 100 50 50 re f'
run "$MAZEBOOK" check cyan.pdf
expect FAIL interior.colour "page 1: colour (mostly fill cmyk 0.5 0 0 0)" "a cyan fill is colour"

# the gutter fault on page 4 (even: binding on the right) is not reported on odd pages
"$MKPDF" interior gutter.pdf 24 gutter 4; run "$MAZEBOOK" check gutter.pdf
l=$(line interior.gutter); case "$l" in *"pages:"*) ok 1 "only page 4 fails the gutter" ;; *) ok 0 "only page 4 fails the gutter" ;; esac
expect PASS interior.margins "" "the gutter rule does not show up as an outside-margin fault"

"$MKPDF" helvetica helvetica.pdf
run "$MAZEBOOK" check helvetica.pdf
expect FAIL interior.fonts "page 1: font Helvetica (Type1) is not embedded" "an unembedded base-14 font fails"

qpdf --encrypt u o 256 -- good.pdf encrypted.pdf
run "$MAZEBOOK" check encrypted.pdf
check "an encrypted file exits 1" "$rc" -eq 1
expect FAIL interior.encryption "encrypted with a password" "encryption is caught"

# covers, checked against the interior they come with
"$MKPDF" interior i60.pdf 60 && "$MKPDF" interior i120.pdf 120
cover() { # NAME PAGES FAULT STATUS ID TEXT
  "$MKPDF" cover "$1.pdf" "$2" "$3"
  run "$MAZEBOOK" check "i$2.pdf" "$1.pdf"
  if [ "$4" = FAIL ]; then want=1; else want=0; fi
  check "$1: exit $want" "$rc" -eq "$want"
  expect "$4" "$5" "$6" "$1: $5 says '$6'"
}
cover good60 60 good PASS cover.size "12.3851 x 9.2500 in = 12.3851 x 9.2500 in"
cover narrow 60 narrow FAIL cover.size "12.3351 x 9.2500 in, should be 12.3851 x 9.2500 in"
cover spine60 60 spinetext FAIL cover.spine-text "on the spine of a 60-page book"
cover spine120 120 good PASS cover.spine-text "from a fold (needs >= 0.0625 in)"
cover barcode 120 barcode FAIL cover.barcode-area "text DejaVuSans at"
cover edge 120 edge FAIL cover.safe-zone "front cover text (DejaVuSans, 10 pt) only 0.05"

# files that cannot be read: a reason and exit 1, never a crash
head -c 30000 good.pdf > truncated.pdf
run "$MAZEBOOK" check truncated.pdf
check "a truncated PDF exits 1" "$rc" -eq 1
contains "$err" "cannot read 'truncated.pdf': the file is damaged or truncated"
ok $? "a truncated PDF names the file and the reason"
head -c 4000 "$MAZEBOOK" > garbage.pdf
run "$MAZEBOOK" check garbage.pdf
check "a garbage file exits 1" "$rc" -eq 1
contains "$err" "cannot read 'garbage.pdf': "
ok $? "a garbage file names the file and the reason"
contains "$err" "not a PDF (no %PDF header)"
ok $? "a file without a %PDF header says so"
: > empty.pdf
run "$MAZEBOOK" check empty.pdf
check "an empty file exits 1" "$rc" -eq 1
contains "$err" "cannot read 'empty.pdf': the file is empty, not a PDF" && ! contains "$err" "cannot tell"
ok $? "an empty file says it is empty"
mkdir -p folder.pdf
run "$MAZEBOOK" check folder.pdf
check "a folder exits 1" "$rc" -eq 1
contains "$err" "'folder.pdf' is a folder, not a PDF file"
ok $? "a folder says it is a folder"
run "$MAZEBOOK" check missing.pdf
check "a missing file exits 1" "$rc" -eq 1
contains "$err" "cannot read 'missing.pdf': No such file or directory"
ok $? "a missing file says so"
run "$MAZEBOOK" check good.pdf truncated.pdf
check "an unreadable cover exits 1" "$rc" -eq 1

# usage errors exit 2
run "$MAZEBOOK" check
check "no file is a usage error" "$rc" -eq 2
run "$MAZEBOOK" check good.pdf --paper blue
check "a bad paper is a usage error" "$rc" -eq 2
contains "$err" "unknown paper 'blue'"
ok $? "the bad paper is named"
run "$MAZEBOOK" check good.pdf --trim 3x3
check "a bad trim is a usage error" "$rc" -eq 2
run "$MAZEBOOK" check a.pdf b.pdf c.pdf
check "three files is a usage error" "$rc" -eq 2

# --trim overrides the inference
run "$MAZEBOOK" check good.pdf --trim 5x8
expect FAIL interior.page-size "page 1: 6 x 9 in, should be 5 x 8 in" "--trim 5x8 on a 6x9 file fails every page"

# a signed checklist next to the PDFs verifies; --sign needs -o
MAZEBOOK_KEY_DIR="$PWD/keys"
export MAZEBOOK_KEY_DIR
"$MAZEBOOK" keygen >/dev/null 2>&1
run "$MAZEBOOK" check good.pdf cover.pdf -o checklist.txt --sign
check "check --sign: exit 0" "$rc" -eq 0
run "$MAZEBOOK" verify checklist.txt
check "the signed checklist verifies" "$rc" -eq 0
printf 'x' >> good.pdf
run "$MAZEBOOK" verify checklist.txt
contains "$out" "good.pdf: changed since the check"
ok $(( $? + (rc != 1) )) "a changed PDF fails verify, named"
run "$MAZEBOOK" check good.pdf --sign
check "--sign without -o: exit 2" "$rc" -eq 2
"$MKPDF" interior good2.pdf 24
run "$MAZEBOOK" check good2.pdf -o c2.txt --key keys/nosuch.key
contains "$err" "nosuch.key"
ok $(( $? + (rc != 1) )) "a missing key: exit 1, naming it"

# ---- the corpus: books from outside producers, each good and with one fault ----
# (tests/data/corpus/make-corpus.sh made them; tests/data/corpus/verdicts.txt says what
# each must give). Every check not named must pass.
corpus="$top_srcdir/tests/data/corpus"
while IFS= read -r vline; do
  case "$vline" in ''|'#'*) continue ;; esac
  files=${vline%%=>*}
  want=${vline#*=> }
  set -- $files
  args=""
  for a in "$@"; do
    case "$a" in *.pdf) args="$args $corpus/$a" ;; *) args="$args $a" ;; esac
  done
  run "$MAZEBOOK" check $args
  got=$(printf '%s\n' "$out" | awk '/^(WARN|FAIL)  / { print $1 ":" $2 }' | sort | tr '\n' ' ')
  need=$(for t in $want; do case "$t" in FAIL:*|WARN:*) echo "$t" ;; esac; done | sort | tr '\n' ' ')
  check "corpus $files: not passing: ${need:-nothing}" "$got" = "$need"
  case "$need" in *FAIL:*) want_rc=1 ;; *) want_rc=0 ;; esac
  check "corpus $files: exit $want_rc" "$rc" -eq "$want_rc"
  for t in $want; do
    case "$t" in
      PASS:*) id=${t#PASS:}
              line "$id" | grep -q "^PASS  $id "
              ok $? "corpus $files: $id passes" ;;
    esac
  done
done < "$corpus/verdicts.txt"

# the same numbers in the JSON as in the sentence
run "$MAZEBOOK" check "$corpus/reportlab-margins.pdf" --json
contains "$out" '"value": 0.1589, "need": 0.25, "unit": "in"'
ok $? "the margin's figures are numbers in the JSON"

# --pictures: one PNG per failing page, and the cover
mkdir pics
run "$MAZEBOOK" check "$corpus/cairo-bleed.pdf" "$corpus/rsvg-cover-good.pdf" --pictures pics
check "check --pictures on a failing book: exit 1" "$rc" -eq 1
check "the failing page (9) has its picture" -f pics/interior-page-0009.png
check "only the failing page is pictured" "$(ls pics | grep -c interior-page)" -eq 1
check "the cover has its picture" -f pics/cover.png
contains "$err" "2 pictures in 'pics'"
ok $? "check says how many pictures it wrote"
# the page's picture shows the fault in red: count strongly red pixels
if command -v python3 >/dev/null 2>&1; then
red=$(python3 - pics/interior-page-0009.png 2>/dev/null <<'PY' || echo 0
import sys, zlib, struct
d = open(sys.argv[1], "rb").read()
w, h = struct.unpack(">II", d[16:24])
i, idat = 8, b""
while i < len(d):
    n = struct.unpack(">I", d[i:i + 4])[0]
    if d[i + 4:i + 8] == b"IDAT":
        idat += d[i + 8:i + 8 + n]
    i += 12 + n
raw = zlib.decompress(idat)
stride, prev, red = 3 * w, bytearray(3 * w), 0
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for x in range(stride):
        a = line[x - 3] if x >= 3 else 0
        b = prev[x]
        c = prev[x - 3] if x >= 3 else 0
        p = a + b - c
        pr = a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else b if abs(p - b) <= abs(p - c) else c
        line[x] = (line[x] + [0, a, b, (a + b) // 2, pr][f]) & 255
    red += sum(1 for x in range(0, stride, 3) if line[x] > 180 and line[x + 1] < 80 and line[x + 2] < 80)
    prev = line
print(red)
PY
)
check "the picture outlines the offending object in red ($red red pixels)" "$red" -gt 50
else
  skip "no python3 to read the picture's pixels"
fi
run "$MAZEBOOK" check "$corpus/reportlab-good.pdf" --pictures pics2
check "a clean book: no page pictures" "$(ls pics2 | wc -l)" -eq 0

# a build that fails its checks leaves pictures of the faults in its folder
# (a stand-in mazeproof that fails, installed beside a copy of the program)
mkdir bin
cp "$MAZEBOOK" bin/mazebook
printf '#!/bin/sh\necho "maze 3, page 5: 10x12, FAIL: 2 routes (a loop)"\nexit 1\n' > bin/mazeproof
chmod +x bin/mazeproof
MAZEBOOK_KEY_DIR="$TMP/keys" run bin/mazebook build "$top_srcdir/examples/easy.yaml" -o bout -q
check "a build that fails its checks: exit 1" "$rc" -eq 1
check "it pictures the cover in its folder" -f bout/faults/cover.png
contains "$err" "picture of the faults in 'bout/faults'"
ok $? "and says where the pictures are"

# images where the page's own drawing does not show them: in an annotation's
# appearance and in a soft mask's group, each 100 dpi (tests/helpers/image_places_pdf.py)
if command -v python3 >/dev/null 2>&1; then
  python3 "$top_srcdir/tests/helpers/image_places_pdf.py" .
  for f in annot-image smask-image; do
    run "$MAZEBOOK" check $f.pdf
    expect FAIL interior.image-dpi "an image at 100 dpi as printed on page 2" \
      "$f: the hidden image's resolution is measured"
  done
else
  skip "no python3 to write the PDFs"
  skip "no python3 to write the PDFs"
fi

done_testing
