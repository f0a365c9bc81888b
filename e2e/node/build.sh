#!/usr/bin/env bash
# Builds the tools of the e2e harness's real node (test infrastructure only), from the Go module
# proxy at pinned versions: containerd, its runc shim and ctr, helm (which installs our chart) and
# the NVIDIA Container Toolkit's nvidia-cdi-hook (which our CDI specs' hooks run).
# Cached as e2e/node/bin/tools-<containerd>-<helm>-<toolkit>/
#   {containerd,containerd-shim-runc-v2,ctr,helm,nvidia-cdi-hook}.
# Prints that directory on stdout (last line). Where Go is absent it says so in one line and
# exits 2. runc, the CNI plugins and busybox come from Debian (install-packages.sh).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# One run at a time per script: a second (./gpu-dra test's prebuild and a suite) waits for the
# first, then finds its cache.
mkdir -p "$here/bin"
exec 9>"$here/bin/.$(basename "${BASH_SOURCE[0]}").lock"
flock 9
containerd=v2.4.2
helm=v3.22.0
toolkit=v1.19.1
dir="$here/bin/tools-$containerd-$helm-$toolkit"

if ! command -v go >/dev/null 2>&1; then
  echo "gpu-dra real node: Go is not installed (need go >= 1.25 on PATH) to build containerd $containerd and helm $helm" >&2
  exit 2
fi
if [[ -x "$dir/containerd" && -x "$dir/containerd-shim-runc-v2" && -x "$dir/ctr" && -x "$dir/helm" \
      && -x "$dir/nvidia-cdi-hook" ]]; then
  echo "$dir"
  exit 0
fi

start=$(date +%s)
echo "gpu-dra real node: building containerd $containerd, helm $helm and nvidia-cdi-hook $toolkit (cold: about 3 minutes)" >&2
rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
GOBIN="$dir.tmp" go install -trimpath -ldflags="-s -w" \
  "github.com/containerd/containerd/v2/cmd/containerd@$containerd" \
  "github.com/containerd/containerd/v2/cmd/containerd-shim-runc-v2@$containerd" \
  "github.com/containerd/containerd/v2/cmd/ctr@$containerd"
GOBIN="$dir.tmp" go install -trimpath -ldflags="-s -w -X helm.sh/helm/v3/internal/version.version=$helm" \
  "helm.sh/helm/v3/cmd/helm@$helm"
GOBIN="$dir.tmp" go install -trimpath -ldflags="-s -w" \
  "github.com/NVIDIA/nvidia-container-toolkit/cmd/nvidia-cdi-hook@$toolkit"
rm -rf "$dir" && mv "$dir.tmp" "$dir"
find "$here/bin" -maxdepth 1 -mindepth 1 -type d \( -name 'tools-*' -o -name 'containerd-*' \) ! -name "$(basename "$dir")" -exec rm -rf {} +
echo "gpu-dra real node: tools built in $(( $(date +%s) - start ))s" >&2
echo "$dir"
