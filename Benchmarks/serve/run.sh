#!/usr/bin/env bash
# Load on `folio serve` over loopback with wrk (Debian's wrk package): a one-page invoice
# (built-in template + JSON data) at 8 concurrent connections, then a 50-page report at 2,
# each for DURATION seconds (default 15); prints requests/s, latency percentiles, pages/s
# and the server's peak resident memory, as README.md reports them.
#   Benchmarks/serve/run.sh [DURATION]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
duration=${1:-15}
(cd "$root" && swift build -c release --static-swift-stdlib --product folio >/dev/null && swift build -c release --static-swift-stdlib --product folio-serve >/dev/null)
folio="$root/.build/release/folio"
work=$(mktemp -d /tmp/folio-serve-bench.XXXXXX)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
python3 "$here/make-request.py" invoice > "$work/invoice.json"
python3 "$here/make-request.py" report 50 > "$work/report.json"
"$folio" serve --port 0 ${JOBS:+--jobs $JOBS} > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "listening on" "$work/server.log" && break; sleep 0.1; done
port=$(sed -n 's/.*127.0.0.1:\([0-9]*\).*/\1/p' "$work/server.log" | head -1)
url="http://127.0.0.1:$port/render"
curl -s -o "$work/report.pdf" -H 'Content-Type: application/json' --data-binary @"$work/report.json" "$url"
pages=$(pdfinfo "$work/report.pdf" | awk '/^Pages:/ {print $2}')
echo "== invoice, 8 connections, ${duration}s"
BODY_FILE="$work/invoice.json" wrk -t 2 -c 8 -d "${duration}s" --timeout 10s -s "$here/post.lua" "$url" | grep -E "Requests/sec|non-200|latency|requests in"
echo "== report ($pages pages), 2 connections, ${duration}s"
BODY_FILE="$work/report.json" wrk -t 1 -c 2 -d "${duration}s" --timeout 30s -s "$here/post.lua" "$url" | tee "$work/report.txt" | grep -E "Requests/sec|non-200|latency|requests in"
rps=$(awk '/Requests\/sec/ {print $2}' "$work/report.txt")
python3 -c "print(f'report pages/s: {float(\"$rps\") * $pages:.0f}')"
echo "server peak RSS: $(awk '/VmHWM/ {print $2, $3}' /proc/$server/status)"
