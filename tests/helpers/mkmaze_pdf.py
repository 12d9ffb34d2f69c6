#!/usr/bin/env python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Write a maze-book-like interior PDF from mazes in mazebook's text form, for
testing mazeproof. It shares no code with mazebook's generators: it reads the
`+--+` text (several mazes separated by an empty line; `::` marks the squares
of the route to draw on the solution copy, otherwise the route is found by a
breadth-first search here) or makes random perfect mazes with its own little
backtracker. Pages follow the interior's contract: one maze per page as black
round-capped stroked lines (one subpath per wall run, or per wall with
--split), a heading "Maze N", START/FINISH labels, a gray filled arrow and a
thin black tick near the entrance, a page number; then solution pages with
several small copies, each under a label "Maze N (page P)", the route drawn
as a thick gray polyline through square centres under the walls.

usage: mkmaze_pdf.py [options] OUT.pdf [MAZES.txt ...]
"""
import argparse
import random
import sys
import zlib

PAGE_W, PAGE_H = 432.0, 648.0  # 6 x 9 in


def parse_mazes(text):
    blocks, cur = [], []
    for line in text.splitlines():
        if line.strip() == "":
            if cur:
                blocks.append(cur)
                cur = []
        else:
            cur.append(line.rstrip("\n"))
    if cur:
        blocks.append(cur)
    return [parse_block(b) for b in blocks]


def parse_block(lines):
    w = (len(lines[0]) - 1) // 3
    h = (len(lines) - 1) // 2
    hw = [[False] * w for _ in range(h + 1)]  # hw[j][i]: wall on top of (i, j)
    vw = [[False] * (w + 1) for _ in range(h)]  # vw[j][i]: wall left of (i, j)
    marks = set()
    for j in range(h + 1):
        line = lines[2 * j].ljust(3 * w + 1)
        for i in range(w):
            hw[j][i] = line[3 * i + 1:3 * i + 3] == "--"
    for j in range(h):
        line = lines[2 * j + 1].ljust(3 * w + 1)
        for i in range(w + 1):
            vw[j][i] = line[3 * i] == "|"
        for i in range(w):
            if line[3 * i + 1:3 * i + 3] == "::":
                marks.add((i, j))
    return {"w": w, "h": h, "hw": hw, "vw": vw, "marks": marks}


def random_maze(w, h, rng):
    hw = [[True] * w for _ in range(h + 1)]
    vw = [[True] * (w + 1) for _ in range(h)]
    seen = [[False] * w for _ in range(h)]
    stack = [(0, 0)]
    seen[0][0] = True
    while stack:
        x, y = stack[-1]
        nbrs = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= x + dx < w and 0 <= y + dy < h and not seen[y + dy][x + dx]]
        if not nbrs:
            stack.pop()
            continue
        nx, ny = rng.choice(nbrs)
        if nx != x:
            vw[y][max(x, nx)] = False
        else:
            hw[max(y, ny)][x] = False
        seen[ny][nx] = True
        stack.append((nx, ny))
    hw[0][0] = False
    hw[h][w - 1] = False
    return {"w": w, "h": h, "hw": hw, "vw": vw, "marks": set()}


def gaps(m):
    w, h, hw, vw = m["w"], m["h"], m["hw"], m["vw"]
    g = [("top", i, 0) for i in range(w) if not hw[0][i]]
    g += [("left", 0, j) for j in range(h) if not vw[j][0]]
    g += [("right", w - 1, j) for j in range(h) if not vw[j][w]]
    g += [("bottom", i, h - 1) for i in range(w) if not hw[h][i]]
    return g


def open_nbrs(m, x, y):
    w, h, hw, vw = m["w"], m["h"], m["hw"], m["vw"]
    if y > 0 and not hw[y][x]:
        yield x, y - 1
    if y + 1 < h and not hw[y + 1][x]:
        yield x, y + 1
    if x > 0 and not vw[y][x]:
        yield x - 1, y
    if x + 1 < w and not vw[y][x + 1]:
        yield x + 1, y


def route(m):
    g = gaps(m)
    if len(g) < 2:
        return None, g
    s, t = (g[0][1], g[0][2]), (g[1][1], g[1][2])
    if m["marks"]:
        path, cur = [s], s
        while cur != t:
            x, y = cur
            nxt = [p for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                   if p in m["marks"] and p not in path]
            if not nxt:
                break
            cur = nxt[0]
            path.append(cur)
        return path, g
    prev, queue = {s: None}, [s]
    for cur in queue:
        if cur == t:
            break
        for n in open_nbrs(m, *cur):
            if n not in prev:
                prev[n] = cur
                queue.append(n)
    if t not in prev:
        return None, g
    path, cur = [], t
    while cur is not None:
        path.append(cur)
        cur = prev[cur]
    return path[::-1], g


class Drawer:
    def __init__(self, args, rng):
        self.args, self.rng = args, rng
        self.ops = []

    def num(self, v):
        if self.args.noise:
            v += self.rng.uniform(-0.004, 0.004)
        return ("%.3f" % v).rstrip("0").rstrip(".")

    def pt(self, x, y_down):
        return "%s %s" % (self.num(x), self.num(PAGE_H - y_down))

    def text(self, x, y_down, size, s, bold=False, center=False):
        if self.args.no_labels and "Maze" in s:
            return
        width = 0.55 * size * len(s)
        if center:
            x -= width / 2
        font = "/F2" if bold else "/F1"
        if self.args.folio_in_label and s.startswith("Maze ") and "(" not in s:
            # the label and a folio 20 ems along the line, in one text span
            self.ops.append("BT %s %g Tf %s Td [(%s) -20000 (5)] TJ ET"
                            % (font, size, self.pt(x, y_down), s))
            return
        if self.args.split_text and " " in s:
            head, tail = s.split(" ", 1)
            self.ops.append("BT %s %g Tf %s Td (%s ) Tj ET" % (font, size, self.pt(x, y_down), head))
            x += 0.58 * size * (len(head) + 1)
            s = tail
        self.ops.append("BT %s %g Tf %s Td (%s) Tj ET" % (font, size, self.pt(x, y_down), s))

    def maze(self, m, x0, y0, cell, solution):
        w, h, hw, vw = m["w"], m["h"], m["hw"], m["vw"]
        lw = max(0.5, cell * 0.08)
        if solution:
            path, g = route(m)
            if path:
                pts = []
                side, gx, gy = g[0]
                pts.append(self.outside(x0, y0, cell, side, gx, gy))
                pts += [(x0 + (x + 0.5) * cell, y0 + (y + 0.5) * cell) for x, y in path]
                side, gx, gy = g[1]
                pts.append(self.outside(x0, y0, cell, side, gx, gy))
                self.ops.append("q 0.6 G %s w 1 J 1 j" % self.num(cell * 0.4))
                self.ops.append("%s m" % self.pt(*pts[0]))
                for p in pts[1:]:
                    self.ops.append("%s l" % self.pt(*p))
                self.ops.append("S Q")
        self.ops.append("q 0 G %s w 1 J 1 j" % self.num(lw))
        seg = []
        for j in range(h + 1):
            seg += self.runs([hw[j][i] for i in range(w)], lambda a, b, j=j: (
                (x0 + a * cell, y0 + j * cell), (x0 + b * cell, y0 + j * cell)))
        for i in range(w + 1):
            seg += self.runs([vw[j][i] for j in range(h)], lambda a, b, i=i: (
                (x0 + i * cell, y0 + a * cell), (x0 + i * cell, y0 + b * cell)))
        for a, b in seg:
            self.ops.append("%s m" % self.pt(*a))
            self.ops.append("%s l" % self.pt(*b))
            self.ops.append("S")
        self.ops.append("Q")

    def outside(self, x0, y0, cell, side, gx, gy):
        cx, cy = x0 + (gx + 0.5) * cell, y0 + (gy + 0.5) * cell
        d = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}[side]
        return cx + d[0] * cell, cy + d[1] * cell

    def runs(self, flags, make):
        out, k = [], 0
        while k < len(flags):
            if not flags[k]:
                k += 1
                continue
            e = k
            while e < len(flags) and flags[e]:
                e += 1
            if self.args.split:
                out += [make(a, a + 1) for a in range(k, e)]
            else:
                out.append(make(k, e))
            k = e
        return out


def build(args, mazes):
    rng = random.Random(7)
    pages = []
    for n, m in enumerate(mazes, 1):
        d = Drawer(args, rng)
        cell = min(340.0 / m["w"], 470.0 / m["h"])
        x0 = (PAGE_W - cell * m["w"]) / 2
        y0 = 110.0
        d.text(PAGE_W / 2, 60, 20, "Maze %d" % n, bold=True, center=True)
        d.text(x0, y0 - 20, 9, "START")
        d.text(x0 + cell * m["w"] - 40, y0 + cell * m["h"] + 22, 9, "FINISH")
        # decorations near the entrance: a filled gray arrow, a thick black tick
        ax = x0 + cell / 2
        d.ops.append("q 0.5 g %s m %s l %s l f Q" % (
            d.pt(ax - 4, y0 - 14), d.pt(ax + 4, y0 - 14), d.pt(ax, y0 - 6)))
        d.ops.append("q 0 G 3 w %s m %s l S Q" % (d.pt(ax + 20, y0 - 30), d.pt(ax + 30, y0 - 30)))
        d.maze(m, x0, y0, cell, False)
        d.text(PAGE_W / 2, PAGE_H - 30, 9, "%d" % n, center=True)
        pages.append(d.ops)
    if args.per_page:
        cols, rows = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 9: (3, 3)}[args.per_page]
        slot_w, slot_h = 360.0 / cols, 540.0 / rows
        for first in range(0, len(mazes), args.per_page):
            d = Drawer(args, rng)
            for k, m in enumerate(mazes[first:first + args.per_page]):
                n = first + k + 1
                c, r = k % cols, k // cols
                cell = min((slot_w - 20) / m["w"], (slot_h - 40) / m["h"])
                sx = 36 + c * slot_w + (slot_w - cell * m["w"]) / 2
                sy = 60 + r * slot_h + 25
                d.text(sx, sy - 8, 8, "Maze %d (page %d)" % (n, n))
                d.maze(m, sx, sy, cell, True)
            d.text(PAGE_W / 2, PAGE_H - 30, 9, "%d" % (len(pages) + 1), center=True)
            pages.append(d.ops)
    return pages


def write_pdf(path, pages, compress):
    objs = []

    def add(body):
        objs.append(body)
        return len(objs)

    f1 = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    f2 = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
    pages_id = len(objs) + 1 + 2 * len(pages)
    kids = []
    for ops in pages:
        data = ("\n".join(ops) + "\n").encode("latin-1")
        if compress:
            data = zlib.compress(data)
            cid = add(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream")
        else:
            cid = add(b"<< /Length %d >>\nstream\n" % len(data) + data + b"endstream")
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %g %g] /Contents %d 0 R "
                        b"/Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> >> >>"
                        % (pages_id, PAGE_W, PAGE_H, cid, f1, f2)))
    assert add(b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids), len(kids))) == pages_id
    root = add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id)
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offsets:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, root, xref)
    with open(path, "wb") as fh:
        fh.write(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("mazes", nargs="*", help="text files of mazes")
    ap.add_argument("--random", nargs=3, metavar=("COUNT", "WxH", "SEED"), action="append",
                    help="draw COUNT random perfect mazes of size WxH (repeatable)")
    ap.add_argument("--per-page", type=int, default=4, choices=(0, 1, 2, 4, 6, 9),
                    help="solution copies per page (0: no solution pages)")
    ap.add_argument("--split", action="store_true", help="one subpath per wall, not per run")
    ap.add_argument("--noise", action="store_true", help="jitter coordinates by up to 0.004 pt")
    ap.add_argument("--split-text", action="store_true", help="draw labels as two text objects")
    ap.add_argument("--folio-in-label", action="store_true",
                    help="put a '5' far along each maze label's line, in the same span")
    ap.add_argument("--no-labels", action="store_true", help="leave out the 'Maze N' labels")
    ap.add_argument("--compress", action="store_true", help="Flate-compress the page contents")
    args = ap.parse_args()
    mazes = []
    for path in args.mazes:
        with open(path) as fh:
            mazes += parse_mazes(fh.read())
    for count, size, seed in args.random or []:
        w, h = (int(v) for v in size.lower().split("x"))
        rng = random.Random(int(seed))
        mazes += [random_maze(w, h, rng) for _ in range(int(count))]
    if not mazes:
        sys.exit("mkmaze_pdf.py: no mazes given")
    write_pdf(args.out, build(args, mazes), args.compress)


if __name__ == "__main__":
    main()
