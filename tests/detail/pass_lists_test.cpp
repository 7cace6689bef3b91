// tests/detail/pass_lists_test.cpp: pins detail::pass_lists on its own: the calls each pass makes
// as states are remembered and forgotten, each modality's floors, the time-scale factors of
// update_with_extras, the floors recomputed by changed_from, and the passes' starts refreshed
// after each change.
#include <cstddef>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <strata/detail/pass_lists.hpp>

#include "support/owned_part.hpp"

namespace {

// The context: every call a pass makes, in order.
struct calls {
  std::vector<std::string> made;
  void add(const std::string& who, std::string_view what, double dt = -1) {
    std::ostringstream line;
    line << who << '.' << what;
    if (dt >= 0) {
      line << '(' << dt << ')';
    }
    made.push_back(line.str());
  }
  // "a.update(1), b.draw"; the next take() starts empty.
  std::string take() {
    std::string text;
    for (const std::string& line : made) {
      text += (text.empty() ? "" : ", ") + line;
    }
    made.clear();
    return text;
  }
};
struct event {
  int code;
};

// Every pass hook; handle consumes the event whose code is `consumes`.
struct full {
  std::string tag;
  int consumes = -1;
  void update(calls& c, double dt) { c.add(tag, "update", dt); }
  void update_covered(calls& c, double dt) { c.add(tag, "update_covered", dt); }
  void draw(calls& c) { c.add(tag, "draw"); }
  bool handle(calls& c, const event& e) {
    c.add(tag, "handle");
    return e.code == consumes;
  }
};
// Draws only: the other passes never walk it.
struct hud {
  void draw(calls& c) { c.add("hud", "draw"); }
};
// R30: updated every frame, whatever covers it.
struct ticker {
  void update_always(calls& c, double dt) { c.add("ticker", "update_always", dt); }
};

using entry = strata::detail::entry<calls, event>;
const strata::memory new_and_delete{};

// A committed stack the way the core keeps it, with the pass lists following its top.
class pass_lists : public ::testing::Test {
protected:
  template <class T>
  void push(T& state, strata::modality mode = strata::modality::screen, float time_scale = 1.0F) {
    committed.emplace_back(&strata::detail::ops_for<T, calls, event>, &state,
                           strata::detail::ownership::borrowed);
    committed.back().set_mode(mode);
    scale(committed.size() - 1, time_scale);
    lists.remember(lists.memory, committed.back());
  }
  void scale(std::size_t depth, float time_scale) { committed[depth].set_time_scale(time_scale); }
  void pop() {
    lists.forget(committed.back());
    committed.pop_back();
  }
  std::string update(double dt) {
    refresh_starts();
    if (lists.plain_update()) {
      lists.update(log, dt);
    } else {
      lists.update_with_extras(
          log, dt, [this](std::size_t depth) -> const entry& { return committed[depth]; },
          [](strata::hook, const entry&, std::size_t, auto&& call) { call(); });
    }
    return log.take();
  }
  // As the core does before a plain pass, after a commit changed the committed stack.
  void refresh_starts() {
    if (!lists.starts_fresh()) {
      lists.refresh_starts(committed.empty() ? nullptr : &committed.back());
    }
  }
  std::string draw() {
    refresh_starts();
    lists.draw(log);
    return log.take();
  }
  std::string handle(int code, bool* consumed = nullptr) {
    refresh_starts();
    const bool taken = lists.handle(log, event{code});
    if (consumed != nullptr) {
      *consumed = taken;
    }
    return log.take();
  }
  void changed_from(std::size_t depth, bool was_extra) {
    lists.changed_from(depth, was_extra,
                       [this](std::size_t d) -> const entry& { return committed[d]; });
  }

