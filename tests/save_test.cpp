// tests/save_test.cpp: strata::save() and strata::restore() (save.hpp, issue 14). save() reads
// the committed stack and calls each state's save(), nothing else; restore() is one request, all
// or nothing: it stages the snapshot's states in place of the staged ones, the next commit runs
// the ordinary hooks in the ordinary order (R2-R5, R29), and any failure stages nothing, tells
// the observer nothing, destroys every state it built exactly once and names the entry.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <ostream>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "support/expect_error.hpp"
#include "support/failing_resource.hpp"
#include "support/focus_states.hpp"
#include "support/refusing_memory.hpp"
#include <strata/save.hpp>
#include <strata/snapshot_text.hpp>

namespace strata {
// So that a failed comparison shows what was left out.
inline void PrintTo(const left_out& left, std::ostream* out) {
  *out << "{" << left.depth << ", \"" << left.name << "\", \"" << left.why << "\"}";
}
} // namespace strata

namespace strata_test {
namespace {

using strata::errc;
using strata::field;
using strata::modality;
using strata::record;
using strata::restore_options;
using strata::saved_state;
using strata::snapshot;
using strata::unsavable;
using types = strata::save_types<recorder, event>;

// Counts the constructions and destructions of the savable states, so that a failed restore
// proves it destroyed every state it built exactly once.
struct census {
  static inline int made = 0;
  static inline int unmade = 0;
  census() { ++made; }
  census(const census& /*other*/) { ++made; }
  census& operator=(const census&) = default;
  ~census() { ++unmade; }
};

// A savable state: a focusing one (it logs every hook, focus and unfocus too, and its
// destruction) that saves `value` and is rebuilt by its (Context&, record&) constructor, which
// reads `value` back (0 if absent: a deep link may leave it out).
template <fixed_name Name, modality Mode = modality::screen>
class keyed : public focusing<Name, Mode>, public census {
public:
  explicit keyed(recorder& r, int value = 0, actions then = {})
      : focusing<Name, Mode>(r, std::move(then))
      , log_(&r)
      , value_(value) {}
  keyed(recorder& r, record& saved)
      : focusing<Name, Mode>(r)
      , log_(&r)
      , value_(saved.get_or("value", 0))
      , version_(saved.version()) {}
  keyed(const keyed&) = delete;
  keyed& operator=(const keyed&) = delete;

  void save(record& out) const { out.set("value", value_); }
  [[nodiscard]] int value() const { return value_; }
  [[nodiscard]] std::uint32_t version() const { return version_; } // the one it was restored from

protected:
  recorder* log_;

private:
  int value_;
  std::uint32_t version_ = 0;
};

using title = keyed<"title">;
using pause_menu = keyed<"pause", modality::freeze>;
using junk = keyed<"junk">; // never registered

class level : public keyed<"level"> {
public:
  using keyed::keyed;
};

// Receives a level's result as a member call: on_exit(strata::to_below<&world::level_done>).
class world : public keyed<"world"> {
public:
  using keyed::keyed;
  void level_done(level& finished) {
    log_->log("world", "level_done(" + std::to_string(finished.value()) + ")");
  }
  void level_lost(recorder& r, level& lost) { // never registered as a result
    r.log("world", "level_lost(" + std::to_string(lost.value()) + ")");
  }
};

// Not registered, though its result member is.
class lost_world : public keyed<"lost_world"> {
public:
  using keyed::keyed;
  void level_done(level& finished) {
    log_->log("lost_world", "level_done(" + std::to_string(finished.value()) + ")");
  }
};

// Made by a factory, which makes nothing when the record says `refuse=true`.
class crafted : public keyed<"crafted"> {
public:
  using keyed::keyed;
};

// Its save() fails its record.
class fussy : public keyed<"fussy"> {
public:
  using keyed::keyed;
  void save(record& out) const { out.fail("not today"); }
};

// Declares a modality, a time scale and a transition of its own: a push that gives the same ones
// changes nothing that a snapshot shows.
class slow : public keyed<"slow", modality::live> {
public:
  static constexpr float time_scale = 0.5F;
  static constexpr strata::transition transition{0.25F, 0.25F};
  using keyed::keyed;
};

// Its restoring constructor throws when its record says `throw=true`.
class brittle : public keyed<"brittle"> {
public:
  explicit brittle(recorder& r, int value = 0)
      : keyed(r, value) {}
  brittle(recorder& r, record& saved)
      : keyed(r, saved) {
#ifndef STRATA_NO_EXCEPTIONS
    if (saved.get_or("throw", false)) {
      throw std::runtime_error("brittle");
    }
#endif
  }
};

types registry() {
  types t;
  t.add<title>("title");
  t.add<world>("world", 3, 2);
  t.add<level>("level");
  t.add<pause_menu>("pause");
  t.add<crafted>("crafted", 2, [](recorder& r, record& saved) -> std::unique_ptr<crafted> {
    if (saved.get_or("refuse", false)) {
      return nullptr;
    }
    return std::make_unique<crafted>(r, saved);
  });
  t.add<fussy>("fussy");
  t.add<slow>("slow");
  t.add<brittle>("brittle");
  t.result<&world::level_done>("level_done");
  t.result<&lost_world::level_done>("lost_level_done");
  return t;
}

saved_state entry_of(std::string key, std::uint32_t version, std::vector<field> fields = {}) {
  saved_state s;
  s.key = std::move(key);
  s.data = record{version, std::move(fields)};
  return s;
}
saved_state valued(std::string key, std::uint32_t version, int value) {
  return entry_of(std::move(key), version, {field{"value", std::int64_t{value}}});
}
saved_state with_result(saved_state s, std::string key) {
  s.on_exit = std::move(key);
  return s;
}

class save_fixture : public stack_fixture {
protected:
  save_fixture() {
    census::made = 0;
    census::unmade = 0;
  }
  [[nodiscard]] std::string saved_text(strata::save_options options = {}) const {
    return strata::to_text(strata::save(s, types_, options).taken);
  }

