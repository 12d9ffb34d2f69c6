#!/usr/bin/env python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Write hostile PDFs for tests/cli_harden_hostile.sh: files that are
truncated, have a broken cross-reference table, loop in their page tree,
claim a million pages, declare a 1 GB stream with a short body, or are
1 GiB long (sparse: a hole, so almost nothing is written to disk), and a
"bomb": 256 KB of deflate that inflates to 256 MiB of content, drawn on 1500
pages (a reader that reads it all works for hours), and 128 KB that
draws 4.8 million lines on one page (a reader must bound what it keeps
of a page: a few more KB of deflate are a million more lines).

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
