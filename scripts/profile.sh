#!/usr/bin/env bash
# Where the instructions go when Folio sets the benchmark book: callgrind's exact count
# (the same on a loaded machine as on a quiet one), by library and by function.
#   scripts/profile.sh [BOOK.md] [md|txt|both]   (defaults: little-women, both)
# The book is set as the brief's comparison with pdfTeX sets it: A4, two columns, 1 cm
# gutter, 2 cm margins, 10/12 pt, justified and hyphenated; as Markdown and as plain text
# (the same file, named .txt). Needs valgrind. Keeps the callgrind files in
# .build/profile/ for callgrind_annotate or kcachegrind.
set -euo pipefail
cd "$(dirname "$0")/.."
book=${1:-../shared/corpus/little-women.md}
forms=${2:-both}
command -v valgrind >/dev/null || { echo "profile.sh: valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
swift build -c release --static-swift-stdlib --product folio >/dev/null
mkdir -p .build/profile
# valgrind cannot read the static runtime's DWARF 5; the symbol table is kept.
objcopy --strip-debug .build/release/folio .build/profile/folio
cp "$book" .build/profile/book.md
cp "$book" .build/profile/book.txt
[ "$forms" = both ] && forms="md txt"
for form in $forms; do
  out=.build/profile/callgrind.$form
  valgrind --tool=callgrind --callgrind-out-file="$out" .build/profile/folio render .build/profile/book.$form \
    --columns 2 --gutter 1cm --margin 2cm --size 10 --leading 12 -q -o .build/profile/book-$form.pdf \
    2>.build/profile/valgrind-$form.log
  echo "== $(basename "$book") as ${form}: $(pdfinfo .build/profile/book-$form.pdf 2>/dev/null | awk '/^Pages/ {print $2}') pages"
  python3 scripts/profile-report.py "$out" --top "${TOP:-25}"
  echo
done
