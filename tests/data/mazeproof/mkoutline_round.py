#!/usr/bin/python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Hexagonal and triangular (delta) mazes whose walls are filled outlines,
not strokes, for mazeproof (issue 30, class 8), with the table of the
verdicts they must get (from the flaw each was drawn with).

    tests/data/mazeproof/mkoutline_round.py [OUTDIR]
        (default: tests/data/mazeproof/round-outline)

The mazes and their flaws are mkround.py's own generator (which shares
nothing with mazebook's): its drawing is replayed on a recorder that keeps
each black stroke as a wall's centre line, and the walls are then drawn
again as filled outlines by three programs mazeproof had not read outlines
from:

- rsvg-convert from hand-written SVG: the whole wall network as one path,
  the holes the cells ("Stroke to Path" and a union: mitred joins where
  walls meet, square ends where a wall stops), even-odd and nonzero;
- matplotlib patches: a Polygon per wall (a rectangle around its centre
  line, its ends half a pen past the lattice points, as a square cap), and
  the union as one PathPatch;
- Ghostscript from hand-written PostScript: "strokepath fill" on every
  wall (projecting caps, round ones, which it draws as whole discs, or
  butt ends), and on straight runs of sides with mitred joins.

Solutions stay red strokes (an outlined solution is a coloured fill, not a
route: README). Hexagons pointy-top and flat-top (the drawing turned a
quarter), in a rectangle and a hexagon; triangles in a big triangle and a
rectangle of ragged rows; each perfect and with a loop, cut-off cells, a
closed entrance, an extra rim gap, a wall painted over in white and a
solution through a wall.
"""
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
try:
    import cairo  # noqa: F401 (mkround's drawing only names its constants here)
except ImportError:
    import types
    cairo = types.ModuleType('cairo')
    cairo.LINE_CAP_ROUND = cairo.FONT_SLANT_NORMAL = cairo.FONT_WEIGHT_BOLD = 0
    cairo.Matrix = lambda *m: tuple(m)
    sys.modules['cairo'] = cairo
import mkround  # noqa: E402

W_PT, H_PT = mkround.W_PT, mkround.H_PT
PEN = 1.5


# --- a recorder in place of a cairo context ----------------------------------

class Rec:
    """the cairo calls mkround's drawing makes, kept in page points (y down)"""

    def __init__(self):
        self.m = (1, 0, 0, 1, 0, 0)
        self.stack = []
        self.rgb = (0, 0, 0)
        self.width = 1
        self.subs = []
        self.items = []       # ('stroke'|'fill', rgb, width, subpaths) or ('text', ...)
        self.font = 16
        self.keep = False     # black strokes stay strokes (a stroked maze beside)

    def _pt(self, x, y):
        a, b, c, d, e, f = self.m
        return (a * x + c * y + e, b * x + d * y + f)

    def _mul(self, n):
        a, b, c, d, e, f = self.m
        A, B, C, D, E, F = n
        self.m = (A * a + B * c, A * b + B * d, C * a + D * c, C * b + D * d,
                  E * a + F * c + e, E * b + F * d + f)

    def set_source_rgb(self, r, g, b):
        self.rgb = (r, g, b)

    def set_line_width(self, w):
        self.width = w * math.sqrt(abs(self.m[0] * self.m[3] - self.m[1] * self.m[2]))

    def set_line_cap(self, cap):
        pass

    def select_font_face(self, *a):
        pass

    def set_font_size(self, s):
        self.font = s

    def has_current_point(self):
        return bool(self.subs and self.subs[-1])

    def new_sub_path(self):
        self.subs.append([])

    def move_to(self, x, y):
        self.subs.append([self._pt(x, y)])

    def line_to(self, x, y):
        if not self.subs:
            self.subs.append([])
        self.subs[-1].append(self._pt(x, y))

    def arc(self, cx, cy, r, a0, a1):
        n = max(2, int(abs(a1 - a0) / 0.2) + 1)
        for i in range(n + 1):
            a = a0 + (a1 - a0) * i / n
            self.line_to(cx + r * math.cos(a), cy + r * math.sin(a))

    arc_negative = arc

    def _take(self, kind):
        subs = [s for s in self.subs if len(s) > 1 or kind == 'fill']
        if kind == 'stroke' and self.keep:
            kind = 'kstroke'
        self.items.append((kind, self.rgb, self.width, subs))
        self.subs = []

    def stroke(self):
        self._take('stroke')

    def fill(self):
        self._take('fill')

    def show_text(self, text):
        x, y = self.subs[-1][-1]
        self.items.append(('text', self.rgb, self.font, text, x, y))
        self.subs = []

    def save(self):
        self.stack.append(self.m)

    def restore(self):
        self.m = self.stack.pop()

    def translate(self, x, y):
        self._mul((1, 0, 0, 1, x, y))

    def scale(self, sx, sy):
        self._mul((sx, 0, 0, sy, 0, 0))

    def rotate(self, a):
        self._mul((math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0, 0))

    def transform(self, m):
        self._mul(tuple(m.as_tuple() if hasattr(m, "as_tuple") else m))


