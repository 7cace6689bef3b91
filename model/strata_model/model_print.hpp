// model/strata_model/model_print.hpp: how the programs of model_program.hpp print as C++ lines for
// a failure report. `kept[i]` is the handle of the i-th newest push or replace (the harness keeps
// the last four), `self` the id of the state whose hook makes the request, `dt` the usual dt
// (frame_dt).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <strata/observer.hpp>

#include "model_program.hpp"

namespace strata_model {

inline std::string quoted(std::uint8_t name) {
  if (name == any_name) {
    return "any";
  }
  if (name >= state_names.size()) {
    return "?";
  }
  const std::string_view text = state_names[name];
  if (text.find('\0') == std::string_view::npos) {
    return "\"" + std::string(text) + "\"";
  }
  if (name == named::long_nul_name) {
    return "std::string(300, 'n') /* with a NUL at 150 */";
  }
  std::string escaped;
  for (const char c : text) {
    escaped += c == '\0' ? std::string("\\0") : std::string(1, c);
  }
  return "std::string_view(\"" + escaped + "\", " + std::to_string(text.size()) + ")";
}

inline std::string item_arguments(const item& what) {
  std::string text = quoted(what.name);
  if (what.type != probe_type::bare) {
    text += ", " + std::string(modality_names[what.declared % modality_names.size()]);
  }
  return what.consumes ? text + ", consumes" : text;
}

// The expression that hands the item to the stack; `in_place` for push<T>(args...).
inline std::string item_expression(const item& what, bool in_place) {
  std::string type(probe_type_names[static_cast<std::size_t>(what.type)]);
  if (what.type == probe_type::scaled) {
    type += "<" + std::string(time_scale_names[what.declared_scale % time_scales.size()]) + ">";
  }
  if (what.type == probe_type::moving) {
    type +=
        "<" + std::string(transition_names[what.declared_transition % transitions.size()]) + ">";
  }
  switch (what.own) {
  case ownership::pooled:
    return in_place ? "<" + type + ">(" + item_arguments(what) + ")"
                    : type + "{" + item_arguments(what) + "}";
  case ownership::adopted: return "std::make_unique<" + type + ">(" + item_arguments(what) + ")";
  case ownership::borrowed:
    return "strata::borrow(lender[" + std::to_string(what.borrow_slot) + "] /* " +
           item_arguments(what) + " */)";
  case ownership::null: return "std::unique_ptr<" + type + ">()";
  }
  return "?";
}

inline std::string finishing(const item& what) {
  std::string text;
  if (what.rename != no_choice) {
    text += ".name(" + quoted(what.rename) + ")";
  }
  if (what.modality != no_choice) {
    text += ".modality(" + std::string(modality_names[what.modality % modality_names.size()]) + ")";
  }
  switch (what.on_exit) {
  case on_exit_plain: text += ".on_exit([](T& s) {...})"; break;
  case on_exit_context: text += ".on_exit([](world&, T& s) {...})"; break;
  case on_exit_throws: text += ".on_exit([](T& s) { throw ...; })"; break;
  case on_exit_replaced:
    text += ".on_exit([p = pushes_audio_when_destroyed{}](T& s) {...}).on_exit([](T& s) {...})";
    break;
  default: break;
  }
  if (what.scale != no_choice) {
    text += ".time_scale(" + std::string(time_scale_names[what.scale % time_scales.size()]) + ")";
  }
  if (what.transition != no_choice) {
    text +=
        ".transition(" + std::string(transition_names[what.transition % transitions.size()]) + ")";
  }
  return text;
}

inline std::string close_argument(const request& r) {
  const std::string index = std::to_string(r.depth);
  switch (static_cast<close_target>(r.which)) {
  case close_target::kept: return "kept[" + index + "].id()";
  case close_target::staged: return "s.staged()[s.staged().size() - 1 - " + index + "].id()";
  case close_target::self: return "self /* s.id_of(*this), or the observer's step_info::id */";
  case close_target::none: return "strata::entry_id::none";
  case close_target::unknown:
    return "strata::entry_id{" + std::to_string(unknown_id(r.depth)) + "}";
  }
  return "?";
}

inline std::string to_cpp(const request& r) {
  switch (r.kind) {
  case request_kind::push:
  case request_kind::replace: {
    const bool in_place = r.items[0].own == ownership::pooled;
    const std::string verb = r.kind == request_kind::push ? "push" : "replace";
    return "s." + verb + (in_place ? "" : "(") + item_expression(r.items[0], in_place) +
           (in_place ? "" : ")") + finishing(r.items[0]) + ";";
  }
  case request_kind::push_first_on_top: {
    std::string text = "s.push_first_on_top(";
    for (std::size_t i = 0; i < r.count; ++i) {
      text += (i == 0 ? "" : ", ") + item_expression(r.items[i], false);
    }
    return text + ");";
  }
  case request_kind::pop:
  case request_kind::clear:
    return std::string(r.kind == request_kind::pop ? "s.pop(" : "s.clear(") +
           (r.leaving == no_choice
                ? ""
                : std::string(transition_names[r.leaving % transitions.size()])) +
           ");";
  case request_kind::pop_until_name: return "s.pop_until(" + quoted(r.name) + ");";
  case request_kind::pop_until_depth:
    return "s.pop_until([](auto e) { return e.depth() == " + std::to_string(r.depth) + "; });";
  case request_kind::pop_to: return "s.pop_to(" + std::to_string(r.depth) + ");";
  case request_kind::close: return "s.close(" + close_argument(r) + ");";
  case request_kind::set_time_scale:
    return "std::move(kept[" + std::to_string(r.depth) + "]).time_scale(" +
           std::string(time_scale_names[r.scale % time_scales.size()]) + ");";
  case request_kind::set_transition:
    return "std::move(kept[" + std::to_string(r.depth) + "]).transition(" +
           std::string(transition_names[r.transition % transitions.size()]) + ");";
  case request_kind::commit: return "s.commit();";
  case request_kind::update: return "s.update(" + std::string(dt_names[r.dt % dts.size()]) + ");";
  case request_kind::draw: return "s.draw();";
  case request_kind::handle: return "s.handle(input{});";
  case request_kind::frame:
    return "s.frame(" + std::string(dt_names[r.dt % dts.size()]) + ", /* " +
           std::to_string(r.depth % 3) + " events */);";
  case request_kind::finish_transitions: return "s.finish_transitions();";
  case request_kind::destroy: return "s.~stack(); // in a child process, which must abort";
  }
  return "?";
}

inline std::string to_cpp(const op& o) {
  const std::string hook = o.trigger < hook_kind_count ? std::string(hook_names[o.trigger]) : "?";
  const std::string times = o.times == 1 ? ""
                            : o.times == fires_forever
                                ? " /* every time */"
                                : " /* " + std::to_string(o.times) + " times */";
  switch (o.kind) {
  case op_kind::request: return to_cpp(o.action);
  case op_kind::set_coalesced:
    return std::string("s.set_coalesced(") + (o.value != 0 ? "true" : "false") + ");";
  case op_kind::set_max_transitions:
    return "s.set_max_transitions(" + std::to_string(o.value) + ");";
  case op_kind::set_max_depth: return "s.set_max_depth(" + std::to_string(o.value) + ");";
  case op_kind::arm_hook:
    return "when(" + quoted(o.target) + ", " + hook + ") { " + to_cpp(o.action) +
           (o.value != 0 ? " /* errors escape the hook */ }" : " }") + times;
  case op_kind::arm_observer:
    return "when_observer(step::" +
           std::string(strata::to_string(static_cast<strata::step>(o.trigger % step_count))) +
           ", " + quoted(o.target) + ") { " + to_cpp(o.action) +
           (o.value != 0 ? " s.set_observer(same_again); }" : " }") + times;
  case op_kind::arm_throw: return "when(" + quoted(o.target) + ", " + hook + ") { throw; }";
  case op_kind::arm_destructor:
    return "when_destroyed(" + quoted(o.target) + ") { " + to_cpp(o.action) + " }" + times;
  }
  return "?";
}

inline std::string to_cpp(const program& p) {
  std::string text;
  for (std::size_t i = 0; i < p.size(); ++i) {
    text += "  /* " + std::to_string(i) + " */ " + to_cpp(p[i]) + "\n";
  }
  return text;
}

} // namespace strata_model
