// tests/support/focus_states.hpp: states for the rules issue 11 added. `focusing` is a logged
// state that also logs its focus hooks (R29) and may act in them; `timed` logs the dt each update
// hook receives (R30, R32). The plain `logged` states stay without focus hooks, so that the
// traces of the other rules keep showing only the hooks those rules are about.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <utility>

#include "trace.hpp"

namespace strata_test {

struct focus_actions {
  std::function<void()> focus{};
  std::function<void()> unfocus{};
};

template <fixed_name Name, strata::modality Mode = strata::modality::screen>
class focusing : public logged<Name, Mode> {
public:
  focusing() = default;
  explicit focusing(actions then, focus_actions on_focus = {})
      : logged<Name, Mode>(std::move(then))
      , on_focus_(std::move(on_focus)) {}
  explicit focusing(focus_actions on_focus)
      : on_focus_(std::move(on_focus)) {}
  // Also logs "name.destroyed" into `destruction_log` when it dies, as a logged state does.
  explicit focusing(recorder& destruction_log, actions then = {}, focus_actions on_focus = {})
      : logged<Name, Mode>(destruction_log, std::move(then))
      , on_focus_(std::move(on_focus)) {}

  void focus(recorder& r) { act(r, "focus", on_focus_.focus); }
  void unfocus(recorder& r) { act(r, "unfocus", on_focus_.unfocus); }

private:
  static void act(recorder& r, std::string_view hook, const std::function<void()>& action) {
    r.log(Name.view(), hook);
    if (action) {
      action();
    }
  }

  focus_actions on_focus_;
};

// "0.125": a dt as the trace shows it, exact for the binary fractions the tests use.
inline std::string dt_text(double dt) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", dt);
  return text;
}

// Logs every update hook with its dt: "a.update_covered(0.25)". `Percent` is the type's declared
// time scale (R32) in hundredths (clang 14 takes no float template argument); `Always` gives it
// update_always (R30).
template <fixed_name Name, strata::modality Mode = strata::modality::screen, int Percent = 100,
          bool Always = false>
class timed {
public:
  static constexpr std::string_view name = Name.view();
  static constexpr strata::modality modality = Mode;
  static constexpr float time_scale = static_cast<float>(Percent) / 100.0F;

  void update(recorder& r, double dt) { r.log(name, "update(" + dt_text(dt) + ")"); }
  void update_covered(recorder& r, double dt) {
    r.log(name, "update_covered(" + dt_text(dt) + ")");
  }
  void update_always(recorder& r, double dt) requires Always {
    r.log(name, "update_always(" + dt_text(dt) + ")");
  }
};

// A state with only update_always: the first seed's "system", which feeds the audio every frame.
template <fixed_name Name>
struct background {
  static constexpr std::string_view name = Name.view();
  void update_always(recorder& r, double dt) { r.log(name, "update_always(" + dt_text(dt) + ")"); }
};

} // namespace strata_test