  types types_ = registry();
};

class saving : public save_fixture {};
class restoring : public save_fixture {};

// ---------------------------------------------------------------------------------------------
// save()

// committed: title | world "World 1" | level (to_below world) | pause (live, 0.25, fading)
//            | slow (given what it declares)
// Each entry: its key, its type's version now, its fields, and only the overrides that differ
// from its type's declaration.
TEST_F(saving, a_committed_stack_with_its_keys_versions_fields_and_overrides) {
  s.push<title>(ctx, 1);
  s.push<world>(ctx, 2).name("World 1");
  s.push<level>(ctx, 3).on_exit(strata::to_below<&world::level_done>);
  s.push<pause_menu>(ctx, 4).modality(modality::live).time_scale(0.25F).transition({0.5F, 0.5F});
  s.push<slow>(ctx, 5).modality(modality::live).time_scale(0.5F).transition(slow::transition);
  commit_setup();
  const strata::save_result saved = strata::save(s, types_);
  EXPECT_TRUE(saved.left.empty());
  EXPECT_FALSE(saved.failed);
  EXPECT_EQ(strata::to_text(saved.taken), "strata snapshot 1\n"
                                          "title v1 value=1\n"
                                          "world v3 value=2 [name=\"World 1\"]\n"
                                          "level v1 value=3 [on_exit=level_done]\n"
                                          "pause v1 value=4 [modality=live time_scale=0.25 "
                                          "transition=0.5,0.5]\n"
                                          "slow v1 value=5\n");
  ASSERT_EQ(saved.taken.states.size(), 5U);
  EXPECT_EQ(saved.taken.states[1].data, record(3, {field{"value", std::int64_t{2}}}));
  EXPECT_EQ(trace(), "") << "save() is a query: no hook runs";
  EXPECT_EQ(saved_text({.from = 3}), "strata snapshot 1\n"
                                     "pause v1 value=4 [modality=live time_scale=0.25 "
                                     "transition=0.5,0.5]\n"
                                     "slow v1 value=5\n");
  EXPECT_EQ(saved_text({.from = 5}), "strata snapshot 1\n");
  EXPECT_EQ(saved_text({.from = 9}), "strata snapshot 1\n");
}

// R34: a name given with .name() is saved only where it differs from the state's own name.
TEST_F(saving, a_name_the_same_as_the_states_own_is_not_saved) {
  s.push<title>(ctx, 1).name("title");
  s.push<world>(ctx, 2).name("World");
  s.push<level>(ctx, 3).name("");
  commit_setup();
  EXPECT_EQ(saved_text(), "strata snapshot 1\ntitle v1 value=1\nworld v3 value=2 [name=\"World\"]\n"
                          "level v1 value=3 [name=\"\"]\n");
}

// save() reads the committed stack, not the staged one.
TEST_F(saving, only_the_committed_stack_is_saved) {
  s.push<title>(ctx, 1);
  s.push<world>(ctx, 2);
  commit_setup();
  s.pop();
  s.push<level>(ctx, 3);
  EXPECT_EQ(saved_text(), "strata snapshot 1\ntitle v1 value=1\nworld v3 value=2\n");
  EXPECT_EQ(saved_text(), "strata snapshot 1\ntitle v1 value=1\nworld v3 value=2\n");
  s.commit();
  EXPECT_EQ(saved_text(), "strata snapshot 1\ntitle v1 value=1\nlevel v1 value=3\n");
}

// committed: title | junk | world | level
// By default the snapshot stops below the first state it cannot save: the ones above may depend
// on it, and each is named with why it was left out.
TEST_F(saving, by_default_the_snapshot_stops_below_an_unsavable_state) {
  s.push<title>(ctx, 1);
  s.push<junk>(ctx).name("Junk!");
  s.push<world>(ctx, 2);
  s.push<level>(ctx, 3);
  commit_setup();
  const strata::save_result saved = strata::save(s, types_);
  EXPECT_FALSE(saved.failed);
  EXPECT_EQ(strata::to_text(saved.taken), "strata snapshot 1\ntitle v1 value=1\n");
  EXPECT_EQ(saved.left,
            (std::vector<strata::left_out>{{1, "Junk!", "its type 'junk' is not registered"},
                                           {2, "world", "above 'Junk!', which cannot be saved"},
                                           {3, "level", "above 'Junk!', which cannot be saved"}}));
}

TEST_F(saving, skip_leaves_out_only_the_unsavable_state) {
  s.push<title>(ctx, 1);
  s.push<junk>(ctx);
  s.push<world>(ctx, 2);
  s.push<fussy>(ctx);
  s.push<level>(ctx, 3);
  commit_setup();
  const strata::save_result saved = strata::save(s, types_, {.when_unsavable = unsavable::skip});
  EXPECT_FALSE(saved.failed);
  EXPECT_EQ(strata::to_text(saved.taken),
            "strata snapshot 1\ntitle v1 value=1\nworld v3 value=2\nlevel v1 value=3\n");
  EXPECT_EQ(saved.left,
            (std::vector<strata::left_out>{{1, "junk", "its type 'junk' is not registered"},
                                           {3, "fussy", "its save() failed: not today"}}));
}

TEST_F(saving, fail_saves_nothing_and_names_the_first_unsavable_state) {
  s.push<title>(ctx, 1);
  s.push<fussy>(ctx);
  s.push<junk>(ctx);
  commit_setup();
  const strata::save_result saved = strata::save(s, types_, {.when_unsavable = unsavable::fail});
  EXPECT_TRUE(saved.failed);
  EXPECT_TRUE(saved.taken.states.empty());
  EXPECT_EQ(saved.left,
            (std::vector<strata::left_out>{{1, "fussy", "its save() failed: not today"}}));
}

// A closure cannot be rebuilt: the entry is saved without it, and the loss is reported, whatever
// `when_unsavable` says but fail.
TEST_F(saving, a_closure_on_exit_is_reported_and_its_entry_kept_without_it) {
  s.push<title>(ctx, 1);
  s.push<level>(ctx, 3).on_exit([](level&) {});
  s.push<pause_menu>(ctx, 4);
  commit_setup();
  for (const unsavable when : {unsavable::stop_below, unsavable::skip}) {
    const strata::save_result saved = strata::save(s, types_, {.when_unsavable = when});
    EXPECT_FALSE(saved.failed);
    EXPECT_EQ(strata::to_text(saved.taken),
              "strata snapshot 1\ntitle v1 value=1\nlevel v1 value=3\npause v1 value=4\n");
    EXPECT_EQ(saved.left,
              (std::vector<strata::left_out>{
                  {1, "level", "its on_exit is a closure, which a restore cannot rebuild"}}));
  }
  const strata::save_result failed = strata::save(s, types_, {.when_unsavable = unsavable::fail});
  EXPECT_TRUE(failed.failed);
  EXPECT_TRUE(failed.taken.states.empty());
  EXPECT_EQ(failed.left,
            (std::vector<strata::left_out>{
                {1, "level", "its on_exit is a closure, which a restore cannot rebuild"}}));
}

TEST_F(saving, a_to_below_member_not_registered_is_reported_and_its_entry_kept_without_it) {
  s.push<world>(ctx, 2);
  s.push<level>(ctx, 3).on_exit(strata::to_below<&world::level_lost>);
  commit_setup();
  const strata::save_result saved = strata::save(s, types_);
  EXPECT_EQ(strata::to_text(saved.taken),
            "strata snapshot 1\nworld v3 value=2\nlevel v1 value=3\n");
  EXPECT_EQ(saved.left, (std::vector<strata::left_out>{
                            {1, "level",
                             "its on_exit calls a member that save_types::result() did not "
                             "register"}}));
  // It still works on this stack.
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "level.unfocus, level.exit, world.level_lost(3), level.destroyed, "
                     "world.resume, world.focus");
}

// committed: title | lost_world (not registered) | level (to_below lost_world) | pause
// skip leaves the lost world out, so the level's result has nothing to call in the snapshot:
// it is saved without it, and the loss is reported, so that the snapshot can be restored.
TEST_F(saving, skip_drops_a_result_bound_to_the_state_it_leaves_out) {
  s.push<title>(ctx, 1);
  s.push<lost_world>(ctx);
  s.push<level>(ctx, 3).on_exit(strata::to_below<&lost_world::level_done>);
  s.push<pause_menu>(ctx, 4);
  commit_setup();
  const strata::save_result saved = strata::save(s, types_, {.when_unsavable = unsavable::skip});
  EXPECT_EQ(strata::to_text(saved.taken),
            "strata snapshot 1\ntitle v1 value=1\nlevel v1 value=3\npause v1 value=4\n");
  EXPECT_EQ(saved.left, (std::vector<strata::left_out>{
                            {1, "lost_world", "its type 'lost_world' is not registered"},
                            {2, "level",
                             "its on_exit calls 'lost_world' below it, which is left "
                             "out"}}));
  recorder other_ctx;
  test_stack other{other_ctx};
  EXPECT_TRUE(strata::restore(other, types_, saved.taken));
  EXPECT_EQ(views(other), "| title level pause");
}

// save_options::from leaves out a boot state; a result bound to it is kept, for a restore above
// the same boot state.
TEST_F(saving, from_leaves_the_bottom_out_and_restore_above_puts_it_back_with_its_results) {
  s.push<world>(ctx, 2);
  s.push<level>(ctx, 3).on_exit(strata::to_below<&world::level_done>);
  commit_setup();
  const std::string text = saved_text({.from = 1});
  EXPECT_EQ(text, "strata snapshot 1\nlevel v1 value=3 [on_exit=level_done]\n");
  recorder other_ctx;
  test_stack other{other_ctx};
  other.push<world>(other_ctx, 20);
  other.commit();
  ASSERT_TRUE(strata::restore(other, types_, strata::parse_snapshot(text).taken, {.above = 1}));
  other.commit();
  other_ctx.take();
  other.pop();
  other.commit();
  EXPECT_EQ(other_ctx.take(), "level.unfocus, level.exit, world.level_done(3), level.destroyed, "
                              "world.resume, world.focus");
}

// ---------------------------------------------------------------------------------------------
// restore(): what the next commit does

// committed: a | b*
// restore:   title | world | level
// commit:    the exits of what it replaced, then the enters, as after clear() and three pushes
TEST_F(restoring, the_next_commit_runs_the_ordinary_hooks_in_the_ordinary_order) {
  s.push<focusing<"a">>();
  s.push<focusing<"b">>();
  commit_setup();
  const snapshot saved{{valued("title", 1, 1), valued("world", 2, 2), valued("level", 1, 3)}};
  const strata::restore_result result = strata::restore(s, types_, saved);
  EXPECT_TRUE(result);
  EXPECT_TRUE(result.ok);
  EXPECT_EQ(result.problem, "");
  EXPECT_EQ(trace(), "") << "restore() is a request: no hook runs";
  EXPECT_EQ(views(s), "a b | title world level");
  EXPECT_TRUE(s.pending());
  s.commit();
  EXPECT_EQ(trace(), "b.unfocus, b.exit, a.resume, a.exit, title.enter, title.pause, world.enter, "
                     "world.pause, level.enter, level.focus");
  EXPECT_EQ(s.describe(), "title | world | level*");
  EXPECT_EQ(s.committed()[1].get<world>()->value(), 2);
  EXPECT_EQ(s.committed()[1].get<world>()->version(), 2U) << "the version it was saved by";
  EXPECT_EQ(census::made, 3);
  // "back" works from it
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "level.unfocus, level.exit, level.destroyed, world.resume, world.focus");
  // Saved again, it is written by this program's version.
  EXPECT_EQ(saved_text(), "strata snapshot 1\ntitle v1 value=1\nworld v3 value=2\n");
}

