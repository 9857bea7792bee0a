-- One request shape for wrk, from the environment:
--   BENCH_METHOD, BENCH_PATH (may hold {id}), BENCH_TOKEN, BENCH_BODY_FILE, BENCH_CONTENT_TYPE,
--   BENCH_IDS_FILE (one id per line: each request takes the next, so no id is used twice),
--   BENCH_IF_MATCH, BENCH_COOKIE (a desk page: the session cookie instead of a token).
local method = os.getenv("BENCH_METHOD") or "GET"
local path = os.getenv("BENCH_PATH") or "/"
local token = os.getenv("BENCH_TOKEN")
local body = nil
local bodyFile = os.getenv("BENCH_BODY_FILE")
if bodyFile then
  local f = assert(io.open(bodyFile, "rb"))
  body = f:read("*a")
  f:close()
end
local headers = {}
if token then headers["Authorization"] = "Bearer " .. token end
if os.getenv("BENCH_CONTENT_TYPE") then headers["Content-Type"] = os.getenv("BENCH_CONTENT_TYPE") end
if os.getenv("BENCH_IF_MATCH") then headers["If-Match"] = os.getenv("BENCH_IF_MATCH") end
if os.getenv("BENCH_COOKIE") then headers["Cookie"] = os.getenv("BENCH_COOKIE") end

-- Without an id list every request is the same: wrk then sends one prepared request and runs
-- no Lua per request, so the load generator takes as little of the 2 cores as it can.
local idsFile = os.getenv("BENCH_IDS_FILE")
if not idsFile then
  wrk.method = method
  wrk.path = path
  wrk.body = body
  for name, value in pairs(headers) do wrk.headers[name] = value end
else
  local ids = {}
  local counter = 0
  local threadIndex = 0
  local threadCount = 1

  function setup(thread)
    thread:set("index", threadIndex)
    threadIndex = threadIndex + 1
  end

  function init(args)
    threadCount = tonumber(os.getenv("BENCH_THREADS") or "2")
    counter = index or 0
    for line in io.lines(idsFile) do ids[#ids + 1] = line end
  end

  function request()
    -- Threads interleave over the list: thread t takes t, t+T, t+2T, …
    local i = counter % #ids + 1
    counter = counter + threadCount
    return wrk.format(method, string.gsub(path, "{id}", ids[i]), headers, body)
  end
end
