#!/usr/bin/python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Rebuild mazeproof's corpus: maze PDFs drawn by programs that are not
mazebook, in every drawing style mazeproof must read, each perfect and with
each flaw it must catch, and the table of the verdicts they must get.

    tests/data/mazeproof/corpus/mkcorpus.py [--skip-missing] [--only TEXT] [OUTDIR]
                                       (OUTDIR: default beside this script)

Needs /usr/bin/python3 with python3-reportlab, python3-cairo and
python3-matplotlib, pdflatex with TikZ (texlive-pictures), rsvg-convert
(librsvg2-bin), weasyprint, ghostscript (ps2pdf), and inkscape with qpdf for
the mazes drawn as filled outlines (Stroke to Path). --skip-missing keeps
the files of a producer that is not installed instead of stopping; --only
redraws only the files whose name holds TEXT (expected.txt is always
written whole). The PDFs are checked in, because CI has none of these; tests/cli/cli_mazeproof_corpus.sh judges each
against expected.txt, which this script writes from what it drew (the flaw
it put in), never from mazeproof's output.

The mazes come from the small generator below (Kruskal's algorithm on a
linear congruential generator), which shares nothing with mazebook's.
"""
import math
import os
import shutil
import subprocess
import sys
import tempfile

W_PT, H_PT = 432.0, 648.0
BLACK, WHITE = (0, 0, 0), (1, 1, 1)
ROUTE_COLOURS = [(0.85, 0.1, 0.1), (0.1, 0.35, 0.85), (0.55, 0.55, 0.55), (0.1, 0.6, 0.2)]


# --- the maze generator (tests only) -------------------------------------

class Rng:
    def __init__(self, seed):
        self.s = (seed * 2654435761 + 12345) & 0xFFFFFFFF

    def next(self, n):
        self.s = (self.s * 1664525 + 1013904223) & 0xFFFFFFFF
        return (self.s >> 8) % n


class Maze:
    """hw[j][i]: wall on top of square (i, j), j = h the bottom edge;
    vw[j][i]: wall left of square (i, j), i = w the right edge."""

    def __init__(self, w, h, seed):
        self.w, self.h = w, h
        self.hw = [[1] * w for _ in range(h + 1)]
        self.vw = [[1] * (w + 1) for _ in range(h)]
        rng = Rng(seed)
        parent = list(range(w * h))

        def root(a):
            while parent[a] != a:
                parent[a] = parent[parent[a]]
                a = parent[a]
            return a
        edges = [(x, y, 'r') for y in range(h) for x in range(w - 1)] + \
                [(x, y, 'd') for y in range(h - 1) for x in range(w)]
        for k in range(len(edges) - 1, 0, -1):
            j = rng.next(k + 1)
            edges[k], edges[j] = edges[j], edges[k]
        for x, y, d in edges:
            a = y * w + x
            b = a + 1 if d == 'r' else a + w
            ra, rb = root(a), root(b)
            if ra == rb:
                continue
            parent[ra] = rb
            if d == 'r':
                self.vw[y][x + 1] = 0
            else:
                self.hw[y + 1][x] = 0
        self.hw[0][0] = 0              # entrance: top of (0, 0)
        self.hw[h][w - 1] = 0          # exit: bottom of (w-1, h-1)

    def copy(self):
        m = Maze.__new__(Maze)
        m.w, m.h = self.w, self.h
        m.hw = [r[:] for r in self.hw]
        m.vw = [r[:] for r in self.vw]
        return m

    def open(self, x, y, d):
        if d == 0:
            return y > 0 and not self.hw[y][x]
        if d == 1:
            return x + 1 < self.w and not self.vw[y][x + 1]
        if d == 2:
            return y + 1 < self.h and not self.hw[y + 1][x]
        return x > 0 and not self.vw[y][x]

    def route(self):
        """squares from (0,0) to (w-1,h-1), by breadth-first search"""
        prev = {(0, 0): None}
        todo = [(0, 0)]
        for c in todo:
            x, y = c
            for d, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
                n = (x + dx, y + dy)
                if self.open(x, y, d) and n not in prev:
                    prev[n] = c
                    todo.append(n)
        c, out = (self.w - 1, self.h - 1), []
        while c is not None:
            out.append(c)
            c = prev[c]
        return out[::-1]

    def inner_wall(self):
        """an inner wall on the route's side: (kind, i, j) of a wall present"""
        for j in range(1, self.h):
            for i in range(self.w):
                if self.hw[j][i]:
                    return ('h', i, j)
        return None


# --- what a page holds: a list of items, in points, y down ---------------

class Page:
    def __init__(self):
        self.items = []

    def line(self, x0, y0, x1, y1, w, rgb=BLACK, cap='butt', dash=None):
        self.items.append(('line', x0, y0, x1, y1, w, rgb, cap, dash))

    def rect(self, x, y, w, h, rgb=BLACK):
        self.items.append(('rect', x, y, w, h, rgb))

    def poly(self, pts, w, rgb, cap='round', dash=None, radius=0):
        self.items.append(('poly', pts, w, rgb, cap, dash, radius))

    def dot(self, cx, cy, r, rgb):
        self.items.append(('dot', cx, cy, r, rgb))

    def text(self, x, y, size, s):
        self.items.append(('text', x, y, size, s))

    def fill(self, contours, rgb):
        """closed contours of ('L', point) and ('C', control, control, point)
        pieces, each starting at its first piece's point, filled (nonzero)"""
        self.items.append(('fill', contours, rgb))

    def wallpath(self, pieces, w, cap):
        """black walls stroked as one path (class "wall"), for Stroke to Path"""
        self.items.append(('wallpath', pieces, w, cap))

    def clip(self, x, y, w, h, page):
        self.items.append(('clip', x, y, w, h, page.items))


def wall_runs(m, split):
    """(x0, y0, x1, y1) in squares: runs of walls, or one piece per wall"""
    out = []
    for j in range(m.h + 1):
        i = 0
        while i < m.w:
            if not m.hw[j][i]:
                i += 1
                continue
            e = i + 1
            while not split and e < m.w and m.hw[j][e]:
                e += 1
            out.append((i, j, e, j))
            i = e
    for i in range(m.w + 1):
        j = 0
        while j < m.h:
            if not m.vw[j][i]:
                j += 1
                continue
            e = j + 1
            while not split and e < m.h and m.vw[e][i]:
                e += 1
            out.append((i, j, i, e))
            j = e
    return out


def draw_walls(pg, m, x0, y0, sq, style, crack=None):
    """style: lines (butt runs), round (round caps, a piece per wall),
    square (projecting caps), rects (filled rectangles), heavy (3 pt rim,
    1.2 pt inner walls), thin (0.75 pt); the outline styles (OUTLINE_PENS)
    fill the walls' ink as polygons instead"""
    if style in OUTLINE_PENS:
        return draw_outline_walls(pg, m, x0, y0, sq, style, crack)
    pen = {'lines': 1.0, 'round': 1.5, 'square': 1.2, 'rects': 2.0, 'heavy': 1.2,
           'thin': 0.75}[style]
    for (a, b, c, d) in wall_runs(m, style in ('round', 'square') or crack is not None):
        rim = (a == c and a in (0, m.w)) or (b == d and b in (0, m.h))
        X0, Y0, X1, Y1 = x0 + a * sq, y0 + b * sq, x0 + c * sq, y0 + d * sq
        if crack and (a, b, c, d) == crack[0]:
            # the wall stops short of the point it should reach
            if b == d:
                X1 -= crack[1]
            else:
                Y1 -= crack[1]
        if style == 'rects':
            if b == d:
                pg.rect(X0 - pen / 2, Y0 - pen / 2, X1 - X0 + pen, pen)
            else:
                pg.rect(X0 - pen / 2, Y0 - pen / 2, pen, Y1 - Y0 + pen)
        elif style == 'heavy':
            w = 3.0 if rim else pen
            pg.line(X0, Y0, X1, Y1, w, BLACK, 'square')
        else:
            pg.line(X0, Y0, X1, Y1, pen, BLACK,
                    {'lines': 'square', 'round': 'round', 'square': 'square',
                     'thin': 'square'}[style])
    return pen


