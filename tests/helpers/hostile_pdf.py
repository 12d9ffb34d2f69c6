#!/usr/bin/env python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Write hostile PDFs for tests/cli/cli_harden_hostile.sh: files that are
truncated, have a broken cross-reference table, loop in their page tree,
claim a million pages, declare a 1 GB stream with a short body, or are
1 GiB long (sparse: a hole, so almost nothing is written to disk), and a
"bomb": 256 KB of deflate that inflates to 256 MiB of content, drawn on 1500
pages (a reader that reads it all works for hours), and 128 KB that
draws 4.8 million lines on one page (a reader must bound what it keeps
of a page: a few more KB of deflate are a million more lines).

Then the cases of issue 9: an outline 100,000 deep, a /Count of -5 or
2^31, 828 cover pages sharing one stream of 200,001 fills, 2,000 pages of
400 little mazes, ten forms each drawing the next ten times (and five, whose
10,000 drawings are the same three lines stacked), 20,000 lines a hair
apart, 5,000 separate short lines, 20,000 fonts on a page repeated 1,000
times, and 24-page 6 x 9 books whose page keys the preflight must read:
/Rotate on one page or on all (stored 9 x 6), /UserUnit 2, a tiny TrimBox,
a quarter CropBox, a 25th page behind /Count 24.

