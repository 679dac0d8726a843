#!/usr/bin/env bash
# Fails when a C++ file differs from clang-format's output (.clang-format: Google, 100 columns).
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(git ls-files '*.cc' '*.h')
if ! clang-format --dry-run --Werror $files; then
  echo "clang-format: the files above need 'clang-format -i'" >&2
  exit 1
fi
echo "clang-format: $(echo "$files" | wc -l) files clean"