# --- walls drawn as filled outlines (no stroked line, no rectangle) -------

# union: the whole maze one polygon with holes (as Inkscape's Stroke to Path
# leaves it); bevel: a polygon per run of walls with bevelled ends; roundrun:
# a run's outline with round ends made of curves; roundpoly: the same with
# the ends as polygon corners; ink-square and ink-round: stroked paths that
# the inkscape producer turns into outlines itself (Stroke to Path); mixed:
# a rim stroked in a 3 pt pen around inner walls drawn as bevelled polygons
OUTLINE_PENS = {'union': 2.0, 'bevel': 2.4, 'roundrun': 2.5, 'roundpoly': 2.5,
                'ink-square': 2.0, 'ink-round': 2.5, 'mixed': 1.6}
KAPPA = 0.5523  # a quarter circle as one cubic Bézier


def wall_pieces(m, x0, y0, sq, split, crack):
    """(X0, Y0, X1, Y1) in points: the centre lines of the runs of walls"""
    out = []
    for (a, b, c, d) in wall_runs(m, split or crack is not None):
        X0, Y0, X1, Y1 = x0 + a * sq, y0 + b * sq, x0 + c * sq, y0 + d * sq
        if crack and (a, b, c, d) == crack[0]:
            if b == d:
                X1 -= crack[1]
            else:
                Y1 -= crack[1]
        out.append((X0, Y0, X1, Y1))
    return out


def union_outline(rects):
    """the contours of the union of rectangles (x0, y0, x1, y1), outer
    boundaries one way round and holes the other, so that the nonzero and
    the even-odd rule fill the same: cells of the grid their coordinates
    make, the edges between a filled cell and an empty one, chained"""
    xs = sorted({v for r in rects for v in (r[0], r[2])})
    ys = sorted({v for r in rects for v in (r[1], r[3])})
    xi = {v: k for k, v in enumerate(xs)}
    yi = {v: k for k, v in enumerate(ys)}
    filled = set()
    for r in rects:
        for i in range(xi[r[0]], xi[r[2]]):
            for j in range(yi[r[1]], yi[r[3]]):
                filled.add((i, j))
    edges = {}
    for (i, j) in sorted(filled):
        corners = [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)]
        for k in range(4):
            a, b = corners[k], corners[(k + 1) % 4]
            if (b, a) in edges:
                del edges[(b, a)]
            else:
                edges[(a, b)] = True
    nxt = {}
    for (a, b) in sorted(edges):
        nxt.setdefault(a, []).append(b)
    contours = []
    while nxt:
        start = min(nxt)
        pts, cur = [start], start
        while True:
            b = nxt[cur].pop()
            if not nxt[cur]:
                del nxt[cur]
            if b == start:
                break
            pts.append(b)
            cur = b
        # drop the points in the middle of a straight side
        keep = []
        for k, q in enumerate(pts):
            a, c = pts[k - 1], pts[(k + 1) % len(pts)]
            if (a[0] == q[0] == c[0]) or (a[1] == q[1] == c[1]):
                continue
            keep.append(q)
        contours.append([('L', (xs[i], ys[j])) for (i, j) in keep])
    return contours


def round_run(X0, Y0, X1, Y1, r, curves):
    """the outline of a run stroked with round caps: its sides and two half
    circles, as cubic curves or as 8 polygon corners each"""
    horiz = Y0 == Y1
    # in the run's own frame: u along it, v across
    def P(u, v):
        return (u, Y0 + v) if horiz else (X0 + v, u)
    u0, u1 = (X0, X1) if horiz else (Y0, Y1)
    out = [('L', P(u0, -r)), ('L', P(u1, -r))]

    def half(uc, s):
        # from (uc, -r) round the end at uc + s*r to (uc, r)
        if curves:
            k = KAPPA * r
            return [('C', P(uc + s * k, -r), P(uc + s * r, -k), P(uc + s * r, 0)),
                    ('C', P(uc + s * r, k), P(uc + s * k, r), P(uc, r))]
        return [('L', P(uc + s * r * math.sin(math.pi * t / 8), -r * math.cos(math.pi * t / 8)))
                for t in range(1, 9)]
    out += half(u1, 1)
    out.append(('L', P(u0, r)))
    back = half(u0, -1)
    # the far end, from (u0, r) round to (u0, -r): the same half circle mirrored
    for q in back:
        if q[0] == 'C':
            out.append(('C', mirror(q[1], horiz, Y0, X0), mirror(q[2], horiz, Y0, X0),
                        mirror(q[3], horiz, Y0, X0)))
        else:
            out.append(('L', mirror(q[1], horiz, Y0, X0)))
    return out


def mirror(p, horiz, Y0, X0):
    """reflect across a run's centre line"""
    return (p[0], 2 * Y0 - p[1]) if horiz else (2 * X0 - p[0], p[1])


def bevel_run(X0, Y0, X1, Y1, r):
    """a run's ink with square ends, its four corners cut by two thirds of r"""
    c = 2 * r / 3
    if Y0 == Y1:
        a, b, t, u = X0 - r, X1 + r, Y0 - r, Y0 + r
        pts = [(a + c, t), (b - c, t), (b, t + c), (b, u - c), (b - c, u), (a + c, u),
               (a, u - c), (a, t + c)]
    else:
        a, b, t, u = Y0 - r, Y1 + r, X0 - r, X0 + r
        pts = [(t, a + c), (t, b - c), (t + c, b), (u - c, b), (u, b - c), (u, a + c),
               (u - c, a), (t + c, a)]
    return [('L', q) for q in pts]


def draw_outline_walls(pg, m, x0, y0, sq, style, crack=None):
    pen = OUTLINE_PENS[style]
    r = pen / 2
    pieces = wall_pieces(m, x0, y0, sq, style in ('bevel', 'roundrun', 'roundpoly', 'mixed'),
                         crack)
    if style == 'mixed':
        x1, y1 = x0 + m.w * sq, y0 + m.h * sq
        for q in pieces:
            if (q[0] == q[2] and q[0] in (x0, x1)) or (q[1] == q[3] and q[1] in (y0, y1)):
                pg.line(q[0], q[1], q[2], q[3], 3.0, BLACK, 'square')
            else:
                pg.fill([bevel_run(*q, r)], BLACK)
    elif style == 'union':
        rects = [(min(a, c) - r, min(b, d) - r, max(a, c) + r, max(b, d) + r)
                 for (a, b, c, d) in pieces]
        pg.fill(union_outline(rects), BLACK)
    elif style == 'bevel':
        for q in pieces:
            pg.fill([bevel_run(*q, r)], BLACK)
    elif style in ('roundrun', 'roundpoly'):
        for q in pieces:
            pg.fill([round_run(*q, r, style == 'roundrun')], BLACK)
    else:
        pg.wallpath(pieces, pen, 'square' if style == 'ink-square' else 'round')
    return pen


