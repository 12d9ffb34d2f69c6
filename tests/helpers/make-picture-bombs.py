#!/usr/bin/python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""Hostile pictures for tests/cli/cli_harden_pictures.sh (issue 29), made by
other programs than mazebook: PIL (Debian's python3-pil) encodes the JPEGs,
zlib the PNGs (written chunk by chunk here, so no PNG library of ours is
involved). Run with /usr/bin/python3 (Debian's, which has PIL):

    tests/helpers/make-picture-bombs.py FOLDER

writes into FOLDER:
  bomb-progressive.jpg  a 16 x 16 progressive JPEG whose frame header claims
                        19,999 x 19,999 px (a decoder that trusts it keeps a
                        coefficient for every pixel: gigabytes)
  bomb-baseline.jpg     the same, baseline (decoded row by row: minutes)
  bomb-1bit.png         a 1-bit 19,999 x 19,999 PNG of zero rows, about 50 KB
  truncated.jpg         a valid 2,400 x 2,400 JPEG (enough for the front at
                        300 dpi) cut just after its scan header
  truncated.png         a valid 64 x 64 PNG cut in the middle of its pixels
  bad-crc.png           a valid 64 x 64 PNG whose pixel chunk's CRC is wrong
  bomb-embedded.svg     an SVG shape holding bomb-1bit.png as a data: URL
  entity-image.svg      an SVG shape whose entity expands to an <image>
  link.svg              an SVG shape using an element of another file
  ok.jpg, ok.png        valid small pictures (seeds for the fuzzers), and
  seed-*.png, seed-*.jpg more kinds: palette with transparency, grey with
                        alpha, 16-bit grey, progressive and grey JPEG
"""
import base64
import io
import os
import struct
import sys
import zlib

from PIL import Image, ImageDraw

SIDE = 19999


def chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data +
            struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))


def png(width, height, bit_depth, colour_type, rows):
    """A PNG of the given rows (each with its filter byte), as bytes."""
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) +
            chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def bomb_png():
    row = b"\0" * (1 + (SIDE + 7) // 8)	# filter none, 19,999 black pixels
    comp = zlib.compressobj(9)
    data = b"".join(comp.compress(row) for _ in range(SIDE)) + comp.flush()
    ihdr = struct.pack(">IIBBBBB", SIDE, SIDE, 1, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", data) +
            chunk(b"IEND", b""))


def small_picture(size):
    """A picture with some detail, so the encoders have something to code."""
    img = Image.new("RGB", (size, size), (255, 255, 255))
    for y in range(size):
        for x in range(size):
            if (x // 8 + y // 8) % 2:
                img.putpixel((x, y), (20 + x * 3 % 200, 90, 200 - y * 2 % 150))
    return img


def large_picture(size):
    """A gradient with a grid on it, made fast (no pixel loop)."""
    img = Image.linear_gradient("L").resize((size, size)).convert("RGB")
    draw = ImageDraw.Draw(img)
    for i in range(0, size, 100):
        draw.line([(i, 0), (i, size)], fill=(200, 40, 40), width=9)
        draw.line([(0, i), (size, i)], fill=(40, 40, 200), width=9)
    return img


def jpeg(img, progressive):
    out = io.BytesIO()
    img.save(out, "JPEG", quality=80, progressive=progressive)
    return out.getvalue()


def claim_size(data, width, height):
    """The JPEG with its frame header (SOF0 or SOF2) saying width x height."""
    data = bytearray(data)
    i = 2
    while i + 4 <= len(data):
        marker, length = data[i + 1], struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker in (0xc0, 0xc2):
            data[i + 5:i + 9] = struct.pack(">HH", height, width)
            return bytes(data)
        i += 2 + length
    sys.exit("make-picture-bombs: no frame header in PIL's JPEG")


def scan_start(data):
    """Where the scan data of a JPEG starts (just after its SOS segment)."""
    i = 2
    while i + 4 <= len(data):
        marker, length = data[i + 1], struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker == 0xda:
            return i + 2 + length
        i += 2 + length
    sys.exit("make-picture-bombs: no scan in PIL's JPEG")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make-picture-bombs.py FOLDER")
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    small = small_picture(16)
    mid = small_picture(64)
    files = {
        "bomb-progressive.jpg": claim_size(jpeg(small, True), SIDE, SIDE),
        "bomb-baseline.jpg": claim_size(jpeg(small, False), SIDE, SIDE),
        "bomb-1bit.png": bomb_png(),
        "ok.jpg": jpeg(mid, False),
    }
    big = jpeg(large_picture(2400), False)
    files["truncated.jpg"] = big[:scan_start(big)]
    raw = b"".join(b"\0" + bytes(mid.crop((0, y, 64, y + 1)).tobytes()) for y in range(64))
    ok_png = png(64, 64, 8, 2, raw)
    files["ok.png"] = ok_png
    files["truncated.png"] = ok_png[:len(ok_png) // 2]
    crc_at = ok_png.index(b"IEND") - 8	# the first byte of the CRC of IDAT
    files["bad-crc.png"] = ok_png[:crc_at] + bytes([ok_png[crc_at] ^ 0xff]) + ok_png[crc_at + 1:]
    for mode, name in (("P", "seed-palette.png"), ("LA", "seed-gray-alpha.png"),
                       ("I;16", "seed-16bit.png")):
        out = io.BytesIO()
        img = mid.convert("P") if mode == "P" else mid.convert("L").convert(mode)
        if mode == "P":	# the top left corner's colour is transparent
            img.save(out, "PNG", transparency=img.getpixel((0, 0)))
        else:
            img.save(out, "PNG")
        files[name] = out.getvalue()
    files["seed-progressive.jpg"] = jpeg(small, True)
    files["seed-gray.jpg"] = jpeg(small.convert("L"), False)
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" '
           'xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64">%s'
           '<rect width="40" height="40"/></svg>\n')
    files["bomb-embedded.svg"] = (svg % (
        '<image width="64" height="64" xlink:href="data:image/png;base64,%s"/>' %
        base64.b64encode(files["bomb-1bit.png"]).decode())).encode()
    files["entity-image.svg"] = (
        '<?xml version="1.0"?>\n<!DOCTYPE svg [ <!ENTITY e '
        '"<image href=\'x.png\' width=\'9\' height=\'9\'/>"> ]>\n' +
        svg % "&e;").encode()
    files["link.svg"] = (svg % '<use xlink:href="ok.svg#r"/>').encode()
    for name, data in files.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)


main()
