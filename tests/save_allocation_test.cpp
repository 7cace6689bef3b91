// tests/save_allocation_test.cpp: a warm restore allocates nothing beyond the states it builds
// (issue 14). Counted by replacing the global operator new (support/counting_new.hpp) and by a
// counting allocator given as options.memory. The saved texts and field names are longer than
// any std::string keeps inline, and the two state types save different fields in a different
// order, so that reading each saved record cannot reuse what the one before it left.
#include <cstddef>
#include <string>

#include <gtest/gtest.h>
#include <strata/save.hpp>
#include <strata/strata.hpp>

#include "support/counting_new.hpp"
#include "support/counting_resource.hpp"

namespace strata_test {
namespace {

// Four fields, its text second under a long name.
struct chapter {
  int number = 0;
  std::string title;
  double progress = 0;
  bool secret_found = false;
  chapter(int n, std::string t)
      : number(n)
      , title(std::move(t)) {}
  explicit chapter(strata::record& saved)
      : number(saved.get<int>("number"))
      , title(saved.get<std::string>("title_shown_while_loading"))
      , progress(saved.get<double>("progress"))
      , secret_found(saved.get<bool>("secret_found")) {}
  void save(strata::record& out) const {
    out.set("number", number);
    out.set("title_shown_while_loading", title);
    out.set("progress", progress);
    out.set("secret_found", secret_found);
  }
};

// One field, its text first.
struct note {
  std::string text;
  explicit note(std::string t)
      : text(std::move(t)) {}
  explicit note(strata::record& saved)
      : text(saved.get<std::string>("text_of_the_note_on_screen")) {}
  void save(strata::record& out) const { out.set("text_of_the_note_on_screen", text); }
};

// Each state keeps a text that std::string cannot hold inline: one allocation of its own when it
// is rebuilt.
constexpr std::size_t depth = 12;
const std::string long_text = "a text longer than any string keeps inline: 48 chars";

TEST(save_allocation, a_warm_restore_allocates_only_what_its_states_allocate) {
  strata::save_types<> types;
  types.add<chapter>("chapter");
  types.add<note>("note");

  strata::stack<> original;
  for (std::size_t i = 0; i < depth; ++i) {
    if (i % 2 == 0) {
      original.push<chapter>(static_cast<int>(i), long_text);
    } else {
      original.push<note>(long_text);
    }
  }
  original.commit();
  const strata::snapshot saved = strata::save(original, types).taken;
  ASSERT_EQ(saved.states.size(), depth);

  counting_resource memory;
  strata::stack<> restored{strata::options{.memory = &memory}};
  // Warm-up: the stack's pool and arrays and restore()'s own buffers reach the sizes they keep.
  ASSERT_TRUE(strata::restore(restored, types, saved));
  restored.commit();
  restored.clear();
  restored.commit();

  const std::size_t global_before = global_allocations;
  const std::size_t from_memory_before = memory.allocations;
  ASSERT_TRUE(strata::restore(restored, types, saved));
  restored.commit();
  EXPECT_EQ(global_allocations - global_before, depth); // each state's own text
  EXPECT_EQ(memory.allocations - from_memory_before, 0U);
  ASSERT_EQ(restored.size(), depth);
  EXPECT_EQ(strata::save(restored, types).taken, saved);
}

} // namespace
} // namespace strata_test
