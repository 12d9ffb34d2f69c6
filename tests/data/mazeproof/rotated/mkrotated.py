#!/usr/bin/python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Square mazes on landscape and turned pages, as other programs write them,
for mazeproof: each perfect and with each flaw it must catch, and the table
of the verdicts they must get (expected.txt, written from the flaw each file
was drawn with, never from mazeproof's output).

    /usr/bin/python3 tests/data/mazeproof/rotated/mkrotated.py [--skip-missing] [--only TEXT]
                                                               [OUTDIR]

A file is a maze page ("Maze N" over each maze, START over its entrance,
FINISH under its exit, a folio) and a solution page ("Solution N", the
route drawn in red under the walls), drawn by:

  reportlab-landscape-*    a landscape page size (a wide MediaBox)
  reportlab-turned-*       a portrait page, the canvas translated and turned
                           90 degrees, no /Rotate: the text runs up the page
  reportlab-rotate90-*     the same with setPageRotation(90): /Rotate 90
                           shows it upright
  matplotlib-landscape-*   an 11 x 8.5 in figure saved to PDF, walls as lines
  matplotlib-ps-*          the same figure saved as PostScript with
                           orientation='landscape', through Ghostscript's
                           ps2pdf, which stands the text up with /Rotate 90
  matplotlib-psturned-*    the same with -dAutoRotatePages=/None: a portrait
                           page, the maze on its side, no /Rotate
  tikz-geometry-*          pdflatex, \\usepackage[landscape]{geometry}
  tikz-pdflscape-*         pdflatex, pdflscape's landscape environment: a
                           portrait page, its content turned, /Rotate 90
  tikz-lscape-*            lscape's: the same without /Rotate
  qpdf-rotate90/180/270-*  portrait pages (TikZ or matplotlib) turned by
                           qpdf --rotate
  qpdf-two-rotate*-*       the same with two mazes a page, one over the
                           other: their labels must go to the right maze
  qpdf-boxes-rotate270-*   the same, one maze, on a page whose MediaBox and
                           CropBox do not start at the origin

Flaws: a loop (an inner wall left out), cut-off squares (a dead end walled
off), a closed entrance, an extra gap in the rim, a wall painted over in
white, a solution drawn through a wall; in the two-maze files, in the
second maze.

Needs python3-reportlab, python3-matplotlib, pdflatex with TikZ, lscape and
pdflscape, ghostscript (ps2pdf) and qpdf. --skip-missing keeps the files
of a producer that is not installed (and their rows) instead of stopping;
--only redraws only the files whose name holds TEXT (expected.txt is
always written whole).
The PDFs are checked in (CI has none of these);
tests/cli/cli_mazeproof_rotated.sh judges each.

The mazes come from the small generator below (randomised Prim's algorithm
on Python's random.Random), which shares nothing with mazebook's.
"""
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

BLACK, WHITE, RED = (0, 0, 0), (1, 1, 1), (0.85, 0.15, 0.1)
FLAWS = ['perfect', 'loop', 'cutoff', 'closed-entrance', 'extra-gap', 'painted',
         'wrong-solution']
# what mazeproof must say of each (lines | rendering where they differ)
SAYS = {
    'perfect': (0, '1 maze, 1 passed, 0 failed, 1 solution copy checked'),
    'loop': (1, 'FAILED: a loop of'),
    'cutoff': (1, 'unreachable'),
    'closed-entrance': (1, 'one gap in the outer wall'),
    'extra-gap': (1, '3 gaps in the outer wall'),
    'painted': (1, 'the printed page shows an opening|a loop of'),
    'wrong-solution': (1, 'the solution crosses a wall'),
}


# --- the maze generator (tests only) -------------------------------------

class Maze:
    """hw[y][x]: a wall over square (x, y), y = h the bottom edge;
    vw[y][x]: a wall left of square (x, y), x = w the right edge."""

    def __init__(self, w, h, seed):
        rng = random.Random(seed)
        self.w, self.h = w, h
        self.hw = [[True] * w for _ in range(h + 1)]
        self.vw = [[True] * (w + 1) for _ in range(h)]
        inside = {(rng.randrange(w), rng.randrange(h))}
        frontier = []

        def edges(x, y):
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= x + dx < w and 0 <= y + dy < h:
                    frontier.append(((x, y), (x + dx, y + dy)))
        edges(*next(iter(inside)))
        while frontier:
            a, b = frontier.pop(rng.randrange(len(frontier)))
            if b in inside:
                continue
            self.knock(a, b)
            inside.add(b)
            edges(*b)
        self.hw[0][0] = False            # the entrance, over the top-left square
        self.hw[h][w - 1] = False        # the exit, under the bottom-right one

    def knock(self, a, b, wall=False):
        (x0, y0), (x1, y1) = a, b
        if x0 != x1:
            self.vw[y0][max(x0, x1)] = wall
        else:
            self.hw[max(y0, y1)][x0] = wall

    def neighbours(self, x, y):
        if y > 0 and not self.hw[y][x]:
            yield x, y - 1
        if y + 1 < self.h and not self.hw[y + 1][x]:
            yield x, y + 1
        if x > 0 and not self.vw[y][x]:
            yield x - 1, y
        if x + 1 < self.w and not self.vw[y][x + 1]:
            yield x + 1, y

    def route(self):
        start, end = (0, 0), (self.w - 1, self.h - 1)
        prev, todo = {start: None}, [start]
        for cur in todo:
            for n in self.neighbours(*cur):
                if n not in prev:
                    prev[n] = cur
                    todo.append(n)
        path, cur = [], end
        while cur is not None:
            path.append(cur)
            cur = prev[cur]
        return path[::-1]

    def inner_wall_off_route(self):
        """an inner wall between two squares, neither on the route"""
        on = set(self.route())
        for y in range(self.h // 2, self.h):
            for x in range(1, self.w):
                if self.vw[y][x] and (x, y) not in on and (x - 1, y) not in on:
                    return (x - 1, y), (x, y)
        raise SystemExit('no inner wall off the route')

    def dead_end_off_route(self):
        """a square with one opening, off the route, and that opening"""
        on = set(self.route())
        for y in range(self.h):
            for x in range(self.w):
                n = list(self.neighbours(x, y))
                if len(n) == 1 and (x, y) not in on and n[0] not in on:
                    return (x, y), n[0]
        raise SystemExit('no dead end off the route')

    def shortcut(self):
        """a wall between two squares of the route far apart along it: the
        route that goes through it instead"""
        path = self.route()
        at = {p: k for k, p in enumerate(path)}
        for k, (x, y) in enumerate(path):
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in at and at[n] > k + 3:
                    return path[:k + 1] + path[at[n]:], (x, y), n
        return None


def flawed(w, h, seed, flaw):
    """the maze as drawn, the route drawn on its solution copy, and the
    wall to paint over in white (painted) or None"""
    m = Maze(w, h, seed)
    while flaw == 'wrong-solution' and not m.shortcut():
        seed += 1000    # a route with no two squares side by side: another maze
        m = Maze(w, h, seed)
    route, paint = m.route(), None
    if flaw == 'loop':
        m.knock(*m.inner_wall_off_route())
    elif flaw == 'cutoff':
        m.knock(*m.dead_end_off_route(), wall=True)
    elif flaw == 'closed-entrance':
        m.hw[0][0] = True
    elif flaw == 'extra-gap':
        m.vw[h // 2][0] = False
    elif flaw == 'painted':
        paint = m.inner_wall_off_route()
    elif flaw == 'wrong-solution':
        route = m.shortcut()[0]
    return m, route, paint


# --- the pages, in a frame of W x H points, y down ------------------------

def wall_runs(m):
    """every straight run of walls as one line, in squares"""
    out = []
    for y in range(m.h + 1):
        x = 0
        while x < m.w:
            if m.hw[y][x]:
                x0 = x
                while x < m.w and m.hw[y][x]:
                    x += 1
                out.append((x0, y, x, y))
            else:
                x += 1
    for x in range(m.w + 1):
        y = 0
        while y < m.h:
            if m.vw[y][x]:
                y0 = y
                while y < m.h and m.vw[y][x]:
                    y += 1
                out.append((x, y0, x, y))
            else:
                y += 1
    return out


def pages(entries, W, H):
    """the maze page and the solution page of entries, (maze, route, wall
    to paint over) each, stacked down the frame: lists of ('line', x0, y0,
    x1, y1, width, rgb), ('poly', points, width, rgb), ('text', x, y, size, s)"""
    band = H / len(entries)
    maze = [('text', W / 2 - 3, H - 24, 10, '1')]
    sol = [('text', W / 2 - 3, H - 24, 10, '2')]
    for k, (m, route, paint) in enumerate(entries):
        sq = min((W - 120) / m.w, (band - 130) / m.h)
        ox, oy = (W - sq * m.w) / 2, k * band + (band - sq * m.h) / 2 + 10
        pen = max(1.0, sq * 0.07)
        walls = [('line', ox + a * sq, oy + b * sq, ox + c * sq, oy + d * sq, pen, BLACK)
                 for a, b, c, d in wall_runs(m)]
        maze += [('text', ox, oy - 30, 18, 'Maze %d' % (k + 1)),
                 ('text', ox, oy - 8, 9, 'START'),
                 ('text', ox + (m.w - 1) * sq, oy + m.h * sq + 16, 9, 'FINISH')] + walls
        if paint:
            (x0, y0), (x1, y1) = paint
            x = ox + max(x0, x1) * sq
            maze.append(('line', x, oy + y0 * sq + pen, x, oy + (y0 + 1) * sq - pen, pen + 2,
                         WHITE))
        pts = [(ox + (x + 0.5) * sq, oy + (y + 0.5) * sq) for x, y in route]
        pts = [(pts[0][0], oy - sq / 2)] + pts + [(pts[-1][0], oy + (m.h + 0.5) * sq)]
        sol += [('text', ox, oy - 30, 18, 'Solution %d' % (k + 1)),
                ('poly', pts, sq * 0.3, RED)] + walls
    return [maze, sol]


# --- the producers ---------------------------------------------------------

def reportlab_pages(pgs, out, W, H, turned, rotate):
    """a landscape page (W x H), or a portrait one (H x W) whose canvas is
    turned a quarter, with /Rotate 90 (rotate) or without"""
    from reportlab.pdfgen import canvas
    # reportlab writes the MediaBox of a page with a quarter /Rotate swapped
    # (pagesize is the size as shown), so the portrait box is asked for as W x H
    c = canvas.Canvas(out, pagesize=(H, W) if turned and not rotate else (W, H),
                      pageCompression=1)
    for items in pgs:
        if rotate:
            c.setPageRotation(90)
        if turned:
            c.translate(H, 0)
            c.rotate(90)
        c.setLineCap(2)
        c.setLineJoin(1)
        for it in items:
            if it[0] == 'line':
                _, x0, y0, x1, y1, w, rgb = it
                c.setStrokeColorRGB(*rgb)
                c.setLineWidth(w)
                c.line(x0, H - y0, x1, H - y1)
            elif it[0] == 'poly':
                _, pts, w, rgb = it
                c.setStrokeColorRGB(*rgb)
                c.setLineWidth(w)
                c.setLineCap(1)
                p = c.beginPath()
                p.moveTo(pts[0][0], H - pts[0][1])
                for x, y in pts[1:]:
                    p.lineTo(x, H - y)
                c.drawPath(p, stroke=1, fill=0)
                c.setLineCap(2)
            else:
                _, x, y, size, s = it
                c.setFillColorRGB(0, 0, 0)
                c.setFont('Helvetica-Bold' if size > 12 else 'Helvetica', size)
                c.drawString(x, H - y, s)
        c.showPage()
    c.save()


def matplotlib_figure(items, W, H):
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    fig = plt.figure(figsize=(W / 72, H / 72), dpi=72)
    ax = fig.add_axes([0, 0, 1, 1])
    ax.set_xlim(0, W)
    ax.set_ylim(H, 0)
    ax.axis('off')
    for it in items:
        if it[0] == 'line':
            _, x0, y0, x1, y1, w, rgb = it
            ax.plot([x0, x1], [y0, y1], color=rgb, linewidth=w, solid_capstyle='projecting')
        elif it[0] == 'poly':
            _, pts, w, rgb = it
            ax.plot([p[0] for p in pts], [p[1] for p in pts], color=rgb, linewidth=w,
                    solid_capstyle='round', solid_joinstyle='round')
        else:
            _, x, y, size, s = it
            ax.text(x, y, s, fontsize=size, va='baseline', ha='left', family='DejaVu Sans',
                    weight='bold' if size > 12 else 'normal')
    return fig, plt


def matplotlib_pdf(pgs, out, W, H):
    from matplotlib.backends.backend_pdf import PdfPages
    with PdfPages(out) as pdf:
        for items in pgs:
            fig, plt = matplotlib_figure(items, W, H)
            pdf.savefig(fig)
            plt.close(fig)


def matplotlib_ps(pgs, out, W, H, autorotate, tmp):
    """each page saved as landscape PostScript on letter paper, through
    ps2pdf, which sets /Rotate to stand the text up (autorotate) or not"""
    parts = []
    for k, items in enumerate(pgs):
        fig, plt = matplotlib_figure(items, W, H)
        ps = os.path.join(tmp, 'p%d.ps' % k)
        fig.savefig(ps, orientation='landscape', papertype='letter')
        plt.close(fig)
        parts.append(os.path.join(tmp, 'p%d.pdf' % k))
        subprocess.run(['ps2pdf', '-sPAPERSIZE=letter'] +
                       ([] if autorotate else ['-dAutoRotatePages=/None']) + [ps, parts[-1]],
                       check=True)
    subprocess.run(['qpdf', '--empty', '--pages'] + parts + ['--', out], check=True)


def tikz_picture(items, W, H):
    # the picture is the frame, W x H, whatever it draws
    body = ['\\begin{tikzpicture}[x=1bp,y=-1bp,line cap=rect,line join=round]',
            '\\path[use as bounding box] (0,0) rectangle (%g,%g);' % (W, H)]
    for it in items:
        if it[0] == 'line':
            _, x0, y0, x1, y1, w, rgb = it
            body.append('\\draw[line width=%gbp,color=%s] (%.2f,%.2f) -- (%.2f,%.2f);'
                        % (w, 'white' if rgb == WHITE else 'black', x0, y0, x1, y1))
        elif it[0] == 'poly':
            _, pts, w, rgb = it
            body.append('\\draw[line width=%gbp,color=red,line cap=round] %s;'
                        % (w, ' -- '.join('(%.2f,%.2f)' % p for p in pts)))
        else:
            _, x, y, size, s = it
            body.append('\\node[anchor=base west,inner sep=0pt,font=\\fontsize{%g}{%g}'
                        '\\selectfont%s] at (%.2f,%.2f) {%s};'
                        % (size, size * 1.2, '\\bfseries' if size > 12 else '', x, y, s))
    body.append('\\end{tikzpicture}')
    return '\n'.join(body)


def tikz(pgs, out, W, H, how, tmp):
    """how: 'geometry' (landscape paper), 'pdflscape' (portrait paper, each
    page in a landscape environment) or 'portrait'; the picture's frame
    (W x H) is the text block, half an inch from the paper's edges"""
    if how == 'geometry':
        pre = '\\usepackage[letterpaper,landscape,margin=0.5in]{geometry}\n'
    else:
        pre = '\\usepackage[letterpaper,margin=0.5in]{geometry}\n'
    if how in ('pdflscape', 'lscape'):
        pre += '\\usepackage{%s}\n' % how
    body = []
    for items in pgs:
        pic = '\\noindent' + tikz_picture(items, W, H)
        if how in ('pdflscape', 'lscape'):
            pic = '\\begin{landscape}\n' + pic + '\n\\end{landscape}'
        body.append(pic + '\n\\newpage')
    tex = ('\\documentclass{article}\n' + pre + '\\usepackage{tikz}\n\\pagestyle{empty}\n'
           '\\begin{document}\n' + '\n'.join(body) + '\n\\end{document}\n')
    with open(os.path.join(tmp, 'book.tex'), 'w') as fh:
        fh.write(tex)
    subprocess.run(['pdflatex', '-interaction=batchmode', '-halt-on-error', 'book.tex'],
                   cwd=tmp, check=True, stdout=subprocess.DEVNULL)
    shutil.copy(os.path.join(tmp, 'book.pdf'), out)


def qpdf_rotate(src, out, angle, boxes=False):
    """turn src by angle; boxes: first move its MediaBox's corner off the
    origin (grown 40 pt left, 60 pt down) and give it a CropBox inside that
    is not at the origin either"""
    if boxes:
        qdf = src + '.qdf'
        subprocess.run(['qpdf', '--qdf', '--object-streams=disable', src, qdf], check=True)
        with open(qdf, 'rb') as fh:
            data = fh.read()

        def grow(m):
            x0, y0, x1, y1 = (float(v) for v in m.group(1).split())
            return (b'/MediaBox [ %g %g %g %g ] /CropBox [ %g %g %g %g ]'
                    % (x0 - 40, y0 - 60, x1 + 20, y1 + 30, x0 - 25, y0 - 35, x1 + 5, y1 + 10))
        data = re.sub(rb'/MediaBox \[([-0-9.\s]+)\]', grow, data)
        with open(qdf, 'wb') as fh:
            fh.write(data)
        with open(src, 'wb') as fh:
            subprocess.run(['fix-qdf', qdf], stdout=fh, check=True)
    subprocess.run(['qpdf', '--rotate=+%d' % angle, src, out], check=True)


# --- the files ------------------------------------------------------------

LETTER_W, LETTER_H = 792.0, 612.0      # landscape letter
TEXT_W, TEXT_H = 700.0, 520.0          # within its text block, half an inch in
TWO_FLAWS = ['perfect', 'loop', 'wrong-solution']   # in the second maze of two
# the files: name, flaws, the producer's way
SETS = [('reportlab-landscape', FLAWS), ('reportlab-turned', FLAWS),
        ('reportlab-rotate90', FLAWS), ('matplotlib-landscape', FLAWS),
        ('matplotlib-ps', FLAWS), ('matplotlib-psturned', FLAWS), ('tikz-geometry', FLAWS),
        ('tikz-pdflscape', FLAWS), ('tikz-lscape', FLAWS), ('qpdf-rotate90', FLAWS),
        ('qpdf-rotate180', FLAWS), ('qpdf-rotate270', FLAWS), ('qpdf-two-rotate90', TWO_FLAWS),
        ('qpdf-two-rotate180', TWO_FLAWS), ('qpdf-two-rotate270', TWO_FLAWS),
        ('qpdf-boxes-rotate270', ['perfect', 'loop', 'painted'])]


def make(name, flaw, seed, out, tmp):
    """draw one file"""
    producer, how = name.split('-', 1)
    if producer == 'qpdf':
        # portrait pages by two producers, turned by qpdf; two mazes a page or one
        two = how.startswith('two-')
        w, h = (7, 5) if two else (8, 11)
        entries = [flawed(w, h, seed, flaw)]
        if two:
            entries.insert(0, flawed(w, h, seed + 50, 'perfect'))
        src = os.path.join(tmp, 'portrait.pdf')
        if seed % 2:
            tikz(pages(entries, TEXT_H, TEXT_W), src, TEXT_H, TEXT_W, 'portrait', tmp)
        else:
            matplotlib_pdf(pages(entries, LETTER_H, LETTER_W), src, LETTER_H, LETTER_W)
        qpdf_rotate(src, out, int(how.split('rotate')[1]), how.startswith('boxes-'))
        return
    pgs = pages([flawed(12, 8, seed, flaw)], TEXT_W, TEXT_H) if producer == 'tikz' else \
        pages([flawed(12, 8, seed, flaw)], LETTER_W, LETTER_H)
    if producer == 'reportlab':
        reportlab_pages(pgs, out, LETTER_W, LETTER_H, how != 'landscape', how == 'rotate90')
    elif producer == 'matplotlib' and how == 'landscape':
        matplotlib_pdf(pgs, out, LETTER_W, LETTER_H)
    elif producer == 'matplotlib':
        matplotlib_ps(pgs, out, LETTER_W, LETTER_H, how == 'ps', tmp)
    else:
        tikz(pgs, out, TEXT_W, TEXT_H, how, tmp)


def verdict(name, flaw):
    """what mazeproof must say of a file: its exit status and a phrase"""
    rc, phrase = SAYS[flaw]
    if not name.startswith('qpdf-two-'):
        return rc, phrase
    if flaw == 'perfect':
        return 0, '2 mazes, 2 passed, 0 failed, 2 solution copies checked'
    if flaw == 'wrong-solution':
        phrase = 'solution on page 2: ' + phrase
    return rc, 'maze 2, page 1: 7x5, FAILED: %s' % phrase.replace('FAILED: ', '')


def producer_ready(producer):
    try:
        if producer == 'reportlab':
            import reportlab  # noqa: F401
        elif producer in ('matplotlib', 'qpdf'):
            import matplotlib  # noqa: F401
        need = {'matplotlib': ['ps2pdf', 'qpdf'], 'tikz': ['pdflatex'],
                'qpdf': ['qpdf', 'pdflatex']}.get(producer, [])
        return all(shutil.which(t) for t in need)
    except ImportError:
        return False


def main():
    args = sys.argv[1:]
    skip = '--skip-missing' in args
    args = [a for a in args if a != '--skip-missing']
    only = None
    if '--only' in args:
        k = args.index('--only')
        only = args[k + 1]
        del args[k:k + 2]
    outdir = args[0] if args else os.path.dirname(os.path.abspath(__file__))
    rows = []
    tmp = tempfile.mkdtemp()
    try:
        for k, (name, flaws) in enumerate(SETS):
            producer = name.split('-')[0]
            ready = producer_ready(producer)
            if not ready and not skip:
                raise SystemExit('%s is not installed (--skip-missing keeps its files)'
                                 % producer)
            for j, flaw in enumerate(flaws):
                out = os.path.join(outdir, '%s-%s.pdf' % (name, flaw))
                if ready and (only is None or only in os.path.basename(out)):
                    make(name, flaw, 100 * k + j, out, tmp)
                if not os.path.exists(out):
                    continue
                rc, phrase = verdict(name, flaw)
                rows.append('%s\t%d\t%s' % (os.path.basename(out), rc, phrase))
    finally:
        shutil.rmtree(tmp)
    with open(os.path.join(outdir, 'expected.txt'), 'w') as fh:
        fh.write('# file\texit status\ta phrase of the output that must appear '
                 '(| between alternatives)\n# written by mkrotated.py from the flaw each '
                 'file was drawn with\n')
        fh.write('\n'.join(rows) + '\n')


if __name__ == '__main__':
    main()
