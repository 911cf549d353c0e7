#!/usr/bin/env bash
# Times Folio against pdfTeX on the same book in the same run (the brief's comparison):
# A4, two columns, 1 cm gutter, 2 cm margins, 10/12 pt, justified and hyphenated.
# Needs texlive-latex-base, texlive-latex-recommended and lmodern (not installed by
# install-deps.sh: they are large and only this comparison uses them).
#   scripts/compare-pdftex.sh [BOOK.md]
set -euo pipefail
cd "$(dirname "$0")/.."
book=${1:-../shared/corpus/little-women.md}
work=$(mktemp -d /tmp/folio-vs-pdftex.XXXXXX)
# The book is Markdown: _italics_ and ## chapters become \emph and \section*, with a page
# number at the foot, as Folio's default template sets them.
{
  printf '%s\n' '\documentclass[10pt,twocolumn]{article}' \
    '\usepackage[T1]{fontenc}\usepackage[utf8]{inputenc}\usepackage{lmodern}' \
    '\usepackage[a4paper,margin=2cm]{geometry}\setlength\columnsep{1cm}' \
    '\renewcommand\normalsize{\fontsize{10}{12}\selectfont}\pagestyle{plain}' \
    '\begin{document}\normalsize'
  python3 scripts/novel-to-latex.py "$book"
  printf '%s\n' '\end{document}'
} > "$work/book.tex"
swift build -c release --static-swift-stdlib --product folio-bench >/dev/null
for i in 1 2 3; do
  start=$(date +%s.%N)
  (cd "$work" && pdflatex -interaction=batchmode book.tex >/dev/null 2>&1 || true)
  end=$(date +%s.%N)
  pages=$(pdfinfo "$work/book.pdf" | awk '/^Pages/ {print $2}')
  printf 'pdfTeX run %d: %s pages  %.2f s\n' "$i" "$pages" "$(echo "$end - $start" | bc)"
  .build/release/folio-bench "$book" -o "$work/folio.pdf" | tail -n 1
done
echo "spacing, pdfTeX: $(python3 ../shared/tools/spacing.py "$work/book.pdf" 3.33)"
echo "spacing, Folio:  $(python3 ../shared/tools/spacing.py "$work/folio.pdf")"
