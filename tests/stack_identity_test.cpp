// tests/stack_identity_test.cpp: entry identities and closing a state by identity (R31).
#include <string>
#include <vector>

#include "support/expect_error.hpp"
#include "support/focus_states.hpp"

namespace strata_test {
namespace {

using strata::entry_id;

class identity : public stack_fixture {};

// Every staging gets a new id, never given again by this stack, the same in every view.
TEST_F(identity, r31_ids_are_new_for_every_staging_and_the_same_everywhere) {
  std::vector<entry_id> told;
  s.set_observer([&](const strata::step_info& info) { told.push_back(info.id); });
  const entry_id a = s.push<logged<"a">>().id();
  const entry_id b = s.push<logged<"b">>().id();
  s.pop();
  const entry_id b_again = s.push<logged<"b">>().id();
  EXPECT_NE(a, entry_id::none);
  EXPECT_NE(a, b);
  EXPECT_NE(b, b_again);
  EXPECT_NE(a, b_again);
  EXPECT_EQ(s.staged()[1].id(), b_again);
  s.commit();
  EXPECT_EQ(s.committed()[0].id(), a);
  EXPECT_EQ(s.committed().top()->id(), b_again);
  // push a, push b, pop b, discard b, push b, enter a, pause a, enter b, focus b
  EXPECT_EQ(told, (std::vector<entry_id>{a, b, b, b, b_again, a, a, b_again, b_again}));
  s.set_observer({}); // `told` goes before the stack does
}

TEST_F(identity, r31_a_failed_push_has_no_id) {
  s.set_max_depth(1);
  s.push<logged<"a">>();
  entry_id failed = entry_id{42};
  expect_error(s, strata::errc::depth_limit,
               "strata: pushing 'b' would grow the stack past its depth limit of 1",
               [&] { failed = s.push<logged<"b">>().id(); });
  if constexpr (!exceptions_on) {
    EXPECT_EQ(failed, entry_id::none); // the handle of a failed push is inert
  }
  EXPECT_EQ(test_stack::pushed<logged<"b">>{}.id(), entry_id::none);
}

// committed: a | dialog | toast*
// requests:  close(dialog)
// staged:    a
// commit:    toast.exit, dialog.resume, dialog.exit, a.resume
TEST_F(identity, r31_close_pops_the_entry_and_everything_above_it) {
  s.push<logged<"a">>();
  const entry_id dialog = s.push<logged<"dialog">>().id();
  s.push<logged<"toast">>();
  commit_setup();
  watch(s, ctx);
  EXPECT_TRUE(s.close(dialog));
  EXPECT_EQ(trace(), "pop toast@2, pop dialog@1");
  s.commit();
  EXPECT_EQ(trace(), "unfocus toast@2, toast.exit, exit toast@2, dialog.resume, resume dialog@1, "
                     "dialog.exit, exit dialog@1, a.resume, resume a@0, focus a@0");
}

// An id whose entry is no longer staged closes nothing: a second close, an entry that left, an
// id never given, and none.
TEST_F(identity, r31_close_of_an_entry_no_longer_staged_does_nothing) {
  s.push<logged<"a">>();
  const entry_id dialog = s.push<logged<"dialog">>().id();
  commit_setup();
  EXPECT_TRUE(s.close(dialog));
  EXPECT_FALSE(s.close(dialog));
  s.commit();
  EXPECT_EQ(trace(), "dialog.exit, a.resume");
  EXPECT_FALSE(s.close(dialog));
  EXPECT_FALSE(s.close(entry_id{1'000}));
  EXPECT_FALSE(s.close(entry_id::none));
  EXPECT_EQ(s.describe(), "a*");
  EXPECT_FALSE(s.pending());
}

// The HaxeFlixel #1219 case: a dialog that closes itself in the same frame as something pushed
// a toast above it closes itself, not the toast. It finds its own id from inside its hook.
class self_closing_dialog {
public:
  static constexpr std::string_view name = "dialog";
  explicit self_closing_dialog(test_stack& states)
      : states_(states) {}
  void update_covered(recorder& r, double /*dt*/) {
    r.log(name, "update_covered");
    states_.close(states_.id_of(*this));
  }

private:
  test_stack& states_;
};

// committed: a | dialog | toast*   (toast pushed by a's update_covered this frame, before the
//            dialog's update_covered closes the dialog)
TEST_F(identity, r31_a_state_closes_itself_by_its_id_even_under_a_newer_state) {
  s.push<logged<"a">>(actions{.update_covered = once([&] { s.push<logged<"toast">>(); })});
  s.push<self_closing_dialog>(s);
  s.push<logged<"hud", strata::modality::transparent>>();
  commit_setup();
  s.update(1);
  EXPECT_EQ(trace(), "a.update_covered, dialog.update_covered, hud.update");
  s.commit();
  EXPECT_EQ(trace(), "hud.exit, a.resume");
  EXPECT_EQ(s.describe(), "a*");
}

// id_of finds the staged entry holding an object, then the committed ones on their way out.
TEST_F(identity, r31_id_of_finds_staged_then_leaving_entries) {
  logged<"kept"> kept;
  logged<"other"> other;
  const entry_id first = s.push(strata::borrow(kept)).id();
  commit_setup();
  EXPECT_EQ(s.id_of(kept), first);
  EXPECT_EQ(s.id_of(other), entry_id::none);
  s.pop();
  EXPECT_EQ(s.id_of(kept), first); // committed, waiting for its exit
  const entry_id second = s.push(strata::borrow(kept)).id();
  EXPECT_EQ(s.id_of(kept), second); // the staged one first
  s.commit();
  EXPECT_EQ(trace(), "kept.exit, kept.enter");
  EXPECT_EQ(s.id_of(kept), second);
  s.clear(); // the borrowed states go before they do
  s.commit();
}

} // namespace
} // namespace strata_test
