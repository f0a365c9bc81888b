#!/usr/bin/env bash
# End-to-end smoke test of gpu-dra-testcluster: build (cached), start, then with
# kubectl and the printed kubeconfig: install NVIDIA's DeviceClasses, add a
# fake ready node with a one-GPU ResourceSlice, create a pod with a claim
# template, and check that the resource-claim controller made the claim and the
# scheduler allocated the GPU and bound the pod; that a new namespace gets SA
# "default" and pods pass the ServiceAccount admission plugin; that deleting the
# pod gets its generated claim deleted (garbage collector). Then SIGTERM and
# check cleanup, and run lifecycle.sh (parent death, stale data dirs).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
command -v kubectl >/dev/null || { echo "smoke: kubectl not on PATH" >&2; exit 2; }

bin="$("$here/build.sh")"
work="$(mktemp -d)"
out="$work/out.log"
t0=$(date +%s.%N)
"$bin" --log-file "$work/components.log" >"$out" 2>"$work/err.log" &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$work"' EXIT

for _ in $(seq 1 600); do
  grep -q '^ready:' "$out" && break
  kill -0 $pid 2>/dev/null || { cat "$work/err.log" >&2; exit 1; }
  sleep 0.1
done
grep -q '^ready:' "$out" || { echo "smoke: not ready after 60s" >&2; cat "$work/err.log" >&2; exit 1; }
t1=$(date +%s.%N)
cat "$out"
echo "smoke: start-to-ready $(echo "$t1 - $t0" | bc)s (measured from outside)"
export KUBECONFIG="$(sed -n 's/^kubeconfig: //p' "$out")"
datadir="$(dirname "$KUBECONFIG")"

kubectl apply -f "$repo/device-classes/src/test/resources/deviceclasses/all-drivers.yaml"
kubectl get deviceclasses.v1.resource.k8s.io
kubectl apply -f "$here/testdata/worker-0.yaml"
kubectl patch node worker-0 --subresource=status --type=merge -p '{"status":{"capacity":{"cpu":"100","memory":"1000Gi","pods":"110"},"allocatable":{"cpu":"100","memory":"1000Gi","pods":"110"},"conditions":[{"type":"Ready","status":"True","reason":"Fake","message":"no kubelet"}]}}'
kubectl taint node worker-0 node.kubernetes.io/not-ready:NoSchedule- || true
kubectl apply -f "$repo/demo/specs/single-gpu/single-gpu.yaml"

for _ in $(seq 1 100); do
  node="$(kubectl get pod trainer -o jsonpath='{.spec.nodeName}')"
  [[ -n "$node" ]] && break
  sleep 0.2
done
kubectl get pod trainer -o wide
kubectl get resourceclaims -o wide
claim="$(kubectl get pod trainer -o jsonpath='{.status.resourceClaimStatuses[0].resourceClaimName}')"
dev="$(kubectl get resourceclaim "$claim" -o jsonpath='{.status.allocation.devices.results[0].device}')"
[[ "$node" == worker-0 && "$dev" == gpu-0 ]] || { echo "smoke: FAILED: pod node='$node' device='$dev'" >&2; exit 1; }
echo "smoke: pod trainer bound to $node with claim $claim allocated $dev"

# ServiceAccount admission is on: it gave the pod SA default and its token volume.
sa="$(kubectl get pod trainer -o jsonpath='{.spec.serviceAccountName} {.spec.volumes[*].name}')"
[[ "$sa" == "default kube-api-access-"* ]] || { echo "smoke: FAILED: pod not admitted with SA default: '$sa'" >&2; exit 1; }
# The service-account controller creates SA default in a new namespace.
kubectl create namespace smoke-sa
for _ in $(seq 1 50); do
  kubectl -n smoke-sa get serviceaccount default >/dev/null 2>&1 && break
  sleep 0.1
done
kubectl -n smoke-sa get serviceaccount default || { echo "smoke: FAILED: no SA default in a new namespace" >&2; exit 1; }

# No kubelet: the bound pod is deleted at once only by force. The claim
# controller then releases the claim, and as the pod is gone it leaves the
# deletion to the garbage collector (the claim is owned by the pod).
kubectl delete pod trainer --grace-period=0 --force
for _ in $(seq 1 150); do
  kubectl get resourceclaim "$claim" >/dev/null 2>&1 || break
  sleep 0.1
done
if kubectl get resourceclaim "$claim" -o wide 2>/dev/null; then
  echo "smoke: FAILED: claim $claim still exists 15s after its pod was deleted" >&2; exit 1
fi
echo "smoke: generated claim $claim deleted with its pod"

kill -TERM $pid
wait $pid
trap 'rm -rf "$work"' EXIT
cat "$out" | tail -1
[[ ! -e "$datadir" ]] || { echo "smoke: FAILED: data dir $datadir still exists" >&2; exit 1; }
echo "smoke: OK (data dir removed)"
"$here/lifecycle.sh"