def record(draw):
    rec = Rec()
    draw(rec)
    return rec.items


def walls_of(items):
    """the black strokes: each straight piece a wall (centre line)"""
    out = []
    for it in items:
        if it[0] == 'stroke' and it[1] == (0, 0, 0):
            for sub in it[3]:
                out += [(sub[k], sub[k + 1]) for k in range(len(sub) - 1)]
    return out


# --- walls to outlines -------------------------------------------------------

def key(p):
    return (round(p[0], 3), round(p[1], 3))


def canonical(walls):
    """the walls' ends, points closer than a thousandth of a point made one
    (the same lattice point reached from two cells differs in the last digits)"""
    grid = {}

    def canon(p):
        gx, gy = int(math.floor(p[0] * 10)), int(math.floor(p[1] * 10))
        for i in (gx - 1, gx, gx + 1):
            for j in (gy - 1, gy, gy + 1):
                for q in grid.get((i, j), ()):
                    if math.hypot(q[0] - p[0], q[1] - p[1]) < 1e-3:
                        return q
        grid.setdefault((gx, gy), []).append(p)
        return p
    out = [(canon(a), canon(b)) for a, b in walls]
    return [(a, b) for a, b in out if a != b]


def unit_sides(walls):
    """walls cut at every lattice point on them (a run drawn as one line is several sides)"""
    walls = canonical(walls)
    pts = {key(p): p for w in walls for p in w}
    out = []
    for a, b in walls:
        L = math.hypot(b[0] - a[0], b[1] - a[1])
        on = []
        for p in pts.values():
            t = ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / (L * L)
            if 1e-3 < t * L < L - 1e-3:
                q = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                if math.hypot(q[0] - p[0], q[1] - p[1]) < 1e-3:
                    on.append((t, p))
        chain = [a] + [p for _, p in sorted(on)] + [b]
        out += [(chain[k], chain[k + 1]) for k in range(len(chain) - 1)]
    uniq = {}
    for a, b in out:
        uniq[tuple(sorted((key(a), key(b))))] = (a, b)
    return list(uniq.values())


