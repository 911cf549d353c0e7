#!/usr/bin/env bash
# Renders every example, every template preview and the corpus settings with the release
# binaries in BINDIR and writes the PDFs' checksums to OUTDIR/sums.txt, so that two builds
# can be compared byte for byte (a refactoring must not change them):
#   swift build -c release --static-swift-stdlib --product folio
#   swift build -c release --static-swift-stdlib --product folio-examples
#   scripts/output-checksums.sh .build/release /tmp/after && diff /tmp/before/sums.txt /tmp/after/sums.txt
set -euo pipefail
bin=$(cd "$1" && pwd); out=$2
cd "$(dirname "$0")/.."
rm -rf "$out"; mkdir -p "$out"; out=$(cd "$out" && pwd)
export SOURCE_DATE_EPOCH=1795000000
corpus=../shared/corpus
for t in $("$bin/folio" templates | awk '{print $1}'); do
  data=(); [ -f "Examples/Documents/$t.yaml" ] && data=(--data "Examples/Documents/$t.yaml")
  "$bin/folio" render "Examples/Documents/$t.md" -t "$t" -o "$out/preview-$t.pdf" -q "${data[@]}"
  [ -f "$corpus/pride-and-prejudice.md" ] && "$bin/folio" render "$corpus/pride-and-prejudice.md" -t "$t" -o "$out/pp-$t.pdf" -q
done
if [ -d "$corpus" ]; then
  "$bin/folio" render "$corpus/little-women.md" --columns 2 --gutter 1cm --margin 2cm --size 10 --leading 12 -o "$out/lw.pdf" -q
  "$bin/folio" render "$corpus/rust-book-zh.md" -o "$out/rust-zh.pdf" -q
  # Plain text is built a part at a time as it is set: the same book as text, two ways.
  cp "$corpus/little-women.md" "$out/lw-text.txt"
  "$bin/folio" render "$out/lw-text.txt" --columns 2 --gutter 1cm --margin 2cm --size 10 --leading 12 -o "$out/lw-text.pdf" -q
  "$bin/folio" render "$out/lw-text.txt" -t two-column -o "$out/lw-text-two-column.pdf" -q
  rm "$out/lw-text.txt"
fi
"$bin/folio" render Examples/sample.txt -o "$out/sample.pdf" -q
"$bin/folio" render Examples/Documents/default.md -o "$out/default-flags.pdf" -q --columns 3 --size 8 --align left \
  --hyphenate none --font "DejaVu Sans" --leading 11
"$bin/folio-examples" "$out/examples" > /dev/null
cd "$out" && find . -name '*.pdf' | sort | xargs md5sum > sums.txt
wc -l < sums.txt | xargs echo "PDFs:"
