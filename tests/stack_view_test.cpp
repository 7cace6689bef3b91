// tests/stack_view_test.cpp: the queries (R21): the committed and staged views, what each entry
// view tells, size()/empty()/pending() and describe().
#include <string>
#include <vector>

#include "support/trace.hpp"

namespace strata_test {
namespace {

class views : public stack_fixture {};

// The names a view yields, bottom to top, with the paused ones marked.
std::string listing(const test_stack::view& view) {
  std::string line;
  for (const auto entry : view) {
    line += (line.empty() ? "" : " | ") + std::string(entry.name()) + (entry.paused() ? "~" : "");
  }
  return line;
}

// committed: a | b*
// requests:  push c
// staged:    a | b | c   (the committed view is unchanged until the commit)
TEST_F(views, r21_committed_and_staged_differ_until_the_commit) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  commit_setup();
  s.push<logged<"c">>();
  EXPECT_EQ(listing(s.committed()), "a~ | b");
  EXPECT_EQ(listing(s.staged()), "a~ | b | c");
  EXPECT_EQ(s.committed().size(), 2U);
  EXPECT_EQ(s.staged().size(), 3U);
  EXPECT_EQ(s.committed().top()->name(), "b");
  EXPECT_EQ(s.staged().top()->name(), "c");
  EXPECT_FALSE(s.committed().contains("c"));
  EXPECT_TRUE(s.staged().contains("c"));
  EXPECT_EQ(s.size(), 2U);
  EXPECT_TRUE(s.pending());
  s.commit();
  EXPECT_EQ(listing(s.committed()), "a~ | b~ | c");
  EXPECT_EQ(listing(s.staged()), listing(s.committed()));
  EXPECT_EQ(s.size(), 3U);
  EXPECT_FALSE(s.pending());
}

// committed: a | b*
// requests:  pop   (b waits for its exit: committed still, staged no more)
// staged:    a
TEST_F(views, r21_a_popped_state_stays_committed_until_its_exit) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  commit_setup();
  s.pop();
  EXPECT_EQ(listing(s.committed()), "a~ | b");
  EXPECT_EQ(listing(s.staged()), "a~");
  EXPECT_EQ(s.describe(), "a | b*");
  s.commit();
  EXPECT_EQ(listing(s.committed()), "a");
  EXPECT_EQ(s.describe(), "a*");
}

// committed: x | y | x(named) | z*
// find:      the entry nearest the top with that name, with its depth
TEST_F(views, r21_find_returns_the_entry_nearest_the_top) {
  s.push<logged<"x">>();
  s.push<logged<"y">>();
  s.push<logged<"z">>().name("x");
  s.push<logged<"z">>();
  commit_setup();
  ASSERT_TRUE(s.committed().find("x").has_value());
  EXPECT_EQ(s.committed().find("x")->depth(), 2U);
  EXPECT_TRUE(s.committed().find("x")->is<logged<"z">>());
  EXPECT_EQ(s.committed().find("y")->depth(), 1U);
  EXPECT_FALSE(s.committed().find("w").has_value());
  EXPECT_TRUE(s.committed().contains("z"));
  EXPECT_FALSE(s.committed().contains("w"));
}

// committed: a | b*   with b pushed as opaque
// entries:   name, modality, depth, paused, get<T>, is<T>, in the order of iteration
TEST_F(views, r21_entry_views_tell_name_modality_depth_paused_and_the_state) {
  logged<"b"> borrowed;
  s.push<logged<"a">>();
  s.push(strata::borrow(borrowed)).modality(strata::modality::opaque);
  commit_setup();
  std::vector<std::size_t> depths;
  for (const auto entry : s.committed()) {
    depths.push_back(entry.depth());
  }
  EXPECT_EQ(depths, (std::vector<std::size_t>{0, 1}));
  const auto a = s.committed()[0];
  const auto b = s.committed()[1];
  EXPECT_EQ(a.name(), "a");
  EXPECT_EQ(a.modality(), strata::modality::screen);
  EXPECT_TRUE(a.paused());
  EXPECT_NE(a.get<logged<"a">>(), nullptr);
  EXPECT_EQ(a.get<logged<"b">>(), nullptr);
  EXPECT_TRUE(a.is<logged<"a">>());
  EXPECT_FALSE(a.is<logged<"b">>());
  EXPECT_EQ(b.modality(), strata::modality::opaque);
  EXPECT_FALSE(b.paused());
  EXPECT_EQ(b.get<logged<"b">>(), &borrowed);
  s.clear();
  s.commit();
}

// committed: (empty)
TEST_F(views, r21_an_empty_stack) {
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.size(), 0U);
  EXPECT_TRUE(s.committed().empty());
  EXPECT_TRUE(s.staged().empty());
  EXPECT_FALSE(s.committed().top().has_value());
  EXPECT_FALSE(s.staged().find("a").has_value());
  EXPECT_TRUE(s.committed().begin() == s.committed().end());
  EXPECT_EQ(s.describe(), "(empty)");
  EXPECT_FALSE(s.pending());
}

// committed: system | title | world | level | pause*
TEST_F(views, r21_describe_marks_the_active_state) {
  s.push<logged<"system">>();
  EXPECT_EQ(s.describe(), "(empty)");
  s.commit();
  EXPECT_EQ(s.describe(), "system*");
  s.push<logged<"title">>();
  s.push<logged<"world">>();
  s.push<logged<"level">>();
  s.push<logged<"pause">>();
  s.commit();
  EXPECT_EQ(s.describe(), "system | title | world | level | pause*");
}

// committed: two\nlines "q" \ | ab\0cd*   (R21: a name may hold any bytes, NUL included)
// describe() stays one line: each name escaped as the timeline and the snapshot text write it.
TEST_F(views, r21_describe_keeps_any_name_on_one_line) {
  s.push<logged<"a">>().name("two\nlines \"q\" \\");
  s.push<logged<"b">>().name(std::string("ab\0cd", 5));
  s.commit();
  EXPECT_EQ(s.describe(), "two\\nlines \\\"q\\\" \\\\ | ab\\x00cd*");
}

// committed: a*
// requests:  push b (enter reads both views; c is staged above it meanwhile)
TEST_F(views, r21_views_read_inside_a_hook_show_the_commit_under_way) {
  s.push<logged<"a">>();
  commit_setup();
  s.push<logged<"b">>(actions{.enter = [&] {
    ctx.note("committed: " + listing(s.committed()) + " / staged: " + listing(s.staged()));
  }});
  s.push<logged<"c">>();
  s.commit();
  EXPECT_EQ(trace(), "a.pause, b.enter, committed: a~ | b / staged: a~ | b | c, b.pause, c.enter");
}

// committed: (empty)
// the context is the one the stack was given
TEST_F(views, r21_context_is_the_one_given) {
  EXPECT_EQ(&s.context(), &ctx);
}

} // namespace
} // namespace strata_test