def route_points(m, x0, y0, sq, squares):
    pts = [(x0 + 0.5 * sq, y0 - 0.6 * sq)]
    for (x, y) in squares:
        pts.append((x0 + (x + 0.5) * sq, y0 + (y + 0.5) * sq))
    lx, ly = squares[-1]
    pts.append((x0 + (lx + 0.5) * sq, y0 + (ly + 1.6) * sq))
    # keep only the corners
    out = [pts[0]]
    for k in range(1, len(pts) - 1):
        a, b, c = out[-1], pts[k], pts[k + 1]
        if (abs(a[0] - b[0]) < 1e-9 and abs(b[0] - c[0]) < 1e-9) or \
           (abs(a[1] - b[1]) < 1e-9 and abs(b[1] - c[1]) < 1e-9):
            continue
        out.append(b)
    out.append(pts[-1])
    return out


def draw_route(pg, m, x0, y0, sq, squares, style, rgb):
    """style: solid, dashed, dotted (round dots from a dash pattern), dots
    (filled circles), rounded (round corners)"""
    pts = route_points(m, x0, y0, sq, squares)
    w = 0.3 * sq
    if style == 'solid':
        pg.poly(pts, w, rgb, 'round')
    elif style == 'dashed':
        pg.poly(pts, w, rgb, 'butt', dash=(0.5 * sq, 0.25 * sq))
    elif style == 'dotted':
        pg.poly(pts, 0.25 * sq, rgb, 'round', dash=(0.0001, 0.35 * sq))
    elif style == 'rounded':
        pg.poly(pts, w, rgb, 'round', radius=0.4 * sq)
    elif style == 'dots':
        for (a, b) in zip(pts, pts[1:]):
            n = max(1, int(round(math.hypot(b[0] - a[0], b[1] - a[1]) / (0.33 * sq))))
            for k in range(n):
                pg.dot(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n,
                       0.12 * sq, rgb)
        pg.dot(pts[-1][0], pts[-1][1], 0.12 * sq, rgb)


# --- the producers --------------------------------------------------------

def rgb_hex(c):
    return '#%02x%02x%02x' % tuple(int(round(v * 255)) for v in c)


def rounded_path(pts, r):
    """('M'|'L'|'Q', points) pieces of a polyline with corners rounded by r"""
    out = [('M', pts[0])]
    for k in range(1, len(pts) - 1):
        a, b, c = pts[k - 1], pts[k], pts[k + 1]
        la, lc = math.hypot(b[0] - a[0], b[1] - a[1]), math.hypot(c[0] - b[0], c[1] - b[1])
        rr = min(r, la / 2, lc / 2)
        p = (b[0] + (a[0] - b[0]) * rr / la, b[1] + (a[1] - b[1]) * rr / la)
        q = (b[0] + (c[0] - b[0]) * rr / lc, b[1] + (c[1] - b[1]) * rr / lc)
        out.append(('L', p))
        out.append(('Q', b, q))
    out.append(('L', pts[-1]))
    return out


def cubic(p0, c, p1):
    """the cubic Bézier control points of a quadratic one"""
    return ((p0[0] + 2 * (c[0] - p0[0]) / 3, p0[1] + 2 * (c[1] - p0[1]) / 3),
            (p1[0] + 2 * (c[0] - p1[0]) / 3, p1[1] + 2 * (c[1] - p1[1]) / 3), p1)


def svg_items(items):
    out = []
    for it in items:
        k = it[0]
        if k == 'line':
            _, x0, y0, x1, y1, w, rgb, cap, dash = it
            d = ' stroke-dasharray="%g %g"' % dash if dash else ''
            out.append('<line x1="%.3f" y1="%.3f" x2="%.3f" y2="%.3f" stroke="%s" '
                       'stroke-width="%g" stroke-linecap="%s"%s/>'
                       % (x0, y0, x1, y1, rgb_hex(rgb), w, cap, d))
        elif k == 'rect':
            _, x, y, w, h, rgb = it
            out.append('<rect x="%.3f" y="%.3f" width="%.3f" height="%.3f" fill="%s"/>'
                       % (x, y, w, h, rgb_hex(rgb)))
        elif k == 'poly':
            _, pts, w, rgb, cap, dash, radius = it
            d = ' stroke-dasharray="%g %g"' % dash if dash else ''
            if radius:
                path = ''
                for p in rounded_path(pts, radius):
                    if p[0] == 'Q':
                        path += 'Q %.3f %.3f %.3f %.3f ' % (p[1][0], p[1][1], p[2][0], p[2][1])
                    else:
                        path += '%s %.3f %.3f ' % (p[0], p[1][0], p[1][1])
            else:
                path = 'M ' + ' L '.join('%.3f %.3f' % p for p in pts)
            out.append('<path d="%s" fill="none" stroke="%s" stroke-width="%g" '
                       'stroke-linecap="%s" stroke-linejoin="round"%s/>'
                       % (path, rgb_hex(rgb), w, cap, d))
        elif k == 'dot':
            _, cx, cy, r, rgb = it
            out.append('<circle cx="%.3f" cy="%.3f" r="%.3f" fill="%s"/>'
                       % (cx, cy, r, rgb_hex(rgb)))
        elif k == 'text':
            _, x, y, size, s = it
            out.append('<text x="%.3f" y="%.3f" font-family="DejaVu Sans" font-size="%g">%s'
                       '</text>' % (x, y, size, s))
        elif k == 'outlined':
            # a solution that Stroke to Path turns into a filled outline too
            out.extend(o.replace('<path ', '<path class="wall" ', 1) for o in svg_items(it[1:]))
        elif k == 'fill':
            _, contours, rgb = it
            out.append('<path d="%s" fill="%s" fill-rule="nonzero"/>'
                       % (svg_contours(contours), rgb_hex(rgb)))
        elif k == 'wallpath':
            _, pieces, w, cap = it
            d = ' '.join('M %.3f %.3f L %.3f %.3f' % q for q in pieces)
            out.append('<path class="wall" d="%s" fill="none" stroke="#000000" '
                       'stroke-width="%g" stroke-linecap="%s" stroke-linejoin="%s"/>'
                       % (d, w, cap, 'miter' if cap == 'square' else 'round'))
        elif k == 'clip':
            _, x, y, w, h, sub = it
            cid = 'c%d' % id(sub)
            out.append('<clipPath id="%s"><rect x="%.3f" y="%.3f" width="%.3f" height="%.3f"/>'
                       '</clipPath><g clip-path="url(#%s)">' % (cid, x, y, w, h, cid))
            out.extend(svg_items(sub))
            out.append('</g>')
    return out


def svg_contours(contours):
    d = []
    for c in contours:
        d.append('M %.3f %.3f' % c[0][1])
        for q in c[1:]:
            if q[0] == 'C':
                d.append('C %.3f %.3f %.3f %.3f %.3f %.3f' % (q[1] + q[2] + q[3]))
            else:
                d.append('L %.3f %.3f' % q[1])
        d.append('Z')
    return ' '.join(d)


def svg_page(pg):
    return ('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="%gpt" '
            'height="%gpt" viewBox="0 0 %g %g">\n%s\n</svg>\n'
            % (W_PT, H_PT, W_PT, H_PT, '\n'.join(svg_items(pg.items))))


