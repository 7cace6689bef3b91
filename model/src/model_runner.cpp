// model/src/model_runner.cpp: run_program() and the rest of model_runner.hpp, compiled once into
// the strata_model library (and into the libFuzzer target) with the model (model_world.hpp) and
// the real side (model_real.hpp) they play programs on.
#include <algorithm>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "strata_model/model_compare.hpp"
#include "strata_model/model_real.hpp"
#include "strata_model/model_runner.hpp"
#include "strata_model/model_world.hpp"

namespace strata_model {
namespace {

std::string invariant_report(const std::vector<event>& trace) {
  lifecycle_checker checker;
  return checker.feed(trace) ? std::string("holds") : checker.problem();
}

std::string trace_difference(const std::vector<event>& model, const std::vector<event>& real,
                             std::size_t from) {
  const auto slice = [from](const std::vector<event>& all) {
    return std::span<const event>(all).subspan(std::min(from, all.size()));
  };
  return "  trace: model " + to_string(slice(model)) + "\n         real  " +
         to_string(slice(real)) + "\n  invariants on the whole trace: model " +
         invariant_report(model) + "; real " + invariant_report(real) + "\n";
}

} // namespace

run_result run_program(const program& p, const run_options& options) {
  run_result result;
  model_world model;
  real_side real;
  model.core.arms.throw_at_call(options.throw_at_call);
  real.w.core.arms.throw_at_call(options.throw_at_call);
  lifecycle_checker checker;
  const std::vector<event>& expected = model.core.trace.events();
  const std::vector<event>& actual = real.w.core.trace.events();
  std::size_t seen = 0;
  bool moved = false; // whether the operation under way may move a presence (may_move())

  // Where a difference showed: after operation i, or in the destructor (i == p.size()).
  const auto where = [&](std::size_t i) {
    return i < p.size() ? "after /* " + std::to_string(i) + " */ " + to_cpp(p[i])
                        : std::string("in the stack's destructor");
  };
  // Compares what happened since the last check; false (and the report written) on a difference.
  const auto agree = [&](std::size_t i) {
    std::string diff;
    if (!std::equal(expected.begin() + static_cast<std::ptrdiff_t>(seen), expected.end(),
                    actual.begin() + static_cast<std::ptrdiff_t>(std::min(seen, actual.size())),
                    actual.end())) {
      diff += trace_difference(expected, actual, seen);
    }
    const std::vector<std::string>& expected_sites = model.core.trace.abort_sites();
    const std::vector<std::string>& actual_sites = real.w.core.trace.abort_sites();
    if (expected_sites != actual_sites) {
      diff += "  destroyed from a hook: model says " +
              (expected_sites.empty() ? std::string("nothing") : expected_sites.back()) +
              ", real " + (actual_sites.empty() ? std::string("nothing") : actual_sites.back()) +
              "\n";
    }
    if (real.alive()) {
      diff += detail::compare(model, real, i < p.size() && moved);
    } else if (real.owned_alive() != 0) {
      diff += "  " + std::to_string(real.owned_alive()) + " states still alive after ~stack\n";
    }
    if (diff.empty() && !checker.feed(std::span(actual).subspan(seen))) {
      diff += "  invariant: " + checker.problem() + "\n";
    }
    // R29: a commit from outside that ends without error leaves its top focused.
    const bool committing =
        i < p.size() && p[i].kind == op_kind::request &&
        (p[i].action.kind == request_kind::commit || p[i].action.kind == request_kind::frame);
    if (diff.empty() && !checker.operation_done(committing)) {
      diff += "  invariant: " + checker.problem() + "\n";
    }
    seen = actual.size();
    if (!diff.empty()) {
      result.failure = where(i) + "\n" + diff;
    }
    return diff.empty();
  };

  for (std::size_t i = 0; i < p.size(); ++i) {
    moved = detail::may_move(p[i], model.stack());
    detail::apply(
        model.core, model.stack(), [&](const request& r) { model.perform(r, true); }, p[i]);
    detail::apply(
        real.w.core, real.stack(), [&](const request& r) { real.w.perform(r, true); }, p[i]);
    if (!agree(i)) {
      return result;
    }
    if (options.inspect) {
      if (std::string problem = options.inspect(real.stack(), i); !problem.empty()) {
        result.failure = where(i) + "\n  " + problem + "\n";
        return result;
      }
    }
  }
  result.hook_calls = real.w.core.arms.hook_calls();
  result.throws = static_cast<std::size_t>(std::count_if(
      actual.begin(), actual.end(), [](const event& e) { return e.kind == event_kind::throws; }));
  result.aborts = real.w.core.trace.abort_sites().size();
  model.destroy();
  real.destroy();
  if (agree(p.size()) && !checker.finish()) {
    result.failure = "at the end\n  invariant: " + checker.problem() + "\n";
  }
  return result;
}

std::string model_trace_of_last(const program& p, bool steps, bool destructions) {
  model_world model;
  std::size_t before = 0;
  for (const op& o : p) {
    before = model.core.trace.events().size();
    detail::apply(
        model.core, model.stack(), [&](const request& r) { model.perform(r, true); }, o);
  }
  std::string text;
  for (std::size_t i = before; i < model.core.trace.events().size(); ++i) {
    const event& e = model.core.trace.events()[i];
    if (e.kind == event_kind::hook || (destructions && e.kind == event_kind::destroyed) ||
        (steps && (e.kind == event_kind::observed || e.kind == event_kind::failed ||
                   e.kind == event_kind::closed || e.kind == event_kind::handled))) {
      text += (text.empty() ? "" : ", ") + to_string(e);
    }
  }
  return text;
}
std::string model_hooks_of_last(const program& p) {
  return model_trace_of_last(p);
}
std::string model_motion_of_last(const program& p) {
  return model_trace_of_last(p, false, true);
}

program shrink(program p, const std::function<bool(const program&)>& fails) {
  for (std::size_t chunk = std::max<std::size_t>(p.size() / 2, 1); chunk > 0; chunk /= 2) {
    bool dropped = true;
    while (dropped) {
      dropped = false;
      for (std::size_t start = 0; start < p.size();) {
        program candidate = p;
        const std::size_t end = std::min(start + chunk, candidate.size());
        candidate.erase(candidate.begin() + static_cast<std::ptrdiff_t>(start),
                        candidate.begin() + static_cast<std::ptrdiff_t>(end));
        if (fails(candidate)) {
          p = std::move(candidate);
          dropped = true;
        } else {
          start += chunk;
        }
      }
    }
  }
  const auto simpler = [](item& what) {
    what.rename = no_choice;
    what.modality = no_choice;
    what.on_exit = 0;
    what.consumes = false;
    what.scale = no_choice;
    what.transition = no_choice;
  };
  for (op& o : p) {
    for (std::size_t i = o.action.count; i-- > 0 && o.action.count > 1;) {
      const op before = o;
      std::copy(o.action.items.begin() + static_cast<std::ptrdiff_t>(i) + 1, o.action.items.end(),
                o.action.items.begin() + static_cast<std::ptrdiff_t>(i));
      --o.action.count;
      if (!fails(p)) {
        o = before;
      }
    }
    for (std::size_t i = 0; i < o.action.count; ++i) {
      const op before = o;
      simpler(o.action.items[i]);
      if (!fails(p)) {
        o = before;
      }
    }
  }
  return p;
}

std::string failure_report(const program& failing, const run_options& options,
                           const std::string& origin) {
  const program shortest = shrink(
      failing, [&](const program& candidate) { return !run_program(candidate, options).ok(); });
  std::string report = "real stack and model disagree (" + origin + "; " +
                       std::to_string(failing.size()) + " operations, shrunk to " +
                       std::to_string(shortest.size()) + ")\n";
  if (options.throw_at_call != 0) {
    report += "hook call number " + std::to_string(options.throw_at_call) + " throws\n";
  }
  return report + run_program(shortest, options).failure + "program:\n" + to_cpp(shortest);
}

} // namespace strata_model
