#!/usr/bin/env bash
# One PDF per invoice (--each) for N invoices of the built-in invoice template: invoices per
# second and peak memory, with --jobs 1 and 2, as README.md reports it.
#   Benchmarks/invoices/run.sh [N]      (default 10000)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
(cd "$root" && swift build -c release --static-swift-stdlib --product folio >/dev/null)
folio="$root/.build/release/folio"
n=${1:-10000}
work=$(mktemp -d /tmp/folio-invoices.XXXXXX)
python3 "$here/make-invoices.py" "$n" > "$work/invoices.json"
export SOURCE_DATE_EPOCH=0
for jobs in 1 2; do
    rm -rf "$work/out"
    start=$(date +%s.%N)
    /usr/bin/time -f "%M" -o "$work/mem" "$folio" render "$root/Examples/Documents/invoice.md" --data "$work/invoices.json" \
        --each "$work/out/{{number}}.pdf" --jobs "$jobs" -q
    end=$(date +%s.%N)
    files=$(ls "$work/out" | wc -l)
    python3 -c "import sys; n=$files; t=$end-$start; print(f'--jobs $jobs: {n} invoices in {t:.2f} s = {n/t:.0f} invoices/s, peak memory {int(open(\"$work/mem\").read())/1024:.0f} MB')"
done
rm -rf "$work"
