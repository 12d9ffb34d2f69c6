#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Rebuild the pictures examples/picture-cover.yaml puts on its cover, with
# programs other than mazebook: the art is an SVG drawn here, rendered by
# librsvg and turned into JPEG by ImageMagick. The files are checked in;
# run this to remake them.   apt-get install librsvg2-bin imagemagick
set -eu
cd "$(dirname "$0")"
cat > castle.svg <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 400 500">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#4fc3f7"/><stop offset="1" stop-color="#e1f5fe"/>
    </linearGradient>
  </defs>
  <rect width="400" height="500" fill="url(#sky)"/>
  <circle cx="330" cy="80" r="42" fill="#ffca28"/>
  <g fill="#ffffff" opacity="0.9">
    <ellipse cx="90" cy="90" rx="48" ry="20"/><ellipse cx="125" cy="78" rx="34" ry="22"/>
    <ellipse cx="240" cy="150" rx="40" ry="16"/>
  </g>
  <path d="M0 360 Q110 300 210 350 T400 330 V500 H0Z" fill="#7cb342"/>
  <!-- the castle: two towers and a keep with a gate -->
  <g fill="#b0bec5" stroke="#455a64" stroke-width="3">
    <rect x="120" y="230" width="160" height="140"/>
    <rect x="95" y="190" width="50" height="180"/>
    <rect x="255" y="190" width="50" height="180"/>
  </g>
  <g fill="#e53935" stroke="#455a64" stroke-width="3">
    <path d="M90 190 L120 135 L150 190Z"/><path d="M250 190 L280 135 L310 190Z"/>
  </g>
  <path d="M175 370 V320 A25 25 0 0 1 225 320 V370Z" fill="#5d4037"/>
  <g fill="#37474f"><rect x="112" y="230" width="16" height="24"/><rect x="272" y="230" width="16" height="24"/></g>
  <path d="M120 135 V110 L140 118 L120 126" fill="#ffca28"/>
  <!-- a winding path up to the gate, as a maze would go -->
  <path d="M200 500 C120 470 300 440 210 410 S180 380 200 370" fill="none" stroke="#d7ccc8" stroke-width="16" stroke-linecap="round"/>
  <path d="M0 430 Q120 390 240 425 T400 415 V500 H0Z" fill="#558b2f" opacity="0.8"/>
</svg>
SVG
cat > logo.svg <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
  <rect x="4" y="4" width="192" height="92" rx="16" fill="#ffffff" stroke="#4e342e" stroke-width="6"/>
  <path d="M22 76 V30 L40 20 L58 30 V76Z" fill="#e53935"/>
  <text x="70" y="64" font-family="DejaVu Sans" font-weight="bold" font-size="30" fill="#4e342e">Tower</text>
</svg>
SVG
# front art: 2000 x 2500 px fills the front card of an 8.5 x 11 cover at 300 dpi
rsvg-convert -w 2000 -h 2500 castle.svg -o castle.png
convert castle.png -quality 85 castle.jpg
# the imprint's logo: 600 x 300 px, 2 x 1 in at 300 dpi
rsvg-convert -w 600 -h 300 logo.svg -o logo.png
rm -f castle.svg logo.svg castle.png