Usage: hostile_pdf.py DIR   (writes DIR/*.pdf and prints their names)

Each file is built from numbered objects with a correct xref table unless
the damage is the point, so a reader that fails on it fails for the
reason the name says. Python's standard library only.
"""
import os
import sys
import zlib

CONTENT = b"0 0 0 RG 2 w 72 72 m 500 72 l 500 700 l S\n"


def pdf(objects, root=1, xref=True, bad_offsets=False, tail_pad=b""):
    """objects: list of bytes bodies for objects 1..n (no 'obj' wrapper)."""
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    out += tail_pad
    start = len(out)
    if xref:
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
        for off in offsets:
            if bad_offsets:
                off = (off * 7 + 12345) % 99999 + 3
            out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\n" % (len(objects) + 1, root)
    out += b"startxref\n%d\n%%%%EOF\n" % (start if xref else 999999)
    return bytes(out)


def stream(data, extra=b"", length=None):
    n = len(data) if length is None else length
    return b"<< /Length %d%s >>\nstream\n" % (n, extra) + data + b"\nendstream"


def page(parent, contents):
    return (b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] "
            b"/Contents %d 0 R /Resources << >> >>" % (parent, contents))


def good():
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                page(2, 4),
                stream(CONTENT)])


def truncated():
    data = good()
    return data[: len(data) * 3 // 5]


def broken_xref():
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                page(2, 4),
                stream(CONTENT)], bad_offsets=True)


def no_xref():
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                page(2, 4),
                stream(CONTENT)], xref=False)


def page_tree_loop():
    # 2 is the root Pages node; 3 is a Pages child whose /Kids point back at 2
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
                b"<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>",
                page(2, 5),
                stream(CONTENT)])


def self_kid():
    # a Pages node that lists itself among its kids
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
                page(2, 4),
                stream(CONTENT)])


def million_pages():
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [3 0 R] /Count 1000000 >>",
                page(2, 4),
                stream(CONTENT)])


def million_kids():
    # a real page tree of a million leaves, made small by sharing: 1000
    # kids that are each the same node holding the same page 1000 times
    kids = b" ".join([b"4 0 R"] * 1000)
    inner = b" ".join([b"5 0 R"] * 1000)
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [3 0 R] /Count 1000000 >>",
                b"<< /Type /Pages /Parent 2 0 R /Kids [" + kids + b"] /Count 1000000 >>",
                b"<< /Type /Pages /Parent 3 0 R /Kids [" + inner + b"] /Count 1000 >>",
                page(4, 6),
                stream(CONTENT)])


def long_length():
    # the content stream says it is 1 GB long; its body is 44 bytes
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                page(2, 4),
                stream(CONTENT, length=1000000000)])


def deflate_bomb():
    # 256 MiB of spaces deflated to about 256 KB; every page's /Contents is it
    co = zlib.compressobj(9)
    chunk = b" " * (1 << 20)
    data = b"".join([co.compress(chunk) for _ in range(256)] + [co.flush()])
    pages = 1500
    kids = b" ".join(b"%d 0 R" % (4 + i) for i in range(pages))
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % pages,
            stream(data, extra=b" /Filter /FlateDecode")]
    objs += [page(2, 3) for _ in range(pages)]
    return pdf(objs)


def lines_bomb():
    # 64 MiB of "draw a line" deflated to about 128 KB: 4.8 million strokes on one page
    co = zlib.compressobj(9)
    unit = b"0 0 m 1 1 l S\n" * 4096
    data = b"".join([co.compress(unit) for _ in range((64 << 20) // len(unit))] + [co.flush()])
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                page(2, 4),
                stream(data, extra=b" /Filter /FlateDecode")])


def deep_outline(depth=100000):
    # bookmarks nested 100,000 deep: a reader that recurses overflows its stack
    objs = [b"<< /Type /Catalog /Pages 2 0 R /Outlines 5 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            page(2, 4),
            stream(CONTENT),
            b"<< /Type /Outlines /First 6 0 R /Last 6 0 R /Count 1 >>"]
    for i in range(depth):
        num = 6 + i
        kid = b"/First %d 0 R" % (num + 1) if i + 1 < depth else b""
        objs.append(b"<</Title(a)%s>>" % kid)
    return pdf(objs)


def bad_count(count):
    return lambda: pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                        b"<< /Type /Pages /Kids [3 0 R] /Count %s >>" % count,
                        page(2, 4),
                        stream(CONTENT)])


def shared_pages(content, pages, extra_objs=(), resources=b"<< >>", size=b"0 0 612 792"):
    # `pages` leaves that are all one page object (3), listed again and again
    kids = b" ".join([b"3 0 R"] * pages)
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % pages,
                b"<< /Type /Page /Parent 2 0 R /MediaBox [%s] /Contents 4 0 R "
                b"/Resources %s >>" % (size, resources),
                stream(zlib.compress(content, 9), extra=b" /Filter /FlateDecode")]
               + list(extra_objs))


def cover_fills():
    # 828 pages that share one content stream of 200,001 small fills
    return shared_pages(b"0 g\n" + b"10 10 1 1 re f\n" * 200001, 828,
                        size=b"0 0 893 666")


def many_grids():
    # 2,000 pages, each 400 little 2 x 2 mazes: 800,000 mazes for a prover to keep
    unit = []
    for k in range(400):
        x, y = 20 + (k % 20) * 28, 20 + (k // 20) * 36
        c = 8
        # outer walls with gaps top-left and bottom-right, one inner wall
        unit.append(b"%g %g m %g %g l %g %g l %g %g l S\n" % (
            x + c, y, x + 2 * c, y, x + 2 * c, y + 2 * c, x + c, y + 2 * c))
        unit.append(b"%g %g m %g %g l %g %g l S\n" % (x + c, y + 2 * c, x, y + 2 * c, x, y))
        unit.append(b"%g %g m %g %g l S\n" % (x + c, y + c, x + 2 * c, y + c))
    return shared_pages(b"0 G 1 w\n" + b"".join(unit), 2000)


def one_page(content):
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                page(2, 4),
                stream(zlib.compress(content, 9), extra=b" /Filter /FlateDecode")])


def jitter_bomb():
    # 20,000 black lines a hair apart, all in one place: stacked ink, no maze
    return one_page(b"0 G 1 w\n" + b"".join(b"100 %.5f m 140 %.5f l S\n" % (300 + k * 1e-5, 300 + k * 1e-5)
                                             for k in range(20000)))


def many_drawings():
    # 5,000 short lines apart from each other: not a page of mazes
    return one_page(b"0 G 1 w\n" + b"".join(b"%d %d m %d %d l S\n" % (
        20 + (k % 100) * 5, 20 + (k // 100) * 12, 22 + (k % 100) * 5, 20 + (k // 100) * 12)
        for k in range(5000)))


def nested_forms(levels=10, fanout=10):
    # form k draws form k+1 ten times: 10^10 drawings from 2.6 KB
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
            b"/Resources << /XObject << /X 5 0 R >> >> >>",
            stream(b"/X Do\n")]
    for k in range(levels):
        num = 5 + k
        if k + 1 < levels:
            body = b"/X Do\n" * fanout
            res = b" /Resources << /XObject << /X %d 0 R >> >>" % (num + 1)
        else:
            body, res = CONTENT, b""
        objs.append(stream(body, extra=b" /Type /XObject /Subtype /Form /BBox [0 0 612 792]" + res))
    return pdf(objs)


def many_fonts(fonts=20000, pages=1000):
    # one page listing 20,000 fonts, repeated 1,000 times in the page tree
    fd = b"".join(b"/F%d <</Type/Font/Subtype/Type1/BaseFont/Font%d>>" % (i, i)
                  for i in range(fonts))
    return shared_pages(CONTENT, pages, resources=b"<< /Font << " + fd + b" >> >>")


PAGE_6X9 = b"0 0 432 648"


def book(boxes=lambda i: b"/MediaBox [0 0 432 648]", pages=24, count=None, hidden=0):
    # a 6 x 9 in book of `pages` pages; boxes(i) gives page i's box keys
    n = pages + hidden
    kids = b" ".join(b"%d 0 R" % (4 + i) for i in range(n))
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % (count or pages),
            stream(b"0 G 1 w 100 100 m 300 100 l S\n")]
    objs += [b"<< /Type /Page /Parent 2 0 R %s /Contents 3 0 R /Resources << >> >>" % boxes(i)
             for i in range(n)]
    return pdf(objs)


def rotate_one():
    # page 5 is 6 x 9 turned a quarter: it prints 9 x 6
    return book(lambda i: b"/MediaBox [0 0 432 648]" + (b" /Rotate 90" if i == 4 else b""))


def rotated_book():
    # 9 x 6 MediaBoxes all turned a quarter: a 6 x 9 book that prints right
    return book(lambda i: b"/MediaBox [0 0 648 432] /Rotate 90")


def user_unit():
    # 6 x 9 in MediaBoxes in units of 2/72 in: they print 12 x 18 in
    return book(lambda i: b"/MediaBox [0 0 432 648] /UserUnit 2")


def tiny_trim():
    return book(lambda i: b"/MediaBox [0 0 432 648] /TrimBox [0 0 1 1]")


def quarter_crop():
    return book(lambda i: b"/MediaBox [0 0 432 648] /CropBox [0 0 216 324]")


def hidden_page():
    # 25 pages in the tree while /Count says 24
    return book(hidden=1)


def write_sparse_gig(path):
    # a valid head, a 1 GiB hole, then the stream's end and the xref: the
    # content stream really is 1 GiB long (of zero bytes)
    gig = 1 << 30
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            page(2, 4)]
    head = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objs, start=1):
        offsets.append(len(head))
        head += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    offsets.append(len(head))
    head += b"4 0 obj\n<< /Length %d >>\nstream\n" % gig
    data_start = len(head)
    tail = bytearray(b"\nendstream\nendobj\n")
    start = data_start + gig + len(tail)
    tail += b"xref\n0 5\n0000000000 65535 f \n"
    for off in offsets:
        tail += b"%010d 00000 n \n" % off
    tail += b"trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % start
    with open(path, "wb") as f:
        f.write(head)
        f.seek(data_start + gig)
        f.write(tail)


CASES = {
    "good.pdf": good,
    "truncated.pdf": truncated,
    "broken-xref.pdf": broken_xref,
    "no-xref.pdf": no_xref,
    "page-tree-loop.pdf": page_tree_loop,
    "self-kid.pdf": self_kid,
    "million-pages.pdf": million_pages,
    "million-kids.pdf": million_kids,
    "long-length.pdf": long_length,
    "empty.pdf": lambda: b"",
    "not-a-pdf.pdf": lambda: b"hello, I am a text file\n" * 10,
    "deflate-bomb.pdf": deflate_bomb,
    "lines-bomb.pdf": lines_bomb,
    "deep-outline.pdf": deep_outline,
    "count-negative.pdf": bad_count(b"-5"),
    "count-2e31.pdf": bad_count(b"2147483648"),
    "cover-fills.pdf": cover_fills,
    "many-grids.pdf": many_grids,
    "nested-forms.pdf": nested_forms,
    "stacked-forms.pdf": lambda: nested_forms(levels=5),
    "jitter-bomb.pdf": jitter_bomb,
    "many-drawings.pdf": many_drawings,
    "many-fonts.pdf": many_fonts,
    "rotate-one.pdf": rotate_one,
    "rotated-book.pdf": rotated_book,
    "user-unit.pdf": user_unit,
    "tiny-trim.pdf": tiny_trim,
    "quarter-crop.pdf": quarter_crop,
    "hidden-page.pdf": hidden_page,
}


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: hostile_pdf.py DIR\n")
        return 2
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, make in CASES.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(make())
        print(name)
    write_sparse_gig(os.path.join(out, "sparse-1gib.pdf"))
    print("sparse-1gib.pdf")
    return 0


if __name__ == "__main__":
    sys.exit(main())
