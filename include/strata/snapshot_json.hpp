// strata/snapshot_json.hpp: a snapshot as JSON, for tools (a save editor, a test that builds a
// deep link, a server that moves sessions). Optional: it needs nlohmann/json (Debian's
// nlohmann-json3-dev; link nlohmann_json::nlohmann_json), which the rest of strata does not.
//
//   {"format": "strata snapshot 1",
//    "states": [{"key": "title", "version": 1},
//               {"key": "level", "version": 2, "fields": {"number": 3},
//                "name": "Level 3", "modality": "freeze"}]}
//
// Written with nlohmann::ordered_json, so that fields keep the order the state wrote them in and
// the same snapshot always dumps the same bytes. Read from any nlohmann JSON value; a plain
// nlohmann::json sorts object members, so fields read from one come back sorted by name. JSON
// has no infinite or NaN number: such a field is written as null, which reading refuses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <variant>

#include <nlohmann/json.hpp>

#include "detail/snapshot_words.hpp"
#include "snapshot.hpp"
#include "snapshot_text.hpp" // parsed_snapshot

namespace strata {

[[nodiscard]] inline nlohmann::ordered_json to_json(const snapshot& saved) {
  namespace words = detail::snapshot_words;
  nlohmann::ordered_json states = nlohmann::ordered_json::array();
  for (const saved_state& state : saved.states) {
    nlohmann::ordered_json out{{"key", state.key}};
    if (state.data.version() != 0) {
      out["version"] = state.data.version();
    }
    if (!state.data.fields().empty()) {
      nlohmann::ordered_json fields = nlohmann::ordered_json::object();
      for (const field& f : state.data.fields()) {
        std::visit([&](const auto& value) { fields[f.name] = value; }, f.value);
      }
      out["fields"] = std::move(fields);
    }
    if (state.name) {
      out["name"] = *state.name;
    }
    if (state.modality) {
      out["modality"] = std::string(to_string(*state.modality));
    }
    if (state.time_scale) {
      out["time_scale"] = *state.time_scale;
    }
    if (state.transition) {
      out["transition"] = {{"arrive", state.transition->arrive},
                           {"leave", state.transition->leave},
                           {"input_passes", state.transition->input_passes}};
    }
    if (state.on_exit) {
      out["on_exit"] = *state.on_exit;
    }
    states.push_back(std::move(out));
  }
  return {{"format", words::header}, {"states", std::move(states)}};
}

namespace detail {

// Reads one state of the JSON form; returns the problem, empty if none.
template <class Json>
std::string read_json_state(const Json& in, saved_state& out) {
  if (!in.is_object() || !in.contains("key") || !in["key"].is_string()) {
    return "a state is an object with a \"key\" string";
  }
  out.key = in["key"].template get<std::string>();
  if (!is_save_word(out.key)) {
    return "'" + out.key + "' is not a key";
  }
  for (const auto& [name, value] : in.items()) {
    const bool known = name == "key" || name == "version" || name == "fields" || name == "name" ||
                       name == "modality" || name == "time_scale" || name == "transition" ||
                       name == "on_exit";
    if (!known) {
      return "unknown member \"" + name + "\"";
    }
  }
  if (in.contains("version")) {
    const Json& version = in["version"];
    if (!version.is_number_unsigned() || version.template get<std::uint64_t>() == 0 ||
        version.template get<std::uint64_t>() > std::numeric_limits<std::uint32_t>::max()) {
      return "\"version\" is a whole number, 1 or more";
    }
    out.data.set_version(version.template get<std::uint32_t>());
  }
  if (in.contains("fields")) {
    if (!in["fields"].is_object()) {
      return "\"fields\" is an object";
    }
    for (const auto& [name, value] : in["fields"].items()) {
      if (value.is_boolean()) {
        out.data.set(name, value.template get<bool>());
      } else if (value.is_number_integer() &&
                 (!value.is_number_unsigned() ||
                  value.template get<std::uint64_t>() <=
                      static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))) {
        out.data.set(name, value.template get<std::int64_t>());
      } else if (value.is_number_float()) {
        out.data.set(name, value.template get<double>());
      } else if (value.is_string()) {
        out.data.set(name, value.template get<std::string>());
      } else {
        return "field \"" + name + "\" is not a flag, a 64-bit integer, a number or a string";
      }
    }
    if (out.data.failed()) {
      return std::string(out.data.problem());
    }
  }
  if (in.contains("name")) {
    if (!in["name"].is_string()) {
      return "\"name\" is a string";
    }
    out.name = in["name"].template get<std::string>();
  }
  if (in.contains("modality")) {
    if (!in["modality"].is_string() || !(out.modality = snapshot_words::read_modality(
                                             in["modality"].template get<std::string>()))) {
      return "\"modality\" is screen, opaque, freeze, live, transparent or a '+' list of update, "
             "draw, input";
    }
  }
  if (in.contains("time_scale")) {
    if (!in["time_scale"].is_number()) {
      return "\"time_scale\" is a number";
    }
    out.time_scale = in["time_scale"].template get<float>();
  }
  if (in.contains("transition")) {
    const Json& t = in["transition"];
    if (!t.is_object() || !t.contains("arrive") || !t["arrive"].is_number() ||
        !t.contains("leave") || !t["leave"].is_number() ||
        (t.contains("input_passes") && !t["input_passes"].is_boolean())) {
      return R"("transition" is {"arrive": number, "leave": number, "input_passes": flag})";
    }
    out.transition =
        transition{t["arrive"].template get<float>(), t["leave"].template get<float>(),
                   t.contains("input_passes") && t["input_passes"].template get<bool>()};
  }
  if (in.contains("on_exit")) {
    if (!in["on_exit"].is_string() || !is_save_word(in["on_exit"].template get<std::string>())) {
      return "\"on_exit\" is a key";
    }
    out.on_exit = in["on_exit"].template get<std::string>();
  }
  return {};
}

} // namespace detail

// Reads what to_json() writes. Never throws: a problem is reported with the index of the state
// (`line` is that index + 1, 0 for the document itself).
template <class Json>
[[nodiscard]] parsed_snapshot snapshot_from_json(const Json& in) {
  if (!in.is_object() || !in.contains("states") || !in["states"].is_array()) {
    return {{}, false, 0, "a snapshot is an object with a \"states\" array"};
  }
  if (in.contains("format") && in["format"] != detail::snapshot_words::header) {
    return {{}, false, 0, R"("format" is not "strata snapshot 1")"};
  }
  parsed_snapshot result;
  std::size_t index = 0;
  for (const Json& state : in["states"]) {
    ++index;
    saved_state read;
    if (std::string problem = detail::read_json_state(state, read); !problem.empty()) {
      return {{}, false, index, std::move(problem)};
    }
    result.taken.states.push_back(std::move(read));
  }
  return result;
}

} // namespace strata
