// tests/modality_test.cpp: the modality presets and how a state declares its modality (R16). How
// the passes obey it is in stack_passes_test.cpp.
#include "support/trace.hpp"

namespace strata_test {
namespace {

using strata::modality;

// {update_below, draw_below, input_below}
static_assert(modality::screen == modality{true, false, false});
static_assert(modality::opaque == modality{false, false, false});
static_assert(modality::freeze == modality{false, true, false});
static_assert(modality::live == modality{true, true, false});
static_assert(modality::transparent == modality{true, true, true});
static_assert(modality{} == modality::screen, "a default modality is a screen");

// Each of the eight: a preset by its name, the three mixes by the switches that are on.
TEST(modality_names, every_modality_has_a_name) {
  EXPECT_EQ(to_string(modality::screen), "screen");
  EXPECT_EQ(to_string(modality::opaque), "opaque");
  EXPECT_EQ(to_string(modality::freeze), "freeze");
  EXPECT_EQ(to_string(modality::live), "live");
  EXPECT_EQ(to_string(modality::transparent), "transparent");
  EXPECT_EQ(to_string(modality{false, false, true}), "input");
  EXPECT_EQ(to_string(modality{true, false, true}), "update+input");
  EXPECT_EQ(to_string(modality{false, true, true}), "draw+input");
}

struct declares_nothing {};
struct declares_static {
  static constexpr strata::modality modality = strata::modality::freeze;
};
struct declares_function {
  [[nodiscard]] strata::modality modality() const { return mode; }
  strata::modality mode = strata::modality::live;
};

class modalities : public stack_fixture {};

// staged: declares_nothing | declares_static | declares_function | overridden
TEST_F(modalities, r16_declared_by_the_type_or_overridden_at_push) {
  s.push<declares_nothing>();
  s.push<declares_static>();
  s.push<declares_function>();
  s.push<declares_static>().modality(modality::transparent);
  EXPECT_EQ(s.staged()[0].modality(), modality::screen);
  EXPECT_EQ(s.staged()[1].modality(), modality::freeze);
  EXPECT_EQ(s.staged()[2].modality(), modality::live);
  EXPECT_EQ(s.staged()[3].modality(), modality::transparent);
  s.commit();
  EXPECT_EQ(s.committed()[3].modality(), modality::transparent);
}

// The modality() member is read once, at push.
TEST_F(modalities, r16_modality_function_is_read_once_at_push) {
  s.push<declares_function>();
  s.staged()[0].get<declares_function>()->mode = modality::opaque;
  s.commit();
  EXPECT_EQ(s.committed()[0].modality(), modality::live);
}

// A per-push override also beats a modality() member.
TEST_F(modalities, r16_override_beats_the_modality_function) {
  s.push<declares_function>().modality(modality::freeze);
  EXPECT_EQ(s.staged()[0].modality(), modality::freeze);
}

} // namespace
} // namespace strata_test
