#!/usr/bin/env python3
"""Measure a set book's pages the way a book designer reads them, from the PDF and its source.

    scripts/page-stats.py OUT.pdf SOURCE.md [--json] [--max widows=0,orphans=0,...]

The PDF's words come from poppler (`pdftotext -bbox-layout`); its body lines are those of
the commonest line height (running heads, folios and notes are smaller, headings larger).
The source's paragraphs (blank-line separated; Markdown marks dropped) are matched word by
word against the lines, so each line is known to start, continue or end a paragraph. Counted,
per 100 pages:

  widows             a paragraph's last line alone at the top of a column
  orphans            a paragraph's first line alone at the foot of a column
  hyphens            lines ending in a hyphen inside a word that goes on in the next line
  ladders3           runs of three or more such lines in a row (in one column)
  penultimate        paragraphs whose next-to-last line ends in such a hyphen
  turn-hyphens       columns whose last line ends in such a hyphen (the word goes on over the turn)
  dash-starts        lines starting with an em dash that does not start a paragraph
  stranded-headings  headings that are the last line of their column, below its text
  short-columns      columns whose last body line sits a line or more above the foot the
                     other columns end at, though the text goes on in the next column without
                     a heading (a chapter's last page and the last page are not counted)

Only paragraphs of two lines or more can give widows and orphans. With `--max`, exits 1
when a figure (per 100 pages) is above its limit: the tool is also a test.
"""
import json
import re
import statistics
import subprocess
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/1999/xhtml}"
HYPHENS = ("-", "\u2010", "\u00ad")
WORD = re.compile(r"[^\W_]+", re.UNICODE)


def tokens(text):
    """Lower-case runs of letters and digits: what both sides agree on."""
    return [t.lower() for t in WORD.findall(text.replace("\u2019", "").replace("'", ""))]


def source_paragraphs(path):
    """(tokens, is_heading) per paragraph of the source."""
    text = open(path, encoding="utf-8").read()
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        if end > 0:
            text = text[end + 4:]
    paragraphs = []
    for block in re.split(r"\n\s*\n", text):
        block = block.strip()
        if not block:
            continue
        heading = block.startswith("#")
        block = re.sub(r"^#+\s*", "", block)
        block = re.sub(r"\{[^}]*\}", " ", block) if heading else block
        words = tokens(block)
        if words:
            paragraphs.append((words, heading))
    return paragraphs


def pdf_lines(path):
    """Per page: lines as (words, xMin, yMin, xMax, yMax, height), and the page count."""
    xml = subprocess.run(["pdftotext", "-bbox-layout", path, "-"], capture_output=True, check=True).stdout
    root = ET.fromstring(xml)
    pages = []
    for page in root.iter(NS + "page"):
        lines = []
        for line in page.iter(NS + "line"):
            words = [(w.text or "", float(w.get("xMin")), float(w.get("xMax"))) for w in line.iter(NS + "word")]
            if not words:
                continue
            y0, y1 = float(line.get("yMin")), float(line.get("yMax"))
            lines.append({"words": [w[0] for w in words], "x0": float(line.get("xMin")), "x1": float(line.get("xMax")),
                          "y0": y0, "y1": y1, "h": y1 - y0})
        pages.append(lines)
    return pages


def columns_of(lines, body):
    """Body and heading lines of one page, by column (left to right), each top to bottom."""
    kept = [l for l in lines if l["kind"] != "other"]
    if not kept:
        return []
    starts = sorted(l["x0"] for l in kept if l["kind"] == "body")
    # A column starts where line starts jump by more than a third of the body lines' width.
    width = statistics.median([l["x1"] - l["x0"] for l in kept if l["kind"] == "body"] or [300])
    edges = []
    for x in starts:
        if not edges or x - edges[-1] > width / 3:
            edges.append(x)
    if not edges:
        edges = [min(l["x0"] for l in kept)]
    cols = [[] for _ in edges]
    for l in kept:
        k = max([i for i, e in enumerate(edges) if l["x0"] >= e - width / 3] or [0])
        cols[k].append(l)
    return [sorted(c, key=lambda l: l["y0"]) for c in cols if c]


