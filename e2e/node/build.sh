#!/usr/bin/env bash
# Builds the container runtime of the e2e harness's real node (test infrastructure only):
# containerd, its runc shim and ctr, from the Go module proxy at a pinned version, cached as
#   e2e/node/bin/containerd-<version>/{containerd,containerd-shim-runc-v2,ctr}
# Prints that directory on stdout (last line). Where Go is absent it says so in one line and
# exits 2. runc, the CNI plugins and busybox come from Debian (see e2e/README.md).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
version=v2.4.2
dir="$here/bin/containerd-$version"

if ! command -v go >/dev/null 2>&1; then
  echo "gpu-dra real node: Go is not installed (need go >= 1.25 on PATH) to build containerd $version" >&2
  exit 2
fi
if [[ -x "$dir/containerd" && -x "$dir/containerd-shim-runc-v2" && -x "$dir/ctr" ]]; then
  echo "$dir"
  exit 0
fi

start=$(date +%s)
echo "gpu-dra real node: building containerd $version (cold: about 2 minutes)" >&2
mkdir -p "$dir.tmp"
GOBIN="$dir.tmp" go install -trimpath -ldflags="-s -w" \
  "github.com/containerd/containerd/v2/cmd/containerd@$version" \
  "github.com/containerd/containerd/v2/cmd/containerd-shim-runc-v2@$version" \
  "github.com/containerd/containerd/v2/cmd/ctr@$version"
rm -rf "$dir" && mv "$dir.tmp" "$dir"
echo "gpu-dra real node: containerd built in $(( $(date +%s) - start ))s" >&2
echo "$dir"
