/* lua/strata_lua.c: the Lua module `strata` over the C API, for Lua 5.4 and for LuaJIT (the Lua
 * 5.1 API, which LOVE uses). A state is a Lua table whose methods are the hooks; every hook gets
 * the table, the stack and its own arguments. docs/lua.md describes it.
 *
 * It is a C module rather than a LuaJIT FFI binding on purpose: LuaJIT must not JIT-compile a
 * function that calls back into Lua through the FFI, and every frame calls back. Through the Lua
 * C API that rule does not arise, and the same module serves Lua 5.4.
 *
 * Errors: a Lua error raised by a hook never unwinds through the C++ core. The hook runs under
 * lua_pcall; its error becomes strata_fail(), which the core treats as a hook that threw (R25),
 * and the call of the module that ran the hook raises it again as a Lua error. */
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include <strata/strata.h>

#if LUA_VERSION_NUM < 502 /* Lua 5.1 and LuaJIT */
#define strata_lua_setfuncs(L, functions) luaL_register(L, NULL, functions)
#else
#define strata_lua_setfuncs(L, functions) luaL_setfuncs(L, functions, 0)
#endif

#define STACK_METATABLE "strata.stack"
/* The registry key (its address) of a table that finds each stack's userdata from its
 * strata_stack pointer, weakly, so that a hook can hand the stack to Lua. */
static const char stacks_key = 0;

/* The userdata of a stack, and the env of its C stack. */
typedef struct lua_stack {
  strata_stack* stack; /* NULL once destroyed */
  lua_State* L;        /* the thread of the module call under way, which hooks run on */
} lua_stack;

/* The data of one pushed state: the state's table, held in the registry. */
typedef struct lua_state_ref {
  int table;
} lua_state_ref;

/* Pushes the Lua object of `stack`. */
static void push_stack_object(lua_State* L, strata_stack* stack) {
  lua_pushlightuserdata(L, (void*)&stacks_key);
  lua_rawget(L, LUA_REGISTRYINDEX);
  lua_pushlightuserdata(L, stack);
  lua_rawget(L, -2);
  lua_remove(L, -2);
}

/* Calls method `hook` of the state, if it has one, with the state, the stack and the `extra`
 * arguments already pushed; leaves one result if `wants_result` (nil without a method). A Lua
 * error fails the hook through strata_fail. */
static void call_hook(strata_stack* stack, void* env, void* data, const char* hook, int extra,
                      int wants_result) {
  lua_State* L = ((lua_stack*)env)->L;
  const lua_state_ref* ref = (const lua_state_ref*)data;
  const int base = lua_gettop(L) - extra;
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref->table); /* extras..., state */
  lua_getfield(L, -1, hook);                     /* extras..., state, method */
  if (lua_isnil(L, -1)) {
    lua_settop(L, base);
  } else {
    lua_insert(L, base + 1); /* method, extras..., state */
    lua_insert(L, base + 2); /* method, state, extras... */
    push_stack_object(L, stack);
    lua_insert(L, base + 3); /* method, state, stack, extras... */
    if (lua_pcall(L, 2 + extra, wants_result, 0) == 0) {
      return;
    }
    strata_fail(stack, lua_isstring(L, -1) ? lua_tostring(L, -1) : "a Lua hook raised an error");
    lua_settop(L, base);
  }
  if (wants_result) {
    lua_pushnil(L);
  }
}

static void hook_enter(strata_stack* s, void* env, void* data) {
  call_hook(s, env, data, "enter", 0, 0);
}
static void hook_exit(strata_stack* s, void* env, void* data) {
  call_hook(s, env, data, "exit", 0, 0);
}
static void hook_pause(strata_stack* s, void* env, void* data) {
  call_hook(s, env, data, "pause", 0, 0);
}
static void hook_resume(strata_stack* s, void* env, void* data) {
  call_hook(s, env, data, "resume", 0, 0);
}
static void hook_focus(strata_stack* s, void* env, void* data) {
  call_hook(s, env, data, "focus", 0, 0);
}
static void hook_unfocus(strata_stack* s, void* env, void* data) {
  call_hook(s, env, data, "unfocus", 0, 0);
}
static void hook_draw(strata_stack* s, void* env, void* data) {
  call_hook(s, env, data, "draw", 0, 0);
}
static void tick(strata_stack* s, void* env, void* data, const char* hook, double dt) {
  lua_pushnumber(((lua_stack*)env)->L, dt);
  call_hook(s, env, data, hook, 1, 0);
}
static void hook_update(strata_stack* s, void* env, void* data, double dt) {
  tick(s, env, data, "update", dt);
}
static void hook_update_covered(strata_stack* s, void* env, void* data, double dt) {
  tick(s, env, data, "update_covered", dt);
}
static void hook_update_always(strata_stack* s, void* env, void* data, double dt) {
  tick(s, env, data, "update_always", dt);
}
/* The event is a Lua value in the registry, under the reference that `event` points to. */
static int hook_handle(strata_stack* s, void* env, void* data, const void* event) {
  lua_State* L = ((lua_stack*)env)->L;
  int consumed;
  lua_rawgeti(L, LUA_REGISTRYINDEX, *(const int*)event);
  call_hook(s, env, data, "handle", 1, 1);
  consumed = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return consumed;
}
/* The stack drops the state: the registry lets go of its table. */
static void release_state(void* env, void* data) {
  lua_state_ref* ref = (lua_state_ref*)data;
  luaL_unref(((lua_stack*)env)->L, LUA_REGISTRYINDEX, ref->table);
  free(ref);
}