def produce_rsvg(pages, out, tmp):
    files = []
    for n, pg in enumerate(pages):
        f = os.path.join(tmp, 'p%03d.svg' % n)
        with open(f, 'w') as fh:
            fh.write(svg_page(pg))
        files.append(f)
    subprocess.run(['rsvg-convert', '-f', 'pdf', '-o', out] + files, check=True)


def produce_weasyprint(pages, out, tmp):
    """HTML: walls drawn as filled rectangles are positioned <div>s, text is
    HTML text, the rest inline SVG"""
    body = []
    for pg in pages:
        divs, rest = [], []
        for it in pg.items:
            if it[0] == 'rect':
                _, x, y, w, h, rgb = it
                divs.append('<div style="position:absolute;left:%.3fpt;top:%.3fpt;width:%.3fpt;'
                            'height:%.3fpt;background:%s"></div>' % (x, y, w, h, rgb_hex(rgb)))
            elif it[0] == 'text':
                _, x, y, size, s = it
                divs.append('<div style="position:absolute;left:%.3fpt;top:%.3fpt;'
                            'font:%gpt/1 \'DejaVu Sans\';white-space:nowrap">%s</div>'
                            % (x, y - 0.76 * size, size, s))
            else:
                rest.append(it)
        body.append('<section style="position:relative;width:%gpt;height:%gpt;'
                    'page-break-after:always;overflow:hidden">'
                    '<svg style="position:absolute;left:0;top:0" width="%gpt" height="%gpt" '
                    'viewBox="0 0 %g %g">%s</svg>%s</section>'
                    % (W_PT, H_PT, W_PT, H_PT, W_PT, H_PT, ''.join(svg_items(rest)),
                       ''.join(divs)))
    html = ('<!DOCTYPE html><html><head><meta charset="utf-8"><style>@page{size:%gpt %gpt;'
            'margin:0} body{margin:0}</style></head><body>%s</body></html>'
            % (W_PT, H_PT, ''.join(body)))
    f = os.path.join(tmp, 'book.html')
    with open(f, 'w') as fh:
        fh.write(html)
    subprocess.run(['weasyprint', '-q', f, out], check=True)


def produce_cairo(pages, out, tmp):
    import cairo
    surf = cairo.PDFSurface(out, W_PT, H_PT)
    cr = cairo.Context(surf)
    caps = {'butt': cairo.LINE_CAP_BUTT, 'round': cairo.LINE_CAP_ROUND,
            'square': cairo.LINE_CAP_SQUARE}

    def run(items):
        for it in items:
            k = it[0]
            if k == 'line':
                _, x0, y0, x1, y1, w, rgb, cap, dash = it
                cr.set_source_rgb(*rgb)
                cr.set_line_width(w)
                cr.set_line_cap(caps[cap])
                cr.set_dash(list(dash) if dash else [])
                cr.move_to(x0, y0)
                cr.line_to(x1, y1)
                cr.stroke()
            elif k == 'rect':
                _, x, y, w, h, rgb = it
                cr.set_source_rgb(*rgb)
                cr.rectangle(x, y, w, h)
                cr.fill()
            elif k == 'poly':
                _, pts, w, rgb, cap, dash, radius = it
                cr.set_source_rgb(*rgb)
                cr.set_line_width(w)
                cr.set_line_cap(caps[cap])
                cr.set_line_join(cairo.LINE_JOIN_ROUND)
                cr.set_dash(list(dash) if dash else [])
                if radius:
                    cur = None
                    for p in rounded_path(pts, radius):
                        if p[0] == 'M':
                            cr.move_to(*p[1])
                        elif p[0] == 'L':
                            cr.line_to(*p[1])
                        else:
                            c1, c2, e = cubic(cur, p[1], p[2])
                            cr.curve_to(c1[0], c1[1], c2[0], c2[1], e[0], e[1])
                        cur = p[-1]
                else:
                    cr.move_to(*pts[0])
                    for p in pts[1:]:
                        cr.line_to(*p)
                cr.stroke()
                cr.set_dash([])
            elif k == 'dot':
                _, cx, cy, r, rgb = it
                cr.set_source_rgb(*rgb)
                cr.arc(cx, cy, r, 0, 2 * math.pi)
                cr.fill()
            elif k == 'fill':
                _, contours, rgb = it
                cr.set_source_rgb(*rgb)
                cr.set_fill_rule(cairo.FILL_RULE_WINDING)
                for c in contours:
                    cr.move_to(*c[0][1])
                    for q in c[1:]:
                        if q[0] == 'C':
                            cr.curve_to(*(q[1] + q[2] + q[3]))
                        else:
                            cr.line_to(*q[1])
                    cr.close_path()
                cr.fill()
            elif k == 'text':
                _, x, y, size, s = it
                cr.set_source_rgb(0, 0, 0)
                cr.select_font_face('DejaVu Sans')
                cr.set_font_size(size)
                cr.move_to(x, y)
                cr.show_text(s)
            elif k == 'clip':
                _, x, y, w, h, sub = it
                cr.save()
                cr.rectangle(x, y, w, h)
                cr.clip()
                run(sub)
                cr.restore()
    for pg in pages:
        run(pg.items)
        cr.show_page()
    surf.finish()


def produce_reportlab(pages, out, tmp):
    from reportlab.pdfgen import canvas
    from reportlab.pdfgen.canvas import FILL_NON_ZERO
    c = canvas.Canvas(out, pagesize=(W_PT, H_PT), pageCompression=1)
    caps = {'butt': 0, 'round': 1, 'square': 2}

    def Y(y):
        return H_PT - y

    def run(items):
        for it in items:
            k = it[0]
            if k == 'line':
                _, x0, y0, x1, y1, w, rgb, cap, dash = it
                c.setStrokeColorRGB(*rgb)
                c.setLineWidth(w)
                c.setLineCap(caps[cap])
                c.setDash(list(dash) if dash else [])
                c.line(x0, Y(y0), x1, Y(y1))
            elif k == 'rect':
                _, x, y, w, h, rgb = it
                c.setFillColorRGB(*rgb)
                c.rect(x, Y(y + h), w, h, stroke=0, fill=1)
            elif k == 'poly':
                _, pts, w, rgb, cap, dash, radius = it
                c.setStrokeColorRGB(*rgb)
                c.setLineWidth(w)
                c.setLineCap(caps[cap])
                c.setLineJoin(1)
                c.setDash(list(dash) if dash else [])
                p = c.beginPath()
                if radius:
                    cur = None
                    for q in rounded_path(pts, radius):
                        if q[0] == 'M':
                            p.moveTo(q[1][0], Y(q[1][1]))
                        elif q[0] == 'L':
                            p.lineTo(q[1][0], Y(q[1][1]))
                        else:
                            c1, c2, e = cubic(cur, q[1], q[2])
                            p.curveTo(c1[0], Y(c1[1]), c2[0], Y(c2[1]), e[0], Y(e[1]))
                        cur = q[-1]
                else:
                    p.moveTo(pts[0][0], Y(pts[0][1]))
                    for q in pts[1:]:
                        p.lineTo(q[0], Y(q[1]))
                c.drawPath(p, stroke=1, fill=0)
                c.setDash([])
            elif k == 'dot':
                _, cx, cy, r, rgb = it
                c.setFillColorRGB(*rgb)
                c.circle(cx, Y(cy), r, stroke=0, fill=1)
            elif k == 'fill':
                _, contours, rgb = it
                c.setFillColorRGB(*rgb)
                p = c.beginPath()
                for cn in contours:
                    p.moveTo(cn[0][1][0], Y(cn[0][1][1]))
                    for q in cn[1:]:
                        if q[0] == 'C':
                            p.curveTo(q[1][0], Y(q[1][1]), q[2][0], Y(q[2][1]), q[3][0],
                                      Y(q[3][1]))
                        else:
                            p.lineTo(q[1][0], Y(q[1][1]))
                    p.close()
                c.drawPath(p, stroke=0, fill=1, fillMode=FILL_NON_ZERO)
            elif k == 'text':
                _, x, y, size, s = it
                c.setFillColorRGB(0, 0, 0)
                c.setFont('Helvetica', size)
                c.drawString(x, Y(y), s)
            elif k == 'clip':
                _, x, y, w, h, sub = it
                c.saveState()
                p = c.beginPath()
                p.rect(x, Y(y + h), w, h)
                c.clipPath(p, stroke=0, fill=0)
                run(sub)
                c.restoreState()
    for pg in pages:
        run(pg.items)
        c.showPage()
    c.save()


