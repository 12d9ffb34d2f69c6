#!/usr/bin/env python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Check that a rendered interior page keeps its ink inside KDP's margins.

An independent check for the command-line tests: it knows only KDP's rules
(typed in here from kdp-facts.md, not read from mazebook) and a greyscale
rendering of the page made by poppler's pdftoppm.

usage: ink_margins.py PAGE.pgm DPI PAGE_NUMBER PAGE_COUNT TRIM_W TRIM_H BLEED(0|1)
Prints the measured margins; exits 1 (saying which side) when ink is too close.
"""
import sys

GUTTER_BANDS = [(150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75), (828, 0.875)]


def read_pgm(path):
    with open(path, "rb") as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b"P5":
        sys.exit("%s: not a binary PGM" % path)
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[pos + 1:pos + 1 + w * h]


def main():
    pgm, dpi, page, count, tw, th, bleed = sys.argv[1:8]
    dpi, page, count, tw, th, bleed = float(dpi), int(page), int(count), float(tw), float(th), bleed == "1"
    w, h, px = read_pgm(pgm)
    gutter = next(g for limit, g in GUTTER_BANDS if count <= limit)
    outside = 0.375 if bleed else 0.25
    # the trim box on the rendered page: bleed sits on the outside edge and top/bottom
    recto = page % 2 == 1
    trim_x0 = 0.0 if (recto or not bleed) else 0.125
    trim_y0 = 0.125 if bleed else 0.0
    ink = [(x, y) for y in range(h) for x in range(w) if px[y * w + x] < 128]
    if not ink:
        print("page %d: no ink" % page)
        return 0
    x0 = min(x for x, _ in ink) / dpi - trim_x0
    x1 = tw - ((max(x for x, _ in ink) + 1) / dpi - trim_x0)
    y0 = min(y for _, y in ink) / dpi - trim_y0
    y1 = th - ((max(y for _, y in ink) + 1) / dpi - trim_y0)
    left_need, right_need = (gutter, outside) if recto else (outside, gutter)
    print("page %d: left %.3f (>= %.3f) right %.3f (>= %.3f) top %.3f bottom %.3f (>= %.3f)"
          % (page, x0, left_need, x1, right_need, y0, y1, outside))
    bad = [name for name, have, need in (("left", x0, left_need), ("right", x1, right_need),
                                         ("top", y0, outside), ("bottom", y1, outside))
           if have < need]
    if bad:
        print("page %d: ink too close to the %s edge" % (page, ", ".join(bad)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