/* Every Lua state is one of these two kinds, with every hook (a hook its table lacks costs a
 * lookup); the second for tables with update_always at their push, which the C API reads then
 * (R30: such states take the update pass off its plain path). Members in order (C89). */
#define STRATA_LUA_KIND(always)                                                                    \
  {                                                                                                \
    "lua", hook_enter, hook_exit, hook_pause, hook_resume, hook_update, hook_update_covered,       \
        hook_draw, hook_handle, release_state, 0, hook_focus, hook_unfocus, always, 0.0f, 0.0f,    \
        0.0f, 0, NULL                                                                              \
  }
static const strata_state plain_kind = STRATA_LUA_KIND(NULL);
static const strata_state always_kind = STRATA_LUA_KIND(hook_update_always);

/* ---- the stack object ---- */

static lua_stack* check_stack(lua_State* L) {
  lua_stack* self = (lua_stack*)luaL_checkudata(L, 1, STACK_METATABLE);
  if (self->stack == NULL) {
    luaL_error(L, "strata: the stack was destroyed");
  }
  self->L = L;
  return self;
}

/* Raises the stack's last error if `result` is one; returns `result` otherwise. */
static int checked(lua_State* L, lua_stack* self, int result) {
  if (result < 0) {
    return luaL_error(L, "%s", strata_last_error(self->stack));
  }
  return result;
}

static int stack_new(lua_State* L) {
  lua_stack* self = (lua_stack*)lua_newuserdata(L, sizeof(lua_stack));
  self->stack = NULL;
  self->L = L;
  luaL_getmetatable(L, STACK_METATABLE);
  lua_setmetatable(L, -2);
  if (strata_create(&self->stack, self, NULL) < 0) {
    return luaL_error(L, "strata: out of memory");
  }
  lua_pushlightuserdata(L, (void*)&stacks_key);
  lua_rawget(L, LUA_REGISTRYINDEX);
  lua_pushlightuserdata(L, self->stack);
  lua_pushvalue(L, -3);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  return 1;
}

static unsigned modality_named(lua_State* L, int index) {
  static const char* const names[] = {"screen", "opaque", "freeze", "live", "transparent", NULL};
  static const unsigned bits[] = {STRATA_SCREEN, STRATA_OPAQUE, STRATA_FREEZE, STRATA_LIVE,
                                  STRATA_TRANSPARENT};
  if (lua_isnoneornil(L, index)) {
    return 0;
  }
  return bits[luaL_checkoption(L, index, NULL, names)];
}

/* push(state [, name]) and replace(state [, name]): the table's `name`, `modality` and
 * `time_scale` fields are read at the push. Returns the entry's id (a number). */
