#!/usr/bin/env bash
# Renders each built-in template's example (Examples/Documents/NAME.md) and writes PNGs of
# its first two pages to docs/images/template-NAME-1.png and -2.png (the README's pictures).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product folio >/dev/null
work=$(mktemp -d /tmp/folio-previews.XXXXXX)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1795000000}
for t in $(.build/release/folio templates | awk '{print $1}'); do
  # An example filled from data (the letter's mail merge) has it beside it, NAME.yaml.
  data=(); [ -f "Examples/Documents/$t.yaml" ] && data=(--data "Examples/Documents/$t.yaml")
  .build/release/folio render "Examples/Documents/$t.md" -t "$t" -o "$work/$t.pdf" -q "${data[@]}"
  # About 380 px across for A4 and A5 alike; the tabloid a little wider.
  pdftoppm -png -f 1 -l 2 -scale-to-x 380 -scale-to-y -1 "$work/$t.pdf" "$work/$t"
  for n in 1 2; do
    f=$(ls "$work/$t"-*"$n".png 2>/dev/null | head -n 1 || true)
    [ -n "$f" ] && cp "$f" "docs/images/template-$t-$n.png"
  done
done
# The Chinese example, larger: its characters must stay legible.
.build/release/folio render Examples/Documents/chinese.md -t two-column -o "$work/chinese.pdf" -q
pdftoppm -png -f 1 -l 1 -scale-to-x 700 -scale-to-y -1 "$work/chinese.pdf" "$work/chinese"
cp "$(ls "$work"/chinese-*1.png | head -n 1)" docs/images/chinese-1.png
# The page builder: the book's contents and a page with notes, and the floats example's spread.
.build/release/folio render Examples/Documents/book.md -o "$work/book-features.pdf" -q
pdftoppm -png -f 2 -l 3 -scale-to-x 380 -scale-to-y -1 "$work/book-features.pdf" "$work/book-features"
cp "$(ls "$work"/book-features-*2.png | head -n 1)" docs/images/page-builder-contents.png
cp "$(ls "$work"/book-features-*3.png | head -n 1)" docs/images/page-builder-footnotes.png
.build/release/folio render Examples/Documents/floats.md -o "$work/floats.pdf" -q
pdftoppm -png -f 1 -l 1 -scale-to-x 520 -scale-to-y -1 "$work/floats.pdf" "$work/floats"
cp "$(ls "$work"/floats-*1.png | head -n 1)" docs/images/page-builder-floats.png
ls docs/images/template-* docs/images/chinese-* docs/images/page-builder-*
