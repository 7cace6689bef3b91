// strata/strata.hpp: the stack and everything a game uses with it, in one include. The features
// a game opts into have headers of their own, left out here so that a unit using only the stack
// does not parse them (bench S7), nor need what they need (Dear ImGui, std::jthread, JSON):
//   opt-in: save.hpp record.hpp save_types.hpp snapshot.hpp snapshot_text.hpp snapshot_json.hpp
//   opt-in: poster.hpp loading.hpp load_executor.hpp inspection.hpp imgui_inspector.hpp
//   opt-in: trace_recorder.hpp trace_event.hpp trace_chrome.hpp trace_timeline.hpp
// The lint step (.ci/steps/05-lint.sh) checks that every header of include/strata is included
// here or named on an "opt-in:" line.
#pragma once

#include "borrow.hpp"
#include "entry.hpp"
#include "entry_id.hpp"
#include "error.hpp"
#include "memory.hpp"
#include "modality.hpp"
#include "observer.hpp"
#include "options.hpp"
#include "placeholders.hpp"
#include "probe.hpp"
#include "pushed.hpp"
#include "stack.hpp"
#include "stack_view.hpp"
#include "state.hpp"
#include "to_below.hpp"
#include "transition.hpp"
#include "version.h"
