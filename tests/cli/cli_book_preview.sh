#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# book-preview.png, the contact sheet: every page of the interior in
# reading order as the book opens (page 1 alone on the right, then even |
# odd spreads), read back pixel by pixel from the PNG.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR

run "$MAZEBOOK" build -q "$top_srcdir/examples/easy.yaml" -o "$TMP/easy"
ok $rc "the easy example builds"
pages=$(pdfinfo "$TMP/easy/interior.pdf" | sed -n 's/^Pages: *//p')

# the sheet's geometry and what is drawn where (src/backend/mupdf/contact_sheet.c:
# margin 16, gap 16, label 14, six spreads a row, pages 150 px high)
# the sheet's PNG read back (8-bit gray, unfiltered rows), for the scripts below
cat > "$TMP/gray_png.py" <<'PY'
import struct, zlib
def read(path):
    """width, height and the raw scanlines (a filter byte, then the grays)"""
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat, w, h = 8, b'', 0, 0
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            w, h, depth, colour = struct.unpack('>IIBB', body[:10])
            # a black-and-white book's pages are grays: written 8-bit gray
            assert depth == 8 and colour == 0, 'not 8-bit gray'
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    return w, h, zlib.decompress(idat)
PY
PYTHONPATH="$TMP" python3 - "$TMP/easy/book-preview.png" "$pages" > "$TMP/sheet.txt" <<'PY'
import sys, gray_png
path, pages = sys.argv[1], int(sys.argv[2])
w, h, raw = gray_png.read(path)
row = 1 + w
def px(x, y):
    o = y * row + 1 + x
    assert raw[y * row] == 0, 'a filtered row'
    return (raw[o],) * 3