// The deep link of the issue: three hand-written lines start the game there.
TEST_F(restoring, a_hand_written_deep_link_starts_the_game_there_and_back_works) {
  const strata::parsed_snapshot link = strata::parse_snapshot("title\nworld\nlevel value=3\n");
  ASSERT_TRUE(link) << link.problem;
  ASSERT_TRUE(strata::restore(s, types_, link.taken));
  s.commit();
  EXPECT_EQ(trace(),
            "title.enter, title.pause, world.enter, world.pause, level.enter, level.focus");
  EXPECT_EQ(s.committed()[1].get<world>()->version(), 3U) << "no version: read as the current";
  EXPECT_EQ(s.committed()[2].get<level>()->value(), 3);
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "level.unfocus, level.exit, level.destroyed, world.resume, world.focus");
}

// committed: title | world | pause*
// restore:   level, above 2: title and world stay, and get no enter again
TEST_F(restoring, above_keeps_the_bottom_states_without_running_their_hooks_again) {
  s.push<title>(ctx, 1);
  s.push<world>(ctx, 2);
  s.push<pause_menu>(ctx, 4);
  commit_setup();
  ASSERT_TRUE(strata::restore(s, types_, snapshot{{valued("level", 1, 7)}}, {.above = 2}));
  EXPECT_EQ(views(s), "title world pause | title world level");
  s.commit();
  EXPECT_EQ(trace(), "pause.unfocus, pause.exit, pause.destroyed, world.resume, world.pause, "
                     "level.enter, level.focus");
  // above the whole staged stack: a push
  ASSERT_TRUE(strata::restore(s, types_, snapshot{{valued("pause", 1, 8)}}, {.above = 3}));
  s.commit();
  EXPECT_EQ(trace(), "level.pause, pause.enter, level.unfocus, pause.focus");
  // an empty snapshot above 1: pop_to(1)
  ASSERT_TRUE(strata::restore(s, types_, snapshot{}, {.above = 1}));
  s.commit();
  EXPECT_EQ(trace(), "pause.unfocus, pause.exit, pause.destroyed, level.resume, level.exit, "
                     "level.destroyed, world.resume, world.exit, world.destroyed, title.resume, "
                     "title.focus");
  EXPECT_EQ(census::made - census::unmade, 1);
}

// R33: the states a restore replaces that leave over time leave with cause replace.
TEST_F(restoring, r33_the_states_it_replaces_leave_with_cause_replace) {
  s.push<title>(ctx, 1);
  const strata::entry_id fading = s.push<slow>(ctx, 5).id();
  commit_setup();
  s.finish_transitions();
  ASSERT_TRUE(strata::restore(s, types_, snapshot{{valued("level", 1, 3)}}, {.above = 1}));
  s.commit();
  EXPECT_EQ(trace(),
            "slow.unfocus, slow.exit, title.resume, title.pause, level.enter, level.focus");
  const std::optional<strata::presence> leaving = s.presence_of(fading);
  ASSERT_TRUE(leaving);
  EXPECT_EQ(leaving->phase, strata::phase::leaving);
  EXPECT_EQ(leaving->cause, strata::cause::replace);
  s.finish_transitions();
  EXPECT_EQ(trace(), "slow.destroyed") << "destroyed once it has left, not at its exit";
  EXPECT_FALSE(s.presence_of(fading));
}

// Restored entries get back the overrides their pushes made.
TEST_F(restoring, the_overrides_come_back) {
  saved_state named = valued("world", 3, 2);
  named.name = "World 1";
  saved_state pause = valued("pause", 1, 4);
  pause.modality = modality::live;
  pause.time_scale = 0.25F;
  pause.transition = strata::transition{0.5F, 0.5F, true};
  saved_state plain_slow = valued("slow", 1, 5);
  ASSERT_TRUE(strata::restore(s, types_, snapshot{{named, pause, plain_slow}}));
  EXPECT_EQ(s.staged()[0].name(), "World 1");
  EXPECT_EQ(s.staged()[1].modality(), modality::live);
  EXPECT_EQ(s.staged()[1].time_scale(), 0.25F);
  EXPECT_EQ(s.staged()[2].modality(), modality::live);
  EXPECT_EQ(s.staged()[2].time_scale(), 0.5F);
  s.commit();
  EXPECT_TRUE(s.in_transition()) << "the pause and slow arrive over time";
  EXPECT_EQ(s.describe(), "World 1 | pause | slow*");
  EXPECT_EQ(strata::to_text(strata::save(s, types_).taken),
            "strata snapshot 1\nworld v3 value=2 [name=\"World 1\"]\npause v1 value=4 "
            "[modality=live time_scale=0.25 transition=0.5,0.5,passes]\nslow v1 value=5\n");
}