def measure(pdf, source):
    pages = pdf_lines(pdf)
    heights = [round(l["h"], 1) for p in pages for l in p]
    body = statistics.mode(heights) if heights else 0
    for p in pages:
        for l in p:
            if abs(l["h"] - body) <= 0.12 * body:
                l["kind"] = "body"
            elif l["h"] > body * 1.12 and len(l["words"]) > 0:
                l["kind"] = "heading"
            else:
                l["kind"] = "other"
    # Reading order: page, column, top to bottom.
    ordered = []
    for number, p in enumerate(pages):
        for c, col in enumerate(columns_of(p, body)):
            for row, l in enumerate(col):
                l["page"], l["column"], l["row"], l["rows"] = number, c, row, len(col)
                ordered.append(l)

    paragraphs = source_paragraphs(source)
    src, owner = [], []
    for k, (words, _) in enumerate(paragraphs):
        src += words
        owner += [k] * len(words)
    starts = {}
    for i, k in enumerate(owner):
        starts.setdefault(k, i)
    ends = {k: i for i, k in enumerate(owner)}

    # The PDF's tokens, a word broken by a hyphen at a line end joined with its rest.
    stream = []  # (token, line index, broken-at-end)
    for i, l in enumerate(ordered):
        words = list(l["words"])
        for w, word in enumerate(words):
            last = w == len(words) - 1
            broken = last and word.endswith(HYPHENS) and i + 1 < len(ordered) and bool(WORD.search(word))
            toks = tokens(word)
            for t, tok in enumerate(toks):
                stream.append([tok, i, broken and t == len(toks) - 1])
    merged = []
    skip_next = False
    for n, (tok, line, broken) in enumerate(stream):
        if skip_next:
            skip_next = False
            continue
        if broken and n + 1 < len(stream) and stream[n + 1][1] == line + 1:
            merged.append((tok + stream[n + 1][0], line, line + 1, tok, stream[n + 1][0]))
            skip_next = True
        else:
            merged.append((tok, line, line, None, None))

    # Match greedily, resynchronising on three words in a row.
    first_of_line, last_of_line = {}, {}
    hyphen_lines = set()
    j = 0
    for n, (tok, a, b, head, tail) in enumerate(merged):
        if j >= len(src):
            break
        at = None
        if tok == src[j]:
            at = j
        elif head is not None and head == src[j]:
            # A word with a hyphen of its own (well-/known) split at the hyphen: two words.
            at = j
        else:
            ahead = [m[0] for m in merged[n:n + 3]]
            for k in range(j, min(len(src) - len(ahead) + 1, j + 400)):
                if src[k:k + len(ahead)] == ahead:
                    at = k
                    break
        if at is None:
            continue
        if head is not None and tok != src[at] and at + 1 < len(src) and tail == src[at + 1]:
            first_of_line.setdefault(a, at)
            last_of_line[a] = at
            first_of_line.setdefault(b, at + 1)
            last_of_line[b] = at + 1
            hyphen_lines.add(a)
            j = at + 2
            continue
        for line in (a, b):
            first_of_line.setdefault(line, at)
            last_of_line[line] = at
        if head is not None:
            hyphen_lines.add(a)
        j = at + 1

    counts = dict(widows=0, orphans=0, hyphens=len(hyphen_lines), ladders3=0, penultimate=0, **{"turn-hyphens": 0},
                  **{"dash-starts": 0, "stranded-headings": 0, "short-columns": 0})
    details = {k: [] for k in counts}
    run = 0
    for i, l in enumerate(ordered):
        where = f"page {l['page'] + 1} column {l['column'] + 1}"
        if l["kind"] == "heading":
            # Last in its column, below text of its own column (a part title alone on its
            # page is a title page, not a stranded heading).
            above = any(o["kind"] == "body" and o["page"] == l["page"] and o["column"] == l["column"]
                        for o in ordered[max(0, i - l["row"]):i])
            if l["row"] == l["rows"] - 1 and i + 1 < len(ordered) and above:
                counts["stranded-headings"] += 1
                details["stranded-headings"].append(f"{where}: {' '.join(l['words'])}")
            run = 0
            continue
        if i in hyphen_lines and l["row"] == l["rows"] - 1:
            counts["turn-hyphens"] += 1
            details["turn-hyphens"].append(f"{where}: {' '.join(l['words'][-3:])}")
        if i in hyphen_lines:
            run += 1
            if run == 3:
                counts["ladders3"] += 1
                details["ladders3"].append(where)
        else:
            run = 0
        if i > 0 and ordered[i - 1]["column"] != l["column"]:
            run = 1 if i in hyphen_lines else 0
        f, e = first_of_line.get(i), last_of_line.get(i)
        if f is None or e is None:
            continue
        k = owner[f]
        starts_paragraph = starts[k] == f
        ends_paragraph = ends[owner[e]] == e
        if l["words"] and l["words"][0].startswith("\u2014") and not starts_paragraph:
            counts["dash-starts"] += 1
            details["dash-starts"].append(f"{where}: {' '.join(l['words'][:4])}")
        single = starts_paragraph and ends_paragraph
        if not single and ends_paragraph and l["row"] == 0 and i > 0:
            counts["widows"] += 1
            details["widows"].append(f"{where}: {' '.join(l['words'][:6])}")
        if not single and starts_paragraph and not ends_paragraph and l["row"] == l["rows"] - 1:
            counts["orphans"] += 1
            details["orphans"].append(f"{where}: {' '.join(l['words'][:6])}")
        # The next-to-last line of a paragraph ending in a broken word.
        if i in hyphen_lines and i + 1 < len(ordered):
            e2 = last_of_line.get(i + 1)
            if e2 is not None and ends[owner[e2]] == e2 and owner[e2] == k:
                counts["penultimate"] += 1
                details["penultimate"].append(f"{where}: {' '.join(l['words'][-3:])} / {' '.join(ordered[i + 1]['words'])}")
    # The foot: where most columns' last body lines end.
    column_ends = {}
    for i, l in enumerate(ordered):
        if l["kind"] == "body":
            column_ends[(l["page"], l["column"])] = i
    foot = statistics.mode([round(ordered[i]["y1"]) for i in column_ends.values()]) if column_ends else 0
    for (page, column), i in column_ends.items():
        l = ordered[i]
        later = [o for o in ordered[i + 1:i + 2]]
        if page == len(pages) - 1 or not later or later[0]["kind"] == "heading":
            continue
        if foot - l["y1"] >= 0.9 * body * 1.2:
            counts["short-columns"] += 1
            details["short-columns"].append(f"page {page + 1} column {column + 1}: {round(foot - l['y1'])} pt short")
    page_count = max(1, len(pages))
    per100 = {k: round(v * 100 / page_count, 1) for k, v in counts.items()}
    matched = len(set(first_of_line.values()) | set(last_of_line.values()))
    return dict(pages=page_count, lines=len([l for l in ordered if l["kind"] == "body"]), counts=counts,
                per100pages=per100, matched_source_words=round(j / max(1, len(src)), 3), details=details)


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 2:
        sys.stderr.write(__doc__)
        return 2
    limits = {}
    for a in argv:
        if a.startswith("--max="):
            for item in a[len("--max="):].split(","):
                name, _, value = item.partition("=")
                limits[name] = float(value)
    result = measure(args[0], args[1])
    if "--json" in argv:
        print(json.dumps(result, indent=1))
    else:
        print(f"{args[0]}: {result['pages']} pages, {result['lines']} body lines, "
              f"{result['matched_source_words'] * 100:.1f}% of the source matched")
        print(f"{'per 100 pages':20} {'count':>7} {'per 100':>8}")
        for k, v in result["counts"].items():
            print(f"{k:20} {v:7d} {result['per100pages'][k]:8.1f}")
        if "--details" in argv:
            for k, items in result["details"].items():
                for item in items[:20]:
                    print(f"  {k}: {item}")
    over = [k for k, limit in limits.items() if result["per100pages"].get(k, 0) > limit]
    if over:
        sys.stderr.write("above the limit: " + ", ".join(f"{k} {result['per100pages'][k]} > {limits[k]}" for k in over) + "\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
