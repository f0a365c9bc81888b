#!/usr/bin/env bash
# Installs, as root on Debian or Ubuntu, what the real-node suites need besides Go: runc, the CNI
# plugins and a static busybox (for the images the harness makes). Does nothing when they are all
# there; says in one line why it cannot install otherwise. .ci/run calls it before the tests.
set -euo pipefail
packages=(runc containernetworking-plugins busybox-static)
have() { command -v runc >/dev/null 2>&1 && { [ -x /usr/lib/cni/bridge ] || [ -x /opt/cni/bin/bridge ]; } \
  && { [ -x /bin/busybox ] || [ -x /usr/bin/busybox ]; }; }
if have; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "real node: not installing ${packages[*]} (needs root and apt-get); the real-node suites will say what is missing" >&2
  exit 0
fi
echo "real node: installing ${packages[*]}" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
