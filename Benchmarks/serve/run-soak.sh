#!/usr/bin/env bash
# Soak and faults against `folio serve` (release build): SOAK good invoice requests
# (default 20 000) with the server's memory sampled, then FAULTS mixed hostile and good
# requests (default 1 000). See soak.py.
#   Benchmarks/serve/run-soak.sh [SOAK] [FAULTS]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
(cd "$root" && swift build -c release --static-swift-stdlib --product folio >/dev/null && swift build -c release --static-swift-stdlib --product folio-serve >/dev/null)
work=$(mktemp -d /tmp/folio-serve-soak.XXXXXX)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
python3 "$here/make-request.py" invoice > "$work/invoice.json"
"$root/.build/release/folio" serve --port 0 > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "listening on" "$work/server.log" && break; sleep 0.1; done
port=$(sed -n 's/.*127.0.0.1:\([0-9]*\).*/\1/p' "$work/server.log" | head -1)
python3 "$here/soak.py" "$port" "$server" "$work/invoice.json" soak "${1:-20000}"
python3 "$here/soak.py" "$port" "$server" "$work/invoice.json" faults "${2:-1000}"
kill -TERM $server; wait $server && echo "server: exit 0 after SIGTERM"