def union_contours(walls, pen):
    """the ink of the walls stroked with mitred joins and square ends, as
    closed contours (the outer edge and one hole per face), ink on the left"""
    sides = unit_sides(walls)
    at = {}
    pos = {}
    for a, b in sides:
        ka, kb = key(a), key(b)
        pos[ka], pos[kb] = a, b
        at.setdefault(ka, []).append(kb)
        at.setdefault(kb, []).append(ka)
    for k, nb in at.items():
        nb.sort(key=lambda n: math.atan2(pos[n][1] - pos[k][1], pos[n][0] - pos[k][0]))
    h = pen / 2
    seen = set()
    contours = []

    def right(u, v):
        dx, dy = pos[v][0] - pos[u][0], pos[v][1] - pos[u][1]
        L = math.hypot(dx, dy)
        return dx / L, dy / L, dy / L, -dx / L  # direction, then the side the face is on

    for start in [(u, v) for u in at for v in at[u]]:
        if start in seen:
            continue
        cont = []
        u, v = start
        while (u, v) not in seen:
            seen.add((u, v))
            nb = at[v]
            w = nb[(nb.index(u) + 1) % len(nb)]
            tx, ty, rx, ry = right(u, v)
            vx, vy = pos[v]
            if w == u:
                # a free end: a square cap
                cont.append((vx + h * tx + h * rx, vy + h * ty + h * ry))
                cont.append((vx + h * tx - h * rx, vy + h * ty - h * ry))
            else:
                sx, sy, qx, qy = right(v, w)
                cross = tx * sy - ty * sx
                if abs(cross) < 1e-9:
                    cont.append((vx + h * rx, vy + h * ry))
                else:
                    # offset lines p + h r + t dir meet: solve for t on the first
                    ax, ay = vx + h * rx, vy + h * ry
                    bx, by = vx + h * qx, vy + h * qy
                    t = ((bx - ax) * sy - (by - ay) * sx) / cross
                    cont.append((ax + t * tx, ay + t * ty))
            u, v = v, w
        contours.append(cont)
    return contours


def rect_of(a, b, pen, ext):
    """a wall's rectangle, its ends ext past its lattice points"""
    dx, dy = b[0] - a[0], b[1] - a[1]
    L = math.hypot(dx, dy)
    tx, ty, rx, ry = dx / L, dy / L, -dy / L * pen / 2, dx / L * pen / 2
    a = (a[0] - tx * ext, a[1] - ty * ext)
    b = (b[0] + tx * ext, b[1] + ty * ext)
    return [(a[0] + rx, a[1] + ry), (b[0] + rx, b[1] + ry), (b[0] - rx, b[1] - ry), (a[0] - rx, a[1] - ry)]


def runs_of(walls):
    """unit sides joined into polylines through points of degree 2 (a chain of walls)"""
    sides = unit_sides(walls)
    at = {}
    pos = {}
    for a, b in sides:
        pos[key(a)], pos[key(b)] = a, b
        at.setdefault(key(a), []).append(key(b))
        at.setdefault(key(b), []).append(key(a))
    used = set()
    out = []
    for ka in sorted(at, key=lambda k: (len(at[k]) == 2, k)):
        for kb in at[ka]:
            if (ka, kb) in used:
                continue
            chain = [ka, kb]
            used.add((ka, kb))
            used.add((kb, ka))
            while len(at[chain[-1]]) == 2:
                nxt = [k for k in at[chain[-1]] if (chain[-1], k) not in used]
                if not nxt:
                    break
                used.add((chain[-1], nxt[0]))
                used.add((nxt[0], chain[-1]))
                chain.append(nxt[0])
            out.append([pos[k] for k in chain])
    return out


# --- producers ---------------------------------------------------------------

def others(items):
    """what is not a black wall: red route and white paint strokes, fills, text"""
    return [it for it in items if not (it[0] == 'stroke' and it[1] == (0, 0, 0))]