  calls log;
  std::vector<entry> committed;
  strata_test::owned_part<strata::detail::pass_lists<calls, event>> lists{new_and_delete};
  full world{"world"};
  full menu{"menu"};
  full popup{"popup"};
};

TEST_F(pass_lists, remember_and_forget_follow_the_committed_top) {
  EXPECT_TRUE(lists.empty());
  EXPECT_FALSE(lists.plain_update());
  push(world);
  push(menu);                         // screen: updates reach world, nothing else does
  EXPECT_FALSE(lists.starts_fresh()); // a change waits for the first pass after it
  EXPECT_FALSE(lists.plain_update());
  refresh_starts();
  EXPECT_TRUE(lists.plain_update());
  EXPECT_EQ(update(0.5), "world.update_covered(0.5), menu.update(0.5)");
  EXPECT_EQ(draw(), "menu.draw");
  EXPECT_EQ(handle(0), "menu.handle");
  pop();
  EXPECT_EQ(update(0.5), "world.update(0.5)");
  EXPECT_EQ(draw(), "world.draw");
  pop();
  EXPECT_TRUE(lists.empty());
  EXPECT_FALSE(lists.plain_update());
  EXPECT_EQ(draw(), "");
  EXPECT_EQ(handle(0), "");
}

TEST_F(pass_lists, each_modality_sets_how_far_each_pass_reaches) {
  struct expected {
    strata::modality mode;
    const char* update;
    const char* draw;
    const char* handle;
  };
  const expected cases[] = {
      {strata::modality::screen, "world.update_covered(1), menu.update(1)", "menu.draw",
       "menu.handle"},
      {strata::modality::opaque, "menu.update(1)", "menu.draw", "menu.handle"},
      {strata::modality::freeze, "menu.update(1)", "world.draw, menu.draw", "menu.handle"},
      {strata::modality::live, "world.update_covered(1), menu.update(1)", "world.draw, menu.draw",
       "menu.handle"},
      {strata::modality::transparent, "world.update_covered(1), menu.update(1)",
       "world.draw, menu.draw", "menu.handle, world.handle"},
  };
  for (const expected& c : cases) {
    push(world);
    push(menu, c.mode);
    EXPECT_EQ(update(1), c.update);
    EXPECT_EQ(draw(), c.draw);
    EXPECT_EQ(handle(0), c.handle);
    pop();
    pop();
  }
}

TEST_F(pass_lists, floors_stack_up_and_handle_stops_at_a_consumer) {
  hud overlay;
  push(world);
  push(menu, strata::modality::freeze); // world is frozen below it
  push(overlay, strata::modality::transparent);
  EXPECT_EQ(update(1), "menu.update_covered(1)"); // hud has no update
  EXPECT_EQ(draw(), "world.draw, menu.draw, hud.draw");
  pop();
  push(popup, strata::modality::transparent);
  menu.consumes = 7;
  bool consumed = false;
  EXPECT_EQ(handle(7, &consumed), "popup.handle, menu.handle");
  EXPECT_TRUE(consumed);
  EXPECT_EQ(handle(8, &consumed), "popup.handle, menu.handle"); // freeze lets no input through
  EXPECT_FALSE(consumed);
}

TEST_F(pass_lists, update_with_extras_scales_each_covered_dt_by_the_scales_above) {
  ticker background;
  push(background);
  push(world, strata::modality::opaque);
  push(menu, strata::modality::screen, 0.5F);
  EXPECT_FALSE(lists.plain_update());
  push(popup, strata::modality::screen, 0.25F);
  // ticker first, with the frame's dt, although world stops the updates below it.
  EXPECT_EQ(update(8), "ticker.update_always(8), world.update_covered(1), "
                       "menu.update_covered(2), popup.update(8)");
  pop();
  pop();
  pop();
  refresh_starts();
  EXPECT_FALSE(lists.plain_update()); // the ticker still counts
  pop();
  push(world);
  refresh_starts();
  EXPECT_TRUE(lists.plain_update());
  push(menu, strata::modality::screen, 0.0F); // a scale of 0 lets no update through
  EXPECT_EQ(update(8), "menu.update(8)");
}

TEST_F(pass_lists, changed_from_recomputes_the_floors_at_and_above_a_depth) {
  push(world);
  push(menu);
  push(popup, strata::modality::transparent);
  EXPECT_EQ(draw(), "menu.draw, popup.draw");
  committed[1].set_mode(strata::modality::transparent);
  changed_from(1, false);
  EXPECT_EQ(draw(), "world.draw, menu.draw, popup.draw"); // popup's floor moved too
  EXPECT_EQ(handle(0), "popup.handle, menu.handle, world.handle");
  scale(2, 0.5F);
  changed_from(2, false);
  EXPECT_FALSE(lists.plain_update());
  EXPECT_EQ(update(1), "world.update_covered(0.5), menu.update_covered(0.5), popup.update(1)");
  scale(2, 1.0F);
  changed_from(2, true);
  refresh_starts();
  EXPECT_TRUE(lists.plain_update());
  EXPECT_EQ(update(1), "world.update_covered(1), menu.update_covered(1), popup.update(1)");
}

} // namespace
