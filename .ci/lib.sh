# shellcheck shell=bash
# Shared by the CI steps: `source "$(dirname "$0")/../lib.sh"` at the top of a step. Puts the
# step in the repository root with strict bash, and gives the usual configure/build/test calls
# with CI's parallelism (2 cores) so that steps do not each spell them out.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

ci_jobs=2

# ci_section <title>: a sub-heading inside a step's output.
ci_section() { printf '\n---- %s\n' "$*"; }

# ci_configure <build-dir> [cmake args...]: configures the whole tree, with Ninja when present.
ci_configure() {
  local dir=$1
  shift
  local generator=()
  if command -v ninja >/dev/null; then
    generator=(-G Ninja)
  fi
  cmake -S . -B "$dir" "${generator[@]}" "$@"
}

# ci_build <build-dir> [cmake --build args...]: everything, or what the args select (--target t).
ci_build() {
  local dir=$1
  shift
  cmake --build "$dir" -j "$ci_jobs" "$@"
}

# ci_test <build-dir> [ctest args...]: every selected test must run and pass.
ci_test() {
  local dir=$1
  shift
  ctest --test-dir "$dir" -j "$ci_jobs" --output-on-failure --no-tests=error "$@"
}

# ci_preset <name>: configures, builds and runs the tests of one of CMakePresets.json's
# configurations, so that CI runs exactly what a user gets from `cmake --preset <name>`.
ci_preset() {
  local name=$1
  cmake --preset "$name" >/dev/null
  cmake --build --preset "$name" -j "$ci_jobs"
  ctest --preset "$name" -j "$ci_jobs"
}

# ci_memcheck_allocation_options <program>: what memcheck must be told of the program's own
# allocation functions. A test that counts allocations replaces the global operator new and
# delete with its own, over malloc and free. By default memcheck puts its operator new in place
# of the program's, but a delete that the compiler inlined or reached by a tail call frees with
# a bare free(): optimized builds then show "Mismatched free()" that is not there, and the
# counting replacement sees nothing. nouserintercepts leaves the program's own functions alone,
# so memcheck sees their malloc and free, and the counts hold; in those programs it no longer
# tells a new freed by free() (the other programs, and ASan, still do).
ci_memcheck_allocation_options() {
  # grep reads all of nm's output (no -q), so that pipefail does not see nm killed by SIGPIPE.
  if nm -C --defined-only "$1" 2>/dev/null | grep ' operator new(unsigned long)$' >/dev/null; then
    echo --soname-synonyms=somalloc=nouserintercepts
  fi
}