def svg_page(items, style, fill_rule):
    walls = walls_of(items)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%gpt" height="%gpt" '
           'viewBox="0 0 %g %g">' % (W_PT, H_PT, W_PT, H_PT)]
    if style == 'union':
        d = ''.join('M' + ' L'.join('%.3f %.3f' % p for p in c) + ' Z ' for c in union_contours(walls, PEN))
        out.append('<path fill="black" fill-rule="%s" d="%s"/>' % (fill_rule, d))
    else:
        for a, b in unit_sides(walls):
            out.append('<path fill="black" d="M%s Z"/>' %
                       ' L'.join('%.3f %.3f' % p for p in rect_of(a, b, PEN, PEN / 2)))
    for it in others(items):
        col = 'rgb(%d,%d,%d)' % tuple(int(255 * c) for c in it[1])
        if it[0] == 'text':
            out.append('<text x="%.2f" y="%.2f" font-family="DejaVu Sans" font-weight="bold" '
                       'font-size="%g" fill="%s">%s</text>' % (it[4], it[5], it[2], col, it[3]))
            continue
        d = ' '.join('M' + ' L'.join('%.3f %.3f' % p for p in s) for s in it[3] if s)
        if it[0] in ('stroke', 'kstroke'):
            out.append('<path fill="none" stroke="%s" stroke-width="%g" stroke-linecap="round" '
                       'stroke-linejoin="round" d="%s"/>' % (col, it[2], d))
        else:
            out.append('<path fill="%s" d="%s Z"/>' % (col, d))
    out.append('</svg>\n')
    return '\n'.join(out)


def produce_svg(path, pages, style='union', fill_rule='evenodd'):
    with tempfile.TemporaryDirectory() as tmp:
        names = []
        for k, items in enumerate(pages):
            name = os.path.join(tmp, 'p%d.svg' % k)
            with open(name, 'w') as f:
                f.write(svg_page(items, style, fill_rule))
            names.append(name)
        # the same bytes on every run (cairo dates the file from SOURCE_DATE_EPOCH)
        subprocess.run(['rsvg-convert', '-f', 'pdf', '-o', path] + names, check=True,
                       env=dict(os.environ, SOURCE_DATE_EPOCH='1767225600'))


def produce_mpl(path, pages, style='rects'):
    import matplotlib
    matplotlib.use('pdf')
    matplotlib.rcParams['pdf.compression'] = 6
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.patches import PathPatch, Polygon
    from matplotlib.path import Path
    with PdfPages(path, metadata={'Creator': 'mkoutline_round.py', 'CreationDate': None}) as pdf:
        for items in pages:
            fig = plt.figure(figsize=(W_PT / 72, H_PT / 72))
            ax = fig.add_axes((0, 0, 1, 1))
            ax.set_xlim(0, W_PT)
            ax.set_ylim(H_PT, 0)
            ax.axis('off')
            walls = walls_of(items)
            if style == 'union':
                verts, codes = [], []
                for c in union_contours(walls, PEN):
                    verts += c + [c[0]]
                    codes += [Path.MOVETO] + [Path.LINETO] * (len(c) - 1) + [Path.CLOSEPOLY]
                ax.add_patch(PathPatch(Path(verts, codes), facecolor='black', edgecolor='none',
                                       linewidth=0))
            else:
                for a, b in unit_sides(walls):
                    ax.add_patch(Polygon(rect_of(a, b, PEN, PEN / 2), closed=True,
                                         facecolor='black', edgecolor='none', linewidth=0))
            for it in others(items):
                if it[0] == 'text':
                    ax.text(it[4], it[5], it[3], fontsize=it[2], fontweight='bold', color=it[1],
                            family='DejaVu Sans')
                elif it[0] in ('stroke', 'kstroke'):
                    for s in it[3]:
                        ax.plot([p[0] for p in s], [p[1] for p in s], color=it[1],
                                linewidth=it[2], solid_capstyle='round', solid_joinstyle='round')
                else:
                    for s in it[3]:
                        ax.add_patch(Polygon(s, closed=True, facecolor=it[1], edgecolor='none'))
            pdf.savefig(fig)
            plt.close(fig)


