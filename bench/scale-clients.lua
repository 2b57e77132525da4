-- wrk script for npm run bench:scale: every request from another client. HAProxy appends the address it saw
-- to X-Forwarded-For, and replicas trusting HAProxy (TRUST_PROXY) take the right-most untrusted address as the
-- client, so each request is counted for an address of its own in the shared window: 2^24 addresses in
-- 10.0.0.0/8, drawn at random (a collision of six in one minute is as good as impossible).
-- A global: done() reads it from each thread with thread:get.
statuses = {}
local counted = {}

function setup(thread)
  table.insert(counted, thread)
end

function init(args)
  math.randomseed(os.time() * 1000 + math.floor(os.clock() * 1e6))
end

function request()
  local address = "10." .. math.random(0, 255) .. "." .. math.random(0, 255) .. "." .. math.random(1, 254)
  return wrk.format(nil, nil, { ["X-Forwarded-For"] = address })
end

function response(status, headers, body)
  local key = tostring(status)
  statuses[key] = (statuses[key] or 0) + 1
end

-- One line the bench parses: the run's totals and every status seen, over all threads.
function done(summary, latency, requests)
  local merged = {}
  for _, thread in ipairs(counted) do
    local seen = thread:get("statuses")
    for status, n in pairs(seen) do
      merged[status] = (merged[status] or 0) + n
    end
  end
  local parts = {}
  for status, n in pairs(merged) do
    table.insert(parts, string.format('"%s":%d', status, n))
  end
  local errors = summary.errors
  io.write(string.format(
    'SCALE-RESULT {"requests":%d,"durationUs":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,' ..
      '"timeouts":%d,"p50Us":%d,"p99Us":%d,"statuses":{%s}}\n',
    summary.requests, summary.duration, errors.connect, errors.read, errors.write, errors.timeout,
    latency:percentile(50), latency:percentile(99), table.concat(parts, ",")))
end
