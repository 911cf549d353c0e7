#!/usr/bin/env bash
# How a render's threads share the wall time: for each thread of `folio render`, when it
# first and last ran, how long it ran and how long it waited, from the kernel's scheduler
# events (`perf sched`), and how many of the two cores were busy on average. Both threads
# busy from start to end, with short ends on one thread, is what two cores can give.
#   scripts/threads.sh [BOOK.md] [md|txt]   (defaults: little-women, txt)
# Needs perf (Debian: linux-perf), run as root or with kernel.perf_event_paranoid <= 1.
set -euo pipefail
cd "$(dirname "$0")/.."
book=${1:-../shared/corpus/little-women.md}
form=${2:-txt}
command -v perf >/dev/null || { echo "threads.sh: perf is needed (apt-get install linux-perf)" >&2; exit 1; }
swift build -c release --static-swift-stdlib --product folio >/dev/null 2>&1 || { echo "threads.sh: the release build failed (swift build -c release --static-swift-stdlib)" >&2; exit 1; }
work=$(mktemp -d /tmp/folio-threads.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp "$book" "$work/book.$form"
if ! perf sched record -q -o "$work/sched.data" -- .build/release/folio render "$work/book.$form" \
  --columns 2 --gutter 1cm --margin 2cm --size 10 --leading 12 -q -o "$work/book.pdf" >"$work/perf.log" 2>&1; then
  echo "threads.sh: perf sched record failed:" >&2
  tail -n 5 "$work/perf.log" >&2
  exit 1
fi
perf sched timehist -i "$work/sched.data" 2>/dev/null | python3 -c '
import re, sys
# timehist lines: time cpu task[tid/pid] wait sch-delay run (times in ms but the first, in s)
line = re.compile(r"^\s*([\d.]+)\s+\[\d+\]\s+(.+?)\[(\d+)(?:/(\d+))?\]\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*$")
threads = {}
for text in sys.stdin:
    m = line.match(text)
    if not m: continue
    t, name, tid, pid, wait, delay, run = m.groups()
    t, wait, run = float(t) * 1000, float(wait), float(run)
    threads.setdefault(tid, {"name": name, "pid": pid or tid, "first": t - run, "last": t, "run": 0.0, "wait": 0.0})
    th = threads[tid]
    th["last"] = t; th["run"] += run; th["wait"] += wait
folio = {th["pid"] for th in threads.values() if th["name"] == "folio"}
mine = {tid: th for tid, th in threads.items() if th["pid"] in folio or tid in folio}
if not mine: sys.exit("threads.sh: no scheduler events of folio were recorded")
start = min(th["first"] for th in mine.values()); end = max(th["last"] for th in mine.values())
print("thread                         first ms   last ms    ran ms  waited ms")
for tid, th in sorted(mine.items(), key=lambda kv: -kv[1]["run"]):
    if th["run"] < 1: continue
    print("%-28s %10.1f %9.1f %9.1f %10.1f" % (th["name"][:28], th["first"] - start, th["last"] - start, th["run"], th["wait"]))
total = sum(th["run"] for th in mine.values())
print("span %.1f ms, CPU %.1f ms: %.2f cores busy on average" % (end - start, total, total / (end - start)))
'
