// tests/stack_leaving_test.cpp: leaving() lets a state revealed on its way out (R8: it gets
// resume before exit) tell that resume from a real return to the top.
#include <string>
#include <vector>

#include "support/trace.hpp"

namespace strata_test {
namespace {

class leaving : public stack_fixture {};

//   committed: world | round | phase*
//   requests:  pop                     (round.resume: push phase unless leaving())
//   commit:    phase.exit, round.resume, round.pause, phase.enter
//   requests:  pop_until world
//   staged:    world
//   commit:    phase.exit, round.resume, round.exit, world.resume
TEST_F(leaving, r8_tells_a_resume_on_the_way_out_from_a_return_to_the_top) {
  std::vector<bool> seen;
  s.push<logged<"world">>();
  s.push<logged<"round">>(actions{.resume = [&] {
    seen.push_back(s.leaving());
    if (!s.leaving()) {
      s.push<logged<"phase">>();
    }
  }});
  s.push<logged<"phase">>();
  commit_setup();

  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "phase.exit, round.resume, round.pause, phase.enter");

  s.pop_until("world");
  s.commit();
  EXPECT_EQ(trace(), "phase.exit, round.resume, round.exit, world.resume");
  EXPECT_EQ(seen, (std::vector<bool>{false, true}));
  EXPECT_EQ(s.describe(), "world*");
}

TEST_F(leaving, follows_whether_the_committed_top_is_still_staged) {
  EXPECT_FALSE(s.leaving());
  s.push<logged<"title">>();
  EXPECT_FALSE(s.leaving()) << "a staged state that never entered is not leaving";
  commit_setup();
  s.push<logged<"options">>();
  s.pop();
  EXPECT_FALSE(s.leaving()) << "dropping an uncommitted state leaves the top in place";
  s.pop();
  EXPECT_TRUE(s.leaving());
  s.commit();
  EXPECT_FALSE(s.leaving());
  EXPECT_EQ(trace(), "title.exit");
}

// What a revealed state's resume sees on its way out: the same under ~stack as under clear() and
// commit(), which R26 defines destruction to be (D9 of issue 10).
TEST(leaving_destruction, r26_destruction_reads_like_clear_and_commit) {
  for (const bool by_destructor : {false, true}) {
    recorder ctx;
    {
      test_stack s{ctx};
      s.push<logged<"system">>(actions{.resume = [&] {
        ctx.note(std::string("leaving ") + (s.leaving() ? "yes" : "no") + ", pending " +
                 (s.pending() ? "yes" : "no"));
      }});
      s.push<logged<"world">>();
      s.commit();
      ctx.take();
      if (!by_destructor) {
        s.clear();
        s.commit();
      }
    }
    EXPECT_EQ(ctx.take(), "world.exit, system.resume, leaving yes, pending yes, system.exit")
        << (by_destructor ? "~stack" : "clear and commit");
  }
}

} // namespace
} // namespace strata_test