def ps_page(items, style):
    out = ['%%Page: 1 1', 'gsave 0 %g translate 1 -1 scale' % H_PT, '0 setgray %g setlinewidth' % PEN]
    walls = walls_of(items)
    if style == 'runs':
        out.append('0 setlinejoin 2 setlinecap')
        for run in runs_of(walls):
            out.append('newpath %.3f %.3f moveto ' % run[0] +
                       ' '.join('%.3f %.3f lineto' % p for p in run[1:]) + ' strokepath fill')
    else:
        # projecting caps, round ones (Ghostscript draws each as a whole disc)
        # or butt ends (a rectangle from lattice point to lattice point)
        out.append({'round': '1', 'butt': '0'}.get(style, '2') + ' setlinecap')
        for a, b in unit_sides(walls):
            out.append('newpath %.3f %.3f moveto %.3f %.3f lineto strokepath fill' % (a + b))
    for it in others(items):
        if it[0] == 'text':
            out.append('gsave %.2f %.2f translate 1 -1 scale /Helvetica-Bold findfont %g scalefont '
                       'setfont 0 0 moveto (%s) show grestore' % (it[4], it[5], it[2], it[3]))
            continue
        out.append('%g %g %g setrgbcolor %g setlinewidth 1 setlinecap 1 setlinejoin newpath' %
                   (it[1] + (it[2],)))
        for s in it[3]:
            out.append('%.3f %.3f moveto ' % s[0] + ' '.join('%.3f %.3f lineto' % p for p in s[1:]))
        out.append('fill' if it[0] == 'fill' else 'stroke')
    out.append('grestore showpage')
    return '\n'.join(out)


def produce_gs(path, pages, style='walls'):
    ps = ['%!PS-Adobe-3.0', '%%%%BoundingBox: 0 0 %d %d' % (W_PT, H_PT), '%%EndComments',
          '<< /PageSize [%g %g] >> setpagedevice' % (W_PT, H_PT)]
    ps += [ps_page(items, style) for items in pages]
    ps.append('%%EOF\n')
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, 'maze.ps')
        with open(src, 'w') as f:
            f.write('\n'.join(ps))
        # the same bytes on every run: no dates, no document ID
        env = dict(os.environ, SOURCE_DATE_EPOCH='1767225600')
        subprocess.run(['gs', '-q', '-dBATCH', '-dNOPAUSE', '-dSAFER', '-sDEVICE=pdfwrite',
                        '-dOmitID', '-dOmitXMP', '-dOmitInfoDate', '-sOutputFile=' + path, src],
                       check=True, env=env)


PRODUCERS = {
    'svg': lambda p, pages: produce_svg(p, pages, 'union', 'evenodd'),
    'svg-nonzero': lambda p, pages: produce_svg(p, pages, 'union', 'nonzero'),
    'svg-rects': lambda p, pages: produce_svg(p, pages, 'rects'),
    'mpl': lambda p, pages: produce_mpl(p, pages, 'rects'),
    'mpl-union': lambda p, pages: produce_mpl(p, pages, 'union'),
    'gs': lambda p, pages: produce_gs(p, pages, 'walls'),
    'gs-runs': lambda p, pages: produce_gs(p, pages, 'runs'),
    'gs-round': lambda p, pages: produce_gs(p, pages, 'round'),
    'gs-butt': lambda p, pages: produce_gs(p, pages, 'butt'),
}


# --- the corpus --------------------------------------------------------------

def case_pages(kind, shape, flaw, seed):
    if kind == 'hex':
        outline, turn = shape.split('-')[0], shape.endswith('-flat')
        case = mkround.hex_case(flaw, seed, outline, turn)
    else:
        case = mkround.delta_case(flaw, seed, shape)
    return [record(draw) for draw in case]


