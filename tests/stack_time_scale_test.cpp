// tests/stack_time_scale_test.cpp: states that update whatever covers them (R30) and time scales
// on the dt of the covered updates below a state (R32).
#include <cmath>
#include <limits>
#include <string>

#include "support/expect_error.hpp"
#include "support/focus_states.hpp"

namespace strata_test {
namespace {

using strata::errc;
using strata::modality;

class background_updates : public stack_fixture {};

// committed: system | title | world | level | pause*   (pause freezes)
// update:    system.update_always(0.5), pause.update(0.5)   (the music keeps going)
TEST_F(background_updates, r30_the_first_seeds_system_state_runs_under_a_freezing_pause) {
  s.push<background<"system">>();
  s.push<timed<"title">>();
  s.push<timed<"world">>();
  s.push<timed<"level">>();
  s.push<timed<"pause", modality::freeze>>();
  commit_setup();
  s.update(0.5);
  EXPECT_EQ(trace(), "system.update_always(0.5), pause.update(0.5)");
  s.pop();
  s.commit();
  s.update(0.5);
  EXPECT_EQ(trace(), "system.update_always(0.5), title.update_covered(0.5), "
                     "world.update_covered(0.5), level.update(0.5)");
}

// Every update_always first, bottom to top, then the reach walk; a state may get both, and the
// top gets update_always as well as update.
TEST_F(background_updates, r30_update_always_runs_first_bottom_to_top_besides_the_other_hooks) {
  s.push<timed<"a", modality::screen, 100, true>>();
  s.push<timed<"b", modality::opaque>>();
  s.push<timed<"c", modality::screen, 100, true>>();
  commit_setup();
  s.update(0.25);
  EXPECT_EQ(trace(), "a.update_always(0.25), c.update_always(0.25), b.update_covered(0.25), "
                     "c.update(0.25)");
  s.draw();
  EXPECT_EQ(trace(), ""); // draw and input are not affected
}

// Once the background state has left, the pass is the plain one again.
TEST_F(background_updates, r30_a_background_state_that_left_is_not_called) {
  s.push<timed<"a">>();
  s.push<background<"music">>();
  s.push<timed<"b">>();
  commit_setup();
  s.pop();
  s.pop();
  s.commit();
  s.update(1);
  EXPECT_EQ(trace(), "a.update(1)");
}

class time_scale : public stack_fixture {};

// committed: a | b(0.5) | c(0.5, live)*   (the scales are declared by the types)
// update:    a gets dt * 0.5 * 0.5, b gets dt * 0.5, the top its own dt
TEST_F(time_scale, r32_covered_states_get_the_product_of_the_scales_above) {
  s.push<timed<"a">>();
  s.push<timed<"b", modality::screen, 50>>();
  s.push<timed<"c", modality::live, 50>>();
  commit_setup();
  s.update(1);
  EXPECT_EQ(trace(), "a.update_covered(0.25), b.update_covered(0.5), c.update(1)");
  EXPECT_EQ(s.committed()[1].time_scale(), 0.5F);
}

// A scale of 0 stops the covered updates like update_below = false; update_always keeps its dt.
TEST_F(time_scale, r32_a_scale_of_0_stops_the_updates_below_but_not_update_always) {
  s.push<timed<"a", modality::screen, 100, true>>();
  s.push<timed<"b">>();
  s.push<timed<"menu", modality::live, 0>>();
  commit_setup();
  s.update(1);
  EXPECT_EQ(trace(), "a.update_always(1), menu.update(1)");
}

// A push may override its type's scale, and a handle kept past the commit changes it from the
// next pass on (like .modality(), R16).
TEST_F(time_scale, r32_a_push_overrides_the_scale_and_a_kept_handle_changes_it) {
  s.push<timed<"world">>();
  auto menu = s.push<timed<"menu", modality::live>>();
  commit_setup();
  s.update(1);
  EXPECT_EQ(trace(), "world.update_covered(1), menu.update(1)");
  std::move(menu).time_scale(0.125F);
  s.update(1);
  EXPECT_EQ(trace(), "world.update_covered(0.125), menu.update(1)");
  s.push<timed<"hint", modality::live>>().time_scale(0.5F);
  s.commit();
  s.update(1);
  EXPECT_EQ(trace(), "world.update_covered(0.0625), menu.update_covered(0.5), hint.update(1)");
}

TEST_F(time_scale, r32_a_bad_scale_is_an_error_and_changes_nothing) {
  s.push<timed<"world">>();
  auto menu = s.push<timed<"menu", modality::live>>();
  commit_setup();
  for (const float bad :
       {-1.0F, std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()}) {
    char shown[32];
    std::snprintf(shown, sizeof shown, "%f", static_cast<double>(bad));
    expect_error(s, errc::bad_time_scale,
                 std::string("strata: time_scale(") + shown +
                     ") on 'menu': a time scale is a finite number, 0 or more",
                 [&] { std::move(menu).time_scale(bad); });
  }
  s.update(1);
  EXPECT_EQ(trace(), "world.update_covered(1), menu.update(1)");
}

} // namespace
} // namespace strata_test
