#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Makes the shape files tests/cli/cli_shape.sh reads, with programs that share
# nothing with mazebook. The outputs are checked in (CI has no producers):
#   moon.svg   written here by hand: a crescent, an SVG path with arcs
#   moon.png   moon.svg drawn by rsvg-convert (alpha on transparent)
#   thin.svg   a dumbbell whose neck is far thinner than a square at 120
#   blob.png   ImageMagick: a disc and a square joined by a bar, on white
#   white.png  ImageMagick: all white (no silhouette)
set -e
cd "$(dirname "$0")"
cat > moon.svg <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
  <path d="M 120 10 A 90 90 0 1 0 190 140 A 70 70 0 1 1 120 10 Z" fill="#222"/>
</svg>
SVG
cat > thin.svg <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160" viewBox="0 0 400 160">
  <rect x="0" y="0" width="160" height="160" fill="black"/>
  <rect x="240" y="0" width="160" height="160" fill="black"/>
  <rect x="150" y="78" width="100" height="4" fill="black"/>
</svg>
SVG
rsvg-convert -w 300 moon.svg -o moon.png
convert -size 400x160 xc:white -fill black -draw "circle 80,80 80,5" \
  -draw "rectangle 140,60 260,100" -draw "rectangle 250,10 390,150" blob.png
convert -size 50x50 xc:white white.png
