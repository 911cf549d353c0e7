#!/usr/bin/env bash
# Doc-comment coverage of the public API.
#
#   scripts/doc-coverage.sh [-v] [DIR]     # DIR defaults to Sources/
#
# Counts every public or open declaration in DIR's Swift files — func, var, let, init,
# subscript, struct, class, actor, enum, protocol, typealias, associatedtype, the cases of a
# public enum (a `case a, b, c` line counts once), the requirements of a public protocol and
# the members of a `public extension` (the extension line itself is not counted; neither is
# deinit) — and whether it has a doc comment: a `///` line or a `/** … */` block right above
# it, attribute lines such as `@discardableResult` skipped. Prints the percentage overall and
# per module (the folder under Sources/); -v also lists the undocumented declarations as
# file:line. Exits 0 whatever the figure.
set -euo pipefail

verbose=0
if [[ "${1:-}" == "-v" ]]; then verbose=1; shift; fi
root="${1:-$(cd "$(dirname "$0")/.." && pwd)/Sources}"

exec python3 - "$root" "$verbose" <<'PY'
import os, re, sys

root, verbose = sys.argv[1], sys.argv[2] == "1"

MODIFIERS = {"public", "open", "private", "fileprivate", "internal", "package", "static",
             "class", "final", "override", "convenience", "required", "mutating",
             "nonmutating", "nonisolated", "lazy", "weak", "unowned", "dynamic", "indirect",
             "optional", "prefix", "postfix", "infix", "isolated", "consuming", "borrowing"}
KINDS = {"func", "var", "let", "init", "subscript", "struct", "class", "actor", "enum",
         "protocol", "case", "typealias", "associatedtype", "extension", "deinit"}
TYPE_KINDS = {"struct", "class", "actor", "enum", "protocol", "extension"}
ATTRIBUTE = re.compile(r"@\w+(\([^()]*(\([^()]*\)[^()]*)*\))?\s*")
WORD = re.compile(r"[A-Za-z_]+(\([a-z]+\))?")

def strip_code(line, in_block):
    """The line with string contents and comments removed (so braces can be counted);
    in_block tracks a /* */ comment or a \"\"\" string across lines."""
    out, i, n = [], 0, len(line)
    while i < n:
        if in_block == "/*":
            j = line.find("*/", i)
            if j < 0: return "".join(out), in_block
            i, in_block = j + 2, None
            continue
        if in_block == '"""':
            j = line.find('"""', i)
            if j < 0: return "".join(out), in_block
            i, in_block = j + 3, None
            continue
        c = line[i]
        if line.startswith("//", i): break
        if line.startswith("/*", i): in_block, i = "/*", i + 2; continue
        if line.startswith('"""', i): in_block, i = '"""', i + 3; continue
        if c == '"':
            i += 1
            while i < n and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
            i += 1
            out.append('""')
            continue
        out.append(c); i += 1
    return "".join(out), in_block

def declaration(code):
    """(modifiers, kind) if the line starts a declaration, else None."""
    s = code.strip()
    while s.startswith("@"):
        m = ATTRIBUTE.match(s)
        if not m: return None
        s = s[m.end():]
    mods = []
    while True:
        m = WORD.match(s)
        if not m: return None
        w = m.group(0)
        base = w.split("(")[0]
        if base in KINDS and not (base == "class" and re.match(r"class\s+(func|var|let|subscript|override|final)\b", s)):
            return mods, base
        if base not in MODIFIERS: return None
        mods.append(w)
        s = s[m.end():].lstrip()

def documented(lines, idx):
    j = idx - 1
    while j >= 0 and lines[j].strip().startswith("@"): j -= 1
    if j < 0: return False
    prev = lines[j].strip()
    return prev.startswith("///") or prev.endswith("*/") and "/**" in "".join(lines[max(0, j - 40):j + 1])

total = {}
missing = []
for dirpath, _, files in sorted(os.walk(root)):
    for name in sorted(files):
        if not name.endswith(".swift"): continue
        path = os.path.join(dirpath, name)
        module = os.path.relpath(path, root).split(os.sep)[0]
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        stack = []          # one entry per open brace: (kind, public) of what it opened
        pending = None      # a type declaration whose brace is on a later line
        in_block = None
        for idx, line in enumerate(lines):
            code, next_block = strip_code(line, in_block)
            starts_in_code = in_block is None
            in_block = next_block
            decl = declaration(code) if starts_in_code else None
            if decl:
                mods, kind = decl
                access = [m for m in mods if m in ("public", "open", "private", "fileprivate", "internal", "package")]
                outer = stack[-1] if stack else ("file", False)
                if access:
                    is_public = access[0] in ("public", "open")
                else:
                    is_public = (outer[1] and outer[0] in ("extension", "protocol")) or \
                                (kind == "case" and outer[0] == "enum" and outer[1])
                if kind == "case" and outer[0] != "enum": decl = None
                elif kind in ("let", "var") and outer[0] in ("func", "other"): decl = None
                if decl and is_public and kind not in ("extension", "deinit"):
                    ok = documented(lines, idx)
                    t = total.setdefault(module, [0, 0])
                    t[0] += 1; t[1] += ok
                    if not ok:
                        missing.append(f"{os.path.relpath(path)}:{idx + 1}: {line.strip()}")
                if decl and kind in TYPE_KINDS:
                    pending = (kind, is_public)
                elif decl and kind in ("func", "init", "subscript", "deinit", "var", "let"):
                    pending = ("func", False)
            for c in code:
                if c == "{":
                    stack.append(pending or ("other", False)); pending = None
                elif c == "}" and stack:
                    stack.pop()

if verbose:
    print("\n".join(missing))
    print()
def pct(t): return 100.0 * t[1] / t[0] if t[0] else 100.0
all_ = [sum(t[0] for t in total.values()), sum(t[1] for t in total.values())]
for module in sorted(total):
    t = total[module]
    print(f"{module:16} {pct(t):5.1f} %  ({t[1]}/{t[0]})")
print(f"{'overall':16} {pct(all_):5.1f} %  ({all_[1]}/{all_[0]})")
PY
