// tests/probe_test.cpp: what a probe is told (R36): the begin and end of each hook call with the
// entry's identity, depth and frame, each request with where it came from, each step, the
// frames; and that a probe may only watch.
#include <cstdint>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

#include "support/expect_error.hpp"
#include "support/trace.hpp"

namespace strata_test {
namespace {

// Writes what it is told into the trace among the hooks: "<title#1@0.enter", ">title.enter",
// "push() from title.enter", "step push title@0", "change title#1@0 screen 100%", "frame 1",
// "/frame 1".
class logging_probe : public strata::probe {
public:
  explicit logging_probe(recorder& into)
      : into_(into) {}
  void hook_begin(const strata::hook_call& c) override {
    into_.note("<" + std::string(c.state) + "#" + std::to_string(static_cast<std::uint64_t>(c.id)) +
               "@" + std::to_string(c.depth) + "." + std::string(to_string(c.hook)) +
               (c.frame != 0 ? " f" + std::to_string(c.frame) : ""));
  }
  void hook_end(const strata::hook_call& c) override {
    into_.note(">" + std::string(c.state) + "." + std::string(to_string(c.hook)));
  }
  void request(const strata::request_call& c) override {
    into_.note(std::string(c.what) + " " +
               (c.from != nullptr ? "from " + std::string(c.from->state) + "." +
                                        std::string(to_string(c.from->hook))
                                  : std::string(c.where)));
  }
  void step(const strata::step_call& c) override {
    into_.note("step " + std::string(to_string(c.info.step)) + " " + std::string(c.info.state) +
               "@" + std::to_string(c.info.depth));
  }
  // "change world#2@1 freeze 50%": the modality and the time scale after the change.
  void changed(const strata::change_call& c) override {
    into_.note("change " + std::string(c.state) + "#" +
               std::to_string(static_cast<std::uint64_t>(c.id)) + "@" + std::to_string(c.depth) +
               " " + std::string(to_string(c.mode)) + " " +
               std::to_string(static_cast<int>(c.time_scale * 100)) + "%");
  }
  void frame_begin(std::uint64_t frame) override { into_.note("frame " + std::to_string(frame)); }
  void frame_end(std::uint64_t frame) override { into_.note("/frame " + std::to_string(frame)); }

private:
  recorder& into_;
};

class probe : public stack_fixture {
protected:
  logging_probe watcher{ctx};
};

// committed: title*
// requests:  push pause (title.pause pushes nothing; pause.enter pushes toast)
TEST_F(probe, r36_a_commit_tells_each_hook_call_around_it_and_each_step_after_it) {
  s.push<logged<"title">>();
  commit_setup();
  s.set_probe(&watcher);
  trace(); // what the probe is told of the stack as it stands
  s.push<logged<"pause">>(actions{.enter = [&] { s.push<logged<"toast">>(); }});
  EXPECT_EQ(trace(), "push() outside any hook, step push pause@1");
  s.commit();
  EXPECT_EQ(trace(), "<title#1@0.pause, title.pause, >title.pause, step pause title@0, "
                     "<pause#2@1.enter, pause.enter, push() from pause.enter, step push toast@2, "
                     ">pause.enter, step enter pause@1, <pause#2@1.pause, pause.pause, "
                     ">pause.pause, step pause pause@1, <toast#3@2.enter, toast.enter, "
                     ">toast.enter, step enter toast@2, step unfocus title@0, step focus toast@2");
}

// committed: title | world*   (world's handle kept past its enter)
// requests:  on the handle, .modality(freeze), .time_scale(0.5), .name("world 2"), a refused
//            .time_scale(-1); after world is popped, .modality(opaque), which does nothing
// Each change is told with all three as they stand after it (R16, R21, R32); one refused, or on
// an entry no longer staged, is not.
TEST_F(probe, r36_a_change_through_a_kept_handle_is_told) {
  s.push<logged<"title">>();
  auto world = s.push<logged<"world">>();
  commit_setup();
  s.set_probe(&watcher);
  trace();
  std::move(world).modality(strata::modality::freeze).time_scale(0.5F).name("world 2");
  EXPECT_EQ(trace(), "change world#2@1 freeze 100%, change world#2@1 freeze 50%, "
                     "change world 2#2@1 freeze 50%");
  expect_error(s, strata::errc::bad_time_scale,
               "strata: time_scale(-1.000000) on 'world 2': a time scale is a finite number, 0 "
               "or more",
               [&] { std::move(world).time_scale(-1.0F); });
  s.pop();
  trace();
  std::move(world).modality(strata::modality::opaque);
  EXPECT_EQ(trace(), "");
  s.set_probe(nullptr);
}

// committed: (empty)
// requests:  push a, then .name("first") on its handle: told, though a's enter will tell it too
TEST_F(probe, r36_a_change_before_the_enter_is_told_too) {
  s.set_probe(&watcher);
  s.push<logged<"a">>().name("first");
  EXPECT_EQ(trace(), "push() outside any hook, step push a@0, change first#1@0 screen 100%");
  s.set_probe(nullptr);
}

// committed: a | b*   staged: a | b | c
// A probe installed on a stack that holds states is told of them first, as if it had watched
// them come: a push of each staged entry, an enter of each committed one, the focus.
TEST_F(probe, r36_a_probe_installed_later_is_told_the_stack_as_it_stands) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  commit_setup();
  s.push<logged<"c">>();
  trace();
  s.set_probe(&watcher);
  EXPECT_EQ(trace(), "step push a@0, step push b@1, step push c@2, step enter a@0, "
                     "step enter b@1, step focus b@1");
}

// The probe hears of each step before the observer does.
TEST_F(probe, r36_the_probe_hears_of_a_step_before_the_observer) {
  watch(s, ctx);
  s.set_probe(&watcher);
  trace(); // what the probe is told of the stack as it stands
  s.push<logged<"a">>();
  EXPECT_EQ(trace(), "push() outside any hook, step push a@0, push a@0");
}

// committed: a | b | c*  (all screen: covered states keep updating, only c is drawn)
TEST_F(probe, r36_each_pass_call_is_told_with_its_depth) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  s.push<logged<"c", strata::modality::transparent>>(
      actions{.update = [&] { s.pop(); }, .handle = [](const event&) { return false; }});
  commit_setup();
  s.set_probe(&watcher);
  trace(); // what the probe is told of the stack as it stands
  s.update(0.1);
  EXPECT_EQ(trace(), "<a#1@0.update_covered, a.update_covered, >a.update_covered, "
                     "<b#2@1.update_covered, b.update_covered, >b.update_covered, "
                     "<c#3@2.update, c.update, pop() from c.update, step pop c@2, >c.update");
  s.draw();
  EXPECT_EQ(trace(), "<b#2@1.draw, b.draw, >b.draw, <c#3@2.draw, c.draw, >c.draw");
  s.handle(event{7});
  EXPECT_EQ(trace(), "<c#3@2.handle, c.handle(7), >c.handle, <b#2@1.handle, b.handle(7), "
                     ">b.handle");
  // Removed, the passes take their plain paths again and call the same hooks.
  s.set_probe(nullptr);
  s.commit();
  trace();
  s.update(0.1);
  s.draw();
  EXPECT_EQ(trace(), "a.update_covered, b.update, b.draw");
}