def beside(seed):
    """a page of two hexagon mazes at half size: a stroked one that passes
    (Maze 1) and one of outlines turned by 15 degrees (Maze 2)"""
    a = mkround.hex_case('perfect', 270, 'rect', False)
    b = mkround.rotated(mkround.hex_case('perfect', 271, 'rect', False), 15)
    pages = []
    for k in range(2):
        rec = Rec()
        for x, y, case, keep in ((0, 0, a, True), (W_PT / 2, H_PT / 2, b, False)):
            rec.keep = keep
            rec.save()
            rec.translate(x, y)
            rec.scale(0.5, 0.5)
            case[k](rec)
            rec.restore()
        pages.append(rec.items)
    return pages


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, 'round-outline')
    only = sys.argv[2] if len(sys.argv) > 2 else ''
    os.makedirs(out, exist_ok=True)
    rows = []
    seed = 600
    plan = []
    flaws = ['perfect', 'loop', 'cutoff', 'closed-entrance', 'extra-gap', 'painted',
             'wrong-solution']
    # every flaw on every shape, the producers taking turns
    prods = ['svg', 'mpl', 'gs', 'svg-nonzero', 'mpl-union', 'gs-runs', 'svg-rects']
    k = 0
    for kind, shape in (('hex', 'rect'), ('hex', 'rect-flat'), ('hex', 'hexagon'),
                        ('hex', 'hexagon-flat'), ('delta', 'triangle'), ('delta', 'rect')):
        for flaw in flaws:
            plan.append((prods[k % len(prods)], kind, shape, flaw))
            k += 1
    # every producer on a perfect maze of each kind
    for prod in prods:
        for kind, shape in (('hex', 'rect'), ('hex', 'hexagon-flat'), ('delta', 'triangle')):
            if (prod, kind, shape, 'perfect') not in plan:
                plan.append((prod, kind, shape, 'perfect'))
    # walls as separate outlines whose round caps are whole discs (read a
    # little past their ends: once a hexagon side read 13.3 pt for 13)
    for kind, shape, flaw in (('hex', 'rect', 'perfect'), ('hex', 'hexagon-flat', 'loop'),
                              ('delta', 'triangle', 'perfect'), ('delta', 'rect', 'cutoff')):
        plan.append(('gs-round', kind, shape, flaw))
    # ... and with butt ends, read half a pen short (once 'not a side of the grid')
    for kind, shape, flaw in (('hex', 'rect', 'perfect'), ('hex', 'hexagon-flat', 'loop'),
                              ('delta', 'triangle', 'perfect'), ('delta', 'rect', 'cutoff')):
        plan.append(('gs-butt', kind, shape, flaw))
    for prod, kind, shape, flaw in plan:
        seed += 1
        name = '%s-%s-%s-%s.pdf' % (prod, kind, shape, flaw)
        if only in name:
            PRODUCERS[prod](os.path.join(out, name), case_pages(kind, shape, flaw, seed))
        rows.append((name, 0 if flaw == 'perfect' else 1, mkround.PHRASE[flaw]))
    # a maze turned inside the page (its sides on no lattice mazeproof reads):
    # reported as not read, alone and beside a stroked maze that passes
    for prod, kind, deg in (('svg', 'hex', 15), ('mpl', 'delta', 15), ('gs', 'hex', 10)):
        seed += 1
        name = '%s-%s-turned-%d.pdf' % (prod, kind, deg)
        if only in name:
            case = (mkround.hex_case('perfect', seed, 'rect', False) if kind == 'hex' else
                    mkround.delta_case('perfect', seed, 'rect'))
            PRODUCERS[prod](os.path.join(out, name), [record(d) for d in mkround.rotated(case, deg)])
        rows.append((name, 1, 'looks like a maze but was not read'))
    for prod in ('svg', 'mpl'):
        seed += 1
        name = '%s-beside-stroked-turned.pdf' % prod
        if only in name:
            PRODUCERS[prod](os.path.join(out, name), beside(seed))
        rows.append((name, 1, 'looks like a maze but was not read'))
    if only:
        return
    with open(os.path.join(out, 'expected.txt'), 'w') as f:
        f.write('# file\texit status\ta phrase of the output that must appear (| between alternatives)\n')
        f.write('# written by tests/data/mazeproof/mkoutline_round.py from the flaw each file was drawn with\n')
        for r in rows:
            f.write('%s\t%d\t%s\n' % r)


if __name__ == '__main__':
    main()
