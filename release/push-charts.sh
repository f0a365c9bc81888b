#!/usr/bin/env bash
# Packages both charts and pushes them to an OCI repository; writes each pushed chart's reference
# with its digest to dist/charts.ref (what sign.sh signs), one per line.
#   release/push-charts.sh oci://REGISTRY/PATH        e.g. oci://ghcr.io/gpu-dra/charts
# IMAGE=<repository> (e.g. ghcr.io/gpu-dra/gpu-dra): the released charts' default image, so that an
# install from oci:// pulls the image of the same release with no image values.
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
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for chart in gpu-dra gpu-operator; do
  dir="$work/$chart"
  cp -r "$root/deployments/helm/$chart" "$dir"
  if [ -n "${IMAGE:-}" ]; then
    case "$chart" in
      gpu-dra) sed -i "/^image:/,/^[^ #]/ s|^  repository: .*|  repository: $IMAGE|" "$dir/values.yaml" ;;
      gpu-operator)
        sed -i -e "/^operator:/,/^[^ #]/ s|^  repository: .*|  repository: ${IMAGE%/*}|" \
          -e "/^operator:/,/^[^ #]/ s|^  image: .*|  image: ${IMAGE##*/}|" "$dir/values.yaml" ;;
    esac
  fi
  version=$(sed -n 's/^version: *//p' "$dir/Chart.yaml")
  lint=$("$helm" lint --strict "$dir" 2>&1) || { echo "push-charts: helm lint $chart: $lint" >&2; exit 1; }
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
