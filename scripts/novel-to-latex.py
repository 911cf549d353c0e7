#!/usr/bin/env python3
"""Prints the body of a corpus novel (simple Markdown: blank-line paragraphs, `## ` chapters,
`_italics_`) as LaTeX, for the scripts that set it with TeX beside Folio.

    scripts/novel-to-latex.py BOOK.md [HEADING]

HEADING is the LaTeX a chapter title becomes, `%s` standing for the title (default
`\\section*{%s}`). Front matter between `---` lines is left out.
"""
import re
import sys

SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
           "^": r"\^{}", "_": r"\_", "~": r"\~{}", "%": r"\%"}


def body(path, heading):
    text = open(path, encoding="utf-8").read()
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        text = text[end + 4:] if end > 0 else text
    out = []
    for p in re.split(r"\n\s*\n", text):
        p = " ".join(p.split())
        if not p:
            continue
        tex = "".join(SPECIAL.get(c, c) for c in p)
        tex = re.sub(r"\\_(.+?)\\_", r"\\emph{\1}", tex)
        m = re.match(r"(?:\\#)+ (.*)", tex)
        out.append(heading.replace("%s", m.group(1)) if m else tex)
    return "\n\n".join(out)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.stderr.write(__doc__)
        sys.exit(2)
    print(body(sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else r"\section*{%s}"))