page_h = 150
page_w = round(page_h * 8.5 / 11)
spreads = pages // 2 + 1
rows = (spreads + 5) // 6
print('size', w, h)
print('expected', 32 + 6 * 2 * page_w + 5 * 16, 32 + rows * (page_h + 14) + (rows - 1) * 16)
def slot(p):
    s, right = p // 2, p % 2
    return (16 + (s % 6) * (2 * page_w + 16) + right * page_w,
            16 + (s // 6) * (page_h + 14 + 16))
def dark_share(p):
    x0, y0 = slot(p)
    dark = sum(1 for y in range(y0, y0 + page_h, 2) for x in range(x0, x0 + page_w, 2)
               if sum(px(x, y)) < 300)
    return dark / ((page_h // 2) * (page_w // 2))
# page 1 stands alone: the left slot of the first spread is the sheet's background
x0, y0 = slot(0)
print('left of page 1', px(x0 + page_w // 2, y0 + page_h // 2))
# a maze page carries ink, a blank page none, and each page has paper around its ink
print('page 1 corner', px(slot(1)[0] + 2, slot(1)[1] + 2))
print('ink', ' '.join('%d:%.3f' % (p, dark_share(p)) for p in range(1, pages + 1)))
PY
ok $? "book-preview.png reads as an 8-bit gray PNG with unfiltered rows (a black-and-white book)"
size=$(sed -n 's/^size //p' "$TMP/sheet.txt")
expected=$(sed -n 's/^expected //p' "$TMP/sheet.txt")
check "the sheet is $expected pixels for $pages pages (got $size)" "$size" = "$expected"
check "page 1 stands alone on the right: its left slot is background" \
  "$(sed -n 's/^left of page 1 //p' "$TMP/sheet.txt")" = "(228, 228, 228)"
check "a page is paper: its corner is white" \
  "$(sed -n 's/^page 1 corner //p' "$TMP/sheet.txt")" = "(255, 255, 255)"
# pages in the manifest's order: maze pages inked, the blank page before the solutions not
ink=$(sed -n 's/^ink //p' "$TMP/sheet.txt")
first=$(sed -n 's/.*{"number": 1, "page": \([0-9]*\), "generator".*/\1/p' "$TMP/easy/manifest.json" | head -n 1)
inked() { for e in $ink; do [ "${e%%:*}" = "$1" ] && { awk -v v="${e#*:}" 'BEGIN { exit !(v > 0.01) }'; return; }; done; return 1; }
inked "$first"
ok $? "maze 1's page ($first) is drawn with its walls"
blank=""
for n in $(seq 3 "$pages"); do
  pdftotext -f "$n" -l "$n" "$TMP/easy/interior.pdf" - 2>/dev/null | grep -q '[A-Za-z0-9]' || { blank=$n; break; }
done
if [ -n "$blank" ]; then
  inked "$blank"
  check "a blank page ($blank) is blank on the sheet" $? -ne 0
else
  skip "the book has no blank page"
fi

# the checklist vouches for it like the other previews
grep -q '^file: book-preview.png sha256=' "$TMP/easy/checklist.txt"
ok $? "checklist.txt hashes book-preview.png"

# not a PDF: the error names it and no sheet is left behind
printf 'not a pdf\n' > "$TMP/bad.pdf"
"$(dirname "$MAZEBOOK")/tests/helpers/contact_sheet" "$TMP/bad.pdf" "$TMP/bad.png" > /dev/null 2> "$TMP/bad.err"
st=$?
contains "$(cat "$TMP/bad.err")" "cannot draw the contact sheet of '$TMP/bad.pdf'"
ok $(( $? + (st != 1) )) "a file that is not a PDF: exit 1 naming it"
check "a file that is not a PDF: no PNG is left" ! -e "$TMP/bad.png"

# the same writer keeps colour where there is colour: the cover's preview is RGB
python3 -c "import sys; d=open(sys.argv[1],'rb').read(); sys.exit(0 if d[:8]==b'\x89PNG\r\n\x1a\n' and d[24]==8 and d[25]==2 else 1)" \
  "$TMP/easy/cover-preview.png"
ok $? "cover-preview.png, in colour, is written 8-bit RGB"
# thin walls under a rectangular clip: inked inside it, never outside. A
# book draws a maze's walls once, as a form both its page and its
# solution's use, and a form clips to its box; the sheet inks thin strokes
# itself, so it must honour that clip as MuPDF would. Two one-page PDFs,
# written by hand: lines across the whole page, clipped to its left half
# by "re W n" and by a form's /BBox.
python3 - "$TMP" <<'PY'
import sys
def pdf(path, content, form=None):
    objs = [b'<< /Type /Catalog /Pages 2 0 R >>',
            b'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
            b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 144 200] /Contents 4 0 R'
            + (b' /Resources << /XObject << /X1 5 0 R >> >>' if form else b'') + b' >>',
            b'<< /Length %d >>\nstream\n' % len(content) + content + b'\nendstream']
    if form:
        box, body = form
        objs.append(b'<< /Type /XObject /Subtype /Form /BBox [%s] /Length %d >>\nstream\n'
                    % (box, len(body)) + body + b'\nendstream')
    out, at = b'%PDF-1.4\n', []
    for i, o in enumerate(objs):
        at.append(len(out))
        out += b'%d 0 obj\n' % (i + 1) + o + b'\nendobj\n'
    xref = len(out)
    out += b'xref\n0 %d\n0000000000 65535 f \n' % (len(objs) + 1)
    out += b''.join(b'%010d 00000 n \n' % a for a in at)
    out += b'trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n' % (len(objs) + 1, xref)
    open(path, 'wb').write(out)
lines = b'0.25 w 0 G\n' + b''.join(b'0 %d m 144 %d l\n' % (y, y) for y in range(40, 161, 4)) + b'S'
pdf(sys.argv[1] + '/clip-re.pdf', b'q 0 0 72 200 re W n\n' + lines + b'\nQ')
pdf(sys.argv[1] + '/clip-form.pdf', b'q /X1 Do Q', (b'0 0 72 200', lines))
PY
for kind in re form; do
  "$(dirname "$MAZEBOOK")/tests/helpers/contact_sheet" "$TMP/clip-$kind.pdf" "$TMP/clip-$kind.png" > /dev/null 2>&1
  ok $? "the contact sheet of thin lines clipped by a ${kind} is drawn"
  PYTHONPATH="$TMP" python3 - "$TMP/clip-$kind.png" > "$TMP/clip-$kind.txt" <<'PY'
import sys, gray_png
w, h, raw = gray_png.read(sys.argv[1])
px = lambda x, y: raw[y * (w + 1) + 1 + x]
# the page: the box of paper-white pixels (its top and bottom fifths are blank)
white = [(x, y) for y in range(h) for x in range(w) if px(x, y) == 255]
x0, x1 = min(x for x, _ in white), max(x for x, _ in white)
y0, y1 = min(y for _, y in white), max(y for _, y in white)
mid = (x0 + x1) // 2
band = range(y0 + (y1 - y0) // 4, y1 - (y1 - y0) // 4)
print('inside', min(px(x, y) for y in band for x in range(x0 + 2, mid - 2)))
print('outside', min(px(x, y) for y in band for x in range(mid + 2, x1 - 1)))
PY
  inside=$(sed -n 's/^inside //p' "$TMP/clip-$kind.txt")
  outside=$(sed -n 's/^outside //p' "$TMP/clip-$kind.txt")
  check "the lines are inked inside the ${kind}'s clip (darkest $inside)" "${inside:-255}" -lt 250
  check "and nothing outside it (darkest $outside)" "${outside:-0}" -eq 255
done
done_testing