TEST_F(probe, r36_frames_are_numbered_and_mark_their_hook_calls) {
  s.push<logged<"a">>();
  s.set_probe(&watcher);
  trace(); // what the probe is told of the stack as it stands
  trace();
  s.frame(0.1);
  EXPECT_EQ(trace(), "frame 1, <a#1@0.enter f1, a.enter, >a.enter, step enter a@0, "
                     "step focus a@0, <a#1@0.update f1, a.update, >a.update, <a#1@0.draw f1, "
                     "a.draw, >a.draw, /frame 1");
  // A game's own loop marks its frames; a begin with a frame open ends that one first.
  s.begin_frame();
  s.begin_frame();
  s.update(0.1);
  s.end_frame();
  s.end_frame();
  EXPECT_EQ(trace(), "frame 2, /frame 2, frame 3, <a#1@0.update f3, a.update, >a.update, "
                     "/frame 3");
  // Without a probe, frames are not counted.
  s.set_probe(nullptr);
  s.frame(0.1);
  s.set_probe(&watcher); // told of the stack as it stands, after the frame's own lines
  s.frame(0.1);
  EXPECT_EQ(trace(), "a.update, a.draw, step push a@0, step enter a@0, step focus a@0, frame 4, "
                     "<a#1@0.update f4, a.update, >a.update, "
                     "<a#1@0.draw f4, a.draw, >a.draw, /frame 4");
}

