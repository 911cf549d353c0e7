-- wrk script: POST the body in BODY_FILE to /render as JSON; counts non-200 answers.
local f = assert(io.open(os.getenv("BODY_FILE"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
local bad = 0
function response(status, headers, body)
  if status ~= 200 then bad = bad + 1 end
end
function done(summary, latency, requests)
  io.write(string.format("non-200 answers: %d\n", summary.errors.status))
  for _, p in ipairs({50, 90, 99}) do
    io.write(string.format("p%d latency: %.1f ms\n", p, latency:percentile(p) / 1000))
  end
end
