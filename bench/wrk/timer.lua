-- The timer pressed by many people's automations: each request is the next person's press from
-- BENCH_TOKENS_FILE (access tokens), start on one round through the list and stop on the next.
local tokens = {}
local counter = 0
local threadIndex = 0
local threadCount = 1
local body = '{"projectId":"' .. (os.getenv("BENCH_PROJECT") or "") .. '","description":"Bench"}'

function setup(thread)
  thread:set("index", threadIndex)
  threadIndex = threadIndex + 1
end

function init(args)
  threadCount = tonumber(os.getenv("BENCH_THREADS") or "2")
  counter = index or 0
  for line in io.lines(os.getenv("BENCH_TOKENS_FILE")) do tokens[#tokens + 1] = line end
end

function request()
  local i = counter % #tokens + 1
  local round = math.floor(counter / #tokens)
  counter = counter + threadCount
  local headers = { ["Authorization"] = "Bearer " .. tokens[i] }
  if round % 2 == 0 then
    headers["Content-Type"] = "application/json"
    return wrk.format("POST", "/v1/me/timer/start", headers, body)
  end
  return wrk.format("POST", "/v1/me/timer/stop", headers, nil)
end
