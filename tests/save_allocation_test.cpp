// tests/save_allocation_test.cpp: a warm restore allocates nothing beyond the states it builds,
// and a save one block per state for its fields (issue 14); a field whose name cannot be copied
// leaves its record as it was. Counted by replacing the global operator new
// (support/counting_new.hpp) and by a counting allocator given as options.memory. The saved
// texts and field names are longer than any std::string keeps inline, and the two state types
// save different fields in a different order, so that reading each saved record cannot reuse
// what the one before it left.
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <utility>
#include <vector>

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

strata::save_types<> both_types() {
  strata::save_types<> types;
  types.add<chapter>("chapter");
  types.add<note>("note");
  return types;
}

// `states` deep, chapters and notes in turn, committed.
void fill(strata::stack<>& stack, std::size_t states) {
  for (std::size_t i = 0; i < states; ++i) {
    if (i % 2 == 0) {
      stack.push<chapter>(static_cast<int>(i), long_text);
    } else {
      stack.push<note>(long_text);
    }
  }
  stack.commit();
}

TEST(save_allocation, a_warm_restore_allocates_only_what_its_states_allocate) {
  const strata::save_types<> types = both_types();
  strata::stack<> original;
  fill(original, depth);
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

// A save() allocates each state's record once: a state of a type saved before gets a record
// sized to that type's fields, where a record grown field by field took a block per doubling (S9,
// issue 14). Each state beyond the first of its type costs that block and the blocks of its long
// name and long text, whatever the depth: the save of a stack twice as deep makes exactly that
// many more, the list of the saved states being allocated once at its size.
TEST(save_allocation, each_state_beyond_the_first_of_its_type_costs_one_block_for_its_fields) {
  const strata::save_types<> types = both_types();
  strata::stack<> shallow;
  fill(shallow, depth);
  strata::stack<> deep;
  fill(deep, 2 * depth);

  const std::size_t before_shallow = global_allocations;
  const strata::save_result from_shallow = strata::save(shallow, types);
  const std::size_t shallow_allocations = global_allocations - before_shallow;
  const std::size_t before_deep = global_allocations;
  const strata::save_result from_deep = strata::save(deep, types);
  const std::size_t deep_allocations = global_allocations - before_deep;

  ASSERT_EQ(from_shallow.taken.states.size(), depth);
  ASSERT_EQ(from_deep.taken.states.size(), 2 * depth);
  constexpr std::size_t blocks_per_state = 3; // its fields, its field's long name, its long text
  EXPECT_EQ(deep_allocations - shallow_allocations, depth * blocks_per_state);
  for (std::size_t i = 0; i < depth; ++i) { // the same pushes below `depth`: the same records
    EXPECT_EQ(from_deep.taken.states[i], from_shallow.taken.states[i]) << "state " << i;
  }
}

#ifndef STRATA_NO_EXCEPTIONS
// A field is made in place in the record: if its name cannot be copied (out of memory), the
// field is taken out again, and the record keeps what it held.
TEST(save_allocation, a_field_whose_name_cannot_be_copied_leaves_the_record_as_it_was) {
  std::vector<strata::field> room; // so that the field is added without growing the record
  room.reserve(4);
  room.push_back(strata::field{"number", std::int64_t{7}});
  strata::record out{1, std::move(room)};
  const strata::record before = out;
  fail_next_allocation = true;
  bool threw = false;
  try {
    out.set("a_field_name_longer_than_any_kept_inline", 8);
  } catch (const std::bad_alloc&) {
    threw = true;
  }
  // Cleared before anything reports: gtest's own allocations must not fail.
  const bool allocated = !std::exchange(fail_next_allocation, false);
  EXPECT_TRUE(allocated) << "the name was copied without allocating";
  EXPECT_TRUE(threw);
  EXPECT_EQ(out, before);
  out.set("a_field_name_longer_than_any_kept_inline", 8); // and the record takes it later
  EXPECT_EQ(out.fields().size(), 2U);
}
#endif

} // namespace
} // namespace strata_test