def produce_matplotlib(pages, out, tmp):
    import matplotlib
    matplotlib.use('pdf')
    import matplotlib.pyplot as plt
    matplotlib.rcParams['lines.scale_dashes'] = False   # dash lengths in points, as drawn
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.patches import Circle, PathPatch, Polygon, Rectangle
    from matplotlib.path import Path
    caps = {'butt': 'butt', 'round': 'round', 'square': 'projecting'}
    with PdfPages(out) as pdf:
        for pg in pages:
            fig = plt.figure(figsize=(W_PT / 72, H_PT / 72), dpi=72)
            ax = fig.add_axes([0, 0, 1, 1])
            ax.set_xlim(0, W_PT)
            ax.set_ylim(H_PT, 0)
            ax.axis('off')

            def run(items, clip=None):
                for it in items:
                    k = it[0]
                    art = None
                    if k == 'line':
                        _, x0, y0, x1, y1, w, rgb, cap, dash = it
                        art, = ax.plot([x0, x1], [y0, y1], color=rgb, linewidth=w,
                                       solid_capstyle=caps[cap], dash_capstyle=caps[cap],
                                       linestyle=(0, dash) if dash else '-')
                    elif k == 'rect':
                        _, x, y, w, h, rgb = it
                        art = ax.add_patch(Rectangle((x, y), w, h, facecolor=rgb,
                                                     edgecolor='none', linewidth=0))
                    elif k == 'poly':
                        _, pts, w, rgb, cap, dash, radius = it
                        if radius:
                            verts, codes = [], []
                            for q in rounded_path(pts, radius):
                                if q[0] == 'M':
                                    verts.append(q[1]); codes.append(Path.MOVETO)
                                elif q[0] == 'L':
                                    verts.append(q[1]); codes.append(Path.LINETO)
                                else:
                                    verts += [q[1], q[2]]; codes += [Path.CURVE3] * 2
                            art = ax.add_patch(PathPatch(Path(verts, codes), facecolor='none',
                                                         edgecolor=rgb, linewidth=w,
                                                         capstyle=caps[cap], joinstyle='round'))
                        else:
                            art, = ax.plot([p[0] for p in pts], [p[1] for p in pts],
                                           color=rgb, linewidth=w, solid_capstyle=caps[cap],
                                           dash_capstyle=caps[cap], solid_joinstyle='round',
                                           linestyle=(0, dash) if dash else '-')
                    elif k == 'dot':
                        _, cx, cy, r, rgb = it
                        art = ax.add_patch(Circle((cx, cy), r, facecolor=rgb, edgecolor='none'))
                    elif k == 'fill':
                        # one patches.Polygon a contour (polygons only: no curves, no holes)
                        _, contours, rgb = it
                        for cn in contours:
                            assert all(q[0] == 'L' for q in cn)
                            art = ax.add_patch(Polygon([q[1] for q in cn], closed=True,
                                                       facecolor=rgb, edgecolor='none',
                                                       linewidth=0))
                    elif k == 'text':
                        _, x, y, size, s = it
                        art = ax.text(x, y, s, fontsize=size, va='baseline', ha='left',
                                      family='DejaVu Sans')
                    elif k == 'clip':
                        _, x, y, w, h, sub = it
                        run(sub, Rectangle((x, y), w, h, transform=ax.transData))
                    if art is not None and clip is not None:
                        art.set_clip_path(clip)
            run(pg.items)
            pdf.savefig(fig)
            plt.close(fig)


def tikz_colour(rgb):
    return '{rgb,1:red,%.3f;green,%.3f;blue,%.3f}' % rgb


def produce_tikz(pages, out, tmp):
    caps = {'butt': 'butt', 'round': 'round', 'square': 'rect'}
    body = []

    def run(items):
        for it in items:
            k = it[0]
            if k == 'line':
                _, x0, y0, x1, y1, w, rgb, cap, dash = it
                d = ',dash pattern=on %gbp off %gbp' % dash if dash else ''
                body.append('\\draw[line width=%gbp,line cap=%s,color=%s%s] (%.3f,%.3f) -- '
                            '(%.3f,%.3f);' % (w, caps[cap], tikz_colour(rgb), d, x0, y0, x1, y1))
            elif k == 'rect':
                _, x, y, w, h, rgb = it
                body.append('\\fill[color=%s] (%.3f,%.3f) rectangle (%.3f,%.3f);'
                            % (tikz_colour(rgb), x, y, x + w, y + h))
            elif k == 'poly':
                _, pts, w, rgb, cap, dash, radius = it
                d = ',dash pattern=on %gbp off %gbp' % dash if dash else ''
                r = ',rounded corners=%gbp' % radius if radius else ''
                body.append('\\draw[line width=%gbp,line cap=%s,line join=round,color=%s%s%s] %s;'
                            % (w, caps[cap], tikz_colour(rgb), d, r,
                               ' -- '.join('(%.3f,%.3f)' % p for p in pts)))
            elif k == 'dot':
                _, cx, cy, r, rgb = it
                body.append('\\fill[color=%s] (%.3f,%.3f) circle[radius=%gbp];'
                            % (tikz_colour(rgb), cx, cy, r))
            elif k == 'text':
                _, x, y, size, s = it
                body.append('\\node[anchor=base west,inner sep=0pt,font=\\fontsize{%g}{%g}'
                            '\\selectfont] at (%.3f,%.3f) {%s};' % (size, size * 1.2, x, y,
                                                                     s.replace('#', '\\#')))
            elif k == 'clip':
                _, x, y, w, h, sub = it
                body.append('\\begin{scope}\\clip (%.3f,%.3f) rectangle (%.3f,%.3f);'
                            % (x, y, x + w, y + h))
                run(sub)
                body.append('\\end{scope}')
    for pg in pages:
        # drawn from the page's top-left corner (two runs place it)
        body.append('\\null\\begin{tikzpicture}[remember picture,overlay,x=1bp,y=-1bp,'
                    'shift={(current page.north west)}]')
        run(pg.items)
        body.append('\\end{tikzpicture}\\newpage')
    tex = ('\\documentclass{article}\n\\usepackage[paperwidth=%gbp,paperheight=%gbp,'
           'margin=0pt]{geometry}\n\\usepackage{tikz}\n'
           '\\pagestyle{empty}\n\\begin{document}\n%s\n\\end{document}\n'
           % (W_PT, H_PT, '\n'.join(body)))
    f = os.path.join(tmp, 'book.tex')
    with open(f, 'w') as fh:
        fh.write(tex)
    for _ in range(2):
        subprocess.run(['pdflatex', '-interaction=batchmode', '-halt-on-error', 'book.tex'],
                       cwd=tmp, check=True, stdout=subprocess.DEVNULL)
    shutil.copy(os.path.join(tmp, 'book.pdf'), out)


