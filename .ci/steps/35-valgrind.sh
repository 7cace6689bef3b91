#!/usr/bin/env bash
# CI step: the whole C++ test suite and every example under valgrind memcheck. Runs the programs
# that 10-tests.sh built with the README's command (build/, RelWithDebInfo, every part this
# machine's packages allow; configured and built here only if missing): each test program (gtest
# binaries without their death tests, which fork and confuse valgrind), the fuzz corpus replay
# and each example under memcheck: any memory error, or any definite or indirect leak, fails the
# step. Two programs run at once, one per core (memcheck runs a program's threads one at a time).
# Optimized code with debug information is what users ship, and memcheck runs it several
# times faster than a Debug build: reusing build/ saves a whole build of the tree. Its test
# programs carry line tables only (cmake/strata_line_tables.cmake), from which memcheck's reports
# name functions, files and lines.
# The model test is sized down with STRATA_MODEL_OPS, and save_test's round trips with
# STRATA_SAVE_STACKS, and the posts of the poster threads test with STRATA_POSTS, so that the step
# stays within minutes.
# Run from the repository root after apt-get update.
source "$(dirname "$0")/../lib.sh"

if ! command -v valgrind >/dev/null; then
  apt-get install -y --no-install-recommends valgrind
fi

build=${STRATA_VALGRIND_BUILD:-build}
ci_section "the tests and examples of $build (RelWithDebInfo, as 10-tests.sh built them)"
# As the README's command configures it (no generator named, so that the two agree).
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
ci_build "$build"

# 100,000 operations instead of a million: under valgrind they take about 40 s (and 12,500 more,
# each played twice, with transitions on and off: about 15 s).
export STRATA_MODEL_OPS=${STRATA_MODEL_OPS:-100000}
# 1,000 random stacks round-tripped instead of 10,000 (save_test): about 20 s instead of 200.
export STRATA_SAVE_STACKS=${STRATA_SAVE_STACKS:-1000}
# 2,000 posts per thread instead of 100,000 (tests/threads/poster_test): valgrind runs one thread
# at a time.
export STRATA_POSTS=${STRATA_POSTS:-2000}

# Every program the build made: the executables under tests/, examples/ and fuzz/.
# The consumer tests' own projects under tests/consumers/ are other builds: they stay out.
mapfile -t programs < <(find "$build/tests" "$build/examples" "$build/fuzz" \
  \( -path "$build/tests/consumers" -o -name CMakeFiles \) -prune -o \
  -type f -perm -u+x -not -name '*.so*' -print 2>/dev/null | sort)
if [[ ${#programs[@]} -eq 0 ]]; then
  echo "no program found under $build"
  exit 1
fi

ci_section "valgrind $(valgrind --version) on ${#programs[@]} programs and the Lua module"
# Each program writes its own log; the outcomes are reported in the programs' order once all
# have ended.
runs=()
rm -f "$build"/valgrind-*.outcome
# under_valgrind <name> <command...>: waits until fewer than $ci_jobs runs are under way, then
# runs the command under memcheck in the background; its outcome line goes to
# $build/valgrind-<name>.outcome.
under_valgrind() {
  local name=$1
  shift
  runs+=("$name")
  while [[ $(jobs -rp | wc -l) -ge $ci_jobs ]]; do
    wait -n || true
  done
  (
    log="$build/valgrind-$name.log"
    started=$SECONDS
    # The model test forks a child for each destruction from inside a hook, which must abort;
    # the children's own reports would only say so.
    if valgrind --tool=memcheck --leak-check=full --errors-for-leak-kinds=definite,indirect \
      --child-silent-after-fork=yes --error-exitcode=1 "$@" >"$log" 2>&1; then
      status=clean
    else
      status="NOT CLEAN"
    fi
    summary=$(grep -E 'ERROR SUMMARY' "$log" | tail -n 1 | sed 's/^==[0-9]*== //' || true)
    tests=$(grep -E '^\[  PASSED  \] [0-9]+ tests?\.' "$log" | tail -n 1 || true)
    echo "$status: $name ($((SECONDS - started)) s) $summary ${tests}" \
      >"$build/valgrind-$name.outcome"
  ) &
}
for program in "${programs[@]}"; do
  name=$(basename "$program")
  arguments=()
  if grep -qa -- --gtest_filter "$program"; then
    arguments=(--gtest_filter='-*Death*:*death*' --gtest_brief=1)
  elif [[ $name == strata_fuzz_replay ]]; then
    arguments=(fuzz/corpus fuzz/regressions)
  elif [[ $name == strata_fuzz_c_api_replay ]]; then
    arguments=(fuzz/c_corpus)
  fi
  mapfile -t options < <(ci_memcheck_allocation_options "$program")
  under_valgrind "$name" "${options[@]}" "$program" "${arguments[@]}"
done
# The Lua module through Lua 5.4's interpreter (LuaJIT's allocator is not memcheck's friend).
if [[ -f $build/lua/lua5.4/strata.so ]]; then
  LUA_CPATH="$build/lua/lua5.4/?.so" under_valgrind lua_strata_test lua5.4 tests/lua/strata_test.lua
  LUA_CPATH="$build/lua/lua5.4/?.so" under_valgrind lua_gamestate lua5.4 examples/lua/gamestate.lua
fi
wait
clean=0
dirty=0
for name in "${runs[@]}"; do
  outcome=$(cat "$build/valgrind-$name.outcome" 2>/dev/null || echo "NOT CLEAN: $name (no outcome)")
  echo "$outcome"
  if [[ $outcome == clean:* ]]; then
    clean=$((clean + 1))
  else
    dirty=$((dirty + 1))
    tail -n 60 "$build/valgrind-$name.log" 2>/dev/null || true
  fi
done
echo "valgrind: $clean programs clean, $dirty with errors or leaks"
[[ $dirty -eq 0 ]]
