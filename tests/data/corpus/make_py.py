#!/usr/bin/python3
# SPDX-License-Identifier: AGPL-3.0-or-later
# The Python producers of the preflight corpus (tests/data/corpus/make-corpus.sh
# runs this): reportlab, pycairo and matplotlib each write a good 6 x 9 in
# book of 24 pages and the same book with one fault. Usage: make_py.py DIR
import math
import os
import sys

OUT = sys.argv[1]
IN = 72.0
W, H = 6 * IN, 9 * IN
PAGES = 24
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
WORDS = ("A maze is a puzzle of paths. Find the way from the start to the finish "
         "without crossing a wall. ")


def path(name):
    return os.path.join(OUT, name)


# ---- reportlab: text books ----
def reportlab_book(name, fault=None, pages=PAGES):
    from reportlab.pdfgen import canvas
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont("DejaVuSerif", FONT))
    c = canvas.Canvas(path(name), pagesize=(W, H), invariant=1, pageCompression=1,
                      initialFontName="DejaVuSerif", initialFontSize=10)
    c.setAuthor("")
    for n in range(1, pages + 1):
        odd = n % 2 == 1
        left = 0.75 * IN if odd else 0.5 * IN	# the gutter side gets more
        c.setFont("DejaVuSerif", 14)
        c.drawString(left, H - 1.0 * IN, "Chapter %d" % n)
        text = c.beginText(left, H - 1.5 * IN)
        text.setFont("DejaVuSerif", 10)
        for _ in range(12):
            text.textLine(WORDS[:60])
        c.drawText(text)
        c.setFont("DejaVuSerif", 9)
        c.drawCentredString(W / 2, 0.5 * IN, str(n))
        if fault == "margins":
            # a running head 0.16 in under the top trim
            c.setFont("DejaVuSerif", 8)
            c.drawString(left, H - 0.16 * IN - 6, "Running head")
        if fault == "font-size" and n == 3:
            # 5 pt text stretched to 200 % width: still 5 pt tall
            t = c.beginText(left, 3 * IN)
            t.setFont("DejaVuSerif", 5)
            t.setHorizScale(200)
            t.textLine("small print, stretched wide")
            c.drawText(t)
        if fault == "placeholder" and n == 5:
            c.setFont("DejaVuSerif", 10)
            c.drawString(left, 3 * IN, "Lorem ipsum dolor sit amet, consectetur.")
        if fault == "invisible" and n == 7:
            # render mode 3 (an OCR layer) and white text on white paper
            t = c.beginText(left, 3 * IN)
            t.setFont("DejaVuSerif", 10)
            t.setTextRenderMode(3)
            t.textLine("hidden words")
            c.drawText(t)
        if fault == "white" and n == 8:
            c.setFillColorRGB(1, 1, 1)
            c.setFont("DejaVuSerif", 10)
            c.drawString(left, 3 * IN, "white on white")
            c.setFillColorRGB(0, 0, 0)
        if fault == "gutter" and n == 4:
            # an even page: the binding edge is on the right
            c.drawString(W - 0.2 * IN - 40, 4 * IN, "too near")
        c.showPage()
    c.save()