TEST_F(probe, r36_a_request_says_where_it_came_from) {
  s.push<logged<"a">>();
  commit_setup();
  s.set_probe(&watcher);
  trace(); // what the probe is told of the stack as it stands
  watch(s, ctx);
  s.set_observer([&](const strata::step_info& info) {
    if (info.step == strata::step::push && info.state == "b") {
      s.pop();
    }
  });
  s.push<logged<"b">>();
  EXPECT_EQ(trace(), "push() outside any hook, step push b@1, pop() from inside the observer, "
                     "step pop b@1, step discard b@1");
  s.set_observer({});
  s.close(strata::entry_id{1});
  s.pop_to(0);
  s.clear();
  EXPECT_EQ(trace(), "close() outside any hook, step pop a@0, pop_to() outside any hook, "
                     "clear() outside any hook");
}

// A state's destructor that the commit runs makes its request during commit().
struct pushes_when_destroyed {
  static constexpr std::string_view name = "doomed";
  test_stack* s;
  bool armed = true;
  pushes_when_destroyed(test_stack* on)
      : s(on) {}
  pushes_when_destroyed(pushes_when_destroyed&& other) noexcept
      : s(other.s)
      , armed(std::exchange(other.armed, false)) {}
  pushes_when_destroyed& operator=(pushes_when_destroyed&&) = delete;
  ~pushes_when_destroyed() {
    if (armed) {
      s->push<logged<"after">>();
    }
  }
};

TEST_F(probe, r36_a_request_from_a_destructor_the_commit_runs_is_made_during_commit) {
  s.push<pushes_when_destroyed>(&s);
  commit_setup();
  s.set_probe(&watcher);
  trace(); // what the probe is told of the stack as it stands
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "pop() outside any hook, step pop doomed@0, step unfocus doomed@0, "
                     "step exit doomed@0, "
                     "push() during commit(), step push after@0, <after#2@0.enter, after.enter, "
                     ">after.enter, step enter after@0, step focus after@0");
}

// A probe that tries to change the stack.
class meddling_probe : public strata::probe {
public:
  explicit meddling_probe(test_stack& s)
      : s_(s) {}
  void hook_begin(const strata::hook_call& /*call*/) override {
    if (std::exchange(push_, false)) { // once: without exceptions, the commit goes on
      s_.push<logged<"meddler">>();
    }
    if (std::exchange(commit_, false)) {
      s_.commit();
    }
  }
  bool push_ = false;
  bool commit_ = false;

private:
  test_stack& s_;
};

TEST_F(probe, r36_a_probe_may_not_request_commit_or_run_a_pass) {
  meddling_probe meddler{s};
  s.push<logged<"a">>();
  s.set_probe(&meddler);
  meddler.push_ = true;
  expect_error(s, strata::errc::reentrant_call,
               "strata: push() called from inside the probe; a probe watches the stack and may "
               "not change it (R36)",
               [&] { s.commit(); });
  meddler.commit_ = true;
  s.commit(); // without exceptions, the handler returned and `a` entered: nothing to do
  s.push<logged<"b">>();
  expect_error(s, strata::errc::reentrant_call,
               "strata: commit() called from inside the probe; a probe watches the stack and may "
               "not change it (R36)",
               [&] { s.commit(); });
  // With exceptions, each error left its enter (R25): the state never entered; without, the
  // handler returned and the commit went on.
  s.set_probe(nullptr);
  s.commit();
  EXPECT_EQ(s.describe(), exceptions_on ? "(empty)" : "a | b*");
}

// A probe that changes the entry it is told of through the entry's kept handle.
class changing_probe : public strata::probe {
public:
  explicit changing_probe(test_stack::pushed<logged<"a">>& handle)
      : handle_(handle) {}
  void changed(const strata::change_call& /*call*/) override {
    ++told;
    std::move(handle_).modality(strata::modality::opaque);
  }
  int told = 0;

private:
  test_stack::pushed<logged<"a">>& handle_;
};

// committed: a*   (its handle kept)
// requests:  .time_scale(0.5) on the handle; the probe, told of it, calls .modality() on it
// A handle's call from inside the probe is refused as a request is: otherwise the probe, told of
// its own change, would change the entry again, without end.
TEST_F(probe, r36_a_probe_may_not_change_an_entry_through_its_handle) {
  auto a = s.push<logged<"a">>();
  commit_setup();
  changing_probe changer{a};
  s.set_probe(&changer);
  expect_error(s, strata::errc::reentrant_call,
               "strata: modality() called from inside the probe; a probe watches the stack and "
               "may not change it (R36)",
               [&] { std::move(a).time_scale(0.5F); });
  EXPECT_EQ(changer.told, 1);
  EXPECT_EQ(s.staged()[0].time_scale(), 0.5F);
  EXPECT_EQ(s.staged()[0].modality(), strata::modality::screen); // the probe's change refused
  s.set_probe(nullptr);
}

