#!/usr/bin/env bash
# Builds e2e/controlplane's gpu-dra-testcluster (test infrastructure only).
# Usage: build.sh [1.34]. Without an argument it builds the current release
# (go.mod, Kubernetes v1.37); with 1.34 the oldest release with resource.k8s.io/v1
# (go.1.34.mod and the k8s134 build tag, see k8s_134.go).
# The binary is cached by the hash of the module file, its sums and the Go sources:
#   e2e/controlplane/bin/gpu-dra-testcluster-<sha>         (current)
#   e2e/controlplane/bin/gpu-dra-testcluster-1.34-<sha>    (1.34)
# so a second build with nothing changed is instant. Prints the binary path on
# stdout (last line). Where Go is absent it says so in one line and exits 2.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# One run at a time per script: a second (./gpu-dra test's prebuild and a suite) waits for the
# first, then finds its cache.
mkdir -p "$here/bin"
exec 9>"$here/bin/.$(basename "${BASH_SOURCE[0]}").lock"
flock 9
cd "$here"

if ! command -v go >/dev/null 2>&1; then
  echo "gpu-dra-testcluster: Go is not installed (need go >= 1.26 on PATH); skipping the real control plane build" >&2
  exit 2
fi

hash_cmd() { if command -v sha256sum >/dev/null 2>&1; then sha256sum; else shasum -a 256; fi; }
# go.sum pins every dependency; go.mod, our own sources and this script (its
# link flags) are added so that an edit to the harness also produces a new binary.
release="${1:-}"
case "$release" in
  "") modfile=go.mod; sumfile=go.sum; tags=""; prefix=gpu-dra-testcluster- ;;
  1.34) modfile=go.1.34.mod; sumfile=go.1.34.sum; tags=k8s134; prefix=gpu-dra-testcluster-1.34- ;;
  *) echo "gpu-dra-testcluster: no Kubernetes release $release here (choose 1.34, or none for the current)" >&2; exit 2 ;;
esac
key="$(cat "$modfile" "$sumfile" ./*.go build.sh | hash_cmd | cut -c1-16)"
bin="$here/bin/$prefix$key"

if [[ -x "$bin" ]]; then
  echo "$bin"
  exit 0
fi

mkdir -p "$here/bin"
start=$(date +%s)
echo "gpu-dra-testcluster: building $(go version | awk '{print $3}') -> bin/$(basename "$bin") (cold: several minutes)" >&2
# The version the API server reports (/version, Node.status.nodeInfo.kubeletVersion) is set at
# link time, as Kubernetes' own build does; without it, it is v0.0.0-master and clients that
# check it (helm's kubeVersion) refuse the cluster.
kver=$(awk '$1 == "k8s.io/kubernetes" && $2 ~ /^v/ {print $2; exit}' "$modfile")
major=${kver#v}; major=${major%%.*}
minor=${kver#v*.}; minor=${minor%%.*}
pkg=k8s.io/component-base/version
ldflags="-s -w -X $pkg.gitVersion=$kver -X $pkg.gitMajor=$major -X $pkg.gitMinor=$minor"
ldflags="$ldflags -X k8s.io/client-go/pkg/version.gitVersion=$kver"
ldflags="$ldflags -X k8s.io/client-go/pkg/version.gitMajor=$major -X k8s.io/client-go/pkg/version.gitMinor=$minor"
# A file of this process's own, renamed at once: two builds at a time (Maven's -T) never share one.
CGO_ENABLED=0 go build -modfile="$modfile" -tags="$tags" -trimpath -ldflags="$ldflags" -o "$bin.tmp.$$" .
mv -f "$bin.tmp.$$" "$bin"
# Keep only the newest binary of this release.
find "$here/bin" -maxdepth 1 -name "$prefix*" ! -name "$(basename "$bin")" \
  ! -name "$prefix[0-9].[0-9]*" ! -name "*.tmp.*" -delete
echo "gpu-dra-testcluster: built in $(( $(date +%s) - start ))s" >&2
echo "$bin"
