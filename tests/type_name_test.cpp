// tests/type_name_test.cpp: where a state's name comes from (R21): a static name, a name()
// member, the type itself without namespaces, or .name() at push, in that order of preference.
#include <string>
#include <string_view>

#include "support/trace.hpp"

namespace game {
struct title {};
namespace screens {
struct options {};
} // namespace screens
template <class T>
struct wrapper {};
class outer {
public:
  struct inner {};
};
struct named_statically {
  static constexpr std::string_view name = "static name";
};
struct named_by_function {
  [[nodiscard]] std::string_view name() const { return "function name"; }
};
} // namespace game

namespace {
struct anonymous {};
} // namespace

namespace strata_test {
namespace {

using strata::detail::type_name;

TEST(type_name, r21_derived_from_the_type_without_namespaces) {
  EXPECT_EQ(type_name<game::title>(), "title");
  EXPECT_EQ(type_name<game::screens::options>(), "options");
  EXPECT_EQ(type_name<game::outer::inner>(), "inner");
  EXPECT_EQ(type_name<::anonymous>(), "anonymous");
  EXPECT_EQ(type_name<int>(), "int");
}

TEST(type_name, r21_template_arguments_keep_their_namespaces) {
  EXPECT_EQ(type_name<game::wrapper<game::title>>(), "wrapper<game::title>");
}

TEST(type_name, r21_is_a_compile_time_constant) {
  static_assert(type_name<game::title>() == "title");
  // Null-terminated for C callers.
  EXPECT_EQ(type_name<game::title>().data()[type_name<game::title>().size()], '\0');
}

class names : public stack_fixture {};

// committed: title | static name | function name | renamed*
TEST_F(names, r21_names_shown_by_the_stack) {
  s.push<game::title>();
  s.push<game::named_statically>();
  s.push<game::named_by_function>();
  s.push<game::title>().name("renamed");
  commit_setup();
  EXPECT_EQ(s.describe(), "title | static name | function name | renamed*");
}

// A name() override at push beats both a static name and a name() member.
TEST_F(names, r21_the_name_given_at_push_wins) {
  s.push<game::named_statically>().name("pushed 1");
  s.push<game::named_by_function>().name("pushed 2");
  commit_setup();
  EXPECT_EQ(s.describe(), "pushed 1 | pushed 2*");
}

// The name given at push is copied: the string it came from may die at once.
TEST_F(names, r21_the_name_given_at_push_is_copied) {
  s.push<game::title>().name(std::string("temporary ") + "name");
  commit_setup();
  EXPECT_EQ(s.describe(), "temporary name*");
}

// The same names reach the observer and pop_until. The observer hears of the push before
// .name() applies, so it sees the push under the type's name.
TEST_F(names, r21_names_reach_the_observer_and_pop_until) {
  s.push<game::title>();
  s.push<game::named_by_function>();
  watch(s, ctx);
  s.push<game::screens::options>().name("audio");
  s.pop_until("function name");
  EXPECT_EQ(trace(), "push options@2, pop audio@2, discard audio@2");
}

} // namespace
} // namespace strata_test
