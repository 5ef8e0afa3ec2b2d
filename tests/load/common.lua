-- What the wrk scripts of tests/load share: reading a file of paths or ids, and seeding each
-- thread's random numbers apart. Loaded with dofile from the script's own folder.
local common = {}

function common.read_lines(path)
  local found = {}
  for line in io.lines(path) do
    if line ~= "" then
      found[#found + 1] = line
    end
  end
  assert(#found > 0, "no lines in " .. path)
  return found
end

function common.seed()
  local address = tostring({}):match("0x(%x+)") or "0"
  math.randomseed(os.time() + tonumber(address, 16) % 1000003)
end

return common
