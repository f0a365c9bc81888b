#!/usr/bin/env bash
# Builds and pushes the image as REPOSITORY:VERSION with ./gpu-dra image push, and writes the
# pushed reference with its digest to dist/image.ref (what sign.sh signs).
#   release/push-image.sh REPOSITORY VERSION     e.g. ghcr.io/gpu-dra/gpu-dra 1.2.3
# PLATFORMS=linux/amd64,linux/arm64: one image per platform under REPOSITORY:VERSION-<arch>, and
# REPOSITORY:VERSION over them (the AOT cache only on the runner's platform).
# TAR=<image tar>: push that tar instead of building; INSECURE=1: a plain-HTTP registry;
# DIST=<dir> (default dist/).
# Credentials as gpu-dra image push takes them (GPU_DRA_REGISTRY_USERNAME/_PASSWORD, Docker's).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dist=${DIST:-$root/dist}
repository=${1:?"push-image: name the repository, e.g. ghcr.io/gpu-dra/gpu-dra"}
version=${2:?"push-image: name the version"}
args=()
[ -n "${TAR:-}" ] && args+=(--tar "$TAR")
[ "${INSECURE:-0}" = 1 ] && args+=(--insecure)
[ -n "${PLATFORMS:-}" ] && args+=(--platform "$PLATFORMS")
mkdir -p "$dist"
ref=$("$root/gpu-dra" image push "${args[@]}" "$repository:$version")
case "$ref" in
  "$repository:$version@sha256:"*) ;;
  *) echo "push-image: gpu-dra image push printed '$ref', not $repository:$version@sha256:..." >&2; exit 1 ;;
esac
echo "$ref" > "$dist/image.ref"
echo "push-image: $ref"