// ---------------------------------------------------------------------------------------------
// restore(): failures

struct failure {
  snapshot saved;
  restore_options options;
  std::size_t index;
  std::string key;
  std::string problem;
  std::string destroyed; // the trace: the states it built, each destroyed once, bottom first
};

// committed: title | world*, staged: title | world | pause; every failure leaves both views, the
// observer hears nothing, and each state built is destroyed once.
TEST_F(restoring, every_failure_stages_nothing_and_names_the_entry) {
  saved_state bad_scale = valued("title", 1, 1);
  bad_scale.time_scale = -1.0F;
  saved_state infinite_scale = valued("title", 1, 1);
  infinite_scale.time_scale = std::numeric_limits<float>::infinity();
  saved_state bad_transition = valued("title", 1, 1);
  bad_transition.transition = strata::transition{-1.0F, 0.0F};
  saved_state named_title = valued("title", 1, 1);
  named_title.name = "Title!";
  const std::vector<failure> failures = {
      {{{valued("title", 1, 1), valued("world", 3, 2), valued("nope", 1, 3)}},
       {},
       2,
       "nope",
       "no type is registered as 'nope'",
       "title.destroyed, world.destroyed"},
      {{{valued("world", 4, 2)}},
       {},
       0,
       "world",
       "saved by version 4, newer than this program's 3",
       ""},
      {{{valued("title", 1, 1), valued("world", 1, 2)}},
       {},
       1,
       "world",
       "saved by version 1, older than the oldest this program reads (2)",
       "title.destroyed"},
      {{{entry_of("title", 1, {field{"value", std::string("one")}})}},
       {},
       0,
       "title",
       "field 'value' is text, not an integer",
       "title.destroyed"},
      {{{valued("title", 1, 1), entry_of("crafted", 2, {field{"refuse", true}})}},
       {},
       1,
       "crafted",
       "its factory made no state",
       "title.destroyed"},
      {{{entry_of("crafted", 2, {field{"value", 1.5}})}},
       {},
       0,
       "crafted",
       "field 'value' is a number, not an integer",
       "crafted.destroyed"},
      {{{bad_scale}},
       {},
       0,
       "title",
       "its time scale -1.000000 is not a finite number, 0 or more",
       ""},
      {{{infinite_scale}},
       {},
       0,
       "title",
       "its time scale inf is not a finite number, 0 or more",
       ""},
      {{{bad_transition}},
       {},
       0,
       "title",
       "its transition does not last a finite number of seconds, 0 or more",
       ""},
      {{{valued("world", 3, 2), with_result(valued("level", 1, 3), "nope")}},
       {},
       1,
       "level",
       "no result is registered as 'nope'",
       "world.destroyed"},
      {{{valued("world", 3, 2), with_result(valued("title", 1, 1), "level_done")}},
       {},
       1,
       "title",
       "its on_exit 'level_done' receives a 'level', not this state",
       "world.destroyed"},
      {{{named_title, with_result(valued("level", 1, 3), "level_done")}},
       {},
       1,
       "level",
       "its on_exit 'level_done' calls a 'world', and the state below is 'Title!'",
       "title.destroyed"},
      {{{with_result(valued("level", 1, 3), "level_done")}},
       {},
       0,
       "level",
       "its on_exit 'level_done' calls a 'world', and the state below is none",
       ""},
      {{{with_result(valued("level", 1, 3), "level_done")}},
       {.above = 1},
       0,
       "level",
       "its on_exit 'level_done' calls a 'world', and the state below is 'title'",
       ""},
  };
  s.push<title>(ctx, 1);
  s.push<world>(ctx, 2);
  commit_setup();
  s.push<pause_menu>(ctx, 4);
  watch(s, ctx);
  trace();
  const std::string before = views(s);
  for (const failure& f : failures) {
    census::made = 0;
    census::unmade = 0;
    const std::string message =
        "strata: restore(): state " + std::to_string(f.index) + " ('" + f.key + "'): " + f.problem;
    strata::restore_result result;
    result.ok = true;
    expect_error(s, errc::restore_failed, message,
                 [&] { result = strata::restore(s, types_, f.saved, f.options); });
    if constexpr (!exceptions_on) {
      EXPECT_FALSE(result) << message;
      EXPECT_EQ(result.index, f.index) << message;
      EXPECT_EQ(result.key, f.key) << message;
      EXPECT_EQ(result.problem, f.problem) << message;
    }
    EXPECT_EQ(views(s), before) << message;
    EXPECT_EQ(trace(), f.destroyed) << message;
    EXPECT_EQ(census::made, census::unmade) << message;
  }
  s.set_observer({});
  s.commit();
  EXPECT_EQ(s.describe(), "title | world | pause*");
}

TEST_F(restoring, above_beyond_the_staged_stack_is_refused) {
  s.push<title>(ctx, 1);
  s.push<world>(ctx, 2);
  commit_setup();
  watch(s, ctx);
  strata::restore_result result;
  result.ok = true;
  expect_error(s, errc::bad_depth,
               "strata: restore(): restore_options::above is 3, above the staged stack, which "
               "holds 2",
               [&] {
                 result =
                     strata::restore(s, types_, snapshot{{valued("level", 1, 3)}}, {.above = 3});
               });
  if constexpr (!exceptions_on) {
    EXPECT_FALSE(result);
    EXPECT_EQ(result.key, "");
    EXPECT_EQ(result.problem, "restore_options::above is 3, above the staged stack, which holds 2");
  }
  EXPECT_EQ(census::made, 2) << "nothing was built";
  EXPECT_EQ(views(s), "title world | title world");
  EXPECT_EQ(trace(), "");
}

// R22: the observer hears every pop, top first, then every push, bottom first, once the staged
// stack is the new one; what it requests in reaction applies to the stack the restore left.
TEST_F(restoring, r22_the_observer_hears_the_pops_then_the_pushes_and_its_requests_come_after) {
  s.push<focusing<"a">>();
  s.push<focusing<"b">>();
  commit_setup();
  s.push<focusing<"c">>(); // staged, never entered: popped and discarded
  std::vector<std::string> heard;
  s.set_observer([&](const strata::step_info& info) {
    heard.push_back(std::string(strata::to_string(info.step)) + " " + std::string(info.state) +
                    "@" + std::to_string(info.depth) + " (" + std::to_string(s.staged().size()) +
                    " staged)");
    if (info.step == strata::step::pop && info.state == "a") {
      s.push<logged<"toast">>();
    }
  });
  ASSERT_TRUE(strata::restore(s, types_, snapshot{{valued("title", 1, 1), valued("world", 3, 2)}}));
  EXPECT_EQ(heard, (std::vector<std::string>{"pop c@2 (2 staged)", "discard c@2 (2 staged)",
                                             "pop b@1 (2 staged)", "pop a@0 (2 staged)",
                                             "push toast@2 (3 staged)", "push title@0 (3 staged)",
                                             "push world@1 (3 staged)"}));
  EXPECT_EQ(views(s), "a b | title world toast");
  s.set_observer({});
  s.commit();
  EXPECT_EQ(trace(), "b.unfocus, b.exit, a.resume, a.exit, title.enter, title.pause, world.enter, "
                     "world.pause, toast.enter");
}

