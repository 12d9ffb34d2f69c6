#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Rebuild the preflight corpus: books from outside producers, each a good
# 6 x 9 in book and the same book with one fault, and covers; the verdicts
# mazebook check must give are in tests/data/corpus/verdicts.txt and
# tests/cli/cli_check.sh judges every one. The PDFs are checked in (CI has none
# of these producers).
#   tests/data/corpus/make-corpus.sh          (from the top of the tree)
# Needs (Debian): python3-reportlab python3-cairo python3-matplotlib
# texlive-latex-recommended texlive-pictures pandoc weasyprint groff
# librsvg2-bin ghostscript qpdf.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/mazebook-corpus.XXXXXX")
trap 'rm -rf "$work"' EXIT
export SOURCE_DATE_EPOCH=1767225600 FORCE_SOURCE_DATE=1
out=$here
PY=/usr/bin/python3

# --- reportlab, pycairo, matplotlib ---
"$PY" "$here/make_py.py" "$out"

# --- pdflatex: a book (TikZ figures), then with hyperref, crop marks, a thin TikZ
#     line, a layer switched off ---
latex_book() { # name, preamble extra, body extra (on page 6)
  cat > "$work/$1.tex" <<TEX
\\documentclass[10pt]{book}
\\usepackage[paperwidth=6in,paperheight=9in,inner=0.8in,outer=0.55in,top=0.7in,bottom=0.8in]{geometry}

\\usepackage{tikz}
\\pdfinfoomitdate=1 \\pdftrailerid{} \\pdfsuppressptexinfo=-1
$2
\\pagestyle{plain}
\\begin{document}
\\count1=0
\\loop\\advance\\count1 by 1
\\section*{Part \\the\\count1}
Each maze has one way through. Start at the arrow and find the exit
without crossing a wall; the solutions are at the back of the book.

\\begin{center}\\begin{tikzpicture}
\\draw[line width=1pt] (0,0) rectangle (3,2);
\\draw[line width=1pt] (0,1) -- (2,1) (1,2) -- (1,1.5);
\\fill[gray!40] (2.2,0.2) rectangle (2.8,0.8);
\\end{tikzpicture}\\end{center}
\\ifnum\\count1=6 $3\\fi
\\newpage
\\ifnum\\count1<24 \\repeat
\\end{document}
TEX
  (cd "$work" && pdflatex -interaction=batchmode "$1.tex" >/dev/null) ||
    { echo "make-corpus: pdflatex $1 failed" >&2; tail -20 "$work/$1.log" >&2; exit 1; }
  cp "$work/$1.pdf" "$out/$1.pdf"
}
latex_book latex-good "" ""
latex_book latex-hyperref "\\usepackage{hyperref}" "See \\href{https://example.com}{the web site}."
latex_book latex-crop-marks "\\usepackage[cam,width=6.5in,height=9.5in,center]{crop}" ""
latex_book latex-line-weight "" "\\tikz\\draw[line width=0.2pt] (0,0) -- (4,0);"
# optional content switched off: an OCG in the catalogue's /OFF list, used on page 6
latex_book latex-layer-off "\\immediate\\pdfobj{<< /Type /OCG /Name (Answers) >>}\\edef\\ocg{\\the\\pdflastobj}
\\pdfcatalog{/OCProperties << /OCGs [\\ocg\\space 0 R] /D << /OFF [\\ocg\\space 0 R] >> >>}
\\edef\\x{\\noexpand\\pdfpageresources{/Properties << /oc1 \\ocg\\space 0 R >>}}\\x" \
  "\\pdfliteral{/OC /oc1 BDC}Hidden answers.\\pdfliteral{EMC}"

# --- pandoc (markdown -> HTML -> WeasyPrint): a template left with its placeholder ---
css="$work/book.css"
cat > "$css" <<CSS
@page { size: 6in 9in; margin: 0.8in 0.6in 0.8in 0.8in; }
@page :left { margin: 0.8in 0.8in 0.8in 0.6in; }
body { font-family: "DejaVu Serif"; font-size: 10pt; }
h1 { page-break-before: always; font-size: 14pt; bookmark-level: none; }
h1:first-of-type { page-break-before: auto; }
CSS
pandoc_book() { # name, text on the first page
  : > "$work/$1.md"
  for n in $(seq 1 24); do
    printf '# Chapter %d\n\n%s\n\nEach maze has one way through.\n\n' "$n" \
      "$([ "$n" = 1 ] && echo "$2" || echo "Find the way from start to finish.")" >> "$work/$1.md"
  done
  pandoc "$work/$1.md" -s --metadata pagetitle=book -c "$css" --self-contained -o "$work/$1.html" 2>/dev/null
  weasyprint "$work/$1.html" "$out/$1.pdf" 2>/dev/null
}
pandoc_book pandoc-good "Find the way from start to finish."
pandoc_book pandoc-placeholder "[Insert chapter introduction here]"