def produce_ghostscript(pages, out, tmp):
    caps = {'butt': 0, 'round': 1, 'square': 2}
    ps = ['%!PS-Adobe-3.0', '%%%%BoundingBox: 0 0 %d %d' % (W_PT, H_PT),
          '<< /PageSize [%g %g] >> setpagedevice' % (W_PT, H_PT)]

    def Y(y):
        return H_PT - y

    def run(items):
        for it in items:
            k = it[0]
            if k == 'line':
                _, x0, y0, x1, y1, w, rgb, cap, dash = it
                ps.append('%g %g %g setrgbcolor %g setlinewidth %d setlinecap %s 0 setdash '
                          'newpath %.3f %.3f moveto %.3f %.3f lineto stroke'
                          % (rgb + (w, caps[cap], '[%g %g]' % dash if dash else '[]',
                                    x0, Y(y0), x1, Y(y1))))
            elif k == 'rect':
                _, x, y, w, h, rgb = it
                ps.append('%g %g %g setrgbcolor %.3f %.3f %.3f %.3f rectfill'
                          % (rgb + (x, Y(y + h), w, h)))
            elif k == 'poly':
                _, pts, w, rgb, cap, dash, radius = it
                path = 'newpath %.3f %.3f moveto ' % (pts[0][0], Y(pts[0][1]))
                if radius:
                    for k2 in range(1, len(pts) - 1):
                        path += '%.3f %.3f %.3f %.3f %g arct ' % (
                            pts[k2][0], Y(pts[k2][1]), pts[k2 + 1][0], Y(pts[k2 + 1][1]), radius)
                    path += '%.3f %.3f lineto ' % (pts[-1][0], Y(pts[-1][1]))
                else:
                    path += ' '.join('%.3f %.3f lineto' % (p[0], Y(p[1])) for p in pts[1:])
                ps.append('%g %g %g setrgbcolor %g setlinewidth %d setlinecap 1 setlinejoin '
                          '%s 0 setdash %s stroke [] 0 setdash'
                          % (rgb + (w, caps[cap], '[%g %g]' % dash if dash else '[]', path)))
            elif k == 'dot':
                _, cx, cy, r, rgb = it
                ps.append('%g %g %g setrgbcolor newpath %.3f %.3f %g 0 360 arc fill'
                          % (rgb + (cx, Y(cy), r)))
            elif k == 'text':
                _, x, y, size, s = it
                ps.append('0 setgray /Helvetica findfont %g scalefont setfont %.3f %.3f moveto '
                          '(%s) show' % (size, x, Y(y), s.replace('(', '\\(').replace(')', '\\)')))
            elif k == 'clip':
                _, x, y, w, h, sub = it
                ps.append('gsave newpath %.3f %.3f %.3f %.3f rectclip' % (x, Y(y + h), w, h))
                run(sub)
                ps.append('grestore')
    for pg in pages:
        run(pg.items)
        ps.append('showpage')
    f = os.path.join(tmp, 'book.ps')
    with open(f, 'w') as fh:
        fh.write('\n'.join(ps) + '\n')
    subprocess.run(['ps2pdf', '-dDEVICEWIDTHPOINTS=%d' % W_PT, '-dDEVICEHEIGHTPOINTS=%d' % H_PT,
                    '-dFIXEDMEDIA', f, out], check=True)