// A restore the observer makes while hearing of another one's pops applies to the stack the
// first one left: it replaces the states that one staged, which are destroyed once, untold.
TEST_F(restoring, r22_a_restore_from_the_observer_nested_in_another_one) {
  s.push<focusing<"a">>();
  s.push<focusing<"b">>();
  commit_setup();
  std::vector<std::string> heard;
  s.set_observer([&](const strata::step_info& info) {
    heard.push_back(std::string(strata::to_string(info.step)) + " " + std::string(info.state) +
                    "@" + std::to_string(info.depth));
    if (info.step == strata::step::pop && info.state == "b") {
      EXPECT_TRUE(strata::restore(s, types_, snapshot{{valued("level", 1, 3)}}));
    }
  });
  ASSERT_TRUE(strata::restore(s, types_, snapshot{{valued("title", 1, 1), valued("world", 3, 2)}}));
  EXPECT_EQ(heard,
            (std::vector<std::string>{"pop b@1", "pop world@1", "discard world@1", "pop title@0",
                                      "discard title@0", "push level@0", "pop a@0"}));
  EXPECT_EQ(trace(), "world.destroyed, title.destroyed");
  EXPECT_EQ(views(s), "a b | level");
  s.set_observer({});
  s.commit();
  EXPECT_EQ(trace(), "b.unfocus, b.exit, a.resume, a.exit, level.enter, level.focus");
  EXPECT_EQ(census::made - census::unmade, 1);
}

// A restore is a request: legal from a hook, carried out by the running commit (R7).
// committed: a*
// requests:  push b                  (b.enter: restore title | world)
// commit:    a.pause, b.enter, b.exit, a.resume, a.unfocus, a.exit, title.enter, title.pause,
//            world.enter, world.focus
TEST_F(restoring, r1_from_inside_a_hook_it_is_carried_out_by_the_running_commit) {
  s.push<focusing<"a">>();
  commit_setup();
  strata::restore_result result;
  s.push<focusing<"b">>(actions{.enter = [&] {
    result = strata::restore(s, types_, snapshot{{valued("title", 1, 1), valued("world", 3, 2)}});
  }});
  s.commit();
  EXPECT_TRUE(result);
  EXPECT_EQ(trace(), "a.pause, b.enter, b.exit, a.resume, a.unfocus, a.exit, title.enter, "
                     "title.pause, world.enter, world.focus");
  EXPECT_EQ(s.describe(), "title | world*");
}

// From an on_exit callback and from the observer, the same.
TEST_F(restoring, r1_from_an_on_exit_and_from_the_observer) {
  s.push<title>(ctx, 1);
  s.push<level>(ctx, 3).on_exit([&](level&) {
    EXPECT_TRUE(strata::restore(s, types_, snapshot{{valued("world", 3, 2)}}, {.above = 1}));
  });
  commit_setup();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "level.unfocus, level.exit, level.destroyed, title.resume, title.pause, "
                     "world.enter, world.focus");
  s.set_observer([&](const strata::step_info& info) {
    if (info.step == strata::step::push && info.state == "pause") {
      EXPECT_TRUE(strata::restore(s, types_, snapshot{{valued("level", 1, 5)}}, {.above = 1}));
    }
  });
  s.push<pause_menu>(ctx, 4);
  s.set_observer({});
  EXPECT_EQ(views(s), "title world | title level");
}

// R24: a restore from code that another request runs (a state's constructor) is refused; so is
// a request from the constructor of a state that a restore builds.
class restorer : public counted {
public:
  static constexpr std::string_view name = "restorer";
  restorer(test_stack& s, const types& t, strata::restore_result& result) {
    result = strata::restore(s, t, snapshot{{valued("title", 1, 1)}});
  }
};
test_stack* eager_target = nullptr;
class eager : public keyed<"eager"> {
public:
  eager(recorder& r, record& saved)
      : keyed(r, saved) {
    eager_target->push<logged<"child">>();
  }
};

TEST_F(restoring, r24_from_a_constructor_another_request_runs_it_is_refused) {
  s.push<title>(ctx, 1);
  commit_setup();
  strata::restore_result result;
  result.ok = true;
  expect_error(s, errc::reentrant_call,
               "strata: restore() called during push(), from code that push() runs (a state's "
               "constructor, destructor or move, or a predicate)",
               [&] { s.push<restorer>(s, types_, result); });
  if constexpr (exceptions_on) {
    EXPECT_EQ(views(s), "title | title") << "the push failed with the restore";
  } else {
    EXPECT_FALSE(result);
    EXPECT_EQ(result.problem, "refused");
    EXPECT_EQ(views(s), "title | title restorer");
  }
  EXPECT_EQ(census::made, 1) << "the restore built nothing";
}

TEST_F(restoring, r24_a_request_from_a_constructor_the_restore_runs_is_refused) {
  types_.add<eager>("eager");
  eager_target = &s;
  s.push<title>(ctx, 1);
  commit_setup();
  strata::restore_result result;
  expect_error(s, errc::reentrant_call,
               "strata: push() called during restore(), from code that restore() runs (a "
               "state's constructor, destructor or move, or a predicate)",
               [&] {
                 result = strata::restore(s, types_,
                                          snapshot{{valued("world", 3, 2), valued("eager", 1, 0),
                                                    valued("level", 1, 3)}});
               });
  if constexpr (exceptions_on) {
    EXPECT_EQ(views(s), "title | title") << "the restore failed with the push";
    EXPECT_EQ(trace(), "eager.destroyed, world.destroyed");
  } else {
    EXPECT_TRUE(result);
    EXPECT_EQ(views(s), "title | world eager level");
  }
  eager_target = nullptr;
}

// A state with a stack of its own (a split screen, a minigame), which its constructor restores
// from its record: a restore on another stack, from a constructor this restore runs, is not a
// request on this stack, so it goes ahead, and each stack gets its own states.
const types& inner_types() {
  static const types inner = registry();
  return inner;
}
class nest : public keyed<"nest"> {
public:
  nest(recorder& r, record& saved)
      : keyed(r, saved)
      , inner_(r) {
    const strata::parsed_snapshot parsed =
        strata::parse_snapshot(saved.get_or<std::string>("inner", ""));
    if (!parsed || !strata::restore(inner_, inner_types(), parsed.taken)) {
      saved.fail("its inner stack did not restore");
    }
  }
  [[nodiscard]] const test_stack& inner() const { return inner_; }

private:
  test_stack inner_;
};

TEST_F(restoring, a_constructor_may_restore_a_stack_of_its_own) {
  types_.add<nest>("nest");
  const snapshot outer{{valued("title", 1, 1),
                        entry_of("nest", 1, {field{"inner", std::string("title\nworld\n")}}),
                        valued("level", 1, 3)}};
  ASSERT_TRUE(strata::restore(s, types_, outer));
  EXPECT_EQ(views(s), "| title nest level");
  ASSERT_EQ(s.staged().size(), 3U);
  const nest* made = s.staged()[1].get<nest>();
  ASSERT_NE(made, nullptr);
  EXPECT_EQ(views(made->inner()), "| title world");
  EXPECT_EQ(census::made, 5); // title, nest, level, and the nest's title and world
  s.commit();
  EXPECT_EQ(s.describe(), "title | nest | level*");
}

