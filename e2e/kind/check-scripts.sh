#!/usr/bin/env bash
# shellcheck disable=SC2016,SC2034 # the stand-ins and checks are code run later (single quotes on purpose); rc is read in eval
# Checks up.sh and down.sh without docker, kind or a cluster: bash -n, shellcheck when installed,
# then runs both against stand-in docker/kind/kubectl/helm commands that record their arguments
# (prerequisite errors and exit codes, the order of steps, the values given to helm, re-runs).
#   e2e/kind/check-scripts.sh      prints one line per case and "N passed, N failed"
# Nothing here proves that a real kind cluster comes up; see docs/kind.md for what was run where.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

check() { # check NAME CONDITION...: one line per case
  local name=$1
  shift
  if "$@"; then
    passed=$((passed + 1)) && echo "ok    $name"
  else
    failed=$((failed + 1)) && echo "FAIL  $name" && sed 's/^/      | /' "$work/out" "$work/err" "$work/log" 2>/dev/null
  fi
}

for f in up.sh down.sh settings.sh; do check "bash -n $f" bash -n "$here/$f"; done
if command -v shellcheck >/dev/null 2>&1; then
  check "shellcheck" shellcheck -x "$here/up.sh" "$here/down.sh" "$here/settings.sh"
else
  echo "skip  shellcheck (not installed)"
fi

# A PATH with the ordinary tools only, so that the stand-ins below are the only docker/kind/...
mkdir -p "$work/base" "$work/stubs" "$work/state"
for t in bash sh env sed awk grep dirname basename mkdir rm tar cat uname sleep tr wc cp mv touch ls; do
  ln -s "$(command -v "$t")" "$work/base/$t"
done
stub() { printf '#!/usr/bin/env bash\necho "%s $*" >> "$STUB_LOG"\n%s\n' "$1" "$2" > "$work/stubs/$1" && chmod +x "$work/stubs/$1"; }
stub docker '[ "$1" != info ] || [ -z "${STUB_DOCKER_DOWN:-}" ] || exit 1'
stub kind 'case "$1 $2" in
  "get clusters") cat "$STUB_STATE/clusters" 2>/dev/null || true ;;
  "create cluster") while [ $# -gt 0 ]; do [ "$1" = --name ] && echo "$2" >> "$STUB_STATE/clusters"; [ "$1" = --kubeconfig ] && echo stub > "$2"; shift; done ;;
  "export kubeconfig") while [ $# -gt 0 ]; do [ "$1" = --kubeconfig ] && echo stub > "$2"; shift; done ;;
  "delete cluster") rm -f "$STUB_STATE/clusters" ;;
esac'
stub helm 'case "$1" in status) [ -f "$STUB_STATE/release" ] ;; upgrade) touch "$STUB_STATE/release" ;; esac'
stub kubectl 'case "$*" in
  *"get nodes"*) printf "gpu-dra-worker\ngpu-dra-worker2\n" ;;
  *"get resourceslices --field-selector"*) echo resourceslice.resource.k8s.io/one ;;
esac'
# An image tar with only what up.sh reads from it
printf '[{"Config":"config.json","RepoTags":["gpu-dra:0.1.0-SNAPSHOT"],"Layers":[]}]' > "$work/manifest.json"
tar -cf "$work/image.tar" -C "$work" manifest.json

run() { # run [VAR=VALUE...] SCRIPT [ARGS]: the script with the stand-ins on PATH; sets rc
  local vars=(HOME="$work" PATH="${RUN_PATH:-$work/stubs:$work/base}" STUB_LOG="$work/log"
    STUB_STATE="$work/state" GPU_DRA_IMAGE_TAR="$work/image.tar" GPU_DRA_KUBECONFIG="$work/kubeconfig")
  while [[ $1 == *=* ]]; do vars+=("$1") && shift; done
  local script=$1
  shift
  : > "$work/log"
  rc=0
  env -i "${vars[@]}" bash "$here/$script" "$@" > "$work/out" 2> "$work/err" || rc=$?
}
lines() { [ "$(wc -l < "$work/err" | tr -d ' ')" = "$1" ]; }
err_has() { grep -q -- "$1" "$work/err"; }
log_has() { grep -q -- "$1" "$work/log"; }
log_lacks() { ! grep -q -- "$1" "$work/log"; }