// The probe installed already is not told the stack again; one replaced while a frame is open
// is told that frame's end, so that its record of the frame is whole.
TEST_F(probe, r36_a_probe_installed_again_changes_nothing_and_one_replaced_ends_its_frame) {
  s.push<logged<"a">>();
  commit_setup();
  s.set_probe(&watcher);
  trace();
  s.set_probe(&watcher);
  EXPECT_EQ(trace(), "");
  s.begin_frame();
  recorder other_log;
  logging_probe other{other_log};
  s.set_probe(&other);
  EXPECT_EQ(trace(), "frame 1, /frame 1");
  EXPECT_EQ(other_log.take(), "step push a@0, step enter a@0, step focus a@0");
  s.end_frame(); // the new probe saw no begin: no end either
  s.begin_frame();
  EXPECT_EQ(other_log.take(), "frame 2");
  s.set_probe(nullptr);
  EXPECT_EQ(other_log.take(), "/frame 2");
}

TEST_F(probe, r36_a_probe_is_installed_between_calls_only) {
  s.push<logged<"a">>(actions{.enter = [&] { s.set_probe(&watcher); }});
  expect_error(s, strata::errc::reentrant_call,
               "strata: set_probe() called from inside 'a'.enter(); a probe is installed or "
               "removed between calls to the stack",
               [&] { s.commit(); });
  EXPECT_EQ(trace(), "a.enter");
}

#ifndef STRATA_NO_EXCEPTIONS
// A probe that throws from a hook's begin: the exception leaves the commit as one from the hook
// (R25: an enter that throws never entered), and the hook's end is not told.
class throwing_probe : public strata::probe {
public:
  void hook_begin(const strata::hook_call& /*call*/) override { throw std::runtime_error("probe"); }
};

TEST_F(probe, r36_a_probe_that_throws_throws_as_the_hook_would) {
  throwing_probe thrower;
  s.push<logged<"a">>();
  s.set_probe(&thrower);
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "");
  EXPECT_EQ(s.describe(), "(empty)");
  s.set_probe(nullptr);
}

// A probe whose step() throws: installed on a stack that holds a state, it throws while it is
// told that state's push.
class throws_when_told : public strata::probe {
public:
  void step(const strata::step_call& /*call*/) override { throw std::bad_alloc(); }
};

// committed: a*   (watched by `watcher`)
// requests:  set_probe(&thrower), which throws while it is told the stack (a recorder out of
//            memory would): the probe installed before stays, as it was
TEST_F(probe, r36_a_probe_that_throws_while_installed_leaves_the_one_before) {
  s.push<logged<"a">>();
  commit_setup();
  s.set_probe(&watcher);
  trace();
  throws_when_told thrower;
  EXPECT_THROW(s.set_probe(&thrower), std::bad_alloc);
  s.frame(0.1);
  EXPECT_EQ(trace(), "frame 1, <a#1@0.update f1, a.update, >a.update, <a#1@0.draw f1, a.draw, "
                     ">a.draw, /frame 1");
  s.set_probe(nullptr);
}

// The end is told however the hook ends, also when it throws.
TEST_F(probe, r36_the_end_of_a_hook_that_throws_is_told) {
  s.push<logged<"a">>(actions{.enter = [] { throw std::runtime_error("enter"); }});
  s.set_probe(&watcher);
  trace(); // what the probe is told of the stack as it stands
  trace();
  EXPECT_THROW(s.commit(), std::runtime_error);
  // The state never entered (R25): it leaves the staged stack, which the probe alone is told.
  EXPECT_EQ(trace(), "<a#1@0.enter, a.enter, >a.enter, step pop a@0");
}
#endif

// The name a hook call is told under follows a rename made during the call, which is told as a
// change.
TEST_F(probe, r36_a_rename_during_the_hook_is_told_at_its_end) {
  test_stack::pushed<logged<"a">>* kept = nullptr;
  auto handle = s.push<logged<"a">>(actions{.enter = [&] { std::move(*kept).name("renamed"); }});
  kept = &handle;
  s.set_probe(&watcher);
  trace(); // what the probe is told of the stack as it stands
  trace();
  s.commit();
  EXPECT_EQ(trace(), "<a#1@0.enter, a.enter, change renamed#1@0 screen 100%, >renamed.enter, "
                     "step enter renamed@0, step focus renamed@0");
}

} // namespace
} // namespace strata_test
