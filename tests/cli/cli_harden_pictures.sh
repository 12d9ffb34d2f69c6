#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Hostile pictures (issue 29): the cover's art and logo and shape masks are
# bounded by their total pixels for their use, judged from the file's header
# before anything is decoded; damaged files (cut short, a bad checksum, a
# JPEG the decoder would pad with grey) are refused; a named pipe or a
# folder is refused before it is opened; an SVG shape that holds a picture
# or links anything outside itself is refused. The pictures are made by PIL and
# zlib (tests/helpers/make-picture-bombs.py). Every run is under prlimit: 10 s of
# CPU and 1 GB of address space (none under ASan, which reserves terabytes),
# and `timeout 60` only so that a regression cannot hang the suite; the
# bombs' own cost is measured with GNU time (under 100 MB). The bounds are
# in README.md, "Limits".
. "${top_srcdir:-.}/tests/helpers/tap.sh"

cd "$TMP" || exit 1
MAZEBOOK_CATALOGUE=none
export MAZEBOOK_CATALOGUE MAZEBOOK_KEY_DIR="$TMP/keys"
if ! /usr/bin/python3 -c 'import PIL' 2>/dev/null; then
  skip "Debian's python3-pil is not installed (./setup installs it)"
  done_testing
  exit $?
fi
/usr/bin/python3 "$top_srcdir/tests/helpers/make-picture-bombs.py" . > /dev/null
ok $? "make-picture-bombs.py writes the pictures"
size=$(wc -c < bomb-progressive.jpg)
check "the progressive JPEG bomb is small ($size bytes)" "$size" -lt 2000
size=$(wc -c < bomb-1bit.png)
check "the 19,999 x 19,999 PNG is small ($size bytes)" "$size" -lt 60000

asan=false
grep -qa __asan_init "$MAZEBOOK" && asan=true
limits="--cpu=10 --as=1000000000"
$asan && limits="--cpu=10"
gnutime=
$asan || { [ -x /usr/bin/time ] && gnutime=/usr/bin/time; }

# bounded CMD...: run CMD under the limits (and GNU time: $kb, its max RSS)
bounded() {
  if [ -n "$gnutime" ]; then
    run "$gnutime" -f %M -o time.txt timeout 60 prlimit $limits "$@"
    kb=$(tail -1 time.txt)
  else
    run timeout 60 prlimit $limits "$@"
    kb=0
  fi
}

HEAD='title: "Maze Valley"
author: "A"
year: 2026
level: easy
mazes: 30
seed: 4
'
# refused NAME SPEC-LINES NEEDLE...: the build of a spec with these lines
# exits 1 with each NEEDLE in its message, writes nothing, stays small
refused() {
  name=$1
  printf '%s%s' "$HEAD" "$2" > "$name.yaml"
  shift 2
  bounded "$MAZEBOOK" build "$name.yaml" -q -o "out-$name"
  check "$name: exit 1 (not a crash, a hang or a book)" "$rc" -eq 1
  for needle in "$@"; do
    contains "$err" "$needle"
    ok $? "$name: says '$needle'"
  done
  check "$name: nothing written" ! -e "out-$name"
  [ -n "$gnutime" ] && check "$name: refused in ${kb} KB (under 100 MB)" "${kb:-0}" -lt 100000
}

ART="scale it to about 2,600 x 3,600 px (300 dpi over the largest front KDP prints"
refused progressive "cover:
  image: bomb-progressive.jpg
" "progressive.yaml:8:10: 'bomb-progressive.jpg' is 19999 x 19999 px (400.0 million pixels)" \
  "cover.image may have at most 24.0 million pixels" "$ART"
refused baseline "cover:
  image: bomb-baseline.jpg
" "baseline.yaml:8:10: 'bomb-baseline.jpg' is 19999 x 19999 px" \
  "cover.image may have at most 24.0 million pixels" "$ART"
refused png-art "cover:
  image: bomb-1bit.png
" "png-art.yaml:8:10: 'bomb-1bit.png' is 19999 x 19999 px (400.0 million pixels)" \
  "cover.image may have at most 24.0 million pixels" "$ART"
refused png-logo "cover:
  logo: bomb-1bit.png
