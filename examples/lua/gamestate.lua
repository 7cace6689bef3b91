-- examples/lua/gamestate.lua: strata from Lua, in the shape of a LOVE game that used
-- hump.gamestate: states are tables of callbacks, and the game loop hands each frame and each
-- key to the stack. Here the loop is scripted (keys at given frames) so that the output is
-- always the same; in LOVE, love.update, love.draw and love.keypressed would call the stack.
-- Run: LUA_CPATH='<build>/lua/lua5.4/?.so' lua5.4 examples/lua/gamestate.lua (or luajit).
local strata = require("strata")

local function say(...)
  print(table.concat({...}, " "))
end

local new_level -- below: a level's table, made for each level

local title = {name = "title"}
function title:enter() say("  title: press start") end
function title:handle(stack, key)
  if key == "start" then
    stack:replace(new_level(1))
    return true
  end
end
function title:draw() say("  draw title") end

local pause = {name = "pause", modality = "freeze"} -- the level stays drawn, frozen
function pause:enter() say("  pause: game paused") end
function pause:exit() say("  pause: back to the game") end
function pause:handle(stack, key)
  if key == "p" then
    stack:pop()
  end
  return true -- nothing reaches the level while paused
end
function pause:draw() say("  draw pause menu") end

function new_level(number)
  local level = {name = "level " .. number, number = number, time = 0}
  function level:enter() say("  " .. self.name .. ": go") end
  function level:pause() say(string.format("  %s: paused at %g s", self.name, self.time)) end
  function level:resume() say("  " .. self.name .. ": resumed") end
  function level:exit() say("  " .. self.name .. ": left") end
  function level:update(stack, dt)
    self.time = self.time + dt
    if self.time >= 4 then -- cleared: on to the next level
      stack:replace(new_level(self.number + 1))
    end
  end
  function level:handle(stack, key)
    if key == "p" then
      stack:push(pause)
      return true
    end
  end
  function level:draw() say(string.format("  draw %s (%g s)", self.name, self.time)) end
  return level
end

local stack = strata.new()
stack:push(title)
local keys = {[2] = "start", [4] = "p", [6] = "p"}
for frame = 1, 10 do
  say("frame " .. frame .. ": " .. stack:describe())
  if keys[frame] then
    say("  key " .. keys[frame])
    stack:handle(keys[frame])
  end
  stack:frame(1) -- commit, update, draw
end
say("end: " .. stack:describe())
stack:destroy()
