#!/usr/bin/python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Draw mazeproof's corpus of circular (polar) and hexagonal mazes with
pycairo, from a small generator of its own that shares nothing with
mazebook's, each perfect and with each flaw mazeproof must catch, and write
the table of the verdicts they must get (from the flaw drawn, never from
mazeproof's output).

    tests/data/mazeproof/mkround.py [OUTDIR]   (default: tests/data/mazeproof/round)

Polar: rings of cells around a centre cell; ring r has the previous ring's
count times round(2 pi r / previous count); walls are arcs between rings
(cairo draws them as Bezier curves) and radial segments within a ring; the
entrance is a gap in the outer rim, the exit the centre or a second gap.
Hexagonal: pointy-top hexagons in offset rows (rectangle outline) or a
hexagon of hexagons, each wall a line segment; the same drawn turned a
quarter (flat-top hexagons). Each PDF has a maze page ("Maze N") and a
solution page ("Solution N", the route in red through the cell centres,
following the arcs).
"""
import math
import os
import sys

import cairo

W_PT, H_PT = 432.0, 648.0
RED = (0.85, 0.1, 0.1)


class Rng:
    def __init__(self, seed):
        self.s = (seed * 2654435761 + 12345) & 0xFFFFFFFF

    def next(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n


# --- graphs ----------------------------------------------------------------

class Polar:
    def __init__(self, rings, ring_pt, cx, cy):
        self.rings, self.rw, self.cx, self.cy = rings, ring_pt, cx, cy
        self.n = [1]
        for r in range(1, rings):
            prev = self.n[-1]
            self.n.append(prev * max(1, round(2 * math.pi * r / prev)))
        self.cells = [(r, k) for r in range(rings) for k in range(self.n[r])]
        self.index = {c: i for i, c in enumerate(self.cells)}

    def neighbours(self, c):
        r, k = c
        out = []
        if r > 0 and self.n[r] > 1:
            out.append((r, (k + 1) % self.n[r]))
            out.append((r, (k - 1) % self.n[r]))
        if r > 0:
            out.append((r - 1, k * self.n[r - 1] // self.n[r]))
        if r + 1 < self.rings:
            f = self.n[r + 1] // self.n[r]
            out += [(r + 1, k * f + j) for j in range(f)]
        return out

    def angle(self, r, k):
        return 2 * math.pi * k / self.n[r]

    def centre(self, c):
        r, k = c
        if r == 0:
            return (self.cx, self.cy)
        a = self.angle(r, k + 0.5)
        return (self.cx + (r + 0.5) * self.rw * math.cos(a), self.cy + (r + 0.5) * self.rw * math.sin(a))


class Hex:
    """pointy-top hexagons; a cell is (c2, row) in doubled columns"""

    def __init__(self, cells, s, x0, y0):
        self.s, self.x0, self.y0 = s, x0, y0
        self.cells = sorted(cells, key=lambda c: (c[1], c[0]))
        self.set = set(self.cells)
        self.index = {c: i for i, c in enumerate(self.cells)}

    DIRS = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)]  # 0, 60, ..., 300 degrees, y down

    def neighbours(self, c):
        return [(c[0] + dx, c[1] + dy) for dx, dy in self.DIRS if (c[0] + dx, c[1] + dy) in self.set]

    def centre(self, c):
        w = math.sqrt(3) * self.s
        return (self.x0 + c[0] * w / 2, self.y0 + c[1] * 1.5 * self.s)

    def edge(self, c, d):
        cx, cy = self.centre(c)
        phi = 60 * d
        pts = []
        for a in (phi - 30, phi + 30):
            pts.append((cx + self.s * math.cos(math.radians(a)), cy + self.s * math.sin(math.radians(a))))
        return pts


class Delta:
    """triangles in rows: a cell is (a, b), b the row, a = 2 q + (0 pointing
    down, 1 up) with q counted along the 60-degree lattice lines"""

    def __init__(self, cells, s, x0, y0):
        self.s, self.h, self.x0, self.y0 = s, s * math.sqrt(3) / 2, x0, y0
        self.cells = sorted(cells, key=lambda c: (c[1], c[0]))
        self.set = set(self.cells)
        self.index = {c: i for i, c in enumerate(self.cells)}

    def sides(self, c):
        """(side index, its two lattice vertices (p, q), the neighbour beyond it)"""
        a, b = c
        q, t, p = a // 2, a % 2, b
        if t == 0:  # pointing down: top, left, right
            return [(0, ((p, q), (p, q + 1)), (a + 1, b - 1)),
                    (1, ((p, q), (p + 1, q)), (a - 1, b)),
                    (2, ((p, q + 1), (p + 1, q)), (a + 1, b))]
        return [(0, ((p, q + 1), (p + 1, q + 1)), (a + 1, b)),  # pointing up: right, bottom, left
                (1, ((p + 1, q), (p + 1, q + 1)), (a - 1, b + 1)),
                (2, ((p, q + 1), (p + 1, q)), (a - 1, b))]

    def neighbours(self, c):
        return [nb for _, _, nb in self.sides(c) if nb in self.set]

    def pt(self, p, q):
        return (self.x0 + (2 * q + p) * self.s / 2, self.y0 + p * self.h)

    def centre(self, c):
        a, b = c
        f = 2 / 3 if a % 2 else 1 / 3
        return self.pt(b + f, a // 2 + f)

    def edge(self, c, d):
        (v0, v1) = self.sides(c)[d][1]
        return [self.pt(*v0), self.pt(*v1)]


def delta_triangle(n):
    """a big triangle pointing up, n rows: row b has 2 b + 1 triangles"""
    return [(a, b) for b in range(n) for a in range(2 * n - 2 * b - 1, 2 * n)]


def delta_rect(w, h):
    """w triangles in each of h rows, the rows' ends ragged (a zigzag)"""
    return [(h + 1 - b + i, b) for b in range(h) for i in range(w)]


def hex_rect(w, h):
    return [(2 * i + (j & 1), j) for j in range(h) for i in range(w)]


def hex_hexagon(n):
    out = []
    for r in range(-n, n + 1):
        for q in range(-n, n + 1):
            if abs(q) <= n and abs(r) <= n and abs(q + r) <= n:
                out.append((2 * q + r + 2 * n, r + n))
    return out


def heart(cells, centre):
    """the cells whose centres lie in a heart filling their box (a non-convex outline)"""
    pts = [centre(c) for c in cells]
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    out = []
    for c, (x, y) in zip(cells, pts):
        u = ((x - x0) / (x1 - x0) - 0.5) * 2.6
        v = (0.5 - (y - y0) / (y1 - y0)) * 2.6 + 0.2
        if (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0:
            out.append(c)
    return out


def spanning_tree(g, seed):
    """randomised depth-first search: the set of open passages (frozensets)"""
    rng = Rng(seed)
    start = g.cells[0]
    seen = {start}
    stack = [start]
    open_ = set()
    while stack:
        c = stack[-1]
        nb = [d for d in g.neighbours(c) if d not in seen]
        if not nb:
            stack.pop()
            continue
        d = nb[rng.next(len(nb))]
        seen.add(d)
        open_.add(frozenset((c, d)))
        stack.append(d)
    return open_


def path(g, open_, a, b):
    prev = {a: None}
    queue = [a]
    while queue:
        c = queue.pop(0)
        if c == b:
            break
        for d in g.neighbours(c):
            if d not in prev and frozenset((c, d)) in open_:
                prev[d] = c
                queue.append(d)
    out = [b]
    while prev[out[-1]] is not None:
        out.append(prev[out[-1]])
    return out[::-1]


# --- drawing ----------------------------------------------------------------

def label(cr, text, x, y):
    if isinstance(cr, RL):
        cr.draw_label(text, x, y)
        return
    cr.set_source_rgb(0, 0, 0)
    cr.select_font_face('DejaVu Sans', cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD)
    cr.set_font_size(16)
    cr.move_to(x, y)
    cr.show_text(text)


def start_arc(cr, cx, cy, rad, a0, moveto):
    """a new piece for an arc; moveto: PostScript's idiom 'x y moveto ... arc',
    the start written with two decimals, so the arc joins it by a line a few
    thousandths of a point long"""
    if moveto:
        cr.move_to(round(cx + rad * math.cos(a0), 2), round(cy + rad * math.sin(a0), 2))
    else:
        cr.new_sub_path()


def arc_or_chords(cr, cx, cy, rad, a0, a1, chords):
    """an arc, or (chords) a chain of straight pieces of about 3 degrees on
    it, as plotting libraries draw circles"""
    if not chords:
        cr.arc(cx, cy, rad, a0, a1)
        return
    n = max(2, int(math.ceil(abs(a1 - a0) / math.radians(3))))
    for i in range(n + 1):
        a = a0 + (a1 - a0) * i / n
        # 'rough': each inner vertex off the circle by up to 0.8 pt (no arc)
        off = 0.8 * math.sin(7.3 * i + 3.1 * rad) if chords == 'rough' and 0 < i < n else 0
        x, y = cx + (rad + off) * math.cos(a), cy + (rad + off) * math.sin(a)
        if i == 0 and not cr.has_current_point():
            cr.move_to(x, y)
        else:
            cr.line_to(x, y)


def draw_polar(cr, g, open_, gaps, rim_extra=(), route=None, turn=None, paint=None, blot=None,
               moveto=False, chords=False):
    """gaps: outer-ring cells with no rim; route: list of cells"""
    rw, cx, cy = g.rw, g.cx, g.cy
    cr.set_source_rgb(0, 0, 0)
    cr.set_line_width(1.5)
    cr.set_line_cap(cairo.LINE_CAP_ROUND)
    for (r, k) in g.cells:
        if r == 0:
            continue
        a0, a1 = g.angle(r, k), g.angle(r, k + 1)
        inner = (r - 1, k * g.n[r - 1] // g.n[r])
        if frozenset(((r, k), inner)) not in open_:
            start_arc(cr, cx, cy, r * rw, a0, moveto)
            arc_or_chords(cr, cx, cy, r * rw, a0, a1, chords)
            cr.stroke()
        if g.n[r] > 1 and frozenset(((r, k), (r, (k - 1) % g.n[r]))) not in open_:
            cr.move_to(cx + r * rw * math.cos(a0), cy + r * rw * math.sin(a0))
            cr.line_to(cx + (r + 1) * rw * math.cos(a0), cy + (r + 1) * rw * math.sin(a0))
            cr.stroke()
    R = g.rings - 1
    for k in range(g.n[R]):
        if (R, k) in gaps:
            continue
        start_arc(cr, cx, cy, g.rings * rw, g.angle(R, k), moveto)
        arc_or_chords(cr, cx, cy, g.rings * rw, g.angle(R, k), g.angle(R, k + 1), chords)
        cr.stroke()
    if blot:
        blot_at(cr, *blot)
    if paint:
        # white paint over the middle of one wall arc: the printed page opens it
        (r, k) = paint
        a0, a1 = g.angle(r, k), g.angle(r, k + 1)
        cr.set_source_rgb(1, 1, 1)
        cr.set_line_width(4)
        cr.new_sub_path()
        cr.arc(cx, cy, r * rw, a0 + 0.3 * (a1 - a0), a1 - 0.3 * (a1 - a0))
        cr.stroke()
    if route:
        cr.set_source_rgb(*RED)
        cr.set_line_width(2.0)
        first = route[0]
        a = g.angle(first[0], first[1] + 0.5)
        cr.move_to(cx + (g.rings + 0.6) * rw * math.cos(a), cy + (g.rings + 0.6) * rw * math.sin(a))
        cur_r, cur_a = first[0] + 0.5, a
        cr.line_to(cx + cur_r * rw * math.cos(a), cy + cur_r * rw * math.sin(a))
        for c in route[1:]:
            r, k = c
            if r == 0:
                cr.line_to(cx, cy)
                break
            ta = g.angle(r, k + 0.5)
            if r + 0.5 < cur_r:
                # inward: straight in (the inner cell holds this angle), then along its ring
                cr.line_to(cx + (r + 0.5) * rw * math.cos(cur_a), cy + (r + 0.5) * rw * math.sin(cur_a))
                cur_r = r + 0.5
            outward = r + 0.5 > cur_r
            # follow the ring the short way round
            d = (ta - cur_a + math.pi) % (2 * math.pi) - math.pi
            if abs(d) > 1e-9:
                if d > 0:
                    cr.arc(cx, cy, cur_r * rw, cur_a, cur_a + d)
                else:
                    cr.arc_negative(cx, cy, cur_r * rw, cur_a, cur_a + d)
            cur_a = ta
            if outward:
                cr.line_to(cx + (r + 0.5) * rw * math.cos(cur_a), cy + (r + 0.5) * rw * math.sin(cur_a))
                cur_r = r + 0.5
        last = route[-1]
        if last[0] == g.rings - 1 and last in gaps and len(gaps) > 1:
            cr.line_to(cx + (g.rings + 0.6) * rw * math.cos(cur_a), cy + (g.rings + 0.6) * rw * math.sin(cur_a))
        cr.stroke()


def draw_hex(cr, g, open_, gaps, route=None, ends=None, paint=None, blot=None):
    """gaps: (cell, direction) rim edges left open"""
    cr.set_source_rgb(0, 0, 0)
    cr.set_line_width(1.5)
    cr.set_line_cap(cairo.LINE_CAP_ROUND)
    for c in g.cells:
        for d, (dx, dy) in enumerate(Hex.DIRS):
            nb = (c[0] + dx, c[1] + dy)
            if nb in g.set:
                if d >= 3 or frozenset((c, nb)) in open_:
                    continue
            elif (c, d) in gaps:
                continue
            (x0, y0), (x1, y1) = g.edge(c, d)
            cr.move_to(x0, y0)
            cr.line_to(x1, y1)
            cr.stroke()
    if blot:
        blot_at(cr, *blot)
    if paint:
        (x0, y0), (x1, y1) = g.edge(*paint)
        cr.set_source_rgb(1, 1, 1)
        cr.set_line_width(4)
        cr.move_to(x0 + 0.3 * (x1 - x0), y0 + 0.3 * (y1 - y0))
        cr.line_to(x1 - 0.3 * (x1 - x0), y1 - 0.3 * (y1 - y0))
        cr.stroke()
    if route:
        cr.set_source_rgb(*RED)
        cr.set_line_width(2.0)
        (c0, d0), (c1, d1) = ends
        ex = g.edge(c0, d0)
        mx, my = (ex[0][0] + ex[1][0]) / 2, (ex[0][1] + ex[1][1]) / 2
        cx, cy = g.centre(c0)
        cr.move_to(mx + (mx - cx) * 0.8, my + (my - cy) * 0.8)
        for c in route:
            cr.line_to(*g.centre(c))
        ex = g.edge(c1, d1)
        mx, my = (ex[0][0] + ex[1][0]) / 2, (ex[0][1] + ex[1][1]) / 2
        cx, cy = g.centre(route[-1])
        cr.line_to(mx + (mx - cx) * 0.8, my + (my - cy) * 0.8)
        cr.stroke()


def delta_runs(sides):
    """sides (pairs of lattice vertices) merged into straight runs: one line
    for each run of sides end to end along one lattice line"""
    lines = {}
    for v0, v1 in sides:
        (p0, q0), (p1, q1) = sorted((v0, v1))
        if p0 == p1:
            key, pos = ('h', p0), q0          # horizontal: along q
        elif q0 == q1:
            key, pos = ('q', q0), p0          # 60 degrees: along p
        else:
            key, pos = ('r', p0 + q0), p0     # 120 degrees: p + q constant
        lines.setdefault(key, []).append((pos, (p0, q0), (p1, q1)))
    out = []
    for key in sorted(lines):
        run = None
        for pos, a, b in sorted(lines[key]):
            if run and run[1] == a:
                run = (run[0], b)
            else:
                if run:
                    out.append(run)
                run = (a, b)
        out.append(run)
    return out


def draw_delta(cr, g, open_, gaps, route=None, ends=None, paint=None, runs=False):
    """gaps: (cell, side) rim sides left open; every side its own stroke, or
    (runs) each straight run of sides one line"""
    cr.set_source_rgb(0, 0, 0)
    cr.set_line_width(1.5)
    cr.set_line_cap(cairo.LINE_CAP_ROUND)
    sides = []
    for c in g.cells:
        for d, (v0, v1), nb in g.sides(c):
            if nb in g.set:
                if g.index[nb] < g.index[c] or frozenset((c, nb)) in open_:
                    continue
            elif (c, d) in gaps:
                continue
            sides.append((v0, v1))
    for v0, v1 in (delta_runs(sides) if runs else sides):
        cr.move_to(*g.pt(*v0))
        cr.line_to(*g.pt(*v1))
        cr.stroke()
    if paint:
        (x0, y0), (x1, y1) = g.edge(*paint)
        cr.set_source_rgb(1, 1, 1)
        cr.set_line_width(4)
        cr.move_to(x0 + 0.3 * (x1 - x0), y0 + 0.3 * (y1 - y0))
        cr.line_to(x1 - 0.3 * (x1 - x0), y1 - 0.3 * (y1 - y0))
        cr.stroke()
    if route:
        cr.set_source_rgb(*RED)
        cr.set_line_width(2.0)
        (c0, d0), (c1, d1) = ends
        ex = g.edge(c0, d0)
        mx, my = (ex[0][0] + ex[1][0]) / 2, (ex[0][1] + ex[1][1]) / 2
        cx, cy = g.centre(c0)
        cr.move_to(mx + (mx - cx) * 1.5, my + (my - cy) * 1.5)
        for c in route:
            cr.line_to(*g.centre(c))
        ex = g.edge(c1, d1)
        mx, my = (ex[0][0] + ex[1][0]) / 2, (ex[0][1] + ex[1][1]) / 2
        cx, cy = g.centre(route[-1])
        cr.line_to(mx + (mx - cx) * 1.5, my + (my - cy) * 1.5)
        cr.stroke()


def blot_at(cr, x, y):
    """a black blot of ink in a corridor (a filled dot, no wall)"""
    cr.set_source_rgb(0, 0, 0)
    cr.new_sub_path()
    cr.arc(x, y, 2.2, 0, 2 * math.pi)
    cr.fill()


def gaps_in_order(gaps):
    return sorted(gaps, key=lambda e: (e[0][1], e[0][0], e[1]))


def turned(cr, turn, draw):
    cr.save()
    if turn:
        # flat-top hexagons: the drawing mirrored across the diagonal through the page centre
        cr.translate(W_PT / 2, H_PT / 2)
        cr.transform(cairo.Matrix(0, 1, 1, 0, 0, 0))
        cr.translate(-W_PT / 2, -H_PT / 2)
    draw()
    cr.restore()


def page_pdf(path, pages):
    surf = cairo.PDFSurface(path, W_PT, H_PT)
    # the same bytes on every run
    surf.set_metadata(cairo.PDF_METADATA_CREATE_DATE, '2026-01-01T00:00:00Z')
    surf.set_metadata(cairo.PDF_METADATA_CREATOR, 'tests/mazeproof/mkround.py')
    cr = cairo.Context(surf)
    for draw in pages:
        draw(cr)
        cr.show_page()
    surf.finish()


class RL:
    """the few cairo calls the drawing uses, on a reportlab canvas whose y
    axis was turned down (so angles and points are cairo's)"""

    def __init__(self, c):
        self.c, self.path, self.have_point = c, None, False

    def set_source_rgb(self, r, g, b):
        self.c.setStrokeColorRGB(r, g, b)
        self.c.setFillColorRGB(r, g, b)

    def set_line_width(self, w):
        self.c.setLineWidth(w)

    def set_line_cap(self, cap):
        self.c.setLineCap(1)

    def _path(self):
        if self.path is None:
            self.path = self.c.beginPath()
            self.have_point = False
        return self.path

    def new_sub_path(self):
        self._path()
        self.have_point = False

    def move_to(self, x, y):
        self._path().moveTo(x, y)
        self.have_point = True

    def line_to(self, x, y):
        self._path().lineTo(x, y)
        self.have_point = True

    def arc(self, cx, cy, r, a0, a1):
        p = self._path()
        if not self.have_point:
            p.moveTo(cx + r * math.cos(a0), cy + r * math.sin(a0))
        p.arcTo(cx - r, cy - r, cx + r, cy + r, math.degrees(a0), math.degrees(a1 - a0))
        self.have_point = True

    arc_negative = arc

    def stroke(self):
        if self.path is not None:
            self.c.drawPath(self.path, stroke=1, fill=0)
        self.path = None

    def save(self):
        self.c.saveState()

    def restore(self):
        self.c.restoreState()

    def translate(self, x, y):
        self.c.translate(x, y)

    def transform(self, m):
        self.c.transform(*m)

    def draw_label(self, text, x, y):
        self.c.saveState()
        self.c.setFillColorRGB(0, 0, 0)
        self.c.translate(x, y)
        self.c.scale(1, -1)
        self.c.setFont('Helvetica-Bold', 16)
        self.c.drawString(0, 0, text)
        self.c.restoreState()


def page_pdf_rl(path, pages):
    from reportlab.pdfgen import canvas
    c = canvas.Canvas(path, pagesize=(W_PT, H_PT), invariant=1)
    for draw in pages:
        c.translate(0, H_PT)
        c.scale(1, -1)
        draw(RL(c))
        c.showPage()
    c.save()


# --- the corpus --------------------------------------------------------------

def polar_case(flaw, seed, rings=7, two_gaps=False, copy_label=True, ring_pt=20.0, moveto=False,
               chords=False):
    g = Polar(rings, ring_pt, W_PT / 2, H_PT / 2 + 10)
    open_ = spanning_tree(g, seed)
    R = rings - 1
    ent = (R, 0)
    gaps = {ent}
    exit_ = (0, 0)
    if two_gaps:
        exit_ = (R, g.n[R] // 2)
        gaps.add(exit_)
    route = path(g, open_, ent, exit_)
    sol_route = route
    rng = Rng(seed + 99)
    walls = [frozenset((c, d)) for c in g.cells for d in g.neighbours(c)
             if g.index[c] < g.index[d] and frozenset((c, d)) not in open_]
    radial = [e for e in walls if len({c[0] for c in e}) == 1]
    arcs = [e for e in walls if len({c[0] for c in e}) == 2]
    passages = sorted(open_, key=lambda e: sorted(g.index[c] for c in e))
    maze_open, sol_open = set(open_), set(open_)
    if flaw in ('loop', 'radial-removed'):
        e = radial[rng.next(len(radial))]
        maze_open.add(e)
        sol_open.add(e)
    elif flaw == 'arc-removed':
        e = arcs[rng.next(len(arcs))]
        maze_open.add(e)
        sol_open.add(e)
    elif flaw in ('cutoff', 'radial-added'):
        want = 1 if flaw == 'radial-added' else 2
        cand = [e for e in passages if len({c[0] for c in e}) == want and not (set(e) <= set(route))]
        e = cand[rng.next(len(cand))]
        maze_open.discard(e)
        sol_open.discard(e)
    elif flaw == 'closed-entrance':
        gaps.discard(ent)
    elif flaw == 'extra-gap':
        gaps.add((R, g.n[R] // 4))
    elif flaw == 'wrong-solution':
        # the drawn route takes a short cut through a wall
        for e in walls:
            alt = path(g, open_ | {e}, ent, exit_)
            if len(alt) < len(route):
                sol_route = alt
                break
    paint = blot = None
    if flaw == 'painted':
        e = sorted(arcs, key=lambda e: sorted(g.index[c] for c in e))[rng.next(len(arcs))]
        paint = max(e)  # the outer cell: its inner arc is the wall
    if flaw == 'blot':
        # in the middle of a cell of the outer ring, on the route
        c = route[1] if len(route) > 1 else route[0]
        blot = g.centre(c)
    n = seed % 90 + 1
    pages = [lambda cr: (label(cr, 'Maze %d' % n, 40, 80),
                         draw_polar(cr, g, maze_open, gaps, paint=paint, blot=blot,
                                    moveto=moveto, chords=chords)),
             lambda cr: (label(cr, 'Solution %d' % n if copy_label else 'Solutions', 40, 80),
                         draw_polar(cr, g, sol_open, gaps, route=sol_route, paint=paint, blot=blot,
                                    moveto=moveto, chords=chords))]
    return pages


def hex_case(flaw, seed, outline, turn):
    s = 13.0
    if outline == 'heart':
        cells = heart(hex_rect(15, 15), Hex(hex_rect(15, 15), s, 0, 0).centre)
    else:
        cells = hex_rect(12, 13) if outline == 'rect' else hex_hexagon(5)
    w = math.sqrt(3) * s
    g = Hex(cells, s, 0, 0)
    xs = [g.centre(c)[0] for c in cells]
    ys = [g.centre(c)[1] for c in cells]
    g.x0 = W_PT / 2 - (min(xs) + max(xs)) / 2
    g.y0 = H_PT / 2 + 10 - (min(ys) + max(ys)) / 2
    open_ = spanning_tree(g, seed)
    top = min(g.cells, key=lambda c: (c[1], c[0]))
    bottom = max(g.cells, key=lambda c: (c[1], c[0]))
    ent, exit_ = (top, 5), (bottom, 1)
    gaps = {ent, exit_}
    route = path(g, open_, top, bottom)
    sol_route = route
    rng = Rng(seed + 77)
    walls = [frozenset((c, d)) for c in g.cells for d in g.neighbours(c)
             if g.index[c] < g.index[d] and frozenset((c, d)) not in open_]
    passages = sorted(open_, key=lambda e: sorted(g.index[c] for c in e))
    maze_open = set(open_)
    if flaw == 'loop':
        maze_open.add(walls[rng.next(len(walls))])
    elif flaw == 'cutoff':
        cand = [e for e in passages if not (set(e) <= set(route))]
        maze_open.discard(cand[rng.next(len(cand))])
    elif flaw == 'closed-entrance':
        gaps.discard(ent)
    elif flaw == 'extra-gap':
        gaps.add((bottom, 2))
    elif flaw == 'wrong-solution':
        for e in walls:
            alt = path(g, open_ | {e}, top, bottom)
            if len(alt) < len(route):
                sol_route = alt
                break
    paint = blot = None
    if flaw == 'painted':
        e = sorted(walls, key=lambda e: sorted(g.index[c] for c in e))[rng.next(len(walls))]
        a, b = sorted(e, key=lambda c: g.index[c])
        paint = (a, Hex.DIRS.index((b[0] - a[0], b[1] - a[1])))
    if flaw == 'blot':
        (ax, ay), (bx, by) = g.centre(route[3]), g.centre(route[4])
        blot = (ax + 0.3 * (bx - ax), ay + 0.3 * (by - ay))
    n = seed % 90 + 1
    return [lambda cr: (label(cr, 'Maze %d' % n, 40, 80),
                        turned(cr, turn, lambda: draw_hex(cr, g, maze_open, gaps, paint=paint,
                                                          blot=blot))),
            lambda cr: (label(cr, 'Solution %d' % n, 40, 80),
                        turned(cr, turn, lambda: draw_hex(cr, g, maze_open, gaps, route=sol_route,
                                                          ends=(ent, exit_), paint=paint,
                                                          blot=blot)))]


def delta_case(flaw, seed, outline, runs=False, gaps_left=False, rows=10):
    s = 30.0
    if outline == 'heart':
        cells = heart(delta_rect(21, 11), Delta(delta_rect(21, 11), s, 0, 0).centre)
    else:
        cells = delta_triangle(rows) if outline == 'triangle' else delta_rect(15, 8)
    g = Delta(cells, s, 0, 0)
    xs = [g.centre(c)[0] for c in cells]
    ys = [g.centre(c)[1] for c in cells]
    g.x0 = W_PT / 2 - (min(xs) + max(xs)) / 2
    g.y0 = H_PT / 2 + 10 - (min(ys) + max(ys)) / 2
    open_ = spanning_tree(g, seed)
    first, last = g.cells[0], g.cells[-1]

    def rim(c, skip=()):
        return [(c, d) for d, _, nb in g.sides(c) if nb not in g.set and (c, d) not in skip]

    ent, exit_ = rim(first)[0], rim(last)[-1]
    if gaps_left:
        # the entrance on top of the top row's first cell, the exit under the
        # bottom row's first: the two gaps cut the left column's zigzag off
        # from the rest of the walls, as a drawing of its own
        def mid_y(side):
            return sum(y for _, y in g.edge(*side)) / 2
        rows_ = sorted({c[1] for c in g.cells})
        first = min((c for c in g.cells if c[1] == rows_[0]), key=lambda c: g.centre(c)[0])
        last = min((c for c in g.cells if c[1] == rows_[-1]), key=lambda c: g.centre(c)[0])
        ent, exit_ = min(rim(first), key=mid_y), max(rim(last), key=mid_y)
    gaps = {ent, exit_}
    route = path(g, open_, first, last)
    sol_route = route
    rng = Rng(seed + 55)
    walls = [frozenset((c, d)) for c in g.cells for d in g.neighbours(c)
             if g.index[c] < g.index[d] and frozenset((c, d)) not in open_]
    walls.sort(key=lambda e: sorted(g.index[c] for c in e))
    passages = sorted(open_, key=lambda e: sorted(g.index[c] for c in e))
    maze_open = set(open_)
    if flaw == 'loop':
        maze_open.add(walls[rng.next(len(walls))])
    elif flaw == 'cutoff':
        cand = [e for e in passages if not (set(e) <= set(route))]
        maze_open.discard(cand[rng.next(len(cand))])
    elif flaw == 'closed-entrance':
        gaps.discard(ent)
    elif flaw == 'extra-gap':
        mid = g.cells[len(g.cells) // 2]
        other = [c for c in g.cells if rim(c, gaps) and c not in (first, last)]
        gaps.add(rim(other[len(other) // 2], gaps)[0])
    elif flaw == 'wrong-solution':
        for e in walls:
            alt = path(g, open_ | {e}, first, last)
            if len(alt) < len(route):
                sol_route = alt
                break
    paint = None
    if flaw == 'painted':
        a, b = sorted(walls[rng.next(len(walls))], key=lambda c: g.index[c])
        paint = (a, [d for d, _, nb in g.sides(a) if nb == b][0])
    n = seed % 90 + 1
    return [lambda cr: (label(cr, 'Maze %d' % n, 40, 80),
                        draw_delta(cr, g, maze_open, gaps, paint=paint, runs=runs)),
            lambda cr: (label(cr, 'Solution %d' % n, 40, 80),
                        draw_delta(cr, g, maze_open, gaps, route=sol_route, ends=(ent, exit_),
                                   paint=paint, runs=runs))]


def page_of_three(cases):
    """three mazes on each page, at half size: two in the top row, one under
    them (each case is [maze page, solution page])"""
    spots = ((0, 0), (W_PT / 2, 0), (W_PT / 4, H_PT / 2))

    def page(k):
        def draw(cr):
            for (x, y), case in zip(spots, cases):
                cr.save()
                cr.translate(x, y)
                cr.scale(0.5, 0.5)
                case[k](cr)
                cr.restore()
        return draw
    return [page(0), page(1)]


def rotated(case, degrees):
    """each page of a case turned about the page's centre"""
    def page(draw):
        def turned_page(cr):
            cr.save()
            cr.translate(W_PT / 2, H_PT / 2)
            cr.rotate(math.radians(degrees))
            cr.translate(-W_PT / 2, -H_PT / 2)
            draw(cr)
            cr.restore()
        return turned_page
    return [page(d) for d in case]


PHRASE = {
    'perfect': 'perfect, 1 route, solution matches',
    'loop': 'a loop of',
    'radial-removed': 'a loop of',
    'arc-removed': 'a loop of',
    'cutoff': 'unreachable from the entrance',
    'radial-added': 'unreachable from the entrance',
    'closed-entrance': 'no gap in the outer rim|1 gap in the outer rim',
    'extra-gap': 'gaps in the outer rim',
    'wrong-solution': 'the solution crosses a wall',
    'painted': 'a loop of',
    'blot': 'ink across the corridor',
}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, 'round')
    os.makedirs(out, exist_ok=True)
    rows = []
    seed = 11
    for flaw in ['perfect', 'loop', 'arc-removed', 'cutoff', 'radial-added', 'closed-entrance',
                 'extra-gap', 'wrong-solution', 'painted']:
        seed += 1
        for two in (False, True):
            name = 'polar-%s-%s.pdf' % (flaw, 'two-gaps' if two else 'centre')
            page_pdf(os.path.join(out, name), polar_case(flaw, seed, rings=7 if two else 8, two_gaps=two))
            phrase = PHRASE[flaw]
            if flaw == 'closed-entrance' and two:
                # one gap left: read as a maze whose exit is the centre, which the
                # drawn route (to the other gap) does not reach
                phrase = 'the solution'
            if flaw == 'extra-gap' and not two:
                # a second gap: read as a maze from gap to gap, which the drawn
                # route (to the centre) does not follow
                phrase = 'the solution'
            rows.append((name, 0 if flaw == 'perfect' else 1, phrase))
    # a copy with no number in its label: paired with its maze by its walls
    seed += 1
    page_pdf(os.path.join(out, 'polar-unlabelled-copy.pdf'), polar_case('perfect', seed, copy_label=False))
    rows.append(('polar-unlabelled-copy.pdf', 0, 'found by its walls'))
    # a blot of black ink in a corridor, no wall: what prints blocks it
    seed += 1
    page_pdf(os.path.join(out, 'polar-blot-centre.pdf'), polar_case('blot', seed))
    rows.append(('polar-blot-centre.pdf', 1, PHRASE['blot']))
    for outline in ('rect', 'hexagon'):
        seed += 1
        name = 'hex-%s-blot%s.pdf' % (outline, '-flat' if outline == 'hexagon' else '')
        page_pdf(os.path.join(out, name), hex_case('blot', seed, outline, outline == 'hexagon'))
        rows.append((name, 1, PHRASE['blot']))
    # a large one: 22 rings of 9 pt (1339 cells, 96 in the outer ring, arcs of 4 degrees)
    for flaw in ('perfect', 'arc-removed'):
        seed += 1
        name = 'polar-large-%s.pdf' % flaw
        page_pdf(os.path.join(out, name), polar_case(flaw, seed, rings=22, ring_pt=9.0))
        rows.append((name, 0 if flaw == 'perfect' else 1, PHRASE[flaw]))
    # the same kinds drawn by reportlab (its own arcs and lines)
    for flaw in ('perfect', 'loop', 'cutoff', 'wrong-solution', 'painted'):
        seed += 1
        name = 'reportlab-polar-%s.pdf' % flaw
        page_pdf_rl(os.path.join(out, name), polar_case(flaw, seed))
        rows.append((name, 0 if flaw == 'perfect' else 1, PHRASE[flaw]))
    for outline, flaw, turn in (('rect', 'perfect', False), ('hexagon', 'perfect', True),
                                ('rect', 'loop', False), ('hexagon', 'extra-gap', False),
                                ('rect', 'wrong-solution', True)):
        seed += 1
        name = 'reportlab-hex-%s-%s%s.pdf' % (outline, flaw, '-flat' if turn else '')
        page_pdf_rl(os.path.join(out, name), hex_case(flaw, seed, outline, turn))
        rows.append((name, 0 if flaw == 'perfect' else 1, PHRASE[flaw]))
    for outline in ('rect', 'hexagon'):
        for flaw in ['perfect', 'loop', 'cutoff', 'closed-entrance', 'extra-gap', 'wrong-solution',
                     'painted']:
            seed += 1
            for turn in (False, True):
                name = 'hex-%s-%s%s.pdf' % (outline, flaw, '-flat' if turn else '')
                page_pdf(os.path.join(out, name), hex_case(flaw, seed, outline, turn))
                rows.append((name, 0 if flaw == 'perfect' else 1, PHRASE[flaw]))
    # triangular (delta) mazes: a big triangle and a rectangle of ragged rows
    for outline in ('triangle', 'rect'):
        for flaw in ['perfect', 'loop', 'cutoff', 'closed-entrance', 'extra-gap', 'wrong-solution',
                     'painted']:
            seed += 1
            name = 'delta-%s-%s.pdf' % (outline, flaw)
            page_pdf(os.path.join(out, name), delta_case(flaw, seed, outline))
            rows.append((name, 0 if flaw == 'perfect' else 1, PHRASE[flaw]))
    for outline, flaw in (('triangle', 'perfect'), ('rect', 'perfect'), ('rect', 'loop'),
                          ('triangle', 'wrong-solution')):
        seed += 1
        name = 'reportlab-delta-%s-%s.pdf' % (outline, flaw)
        page_pdf_rl(os.path.join(out, name), delta_case(flaw, seed, outline))
        rows.append((name, 0 if flaw == 'perfect' else 1, PHRASE[flaw]))
    # straight runs of sides drawn as one line each (the side is still read right)
    for outline, flaw in (('triangle', 'perfect'), ('rect', 'perfect'), ('rect', 'loop'),
                          ('triangle', 'cutoff')):
        seed += 1
        name = 'delta-%s-%s-runs.pdf' % (outline, flaw)
        page_pdf(os.path.join(out, name), delta_case(flaw, seed, outline, runs=True))
        rows.append((name, 0 if flaw == 'perfect' else 1, PHRASE[flaw]))
    # non-convex outlines (a heart: a mask over the cells, as mazebook's shape: makes)
    for flaw in ('perfect', 'loop', 'cutoff', 'extra-gap', 'wrong-solution'):
        seed += 1
        name = 'hex-heart-%s.pdf' % flaw
        page_pdf(os.path.join(out, name), hex_case(flaw, seed, 'heart', False))
        rows.append((name, 0 if flaw == 'perfect' else 1, PHRASE[flaw]))
        seed += 1
        name = 'delta-heart-%s.pdf' % flaw
        page_pdf(os.path.join(out, name), delta_case(flaw, seed, 'heart'))
        rows.append((name, 0 if flaw == 'perfect' else 1, PHRASE[flaw]))
    # a small one: 12 rings of 6 pt, arcs about 4.5 to 7.5 pt long, many shorter than
    # twice its pen and the corners' allowance (each must still be read from
    # its own ink: once such a wall counted as closed with nothing drawn)
    for flaw in ('perfect', 'arc-removed'):
        seed += 1
        name = 'polar-small-%s.pdf' % flaw
        page_pdf(os.path.join(out, name), polar_case(flaw, seed, rings=12, ring_pt=6.0))
        rows.append((name, 0 if flaw == 'perfect' else 1, PHRASE[flaw]))
    # both gaps on the left of a rectangle of triangles: the left column's
    # walls are a drawing apart from the rest, half a side away (once read
    # as a maze without that column, with one rim gap)
    for flaw in ('perfect', 'loop', 'closed-entrance'):
        seed += 1
        name = 'delta-rect-gaps-left-%s.pdf' % flaw
        page_pdf(os.path.join(out, name), delta_case(flaw, seed, 'rect', gaps_left=True))
        rows.append((name, 0 if flaw == 'perfect' else 1, PHRASE[flaw]))
    # a flat-top hexagon maze on a page beside two pointy-top ones (it was
    # not read at all, and the page passed with two mazes proven)
    for base, flaw in ((270, 'perfect'), (360, 'loop')):
        # seeds whose labels are Maze 1, 2 and 3
        cases = [hex_case(f, base + k, outline, turn) for k, (outline, turn, f) in
                 enumerate((('rect', False, 'perfect'), ('rect', False, 'perfect'),
                            ('hexagon', True, flaw)))]
        name = 'hex-mixed-turns-%s.pdf' % flaw
        page_pdf(os.path.join(out, name), page_of_three(cases))
        rows.append((name, 0 if flaw == 'perfect' else 1,
                     '3 mazes, 3 passed' if flaw == 'perfect' else PHRASE[flaw]))
    # each arc begun as PostScript programs write it, 'x y moveto' with two
    # decimals then 'arc': a line of a few thousandths of a point joins them
    # (once read as a straight wall that does not point at the centre)
    for k, flaw in enumerate(('perfect', 'loop', 'cutoff')):
        name = 'polar-moveto-arc-%s.pdf' % flaw
        page_pdf(os.path.join(out, name), polar_case(flaw, 450 + k, moveto=True))
        rows.append((name, 0 if flaw == 'perfect' else 1, PHRASE[flaw]))
    # drawings mazeproof cannot read must be reported, never skipped: a
    # triangle maze turned by 15 degrees (its sides on no lattice it reads),
    # perfect and with a loop
    for k, flaw in enumerate(('perfect', 'loop')):
        name = 'delta-turned-15-%s.pdf' % flaw
        page_pdf(os.path.join(out, name), rotated(delta_case(flaw, 460 + k, 'rect'), 15))
        rows.append((name, 1, 'looks like a maze but was not read'))
    # a round maze whose chords wander off their circles: no arcs, hundreds
    # of lines in every direction, reported as not read
    name = 'polar-chords-rough.pdf'
    page_pdf(os.path.join(out, name), polar_case('perfect', 475, chords='rough'))
    rows.append((name, 1, 'looks like a maze but was not read'))
    # round mazes whose arcs are chains of 3-degree chords, read as arcs
    for k, flaw in enumerate(('perfect', 'loop', 'arc-removed', 'cutoff')):
        name = 'polar-chords-%s.pdf' % flaw
        page_pdf(os.path.join(out, name), polar_case(flaw, 470 + k, chords=True))
        rows.append((name, 0 if flaw == 'perfect' else 1, PHRASE[flaw]))
    # small triangles whose straight runs of sides are one line each: fewer
    # lines than a maze has sides (once 'no maze found' for 5 to 8 rows)
    for k, (nrows, flaw) in enumerate(((5, 'perfect'), (6, 'loop'), (8, 'perfect'), (7, 'cutoff'))):
        name = 'delta-triangle-%d-rows-runs-%s.pdf' % (nrows, flaw)
        page_pdf(os.path.join(out, name), delta_case(flaw, 480 + k, 'triangle', runs=True,
                                                    rows=nrows))
        rows.append((name, 0 if flaw == 'perfect' else 1, PHRASE[flaw]))
    # a small triangle drawn as runs and turned 20 degrees: 5 lines, 12 sides
    # or more, reported as not read
    name = 'delta-triangle-5-rows-runs-turned-20.pdf'
    page_pdf(os.path.join(out, name), rotated(delta_case('perfect', 5, 'triangle', runs=True,
                                                         rows=5), 20))
    rows.append((name, 1, 'looks like a maze but was not read'))
    # decoration that is no maze beside a maze that passes: hatching (one
    # direction) and a star (five), in black
    def with_decoration(case):
        def page(draw):
            def decorated(cr):
                draw(cr)
                cr.set_source_rgb(0, 0, 0)
                cr.set_line_width(1)
                for i in range(20):
                    cr.move_to(20 + 4 * i, 600)
                    cr.line_to(40 + 4 * i, 630)
                cr.stroke()
                for i in range(6):
                    a = math.radians(-90 + 144 * i)
                    x, y = 380 + 30 * math.cos(a), 600 + 30 * math.sin(a)
                    (cr.move_to if i == 0 else cr.line_to)(x, y)
                cr.stroke()
            return decorated
        return [page(d) for d in case]
    name = 'delta-rect-perfect-hatching-star.pdf'
    page_pdf(os.path.join(out, name), with_decoration(delta_case('perfect', 490, 'rect')))
    rows.append((name, 0, PHRASE['perfect']))
    with open(os.path.join(out, 'expected.txt'), 'w') as f:
        f.write('# file\texit status\ta phrase of the output that must appear (| between alternatives)\n')
        f.write('# written by tests/data/mazeproof/mkround.py from the flaw each file was drawn with\n')
        for r in rows:
            f.write('%s\t%d\t%s\n' % r)


if __name__ == '__main__':
    main()
