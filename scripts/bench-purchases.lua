-- wrk script for scripts/bench-purchases.sh: every request is a real purchase of a song the
-- buyer does not own yet, with its own Idempotency-Key. Buyers are spread over the threads;
-- request n of a thread goes to buyer (n mod buyers-per-thread) and buys that buyer's next song.
local threads = {}
local counter = 1

function setup(thread)
  thread:set("tid", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

function init(args)
  tokens = {}
  for line in io.lines(os.getenv("BENCH_TOKENS")) do table.insert(tokens, line) end
  local nthreads = tonumber(os.getenv("BENCH_THREADS"))
  per = math.floor(#tokens / nthreads)
  base = (tid - 1) * per
  n = 0
end

function request()
  local buyer = base + (n % per) + 1
  local song = math.floor(n / per)
  n = n + 1
  local body = string.format('{"trackId":"bt-%06d"}', song)
  local headers = {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. tokens[buyer],
    ["Idempotency-Key"] = string.format("bench-%d-%d-%d", tid, buyer, song),
  }
  return wrk.format("POST", "/api/v1/purchases", headers, body)
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  io.write(string.format(
    "requests %d in %.2fs: %.0f requests/s; non-2xx %d; socket errors %d; latency p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    summary.requests, seconds, summary.requests / seconds, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
