#!/usr/bin/env bash
# Builds the documentation catalog (Sources/FolioRender/FolioRender.docc) over the library's
# three modules into .build/plugins/Swift-DocC/outputs/Folio.doccarchive. Fails on any
# DocC warning (a broken link, a symbol renamed), so the articles stay true to the code.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift package generate-documentation --target FolioText --target FolioLayout --target FolioRender \
  --enable-experimental-combined-documentation >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
# The C libraries' pkg-config flags (-pthread) are refused by SwiftPM with a warning of its
# own, which is not DocC's.
if grep -v -e "prohibited flag" "$log" | grep -q "^warning"; then
  grep -v -e "prohibited flag" "$log" | grep -A6 "^warning" >&2
  echo "docs: DocC warnings (above)" >&2
  exit 1
fi
tail -1 "$log"
