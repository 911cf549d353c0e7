#!/usr/bin/env python3
"""Soak and fault runs against a running `folio serve` (started by run-soak.sh).

soak: N good invoice requests in a row from 4 client threads; the server's resident
      memory (VmRSS, from /proc) is sampled after every request and the peak of the first
      and last 1 000 requests compared.
faults: M requests mixing malformed JSON, truncated JSON and multipart bodies, oversized bodies, deeply nested
      Markdown, slow clients (a byte a second for a few seconds, then gone) and clients that
      disconnect mid-request, interleaved with good requests: every good request must be
      answered 200 with a PDF, the server must stay up, and (from 2 000 requests) the
      peak RSS of the last 1 000 must be within 10 % of the first 1 000's.

usage: soak.py PORT PID BODY.json soak N | faults M
"""
import http.client, json, os, random, socket, sys, threading, time

port, pid, body_file, mode, count = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5])
good_body = open(body_file, "rb").read()


def rss_kb():
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def post(body, content_type="application/json", timeout=60):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        c.request("POST", "/render", body=body, headers={"Content-Type": content_type})
        r = c.getresponse()
        data = r.read()
        return r.status, data
    finally:
        c.close()


def good():
    status, data = post(good_body)
    return status == 200 and data.startswith(b"%PDF-")


def raw(payload, pause=0.0, close_early=False):
    """Sends raw bytes — all at once, or a byte every `pause` seconds — and hangs up
    (`close_early`: a few bytes in when slow, right after sending otherwise) or waits for
    the answer."""
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    try:
        if pause:
            for i, b in enumerate(payload):
                s.send(bytes([b]))
                time.sleep(pause)
                if close_early and i >= 4:
                    return
        else:
            s.sendall(payload)
        if close_early:
            return
        s.settimeout(30)
        try:
            s.recv(65536)
        except OSError:
            pass
    finally:
        s.close()


if mode == "soak":
    samples = []
    failures = 0
    lock = threading.Lock()
    done = [0]

    def worker():
        global failures
        while True:
            with lock:
                if done[0] >= count:
                    return
                done[0] += 1
            ok = good()
            with lock:
                if not ok:
                    failures += 1
                samples.append(rss_kb())

    start = time.time()
    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.time() - start
    first, last = max(samples[:1000]), max(samples[-1000:])
    print(f"soak: {count} requests in {elapsed:.1f} s ({count / elapsed:.0f}/s), {failures} failed")
    print(f"soak: peak RSS of the first 1000 requests {first / 1024:.1f} MB, of the last 1000 {last / 1024:.1f} MB "
          f"({(last - first) / first * 100:+.1f} %)")
    sys.exit(1 if failures or last > first * 1.10 else 0)

# faults
rng = random.Random(1)
deep = json.dumps({"document": "> " * 5000 + "deep\n\n" + "*" * 3000 + "x" + "*" * 3000 + "\n\n" + "- " * 2000 + "item"}).encode()
kinds = os.environ.get("KINDS", "malformed truncated truncated-multipart oversized deep slow disconnect wrong-type bad-template").split()
boundary = "folio-soak-boundary"
multipart = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"document\"\r\n\r\n# Title\n\nText.\r\n"
             f"--{boundary}\r\nContent-Disposition: form-data; name=\"template\"\r\n\r\ninvoice\r\n--{boundary}--\r\n").encode()
counts = {k: 0 for k in kinds + ["good"]}
good_failures = 0
rss_start = rss_kb()
rss_samples = []
for i in range(count):
    if i:
        rss_samples.append(rss_kb())
    if i % 2 == 0:
        counts["good"] += 1
        if not good():
            good_failures += 1
        continue
    kind = rng.choice(kinds)
    counts[kind] += 1
    try:
        if kind == "malformed":
            post(good_body[: rng.randrange(1, len(good_body))] + b"}]{")
        elif kind == "truncated":
            head = f"POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(good_body)}\r\n\r\n".encode()
            raw(head + good_body[: len(good_body) // 2], close_early=True)   # cut short, then gone
        elif kind == "truncated-multipart":
            # A multipart body cut off inside a part: half sent, then the client waits or hangs up.
            head = (f"POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary={boundary}\r\n"
                    f"Content-Length: {len(multipart)}\r\n\r\n").encode()
            cut = multipart[: rng.randrange(10, len(multipart) - 10)]
            if rng.random() < 0.5:
                raw(head + cut, close_early=True)
            else:
                post(cut[:-4] + f"\r\n--{boundary}--\r\n".encode(), content_type=f"multipart/form-data; boundary={boundary}")
        elif kind == "oversized":
            post(b'{"document": "' + b"a" * (17 << 20) + b'"}')
        elif kind == "deep":
            post(deep)
        elif kind == "slow":
            head = b"POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
            t = threading.Thread(target=raw, args=(head, 1.0, True), daemon=True)
            t.start()
        elif kind == "disconnect":
            head = f"POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(good_body)}\r\n\r\n".encode()
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(head + good_body)
            s.close()   # gone before the answer
        elif kind == "wrong-type":
            post(b"# Markdown", content_type="text/markdown")
        elif kind == "bad-template":
            post(json.dumps({"document": "x", "template": "../../../etc"}).encode())
    except (OSError, http.client.HTTPException):
        pass  # the server may close on a bad request; what matters is that it lives
alive = good()
print(f"faults: {count} requests: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
print(f"faults: good requests failed: {good_failures}; server alive after: {alive}; "
      f"RSS {rss_start / 1024:.1f} MB before, {rss_kb() / 1024:.1f} MB after")
# Flat means no growth once every kind of request has been seen: the peak of each
# thousand requests, and the last thousand's against the first's (as the soak compares).
blocks = [max(rss_samples[k:k + 1000]) for k in range(0, len(rss_samples), 1000)]
print("faults: peak RSS per 1000 requests: " + ", ".join(f"{b / 1024:.1f}" for b in blocks) + " MB")
flat = len(blocks) < 2 or blocks[-1] <= blocks[0] * 1.10
if len(blocks) >= 2:
    print(f"faults: last 1000 against first 1000: {(blocks[-1] - blocks[0]) / blocks[0] * 100:+.1f} %")
sys.exit(1 if good_failures or not alive or not flat else 0)