# ---- pycairo: a bleed book (6.125 x 9.25 in), art to the edge ----
def cairo_book(name, fault=None):
    import cairo

    bw, bh = 0.125 * IN, 0.125 * IN
    pw, ph = W + bw, H + 2 * bh
    surf = cairo.PDFSurface(path(name), pw, ph)
    surf.set_metadata(cairo.PDFMetadata.CREATE_DATE, "2026-01-01T00:00:00Z")
    cr = cairo.Context(surf)
    for n in range(1, PAGES + 1):
        odd = n % 2 == 1
        tx = 0 if odd else bw	# the trim's left edge: bleed is on the outside
        # a gray band bleeding off the top and the outside edge
        cr.set_source_rgb(0.6, 0.6, 0.6)
        if odd:
            cr.rectangle(tx + 2 * IN, 0, pw - tx - 2 * IN, 1.0 * IN)
        else:
            cr.rectangle(0, 0, tx + W - 2 * IN, 1.0 * IN)
        cr.fill()
        # a black-to-white gradient box: gray, so fine in a black-ink book
        grad = cairo.LinearGradient(tx + IN, 0, tx + 3 * IN, 0)
        if fault == "colour" and n == 6:
            grad.add_color_stop_rgb(0, 0.9, 0.1, 0.1)
            grad.add_color_stop_rgb(1, 0.2, 0.2, 0.9)
        else:
            grad.add_color_stop_rgb(0, 0, 0, 0)
            grad.add_color_stop_rgb(1, 1, 1, 1)
        cr.set_source(grad)
        cr.rectangle(tx + IN, bh + 3 * IN, 2 * IN, 1 * IN)
        cr.fill()
        cr.set_source_rgb(0, 0, 0)
        cr.select_font_face("DejaVu Serif")
        cr.set_font_size(11)
        for k in range(8):
            cr.move_to(tx + (0.8 if odd else 0.5) * IN, bh + 1.6 * IN + k * 16)
            cr.show_text(WORDS[:55])
        cr.move_to(tx + W / 2, bh + H - 0.5 * IN)
        cr.show_text(str(n))
        cr.set_line_width(1)
        cr.move_to(tx + IN, bh + 6 * IN)
        cr.line_to(tx + 4 * IN, bh + 6 * IN)
        cr.stroke()
        if fault == "bleed" and n == 9:
            # art across the outside trim that stops 0.07 in short of the edge
            cr.set_source_rgb(0.3, 0.3, 0.3)
            cr.rectangle(tx + W - 0.5 * IN, bh + 5 * IN, 0.5 * IN + bw - 0.07 * IN, IN)
            cr.fill()
        if fault == "crop-marks":
            # printer's marks at the four trim corners, in the bleed
            cr.set_source_rgb(0, 0, 0)
            cr.set_line_width(0.25)
            for (x, y) in ((tx, bh), (tx + W, bh), (tx, bh + H), (tx + W, bh + H)):
                for (dx, dy) in ((1, 0), (0, 1)):
                    sx = -1 if x > tx else 1
                    sy = -1 if y > bh else 1
                    if dx and 0 < x - sx * 0.02 * IN < pw:
                        pass
                    cr.move_to(x - sx * (0.02 * IN + (0.1 * IN if dx else 0)) if dx else x,
                               y - sy * (0.02 * IN + (0.1 * IN if dy else 0)) if dy else y)
                    cr.line_to(x - sx * 0.02 * IN if dx else x, y - sy * 0.02 * IN if dy else y)
            cr.stroke()
        cr.show_page()
    surf.finish()


# ---- matplotlib: a book of plots, negative ticks (outlined minus signs) ----
def matplotlib_book(name, fault=None):
    import matplotlib
    matplotlib.use("pdf")
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    matplotlib.rcParams["pdf.fonttype"] = 42
    matplotlib.rcParams["font.family"] = "DejaVu Sans"
    matplotlib.rcParams["svg.hashsalt"] = "mazebook"
    with PdfPages(path(name), metadata={"CreationDate": None, "Producer": None,
                                         "Creator": None}) as pdf:
        for n in range(1, PAGES + 1):
            fig = plt.figure(figsize=(6, 9))
            fig.patch.set_facecolor("white")
            odd = n % 2 == 1
            left = 0.75 / 6 if odd else 0.5 / 6
            ax = fig.add_axes([left + 0.05, 0.2, 0.8 - 0.05, 0.6])
            xs = [x / 10.0 for x in range(-30, 31)]
            lw = 0.3 if (fault == "line-weight" and n == 10) else 1.5
            ax.plot(xs, [math.sin(x + n) for x in xs], color="black", linewidth=lw)
            ax.set_xlim(-3, 3)
            ax.set_ylim(-1.2, 1.2)
            ax.tick_params(labelsize=9, width=0.8)
            for s in ax.spines.values():
                s.set_linewidth(0.8)
            ax.set_title("Figure %d" % n, fontsize=11)
            fig.text(0.5, 0.5 / 9, str(n), ha="center", fontsize=9)
            pdf.savefig(fig, facecolor="white")
            plt.close(fig)


def main():
    os.makedirs(OUT, exist_ok=True)
    reportlab_book("reportlab-good.pdf")
    reportlab_book("reportlab-odd25.pdf", pages=25)
    for f in ("margins", "font-size", "placeholder", "invisible", "white", "gutter"):
        reportlab_book("reportlab-%s.pdf" % f, f)
    cairo_book("cairo-good.pdf")
    for f in ("colour", "bleed", "crop-marks"):
        cairo_book("cairo-%s.pdf" % f, f)
    matplotlib_book("matplotlib-good.pdf")
    matplotlib_book("matplotlib-line-weight.pdf", "line-weight")


main()
