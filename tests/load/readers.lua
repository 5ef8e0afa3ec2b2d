-- Readers and a crawler as tests/load/readers.sh drives them (wrk, LuaJIT).
--
-- MODE=zipf  GET a line of the file PATHS drawn by a Zipf law: the line at rank k (1 first)
--            with probability proportional to 1 / k^ZIPF (ZIPF, default 1.0). The file lists
--            the whole catalogue, the most read first.
-- MODE=walk  GET every line of PATHS in order, from the first, as a crawler walks a site
--            (each thread from its own share of the file).
-- MODE=get   the URL given to wrk, again and again.
--
-- RATE (requests a second, for each wrk thread; 0 or unset: as fast as the connections allow)
-- paces the requests as a crawler paces itself: each request is sent at its turn on a steady
-- clock, never earlier, so the load offered is the same whichever server answers.
--
-- Every request sends ENCODING as Accept-Encoding ("gzip, deflate, br" unless set; empty
-- sends none), as browsers and crawlers do.
--
-- done() prints one line for the script to read: requests, microseconds, exact p50 and p99 in
-- microseconds, non-2xx/3xx answers, socket errors, bytes read.

local mode = os.getenv("MODE") or "get"
local encoding = os.getenv("ENCODING") or "gzip, deflate, br"
local exponent = tonumber(os.getenv("ZIPF") or "1.0")
local lines = {}
local cumulative = {}
local total = 0
local next_index = 1
local headers = {}

local threads_made = 0
local rate = tonumber(os.getenv("RATE") or "0")
local interval_ms = rate > 0 and 1000 / rate or 0
local next_at = nil

-- Milliseconds on the monotonic clock (LuaJIT's ffi: wrk's Lua has no clock of its own).
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } pace_timespec;
  int clock_gettime(int clock, pace_timespec *now);
]]
local now_buffer = ffi.new("pace_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, now_buffer)
  return tonumber(now_buffer.tv_sec) * 1000 + tonumber(now_buffer.tv_nsec) / 1e6
end

function setup(thread)
  threads_made = threads_made + 1
  thread:set("thread_number", threads_made)
end

local common = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "common.lua")
local read_lines, seed = common.read_lines, common.seed

function init(args)
  seed()
  if encoding ~= "" then
    headers["Accept-Encoding"] = encoding
  end
  if mode == "zipf" or mode == "walk" then
    lines = read_lines(os.getenv("PATHS"))
  end
  if mode == "zipf" then
    for k = 1, #lines do
      total = total + 1 / k ^ exponent
      cumulative[k] = total
    end
  elseif mode == "walk" then
    -- Thread n of N starts at the n-th share, so the threads together walk the file once.
    local threads = tonumber(os.getenv("THREADS") or "1")
    local n = (thread_number or 1) - 1
    next_index = math.floor(#lines * n / threads) + 1
  end
end

-- The rank whose cumulative weight first reaches u (a binary search).
local function rank(u)
  local low, high = 1, #cumulative
  while low < high do
    local middle = math.floor((low + high) / 2)
    if cumulative[middle] < u then
      low = middle + 1
    else
      high = middle
    end
  end
  return low
end

function request()
  if mode == "zipf" then
    return wrk.format("GET", lines[rank(math.random() * total)], headers)
  elseif mode == "walk" then
    local path = lines[next_index]
    next_index = next_index % #lines + 1
    return wrk.format("GET", path, headers)
  end
  return wrk.format("GET", nil, headers)
end

-- With RATE set, how long to wait before the next request: until its turn on the clock.
if interval_ms > 0 then
  function delay()
    local now = now_ms()
    if next_at == nil or next_at < now - 1000 then
      next_at = now
    end
    next_at = next_at + interval_ms
    return math.max(0, math.floor(next_at - interval_ms - now))
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d %d %d\n",
    summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99),
    e.status, e.connect + e.read + e.write + e.timeout, summary.bytes))
end
