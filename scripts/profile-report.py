#!/usr/bin/env python3
"""Summarises a callgrind output file: instructions by library and the top functions.

    scripts/profile-report.py callgrind.out.N [--top 30] [--json]

Self cost (instructions executed in a function's own code) is summed by the object it is
in; Folio's static binary is split further by Swift module (from the mangled names), the
Swift runtime and the standard library, Foundation, and the C libraries linked into it.
"""
import argparse
import collections
import json
import re
import subprocess
import sys

# Object files by the library they belong to (shared objects by their soname).
LIBRARIES = [
    ("cairo", r"libcairo"), ("pixman", r"libpixman"), ("pango", r"libpango"),
    ("harfbuzz", r"libharfbuzz"), ("fontconfig", r"libfontconfig"), ("freetype", r"libfreetype"),
    ("fribidi", r"libfribidi"), ("glib", r"lib(glib|gobject|gio)"), ("zlib", r"libz\."),
    ("png", r"libpng"), ("expat", r"libexpat"), ("hyphen", r"libhyphen"),
    ("cmark", r"libcmark"), ("pcre2", r"libpcre2"), ("libc", r"libc\.|libm\.|ld-linux"),
    ("stdc++", r"libstdc\+\+|libgcc"),
]

MODULES = ["FolioText", "FolioLayout", "FolioRender", "FolioMarkup", "FolioPages", "FolioDocument", "folio"]


def parse(path):
    """Self cost by (object, function), from callgrind's compressed-name format."""
    names = {"ob": {}, "fl": {}, "fn": {}}
    cost = collections.Counter()
    ob = fn = None
    in_call = False
    events = None
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("events:"):
                events = line.split()[1:]
                continue
            m = re.match(r"^(ob|fn|fl|fi|fe|cob|cfn|cfi|cfl)=(?:\((\d+)\))?\s*(.*)$", line)
            if m:
                kind, number, name = m.group(1), m.group(2), m.group(3).strip()
                table = {"cob": "ob", "cfn": "fn", "cfi": "fl", "cfl": "fl", "fi": "fl", "fe": "fl"}.get(kind, kind)
                if number is not None:
                    if name:
                        names[table][number] = name
                    else:
                        name = names[table].get(number, "?")
                if kind == "ob":
                    ob = name
                elif kind == "fn":
                    fn = name
                continue
            if line.startswith("calls="):
                in_call = True  # the next cost line is the call's inclusive cost: skip it
                continue
            if line and (line[0].isdigit() or line[0] in "+-*"):
                if in_call:
                    in_call = False
                    continue
                parts = line.split()
                if len(parts) >= 2:
                    try:
                        cost[(ob, fn)] += int(parts[1])
                    except ValueError:
                        pass
    return cost, events


def library(ob, fn):
    """The library a function's code belongs to."""
    base = (ob or "").rsplit("/", 1)[-1]
    for name, pattern in LIBRARIES:
        if re.search(pattern, base):
            return name
    if base.startswith("folio"):
        # The static binary: Swift modules by mangled name, C libraries by prefix.
        symbol = fn or ""
        for module in MODULES:
            if re.search(r"^\$s\d*%s" % module, symbol) or f"{len(module)}{module}" in symbol[:40]:
                return "Folio Swift (%s)" % module
        if symbol.startswith("swift_") or symbol.startswith("$ss") or symbol.startswith("$sS"):
            return "Swift runtime + stdlib"
        if "Foundation" in symbol[:40] or symbol.startswith("$s10Foundation") or symbol.startswith("$s20FoundationEssentials"):
            return "Foundation"
        if symbol.startswith("$s"):
            return "Swift packages"
        return "static C (runtime, ICU, …)"
    return "other: " + base


def demangle(symbols):
    try:
        out = subprocess.run(["swift-demangle", "--simplified", "--compact"], input="\n".join(symbols),
                             capture_output=True, text=True, check=True).stdout.splitlines()
        if len(out) == len(symbols):
            return out
    except (OSError, subprocess.CalledProcessError):
        pass
    return symbols


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    cost, _ = parse(args.file)
    total = sum(cost.values())
    by_library = collections.Counter()
    for (ob, fn), c in cost.items():
        by_library[library(ob, fn)] += c
    by_function = collections.Counter()
    for (ob, fn), c in cost.items():
        # A library without symbols for its internal functions: name the library.
        if fn and fn.startswith("0x"):
            fn = (ob or "?").rsplit("/", 1)[-1] + " " + fn
        by_function[fn] += c
    top = by_function.most_common(args.top)
    readable = demangle([fn or "?" for fn, _ in top])
    if args.json:
        json.dump({"instructions": total, "libraries": dict(by_library.most_common()),
                   "functions": [{"name": n, "instructions": c} for n, (_, c) in zip(readable, top)]}, sys.stdout, indent=1)
        print()
        return
    print(f"instructions: {total / 1e9:.3f} G")
    print()
    print(f"{'library':<32} {'instructions':>14} {'share':>7}")
    for name, c in by_library.most_common():
        if c / total >= 0.001:
            print(f"{name:<32} {c / 1e6:>12.1f} M {c / total * 100:>6.1f} %")
    print()
    print(f"top {args.top} functions by their own instructions:")
    for name, (_, c) in zip(readable, top):
        print(f"{c / 1e6:>10.1f} M {c / total * 100:>5.1f} %  {name[:110]}")


if __name__ == "__main__":
    main()
