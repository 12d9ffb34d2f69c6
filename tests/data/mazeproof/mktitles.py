#!/usr/bin/python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Draw small maze books whose title holds a number, with pycairo and with
reportlab, from a maze generator of their own (nothing shared with
mazebook), and write the verdicts mazeproof must give them (from what was
drawn, never from mazeproof's output).

    tests/data/mazeproof/mktitles.py [OUTDIR]   (default: tests/data/mazeproof/titles)

Each book: a title page with the title in large type, a subtitle and a
small maze under them with no label; three maze pages, each with the
title as a running head at the top, "Maze N" above the maze and the folio
at the foot; a page of solutions, "Solution N (page P)" above each copy,
two copies side by side and one under them. The titles are "Christmas
Mazes 2026", "Mazes 101 for Kids" and "Easy Mazes for Kids Ages 4-6": no
number in them is a maze's label, so the title page's maze is unnumbered
(proved on its own) and the mazes are 1 to 3. Also, with cairo: a circular
maze under the title; a copy with no label of its own under a labelled one
(under a title with no number: the label above belongs to the copy nearer
it, so this one is paired by its walls); and books whose labels are wrong, which must still fail: a maze
labelled 4 where 3 belongs, and two copies with each other's labels.
"""
import math
import os
import sys

W_PT, H_PT = 432.0, 648.0
RED = (0.85, 0.1, 0.1)
TITLES = [('christmas', 'Christmas Mazes 2026'),
          ('kids101', 'Mazes 101 for Kids'),
          ('ages', 'Easy Mazes for Kids Ages 4-6')]


class Rng:
    def __init__(self, seed):
        self.s = (seed * 2654435761 + 977) & 0xFFFFFFFF

    def next(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n


class Maze:
    """w x h squares; open_ holds the passages as frozensets of squares;
    the entrance is the top of (0, 0), the exit the bottom of (w-1, h-1)"""

    def __init__(self, w, h, seed):
        self.w, self.h = w, h
        rng = Rng(seed)
        seen = {(0, 0)}
        stack = [(0, 0)]
        self.open_ = set()
        while stack:
            x, y = stack[-1]
            nb = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                  if 0 <= x + dx < w and 0 <= y + dy < h and (x + dx, y + dy) not in seen]
            if not nb:
                stack.pop()
                continue
            d = nb[rng.next(len(nb))]
            seen.add(d)
            self.open_.add(frozenset(((x, y), d)))
            stack.append(d)

    def route(self):
        a, b = (0, 0), (self.w - 1, self.h - 1)
        prev = {a: None}
        queue = [a]
        while queue:
            x, y = queue.pop(0)
            for d in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if d not in prev and frozenset(((x, y), d)) in self.open_:
                    prev[d] = (x, y)
                    queue.append(d)
        out = [b]
        while prev[out[-1]] is not None:
            out.append(prev[out[-1]])
        return out[::-1]

    def walls(self):
        """wall segments in squares: ((x0, y0), (x1, y1))"""
        out = []
        for y in range(self.h + 1):
            for x in range(self.w):
                if (y == 0 and x == 0) or (y == self.h and x == self.w - 1):
                    continue
                if y in (0, self.h) or frozenset(((x, y - 1), (x, y))) not in self.open_:
                    out.append(((x, y), (x + 1, y)))
        for x in range(self.w + 1):
            for y in range(self.h):
                if x in (0, self.w) or frozenset(((x - 1, y), (x, y))) not in self.open_:
                    out.append(((x, y), (x, y + 1)))
        return out


# --- two producers, one small drawing interface (y down from the top) --------

class CairoPages:
    def __init__(self, path):
        import cairo
        self.cairo = cairo
        self.surf = cairo.PDFSurface(path, W_PT, H_PT)
        self.surf.set_metadata(cairo.PDF_METADATA_CREATE_DATE, '2026-01-01T00:00:00Z')
        self.surf.set_metadata(cairo.PDF_METADATA_CREATOR, 'tests/mazeproof/mktitles.py')
        self.cr = cairo.Context(self.surf)

    def text(self, x, y, size, s, bold=False, centre=False):
        cr, cairo = self.cr, self.cairo
        cr.set_source_rgb(0, 0, 0)
        cr.select_font_face('DejaVu Sans', cairo.FONT_SLANT_NORMAL,
                            cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
        cr.set_font_size(size)
        if centre:
            x -= cr.text_extents(s).x_advance / 2
        cr.move_to(x, y)
        cr.show_text(s)

    def lines(self, segs, width, rgb=(0, 0, 0)):
        cr = self.cr
        cr.set_source_rgb(*rgb)
        cr.set_line_width(width)
        cr.set_line_cap(self.cairo.LINE_CAP_SQUARE)
        for (x0, y0), (x1, y1) in segs:
            cr.move_to(x0, y0)
            cr.line_to(x1, y1)
        cr.stroke()

    def polyline(self, pts, width, rgb):
        cr = self.cr
        cr.set_source_rgb(*rgb)
        cr.set_line_width(width)
        cr.set_line_cap(self.cairo.LINE_CAP_ROUND)
        cr.set_line_join(self.cairo.LINE_JOIN_ROUND)
        cr.move_to(*pts[0])
        for p in pts[1:]:
            cr.line_to(*p)
        cr.stroke()

    def next_page(self):
        self.cr.show_page()

    def finish(self):
        self.surf.finish()


class ReportlabPages:
    def __init__(self, path):
        from reportlab.pdfgen import canvas
        self.c = canvas.Canvas(path, pagesize=(W_PT, H_PT), invariant=1)

    def text(self, x, y, size, s, bold=False, centre=False):
        c = self.c
        c.setFillColorRGB(0, 0, 0)
        c.setFont('Helvetica-Bold' if bold else 'Helvetica', size)
        if centre:
            c.drawCentredString(x, H_PT - y, s)
        else:
            c.drawString(x, H_PT - y, s)

    def lines(self, segs, width, rgb=(0, 0, 0)):
        c = self.c
        c.setStrokeColorRGB(*rgb)
        c.setLineWidth(width)
        c.setLineCap(2)
        for (x0, y0), (x1, y1) in segs:
            c.line(x0, H_PT - y0, x1, H_PT - y1)

    def polyline(self, pts, width, rgb):
        c = self.c
        c.setStrokeColorRGB(*rgb)
        c.setLineWidth(width)
        c.setLineCap(1)
        c.setLineJoin(1)
        p = c.beginPath()
        p.moveTo(pts[0][0], H_PT - pts[0][1])
        for x, y in pts[1:]:
            p.lineTo(x, H_PT - y)
        c.drawPath(p, stroke=1, fill=0)

    def next_page(self):
        self.c.showPage()

    def finish(self):
        self.c.save()


def draw_maze(pg, m, x0, y0, sq, route=False):
    pen = max(0.75, sq * 0.08)
    if route:
        pts = [(x0 + 0.5 * sq, y0 - 0.6 * sq)]
        pts += [(x0 + (x + 0.5) * sq, y0 + (y + 0.5) * sq) for x, y in m.route()]
        pts.append((x0 + (m.w - 0.5) * sq, y0 + (m.h + 0.6) * sq))
        pg.polyline(pts, sq * 0.3, RED)
    pg.lines([((x0 + a * sq, y0 + b * sq), (x0 + c * sq, y0 + d * sq)) for (a, b), (c, d) in m.walls()],
             pen)


def title_page(pg, title, polar=False):
    pg.text(W_PT / 2, 110, 30, title, bold=True, centre=True)
    pg.text(W_PT / 2, 140, 14, 'Fun puzzles', centre=True)
    if polar:
        draw_polar_title(pg)
    else:
        m = Maze(8, 8, 4242)
        draw_maze(pg, m, (W_PT - 8 * 16) / 2, 190, 16)
    pg.text(W_PT / 2, 600, 12, 'Ada', centre=True)


def draw_polar_title(pg):
    """a circular maze (tests/data/mazeproof/mkround.py's generator and drawing)"""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import mkround
    g = mkround.Polar(5, 18.0, W_PT / 2, 320)
    open_ = mkround.spanning_tree(g, 31)
    mkround.draw_polar(pg.cr, g, open_, {(4, 0)})


def book(pg, title, labels=(1, 2, 3), copy_labels=(1, 2, 3), polar=False, unlabelled_copy=False):
    """labels: the number printed above each maze; copy_labels: above each copy (None: no label)"""
    mazes = [Maze(10, 12, 100 + k) for k in range(3)]
    title_page(pg, title, polar)
    for k, m in enumerate(mazes):
        pg.next_page()
        sq = 26.0
        x0 = (W_PT - m.w * sq) / 2
        pg.text(W_PT / 2, 30, 9, title, centre=True)          # running head
        pg.text(x0, 80, 18, 'Maze %d' % labels[k], bold=True)
        draw_maze(pg, m, x0, 110, sq)
        pg.text(W_PT / 2, 620, 10, '%d' % (k + 2), centre=True)  # folio
    pg.next_page()
    pg.text(W_PT / 2, 30, 9, title, centre=True)
    pg.text(W_PT / 2, 60, 20, 'Solutions', bold=True, centre=True)
    sq = 14.0
    places = [(40, 110), (250, 110), (40, 110 + 12 * sq + 60)]
    if unlabelled_copy:
        # the third copy under the first, in its column, with no label of its own
        places[2] = (40, 110 + 12 * sq + 40)
    for k, m in enumerate(mazes):
        x0, y0 = places[k]
        if copy_labels[k] is not None:
            pg.text(x0, y0 - 16, 11, 'Solution %d (page %d)' % (copy_labels[k], copy_labels[k] + 1))
        draw_maze(pg, m, x0, y0, sq, route=True)
    pg.text(W_PT / 2, 620, 10, '5', centre=True)
    pg.finish()


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                            'titles')
    os.makedirs(out, exist_ok=True)
    good = ('4 mazes, 4 passed, 0 failed, 3 solution copies checked', 'unnumbered maze, page 1:',
            'maze 1, page 2:', 'maze 2, page 3:', 'maze 3, page 4:')
    rows = []
    for name, title in TITLES:
        for producer, cls in (('cairo', CairoPages), ('reportlab', ReportlabPages)):
            f = '%s-%s.pdf' % (producer, name)
            book(cls(os.path.join(out, f)), title)
            rows.append((f, 0, good))
    f = 'cairo-christmas-polar.pdf'
    book(CairoPages(os.path.join(out, f)), TITLES[0][1], polar=True)
    rows.append((f, 0, good[:1] + ('unnumbered maze, page 1: polar 4 rings, perfect',) + good[2:]))
    f = 'cairo-unlabelled-copy.pdf'
    book(CairoPages(os.path.join(out, f)), 'Fun Mazes for Kids', copy_labels=(1, 2, None),
         unlabelled_copy=True)
    rows.append((f, 0, good[:1] + ('maze 3, page 4: 10x12, perfect, 1 route, solution matches '
                                   '(its copy has no label: found by its walls)',)))
    f = 'reportlab-christmas-misnumbered.pdf'
    book(ReportlabPages(os.path.join(out, f)), TITLES[0][1], labels=(1, 2, 4), copy_labels=(1, 2, 4))
    rows.append((f, 1, ('no maze 3 found (maze numbers run from 1 to 4)',)))
    f = 'cairo-ages-swapped-labels.pdf'
    book(CairoPages(os.path.join(out, f)), TITLES[2][1], copy_labels=(1, 3, 2))
    rows.append((f, 1, ('maze 2, page 3: 10x12, FAILED: solution on page 5',
                        'maze 3, page 4: 10x12, FAILED: solution on page 5')))
    with open(os.path.join(out, 'expected.txt'), 'w') as fh:
        fh.write('# file\texit status\tphrases of the output that must all appear (| between them)\n')
        fh.write('# written by mktitles.py from what each file was drawn with\n')
        for f, rc, phrases in rows:
            fh.write('%s\t%d\t%s\n' % (f, rc, '|'.join(phrases)))


if __name__ == '__main__':
    main()
