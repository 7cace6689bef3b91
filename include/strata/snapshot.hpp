// strata/snapshot.hpp: a saved stack as a value: its states, bottom to top, each with its key,
// what it saved and the version that saved it, and what the pushes changed about its entry. Taken
// by strata::save() and staged again by strata::restore() (save.hpp); written and read as text by
// snapshot_text.hpp. A value type of the standard library only: it can be kept, compared, moved
// between stacks and processes, and written by hand (a deep link).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "modality.hpp"
#include "record.hpp"
#include "transition.hpp"

namespace strata {

// One saved entry. An override is present only where the push changed the type's own
// declaration, so that a snapshot shows what is particular to this entry and nothing else.
struct saved_state {
  std::string key; // the key its type was registered with (save_types::add)
  // What the state saved, and the version of its type that saved it (record::version(): 0 when
  // a hand-written line does not say, which restore reads as the current version).
  record data;
  std::optional<std::string> name;              // given with .name() at push
  std::optional<strata::modality> modality;     // given with .modality()
  std::optional<float> time_scale;              // given with .time_scale() (R32)
  std::optional<strata::transition> transition; // given with .transition() (R33)
  // The key of the result binding registered with save_types::result<&S::member>(key): its
  // on_exit calls that member of the state directly below it (strata::to_below).
  std::optional<std::string> on_exit;

  friend bool operator==(const saved_state&, const saved_state&) = default;
};

struct snapshot {
  std::vector<saved_state> states; // bottom to top
  friend bool operator==(const snapshot&, const snapshot&) = default;
};

} // namespace strata
