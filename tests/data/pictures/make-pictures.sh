#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Rebuild the cover pictures the tests use, with programs other than
# mazebook: the art is an SVG drawn here, rendered by librsvg (PNG) and
# turned into JPEG (RGB and CMYK) by ImageMagick. The files are checked in
# (the test machine need not have these programs); run this to remake them.
#   apt-get install librsvg2-bin imagemagick
set -eu
cd "$(dirname "$0")"
cat > art.svg <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 400 500">
  <rect width="400" height="500" fill="#fff3e0"/>
  <circle cx="300" cy="110" r="60" fill="#ffb300"/>
  <path d="M0 380 Q100 300 200 360 T400 340 V500 H0Z" fill="#43a047"/>
  <path d="M0 430 Q120 380 240 420 T400 410 V500 H0Z" fill="#2e7d32"/>
  <g fill="#6d4c41"><rect x="90" y="250" width="24" height="110"/></g>
  <circle cx="102" cy="230" r="55" fill="#66bb6a"/>
  <path d="M190 360 L260 260 L330 360Z" fill="#e53935"/>
  <rect x="205" y="360" width="110" height="70" fill="#fbe9e7"/>
  <rect x="245" y="385" width="30" height="45" fill="#8d6e63"/>
</svg>
SVG
# front art: 2000 x 2500 px fills a card of 6.67 x 8.33 in at 300 dpi (an 8.5 x 11 front)
rsvg-convert -w 2000 -h 2500 art.svg -o art.png
convert art.png -quality 85 art.jpg
convert art.png -colorspace CMYK -quality 85 art-cmyk.jpg
# too coarse for print: 400 x 500 px
rsvg-convert -w 400 -h 500 art.svg -o art-small.png
cat > logo.svg <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
  <rect x="4" y="4" width="192" height="92" rx="16" fill="#ffffff" stroke="#212121" stroke-width="6"/>
  <path d="M24 74 V26 H44 V58 H64 V26 H84 V74Z" fill="#1565c0"/>
  <text x="100" y="62" font-family="DejaVu Sans" font-weight="bold" font-size="30" fill="#212121">Press</text>
</svg>
SVG
# the logo: 600 x 300 px, 2 x 1 in at 300 dpi
rsvg-convert -w 600 -h 300 logo.svg -o logo.png
rm -f art.svg logo.svg
