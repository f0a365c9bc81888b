# shellcheck shell=bash
# Sourced by up.sh and down.sh: the settings both read from the environment, and the check for
# the tools they need. Not meant to be run.

# shellcheck disable=SC2034 # the variables are read by the scripts that source this file
kind_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$kind_dir/../.." && pwd)
cluster=${KIND_CLUSTER_NAME:-gpu-dra}
kubeconfig=${GPU_DRA_KUBECONFIG:-$repo_root/e2e/kind/target/kubeconfig}
# kind's own switch for podman or nerdctl instead of docker
engine=${KIND_EXPERIMENTAL_PROVIDER:-docker}
release=gpu-dra
namespace=gpu-dra

# Prints the comment block at the top of the calling script (its usage) to stdout.
usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

# require TOOL HINT...: one line on stderr for a tool missing from PATH; returns 1 if one was.
require() {
  local missing=0 tool hint
  while [ $# -ge 2 ]; do
    tool=$1 hint=$2
    shift 2
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "$(basename "$0"): $tool not found on PATH ($hint)" >&2
      missing=1
    fi
  done
  return "$missing"
}

# Exits 2 with one line when the container engine kind drives does not answer.
require_engine_running() {
  if ! "$engine" info >/dev/null 2>&1; then
    echo "$(basename "$0"): $engine is installed but '$engine info' fails: is its daemon running, and may this user reach it?" >&2
    exit 2
  fi
}
