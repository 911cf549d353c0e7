#!/usr/bin/env bash
# Installs what is missing, builds, and renders the sample text to out/sample.pdf
# (with a PNG preview of each page in out/sample-png/).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
swift build -c release --product folio
mkdir -p out
.build/release/folio render Examples/sample.txt -o out/sample.pdf --columns 2 --png out/sample-png
