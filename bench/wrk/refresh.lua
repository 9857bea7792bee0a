-- POST /v1/auth/refresh with rotating tokens: each thread starts from its share of the tokens in
-- BENCH_TOKENS_FILE and sends every successor it receives, so no token is replayed.
local queue = {}
local threadIndex = 0

function setup(thread)
  thread:set("index", threadIndex)
  threadIndex = threadIndex + 1
end

function init(args)
  local threads = tonumber(os.getenv("BENCH_THREADS") or "2")
  local n = 0
  for line in io.lines(os.getenv("BENCH_TOKENS_FILE")) do
    if n % threads == index then queue[#queue + 1] = line end
    n = n + 1
  end
end

function request()
  local token = table.remove(queue, 1) or "exhausted"
  return wrk.format("POST", "/v1/auth/refresh", { ["Content-Type"] = "application/json" },
    '{"refreshToken":"' .. token .. '"}')
end

function response(status, headers, body)
  local next = string.match(body, '"refreshToken":"([^"]+)"')
  if next then queue[#queue + 1] = next end
end
