// model/strata_model/model_compare.hpp: what the runner (model_runner.hpp) compares between the
// real stack and the model after each operation: both views entry by entry (names, ids, what
// id_of() finds, paused, modality, time scale), describe(), pending(), the live states, and for
// R33 in_transition() and presence_of(); with the lines that show a difference.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <strata/transition.hpp>

#include "model.hpp"
#include "model_program.hpp"
#include "model_real.hpp"
#include "model_trace.hpp"
#include "model_world.hpp"

namespace strata_model::detail {

// One entry as "title#3 [id 5] (x0.5) (paused)": its name, the harness's id of the state, the
// entry's id, its time scale if not 1.
inline std::string entry_text(std::string_view name, int id, std::uint64_t eid, float scale,
                              bool paused) {
  std::string text =
      std::string(name) + "#" + std::to_string(id) + " [id " + std::to_string(eid) + "]";
  if (scale != 1.0F) {
    text += " (x" + std::to_string(scale) + ")";
  }
  return paused ? text + " (paused)" : text;
}

inline std::string model_line(const reference_stack& m, const std::vector<int>& ids) {
  std::string line;
  for (const int id : ids) {
    const model_entry& e = m.entry(id);
    line += (line.empty() ? "" : " | ") +
            entry_text(state_names[e.shown_name], id, e.eid, e.scale, e.paused);
  }
  return line.empty() ? "(empty)" : line;
}

inline std::string real_line(const real_stack::view& v) {
  std::string line;
  for (const auto e : v) {
    line += (line.empty() ? "" : " | ") + entry_text(e.name(), world::id_of(e),
                                                     static_cast<std::uint64_t>(e.id()),
                                                     e.time_scale(), e.paused());
  }
  return line.empty() ? "(empty)" : line;
}

// One view against the model's list, through iteration, operator[], top() and find(). R31: each
// entry's id, which id_of() finds for its state (for the top two: the search is linear); R32:
// its time scale, bit for bit.
inline bool same_view(const real_stack& r, const real_stack::view& v, const reference_stack& m,
                      const std::vector<int>& ids) {
  if (v.size() != ids.size() || v.empty() != ids.empty()) {
    return false;
  }
  std::size_t depth = 0;
  for (const auto e : v) {
    if (depth == ids.size()) {
      return false;
    }
    const model_entry& expected = m.entry(ids[depth]);
    const auto direct = v[depth];
    const bool near_top = depth + 2 >= ids.size();
    strata::entry_id found = strata::entry_id::none;
    const int id =
        world::id_as(e, expected.type, expected.type_parameter, r, near_top ? &found : nullptr);
    if (e.depth() != depth || direct.depth() != depth || id != expected.id ||
        world::id_as(direct, expected.type, expected.type_parameter, r) != expected.id ||
        e.name() != state_names[expected.shown_name] || e.paused() != expected.paused ||
        !(e.modality() == expected.mode)) {
      return false;
    }
    const auto eid = static_cast<std::uint64_t>(e.id());
    if (eid != expected.eid || static_cast<std::uint64_t>(direct.id()) != expected.eid ||
        std::bit_cast<std::uint32_t>(e.time_scale()) !=
            std::bit_cast<std::uint32_t>(expected.scale)) {
      return false;
    }
    if (near_top && static_cast<std::uint64_t>(found) != m.id_of(expected.id)) {
      return false;
    }
    ++depth;
  }
  if (depth != ids.size()) {
    return false;
  }
  if (ids.empty()) {
    return !v.top().has_value();
  }
  const auto top = v.top();
  const auto found = v.find(top->name());
  return top->depth() == ids.size() - 1 && found && found->depth() == ids.size() - 1 &&
         v.contains(top->name());
}

// R33: what presence_of() says, bit for bit.
inline bool same_presence(const std::optional<strata::presence>& a,
                          const std::optional<strata::presence>& b) {
  if (!a || !b) {
    return a.has_value() == b.has_value();
  }
  return std::bit_cast<std::uint32_t>(a->value) == std::bit_cast<std::uint32_t>(b->value) &&
         std::bit_cast<std::uint32_t>(a->cover) == std::bit_cast<std::uint32_t>(b->cover) &&
         a->phase == b->phase && a->cause == b->cause;
}

inline std::string presence_text(const std::optional<strata::presence>& p) {
  return p ? to_string(*p) : "none";
}

// R33: in_transition(), and presence_of() for the top of the drawing order and, while it is
// shallow, the newest kept handle's entry (which may have gone) and the staged top (which may not
// have entered). Not every entry: each costs a search on both sides, a whole one for an entry not
// drawn, and the draws compare what the others read.
inline std::string compare_motion(const model_world& model, const real_stack& r) {
  constexpr std::size_t top_entries = 4;
  constexpr std::size_t shallow = 8;
  const reference_stack& m = model.stack();
  std::string diff;
  if (r.in_transition() != m.in_transition()) {
    diff += std::string("  in_transition(): model ") + (m.in_transition() ? "true" : "false") +
            ", real " + (r.in_transition() ? "true" : "false") + "\n";
  }
  // False, and the difference written, when presence_of(eid) is not `expected`.
  const auto agrees = [&](std::uint64_t eid, const std::optional<strata::presence>& expected) {
    const std::optional<strata::presence> actual = r.presence_of(strata::entry_id{eid});
    const bool same = same_presence(expected, actual);
    if (!same) {
      diff += "  presence_of(id " + std::to_string(eid) + "): model " + presence_text(expected) +
              ", real " + presence_text(actual) + "\n";
    }
    return same;
  };
  for (const model_motion::shown_entry& shown : m.shown_from(m.top_shown(top_entries))) {
    if (!agrees(m.entry(shown.id).eid, shown.read)) {
      return diff;
    }
  }
  if (m.drawing_order().size() <= shallow) {
    if (const std::uint64_t kept = model.kept_id(0);
        kept != 0 && !agrees(kept, m.presence_of(kept))) {
      return diff;
    }
    if (!m.staged().empty()) {
      const std::uint64_t top = m.entry(m.staged().back()).eid;
      agrees(top, m.presence_of(top));
    }
  }
  return diff;
}

// R33: whether an operation may move a presence, asked before it runs: a commit with work to
// do (arrivals and departures start, states are destroyed), an update or finish_transitions()
// while something moves, a frame (its events' requests give its commits work). Nothing else can:
// requests, settings, arms, draw() and handle() change no presence, nor can what their hooks do.
inline bool may_move(const op& o, const reference_stack& m) {
  switch (o.kind == op_kind::request ? o.action.kind : request_kind::draw) {
  case request_kind::commit: return m.pending();
  case request_kind::update:
  case request_kind::finish_transitions: return m.in_transition();
  case request_kind::frame: return true;
  default: return false;
  }
}

// `moved`: the operation may have moved a presence (may_move()).
inline std::string compare(const model_world& model, real_side& real, bool moved) {
  const reference_stack& m = model.stack();
  real_stack& r = real.stack();
  std::string diff;
  if (!same_view(r, r.committed(), m, m.committed()) || r.size() != m.committed().size() ||
      r.empty() != m.committed().empty()) {
    diff += "  committed: model " + model_line(m, m.committed()) + "\n             real  " +
            real_line(r.committed()) + "\n";
  }
  if (!same_view(r, r.staged(), m, m.staged())) {
    diff += "  staged:    model " + model_line(m, m.staged()) + "\n             real  " +
            real_line(r.staged()) + "\n";
  }
  if (r.describe() != m.describe()) {
    diff += "  describe(): model \"" + m.describe() + "\", real \"" + r.describe() + "\"\n";
  }
  if (r.pending() != m.pending()) {
    diff += std::string("  pending(): model ") + (m.pending() ? "true" : "false") + ", real " +
            (r.pending() ? "true" : "false") + "\n";
  }
  if (real.owned_alive() != static_cast<long>(m.owned_count())) {
    diff += "  live states: model " + std::to_string(m.owned_count()) + ", real " +
            std::to_string(real.owned_alive()) + "\n";
  }
  return moved ? diff + compare_motion(model, r) : diff;
}

} // namespace strata_model::detail
