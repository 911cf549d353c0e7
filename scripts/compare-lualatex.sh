#!/usr/bin/env bash
# Sets a novel with a built-in template and with LuaLaTeX at the same geometry, font and
# size (DejaVu Serif, microtype's protrusion and expansion, \widowpenalty and \clubpenalty
# 10000, LaTeX's default tolerance), and prints scripts/page-stats.py's figures per 100
# pages for both (the issue's comparison: hyphens within 1.3× of LaTeX's count).
# Needs lualatex with luaotfload, fontspec and microtype (texlive-luatex,
# texlive-latex-recommended;
# not installed by install-deps.sh: they are large and only this comparison uses them).
#   scripts/compare-lualatex.sh [book|two-column] [BOOK.md]
set -euo pipefail
cd "$(dirname "$0")/.."
template=${1:-book}
book=${2:-../shared/corpus/the-great-gatsby.md}
work=$(mktemp -d /tmp/folio-vs-lualatex.XXXXXX)
case "$template" in
  # book.yaml: A5, margins top 18 bottom 20 inner 20 outer 15 mm, 9.5/13 pt, indent 1.2em;
  # a chapter opens a page, its title a third of the way down.
  book) geometry="a5paper,twoside,top=18mm,bottom=20mm,inner=20mm,outer=15mm"
        size="9.5pt" leading="13pt" columns="onecolumn" chapter='\clearpage\vspace*{24mm}{\centering\fontsize{13pt}{17pt}\selectfont #1\par}\vspace{9mm}' ;;
  # two-column.yaml: A4, margins 22/25/18/18 mm, 7 mm gutter, 9/11.5 pt.
  two-column) geometry="a4paper,twocolumn,columnsep=7mm,top=22mm,bottom=25mm,left=18mm,right=18mm"
        size="9pt" leading="11.5pt" columns='twocolumn' chapter='\par\vspace{10pt}{\sffamily\bfseries\fontsize{10.5pt}{13pt}\selectfont\raggedright #1\par}\nobreak\vspace{4pt}' ;;
  *) echo "template must be book or two-column" >&2; exit 2 ;;
esac
{
  printf '%s\n' "\\documentclass[$columns]{article}" \
    '\usepackage{fontspec}\setmainfont{DejaVu Serif}\setsansfont{DejaVu Sans}' \
    "\\usepackage{microtype}\\usepackage[$geometry]{geometry}" \
    '\widowpenalty=10000 \clubpenalty=10000 \setlength\parindent{1.2em}\setlength\parskip{0pt}' \
    "\\renewcommand\\normalsize{\\fontsize{$size}{$leading}\\selectfont}\\pagestyle{plain}" \
    "\\newcommand\\chapterhead[1]{$chapter}" \
    '\begin{document}\normalsize\typeout{column width: \the\columnwidth}'
  python3 scripts/novel-to-latex.py "$book" '\chapterhead{%s}\noindent'
  printf '%s\n' '\end{document}'
} > "$work/book.tex"
(cd "$work" && lualatex -interaction=batchmode book.tex >/dev/null 2>&1 || true)
test -s "$work/book.pdf" || { echo "lualatex failed: see $work/book.log" >&2; exit 1; }
grep -m1 "^column width" "$work/book.log" >&2
swift build -c release --static-swift-stdlib --product folio >/dev/null
SOURCE_DATE_EPOCH=0 .build/release/folio render "$book" -t "$template" -o "$work/folio.pdf" -q
python3 scripts/page-stats.py "$work/book.pdf" "$book" --json > "$work/lualatex.json"
python3 scripts/page-stats.py "$work/folio.pdf" "$book" --json > "$work/folio.json"
python3 - "$work" <<'PY'
import json, subprocess, sys
work = sys.argv[1]
rows = {}
for who, pdf in (("LuaLaTeX", "book.pdf"), ("Folio", "folio.pdf")):
    stats = json.load(open(f"{work}/{who.lower()}.json"))
    spacing = subprocess.run(["python3", "../shared/tools/spacing.py", f"{work}/{pdf}"],
                             capture_output=True, text=True).stdout.split()
    p95 = spacing[spacing.index("p95") + 1] if "p95" in spacing else "?"
    rows[who] = (stats["pages"], stats["per100pages"], p95)
keys = ["widows", "orphans", "hyphens", "ladders3", "penultimate", "turn-hyphens", "dash-starts", "short-columns"]
print("%-9s %5s " % ("per 100pp", "pages") + " ".join("%12s" % k for k in keys) + "  spacing p95")
for who, (pages, per100, p95) in rows.items():
    print("%-9s %5d " % (who, pages) + " ".join("%12.1f" % per100[k] for k in keys) + "  %s" % p95)
latex = rows["LuaLaTeX"][1]["hyphens"]
if latex:
    print("hyphens: Folio/LuaLaTeX = %.2f" % (rows["Folio"][1]["hyphens"] / latex))
PY
echo "PDFs in $work"
