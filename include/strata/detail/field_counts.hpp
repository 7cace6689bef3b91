// strata/detail/field_counts.hpp: per registered kind (typed or hosted), how many fields the
// last state of that kind wrote in one save(), so that save() allocates each later state's record
// once, at that size, where a record grows field by field (S9, issue 14: three blocks and two
// moves of the fields for a state of three fields, one block once its kind was seen).
#pragma once

#include <cstddef>
#include <vector>

#include "../record.hpp"

namespace strata::detail {

class field_counts {
public:
  explicit field_counts(std::size_t kinds)
      : counts_(kinds, 0) {}

  // Room in the empty `data` for as many fields as the last state of kind number `kind` wrote.
  void make_room(std::size_t kind, record& data) const { data.fields_.reserve(counts_[kind]); }
  // What a state of kind number `kind` wrote in `data`.
  void learn(std::size_t kind, const record& data) { counts_[kind] = data.fields_.size(); }

private:
  std::vector<std::size_t> counts_;
};

} // namespace strata::detail
