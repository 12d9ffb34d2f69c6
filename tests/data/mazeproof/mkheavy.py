#!/usr/bin/env python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Square mazes drawn with pycairo in two pens, as some publishers draw
them: a heavy rim (3 pt) and thin inner walls (1.2 pt), every straight run
of walls one line, square caps; a solution copy on a second page whose route
(red, 7 pt, round caps) is painted before the walls, so the walls cross
over it. Writes tests/data/mazeproof/heavy/*.pdf and expected.txt (the file, the
exit status mazeproof must give, a phrase its output must hold).

   /usr/bin/python3 tests/data/mazeproof/mkheavy.py [OUTDIR]

The mazes come from tests/helpers/mkmaze_pdf.py's own generator (not mazebook's).
"""
import os
import random
import sys

import cairo

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'helpers'))
from mkmaze_pdf import random_maze, route  # noqa: E402

CELL, OX, OY = 60, 80, 110


def runs(m, rim):
    """the walls as straight runs: the rim's (rim True) or the inner ones"""
    w, h, hw, vw = m['w'], m['h'], m['hw'], m['vw']
    out = []
    for y in range(h + 1):
        if (y in (0, h)) != rim:
            continue
        x = 0
        while x < w:
            if hw[y][x]:
                x0 = x
                while x < w and hw[y][x]:
                    x += 1
                out.append(((x0, y), (x, y)))
            else:
                x += 1
    for x in range(w + 1):
        if (x in (0, w)) != rim:
            continue
        y = 0
        while y < h:
            if vw[y][x]:
                y0 = y
                while y < h and vw[y][x]:
                    y += 1
                out.append(((x, y0), (x, y)))
            else:
                y += 1
    return out


def draw(cr, m, label, path=None):
    cr.set_source_rgb(0, 0, 0)
    cr.select_font_face('DejaVu Sans', cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD)
    cr.set_font_size(16)
    cr.move_to(OX, OY - 30)
    cr.show_text(label)
    if path:
        # the route first, under the walls: its round caps reach into the wall lines
        cr.set_source_rgb(0.85, 0.1, 0.1)
        cr.set_line_width(7)
        cr.set_line_cap(cairo.LINE_CAP_ROUND)
        cr.set_line_join(cairo.LINE_JOIN_ROUND)
        x, y = path[0]
        cr.move_to(OX + (x + 0.5) * CELL, OY)
        for x, y in path:
            cr.line_to(OX + (x + 0.5) * CELL, OY + (y + 0.5) * CELL)
        cr.line_to(OX + (x + 0.5) * CELL, OY + m['h'] * CELL)
        cr.stroke()
        cr.set_source_rgb(0, 0, 0)
    for rim, width in ((False, 1.2), (True, 3.0)):
        cr.set_line_width(width)
        cr.set_line_cap(cairo.LINE_CAP_SQUARE)
        for (x0, y0), (x1, y1) in runs(m, rim):
            cr.move_to(OX + x0 * CELL, OY + y0 * CELL)
            cr.line_to(OX + x1 * CELL, OY + y1 * CELL)
        cr.stroke()


def write(path, m, n, flaw):
    surf = cairo.PDFSurface(path, 432, 520)
    surf.set_metadata(cairo.PDF_METADATA_CREATE_DATE, '2026-01-01T00:00:00Z')
    surf.set_metadata(cairo.PDF_METADATA_CREATOR, 'tests/mazeproof/mkheavy.py')
    cr = cairo.Context(surf)
    path, _ = route(m)
    shown = [dict(m, hw=[r[:] for r in m['hw']], vw=[r[:] for r in m['vw']])]
    if flaw == 'loop':
        # open the first inner wall there is: a second way round
        v = shown[0]['vw']
        y, x = next((y, x) for y in range(m['h']) for x in range(1, m['w']) if v[y][x])
        v[y][x] = False
    elif flaw == 'closed-entrance':
        shown[0]['hw'][0][0] = True
    draw(cr, shown[0], 'Maze %d' % n)
    cr.show_page()
    draw(cr, shown[0], 'Solution %d' % n, path)
    cr.show_page()
    surf.finish()


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, 'heavy')
    os.makedirs(out, exist_ok=True)
    rows = []
    for seed in range(1, 11):
        m = random_maze(4, 4, random.Random(seed))
        name = 'heavy-rim-4x4-seed%d.pdf' % seed
        write(os.path.join(out, name), m, seed, 'perfect')
        rows.append((name, 0, 'perfect, 1 route, solution matches'))
    m = random_maze(4, 4, random.Random(9))
    for flaw, phrase in (('loop', 'a loop|two or more routes'),
                         ('closed-entrance', 'gap in the outer wall')):
        name = 'heavy-rim-4x4-seed9-%s.pdf' % flaw
        write(os.path.join(out, name), m, 9, flaw)
        rows.append((name, 1, phrase))
    with open(os.path.join(out, 'expected.txt'), 'w') as f:
        f.write('# file\texit status\ta phrase of the output that must appear (| between alternatives)\n')
        f.write('# written by tests/data/mazeproof/mkheavy.py from the flaw each file was drawn with\n')
        for r in rows:
            f.write('%s\t%d\t%s\n' % r)


if __name__ == '__main__':
    main()
