// tests/save_types_test.cpp: the registry of savable state types (save_types.hpp). A registration
// with a bad or taken key, a type or member registered twice, or versions out of order is refused
// with errc::bad_registration (with exceptions) or aborts with the same message (without); a
// registered type is rebuilt by the first constructor it has of (Context&, record&), (record&),
// (Context&), (); a hosted kind (add_hosted) is told apart by its holds() rather than its type.
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <string_view>

#include "support/expect_error.hpp"
#include "support/trace.hpp"
#include <strata/save.hpp>
#include <strata/snapshot_text.hpp>
#include <strata/stack.hpp>

namespace strata_test {
namespace {

using strata::errc;
using strata::record;
using types = strata::save_types<recorder, event>;

struct above_state {
  static constexpr std::string_view name = "above_state";
};
struct holder {
  static constexpr std::string_view name = "holder";
  void done(above_state& /*left*/) {}
  void also_done(recorder& /*ctx*/, above_state& /*left*/) {}
};

// The four constructors a restore may use, each type with the ones from some point on.
struct with_all_four {
  static constexpr std::string_view name = "with_all_four";
  std::string how;
  with_all_four()
      : how("()") {}
  explicit with_all_four(recorder& /*ctx*/)
      : how("(Context&)") {}
  explicit with_all_four(record& /*saved*/)
      : how("(record&)") {}
  with_all_four(recorder& /*ctx*/, record& /*saved*/)
      : how("(Context&, record&)") {}
};
struct with_three {
  static constexpr std::string_view name = "with_three";
  std::string how;
  with_three()
      : how("()") {}
  explicit with_three(recorder& /*ctx*/)
      : how("(Context&)") {}
  explicit with_three(record& /*saved*/)
      : how("(record&)") {}
};
struct with_two {
  static constexpr std::string_view name = "with_two";
  std::string how;
  with_two()
      : how("()") {}
  explicit with_two(recorder& /*ctx*/)
      : how("(Context&)") {}
};
struct with_default {
  static constexpr std::string_view name = "with_default";
  std::string how = "()";
};
// (Context&, record&) and () only: the record-taking one wins over the default.
struct with_context_and_record {
  static constexpr std::string_view name = "with_context_and_record";
  std::string how;
  with_context_and_record()
      : how("()") {}
  with_context_and_record(recorder& /*ctx*/, record& /*saved*/)
      : how("(Context&, record&)") {}
};

#ifndef STRATA_NO_EXCEPTIONS
template <class Action>
void expect_refused(Action&& action, const std::string& message) {
  try {
    std::forward<Action>(action)();
  } catch (const strata::error& e) {
    EXPECT_EQ(e.code(), errc::bad_registration);
    EXPECT_EQ(std::string(e.what()), message);
    return;
  }
  ADD_FAILURE() << "not refused; expected: " << message;
}
#define STRATA_TEST_REFUSED(action, message) expect_refused([&] { action; }, message)
#else
// Without exceptions a registration, set-up code with no stack to report through, aborts.
#define STRATA_TEST_REFUSED(action, message) EXPECT_DEATH(action, literally(message))
#endif

const std::string not_a_key = "is not a key: 1 to 64 letters, digits and '_', '.', ':', '-'";

// Death tests (without exceptions) are named so that valgrind's run leaves them out.
TEST(save_types_death, a_bad_key_is_refused) {
  types registry;
  STRATA_TEST_REFUSED(registry.add<with_default>("two words"),
                      "strata: save_types::add<with_default>(\"two words\") " + not_a_key);
  STRATA_TEST_REFUSED(registry.add<with_default>(""),
                      "strata: save_types::add<with_default>(\"\") " + not_a_key);
  STRATA_TEST_REFUSED(registry.add<with_default>(std::string(65, 'k')),
                      "strata: save_types::add<with_default>(\"" + std::string(65, 'k') + "\") " +
                          not_a_key);
  STRATA_TEST_REFUSED(
      registry.add<with_default>(
          "f/g", 1, [](recorder&, record&) { return std::make_unique<with_default>(); }),
      "strata: save_types::add<with_default>(\"f/g\") " + not_a_key);
  EXPECT_EQ(registry.find(&strata::detail::ops_for<with_default, recorder, event>), nullptr);
  registry.add<with_default>(std::string(64, 'k'));
  EXPECT_NE(registry.find(std::string(64, 'k')), nullptr);
}

TEST(save_types_death, a_key_or_a_type_registered_twice_is_refused) {
  types registry;
  registry.add<with_default>("one");
  STRATA_TEST_REFUSED(registry.add<with_two>("one"),
                      "strata: save_types::add<with_two>(\"one\") is registered already");
  STRATA_TEST_REFUSED(
      registry.add<with_default>("two"),
      "strata: save_types::add<with_default>(\"two\") names a type registered already, as 'one'");
  STRATA_TEST_REFUSED(
      registry.add<with_default>(
          "three", 1, [](recorder&, record&) { return std::make_unique<with_default>(); }),
      "strata: save_types::add<with_default>(\"three\") names a type registered already, as "
      "'one'");
  ASSERT_NE(registry.find("one"), nullptr);
  EXPECT_EQ(registry.find("two"), nullptr);
  EXPECT_EQ(registry.find("three"), nullptr);
  EXPECT_EQ(registry.find(&strata::detail::ops_for<with_two, recorder, event>), nullptr);
}

TEST(save_types_death, versions_out_of_order_are_refused) {
  types registry;
  STRATA_TEST_REFUSED(registry.add<with_default>("v", 0),
                      "strata: save_types::add<with_default>(\"v\") has version 0 and oldest 1: "
                      "both must be 1 or more, the oldest no newer");
  STRATA_TEST_REFUSED(registry.add<with_default>("v", 2, 3),
                      "strata: save_types::add<with_default>(\"v\") has version 2 and oldest 3: "
                      "both must be 1 or more, the oldest no newer");
  STRATA_TEST_REFUSED(registry.add<with_default>("v", 2, 0),
                      "strata: save_types::add<with_default>(\"v\") has version 2 and oldest 0: "
                      "both must be 1 or more, the oldest no newer");
  STRATA_TEST_REFUSED(
      registry.add<with_default>(
          "v", 0, [](recorder&, record&) { return std::make_unique<with_default>(); }),
      "strata: save_types::add<with_default>(\"v\") has version 0 and oldest 1: both must be 1 "
      "or more, the oldest no newer");
  EXPECT_EQ(registry.find("v"), nullptr);
  registry.add<with_default>("v", 3, 3);
  ASSERT_NE(registry.find("v"), nullptr);
  EXPECT_EQ(registry.find("v")->version, 3U);
  EXPECT_EQ(registry.find("v")->oldest, 3U);
}

TEST(save_types_death, a_result_key_or_member_registered_twice_is_refused) {
  types registry;
  registry.result<&holder::done>("done");
  STRATA_TEST_REFUSED(registry.result<&holder::also_done>("done"),
                      "strata: save_types::result(\"done\") is registered already");
  STRATA_TEST_REFUSED(
      registry.result<&holder::done>("again"),
      "strata: save_types::result(\"again\") names a member registered already, as 'done'");
  STRATA_TEST_REFUSED(registry.result<&holder::also_done>("a b"),
                      "strata: save_types::result(\"a b\") " + not_a_key);
  ASSERT_NE(registry.find_result("done"), nullptr);
  EXPECT_EQ(registry.find_result("again"), nullptr);
  EXPECT_EQ(registry.find_result(&strata::detail::binding_tag<&holder::also_done>), nullptr);
  registry.result<&holder::also_done>("also_done");
  const types::result_binding* also = registry.find_result("also_done");
  ASSERT_NE(also, nullptr);
  EXPECT_EQ(also->state_ops, (&strata::detail::ops_for<above_state, recorder, event>));
  EXPECT_EQ(also->below_ops, (&strata::detail::ops_for<holder, recorder, event>));
}

// Restores one state of each type and reads which constructor built it.
template <class T>
std::string built_by(recorder& ctx) {
  types registry;
  registry.add<T>("t");
  test_stack s{ctx};
  strata::snapshot one;
  one.states.emplace_back().key = "t";
  EXPECT_TRUE(strata::restore(s, registry, one));
  EXPECT_EQ(s.staged().size(), 1U);
  return s.staged()[0].get<T>()->how;
}

TEST(save_types, the_first_constructor_of_context_and_record_record_context_default_is_used) {
  recorder ctx;
  EXPECT_EQ(built_by<with_all_four>(ctx), "(Context&, record&)");
  EXPECT_EQ(built_by<with_three>(ctx), "(record&)");
  EXPECT_EQ(built_by<with_two>(ctx), "(Context&)");
  EXPECT_EQ(built_by<with_default>(ctx), "()");
  EXPECT_EQ(built_by<with_context_and_record>(ctx), "(Context&, record&)");
}

struct saver {
  static constexpr std::string_view name = "saver";
  int value = 0;
  void save(record& out) const { out.set("value", value); }
};

TEST(save_types, a_type_saves_through_its_save_member_if_it_has_one) {
  static_assert(strata::saves_itself<saver>);
  static_assert(!strata::saves_itself<with_default>);
  types registry;
  registry.add<saver>("saver", 4, 2);
  registry.add<with_default>("plain");
  const types::kind* with_save = registry.find("saver");
  ASSERT_NE(with_save, nullptr);
  EXPECT_EQ(with_save->key, "saver");
  EXPECT_EQ(with_save->version, 4U);
  EXPECT_EQ(with_save->oldest, 2U);
  EXPECT_EQ(with_save->ops, (&strata::detail::ops_for<saver, recorder, event>));
  ASSERT_NE(with_save->save, nullptr);
  const saver state{7};
  record out;
  with_save->save(&state, out);
  EXPECT_EQ(out.get<int>("value"), 7);
  EXPECT_EQ(registry.find("plain")->save, nullptr);
  EXPECT_EQ(registry.find(&strata::detail::ops_for<saver, recorder, event>), with_save);
  EXPECT_EQ(registry.find("nothing"), nullptr);
}

// A stack without a context or events: its states are rebuilt from the record alone.
struct bare {
  static constexpr std::string_view name = "bare";
  int n = 0;
  explicit bare(int value)
      : n(value) {}
  explicit bare(record& saved)
      : n(saved.get<int>("n")) {}
  void save(record& out) const { out.set("n", n); }
};
struct made_bare {
  static constexpr std::string_view name = "made_bare";
  int n = 0;
};

TEST(save_types, a_stack_without_context_saves_and_restores) {
  strata::save_types<> registry;
  registry.add<bare>("bare");
  registry.add<made_bare>("made", 1, [](strata::no_context&, record& saved) {
    return std::make_unique<made_bare>(made_bare{saved.get_or("n", 7)});
  });
  strata::stack<> s;
  s.push<bare>(5);
  s.commit();
  const std::string text = strata::to_text(strata::save(s, registry).taken);
  EXPECT_EQ(text, "strata snapshot 1\nbare v1 n=5\n");
  strata::stack<> other;
  ASSERT_TRUE(strata::restore(other, registry, strata::parse_snapshot(text + "made\n").taken));
  other.commit();
  EXPECT_EQ(other.describe(), "bare | made_bare*");
  EXPECT_EQ(other.committed()[0].get<bare>()->n, 5);
  EXPECT_EQ(other.committed()[1].get<made_bare>()->n, 7);
}

// One C++ type standing for several saved kinds, told apart by a member, as a binding's states
// are (the C API's are told apart by their strata_state).
struct script_state {
  std::string script;
  std::int64_t level = 0;
  script_state(std::string which, std::int64_t at)
      : script(std::move(which))
      , level(at) {}
  [[nodiscard]] std::string_view name() const { return script; }
};
using script_ops = strata::detail::type_ops<recorder, event>;

types::hosted_kind script_kind(const std::string& script) {
  types::hosted_kind kind;
  kind.key = script;
  kind.holds = [script](const script_ops& type, const void* object) {
    return &type == &strata::detail::ops_for<script_state, recorder, event> &&
           static_cast<const script_state*>(object)->script == script;
  };
  kind.save = [](const void* object, record& out) {
    out.set("level", static_cast<const script_state*>(object)->level);
  };
  kind.build = [script](recorder&, record& saved, strata::detail::block_pool& pool,
                        types::entry& e) {
    const std::int64_t level = saved.get<std::int64_t>("level");
    e = strata::detail::make_pooled_entry<script_state, recorder, event>(
        pool, [&](void* memory) { return ::new (memory) script_state(script, level); });
    return true;
  };
  // Its plain name is its script's: only a name given at the push is saved.
  kind.plain = [](const void* object) {
    return types::plain_state{static_cast<const script_state*>(object)->script};
  };
  return kind;
}

TEST(save_types, hosted_kinds_of_one_type_save_and_restore_apart) {
  types registry;
  registry.add_hosted(script_kind("boss"));
  registry.add_hosted(script_kind("minion"));
  recorder ctx;
  test_stack s{ctx};
  s.push<script_state>("boss", 2);
  s.push<script_state>("minion", 1).name("Minion A").modality(strata::modality::freeze);
  s.push<script_state>("stranger", 0);
  s.commit();
  const strata::save_result saved = strata::save(s, registry);
  EXPECT_EQ(strata::to_text(saved.taken),
            "strata snapshot 1\n"
            "boss v1 level=2\n"
            "minion v1 level=1 [name=\"Minion A\" modality=freeze]\n");
  ASSERT_EQ(saved.left.size(), 1U);
  EXPECT_EQ(saved.left[0].why, "its type 'script_state' is not registered");
  test_stack other{ctx};
  ASSERT_TRUE(strata::restore(other, registry, saved.taken));
  other.commit();
  EXPECT_EQ(other.describe(), "boss | Minion A*");
  EXPECT_EQ(other.committed()[1].get<script_state>()->script, "minion");
  EXPECT_EQ(other.committed()[1].modality(), strata::modality::freeze);
  EXPECT_EQ(strata::save(other, registry).taken, saved.taken);
}

TEST(save_types_death, a_hosted_kind_without_its_functions_is_refused) {
  types registry;
  types::hosted_kind kind = script_kind("boss");
  kind.plain = nullptr;
  STRATA_TEST_REFUSED(registry.add_hosted(kind),
                      "strata: save_types::add_hosted(\"boss\") needs its holds, build and plain "
                      "functions");
  STRATA_TEST_REFUSED(registry.add_hosted(script_kind("a b")),
                      "strata: save_types::add_hosted(\"a b\") " + not_a_key);
  registry.add<with_default>("taken");
  STRATA_TEST_REFUSED(registry.add_hosted(script_kind("taken")),
                      "strata: save_types::add_hosted(\"taken\") is registered already");
  EXPECT_EQ(registry.find("boss"), nullptr);
}

} // namespace
} // namespace strata_test