" "png-logo.yaml:8:9: 'bomb-1bit.png' is 19999 x 19999 px" \
  "cover.logo may have at most 4.0 million pixels" \
  "scale it to at most 500 px on its longer side"
refused png-shape "shape: bomb-1bit.png
" "png-shape.yaml:7:8:" "bomb-1bit.png' is 19999 x 19999 px" \
  "a shape picture may have at most 4.0 million pixels" \
  "scale it to 600 px on its longer side"

# SVG shapes: librsvg would decode an embedded picture whole (2.7 GB for
# this one) and load what the file links; a shape is its own outlines
NOT_OWN="a shape is drawn from its own outlines only"
refused svg-bomb "shape: bomb-embedded.svg
" "svg-bomb.yaml:7:8:" "bomb-embedded.svg' holds a picture (an <image> or <feImage> element)" \
  "$NOT_OWN"
refused svg-entity "shape: entity-image.svg
" "svg-entity.yaml:7:8:" "entity-image.svg' holds a picture" "$NOT_OWN"
refused svg-link "shape: link.svg
" "svg-link.yaml:7:8:" "link.svg' holds a link to 'ok.svg#r' (line 1)" "$NOT_OWN"

# damaged files: what the decoders would carry on over
refused truncated-jpeg "cover:
  image: truncated.jpg
" "truncated-jpeg.yaml:8:10: 'truncated.jpg' is a damaged JPEG (Premature end of JPEG file)" \
  "save it again"
refused truncated-png "cover:
  image: truncated.png
" "truncated-png.yaml:8:10: 'truncated.png' is a damaged PNG (cut short"
refused bad-crc "cover:
  logo: bad-crc.png
" "bad-crc.yaml:8:9: 'bad-crc.png' is a damaged PNG (IDAT: CRC error)"
refused truncated-shape "shape: truncated.png
" "truncated-shape.yaml:7:8:" "truncated.png' is a damaged PNG (cut short"

# not regular files: refused before they are opened
mkdir folder.png
refused folder-art "cover:
  image: folder.png
" "folder-art.yaml:8:10:" "folder.png' is not a file"
refused folder-shape "shape: folder.png
" "folder-shape.yaml:7:8:" "shape './folder.png' is a folder, not a regular file"
if mkfifo pipe.png pipe.svg 2>/dev/null; then
  refused fifo-art "cover:
  image: pipe.png
" "fifo-art.yaml:8:10:" "pipe.png' is not a file"
  refused fifo-logo "cover:
  logo: pipe.png
" "fifo-logo.yaml:8:9:" "pipe.png' is not a file"
  refused fifo-shape "shape: pipe.png
" "fifo-shape.yaml:7:8:" "shape './pipe.png' is a named pipe, not a regular file"
  refused fifo-svg "shape: pipe.svg
" "fifo-svg.yaml:7:8:" "shape './pipe.svg' is a named pipe, not a regular file"
  bounded "$MAZEBOOK" maze --shape pipe.png --size 10x10
  check "maze --shape a pipe: a usage error" "$rc" -eq 2
  contains "$err" "shape 'pipe.png' is a named pipe, not a regular file"
  ok $? "maze --shape a pipe: says so"
else
  skip "mkfifo is not available: named pipes untested"
fi

# what is within the bounds still builds: an SVG using its own elements,
# the test pictures at 300 dpi
cat > own.svg <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64">
<defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient>
<circle id="c" cx="32" cy="32" r="30"/></defs><use xlink:href="#c" fill="url(#g)"/></svg>
SVG
printf '%sshape: own.svg\n' "$HEAD" > own.yaml
run "$MAZEBOOK" build own.yaml -q -o out-own
ok "$rc" "an SVG shape that uses its own elements still builds"

cp "$top_srcdir/tests/data/pictures/art.jpg" "$top_srcdir/tests/data/pictures/logo.png" .
printf '%scover:\n  image: art.jpg\n  logo: logo.png\n' "$HEAD" > good.yaml
run "$MAZEBOOK" build good.yaml -q -o out-good
ok "$rc" "a 2000 x 2500 JPEG and a 600 x 300 PNG logo still build"
check "the cover is written" -s out-good/cover.pdf
done_testing
