// tests/hooks_test.cpp: how strata finds and calls a state's hooks (R17): with or without the
// context, what each hook receives, missing hooks never called, and stacks without a context or
// an event type.
#include <string>

#include "support/trace.hpp"

namespace strata_test {
namespace {

class hooks : public stack_fixture {};

// Every hook without the context: they log into a recorder of their own.
struct no_context_hooks {
  static constexpr std::string_view name = "bare";
  explicit no_context_hooks(recorder& own)
      : log(&own) {}
  void enter() { log->log(name, "enter"); }
  void exit() { log->log(name, "exit"); }
  void pause() { log->log(name, "pause"); }
  void resume() { log->log(name, "resume"); }
  void update(double dt) { log->log(name, "update(" + std::to_string(dt) + ")"); }
  void update_covered(double dt) { log->log(name, "update_covered(" + std::to_string(dt) + ")"); }
  void draw() const { log->log(name, "draw"); }
  bool handle(const event& e) {
    log->log(name, "handle(" + std::to_string(e.code) + ")");
    return e.code == 1;
  }
  recorder* log;
};

// Every hook with the context, checking the values each receives.
struct context_hooks {
  static constexpr std::string_view name = "full";
  static constexpr strata::modality modality = strata::modality::transparent;
  void enter(recorder& r) { r.log(name, "enter"); }
  void exit(recorder& r) { r.log(name, "exit"); }
  void pause(recorder& r) { r.log(name, "pause"); }
  void resume(recorder& r) { r.log(name, "resume"); }
  void update(recorder& r, double dt) { r.log(name, "update(" + std::to_string(dt) + ")"); }
  void update_covered(recorder& r, double dt) {
    r.log(name, "update_covered(" + std::to_string(dt) + ")");
  }
  void draw(recorder& r) const { r.log(name, "draw"); }
  bool handle(recorder& r, const event& e) {
    r.log(name, "handle(" + std::to_string(e.code) + ")");
    return false;
  }
};

// committed: bare | full(transparent)*   (bare's hooks take no context, full's do)
// passes:    each receives dt and the event; handle stops at bare, which consumes code 1
TEST_F(hooks, r17_hooks_with_and_without_the_context) {
  s.push<no_context_hooks>(ctx);
  s.push<context_hooks>();
  s.commit();
  EXPECT_EQ(trace(), "bare.enter, bare.pause, full.enter");
  s.update(0.25);
  EXPECT_EQ(trace(), "bare.update_covered(0.250000), full.update(0.250000)");
  s.draw();
  EXPECT_EQ(trace(), "bare.draw, full.draw");
  EXPECT_TRUE(s.handle(event{1}));
  EXPECT_FALSE(s.handle(event{2}));
  EXPECT_EQ(trace(), "full.handle(1), bare.handle(1), full.handle(2), bare.handle(2)");
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "full.exit, bare.resume");
}

// Only an enter (with the context) and an exit (without).
struct mixed {
  explicit mixed(recorder& own)
      : log(&own) {}
  void enter(recorder& r) { r.log("mixed", "enter"); }
  void exit() { log->log("mixed", "exit"); }
  recorder* log;
};

// committed: world | mixed*   (mixed has no pause, resume, update, draw or handle)
// passes:    world.update_covered only; nothing is drawn or handled
TEST_F(hooks, r17_missing_hooks_are_never_called) {
  s.push<logged<"world", strata::modality::transparent>>();
  s.push<mixed>(ctx).modality(strata::modality::transparent);
  s.push<logged<"top", strata::modality::transparent>>();
  s.commit();
  EXPECT_EQ(trace(), "world.enter, world.pause, mixed.enter, top.enter");
  s.update(0.5);
  s.draw();
  s.handle(event{1});
  EXPECT_EQ(trace(), "world.update_covered, top.update, world.draw, top.draw, top.handle(1), "
                     "world.handle(1)");
  s.pop();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "top.exit, mixed.exit, world.resume");
}

// No hook at all means no entry in the type's table: no call, no per-frame cost.
TEST(hooks_table, r17_missing_hooks_leave_null_entries) {
  constexpr const auto& ops = strata::detail::ops_for<mixed, recorder, event>;
  static_assert(ops.pause == nullptr && ops.resume == nullptr && ops.update == nullptr &&
                ops.update_covered == nullptr && ops.draw == nullptr && ops.handle == nullptr);
  SUCCEED();
}

// A state for a stack with no context and no events.
struct plain_state {
  explicit plain_state(recorder& own)
      : log(&own) {}
  void enter() { log->log("plain", "enter"); }
  void exit() { log->log("plain", "exit"); }
  void update(double) { log->log("plain", "update"); }
  void draw() { log->log("plain", "draw"); }
  recorder* log;
};

// committed: plain*   in a strata::stack<> (no context, no events)
// frame:     plain.enter, plain.update, plain.draw
TEST(hooks_without_context, r17_a_stack_without_context_or_events) {
  recorder log;
  {
    strata::stack<> s;
    s.push<plain_state>(log);
    s.frame(0.5);
    EXPECT_EQ(log.take(), "plain.enter, plain.update, plain.draw");
    static_assert(std::is_same_v<decltype(s.context()), strata::no_context&>);
  }
  EXPECT_EQ(log.take(), "plain.exit");
}

// A stack with a context and no events: handle() does not exist.
template <class Stack>
concept handles_events = requires(Stack& s) {
  s.handle(strata::no_event{});
};
static_assert(!handles_events<strata::stack<recorder>>);
static_assert(requires(test_stack & s) {
  { s.handle(event{}) } -> std::same_as<bool>;
});

// committed: counter*   in a strata::stack<recorder> (context, no events)
TEST(hooks_without_events, r17_a_stack_with_a_context_and_no_events) {
  recorder ctx;
  strata::stack<recorder> s{ctx};
  s.push<logged<"counter">>();
  s.frame(0.5);
  EXPECT_EQ(ctx.take(), "counter.enter, counter.update, counter.draw");
}

// A hook inherited from a base class counts as the state's own.
struct inherits_enter : mixed {
  using mixed::mixed;
};

TEST_F(hooks, r17_inherited_hooks_are_found) {
  s.push<inherits_enter>(ctx);
  s.commit();
  s.clear();
  s.commit();
  EXPECT_EQ(trace(), "mixed.enter, mixed.exit");
}

} // namespace
} // namespace strata_test
