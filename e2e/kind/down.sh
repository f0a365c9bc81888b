#!/usr/bin/env bash
# Deletes the kind cluster e2e/kind/up.sh made, and the kubeconfig it wrote (docs/kind.md):
#   e2e/kind/down.sh
# Reads the same settings as up.sh: KIND_CLUSTER_NAME (gpu-dra), GPU_DRA_KUBECONFIG
# (e2e/kind/target/kubeconfig), KIND_EXPERIMENTAL_PROVIDER. A cluster that is not there is not
# an error. Exit codes: 0 done, 1 kind failed, 2 a prerequisite is missing or an argument is wrong.
set -euo pipefail
# shellcheck source=settings.sh source-path=SCRIPTDIR
. "$(dirname "${BASH_SOURCE[0]}")/settings.sh"

for arg in "$@"; do
  case $arg in
    -h | --help) usage; exit 0 ;;
    *) echo "down.sh: unknown argument '$arg' (settings are environment variables; see down.sh --help)" >&2; exit 2 ;;
  esac
done

require "$engine" "kind runs its nodes as $engine containers" \
  kind "kind v0.33.0: https://kind.sigs.k8s.io/docs/user/quick-start/#installation" || exit 2
require_engine_running

if kind get clusters 2>/dev/null | grep -qx "$cluster"; then
  kind delete cluster --name "$cluster" --kubeconfig "$kubeconfig" >&2
else
  echo "down.sh: no kind cluster named $cluster" >&2
fi
rm -f "$kubeconfig"
