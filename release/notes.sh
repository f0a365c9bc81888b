#!/usr/bin/env bash
# Prints the release notes of VERSION: its section of CHANGELOG.md ("## [VERSION] ..." up to the
# next "## "). Fails, naming the version, when the changelog has no such section or it is empty.
#   release/notes.sh 1.2.3 > dist/notes.md
# CHANGELOG=<file> (default: the checkout's CHANGELOG.md).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
version=${1:?"notes: name the version"}
changelog=${CHANGELOG:-$root/CHANGELOG.md}
[ -f "$changelog" ] || { echo "notes: no $changelog" >&2; exit 1; }
notes=$(awk -v v="$version" '
  index($0, "## [" v "]") == 1 { found = 1; next }
  found && /^## / { exit }
  found { print }
' "$changelog" | sed -e '/./,$!d')
if [ -z "$(echo "$notes" | tr -d '[:space:]')" ]; then
  echo "notes: $changelog has no section '## [$version]' with notes; add one before tagging" >&2
  exit 1
fi
printf '%s\n' "$notes"
