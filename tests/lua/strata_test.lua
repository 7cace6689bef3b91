-- tests/lua/strata_test.lua: the Lua module `strata` (lua/strata_lua.c), run by each Lua it was
-- built for (ctest lua_<lua>_strata_test). Each check compares the exact hook trace; the first
-- failure raises an error, which ends the interpreter with a non-zero status.
local strata = require("strata")

local trace = {}
local function record(entry)
  trace[#trace + 1] = entry
end
local function expect_trace(expected)
  local got = table.concat(trace, " ")
  trace = {}
  if got ~= expected then
    error("expected trace\n  " .. expected .. "\ngot\n  " .. got, 2)
  end
end
local function expect(got, expected)
  if got ~= expected then
    error("expected " .. tostring(expected) .. ", got " .. tostring(got), 2)
  end
end

-- A state whose lifecycle hooks record themselves; `extra` adds or replaces hooks and fields.
local function state(name, extra)
  local s = {name = name}
  for _, hook in ipairs({"enter", "exit", "pause", "resume"}) do
    s[hook] = function() record(name .. "." .. hook) end
  end
  s.update = function(_, _, dt) record(name .. ".update(" .. string.format("%g", dt) .. ")") end
  for key, value in pairs(extra or {}) do
    s[key] = value
  end
  return s
end

-- Hooks run in the C++ core's order; a push from a hook takes effect at the running commit.
do
  local stack = strata.new()
  stack:push(state("level"))
  stack:frame(0.5)
  expect_trace("level.enter level.update(0.5)")
  stack:push(state("pause", {modality = "freeze", enter = function(_, s)
    record("pause.enter")
    s:push(state("hint"))
  end}))
  stack:frame(0.25)
  expect_trace("level.pause pause.enter pause.pause hint.enter hint.update(0.25)")
  expect(stack:describe(), "level | pause | hint*")
  expect(stack:size(), 3)
  expect(stack:top_name(), "hint")
  stack:pop_to(1)
  stack:commit()
  expect_trace("hint.exit pause.resume pause.exit level.resume")
  stack:destroy()
  expect_trace("level.exit")
  expect(pcall(stack.size, stack), false) -- a destroyed stack refuses every call
end

-- Events go top down until a state consumes one; the event is any Lua value.
do
  local stack = strata.new()
  stack:push(state("world", {handle = function(_, _, event)
    record("world.handle(" .. event.key .. ")")
    return true
  end}))
  stack:push(state("dialog", {modality = "transparent", handle = function(_, s, event)
    record("dialog.handle(" .. event.key .. ")")
    if event.key == "esc" then
      s:pop()
      return true
    end
  end}))
  stack:commit()
  trace = {}
  expect(stack:handle({key = "left"}), true)
  expect_trace("dialog.handle(left) world.handle(left)")
  expect(stack:handle({key = "esc"}), true)
  stack:commit()
  expect_trace("dialog.handle(esc) dialog.exit world.resume")
  expect(stack:describe(), "world*")
  stack:destroy() -- now, rather than whenever Lua collects it, which would add to a later trace
  trace = {}
end

-- A Lua error in a hook fails that hook as an exception does in C++ (R25: a state whose enter
-- failed never entered), and the call that ran it raises the error in Lua.
do
  local stack = strata.new()
  stack:push(state("title"))
  stack:commit()
  trace = {}
  stack:push(state("broken", {enter = function() error("no assets") end}))
  local ok, message = pcall(stack.commit, stack)
  expect(ok, false)
  expect(message:find("'broken'.enter failed", 1, true) ~= nil, true)
  expect(message:find("no assets", 1, true) ~= nil, true)
  stack:commit()
  expect_trace("title.pause title.resume")
  expect(stack:describe(), "title*")
  stack:destroy()
  trace = {}
end

-- Ids, closing by id, replace, time scale and update_always.
do
  local stack = strata.new()
  stack:push(state("music", {update_always = function(_, _, dt)
    record("music.always(" .. string.format("%g", dt) .. ")")
  end}))
  local level = stack:push(state("level", {update_covered = function(_, _, dt)
    record("level.covered(" .. string.format("%g", dt) .. ")")
  end}))
  stack:push(state("slow", {modality = "live", time_scale = 0.5}))
  stack:commit()
  trace = {}
  stack:update(1)
  expect_trace("music.always(1) level.covered(0.5) slow.update(1)")
  expect(stack:close(level), true)
  expect(stack:close(level), false) -- no longer staged
  stack:replace(state("credits"))
  stack:commit()
  expect_trace("slow.exit level.resume level.exit music.resume music.exit credits.enter")
  stack:destroy()
  trace = {}
end

-- Collecting a stack destroys it: its states exit.
do
  local stack = strata.new()
  stack:push(state("orphan"))
  stack:commit()
  trace = {}
  stack = nil
  collectgarbage()
  collectgarbage()
  expect_trace("orphan.exit")
end

print("strata Lua module: all checks passed (strata " .. strata.version .. ")")
