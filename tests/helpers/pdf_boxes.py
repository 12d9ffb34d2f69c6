#!/usr/bin/env python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Check the page boxes of a PDF mazebook wrote, as a print shop reads them.

An independent check for the command-line tests: it reads the file through
qpdf's JSON (not through mazebook's own probe) and knows only the print
rules, typed in here from kdp-facts.md:
  interior: the page is the trim, or with bleed the trim + 0.125 in on the
    outside edge (right of odd pages, left of even ones) and 0.125 in at
    the top and the bottom; the TrimBox is the trim inside that bleed, the
    BleedBox (with bleed) the whole page;
  cover: bleed | back | spine | front | bleed, 0.125 in of bleed all round;
    the TrimBox is the page less the bleed, the BleedBox the whole page;
  hardcover: wrap | back board | spine | front board | wrap, a 15 mm wrap on
    every outer edge and boards of trim + 5 mm by trim + 6 mm; the TrimBox
    is the boards and spine (the wrap turns in over them), the BleedBox the
    whole sheet.

usage: pdf_boxes.py FILE.pdf interior|cover|hardcover TRIM_W TRIM_H BLEED(0|1)
Prints what it measured; exits 1 saying which page and box is wrong.
"""
import json
import subprocess
import sys

PT = 72.0
BLEED = 0.125 * PT
WRAP = 15 / 25.4 * PT
TOL = 0.01  # points


def fail(msg):
    print(msg)
    sys.exit(1)


def load(path):
    got = subprocess.run(["qpdf", "--json=2", "--json-key=pages", "--json-key=qpdf", path],
                         capture_output=True, check=False)
    if got.returncode != 0:
        fail("%s: qpdf --json failed: %s" % (path, got.stderr.decode(errors="replace")))
    d = json.loads(got.stdout)
    objects = d["qpdf"][1]
    return d["pages"], objects


def value(objects, ref):
    return objects["obj:" + ref]["value"]


def box(objects, page, key):
    """The page's box, inherited from its parents as PDF says (None: none)."""
    node = page
    while node is not None:
        if key in node:
            v = node[key]
            if isinstance(v, str):  # an indirect array
                v = value(objects, v)
            return [float(x) for x in v]
        parent = node.get("/Parent")
        node = value(objects, parent) if parent else None
    return None


def same(a, b):
    return a is not None and b is not None and all(abs(x - y) <= TOL for x, y in zip(a, b))


def text(b):
    return "none" if b is None else "[%s]" % " ".join("%.3f" % x for x in b)


def main():
    if len(sys.argv) != 6 or sys.argv[2] not in ("interior", "cover", "hardcover"):
        print(__doc__.strip().splitlines()[-2])
        sys.exit(2)
    path, kind = sys.argv[1], sys.argv[2]
    tw, th, bleed = float(sys.argv[3]) * PT, float(sys.argv[4]) * PT, sys.argv[5] == "1"
    pages, objects = load(path)
    if not pages:
        fail("%s: no pages" % path)
    for p in pages:
        n = p["pageposfrom1"]
        page = value(objects, p["object"])
        media = box(objects, page, "/MediaBox")
        trim = box(objects, page, "/TrimBox")
        bleed_box = box(objects, page, "/BleedBox")
        w, h = media[2] - media[0], media[3] - media[1]
        if kind == "interior":
            want_w, want_h = tw + (BLEED if bleed else 0), th + (2 * BLEED if bleed else 0)
            x0 = BLEED if bleed and n % 2 == 0 else 0
            y0 = BLEED if bleed else 0
            want_trim = [media[0] + x0, media[1] + y0, media[0] + x0 + tw, media[1] + y0 + th]
        elif kind == "cover":
            # the spine is the interior's: the page's width is checked elsewhere
            want_w, want_h = w, th + 2 * BLEED
            want_trim = [media[0] + BLEED, media[1] + BLEED, media[2] - BLEED, media[3] - BLEED]
        else:
            want_w, want_h = w, th + 6 / 25.4 * PT + 2 * WRAP
            want_trim = [media[0] + WRAP, media[1] + WRAP, media[2] - WRAP, media[3] - WRAP]
        if abs(w - want_w) > TOL or abs(h - want_h) > TOL:
            fail("%s: page %d: the MediaBox is %s, %.3f x %.3f pt, expected %.3f x %.3f"
                 % (path, n, text(media), w, h, want_w, want_h))
        if not same(trim, want_trim):
            fail("%s: page %d: the TrimBox is %s, expected %s (MediaBox %s)"
                 % (path, n, text(trim), text(want_trim), text(media)))
        if not (media[0] - TOL <= trim[0] < trim[2] <= media[2] + TOL and
                media[1] - TOL <= trim[1] < trim[3] <= media[3] + TOL):
            fail("%s: page %d: the TrimBox %s is not inside the MediaBox %s"
                 % (path, n, text(trim), text(media)))
        if kind == "interior" and (abs(trim[2] - trim[0] - tw) > TOL or
                                   abs(trim[3] - trim[1] - th) > TOL):
            fail("%s: page %d: the TrimBox is %.3f x %.3f pt, the trim %.3f x %.3f"
                 % (path, n, trim[2] - trim[0], trim[3] - trim[1], tw, th))
        if kind == "hardcover":
            board_h = th + 6 / 25.4 * PT
            if abs(trim[3] - trim[1] - board_h) > TOL:
                fail("%s: the TrimBox is %.3f pt tall, the boards %.3f"
                     % (path, trim[3] - trim[1], board_h))
        has_bleed = bleed or kind != "interior"
        if has_bleed and not same(bleed_box, media):
            fail("%s: page %d: the BleedBox is %s, expected the MediaBox %s"
                 % (path, n, text(bleed_box), text(media)))
        if not has_bleed and bleed_box is not None and not same(bleed_box, media):
            fail("%s: page %d: a book without bleed has the BleedBox %s"
                 % (path, n, text(bleed_box)))
    print("%s: %d page%s, TrimBox %s%s" % (path, len(pages), "" if len(pages) == 1 else "s",
                                           text(box(objects, value(objects, pages[-1]["object"]),
                                                    "/TrimBox")),
                                           ", BleedBox = MediaBox" if bleed or kind != "interior"
                                           else ""))


if __name__ == "__main__":
    main()
