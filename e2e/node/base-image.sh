#!/usr/bin/env bash
# Builds the base of gpu-dra's image for the e2e harness, without a registry: a Java 25 runtime
# made with jlink from the local JDK, the C libraries it links against (taken from this machine),
# and a static busybox as /bin/sh (and /bin/chroot: the plugin runs the host's modprobe with it);
# written as a docker-archive tar for Jib's tar:// base.
# Cached as e2e/node/bin/base-image-<key>.tar, the key hashing this script and the JDK's release
# file. Prints the tar's path (last line). Exits 2 with one line when it cannot build here.
#   JDK=<home of a JDK 25+> (default: bin/find-jdk's) BUSYBOX=<static busybox> (default /bin/busybox)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
jdk=${JDK:-$("$root/bin/find-jdk" 2>/dev/null || true)}
busybox=${BUSYBOX:-/bin/busybox}
# what the image's classpath needs (jdeps --print-module-deps over deployments/container/target/libs),
# plus what reflection and configuration files reach: logging, JMX, XML (logback's config)
modules=java.base,java.desktop,java.logging,java.management,java.naming,java.net.http,java.sql,java.xml,jdk.httpserver,jdk.jfr,jdk.management,jdk.unsupported

fail() { echo "gpu-dra base image: $*" >&2; exit 2; }
[ -n "$jdk" ] && [ -x "$jdk/bin/jlink" ] || fail "no JDK with jlink found (set JDK)"
major=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$jdk/release")
[ "${major:-0}" -ge 25 ] || fail "needs a JDK 25 or newer for the image's runtime, found $major at $jdk (set JDK)"
[ -x "$busybox" ] || fail "no static busybox at $busybox (apt-get install busybox-static)"
command -v ldd >/dev/null || fail "ldd missing"

key=$( (cat "${BASH_SOURCE[0]}" "$jdk/release"; echo "$modules") | sha256sum | cut -c1-16)
out="$here/bin/base-image-$key.tar"
if [ -f "$out" ]; then
  echo "$out"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fs=$work/rootfs
mkdir -p "$fs/opt/java" "$fs/bin" "$fs/lib/x86_64-linux-gnu" "$fs/lib64" "$fs/etc" "$fs/tmp" "$fs/dev" "$fs/proc" "$fs/sys"
chmod 1777 "$fs/tmp"
echo "gpu-dra base image: jlink Java $major ($modules)" >&2
"$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
  --output "$fs/opt/java/openjdk"
# the C libraries the runtime links against, as this machine has them
find "$fs/opt/java/openjdk" -type f \( -name '*.so' -o -path '*/bin/*' \) -print0 \
  | xargs -0 ldd 2>/dev/null | awk '/=> \// {print $3} /^\s*\/lib64\// {print $1}' | sort -u \
  | while read -r lib; do
      case "$lib" in
        */ld-linux*) cp -L "$lib" "$fs/lib64/" ;;
        *) cp -L "$lib" "$fs/lib/x86_64-linux-gnu/" ;;
      esac
    done
cp /lib64/ld-linux-x86-64.so.2 "$fs/lib64/" 2>/dev/null || true
cp "$busybox" "$fs/bin/busybox"
for applet in sh ls cat env echo sleep chroot; do ln -s busybox "$fs/bin/$applet"; done
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/sh\n' > "$fs/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$fs/etc/group"

tar --numeric-owner --owner=0 --group=0 -C "$fs" -cf "$work/layer.tar" .
diff=$(sha256sum "$work/layer.tar" | cut -d' ' -f1)
cat > "$work/config.json" <<JSON
{"architecture":"amd64","os":"linux","config":{"Env":["PATH=/opt/java/openjdk/bin:/bin","JAVA_HOME=/opt/java/openjdk"]},"rootfs":{"type":"layers","diff_ids":["sha256:$diff"]}}
JSON
cfg=$(sha256sum "$work/config.json" | cut -d' ' -f1)
mv "$work/config.json" "$work/$cfg.json"
echo "[{\"Config\":\"$cfg.json\",\"RepoTags\":[\"gpu-dra.local/java-base:$major\"],\"Layers\":[\"layer.tar\"]}]" > "$work/manifest.json"
mkdir -p "$here/bin"
tar -C "$work" -cf "$out.tmp" manifest.json "$cfg.json" layer.tar
mv "$out.tmp" "$out"
find "$here/bin" -maxdepth 1 -name 'base-image-*.tar' ! -name "$(basename "$out")" -delete
echo "gpu-dra base image: $(du -h "$out" | cut -f1) -> $out" >&2
echo "$out"
