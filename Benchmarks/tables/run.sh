#!/usr/bin/env bash
# Sets one long table (N rows × 6 columns, header repeated on every page) and prints time,
# pages and peak memory for 2 000, 10 000 and 20 000 rows, as README.md reports it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
(cd "$root" && swift build -c release --static-swift-stdlib --product folio >/dev/null)
folio="$root/.build/release/folio"
work=$(mktemp -d /tmp/folio-tables.XXXXXX)
export SOURCE_DATE_EPOCH=0
for n in ${ROWS:-2000 10000 20000}; do
    python3 "$here/make-table.py" "$n" > "$work/table-$n.md"
    /usr/bin/time -f "%e %U %M" -o "$work/time" "$folio" render "$work/table-$n.md" -o "$work/table-$n.pdf" -q
    read -r wall user mem < "$work/time"
    pages=$(pdfinfo "$work/table-$n.pdf" | awk '/^Pages:/ {print $2}')
    python3 -c "print(f'$n rows: $pages pages in {$wall:.2f} s wall ({$user:.2f} s user) = {$wall/$pages*100:.2f} s per 100 pages, peak memory {$mem/1024:.0f} MB')"
done
rm -rf "$work"
