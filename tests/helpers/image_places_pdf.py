#!/usr/bin/env python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Write two 24-page 6 x 9 in PDFs whose only image hides where a probe
that looks at the page's own drawing misses it (issue 12, item 3), each a
100 x 100 px image printed 1 in wide, so 100 dpi:

  annot-image.pdf  in a stamp annotation's appearance stream (page 2)
  smask-image.pdf  in the form that is a soft mask's luminosity (page 2)

Usage: image_places_pdf.py DIR. Python's standard library only.
"""
import sys
import zlib


def pdf(objects):
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    start = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, start)
    return bytes(out)


def stream(data, extra=b""):
    return b"<< /Length %d%s >>\nstream\n" % (len(data), extra) + data + b"\nendstream"


def image():
    """100 x 100 gray squares: a real picture, deflated"""
    px = bytes(((x // 10 + y // 10) % 2) * 200 for y in range(100) for x in range(100))
    return stream(zlib.compress(px), b" /Type /XObject /Subtype /Image /Width 100 /Height 100"
                  b" /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode")


def book(page2_extra, page2_content, extra_objects):
    """objects 1 catalog, 2 pages, 3 the image, 4.. extra, then 24 pages and their contents"""
    first_page = 4 + len(extra_objects)
    kids = b" ".join(b"%d 0 R" % (first_page + 2 * i) for i in range(24))
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [%s] /Count 24 >>" % kids, image()] + extra_objects
    for i in range(24):
        content = page2_content if i == 1 else b"0 g 100 300 m 300 300 l 1 w S"
        objs.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Resources "
                    b"<< /XObject << /Im1 3 0 R >> %s >> /Contents %d 0 R %s >>"
                    % (page2_extra[0] if i == 1 else b"", first_page + 2 * i + 1,
                       page2_extra[1] if i == 1 else b""))
        objs.append(stream(content))
    return pdf(objs)


def main(d):
    # the stamp's appearance: a form drawing the image 1 in (72 pt) wide
    ap = stream(b"q 72 0 0 72 0 0 cm /Im1 Do Q", b" /Type /XObject /Subtype /Form"
                b" /BBox [0 0 72 72] /Resources << /XObject << /Im1 3 0 R >> >>")
    annot = (b"<< /Type /Annot /Subtype /Stamp /Rect [144 288 216 360] /F 4 /AP << /N 4 0 R >> >>")
    open(d + "/annot-image.pdf", "wb").write(
        book((b"", b"/Annots [5 0 R]"), b"0 g 100 300 m 300 300 l 1 w S", [ap, annot]))
    # a luminosity soft mask whose group draws the image, over a black square
    group = stream(b"q 72 0 0 72 144 288 cm /Im1 Do Q", b" /Type /XObject /Subtype /Form"
                   b" /BBox [0 0 432 648] /Group << /S /Transparency /CS /DeviceGray >>"
                   b" /Resources << /XObject << /Im1 3 0 R >> >>")
    gs = b"<< /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G 4 0 R >> >>"
    open(d + "/smask-image.pdf", "wb").write(
        book((b"/ExtGState << /GS1 5 0 R >>", b""), b"q /GS1 gs 0 g 144 288 72 72 re f Q",
             [group, gs]))


if __name__ == "__main__":
    main(sys.argv[1])
