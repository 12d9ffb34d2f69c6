#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The publisher's pictures on the cover (issue 14, item 6): front art on the
# front card (PNG or JPEG, fill or fit) and an imprint logo on the back,
# each refused under 300 dpi at the size it prints with the dpi and the
# size it could print at. The pictures come from librsvg and ImageMagick
# (tests/data/pictures/make-pictures.sh); the broken ones are made here.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR
cp "$top_srcdir"/tests/data/pictures/*.png "$top_srcdir"/tests/data/pictures/*.jpg "$TMP/"
HEAD='title: "Maze Valley"
author: "A"
year: 2026
level: easy
mazes: 30
seed: 4
'
# spec NAME COVER-LINES: a spec with these lines under cover:
spec() { printf '%scover:\n%s' "$HEAD" "$2" > "$TMP/$1.yaml"; }

spec jpeg '  image: art.jpg
  logo: logo.png
'
run "$MAZEBOOK" build -q "$TMP/jpeg.yaml" -o "$TMP/out-jpeg"
ok $rc "JPEG art and a PNG logo: the book builds and passes its checks"
pdfimages -list "$TMP/out-jpeg/cover.pdf" > "$TMP/images.txt" 2>&1
grep -q ' 2000  2500 .* jpeg ' "$TMP/images.txt"
ok $? "the JPEG is embedded as it is (DCT), 2000 x 2500 px"
grep -q '  600   300 ' "$TMP/images.txt"
ok $? "the logo is on the cover"
ppi=$(awk '$3 == "image" && $4 == 2000 { print $13 }' "$TMP/images.txt")
check "the art prints at 300 ppi or more (pdfimages says $ppi)" "${ppi:-0}" -ge 300

spec png '  image: art.png
  image_fit: fit
'
run "$MAZEBOOK" build -q "$TMP/png.yaml" -o "$TMP/out-png"
ok $rc "PNG art fitted inside the card builds"
pdfimages -list "$TMP/out-png/cover.pdf" | grep -q ' 2000  2500 '
ok $? "the PNG art is on the cover"

# refused, at the key, before anything is written
refused() {
  run "$MAZEBOOK" build "$TMP/$1.yaml" -o "$TMP/out-$1"
  contains "$err" "$2"
  ok $(( $? + (rc != 1) )) "$1: exit 1 and '$2'"
  check "$1: nothing written" ! -e "$TMP/out-$1"
}
spec small '  image: art-small.png
'
refused small "small.yaml:8:10: 'art-small.png' is 400 x 500 px: filling the 5.82 x 7.60 in front card it prints at 65 dpi, and KDP asks for at least 300 (at 300 dpi it is 1.33 x 1.67 in)"
spec cmyk '  image: art-cmyk.jpg
'
refused cmyk "cmyk.yaml:8:10: '$TMP/art-cmyk.jpg' is a CMYK JPEG: save it in RGB"
printf 'not a picture\n' > "$TMP/fake.png"
spec fake '  image: fake.png
'
refused fake "fake.yaml:8:10: '$TMP/fake.png' is not a PNG or JPEG picture"
head -c 20000 "$TMP/art.png" > "$TMP/cut.png"
spec cut '  image: cut.png
'
refused cut "cut.yaml:8:10: '$TMP/cut.png' is a damaged PNG"
spec missing '  logo: none.png
'
refused missing "missing.yaml:8:9: cannot read picture '$TMP/none.png'"
# a PNG that claims 30000 x 30000 px is refused from its header, not decoded
python3 - "$TMP" <<'PY'
import struct, sys, zlib
d = sys.argv[1]
def chunk(kind, body):
    return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))
def png(w, h, rows):
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b''))
open(d + '/huge.png', 'wb').write(png(30000, 30000, b'\0' * 16))
open(d + '/tiny-logo.png', 'wb').write(png(40, 20, (b'\0' + b'\x20\x40\x80' * 40) * 20))
PY
spec huge '  image: huge.png
'
refused huge "huge.yaml:8:10: '$TMP/huge.png' is 30000 x 30000 px (900.0 million pixels): cover.image may have at most 24.0 million pixels and 19999 px a side"
spec tiny '  logo: tiny-logo.png
'
refused tiny "tiny.yaml:8:9: 'tiny-logo.png' is 40 x 20 px: fitted in the"
spec fit '  image_fit: stretch
'
refused fit "fit.yaml:8:14: 'cover.image_fit' must be fill (the card, cropped) or fit (the whole picture), not 'stretch'"

done_testing
