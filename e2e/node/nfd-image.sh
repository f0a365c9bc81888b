#!/usr/bin/env bash
# Builds node-feature-discovery's image for the e2e harness without a registry: nfd-master,
# nfd-worker and nfd-gc built from NFD's Go module (the module proxy is the only source here), laid
# out as NFD's minimal image (the one its plain version tag names: no base, the binaries in
# /usr/bin, user 65534, the host mounts under /host-*), and written as a docker-archive tar tagged
# as NFD's chart and ours name it, for `ctr images import`.
# Cached as e2e/node/bin/nfd-image-<key>.tar, the key hashing this script and the Go toolchain.
# Prints the tar's path (last line). Exits 2 with one line when it cannot build here.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# One run at a time per script: a second (./gpu-dra test's prebuild and a suite) waits for the
# first, then finds its cache.
mkdir -p "$here/bin"
exec 9>"$here/bin/.$(basename "${BASH_SOURCE[0]}").lock"
flock 9
version=v0.19.0
module=sigs.k8s.io/node-feature-discovery
ref=registry.k8s.io/nfd/node-feature-discovery:$version
binaries=(nfd-master nfd-worker nfd-gc)

fail() { echo "gpu-dra NFD image: $*" >&2; exit 2; }
command -v go >/dev/null 2>&1 \
  || fail "Go is not installed (need go >= 1.26 on PATH) to build NFD $version"
minor=$(go env GOVERSION | sed -n 's/^go1\.\([0-9]*\).*/\1/p')
[ "${minor:-0}" -ge 26 ] || fail "NFD $version needs Go >= 1.26, found $(go env GOVERSION)"

key=$( (cat "${BASH_SOURCE[0]}"; go version) | sha256sum | cut -c1-16)
out="$here/bin/nfd-image-$key.tar"
if [ -f "$out" ]; then
  echo "$out"
  exit 0
fi

start=$(date +%s)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
# NFD's go.mod replaces its API module with ./api/nfd, a module of its own that is not in the
# main module's zip, so `go install module@version` refuses it: build in a copy of the source with
# the API module of the same tag put where the replace points, against NFD's own go.sum.
dir_of() {
  local json
  json=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "$1" 2>&1) \
    || fail "cannot download $1 from the Go module proxy: $(grep -m1 '"Error"' <<<"$json" | cut -d'"' -f4)"
  sed -n 's/^\t"Dir": "\(.*\)",$/\1/p' <<<"$json"
}
echo "gpu-dra NFD image: building ${binaries[*]} $version (cold: a few minutes)" >&2
nfd_dir=$(dir_of "$module@$version") || exit 2
api_dir=$(dir_of "$module/api/nfd@$version") || exit 2
src=$work/src
cp -r "$nfd_dir" "$src"
mkdir -p "$src/api" && chmod u+w "$src/api"
cp -r "$api_dir" "$src/api/nfd"
chmod -R u+w "$src"
# NFD's image: static, version stamped, host paths read under /host-* (its HOSTMOUNT_PREFIX)
(cd "$src" && CGO_ENABLED=0 GOFLAGS=-mod=readonly GOBIN="$work/gobin" go install -trimpath \
  -ldflags "-s -w -X $module/pkg/version.version=$version -X $module/pkg/utils/hostpath.pathPrefix=/host-" \
  "${binaries[@]/#/./cmd/}") || fail "go install of NFD $version failed"

fs=$work/rootfs
mkdir -p "$fs/usr/bin" "$fs/etc/kubernetes/node-feature-discovery" "$fs/tmp" "$fs/dev" "$fs/proc" "$fs/sys"
chmod 1777 "$fs/tmp"
for bin in "${binaries[@]}"; do cp "$work/gobin/$bin" "$fs/usr/bin/"; done
# the worker's default configuration, as NFD's image carries it (the chart mounts its own over it)
cp "$src/deployment/components/worker-config/nfd-worker.conf.example" \
  "$fs/etc/kubernetes/node-feature-discovery/nfd-worker.conf"

tar --numeric-owner --owner=0 --group=0 --mtime=@0 --sort=name -C "$fs" -cf "$work/layer.tar" .
diff=$(sha256sum "$work/layer.tar" | cut -d' ' -f1)
cat > "$work/config.json" <<JSON
{"architecture":"amd64","os":"linux","config":{"User":"65534:65534","Env":["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin","GRPC_GO_LOG_SEVERITY_LEVEL=INFO"]},"rootfs":{"type":"layers","diff_ids":["sha256:$diff"]}}
JSON
cfg=$(sha256sum "$work/config.json" | cut -d' ' -f1)
mv "$work/config.json" "$work/$cfg.json"
echo "[{\"Config\":\"$cfg.json\",\"RepoTags\":[\"$ref\"],\"Layers\":[\"layer.tar\"]}]" > "$work/manifest.json"
mkdir -p "$here/bin"
tar -C "$work" -cf "$out.tmp" manifest.json "$cfg.json" layer.tar
mv "$out.tmp" "$out"
find "$here/bin" -maxdepth 1 -name 'nfd-image-*.tar' ! -name "$(basename "$out")" -delete
echo "gpu-dra NFD image: $(du -h "$out" | cut -f1) in $(( $(date +%s) - start ))s -> $out" >&2
echo "$out"
