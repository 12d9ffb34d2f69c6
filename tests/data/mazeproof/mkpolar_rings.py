#!/usr/bin/python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Draw mazeproof's corpus of round (polar) mazes whose rings are NOT split
by the doubling rule, with matplotlib and with hand-written PostScript
turned into PDF by Ghostscript, from a small generator of its own (it
shares nothing with mazebook's nor with mkround.py's), and write the table
of the verdicts they must get (from the flaw drawn, never from mazeproof).

    tests/data/mazeproof/mkpolar_rings.py [OUTDIR]   (default: .../polar-rings)

The rings' divisions: the same number of cells in every ring (12 or 16),
or another rule (1, 6, 12, 12, 24, 24, 24 or 1, 8, 16, 16, 32, 32), each
ring a multiple of the one inside it. Walls are drawn one cell at a time
(an arc per cell, a radial per ring) or as long runs (one arc for each run
of walls along a circle, one line for each run of radial walls across
rings). The tree is a randomised Kruskal over the cells; the flaws are
those mazeproof must catch: a loop, a wall arc removed, cut-off cells, the
entrance closed, an extra rim gap, a solution through a wall.
"""
import math
import os
import subprocess
import sys
import tempfile

W_PT, H_PT = 432.0, 648.0
CX, CY = 216.0, 300.0
PEN = 1.5
RED = (0.85, 0.1, 0.1)


class Lcg:
    """a 64-bit linear congruential generator (Knuth's MMIX constants)"""

    def __init__(self, seed):
        self.s = (seed * 0x9E3779B97F4A7C15 + 1) & (2 ** 64 - 1)

    def below(self, n):
        self.s = (self.s * 6364136223846793005 + 1442695040888963407) & (2 ** 64 - 1)
        return (self.s >> 33) % n


class Rings:
    """cells (r, k): r = 0 the centre, ring r has n[r] cells of equal angle"""

    def __init__(self, n, ring_pt, turn_deg=0.0):
        self.n, self.rw, self.turn = n, ring_pt, math.radians(turn_deg)
        self.R = len(n)
        self.cells = [(r, k) for r in range(self.R) for k in range(n[r])]
        self.walls = []  # (cell a, cell b): every place a wall can be
        for r in range(1, self.R):
            for k in range(n[r]):
                self.walls.append(((r, k), (r, (k + 1) % n[r])))   # radial at k + 1
                self.walls.append(((r - 1, k * n[r - 1] // n[r]), (r, k)))  # arc under (r, k)

    def ang(self, r, k):
        return self.turn + 2 * math.pi * k / self.n[r]

    def pt(self, rad, a):
        return (CX + rad * self.rw * math.cos(a), CY + rad * self.rw * math.sin(a))


def kruskal(g, seed):
    rng = Lcg(seed)
    order = list(g.walls)
    for i in range(len(order) - 1, 0, -1):
        j = rng.below(i + 1)
        order[i], order[j] = order[j], order[i]
    boss = {c: c for c in g.cells}

    def find(c):
        while boss[c] != c:
            boss[c] = boss[boss[c]]
            c = boss[c]
        return c
    opened = set()
    for a, b in order:
        ra, rb = find(a), find(b)
        if ra != rb:
            boss[ra] = rb
            opened.add(frozenset((a, b)))
    return opened


def route(g, opened, a, b):
    nb = {}
    for x, y in g.walls:
        if frozenset((x, y)) in opened:
            nb.setdefault(x, []).append(y)
            nb.setdefault(y, []).append(x)
    prev, todo = {a: None}, [a]
    while todo:
        c = todo.pop(0)
        for d in nb.get(c, []):
            if d not in prev:
                prev[d] = c
                todo.append(d)
    out = [b]
    while prev[out[-1]] is not None:
        out.append(prev[out[-1]])
    return out[::-1]


# --- what to draw: arcs (radius in rings, a0 < a1) and lines, in page points ---

def wall_shapes(g, opened, gaps, runs):
    """black arcs (rad, a0, a1) and lines ((x0, y0), (x1, y1))"""
    arcs, radials = [], []
    # arcs by circle: ring boundary q (1..R), as cell-wide pieces k of ring q's (or the rim's) cells
    for q in range(1, g.R + 1):
        r = min(q, g.R - 1)
        pieces = []
        for k in range(g.n[r]):
            if q == g.R:
                wall = (g.R - 1, k) not in gaps
            else:
                wall = frozenset(((q - 1, k * g.n[q - 1] // g.n[q]), (q, k))) not in opened
            pieces.append(wall)
        arcs += runs_on_circle(g, q, r, pieces, runs)
    for r in range(1, g.R):
        for k in range(g.n[r]):
            if frozenset(((r, (k - 1) % g.n[r]), (r, k))) not in opened:
                radials.append((r, k))
    lines = []
    if not runs:
        for r, k in radials:
            a = g.ang(r, k)
            lines.append((g.pt(r, a), g.pt(r + 1, a)))
    else:
        # one line for each run of radial walls at one angle through rings r, r + 1, ...
        seen = set(radials)
        for r, k in radials:
            a = g.ang(r, k)
            below = [(s, j) for s in range(1, g.R) for j in range(g.n[s])
                     if s == r - 1 and abs(math.remainder(g.ang(s, j) - a, 2 * math.pi)) < 1e-9]
            if below and below[0] in seen:
                continue  # not the start of its run
            top = r
            while top + 1 < g.R:
                nxt = [(top + 1, j) for j in range(g.n[top + 1])
                       if abs(math.remainder(g.ang(top + 1, j) - a, 2 * math.pi)) < 1e-9]
                if not nxt or nxt[0] not in seen:
                    break
                top += 1
            lines.append((g.pt(r, a), g.pt(top + 1, a)))
    return arcs, lines


def runs_on_circle(g, q, r, pieces, runs):
    n = len(pieces)
    if not runs:
        return [(q, g.ang(r, k), g.ang(r, k + 1)) for k in range(n) if pieces[k]]
    if all(pieces):
        return [(q, g.ang(r, 0), g.ang(r, n))]
    start = pieces.index(False) + 1  # begin just after an opening: no run crosses the start
    out, k0 = [], None
    for i in range(n + 1):
        k = start + i
        if i < n and pieces[k % n]:
            if k0 is None:
                k0 = k
        elif k0 is not None:
            out.append((q, g.ang(r, k0), g.ang(r, k)))
            k0 = None
    return out


def route_points(g, cells, exit_out):
    """the red route: in from outside the rim, ring by ring along the cells' middles"""
    def step_arc(pts, rad, a0, a1):
        n = max(1, int(abs(a1 - a0) / math.radians(2)) + 1)
        for i in range(1, n + 1):
            pts.append(g.pt(rad, a0 + (a1 - a0) * i / n))

    def mid(c):
        r, k = c
        return g.ang(r, k + 0.5)

    first = cells[0]
    a = mid(first)
    pts = [g.pt(g.R + 0.6, a), g.pt(first[0] + 0.5, a)]
    cur = first
    for c in cells[1:]:
        if c[0] == 0:
            pts.append((CX, CY))
            cur = c
            continue
        ta = mid(c)
        if cur[0] == 0:
            a = ta
            pts.append(g.pt(c[0] + 0.5, a))
        elif c[0] == cur[0]:
            d = math.remainder(ta - a, 2 * math.pi)
            step_arc(pts, c[0] + 0.5, a, a + d)
            a = a + d
        elif c[0] > cur[0]:
            d = math.remainder(ta - a, 2 * math.pi)
            step_arc(pts, cur[0] + 0.5, a, a + d)
            a = a + d
            pts.append(g.pt(c[0] + 0.5, a))
        else:
            pts.append(g.pt(c[0] + 0.5, a))
            d = math.remainder(ta - a, 2 * math.pi)
            step_arc(pts, c[0] + 0.5, a, a + d)
            a = a + d
        cur = c
    if exit_out:
        pts.append(g.pt(g.R + 0.6, a))
    return pts


# --- producers -----------------------------------------------------------------

def write_mpl(path, pages):
    import matplotlib
    matplotlib.use('pdf')
    matplotlib.rcParams['pdf.fonttype'] = 42
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.patches import Arc
    import matplotlib.pyplot as plt
    with PdfPages(path, metadata={'Creator': 'tests/data/mazeproof/mkpolar_rings.py',
                                  'CreationDate': None}) as pdf:
        for text, arcs, lines, red in pages:
            fig = plt.figure(figsize=(W_PT / 72, H_PT / 72))
            ax = fig.add_axes([0, 0, 1, 1])
            ax.set_xlim(0, W_PT)
            ax.set_ylim(0, H_PT)
            ax.axis('off')
            fig.text(40 / W_PT, 600 / H_PT, text, fontsize=16, weight='bold')
            for q, a0, a1, rw in arcs:
                ax.add_patch(Arc((CX, CY), 2 * q * rw, 2 * q * rw, theta1=math.degrees(a0),
                                 theta2=math.degrees(a1), lw=PEN, color='k', capstyle='round'))
            for (x0, y0), (x1, y1) in lines:
                ax.plot([x0, x1], [y0, y1], color='k', lw=PEN, solid_capstyle='round')
            if red:
                ax.plot([p[0] for p in red], [p[1] for p in red], color=RED, lw=2.0)
            pdf.savefig(fig)
            plt.close(fig)


def write_gs(path, pages, chords=False, moveto_arc=False):
    """chords: each arc a chain of straight pieces of about 3 degrees (as plotting
    programs draw circles), with PostScript's lineto; moveto_arc: each arc
    after a moveto to its own start, the idiom that leaves a line of no length
    before the arc"""
    ps = ['%!PS-Adobe-3.0', '%%Creator: tests/data/mazeproof/mkpolar_rings.py',
          '<< /PageSize [%g %g] >> setpagedevice' % (W_PT, H_PT)]
    for text, arcs, lines, red in pages:
        ps.append('/Helvetica-Bold findfont 16 scalefont setfont 0 setgray 40 600 moveto (%s) show'
                  % text)
        ps.append('0 setgray %g setlinewidth 1 setlinecap 1 setlinejoin' % PEN)
        for q, a0, a1, rw in arcs:
            if chords:
                k = max(2, int(math.ceil((a1 - a0) / math.radians(3))))
                pts = [(CX + q * rw * math.cos(a0 + (a1 - a0) * i / k),
                        CY + q * rw * math.sin(a0 + (a1 - a0) * i / k)) for i in range(k + 1)]
                ps.append('newpath %.3f %.3f moveto ' % pts[0] +
                          ' '.join('%.3f %.3f lineto' % p for p in pts[1:]) + ' stroke')
                continue
            start = ('%.3f %.3f moveto ' % (CX + q * rw * math.cos(a0), CY + q * rw * math.sin(a0))
                     if moveto_arc else '')
            ps.append('newpath %s%.3f %.3f %.3f %.4f %.4f arc stroke'
                      % (start, CX, CY, q * rw, math.degrees(a0), math.degrees(a1)))
        for (x0, y0), (x1, y1) in lines:
            ps.append('newpath %.3f %.3f moveto %.3f %.3f lineto stroke' % (x0, y0, x1, y1))
        if red:
            ps.append('%g %g %g setrgbcolor 2 setlinewidth newpath %.3f %.3f moveto' %
                      (RED + red[0]))
            ps += ['%.3f %.3f lineto' % p for p in red[1:]]
            ps.append('stroke')
        ps.append('showpage')
    with tempfile.NamedTemporaryFile('w', suffix='.ps', delete=False) as f:
        f.write('\n'.join(ps) + '\n')
        src = f.name
    subprocess.run(['gs', '-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite',
                    '-sOutputFile=' + path, src], check=True)
    os.unlink(src)


# --- the corpus --------------------------------------------------------------------

def case(n, flaw, seed, runs, two_gaps, ring_pt=20.0, turn_deg=0.0):
    """[maze page, solution page], each (label, arcs, lines, red route)"""
    g = Rings(n, ring_pt, turn_deg)
    opened = kruskal(g, seed)
    R = g.R - 1
    ent = (R, 0)
    exit_ = (R, g.n[R] // 2) if two_gaps else (0, 0)
    gaps = {ent} | ({exit_} if two_gaps else set())
    way = route(g, opened, ent, exit_)
    rng = Lcg(seed + 7)
    closed = [w for w in g.walls if frozenset(w) not in opened]
    radial = [w for w in closed if w[0][0] == w[1][0]]
    arc = [w for w in closed if w[0][0] != w[1][0]]
    maze = set(opened)
    sol_way = way
    if flaw == 'loop':
        maze.add(frozenset(radial[rng.below(len(radial))]))
    elif flaw == 'arc-removed':
        maze.add(frozenset(arc[rng.below(len(arc))]))
    elif flaw == 'cutoff':
        on = {frozenset(p) for p in zip(way, way[1:])}
        cand = sorted((e for e in opened if e not in on), key=lambda e: sorted(e))
        maze.discard(cand[rng.below(len(cand))])
    elif flaw == 'closed-entrance':
        gaps.discard(ent)
    elif flaw == 'extra-gap':
        gaps.add((R, g.n[R] // 4))
    elif flaw == 'wrong-solution':
        for w in closed:
            alt = route(g, opened | {frozenset(w)}, ent, exit_)
            if len(alt) < len(way):
                sol_way = alt
                break
        else:
            # no short cut: from a cell of the route through a wall, then on to the exit
            i, w = next((i, w) for i, c in enumerate(way) for w in closed if c in w)
            d = w[0] if w[1] == way[i] else w[1]
            sol_way = way[:i + 1] + route(g, opened, d, exit_)
    elif flaw == 'sibling-loop':
        # the radial between two cells that open into the same inner cell
        # taken away: a loop of three cells (a wide cell read as one would hide it)
        for (a, b) in radial:
            r = a[0]
            if r < 2 or g.n[r] == g.n[r - 1]:
                continue
            pa, pb = [(r - 1, c[1] * g.n[r - 1] // g.n[r]) for c in (a, b)]
            if pa == pb and frozenset((a, pa)) in opened and frozenset((b, pb)) in opened:
                maze.add(frozenset((a, b)))
                break
        else:
            raise SystemExit('no sibling pair for a loop')
    elif flaw == 'ring-open':
        # every radial wall of one ring taken away: the ring runs all round
        r = 2
        for k in range(g.n[r]):
            maze.add(frozenset(((r, k), (r, (k + 1) % g.n[r]))))
    arcs, lines = wall_shapes(g, maze, gaps, runs)
    arcs = [(q, a0, a1, ring_pt) for q, a0, a1 in arcs]
    num = seed % 90 + 1
    red = route_points(g, sol_way, two_gaps)
    return [('Maze %d' % num, arcs, lines, None), ('Solution %d' % num, arcs, lines, red)]


PHRASE = {
    'perfect': 'perfect, 1 route, solution matches',
    'loop': 'a loop of',
    'arc-removed': 'a loop of',
    'sibling-loop': 'a loop of',
    'ring-open': 'a loop of',
    'cutoff': 'unreachable from the entrance',
    'closed-entrance': 'no gap in the outer rim|1 gap in the outer rim',
    'extra-gap': 'gaps in the outer rim',
    'wrong-solution': 'the solution crosses a wall',
}


def rings_said(n):
    """how mazeproof must name the rings read: nothing more for the doubling rule"""
    if all(n[r] == n[r - 1] * max(1, round(2 * math.pi * r / n[r - 1])) for r in range(1, len(n))):
        return 'polar %d rings, ' % (len(n) - 1)
    if len(set(n[1:])) == 1:
        return 'polar %d rings (%d cells a ring' % (len(n) - 1, n[1])
    return 'polar %d rings (%s cells' % (len(n) - 1, ', '.join(map(str, n[1:])))


def phrase(flaw, two_gaps):
    if flaw == 'closed-entrance' and two_gaps:
        return 'the solution'  # one gap left: read as a maze to the centre, the route goes elsewhere
    if flaw == 'extra-gap' and not two_gaps:
        return 'the solution'  # two gaps: read as gap to gap, the route goes to the centre
    return PHRASE[flaw]


FLAWS = ['perfect', 'loop', 'arc-removed', 'cutoff', 'closed-entrance', 'extra-gap',
         'wrong-solution']

SETS = [
    # producer, name, divisions, runs, two gaps, ring width
    ('mpl', 'const12-cells', [1] + [12] * 6, False, False, 20.0),
    ('mpl', '6-12-12-24-runs', [1, 6, 12, 12, 24, 24, 24], True, True, 20.0),
    ('gs', 'const16-runs', [1] + [16] * 7, True, True, 18.0),
    ('gs', '8-8-16-16-32-cells', [1, 8, 8, 16, 16, 32], False, False, 22.0),
]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, 'polar-rings')
    os.makedirs(out, exist_ok=True)
    write = {'mpl': write_mpl, 'gs': write_gs,
             'gs-chords': lambda path, pages: write_gs(path, pages, chords=True),
             'gs-moveto-arc': lambda path, pages: write_gs(path, pages, moveto_arc=True)}
    rows = []
    seed = 600
    for prod, name, n, runs, two, rw in SETS:
        for flaw in FLAWS:
            seed += 1
            fname = '%s-%s-%s.pdf' % (prod, name, flaw)
            write[prod](os.path.join(out, fname), case(n, flaw, seed, runs, two, rw))
            rows.append((fname, 0 if flaw == 'perfect' else 1, phrase(flaw, two), rings_said(n)))
    extras = [
        # the whole maze turned 7 degrees: no division starts at angle 0
        ('gs', 'const12-turned-runs', [1] + [12] * 6, True, False, 20.0, 7.0, 'perfect'),
        ('gs', 'const12-turned-runs', [1] + [12] * 6, True, False, 20.0, 7.0, 'loop'),
        ('mpl', 'const16-runs', [1] + [16] * 7, True, False, 18.0, 0.0, 'perfect'),
        ('mpl', 'const16-runs', [1] + [16] * 7, True, False, 18.0, 0.0, 'cutoff'),
        ('gs', '6-12-12-24-cells', [1, 6, 12, 12, 24, 24, 24], False, False, 20.0, 0.0,
         'sibling-loop'),
        ('mpl', '8-16-16-32-runs', [1, 8, 16, 16, 32, 32], True, True, 22.0, 0.0, 'sibling-loop'),
        ('gs', 'const12-runs', [1] + [12] * 6, True, False, 20.0, 0.0, 'ring-open'),
        ('mpl', 'const12-runs', [1] + [12] * 6, True, True, 20.0, 0.0, 'ring-open'),
        # the doubling rule drawn by this generator: read as before
        ('gs', 'doubling-runs', [1, 6, 12, 24, 24, 24, 48], True, False, 18.0, 0.0, 'perfect'),
        ('mpl', 'doubling-cells', [1, 6, 12, 24, 24, 24, 48], False, True, 18.0, 0.0, 'perfect'),
        # arcs as chains of 3-degree chords (read as the arcs they are)
        ('gs-chords', 'const12-runs', [1] + [12] * 6, True, True, 20.0, 0.0, 'perfect'),
        ('gs-chords', 'const12-runs', [1] + [12] * 6, True, True, 20.0, 0.0, 'loop'),
        ('gs-chords', '6-12-12-24-cells', [1, 6, 12, 12, 24, 24, 24], False, False, 20.0, 0.0,
         'perfect'),
        ('gs-chords', '6-12-12-24-cells', [1, 6, 12, 12, 24, 24, 24], False, False, 20.0, 0.0,
         'arc-removed'),
        # "x y moveto cx cy r a0 a1 arc": a line of no length before each arc
        ('gs-moveto-arc', 'const12-cells', [1] + [12] * 6, False, True, 20.0, 0.0, 'perfect'),
        ('gs-moveto-arc', 'const12-cells', [1] + [12] * 6, False, True, 20.0, 0.0, 'closed-entrance'),
        ('gs-moveto-arc', 'doubling-runs', [1, 6, 12, 24, 24, 24, 48], True, False, 18.0, 0.0,
         'perfect'),
        ('gs-moveto-arc', 'doubling-runs', [1, 6, 12, 24, 24, 24, 48], True, False, 18.0, 0.0,
         'arc-removed'),
    ]
    for prod, name, n, runs, two, rw, turn, flaw in extras:
        seed += 1
        fname = '%s-%s-%s.pdf' % (prod, name, flaw)
        write[prod](os.path.join(out, fname), case(n, flaw, seed, runs, two, rw, turn))
        rows.append((fname, 0 if flaw == 'perfect' else 1, phrase(flaw, two), rings_said(n)))
    with open(os.path.join(out, 'expected.txt'), 'w') as f:
        f.write('# file\texit status\ta phrase of the output that must appear (| between alternatives)'
                '\tthe rings as read\n')
        f.write('# written by tests/data/mazeproof/mkpolar_rings.py from the flaw each file was drawn with\n')
        for r in rows:
            f.write('%s\t%d\t%s\t%s\n' % r)


if __name__ == '__main__':
    main()