#ifdef STRATA_NO_EXCEPTIONS
// R27: the error handler may make requests as if the failed call had not started: a restore
// from it, while the failed restore still holds the states it built, builds its own.
TEST_F(restoring, r27_a_restore_from_the_error_handler_of_a_failed_one) {
  s.push<title>(ctx, 1);
  commit_setup();
  int reported = 0;
  s.set_error_handler([&](const strata::error& e) {
    ++reported;
    EXPECT_EQ(e.code(), errc::restore_failed);
    EXPECT_TRUE(strata::restore(s, types_, snapshot{{valued("level", 1, 3)}}, {.above = 1}));
  });
  const strata::restore_result failed = strata::restore(
      s, types_, snapshot{{valued("world", 3, 2), valued("pause", 1, 4), valued("nope", 1, 5)}},
      {.above = 1});
  s.set_error_handler({});
  EXPECT_EQ(reported, 1);
  EXPECT_FALSE(failed);
  EXPECT_EQ(failed.index, 2U);
  EXPECT_EQ(views(s), "title | title level");
  EXPECT_EQ(trace(), "world.destroyed, pause.destroyed");
  EXPECT_EQ(census::made - census::unmade, 2);
}
#endif

// R26: during the stack's destruction a restore is ignored.
TEST(restoring_destruction, r26_a_restore_during_destruction_is_ignored) {
  census::made = 0;
  census::unmade = 0;
  const leak_check leaks;
  recorder ctx;
  const types t = registry();
  strata::restore_result result;
  result.ok = true;
  {
    test_stack s{ctx};
    s.push<focusing<"a">>(actions{
        .exit = [&] { result = strata::restore(s, t, snapshot{{valued("title", 1, 1)}}); }});
    s.commit();
  }
  EXPECT_FALSE(result);
  EXPECT_EQ(result.problem, "refused");
  EXPECT_EQ(census::made, 0);
  EXPECT_EQ(ctx.take(), "a.enter, a.focus, a.unfocus, a.exit");
}

// R23: a restore that would pass the depth limit fails as a push would, and stages nothing.
TEST_F(restoring, r23_a_restore_past_the_depth_limit_fails_and_stages_nothing) {
  s.set_max_depth(3);
  s.push<title>(ctx, 1);
  s.push<world>(ctx, 2);
  commit_setup();
  watch(s, ctx);
  const snapshot three{{valued("title", 1, 1), valued("world", 3, 2), valued("level", 1, 3)}};
  expect_error(s, errc::depth_limit,
               "strata: pushing 3 states would grow the stack past its depth limit of 3",
               [&] { (void)strata::restore(s, types_, three, {.above = 1}); });
  EXPECT_EQ(trace(), "title.destroyed, world.destroyed, level.destroyed")
      << "the observer heard nothing; each state built was destroyed";
  expect_error(s, errc::depth_limit,
               "strata: pushing 2 states would grow the stack past its depth limit of 3", [&] {
                 (void)strata::restore(s, types_,
                                       snapshot{{valued("world", 3, 2), valued("level", 1, 3)}},
                                       {.above = 2});
               });
  EXPECT_EQ(trace(), "world.destroyed, level.destroyed");
  expect_error(s, errc::depth_limit,
               "strata: pushing 'level' would grow the stack past its depth limit of 2", [&] {
                 s.set_max_depth(2);
                 (void)strata::restore(s, types_, snapshot{{valued("level", 1, 3)}}, {.above = 2});
               });
  EXPECT_EQ(trace(), "level.destroyed");
  EXPECT_EQ(views(s), "title world | title world");
  EXPECT_EQ(census::made - census::unmade, 2) << "each state a failed restore built is gone";
  // Within the limit it goes through, also when the stack is above a limit lowered since: a
  // restore that leaves fewer states than the limit allows does not grow the stack past it.
  ASSERT_TRUE(strata::restore(s, types_, snapshot{{valued("level", 1, 3)}}, {.above = 1}));
  s.set_max_depth(1);
  ASSERT_TRUE(strata::restore(s, types_, snapshot{{valued("pause", 1, 4)}}));
  EXPECT_EQ(views(s), "title world | pause");
}

// A result handed down with to_below survives a restore: popping the restored level calls the
// restored world's member.
TEST_F(restoring, a_to_below_result_survives_a_restore) {
  s.push<world>(ctx, 2);
  s.push<level>(ctx, 3).on_exit(strata::to_below<&world::level_done>);
  commit_setup();
  const std::string text = saved_text();
  EXPECT_EQ(text, "strata snapshot 1\nworld v3 value=2\nlevel v1 value=3 [on_exit=level_done]\n");
  recorder other_ctx;
  test_stack other{other_ctx};
  ASSERT_TRUE(strata::restore(other, types_, strata::parse_snapshot(text).taken));
  other.commit();
  other_ctx.take();
  other.pop();
  other.commit();
  EXPECT_EQ(other_ctx.take(), "level.unfocus, level.exit, world.level_done(3), level.destroyed, "
                              "world.resume, world.focus");
  // the original stack's level still reports to its own world
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "level.unfocus, level.exit, world.level_done(3), level.destroyed, "
                     "world.resume, world.focus");
}

// A session moved between two stacks (two processes) through the text form: the same bytes.
TEST_F(restoring, a_session_moved_between_two_stacks_is_byte_identical) {
  s.push<title>(ctx, 1);
  s.push<world>(ctx, 2).name("Ana's \"world\"\n");
  s.push<level>(ctx, 3).on_exit(strata::to_below<&world::level_done>).time_scale(0.1F);
  s.push<crafted>(std::make_unique<crafted>(ctx, 4)).modality(modality{false, true, true});
  s.push<slow>(ctx, 5).transition({0.1F, 1e-7F, true});
  commit_setup();
  const std::string a = saved_text();
  EXPECT_EQ(a, "strata snapshot 1\n"
               "title v1 value=1\n"
               "world v3 value=2 [name=\"Ana's \\\"world\\\"\\n\"]\n"
               "level v1 value=3 [time_scale=0.1 on_exit=level_done]\n"
               "crafted v2 value=4 [modality=draw+input]\n"
               "slow v1 value=5 [transition=0.1,1e-07,passes]\n");
  recorder other_ctx;
  test_stack other{other_ctx};
  const strata::parsed_snapshot parsed = strata::parse_snapshot(a);
  ASSERT_TRUE(parsed) << parsed.problem;
  ASSERT_TRUE(strata::restore(other, types_, parsed.taken));
  other.commit();
  EXPECT_EQ(strata::to_text(strata::save(other, types_).taken), a);
  EXPECT_EQ(other.describe(), s.describe());
}

#ifndef STRATA_NO_EXCEPTIONS
// R25: a constructor that throws during a restore: nothing staged, every state built so far
// destroyed once (the one that threw by its own unwinding), the exception passed on.
TEST_F(restoring, r25_a_constructor_that_throws_stages_nothing_and_destroys_what_was_built) {
  s.push<title>(ctx, 1);
  commit_setup();
  watch(s, ctx);
  const snapshot saved{{valued("title", 1, 1), valued("world", 3, 2),
                        entry_of("brittle", 1, {field{"throw", true}}), valued("level", 1, 3)}};
  EXPECT_THROW((void)strata::restore(s, types_, saved), std::runtime_error);
  EXPECT_EQ(trace(), "brittle.destroyed, title.destroyed, world.destroyed");
  EXPECT_EQ(views(s), "title | title");
  EXPECT_EQ(census::made - census::unmade, 1);
  // and the stack keeps working
  ASSERT_TRUE(strata::restore(s, types_, snapshot{{entry_of("brittle", 1)}}, {.above = 1}));
  EXPECT_EQ(views(s), "title | title brittle");
}

