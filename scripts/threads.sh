#!/usr/bin/env bash
# How a render's threads share the wall time: for each thread of `folio render`, when it
# first and last ran, how long it ran, waited (asleep) and was delayed (ready, but no core
# free), from the kernel's scheduler events (`perf sched`), and how many of the cores were
# busy on average. Both threads busy from start to end, with short ends on one thread, is
# what two cores can give.
#   scripts/threads.sh [BOOK.md] [md|txt]   (defaults: little-women, txt)
# Needs perf (Debian: linux-perf), run as root or with kernel.perf_event_paranoid = -1.
# perf records the whole machine: another `folio` running meanwhile is left out.
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
if ! perf sched timehist -i "$work/sched.data" >"$work/timehist.txt" 2>"$work/timehist.log"; then
  echo "threads.sh: perf sched timehist failed:" >&2
  tail -n 5 "$work/timehist.log" >&2
  exit 1
fi
python3 - "$work/timehist.txt" <<'PY'
import re, sys
# timehist lines: time cpu task[tid/pid] wait sch-delay run (the time in s, the rest in ms);
# a process's main thread is task[pid].
line = re.compile(r"^\s*([\d.]+)\s+\[\d+\]\s+(.+?)\[(\d+)(?:/(\d+))?\]\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*$")
threads = {}
for text in open(sys.argv[1]):
    m = line.match(text)
    if not m: continue
    t, name, tid, pid, wait, delay, run = m.groups()
    t, wait, delay, run = float(t) * 1000, float(wait), float(delay), float(run)
    th = threads.setdefault(tid, {"pid": pid or tid, "first": t - run, "run": 0.0, "wait": 0.0, "delay": 0.0})
    # Threads are renamed after they start (dispatch's workers): the last name is theirs.
    th["name"] = name; th["last"] = t
    th["run"] += run; th["wait"] += wait; th["delay"] += delay
# The render is the first process whose main thread is `folio`.
mains = sorted((th["first"], tid) for tid, th in threads.items() if th["pid"] == tid and th["name"] == "folio")
if not mains: sys.exit("threads.sh: no scheduler events of folio were recorded")
if len(mains) > 1: print("threads.sh: %d other folio processes ran meanwhile; they are left out" % (len(mains) - 1), file=sys.stderr)
pid = mains[0][1]
mine = {tid: th for tid, th in threads.items() if th["pid"] == pid}
start = min(th["first"] for th in mine.values()); end = max(th["last"] for th in mine.values())
print("thread                         first ms   last ms    ran ms  waited ms  delayed ms")
for tid, th in sorted(mine.items(), key=lambda kv: -kv[1]["run"]):
    if th["run"] < 1: continue
    print("%-28s %10.1f %9.1f %9.1f %10.1f %11.1f" % (th["name"][:28], th["first"] - start, th["last"] - start,
                                                      th["run"], th["wait"], th["delay"]))
total = sum(th["run"] for th in mine.values())
print("span %.1f ms, CPU %.1f ms: %.2f cores busy on average" % (end - start, total, total / (end - start)))
PY
