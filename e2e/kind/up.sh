#!/usr/bin/env bash
# Starts gpu-dra on a kind cluster with simulated GPUs (docs/kind.md):
#   e2e/kind/up.sh                 progress on stderr, then one line on stdout:
#   eval "$(e2e/kind/up.sh)"       export KUBECONFIG=<the cluster's kubeconfig>
# It builds the image tar with Jib (no Docker build), creates the cluster from kind-config.yaml
# (one control plane, two workers) unless it exists, loads the image into the nodes, installs
# deployments/helm/gpu-dra with simulated GPUs, and waits for the kubelet plugin DaemonSet and for a
# gpu.nvidia.com ResourceSlice from every worker. Run it again after a code change: it rebuilds,
# reloads and restarts the plugin pods. e2e/kind/down.sh deletes the cluster.
#
# Needs docker (or KIND_EXPERIMENTAL_PROVIDER=podman|nerdctl), kind, kubectl, helm, a JDK >= 21.
# Settings, from the environment:
#   GPU_DRA_PROFILE=dgx-h100       simulated GPU profile of every worker (./gpu-dra gpus --help)
#   KIND_CLUSTER_NAME=gpu-dra      the kind cluster
#   KIND_NODE_IMAGE=               a node image instead of the one kind-config.yaml pins
#   GPU_DRA_KUBECONFIG=e2e/kind/target/kubeconfig   written here; ~/.kube/config is not touched
#   GPU_DRA_IMAGE_TAR=             load this image tar instead of building deployments/image/target/jib-image.tar
#   GPU_DRA_PLACEHOLDER_DEVICES=0  1: create /dev/nvidia* placeholder nodes (copies of /dev/null)
#                                  on the workers, so that containers given simulated GPUs start
# Exit codes: 0 ready, 1 a step failed, 2 a prerequisite is missing or an argument is wrong.
set -euo pipefail
# shellcheck source=settings.sh source-path=SCRIPTDIR
. "$(dirname "${BASH_SOURCE[0]}")/settings.sh"

profile=${GPU_DRA_PROFILE:-dgx-h100}
image_tar=${GPU_DRA_IMAGE_TAR:-}
placeholders=${GPU_DRA_PLACEHOLDER_DEVICES:-0}

for arg in "$@"; do
  case $arg in
    -h | --help) usage; exit 0 ;;
    *) echo "up.sh: unknown argument '$arg' (settings are environment variables; see up.sh --help)" >&2; exit 2 ;;
  esac
done

require "$engine" "kind runs its nodes as $engine containers: https://docs.docker.com/engine/install/" \
  kind "kind v0.33.0: https://kind.sigs.k8s.io/docs/user/quick-start/#installation" \
  kubectl "kubectl v1.34 or newer: https://kubernetes.io/docs/tasks/tools/" \
  helm "helm v3.8 or newer: https://helm.sh/docs/intro/install/" || exit 2
if [ -n "$image_tar" ] && [ ! -f "$image_tar" ]; then
  echo "up.sh: GPU_DRA_IMAGE_TAR=$image_tar is not a file" >&2
  exit 2
fi
case $placeholders in
  0 | 1) ;;
  *) echo "up.sh: GPU_DRA_PLACEHOLDER_DEVICES must be 0 or 1, not '$placeholders'" >&2; exit 2 ;;
esac
if [ -z "$image_tar" ]; then
  JAVA_HOME=$("$repo_root/bin/find-jdk") || exit 2
  export JAVA_HOME
fi
require_engine_running

step() { echo "up.sh: $*" >&2; }
kc() { kubectl --kubeconfig "$kubeconfig" "$@"; }

# The node platform is the host's: kind runs its nodes natively.
image_platform() {
  case $(uname -m) in
    x86_64 | amd64) echo linux/amd64 ;;
    aarch64 | arm64) echo linux/arm64 ;;
    *) echo "up.sh: no image platform for host architecture $(uname -m)" >&2; exit 2 ;;
  esac
}

# The base is saved from the engine as a tar: the image's AOT cache is trained with the base's own
# Java runtime (deployments/image), which the build reads from that tar.
build_image() {
  local platform base
  platform=$(image_platform)
  base=$repo_root/deployments/image/target/base-image.tar
  step "saving the base eclipse-temurin:25-jre ($platform) for the image build"
  mkdir -p "$(dirname "$base")"
  "$engine" pull --platform "$platform" eclipse-temurin:25-jre >&2
  "$engine" save -o "$base" eclipse-temurin:25-jre >&2
  step "building the image tar with Jib: ./mvnw -pl deployments/image -am package"
  (cd "$repo_root" && ./mvnw -B -q -pl deployments/image -am package -DskipTests \
    -Djib.disableUpdateChecks=true -Djib.from.image="tar://$base") >&2
  image_tar=$repo_root/deployments/image/target/jib-image.tar
}

# The image reference the tar carries (Jib writes it into manifest.json as RepoTags).
image_ref() {
  local ref
  ref=$(tar -xOf "$image_tar" manifest.json | sed -n 's/.*"RepoTags":\["\([^"]*\)".*/\1/p')
  if [ -z "$ref" ] || [ "${ref##*:}" = "$ref" ]; then
    echo "up.sh: $image_tar names no image:tag in its manifest.json" >&2
    exit 1
  fi
  echo "$ref"
}

