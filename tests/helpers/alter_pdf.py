#!/usr/bin/env python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Alter a maze PDF after it was written, to show that mazeproof catches it.

usage: alter_pdf.py OPERATION PAGE IN.pdf OUT.pdf

The file is expanded with `qpdf --qdf --object-streams=disable`, the content
stream of PAGE (1-based) is edited as text and `fix-qdf` repairs the lengths.
A form the page draws (`/X1 Do`: mazebook writes a maze's walls once, as a
form its page and its solution's share) is first put in the page's own
content in its place, between `q` and `Q`, so the page is edited as it
prints and the other page that drew the form is left as it was.
Paths are read from lines of the form `x y m`, `x y l`, `S` (one operator per
line, as libharu writes them), in page space: `q`, `Q` and `a b c d e f cm`
lines are followed, and a line put in is written in the space of the line
it follows. Operations:
  remove-wall   delete the two-point wall nearest the middle of the maze (a loop)
  add-wall      draw a wall across the whole maze along the horizontal wall
                nearest the middle (cuts the maze in two)
  move-exit     close the gap in the bottom wall and open one of the same width
                at the left end of the bottom wall
  offgrid-wall  draw a one-square wall 0.3 of a square below the horizontal wall
                nearest the middle, between two grid lines (off the grid)
  diagonal      draw a black line diagonally across the maze, from half a square
                inside its top-left corner to half a square inside the bottom-right
  open-top      delete the highest horizontal wall line (a gap more in the
                outer wall, of a shape too)
  cross-wall    on a solution page, cut a corner off the first drawn route: join
                two of its corners on one line directly (through a wall)
  white-box     paint a white box over the middle 60 % of the wall nearest the
                middle of the maze, after everything else (the lines still
                draw the wall; the printed page shows an opening)
"""
import re
import subprocess
import sys
import tempfile

NUM = r"(-?[0-9]*\.?[0-9]+)"
MOVE = re.compile(r"^\s*%s\s+%s\s+m\s*$" % (NUM, NUM))
LINE = re.compile(r"^\s*%s\s+%s\s+l\s*$" % (NUM, NUM))
CM = re.compile(r"^\s*%s\s+cm\s*$" % r"\s+".join([NUM] * 6))
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def ctms(lines):
    """The transformation in force at each line (q, Q and cm followed)."""
    out, ctm, stack = [], IDENTITY, []
    for text in lines:
        word = text.strip()
        m = CM.match(text)
        if word == "q":
            stack.append(ctm)
        elif word == "Q" and stack:
            ctm = stack.pop()
        elif m:
            a, b, c, d, e, f = (float(v) for v in m.groups())
            A, B, C, D, E, F = ctm
            ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
                   e * A + f * C + E, e * B + f * D + F)
        out.append(ctm)
    return out


def to_page(ctm, x, y):
    a, b, c, d, e, f = ctm
    return a * x + c * y + e, b * x + d * y + f


def from_page(ctm, x, y):
    a, b, c, d, e, f = ctm
    det = a * d - b * c
    x, y = x - e, y - f
    return (d * x - c * y) / det, (a * y - b * x) / det


def subpaths(lines):
    """Each subpath: list of (line index, x, y) in page space; paths end at a line 'S'."""
    out, cur = [], None
    global CTMS
    CTMS = ctms(lines)
    for k, text in enumerate(lines):
        m = MOVE.match(text)
        if m:
            cur = [(k,) + to_page(CTMS[k], float(m.group(1)), float(m.group(2)))]
            out.append(cur)
            continue
        m = LINE.match(text)
        if m and cur is not None:
            cur.append((k,) + to_page(CTMS[k], float(m.group(1)), float(m.group(2))))
            continue
        if text.strip() in ("S", "s", "n", "f", "f*", "B", "b") or not m:
            if text.strip() not in ("S",):
                # a subpath closed by anything but a plain stroke is not a wall
                if cur is not None and text.strip() in ("n", "f", "f*", "B", "b", "s"):
                    out.remove(cur)
            cur = None
    return out


CTMS = []


def fmt(v):
    return ("%.4f" % v).rstrip("0").rstrip(".")


def point(after, x, y, op):
    """A line `x y op` (page space) to put after line `after`, in that line's space."""
    lx, ly = from_page(CTMS[after], x, y)
    return "%s %s %s" % (fmt(lx), fmt(ly), op)


def walls(paths):
    return [p for p in paths if len(p) == 2]


def bbox(segs):
    xs = [x for p in segs for _, x, _ in p]
    ys = [y for p in segs for _, _, y in p]
    return min(xs), min(ys), max(xs), max(ys)


def nearest_middle(segs, pred=lambda p: True):
    x0, y0, x1, y1 = bbox(segs)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    cands = [p for p in segs if pred(p)]
    return min(cands, key=lambda p: ((p[0][1] + p[1][1]) / 2 - cx) ** 2 + ((p[0][2] + p[1][2]) / 2 - cy) ** 2)


def horizontal(p):
    return abs(p[0][2] - p[1][2]) < 0.01 and abs(p[0][1] - p[1][1]) > 0.01


def alter(op, lines):
    paths = subpaths(lines)
    segs = walls(paths)
    if not segs:
        sys.exit("alter_pdf.py: no wall lines on that page")
    drop, insert = set(), {}  # insert: after line index -> new lines
    if op == "remove-wall":
        p = nearest_middle(segs)
        drop |= {p[0][0], p[1][0]}
    elif op == "add-wall":
        x0, _, x1, _ = bbox([p for p in segs if horizontal(p)])
        p = nearest_middle(segs, horizontal)
        y = p[0][2]
        k = p[1][0]
        insert[k] = [point(k, x0, y, "m"), point(k, x1, y, "l")]
    elif op in ("offgrid-wall", "diagonal"):
        hs = [p for p in segs if horizontal(p)]
        ys = sorted({round(p[0][2], 2) for p in hs})
        cell = min(b - a for a, b in zip(ys, ys[1:]) if b - a > 0.01)
        p = nearest_middle(segs, horizontal)
        k = p[1][0]
        if op == "offgrid-wall":
            y, x = p[0][2] - 0.3 * cell, min(p[0][1], p[1][1])
            new = [point(k, x, y, "m"), point(k, x + cell, y, "l")]
        else:
            x0, y0, x1, y1 = bbox(hs)
            new = [point(k, x0 + cell / 2, y1 - cell / 2, "m"),
                   point(k, x1 - cell / 2, y0 + cell / 2, "l")]
        insert[k] = new
    elif op == "move-exit":
        x0, y0, x1, _ = bbox([p for p in segs if horizontal(p)])
        bottom = sorted((p for p in segs if horizontal(p) and abs(p[0][2] - y0) < 0.01),
                        key=lambda p: min(p[0][1], p[1][1]))
        covered, gaps, at = [(min(p[0][1], p[1][1]), max(p[0][1], p[1][1])) for p in bottom], [], x0
        for a, b in covered:
            if a > at + 0.01:
                gaps.append((at, a))
            at = max(at, b)
        if at < x1 - 0.01:
            gaps.append((at, x1))
        if len(gaps) != 1:
            sys.exit("alter_pdf.py: expected one gap in the bottom wall, found %d" % len(gaps))
        g0, g1 = gaps[0]
        first = bottom[0]
        a, b = covered[0]
        drop |= {first[0][0], first[1][0]}
        new, k = [], first[1][0]
        if b - a - (g1 - g0) > 0.01:
            new += [point(k, a + g1 - g0, y0, "m"), point(k, b, y0, "l")]
        new += [point(k, g0, y0, "m"), point(k, g1, y0, "l")]
        insert[k] = new
    elif op == "white-box":
        p = nearest_middle(segs)
        (_, ax, ay), (_, bx, by) = p
        k = len(lines) - 1
        while k > 0 and not lines[k].strip():
            k -= 1
        if horizontal(p):
            x0, x1 = min(ax, bx), max(ax, bx)
            x0, x1 = x0 + 0.2 * (x1 - x0), x1 - 0.2 * (x1 - x0)
            y0, y1 = ay - 3, ay + 3
        else:
            y0, y1 = min(ay, by), max(ay, by)
            y0, y1 = y0 + 0.2 * (y1 - y0), y1 - 0.2 * (y1 - y0)
            x0, x1 = ax - 3, ax + 3
        insert[k] = ["q", "1 g", point(k, x0, y0, "m"), point(k, x1, y0, "l"),
                     point(k, x1, y1, "l"), point(k, x0, y1, "l"), "h", "f", "Q"]
    elif op == "open-top":
        p = max((p for p in segs if horizontal(p)), key=lambda p: p[0][2])
        drop |= {p[0][0], p[1][0]}
    elif op == "cross-wall":
        routes = sorted((p for p in paths if len(p) >= 3), key=len, reverse=True)
        if not routes:
            sys.exit("alter_pdf.py: no route polyline on that page")
        route = min((p for p in paths if len(p) >= 3), key=lambda p: p[0][0])
        best = None
        for i in range(len(route)):
            for j in range(i + 2, len(route)):
                for axis in (1, 2):
                    if abs(route[i][axis] - route[j][axis]) < 0.01 and not all(
                            abs(route[k][axis] - route[i][axis]) < 0.01 for k in range(i, j + 1)):
                        if best is None or j - i < best[1] - best[0]:
                            best = (i, j)
        if best is None:
            sys.exit("alter_pdf.py: no corner to cut on the route")
        drop |= {route[k][0] for k in range(best[0] + 1, best[1])}
    else:
        sys.exit("alter_pdf.py: unknown operation '%s'" % op)
    out = []
    for k, text in enumerate(lines):
        if k not in drop:
            out.append(text)
        out += insert.get(k, [])
    return drop_empty_strokes(out)


def drop_empty_strokes(lines):
    """A stroke whose path was deleted goes too."""
    out, open_path = [], False
    for text in lines:
        if MOVE.match(text):
            open_path = True
        elif text.strip() == "S":
            if not open_path:
                continue
            open_path = False
        out.append(text)
    return out


DO = re.compile(r"^\s*/(\S+)\s+Do\s*$")


def inline_forms(data, page, body):
    """The page's lines with each form it draws written out in its place."""
    head = data.find("%%%% Page %d\n" % page)
    if head < 0:
        return body
    page_obj = data[head:data.index("endobj", head)]
    out = []
    for text in body:
        m = DO.match(text)
        ref = m and re.search(r"/%s\s+(\d+) 0 R" % re.escape(m.group(1)), page_obj)
        if not ref:
            out.append(text)
            continue
        at = re.search(r"(?m)^%s 0 obj\n" % ref.group(1), data)
        if not at or "/Subtype /Form" not in data[at.end():data.index("stream\n", at.end())]:
            out.append(text)
            continue
        s = data.index("stream\n", at.end()) + len("stream\n")
        e = data.index("endstream", s)
        out += ["q"] + data[s:e].rstrip("\n").split("\n") + ["Q"]
    return out


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    op, page, src, dst = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    with tempfile.TemporaryDirectory() as tmp:
        qdf = tmp + "/in.qdf"
        subprocess.run(["qpdf", "--qdf", "--object-streams=disable", src, qdf], check=True)
        data = open(qdf, "rb").read().decode("latin-1")
        mark = "%%%% Contents for page %d\n" % page
        at = data.find(mark)
        if at < 0:
            sys.exit("alter_pdf.py: no page %d" % page)
        s = data.index("stream\n", at) + len("stream\n")
        e = data.index("endstream", s)
        body = inline_forms(data, page, data[s:e].split("\n"))
        new = "\n".join(alter(op, body))
        if not new.endswith("\n"):
            new += "\n"
        data = data[:s] + new + data[e:]
        open(tmp + "/out.qdf", "wb").write(data.encode("latin-1"))
        with open(dst, "wb") as out:
            subprocess.run(["fix-qdf", tmp + "/out.qdf"], stdout=out, check=True)


if __name__ == "__main__":
    main()
