// tests/to_below_test.cpp: on_exit(strata::to_below<&S::f>) (to_below.hpp, issue 14): a result
// handed to the state staged directly below as a member call, which save() can keep. It runs
// like any on_exit (R19): right after the state's exit, before its destruction, and not for a
// state that never entered; the state below must be an S (errc::bad_binding otherwise).
#include <stdexcept>
#include <string>

#include "support/expect_error.hpp"
#include "support/trace.hpp"

namespace strata_test {
namespace {

using strata::errc;

class dialog {
public:
  static constexpr std::string_view name = "dialog";
  explicit dialog(int answer, actions then = {})
      : answer_(answer)
      , then_(std::move(then)) {}
  void enter(recorder& r) { r.log(name, "enter"); }
  void exit(recorder& r) {
    r.log(name, "exit");
    if (then_.exit) {
      then_.exit();
    }
  }
  [[nodiscard]] int answer() const { return answer_; }

private:
  int answer_;
  actions then_;
};

class asker {
public:
  static constexpr std::string_view name = "asker";
  explicit asker(recorder& r, bool enter_throws = false)
      : log_(&r)
      , enter_throws_(enter_throws) {}
  void enter(recorder& r) {
    r.log(name, "enter");
#ifndef STRATA_NO_EXCEPTIONS
    if (enter_throws_) {
      throw std::runtime_error("asker.enter");
    }
#endif
  }
  void exit(recorder& r) {
    r.log(name, "exit");
  }
  void pause(recorder& r) {
    r.log(name, "pause");
  }
  void resume(recorder& r) {
    r.log(name, "resume");
  }

  void answered(dialog& d) {
    log_->log(name, "answered(" + std::to_string(d.answer()) + ")");
  }
  void answered_in(recorder& r, dialog& d) {
    r.log(name, "answered_in(" + std::to_string(d.answer()) + ")");
  }
  int counted(dialog& d) noexcept {
    log_->log(name, "counted(" + std::to_string(d.answer()) + ")");
    return d.answer();
  }

private:
  recorder* log_;
  [[maybe_unused]] bool enter_throws_; // read only where exceptions are on
};

class to_below : public stack_fixture {};

// committed: asker | dialog*  (dialog.on_exit(to_below<&asker::answered>))
// requests:  pop
// commit:    dialog.exit, asker.answered(42), asker.resume
TEST_F(to_below, r19_the_member_of_the_state_below_runs_right_after_the_exit) {
  s.push<asker>(ctx);
  s.push<dialog>(42).on_exit(strata::to_below<&asker::answered>);
  commit_setup();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "dialog.exit, asker.answered(42), asker.resume");
}

TEST_F(to_below, r19_a_member_may_take_the_context_return_a_value_and_be_noexcept) {
  s.push<asker>(ctx);
  s.push<dialog>(1).on_exit(strata::to_below<&asker::answered_in>);
  s.push<asker>(ctx);
  s.push<dialog>(2).on_exit(strata::to_below<&asker::counted>);
  commit_setup();
  s.clear();
  s.commit();
  EXPECT_EQ(trace(), "dialog.exit, asker.counted(2), asker.resume, asker.exit, dialog.exit, "
                     "asker.answered_in(1), asker.resume, asker.exit");
}

// R19: not for a state that never entered.
TEST_F(to_below, r19_it_does_not_run_for_a_state_that_never_entered) {
  s.push<asker>(ctx);
  commit_setup();
  s.push<dialog>(3).on_exit(strata::to_below<&asker::answered>);
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "");
}

// A second on_exit replaces the first, whichever kind each is.
TEST_F(to_below, r19_a_second_on_exit_replaces_the_first) {
  s.push<asker>(ctx);
  s.push<dialog>(4).on_exit(strata::to_below<&asker::answered>).on_exit([this](dialog& d) {
    ctx.log("closure", std::to_string(d.answer()));
  });
  commit_setup();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "dialog.exit, closure.4, asker.resume");
  s.push<dialog>(5)
      .on_exit([this](dialog&) { ctx.log("closure", "never"); })
      .on_exit(strata::to_below<&asker::answered>);
  s.commit();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "asker.pause, dialog.enter, dialog.exit, asker.answered(5), asker.resume");
}

// The state below must be of the member's class: errc::bad_binding. Like a bad .time_scale()
// or .transition() (R32, R33), and unlike an .on_exit() out of memory (R1), only the call fails:
// the push stays staged, without the result.
TEST_F(to_below, over_a_state_of_another_type_it_is_refused_and_the_push_stays_without_it) {
  s.push<logged<"title">>();
  commit_setup();
  watch(s, ctx);
  expect_error(s, errc::bad_binding,
               "strata: on_exit(to_below<...>) on 'dialog': the state below is 'title', not a "
               "'asker'",
               [&] { s.push<dialog>(6).on_exit(strata::to_below<&asker::answered>); });
  EXPECT_EQ(trace(), "push dialog@1");
  EXPECT_EQ(s.staged().size(), 2U);
  s.set_observer({});
  s.commit();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "title.pause, dialog.enter, dialog.exit, title.resume") << "no result runs";
}

TEST_F(to_below, at_the_bottom_it_is_refused) {
  expect_error(s, errc::bad_binding,
               "strata: on_exit(to_below<...>) on 'dialog': the state below is none, not a "
               "'asker'",
               [&] { s.push<dialog>(7).on_exit(strata::to_below<&asker::answered>); });
  EXPECT_EQ(s.staged().size(), 1U);
}

// The state below is the one staged under the entry when .on_exit() runs: an observer's push in
// reaction to the dialog's push lands above it and does not count.
TEST_F(to_below, r22_the_state_below_is_the_one_under_the_entry_not_the_staged_top) {
  s.push<asker>(ctx);
  commit_setup();
  s.set_observer([&](const strata::step_info& info) {
    if (info.step == strata::step::push && info.state == "dialog") {
      s.push<logged<"toast">>();
    }
  });
  s.push<dialog>(8).on_exit(strata::to_below<&asker::answered>);
  s.set_observer({});
  s.commit();
  trace();
  s.pop_to(1);
  s.commit();
  EXPECT_EQ(trace(), "toast.exit, dialog.exit, asker.answered(8), asker.resume");
}

#ifndef STRATA_NO_EXCEPTIONS
// R25: a state whose enter throws leaves at once, from below the states staged over it, which
// move down onto the state below it. The result of the one pushed over it was bound to it: it
// goes with it, rather than call a member of a destroyed state when that one leaves.
// committed: title*
// requests:  push asker (its enter throws), push dialog .on_exit(to_below<&asker::answered>)
// commit:    title.pause, asker.enter throws, ~asker
// next:      title.resume, title.pause, dialog.enter
// pop:       dialog.exit, title.resume          (no asker.answered)
TEST_F(to_below, r25_a_result_bound_to_a_state_whose_enter_threw_goes_with_it) {
  s.push<logged<"title">>();
  commit_setup();
  s.push<asker>(ctx, true);
  s.push<dialog>(9).on_exit(strata::to_below<&asker::answered>);
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "title.pause, asker.enter");
  s.commit();
  EXPECT_EQ(trace(), "title.resume, title.pause, dialog.enter");
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "dialog.exit, title.resume");
}
#endif

} // namespace
} // namespace strata_test
