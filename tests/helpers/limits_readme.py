#!/usr/bin/python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""The README's limits table and include/mazebook/base/limits.h agree.

  limits_readme.py LIMITS_H README [SRCDIR]

1. Every #define in limits.h has a comment before it (its reason; one
   comment may stand over a run of defines), and a value this script can
   read (an integer expression of literals, shifts
   and casts).
2. A limit whose comment says "Limits table: ROW" is stated in the
   README's "## Limits" table, in the row whose first cell starts with ROW,
   in one of the ways a person writes the number: 10000 as 10,000 or
   10000; 24000000 as 24 million; 1 << 20 bytes as 1 MiB; 64 << 20
   pixels as 64 Mpixels; 1 << 20 as 2^20.
3. Every row names where its bounds live, and every file that cell names
   (`src/...`, `include/...`) exists under SRCDIR (default: the README's
   folder): a moved file leaves no stale row.

Prints one line per fault, exits 1 on any."""
import os
import re
import sys

DEFINE = re.compile(r"^#define\s+(\w+)\s+(.+?)\s*$")


def value_of(expr):
    """The integer a C constant expression of this header's kind gives."""
    e = re.sub(r"\((?:size_t|long|unsigned|int)\)", "", expr)
    e = re.sub(r"\b(\d+)\.0\b", r"\1", e)  # 20000000.0: a whole number written as a double
    e = re.sub(r"\b(0x[0-9a-fA-F]+|\d+)(?:[uU]?[lL]{0,2}|[lL]{1,2}[uU]?)\b", r"\1", e)
    if not re.fullmatch(r"[0-9xa-fA-F\s()+\-*/<>]+", e):
        return None
    try:
        return int(eval(e.replace("/", "//"), {"__builtins__": {}}))
    except (SyntaxError, ValueError, ZeroDivisionError):
        return None


def spellings(v):
    """How the README may write v."""
    out = {str(v), f"{v:,}"}
    if v >= 1000000 and v % 1000000 == 0:
        out.add(f"{v // 1000000:,} million")
    if v >= 1 << 20 and v % (1 << 20) == 0:
        out |= {f"{v >> 20} MiB", f"{v >> 20} Mpixels"}
    if v >= 1024 and v % 1024 == 0:
        out.add(f"{v >> 10} KiB")
    if v > 1 and v & (v - 1) == 0:
        out.add(f"2^{v.bit_length() - 1}")
    return out


def limits(path, faults):
    """[(name, value, row or None)] from limits.h."""
    lines = open(path, encoding="utf-8").read().splitlines()
    out = []
    for i, line in enumerate(lines):
        m = DEFINE.match(line)
        if not m or m.group(1).endswith("_H"):
            continue
        name, expr = m.groups()
        comment = []
        j = i - 1
        if j >= 0 and lines[j].rstrip().endswith("*/"):
            while j >= 0:
                comment.insert(0, lines[j])
                if lines[j].lstrip().startswith("/*"):
                    break
                j -= 1
        if not comment and out and out[-1][3] == i:
            # a define right under another shares the comment above the run
            v = value_of(expr)
            if v is None:
                faults.append(f"{path}:{i + 1}: {name}'s value '{expr}' is not a plain integer expression")
            else:
                out.append((name, v, out[-1][2], i + 1))
            continue
        text = " ".join(c.strip(" /*") for c in comment).strip()
        row = re.search(r"Limits table: (.+?)\s*(?:\*/)?$", text)
        reason = re.sub(r"Limits table: .*$", "", text).strip()
        if not reason and not row:
            faults.append(f"{path}:{i + 1}: {name} has no comment saying why it is the bound")
        v = value_of(expr)
        if v is None:
            faults.append(f"{path}:{i + 1}: {name}'s value '{expr}' is not a plain integer expression")
            continue
        out.append((name, v, row.group(1) if row else None, i + 1))
    return out


def table(path, faults):
    """{first cell: (bound cell, where cell, line)} from README's ## Limits table."""
    rows = {}
    inside = False
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        if line.startswith("## "):
            inside = line.strip() == "## Limits"
            continue
        if inside and line.startswith("|") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
            if len(cells) != 3:
                faults.append(f"{path}:{n}: a limits row needs 3 cells (what, bound, where), not {len(cells)}")
                continue
            if cells[0] != "What":
                rows[cells[0]] = (cells[1], cells[2], n)
    if not rows:
        faults.append(f"{path}: no '## Limits' table")
    return rows


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    limits_h, readme = sys.argv[1], sys.argv[2]
    top = sys.argv[3] if len(sys.argv) == 4 else os.path.dirname(os.path.abspath(readme))
    faults = []
    rows = table(readme, faults)
    for name, v, row, line in limits(limits_h, faults):
        if row is None:
            continue
        hits = [k for k in rows if k.startswith(row)]
        if not hits:
            faults.append(f"{limits_h}:{line}: {name} names the limits table's row '{row}', "
                          f"which {readme} does not have")
            continue
        bound, _, rline = rows[hits[0]]
        said = re.sub(r"`", "", bound)
        if not any(re.search(r"(?<![\d,.^])" + re.escape(s) + r"(?![\d,])", said) for s in spellings(v)):
            faults.append(f"{readme}:{rline}: the row '{row}' does not state {name} = {v:,} "
                          f"(limits.h:{line}): write it as one of {', '.join(sorted(spellings(v)))}")
    for what, (_, where, rline) in rows.items():
        for f in re.findall(r"`((?:src|include)/[^`\s]+)`", where):
            if not os.path.exists(os.path.join(top, f)):
                faults.append(f"{readme}:{rline}: the row '{what[:40]}' names {f}, which does not exist")
    for f in faults:
        print(f)
    sys.exit(1 if faults else 0)


if __name__ == "__main__":
    main()