// R1, R25: out of memory at any allocation of a restore: nothing staged, nothing told, every
// state built destroyed, no block kept.
TEST(restoring_out_of_memory, r1_a_restore_is_all_or_nothing_at_every_allocation) {
  const types t = registry();
  saved_state named = valued("world", 3, 2);
  named.name = std::string(300, 'w'); // too long for the pool's small blocks
  saved_state faded = with_result(valued("level", 1, 3), "level_done");
  faded.transition = strata::transition{0.5F, 0.5F};
  const snapshot saved{{valued("title", 1, 1), named, faded,
                        entry_of("crafted", 2, {field{"value", std::int64_t{4}}})}};
  for (std::size_t n = 1;; ++n) {
    census::made = 0;
    census::unmade = 0;
    failing_resource memory;
    bool failed = false;
    {
      recorder ctx;
      test_stack s{ctx, strata::options{.memory = &memory}};
      s.push<focusing<"a">>();
      s.push<focusing<"b">>();
      s.commit();
      s.push<focusing<"c">>();
      watch(s, ctx);
      ctx.take();
      memory.fail_in = n;
      try {
        (void)strata::restore(s, t, saved, {.above = 1});
      } catch (const std::bad_alloc&) {
        failed = true;
        memory.fail_in = 0;
        EXPECT_EQ(views(s), "a b | a b c") << "failure at allocation " << n;
        // The states built are destroyed (their destructors log it); the observer heard nothing.
        EXPECT_EQ(ctx.take().find('@'), std::string::npos) << "failure at allocation " << n;
        EXPECT_EQ(census::made, census::unmade) << "failure at allocation " << n;
      }
      if (!failed) {
        memory.fail_in = 0;
        EXPECT_GT(n, 3U) << "the restore allocated too little: the test proves nothing";
        EXPECT_EQ(views(s), "a b | a title " + std::string(300, 'w') + " level crafted");
      }
      s.set_observer({});
    }
    EXPECT_EQ(memory.live(), 0U) << "allocation " << n;
    EXPECT_EQ(census::made, census::unmade);
    if (!failed) {
      break;
    }
  }
}

// With refusing_memory: a stack whose memory has run out before its first restore.
TEST(restoring_out_of_memory, r1_a_restore_with_no_memory_left_stages_nothing) {
  census::made = 0;
  census::unmade = 0;
  const types t = registry();
  refusing_memory memory;
  recorder ctx;
  test_stack s{ctx, strata::options{.memory = &memory}};
  memory.refuse = true;
  EXPECT_THROW((void)strata::restore(s, t, snapshot{{valued("title", 1, 1)}}), std::bad_alloc);
  EXPECT_EQ(views(s), "|");
  EXPECT_EQ(census::made, 0);
  memory.refuse = false;
  EXPECT_TRUE(strata::restore(s, t, snapshot{{valued("title", 1, 1)}}));
  EXPECT_EQ(views(s), "| title");
}
#endif // STRATA_NO_EXCEPTIONS

// ---------------------------------------------------------------------------------------------
// The round trip of random stacks: restore(parse(to_text(save(a)))) gives the same describe()
// and the same saved records, and a second round trip the same text.

// A state that keeps any fields and saves them as they were.
template <fixed_name Name>
class bag {
public:
  static constexpr std::string_view name = Name.view();
  explicit bag(std::vector<field> fields)
      : fields_(std::move(fields)) {}
  explicit bag(record& saved)
      : fields_(saved.fields()) {}
  void save(record& out) const {
    for (const field& f : fields_) {
      std::visit([&](const auto& value) { out.set(f.name, value); }, f.value);
    }
  }

private:
  std::vector<field> fields_;
};

using alpha = bag<"alpha">; // rebuilt by its (record&) constructor
// Registered with a version and an oldest one; declares a modality, a time scale and a
// transition, so that a push may give the same ones (nothing to save) or others.
class beta : public bag<"beta"> {
public:
  static constexpr strata::modality modality = strata::modality::live;
  static constexpr float time_scale = 2.0F;
  static constexpr strata::transition transition{0.5F, 0.25F};
  using bag::bag;
};
class gamma : public bag<"gamma"> { // made by a factory
public:
  using bag::bag;
};
class cub;
class den : public bag<"den"> { // receives a cub's result
public:
  using bag::bag;
  void took(cub& /*left*/) {}
};
class cub : public bag<"cub"> {
public:
  using bag::bag;
};
// Its name and its modality are its own (name() and modality()), read from its fields.
class delta {
public:
  delta(std::string label, strata::modality mode)
      : label_(std::move(label))
      , mode_(mode) {}
  delta(recorder& /*ctx*/, record& saved)
      : label_(saved.get<std::string>("label"))
      , mode_{saved.get<bool>("update"), saved.get<bool>("draw"), saved.get<bool>("input")} {}
  void save(record& out) const {
    out.set("label", label_);
    out.set("update", mode_.update_below);
    out.set("draw", mode_.draw_below);
    out.set("input", mode_.input_below);
  }
  [[nodiscard]] std::string_view name() const { return label_; }
  [[nodiscard]] strata::modality modality() const { return mode_; }

private:
  std::string label_;
  strata::modality mode_;
};

types round_trip_types() {
  types t;
  t.add<alpha>("alpha");
  t.add<beta>("beta", 3, 2);
  t.add<gamma>("gamma", 2,
               [](recorder& /*ctx*/, record& saved) { return std::make_unique<gamma>(saved); });
  t.add<delta>("delta");
  t.add<den>("den");
  t.add<cub>("cub");
  t.result<&den::took>("took");
  return t;
}

class random_stacks {
public:
  explicit random_stacks(std::uint64_t seed)
      : random_(seed) {}

  std::uint64_t below(std::uint64_t n) { return random_() % n; }

  std::string text() {
    static const std::vector<std::string> pieces = {"",      "a",
                                                    "Ana",   " ",
                                                    "\"",    "\\",
                                                    "\n",    "\r\n",
                                                    "\t",    std::string(1, '\0'),
                                                    "\x7f",  "\xc3\xa9",
                                                    "\xff",  "]",
                                                    "[",     "=",
                                                    "#",     "strata snapshot 1",
                                                    "v2",    "x=1",
                                                    "\\x00", "nan"};
    std::string out;
    for (std::uint64_t n = below(5); n-- > 0;) {
      if (below(4) == 0) {
        out += static_cast<char>(below(256));
      } else {
        out += pieces[below(pieces.size())];
      }
    }
    return out;
  }

  double number() {
    static const std::vector<double> awkward = {0.0,
                                                -0.0,
                                                0.1,
                                                1.0,
                                                100.0,
                                                -3.0,
                                                1e21,
                                                1e-300,
                                                123456789012345678.0,
                                                std::numeric_limits<double>::max(),
                                                std::numeric_limits<double>::lowest(),
                                                std::numeric_limits<double>::denorm_min(),
                                                std::numeric_limits<double>::infinity(),
                                                -std::numeric_limits<double>::infinity(),
                                                std::numeric_limits<double>::quiet_NaN()};
    if (below(2) == 0) {
      return awkward[below(awkward.size())];
    }
    double d = 0.0;
    do {
      d = std::bit_cast<double>(static_cast<std::uint64_t>(random_()));
    } while (std::isnan(d));
    return d;
  }

  std::int64_t integer() {
    switch (below(4)) {
    case 0: return std::numeric_limits<std::int64_t>::min();
    case 1: return std::numeric_limits<std::int64_t>::max();
    case 2: return static_cast<std::int64_t>(below(201)) - 100;
    default: return static_cast<std::int64_t>(random_());
    }
  }

