#!/usr/bin/env bash
# Logs helm and cosign in to REGISTRY with GPU_DRA_REGISTRY_USERNAME and GPU_DRA_REGISTRY_PASSWORD
# (gpu-dra image push reads the same two variables itself).
#   release/login.sh ghcr.io
# HELM=<helm>, COSIGN=<cosign> (default: on PATH); INSECURE=1: a plain-HTTP registry.
set -euo pipefail
registry=${1:?"login: name the registry, e.g. ghcr.io"}
user=${GPU_DRA_REGISTRY_USERNAME:?"login: set GPU_DRA_REGISTRY_USERNAME"}
: "${GPU_DRA_REGISTRY_PASSWORD:?login: set GPU_DRA_REGISTRY_PASSWORD}"
helm_flags=()
[ "${INSECURE:-0}" = 1 ] && helm_flags+=(--plain-http)
printf '%s' "$GPU_DRA_REGISTRY_PASSWORD" \
  | "${HELM:-helm}" registry login "$registry" -u "$user" --password-stdin "${helm_flags[@]}"
printf '%s' "$GPU_DRA_REGISTRY_PASSWORD" \
  | "${COSIGN:-cosign}" login "$registry" -u "$user" --password-stdin
