// tests/stack_passes_test.cpp: the per-frame passes over the committed stack (R11-R14), frame()
// (R15), how each modality lets the passes through (R16) and how the pass lists follow the
// committed stack (R28).
#include <array>
#include <string>

#include "support/trace.hpp"

namespace strata_test {
namespace {

class passes : public stack_fixture {
protected:
  // Runs the three passes, each as its own trace: "update: ... / draw: ... / handle: ...".
  std::string run_passes(int code = 1) {
    s.update(0.5);
    std::string all = "update: " + trace();
    s.draw();
    all += " / draw: " + trace();
    const bool consumed = s.handle(event{code});
    all += " / handle: " + trace() + (consumed ? " (consumed)" : "");
    return all;
  }
};

// committed: a | b | c*   (all screens)
// update:    a.update_covered, b.update_covered, c.update
TEST_F(passes, r12_update_runs_bottom_to_top_and_covered_states_never_get_update) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  s.push<logged<"c">>();
  commit_setup();
  s.update(0.5);
  EXPECT_EQ(trace(), "a.update_covered, b.update_covered, c.update");
}

// committed: a | b(opaque) | c(transparent)*
// update:    b.update_covered, c.update   (b stops the pass: a is not reached)
// draw:      b.draw, c.draw
// handle:    c.handle(1), b.handle(1)
TEST_F(passes, r12_r13_r14_reach_stops_below_the_first_state_that_blocks) {
  s.push<logged<"a", strata::modality::transparent>>();
  s.push<logged<"b", strata::modality::opaque>>();
  s.push<logged<"c", strata::modality::transparent>>();
  commit_setup();
  EXPECT_EQ(run_passes(),
            "update: b.update_covered, c.update / draw: b.draw, c.draw / handle: c.handle(1), "
            "b.handle(1)");
}

// committed: world | hud(transparent) | toast(transparent)*
// draw:      world.draw, hud.draw, toast.draw
TEST_F(passes, r13_draw_runs_bottom_to_top) {
  s.push<logged<"world">>();
  s.push<logged<"hud", strata::modality::transparent>>();
  s.push<logged<"toast", strata::modality::transparent>>();
  commit_setup();
  s.draw();
  EXPECT_EQ(trace(), "world.draw, hud.draw, toast.draw");
}

// committed: world | hud(transparent) | toast(transparent)*
// handle:    toast.handle(7), hud.handle(7)   (hud consumes it: world is not asked)
TEST_F(passes, r14_handle_runs_top_to_bottom_and_stops_at_the_consumer) {
  s.push<logged<"world">>();
  s.push<logged<"hud", strata::modality::transparent>>(
      actions{.handle = [](const event& e) { return e.code == 7; }});
  s.push<logged<"toast", strata::modality::transparent>>();
  commit_setup();
  EXPECT_TRUE(s.handle(event{7}));
  EXPECT_EQ(trace(), "toast.handle(7), hud.handle(7)");
  EXPECT_FALSE(s.handle(event{3}));
  EXPECT_EQ(trace(), "toast.handle(3), hud.handle(3), world.handle(3)");
}

// committed: world | menu(live)*
// handle:    menu.handle(1)   (live does not let input below; nobody consumed it)
TEST_F(passes, r14_handle_respects_input_below) {
  s.push<logged<"world">>();
  s.push<logged<"menu", strata::modality::live>>();
  commit_setup();
  EXPECT_FALSE(s.handle(event{1}));
  EXPECT_EQ(trace(), "menu.handle(1)");
}

// committed: (empty)
// passes:    nothing to call; handle returns false
TEST_F(passes, r11_passes_over_an_empty_stack_do_nothing) {
  EXPECT_EQ(run_passes(), "update:  / draw:  / handle: ");
}

// committed: world | hud(transparent)*
// update:    world.update_covered (pops hud, pushes popup), hud.update   (the pass finishes)
// staged:    world | popup
// commit:    hud.exit, world.resume, world.pause, popup.enter
TEST_F(passes, r11_requests_from_update_take_effect_at_the_next_commit) {
  s.push<logged<"world">>(actions{.update_covered = [&] {
    s.pop();
    s.push<logged<"popup">>();
  }});
  s.push<logged<"hud", strata::modality::transparent>>();
  commit_setup();
  s.update(0.5);
  EXPECT_EQ(trace(), "world.update_covered, hud.update");
  EXPECT_EQ(s.describe(), "world | hud*");
  s.update(0.5);
  EXPECT_EQ(trace(), "world.update_covered, hud.update");
  s.commit();
  EXPECT_EQ(trace(), "hud.exit, world.resume, world.pause, popup.enter");
}

// committed: world*
// update:    world.update (pushes menu)
// commit:    world.pause, menu.enter
TEST_F(passes, r11_requests_from_the_top_update_take_effect_at_the_next_commit) {
  s.push<logged<"world">>(actions{.update = [&] { s.push<logged<"menu">>(); }});
  commit_setup();
  s.update(0.5);
  EXPECT_EQ(trace(), "world.update");
  EXPECT_EQ(s.describe(), "world*");
  s.commit();
  EXPECT_EQ(trace(), "world.pause, menu.enter");
}

// committed: world | toast(transparent)*
// draw:      world.draw, toast.draw (toast pops itself; still drawn this pass)
// commit:    toast.exit, world.resume
TEST_F(passes, r11_requests_from_draw_take_effect_at_the_next_commit) {
  s.push<logged<"world">>();
  s.push<logged<"toast", strata::modality::transparent>>(actions{.draw = [&] { s.pop(); }});
  commit_setup();
  s.draw();
  EXPECT_EQ(trace(), "world.draw, toast.draw");
  EXPECT_EQ(s.describe(), "world | toast*");
  s.commit();
  EXPECT_EQ(trace(), "toast.exit, world.resume");
}

// committed: world | hud(transparent)*
// handle:    hud.handle(1) (pushes menu), world.handle(1) (pops everything)
// commit:    hud.exit, world.resume, world.exit   (menu was never entered)
TEST_F(passes, r11_requests_from_handle_take_effect_at_the_next_commit) {
  s.push<logged<"world">>(actions{.handle = [&](const event&) {
    s.clear();
    return true;
  }});
  s.push<logged<"hud", strata::modality::transparent>>(actions{.handle = [&](const event&) {
    s.push<logged<"menu">>(ctx);
    return false;
  }});
  commit_setup();
  EXPECT_TRUE(s.handle(event{1}));
  EXPECT_EQ(trace(), "hud.handle(1), world.handle(1), menu.destroyed");
  EXPECT_EQ(s.describe(), "world | hud*");
  s.commit();
  EXPECT_EQ(trace(), "hud.exit, world.resume, world.exit");
}

// staged:    world (not yet committed)
// frame(0.5, {1, 2}):
//   commit:  world.enter
//   handle:  world.handle(1) pushes menu      commit: world.pause, menu.enter
//   handle:  menu.handle(2) pops menu         commit: menu.exit, world.resume
//   update:  world.update pushes toast        commit: world.pause, toast.enter
//   draw:    world.draw, toast.draw
TEST_F(passes, r15_frame_commits_after_each_event_and_after_update) {
  s.push<logged<"world">>(actions{
      .update = [&] { s.push<logged<"toast", strata::modality::transparent>>(); },
      .handle =
          [&](const event&) {
            s.push<logged<"menu">>(actions{.handle = [&](const event&) {
              s.pop();
              return true;
            }});
            return true;
          },
  });
  const std::array events{event{1}, event{2}};
  s.frame(0.5, events);
  EXPECT_EQ(trace(), "world.enter, world.handle(1), world.pause, menu.enter, menu.handle(2), "
                     "menu.exit, world.resume, world.update, world.pause, toast.enter, "
                     "world.draw, toast.draw");
}

// staged:    a (not yet committed; its update pushes b)
// frame(0.5): commit: a.enter / update: a.update / commit: a.pause, b.enter / draw: b.draw
TEST_F(passes, r15_frame_without_events_commits_updates_commits_draws) {
  s.push<logged<"a">>(actions{.update = [&] { s.push<logged<"b">>(); }});
  s.frame(0.5);
  EXPECT_EQ(trace(), "a.enter, a.update, a.pause, b.enter, b.draw");
}

// committed: world | top(m)*   for each preset m, declared by the type or set at push
// passes:    as the preset's three switches say
TEST_F(passes, r16_passes_respect_each_modality_preset) {
  struct expectation {
    strata::modality mode;
    const char* passes;
  };
  const std::array<expectation, 5> table{{
      {strata::modality::screen, "update: world.update_covered, top.update / draw: top.draw / "
                                 "handle: top.handle(1)"},
      {strata::modality::opaque, "update: top.update / draw: top.draw / handle: top.handle(1)"},
      {strata::modality::freeze,
       "update: top.update / draw: world.draw, top.draw / handle: top.handle(1)"},
      {strata::modality::live, "update: world.update_covered, top.update / draw: world.draw, "
                               "top.draw / handle: top.handle(1)"},
      {strata::modality::transparent,
       "update: world.update_covered, top.update / draw: world.draw, top.draw / handle: "
       "top.handle(1), world.handle(1)"},
  }};
  s.push<logged<"world">>();
  for (const expectation& row : table) {
    SCOPED_TRACE(row.passes);
    s.push<logged<"top">>().modality(row.mode);
    commit_setup();
    EXPECT_EQ(run_passes(), row.passes);
    s.pop();
    commit_setup();
  }
}

// committed: world | pause(declared freeze, pushed as live)*
// passes:    the per-push override wins over the type's declaration
TEST_F(passes, r16_per_push_modality_overrides_the_declared_one) {
  s.push<logged<"world">>();
  s.push<logged<"pause", strata::modality::freeze>>().modality(strata::modality::live);
  commit_setup();
  EXPECT_EQ(run_passes(), "update: world.update_covered, pause.update / draw: world.draw, "
                          "pause.draw / handle: pause.handle(1)");
}

// Draws, and has no other hook.
struct overlay {
  static constexpr strata::modality modality = strata::modality::transparent;
  void draw(recorder& r) { r.log("overlay", "draw"); }
};

// committed: world | overlay(transparent, draw only)*   (the top has no update)
// update:    world.update_covered   (a missing hook does not stop the reach)
TEST_F(passes, r28_a_state_without_the_hook_is_skipped_but_lets_the_pass_through) {
  s.push<logged<"world">>();
  s.push<overlay>();
  commit_setup();
  EXPECT_EQ(run_passes(), "update: world.update_covered / draw: world.draw, overlay.draw / "
                          "handle: world.handle(1)");
}

// committed: a*   then a | b*   then a*
// update:    follows each commit, never the staged stack
TEST_F(passes, r28_pass_lists_follow_the_committed_stack) {
  s.push<logged<"a">>();
  commit_setup();
  s.update(0.5);
  EXPECT_EQ(trace(), "a.update");
  s.push<logged<"b">>();
  s.update(0.5);
  EXPECT_EQ(trace(), "a.update");
  s.commit();
  trace();
  s.update(0.5);
  EXPECT_EQ(trace(), "a.update_covered, b.update");
  s.pop();
  s.commit();
  trace();
  s.update(0.5);
  EXPECT_EQ(trace(), "a.update");
}

} // namespace
} // namespace strata_test