create_cluster() {
  mkdir -p "$(dirname "$kubeconfig")"
  if kind get clusters 2>/dev/null | grep -qx "$cluster"; then
    step "kind cluster $cluster exists; reusing it"
    kind export kubeconfig --name "$cluster" --kubeconfig "$kubeconfig" >&2
    return
  fi
  # no empty array expansion: bash 3.2 (macOS) calls that unbound under set -u
  local args=(--name "$cluster" --config "$kind_dir/kind-config.yaml" --kubeconfig "$kubeconfig" --wait 3m)
  if [ -n "${KIND_NODE_IMAGE:-}" ]; then
    args+=(--image "$KIND_NODE_IMAGE")
  fi
  step "creating kind cluster $cluster (one control plane, two workers)"
  kind create cluster "${args[@]}" >&2
}

install_chart() {
  local ref=$1 upgrade=0
  helm status "$release" --namespace "$namespace" --kubeconfig "$kubeconfig" >/dev/null 2>&1 && upgrade=1
  step "installing deployments/helm/gpu-dra as release $release in namespace $namespace (image $ref, simulated GPUs $profile)"
  # The chart's affinity wants a GPU node's label (GPU Feature Discovery's, on real GPU nodes).
  kc label nodes --selector '!node-role.kubernetes.io/control-plane' nvidia.com/gpu.present=true --overwrite >&2
  helm upgrade --install "$release" "$repo_root/deployments/helm/gpu-dra" \
    --kubeconfig "$kubeconfig" --namespace "$namespace" --create-namespace \
    --set gpuResourcesEnabledOverride=true \
    --set-string simulatedGpus="$profile" \
    --set-string image.repository="${ref%:*}" \
    --set-string image.tag="${ref##*:}" \
    --set-string image.pullPolicy=Never >&2
  # The tag does not change from one build to the next, so the DaemonSet would keep its old pods.
  if [ "$upgrade" = 1 ]; then
    kc --namespace "$namespace" rollout restart "daemonset/gpu-dra-kubelet-plugin" >&2
  fi
}

wait_for_plugin() {
  step "waiting for daemonset/gpu-dra-kubelet-plugin"
  if ! kc --namespace "$namespace" rollout status "daemonset/gpu-dra-kubelet-plugin" --timeout=3m >&2; then
    kc --namespace "$namespace" get pods -o wide >&2 || true
    echo "up.sh: the kubelet plugin did not become ready; see kubectl --kubeconfig $kubeconfig -n $namespace describe pods, and logs" >&2
    exit 1
  fi
}

# Sets worker_nodes; a kubectl failure stops the script here rather than leaving nothing to check.
find_workers() {
  worker_nodes=$(kc get nodes --selector '!node-role.kubernetes.io/control-plane' \
    -o jsonpath='{range .items[*]}{.metadata.name}{"\n"}{end}')
  if [ -z "$worker_nodes" ]; then
    echo "up.sh: cluster $cluster has no worker nodes" >&2
    exit 1
  fi
}

wait_for_slices() {
  local node deadline=$((SECONDS + 120))
  for node in $worker_nodes; do
    step "waiting for gpu.nvidia.com ResourceSlices from $node"
    until [ -n "$(kc get resourceslices --field-selector "spec.nodeName=$node,spec.driver=gpu.nvidia.com" -o name)" ]; do
      if [ "$SECONDS" -ge "$deadline" ]; then
        echo "up.sh: no gpu.nvidia.com ResourceSlice from $node after 120 s; see kubectl --kubeconfig $kubeconfig -n $namespace logs -l gpu-dra-component=kubelet-plugin" >&2
        exit 1
      fi
      sleep 2
    done
  done
}

# The CDI specs name /dev/nvidia<minor> and the control nodes; a kind node has none of them, so
# the runtime refuses to create a container that gets a simulated GPU. Copies of /dev/null under
# those names let it start; nothing can drive them. Existing nodes (a host GPU) are left alone.
# They live in the node container's /dev and are gone when that container restarts.
create_placeholders() {
  local node
  for node in $worker_nodes; do
    step "creating /dev/nvidia* placeholders (copies of /dev/null) on $node"
    # shellcheck disable=SC2016 # $1 and $i belong to the node's shell
    "$engine" exec "$node" sh -ec '
      mk() { [ -e "$1" ] || mknod -m 666 "$1" c 1 3; }
      i=0
      while [ "$i" -lt 16 ]; do mk "/dev/nvidia$i"; i=$((i + 1)); done
      for n in nvidiactl nvidia-uvm nvidia-uvm-tools nvidia-modeset; do mk "/dev/$n"; done'
  done
}

if [ -z "$image_tar" ]; then
  build_image
fi
ref=$(image_ref)
create_cluster
step "loading $ref from $image_tar into the nodes"
kind load image-archive "$image_tar" --name "$cluster" >&2
install_chart "$ref"
wait_for_plugin
find_workers
wait_for_slices
if [ "$placeholders" = 1 ]; then
  create_placeholders
fi
kc get resourceslices >&2
step "ready: cluster $cluster, workers ${worker_nodes//$'\n'/ } with simulated $profile GPUs"
echo "export KUBECONFIG=$kubeconfig"
