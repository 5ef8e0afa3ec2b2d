-- The content calls as tests/load/content.sh drives them (wrk, LuaJIT).
--
-- MODE=get     the URL given to wrk, again and again (the hot lists);
-- MODE=paths   GET each line of the file PATHS in turn, from a random start per thread
--              (post detail, business profile, search, typing suggestions);
-- MODE=events  POST /api/v1/events: batches of 50 events about the post ids in the file IDS,
--              from 256 prepared bodies, each request with the next of the guest ids the
--              server issued (file GUESTS, sent as _tma_id; made-up ids would not count).
--
-- done() prints one line for the script to read: requests, microseconds, exact p50 and p99
-- in microseconds, non-2xx/3xx answers, socket errors.

local mode = os.getenv("MODE") or "get"
local lines = {}
local bodies = {}
local next_index = 1
local guest = 0
local guests = {}

local common = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "common.lua")
local read_lines, seed = common.read_lines, common.seed

local kinds = { "view", "view", "view", "click", "read_through", "share" }
local devices = { "MOBILE", "PC", "PC", "TABLET", "APP" }

function init(args)
  seed()
  if mode == "paths" then
    lines = read_lines(os.getenv("PATHS"))
    next_index = math.random(#lines)
  elseif mode == "events" then
    local ids = read_lines(os.getenv("IDS"))
    for b = 1, 256 do
      local events = {}
      for e = 1, 50 do
        events[e] = string.format(
          '{"kind":"%s","postSeq":%s,"offset":540,"deviceType":"%s"}',
          kinds[math.random(#kinds)], ids[math.random(#ids)], devices[math.random(#devices)])
      end
      bodies[b] = '{"events":[' .. table.concat(events, ",") .. ']}'
    end
    next_index = math.random(#bodies)
    guests = read_lines(os.getenv("GUESTS"))
    guest = math.random(#guests)
  end
end

function request()
  if mode == "paths" then
    local path = lines[next_index]
    next_index = next_index % #lines + 1
    return wrk.format("GET", path)
  elseif mode == "events" then
    local body = bodies[next_index]
    next_index = next_index % #bodies + 1
    guest = guest % #guests + 1
    return wrk.format("POST", "/api/v1/events", {
      ["Content-Type"] = "application/json",
      ["_off_set"] = "540",
      ["_tma_id"] = guests[guest],
    }, body)
  end
  return wrk.format("GET")
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d %d\n",
    summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99),
    e.status, e.connect + e.read + e.write + e.timeout))
end
