// tests/state_test.cpp: the optional virtual base class strata::state (R18): every hook is a
// virtual call, name() and modality() are virtual too, and a derived state can be pushed through
// a std::unique_ptr to the base.
#include <memory>
#include <string_view>

#include "support/trace.hpp"

namespace strata_test {
namespace {

using base = strata::state<recorder, event>;

// Overrides every hook, name() and modality().
class menu : public base, public counted {
public:
  explicit menu(recorder* destruction_log = nullptr)
      : destruction_log_(destruction_log) {}
  menu(const menu&) = delete;
  menu& operator=(const menu&) = delete;
  ~menu() override {
    if (destruction_log_ != nullptr) {
      destruction_log_->log("menu", "destroyed");
    }
  }

  void enter(recorder& r) override { r.log(name(), "enter"); }
  void exit(recorder& r) override { r.log(name(), "exit"); }
  void pause(recorder& r) override { r.log(name(), "pause"); }
  void resume(recorder& r) override { r.log(name(), "resume"); }
  void update(recorder& r, double /*dt*/) override { r.log(name(), "update"); }
  void update_covered(recorder& r, double /*dt*/) override { r.log(name(), "update_covered"); }
  void draw(recorder& r) override { r.log(name(), "draw"); }
  bool handle(recorder& r, const event& e) override {
    r.log(name(), "handle(" + std::to_string(e.code) + ")");
    return true;
  }
  [[nodiscard]] std::string_view name() const override { return "menu"; }
  [[nodiscard]] strata::modality modality() const override { return strata::modality::live; }

private:
  recorder* destruction_log_;
};

// Overrides nothing.
class bare : public base {};

class virtual_base : public stack_fixture {};

// committed: world | menu(unique_ptr<base>, live)*
// passes:    world.update_covered, menu.update / world.draw, menu.draw / menu.handle(1)
// requests:  pop
// commit:    menu.exit, menu.destroyed, world.resume   (deleted through the base)
TEST_F(virtual_base, r18_derived_state_pushed_through_a_base_pointer) {
  s.push<logged<"world">>();
  s.push(std::unique_ptr<base>(std::make_unique<menu>(&ctx)));
  s.commit();
  EXPECT_EQ(trace(), "world.enter, world.pause, menu.enter");
  EXPECT_EQ(s.describe(), "world | menu*");
  EXPECT_EQ(s.committed().top()->modality(), strata::modality::live);
  s.update(0.5);
  s.draw();
  EXPECT_TRUE(s.handle(event{1}));
  EXPECT_EQ(trace(), "world.update_covered, menu.update, world.draw, menu.draw, menu.handle(1)");
  // Pushed as the base, it is found as the base.
  EXPECT_NE(s.committed().top()->get<base>(), nullptr);
  EXPECT_EQ(s.committed().top()->get<menu>(), nullptr);
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "menu.exit, menu.destroyed, world.resume");
}

// committed: menu*   (pushed as itself, in pooled storage)
// requests:  push menu again; pop, pop
// commit:    menu.pause, menu.enter / menu.exit, menu.destroyed, menu.resume, menu.exit, ...
TEST_F(virtual_base, r18_derived_state_pushed_by_type) {
  s.push<menu>(&ctx);
  s.push(std::make_unique<menu>(&ctx));
  s.commit();
  EXPECT_EQ(trace(), "menu.enter, menu.pause, menu.enter");
  EXPECT_NE(s.committed()[0].get<menu>(), nullptr);
  s.clear();
  s.commit();
  EXPECT_EQ(trace(), "menu.exit, menu.destroyed, menu.resume, menu.exit, menu.destroyed");
}

// committed: world | bare*   (the base's defaults: name "state", modality screen, no-op hooks)
TEST_F(virtual_base, r18_the_base_defaults) {
  s.push<logged<"world">>();
  s.push<bare>();
  commit_setup();
  EXPECT_EQ(s.describe(), "world | state*");
  EXPECT_EQ(s.committed().top()->modality(), strata::modality::screen);
  s.update(0.5);
  s.draw();
  EXPECT_FALSE(s.handle(event{1}));
  EXPECT_EQ(trace(), "world.update_covered");
}

// A derived state that changes its name while on the stack: name() is read whenever needed.
class renamed : public base {
public:
  [[nodiscard]] std::string_view name() const override { return label; }
  std::string_view label = "before";
};

TEST_F(virtual_base, r18_name_is_read_whenever_needed) {
  s.push<renamed>();
  commit_setup();
  EXPECT_EQ(s.describe(), "before*");
  s.committed().top()->get<renamed>()->label = "after";
  EXPECT_EQ(s.describe(), "after*");
}

} // namespace
} // namespace strata_test
