#!/usr/bin/python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""The layers of DESIGN.md, enforced with an allow-list.

  layers.py SRCDIR CC [CPPFLAG...]

1. Third-party headers: every core file (src/base maze gen book page kdp
   sign), io file and cmd file is run through the compiler's dependency
   output (-M, with the core's include path given as CPPFLAGs). Each
   dependency must be under SRCDIR's include/, specs/ or src/, or belong to
   the C library: a file Debian's C library or compiler packages own
   (libc6-dev, linux-libc-dev, libgcc-*-dev, libclang-common-*-dev), asked
   of dpkg. Anything else (sqlite3.h, png.h, check.h ...) fails, naming the
   file and the header. A list, not a deny-list: a library nobody thought
   of is caught too.
2. Layer ranks: base 0, maze 1, kdp 1, gen 2, book 3, page 4, sign 4, io 5,
   backend 6 (and src/pdf), cmd 7. kdp sits low, beside maze: KDP's rules
   (trims, page limits, spine, cost) and the preflight's judgement need only
   base, and the book's plan needs them; the measurements the preflight
   judges (probe.h) are kdp's types, which the MuPDF backend fills in. A
   file (source or header) may include headers of its own rank or lower. mazeproof is a program apart: it may
   include only its own folder and src/pdf. A header's layer is its folder
   (include/mazebook/<layer>/x.h, src/<layer>/...), and a header outside
   a layer's folder is itself a fault.

Prints one line per fault ("src/maze/x.c: ..."), exits 1 on any."""
import os
import re
import subprocess
import sys

RANK = {"base": 0, "maze": 1, "kdp": 1, "gen": 2, "book": 3, "page": 4,
        "sign": 4, "io": 5, "pdf": 6, "backend": 6, "cmd": 7}
CORE = ["base", "maze", "gen", "book", "page", "kdp", "sign"]
# checked for third-party headers: the core, io (POSIX only) and the
# commands (which see only mazebook's headers)
NO_THIRD_PARTY = CORE + ["io", "cmd"]
C_LIBRARY_PACKAGES = re.compile(
    r"^(libc6-dev|linux-libc-dev|libgcc-[0-9]+-dev|libclang-common-[0-9]+-dev)(:[a-z0-9]+)?$")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def layer_of(path, srcdir):
    """The layer a file under SRCDIR belongs to, or None (not layered)."""
    rel = os.path.relpath(path, srcdir).split(os.sep)
    if rel[0] == "src" and len(rel) > 2:
        return rel[1] if rel[1] in RANK or rel[1] == "mazeproof" else None
    if rel[0] == "src" and len(rel) == 2:  # src/mazebook.c: the main program
        return "cmd"
    if rel[:2] == ["include", "mazebook"] and len(rel) > 3:
        return rel[2] if rel[2] in RANK else None
    return None


def sources(srcdir, layers):
    out = []
    for layer in layers:
        for root, _, files in os.walk(os.path.join(srcdir, "src", layer)):
            out += [os.path.join(root, f) for f in sorted(files) if f.endswith(".c")]
    return sorted(out)


def dependencies(srcdir, cc, flags, files):
    """{file: [dependency paths]} from one -M run per file (so one file's
    error cannot hide another's)."""
    deps = {}
    faults = []
    for f in files:
        r = subprocess.run([cc, "-std=c11", "-M", "-MG"] + flags + [f],
                           capture_output=True, text=True)
        if r.returncode != 0:
            first = (r.stderr.strip().splitlines() or ["(no message)"])
            errs = [l for l in first if "error" in l] or first
            faults.append(f"{os.path.relpath(f, srcdir)}: does not compile with the core's include path: {errs[0]}")
            continue
        text = r.stdout.replace("\\\n", " ")
        paths = text.split(":", 1)[1].split()
        deps[f] = [os.path.normpath(p) for p in paths[1:]]
    return deps, faults


def owners(paths):
    """{path: package} for files dpkg knows, asked in one call."""
    if not paths:
        return {}
    r = subprocess.run(["dpkg", "-S"] + sorted(paths), capture_output=True, text=True)
    own = {}
    for line in r.stdout.splitlines():
        pkgs, _, path = line.partition(": ")
        for pkg in pkgs.split(", "):
            own.setdefault(path.strip(), []).append(pkg)
    return own


def third_party(srcdir, cc, flags, faults):
    files = sources(srcdir, NO_THIRD_PARTY) + [os.path.join(srcdir, "src", "mazebook.c")]
    deps, bad = dependencies(srcdir, cc, flags, [f for f in files if os.path.exists(f)])
    faults += bad
    ours = [os.path.join(srcdir, d) for d in ("include", "specs", "src")]
    outside = {}
    for f, ds in deps.items():
        for d in ds:
            a = os.path.abspath(d)
            if not any(a.startswith(o + os.sep) for o in ours) and os.path.basename(a) != "config.h":
                outside.setdefault(os.path.realpath(a), []).append((f, a))
    own = owners(list(outside))
    for real, users in sorted(outside.items()):
        pkgs = own.get(real, [])
        if not any(C_LIBRARY_PACKAGES.match(p) for p in pkgs):
            whose = ", ".join(pkgs) if pkgs else "no Debian package"
            for f, a in users:
                faults.append(f"{os.path.relpath(f, srcdir)}: depends on {a} ({whose}), "
                              "which is not mazebook's nor the C library's: "
                              "third-party code belongs in a backend folder")


def resolve(inc, quoted, including, srcdir):
    """The file an #include names, or None for a system header."""
    cands = [os.path.join(os.path.dirname(including), inc)] if quoted else []
    cands += [os.path.join(srcdir, "include", inc), os.path.join(srcdir, "specs", inc)]
    for c in cands:
        if os.path.exists(c):
            return os.path.normpath(c)
    return None


def ranks(srcdir, faults):
    files = []
    for top in ("src", "include"):
        for root, _, names in os.walk(os.path.join(srcdir, top)):
            files += [os.path.join(root, n) for n in names if n.endswith((".c", ".h"))]
    for f in sorted(files):
        mine = layer_of(f, srcdir)
        if mine is None:
            continue
        text = open(f, encoding="utf-8", errors="replace").read()
        for m in INCLUDE.finditer(text):
            target = resolve(m.group(2), m.group(1) == '"', f, srcdir)
            if target is None:
                continue
            theirs = layer_of(target, srcdir)
            line = text.count("\n", 0, m.start()) + 1
            where = f"{os.path.relpath(f, srcdir)}:{line}"
            if mine == "mazeproof":
                if theirs not in ("mazeproof", "pdf"):
                    faults.append(f"{where}: mazeproof includes {m.group(2)} ({theirs or 'outside the layers'}); "
                                  "it may use only src/mazeproof and src/pdf")
            elif theirs == "mazeproof":
                faults.append(f"{where}: includes mazeproof's {m.group(2)}; mazeproof shares no code")
            elif theirs is not None and RANK[theirs] > RANK[mine]:
                faults.append(f"{where}: {mine} (rank {RANK[mine]}) includes {m.group(2)} "
                              f"of {theirs} (rank {RANK[theirs]}): a layer may include only "
                              "its own rank or lower")


def placed(srcdir, faults):
    """Every public header sits in a layer's folder: its folder is its layer."""
    top = os.path.join(srcdir, "include", "mazebook")
    for root, _, names in os.walk(top):
        rel = os.path.relpath(root, top)
        for n in sorted(names):
            if n.endswith(".h") and (rel == "." or rel.split(os.sep)[0] not in RANK):
                faults.append(f"include/mazebook/{os.path.join(rel, n) if rel != '.' else n}: "
                              "not in a layer's folder: move it to include/mazebook/<layer>/ "
                              f"(one of {', '.join(sorted(RANK))})")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    srcdir, cc, flags = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3:]
    faults = []
    placed(srcdir, faults)
    third_party(srcdir, cc, flags, faults)
    ranks(srcdir, faults)
    for f in faults:
        print(f)
    sys.exit(1 if faults else 0)


if __name__ == "__main__":
    main()
