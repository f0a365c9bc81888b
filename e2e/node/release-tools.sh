#!/usr/bin/env bash
# Builds the tools the release workflow calls that the suites run against the loopback registry
# (test infrastructure only), from the Go module proxy at pinned versions: cosign (signing) and
# actionlint (the workflow's syntax and expressions). Cached as
# e2e/node/bin/release-tools-<cosign>-<actionlint>/{cosign,actionlint}.
# Prints that directory on stdout (last line). Where Go is absent it says so in one line and
# exits 2.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# One run at a time per script: a second (./gpu-dra test's prebuild and a suite) waits for the
# first, then finds its cache.
mkdir -p "$here/bin"
exec 9>"$here/bin/.$(basename "${BASH_SOURCE[0]}").lock"
flock 9
cosign=v2.6.5      # the release workflow's cosign-release
actionlint=v1.7.12
dir="$here/bin/release-tools-$cosign-$actionlint"

if ! command -v go >/dev/null 2>&1; then
  echo "gpu-dra release tools: Go is not installed (need go >= 1.25 on PATH) to build cosign $cosign and actionlint $actionlint" >&2
  exit 2
fi
if [[ -x "$dir/cosign" && -x "$dir/actionlint" ]]; then
  echo "$dir"
  exit 0
fi

start=$(date +%s)
echo "gpu-dra release tools: building cosign $cosign and actionlint $actionlint (cold: a few minutes)" >&2
rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
CGO_ENABLED=0 GOBIN="$dir.tmp" go install -trimpath -ldflags="-s -w" \
  "github.com/sigstore/cosign/v2/cmd/cosign@$cosign"
CGO_ENABLED=0 GOBIN="$dir.tmp" go install -trimpath -ldflags="-s -w" \
  "github.com/rhysd/actionlint/cmd/actionlint@$actionlint"
rm -rf "$dir" && mv "$dir.tmp" "$dir"
find "$here/bin" -maxdepth 1 -mindepth 1 -type d -name 'release-tools-*' ! -name "$(basename "$dir")" -exec rm -rf {} +
echo "gpu-dra release tools: built in $(( $(date +%s) - start ))s" >&2
echo "$dir"