def produce_inkscape(pages, out, tmp):
    """SVG pages whose walls are stroked paths; Inkscape turns every wall into
    its outline (Stroke to Path on what has class "wall": the labels stay
    text, the solutions stay strokes; on a page marked text_outlined, on
    everything: the text becomes glyph outlines) and writes the PDF, a page
    at a time, joined by qpdf"""
    files = []
    for n, pg in enumerate(pages):
        f = os.path.join(tmp, 'p%03d.svg' % n)
        with open(f, 'w') as fh:
            fh.write(svg_page(pg))
        pdf = os.path.join(tmp, 'p%03d.pdf' % n)
        # a page marked text_outlined: everything, the text too (then glyph outlines)
        select = 'select-all' if getattr(pg, 'text_outlined', False) else 'select-by-class:wall'
        subprocess.run(['inkscape', '--actions=%s;object-stroke-to-path;'
                        'export-filename:%s;export-do' % (select, pdf), f], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        files.append(pdf)
    if len(files) == 1:
        shutil.copy(files[0], out)
    else:
        subprocess.run(['qpdf', '--empty', '--pages'] + files + ['--', out], check=True)


PRODUCERS = {
    'reportlab': produce_reportlab,
    'cairo': produce_cairo,
    'matplotlib': produce_matplotlib,
    'tikz': produce_tikz,
    'rsvg': produce_rsvg,
    'weasyprint': produce_weasyprint,
    'ghostscript': produce_ghostscript,
}

# the producers of mazes drawn as filled outlines, and the two outline styles each draws
OUTLINE_PRODUCERS = {
    'inkscape': (produce_inkscape, 'ink-square', 'ink-round'),
    'cairo': (produce_cairo, 'union', 'roundrun'),
    'reportlab': (produce_reportlab, 'union', 'bevel'),
    'matplotlib': (produce_matplotlib, 'bevel', 'roundpoly'),
}

# what each producer needs: a program on PATH or a Python module
NEEDS = {
    'reportlab': ('module', 'reportlab'), 'cairo': ('module', 'cairo'),
    'matplotlib': ('module', 'matplotlib'), 'tikz': ('program', 'pdflatex'),
    'rsvg': ('program', 'rsvg-convert'), 'weasyprint': ('program', 'weasyprint'),
    'ghostscript': ('program', 'ps2pdf'), 'inkscape': ('program', 'inkscape'),
}


def available(producer):
    kind, name = NEEDS[producer]
    if kind == 'program':
        return shutil.which(name) is not None and (producer != 'inkscape' or
                                                   shutil.which('qpdf') is not None)
    try:
        __import__(name)
        return True
    except ImportError:
        return False


# --- the cases -------------------------------------------------------------

def place(m, top=110.0):
    """square size and origin for a maze centred on the page"""
    sq = min(30.0, (W_PT - 80) / m.w, (H_PT - top - 80) / m.h)
    return (W_PT - m.w * sq) / 2, top, sq


def maze_page(m, number, style, label=True, folio=None, crack=None, extra=None,
              clip_rim=False, frame=False):
    pg = Page()
    x0, y0, sq = place(m)
    if label:
        pg.text(x0, y0 - 24, 14, 'Maze %d' % number)
    target = pg
    if clip_rim:
        # a clip that hides the right-hand rim (and nothing else)
        target = Page()
    draw_walls(target, m, x0, y0, sq, style, crack)
    if clip_rim:
        pg.clip(x0 - 10, y0 - 10, m.w * sq + 10 - 0.6 * sq, m.h * sq + 20, target)
    if frame:
        pg.line(x0 - sq, y0 - sq, x0 + (m.w + 1) * sq, y0 - sq, 1.0, BLACK, 'square')
        pg.line(x0 - sq, y0 + (m.h + 1) * sq, x0 + (m.w + 1) * sq, y0 + (m.h + 1) * sq, 1.0,
                BLACK, 'square')
        pg.line(x0 - sq, y0 - sq, x0 - sq, y0 + (m.h + 1) * sq, 1.0, BLACK, 'square')
        pg.line(x0 + (m.w + 1) * sq, y0 - sq, x0 + (m.w + 1) * sq, y0 + (m.h + 1) * sq, 1.0,
                BLACK, 'square')
    if extra:
        extra(pg, m, x0, y0, sq)
    if folio is not None:
        pg.text(W_PT - 60, H_PT - 30, 10, '%d' % folio)
    return pg


def solution_page(mazes, style, labels, wrong=None, colour=0, walls='lines'):
    """mazes: [(number, maze, page of the maze)] two a page; labels: a format"""
    pg = Page()
    for k, (number, m, page) in enumerate(mazes):
        top = 80.0 + k * 290
        sq = min(20.0, (W_PT - 120) / m.w, 220.0 / m.h)
        x0 = (W_PT - m.w * sq) / 2
        if labels:
            pg.text(x0, top - 14, 11, labels % {'n': number, 'p': page})
        route = m.route()
        if wrong is not None and k == 0:
            route = wrong(m)
        draw_route(pg, m, x0, top, sq, route, style, ROUTE_COLOURS[colour % 4])
        draw_walls(pg, m, x0, top, sq, walls)
    return pg


def through_wall(m):
    """a route straight down the first column, then along the bottom row"""
    return [(0, y) for y in range(m.h)] + [(x, m.h - 1) for x in range(1, m.w)]


def painted(pg, m, x0, y0, sq):
    kind, i, j = m.inner_wall()
    pg.rect(x0 + (i + 0.2) * sq, y0 + j * sq - 2.5, 0.6 * sq, 5, WHITE)


def white_stroke(pg, m, x0, y0, sq):
    kind, i, j = m.inner_wall()
    pg.line(x0 + (i + 0.2) * sq, y0 + j * sq, x0 + (i + 0.8) * sq, y0 + j * sq, 4, WHITE)


def white_gaps(pg, m, x0, y0, sq):
    # the entrance and the exit painted out of a full rim, in white
    pg.rect(x0 + 2.5, y0 - 4, sq - 5, 8, WHITE)
    pg.rect(x0 + (m.w - 1) * sq + 2.5, y0 + m.h * sq - 4, sq - 5, 8, WHITE)


def bar(pg, m, x0, y0, sq):
    # a black bar across the corridor of the entrance square's row, mid-square
    pg.rect(x0 + 0.45 * sq, y0, 0.1 * sq, sq, BLACK)


def arrow_text(pg, m, x0, y0, sq):
    # START and FINISH words near the gaps, as books print them: not walls
    pg.text(x0 + sq + 4, y0 - 6, 9, 'START')
    pg.text(x0 + (m.w - 3) * sq, y0 + m.h * sq + 14, 9, 'FINISH')


def book(cases):
    """cases: list of (name, pages builder, expected rc, expected phrase)"""
    return cases


def cases_for(producer, idx):
    """the corpus of one producer: (name, pages, rc, phrase, options)"""
    styles = ['lines', 'round', 'rects', 'heavy', 'square', 'thin']
    sol_styles = ['solid', 'dashed', 'dotted', 'dots', 'rounded']
    style = styles[idx % len(styles)]
    style2 = styles[(idx + 2) % len(styles)]
    sst = sol_styles[idx % len(sol_styles)]
    sst2 = sol_styles[(idx + 2) % len(sol_styles)]
    seed = 100 * idx
    a, b = Maze(6, 5, seed + 1), Maze(9, 7, seed + 2)
    out = []

    def two(style_, sol, labels='Solution %(n)d', mazes=(a, b), **kw):
        pages = [maze_page(mazes[0], 1, style_, extra=arrow_text),
                 maze_page(mazes[1], 2, style_)]
        pages.append(solution_page([(1, mazes[0], 1), (2, mazes[1], 2)], sol, labels, **kw))
        return pages

    out.append(('perfect-%s-%s' % (style, sst), two(style, sst), 0,
                '2 mazes, 2 passed, 0 failed, 2 solution copies checked'))
    out.append(('perfect-%s-%s' % (style2, sst2), two(style2, sst2, 'Answer %(n)d'), 0,
                '2 mazes, 2 passed, 0 failed, 2 solution copies checked'))
    # flaws in the model
    loop = a.copy()
    kind, i, j = loop.inner_wall()
    loop.hw[j][i] = 0
    out.append(('loop-%s' % style, [maze_page(loop, 1, style)], 1, 'FAILED: a loop of'))
    cut = a.copy()
    cx, cy = a.w - 2, a.h - 2
    cut.hw[cy][cx] = cut.hw[cy + 1][cx] = cut.vw[cy][cx] = cut.vw[cy][cx + 1] = 1
    out.append(('cutoff-%s' % style, [maze_page(cut, 1, style)], 1, 'unreachable'))
    closed = a.copy()
    closed.hw[0][0] = 1
    out.append(('closed-entrance-%s' % style2, [maze_page(closed, 1, style2)], 1,
                'one gap in the outer wall'))
    gap = a.copy()
    gap.vw[a.h // 2][0] = 0
    out.append(('extra-gap-%s' % style2, [maze_page(gap, 1, style2)], 1,
                '3 gaps in the outer wall'))
    # flaws in the drawing: what prints is not what the lines say
    out.append(('painted-%s' % style, [maze_page(a, 1, style, extra=painted)], 1,
                'the printed page shows an opening'))
    out.append(('white-stroke-%s' % style2, [maze_page(a, 1, style2, extra=white_stroke)], 1,
                'the printed page shows an opening'))
    full = a.copy()
    full.hw[0][0] = full.hw[a.h][a.w - 1] = 1
    out.append(('white-gaps-%s' % style, [maze_page(full, 1, style, extra=white_gaps)], 0,
                'maze 1, page 1: %dx%d, perfect' % (a.w, a.h)))
    out.append(('bar-%s' % style, [maze_page(a, 1, style, extra=bar)], 1,
                'off the grid|ink inside the square'))
    big = Maze(5, 4, seed + 3)
    kind, i, j = big.inner_wall()
    out.append(('crack-lines', [maze_page(big, 1, 'lines', crack=((i, j, i + 1, j), 2.8))], 1,
                'the printed page shows an opening'))
    out.append(('clipped-rim-%s' % style, [maze_page(a, 1, style, clip_rim=True)], 1,
                'the printed page shows an opening'))
    # solutions
    out.append(('wrong-solution-%s' % sst, two(style, sst, wrong=through_wall), 1,
                'the solution crosses a wall'))
    out.append(('swapped-%s' % sst2, two(style, sst2, mazes=(a, b), labels=None)
                if False else swapped(a, b, style, sst2), 1, 'walls differ|is %dx%d' % (b.w, b.h)))
    out.append(('unlabelled-copies-%s' % sst, two(style, sst, labels=None), 0,
                'found by its walls'))
    out.append(('folio-%s' % sst2, folio_book(a, b, style, sst2), 0,
                '2 mazes, 2 passed'))
    out.append(('count-label', count_book(a, b, style), 0, '2 mazes, 2 passed'))
    out.append(('frame-%s' % style, [maze_page(a, 1, style, frame=True)], 0,
                'maze 1, page 1: %dx%d, perfect' % (a.w, a.h)))
    return out


def outline_cases_for(producer, idx):
    """mazes whose walls are filled outlines only: each perfect (with its
    solutions, drawn as strokes) and with each flaw"""
    style, style2 = OUTLINE_PRODUCERS[producer][1:]
    sst = ['solid', 'dashed', 'dotted', 'rounded'][idx % 4]
    seed = 1000 + 100 * idx
    a, b = Maze(6, 5, seed + 1), Maze(9, 7, seed + 2)
    out = []

    def two(style_, labels):
        pages = [maze_page(a, 1, style_, extra=arrow_text), maze_page(b, 2, style_)]
        pages.append(solution_page([(1, a, 1), (2, b, 2)], sst, labels, walls=style_))
        return pages

    out.append(('perfect-%s' % style, two(style, 'Solution %(n)d'), 0,
                '2 mazes, 2 passed, 0 failed, 2 solution copies checked'))
    out.append(('perfect-%s' % style2, two(style2, 'Answer %(n)d'), 0,
                '2 mazes, 2 passed, 0 failed, 2 solution copies checked'))
    loop = a.copy()
    kind, i, j = loop.inner_wall()
    loop.hw[j][i] = 0
    out.append(('loop-%s' % style, [maze_page(loop, 1, style)], 1, 'FAILED: a loop of'))
    cut = a.copy()
    cx, cy = a.w - 2, a.h - 2
    cut.hw[cy][cx] = cut.hw[cy + 1][cx] = cut.vw[cy][cx] = cut.vw[cy][cx + 1] = 1
    out.append(('cutoff-%s' % style2, [maze_page(cut, 1, style2)], 1, 'unreachable'))
    closed = a.copy()
    closed.hw[0][0] = 1
    out.append(('closed-entrance-%s' % style, [maze_page(closed, 1, style)], 1,
                'one gap in the outer wall'))
    gap = a.copy()
    gap.vw[a.h // 2][0] = 0
    out.append(('extra-gap-%s' % style2, [maze_page(gap, 1, style2)], 1,
                '3 gaps in the outer wall'))
    out.append(('painted-%s' % style, [maze_page(a, 1, style, extra=painted)], 1,
                'the printed page shows an opening'))
    big = Maze(5, 4, seed + 3)
    kind, i, j = big.inner_wall()
    # a wall short by its pen and a point more: its own end and the wall it
    # should meet leave a gap of a pen and a point whatever their caps
    crack = 2 * OUTLINE_PENS[style2] + 1.0
    # (the outline shows the gap as the ink does: a loop, not a contradiction)
    out.append(('crack-%s' % style2, [maze_page(big, 1, style2, crack=((i, j, i + 1, j), crack))],
                1, 'FAILED: a loop of'))
    if producer == 'cairo':
        # outlines inside a stroked rim: both kinds of wall make one grid
        out.append(('mixed-perfect', [maze_page(b, 1, 'mixed')], 0,
                    'maze 1, page 1: %dx%d, perfect' % (b.w, b.h)))
        out.append(('mixed-loop', [maze_page(loop, 1, 'mixed')], 1, 'FAILED: a loop of'))
    if producer == 'inkscape':
        # Stroke to Path on the whole page: labels, START and FINISH become
        # glyph outlines (an E, an H, a T), which are no maze
        pages = [maze_page(a, 1, style, extra=arrow_text), maze_page(b, 2, style, folio=7)]
        for pg in pages:
            pg.text_outlined = True
        out.append(('text-outlined-%s' % style, pages, 0, '2 mazes, 2 passed, 0 failed'))
        pages = [maze_page(loop, 1, style2, extra=arrow_text)]
        pages[0].text_outlined = True
        out.append(('text-outlined-loop-%s' % style2, pages, 1, 'FAILED: a loop of'))
        # the stated limit: the solutions outlined too are coloured fills, not routes
        pages = two(style, 'Solution %(n)d')
        pages[2].items = [('outlined', it) if it[0] == 'poly' else it for it in pages[2].items]
        out.append(('solution-outlined-%s' % style, pages, 1, 'ink inside the square'))
    return [('outline-' + c[0],) + c[1:] for c in out]


def swapped(a, b, style, sst):
    """two copies whose labels are swapped: each shows the other maze"""
    pages = [maze_page(a, 1, style), maze_page(b, 2, style)]
    pages.append(solution_page([(1, b, 1), (2, a, 2)], sst, 'Solution %(n)d'))
    return pages


def folio_book(a, b, style, sst):
    """printed folios 11 and 12 on PDF pages 1 and 2; copies say '(page 11)'"""
    pages = [maze_page(a, 1, style, folio=11), maze_page(b, 2, style, folio=12)]
    pg = solution_page([(1, a, 11), (2, b, 12)], sst, 'Maze %(n)d (page %(p)d)')
    pg.text(W_PT - 60, H_PT - 30, 10, '13')
    pages.append(pg)
    return pages


def count_book(a, b, style):
    """labels 'Maze 1 of 2': a count, not a page"""
    pages = []
    for n, m in ((1, a), (2, b)):
        pg = maze_page(m, n, style, label=False)
        x0, y0, sq = place(m)
        pg.text(x0, y0 - 24, 14, 'Maze %d of 2' % n)
        pages.append(pg)
    return pages


def all_cases():
    """(producer, file name, pages builder, rc, phrase) of the whole corpus"""
    for idx, name in enumerate(PRODUCERS):
        for case in cases_for(name, idx):
            yield name, case
    for idx, name in enumerate(OUTLINE_PRODUCERS):
        for case in outline_cases_for(name, idx):
            yield name, case


def main():
    args = sys.argv[1:]
    skip_missing = '--skip-missing' in args
    only = None
    if '--only' in args:
        k = args.index('--only')
        only = args[k + 1]
        del args[k:k + 2]
    args = [a for a in args if a != '--skip-missing']
    here = os.path.dirname(os.path.abspath(__file__))
    outdir = args[0] if args else here
    os.makedirs(outdir, exist_ok=True)
    table = ['# file\texit status\ta phrase of the output that must appear (| between '
             'alternatives)\n', '# written by mkcorpus.py from the flaw each file was '
             'drawn with\n']
    missing = set()
    for name, (case, pages, rc, phrase) in all_cases():
        fname = '%s-%s.pdf' % (name, case)
        table.append('%s\t%d\t%s\n' % (fname, rc, phrase))
        if only is not None and only not in fname:
            continue
        if not available(name):
            if not skip_missing:
                sys.exit('mkcorpus.py: %s is not installed (%s %s); --skip-missing keeps '
                         'the files it drew before' % ((name,) + NEEDS[name]))
            missing.add(name)
            if not os.path.exists(os.path.join(outdir, fname)):
                print('mkcorpus.py: warning: %s is missing and %s cannot draw it'
                      % (fname, name), file=sys.stderr)
            continue
        produce = OUTLINE_PRODUCERS[name][0] if '-outline-' in fname else PRODUCERS[name]
        with tempfile.TemporaryDirectory() as tmp:
            produce(pages, os.path.join(outdir, fname), tmp)
        print(fname)
    for name in sorted(missing):
        print('mkcorpus.py: skipped %s (not installed): its files were kept' % name,
              file=sys.stderr)
    with open(os.path.join(outdir, 'expected.txt'), 'w') as fh:
        fh.writelines(table)


if __name__ == '__main__':
    main()
