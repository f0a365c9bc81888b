#!/usr/bin/env bash
# Builds the CNCF distribution registry (test infrastructure only), from the Go module proxy at a
# pinned version: the OCI registry the suites push our charts (and images) to on loopback, as a
# user pushes to theirs. Cached as e2e/node/bin/registry-<version>/registry.
# Prints that directory on stdout (last line). Where Go is absent it says so in one line and
# exits 2.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# One run at a time per script: a second (./gpu-dra test's prebuild and a suite) waits for the
# first, then finds its cache.
mkdir -p "$here/bin"
exec 9>"$here/bin/.$(basename "${BASH_SOURCE[0]}").lock"
flock 9
version=v3.1.2
dir="$here/bin/registry-$version"

if ! command -v go >/dev/null 2>&1; then
  echo "gpu-dra registry: Go is not installed (need go >= 1.25 on PATH) to build the distribution registry $version" >&2
  exit 2
fi
if [[ -x "$dir/registry" ]]; then
  echo "$dir"
  exit 0
fi

start=$(date +%s)
echo "gpu-dra registry: building the distribution registry $version (cold: about 2 minutes)" >&2
rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
CGO_ENABLED=0 GOBIN="$dir.tmp" go install -trimpath -ldflags="-s -w" \
  "github.com/distribution/distribution/v3/cmd/registry@$version"
rm -rf "$dir" && mv "$dir.tmp" "$dir"
find "$here/bin" -maxdepth 1 -mindepth 1 -type d -name 'registry-*' ! -name "$(basename "$dir")" -exec rm -rf {} +
echo "gpu-dra registry: built in $(( $(date +%s) - start ))s" >&2
echo "$dir"
