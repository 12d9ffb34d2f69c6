#!/usr/bin/env python3
# SPDX-License-Identifier: AGPL-3.0-or-later
# Damages a copy of a catalogue as a failing disk or a stray write would
# (issue 29, item 6), standard library only:
#   damage_catalogue.py SRC DST bytes SEED   20 random bytes at random
#                                             offsets past the 100-byte header
#   damage_catalogue.py SRC DST key KEY C    the stored key KEY's 11th digit
#                                             made C, in every copy of it
#                                             (the table's and the index's)
#   damage_catalogue.py SRC DST firstkey|lastkey KEY C   the same in the first
#                                             or the last copy in the file only
# Prints the offsets it changed.
import random
import shutil
import sys

src, dst, mode = sys.argv[1], sys.argv[2], sys.argv[3]
shutil.copyfile(src, dst)
data = bytearray(open(dst, "rb").read())
if mode == "bytes":
    rng = random.Random(int(sys.argv[4]))
    offsets = sorted(rng.randrange(100, len(data)) for _ in range(20))
    for at in offsets:
        data[at] = rng.randrange(256)
else:
    key, digit = sys.argv[4].encode(), sys.argv[5].encode()
    copies, at = [], data.find(key)
    while at >= 0:
        copies.append(at + 10)
        at = data.find(key, at + 1)
    if not copies:
        sys.exit("no key %s in %s" % (sys.argv[4], src))
    offsets = {"key": copies, "firstkey": copies[:1], "lastkey": copies[-1:]}[mode]
    for at in offsets:
        data[at] = digit[0]
open(dst, "wb").write(data)
print(" ".join(str(o) for o in offsets))
