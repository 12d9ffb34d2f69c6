#!/usr/bin/env python3
# SPDX-License-Identifier: AGPL-3.0-or-later
# Writes the manifests of issue 29 for `mazebook catalogue import|check`,
# each a DIR/manifest.json, made here by Python's own json module (not by
# mazebook), standard library only:
#   hostile_manifest.py OUTDIR
# big-2m/, big-12m/   2.4 MB and 12 MB manifests of well-formed mazes (the
#                     reader once copied the rest of the file for every string)
# many-mazes/         10001 mazes: more than a book holds
# escape-id/          a book_id holding a terminal escape and a newline
# colour-title/       a title with colour codes
# huge-id/            a 10-million-character book_id
# bad-utf8/           a title that is not UTF-8
# long-title/         a title of 5000 characters
# deep/               lists nested 100000 deep
# clean/              a valid two-maze manifest (the control)
import hashlib
import json
import os
import sys


def key(i, salt):
    return hashlib.sha256(("%s-%d" % (salt, i)).encode()).hexdigest()


def maze(i, salt):
    return {"number": i, "page": i + 2, "generator": "backtracker",
            "seed": 1000003 * i + 7, "start": None, "size": [16, 20], "route": 57,
            "route_ratio": 1.6286, "forks": 13, "dead_end_share": 0.1125, "turns": 34,
            "longest_dead_end": 61, "attempts": 1, "key": key(i, salt)}


def manifest(book_id, title, count, salt):
    return {"tool": "mazebook 0.1.0", "title": title, "book_id": book_id,
            "level": "medium", "seed": 42, "mazes": [maze(i, salt) for i in range(1, count + 1)]}


def write(outdir, name, data):
    d = os.path.join(outdir, name)
    os.makedirs(d, exist_ok=True)
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(os.path.join(d, "manifest.json"), mode) as f:
        f.write(data)


def main():
    out = sys.argv[1]
    # about 400 bytes a maze, as a built book's manifest.json
    write(out, "big-2m", json.dumps(manifest("big-2m", "Big", 6400, "b2"), indent=1))
    # a book's most mazes, each with a long note (a field mazebook does not read)
    big = manifest("big-12m", "Bigger", 10000, "b12")
    for m in big["mazes"]:
        m["note"] = "n" * 830
    write(out, "big-12m", json.dumps(big, indent=1))
    write(out, "many-mazes", json.dumps(manifest("many", "Many", 10001, "m")))
    write(out, "escape-id", json.dumps(manifest("evil\x1b[2J\nforged line", "T", 2, "e")))
    write(out, "colour-title",
          json.dumps(manifest("colour", "\x1b[31mRed\x1b[0m title", 2, "c")))
    write(out, "huge-id", json.dumps(manifest("x" * 10000000, "T", 2, "h")))
    text = json.dumps(manifest("bad-utf8", "TITLE", 2, "u")).encode()
    write(out, "bad-utf8", text.replace(b"TITLE", b"caf\xe9 \xff\xfe"))
    write(out, "long-title", json.dumps(manifest("long-title", "t" * 5000, 2, "l")))
    write(out, "deep", "[" * 100000 + "]" * 100000)
    write(out, "clean", json.dumps(manifest("clean-book", "A Clean Book", 2, "ok"), indent=1))


main()
