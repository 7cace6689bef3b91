// strata/detail/record_scratch.hpp: the record that restore() hands to each state it rebuilds,
// refilled from one saved record after another, so that after a warm-up a restore allocates
// only what its states allocate (issue 14).
//
// Copying (`scratch = saved`) loses strings on the way: a field that held text and now holds a
// number frees its text, and a record with fewer fields than the one before frees the fields
// past its end; the next state whose text or long field name lands in that place allocates
// again. A restore of states that save different fields, or the same fields in another order,
// would allocate on every state. Here every string stays with its field's position: a text a
// field stops holding waits in texts_, fields past the end wait in parked_, and each is taken
// back when that position needs it again, its storage grown to the longest it held.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "../record.hpp"

namespace strata::detail {

class record_scratch {
public:
  // A record equal to `saved`, in storage kept from the records filled before.
  record& fill(const record& saved) {
    std::vector<field>& fields = held_.fields_;
    const std::vector<field>& from = saved.fields_;
    // A place for every field either record has (the constructor that read the last one may
    // have written more fields into it).
    const std::size_t places = std::max(fields.size(), from.size());
    if (parked_.size() < places) {
      parked_.resize(places);
      texts_.resize(places);
    }
    // A parked field was moved out of before it is moved into again: no storage is swapped
    // out of it and freed.
    while (fields.size() > from.size()) {
      parked_[fields.size() - 1] = std::move(fields.back());
      fields.pop_back();
    }
    while (fields.size() < from.size()) {
      fields.push_back(std::move(parked_[fields.size()]));
    }
    for (std::size_t i = 0; i < from.size(); ++i) {
      fields[i].name = from[i].name;
      copy_value(fields[i].value, from[i].value, texts_[i]);
    }
    held_.version_ = saved.version_;
    held_.problem_ = saved.problem_;
    return held_;
  }

private:
  // `to` = `from`, with `spare` holding the text of this position while it holds none.
  static void copy_value(field_value& to, const field_value& from, std::string& spare) {
    if (const std::string* text = std::get_if<std::string>(&from)) {
      if (!std::holds_alternative<std::string>(to)) {
        to = std::move(spare);
      }
      std::get<std::string>(to) = *text;
      return;
    }
    if (std::string* text = std::get_if<std::string>(&to)) {
      spare = std::move(*text);
    }
    to = from;
  }

  record held_;
  std::vector<std::string> texts_; // per position: its text while its field holds none
  std::vector<field> parked_;      // per position: its field while held_ ends below it
};

} // namespace strata::detail
