#!/usr/bin/env bash
# Builds an arm64 image for the suites, without a registry or an arm64 machine: Debian's
# busybox-static for arm64 (bookworm, from the Debian archive, its SHA256 checked against the
# archive's index) as /bin/busybox and /bin/sh, written as a docker-archive tar whose config says
# linux/arm64. The suites push it beside our amd64 image to check multi-platform lists; nothing
# here runs it. Cached as e2e/node/bin/arm64-busybox-<debian version>.tar.
# Prints the tar's path (last line). Exits 2 with one line when the archive cannot be reached.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
index="$mirror/dists/bookworm/main/binary-arm64/Packages.xz"

fail() { echo "gpu-dra arm64 image: $*" >&2; exit 2; }
cached=$(ls "$here"/bin/arm64-busybox-*.tar 2>/dev/null | head -n1 || true)
if [ -n "$cached" ]; then
  echo "$cached"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
curl -fsSL --max-time 120 "$index" -o "$work/Packages.xz" || fail "cannot fetch $index"
xz -d "$work/Packages.xz"
read -r file sha version < <(awk '
  /^Package: / { pkg = $2 }
  pkg == "busybox-static" && /^Version: / { v = $2 }
  pkg == "busybox-static" && /^Filename: / { f = $2 }
  pkg == "busybox-static" && /^SHA256: / { s = $2 }
  /^$/ { if (pkg == "busybox-static" && f != "") { print f, s, v; exit } pkg = "" }
' "$work/Packages")
[ -n "${file:-}" ] || fail "no busybox-static in $index"
curl -fsSL --max-time 120 "$mirror/$file" -o "$work/busybox.deb" || fail "cannot fetch $mirror/$file"
echo "$sha  $work/busybox.deb" | sha256sum -c --quiet - || fail "$file: SHA256 differs from the archive's index"
dpkg-deb -x "$work/busybox.deb" "$work/deb"
fs=$work/rootfs
mkdir -p "$fs/bin" "$fs/tmp"
cp "$work/deb/bin/busybox" "$fs/bin/busybox"
ln -s busybox "$fs/bin/sh"
tar --numeric-owner --owner=0 --group=0 -C "$fs" -cf "$work/layer.tar" .
diff=$(sha256sum "$work/layer.tar" | cut -d' ' -f1)
cat > "$work/config.json" <<JSON
{"architecture":"arm64","os":"linux","config":{"Env":["PATH=/bin"],"Cmd":["/bin/sh"]},"rootfs":{"type":"layers","diff_ids":["sha256:$diff"]}}
JSON
cfg=$(sha256sum "$work/config.json" | cut -d' ' -f1)
mv "$work/config.json" "$work/$cfg.json"
echo "[{\"Config\":\"$cfg.json\",\"RepoTags\":[\"gpu-dra.local/arm64-busybox:1\"],\"Layers\":[\"layer.tar\"]}]" > "$work/manifest.json"
out="$here/bin/arm64-busybox-${version//[^A-Za-z0-9.+-]/_}.tar"
mkdir -p "$here/bin"
tar -C "$work" -cf "$out.tmp" manifest.json "$cfg.json" layer.tar
mv "$out.tmp" "$out"
echo "$out"