static int push_or_replace(lua_State* L, int replace) {
  lua_stack* self = check_stack(L);
  strata_item item;
  strata_id id = STRATA_ID_NONE;
  lua_state_ref* ref;
  int result;
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_optstring(L, 3, NULL);
  lua_settop(L, 3); /* self, state, name or nil */
  memset(&item, 0, sizeof item);
  lua_getfield(L, 2, "update_always");
  item.state = lua_isnil(L, -1) ? &plain_kind : &always_kind;
  lua_getfield(L, 2, "name");
  item.name = lua_isnil(L, 3) ? lua_tostring(L, -1) : lua_tostring(L, 3);
  lua_getfield(L, 2, "modality");
  item.modality = modality_named(L, -1);
  lua_getfield(L, 2, "time_scale");
  item.time_scale = (float)luaL_optnumber(L, -1, 0.0);
  ref = (lua_state_ref*)malloc(sizeof *ref);
  if (ref == NULL) {
    return luaL_error(L, "strata: out of memory");
  }
  lua_pushvalue(L, 2);
  ref->table = luaL_ref(L, LUA_REGISTRYINDEX);
  item.data = ref;
  /* A push that fails has released `ref` through release_state already. */
  result = replace ? strata_replace_item_id(self->stack, &item, &id)
                   : strata_push_item_id(self->stack, &item, &id);
  lua_pop(L, 4);
  checked(L, self, result);
  lua_pushnumber(L, (lua_Number)id);
  return 1;
}
static int stack_push(lua_State* L) {
  return push_or_replace(L, 0);
}
static int stack_replace(lua_State* L) {
  return push_or_replace(L, 1);
}
static int stack_pop(lua_State* L) {
  lua_stack* self = check_stack(L);
  checked(L, self, strata_pop(self->stack));
  return 0;
}
static int stack_clear(lua_State* L) {
  lua_stack* self = check_stack(L);
  checked(L, self, strata_clear(self->stack));
  return 0;
}
static int stack_pop_to(lua_State* L) {
  lua_stack* self = check_stack(L);
  checked(L, self, strata_pop_to(self->stack, (size_t)luaL_checkinteger(L, 2)));
  return 0;
}
static int stack_close(lua_State* L) {
  lua_stack* self = check_stack(L);
  int closed = 0;
  checked(L, self, strata_close(self->stack, (strata_id)luaL_checknumber(L, 2), &closed));
  lua_pushboolean(L, closed);
  return 1;
}
static int stack_commit(lua_State* L) {
  lua_stack* self = check_stack(L);
  checked(L, self, strata_commit(self->stack));
  return 0;
}
static int stack_update(lua_State* L) {
  lua_stack* self = check_stack(L);
  checked(L, self, strata_update(self->stack, luaL_checknumber(L, 2)));
  return 0;
}
static int stack_draw(lua_State* L) {
  lua_stack* self = check_stack(L);
  checked(L, self, strata_draw(self->stack));
  return 0;
}
/* handle(event): true when a state consumed it. */
static int stack_handle(lua_State* L) {
  lua_stack* self = check_stack(L);
  int event;
  int result;
  luaL_checkany(L, 2);
  lua_pushvalue(L, 2);
  event = luaL_ref(L, LUA_REGISTRYINDEX);
  result = strata_handle(self->stack, &event);
  luaL_unref(L, LUA_REGISTRYINDEX, event);
  lua_pushboolean(L, checked(L, self, result) > 0);
  return 1;
}
/* frame(dt): commit, update, draw. */
static int stack_frame(lua_State* L) {
  lua_stack* self = check_stack(L);
  checked(L, self, strata_frame(self->stack, luaL_checknumber(L, 2)));
  return 0;
}
static int stack_size(lua_State* L) {
  lua_stack* self = check_stack(L);
  lua_pushinteger(L, (lua_Integer)strata_size(self->stack));
  return 1;
}
static int stack_staged_size(lua_State* L) {
  lua_stack* self = check_stack(L);
  lua_pushinteger(L, (lua_Integer)strata_staged_size(self->stack));
  return 1;
}
static int stack_top_name(lua_State* L) {
  lua_stack* self = check_stack(L);
  const char* name = strata_top_name(self->stack);
  if (name == NULL) {
    lua_pushnil(L);
  } else {
    lua_pushstring(L, name);
  }
  return 1;
}
static int stack_describe(lua_State* L) {
  lua_stack* self = check_stack(L);
  const int length = checked(L, self, strata_describe(self->stack, NULL, 0));
  char* text = (char*)lua_newuserdata(L, (size_t)length + 1); /* collected with the call */
  checked(L, self, strata_describe(self->stack, text, (size_t)length + 1));
  lua_pushlstring(L, text, (size_t)length);
  return 1;
}
/* destroy(): every state leaves (exit, top first); also when Lua collects the stack. */
static int stack_destroy(lua_State* L) {
  lua_stack* self = (lua_stack*)luaL_checkudata(L, 1, STACK_METATABLE);
  strata_stack* stack = self->stack;
  if (stack != NULL) {
    self->L = L;
    if (strata_destroy(stack) < 0) {
      return luaL_error(L, "%s", strata_last_error(stack));
    }
    self->stack = NULL;
  }
  return 0;
}

static const luaL_Reg stack_methods[] = {{"push", stack_push},
                                         {"replace", stack_replace},
                                         {"pop", stack_pop},
                                         {"clear", stack_clear},
                                         {"pop_to", stack_pop_to},
                                         {"close", stack_close},
                                         {"commit", stack_commit},
                                         {"update", stack_update},
                                         {"draw", stack_draw},
                                         {"handle", stack_handle},
                                         {"frame", stack_frame},
                                         {"size", stack_size},
                                         {"staged_size", stack_staged_size},
                                         {"top_name", stack_top_name},
                                         {"describe", stack_describe},
                                         {"destroy", stack_destroy},
                                         {NULL, NULL}};

static const luaL_Reg module_functions[] = {{"new", stack_new}, {NULL, NULL}};

int luaopen_strata(lua_State* L) {
  /* The weak table of stack objects. */
  lua_pushlightuserdata(L, (void*)&stacks_key);
  lua_newtable(L);
  lua_newtable(L);
  lua_pushstring(L, "v");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_rawset(L, LUA_REGISTRYINDEX);

  luaL_newmetatable(L, STACK_METATABLE);
  lua_newtable(L);
  strata_lua_setfuncs(L, stack_methods);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, stack_destroy);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);

  lua_newtable(L);
  strata_lua_setfuncs(L, module_functions);
  lua_pushinteger(L, strata_version());
  lua_setfield(L, -2, "version");
  return 1;
}
