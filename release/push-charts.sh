#!/usr/bin/env bash
# Packages both charts and pushes them to an OCI repository; writes each pushed chart's reference
# with its digest to dist/charts.ref (what sign.sh signs), one per line.
#   release/push-charts.sh oci://REGISTRY/PATH        e.g. oci://ghcr.io/gpu-dra/charts
# HELM=<helm> (default: helm on PATH); PLAIN_HTTP=1: a plain-HTTP registry; DIST=<dir> (default
# dist/). Log in first
# (helm registry login).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dist=${DIST:-$root/dist}
repository=${1:?"push-charts: name the OCI repository, e.g. oci://ghcr.io/gpu-dra/charts"}
case "$repository" in
  oci://*) ;;
  *) echo "push-charts: '$repository' is not an oci:// repository" >&2; exit 2 ;;
esac
helm=${HELM:-helm}
flags=()
[ "${PLAIN_HTTP:-0}" = 1 ] && flags+=(--plain-http)
mkdir -p "$dist"
: > "$dist/charts.ref"
for chart in gpu-dra gpu-operator; do
  dir="$root/deployments/helm/$chart"
  version=$(sed -n 's/^version: *//p' "$dir/Chart.yaml")
  "$helm" lint --strict "$dir" >/dev/null
  "$helm" package "$dir" -d "$dist" >/dev/null
  out=$("$helm" push "$dist/$chart-$version.tgz" "$repository" "${flags[@]}" 2>&1) || {
    echo "push-charts: helm push $chart failed: $out" >&2
    exit 1
  }
  digest=$(echo "$out" | sed -n 's/^Digest: *//p')
  [ -n "$digest" ] || { echo "push-charts: helm push $chart printed no digest: $out" >&2; exit 1; }
  echo "${repository#oci://}/$chart:$version@$digest" >> "$dist/charts.ref"
  echo "push-charts: $repository/$chart $version $digest"
done
