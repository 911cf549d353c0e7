#!/usr/bin/env bash
# Times the mail merge of 500 letters (folio --jobs 1 and 2) against Typst, as README.md reports it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
(cd "$root" && swift build -c release --static-swift-stdlib --product folio >/dev/null)
folio="$root/.build/release/folio"
cd "$here"
export SOURCE_DATE_EPOCH=0
commands=("$folio render letter.md -t template --data people.csv -o /tmp/letters.pdf -q --jobs 1"
          "$folio render letter.md -t template --data people.csv -o /tmp/letters.pdf -q --jobs 2")
if python3 -c 'import typst' 2>/dev/null; then
    commands+=("python3 -c 'import typst; typst.compile(\"letter.typ\", output=\"/tmp/letters-typst.pdf\")'")
else
    echo "typst is not installed (pip install typst): timing folio alone" >&2
fi
hyperfine -N --warmup 1 --runs "${RUNS:-10}" "${commands[@]}"
