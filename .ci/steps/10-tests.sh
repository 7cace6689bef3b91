#!/usr/bin/env bash
# CI step: the README's build-and-test command, exactly as a user types it (.ci/test-command holds
# it, so the README and CI cannot drift apart), with the default compiler.
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

test_command=$(grep -v '^#' .ci/test-command)
if ! grep -qxF -- "$test_command" README.md; then
  echo "README.md must show the test command from .ci/test-command on a line of its own:"
  echo "  $test_command"
  exit 1
fi

echo "+ $test_command"
bash -euo pipefail -c "$test_command"