  std::vector<field> fields() {
    static const std::vector<std::string> names = {"a",
                                                   "b",
                                                   "x.y",
                                                   "z:w",
                                                   "n-1",
                                                   "_",
                                                   "v2",
                                                   "value",
                                                   "name",
                                                   "on_exit",
                                                   "strata",
                                                   "modality",
                                                   std::string(64, 'L')};
    std::vector<field> out;
    std::vector<bool> taken(names.size(), false);
    for (std::uint64_t n = below(5); n-- > 0;) {
      const std::size_t which = below(names.size());
      if (taken[which]) {
        continue;
      }
      taken[which] = true;
      switch (below(4)) {
      case 0: out.push_back(field{names[which], below(2) == 0}); break;
      case 1: out.push_back(field{names[which], integer()}); break;
      case 2: out.push_back(field{names[which], number()}); break;
      default: out.push_back(field{names[which], text()}); break;
      }
    }
    return out;
  }

  strata::modality modality() {
    const std::uint64_t bits = below(8);
    return {(bits & 1U) != 0, (bits & 2U) != 0, (bits & 4U) != 0};
  }

  float seconds() {
    static const std::vector<float> awkward = {0.0F,
                                               0.1F,
                                               0.25F,
                                               0.5F,
                                               1.0F,
                                               2.0F,
                                               1e-7F,
                                               std::numeric_limits<float>::denorm_min(),
                                               std::numeric_limits<float>::max()};
    if (below(2) == 0) {
      return awkward[below(awkward.size())];
    }
    float f = 0.0F;
    do {
      f = std::bit_cast<float>(static_cast<std::uint32_t>(random_()) & 0x7fffffffU);
    } while (!std::isfinite(f));
    return f;
  }

  // Pushes T with random overrides; a cub over a den may hand its result down.
  template <class T, class... Args>
  void push(test_stack& s, Args&&... args) {
    const bool over_den = s.staged().size() > 0 && s.staged().top()->is<den>();
    auto handle = s.push<T>(std::forward<Args>(args)...);
    if (below(4) == 0) {
      std::move(handle).name(text());
    }
    if (below(4) == 0) {
      std::move(handle).modality(modality());
    }
    if (below(4) == 0) {
      std::move(handle).time_scale(seconds());
    }
    if (below(4) == 0) {
      std::move(handle).transition({seconds(), seconds(), below(2) == 0});
    }
    if constexpr (std::is_same_v<T, cub>) {
      if (over_den && below(2) == 0) {
        std::move(handle).on_exit(strata::to_below<&den::took>);
      }
    }
  }

  void fill(test_stack& s) {
    for (std::uint64_t depth = below(9); depth-- > 0;) {
      switch (below(6)) {
      case 0: push<alpha>(s, fields()); break;
      case 1: push<beta>(s, fields()); break;
      case 2: push<gamma>(s, fields()); break;
      case 3: push<delta>(s, text(), modality()); break;
      case 4: push<den>(s, fields()); break;
      default: push<cub>(s, fields()); break;
      }
    }
  }

private:
  std::mt19937_64 random_;
};

std::uint64_t from_environment(const char* name, std::uint64_t fallback) {
  const char* text = std::getenv(name);
  return text != nullptr && *text != '\0' ? std::strtoull(text, nullptr, 0) : fallback;
}

bool has_nan(const snapshot& taken) {
  for (const saved_state& state : taken.states) {
    for (const field& f : state.data.fields()) {
      if (const double* d = std::get_if<double>(&f.value); d != nullptr && std::isnan(*d)) {
        return true;
      }
    }
  }
  return false;
}

// What a stack shows of each committed entry: its name, modality and time scale.
std::string entries(const test_stack& s) {
  std::string line;
  for (const auto entry : s.committed()) {
    const strata::modality m = entry.modality();
    line += std::string(entry.name()) + "/" + (m.update_below ? "u" : "") +
            (m.draw_below ? "d" : "") + (m.input_below ? "i" : "") + "/" +
            std::to_string(std::bit_cast<std::uint32_t>(entry.time_scale())) + " ";
  }
  return line;
}

// One stack: the first broken property, or an empty string.
std::string round_trip(std::uint64_t seed, const types& t, std::size_t& states) {
  random_stacks random(seed);
  recorder ctx;
  test_stack a{ctx};
  random.fill(a);
  a.commit();
  states += a.size();
  const strata::save_result saved_a = strata::save(a, t);
  if (!saved_a.left.empty()) {
    return "save() left states out: " + saved_a.left.front().why;
  }
  if (saved_a.taken.states.size() != a.size()) {
    return "save() saved " + std::to_string(saved_a.taken.states.size()) + " states of " +
           std::to_string(a.size());
  }
  const std::string text_a = strata::to_text(saved_a.taken);
  const auto restored = [&](test_stack& into, const std::string& text) -> std::string {
    const strata::parsed_snapshot parsed = strata::parse_snapshot(text);
    if (!parsed) {
      return "line " + std::to_string(parsed.line) + ": " + parsed.problem + "\n" + text;
    }
    if (!(parsed.taken == saved_a.taken) && !has_nan(saved_a.taken)) {
      return "the parsed snapshot differs from the saved one:\n" + text;
    }
    const strata::restore_result result = strata::restore(into, t, parsed.taken);
    if (!result) {
      return "restore failed at " + std::to_string(result.index) + ": " + result.problem;
    }
    into.commit();
    return {};
  };
  test_stack b{ctx};
  if (std::string problem = restored(b, text_a); !problem.empty()) {
    return problem;
  }
  if (b.describe() != a.describe()) {
    return "describe(): '" + b.describe() + "', not '" + a.describe() + "'";
  }
  if (entries(b) != entries(a)) {
    return "entries: '" + entries(b) + "', not '" + entries(a) + "'";
  }
  const strata::save_result saved_b = strata::save(b, t);
  if (!has_nan(saved_a.taken) && !(saved_b.taken == saved_a.taken)) {
    return "the restored stack saves other records:\n" + strata::to_text(saved_b.taken) +
           "instead of\n" + text_a;
  }
  const std::string text_b = strata::to_text(saved_b.taken);
  if (text_b != text_a) {
    return "first round trip:\n" + text_b + "instead of\n" + text_a;
  }
  test_stack c{ctx};
  if (std::string problem = restored(c, text_b); !problem.empty()) {
    return problem;
  }
  const std::string text_c = strata::to_text(strata::save(c, t).taken);
  if (text_c != text_a) {
    return "second round trip:\n" + text_c + "instead of\n" + text_a;
  }
  return {};
}

// 10,000 stacks by default; STRATA_SAVE_STACKS and STRATA_SAVE_SEED change that (stack i plays
// seed + i).
TEST(save_round_trip, random_stacks_round_trip_through_the_text_form) {
  const types t = round_trip_types();
  const std::uint64_t count = from_environment("STRATA_SAVE_STACKS", 10'000);
  const std::uint64_t first = from_environment("STRATA_SAVE_SEED", 14);
  std::size_t states = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::string problem = round_trip(first + i, t, states);
    if (!problem.empty()) {
      ADD_FAILURE() << "stack seed " << first + i << " (STRATA_SAVE_SEED=" << first + i
                    << " STRATA_SAVE_STACKS=1 reproduces it): " << problem;
      return;
    }
  }
  EXPECT_GT(states, count * 3) << "the stacks were too shallow to prove much";
}

} // namespace
} // namespace strata_test