# --- WeasyPrint: a tiled background image (a tiling pattern) ---
"$PY" - "$work/tile.png" <<'PYEOF'
import struct, sys, zlib
w = h = 50
rows = b"".join(b"\0" + bytes(v for x in range(w) for v in [200 if (x // 5 + y // 5) % 2 else 235] * 3)
                for y in range(h))
def chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                              + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
PYEOF
weasy_book() { # name, extra css
  : > "$work/$1.html"
  {
    printf '<html><head><style>@page { size: 6in 9in; margin: 0.8in 0.6in 0.8in 0.8in; }\n'
    printf '@page :left { margin: 0.8in 0.8in 0.8in 0.6in; }\n'
    printf 'body { font-family: "DejaVu Serif"; font-size: 10pt; } h2 { bookmark-level: none; }
h2:first-of-type { page-break-before: auto !important; } %s</style></head><body>\n' "$2"
    for n in $(seq 1 24); do
      printf '<h2 style="page-break-before: always">Section %d</h2><p>Each maze has one way through.</p>\n' "$n"
      [ "$n" = 3 ] && printf '<div class="tiled" style="width: 3in; height: 2in"></div>\n'
    done
    printf '</body></html>\n'
  } > "$work/$1.html"
  (cd "$work" && weasyprint "$1.html" "$out/$1.pdf" 2>/dev/null)
}
weasy_book weasyprint-good ""
# a 50 px tile shown 0.5 in wide: 100 dpi
weasy_book weasyprint-image-dpi ".tiled { background: url(tile.png); background-size: 0.5in 0.5in; }"

# --- groff (ms, fonts embedded) ---
groff_book() { # name, extra on page 2
  {
    printf '.pl 9i\n.ll 4.6i\n.po 0.8i\n.nr PO 0.8i\n.nr LL 4.6i\n.nr HM 0.8i\n.nr FM 0.9i\n'
    for n in $(seq 1 24); do
      printf '.SH\nChapter %d\n.PP\nEach maze has one way through. Find the way from start to finish.\n' "$n"
      [ "$n" = 2 ] && printf '%s\n' "$2"
      printf '.bp\n'
    done
  } > "$work/$1.ms"
  groff -ms -Tpdf -P-e -P-p9i,6i -dpaper=6i,9i "$work/$1.ms" > "$work/$1.pdf" 2>/dev/null
  # groff's last .bp adds an empty page: keep the 24 with text
  qpdf --empty --pages "$work/$1.pdf" 1-24 -- "$out/$1.pdf"
}
groff_book groff-good ""
groff_book groff-font-size ".ps 5
.vs 6
Small print that no one can read.
.ps 10
.vs 12"

# --- rsvg-convert: covers for the 24-page book (6 x 9, white paper) ---
# width = 0.125 + 6 + 24 x 0.002252 + 6 + 0.125 = 12.304048 in, height 9.25 in
cover_svg() { # name, subtitle, extra svg
  cat > "$work/$1.svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="12.304048in" height="9.25in" viewBox="0 0 885.89146 666">
<rect width="885.89146" height="666" fill="#1e5aa8"/>
<text x="660" y="200" font-family="DejaVu Sans" font-size="28" fill="white" text-anchor="middle">Maze Book</text>
<text x="660" y="240" font-family="DejaVu Sans" font-size="14" fill="white" text-anchor="middle">$2</text>
<text x="60" y="150" font-family="DejaVu Sans" font-size="11" fill="white">Fifty mazes to solve.</text>
$3
</svg>
SVG
  rsvg-convert -f pdf -o "$out/$1.pdf" "$work/$1.svg"
}
cover_svg rsvg-cover-good "50 Mazes for Everyone" ""
cover_svg rsvg-cover-count "100 Mazes for Everyone" ""
cover_svg rsvg-cover-safe-zone "50 Mazes for Everyone" \
  '<text x="846" y="400" font-family="DejaVu Sans" font-size="12" fill="white">Edge</text>'
# the odd book: 25 pages print as 26, and its cover is made for 26 (12.308552 in)
sed -e 's/12.304048in/12.308552in/' -e 's/885.89146/886.21574/g' "$work/rsvg-cover-good.svg" > "$work/c26.svg"
rsvg-convert -f pdf -o "$out/rsvg-cover-26.pdf" "$work/c26.svg"

# --- ghostscript and qpdf: the page as it prints ---
# a 6 x 9 book stored as 9 x 6 pages that /Rotate 90 turns upright: it prints right
cat > "$work/wide.ps" <<'PS'
<< /PageSize [648 432] >> setpagedevice
1 1 24 { /n exch def
  gsave 648 0 translate 90 rotate
  /Times-Roman findfont 11 scalefont setfont
  72 540 moveto (A maze a page, and the way through at the back.) show
  1 setlinewidth 72 300 moveto 360 300 lineto stroke
  216 40 moveto n 3 string cvs show
  grestore showpage } for
PS
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pdfwrite -dAutoRotatePages=/None \
  -dPDFSETTINGS=/prepress -dEmbedAllFonts=true -dSubsetFonts=true \
  -o "$work/gs-wide.pdf" "$work/wide.ps"
qpdf --deterministic-id --rotate=+90 "$work/gs-wide.pdf" "$out/gs-rotated-good.pdf"
# one page of the reportlab book turned: it prints 9 x 6 among 6 x 9 pages
qpdf --deterministic-id --rotate=+90:5 "$out/reportlab-good.pdf" "$out/qpdf-rotated-page.pdf"
echo "make-corpus: $(ls "$out"/*.pdf | wc -l) PDFs in $out"