rm "$work/stubs/docker"
run up.sh
check "up.sh without docker: exit 2, one line naming it" eval '[ $rc = 2 ] && lines 1 && err_has "up.sh: docker not found on PATH"'
RUN_PATH=$work/base run up.sh
check "up.sh without any tool: exit 2, one line per tool" eval '[ $rc = 2 ] && lines 4 && err_has "kind not found" && err_has "kubectl not found" && err_has "helm not found"'
RUN_PATH=$work/base run down.sh
check "down.sh without docker and kind: exit 2" eval '[ $rc = 2 ] && lines 2 && err_has "down.sh: kind not found on PATH"'
stub docker '[ "$1" != info ] || [ -z "${STUB_DOCKER_DOWN:-}" ] || exit 1'
run STUB_DOCKER_DOWN=1 up.sh
check "up.sh with docker not answering: exit 2, one line" eval '[ $rc = 2 ] && lines 1 && err_has "docker info. fails"'
run up.sh --cluster x
check "up.sh with an unknown argument: exit 2" eval '[ $rc = 2 ] && err_has "unknown argument"'
run GPU_DRA_PLACEHOLDER_DEVICES=yes up.sh
check "up.sh with GPU_DRA_PLACEHOLDER_DEVICES=yes: exit 2" eval '[ $rc = 2 ] && lines 1'
run GPU_DRA_IMAGE_TAR="$work/none.tar" up.sh
check "up.sh with a missing GPU_DRA_IMAGE_TAR: exit 2" eval '[ $rc = 2 ] && lines 1'
run up.sh --help
check "up.sh --help: usage on stdout" eval '[ $rc = 0 ] && grep -q "GPU_DRA_PROFILE" "$work/out"'

run up.sh
check "up.sh: stdout is the export line alone" eval '[ $rc = 0 ] && [ "$(cat "$work/out")" = "export KUBECONFIG=$work/kubeconfig" ] && [ -f "$work/kubeconfig" ]'
check "up.sh: creates the cluster from kind-config.yaml" log_has "kind create cluster --name gpu-dra --config $here/kind-config.yaml --kubeconfig $work/kubeconfig"
check "up.sh: loads the tar" log_has "kind load image-archive $work/image.tar --name gpu-dra"
check "up.sh: helm gets the tar's tag, pullPolicy Never, dgx-h100" eval 'log_has "image.repository=gpu-dra --set-string image.tag=0.1.0-SNAPSHOT --set-string image.pullPolicy=Never" && log_has "simulatedGpus=dgx-h100"'
check "up.sh: waits for the DaemonSet and both workers' slices" eval 'log_has "rollout status daemonset/gpu-dra-kubelet-plugin" && log_has "spec.nodeName=gpu-dra-worker,spec.driver" && log_has "spec.nodeName=gpu-dra-worker2,spec.driver"'
check "up.sh: first install restarts nothing, creates no placeholders" eval 'log_lacks "rollout restart" && log_lacks "docker exec"'
run GPU_DRA_PROFILE=dgx-a100-mig GPU_DRA_PLACEHOLDER_DEVICES=1 up.sh
check "up.sh again: reuses the cluster" eval '[ $rc = 0 ] && log_lacks "kind create" && log_has "kind export kubeconfig --name gpu-dra"'
check "up.sh again: restarts the plugin pods, new profile" eval 'log_has "rollout restart daemonset/gpu-dra-kubelet-plugin" && log_has "simulatedGpus=dgx-a100-mig"'
check "up.sh with placeholders: one docker exec per worker" eval 'log_has "docker exec gpu-dra-worker sh" && log_has "docker exec gpu-dra-worker2 sh"'
run down.sh
check "down.sh: deletes the cluster and the kubeconfig" eval '[ $rc = 0 ] && log_has "kind delete cluster --name gpu-dra" && [ ! -e "$work/kubeconfig" ]'
run down.sh
check "down.sh without a cluster: exit 0" eval '[ $rc = 0 ] && err_has "no kind cluster named gpu-dra"'

echo "check-scripts: $passed passed, $failed failed"
[ "$failed" = 0 ]
