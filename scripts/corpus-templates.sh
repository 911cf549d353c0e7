#!/usr/bin/env bash
# Renders ../shared/corpus/pride-and-prejudice.md with every built-in template and prints
# pages, wall time and peak memory for each (the README's table).
#   scripts/corpus-templates.sh [BOOK.md]
set -euo pipefail
cd "$(dirname "$0")/.."
book=${1:-../shared/corpus/pride-and-prejudice.md}
swift build -c release --static-swift-stdlib --product folio >/dev/null
out=$(mktemp -d /tmp/folio-templates.XXXXXX)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-0}
for t in $(.build/release/folio templates | awk '{print $1}'); do
  /usr/bin/time -f "%e %M" -o "$out/$t.time" .build/release/folio render "$book" -t "$t" -o "$out/$t.pdf" -q
  read -r secs kb < "$out/$t.time"
  pages=$(pdfinfo "$out/$t.pdf" | awk '/^Pages/ {print $2}')
  qpdf --check "$out/$t.pdf" >/dev/null
  printf '%-12s %5d pages  %5.2f s  %4d MB\n' "$t" "$pages" "$secs" "$((kb / 1024))"
done
echo "PDFs in $out"
