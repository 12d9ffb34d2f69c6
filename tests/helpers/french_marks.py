# SPDX-License-Identifier: AGPL-3.0-or-later
"""The spaces before : ; ? ! in a PDF, as MuPDF reads its text.

Reads `mutool draw -F stext` XML on stdin and prints one line per mark
that follows a space: "narrow" when the space is under 0.26 of the font
size (U+202F in DejaVu Sans is 0.2 em, its word space 0.318 em), else
"wide", with the words around it. Text extractors write U+202F as a plain
space, so its width is what tells them apart. Used by tests/cli/cli_french.sh.
"""
import sys
import xml.etree.ElementTree as ET

root = ET.parse(sys.stdin).getroot()
for line in root.iter('line'):
    chars = []
    for font in line.iter('font'):
        size = float(font.get('size'))
        for c in font.iter('char'):
            q = [float(v) for v in c.get('quad').split()]
            chars.append((c.get('c'), (q[2] - q[0]) / size))
    text = ''.join(c for c, _ in chars)
    for i, (c, _) in enumerate(chars):
        if c in ':;?!' and i and chars[i - 1][0].isspace():
            kind = 'narrow' if chars[i - 1][1] < 0.26 else 'wide'
            print('%s %s' % (kind, text[max(0, i - 20):i + 10]))
