-- wrk script for the money phases (http-load.ts, wrkRequests): sends a prepared list of requests,
-- each once, and counts the answers by status. wrk's own "requests/sec" would count any answer;
-- a money action counts only when it was done (2xx).
--
-- Arguments: the list's file, wrk's thread count, the Origin header. Each line of the file is one
-- request: method, path, Cookie header, Idempotency-Key (may be empty) and JSON body (may be
-- empty), separated by tabs. Thread k sends lines k, k + threads, k + 2 × threads, …

local threads = {}

function setup(thread)
  thread:set("index", #threads)
  table.insert(threads, thread)
end

function init(args)
  local file, count = args[1], tonumber(args[2])
  origin = args[3]
  queue = {}
  local n = 0
  for line in io.lines(file) do
    if n % count == index then
      table.insert(queue, line)
    end
    n = n + 1
  end
  position = 0
  ok = 0
  ran_out = 0
  failed = ""   -- "409 " once per failed answer (thread:get copies strings and numbers)
  samples = ""  -- the first few failed answers, one per line
  sample_count = 0
end

local function fields(line)
  local parts = {}
  for part in string.gmatch(line .. "\t", "([^\t]*)\t") do
    table.insert(parts, part)
  end
  return parts
end

function request()
  position = position + 1
  local line = queue[position]
  if line == nil then
    -- No work left: stop this thread. What it sends meanwhile is not counted (see response).
    ran_out = 1
    wrk.thread:stop()
    return wrk.format("GET", "/api/health")
  end
  local f = fields(line)
  local headers = { ["Origin"] = origin, ["Cookie"] = f[3] }
  if f[4] ~= "" then
    headers["Idempotency-Key"] = f[4]
  end
  local body = nil
  if f[5] ~= nil and f[5] ~= "" then
    body = f[5]
    headers["Content-Type"] = "application/json"
  end
  return wrk.format(f[1], f[2], headers, body)
end

function response(status, headers, body)
  if ran_out == 1 then
    return
  end
  if status >= 200 and status < 300 then
    ok = ok + 1
  else
    failed = failed .. status .. " "
    if sample_count < 3 then
      sample_count = sample_count + 1
      samples = samples .. status .. " " .. string.sub(string.gsub(body or "", "%s+", " "), 1, 200) .. "\n"
    end
  end
end

function done(summary, latency, requests)
  local total_ok, total_failed, all_samples, any_ran_out = 0, "", "", 0
  for _, thread in ipairs(threads) do
    total_ok = total_ok + thread:get("ok")
    total_failed = total_failed .. thread:get("failed")
    all_samples = all_samples .. thread:get("samples")
    any_ran_out = math.max(any_ran_out, thread:get("ran_out"))
  end
  io.write(string.format("nexapay ok %d\n", total_ok))
  io.write(string.format("nexapay seconds %.3f\n", summary.duration / 1e6))
  io.write(string.format("nexapay ran-out %d\n", any_ran_out))
  io.write("nexapay failed " .. total_failed .. "\n")
  for line in string.gmatch(all_samples, "[^\n]+") do
    io.write("nexapay sample " .. line .. "\n")
  end
end
